"""Repetition graphs: fold runs of identical decoder layers into one representative region, expand
them back, and compare the two forms (RFC §3.3.2).

    layer 3 … layer 77 (75 identical MoE layers)
        →  regions: [Region(first=3, repeat=75)]
           region_begin(h, r) ─ layer 3 ─ region_end(h, r) ─ copy_region(h, r)
           ─ (what read layer 77 reads this)

The repeat count is data on the graph (``Graph.regions``, written as ``regions:`` in a graph
file); the markers only wire what a copy hands the next (port j of region_end feeds port j of
region_begin) and what the last copy leaves (copy_region). Two layers are identical when their
ops match position by position — kind, role, local name, attrs, and what they read (their own
layer's ops by position, the previous layer's outputs by position) — so no name is read; a
copy is named by :func:`layoutcheck.graph.copy_name`. Region markers are identities, so folding
never changes a token layout; checking the folded graph costs about one layer per distinct kind.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

import attrs

from layoutcheck.graph import Graph, GraphError, Op, Region, ValueRef, copy_name, freeze_attrs
from layoutcheck.interp import interpret
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.base import Family
from layoutcheck.ops.traits import Trait
from layoutcheck.passes.manager import PassResult
from layoutcheck.roles import hf_layer_name


def region_label(region: Region) -> str:
    """The markers' ``region`` attr: a label for people (``layers.3-77``); counts are read
    from ``Graph.regions``, never from it."""
    return f"layers.{region.first}-{region.first + region.repeat - 1}"


@attrs.frozen
class _Layer:
    index: int
    ops: tuple[Op, ...]
    inputs: tuple[ValueRef, ...]  # values from outside the layer, in order of first read
    outputs: tuple[ValueRef, ...]  # values read outside the layer, in op order
    signature: tuple[object, ...]

    def position(self, name: str) -> int:
        return next(k for k, op in enumerate(self.ops) if op.name == name)


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
    """Each decoder layer's structure with its index taken away: its ops' kinds, roles, local
    names and attrs and what they read (the previous layer's outputs by position). Equal
    signatures are identical layers, the ones :func:`fold` folds when they are adjacent."""
    return {index: layer.signature for index, layer in _layers(graph).items()}


def _position(ops: Sequence[Op], ref: ValueRef) -> int:
    for position, op in enumerate(ops):
        if op.name == ref.op:
            return position
    return len(ops)


def _signature(layer: _Layer, previous: _Layer | None) -> tuple[object, ...]:
    own = {op.name: position for position, op in enumerate(layer.ops)}

    def rel(ref: ValueRef) -> object:
        if ref.op in own:
            return ("self", own[ref.op], ref.port)
        if previous is not None and ref in previous.outputs:
            return ("prev", previous.outputs.index(ref))
        return ("abs", str(ref))

    return tuple(
        (op.kind, op.role, op.local, op.attrs, tuple(rel(r) for r in op.inputs)) for op in layer.ops
    )


def _alike(ref: ValueRef, source: _Layer, target: _Layer) -> ValueRef:
    """``ref`` (an output of ``source``'s op) as the same output of ``target``'s op in the same
    position: identical layers hold their ops in the same order."""
    return ValueRef(target.ops[source.position(ref.op)].name, ref.port)


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
        mine = _alike(ref, last, first)
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
    regions: list[Region] = []
    for run in folded_runs:
        first, last = layers[run[0]], layers[run[-1]]
        region = Region(first.index, len(run))
        regions.append(region)
        label = freeze_attrs({"region": region_label(region)})
        begin = Op(
            hf_layer_name(first.index, "region_begin"),
            "region_begin",
            tuple(rebind.get(ref, ref) for ref in first.inputs),
            label,
            layer=first.index,
            local="region_begin",
        )
        entry = {ref: ValueRef(begin.name, k) for k, ref in enumerate(first.inputs)}
        body = [
            op.evolve(inputs=tuple(entry.get(ref, ref) for ref in op.inputs)) for op in first.ops
        ]
        # region_end carries, first, what the next layer reads in the order it reads it (so
        # port j of region_end feeds port j of the next region_begin), then any other output.
        carried = _carried(first, layers[run[1]], last, begin)
        end = Op(
            hf_layer_name(first.index, "region_end"),
            "region_end",
            carried,
            label,
            layer=first.index,
            local="region_end",
        )
        copy = Op(
            hf_layer_name(first.index, "copy_region"),
            "copy_region",
            tuple(ValueRef(end.name, k) for k in range(len(carried))),
            label,
            layer=first.index,
            local="copy_region",
        )
        own = {op.name for op in first.ops}
        for k, ref in enumerate(carried):
            if ref.op in own:
                rebind[_alike(ref, first, last)] = ValueRef(copy.name, k)
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
    return graph.with_ops(ops, outputs).evolve(regions=(*graph.repetition(), *regions))


def _markers(registry: Registry) -> frozenset[str]:
    return registry.kinds_with(Trait.REGION_MARKER)


def expand(graph: Graph) -> Graph:
    """The expanded form of a repetition graph: every region copied ``repeat`` times."""
    registry = default_registry()
    begins = [op for op in graph.ops if registry.is_(op.kind, Trait.REGION_BEGIN)]
    if not begins:
        return graph
    markers_kinds = _markers(registry)
    rebind: dict[ValueRef, ValueRef] = {}
    replaced: dict[str, list[Op]] = {}
    skip: set[str] = set()
    for begin in begins:
        markers = [op for op in graph.ops if op.kind in markers_kinds and op.layer == begin.layer]
        end = next((op for op in markers if registry.is_(op.kind, Trait.REGION_END)), None)
        if end is None:
            raise GraphError(f"region at layer {begin.layer} has no region_end", op=begin.name)
        body = [op for op in graph.ops if op.layer == begin.layer and op.kind not in markers_kinds]
        carried = [rebind.get(ref, ref) for ref in begin.inputs]
        copies, carried = _unroll(graph.repeat(begin.layer), begin, end, body, carried)
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
    return graph.with_ops(ops, outputs).evolve(regions=())


def _unroll(
    repeat: int, begin: Op, end: Op, body: Sequence[Op], carried: list[ValueRef]
) -> tuple[list[Op], list[ValueRef]]:
    """``repeat`` copies of a region body, each reading what the previous one left in
    region_end's ports; returns the copies and the values the last one leaves."""
    first = begin.layer or 0
    copies: list[Op] = []
    for k in range(repeat):
        names = {op.name: copy_name(op, first + k) for op in body}
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


@attrs.frozen
class RepetitionPass:
    """Folds identical layers into regions (a ``Graph -> Graph`` pass)."""

    name: str = "repetition"

    def run(self, graph: Graph) -> PassResult:
        folded = fold(graph)
        return PassResult(folded, {"regions": len(folded.repetition())})


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
    counts: dict[int | None, Counter[str]] = defaultdict(Counter)
    for op in graph.ops:
        if registry[op.kind].family is not Family.COMMUNICATION:
            continue
        for layer in graph.layer_copies(op):
            counts[layer][op.kind] += 1
    return {layer: dict(sorted(c.items())) for layer, c in counts.items()}
