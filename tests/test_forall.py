"""``check --for-all SYM=a..b``: size conditions proved over a range of token counts, or the
smallest count that fails named with its op and rule (TensorCast issue 90: 127 tokens at TP 2)."""

from __future__ import annotations

import json

import pytest

from layoutcheck.forall import Condition, Range, conditions, prove
from layoutcheck.interp import interpret
from layoutcheck.symbols import symbol
from tests.helpers import run

GRAPH = "specs/graphs/glm51-layer-tensorcast-dsa-cp.yaml"


def test_the_mc2_decode_form_pads_so_every_token_count_works() -> None:
    # MC2 decode pads the tokens to a multiple of tp before its dispatch (the builder's
    # pad_tokens): proved for T = 1..65536, and the ceil(T/tp) slices are among the conditions
    result = run(
        "check", "glm-5.1", "--tp", "4", "--dp", "8", "--phase", "decode", "--tokens", "9",
        "--for-all", "T=1..65536", "--format", "json",
    )  # fmt: skip
    assert result.code == 0, result.err
    proof = json.loads(result.out)["for_all"]
    assert proof["proved"] is True
    assert proof["smallest_failure"] is None
    assert proof["conditions"] >= 2


def test_an_sp_graph_without_padding_fails_at_the_first_odd_count_on_tp_2() -> None:
    # built at 128 tokens, the SP rewrite needs no pad there; 127 tokens cannot be
    # reduce-scattered over 2 ranks, and that is the op a user at 127 tokens meets
    result = run(
        "check", "qwen3-8b", "--tp", "2", "--sp", "--tokens", "128",
        "--for-all", "T=126..130", "--format", "json",
    )  # fmt: skip
    assert result.code == 1
    document = json.loads(result.out)
    proof = document["for_all"]
    assert proof["smallest_failure"] == 127
    assert proof["condition"] == "T/2"
    found = document["for_all"]["at_failure"]["diagnostics"]
    # every reduce-scatter of the SP build, each once (checking goes on after the first)
    assert found[0]["op"] == "model.embed_tokens.reduce_scatter"
    assert {d["rule"] for d in found} == {"indivisible"}
    assert all(d["op"].endswith("reduce_scatter") for d in found)
    assert document["ok"] is False


def test_the_text_report_shows_the_check_at_the_failing_count() -> None:
    result = run("check", GRAPH, "--for-all", "T=4080..4100")
    assert result.code == 1
    assert "at T=4081:" in result.out
    assert "16 ranks cannot hold equal slices of 4081 tokens  [indivisible]" in result.out
    assert (
        result.out.rstrip()
        .splitlines()[-1]
        .startswith("FAILED: T = 4081 is the smallest value in T = 4080..4100 that fails")
    )


def test_a_range_of_multiples_is_proved_by_evaluation() -> None:
    # only multiples of 16 are in 4096..4096: the conditions hold at every value given
    result = run("check", GRAPH, "--for-all", "T=4096..4096")
    assert result.code == 0, result.out
    assert "ok: proved for T = 4096..4096" in result.out


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("T=5", "write SYM=a..b"),
        ("T=9..3", "need 1 <= a <= b"),
        ("T=0..3", "need 1 <= a <= b"),
        ("T=1..99999999", "the limit is 10,000,000"),
        ("X=1..8", "the graph has no symbol 'X'"),
    ],
)
def test_a_bad_range_is_one_line_and_exit_2(text: str, says: str) -> None:
    result = run("check", GRAPH, "--for-all", text)
    assert result.code == 2
    assert says in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err


def test_conditions_name_the_local_slice_and_skip_what_does_not_vary() -> None:
    from layoutcheck.graph_io import load_graph

    typed = interpret(load_graph(GRAPH))
    found = conditions(typed, "T")
    texts = {str(c.expr) for c in found}
    assert "T/16" in texts  # tp is 16 in the file: the LOCAL inputs' rows
    assert all(symbol("T") in c.expr.free_symbols for c in found)


def test_prove_checks_suspects_concretely_and_gives_up_when_none_fails() -> None:
    from layoutcheck.graph_io import load_graph

    typed = interpret(load_graph(GRAPH))
    span = Range.parse("T=1..100")
    never = prove(typed, span, lambda value: (False, None))
    assert not never.proved and never.undecided
    always = prove(typed, span, lambda value: (True, value))
    assert always.failure == 1 and always.shown == 1
    assert isinstance(always.failed, Condition)


@pytest.mark.parametrize(
    ("span", "smallest"),
    [
        # floats round T/16 to a whole number here: 999999999985/16 is 62499999999.0625
        ("T=999999999984..1000000000000", 999999999985),
        ("T=2000000000..2000000100", 2000000001),
        ("T=68719476736..68719476800", 68719476737),  # 2**36 and on
        ("T=999990000001..1000000000000", 999990000001),  # a block of values beyond floats
    ],
)
def test_for_all_is_exact_at_every_magnitude(span: str, smallest: int) -> None:
    result = run("check", GRAPH, "--for-all", span, "--format", "json")
    assert result.code == 1, result.out
    proof = json.loads(result.out)["for_all"]
    assert (proof["proved"], proof["smallest_failure"]) == (False, smallest)


def test_a_multiple_beyond_floats_is_still_proved() -> None:
    result = run("check", GRAPH, "--for-all", "T=999999999984..999999999984")
    assert result.code == 0, result.out


def test_a_range_near_2_63_is_refused_by_the_limit_in_one_line() -> None:
    result = run("check", GRAPH, "--for-all", "T=9223372036854775800..9223372036854775807")
    assert result.code == 2
    assert result.err.strip().splitlines() == [
        "layoutcheck: error: --for-all T=9223372036854775800..9223372036854775807: need "
        "1 <= a <= b <= 1,000,000,000,000"
    ]


def test_exact_values_of_size_formulas() -> None:
    from fractions import Fraction

    import sympy

    from layoutcheck.exact import denominators, exact_value

    t = symbol("T")
    assert exact_value(t / 16, {"T": 999999999985}) == Fraction(999999999985, 16)
    assert exact_value(sympy.ceiling(t / 16) * 16, {"T": 999999999985}) == 1000000000000
    assert exact_value(sympy.Max(t, 3) - sympy.Mod(t, 5), {"T": 7}) == 5
    assert denominators(sympy.floor(t / 3) / 2 + t / 8) == 24


def test_a_model_failing_where_its_own_build_would_pad_says_so() -> None:
    """--for-all proves the graph built at the default 4096 tokens; at T = 1 that graph's
    reduce_scatter cannot split, while the model built for 1 token pads and checks clean: the
    report says both, so the failure is not read as the model failing at T = 1."""
    result = run("check", "glm-5.1", "--tp", "16", "--sp", "--for-all", "T=1..8")
    assert result.code == 1
    lines = result.out.rstrip().splitlines()
    assert lines[-2] == (
        "note: this is the graph built for T = 4096, which the proof covers; the model built "
        "for T = 1 (--tokens 1) checks clean: the builder chooses its padding for the count it "
        "is built at, as an engine compiles for its sizes"
    )
    assert lines[-1].startswith("FAILED: T = 1 is the smallest value")
    graph_file = run("check", GRAPH, "--for-all", "T=4080..4100")
    assert "note: this is the graph built" not in graph_file.out  # a graph file is what it is
