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
always safe. (The key guards against stale and foreign entries, not against someone who can
write the user's own cache folder: such a person could make a matching entry with wrong
numbers, as they could edit the installed package.)

Where: ``$LAYOUTCHECK_CACHE_DIR/cost-programs``, else ``$XDG_CACHE_HOME/layoutcheck/…``, else
``~/.cache/layoutcheck/…``; ``LAYOUTCHECK_NO_CACHE=1`` turns it off. The folder holds at most
``MAX_CACHE_ENTRIES`` entries: the first write of a process trims the oldest.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
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
    return ProgramCache(root / SUBFOLDER)


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

    def load(self, key: str) -> Program | None:
        """The program stored under ``key``, or None (absent, unreadable, corrupt, foreign)."""
        limit = _entry_bytes(key)
        try:
            with self.path_of(key).open("rb") as handle:
                raw = handle.read(limit + 1)
        except OSError:
            return None
        if len(raw) > limit:  # not an entry this key could have written
            return None
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):  # not JSON, or not UTF-8
            return None
        return _program_of(data, key)

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
            self.folder.mkdir(parents=True, exist_ok=True)
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


def trim_once(folder: Path, most: int = MAX_CACHE_ENTRIES) -> None:
    """Once a process: a folder holding more than ``most`` entries loses its oldest (by write
    time) down to three quarters of it. Entries of old code versions are never read again, so
    without this the folder would only grow; losing a live one costs one rebuild."""
    if folder in _TRIMMED:
        return
    _TRIMMED.add(folder)
    try:
        with os.scandir(folder) as listing:
            entries = [e for e in listing if e.name.endswith(".json") and e.is_file()]
        if len(entries) <= most:
            return
        dated = []
        for entry in entries:
            with contextlib.suppress(OSError):  # another process removed it meanwhile
                dated.append((entry.stat().st_mtime_ns, entry.path))
    except OSError:
        return
    dated.sort()
    for _, path in dated[: max(0, len(dated) - most * 3 // 4)]:
        with contextlib.suppress(OSError):
            os.unlink(path)


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
        return (head, (), value)
    return (head, tuple(parts))
