"""Torch-free readers of the graphs engines dump (torch.export archives, fx text) into one IR.

:func:`read_program` picks the reader by content; mapping engine ops to layoutcheck ops is
another module's job.
"""

from __future__ import annotations

import os

from layoutcheck.engines.archive import ArchiveLimits, read_archive
from layoutcheck.engines.fxtext import TextLimits, read_fx_graphs, read_fx_text
from layoutcheck.engines.program import (
    Arg,
    ArgKind,
    EngineNode,
    EngineProgram,
    GraphInput,
    TensorMeta,
)
from layoutcheck.engines.read import ReadError, open_regular_file

ZIP_MAGIC = b"PK\x03\x04"  # a zip's first local header; torch.export writes nothing before it

__all__ = [
    "ArchiveLimits",
    "Arg",
    "ArgKind",
    "EngineNode",
    "EngineProgram",
    "GraphInput",
    "ReadError",
    "TensorMeta",
    "TextLimits",
    "read_archive",
    "read_fx_graphs",
    "read_fx_text",
    "read_program",
]


def read_program(path: str | os.PathLike[str], *, index: int | None = None) -> EngineProgram:
    """Read an engine's graph dump: a zip is a torch.export archive, anything else fx text
    (``print_readable`` code or ``Graph.__str__`` lines, with or without log prefixes).

    A log may hold several graphs: ``index`` picks one (from 0; negative from the end); by
    default the file's only graph, else its last (the latest pass's) with a warning saying so;
    :func:`read_fx_graphs` reads them all. Raises :class:`ReadError` (one line, naming the file
    and line) for anything that is not a graph.
    """
    source = os.fspath(path)
    try:
        with open_regular_file(
            path, max_bytes=ArchiveLimits().file_bytes, what="a graph dump"
        ) as stream:
            head = stream.read(len(ZIP_MAGIC))
    except ReadError as error:
        raise error.located(source) from None
    except OSError as error:
        raise ReadError(f"cannot be read: {error.strerror or error}", source=source) from None
    if head == ZIP_MAGIC:
        if index not in (None, 0, -1):
            raise ReadError(f"holds one graph, so there is no graph {index}", source=source)
        return read_archive(path)
    if source.lower().endswith(".pt2"):
        raise ReadError("is not a zip archive (a .pt2 is torch.export's zip)", source=source)
    return read_fx_text(path, index=index)
