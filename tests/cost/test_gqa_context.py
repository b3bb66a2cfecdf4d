"""GQA/MHA attention sees its KV context (issue 22 item 4): in decode each request's query
attends its context and its new token, ``S_i = context_i + 1`` keys, read from the paged K and
V cache; a chunked prefill's queries attend the earlier chunks too. The expected numbers are
TensorCast's paged-attention formulas (msmodeling ``_attention_properties_helper``), written
out here from the shipped configs, not read back from the implementation."""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path

import pytest

from layoutcheck.cost.report import CostReport
from layoutcheck.memory.kv import batch_kv_tokens, kv_bytes_per_token_all_layers
from layoutcheck.models.config import load_config, model_spec
from layoutcheck.session import Options, Session

MODELS = Path(__file__).parents[2] / "layoutcheck" / "specs" / "models"
ELEMENT = 2  # bf16 activations and KV cache


@functools.cache
def config(model: str) -> dict[str, int]:
    raw = json.loads((MODELS / f"{model}.json").read_text())
    heads = raw["num_attention_heads"]
    return {
        "layers": raw["num_hidden_layers"],
        "heads": heads,
        "kv_heads": raw["num_key_value_heads"],
        "head_dim": raw.get("head_dim") or raw["hidden_size"] // heads,
    }


@functools.cache
def priced(
    model: str = "qwen3-8b",
    *,
    phase: str = "decode",
    tp: int = 1,
    tokens: int | None = 8,
    context: int | None = None,
    batch: int | None = None,
    contexts: tuple[int, ...] = (),
    pairs: str | None = None,
) -> CostReport:
    options = Options(
        model, phase=phase, tp=tp, tokens=tokens, context=context, batch=batch,
        contexts=contexts, cost_options={"attention_pairs": pairs} if pairs else {},
    )  # fmt: skip
    report: CostReport = Session(options).cost("a3-752t")
    return report


def attention(report: CostReport) -> tuple[float, float]:
    """(FLOPs, HBM bytes) of every attention op of the graph, added up."""
    numbers = report.numbers()
    chosen = [e for e in report.entries if e.kind == "attention"]
    assert chosen, "the graph has attention ops"
    return (
        sum(e.count * numbers[e.name].flops for e in chosen),
        sum(e.count * numbers[e.name].hbm_bytes for e in chosen),
    )


def per_rank(model: str, tp: int) -> tuple[int, int, int]:
    """Query heads, KV heads (replicated up to tp) and head size on one rank."""
    c = config(model)
    return c["heads"] // tp, math.ceil(c["kv_heads"] / tp), c["head_dim"]


def expected(model: str, tp: int, queries: int, keys: list[int]) -> tuple[int, int]:
    """TensorCast's paged attention over all layers: ``ctx = Σ q_len·seq_len`` pairs, QKᵀ and
    PV 2·ctx·heads·d each, softmax 4·ctx·heads; the query and output, and each request's
    seq_len rows of K and V."""
    heads, kv_heads, d = per_rank(model, tp)
    layers = config(model)["layers"]
    ctx = sum(keys) * (queries if len(keys) == 1 else 1)
    flops = 4 * ctx * heads * d + 4 * ctx * heads
    cache = sum(keys) * 2 * kv_heads * d * ELEMENT
    return layers * flops, layers * (2 * queries * heads * d * ELEMENT + cache)


@pytest.mark.parametrize(
    ("model", "tp"), [("qwen3-8b", 1), ("qwen3-8b", 4), ("qwen2-1.5b", 1), ("qwen3-30b-a3b", 8)]
)
def test_decode_grows_with_the_context_by_the_cache_it_reads(model: str, tp: int) -> None:
    tokens, short, long = 8, 100, 100_000
    low, high = (
        attention(priced(model, tp=tp, context=short)),
        attention(priced(model, tp=tp, context=long)),
    )
    heads, kv_heads, d = per_rank(model, tp)
    layers = config(model)["layers"]
    more_keys = tokens * (long - short)  # every request attends that many more keys
    assert high[0] - low[0] == pytest.approx(layers * more_keys * (4 * heads * d + 4 * heads))
    assert high[1] - low[1] == pytest.approx(layers * more_keys * 2 * kv_heads * d * ELEMENT)
    # and each is the formula itself, one request per new token at S = context + 1
    for context, numbers in ((short, low), (long, high)):
        per_request = [context + 1] * tokens
        assert numbers == pytest.approx(expected(model, tp, tokens, per_request))


