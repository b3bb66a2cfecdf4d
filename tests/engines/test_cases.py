"""The real TensorCast graphs of tests/data/engine-graphs get the verdicts CASES.md states,
through the CLI, as archives and as their fx text dumps alike."""

from __future__ import annotations

from typing import Any

import pytest

from layoutcheck.engines import read_program
from layoutcheck.engines.lower import RunSettings, lower_program
from layoutcheck.graph import Graph
from layoutcheck.interp import interpret
from layoutcheck.models import load_config, model_spec
from layoutcheck.requested import check_requested
from tests.helpers import ENGINE_GRAPHS, errors_of, rules_of, run

# case -> (flags, exit code, error rule ids, contract the run's settings choose)
CASES: dict[str, tuple[tuple[str, ...], int, set[str], str]] = {
    "glm51-tp4-sp-row-w8a8": (("--sp",), 1, {"local-token-select"}, "tensorcast-dsa-cp-prefill"),
    "glm51-tp4-sp-default-w8a8": (
        ("--sp",),
        1,
        {
            "sequence-parallel-not-applied",
            "o-proj-token-slice",
            "moe-local-token",
            "residual-stays-local",
            "gather-normalized-only",
            "boundary-count",
        },
        "tensorcast-dsa-cp-prefill",
    ),
    "glm51-tp4-nosp-w8a8": (("--contract", "none"), 0, set(), "type rules only"),
    "glm51-decode-dp2-tp2-ep4": (("--phase", "decode"), 0, set(), "mc2-decode"),
    "qwen3-dense-tp2-sp-row-bf16": (("--sp",), 0, set(), "type rules only"),
}
FORMS = ("pt2", "readable.py")


def check(path: str, *flags: str) -> tuple[int, dict[str, Any]]:
    result = run("check", path, *flags, "--format", "json")
    assert result.code in (0, 1), result.err
    return result.code, result.json()


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("case", sorted(CASES))
def test_each_case_gets_its_verdict(case: str, form: str) -> None:
    flags, code, rules, contract = CASES[case]
    got, report = check(str(ENGINE_GRAPHS / f"{case}.{form}"), *flags)
    assert got == code
    assert rules_of(errors_of(report)) == rules
    assert (report["contract"] or "type rules only") == contract


def test_the_sp_did_nothing_case_names_the_full_token_inputs_and_the_cause() -> None:
    _, report = check(str(ENGINE_GRAPHS / "glm51-tp4-sp-default-w8a8.pt2"), "--sp")
    errors = errors_of(report)
    full = [d for d in errors if "is FULL" in d["message"]]
    assert {d["op"] for d in full if d["rule"] == "o-proj-token-slice"} == {
        "model.layers.0.self_attn.o_proj",
        "model.layers.3.self_attn.o_proj",
    }
    assert [d["op"] for d in full if d["rule"] == "moe-local-token"] == ["model.layers.3.mlp.gate"]
    (sp,) = [d for d in errors if d["rule"] == "sequence-parallel-not-applied"]
    assert sp["op"] == "model.layers.0.input_layernorm"
    assert "all 9 norms run on FULL tokens" in sp["message"]  # 4 layers × 2 + model.norm
    assert sp["engine"].startswith("rms_norm (model.layers.0.input_layernorm) at ")
    text = run("check", ENGINE_GRAPHS / "glm51-tp4-sp-default-w8a8.pt2", "--sp").out
    assert "likely cause: the first norm (model.layers.0.input_layernorm) reads the " in text
    assert "replicated embedding (model.embed_tokens) with no all-reduce in between" in text


def test_without_the_request_the_no_op_graph_type_checks() -> None:
    code, report = check(str(ENGINE_GRAPHS / "glm51-tp4-sp-default-w8a8.pt2"))
    assert code == 0 and report["contract"] is None and not errors_of(report)


def test_the_rfc_layout_errs_only_at_the_sampler_select_of_a_local_norm() -> None:
    _, report = check(str(ENGINE_GRAPHS / "glm51-tp4-sp-row-w8a8.pt2"), "--sp")
    (error,) = errors_of(report)
    assert error["op"] == "index_2"
    assert "[128, 6144]" in error["message"]
    summary = report["summary"]
    assert summary["layers"] == 4 and summary["attention_boundaries"] == 4
    # the expanded model's collectives: 1 embedding reduce_scatter + 3 dense layers (2 gathers,
    # 1 reduce_scatter each) + 1 MoE layer (attention gather, two all_to_alls), and the lm_head's
    # vocabulary gather, typed (a feature gather) now that checking goes on after the select
    assert summary["collectives"] == {
        "all_gather": 7,
        "all_to_all": 2,
        "feature_gather": 1,
        "reduce_scatter": 4,
    }


@pytest.mark.parametrize("form", ["post_sp.readable.py"])
def test_the_stale_view_of_the_bf16_crash_is_found_at_both_o_projs(form: str) -> None:
    path = ENGINE_GRAPHS / f"glm51-tp4-sp-row-bf16.{form}"
    result = run("check", path, "--sp", "--format", "json")
    assert result.code == 1
    errors = errors_of(result.json())
    stale = [d for d in errors if d["rule"] == "token-extent"]
    assert [d["op"].rsplit(".", 1)[0] for d in stale] == [
        "model.layers.0.self_attn.o_proj",
        "model.layers.3.self_attn.o_proj",
    ]
    for diagnostic in stale:
        assert "[128, 16384]" in diagnostic["message"] and "512 token rows" in diagnostic["message"]
        assert "tensor_cast/layers/parallel_linear.py:159" in diagnostic["engine"]
    # the same graph never gathers model.norm either (as the w8a8 RFC-layout case)
    assert rules_of(errors) == {"token-extent", "local-token-select"}
    assert "annotations look stale" in result.err


