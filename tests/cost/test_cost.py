"""The symbolic cost model: per-op formulas as sympy identities, collective times at known
numbers on the shipped device profiles, the GLM-5.1 figures of the engine notes, causal
imbalance across ranks, formula reuse, the JSON summary, repetition and vectorised sweeps.

Formulas: ``cost-model.md``; device numbers: ``engine-notes.md``. Expected values here are
written out independently of the implementation (plain Python arithmetic, brute-force sums).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from layoutcheck.cost.devices import Device, load_device
from layoutcheck.cost.report import CostError, CostReport, OpEntry, cost_report, summarize
from layoutcheck.cost.timing import communication_time, op_time
from layoutcheck.graph import GraphBuilder, ValueRef
from layoutcheck.interp import interpret
from layoutcheck.lattice import Dtype, FeatureState, TokenLayout
from layoutcheck.models import Execution, Layout, ParallelConfig, Phase, build_model
from layoutcheck.ops.costing import Comm, OpCost, causal_pairs, sparse_pairs
from layoutcheck.passes.repetition import fold
from layoutcheck.symbols import symbol
from layoutcheck.validate import normalize
from tests.helpers import GLM_GATHER_US

FULL, LOCAL = TokenLayout.FULL, TokenLayout.LOCAL
WHOLE, SPLIT, PARTIAL = FeatureState.WHOLE, FeatureState.SPLIT, FeatureState.PARTIAL

A3 = load_device("a3-752t")
A2 = load_device("a2-376t")

# Engine notes: efficiencies compute 0.7, memory 0.6, communication 0.7; launch 5/2/10 µs.
EFF_C, EFF_M, EFF_COMM = 0.7, 0.6, 0.7
HBM_BW = 1.6 * 2**40  # 1.6 TiB/s
# (size, bandwidth B/s, latency s, full mesh), innermost first: the A3's SIO pair and its
# 1- and 2-level CLOS; the A2's 8-card full mesh and CLOS between nodes (TensorCast's device.py)
TIERS = {
    "a3-752t": [(2, 224e9, 0.2e-6, False), (16, 196e9, 0.5e-6, False), (768, 196e9, 5.5e-6, False)],
    "a2-376t": [(8, 196e9, 0.5e-6, True), (1024, 25e9, 1.5e-6, False)],
}
COLLECTIVES = ("all_reduce", "reduce_scatter", "all_gather", "all_to_all")


# -- helpers -----------------------------------------------------------------------------------


def builder(symbols: Mapping[str, int | None], **kwargs: Any) -> GraphBuilder:
    kwargs.setdefault("groups", {"tp": "tp", "ep": "ep"})
    return GraphBuilder("cost-test", symbols=symbols, **kwargs)


def report_of(
    b: GraphBuilder,
    device: Device = A3,
    rank: str | int = "last",
    options: Mapping[str, str] | None = None,
) -> tuple[CostReport, dict[str, OpEntry]]:
    graph = normalize(b.build())
    typed = interpret(graph)
    errors = [d.message for d in typed.diagnostics if d.is_error]
    assert not errors, errors
    report = cost_report(graph, device, rank=rank, typed=typed, options=options)
    return report, {entry.name: entry for entry in report.entries}


def same(a: sympy.Expr, b: sympy.Expr) -> bool:
    """An exact identity (the cost rules keep integer coefficients)."""
    return bool(sympy.expand(sympy.sympify(a) - sympy.sympify(b)) == 0)


def number(expr: sympy.Expr, values: Mapping[str, int] | None = None) -> float:
    subs = {symbol(k): v for k, v in (values or {}).items()}
    return float(sympy.sympify(expr).xreplace(subs))


def mma_of(cost: OpCost) -> dict[str, sympy.Expr]:
    return dict(cost.mma)


def syms(names: str) -> tuple[sympy.Symbol, ...]:
    """The graph's symbols (positive integers, as the graph parser makes them)."""
    return tuple(symbol(name) for name in names.split())


# -- device profiles ---------------------------------------------------------------------------


# TensorCast's device.py: fp32, bf16, fp16 and int8 peaks; the vector unit at fp16 (fp32 half)
@pytest.mark.parametrize(("name", "fp32", "bf16", "fp16", "int8", "vector"), [
    ("a3-752t", 99.5, 353.9, 376, 752, 22), ("a2-376t", 99.5, 353.9, 376, 752, 22),
    ("a3-560t", 75, 245.8, 280, 560, 16), ("a2-313t", 83, 294.9, 313, 626, 18),
    ("a2-280t", 75, 245.8, 280, 560, 16),
])  # fmt: skip
def test_device_profiles_hold_tensorcasts_numbers(
    name: str, fp32: float, bf16: float, fp16: float, int8: float, vector: float
) -> None:
    device = load_device(name)
    peaks = {"fp32": fp32, "bf16": bf16, "fp16": fp16, "int8": int8}
    for dtype, tflops in peaks.items():
        assert device.peak_flops[dtype] == pytest.approx(tflops * 1e12), dtype
    assert device.vector_flops["bf16"] == pytest.approx(vector * 1e12)
    assert device.vector_flops["fp16"] == pytest.approx(vector * 1e12)
    assert device.vector_flops["fp32"] == pytest.approx(vector / 2 * 1e12)
    assert device.hbm_bandwidth == pytest.approx(HBM_BW)
    assert (device.compute_efficiency, device.memory_efficiency) == (EFF_C, EFF_M)
    assert device.communication_efficiency == EFF_COMM
    assert device.launch == pytest.approx({"matmul": 5e-6, "vector": 2e-6, "collective": 10e-6})
    family = "a3-752t" if name.startswith("a3") else "a2-376t"
    expected = TIERS[family]
    assert [(t.size, t.full_mesh) for t in device.tiers] == [(e[0], e[3]) for e in expected]
    # pytest >= 9 refuses approx on nested tuples: compare the numbers tier by tier
    for tier, (_, bandwidth, latency, _) in zip(device.tiers, expected, strict=True):
        assert (tier.bandwidth, tier.latency) == pytest.approx((bandwidth, latency))


