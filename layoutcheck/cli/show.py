"""The ``show`` command: the typed graph, one op per line."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from layoutcheck.cli.common import (
    Bounded,
    add_target,
    emit,
    session_of,
)
from layoutcheck.errors import (
    EXIT_OK,
    UsageError,
)
from layoutcheck.limits import (
    MAX_LAYERS,
)
from layoutcheck.terminal import rerun_as

if TYPE_CHECKING:
    pass


def add_parser(commands: Any) -> None:
    show = commands.add_parser("show", help="print the typed graph, one op per line")
    add_target(show)
    show.add_argument(
        "--layer",
        type=Bounded("--layer", 0, MAX_LAYERS - 1),
        help="only the ops of this decoder layer",
    )


def run_show(args: argparse.Namespace) -> int:
    from layoutcheck.coverage import coverage, has_opaque
    from layoutcheck.render import (
        render_typed_graph,
    )

    session = session_of(args)
    graph = session.graph
    if args.layer is not None and args.layer not in graph.layers():
        present = graph.layers()
        span = f"{present[0]}..{present[-1]}" if present else "none"
        raise UsageError(f"--layer {args.layer}: the graph has no such layer (layers: {span})")
    typed = session.typed
    emit(render_typed_graph(typed, args.layer))
    if has_opaque(typed):
        covered = coverage(typed)
        print(
            f"\n{covered.unchecked} of {covered.ops} ops unchecked (⊤) from ops nobody could "
            f"type: {', '.join(covered.groups())} [unchecked-op]"
        )
    if typed.diagnostics:
        # the same flags, or the check would judge another graph
        again = rerun_as(args.argv, "show", "check", drop=("--layer",))
        print(f"\n{len(typed.diagnostics)} diagnostic(s): run `{again}`")
    return EXIT_OK
