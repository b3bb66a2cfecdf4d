"""`cost --trace FILE --ranks all`: one process per rank of the tp group, a compute and a
communication track each, every op a slice on every rank (durations adding up to that rank's
report), and one flow through each collective instance's slices on all ranks."""

from __future__ import annotations

import itertools
import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from layoutcheck.cost.report import CATEGORIES, summarize
from layoutcheck.ops import default_registry
from layoutcheck.ops.traits import Trait
from layoutcheck.session import Options, Session
from tests.helpers import GRAPHS, run

# the vLLM-Ascend layer under causal pricing: a LOCAL attention's ranks see different keys,
# so the ranks' totals differ and the collectives wait for the busiest
SKEWED = ["glm-5.1", "--tp", "4", "--sp", "--layout", "vllm-ascend", "--attention-pairs", "causal"]
RANKS = 4
LAYER_FILE = GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml"
LAYOUT = r"^(?:[FL⊤]·[WSP]|⊤)(?:, (?:[FL⊤]·[WSP]|⊤))* → "
OP, KERNEL = "layoutcheck", "layoutcheck.kernel"


def rank_trace(tmp_path: Path, *argv: str) -> tuple[dict[str, Any], dict[str, Any], str]:
    """The cost JSON, the trace and the note of one run with ``--ranks``."""
    trace_file = tmp_path / "ranks.json"
    code, out, err = run("cost", *argv, "--format", "json", "--trace", trace_file)
    assert code == 0, err
    trace: dict[str, Any] = json.loads(trace_file.read_text(encoding="utf-8"))
    return json.loads(out), trace, err


