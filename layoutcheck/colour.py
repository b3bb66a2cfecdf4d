"""Colour for a terminal, as mypy shows it: severities, dim rule ids and coloured layouts.

Plain ANSI SGR codes, no library: ``rich`` costs 50-70 ms of import (measured in
benchmarks/README.md), and the CLI's start is a performance target. Colour is added to text
that is already escaped (``terminal.clean``), so a name holding an escape sequence is shown as
``\\x1b[…`` and only the codes added here reach the terminal.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Mapping
from typing import Any

import attrs

RESET = "\x1b[0m"

# SGR codes by role; one table, so the page of issue 13 item 1 and the terminal can agree
STYLES: Mapping[str, str] = {
    "error": "\x1b[1;31m",  # bold red, as mypy's
    "warning": "\x1b[33m",  # yellow
    "note": "\x1b[34m",  # blue, as mypy's notes
    "help": "\x1b[36m",  # cyan: the fix
    "rule": "\x1b[2m",  # dim: the rule id is for looking up, not for reading
    "ok": "\x1b[1;32m",  # bold green verdict
    "failed": "\x1b[1;31m",  # bold red verdict
    # the layouts, each its own colour, the layer page's (view/palette.py, Okabe–Ito) in the
    # 256-colour palette: FULL·WHOLE blue, LOCAL·WHOLE orange, ·SPLIT green, ·PARTIAL pink,
    # ⊤ grey (no layout: a type error upstream, whose own line is red)
    "full-whole": "\x1b[38;5;25m",
    "local-whole": "\x1b[38;5;214m",
    "split": "\x1b[38;5;36m",
    "partial": "\x1b[38;5;175m",
    "top": "\x1b[38;5;245m",
}

MODES = ("auto", "always", "never")


def wanted(mode: str, stream: Any, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour ``stream``: ``always``/``never`` as said; ``auto`` when it is a
    terminal, ``NO_COLOR`` is unset or empty (no-color.org) and ``TERM`` is not ``dumb``. The
    flag wins over ``NO_COLOR``, as no-color.org asks."""
    if mode == "always":
        return True
    if mode == "never":
        return False
    env = os.environ if environ is None else environ
    if env.get("NO_COLOR") or env.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if isatty is not None else False
    except (ValueError, OSError):  # a closed stream
        return False


@attrs.frozen
class Choice:
    """Which of the two streams a run colours."""

    stdout: bool = False
    stderr: bool = False


def choose(mode: str, stdout: Any, stderr: Any) -> Choice:
    return Choice(wanted(mode, stdout), wanted(mode, stderr))


def _styled(role: str, text: str) -> str:
    return f"{STYLES[role]}{text}{RESET}"


def _layout_role(tokens: str, features: str) -> str:
    if "⊤" in (tokens, features):
        return "top"
    if features == "S":
        return "split"
    if features == "P":
        return "partial"
    return "full-whole" if tokens == "F" else "local-whole"


def _severity(match: re.Match[str]) -> str:
    return f"{match.group(1)}{_styled(match.group(2), match.group(2))}:"


def _layout(match: re.Match[str]) -> str:
    tokens, features = match.group(1), match.group(2)
    return _styled(_layout_role(tokens, features), match.group(0))


def _verdict(match: re.Match[str]) -> str:
    role = "ok" if match.group(1) in ("ok", "sound") else "failed"
    return _styled(role, match.group(1)) + ":"


def _labelled(role: str) -> Callable[[re.Match[str]], str]:
    return lambda match: f"{match.group(1)}{_styled(role, match.group(2))}"


def _labelled_line(match: re.Match[str]) -> str:
    label = match.group(2)
    role = "note" if label in ("note", "engine") else "help"
    return f"{match.group(1)}{_styled(role, label)}"


# (pattern, replacement) applied in order to each line; each pattern says what it colours.
# The layout pattern needs the notation's shape exactly (one of F L ⊤, ·, one of W S P ⊤) and
# a word of its own (after a space or "(", before a space, ")", "," or ";"), so a name that
# merely contains it (model.F·W.proj) is left alone.
RULES: tuple[tuple[str, Callable[[re.Match[str]], str]], ...] = (
    # `file:line: error:` and `layoutcheck: warning:` (mypy's layout of a diagnostic line)
    (r"^(\S.*?: )(error|warning|note):", _severity),
    # the verdict line of check and sim
    (r"^(ok|FAILED|sound|unsound):", _verdict),
    # the evidence lines under a diagnostic
    (r"^(\s+)(note|help|engine)(?=:)", _labelled_line),
    # the rule id a diagnostic line ends with
    (r"(\s\s)(\[[a-z0-9][a-z0-9-]*\])$", _labelled("rule")),
    (r"(?<![^\s(])([FL⊤])·([WSP⊤])(?![^\s),;])", _layout),
    (r"(?<![^\s(])⊤(?![^\s),;])", lambda m: _styled("top", m.group(0))),
)


@functools.cache
def _compiled() -> tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...]:
    # compiled on first use: a run that colours nothing (piped, the common case) never pays
    return tuple((re.compile(pattern), replace) for pattern, replace in RULES)


def paint(text: str) -> str:
    """``text`` (already escaped) with colour codes added, line by line."""
    lines = text.split("\n")
    for index, line in enumerate(lines):
        for pattern, replace in _compiled():
            line = pattern.sub(replace, line)
        lines[index] = line
    return "\n".join(lines)


def strip(text: str) -> str:
    """``text`` without the codes ``paint`` adds (for tests and for measuring widths)."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text)
