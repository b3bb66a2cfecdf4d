"""``layoutcheck repl``: an interactive session with a model's graph and cost report loaded.
The console is the standard one with what IPython users expect: history kept across sessions
(readline, in the user's state folder), tab completion of the helpers, symbols, quantities, op
kinds and names and devices, ``?name`` / ``name?`` for help on any of them, and multi-line input
(an open bracket or a trailing backslash continues the line); ``--ipython`` starts IPython
instead. Every helper checks what it is given (``q("total", T=0)``, ``q()`` or
``table("nope")`` is an input error, shown in one line, in either console)."""

from __future__ import annotations

import builtins
import code
import contextlib
import difflib
import functools
import inspect
import keyword
import os
import re
import stat
import sys
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from layoutcheck.cost.devices import available_devices, load_device
from layoutcheck.cost.query import Sweep, evaluate, query_expr, solve, sweep
from layoutcheck.cost.render import render_cost, render_sweep
from layoutcheck.cost.report import CostReport
from layoutcheck.errors import EXIT_INPUT, EXIT_OK, InputError, UsageError
from layoutcheck.graph import ValueRef
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.symbols import symbol
from layoutcheck.terminal import clean_line

# the names a query may use for memory (bytes) beside the cost's quantities (µs)
MEMORY_NAMES = ("weights", "kv_per_token", "hbm")

Extra = Callable[[], Mapping[str, Any]]


def namespace(
    report: CostReport, typed: TypedGraph | None = None, memory: Extra | None = None
) -> dict[str, Any]:
    """What the session starts with: the graph, its types, the report and query helpers
    (``memory``: the memory quantities, computed the first time a query names one, as
    ``layoutcheck query`` does)."""
    known: dict[str, Mapping[str, Any]] = {}

    def extra_for(expression: str) -> Mapping[str, Any]:
        if memory is None or not any(name in expression for name in MEMORY_NAMES):
            return {}
        if "memory" not in known:
            known["memory"] = memory()
        return known["memory"]

    def q(expression: str, **values: int) -> float:
        """A cost expression in µs (memory names in bytes), e.g. q("all_gather", T=8192)."""
        return evaluate(report, query_expr(report, expression, extra_for(expression)), values)

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
        "names: graph, typed, report, symbols, q, sweep, solve, table, expr; ?name for help, "
        "TAB completes; exit with Ctrl-D"
    )


# -- help: ``?name`` and ``name?`` -----------------------------------------------------------

# a help line: ``?q``, ``? all_gather``, ``q?``, ``model.layers.3.mlp.experts?``, ``?a3-752t``
_HELP = re.compile(r"^\s*\?\s*(?P<before>[^\s?]+)\s*$|^\s*(?P<after>[^\s?]+)\s*\?\s*$")
QUANTITY_HELP = {
    "total": "every op's time",
    "compute": "the ops' compute terms (their MMA and vector work at the device's peaks)",
    "memory": "the ops' memory terms (their HBM bytes at the device's bandwidth)",
    "communication": "the collectives' times",
    "comm": "the collectives' times (communication)",
    "launch": "the kernel launches' fixed costs",
}


def help_topic(line: str) -> str | None:
    """The name a help line asks about, or None when the line is not one."""
    found = _HELP.match(line)
    if found is None:
        return None
    return found.group("before") or found.group("after")


