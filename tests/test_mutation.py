"""Mutation testing of the checker: every mutant the simulator shows to be wrong must be
reported by the checker, except the pinned blind spots; the kill rate is printed."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pytest

from layoutcheck.check import check_graph
from layoutcheck.contracts import Contract, load_contract
from layoutcheck.graph import Graph
from layoutcheck.graph_io import load_graph
from layoutcheck.interp import interpret
from layoutcheck.models import Execution, Layout, ParallelConfig, Phase, SharedExperts, build_model
from layoutcheck.mutation import MutantResult, drop_gather, kill_rate, run_mutants
from layoutcheck.oracle import compare_graphs
from layoutcheck.sim import with_symbols
from layoutcheck.validate import normalize
from tests.helpers import GRAPHS
from tests.wrong_passes import small_config

SMALL_EXAMPLE = {"T": 32, "tp": 4, "ep": 4, "H": 16, "heads": 4, "q_lora": 8, "kv_lora": 8}
SMALL_EXAMPLE |= {"d_nope": 4, "d_rope": 4, "d_v": 4, "experts": 8, "top_k": 2, "moe_I": 8}
ALL_MUTANTS = 100  # per operator: more than any graph here has, so every mutant is judged
MIN_KILL_RATE = 0.9

# Known blind spots, by graph: wrong mutants the checker does not report (as an error). Dropping
# the final norm's gather (lm_head on LOCAL tokens) was one until it became [local-token-select].
BLIND_SPOTS: dict[str, set[str]] = {}


def _built(**options: object) -> Callable[[], tuple[Graph, Contract | None]]:
    def build() -> tuple[Graph, Contract | None]:
        rest = dict(options)
        tokens = rest.pop("tokens")
        parallel = rest.pop("parallel", ParallelConfig(tp=4))
        phase = rest.pop("phase", Phase.PREFILL)
        config = small_config("glm-5.1", num_hidden_layers=2)  # a dense and a MoE layer
        built = build_model(config, parallel, Execution(phase, tokens), **rest)  # type: ignore[arg-type]
        return built.graph, load_contract(built.contract) if built.contract else None

    return build


def _example(name: str, **symbols: int) -> Callable[[], tuple[Graph, Contract | None]]:
    def load() -> tuple[Graph, Contract | None]:
        graph = load_graph(GRAPHS / name)
        known = dict(graph.symbols)
        values = {k: v for k, v in (SMALL_EXAMPLE | symbols).items() if k in known}
        graph = with_symbols(graph, values)
        return graph, load_contract(graph.contract) if graph.contract else None

    return load


SP = {"sequence_parallel": True, "shared_experts": SharedExperts.REPLICATED}
VLLM = {"sequence_parallel": True, "layout": Layout.VLLM_ASCEND}
SUBJECTS: dict[str, Callable[[], tuple[Graph, Contract | None]]] = {
    "sp-tensorcast-T32": _built(tokens=32, **SP),
    "sp-tensorcast-T30": _built(tokens=30, **SP),
    "vllm-ascend-T32": _built(tokens=32, **VLLM),
    "mc2-decode-T9": _built(
        tokens=9, phase=Phase.DECODE, parallel=ParallelConfig(tp=4, dp=2, ep=8)
    ),
    "all2all-prefill-T30": _built(tokens=30),  # tp 4, ep 4, no SP: the MoE sliced over TP
    # the shared experts replicated on the MoE slice, gathered after their combine
    "mc2-decode-replicated-T9": _built(
        tokens=9,
        phase=Phase.DECODE,
        parallel=ParallelConfig(tp=4, dp=2, ep=8),
        shared_experts=SharedExperts.REPLICATED,
    ),
    "all2all-prefill-replicated-T30": _built(tokens=30, shared_experts=SharedExperts.REPLICATED),
    "example-vllm-ascend": _example("glm51-layer-vllm-ascend-dsa-cp.yaml", d_index=4),
    "example-mc2-decode": _example("mc2-decode-moe.yaml", T=9),
}


@functools.cache
def subject(name: str) -> tuple[Graph, Contract | None]:
    return SUBJECTS[name]()


@functools.cache
def mutants(name: str) -> tuple[MutantResult, ...]:
    graph, contract = subject(name)
    return tuple(run_mutants(graph, {}, contract, per_operator=ALL_MUTANTS))


def _describe(results: list[MutantResult]) -> str:
    return "\n".join(f"  [{r.operator}] {r.description}: {r.evidence}" for r in results)


@pytest.mark.parametrize("name", list(SUBJECTS))
def test_every_wrong_mutant_is_reported_except_the_pinned_blind_spots(name: str) -> None:
    graph, contract = subject(name)
    assert not check_graph(graph, contract).errors  # the unmutated graph is right…
    assert compare_graphs(graph, graph).ok  # …and deterministic
    results = mutants(name)
    assert len({r.operator for r in results}) >= 4
    wrong = [r for r in results if r.wrong]
    assert len(wrong) >= 3
    missed = [r for r in results if r.missed]
    unexpected = [r for r in missed if r.description not in BLIND_SPOTS.get(name, set())]
    assert not unexpected, f"the checker misses wrong mutants:\n{_describe(unexpected)}"
    # a blind spot that got fixed must leave the pinned list
    assert {r.description for r in missed} == BLIND_SPOTS.get(name, set())


def test_kill_rate(capsys: pytest.CaptureFixture[str]) -> None:
    per_graph = {name: kill_rate(list(mutants(name))) for name in SUBJECTS}
    everything = [r for name in SUBJECTS for r in mutants(name)]
    killed, wrong, rate = kill_rate(everything)
    with capsys.disabled():
        print(f"\nmutation kill rate: {killed}/{wrong} wrong mutants reported = {rate:.1%}")
        for name, (k, w, r) in per_graph.items():
            print(f"  {name}: {k}/{w} ({r:.0%})")
    assert wrong == killed + sum(len(spots) for spots in BLIND_SPOTS.values())
    assert rate >= MIN_KILL_RATE


@pytest.mark.parametrize("name", ["sp-tensorcast-T32", "mc2-decode-T9", "example-mc2-decode"])
def test_a_router_sized_for_other_experts_is_caught(name: str) -> None:
    """The gate's experts and the experts' own disagree: the simulator finds ids out of range,
    and the checker names the disagreement at the experts [shape-mismatch]."""
    router = [r for r in mutants(name) if r.operator == "router-width"]
    assert router and all(r.description.startswith("router width 2×experts at ") for r in router)
    for result in router:
        assert result.wrong and "expert ids out of range" in result.evidence
        assert result.killed and "shape-mismatch" in result.rules


@pytest.mark.parametrize("name", ["sp-tensorcast-T32", "vllm-ascend-T32"])
def test_dropping_the_final_norm_gather_is_reported(name: str) -> None:
    """Once a blind spot: lm_head on LOCAL tokens only warned, while the simulator shows the
    logits differ. The sampled positions are global, so selecting them from the LOCAL norm
    output is [local-token-select]; the simulator sees each rank pick its own last token."""
    graph, contract = subject(name)
    typed = interpret(graph)
    drop = "drop the all_gather model.norm.all_gather"
    (mutant,) = [normalize(m) for d, m in drop_gather(graph, typed) if d == drop]
    report = check_graph(mutant, contract)
    select = "lm_head.sampled_tokens"
    assert [(d.op, d.rule) for d in report.errors] == [(select, "local-token-select")]
    equivalence = compare_graphs(graph, mutant)
    assert [f.op for f in equivalence.findings] == ["lm_head"]
