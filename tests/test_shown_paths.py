"""A shipped file is named by its place in the package's specs, never the path a wheel puts it
under (issue 22's papercuts): the same heading from a checkout, another folder or a wheel."""

from __future__ import annotations

from pathlib import Path

import pytest

from layoutcheck.resources import SPECS, shown_path
from tests.helpers import run


def test_a_shipped_path_is_shown_by_its_specs_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shipped = str(SPECS / "graphs" / "mc2-decode-moe.yaml")
    assert shown_path("/somewhere/else.yaml") == "/somewhere/else.yaml"
    monkeypatch.chdir(tmp_path)  # outside the package, as a wheel's user is
    assert shown_path(shipped) == "specs/graphs/mc2-decode-moe.yaml"
    monkeypatch.chdir(SPECS.parent)  # inside a checkout: the path as typed
    assert shown_path(shipped) == shipped


def test_a_shipped_graph_checked_by_name_from_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("check", "rfc-gathered-residual")
    assert result.code == 1
    first = result.out.splitlines()[0]
    assert first.startswith("specs/graphs/bugs/rfc-gathered-residual.yaml:"), first
