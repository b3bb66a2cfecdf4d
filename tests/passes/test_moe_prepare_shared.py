"""The MoE prepare step with replicated shared experts (TensorCast's GLM-5 form under expert
parallelism): the shared experts read the routed experts' token slice with whole weights, no
all_reduce, and the one finalize gather follows their combine. Graph shape, match and op counts
against the TP form, the contracts, the repetition form, the weights a rank holds, and how the
choice reaches the builder (plan_passes, Session, CLI)."""

from __future__ import annotations

import functools
from collections import Counter

import attrs
import pytest

from layoutcheck.check import check_graph
from layoutcheck.cli import main
from layoutcheck.contracts import load_contract
from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.interp import interpret
from layoutcheck.memory import numeric
from layoutcheck.models import (
    BuiltModel,
    ConfigError,
    Execution,
    ParallelConfig,
    Phase,
    SharedExperts,
    build_folded,
    build_from_spec,
    load_config,
    model_spec,
    plan_passes,
)
from layoutcheck.models.config import ModelSpec
from layoutcheck.passes.moe_prepare import All2AllPrefillPass, Mc2DecodePass
from layoutcheck.passes.repetition import expand, fold
from layoutcheck.passes.sequence_parallel import Layout
from layoutcheck.session import Options, Session
from layoutcheck.validate import normalize

TP_LOCAL, REPLICATED = SharedExperts.TP_LOCAL, SharedExperts.REPLICATED
MOE_LAYERS = 75  # GLM-5.1: 78 layers, the first three dense


@attrs.frozen
class Run:
    """One GLM-5.1 execution under expert parallelism without SP."""

    name: str
    parallel: ParallelConfig
    execution: Execution
    contract: str
    padded: bool  # does the finalize unpad (MC2 always; all-to-all when tp does not divide T)


DECODE, PREFILL = ParallelConfig(tp=4, dp=8, ep=32), ParallelConfig(tp=16, ep=16)
D1 = Run("d1", DECODE, Execution(Phase.DECODE, 8, 4096), "mc2-decode", True)
P2 = Run("p2", PREFILL, Execution(), "all2all-prefill", False)
RUNS = [
    D1,
    Run("decode-T9", DECODE, Execution(Phase.DECODE, 9), "mc2-decode", True),
    P2,
    Run("p2-T4095", PREFILL, Execution(tokens=4095), "all2all-prefill", True),
]
IDS = [run.name for run in RUNS]


@functools.cache
def spec_of(model: str) -> ModelSpec:
    config, name, where = load_config(model)
    return model_spec(config, name, where)


@functools.cache
def build(run: Run, shared: SharedExperts | None, model: str = "glm-5.1") -> BuiltModel:
    return build_from_spec(spec_of(model), run.parallel, run.execution, shared_experts=shared)


def layer_ops(graph: Graph, layer: int) -> dict[str, Op]:
    """The layer's MoE ops by their name after ``mlp.``."""
    prefix = f"model.layers.{layer}.mlp."
    return {op.name.removeprefix(prefix): op for op in graph.ops if op.name.startswith(prefix)}


def readers(graph: Graph, op: Op) -> list[str]:
    return [reader.name for reader, _ in graph.consumers(ValueRef(op.name))]


@pytest.mark.parametrize("run", RUNS, ids=IDS)
def test_the_shared_experts_read_the_experts_slice_and_gather_after_the_combine(run: Run) -> None:
    graph = build(run, REPLICATED).graph
    typed = interpret(graph)
    for layer in range(3, 78):
        ops = layer_ops(graph, layer)
        experts, combine = ops["experts"], ops["combine"]
        up, down = ops["shared_experts.gate_up_proj"], ops["shared_experts.down_proj"]
        # one slice of the hidden states, read by both the routed and the shared experts
        assert up.inputs[0] == experts.inputs[0] == ValueRef(ops["hidden_states_slice"].name)
        assert Counter(op.kind for op in ops.values())["token_slice"] == 2  # and the logits'
        assert up.attr("parallel") == down.attr("parallel") == "replicated"
        assert not any(op.kind == "all_reduce" for op in ops.values())
        assert combine.inputs == (ValueRef(experts.name), ValueRef(down.name))
        assert readers(graph, experts) == [combine.name]
        gather = ops["finalize_gather"]
        assert readers(graph, combine) == [gather.name]
        assert typed.value(ValueRef(combine.name)).layout == "L·W"
        assert ("finalize_unpad" in ops) is run.padded
        out = ops["finalize_unpad"] if run.padded else gather
        assert typed.value(ValueRef(out.name)).layout == "F·W"
        assert typed.value(ValueRef(out.name)).extent == typed.context.token_count


