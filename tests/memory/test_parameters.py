"""Parameter counts (``layoutcheck.memory.parameters``) against hand counts written out here from
each config's numbers: the shipped configs, GLM-5.2 (GLM-5.1's config with its shared-indexer
schedule, as its public config.json has it) and DeepSeek-V2 / V2-Lite / Mixtral-8x7B (their
public config values).

What each count must get right: a router bias only where ``topk_method`` is ``noaux_tc``, Qwen3's
q_norm/k_norm, no indexer in GLM-5.2's shared layers, an MTP layer's ``shared_head.norm`` and
DeepSeek-V3's MTP copies of the embedding and head, and active parameters with and without the
input embedding (DeepSeek/Kimi/GLM publish the latter, Qwen/Mistral the former).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from layoutcheck.memory import parameters
from layoutcheck.models.config import ConfigError, ModelSpec, load_config, model_spec
from tests.helpers import run


def spec_of(name: str) -> ModelSpec:
    config, short, where = load_config(name)
    return model_spec(config, short, where)


def config_of(name: str, **changes: Any) -> dict[str, Any]:
    config = dict(load_config(name)[0])
    config.update(changes)
    return config


def counted(spec: ModelSpec, mtp_layers: int = 0) -> tuple[int, int, int]:
    found = parameters(spec, mtp_layers)
    return found["total"], found["active"], found["active_without_embedding"]


# -- GLM-5.1 (specs/models/glm-5.1.json) -------------------------------------------------------

GLM_EMBEDDING = 154880 * 6144  # vocab_size · hidden_size
GLM_ATTENTION = (
    6144 * 2048  # q_a_proj [q_lora_rank, hidden]
    + 2048  # q_a_layernorm
    + 64 * (192 + 64) * 2048  # q_b_proj [heads·(nope+rope), q_lora_rank]
    + (512 + 64) * 6144  # kv_a_proj_with_mqa
    + 512  # kv_a_layernorm
    + 64 * (192 + 256) * 512  # kv_b_proj [heads·(nope+v), kv_lora_rank]
    + 6144 * 64 * 256  # o_proj [hidden, heads·v]
    + 2 * 6144  # input_layernorm, post_attention_layernorm
)
GLM_INDEXER = (
    32 * 128 * 2048  # wq_b [index_n_heads·index_head_dim, q_lora_rank]
    + 128 * 6144  # wk
    + 2 * 128  # k_norm weight and bias
    + 32 * 6144  # weights_proj
)
GLM_DENSE = 3 * 6144 * 12288  # gate, up, down of intermediate_size
GLM_EXPERT = 3 * 6144 * 2048  # gate, up, down of moe_intermediate_size
GLM_ROUTER = 256 * 6144 + 256  # gate.weight and (noaux_tc) e_score_correction_bias
GLM_MTP_EXTRAS = 2 * 6144 + 6144 * 2 * 6144 + 6144  # enorm, hnorm; eh_proj; shared_head.norm


def glm_counts(indexer_layers: int, mtp: int = 0) -> tuple[int, int, int]:
    """first_k_dense_replace 3 of 78 layers dense; 256 routed + 1 shared experts, top 8."""
    outer = 2 * GLM_EMBEDDING + 6144  # embed_tokens, lm_head, model.norm
    shared = 78 * GLM_ATTENTION + indexer_layers * GLM_INDEXER + 3 * GLM_DENSE + 75 * GLM_ROUTER
    mtp_shared = mtp * (GLM_ATTENTION + GLM_INDEXER + GLM_ROUTER + GLM_MTP_EXTRAS)
    total = outer + shared + 75 * 257 * GLM_EXPERT + mtp_shared + mtp * 257 * GLM_EXPERT
    active = outer + shared + 75 * 9 * GLM_EXPERT + mtp_shared + mtp * 9 * GLM_EXPERT
    return total, active, active - GLM_EMBEDDING


def test_glm51_counts_its_router_bias_and_publishes_744b() -> None:
    assert counted(spec_of("glm-5.1")) == glm_counts(indexer_layers=78)
    assert glm_counts(78)[0] == 743_911_218_432  # GLM-5.1 is published as 744B


def test_glm51_mtp_layer_has_its_shared_head_norm_and_no_embedding_copies() -> None:
    assert counted(spec_of("glm-5.1"), 1) == glm_counts(indexer_layers=78, mtp=1)


# -- GLM-5.2: IndexShare (21 full indexer layers of 78) ---------------------------------------

GLM52_FULL = (0, 1, 2, *range(6, 78, 4))  # its config.json's indexer_types: "full" here
GLM52_SCHEDULE = {
    "indexer_types": {
        "indexer_types": ["full" if i in GLM52_FULL else "shared" for i in range(78)]
    },
    "frequency": {"index_topk_freq": 4, "index_skip_topk_offset": 3},  # HF derives the same
    "pattern": {"index_topk_pattern": "".join("F" if i in GLM52_FULL else "S" for i in range(78))},
    "pattern words": {
        "index_topk_pattern": ["full" if i in GLM52_FULL else "shared" for i in range(78)]
    },
}


@pytest.mark.parametrize("schedule", sorted(GLM52_SCHEDULE))
def test_glm52_shared_indexer_layers_hold_no_indexer(schedule: str) -> None:
    spec = model_spec(config_of("glm-5.1", **GLM52_SCHEDULE[schedule]), "glm-5.2")
    assert spec.dsa is not None and len(spec.dsa.shared_layers) == 57
    assert len(GLM52_FULL) == 21
    assert counted(spec) == glm_counts(indexer_layers=21)
    # what every layer's indexer overcounted before: 57 shared layers
    assert glm_counts(78)[0] - glm_counts(21)[0] == 57 * GLM_INDEXER == 534_198_528
    # the MTP layer runs its own indexer
    assert counted(spec, 1) == glm_counts(indexer_layers=21, mtp=1)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"indexer_types": ["full"] * 77},
            "field 'indexer_types' must list one type per layer (78)",
        ),
        ({"indexer_types": ["full"] * 77 + ["lazy"]}, "unknown indexer_types entry 'lazy'"),
        ({"indexer_types": ["shared"] + ["full"] * 77}, "layer 0 is 'shared'"),
        ({"index_topk_pattern": "SF"}, "field 'index_topk_pattern' must list one type per layer"),
        ({"index_topk_freq": "4"}, "field 'index_topk_freq' must be an integer"),
    ],
)
def test_a_bad_indexer_schedule_names_its_field(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError) as raised:
        model_spec(config_of("glm-5.1", **changes), "glm-5.2")
    assert str(raised.value).startswith("glm-5.2: ") and message in str(raised.value)


def test_a_model_without_dsa_ignores_an_indexer_schedule() -> None:
    spec = model_spec(config_of("deepseek-v3", index_topk_freq=4), "v3")
    assert spec.dsa is None


# -- DeepSeek-V3 and V3.2 (specs/models/deepseek-v3*.json) --------------------------------------

V3_EMBEDDING = 129280 * 7168
V3_ATTENTION = (
    7168 * 1536  # q_a_proj
    + 1536  # q_a_layernorm
    + 128 * (128 + 64) * 1536  # q_b_proj
    + (512 + 64) * 7168  # kv_a_proj_with_mqa
    + 512  # kv_a_layernorm
    + 128 * (128 + 128) * 512  # kv_b_proj
    + 7168 * 128 * 128  # o_proj
    + 2 * 7168  # the two layer norms
)
V3_DENSE = 3 * 7168 * 18432
V3_EXPERT = 3 * 7168 * 2048
V3_ROUTER = 256 * 7168 + 256  # noaux_tc: with e_score_correction_bias
V32_INDEXER = 64 * 128 * 1536 + 128 * 7168 + 2 * 128 + 64 * 7168
# the MTP layer's norms, eh_proj and shared_head.norm, and its own embed_tokens and
# shared_head.head (copies of the main ones)
V3_MTP_EXTRAS = 2 * 7168 + 7168 * 2 * 7168 + 7168 + 2 * V3_EMBEDDING


def v3_counts(indexer: int = 0, mtp: int = 0) -> tuple[int, int, int]:
    """61 layers, first_k_dense_replace 3; 256 routed + 1 shared experts, top 8."""
    outer = 2 * V3_EMBEDDING + 7168
    layers = 61 * (V3_ATTENTION + indexer) + 3 * V3_DENSE + 58 * V3_ROUTER
    mtp_shared = mtp * (V3_ATTENTION + indexer + V3_ROUTER + V3_MTP_EXTRAS)
    total = outer + layers + 58 * 257 * V3_EXPERT + mtp_shared + mtp * 257 * V3_EXPERT
    active = outer + layers + 58 * 9 * V3_EXPERT + mtp_shared + mtp * 9 * V3_EXPERT
    input_embeddings = (1 + mtp) * V3_EMBEDDING  # the MTP layer's copy is an input embedding
    return total, active, active - input_embeddings


def test_deepseek_v3_publishes_671b_and_36_6b_active_without_the_embedding() -> None:
    found = counted(spec_of("deepseek-v3"))
    assert found == v3_counts()
    assert found[0] == pytest.approx(671e9, rel=0.001)
    # README_WEIGHTS.md: 36.6B activated, "including 0.9B for the output Head" (so without
    # the input embedding)
    assert found[2] == pytest.approx(36.6e9, rel=0.002)


def test_deepseek_v3_with_mtp_is_the_published_685b() -> None:
    found = counted(spec_of("deepseek-v3"), 1)
    assert found == v3_counts(mtp=1)
    assert found[0] == pytest.approx(685e9, rel=0.001)  # "685B: 671B main + 14B MTP"


def test_deepseek_v32_adds_the_indexer_to_every_layer_and_the_mtp_layer() -> None:
    assert counted(spec_of("deepseek-v3.2")) == v3_counts(indexer=V32_INDEXER)
    assert counted(spec_of("deepseek-v3.2"), 1) == v3_counts(indexer=V32_INDEXER, mtp=1)


# -- Qwen3 (specs/models/qwen3-*.json): q_norm and k_norm, no router bias ------------------------


def test_qwen3_8b_counts_q_norm_and_k_norm() -> None:
    layer = (
        4096 * 32 * 128  # q_proj [heads·head_dim, hidden]
        + 2 * 4096 * 8 * 128  # k_proj, v_proj [kv_heads·head_dim, hidden]
        + 4096 * 32 * 128  # o_proj
        + 2 * 128  # q_norm, k_norm [head_dim]
        + 2 * 4096  # the two layer norms
        + 3 * 4096 * 12288  # gate, up, down
    )
    total = 2 * 151936 * 4096 + 4096 + 36 * layer
    assert counted(spec_of("qwen3-8b")) == (total, total, total - 151936 * 4096)
    assert total == pytest.approx(8.2e9, rel=0.005)  # published: 8.2B


def test_qwen3_30b_a3b_counts_q_norm_and_k_norm_and_no_router_bias() -> None:
    attention = 2048 * 4096 + 2 * 2048 * 512 + 4096 * 2048 + 2 * 128 + 2 * 2048
    expert = 3 * 2048 * 768
    router = 128 * 2048  # topk_method absent: no e_score_correction_bias
    outer = 2 * 151936 * 2048 + 2048
    total = outer + 48 * (attention + router + 128 * expert)
    active = outer + 48 * (attention + router + 8 * expert)
    assert counted(spec_of("qwen3-30b-a3b")) == (total, active, active - 151936 * 2048)
    # Qwen publishes 30.5B total and 3.3B active, the embedding included
    assert total == pytest.approx(30.5e9, rel=0.002)
    assert active == pytest.approx(3.3e9, rel=0.02)


# -- routers without a bias: DeepSeek-V2, V2-Lite, Mixtral (public config values) ---------------

DEEPSEEK_V2 = {
    "architectures": ["DeepseekV2ForCausalLM"],
    "hidden_size": 5120,
    "intermediate_size": 12288,
    "moe_intermediate_size": 1536,
    "num_hidden_layers": 60,
    "first_k_dense_replace": 1,
    "moe_layer_freq": 1,
    "num_attention_heads": 128,
    "num_key_value_heads": 128,
    "q_lora_rank": 1536,
    "kv_lora_rank": 512,
    "qk_nope_head_dim": 128,
    "qk_rope_head_dim": 64,
    "v_head_dim": 128,
    "n_routed_experts": 160,
    "n_shared_experts": 2,
    "num_experts_per_tok": 6,
    "topk_method": "group_limited_greedy",
    "vocab_size": 102400,
}
DEEPSEEK_V2_LITE = {
    **DEEPSEEK_V2,
    "hidden_size": 2048,
    "intermediate_size": 10944,
    "moe_intermediate_size": 1408,
    "num_hidden_layers": 27,
    "num_attention_heads": 16,
    "num_key_value_heads": 16,
    "q_lora_rank": None,
    "n_routed_experts": 64,
    "topk_method": "greedy",
}
MIXTRAL = {
    "architectures": ["MixtralForCausalLM"],
    "hidden_size": 4096,
    "intermediate_size": 14336,
    "num_hidden_layers": 32,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "num_local_experts": 8,
    "num_experts_per_tok": 2,
    "vocab_size": 32000,
}


def test_deepseek_v2_router_has_no_bias() -> None:
    attention = (
        5120 * 1536
        + 1536
        + 128 * 192 * 1536
        + 576 * 5120
        + 512
        + 128 * 256 * 512
        + 5120 * 128 * 128
        + 2 * 5120
    )
    expert, router = 3 * 5120 * 1536, 160 * 5120  # group_limited_greedy: no bias
    outer = 2 * 102400 * 5120 + 5120
    dense = attention + 3 * 5120 * 12288
    total = outer + dense + 59 * (attention + router + (160 + 2) * expert)
    active = outer + dense + 59 * (attention + router + (6 + 2) * expert)
    assert counted(model_spec(DEEPSEEK_V2, "v2")) == (total, active, active - 102400 * 5120)
    assert total == pytest.approx(236e9, rel=0.002)  # published: 236B total, 21B active
    assert active - 102400 * 5120 == pytest.approx(21e9, rel=0.01)


def test_deepseek_v2_lite_router_has_no_bias() -> None:
    attention = (
        2048 * 16 * 192  # q_proj (no q_lora_rank)
        + 576 * 2048
        + 512
        + 16 * 256 * 512
        + 2048 * 16 * 128
        + 2 * 2048
    )
    expert, router = 3 * 2048 * 1408, 64 * 2048  # greedy: no bias
    outer = 2 * 102400 * 2048 + 2048
    dense = attention + 3 * 2048 * 10944
    total = outer + dense + 26 * (attention + router + (64 + 2) * expert)
    active = outer + dense + 26 * (attention + router + (6 + 2) * expert)
    assert counted(model_spec(DEEPSEEK_V2_LITE, "v2-lite")) == (
        total,
        active,
        active - 102400 * 2048,
    )
    assert total == pytest.approx(15.7e9, rel=0.003)  # published: 15.7B total, 2.4B active
    assert active - 102400 * 2048 == pytest.approx(2.4e9, rel=0.03)


def test_mixtral_router_has_no_bias() -> None:
    attention = 4096 * 4096 + 2 * 4096 * 1024 + 4096 * 4096 + 2 * 4096  # no q/k norms
    expert, router = 3 * 4096 * 14336, 8 * 4096
    outer = 2 * 32000 * 4096 + 4096
    total = outer + 32 * (attention + router + 8 * expert)
    active = outer + 32 * (attention + router + 2 * expert)
    assert counted(model_spec(MIXTRAL, "mixtral")) == (total, active, active - 32000 * 4096)
    # Mistral publishes 46.7B total and 12.9B active, the embedding included
    assert total == pytest.approx(46.7e9, rel=0.002)
    assert active == pytest.approx(12.9e9, rel=0.002)


# -- which config fields decide ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "bias"),
    [({}, True), ({"topk_method": "greedy"}, False), ({"topk_method": None}, False)],
)
def test_only_noaux_tc_routing_learns_a_router_bias(changes: dict[str, Any], bias: bool) -> None:
    spec = model_spec(config_of("glm-5.1", **changes), "m")
    assert spec.moe is not None and spec.moe.router_bias is bias
    assert counted(spec)[0] == glm_counts(78)[0] - (0 if bias else 75 * 256)


@pytest.mark.parametrize(
    ("changes", "qk_norm"),
    [
        ({}, True),
        ({"architectures": ["Qwen2ForCausalLM"]}, False),  # Qwen2: the same fields, no norms
        ({"architectures": ["Qwen2ForCausalLM"], "use_qk_norm": True}, True),  # the field decides
        ({"use_qk_norm": False}, False),
    ],
)
def test_qk_norm_from_the_checkpoint_class_or_its_field(
    changes: dict[str, Any], qk_norm: bool
) -> None:
    spec = model_spec(config_of("qwen3-8b", **changes), "m")
    base = counted(spec_of("qwen3-8b"))[0]
    # Qwen2's q, k and v carry biases (qwen2.py: QKVParallelLinear(bias=True)): 36 layers of
    # 32 + 2·8 heads of 128
    qwen2 = "Qwen2ForCausalLM" in changes.get("architectures", ())
    qkv_bias = 36 * (32 + 2 * 8) * 128 if qwen2 else 0
    assert counted(spec)[0] == base - (0 if qk_norm else 36 * 2 * 128) + qkv_bias


def test_a_dense_model_has_every_parameter_active() -> None:
    config = {
        "hidden_size": 256,
        "num_hidden_layers": 3,
        "vocab_size": 1000,
        "num_attention_heads": 8,
        "num_key_value_heads": 2,
        "intermediate_size": 768,
    }
    layer = (
        2 * 256 * 8 * 32  # q_proj, o_proj (head_dim 256/8)
        + 2 * 256 * 2 * 32  # k_proj, v_proj
        + 3 * 256 * 768  # gate, up, down
        + 2 * 256  # the two layer norms
    )
    total = 2 * 1000 * 256 + 256 + 3 * layer
    spec = model_spec(config, "tiny")
    assert counted(spec) == (total, total, total - 1000 * 256)
    mtp = layer + 2 * 256 + 256 * 2 * 256 + 256  # a dense MTP layer: norms, eh_proj, head norm
    assert counted(spec, 1) == (total + mtp, total + mtp, total + mtp - 1000 * 256)


def test_memory_reports_glm52_parameters_and_refuses_a_bad_schedule(tmp_path: Path) -> None:
    folder = tmp_path / "glm-5.2"
    folder.mkdir()
    config = config_of("glm-5.1", **GLM52_SCHEDULE["indexer_types"])
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    code, out, err = run(
        "memory", folder, "--tp", "16", "--repetition", "--mtp", "--format", "json"
    )
    assert code == 0 and "is ignored" not in err  # the graph builds the shared layers as said
    total, active, without = glm_counts(indexer_layers=21, mtp=1)
    assert json.loads(out)["parameters"] == {
        "total": total,
        "active": active,
        "active_without_embedding": without,
    }
    config["indexer_types"] = ["shared"] * 78
    (folder / "config.json").write_text(json.dumps(config), encoding="utf-8")
    code, out, err = run("memory", folder, "--tp", "16", "--repetition")
    assert (code, out) == (2, "")
    (line,) = err.strip().splitlines()
    assert "field 'indexer_types': layer 0 is 'shared'" in line
