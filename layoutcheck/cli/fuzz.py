"""The ``fuzz`` command: a user's pass over generated decoder graphs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from layoutcheck.cli.common import (
    Bounded,
    state,
)
from layoutcheck.errors import (
    EXIT_ERRORS,
    EXIT_OK,
    UsageError,
)
from layoutcheck.limits import (
    MAX_FUZZ_EXAMPLES,
    MAX_SEED,
)

if TYPE_CHECKING:
    pass


def add_parser(commands: Any) -> None:
    fuzz = commands.add_parser(
        "fuzz", help="fuzz a Graph -> Graph pass over generated decoder graphs"
    )
    fuzz.add_argument("--pass", dest="pass_ref", required=True, metavar="MODULE:FUNCTION")
    fuzz.add_argument(
        "--examples",
        type=Bounded("--examples", 1, MAX_FUZZ_EXAMPLES),
        default=100,
        help="graphs to try (default 100)",
    )
    fuzz.add_argument(
        "--seed", type=Bounded("--seed", 0, MAX_SEED), default=0, help="hypothesis seed (default 0)"
    )
    fuzz.add_argument("-o", "--output", help="also write the counterexample graph to this file")


def run_fuzz(args: argparse.Namespace) -> int:
    import importlib

    from layoutcheck.graph import GraphError
    from layoutcheck.graph_io import dumps_graph, write_graph

    try:
        from layoutcheck.testing import fuzz_pass
    except ImportError as error:  # hypothesis comes with the test extra only
        missing = getattr(error, "name", None) or "hypothesis"
        package = missing.partition(".")[0]
        raise UsageError(
            f"fuzz needs {package}: pip install {package} (or pip install 'layoutcheck[fuzz]')"
        ) from None

    module_name, sep, function_name = args.pass_ref.partition(":")
    if not sep or not module_name or not function_name:
        raise UsageError(f"--pass {args.pass_ref!r}: write MODULE:FUNCTION")
    sys.path.insert(0, str(Path.cwd()))
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise UsageError(f"--pass: cannot import {module_name!r}: {error}") from None
    pass_fn = getattr(module, function_name, None)
    if not callable(pass_fn):
        raise UsageError(f"--pass: {module_name} has no function {function_name!r}")
    if args.examples < 1:
        raise UsageError("--examples must be at least 1")
    state.status.phase("fuzzing", total=args.examples, unit="graphs")
    found = fuzz_pass(pass_fn, examples=args.examples, seed=args.seed, on_example=state.status.step)
    state.status.close()
    if found is None:
        print(f"no counterexample in {args.examples} examples (seed {args.seed})")
        return EXIT_OK
    print(f"# counterexample: {found.reason}")
    print(dumps_graph(found.graph), end="")
    if args.output:
        try:
            write_graph(found.graph, args.output)
        except GraphError as error:
            raise UsageError(error.message) from None
        print(f"# written to {args.output}")
    return EXIT_ERRORS
