"""What the view draws, built from a session: one panel per distinct kind of decoder layer, its
ops and values with their layouts and costs, and the diagnostics with their provenance paths.

Layers are grouped by the repetition facts (:func:`layer_signatures`: same ops, attrs and
wiring) and by their typed values and diagnostics, so a panel stands for layers that would draw
alike; ops outside the decoder layers make a panel before and one after them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

import attrs

from layoutcheck.cost.devices import load_device
from layoutcheck.cost.report import CostError, CostReport, Numbers, rank_expr
from layoutcheck.diagnostics import Diagnostic, Report
from layoutcheck.errors import UsageError
from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.interp import TypedGraph
from layoutcheck.lattice import AbstractValue
from layoutcheck.ops import Registry
from layoutcheck.ops.traits import Trait
from layoutcheck.passes.repetition import layer_signatures
from layoutcheck.roles import Block
from layoutcheck.session import Session
from layoutcheck.view.palette import Tone

# the panels of the ops outside the decoder layers
_OUTSIDE_LAYERS = {
    "before": "before the decoder layers",
    "after": "after the decoder layers",
    "graph": "the graph",
}
_LAYER_INDEX = re.compile(r"layers\.[0-9]+\.")
MAX_LABEL_CHARS = 44  # a node label longer than this is cut (the tooltip has it whole)


@attrs.frozen
class ValueView:
    """One value as drawn: its layout class and both forms of its shape."""

    ref: str
    tone: Tone
    layout: str  # F·W, L·P, ⊤
    dtype: str
    symbolic: str  # [T/tp, H]
    numeric: str  # [256, 6144]

    @property
    def text(self) -> str:
        if self.tone is Tone.TOP:
            return f"{self.ref} : ⊤ (a type error upstream)"
        shapes = (
            self.symbolic if self.symbolic == self.numeric else f"{self.symbolic} = {self.numeric}"
        )
        return f"{self.ref} : {self.dtype}{shapes} {self.layout}"


@attrs.frozen
class Collective:
    kind: str
    group: str
    us: float | None


@attrs.frozen
class Node:
    """An op of the panel, or a stub for a value that enters (``in``) or leaves (``out``) it."""

    key: str  # unique in the page
    name: str
    kind: str  # the op kind; "input" / "output" for a stub
    label: str
    stub: str | None = None  # None for an op, else "in" or "out"
    role: str | None = None
    layer: int | None = None
    outputs: tuple[ValueView, ...] = ()
    collective: Collective | None = None
    us: float | None = None
    cost: str | None = None  # the cost line of the tooltip
    source: str | None = None  # graph file:line, or the engine's node and file:line
    errors: tuple[int, ...] = ()  # indices into View.diagnostics
    warnings: tuple[int, ...] = ()
    on_path: bool = False  # on a violation's provenance path
    detail: str | None = None  # a stub's note (who reads it, where it comes from)

    @property
    def kind_line(self) -> str:
        """``linear · 421.1 µs``; a collective's ``all_gather · tp · 355.9 µs``."""
        c = self.collective
        kind = self.kind if c is None else f"{c.kind} · {c.group}"
        return kind if self.us is None else f"{kind} · {self.us:,.1f} µs"


@attrs.frozen
class Edge:
    """A value read by an op: ``slot`` is the consumer's input it fills."""

    source: str
    target: str
    slot: int
    value: ValueView
    on_path: bool = False


@attrs.frozen
class Panel:
    key: str
    title: str
    subtitle: str
    nodes: tuple[Node, ...]  # data-flow order: input stubs, ops, output stubs
    edges: tuple[Edge, ...]
    errors: tuple[int, ...] = ()  # diagnostics of its layers (drawn or not)