# -- linear ----------------------------------------------------------------------------------

# weight bytes per element and the MMA dtype, per quantization (cost-model.md)
QUANTS = {
    "bf16": (2, "bf16"),
    "fp16": (2, "fp16"),
    "w8a8": (1, "int8"),
    "w8a8_dynamic": (1, "int8"),
    "w4a8_dynamic": (sympy.Rational(1, 2), "int8"),
    "w8a16": (1, "bf16"),
    "w4a16": (sympy.Rational(1, 2), "bf16"),
}


@pytest.mark.parametrize("quant", sorted(QUANTS))
@pytest.mark.parametrize("parallel", ["column", "row", "replicated"])
def test_linear_flops_and_bytes_are_exact(parallel: str, quant: str) -> None:
    T, IN, OUT, tp = syms("T IN OUT tp")
    b = builder({"T": None, "IN": None, "OUT": None, "tp": None}, groups={"tp": "tp"})
    if parallel == "row":
        x = b.input("x", ["T", "IN/tp"], features=SPLIT)
    else:
        x = b.input("x", ["T", "IN"])
    b.op("lin", "linear", [x], in_features="IN", out_features="OUT", parallel=parallel, quant=quant)
    _, entries = report_of(b)
    cost = entries["lin"].cost
    n_in = IN / tp if parallel == "row" else IN
    n_out = OUT / tp if parallel == "column" else OUT
    weight_bytes, dtype = QUANTS[quant]
    assert list(mma_of(cost)) == [dtype]
    assert same(mma_of(cost)[dtype], 2 * T * n_in * n_out)
    assert same(cost.vector, 0)
    weight = n_in * n_out * weight_bytes
    assert cost.comm is None
    if not quant.endswith("_dynamic"):
        assert same(cost.hbm_bytes, weight + 2 * T * n_in + 2 * T * n_out)
        assert not cost.parts
        return
    # a dynamic activation quantization: its own kernel reads the bf16 input and writes int8,
    # then the int8 matmul reads the int8 activation
    parts = dict(cost.parts)
    assert list(parts) == ["quantize", "matmul"] and cost.separate
    assert same(parts["quantize"].hbm_bytes, T * n_in * (2 + 1))
    assert parts["quantize"].mma == ()
    assert same(parts["matmul"].hbm_bytes, weight + T * n_in + 2 * T * n_out)
    assert same(cost.hbm_bytes, parts["quantize"].hbm_bytes + parts["matmul"].hbm_bytes)


def test_column_parallel_linear_per_rank_flops_are_a_tp_th_of_replicated() -> None:
    values = {"T": 4096, "IN": 6144, "OUT": 2048, "tp": 16}
    b = builder(values, groups={"tp": "tp"})
    x = b.input("x", ["T", "IN"])
    b.op("col", "linear", [x], in_features="IN", out_features="OUT", parallel="column")
    b.op("rep", "linear", [x], in_features="IN", out_features="OUT", parallel="replicated")
    _, entries = report_of(b)
    col, rep = number(entries["col"].cost.flops, values), number(entries["rep"].cost.flops, values)
    assert col == 2 * 4096 * 6144 * 2048 / 16
    assert rep == 16 * col


def test_w8a8_linear_uses_the_int8_peak() -> None:
    values = {"T": 4096, "IN": 6144, "OUT": 24576}
    b = builder(values, groups={"tp": 1})
    x = b.input("x", ["T", "IN"])
    b.op("int8", "linear", [x], in_features="IN", out_features="OUT", parallel="replicated",
         quant="w8a8")  # fmt: skip
    b.op("bf16", "linear", [x], in_features="IN", out_features="OUT", parallel="replicated")
    _, entries = report_of(b)
    flops = 2 * 4096 * 6144 * 24576
    int8, bf16 = entries["int8"].time, entries["bf16"].time
    assert number(int8.compute, values) == pytest.approx(flops / (752e12 * EFF_C), rel=1e-12)
    assert number(bf16.compute, values) == pytest.approx(flops / (353.9e12 * EFF_C), rel=1e-12)
    # both are compute-bound here: total = compute + 5 µs launch
    memory = (6144 * 24576 * 1 + 2 * 4096 * (6144 + 24576)) / (HBM_BW * EFF_M)
    assert number(int8.memory, values) == pytest.approx(memory, rel=1e-12)
    assert number(int8.total, values) == pytest.approx(flops / (752e12 * EFF_C) + 5e-6, rel=1e-12)
    assert number(int8.launch) == pytest.approx(5e-6)


def test_memory_bound_linear_time_is_bytes_over_bandwidth() -> None:
    # decode-like: 8 tokens through a 6144 x 24576 bf16 weight is bound by reading the weight
    values = {"T": 8, "IN": 6144, "OUT": 24576}
    b = builder(values, groups={"tp": 1})
    x = b.input("x", ["T", "IN"])
    b.op("lin", "linear", [x], in_features="IN", out_features="OUT", parallel="replicated")
    report, entries = report_of(b)
    hbm = 6144 * 24576 * 2 + 2 * 8 * (6144 + 24576)
    assert number(entries["lin"].time.total, values) == pytest.approx(
        hbm / (HBM_BW * EFF_M) + 5e-6, rel=1e-12
    )
    assert report.numbers()["lin"].bound == "memory"


def test_max_stays_unevaluated_in_linear_times() -> None:
    # all sizes are numbers: an evaluated Max would collapse to one of its arguments
    b = builder({}, token_count=4096, groups={"tp": 1})
    x = b.input("x", [4096, 6144])
    b.op("lin", "linear", [x], in_features=6144, out_features=2048, parallel="replicated")
    _, entries = report_of(b)
    total = entries["lin"].time.total
    maxes = total.atoms(sympy.Max)
    assert len(maxes) == 1
    (found,) = maxes
    assert len(found.args) == 2
    assert all(arg.is_number for arg in found.args)


# -- collectives -----------------------------------------------------------------------------


