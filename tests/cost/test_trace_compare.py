"""``compare GRAPH --trace TRACE`` on the five shipped TensorCast traces: what is matched, that
the numbers are TensorCast's own event times and layoutcheck's own op times, how repetition
regions are counted, and the causes named.

TensorCast's side is computed here again from the trace JSON (and checked against TensorCast's
own per-op log); layoutcheck's from ``Session(...).cost(...)``, so these tests hold whatever the
cost formulas become.
"""

from __future__ import annotations

import functools
import gzip
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import attrs
import pytest

from layoutcheck.cost.report import CostReport, Numbers, by_layer
from layoutcheck.cost.trace import read_trace
from layoutcheck.cost.trace_compare import (
    CAUSES,
    Row,
    Terms,
    TraceComparison,
    compare_with_trace,
    event_terms,
    op_terms,
)
from layoutcheck.cost.trace_kinds import shipped_trace_kinds
from layoutcheck.cost.trace_match import (
    BY_KIND,
    BY_NODE,
    NO_NODE,
    NOT_PRICED_KIND,
    UNPRICED,
    align,
    executed_nodes,
)
from layoutcheck.session import Options, Session
from tests.helpers import ENGINE_GRAPHS, MODELS

# the share of TensorCast's time matched to layoutcheck ops, as measured (floors a little below)
COVERAGE_FLOOR = {
    "glm51-tp4-nosp-w8a8": 0.99,  # 99.5%: cache clones and buffer write-backs are not priced
    "glm51-tp4-sp-row-w8a8": 0.93,  # 93.6%: the lm_head after the known type error is unpriced
    "glm51-tp4-sp-default-w8a8": 0.99,  # 99.6%
    "glm51-decode-dp2-tp2-ep4": 0.93,  # 93.4%: decode's cache clones and write-backs are 6.6%
    "qwen3-dense-tp2-sp-row-bf16": 0.98,  # 98.8%
}
NOSP = "glm51-tp4-nosp-w8a8"
COLLECTIVE_STATIC_US = 10.0  # comm_analytic's static: in dur, not in the args


@attrs.frozen
class Case:
    session: Session
    report: CostReport
    numbers: dict[str, Numbers]
    comparison: TraceComparison
    raw: list[dict[str, Any]]  # the trace's complete events, as JSON


def trace_path(case: str) -> Path:
    return ENGINE_GRAPHS / f"{case}.trace.json.gz"


def raw_events(path: Path) -> list[dict[str, Any]]:
    document = json.loads(gzip.decompress(path.read_bytes()))
    return [event for event in document["traceEvents"] if event["ph"] == "X"]


@functools.cache
def case_of(case: str) -> Case:
    session = Session(Options(target=str(ENGINE_GRAPHS / f"{case}.pt2")))
    # TensorCast simulates rank 0, in its own model
    report = session.cost("a3-752t", rank=0, options={"model": "tensorcast"})
    trace = read_trace(trace_path(case))
    comparison = compare_with_trace(trace, report, program=session.program, typed=session.quantized)
    return Case(session, report, report.numbers(), comparison, raw_events(trace_path(case)))


def tensorcast_us(event: dict[str, Any]) -> float:
    """TensorCast's time of an event from its args, written out again: max(compute, memory) +
    static, a collective comm + its 10 µs static."""
    args = event["args"]
    if "comm_time_s" in args:
        return float(args["comm_time_s"]) * 1e6 + COLLECTIVE_STATIC_US
    if "compute_time_s" not in args:
        return 0.0
    roofline = max(float(args["compute_time_s"]), float(args["memory_access_time_s"]))
    return (roofline + float(args.get("static_cost_time_s", 0))) * 1e6


def layoutcheck_us(report: CostReport, numbers: dict[str, Numbers], kind: str) -> float:
    return sum(e.count * numbers[e.name].us for e in report.entries if e.kind == kind)


