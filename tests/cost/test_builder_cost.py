"""What the builder's graphs cost where the execution or the config decides how much work
runs: the MoE of a prefill under expert parallelism (each token routed once per TP group, not
tp times), the lm_head (the sampled tokens only) and GLM-5.2's DSA indexer (only in the layers
that run their own). Expected values are written out from the model's numbers and the formulas
of ``cost-model.md``, independently of the implementation.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from layoutcheck.cost.devices import load_device
from layoutcheck.cost.report import CostReport, Numbers, cost_report
from layoutcheck.models import Execution, ParallelConfig, Phase, load_config, model_spec
from layoutcheck.models.builder import build_baseline, padded_vocab
from layoutcheck.session import Options, Session
from layoutcheck.validate import normalize
from tests.helpers import GLM52_INDEXER_LAYERS, glm52_config

A3 = load_device("a3-752t")
TENSORCAST = {"model": "tensorcast"}  # TensorCast's formulas, which these tests write out
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
    # TensorCast's model: the formulas these tests write out
    chosen = Options(
        "glm-5.1",
        sets=dict(sets),
        cost_options={"model": "tensorcast"},
        **options,  # type: ignore[arg-type]
    )
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
    return cost_report(normalize(graph), A3, options={"model": "tensorcast"})


# -- prefill under expert parallelism, no SP: the MoE on the rank's T/tp slice --------------


def test_ep_prefill_experts_do_a_tp_th_of_the_unsliced_work() -> None:
    before = rows(unsliced_ep_prefill(), "moe_experts")
    after = rows(session_report(tp=TP, ep=EP), "moe_experts")
    assert len(before) == len(after) == MOE_LAYERS
    tokens = T // TP
    flops = 2 * tokens * TOP_K * 3 * H * MOE_I  # gate_up and down on t·k token-expert pairs
    for old, new in zip(before, after, strict=True):
        # the matmuls, and the vector work of the activation, quantize and routing (< 1%)
        assert flops < new.flops < 1.01 * flops
        assert old.flops == pytest.approx(TP * new.flops, rel=1e-12)
        assert old.comm_bytes == pytest.approx(TP * new.comm_bytes, rel=1e-12)
        assert old.compute_us == pytest.approx(TP * new.compute_us, rel=1e-12)
    # 1373.1 ms before, 142.9 ms after on a3-752t: the unsliced experts are compute-bound;
    # on T/tp tokens reading the rank's 16 experts' weights binds instead (and the per-expert
    # kernels' launches, the same in both, keep the ratio under tp)
    weights = EXPERTS // EP * 3 * H * MOE_I * 2
    assert all(n.compute_us > n.memory_us for n in before)
    assert all(n.memory_us > n.compute_us and n.hbm_bytes > weights for n in after)
    assert sum(n.us for n in before) > 9 * sum(n.us for n in after)


@pytest.mark.parametrize(("tokens", "sliced"), [(T, True), (T, False)])
def test_ep_prefill_dispatch_time_is_the_all_to_all_of_the_slice(tokens: int, sliced: bool) -> None:
    """Dispatch out and combine back: t·k rows of H bf16 each way over the 16-rank EP group,
    two all_to_all calls, each Bruck's log2(16) latency steps (fewer than pairwise's 15)."""
    report = session_report(tp=TP, ep=EP) if sliced else unsliced_ep_prefill()
    t = tokens // TP if sliced else tokens
    moved = 2 * t * TOP_K * H * 2
    expected = 2 * 4 * LATENCY + (EP - 1) / EP * moved / LINK
    for numbers in rows(report, "moe_experts"):
        assert numbers.communication_us == pytest.approx(expected * 1e6, rel=1e-9)
        assert numbers.comm_bytes == pytest.approx((EP - 1) / EP * moved, rel=1e-12)


def test_ep_prefill_gathers_each_moe_output_once() -> None:
    gathers = rows(session_report(tp=TP, ep=EP), "all_gather")
    assert len(gathers) == MOE_LAYERS
    message = T * H * 2  # the whole [T, H] bf16 finalize output
    # recursive doubling: log2(16) latency steps, the (tp-1)/tp of the message on the link
    expected = 4 * LATENCY + (TP - 1) / TP * message / LINK + COLLECTIVE_LAUNCH
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


# -- GLM-5.2: the indexer only where a layer runs its own -----------------------------------


@pytest.mark.parametrize("sp", [True, False])
def test_glm52_prices_the_indexer_in_its_21_full_layers_only(tmp_path: Path, sp: bool) -> None:
    path = tmp_path / "glm-5.2" / "config.json"
    path.parent.mkdir()
    path.write_text(json.dumps(glm52_config()))
    glm52 = Session(Options(str(path), tp=TP, sp=sp)).cost("a3-752t", options=TENSORCAST)
    glm51 = session_report(tp=TP, sp=sp)
    ours, theirs = rows(glm52, "dsa_indexer"), rows(glm51, "dsa_indexer")
    assert (len(ours), len(theirs)) == (len(GLM52_INDEXER_LAYERS), 78) == (21, 78)
    # each indexer that runs is GLM-5.1's (same sizes, same layout); the others cost nothing
    assert {round(n.us, 6) for n in ours} == {round(n.us, 6) for n in theirs}
    indexer_us = sum(n.us for n in ours)
    assert indexer_us == pytest.approx(sum(n.us for n in theirs) * 21 / 78, rel=1e-9)
    # the sparse attention still runs in all 78 layers, on the shared indices
    attention = [round(n.us, 6) for n in rows(glm52, "sparse_attention")]
    assert attention == [round(n.us, 6) for n in rows(glm51, "sparse_attention")]
