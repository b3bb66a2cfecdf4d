"""A TensorCast trace next to layoutcheck's cost report of the same run: per op kind and per
layer both times, the difference, and the term that explains most of it.

Each side's time is split into the same terms, which add up to it exactly: the roofline time
(``compute`` where compute binds, ``memory`` where memory does), ``static`` (TensorCast's static
cost, layoutcheck's launch), ``communication``; a TensorCast event whose parts do not add up to
its duration is ``unsplit``. Time on one side only (events no op matched, ops no event matched)
is ``unmatched``. The cause of a difference is the term whose difference is largest; a
communication difference that TensorCast's choice of algorithm explains (layoutcheck's time is
near TensorCast's own estimate for another algorithm) is ``algorithm``.
"""

from __future__ import annotations

from collections import defaultdict

import attrs

from layoutcheck.cost.report import CostReport, Numbers
from layoutcheck.cost.trace import Trace, TraceEvent
from layoutcheck.cost.trace_kinds import TraceKinds, shipped_trace_kinds
from layoutcheck.cost.trace_match import (
    Matching,
    OpInstance,
    match_by_kind,
    match_by_node,
    token_extents,
)
from layoutcheck.engines.program import EngineProgram
from layoutcheck.interp import TypedGraph

FORMAT = "layoutcheck-trace-comparison/1"
TERMS = ("compute", "memory", "static", "communication", "unsplit")
CAUSES = (*TERMS, "unmatched", "algorithm")
# TensorCast writes whole µs in dur: its parts account for an event when they round to it
ROUNDING_US = 0.5 + 1e-6
# layoutcheck's collective time counts as TensorCast's estimate for an algorithm within this
ESTIMATE_TOLERANCE = 0.02
# a difference this small (µs, or this share of the larger time) has no cause worth naming
AGREE_US = 0.05
AGREE_SHARE = 0.005


@attrs.frozen
class Terms:
    """A time in µs, split into terms that add up to it."""

    compute: float = 0.0  # roofline time where compute binds
    memory: float = 0.0  # roofline time where memory binds
    static: float = 0.0  # TensorCast's static cost, layoutcheck's launch cost
    communication: float = 0.0
    unsplit: float = 0.0  # a TensorCast event whose parts do not add up to its duration

    @property
    def total(self) -> float:
        return self.compute + self.memory + self.static + self.communication + self.unsplit

    def __add__(self, other: Terms) -> Terms:
        # by hand, not over TERMS: a 100,000-event trace adds terms a million times
        return Terms(
            self.compute + other.compute,
            self.memory + other.memory,
            self.static + other.static,
            self.communication + other.communication,
            self.unsplit + other.unsplit,
        )

    def as_dict(self) -> dict[str, float]:
        return {term: getattr(self, term) for term in TERMS}


def _roofline(compute: float, memory: float, rest: Terms) -> Terms:
    binding = max(compute, memory)
    if compute >= memory:
        return attrs.evolve(rest, compute=binding)
    return attrs.evolve(rest, memory=binding)


def event_terms(event: TraceEvent, table: TraceKinds) -> Terms:
    """TensorCast's time of an event split into terms: ``max(compute, memory) + static``, or
    for a collective ``comm + static`` (the table's static: its args leave it out, and the
    memory they state is not added); when those parts do not round to the event's ``dur``,
    its ``dur`` unsplit."""
    if event.comm_us is not None:
        static = table.collective_static_us if event.static_us is None else event.static_us
        parts = Terms(static=static, communication=event.comm_us)
    else:
        compute, memory = event.compute_us or 0.0, event.memory_us or 0.0
        parts = _roofline(compute, memory, Terms(static=event.static_us or 0.0))
    if abs(parts.total - event.dur_us) <= ROUNDING_US:
        return parts
    return Terms(unsplit=event.dur_us)


def op_terms(numbers: Numbers) -> Terms:
    """layoutcheck's time of one op run, split into terms; the roofline is what the total holds
    beyond communication and launch, whatever the time formula (it is another module's)."""
    rest = Terms(static=numbers.launch_us, communication=numbers.communication_us)
    roofline = max(0.0, numbers.us - rest.total)
    if numbers.compute_us >= numbers.memory_us:
        return attrs.evolve(rest, compute=roofline)
    return attrs.evolve(rest, memory=roofline)


