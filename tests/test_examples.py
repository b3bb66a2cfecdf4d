"""The example graphs under specs/graphs/: good layouts pass, each bug fails for its stated reason.

Every ``specs/graphs/**/*.yaml`` is checked against its own ``contract:`` key (type rules only if
it has none). A file whose first line is ``# expect: RULE[, RULE...]`` must report exactly that
set of rule ids; a file without one must report nothing. The shapes the RFC quotes are checked
on the typed graphs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from layoutcheck.check import check_graph
from layoutcheck.cli import main
from layoutcheck.contracts import Contract, load_contract
from layoutcheck.diagnostics import Report
from layoutcheck.graph import Graph
from layoutcheck.graph_io import load_graph, loads_graph
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import TokenLayout
from layoutcheck.rules import TYPE_RULES
from tests.helpers import GRAPHS

EXAMPLES = sorted(GRAPHS.rglob("*.yaml"))
TENSORCAST = GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml"
VLLM = GRAPHS / "glm51-layer-vllm-ascend-dsa-cp.yaml"
MC2 = GRAPHS / "mc2-decode-moe.yaml"

FULL, LOCAL = TokenLayout.FULL, TokenLayout.LOCAL


def _id(path: Path) -> str:
    return path.relative_to(GRAPHS).as_posix()


def expected_rules(path: Path) -> set[str] | None:
    """The rule ids of the ``# expect:`` first line, or None when there is none."""
    first = path.read_text(encoding="utf-8").splitlines()[0]
    if not first.startswith("# expect:"):
        return None
    return {rule.strip() for rule in first.removeprefix("# expect:").split(",") if rule.strip()}


