"""The DSA-CP, sequence-parallel and MC2 passes on real model configs: match counts, op and
collective counts before and after each pass, the layouts the RFC asks for, the contracts they
meet, and the pass manager naming a pass that breaks the type rules."""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
import pytest

from layoutcheck.check import check_graph
from layoutcheck.contracts import Contract, load_contract
from layoutcheck.diagnostics import Report
from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.models import (
    BuiltModel,
    ConfigError,
    Execution,
    Layout,
    ParallelConfig,
    Phase,
    build_model,
    load_config,
    model_spec,
    plan_passes,
)
from layoutcheck.models.builder import AttentionForm, build_baseline
from layoutcheck.passes.manager import (
    PassError,
    PassResult,
    collective_counts,
    run_passes,
)
from layoutcheck.passes.repetition import compare_forms, fold
from layoutcheck.passes.rewriter import Pattern, Rewriter, rewrite, sweep
from layoutcheck.passes.sequence_parallel import SharedExperts
from layoutcheck.roles import role
from layoutcheck.validate import normalize
from tests.helpers import glm52_config

FULL, LOCAL = TokenLayout.FULL, TokenLayout.LOCAL
PARTIAL, WHOLE = FeatureState.PARTIAL, FeatureState.WHOLE

# (model, layers, first dense layers): the two DSA models of the RFC.
DSA_MODELS = [("glm-5.1", 78, 3), ("deepseek-v3.2", 61, 3)]


@attrs.frozen
class Setup:
    """One build: what build_model gets, and the contract it should meet."""

    model: str
    tp: int = 16
    dp: int = 1
    ep: int | None = None
    phase: Phase = Phase.PREFILL
    tokens: int = 4096
    sp: bool = True
    layout: Layout = Layout.TENSORCAST
    shared_experts: SharedExperts | None = None  # None: the builder's default

    @property
    def parallel(self) -> ParallelConfig:
        return ParallelConfig(self.tp, self.dp, self.ep)

    @property
    def execution(self) -> Execution:
        return Execution(self.phase, self.tokens)


DECODE = Setup("glm-5.1", tp=4, dp=8, ep=32, phase=Phase.DECODE, tokens=9, sp=False)


@functools.cache
def built(setup: Setup) -> BuiltModel:
    return build_model(
        setup.model,
        setup.parallel,
        setup.execution,
        sequence_parallel=setup.sp,
        layout=setup.layout,
        shared_experts=setup.shared_experts,
    )


@functools.cache
def typed_of(setup: Setup) -> TypedGraph:
    return interpret(built(setup).graph)


@functools.cache
def baseline_and_passes(setup: Setup) -> tuple[Graph, tuple[Any, ...]]:
    """The normalized TP baseline and the passes build_model runs on it, made by hand."""
    config, name, where = load_config(setup.model)
    spec = model_spec(config, name, where)
    passes, _, dsa_cp = plan_passes(
        spec, setup.parallel, setup.execution, sequence_parallel=setup.sp, layout=setup.layout
    )
    form = (
        AttentionForm.KEY_SIDE
        if dsa_cp and setup.layout is Layout.VLLM_ASCEND
        else AttentionForm.FUSED
    )
    graph = normalize(build_baseline(spec, setup.parallel, setup.execution, form=form))
    return graph, tuple(passes)


def check(setup: Setup, contract: str | None = None) -> Report:
    chosen = contract or built(setup).contract
    return check_graph(built(setup).graph, load_contract(chosen) if chosen else None)


def describe(report: Report) -> str:
    return "\n".join(f"[{d.rule}] {d.op}: {d.message}" for d in report.diagnostics[:10])


def assert_clean(report: Report) -> None:
    """No errors. The only warnings allowed are the TensorCast shared expert drawn as a TP MLP on
    LOCAL tokens (``local-feature-split`` at its split, and ``cross-token-reduction`` at its
    all-reduce, which the tensorcast contract keeps a warning: a cost-model shape)."""
    assert report.ok, describe(report)
    for warning in report.warnings:
        assert warning.rule in ("local-feature-split", "cross-token-reduction"), describe(report)
        assert warning.op is not None and ".mlp.shared_experts." in warning.op, describe(report)


def assert_types_clean(graph: Graph, contract: Contract) -> None:
    """No type errors, as ``contract`` says them (the tensorcast one keeps the RFC's shared
    expert a warning)."""
    report = check_graph(graph)
    assert_clean(attrs.evolve(report, diagnostics=contract.relax(report.diagnostics)))


def of_kind(graph: Graph, kind: str) -> list[Op]:
    return [op for op in graph.ops if op.kind == kind]


def producer_of(graph: Graph, ref: ValueRef, through: Sequence[str] = ()) -> tuple[Op, int]:
    """The op (and port) that made ``ref``, looking through ops of the ``through`` kinds."""
    while True:
        op = graph.op(ref.op)
        if op.kind not in through:
            return op, ref.port
        ref = op.inputs[0]


def record(model: BuiltModel, name: str) -> Any:
    found = [r for r in model.passes if r.name == name]
    assert len(found) == 1, [r.name for r in model.passes]
    return found[0]


def shape(typed: TypedGraph, ref: str) -> tuple[int, ...]:
    return tuple(int(d) for d in typed.numeric_shape(typed.value(ref)))


# -- DSA-CP + SP, the RFC's layout (TensorCast) -----------------------------------------------