def row(comparison: TraceComparison, kind: str) -> Row:
    (found,) = [r for r in comparison.kinds if r.key == kind]
    return found


def expert_side(raw: list[dict[str, Any]]) -> range:
    """Positions strictly between the MoE dispatch and combine all_to_alls."""
    ends = [k for k, event in enumerate(raw) if event["name"] == "tensor_cast.all_to_all.default"]
    assert len(ends) == 2
    return range(ends[0] + 1, ends[1])


# -- coverage and totals ---------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(COVERAGE_FLOOR))
def test_most_of_tensorcasts_time_is_matched_by_engine_node(case: str) -> None:
    comparison = case_of(case).comparison
    assert comparison.method == BY_NODE
    assert comparison.coverage >= COVERAGE_FLOOR[case]
    matched = sum(r.tensorcast.total for r in comparison.kinds)
    assert comparison.coverage == pytest.approx(matched / comparison.total.tensorcast_us)


def log_totals(case: str) -> tuple[float, dict[str, tuple[float, float]]]:
    """TensorCast's printed total and per-target totals (µs, with half their last digit)."""
    text = (ENGINE_GRAPHS / f"{case}.log").read_text()
    scale = {"ms": 1e3, "us": 1.0, "ns": 1e-3}
    per_target = {}
    for name, number, unit in re.findall(r"^(\S+\.\S+)\s+([0-9.]+)(ms|us|ns)\s", text, flags=re.M):
        digits = len(number.split(".")[1])
        per_target[name] = (float(number) * scale[unit], 0.5 * 10**-digits * scale[unit])
    total = float(re.search(r"Total time for analytic: ([0-9.]+)ms", text).group(1))  # type: ignore[union-attr]
    return total * 1e3, per_target


@pytest.mark.parametrize("case", sorted(COVERAGE_FLOOR))
def test_tensorcasts_times_are_its_own_log(case: str) -> None:
    """The events' times, recombined from their parts, are TensorCast's printed per-op totals;
    their whole-µs durs are within rounding of them."""
    total, per_target = log_totals(case)
    comparison = case_of(case).comparison
    assert abs(comparison.total.tensorcast_us - total) <= 0.5
    assert comparison.unsplit_events == 0
    table = shipped_trace_kinds()
    sums: dict[str, float] = defaultdict(float)
    durations: dict[str, list[float]] = defaultdict(list)
    for event in read_trace(trace_path(case)).events:
        sums[event.name] += event_terms(event, table).total
        durations[event.name].append(event.dur_us)
    assert set(sums) == set(per_target)
    for name, (printed, half_digit) in per_target.items():
        assert abs(sums[name] - printed) <= half_digit + 1e-9, name
        assert abs(sum(durations[name]) - sums[name]) <= 0.5 * len(durations[name]) + 1e-6


@pytest.mark.parametrize("case", sorted(COVERAGE_FLOOR))
def test_the_rows_add_up_to_both_models_own_totals(case: str) -> None:
    found = case_of(case)
    comparison = found.comparison
    everything = sum(tensorcast_us(event) for event in found.raw)
    own = sum(e.count * found.numbers[e.name].us for e in found.report.entries)
    assert comparison.total.tensorcast_us == pytest.approx(everything, abs=1e-6)
    assert comparison.total.layoutcheck_us == pytest.approx(own, abs=1e-6)
    for rows in (comparison.kinds, comparison.layers):
        assert sum(r.tensorcast_us for r in rows) == pytest.approx(everything, abs=1e-6)
        assert sum(r.layoutcheck_us for r in rows) == pytest.approx(own, abs=1e-6)
    for r in (*comparison.kinds, *comparison.layers, comparison.total):
        assert sum(r.term_deltas().values()) == pytest.approx(r.delta_us, abs=1e-6)
        assert r.cause is None or r.cause in CAUSES
    deltas = [abs(r.delta_us) for r in comparison.kinds]
    assert deltas == sorted(deltas, reverse=True)


