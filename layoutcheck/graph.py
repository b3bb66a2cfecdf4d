"""The graph IR: ops as networkx nodes, port-labelled edges, and a builder for graphs made in code.

A ``Graph`` is an immutable value; passes return new graphs. The networkx view is derived on
first use and never part of equality.

Repetition is data: ``Graph.regions`` lists each repetition region as a :class:`Region` (its
first decoder layer and how many layers it stands for); its members are the ops whose ``layer``
is that first layer, and the region's marker ops (``region_begin``/``region_end``/
``copy_region``) only wire the values a copy hands the next. Every "how many ops does this op
stand for" and "which layers" is :meth:`Graph.multiplicity` / :meth:`Graph.layer_copies`; an
expanded copy's name is :func:`copy_name`, made from the op's ``local`` field (its name within
its layer), never read back from a name.
"""

from __future__ import annotations

import contextlib
import heapq
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NamedTuple, TypeAlias

import attrs
import sympy
from attrs import field

from layoutcheck.errors import InputError
from layoutcheck.lattice import Dtype, FeatureState, TokenLayout
from layoutcheck.roles import (
    Block,
    Role,
    hf_layer_name,
    layer_from_hf_name,
    local_from_hf_name,
    role_from_hf_name,
)
from layoutcheck.symbols import Expr, as_expr, integer_value, parse_expr

AttrValue: TypeAlias = "Expr | str | bool | tuple[Expr, ...]"


class GraphError(InputError):
    """A structural problem with a graph (rule ``bad-spec``): names the op and, if known, line."""


class ValueRef(NamedTuple):
    """A value: output ``port`` of op ``op`` (or a graph input, port 0).

    A named tuple, not an attrs class: it is the key of every value table, and tuple hashing
    and equality run in C (the interpreter looks values up several times per op).
    """

    op: str
    port: int = 0

    @classmethod
    def parse(cls, text: str) -> ValueRef:
        name, sep, port = text.rpartition(":")
        # ASCII digits only: "a:²" is a name ('²'.isdigit() is true, int('²') fails)
        if sep and port.isascii() and port.isdigit() and len(port) <= 9:
            return cls(name, int(port))
        return cls(text, 0)

    def __str__(self) -> str:
        return self.op if self.port == 0 else f"{self.op}:{self.port}"


@attrs.frozen
class InputSpec:
    """A graph input: its per-rank shape and layout as the file declares them."""

    name: str
    shape: tuple[Expr, ...]
    tokens: TokenLayout = TokenLayout.FULL
    features: FeatureState = FeatureState.WHOLE
    dtype: Dtype = Dtype.BF16
    group: str = "tp"
    line: int | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Op:
    """One op: a kind from the catalogue, the values it reads, its attrs (sorted pairs), and the
    facts passes and accountings read: its role and decoder layer (see :mod:`layoutcheck.roles`),
    and ``local``, its name within its layer (``self_attn.o_proj``), which its copies in the
    other layers of a repetition region share and are named by (:func:`copy_name`).
    """

    name: str
    kind: str
    inputs: tuple[ValueRef, ...]
    attrs: tuple[tuple[str, AttrValue], ...] = ()
    line: int | None = field(default=None, eq=False)
    role: Role | None = None
    layer: int | None = None
    source: str | None = field(default=None, eq=False)  # an engine's file:line, when imported
    local: str | None = None

    def attr(self, key: str, default: AttrValue | None = None) -> AttrValue | None:
        for name, value in self.attrs:
            if name == key:
                return value
        return default

    @property
    def attr_dict(self) -> dict[str, AttrValue]:
        return dict(self.attrs)

    def has_role(self, role: Role) -> bool:
        """Is this op ``role``, or within it (``attention.o_proj`` has the role ``attention``)?"""
        return self.role is not None and self.role.within(role)

    @property
    def block(self) -> Block | None:
        return None if self.role is None else self.role.block

    def evolve(self, **changes: object) -> Op:
        # the fields by hand: attrs.evolve introspects the class on every call, and passes
        # copy ops by the tens of thousands (tests/test_graph_io.py keeps the list whole)
        if not _OP_FIELDS.issuperset(changes):
            unknown = ", ".join(sorted(set(changes) - _OP_FIELDS))
            raise TypeError(f"Op has no field {unknown}")
        get = changes.get
        return Op(
            get("name", self.name),  # type: ignore[arg-type]
            get("kind", self.kind),  # type: ignore[arg-type]
            get("inputs", self.inputs),  # type: ignore[arg-type]
            get("attrs", self.attrs),  # type: ignore[arg-type]
            get("line", self.line),  # type: ignore[arg-type]
            get("role", self.role),  # type: ignore[arg-type]
            get("layer", self.layer),  # type: ignore[arg-type]
            get("source", self.source),  # type: ignore[arg-type]
            get("local", self.local),  # type: ignore[arg-type]
        )


