"""The semantic oracle against the checker and the passes.

* Soundness: on random decoder graphs and on every shipped example, each typed port holds what
  its type says and matches the single-rank run (the one documented blind spot aside).
* Equivalence: every pass output computes the TP baseline's outputs and the tp = 1 outputs, and
  meets its contract.
* Bytes: each all-reduce the SP pass turns into reduce-scatter + all-gather keeps its ring bytes.
* The oracle itself can fail: swapped top-k outputs and the RFC table's shared experts are caught.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from layoutcheck.check import check_graph
from layoutcheck.cli import parse_sets
from layoutcheck.contracts import load_contract
from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.graph_io import load_graph
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import AbstractValue, FeatureState, TokenLayout
from layoutcheck.models import (
    Execution,
    Layout,
    ParallelConfig,
    Phase,
    SharedExperts,
    build_model,
    model_spec,
)
from layoutcheck.models.builder import AttentionForm, build_baseline
from layoutcheck.oracle import check_soundness, compare_graphs
from layoutcheck.passes.dsa_cp import DsaCpPass
from layoutcheck.passes.manager import run_passes
from layoutcheck.passes.repetition import fold
from layoutcheck.sim import simulate
from layoutcheck.testing import (
    Case,
    LayoutAssertionError,
    assert_equivalent,
    assert_sound,
    decoder_cases,
)
from layoutcheck.validate import normalize
from tests.helpers import GRAPHS
from tests.wrong_passes import (
    real_repetition,
    real_sequence_parallel,
    real_vllm_ascend,
    small_config,
)

# the shipped good examples (not bugs/); one the simulator cannot run yet is a strict xfail
# with its reason
SIM_CANNOT_RUN = {
    "minimax-m2-attention-tp16.yaml": (
        "sim reads a SPLIT port as rank r's block of one global value: KV heads replicated "
        "over ranks (tp above the KV heads) are not representable (issue 29 item 3)"
    ),
}
EXAMPLES = [
    pytest.param(path, marks=pytest.mark.xfail(strict=True, reason=SIM_CANNOT_RUN[path.name]))
    if path.name in SIM_CANNOT_RUN
    else path
    for path in sorted(GRAPHS.glob("*.yaml"))
]
EXAMPLES_PER_PROPERTY = 20
SLOW_DATA = [HealthCheck.too_slow]  # building a decoder graph is the data: slow on a busy box
REPLICATED = SharedExperts.REPLICATED

# --set values that shrink a shipped example to simulator sizes (only the symbols it has).
SMALL_SETS = [
    *("T=32", "tp=4", "ep=4", "dp=1", "H=16", "heads=4", "q_lora=8", "kv_lora=8"),
    *("d_nope=4", "d_rope=4", "d_v=4", "d_index=4", "experts=8", "top_k=2", "moe_I=8", "I=16"),
]


def small_symbols(graph: Graph, tp: int = 4) -> dict[str, int]:
    """The ``--set`` overrides for a shipped example; a decode example keeps its own T."""
    values = parse_sets(SMALL_SETS) | {"tp": tp, "ep": tp}
    known = dict(graph.symbols)
    if (known.get("T") or 0) <= 64:
        values.pop("T")
    return {name: value for name, value in values.items() if name in known}


def assert_contract(graph: Graph) -> None:
    """A built graph meets the contract its execution calls for (type rules if none)."""
    contract = load_contract(graph.contract) if graph.contract else None
    report = check_graph(graph, contract)
    assert not report.errors, "\n".join(f"{d.op}: {d.message} [{d.rule}]" for d in report.errors)


def assert_computes_the_baseline(case: Case, rewritten: Graph) -> None:
    """Same outputs as the TP baseline and as the single-rank (tp = 1) run."""
    assert_equivalent(case.baseline, rewritten)
    assert_equivalent(case.single_rank(), rewritten)


def with_moe_last(case: Case, phase: Phase = Phase.DECODE) -> tuple[dict[str, object], Execution]:
    """The case's config with its last layer MoE (so MC2 has work), run in ``phase``."""
    config = dict(case.config)
    kinds = list(config["mlp_layer_types"])  # type: ignore[call-overload]
    kinds[-1] = "sparse"
    config["mlp_layer_types"] = kinds
    return config, Execution(phase, case.execution.tokens)


# -- soundness ---------------------------------------------------------------------------------