def expected_comm_seconds(device: str, kind: str, g: int, full_bytes: float) -> float:
    """tensorcast-formulas.md, written out: the fastest algorithm on the innermost tier
    spanning g (all_reduce: ring or tree; the others: ring, or log2(g) latency steps)."""
    if g == 1:
        return 0.0
    size, bandwidth, latency, mesh = next(
        (tier for tier in TIERS[device] if g <= tier[0]), TIERS[device][-1]
    )
    if mesh:
        bandwidth = bandwidth * (g - 1) / (size - 1)
    b = bandwidth * EFF_COMM
    if kind == "all_reduce":
        ring = 2 * (g - 1) * latency + 2 * (g - 1) / g * full_bytes / b
        tree = 2 * math.log2(g) * latency + 2 * full_bytes / b
        return min(ring, tree)
    return min(g - 1, math.log2(g)) * latency + (g - 1) / g * full_bytes / b


GROUPS = (1, 2, 3, 4, 8, 9, 15, 16, 17, 64, 768, 1024)
M_BYTES = 4096 * 6144 * 2


@pytest.mark.parametrize("device", [A3, A2], ids=lambda d: d.name)
@pytest.mark.parametrize("kind", COLLECTIVES)
def test_collective_time_at_known_numbers(device: Device, kind: str) -> None:
    for g in GROUPS:
        got = communication_time(Comm(kind, "tp", sympy.Integer(g), sympy.Integer(M_BYTES)), device)
        want = expected_comm_seconds(device.name, kind, g, M_BYTES)
        assert float(got) == pytest.approx(want, rel=1e-12, abs=1e-18), (kind, g)


@pytest.mark.parametrize(("device", "g", "want_us"), [
    # all_gather of a [4096, 6144] bf16 tensor (M = 50331648 B), recursive doubling: log2(g)
    # latency steps and the ring's (g-1)/g·M on the wire
    (A3, 2, 0.2 + 0.5 * M_BYTES / (224e9 * 0.7) * 1e6),           # die pair, 224 GB/s, 0.2 µs
    (A3, 16, 4 * 0.5 + 15 / 16 * M_BYTES / (196e9 * 0.7) * 1e6),  # 1-level CLOS: 196 GB/s
    (A3, 4, 2 * 0.5 + 3 / 4 * M_BYTES / (196e9 * 0.7) * 1e6),     # CLOS: no mesh scaling
    (A3, 32, 5 * 5.5 + 31 / 32 * M_BYTES / (196e9 * 0.7) * 1e6),  # 2-level CLOS, 5.5 µs
    (A2, 8, 3 * 0.5 + 7 / 8 * M_BYTES / (196e9 * 0.7) * 1e6),     # full A2 node
    (A2, 2, 0.5 + 0.5 * M_BYTES / (196e9 / 7 * 0.7) * 1e6),       # 1 of 7 mesh links
    (A2, 16, 4 * 1.5 + 15 / 16 * M_BYTES / (25e9 * 0.7) * 1e6),   # between nodes, 25 GB/s
])  # fmt: skip
def test_tier_choice_by_group_size(device: Device, g: int, want_us: float) -> None:
    got = communication_time(
        Comm("all_gather", "tp", sympy.Integer(g), sympy.Integer(M_BYTES)), device
    )
    assert float(got) * 1e6 == pytest.approx(want_us, rel=1e-12)


def test_full_mesh_bandwidth_scales_with_the_group_and_clos_does_not() -> None:
    # on the A2's full mesh the bandwidth term is (G-1)/g · M/(B·eff): a bigger group is
    # *faster*; on the A3's CLOS node every group gets the whole link: (g-1)/g · M/(B·eff)
    def wire(device: Device, g: int) -> float:
        comm = Comm("all_gather", "tp", sympy.Integer(g), sympy.Integer(M_BYTES))
        return float(communication_time(comm, device)) - math.log2(g) * 0.5e-6

    mesh = [wire(A2, g) for g in range(3, 9)]
    for g, seconds in zip(range(3, 9), mesh, strict=True):
        assert seconds == pytest.approx(7 / g * M_BYTES / (196e9 * EFF_COMM), rel=1e-12)
    assert mesh == sorted(mesh, reverse=True)
    clos = [wire(A3, g) for g in range(3, 17)]
    for g, seconds in zip(range(3, 17), clos, strict=True):
        assert seconds == pytest.approx((g - 1) / g * M_BYTES / (196e9 * EFF_COMM), rel=1e-12)
    assert clos == sorted(clos)


@pytest.mark.parametrize("device", [A3, A2], ids=lambda d: d.name)
@pytest.mark.parametrize("kind", COLLECTIVES)
def test_symbolic_group_size_picks_the_same_tier(device: Device, kind: str) -> None:
    g, m = sympy.symbols("g M", positive=True)
    expr = communication_time(Comm(kind, "tp", g, m), device)
    assert isinstance(expr, sympy.Piecewise)
    function = sympy.lambdify([g, m], expr, modules="math")
    for size in GROUPS:
        want = expected_comm_seconds(device.name, kind, size, M_BYTES)
        assert float(expr.xreplace({g: size, m: M_BYTES})) == pytest.approx(want, rel=1e-12)
        if size > 1:
            assert function(size, M_BYTES) == pytest.approx(want, rel=1e-12)


def test_a_group_of_one_moves_nothing() -> None:
    for kind in COLLECTIVES:
        comm = Comm(kind, "tp", sympy.Integer(1), sympy.Integer(M_BYTES))
        assert communication_time(comm, A3) == 0
        assert comm.wire_bytes == 0


@pytest.mark.parametrize("kind", COLLECTIVES)
def test_collective_launch_is_10_us_and_wire_bytes_follow_the_ring(kind: str) -> None:
    comm = Comm(kind, "tp", sympy.Integer(16), sympy.Integer(M_BYTES))
    timed = op_time(OpCost(comm=comm), A3)
    assert float(timed.launch) == pytest.approx(10e-6)
    assert float(timed.total) == pytest.approx(float(timed.communication) + 10e-6, rel=1e-12)
    assert timed.compute == 0 and timed.memory == 0
    factor = 2 if kind == "all_reduce" else 1
    assert comm.wire_bytes == sympy.Rational(factor * 15, 16) * M_BYTES