@pytest.mark.parametrize(("model", "layers", "dense"), DSA_MODELS)
def test_dsa_cp_pass_record(model: str, layers: int, dense: int) -> None:
    result = built(Setup(model))
    assert [r.name for r in result.passes] == ["dsa-cp", "sequence-parallel"]
    dsa = record(result, "dsa-cp")
    assert dsa.matches["disable-tp"] == 2 * layers  # q_b_proj and o_proj of every layer
    assert dsa.matches["drop-complete-reduction"] == layers
    assert "replicate-shared-experts" not in dsa.matches
    # baseline all-reduces: embedding + o_proj per layer + dense MLPs + shared experts
    assert dsa.collectives_before == {"all_reduce": 1 + layers + dense + (layers - dense)}
    assert dsa.collectives_after == {"all_reduce": 1 + dense + (layers - dense)}
    assert dsa.ops_before - dsa.ops_after == layers


@pytest.mark.parametrize(("model", "layers", "dense"), DSA_MODELS)
def test_dsa_cp_pass_on_the_graphs(model: str, layers: int, dense: int) -> None:
    """The same counts, taken from the graphs the passes make when run one at a time."""
    setup = Setup(model)
    graph, passes = baseline_and_passes(setup)
    assert [p.name for p in passes] == ["dsa-cp", "sequence-parallel"]
    after_dsa, (rec,) = run_passes(graph, passes[:1])
    assert rec == record(built(setup), "dsa-cp")
    assert len(graph.ops) == rec.ops_before
    assert len(after_dsa.ops) == rec.ops_after
    assert collective_counts(after_dsa) == rec.collectives_after
    for layer in range(layers):
        a = f"model.layers.{layer}.self_attn"
        assert graph.op(f"{a}.q_b_proj").attr("parallel") == "column"
        assert graph.op(f"{a}.o_proj").attr("parallel") == "row"
        assert graph.has_op(f"{a}.o_proj.all_reduce")
        assert after_dsa.op(f"{a}.q_b_proj").attr("parallel") == "replicated"
        assert after_dsa.op(f"{a}.o_proj").attr("parallel") == "replicated"
        assert not after_dsa.has_op(f"{a}.o_proj.all_reduce")
    dropped = {op.name for op in graph.ops} - {op.name for op in after_dsa.ops}
    assert dropped == {f"model.layers.{i}.self_attn.o_proj.all_reduce" for i in range(layers)}
    # the shared experts and dense MLPs keep their all-reduces
    assert sum(op.name.endswith("shared_experts.all_reduce") for op in after_dsa.ops) == (
        layers - dense
    )
    final, (sp_rec,) = run_passes(after_dsa, passes[1:])
    assert final.ops == built(setup).graph.ops
    assert final.outputs == built(setup).graph.outputs
    assert sp_rec == record(built(setup), "sequence-parallel")


@pytest.mark.parametrize(("model", "layers", "dense"), DSA_MODELS)
def test_sequence_parallel_pass_record(model: str, layers: int, dense: int) -> None:
    sp = record(built(Setup(model)), "sequence-parallel")
    assert sp.matches["P1"] == 1  # the embedding all-reduce before layer 0's rms_norm
    assert sp.matches["P2"] == dense  # the dense layers' MLP all-reduces
    assert sp.matches["dsa-o-proj-slice"] == layers
    assert sp.matches.get("P3", 0) == 0
    assert sp.collectives_before == {"all_reduce": 1 + layers}
    assert sp.collectives_after == {
        "all_gather": layers + dense + 1,
        "all_reduce": layers - dense,
        "reduce_scatter": 1 + dense,
    }
    assert collective_counts(built(Setup(model)).graph) == sp.collectives_after
    assert len(built(Setup(model)).graph.ops) == sp.ops_after


@pytest.mark.parametrize(("model", "layers", "dense"), DSA_MODELS)
def test_gathers_are_exactly_the_normalized_entries(model: str, layers: int, dense: int) -> None:
    graph = built(Setup(model)).graph
    sources: Counter[str] = Counter()
    for gather in of_kind(graph, "all_gather"):
        source, port = producer_of(graph, gather.inputs[0])
        assert source.kind in ("rms_norm", "add_rms_norm"), gather.name
        assert port == 0, f"{gather.name} gathers output {port} of {source.name}"
        if source.name == "model.norm":
            sources["final"] += 1
        elif source.name.endswith(".input_layernorm"):
            sources["attention"] += 1
        elif source.name.endswith(".post_attention_layernorm"):
            assert source.layer is not None and source.layer < dense
            sources["dense-mlp"] += 1
        else:
            sources[source.name] += 1
    assert sources == {"attention": layers, "dense-mlp": dense, "final": 1}
    entries = {g.layer for g in of_kind(graph, "all_gather") if ".input_layernorm" in g.name}
    assert entries == set(range(layers))


@pytest.mark.parametrize(("model", "layers", "dense"), DSA_MODELS)
def test_no_gather_reads_a_residual(model: str, layers: int, dense: int) -> None:
    graph = built(Setup(model)).graph
    typed = typed_of(Setup(model))
    norms = [op for op in graph.ops if op.kind == "add_rms_norm"]
    assert len(norms) == 2 * layers  # every layer's two norms but layer 0's first, + model.norm
    for norm in norms:
        residual = ValueRef(norm.name, 1)
        assert typed.value(residual).tokens is LOCAL, norm.name
        for reader, _ in graph.consumers(residual):
            assert reader.kind != "all_gather", f"{reader.name} gathers {norm.name}:1"