@settings(max_examples=EXAMPLES_PER_PROPERTY, suppress_health_check=SLOW_DATA)
@given(decoder_cases())
def test_interpreter_is_sound_on_random_baselines_and_sp_outputs(case: Case) -> None:
    for graph in (case.baseline, real_sequence_parallel(case.baseline)):
        report = check_soundness(graph)
        assert report.simulation.failure is None, str(report.simulation.failure)
        assert report.reference is not None  # judged against a real tp = 1 run
        assert not report.findings, "\n".join(map(str, report.findings[:5]))
        assert report.skipped_ports == 0  # replicated shared experts: every port has a reading
        assert report.checked_ports > len(graph.ops) // 2


def _downstream(graph: Graph, start: str) -> set[str]:
    seen, stack = {start}, [start]
    while stack:
        name = stack.pop()
        for port in graph.read_ports(name) or (0,):
            for reader, _ in graph.consumers(ValueRef(name, port)):
                if reader.name not in seen:
                    seen.add(reader.name)
                    stack.append(reader.name)
    return seen


def _local_partial_reductions(typed: TypedGraph) -> list[Op]:
    return [
        op
        for op in typed.graph.ops
        if op.kind == "all_reduce"
        and typed.inputs_of(op)[0].tokens is TokenLayout.LOCAL
        and typed.inputs_of(op)[0].features is FeatureState.PARTIAL
    ]


@pytest.mark.parametrize("tp", [4, 2])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: getattr(p, "stem", None))
def test_shipped_examples_are_sound_at_small_sizes(path: Path, tp: int) -> None:
    graph = load_graph(path)
    symbols = small_symbols(graph, tp)
    report = check_soundness(graph, symbols)
    assert report.simulation.failure is None, str(report.simulation.failure)
    assert report.simulation.ranks == tp and report.reference is not None
    typed = interpret(report.simulation.graph)
    blind = _local_partial_reductions(typed)
    if not blind:
        assert not report.findings, "\n".join(map(str, report.findings))
        assert report.skipped_ports == 0
        assert report.checked_ports >= len(graph.ops)
        return
    # the documented blind spot: a TP MLP on LOCAL tokens, reduced over the same group
    assert path.name == "glm51-layer-tensorcast-dsa-cp.yaml"
    (reduction,) = blind
    assert reduction.name == "model.layers.5.mlp.shared_experts.all_reduce"
    assert {f.op for f in report.findings} == _downstream(graph, reduction.name)
    assert report.findings[0].port == reduction.name
    assert report.skipped_ports > 0
    warnings = [d for d in typed.diagnostics if d.rule == "local-feature-split"]
    # the checker and the simulator agree: the type rules reject the reduction where the
    # simulation first goes wrong (the graph's contract keeps that a warning: a cost model)
    (error,) = [d for d in typed.diagnostics if d.is_error]
    assert (error.rule, error.op) == ("cross-token-reduction", reduction.name)
    (warning,) = warnings
    assert warning.op == "model.layers.5.mlp.shared_experts.gate_up_proj"
    assert reduction.name in _downstream(graph, warning.op)


# -- every pass computes the baseline --------------------------------------------------------


@settings(max_examples=EXAMPLES_PER_PROPERTY, suppress_health_check=SLOW_DATA)
@given(decoder_cases())
def test_sequence_parallel_computes_the_baseline(case: Case) -> None:
    built = case.built(sequence_parallel=True, shared_experts=REPLICATED)
    assert built.ops == real_sequence_parallel(case.baseline).ops  # the plan is the passes
    assert any(op.kind == "reduce_scatter" for op in built.ops)
    assert_computes_the_baseline(case, built)
    assert_contract(built)


@settings(max_examples=EXAMPLES_PER_PROPERTY, suppress_health_check=SLOW_DATA)
@given(decoder_cases(dsa=True))
def test_dsa_cp_alone_and_layered_under_sp_compute_the_baseline(case: Case) -> None:
    cp_only, _ = run_passes(case.baseline, [DsaCpPass(Layout.TENSORCAST)])
    assert any(
        op.name.endswith(".self_attn.o_proj") and op.attr("parallel") == "replicated"
        for op in cp_only.ops
    )
    assert_computes_the_baseline(case, cp_only)
    layered = case.built(sequence_parallel=True, shared_experts=REPLICATED)
    assert layered.contract == "tensorcast-dsa-cp-prefill"
    assert any(op.name.endswith(".self_attn.o_proj_slice") for op in layered.ops)
    assert_computes_the_baseline(case, layered)
    assert_contract(layered)


