"""The command line: the parser assembled from one module per command, and ``main``, which runs
one command and turns every error into one line and an exit code."""

from __future__ import annotations

import argparse
import errno
import sys
from collections.abc import Callable, Sequence
from typing import Any

from layoutcheck import __version__, colour, progress
from layoutcheck.capture.command import add_capture_parser, run_capture
from layoutcheck.cli import (
    check,
    compare,
    cost,
    describe,
    equiv,
    export,
    fuzz,
    listing,
    memory,
    query,
    repl,
    rules,
    search,
    show,
    sim,
    view,
)
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
from layoutcheck.errors import EXIT_INPUT, EXIT_OK, InputError
from layoutcheck.terminal import protect

__all__ = ["COMMANDS", "FOLDED_COMMANDS", "build_parser", "main", "options_of", "parse_sets"]

# The commands in the order --help lists them; each module adds its own parser.
PARSERS: tuple[Callable[[Any], None], ...] = (
    check.add_parser,
    show.add_parser,
    export.add_parser,
    view.add_parser,
    equiv.add_parser,
    cost.add_parser,
    compare.add_parser,
    query.add_parser,
    memory.add_parser,
    search.add_parser,
    describe.add_parser,
    repl.add_parser,
    sim.add_parser,
    fuzz.add_parser,
    add_capture_parser,  # capture fx / capture tensorcast (layoutcheck/capture)
    rules.add_parser,
    listing.add_parser,
)


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="layoutcheck",
        description="Type-check the token layout of distributed LLM decoder graphs.",
    )
    parser.add_argument("--version", action="version", version=f"layoutcheck {__version__}")
    add_colour(parser, colour.MODES[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    for add in PARSERS:
        add(commands)
    for name in ("compare", "query", "equiv", "sim", "rules", "explain"):
        add_format(commands.choices[name])
    add_colour_everywhere(commands)
    return parser


COMMANDS = {
    "check": check.run_check,
    "show": show.run_show,
    "export": export.run_export,
    "equiv": equiv.run_equiv,
    "view": view.run_view,
    "cost": cost.run_cost,
    "compare": compare.run_compare,
    "query": query.run_query,
    "repl": repl.run_repl,
    "memory": memory.run_memory,
    "search": search.run_search,
    "quant-description": describe.run_quant_description,
    "sim": sim.run_sim,
    "fuzz": fuzz.run_fuzz,
    "capture": run_capture,  # imports torch only when a capture runs
    "rules": rules.run_rules,
    "explain": rules.run_explain,
    "ops": rules.run_ops,
    "list": listing.run_list,
}


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    args: argparse.Namespace | None = None
    protect(sys.stdout)  # ·, ⊤, µ … spelled in ASCII on a stream that cannot encode them
    protect(sys.stderr)
    state.warned.clear()
    mode = option_value(args_list, "--color") or option_value(args_list, "--colour") or "auto"
    state.colours = colour.choose(mode if mode in colour.MODES else "auto", sys.stdout, sys.stderr)
    as_json = option_value(args_list, "--format") == "json"
    as_sarif = option_value(args_list, "--format") == "sarif"
    state.status = progress.Status(sys.stderr, enabled=progress.wanted(sys.stderr))
    try:
        with status_shown(state.status):
            args = build_parser().parse_args(args_list)
            args.argv = args_list
            target = getattr(args, "graph", None)
            state.status.phase(f"{args.command} {target}" if target else args.command)
            check_outputs(args)
            with gc_paused():
                code = COMMANDS[args.command](args)
            sys.stdout.flush()  # a full disk is found here, inside the handlers below
            return code
    except InputError as error:
        if _is_error_of(error, "layoutcheck.passes.manager", "PassError"):
            return _pass_error(error, as_json, as_sarif)
        return _input_error(error, args, as_json, as_sarif)
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
