"""A cost report as a chrome/Perfetto trace: one rank's ops back to back on one track, in the
event schema of TensorCast's ``--chrome-trace-file``, so the two traces open side by side; or
(``--ranks all``) every rank of the tp group as its own process, a compute and a communication
stream each, and a flow arrow through each collective's slices on the ranks it joins.

    {"traceEvents": [{"name": "process_name", "ph": "M", ...},
                     {"name": "linear", "cat": "layoutcheck", "ph": "X", "ts": 0.0, "dur": 14.2,
                      "pid": 1, "tid": 15, "args": {"Inputs": ..., "compute_time_s": ..., ...}}]}

An op of a repetition region standing for k layers appears k times, once per layer copy, so the
durations add up to the report's total.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import attrs
import sympy

from layoutcheck.cost.render import formula_text
from layoutcheck.cost.report import CostReport, Numbers, OpEntry, rank_expr
from layoutcheck.cost.timing import op_time
from layoutcheck.errors import UsageError
from layoutcheck.graph import Graph, Op, ValueRef, copy_name
from layoutcheck.interp import TypedGraph
from layoutcheck.lattice import AbstractValue, TokenLayout
from layoutcheck.ops.costing import HOST_STEP, Comm, CommPattern, OpCost
from layoutcheck.ops.traits import Trait
from layoutcheck.symbols import Expr, symbol

# TensorCast's trace is process 0 ("analytic (PID: 0)"); ours is another process, so the two
# merged into one view (chrome://tracing loads several files into one) keep separate tracks.
PID = 1
CATEGORY = "layoutcheck"


def chrome_trace(
    report: CostReport, typed: TypedGraph, numbers: Mapping[str, Numbers]
) -> dict[str, object]:
    """The trace of ``report`` (``numbers`` its ops' numbers, ``typed`` the graph it priced)."""
    number = _rank_number(report)
    tid = 0 if number is None else number
    track = f"rank {report.rank}" if number is None else f"rank {number} ({report.rank})"
    events: list[dict[str, object]] = [
        {
            "name": "process_name",
            "ph": "M",
            "pid": PID,
            "args": {"name": f"layoutcheck {report.graph.name} on {report.device.name}"},
        },
        {
            "name": "thread_name",
            "ph": "M",
            "pid": PID,
            "tid": tid,
            "args": {"name": track},
        },
    ]
    describe = _Describer(report, typed)
    # each kernel in graph order, then the hardware model's host time after them
    spans: list[tuple[OpEntry, dict[str, object]]] = []
    for entry, layer, name in _copies(report.op_entries, report.graph):
        n = numbers[entry.name]
        args: dict[str, object] = {"op": name, "layer": layer, **describe.args(entry, n)}
        if entry.count > 1:
            args["copy_of"] = entry.name  # the region's representative op
            args["region_repeat"] = entry.count
        spans.append((entry, args))
    for entry in _host_entries(report):
        n = numbers[entry.name]
        spans.append((entry, {"op": entry.name, "layer": None, "us": n.us, "bound": n.bound}))
    clock = 0.0
    for entry, args in spans:
        us = numbers[entry.name].us
        events.append(
            {
                "name": entry.kind,
                "cat": CATEGORY,
                "ph": "X",
                "ts": clock,
                "dur": us,
                "pid": PID,
                "tid": tid,
                "args": args,
            }
        )
        clock += us
    return {
        "traceEvents": events,
        "otherData": {
            "tool": "layoutcheck",
            "graph": report.graph.name,
            "device": report.device.name,
            "rank": str(report.rank),
            "symbols": dict(report.values),
            "total_us": clock,
            "unpriced": list(report.unpriced),
        },
    }


def dumps_trace(trace: Mapping[str, object]) -> str:
    # one event a line: a trace of thousands of ops stays greppable and diffable
    events = trace["traceEvents"]
    assert isinstance(events, Sequence)
    rest = {key: value for key, value in trace.items() if key != "traceEvents"}
    lines = ",\n".join(json.dumps(event, ensure_ascii=False) for event in events)
    tail = json.dumps(rest, ensure_ascii=False)[1:-1]
    return '{"traceEvents": [\n' + lines + "\n]" + (", " + tail if tail else "") + "}\n"


def op_events(trace: Mapping[str, object]) -> list[dict[str, Any]]:
    """The op events of a trace (not its metadata)."""
    events = trace["traceEvents"]
    assert isinstance(events, Sequence)
    return [event for event in events if event.get("ph") == "X"]


def _host_entries(report: CostReport) -> tuple[OpEntry, ...]:
    """The report's entries that are no op of the graph (the hardware model's host step)."""
    return tuple(entry for entry in report.entries if entry.kind == HOST_STEP)


def _rank_number(report: CostReport) -> int | None:
    """The rank the report costs, the track's thread id: ``last`` of tp 16 is 15; None when
    tp has no value (the track is then named by the option alone, on thread 0)."""
    values = {symbol(k): sympy.Integer(v) for k, v in report.values.items()}
    rank = rank_expr(report.rank, report.graph).xreplace(values)
    return int(rank) if rank.is_Integer else None


def _copies(entries: Sequence[OpEntry], graph: Graph) -> Iterator[tuple[OpEntry, int | None, str]]:
    """Every op once per layer it stands for, in run order: a run of a region's ops is played
    ``repeat`` times, copy k on layer ``layer + k`` (as ``by_layer`` counts them), named as
    the expanded graph names it."""
    index = 0
    while index < len(entries):
        entry = entries[index]
        if entry.count <= 1 or entry.layer is None:
            yield entry, entry.layer, entry.name
            index += 1
            continue
        end = index
        while (
            end < len(entries)
            and entries[end].layer == entry.layer
            and entries[end].count == entry.count
        ):
            end += 1
        for k in range(entry.count):
            for member in entries[index:end]:
                layer = member.layers[k]
                assert layer is not None  # a region's op is in its layer
                yield member, layer, copy_name(graph.op(member.name), layer)
        index = end


class _Describer:
    """An op's args; what every copy of a region shares (shapes, formulas) computed once."""

    def __init__(
        self,
        report: CostReport,
        typed: TypedGraph,
        formulas: dict[Expr, str] | None = None,
        values: dict[str, dict[str, object]] | None = None,
    ) -> None:
        self.report = report
        self.typed = typed
        # shared by the ranks of one trace: their formulas are mostly the same expressions, and
        # an op's typed values (its shapes and layouts) are every rank's
        self.formulas: dict[Expr, str] = {} if formulas is None else formulas
        self.values: dict[str, dict[str, object]] = {} if values is None else values
        self.shared: dict[str, dict[str, object]] = {}

    def formula(self, seconds: Expr) -> str:
        text = self.formulas.get(seconds)
        if text is None:
            text = formula_text(self.report, seconds)
            self.formulas[seconds] = text
        return text

    def args(self, entry: OpEntry, n: Numbers) -> dict[str, object]:
        shared = self.shared.get(entry.name)
        if shared is None:
            shared = self._shared(entry, n)
            self.shared[entry.name] = shared
        return shared

    def typed_values(self, name: str) -> dict[str, object]:
        """The op's inputs, outputs, their shapes and layouts: the same on every rank."""
        found = self.values.get(name)
        if found is None:
            typed = self.typed
            op = typed.graph.op(name)
            inputs = [typed.describe(ref) for ref in op.inputs]
            count = len(typed.outputs_of(op))
            outputs = [typed.describe(ValueRef(op.name, port)) for port in range(count)]
            in_values = typed.inputs_of(op)
            out_values = typed.outputs_of(op)
            found = {
                "Inputs": "(" + ", ".join(inputs) + ")",
                "Output": outputs[0] if len(outputs) == 1 else "(" + ", ".join(outputs) + ")",
                "simulation_shapes": json.dumps(
                    [[_dim(d) for d in typed.numeric_shape(v)] for v in in_values]
                ),
                "layout": ", ".join(v.layout for v in in_values)
                + " → "
                + ", ".join(v.layout for v in out_values),
                "shape": [[_dim(d) for d in typed.numeric_shape(v)] for v in out_values],
            }
            self.values[name] = found
        return found

    def _shared(self, entry: OpEntry, n: Numbers) -> dict[str, object]:
        values = self.typed_values(entry.name)
        time, comm = entry.time, entry.cost.comm
        args: dict[str, object] = {
            # TensorCast's keys, with its types (text), so a reader of its traces reads ours
            "Inputs": values["Inputs"],
            "Output": values["Output"],
            "simulation_shapes": values["simulation_shapes"],
            "compute_time_s": repr(n.compute_us / 1e6),
            "memory_access_time_s": repr(n.memory_us / 1e6),
            "static_cost_time_s": repr(n.launch_us / 1e6),
            "is_compute_bound": str(n.bound == "compute"),
        }
        if comm is not None:
            args["comm_time_s"] = repr(n.communication_us / 1e6)
            args["group_size"] = str(_dim(_value(comm.size, self.report)))
        # layoutcheck's own
        args["layout"] = values["layout"]
        args["bound"] = n.bound
        args["us"] = n.us
        args["compute_us"] = n.compute_us
        args["memory_us"] = n.memory_us
        args["communication_us"] = n.communication_us
        args["launch_us"] = n.launch_us
        args["flops"] = n.flops
        args["hbm_bytes"] = n.hbm_bytes
        if comm is not None:
            args["comm_bytes"] = n.comm_bytes
            args["collective"] = f"{comm.kind} over {comm.group}"
        args["formula_us"] = self.formula(time.total)
        terms = {
            "compute": time.compute,
            "memory": time.memory,
            "communication": time.communication,
        }
        args["terms_us"] = {name: self.formula(e) for name, e in terms.items() if e != 0}
        return args


def _value(expr: Expr, report: CostReport) -> Expr:
    return sympy.sympify(expr).xreplace(_values(report))


def _dim(expr: Expr) -> int | str:
    """A dimension as TensorCast writes it (a number), or its formula when a symbol is unset."""
    return int(expr) if expr.is_Integer else str(expr)


def write_trace(path: str, report: CostReport, typed: TypedGraph) -> str:
    """Write the trace of ``report`` to ``path``; a line saying what was written."""
    from layoutcheck.files import write_text

    trace = chrome_trace(report, typed, report.numbers())
    write_text(path, dumps_trace(trace), UsageError, f"--trace {path}")
    events = op_events(trace)
    total = sum(float(event["dur"]) for event in events)
    return f"wrote {path}: {len(events)} op events, {total / 1000:.2f} ms"


# -- every rank of the tp group: one process each, a track per stream, flows ------------------

COMPUTE, COMMUNICATION = 0, 1  # a rank's two streams, its threads
STREAMS = {COMPUTE: "compute", COMMUNICATION: "communication"}
# a collective kernel inside a compute op (an MoE's dispatch and combine): drawn on the
# communication stream within its op's time, so it is not an op slice of its own
KERNEL_CATEGORY = "layoutcheck.kernel"


def group_size(report: CostReport) -> int:
    """How many ranks the tp group has, as a number (1 without a tp group)."""
    last = rank_expr("last", report.graph).xreplace(_values(report))
    if not last.is_Integer:
        raise UsageError("--ranks: the tp group's size has no value; set it with --set tp=N")
    return int(last) + 1


def parse_ranks(text: str, report: CostReport) -> tuple[int, ...]:
    """The ranks ``--ranks`` names: ``all`` (the tp group), or numbers such as ``0,3,15``."""
    size = group_size(report)
    if text == "all":
        _bounded(size, report, text)
        return tuple(range(size))
    ranks: set[int] = set()
    for item in text.split(","):
        word = item.strip()
        if not (word.isascii() and word.isdigit()) or len(word) > 9:
            raise UsageError(f"--ranks {text!r}: write all or rank numbers such as 0,3")
        if int(word) >= size:
            raise UsageError(f"--ranks {text!r}: the tp group has ranks 0..{size - 1}")
        ranks.add(int(word))
    _bounded(len(ranks), report, text)
    return tuple(sorted(ranks))


def _bounded(count: int, report: CostReport, text: str) -> None:
    """Refuse a trace of more ranks × ops than MAX_TRACE_WORK (each rank is priced whole)."""
    from layoutcheck.limits import MAX_TRACE_WORK, TRACE_RANK_WEIGHT

    ops = len(report.op_entries)
    if count * (ops + TRACE_RANK_WEIGHT) > MAX_TRACE_WORK:
        most = max(1, MAX_TRACE_WORK // (ops + TRACE_RANK_WEIGHT))
        raise UsageError(
            f"--ranks {text[:60]!r}: {count:,} ranks of {ops:,} ops each is more than a trace "
            f"holds; trace at most {most:,} ranks of this graph (e.g. --ranks 0,1,{most - 1})"
        )


@attrs.frozen
class _Collective:
    """A collective an op runs: where in the op it starts (µs) and how long it takes, per rank."""

    comm: Comm
    part: str | None  # the kernel's name inside a compute op; None when it is the whole op
    offsets: tuple[float, ...]
    durations: tuple[float, ...]


def rank_trace(reports: Sequence[CostReport], typed: TypedGraph) -> dict[str, object]:
    """The trace of several ranks' reports of one graph (each ``report.rank`` a number): each
    rank's ops back to back on its compute or communication stream. A collective over a group
    that holds the traced ranks starts on all of them when the last arrives (the wait is a gap
    before it, and ``waited_us``), with a flow through its slices in rank order, so each rank's
    slices add up to its report's total and the arrows show who waits for whom."""
    ranks = [int(report.rank) for report in reports]
    events: list[dict[str, object]] = []
    for rank in ranks:
        events.extend(_rank_metadata(rank, reports[0]))
    numbers = [report.numbers() for report in reports]
    formulas: dict[Expr, str] = {}
    values: dict[str, dict[str, object]] = {}
    describers = [_Describer(report, typed, formulas, values) for report in reports]
    parts = [_Parts(report) for report in reports]
    registry = typed.registry
    clocks = [0.0] * len(ranks)
    flow_id = 0
    for step in zip(*(_copies(report.op_entries, report.graph) for report in reports), strict=True):
        entry = step[0][0]
        assert all(copy[0].name == entry.name for copy in step)  # one graph, one order
        op = typed.graph.op(entry.name)
        stream = COMMUNICATION if registry.is_(entry.kind, Trait.COLLECTIVE) else COMPUTE
        collectives = _collectives(entry, reports, numbers, parts) if len(ranks) > 1 else []
        starts = list(clocks)
        if collectives:
            # every rank's first collective starts together, when the last rank reaches it
            offsets = collectives[0].offsets
            meet = max(clock + offset for clock, offset in zip(clocks, offsets, strict=True))
            starts = [meet - offset for offset in offsets]
        for index, (rank, (copy, layer, name)) in enumerate(zip(ranks, step, strict=True)):
            n = numbers[index][copy.name]
            args: dict[str, object] = {"op": name, "layer": layer, "rank": rank}
            args.update(describers[index].args(copy, n))
            args["shape"] = describers[index].typed_values(copy.name)["shape"]
            args.update(_rank_args(op, typed, reports[index], rank))
            if collectives:
                args["waited_us"] = starts[index] - clocks[index]
            events.append(_slice(copy.kind, CATEGORY, starts[index], n.us, rank, stream, args))
            clocks[index] = starts[index] + n.us
        for collective in collectives:
            events.extend(_linked(collective, flow_id, ranks, starts, [c[2] for c in step]))
            flow_id += 1
    for index, (rank, report) in enumerate(zip(ranks, reports, strict=True)):
        for entry in _host_entries(report):  # each rank's host time, after its kernels
            n = numbers[index][entry.name]
            args = {"op": entry.name, "layer": None, "rank": rank, "us": n.us, "bound": n.bound}
            events.append(_slice(entry.kind, CATEGORY, clocks[index], n.us, rank, COMPUTE, args))
            clocks[index] += n.us
    first = reports[0]
    return {
        "traceEvents": events,
        "otherData": {
            "tool": "layoutcheck",
            "graph": first.graph.name,
            "device": first.device.name,
            "ranks": ranks,
            "symbols": dict(first.values),
            "total_us": {
                str(rank): _total(report, n)
                for rank, report, n in zip(ranks, reports, numbers, strict=True)
            },
            "end_us": max(clocks),
            "collectives": flow_id,
            "unpriced": list(first.unpriced),
        },
    }


def _linked(
    collective: _Collective,
    flow_id: int,
    ranks: Sequence[int],
    starts: Sequence[float],
    names: Sequence[str],
) -> list[dict[str, object]]:
    """One collective instance on every traced rank: a kernel's slice (the op's own slice is
    the collective when it is one), and the flow through them in rank order — ``s`` on the
    first rank, ``t`` on each between, ``f`` on the last, one id — each at its slice's start
    on the same thread and category, the binding chrome://tracing and Perfetto both use."""
    events: list[dict[str, object]] = []
    comm = collective.comm
    category = CATEGORY if collective.part is None else KERNEL_CATEGORY
    for index, rank in enumerate(ranks):
        start = starts[index] + collective.offsets[index]
        if collective.part is not None:
            kernel_args: dict[str, object] = {
                "op": names[index],
                "kernel": collective.part,
                "collective": f"{comm.kind} over {comm.group}",
                "bound": "communication",
                "us": collective.durations[index],
            }
            duration = collective.durations[index]
            events.append(
                _slice(comm.kind, category, start, duration, rank, COMMUNICATION, kernel_args)
            )
        phase = "s" if index == 0 else "f" if index == len(ranks) - 1 else "t"
        events.append(
            {
                "name": comm.kind,
                "cat": category,
                "ph": phase,
                "id": flow_id,
                "ts": start,
                "pid": rank,
                "tid": COMMUNICATION,
                "bp": "e",  # bound to the slice it lies in, not the next one
            }
        )
    return events


def _rank_metadata(rank: int, report: CostReport) -> list[dict[str, object]]:
    name = f"rank {rank}"
    events: list[dict[str, object]] = [
        {"name": "process_name", "ph": "M", "pid": rank, "args": {"name": name}},
        {"name": "process_sort_index", "ph": "M", "pid": rank, "args": {"sort_index": rank}},
        {
            "name": "process_labels",
            "ph": "M",
            "pid": rank,
            "args": {"labels": f"{report.graph.name} on {report.device.name}"},
        },
    ]
    for tid, stream in STREAMS.items():
        events.append(
            {"name": "thread_name", "ph": "M", "pid": rank, "tid": tid, "args": {"name": stream}}
        )
        events.append(
            {
                "name": "thread_sort_index",
                "ph": "M",
                "pid": rank,
                "tid": tid,
                "args": {"sort_index": tid},
            }
        )
    return events


def _slice(
    name: str, category: str, ts: float, dur: float, pid: int, tid: int, args: dict[str, object]
) -> dict[str, object]:
    return {
        "name": name,
        "cat": category,
        "ph": "X",
        "ts": ts,
        "dur": dur,
        "pid": pid,
        "tid": tid,
        "args": args,
    }


def _total(report: CostReport, numbers: Mapping[str, Numbers]) -> float:
    return sum(entry.count * numbers[entry.name].us for entry in report.entries)


class _Parts:
    """The numbers of a separate-kernel op's parts on one rank, evaluated once per op."""

    def __init__(self, report: CostReport) -> None:
        self.report = report
        self.held: dict[str, list[tuple[str, OpCost, Numbers]]] = {}

    def of(self, entry: OpEntry) -> list[tuple[str, OpCost, Numbers]]:
        found = self.held.get(entry.name)
        if found is None:
            device = self.report.device
            entries = tuple(
                OpEntry(f"{index}", entry.kind, None, 1, part, op_time(part, device))
                for index, (_, part) in enumerate(entry.cost.parts)
            )
            numbers = attrs.evolve(self.report, entries=entries).numbers()
            found = [
                (name, part, numbers[f"{index}"])
                for index, (name, part) in enumerate(entry.cost.parts)
            ]
            self.held[entry.name] = found
        return found


def _collectives(
    entry: OpEntry,
    reports: Sequence[CostReport],
    numbers: Sequence[Mapping[str, Numbers]],
    parts: Sequence[_Parts],
) -> list[_Collective]:
    """The collectives of an op that join the traced ranks: the op itself, or the collective
    kernels of an op made of separate kernels, each with its offset into the op per rank."""
    report = reports[0]
    cost = entry.cost
    if not (cost.separate and cost.parts):
        if cost.comm is None or not _joins_ranks(cost.comm, report):
            return []
        durations = tuple(n[entry.name].us for n in numbers)
        return [_Collective(cost.comm, None, (0.0,) * len(reports), durations)]
    found: list[_Collective] = []
    per_rank = [held.of(entry) for held in parts]
    offsets = [0.0] * len(reports)
    for index, (name, part, _) in enumerate(per_rank[0]):
        durations = tuple(kernels[index][2].us for kernels in per_rank)
        if part.comm is not None and _joins_ranks(part.comm, report):
            found.append(_Collective(part.comm, name, tuple(offsets), durations))
        offsets = [offset + us for offset, us in zip(offsets, durations, strict=True)]
    return found


def _joins_ranks(comm: Comm, report: CostReport) -> bool:
    """Does the collective run over a group that holds the traced ranks (the tp group's)? A
    group of more than one rank is laid over whole tp groups when its size is a multiple of
    tp's: as a formula (tp, ep = dp·tp), else as a number (a graph file's own ``ep`` symbol).
    Ranks are numbered tp-fastest, so a group of other sizes splits the tp group. A
    send/recv joins no two ranks of one tp group (its size is the span of the pair)."""
    if comm.pattern is CommPattern.POINT_TO_POINT:
        return False
    size = sympy.sympify(comm.size)
    count = _value(size, report)
    if not count.is_Integer or int(count) <= 1:
        return False
    tp = sympy.sympify(dict(report.graph.groups).get("tp", sympy.Integer(1)))
    if sympy.fraction(sympy.cancel(size / tp))[1] == 1:
        return True
    tp_count = _value(tp, report)
    return bool(tp_count.is_Integer and int(count) % int(tp_count) == 0)


def _rank_args(op: Op, typed: TypedGraph, report: CostReport, rank: int) -> dict[str, object]:
    """What is the rank's own: the token rows it holds, its experts."""
    outputs = typed.outputs_of(op)
    args: dict[str, object] = {"tokens": [_token_rows(value, typed, rank) for value in outputs]}
    experts = _local_experts(op, typed, report, rank)
    if experts is not None:
        args["experts"] = experts
    return args


def _token_rows(value: AbstractValue, typed: TypedGraph, rank: int) -> str | None:
    """The global token rows the rank holds, ``first..last``: its slice of a LOCAL value, all
    of a FULL one (architecture.md's concrete meaning); None without a number."""
    if value.is_top or not value.shape:
        return None
    rows = typed.numeric_shape(value)[0]
    if not rows.is_Integer:
        return None
    n = int(rows)
    first = rank * n if value.tokens is TokenLayout.LOCAL else 0
    return f"{first}..{first + n - 1}"


def _local_experts(op: Op, typed: TypedGraph, report: CostReport, rank: int) -> str | None:
    """The routed experts an expert op of the rank computes, ``first..last of E``: its share of
    its group's experts (the tp ranks of the first dp replica are ep ranks 0..tp−1)."""
    spec = typed.registry[op.kind]
    if not typed.registry.is_(op.kind, Trait.EXPERT):
        return None
    given = {name: attr.default for name, attr in spec.attrs.items() if attr.default is not None}
    given.update(op.attr_dict)
    experts, group = given.get("experts"), given.get("group")
    if not isinstance(experts, sympy.Expr) or not isinstance(group, str):
        return None
    size = typed.context.groups.get(group)
    if size is None:
        return None
    total, ranks = _value(experts, report), _value(size, report)
    if not (total.is_Integer and ranks.is_Integer) or int(ranks) < 1:
        return None
    local = int(total) // int(ranks)
    return f"{rank * local}..{(rank + 1) * local - 1} of {int(total)}"


def _values(report: CostReport) -> dict[sympy.Symbol, sympy.Integer]:
    return {symbol(k): sympy.Integer(v) for k, v in report.values.items()}


def write_rank_trace(path: str, reports: Sequence[CostReport], typed: TypedGraph) -> str:
    """Write the trace of several ranks' reports to ``path``; a line saying what was written."""
    from layoutcheck.files import write_text

    trace = rank_trace(reports, typed)
    write_text(path, dumps_trace(trace), UsageError, f"--trace {path}")
    other = trace["otherData"]
    assert isinstance(other, Mapping)
    slices = sum(1 for event in op_events(trace) if event["cat"] == CATEGORY and event["ph"] == "X")
    return (
        f"wrote {path}: {len(reports)} ranks, {slices} op slices, {other['collectives']} "
        f"collectives linked, {float(other['end_us']) / 1000:.2f} ms"
    )
