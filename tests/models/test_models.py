"""Model configs → ModelSpec → TP baseline graph: config sources, structure detection by fields,
layer kinds, op names, and every bad field or parallel size named in a ConfigError."""

from __future__ import annotations

import copy
import functools
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from layoutcheck.check import check_graph
from layoutcheck.graph import Graph, ValueRef
from layoutcheck.interp import interpret
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.models import (
    BuiltModel,
    ConfigError,
    Execution,
    ParallelConfig,
    Phase,
    build_model,
    has_dsa_structure,
    load_config,
    model_spec,
    shipped_models,
)
from layoutcheck.models.config import GqaSpec
from layoutcheck.ops import default_registry
from layoutcheck.ops.traits import Trait
from tests.helpers import GLM52_INDEXER_LAYERS, MODELS, glm52_config

SHIPPED = ("glm-5.1", "deepseek-v3.2", "deepseek-v3", "qwen3-30b-a3b")
TP8 = ParallelConfig(tp=8)

# A Mixtral-style config written out here: GQA attention, num_local_experts, no MLA fields,
# no shared experts, every layer MoE.
MIXTRAL: dict[str, Any] = {
    "architectures": ["MixtralForCausalLM"],
    "model_type": "mixtral",
    "hidden_size": 4096,
    "intermediate_size": 14336,
    "num_attention_heads": 32,
    "num_key_value_heads": 8,
    "num_hidden_layers": 32,
    "num_local_experts": 8,
    "num_experts_per_tok": 2,
    "vocab_size": 32000,
    "rms_norm_eps": 1e-5,
}


@functools.cache
def _config_text(name: str) -> str:
    return (MODELS / f"{name}.json").read_text()


def config(name: str) -> dict[str, Any]:
    """A fresh, mutable copy of a shipped config."""
    data: dict[str, Any] = json.loads(_config_text(name))
    return data


@functools.cache
def baseline(name: str, tp: int = 16) -> BuiltModel:
    """The TP baseline (no SP) of a shipped model, built once per module."""
    return build_model(name, ParallelConfig(tp=tp), Execution(Phase.PREFILL, 4096))


def build(source: Any, parallel: ParallelConfig = TP8, **kw: Any) -> BuiltModel:
    return build_model(source, parallel, Execution(Phase.PREFILL, 64), **kw)


def op_names(graph: Graph) -> set[str]:
    return {op.name for op in graph.ops}


def kinds(graph: Graph) -> Counter[str]:
    return Counter(op.kind for op in graph.ops)


def layer_kind(graph: Graph, layer: int) -> str:
    """'moe' or 'dense' from what the graph holds for a layer."""
    names = op_names(graph)
    moe = f"model.layers.{layer}.mlp.gate" in names
    dense = f"model.layers.{layer}.mlp.gate_up_proj" in names
    assert moe != dense, f"layer {layer} is neither clearly MoE nor dense"
    return "moe" if moe else "dense"


def graph_layer_kinds(graph: Graph) -> tuple[str, ...]:
    return tuple(layer_kind(graph, layer) for layer in graph.layers())


def type_checks(graph: Graph) -> None:
    report = check_graph(graph)
    assert report.diagnostics == (), [f"{d.rule} {d.op}: {d.message}" for d in report.diagnostics]


# -- config sources ----------------------------------------------------------------------------


def test_shipped_models_are_listed() -> None:
    assert set(SHIPPED) <= set(shipped_models())
    assert "SOURCES" not in shipped_models()


def test_config_path(tmp_path: Path) -> None:
    path = tmp_path / "my-model.json"
    path.write_text(_config_text("qwen3-30b-a3b"))
    data, name, where = load_config(path)
    assert data == config("qwen3-30b-a3b")
    assert name == "my-model"
    assert where == str(path)
    built = build(str(path))
    assert built.spec.name == "my-model"
    assert built.spec.layers == 48


def test_folder_holding_config_json(tmp_path: Path) -> None:
    folder = tmp_path / "Qwen3-30B-A3B"
    folder.mkdir()
    (folder / "config.json").write_text(_config_text("qwen3-30b-a3b"))
    data, name, where = load_config(folder)
    assert data == config("qwen3-30b-a3b")
    assert name == "Qwen3-30B-A3B"
    assert where.endswith("config.json")
    assert build(folder).spec.hidden == 2048


