"""The answers ``layoutcheck query`` prints: a sweep's table, JSON and plot, and a zero
crossing with the values either side, each number with its unit (µs, or bytes for the memory
quantities)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from layoutcheck.cost.query import (
    Sweep,
    evaluate,
    named_quantities,
    query_expr,
    solve,
    sweep,
    unit_of,
)
from layoutcheck.cost.render import render_sweep
from layoutcheck.cost.report import CostError, CostReport
from layoutcheck.symbols import Expr


def amount(value: float | None, unit: str, *, sign: bool = True) -> str:
    """A number with its unit: µs to 2 places signed (3 unsigned), bytes whole (with GB
    beside a value shown alone)."""
    if value is None:
        return "undefined"
    if unit == "bytes":
        return f"{value:+.0f} bytes" if sign else f"{value:.0f} bytes ({value / 1e9:.3f} GB)"
    text = f"{value:{'+' if sign else ''}.{2 if sign else 3}f}"
    return f"{text} {unit}" if unit else text


def _value_at(report: CostReport, expression: Expr, values: Mapping[str, int]) -> float | None:
    try:
        return evaluate(report, expression, values)
    except CostError:  # undefined there (a division by zero): said, not raised
        return None


def crossing_of(
    report: CostReport,
    expression: Expr,
    text: str,
    name: str,
    values: Mapping[str, int],
    unit: str,
) -> dict[str, Any]:
    """Where ``expression`` (written ``text``) crosses zero over ``name``: ``at`` (None if it
    does not), the values either side, and the line that says so."""
    found = solve(report, expression, name, values)
    if found is None:
        line = f"{text} does not change sign for {name} in 1..2^24"
        return {"symbol": name, "at": None, "before": None, "after": None, "text": line}
    after = _value_at(report, expression, {**values, name: found})
    before = _value_at(report, expression, {**values, name: found - 1}) if found > 1 else None
    if found > 1:
        detail = f"{amount(before, unit)} at {found - 1}, {amount(after, unit)} at {found}"
    else:
        detail = f"{amount(after, unit)} at 1, the smallest value"
    line = f"{text} crosses zero at {name} = {found} ({detail})"
    return {"symbol": name, "at": found, "before": before, "after": after, "text": line}


def swept(
    report: CostReport,
    expression: Expr,
    text: str,
    spec: Sweep,
    values: Mapping[str, int],
    extra: Mapping[str, Expr],
    crossing: Mapping[str, Any] | None = None,
    plot: str | None = None,
) -> tuple[list[str], dict[str, Any]]:
    """The sweep's table lines and its JSON; with ``plot`` also the figure (each quantity the
    expression names drawn beside it, and the crossing marked)."""
    names = named_quantities(report, text, extra)
    unit = unit_of(names, extra)
    points, results = sweep(report, expression, spec, values)
    data: dict[str, Any] = {
        "symbol": spec.name,
        "points": [int(p) for p in points],
        "values": [float(v) if math.isfinite(v) else None for v in results],
    }
    lines = [render_sweep(spec.name, points, results, f"{text} {unit}".rstrip())]
    if plot is None:
        return lines, data
    from layoutcheck.plot import Crossing, Series, plot_sweep

    series = [Series(text, results)]
    if len(names) > 1:  # each quantity on its own: where two curves meet is the crossing
        for name in names:
            own = query_expr(report, name, extra)
            series.append(Series(name, sweep(report, own, spec, values)[1], main=False))
    marked = None
    if crossing is not None and crossing["at"] is not None:
        marked = Crossing(crossing["at"], f"{text} = 0")
    plot_sweep(
        plot,
        symbol=spec.name,
        points=points,
        series=series,
        unit=unit,
        title=f"{report.graph.name} on {report.device.name}",
        geometric=spec.op == "*",
        crossing=marked,
    )
    data["plot"] = plot
    lines.append(f"wrote {plot}")
    return lines, data
