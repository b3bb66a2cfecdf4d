"""Parameter counts from a model config, tensor by tensor as the checkpoint lists them: total,
active per token, and active without the input embedding (MTP layers only when asked)."""

from __future__ import annotations

import attrs

from layoutcheck.models.config import (
    CheckpointTensors,
    DsaSpec,
    GqaSpec,
    Mixer,
    MlaSpec,
    ModelSpec,
    MoeSpec,
    RecurrentKind,
    RecurrentSpec,
)

# The parameters of one norm over ``width`` features, by its kind: RMSNorm keeps a weight,
# LayerNorm a weight and a bias, OLMo's non-parametric LayerNorm nothing.
NORM_TENSORS = {"rms": 1, "layer": 2, "none": 0}

# A block's tensors as (checkpoint name inside the block, elements): the counts below are sums
# of these lists, so each tensor is visible and a missing one is a missing line.
Tensors = list[tuple[str, int]]


@attrs.frozen
class ParameterCount:
    """Total and per-token active parameters. ``input_embedding`` is the embedding tables
    counted in ``active`` (the main one, and an MTP layer's own copy): DeepSeek, Kimi and GLM
    publish active counts without them, Qwen and Mistral with them."""

    total: int
    active: int
    input_embedding: int

    @property
    def active_without_embedding(self) -> int:
        return self.active - self.input_embedding

    def as_dict(self) -> dict[str, int]:
        return {
            "total": self.total,
            "active": self.active,
            "active_without_embedding": self.active_without_embedding,
        }


def parameters(spec: ModelSpec, mtp_layers: int = 0) -> dict[str, int]:
    """Total, active and active-without-the-input-embedding parameters from the config."""
    return count_parameters(spec, mtp_layers).as_dict()


def count_parameters(spec: ModelSpec, mtp_layers: int = 0) -> ParameterCount:
    """The checkpoint's parameters: the decoder layers, then ``mtp_layers`` MTP layers."""
    embedding = spec.vocab * spec.hidden
    t = spec.tensors
    # a tied head is the embedding's own table: the checkpoint stores it once
    head = 0 if t.tied_embeddings else embedding
    outer = _sum(
        [
            ("model.embed_tokens", embedding),
            ("lm_head", head),
            ("lm_head.bias", spec.vocab if t.lm_head_bias else 0),  # GPT-J, PhiMoE
            ("model.norm", _norm(t, spec.hidden)),
            # Bloom's LayerNorm on the embedding
            ("word_embeddings_layernorm", _norm(t, spec.hidden) if t.embedding_norm else 0),
        ]
    )
    total = active = outer
    input_embedding = embedding
    kinds = list(spec.layer_kinds) + ["moe" if spec.moe else "dense"] * mtp_layers
    for index, kind in enumerate(kinds):
        mtp = index >= len(spec.layer_kinds)
        layer_total, layer_active = _layer(spec, index, kind, mtp)
        total += layer_total
        active += layer_active
        if mtp and spec.mtp_embedding_copies:
            input_embedding += embedding
    return ParameterCount(total, active, input_embedding)


def _layer(spec: ModelSpec, index: int, kind: str, mtp: bool) -> tuple[int, int]:
    """One decoder (or MTP) layer's total and active parameters."""
    hidden = spec.hidden
    t = spec.tensors
    mixer = _attention(spec)
    kind_of_mixer = Mixer.ATTENTION if mtp else spec.mixer(index)
    if spec.recurrent is not None and kind_of_mixer is Mixer.RECURRENT:
        mixer = _recurrent(hidden, spec.recurrent)
    elif spec.recurrent is not None and kind_of_mixer is Mixer.PARALLEL:
        mixer = mixer + _recurrent(hidden, spec.recurrent)
    always = [*mixer, ("layer norms", t.norms_per_layer * _norm(t, hidden))]
    if spec.dsa is not None and (mtp or index not in spec.dsa.shared_layers):
        always += _indexer(spec, spec.dsa)  # a shared-indexer layer reuses an earlier top-k
    if mtp:
        always += _mtp_extras(spec)
    if kind == "moe" and spec.moe is not None:
        m = spec.moe
        expert = _sum(_mlp(hidden, m.intermediate, t, t.expert_bias))
        # the shared experts as one MLP of their width (Qwen2-MoE states its own)
        shared = _sum(_mlp(hidden, m.shared_width, t, t.mlp_bias)) if m.shared_width else 0
        always += [*_router(hidden, m), ("mlp.shared_experts", shared)]
        if t.shared_expert_gate:
            always.append(("mlp.shared_expert_gate", hidden))
        base = _sum(always)
        return base + m.experts * expert, base + m.top_k * expert
    base = _sum(always + _mlp(hidden, spec.intermediate, t, t.mlp_bias))
    return base, base


