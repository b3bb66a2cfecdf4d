"""The ``cost`` command: FLOPs, bytes, communication and time on a device."""

from __future__ import annotations

import argparse
import json
from typing import Any

from layoutcheck.cli.common import (
    add_device,
    add_pipeline,
    add_quant,
    add_target,
    cost_report_of,
    note,
    session_of,
    unchecked_exit,
)
from layoutcheck.errors import (
    UsageError,
)


def add_parser(commands: Any) -> None:
    cost = commands.add_parser("cost", help="FLOPs, bytes, communication and time on a device")
    add_target(cost)
    add_pipeline(cost)
    add_device(cost)
    add_quant(cost)
    cost.add_argument(
        "--by",
        choices=("op", "kind", "layer", "category"),
        help="the table's rows (default kind); with --pp, each stage's table after the stages'",
    )
    cost.add_argument("--symbolic", action="store_true", help="print the formulas (µs)")
    cost.add_argument("--format", choices=("text", "json"), default="text")
    cost.add_argument(
        "--trace", metavar="FILE.json", help="also write a chrome/Perfetto trace of the op times"
    )
    cost.add_argument(
        "--ranks",
        metavar="all|N,…",
        help="--trace draws these ranks of the tp group, each a process with a compute and a "
        "communication track and a flow through every collective: all, or numbers such as 0,3 "
        "(default: the one rank --rank picks, on one track)",
    )


def run_cost(args: argparse.Namespace) -> int:
    from layoutcheck.cost.render import render_cost, render_symbolic
    from layoutcheck.cost.report import summarize

    if args.pp > 1:
        from layoutcheck.cli import pipeline

        return pipeline.run_cost(args)
    if args.ranks is not None and args.trace is None:
        raise UsageError("--ranks picks the ranks of --trace: give --trace FILE.json too")
    session = session_of(args)
    report = cost_report_of(args, session)
    if args.trace is not None and args.ranks is not None:
        from layoutcheck.cost.chrome import parse_ranks, write_rank_trace

        ranks = parse_ranks(args.ranks, report)
        reports = [session.cost(args.device, rank=rank) for rank in ranks]
        note(write_rank_trace(args.trace, reports, session.quantized))
    elif args.trace is not None:
        from layoutcheck.cost.chrome import write_trace

        note(write_trace(args.trace, report, session.quantized))
    if args.symbolic:
        print(render_symbolic(report))
        return unchecked_exit(session)
    numbers = report.numbers()
    if args.format == "json":
        data: dict[str, object] = {
            "graph": report.graph.name,
            "device": report.device.name,
            "rank": report.rank,
            "unpriced": list(report.unpriced),
            # of those, the ops whose cost rule failed on their values, and why
            "cost_rule_failed": dict(report.faults),
        }
        data.update(summarize(report, numbers))
        print(json.dumps(data, indent=1))
    else:
        print(render_cost(report, numbers, args.by or "kind"))
    return unchecked_exit(session)
