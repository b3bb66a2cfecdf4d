"""A cost report as a chrome/Perfetto trace: one rank's ops back to back on one track, in the
event schema of TensorCast's ``--chrome-trace-file``, so the two traces open side by side.

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

import sympy

from layoutcheck.cost.render import formula_text
from layoutcheck.cost.report import CostReport, Numbers, OpEntry, rank_expr
from layoutcheck.graph import Graph, ValueRef, copy_name
from layoutcheck.interp import TypedGraph
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
    clock = 0.0
    for entry, layer, name in _copies(report.entries, report.graph):
        n = numbers[entry.name]
        args: dict[str, object] = {"op": name, "layer": layer, **describe.args(entry, n)}
        if entry.count > 1:
            args["copy_of"] = entry.name  # the region's representative op
            args["region_repeat"] = entry.count
        events.append(
            {
                "name": entry.kind,
                "cat": CATEGORY,
                "ph": "X",
                "ts": clock,
                "dur": n.us,
                "pid": PID,
                "tid": tid,
                "args": args,
            }
        )
        clock += n.us
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

    def __init__(self, report: CostReport, typed: TypedGraph) -> None:
        self.report = report
        self.typed = typed
        self.formulas: dict[Expr, str] = {}
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

    def _shared(self, entry: OpEntry, n: Numbers) -> dict[str, object]:
        typed = self.typed
        op = typed.graph.op(entry.name)
        inputs = [typed.describe(ref) for ref in op.inputs]
        outputs = [
            typed.describe(ValueRef(op.name, port)) for port in range(len(typed.outputs_of(op)))
        ]
        in_values = typed.inputs_of(op)
        out_values = typed.outputs_of(op)
        time, comm = entry.time, entry.cost.comm
        args: dict[str, object] = {
            # TensorCast's keys, with its types (text), so a reader of its traces reads ours
            "Inputs": "(" + ", ".join(inputs) + ")",
            "Output": outputs[0] if len(outputs) == 1 else "(" + ", ".join(outputs) + ")",
            "simulation_shapes": json.dumps(
                [[_dim(d) for d in typed.numeric_shape(v)] for v in in_values]
            ),
            "compute_time_s": repr(n.compute_us / 1e6),
            "memory_access_time_s": repr(n.memory_us / 1e6),
            "static_cost_time_s": repr(n.launch_us / 1e6),
            "is_compute_bound": str(n.bound == "compute"),
        }
        if comm is not None:
            args["comm_time_s"] = repr(n.communication_us / 1e6)
            args["group_size"] = str(_dim(_value(comm.size, self.report)))
        # layoutcheck's own
        args["layout"] = (
            ", ".join(v.layout for v in in_values) + " → " + ", ".join(v.layout for v in out_values)
        )
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
    values = {symbol(k): sympy.Integer(v) for k, v in report.values.items()}
    return sympy.sympify(expr).xreplace(values)


def _dim(expr: Expr) -> int | str:
    """A dimension as TensorCast writes it (a number), or its formula when a symbol is unset."""
    return int(expr) if expr.is_Integer else str(expr)


def write_trace(path: str, report: CostReport, typed: TypedGraph) -> str:
    """Write the trace of ``report`` to ``path``; a line saying what was written."""
    from layoutcheck.errors import UsageError
    from layoutcheck.files import write_text

    trace = chrome_trace(report, typed, report.numbers())
    write_text(path, dumps_trace(trace), UsageError, f"--trace {path}")
    events = op_events(trace)
    total = sum(float(event["dur"]) for event in events)
    return f"wrote {path}: {len(events)} op events, {total / 1000:.2f} ms"
