"""Design-space search throughput: configurations per minute and numeric points per second.

Rows:
  * configurations per minute, one core: `layoutcheck.design_space.run.run` in this process
    (serial: one structure after another), over the axes of issue 14's example — tp 4,8,16 ×
    dp 1,2,4,8 × ep 16,32 × sp on,off × layout tensorcast,vllm-ascend × tokens 1024,4096,16384
    × W8A8_DYNAMIC × a3-752t = 288 configurations (96 structures × 3 numeric points) — for
    GLM-5.1 and DeepSeek-V3. A configuration is one point of the full product of axes,
    rejected or priced; the priced ones are shown beside it. Wall time and this process's CPU
    time (on a shared machine the wall time waits for a CPU, the CPU time does not), with the
    garbage collector on (a library call) and paused (as the CLI and a Ray task run).
  * numeric points per second once a structure is built: GLM-5.1 vllm-ascend DSA-CP prefill
    (tp 16, sp) on a3-752t, its cost report evaluated over 10^6 (T, S) points by the search's
    vectorised evaluator (step time and its split by bound, every distinct op formula), first
    with compiling the functions (layoutcheck.arrays), then evaluation alone.
  * Ray, if installed: the GLM-5.1 search on a local Ray instance of 1 and of 2 CPUs, wall
    time with and without starting the instance, and the speed-up over the serial run.

Run: python benchmarks/bench_search.py [--models glm-5.1,deepseek-v3] [--points 1000000]
     [--rounds 1] [--no-ray] [--expanded]
"""

from __future__ import annotations

import argparse
import gc
import os
import time

import numpy as np
from timing import cold

from layoutcheck import Options, Session
from layoutcheck.design_space import evaluate
from layoutcheck.design_space.axes import Axes
from layoutcheck.design_space.run import Request, SearchResult, run, serial

ISSUE_AXES = {
    "device": "a3-752t",
    "tp": "4,8,16",
    "dp": "1,2,4,8",
    "ep": "16,32",
    "sp": "on,off",
    "layout": "tensorcast,vllm-ascend",
    "tokens": "1024,4096,16384",
    "quant": "w8a8_dynamic",
}


def search(
    model: str, backend: object = serial, expanded: bool = False
) -> tuple[float, float, SearchResult]:
    request = Request(Axes.parse(model, ISSUE_AXES), hbm_fit=True, expanded=expanded)
    cold()
    wall, cpu = time.perf_counter(), time.process_time()
    result = run(request, backend=backend)  # type: ignore[arg-type]
    return time.perf_counter() - wall, time.process_time() - cpu, result


def configurations_row(
    model: str, rounds: int, collector: bool, expanded: bool = False
) -> tuple[float, SearchResult]:
    """The best of ``rounds`` serial searches (each cold, as a CLI run is), with the garbage
    collector on (a library call) or paused (as the CLI runs: cli.gc_paused); each structure
    built folded, as the search does, or ``expanded`` layer by layer (the form before)."""
    enabled = gc.isenabled()
    if not collector:
        gc.disable()
    try:
        runs = [search(model, expanded=expanded) for _ in range(rounds)]
    finally:
        if enabled:
            gc.enable()
    wall, cpu, result = min(runs, key=lambda r: r[0])
    configurations = result.request.axes.configurations()
    priced = len(result.table)
    builds = sum(r.builds for r in result.results)
    form = "expanded" if expanded else "folded"
    print(
        f"  {model:<12} {form:<8} {'on' if collector else 'off':>3} {configurations:>6} "
        f"{priced:>7} {len(result.results):>6} {builds:>6} "
        f"{wall:>8.1f} {cpu:>8.1f} {configurations / wall * 60:>10.0f} "
        f"{configurations / cpu * 60:>10.0f} {priced / wall * 60:>10.0f}"
    )
    return wall, result


def points_row(count: int) -> None:
    options = Options("glm-5.1", tp=16, sp=True, layout="vllm-ascend", quant="w8a8_dynamic")
    session = Session(options)
    assert session.check().ok
    report = session.cost("a3-752t")
    values = {name: value for name, value in session.graph.symbols if value is not None}
    rng = np.random.default_rng(0)
    tokens = rng.integers(1, 65536, count).astype(np.float64) * 16
    numeric = {"T": tokens, "S": tokens}
    cold()
    start = time.perf_counter()
    evaluate._step(report, values, numeric)
    with_compile = time.perf_counter() - start
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        evaluate._step(report, values, numeric)
        best = min(best, time.perf_counter() - start)
    distinct = len({entry.time for entry in report.entries})
    print(
        f"  {count:,} points, {distinct} distinct op formulas: {with_compile:.2f} s with "
        f"compiling ({count / with_compile:,.0f} points/s), {best:.2f} s evaluation alone "
        f"({count / best:,.0f} points/s)"
    )


def ray_rows(serial_wall: float, serial_result: SearchResult) -> None:
    try:
        import ray
    except ImportError:
        print("  ray is not installed (pip install 'layoutcheck[ray]'): skipped")
        return
    from layoutcheck.design_space.ray_backend import RayBackend

    for cpus in (1, 2):
        start = time.perf_counter()
        ray.init(num_cpus=cpus, include_dashboard=False, logging_level="error")
        started = time.perf_counter() - start
        wall, _, result = search(serial_result.request.axes.model, RayBackend(num_cpus=cpus))
        ray.shutdown()
        same = result.records(result.ranked) == serial_result.records(serial_result.ranked)
        configurations = result.request.axes.configurations()
        print(
            f"  {cpus} worker(s): {started + wall:6.1f} s with the start ({started:.1f} s), "
            f"{wall:6.1f} s without: {configurations / wall * 60:,.0f} configurations/min, "
            f"{serial_wall / wall:.2f}x the serial run; ranking "
            + ("identical" if same else "DIFFERENT")
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="glm-5.1,deepseek-v3")
    parser.add_argument("--points", type=int, default=1_000_000)
    parser.add_argument("--no-ray", action="store_true")
    parser.add_argument(
        "--expanded", action="store_true", help="also time the layer-by-layer build (before)"
    )
    parser.add_argument("--rounds", type=int, default=1, help="serial searches per model (best)")
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    print("configurations per minute, one core (serial), issue 14's axes, --hbm-fit:")
    print(
        f"  {'model':<12} {'build':<8} {'gc':>3} {'config':>6} {'priced':>7} {'struct':>6} "
        f"{'builds':>6} {'wall s':>8} {'cpu s':>8} {'cfg/min':>10} {'cfg/cpu-min':>10} "
        f"{'priced/min':>10}"
    )
    first: tuple[float, SearchResult] | None = None
    for model in args.models.split(","):
        for collector in (True, False):
            row = configurations_row(model, args.rounds, collector)
            if not collector and first is None:
                first = row  # Ray's tasks pause the collector too: the serial run to compare
        if args.expanded:
            configurations_row(model, 1, collector=False, expanded=True)
    print("numeric points per second once a structure is built:")
    points_row(args.points)
    if not args.no_ray and first is not None:
        print(f"Ray (local instance; {first[1].request.axes.model}, the same axes):")
        ray_rows(*first)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