def _norm(t: CheckpointTensors, width: int) -> int:
    return NORM_TENSORS[t.norm] * width


def _attention(spec: ModelSpec) -> Tensors:
    if isinstance(spec.attention, MlaSpec):
        return _mla(spec, spec.attention)
    return _gqa(spec, spec.attention)


def _mla(spec: ModelSpec, a: MlaSpec) -> Tensors:
    hidden, heads = spec.hidden, spec.heads
    qk = a.qk_nope_head_dim + a.qk_rope_head_dim
    if a.q_lora_rank:
        query = [
            ("self_attn.q_a_proj", a.q_lora_rank * hidden),
            ("self_attn.q_a_layernorm", a.q_lora_rank),
            ("self_attn.q_b_proj", heads * qk * a.q_lora_rank),
        ]
    else:
        query = [("self_attn.q_proj", heads * qk * hidden)]
    return [
        *query,
        ("self_attn.kv_a_proj_with_mqa", (a.kv_lora_rank + a.qk_rope_head_dim) * hidden),
        ("self_attn.kv_a_layernorm", a.kv_lora_rank),
        ("self_attn.kv_b_proj", heads * (a.qk_nope_head_dim + a.v_head_dim) * a.kv_lora_rank),
        ("self_attn.o_proj", hidden * heads * a.v_head_dim),
    ]


def _gqa(spec: ModelSpec, g: GqaSpec) -> Tensors:
    hidden, q_width, kv_width = spec.hidden, spec.heads * g.head_dim, g.kv_heads * g.head_dim
    t = spec.tensors
    qkv_bias, o_bias = int(t.qkv_bias), int(t.o_bias)
    gate = 2 if g.output_gate else 1  # q_proj makes the output gate beside the queries
    tensors = [
        ("self_attn.q_proj", gate * q_width * (hidden + qkv_bias)),
        ("self_attn.k_proj", kv_width * (hidden + qkv_bias)),
        ("self_attn.v_proj", kv_width * (hidden + qkv_bias)),
        ("self_attn.o_proj", hidden * (q_width + o_bias)),
    ]
    if g.qk_norm and t.qk_norm_weight:  # Llama-4's q/k norm has no weight
        whole = t.qk_norm_width == "projection"  # OLMo-2: over the whole q and k projections
        tensors += [
            ("self_attn.q_norm", _norm(t, q_width if whole else g.head_dim)),
            ("self_attn.k_norm", _norm(t, kv_width if whole else g.head_dim)),
        ]
    if t.attention_sinks:
        tensors.append(("self_attn.sinks", spec.heads))
    return tensors


