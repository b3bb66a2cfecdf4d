"""The ``repl`` command: an interactive session with the cost report loaded."""

from __future__ import annotations

import argparse
from typing import Any

from layoutcheck.cli.common import (
    add_device,
    add_quant,
    add_target,
    cost_report_of,
    gc_resumed,
    session_of,
    state,
)


def add_parser(commands: Any) -> None:
    repl = commands.add_parser("repl", help="an interactive session with the cost report loaded")
    add_target(repl)
    add_device(repl)
    add_quant(repl)
    repl.add_argument(
        "--ipython",
        action="store_true",
        help="start IPython (when installed) instead of layoutcheck's console",
    )


def run_repl(args: argparse.Namespace) -> int:
    from layoutcheck.repl import start

    session = session_of(args)
    report = cost_report_of(args, session)
    state.status.close()  # the prompt is the terminal's from here
    with gc_resumed():
        return start(
            report,
            session.typed,
            ipython=args.ipython,
            memory=lambda: session.memory_quantities(report),
        )
