"""Reading a TensorCast chrome trace (``.json`` or ``.json.gz``) without trusting it: the file,
its decompressed size, its nesting and its event count are bounded before the work they bound,
and every number read is parsed strictly (finite, non-negative, a JSON number or decimal text).

Torch-free; what the events mean next to a cost report is another module's job.
"""

from __future__ import annotations

import json
import math
import os
import re
import zlib
from collections.abc import Mapping

import attrs

from layoutcheck.engines.read import ReadError, json_nesting_depth, open_regular_file, size_text
from layoutcheck.errors import InputError

GZIP_MAGIC = b"\x1f\x8b"
INFLATE_CHUNK = 16 * 2**20


class TraceError(InputError):
    """A trace that cannot be read (exit 2, one line naming the file)."""


@attrs.frozen
class TraceLimits:
    """How much a trace may make the reader do. Each default is far above a real trace (the
    4-layer GLM-5.1 traces: 10 KB gzipped, 570 events, nested 4 deep; a 78-layer one about 11,000
    events and 15 MB of JSON) and far below what would hurt."""

    file_bytes: int = 256 * 2**20
    json_bytes: int = 128 * 2**20  # decompressed: json.loads holds several times this
    # the comparison's work grows with the events (about 0.1 ms each): a 78-layer trace has
    # about 11,000, and this many compare in a few seconds
    events: int = 100_000
    # JSON objects (counted as "{" bytes, an upper bound, before parsing: json.loads of 128 MiB
    # of "{}," would hold 40 million dicts, 3 GB, before the event count could refuse it); a
    # real trace has about two per event (the event and its args)
    json_objects: int = 300_000
    json_depth: int = 32  # {"traceEvents": [{"args": {…}}]} is 3 deep
    int_digits: int = 30
    shape_chars: int = 4_096  # an event's simulation_shapes text
    shape_depth: int = 4


DEFAULT_LIMITS = TraceLimits()

# The event args TensorCast's analytic mode writes, in seconds, as decimal text; each becomes
# the field of the same meaning in µs.
TIME_ARGS: Mapping[str, str] = {
    "compute_time_s": "compute_us",  # matrix + vector work (they add, no overlap)
    "mma_ops_time_s": "mma_us",
    "gp_ops_time_s": "vector_us",
    "memory_access_time_s": "memory_us",
    "static_cost_time_s": "static_us",
    "comm_time_s": "comm_us",  # a collective's chosen algorithm, without its static
}
# a collective's estimate per algorithm: estimated_ring_time_s, estimated_bruck_time_s, …
_ESTIMATE = re.compile(r"estimated_([a-z0-9_]{1,40})_time_s")
# decimal text only: no "nan", "inf", "0x1p3", "1_000", "١" (float() takes all of those)
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")
# "[[512, 6144], [6144], []]": a list of int lists (dims of at most 18 digits)
_SHAPE = re.compile(r"\[(?:[0-9]{1,18}(?:, [0-9]{1,18})*)?\]")
_SHAPE_LIST = re.compile(rf"\[(?:{_SHAPE.pattern}(?:, {_SHAPE.pattern})*)?\]")
_DIMS = re.compile(r"[0-9]+")
_ALGORITHM = re.compile(r"[A-Za-z0-9_]{1,40}")
_MAX_NAME_CHARS = 200
_MAX_TEXT_CHARS = 64


@attrs.frozen
class TraceEvent:
    """One complete (``ph: X``) event: an op TensorCast priced, in execution order.

    ``index`` is the event's position among the complete events. Times are µs; a term the event
    does not state is None. ``shapes`` are its input shapes (``simulation_shapes``)."""

    index: int
    name: str
    dur_us: float
    ts_us: float | None = None
    compute_us: float | None = None
    mma_us: float | None = None
    vector_us: float | None = None
    memory_us: float | None = None
    static_us: float | None = None
    comm_us: float | None = None
    algorithm: str | None = None
    estimates_us: tuple[tuple[str, float], ...] = ()  # (algorithm, µs) a collective weighed
    shapes: tuple[tuple[int, ...], ...] | None = None

    @property
    def token_extent(self) -> int | None:
        """Rows of the first input: dim 1 of a ``[1, S, H]`` batch, else dim 0 (TensorCast's
        token dim)."""
        if not self.shapes or not self.shapes[0]:
            return None
        first = self.shapes[0]
        return first[1] if len(first) == 3 and first[0] == 1 else first[0]


@attrs.frozen
class Trace:
    source: str
    events: tuple[TraceEvent, ...]
    skipped: int = 0  # events of other phases (metadata, counters) — not op times

    @property
    def total_us(self) -> float:
        return sum(event.dur_us for event in self.events)


