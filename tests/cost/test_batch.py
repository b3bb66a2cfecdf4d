"""A decode batch (issue 22 item 4: ``--batch B``, requests each with its own context): B
requests over the DP ranks as TensorCast's ``--num-queries`` (ceil(B/dp) on a DP rank), the
built graph carrying its requests, and decode attention and the DSA indexer priced per request.
Equal contexts price as ``--tokens B/dp --context C``; uneven ones differ by what TensorCast's
per-query formulas (``tensorcast-formulas.md``) give each request, written out here from
GLM-5.1's config."""

from __future__ import annotations

import functools
import math

import pytest
import sympy

from layoutcheck.batch import DecodeBatch
from layoutcheck.cost.report import CostReport
from layoutcheck.ops.costing import RequestKeys
from layoutcheck.requests import listed_keys
from layoutcheck.session import Options, Session

# GLM-5.1 (specs/models/glm-5.1.json) decoding as TensorCast's d1: dp8 tp4 ep32
HEADS, D_NOPE, D_ROPE, KV_LORA, TOPK = 64, 192, 64, 512, 2048
INDEX_HEADS, INDEX_DIM = 32, 128
TP, DP, BATCH, CONTEXT = 4, 8, 64, 4096
# the last DP rank's eight requests hold the most keys: it is the one built
UNEVEN_RANK = (1000, 3000, 5000, 100, 2047, 20000, 9000, 1)
UNEVEN = (CONTEXT,) * (BATCH - len(UNEVEN_RANK)) + UNEVEN_RANK


@functools.cache
def report(
    batch: int | None, contexts: tuple[int, ...] = (), tokens: int | None = None
) -> CostReport:
    chosen = Options(
        "glm-5.1",
        phase="decode",
        dp=DP,
        tp=TP,
        ep=32,
        quant="w8a8_dynamic",
        repetition=True,
        batch=batch,
        tokens=tokens,
        context=contexts[0] if len(contexts) == 1 else None,
        contexts=contexts if len(contexts) > 1 else (),
        cost_options={"model": "tensorcast"},  # the formulas these tests write out
    )
    result: CostReport = Session(chosen).cost("a3-752t")
    return result


def kind_us(result: CostReport, kind: str | None = None) -> float:
    numbers = result.numbers()
    return sum(
        e.count * numbers[e.name].us for e in result.entries if kind is None or e.kind == kind
    )


def op_numbers(result: CostReport, kind: str) -> tuple[float, float, float]:
    """One layer's (µs, FLOPs, HBM bytes) of the first op of ``kind``."""
    numbers = result.numbers()
    entry = next(e for e in result.entries if e.kind == kind)
    n = numbers[entry.name]
    return n.us, n.flops, n.hbm_bytes


def sfa_read(keys: int) -> float:
    """Decode SFA's KV read of one query: min(S, topk) latent rows (bf16) at the paged read
    efficiency of its pages (128 keys each), 1.5%-8%."""
    attended = min(keys, TOPK)
    pages = math.ceil(attended / 128)
    efficiency = min(0.08, max(0.015, 0.025 + 0.006 * math.log2(pages / 16)))
    return attended * (KV_LORA + D_ROPE) * 2 / efficiency


def indexer_read(keys: int) -> float:
    """The indexer's decode key-cache read of one query: all S keys (bf16), 15%-100%."""
    pages = math.ceil(keys / 128)
    efficiency = min(1.0, max(0.15, 0.30 + 0.23 * math.log2(pages / 128)))
    return keys * INDEX_DIM * 2 / efficiency


def sfa_pair_flops(keys: int) -> int:
    """The absorbed form's per-query score and value FLOPs on the rank's heads."""
    attended = min(keys, TOPK)
    heads = HEADS // TP
    return 2 * attended * heads * (KV_LORA + D_ROPE) + 2 * attended * heads * KV_LORA


def test_the_batch_is_dealt_as_tensorcast_s_num_queries() -> None:
    # d1: --num-queries 64 --dp-size 8 is 8 requests on a DP rank; 60 still 8 (ceil)
    assert report(BATCH, (CONTEXT,)).values["T"] == BATCH // DP
    assert DecodeBatch.of(60, (CONTEXT,), DP).per_rank == 8
    assert DecodeBatch.of(60, (CONTEXT,), DP).share(7) == (CONTEXT,) * 4
    busiest = DecodeBatch.of(BATCH, UNEVEN, DP)
    assert busiest.busiest == DP - 1
    assert busiest.share(busiest.busiest) == UNEVEN_RANK


