"""The command line: the parser assembled from one module per command, and ``main``, which runs
one command and turns every error into one line and an exit code."""

from __future__ import annotations

import argparse
import errno
import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from layoutcheck import __version__, colour, progress
from layoutcheck.cli.common import (
    FOLDED_COMMANDS,
    Parser,
    add_colour,
    add_colour_everywhere,
    add_format,
    check_outputs,
    discard_stdout,
    format_input_error,
    gc_paused,
    internal_error,
    is_output_error,
    json_error,
    option_value,
    options_of,
    parse_sets,
    say,
    state,
    status_shown,
)
from layoutcheck.errors import EXIT_INPUT, EXIT_OK, InputError, UsageError
from layoutcheck.terminal import protect

__all__ = [
    "FOLDED_COMMANDS",
    "build_parser",
    "main",
    "options_of",
    "parse_sets",
    "run",
]


@attrs.frozen
class CommandModule:
    """A module that adds some commands' parsers (``add``) and runs them (``runs``: command ->
    the name of its function)."""

    module: str
    add: str
    runs: Mapping[str, str]


# The commands in the order --help lists them; each module adds its own parser. A run imports
# the one module its command needs, not all seventeen.
COMMAND_MODULES: tuple[CommandModule, ...] = (
    CommandModule("layoutcheck.cli.check", "add_parser", {"check": "run_check"}),
    CommandModule("layoutcheck.cli.show", "add_parser", {"show": "run_show"}),
    CommandModule("layoutcheck.cli.export", "add_parser", {"export": "run_export"}),
    CommandModule("layoutcheck.cli.view", "add_parser", {"view": "run_view"}),
    CommandModule("layoutcheck.cli.equiv", "add_parser", {"equiv": "run_equiv"}),
    CommandModule("layoutcheck.cli.cost", "add_parser", {"cost": "run_cost"}),
    CommandModule("layoutcheck.cli.compare", "add_parser", {"compare": "run_compare"}),
    CommandModule("layoutcheck.cli.query", "add_parser", {"query": "run_query"}),
    CommandModule("layoutcheck.cli.memory", "add_parser", {"memory": "run_memory"}),
    CommandModule("layoutcheck.cli.search", "add_parser", {"search": "run_search"}),
    CommandModule(
        "layoutcheck.cli.describe", "add_parser", {"quant-description": "run_quant_description"}
    ),
    CommandModule("layoutcheck.cli.repl", "add_parser", {"repl": "run_repl"}),
    CommandModule("layoutcheck.cli.sim", "add_parser", {"sim": "run_sim"}),
    CommandModule("layoutcheck.cli.fuzz", "add_parser", {"fuzz": "run_fuzz"}),
    # capture fx / capture tensorcast (layoutcheck/capture): imports torch only when one runs
    CommandModule("layoutcheck.capture.command", "add_capture_parser", {"capture": "run_capture"}),
    # trace vllm: vLLM's own model traced per simulated rank (torch and vLLM imported on a run)
    CommandModule("layoutcheck.capture.command", "add_trace_parser", {"trace": "run_trace"}),
    CommandModule(
        "layoutcheck.cli.rules",
        "add_parser",
        {"rules": "run_rules", "explain": "run_explain", "ops": "run_ops"},
    ),
    CommandModule("layoutcheck.cli.listing", "add_parser", {"list": "run_list"}),
)
_MODULE_OF = {name: entry for entry in COMMAND_MODULES for name in entry.runs}
FORMAT_COMMANDS = ("compare", "query", "equiv", "sim", "rules", "explain")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command``'s module only (what a run of it needs:
    its subcommand parses and prints exactly as in the whole parser)."""
    parser = Parser(
        prog="layoutcheck",
        description="Type-check the token layout of distributed LLM decoder graphs.",
    )
    parser.add_argument("--version", action="version", version=f"layoutcheck {__version__}")
    add_colour(parser, colour.MODES[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    wanted = COMMAND_MODULES if command is None else (_MODULE_OF[command],)
    for entry in wanted:
        getattr(importlib.import_module(entry.module), entry.add)(commands)
    for name in FORMAT_COMMANDS:
        if name in commands.choices:
            add_format(commands.choices[name])
    add_colour_everywhere(commands)
    return parser


def _run_of(command: str) -> Callable[[argparse.Namespace], int]:
    entry = _MODULE_OF[command]
    run: Callable[[argparse.Namespace], int] = getattr(
        importlib.import_module(entry.module), entry.runs[command]
    )
    return run


def _named_command(args_list: Sequence[str]) -> str | None:
    """The command the arguments name, read before parsing: the first word that is not a
    global option (or the value of one); None when that word is no command."""
    words = iter(args_list)
    for word in words:
        if word in ("--color", "--colour"):
            next(words, None)
        elif not word.startswith("-"):
            return word if word in _MODULE_OF else None
        elif word == "--":
            return None
    return None


def _parse(args_list: Sequence[str]) -> argparse.Namespace:
    """The arguments parsed by the named command's parser alone; what that parser refuses is
    parsed again by the whole parser, so every message is the one it gives."""
    command = _named_command(args_list)
    if command is not None:
        try:
            return build_parser(command).parse_args(args_list)
        except UsageError:
            pass
    return build_parser().parse_args(args_list)


def run() -> int:
    """The ``layoutcheck`` script and ``python -m layoutcheck``: :func:`main` in a process that
    exits when it returns (so its objects need not be collected; see ``gc_paused``)."""
    code = main(exiting=True)
    try:  # what an error handler printed is flushed here, not by the interpreter at exit
        sys.stdout.flush()
    except (BrokenPipeError, ValueError):  # the reader left: nothing more to say to it
        discard_stdout()
    except OSError:
        discard_stdout()
        return EXIT_INPUT if code == EXIT_OK else code
    return code


def main(argv: Sequence[str] | None = None, *, exiting: bool = False) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    args: argparse.Namespace | None = None
    protect(sys.stdout)  # ·, ⊤, µ … spelled in ASCII on a stream that cannot encode them
    protect(sys.stderr)
    state.warned.clear()
    mode = option_value(args_list, "--color") or option_value(args_list, "--colour") or "auto"
    mode = mode if mode in colour.MODES else "auto"
    state.colours = colour.choose(mode, sys.stdout, sys.stderr)
    as_json = option_value(args_list, "--format") == "json"
    as_sarif = option_value(args_list, "--format") == "sarif"
    state.status = progress.Status(sys.stderr, enabled=progress.wanted(sys.stderr, mode))
    try:
        with status_shown(state.status):
            args = _parse(args_list)
            args.argv = args_list
            target = getattr(args, "graph", None)
            state.status.phase(f"{args.command} {target}" if target else args.command)
            check_outputs(args)
            with gc_paused(exiting):
                code = _run_of(args.command)(args)
            sys.stdout.flush()  # a full disk is found here, inside the handlers below
            return code
    except InputError as error:
        if _is_error_of(error, "layoutcheck.passes.manager", "PassError"):
            return _pass_error(error, as_json, as_sarif)
        try:
            return _input_error(error, args, as_json, as_sarif)
        except BrokenPipeError:
            discard_stdout()
            return error.exit_code
        except Exception:  # the report of an error must never end in a traceback
            say(f"layoutcheck: error: {error.message}")
            return error.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except OSError as error:
        if error.errno == errno.ENAMETOOLONG:
            # a name given for a file (a target, --config, -o …) longer than a path may be
            name = str(error.filename or "a path")
            short = name if len(name) <= 80 else name[:80] + "…"
            say(f"layoutcheck: error: {short}: a file name too long for this system")
            return EXIT_INPUT
        if not is_output_error(error):
            return internal_error(error)
        discard_stdout()
        say(f"layoutcheck: error: cannot write the output: {error.strerror or error}")
        return EXIT_INPUT
    except Exception as error:
        return internal_error(error)


def sarif_error(message: str, rule: str, file: str | None, line: int | None) -> None:
    """An error that stopped the run, as the SARIF log ``--format sarif`` asked for (the one
    line on stderr is written too)."""
    from layoutcheck.sarif import error_log

    print(error_log(message, rule, file, line))


def _is_error_of(error: Exception, module: str, name: str) -> bool:
    """Is ``error`` an instance of ``module.name``? Asked of the loaded module only: an error of
    a class never imported cannot be one, and the CLI's start imports none of the graph code."""
    loaded = sys.modules.get(module)
    kind = getattr(loaded, name, None) if loaded is not None else None
    return isinstance(kind, type) and isinstance(error, kind)