# -- the per-kind table: TensorCast's sums and layoutcheck's -------------------------------------


def test_the_nosp_kinds_sum_tensorcasts_events_and_layoutchecks_ops() -> None:
    found = case_of(NOSP)
    comparison, raw, report, numbers = found.comparison, found.raw, found.report, found.numbers
    timed = {r.key for r in comparison.kinds if max(r.tensorcast_us, r.layoutcheck_us) > 0}
    assert {
        "all_reduce", "all_to_all", "moe_expert_compute", "sparse_attention", "linear",
        "mla_prolog", "dsa_indexer", "lm_head", "aten.clone", "aten.copy_",
    } <= timed  # fmt: skip
    inside = expert_side(raw)

    def named(target: str, experts: bool = False) -> list[dict[str, Any]]:
        return [e for k, e in enumerate(raw) if e["name"] == target and (k in inside) == experts]

    expected = {
        "sparse_attention": named("tensor_cast.mla_sparse_attention.default"),
        "all_reduce": named("tensor_cast.all_reduce.default"),
        "linear": named("tensor_cast.static_quant_linear.default"),  # not the experts' own
        "moe_expert_compute": [raw[k] for k in inside],
    }
    for kind, events in expected.items():
        r = row(comparison, kind)
        assert r.tensorcast_us == pytest.approx(sum(map(tensorcast_us, events)), abs=1e-6), kind
        assert abs(r.tensorcast_us - sum(e["dur"] for e in events)) <= 0.5 * len(events)
        assert r.layoutcheck_us == pytest.approx(layoutcheck_us(report, numbers, kind), abs=1e-6)
        assert r.tensorcast_unmatched_us == r.layoutcheck_unmatched_us == 0, kind
    # 4 layers of SFA (layers 0-2 one region counted three times), 7 all_reduces, 1 expert side
    assert (
        row(comparison, "sparse_attention").events,
        row(comparison, "sparse_attention").ops,
    ) == (
        4,
        4,
    )
    assert row(comparison, "all_reduce").ops == 7
    assert row(comparison, "moe_expert_compute").ops == 1
    assert row(comparison, "moe_expert_compute").events == len(inside)  # 392 events folded


def test_each_layer_of_a_repetition_region_gets_its_replayed_events() -> None:
    """The trace replays the region's body at each _internal_copy_region (the copies have no
    events of their own): layers 0-2 of the nosp run have the same events and the same times,
    and layoutcheck's per-layer times are its report's."""
    found = case_of(NOSP)
    assert not any("_internal" in event["name"] for event in found.raw)
    layers = {r.key: r for r in found.comparison.layers}
    assert set(layers) == {0, 1, 2, 3, None}
    first = layers[0]
    for layer in (1, 2):
        assert layers[layer].tensorcast_us == pytest.approx(first.tensorcast_us)
        assert layers[layer].events == first.events
    own = by_layer(found.report, found.numbers)
    for layer, r in layers.items():
        assert r.layoutcheck_us == pytest.approx(own[layer], abs=1e-6)


def test_the_engine_nodes_run_with_each_region_replayed() -> None:
    program = case_of(NOSP).session.program
    runs = executed_nodes(program)
    copies = sum(node.target.endswith("_internal_copy_region.default") for node in program.nodes)
    markers = sum("_internal_mark_region" in node.target for node in program.nodes)
    assert copies == 2 and markers == 4
    body = [node.name for node, repeat in runs if repeat == 1]
    assert body == [node.name for node, repeat in runs if repeat == 2]
    assert len(runs) == len(program.nodes) - copies - markers + 2 * len(body)
    assert not any("_internal" in node.target for node, _ in runs)


