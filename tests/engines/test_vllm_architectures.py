"""Hand-written graphs of the decoder layers of vLLM's newer architectures (tests/engines/vllm/,
each citing the vLLM file and line it mirrors): what each does with the layout, typed as vLLM
runs it, and the same graph made wrong, found at the op that is."""

from __future__ import annotations

import json
from pathlib import Path

from layoutcheck.engines import read_program
from layoutcheck.engines.lower import lower_program
from layoutcheck.engines.placement import recorded
from layoutcheck.engines.settings import RunSettings
from layoutcheck.graph import Graph, ValueRef
from layoutcheck.interp import interpret
from layoutcheck.lattice import FeatureState
from layoutcheck.models import load_config, model_spec
from layoutcheck.roles import Block
from tests.helpers import ROOT, run

FIXTURES = Path(__file__).resolve().parent / "vllm"
BATCH_DIM = FIXTURES / "batch_dim_tp2_post_sp.fx.txt"
NORMS = ("rms_norm", "add_rms_norm")


def check(graph: Path, *flags: str) -> tuple[int, list[dict[str, object]]]:
    result = run("check", graph, "--format", "json", *flags)
    assert result.code in (0, 1), result.err
    return result.code, json.loads(result.out)["diagnostics"]


def edited(tmp_path: Path, source: Path, *edits: str) -> Path:
    """``source`` with each (old, new) pair of ``edits`` replaced once."""
    text = source.read_text()
    for old, new in zip(edits[::2], edits[1::2], strict=True):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / source.name.replace(".fx.txt", ".py")
    path.write_text(text)
    return path


# -- a shard of the batch dim (vLLM's Transformers backend under its SP pass) ------------------


def test_a_reduce_scatter_of_the_batch_of_one_is_an_error_at_that_op() -> None:
    code, found = check(BATCH_DIM, "--tp", "2")
    assert code == 1
    (error,) = found
    assert (error["rule"], error["severity"], error["line"]) == ("shard-of-batch", "error", 19)
    assert error["op"] == "reduce_scatter"
    assert "over dim 0 of [1, 16, 64], a batch dim of 1 in front of the tokens" in str(
        error["message"]
    )