def test_folder_without_config_json(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"no config\.json"):
        load_config(tmp_path)


def test_dict_source() -> None:
    data = config("deepseek-v3")
    built = build(data)
    assert built.spec.hidden == 7168
    assert built.spec.layers == 61
    assert built.graph.has_op("model.layers.60.mlp.experts")


def test_shipped_name_source() -> None:
    data, name, where = load_config("glm-5.1")
    assert name == "glm-5.1"
    assert data == config("glm-5.1")
    assert where.endswith("glm-5.1.json")


def test_unknown_source_names_the_shipped_models() -> None:
    with pytest.raises(ConfigError) as error:
        load_config("no-such-model")
    assert "no-such-model" in error.value.message
    assert "glm-5.1" in error.value.message


def test_config_nested_under_text_config() -> None:
    nested = {"model_type": "some_vl_wrapper", "text_config": config("deepseek-v3.2")}
    flat = model_spec(config("deepseek-v3.2"), "m")
    assert model_spec(nested, "m") == flat
    assert has_dsa_structure(nested)
    built = build(nested)
    assert built.graph.has_op("model.layers.5.self_attn.indexer")
    assert len(built.graph.layers()) == 61


# -- structure detection -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "dsa"),
    [("glm-5.1", True), ("deepseek-v3.2", True), ("deepseek-v3", False), ("qwen3-30b-a3b", False)],
)
def test_has_dsa_structure_on_shipped(name: str, dsa: bool) -> None:
    assert has_dsa_structure(config(name)) is dsa
    assert (model_spec(config(name), name).dsa is not None) is dsa


def test_dsa_from_topk_limit_and_index_n_heads() -> None:
    assert has_dsa_structure({"topk_limit": 2048, "index_n_heads": 64})
    assert not has_dsa_structure({"topk_limit": 2048})
    assert not has_dsa_structure({"index_n_heads": 64})
    data = config("deepseek-v3")
    data.update(topk_limit=2048, index_n_heads=64, index_head_dim=128)
    spec = model_spec(data, "m")
    assert spec.dsa is not None
    assert spec.dsa.index_topk == 2048
    assert spec.dsa.index_n_heads == 64


def test_dsa_independent_of_model_type() -> None:
    renamed = config("deepseek-v3.2")
    renamed["model_type"] = "brand_new_model"
    renamed["architectures"] = ["BrandNewForCausalLM"]
    assert has_dsa_structure(renamed)
    assert build(renamed).graph.has_op("model.layers.5.self_attn.indexer")

    impostor = config("deepseek-v3")
    impostor["model_type"] = "deepseek_v32"
    impostor["architectures"] = ["DeepseekV32ForCausalLM"]
    assert not has_dsa_structure(impostor)
    graph = build(impostor).graph
    assert "dsa_indexer" not in kinds(graph)
    assert "sparse_attention" not in kinds(graph)


@pytest.mark.parametrize("name", SHIPPED)
def test_indexer_present_only_with_dsa_structure(name: str) -> None:
    graph = baseline(name).graph
    dsa = has_dsa_structure(config(name))
    counts = kinds(graph)
    layers = len(graph.layers())
    assert counts["dsa_indexer"] == (layers if dsa else 0)
    assert counts["sparse_attention"] == (layers if dsa else 0)
    assert any(op.name.endswith(".self_attn.indexer") for op in graph.ops) is dsa


# -- MLA ---------------------------------------------------------------------------------------


def test_mla_with_q_lora_rank() -> None:
    graph = baseline("deepseek-v3").graph
    names = op_names(graph)
    assert "model.layers.5.self_attn.q_a_proj" in names
    assert "model.layers.5.self_attn.q_a_layernorm" in names
    assert graph.op("model.layers.5.self_attn.q_b_proj").attr("parallel") == "column"
    assert graph.op("model.layers.5.self_attn.q_a_proj").attr("parallel") == "replicated"
    assert "model.layers.5.self_attn.q_proj" not in names
    assert kinds(graph)["mla_attention"] == 61


