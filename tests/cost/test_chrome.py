"""`cost --trace`: a chrome/Perfetto trace in TensorCast's event schema whose op events are the
report's ops, each as often as it counts (a repetition region once per layer copy), back to
back on one rank's track, adding up to the report's total."""

from __future__ import annotations

import gzip
import itertools
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from layoutcheck.cost.report import CATEGORIES
from layoutcheck.session import Options, Session
from tests.helpers import ENGINE_GRAPHS, GRAPHS, run

GLM = ["glm-5.1", "--tp", "16", "--sp"]
LAYER_FILE = GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml"
TENSORCAST_TRACE = ENGINE_GRAPHS / "glm51-tp4-sp-row-w8a8.trace.json.gz"
LAYOUT = r"^(?:[FL⊤]·[WSP]|⊤)(?:, (?:[FL⊤]·[WSP]|⊤))* → "


def cost_with_trace(tmp_path: Path, *argv: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The cost JSON and the trace one run writes."""
    trace_file = tmp_path / "trace.json"
    code, out, err = run("cost", *argv, "--format", "json", "--trace", trace_file)
    assert code == 0, err
    assert err.startswith(f"layoutcheck: note: wrote {trace_file}: ")
    trace: dict[str, Any] = json.loads(trace_file.read_text(encoding="utf-8"))
    return json.loads(out), trace


@pytest.fixture(scope="module")
def glm(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    """GLM-5.1's cost JSON and trace (the expanded 78 layers), made once for the module."""
    return cost_with_trace(tmp_path_factory.mktemp("glm"), *GLM)


def op_events(trace: dict[str, Any]) -> list[dict[str, Any]]:
    return [event for event in trace["traceEvents"] if event["ph"] == "X"]


def tensorcast_events() -> list[dict[str, Any]]:
    with gzip.open(TENSORCAST_TRACE, "rt", encoding="utf-8") as file:
        events: list[dict[str, Any]] = json.load(file)["traceEvents"]
    return events


def assert_schema(trace: dict[str, Any]) -> None:
    """Every event has the fields of TensorCast's events, with their types."""
    theirs = tensorcast_events()
    op_keys = {key for event in theirs if event["ph"] == "X" for key in event}
    meta_names = {event["name"] for event in theirs if event["ph"] == "M"}
    events = trace["traceEvents"]
    assert {event["ph"] for event in events} == {"M", "X"}
    for event in events:
        if event["ph"] == "M":
            assert event["name"] in meta_names
            assert isinstance(event["pid"], int) and isinstance(event["args"]["name"], str)
            continue
        assert set(event) == op_keys
        if event["name"] == "host_step":  # the hardware model's host time: no op, no shapes
            assert event["args"]["bound"] == "host" and event["dur"] > 0
            continue
        assert isinstance(event["name"], str) and event["cat"] == "layoutcheck"
        assert isinstance(event["ts"], float) and isinstance(event["dur"], float)
        assert event["ts"] >= 0 and event["dur"] >= 0
        assert isinstance(event["pid"], int) and isinstance(event["tid"], int)
        args = event["args"]
        for key in ("Inputs", "Output", "simulation_shapes", "compute_time_s", "is_compute_bound"):
            assert isinstance(args[key], str), key  # TensorCast's keys keep its types
        assert args["bound"] in CATEGORIES
        assert isinstance(args["formula_us"], str) and args["formula_us"]
        assert re.match(LAYOUT, args["layout"]), args["layout"]
        assert float(args["compute_time_s"]) * 1e6 == pytest.approx(args["compute_us"])
    names = {event["name"] for event in events if event["ph"] == "M"}
    assert names == {"process_name", "thread_name"}


def assert_matches_report(data: dict[str, Any], trace: dict[str, Any]) -> None:
    events = op_events(trace)
    assert len(events) == sum(op["count"] for op in data["ops"])
    total = sum(event["dur"] for event in events)
    assert total == pytest.approx(data["total_us"], rel=1e-9)
    assert trace["otherData"]["total_us"] == pytest.approx(data["total_us"], rel=1e-9)
    # back to back on one track
    assert len({(event["pid"], event["tid"]) for event in events}) == 1
    assert events[0]["ts"] == 0.0
    for before, after in itertools.pairwise(events):
        assert after["ts"] == pytest.approx(before["ts"] + before["dur"], abs=1e-6)
    # each op kind as often as the report counts it, for the same time
    for kind, row in data["by_kind"].items():
        of_kind = [event for event in events if event["name"] == kind]
        assert len(of_kind) == row["count"], kind
        assert sum(event["dur"] for event in of_kind) == pytest.approx(row["us"], rel=1e-9)


def test_the_glm_trace_has_every_op_of_the_report_and_its_total(
    glm: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    data, trace = glm
    assert_schema(trace)
    assert_matches_report(data, trace)
    events = op_events(trace)
    # 78 layers expanded: every op of the graph once, then the hardware model's host step
    graph = Session(Options("glm-5.1", tp=16, sp=True)).graph
    assert len(events) == len(graph.ops) + 1
    assert events[-1]["name"] == "host_step"
    assert {event["tid"] for event in events} == {15}  # --rank last of tp 16
    thread = next(e for e in trace["traceEvents"] if e["name"] == "thread_name")
    assert thread["args"]["name"] == "rank 15 (last)"
    # the RFC's attention entry: a local norm's output gathered to full tokens
    gather = next(
        e for e in events if e["args"]["op"] == "model.layers.3.input_layernorm.all_gather"
    )
    assert gather["args"]["layout"] == "L·W → F·W"
    assert gather["args"]["bound"] == "communication"
    assert "bf16[256, 6144] L·W" in gather["args"]["Inputs"]
    assert gather["args"]["Output"].endswith("bf16[4096, 6144] F·W")
    assert gather["args"]["group_size"] == "16"
    assert set(gather["args"]["terms_us"]) == {"communication"}


def test_a_repetition_region_plays_once_per_layer_copy(
    tmp_path: Path, glm: tuple[dict[str, Any], dict[str, Any]]
) -> None:
    expanded, _ = glm
    data, trace = cost_with_trace(tmp_path, *GLM, "--repetition")
    assert len(data["ops"]) < 100  # the folded graph: a region per run of identical layers
    assert_schema(trace)
    assert_matches_report(data, trace)
    assert data["total_us"] == pytest.approx(expanded["total_us"], rel=1e-9)
    events = op_events(trace)
    experts = [e for e in events if e["name"] == "moe_experts"]
    assert [e["args"]["layer"] for e in experts] == list(range(3, 78))
    assert [e["args"]["op"] for e in experts][:2] == [
        "model.layers.3.mlp.experts",
        "model.layers.4.mlp.experts",
    ]
    assert {e["args"]["copy_of"] for e in experts} == {"model.layers.3.mlp.experts"}
    assert {e["args"]["region_repeat"] for e in experts} == {75}
    # a copy's ops run in their layer's order: layer 4's all follow layer 3's
    layers = [e["args"]["layer"] for e in events if e["args"]["layer"] is not None]
    assert layers == sorted(layers)


def test_rank_picks_the_track(tmp_path: Path) -> None:
    data, trace = cost_with_trace(tmp_path, *GLM, "--rank", "first")
    assert {event["tid"] for event in op_events(trace)} == {0}
    assert_matches_report(data, trace)


def test_a_graph_file_trace(tmp_path: Path) -> None:
    data, trace = cost_with_trace(tmp_path, str(LAYER_FILE))
    assert_schema(trace)
    assert_matches_report(data, trace)
    assert trace["otherData"]["graph"] == data["graph"]


def test_the_trace_keys_are_tensorcasts(tmp_path: Path) -> None:
    """Side by side in Perfetto: the same event fields, and TensorCast's cost-term keys."""
    _, trace = cost_with_trace(tmp_path, str(LAYER_FILE))
    theirs = {key for event in tensorcast_events() if event["ph"] == "X" for key in event["args"]}
    ours = {key for event in op_events(trace) for key in event["args"]}
    shared = {
        "Inputs",
        "Output",
        "simulation_shapes",
        "compute_time_s",
        "memory_access_time_s",
        "static_cost_time_s",
        "is_compute_bound",
        "comm_time_s",
        "group_size",
    }
    assert shared <= theirs & ours
    pids = {e["pid"] for e in tensorcast_events()} | {e["pid"] for e in trace["traceEvents"]}
    assert len(pids) == 2  # merged into one view, the two keep their own processes


def test_an_unwritable_trace_is_one_line_exit_2(tmp_path: Path) -> None:
    code, out, err = run("cost", LAYER_FILE, "--trace", tmp_path)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "cannot write --trace" in err and "folder" in err


def test_cost_without_trace_does_not_import_the_trace_writer() -> None:
    script = "import sys, layoutcheck.cli; print('layoutcheck.cost.chrome' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr
