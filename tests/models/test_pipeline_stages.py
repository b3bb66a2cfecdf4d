"""Pipeline stages of a built model: vLLM's layer split, the ranks a boundary joins, and each
stage's graph as a decoder slice (the first takes token ids, a later one what the stage before
it sent, in the layout it was sent in)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from layoutcheck.lattice import TokenLayout
from layoutcheck.models import ConfigError
from layoutcheck.models.pipeline import (
    boundary_span,
    pipeline_stages,
    received_name,
    stage_layers,
)
from layoutcheck.ops import default_registry
from layoutcheck.ops.traits import Trait
from layoutcheck.pipeline import Pipeline
from layoutcheck.session import Options
from tests.helpers import glm52_config


def vllm_counts(layers: int, pp: int) -> list[int]:
    """vLLM's get_pp_indices (vllm/distributed/utils.py) without VLLM_PP_LAYER_PARTITION,
    written out: every stage layers // pp, the remainder one each to the stages before the
    last, from the second-to-last backwards."""
    counts = [layers // pp] * pp
    for i in range(2, layers % pp + 2):
        counts[-i] += 1
    return counts


@pytest.mark.parametrize(
    ("layers", "pp", "expected"),
    [
        (61, 4, [(0, 15), (15, 30), (30, 46), (46, 61)]),  # DeepSeek-V3: 15 15 16 15
        (78, 4, [(0, 19), (19, 39), (39, 59), (59, 78)]),  # GLM-5.1: 19 20 20 19
        (7, 4, [(0, 2), (2, 4), (4, 6), (6, 7)]),  # a remainder of pp − 1: all but the last
        (36, 4, [(0, 9), (9, 18), (18, 27), (27, 36)]),  # even
        (5, 1, [(0, 5)]),
    ],
)
def test_stage_split_is_vllms(layers: int, pp: int, expected: list[tuple[int, int]]) -> None:
    split = stage_layers(layers, pp)
    assert [(r.start, r.stop) for r in split] == expected
    assert [len(r) for r in split] == vllm_counts(layers, pp)


def test_more_stages_than_layers_is_refused() -> None:
    with pytest.raises(ConfigError, match=r"--pp 5: tiny has 4 decoder layers"):
        pipeline_stages("tiny", 4, 5)


@pytest.mark.parametrize(
    ("stage", "tp", "span"),
    [
        (0, 16, 32),  # ranks 0 → 16: another 16-die node
        (0, 4, 8),  # ranks 0 → 4: the same node
        (3, 4, 32),  # ranks 12 → 16: across the node boundary at 16
        (0, 1, 2),  # ranks 0 → 1: the die pair
        (1, 2, 8),  # ranks 2 → 4
    ],
)
def test_boundary_span_holds_both_ranks(stage: int, tp: int, span: int) -> None:
    source, target = stage * tp, (stage + 1) * tp
    assert boundary_span(stage, tp) == span
    assert source // span == target // span  # one aligned block holds both
    assert source // (span // 2) != target // (span // 2)  # and no smaller one


def test_each_stage_is_a_decoder_slice() -> None:
    pipeline = Pipeline(Options("glm-5.1", tp=16, pp=4, repetition=True))
    registry = default_registry()
    for stage, session in zip(pipeline.stages, pipeline.sessions, strict=True):
        graph = session.graph
        # every layer an op stands for (a repetition region's op stands for its run)
        entries = session.cost().entries
        layers = {layer for entry in entries for layer in entry.layers if layer is not None}
        assert layers == set(stage.layers)
        kinds = {op.kind for op in graph.ops}
        has = {t: any(registry.is_(k, t) for k in kinds) for t in Trait}
        assert has[Trait.EMBEDDING] is stage.first
        assert has[Trait.VOCAB_HEAD] is stage.last
        assert has[Trait.POINT_TO_POINT] is not stage.last
        names = [spec.name for spec in graph.inputs]
        assert names == (["input_ids"] if stage.first else ["hidden_states", "residual"])
        assert session.check().ok


@pytest.mark.parametrize(
    ("target", "tp", "tokens", "sent"),
    [
        # a dense model's last all-reduce has no norm after it in its stage: the hidden state
        # leaves whole (FULL), the residual scattered (vLLM's is_residual_scattered_for_sp)
        ("qwen3-8b", 4, 4096, {"hidden_states": "FULL", "residual": "LOCAL"}),
        # tp does not divide the tokens: the residual leaves padded, ceiling(T/tp) rows a rank
        ("qwen3-8b", 4, 4095, {"hidden_states": "FULL", "residual": "LOCAL"}),
        # GLM's MoE runs on the local tokens under DSA-CP: both leave scattered
        ("glm-5.1", 16, 4096, {"hidden_states": "LOCAL", "residual": "LOCAL"}),
    ],
)
def test_under_sp_a_stage_receives_the_layout_sent(
    target: str, tp: int, tokens: int, sent: dict[str, str]
) -> None:
    pipeline = Pipeline(Options(target, tp=tp, pp=3, sp=True, tokens=tokens, repetition=True))
    for sender, receiver in zip(pipeline.sessions, pipeline.sessions[1:], strict=False):
        outputs = {received_name(ref.op): sender.typed.value(ref) for ref in sender.graph.outputs}
        assert {name: value.tokens.name for name, value in outputs.items()} == sent
        for spec in receiver.graph.inputs:
            value = outputs[spec.name]
            assert spec.tokens is value.tokens
            assert spec.shape == value.shape  # the same per-rank rows the sender holds
        assert receiver.check().ok


def test_a_shared_indexer_layer_first_in_a_stage_receives_the_top_k(tmp_path: Path) -> None:
    """GLM-5.2's layer 19 (the first of stage 1 at pp 4) reuses layer 18's top-k: the stage
    before sends it along, int64 [T, topk], in the layout its attention reads it in."""
    config = tmp_path / "config.json"
    config.write_text(json.dumps(glm52_config()))
    for layout, tokens in (("tensorcast", TokenLayout.FULL), ("vllm-ascend", TokenLayout.LOCAL)):
        pipeline = Pipeline(
            Options(str(config), tp=16, pp=4, sp=True, layout=layout, repetition=True)
        )
        received = {spec.name: spec for spec in pipeline.sessions[1].graph.inputs}
        assert received["topk_indices"].tokens is tokens
        assert all(report.ok for report in pipeline.check())
        cost = pipeline.cost()
        rows = 4096 if tokens is TokenLayout.FULL else 4096 // 16
        top_k = rows * 2048 * 8  # index_topk int64 indices
        hidden = 4096 // 16 * 6144 * 2  # both LOCAL under DSA-CP
        assert cost.stages[0].send_bytes == 2 * hidden + top_k


@pytest.mark.parametrize("sp", [False, True])
def test_a_folded_stage_prices_as_its_layer_by_layer_build(sp: bool) -> None:
    """A stage folds from its own template (its first layer alone, as layer 0 is): the folded
    and the expanded build of every stage cost the same."""
    folded = Pipeline(Options("qwen3-30b-a3b", tp=4, pp=3, sp=sp, repetition=True)).cost()
    expanded = Pipeline(Options("qwen3-30b-a3b", tp=4, pp=3, sp=sp)).cost()
    assert [len(s.report.graph.repetition()) > 0 for s in folded.stages] == [True] * 3
    for one, other in zip(folded.stages, expanded.stages, strict=True):
        assert one.us == pytest.approx(other.us, rel=1e-12)
        assert one.send_bytes == other.send_bytes