def test_mla_without_q_lora_rank() -> None:
    data = config("deepseek-v3")
    del data["q_lora_rank"]
    built = build(data, ParallelConfig(tp=16))
    assert built.spec.attention.q_lora_rank is None  # type: ignore[union-attr]
    graph = built.graph
    names = op_names(graph)
    q_proj = graph.op("model.layers.5.self_attn.q_proj")
    assert q_proj.kind == "linear"
    assert q_proj.attr("parallel") == "column"
    assert not any(".q_a_proj" in n or ".q_a_layernorm" in n or ".q_b_proj" in n for n in names)
    typed = interpret(graph)
    q = typed.value("model.layers.5.self_attn.q_proj")
    assert q.features is FeatureState.SPLIT
    # 128 heads · (128 nope + 64 rope) / tp 16 per rank
    assert typed.numeric_shape(q) == (64, 128 * 192 // 16)
    type_checks(graph)


def test_mla_without_q_lora_rank_null_value() -> None:
    data = config("deepseek-v3")
    data["q_lora_rank"] = None
    assert build(data).graph.has_op("model.layers.0.self_attn.q_proj")


# -- dense and MoE layers ----------------------------------------------------------------------


def test_first_k_dense_replace_glm() -> None:
    spec = model_spec(config("glm-5.1"), "glm-5.1")
    assert spec.layer_kinds == ("dense",) * 3 + ("moe",) * 75
    graph = baseline("glm-5.1").graph
    assert graph_layer_kinds(graph) == spec.layer_kinds
    assert kinds(graph)["moe_experts"] == 75
    assert graph.op("model.layers.2.mlp.gate_up_proj").attr("parallel") == "column"
    assert not graph.has_op("model.layers.3.mlp.gate_up_proj")


def test_first_k_dense_replace_deepseek() -> None:
    graph = baseline("deepseek-v3").graph
    assert graph_layer_kinds(graph) == ("dense",) * 3 + ("moe",) * 58


def test_mlp_only_layers_and_decoder_sparse_step() -> None:
    data = config("qwen3-30b-a3b")
    data.update(num_hidden_layers=8, mlp_only_layers=[0, 5], decoder_sparse_step=1)
    expected = ("dense", "moe", "moe", "moe", "moe", "dense", "moe", "moe")
    assert model_spec(data, "m").layer_kinds == expected
    assert graph_layer_kinds(build(data).graph) == expected

    data.update(mlp_only_layers=[], decoder_sparse_step=2)  # HF: (i + 1) % step == 0 is MoE
    expected = ("dense", "moe") * 4
    assert model_spec(data, "m").layer_kinds == expected
    assert graph_layer_kinds(build(data).graph) == expected


def test_qwen3_all_layers_moe() -> None:
    graph = baseline("qwen3-30b-a3b").graph
    assert graph_layer_kinds(graph) == ("moe",) * 48


def test_mlp_layer_types_list() -> None:
    data = config("qwen3-30b-a3b")
    types = ["dense", "sparse", "sparse", "dense", "sparse", "sparse"]
    data.update(num_hidden_layers=6, mlp_layer_types=types, mlp_only_layers=[0, 1, 2, 3, 4, 5])
    expected = ("dense", "moe", "moe", "dense", "moe", "moe")  # the list wins
    assert model_spec(data, "m").layer_kinds == expected
    graph = build(data).graph
    assert graph_layer_kinds(graph) == expected
    type_checks(graph)


def test_mlp_layer_types_wrong_length() -> None:
    data = config("qwen3-30b-a3b")
    data["mlp_layer_types"] = ["dense", "sparse"]
    with pytest.raises(ConfigError, match="mlp_layer_types"):
        model_spec(data, "m")


def test_moe_with_shared_experts() -> None:
    graph = baseline("glm-5.1").graph
    for suffix in ("gate_up_proj", "act_fn", "down_proj", "all_reduce"):
        assert graph.has_op(f"model.layers.5.mlp.shared_experts.{suffix}")
    assert graph.op("model.layers.5.mlp.combine").kind == "add"
    shared = [op for op in graph.ops if ".mlp.shared_experts." in op.name]
    assert {op.layer for op in shared} == set(range(3, 78))


def test_moe_without_shared_experts() -> None:
    data = config("deepseek-v3")
    data["n_shared_experts"] = 0
    built = build(data)
    assert built.spec.moe is not None
    assert built.spec.moe.shared_experts == 0
    graph = built.graph
    assert not any(".mlp.shared_experts." in op.name for op in graph.ops)
    assert not any(op.name.endswith(".mlp.combine") for op in graph.ops)
    assert kinds(graph)["moe_experts"] == 58
    type_checks(graph)


# -- GQA ---------------------------------------------------------------------------------------


def _assert_gqa_layer(graph: Graph, layer: int) -> None:
    a = f"model.layers.{layer}.self_attn"
    for proj in ("q_proj", "k_proj", "v_proj"):
        op = graph.op(f"{a}.{proj}")
        assert op.kind == "linear"
        assert op.attr("parallel") == "column"
    assert graph.op(f"{a}.attn").kind == "attention"
    assert graph.op(f"{a}.o_proj").attr("parallel") == "row"
    assert not graph.has_op(f"{a}.kv_a_proj_with_mqa")


def test_qwen3_gqa_attention() -> None:
    graph = baseline("qwen3-30b-a3b").graph
    _assert_gqa_layer(graph, 5)
    counts = kinds(graph)
    assert counts["attention"] == 48
    assert counts["mla_attention"] == counts["sparse_attention"] == 0
    typed = interpret(graph)
    # 32 heads · 128 / tp 16; 4 KV heads replicated up to tp 16 → 1 head per rank
    assert typed.numeric_shape(typed.value("model.layers.5.self_attn.q_proj")) == (4096, 256)
    assert typed.numeric_shape(typed.value("model.layers.5.self_attn.k_proj")) == (4096, 128)


@pytest.mark.parametrize(
    ("architecture", "kv_heads"),
    [("GPTJForCausalLM", 4), ("BloomForCausalLM", 4), ("LlamaForCausalLM", 2)],
)
def test_a_multi_head_model_has_a_kv_head_per_query_head_whatever_its_config_says(
    architecture: str, kv_heads: int
) -> None:
    # vLLM builds GPT-J's and Bloom's qkv projection from the query heads alone
    # (vllm/model_executor/models/gpt_j.py:71-78, bloom.py:103-110), so QKVParallelLinear takes
    # total_num_kv_heads = total_num_heads (layers/linear.py:1047-1048): a stray
    # num_key_value_heads is not read (Llama's is)
    data = {**MIXTRAL, "architectures": [architecture], "num_attention_heads": 4}
    data.update(num_key_value_heads=2, hidden_size=256, num_local_experts=0)
    spec = model_spec(data)
    assert isinstance(spec.attention, GqaSpec) and spec.attention.kv_heads == kv_heads
    ignored = [w for w in spec.warnings if "'num_key_value_heads' 2 is not read" in w]
    assert len(ignored) == (kv_heads == 4)


@pytest.mark.parametrize("name", shipped_models())
@pytest.mark.parametrize(
    ("phase", "tokens", "context"),
    [(Phase.DECODE, 8, 0), (Phase.DECODE, 8, 4096), (Phase.PREFILL, 512, 1024)],
)
def test_every_attention_kind_is_told_its_context(
    name: str, phase: Phase, tokens: int, context: int
) -> None:
    # GQA (Qwen), MLA without DSA (DeepSeek-V3) and SFA alike: the keys each request attends
    # are the symbol S, its cache and its new tokens (issue 22 item 4)
    graph = build_model(name, ParallelConfig(tp=4), Execution(phase, tokens, context)).graph
    new = 1 if phase is Phase.DECODE else tokens
    assert dict(graph.symbols)["S"] == context + new
    registry = default_registry()
    attentions = [op for op in graph.ops if registry.is_(op.kind, Trait.ATTENTION)]
    # every layer's attention (and a DSA layer's indexer, an attention op too)
    assert {op.layer for op in attentions} == set(
        range(len(model_spec(*load_config(name)).layer_kinds))
    )
    for op in attentions:
        assert str(op.attr("context")) == "S", op.name
        assert op.attr("decode") is (phase is Phase.DECODE), op.name


@pytest.mark.parametrize("name", ["qwen3-8b", "deepseek-v3"])
def test_a_plain_prefill_attends_its_own_tokens(name: str) -> None:
    graph = build_model(name, ParallelConfig(tp=4), Execution(Phase.PREFILL, 512)).graph
    assert "S" not in dict(graph.symbols)
    attention = graph.op("model.layers.0.self_attn.attn")
    assert attention.attr("context") is None and attention.attr("decode") is None


def test_mixtral_style_config() -> None:
    built = build(copy.deepcopy(MIXTRAL))
    spec = built.spec
    assert spec.moe is not None
    assert (spec.moe.experts, spec.moe.top_k, spec.moe.shared_experts) == (8, 2, 0)
    assert spec.moe.intermediate == 14336
    assert spec.dsa is None
    assert spec.layer_kinds == ("moe",) * 32
    graph = built.graph
    _assert_gqa_layer(graph, 5)
    assert graph.op("model.layers.5.mlp.experts").kind == "moe_experts"
    assert not any(".mlp.shared_experts." in op.name for op in graph.ops)
    typed = interpret(graph)
    assert typed.numeric_shape(typed.value("model.layers.5.self_attn.k_proj")) == (64, 128)
    type_checks(graph)


# -- names, embeddings, head -------------------------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_embeddings_final_norm_and_lm_head(name: str) -> None:
    graph = baseline(name).graph
    assert graph.op("model.embed_tokens").kind == "embedding"
    assert graph.op("model.norm").kind in ("rms_norm", "add_rms_norm")
    lm_head = graph.op("lm_head")
    assert lm_head.kind == "lm_head"
    # prefill: logits for the sampled token of each request (one by default), not all 4096
    select = graph.op(lm_head.inputs[0].op)
    assert (select.kind, select.name, select.inputs[0].op) == (
        "token_select",
        "lm_head.sampled_tokens",
        "model.norm",
    )
    typed = interpret(graph)
    assert typed.numeric_shape(typed.value("model.norm"))[0] == 4096
    assert typed.numeric_shape(typed.value("lm_head"))[0] == 1
    assert typed.value("lm_head.sampled_tokens").tokens is TokenLayout.FULL
    assert [ref.op for ref in graph.outputs] == ["lm_head"]


def test_op_names_follow_hf_paths() -> None:
    graph = baseline("glm-5.1").graph
    assert graph.op("model.layers.5.self_attn.o_proj").kind == "linear"
    assert graph.op("model.layers.5.mlp.experts").kind == "moe_experts"
    assert graph.op("model.layers.5.mlp.gate").kind == "moe_gate"
    assert graph.op("model.layers.5.input_layernorm").kind == "add_rms_norm"
    assert graph.op("model.layers.0.input_layernorm").kind == "rms_norm"
    assert graph.op("model.layers.5.post_attention_layernorm").kind == "add_rms_norm"
    assert graph.op("model.embed_tokens").kind == "embedding"
    assert graph.op("model.norm").kind == "add_rms_norm"
    for op in graph.ops:
        assert op.name.startswith(("model.layers.", "model.embed_tokens", "model.norm", "lm_head"))
    assert graph.layers() == tuple(range(78))


# -- config errors -----------------------------------------------------------------------------


def _error(data: dict[str, Any], parallel: ParallelConfig = TP8) -> str:
    with pytest.raises(ConfigError) as error:
        build(data, parallel)
    message = error.value.message
    assert "\n" not in message
    return message


@pytest.mark.parametrize(
    "field", ["hidden_size", "num_hidden_layers", "num_attention_heads", "vocab_size"]
)
@pytest.mark.parametrize("name", ["deepseek-v3", "qwen3-30b-a3b"])
def test_missing_required_field(name: str, field: str) -> None:
    data = config(name)
    del data[field]
    message = _error(data)
    assert f"missing field {field!r}" in message


def test_missing_field_names_the_file(tmp_path: Path) -> None:
    data = config("glm-5.1")
    del data["hidden_size"]
    path = tmp_path / "config.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ConfigError) as error:
        build(path)
    assert str(path) in error.value.message
    assert "'hidden_size'" in error.value.message


def test_kv_lora_rank_without_qk_rope_head_dim() -> None:
    data = config("deepseek-v3")
    del data["qk_rope_head_dim"]
    assert "missing field 'qk_rope_head_dim'" in _error(data)


def test_top_k_exceeds_experts() -> None:
    data = config("deepseek-v3")
    data["num_experts_per_tok"] = 300
    message = _error(data)
    assert "num_experts_per_tok 300" in message
    assert "256" in message


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("hidden_size", "7168"),
        ("hidden_size", 7168.0),
        ("num_hidden_layers", True),
        ("num_attention_heads", [128]),
        ("kv_lora_rank", 512.5),
        ("n_routed_experts", "256"),
    ],
)
def test_non_integer_field(field: str, value: object) -> None:
    data = config("deepseek-v3")
    data[field] = value
    message = _error(data)
    assert f"field {field!r} must be an integer" in message


