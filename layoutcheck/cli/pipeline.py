"""``check``, ``cost``, ``memory`` and ``compare`` with ``--pp N``: every pipeline stage's
graph checked, priced and accounted as its own, and the stages put together."""

from __future__ import annotations

import argparse
import json
from typing import Any

from layoutcheck.cli.common import (
    emit,
    options_of,
    rank_of,
    say_found,
    warn_description,
    warn_unpriced,
)
from layoutcheck.errors import EXIT_ERRORS, EXIT_OK, UsageError

GIB = 2**30


def pipeline_of(args: argparse.Namespace, **changes: Any) -> Any:
    """The pipeline the arguments ask for; what its config holds but is not modelled is said
    once, as for one graph."""
    from layoutcheck.pipeline import Pipeline

    pipeline = Pipeline(options_of(args, **changes))
    say_found(pipeline)
    return pipeline


def refuse(args: argparse.Namespace, *flags: str) -> None:
    """Options that work on one graph are refused with ``--pp`` rather than ignored (``other``:
    compare's second graph file)."""
    for flag in flags:
        value = getattr(args, flag.lstrip("-").replace("-", "_"), None)
        if value:
            shown = "a second graph" if flag == "other" else flag
            raise UsageError(
                f"{shown} works on one graph; with --pp {args.pp} each stage is its own graph "
                f"(drop {shown}, or --pp)"
            )


# -- check -------------------------------------------------------------------------------------


def run_check(args: argparse.Namespace) -> int:
    from layoutcheck.diagnostics import render_text

    refuse(args, "--with", "--for-all", "--engine-version")
    if args.format == "sarif":
        raise UsageError(f"--pp {args.pp} reports as text or json, not sarif")
    pipeline = pipeline_of(args)
    reports = pipeline.check()
    ok = all(report.ok for report in reports)
    if args.format == "json":
        document = {
            "ok": ok,
            "pp": args.pp,
            "stages": [
                {"stage": stage.index, "layers": [stage.layers.start, stage.layers.stop - 1]}
                | report.to_json(None)
                for stage, report in zip(pipeline.stages, reports, strict=True)
            ],
        }
        print(json.dumps(document, indent=2))
    else:
        for stage, report in zip(pipeline.stages, reports, strict=True):
            emit(f"{stage.label} (layers {stage.layer_text}):")
            emit(render_text(report))
        failed = [
            stage.label
            for stage, report in zip(pipeline.stages, reports, strict=True)
            if not report.ok
        ]
        verdict = "ok" if ok else "FAILED"
        told = f": {', '.join(failed)} failed" if failed else ""
        emit(f"{verdict}: {len(reports)} pipeline stages checked{told}")
    return EXIT_OK if ok else EXIT_ERRORS


# -- cost --------------------------------------------------------------------------------------


def run_cost(args: argparse.Namespace) -> int:
    from layoutcheck.cost.render import render_cost
    from layoutcheck.cost.report import summarize

    refuse(args, "--trace", "--symbolic")
    pipeline = pipeline_of(args)
    rank = rank_of(args)
    costs = pipeline.cost(args.device, rank)
    for session, stage in zip(pipeline.sessions, costs.stages, strict=True):
        warn_unpriced(session, stage.report)
    if args.format == "json":
        stages = []
        for stage in costs.stages:
            report = stage.report
            entry: dict[str, object] = {
                "stage": stage.stage.index,
                "layers": [stage.stage.layers.start, stage.stage.layers.stop - 1],
                "graph": report.graph.name,
                "us": stage.us,
                "layers_us": stage.layers_us,
                "send_us": stage.send_us,
                "send_bytes": stage.send_bytes,
                "unpriced": list(report.unpriced),
            }
            entry.update(summarize(report, report.numbers()))
            stages.append(entry)
        document = {
            "device": costs.stages[0].report.device.name,
            "rank": rank,
            "pp": args.pp,
            "end_to_end_us": costs.end_to_end_us,
            "bottleneck_stage": costs.bottleneck.stage.index,
            "stages": stages,
        }
        print(json.dumps(document, indent=1))
        return EXIT_OK
    print(render_pipeline_cost(costs, rank))
    if args.by is not None:
        for stage in costs.stages:
            print()
            print(render_cost(stage.report, stage.report.numbers(), args.by))
    return EXIT_OK


