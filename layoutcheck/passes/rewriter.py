"""The rewrite engine: a pass is a table of patterns applied in one typed sweep over the graph.

The sweep visits the old graph in topological order and emits a new graph. Every emitted op is
typed at once, so a handler sees the *new* types of its inputs (is this all-reduce's input still
FULL·PARTIAL after the rewrites upstream?) and the old graph's structure (who reads this value?).
A handler returns True when it emitted the replacement and bound the old op's outputs; otherwise
the next pattern is tried, and finally the op is kept with its inputs remapped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import attrs

from layoutcheck.diagnostics import Diagnostic
from layoutcheck.graph import AttrValue, Graph, Op, ValueRef, freeze_attrs
from layoutcheck.interp import Typer
from layoutcheck.lattice import AbstractValue
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import Role, local_from_hf_name
from layoutcheck.symbols import as_expr

Handler = Callable[["Rewriter", Op], bool]


@attrs.frozen
class Pattern:
    """``name`` counts matches. It anchors at the ops whose kind has every trait of ``traits``
    and none of ``lacks`` (asked of the sweep's registry, so a new op that declares the traits
    is matched too) and, when ``kinds`` is given, is one of them (a user's own pass may name
    its kinds). Nothing given: any op."""

    name: str
    kinds: frozenset[str]
    handler: Handler
    traits: frozenset[Trait] = frozenset()
    lacks: frozenset[Trait] = frozenset()

    @classmethod
    def on(cls, name: str, kinds: Iterable[str], handler: Handler) -> Pattern:
        return cls(name, frozenset(kinds), handler)

    @classmethod
    def at(
        cls,
        name: str,
        traits: Trait | Iterable[Trait],
        handler: Handler,
        *,
        lacks: Trait | Iterable[Trait] = (),
    ) -> Pattern:
        """A pattern anchored at the kinds with all of ``traits`` and none of ``lacks``."""
        return cls(name, frozenset(), handler, _traits(traits), _traits(lacks))

    def anchors(self, registry: Registry, kind: str) -> bool:
        if self.kinds and kind not in self.kinds:
            return False
        if not self.traits and not self.lacks:
            return True
        found = registry.canonical(kind)
        own = registry[found].traits if found is not None else frozenset()
        return self.traits <= own and not self.lacks & own


def _traits(traits: Trait | Iterable[Trait]) -> frozenset[Trait]:
    return frozenset((traits,)) if isinstance(traits, Trait) else frozenset(traits)


class Rewriter:
    """Emits the new graph while walking the old one; types every emitted value immediately,
    with the interpreter's own :class:`~layoutcheck.interp.Typer`."""

    def __init__(self, graph: Graph, registry: Registry | None = None) -> None:
        self.old = graph
        self.registry = registry or default_registry()
        self.typer = Typer(graph, self.registry)
        self.context = self.typer.context
        self.ops: list[Op] = []
        self.names: set[str] = {spec.name for spec in graph.inputs}
        self.remap: dict[ValueRef, ValueRef] = {}
        self.matches: Counter[str] = Counter()
        self.current: Op | None = None  # the old op being rewritten: emitted ops join its layer
        self._memo: dict[tuple[str, ValueRef], ValueRef] = {}
        self._by_name: dict[str, Op] = {}
        for spec in graph.inputs:
            ref = ValueRef(spec.name)
            self.remap[ref] = ref
            self.typer.add_input(spec)

    # -- reading ------------------------------------------------------------------------------
    def read(self, old: ValueRef) -> ValueRef:
        """The new value standing for an old one."""
        return self.remap[old]

    def type(self, new: ValueRef) -> AbstractValue:
        return self.typer.value(new)

    def old_type_of_input(self, op: Op, slot: int) -> AbstractValue:
        """The new type of an old op's input (after the rewrites upstream)."""
        return self.type(self.read(op.inputs[slot]))

    def readers(self, old: ValueRef, look_through: Trait | None = None) -> list[tuple[Op, int]]:
        """Old ops reading an old value, looking through the kinds with trait
        ``look_through`` (region markers)."""
        found: list[tuple[Op, int]] = []
        stack = [old]
        while stack:
            ref = stack.pop()
            for reader, slot in self.old.consumers(ref):
                if look_through is not None and self.registry.is_(reader.kind, look_through):
                    stack.append(ValueRef(reader.name, slot if len(reader.inputs) > 1 else 0))
                else:
                    found.append((reader, slot))
        return found

    def producer(self, new: ValueRef) -> Op | None:
        """The emitted op that made a new value (None for a graph input)."""
        return self._by_name.get(new.op)

    # -- writing ------------------------------------------------------------------------------
    def emit(
        self,
        name: str,
        kind: str,
        inputs: Sequence[ValueRef],
        *,
        role: Role | None = None,
        **attrs: object,
    ) -> ValueRef:
        """Append a new op (its name made unique, its layer that of the op being rewritten)
        and type it; returns output 0."""
        unique = self._unique(name)
        values = {key: _attr(value) for key, value in attrs.items() if value is not None}
        layer = self.current.layer if self.current is not None else None
        # passes name new ops as the builder does (in the HF module path of the op rewritten)
        local = None if layer is None else local_from_hf_name(unique, layer)
        op = Op(
            unique, kind, tuple(inputs), freeze_attrs(values), role=role, layer=layer, local=local
        )
        self._append(op)
        return ValueRef(unique)

    def keep(self, op: Op, inputs: Sequence[ValueRef] | None = None, **changes: object) -> Op:
        """Emit an old op unchanged (or with new inputs / attrs) and bind its outputs."""
        new_inputs = tuple(self.read(ref) for ref in op.inputs) if inputs is None else tuple(inputs)
        values = dict(op.attrs)
        for key, value in changes.items():
            if value is None:
                values.pop(key, None)
            else:
                values[key] = _attr(value)
        new = op.evolve(name=self._unique(op.name), inputs=new_inputs, attrs=freeze_attrs(values))
        self._append(new)
        for port in range(self.registry[op.kind].output_count(op)):
            self.remap[ValueRef(op.name, port)] = ValueRef(new.name, port)
        return new

    def bind(self, old: ValueRef, new: ValueRef) -> None:
        """The old value is now ``new`` (for a dropped or replaced op)."""
        self.remap[old] = new

    def memo(self, key: str, value: ValueRef, make: Callable[[], ValueRef]) -> ValueRef:
        """One derived value per (purpose, value): a gather shared by all readers."""
        slot = (key, value)
        if slot not in self._memo:
            self._memo[slot] = make()
        return self._memo[slot]

    def _unique(self, name: str) -> str:
        candidate, n = name, 1
        while candidate in self.names:
            n += 1
            candidate = f"{name}#{n}"
        self.names.add(candidate)
        return candidate

    def _append(self, op: Op) -> None:
        self.ops.append(op)
        self._by_name[op.name] = op
        self.typer.add_op(op)

    def result(self) -> Graph:
        outputs = tuple(self.read(ref) for ref in self.old.outputs)
        return self.old.with_ops(self.ops, outputs)


