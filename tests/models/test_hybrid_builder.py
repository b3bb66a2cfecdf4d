"""Hybrid models built from their Hugging Face configs with their real token mixers (issue 30,
item 3): Jamba's Mamba-1 layers beside attention every attn_layer_period, its MoE every
expert_layer_period; Qwen3-Next's gated delta net beside gated attention every
full_attention_interval, with its shared expert. Each recurrent layer is the catalogue's
recurrent_mixer, split over TP by heads as vLLM splits it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from layoutcheck.cli import main
from layoutcheck.graph import Graph
from layoutcheck.memory import count_parameters
from layoutcheck.models import ConfigError, Execution, ParallelConfig, build_from_spec
from layoutcheck.models.config import Mixer, RecurrentKind, load_config, model_spec

DATA = Path(__file__).parent.parent / "data"
CONFIGS = DATA / "hf-configs"
ZOO = DATA / "vllm-capture" / "zoo"


def _spec(source: Path, **changes: object) -> Any:
    data, short, where = load_config(source)
    data.update(changes)
    return model_spec(data, short, where)


def _graph(source: Path, tp: int = 2, **changes: object) -> Graph:
    spec = _spec(source, **changes)
    return build_from_spec(spec, ParallelConfig(tp=tp), Execution(tokens=64)).graph


def _layers_with(graph: Graph, kind: str) -> set[int]:
    return {op.layer for op in graph.ops if op.kind == kind and op.layer is not None}


def test_jamba_layer_kinds_come_from_its_periods_and_offsets() -> None:
    """configuration_jamba.py: attention where i % attn_layer_period == attn_layer_offset
    (8, 4), MoE where i % expert_layer_period == expert_layer_offset (2, 1)."""
    spec = _spec(CONFIGS / "jamba-v0.1.json")
    attention = {i for i, m in enumerate(spec.mixers) if m is Mixer.ATTENTION}
    assert attention == {4, 12, 20, 28}
    assert {i for i, k in enumerate(spec.layer_kinds) if k == "moe"} == set(range(1, 32, 2))
    r = spec.recurrent
    assert r is not None and r.kind is RecurrentKind.MAMBA
    # mamba_expand 2 · hidden 4096 channels, d_state 16, d_conv 4, dt rank 256
    assert (r.heads, r.state, r.conv_kernel, r.dt_rank) == (8192, 16, 4, 256)
    moved = _spec(CONFIGS / "jamba-v0.1.json", attn_layer_offset=0)
    assert {i for i, m in enumerate(moved.mixers) if m is Mixer.ATTENTION} == {0, 8, 16, 24}


def test_jamba_dt_rank_auto_is_its_config_class_default() -> None:
    spec = _spec(CONFIGS / "jamba-v0.1.json", mamba_dt_rank="auto")
    assert spec.recurrent is not None and spec.recurrent.dt_rank == 4096 // 16


def test_qwen3_next_attention_every_interval_th_layer() -> None:
    spec = _spec(CONFIGS / "qwen3-next-80b-a3b.json")
    attention = {i for i, m in enumerate(spec.mixers) if m is Mixer.ATTENTION}
    assert attention == set(range(3, 48, 4))
    r = spec.recurrent
    assert r is not None and r.kind is RecurrentKind.GATED_DELTA
    assert (r.heads, r.head_dim, r.key_heads, r.state, r.conv_width) == (32, 128, 16, 128, 8192)


def test_the_tiny_jamba_graph_has_a_mamba_layer_split_over_tp() -> None:
    """jamba.py:128-137 and mamba_mixer.py:90-154: in_proj column-parallel, the scan on each
    rank's channels, out_proj row-parallel and all-reduced."""
    graph = _graph(ZOO / "jamba" / "config.json")
    spec = _spec(ZOO / "jamba" / "config.json")
    recurrent = {i for i, m in enumerate(spec.mixers) if m is Mixer.RECURRENT}
    assert recurrent and _layers_with(graph, "recurrent_mixer") == recurrent
    assert _layers_with(graph, "attention") == set(range(spec.layers)) - recurrent
    ops = {op.name: op for op in graph.ops}
    layer = min(recurrent)
    prefix = f"model.layers.{layer}.mamba"
    assert dict(ops[f"{prefix}.in_proj"].attrs)["parallel"] == "column"
    assert dict(ops[f"{prefix}.out_proj"].attrs)["parallel"] == "row"
    assert ops[f"{prefix}.out_proj.all_reduce"].kind == "all_reduce"
    assert dict(ops[f"{prefix}.mixer"].attrs)["update"] == "selective"
    # jamba.py:259-267: q, k and v go to the attention unturned (no rotary embedding)
    assert not _layers_with(graph, "rope")


