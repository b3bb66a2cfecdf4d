"""``layoutcheck compare GRAPH --trace TRACE``: the text a TensorCast developer reads, the JSON,
and the one-line refusals."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest

from layoutcheck.cost.trace_compare import CAUSES, FORMAT
from tests.helpers import ENGINE_GRAPHS, run

NOSP = ENGINE_GRAPHS / "glm51-tp4-nosp-w8a8"
GRAPH, TRACE = f"{NOSP}.pt2", f"{NOSP}.trace.json.gz"
ROW_KEYS = {
    "tensorcast_us", "layoutcheck_us", "delta_us", "events", "ops", "cause", "explanation",
    "terms", "unmatched",
}  # fmt: skip
TERM_KEYS = {"compute", "memory", "static", "communication", "unsplit"}


@pytest.fixture(scope="module")
def text() -> str:
    code, out, err = run("compare", GRAPH, "--trace", TRACE)
    assert code == 0, err
    return out


def test_the_text_opens_with_totals_and_coverage(text: str) -> None:
    head, totals, coverage = text.splitlines()[:3]
    assert "against TensorCast's trace" in head and "matched by engine node" in head
    assert "rank 0" in head  # TensorCast simulates rank 0
    assert re.fullmatch(
        r"TensorCast 7\.701 ms, layoutcheck [0-9.]+ ms: [+-][0-9.]+ ms \(.+\)", totals
    )
    assert re.match(r"coverage: 99\.\d% of TensorCast's time", coverage)


def test_the_kind_table_is_sorted_by_the_difference_and_ends_in_a_total(text: str) -> None:
    lines = text.splitlines()
    start = lines.index("by op kind, largest difference first (ms):") + 2
    end = next(k for k in range(start, len(lines)) if lines[k].startswith("  total "))
    deltas = [abs(float(line.split()[3])) for line in lines[start:end]]
    assert len(deltas) > 10 and deltas == sorted(deltas, reverse=True)
    kinds = {line.split()[0] for line in lines[start:end]}
    assert {"all_reduce", "sparse_attention", "moe_expert_compute", "aten.clone"} <= kinds
    assert "per layer (ms):" in lines
    assert any(line.startswith("  0-2 (each) ") for line in lines)  # the region's three layers
    assert "TensorCast events no layoutcheck op matched:" in lines


def test_the_json(tmp_path: Path) -> None:
    result = run("compare", GRAPH, "--trace", TRACE, "--format", "json")
    assert result.code == 0, result.err
    data = result.json()
    assert data["format"] == FORMAT and data["matched_by"] == "engine node"
    assert data["rank"] == 0 and data["device"] == "a3-752t"
    assert 0.99 <= data["coverage"] <= 1
    assert data["events"]["total"] == 569 and data["events"]["unsplit"] == 0
    rows = [data["total"], *data["by_kind"], *data["by_layer"]]
    for row in rows:
        assert set(row) >= ROW_KEYS
        assert set(row["terms"]) == {"tensorcast", "layoutcheck", "delta"}
        assert set(row["terms"]["tensorcast"]) == TERM_KEYS
        assert set(row["terms"]["delta"]) == {*TERM_KEYS, "unmatched"}
        assert row["cause"] is None or row["cause"] in CAUSES
        assert isinstance(row["explanation"], str)
    assert {type(row["kind"]) for row in data["by_kind"]} == {str}
    assert [row["layer"] for row in data["by_layer"]] == [0, 1, 2, 3, None]
    sides = {item["side"] for item in data["unmatched"]}
    assert sides == {"tensorcast", "layoutcheck"}
    for item in data["unmatched"]:
        assert set(item) == {"side", "name", "kind", "layer", "us", "reason", "index"}
    assert sum(row["tensorcast_us"] for row in data["by_kind"]) == pytest.approx(
        data["total"]["tensorcast_us"]
    )


def test_rank_can_still_be_chosen() -> None:
    data = run("compare", GRAPH, "--trace", TRACE, "--format", "json", "--rank", "last").json()
    assert data["rank"] == "last"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (("compare", GRAPH, GRAPH, "--trace", TRACE), "give no second graph"),
    ],
)
def test_usage_errors(argv: tuple[str, ...], says: str) -> None:
    code, out, err = run(*argv)
    assert code == 2 and out == ""
    (line,) = err.splitlines()
    assert says in line


def test_a_bad_trace_is_one_line_and_exit_2(tmp_path: Path) -> None:
    bad = {
        "text.json.gz": b'{"traceEvents": []}',
        "cut.json.gz": Path(TRACE).read_bytes()[:3000],
        "deep.json": b"[" * 100_000 + b"]" * 100_000,
        "dur.json.gz": gzip.compress(b'[{"name": "x", "ph": "X", "dur": "slow"}]'),
    }
    says = {
        "text.json.gz": "is not gzip",
        "cut.json.gz": "truncated gzip",
        "deep.json": "nests 100000 deep",
        "dur.json.gz": "dur is 'slow', not a number",
    }
    for name, data in bad.items():
        path = tmp_path / name
        path.write_bytes(data)
        code, out, err = run("compare", GRAPH, "--trace", path)
        assert code == 2 and out == "", name
        (line,) = err.splitlines()
        assert line.startswith(f"{path}: error: ") and says[name] in line, line
        assert "Traceback" not in err


def test_a_graph_file_is_matched_by_kind_layer_and_extent() -> None:
    graph = Path(__file__).resolve().parents[2] / "specs/graphs/glm51-layer-tensorcast-dsa-cp.yaml"
    data = run("compare", graph, "--trace", TRACE, "--format", "json").json()
    assert data["matched_by"] == "op kind, layer and token extent"
    # one RFC layer at T = 4096 against the 4-layer run at 512: its attention matches one of
    # the trace's four, the rest is listed on both sides
    attention = next(row for row in data["by_kind"] if row["kind"] == "sparse_attention")
    assert (attention["events"], attention["ops"]) == (4, 1)
    assert attention["unmatched"]["tensorcast_us"] > 0
    assert {item["side"] for item in data["unmatched"]} == {"tensorcast", "layoutcheck"}
