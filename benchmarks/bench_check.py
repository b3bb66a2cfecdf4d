"""Load + interpret + contract-check time of graph files, for N = 78 … 1000 decoder layers.

Target: under 100 ms for 78 layers (GLM-5.1) after import, and time linear in the layers.

The graph is synthetic but realistic: the GLM-5.1 DSA-CP prefill layer of
specs/graphs/glm51-layer-tensorcast-dsa-cp.yaml (full-token attention, token slice before a
replicated o_proj, local-token MoE, one all_gather of the normalized input per layer), with the
DSA indexer split into its projections, norm and ropes and the rope views written out: 40 ops
per layer, named ``model.layers.{i}.…``, hidden state and residual chained from layer to layer.
It is written as JSON and as YAML to a temporary directory and checked against the
tensorcast-dsa-cp-prefill contract; the script stops if it does not pass.

Phases (each measured in a fresh worker process after ``import layoutcheck``, so caches start
cold as in a CLI run; best of --rounds by total wall time, ``time.perf_counter``; the cpu column
is the worker's ``time.process_time`` for the three phases, less sensitive to a busy machine):
  load       load_graph: read, parse, validate and normalize (incl. the topological order)
  interpret  interpret: the abstract interpreter over every op
  contract   report_for: the contract check plus the report summary (what `check` prints)
The warm table repeats the three phases in one process (sympy and parse caches hot).
Peak memory of the 1000-layer run: tracemalloc peak of the three phases, and the worker's
max RSS (interpreter and imports included). The CLI row is the wall time of
``layoutcheck check FILE`` in a subprocess, interpreter start and imports included.

Run:  python benchmarks/bench_check.py [--rounds 3] [--layers 78 156 312 1000] [--profile]
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

TARGET_MS_78 = 100.0
CONTRACT = "tensorcast-dsa-cp-prefill"
LAYERS = (78, 156, 312, 1000)

SYMBOLS = {
    "T": 4096,  # prompt tokens of the TP/SP group
    "tp": 16,
    "H": 6144,  # hidden_size
    "heads": 64,  # num_attention_heads
    "q_lora": 2048,  # q_lora_rank
    "kv_lora": 512,  # kv_lora_rank
    "d_nope": 192,  # qk_nope_head_dim
    "d_rope": 64,  # qk_rope_head_dim
    "d_v": 256,  # v_head_dim
    "idx_heads": 32,  # index_n_heads
    "idx_dim": 128,  # index_head_dim
    "idx_topk": 2048,  # index_topk
    "experts": 256,  # n_routed_experts
    "top_k": 8,  # num_experts_per_tok
    "moe_I": 2048,  # moe_intermediate_size
    "ep": 16,
}


# -- the synthetic graph ---------------------------------------------------------------------


def layer_ops(i: int, hidden: str, residual: str) -> list[dict[str, Any]]:
    """One GLM-5.1 DSA-CP prefill layer (40 ops) reading ``hidden`` and ``residual``."""
    p = f"model.layers.{i}"
    a = f"{p}.self_attn"
    x = f"{a}.indexer"
    s = f"{p}.mlp.shared_experts"

    def op(name: str, kind: str, inputs: list[str], **attrs: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"name": name, "op": kind, "inputs": inputs}
        if attrs:
            body["attrs"] = attrs
        return body

    def linear(
        name: str,
        source: str,
        into: str,
        out: str,
        parallel: str = "replicated",
        quant: str = "w8a8",
    ) -> dict[str, Any]:
        return op(
            name,
            "linear",
            [source],
            in_features=into,
            out_features=out,
            parallel=parallel,
            quant=quant,
        )

    return [
        op(f"{p}.input_layernorm", "add_rms_norm", [hidden, residual]),
        # the only attention-domain entry: gather output 0, never the residual
        op(f"{a}.attn_gather", "all_gather", [f"{p}.input_layernorm:0"], group="tp"),
        linear(f"{a}.q_a_proj", f"{a}.attn_gather", "H", "q_lora"),
        op(f"{a}.q_a_layernorm", "rms_norm", [f"{a}.q_a_proj"]),
        linear(f"{a}.q_b_proj", f"{a}.q_a_layernorm", "q_lora", "heads*(d_nope+d_rope)"),
        op(f"{a}.q_split", "split", [f"{a}.q_b_proj"], sizes=["heads*d_nope", "heads*d_rope"]),
        op(f"{a}.q_pe_view", "reshape", [f"{a}.q_split:1"], features=["heads", "d_rope"]),
        op(f"{a}.q_pe_rope", "rope", [f"{a}.q_pe_view"]),
        op(f"{a}.q_pe_flat", "reshape", [f"{a}.q_pe_rope"], features=["heads*d_rope"]),
        op(f"{a}.q", "concat", [f"{a}.q_split:0", f"{a}.q_pe_flat"]),
        linear(f"{a}.kv_a_proj_with_mqa", f"{a}.attn_gather", "H", "kv_lora+d_rope"),
        op(f"{a}.kv_a_split", "split", [f"{a}.kv_a_proj_with_mqa"], sizes=["kv_lora", "d_rope"]),
        op(f"{a}.kv_a_layernorm", "rms_norm", [f"{a}.kv_a_split:0"]),
        op(f"{a}.k_rope", "rope", [f"{a}.kv_a_split:1"]),
        op(f"{a}.kv_latent", "concat", [f"{a}.kv_a_layernorm", f"{a}.k_rope"]),
        # the DSA lightning indexer, its projections, norm and ropes written out
        linear(f"{x}.wq_b", f"{a}.q_a_layernorm", "q_lora", "idx_heads*idx_dim"),
        op(
            f"{x}.q_split",
            "split",
            [f"{x}.wq_b"],
            sizes=["idx_heads*d_rope", "idx_heads*(idx_dim-d_rope)"],
        ),
        op(f"{x}.q_pe_view", "reshape", [f"{x}.q_split:0"], features=["idx_heads", "d_rope"]),
        op(f"{x}.q_pe_rope", "rope", [f"{x}.q_pe_view"]),
        op(f"{x}.q_pe_flat", "reshape", [f"{x}.q_pe_rope"], features=["idx_heads*d_rope"]),
        op(f"{x}.q", "concat", [f"{x}.q_pe_flat", f"{x}.q_split:1"]),
        linear(f"{x}.wk", f"{a}.attn_gather", "H", "idx_dim"),
        op(f"{x}.k_norm", "rms_norm", [f"{x}.wk"]),
        op(f"{x}.k_split", "split", [f"{x}.k_norm"], sizes=["d_rope", "idx_dim-d_rope"]),
        op(f"{x}.k_pe_rope", "rope", [f"{x}.k_split:0"]),
        op(f"{x}.k", "concat", [f"{x}.k_pe_rope", f"{x}.k_split:1"]),
        op(
            f"{x}.topk",
            "dsa_indexer",
            [f"{x}.q", f"{x}.k"],
            index_n_heads="idx_heads",
            index_head_dim="idx_dim",
            topk="idx_topk",
        ),
        op(
            f"{a}.attn",
            "sparse_attention",
            [f"{a}.q", f"{a}.kv_latent", f"{x}.topk"],
            heads="heads",
            qk_nope_head_dim="d_nope",
            qk_rope_head_dim="d_rope",
            v_head_dim="d_v",
            kv_lora_rank="kv_lora",
            topk="idx_topk",
        ),
        # [T, heads, d_v] FULL -> [T/tp, heads, d_v] LOCAL: a view, no communication
        op(f"{a}.o_proj_slice", "token_slice", [f"{a}.attn"], group="tp"),
        op(f"{a}.o_proj_flatten", "reshape", [f"{a}.o_proj_slice"], features=["heads*d_v"]),
        linear(f"{a}.o_proj", f"{a}.o_proj_flatten", "heads*d_v", "H"),
        op(
            f"{p}.post_attention_layernorm",
            "add_rms_norm",
            [f"{a}.o_proj", f"{p}.input_layernorm:1"],
        ),
        # local-token MoE
        op(f"{p}.mlp.gate", "moe_gate", [f"{p}.post_attention_layernorm:0"], experts="experts"),
        op(f"{p}.mlp.topk", "moe_topk", [f"{p}.mlp.gate"], top_k="top_k"),
        op(
            f"{p}.mlp.experts",
            "moe_experts",
            [f"{p}.post_attention_layernorm:0", f"{p}.mlp.topk:0", f"{p}.mlp.topk:1"],
            experts="experts",
            top_k="top_k",
            intermediate="moe_I",
            group="ep",
            dispatch="all_to_all",
            quant="w8a8_dynamic",
        ),
        linear(
            f"{s}.gate_up_proj",
            f"{p}.post_attention_layernorm:0",
            "H",
            "2*moe_I",
            "column",
            "w8a8_dynamic",
        ),
        op(f"{s}.act_fn", "activation", [f"{s}.gate_up_proj"], fn="swiglu"),
        linear(f"{s}.down_proj", f"{s}.act_fn", "moe_I", "H", "row", "w8a8_dynamic"),
        op(f"{s}.all_reduce", "all_reduce", [f"{s}.down_proj"], group="tp"),
        op(f"{p}.mlp.combine", "add", [f"{p}.mlp.experts", f"{s}.all_reduce"]),
    ]


def synthetic_graph(layers: int) -> dict[str, Any]:
    """A ``layoutcheck-graph/1`` document of ``layers`` chained decoder layers."""
    ops: list[dict[str, Any]] = []
    hidden, residual = "hidden", "residual"
    for i in range(layers):
        ops.extend(layer_ops(i, hidden, residual))
        hidden = f"model.layers.{i}.mlp.combine"
        residual = f"model.layers.{i}.post_attention_layernorm:1"
    local = {"shape": ["T/tp", "H"], "tokens": "local", "features": "whole", "dtype": "bf16"}
    return {
        "format": "layoutcheck-graph/1",
        "name": f"glm51-{layers}-layers-tensorcast-dsa-cp-prefill",
        "contract": CONTRACT,
        "symbols": SYMBOLS,
        "token_count": "T",
        "groups": {"tp": "tp", "ep": "ep"},
        "inputs": {"hidden": dict(local), "residual": dict(local)},
        "ops": ops,
        "outputs": [hidden, residual],
    }


def write_graphs(directory: Path, layers: int) -> dict[str, Path]:
    import yaml

    data = synthetic_graph(layers)
    paths = {"json": directory / f"glm51-{layers}.json", "yaml": directory / f"glm51-{layers}.yaml"}
    paths["json"].write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    base = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

    class Dumper(base):  # type: ignore[misc, valid-type]
        def ignore_aliases(self, data: object) -> bool:
            return True  # graph files hold no YAML anchors (the loader refuses them)

    text = yaml.dump(data, Dumper=Dumper, sort_keys=False, default_flow_style=None, width=100)
    paths["yaml"].write_text(text, encoding="utf-8")
    return paths


# -- one measurement (runs in a worker process) ----------------------------------------------


def measure(path: Path, trace: bool = False) -> dict[str, Any]:
    """Time load, interpret and the contract check of one file, once."""
    from layoutcheck.check import report_for
    from layoutcheck.contracts import load_contract
    from layoutcheck.graph_io import load_graph
    from layoutcheck.interp import interpret

    contract = load_contract(CONTRACT)  # constant work, not a phase
    if trace:
        tracemalloc.start()
    c0, t0 = time.process_time(), time.perf_counter()
    graph = load_graph(path)
    t1 = time.perf_counter()
    typed = interpret(graph)
    t2 = time.perf_counter()
    report = report_for(typed, contract)
    t3, c3 = time.perf_counter(), time.process_time()
    peak = tracemalloc.get_traced_memory()[1] if trace else None
    if trace:
        tracemalloc.stop()
    return {
        "ops": len(graph.ops),
        "layers": len(graph.layers()),
        "load": t1 - t0,
        "interpret": t2 - t1,
        "contract": t3 - t2,
        "cpu": c3 - c0,
        "ok": report.ok,
        "errors": len(report.errors),
        "warnings": len(report.warnings),
        "rules": sorted(report.rules()),
        "tracemalloc_peak": peak,
        "maxrss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    }


def worker(path: Path, trace: bool, warm_rounds: int) -> None:
    import layoutcheck.cli  # noqa: F401  (imports are not part of the measurement)

    cold = measure(path, trace)
    warm = [measure(path) for _ in range(warm_rounds)]
    print(json.dumps({"cold": cold, "warm": warm}))


def run_worker(path: Path, trace: bool = False, warm_rounds: int = 0) -> dict[str, Any]:
    argv = [sys.executable, __file__, "--worker", str(path), "--warm", str(warm_rounds)]
    if trace:
        argv.append("--trace")
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"worker for {path} failed ({done.returncode}):\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


# -- the driver ------------------------------------------------------------------------------


def total(row: dict[str, Any]) -> float:
    return float(row["load"] + row["interpret"] + row["contract"])


def best(rows: list[dict[str, Any]]) -> dict[str, Any]:
    return min(rows, key=total)


def cli_time(path: Path, rounds: int) -> tuple[float, int]:
    exe = shutil.which("layoutcheck")
    argv = [exe] if exe else [sys.executable, "-m", "layoutcheck.cli"]
    fastest, code = float("inf"), -1
    for _ in range(rounds):
        start = time.perf_counter()
        done = subprocess.run([*argv, "check", str(path)], capture_output=True, check=False)
        fastest = min(fastest, time.perf_counter() - start)
        code = done.returncode
    return fastest, code


def import_time(rounds: int) -> float:
    fastest = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import layoutcheck.cli"], check=True)
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def row_text(kind: str, row: dict[str, Any]) -> str:
    ms = {key: row[key] * 1000 for key in ("load", "interpret", "contract")}
    whole = total(row) * 1000
    return (
        f"{kind:<5} {row['layers']:>6} {row['ops']:>6} {ms['load']:>9.1f} {ms['interpret']:>10.1f} "
        f"{ms['contract']:>9.1f} {whole:>9.1f} {whole * 1000 / row['ops']:>7.1f} "
        f"{row['cpu'] * 1000:>8.1f}"
    )


HEADER = (
    f"{'fmt':<5} {'layers':>6} {'ops':>6} {'load ms':>9} {'interp ms':>10} {'contr ms':>9} "
    f"{'total ms':>9} {'µs/op':>7} {'cpu ms':>8}"
)


def profile(path: Path, top: int = 25) -> str:
    """cProfile of load + interpret + check of ``path`` (cold caches: run in a fresh process)."""
    code = (
        "import cProfile, pstats, io, sys\n"
        "import layoutcheck.cli\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from bench_check import measure\n"
        "from pathlib import Path\n"
        "profiler = cProfile.Profile()\n"
        f"profiler.runcall(measure, Path({str(path)!r}))\n"
        "out = io.StringIO()\n"
        f"pstats.Stats(profiler, stream=out).sort_stats('tottime').print_stats({top})\n"
        "out.write('\\n-- by cumulative time --\\n')\n"
        f"pstats.Stats(profiler, stream=out).sort_stats('cumulative').print_stats({top})\n"
        "print(out.getvalue())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="worker runs per size (best of)")
    parser.add_argument("--layers", type=int, nargs="+", default=list(LAYERS))
    parser.add_argument("--formats", nargs="+", default=["json", "yaml"], choices=["json", "yaml"])
    parser.add_argument("--profile", action="store_true", help="cProfile the 78-layer runs")
    parser.add_argument("--keep", help="write the graphs here instead of a temporary directory")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--warm", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--trace", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(Path(args.worker), args.trace, args.warm)
        return 0

    with tempfile.TemporaryDirectory(prefix="layoutcheck-bench-") as scratch:
        directory = Path(args.keep or scratch)
        directory.mkdir(parents=True, exist_ok=True)
        files = {n: write_graphs(directory, n) for n in args.layers}

        print(
            f"layoutcheck check: synthetic GLM-5.1 DSA-CP prefill, {CONTRACT}, "
            f"best of {args.rounds} (python {sys.version.split()[0]})"
        )
        print("cold: a fresh process per run, after `import layoutcheck.cli`")
        print(HEADER)
        cold: dict[tuple[str, int], dict[str, Any]] = {}
        warm: dict[tuple[str, int], dict[str, Any]] = {}
        for kind in args.formats:
            for n in args.layers:
                runs = [run_worker(files[n][kind], warm_rounds=2) for _ in range(args.rounds)]
                cold[kind, n] = best([r["cold"] for r in runs])
                warm[kind, n] = best([w for r in runs for w in r["warm"]])
                row = cold[kind, n]
                if not row["ok"]:
                    raise SystemExit(f"{files[n][kind]} does not pass: {row['rules']}")
                print(row_text(kind, row), flush=True)
        print("\nwarm: the same process again (parse and sympy caches hot)")
        print(HEADER)
        for (kind, _), row in warm.items():
            print(row_text(kind, row))

        first = cold[args.formats[0], args.layers[0]]
        verdict = "ok" if first["ok"] else "FAILED"
        print(
            f"\nverdict: {verdict} against {CONTRACT} for every size "
            f"({first['errors']} errors, {first['warnings']} warnings at {first['layers']} "
            f"layers; rules seen: {', '.join(first['rules']) or 'none'})"
        )

        biggest = max(args.layers)
        traced = run_worker(files[biggest][args.formats[0]], trace=True)["cold"]
        print(
            f"peak memory, {biggest} layers ({args.formats[0]}): tracemalloc "
            f"{traced['tracemalloc_peak'] / 2**20:.1f} MiB during load+interpret+check; worker "
            f"max RSS {traced['maxrss_kb'] / 1024:.1f} MiB (interpreter and imports included)"
        )

        if 78 in args.layers:
            startup = import_time(args.rounds)
            for kind in args.formats:
                seconds, code = cli_time(files[78][kind], args.rounds)
                print(
                    f"CLI end to end, `layoutcheck check` 78 layers {kind}: "
                    f"{seconds * 1000:.0f} ms (exit {code}; python start + "
                    f"import layoutcheck.cli alone: {startup * 1000:.0f} ms)"
                )

        print()
        small, large = min(args.layers), max(args.layers)
        for kind in args.formats:
            a, b = cold[kind, small], cold[kind, large]
            growth = total(b) / total(a)
            print(
                f"scaling {kind}: {small} → {large} layers is {large / small:.1f}x the ops and "
                f"{growth:.1f}x the time ({total(a) * 1e6 / a['ops']:.1f} → "
                f"{total(b) * 1e6 / b['ops']:.1f} µs/op)"
            )
        if 78 in args.layers:
            for kind in args.formats:
                ms78 = total(cold[kind, 78]) * 1000
                met = "met" if ms78 < TARGET_MS_78 else "MISSED"
                print(
                    f"target: 78 layers {kind} under {TARGET_MS_78:.0f} ms after import: "
                    f"{ms78:.1f} ms — {met}"
                )

        if args.profile and 78 in args.layers:
            for kind in args.formats:
                print(f"\ncProfile, 78 layers {kind}, cold (top functions by own time):")
                print(profile(files[78][kind]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
