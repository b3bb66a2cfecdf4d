"""The ``requests:`` block of a graph file: per-request metadata read, written back, and checked
on every rank's LOCAL slice (``layoutcheck.requests``) by ``check`` and for every value of
``check --for-all``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from layoutcheck.graph_io import SpecError, dumps_graph, load_graph, loads_graph
from layoutcheck.interp import interpret
from layoutcheck.requests import RequestChecks, Screen, check_requests, first_failure
from tests.helpers import errors_of, run

BUGS = Path(__file__).resolve().parent / "bugs"

# vLLM-Ascend PR 12840's batch written with R active requests: 20 four-token slots at capture
# size 80, TP 8, slots past R padded (seq_lens 0); the engine's formula before the fix
DSA_CP = """\
format: layoutcheck-graph/1
name: dsa-cp-requests
symbols: {T: 80, tp: 8, H: 64, R: 9}
token_count: T
requests:
  slots: T/4
  query_start_loc: 4*i
  seq_lens: (128 + i)*min(max(R - i, 0), 1)
  local_seq_lens: FORMULA
inputs:
  hidden: {shape: [T, H], tokens: full, features: whole, dtype: bf16}
ops:
  - name: model.layers.0.self_attn.dsa_cp_slice
    op: token_slice
    inputs: [hidden]
    attrs: {group: tp}
outputs: [model.layers.0.self_attn.dsa_cp_slice]
"""
BUGGY = "seq_len - (query_end - local_query_end)"
FIXED = "max(seq_len - (query_end - local_query_end), 0)"
SLICE = "model.layers.0.self_attn.dsa_cp_slice"

# one request over tokens an MC2-style pad extends to a multiple of tp, then sliced
PADDED = """\
format: layoutcheck-graph/1
name: padded-requests
symbols: {T: 9, tp: 4, H: 64}
token_count: T
requests:
  slots: 1
  query_start_loc: i*END
  seq_lens: [T]
  local_seq_lens: max(seq_len - (query_end - local_query_end), 0)
inputs:
  hidden: {shape: [T, H], tokens: full, features: whole, dtype: bf16}
ops:
  - name: model.layers.0.mlp.pad
    op: pad_tokens
    inputs: [hidden]
    attrs: {group: tp}
  - name: model.layers.0.mlp.slice
    op: token_slice
    inputs: [model.layers.0.mlp.pad]
    attrs: {group: tp}
