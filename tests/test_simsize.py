"""The simulator's budget and the small sizes chosen for a graph that does not fit: estimated
before anything is allocated, refused with the cap and --set, and shrunk only to values under
which the graph type-checks exactly as at its own."""

from __future__ import annotations

import pytest

from layoutcheck.check import check_graph
from layoutcheck.graph_io import load_graph
from layoutcheck.interp import interpret
from layoutcheck.limits import MAX_SIM_ELEMENTS
from layoutcheck.oracle import check_soundness
from layoutcheck.session import with_symbols
from layoutcheck.sim import simulate
from layoutcheck.simsize import SimLimitError, estimate, fit
from tests.cli.test_cli_fuzz import SMALL_SETS
from tests.helpers import GRAPHS

LAYERS = ["glm51-layer-tensorcast-dsa-cp", "glm51-layer-vllm-ascend-dsa-cp", "mc2-decode-moe"]


def test_the_real_sizes_of_the_glm_layer_are_far_over_the_budget() -> None:
    size = estimate(interpret(load_graph(GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml")))
    assert size.ranks == 16 and size.elements > 1000 * MAX_SIM_ELEMENTS and not size.fits


def test_the_small_sets_of_the_cli_tests_fit() -> None:
    graph = load_graph(GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml")
    small = dict(item.split("=") for item in SMALL_SETS)
    assert estimate(interpret(with_symbols(graph, {k: int(v) for k, v in small.items()}))).fits


def test_simulate_refuses_before_allocating() -> None:
    graph = load_graph(GRAPHS / "mc2-decode-moe.yaml")
    with pytest.raises(SimLimitError, match="the simulator holds at most 2e\\+07"):
        simulate(graph)  # 9 tokens, but H = 6144 and 256 experts of 2048
    with pytest.raises(SimLimitError, match="runs at most 64"):
        simulate(graph, {"tp": 128})


@pytest.mark.parametrize("name", LAYERS)
def test_fit_keeps_the_verdict_and_fits(name: str) -> None:
    graph = load_graph(GRAPHS / f"{name}.yaml")
    changes = fit(graph)
    assert changes is not None and changes
    shrunk = with_symbols(graph, changes)
    assert estimate(interpret(shrunk)).fits
    errors = {(d.rule, d.op) for d in check_graph(shrunk, None).errors}
    assert errors == {(d.rule, d.op) for d in check_graph(graph, None).errors}
    assert check_soundness(shrunk).simulation.failure is None


def test_fit_keeps_bug_graphs_wrong() -> None:
    """A bug graph's type errors survive the shrinking, so sim still shows the bug."""
    graph = load_graph(GRAPHS / "bugs" / "rfc-gathered-residual.yaml")
    changes = fit(graph)
    assert changes is not None
    before = {(d.rule, d.op) for d in check_graph(graph, None).errors}
    assert before and before == {
        (d.rule, d.op) for d in check_graph(with_symbols(graph, changes), None).errors
    }


def test_fit_keeps_what_the_user_set_and_orders_the_counts() -> None:
    graph = load_graph(GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml")
    changes = fit(graph, keep=frozenset({"top_k"}))
    assert changes is not None and "top_k" not in changes
    assert changes["experts"] >= dict(graph.symbols)["top_k"]  # top_k = 8 still fits
    assert changes["tp"] <= 4 and changes["T"] % changes["tp"] == 0


def test_fit_gives_up_when_everything_is_kept() -> None:
    graph = load_graph(GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml")
    assert fit(graph, keep=frozenset(name for name, _ in graph.symbols)) is None
