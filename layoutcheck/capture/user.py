"""``capture fx MODULE:FUNCTION``: import the user's module, call the function for
``(graph_module, example_inputs)`` and export what it returns. With ``fuzz --pass``, the one
place layoutcheck imports and runs code it was given, and only because the user asked for it."""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from layoutcheck.capture.errors import CaptureError, first_line, require_torch
from layoutcheck.capture.export import Exported, export_graph
from layoutcheck.capture.settings import CaptureSettings


def capture_fx(
    reference: str, output: str | os.PathLike[str], settings: CaptureSettings
) -> Exported:
    require_torch()  # before the user's module, which would fail on it less plainly
    gm, example_inputs = graph_of(reference)
    return export_graph(gm, example_inputs, output, settings)


def graph_of(reference: str) -> tuple[Any, Any]:
    """What ``MODULE:FUNCTION()`` returns, checked to be a (graph module, inputs) pair."""
    function = load_function(reference)
    try:
        returned = function()
    except Exception as error:  # the user's code: whatever it raises is theirs to fix
        raise CaptureError(f"{reference} raised {first_line(error)}{_where(error)}") from None
    if not isinstance(returned, tuple | list) or len(returned) != 2:
        raise CaptureError(
            f"{reference} returned {_described(returned)}; it must return "
            "(graph_module, example_inputs)"
        )
    return returned[0], returned[1]


def load_function(reference: str) -> Any:
    module_name, sep, attribute = reference.partition(":")
    if not sep or not module_name or not attribute:
        raise CaptureError(f"{reference!r}: write MODULE:FUNCTION, e.g. mygraphs:tiny_layer")
    with importable_from(Path.cwd()):
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as error:
            if error.name is not None and module_name.startswith(error.name):
                raise CaptureError(f"cannot import {module_name!r}: {error}") from None
            raise CaptureError(
                f"importing {module_name} raised {first_line(error)}{_where(error)}"
            ) from None
        except Exception as error:
            raise CaptureError(
                f"importing {module_name} raised {first_line(error)}{_where(error)}"
            ) from None
    target: Any = module
    for part in attribute.split("."):
        target = getattr(target, part, None)
        if target is None:
            raise CaptureError(f"{module_name} has no {attribute!r}")
    if not callable(target):
        raise CaptureError(f"{reference} is {_described(target)}, not a function")
    return target


@contextlib.contextmanager
def importable_from(folder: Path) -> Iterator[None]:
    """``folder`` on sys.path for the length of the block, as ``python -m`` puts the working
    directory there."""
    entry = os.fspath(folder)
    added = entry not in sys.path
    if added:
        sys.path.insert(0, entry)
    try:
        yield
    finally:
        if added and entry in sys.path:
            sys.path.remove(entry)


def _where(error: BaseException) -> str:
    """`` (at file:line)`` of the innermost frame that raised, to point into the user's code."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return ""
    frame = frames[-1]
    return f" (at {frame.filename}:{frame.lineno})"


def _described(value: object) -> str:
    name = type(value).__name__
    article = "an" if name[:1].lower() in "aeiou" else "a"
    if isinstance(value, tuple | list):
        return f"{article} {name} of {len(value)}"
    return f"{article} {name}"