outputs: [model.layers.0.mlp.slice]
"""


def _file(tmp_path: Path, text: str, name: str = "graph.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _rules(text: str) -> list[tuple[str, str | None, str]]:
    typed = interpret(loads_graph(text))
    return [(str(d.rule), d.op, d.message) for d in check_requests(typed)]


# -- reading and writing -----------------------------------------------------------------------


def test_the_block_reads_back_as_it_was_written() -> None:
    graph = loads_graph(DSA_CP.replace("FORMULA", FIXED))
    again = loads_graph(dumps_graph(graph))
    assert again.requests == graph.requests
    written = dumps_graph(graph)
    assert "query_start_loc: 4*i" in written
    assert "max(" in written and "_plus_one" not in written


def test_names_that_may_be_zero_are_not_simplified_as_positive() -> None:
    # read as positive symbols, max(seq_len - 1, 0) would become seq_len - 1: -1 on a padded
    # slot; read as names that may be 0 it stays a clamp, and nothing is negative
    clamped = DSA_CP.replace("FORMULA", "max(seq_len - 1, 0)")
    assert _rules(clamped) == []
    assert [rule for rule, _, _ in _rules(DSA_CP.replace("FORMULA", "seq_len - 1"))] == [
        "negative-local-length"
    ]


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (("  slots: T/4\n", "  slots: T/4\n  batch: 3\n"), "unknown key 'batch'"),
        (("  query_start_loc: 4*i\n", ""), "query_start_loc is required"),
        (("R: 9}", "R: 9, seq_len: 3}"), "the symbol 'seq_len' is a name the requests block"),
        (("4*i", "4*j"), "unknown symbol 'j'"),
        (("4*i", "__import__('os')"), "requests: query_start_loc"),
    ],
)
def test_a_malformed_block_is_an_input_error(change: tuple[str, str], says: str) -> None:
    text = DSA_CP.replace("FORMULA", FIXED).replace(*change)
    with pytest.raises(SpecError, match=None) as raised:
        loads_graph(text)
    assert says in str(raised.value)


def test_a_malformed_block_exits_2_with_one_line(tmp_path: Path) -> None:
    path = _file(tmp_path, DSA_CP.replace("FORMULA", "seq_len -"))
    result = run("check", path)
    assert result.code == 2
    assert "requests: local_seq_lens" in result.err
    assert "Traceback" not in result.err


# -- the checks at the graph's own values ------------------------------------------------------


def test_a_padded_slot_clipped_at_a_rank_boundary_gets_a_negative_length() -> None:
    (found,) = _rules(DSA_CP.replace("FORMULA", BUGGY))
    rule, op, message = found
    assert (rule, op) == ("negative-local-length", SLICE)
    # slot 12 ([48, 52)) on rank 4 ([40, 50)) first, then the PR's slot 17 on rank 6
    assert "request slot 12 (tokens [48, 52), seq_len 0) on rank 4" in message
    assert "gets local key length -2" in message
    assert "also slot 17 on rank 6" in message


def test_the_clamped_formula_and_a_full_batch_pass() -> None:
    assert _rules(DSA_CP.replace("FORMULA", FIXED)) == []
    # 18 real requests: slots 2, 7, 12 and 17 that cross a boundary are real (seq_len > 2)
    assert _rules(DSA_CP.replace("FORMULA", BUGGY).replace("R: 9", "R: 18")) == []


def test_offsets_that_stop_short_of_the_padded_rows_are_reported_at_the_slice() -> None:
    found = _rules(PADDED.replace("END", "T"))  # 9 tokens of requests, 12 rows sliced
    assert [(rule, op) for rule, op, _ in found] == [
        ("query-start-offsets", "model.layers.0.mlp.slice"),
        ("local-length-sum", "model.layers.0.mlp.slice"),
    ]
    assert "ends at 9, but model.layers.0.mlp.slice slices 12 token rows" in found[0][2]
    # rank 2 holds rows [6, 9): 3 rows, the requests give it 3; rank 3 ([9, 12)) gets none
    assert (
        "on rank 3 (rows [9, 12)) the requests' local query lengths sum to 0 of its 3"
        in (found[1][2])
    )
    assert _rules(PADDED.replace("END", "ceil(T/tp)*tp")) == []


def test_decreasing_offsets_and_a_count_mismatch_are_the_requests_as_a_whole() -> None:
    decreasing = PADDED.replace("  slots: 1\n", "  slots: 2\n").replace(
        "query_start_loc: i*END", "query_start_loc: [0, 8, 4]"
    )
    decreasing = decreasing.replace("seq_lens: [T]", "seq_lens: [8, 4]")
    ((rule, op, message),) = _rules(decreasing)
    assert (rule, op) == ("query-start-offsets", None)
    assert "decreases at slot 1: 8 then 4" in message
    extra = PADDED.replace("query_start_loc: i*END", "query_start_loc: [0, 10, 12]")
    ((rule, op, message),) = _rules(extra.replace("  slots: 1\n", ""))
    assert (rule, op) == ("request-count-mismatch", None)
    assert "slots is 1, query_start_loc holds 2 requests (3 offsets), seq_lens 1" in message


def test_check_reports_them_through_the_cli(tmp_path: Path) -> None:
    result = run("check", _file(tmp_path, DSA_CP.replace("FORMULA", BUGGY)), "--format", "json")
    assert result.code == 1
    assert [(d["rule"], d["op"]) for d in errors_of(result.json())] == [
        ("negative-local-length", SLICE)
    ]


def test_a_symbol_without_a_value_leaves_the_requests_unchecked() -> None:
    assert _rules(DSA_CP.replace("FORMULA", BUGGY).replace("R: 9", "R: null")) == []
    # one the requests do not read is no matter
    found = _rules(DSA_CP.replace("FORMULA", BUGGY).replace("H: 64", "H: null"))
    assert [rule for rule, _, _ in found] == ["negative-local-length"]


# -- for every value ---------------------------------------------------------------------------


def test_for_all_names_the_smallest_request_count_that_fails(tmp_path: Path) -> None:
    path = _file(tmp_path, DSA_CP.replace("FORMULA", BUGGY))
    result = run("check", path, "--for-all", "R=1..20", "--format", "json")
    assert result.code == 1
    proof = json.loads(result.out)["for_all"]
    # one real request leaves slot 2 ([8, 12)) padded across rank 0's boundary at 10
    assert proof["smallest_failure"] == 1
    assert (proof["rule"], proof["op"]) == ("negative-local-length", SLICE)
    assert proof["requests_checked"] is True
    shown = proof["at_failure"]["diagnostics"]
    assert [d["rule"] for d in shown] == ["negative-local-length"]
    assert "request slot 2 (tokens [8, 12), seq_len 0) on rank 0" in shown[0]["message"]
    # from 18 real requests on, every slot that crosses a boundary is real
    assert run("check", path, "--set", "R=18", "--for-all", "R=18..20").code == 0


def test_for_all_proves_the_fixed_formula_for_every_request_count(tmp_path: Path) -> None:
    result = run("check", _file(tmp_path, DSA_CP.replace("FORMULA", FIXED)), "--for-all", "R=1..20")
    assert result.code == 0, result.out
    assert "every request's local lengths non-negative and summing to its rank's rows" in (
        result.out
    )


def test_for_all_proves_requests_over_a_padded_layout(tmp_path: Path) -> None:
    path = _file(tmp_path, PADDED.replace("END", "ceil(T/tp)*tp"))
    result = run("check", path, "--for-all", "T=1..4096", "--format", "json")
    assert result.code == 0, result.out
    assert json.loads(result.out)["for_all"]["proved"] is True
    # offsets ending at T instead: the first count tp does not divide
    short = _file(tmp_path, PADDED.replace("END", "T"), "short.yaml")
    result = run("check", short, "--for-all", "T=8..20", "--format", "json")
    proof = json.loads(result.out)["for_all"]
    assert (proof["smallest_failure"], proof["rule"]) == (9, "query-start-offsets")


def test_for_all_refuses_a_range_of_too_many_request_pairs(tmp_path: Path) -> None:
    text = PADDED.replace("  slots: 1\n", "  slots: T\n").replace("seq_lens: [T]", "seq_lens: 1")
    text = text.replace("query_start_loc: i*END", "query_start_loc: i")
    result = run("check", _file(tmp_path, text), "--for-all", "T=1..5000000")
    assert result.code == 2
    assert "(slot, rank) pairs" in result.err


def test_the_bug_reports_hold_their_verdicts() -> None:
    for report, graph, wanted in (
        ("vllm-ascend-12840", "buggy", {"negative-local-length"}),
        ("vllm-ascend-12840", "fixed", set()),
        ("vllm-ascend-7858", "buggy", {"request-count-mismatch"}),
        ("vllm-ascend-7858", "fixed", set()),
    ):
        typed = interpret(load_graph(BUGS / report / f"{graph}.yaml"))
        assert {str(d.rule) for d in check_requests(typed)} == wanted, (report, graph)


@pytest.mark.parametrize(
    ("text", "name", "span"),
    [
        (DSA_CP.replace("FORMULA", BUGGY), "R", range(1, 21)),
        (DSA_CP.replace("FORMULA", BUGGY), "T", range(1, 200)),
        (DSA_CP.replace("FORMULA", FIXED).replace("tp: 8", "tp: 3"), "T", range(1, 200)),
        (PADDED.replace("END", "T"), "T", range(1, 100)),
        (PADDED.replace("END", "ceil(T/tp)*tp").replace("[T]", "[1]"), "T", range(1, 100)),
    ],
)
def test_the_array_screen_flags_every_value_the_one_by_one_check_fails(
    text: str, name: str, span: range
) -> None:
    # --for-all screens the values as arrays and checks its suspects one by one: it may flag
    # more (a slice whose ranks·rows is not its extent), never fewer; on these graphs exactly
    # the failing values, and the first failure is the one a value-by-value loop finds
    typed = interpret(loads_graph(text))
    assert typed.graph.requests is not None
    checks = RequestChecks(typed, typed.graph.requests)
    position = checks.names.index(name)
    known = dict(typed.graph.symbols)
    point = [float(known[n] or 0) for n in checks.names]
    failing = set()
    for value in span:
        point[position] = float(value)
        if checks.findings(point):
            failing.add(value)
    flagged = Screen(checks, position, point).suspects(np.arange(span.start, span.stop, 1.0))
    assert failing == {span.start + int(k) for k in np.flatnonzero(flagged)}
    fixed = {n: v for n, v in typed.graph.symbols if v is not None}
    found = first_failure(typed, name, span, fixed)
    assert (found[0] if found else None) == (min(failing) if failing else None)
