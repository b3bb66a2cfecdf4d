"""KV-cache bytes per token: the MLA latent (or the GQA keys and values) and the DSA indexer key."""

from __future__ import annotations

from layoutcheck.graph import Graph
from layoutcheck.models.config import Mixer, MlaSpec, ModelSpec

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
    spec: ModelSpec, tp: int, kv_cache_type: str | None = None, layers: range | None = None
) -> int:
    """KV-cache bytes per token over every decoder layer (``layers``: a pipeline stage's): a
    shared-indexer layer (GLM-5.2) reuses an earlier layer's top-k and keeps no indexer key."""
    caches = kv_bytes_all_layers(spec, tp, kv_cache_type, layers)
    return caches["kv"] + caches["indexer"]


# TensorCast sizes a decode step's KV cache from one request template (msmodeling's
# ``generate_inputs``): every request of a DP rank reserves its seq_len (context + new tokens)
# plus one more token, and the cache is whole blocks of 128 tokens
TENSORCAST_BLOCK_TOKENS = 128
TENSORCAST_SPARE_TOKENS = 1


def batch_kv_tokens(graph: Graph, accounting: str) -> tuple[int, int] | None:
    """A decode graph's requests on the built DP rank and the tokens their KV caches hold:
    each request its own context and new token, Σ_i S_i (a batch's listed requests; else T
    requests of S keys each). ``tensorcast``: TensorCast's reservation, every request the
    longest one's S + 1 tokens, in whole 128-token blocks. None: the graph has no KV context
    (no ``S``)."""
    from layoutcheck.requests import listed_keys

    values = dict(graph.symbols)
    requests, longest = values.get("T"), values.get("S")
    if requests is None or longest is None:
        return None
    listed = listed_keys(graph)
    if accounting == "tensorcast":
        reserved = requests * (longest + TENSORCAST_SPARE_TOKENS)
        blocks = -(-reserved // TENSORCAST_BLOCK_TOKENS)
        return requests, blocks * TENSORCAST_BLOCK_TOKENS
    if listed is not None:
        return requests, sum(listed.keys)
    return requests, requests * longest


def kv_bytes_all_layers(
    spec: ModelSpec, tp: int, kv_cache_type: str | None, layers: range | None = None
) -> dict[str, int]:
    """KV-cache bytes per token over every decoder layer (``layers``: a pipeline stage's), the
    latent (main) cache and the indexer's apart."""
    per_layer = kv_bytes_per_token(spec, tp, kv_cache_type)
    span = layers if layers is not None else range(len(spec.layer_kinds))
    shared = set(spec.dsa.shared_layers) if spec.dsa is not None else set()
    indexer_layers = sum(1 for layer in span if layer not in shared)
    # a hybrid's recurrent layers keep a fixed-size state per request, no KV cache
    attention_layers = sum(1 for layer in span if spec.mixer(layer) is not Mixer.RECURRENT)
    return {
        "kv": per_layer["kv"] * attention_layers,
        "indexer": per_layer["indexer"] * indexer_layers,
    }
