"""One structure evaluated: its rejection (before the build, by the builder's own checks, or by
the check), the numeric points that share its graph, and the vectorised price against a
Session priced at each point on its own."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from layoutcheck import Options, Session
from layoutcheck.cost.report import summarize
from layoutcheck.design_space.axes import Axes, Structure, structures, workload
from layoutcheck.design_space.evaluate import BOUNDS, evaluate_structure, model_of
from layoutcheck.design_space.rules import PRECONDITIONS, UNNAMED, precheck
from layoutcheck.design_space.run import Request, run
from layoutcheck.memory import numeric


def _one(model: str, **texts: str) -> tuple[Structure, object]:
    axes = Axes.parse(model, texts)
    (structure,) = structures(axes)
    return structure, evaluate_structure(0, structure, workload(axes, structure))


def test_a_rejected_structure_is_counted_by_rule_and_never_ranked(tiny_glm: str) -> None:
    axes = Axes.parse(
        tiny_glm,
        {"tp": "2,3", "dp": "1,2", "ep": "2,4", "sp": "on,off", "layout": "vllm-ascend"},
    )
    search = run(Request(axes, top=None))
    by_rule = search.rejections_by_rule()
    # 16 structures. ep must divide tp·dp: (tp, dp, ep) = (2, 1, 4), (3, 1, 2), (3, 1, 4),
    # (3, 2, 4) fail, with and without sp (8). Of the other four, without sp the vllm-ascend
    # layout has no DSA-CP layer (4); with sp, tp 3 does not divide GLM's 64 heads (1). The
    # first rule broken names each rejection; three structures (tp 2, sp) pass.
    assert by_rule == {"ep-outside-world": 8, "layout-without-dsa-cp": 4, "heads-indivisible": 1}
    assert len(search.results) - len(search.rejected) == 3
    ranked = search.records(search.ranked)
    assert ranked, "the passing structures are ranked"
    assert {(r["tp"], r["sp"]) for r in ranked} == {(2, True)}
    rejected = {r.structure for r in search.rejected}
    assert all(
        not (
            s.tp == r["tp"] and s.dp == r["dp"] and s.expert_parallel == r["ep"] and s.sp == r["sp"]
        )
        for s in rejected
        for r in ranked
    )


def test_a_contract_failure_is_a_rejection_with_its_rule_id(tiny_glm: str) -> None:
    """The check's first error names the rejection: the RFC's DSA-CP layer (tensorcast)
    against the contract of vLLM-Ascend: its TP shared expert on local tokens sums different
    tokens, which only the RFC's own contract keeps a warning (README: check --contract)."""
    axes = Axes.parse(tiny_glm, {"tp": "4", "sp": "on", "layout": "tensorcast,vllm-ascend"})
    search = run(Request(axes, contract="vllm-ascend-dsa-cp-prefill"))
    assert search.rejections_by_rule() == {"cross-token-reduction": 1}
    (rejected,) = search.rejected
    assert rejected.structure.layout == "tensorcast" and rejected.builds == 1
    assert {r["layout"] for r in search.records(search.ranked)} == {"vllm-ascend"}


def test_a_structure_the_builder_refuses_is_not_built(tiny_glm: str) -> None:
    _, result = _one(tiny_glm, tp="3")
    assert not result.priced
    assert result.rejections[0].rule == "heads-indivisible"
    assert result.rejections[0].whole and result.builds == 0


def test_points_share_a_graph_only_where_it_would_be_the_same(tiny_glm: str) -> None:
    """4096 and 16384 tokens divide over tp 16: one graph. 1000 does not: SP pads it, so it is
    built on its own (and 4095 shares that padded graph: the same pads, the same sizes)."""
    _, result = _one(tiny_glm, tp="16", sp="on", tokens="4096,1000,16384,4095")
    assert result.builds == 2
    groups = sorted(tuple(int(t) for t in p.tokens) for p in result.priced)
    assert groups == [(1000, 4095), (4096, 16384)]


