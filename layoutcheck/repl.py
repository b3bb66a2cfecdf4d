"""``layoutcheck repl``: an interactive session with a model's graph and cost report loaded
(IPython when installed, the standard console otherwise). Every helper checks what it is given
(``q("total", T=0)``, ``q()`` or ``table("nope")`` is an input error, shown in one line, in
either console)."""

from __future__ import annotations

import code
import functools
import inspect
import sys
from collections.abc import Callable
from typing import Any

from layoutcheck.cost.query import Sweep, evaluate, query_expr, solve, sweep
from layoutcheck.cost.render import render_cost, render_sweep
from layoutcheck.cost.report import CostReport
from layoutcheck.errors import EXIT_INPUT, EXIT_OK, InputError, UsageError
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.symbols import symbol
from layoutcheck.terminal import clean_line


def namespace(report: CostReport, typed: TypedGraph | None = None) -> dict[str, Any]:
    """What the session starts with: the graph, its types, the report and query helpers."""

    def q(expression: str, **values: int) -> float:
        """A cost expression in µs, e.g. q("all_gather - moe_experts", T=8192)."""
        return evaluate(report, query_expr(report, expression), values)

    def sweep_(expression: str, spec: str, **values: int) -> None:
        """Print the expression over a range, e.g. sweep_("total", "T=1024..65536*2")."""
        parsed = Sweep.parse(spec)
        hint = parsed.table_hint()
        points, results = sweep(report, query_expr(report, expression), parsed, values)
        if hint is not None:
            print(f"note: {hint}")
        print(render_sweep(parsed.name, points, results, f"{expression} (µs)"))

    def solve_(expression: str, name: str, **values: int) -> int | None:
        """Where the expression crosses zero over one symbol, e.g. solve_("a - b", "T")."""
        return solve(report, query_expr(report, expression), name, values)

    def table(by: str = "kind") -> None:
        """The cost table by op, kind, layer or category, e.g. table("layer")."""
        if by not in TABLES:
            raise UsageError(f"table({by!r}): by is one of {', '.join(map(repr, TABLES))}")
        print(render_cost(report, report.numbers(), by))

    def expr(quantity: str = "total") -> Any:
        """A quantity's formula (seconds), e.g. expr("all_gather")."""
        return report.expr(quantity)

    helpers: dict[str, Callable[..., Any]] = {
        "q": q,
        "sweep": sweep_,
        "solve": solve_,
        "table": table,
        "expr": expr,
    }
    return {
        "graph": report.graph,
        "typed": typed if typed is not None else interpret(report.graph),
        "report": report,
        "symbols": {name: symbol(name) for name in report.symbols},
        **{name: _checked(name, helper) for name, helper in helpers.items()},
    }


TABLES = ("op", "kind", "layer", "category")


def _checked(name: str, helper: Callable[..., Any]) -> Callable[..., Any]:
    """``helper`` answering a call with the wrong arguments (``q()``, ``q("a", 5)``) as an
    input error, shown in one line like every other, instead of Python's TypeError with a
    traceback through layoutcheck."""
    signature = inspect.signature(helper)
    plain = signature.replace(
        parameters=[p.replace(annotation=p.empty) for p in signature.parameters.values()],
        return_annotation=inspect.Signature.empty,
    )
    shown = f"{name}{plain}"  # q(expression, **values)

    @functools.wraps(helper)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            signature.bind(*args, **kwargs)
        except TypeError as error:
            raise UsageError(f"{shown}: {error}") from None
        for value, parameter in zip(args, signature.parameters.values(), strict=False):
            if parameter.annotation in ("str", str) and not isinstance(value, str):
                raise UsageError(f"{shown}: {parameter.name} is text, got {_short(repr(value))}")
        return helper(*args, **kwargs)

    return call


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:60] + "…"


def banner(report: CostReport) -> str:
    values = ", ".join(f"{k}={v}" for k, v in report.values.items() if k in ("T", "tp", "ep"))
    return (
        f"layoutcheck repl: {report.graph.name} on {report.device.name} ({values})\n"
        "  q('all_gather')                          # µs at the model's values\n"
        "  q('all_gather - moe_experts', T=16384)   # a what-if\n"
        "  sweep('total', 'T=1024..65536*2')        # a table over T\n"
        "names: graph, typed, report, symbols, q, sweep, solve, table, expr; exit with Ctrl-D"
    )


class Console(code.InteractiveConsole):
    """The plain console, showing a layoutcheck input error as one line (as the CLI does)
    instead of a traceback, and counting the lines that failed."""

    def __init__(self, names: dict[str, Any], *, script: bool = False) -> None:
        super().__init__(names)
        self.failures = 0
        self.script = script

    def write(self, data: str) -> None:
        if self.script and data == "\n":
            return  # the newline the console ends a session with, after the last prompt
        super().write(data)

    def showtraceback(self) -> None:
        self.failures += 1
        error = sys.exc_info()[1]
        if isinstance(error, InputError):
            self.write(clean_line(f"layoutcheck: error: {error.message}") + "\n")
            return
        super().showtraceback()

    def showsyntaxerror(self, filename: str | None = None, **kwargs: Any) -> None:
        self.failures += 1
        super().showsyntaxerror(filename, **kwargs)


def start(report: CostReport, typed: TypedGraph | None = None) -> int:
    """Run the session; returns the exit code: a script on stdin with a failing line exits 2
    (the session goes on after it), an interactive session 0."""
    names = namespace(report, typed)
    if not sys.stdin.isatty():  # a script on stdin: the plain console reads it line by line
        print(banner(report))  # output, not a diagnostic: stderr is for the errors
        console = Console(names, script=True)
        console.interact(banner="", exitmsg="")
        return EXIT_INPUT if console.failures else EXIT_OK
    try:
        from IPython import start_ipython
    except ImportError:
        Console(names).interact(banner=banner(report), exitmsg="")
        return EXIT_OK
    from traitlets.config import Config  # IPython's own configuration library

    config = Config()
    # IPython prints a full traceback for every exception; a helper's input error is one line
    config.InteractiveShellApp.exec_lines = [
        f"{_SETUP}(get_ipython())",
        f"del {_SETUP}",
    ]
    print(banner(report))
    start_ipython(argv=["--no-banner"], user_ns={**names, _SETUP: one_line_errors}, config=config)
    return EXIT_OK


_SETUP = "_layoutcheck_one_line_errors"


def one_line_errors(shell: Any) -> None:
    """Make an IPython shell show a layoutcheck input error as one line, as the plain
    console does (``set_custom_exc``: IPython calls the handler instead of its traceback)."""

    def show(
        _shell: Any, _type: type[BaseException], value: BaseException, _tb: Any, **_: Any
    ) -> None:
        message = value.message if isinstance(value, InputError) else str(value)
        print(clean_line(f"layoutcheck: error: {message}"), file=sys.stderr)

    shell.set_custom_exc((InputError,), show)