@pytest.mark.parametrize(("model", "layers", "dense"), DSA_MODELS)
def test_reduce_scatters(model: str, layers: int, dense: int) -> None:
    graph = built(Setup(model)).graph
    scatters = of_kind(graph, "reduce_scatter")
    expected = {"model.embed_tokens.reduce_scatter"} | {
        f"model.layers.{i}.mlp.reduce_scatter" for i in range(dense)
    }
    assert {op.name for op in scatters} == expected
    typed = typed_of(Setup(model))
    for op in scatters:
        assert typed.value(op.inputs[0]).layout == "F·P"
        assert typed.value(op.name).layout == "L·W"


@pytest.mark.parametrize(("model", "layers", "dense"), DSA_MODELS)
def test_shared_expert_all_reduce_keeps_local(model: str, layers: int, dense: int) -> None:
    graph = built(Setup(model)).graph
    typed = typed_of(Setup(model))
    reduces = of_kind(graph, "all_reduce")
    assert len(reduces) == layers - dense
    for op in reduces:
        assert op.name.endswith(".mlp.shared_experts.all_reduce"), op.name
        value_in = typed.value(op.inputs[0])
        assert (value_in.tokens, value_in.features) == (LOCAL, PARTIAL)
        value_out = typed.value(op.name)
        assert (value_out.tokens, value_out.features) == (LOCAL, WHOLE)
    assert {op.layer for op in reduces} == set(range(dense, layers))


@pytest.mark.parametrize(("model", "layers", "dense"), DSA_MODELS)
def test_o_proj_replicated_after_token_slice(model: str, layers: int, dense: int) -> None:
    graph = built(Setup(model)).graph
    typed = typed_of(Setup(model))
    o_projs = [op for op in graph.ops if op.name.endswith(".self_attn.o_proj")]
    assert len(o_projs) == layers
    for o_proj in o_projs:
        assert o_proj.attr("parallel") == "replicated"
        source, _ = producer_of(graph, o_proj.inputs[0], through=("reshape",))
        assert source.kind == "token_slice", o_proj.name
        attention, _ = producer_of(graph, source.inputs[0])
        assert attention.kind == "sparse_attention"
        assert typed.value(source.inputs[0]).tokens is FULL
        assert typed.value(o_proj.name).layout == "L·W"
        assert not any(
            r.kind in ("all_reduce", "reduce_scatter")
            for r, _ in graph.consumers(ValueRef(o_proj.name))
        )
    assert len(of_kind(graph, "token_slice")) == layers


def test_glm_layer_5_rfc_shapes() -> None:
    typed = typed_of(Setup("glm-5.1"))
    p = "model.layers.5"
    assert shape(typed, f"{p}.input_layernorm.all_gather") == (4096, 6144)
    assert shape(typed, f"{p}.self_attn.attn") == (4096, 64, 256)
    assert shape(typed, f"{p}.self_attn.o_proj_slice") == (256, 64, 256)
    assert shape(typed, f"{p}.self_attn.o_proj_flatten") == (256, 16384)
    assert shape(typed, f"{p}.self_attn.o_proj") == (256, 6144)
    assert shape(typed, f"{p}.mlp.gate") == (256, 256)
    assert shape(typed, f"{p}.mlp.topk") == (256, 8)
    assert shape(typed, f"{p}.mlp.experts") == (256, 6144)


@pytest.mark.parametrize(("model", "layers", "dense"), DSA_MODELS)
def test_tensorcast_contract_passes(model: str, layers: int, dense: int) -> None:
    result = built(Setup(model))
    assert result.dsa_cp
    assert result.contract == "tensorcast-dsa-cp-prefill"
    assert result.graph.contract == "tensorcast-dsa-cp-prefill"
    report = check(Setup(model))
    assert_clean(report)
    assert report.summary["attention_boundaries"] == layers
    assert report.summary["layers"] == layers


# -- DSA-CP + SP, the vLLM-Ascend layout --------------------------------------------------------

VLLM = Setup("glm-5.1", layout=Layout.VLLM_ASCEND)


def test_vllm_key_side_gather_per_layer() -> None:
    graph = built(VLLM).graph
    typed = typed_of(VLLM)
    key_side = [
        g for g in of_kind(graph, "all_gather") if g.inputs[0].op.endswith(".self_attn.key_side")
    ]
    assert sorted(g.layer for g in key_side) == list(range(78))  # type: ignore[type-var]
    for gather in key_side:
        assert shape(typed, str(gather.inputs[0])) == (256, 704)
        assert shape(typed, gather.name) == (4096, 704)
        assert typed.value(gather.name).layout == "F·W"
        assert {r.name.rpartition(".")[2] for r, _ in graph.consumers(ValueRef(gather.name))} == {
            "key_side_split"
        }
    others = [g for g in of_kind(graph, "all_gather") if g not in key_side]
    assert len(others) == 4  # 3 dense-MLP entries + the final norm


def test_vllm_no_hidden_state_gather_into_attention() -> None:
    graph = built(VLLM).graph
    typed = typed_of(VLLM)
    for gather in of_kind(graph, "all_gather"):
        assert not gather.inputs[0].op.endswith(".input_layernorm"), gather.name
        readers = [r for r, _ in graph.consumers(ValueRef(gather.name))]
        into_attention = [r for r in readers if ".self_attn." in r.name]
        assert all(r.name.endswith(".self_attn.key_side_split") for r in into_attention)
    for layer in (0, 5, 77):
        p = f"model.layers.{layer}.self_attn"
        assert typed.value(f"{p}.q_a_proj").tokens is LOCAL
        assert typed.value(f"{p}.attn").tokens is LOCAL
        assert typed.value(f"{p}.o_proj").layout == "L·W"
        assert not graph.has_op(f"{p}.o_proj_slice")
    assert of_kind(graph, "token_slice") == []