@pytest.mark.parametrize(("field", "value"), [("hidden_size", 0), ("num_hidden_layers", -1)])
def test_non_positive_field(field: str, value: int) -> None:
    data = config("deepseek-v3")
    data[field] = value
    assert f"field {field!r} must be at least 1" in _error(data)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("hidden_size", 10**8, "'hidden_size' is 10**8; layoutcheck builds models up to 10**7"),
        ("vocab_size", 10**30, "'vocab_size' is 10**30"),
        ("num_hidden_layers", 10**9, "'num_hidden_layers' is 10**9; layoutcheck builds models "
         "up to 16384"),
        ("num_hidden_layers", 16_385, "up to 16384"),
    ],
)  # fmt: skip
def test_fields_past_their_cap(field: str, value: int, words: str) -> None:
    data = config("glm-5.1")
    data[field] = value
    assert words in _error(data)


def test_a_config_with_the_layer_cap_is_read() -> None:
    data = config("glm-5.1")
    data["num_hidden_layers"] = 16_384  # issue 14's 10,000-layer configs fit under the cap
    assert len(model_spec(data, "m").layer_kinds) == 16_384


def test_a_giant_integer_in_a_config_file_names_its_field(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    path.write_text(
        _config_text("glm-5.1").replace('"hidden_size": 6144', '"hidden_size": ' + "7" * 5000)
    )
    with pytest.raises(ConfigError, match="hidden_size is an integer of 5000 digits"):
        load_config(path)


# -- what a config holds that the graph does not model: one warning per field ----------------


@pytest.mark.parametrize(
    ("changes", "warning"),
    [
        ({"n_routed_experts": 0}, "field 'n_routed_experts' is 0: built a dense model"),
        ({"sliding_window": 4096}, "field 'sliding_window' (4096) is ignored"),
        ({"use_sliding_window": True, "sliding_window": 4096}, "field 'use_sliding_window'"),
        ({"layer_types": ["sliding_attention", "full_attention"] * 39}, "its 39 sliding-window"),
        ({"sliding_window_pattern": 6}, "field 'sliding_window_pattern' is ignored"),
        ({"quantization_config": {"quant_method": "mxfp4"}}, "(quant_method 'mxfp4') is ignored"),
        (
            {"indexer_types": ["full", "shared"] * 39, "index_topk_freq": 4},
            "'index_skip_topk_offset' disagree with 'indexer_types' at layer 1 (full vs shared)",
        ),
    ],
)
def test_ignored_fields_are_said_once_each(changes: dict[str, Any], warning: str) -> None:
    data = config("glm-5.1")
    data.update(changes)
    spec = model_spec(data, "m")
    (said,) = spec.warnings
    assert warning in said
    assert build(data, TP8).warnings == spec.warnings  # the built model carries them


def test_every_ignored_field_gets_its_own_warning() -> None:
    data = config("glm-5.1")
    data.update(sliding_window=4096, quantization_config={"quant_method": "fp8"})
    data.update(indexer_types=["full"] * 78, index_topk_freq=2)  # freq 2 shares every other
    fields = [warning.split("'")[1] for warning in model_spec(data, "m").warnings]
    assert fields == ["index_topk_freq", "sliding_window", "quantization_config"]


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"sliding_window": None},
        {"use_sliding_window": False, "sliding_window": 4096},
        {"index_topk_freq": 1},
        {"indexer_types": ["full"] * 78},
        {"layer_types": ["full_attention"] * 78},
    ],
)
def test_fields_that_change_nothing_warn_nothing(changes: dict[str, Any]) -> None:
    data = config("glm-5.1")
    data.update(changes)
    assert model_spec(data, "m").warnings == ()


