"""No silent config: every field that shapes the model is built or refused by name, and every
value the builder takes for a missing field is said (issue 30, item 4)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs
import pytest

from layoutcheck.cli import main
from layoutcheck.memory import count_parameters
from layoutcheck.models import ConfigError, Execution, ParallelConfig, build_from_spec
from layoutcheck.models.config import GqaSpec, load_config, model_spec

CONFIGS = Path(__file__).parent.parent / "data" / "hf-configs"

# Hy3's sizes as HYV3Config states its defaults (vllm/transformers_utils/configs/hy_v3.py:
# 101-137), four layers
HY3: dict[str, Any] = {
    "architectures": ["HYV3ForCausalLM"],
    "model_type": "hy_v3",
    "vocab_size": 120832,
    "hidden_size": 4096,
    "intermediate_size": 13312,
    "num_hidden_layers": 4,
    "num_attention_heads": 64,
    "num_key_value_heads": 8,
    "head_dim": 128,
    "num_experts": 192,
    "num_experts_per_tok": 8,
    "num_shared_experts": 1,
    "expert_hidden_dim": 1536,
    "first_k_dense_replace": 1,
    "qk_norm": True,
    "tie_word_embeddings": False,
}


def _spec(name: str, **changes: object) -> Any:
    data, short, where = load_config(CONFIGS / f"{name}.json")
    data.update(changes)
    return model_spec(data, short, where)


def test_hy3_builds_its_shared_expert_its_expert_width_and_its_qk_norm() -> None:
    spec = model_spec(HY3, "hy3")
    assert spec.moe is not None
    # hy_v3.py:145 experts of expert_hidden_dim; :165-172 one shared MLP of width·count
    assert (spec.moe.intermediate, spec.moe.shared_experts, spec.moe.shared_width) == (
        1536,
        1,
        1536,
    )
    assert spec.moe.router_bias  # hy_v3.py:177 expert_bias, always there
    assert isinstance(spec.attention, GqaSpec) and spec.attention.qk_norm  # hy_v3.py:306-307
    assert spec.layer_kinds == ("dense", "moe", "moe", "moe")
    graph = build_from_spec(spec, ParallelConfig(tp=2), Execution(tokens=64)).graph
    assert any(op.name.endswith("mlp.shared_experts.gate_up_proj") for op in graph.ops)


def test_hy3_fields_turned_off_are_read() -> None:
    spec = model_spec({**HY3, "num_shared_experts": 0, "qk_norm": False}, "hy3")
    assert spec.moe is not None and spec.moe.shared_width == 0
    assert isinstance(spec.attention, GqaSpec) and not spec.attention.qk_norm
    shared = count_parameters(model_spec(HY3, "hy3")).total - count_parameters(spec).total
    # each of the 3 MoE layers' shared MLP (3 · 4096 · 1536), every layer's per-head q and k
    # norms (2 · 128)
    assert shared == 3 * 3 * 4096 * 1536 + 4 * 2 * 128


def test_hy3_fields_left_out_are_its_config_class_defaults_and_said() -> None:
    given = {
        k: v
        for k, v in HY3.items()
        if k not in ("num_shared_experts", "expert_hidden_dim", "first_k_dense_replace")
    }
    spec = model_spec(given, "hy3")
    assert spec.moe is not None and (spec.moe.intermediate, spec.moe.shared_width) == (1536, 1536)
    assert spec.layer_kinds[0] == "dense"
    said = "; ".join(spec.defaults)
    for field in ("num_shared_experts = 1", "expert_hidden_dim = 1536", "first_k_dense_replace"):
        assert field in said


def test_qwen3_next_is_built_with_its_gated_shared_expert_and_its_layer_types() -> None:
    spec = _spec("qwen3-next-80b-a3b")
    assert spec.moe is not None
    assert (spec.moe.shared_width, spec.tensors.shared_expert_gate) == (512, True)
    assert not spec.unbuilt
    kinds = ["linear_attention", "linear_attention", "linear_attention", "full_attention"] * 12
    listed = _spec("qwen3-next-80b-a3b", layer_types=kinds)
    assert not listed.unbuilt and listed.mixers == spec.mixers
    # a layer_types list of other kinds is named, never read as attention
    with pytest.raises(ConfigError, match="unknown layer_types entry 'mamba'"):
        _spec("qwen3-next-80b-a3b", layer_types=["mamba"] * 48)


def test_qwen3_next_without_the_interval_takes_its_class_default() -> None:
    """Qwen3NextConfig makes every 4th layer full attention when no field says otherwise
    (configuration_qwen3_next.py:131-133): the builder takes that default, and says so."""
    data, short, where = load_config(CONFIGS / "qwen3-next-80b-a3b.json")
    del data["full_attention_interval"]
    spec = model_spec(data, short, where)
    assert spec.mixers == _spec("qwen3-next-80b-a3b").mixers
    assert "full_attention_interval = 4" in "; ".join(spec.defaults)


def test_linear_attention_without_the_delta_nets_sizes_is_refused() -> None:
    """A layer_types list of linear-attention layers on a model whose config gives no gated
    delta net sizes (another linear attention) is refused by name, never drawn as attention."""
    spec = _spec("llama-3-8b", layer_types=["linear_attention", "full_attention"] * 16)
    assert spec.unbuilt and "'layer_types'" in spec.unbuilt[0]


def test_check_refuses_a_hybrid_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A Mamba-2 hybrid whose config gives no heads for its mixer is refused by name, never
    built as attention alone."""
    data, _, _ = load_config(CONFIGS / "falcon-h1-7b.json")
    del data["mamba_n_heads"], data["mamba_d_head"]
    source = tmp_path / "falcon-h1-headless.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    assert main(["check", str(source), "--tp", "2"]) == 2
    err = capsys.readouterr().err
    assert [line for line in err.splitlines() if "error:" in line] == [
        f"layoutcheck: error: {source}: field 'mamba_d_ssm' gives the model a Mamba-2 mixer in "
        "each layer without Falcon-H1's mamba_n_heads and mamba_d_head, which layoutcheck "
        "does not build yet (it will not build them as full-attention layers)"
    ]