@settings(max_examples=EXAMPLES_PER_PROPERTY, suppress_health_check=SLOW_DATA)
@given(decoder_cases(dsa=True, form=AttentionForm.KEY_SIDE))
def test_vllm_ascend_layout_computes_the_key_side_baseline(case: Case) -> None:
    built = case.built(sequence_parallel=True, layout=Layout.VLLM_ASCEND)
    assert built.contract == "vllm-ascend-dsa-cp-prefill"
    assert built.ops == real_vllm_ascend(case.baseline).ops
    assert_computes_the_baseline(case, built)  # tp = 1 is the fused form: same weights
    assert_contract(built)


def _shares_an_indexer(case: Case) -> bool:
    return "shared" in case.config.get("indexer_types", ())


@settings(max_examples=EXAMPLES_PER_PROPERTY, suppress_health_check=SLOW_DATA)
@given(decoder_cases(dsa=True).filter(_shares_an_indexer))
def test_shared_indexer_layers_compute_the_baseline(case: Case) -> None:
    """GLM-5.2's IndexShare: layers without an indexer attend with an earlier layer's top-k,
    under DSA-CP (the RFC layout), and under expert parallelism without SP."""
    indexers = sum(op.kind == "dsa_indexer" for op in case.baseline.ops)
    assert indexers == list(case.config["indexer_types"]).count("full")
    for built in (case.built(sequence_parallel=True, shared_experts=REPLICATED), case.built()):
        assert sum(op.kind == "dsa_indexer" for op in built.ops) == indexers
        assert_computes_the_baseline(case, built)
        assert_contract(built)


@settings(max_examples=EXAMPLES_PER_PROPERTY, suppress_health_check=SLOW_DATA)
@given(decoder_cases(dsa=True, form=AttentionForm.KEY_SIDE).filter(_shares_an_indexer))
def test_shared_indexer_layers_compute_the_key_side_baseline(case: Case) -> None:
    built = case.built(sequence_parallel=True, layout=Layout.VLLM_ASCEND)
    wk = sum(op.name.endswith(".indexer.wk") for op in built.ops)
    assert wk == list(case.config["indexer_types"]).count("full")
    assert_computes_the_baseline(case, built)
    assert_contract(built)


@settings(max_examples=EXAMPLES_PER_PROPERTY, suppress_health_check=SLOW_DATA)
@given(decoder_cases(), st.sampled_from(list(SharedExperts)))
def test_mc2_decode_computes_the_baseline(case: Case, shared: SharedExperts) -> None:
    """Either shared-expert form: the TP MLP on all tokens, or replicated on the slice."""
    config, execution = with_moe_last(case)
    spec = model_spec(config)
    built = build_model(config, case.parallel, execution, shared_experts=shared)
    assert [record.name for record in built.passes] == ["mc2-decode"]
    assert any(op.attr("dispatch") == "mc2" for op in built.graph.ops)
    baseline = normalize(build_baseline(spec, case.parallel, execution))
    single = normalize(build_baseline(spec, ParallelConfig(tp=1), execution))
    assert_equivalent(baseline, built.graph)
    assert_equivalent(single, built.graph)
    assert_contract(built.graph)


@settings(max_examples=EXAMPLES_PER_PROPERTY, suppress_health_check=SLOW_DATA)
@given(decoder_cases(), st.sampled_from(list(SharedExperts)))
def test_all2all_prefill_computes_the_baseline(case: Case, shared: SharedExperts) -> None:
    """Prefill under expert parallelism without SP: the MoE inputs sliced over TP (padded when
    tp does not divide T), gathered back after the experts (after their combine with
    replicated shared experts)."""
    config, execution = with_moe_last(case, Phase.PREFILL)
    spec = model_spec(config)
    built = build_model(config, case.parallel, execution, shared_experts=shared)
    assert [record.name for record in built.passes] == ["all2all-prefill"]
    assert built.contract == "all2all-prefill"
    sliced = [op for op in built.graph.ops if op.kind == "moe_experts"]
    assert sliced and all(op.inputs[0].op.endswith(".hidden_states_slice") for op in sliced)
    padded = execution.tokens % case.parallel.tp != 0
    assert any(op.kind == "pad_tokens" for op in built.graph.ops) is padded
    baseline = normalize(build_baseline(spec, case.parallel, execution))
    single = normalize(build_baseline(spec, ParallelConfig(tp=1), execution))
    assert_equivalent(baseline, built.graph)
    assert_equivalent(single, built.graph)
    assert_sound(built.graph)
    assert_contract(built.graph)