def test_vllm_shared_experts_replicated_without_all_reduce() -> None:
    result = built(VLLM)
    graph = result.graph
    assert record(result, "dsa-cp").matches["replicate-shared-experts"] == 2 * 75
    shared = [op for op in graph.ops if ".mlp.shared_experts." in op.name]
    assert {op.layer for op in shared} == set(range(3, 78))
    for op in shared:
        assert op.kind != "all_reduce", op.name
        if op.kind == "linear":
            assert op.attr("parallel") == "replicated"
    assert of_kind(graph, "all_reduce") == []
    assert collective_counts(graph) == {"all_gather": 82, "reduce_scatter": 4}
    typed = typed_of(VLLM)
    assert typed.value("model.layers.5.mlp.shared_experts.down_proj").layout == "L·W"


def test_vllm_contracts() -> None:
    assert built(VLLM).contract == "vllm-ascend-dsa-cp-prefill"
    report = check(VLLM)
    assert report.ok and report.diagnostics == (), describe(report)
    wrong = check(VLLM, "tensorcast-dsa-cp-prefill")
    assert not wrong.ok
    assert {"attention-full-token", "o-proj-token-slice"} <= wrong.rules()
    # and the RFC layout is not the engine's
    assert {"attention-local-query", "kv-gather-only"} <= check(
        Setup("glm-5.1"), "vllm-ascend-dsa-cp-prefill"
    ).rules()


# -- SP on models without DSA ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("model", "layers", "dense"), [("deepseek-v3", 61, 3), ("qwen3-30b-a3b", 48, 0)]
)
def test_sequence_parallel_without_dsa(model: str, layers: int, dense: int) -> None:
    result = built(Setup(model))
    graph = result.graph
    assert not result.dsa_cp
    assert result.contract == "vllm-sp"  # upstream vLLM's pass form: held to its contract
    assert [r.name for r in result.passes] == ["sequence-parallel"]
    sp = result.passes[0]
    assert sp.matches["P1"] == 1
    assert sp.matches["P2"] == layers + dense  # every o_proj, and the dense MLPs
    assert "dsa-o-proj-slice" not in sp.matches
    assert of_kind(graph, "token_slice") == []
    for layer in range(layers):
        o_proj = f"model.layers.{layer}.self_attn.o_proj"
        assert graph.op(o_proj).attr("parallel") == "row"
        readers = [r for r, _ in graph.consumers(ValueRef(o_proj))]
        assert [r.kind for r in readers] == ["reduce_scatter"], o_proj
        assert graph.has_op(f"model.layers.{layer}.input_layernorm.all_gather")
    # the default shared experts under SP without DSA are replicated on the local tokens: no
    # all-reduce of them, and the graph checks clean
    assert of_kind(graph, "all_reduce") == []
    report = check(Setup(model))
    assert_clean(report)
    # asked for as the RFC table's TP MLP, their all-reduce sums different tokens: an error in
    # each of deepseek-v3's 58 MoE layers (qwen3-30b-a3b has no shared experts)
    tp_mlp = check(Setup(model, shared_experts=SharedExperts.TP_LOCAL))
    cross = [d for d in tp_mlp.errors if d.rule == "cross-token-reduction"]
    assert all(d.op is not None and d.op.endswith(".shared_experts.all_reduce") for d in cross)
    assert len(cross) == (layers - dense if model == "deepseek-v3" else 0)
    assert report.summary["attention_boundaries"] == layers


# -- decode MoE with MC2 -----------------------------------------------------------------------


def test_mc2_decode_passes_its_contract() -> None:
    result = built(DECODE)
    assert result.contract == "mc2-decode"
    assert [r.name for r in result.passes] == ["mc2-decode"]
    mc2 = result.passes[0]
    assert mc2.matches == {"slice-router-logits": 75, "mc2-dispatch": 75}
    assert mc2.collectives_after == {"all_gather": 75, "all_reduce": 157}
    report = check(DECODE)
    assert report.ok and report.diagnostics == (), describe(report)


def test_mc2_decode_layer_5_shapes() -> None:
    typed = typed_of(DECODE)
    m = "model.layers.5.mlp"
    assert shape(typed, "model.layers.5.post_attention_layernorm") == (9, 6144)
    assert shape(typed, f"{m}.gate") == (9, 256)
    assert shape(typed, f"{m}.router_logits_pad") == (12, 256)
    assert shape(typed, f"{m}.router_logits_slice") == (3, 256)
    assert typed.value(f"{m}.router_logits_slice").tokens is LOCAL
    assert shape(typed, f"{m}.topk") == (3, 8)
    assert shape(typed, f"{m}.hidden_states_slice") == (3, 6144)
    assert shape(typed, f"{m}.experts") == (3, 6144)
    assert shape(typed, f"{m}.finalize_gather") == (12, 6144)
    assert shape(typed, f"{m}.finalize_unpad") == (9, 6144)
    assert typed.value(f"{m}.finalize_unpad").layout == "F·W"
    graph = built(DECODE).graph
    assert graph.op(f"{m}.topk").inputs[0].op == f"{m}.router_logits_slice"
    assert graph.op(f"{m}.experts").attr("dispatch") == "mc2"


# -- prefill MoE under expert parallelism without SP: the same prepare step, all-to-all ------

EP_PREFILL = Setup("glm-5.1", ep=16, sp=False)


