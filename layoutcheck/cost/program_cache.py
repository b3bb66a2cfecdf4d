"""An on-disk cache of compiled cost programs: each distinct op formula's numbers program
(``layoutcheck.arrays.Program``) as JSON data, so a second ``cost`` of the same graph on the same
device evaluates the programs instead of building the formulas again with sympy.

An entry is plain data read with ``json`` and checked step by step (head names from the array
table, slot numbers, number constants): nothing in it is evaluated, executed or unpickled, so a
file put in the folder can never run code. It is used for speed only, and only when the whole
key written in it equals the key of the formula at hand: op kind, attrs, typed shapes, the
context, rank, options and listed requests, every number of the device, the layoutcheck
version and its code's fingerprint. A corrupt, truncated, foreign or unreadable entry is a miss
(and is written afresh); an unwritable or missing folder is no cache; deleting the folder is
always safe. The key guards against stale and foreign entries; against someone else writing
entries, the folder must be the user's own: a folder (or the one above it) that is a symbolic
link, belongs to another user or is writable by others is not used (one warning, the run
uncached), entries are opened without following links, and only regular files are read or
removed. A program read back runs only if every step has its head's argument count, every
constant is finite and it gives the numbers a price needs; its numbers are used only if they
are finite and not negative (else the formulas are built, as on a miss).

Where: ``$LAYOUTCHECK_CACHE_DIR/cost-programs``, else ``$XDG_CACHE_HOME/layoutcheck/…``, else
``~/.cache/layoutcheck/…``; ``LAYOUTCHECK_NO_CACHE=1`` turns it off. The folder holds at most
``MAX_CACHE_ENTRIES`` entries: the first write of a process trims those least recently used (a
hit marks its entry used).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import math
import os
import stat
import sys
from collections.abc import Mapping
from pathlib import Path

import attrs
import sympy

import layoutcheck
from layoutcheck.arrays import CONSTANT, Program, Step, Unsupported
from layoutcheck.limits import MAX_CACHE_ENTRIES, MAX_PROGRAM_STEPS

FOLDER_VARIABLE = "LAYOUTCHECK_CACHE_DIR"
OFF_VARIABLE = "LAYOUTCHECK_NO_CACHE"
# bumped when the entry's layout changes: an entry of another format is a miss
FORMAT = 1
SUBFOLDER = "cost-programs"

# A step is written in under 40 bytes (GLM-5.1's average is 22): with the key the entry must
# repeat, that sizes the file before it is read at all.
MAX_STEPS = MAX_PROGRAM_STEPS
STEP_BYTES = 40
ENVELOPE_BYTES = 1024  # the field names, the version and the output slots


def default_cache() -> ProgramCache | None:
    """The user's cache (see the module docstring), or None when it is turned off."""
    if os.environ.get(OFF_VARIABLE, "").strip() not in ("", "0"):
        return None
    chosen = os.environ.get(FOLDER_VARIABLE)
    if chosen:
        root = Path(chosen)
    else:
        xdg = os.environ.get("XDG_CACHE_HOME")
        # XDG: a relative path in the variable is invalid and is to be ignored
        if xdg and os.path.isabs(xdg):
            base = Path(xdg)
        else:
            try:
                base = Path.home() / ".cache"
            except RuntimeError:  # no HOME and no password entry: no folder, so no cache
                return None
        root = base / "layoutcheck"
    folder = root / SUBFOLDER
    refused = unsafe(folder)
    if refused is not None:
        _warn_once(folder, f"the program cache {refused}: running without it")
        return None
    return ProgramCache(folder)


_WARNED: set[Path] = set()


def _warn_once(folder: Path, message: str) -> None:
    """One warning a process per folder (the cost module has no CLI to say it through, and a
    library user should see it too)."""
    if folder in _WARNED:
        return
    _WARNED.add(folder)
    # stderr closed or gone: the run goes on uncached
    with contextlib.suppress(OSError, ValueError):
        print(f"layoutcheck: warning: {message}", file=sys.stderr)