def expected_warnings(path: Path) -> set[str]:
    """The rule ids of a ``# warn: RULE[, RULE...]`` comment line (warnings the file expects)."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# warn:"):
            words = line.removeprefix("# warn:").split("(")[0].split("—")[0]
            return {r.strip() for r in words.split(",") if r.strip()}
    return set()


def error_rules(report: Report) -> set[str]:
    return {d.rule for d in report.errors}


def warning_rules(report: Report) -> set[str]:
    return {d.rule for d in report.warnings}


def own_contract(graph: Graph) -> Contract | None:
    return None if graph.contract in (None, "none") else load_contract(graph.contract)


def check_file(path: Path, contract: str | None = None) -> Report:
    graph = load_graph(path)
    chosen = own_contract(graph) if contract is None else load_contract(contract)
    return check_graph(graph, chosen)


def describe(report: Report) -> str:
    return "\n".join(f"  [{d.rule}] {d.op}: {d.message}" for d in report.diagnostics)


def known_rule_ids() -> set[str]:
    ids = {rule.id for rule in TYPE_RULES}
    for name in ("tensorcast-dsa-cp-prefill", "vllm-ascend-dsa-cp-prefill", "mc2-decode"):
        ids |= {doc.id for doc in load_contract(name).rule_docs()}
    return ids


def test_examples_exist() -> None:
    names = {_id(path) for path in EXAMPLES}
    for required in (
        "glm51-layer-tensorcast-dsa-cp.yaml",
        "glm51-layer-vllm-ascend-dsa-cp.yaml",
        "mc2-decode-moe.yaml",
        "bugs/rfc-full-tokens-before-moe.yaml",
        "bugs/rfc-local-tokens-into-attention.yaml",
        "bugs/rfc-gathered-residual.yaml",
        "bugs/replicated-residual-into-scattered-hidden.yaml",
        "bugs/pp-scattered-residual-as-replicated.yaml",
        "bugs/moe-finalize-double-reduction.yaml",
        "bugs/tensorcast-p2-mixed-token-counts.yaml",
        "bugs/tensorcast-sp-local-dispatch-full-topk.yaml",
    ):
        assert required in names


@pytest.mark.parametrize("path", EXAMPLES, ids=_id)
def test_example_reports_exactly_its_expected_rules(path: Path) -> None:
    expected = expected_rules(path)
    report = check_file(path)
    assert warning_rules(report) == expected_warnings(path), describe(report)
    if expected is None:
        assert not report.errors, f"{_id(path)} should pass:\n{describe(report)}"
    else:
        assert error_rules(report) == expected, f"{_id(path)} reported:\n{describe(report)}"


@pytest.mark.parametrize("path", EXAMPLES, ids=_id)
def test_expect_lines_are_well_formed(path: Path) -> None:
    expected = expected_rules(path)
    in_bugs = path.parent.name == "bugs"
    assert (expected is not None) == in_bugs, "bug examples, and only they, carry # expect:"
    if expected is None:
        return
    assert expected, "an # expect: line lists at least one rule id"
    assert expected <= known_rule_ids()
    text = path.read_text(encoding="utf-8")
    assert text.count("# expect:") == 1
    graph = load_graph(path)
    assert graph.ops


@pytest.mark.parametrize("path", EXAMPLES, ids=_id)
def test_cli_agrees_with_the_api(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["check", str(path), "--format", "json"])
    data = json.loads(capsys.readouterr().out)
    expected = expected_rules(path) or set()
    assert {d["rule"] for d in data["diagnostics"] if d["severity"] == "error"} == expected
    assert {d["rule"] for d in data["diagnostics"] if d["severity"] == "warning"} == (
        expected_warnings(path)
    )
    assert code == (1 if expected else 0)
    assert data["ok"] is (not expected)


# -- the two DSA-CP prefill layouts exclude each other --------------------------------------


def test_tensorcast_example_fails_the_vllm_contract() -> None:
    report = check_file(TENSORCAST, "vllm-ascend-dsa-cp-prefill")
    assert not report.ok
    assert {"attention-local-query", "kv-gather-only"} <= report.rules()


def test_vllm_example_fails_the_tensorcast_contract() -> None:
    report = check_file(VLLM, "tensorcast-dsa-cp-prefill")
    assert not report.ok
    assert {"attention-full-token", "o-proj-token-slice"} <= report.rules()


def test_vllm_example_passes_its_contract_cleanly() -> None:
    report = check_file(VLLM, "vllm-ascend-dsa-cp-prefill")
    assert report.errors == () and report.warnings == (), describe(report)


def test_mc2_example_is_not_a_prefill_layout() -> None:
    assert not check_file(MC2, "tensorcast-dsa-cp-prefill").ok


# -- shapes ---------------------------------------------------------------------------------


def typed(path: Path) -> TypedGraph:
    return interpret(load_graph(path))


def shape(graph: TypedGraph, ref: str) -> tuple[int, ...]:
    value = graph.value(ref)
    assert not value.is_top, f"{ref} is untyped"
    return tuple(int(dim) for dim in graph.numeric_shape(value))


def assert_value(
    graph: TypedGraph, ref: str, dims: tuple[int, ...], tokens: TokenLayout | None = None
) -> None:
    assert shape(graph, ref) == dims, ref
    if tokens is not None:
        assert graph.value(ref).tokens is tokens, ref


def test_tensorcast_layer_shapes() -> None:
    g = typed(TENSORCAST)
    attn = "model.layers.5.self_attn"
    assert_value(g, f"{attn}.attn_gather", (4096, 6144), FULL)
    assert_value(g, f"{attn}.attn", (4096, 64, 256), FULL)
    assert_value(g, f"{attn}.o_proj_slice", (256, 64, 256), LOCAL)
    assert_value(g, f"{attn}.o_proj_flatten", (256, 16384), LOCAL)  # o_proj input
    assert_value(g, f"{attn}.o_proj", (256, 6144), LOCAL)
    assert_value(g, "model.layers.5.post_attention_layernorm:0", (256, 6144), LOCAL)  # gate input
    assert_value(g, "model.layers.5.mlp.gate", (256, 256), LOCAL)
    assert_value(g, "model.layers.5.mlp.topk:0", (256, 8), LOCAL)
    assert_value(g, "model.layers.5.mlp.topk:1", (256, 8), LOCAL)
    assert_value(g, "model.layers.5.mlp.experts", (256, 6144), LOCAL)
    assert_value(g, "model.layers.5.mlp.combine", (256, 6144), LOCAL)


def test_vllm_layer_shapes() -> None:
    g = typed(VLLM)
    attn = "model.layers.5.self_attn"
    assert_value(g, f"{attn}.kv_pack", (256, 704), LOCAL)
    assert_value(g, f"{attn}.kv_gather", (4096, 704), FULL)
    assert_value(g, f"{attn}.kv_unpack:0", (4096, 64), FULL)
    assert_value(g, f"{attn}.kv_unpack:1", (4096, 512), FULL)
    assert_value(g, f"{attn}.kv_unpack:2", (4096, 128), FULL)
    assert_value(g, f"{attn}.kv_latent", (4096, 576), FULL)
    assert_value(g, f"{attn}.q_b_proj", (256, 16384), LOCAL)
    assert_value(g, f"{attn}.indexer", (256, 2048), LOCAL)
    assert_value(g, f"{attn}.attn", (256, 64, 256), LOCAL)
    assert_value(g, f"{attn}.o_proj", (256, 6144), LOCAL)
    assert_value(g, "model.layers.5.mlp.shared_experts.gate_up_proj", (256, 4096), LOCAL)
    assert_value(g, "model.layers.5.mlp.shared_experts.down_proj", (256, 6144), LOCAL)
    assert_value(g, "model.layers.5.mlp.combine", (256, 6144), LOCAL)
    gathers = [op.name for op in g.graph.ops if op.kind == "all_gather"]
    assert gathers == [f"{attn}.kv_gather"]


def test_mc2_decode_shapes() -> None:
    g = typed(MC2)
    mlp = "model.layers.5.mlp"
    assert_value(g, "hidden", (9, 6144), FULL)
    assert_value(g, f"{mlp}.gate", (9, 256), FULL)
    assert_value(g, f"{mlp}.prepare.pad_logits", (12, 256), FULL)
    assert_value(g, f"{mlp}.prepare.slice_logits", (3, 256), LOCAL)
    assert_value(g, f"{mlp}.prepare.slice_hidden", (3, 6144), LOCAL)
    assert_value(g, f"{mlp}.topk:0", (3, 8), LOCAL)
    assert_value(g, f"{mlp}.topk:1", (3, 8), LOCAL)
    assert_value(g, f"{mlp}.experts", (3, 6144), LOCAL)
    assert_value(g, f"{mlp}.finalize.all_gather", (12, 6144), FULL)
    assert_value(g, f"{mlp}.finalize.unpad", (9, 6144), FULL)
    assert_value(g, f"{mlp}.shared_experts.all_reduce", (9, 6144), FULL)
    assert_value(g, f"{mlp}.combine", (9, 6144), FULL)


def test_rfc_gathered_residual_inflates_to_65536() -> None:
    report = check_file(GRAPHS / "bugs" / "rfc-gathered-residual.yaml")
    (found,) = [d for d in report.diagnostics if d.rule == "gather-of-full"]
    assert found.op == "model.layers.5.self_attn.attn_gather"
    assert "65536" in found.message


def wrong_indexer_key_graph() -> str:
    """The vLLM example with k_nope [4096, 512] wired into the indexer instead of k_indexer."""
    return VLLM.read_text(encoding="utf-8").replace(
        "inputs: [model.layers.5.self_attn.q_a_layernorm, model.layers.5.self_attn.kv_unpack:2]",
        "inputs: [model.layers.5.self_attn.q_a_layernorm, model.layers.5.self_attn.kv_unpack:1]",
    )


def test_wrong_indexer_key_probe_applies() -> None:
    assert wrong_indexer_key_graph() != VLLM.read_text(encoding="utf-8")


def test_indexer_key_of_the_wrong_width_is_a_shape_mismatch() -> None:
    report = check_graph(
        loads_graph(wrong_indexer_key_graph(), source="wrong-indexer-key.yaml"),
        load_contract("vllm-ascend-dsa-cp-prefill"),
    )
    assert "shape-mismatch" in report.rules()