def test_what_layoutcheck_does_not_price_is_listed_with_its_time() -> None:
    comparison = case_of(NOSP).comparison
    timed = [u for u in comparison.unmatched if u.side == "tensorcast" and u.us > 0]
    by_name: dict[str, list[str]] = defaultdict(list)
    for item in timed:
        by_name[item.name].append(item.reason)
    assert {name: len(reasons) for name, reasons in by_name.items()} == {
        "aten.clone.default": 8,  # a clone of each cache view, two per layer
        "aten.copy_.default": 4,  # the mutated caches written back after the step
    }
    assert set(by_name["aten.clone.default"]) == {NOT_PRICED_KIND}
    assert set(by_name["aten.copy_.default"]) == {NO_NODE}
    assert sum(u.us for u in timed) == pytest.approx(
        row(comparison, "aten.clone").tensorcast_us + row(comparison, "aten.copy_").tensorcast_us
    )
    # every layoutcheck op run with time found its event
    assert not [u for u in comparison.unmatched if u.side == "layoutcheck" and u.us > 0]


def test_the_ops_after_a_type_error_are_priced_and_matched() -> None:
    """sp-row's sampler reads a global token position out of local rows (CASES.md): checking
    goes on with the FULL-token select it needed, so the lm_head after it (456 µs in
    TensorCast's trace) is priced and its event matched, not left unpriced."""
    comparison = case_of("glm51-tp4-sp-row-w8a8").comparison
    assert [u for u in comparison.unmatched if u.reason == UNPRICED] == []
    assert not comparison.unpriced
    assert not [u for u in comparison.unmatched if u.us > 400]  # the lm_head's event is matched


# -- a built model: by op kind, layer and token extent --------------------------------------------


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Case:
    config = json.loads((MODELS / "glm-5.1.json").read_text())
    config["num_hidden_layers"] = 4  # the layers the shipped traces hold
    folder = tmp_path_factory.mktemp("glm4")
    (folder / "config.json").write_text(json.dumps(config))
    options = Options(target=str(folder), tp=4, ep=4, tokens=512, quant="w8a8_dynamic")
    session = Session(options)
    report = session.cost("a3-752t", rank=0, options={"model": "tensorcast"})
    trace = read_trace(trace_path(NOSP))
    comparison = compare_with_trace(trace, report, typed=session.quantized)
    return Case(session, report, report.numbers(), comparison, raw_events(trace_path(NOSP)))


def test_a_built_model_is_matched_by_kind_layer_and_extent(built: Case) -> None:
    comparison = built.comparison
    assert comparison.method == BY_KIND
    assert comparison.coverage >= 0.85  # 87%: the model has no mlapo, quantize or cache ops
    assert {r.key for r in comparison.layers} == {0, 1, 2, 3, None}
    # the model's one MoE op prices dispatch, experts and combine: the events from the
    # dispatch all_to_all to the combine, both included
    inside = expert_side(built.raw)
    block = [built.raw[k] for k in range(inside.start - 1, inside.stop + 1)]
    experts = row(comparison, "moe_experts")
    assert experts.tensorcast_us == pytest.approx(sum(map(tensorcast_us, block)), abs=1e-6)
    assert experts.layoutcheck_us == pytest.approx(
        layoutcheck_us(built.report, built.numbers, "moe_experts"), abs=1e-6
    )
    attention = row(comparison, "sparse_attention")
    assert (attention.events, attention.ops, attention.tensorcast_unmatched_us) == (4, 4, 0)
    # what a built model has and the trace does not is listed, not dropped
    assert any(
        u.side == "layoutcheck" and u.kind == "rope" and u.us > 0 for u in comparison.unmatched
    )
    assert any(u.name == "tensor_cast.mlapo_quant.default" for u in comparison.unmatched)


# -- the pieces ---------------------------------------------------------------------------------


def test_align_skips_what_only_one_side_has() -> None:
    expected = ["a", "b", "c", "d", "e", "f", "g"]
    observed = ["x", "a", "b", "x", "c", "d", "f", "g", "y"]  # x, y inserted; e left out
    pairs = align(expected, observed)
    assert [(expected[i], observed[j]) for i, j in pairs] == [
        (name, name) for name in ("a", "b", "c", "d", "f", "g")
    ]
    assert align([], observed) == [] and align(expected, []) == []