def test_ep_prefill_slices_the_moe_over_tp_and_meets_its_contract() -> None:
    result = built(EP_PREFILL)
    assert result.contract == "all2all-prefill"
    assert [r.name for r in result.passes] == ["all2all-prefill"]
    prepare = result.passes[0]
    assert prepare.matches == {"slice-router-logits": 75, "all2all-dispatch": 75}
    assert prepare.collectives_before == {"all_reduce": 157}
    assert prepare.collectives_after == {"all_gather": 75, "all_reduce": 157}
    # two slices per MoE layer; no pad, no unpad: tp 16 divides 4096
    assert prepare.ops_after - prepare.ops_before == 3 * 75
    counts = Counter(op.kind for op in result.graph.ops)
    assert counts["token_slice"] == 150 and counts["pad_tokens"] == counts["unpad_tokens"] == 0
    report = check(EP_PREFILL)
    assert report.ok and report.diagnostics == (), describe(report)


def test_ep_prefill_layer_5_shapes() -> None:
    typed = typed_of(EP_PREFILL)
    m = "model.layers.5.mlp"
    assert shape(typed, "model.layers.5.post_attention_layernorm") == (4096, 6144)
    assert shape(typed, f"{m}.gate") == (4096, 256)
    assert typed.value(f"{m}.gate").tokens is FULL
    assert shape(typed, f"{m}.router_logits_slice") == (256, 256)
    assert shape(typed, f"{m}.topk") == (256, 8)
    assert shape(typed, f"{m}.hidden_states_slice") == (256, 6144)
    assert shape(typed, f"{m}.experts") == (256, 6144)
    assert typed.value(f"{m}.experts").layout == "L·W"
    assert shape(typed, f"{m}.finalize_gather") == (4096, 6144)
    assert typed.value(f"{m}.finalize_gather").layout == "F·W"
    graph = built(EP_PREFILL).graph
    assert graph.op(f"{m}.experts").attr("dispatch") == "all_to_all"
    assert graph.op(f"{m}.combine").inputs[0].op == f"{m}.finalize_gather"
    # the shared experts stay a TP MLP on all tokens, reduced over TP
    up = graph.op(f"{m}.shared_experts.gate_up_proj")
    assert up.attr("parallel") == "column" and up.inputs[0].op.endswith("post_attention_layernorm")
    assert typed.value(f"{m}.shared_experts.all_reduce").layout == "F·W"


def test_ep_prefill_pads_indivisible_tokens_and_unpads_after_the_gather() -> None:
    setup = attrs.evolve(EP_PREFILL, tokens=4095)
    typed = typed_of(setup)
    m = "model.layers.5.mlp"
    assert shape(typed, f"{m}.router_logits_pad") == (4096, 256)
    assert shape(typed, f"{m}.hidden_states_pad") == (4096, 6144)
    assert shape(typed, f"{m}.hidden_states_slice") == (256, 6144)
    assert shape(typed, f"{m}.finalize_gather") == (4096, 6144)
    assert shape(typed, f"{m}.finalize_unpad") == (4095, 6144)
    assert_clean(check(setup))


@pytest.mark.parametrize("model", ["deepseek-v3", "qwen3-30b-a3b"])
def test_ep_prefill_of_models_without_dsa(model: str) -> None:
    setup = Setup(model, sp=False)
    result = built(setup)
    moe_layers = result.spec.layer_kinds.count("moe")
    assert result.contract == "all2all-prefill"
    assert record(result, "all2all-prefill").matches["all2all-dispatch"] == moe_layers
    assert_clean(check(setup))


def test_without_expert_parallelism_or_with_sp_no_prepare_step_runs() -> None:
    replicated_experts = built(Setup("glm-5.1", ep=1, sp=False))
    assert replicated_experts.passes == () and replicated_experts.contract is None
    # with SP the MoE input is already LOCAL (moe-local): nothing to slice
    assert "all2all-prefill" not in [r.name for r in built(Setup("qwen3-30b-a3b")).passes]


def test_the_unsliced_baseline_breaks_the_all2all_contract() -> None:
    graph, _ = baseline_and_passes(EP_PREFILL)
    report = check_graph(graph, load_contract("all2all-prefill"))
    assert {d.rule for d in report.errors} == {"topk-sliced", "finalize-gathers"}
    assert {d.op for d in report.errors if d.rule == "topk-sliced"} >= {
        "model.layers.5.mlp.topk",
        "model.layers.5.mlp.experts",
    }


def test_all2all_prefill_has_the_rules_of_mc2_decode() -> None:
    """One prepare-and-finalize shape, two contracts (prefill all-to-all, decode MC2): the
    rule ids and their checks must stay the same."""
    prefill, decode = load_contract("all2all-prefill"), load_contract("mc2-decode")
    assert [rule.doc.id for rule in prefill.rules] == [rule.doc.id for rule in decode.rules]
    for ours, theirs in zip(prefill.rules, decode.rules, strict=True):
        assert ours.checks == theirs.checks, ours.doc.id
    assert prefill.transparent == decode.transparent


# -- GLM-5.2: shared-indexer layers under DSA-CP ---------------------------------------------


@functools.cache
def glm52(layout: Layout, sp: bool = True) -> tuple[Graph, tuple[Any, ...], BuiltModel]:
    """GLM-5.2's TP baseline, the passes planned for it, and the built model."""
    spec = model_spec(glm52_config(), "glm-5.2")
    parallel, execution = ParallelConfig(tp=16), Execution(Phase.PREFILL, 4096)
    passes, _, dsa_cp = plan_passes(spec, parallel, execution, sequence_parallel=sp, layout=layout)
    form = (
        AttentionForm.KEY_SIDE if dsa_cp and layout is Layout.VLLM_ASCEND else AttentionForm.FUSED
    )
    baseline = normalize(build_baseline(spec, parallel, execution, form=form))
    model = build_model(glm52_config(), parallel, execution, sequence_parallel=sp, layout=layout)
    return baseline, tuple(passes), model