@pytest.mark.parametrize("run", RUNS, ids=IDS)
def test_the_replicated_form_counts_against_the_tp_form(run: Run) -> None:
    tp, replicated = build(run, TP_LOCAL), build(run, REPLICATED)
    (before,), (after,) = tp.passes, replicated.passes
    assert after.name == before.name == run.contract
    assert after.matches == before.matches | {
        "shared-experts-on-slice": MOE_LAYERS,  # gate_up, made replicated on the slice
        "replicate-shared-experts": MOE_LAYERS,  # down_proj
        "drop-complete-reduction": MOE_LAYERS,
        "finalize-after-combine": MOE_LAYERS,
    }
    # the shared experts' all_reduce goes; the gathers move, none is added
    assert after.ops_after == before.ops_after - MOE_LAYERS
    # the embedding's, each o_proj's, each dense MLP's; one gather per MoE layer, as before
    assert before.collectives_after == {"all_gather": MOE_LAYERS, "all_reduce": 1 + 78 + 3 + 75}
    assert after.collectives_after == {"all_gather": MOE_LAYERS, "all_reduce": 1 + 78 + 3}


@pytest.mark.parametrize("run", RUNS, ids=IDS)
def test_the_replicated_form_meets_its_contract_cleanly(run: Run) -> None:
    built = build(run, REPLICATED)
    assert built.contract == run.contract
    report = check_graph(built.graph, load_contract(run.contract))
    assert report.ok and report.diagnostics == ()


@pytest.mark.parametrize("run", RUNS, ids=IDS)
def test_the_default_is_the_tp_mlp_on_all_tokens(run: Run) -> None:
    default = build(run, None)
    assert default.graph == build(run, TP_LOCAL).graph
    ops = layer_ops(default.graph, 5)
    assert ops["combine"].inputs[0].op.startswith("model.layers.5.mlp.finalize_")
    assert ops["shared_experts.gate_up_proj"].attr("parallel") == "column"
    assert ops["shared_experts.all_reduce"].kind == "all_reduce"


def test_without_shared_experts_the_gather_follows_the_experts() -> None:
    run = Run("qwen3", ParallelConfig(tp=4, ep=4), Execution(), "all2all-prefill", False)
    replicated = build(run, REPLICATED, "qwen3-30b-a3b")
    assert replicated.graph == build(run, TP_LOCAL, "qwen3-30b-a3b").graph
    ops = layer_ops(replicated.graph, 0)
    assert readers(replicated.graph, ops["experts"]) == ["model.layers.0.mlp.finalize_gather"]


@pytest.mark.parametrize("run", [D1, P2], ids=["d1", "p2"])
def test_the_template_build_is_the_folded_whole_build(run: Run) -> None:
    spec = spec_of("glm-5.1")
    folded = build_folded(spec, run.parallel, run.execution, shared_experts=REPLICATED)
    whole = build(run, REPLICATED)
    assert folded.graph == normalize(fold(whole.graph)).evolve(contract=whole.contract)
    assert expand(folded.graph).ops == normalize(whole.graph).ops
    assert any(op.kind == "region_begin" for op in folded.graph.ops)
    assert check_graph(folded.graph, load_contract(run.contract)).ok


def _shared_weight_bytes(shared: str) -> float:
    decode = {"phase": "decode", "dp": 8, "tp": 4, "ep": 32, "tokens": 8}
    session = Session(Options("glm-5.1", **decode, quant="w8a8_dynamic", shared_experts=shared))
    values = {name: value for name, value in session.graph.symbols if value is not None}
    weights = [
        item
        for item in session.memory("engine")
        if ".mlp.shared_experts." in item.module and item.name.endswith((".weight", "(replicated)"))
    ]
    return sum(numeric(item.bytes, values) for item in weights)


def test_replicated_shared_experts_hold_tp_times_the_tp_weights() -> None:
    tp, replicated = _shared_weight_bytes("tp"), _shared_weight_bytes("replicated")
    # gate, up and down: [6144, 2048] int8 each, in 75 MoE layers
    assert replicated == MOE_LAYERS * 3 * 6144 * 2048
    assert replicated == 4 * tp


def test_plan_passes_hands_the_choice_to_the_prepare_step() -> None:
    spec = spec_of("glm-5.1")
    for run, kind in ((D1, Mc2DecodePass), (P2, All2AllPrefillPass)):
        for given, expected in ((None, TP_LOCAL), (TP_LOCAL, TP_LOCAL), (REPLICATED, REPLICATED)):
            passes, _, _ = plan_passes(
                spec,
                run.parallel,
                run.execution,
                sequence_parallel=False,
                layout=Layout.TENSORCAST,
                shared_experts=given,
            )
            assert passes == [kind(expected)]


def test_replicated_without_sp_or_expert_parallelism_is_refused() -> None:
    with pytest.raises(ConfigError, match=r"needs expert parallelism .*; glm-5\.1 runs with ep 1"):
        build_from_spec(
            spec_of("glm-5.1"), ParallelConfig(tp=4, ep=1), Execution(), shared_experts=REPLICATED
        )


def test_session_and_cli_take_replicated_without_sp(capsys: pytest.CaptureFixture[str]) -> None:
    session = Session(Options("glm-5.1", tp=16, ep=16, shared_experts="replicated"))
    assert session.graph == build(P2, REPLICATED).graph
    flags = ["--phase", "decode", "--dp", "8", "--tp", "4", "--ep", "32", "--tokens", "8"]
    assert main(["check", "glm-5.1", *flags, "--shared-experts", "replicated"]) == 0
    assert "against mc2-decode: 0 errors, 0 warnings" in capsys.readouterr().out