def test_mc2_pads_always_so_its_points_split_by_divisibility(tiny_glm: str) -> None:
    _, result = _one(tiny_glm, tp="2", phase="decode", tokens="1,2,4,8,1000", context="0,4096")
    assert result.builds == 2  # T=1 pads a real row, the even T a zero one
    groups = sorted(tuple(int(t) for t in p.tokens) for p in result.priced)
    assert groups == [(1, 1), (2, 2, 4, 4, 8, 8, 1000, 1000)]


@pytest.mark.parametrize(
    ("texts", "points"),
    [
        ({"tp": "16", "sp": "on", "layout": "vllm-ascend"}, [(1024, 0), (4096, 0), (1000, 0)]),
        ({"tp": "8", "dp": "2", "ep": "16"}, [(2048, 0), (16384, 0)]),
        ({"tp": "4", "phase": "decode", "quant": "w8a8_dynamic"}, [(1, 0), (8, 4096), (64, 512)]),
        ({"tp": "4", "context": "4096"}, [(1024, 4096), (512, 4096)]),
    ],
)
def test_the_vectorised_price_is_each_points_own_session(
    tiny_glm: str, texts: dict[str, str], points: list[tuple[int, int]]
) -> None:
    tokens = ",".join(sorted({str(t) for t, _ in points}, key=int))
    contexts = ",".join(sorted({str(c) for _, c in points}, key=int))
    axes = Axes.parse(
        tiny_glm, {**texts, "tokens": tokens, "context": contexts, "device": "a3-752t,a2-376t"}
    )
    (structure,) = structures(axes)
    result = evaluate_structure(0, structure, workload(axes, structure))
    seen = 0
    for priced in result.priced:
        for k, (t, c) in enumerate(zip(priced.tokens, priced.context, strict=True)):
            if (int(t), int(c)) not in points:
                continue
            seen += 1
            session = Session(structure.options(int(t), int(c)))
            report = session.cost(priced.device)
            numbers = summarize(report, report.numbers())
            assert priced.step_us[k] == pytest.approx(numbers["total_us"], rel=1e-12)
            for b, bound in enumerate(BOUNDS):
                assert priced.by_bound[b, k] == pytest.approx(
                    numbers["by_category"][bound], rel=1e-12, abs=1e-9
                )
            values = dict(session.graph.symbols)
            weights = sum(numeric(item.bytes, values) for item in session.memory())
            assert priced.weights_bytes[k] == weights
    assert seen == 2 * len(points)  # every point, on both devices


def test_the_preconditions_name_every_refusal_of_the_builder() -> None:
    """Over a grid of parallel sizes, layouts and phases of every shipped model, the builder's
    own checks refuse a structure exactly when a precondition of the table is broken, and the
    first one broken names it (none is left to the catch-all id)."""
    for model in ("glm-5.1", "deepseek-v3", "qwen3-30b-a3b", "qwen3-8b"):
        spec = model_of(model)
        for tp, dp, ep, sp, layout, phase in itertools.product(
            (1, 3, 4, 8, 16, 64), (1, 2, 8), (None, 4, 128), (True, False),
            ("tensorcast", "vllm-ascend"), ("prefill", "decode"),
        ):  # fmt: skip
            structure = Structure(model, phase, "bf16", sp, layout, tp, dp, ep)
            refusal = precheck(spec, structure)
            broken = [rule.id for rule in PRECONDITIONS if rule.broken(spec, structure)]
            if refusal is None:
                assert broken == [], structure
            else:
                assert refusal.rule != UNNAMED and refusal.rule == broken[0], structure


