"""What the builder's graphs cost where the execution decides the token count: the MoE of a
prefill under expert parallelism (each token routed once per TP group, not tp times) and the
lm_head (the sampled tokens only). Expected values are written out from the model's numbers
and the formulas of ``cost-model.md``, independently of the implementation.
"""

from __future__ import annotations

import functools

import pytest

from layoutcheck.cost.devices import load_device
from layoutcheck.cost.report import CostReport, Numbers, cost_report
from layoutcheck.models import Execution, ParallelConfig, Phase, load_config, model_spec
from layoutcheck.models.builder import build_baseline, padded_vocab
from layoutcheck.session import Options, Session
from layoutcheck.validate import normalize

A3 = load_device("a3-752t")
# a3-752t: HBM 1.6 TiB/s at 0.6; the 16-die tier 196 GB/s at 0.7 (full mesh over 16), 0.5 µs
HBM = 1.6 * 2**40 * 0.6
LINK, LATENCY = 196e9 * 0.7, 0.5e-6
MATMUL_LAUNCH, COLLECTIVE_LAUNCH = 5e-6, 10e-6

# GLM-5.1 (specs/models/glm-5.1.json)
H, VOCAB, EXPERTS, TOP_K, MOE_I, MOE_LAYERS = 6144, 154880, 256, 8, 2048, 75
T, TP, EP = 4096, 16, 16


@functools.cache
def session_report(sets: tuple[tuple[str, int], ...] = (), **options: object) -> CostReport:
    """GLM-5.1 built as the CLI builds it, priced on a3-752t (``sets``: --set overrides)."""
    chosen = Options("glm-5.1", sets=dict(sets), **options)  # type: ignore[arg-type]
    report: CostReport = Session(chosen).cost("a3-752t")
    return report


def rows(report: CostReport, kind: str) -> list[Numbers]:
    numbers = report.numbers()
    return [numbers[entry.name] for entry in report.entries if entry.kind == kind]


@functools.cache
def unsliced_ep_prefill() -> CostReport:
    """The graph as built before the MoE prepare step: every TP rank dispatches all T tokens."""
    config, name, where = load_config("glm-5.1")
    spec = model_spec(config, name, where)
    graph = build_baseline(spec, ParallelConfig(tp=TP, ep=EP), Execution(Phase.PREFILL, T))
    return cost_report(normalize(graph), A3)


# -- prefill under expert parallelism, no SP: the MoE on the rank's T/tp slice --------------


def test_ep_prefill_experts_do_a_tp_th_of_the_unsliced_work() -> None:
    before = rows(unsliced_ep_prefill(), "moe_experts")
    after = rows(session_report(tp=TP, ep=EP), "moe_experts")
    assert len(before) == len(after) == MOE_LAYERS
    tokens = T // TP
    flops = 2 * tokens * TOP_K * 3 * H * MOE_I  # gate_up and down on t·k token-expert pairs
    for old, new in zip(before, after, strict=True):
        assert new.flops - 4 * tokens * TOP_K * MOE_I == pytest.approx(flops, rel=1e-12)
        assert old.flops == pytest.approx(TP * new.flops, rel=1e-12)
        assert old.comm_bytes == pytest.approx(TP * new.comm_bytes, rel=1e-12)
        assert old.compute_us == pytest.approx(TP * new.compute_us, rel=1e-12)
    # 1164.7 ms before, 113.8 ms after on a3-752t: the unsliced experts are compute-bound;
    # on T/tp tokens reading the rank's 16 experts' weights binds instead
    weights = EXPERTS // EP * 3 * H * MOE_I * 2
    assert all(n.compute_us > n.memory_us for n in before)
    assert all(n.memory_us > n.compute_us and n.hbm_bytes > weights for n in after)
    assert sum(n.us for n in before) > 10 * sum(n.us for n in after)


