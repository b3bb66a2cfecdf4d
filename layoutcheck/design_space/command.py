"""``layoutcheck search``: the parsed arguments to a request, results streamed as structures
finish (text mode), progress on stderr when it is a terminal, then the ranking."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TextIO

from layoutcheck.design_space.axes import NUMERIC_AXES, STRUCTURE_AXES, Axes
from layoutcheck.design_space.evaluate import StructureResult
from layoutcheck.design_space.render import (
    csv_text,
    json_document,
    plot,
    require_matplotlib,
    structure_line,
    summary_text,
)
from layoutcheck.design_space.run import Request, run, serial
from layoutcheck.errors import EXIT_ERRORS, EXIT_OK, UsageError
from layoutcheck.terminal import clean_line


class Progress:
    """One status line on a terminal, rewritten as structures finish."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.start = time.perf_counter()
        self.passed = 0

    def update(self, result: StructureResult, finished: int, total: int) -> None:
        self.passed += bool(result.priced)
        elapsed = time.perf_counter() - self.start
        line = (
            f"layoutcheck search: {finished}/{total} structures, {self.passed} pass, "
            f"{finished - self.passed} rejected, {elapsed:.1f} s"
        )
        self.stream.write("\r\x1b[K" + clean_line(line))
        self.stream.flush()

    def clear(self) -> None:
        self.stream.write("\r\x1b[K")
        self.stream.flush()


def run_command(args: argparse.Namespace) -> int:
    texts = {axis: getattr(args, axis) for axis in (*STRUCTURE_AXES, *NUMERIC_AXES)}
    sp_axis = getattr(args, "sp_axis", None)
    if sp_axis is not None:
        if texts.get("sp") is not None:
            raise UsageError("give --sp (on) or --sp-axis LIST, not both")
        texts["sp"] = sp_axis
    axes = Axes.parse(args.model, texts)
    request = Request(
        axes,
        objective=args.objective,
        hbm_fit=args.hbm_fit,
        top=None if args.top == 0 else args.top,
        accounting=args.accounting,
        contract=args.contract,
    )
    if args.plot:
        require_matplotlib()  # refused before the search, not after it
    if args.ray_cpus is not None and args.ray != "":
        raise UsageError("--ray-cpus sizes a local Ray instance: give --ray without an address")
    backend = serial
    if args.ray is not None:
        from layoutcheck.design_space.ray_backend import RayBackend

        backend = RayBackend(args.ray or None, args.ray_cpus)
    progress = Progress(sys.stderr) if sys.stderr.isatty() else None
    streaming = args.format == "text"

    def on_result(result: StructureResult, finished: int, total: int) -> None:
        if streaming:
            if progress is not None:
                progress.clear()
            print(structure_line(result, request, finished, total), flush=True)
        if progress is not None:
            progress.update(result, finished, total)

    start = time.perf_counter()
    search = run(request, backend=backend, on_result=on_result)
    seconds = time.perf_counter() - start
    if progress is not None:
        progress.clear()
    if args.format == "json":
        print(json.dumps(json_document(search, seconds), indent=1))
    elif args.format == "csv":
        print(csv_text(search), end="")
    else:
        print(summary_text(search, seconds))
    if args.plot:
        plot(search, args.plot)
        if streaming:
            print(f"wrote {args.plot}")
    return EXIT_OK if len(search.ranked) else EXIT_ERRORS