def test_collectives_in_a_graph_move_the_full_tensor() -> None:
    T, H, tp, ep = syms("T H tp ep")
    b = builder({"T": None, "H": None, "tp": None, "ep": None})
    local = b.input("local", ["T/tp", "H"], tokens=LOCAL)
    partial = b.input("partial", ["T", "H"], features=PARTIAL)
    b.op("ag", "all_gather", [local])
    b.op("ar", "all_reduce", [partial])
    b.op("rs", "reduce_scatter", [b.input("partial2", ["T", "H"], features=PARTIAL)])
    b.op("a2a", "all_to_all", [b.input("rows", ["T", "H"])])
    _, entries = report_of(b)
    for name, kind, group in (
        ("ag", "all_gather", tp), ("ar", "all_reduce", tp), ("rs", "reduce_scatter", tp),
        ("a2a", "all_to_all", ep),
    ):  # fmt: skip
        comm = entries[name].cost.comm
        assert comm is not None and comm.kind == kind
        assert comm.size == group
        assert same(comm.full_bytes, 2 * T * H), name
        # a group of one rank launches nothing, so the launch is a Piecewise in the group size
        launch = entries[name].time.launch
        assert float(launch.subs(group, 4)) == pytest.approx(10e-6)
        assert float(launch.subs(group, 1)) == 0.0


# -- GLM-5.1 figures (engine notes) ----------------------------------------------------------


@pytest.fixture(scope="module")
def glm() -> dict[str, Any]:
    """GLM-5.1 prefill, T=4096, tp=16, SP, both layouts, costed on a3-752t (built once)."""
    out: dict[str, Any] = {}
    for layout in (Layout.TENSORCAST, Layout.VLLM_ASCEND):
        built = build_model(
            "glm-5.1",
            ParallelConfig(tp=16),
            Execution(Phase.PREFILL, 4096),
            sequence_parallel=True,
            layout=layout,
        )
        report = cost_report(built.graph, A3, options=TENSORCAST)
        out[layout.value] = (built.graph, report, report.numbers())
    return out


def test_glm_attention_entry_gather_costs_356_us(glm: dict[str, Any]) -> None:
    _, report, numbers = glm["tensorcast"]
    n = numbers["model.layers.5.input_layernorm.all_gather"]
    # recursive doubling on the node's CLOS tier: log2(16)·0.5 µs + 15/16·M/(196 GB/s·0.7)
    wire = 15 / 16 * 4096 * 6144 * 2 / (196e9 * 0.7) * 1e6
    assert n.communication_us == pytest.approx(4 * 0.5 + wire, rel=1e-9)
    assert n.launch_us == pytest.approx(10.0)
    assert n.us == pytest.approx(4 * 0.5 + wire + 10, rel=1e-9)
    assert n.comm_bytes == 15 / 16 * 4096 * 6144 * 2
    assert n.bound == "communication"
    gathers = [e for e in report.entries if e.name.endswith("input_layernorm.all_gather")]
    assert len(gathers) == 78
    # ≈ 27 ms over 78 layers (TensorCast: 26.7 ms over its 76 in the same run)
    assert sum(numbers[e.name].communication_us for e in gathers) / 1000 == pytest.approx(
        78 * (4 * 0.5 + wire) / 1000, rel=1e-9
    )


def test_glm_vllm_ascend_key_side_gather_costs_47_us(glm: dict[str, Any]) -> None:
    _, _, numbers = glm["vllm-ascend"]
    n = numbers["model.layers.5.self_attn.key_side.all_gather"]
    wire = 15 / 16 * 4096 * 704 * 2 / (196e9 * 0.7) * 1e6
    assert n.communication_us == pytest.approx(4 * 0.5 + wire, rel=1e-9)
    assert n.launch_us == pytest.approx(10.0)
    assert n.comm_bytes == 15 / 16 * 4096 * 704 * 2
    # the attention-entry gather of the hidden state is gone in this layout
    assert "model.layers.5.input_layernorm.all_gather" not in numbers


# -- sparse and causal attended pairs --------------------------------------------------------


def brute_sparse(first: int, end: int, topk: int) -> int:
    return sum(min(topk, p + 1) for p in range(first, end))


def brute_causal(first: int, end: int) -> int:
    return sum(p + 1 for p in range(first, end))


def local_ranges() -> list[tuple[int, int, int]]:
    """(first, end, topk) of every rank's LOCAL slice for a few T, tp, topk."""
    cases = []
    for tokens, tp, topk in (
        (4096, 16, 2048),
        (1024, 8, 100),
        (96, 4, 30),
        (17, 1, 5),
        (64, 2, 64),
    ):
        n = tokens // tp
        cases += [(r * n, (r + 1) * n, topk) for r in range(tp)]
    return cases


GRID = [
    (0, 0, 1), (0, 1, 1), (0, 10, 3), (5, 5, 2), (0, 4096, 2048), (2047, 2049, 2048),
    (2048, 2049, 2048), (3, 7, 100), (100, 200, 1), (1, 2, 2048), (4000, 4096, 4096),
    *local_ranges(),
]  # fmt: skip


@pytest.mark.parametrize(("first", "end", "topk"), GRID)
def test_sparse_pairs_match_the_brute_force_sum(first: int, end: int, topk: int) -> None:
    got = sparse_pairs(sympy.Integer(first), sympy.Integer(end), sympy.Integer(topk))
    assert got == brute_sparse(first, end, topk)
    assert causal_pairs(sympy.Integer(first), sympy.Integer(end)) == brute_causal(first, end)


@given(
    st.integers(min_value=0, max_value=3000),
    st.integers(min_value=0, max_value=3000),
    st.integers(min_value=1, max_value=4096),
)
def test_sparse_pairs_match_the_brute_force_sum_generated(a: int, b: int, topk: int) -> None:
    first, end = min(a, b), max(a, b)
    assert sparse_pairs(sympy.Integer(first), sympy.Integer(end), sympy.Integer(topk)) == (
        brute_sparse(first, end, topk)
    )


