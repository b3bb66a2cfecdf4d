"""What both readers share: the one error they raise, opening a hostile path without blocking or
reading unbounded data, bounded JSON, and unwrapping ``auto_functionalized`` nodes.
"""

from __future__ import annotations

import itertools
import json
import os
import stat
from collections.abc import Mapping
from typing import BinaryIO

from layoutcheck.engines.program import Arg, ArgKind


class ReadError(ValueError):
    """A dump that cannot be read. ``str()`` is one line: ``source:line: message``."""

    def __init__(self, message: str, *, source: str | None = None, line: int | None = None):
        self.message = message
        self.source = source
        self.line = line
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.source is None:
            return self.message
        if self.line is None:
            return f"{self.source}: {self.message}"
        return f"{self.source}:{self.line}: {self.message}"

    def located(self, source: str, line: int | None = None) -> ReadError:
        """This error with the file (and line) filled in where the raiser did not know them."""
        return ReadError(
            self.message,
            source=self.source if self.source is not None else source,
            line=self.line if self.line is not None else line,
        )


# -- opening a path ------------------------------------------------------------------------------

_FILE_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)

# O_NONBLOCK: should the path turn into a FIFO between the stat and the open, opening it still
# returns at once (a blocking open of a FIFO waits for a writer forever); the fstat then refuses it.
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def _not_regular(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    for test, kind in _FILE_KINDS:
        if test(mode):
            return kind
    return "not a regular file"


def open_regular_file(path: str | os.PathLike[str], *, max_bytes: int, what: str) -> BinaryIO:
    """Open ``path`` for binary reading if it is a regular file of at most ``max_bytes``.

    ``os.stat`` follows symlinks, so a link to ``/dev/zero`` is judged by what it points to.
    """
    try:
        kind = _not_regular(os.stat(path).st_mode)
        if kind is not None:
            raise ReadError(f"is {kind}, not {what}")
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise ReadError("does not exist") from None
    except OSError as error:
        raise ReadError(f"cannot be opened: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        kind = _not_regular(info.st_mode)
        if kind is not None:
            raise ReadError(f"is {kind}, not {what}")
        if info.st_size > max_bytes:
            raise ReadError(
                f"is {info.st_size} bytes, over the {size_text(max_bytes)} limit for {what}"
            )
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular_file(path: str | os.PathLike[str], *, max_bytes: int, what: str) -> bytes:
    """The bytes of a regular file of at most ``max_bytes`` (a file growing meanwhile is cut off
    at ``max_bytes + 1`` bytes and refused)."""
    with open_regular_file(path, max_bytes=max_bytes, what=what) as stream:
        try:
            data = stream.read(max_bytes + 1)
        except OSError as error:
            raise ReadError(f"cannot be read: {error.strerror or error}") from None
    if len(data) > max_bytes:
        raise ReadError(f"is over the {size_text(max_bytes)} limit for {what}")
    return data


def size_text(n: int) -> str:
    """``1 GiB``, ``256 MiB`` or ``1234 bytes``: limits as people write them."""
    for unit, scale in (("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale and n % scale == 0:
            return f"{n // scale} {unit}"
    return f"{n} bytes"


def shown(text: str, limit: int = 120) -> str:
    """``text`` quoted for a one-line message: control characters escaped, long text cut."""
    quoted = repr(text[:limit])  # cut first: repr of a huge hostile name costs its size
    return quoted if len(quoted) <= limit else f"{quoted[: limit - 5]}…{quoted[-1]}"


# -- bounded JSON --------------------------------------------------------------------------------

_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_DEPTH_STEP = tuple(1 if b in b"[{" else -1 if b in b"]}" else 0 for b in range(256))


def json_nesting_depth(data: bytes) -> int:
    """The deepest ``[``/``{`` nesting of JSON text, brackets inside strings not counted.

    Escaped backslashes go first, then escaped quotes (only an escaped backslash has a
    backslash as its second character, so pairing left to right is what JSON does); what is
    left between quotes is string content. Every step is a C loop, linear even on hostile text.
    """
    unescaped = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    outside_strings = b"".join(unescaped.split(b'"')[::2])
    brackets = outside_strings.translate(None, _NOT_BRACKETS)
    return max(itertools.accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


class _IntegerTooLong(Exception):
    def __init__(self, digits: int):
        self.digits = digits


def loads_json(data: bytes, *, what: str, max_depth: int, max_int_digits: int) -> object:
    """Parse JSON from untrusted bytes: nesting and integer literals bounded, every failure a
    :class:`ReadError` naming ``what``."""
    depth = json_nesting_depth(data)
    if depth > max_depth:
        raise ReadError(f"{what} nests {depth} deep, over the limit of {max_depth}")

    def parse_int(text: str) -> int:
        digits = len(text) - text.startswith("-")
        if digits > max_int_digits:
            raise _IntegerTooLong(digits)
        return int(text)

    try:
        return json.loads(data.decode("utf-8"), parse_int=parse_int)
    except _IntegerTooLong as error:
        raise ReadError(
            f"{what} has an integer literal of {error.digits} digits "
            f"(the limit is {max_int_digits})"
        ) from None
    except UnicodeDecodeError as error:
        raise ReadError(f"{what} is not UTF-8 (byte {error.start})") from None
    except json.JSONDecodeError as error:
        raise ReadError(
            f"{what} is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except (RecursionError, MemoryError, ValueError) as error:
        raise ReadError(f"{what} cannot be parsed: {type(error).__name__}") from None


# -- auto_functionalized -------------------------------------------------------------------------

# Higher-order wrappers that functionalisation puts around a mutating op; both readers unwrap them
# so a graph taken before TensorCast's last pass names the same ops as one taken after it.
FUNCTIONALIZING_WRAPPERS: Mapping[str, str] = {
    "higher_order.auto_functionalized": "auto_functionalized",
    "higher_order.auto_functionalized_v2": "auto_functionalized_v2",
}

# auto_functionalized_v2 passes a mutated argument `x` as `_all_bases[_x_base_index]`, plus, when
# `x` is a view of that base, how to rebuild the view. Only a plain base is "trivial".
_V2_ALL_BASES = "_all_bases"
_V2_BASE_INDEX = ("_", "_base_index")  # `_x_base_index` names the base of argument `x`
_V2_VIEW_SUFFIXES = (
    "size",
    "stride",
    "storage_offset",
    "slice_dim",
    "slice_start",
    "slice_end",
    "alias",
)


def unwrap_functionalized(
    target: str, args: tuple[Arg, ...]
) -> tuple[str, tuple[Arg, ...], str | None]:
    """``(target, args, wrapper)`` of a node, the wrapped op's when ``target`` is a wrapper.

    The wrapper's first argument is the op. For v2, each mutated argument that is a whole base
    comes back under its own name (``indexer_cache = _all_bases[0]``) and the bookkeeping goes;
    a mutated view keeps its ``_x_*`` arguments and ``_all_bases``, so nothing is lost.
    """
    wrapper = FUNCTIONALIZING_WRAPPERS.get(target)
    if wrapper is None:
        return target, args, None
    if not args or args[0].kind is not ArgKind.OPERATOR or not isinstance(args[0].value, str):
        raise ReadError(f"{wrapper} node without the operator it wraps as its first argument")
    op, rest = args[0].value, args[1:]
    if wrapper == "auto_functionalized":
        return op, rest, wrapper
    names = {arg.name for arg in rest}
    bases_arg = next((arg for arg in rest if arg.name == _V2_ALL_BASES), None)
    bases = bases_arg.value if bases_arg is not None else ()
    unwrapped: list[Arg] = []
    keep_bases = False
    for arg in rest:
        if arg.name == _V2_ALL_BASES:
            continue
        name = _v2_base_of(arg.name)
        if name is None:
            unwrapped.append(arg)
            continue
        is_view = any(f"_{name}_{suffix}" in names for suffix in _V2_VIEW_SUFFIXES)
        index = arg.value
        if not is_view and arg.kind is ArgKind.NONE:
            unwrapped.append(Arg(name, ArgKind.NONE, None))
        elif (
            not is_view
            and arg.kind is ArgKind.INT
            and isinstance(index, int)
            and isinstance(bases, tuple)
            and 0 <= index < len(bases)
            and isinstance(bases[index], str)
        ):
            unwrapped.append(Arg(name, ArgKind.TENSOR, bases[index]))
        else:
            unwrapped.append(arg)
            keep_bases = True
    if keep_bases and bases_arg is not None:
        unwrapped.append(bases_arg)
    return op, tuple(unwrapped), wrapper


def _v2_base_of(name: str | None) -> str | None:
    prefix, suffix = _V2_BASE_INDEX
    if name is None or not name.startswith(prefix) or not name.endswith(suffix):
        return None
    return name[len(prefix) : -len(suffix)] or None


def normalise_target(text: str) -> str:
    """An op target without the ``torch.ops.`` prefix: ``aten.slice.Tensor``."""
    return text.removeprefix("torch.ops.")