@attrs.frozen
class Row:
    """One op kind, one layer, or the whole run."""

    key: str | int | None
    tensorcast: Terms = Terms()  # matched events
    layoutcheck: Terms = Terms()  # matched op runs
    tensorcast_unmatched_us: float = 0.0
    layoutcheck_unmatched_us: float = 0.0
    events: int = 0
    ops: int = 0
    algorithm_us: float = 0.0  # of the communication difference, what an algorithm explains
    algorithms: tuple[str, ...] = ()  # the algorithms TensorCast chose where it explains
    estimated: tuple[str, ...] = ()  # the TensorCast estimates layoutcheck's times are near
    top: Row | None = None  # a layer's: its op kind that differs most

    @property
    def tensorcast_us(self) -> float:
        return self.tensorcast.total + self.tensorcast_unmatched_us

    @property
    def layoutcheck_us(self) -> float:
        return self.layoutcheck.total + self.layoutcheck_unmatched_us

    @property
    def delta_us(self) -> float:
        return self.layoutcheck_us - self.tensorcast_us

    def term_deltas(self) -> dict[str, float]:
        """layoutcheck − TensorCast per term; they add up to ``delta_us``."""
        deltas = {t: getattr(self.layoutcheck, t) - getattr(self.tensorcast, t) for t in TERMS}
        deltas["unmatched"] = self.layoutcheck_unmatched_us - self.tensorcast_unmatched_us
        return deltas

    @property
    def agrees(self) -> bool:
        larger = max(self.tensorcast_us, self.layoutcheck_us)
        return abs(self.delta_us) <= max(AGREE_US, AGREE_SHARE * larger)

    @property
    def cause(self) -> str | None:
        """The term whose difference is largest (None when the two agree)."""
        if self.agrees:
            return None
        deltas = self.term_deltas()
        term = max(deltas, key=lambda t: abs(deltas[t]))
        if term == "communication" and abs(self.algorithm_us) >= 0.5 * abs(deltas[term]):
            return "algorithm"
        return term

    def explanation(self) -> str:
        """The cause in words, with both sides' value of the term."""
        cause = self.cause
        if cause is None:
            return "agree"
        deltas = self.term_deltas()
        if cause == "algorithm":
            return (
                f"algorithm {self.algorithm_us:+.1f} µs (TensorCast chose "
                f"{', '.join(self.algorithms)}; layoutcheck's time is TensorCast's "
                f"{', '.join(self.estimated)} estimate)"
            )
        if cause == "unmatched":
            tc, lc = self.tensorcast_unmatched_us, self.layoutcheck_unmatched_us
            side = "TensorCast events no op matched" if tc > lc else "ops no event matched"
            return (
                f"unmatched {deltas[cause]:+.1f} µs ({side}: TensorCast {tc:.1f}, "
                f"layoutcheck {lc:.1f})"
            )
        if cause == "unsplit":
            return f"unsplit {deltas[cause]:+.1f} µs (TensorCast events whose parts miss their dur)"
        tc, lc = getattr(self.tensorcast, cause), getattr(self.layoutcheck, cause)
        text = f"{cause} {deltas[cause]:+.1f} µs (TensorCast {tc:.1f}, layoutcheck {lc:.1f})"
        if cause in ("compute", "memory"):
            other = "memory" if cause == "compute" else "compute"
            flipped = {
                name: getattr(side, other)
                for name, side in (
                    ("TensorCast", self.tensorcast),
                    ("layoutcheck", self.layoutcheck),
                )
                if getattr(side, other) > getattr(side, cause)
            }
            if flipped:  # one side is bound by the other term: say so, or the text misleads
                text += "; " + ", ".join(f"{k} {v:.1f} {other}-bound" for k, v in flipped.items())
        return text


@attrs.frozen
class UnmatchedTime:
    """An event no op matched, or an op run no event matched, with its time."""

    side: str  # "tensorcast" or "layoutcheck"
    name: str  # the event's target, or the op's name
    kind: str
    layer: int | None
    us: float
    reason: str
    index: int | None = None  # the event's position among the trace's events


