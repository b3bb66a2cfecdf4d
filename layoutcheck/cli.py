"""The ``layoutcheck`` command line (presentation only: parsing, dispatch, exit codes).

Exit codes: 0 no errors, 1 errors found, 2 unusable input or usage, 3 an internal error.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from layoutcheck.check import report_for
from layoutcheck.contracts import Contract, available_contracts, load_contract
from layoutcheck.diagnostics import render_text
from layoutcheck.graph import Graph, GraphError
from layoutcheck.graph_io import load_graph
from layoutcheck.interp import interpret
from layoutcheck.ops import default_registry
from layoutcheck.render import render_catalogue, render_rule, render_rule_list, render_typed_graph
from layoutcheck.rules import TYPE_RULES, RuleDoc

EXIT_OK, EXIT_ERRORS, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3


class UsageError(Exception):
    """A problem with what the user asked for (exit 2)."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(f"{message} (see `{self.prog} --help`)")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="layoutcheck",
        description="Type-check the token layout of distributed LLM decoder graphs.",
    )
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    check = commands.add_parser("check", help="check a graph against the type rules and a contract")
    check.add_argument("graph", help="a graph file (.yaml or .json)")
    check.add_argument(
        "--contract",
        help="contract name, path, or 'none' (default: the graph's contract: key)",
    )
    check.add_argument("--format", choices=("text", "json"), default="text")
    _add_set(check)

    show = commands.add_parser("show", help="print the typed graph, one op per line")
    show.add_argument("graph")
    show.add_argument("--layer", type=int, help="only the ops of this decoder layer")
    _add_set(show)

    commands.add_parser("rules", help="list every rule id")
    explain = commands.add_parser("explain", help="what a rule means: What / Why / Example / Fix")
    explain.add_argument("rule")
    commands.add_parser("ops", help="list the op catalogue")
    return parser


def _add_set(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="SYM=VAL",
        help="override a symbol's value (repeatable), e.g. --set T=8192",
    )


def parse_sets(items: Sequence[str]) -> dict[str, int]:
    values: dict[str, int] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name:
            raise UsageError(f"--set {item!r}: write SYM=VALUE, e.g. --set T=4096")
        if not raw.isdigit() or int(raw) < 1:
            raise UsageError(f"--set {item!r}: {name} must be a positive integer")
        values[name] = int(raw)
    return values


def with_symbols(graph: Graph, overrides: dict[str, int]) -> Graph:
    known = dict(graph.symbols)
    for name in overrides:
        if name not in known:
            listed = ", ".join(known) or "none"
            raise UsageError(f"--set {name}: the graph has no symbol {name!r} (symbols: {listed})")
    known.update(overrides)
    return graph.evolve(symbols=tuple(known.items()))


def resolve_contract(option: str | None, graph: Graph) -> Contract | None:
    name = option if option is not None else graph.contract
    if name is None or name == "none":
        return None
    if option is None and graph.source is not None:
        beside = Path(graph.source).parent / name
        if beside.is_file():
            return load_contract(str(beside))
    return load_contract(name)


def all_rules() -> dict[str, tuple[RuleDoc, list[str]]]:
    """Rule id → its doc and the contracts that use it."""
    found: dict[str, tuple[RuleDoc, list[str]]] = {rule.id: (rule, []) for rule in TYPE_RULES}
    for name in available_contracts():
        for rule in load_contract(name).rule_docs():
            entry = found.setdefault(rule.id, (rule, []))
            entry[1].append(name)
    return found


def _cmd_check(args: argparse.Namespace) -> int:
    graph = with_symbols(load_graph(args.graph), parse_sets(args.set))
    contract = resolve_contract(args.contract, graph)
    report = report_for(interpret(graph), contract)
    if args.format == "json":
        print(json.dumps(report.to_json(), indent=2))
    else:
        print(render_text(report))
    return EXIT_OK if report.ok else EXIT_ERRORS


def _cmd_show(args: argparse.Namespace) -> int:
    graph = with_symbols(load_graph(args.graph), parse_sets(args.set))
    typed = interpret(graph)
    print(render_typed_graph(typed, args.layer))
    if typed.diagnostics:
        print(f"\n{len(typed.diagnostics)} diagnostic(s): run `layoutcheck check {args.graph}`")
    return EXIT_OK


def _cmd_rules(args: argparse.Namespace) -> int:
    print(render_rule_list(doc for doc, _ in all_rules().values()))
    return EXIT_OK


def _cmd_explain(args: argparse.Namespace) -> int:
    rules = all_rules()
    entry = rules.get(args.rule)
    if entry is None:
        close = difflib.get_close_matches(args.rule, list(rules), n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else " (see `layoutcheck rules`)"
        raise UsageError(f"unknown rule {args.rule!r}{hint}")
    doc, contracts = entry
    print(render_rule(doc, contracts))
    return EXIT_OK


def _cmd_ops(args: argparse.Namespace) -> int:
    print(render_catalogue(default_registry()))
    return EXIT_OK


COMMANDS = {
    "check": _cmd_check,
    "show": _cmd_show,
    "rules": _cmd_rules,
    "explain": _cmd_explain,
    "ops": _cmd_ops,
}


def format_input_error(error: GraphError, default_file: str | None) -> str:
    """``file:line: error: op NAME: message  [bad-spec]`` — one line."""
    location = getattr(error, "source", None) or default_file or "layoutcheck"
    if error.line is not None:
        location = f"{location}:{error.line}"
    subject = f"op {error.op}: " if error.op else ""
    return f"{location}: error: {subject}{error.message}  [bad-spec]"


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(args_list)
        return COMMANDS[args.command](args)
    except UsageError as error:
        print(f"layoutcheck: error: {error}", file=sys.stderr)
        return EXIT_INPUT
    except GraphError as error:
        graph_file = getattr(locals().get("args"), "graph", None)
        print(format_input_error(error, graph_file), file=sys.stderr)
        return EXIT_INPUT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except Exception as error:
        print(
            f"layoutcheck: internal error: {type(error).__name__}: {error} "
            "(please report this with the input that caused it)",
            file=sys.stderr,
        )
        return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