def test_the_tiny_qwen3_next_graph_has_a_gated_delta_net_and_gated_attention() -> None:
    graph = _graph(ZOO / "qwen3-next" / "config.json")
    kinds = {op.name: op.kind for op in graph.ops}
    assert kinds["model.layers.0.linear_attn.mixer"] == "recurrent_mixer"
    assert kinds["model.layers.1.self_attn.attn"] == "attention"
    # qwen3_next.py:309-316: q_proj makes the queries and their output gate
    assert kinds["model.layers.1.self_attn.output_gate"] == "pointwise"
    assert kinds["model.layers.0.mlp.shared_experts.gate_up_proj"] == "linear"
    assert "model.layers.0.self_attn.attn" not in kinds


@pytest.mark.parametrize(
    "source",
    [
        CONFIGS / "jamba-v0.1.json",
        CONFIGS / "qwen3-next-80b-a3b.json",
        CONFIGS / "falcon-h1-7b.json",
        ZOO / "jamba" / "config.json",
        ZOO / "qwen3-next" / "config.json",
        ZOO / "falcon-h1" / "config.json",
    ],
    ids=["jamba", "qwen3-next", "falcon-h1", "jamba-tiny", "qwen3-next-tiny", "falcon-h1-tiny"],
)
def test_a_hybrid_checks_clean_at_tp2(source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(source), "--tp", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ok:") and "0 errors, 0 warnings" in out


@pytest.mark.parametrize("name", ["jamba", "qwen3-next", "falcon-h1"])
def test_cost_prices_every_recurrent_layer(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    source = ZOO / name / "config.json"
    assert main(["cost", str(source), "--tp", "2", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    spec = _spec(source)
    recurrent = sum(m is not Mixer.ATTENTION for m in spec.mixers)
    assert not report["unpriced"] and not report["partial"]
    priced = [op for op in report["ops"] if op["kind"] == "recurrent_mixer" and op["us"] > 0]
    assert len(priced) == recurrent


def test_recurrent_heads_not_divisible_by_tp_are_refused() -> None:
    spec = _spec(ZOO / "qwen3-next" / "config.json")
    with pytest.raises(ConfigError, match="key heads are not divisible by tp 4"):
        build_from_spec(spec, ParallelConfig(tp=4), Execution(tokens=64))


def test_a_mamba_layer_holds_its_tensors_and_no_attention() -> None:
    """One Mamba-1 layer in place of an attention layer changes the count by exactly the
    mixer's tensors (mamba_mixer.py:90-186; Jamba's projections unbiased, its conv biased,
    its dt/B/C norms on) less the attention's q, k, v and o."""
    base = _spec(CONFIGS / "jamba-v0.1.json")
    more = _spec(CONFIGS / "jamba-v0.1.json", attn_layer_period=16, attn_layer_offset=4)
    hidden, inner, state, dt, conv = 4096, 8192, 16, 256, 4
    mamba = (
        2 * inner * hidden  # in_proj
        + inner * (conv + 1)  # conv1d and its bias
        + (dt + 2 * state) * inner  # x_proj
        + inner * (dt + 1)  # dt_proj and its bias
        + inner * state  # A
        + inner  # D
        + hidden * inner  # out_proj
        + dt
        + 2 * state  # the dt, B and C norms
    )
    attention = 2 * 4096 * 4096 + 2 * 1024 * 4096  # q, o; k, v of 8 KV heads of 128
    # period 16 from 4: attention at 4 and 20 only, so 12 and 28 become Mamba layers
    assert count_parameters(more).total - count_parameters(base).total == 2 * (mamba - attention)


def test_a_gated_delta_layer_holds_its_tensors() -> None:
    """qwen_gdn_linear_attn.py:420-506 and qwen3_next.py:309-316 (q_proj twice as wide)."""
    base = _spec(CONFIGS / "qwen3-next-80b-a3b.json")
    more = _spec(CONFIGS / "qwen3-next-80b-a3b.json", full_attention_interval=8)
    hidden, keys, values, heads, conv = 2048, 16 * 128, 32 * 128, 32, 4
    delta = (
        (2 * keys + values) * conv  # conv1d, unbiased
        + (2 * keys + 2 * values) * hidden  # in_proj_qkvz
        + 2 * heads * hidden  # in_proj_ba
        + 2 * heads  # dt_bias, A_log
        + 128  # the gated norm, one head wide
        + hidden * values  # out_proj
    )
    attention = (
        2 * 16 * 256 * hidden  # q_proj with its gate
        + 2 * 2 * 256 * hidden  # k, v
        + hidden * 16 * 256  # o_proj
        + 2 * 256  # q_norm, k_norm
    )
    # every 8th instead of every 4th: 6 of the 12 attention layers become delta-net layers
    assert count_parameters(more).total - count_parameters(base).total == 6 * (delta - attention)


def test_kv_cache_counts_attention_layers_only(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", str(CONFIGS / "jamba-v0.1.json"), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    # 4 attention layers of 8 KV heads of 128, K and V, bf16
    assert report["kv_cache"]["bytes_per_token"] == 4 * 2 * 8 * 128 * 2


@pytest.mark.parametrize("name", ["jamba", "qwen3-next"])
def test_sequence_parallel_gathers_the_tokens_before_a_recurrent_layer(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under --sp the recurrent mixer still reads every token of each request (its rule
    local-tokens-into-recurrence): the pass gathers the normed input before its projections."""
    assert main(["check", str(ZOO / name / "config.json"), "--tp", "2", "--sp"]) == 0
    assert "0 errors, 0 warnings" in capsys.readouterr().out


def test_falcon_h1_runs_attention_and_mamba2_side_by_side_in_every_layer() -> None:
    """falcon_h1.py:369-401: attention and the Mamba-2 mixer read the same normed input and
    their outputs are summed; mamba_mixer2.py:321-378: in_proj column-parallel with its one
    B/C group replicated to every rank, out_proj row-parallel."""
    source = ZOO / "falcon-h1" / "config.json"
    spec = _spec(source)
    assert spec.mixers == (Mixer.PARALLEL,) * spec.layers
    r = spec.recurrent
    assert r is not None and r.kind is RecurrentKind.MAMBA2
    graph = _graph(source)
    every = set(range(spec.layers))
    assert _layers_with(graph, "recurrent_mixer") == every == _layers_with(graph, "attention")
    ops = {op.name: op for op in graph.ops}
    total = ops["model.layers.0.mixer_sum"]
    assert {ref.op for ref in total.inputs} == {
        "model.layers.0.self_attn.o_proj.all_reduce",
        "model.layers.0.mamba.mamba.out_proj.all_reduce",
    }


def test_falcon_h1_under_sp_is_refused_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    source = ZOO / "falcon-h1" / "config.json"
    assert main(["check", str(source), "--tp", "2", "--sp"]) == 2
    err = capsys.readouterr().err
    assert "--sp: falcon-h1: its attention and Mamba-2 mixer run side by side" in err
    assert "Traceback" not in err and "internal error" not in err