def _recurrent(hidden: int, r: RecurrentSpec) -> Tensors:
    """A hybrid's recurrent mixer, tensor by tensor as vLLM creates it."""
    inner, conv = r.inner, r.conv_width
    if r.kind is RecurrentKind.MAMBA:
        # layers/mamba/mamba_mixer.py:90-186 (Jamba passes use_rms_norm=True: jamba.py:136)
        proj_bias = int(r.proj_bias)
        return [
            ("mamba.in_proj", 2 * inner * (hidden + proj_bias)),
            ("mamba.conv1d", conv * (r.conv_kernel + int(r.conv_bias))),
            ("mamba.x_proj", (r.dt_rank + 2 * r.state) * inner),
            ("mamba.dt_proj", inner * (r.dt_rank + 1)),
            ("mamba.A", inner * r.state),
            ("mamba.D", inner),
            ("mamba.out_proj", hidden * (inner + proj_bias)),
            ("mamba.dt_layernorm", r.dt_rank),
            ("mamba.b_layernorm", r.state),
            ("mamba.c_layernorm", r.state),
        ]
    if r.kind is RecurrentKind.MAMBA2:
        # layers/mamba/mamba_mixer2.py:330-495: in_proj [gate | x, B, C | dt] of the stored
        # groups, conv1d over x, B and C, A, D and dt_bias per head, the gated norm's weight
        # (mamba_rms_norm), out_proj
        proj_bias = int(r.proj_bias)
        return [
            ("mamba.in_proj", (inner + conv + r.heads) * (hidden + proj_bias)),
            ("mamba.conv1d", conv * (r.conv_kernel + int(r.conv_bias))),
            ("mamba.A", r.heads),
            ("mamba.D", r.heads),
            ("mamba.dt_bias", r.heads),
            ("mamba.norm", inner if r.gated_norm_weight else 0),
            ("mamba.out_proj", hidden * (inner + proj_bias)),
        ]
    # layers/mamba/gdn/qwen_gdn_linear_attn.py:420-506: an unbiased conv1d over q, k and v;
    # in_proj_qkvz and in_proj_ba; a dt_bias and an A_log per value head; the gated norm of
    # one head's width; out_proj
    return [
        ("linear_attn.conv1d", conv * r.conv_kernel),
        ("linear_attn.in_proj_qkvz", (conv + inner) * hidden),
        ("linear_attn.in_proj_ba", 2 * r.heads * hidden),
        ("linear_attn.dt_bias", r.heads),
        ("linear_attn.A_log", r.heads),
        ("linear_attn.norm", r.head_dim),
        ("linear_attn.out_proj", hidden * inner),
    ]


def _indexer(spec: ModelSpec, d: DsaSpec) -> Tensors:
    """The lightning indexer; its query reads the q LoRA latent when there is one."""
    a = spec.attention
    query_in = a.q_lora_rank if isinstance(a, MlaSpec) and a.q_lora_rank else spec.hidden
    return [
        ("self_attn.indexer.wq_b", d.index_n_heads * d.index_head_dim * query_in),
        ("self_attn.indexer.wk", d.index_head_dim * spec.hidden),
        ("self_attn.indexer.k_norm.weight", d.index_head_dim),  # a LayerNorm: weight and bias
        ("self_attn.indexer.k_norm.bias", d.index_head_dim),
        ("self_attn.indexer.weights_proj", d.index_n_heads * spec.hidden),
    ]


def _mtp_extras(spec: ModelSpec) -> Tensors:
    """What an MTP layer adds to its decoder layer: the two input norms, the projection of
    [embedding, hidden] back to hidden, the norm before the head, and (DeepSeek-V3) its own
    copies of the embedding and the head."""
    hidden = spec.hidden
    tensors = [
        ("enorm", hidden),
        ("hnorm", hidden),
        ("eh_proj", hidden * 2 * hidden),
        ("shared_head.norm", hidden),
    ]
    if spec.mtp_embedding_copies:
        tensors += [
            ("embed_tokens", spec.vocab * hidden),
            ("shared_head.head", spec.vocab * hidden),
        ]
    return tensors


def _mlp(hidden: int, width: int, t: CheckpointTensors, bias: bool) -> Tensors:
    """A gated MLP (gate, up, down) or a plain one (up, down), biased or not."""
    b = int(bias)
    tensors = [("up_proj", width * (hidden + b)), ("down_proj", hidden * (width + b))]
    if t.gated_mlp:
        tensors.append(("gate_proj", width * (hidden + b)))
    return tensors


def _router(hidden: int, m: MoeSpec) -> Tensors:
    tensors = [("mlp.gate.weight", m.experts * hidden)]
    if m.router_bias:
        tensors.append(("mlp.gate.e_score_correction_bias", m.experts))
    return tensors


def _sum(tensors: Tensors) -> int:
    return sum(elements for _, elements in tensors)
