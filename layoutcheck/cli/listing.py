"""The ``list`` command: what ships with layoutcheck, by the names the other commands take
(models, example graphs, contracts with their engine versions, devices with their aliases,
quantization recipes)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from layoutcheck import resources
from layoutcheck.cli.common import add_format, emit
from layoutcheck.errors import EXIT_OK

KINDS = ("models", "graphs", "contracts", "devices", "recipes")


def add_parser(commands: Any) -> None:
    listing = commands.add_parser(
        "list",
        help="what ships: models, example graphs, contracts (with engine versions), devices "
        "(with TensorCast's names) and quantization recipes, by the names commands take",
    )
    listing.add_argument("kind", nargs="?", choices=KINDS, help="only this kind")
    add_format(listing)


def _rows(kind: str) -> list[dict[str, object]]:
    if kind == "models":
        return [{"name": name} for name in resources.shipped("models")]
    if kind == "graphs":
        return [
            {"name": name, "path": str(resources.find("graphs", name))}
            for name in resources.shipped("graphs")
        ]
    if kind == "contracts":
        from layoutcheck.contracts import available_contracts, load_contract
        from layoutcheck.packs import engines_text

        rows: list[dict[str, object]] = []
        for name in available_contracts():
            contract = load_contract(name)
            rows.append(
                {"name": name, "engines": engines_text(contract), "summary": contract.summary}
            )
        return rows
    if kind == "devices":
        from layoutcheck.cost.devices import available_devices, load_device

        return [
            {"name": name, "aliases": list(load_device(name).aliases)}
            for name in available_devices()
        ]
    from layoutcheck.recipe_names import RECIPES

    return [{"name": name} for name in RECIPES]


def _text(kind: str, row: dict[str, object]) -> str:
    name = str(row["name"])
    if kind == "contracts":
        engines = f"  [{row['engines']}]" if row["engines"] else ""
        return f"  {name:<28} {row['summary']}{engines}"
    if kind == "devices" and row["aliases"]:
        return f"  {name:<28} also {', '.join(map(str, row['aliases']))}"  # type: ignore[call-overload]
    return f"  {name}"


def run_list(args: argparse.Namespace) -> int:
    kinds = (args.kind,) if args.kind else KINDS
    found = {kind: _rows(kind) for kind in kinds}
    if args.format == "json":
        print(json.dumps(found, indent=1))
        return EXIT_OK
    blocks = []
    for kind, rows in found.items():
        lines = [f"{kind}:"] + [_text(kind, row) for row in rows]
        blocks.append("\n".join(lines))
    emit("\n\n".join(blocks))
    return EXIT_OK