def _pass_error(error: Any, as_json: bool, as_sarif: bool) -> int:
    """A pass that broke the type rules: its first finding, and the next few."""
    say(f"layoutcheck: error: {error.message}")
    for diagnostic in error.diagnostics[1:6]:
        say(f"  also: {diagnostic.op}: {diagnostic.message} [{diagnostic.rule}]")
    first = error.diagnostics[0].rule.id if error.diagnostics else None
    if as_json:
        json_error(error.message, rule=first)
    elif as_sarif:
        sarif_error(error.message, first or "bad-spec", None, None)
    return int(error.exit_code)


def _input_error(
    error: InputError, args: argparse.Namespace | None, as_json: bool, as_sarif: bool
) -> int:
    graph_file = getattr(args, "graph", None)
    located = (
        _is_error_of(error, "layoutcheck.graph", "GraphError")
        or error.source is not None
        or error.line is not None
    )
    if not located:
        # not about a place in a file: a usage, model or option problem
        say(f"layoutcheck: error: {error.message}")
    else:
        say(format_input_error(error, graph_file))
    if as_json:
        json_error(
            error.message,
            rule="bad-spec" if located else "usage",
            file=(error.source or graph_file) if located else None,
            line=error.line,
            op=error.op,
        )
    elif as_sarif:
        sarif_error(
            error.message,
            "bad-spec" if located else "usage",
            (error.source or graph_file) if located else None,
            error.line,
        )
    return error.exit_code
