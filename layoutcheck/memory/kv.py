"""KV-cache bytes per token: the MLA latent (or the GQA keys and values) and the DSA indexer key."""

from __future__ import annotations

from layoutcheck.models.config import MlaSpec, ModelSpec


def kv_bytes_per_token(
    spec: ModelSpec, tp: int, kv_cache_type: str | None = None
) -> dict[str, int]:
    """KV-cache bytes per token per layer on one rank: the MLA latent + rope (bf16, or int8
    with C8) and, with DSA, the indexer key (fp8) and its fp32 scale."""
    element = 1 if kv_cache_type == "C8" else 2
    if isinstance(spec.attention, MlaSpec):
        kv = (spec.attention.kv_lora_rank + spec.attention.qk_rope_head_dim) * element
    else:
        heads = -(-spec.attention.kv_heads // tp)
        kv = 2 * heads * spec.attention.head_dim * element
    indexer = spec.dsa.index_head_dim + 4 if spec.dsa is not None else 0
    return {"kv": kv, "indexer": indexer, "total": kv + indexer}
