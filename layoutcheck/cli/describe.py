"""The ``quant-description`` command: the quant_model_description.json a recipe implies."""

from __future__ import annotations

import argparse
import json
from typing import Any

from layoutcheck.cli.common import (
    add_target,
    session_of,
)
from layoutcheck.errors import (
    EXIT_OK,
    UsageError,
)
from layoutcheck.files import write_text
from layoutcheck.recipe_names import RECIPES


def add_parser(commands: Any) -> None:
    describe = commands.add_parser(
        "quant-description", help="write the quant_model_description.json a recipe implies"
    )
    add_target(describe)
    describe.add_argument("--quant", required=True, help=", ".join(RECIPES))
    describe.add_argument("-o", "--output", required=True)


def run_quant_description(args: argparse.Namespace) -> int:
    from layoutcheck.memory import description_data
    from layoutcheck.quant import recipe

    session = session_of(args, quant=None)
    data = description_data(recipe(args.quant), session.typed)
    write_text(args.output, json.dumps(data, indent=1) + "\n", UsageError)
    print(f"wrote {args.output}: {sum(k.endswith('.weight') for k in data)} weights")
    return EXIT_OK