def test_the_shipped_fp8_checkpoints_warn_and_the_others_do_not() -> None:
    for name in SHIPPED:
        warnings = model_spec(config(name), name).warnings
        assert [w.split("'")[1] for w in warnings] == (
            ["quantization_config"] if name.startswith("deepseek") else []
        )


# -- GLM-5.2's shared-indexer layers (IndexShare) -----------------------------------------------


def test_glm52_runs_its_own_indexer_in_21_of_its_78_layers() -> None:
    spec = model_spec(glm52_config(), "glm-5.2")
    assert spec.warnings == ()  # every indexer field is modelled now
    assert spec.dsa is not None
    assert spec.dsa.indexer_layers(78) == GLM52_INDEXER_LAYERS
    assert len(GLM52_INDEXER_LAYERS) == 21
    assert spec.dsa.runs_indexer(6) and not spec.dsa.runs_indexer(7)


@pytest.mark.parametrize(
    "stated",
    [("indexer_types",), ("index_topk_pattern",), ("index_topk_freq", "index_skip_topk_offset")],
)
def test_each_way_of_stating_the_schedule_gives_the_same_layers(stated: tuple[str, ...]) -> None:
    data = glm52_config()
    pattern = "".join("F" if kind == "full" else "S" for kind in data["indexer_types"])
    fields = {
        "indexer_types": data["indexer_types"],
        "index_topk_pattern": pattern,
        "index_topk_freq": 4,
        "index_skip_topk_offset": 3,
    }
    for key in fields:
        data.pop(key)
    data.update({key: fields[key] for key in stated})
    spec = model_spec(data, "m")
    assert spec.dsa is not None and spec.dsa.indexer_layers(78) == GLM52_INDEXER_LAYERS
    assert spec.warnings == ()


