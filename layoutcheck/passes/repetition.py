"""Repetition graphs: fold runs of identical decoder layers into one representative region, expand
them back, and compare the two forms (RFC §3.3.2).

    layer 3 … layer 77 (75 identical MoE layers)
        →  region_begin(h, r){repeat=75} ─ layer 3 ─ region_end(h, r){repeat=75}
           ─ copy_region(h, r){count=74} ─ (what read layer 77 reads this)

Two layers are identical when their ops match after renaming the layer index, reading the
previous layer's outputs by position. Region markers are identities, so folding never changes a
token layout; checking the folded graph costs about one layer per distinct kind.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

import attrs
import sympy

from layoutcheck.graph import Graph, Op, ValueRef, freeze_attrs
from layoutcheck.interp import interpret
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.base import Family
from layoutcheck.passes.manager import PassResult
from layoutcheck.symbols import as_expr, integer_value

MARKERS = ("region_begin", "region_end", "copy_region")


def layer_copy_name(name: str, old: int, new: int) -> str:
    """The name of layer ``old``'s op in layer ``new``: the HF path's index changed, or (for
    other names) the layer appended, so copies never collide."""
    prefix = f"model.layers.{old}."
    if name.startswith(prefix):
        return f"model.layers.{new}." + name[len(prefix) :]
    return name if new == old else f"{name}@{new}"


@attrs.frozen
class _Layer:
    index: int
    ops: tuple[Op, ...]
    inputs: tuple[ValueRef, ...]  # values from outside the layer, in order of first read
    outputs: tuple[ValueRef, ...]  # values read outside the layer, in op order
    signature: tuple[object, ...]


def _layers(graph: Graph) -> dict[int, _Layer]:
    by_layer: dict[int, list[Op]] = defaultdict(list)
    for op in graph.ops:
        if op.layer is not None:
            by_layer[op.layer].append(op)
    owner = {op.name: layer for layer, ops in by_layer.items() for op in ops}
    outputs: dict[int, list[ValueRef]] = defaultdict(list)
    for op in graph.ops:
        for ref in op.inputs:
            source = owner.get(ref.op)
            if source is not None and source != owner.get(op.name) and ref not in outputs[source]:
                outputs[source].append(ref)
    for ref in graph.outputs:
        source = owner.get(ref.op)
        if source is not None and ref not in outputs[source]:
            outputs[source].append(ref)
    layers: dict[int, _Layer] = {}
    for index in sorted(by_layer):
        ops = by_layer[index]
        ordered_outputs = tuple(sorted(outputs[index], key=lambda r: (_position(ops, r), r.port)))
        inputs: list[ValueRef] = []
        for op in ops:
            for ref in op.inputs:
                if owner.get(ref.op) != index and ref not in inputs:
                    inputs.append(ref)
        layers[index] = _Layer(index, tuple(ops), tuple(inputs), ordered_outputs, ())
    # a layer's inputs are related to the layer before it that the graph holds (a template
    # build leaves out the middle of a long run)
    previous: _Layer | None = None
    for index, found in layers.items():
        layers[index] = attrs.evolve(found, signature=_signature(found, previous))
        previous = found
    return layers


def layer_signatures(graph: Graph) -> dict[int, tuple[object, ...]]:
    """Each decoder layer's structure with its index renamed away: its ops' kinds and attrs and
    what they read (the previous layer's outputs by position). Equal signatures are identical
    layers, the ones :func:`fold` folds when they are adjacent."""
    return {index: layer.signature for index, layer in _layers(graph).items()}


def _position(ops: Sequence[Op], ref: ValueRef) -> int:
    for position, op in enumerate(ops):
        if op.name == ref.op:
            return position
    return len(ops)


def _signature(layer: _Layer, previous: _Layer | None) -> tuple[object, ...]:
    own = {op.name for op in layer.ops}

    def rel(ref: ValueRef) -> object:
        if ref.op in own:
            return ("self", layer_copy_name(ref.op, layer.index, -1), ref.port)
        if previous is not None and ref in previous.outputs:
            return ("prev", previous.outputs.index(ref))
        return ("abs", str(ref))

    return tuple(
        (
            layer_copy_name(op.name, layer.index, -1),
            op.kind,
            op.attrs,
            tuple(rel(r) for r in op.inputs),
        )
        for op in layer.ops
    )


def _carried(first: _Layer, second: _Layer, last: _Layer, begin: Op) -> tuple[ValueRef, ...]:
    carried: list[ValueRef] = []
    for ref in second.inputs:
        if ref in first.outputs:
            carried.append(ref)
        elif ref in first.inputs:  # read by every layer alike (a graph input): pass it through
            carried.append(ValueRef(begin.name, first.inputs.index(ref)))
    carried.extend(ref for ref in first.outputs if ref not in carried)
    # what the run leaves for later layers is what its last layer outputs: a value only the
    # last one hands on (the top-k a later shared-indexer layer reuses) is carried too
    own = {op.name for op in first.ops}
    for ref in last.outputs:
        mine = ValueRef(layer_copy_name(ref.op, last.index, first.index), ref.port)
        if mine.op in own and mine not in carried:
            carried.append(mine)
    return tuple(carried)


def fold(graph: Graph) -> Graph:
    """The repetition form of an expanded graph (runs of two or more identical layers)."""
    layers = _layers(graph)
    runs: list[list[int]] = []
    for index in sorted(layers):
        if (
            runs
            and runs[-1][-1] == index - 1
            and layers[runs[-1][0]].signature == layers[index].signature
        ):
            runs[-1].append(index)
        else:
            runs.append([index])
    folded_runs = [run for run in runs if len(run) > 1]
    if not folded_runs:
        return graph
    dropped: set[str] = set()
    rebind: dict[ValueRef, ValueRef] = {}
    region_ops: dict[int, tuple[list[Op], list[Op], list[Op]]] = {}
    for run in folded_runs:
        first, last = layers[run[0]], layers[run[-1]]
        repeat = len(run)
        region = f"layers.{run[0]}-{run[-1]}"
        p = f"model.layers.{first.index}"
        begin = Op(
            f"{p}.region_begin",
            "region_begin",
            tuple(rebind.get(ref, ref) for ref in first.inputs),
            freeze_attrs({"region": region, "repeat": as_expr(repeat)}),
            layer=first.index,
        )
        entry = {ref: ValueRef(begin.name, k) for k, ref in enumerate(first.inputs)}
        body = [
            op.evolve(inputs=tuple(entry.get(ref, ref) for ref in op.inputs)) for op in first.ops
        ]
        # region_end carries, first, what the next layer reads in the order it reads it (so
        # port j of region_end feeds port j of the next region_begin), then any other output.
        carried = _carried(first, layers[run[1]], last, begin)
        end = Op(
            f"{p}.region_end",
            "region_end",
            carried,
            freeze_attrs({"region": region, "repeat": as_expr(repeat)}),
            layer=first.index,
        )
        copy = Op(
            f"{p}.copy_region",
            "copy_region",
            tuple(ValueRef(end.name, k) for k in range(len(carried))),
            freeze_attrs({"region": region, "count": as_expr(repeat - 1)}),
            layer=first.index,
        )
        own = {op.name for op in first.ops}
        for k, ref in enumerate(carried):
            if ref.op in own:
                rebind[ValueRef(layer_copy_name(ref.op, first.index, last.index), ref.port)] = (
                    ValueRef(copy.name, k)
                )
        for index in run[1:]:
            dropped.update(op.name for op in layers[index].ops)
        region_ops[first.index] = ([begin], body, [end, copy])
    ops: list[Op] = []
    emitted_layers: set[int] = set()
    for op in graph.ops:
        if op.name in dropped:
            continue
        layer = op.layer
        if layer in region_ops:
            if layer not in emitted_layers:
                begin_ops, body, end_ops = region_ops[layer]
                ops.extend([*begin_ops, *body, *end_ops])
                emitted_layers.add(layer)
            continue
        ops.append(op.evolve(inputs=tuple(rebind.get(ref, ref) for ref in op.inputs)))
    outputs = tuple(rebind.get(ref, ref) for ref in graph.outputs)
    return graph.with_ops(ops, outputs)


def expand(graph: Graph) -> Graph:
    """The expanded form of a repetition graph: every region copied ``repeat`` times."""
    begins = [op for op in graph.ops if op.kind == "region_begin"]
    if not begins:
        return graph
    rebind: dict[ValueRef, ValueRef] = {}
    replaced: dict[str, list[Op]] = {}
    skip: set[str] = set()
    for begin in begins:
        markers = [op for op in graph.ops if op.kind in MARKERS and op.layer == begin.layer]
        end = next(op for op in markers if op.kind == "region_end")
        body = [op for op in graph.ops if op.layer == begin.layer and op.kind not in MARKERS]
        carried = [rebind.get(ref, ref) for ref in begin.inputs]
        copies, carried = _unroll(begin, end, body, carried)
        for op in markers[1:]:  # region_end and copy_region both stand for the last copy
            for k in range(len(end.inputs)):
                rebind[ValueRef(op.name, k)] = carried[k]
        replaced[begin.name] = copies
        skip.update(op.name for op in body + markers)
    ops: list[Op] = []
    for op in graph.ops:
        if op.name in replaced:
            ops.extend(replaced[op.name])
        elif op.name not in skip:
            ops.append(op.evolve(inputs=tuple(rebind.get(ref, ref) for ref in op.inputs)))
    outputs = tuple(rebind.get(ref, ref) for ref in graph.outputs)
    return graph.with_ops(ops, outputs)


def _unroll(
    begin: Op, end: Op, body: Sequence[Op], carried: list[ValueRef]
) -> tuple[list[Op], list[ValueRef]]:
    """``repeat`` copies of a region body, each reading what the previous one left in
    region_end's ports; returns the copies and the values the last one leaves."""
    first = begin.layer or 0
    copies: list[Op] = []
    for k in range(_count(begin, "repeat")):
        names = {op.name: layer_copy_name(op.name, first, first + k) for op in body}
        entry = carried

        def mapped(
            ref: ValueRef, names: Mapping[str, str] = names, entry: Sequence[ValueRef] = entry
        ) -> ValueRef:
            if ref.op == begin.name:
                return entry[ref.port]
            if ref.op in names:
                return ValueRef(names[ref.op], ref.port)
            return ref

        copies.extend(
            op.evolve(
                name=names[op.name], inputs=tuple(mapped(r) for r in op.inputs), layer=first + k
            )
            for op in body
        )
        carried = [mapped(ref) for ref in end.inputs]
    return copies, carried


def _count(op: Op, key: str) -> int:
    value = op.attr(key)
    numeric = integer_value(value) if isinstance(value, sympy.Expr) else None
    return 1 if numeric is None else numeric


def layer_multiplicity(graph: Graph) -> dict[int, int]:
    """How many decoder layers each present layer stands for (``repeat`` of its region)."""
    counts = {layer: 1 for layer in graph.layers()}
    for op in graph.ops:
        if op.kind == "region_begin" and op.layer is not None:
            counts[op.layer] = _count(op, "repeat")
    return counts


@attrs.frozen
class RepetitionPass:
    """Folds identical layers into regions (a ``Graph -> Graph`` pass)."""

    name: str = "repetition"

    def run(self, graph: Graph) -> PassResult:
        folded = fold(graph)
        regions = sum(op.kind == "region_begin" for op in folded.ops)
        return PassResult(folded, {"regions": regions})


@attrs.frozen
class Difference:
    layer: int | None
    op: str | None
    message: str

    def __str__(self) -> str:
        where = "graph" if self.layer is None else f"layer {self.layer}"
        return f"{where}: {self.op + ': ' if self.op else ''}{self.message}"


def effective_signature(graph: Graph, registry: Registry | None = None) -> dict[str, object]:
    """Per layer: each op's kind and typed outputs (numeric shapes, layouts), and collective
    counts — of the expanded form."""
    registry = registry or default_registry()
    expanded = expand(graph)
    typed = interpret(expanded, registry)
    per_op: dict[str, object] = {}
    for op in expanded.ops:
        outputs = tuple((typed.shape_text(value), value.layout) for value in typed.outputs_of(op))
        per_op[op.name] = (op.kind, outputs)
    return per_op


def _layers_by_name(graph: Graph) -> dict[str, int | None]:
    return {op.name: op.layer for op in expand(graph).ops}


def compare_forms(
    expanded: Graph, repetition: Graph, registry: Registry | None = None
) -> list[Difference]:
    """Differences between an expanded graph and a repetition graph after expansion, by layer and
    op: missing or extra ops, other kinds, shapes or layouts, and collective counts."""
    registry = registry or default_registry()
    a = effective_signature(expanded, registry)
    b = effective_signature(repetition, registry)
    differences: list[Difference] = []
    layers = {**_layers_by_name(repetition), **_layers_by_name(expanded)}

    for name in sorted(set(a) | set(b), key=lambda n: (_layer_key(layers.get(n)), n)):
        at = layers.get(name)
        if name not in b:
            differences.append(Difference(at, name, "missing from the repetition graph"))
        elif name not in a:
            differences.append(Difference(at, name, "only in the repetition graph"))
        elif a[name] != b[name]:
            differences.append(Difference(at, name, f"expanded {a[name]} vs repetition {b[name]}"))
    counts_a = collectives_per_layer(expand(expanded), registry)
    counts_b = collectives_per_layer(expand(repetition), registry)
    for layer in sorted(set(counts_a) | set(counts_b), key=lambda x: -1 if x is None else x):
        if counts_a.get(layer) != counts_b.get(layer):
            differences.append(
                Difference(
                    layer, None, f"collectives {counts_a.get(layer)} vs {counts_b.get(layer)}"
                )
            )
    return differences


def _layer_key(layer: int | None) -> int:
    return -1 if layer is None else layer


def collectives_per_layer(
    graph: Graph, registry: Registry | None = None
) -> dict[int | None, dict[str, int]]:
    """Collective counts by decoder layer (None: outside the layers), counting each region
    ``repeat`` times."""
    registry = registry or default_registry()
    multiplicity = layer_multiplicity(graph)
    counts: dict[int | None, Counter[str]] = defaultdict(Counter)
    for op in graph.ops:
        if registry[op.kind].family is not Family.COMMUNICATION:
            continue
        layer = op.layer
        for k in range(multiplicity.get(layer, 1) if layer is not None else 1):
            counts[None if layer is None else layer + k][op.kind] += 1
    return {layer: dict(sorted(c.items())) for layer, c in counts.items()}
