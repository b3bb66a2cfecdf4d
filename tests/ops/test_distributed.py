"""The ops that compute across a group without a layout change (layoutcheck/ops/distributed.py):
a norm over features split across the ranks, with KV heads replicated where the group exceeds
them, and a complete value scaled into a pending sum; their type rules, cost, memory, builder
emission and simulator kernels."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sympy

from layoutcheck.cost.devices import load_device
from layoutcheck.cost.report import cost_report
from layoutcheck.graph import Graph
from layoutcheck.graph_io import load_graph, loads_graph
from layoutcheck.interp import interpret
from layoutcheck.memory.kv import kv_bytes_per_token
from layoutcheck.models import build_model
from layoutcheck.models.builder import ParallelConfig
from layoutcheck.models.config import model_spec
from layoutcheck.oracle import check_soundness
from layoutcheck.sim import simulate
from layoutcheck.symbols import symbol
from layoutcheck.validate import normalize
from tests.helpers import GRAPHS

# MiniMax-M2.5's attention (vLLM minimax_m2.py): 48 query heads, 8 KV heads, head_dim 128
K_NORM = """
format: layoutcheck-graph/1
name: k-norm
symbols: {{T: 8, tp: {tp}, kv_heads: 8, d: 128, H: 256}}
token_count: T
inputs:
  k: {{shape: [T, {width}], tokens: full, features: {features}}}
ops:
  - name: model.layers.0.self_attn.k_norm
    op: distributed_rms_norm
    inputs: [k]
    attrs: {{features: kv_heads*d, heads: kv_heads{attrs}}}
outputs: [model.layers.0.self_attn.k_norm]
"""


def errors(text: str) -> list[tuple[str, str]]:
    typed = interpret(normalize(loads_graph(text)))
    return [(str(d.rule), d.op or "") for d in typed.diagnostics]


def k_norm(tp: int, width: str, attrs: str = "", features: str = "split") -> str:
    return K_NORM.format(tp=tp, width=width, attrs=attrs, features=features)


OP = "model.layers.0.self_attn.k_norm"


def test_replicated_kv_heads_hold_one_head_per_rank() -> None:
    """tp 16 over 8 KV heads: a rank's K is one 128-wide head (QKVParallelLinear's replicas),
    not 8·128/16 = 64 features; with tp 4 a rank holds 2 heads, 256 features."""
    assert errors(k_norm(16, "d")) == []
    assert errors(k_norm(16, "kv_heads*d/tp")) == [("shape-mismatch", OP)]
    assert errors(k_norm(4, "kv_heads*d/tp")) == []


def test_a_weight_cut_over_more_ranks_than_heads_is_a_piece_of_a_head() -> None:
    """MiniMax-M2.5 at TP 16 (vLLM PR 38191, SGLang PR 20967): k_norm's weight cut by tp gives
    64 weights for the rank's 128 features; cut by the KV heads it fits."""
    assert errors(k_norm(16, "d", ", weight_shards: tp")) == [("shape-mismatch", OP)]
    assert errors(k_norm(16, "d", ", weight_shards: kv_heads")) == []
    assert errors(k_norm(4, "kv_heads*d/tp", ", weight_shards: tp")) == []


def test_heads_that_neither_divide_nor_are_divided_by_the_group() -> None:
    assert errors(k_norm(6, "d")) == [("indivisible", OP)]


def test_a_pending_sum_into_the_distributed_norm() -> None:
    assert errors(k_norm(4, "kv_heads*d", features="partial")) == [("partial-into-nonlinear", OP)]


def test_the_norm_all_reduces_one_fp32_statistic_per_token() -> None:
    graph = normalize(loads_graph(k_norm(4, "kv_heads*d/tp")))
    report = cost_report(graph, load_device("a3-752t"))
    (entry,) = [e for e in report.entries if e.name == OP]
    comm = entry.cost.comm
    assert comm is not None and comm.kind == "all_reduce" and comm.group == "tp"
    assert sympy.simplify(comm.full_bytes - 4 * symbol("T")) == 0


SHARED = """
format: layoutcheck-graph/1
name: shared
symbols: {T: 8, tp: 4, H: 16}
token_count: T
inputs:
  routed: {shape: [T, H], tokens: full, features: partial}
  shared: {shape: [T, H], tokens: full, features: %s}
ops:
  - {name: scale, op: partial_share, inputs: [shared], attrs: {how: HOW}}
  - {name: add, op: add, inputs: [routed, scale]}
  - {name: reduce, op: all_reduce, inputs: [add]}
outputs: [reduce]
"""


def shared(features: str, how: str = "scale") -> str:
    return (SHARED % features).replace("HOW", how)


def test_a_replicated_value_scaled_by_one_over_g_is_a_pending_sum() -> None:
    assert errors(shared("whole")) == []
    assert errors(shared("whole", "leader")) == []
    assert errors(shared("partial")) == [("non-sum-reduction-of-partial", "scale")]
    assert errors(shared("split")) == [("incomplete-features", "scale")]