@pytest.fixture(scope="module")
def skewed(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    data, trace, err = rank_trace(tmp_path_factory.mktemp("ranks"), *SKEWED, "--ranks", "all")
    assert err.startswith("layoutcheck: note: wrote ") and f"{RANKS} ranks" in err
    return data, trace


def slices(trace: dict[str, Any], category: str = OP) -> list[dict[str, Any]]:
    return [e for e in trace["traceEvents"] if e["ph"] == "X" and e["cat"] == category]


def flows(trace: dict[str, Any]) -> dict[int, list[dict[str, Any]]]:
    by_id: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for event in trace["traceEvents"]:
        if event["ph"] in ("s", "t", "f"):
            by_id[event["id"]].append(event)
    return by_id


def per_rank_totals() -> dict[int, float]:
    """Each rank's total as its own report gives it (``cost --rank r``)."""
    session = Session(Options("glm-5.1", tp=RANKS, sp=True, layout="vllm-ascend"))
    totals = {}
    for rank in range(RANKS):
        report = session.cost(rank=rank, options={"attention_pairs": "causal"})
        totals[rank] = float(summarize(report, report.numbers())["total_us"])  # type: ignore[arg-type]
    return totals


def test_one_process_per_rank_with_a_compute_and_a_communication_track(
    skewed: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    _, trace = skewed
    meta = [e for e in trace["traceEvents"] if e["ph"] == "M"]
    processes = {e["pid"]: e["args"]["name"] for e in meta if e["name"] == "process_name"}
    assert processes == {rank: f"rank {rank}" for rank in range(RANKS)}
    threads = {(e["pid"], e["tid"]): e["args"]["name"] for e in meta if e["name"] == "thread_name"}
    assert threads == {
        (rank, tid): name
        for rank in range(RANKS)
        for tid, name in ((0, "compute"), (1, "communication"))
    }
    # every slice and flow event sits on a named track
    for event in trace["traceEvents"]:
        if event["ph"] != "M":
            assert (event["pid"], event["tid"]) in threads
    assert trace["otherData"]["ranks"] == list(range(RANKS))


def test_every_op_on_every_rank_adding_up_to_the_ranks_report(
    skewed: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    data, trace = skewed
    ops = sum(op["count"] for op in data["ops"])
    by_rank: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for event in slices(trace):
        by_rank[event["pid"]].append(event)
    assert sorted(by_rank) == list(range(RANKS))
    assert all(len(events) == ops for events in by_rank.values())
    totals = per_rank_totals()
    assert len(set(totals.values())) > 1  # the ranks' own token shards cost differently
    for rank, events in by_rank.items():
        assert sum(e["dur"] for e in events) == pytest.approx(totals[rank], rel=1e-9)
        assert trace["otherData"]["total_us"][str(rank)] == pytest.approx(totals[rank], rel=1e-9)
        assert [e["args"]["op"] for e in events] == [e["args"]["op"] for e in by_rank[0]]
    # --rank last (the JSON printed) is the busiest rank's report
    assert data["total_us"] == pytest.approx(max(totals.values()), rel=1e-9)
    # one rank's slices never overlap: each stream's op slices are back to back or apart
    for events in by_rank.values():
        for before, after in itertools.pairwise(events):
            assert after["ts"] >= before["ts"] + before["dur"] - 1e-6


def test_collectives_on_the_communication_track_the_rest_on_compute(
    skewed: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    _, trace = skewed
    registry = default_registry()
    kinds = set()
    for event in slices(trace):
        collective = registry.is_(event["name"], Trait.COLLECTIVE)
        assert event["tid"] == (1 if collective else 0), event["name"]
        kinds.add(event["name"])
    assert {"all_gather", "reduce_scatter", "moe_experts"} <= kinds
    # an MoE's dispatch and combine are kernels on the communication track within its slice
    experts = [e for e in slices(trace) if e["name"] == "moe_experts" and e["pid"] == 1]
    kernels = [e for e in slices(trace, KERNEL) if e["pid"] == 1]
    assert len(kernels) == 2 * len(experts)
    assert {e["args"]["kernel"] for e in kernels} == {"dispatch", "combine"}
    assert {e["tid"] for e in kernels} == {1}
    for op, (dispatch, combine) in zip(
        experts, zip(kernels[::2], kernels[1::2], strict=True), strict=True
    ):
        assert op["ts"] < dispatch["ts"] < combine["ts"] < op["ts"] + op["dur"]
        assert combine["ts"] + combine["dur"] < op["ts"] + op["dur"]


def test_one_flow_per_collective_instance_through_every_rank(
    skewed: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    _, trace = skewed
    by_id = flows(trace)
    collectives = [e for e in slices(trace) if e["tid"] == 1 and e["pid"] == 0]
    kernels = [e for e in slices(trace, KERNEL) if e["pid"] == 0]
    assert len(by_id) == len(collectives) + len(kernels) == trace["otherData"]["collectives"]
    assert sorted(by_id) == list(range(len(by_id)))
    bound = {
        (e["pid"], e["tid"], e["cat"], e["ts"]): e for e in [*slices(trace), *slices(trace, KERNEL)]
    }
    for events in by_id.values():
        # a start on rank 0, a step on each rank between, an end on the last
        assert [e["ph"] for e in events] == ["s", *["t"] * (RANKS - 2), "f"]
        assert [e["pid"] for e in events] == list(range(RANKS))
        assert all(e["bp"] == "e" and e["tid"] == 1 for e in events)
        assert len({e["name"] for e in events}) == 1
        for event in events:
            # bound as chrome://tracing binds (same cat, pid, tid, ts) and Perfetto does
            # (inside a slice of the thread)
            host = bound[(event["pid"], event["tid"], event["cat"], event["ts"])]
            assert host["ts"] <= event["ts"] <= host["ts"] + host["dur"]
            assert host["name"] == event["name"] or host["args"]["kernel"]


def test_a_collective_starts_when_the_last_rank_arrives(
    skewed: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    _, trace = skewed
    ops = [e for e in slices(trace) if e["tid"] == 1]
    by_op: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for event in ops:
        by_op[event["args"]["op"]].append(event)
    waited = 0.0
    for events in by_op.values():
        assert len({e["ts"] for e in events}) == 1  # together
        waits = [e["args"]["waited_us"] for e in events]
        assert min(waits) == pytest.approx(0.0, abs=1e-6) and min(waits) >= -1e-6
        waited += sum(waits)
    assert waited > 0  # the causal ranks' attention differs: someone waits
    # the trace ends when the busiest rank does
    busiest = max(trace["otherData"]["total_us"].values())
    assert trace["otherData"]["end_us"] == pytest.approx(busiest, rel=1e-9)


def test_slices_carry_the_layout_the_ranks_shape_tokens_experts_and_bound(
    skewed: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    _, trace = skewed
    for event in slices(trace):
        args = event["args"]
        if event["name"] == "host_step":  # the hardware model's host time, no op
            assert args["bound"] == "host" and args["rank"] == event["pid"]
            continue
        assert re.match(LAYOUT, args["layout"]), args["layout"]
        assert args["bound"] in CATEGORIES
        assert args["rank"] == event["pid"]
        assert all(isinstance(d, int) for shape in args["shape"] for d in shape)
    norm = "model.layers.3.input_layernorm"
    for rank in range(RANKS):
        [event] = [e for e in slices(trace) if e["pid"] == rank and e["args"]["op"] == norm]
        # a fused add+norm: the normed rows and the new residual, T/tp of 4096 tokens each
        assert event["args"]["layout"] == "L·W, L·W → L·W, L·W"
        assert event["args"]["shape"] == [[1024, 6144]] * 2
        assert event["args"]["tokens"] == [f"{rank * 1024}..{rank * 1024 + 1023}"] * 2
        experts = next(
            e
            for e in slices(trace)
            if e["pid"] == rank and e["args"]["op"] == "model.layers.3.mlp.experts"
        )
        assert experts["args"]["experts"] == f"{rank * 64}..{rank * 64 + 63} of 256"


def test_the_glm_tp16_trace(tmp_path: Path) -> None:
    """The issue's run: 16 equal ranks (balanced), every op on each, a flow per collective."""
    data, trace, _ = rank_trace(tmp_path, "glm-5.1", "--tp", "16", "--sp", "--ranks", "all")
    ops = sum(op["count"] for op in data["ops"])
    assert len(slices(trace)) == 16 * ops
    for rank, total in trace["otherData"]["total_us"].items():
        assert total == pytest.approx(data["total_us"], rel=1e-9), rank
        mine = [e["dur"] for e in slices(trace) if e["pid"] == int(rank)]
        assert sum(mine) == pytest.approx(data["total_us"], rel=1e-9)
    by_kind = data["by_kind"]
    collective_ops = sum(
        by_kind[k]["count"] for k in ("all_gather", "all_reduce", "reduce_scatter")
    )
    moe_exchanges = 2 * by_kind["moe_experts"]["count"]  # dispatch and combine over ep = 16
    by_id = flows(trace)
    assert len(by_id) == collective_ops + moe_exchanges
    assert all([e["ph"] for e in events] == ["s", *["t"] * 14, "f"] for events in by_id.values())


def test_a_balanced_graph_gives_equal_ranks(tmp_path: Path) -> None:
    data, trace, _ = rank_trace(tmp_path, str(LAYER_FILE), "--ranks", "all")
    ranks = trace["otherData"]["ranks"]
    assert ranks == list(range(16))
    totals = set(trace["otherData"]["total_us"].values())
    assert len(totals) == 1 and totals.pop() == pytest.approx(data["total_us"], rel=1e-9)
    assert len(slices(trace)) == 16 * sum(op["count"] for op in data["ops"])
    assert all(e["args"].get("waited_us", 0.0) == 0.0 for e in slices(trace))
    # the layer's all_gather, all_reduce and its MoE's dispatch and combine (ep = tp = 16)
    assert len(flows(trace)) == 4


def test_listed_ranks_draw_only_those(tmp_path: Path) -> None:
    _, trace, _ = rank_trace(tmp_path, str(LAYER_FILE), "--ranks", "3,0")
    assert trace["otherData"]["ranks"] == [0, 3]
    assert {e["pid"] for e in slices(trace)} == {0, 3}
    for events in flows(trace).values():
        assert [(e["ph"], e["pid"]) for e in events] == [("s", 0), ("f", 3)]
    _, single, _ = rank_trace(tmp_path, str(LAYER_FILE), "--ranks", "5")
    assert {e["pid"] for e in slices(single)} == {5}
    assert flows(single) == {}  # one rank: nothing to link


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--ranks", "all"], "--ranks picks the ranks of --trace"),
        (["--trace", "{tmp}/t.json", "--ranks", "16"], "the tp group has ranks 0..15"),
        (["--trace", "{tmp}/t.json", "--ranks", "0,x"], "write all or rank numbers"),
    ],
)
def test_bad_ranks_are_one_line_exit_2(tmp_path: Path, argv: list[str], message: str) -> None:
    code, out, err = run("cost", LAYER_FILE, *(a.format(tmp=tmp_path) for a in argv))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err, err
    assert not (tmp_path / "t.json").exists()
