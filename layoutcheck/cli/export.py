"""The ``export`` command: a graph file, and Model Explorer overlays."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from layoutcheck.cli.common import (
    add_device,
    add_quant,
    add_target,
    rank_of,
    session_of,
)
from layoutcheck.errors import (
    EXIT_OK,
    UsageError,
)

if TYPE_CHECKING:
    pass


def add_parser(commands: Any) -> None:
    export = commands.add_parser("export", help="write a built (or loaded) graph as a graph file")
    add_target(export)
    export.add_argument("-o", "--output", help="file to write (.yaml or .json)")
    export.add_argument(
        "--model-explorer",
        metavar="FILE.json",
        help="write Model Explorer node data over the graph's nodes (an engine .pt2's as its "
        "PyTorch adapter names them): FILE.json the layouts, and beside it "
        "FILE.shape.json, FILE.us.json (on --device) and FILE.violations.json",
    )
    export.add_argument(
        "--model-explorer-graph",
        metavar="FILE.json",
        help="write the graph in Model Explorer's JSON graph format (for a graph with no .pt2)",
    )
    add_device(export)
    add_quant(export)


def run_export(args: argparse.Namespace) -> int:
    from layoutcheck.graph import GraphError
    from layoutcheck.graph_io import write_graph

    if not (args.output or args.model_explorer or args.model_explorer_graph):
        raise UsageError(
            "export writes -o FILE, --model-explorer FILE.json or "
            "--model-explorer-graph FILE.json: give at least one"
        )
    session = session_of(args)
    graph = session.graph
    if args.output:
        try:
            write_graph(graph, args.output)
        except GraphError as error:
            raise UsageError(error.message) from None
        print(f"wrote {args.output}: {len(graph.ops)} ops, {len(graph.layers())} layers")
    if args.model_explorer_graph or args.model_explorer:
        from layoutcheck import explorer  # Model Explorer's formats, loaded only when asked

        if args.model_explorer_graph:
            print(explorer.write_explorer_graph(args.model_explorer_graph, session))
        if args.model_explorer:
            print(explorer.write_overlays(args.model_explorer, session, args.device, rank_of(args)))
    return EXIT_OK
