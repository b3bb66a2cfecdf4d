"""The ``compare`` command: two layouts side by side, or a graph against a TensorCast trace."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from layoutcheck.cli.common import (
    add_device,
    add_pipeline,
    add_plot,
    add_quant,
    add_target,
    cost_report_of,
    session_of,
    unchecked_exit,
)
from layoutcheck.errors import (
    UsageError,
)
from layoutcheck.terminal import clean, clean_line

if TYPE_CHECKING:
    pass


def add_parser(commands: Any) -> None:
    compare = commands.add_parser(
        "compare", help="two layouts of a model (or two graph files) side by side"
    )
    add_target(compare)
    add_pipeline(compare)
    compare.add_argument("other", nargs="?", help="a second graph file to compare with")
    compare.add_argument(
        "--layouts",
        default="tensorcast,vllm-ascend",
        help="two --layout values to build and compare (default tensorcast,vllm-ascend)",
    )
    add_device(compare)
    add_quant(compare)
    compare.add_argument(
        "--trace",
        metavar="TRACE.json[.gz]",
        help="a TensorCast chrome trace of the same run: GRAPH's ops against its events, per "
        "op kind and per layer (costs rank 0, the rank TensorCast simulates, unless --rank)",
    )
    compare.set_defaults(rank=None)  # rank 0 against a trace, else the busiest
    add_plot(compare, "draw the per-layer difference to FILE.svg or FILE.png")


def run_compare(args: argparse.Namespace) -> int:
    from layoutcheck.cost.compare import compare_reports
    from layoutcheck.cost.render import render_comparison
    from layoutcheck.models import Layout

    if args.pp > 1:
        from layoutcheck.cli.pipeline import refuse

        refuse(args, "--trace", "--plot", "other")
    if args.trace is not None:
        return _compare_trace(args)
    args.rank = args.rank or "last"
    if args.plot:
        from layoutcheck.plot import require

        require(args.plot)  # a wrong name or no matplotlib: refused before the models are built
    if args.other is not None:
        sessions = (session_of(args), session_of(args, target=args.other))
        # a model by its name; a file by its graph's name (a path would not fit a column),
        # unless both graphs have one name
        names = tuple(
            target if session.is_model else session.graph.name
            for target, session in zip((args.graph, args.other), sessions, strict=True)
        )
        if names[0] == names[1]:
            names = (args.graph, args.other)
    else:
        given = getattr(args, "argv", ())
        if any(item == "--layout" or item.startswith("--layout=") for item in given):
            # compare builds the two --layouts itself: one --layout would be silently ignored
            raise UsageError(
                f"--layout {args.layout}: compare builds both of --layouts "
                f"({args.layouts}); give --layouts A,B, or compare two graph files"
            )
        layouts = [item.strip() for item in args.layouts.split(",")]
        known = [layout.value for layout in Layout]
        if len(layouts) != 2 or any(layout not in known for layout in layouts):
            raise UsageError(f"--layouts {args.layouts!r}: name two of {', '.join(known)}")
        if args.pp > 1:
            from layoutcheck.cli import pipeline

            return pipeline.run_compare(args, layouts)
        sessions = (session_of(args, layout=layouts[0]), session_of(args, layout=layouts[1]))
        names = (layouts[0], layouts[1])
    reports = [cost_report_of(args, session) for session in sessions]
    comparison = compare_reports(reports[0], reports[1], *names)
    if args.plot:
        from layoutcheck.plot import plot_layers

        layers, a_us, b_us = comparison.per_layer()
        plot_layers(
            args.plot,
            names=(comparison.a_name, comparison.b_name),
            layers=layers,
            a_us=a_us,
            b_us=b_us,
            title=f"{comparison.a_name} vs {comparison.b_name} on {reports[0].device.name}",
        )
    if args.format == "json":
        data = comparison.to_json()
        data["plot"] = args.plot
        print(json.dumps(data, indent=1))
    else:
        print(clean(render_comparison(comparison)))
        if args.plot:
            print(f"wrote {clean_line(args.plot)}")
    return max(unchecked_exit(session) for session in sessions)


def _compare_trace(args: argparse.Namespace) -> int:
    from layoutcheck.cost.render import render_trace_comparison
    from layoutcheck.cost.trace import read_trace
    from layoutcheck.cost.trace_compare import compare_with_trace, comparison_json

    if args.other is not None:
        raise UsageError("--trace compares GRAPH with a trace: give no second graph")
    trace = read_trace(args.trace)  # a bad trace is refused before the graph is read
    args.rank = args.rank or "0"
    # a TensorCast trace is compared in TensorCast's model unless another is asked for
    args.cost_model = getattr(args, "cost_model", None) or "tensorcast"
    session = session_of(args)
    report = cost_report_of(args, session)
    program = session.program if session.is_engine else None
    comparison = compare_with_trace(trace, report, program=program, typed=session.quantized)
    if args.format == "json":
        print(json.dumps(comparison_json(comparison), indent=1))
    else:
        print(render_trace_comparison(comparison))
    return unchecked_exit(session)
