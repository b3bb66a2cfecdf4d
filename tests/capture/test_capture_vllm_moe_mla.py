"""The graphs ``capture vllm`` took of models the shared files do not cover: a tiny Qwen3-MoE
(vLLM's CPU fused-experts kernel behind torch's top-k router) and a tiny DeepSeek-V2 (V1's MLA
ops, a dense first layer, then a grouped router, routed experts and a shared one), at TP 2
with and without vLLM's SequenceParallelismPass (tests/data/vllm-capture/README.md). No target
of vLLM's is left unknown; before the pass each checks as plain TP and --sp says SP was not
applied; after it each checks clean under vLLM's SP pack. The ops land with the layout vLLM
gives them: the experts run on the tokens they are given (all of them, gathered, under SP),
their result a pending sum the graph reduces; MLA attention reads every token's latent KV."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from layoutcheck.engines import read_program
from layoutcheck.engines.lower import lower_program
from layoutcheck.graph import ValueRef
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.ops import default_registry
from layoutcheck.ops.traits import Trait
from tests.helpers import ROOT, run

CAPTURED = ROOT / "tests" / "data" / "vllm-capture"
QWEN3_MOE = CAPTURED / "qwen3-moe-tp2-sp"
DEEPSEEK = CAPTURED / "deepseek-v2-tp2"
DEEPSEEK_SP = CAPTURED / "deepseek-v2-tp2-sp"
BEFORE = [
    QWEN3_MOE / "before_sp" / "rank_0.pt2",
    QWEN3_MOE / "before_sp" / "rank_0.py",
    DEEPSEEK / "before_sp" / "rank_0.pt2",
    DEEPSEEK / "before_sp" / "rank_0.py",
    DEEPSEEK_SP / "before_sp" / "rank_0.pt2",
    DEEPSEEK_SP / "before_sp" / "rank_0.py",
]
# the .py dumps after the pass bind their token symbol to 1 (a symbol question of the text
# reader's, tests/capture/test_capture_vllm.py): the archives, at 64 tokens, are checked here
AFTER = [QWEN3_MOE / "after_sp" / "rank_0.pt2", DEEPSEEK_SP / "after_sp" / "rank_0.pt2"]
# per model: routed-expert layers, MLA attentions
NORMS = set(default_registry().kinds_with(Trait.NORM))
SHAPE = {"qwen3-moe-tp2-sp": (2, 0), "deepseek-v2-tp2": (1, 2), "deepseek-v2-tp2-sp": (1, 2)}


def shown(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.parent.name}/{path.name}"


def report(path: Path, *flags: str) -> tuple[int, dict[str, object]]:
    result = run("check", path, "--format", "json", *flags)
    assert result.code in (0, 1), result.err
    return result.code, json.loads(result.out)


def rules(found: dict[str, object]) -> set[str]:
    return {d["rule"] for d in found["diagnostics"]}  # type: ignore[attr-defined, index]


def typed(path: Path) -> TypedGraph:
    return interpret(lower_program(read_program(path)).graph)


def ops_of(graph: TypedGraph, kind: str) -> list[str]:
    return [op.name for op in graph.graph.ops if op.kind == kind]


def producer(graph: TypedGraph, ref: ValueRef) -> str:
    return next(op.kind for op in graph.graph.ops if op.name == ref.op)


def readers(graph: TypedGraph, name: str) -> list[str]:
    return [op.kind for op in graph.graph.ops if any(i.op == name for i in op.inputs)]


@pytest.mark.parametrize("path", BEFORE + AFTER, ids=shown)
def test_no_target_of_vllm_s_is_left_unknown(path: Path) -> None:
    code, found = report(path)
    assert (code, rules(found)) == (0, set())


@pytest.mark.parametrize("path", BEFORE, ids=shown)
def test_before_the_pass_sp_asked_says_it_was_not_applied(path: Path) -> None:
    code, found = report(path, "--sp")
    assert (code, rules(found)) == (1, {"sequence-parallel-not-applied"})


@pytest.mark.parametrize("path", AFTER, ids=shown)
def test_after_the_pass_the_graph_checks_clean_under_vllm_s_sp_pack(path: Path) -> None:
    result = run("check", path, "--engine-version", "vllm==0.31")
    assert result.code == 0, result.out
    assert "against vllm-sp: 0 errors" in result.out


@pytest.mark.parametrize("path", [p for p in BEFORE if p.suffix == ".pt2"] + AFTER, ids=shown)
def test_the_experts_run_on_the_tokens_they_are_given_and_leave_a_pending_sum(path: Path) -> None:
    graph = typed(path)
    moe_layers, attentions = SHAPE[path.parent.parent.name]
    experts = ops_of(graph, "moe_experts")
    assert len(experts) == moe_layers and len(ops_of(graph, "mla_attention")) == attentions
    after = path.parent.name == "after_sp"
    for name in experts:
        op = next(o for o in graph.graph.ops if o.name == name)
        x, weights, ids = (graph.value(ref) for ref in op.inputs)
        # vLLM's MoE reads every token: gathered after the pass, which leaves it unsplit
        assert x.tokens is weights.tokens is ids.tokens is TokenLayout.FULL
        source = producer(graph, op.inputs[0])
        assert (source == "all_gather") if after else (source in NORMS)
        assert producer(graph, op.inputs[2]) == "moe_topk"
        # each rank holds half of every expert's intermediate: its result is a summand
        assert graph.value(ValueRef(name)).features is FeatureState.PARTIAL
        assert op.attr("experts") == 4 and op.attr("top_k") == 2
        reduction = "reduce_scatter" if after else "all_reduce"
        # Qwen3-MoE reduces the experts' result; DeepSeek adds the shared expert's first
        assert readers(graph, name) in ([reduction], ["add"])


@pytest.mark.parametrize(
    "path",
    [DEEPSEEK / "before_sp" / "rank_0.pt2", DEEPSEEK_SP / "after_sp" / "rank_0.pt2"],
    ids=shown,
)
def test_mla_attention_reads_this_rank_s_heads_and_every_token_s_latent(path: Path) -> None:
    graph = typed(path)
    for name in ops_of(graph, "mla_attention"):
        op = next(o for o in graph.graph.ops if o.name == name)
        q, latent = (graph.value(ref) for ref in op.inputs)
        assert q.features is FeatureState.SPLIT and q.tokens is TokenLayout.FULL
        assert latent.tokens is TokenLayout.FULL and latent.features is FeatureState.WHOLE
        # tiny-deepseek-v2: 4 heads of 128 + 64, kv_lora_rank 512, v_head_dim 128
        sizes = ("heads", "qk_nope_head_dim", "qk_rope_head_dim", "kv_lora_rank", "v_head_dim")
        assert tuple(op.attr(s) for s in sizes) == (4, 128, 64, 512, 128)
        # the kv_b_proj up-projection is inside vLLM's op: the attention's output is the
        # rank's heads, read by the row-parallel o_proj
        out = graph.value(ValueRef(name))
        assert out.features is FeatureState.SPLIT
