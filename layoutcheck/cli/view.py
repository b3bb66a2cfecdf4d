"""The ``view`` command: the typed layers as one HTML page or DOT."""

from __future__ import annotations

import argparse
from typing import Any

from layoutcheck.cli.common import (
    Bounded,
    add_device,
    add_quant,
    add_target,
    rank_of,
    session_of,
)
from layoutcheck.errors import (
    EXIT_ERRORS,
    EXIT_OK,
    UsageError,
)
from layoutcheck.files import write_text
from layoutcheck.limits import (
    MAX_LAYERS,
)


def add_parser(commands: Any) -> None:
    view = commands.add_parser(
        "view", help="draw the typed layers: one HTML page (inline SVG), or DOT with --format dot"
    )
    add_target(view)
    add_device(view)
    add_quant(view)
    view.add_argument("--contract", help="contract name, path, or 'none' (default: as check)")
    view.add_argument(
        "--layer", type=Bounded("--layer", 0, MAX_LAYERS - 1), help="only this decoder layer"
    )
    view.add_argument("--format", choices=("html", "dot"), default="html")
    view.add_argument("-o", "--output", help="file to write (html: required; dot: default stdout)")


def run_view(args: argparse.Namespace) -> int:
    if args.format == "html" and args.output is None:
        raise UsageError("view writes a page: give -o FILE.html (or --format dot for stdout)")
    from layoutcheck.view import render_view  # the drawing is loaded only for this command

    rendered = render_view(
        session_of(args), args.format, device=args.device, rank=rank_of(args), layer=args.layer
    )
    if args.output is None:
        print(rendered.text, end="")
    else:
        write_text(args.output, rendered.text, UsageError)
        print(f"wrote {args.output}: {rendered.summary}")
    return EXIT_OK if rendered.ok else EXIT_ERRORS
