"""Parameter counts from a model config: total and activated (MTP layers only when asked)."""

from __future__ import annotations

from layoutcheck.models.config import MlaSpec, ModelSpec


def parameters(spec: ModelSpec, mtp_layers: int = 0) -> dict[str, int]:
    """Total and activated parameters from the config (MTP layers only when asked)."""
    hidden = spec.hidden
    if isinstance(spec.attention, MlaSpec):
        a = spec.attention
        q = (
            (
                hidden * a.q_lora_rank
                + a.q_lora_rank
                + a.q_lora_rank * spec.heads * (a.qk_nope_head_dim + a.qk_rope_head_dim)
            )
            if a.q_lora_rank
            else (hidden * spec.heads * (a.qk_nope_head_dim + a.qk_rope_head_dim))
        )
        attention = (
            q
            + hidden * (a.kv_lora_rank + a.qk_rope_head_dim)
            + a.kv_lora_rank
            + a.kv_lora_rank * spec.heads * (a.qk_nope_head_dim + a.v_head_dim)
            + spec.heads * a.v_head_dim * hidden
        )
    else:
        g = spec.attention
        attention = hidden * spec.heads * g.head_dim * 2 + hidden * g.kv_heads * g.head_dim * 2
    if spec.dsa is not None:
        d = spec.dsa
        q_dim = (
            spec.attention.q_lora_rank
            if isinstance(spec.attention, MlaSpec) and spec.attention.q_lora_rank
            else hidden
        )
        attention += q_dim * d.index_n_heads * d.index_head_dim + hidden * d.index_head_dim
        attention += hidden * d.index_n_heads + 2 * d.index_head_dim
    total = active = 2 * spec.vocab * hidden + hidden  # embeddings, lm_head, final norm
    kinds = list(spec.layer_kinds) + ["moe" if spec.moe else "dense"] * mtp_layers
    for index, kind in enumerate(kinds):
        layer = attention + 2 * hidden
        if index >= len(spec.layer_kinds):
            layer += 2 * hidden * hidden + 2 * hidden  # MTP: eh_proj, enorm, hnorm
        if kind == "moe" and spec.moe is not None:
            m = spec.moe
            expert = 3 * hidden * m.intermediate
            router = m.experts * hidden + m.experts
            total += layer + m.experts * expert + m.shared_experts * expert + router
            active += layer + (m.top_k + m.shared_experts) * expert + router
        else:
            mlp = 3 * hidden * spec.intermediate
            total += layer + mlp
            active += layer + mlp
    return {"total": total, "active": active}
