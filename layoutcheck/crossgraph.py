"""Cross-graph contracts: what one graph hands another that runs with it (a speculative draft
reading its target's hidden state, a decode graph reading the KV cache a prefill graph wrote),
checked hand by hand against a contract's ``interface:`` (``check A --with B``)."""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import sympy

from layoutcheck.contracts import (
    Contract,
    Hand,
    HandEnd,
    _candidates,
    available_contracts,
    load_contract,
)
from layoutcheck.diagnostics import Diagnostic, Report, Severity
from layoutcheck.errors import UsageError
from layoutcheck.graph import Op, ValueRef
from layoutcheck.interp import TypedGraph
from layoutcheck.lattice import AbstractValue, FeatureState
from layoutcheck.symbols import evaluate, format_expr


@attrs.frozen
class Side:
    """One of the two graphs: what the contract calls it, and its checked graph."""

    role: str  # the interface's name for it: target, draft, prefill, decode
    typed: TypedGraph

    @property
    def name(self) -> str:
        return self.typed.graph.name

    @property
    def file(self) -> str | None:
        return self.typed.graph.source

    def where(self, line: int | None) -> str:
        place = self.file or self.name
        return place if line is None else f"{place}:{line}"


@attrs.frozen
class End:
    """One end of a handover as found: the value (or op) in its graph, where it is, and what it
    holds there, in words."""

    graph: str  # the graph's name
    role: str
    file: str | None
    line: int | None
    value: str
    layout: str

    def to_json(self) -> dict[str, object]:
        return {
            "graph": self.graph,
            "role": self.role,
            "file": self.file,
            "line": self.line,
            "value": self.value,
            "layout": self.layout,
        }


@attrs.frozen
class Handover:
    """A hand that does not hold: the diagnostic (at the receiving end) and both ends."""

    diagnostic: Diagnostic
    source: End
    target: End
    graph: int  # the side the diagnostic's line is in (the receiving one)


@attrs.frozen
class CrossReport:
    """Both graphs' own reports and the handovers between them that break the interface."""

    contract: str
    kind: str
    sides: tuple[Side, Side]
    reports: tuple[Report, Report]
    handovers: tuple[Handover, ...]

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.reports) and not any(
            h.diagnostic.is_error for h in self.handovers
        )

    def to_json(self) -> dict[str, object]:
        graphs = []
        for side, report in zip(self.sides, self.reports, strict=True):
            document = report.to_json(None)
            document["role"] = side.role
            graphs.append(document)
        return {
            "ok": self.ok,
            "graph": self.sides[0].name,
            "with": self.sides[1].name,
            "graphs": [side.name for side in self.sides],
            "contract": self.contract,
            "interface": self.kind,
            "reports": graphs,
            # every finding, each with the graph it is in: both graphs' own, then the handovers
            "diagnostics": [
                {**d.to_json(side.file), "graph": side.name}
                for side, report in zip(self.sides, self.reports, strict=True)
                for d in report.diagnostics
            ]
            + [
                {
                    **h.diagnostic.to_json(self.sides[h.graph].file),
                    "graph": self.sides[h.graph].name,
                    "from": h.source.to_json(),
                    "to": h.target.to_json(),
                }
                for h in self.handovers
            ],
        }


def interface_contracts() -> tuple[str, ...]:
    """The shipped contracts with an ``interface:`` (what ``--with`` can check against)."""
    return tuple(
        name for name in available_contracts() if load_contract(name).interface is not None
    )


def check_pair(
    contract: Contract, first: TypedGraph, second: TypedGraph, reports: tuple[Report, Report]
) -> CrossReport:
    """Every hand of ``contract``'s interface between ``first`` (the graph ``check`` is given)
    and ``second`` (the ``--with`` graph). A value or op a hand names that a graph does not
    have is a usage error."""
    interface = contract.interface
    if interface is None:
        raise UsageError(f"contract {contract.name} has no interface: section for --with")
    sides = (Side(interface.graphs[0], first), Side(interface.graphs[1], second))
    found: list[Handover] = []
    for hand in interface.hands:
        found.extend(_check_hand(hand, sides, contract))
    return CrossReport(contract.name, interface.kind, sides, reports, tuple(found))