@pytest.mark.parametrize("layout", list(Layout))
def test_glm52_each_pass_keeps_types_and_meets_the_dsa_cp_contract(layout: Layout) -> None:
    graph, passes, model = glm52(layout)
    assert model.contract == f"{layout.value}-dsa-cp-prefill"
    contract = load_contract(model.contract)
    for graph_pass in passes:
        graph, _ = run_passes(graph, [graph_pass])
        assert_types_clean(graph, contract)
    assert graph.ops == model.graph.ops  # the planned passes are the build
    report = check_graph(model.graph, contract)
    assert_clean(report)
    assert report.summary["attention_boundaries"] == 78
    assert len(of_kind(model.graph, "dsa_indexer")) == 21


def test_glm52_shared_indices_keep_the_query_layout_of_each_layout() -> None:
    rfc = interpret(glm52(Layout.TENSORCAST)[2].graph)
    engine = interpret(glm52(Layout.VLLM_ASCEND)[2].graph)
    indices = "model.layers.2.self_attn.indexer"
    # the RFC layout: FULL queries, FULL indices; vLLM-Ascend: LOCAL queries, LOCAL indices
    assert (shape(rfc, indices), rfc.value(indices).layout) == ((4096, 2048), "F·W")
    assert (shape(engine, indices), engine.value(indices).layout) == ((256, 2048), "L·W")
    for typed in (rfc, engine):
        for layer in (3, 4, 5):  # shared: the attention reads layer 2's indices
            attention = typed.graph.op(f"model.layers.{layer}.self_attn.attn")
            assert attention.inputs[2] == ValueRef(indices)
            assert typed.inputs_of(attention)[0].tokens is typed.value(indices).tokens


def test_glm52_vllm_key_side_holds_the_indexer_key_only_where_an_indexer_runs() -> None:
    graph = glm52(Layout.VLLM_ASCEND)[2].graph
    typed = interpret(graph)
    wk = [op.layer for op in graph.ops if op.has_role(role("attention.indexer.wk"))]
    assert wk == [0, 1, 2, *range(6, 78, 4)]
    gathers = [
        op for op in of_kind(graph, "all_gather") if op.name.endswith(".key_side.all_gather")
    ]
    assert len(gathers) == 78  # one key-side gather per layer still
    widths = {op.layer: shape(typed, op.name)[1] for op in gathers}
    assert widths[6] == 64 + 512 + 128 and widths[7] == 64 + 512  # k_pe, k_nope (, k_indexer)


@pytest.mark.parametrize("layout", list(Layout))
def test_glm52_repetition_form_is_equivalent(layout: Layout) -> None:
    model = glm52(layout)[2]
    folded = normalize(fold(model.graph))
    regions = [op for op in folded.ops if op.kind == "region_begin"]
    assert regions and len(folded.ops) < len(model.graph.ops)
    assert compare_forms(model.graph, folded) == []
    assert_clean(check_graph(folded, load_contract(model.contract or "")))
    assert check_graph(folded).summary["attention_boundaries"] == 78


def test_glm52_ep_prefill_without_sp_shares_indices_too() -> None:
    _, passes, model = glm52(Layout.TENSORCAST, sp=False)
    assert [p.name for p in passes] == ["all2all-prefill"]
    assert model.contract == "all2all-prefill"
    assert_clean(check_graph(model.graph, load_contract("all2all-prefill")))
    assert len(of_kind(model.graph, "dsa_indexer")) == 21


# -- padding -----------------------------------------------------------------------------------


def test_indivisible_tokens_are_padded() -> None:
    padded = Setup("glm-5.1", tokens=4095)
    graph = built(padded).graph
    counts = Counter(op.kind for op in graph.ops)
    assert counts["pad_tokens"] > 0
    assert counts["unpad_tokens"] > 0
    assert graph.has_op("model.embed_tokens.pad")
    assert graph.op("model.embed_tokens.reduce_scatter").inputs[0].op == "model.embed_tokens.pad"
    report = check(padded)
    assert_clean(report)
    assert report.summary["attention_boundaries"] == 78
    typed = interpret(graph)
    assert shape(typed, "model.layers.5.input_layernorm") == (256, 6144)
    assert shape(typed, "model.layers.5.self_attn.attn") == (4095, 64, 256)
    assert shape(typed, "model.layers.5.self_attn.o_proj_slice") == (256, 64, 256)
    assert shape(typed, "model.norm.unpad")[0] == 4095  # gathered and unpadded, then sampled
    assert shape(typed, "lm_head")[0] == 1


def test_divisible_tokens_are_not_padded() -> None:
    counts = Counter(op.kind for op in built(Setup("glm-5.1")).graph.ops)
    assert counts["pad_tokens"] == counts["unpad_tokens"] == 0


# -- every pass keeps the types; the last meets the contract -----------------------------------

CONTRACTED = [
    Setup("glm-5.1"),
    Setup("deepseek-v3.2"),
    Setup("glm-5.1", layout=Layout.VLLM_ASCEND),
    Setup("deepseek-v3.2", layout=Layout.VLLM_ASCEND),
    Setup("glm-5.1", tokens=4095),
    DECODE,
    EP_PREFILL,
    attrs.evolve(EP_PREFILL, tokens=4095),
]