def test_the_schedule_defaults_to_every_layer_and_an_offset_of_two() -> None:
    spec = model_spec(config("glm-5.1"), "glm-5.1")
    assert spec.dsa is not None and spec.dsa.indexer_layers(78) == tuple(range(78))
    data = config("glm-5.1")
    data["index_topk_freq"] = 4  # offset 2 (Hugging Face's default): full at 0, 1, 5, 9, …
    spec = model_spec(data, "m")
    assert spec.dsa is not None
    assert spec.dsa.indexer_layers(78) == (0, 1, *range(5, 78, 4))


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"indexer_types": ["full"] * 77}, "'indexer_types' must list one type per layer (78)"),
        ({"indexer_types": ["full", "half"] * 39}, "unknown indexer_types entry 'half'"),
        ({"indexer_types": ["shared", "full"] * 39}, "layer 0 is 'shared' but no earlier layer"),
        ({"index_topk_pattern": "SF" * 39}, "layer 0 is 'shared' but no earlier layer"),
        ({"index_topk_pattern": "FX" * 39}, "unknown index_topk_pattern entry 'X'"),
        ({"index_topk_freq": 0}, "field 'index_topk_freq' must be at least 1"),
        ({"index_skip_topk_offset": -1}, "field 'index_skip_topk_offset' must be at least 0"),
    ],
)
def test_a_schedule_that_cannot_be_built_names_its_field(
    changes: dict[str, Any], words: str
) -> None:
    data = config("glm-5.1")
    data.update(changes)
    assert words in _error(data)