def _check_hand(hand: Hand, sides: tuple[Side, Side], contract: Contract) -> list[Handover]:
    if hand.source.select is not None:
        return _check_kv(hand, sides, contract)
    source, target = sides[hand.source.graph], sides[hand.target.graph]
    given = _value(hand.source, source)
    read = _value(hand.target, target)
    held, wanted = source.typed.value(given), target.typed.value(read)
    if held.is_top or wanted.is_top:  # a type error broke it already: reported there
        return []
    differences = [
        text
        for aspect in hand.expect
        if (text := _value_difference(aspect, held, wanted, source.typed, target.typed))
    ]
    if not differences:
        return []
    given_end = _value_end(source, given)
    read_end = _value_end(target, read)
    message = (
        f"{target.role} {read} ({target.where(read_end.line)}) reads {read_end.layout}, but "
        f"{source.role} {given} ({source.where(given_end.line)}) hands over "
        f"{given_end.layout}: " + "; ".join(differences)
    )
    return [_handover(hand, target, hand.target.graph, read_end, given_end, message)]


def _value(end: HandEnd, side: Side) -> ValueRef:
    graph = side.typed.graph
    if end.output is not None:
        if end.output >= len(graph.outputs):
            raise UsageError(
                f"{side.role} graph {side.name} has {len(graph.outputs)} outputs; the "
                f"interface names output {end.output}"
            )
        return graph.outputs[end.output]
    assert end.value is not None  # the parser gives each end one of value, output, select
    ref = ValueRef.parse(end.value)
    if ref.port == 0 and any(spec.name == ref.op for spec in graph.inputs):
        return ref
    if graph.has_op(ref.op):
        op = graph.op(ref.op)
        if ref.port < side.typed.registry[op.kind].output_count(op):
            return ref
    raise UsageError(
        f"{side.role} graph {side.name} has no value {end.value!r} (the interface's {end.text})"
    )


def _value_end(side: Side, ref: ValueRef) -> End:
    graph = side.typed.graph
    line = graph.op(ref.op).line if graph.has_op(ref.op) else graph.input(ref.op).line
    value = side.typed.value(ref)
    layout = f"{value.dtype.value}{side.typed.shape_text(value)} {value.layout}"
    return End(side.name, side.role, side.file, line, str(ref), layout)


def _value_difference(
    aspect: str, held: AbstractValue, wanted: AbstractValue, given: TypedGraph, read: TypedGraph
) -> str | None:
    """What differs in ``aspect`` between the value handed over and the value read, in words;
    None when they agree."""
    if aspect == "tokens" and held.tokens is not wanted.tokens:
        return f"tokens {held.tokens.name} handed over, {wanted.tokens.name} read"
    if aspect == "features" and held.features is not wanted.features:
        return f"features {held.features.name} handed over, {wanted.features.name} read"
    if aspect == "dtype" and held.dtype is not wanted.dtype:
        return f"dtype {held.dtype.value} handed over, {wanted.dtype.value} read"
    if aspect == "shape":
        mine, theirs = given.numeric_shape(held), read.numeric_shape(wanted)
        if len(mine) != len(theirs) or any(
            not _same_size(a, b) for a, b in zip(mine, theirs, strict=False)
        ):
            return (
                f"per-rank shape {given.shape_text(held)} handed over, "
                f"{read.shape_text(wanted)} read"
            )
    return None


def _same_size(a: sympy.Expr, b: sympy.Expr) -> bool:
    # each graph's symbols are its own: compare numbers, else the formulas as written
    if a.is_Number and b.is_Number:
        return bool(a == b)
    return format_expr(a) == format_expr(b)


# -- KV caches --------------------------------------------------------------------------------


def _check_kv(hand: Hand, sides: tuple[Side, Side], contract: Contract) -> list[Handover]:
    source, target = sides[hand.source.graph], sides[hand.target.graph]
    writers = _selected(hand.source, source, contract)
    readers = _selected(hand.target, target, contract)
    found = []
    for writer, reader in _paired(writers, readers):
        differences = []
        for aspect in hand.expect:
            mine, theirs = _kv_fact(aspect, writer, source), _kv_fact(aspect, reader, target)
            if mine != theirs:
                differences.append(
                    f"{_KV_WORDS[aspect]} {_shown(mine)} written, {_shown(theirs)} read"
                )
        if not differences:
            continue
        written = End(
            source.name,
            source.role,
            source.file,
            writer.line,
            writer.name,
            _kv_layout(writer, source),
        )
        read = End(
            target.name,
            target.role,
            target.file,
            reader.line,
            reader.name,
            _kv_layout(reader, target),
        )
        message = (
            f"{target.role} {reader.kind} {reader.name} ({target.where(reader.line)}) reads "
            f"the KV cache as {read.layout}, but {source.role} {writer.kind} {writer.name} "
            f"({source.where(writer.line)}) wrote it as {written.layout}: " + "; ".join(differences)
        )
        found.append(_handover(hand, target, hand.target.graph, read, written, message))
    return found


