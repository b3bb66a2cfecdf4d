"""The real-bug suite: every reported layout bug in tests/bugs/, its buggy and its fixed
graph checked (and simulated) through the CLI against the verdicts in its expected.yaml (the
format is in tests/bugs/README.md); a verdict waiting for a feature is a strict xfail."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import pytest
import yaml

from tests.helpers import errors_of, run

HERE = Path(__file__).resolve().parent
GRAPHS = ("buggy", "fixed")


def _folders() -> list[Path]:
    return sorted(path.parent for path in HERE.glob("*/expected.yaml"))


def _expected(folder: Path) -> dict[str, Any]:
    data = yaml.safe_load((folder / "expected.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict), folder
    return data


@attrs.frozen
class Case:
    """One expected verdict: a check run or a sim run of one graph of one report."""

    folder: Path
    graph: str
    spec: dict[str, Any]

    @property
    def path(self) -> Path:
        return self.folder / f"{self.graph}.yaml"

    @property
    def command(self) -> list[object]:
        """``check GRAPH``, or for a ``pair: [first, second]`` of graphs that run together
        ``check FIRST --with SECOND`` (the cross-graph contract comes in ``args``)."""
        pair = self.spec.get("pair")
        if pair is None:
            return ["check", self.path]
        first, second = (self.folder / f"{name}.yaml" for name in pair)
        return ["check", first, "--with", second]


def _param(case: Case, what: str) -> Any:
    marks = []
    reason = case.spec.get("xfail")
    if reason:
        marks.append(pytest.mark.xfail(strict=True, reason=str(reason)))
    return pytest.param(case, id=f"{case.folder.name}-{case.graph}-{what}", marks=marks)


def _check_cases() -> list[Any]:
    cases = []
    for folder in _folders():
        expected = _expected(folder)
        if not expected.get("expressible", True):
            continue
        for index, spec in enumerate(expected["checks"]):
            what = "check" if index < len(GRAPHS) else f"check{index}"
            cases.append(_param(Case(folder, spec["graph"], spec), what))
    return cases


def _sim_cases() -> list[Any]:
    cases = []
    for folder in _folders():
        expected = _expected(folder)
        if not expected.get("expressible", True):
            continue
        for graph, spec in (expected.get("sim") or {}).items():
            cases.append(_param(Case(folder, graph, spec), "sim"))
    return cases


def _unexpressible() -> list[Any]:
    return [
        pytest.param(folder, id=folder.name)
        for folder in _folders()
        if not _expected(folder).get("expressible", True)
    ]


@pytest.mark.parametrize("case", _check_cases())
def test_check_verdict(case: Case) -> None:
    result = run(*case.command, "--format", "json", *case.spec.get("args", []))
    assert result.code == case.spec["exit"], result.out or result.err
    errors = errors_of(result.json())
    found = {(d["rule"], d["op"]) for d in errors}
    wanted = [(e["rule"], e["op"]) for e in case.spec.get("errors", [])]
    if not case.spec.get("others_allowed"):
        # exactly these errors at exactly these ops: a second error after the bad op is a
        # cascade of the first (the recovery's to fix), not a finding
        assert found == set(wanted), sorted(found)
    for pair in wanted:
        assert pair in found, (pair, sorted(found))


@pytest.mark.parametrize("case", _sim_cases())
def test_sim_agrees(case: Case) -> None:
    if case.spec.get("skip"):  # the simulator cannot run it: the reason is the skip's
        pytest.skip(str(case.spec["skip"]))
    result = run("sim", case.path, "--format", "json", *case.spec.get("args", []))
    assert result.code in (0, 1), result.err
    report = result.json()
    verdict = "sound" if report["sound"] else "unsound"
    assert verdict == case.spec["verdict"], report
    assert (result.code == 0) == report["sound"]
    if "at" in case.spec:  # the op the simulation fails at, or its first unsound port
        failure = report["failure"]
        first = failure.split(": ")[0] if failure else report["findings"][0]["op"]
        assert first == case.spec["at"], report


@pytest.mark.parametrize("folder", _unexpressible())
def test_unexpressible_reports_say_what_is_missing(folder: Path) -> None:
    expected = _expected(folder)
    assert expected.get("missing"), "an unexpressible report must say what the format lacks"
    assert str(expected.get("source", "")).startswith("https://")
    pytest.skip(f"not expressible yet: {expected['missing']}")


def test_every_report_has_its_source_line_and_both_graphs() -> None:
    """Each expressible report has buggy.yaml and fixed.yaml whose first line is
    ``# source: URL`` with the URL of expected.yaml, and a verdict for each graph."""
    folders = _folders()
    assert len(folders) >= 30  # issue 29 item 5
    assert sum(_expected(folder).get("expressible", True) for folder in folders) >= 29
    for folder in folders:
        expected = _expected(folder)
        source = expected["source"]
        if not expected.get("expressible", True):
            continue
        graphs = {spec["graph"] for spec in expected["checks"]}
        assert graphs == set(GRAPHS), folder.name
        paired = {name for spec in expected["checks"] for name in spec.get("pair", ())}
        for spec in expected["checks"]:  # a pair holds the graph the check is of
            assert spec["graph"] in spec.get("pair", [spec["graph"]]), (folder.name, spec)
        for graph in sorted(set(GRAPHS) | paired):
            first = (folder / f"{graph}.yaml").read_text(encoding="utf-8").splitlines()[0]
            assert first == f"# source: {source}", (folder.name, graph)


def test_the_readme_table_lists_every_report() -> None:
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    for folder in _folders():
        assert f"[{folder.name}]" in readme, folder.name
        assert _expected(folder)["source"] in readme, folder.name
