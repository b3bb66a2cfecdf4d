"""The search's rejection rules are rules of the one table: ``rules`` lists them, ``explain``
knows them, and each runnable example in their docs is rejected by the rule it documents."""

from __future__ import annotations

import json
import shlex

import pytest

from layoutcheck.contracts import all_rules
from layoutcheck.design_space.rules import PRECONDITIONS, SEARCH_RULES, UNNAMED
from layoutcheck.rules import RuleKind
from tests.helpers import run


def test_every_search_rule_is_in_the_rule_table() -> None:
    table = all_rules()
    for rule in SEARCH_RULES:
        assert table[rule.id][0] is rule
        assert rule.kind is RuleKind.SEARCH
    assert UNNAMED in table


@pytest.mark.parametrize("rule", SEARCH_RULES, ids=lambda r: r.id)
def test_explain_knows_each_search_rule(rule: object) -> None:
    result = run("explain", str(rule), "--format", "json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["kind"] == "search"


RUNNABLE = [
    (p.id, line.strip().split("#")[0])
    for p in PRECONDITIONS
    for line in p.rule.example.splitlines()
    if line.strip().startswith("layoutcheck search ")
]


def test_most_rules_have_a_runnable_example() -> None:
    assert len(RUNNABLE) >= 5


@pytest.mark.parametrize(("rule", "command"), RUNNABLE, ids=[r for r, _ in RUNNABLE])
def test_each_runnable_example_is_rejected_by_its_rule(rule: str, command: str) -> None:
    argv = shlex.split(command)[1:]
    result = run(*argv, "--format", "json")
    assert result.code in (0, 1), result.err
    assert json.loads(result.out)["rejected"] == {rule: 1}
