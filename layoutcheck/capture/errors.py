"""What can stop a capture, said in one line: the capture's error (exit 2) and the check that
torch, which only capturing needs, is installed."""

from __future__ import annotations

import importlib
from types import ModuleType

from layoutcheck.errors import InputError

INSTALL_HINT = "pip install 'layoutcheck[capture]'"


class CaptureError(InputError):
    """A capture that cannot be made: a missing dependency, the user's code failing, an engine
    whose internals are not the ones expected, a graph torch.export refuses (exit 2)."""


def require_torch() -> ModuleType:
    """``torch``, imported now: nothing outside capturing may pay for (or need) it."""
    try:
        return importlib.import_module("torch")
    except ImportError as error:
        raise CaptureError(
            f"capturing needs torch, which is not importable ({error}): {INSTALL_HINT}"
        ) from None


def first_line(error: BaseException, limit: int = 300) -> str:
    """An exception as one line: its type and the first line of its message (torch's run to
    dozens of lines of advice)."""
    text = str(error).strip().splitlines()
    message = text[0] if text else ""
    if len(message) > limit:
        message = message[: limit - 1] + "…"
    return f"{type(error).__name__}: {message}" if message else type(error).__name__