@pytest.mark.parametrize(
    "setup",
    CONTRACTED,
    ids=lambda s: f"{s.model}-{s.phase.value}-{s.layout.value}-T{s.tokens}-sp{s.sp:d}",
)
def test_each_pass_keeps_types_and_the_last_meets_the_contract(setup: Setup) -> None:
    graph, passes = baseline_and_passes(setup)
    contract = load_contract(built(setup).contract or "")
    assert not check_graph(graph, contract).ok  # the baseline does not meet the contract
    for graph_pass in passes:
        graph, _ = run_passes(graph, [graph_pass])
        assert_types_clean(graph, contract)
    assert_clean(check_graph(graph, contract))


# -- the pass manager names a broken pass ------------------------------------------------------


@attrs.frozen
class TablePass:
    """A pass made of a pattern table, as the shipped passes are."""

    name: str
    patterns: tuple[Pattern, ...]
    typed: bool = False  # hand the manager the rewriter's type errors, as the shipped ones do

    def run(self, graph: Graph) -> PassResult:
        if self.typed:
            swept = sweep(graph, self.patterns)
            return PassResult(swept.graph, swept.matches, swept.errors)
        rewritten, matches = rewrite(graph, self.patterns)
        return PassResult(rewritten, matches)


def _scatter_to_gather(rw: Rewriter, op: Op) -> bool:
    """Only the first reduce_scatter (the embedding's) becomes an all_gather."""
    if rw.matches["swap"]:
        return False
    gathered = rw.emit(f"{op.name}_as_gather", "all_gather", [rw.read(op.inputs[0])], group="tp")
    rw.bind(ValueRef(op.name), gathered)
    return True


def _drop_attention_entry(rw: Rewriter, op: Op) -> bool:
    if op.inputs[0] != ValueRef("model.layers.5.input_layernorm"):
        return False
    rw.bind(ValueRef(op.name), rw.read(op.inputs[0]))
    return True


def _drop_o_proj_all_reduce(rw: Rewriter, op: Op) -> bool:
    if op.name != "model.layers.5.self_attn.o_proj.all_reduce":
        return False
    rw.bind(ValueRef(op.name), rw.read(op.inputs[0]))
    return True


@pytest.mark.parametrize(
    ("pass_name", "pattern", "rule"),
    [
        (
            "scatter-becomes-gather",
            Pattern.on("swap", ("reduce_scatter",), _scatter_to_gather),
            "gather-of-full",
        ),
        (
            "drop-attention-entry-gather",
            Pattern.on("drop", ("all_gather",), _drop_attention_entry),
            "local-kv-into-attention",
        ),
    ],
)
@pytest.mark.parametrize("typed", [False, True], ids=["retyped", "rewriter-typed"])
def test_run_passes_names_the_broken_pass(
    pass_name: str, pattern: Pattern, rule: str, typed: bool
) -> None:
    # an input that type-checks: the RFC layout with its shared experts replicated (the RFC
    # table's TP MLP on local tokens is a cross-token-reduction under the type rules)
    setup = Setup("glm-5.1")
    graph = build_model(
        setup.model,
        setup.parallel,
        setup.execution,
        sequence_parallel=True,
        shared_experts=SharedExperts.REPLICATED,
    ).graph
    broken = TablePass(pass_name, (pattern,), typed)
    harmless = TablePass("identity", (), typed)
    with pytest.raises(PassError) as error:
        run_passes(graph, [harmless, broken, harmless])
    assert error.value.pass_name == pass_name
    assert pass_name in str(error.value)
    assert f"[{rule}]" in error.value.message
    assert rule in {d.rule for d in error.value.diagnostics}


def _errors_of(diagnostics: Sequence[Any]) -> list[tuple[str | None, str, str]]:
    return [(d.op, d.rule, d.message) for d in diagnostics if d.is_error]


@pytest.mark.parametrize(
    ("sp", "pattern"),
    [
        (True, Pattern.on("swap", ("reduce_scatter",), _scatter_to_gather)),
        (True, Pattern.on("drop", ("all_gather",), _drop_attention_entry)),
        (False, Pattern.on("drop", ("all_reduce",), _drop_o_proj_all_reduce)),
    ],
    ids=["gather-of-full", "local-kv-into-attention", "dropped-reduce"],
)
def test_the_rewriter_s_types_are_the_interpreter_s(sp: bool, pattern: Pattern) -> None:
    """The errors the rewriter found while typing what it emitted (what the pass manager now
    uses instead of typing each pass's output again) are those of interpreting the output."""
    graph = (
        built(Setup("glm-5.1")).graph if sp else baseline_and_passes(Setup("glm-5.1", sp=False))[0]
    )
    swept = sweep(graph, [pattern])
    assert swept.errors
    again = interpret(normalize(swept.graph))
    assert _errors_of(swept.errors) == _errors_of(again.diagnostics)


def test_run_passes_on_a_good_graph_with_a_harmless_pass() -> None:
    graph = built(Setup("glm-5.1")).graph
    out, (rec,) = run_passes(graph, [TablePass("identity", ())])
    assert out == graph
    assert rec.ops_before == rec.ops_after == len(graph.ops)


def test_run_passes_refuses_an_ill_typed_input() -> None:
    graph, _ = baseline_and_passes(Setup("glm-5.1", sp=False))
    bad, matches = rewrite(graph, [Pattern.on("drop", ("all_reduce",), _drop_o_proj_all_reduce)])
    assert matches["drop"] == 1
    assert not check_graph(bad).ok
    with pytest.raises(PassError) as error:
        run_passes(bad, [TablePass("identity", ())])
    assert error.value.pass_name == "(input)"
    assert "model.layers.5.post_attention_layernorm" in error.value.message
    with pytest.raises(PassError):
        run_passes(bad, [])


