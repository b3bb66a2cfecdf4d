"""Text renderings of cost reports, comparisons, sweeps and formulas (presentation only)."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import sympy

from layoutcheck.cost.compare import Comparison
from layoutcheck.cost.report import CATEGORIES, CostReport, Numbers, by_layer, summarize
from layoutcheck.symbols import symbol

if TYPE_CHECKING:  # the trace comparison reads engine archives: imported by `compare --trace`
    import numpy as np

    from layoutcheck.cost.trace_compare import Row, TraceComparison, UnmatchedTime

KEEP_SYMBOLIC = ("T", "tp")


def _spans(layers: Sequence[int]) -> str:
    if not layers:
        return "—"
    return str(layers[0]) if len(layers) == 1 else f"{layers[0]}-{layers[-1]}"


def render_cost(report: CostReport, numbers: Mapping[str, Numbers], by: str) -> str:
    data = summarize(report, numbers)
    total = float(data["total_us"])  # type: ignore[arg-type]
    values = ", ".join(f"{k}={v}" for k, v in report.values.items() if k in ("T", "tp", "dp", "ep"))
    partial = f" (partial: {len(report.unpriced)} op(s) not priced)" if report.partial else ""
    lines = [
        f"{report.graph.name} on {report.device.name} ({values}; rank {report.rank}): "
        f"{total / 1000:.2f} ms{partial}"
    ]
    if by == "category":
        by_category: dict[str, float] = data["by_category"]  # type: ignore[assignment]
        for category, us in by_category.items():
            lines.append(f"  {category:<14} {us / 1000:10.3f} ms  {_share(us, total)}")
    elif by == "kind":
        lines.append(
            f"  {'kind':<18} {'count':>6} {'ms':>10} {'share':>6} {'TFLOP':>9} "
            f"{'GB hbm':>9} {'GB comm':>9}"
        )
        by_kind: dict[str, dict[str, float]] = data["by_kind"]  # type: ignore[assignment]
        for kind, row in by_kind.items():
            lines.append(
                f"  {kind:<18} {int(row['count']):>6} {row['us'] / 1000:>10.3f} "
                f"{_share(row['us'], total):>6} {row['flops'] / 1e12:>9.2f} "
                f"{row['bytes'] / 1e9:>9.2f} {row['comm_bytes'] / 1e9:>9.3f}"
            )
    elif by == "layer":
        rows: list[tuple[list[int], float]] = []
        for layer, us in sorted(
            ((k, v) for k, v in by_layer(report, numbers).items() if k is not None)
        ):
            if rows and rows[-1][0][-1] == layer - 1 and abs(rows[-1][1] - us) < 1e-6:
                rows[-1][0].append(layer)
            else:
                rows.append(([layer], us))
        for layers, us in rows:
            lines.append(f"  layers {_spans(layers):<8} {us / 1000:10.3f} ms per layer")
        outside = by_layer(report, numbers).get(None, 0.0)
        lines.append(f"  outside layers  {outside / 1000:10.3f} ms")
    else:  # op
        lines.append(f"  {'op':<58} {'kind':<16} {'µs':>10} {'bound':<13}")
        for entry in report.entries:
            n = numbers[entry.name]
            times = f" ×{entry.count}" if entry.count > 1 else ""
            lines.append(f"  {entry.name + times:<58} {entry.kind:<16} {n.us:>10.1f} {n.bound:<13}")
    if report.partial:
        # every op the total leaves out, so a partial number is never read as the cost
        failed = dict(report.faults)
        unknown = [name for name in report.unpriced if name not in failed]
        if unknown:
            lines.append(f"  not priced (their values are unknown, ⊤): {len(unknown)}")
            lines.extend(f"    {name}" for name in unknown)
        if failed:
            lines.append(f"  not priced (their cost rule failed): {len(failed)}")
            lines.extend(f"    {name}: {why}" for name, why in failed.items())
    return "\n".join(lines)


def _share(part: float, total: float) -> str:
    return f"{100 * part / total:5.1f}%" if total else "   —"


def render_symbolic(report: CostReport) -> str:
    """Each distinct op-time formula in µs, T and tp kept symbolic, model dims substituted."""
    groups: dict[tuple[str, object], int] = defaultdict(int)
    order: list[tuple[str, object]] = []
    for entry in report.entries:
        key = (entry.kind, entry.time.total)
        if key not in groups:
            order.append(key)
        groups[key] += entry.count
    lines = [f"{report.graph.name} on {report.device.name}: op times in µs"]
    for kind, expr in order:
        lines.append(f"  {kind} ×{groups[(kind, expr)]}: {formula_text(report, expr)}")
    return "\n".join(lines)


def formula_text(report: CostReport, seconds: object) -> str:
    """A time formula as text in µs: T and tp kept symbolic, the model's dims substituted."""
    dims = {symbol(k): sympy.Integer(v) for k, v in report.values.items() if k not in KEEP_SYMBOLIC}
    # substitution and rounding only: simplify/nsimplify cost seconds on Max and Piecewise
    formula = (sympy.sympify(seconds) * 1_000_000).xreplace(dims)
    return str(sympy.sstr(sympy.N(formula, 6)))


