"""The quantization recipes Ascend users run, in the one quant table (issue 22, "TensorCast's
names"): w4a8_dynamic (TensorCast's --quantize-linear-action W4A8_DYNAMIC: int4 weights, half
a byte each) and w8a8c8 (W8A8 weights with msModelSlim's C8, an int8 KV cache)."""

from __future__ import annotations

import json

from layoutcheck.quant import recipe
from layoutcheck.recipe_names import RECIPES
from tests.helpers import run

GLM = ("glm-5.1", "--tp", "16")


def memory(quant: str) -> dict[str, object]:
    result = run("memory", *GLM, "--quant", quant, "--format", "json")
    assert result.code == 0, result.err
    data: dict[str, object] = json.loads(result.out)
    return data


def quantized_bytes(data: dict[str, object]) -> float:
    categories = data["by_category"]
    assert isinstance(categories, dict)
    return float(categories["quantized weights"])


def test_the_recipes_are_listed() -> None:
    assert {"w4a8_dynamic", "w8a8c8"} <= set(RECIPES)
    assert recipe("w8a8c8").kv_cache_type == "C8"
    assert recipe("w4a8_dynamic").kv_cache_type is None


def test_w4a8_weights_are_half_a_byte_each() -> None:
    # every weight W8A8_DYNAMIC quantizes to one byte, W4A8_DYNAMIC stores in half of one
    assert quantized_bytes(memory("w4a8_dynamic")) * 2 == quantized_bytes(memory("w8a8_dynamic"))


def test_w8a8c8_is_w8a8_weights_with_an_int8_kv_cache() -> None:
    c8, w8a8 = memory("w8a8c8"), memory("w8a8")
    assert quantized_bytes(c8) == quantized_bytes(w8a8)
    kv_c8, kv_bf16 = c8["kv_cache"], w8a8["kv_cache"]
    assert isinstance(kv_c8, dict) and isinstance(kv_bf16, dict)
    per_layer_c8, per_layer = (
        kv_c8["bytes_per_token_per_layer"],
        kv_bf16["bytes_per_token_per_layer"],
    )
    # the latent KV (kv_lora + rope) in one byte instead of two; the indexer key in int8 plus
    # its fp32 scale (128 + 4 bytes instead of 256)
    assert per_layer_c8["kv"] * 2 == per_layer["kv"] == 2 * (512 + 64)
    assert per_layer_c8["indexer"] == 128 + 4
