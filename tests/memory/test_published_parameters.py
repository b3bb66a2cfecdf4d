"""The parameter count of full-size configs against the count each model's publisher gives
(the Hugging Face model page's safetensors total, or the model card): within 1% for every
architecture of the vLLM zoo the builder reads (tests/data/hf-configs/SOURCES.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from layoutcheck.cli import main
from layoutcheck.memory import count_parameters
from layoutcheck.models.config import load_config, model_spec

CONFIGS = Path(__file__).parent.parent / "data" / "hf-configs"

# config (tests/data/hf-configs, or a shipped model) → the published total, in parameters
PUBLISHED: dict[str, float] = {
    "llama-3-8b": 8.03e9,
    "mistral-7b-v0.1": 7.24e9,
    "qwen2-7b": 7.62e9,
    "qwen2-1.5b": 1.54e9,
    "qwen3-8b": 8.19e9,
    "phi-3-mini-4k": 3.82e9,
    "granite-3.0-8b": 8.17e9,
    "internlm2-7b": 7.74e9,
    "internlm3-8b": 8.8e9,
    "starcoder2-7b": 7.17e9,
    "command-r-v01": 35.0e9,
    "exaone-3.0-7.8b": 7.82e9,
    "gemma-2-9b": 9.24e9,
    "gemma-3-1b": 1.0e9,
    "olmo-2-1124-7b": 7.3e9,
    "mixtral-8x7b": 46.7e9,
    "qwen1.5-moe-a2.7b": 14.3e9,
    "qwen3-30b-a3b": 30.5e9,
    "olmoe-1b-7b-0924": 6.92e9,
    "granite-3.0-1b-a400m": 1.33e9,
    "ernie-4.5-21b-a3b": 21.8e9,
    "gpt-oss-20b": 20.91e9,
    "deepseek-v2-lite": 15.7e9,
    "deepseek-v3": 671e9,
    "gemma-7b": 8.54e9,
    "phi-3.5-moe": 41.9e9,
    "command-r7b": 8.03e9,
    "exaone-4.0-32b": 32.0e9,
    "glm-4-9b-0414": 9.4e9,
    "glm-4.5-air": 106e9,
    "minicpm3-4b": 4.07e9,
    "olmo-7b": 6.89e9,
    # the model page's 7.22B counts lm_head.weight, which the checkpoint stores as a copy of
    # the table it is tied to (falcon.py:496-509 ties it): 7.22B − 65024·4544
    "falcon-7b": 7.22e9 - 65024 * 4544,
    "gpt-neox-20b": 20_554_567_680,  # the GPT-NeoX-20B paper's count
    "gpt-j-6b": 6_053_381_344,  # the model card's n_parameters
    "bloom-7b1": 7_069_016_064,  # the model card's count
    # hybrids, built with their recurrent layers: Jamba's 28 Mamba-1 layers beside 4 attention
    # ones (the model page's 51.6B), Qwen3-Next's 36 gated-delta-net layers beside 12 gated
    # attention ones (the model card's 80B total)
    "jamba-v0.1": 51.6e9,
    "qwen3-next-80b-a3b": 80e9,
}

# full-size configs whose publisher gives no total to hold a 1% test to (the model card names
# the size class only): held instead to a count written out tensor by tensor from vLLM's
# modules (test_falcon_h1_is_counted_tensor_by_tensor)
UNPUBLISHED: dict[str, str] = {
    "falcon-h1-7b": "the model card names it a 7B model; no exact total is published there",
}


def _source(name: str) -> str:
    path = CONFIGS / f"{name}.json"
    return str(path) if path.exists() else name  # else a shipped model's name


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_memory_gives_the_published_parameter_count(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["memory", _source(name), "--format", "json"]) == 0
    total = json.loads(capsys.readouterr().out)["parameters"]["total"]
    assert total == pytest.approx(PUBLISHED[name], rel=0.01)


def test_every_full_size_config_is_held_to_a_published_count() -> None:
    assert {p.stem for p in CONFIGS.glob("*.json")} <= set(PUBLISHED) | set(UNPUBLISHED)


def test_falcon_h1_is_counted_tensor_by_tensor(capsys: pytest.CaptureFixture[str]) -> None:
    """Falcon-H1-7B's tensors as vLLM creates them: falcon_h1.py:257-271 (q, k, v, o
    unbiased), :58-90 (a gated MLP, unbiased), :366-367 (input_layernorm, pre_ff_layernorm),
    layers/mamba/mamba_mixer2.py:330-495 (in_proj [gate | x, B, C | dt] of one group, a
    biased conv1d over x, B and C, A, D and dt_bias per head, no norm weight without
    mamba_rms_norm, out_proj unbiased), an untied head."""
    hidden, layers, vocab, inner, heads, state, taps = 3072, 44, 130048, 3072, 24, 256, 4
    attention = 2 * hidden * 12 * 128 + 2 * hidden * 2 * 128
    conv = inner + 2 * 1 * state
    mamba = (inner + conv + heads) * hidden + conv * (taps + 1) + 3 * heads + hidden * inner
    mlp = 3 * hidden * 12288
    layer = attention + mamba + mlp + 2 * hidden
    expected = layers * layer + 2 * vocab * hidden + hidden
    assert main(["memory", _source("falcon-h1-7b"), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["parameters"]["total"] == expected


def _count(name: str, **changes: object) -> int:
    data, short, where = load_config(_source(name))
    data.update(changes)
    return count_parameters(model_spec(data, short, where)).total


def test_a_tied_head_is_counted_once() -> None:
    untied = _count("gemma-2-9b", tie_word_embeddings=False)
    assert untied - _count("gemma-2-9b") == 256000 * 3584


def test_a_plain_mlp_has_no_gate() -> None:
    # StarCoder2 (starcoder2.py: c_fc → act → c_proj) against the same sizes with a gate
    gated = _count("starcoder2-7b", architectures=["LlamaForCausalLM"], use_bias=True)
    plain = _count("starcoder2-7b")
    layer_norm_biases = 32 * 2 * 4608 + 4608  # LayerNorm (weight and bias) against RMSNorm
    tied = 49152 * 4608  # Llama's config class does not tie the head; StarCoder2's does
    assert gated - plain == 32 * 18432 * (4608 + 1) - layer_norm_biases + tied


def test_qwen2_moe_shared_expert_has_its_own_width_and_a_gate() -> None:
    base = _count("qwen1.5-moe-a2.7b")
    narrower = _count("qwen1.5-moe-a2.7b", shared_expert_intermediate_size=1408)
    assert base - narrower == 24 * 3 * 2048 * (5632 - 1408)


def test_ernie_expert_fields_build_its_experts() -> None:
    data, short, where = load_config(_source("ernie-4.5-21b-a3b"))
    spec = model_spec(data, short, where)
    assert spec.moe is not None
    assert (spec.moe.experts, spec.moe.top_k, spec.moe.shared_experts) == (64, 6, 2)
    assert spec.layer_kinds == ("dense",) + ("moe",) * 27


def test_memory_holds_a_tied_table_once(capsys: pytest.CaptureFixture[str]) -> None:
    """vLLM ties lm_head to embed_tokens (vllm 0.31 ``model_executor/models/qwen2.py:486-487``:
    ``if config.tie_word_embeddings: self.lm_head = self.lm_head.tie_weights(...)``): a rank
    holds the table once."""
    assert main(["memory", "qwen2-1.5b", "--format", "json"]) == 0
    held = json.loads(capsys.readouterr().out)["by_category"]["embeddings/head"]
    assert held == 151936 * 1536 * 2  # one bf16 table


def test_the_docs_table_gives_the_counts_memory_gives() -> None:
    """Each row of docs/architectures.md's parameter table names its checkpoint class and the
    count `memory` gives for a config of that class held here."""
    page = (CONFIGS.parent.parent.parent / "docs" / "architectures.md").read_text("utf-8")
    table = page[page.index("## Parameter counts") :].split("\n\n")[2]
    counted = set()
    for name in [*PUBLISHED, *UNPUBLISHED]:
        data, short, where = load_config(_source(name))
        spec = model_spec(data, short, where)
        counted.add((data["architectures"][0], count_parameters(spec).total))
    rows = [line.split("|")[1:-1] for line in table.splitlines()[2:]]
    assert len(rows) == len(PUBLISHED) + len(UNPUBLISHED)
    for _, arch, _, count in rows:
        assert (arch.strip(), int(count.strip().replace(",", ""))) in counted, (arch, count)