@settings(max_examples=EXAMPLES_PER_PROPERTY, suppress_health_check=SLOW_DATA)
@given(decoder_cases())
def test_fold_then_expand_of_the_sp_output_computes_the_baseline(case: Case) -> None:
    sp = real_sequence_parallel(case.baseline)
    expanded = real_repetition(case.baseline)
    assert sorted(op.name for op in expanded.ops) == sorted(op.name for op in sp.ops)
    assert_computes_the_baseline(case, expanded)
    assert not check_graph(normalize(expanded)).errors


# -- bytes: all_reduce = reduce_scatter + all_gather --------------------------------------------


def _bytes(typed: TypedGraph, value: AbstractValue) -> int:
    """The whole message a collective moves, from the typed (FULL) shape."""
    size = value.dtype.bytes
    for dim in value.shape:
        number = typed.context.numeric(dim)
        assert number is not None, dim
        size *= number
    return size


def _ring(kind: str, g: int, message: int) -> Fraction:
    steps = 2 * (g - 1) if kind == "all_reduce" else g - 1
    return Fraction(steps * message, g)


def _norm_after(graph: Graph, ref: ValueRef) -> Op | None:
    """The norm a reduce-scatter feeds, directly or through the residual add (pattern P3)."""
    for reader, _ in graph.consumers(ref):
        if reader.kind in ("rms_norm", "add_rms_norm"):
            return reader
        if reader.kind == "add":
            return _norm_after(graph, ValueRef(reader.name))
    return None


@settings(max_examples=EXAMPLES_PER_PROPERTY, suppress_health_check=SLOW_DATA)
@given(decoder_cases())
def test_sp_keeps_the_bytes_of_each_all_reduce_it_rewrites(case: Case) -> None:
    sp = real_sequence_parallel(case.baseline)
    typed_sp, typed_base = interpret(sp), interpret(case.baseline)
    g = case.parallel.tp
    tokens = case.execution.tokens
    pairs = 0
    for rs in (op for op in sp.ops if op.kind == "reduce_scatter"):
        replaced = rs.name.removesuffix(".reduce_scatter") + ".all_reduce"
        assert case.baseline.has_op(replaced), f"{rs.name} replaced no all_reduce"
        norm = _norm_after(sp, ValueRef(rs.name))
        assert norm is not None, f"{rs.name} feeds no norm"
        gathers = [r for r, _ in sp.consumers(ValueRef(norm.name, 0)) if r.kind == "all_gather"]
        if not gathers:
            continue  # this norm only feeds MoE-local readers
        (gather,) = gathers
        full = typed_base.inputs_of(case.baseline.op(replaced))[0]
        scattered = typed_sp.inputs_of(rs)[0]
        gathered = typed_sp.outputs_of(gather)[0]
        assert full.tokens is TokenLayout.FULL and full.features is FeatureState.PARTIAL
        assert gathered.tokens is TokenLayout.FULL and gathered.features is FeatureState.WHOLE
        all_reduce = _ring("all_reduce", g, _bytes(typed_base, full))
        split = _ring("reduce_scatter", g, _bytes(typed_sp, scattered)) + _ring(
            "all_gather", g, _bytes(typed_sp, gathered)
        )
        if tokens % g == 0:
            assert split == all_reduce, (rs.name, split, all_reduce)
        else:  # the padded rows travel too
            assert split > all_reduce, (rs.name, split, all_reduce)
        pairs += 1
    # which all-reduces become reduce-scatters, and which of their norms feed a gather: the
    # embedding's, each dense MLP's, and (without DSA-CP, whose o_proj is replicated) each
    # o_proj's, gathered when a dense MLP (not a MoE-local one) reads the norm
    kinds = list(case.config["mlp_layer_types"])
    dense, attention = kinds.count("dense"), "index_topk" not in case.config
    assert sum(op.kind == "reduce_scatter" for op in sp.ops) == 1 + dense + attention * len(kinds)
    assert pairs == 1 + dense + attention * dense


# -- small GLM-5.1 / DeepSeek-V3.2 configs, every pass -----------------------------------------

