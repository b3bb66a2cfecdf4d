"""The chrome-trace reader: the shipped TensorCast traces as TensorCast wrote them, and hostile
files refused with one line before they cost memory or time."""

from __future__ import annotations

import gzip
import json
import zlib
from pathlib import Path
from typing import Any

import pytest

from layoutcheck.cost.trace import TraceError, TraceLimits, read_trace
from tests.helpers import ENGINE_GRAPHS

CASES = {
    "glm51-tp4-nosp-w8a8": 569,
    "glm51-tp4-sp-row-w8a8": 590,
    "glm51-tp4-sp-default-w8a8": 569,
    "glm51-decode-dp2-tp2-ep4": 282,
    "qwen3-dense-tp2-sp-row-bf16": 128,
}
NOSP = ENGINE_GRAPHS / "glm51-tp4-nosp-w8a8.trace.json.gz"


def raw_events(path: Path) -> list[dict[str, Any]]:
    document = json.loads(gzip.decompress(path.read_bytes()))
    return [event for event in document["traceEvents"] if event["ph"] == "X"]


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def trace_of(events: list[dict[str, Any]]) -> bytes:
    return json.dumps({"traceEvents": events}).encode()


EVENT = {"name": "aten.add.Tensor", "ph": "X", "ts": 0, "dur": 3, "pid": 0, "tid": 0}


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_complete_event_is_read_in_order(case: str) -> None:
    path = ENGINE_GRAPHS / f"{case}.trace.json.gz"
    trace = read_trace(path)
    raw = raw_events(path)
    assert len(trace.events) == CASES[case] == len(raw)
    assert [event.name for event in trace.events] == [event["name"] for event in raw]
    assert [event.dur_us for event in trace.events] == [float(event["dur"]) for event in raw]
    assert trace.skipped == 2  # the process and thread name metadata


def test_an_events_args_become_microseconds() -> None:
    trace = read_trace(NOSP)
    attention = next(e for e in trace.events if e.name.endswith("mla_sparse_attention.default"))
    raw = next(e for e in raw_events(NOSP) if e["name"] == attention.name)["args"]
    assert attention.memory_us == pytest.approx(float(raw["memory_access_time_s"]) * 1e6)
    assert attention.compute_us == pytest.approx(float(raw["compute_time_s"]) * 1e6)
    assert attention.static_us == pytest.approx(5.0)
    assert attention.comm_us is None and attention.algorithm is None
    assert attention.shapes is not None and attention.shapes[0] == (512, 16, 256)
    reduce = next(e for e in trace.events if e.name == "tensor_cast.all_reduce.default")
    assert reduce.algorithm == "ring" and reduce.static_us is None
    assert dict(reduce.estimates_us) == pytest.approx({"ring": 71.784140, "tree": 93.712187})
    assert reduce.token_extent == 512
    grouped = next(e for e in trace.events if e.name.startswith("tensor_cast.grouped_matmul"))
    assert grouped.shapes == ()  # its list inputs are not one shape each


def test_plain_json_and_a_bare_event_list_read_alike(tmp_path: Path) -> None:
    data = gzip.decompress(NOSP.read_bytes())
    events = json.loads(data)["traceEvents"]
    plain = read_trace(write(tmp_path, "t.json", data))
    bare = read_trace(write(tmp_path, "bare.json", json.dumps(events).encode()))
    zipped = read_trace(NOSP)
    assert plain.events == bare.events == zipped.events


def test_a_gzip_of_several_members_is_read_whole(tmp_path: Path) -> None:
    data = trace_of([EVENT, {**EVENT, "ts": 3}])
    path = write(tmp_path, "t.json.gz", gzip.compress(data[:20]) + gzip.compress(data[20:]))
    assert len(read_trace(path).events) == 2


def refused(path: Path, limits: TraceLimits | None = None) -> str:
    with pytest.raises(TraceError) as caught:
        read_trace(path, limits) if limits else read_trace(path)
    message = str(caught.value.message)
    assert "\n" not in message and caught.value.source == str(path)
    return message


def test_a_gz_that_is_not_gzip(tmp_path: Path) -> None:
    path = write(tmp_path, "t.json.gz", trace_of([EVENT]))
    assert "is not gzip" in refused(path)


