"""CPU time of pricing TensorCast's p1 run (GLM-5.1, 78 layers, prefill of 4,096 tokens on 16
A3 dies, tp 16, ep 16, sequence parallel, W8A8_DYNAMIC): layoutcheck's ``cost`` against
TensorCast's own ``text_generate``, each a whole process, and the ratio.

Rows (the child's user + system CPU seconds from ``getrusage(RUSAGE_CHILDREN)``, which a busy
machine inflates far less than wall time; best and median of the rounds). The ratio is measured
in interleaved pairs: each TensorCast run right after a warm-cache layoutcheck run (A B A B …),
and the report gives the median of the per-pair ratios with their range, so a burst of load on
the machine slows both sides of a pair alike instead of one tool's rounds:
  layoutcheck cost, cache off     LAYOUTCHECK_NO_CACHE=1: every formula built with sympy
  layoutcheck cost, cold cache    an empty cache folder each round (built, then written)
  layoutcheck cost, warm cache    the programs read back: no cost formula is built
  TensorCast p1                   ``python -m cli.inference.text_generate … --compile``

Both tools run with Python's bytecode cache written (into one temporary prefix, after a
warm-up run of each that is not counted), as an installed package runs; the variable that
turns bytecode off is removed from their environment.

TensorCast is set up outside this repository (tests/data/tensorcast-runs/README.md): a
checkout of Ascend/msmodeling, its requirements in a venv of its own (torch 2.13.0, the CPU
build), and the model folder ``tests/assets/model_config/glm5_1`` not group- or
world-writable. Without ``--msmodeling`` and ``--tensorcast-python`` only layoutcheck's side
is measured, and the script says TensorCast was not run.

layoutcheck runs on this checkout by default; ``--layoutcheck-python`` runs it as a user does,
installed from its wheel into a venv of its own (as TensorCast runs in its own venv).

Run:  python benchmarks/bench_vs_tensorcast.py [--rounds 5] [--tensorcast-rounds 2]
          [--msmodeling DIR --tensorcast-python PATH] [--layoutcheck-python PATH]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
LAYOUTCHECK_P1 = ("glm-5.1", "--tp", "16", "--ep", "16", "--sp", "--quant", "w8a8_dynamic")
TENSORCAST_MODEL = "tests/assets/model_config/glm5_1"
TENSORCAST_P1 = (
    "-m",
    "cli.inference.text_generate",
    TENSORCAST_MODEL,
    "--compile",
    "--device",
    "ATLAS_800_A3_752T_128G_DIE",
    "--quantize-linear-action",
    "W8A8_DYNAMIC",
    "--num-queries",
    "1",
    "--query-length",
    "4096",
    "--num-devices",
    "16",
    "--tp-size",
    "16",
    "--ep-size",
    "16",
    "--compilation-config",
    "enable_sequence_parallel",
)
# the totals each tool prints: a run that printed none did not price p1
LAYOUTCHECK_TOTAL = re.compile(r"\): ([0-9.]+) ms$", re.MULTILINE)
TENSORCAST_TOTAL = re.compile(r"Total time for analytic: ([0-9.]+)(ms|s)\b")


@attrs.frozen
class Run:
    cpu: float  # the child's user + system seconds
    wall: float
    total_ms: float  # the p1 time the tool printed


@attrs.frozen
class Row:
    name: str
    runs: tuple[Run, ...]

    @property
    def best(self) -> float:
        return min(run.cpu for run in self.runs)

    @property
    def median(self) -> float:
        return statistics.median(run.cpu for run in self.runs)


def run_once(argv: Sequence[str], env: Mapping[str, str], cwd: Path, total: re.Pattern[str]) -> Run:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        list(argv), capture_output=True, text=True, env=dict(env), cwd=cwd, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    found = total.search(done.stdout)
    if done.returncode != 0 or found is None:
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise SystemExit(f"{argv[0]} {' '.join(argv[1:4])} … failed: " + " | ".join(tail))
    value = float(found.group(1))
    if len(found.groups()) > 1 and found.group(2) == "s":
        value *= 1000
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(cpu, wall, value)


def environment(pycache: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    env.update(extra)
    return env


def layoutcheck_rows(rounds: int, scratch: Path, python: Path | None = None) -> list[Row]:
    """``python``: a venv's interpreter with layoutcheck installed in it (from its wheel), as a
    user runs it; else this interpreter, with this checkout first on the path."""
    argv = [str(python or sys.executable), "-m", "layoutcheck", "cost", *LAYOUTCHECK_P1]
    pycache = scratch / "pycache"
    base = {}
    if python is None:
        path = [str(ROOT), os.environ.get("PYTHONPATH")]
        base["PYTHONPATH"] = os.pathsep.join(filter(None, path))
    warm_folder = scratch / "warm-cache"
    off = environment(pycache, **base, LAYOUTCHECK_NO_CACHE="1")
    warm = environment(pycache, **base, LAYOUTCHECK_CACHE_DIR=str(warm_folder))
    run_once(argv, off, scratch, LAYOUTCHECK_TOTAL)  # writes the bytecode
    run_once(argv, warm, scratch, LAYOUTCHECK_TOTAL)  # fills the warm cache
    rows: dict[str, list[Run]] = {"cache off": [], "cold cache": [], "warm cache": []}
    for index in range(rounds):  # interleaved: a burst of load slows every row alike
        cold_folder = scratch / f"cold-cache-{index}"
        cold = environment(pycache, **base, LAYOUTCHECK_CACHE_DIR=str(cold_folder))
        rows["cache off"].append(run_once(argv, off, scratch, LAYOUTCHECK_TOTAL))
        rows["cold cache"].append(run_once(argv, cold, scratch, LAYOUTCHECK_TOTAL))
        rows["warm cache"].append(run_once(argv, warm, scratch, LAYOUTCHECK_TOTAL))
    return [Row(f"layoutcheck cost, {name}", tuple(runs)) for name, runs in rows.items()]


def paired(
    msmodeling: Path,
    python: Path,
    rounds: int,
    scratch: Path,
    layoutcheck_python: Path | None = None,
) -> tuple[Row, Row]:
    """TensorCast and a warm-cache layoutcheck, in interleaved pairs (A B A B …): the rows of
    both, pair by pair in the same order."""
    model = msmodeling / TENSORCAST_MODEL
    if not model.is_dir():
        raise SystemExit(f"--msmodeling {msmodeling}: no {TENSORCAST_MODEL} in it")
    if model.stat().st_mode & 0o022:
        raise SystemExit(
            f"{model}: group- or world-writable; TensorCast refuses it (chmod -R go-w)"
        )
    argv = [str(python), *TENSORCAST_P1]
    env = environment(scratch / "pycache-tensorcast")
    run_once(argv, env, msmodeling, TENSORCAST_TOTAL)  # writes the bytecode
    mine = [str(layoutcheck_python or sys.executable), "-m", "layoutcheck", "cost", *LAYOUTCHECK_P1]
    base = {}
    if layoutcheck_python is None:
        path = [str(ROOT), os.environ.get("PYTHONPATH")]
        base["PYTHONPATH"] = os.pathsep.join(filter(None, path))
    warm = environment(
        scratch / "pycache", **base, LAYOUTCHECK_CACHE_DIR=str(scratch / "paired-cache")
    )
    run_once(mine, warm, scratch, LAYOUTCHECK_TOTAL)  # fills the cache
    ours: list[Run] = []
    theirs: list[Run] = []
    for _ in range(rounds):
        ours.append(run_once(mine, warm, scratch, LAYOUTCHECK_TOTAL))
        theirs.append(run_once(argv, env, msmodeling, TENSORCAST_TOTAL))
    return Row("layoutcheck cost, warm (paired)", tuple(ours)), Row("TensorCast p1", tuple(theirs))


def pair_ratios(numerator: Row, denominator: Row) -> list[float]:
    """numerator / denominator CPU, pair by pair."""
    return [a.cpu / b.cpu for a, b in zip(numerator.runs, denominator.runs, strict=True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="layoutcheck rounds (default 5)")
    parser.add_argument(
        "--tensorcast-rounds", type=int, default=3, help="interleaved pairs (default 3)"
    )
    parser.add_argument("--msmodeling", type=Path, help="a checkout of Ascend/msmodeling")
    parser.add_argument("--tensorcast-python", type=Path, help="the python of its venv")
    parser.add_argument(
        "--layoutcheck-python",
        type=Path,
        help="the python of a venv layoutcheck is installed in (default: this one, with the "
        "checkout first on the path)",
    )
    args = parser.parse_args()
    if (args.msmodeling is None) != (args.tensorcast_python is None):
        parser.error("give --msmodeling and --tensorcast-python together")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with tempfile.TemporaryDirectory(prefix="bench-vs-tensorcast-") as folder:
        scratch = Path(folder)
        rows = layoutcheck_rows(args.rounds, scratch, args.layoutcheck_python)
        pair = None
        if args.msmodeling is not None:
            pair = paired(
                args.msmodeling.resolve(),
                args.tensorcast_python,
                args.tensorcast_rounds,
                scratch,
                args.layoutcheck_python,
            )
            rows.extend(pair)
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print()
    header = f"| {'run':<34} | best CPU s | median CPU s | best wall s | p1 total ms |"
    print(header)
    print("| " + " | ".join("-" * (len(cell) - 2) for cell in header.split("|")[1:-1]) + " |")
    for row in rows:
        wall = min(run.wall for run in row.runs)
        print(
            f"| {row.name:<34} | {row.best:10.3f} | {row.median:12.3f} | {wall:11.3f} |"
            f" {row.runs[0].total_ms:11.3f} |"
        )
    print()
    if pair is None:
        print("TensorCast was not run (give --msmodeling DIR --tensorcast-python PATH)")
        return
    ratios = pair_ratios(pair[1], pair[0])
    print(
        f"TensorCast / layoutcheck (warm cache), CPU, {len(ratios)} interleaved pairs: "
        f"median {statistics.median(ratios):.1f}× (range {min(ratios):.1f}–{max(ratios):.1f}×)"
    )


if __name__ == "__main__":
    main()