def read_trace(path: str | os.PathLike[str], limits: TraceLimits = DEFAULT_LIMITS) -> Trace:
    """The complete events of a chrome trace file. Raises :class:`TraceError`, one line."""
    source = os.fspath(path)
    try:
        data = _read_bytes(path, limits)
        if data[:2] == GZIP_MAGIC:
            data = _gunzip(data, limits.json_bytes)
        elif source.lower().endswith(".gz"):
            raise TraceError("is not gzip (a .gz file starts with 1f 8b)")
        elif len(data) > limits.json_bytes:
            raise TraceError(f"is over the {size_text(limits.json_bytes)} limit for a trace")
        document = _loads(data, limits)
        return Trace(source, *_events(document, limits))
    except ReadError as error:
        raise TraceError(error.message, source=source) from None
    except TraceError as error:
        raise TraceError(error.message, source=source) from None


def _read_bytes(path: str | os.PathLike[str], limits: TraceLimits) -> bytes:
    with open_regular_file(path, max_bytes=limits.file_bytes, what="a trace") as stream:
        try:
            data = stream.read(limits.file_bytes + 1)
        except OSError as error:
            raise TraceError(f"cannot be read: {error.strerror or error}") from None
    if len(data) > limits.file_bytes:
        raise TraceError(f"is over the {size_text(limits.file_bytes)} limit for a trace")
    if not data.strip():
        raise TraceError("is empty")
    return data


def _gunzip(data: bytes, limit: int) -> bytes:
    """Every gzip member decompressed, never more than ``limit + 1`` bytes of output held (a
    bomb is refused at the limit, not expanded)."""
    out = bytearray()
    rest = data
    while True:
        inflater = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
        chunk = rest
        try:
            while True:
                # max_length is at least 1 here (0 would mean "no limit"); chunks of at most
                # INFLATE_CHUNK keep a bomb's peak memory near the limit, not twice it
                out += inflater.decompress(chunk, min(INFLATE_CHUNK, limit + 1 - len(out)))
                if len(out) > limit:
                    raise TraceError(
                        f"decompresses to over the {size_text(limit)} limit for a trace"
                    )
                chunk = inflater.unconsumed_tail
                if inflater.eof or not chunk:
                    break
        except zlib.error as error:
            raise TraceError(f"is not a valid gzip stream ({error})") from None
        if not inflater.eof:
            raise TraceError("is a truncated gzip stream")
        rest = inflater.unused_data
        if rest[:2] != GZIP_MAGIC:
            if rest.strip(b"\0"):  # zero padding after the last member is allowed
                raise TraceError("has bytes after its gzip stream that are not gzip")
            return bytes(out)


class _IntegerTooLong(Exception):
    pass


def _refuse_constant(name: str) -> object:
    raise TraceError(f"holds {name}, which is not a number (JSON has no {name})")