def test_the_decode_step_costs_more_with_a_long_context() -> None:
    def kernels_us(report: CostReport) -> float:
        # the device's kernels: the hardware model adds the same host step to both
        numbers = report.numbers()
        return sum(e.count * numbers[e.name].us for e in report.op_entries)

    short, long = priced(context=100), priced(context=100_000)
    assert kernels_us(long) > 5 * kernels_us(short)


def test_context_zero_attends_the_new_token_alone() -> None:
    # each request's one query sees one key: its own, not the batch's other new tokens
    tokens = 8
    assert attention(priced(context=0)) == pytest.approx(
        expected("qwen3-8b", 1, tokens, [1] * tokens)
    )


def test_a_batch_with_a_context_list_sums_its_requests() -> None:
    contexts = (100, 200, 300, 40_000)
    listed = priced(tokens=None, batch=len(contexts), contexts=contexts)
    keys = [c + 1 for c in contexts]
    assert attention(listed) == pytest.approx(expected("qwen3-8b", 1, len(contexts), keys))
    # the same keys in all, spread evenly: the formula is linear in the keys
    even = priced(tokens=None, batch=len(contexts), context=sum(contexts) // len(contexts))
    assert attention(listed) == pytest.approx(attention(even))


@pytest.mark.parametrize("contexts", [(4096,), (100, 200, 300, 40_000)])
def test_the_cache_attention_reads_is_the_cache_memory_holds(contexts: tuple[int, ...]) -> None:
    tp, listed = 2, len(contexts) > 1
    report = priced(
        tokens=None, tp=tp, batch=4, context=None if listed else contexts[0],
        contexts=contexts if listed else (),
    )  # fmt: skip
    held = batch_kv_tokens(report.graph, "engine")
    assert held is not None
    requests, cached_tokens = held
    raw, name, where = load_config("qwen3-8b")
    spec = model_spec(raw, name, where)
    cache_bytes = cached_tokens * kv_bytes_per_token_all_layers(spec, tp)
    heads, _, d = per_rank("qwen3-8b", tp)
    query_and_out = config("qwen3-8b")["layers"] * 2 * requests * heads * d * ELEMENT
    assert attention(report)[1] - query_and_out == pytest.approx(cache_bytes)


def test_a_chunked_prefill_attends_its_earlier_chunks() -> None:
    tokens, context = 1024, 8192
    heads, kv_heads, d = per_rank("qwen3-8b", 1)
    layers = config("qwen3-8b")["layers"]
    keys = context + tokens
    read = layers * (2 * tokens * heads * d + keys * 2 * kv_heads * d) * ELEMENT
    # TensorCast charges every query all S keys
    flops, hbm = attention(priced(phase="prefill", tokens=tokens, context=context))
    assert flops == pytest.approx(layers * tokens * keys * (4 * heads * d + 4 * heads))
    assert hbm == pytest.approx(read)  # the one request's S cached rows, read once
    # causal: query p sees the earlier chunks and the p + 1 tokens up to it
    causal = attention(priced(phase="prefill", tokens=tokens, context=context, pairs="causal"))
    pairs = tokens * context + tokens * (tokens + 1) // 2
    assert causal[0] == pytest.approx(layers * pairs * (4 * heads * d + 4 * heads))


def test_a_plain_prefill_attends_its_own_tokens() -> None:
    tokens = 1024
    heads, kv_heads, d = per_rank("qwen3-8b", 1)
    layers = config("qwen3-8b")["layers"]
    flops, hbm = attention(priced(phase="prefill", tokens=tokens, context=0))
    assert flops == pytest.approx(layers * tokens * tokens * (4 * heads * d + 4 * heads))
    # q, k, v and the output, each read or written once: no cache
    assert hbm == pytest.approx(layers * tokens * (2 * heads + 2 * kv_heads) * d * ELEMENT)