@pytest.mark.parametrize("name", ["gpt-j-6b", "gpt-neox-20b", "falcon-7b", "command-r-v01"])
def test_a_parallel_block_is_built_side_by_side_and_sp_refused(name: str) -> None:
    spec = _spec(name, num_hidden_layers=2)
    assert spec.parallel_block
    graph = build_from_spec(spec, ParallelConfig(tp=1), Execution(tokens=64)).graph
    names = {op.name for op in graph.ops}
    assert "model.layers.0.parallel_sum" in names
    assert "model.layers.0.post_attention_layernorm" not in names
    with pytest.raises(ConfigError, match="side by side"):
        build_from_spec(spec, ParallelConfig(tp=1), Execution(tokens=64), sequence_parallel=True)


def test_falcon_parallel_attn_false_builds_the_sequential_block() -> None:
    spec = _spec("falcon-7b", num_hidden_layers=2, parallel_attn=False)
    assert not spec.parallel_block and spec.tensors.norms_per_layer == 2


def test_a_plain_mlp_is_built_without_a_gate() -> None:
    spec = _spec("gpt-neox-20b", num_hidden_layers=2)
    graph = build_from_spec(spec, ParallelConfig(tp=2), Execution(tokens=64)).graph
    up = next(op for op in graph.ops if op.name == "model.layers.0.mlp.up_proj")
    assert str(up.attr("out_features")) == "I"  # not 2·I: no gate half
    assert not any("gate_up_proj" in op.name for op in graph.ops)


def test_alibi_draws_no_rotary_embedding_and_bloom_norms_its_embedding() -> None:
    spec = _spec("bloom-7b1", num_hidden_layers=2)
    assert spec.alibi and spec.tensors.embedding_norm
    graph = build_from_spec(spec, ParallelConfig(tp=2), Execution(tokens=64)).graph
    assert not any(op.kind == "rope" for op in graph.ops)
    assert any(op.name == "model.word_embeddings_layernorm" for op in graph.ops)
    rotary = _spec("falcon-7b", num_hidden_layers=2)
    built = build_from_spec(rotary, ParallelConfig(tp=1), Execution(tokens=64)).graph
    assert any(op.kind == "rope" for op in built.ops)


def test_glm_attention_bias_biases_q_k_v_only() -> None:
    # glm4.py:100 QKVParallelLinear(bias=qkv_bias), :104-107 o_proj without one
    with_bias = count_parameters(_spec("glm-4-9b-0414")).total
    without = count_parameters(_spec("glm-4-9b-0414", attention_bias=False)).total
    assert with_bias - without == 40 * (32 + 2 + 2) * 128


def test_gpt_j_sizes_are_read_from_its_own_field_names() -> None:
    spec = _spec("gpt-j-6b")
    assert (spec.hidden, spec.layers, spec.heads, spec.intermediate) == (4096, 28, 16, 16384)
    assert "intermediate_size = 4·hidden_size = 16384" in "; ".join(spec.defaults)


def test_falcon_multi_query_is_one_kv_head() -> None:
    spec = _spec("falcon-7b")
    assert isinstance(spec.attention, GqaSpec) and spec.attention.kv_heads == 1


