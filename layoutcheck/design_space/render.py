"""What a search prints: a line per structure as it finishes, the rejections by rule, the top K
with what binds each, the Pareto frontier; the same as JSON or CSV; the frontier as a picture."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from layoutcheck.design_space.evaluate import BOUNDS, StructureResult
from layoutcheck.design_space.rank import COLUMNS, OBJECTIVES, Table, objective
from layoutcheck.design_space.run import Request, SearchResult
from layoutcheck.errors import UsageError
from layoutcheck.terminal import shorten

GIB = 2**30


def structure_line(result: StructureResult, request: Request, finished: int, total: int) -> str:
    """One structure's outcome: passed (its contract, warnings, best point) or rejected (its
    first rule id and message)."""
    width = len(str(total))
    head = f"[{finished:>{width}}/{total}] {result.structure.label}"
    if not result.priced:
        first = result.rejections[0]
        return f"{head}: rejected [{first.rule}] {shorten(first.message, 160)}"
    chosen = objective(request.objective)
    contract = result.contract or "type rules only"
    warned = f", warnings: {', '.join(result.warnings)}" if result.warnings else ""
    partial = "".join(
        f"; tokens {','.join(map(str, r.tokens))} rejected [{r.rule}]" for r in result.rejections
    )
    table = Table.of([result], request.axes.device)
    summary = f"{len(table)} points, {int(np.sum(table.fits))} fit"
    ranked = table.ranked(chosen, request.hbm_fit)
    if not len(ranked):
        return f"{head}: ok ({contract}{warned}); {summary}, none fits in HBM{partial}"
    (best,) = table.records(ranked[:1])
    where = f"T={best['tokens']}" + (f" context={best['context']}" if best["context"] else "")
    return (
        f"{head}: ok ({contract}{warned}); {summary}; best "
        f"{_value(chosen.name, best[chosen.column])} {chosen.unit} at {where} on "
        f"{best['device']} (step {best['step_us'] / 1e3:.2f} ms){partial}"
    )


def _value(name: str, value: float) -> str:
    return f"{value / 1e3:.2f}" if name == "latency" else f"{value:,.0f}"  # µs as ms


def summary_text(search: SearchResult, seconds: float | None = None) -> str:
    """Counts, rejections by rule, the top K table and the frontier table."""
    request = search.request
    axes = request.axes
    counts = axes.counts()
    structures = len(search.results)
    numeric = counts["tokens"] * counts["context"] * counts["device"]
    rejected = search.rejected
    lines = [
        "",
        f"{axes.model}: {structures} structures × {numeric} numeric points (tokens "
        f"{counts['tokens']} × context {counts['context']} × device {counts['device']}) = "
        f"{axes.configurations()} configurations; {structures - len(rejected)} structures "
        f"pass their contract, {len(rejected)} rejected",
    ]
    if rejected:
        lines.append("rejected structures by first rule:")
        examples: dict[str, StructureResult] = {}
        for result in rejected:
            examples.setdefault(result.rejections[0].rule, result)
        for rule, count in search.rejections_by_rule().most_common():
            example = examples[rule]
            lines.append(
                f"  {count:>5}  [{rule}]  e.g. {example.structure.label}: "
                f"{shorten(example.rejections[0].message, 120)}"
            )
    for result, rejection in search.partial_rejections():
        lines.append(
            f"  tokens {','.join(map(str, rejection.tokens))} of {result.structure.label}: "
            f"[{rejection.rule}] {shorten(rejection.message, 120)}"
        )
    table = search.table
    fit = int(np.sum(table.fits))
    dropped = f"; --hbm-fit drops {len(table) - fit}" if request.hbm_fit else ""
    lines.append(
        f"points: {len(table)} priced, {fit} fit in HBM (weights + KV cache per rank){dropped}"
    )
    chosen = OBJECTIVES[request.objective]
    rows = search.top_rows
    lines.append("")
    if not len(rows):
        lines.append(
            "no configuration passes its contract" + (" and fits" if request.hbm_fit else "")
        )
        return "\n".join(lines)
    shown_top = f"top {len(rows)}" if request.top else f"all {len(rows)}"
    lines.append(f"{shown_top} by {chosen.name} ({chosen.doc}; devices = tp·dp):")
    lines.extend(_table(search.records(rows)))
    frontier = search.frontier
    lines.append("")
    lines.append(
        "Pareto frontier, step time against devices (per phase, tokens and context; "
        + ("among the configurations that fit):" if request.hbm_fit else "every configuration):")
    )
    lines.extend(_table(search.records(frontier)))
    builds = sum(r.builds for r in search.results)
    if seconds is not None:
        lines.append("")
        lines.append(
            f"{builds} graphs built and checked, {len(table)} points priced: {seconds:.1f} s"
        )
    return "\n".join(lines)


_TEXT_COLUMNS: Sequence[tuple[str, str, Callable[[dict[str, Any]], str]]] = (
    ("#", ">", lambda r: str(r["rank"])),
    ("phase", "<", lambda r: r["phase"]),
    ("quant", "<", lambda r: r["quant"]),
    ("tp", ">", lambda r: str(r["tp"])),
    ("dp", ">", lambda r: str(r["dp"])),
    ("ep", ">", lambda r: str(r["ep"])),
    ("sp", "<", lambda r: "on" if r["sp"] else "off"),
    ("layout", "<", lambda r: r["layout"]),
    ("device", "<", lambda r: r["device"]),
    ("devices", ">", lambda r: str(r["devices"])),
    ("tokens", ">", lambda r: str(r["tokens"])),
    ("context", ">", lambda r: str(r["context"])),
    ("step ms", ">", lambda r: f"{r['step_us'] / 1e3:.2f}"),
    ("tokens/s", ">", lambda r: f"{r['tokens_per_s']:,.0f}"),
    ("tok/s/dev", ">", lambda r: f"{r['tokens_per_s_per_device']:,.0f}"),
    ("GiB/rank", ">", lambda r: f"{r['memory_bytes'] / GIB:.1f}"),
    ("bound", "<", lambda r: f"{r['bound']} {100 * r['bound_share']:.0f}%"),
    ("cmp/mem/comm %", ">", lambda r: _split(r)),
)


def _split(record: dict[str, Any]) -> str:
    step = record["step_us"] or 1.0
    parts = (record[f"{bound}_bound_us"] / step for bound in BOUNDS)
    return "/".join(f"{100 * part:.0f}" for part in parts)


def _table(records: Sequence[dict[str, Any]]) -> list[str]:
    # a column with one value over the whole table (one phase, one quant) says nothing
    columns = [
        c
        for c in _TEXT_COLUMNS
        if c[0] not in ("phase", "quant") or len({c[2](r) for r in records}) > 1
    ]
    cells = [[c[2](r) for c in columns] for r in records]
    widths = [max(len(c[0]), *(len(row[i]) for row in cells)) for i, c in enumerate(columns)]

    def line(values: Sequence[str]) -> str:
        parts = [f"{v:{c[1]}{w}}" for v, c, w in zip(values, columns, widths, strict=True)]
        return "  " + "  ".join(parts).rstrip()

    return [line([c[0] for c in columns]), *(line(row) for row in cells)]


def json_document(search: SearchResult, seconds: float | None = None) -> dict[str, Any]:
    request = search.request
    axes = request.axes
    structures = []
    for result in search.results:
        s = result.structure
        entry: dict[str, Any] = {
            "index": result.index,
            "label": s.label,
            **s.axis_values(),
            "with_context": s.with_context,
            "status": "ok" if result.priced else "rejected",
            "contract": result.contract,
            "warnings": list(result.warnings),
            "points": result.points,
            "builds": result.builds,
            "rejections": [
                {"rule": r.rule, "message": r.message, "tokens": list(r.tokens), "whole": r.whole}
                for r in result.rejections
            ],
        }
        structures.append(entry)
    table = search.table
    return {
        "model": axes.model,
        "objective": request.objective,
        "hbm_fit": request.hbm_fit,
        "top": request.top,
        "axes": {
            "device": list(axes.device),
            "tp": list(axes.tp),
            "dp": list(axes.dp),
            "ep": [e for e in axes.ep],
            "sp": list(axes.sp),
            "layout": list(axes.layout),
            "phase": list(axes.phase),
            "quant": list(axes.quant),
            "tokens": None if axes.tokens is None else list(axes.tokens),
            "context": list(axes.context),
        },
        "configurations": axes.configurations(),
        "structures": len(search.results),
        "passed": len(search.results) - len(search.rejected),
        "rejected": dict(search.rejections_by_rule().most_common()),
        "points": {"priced": len(table), "fit": int(np.sum(table.fits))},
        "seconds": seconds,
        "results": search.records(),
        "frontier": search.records(search.frontier),
        "structure_results": structures,
    }


def csv_text(search: SearchResult) -> str:
    """The top K ranked records, one row each, with whether each is on the frontier."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["rank", *COLUMNS, "frontier"])
    on_frontier = {int(row) for row in search.frontier}
    rows = search.top_rows
    for row, record in zip(rows, search.records(rows), strict=True):
        writer.writerow([record["rank"], *(record[c] for c in COLUMNS), int(row) in on_frontier])
    return out.getvalue()