def unsafe(folder: Path) -> str | None:
    """Why ``folder`` cannot hold the user's cache, or None: it, or the folder above it, is a
    symbolic link, not a folder, another user's, or writable by others (a folder not made yet
    is made the user's own on the first write)."""
    for path in (folder.parent, folder):
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            continue
        except OSError as error:
            return f"folder {str(path)!r} cannot be read ({error.strerror or error})"
        if stat.S_ISLNK(info.st_mode):
            return f"folder {str(path)!r} is a symbolic link"
        if not stat.S_ISDIR(info.st_mode):
            return f"folder {str(path)!r} is not a folder"
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            return f"folder {str(path)!r} belongs to another user"
        # others may write the folder above if it is sticky (/tmp): they cannot then rename
        # or remove this folder; in the cache folder itself they could plant entries
        shared = info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
        if shared and (path == folder or not info.st_mode & stat.S_ISVTX):
            return f"folder {str(path)!r} is writable by others"
    return None


@functools.cache
def code_fingerprint() -> str:
    """The version and every module file's size and modification time: a changed formula in a
    development checkout (same version, new code) misses, as Python's own bytecode cache does."""
    package = Path(layoutcheck.__file__).parent
    digest = hashlib.sha256(layoutcheck.__version__.encode())
    for path in sorted(package.rglob("*.py")):
        try:
            stat = path.stat()
        except OSError:
            continue
        relative = path.relative_to(package).as_posix()
        digest.update(f"{relative}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()


def scope_text(*parts: object) -> str:
    """The part of the key every op of one report shares (its context, rank, options and
    device), with the code's fingerprint: made once per report."""
    return _text((code_fingerprint(), parts))


def key_text(scope: str, signature: object) -> str:
    """One exact text of a formula's inputs: the report's scope and the op's signature, sympy
    values in ``srepr`` (a Float to the last bit, a symbol with its assumptions), mappings
    sorted, attrs values by their compared fields, everything else by ``repr``."""
    return f"{scope}\n{_text(signature)}"


def _text(value: object) -> str:
    try:
        return _hashable_text(value)
    except TypeError:  # unhashable (a mapping, or a value holding one): composed each time
        return _compose(value)


# The parts of 30 keys repeat (one context, one device, shared shapes): each part's text is
# made once. Keyed by equality, as the report's own formula cache is: values that compare
# equal price alike.
@functools.lru_cache(maxsize=16384, typed=True)
def _hashable_text(value: object) -> str:
    return _compose(value)


def _compose(value: object) -> str:
    if isinstance(value, sympy.Basic):
        return str(sympy.srepr(value))
    if isinstance(value, Mapping):
        items = sorted((_text(k), _text(v)) for k, v in value.items())
        return "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"
    if isinstance(value, tuple | list):
        return "(" + ", ".join(_text(v) for v in value) + ",)"
    if attrs.has(type(value)):
        fields = attrs.fields(type(value))  # type: ignore[arg-type]  # has() just said so
        inner = ", ".join(
            f"{f.name}={_text(getattr(value, f.name))}" for f in fields if f.eq and f.init
        )
        return f"{type(value).__name__}({inner})"
    return repr(value)


@attrs.frozen
class ProgramCache:
    """The cache in one folder. Every failure to read or write is a miss, never an error."""

    folder: Path

    def path_of(self, key: str) -> Path:
        return self.folder / f"{hashlib.sha256(key.encode()).hexdigest()}.json"

    def load(self, key: str, outputs: int | None = None) -> Program | None:
        """The program stored under ``key`` (giving ``outputs`` numbers, when said), or None:
        absent, not a regular file, unreadable, corrupt, foreign or malformed."""
        limit = _entry_bytes(key)
        raw = _read_regular(self.path_of(key), limit + 1)
        if raw is None or len(raw) > limit:  # not an entry this key could have written
            return None
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):  # not JSON, or not UTF-8
            return None
        program = _program_of(data, key)
        if program is None or (outputs is not None and len(program.outputs) != outputs):
            return None
        with contextlib.suppress(OSError):  # used now: the trim keeps what is used
            os.utime(self.path_of(key), follow_symlinks=False)
        return program

    def store(self, key: str, program: Program) -> None:
        """Write ``program`` under ``key`` (atomically: a reader sees the old file or the new
        one); a folder that cannot be made or written is no cache, silently."""
        if len(program.code) > MAX_STEPS:
            return
        data = {
            "format": FORMAT,
            "version": layoutcheck.__version__,
            "key": key,
            "names": list(program.names),
            "code": [list(step) for step in program.code],
            "outputs": list(program.outputs),
        }
        text = json.dumps(data, separators=(",", ":"))
        if len(text) > _entry_bytes(key):  # steps of many arguments: it would never be read
            return
        import tempfile  # only a miss writes: a warm run does not import it

        target = self.path_of(key)
        try:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.folder, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as out:
                    out.write(text)
                os.replace(temporary, target)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
        except OSError:
            return
        trim_once(self.folder)


