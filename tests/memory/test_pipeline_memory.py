"""Memory over pipeline stages (``--pp``): each stage holds its own layers' weights and KV
cache, the embedding only on the first and the lm_head only on the last, so the stages add up
to the whole model, plus what every stage keeps a copy of; the largest stage is what a device
must hold."""

from __future__ import annotations

import pytest

from layoutcheck.memory import kv_bytes_per_token_all_layers, numeric
from layoutcheck.pipeline import Pipeline
from layoutcheck.session import Options, Session


def whole(options: Options, accounting: str) -> dict[str, float]:
    """Bytes per category of the model on one rank, without stages."""
    session = Session(options)
    values = {name: value for name, value in session.graph.symbols if value is not None}
    found: dict[str, float] = {}
    for item in session.memory(accounting):
        found[item.category] = found.get(item.category, 0.0) + numeric(item.bytes, values)
    return found


def stage_sums(memory: object) -> dict[str, float]:
    found: dict[str, float] = {}
    for stage in memory.stages:  # type: ignore[attr-defined]
        for category, amount in stage.data["by_category"].items():
            found[category] = found.get(category, 0.0) + amount
    return found


@pytest.mark.parametrize("accounting", ["engine", "checkpoint", "tensorcast"])
def test_stages_sum_to_the_whole_model_plus_their_copies(accounting: str) -> None:
    options = Options("glm-5.1", tp=16, quant="w8a8", repetition=True)
    pp = 4
    memory = Pipeline(Options("glm-5.1", tp=16, quant="w8a8", pp=pp, repetition=True)).memory(
        accounting
    )
    summed, model = stage_sums(memory), whole(options, accounting)
    # every stage keeps its own rotary cos/sin table where the accounting counts it (TensorCast's
    # stage models each build one); nothing else is held twice
    copies = {"buffers": (pp - 1) * model["buffers"]} if "buffers" in model else {}
    assert set(summed) == set(model)
    for category, amount in model.items():
        assert summed[category] == pytest.approx(amount + copies.get(category, 0.0), rel=1e-12)


def test_embedding_and_head_live_on_the_end_stages() -> None:
    memory = Pipeline(Options("qwen3-8b", tp=4, pp=3, repetition=True)).memory("engine")
    held = [{item.module for item in stage.items} for stage in memory.stages]
    assert ["model.embed_tokens" in modules for modules in held] == [True, False, False]
    assert ["lm_head" in modules for modules in held] == [False, False, True]


def test_kv_cache_per_stage_and_the_largest_stage() -> None:
    options = Options("glm-5.1", tp=16, pp=4, repetition=True)
    memory = Pipeline(options).memory("engine", hbm_bytes=64 * 2**30)
    per_token = [stage.data["kv_cache"]["bytes_per_token"] for stage in memory.stages]
    # MLA latent 512 + rope 64 and the indexer key 128, bf16, in each of a stage's layers
    assert per_token == [len(stage.stage.layers) * (576 + 128) * 2 for stage in memory.stages]
    spec = Session(Options("glm-5.1", tp=16)).spec
    assert spec is not None
    assert sum(per_token) == kv_bytes_per_token_all_layers(spec, 16)
    largest = memory.largest
    assert largest.total_bytes == max(stage.total_bytes for stage in memory.stages)
    assert largest.stage.index in (1, 2)  # 20 layers each, the most