MODELS = ["glm-5.1", "deepseek-v3.2"]
SIZES = [(32, 2), (32, 4), (30, 2), (30, 4)]  # (T, tp): divisible, and padded


def _small_case(model: str, tokens: int, tp: int, form: AttentionForm) -> Case:
    config = small_config(model)
    parallel, execution = ParallelConfig(tp=tp), Execution(Phase.PREFILL, tokens)
    baseline = normalize(build_baseline(model_spec(config), parallel, execution, form=form))
    return Case(config, parallel, execution, baseline)


@functools.cache
def _pass_outputs(model: str, tokens: int, tp: int) -> dict[str, tuple[Case, Graph]]:
    fused = _small_case(model, tokens, tp, AttentionForm.FUSED)
    key_side = _small_case(model, tokens, tp, AttentionForm.KEY_SIDE)
    # a decode step: every token its own request (with no earlier context here), so it is
    # judged against the decode baseline, not against a prefill of the same tokens
    decode_execution = Execution(Phase.DECODE, tokens)
    decode = build_model(fused.config, ParallelConfig(tp=tp, dp=2), decode_execution)
    decode_replicated = build_model(
        fused.config, ParallelConfig(tp=tp, dp=2), decode_execution, shared_experts=REPLICATED
    )
    decode_case = Case(
        fused.config,
        ParallelConfig(tp=tp, dp=2),
        decode_execution,
        normalize(
            build_baseline(model_spec(fused.config), ParallelConfig(tp=tp), decode_execution)
        ),
    )
    cp_only, _ = run_passes(fused.baseline, [DsaCpPass(Layout.TENSORCAST)])
    return {
        "sequence-parallel": (
            fused,
            fused.built(sequence_parallel=True, shared_experts=REPLICATED),
        ),
        "dsa-cp-only": (fused, cp_only),
        "vllm-ascend": (
            key_side,
            key_side.built(sequence_parallel=True, layout=Layout.VLLM_ASCEND),
        ),
        "mc2-decode": (decode_case, decode.graph),
        "mc2-decode-replicated": (decode_case, decode_replicated.graph),
        "all2all-prefill": (fused, fused.built()),
        "all2all-prefill-replicated": (fused, fused.built(shared_experts=REPLICATED)),
        "fold-expand": (fused, real_repetition(fused.baseline)),
    }


PASSES = [
    *("sequence-parallel", "dsa-cp-only", "vllm-ascend"),
    *("mc2-decode", "mc2-decode-replicated", "all2all-prefill", "all2all-prefill-replicated"),
    "fold-expand",
]


@pytest.mark.parametrize("name", PASSES)
@pytest.mark.parametrize(("tokens", "tp"), SIZES, ids=[f"T{t}-tp{p}" for t, p in SIZES])
@pytest.mark.parametrize("model", MODELS)
def test_every_pass_on_small_glm_and_deepseek_configs(
    model: str, tokens: int, tp: int, name: str
) -> None:
    case, rewritten = _pass_outputs(model, tokens, tp)[name]
    if name == "fold-expand":  # layers 1 and 2 are identical MoE layers: one region
        assert not any(op.kind in ("region_begin", "copy_region") for op in rewritten.ops)
        folded = normalize(fold(real_sequence_parallel(case.baseline)))
        assert sum(op.kind == "region_begin" for op in folded.ops) == 1
    assert_computes_the_baseline(case, rewritten)
    assert_sound(rewritten)
    if rewritten.contract:
        assert_contract(rewritten)


def _swap_topk(graph: Graph) -> tuple[Graph, str]:
    experts = next(op for op in graph.ops if op.kind == "moe_experts")
    x, weights, ids = experts.inputs
    swapped = experts.evolve(inputs=(x, ids, weights))
    return graph.with_ops([swapped if op is experts else op for op in graph.ops]), experts.name


@pytest.mark.parametrize("model", MODELS)
def test_swapped_topk_outputs_are_not_equivalent_and_name_the_experts(model: str) -> None:
    case = _small_case(model, 30, 4, AttentionForm.FUSED)
    sp = case.built(sequence_parallel=True, shared_experts=REPLICATED)
    swapped, experts = _swap_topk(sp)
    assert experts == "model.layers.1.mlp.experts"
    for reference in (sp, case.baseline):
        with pytest.raises(
            LayoutAssertionError, match=r"first divergence at model\.layers\.1\.mlp\.experts"
        ):
            assert_equivalent(reference, normalize(swapped))
    rules = {(d.op, d.rule) for d in check_graph(normalize(swapped)).errors}
    assert (experts, "dtype-mismatch") in rules