_OP_FIELDS = frozenset(field.name for field in attrs.fields(Op))


def copy_name(op: Op, layer: int) -> str:
    """The name of ``op``'s copy in decoder layer ``layer`` of its region: the op's own name in
    its own layer; else the HF module path of its ``local`` name in that layer; else (an op
    with no local name) its name with the layer appended, so copies never collide."""
    if layer == op.layer:
        return op.name
    if op.local is not None:
        return hf_layer_name(layer, op.local)
    return f"{op.name}@{layer}"


@attrs.frozen
class Region:
    """A repetition region: the ops of decoder layer ``first`` stand for ``repeat`` identical
    layers, ``first`` … ``first + repeat - 1``."""

    first: int
    repeat: int

    @property
    def layers(self) -> range:
        return range(self.first, self.first + self.repeat)


# The per-request arrays of ``Requests``: a list of sizes (one per slot, or per offset), or one
# expression in the slot index ``i``.
RequestArray: TypeAlias = "tuple[Expr, ...] | Expr"


@attrs.frozen
class Requests:
    """The per-request metadata a graph's attention runs with (``requests:`` in a file): the
    request slots, their query start offsets and sequence lengths (0: a padded slot), and the
    engine's formula for a slot's key length on one rank (``layoutcheck.requests`` checks them
    on every rank's LOCAL slice)."""

    slots: Expr
    query_start_loc: RequestArray  # slots + 1 offsets
    seq_lens: RequestArray  # slots lengths
    local_seq_lens: Expr | None = None  # over the per-slot names of layoutcheck.requests
    line: int | None = attrs.field(default=None, eq=False)
    formula_text: str | None = attrs.field(default=None, eq=False)  # as the file wrote it


def freeze_attrs(values: Mapping[str, AttrValue]) -> tuple[tuple[str, AttrValue], ...]:
    return tuple(sorted(values.items()))


def _regions_key(regions: tuple[Region, ...] | None) -> tuple[Region, ...]:
    return regions or ()  # stating no regions and stating none of them are one graph


