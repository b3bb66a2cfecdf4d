"""The application layer: a session reads the config once, types the graph once, and derives
check, cost and memory from that one typed graph, with one quantization for cost and memory."""

from __future__ import annotations

from typing import Any

import pytest
import sympy

import layoutcheck.session
from layoutcheck import quant
from layoutcheck.cost.query import evaluate, query_expr
from layoutcheck.roles import Part
from layoutcheck.session import Options, Session
from tests.helpers import run

GLM = Options("glm-5.1", tp=16, sp=True)


def test_the_config_is_read_once_and_the_graph_typed_once(monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[object] = []
    real = layoutcheck.session.load_config
    monkeypatch.setattr(layoutcheck.session, "load_config", lambda s: reads.append(s) or real(s))
    session = Session(GLM)
    report = session.check()
    session.cost("a3-752t")
    session.memory()
    assert len(reads) == 1
    assert report.typed is session.typed  # the check's typed graph is the one cost reads


@pytest.fixture(scope="module")
def priced() -> dict[str, object]:
    plain, w8a8 = Session(GLM), Session(Options("glm-5.1", tp=16, sp=True, quant="w8a8"))
    return {"bf16": plain.cost("a3-752t"), "w8a8": w8a8.cost("a3-752t"), "session": w8a8}


def _linear(report: object, part: Part) -> object:
    return next(
        e
        for e in report.entries  # type: ignore[attr-defined]
        if e.kind == "linear" and report.graph.op(e.name).role.part is part  # type: ignore[attr-defined]
    )


def test_w8a8_prices_linears_on_the_int8_peak_with_one_byte_weights(
    priced: dict[str, object],
) -> None:
    bf16, w8a8 = priced["bf16"], priced["w8a8"]
    for part, stays_float in ((Part.Q_A_PROJ, False), (Part.O_PROJ, False)):
        before, after = _linear(bf16, part), _linear(w8a8, part)
        (dtype_before, flops), (dtype_after, flops_after) = before.cost.mma[0], after.cost.mma[0]
        assert (dtype_before, dtype_after) == ("bf16", "int8") and flops == flops_after
        op = w8a8.graph.op(after.name)  # type: ignore[attr-defined]
        n_in, n_out = op.attr("in_features"), op.attr("out_features")
        weight_before = n_in * n_out * 2
        # 1-byte weights: the rank's weight read halves, activations unchanged
        assert sympy.simplify(before.cost.hbm_bytes - after.cost.hbm_bytes - weight_before / 2) == 0
        assert not stays_float


def test_the_recipe_keeps_its_float_exceptions_in_the_cost(priced: dict[str, object]) -> None:
    w8a8 = priced["w8a8"]
    gate = next(e for e in w8a8.entries if e.kind == "moe_gate")  # type: ignore[attr-defined]
    # the router stays float (FLOAT_ROLES), in fp32 as the HF code and TensorCast run it
    assert gate.cost.mma[0][0] == "fp32"


def test_cost_and_memory_read_one_description(priced: dict[str, object]) -> None:
    session = priced["session"]
    assert isinstance(session, Session)
    items = session.memory()
    o_proj = [i for i in items if i.module.endswith("layers.5.self_attn.o_proj")]
    # memory holds the o_proj weight as W8A8 (1 byte) with its scales: the same recipe
    assert session.description.type_name("model.layers.5.self_attn.o_proj", None) == "W8A8_DYNAMIC"
    assert any(i.category == "quantization auxiliaries" for i in o_proj)
    op = session.quantized.graph.op("model.layers.5.self_attn.o_proj")
    assert op.attr("quant") == quant.TYPE_ATTRS[session.description.type_name(op.name, op.role)]


def test_query_with_a_recipe_prices_the_quantized_graph(priced: dict[str, object]) -> None:
    code, out, err = run("query", "glm-5.1", "--tp", "16", "--sp", "--quant", "w8a8", "linear")
    assert (code, err) == (0, "")
    w8a8, bf16 = priced["w8a8"], priced["bf16"]
    expected = evaluate(w8a8, query_expr(w8a8, "linear"), {})
    assert out.strip() == f"linear = {expected:.3f} µs"
    assert expected < evaluate(bf16, query_expr(bf16, "linear"), {})


@pytest.mark.parametrize("command", ["cost", "compare", "query", "memory"])
def test_every_pricing_command_takes_the_quantization_options(command: str) -> None:
    extra = ["total"] if command == "query" else []
    code, _, err = run(command, "glm-5.1", "--tp", "16", "--sp", "--quant", "w4a4", *extra)
    assert code == 2 and "--quant 'w4a4'" in err


# -- target kinds: the session asks its kind, it never branches on what the target is --------


def test_each_target_is_its_kind() -> None:
    from layoutcheck.session import EngineTarget, GraphFileTarget, ModelTarget, target_kind

    assert isinstance(target_kind("glm-5.1"), ModelTarget)
    assert isinstance(target_kind("specs/graphs/mc2-decode-moe.yaml"), GraphFileTarget)
    assert isinstance(
        target_kind("tests/data/engine-graphs/qwen3-dense-tp2-sp-row-bf16.pt2"), EngineTarget
    )


def test_a_kind_of_ones_own_supplies_the_graph_and_its_findings() -> None:
    from layoutcheck.diagnostics import Diagnostic, Severity
    from layoutcheck.graph_io import load_graph
    from layoutcheck.rules import BAD_SPEC
    from layoutcheck.session import TargetKind

    class Fixed(TargetKind):
        name = "fixed graph"

        def graph(self, session: Session) -> Any:
            return load_graph("specs/graphs/mc2-decode-moe.yaml")

        def extra_diagnostics(self, session: Session) -> tuple[Diagnostic, ...]:
            return (Diagnostic(BAD_SPEC, Severity.WARNING, "said by the kind", "none"),)

    session = Session(Options(target="anything"))
    session.kind = Fixed()  # the one place a session learns what its target is
    report = session.check()
    assert report.graph == "glm51-layer5-mc2-decode-moe"
    assert [d.message for d in report.warnings][-1] == "said by the kind"
    assert report.ok and not session.is_model and not session.is_engine