@pytest.mark.parametrize(("tokens", "tp"), SIZES)
def test_tensorcast_shared_experts_are_the_documented_blind_spot(tokens: int, tp: int) -> None:
    case = _small_case("glm-5.1", tokens, tp, AttentionForm.FUSED)
    tensorcast = case.built(sequence_parallel=True)  # the RFC table's shared-expert model
    report = check_graph(tensorcast, load_contract("tensorcast-dsa-cp-prefill"))
    assert not report.errors
    assert {d.rule for d in report.warnings} == {"local-feature-split", "cross-token-reduction"}
    # the type rules alone reject each of its reductions, where the simulation goes wrong
    rejected = [d.op for d in check_graph(tensorcast).errors]
    assert rejected == [op.name for op in _local_partial_reductions(interpret(tensorcast))]
    with pytest.raises(LayoutAssertionError, match="differs"):
        assert_equivalent(case.baseline, tensorcast)
    soundness = check_soundness(tensorcast)
    first = "model.layers.1.mlp.shared_experts.all_reduce"
    assert [op.name for op in _local_partial_reductions(interpret(tensorcast))] == [
        first,
        "model.layers.2.mlp.shared_experts.all_reduce",
    ]
    assert soundness.findings[0].port == first
    assert {f.op for f in soundness.findings} <= _downstream(tensorcast, first)
    # the replicated form of the same layers is exact
    assert_equivalent(case.baseline, case.built(sequence_parallel=True, shared_experts=REPLICATED))


# -- the oracle on a ⊤-typed graph (bugs, pinned) ------------------------------------------------


def _same_arrays(a: Graph, b: Graph, ref: str) -> bool:
    sim_a = simulate(a)
    sim_b = simulate(b, inputs=sim_a.inputs)
    held_a, held_b = sim_a.held(ref), sim_b.held(ref)
    assert held_a is not None and held_b is not None
    return all(np.allclose(x, y) for x, y in zip(held_a.arrays, held_b.arrays, strict=True))


def test_identical_outputs_after_a_recovered_type_error_are_equivalent() -> None:
    case = _small_case("glm-5.1", 32, 4, AttentionForm.FUSED)
    sp = case.built(sequence_parallel=True, shared_experts=REPLICATED)
    # the embedding's reduce_scatter over 'ep' (= tp = 4 ranks here): the checker reports a
    # layout mismatch (the group differs symbolically), every rank computes the same arrays
    changed = [
        op.evolve(attrs=(("group", "ep"),))
        if op.name == "model.embed_tokens.reduce_scatter"
        else op
        for op in sp.ops
    ]
    mutant = normalize(sp.with_ops(changed))
    typed = interpret(mutant)
    assert [d.rule for d in typed.diagnostics if d.is_error] == ["layout-mismatch"]
    # checking went on over the value's own group: the lm_head is typed as in the original
    assert typed.value(ValueRef("lm_head")) == interpret(sp).value(ValueRef("lm_head"))
    assert _same_arrays(sp, mutant, "lm_head")
    assert compare_graphs(sp, mutant).ok


def test_first_divergence_of_tensorcast_shared_experts_is_the_all_reduce() -> None:
    case = _small_case("glm-5.1", 32, 4, AttentionForm.FUSED)
    report = compare_graphs(case.baseline, case.built(sequence_parallel=True))
    assert report.findings
    assert "first divergence at model.layers.1.mlp.shared_experts.all_reduce" in str(
        report.findings[0]
    )


# -- the simulator agrees with the new rules -------------------------------------------------


def _small(text: str) -> Graph:
    from layoutcheck.graph_io import loads_graph

    head = """
format: layoutcheck-graph/1
name: small
symbols: {T: 8, tp: 2, H: 4, I: 8}
token_count: T
groups: {tp: tp}
"""
    return normalize(loads_graph(head + text))


def _rules(graph: Graph) -> list[str]:
    return [d.rule for d in interpret(graph).diagnostics if d.is_error]