def require_matplotlib() -> Any:
    try:
        import matplotlib

        matplotlib.use("Agg")  # a file, never a window
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError("--plot: matplotlib is not installed (pip install matplotlib)") from None
    return plt


def plot(search: SearchResult, path: str) -> None:
    """Step time against devices: every ranked configuration, the frontier of each workload
    as a line."""
    plt = require_matplotlib()
    table = search.table
    figure, axes = plt.subplots(figsize=(8, 5))
    rows = search.ranked
    axes.scatter(table.world[rows], table.step_us[rows] / 1e3, s=12, alpha=0.35, label="ranked")
    frontier = search.records(search.frontier)
    workloads: dict[tuple[str, int, int], list[dict[str, Any]]] = {}
    for record in frontier:
        key = (record["phase"], record["tokens"], record["context"])
        workloads.setdefault(key, []).append(record)
    for (phase, tokens, context), records in workloads.items():
        label = f"{phase} T={tokens}" + (f" context={context}" if context else "")
        axes.plot(
            [r["devices"] for r in records],
            [r["step_us"] / 1e3 for r in records],
            marker="o",
            label=label,
        )
    axes.set_xscale("log", base=2)
    axes.set_yscale("log")
    axes.set_xlabel("devices (tp·dp)")
    axes.set_ylabel("step time (ms)")
    axes.set_title(f"{search.request.axes.model}: Pareto frontier, step time against devices")
    axes.legend(fontsize=8)
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as error:
        raise UsageError(f"--plot {path}: cannot write: {error.strerror or error}") from None
    finally:
        plt.close(figure)
