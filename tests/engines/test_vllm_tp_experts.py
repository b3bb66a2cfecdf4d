"""vLLM's MoE without expert parallelism is tensor-parallel experts: every rank holds every
expert with 1/tp of its intermediate (fused_moe/layer.py shards w13 [E, 2·I/tp, H] and w2
[E, H, I/tp]), computes every routed row it is given and sends no token; the all_reduce after
the layer sums the ranks' shares. The catalogue's ``dispatch: none`` is that op: no dispatch or
combine is priced, each expert's matmuls are 1/tp wide, and a rank's expert weights are 1/tp
of the checkpoint's. Before it, a vLLM TP graph's experts were priced as an EP dispatch over
tp (an all_to_all that does not exist, each rank running whole experts) and held every expert
whole in ``memory``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import ROOT, run

CAPTURED = ROOT / "tests" / "data" / "vllm-capture"
# (graph, model config, its (experts, intermediate, top_k) keys)
QWEN3 = ("num_experts", "moe_intermediate_size", "num_experts_per_tok")
DEEPSEEK = ("n_routed_experts", "moe_intermediate_size", "num_experts_per_tok")
CAPTURES = [
    (CAPTURED / "qwen3-moe-tp2-sp" / "before_sp" / "rank_0.pt2", "tiny-qwen3-moe", QWEN3),
    (CAPTURED / "qwen3-moe-tp2-sp" / "before_sp" / "rank_0.py", "tiny-qwen3-moe", QWEN3),
    (CAPTURED / "qwen3-moe-tp2-sp" / "after_sp" / "rank_0.pt2", "tiny-qwen3-moe", QWEN3),
    (CAPTURED / "deepseek-v2-tp2" / "before_sp" / "rank_0.pt2", "tiny-deepseek-v2", DEEPSEEK),
]
TP = 2  # every capture's tensor_parallel_size

GRAPH = """format: layoutcheck-graph/1
name: tp-experts
symbols: {{T: 64, tp: 4, H: 256, experts: {experts}, top_k: 2, moe_I: 128}}
token_count: T
groups: {{tp: tp}}
inputs:
  x: {{shape: [T, H], tokens: full, features: whole, dtype: bf16}}
ops:
  - name: gate
    op: moe_gate
    inputs: [x]
    attrs: {{experts: experts}}
  - name: topk
    op: moe_topk
    inputs: [gate]
    attrs: {{top_k: top_k}}
  - name: experts
    op: moe_experts
    inputs: [x, topk:0, topk:1]
    attrs: {{experts: experts, top_k: top_k, intermediate: moe_I, group: tp,
            dispatch: {dispatch}, reduce_results: false, reduce_group: tp}}
  - name: reduce
    op: all_reduce
    inputs: [experts]
outputs: [reduce]
"""


def expert_flops(rows: int, hidden: int, inter: int) -> int:
    """The routed rows through experts ``inter`` wide (as this rank holds them): the gate_up
    and down matmuls, the activation and product, the unpermute and the weighted sum."""
    matmuls = 2 * rows * hidden * 2 * inter + 2 * rows * inter * hidden
    vector = 2 * rows * inter + rows * hidden + 2 * rows * hidden
    return matmuls + vector


def costed(path: Path, *flags: str) -> dict[str, dict[str, float]]:
    result = run("cost", path, "--format", "json", *flags)
    assert result.code == 0, result.err
    return {op["name"]: op for op in json.loads(result.out)["ops"]}


def experts_of(ops: dict[str, dict[str, float]]) -> list[dict[str, float]]:
    found = [op for op in ops.values() if op["kind"] == "moe_experts"]
    assert found
    return found


def graph_file(tmp_path: Path, dispatch: str, experts: int = 8) -> Path:
    path = tmp_path / f"{dispatch}-{experts}.yaml"
    path.write_text(GRAPH.format(dispatch=dispatch, experts=experts))
    return path


def test_tensor_parallel_experts_send_nothing_and_compute_a_tp_share(tmp_path: Path) -> None:
    tokens, top_k, hidden, inter, tp = 64, 2, 256, 128, 4
    (split,) = experts_of(costed(graph_file(tmp_path, "none")))
    (dispatched,) = experts_of(costed(graph_file(tmp_path, "all_to_all")))
    assert split["comm_bytes"] == 0
    assert split["flops"] == expert_flops(tokens * top_k, hidden, inter // tp)
    # the same rows through whole experts, with the rows sent and returned over the group
    assert dispatched["flops"] == expert_flops(tokens * top_k, hidden, inter)
    assert dispatched["comm_bytes"] > 0


def test_tensor_parallel_experts_split_the_intermediate_not_the_experts(tmp_path: Path) -> None:
    # 6 experts over 4 ranks: whole experts could not be split, their intermediates can
    assert run("check", graph_file(tmp_path, "none", experts=6)).code == 0
    refused = run("check", graph_file(tmp_path, "all_to_all", experts=6))
    assert refused.code == 1 and "experts 6 cannot be split over tp = 4" in refused.out
    uneven = run("check", graph_file(tmp_path, "none"), "--set", "moe_I=130")
    assert uneven.code == 1
    assert "the experts' intermediate 130 cannot be split over tp = 4" in uneven.out


@pytest.mark.parametrize(
    ("path", "config", "keys"),
    CAPTURES,
    ids=[f"{p.parent.parent.name}/{p.name}" for p, *_ in CAPTURES],
)
def test_a_vllm_tp_capture_s_experts_are_priced_as_vllm_runs_them(
    path: Path, config: str, keys: tuple[str, str, str]
) -> None:
    model = json.loads((CAPTURED / config / "config.json").read_text())
    _, inter, top_k = (int(model[key]) for key in keys)
    tokens = 64  # max_num_batched_tokens of every capture (the .py dump leaves T a range)
    result = run("cost", path, "--format", "json", "--set", f"T={tokens}")
    assert result.code == 0, result.err
    report = json.loads(result.out)
    for op in experts_of({o["name"]: o for o in report["ops"]}):
        assert op["comm_bytes"] == 0  # no dispatch, no combine: the graph's all_reduce sums
        # every token's top_k rows (after SP too: the experts run on the gathered tokens)
        assert op["flops"] == expert_flops(tokens * top_k, int(model["hidden_size"]), inter // TP)


@pytest.mark.parametrize(("path", "config", "keys"), CAPTURES[:1] + CAPTURES[3:])
def test_a_rank_holds_every_expert_with_a_tp_share_of_its_intermediate(
    path: Path, config: str, keys: tuple[str, str, str]
) -> None:
    model = json.loads((CAPTURED / config / "config.json").read_text())
    experts, inter, _ = (int(model[key]) for key in keys)
    result = run("memory", path, "--config", CAPTURED / config, "--format", "json")
    assert result.code == 0, result.err
    modules = json.loads(result.out)["by_module"]
    parts = {name: held for name, held in modules.items() if ".experts.experts.*." in name}
    assert parts and {name.rsplit(".", 1)[1] for name in parts} == {
        "gate_proj",
        "up_proj",
        "down_proj",
    }
    # bf16: each of gate, up and down is E × (I/tp) × H two-byte elements on this rank
    share = experts * (inter // TP) * int(model["hidden_size"]) * 2
    assert set(parts.values()) == {share}
