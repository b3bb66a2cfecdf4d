"""The one error hierarchy: every problem a user can cause is an :class:`InputError` carrying its
exit code and where it is (file, line, op), so every entry point reports it in one line."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

EXIT_OK, EXIT_ERRORS, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
# `sim` only: the simulator could not run a graph the type rules accept at the sizes tried,
# which shows nothing about its soundness (not the 1 of a value that differs)
EXIT_CANNOT_EXECUTE = 4


class LayoutcheckError(Exception):
    """Base of layoutcheck's errors; ``exit_code`` is what the CLI exits with."""

    exit_code: ClassVar[int] = EXIT_INTERNAL


class InputError(LayoutcheckError, ValueError):
    """Unusable input or usage (exit 2): names the thing at fault and, where known, the file,
    line and op."""

    exit_code: ClassVar[int] = EXIT_INPUT

    def __init__(
        self,
        message: str,
        *,
        op: str | None = None,
        line: int | None = None,
        source: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.op = op
        self.line = line
        self.source = source  # the file at fault, when it is not the graph being checked


class UsageError(InputError):
    """A problem with what the user asked for on the command line or in the API."""


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``"did you mean rms_norm? "`` for a word close to one or two of ``choices`` (else "")."""
    import difflib

    close = difflib.get_close_matches(word, list(choices), n=2, cutoff=0.6)
    return f"did you mean {' or '.join(close)}? " if close else ""