def render_pipeline_cost(costs: Any, rank: str | int) -> str:
    first = costs.stages[0].report
    values = ", ".join(f"{k}={v}" for k, v in first.values.items() if k in ("T", "tp", "dp", "ep"))
    count = len(costs.stages)
    name = first.graph.name.rsplit(f"-pp{count}-stage0", 1)[0]
    lines = [
        f"{name} over {count} pipeline stages on {first.device.name} ({values}, pp={count}; "
        f"rank {rank}): {costs.end_to_end_us / 1000:.2f} ms one pass",
        f"  {'stage':<6} {'layers':<8} {'ms layers':>10} {'ms send':>9} {'MB sent':>9} "
        f"{'ms stage':>10}",
    ]
    for stage in costs.stages:
        sent = f"{stage.send_bytes / 1e6:9.1f}" if stage.send_bytes else f"{'—':>9}"
        lines.append(
            f"  {stage.stage.index:<6} {stage.stage.layer_text:<8} {stage.layers_us / 1000:>10.3f}"
            f" {stage.send_us / 1000:>9.3f} {sent} {stage.us / 1000:>10.3f}"
        )
    layers = sum(stage.layers_us for stage in costs.stages)
    sends = sum(stage.send_us for stage in costs.stages)
    slowest = costs.bottleneck
    lines.append(
        f"one pass: {costs.end_to_end_us / 1000:.3f} ms (stages {layers / 1000:.3f} + sends "
        f"{sends / 1000:.3f}); bottleneck: {slowest.stage.label} (layers "
        f"{slowest.stage.layer_text}, {slowest.us / 1000:.3f} ms)"
    )
    return "\n".join(lines)


# -- compare -----------------------------------------------------------------------------------


def run_compare(args: argparse.Namespace, layouts: list[str]) -> int:
    """Two layouts over the same stages: stage by stage, and the pass through the pipeline."""
    from layoutcheck.cost.compare import compare_reports
    from layoutcheck.cost.render import render_comparison

    rank = rank_of(args)
    a, b = (pipeline_of(args, layout=layout).cost(args.device, rank) for layout in layouts)
    comparisons = [
        compare_reports(x.report, y.report, *layouts)
        for x, y in zip(a.stages, b.stages, strict=True)
    ]
    if args.format == "json":
        document = {
            "a": layouts[0],
            "b": layouts[1],
            "pp": args.pp,
            "a_us": a.end_to_end_us,
            "b_us": b.end_to_end_us,
            "delta_us": b.end_to_end_us - a.end_to_end_us,
            "a_bottleneck_stage": a.bottleneck.stage.index,
            "b_bottleneck_stage": b.bottleneck.stage.index,
            "stages": [
                {"stage": x.stage.index, "layers": [x.stage.layers.start, x.stage.layers.stop - 1]}
                | {"a_us": x.us, "b_us": y.us, "delta_us": y.us - x.us}
                | {"comparison": comparison.to_json()}
                for x, y, comparison in zip(a.stages, b.stages, comparisons, strict=True)
            ],
        }
        print(json.dumps(document, indent=1))
        return EXIT_OK
    name_a, name_b = layouts
    lines = [
        f"{name_a} vs {name_b} over {args.pp} pipeline stages on "
        f"{a.stages[0].report.device.name}: {a.end_to_end_us / 1000:.2f} ms vs "
        f"{b.end_to_end_us / 1000:.2f} ms one pass "
        f"({(b.end_to_end_us - a.end_to_end_us) / 1000:+.2f} ms)",
        f"  {'stage':<6} {'layers':<8} {name_a + ' ms':>16} {name_b + ' ms':>16} {'Δ ms':>10}",
    ]
    for x, y in zip(a.stages, b.stages, strict=True):
        lines.append(
            f"  {x.stage.index:<6} {x.stage.layer_text:<8} {x.us / 1000:>16.3f} "
            f"{y.us / 1000:>16.3f} {(y.us - x.us) / 1000:>+10.3f}"
        )
    lines.append(
        f"bottleneck: {a.bottleneck.stage.label} ({a.bottleneck.us / 1000:.3f} ms) vs "
        f"{b.bottleneck.stage.label} ({b.bottleneck.us / 1000:.3f} ms)"
    )
    print("\n".join(lines))
    for stage, comparison in zip(a.stages, comparisons, strict=True):
        print()
        print(f"{stage.stage.label} (layers {stage.stage.layer_text}):")
        print(render_comparison(comparison))
    return EXIT_OK


