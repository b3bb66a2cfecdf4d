"""``check --for-all``: how long proving the size conditions over a range of token counts takes.

Rows (CPU time of the whole process, best of N; the wall time beside it):
  mc2 decode, T=1..65536       GLM-5.1 decode tp4 dp8 (pads before its dispatch): proved
  rfc layer, T=16..65536       the shipped DSA-CP layer (LOCAL inputs [T/16, H]): fails at 17
  qwen3-8b sp tp2, T=1..10^6   SP built at 128 tokens (no pad): fails at 1

Target (issue 20): a padded graph proved for T = 1..65536 in under 2 s.

Run:  python benchmarks/bench_forall.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time

ROWS = (
    (
        "mc2 decode, T=1..65536",
        ["glm-5.1", "--tp", "4", "--dp", "8", "--phase", "decode", "--tokens", "9",
         "--for-all", "T=1..65536"],
    ),
    (
        "rfc layer, T=16..65536",
        ["specs/graphs/glm51-layer-tensorcast-dsa-cp.yaml", "--for-all", "T=16..65536"],
    ),
    (
        "qwen3-8b sp tp2, T=1..10^6",
        ["qwen3-8b", "--tp", "2", "--sp", "--tokens", "128", "--for-all", "T=1..1000000"],
    ),
)  # fmt: skip


def timed(argv: list[str]) -> tuple[float, float, int]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    code = subprocess.run(
        [sys.executable, "-m", "layoutcheck", "check", *argv], capture_output=True, check=False
    ).returncode
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, code


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    print(f"{'row':34} {'cpu s':>7} {'wall s':>7} exit")
    for label, argv in ROWS:
        best = min((timed(argv) for _ in range(rounds)), key=lambda r: r[0])
        print(f"{label:34} {best[0]:7.2f} {best[1]:7.2f} {best[2]:>4}")


if __name__ == "__main__":
    main()
