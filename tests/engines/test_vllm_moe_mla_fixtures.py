"""Hand-written graphs of vLLM's MoE and MLA ops (tests/engines/vllm/, each citing the file and
line of the signatures it uses), before and after vLLM's sequence-parallel pass: before it they
type-check as plain TP, --sp says SP was not applied, and vLLM's SP pack (--engine-version
vllm==0.31) refuses them; after it they pass that pack. Each op lands as the catalogue op with
the layout it has: the experts on the tokens they are given, their result a pending sum the
graph reduces; the router's top-k per token; MLA attention over a FULL latent KV."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from layoutcheck.engines import read_program
from layoutcheck.engines.lower import lower_program
from layoutcheck.engines.opmap import shipped_opmaps
from layoutcheck.graph import ValueRef
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.models import load_config, model_spec
from tests.helpers import ROOT, run

FIXTURES = Path(__file__).resolve().parent / "vllm"
QWEN3_MOE = FIXTURES / "qwen3-moe-tiny.json"
DEEPSEEK_V2 = ROOT / "tests" / "data" / "vllm-capture" / "tiny-deepseek-v2"
DEEPSEEK_V3 = FIXTURES / "deepseek-v3-tiny.json"  # its sizes with DeepSeek-V3's grouped router
# each pair: the graph before vLLM's SP pass and after it, and the config its weights match
PAIRS = {
    "cpu_moe_tp2": QWEN3_MOE,  # _C.cpu_fused_moe, aten.topk, amax
    "fused_experts_tp2": QWEN3_MOE,  # outplace / inplace_fused_experts
    "moe_forward_tp2": QWEN3_MOE,  # moe_forward's 0.31 signature, functionalized
    # unified_mla_kv_cache_update, unified_mla_attention_with_output, strided slices; the
    # grouped router (max.dim, eq.Tensor, expand), fused_experts, addmm
    "deepseek_tp2": DEEPSEEK_V2,
    "moe_shared_tp2": DEEPSEEK_V2,  # moe_forward_shared
}
GRAPHS = {
    **{
        f"{pair}_{stage}_sp.fx.txt": config
        for pair, config in PAIRS.items()
        for stage in ("pre", "post")
    },
    "ascend_moe_tp2.fx.txt": QWEN3_MOE,  # _C_ascend.moe_gating_top_k
    # vLLM's grouped_topk (noaux_tc): feature top-ks, scatter and gather before the router's
    "deepseek_v3_router_tp2.fx.txt": DEEPSEEK_V3,
}
PACK = ("--engine-version", "vllm==0.31")
FULL, LOCAL = TokenLayout.FULL, TokenLayout.LOCAL


def check(graph: Path, config: Path, *flags: str) -> tuple[int, dict[str, object]]:
    result = run("check", graph, "--config", config, "--format", "json", *flags)
    assert result.code in (0, 1), result.err
    return result.code, json.loads(result.out)


def rules(report: dict[str, object]) -> set[str]:
    return {d["rule"] for d in report["diagnostics"]}  # type: ignore[attr-defined, index]


def typed(name: str) -> tuple[TypedGraph, dict[str, list[str]]]:
    """The lowered graph of a fixture, typed, and its op names by kind."""
    program = read_program(FIXTURES / name)
    graph = lower_program(program, model_spec(*load_config(GRAPHS[name]))).graph
    kinds: dict[str, list[str]] = {}
    for op in graph.ops:
        kinds.setdefault(op.kind, []).append(op.name)
    return interpret(graph), kinds


def producer_kind(graph: TypedGraph, ref: ValueRef) -> str:
    return next(op.kind for op in graph.graph.ops if op.name == ref.op)


def readers(graph: TypedGraph, name: str) -> list[str]:
    return [op.kind for op in graph.graph.ops if any(i.op == name for i in op.inputs)]


def test_each_fixture_cites_file_and_line_and_uses_only_mapped_ops() -> None:
    maps = shipped_opmaps()
    for name in GRAPHS:
        text = (FIXTURES / name).read_text()
        sources = re.findall(
            r"^# source: (vllm-project/vllm\S*) .*?(\S+\.(?:py|cpp))(:\d+)?", text, re.M
        )
        assert sources, name
        assert any(line for _, _, line in sources), f"{name}: no source line cited"
        program = read_program(FIXTURES / name)
        assert {n.target for n in program.nodes} <= set(maps), name


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_each_fixture_type_checks_as_plain_tp_without_a_warning(name: str) -> None:
    code, report = check(FIXTURES / name, GRAPHS[name])
    assert (code, rules(report)) == (0, set())


@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_before_the_pass_sp_was_not_applied_and_vllm_s_pack_refuses_it(pair: str) -> None:
    before = FIXTURES / f"{pair}_pre_sp.fx.txt"
    code, report = check(before, PAIRS[pair], "--sp")
    assert (code, rules(report)) == (1, {"sequence-parallel-not-applied"})
    code, report = check(before, PAIRS[pair], *PACK)
    assert code == 1
    assert "sp-reduce-scatters-into-norms" in rules(report)


@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_after_the_pass_the_graph_has_vllm_s_sp_layout(pair: str) -> None:
    after = FIXTURES / f"{pair}_post_sp.fx.txt"
    result = run("check", after, "--config", PAIRS[pair], *PACK)
    assert result.code == 0, result.out
    assert "against vllm-sp: 0 errors, 0 warnings" in result.out


@pytest.mark.parametrize(
    ("stage", "tokens", "reduction"),
    [("pre", FULL, "all_reduce"), ("post", FULL, "reduce_scatter")],
)
@pytest.mark.parametrize("pair", ["cpu_moe_tp2", "fused_experts_tp2"])
def test_the_experts_run_on_the_tokens_they_are_given_and_leave_a_pending_sum(
    pair: str, stage: str, tokens: TokenLayout, reduction: str
) -> None:
    graph, kinds = typed(f"{pair}_{stage}_sp.fx.txt")
    (experts,) = kinds["moe_experts"]
    op = next(o for o in graph.graph.ops if o.name == experts)
    x, weights, ids = (graph.value(ref) for ref in op.inputs)
    # each expert's intermediate is split over TP: every rank's result is a summand
    assert x.tokens is tokens and x.features is FeatureState.WHOLE
    assert graph.value(ValueRef(experts)).features is FeatureState.PARTIAL
    assert readers(graph, experts) == [reduction]
    # the router's top-k picks per token, on the experts' own tokens
    assert producer_kind(graph, op.inputs[2]) == "moe_topk"
    assert weights.tokens is ids.tokens is tokens
    assert op.attr("experts") == 8 and op.attr("top_k") == 2 and op.attr("intermediate") == 32
    if stage == "post":  # the experts read what the SP pass gathered
        assert producer_kind(graph, op.inputs[0]) == "all_gather"


@pytest.mark.parametrize("stage", ["pre", "post"])
def test_mla_attention_reads_this_rank_s_heads_and_every_token_s_latent(stage: str) -> None:
    graph, kinds = typed(f"deepseek_tp2_{stage}_sp.fx.txt")
    (attention,) = kinds["mla_attention"]
    op = next(o for o in graph.graph.ops if o.name == attention)
    q, latent = (graph.value(ref) for ref in op.inputs)
    assert q.features is FeatureState.SPLIT  # 2 of the 4 heads
    assert latent.tokens is FULL and latent.features is FeatureState.WHOLE
    assert producer_kind(graph, op.inputs[1]) == "concat"  # kv_c_normed beside the rope key
    assert (op.attr("heads"), op.attr("kv_lora_rank"), op.attr("qk_rope_head_dim")) == (4, 512, 64)
    assert (op.attr("qk_nope_head_dim"), op.attr("v_head_dim")) == (128, 128)
    # kv_a_proj_with_mqa, whose result is the latent, is replicated; q_proj is column-parallel
    linears = [o for o in graph.graph.ops if o.kind == "linear" and ".self_attn." in o.name]
    assert sorted(str(o.attr("parallel")) for o in linears) == ["column", "replicated", "row"]


def test_a_grouped_router_s_group_top_ks_are_per_token_and_only_the_last_is_the_router_s() -> None:
    # DeepSeek-V3's router: top 2 of each of 4 groups of 2 experts over a [t, 4, 2] view,
    # summed; the best 2 groups; their mask scattered, expanded and applied; the top 2 experts.
    # Read as the router's, the group top-k over [t, 4, 2] left [t, 2] and the top-k of the
    # groups then "picked 2 of [t, 1]": a false shape-mismatch on every DeepSeek-V3 graph
    graph, kinds = typed("deepseek_v3_router_tp2.fx.txt")
    assert graph.diagnostics == ()
    (router,) = kinds["moe_topk"]
    assert router.endswith(".topk_1")
    by_name = {op.name: op for op in graph.graph.ops if op.kind == "per_token"}
    shapes = {
        (str(op.attr("fn")), tuple(int(d) for d in graph.value(ValueRef(op.name)).shape[1:]))
        for op in by_name.values()
    }
    # each group's best 2, the best 2 groups, the group mask, the chosen experts' scores
    assert shapes == {("topk", (4, 2)), ("topk", (2,)), ("scatter", (4,)), ("gather", (2,))}
    (experts,) = kinds["moe_experts"]
    op = next(o for o in graph.graph.ops if o.name == experts)
    assert producer_kind(graph, op.inputs[2]) == "moe_topk"  # the ids: the router's
    assert op.attr("experts") == 8 and op.attr("top_k") == 2


def test_moe_forward_shared_is_the_shared_mlp_beside_the_routed_experts() -> None:
    graph, kinds = typed("moe_shared_tp2_pre_sp.fx.txt")
    assert len(kinds["moe_experts"]) == 1 and len(kinds["moe_topk"]) == 1
    shared = [o for o in graph.graph.ops if o.kind == "linear" and "shared_experts" in o.name]
    assert [o.attr("parallel") for o in shared] == ["column", "row"]
    (add,) = kinds["add"]  # shared_out + fused_out: two pending sums, reduced once
    assert graph.value(ValueRef(add)).features is FeatureState.PARTIAL
    assert readers(graph, add) == ["all_reduce"]


def replaced(name: str, tmp_path: Path, old: str, new: str) -> Path:
    text = (FIXTURES / name).read_text()
    assert old in text, old
    path = tmp_path / name.replace(".fx.txt", ".py")
    path.write_text(text.replace(old, new))
    return path


def test_experts_on_this_rank_s_tokens_with_every_token_s_routing_are_found(tmp_path: Path) -> None:
    # the experts read the norm's LOCAL rows, the router the gathered FULL ones
    path = replaced(
        "cpu_moe_tp2_post_sp.fx.txt", tmp_path, "input = all_gather_1, w13", "input = normed_1, w13"
    )
    code, report = check(path, QWEN3_MOE)
    # and the reduce_scatter after it then shards rows already sharded
    assert (code, rules(report)) == (1, {"layout-mismatch", "shard-of-local"})
    found = report["diagnostics"][0]  # type: ignore[index]
    assert found["rule"] == "layout-mismatch"
    assert "moe_experts 'weights' tokens ([16, 2] F·W)" in found["message"]
    assert "hidden states x ([8, 64] L·W)" in found["message"]


def test_the_experts_pending_sum_unreduced_into_the_norm_is_found(tmp_path: Path) -> None:
    path = replaced(
        "cpu_moe_tp2_pre_sp.fx.txt",
        tmp_path,
        "fused_add_rms_norm.default(all_reduce_2,",
        "fused_add_rms_norm.default(experts,",
    )
    code, report = check(path, QWEN3_MOE)
    assert code == 1 and "partial-into-nonlinear" in rules(report)


def test_a_latent_kv_of_this_rank_s_tokens_only_is_found(tmp_path: Path) -> None:
    # kv_a_proj_with_mqa reads the norm's LOCAL rows: each rank would attend to half the keys
    path = replaced(
        "deepseek_tp2_post_sp.fx.txt",
        tmp_path,
        "torch.ops.aten.mm.default(all_gather, t_10);",
        "torch.ops.aten.mm.default(rms_norm, t_10);",
    )
    code, report = check(path, DEEPSEEK_V2)
    assert code == 1 and "local-kv-into-attention" in rules(report)


def test_a_fused_moe_kernel_without_expert_weights_is_one_located_line(tmp_path: Path) -> None:
    path = replaced("cpu_moe_tp2_pre_sp.fx.txt", tmp_path, "w13 = arg4_1,", "w13 = None,")
    result = run("check", path, "--config", QWEN3_MOE)
    assert result.code == 2 and result.out == ""
    (line,) = result.err.strip().splitlines()
    assert re.match(rf"{re.escape(str(path))}:\d+: error: op auto_functionalized: ", line)
    assert "_C.cpu_fused_moe.default" in line and "stacked 3-D expert weights" in line


def test_a_top_k_over_the_tokens_is_left_unchecked_and_said_so(tmp_path: Path) -> None:
    # a top-k along dim 0 picks among the tokens: no per-token op, so nothing after it is typed
    path = replaced(
        "cpu_moe_tp2_pre_sp.fx.txt",
        tmp_path,
        "topk.default(mm, 2, -1, True, False)",
        "topk.default(mm, 2, 0, True, False)",
    )
    code, report = check(path, QWEN3_MOE)
    assert code == 1
    (unknown,) = [d for d in report["diagnostics"] if d["rule"] == "unchecked-op"]  # type: ignore[attr-defined, index]
    assert unknown["severity"] == "error"
    assert unknown["message"].startswith(
        "aten.topk.default (a top-k not over features): its lowering cannot follow it, so "
    )
