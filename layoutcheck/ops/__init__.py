"""The op catalogue: an explicit registry built from the per-family tables.

Nothing registers itself on import; :func:`default_registry` assembles the families listed in
``FAMILIES``, and a caller may build its own :class:`Registry` with more ops.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

import attrs

from layoutcheck.ops import attention, collectives, elementwise, layout, linear, moe, structure
from layoutcheck.ops.base import AttrKind, AttrSpec, OpSpec

FAMILIES: tuple[tuple[OpSpec, ...], ...] = (
    collectives.OPS,
    layout.OPS,
    elementwise.OPS,
    linear.OPS,
    attention.OPS,
    moe.OPS,
    structure.OPS,
)

# Engine spellings of attrs: (op kind, attr) -> {file value: (canonical attr, canonical value)}.
# A value not listed (disable_tp: false) says nothing and is dropped.
ATTR_ALIASES: Mapping[tuple[str, str], Mapping[object, tuple[str, object]]] = {
    ("linear", "disable_tp"): {True: ("parallel", "replicated")},
}


@attrs.frozen
class Registry:
    """Op kinds (and their aliases) to catalogue entries."""

    specs: Mapping[str, OpSpec]
    aliases: Mapping[str, str]

    @classmethod
    def from_families(cls, families: Iterable[Iterable[OpSpec]]) -> Registry:
        specs: dict[str, OpSpec] = {}
        aliases: dict[str, str] = {}
        for family in families:
            for spec in family:
                if spec.kind in specs or spec.kind in aliases:
                    raise ValueError(f"op kind {spec.kind!r} defined twice")
                specs[spec.kind] = spec
                for alias in spec.aliases:
                    aliases[alias] = spec.kind
        return cls(specs=specs, aliases=aliases)

    def canonical(self, kind: str) -> str | None:
        """The catalogue name for ``kind`` (resolving aliases), or None if unknown."""
        if kind in self.specs:
            return kind
        return self.aliases.get(kind)

    def __getitem__(self, kind: str) -> OpSpec:
        return self.specs[kind]

    def __contains__(self, kind: object) -> bool:
        return kind in self.specs

    def kinds(self) -> tuple[str, ...]:
        return tuple(sorted(self.specs))


@functools.cache
def default_registry() -> Registry:
    """The catalogue of ``graph-format.md`` (built once; the Registry itself is immutable)."""
    return Registry.from_families(FAMILIES)


__all__ = ["ATTR_ALIASES", "AttrKind", "AttrSpec", "OpSpec", "Registry", "default_registry"]