@attrs.frozen
class Graph:
    """A decoder graph. ``ops`` keep file order; :meth:`topological_order` gives run order."""

    name: str
    symbols: tuple[tuple[str, int | None], ...]
    token_count: Expr
    groups: tuple[tuple[str, Expr], ...]
    inputs: tuple[InputSpec, ...]
    ops: tuple[Op, ...]
    outputs: tuple[ValueRef, ...]
    contract: str | None = None
    source: str | None = attrs.field(default=None, eq=False)
    # None: the graph states none, and its region_begin markers' ``repeat`` attrs say (the
    # engine importer, a graph made in code with such markers); see :meth:`repetition`
    regions: tuple[Region, ...] | None = attrs.field(default=None, eq=_regions_key)
    requests: Requests | None = None  # the per-request metadata, where the graph states it
    _index: dict[str, object] = attrs.field(factory=dict, eq=False, repr=False, init=False)

    # -- lookups -------------------------------------------------------------------------
    @property
    def symbol_names(self) -> frozenset[str]:
        cached = self._index.get("symbol_names")
        if cached is None:
            cached = frozenset(name for name, _ in self.symbols)
            self._index["symbol_names"] = cached
        return cached  # type: ignore[return-value]

    def group_size(self, name: str) -> Expr:
        for group, size in self.groups:
            if group == name:
                return size
        raise GraphError(f"unknown group {name!r} (declared: {', '.join(self.group_names)})")

    @property
    def group_names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.groups)

    def op(self, name: str) -> Op:
        return self._ops_by_name()[name]

    def ops_by_kind(self) -> dict[str, list[Op]]:
        cached = self._index.get("by_kind")
        if cached is None:
            built: dict[str, list[Op]] = {}
            for op in self.ops:
                built.setdefault(op.kind, []).append(op)
            cached = built
            self._index["by_kind"] = cached
        return cached  # type: ignore[return-value]

    def positions(self) -> dict[str, int]:
        cached = self._index.get("positions")
        if cached is None:
            cached = {op.name: index for index, op in enumerate(self.ops)}
            self._index["positions"] = cached
        return cached  # type: ignore[return-value]

    def has_op(self, name: str) -> bool:
        return name in self._ops_by_name()

    def input(self, name: str) -> InputSpec:
        for spec in self.inputs:
            if spec.name == name:
                return spec
        raise KeyError(name)

    def _ops_by_name(self) -> dict[str, Op]:
        cached = self._index.get("ops")
        if cached is None:
            cached = {op.name: op for op in self.ops}
            self._index["ops"] = cached
        return cached  # type: ignore[return-value]

    # -- structure -----------------------------------------------------------------------
    @property
    def nx(self) -> Any:
        """Nodes are op and input names; an edge per read, keyed by the reading slot."""
        cached = self._index.get("nx")
        if cached is None:
            cached = self._build_nx()
            self._index["nx"] = cached
        return cached

    def _build_nx(self) -> Any:
        # networkx only where the view is asked for (a quarter of the CLI's start otherwise)
        import networkx as nx

        graph = nx.MultiDiGraph()
        for spec in self.inputs:
            graph.add_node(spec.name, kind="input")
        for op in self.ops:
            graph.add_node(op.name, kind=op.kind)
        for op in self.ops:
            for slot, ref in enumerate(op.inputs):
                graph.add_edge(ref.op, op.name, key=slot, port=ref.port, slot=slot)
        return graph

    def topological_order(self) -> tuple[Op, ...]:
        """Ops in an order where every producer precedes its consumers; cycles are input errors."""
        cached = self._index.get("order")
        if cached is None:
            cached = self._topological_order()
            self._index["order"] = cached
        return cached  # type: ignore[return-value]

    def _topological_order(self) -> tuple[Op, ...]:
        # Kahn's algorithm; among ready ops, file order first, so printed op numbers follow the
        # file. (networkx's lexicographical sort is 10x slower on 40,000 ops.)
        position = {op.name: index for index, op in enumerate(self.ops)}
        waiting = [0] * len(self.ops)
        readers: dict[str, list[int]] = {}
        for index, op in enumerate(self.ops):
            sources = {ref.op for ref in op.inputs if ref.op in position}
            waiting[index] = len(sources)
            for source in sources:
                readers.setdefault(source, []).append(index)
        ready = [index for index, count in enumerate(waiting) if count == 0]
        heapq.heapify(ready)
        order: list[Op] = []
        while ready:
            index = heapq.heappop(ready)
            op = self.ops[index]
            order.append(op)
            for reader in readers.get(op.name, ()):
                waiting[reader] -= 1
                if waiting[reader] == 0:
                    heapq.heappush(ready, reader)
        if len(order) < len(self.ops):
            import networkx as nx

            cycle = [edge[0] for edge in nx.find_cycle(self.nx)]
            first = self.op(cycle[0])
            raise GraphError(
                "cycle: " + " -> ".join([*cycle, cycle[0]]), op=first.name, line=first.line
            )
        return tuple(order)

    def consumers(self, ref: ValueRef) -> tuple[tuple[Op, int], ...]:
        """The ops that read ``ref``, with the slot they read it in (file order)."""
        table = self._index.get("consumers")
        if table is None:
            built: dict[ValueRef, list[tuple[Op, int]]] = {}
            for op in self.ops:
                for slot, read in enumerate(op.inputs):
                    built.setdefault(read, []).append((op, slot))
            table = {key: tuple(value) for key, value in built.items()}
            self._index["consumers"] = table
        return table.get(ref, ())  # type: ignore[attr-defined, no-any-return]

    def read_ports(self, name: str) -> tuple[int, ...]:
        """The output ports of op ``name`` that some op reads."""
        ports = self._index.get("read_ports")
        if ports is None:
            built: dict[str, set[int]] = {}
            for op in self.ops:
                for ref in op.inputs:
                    built.setdefault(ref.op, set()).add(ref.port)
            ports = {key: tuple(sorted(value)) for key, value in built.items()}
            self._index["read_ports"] = ports
        return ports.get(name, ())  # type: ignore[attr-defined, no-any-return]

    def producer(self, ref: ValueRef) -> Op | None:
        """The op that makes ``ref``; None for a graph input."""
        return self._ops_by_name().get(ref.op)

    def source_through(self, ref: ValueRef, through: frozenset[str]) -> tuple[Op | None, ValueRef]:
        """The op that really makes ``ref``, looking through ``through`` kinds (identities such
        as region markers and reshapes pass input k to output k)."""
        while True:
            op = self.producer(ref)
            if op is None or op.kind not in through:
                return op, ref
            ref = op.inputs[min(ref.port, len(op.inputs) - 1)]

    def readers_through(
        self, op: Op, through: frozenset[str], port: int | None = None
    ) -> list[tuple[Op, int]]:
        """Ops reading ``op``'s outputs (or one port), looking through ``through`` kinds."""
        found: list[tuple[Op, int]] = []
        ports = self.read_ports(op.name) if port is None else (port,)
        stack = [ValueRef(op.name, p) for p in ports]
        seen: set[ValueRef] = set()
        while stack:
            ref = stack.pop()
            if ref in seen:
                continue
            seen.add(ref)
            for reader, slot in self.consumers(ref):
                if reader.kind in through:
                    stack.append(ValueRef(reader.name, slot if len(reader.inputs) > 1 else 0))
                else:
                    found.append((reader, slot))
        return found

    def layers(self) -> tuple[int, ...]:
        cached = self._index.get("layers")
        if cached is None:
            cached = tuple(sorted({layer for op in self.ops if (layer := op.layer) is not None}))
            self._index["layers"] = cached
        return cached  # type: ignore[return-value]

    # -- repetition -----------------------------------------------------------------------
    def repetition(self) -> tuple[Region, ...]:
        """The graph's repetition regions, by first layer."""
        cached = self._index.get("repetition")
        if cached is None:
            stated = self.regions if self.regions is not None else _marked_regions(self.ops)
            cached = tuple(sorted(stated, key=lambda region: region.first))
            self._index["repetition"] = cached
        return cached  # type: ignore[return-value]

    def repeat(self, layer: int | None) -> int:
        """How many decoder layers ``layer`` stands for: its region's ``repeat``, else 1."""
        table = self._index.get("repeats")
        if table is None:
            table = {region.first: region.repeat for region in self.repetition()}
            self._index["repeats"] = table
        return 1 if layer is None else table.get(layer, 1)  # type: ignore[attr-defined]

    def multiplicity(self, op: Op) -> int:
        """How many ops of the expanded graph ``op`` stands for (its layer's repeat)."""
        return self.repeat(op.layer)

    def layer_copies(self, op: Op) -> tuple[int | None, ...]:
        """The decoder layers ``op`` stands for (``(None,)`` for an op outside the layers)."""
        layer = op.layer
        return (None,) if layer is None else tuple(range(layer, layer + self.repeat(layer)))

    def expanded_layer_count(self) -> int:
        """The decoder layers the graph stands for, each region counted ``repeat`` times."""
        return sum(self.repeat(layer) for layer in self.layers())

    def evolve(self, **changes: object) -> Graph:
        return attrs.evolve(self, **changes)  # type: ignore[arg-type]

    def with_ops(self, ops: Iterable[Op], outputs: Iterable[ValueRef] | None = None) -> Graph:
        return self.evolve(
            ops=tuple(ops), outputs=self.outputs if outputs is None else tuple(outputs)
        )