@attrs.frozen
class TraceComparison:
    graph: str
    trace: str
    method: str
    device: str
    rank: str | int
    total: Row
    kinds: tuple[Row, ...]  # by |Δ|, largest first
    layers: tuple[Row, ...]  # in layer order; the ops outside the layers last
    unmatched: tuple[UnmatchedTime, ...]
    events: int
    matched_events: int
    unsplit_events: int
    unpriced: tuple[str, ...]  # ops layoutcheck could not price (a type error upstream)

    @property
    def coverage(self) -> float:
        """The share of TensorCast's time in events an op matched."""
        total = self.total.tensorcast_us
        return self.total.tensorcast.total / total if total else 0.0


@attrs.define
class _Sums:
    """One row being summed."""

    tensorcast: Terms = Terms()
    layoutcheck: Terms = Terms()
    tensorcast_unmatched_us: float = 0.0
    layoutcheck_unmatched_us: float = 0.0
    events: int = 0
    ops: int = 0
    algorithm_us: float = 0.0
    algorithms: set[str] = attrs.Factory(set)
    estimated: set[str] = attrs.Factory(set)

    def add(self, other: _Sums) -> None:
        self.tensorcast += other.tensorcast
        self.layoutcheck += other.layoutcheck
        self.tensorcast_unmatched_us += other.tensorcast_unmatched_us
        self.layoutcheck_unmatched_us += other.layoutcheck_unmatched_us
        self.events += other.events
        self.ops += other.ops
        self.algorithm_us += other.algorithm_us
        self.algorithms |= other.algorithms
        self.estimated |= other.estimated

    def row(self, key: str | int | None, top: Row | None = None) -> Row:
        return Row(
            key,
            self.tensorcast,
            self.layoutcheck,
            self.tensorcast_unmatched_us,
            self.layoutcheck_unmatched_us,
            self.events,
            self.ops,
            self.algorithm_us,
            tuple(sorted(self.algorithms)),
            tuple(sorted(self.estimated)),
            top,
        )


def _algorithm(events: list[TraceEvent], layoutcheck: Terms, tensorcast: Terms) -> _Sums:
    """When layoutcheck's collective time is near TensorCast's own estimate for an algorithm
    other than the one TensorCast chose, that choice explains the communication difference."""
    found = _Sums()
    if len(events) != 1 or layoutcheck.communication <= 0:
        return found
    event = events[0]
    if event.algorithm is None or not event.estimates_us:
        return found
    name, estimate = min(
        event.estimates_us, key=lambda item: abs(item[1] - layoutcheck.communication)
    )
    near = abs(estimate - layoutcheck.communication) <= ESTIMATE_TOLERANCE * estimate
    if name != event.algorithm and near:
        found.algorithm_us = layoutcheck.communication - tensorcast.communication
        found.algorithms, found.estimated = {event.algorithm}, {name}
    return found


def _layer_order(layer: int | None) -> tuple[int, int]:
    return (1, 0) if layer is None else (0, layer)