def test_a_cross_token_reduction_is_unsound_and_its_fixed_form_is_sound() -> None:
    # vLLM-Ascend PR 16804's dense MLP: weight-TP on the LOCAL tokens of sequence parallelism
    mlp = """
  - {name: up, op: linear, inputs: [X],
     attrs: {in_features: H, out_features: 2*I, parallel: column}}
  - {name: act, op: activation, inputs: [up], attrs: {fn: swiglu}}
  - {name: down, op: linear, inputs: [act],
     attrs: {in_features: I, out_features: H, parallel: row}}
"""
    buggy = _small(
        "inputs:\n  x: {shape: [T/tp, H], tokens: local}\nops:"
        + mlp.replace("[X]", "[x]")
        + "  - {name: reduce, op: all_reduce, inputs: [down]}\noutputs: [reduce]\n"
    )
    fixed = _small(
        "inputs:\n  x: {shape: [T/tp, H], tokens: local}\nops:\n"
        "  - {name: gather, op: all_gather, inputs: [x]}"
        + mlp.replace("[X]", "[gather]")
        + "  - {name: reduce, op: reduce_scatter, inputs: [down]}\noutputs: [reduce]\n"
    )
    assert _rules(buggy) == ["cross-token-reduction"]
    report = check_soundness(buggy)
    assert not report.ok and report.findings[0].op == "reduce"
    assert _rules(fixed) == [] and check_soundness(fixed).ok


def test_an_averaged_pending_sum_is_unsound() -> None:
    text = """inputs:
  x: {shape: [T, I/tp], features: split}
ops:
  - {name: down, op: linear, inputs: [x], attrs: {in_features: I, out_features: H, parallel: row}}
  - {name: reduce, op: all_reduce, inputs: [down], attrs: {op: REDUCE}}
outputs: [reduce]
"""
    avg, total = _small(text.replace("REDUCE", "avg")), _small(text.replace("REDUCE", "sum"))
    assert _rules(avg) == ["non-sum-reduction-of-partial"] and _rules(total) == []
    assert "single-rank run" in str(check_soundness(avg).findings[0])
    assert check_soundness(total).ok


@pytest.mark.parametrize("dim", ["0", "1"])
def test_the_fused_matmul_reduce_scatter_is_sound_on_the_token_dim_only(dim: str) -> None:
    graph = _small(f"""inputs:
  x: {{shape: [T, I/tp], features: split}}
ops:
  - {{name: rs, op: matmul_reduce_scatter, inputs: [x],
     attrs: {{in_features: I, out_features: H, dim: {dim}}}}}
  - {{name: gather, op: all_gather_matmul, inputs: [rs],
     attrs: {{in_features: H, out_features: I}}}}
outputs: [gather]
""")
    report = check_soundness(graph)
    if dim == "0":
        assert _rules(graph) == [] and report.ok
    else:
        assert _rules(graph) == ["feature-scatter"]
        assert not report.ok and report.findings[0].op == "rs"


def test_an_moe_left_a_pending_sum_is_sound_through_its_all_reduce() -> None:
    graph = _small("""inputs:
  x: {shape: [T, H]}
ops:
  - {name: gate, op: moe_gate, inputs: [x], attrs: {experts: 4}}
  - {name: topk, op: moe_topk, inputs: [gate], attrs: {top_k: 2}}
  - {name: experts, op: moe_experts, inputs: [x, topk, "topk:1"],
     attrs: {experts: 4, top_k: 2, intermediate: I, group: tp, reduce_results: false}}
  - {name: reduce, op: all_reduce, inputs: [experts]}
  - {name: norm, op: rms_norm, inputs: [reduce]}
outputs: [norm]
""")
    typed = interpret(graph)
    assert typed.value("experts").layout == "F·P" and _rules(graph) == []
    assert check_soundness(graph).ok
    # without its all_reduce, the pending sum reaches the norm
    unreduced = graph.with_ops(
        [op.evolve(inputs=(ValueRef("experts"),)) if op.name == "norm" else op for op in graph.ops]
    )
    assert "partial-into-nonlinear" in _rules(normalize(unreduced))


def test_sim_does_not_call_a_graph_with_unknown_types_sound() -> None:
    # a LOCAL input declared with all the rows: no layout to go on with below it
    graph = _small("""inputs:
  x: {shape: [T, H], tokens: local}
ops:
  - {name: norm, op: rms_norm, inputs: [x]}
outputs: [norm]
""")
    report = check_soundness(graph)
    assert not report.ok
    assert any(f.op == "norm" and "not checked" in f.message for f in report.findings)
