"""What layoutcheck writes to a terminal: control characters escaped (a name holding a newline
or an ANSI sequence cannot split a line or drive the terminal), long words shortened, and the
notation's glyphs (``·``, ``⊤``, ``→``, ``µ``…) spelled in ASCII on a stream that cannot
encode them (``PYTHONIOENCODING=ascii``, a C locale without UTF-8)."""

from __future__ import annotations

import codecs
import re
import shlex
from collections.abc import Sequence
from typing import Any

from layoutcheck.limits import MAX_ECHO_CHARS

# C0 controls but tab and newline, DEL, C1 controls, and the bidirectional overrides that can
# make a name display as something else
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")
_CONTROL_OR_BREAK = re.compile("[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]")
MAX_LINE_CHARS = 4_000  # an error line longer than this is cut (after escaping)


_SPELLED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    if char in _SPELLED:
        return _SPELLED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape(text: str, *, one_line: bool = False) -> str:
    """``text`` with control characters written as ``\\x1b``; with ``one_line`` newlines and
    tabs too."""
    pattern = _CONTROL_OR_BREAK if one_line else _CONTROL
    return pattern.sub(_escaped, text)


_LONG_WORD = re.compile(rf"\S{{{MAX_ECHO_CHARS + 1},}}")


def shorten(text: str, limit: int = MAX_ECHO_CHARS) -> str:
    """Every run of more than ``limit`` non-space characters cut to ``limit`` and ``…``."""
    if len(text) <= limit:
        return text
    pattern = _LONG_WORD if limit == MAX_ECHO_CHARS else re.compile(rf"\S{{{limit + 1},}}")
    return pattern.sub(lambda match: match.group()[:limit] + "…", text)


def clean(text: str) -> str:
    """Diagnostic text as it may be shown: controls escaped, long words shortened."""
    return shorten(escape(text))


def clean_line(text: str) -> str:
    """One line of an error report: every control escaped (newlines too), long words
    shortened, and the whole cut at ``MAX_LINE_CHARS``."""
    line = shorten(escape(text, one_line=True))
    if len(line) > MAX_LINE_CHARS:
        line = line[:MAX_LINE_CHARS] + "…"
    return line


# -- ASCII spellings of the notation --------------------------------------------------------------

ASCII_GLYPHS: dict[str, str] = {
    "·": ".",
    "⊤": "T",
    "⊥": "_|_",
    "⊑": "<=",
    "⊔": "|_|",
    "→": "->",
    "←": "<-",
    "↔": "<->",
    "⇒": "=>",
    "µ": "u",
    "μ": "u",
    "Δ": "d",
    "…": "...",
    "×": "x",
    "−": "-",
    "–": "-",
    "—": "--",
    "≤": "<=",
    "≥": ">=",
    "≠": "!=",
    "≈": "~",
    "√": "sqrt",
    "⁰": "^0",
    "¹": "^1",
    "²": "^2",
    "³": "^3",
    "⁴": "^4",
    "⁵": "^5",
    "⁶": "^6",
    "⁷": "^7",
    "⁸": "^8",
    "⁹": "^9",
    "⁻": "^-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "§": "S",
    "°": "deg",
    "±": "+/-",
    "✓": "ok",
    "✗": "x",
}
ERRORS = "layoutcheck-ascii"


def _degrade(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    chunk = error.object[error.start : error.end]
    spelled = "".join(ASCII_GLYPHS.get(char) or _escape_char(char) for char in chunk)
    return spelled, error.end


def _escape_char(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


codecs.register_error(ERRORS, _degrade)

_PROBE = "".join(ASCII_GLYPHS)


def protect(stream: Any) -> None:
    """Make ``stream`` spell the glyphs in ASCII when its encoding cannot hold them (a UTF-8
    stream is left exactly as it is)."""
    encoding = getattr(stream, "encoding", None)
    reconfigure = getattr(stream, "reconfigure", None)
    if not encoding or reconfigure is None:
        return
    try:
        _PROBE.encode(encoding)
    except UnicodeEncodeError:
        pass
    except LookupError:
        return
    else:
        return
    try:
        reconfigure(errors=ERRORS)
    except (ValueError, OSError):  # a closed or detached stream: nothing to protect
        return


# -- a command to suggest -------------------------------------------------------------------------


def rerun_as(argv: Sequence[str], command: str, new: str, drop: Sequence[str] = ()) -> str:
    """``layoutcheck ARGV`` with its subcommand ``command`` replaced by ``new`` and the flags in
    ``drop`` (and their values) left out, quoted for a shell and escaped for a terminal: a
    suggestion keeps every other flag the user gave, or it would ask about another graph."""
    words: list[str] = []
    replaced = skip = False
    for item in argv:
        if skip:
            skip = False
            continue
        flag, has_value, _ = item.partition("=")
        if flag in drop:
            skip = not has_value
            continue
        if not replaced and item == command:
            words.append(new)
            replaced = True
            continue
        words.append(item)
    return clean_line(shlex.join(["layoutcheck", *words]))
