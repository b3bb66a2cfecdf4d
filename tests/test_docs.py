"""The reference documentation is generated from the code: the op tables, the type rules and the
aliases in specs/README.md and the docs site's reference page must be what ``layoutcheck.docs``
makes of the catalogue today."""

from __future__ import annotations

from pathlib import Path

import pytest

from layoutcheck import docs
from layoutcheck.ops import default_registry
from layoutcheck.rules import TYPE_RULES
from tests.helpers import ROOT, SPECS, run

REFERENCES = [SPECS / "README.md", ROOT / "docs" / "reference.md"]


@pytest.mark.parametrize("page", REFERENCES, ids=lambda p: p.name)
def test_the_reference_tables_match_the_catalogue(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    found = docs.regions(text)
    assert set(found) == set(docs.GENERATORS)
    stale = [name for name, body in found.items() if body != docs.GENERATORS[name]()]
    assert not stale, (
        f"regenerate with: python -m layoutcheck.docs specs/README.md docs/reference.md ({stale})"
    )


@pytest.mark.parametrize("page", REFERENCES, ids=lambda p: p.name)
def test_every_op_and_type_rule_is_documented(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for kind in default_registry().kinds():
        assert f"| `{kind}` |" in text
    for rule in TYPE_RULES:
        if rule.kind.value == "type":
            assert f"| `{rule.id}` |" in text


def test_a_changed_entry_shows_as_drift() -> None:
    text = (SPECS / "README.md").read_text(encoding="utf-8")
    drifted = text.replace("[gather-of-full] FULL input", "[gather-of-full] a FULL input", 1)
    assert docs.render(drifted) == text


def test_ops_lists_each_ops_rules() -> None:
    out = run("ops").out
    linear = out[out.index("linear(x)") :].split("\n\n")[0]
    for rule in ("partial-into-nonlinear", "incomplete-features", "shape-mismatch", "indivisible"):
        assert f"[{rule}]" in linear