COLUMN = 14  # a comparison's column: wide enough for a layout name or a number
WIDEST_COLUMN = 48


def column_headers(a: str, b: str) -> tuple[str, str]:
    """Two column headers that tell ``a`` and ``b`` apart (two graph names with a long common
    prefix would otherwise print the same one): the names themselves when they fit (the
    column widens up to 48), else the start and the end of each with ``…`` between, else
    each from just before where they differ."""
    width = min(max(COLUMN, len(a), len(b)), WIDEST_COLUMN)
    head = (width - 1) // 2

    def ends(name: str) -> str:
        return name if len(name) <= width else name[:head] + "…" + name[-(width - 1 - head) :]

    if ends(a) != ends(b):
        return ends(a), ends(b)
    pairs = enumerate(zip(a, b, strict=False))  # the shorter one ends the comparison
    common = next((i for i, (x, y) in pairs if x != y), min(len(a), len(b)))
    start = max(0, common - 4)  # a little context before where they differ

    def differing(name: str) -> str:
        text = ("…" if start else "") + name[start:]
        return text if len(text) <= width else text[: width - 1] + "…"

    return differing(a), differing(b)


def render_comparison(comparison: Comparison) -> str:
    a, b = column_headers(comparison.a_name, comparison.b_name)
    width = max(COLUMN, len(a), len(b))
    lines = [
        f"{comparison.a_name} vs {comparison.b_name}: {comparison.a_total / 1000:.2f} ms vs "
        f"{comparison.b_total / 1000:.2f} ms "
        f"({(comparison.b_total - comparison.a_total) / 1000:+.2f} ms)",
        "",
        "by op kind:",
    ]
    lines.append(f"  {'kind':<18} {a:>{width}} {b:>{width}} {'Δ ms':>10}")
    for row in comparison.kinds:
        if abs(row.delta) < 0.5 and row.a_us < 0.5:
            continue
        lines.append(
            f"  {row.kind:<18} {row.a_us / 1000:>{width}.3f} {row.b_us / 1000:>{width}.3f} "
            f"{row.delta / 1000:>+10.3f}"
        )
    lines += ["", "per layer (µs):"]
    lines.append(f"  {'layers':<10} {a:>{width}} {b:>{width}} {'Δ':>10}  cause")
    for layer_row in comparison.layers:
        label = _spans(list(layer_row.layers)) if layer_row.layers else "other"
        lines.append(
            f"  {label:<10} {layer_row.a_us:>{width}.1f} {layer_row.b_us:>{width}.1f} "
            f"{layer_row.b_us - layer_row.a_us:>+10.1f}  {layer_row.cause}"
        )
    return "\n".join(lines)


def _percent(row: Row) -> str:
    if row.tensorcast_us <= 0:
        return "new" if row.layoutcheck_us > 0 else "—"
    return f"{100 * row.delta_us / row.tensorcast_us:+.1f}%"


def _trace_header(first: str, width: int) -> str:
    return f"  {first:<{width}} {'TensorCast':>10} {'layoutcheck':>11} {'Δ':>9} {'Δ%':>8}  cause"


def _trace_row(label: str, row: Row, explanation: str, width: int) -> str:
    return (
        f"  {label:<{width}} {row.tensorcast_us / 1000:>10.3f} {row.layoutcheck_us / 1000:>11.3f} "
        f"{row.delta_us / 1000:>+9.3f} {_percent(row):>8}  {explanation}"
    )


def _layer_explanation(row: Row) -> str:
    if row.agrees or row.top is None:
        return "agree"
    return f"{row.top.key}: {row.top.explanation()}"


def _layer_lines(layers: Sequence[Row], width: int) -> list[str]:
    """One line per run of consecutive layers with the same times and cause (a repetition
    region's layers), the ops outside the layers last."""
    runs: list[tuple[list[int], Row, str]] = []
    outside: list[str] = []
    for row in layers:
        explanation = _layer_explanation(row)
        if row.key is None:
            outside.append(_trace_row("outside", row, explanation, width))
            continue
        assert isinstance(row.key, int)
        if runs:
            last_layers, last, last_explanation = runs[-1]
            same = (
                abs(last.tensorcast_us - row.tensorcast_us) < 1e-6
                and abs(last.layoutcheck_us - row.layoutcheck_us) < 1e-6
                and last_explanation == explanation
            )
            if same and last_layers[-1] == row.key - 1:
                last_layers.append(row.key)
                continue
        runs.append(([row.key], row, explanation))
    lines = []
    for numbers, row, explanation in runs:
        label = _spans(numbers) + (" (each)" if len(numbers) > 1 else "")
        lines.append(_trace_row(label, row, explanation, width))
    return lines + outside


