"""GQA/MHA attention of an engine graph sees its decode context, as a built model's does
(tests/cost/test_gqa_context.py): a vLLM capture costed with ``--phase decode --context C``
attends ``S = C + 1`` keys per request (TensorCast's seq_lens: the cache and the new token) and
reads them from the paged K and V cache. The expected numbers are TensorCast's paged-attention
formula (msmodeling ``_attention_properties_helper``) written out from the graph's own head
counts and sizes; prefill graphs are lowered as before."""

from __future__ import annotations

import functools
import math
from pathlib import Path

import pytest

from layoutcheck.cost.report import CostReport
from layoutcheck.graph import Graph
from layoutcheck.session import Options, Session
from tests.cost.test_gqa_context import attention
from tests.helpers import run

DATA = Path(__file__).parents[1] / "data"
QWEN3_TP2 = str(DATA / "vllm-capture" / "tp2" / "before_sp" / "rank_0.pt2")
PREFILL_GRAPHS = [
    *sorted(str(p) for p in (DATA / "engine-graphs").glob("*.pt2") if "decode" not in p.name),
    str(DATA / "vllm-capture" / "tp2-sp" / "after_sp" / "rank_0.pt2"),
    QWEN3_TP2,
]


@functools.cache
def session(target: str, phase: str | None = None, context: int | None = None) -> Session:
    return Session(Options(target, phase=phase, context=context))


@functools.cache
def priced(context: int | None) -> CostReport:
    report: CostReport = session(QWEN3_TP2, "decode", context).cost("a3-752t")
    return report


@functools.cache
def shape() -> tuple[int, int, int, int, int, int]:
    """(layers, tokens, query heads, KV heads, head size, KV element bytes) on one rank, as
    the lowered graph states them: its attention ops' global head counts over tp."""
    s = session(QWEN3_TP2, "decode", 0)
    graph, typed = s.graph, s.typed
    ops = [op for op in graph.ops if op.kind == "attention"]
    symbols = dict(graph.symbols)
    tp, tokens = symbols["tp"], symbols["T"]
    assert isinstance(tp, int) and isinstance(tokens, int)
    attrs = {dict(op.attrs)["heads"] for op in ops}, {dict(op.attrs)["kv_heads"] for op in ops}
    heads, kv_heads = (int(next(iter(a))) for a in attrs)
    (head_dim,) = {int(dict(op.attrs)["head_dim"]) for op in ops}
    (element,) = {typed.value(op.inputs[1]).dtype.bytes for op in ops}
    return len(ops), tokens, heads // tp, math.ceil(kv_heads / tp), head_dim, element


def expected(context: int) -> tuple[int, int]:
    """TensorCast's paged attention over all layers: each of the T requests' one query sees
    S = context + 1 keys, ``ctx = T·S`` pairs; QKᵀ and PV 2·ctx·heads·d each, softmax
    4·ctx·heads; the query and the output, and each request's S rows of K and V."""
    layers, tokens, heads, kv_heads, d, element = shape()
    ctx = tokens * (context + 1)
    flops = 4 * ctx * heads * d + 4 * ctx * heads
    hbm = 2 * tokens * heads * d * element + ctx * 2 * kv_heads * d * element
    return layers * flops, layers * hbm


def test_decode_grows_with_the_context_by_the_cache_it_reads() -> None:
    short, long = 100, 4096
    low, high = attention(priced(short)), attention(priced(long))
    layers, tokens, heads, kv_heads, d, element = shape()
    more_keys = tokens * (long - short)  # every request attends that many more keys
    assert high[0] - low[0] == pytest.approx(layers * more_keys * (4 * heads * d + 4 * heads))
    assert high[1] - low[1] == pytest.approx(layers * more_keys * 2 * kv_heads * d * element)
    for context, numbers in ((short, low), (long, high)):
        assert numbers == pytest.approx(expected(context))


def test_context_zero_is_the_decode_without_a_context() -> None:
    # no --context and no paged cache in the graph to bound it: the new token alone
    assert attention(priced(0)) == pytest.approx(expected(0))
    with_zero = run("cost", QWEN3_TP2, "--phase", "decode", "--context", "0", "--format", "json")
    without = run("cost", QWEN3_TP2, "--phase", "decode", "--format", "json")
    assert with_zero.code == without.code == 0, without.err
    assert with_zero.out == without.out


