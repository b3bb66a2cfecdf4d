"""The simulator never lies: small sizes that keep the model's divisibilities, the merged
column-parallel outputs and routed rows engines really produce, the token counts below the
group, a counterexample behind every "unsound", never "sound" for a graph the type rules
reject, and "cannot execute" as its own verdict and exit code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from layoutcheck.errors import EXIT_CANNOT_EXECUTE
from layoutcheck.graph_io import loads_graph
from layoutcheck.oracle import Verdict, check_soundness
from layoutcheck.session import with_symbols
from layoutcheck.sim import simulate
from layoutcheck.simsize import fit, token_variants
from tests.helpers import run

# Llama-3-8B's config.json (meta-llama/Meta-Llama-3-8B): grouped-query attention, 32 query
# heads over 8 KV heads
LLAMA3_8B = {
    "architectures": ["LlamaForCausalLM"],
    "model_type": "llama",
    "hidden_size": 4096,
    "intermediate_size": 14336,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "num_hidden_layers": 32,
    "vocab_size": 128256,
    "rms_norm_eps": 1e-05,
    "rope_theta": 500000.0,
    "max_position_embeddings": 8192,
    "hidden_act": "silu",
    "tie_word_embeddings": False,
    "torch_dtype": "bfloat16",
}


def _llama3(tmp_path: Path) -> str:
    path = tmp_path / "llama3-8b" / "config.json"
    path.parent.mkdir()
    path.write_text(json.dumps(LLAMA3_8B))
    return str(path)


@pytest.mark.parametrize(("model", "tp"), [("qwen3-8b", 4), ("qwen2-1.5b", 2), ("llama3-8b", 4)])
def test_grouped_query_models_are_sound_at_the_sizes_sim_picks(
    model: str, tp: int, tmp_path: Path
) -> None:
    target = _llama3(tmp_path) if model == "llama3-8b" else model
    result = run("sim", target, "--tp", tp)
    assert result.code == 0, result.out + result.err
    last = result.out.splitlines()[-1]
    assert last.startswith("sound: ") and f"on {tp} ranks against a single-rank run" in last
    assert "cannot execute" not in result.out


def test_the_small_sizes_keep_the_query_heads_a_multiple_of_the_kv_heads(tmp_path: Path) -> None:
    result = run("export", _llama3(tmp_path), "--tp", "4", "-o", tmp_path / "llama.yaml")
    assert result.code == 0, result.err
    graph = loads_graph((tmp_path / "llama.yaml").read_text())
    changes = fit(graph)
    assert changes is not None
    values = {**dict(graph.symbols), **changes}
    assert values["heads"] % values["kv_heads"] == 0  # 32 over 8 before, a ratio kept
    assert values["kv_heads"] % values["tp"] == 0 and values["heads"] % values["tp"] == 0
    assert values["heads"] < 32 and values["H"] < 4096


COLUMN_THEN_SPLIT = """format: layoutcheck-graph/1
name: column-then-feature-split
symbols: {T: 8, tp: 2, H: 8, A: 4, B: 6}
token_count: T
groups: {tp: tp}
inputs:
  x: {shape: [T, H], tokens: full, features: whole, dtype: bf16}
ops:
  - name: gate_up_proj
    op: linear
    inputs: [x]
    attrs: {in_features: H, out_features: A+B, parallel: column}
  - name: halves
    op: feature_split
    inputs: [gate_up_proj]
    attrs: {sizes: [A/tp, B/tp]}
