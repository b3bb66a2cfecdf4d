"""What-if queries are guarded: values are whole numbers in range, an expression undefined at
the values is an input error, solve never reports a pole as a zero crossing, and sweeps are
bounded before anything is evaluated."""

from __future__ import annotations

import numpy as np
import pytest

from layoutcheck.cost.devices import load_device
from layoutcheck.cost.query import Sweep, evaluate, query_expr, solve, sweep
from layoutcheck.cost.report import CostError, CostReport, cost_report
from layoutcheck.graph_io import load_graph
from tests.helpers import GRAPHS


@pytest.fixture(scope="module")
def report() -> CostReport:
    return cost_report(load_graph(GRAPHS / "mc2-decode-moe.yaml"), load_device("a3-752t"))


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"T": 0}, "T=0: a symbol's value is a whole number from 1 to 10\\*\\*12"),
        ({"T": -1}, "T=-1"),
        ({"T": 2.7}, "not float"),
        ({"T": True}, "not bool"),
        ({"T": 10**13}, "10\\*\\*12"),
        ({"nope": 3}, "nope: not a symbol"),
    ],
)
def test_what_if_values_are_checked(
    report: CostReport, values: dict[str, object], message: str
) -> None:
    with pytest.raises(CostError, match=message):
        evaluate(report, query_expr(report, "total"), values)  # type: ignore[arg-type]


def test_an_expression_undefined_at_the_values_is_an_input_error(report: CostReport) -> None:
    with pytest.raises(CostError, match="undefined"):
        evaluate(report, query_expr(report, "total/(T - 9)"), {})
    assert evaluate(report, query_expr(report, "total/(T - 9)"), {"T": 10}) > 0


def test_solve_over_a_group_size_does_not_divide_by_zero(report: CostReport) -> None:
    # the tier pieces divide by (g - 1): at tp = 1 a Piecewise branch not taken is 0/0
    assert solve(report, query_expr(report, "total"), "tp", {}) is None


def test_a_pole_is_not_a_zero_crossing(report: CostReport) -> None:
    expression = query_expr(report, "total/(tp - 16)")
    assert solve(report, expression, "tp", {}) is None  # the sign flips only across tp = 16
    crossing = query_expr(report, "all_gather - 100")
    found = solve(report, crossing, "T", {})
    assert found is not None
    assert (
        evaluate(report, crossing, {"T": found - 1}) * evaluate(report, crossing, {"T": found}) <= 0
    )


def test_a_sweep_marks_undefined_points(report: CostReport) -> None:
    points, values = sweep(report, query_expr(report, "total/(T - 9)"), Sweep.parse("T=8..10"), {})
    assert points.tolist() == [8, 9, 10]
    assert np.isfinite(values[0]) and np.isnan(values[1]) and np.isfinite(values[2])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("T=1..10000000", "10000000 points; the limit is 100000"),
        ("T=1..99999999999999999999", "int64"),
        ("T=١..٥", "ASCII digits"),
        ("T=4..2", "need 1 <= a <= b"),
        ("T=1..8*1", "must grow"),
    ],
)
def test_bad_sweeps_are_refused_before_evaluating(text: str, message: str) -> None:
    with pytest.raises(CostError, match=message):
        Sweep.parse(text)


def test_a_geometric_sweep_to_the_largest_int64_is_short() -> None:
    assert len(Sweep.parse(f"T=1..{2**63 - 1}*2").points()) == 63
    assert len(Sweep.parse("T=1..100000").points()) == 100_000
