"""The ``equiv`` command: a model's expanded graph against its repetition graph."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from layoutcheck.cli.common import (
    add_target,
    session_of,
)
from layoutcheck.errors import (
    EXIT_ERRORS,
    EXIT_OK,
)
from layoutcheck.terminal import clean_line

if TYPE_CHECKING:
    pass


def add_parser(commands: Any) -> None:
    equiv = commands.add_parser(
        "equiv", help="compare a model's expanded graph with its repetition graph"
    )
    add_target(equiv)


def run_equiv(args: argparse.Namespace) -> int:
    from layoutcheck.passes.repetition import compare_forms, fold
    from layoutcheck.validate import normalize

    expanded = session_of(args, repetition=False).graph
    folded = normalize(fold(expanded))
    differences = compare_forms(expanded, folded)
    regions = len(folded.repetition())
    if args.format == "json":
        data = {
            "equivalent": not differences,
            "differences": [str(difference) for difference in differences],
            "expanded": {"ops": len(expanded.ops), "layers": len(expanded.layers())},
            "repetition": {"ops": len(folded.ops), "regions": regions},
        }
        print(json.dumps(data, indent=1))
        return EXIT_OK if not differences else EXIT_ERRORS
    for difference in differences:
        print(clean_line(str(difference)))
    verdict = "equivalent" if not differences else f"{len(differences)} difference(s)"
    print(
        f"{verdict}: expanded {len(expanded.ops)} ops over {len(expanded.layers())} layers; "
        f"repetition {len(folded.ops)} ops in {regions} region(s); effective op shapes and "
        "collective counts per layer compared"
    )
    return EXIT_OK if not differences else EXIT_ERRORS
