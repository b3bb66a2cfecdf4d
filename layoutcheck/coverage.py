"""What a typed graph leaves unchecked: its opaque ops (an engine op no op map knows, or one its
lowering could not follow) and the ops whose values are ⊤ because of them — not the ⊤ a type
error leaves, which its own diagnostic explains."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from layoutcheck.graph import Op
from layoutcheck.interp import TypedGraph
from layoutcheck.ops.traits import Trait


@attrs.frozen
class Unchecked:
    """One opaque op and what its ⊤ reaches."""

    op: str
    target: str  # the engine op it stands for
    reason: str | None  # why its lowering could not follow it; None: no op map knows it
    downstream: frozenset[str]  # the ops whose values are ⊤ because of it, itself included

    @property
    def label(self) -> str:
        """The engine op and, for one a lowering could not follow, why."""
        return self.target if self.reason is None else f"{self.target} ({self.reason})"


@attrs.frozen
class Coverage:
    """The opaque ops of a graph, in graph order, and which of them each ⊤ op comes from."""

    sources: tuple[Unchecked, ...]
    blame: Mapping[str, tuple[str, ...]]  # a ⊤ op -> the opaque ops upstream of it
    unchecked: int  # ops of the expanded graph left unchecked (a region's body per layer)
    ops: int  # ops of the expanded graph

    def groups(self) -> dict[str, tuple[Unchecked, ...]]:
        """The opaque ops by label (one engine target and reason), in graph order."""
        found: dict[str, list[Unchecked]] = {}
        for source in self.sources:
            found.setdefault(source.label, []).append(source)
        return {label: tuple(members) for label, members in found.items()}


def _is_opaque(typed: TypedGraph, op: Op) -> bool:
    """An op left unchecked by the import; not one whose error the import reported (its ⊤
    is that error's, as a type error's is)."""
    return typed.registry.is_(op.kind, Trait.OPAQUE) and op.attr("reported") is not True


def has_opaque(typed: TypedGraph) -> bool:
    return any(_is_opaque(typed, op) for op in typed.graph.ops)


def coverage(typed: TypedGraph) -> Coverage:
    """Walk the graph once in order: an opaque op is its own source; an op with a ⊤ result
    takes the sources of its ⊤ inputs (none: the ⊤ of a type error, not counted here)."""
    graph = typed.graph
    marker = typed.registry.kinds_with(Trait.REGION_MARKER)
    sources_of: dict[str, frozenset[str]] = {}
    opaque: list[Op] = []
    total = 0
    for op in graph.topological_order():
        if op.kind in marker:
            continue
        total += graph.multiplicity(op)
        if _is_opaque(typed, op):
            opaque.append(op)
            sources_of[op.name] = frozenset({op.name})
            continue
        if not any(value.is_top for value in typed.outputs_of(op)):
            continue
        upstream = frozenset().union(
            *(sources_of.get(ref.op, frozenset()) for ref in op.inputs if typed.value(ref).is_top)
        )
        if upstream:
            sources_of[op.name] = upstream
    reached: dict[str, set[str]] = {op.name: set() for op in opaque}
    for name, upstream in sources_of.items():
        for source in upstream:
            reached[source].add(name)
    sources = tuple(
        Unchecked(
            op.name,
            str(op.attr("target")),
            None if op.attr("reason") is None else str(op.attr("reason")),
            frozenset(reached[op.name]),
        )
        for op in opaque
    )
    order = {op.name: index for index, op in enumerate(opaque)}
    blame = {
        name: tuple(sorted(upstream, key=order.__getitem__))
        for name, upstream in sources_of.items()
    }
    unchecked = sum(graph.multiplicity(graph.op(name)) for name in sources_of)
    return Coverage(sources, blame, unchecked, total)


def downstream_count(typed: TypedGraph, members: tuple[Unchecked, ...]) -> int:
    """The ops of the expanded graph the ⊤ of ``members`` reaches."""
    graph = typed.graph
    names = frozenset().union(*(m.downstream for m in members))
    return sum(graph.multiplicity(graph.op(name)) for name in names)