# -- a built model meets the contract build_model chose for it ----------------------------------

OWN_CONTRACT = [
    Setup("glm-5.1"),
    DECODE,
    Setup("qwen3-30b-a3b", tp=4, dp=8, ep=32, phase=Phase.DECODE, tokens=9, sp=False),
    # Decode with --sp as well: the SP pass makes every MoE input LOCAL, the MC2 pass then finds
    # nothing to rewrite (0 matches), and yet mc2-decode is chosen as the contract.
    attrs.evolve(DECODE, sp=True),
    Setup("qwen3-30b-a3b", tp=4, dp=8, ep=32, phase=Phase.DECODE, tokens=9, sp=True),
]


@pytest.mark.parametrize(
    "setup",
    OWN_CONTRACT,
    ids=lambda s: f"{s.model}-{s.phase.value}-T{s.tokens}-{'sp' if s.sp else 'nosp'}",
)
def test_built_model_meets_its_own_contract(setup: Setup) -> None:
    """build_model either refuses a combination (ConfigError) or returns a graph that meets the
    contract it names; a build that fails its own default contract is a planning bug."""
    try:
        result = built(setup)
    except ConfigError:
        return
    report = check(setup)
    assert_clean(report)
    if result.contract == "mc2-decode":
        mc2 = record(result, "mc2-decode")
        assert mc2.matches.get("mc2-dispatch", 0) > 0


# -- one typing driver: a FULL·SPLIT graph input types in every pass as interpret types it -----


def _split_input_graph(moe: bool) -> Graph:
    """A FULL·SPLIT graph input summed with a column-parallel output, reduced by a row-parallel
    projection: the rewrite after it depends on the sum's type (interpret: F·S over tp)."""
    from layoutcheck.graph import GraphBuilder

    symbols = {"T": 8, "tp": 2, "H": 4, "I": 8, "E": 4, "k": 2, "ep": 2}
    b = GraphBuilder("split-input", symbols=symbols, groups={"tp": "tp", "ep": "ep"})
    x = b.input("x", ["T", "I/tp"], FULL, FeatureState.SPLIT)
    h = b.input("h", ["T", "H"], FULL)
    up = b.op("model.layers.0.mlp.gate_up_proj", "linear", [h], in_features="H",
              out_features="I", parallel="column")  # fmt: skip
    total = b.op("model.layers.0.mlp.sum", "add", [x, up])
    down = b.op("model.layers.0.mlp.down_proj", "linear", [total], in_features="I",
                out_features="H", parallel="row")  # fmt: skip
    reduced = b.op("model.layers.0.mlp.all_reduce", "all_reduce", [down])
    if moe:
        logits = b.op("model.layers.1.mlp.gate", "moe_gate", [reduced], experts="E")
        topk = b.op("model.layers.1.mlp.topk", "moe_topk", [logits], top_k="k")
        out = b.op("model.layers.1.mlp.experts", "moe_experts", [reduced, topk, b.out(topk, 1)],
                   experts="E", top_k="k", intermediate="I")  # fmt: skip
        b.output(out)
        return normalize(b.build())
    # an attention block DSA-CP rewrites: q_b_proj and o_proj replicated, o_proj's reduce dropped
    q = b.op("model.layers.1.self_attn.q_b_proj", "linear", [reduced], in_features="H",
             out_features="I", parallel="column")  # fmt: skip
    o = b.op("model.layers.1.self_attn.o_proj", "linear", [q], in_features="I",
             out_features="H", parallel="row")  # fmt: skip
    o_reduced = b.op("model.layers.1.self_attn.o_proj.all_reduce", "all_reduce", [o])
    b.output(b.op("model.layers.2.input_layernorm", "rms_norm", [o_reduced]))
    return normalize(b.build())


def test_a_split_graph_input_types_in_passes_as_in_interpret() -> None:
    from layoutcheck.passes.dsa_cp import DsaCpPass
    from layoutcheck.passes.moe_prepare import Mc2DecodePass
    from layoutcheck.passes.repetition import RepetitionPass
    from layoutcheck.passes.sequence_parallel import SequenceParallelPass

    dense, moe = _split_input_graph(False), _split_input_graph(True)
    for graph in (dense, moe):
        assert interpret(graph).value(ValueRef("model.layers.0.mlp.sum")).layout == "F·S"
    # sequence parallelism: the all-reduce before the norm becomes a reduce-scatter (P1)
    sp = SequenceParallelPass().run(dense)
    assert sp.matches["P1"] == 1
    assert collective_counts(sp.graph)["reduce_scatter"] == 1
    # DSA-CP: the o_proj reduction is dropped; the MLP's (a real pending sum) is kept
    cp = DsaCpPass().run(dense)
    assert (cp.matches["disable-tp"], cp.matches["drop-complete-reduction"]) == (2, 1)
    assert [op.name for op in cp.graph.ops if op.kind == "all_reduce"] == [
        "model.layers.0.mlp.all_reduce"
    ]
    # MC2 decode: the router logits and the dispatch are padded and sliced
    mc2 = Mc2DecodePass().run(moe)
    assert (mc2.matches["slice-router-logits"], mc2.matches["mc2-dispatch"]) == (1, 1)
    # and every result still type-checks
    for result in (sp, cp, mc2, RepetitionPass().run(dense)):
        assert not [d for d in interpret(normalize(result.graph)).diagnostics if d.is_error]