def _where(layers: Sequence[int | None]) -> str:
    """``layers 0-3``, ``outside the layers``, or both."""
    numbered = sorted({layer for layer in layers if layer is not None})
    parts = []
    if numbered:
        runs: list[list[int]] = []
        for layer in numbered:
            if runs and runs[-1][-1] == layer - 1:
                runs[-1].append(layer)
            else:
                runs.append([layer])
        parts.append(
            "layer" + ("s" if len(numbered) > 1 else "") + " " + ", ".join(map(_spans, runs))
        )
    if any(layer is None for layer in layers):
        parts.append("outside the layers")
    return " and ".join(parts)


def _unmatched_lines(items: Sequence[UnmatchedTime]) -> list[str]:
    """Unmatched time grouped by what it is and why; zero-time items counted, not listed."""
    groups: dict[tuple[str, str], list[UnmatchedTime]] = defaultdict(list)
    for item in items:
        if item.us > 0:
            label = item.name.removesuffix(".default") if item.side == "tensorcast" else item.kind
            groups[(label, item.reason)].append(item)
    ordered = sorted(groups.items(), key=lambda group: -sum(i.us for i in group[1]))
    labels = [f"{label} ×{len(group)}" for (label, _), group in ordered]
    width = max([24, *map(len, labels)])
    lines = []
    for text, ((_, reason), group) in zip(labels, ordered, strict=True):
        where = _where([item.layer for item in group])
        lines.append(f"  {text:<{width}} {sum(i.us for i in group):>10.1f} µs  {where}: {reason}")
    return lines


def render_trace_comparison(comparison: TraceComparison) -> str:
    """The comparison with a TensorCast trace: totals and coverage, per op kind (largest
    difference first), per layer, and the time only one side has."""
    from layoutcheck.cost.trace_compare import AGREE_US

    total = comparison.total
    shown = [
        row for row in comparison.kinds if max(row.tensorcast_us, row.layoutcheck_us) >= AGREE_US
    ]
    width = max([18, *(len(str(row.key)) for row in shown)])
    lines = [
        f"{comparison.graph} against TensorCast's trace {comparison.trace} "
        f"(matched by {comparison.method}; {comparison.device}, rank {comparison.rank})",
        f"TensorCast {total.tensorcast_us / 1000:.3f} ms, layoutcheck "
        f"{total.layoutcheck_us / 1000:.3f} ms: {total.delta_us / 1000:+.3f} ms "
        f"({_percent(total)})",
        f"coverage: {100 * comparison.coverage:.1f}% of TensorCast's time "
        f"({total.tensorcast.total / 1000:.3f} ms, {comparison.matched_events} of "
        f"{comparison.events} events) is matched to layoutcheck ops",
    ]
    if comparison.unsplit_events:
        lines.append(
            f"note: {comparison.unsplit_events} event(s) have parts that do not add up to their "
            "dur: their time is not split into terms (unsplit)"
        )
    if comparison.coverage < 0.5:
        lines.append("note: less than half is matched: is the trace a run of this graph?")
    lines += ["", "by op kind, largest difference first (ms):", _trace_header("kind", width)]
    lines += [_trace_row(str(row.key), row, row.explanation(), width) for row in shown]
    lines.append(_trace_row("total", total, total.explanation(), width))
    if len(shown) < len(comparison.kinds):
        lines.append(
            f"  ({len(comparison.kinds) - len(shown)} kinds with no time on either side not shown)"
        )
    lines += ["", "per layer (ms):", _trace_header("layer", width)]
    lines += _layer_lines(comparison.layers, width)
    for side, title in (
        ("tensorcast", "TensorCast events no layoutcheck op matched"),
        ("layoutcheck", "layoutcheck ops no TensorCast event matched"),
    ):
        items = [item for item in comparison.unmatched if item.side == side]
        listed = _unmatched_lines(items)
        silent = sum(1 for item in items if item.us <= 0)
        if listed or silent:
            lines += ["", f"{title}:", *listed]
        if silent:
            lines.append(f"  and {silent} taking no time")
    if comparison.unpriced:
        more = ", …" if len(comparison.unpriced) > 4 else ""
        lines += [
            "",
            f"layoutcheck left {len(comparison.unpriced)} op(s) unpriced (a type error "
            f"upstream): {', '.join(comparison.unpriced[:4])}{more}",
        ]
    return "\n".join(lines)


def render_sweep(name: str, points: np.ndarray, values: np.ndarray, label: str) -> str:
    lines = [f"  {name:>10}  {label}"]
    lines += [
        f"  {int(p):>10}  {v:.3f}" if math.isfinite(v) else f"  {int(p):>10}  undefined"
        for p, v in zip(points, values, strict=True)
    ]
    return "\n".join(lines)


__all__ = [
    "CATEGORIES",
    "formula_text",
    "render_comparison",
    "render_cost",
    "render_sweep",
    "render_symbolic",
    "render_trace_comparison",
]
