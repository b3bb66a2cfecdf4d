"""Start time of the ``layoutcheck`` command: the CLI's common path, end to end in a subprocess.

Rows (wall time of the whole process, interpreter start and imports included; best of N):
  python -c pass                  the interpreter alone, the floor under every row
  import layoutcheck.cli          what every command pays before it parses its arguments
  layoutcheck --version           parse and print: the start of the CLI and nothing else
  layoutcheck check glm-5.1       the common path: build GLM-5.1's 78 layers and check them

The best of N (not the mean) because a busy machine only ever adds time; the CPU column (the
child's user + system time) is what to compare on a machine that other work keeps busy. The
exit code is printed beside each row: a command that fails (``--version`` before it existed
exits 2 on argparse's usage error, after importing and parsing alike) is still timed, and
said.

``--base DIR`` times a second copy of the package (e.g. ``git archive BASE layoutcheck | tar -x
-C DIR``) next to this one, the two run alternately in each round so a busy machine slows both
alike, both as ``python -m layoutcheck.cli`` (the base may have no ``__main__``); a column gives
the change.

Target: the terminal work of issue 13 (colour, progress, --version) must not slow the common
path by more than 5% (benchmarks/README.md has the figures before and after).

Run:  python benchmarks/bench_cli_start.py [--rounds 10] [--base DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

import attrs


@attrs.frozen
class Timing:
    wall: float  # seconds
    cpu: float  # the child's user + system seconds: what a busy machine does not inflate
    code: int


def timed_run(argv: list[str], env: dict[str, str] | None = None) -> Timing:
    """One run. It runs in the temporary folder: ``python -m`` puts the working folder first
    on the path, which would shadow ``--base``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        argv, capture_output=True, check=False, env=env, cwd=tempfile.gettempdir()
    )
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Timing(elapsed, cpu, done.returncode)


def best(timings: list[Timing]) -> tuple[float, float]:
    """The best wall and the best CPU time, in ms."""
    return min(t.wall for t in timings) * 1000, min(t.cpu for t in timings) * 1000


def rows(cli: list[str]) -> list[tuple[str, list[str]]]:
    return [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("import layoutcheck.cli", [sys.executable, "-c", "import layoutcheck.cli"]),
        ("layoutcheck --version", [*cli, "--version"]),
        ("layoutcheck check glm-5.1", [*cli, "check", "glm-5.1"]),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="runs per row (default 10)")
    parser.add_argument("--base", help="a copy of the package to compare with (its parent dir)")
    args = parser.parse_args()

    if args.base is None:
        exe = shutil.which("layoutcheck")
        cli = [exe] if exe else [sys.executable, "-m", "layoutcheck.cli"]
        print(f"CLI start, best of {args.rounds} (ms, subprocess)")
        print(f"  {'command':<28} {'wall':>9} {'cpu':>9}  exit")
        for label, argv in rows(cli):
            results = [timed_run(argv) for _ in range(args.rounds)]
            wall, cpu = best(results)
            print(f"  {label:<28} {wall:9.1f} {cpu:9.1f}  {results[-1].code}")
        return 0

    cli = [sys.executable, "-m", "layoutcheck.cli"]
    base_env = {**os.environ, "PYTHONPATH": os.path.abspath(args.base)}
    print(f"CLI start, best of {args.rounds}, base and this run alternately (ms, subprocess)")
    print(
        f"  {'command':<28} {'base wall':>10} {'this wall':>10} {'change':>8}"
        f" {'base cpu':>10} {'this cpu':>10} {'change':>8}  exit"
    )
    for label, argv in rows(cli):
        base: list[Timing] = []
        this: list[Timing] = []
        for _ in range(args.rounds):
            base.append(timed_run(argv, base_env))
            this.append(timed_run(argv))
        (bw, bc), (tw, tc) = best(base), best(this)
        print(
            f"  {label:<28} {bw:10.1f} {tw:10.1f} {(tw / bw - 1) * 100:+7.1f}%"
            f" {bc:10.1f} {tc:10.1f} {(tc / bc - 1) * 100:+7.1f}%  {base[-1].code}/{this[-1].code}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
