"""The ``query`` command: evaluate, sweep or solve a cost expression."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from layoutcheck.cli.common import (
    add_device,
    add_plot,
    add_quant,
    add_target,
    cost_report_of,
    parse_sets,
    session_of,
    state,
    warn,
    warn_description,
)
from layoutcheck.errors import (
    EXIT_ERRORS,
    EXIT_OK,
    UsageError,
)
from layoutcheck.terminal import clean

if TYPE_CHECKING:
    pass


def add_parser(commands: Any) -> None:
    query = commands.add_parser("query", help="evaluate, sweep or solve a cost expression")
    add_target(query)
    query.add_argument("expression", metavar="EXPR", help="e.g. 'all_gather - moe_experts'")
    add_device(query)
    query.add_argument(
        "--sweep",
        metavar="SYM=a..b[+k|*k]",
        help="evaluate over a range: a..b every value, a..b+k in steps of k, a..b*k "
        "geometrically (a, a·k, a·k², …), e.g. T=1024..65536*2",
    )
    query.add_argument(
        "--solve", metavar="SYM", help="find where EXPR crosses zero (with --sweep: marked too)"
    )
    add_plot(query, "draw the sweep (and the --solve crossing) to FILE.svg or FILE.png")

    add_quant(query)


def run_query(args: argparse.Namespace) -> int:
    from layoutcheck.cost.answer import amount, crossing_of, swept
    from layoutcheck.cost.query import Sweep, evaluate, named_quantities, query_expr, unit_of

    if args.plot and not args.sweep:
        raise UsageError("--plot draws a sweep: give --sweep SYM=a..b too")
    if args.plot:
        from layoutcheck.plot import require

        require(args.plot)
    spec = Sweep.parse(args.sweep) if args.sweep else None  # refused before any work
    if spec is not None and args.solve and args.solve != spec.name:
        raise UsageError(
            f"--solve {args.solve} with --sweep {spec.name}: solve for the swept symbol"
        )
    if spec is not None and args.format == "text" and not args.plot:
        hint = spec.table_hint()  # a table of thousands of rows is refused, with the steps
        if hint is not None:
            warn(hint)
    session = session_of(args)
    report = cost_report_of(args, session)
    warn_description(session)
    extra = session.memory_quantities(report) if mentions_memory(args.expression) else {}
    names = named_quantities(report, args.expression, extra)
    unit = unit_of(names, extra)
    if names and not unit:
        warn(f"{args.expression!r} mixes µs and bytes: its value has no unit")
    expression = query_expr(report, args.expression, extra)
    values = parse_sets(args.set)
    crossing = None
    if args.solve:
        state.status.phase(f"solving for {args.solve}")
        crossing = crossing_of(report, expression, args.expression, args.solve, values, unit)
    data: dict[str, Any] = {"expression": args.expression, "unit": unit or None}
    lines: list[str] = []
    if spec is not None:
        state.status.phase(f"sweeping {spec.name} over {spec.count()} points")
        lines, data["sweep"] = swept(
            report, expression, args.expression, spec, values, extra, crossing, args.plot
        )
    elif crossing is None:
        value = evaluate(report, expression, values)
        data["value"] = value
        lines.append(f"{args.expression} = {amount(value, unit, sign=False)}")
    if crossing is not None:
        data["solve"] = crossing
        lines.append(crossing["text"])
    if args.format == "json":
        print(json.dumps(data, indent=1))
    else:
        print(clean("\n".join(lines)))
    return EXIT_ERRORS if crossing is not None and crossing["at"] is None else EXIT_OK


def mentions_memory(text: str) -> bool:
    return any(name in text for name in ("weights", "kv_per_token", "hbm"))