outputs: ["halves:0", "halves:1"]
"""


def test_a_column_parallel_linear_then_feature_split_is_sound() -> None:
    """Engines shard a merged output part by part (vLLM's MergedColumnParallelLinear): rank r
    holds block r of each part, which is what the split's SPLIT parts say."""
    graph = loads_graph(COLUMN_THEN_SPLIT)
    report = check_soundness(graph)
    assert report.verdict is Verdict.SOUND, [str(f) for f in report.findings]
    assert report.checked_ports == 4
    held = report.simulation.held("gate_up_proj")
    assert held is not None and held.parts == (2, 3)  # A/tp and B/tp columns on each rank


DECOMPOSED_MOE = """format: layoutcheck-graph/1
name: decomposed-moe
symbols: {T: 8, tp: 2, H: 8, E: 4, k: 2, I: 4}
token_count: T
groups: {tp: tp, ep: tp}
inputs:
  x: {shape: [T, H], tokens: full, features: whole, dtype: bf16}
ops:
  - {name: gate, op: moe_gate, inputs: [x], attrs: {experts: E}}
  - {name: topk, op: moe_topk, inputs: [gate], attrs: {top_k: k}}
  - {name: xs, op: token_slice, inputs: [x]}
  - {name: ids, op: token_slice, inputs: ["topk:1"]}
  - {name: dispatch, op: moe_dispatch, inputs: [xs, ids], attrs: {top_k: k}}
  - name: experts
    op: moe_expert_compute
    inputs: [dispatch]
    attrs: {experts: E, intermediate: I, group: ep}
  - {name: combine, op: moe_combine, inputs: [experts, ids], attrs: {top_k: k}}
outputs: [combine]
"""


def test_a_decomposed_moe_s_routed_rows_are_their_own_row_range() -> None:
    report = check_soundness(loads_graph(DECOMPOSED_MOE))
    assert report.verdict is Verdict.SOUND, [str(f) for f in report.findings]
    routed = report.simulation.held("dispatch")
    assert routed is not None and routed.real == 16  # 8 tokens, 2 routes each
    assert list(routed.positions[1][:4]) == [8, 9, 10, 11]  # rank 1: tokens 4 and 5's routes


UNCHUNKED = """format: layoutcheck-graph/1
name: residual-unchunked
symbols: {T: 1, tp: 4, H: 8}
token_count: T
groups: {tp: tp}
inputs:
  x: {shape: [T, H], tokens: full, features: whole, dtype: bf16}
ops:
  - {name: padded, op: pad_tokens, inputs: [x]}
  - {name: norm, op: rms_norm, inputs: [padded]}
  - {name: norm_in, op: feature_shard, inputs: [norm]}
  - name: o_proj
    op: linear
    inputs: [norm_in]
    attrs: {in_features: H, out_features: H, parallel: row}
  - {name: scatter, op: reduce_scatter, inputs: [o_proj]}
RESIDUAL
outputs: ["post_norm:0", "post_norm:1"]
"""
BUGGY_RESIDUAL = "  - {name: post_norm, op: add_rms_norm, inputs: [scatter, x]}"
FIXED_RESIDUAL = """  - {name: residual, op: token_slice, inputs: [padded]}
  - {name: post_norm, op: add_rms_norm, inputs: [scatter, residual]}"""


def test_a_residual_not_chunked_below_the_group_is_unsound_at_one_token() -> None:
    """At T = 1 on 4 ranks the scattered hidden state is one padded row per rank, the
    unchunked residual one row too: the shapes agree, so nothing crashes, but ranks 1 to 3 add
    token 0's residual to a padding row. The run says where."""
    buggy = loads_graph(UNCHUNKED.replace("RESIDUAL", BUGGY_RESIDUAL))
    report = check_soundness(buggy)
    assert report.verdict is Verdict.UNSOUND
    assert str(report.findings[0]) == (
        "post_norm: rank 1 combines token (padding) with token 0 in row 0"
    )
    fixed = loads_graph(UNCHUNKED.replace("RESIDUAL", FIXED_RESIDUAL))
    assert check_soundness(fixed).verdict is Verdict.SOUND


def test_sim_tries_fewer_tokens_than_ranks_and_finds_the_unchunked_residual(
    tmp_path: Path,
) -> None:
    buggy = tmp_path / "buggy.yaml"
    buggy.write_text(UNCHUNKED.replace("RESIDUAL", BUGGY_RESIDUAL).replace("T: 1,", "T: 32,"))
    graph = loads_graph(buggy.read_text())
    assert token_variants(graph) == [{"T": 1}, {"T": 3}]
    result = run("sim", buggy)
    lines = result.out.splitlines()
    assert result.code == 1
    assert lines[0] == "note: also simulating at --set T=1; --set T=3"
    assert lines[1] == (
        "unsound (at --set T=1): post_norm: rank 1 combines token (padding) with token 0 in row 0"
    )
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text(UNCHUNKED.replace("RESIDUAL", FIXED_RESIDUAL).replace("T: 1,", "T: 32,"))
    again = run("sim", fixed)
    assert again.code == 0 and again.out.splitlines()[-1].startswith("sound: ")
    assert "at 3 sizes" in again.out


def test_a_value_that_differs_is_printed_with_its_token_ranks_and_values() -> None:
    # an all_reduce left out: the row-parallel output's pending sum read as the whole value
    graph = loads_graph("""format: layoutcheck-graph/1
name: averaged
symbols: {T: 4, tp: 2, H: 4}
token_count: T
groups: {tp: tp}
inputs:
  x: {shape: [T, H/tp], tokens: full, features: split, dtype: fp32}
ops:
  - {name: o_proj, op: linear, inputs: [x], attrs: {in_features: H, out_features: H, parallel: row}}
  - {name: mean, op: all_reduce, inputs: [o_proj], attrs: {reduce: avg}}
outputs: [mean]
""")
    report = check_soundness(graph)
    assert report.verdict is Verdict.UNSOUND
    (finding,) = report.findings
    assert finding.port == "mean"
    assert "does not match the single-rank run: token " in finding.message
    assert "on ranks 0, 1: " in finding.message
    assert "where the single-rank run computes " in finding.message


def test_a_graph_the_type_rules_reject_is_never_called_sound() -> None:
    """The unchunked residual at T = 1 with the row check's evidence removed from view: the
    verdict still names the rule that rejects it."""
    buggy = loads_graph(UNCHUNKED.replace("RESIDUAL", BUGGY_RESIDUAL))
    report = check_soundness(buggy)
    assert report.rejected_by == "post_norm [layout-mismatch]"
    stripped = type(report)(report.simulation, report.reference, (), 1, 0)
    assert stripped.verdict is Verdict.REJECTED and not stripped.ok


def test_cannot_execute_is_its_own_exit_code(tmp_path: Path) -> None:
    """A graph the type rules accept that the simulator cannot run (here: a group of 8 ranks,
    across data-parallel replicas, in a run of tp = 4) says so and exits 4, never 1: it shows
    nothing about soundness."""
    path = tmp_path / "wide-group.yaml"
    path.write_text("""format: layoutcheck-graph/1
name: wide-group
symbols: {T: 8, tp: 4, ep: 8, H: 8}
token_count: T
groups: {tp: tp, ep: ep}
inputs:
  x: {shape: [T, H], tokens: full, features: whole, dtype: bf16}
ops:
  - name: proj
    op: linear
    inputs: [x]
    attrs: {in_features: H, out_features: H, parallel: column, group: ep}
  - {name: gather, op: feature_gather, inputs: [proj], attrs: {group: ep}}
outputs: [gather]
""")
    assert run("check", path).code == 0
    result = run("sim", path, "--set", "T=8")
    assert result.code == EXIT_CANNOT_EXECUTE == 4
    assert result.out.startswith(
        "cannot execute: proj: group ep has 8 ranks; the simulation runs 4"
    )
    assert "shows nothing about its soundness" in result.out
    data = run("sim", path, "--set", "T=8", "--format", "json")
    assert data.code == 4 and data.json()["verdict"] == "cannot-execute"


TWO_GROUP_SIZES = """format: layoutcheck-graph/1
name: two-group-sizes
symbols: {T: 8, tp: 4, attn: 2, H: 8}
token_count: T
groups: {tp: tp, attn: attn}
inputs:
  x: {shape: [T, H], tokens: full, features: whole, dtype: fp32}
ops:
  - name: up
    op: linear
    inputs: [x]
    attrs: {in_features: H, out_features: H, parallel: column, group: attn}
  - name: down
    op: linear
    inputs: [up]
    attrs: {in_features: H, out_features: H, parallel: row, group: attn}
  - {name: reduce, op: all_reduce, inputs: [down], attrs: {group: REDUCED_OVER}}
  - {name: norm, op: rms_norm, inputs: [reduce]}
  - name: up2
    op: linear
    inputs: [norm]
    attrs: {in_features: H, out_features: H, parallel: column}
  - name: down2
    op: linear
    inputs: [up2]
    attrs: {in_features: H, out_features: H, parallel: row}
  - {name: scatter, op: reduce_scatter, inputs: [down2]}
  - {name: back, op: all_gather, inputs: [scatter]}
outputs: [back]
"""


def test_a_smaller_group_inside_the_ranks_is_simulated() -> None:
    """Two group sizes in one run: an MLP over groups of 2 consecutive ranks (attention TP 2
    inside TP 4), then one over all 4. Reduced over its own group it is sound; reduced over
    all 4 ranks each group's sum is counted twice, and the run shows the doubled value."""
    right = check_soundness(loads_graph(TWO_GROUP_SIZES.replace("REDUCED_OVER", "attn")))
    assert right.verdict is Verdict.SOUND, [str(f) for f in right.findings]
    assert right.reference is not None and right.checked_ports == 9
    wrong = check_soundness(loads_graph(TWO_GROUP_SIZES.replace("REDUCED_OVER", "tp")))
    assert wrong.verdict is Verdict.UNSOUND
    finding = wrong.findings[0]
    assert finding.port == "reduce" and "on ranks 0, 1, 2, 3: " in finding.message
    mine, theirs = (
        float(v)
        for v in re.findall(r": (-?[\d.]+) where .* computes (-?[\d.]+)", finding.message)[0]
    )
    assert mine == pytest.approx(2 * theirs, rel=1e-4)


def test_every_run_size_is_simulated_alike() -> None:
    graph = with_symbols(loads_graph(COLUMN_THEN_SPLIT), {"T": 1})
    assert simulate(graph).failure is None