@pytest.mark.parametrize("how", ["scale", "leader"])
def test_the_simulator_adds_the_share_once(how: str) -> None:
    graph = normalize(loads_graph(shared("whole", how)))
    sim = simulate(graph)
    assert sim.failure is None
    routed, share = sim.inputs["routed"], sim.inputs["shared"]
    reduced = sim.held("reduce")
    assert reduced is not None
    for array in reduced.arrays:
        assert abs(array - (routed + share)).max() < 1e-9


NORM_LAYER = """
format: layoutcheck-graph/1
name: q-norm
symbols: {T: 4, tp: 2, H: 16, heads: 4, d: 4}
token_count: T
inputs:
  x: {shape: [T, H], tokens: full, features: whole}
ops:
  - name: q_proj
    op: linear
    inputs: [x]
    attrs: {in_features: H, out_features: heads*d, parallel: column}
  - {name: q_norm, op: %s, inputs: [q_proj], attrs: {%s}}
  - name: o_proj
    op: linear
    inputs: [q_norm]
    attrs: {in_features: heads*d, out_features: H, parallel: row}
  - {name: reduce, op: all_reduce, inputs: [o_proj]}
outputs: [reduce]
"""


def test_the_simulated_distributed_norm_is_the_norm_of_the_whole_projection() -> None:
    """On 2 ranks, each normalizing its heads by the all-reduced mean of squares, the layer's
    output is the single-rank norm over all heads: sim finds it sound; the rank-local norm is
    the type error norm-of-split."""
    distributed = NORM_LAYER % ("distributed_rms_norm", "features: heads*d, heads: heads")
    report = check_soundness(normalize(loads_graph(distributed)))
    assert report.simulation.failure is None and report.reference is not None
    assert report.findings == () and report.checked_ports > 0
    assert errors(NORM_LAYER % ("rms_norm", "")) == [("norm-of-split", "q_norm")]


OLMO2 = {
    "architectures": ["Olmo2ForCausalLM"],
    "model_type": "olmo2",
    "hidden_size": 256,
    "num_attention_heads": 8,
    "num_key_value_heads": 2,
    "intermediate_size": 512,
    "vocab_size": 1024,
    "num_hidden_layers": 2,
    "max_position_embeddings": 4096,
    "tie_word_embeddings": False,
}


def built(tp: int, tmp_path: Path) -> Graph:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(OLMO2), encoding="utf-8")
    model = build_model(path, ParallelConfig(tp=tp))
    return model.graph


@pytest.mark.parametrize("tp", [2, 4])
def test_the_builder_emits_projection_qk_norms_as_distributed_norms(
    tp: int, tmp_path: Path
) -> None:
    """OLMo-2's q/k norms over the whole projections, at tp 2 (one KV head per rank) and tp 4
    (more ranks than the 2 KV heads: each head on 2 ranks): both check clean."""
    graph = built(tp, tmp_path)
    kinds = {op.name: op.kind for op in graph.ops}
    assert kinds["model.layers.0.self_attn.k_norm"] == "distributed_rms_norm"
    typed = interpret(normalize(graph))
    assert [d for d in typed.diagnostics if d.severity.value == "error"] == []
    k = typed.value("model.layers.0.self_attn.k_norm")
    assert typed.context.numeric(k.shape[-1]) == 32  # head_dim: one head per rank at tp 2, 4


def test_kv_head_replicas_in_the_kv_cache_and_the_k_weights(tmp_path: Path) -> None:
    """At tp 4 over 2 KV heads each rank stores one head's K and V per token (not half of
    one), and holds one head's k_proj rows: the replicas are counted, not divided away."""
    spec = model_spec(OLMO2)
    assert kv_bytes_per_token(spec, 4)["kv"] == 2 * 1 * 32 * 2
    assert kv_bytes_per_token(spec, 1)["kv"] == 2 * 2 * 32 * 2
    graph = normalize(built(4, tmp_path))
    typed = interpret(graph)
    k = typed.value("model.layers.0.self_attn.k_proj")
    assert typed.context.numeric(k.shape[-1]) == 32


def test_memory_counts_a_replicated_heads_weight_shard_per_rank() -> None:
    """MiniMax-M2 at TP 16 over 8 KV heads (the shipped graph): each rank holds its KV head's
    128 k_norm weights (not 8·128/16 = 64) and its q heads' 3·128 q_norm weights; the merged
    qkv_proj holds 3 query heads and one K and one V head per rank."""
    from layoutcheck.memory.accounting import shares_of
    from layoutcheck.memory.inventory import inventory

    graph = normalize(load_graph(GRAPHS / "minimax-m2-attention-tp16.yaml"))
    typed = interpret(graph)
    held = {
        tensor.module: typed.context.numeric(shares_of(tensor, typed.context.groups).held)
        for tensor, _ in inventory(typed)
    }
    assert held["model.layers.0.self_attn.k_norm"] == 128
    assert held["model.layers.0.self_attn.q_norm"] == 3 * 128
    assert held["model.layers.0.self_attn.qkv_proj"] == (3 + 2) * 128 * 3072