def test_sparse_pairs_symbolic_in_tokens_matches_every_local_rank() -> None:
    T, tp, k, r = sympy.symbols("T tp k r", positive=True, integer=True)
    expr = sparse_pairs(r * T / tp, (r + 1) * T / tp, k)
    for tokens, size, topk in ((4096, 16, 2048), (96, 4, 30), (64, 8, 1)):
        for rank in range(size):
            value = expr.xreplace({T: tokens, tp: size, k: topk, r: rank})
            n = tokens // size
            assert value == brute_sparse(rank * n, (rank + 1) * n, topk)


# -- causal imbalance across ranks -----------------------------------------------------------

ATTN = {"T": 4096, "tp": 16, "heads": 64, "d_nope": 192, "d_rope": 64, "d_v": 256, "kv_lora": 512}
MLA_ATTRS = {
    "heads": "heads",
    "qk_nope_head_dim": "d_nope",
    "qk_rope_head_dim": "d_rope",
    "v_head_dim": "d_v",
    "kv_lora_rank": "kv_lora",
}


def attention_graph(tokens: TokenLayout, kind: str, topk: int = 2048) -> GraphBuilder:
    b = builder(ATTN, groups={"tp": "tp"})
    rows = "T/tp" if tokens is LOCAL else "T"
    q = b.input("q", [rows, "heads*(d_nope+d_rope)"], tokens=tokens)
    kv = b.input("kv", ["T", "kv_lora+d_rope"])
    if kind == "sparse_attention":
        idx = b.input("idx", [rows, topk], tokens=tokens, dtype=Dtype.INT32)
        b.op("attn", kind, [q, kv, idx], topk=topk, **MLA_ATTRS)
    else:
        b.op("attn", kind, [q, kv], **MLA_ATTRS)
    return b


CAUSAL = {"attention_pairs": "causal"}
TENSORCAST = {"model": "tensorcast"}  # TensorCast's formulas, which these tests write out


def attention_flops(
    kind: str, rank: str | int, tokens: TokenLayout = LOCAL, options: Mapping[str, str] = CAUSAL
) -> float:
    report, _ = report_of(attention_graph(tokens, kind), rank=rank, options=options)
    return report.numbers()["attn"].flops


def prefill_mla_mma(rows: int, pairs: int) -> int:
    """tensorcast-formulas.md: the latent up-projected for each query token (kv_b), scores
    over nope+rope and values over v for each attended pair (64 heads, GLM-5.1's dims)."""
    return 2 * rows * 64 * (192 + 256) * 512 + 2 * pairs * 64 * (192 + 64) + 2 * pairs * 64 * 256


@pytest.mark.parametrize("rank", ["first", 0, 3, 8, 15, "last"])
def test_causal_sparse_attention_on_local_queries_counts_the_ranks_pairs(rank: str | int) -> None:
    index = rank if isinstance(rank, int) else {"first": 0, "last": 15}[rank]
    graph = attention_graph(LOCAL, "sparse_attention")
    _, entries = report_of(graph, rank=rank, options=CAUSAL)
    pairs = brute_sparse(index * 256, (index + 1) * 256, 2048)
    mma = number(mma_of(entries["attn"].cost)["bf16"], ATTN)
    assert mma == prefill_mla_mma(256, pairs)
    assert number(entries["attn"].cost.vector, ATTN) == 4 * pairs * 64


@pytest.mark.parametrize("rank", ["first", 7, "last"])
def test_tensorcast_counting_charges_every_query_min_s_topk(rank: str | int) -> None:
    # TensorCast's count (the default): each of the rank's 256 queries sees min(4096, 2048)
    _, entries = report_of(attention_graph(LOCAL, "sparse_attention"), rank=rank)
    pairs = 256 * 2048
    assert number(mma_of(entries["attn"].cost)["bf16"], ATTN) == prefill_mla_mma(256, pairs)
    # the latent rows of every attended key, read at the sparse gather's 92% efficiency,
    # the kv_b weight (64 heads of 192 + 256 rows of the 512-wide latent), the query, the
    # int32 indices given here and the output
    kv_read = pairs * (512 + 64) * 2 / 0.92
    kv_b = 512 * 64 * (192 + 256) * 2
    io = 256 * 64 * 256 * 2 + 256 * 2048 * 4 + 256 * 64 * 256 * 2
    assert number(entries["attn"].cost.hbm_bytes, ATTN) == pytest.approx(kv_read + kv_b + io)


def test_last_rank_attention_costs_more_than_the_first_when_counted_causally() -> None:
    for kind in ("sparse_attention", "mla_attention"):
        first, last = attention_flops(kind, "first"), attention_flops(kind, "last")
        assert last > first, kind
        counted = {attention_flops(kind, r, options={}) for r in ("first", "last")}
        assert len(counted) == 1, kind  # TensorCast's count does not depend on the rank
    # causal MLA: every rank strictly more than the one before; rank N sits between
    causal = [attention_flops("mla_attention", rank) for rank in range(16)]
    assert causal == sorted(causal) and len(set(causal)) == 16
    assert causal[0] == attention_flops("mla_attention", "first")
    assert causal[15] == attention_flops("mla_attention", "last")
    pairs = brute_causal(5 * 256, 6 * 256)
    assert causal[5] == prefill_mla_mma(256, pairs) + 4 * pairs * 64


@pytest.mark.parametrize("kind", ["sparse_attention", "mla_attention"])
def test_full_queries_are_rank_independent(kind: str) -> None:
    reports = [report_of(attention_graph(FULL, kind), rank=r)[0] for r in ("first", 7, "last")]
    totals = {report.entries[0].time.total for report in reports}
    assert len(totals) == 1
    if kind == "mla_attention":  # dense MLA: every query sees the whole sequence
        pairs = 4096 * 4096
        assert reports[0].numbers()["attn"].flops == prefill_mla_mma(4096, pairs) + 4 * pairs * 64