def _loads(data: bytes, limits: TraceLimits) -> object:
    # first: a bytes count is fast, the nesting walk below is a Python loop over brackets
    objects = data.count(b"{")
    if objects > limits.json_objects:
        raise TraceError(
            f"holds about {objects:,} JSON objects, over the limit of {limits.json_objects:,} "
            f"(events are limited to {limits.events:,})"
        )
    depth = json_nesting_depth(data)
    if depth > limits.json_depth:
        raise TraceError(f"nests {depth} deep, over the limit of {limits.json_depth}")

    def parse_int(text: str) -> int:
        if len(text) - text.startswith("-") > limits.int_digits:
            raise _IntegerTooLong
        return int(text)

    try:
        return json.loads(
            data.decode("utf-8"), parse_int=parse_int, parse_constant=_refuse_constant
        )
    except _IntegerTooLong:
        raise TraceError(f"has an integer literal of over {limits.int_digits} digits") from None
    except UnicodeDecodeError as error:
        raise TraceError(f"is not UTF-8 (byte {error.start})") from None
    except json.JSONDecodeError as error:
        raise TraceError(
            f"is not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except (RecursionError, MemoryError) as error:
        raise TraceError(f"cannot be parsed: {type(error).__name__}") from None


def _events(document: object, limits: TraceLimits) -> tuple[tuple[TraceEvent, ...], int]:
    # the two chrome trace forms: {"traceEvents": [...], …} and a bare array of events
    if isinstance(document, dict):
        raw = document.get("traceEvents")
        if not isinstance(raw, list):
            raise TraceError("is not a chrome trace (no traceEvents list)")
    elif isinstance(document, list):
        raw = document
    else:
        raise TraceError("is not a chrome trace (neither an object nor a list of events)")
    if len(raw) > limits.events:
        raise TraceError(f"has {len(raw)} events, over the limit of {limits.events}")
    events: list[TraceEvent] = []
    skipped = 0
    for position, item in enumerate(raw):
        if not isinstance(item, dict):
            raise TraceError(f"event {position} is not an object")
        if item.get("ph") != "X":
            skipped += 1
            continue
        events.append(_event(item, len(events), position, limits))
    if not events:
        raise TraceError("has no complete (ph: X) events: nothing was priced")
    return tuple(events), skipped


class _Bad(Exception):
    """A field of an event that is not what it must be; the event's place is added once."""

    def __init__(self, field: str, problem: str) -> None:
        self.field, self.problem = field, problem


def _event(
    item: Mapping[str, object], index: int, position: int, limits: TraceLimits
) -> TraceEvent:
    name = item.get("name")
    if not isinstance(name, str) or not name or len(name) > _MAX_NAME_CHARS:
        raise TraceError(
            f"event {position}: name must be text of 1 to {_MAX_NAME_CHARS} characters"
        )
    name = _printable(name)  # once, here: every later output may show it as it is
    try:
        return _fields(item, name, index, limits)
    except _Bad as bad:  # the message is made for the one bad event, not for every event
        raise TraceError(f"event {position} ({_clean(name)}): {bad.field} {bad.problem}") from None


def _fields(item: Mapping[str, object], name: str, index: int, limits: TraceLimits) -> TraceEvent:
    # the trace format's own fields are JSON numbers; only TensorCast's args are text
    dur = _number(item.get("dur"), "dur", required=True, text=False)
    assert dur is not None
    ts = _number(item.get("ts"), "ts", text=False)
    args = item.get("args", {})
    if not isinstance(args, dict):
        raise _Bad("args", "must be an object")
    times: dict[str, float | None] = {}
    estimates = []
    for key, value in args.items():  # only the keys an event has: most have none
        field = TIME_ARGS.get(key)
        if field is not None:
            times[field] = _number(value, key, scale=1e6)
            continue
        match = _ESTIMATE.fullmatch(key) if key.startswith("estimated_") else None
        if match is not None:
            us = _number(value, key, scale=1e6)
            assert us is not None
            estimates.append((match.group(1), us))
    algorithm = args.get("algorithm")
    if algorithm is not None and not (
        isinstance(algorithm, str) and _ALGORITHM.fullmatch(algorithm)
    ):
        raise _Bad("algorithm", "must be a short name")
    return TraceEvent(
        index=index,
        name=name,
        dur_us=dur,
        ts_us=ts,
        algorithm=algorithm,
        estimates_us=tuple(sorted(estimates)),
        shapes=_shapes(args.get("simulation_shapes"), limits),
        **times,
    )


def _number(
    value: object, field: str, *, scale: float = 1.0, required: bool = False, text: bool = True
) -> float | None:
    """A finite non-negative number: a JSON number, or (``text``) decimal text, as TensorCast
    writes its args. Booleans, NaN, infinities and anything else are refused."""
    if value is None:
        if required:
            raise _Bad(field, "is missing")
        return None
    if isinstance(value, bool):
        raise _Bad(field, f"is {value}, not a number")
    decimal = (
        text
        and isinstance(value, str)
        and len(value) <= _MAX_TEXT_CHARS
        and _DECIMAL.fullmatch(value) is not None
    )
    if not (isinstance(value, int | float) or decimal):
        raise _Bad(field, f"is {_shown(value)}, not a number")
    number = float(value)  # type: ignore[arg-type]
    if not math.isfinite(number * scale):
        raise _Bad(field, f"is {_shown(value)}, not a finite number")
    if number < 0:
        raise _Bad(field, f"is {_shown(value)}: a time or size cannot be negative")
    return number * scale


def _shapes(value: object, limits: TraceLimits) -> tuple[tuple[int, ...], ...] | None:
    """``"[[512, 6144], [6144]]"`` as shapes; a non-tensor input TensorCast leaves out."""
    if value is None:
        return None
    field = "simulation_shapes"
    if not isinstance(value, str) or len(value) > limits.shape_chars:
        raise _Bad(field, f"must be text of at most {limits.shape_chars} characters")
    if _SHAPE_LIST.fullmatch(value):  # the common form, read without a parser
        inner = value[1:-1]
        return tuple(tuple(map(int, _DIMS.findall(shape))) for shape in _SHAPE.findall(inner))
    if json_nesting_depth(value.encode()) > limits.shape_depth:
        raise _Bad(field, f"nests deeper than {limits.shape_depth}")
    try:
        parsed = json.loads(value, parse_constant=_refuse_constant)
    except json.JSONDecodeError:
        raise _Bad(field, f"is not a list of shapes: {_shown(value)}") from None
    if not isinstance(parsed, list):
        raise _Bad(field, f"is not a list of shapes: {_shown(value)}")
    shapes = []
    for shape in parsed:
        if not isinstance(shape, list) or not all(
            isinstance(dim, int) and not isinstance(dim, bool) and dim >= 0 for dim in shape
        ):
            # a list input (a grouped matmul's weights) is written nested: not one shape
            continue
        shapes.append(tuple(shape))
    return tuple(shapes)


# what must never reach a terminal or an output file from an event name: control characters
# (an ANSI escape clears the screen) and lone surrogates (no UTF-8 output can write them)
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


def _printable(name: str) -> str:
    """``name`` with each unprintable character written as its escape (``\\x1b``,
    ``\\ud800``)."""
    if _UNPRINTABLE.search(name) is None:
        return name
    return _UNPRINTABLE.sub(lambda found: ascii(found.group())[1:-1], name)


def _clean(text: str) -> str:
    return text if text.isprintable() and len(text) <= 80 else repr(text[:80])


def _shown(value: object) -> str:
    text = repr(value) if not isinstance(value, dict | list) else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "…"
