"""The typing driver and the registry it reads: verdicts belong to the registry that made them,
a registry refuses an entry without a required aspect, and an op may raise only the rules its
entry declares."""

from __future__ import annotations

import gc

import attrs
import pytest

from layoutcheck import rules
from layoutcheck.check import check_graph
from layoutcheck.graph import Graph, GraphBuilder
from layoutcheck.interp import CatalogueError, interpret
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.ops import FAMILIES, Registry, RegistryError, default_registry
from layoutcheck.ops.base import OpCall, OutLayout, RuleUse, RuleViolation
from layoutcheck.validate import normalize


def _reduced_graph() -> Graph:
    b = GraphBuilder("g", symbols={"T": 8, "tp": 2, "H": 4})
    x = b.input("x", ["T", "H"], TokenLayout.FULL, FeatureState.PARTIAL)
    b.output(b.op("reduce", "all_reduce", [x]))
    return normalize(b.build())


def _banning(kind: str) -> Registry:
    """The default catalogue with ``kind`` refused everywhere (a site policy, say)."""

    def refuse(call: OpCall) -> list[OutLayout]:
        raise RuleViolation(rules.SHAPE_MISMATCH, f"{kind} is not allowed here", "do not", 0)

    families = [
        tuple(
            attrs.evolve(spec, layout=refuse, rules=(RuleUse(rules.SHAPE_MISMATCH),))
            if spec.kind == kind
            else spec
            for spec in family
        )
        for family in FAMILIES
    ]
    return Registry.from_families(families)


def test_each_registry_gives_its_own_verdicts() -> None:
    graph = _reduced_graph()
    for _ in range(20):  # new registries reuse the memory (and ids) of dead ones
        assert check_graph(graph, registry=Registry.from_families(FAMILIES)).ok
        banned = check_graph(graph, registry=_banning("all_reduce"))
        assert [d.rule for d in banned.errors] == ["shape-mismatch"]
        # the youngest generation only: a full collection walks every object the suite made
        # before this test (56 s of the suite's time under load), and these are new
        gc.collect(0)
    assert check_graph(graph, registry=default_registry()).ok


def test_a_registry_refuses_an_entry_without_a_cost_or_weight_rule() -> None:
    linear = next(spec for family in FAMILIES for spec in family if spec.kind == "linear")
    for aspect, what in (("cost", "cost rule"), ("weights", "weight rule")):
        broken = attrs.evolve(linear, **{aspect: None})
        with pytest.raises(RegistryError, match=f"'linear' has no {what}"):
            Registry.from_families([(broken,)])


def test_a_kind_defined_twice_is_refused() -> None:
    with pytest.raises(RegistryError, match="defined twice"):
        Registry.from_families([FAMILIES[0], FAMILIES[0]])


def test_an_undeclared_rule_is_a_catalogue_bug() -> None:
    families = [
        tuple(attrs.evolve(spec, rules=()) if spec.kind == "all_reduce" else spec for spec in f)
        for f in FAMILIES
    ]
    b = GraphBuilder("g", symbols={"T": 8, "tp": 2, "H": 4})
    x = b.input("x", ["T", "H"], TokenLayout.FULL)  # complete: all_reduce raises its rule
    b.output(b.op("reduce", "all_reduce", [x]))
    with pytest.raises(CatalogueError, match="all_reduce raised reduce-of-complete"):
        interpret(normalize(b.build()), Registry.from_families(families))


def test_library_calls_leave_the_garbage_collector_alone() -> None:
    assert gc.isenabled()
    check_graph(_reduced_graph())
    assert gc.isenabled()