def test_glm_rank_choice_matters_only_for_local_attention_counted_causally(
    glm: dict[str, Any],
) -> None:
    for layout, moves in (("tensorcast", False), ("vllm-ascend", True)):
        graph, default, _ = glm[layout]
        first = cost_report(graph, A3, rank="first", options=CAUSAL)
        middle = cost_report(graph, A3, rank=7, options=CAUSAL)
        last = cost_report(graph, A3, rank="last", options=CAUSAL)
        t_first, t_mid, t_last = (total_at(r, {}) for r in (first, middle, last))
        if moves:
            assert t_first < t_mid < t_last, layout
            name = "model.layers.5.self_attn.attn"
            assert first.numbers()[name].us < last.numbers()[name].us
        else:
            assert t_first == pytest.approx(t_last, rel=1e-12), layout
            assert t_mid == pytest.approx(t_last, rel=1e-12), layout
        # TensorCast's count: no rank sees more keys than another
        plain_first = cost_report(graph, A3, rank="first", options=TENSORCAST)
        assert total_at(plain_first, {}) == pytest.approx(total_at(default, {}), rel=1e-12)


def test_a_rank_outside_the_group_is_refused() -> None:
    # tp = 16: ranks are 0..15. rank=16 costs queries at positions 4096..4351, past the end
    # of the sequence (causal MLA then reports more work than the busiest real rank).
    graph = normalize(attention_graph(LOCAL, "mla_attention").build())
    with pytest.raises(CostError):
        cost_report(graph, A3, rank=16)


# -- DSA indexer: a query part and a key part ------------------------------------------------


def test_indexer_query_part_follows_q_c_and_key_part_follows_x() -> None:
    T, tp, QL, H, NH, D = syms("T tp QL H NH D")
    b = builder(
        {"T": None, "tp": None, "QL": None, "H": None, "NH": None, "D": None}, groups={"tp": "tp"}
    )
    q_c = b.input("q_c", ["T/tp", "QL"], tokens=LOCAL)
    x = b.input("x", ["T", "H"])
    b.op("idx", "dsa_indexer", [q_c, x], index_n_heads="NH", index_head_dim="D", topk=2048,
         hidden="H")  # fmt: skip
    _, entries = report_of(b)
    cost = entries["idx"].cost
    parts = dict(cost.parts)
    assert [name for name, _ in cost.parts] == ["query", "key"]
    t_q, t_x = T / tp, T
    query, key = parts["query"], parts["key"]
    # tensorcast-formulas.md: wq_b, weights_proj and the scores over every key
    assert same(query.mma_flops, 2 * t_q * QL * NH * D + 2 * t_q * H * NH + 2 * t_q * T * NH * D)
    # rope on the rotated half, the head weights and their reduce, top-k
    assert same(query.vector, 3 * t_q * (NH * D / 2 + D / 2) + 2 * t_q * NH * T + t_q * T)
    # wq_b and weights_proj, q_c, a quarter of the queries' worth of the key cache at 90%,
    # the int64 indices
    cache = sympy.ceiling(t_q / 4) * T * D * 2 / sympy.Float(0.9)
    indices = t_q * sympy.Min(2048, T) * 8
    want = (QL * NH * D + H * NH) * 2 + 2 * t_q * QL + cache + indices
    assert sympy.simplify(query.hbm_bytes - want) == 0
    assert same(key.mma_flops, 2 * t_x * H * D)  # wk on every key token
    assert key.vector == 0
    assert same(key.hbm_bytes, 2 * t_x * H + 2 * t_x * D + 2 * H * D)  # x, the cache, and wk
    # the op's total is the sum of its parts
    assert same(cost.mma_flops, query.mma_flops + key.mma_flops)
    assert same(cost.vector, query.vector + key.vector)
    assert same(cost.hbm_bytes, query.hbm_bytes + key.hbm_bytes)
    # scaling: the query part on tp times more tokens is tp times the work; the key part is not
    # touched by q_c's layout
    assert same(sympy.diff(query.mma_flops, QL) * tp, 2 * T * NH * D)
    assert not key.mma_flops.has(tp) and not key.mma_flops.has(QL)


def test_indexer_query_flops_per_token_do_not_depend_on_the_layout(glm: dict[str, Any]) -> None:
    # The vLLM-Ascend layout feeds the indexer the gathered 128-wide key and sets no `hidden`
    # attr; weights_proj (H -> index_n_heads) then counts 2·t·128·32 instead of 2·t·6144·32.
    per_token = {}
    for layout, tokens in (("tensorcast", 4096), ("vllm-ascend", 256)):
        _, report, _ = glm[layout]
        entry = next(e for e in report.entries if e.name == "model.layers.5.self_attn.indexer")
        query = dict(entry.cost.parts)["query"]
        per_token[layout] = number(query.mma_flops, report.values) / tokens
    assert per_token["vllm-ascend"] == per_token["tensorcast"]


# -- MoE experts -----------------------------------------------------------------------------