@attrs.frozen
class DiagnosticView:
    """A diagnostic family (one rule at one drawn op, however many layers repeat it)."""

    index: int
    severity: str
    rule: str
    location: str
    message: str
    hint: str
    context: str | None
    notes: tuple[str, ...]
    origin: str | None
    # the provenance, one chain per note: the value read, back to where its layout was set
    paths: tuple[tuple[str, ...], ...]
    node: str | None  # the drawn node, when there is one
    panel: str | None  # the panel it is drawn in
    repeats: int = 1


@attrs.frozen
class View:
    graph: str
    target: str
    device: str
    rank: str
    verdict: str
    ok: bool
    diagnostics: tuple[DiagnosticView, ...]
    panels: tuple[Panel, ...]
    notes: tuple[str, ...] = ()  # what the page could not show (no costs, and why)


# -- building -------------------------------------------------------------------------------------


def build_view(
    session: Session, *, device: str = "a3-752t", rank: str | int = "last", layer: int | None = None
) -> View:
    """The view of ``session``'s graph, checked as ``check`` checks it and priced on ``device``
    as ``cost`` prices it."""
    graph = session.graph
    # the device and the rank are the user's to get right (exit 2); a cost the graph's own
    # errors prevent is said on the page, which still shows the layouts
    profile = load_device(device)
    rank_expr(rank, graph)
    report = session.check()
    notes: list[str] = []
    numbers: Mapping[str, Numbers] = {}
    try:
        costs: CostReport = session.cost(device, rank=rank)
        numbers = costs.numbers()
        if costs.unpriced:
            notes.append(
                f"{len(costs.unpriced)} op(s) not priced (the total is partial): a type error "
                "or an op nobody could type left their values unknown (⊤)"
            )
    except CostError as error:
        notes.append(f"no costs: {error.message}")
    return view_of(
        report,
        numbers,
        target=session.options.target,
        device=profile.name,
        rank=str(rank),
        layer=layer,
        notes=tuple(notes),
    )


def view_of(
    report: Report,
    numbers: Mapping[str, Numbers] | None = None,
    *,
    target: str = "",
    device: str = "",
    rank: str = "",
    layer: int | None = None,
    notes: tuple[str, ...] = (),
) -> View:
    """The view of a check report (its typed graph) with each op's cost numbers."""
    if report.typed is None:
        raise ValueError("the report carries no typed graph")
    graph = report.typed.graph
    if layer is not None and layer not in graph.layers():
        present = graph.layers()
        span = f"{present[0]}..{present[-1]}" if present else "none"
        raise UsageError(f"--layer {layer}: the graph has no such layer (layers: {span})")
    return _Builder(report.typed, report, numbers or {}).view(
        target=target, device=device, rank=rank, layer=layer, notes=notes
    )


