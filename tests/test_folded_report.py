"""A check of the folded build (one template per run of alike layers, what check, cost, memory
and search build by default) reports what the layer-by-layer build does: every finding in every
layer, named and numbered as ``show`` names and numbers the expanded graph's ops, the same
counts and the same verdict, in text and JSON."""

from __future__ import annotations

import attrs
import pytest

from layoutcheck import Options, Session
from layoutcheck.diagnostics import render_text

CASES = {
    # 75 local-feature-split warnings, one per MoE layer
    "glm-sp": Options("glm-5.1", tp=16, ep=16, sp=True, quant="w8a8_dynamic"),
    # the RFC layer against vLLM-Ascend's contract: errors in every DSA-CP layer
    "glm-contract": Options("glm-5.1", tp=4, sp=True, contract="vllm-ascend-dsa-cp-prefill"),
    "glm-decode": Options("glm-5.1", phase="decode", dp=8, tp=4, ep=32, tokens=9, context=4096),
    "deepseek-nosp": Options("deepseek-v3", tp=8, ep=16, dp=2),
    "qwen-sp": Options("qwen3-30b-a3b", tp=4, sp=True),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_the_folded_check_reports_every_layer(case: str) -> None:
    expanded = Session(CASES[case]).check()
    folded = Session(attrs.evolve(CASES[case], repetition=True)).check()
    assert len(Session(attrs.evolve(CASES[case], repetition=True)).graph.ops) < 200
    assert render_text(folded) == render_text(expanded)
    assert folded.to_json() == expanded.to_json()
    if case in ("glm-sp", "glm-contract"):
        assert len(folded.diagnostics) >= 75  # a finding in each layer, not once per template
