"""Start time of the ``layoutcheck`` command: the CLI's common path, end to end in a subprocess.

Rows (wall time of the whole process, interpreter start and imports included; best of N):
  python -c pass                  the interpreter alone, the floor under every row
  import layoutcheck.cli          what every command pays before it parses its arguments
  layoutcheck --version           parse and print: the start of the CLI and nothing else
  layoutcheck check glm-5.1       the common path: build GLM-5.1's 78 layers and check them

The best of N (not the mean) because a busy machine only ever adds time. The exit code is
printed beside each row: a command that fails (``--version`` before it existed exits 2 on
argparse's usage error, after importing and parsing alike) is still timed, and said.

Target: the terminal work of issue 13 (colour, progress, --version) must not slow the common
path by more than 5% (benchmarks/README.md has the figures before and after).

Run:  python benchmarks/bench_cli_start.py [--rounds 10]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import time


def best_of(rounds: int, argv: list[str]) -> tuple[float, int]:
    """Best wall seconds over ``rounds`` runs, and the exit code of the last one."""
    best, code = float("inf"), 0
    for _ in range(rounds):
        start = time.perf_counter()
        done = subprocess.run(argv, capture_output=True, check=False)
        best = min(best, time.perf_counter() - start)
        code = done.returncode
    return best, code


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10, help="runs per row (default 10)")
    args = parser.parse_args()

    exe = shutil.which("layoutcheck")
    cli = [exe] if exe else [sys.executable, "-m", "layoutcheck.cli"]
    rows = [
        ("python -c pass", [sys.executable, "-c", "pass"]),
        ("import layoutcheck.cli", [sys.executable, "-c", "import layoutcheck.cli"]),
        ("layoutcheck --version", [*cli, "--version"]),
        ("layoutcheck check glm-5.1", [*cli, "check", "glm-5.1"]),
    ]
    print(f"CLI start, best of {args.rounds} (wall ms, subprocess)")
    print(f"  {'command':<28} {'ms':>9}  exit")
    for label, argv in rows:
        seconds, code = best_of(args.rounds, argv)
        print(f"  {label:<28} {seconds * 1000:9.1f}  {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