@pytest.mark.parametrize("quant", ["bf16", "w8a8_dynamic", "w4a8_dynamic"])
def test_moe_experts_flops_and_weights(quant: str) -> None:
    T, tp, ep, H, E, I = syms("T tp ep H E I")  # noqa: E741
    b = builder({"T": None, "tp": None, "ep": None, "H": None, "E": None, "I": None})
    x = b.input("x", ["T/tp", "H"], tokens=LOCAL)
    gate = b.op("gate", "moe_gate", [x], experts="E")
    topk = b.op("topk", "moe_topk", [gate], top_k=8)
    b.op("experts", "moe_experts", [x, topk, ValueRef("topk", 1)], experts="E", top_k=8,
         intermediate="I", quant=quant)  # fmt: skip
    _, entries = report_of(b, options=TENSORCAST)
    cost = entries["experts"].cost
    weight_bytes, dtype = QUANTS[quant]
    t = T / tp
    assert list(mma_of(cost)) == [dtype]
    # one grouped gate_up over the routed rows and the per-expert down projections
    assert sympy.simplify(mma_of(cost)[dtype] - 2 * t * 8 * 3 * H * I) == 0
    # the kernels as TensorCast runs them: routing, dispatch, (quantize,) grouped gate_up, per
    # local expert its activation, product, (quantize,) down; concat, combine, unpermute, sum
    dynamic = quant.endswith("_dynamic")
    routed = 8 * t
    # the experts that compute: at most one per routed row (a decode step reaches few)
    local = sympy.Min(E / ep, routed)
    per = routed / local
    act = 1 if dynamic else 2  # bytes of an activation a matmul reads
    expected = [
        ("routing", 2 * t * H + routed * H * 2),
        ("dispatch", 0),
        *([("quantize", routed * H * 3)] if dynamic else []),
        ("gate_up", local * H * 2 * I * weight_bytes + routed * H * act + routed * 2 * I * 2),
        ("activation", local * 2 * per * I * 2),
        ("product", local * 3 * per * I * 2),
        *([("quantize", local * per * I * 3)] if dynamic else []),
        ("down", local * (I * H * weight_bytes + per * I * act + per * H * 2)),
        ("concat", 2 * routed * H * 2),
        ("combine", 0),
        ("unpermute", 2 * routed * H * 2),
        ("weighted sum", 2 * t * H),
    ]
    parts = [(name.split(" ×")[0].removeprefix("expert "), part) for name, part in cost.parts]
    assert [name for name, _ in parts] == [name for name, _ in expected]
    for (name, part), (_, bytes_) in zip(parts, expected, strict=True):
        assert sympy.simplify(part.hbm_bytes - bytes_) == 0, name
    # each per-expert kernel launches once per local expert; the time is the parts' sum
    down = next(part for name, part in cost.parts if name.startswith("expert down"))
    assert sympy.simplify(down.extra_launches - (local - 1)) == 0
    dispatch = dict(parts)["dispatch"]
    assert dispatch.comm is not None and dispatch.comm.size == ep
    assert same(dispatch.comm.full_bytes, routed * H * 2)
    time = entries["experts"].time
    parts_time = [op_time(part, A3) for _, part in cost.parts]
    assert sympy.simplify(time.total - sympy.Add(*(p.total for p in parts_time))) == 0
    # the hardware model: each step after gate_up one grouped kernel over the local experts
    # (one launch), a dynamically quantized recipe dispatching int8 rows, combining bf16
    _, grouped = report_of(b)
    kernels = dict(grouped["experts"].cost.parts)
    assert kernels["grouped down"].extra_launches == 0
    assert same(kernels["grouped down"].hbm_bytes, down.hbm_bytes)
    assert "expert down" not in " ".join(kernels)
    assert same(kernels["dispatch"].comm.full_bytes, routed * H * (1 if dynamic else 2))  # type: ignore[union-attr]
    assert same(kernels["combine"].comm.full_bytes, routed * H * 2)  # type: ignore[union-attr]
    # the router and top-k
    gate_cost = entries["gate"].cost
    assert same(gate_cost.mma_flops, 2 * t * H * E)
    assert same(entries["topk"].cost.vector, t * E)


# -- Megatron's identity ---------------------------------------------------------------------


def test_dense_layer_flops_are_megatrons_24sh2_plus_4s2h() -> None:
    s, h = syms("s h")
    b = GraphBuilder("megatron", symbols={"s": None, "h": None}, token_count="s",
                     groups={"tp": 1})  # fmt: skip
    x = b.input("x", ["s", "h"])
    q = b.op("q", "linear", [x], in_features="h", out_features="h", parallel="column")
    k = b.op("k", "linear", [x], in_features="h", out_features="h", parallel="column")
    v = b.op("v", "linear", [x], in_features="h", out_features="h", parallel="column")
    attn = b.op("attn", "attention", [q, k, v], heads=1, kv_heads=1, head_dim="h", causal=False)
    flat = b.op("flat", "reshape", [attn], features=["h"])
    o = b.op("o_ar", "all_reduce", [
        b.op("o", "linear", [flat], in_features="h", out_features="h", parallel="row")
    ])  # fmt: skip
    residual = b.op("residual", "add", [x, o])
    up = b.op("up", "linear", [residual], in_features="h", out_features="4*h", parallel="column")
    act = b.op("act", "activation", [up], fn="gelu")
    down = b.op("down", "linear", [act], in_features="4*h", out_features="h", parallel="row")
    b.op("down_ar", "all_reduce", [down])
    report, entries = report_of(b)
    total = sympy.Add(*(entry.cost.mma_flops for entry in report.entries))
    assert sympy.expand(total - (24 * s * h**2 + 4 * s**2 * h)) == 0
    assert same(entries["attn"].cost.mma_flops, 4 * s**2 * h)
    assert same(entries["up"].cost.mma_flops + entries["down"].cost.mma_flops, 16 * s * h**2)


@pytest.mark.parametrize("causal", [True, False])
def test_attention_with_a_context_reads_its_cached_keys_and_values(causal: bool) -> None:
    # a chunked prefill's t queries, one request holding S keys (its earlier chunks and its
    # own): TensorCast charges every query all S keys and reads the S cached K and V rows once
    t, s_keys, d = syms("t S d")
    b = GraphBuilder("chunk", symbols={"t": None, "S": None, "d": None}, token_count="t",
                     groups={"tp": 1})  # fmt: skip
    q = b.input("q", ["t", "4*d"])  # 4 query heads and 2 KV heads of d
    k, v = (b.input(name, ["t", "2*d"]) for name in ("k", "v"))
    b.op("attn", "attention", [q, k, v], heads=4, kv_heads=2, head_dim="d", causal=causal,
         context="S")  # fmt: skip
    _, entries = report_of(b)
    cost = entries["attn"].cost
    assert same(cost.mma_flops, 4 * t * s_keys * 4 * d)
    assert same(cost.vector, 4 * t * s_keys * 4)
    bf16 = 2
    assert same(cost.hbm_bytes, (2 * t * 4 * d + s_keys * 2 * 2 * d) * bf16)


# -- one formula per distinct op -------------------------------------------------------------