def _marked_regions(ops: Iterable[Op]) -> tuple[Region, ...]:
    """The regions of a graph that states none: one per ``region_begin`` with a ``repeat``
    attr (a marker the catalogue says opens a region)."""
    from layoutcheck.ops import default_registry  # graph sits below the catalogue
    from layoutcheck.ops.traits import Trait

    registry = default_registry()
    found = []
    for op in ops:
        if registry.is_(op.kind, Trait.REGION_BEGIN) and op.layer is not None:
            value = op.attr("repeat")
            count = integer_value(value) if isinstance(value, sympy.Expr) else None
            if count is not None and count >= 1:
                found.append(Region(op.layer, count))
    return tuple(found)


class GraphBuilder:
    """Builds a :class:`Graph` in code (model builders, passes, tests).

    Attr values are Python ints, sympy expressions, strings or bools; they are checked against
    the op catalogue when the graph is validated, exactly as a loaded file is. An op's role and
    layer come from the arguments, else from the innermost :meth:`scope`, else (with
    ``infer_roles``, as for graph files) from its name read as a Hugging Face module path.
    """

    def __init__(
        self,
        name: str,
        *,
        symbols: Mapping[str, int | None],
        token_count: Expr | str = "T",
        groups: Mapping[str, Expr | int | str] | None = None,
        contract: str | None = None,
        infer_roles: bool = True,
    ) -> None:
        self.name = name
        self.symbols = dict(symbols)
        self.token_count = _size(token_count, self.symbols)
        group_map = {"tp": "tp"} if groups is None else groups
        self.groups = {key: _size(value, self.symbols) for key, value in group_map.items()}
        self.contract = contract
        self.infer_roles = infer_roles
        self._inputs: list[InputSpec] = []
        self._ops: list[Op] = []
        self._names: set[str] = set()
        self._scopes: list[tuple[Role | None, int | None]] = []
        self.outputs: list[ValueRef] = []

    def input(
        self,
        name: str,
        shape: Iterable[Expr | int | str],
        tokens: TokenLayout = TokenLayout.FULL,
        features: FeatureState = FeatureState.WHOLE,
        dtype: Dtype = Dtype.BF16,
        group: str = "tp",
    ) -> ValueRef:
        self._claim(name)
        dims = tuple(_size(dim, self.symbols) for dim in shape)
        self._inputs.append(InputSpec(name, dims, tokens, features, dtype, group))
        return ValueRef(name)

    @contextlib.contextmanager
    def scope(self, *, role: Role | str | None = None, layer: int | None = None) -> Iterator[None]:
        """Ops made inside take this role and layer unless they name their own."""
        outer_role, outer_layer = self._scopes[-1] if self._scopes else (None, None)
        chosen = Role.parse(role) if isinstance(role, str) else role
        self._scopes.append((chosen or outer_role, outer_layer if layer is None else layer))
        try:
            yield
        finally:
            self._scopes.pop()

    def op(
        self,
        name: str,
        kind: str,
        inputs: Iterable[ValueRef],
        *,
        role: Role | str | None = None,
        **attr_values: AttrValue | int,
    ) -> ValueRef:
        """Add an op; returns its output 0 (use :meth:`out` for others)."""
        self._claim(name)
        values = {key: _attr(value) for key, value in attr_values.items() if value is not None}
        chosen, layer = self._facts(name, kind, Role.parse(role) if isinstance(role, str) else role)
        # a builder names a layer's ops by their HF module path in it: the rest is the name
        # its copies share
        local = None if layer is None else local_from_hf_name(name, layer)
        self._ops.append(
            Op(
                name,
                kind,
                tuple(inputs),
                freeze_attrs(values),
                role=chosen,
                layer=layer,
                local=local,
            )
        )
        return ValueRef(name)

    def _facts(self, name: str, kind: str, role: Role | None) -> tuple[Role | None, int | None]:
        scope_role, scope_layer = self._scopes[-1] if self._scopes else (None, None)
        if self.infer_roles:
            role = role or scope_role or role_from_hf_name(name, kind)
            layer = scope_layer if scope_layer is not None else layer_from_hf_name(name)
            return role, layer
        return role or scope_role, scope_layer

    @staticmethod
    def out(ref: ValueRef, port: int) -> ValueRef:
        return ValueRef(ref.op, port)

    def output(self, *refs: ValueRef) -> None:
        self.outputs.extend(refs)

    def _claim(self, name: str) -> None:
        if name in self._names:
            raise GraphError(f"duplicate name {name!r}", op=name)
        self._names.add(name)

    def build(self) -> Graph:
        return Graph(
            name=self.name,
            symbols=tuple(self.symbols.items()),
            token_count=self.token_count,
            groups=tuple(self.groups.items()),
            inputs=tuple(self._inputs),
            ops=tuple(self._ops),
            outputs=tuple(self.outputs),
            contract=self.contract,
        )


def _size(value: Expr | int | str, symbols: Mapping[str, int | None]) -> Expr:
    """A size given in code: an integer, a sympy expression, or expression text over the
    builder's symbols (``"T/tp"``), parsed like a graph file's."""
    if isinstance(value, str):
        return parse_expr(value, frozenset(symbols))
    return as_expr(value)


def _attr(value: AttrValue | int) -> AttrValue:
    if isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return sympy.Integer(value)
    if isinstance(value, tuple | list):
        # strings stay text here; validation parses them against the graph's symbols
        return tuple(item if isinstance(item, str) else as_expr(item) for item in value)
    return value