def test_indexer_fields_on_a_model_without_dsa_are_said() -> None:
    data = config("qwen3-30b-a3b")
    data["indexer_types"] = ["full"] * data["num_hidden_layers"]
    (said,) = model_spec(data, "m").warnings
    assert said.startswith("field 'indexer_types' is ignored: the config has no DSA indexer")


@pytest.mark.parametrize("phase", [Phase.PREFILL, Phase.DECODE])
def test_glm52_shared_layers_attend_with_the_top_k_of_the_last_full_layer(phase: Phase) -> None:
    tokens = 4096 if phase is Phase.PREFILL else 8
    graph = build_model(glm52_config(), ParallelConfig(tp=16), Execution(phase, tokens)).graph
    indexers = [op for op in graph.ops if op.kind == "dsa_indexer"]
    assert [op.layer for op in indexers] == list(GLM52_INDEXER_LAYERS)
    typed = interpret(graph)
    for layer in range(78):
        attention = graph.op(f"model.layers.{layer}.self_attn.attn")
        source = max(full for full in GLM52_INDEXER_LAYERS if full <= layer)
        assert attention.inputs[2] == ValueRef(f"model.layers.{source}.self_attn.indexer")
        assert graph.has_op(f"model.layers.{layer}.self_attn.indexer") == (layer == source)
    indices = typed.value("model.layers.2.self_attn.indexer")
    # prefill: each query scores the prompt's keys; decode (no earlier context): its own one
    keys = min(tokens, 2048) if phase is Phase.PREFILL else 1
    assert typed.numeric_shape(indices) == (tokens, keys)
    assert indices.tokens is TokenLayout.FULL
    type_checks(graph)