def _attention_attrs(graph: Graph) -> list[dict[str, object]]:
    return [dict(op.attrs) for op in graph.ops if op.kind == "attention"]


def test_a_decode_gives_the_capture_s_attention_its_context() -> None:
    decode = _attention_attrs(session(QWEN3_TP2, "decode", 4096).graph)
    assert decode and all(a["decode"] is True and str(a["context"]) == "S" for a in decode)
    assert dict(session(QWEN3_TP2, "decode", 4096).graph.symbols)["S"] == 4097


@pytest.mark.parametrize(
    "target", PREFILL_GRAPHS, ids=lambda t: Path(t).parent.name + "/" + Path(t).name
)
def test_a_prefill_graph_has_no_decode_context(target: str) -> None:
    graph = session(target).graph
    assert "S" not in dict(graph.symbols)
    assert all("decode" not in a and "context" not in a for a in _attention_attrs(graph))


# vLLM's MLA op (unified_mla_attention_with_output) in decode: the absorbed form over the
# latent its cache holds, each request reading its S latent rows at TensorCast's paged read
# efficiency (tests/data/vllm-capture/tiny-deepseek-v2: kv_lora_rank 512, rope 64, bf16)
DEEPSEEK_TP2 = str(DATA / "vllm-capture" / "deepseek-v2-tp2" / "before_sp" / "rank_0.pt2")


def _mla(context: int | None, model: str = "tensorcast") -> tuple[list[dict[str, object]], float]:
    s = session(DEEPSEEK_TP2, "decode", context)
    report: CostReport = s.cost("a3-752t", options={"model": model})
    numbers = report.numbers()
    chosen = [e for e in report.entries if e.kind == "mla_attention"]
    attrs = [dict(op.attrs) for op in s.graph.ops if op.kind == "mla_attention"]
    return attrs, sum(e.count * numbers[e.name].hbm_bytes for e in chosen)


def _paged_read(keys: int, row_bytes: int) -> float:
    """One query's latent read of ``keys`` rows, at TensorCast's paged efficiency (pages of
    128 keys, 1.5%–8% better the more pages)."""
    pages = math.ceil(keys / 128)
    efficiency = max(0.015, min(0.08, 0.025 + 0.006 * math.log2(pages / 16)))
    return keys * row_bytes / efficiency


def test_vllm_s_mla_op_in_decode_reads_its_cached_latent() -> None:
    attrs, _ = _mla(4096)
    assert len(attrs) == 2 and all(a["decode"] is True and str(a["context"]) == "S" for a in attrs)
    tokens = dict(session(DEEPSEEK_TP2, "decode", 4096).graph.symbols)["T"]
    assert isinstance(tokens, int)
    row = (512 + 64) * 2  # a latent row and its rope key, bf16
    (_, short), (_, long) = _mla(100), _mla(4096)
    more = len(attrs) * tokens * (_paged_read(4097, row) - _paged_read(101, row))
    assert long - short == pytest.approx(more)
    # the hardware model reads each request's rows once: the 3996 more rows, no more
    (_, short), (_, long) = _mla(100, "hardware"), _mla(4096, "hardware")
    assert long - short == pytest.approx(len(attrs) * tokens * (4097 - 101) * row)


def test_vllm_s_mla_op_in_prefill_has_no_decode_context() -> None:
    graph = session(DEEPSEEK_TP2).graph
    ops = [dict(op.attrs) for op in graph.ops if op.kind == "mla_attention"]
    assert ops and all("decode" not in a and "context" not in a for a in ops)


TENSORCAST_DECODE = str(DATA / "engine-graphs" / "glm51-decode-dp2-tp2-ep4.pt2")


def test_tensorcast_s_decode_archive_attends_the_context_and_the_new_token() -> None:
    # the archive's own phase flags make it a decode; --context C means what it means for a
    # built model and for the GQA path: S = C + 1, TensorCast's seq_len (input_generator.py:
    # seq_len = context_length + query_len); it once took the bare C
    symbols = dict(session(TENSORCAST_DECODE, None, 4096).graph.symbols)
    built = dict(session("glm-5.1", "decode", 4096).graph.symbols)
    assert symbols["S"] == built["S"] == 4097
    # no --context: the capacity of the paged cache the archive reads (33 pages of 128 keys:
    # TensorCast's blocks for 4097 keys), an upper bound --set S lowers
    assert dict(session(TENSORCAST_DECODE).graph.symbols)["S"] == 33 * 128