_TRIMMED: set[Path] = set()  # the folders this process has trimmed
MAX_TRIMMED = 1024  # entries one process removes (about 40 ms of unlinking)


def trim_once(folder: Path, most: int = MAX_CACHE_ENTRIES) -> None:
    """Once a process: a folder holding more than ``most`` entries loses those least recently
    used (a hit touches its entry) down to three quarters of it. Entries of old code versions
    are never read again, so without this the folder would only grow; losing a live one costs
    one rebuild. Only regular files directly in the folder are counted or removed, never what
    a link points to."""
    if folder in _TRIMMED:
        return
    _TRIMMED.add(folder)
    if unsafe(folder) is not None:
        return
    try:
        with os.scandir(folder) as listing:
            entries = [
                e for e in listing if e.name.endswith(".json") and e.is_file(follow_symlinks=False)
            ]
        if len(entries) <= most:
            return
        dated = []
        for entry in entries:
            with contextlib.suppress(OSError):  # another process removed it meanwhile
                dated.append((entry.stat(follow_symlinks=False).st_mtime_ns, entry.path))
    except OSError:
        return
    dated.sort()
    # down to three quarters of the bound, but at most MAX_TRIMMED a process: a folder far over
    # it (a neighbour's burst) is brought down over a few runs, none paying for all of it
    for _, path in dated[: min(MAX_TRIMMED, max(0, len(dated) - most * 3 // 4))]:
        with contextlib.suppress(OSError):
            os.unlink(path)


def _read_regular(path: Path, most: int) -> bytes | None:
    """At most ``most`` bytes of ``path`` if it is a regular file (opened without following a
    link and without blocking: a FIFO or a device planted as an entry is a miss, not a hang)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        handle = os.open(path, flags)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            return None
        chunks = []
        left = most
        while left > 0:
            chunk = os.read(handle, left)
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(handle)


def _entry_bytes(key: str) -> int:
    """The largest entry ``key`` can have: its key, its steps and the rest of the envelope."""
    return len(json.dumps(key)) + MAX_STEPS * STEP_BYTES + ENVELOPE_BYTES


def _program_of(data: object, key: str) -> Program | None:
    """The program an entry's JSON describes, when it is this format, this version and this
    exact key, and every part of it has the expected type; otherwise None."""
    if not isinstance(data, dict):
        return None
    if data.get("format") != FORMAT or data.get("version") != layoutcheck.__version__:
        return None
    if data.get("key") != key:  # another formula whose key hashed alike: not ours
        return None
    names, code, outputs = data.get("names"), data.get("code"), data.get("outputs")
    if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
        return None
    if not (isinstance(code, list) and len(code) <= MAX_STEPS and isinstance(outputs, list)):
        return None
    steps: list[Step] = []
    for step in code:
        parsed = _step_of(step)
        if parsed is None:
            return None
        steps.append(parsed)
    try:
        return Program.from_code(names, steps, outputs)
    except Unsupported:
        return None


def _step_of(step: object) -> Step | None:
    if not isinstance(step, list) or len(step) not in (2, 3):
        return None
    head, parts = step[0], step[1]
    if not isinstance(head, str) or not isinstance(parts, list):
        return None
    if len(step) == 3:
        value = step[2]
        if head != CONSTANT or parts or not isinstance(value, bool | float):
            return None
        if not math.isfinite(value):  # NaN or inf: no price is made of one
            return None
        return (head, (), value)
    return (head, tuple(parts))