def test_a_truncated_gzip(tmp_path: Path) -> None:
    data = NOSP.read_bytes()
    assert "truncated gzip" in refused(write(tmp_path, "t.json.gz", data[: len(data) // 2]))
    bad_method = data[:2] + b"\x09" + data[3:]  # deflate is method 8
    assert "not a valid gzip" in refused(write(tmp_path, "bad.json.gz", bad_method))


def test_a_gzip_bomb_stops_at_the_limit(tmp_path: Path) -> None:
    squeezer = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    block = b" " * 2**20
    bomb = b"".join(squeezer.compress(block) for _ in range(200)) + squeezer.flush()
    assert len(bomb) < 2**20  # 200 MiB of spaces in a fraction of a megabyte
    assert "decompresses to over the 128 MiB limit" in refused(write(tmp_path, "b.json.gz", bomb))


def test_nesting_is_refused_before_parsing(tmp_path: Path) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    assert "nests 100000 deep" in refused(write(tmp_path, "deep.json", deep))
    assert "nests 100000 deep" in refused(write(tmp_path, "deep.json.gz", gzip.compress(deep)))


@pytest.mark.parametrize(
    ("dur", "says"),
    [
        ("12", "dur is '12', not a number"),  # the format's own fields are JSON numbers
        ("fast", "not a number"),
        (True, "dur is True, not a number"),
        (None, "dur is missing"),
        (-1, "cannot be negative"),
        ([1], "not a number"),
        (1e308 * 10, "not a finite number"),  # json.dumps writes Infinity
    ],
)
def test_a_duration_that_is_not_a_number(tmp_path: Path, dur: object, says: str) -> None:
    event = {**EVENT, "dur": dur}
    if dur is None:
        del event["dur"]
    path = write(tmp_path, "t.json", trace_of([event]))
    message = refused(path)
    assert says in message or "Infinity" in message, message


@pytest.mark.parametrize("text", ["nan", "inf", "0x10", "1_000", "١", "1e999", "-2e-06", ""])
def test_args_times_are_decimal_text_only(tmp_path: Path, text: str) -> None:
    event = {**EVENT, "args": {"compute_time_s": text}}
    assert "compute_time_s" in refused(write(tmp_path, "t.json", trace_of([event])))


def test_other_malformed_traces(tmp_path: Path) -> None:
    cases = {
        "nan.json": b'{"traceEvents": [{"name": "x", "ph": "X", "dur": NaN}]}',
        "huge-int.json": b'{"traceEvents": [{"name": "x", "ph": "X", "dur": 1' + b"0" * 40 + b"}]}",
        "no-events.json": b'{"displayTimeUnit": "ns"}',
        "no-complete.json": b'[{"name": "process_name", "ph": "M"}]',
        "not-an-object.json": b"[3]",
        "a-number.json": b"3",
        "not-json.json": b"{traceEvents",
        "empty.json": b"  \n",
        "latin1.json": b'[{"name": "\xe9", "ph": "X", "dur": 1}]',
        "unnamed.json": b'[{"ph": "X", "dur": 1}]',
        "args-list.json": b'[{"name": "x", "ph": "X", "dur": 1, "args": []}]',
        "algorithm.json": b'[{"name": "x", "ph": "X", "dur": 1, "args": {"algorithm": "a b"}}]',
        "shapes.json": b'[{"name": "x", "ph": "X", "dur": 1, "args": {"simulation_shapes": "[["}}]',
        "trailing.json.gz": gzip.compress(trace_of([EVENT])) + b"junk",
    }
    says = {
        "nan.json": "NaN",
        "huge-int.json": "integer literal",
        "no-events.json": "no traceEvents",
        "no-complete.json": "no complete",
        "not-an-object.json": "event 0 is not an object",
        "a-number.json": "not a chrome trace",
        "not-json.json": "not valid JSON",
        "empty.json": "is empty",
        "latin1.json": "not UTF-8",
        "unnamed.json": "name must be text",
        "args-list.json": "args must be an object",
        "algorithm.json": "algorithm must be a short name",
        "shapes.json": "simulation_shapes",
        "trailing.json.gz": "not gzip",
    }
    for name, data in cases.items():
        assert says[name] in refused(write(tmp_path, name, data)), name


def test_the_limits_hold(tmp_path: Path) -> None:
    path = write(tmp_path, "t.json", trace_of([EVENT] * 5))
    assert "5 events, over the limit of 4" in refused(path, TraceLimits(events=4))
    assert "over the 64 bytes limit" in refused(path, TraceLimits(json_bytes=64))
    assert "limit for a trace" in refused(path, TraceLimits(file_bytes=64))
    assert "does not exist" in refused(tmp_path / "missing.json")
    assert "directory" in refused(tmp_path)