class Helper:
    """What ``?name`` answers, from the session's own objects: a helper or object of the
    namespace, a symbol, a quantity, an op kind, an op of the graph, or a device profile."""

    def __init__(self, names: Mapping[str, Any], report: CostReport, typed: TypedGraph) -> None:
        self.names = names
        self.report = report
        self.typed = typed

    def topics(self) -> list[str]:
        """Every name ``?`` knows, for completion and "did you mean"."""
        return sorted(
            {
                *_public(self.names),
                *self.report.symbols,
                *self.report.quantities(),
                *self.typed.registry.kinds(),
                *(op.name for op in self.typed.graph.ops),
                *available_devices(),
            }
        )

    def text(self, topic: str) -> str:
        for answer in (
            self._object,
            self._symbol,
            self._quantity,
            self._kind,
            self._op,
            self._device,
        ):
            found = answer(topic)
            if found is not None:
                return found
        close = difflib.get_close_matches(topic, self.topics(), n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise UsageError(
            f"?{topic}: no helper, symbol, quantity, op kind, op or device of that name{hint}"
        )

    def _object(self, topic: str) -> str | None:
        head, *rest = topic.split(".")
        if head not in self.names or head.startswith("_"):
            return None
        value = self.names[head]
        for part in rest:
            if part.startswith("_") or not hasattr(value, part):
                return None
            value = getattr(value, part)
        kind = type(value).__name__
        shown = topic
        if callable(value):
            with contextlib.suppress(TypeError, ValueError):  # a builtin without a signature
                shown = f"{topic}{_plain_signature(value)}"
        doc = inspect.getdoc(value) if callable(value) or rest else None
        if doc is None and not callable(value):
            doc = inspect.getdoc(type(value))
        return f"{shown}  [{kind}]" + (f"\n{doc}" if doc else "")

    def _symbol(self, topic: str) -> str | None:
        if topic not in self.report.symbols:
            return None
        value = self.report.values.get(topic)
        said = f"value {value}" if value is not None else "no value: give one, q(..., T=4096)"
        return f"{topic}: a symbol of {self.report.graph.name}, {said}"

    def _quantity(self, topic: str) -> str | None:
        if topic not in QUANTITY_HELP:
            return None
        us = evaluate(self.report, query_expr(self.report, topic), {})  # q()'s own µs
        return f"{topic}: a quantity of q() — {QUANTITY_HELP[topic]}: {us:.3f} µs"

    def _kind(self, topic: str) -> str | None:
        kind = self.typed.registry.canonical(topic)
        if kind is None:
            return None
        spec = self.typed.registry[kind]
        aliases = f" (aliases: {', '.join(spec.aliases)})" if spec.aliases else ""
        lines = [
            f"{spec.arity_text()} -> {', '.join(spec.outputs)}  [{spec.family.value}]{aliases}",
            f"layout: {spec.summary}",
            spec.doc,
        ]
        mine = [entry for entry in self.report.entries if entry.kind == kind]
        if mine:
            count = sum(entry.count for entry in mine)
            us = evaluate(self.report, query_expr(self.report, kind), {})  # q()'s own µs
            lines.append(f"in this graph: {count} op(s), {us:.3f} µs; q({kind!r})")
        return "\n".join(lines)

    def _op(self, topic: str) -> str | None:
        graph = self.typed.graph
        if not graph.has_op(topic):
            return None
        op = graph.op(topic)
        inputs = ", ".join(self.typed.describe(ref) for ref in op.inputs)
        outputs = [
            self.typed.describe(ValueRef(op.name, port))
            for port in range(len(self.typed.outputs_of(op)))
        ]
        lines = [f"{op.name} = {op.kind}({inputs})", *(f"  -> {out}" for out in outputs)]
        if op.layer is not None:
            lines.append(f"layer {op.layer}")
        numbers = self.report.numbers()
        if op.name in numbers:
            n = numbers[op.name]
            lines.append(f"{n.us:.3f} µs on {self.report.device.name}, {n.bound} bound")
        return "\n".join(lines)

    def _device(self, topic: str) -> str | None:
        if topic not in available_devices():
            return None
        device = load_device(topic)
        peaks = ", ".join(f"{dtype} {flops / 1e12:g}" for dtype, flops in device.peak_flops.items())
        tiers = "; ".join(
            f"{tier.name} {tier.size} ranks at {tier.bandwidth / 1e9:g} GB/s"
            for tier in device.tiers
        )
        return (
            f"{device.name}: {device.description}\n"
            f"peak TFLOP/s: {peaks}\n"
            f"HBM {device.hbm_bytes / 2**30:g} GiB at {device.hbm_bandwidth / 1e9:g} GB/s\n"
            f"interconnect: {tiers}"
        )


def _plain_signature(value: Callable[..., Any]) -> str:
    signature = inspect.signature(value)
    return str(
        signature.replace(
            parameters=[p.replace(annotation=p.empty) for p in signature.parameters.values()],
            return_annotation=inspect.Signature.empty,
        )
    )


def _public(names: Mapping[str, Any]) -> list[str]:
    return [name for name in names if not name.startswith("_") and name != "__builtins__"]


# -- completion -------------------------------------------------------------------------------

# readline's word breaks: Python's, less "-" (device names, a3-752t) and "." (op names and
# attributes complete whole: model.layers.3.mlp.experts, report.expr)
DELIMITERS = " \t\n`~!@#$%^&*()=+[{]}\\|;:'\",<>/?"


class Completer:
    """Tab completion: inside a string, what the helpers take (quantities and op kinds, op
    names, symbols, devices, tables); after ``?``, every help topic; else Python names (the
    namespace's first) and attributes."""

    def __init__(self, names: Mapping[str, Any], helper: Helper) -> None:
        import rlcompleter  # the standard library's completer of Python names and attributes

        self.names = names
        self.helper = helper
        self.python = rlcompleter.Completer(dict(names))
        self.matches: list[str] = []

    def in_string(self) -> list[str]:
        report = self.helper.report
        return sorted(
            {
                *report.quantities(),
                *(op.name for op in self.helper.typed.graph.ops),
                *report.symbols,
                *available_devices(),
                *TABLES,
            }
        )

    def candidates(self, line: str, begin: int, text: str) -> list[str]:
        """The completions of ``text``, the word that starts at ``begin`` of ``line``."""
        before = line[:begin]
        if before.lstrip().startswith("?") or line.rstrip().endswith("?"):
            pool: Iterable[str] = self.helper.topics()
        elif _open_quote(before):
            pool = self.in_string()
        elif "." in text:
            return self._python(text)
        else:
            first = [name for name in _public(self.names) if name.startswith(text)]
            rest = [
                name
                for name in (*keyword.kwlist, *dir(builtins))
                if name.startswith(text) and not name.startswith("_") and name not in first
            ]
            return sorted(first) + sorted(rest)
        return [name for name in pool if name.startswith(text)]

    def _python(self, text: str) -> list[str]:
        found: list[str] = []
        state = 0
        while (match := self.python.complete(text, state)) is not None:
            found.append(match)
            state += 1
        return found

    def complete(self, text: str, state: int) -> str | None:
        """readline's completer: the ``state``-th completion of ``text``."""
        if state == 0:
            import readline

            line = readline.get_line_buffer()
            self.matches = self.candidates(line, readline.get_begidx(), text)
        return self.matches[state] if state < len(self.matches) else None


def _open_quote(text: str) -> bool:
    """Does ``text`` end inside a string literal (an unclosed ' or ")?"""
    quote: str | None = None
    escaped = False
    for char in text:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif quote is None and char in "'\"":
            quote = char
        elif char == quote:
            quote = None
    return quote is not None


# -- history ----------------------------------------------------------------------------------

HISTORY_LINES = 1000  # kept across sessions; older lines drop off


def history_file(environ: Mapping[str, str] | None = None) -> Path:
    """Where the history is kept: the XDG state folder (``$XDG_STATE_HOME``, an absolute path,
    else ``~/.local/state``), ``layoutcheck/history``."""
    environ = os.environ if environ is None else environ
    state = environ.get("XDG_STATE_HOME", "")
    if not os.path.isabs(state):  # the spec: a relative path is ignored
        home = environ.get("HOME") or str(Path.home())
        state = os.path.join(home, ".local", "state")
    return Path(state) / "layoutcheck" / "history"


# a history line is a command typed at the prompt: the file of HISTORY_LINES such lines is a few
# hundred kB at most; a larger file is not this session's history and is not read
MAX_HISTORY_BYTES = HISTORY_LINES * 4096


def _usable_history(path: Path) -> bool:
    """Is ``path`` nothing yet, or a regular file of at most MAX_HISTORY_BYTES? A link (the
    write would land on the file it names), a FIFO (reading it waits forever), a device or a
    huge file is left alone: the session runs without a history."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    return stat.S_ISREG(info.st_mode) and info.st_size <= MAX_HISTORY_BYTES


def _read_history(readline: Any, path: Path) -> None:
    readline.set_history_length(HISTORY_LINES)
    if not _usable_history(path):
        return
    # none yet, or unreadable: the session starts without one
    with contextlib.suppress(OSError, ValueError):
        readline.read_history_file(str(path))


def _write_history(readline: Any, path: Path) -> None:
    """Keep the history; a folder that cannot be written only loses it (not an error)."""
    if not _usable_history(path):
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        readline.write_history_file(str(path))
    except (OSError, ValueError):
        pass


# -- the console ------------------------------------------------------------------------------


class Console(code.InteractiveConsole):
    """The plain console, showing a layoutcheck input error as one line (as the CLI does)
    instead of a traceback, counting the lines that failed, and answering help lines."""

    def __init__(
        self, names: dict[str, Any], *, script: bool = False, helper: Helper | None = None
    ) -> None:
        super().__init__(names)
        self.failures = 0
        self.script = script
        self.helper = helper

    def push(self, line: str, *args: Any, **kwargs: Any) -> bool:
        topic = help_topic(line) if not self.buffer and self.helper is not None else None
        if topic is None:
            return super().push(line, *args, **kwargs)
        assert self.helper is not None
        try:
            print(self.helper.text(topic))  # an answer, on stdout (write() is stderr's)
        except InputError:
            self.showtraceback()
        return False

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


def start(
    report: CostReport,
    typed: TypedGraph | None = None,
    *,
    ipython: bool = False,
    memory: Extra | None = None,
) -> int:
    """Run the session; returns the exit code: a script on stdin with a failing line exits 2
    (the session goes on after it), an interactive session 0."""
    names = namespace(report, typed, memory)
    helper = Helper(names, report, names["typed"])
    if not sys.stdin.isatty():  # a script on stdin: the plain console reads it line by line
        print(banner(report))  # output, not a diagnostic: stderr is for the errors
        console = Console(names, script=True, helper=helper)
        console.interact(banner="", exitmsg="")
        return EXIT_INPUT if console.failures else EXIT_OK
    if ipython:
        return _start_ipython(report, names)
    _interact(Console(names, helper=helper), banner(report), Completer(names, helper))
    return EXIT_OK


def _interact(console: Console, text: str, completer: Completer) -> None:
    """The interactive console with readline's line editing, completion and history (where
    the platform has readline; without it, the plain console)."""
    try:
        import readline
    except ImportError:
        console.interact(banner=text, exitmsg="")
        return
    path = history_file()
    _read_history(readline, path)
    readline.set_completer_delims(DELIMITERS)
    readline.set_completer(completer.complete)
    readline.parse_and_bind("tab: complete")
    try:
        console.interact(banner=text, exitmsg="")
    finally:
        _write_history(readline, path)
        readline.set_completer(None)


def _start_ipython(report: CostReport, names: dict[str, Any]) -> int:
    try:
        from IPython import start_ipython
    except ImportError:
        raise UsageError("repl --ipython: IPython is not installed (pip install ipython)") from None
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
