"""Decode with a KV context (issue 12 item 2): the context is the symbol S, decode SFA attends
``min(S, topk)`` keys per query, the indexer scores all S keys, and a what-if over S is one
``query --sweep S=…``. Expected values are written from GLM-5.1's config and TensorCast's
formulas (``tensorcast-formulas.md``), not read back from the implementation."""

from __future__ import annotations

import functools

import numpy as np
import pytest

from layoutcheck.cost.report import CostReport
from layoutcheck.session import Options, Session
from tests.helpers import run

# GLM-5.1 (specs/models/glm-5.1.json) decoding as d1: dp8 tp4 ep32, 8 tokens per DP rank
HEADS, D_NOPE, D_ROPE, D_V, KV_LORA, TOPK = 64, 192, 64, 256, 512, 2048
INDEX_HEADS, INDEX_DIM = 32, 128
TP, TOKENS, CONTEXT, LAYERS = 4, 8, 4096, 78
D1 = ("--phase", "decode", "--dp", "8", "--tp", "4", "--ep", "32", "--tokens", "8")


@functools.cache
def decode(context: int = CONTEXT) -> CostReport:
    options = Options(
        "glm-5.1", phase="decode", dp=8, tp=TP, ep=32, tokens=TOKENS, context=context,
        quant="w8a8_dynamic",
    )  # fmt: skip
    report: CostReport = Session(options).cost("a3-752t")
    return report


def sfa_flops(keys: int) -> int:
    """TensorCast's absorbed decode form on the rank's heads (column-parallel q: heads/tp)."""
    heads, t = HEADS // TP, TOKENS
    ctx = t * min(keys, TOPK)
    return (
        2 * t * heads * D_NOPE * KV_LORA
        + 2 * ctx * heads * (KV_LORA + D_ROPE)
        + 2 * ctx * heads * KV_LORA
        + 2 * t * heads * KV_LORA * D_V
    )


def test_s_is_the_context_plus_the_new_token() -> None:
    assert decode().values["S"] == CONTEXT + 1


@pytest.mark.parametrize("context", [100, CONTEXT])
def test_decode_sfa_attends_min_s_topk_keys_per_query(context: int) -> None:
    numbers = decode(context).numbers()
    sfa = [numbers[e.name] for e in decode(context).entries if e.kind == "sparse_attention"]
    assert len(sfa) == LAYERS
    mma = sfa_flops(context + 1)
    vector = 4 * TOKENS * min(context + 1, TOPK) * (HEADS // TP)  # softmax
    assert {n.flops for n in sfa} == {mma + vector}


def test_a_what_if_over_s_caps_the_attention_at_topk_and_grows_the_indexer() -> None:
    report = decode()
    s = np.array([1024, 2048, 4096, 16384, 65536])
    attention = np.asarray(report.evaluator(["S"], "sparse_attention")(s)) / LAYERS
    indexer = np.asarray(report.evaluator(["S"], "dsa_indexer")(s)) / LAYERS
    # below topk the attended keys grow with S; from topk on every query reads topk keys
    assert attention[0] < attention[1]
    assert attention[1] == pytest.approx(attention[2]) == pytest.approx(attention[4])
    # the indexer scores every key of the cache and reads its history: strictly growing
    assert all(np.diff(indexer) > 0)
    # the default context is what the sweep gives at S = context + 1
    at_default = float(report.evaluator(["S"])(np.array(CONTEXT + 1)))
    assert at_default == pytest.approx(float(report.evaluator([])()))


def test_query_sweeps_s_from_the_command_line() -> None:
    code, out, err = run(
        "query", "glm-5.1", *D1, "--context", "4096", "--quant", "w8a8_dynamic",
        "dsa_indexer/78", "--sweep", "S=1024..65536*4",
    )  # fmt: skip
    assert code == 0, err
    header, *rows = out.strip().splitlines()
    assert header.split() == ["S", "dsa_indexer/78", "µs"]
    assert [int(row.split()[0]) for row in rows] == [1024, 4096, 16384, 65536]
    times = [float(row.split()[1]) for row in rows]
    assert times == sorted(times) and times[0] < times[-1] / 4


def test_the_indexer_returns_min_s_topk_keys_per_new_token() -> None:
    for context, keys in ((100, 101), (CONTEXT, TOPK)):
        session = Session(
            Options("glm-5.1", phase="decode", dp=8, tp=TP, ep=32, tokens=TOKENS, context=context)
        )
        typed = session.typed
        value = typed.value("model.layers.5.self_attn.indexer")
        assert typed.numeric_shape(value) == (TOKENS, keys)
