"""The ``rules``, ``explain`` and ``ops`` commands: the rule table and the op catalogue."""

from __future__ import annotations

import argparse
import difflib
import json
from typing import TYPE_CHECKING, Any

from layoutcheck.errors import (
    EXIT_OK,
    UsageError,
)
from layoutcheck.terminal import clean, shorten

if TYPE_CHECKING:
    pass


def add_parser(commands: Any) -> None:
    commands.add_parser("rules", help="list every rule id")
    explain = commands.add_parser("explain", help="what a rule means: What / Why / Example / Fix")
    explain.add_argument("rule")
    explain.add_argument(
        "--contract", help="also look in this contract (a name or a path to your own file)"
    )
    commands.add_parser("ops", help="list the op catalogue")


def run_rules(args: argparse.Namespace) -> int:
    from layoutcheck.contracts import all_rules
    from layoutcheck.packs import shipped_packs
    from layoutcheck.render import (
        render_rule_list,
        rule_json,
    )

    rules = all_rules()
    packs = [
        {"engine": engine, "versions": str(spec), "contract": contract.name,
         "requires": contract.requires_text or None, "summary": contract.summary}
        for contract in shipped_packs()
        for engine, spec in contract.engines
    ]  # fmt: skip
    packs.sort(key=lambda row: (str(row["engine"]), str(row["versions"]), str(row["contract"])))
    if args.format == "json":
        data = [rule_json(doc, contracts) for doc, contracts in rules.values()]
        print(json.dumps({"rules": data, "packs": packs}, indent=1))
    else:
        print(render_rule_list(doc for doc, _ in rules.values()))
        print("\ncontract packs (check --engine-version ENGINE==VERSION picks one):")
        for row in packs:
            scope = f" (graphs with an op of {row['requires']})" if row["requires"] else ""
            print(f"  {row['engine']:<12} {row['versions']:<16} {row['contract']}{scope}")
    return EXIT_OK


def run_explain(args: argparse.Namespace) -> int:
    from layoutcheck.contracts import all_rules, load_contract
    from layoutcheck.render import (
        render_rule,
        rule_json,
    )

    rules = all_rules()
    if args.contract is not None:  # a user's own contract: its rules first
        own = load_contract(args.contract)
        rules = {rule.id: (rule, [own.name]) for rule in own.rule_docs()} | rules
    entry = rules.get(args.rule)
    if entry is None:
        close = difflib.get_close_matches(args.rule, list(rules), n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else " (see `layoutcheck rules`)"
        if not close and args.contract is None:
            hint = " (see `layoutcheck rules`; a rule of your own contract: --contract FILE)"
        raise UsageError(f"unknown rule {shorten(args.rule, 80)!r}{hint}")
    doc, contracts = entry
    if args.format == "json":
        print(json.dumps(rule_json(doc, contracts), indent=1))
    else:
        print(clean(render_rule(doc, contracts)))
    return EXIT_OK


def run_ops(args: argparse.Namespace) -> int:
    from layoutcheck.ops import default_registry
    from layoutcheck.render import (
        render_catalogue,
    )

    print(render_catalogue(default_registry()))
    return EXIT_OK
