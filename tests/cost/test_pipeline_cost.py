"""The cost of a pipeline (``--pp``): each stage boundary's send/recv priced by the catalogue's
point-to-point formula on the device profile's link, checked against TensorCast's own
``_estimate_pipeline_send_recv`` on its A3 device grid; one pass through the pipeline is the
stages and the sends summed (TensorCast's ``_pipeline_total_time_s``), and the stages' own ops
add up to the whole model's."""

from __future__ import annotations

import attrs
import pytest

from layoutcheck.cost.devices import load_device
from layoutcheck.pipeline import Pipeline
from layoutcheck.session import Options, Session

DEVICE = load_device("a3-752t")


def whole_us(options: Options) -> float:
    report = Session(options).cost("a3-752t")
    numbers = report.numbers()
    return sum(entry.count * numbers[entry.name].us for entry in report.entries)


def send_ops(cost: object) -> list[tuple[str, float, float]]:
    """Each send/recv op of each stage: name, µs, bytes."""
    found = []
    for stage in cost.stages:  # type: ignore[attr-defined]
        report = stage.report
        numbers = report.numbers()
        for entry in report.entries:
            if entry.kind == "send_recv":
                found.append((entry.name, numbers[entry.name].us, numbers[entry.name].comm_bytes))
    return found


@pytest.mark.parametrize(
    "options",
    [
        Options("glm-5.1", tp=16, repetition=True),  # prefill, MoE all-to-all
        # MC2 decode
        Options(
            "glm-5.1", tp=4, dp=8, ep=32, phase="decode", tokens=8, context=4096, repetition=True
        ),
    ],
)
def test_the_stages_ops_add_up_to_the_whole_model(options: Options) -> None:
    cost = Pipeline(attrs.evolve(options, pp=4)).cost("a3-752t")
    assert sum(stage.layers_us for stage in cost.stages) == pytest.approx(
        whole_us(options), rel=1e-12
    )
    # one pass: every stage and every send, one after another (no overlap, no bubble)
    sends = sum(stage.send_us for stage in cost.stages)
    assert cost.end_to_end_us == pytest.approx(whole_us(options) + sends, rel=1e-12)
    assert cost.bottleneck.us == max(stage.us for stage in cost.stages)
    assert cost.stages[-1].send_us == 0  # the last stage sends nothing


def test_the_send_moves_hidden_state_and_residual() -> None:
    """vLLM sends both as IntermediateTensors: T·H·dtype each, per boundary."""
    tokens, hidden = 4096, 6144
    cost = Pipeline(Options("glm-5.1", tp=16, pp=4, repetition=True)).cost("a3-752t")
    for stage in cost.stages[:-1]:
        assert stage.send_bytes == 2 * tokens * hidden * 2
    sends = send_ops(cost)
    assert len(sends) == 2 * 3
    assert {name for name, _, _ in sends} == {
        "pp.send_recv.hidden_states",
        "pp.send_recv.residual",
    }


def test_under_sp_the_residual_leaves_scattered() -> None:
    """Qwen3-8B, tp 4, SP: the hidden state whole (T·H), the residual its T/tp rows."""
    tokens, hidden, tp = 4096, 4096, 4
    cost = Pipeline(Options("qwen3-8b", tp=tp, pp=2, sp=True, repetition=True)).cost()
    assert cost.stages[0].send_bytes == tokens * hidden * 2 + tokens // tp * hidden * 2


def profile_send_us(payload: float, tier_name: str) -> float:
    """The catalogue's point-to-point formula on the profile: a collective's launch, the tier's
    latency and the bytes over its bandwidth × the communication efficiency."""
    tier = next(t for t in DEVICE.tiers if t.name == tier_name)
    seconds = (
        DEVICE.launch["collective"]
        + tier.latency
        + payload / (tier.bandwidth * DEVICE.communication_efficiency)
    )
    return seconds * 1e6


# TensorCast's A3 die (tensor_cast/device.py: A3_INTERCONNECT, STATIC_COST): a [48, 8, 2] grid
# of dies; start dim 0 the 2-level CLOS, 1 the 1-level CLOS, 2 the SIO; comm_op_cost_s 10 µs
TENSORCAST_GRID = (48, 8, 2)
TENSORCAST_TOPOLOGIES = {0: (196e9, 5.5e-6, 0.7), 1: (196e9, 0.5e-6, 0.7), 2: (224e9, 0.2e-6, 0.7)}
TENSORCAST_COMM_OP_COST_S = 10e-6


def tensorcast_send_us(payload: float, source: int, target: int) -> float:
    """TensorCast's _estimate_pipeline_send_recv (tensor_cast/performance_model/__init__.py):
    the topology of the outermost grid dim the two ranks differ in, then comm_op_cost_s +
    latency + payload / (bandwidth · comm_efficiency)."""

    def coords(rank: int) -> list[int]:
        found = []
        for size in reversed(TENSORCAST_GRID):
            found.insert(0, rank % size)
            rank //= size
        return found

    differ = next(
        dim for dim, (a, b) in enumerate(zip(coords(source), coords(target), strict=True)) if a != b
    )
    start = max(dim for dim in TENSORCAST_TOPOLOGIES if dim <= differ)
    bandwidth, latency, efficiency = TENSORCAST_TOPOLOGIES[start]
    return (TENSORCAST_COMM_OP_COST_S + latency + payload / (bandwidth * efficiency)) * 1e6


@pytest.mark.parametrize(
    ("target", "tp", "pp", "tier"),
    [
        ("glm-5.1", 16, 4, "supernode"),  # ranks 0 → 16: another node
        ("qwen3-8b", 4, 2, "node"),  # ranks 0 → 4: inside the node
        ("qwen3-8b", 1, 2, "die-pair"),  # ranks 0 → 1: the two dies of a chip
    ],
)
def test_send_time_is_the_formula_and_tensorcasts(target: str, tp: int, pp: int, tier: str) -> None:
    pipeline = Pipeline(Options(target, tp=tp, pp=pp, repetition=True))
    hidden = pipeline.sessions[0].spec.hidden  # type: ignore[union-attr]
    payload = 4096 * hidden * 2  # one [T, H] bf16 tensor: TensorCast sends one such
    cost = pipeline.cost("a3-752t")
    for name, us, sent in send_ops(cost):
        assert sent == payload, name
        assert us == pytest.approx(profile_send_us(payload, tier), rel=1e-12)
        # TensorCast's ranks of the boundary: tp rank 0 of stage 0 and of stage 1
        assert us == pytest.approx(tensorcast_send_us(payload, 0, tp), rel=1e-12)


def test_pp_1_is_todays_cost() -> None:
    options = Options("glm-5.1", tp=16, sp=True, repetition=True)
    report = Session(attrs.evolve(options, pp=1)).cost()
    today = Session(options).cost()
    assert report.graph == today.graph
    assert report.numbers() == today.numbers()
