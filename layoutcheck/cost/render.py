"""Text renderings of cost reports, comparisons, sweeps and formulas (presentation only)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

import numpy as np
import sympy

from layoutcheck.cost.compare import Comparison
from layoutcheck.cost.report import CATEGORIES, CostReport, Numbers, by_layer, summarize
from layoutcheck.symbols import symbol

KEEP_SYMBOLIC = ("T", "tp")


def _spans(layers: Sequence[int]) -> str:
    if not layers:
        return "—"
    return str(layers[0]) if len(layers) == 1 else f"{layers[0]}-{layers[-1]}"


def render_cost(report: CostReport, numbers: Mapping[str, Numbers], by: str) -> str:
    data = summarize(report, numbers)
    total = float(data["total_us"])  # type: ignore[arg-type]
    values = ", ".join(f"{k}={v}" for k, v in report.values.items() if k in ("T", "tp", "dp", "ep"))
    lines = [
        f"{report.graph.name} on {report.device.name} ({values}; rank {report.rank}): "
        f"{total / 1000:.2f} ms"
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


def render_comparison(comparison: Comparison) -> str:
    a, b = comparison.a_name, comparison.b_name
    lines = [
        f"{a} vs {b}: {comparison.a_total / 1000:.2f} ms vs {comparison.b_total / 1000:.2f} ms "
        f"({(comparison.b_total - comparison.a_total) / 1000:+.2f} ms)",
        "",
        "by op kind:",
    ]
    lines.append(f"  {'kind':<18} {a[:14]:>14} {b[:14]:>14} {'Δ ms':>10}")
    for row in comparison.kinds:
        if abs(row.delta) < 0.5 and row.a_us < 0.5:
            continue
        lines.append(
            f"  {row.kind:<18} {row.a_us / 1000:>14.3f} {row.b_us / 1000:>14.3f} "
            f"{row.delta / 1000:>+10.3f}"
        )
    lines += ["", "per layer (µs):"]
    lines.append(f"  {'layers':<10} {a[:14]:>14} {b[:14]:>14} {'Δ':>10}  cause")
    for layer_row in comparison.layers:
        label = _spans(list(layer_row.layers)) if layer_row.layers else "other"
        lines.append(
            f"  {label:<10} {layer_row.a_us:>14.1f} {layer_row.b_us:>14.1f} "
            f"{layer_row.b_us - layer_row.a_us:>+10.1f}  {layer_row.cause}"
        )
    return "\n".join(lines)


def render_sweep(name: str, points: np.ndarray, values: np.ndarray, label: str) -> str:
    lines = [f"  {name:>10}  {label}"]
    lines += [
        f"  {int(p):>10}  {v:.3f}" if np.isfinite(v) else f"  {int(p):>10}  undefined"
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
]
