"""The REPL's helpers check what they are given, and its console shows an input error in one
line (as the CLI does) and goes on; a script on stdin with a failing line exits 2."""

from __future__ import annotations

import io
import sys
from typing import Any

import pytest

from layoutcheck.cost.devices import load_device
from layoutcheck.cost.report import CostError, CostReport, cost_report
from layoutcheck.errors import InputError
from layoutcheck.graph_io import load_graph
from layoutcheck.repl import namespace, start
from tests.helpers import GRAPHS


@pytest.fixture(scope="module")
def report() -> CostReport:
    return cost_report(load_graph(GRAPHS / "mc2-decode-moe.yaml"), load_device("a3-752t"))


@pytest.fixture(scope="module")
def names(report: CostReport) -> dict[str, Any]:
    return namespace(report)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"T": 0}, "T=0"),
        ({"T": -1}, "T=-1"),
        ({"T": 2.7}, "not float"),
        ({"T": True}, "not bool"),
        ({"T": "9"}, "not str"),
        ({"T": 10**100}, "10\\*\\*100"),
        ({"colour": 3}, "colour: not a symbol"),
    ],
)
def test_q_refuses_values_that_are_no_sizes(
    names: dict[str, Any], values: dict[str, object], message: str
) -> None:
    with pytest.raises(CostError, match=message):
        names["q"]("total", **values)


def test_q_solve_and_sweep_at_good_values(names: dict[str, Any], report: CostReport) -> None:
    assert names["q"]("total", T=18) > names["q"]("total") > 0
    assert names["solve"]("total", "tp") is None  # the total never changes sign
    with pytest.raises(InputError, match="spec is text, got 5"):
        names["sweep"]("total", 5)


def test_a_failing_script_line_is_one_error_line_and_the_session_goes_on(
    report: CostReport, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('q("total", T=0)\nprint("after", 1 + 1)\n'))
    code = start(report)
    out, err = capsys.readouterr()
    assert code == 2
    assert err.splitlines() == [
        "layoutcheck: error: T=0: a symbol's value is a whole number from 1 to 10**12"
    ]
    assert "after 2" in out and out.startswith("layoutcheck repl: ")


def test_a_clean_script_exits_0(
    report: CostReport, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO('print(round(q("total") > 0))\n'))
    assert start(report) == 0
    out, err = capsys.readouterr()
    assert err == "" and ">>> 1" in out


def test_a_python_mistake_in_a_script_keeps_its_traceback(
    report: CostReport, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # the user's own Python is not layoutcheck's input: Python reports it as it would
    monkeypatch.setattr(sys, "stdin", io.StringIO("undefined_name\n"))
    assert start(report) == 2
    assert "NameError" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("q()", "q(expression, **values): missing a required argument: 'expression'"),
        ('q("total", 5)', "q(expression, **values): too many positional arguments"),
        ('sweep("total")', "missing a required argument: 'spec'"),
        ("solve(None, 'T')", "solve(expression, name, **values): expression is text, got None"),
        ('table("nope")', "table('nope'): by is one of 'op', 'kind', 'layer', 'category'"),
        ("expr(5)", "expr(quantity='total'): quantity is text, got 5"),
        ('sweep("total", "T=1..5000")', "5000 rows, one per value"),
    ],
)
def test_a_helper_given_a_bad_argument_answers_in_one_line(
    report: CostReport,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    line: str,
    message: str,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{line}\n"))
    assert start(report) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err  # no traceback
    assert err.startswith("layoutcheck: error: ") and message in err


def test_a_sweep_of_many_unstepped_rows_gets_a_note(
    names: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    names["sweep"]("total", "T=1..100")
    out = capsys.readouterr().out
    assert out.startswith("note: --sweep T=1..100: 100 rows, one per value")
    assert "T=1..100+4" in out.splitlines()[0]


def test_in_ipython_an_input_error_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """IPython prints a full traceback for any exception; the handler the session installs
    (IPython's set_custom_exc) prints one line instead. IPython need not be installed: the
    handler is called as IPython calls it."""
    from layoutcheck.repl import one_line_errors

    installed: list[Any] = []

    class Shell:
        def set_custom_exc(self, types: tuple[type, ...], handler: Any) -> None:
            installed.append((types, handler))

    shell = Shell()
    one_line_errors(shell)
    ((types, handler),) = installed
    assert types == (InputError,)
    error = CostError("T=0: a symbol's value is a whole number from 1 to 10**12")
    assert handler(shell, CostError, error, None, tb_offset=None) is None
    assert capsys.readouterr().err == f"layoutcheck: error: {error.message}\n"


def test_an_interactive_session_runs_with_the_collector_on(monkeypatch: pytest.MonkeyPatch) -> None:
    # a command runs with the collector paused; a session may last hours and build graph after
    # graph, so its garbage cycles are collected again, and the pause holds after it
    import gc

    import layoutcheck.repl
    from tests.helpers import run

    seen: list[bool] = []

    def session(*args: Any, **kw: Any) -> int:
        seen.append(gc.isenabled())
        return 0

    monkeypatch.setattr(layoutcheck.repl, "start", session)
    assert gc.isenabled()
    result = run("repl", GRAPHS / "mc2-decode-moe.yaml")
    assert result.code == 0, result.err
    assert seen == [True]
    assert gc.isenabled()


def test_help_on_a_quantity_or_kind_prints_the_microseconds_q_gives(
    names: dict[str, Any], report: CostReport
) -> None:
    """``?total`` once printed the seconds the report keeps, labelled µs (1.247 µs for
    1,246,650 µs): the help quotes q()'s own number."""
    from layoutcheck.repl import Helper

    helper = Helper(names, report, names["typed"])
    total = names["q"]("total")
    assert helper.text("total").endswith(f": {total:.3f} µs")
    kind = next(e.kind for e in report.entries)
    assert f"{names['q'](kind):.3f} µs; q({kind!r})" in helper.text(kind)


def test_q_takes_the_memory_names_query_takes(report: CostReport) -> None:
    import sympy

    asked: list[int] = []

    def memory() -> dict[str, Any]:
        asked.append(1)
        return {"weights": sympy.Integer(123456), "kv_per_token": sympy.Integer(7)}

    names = namespace(report, None, memory)
    assert names["q"]("total") > 0 and not asked  # no memory work unless a name asks for it
    assert names["q"]("weights") == 123456
    assert names["q"]("weights + kv_per_token") == 123463
    assert asked == [1]  # computed once