def _attr(value: object) -> AttrValue:
    if isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return as_expr(value)
    if isinstance(value, tuple | list):
        return tuple(as_expr(v) if isinstance(v, int) else v for v in value)
    return value


def rewrite(
    graph: Graph,
    patterns: Sequence[Pattern],
    registry: Registry | None = None,
    adapt: Callable[[Rewriter, Op], None] | None = None,
) -> tuple[Graph, Counter[str]]:
    """Apply a pattern table in one typed sweep; returns the new graph and match counts.

    ``adapt`` runs before an op is kept unchanged (a pass may, e.g., gather its inputs).
    """
    rewritten = sweep(graph, patterns, registry, adapt)
    return rewritten.graph, rewritten.matches


@attrs.frozen
class Rewritten:
    """A sweep's new graph, its match counts, and the type errors of the new graph (the
    rewriter typed every op it emitted: the pass manager need not type the graph again)."""

    graph: Graph
    matches: Counter[str]
    errors: tuple[Diagnostic, ...]


def sweep(
    graph: Graph,
    patterns: Sequence[Pattern],
    registry: Registry | None = None,
    adapt: Callable[[Rewriter, Op], None] | None = None,
) -> Rewritten:
    """:func:`rewrite`, keeping the new graph's type errors."""
    rw = Rewriter(graph, registry)
    for op in graph.topological_order():
        rw.current = op
        for pattern in patterns:
            if not pattern.anchors(rw.registry, op.kind):
                continue
            if pattern.handler(rw, op):
                rw.matches[pattern.name] += 1
                break
        else:
            if adapt is not None:
                adapt(rw, op)
            else:
                rw.keep(op)
    errors = tuple(d for d in rw.typer.diagnostics if d.is_error)
    return Rewritten(rw.result(), rw.matches, errors)
