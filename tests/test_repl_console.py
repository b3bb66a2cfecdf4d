"""The REPL as IPython users expect it: tab completion of helpers, symbols, quantities, op kinds
and names and devices; ``?name`` / ``name?`` help; multi-line input; history kept across
sessions in the user's state folder. The console is driven through a pseudo-terminal, every
read bounded by a timeout."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from layoutcheck.cost.devices import load_device
from layoutcheck.cost.report import CostReport, cost_report
from layoutcheck.errors import UsageError
from layoutcheck.graph_io import load_graph
from layoutcheck.repl import (
    HISTORY_LINES,
    Completer,
    Helper,
    help_topic,
    history_file,
    namespace,
    start,
)
from tests.helpers import GRAPHS, ROOT

GRAPH = GRAPHS / "mc2-decode-moe.yaml"
TIMEOUT = 30  # seconds any one read of the terminal may take (the start-up included)
PROMPT = ">>> "


@pytest.fixture(scope="module")
def report() -> CostReport:
    return cost_report(load_graph(GRAPH), load_device("a3-752t"))


@pytest.fixture(scope="module")
def names(report: CostReport) -> dict[str, Any]:
    return namespace(report)


@pytest.fixture(scope="module")
def helper(names: dict[str, Any], report: CostReport) -> Helper:
    return Helper(names, report, names["typed"])


@pytest.fixture(scope="module")
def completer(names: dict[str, Any], helper: Helper) -> Completer:
    return Completer(names, helper)


# -- completion, help and history, in-process ---------------------------------------------------


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("sol", ["solve"]),  # a helper
        ("sw", ["sweep"]),
        ('q("moe_ex', ["moe_experts"]),  # an op kind, inside a string
        # a symbol and the op kinds of the graph
        ('q("all_gather - moe_', ["moe_I", "moe_experts", "moe_gate", "moe_topk"]),
        ("q('layers.", []),  # op names are whole: model.layers.…
        ('table("cat', ["category"]),
        ('sweep("total", "T', ["T"]),  # a symbol
        ("?a3-7", ["a3-752t"]),  # a device, after ?
        ("? tot", ["total"]),
        ("report.ex", ["report.expr("]),  # an attribute (the standard completer's)
    ],
)
def test_completion(completer: Completer, line: str, expected: list[str]) -> None:
    begin = max(line.rfind(c) for c in " \"'?(") + 1
    assert completer.candidates(line, begin, line[begin:]) == expected


def test_completion_of_op_names_and_python_names(completer: Completer, report: CostReport) -> None:
    op = next(entry.name for entry in report.entries if "." in entry.name)
    prefix = op[: op.rindex(".") + 1]
    found = completer.candidates(f"?{prefix}", 1, prefix)
    assert op in found and all(name.startswith(prefix) for name in found)
    # outside a string, the session's names first, then Python's
    found = completer.candidates("s", 0, "s")
    assert found[:3] == ["solve", "sweep", "symbols"] and "sum" in found


@pytest.mark.parametrize(
    ("line", "topic"),
    [
        ("?q", "q"),
        ("? all_gather", "all_gather"),
        ("q?", "q"),
        ("  a3-752t ?  ", "a3-752t"),
        ("report.expr?", "report.expr"),
        ("q('x')", None),
        ("x ? y", None),
        ("?", None),
    ],
)
def test_help_lines(line: str, topic: str | None) -> None:
    assert help_topic(line) == topic


def test_help_on_every_kind_of_name(helper: Helper, report: CostReport) -> None:
    assert helper.text("q").startswith("q(expression, **values)  [function]\nA cost expression")
    assert "Shows the table" not in helper.text("table") and "by op, kind" in helper.text("table")
    assert helper.text("report.expr").startswith("report.expr(quantity='total')  [method]")
    assert helper.text("T") == f"T: a symbol of {report.graph.name}, value {report.values['T']}"
    assert helper.text("total").startswith("total: a quantity of q()") and " µs" in helper.text(
        "total"
    )
    kind = helper.text("moe_experts")
    assert kind.startswith("moe_experts(") and "[moe]" in kind and "in this graph: " in kind
    op = next(entry for entry in report.entries if entry.kind == "moe_experts")
    shown = helper.text(op.name)
    assert shown.startswith(f"{op.name} = moe_experts(") and f"on {report.device.name}" in shown
    device = helper.text("a2-376t")
    assert device.startswith("a2-376t: ") and "HBM" in device and "interconnect" in device


def test_help_on_an_unknown_name_says_what_is_near(helper: Helper) -> None:
    with pytest.raises(UsageError, match=r"\?all_gathr: no helper.*did you mean all_gather"):
        helper.text("all_gathr")


def test_a_help_line_in_a_script(
    report: CostReport, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("?sweep\nsolve?\n?nope\n"))
    assert start(report) == 2  # the unknown name is the one failing line
    out, err = capsys.readouterr()
    assert "sweep(expression, spec, **values)" in out and "solve(expression, name" in out
    assert err.startswith("layoutcheck: error: ?nope: no helper") and err.count("\n") == 1


def test_the_history_lives_in_the_state_folder(tmp_path: Path) -> None:
    home = str(tmp_path)
    assert history_file({"HOME": home}) == tmp_path / ".local/state/layoutcheck/history"
    state = {"HOME": home, "XDG_STATE_HOME": str(tmp_path / "state")}
    assert history_file(state) == tmp_path / "state/layoutcheck/history"
    # a relative XDG_STATE_HOME is ignored, as the XDG spec says
    relative = {"HOME": home, "XDG_STATE_HOME": "state"}
    assert history_file(relative) == tmp_path / ".local/state/layoutcheck/history"


# -- through a pseudo-terminal ------------------------------------------------------------------


def spawn(state: Path, tmp_path: Path) -> Any:
    """The REPL on the small graph under a pseudo-terminal, its state folder ``state``."""
    pexpect = pytest.importorskip("pexpect")
    inputrc = tmp_path / "inputrc"
    inputrc.write_text("set enable-bracketed-paste off\n", encoding="utf-8")
    env = {
        **os.environ,
        "XDG_STATE_HOME": str(state),
        "HOME": str(tmp_path),
        "INPUTRC": str(inputrc),  # readline's defaults, whatever the user's own file says
        "TERM": "xterm",
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        "COLUMNS": "100",
    }
    child = pexpect.spawn(
        sys.executable,
        ["-m", "layoutcheck", "repl", str(GRAPH)],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 100),
    )
    child.expect_exact(PROMPT)
    return child


def finish(child: Any) -> int:
    import pexpect

    child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    return int(child.exitstatus)


def test_tab_completes_and_help_answers_in_a_terminal(tmp_path: Path) -> None:
    child = spawn(tmp_path / "state", tmp_path)
    # a helper's name, completed by TAB, called
    child.send("tabl\t")
    child.expect_exact("table")
    child.send('("category")\r')
    child.expect_exact(PROMPT)
    assert "communication" in child.before and "memory" in child.before  # the table
    # an op kind inside a string: one TAB completes it
    child.send('q("moe_ex\t')
    child.expect_exact("moe_experts")
    child.send("\x15")  # kill the line: readline may have closed the quote itself
    # two TABs list the choices of an ambiguous prefix
    child.send('q("moe_\t\t')
    child.expect_exact("moe_experts")
    child.expect_exact("moe_topk")
    child.send("\x15print(6 * 7)\r")
    child.expect_exact("42")
    child.expect_exact(PROMPT)
    # ?name and name?
    child.send("?a3-752t\r")
    child.expect_exact("interconnect:")
    child.expect_exact(PROMPT)
    child.send("q?\r")
    child.expect_exact("A cost expression in µs")
    child.expect_exact(PROMPT)
    # an open bracket continues the line, as does a trailing backslash
    child.send("print('sum', round(q(\r")
    child.expect_exact("... ")
    child.send('"total") * 0) + 40 + 2)\r')
    child.expect_exact("sum 42")  # the echo has 'sum', quoted
    child.expect_exact(PROMPT)
    child.send("x = 1 + \\\r")
    child.expect_exact("... ")
    child.send("2\r")
    child.expect_exact(PROMPT)
    child.send("print('x is', x)\r")
    child.expect_exact("x is 3")
    child.expect_exact(PROMPT)
    assert finish(child) == 0


def test_history_persists_between_sessions(tmp_path: Path) -> None:
    state = tmp_path / "state"
    child = spawn(state, tmp_path)
    child.send("print('first', 20 + 22)\r")
    child.expect_exact("first 42")
    child.expect_exact(PROMPT)
    assert finish(child) == 0
    saved = state / "layoutcheck" / "history"
    assert "print('first', 20 + 22)" in saved.read_text(encoding="utf-8").splitlines()
    # the next session recalls it with the up arrow
    child = spawn(state, tmp_path)
    child.send("\x1b[A\r")
    child.expect_exact("first 42")
    child.expect_exact(PROMPT)
    assert finish(child) == 0


def test_the_history_is_bounded(tmp_path: Path) -> None:
    state = tmp_path / "state"
    saved = state / "layoutcheck" / "history"
    saved.parent.mkdir(parents=True)
    saved.write_text("".join(f"{n}\n" for n in range(HISTORY_LINES + 50)), encoding="utf-8")
    child = spawn(state, tmp_path)
    child.send("print('last')\r")
    child.expect_exact(PROMPT)
    assert finish(child) == 0
    lines = saved.read_text(encoding="utf-8").splitlines()
    assert len(lines) == HISTORY_LINES and lines[-1] == "print('last')"


def test_an_unwritable_history_is_no_error(tmp_path: Path) -> None:
    blocker = tmp_path / "state"
    blocker.write_text("a file where the state folder should be", encoding="utf-8")
    child = spawn(blocker, tmp_path)
    child.send("print('still', 1)\r")
    child.expect_exact("still 1")
    child.expect_exact(PROMPT)
    assert finish(child) == 0
    assert "Traceback" not in (child.before or "")