# -- memory ------------------------------------------------------------------------------------


def run_memory(args: argparse.Namespace, sharding: Any, mtp: int) -> int:
    from layoutcheck.cost.devices import load_device
    from layoutcheck.memory import render_memory

    pipeline = pipeline_of(args)
    device = load_device(args.device)
    first = pipeline.sessions[0]
    warn_description(first)
    memory = pipeline.memory(
        args.accounting, sharding, args.oproj_tp, hbm_bytes=device.hbm_bytes, mtp_layers=mtp
    )
    largest = memory.largest
    if args.format == "json":
        document = {
            "pp": args.pp,
            "largest_stage": largest.stage.index,
            "total_bytes": largest.total_bytes,
            "stages": [
                {"stage": s.stage.index, "layers": [s.stage.layers.start, s.stage.layers.stop - 1]}
                | dict(s.data)
                for s in memory.stages
            ],
        }
        print(json.dumps(document, indent=1))
        return EXIT_OK
    description = first.description
    print(render_pipeline_memory(memory, first, description.source, args.accounting, device.name))
    if args.by is not None:
        for stage, session in zip(memory.stages, pipeline.sessions, strict=True):
            print()
            print(
                render_memory(
                    session.graph,
                    description,
                    args.accounting,
                    device.name,
                    stage.data,
                    stage.items,
                    args.by,
                )
            )
    return EXIT_OK


def render_pipeline_memory(
    memory: Any, first: Any, source: str, accounting: str, device: str
) -> str:
    count = len(memory.stages)
    largest = memory.largest
    name = first.graph.name.rsplit(f"-pp{count}-stage0", 1)[0]
    lines = [
        f"{name} over {count} pipeline stages: static weights per rank, {accounting} "
        f"accounting, {source}: {largest.total_bytes / GIB:.3f} GiB on the largest stage "
        f"({largest.stage.label}, layers {largest.stage.layer_text})",
    ]
    # a decode step's KV cache (its requests' contexts), where the step holds one
    step = all(stage.data["kv_cache"].get("batch") is not None for stage in memory.stages)
    header = f"  {'stage':<6} {'layers':<8} {'GiB':>9} {'KV B/token':>11} {'tokens fit':>11}"
    lines.append(header + (f" {'GiB KV step':>12}" if step else ""))
    for stage in memory.stages:
        kv = stage.data["kv_cache"]
        fits = kv["tokens_that_fit"]
        row = (
            f"  {stage.stage.index:<6} {stage.stage.layer_text:<8} "
            f"{stage.total_bytes / GIB:>9.3f} {kv['bytes_per_token']:>11} "
            f"{fits if fits is not None else '?':>11}"
        )
        lines.append(row + (f" {kv['batch']['bytes'] / GIB:>12.3f}" if step else ""))
    params = memory.stages[0].data["parameters"]
    lines.append(
        f"parameters: {params['total'] / 1e9:.1f}B total, {params['active'] / 1e9:.1f}B active "
        f"({params['active_without_embedding'] / 1e9:.1f}B without the input embedding), over "
        f"{count} stages"
    )
    return "\n".join(lines)
