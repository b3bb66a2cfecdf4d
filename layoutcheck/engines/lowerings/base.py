"""What a lowering is, as data: its name (the ``lower:`` of op map entries), the function that
emits its layoutcheck ops, and the facts the importer asks about it (the catalogue's traits, the
role its engine op has in a decoder layer, whether it runs without activations).

A :class:`LoweringRegistry` is built explicitly from the family tables
(:mod:`layoutcheck.engines.lowerings`), refusing a name defined twice; code asks it
``lowerings.is_(name, Trait.NORM)`` rather than naming lowerings.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

import attrs

from layoutcheck.engines.opmap import OpMapEntry, OpMapError
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import Role

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering


class Mark(enum.Enum):
    """A repetition marker's place in its region."""

    BEGIN = "begin"
    END = "end"
    COPY = "copy"


LowerFn = Callable[["Lowering"], None]


@attrs.frozen
class LoweringSpec:
    """One lowering. ``traits`` say what the engine op is (a norm, a reduction, a view…), in
    the catalogue's vocabulary; ``role`` where the op sits in its layer when that is fixed
    (an attention op is ``attention.attn`` wherever it is); ``source`` lowerings run without
    an activation among their inputs; ``mark`` is a repetition marker's place."""

    name: str
    lower: LowerFn
    traits: frozenset[Trait] = frozenset()
    role: Role | None = None
    source: bool = False
    mark: Mark | None = None


def spec(
    name: str,
    lower: LowerFn,
    *traits: Trait,
    role: Role | None = None,
    source: bool = False,
    mark: Mark | None = None,
) -> tuple[str, LoweringSpec]:
    """A family table's entry: ``spec("rms_norm", _rms_norm, Trait.NORM)``."""
    return name, LoweringSpec(name, lower, frozenset(traits), role, source, mark)


class LoweringRegistryError(ValueError):
    """A lowering defined twice (a programming error in the family tables)."""


@attrs.frozen
class LoweringRegistry:
    specs: Mapping[str, LoweringSpec]

    @classmethod
    def from_families(cls, families: Iterable[Mapping[str, LoweringSpec]]) -> LoweringRegistry:
        specs: dict[str, LoweringSpec] = {}
        for family in families:
            for name, entry in family.items():
                if name in specs:
                    raise LoweringRegistryError(f"lowering {name!r} defined twice")
                if entry.name != name:
                    raise LoweringRegistryError(f"lowering {name!r} is listed as {entry.name!r}")
                specs[name] = entry
        return cls(specs)

    def __contains__(self, name: object) -> bool:
        return name in self.specs

    def __getitem__(self, name: str) -> LoweringSpec:
        return self.specs[name]

    def get(self, name: str | None) -> LoweringSpec | None:
        return None if name is None else self.specs.get(name)

    def is_(self, name: str | None, *traits: Trait) -> bool:
        """Has lowering ``name`` any of ``traits``? None (an unmapped op) has none."""
        found = self.get(name)
        return found is not None and any(trait in found.traits for trait in traits)

    def role_of(self, name: str | None) -> Role | None:
        found = self.get(name)
        return None if found is None else found.role

    def mark_of(self, name: str | None) -> Mark | None:
        found = self.get(name)
        return None if found is None else found.mark

    def check(self, opmaps: Mapping[str, OpMapEntry]) -> None:
        """Every op map entry names a lowering this registry has (else one line, exit 2)."""
        for target, entry in opmaps.items():
            if entry.lower not in self.specs:
                raise OpMapError(
                    f"{target}: lower: {entry.lower!r} is no lowering (the {entry.engine} op "
                    f"map; known: {', '.join(sorted(self.specs))})",
                    source=entry.source,
                )
