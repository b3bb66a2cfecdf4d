"""The op catalogue: an explicit registry built from the per-family tables.

Nothing registers itself on import; :func:`default_registry` assembles the families listed in
``FAMILIES``, and a caller may build its own :class:`Registry` with more ops. A registry checks
that every entry has each aspect the tools need (cost, weights) when it is built, and holds the
caches of what its rules computed, so two registries never share verdicts.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import attrs

from layoutcheck.errors import InputError
from layoutcheck.ops import (
    attention,
    collectives,
    distributed,
    elementwise,
    layout,
    linear,
    moe,
    recurrent,
    structure,
    tensor,
)
from layoutcheck.ops.base import AttrKind, AttrSpec, OpSpec
from layoutcheck.ops.traits import Trait

FAMILIES: tuple[tuple[OpSpec, ...], ...] = (
    collectives.OPS,
    layout.OPS,
    elementwise.OPS,
    linear.OPS,
    attention.OPS,
    recurrent.OPS,
    moe.OPS,
    structure.OPS,
    tensor.OPS,
    distributed.OPS,
)

# simulator kernels written beside their ops (the simulator has no built-in one for these kinds)
FAMILY_KERNELS: Mapping[str, Callable[..., object]] = {**distributed.KERNELS, **recurrent.KERNELS}
# the aspects every entry must have, and what each is for (named in the error)
REQUIRED_ASPECTS: Mapping[str, str] = {"cost": "cost rule", "weights": "weight rule"}
OUTCOME_CACHE_LIMIT = 100_000
PARSE_SCOPE_LIMIT = 256  # (symbols, groups) scopes of parsed ops kept: a search meets dozens
T = TypeVar("T")  # distinct (op signature, context) pairs kept per registry


class RegistryError(InputError):
    """A catalogue that cannot be used: a kind defined twice, or without a required aspect."""


@attrs.frozen
class Registry:
    """Op kinds (and their aliases) to catalogue entries; ``kernels`` adds simulator kernels for
    kinds the built-in simulator does not know."""

    specs: Mapping[str, OpSpec]
    aliases: Mapping[str, str]
    kernels: Mapping[str, Callable[..., object]] = attrs.field(factory=dict)
    _outcomes: dict[object, object] = attrs.field(factory=dict, eq=False, repr=False, init=False)
    _parses: dict[object, dict[Any, Any]] = attrs.field(
        factory=dict, eq=False, repr=False, init=False
    )

    @classmethod
    def from_families(
        cls,
        families: Iterable[Iterable[OpSpec]],
        kernels: Mapping[str, Callable[..., object]] | None = None,
    ) -> Registry:
        specs: dict[str, OpSpec] = {}
        aliases: dict[str, str] = {}
        for family in families:
            for spec in family:
                if spec.kind in specs or spec.kind in aliases:
                    raise RegistryError(f"op kind {spec.kind!r} defined twice")
                for aspect, what in REQUIRED_ASPECTS.items():
                    if getattr(spec, aspect) is None:
                        raise RegistryError(f"op kind {spec.kind!r} has no {what}")
                specs[spec.kind] = spec
                for alias in spec.aliases:
                    aliases[alias] = spec.kind
        # the simulator kernels a family module carries for its own kinds come with them
        carried = {kind: k for kind, k in FAMILY_KERNELS.items() if kind in specs}
        return cls(specs=specs, aliases=aliases, kernels={**carried, **(kernels or {})})

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

    def is_(self, kind: str, *traits: Trait) -> bool:
        """Does op kind ``kind`` (an alias too) have any of ``traits``? An unknown kind has
        none."""
        found = self.canonical(kind)
        if found is None:
            return False
        own = self.specs[found].traits
        return any(trait in own for trait in traits)

    def kinds_with(self, *traits: Trait) -> frozenset[str]:
        """The catalogue kinds that have any of ``traits`` (computed once per registry)."""
        key = ("kinds_with", traits)
        found = self._outcomes.get(key)
        if found is None:
            found = frozenset(
                kind for kind, spec in self.specs.items() if any(t in spec.traits for t in traits)
            )
            self._outcomes[key] = found
        return found  # type: ignore[return-value]  # stored just above with this type

    def outcome(self, key: object, make: Callable[[], T]) -> T:
        """What this registry's rules said for ``key`` (a signature and its context), computed
        once. Bounded: past the limit the cache starts over."""
        found = self._outcomes.get(key)
        if found is None:
            if len(self._outcomes) >= OUTCOME_CACHE_LIMIT:
                self._outcomes.clear()
            found = self._outcomes[key] = make()
        return found  # type: ignore[return-value]  # stored by this method with its own T

    def parses(self, scope: object) -> dict[Any, Any]:
        """The op kinds and attrs already validated and parsed against this registry in one
        scope (a graph's symbols and groups): a pass's output, and the next graph of a search,
        reuse them. Bounded: past the limit the scopes start over."""
        if scope not in self._parses and len(self._parses) >= PARSE_SCOPE_LIMIT:
            self._parses.clear()
        return self._parses.setdefault(scope, {})


@functools.cache
def default_registry() -> Registry:
    """The shipped catalogue (specs/README.md, "Op catalogue"); built once, immutable."""
    return Registry.from_families(FAMILIES)


__all__ = [
    "AttrKind",
    "AttrSpec",
    "OpSpec",
    "Registry",
    "RegistryError",
    "default_registry",
]