def test_every_value_taken_for_a_missing_field_is_said() -> None:
    bare = {
        "architectures": ["MixtralForCausalLM"],
        "hidden_size": 1024,
        "num_hidden_layers": 2,
        "num_attention_heads": 8,
        "vocab_size": 1000,
        "num_local_experts": 4,
        "num_experts_per_tok": 2,
    }
    said = "; ".join(model_spec(bare, "bare").defaults)
    for taken in (
        "num_key_value_heads = num_attention_heads = 8",
        "intermediate_size = 4·hidden_size = 4096",
        "Hugging Face's LlamaConfig default is 11008",
        "tie_word_embeddings = false",
        "Hugging Face's PretrainedConfig default is true",
        "moe_intermediate_size = intermediate_size = 4096",
        "every decoder layer an MoE layer",
    ):
        assert taken in said, taken


def test_qwen2_1_5b_ties_its_head_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["memory", "qwen2-1.5b"]) == 0
    assert "parameters: 1.5B total" in capsys.readouterr().out
    assert count_parameters(model_spec(*load_config("qwen2-1.5b"))).total == 1_543_714_304


@pytest.mark.parametrize(
    ("name", "said"),
    [("gemma-2-9b", "4 norms a layer"), ("glm-4-9b-0414", "4 norms"), ("exaone-4.0-32b", "post")],
)
def test_norms_drawn_elsewhere_than_the_checkpoint_has_them_are_a_warning(
    name: str, said: str
) -> None:
    spec = _spec(name, num_hidden_layers=2)
    built = build_from_spec(spec, ParallelConfig(tp=1), Execution(tokens=64))
    assert any(said in warning for warning in built.warnings)
    plain = build_from_spec(_spec("llama-3-8b", num_hidden_layers=2), ParallelConfig(tp=1))
    assert not any("norms" in warning for warning in plain.warnings)


def test_llama4_builds_its_shared_expert_its_dense_width_and_its_interleaved_moe_layers() -> None:
    """llama4.py:100-133 a shared expert of intermediate_size in every MoE layer, :341-352
    dense layers of intermediate_size_mlp where (i+1) % interleave_moe_layer_step != 0, and
    :211-217 a q/k norm without a weight."""
    data, short, where = load_config(
        Path(__file__).parent.parent / "data" / "vllm-capture" / "tiny-llama4"
    )
    config = (
        {**data["text_config"], "interleave_moe_layer_step": 2}
        if "text_config" in data
        else {
            **data,
            "interleave_moe_layer_step": 2,
        }
    )
    spec = model_spec(config, short, where)
    assert spec.moe is not None
    assert (spec.moe.shared_experts, spec.moe.shared_width, spec.moe.intermediate) == (1, 128, 128)
    assert spec.intermediate == 512 and spec.layer_kinds == ("dense", "moe")
    assert any("attention_chunk_size" in warning for warning in spec.warnings)
    weighted = attrs.evolve(spec, tensors=attrs.evolve(spec.tensors, qk_norm_weight=True))
    # the weightless norm adds nothing; a weighted one would add q's and k's (64 each) a layer
    assert count_parameters(weighted).total - count_parameters(spec).total == 2 * 2 * 64


class _Reading(dict[str, Any]):
    """A config that records which of its fields are read."""

    def __init__(self, data: dict[str, Any], read: set[str]) -> None:
        super().__init__(data)
        self.read = read

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self.read.add(str(key))
        return super().__contains__(key)


def _repository_configs() -> list[Path]:
    data = Path(__file__).parent.parent / "data"
    shipped = Path(__file__).parent.parent.parent / "layoutcheck" / "specs" / "models"
    return [
        *sorted((data / "vllm-capture").glob("**/config.json")),
        *sorted((data / "hf-configs").glob("*.json")),
        *(p for p in sorted(shipped.glob("*.json")) if p.name != "SOURCES.json"),
    ]


def test_every_field_of_every_config_here_is_read_unshaping_or_refused() -> None:
    """No silent config: a field is read by the builder (here or in another config, as an
    alias is read where the usual name is missing), listed in UNSHAPING_FIELDS, or refused."""
    from layoutcheck.models.config import UNBUILT_FIELDS, UNSHAPING_FIELDS

    read: set[str] = set()
    fields: dict[str, str] = {}
    for path in _repository_configs():
        data = load_config(path)[0]
        text = data.get("text_config", data)
        model_spec(_Reading(text, read), path.stem, str(path))
        fields.update({key: str(path) for key in text})
    refused = {field for field, _, _ in UNBUILT_FIELDS}
    silent = {
        key: path
        for key, path in fields.items()
        if key not in read | UNSHAPING_FIELDS | refused | {"text_config", "architectures"}
    }
    assert silent == {}
    assert len(fields) > 150  # the configs were read


def test_bloom_residual_after_the_norm_is_refused() -> None:
    spec = _spec("bloom-7b1", apply_residual_connection_post_layernorm=True)
    assert "'apply_residual_connection_post_layernorm'" in spec.unbuilt[0]