def compare_trace(
    trace: Trace, report: CostReport, matching: Matching, table: TraceKinds
) -> TraceComparison:
    numbers = report.numbers()
    terms = [event_terms(event, table) for event in trace.events]
    by_kind: dict[str, _Sums] = defaultdict(_Sums)
    by_layer: dict[int | None, _Sums] = defaultdict(_Sums)
    by_layer_kind: dict[tuple[int | None, str], _Sums] = defaultdict(_Sums)
    total = _Sums()

    def add(kind: str, layer: int | None, sums: _Sums) -> None:
        for row in (by_kind[kind], by_layer[layer], by_layer_kind[(layer, kind)], total):
            row.add(sums)

    def run_terms(run: OpInstance) -> Terms:
        return op_terms(numbers[run.name])

    matched_events = 0
    for match in matching.matches:
        tensorcast = sum((terms[i] for i in match.events), Terms())
        layoutcheck = sum((run_terms(run) for run in match.ops), Terms())
        sums = _algorithm([trace.events[i] for i in match.events], layoutcheck, tensorcast)
        sums.tensorcast, sums.layoutcheck = tensorcast, layoutcheck
        sums.events, sums.ops = len(match.events), len(match.ops)
        matched_events += len(match.events)
        add(match.kind, match.layer, sums)

    unmatched: list[UnmatchedTime] = []
    for item in matching.unmatched_events:
        event = trace.events[item.event]
        us = terms[item.event].total
        unmatched.append(
            UnmatchedTime(
                "tensorcast", event.name, item.kind, item.layer, us, item.reason, event.index
            )
        )
        add(item.kind, item.layer, _Sums(tensorcast_unmatched_us=us, events=1))
    for op_item in matching.unmatched_ops:
        run = op_item.op
        us = run_terms(run).total
        unmatched.append(
            UnmatchedTime("layoutcheck", run.name, run.kind, run.layer, us, op_item.reason)
        )
        add(run.kind, run.layer, _Sums(layoutcheck_unmatched_us=us, ops=1))

    layers = []
    for layer in sorted(by_layer, key=_layer_order):
        within = [sums.row(kind) for (where, kind), sums in by_layer_kind.items() if where == layer]
        top = max(within, key=lambda row: abs(row.delta_us), default=None)
        layers.append(by_layer[layer].row(layer, top))
    kinds = [sums.row(kind) for kind, sums in by_kind.items()]
    return TraceComparison(
        graph=report.graph.name,
        trace=trace.source,
        method=matching.method,
        device=report.device.name,
        rank=report.rank,
        total=total.row("total"),
        kinds=tuple(sorted(kinds, key=lambda row: -abs(row.delta_us))),
        layers=tuple(layers),
        unmatched=tuple(unmatched),
        events=len(trace.events),
        matched_events=matched_events,
        unsplit_events=sum(1 for t in terms if t.unsplit),
        unpriced=report.unpriced,
    )


# -- JSON ------------------------------------------------------------------------------------


def _row_json(row: Row, key: str) -> dict[str, object]:
    return {
        key: row.key,
        "tensorcast_us": row.tensorcast_us,
        "layoutcheck_us": row.layoutcheck_us,
        "delta_us": row.delta_us,
        "events": row.events,
        "ops": row.ops,
        "cause": row.cause,
        "explanation": row.explanation(),
        "terms": {
            "tensorcast": row.tensorcast.as_dict(),
            "layoutcheck": row.layoutcheck.as_dict(),
            "delta": row.term_deltas(),
        },
        "unmatched": {
            "tensorcast_us": row.tensorcast_unmatched_us,
            "layoutcheck_us": row.layoutcheck_unmatched_us,
        },
    }


def comparison_json(comparison: TraceComparison) -> dict[str, object]:
    """The JSON of ``layoutcheck compare GRAPH --trace TRACE --format json``."""
    layers = []
    for row in comparison.layers:
        data = _row_json(row, "layer")
        data["top_kind"] = None if row.top is None else row.top.key
        if row.top is not None and not row.agrees:
            data["explanation"] = f"{row.top.key}: {row.top.explanation()}"
        layers.append(data)
    return {
        "format": FORMAT,
        "graph": comparison.graph,
        "trace": comparison.trace,
        "matched_by": comparison.method,
        "device": comparison.device,
        "rank": comparison.rank,
        "total": _row_json(comparison.total, "name"),
        "coverage": comparison.coverage,
        "events": {
            "total": comparison.events,
            "matched": comparison.matched_events,
            "unsplit": comparison.unsplit_events,
        },
        "by_kind": [_row_json(row, "kind") for row in comparison.kinds],
        "by_layer": layers,
        "unmatched": [attrs.asdict(item) for item in comparison.unmatched],
        "unpriced": list(comparison.unpriced),
    }


def compare_with_trace(
    trace: Trace,
    report: CostReport,
    *,
    program: EngineProgram | None = None,
    typed: TypedGraph | None = None,
    table: TraceKinds | None = None,
) -> TraceComparison:
    """Match ``trace`` to ``report`` and compare them: by engine node when ``program`` is the
    engine graph ``report`` was lowered from, else by op kind, layer and token extent (with
    the token extents ``typed`` gives, when given)."""
    table = table or shipped_trace_kinds()
    if program is not None:
        matching = match_by_node(trace, report, program, table)
    else:
        extents = token_extents(report, typed) if typed is not None else {}
        matching = match_by_kind(trace, report, table, extents)
    return compare_trace(trace, report, matching, table)