class _Builder:
    def __init__(self, typed: TypedGraph, report: Report, numbers: Mapping[str, Numbers]) -> None:
        self.typed = typed
        self.graph: Graph = typed.graph
        self.report = report
        self.numbers = numbers
        self.order = self.graph.topological_order()
        self.alias: dict[str, str] = {}  # op name -> the drawn op standing for it
        self.keys: dict[str, str] = {}  # drawn op name -> node key
        self.panel_of: dict[str, str] = {}  # drawn op name -> panel key

    # -- panels ---------------------------------------------------------------------------------
    def groups(self, layer: int | None) -> list[tuple[str, list[Op], tuple[int, ...]]]:
        """(kind of panel, its ops, the layers it stands for), in data-flow order."""
        graph = self.graph
        by_layer: dict[int, list[Op]] = {}
        for op in self.order:
            if op.layer is not None:
                by_layer.setdefault(op.layer, []).append(op)
        if layer is not None:
            return [("layer", by_layer[layer], (layer,))]
        if not by_layer:
            return [("graph", list(self.order), ())]
        signatures = layer_signatures(graph)
        classes: dict[object, list[int]] = {}
        for index in sorted(by_layer):
            key = (signatures.get(index), self._typed_key(by_layer[index]))
            classes.setdefault(key, []).append(index)
        first_layered = next(i for i, op in enumerate(self.order) if op.layer is not None)
        before = [op for op in self.order[:first_layered] if op.layer is None]
        after = [op for op in self.order[first_layered:] if op.layer is None]
        groups: list[tuple[str, list[Op], tuple[int, ...]]] = []
        if before:
            groups.append(("before", before, ()))
        for members in classes.values():
            representative = by_layer[members[0]]
            for member in members:
                for op, drawn in zip(by_layer[member], representative, strict=True):
                    self.alias[op.name] = drawn.name
            groups.append(("layer", representative, tuple(members)))
        if after:
            groups.append(("after", after, ()))
        return groups

    def _typed_key(self, ops: Sequence[Op]) -> object:
        """What makes two structurally identical layers draw differently: their values' types
        and where their diagnostics are."""
        typed = self.typed
        positions = {op.name: k for k, op in enumerate(ops)}
        values = tuple(
            tuple((v.layout, typed.shape_text(v)) for v in typed.outputs_of(op)) for op in ops
        )
        inputs = tuple(typed.value(ref).layout for op in ops for ref in op.inputs)
        found = tuple(
            sorted(
                (positions[d.op], d.rule)
                for d in self.report.diagnostics
                if d.op is not None and d.op in positions
            )
        )
        return values, inputs, found

    def view(
        self, *, target: str, device: str, rank: str, layer: int | None, notes: tuple[str, ...]
    ) -> View:
        groups = self.groups(layer)
        for panel_index, (_, ops, _) in enumerate(groups):
            for op_index, op in enumerate(ops):
                self.keys[op.name] = f"p{panel_index}n{op_index}"
                self.panel_of[op.name] = f"p{panel_index}"
        diagnostics = self.diagnostics()
        path_slots, path_ops = self.paths()
        multiplicity = {layer: self.graph.repeat(layer) for layer in self.graph.layers()}
        panels = tuple(
            self.panel(index, kind, ops, members, diagnostics, path_slots, path_ops, multiplicity)
            for index, (kind, ops, members) in enumerate(groups)
        )
        report = self.report
        errors, warnings = len(report.errors), len(report.warnings)
        contract = report.contract or "type rules only"
        verdict = (
            f"{'ok' if report.ok else 'FAILED'}: {report.graph} against {contract}: "
            f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
        )
        return View(
            graph=self.graph.name,
            target=target,
            device=device,
            rank=rank,
            verdict=verdict,
            ok=report.ok,
            diagnostics=diagnostics,
            panels=panels,
            notes=notes,
        )

    def panel(
        self,
        index: int,
        kind: str,
        ops: Sequence[Op],
        members: tuple[int, ...],
        diagnostics: Sequence[DiagnosticView],
        path_slots: frozenset[tuple[str, int]],
        path_ops: frozenset[str],
        multiplicity: Mapping[int, int],
    ) -> Panel:
        typed, graph = self.typed, self.graph
        names = {op.name for op in ops}
        prefix = _common_prefix([op.name for op in ops])
        by_node: dict[str, list[DiagnosticView]] = {}
        for diagnostic in diagnostics:
            if diagnostic.node is not None:
                by_node.setdefault(diagnostic.node, []).append(diagnostic)
        nodes: list[Node] = []
        stubs_in: dict[ValueRef, Node] = {}
        edges: list[Edge] = []
        for op in ops:
            for slot, ref in enumerate(op.inputs):
                on_path = (op.name, slot) in path_slots
                value = self.value_view(ref)
                if ref.op in names:
                    source = self.keys[ref.op]
                else:
                    stub = stubs_in.get(ref)
                    if stub is None:
                        stub = self.stub_in(index, len(stubs_in), ref, value)
                        stubs_in[ref] = stub
                    if on_path:
                        stubs_in[ref] = attrs.evolve(stub, on_path=True)
                    source = stub.key
                edges.append(Edge(source, self.keys[op.name], slot, value, on_path))
        outputs: list[Node] = []
        graph_outputs = set(graph.outputs)
        for op in ops:
            found = by_node.get(self.keys[op.name], [])
            nodes.append(
                self.node(
                    op,
                    prefix,
                    tuple(d.index for d in found if d.severity == "error"),
                    tuple(d.index for d in found if d.severity != "error"),
                    op.name in path_ops,
                )
            )
            for port in range(len(typed.outputs_of(op))):
                ref = ValueRef(op.name, port)
                readers = [reader.name for reader, _ in graph.consumers(ref)]
                outside = [name for name in readers if name not in names]
                if not outside and ref not in graph_outputs:
                    continue
                value = self.value_view(ref)
                key = f"p{index}o{len(outputs)}"
                shown = ", ".join(outside[:3]) + (", …" if len(outside) > 3 else "")
                detail = (f"read by {shown}" if outside else "") + (
                    "; a graph output" if ref in graph_outputs and outside else ""
                )
                outputs.append(
                    Node(
                        key,
                        str(ref),
                        "output",
                        _fit("↓ " + _short(str(ref), prefix)),
                        stub="out",
                        detail=detail or "a graph output",
                    )
                )
                edges.append(Edge(self.keys[op.name], key, 0, value))
        errors = tuple(
            d.index
            for d in diagnostics
            if d.severity == "error" and (d.node in {n.key for n in nodes})
        )
        title, subtitle = self.titles(kind, ops, members, multiplicity)
        return Panel(
            key=f"p{index}",
            title=title,
            subtitle=subtitle,
            nodes=(*stubs_in.values(), *nodes, *outputs),
            edges=tuple(edges),
            errors=errors,
        )

    def titles(
        self,
        kind: str,
        ops: Sequence[Op],
        members: tuple[int, ...],
        multiplicity: Mapping[int, int],
    ) -> tuple[str, str]:
        us = [self.numbers[op.name].us for op in ops if op.name in self.numbers]
        count = f"{len(ops)} ops"
        if kind in _OUTSIDE_LAYERS:
            total = f"; {sum(us):,.1f} µs on this rank" if us else ""
            return _OUTSIDE_LAYERS[kind], f"{count}{total}"
        per_layer = f"; {sum(us):,.1f} µs per layer on this rank" if us else ""
        covered = sorted({k for m in members for k in range(m, m + multiplicity.get(m, 1))})
        all_layers = self.graph.layers()
        last = max(
            (k for m in all_layers for k in range(m, m + multiplicity.get(m, 1))), default=None
        )
        tags = [_block_kind(ops, self.typed.registry)]
        if len(all_layers) > 1 and all_layers[0] in covered:
            tags.append("first")
        if len(all_layers) > 1 and last is not None and last in covered:
            tags.append("last")
        word = "layer" if len(covered) == 1 else "layers"
        title = " · ".join([f"{word} {_spans(covered)}", *[t for t in tags if t]])
        shown = f"layer {members[0]} drawn"
        if len(covered) > 1:
            shown += f"; {len(covered)} identical layers"
        return title, f"{shown}; {count}{per_layer}"

    # -- nodes ----------------------------------------------------------------------------------
    def node(
        self, op: Op, prefix: str, errors: tuple[int, ...], warnings: tuple[int, ...], path: bool
    ) -> Node:
        typed = self.typed
        spec = typed.registry[op.kind]
        numbers = self.numbers.get(op.name)
        collective = None
        if spec.is_(Trait.COLLECTIVE):
            default = spec.attrs["group"].default if "group" in spec.attrs else None
            group = op.attr("group", default)
            collective = Collective(
                op.kind,
                str(group) if group is not None else "tp",
                None if numbers is None else numbers.us,
            )
        return Node(
            key=self.keys[op.name],
            name=op.name,
            kind=op.kind,
            label=_fit(_short(op.name, prefix)),
            role=None if op.role is None else str(op.role),
            layer=op.layer,
            outputs=tuple(
                self.value_view(ValueRef(op.name, port))
                for port in range(len(typed.outputs_of(op)))
            ),
            collective=collective,
            us=None if numbers is None else numbers.us,
            cost=None if numbers is None else _cost_text(numbers),
            source=self.source(op),
            errors=errors,
            warnings=warnings,
            on_path=path,
        )

    def stub_in(self, panel: int, index: int, ref: ValueRef, value: ValueView) -> Node:
        producer = self.graph.producer(ref)
        if producer is None:
            label, detail = f"input {ref}", "a graph input"
        else:
            where = "outside the layers" if producer.layer is None else f"layer {producer.layer}"
            label, detail = str(ref), f"made by {producer.kind} in {where}"
        return Node(f"p{panel}i{index}", str(ref), "input", _fit(label), stub="in", detail=detail)

    def value_view(self, ref: ValueRef) -> ValueView:
        value: AbstractValue = self.typed.value(ref)
        if value.is_top:
            return ValueView(str(ref), Tone.TOP, "⊤", "", "", "")
        return ValueView(
            str(ref),
            Tone.of(value),
            value.layout,
            value.dtype.value,
            value.shape_text(),
            self.typed.shape_text(value),
        )

    def source(self, op: Op) -> str | None:
        if op.source is not None:
            return f"engine: {op.source}"
        if op.line is None:
            return None
        return f"{self.graph.source or self.graph.name}:{op.line}"

    # -- diagnostics ----------------------------------------------------------------------------
    def diagnostics(self) -> tuple[DiagnosticView, ...]:
        report = self.report
        where = report.source or report.graph
        families: dict[tuple[object, ...], list[Diagnostic]] = {}
        for diagnostic in report.diagnostics:
            drawn = self._drawn(diagnostic.op)
            # the same mistake in identical layers: one family (as `check` prints it)
            message = _LAYER_INDEX.sub("layers.N.", diagnostic.message)
            key = (diagnostic.rule, diagnostic.severity.value, drawn, message)
            families.setdefault(key, []).append(diagnostic)
        found: list[DiagnosticView] = []
        for members in families.values():
            first = members[0]
            drawn = self._drawn(first.op)
            found.append(
                DiagnosticView(
                    index=len(found),
                    severity=first.severity.value,
                    rule=first.rule.id,
                    location=where if first.line is None else f"{where}:{first.line}",
                    message=first.message,
                    hint=first.hint,
                    context=first.context,
                    notes=first.notes,
                    origin=first.origin,
                    paths=self._path_text(first),
                    node=None if drawn is None else self.keys[drawn],
                    panel=None if drawn is None else self.panel_of[drawn],
                    repeats=len(members),
                )
            )
        return tuple(found)

    def _drawn(self, name: str | None) -> str | None:
        if name is None:
            return None
        drawn = self.alias.get(name, name)
        return drawn if drawn in self.keys else None

    def _path_text(self, diagnostic: Diagnostic) -> tuple[tuple[str, ...], ...]:
        paths = []
        for chain in self._trace(diagnostic):
            shown: list[str] = []
            for _, _, ref in chain:
                step = str(ref) if self.graph.producer(ref) is not None else f"graph input {ref}"
                if step not in shown:
                    shown.append(step)
            paths.append(tuple(shown))
        return tuple(paths)

    def _trace(self, diagnostic: Diagnostic) -> list[list[tuple[Op, int, ValueRef]]]:
        """The chains a diagnostic's notes trace, one per note, each step a (reader, its input
        slot, the value read): from the operand the note names back to the op (or graph
        input) that set its layout."""
        if not diagnostic.is_error or diagnostic.op is None or not self.graph.has_op(diagnostic.op):
            return []
        op = self.graph.op(diagnostic.op)
        chains = []
        for note in diagnostic.notes:
            # every provenance note starts with the operand it is about (interp, contracts)
            slot = next((k for k, ref in enumerate(op.inputs) if note.startswith(f"{ref} ")), None)
            if slot is not None:
                chains.append(self._chain(op, slot))
        return chains

    def _chain(self, reader: Op, slot: int) -> list[tuple[Op, int, ValueRef]]:
        """Back from ``reader``'s input ``slot`` the way the interpreter's origins went: through
        input 0 of an op that kept the token layout (input k of a region marker's port k)."""
        typed, graph = self.typed, self.graph
        ref = reader.inputs[slot]
        origin = typed.origins.get(ref)
        steps = [(reader, slot, ref)]
        for _ in range(len(graph.ops)):
            producer = graph.producer(ref)
            if producer is None or producer.name == origin or not producer.inputs:
                break
            spec = typed.registry[producer.kind]
            slot = min(ref.port, len(producer.inputs) - 1) if spec.outputs_per_input else 0
            ref = producer.inputs[slot]
            steps.append((producer, slot, ref))
        return steps

    def paths(self) -> tuple[frozenset[tuple[str, int]], frozenset[str]]:
        """Every error's provenance on the drawn ops: the (op, input slot) pairs it enters by,
        and the ops that made the values on it."""
        slots: set[tuple[str, int]] = set()
        ops: set[str] = set()
        for diagnostic in self.report.diagnostics:
            steps = [step for chain in self._trace(diagnostic) for step in chain]
            for reader, slot, ref in steps:
                slots.add((self.alias.get(reader.name, reader.name), slot))
                producer = self.graph.producer(ref)
                if producer is not None:
                    ops.add(self.alias.get(producer.name, producer.name))
        return frozenset(slots), frozenset(ops)