def test_first_k_dense_replace_exceeds_layers() -> None:
    data = config("glm-5.1")
    data["first_k_dense_replace"] = 79
    message = _error(data)
    assert "first_k_dense_replace 79" in message
    assert "78" in message


def test_first_k_dense_replace_equal_to_layers_is_all_dense() -> None:
    data = config("deepseek-v3")
    data["first_k_dense_replace"] = 61
    assert model_spec(data, "m").layer_kinds == ("dense",) * 61


# -- impossible parallel sizes -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("parallel", "words"),
    [
        (ParallelConfig(tp=0), ("--tp 0",)),
        (ParallelConfig(tp=-2), ("--tp -2",)),
        (ParallelConfig(tp=16, dp=0), ("--dp 0",)),
        (ParallelConfig(tp=16, ep=0), ("--ep 0",)),
        (ParallelConfig(tp=3), ("num_attention_heads 64", "tp 3")),
        (ParallelConfig(tp=16, ep=7), ("256 routed experts", "ep 7")),
        (ParallelConfig(tp=4, dp=3), ("256 routed experts", "ep 12")),  # ep defaults to tp·dp
    ],
)
def test_impossible_parallel_sizes(parallel: ParallelConfig, words: tuple[str, ...]) -> None:
    with pytest.raises(ConfigError) as error:
        build_model("glm-5.1", parallel, Execution(Phase.PREFILL, 4096))
    for word in words:
        assert word in error.value.message


def test_impossible_tp_with_sequence_parallel_too() -> None:
    with pytest.raises(ConfigError, match="tp 3"):
        build_model("glm-5.1", ParallelConfig(tp=3), sequence_parallel=True)


def test_token_count_below_one() -> None:
    with pytest.raises(ConfigError, match="--tokens 0"):
        build_model("glm-5.1", ParallelConfig(tp=16), Execution(Phase.PREFILL, 0))


def test_mixtral_more_ranks_than_experts() -> None:
    with pytest.raises(ConfigError, match="8 routed experts"):
        build(copy.deepcopy(MIXTRAL), ParallelConfig(tp=16))


# -- the TP baseline ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", SHIPPED)
def test_tp_baseline_is_clean(name: str) -> None:
    built = baseline(name)
    # expert parallelism over the 16 ranks: only the MoE prepare step slices tokens over TP
    assert [record.name for record in built.passes] == ["all2all-prefill"]
    assert built.contract == "all2all-prefill"
    assert not built.dsa_cp
    type_checks(built.graph)
    counts = kinds(built.graph)
    moe_layers = built.spec.layer_kinds.count("moe")
    assert counts["reduce_scatter"] == 0
    assert counts["all_gather"] == moe_layers  # the finalize gathers
    assert counts["token_slice"] == 2 * moe_layers  # router logits and hidden states
    # one all-reduce per row-parallel linear (o_proj, dense and shared down_proj) + embedding
    rows = sum(op.attr("parallel") == "row" for op in built.graph.ops)
    assert counts["all_reduce"] == rows + 1
    assert counts["pad_tokens"] == counts["unpad_tokens"] == 0
    typed = interpret(built.graph)
    final = typed.value("model.norm")
    assert typed.numeric_shape(final)[0] == 4096