def test_hbm_fit_is_weights_and_kv_cache_against_the_profile() -> None:
    """GLM-5.1 decode, tp 4 × dp 8, ep 32, W8A8_DYNAMIC, 8 requests per DP rank: each rank
    holds the weights and 8·S tokens of MLA latent + rope (bf16) and DSA indexer key (bf16)
    in each of 78 layers; a3-752t has 64 GiB."""
    per_token = ((512 + 64) * 2 + 2 * 128) * 78  # 109,824 bytes
    assert per_token == 109_824
    weights = sum(
        numeric(item.bytes, dict(session.graph.symbols))
        for session in [
            Session(
                Options(
                    "glm-5.1", tp=4, dp=8, ep=32, phase="decode", tokens=8, quant="w8a8_dynamic"
                )
            )
        ]
        for item in session.memory()
    )
    hbm = 64 * 2**30
    # the largest context whose 8 requests still fit, and the next one
    fits = int((hbm - weights) // (8 * per_token)) - 1
    axes = {
        "tp": 4, "dp": 8, "ep": 32, "phase": "decode", "tokens": 8,
        "quant": "w8a8_dynamic", "context": [fits, fits + 1],
    }  # fmt: skip
    from layoutcheck.design_space.api import run_search

    every = run_search("glm-5.1", axes)
    kept = run_search("glm-5.1", axes, hbm_fit=True)
    assert [r["context"] for r in every.records(every.ranked)] == [fits, fits + 1]
    assert [r["context"] for r in kept.records(kept.ranked)] == [fits]
    (record,) = kept.records(kept.ranked)
    assert record["weights_bytes"] == weights
    assert record["kv_bytes"] == 8 * (fits + 1) * per_token  # S = context + the new token
    assert record["memory_bytes"] <= hbm < record["memory_bytes"] + 8 * per_token
    assert np.isclose(record["hbm_bytes"], hbm)


VLLM_CONTRACT = "vllm-ascend-dsa-cp-prefill"


@pytest.mark.parametrize(
    ("model", "texts", "contract"),
    [
        ("tiny", {"tp": "2,4", "ep": "4", "sp": "on,off", "tokens": "1000,4096"}, None),
        ("tiny", {"tp": "4", "sp": "on", "layout": "tensorcast,vllm-ascend"}, VLLM_CONTRACT),
        ("tiny", {"tp": "2", "phase": "decode", "tokens": "1,8", "context": "0,4096"}, None),
        ("qwen3-30b-a3b", {"tp": "4", "ep": "4", "sp": "on,off", "quant": "w8a8_dynamic"}, None),
    ],
)  # fmt: skip
def test_the_folded_build_finds_what_the_expanded_one_does(
    tiny_glm: str, model: str, texts: dict[str, str], contract: str | None
) -> None:
    """The search builds each structure folded (one template per run of alike layers): the
    rejections, contract, warnings, point classes, step times, bounds and weights are those
    of the layer-by-layer build."""
    axes = Axes.parse(
        tiny_glm if model == "tiny" else model, {**texts, "device": "a3-752t,a2-376t"}
    )
    folded, expanded = (
        run(Request(axes, contract=contract, expanded=form)).results for form in (False, True)
    )
    assert len(folded) == len(expanded) > 0
    priced = 0
    for one, other in zip(folded, expanded, strict=True):
        assert (one.structure, one.rejections, one.contract) == (
            other.structure, other.rejections, other.contract
        )  # fmt: skip
        assert (one.warnings, one.builds) == (other.warnings, other.builds)
        assert len(one.priced) == len(other.priced)
        for a, b in zip(one.priced, other.priced, strict=True):
            priced += 1
            assert a.device == b.device
            assert np.array_equal(a.tokens, b.tokens) and np.array_equal(a.context, b.context)
            np.testing.assert_allclose(a.step_us, b.step_us, rtol=1e-12)
            np.testing.assert_allclose(a.by_bound, b.by_bound, rtol=1e-12, atol=1e-9)
            assert np.array_equal(a.weights_bytes, b.weights_bytes)
            assert np.array_equal(a.kv_bytes, b.kv_bytes)
    assert priced > 0