@pytest.mark.parametrize(("tokens", "sliced"), [(T, True), (T, False)])
def test_ep_prefill_dispatch_time_is_the_all_to_all_of_the_slice(tokens: int, sliced: bool) -> None:
    """Dispatch out and combine back: t·k rows of H bf16 each way over the 16-rank EP group."""
    report = session_report(tp=TP, ep=EP) if sliced else unsliced_ep_prefill()
    t = tokens // TP if sliced else tokens
    moved = 2 * t * TOP_K * H * 2
    expected = (EP - 1) * LATENCY + (EP - 1) / EP * moved / LINK
    for numbers in rows(report, "moe_experts"):
        assert numbers.communication_us == pytest.approx(expected * 1e6, rel=1e-9)
        assert numbers.comm_bytes == pytest.approx((EP - 1) / EP * moved, rel=1e-12)


def test_ep_prefill_gathers_each_moe_output_once() -> None:
    gathers = rows(session_report(tp=TP, ep=EP), "all_gather")
    assert len(gathers) == MOE_LAYERS
    message = T * H * 2  # the whole [T, H] bf16 finalize output
    expected = (TP - 1) * LATENCY + (TP - 1) / TP * message / LINK + COLLECTIVE_LAUNCH
    for numbers in gathers:
        assert numbers.us == pytest.approx(expected * 1e6, rel=1e-9)
    assert rows(unsliced_ep_prefill(), "all_gather") == []


# -- the lm_head on the sampled tokens ------------------------------------------------------


def lm_head(report: CostReport) -> Numbers:
    (numbers,) = rows(report, "lm_head")
    return numbers


def test_prefill_lm_head_runs_on_the_sampled_token_only() -> None:
    vocab = padded_vocab(VOCAB, TP) // TP  # the rank's vocabulary shard: 9728
    # every prompt token sampled: the lm_head as priced before (489.6 GFLOP, 1.98 ms)
    every = lm_head(session_report(tp=TP, ep=EP, sets=(("requests", T),)))
    assert every.flops == 2 * T * H * vocab == 489_626_271_744
    bf16 = A3.peak_flops["bf16"] * A3.compute_efficiency
    assert every.compute_us > every.memory_us
    assert every.us == pytest.approx((every.flops / bf16 + MATMUL_LAUNCH) * 1e6, rel=1e-9)
    assert every.us > 1900  # 1.98 ms on a3-752t
    one = lm_head(session_report(tp=TP, ep=EP))
    assert one.flops == 2 * 1 * H * vocab
    weight, activations = H * vocab * 2, (H + vocab) * 2
    assert one.memory_us > one.compute_us  # one row: reading the weight binds
    assert one.us == pytest.approx(((weight + activations) / HBM + MATMUL_LAUNCH) * 1e6, rel=1e-9)
    assert one.us == pytest.approx(118.3, abs=0.1)


def test_prefill_lm_head_scales_with_requests_not_prompt_length() -> None:
    one = lm_head(session_report(tp=TP, ep=EP)).flops
    assert lm_head(session_report(tp=TP, ep=EP, sets=(("requests", 8),))).flops == 8 * one
    assert lm_head(session_report(tp=TP, ep=EP, sets=(("T", 8192),))).flops == one


def test_sp_lm_head_is_the_sampled_token_after_the_final_norm_gather() -> None:
    report = session_report(tp=TP, sp=True)
    names = [entry.name for entry in report.entries]
    assert names[-4:] == [
        "model.norm",
        "model.norm.all_gather",
        "lm_head.sampled_tokens",
        "lm_head",
    ]
    assert lm_head(report).flops == lm_head(session_report(tp=TP, ep=EP)).flops


def test_decode_samples_every_token() -> None:
    report = session_report(tp=4, dp=8, ep=32, phase="decode", tokens=8)
    assert rows(report, "token_select") == []
    vocab = padded_vocab(VOCAB, 4) // 4
    assert lm_head(report).flops == 2 * 8 * H * vocab