def test_formulas_are_built_once_per_distinct_op(glm: dict[str, Any]) -> None:
    _, report, _ = glm["tensorcast"]
    entries = report.entries
    distinct_objects = {id(entry.time) for entry in entries}
    distinct_exprs = {entry.time.total for entry in entries}
    assert len(entries) > 1900
    assert len(distinct_objects) <= 60
    assert len(distinct_exprs) <= len(distinct_objects)
    by_name = {entry.name: entry for entry in entries}
    for suffix in ("input_layernorm.all_gather", "self_attn.attn", "mlp.experts"):
        times = [by_name[f"model.layers.{i}.{suffix}"].time for i in range(5, 78)]
        assert all(t is times[0] for t in times), suffix


# -- the JSON summary ------------------------------------------------------------------------


def test_summary_json_has_every_field_and_adds_up(glm: dict[str, Any]) -> None:
    _, report, numbers = glm["tensorcast"]
    data = json.loads(json.dumps(summarize(report, numbers)))
    assert set(data) >= {"total_us", "by_category", "by_kind", "ops"}
    total = data["total_us"]
    assert set(data["by_category"]) == {"compute", "memory", "communication"}
    assert sum(data["by_category"].values()) == pytest.approx(total, rel=1e-12)
    for row in data["by_kind"].values():
        assert set(row) == {"count", "us", "flops", "bytes", "comm_bytes"}
    assert sum(row["us"] for row in data["by_kind"].values()) == pytest.approx(total, rel=1e-12)
    assert data["by_kind"]["all_gather"]["count"] == 82
    assert data["by_kind"]["sparse_attention"]["count"] == 78
    assert data["by_kind"]["all_gather"]["flops"] == 0
    assert data["by_kind"]["all_gather"]["comm_bytes"] > 0
    assert len(data["ops"]) == len(report.entries)
    for op in data["ops"]:
        assert {"name", "kind", "layer", "us", "flops", "bytes", "comm_bytes", "bound"} <= set(op)
        assert op["bound"] in ("compute", "memory", "communication")
    assert sum(op["us"] * op.get("count", 1) for op in data["ops"]) == pytest.approx(total)
    gather = next(
        o for o in data["ops"] if o["name"] == "model.layers.5.input_layernorm.all_gather"
    )
    assert gather["layer"] == 5 and gather["bound"] == "communication"
    assert gather["us"] == pytest.approx(GLM_GATHER_US, rel=1e-9)


# -- repetition ------------------------------------------------------------------------------


def test_repetition_graph_costs_the_same_as_the_expanded_one(glm: dict[str, Any]) -> None:
    graph, report, numbers = glm["tensorcast"]
    folded = normalize(fold(graph)).evolve(contract=graph.contract)
    assert len(folded.ops) < len(graph.ops) / 5
    repeated = cost_report(folded, A3, options=TENSORCAST)
    a: dict[str, Any] = json.loads(json.dumps(summarize(report, numbers)))
    b: dict[str, Any] = json.loads(json.dumps(summarize(repeated, repeated.numbers())))
    assert b["total_us"] == pytest.approx(a["total_us"], rel=1e-6)
    for kind, row in a["by_kind"].items():
        assert b["by_kind"][kind]["count"] == row["count"], kind
        assert b["by_kind"][kind]["us"] == pytest.approx(row["us"], rel=1e-6), kind
    for category, us in a["by_category"].items():
        assert b["by_category"][category] == pytest.approx(us, rel=1e-6)
    assert number(repeated.expr("all_gather"), repeated.values) == pytest.approx(
        number(report.expr("all_gather"), report.values), rel=1e-9
    )


# -- vectorised evaluation -------------------------------------------------------------------


def total_at(report: CostReport, overrides: Mapping[str, int]) -> float:
    numbers = report.numbers(overrides)
    return sum(entry.count * numbers[entry.name].us for entry in report.entries)


@pytest.mark.parametrize("layout", ["tensorcast", "vllm-ascend"])
def test_evaluator_sweeps_100k_points_and_matches_numbers(glm: dict[str, Any], layout: str) -> None:
    _, report, numbers = glm[layout]
    function = report.evaluator(["T"])
    points = np.arange(1, 100_001, dtype=float) * 16
    values = np.asarray(function(points))  # its speed is measured in benchmarks/bench_cost.py
    assert values.shape == (100_000,)
    assert np.all(np.isfinite(values)) and np.all(np.diff(values) > 0)
    at_4096 = sum(entry.count * numbers[entry.name].us for entry in report.entries)
    assert values[4096 // 16 - 1] == pytest.approx(at_4096, rel=1e-9)
    for tokens in (16, 1024, 12288, 65536):
        assert values[tokens // 16 - 1] == pytest.approx(total_at(report, {"T": tokens}), rel=1e-9)
    # a quantity and two swept symbols broadcast together
    gather = report.evaluator(["T", "tp"], "all_gather")
    grid = np.asarray(gather(np.array([[4096.0], [8192.0]]), np.array([8.0, 16.0])))
    assert grid.shape == (2, 2)
    at_8192_tp8 = report.numbers({"T": 8192, "tp": 8})
    expected = sum(
        e.count * at_8192_tp8[e.name].us for e in report.entries if e.kind == "all_gather"
    )
    assert grid[1, 0] == pytest.approx(expected, rel=1e-9)


def test_report_expressions_stay_symbolic_in_t(glm: dict[str, Any]) -> None:
    _, report, _ = glm["tensorcast"]
    T = symbol("T")
    for quantity in ("total", "all_gather", "sparse_attention", "compute", "memory", "comm"):
        assert T in report.expr(quantity).free_symbols, quantity
    with pytest.raises(CostError):
        report.expr("no_such_kind")


def test_evaluated_numbers_are_consistent(glm: dict[str, Any]) -> None:
    _, _, numbers = glm["tensorcast"]
    for name, n in numbers.items():
        parts = n.launch_us + n.communication_us + max(n.compute_us, n.memory_us)
        assert n.us == pytest.approx(parts, rel=1e-9, abs=1e-9), name
        assert math.isfinite(n.flops) and n.flops >= 0