def _selected(end: HandEnd, side: Side, contract: Contract) -> list[Op]:
    assert end.select is not None
    graph = side.typed.graph
    ops = [
        op
        for op in _candidates(graph, end.select)
        if end.select.matches(op, graph, contract.transparent)
    ]
    if not ops:
        raise UsageError(
            f"{side.role} graph {side.name} has no op the interface's {end.text} selects"
        )
    return ops


def _paired(writers: Sequence[Op], readers: Sequence[Op]) -> list[tuple[Op, Op]]:
    """Each reader with the writer of its decoder layer; by position where the layers do not
    match (one layer of each, numbered differently)."""
    by_layer = {op.layer: op for op in writers if op.layer is not None}
    pairs = [
        (by_layer[op.layer], op) for op in readers if op.layer is not None and op.layer in by_layer
    ]
    if len(pairs) == len(readers):
        return pairs
    return list(zip(writers, readers, strict=False))


_KV_WORDS = {
    "kv_dcp": "decode context parallel size",
    "kv_heads_per_rank": "KV heads per rank",
    "kv_block_size": "block size",
}


def _kv_fact(aspect: str, op: Op, side: Side) -> int | str | None:
    """A KV-cache fact of an attention op, as a number where the symbols give one."""
    typed = side.typed
    spec = typed.registry[op.kind]
    if aspect == "kv_dcp":
        declared = spec.attrs.get("dcp")
        default = sympy.Integer(1) if declared is None else declared.default
        return _number(op.attr("dcp", default), typed)
    if aspect == "kv_block_size":
        return _number(op.attr("block_size"), typed)
    # the latent of MLA is one KV head every rank stores; GQA's are split with the heads
    kv_heads = op.attr("kv_heads")
    if kv_heads is None or not isinstance(kv_heads, sympy.Expr):
        return 1
    key = typed.value(op.inputs[1]) if len(op.inputs) > 1 else None
    if key is not None and key.features is FeatureState.SPLIT:
        group = str(op.attr("group", "tp"))
        return _number(sympy.ceiling(kv_heads / typed.context.groups[group]), typed)
    return _number(kv_heads, typed)


def _number(value: object, typed: TypedGraph) -> int | str | None:
    if value is None:
        return None
    if isinstance(value, sympy.Expr):
        number = evaluate(value, typed.context.values)
        return int(number) if number.is_Integer else format_expr(number)
    return str(value)


def _shown(fact: int | str | None) -> str:
    return "unstated" if fact is None else str(fact)


def _kv_layout(op: Op, side: Side) -> str:
    facts = [
        f"{_KV_WORDS[aspect]} {_shown(_kv_fact(aspect, op, side))}"
        for aspect in ("kv_dcp", "kv_heads_per_rank", "kv_block_size")
    ]
    return "(" + ", ".join(facts) + ")"


def _handover(hand: Hand, side: Side, index: int, read: End, given: End, message: str) -> Handover:
    op = side.typed.graph.op(read.value) if side.typed.graph.has_op(read.value) else None
    diagnostic = Diagnostic(
        rule=hand.doc,
        severity=Severity.ERROR,
        message=message,
        hint=hand.doc.fix,
        op=ValueRef.parse(read.value).op,
        layer=None if op is None else op.layer,
        line=read.line,
    )
    return Handover(diagnostic, given, read, index)


def render_cross_text(report: CrossReport) -> str:
    """Both graphs' reports, then each broken hand as ``file:line: error: message  [rule]``
    with the other graph's end as a note, then the verdict on the pair."""
    from layoutcheck.diagnostics import render_text
    from layoutcheck.terminal import clean

    blocks = [render_text(r) for r in report.reports]
    for handover in report.handovers:
        d = handover.diagnostic
        side = report.sides[handover.graph]
        lines = [clean(f"{side.where(d.line)}: {d.severity.value}: {d.message}  [{d.rule}]")]
        source = handover.source
        where = source.file or source.graph
        where = where if source.line is None else f"{where}:{source.line}"
        lines.append(clean(f"  note: handed over by {source.role} {source.value} at {where}"))
        if d.hint:
            lines.append(f"  help: {clean(d.hint)}")
        blocks.append("\n".join(lines))
    errors = sum(h.diagnostic.is_error for h in report.handovers)
    first, second = report.sides
    pair = (
        f"{first.role} {first.name} with {second.role} {second.name} against "
        f"{report.contract} ({report.kind})"
    )
    if report.ok:
        blocks.append(f"ok: {pair}: the handovers agree")
    else:
        own = sum(not r.ok for r in report.reports)
        blocks.append(
            f"FAILED: {pair}: {errors} handover error{'s' * (errors != 1)}"
            + (f", {own} graph{'s' * (own != 1)} with errors of its own" if own else "")
        )
    return "\n\n".join(blocks)
