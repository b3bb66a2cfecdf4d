"""Reading user files safely: regular files only, the size checked before reading, and never
more than the limit read (a FIFO, /dev/zero or a symlink to either is refused, not read)."""

from __future__ import annotations

import os
import stat
from pathlib import Path


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


def _size(count: int) -> str:
    if count >= 2**20:
        return f"{count / 2**20:.0f} MiB"
    if count >= 2**10:
        return f"{count / 2**10:.0f} KiB"
    return f"{count} bytes"