def test_cost_names_the_batch_dim_reduce_scatter_as_what_left_its_ops_unpriced() -> None:
    # the reduce-scatter's result is unknown (the import's shard-of-batch error, not a type
    # rule's): cost prices the rest and says which error left the ops after it out
    result = run("cost", BATCH_DIM, "--tp", "2", "--allow-unknown", "--format", "json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["unpriced"] == ["reduce_scatter", "rms_norm"]
    assert "first type error at reduce_scatter [shard-of-batch]" in result.err


def test_the_same_collectives_over_the_token_dim_are_clean(tmp_path: Path) -> None:
    path = edited(
        tmp_path,
        BATCH_DIM,
        "reduce_scatter.default(masked_fill, 0, 2",
        "reduce_scatter.default(masked_fill, 1, 2",
        "all_gather.default(rms_norm, 0, 2",
        "all_gather.default(rms_norm, 1, 2",
    )
    assert check(path, "--tp", "2") == (0, [])


def test_an_all_gather_or_a_split_of_the_batch_is_an_error_too(tmp_path: Path) -> None:
    gathered = edited(
        tmp_path,
        BATCH_DIM,
        "reduce_scatter.default(masked_fill, 0, 2",
        "reduce_scatter.default(masked_fill, 1, 2",
    )
    code, found = check(gathered, "--tp", "2")
    assert (code, [(d["rule"], d["op"]) for d in found]) == (1, [("shard-of-batch", "all_gather")])
    split = edited(
        tmp_path,
        BATCH_DIM,
        "torch.ops.vllm.reduce_scatter.default(masked_fill, 0, 2, 'tp:0');  masked_fill = None",
        "torch.ops.aten.split_with_sizes.default(masked_fill, [0, 1], 0)\n"
        '        reduce_scatter: "bf16[0, 16, 64]" = parts[0]',
        '        reduce_scatter: "bf16[0, 16, 64]" = torch',
        "        parts = torch",
    )
    code, found = check(split, "--tp", "2")
    assert code == 1 and [d["rule"] for d in found][:1] == ["shard-of-batch"]


# -- Gemma-2's four norms per layer ---------------------------------------------------------

GEMMA2 = FIXTURES / "gemma2_tp2.fx.txt"


def lowered(path: Path, tp: int = 2) -> Graph:
    return lower_program(read_program(path), settings=RunSettings(tp=tp)).graph


def test_gemma2_s_four_norms_are_named_by_their_place_in_the_layer() -> None:
    graph = lowered(GEMMA2)
    norms = [(op.layer, str(op.role)) for op in graph.ops if op.kind in NORMS]
    layer = [
        "layer.input_layernorm",  # adds the residual (gemma2.py:234)
        "layer.post_attention_layernorm",  # the attention's output alone (:239)
        "layer.pre_feedforward_layernorm",  # adds the residual (:241)
        "layer.post_feedforward_layernorm",  # the MLP's output alone (:245)
    ]
    assert norms == [(0, r) for r in layer] + [(1, r) for r in layer] + [(None, "model.norm")]
    # and the MLP reads the pre-feedforward norm: its linears are the MLP's, in their layer
    mlp = [(op.layer, str(op.role), op.attr("parallel")) for op in graph.ops if op.kind == "linear"]
    assert [m for m in mlp if m[1].startswith("mlp.")] == [
        (0, "mlp.gate_up_proj", "column"),
        (0, "mlp.down_proj", "row"),
        (1, "mlp.gate_up_proj", "column"),
        (1, "mlp.down_proj", "row"),
    ]


def test_gemma2_checks_clean_and_an_unreduced_mlp_output_into_its_norm_is_found(
    tmp_path: Path,
) -> None:
    assert check(GEMMA2, "--tp", "2") == (0, [])
    path = edited(
        tmp_path,
        GEMMA2,
        "vllm_ir.rms_norm.default(l1_down_reduced,",
        "vllm_ir.rms_norm.default(l1_down,",
        "(l1_down, 'tp:0');  l1_down = None",
        "(l1_down, 'tp:0')",
    )
    code, found = check(path, "--tp", "2")
    assert (code, [(d["rule"], d["op"]) for d in found][:1]) == (
        1,
        [("partial-into-nonlinear", "model.layers.1.post_feedforward_layernorm")],
    )


# -- a norm over the gathered q and k features (OLMoE's qk norm) --------------------------------

OLMOE = FIXTURES / "olmoe_qk_norm_tp2.fx.txt"


def test_a_norm_over_gathered_features_is_legal_and_the_split_back_is_the_rank_s_block() -> None:
    graph = lowered(OLMOE)
    typed = interpret(graph)
    kinds = {op.name: op.kind for op in graph.ops}
    norms = [op for op in graph.ops if op.kind == "rms_norm" and op.layer == 0]
    # the input norm opens the layer; q_norm and k_norm, as wide as the hidden size here, are
    # the attention's own
    assert [str(op.role) for op in norms] == ["layer.input_layernorm", "None", "None"]
    for norm in norms[1:]:
        (x,) = norm.inputs
        assert kinds[x.op] == "feature_gather"
        assert typed.value(x).features is FeatureState.WHOLE  # every head's features
        (shard,) = [op for op in graph.ops if ValueRef(norm.name) in op.inputs]
        assert shard.kind == "feature_shard"
        assert typed.value(ValueRef(shard.name)).features is FeatureState.SPLIT
    assert check(OLMOE, "--tp", "2") == (0, [])


def test_a_norm_over_the_rank_s_own_q_features_is_found(tmp_path: Path) -> None:
    # q_norm reads the rank's q block without the gather: it normalizes half of each token's
    # features with the statistics of that half alone
    path = edited(
        tmp_path,
        OLMOE,
        "vllm_ir.rms_norm.default(all_gather, arg15_1",
        "vllm_ir.rms_norm.default(q_10, arg15_1",
        "all_gather.default(q_10, -1, 2, 'tp:0');  q_10 = None",
        "all_gather.default(q_10, -1, 2, 'tp:0')",
    )
    code, found = check(path, "--tp", "2")
    assert code == 1
    assert [d["rule"] for d in found][:1] == ["norm-of-split"]


# -- Qwen2-MoE's shared expert and its gate -----------------------------------------------------

QWEN2_MOE = FIXTURES / "qwen2_moe_shared_tp2.fx.txt"
QWEN2_MOE_CONFIG = FIXTURES / "qwen2-moe-tiny.json"


def test_the_shared_expert_is_as_wide_as_the_config_says() -> None:
    moe = model_spec(*load_config(QWEN2_MOE_CONFIG)).moe
    assert moe is not None
    # one shared expert of shared_expert_intermediate_size (qwen2_moe.py:157), not 1 × 32
    assert (moe.shared_experts, moe.shared_width, moe.intermediate) == (1, 64, 32)


def test_the_shared_expert_is_tensor_parallel_and_its_gate_scales_a_pending_sum() -> None:
    spec_ = model_spec(*load_config(QWEN2_MOE_CONFIG))
    graph = lower_program(read_program(QWEN2_MOE), spec_).graph
    typed = interpret(graph)
    linears = {str(op.role): op for op in graph.ops if op.kind == "linear" and op.layer == 0}
    parallel = {
        r: op.attr("parallel") for r, op in linears.items() if r.startswith(("shared", "moe"))
    }
    assert parallel == {
        "shared_experts.gate_up_proj": "column",
        "shared_experts.down_proj": "row",
        "moe.shared_expert_gate": "replicated",  # one wide: a complete score per token
    }
    down = ValueRef(linears["shared_experts.down_proj"].name)
    (scaled,) = [op for op in graph.ops if down in op.inputs]
    # sigmoid(gate) · down: a complete scalar per token times a pending sum is a pending sum
    assert typed.value(down).features is typed.value(ValueRef(scaled.name)).features
    assert typed.value(ValueRef(scaled.name)).features is FeatureState.PARTIAL
    (added,) = [op for op in graph.ops if ValueRef(scaled.name) in op.inputs]
    assert [op.kind for op in graph.ops if ValueRef(added.name) in op.inputs] == ["all_reduce"]
    result = run("check", QWEN2_MOE, "--config", QWEN2_MOE_CONFIG)
    assert result.code == 0, result.out


def test_the_shared_expert_reduced_apart_from_the_routed_sum_is_found(tmp_path: Path) -> None:
    path = edited(
        tmp_path,
        QWEN2_MOE,
        '        shared_out: "bf16[16, 64]" = torch.ops.aten.mul.Tensor(sigmoid, mm_21);',
        "        reduced: \"bf16[16, 64]\" = torch.ops.vllm.all_reduce.default(mm_21, 'tp:0')\n"
        '        shared_out: "bf16[16, 64]" = torch.ops.aten.mul.Tensor(sigmoid, reduced);',
    )
    code, found = check(path, "--config", str(QWEN2_MOE_CONFIG))
    assert code == 1 and [d["rule"] for d in found][:1] == ["layout-mismatch"]


# vLLM's record of the module that ran a shared expert: the MoE runner's SharedExperts wrapper
# holds the model's MLP as `_layer` (fused_moe/runner/shared_experts.py:55), reached by Dynamo
# through a closure (the paths are those of the Qwen2-MoE and DeepSeek-V2 captures)
WRAPPED = (
    "layers.0.mlp.experts._shared_experts._mk_can_overlap_shared_experts.__closure__.0."
    "cell_contents._shared_experts._layer"
)


def placed(path: str) -> tuple[str, Block | None]:
    found = recorded(path)
    assert found is not None
    return str(found.role), found.block


def test_vllm_s_record_of_a_shared_expert_module_is_the_shared_experts_block() -> None:
    shared = Block.SHARED_EXPERTS
    assert placed(f"{WRAPPED}.down_proj") == ("shared_experts.down_proj", shared)
    assert placed(f"{WRAPPED}.gate_up_proj") == ("shared_experts.gate_up_proj", shared)
    assert placed(f"{WRAPPED}.act_fn") == ("shared_experts", shared)
    # Qwen2MoeMLP keeps its gate as expert_gate (qwen2_moe.py:113)
    assert placed(f"{WRAPPED}.expert_gate")[0] == "moe.shared_expert_gate"


def test_an_o_proj_before_the_shared_experts_stays_the_attention_s() -> None:
    # the MLA o_proj's own record names the attention; the shared experts' gate_up three
    # nodes after it does not make it theirs
    capture = ROOT / "tests" / "data" / "vllm-capture"
    spec_ = model_spec(*load_config(capture / "tiny-deepseek-v2" / "config.json"))
    graph = lower_program(read_program(capture / "deepseek-v2-tp2/before_sp/rank_0.pt2"), spec_)
    linears = [op for op in graph.graph.ops if op.kind == "linear" and op.layer == 1]
    o_proj = [op for op in linears if "o_proj" in op.name]
    assert [(str(op.role), op.attr("parallel")) for op in o_proj] == [("attention", "row")]
    shared = [op for op in linears if str(op.role).startswith("shared_experts")]
    assert [(str(op.role), op.attr("parallel")) for op in shared] == [
        ("shared_experts.gate_up_proj", "column")
    ]


# -- OLMo-2 through vLLM's Transformers backend: [1, T, H], HF's rope, the TP-aware q norm ------

OLMO2 = {stage: FIXTURES / f"olmo2_transformers_tp2_{stage}_sp.fx.txt" for stage in ("pre", "post")}


def test_olmo2_s_batch_of_one_and_heads_before_tokens_are_followed_to_the_attention() -> None:
    # split(x, 32, 2) of [1, T, 64] counts the batch of one (fusers/rms_norm.py:130); HF's rope
    # multiplies [1, heads, T, d]: a pointwise op of a permuted value keeps its dim order
    graph = lowered(OLMO2["pre"])
    typed = interpret(graph)
    assert [op.kind for op in graph.ops].count("feature_shard") == 2
    (attention,) = [op for op in graph.ops if op.kind == "attention"]
    q, k, _ = (typed.value(ref) for ref in attention.inputs)
    # this rank's 2 of the 4 heads of 16, as the attention reads them
    assert not q.is_top and q.features is FeatureState.SPLIT and q.shape[1:] == (32,)
    assert not k.is_top and k.features is FeatureState.SPLIT
    assert check(OLMO2["pre"], "--tp", "2") == (0, [])


def test_olmo2_s_sp_reduce_scatter_of_the_batch_is_found_where_vllm_fails() -> None:
    # vLLM 0.31's Inductor fails on the [0, T, H] it leaves: "shape '[s27, 256]' is invalid
    # for input of size 0" (the zoo capture of OLMo-2)
    code, found = check(OLMO2["post"], "--tp", "2")
    assert (code, [(d["rule"], d["line"]) for d in found]) == (1, [("shard-of-batch", 70)])


# -- MiniCPM3's MLA projections (standard attention over the up-projected heads) ---------------

MINICPM3 = ROOT / "tests" / "data" / "vllm-capture" / "zoo" / "minicpm3"


def test_minicpm3_s_latent_projections_are_replicated_and_its_up_projections_column() -> None:
    # vllm/model_executor/models/minicpm3.py:85-111: q_a_proj and kv_a_proj_with_mqa are
    # ReplicatedLinear (the KV one [hidden, kv_lora_rank + qk_rope_head_dim], split into the
    # latent and the rope key at :147), q_b_proj and kv_b_proj ColumnParallelLinear
    spec_ = model_spec(*load_config(MINICPM3))
    graph = lower_program(read_program(MINICPM3 / "before_sp" / "rank_0.pt2"), spec_).graph
    parallel = {
        str(op.role): op.attr("parallel")
        for op in graph.ops
        if op.kind == "linear" and op.layer == 0 and str(op.role).startswith("attention")
    }
    assert parallel == {
        "attention.q_a_proj": "replicated",
        "attention.q_b_proj": "column",
        "attention.kv_a_proj_with_mqa": "replicated",
        "attention.kv_b_proj": "column",
        "attention.o_proj": "row",
    }
    typed = interpret(graph)
    (norm,) = [
        op for op in graph.ops if str(op.role) == "attention.kv_a_layernorm" and op.layer == 0
    ]
    # the latent split off the replicated projection is every rank's whole latent
    assert typed.value(norm.inputs[0]).features is FeatureState.WHOLE
    assert typed.value(ValueRef(norm.name)).features is FeatureState.WHOLE