def test_show_prints_the_rfc_shapes() -> None:
    result = run("show", ENGINE_GRAPHS / "glm51-tp4-sp-row-w8a8.pt2", "--layer", "0")
    assert result.code == 0
    lines = result.out.splitlines()

    def line(name: str) -> str:
        (found,) = [ln for ln in lines if f" {name} = " in ln]
        return found

    assert "[128, 6144] L·W" in line("model.layers.0.input_layernorm")
    assert "[512, 6144] F·W" in line("model.layers.0.all_gather")
    assert "[512, 64, 256] F·W" in line("model.layers.0.self_attn.attn")
    assert "[128, 64, 256] L·W" in line("model.layers.0.self_attn.slice_1")
    o_proj = line("model.layers.0.self_attn.o_proj")
    # int8 in (W8A8_DYNAMIC), fp16 out: TensorCast models bf16 activations as fp16
    assert "fp16[T/tp, 6144] = [128, 6144] L·W" in o_proj
    assert "[128, 6144] L·W" in line("model.layers.0.post_attention_layernorm")


@pytest.mark.parametrize("case", sorted(CASES))
def test_cost_works_on_each_archive(case: str) -> None:
    result = run("cost", ENGINE_GRAPHS / f"{case}.pt2", "--device", "a3-752t", "--format", "json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["total_us"] > 0
    by_kind = data["by_kind"]
    assert by_kind["linear"]["flops"] > 0
    # after the RFC-layout case's token-select error checking goes on with the FULL-token
    # select it needed: the sampler and the lm_head are priced too
    assert data["unpriced"] == []
    assert by_kind["lm_head"]["us"] > 0


def test_the_o_proj_is_replicated_on_local_tokens_under_dsa_cp_and_row_parallel_without() -> None:
    spec = model_spec(*load_config("glm-5.1"))

    def o_proj(case: str) -> Any:
        program = read_program(ENGINE_GRAPHS / f"{case}.pt2")
        graph = lower_program(program, spec).graph
        return graph.op("model.layers.0.self_attn.o_proj")

    rfc, tp = o_proj("glm51-tp4-sp-row-w8a8"), o_proj("glm51-tp4-nosp-w8a8")
    assert rfc.attr("parallel") == "replicated" and tp.attr("parallel") == "row"
    assert int(rfc.attr("in_features")) == int(tp.attr("in_features")) == 64 * 256


def test_token_extents_are_symbols_so_what_ifs_over_t_work() -> None:
    sweep = run(
        "query", ENGINE_GRAPHS / "glm51-tp4-nosp-w8a8.pt2", "total", "--sweep", "T=512..2048*2"
    )
    assert sweep.code == 0, sweep.err
    rows = [line.split() for line in sweep.out.splitlines()[1:]]
    assert [r[0] for r in rows] == ["512", "1024", "2048"]
    totals = [float(r[1]) for r in rows]
    assert totals[0] < totals[1] < totals[2]


def test_the_requested_check_is_silent_when_sp_was_applied_or_not_asked() -> None:
    spec = model_spec(*load_config("glm-5.1"))
    for case, asked, found in [
        ("glm51-tp4-sp-row-w8a8", True, 0),
        ("glm51-tp4-sp-default-w8a8", True, 1),
        ("glm51-tp4-sp-default-w8a8", False, 0),
    ]:
        program = read_program(ENGINE_GRAPHS / f"{case}.pt2")
        imported = lower_program(program, spec, RunSettings(sp=asked))
        typed = interpret(imported.graph)
        assert len(check_requested(typed, asked, imported.fused_quant_norms)) == found


def test_a_shipped_model_is_matched_by_the_embedding_and_said() -> None:
    result = run("check", ENGINE_GRAPHS / "qwen3-dense-tp2-sp-row-bf16.pt2", "--sp")
    assert "note: model config: qwen3-8b" in result.err
    given = run("check", ENGINE_GRAPHS / "qwen3-dense-tp2-sp-row-bf16.pt2", "--config", "qwen3-8b")
    assert "note: model config" not in given.err and given.code == 0


@pytest.mark.parametrize("case", sorted(CASES))
def test_without_a_config_the_graph_alone_gives_the_same_parallel_kinds(case: str) -> None:
    """Row where the result is reduced, column where it reaches such a linear (or the
    vocabulary gather), replicated otherwise: the same answers the global sizes give."""
    name = "qwen3-8b" if case.startswith("qwen3") else "glm-5.1"
    spec = model_spec(*load_config(name))
    program = read_program(ENGINE_GRAPHS / f"{case}.pt2")

    with_config = lower_program(program, spec).graph
    alone = lower_program(program, None).graph
    assert _parallel_kinds(alone) == _parallel_kinds(with_config)
    assert _type_errors(alone) == _type_errors(with_config)


def _parallel_kinds(graph: Graph) -> list[tuple[str, str, object]]:
    kinds = {"linear", "lm_head", "embedding"}
    return [(op.name, op.kind, op.attr("parallel")) for op in graph.ops if op.kind in kinds]


def _type_errors(graph: Graph) -> list[tuple[str | None, str]]:
    return [(d.op, d.rule) for d in interpret(graph).diagnostics if d.is_error]
