"""``Diagnostic.rule`` is the rule object of the one rule table (issue 21, "a thin CLI"): a
finding carries its rule's What / Why / Example / Fix, and compares as the rule's id."""

from __future__ import annotations

import json

from layoutcheck.check import check_graph
from layoutcheck.contracts import all_rules, load_contract
from layoutcheck.graph_io import load_graph
from layoutcheck.rules import GATHER_OF_FULL, INDIVISIBLE, Rule
from tests.helpers import GRAPHS, run

BUG = GRAPHS / "bugs" / "rfc-gathered-residual.yaml"


def test_a_finding_carries_its_rule_object() -> None:
    graph = load_graph(BUG)
    report = check_graph(graph, load_contract("tensorcast-dsa-cp-prefill"))
    table = all_rules()
    assert report.diagnostics
    for diagnostic in report.diagnostics:
        assert isinstance(diagnostic.rule, Rule)
        assert diagnostic.rule.summary  # its documentation travels with it
        assert diagnostic.rule.id in table  # and explain knows it
    assert GATHER_OF_FULL in {d.rule for d in report.diagnostics}


def test_a_rule_is_its_id() -> None:
    assert GATHER_OF_FULL == "gather-of-full"
    assert "gather-of-full" == GATHER_OF_FULL  # noqa: SIM300  (the reflected comparison)
    assert GATHER_OF_FULL != INDIVISIBLE and GATHER_OF_FULL != "indivisible"
    assert {GATHER_OF_FULL} == {"gather-of-full"}
    assert sorted([INDIVISIBLE, GATHER_OF_FULL]) == [GATHER_OF_FULL, INDIVISIBLE]
    assert str(GATHER_OF_FULL) == "gather-of-full"


def test_json_and_sarif_write_the_id() -> None:
    result = run("check", BUG, "--format", "json")
    rules = {d["rule"] for d in json.loads(result.out)["diagnostics"]}
    assert "gather-of-full" in rules and all(isinstance(r, str) for r in rules)
    sarif = json.loads(run("check", BUG, "--format", "sarif").out)
    ids = {r["ruleId"] for r in sarif["runs"][0]["results"]}
    assert "gather-of-full" in ids