def test_equal_contexts_price_as_tokens_per_dp_rank() -> None:
    batched, tokens = report(BATCH, (CONTEXT,)), report(None, (CONTEXT,), BATCH // DP)
    assert batched.values == tokens.values
    assert batched.graph.requests is not None and tokens.graph.requests is None
    for kind in (None, "sparse_attention", "dsa_indexer", "moe_experts"):
        assert kind_us(batched, kind) == pytest.approx(kind_us(tokens, kind), rel=1e-12), kind


def test_uneven_contexts_are_listed_per_request() -> None:
    graph = report(BATCH, UNEVEN).graph
    keys = listed_keys(graph)
    assert keys is not None
    assert keys.keys == tuple(c + 1 for c in UNEVEN_RANK)  # tp 4 divides 8: no padded slot
    assert graph.symbols and dict(graph.symbols)["S"] == max(UNEVEN_RANK) + 1


def test_uneven_contexts_differ_by_the_per_request_formula() -> None:
    equal, uneven = report(BATCH, (CONTEXT,)), report(BATCH, UNEVEN)
    _, equal_flops, equal_bytes = op_numbers(equal, "sparse_attention")
    _, uneven_flops, uneven_bytes = op_numbers(uneven, "sparse_attention")
    same = CONTEXT + 1
    expected_bytes = sum(sfa_read(c + 1) - sfa_read(same) for c in UNEVEN_RANK)
    assert uneven_bytes - equal_bytes == pytest.approx(expected_bytes, rel=1e-9)
    expected_flops = sum(sfa_pair_flops(c + 1) - sfa_pair_flops(same) for c in UNEVEN_RANK)
    # vector work: 4 per attended key per head
    expected_flops += sum(
        4 * (min(c + 1, TOPK) - min(same, TOPK)) * HEADS // TP for c in UNEVEN_RANK
    )
    assert uneven_flops - equal_flops == pytest.approx(expected_flops, rel=1e-9)

    _, _, equal_index = op_numbers(equal, "dsa_indexer")
    _, _, uneven_index = op_numbers(uneven, "dsa_indexer")
    expected_index = sum(indexer_read(c + 1) - indexer_read(same) for c in UNEVEN_RANK)
    assert uneven_index - equal_index == pytest.approx(expected_index, rel=1e-9)


def test_a_padded_batch_prices_only_its_requests() -> None:
    # 40 requests over 8 DP ranks: 5 on each, padded to 8 rows for the MoE's tp slice; the
    # first rank holds one request a token longer, so it is built, its 3 padded slots
    # holding no keys
    short = 1000  # below topk, so one more key is read
    longer = report(40, (short + 1,) + (short,) * 39)
    alike = report(40, (short,))
    keys = listed_keys(longer.graph)
    assert keys is not None
    assert keys.keys == (short + 2,) + (short + 1,) * 4 + (0, 0, 0)
    _, _, longer_bytes = op_numbers(longer, "sparse_attention")
    _, _, alike_bytes = op_numbers(alike, "sparse_attention")
    expected = sfa_read(short + 2) - sfa_read(short + 1)
    assert expected > 0
    # and the top-k indices (int64) are as wide as the longest request's keys, on all 5 rows
    expected += 5 * 8 * (min(short + 2, TOPK) - min(short + 1, TOPK))
    assert longer_bytes - alike_bytes == pytest.approx(expected, rel=1e-9)


def test_a_rank_s_rows_hold_their_requests_keys() -> None:
    # four one-token requests; a LOCAL query of two rows a rank holds two of them
    requests = RequestKeys(
        starts=(0, 1, 2, 3), ends=(1, 2, 3, 4), keys=(5, 0, 7, 5), values=(("T", 4),)
    )
    assert requests.on_rows(0, 4) == ((2, 5), (1, 7))  # the padded slot (0 keys) attends none
    assert requests.on_rows(0, 2) == ((1, 5),)
    assert requests.on_rows(2, 2) == ((1, 5), (1, 7))
    assert requests.number(sympy.Symbol("T", integer=True, positive=True) / 2) == 2