def test_an_event_is_split_into_tensorcasts_terms() -> None:
    table = shipped_trace_kinds()
    events = read_trace(trace_path(NOSP)).events
    attention = next(e for e in events if e.name == "tensor_cast.mla_sparse_attention.default")
    terms = event_terms(attention, table)
    assert (terms.compute, terms.static, terms.communication) == (0, 5.0, 0)
    assert terms.memory == pytest.approx(attention.memory_us)
    reduce = next(e for e in events if e.name == "tensor_cast.all_reduce.default")
    terms = event_terms(reduce, table)
    assert (terms.memory, terms.static) == (0, COLLECTIVE_STATIC_US)  # its memory is not added
    assert terms.communication == pytest.approx(reduce.comm_us)
    off = attrs.evolve(attention, dur_us=attention.dur_us + 7)  # parts that miss the dur
    assert event_terms(off, table) == Terms(unsplit=off.dur_us)


def test_an_ops_terms_add_up_to_its_time_whatever_the_formula() -> None:
    numbers = Numbers(
        us=40.0, compute_us=12.0, memory_us=20.0, communication_us=10.0, launch_us=5.0,
        flops=0.0, hbm_bytes=0.0, comm_bytes=0.0,
    )  # fmt: skip
    terms = op_terms(numbers)
    assert terms == Terms(memory=25.0, static=5.0, communication=10.0)
    assert terms.total == numbers.us


def test_the_cause_is_the_term_that_differs_most() -> None:
    tc = Terms(memory=300.0, static=5.0)
    lc = Terms(memory=150.0, static=5.0)
    assert Row("sparse_attention", tc, lc).cause == "memory"
    assert (
        "memory -150.0 µs (TensorCast 300.0, layoutcheck 150.0)" in Row("x", tc, lc).explanation()
    )
    flipped = Row("moe_gate", Terms(compute=23.1, static=5.0), Terms(memory=15.4, static=5.0))
    assert flipped.cause == "compute" and "layoutcheck 15.4 memory-bound" in flipped.explanation()
    only_here = Row("aten.clone", tensorcast_unmatched_us=22.8)
    assert only_here.cause == "unmatched" and "TensorCast events" in only_here.explanation()
    assert Row("linear", Terms(compute=100.0), Terms(compute=100.2)).cause is None
    algorithm = Row(
        "all_to_all",
        Terms(communication=69.8, static=10.0),
        Terms(communication=70.3, static=10.0),
        algorithm_us=0.5,
        algorithms=("bruck",),
        estimated=("pairwise",),
    )
    assert algorithm.cause == "algorithm"
    assert "TensorCast chose bruck" in algorithm.explanation()


def test_a_collective_near_another_algorithms_estimate_is_an_algorithm_choice() -> None:
    """An all_to_all TensorCast timed with Bruck, priced by layoutcheck at TensorCast's own
    pairwise estimate: the communication difference is the choice of algorithm."""
    from layoutcheck.cost.trace_compare import _algorithm

    events = read_trace(trace_path(NOSP)).events
    a2a = next(e for e in events if e.name == "tensor_cast.all_to_all.default")
    assert a2a.algorithm == "bruck"
    pairwise = dict(a2a.estimates_us)["pairwise"]
    tc = event_terms(a2a, shipped_trace_kinds())
    found = _algorithm([a2a], Terms(communication=pairwise, static=10.0), tc)
    assert found.algorithms == {"bruck"} and found.estimated == {"pairwise"}
    assert found.algorithm_us == pytest.approx(pairwise - a2a.comm_us)  # type: ignore[operator]
    far = _algorithm([a2a], Terms(communication=3 * pairwise), tc)
    assert far.algorithm_us == 0 and not far.algorithms