# -- text -----------------------------------------------------------------------------------------


def _block_kind(ops: Sequence[Op], registry: Registry) -> str:
    """MoE or dense, from the ops' roles (else, for MoE, the catalogue's expert trait):
    structure facts, not names."""
    blocks = {op.block for op in ops if op.block is not None}
    if blocks & {Block.MOE, Block.SHARED_EXPERTS}:
        return "MoE"
    if Block.MLP in blocks:
        return "dense"
    if any(registry.is_(op.kind, Trait.EXPERT) for op in ops):
        return "MoE"
    return ""


def _common_prefix(names: Sequence[str]) -> str:
    """The dotted prefix every name shares (``model.layers.3.``), left out of the labels."""
    if len(names) < 2:
        return ""
    first, last = min(names), max(names)
    size = 0
    while size < min(len(first), len(last)) and first[size] == last[size]:
        size += 1
    cut = first.rfind(".", 0, size)
    return first[: cut + 1] if cut >= 0 else ""


def _short(name: str, prefix: str) -> str:
    return name[len(prefix) :] if prefix and name.startswith(prefix) and name != prefix else name


def _fit(text: str, limit: int = MAX_LABEL_CHARS) -> str:
    """A label cut from the left: a module path's tail is what tells ops apart."""
    return text if len(text) <= limit else "…" + text[-(limit - 1) :]


def _spans(layers: Sequence[int]) -> str:
    spans: list[list[int]] = []
    for layer in layers:
        if spans and layer == spans[-1][-1] + 1:
            spans[-1].append(layer)
        else:
            spans.append([layer])
    return ", ".join(str(s[0]) if len(s) == 1 else f"{s[0]}–{s[-1]}" for s in spans)


def _amount(value: float, unit: str) -> str:
    for scale, prefix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e3, "k")):
        if abs(value) >= scale:
            return f"{value / scale:.2f} {prefix}{unit}"
    return f"{value:.0f} {unit}"


def _cost_text(n: Numbers) -> str:
    parts = [f"{n.us:,.2f} µs ({n.bound}-bound)"]
    if n.flops:
        parts.append(_amount(n.flops, "FLOP"))
    if n.hbm_bytes:
        parts.append(_amount(n.hbm_bytes, "B") + " HBM")
    if n.comm_bytes:
        parts.append(_amount(n.comm_bytes, "B") + " sent")
    return ", ".join(parts)
