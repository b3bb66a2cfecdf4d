"""Cost-model speed for GLM-5.1 DSA-CP prefill (T=4096, tp 16, SP) on a3-752t.

Rows:
  * cost CLI end to end: wall time of `layoutcheck cost glm-5.1 --tp 16 --sp --device a3-752t`
    in a subprocess (interpreter start, imports, model build, report, numbers, table), best of
    N; peak memory is the largest child's max RSS (resource.getrusage(RUSAGE_CHILDREN)).
  * symbolic build: `cost_report(graph, device)` in-process (the graph already built), divided
    by the number of distinct OpTime objects it made (one formula per distinct op signature);
    the first call in the process (cold sympy caches, as in a CLI run) and the best of N.
  * numbers: `report.numbers()` (substitution of the model's values into every formula).
  * sweep: `report.evaluator(["T"])` (one lambdify of the total) plus evaluating it at 10^5
    values of T, best of 5 and the first one in the process (cold sympy printer caches); the
    evaluation alone is also shown as points per second.

Targets: cost CLI under 2 s and under 200 MB; a 10^5-point sweep (lambdify + evaluation) under
1 s.

Run: python benchmarks/bench_cost.py [--rounds 3] [--sweep-rounds 5] [--points 100000]
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import time

import numpy as np
from timing import timed

from layoutcheck.cost.devices import load_device
from layoutcheck.cost.report import cost_report
from layoutcheck.models import Execution, Layout, ParallelConfig, Phase, build_model

CLI_TARGET_S = 2.0
CLI_MEMORY_TARGET_MB = 200.0
SWEEP_TARGET_S = 1.0


def cli_run(rounds: int, argv: list[str]) -> tuple[float, float]:
    """Best wall time (s) over ``rounds`` runs and the largest child's max RSS (MB)."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, text=True, check=False)
        elapsed = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.strip()}")
        best = min(best, elapsed)
    # ru_maxrss is in KiB on Linux (bytes on macOS); it is the maximum over waited-for children
    maxrss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    scale = 1 / 1024 if sys.platform != "darwin" else 1 / 2**20
    return best, maxrss * scale


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sweep-rounds", type=int, default=5)
    parser.add_argument("--points", type=int, default=100_000)
    args = parser.parse_args()

    exe = shutil.which("layoutcheck")
    base = [exe] if exe else [sys.executable, "-m", "layoutcheck.cli"]
    argv = [*base, "cost", "glm-5.1", "--tp", "16", "--sp", "--device", "a3-752t"]
    # RUSAGE_CHILDREN's ru_maxrss is a running maximum over children: measure the smaller
    # process (bare import) first, so the second reading is the cost CLI's own peak
    startup_s, startup_mb = cli_run(args.rounds, [sys.executable, "-c", "import layoutcheck.cli"])
    cli_s, cli_mb = cli_run(args.rounds, argv)

    device = load_device("a3-752t")
    build_s, built = timed(
        lambda: build_model(
            "glm-5.1",
            ParallelConfig(tp=16),
            Execution(Phase.PREFILL, 4096),
            sequence_parallel=True,
            layout=Layout.TENSORCAST,
        )
    )
    graph = built.graph
    cold_s, report = timed(lambda: cost_report(graph, device))
    warm_s = min(timed(lambda: cost_report(graph, device))[0] for _ in range(args.rounds))
    distinct = len({id(entry.time) for entry in report.entries})
    numbers_s, _ = timed(report.numbers)

    points = np.arange(1, args.points + 1, dtype=float) * 16
    sweep_best = eval_best = lambdify_best = float("inf")
    sweep_first: float | None = None
    for _ in range(args.sweep_rounds):
        lambdify_s, function = timed(lambda: report.evaluator(["T"]))
        eval_s, values = timed(lambda: function(points))  # noqa: B023
        assert np.asarray(values).shape == points.shape
        lambdify_best = min(lambdify_best, lambdify_s)
        eval_best = min(eval_best, eval_s)
        sweep_best = min(sweep_best, lambdify_s + eval_s)
        if sweep_first is None:
            sweep_first = lambdify_s + eval_s
    assert sweep_first is not None

    title = "GLM-5.1 prefill T=4096 tp=16 SP (DSA-CP, TensorCast layout) on a3-752t"
    print(title)
    print("-" * len(title))
    rows = [
        (f"cost CLI end to end (best of {args.rounds})", f"{cli_s * 1000:9.1f} ms"),
        ("  of which python start + import", f"{startup_s * 1000:9.1f} ms"),
        ("cost CLI peak memory (max RSS)", f"{cli_mb:9.1f} MB"),
        ("  python + import alone (max RSS)", f"{startup_mb:9.1f} MB"),
        ("model build (in-process)", f"{build_s * 1000:9.1f} ms"),
        ("ops / distinct OpTime formulas", f"{len(report.entries):>6} / {distinct}"),
        ("cost_report cold (first call)", f"{cold_s * 1000:9.1f} ms"),
        ("  per distinct op, cold", f"{cold_s / distinct * 1000:9.2f} ms"),
        (f"cost_report warm (best of {args.rounds})", f"{warm_s * 1000:9.1f} ms"),
        ("  per distinct op, warm", f"{warm_s / distinct * 1000:9.2f} ms"),
        ("report.numbers()", f"{numbers_s * 1000:9.1f} ms"),
        ("evaluator(['T']) lambdify (best)", f"{lambdify_best * 1000:9.1f} ms"),
        (f"evaluate {args.points:,} points (best)", f"{eval_best * 1000:9.1f} ms"),
        ("  throughput", f"{args.points / eval_best / 1e6:9.1f} M points/s"),
        (f"sweep: lambdify + {args.points:,} points", f"{sweep_best * 1000:9.1f} ms"),
        ("  the first sweep in the process", f"{sweep_first * 1000:9.1f} ms"),
    ]
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    print()
    print(
        f"target: cost CLI < {CLI_TARGET_S:.0f} s: {cli_s:.2f} s — {verdict(cli_s < CLI_TARGET_S)}"
    )
    print(
        f"target: cost CLI < {CLI_MEMORY_TARGET_MB:.0f} MB: {cli_mb:.0f} MB — "
        f"{verdict(cli_mb < CLI_MEMORY_TARGET_MB)}"
    )
    print(
        f"target: {args.points:,}-point sweep < {SWEEP_TARGET_S:.0f} s: {sweep_best:.3f} s "
        f"(first {sweep_first:.3f} s; evaluation alone {eval_best * 1000:.1f} ms) — "
        f"{verdict(max(sweep_best, sweep_first) < SWEEP_TARGET_S)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
