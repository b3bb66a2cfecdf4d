"""KV-cache bytes per token: the MLA latent (or the GQA keys and values) and the DSA indexer key."""

from __future__ import annotations

from layoutcheck.models.config import MlaSpec, ModelSpec

# C8 (msModelSlim's ``kv_cache_type``) stores the caches in int8; the indexer key then carries
# one fp32 scale per token. Otherwise both caches are bf16, as the engines and TensorCast keep
# them.
C8 = "C8"


def kv_bytes_per_token(
    spec: ModelSpec, tp: int, kv_cache_type: str | None = None
) -> dict[str, int]:
    """KV-cache bytes per token in one layer on one rank: the MLA latent + rope (or this rank's
    K and V heads) and, in a layer with a DSA indexer, the indexer key."""
    c8 = kv_cache_type == C8
    element = 1 if c8 else 2
    if isinstance(spec.attention, MlaSpec):
        kv = (spec.attention.kv_lora_rank + spec.attention.qk_rope_head_dim) * element
    else:
        heads = -(-spec.attention.kv_heads // tp)
        kv = 2 * heads * spec.attention.head_dim * element
    indexer = 0
    if spec.dsa is not None:
        key = spec.dsa.index_head_dim
        indexer = key + 4 if c8 else 2 * key
    return {"kv": kv, "indexer": indexer, "total": kv + indexer}


def kv_bytes_per_token_all_layers(
    spec: ModelSpec, tp: int, kv_cache_type: str | None = None
) -> int:
    """KV-cache bytes per token over every decoder layer: a shared-indexer layer (GLM-5.2)
    reuses an earlier layer's top-k and keeps no indexer key."""
    per_layer = kv_bytes_per_token(spec, tp, kv_cache_type)
    layers = len(spec.layer_kinds)
    indexer_layers = layers - (len(spec.dsa.shared_layers) if spec.dsa is not None else 0)
    return per_layer["kv"] * layers + per_layer["indexer"] * indexer_layers
