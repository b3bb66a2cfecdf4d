"""Ranking on a hand-made set of priced points: each objective's order, the HBM filter, the
Pareto frontier of step time against devices, and the shape of the JSON and CSV output."""

from __future__ import annotations

import csv
import io
import json

import numpy as np
import pytest

from layoutcheck.design_space.axes import Axes, Structure
from layoutcheck.design_space.evaluate import Priced, Rejection, StructureResult
from layoutcheck.design_space.rank import COLUMNS
from layoutcheck.design_space.render import csv_text, json_document, summary_text
from layoutcheck.design_space.run import Request, collect

GIB = 2**30


def _structure(tp: int, dp: int) -> Structure:
    return Structure("glm-5.1", "prefill", "bf16", True, "vllm-ascend", tp, dp, None)


def _priced(tokens: list[int], step_ms: list[float], weights_gib: float) -> Priced:
    n = len(tokens)
    step = np.asarray(step_ms) * 1e3
    # the step split by bound: 10% compute, 70% memory, 20% communication
    by_bound = np.vstack([0.1 * step, 0.7 * step, 0.2 * step])
    return Priced(
        "a3-752t",
        64 * GIB,
        np.asarray(tokens),
        np.zeros(n, dtype=np.int64),
        step,
        by_bound,
        np.full(n, weights_gib * GIB),
        np.asarray(tokens) * 100_000.0,  # 100 kB of KV cache a token
    )


# (tp, dp) → tokens, step ms, weights GiB; devices = tp·dp
HAND = {
    (16, 1): ([4096], [200.0], 60.0),  # 16 devices: 20,480 tokens/s; 4096 tokens of KV: fits
    (16, 2): ([4096], [200.0], 60.0),  # 32 devices: twice the throughput, the same step
    (8, 2): ([4096], [150.0], 63.9),  # 16 devices, faster, but 63.9 GiB + 0.38 GiB > 64 GiB
    (4, 8): ([4096], [300.0], 30.0),  # 32 devices: 109,227 tokens/s
}


def _search(objective: str, hbm_fit: bool) -> object:
    results = [
        StructureResult(i, _structure(tp, dp), (_priced(*HAND[(tp, dp)]),))
        for i, (tp, dp) in enumerate(HAND)
    ]
    results.append(
        StructureResult(
            len(results),
            _structure(3, 1),
            rejections=(Rejection("heads-indivisible", "64 heads over tp 3", (4096,), True),),
        )
    )
    axes = Axes.parse("glm-5.1", {"tp": "16,8,4,3", "dp": "1,2,8"})
    return collect(Request(axes, objective=objective, hbm_fit=hbm_fit, top=None), results)


def _order(search: object) -> list[tuple[int, int]]:
    return [(r["tp"], r["dp"]) for r in search.records(search.ranked)]  # type: ignore[attr-defined]


def test_latency_ranks_the_step() -> None:
    assert _order(_search("latency", hbm_fit=False)) == [(8, 2), (16, 1), (16, 2), (4, 8)]


def test_throughput_is_tokens_times_dp_over_the_step() -> None:
    search = _search("throughput", hbm_fit=False)
    # 4096·8/0.3 = 109,227 > 4096·2/0.15 = 54,613 > 4096·2/0.2 = 40,960 > 4096/0.2 = 20,480
    assert _order(search) == [(4, 8), (8, 2), (16, 2), (16, 1)]
    values = [r["tokens_per_s"] for r in search.records(search.ranked)]
    assert values == pytest.approx([4096 * 8 / 0.3, 4096 * 2 / 0.15, 4096 * 2 / 0.2, 4096 / 0.2])


def test_tokens_per_device_divides_by_tp_times_dp() -> None:
    search = _search("tokens-per-device", hbm_fit=False)
    # per device: 3,413 (4×8), 3,413 (8×2), 1,280 (16×2), 1,280 (16×1); ties keep structure order
    assert _order(search) == [(8, 2), (4, 8), (16, 1), (16, 2)]
    (first, *_) = search.records(search.ranked)
    assert first["tokens_per_s_per_device"] == pytest.approx(4096 * 2 / 0.15 / 16)
    assert first["devices"] == 16


def test_hbm_fit_drops_the_point_over_the_profile() -> None:
    search = _search("latency", hbm_fit=True)
    assert _order(search) == [(16, 1), (16, 2), (4, 8)]
    dropped = search.table.records(np.flatnonzero(~search.table.fits))
    assert [(r["tp"], r["dp"]) for r in dropped] == [(8, 2)]
    assert dropped[0]["memory_bytes"] == pytest.approx(63.9 * GIB + 4096 * 100_000)


def test_the_frontier_keeps_what_no_cheaper_configuration_beats() -> None:
    every = _search("latency", hbm_fit=False)
    # 16 devices: tp 8 × dp 2 at 150 ms; 32 devices: nothing under 150 ms
    assert [(r["tp"], r["dp"]) for r in every.records(every.frontier)] == [(8, 2)]
    fitting = _search("latency", hbm_fit=True)
    # without tp 8 × dp 2: tp 16 at 200 ms on 16 devices; 32 devices are no faster
    assert [(r["tp"], r["dp"]) for r in fitting.records(fitting.frontier)] == [(16, 1)]


def test_rejected_structures_are_counted_never_ranked() -> None:
    search = _search("throughput", hbm_fit=False)
    assert search.rejections_by_rule() == {"heads-indivisible": 1}
    assert all(r["tp"] != 3 for r in search.records(search.ranked))
    text = summary_text(search)
    assert "1 rejected" in text and "[heads-indivisible]" in text


def test_bound_is_the_category_holding_most_of_the_step() -> None:
    (record, *_) = _search("latency", hbm_fit=False).records()
    assert record["bound"] == "memory"
    assert record["bound_share"] == pytest.approx(0.7)
    assert record["compute_bound_us"] == pytest.approx(0.1 * record["step_us"])


def test_json_shape() -> None:
    document = json.loads(json.dumps(json_document(_search("throughput", hbm_fit=True))))
    assert document["structures"] == 5 and document["passed"] == 4
    assert document["rejected"] == {"heads-indivisible": 1}
    assert document["points"] == {"priced": 4, "fit": 3}
    assert [r["rank"] for r in document["results"]] == [1, 2, 3]
    assert set(document["results"][0]) == {"rank", *COLUMNS}
    assert [s["status"] for s in document["structure_results"]] == ["ok"] * 4 + ["rejected"]
    assert document["structure_results"][4]["rejections"][0]["rule"] == "heads-indivisible"


def test_csv_shape() -> None:
    rows = list(csv.reader(io.StringIO(csv_text(_search("latency", hbm_fit=True)))))
    assert rows[0] == ["rank", *COLUMNS, "frontier"]
    assert [row[0] for row in rows[1:]] == ["1", "2", "3"]
    frontier = [row[-1] for row in rows[1:]]
    assert frontier == ["True", "False", "False"]
