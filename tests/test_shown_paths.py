"""A shipped file is named by a path the user can open: its place in a checkout's specs where
that path is the file, else where it is installed (a wheel's site-packages), never a specs/
path that does not exist where the user stands."""

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
    assert shown_path(shipped) == shipped  # the installed file: there is no specs/ here
    monkeypatch.chdir(SPECS.parent)  # inside a checkout: the path as typed
    assert shown_path(shipped) == shipped
    elsewhere = tmp_path / "checkout"
    elsewhere.mkdir()
    (elsewhere / "specs").symlink_to(SPECS)  # a folder whose specs/ is the package's own
    monkeypatch.chdir(elsewhere)
    assert shown_path(shipped) == "specs/graphs/mc2-decode-moe.yaml"


def test_a_shipped_graph_checked_by_name_from_elsewhere(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = run("check", "rfc-gathered-residual")
    assert result.code == 1
    first = result.out.splitlines()[0]
    shown = first.split(":")[0]
    assert shown == str(SPECS / "graphs" / "bugs" / "rfc-gathered-residual.yaml"), first
    assert Path(shown).is_file()  # a path the user can open
