"""Reading user files safely: regular files only, the size checked before reading, and never
more than the limit read (a FIFO, /dev/zero or a symlink to either is refused, not read); JSON
with its nesting and integer literals bounded before they reach the parser's limits."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar, cast

from layoutcheck.limits import MAX_JSON_INT_DIGITS, MAX_JSON_NESTING
from layoutcheck.nesting import json_too_deep


class _ErrorType(Protocol):
    def __call__(self, message: str, *, source: str | None = ...) -> Exception: ...


def read_bytes(path: str | Path, limit: int, error: type[Exception], what: str = "") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, or ``error`` with one line."""
    file = Path(path)
    name = what or str(file)
    try:
        info = os.stat(file)  # follows symlinks: a link to /dev/zero is judged as /dev/zero
    except OSError as problem:
        raise error(f"cannot read {name}: {problem.strerror or problem}") from None
    if stat.S_ISDIR(info.st_mode):
        raise error(f"{name} is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise error(f"{name} is not a regular file (a pipe, socket or device is never read)")
    if info.st_size > limit:
        raise error(f"{name} is larger than {_size(limit)} ({_size(info.st_size)})")
    try:
        # O_NONBLOCK: should the path have become a FIFO since the stat, open does not wait
        descriptor = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as problem:
        raise error(f"cannot read {name}: {problem.strerror or problem}") from None
    if len(data) > limit:
        raise error(f"{name} is larger than {_size(limit)}")
    return data


def read_text(path: str | Path, limit: int, error: type[Exception], what: str = "") -> str:
    """A regular UTF-8 text file of at most ``limit`` bytes."""
    data = read_bytes(path, limit, error, what)
    name = what or str(path)
    if not data.strip():
        raise error(f"{name} is empty")
    if b"\0" in data:
        raise error(f"{name} is a binary file, not text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{name} is not UTF-8 text") from None


def write_text(path: str | Path, text: str, error: type[Exception], what: str = "") -> None:
    """Write a regular file; an existing pipe, socket or device is refused (opening a FIFO for
    writing waits for a reader forever)."""
    write_bytes(path, text.encode("utf-8"), error, what)


def _existing_output(file: Path, name: str, error: type[Exception]) -> os.stat_result | None:
    """What is at an output path (None: nothing yet); a symbolic link, a folder, a pipe, a
    socket or a device there is refused (a link would have the write land on the file it
    names, elsewhere; opening a FIFO for writing waits for a reader forever)."""
    try:
        info = os.lstat(file)
    except FileNotFoundError:
        return None
    except OSError as problem:
        raise error(f"cannot write {name}: {problem.strerror or problem}") from None
    if stat.S_ISLNK(info.st_mode):
        raise error(
            f"cannot write {name}: it is a symbolic link (name the file it points to, or "
            "remove the link)"
        )
    if stat.S_ISDIR(info.st_mode):
        raise error(f"cannot write {name}: it is a folder")
    if not stat.S_ISREG(info.st_mode):
        raise error(f"cannot write {name}: not a regular file (a pipe, socket or device)")
    return info


def check_writable(path: str | Path, error: type[Exception], what: str = "") -> None:
    """Refuse, before any work, an output path that cannot be written: a folder, a pipe, socket
    or device, a missing or read-only folder. (Writing may still fail later, on a full disk.)"""
    file = Path(path)
    name = what or str(file)
    if _existing_output(file, name, error) is not None:
        if not os.access(file, os.W_OK):
            raise error(f"cannot write {name}: permission denied")
        return
    folder = file.parent
    if not folder.is_dir():
        raise error(f"cannot write {name}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise error(f"cannot write {name}: the folder {folder} is not writable")


def write_bytes(path: str | Path, data: bytes, error: type[Exception], what: str = "") -> None:
    """Write a regular file, as :func:`write_text` does."""
    file = Path(path)
    name = what or str(file)
    _existing_output(file, name, error)
    # O_NOFOLLOW: a link put there after the check above is refused by the system too
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0)
    try:
        handle = os.open(file, flags, 0o666)
        with os.fdopen(handle, "wb") as out:
            out.write(data)
    except OSError as problem:
        raise error(f"cannot write {name}: {problem.strerror or problem}") from None


def shorten(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _size(count: int) -> str:
    if count >= 2**20:
        return f"{count / 2**20:.0f} MiB"
    if count >= 2**10:
        return f"{count / 2**10:.0f} KiB"
    return f"{count} bytes"


# -- JSON -------------------------------------------------------------------------------------


class _Oversized:
    """An integer literal too long to convert: kept as a marker until its key is known."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _no_constants(name: str) -> object:
    raise ValueError(f"{name} is not a JSON number")


def _first_oversized(data: Any, path: str = "") -> tuple[str, int] | None:
    """The key path of the first oversized integer, breadth by breadth (no recursion limit)."""
    stack: list[tuple[str, Any]] = [(path, data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, _Oversized):
            return where, value.digits
        if isinstance(value, dict):
            stack.extend(
                (f"{where}.{key}" if where else str(key), item) for key, item in value.items()
            )
        elif isinstance(value, list):
            stack.extend((f"{where}[{index}]", item) for index, item in enumerate(value))
    return None


def load_json(
    text: str,
    error: type[Exception],
    what: str,
    noun: str = "JSON",
    object_pairs_hook: Callable[[list[tuple[str, Any]]], Any] | None = None,
) -> Any:
    """JSON text from a user file: nesting refused before the parser recurses, integer
        literals longer than ``MAX_JSON_INT_DIGITS`` refused naming their key, ``NaN`` and
        ``Infinity`` refused. Every problem is ``error`` with one line (``noun`` names what the
    text should have been: "a JSON config")."""
    deep = json_too_deep(text, MAX_JSON_NESTING)
    if deep is not None:
        raise error(f"{what}: nested deeper than {MAX_JSON_NESTING} levels (line {deep.line})")
    oversized: list[_Oversized] = []

    def bounded_int(literal: str) -> int | _Oversized:
        digits = len(literal.lstrip("-"))
        if digits > MAX_JSON_INT_DIGITS:  # int() of thousands of digits raises (or takes long)
            oversized.append(_Oversized(digits))
            return oversized[-1]
        return int(literal)

    try:
        data = json.loads(
            text,
            parse_int=bounded_int,
            parse_constant=_no_constants,
            object_pairs_hook=object_pairs_hook,
        )
    except json.JSONDecodeError as problem:
        raise error(f"{what}: not {noun} ({problem.msg}, line {problem.lineno})") from None
    except RecursionError:
        raise error(f"{what}: nested too deeply") from None
    except ValueError as problem:
        raise error(f"{what}: not {noun} ({shorten(str(problem))})") from None
    found = _first_oversized(data) if oversized else None
    if found is not None:
        key, digits = found
        raise error(
            f"{what}: {shorten(key) or 'the value'} is an integer of {digits} digits "
            f"(the limit is {MAX_JSON_INT_DIGITS} digits)"
        )
    return data


T = TypeVar("T")
# What a file's bytes parsed to: a search loads the same contract and device profile for every
# structure, and reading YAML is most of a small check. Keyed by the bytes themselves (an
# edited file is parsed anew); a few entries, as a process reads few such files.
_PARSED: dict[tuple[str, bytes], object] = {}
_PARSED_HELD = 64


def parsed_once(kind: str, raw: bytes, parse: Callable[[], T]) -> T:
    """``parse()``'s result for these bytes of a ``kind`` of file, parsed once per process
    (the result must be immutable: every reader gets the same object)."""
    key = (kind, raw)
    if key not in _PARSED:
        if len(_PARSED) >= _PARSED_HELD:
            _PARSED.clear()
        _PARSED[key] = parse()
    return cast(T, _PARSED[key])
