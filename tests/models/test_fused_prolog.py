"""``--mla-prolog fused``: the builder's MLA q-side as one ``mla_prolog`` op, as TensorCast's
mlapo and vLLM-Ascend's mla_prolog run it — the same weights, the same verdicts, and
TensorCast's price for it (its 15 extra launches included)."""

from __future__ import annotations

import functools

import pytest

from layoutcheck.cost.trace import read_trace
from layoutcheck.cost.trace_compare import compare_with_trace
from layoutcheck.session import Options, Session
from tests.helpers import ROOT, run

D1 = {"phase": "decode", "dp": 8, "tp": 4, "ep": 32, "tokens": 8, "context": 4096}
P2 = {"tp": 16, "ep": 16}
Q_SIDE = ("q_a_proj", "q_a_layernorm", "q_b_proj", "q_rope", "kv_a_proj_with_mqa", "k_rope")


@functools.cache
def session(form: str, run_: str) -> Session:
    chosen = D1 if run_ == "d1" else P2
    return Session(Options("glm-5.1", quant="w8a8_dynamic", mla_prolog=form, **chosen))  # type: ignore[arg-type]


@pytest.mark.parametrize("run_", ["d1", "p2"])
def test_one_prolog_per_layer_and_no_separate_q_side(run_: str) -> None:
    graph = session("fused", run_).graph
    prologs = [op for op in graph.ops if op.kind == "mla_prolog"]
    assert [op.layer for op in prologs] == list(range(78))
    assert not [op for op in graph.ops if op.name.rpartition(".")[2] in Q_SIDE]
    assert session("fused", run_).check().ok


@pytest.mark.parametrize("run_", ["d1", "p2"])
def test_the_fused_form_holds_the_same_weights(run_: str) -> None:
    fused = session("fused", run_).memory("engine")
    separate = session("separate", run_).memory("engine")
    # every tensor the rank holds, with its bytes (the q-side weights named as the separate ones)
    assert {t.name: t.bytes for t in fused} == {t.name: t.bytes for t in separate}


def test_d1_prolog_costs_what_tensorcast_s_mlapo_does() -> None:
    chosen = session("fused", "d1")
    report = chosen.cost("a3-752t", rank=0, options={"model": "tensorcast"})  # TensorCast's model
    trace = read_trace(ROOT / "tests" / "data" / "tensorcast-runs" / "d1.trace.json.gz")
    result = compare_with_trace(trace, report, typed=chosen.quantized)
    (row,) = [r for r in result.kinds if r.key == "mla_prolog"]
    assert row.layoutcheck_us == pytest.approx(row.tensorcast_us, rel=0.01)  # 8.07 / 8.08 ms
    # the whole step: within 11% raw, within 6% but for TensorCast's per-layer cache clones
    (clones,) = [r for r in result.kinds if r.key == "aten.clone"]
    tensorcast = result.total.tensorcast_us - clones.tensorcast_us
    assert abs(result.total.layoutcheck_us - tensorcast) <= 0.06 * tensorcast


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("glm-5.1", "--tp", "16", "--sp"), "not with --sp on a DSA model yet"),
        (("qwen3-8b", "--tp", "2"), "has no MLA q-side with q_lora_rank to fuse"),
    ],
)
def test_where_it_cannot_be_built_it_says_so_in_one_line(argv: tuple[str, ...], says: str) -> None:
    result = run("check", *argv, "--mla-prolog", "fused")
    assert result.code == 2
    assert len(result.err.strip().splitlines()) == 1 and says in result.err
