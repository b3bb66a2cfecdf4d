"""Axis lists from the command line and from Python, their refusals (one line, exit 2), and the
split into structures (each built once) and numeric points (priced together)."""

from __future__ import annotations

import pytest

from layoutcheck.design_space.axes import Axes, Structure, structures, workload
from layoutcheck.errors import UsageError
from tests.helpers import run


def test_lists_and_ranges_parse_in_order() -> None:
    axes = Axes.parse(
        "glm-5.1",
        {
            "tp": "4, 8,16",
            "dp": "1..8*2",
            "ep": "16,32",
            "sp": "on,off",
            "layout": "tensorcast,vllm-ascend",
            "tokens": "1024..3072+1024",
            "context": "0,4096",
            "quant": "w8a8_dynamic",
            "device": "a3-752t,a2-376t",
        },
    )
    assert axes.tp == (4, 8, 16)
    assert axes.dp == (1, 2, 4, 8)
    assert axes.ep == (16, 32)
    assert axes.sp == (True, False)
    assert axes.tokens == (1024, 2048, 3072)
    assert axes.context == (0, 4096)
    assert axes.device == ("a3-752t", "a2-376t")
    # every axis multiplies: 3·4·2·2·2·1·1 structures' worth × 3·2·2 numeric points
    assert axes.configurations() == 3 * 4 * 2 * 2 * 2 * 3 * 2 * 2


def test_defaults_are_the_single_runs() -> None:
    axes = Axes.parse("glm-5.1", {"tp": None})
    assert (axes.tp, axes.dp, axes.ep, axes.sp) == ((1,), (1,), (None,), (False,))
    assert axes.token_values("prefill") == (4096,)
    assert axes.token_values("decode") == (1,)


def test_python_values_read_as_the_command_line_does() -> None:
    axes = Axes.of("glm-5.1", {"tp": [4, 8], "sp": [True, False], "tokens": 2048})
    assert axes == Axes.parse("glm-5.1", {"tp": "4,8", "sp": "on,off", "tokens": "2048"})


@pytest.mark.parametrize(
    ("flag", "text", "says"),
    [
        ("--tp", "4,,8", "an empty value"),
        ("--tp", "4,x", "write a whole number, or a range"),
        ("--tp", "0", "must be 1.."),
        ("--tp", "4,4", "4 is given twice"),
        ("--tp", "٤", "write a whole number"),
        ("--tokens", "16..1*2", "need 1 <= a <= b"),
        ("--tokens", "1..100*1", "the step must grow the value"),
        ("--tokens", "1..100000+1", "more than 4,096 values"),
        ("--sp-axis", "yes", "use on, off or on,off"),
        ("--layout", "megatron", "use tensorcast, vllm-ascend"),
        ("--quant", "fp4", "use bf16, w8a8, w8a8_dynamic"),
        ("--phase", "train", "use prefill, decode"),
        ("--device", "a9-9000t", "a9-9000t"),
        ("--objective", "cheapest", "use latency, throughput, tokens-per-device"),
    ],
)
def test_a_bad_axis_is_one_line_and_exit_2(flag: str, text: str, says: str) -> None:
    code, out, err = run("search", "glm-5.1", flag, text)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and says.replace(",", "") in err.replace(",", "")


def test_an_unknown_model_is_refused_before_anything_runs() -> None:
    code, out, err = run("search", "no-such-model", "--tp", "4")
    assert code == 2 and out == "" and err.count("\n") == 1


def test_too_many_structures_are_refused() -> None:
    axes = Axes.parse("glm-5.1", {"tp": "1..4096+1", "dp": "1,2,3"})
    with pytest.raises(UsageError, match="12288 structures; the limit is 10000"):
        structures(axes)


def test_structure_axes_multiply_numeric_axes_do_not() -> None:
    axes = Axes.parse(
        "glm-5.1",
        {
            "tp": "4,8",
            "sp": "on,off",
            "layout": "tensorcast,vllm-ascend",
            "tokens": "1024,4096,16384",
            "device": "a3-752t,a2-376t",
        },
    )
    found = structures(axes)
    assert len(found) == 2 * 2 * 2  # tp × sp × layout; tokens and devices are not structures
    assert {(s.tp, s.sp, s.layout) for s in found} == {
        (tp, sp, layout)
        for tp in (4, 8)
        for sp in (True, False)
        for layout in ("tensorcast", "vllm-ascend")
    }
    numeric = workload(axes, found[0])
    assert numeric.pairs() == [(1024, 0), (4096, 0), (16384, 0)]
    assert numeric.devices == ("a3-752t", "a2-376t")


def test_a_prefill_context_is_its_own_structure_decode_is_not() -> None:
    """A prefill graph with a KV context has the symbol S and one without has not; a decode
    graph always has it."""
    prefill = Axes.parse("glm-5.1", {"context": "0,4096,8192"})
    forms = structures(prefill)
    assert [s.with_context for s in forms] == [False, True]
    assert workload(prefill, forms[0]).contexts == (0,)
    assert workload(prefill, forms[1]).contexts == (4096, 8192)
    decode = Axes.parse("glm-5.1", {"context": "0,4096", "phase": "decode"})
    (only,) = structures(decode)
    assert workload(decode, only).contexts == (0, 4096)


def test_the_deployment_is_tp_times_dp() -> None:
    s = Structure("glm-5.1", "decode", "bf16", False, "tensorcast", 4, 8, None)
    assert s.devices == 32 and s.expert_parallel == 32
    assert s.options(8, 4096).ep is None  # the builder's own default, tp·dp
