"""Attention: MLA's fused q-side prolog, the DSA indexer, KV-cache writes (what the attention
that reads the cache then reads), MLA / sparse and GQA attention (vLLM's MLA op, which takes
the latent's two halves and writes its output buffer, among them), and rope."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import opaque, token_dim, two_d
from layoutcheck.engines.values import Act, Data
from layoutcheck.graph import ValueRef
from layoutcheck.lattice import FeatureState
from layoutcheck.models.config import GqaSpec, MlaSpec
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import Block, Role, role

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering

# what the structure places an engine's attention op at, wherever it is
ATTN = role("attention.attn")
ATTENTION_BLOCK = Role(Block.ATTENTION)
INDEXER = role("attention.indexer")
DEFAULT_HEAD_DIM = 128  # a 2-D query without a config: the common head size


def _mla_prolog(lw: Lowering) -> None:
    hidden = lw.require_act("hidden_states")
    cos, sin = lw.require_act("cos"), lw.require_act("sin")
    heads_rank = lw.int_arg("num_heads") or 1
    spec_ = lw.spec
    heads = spec_.heads if spec_ is not None else heads_rank
    parallel = "column" if heads_rank * lw.tp == heads and lw.tp > 1 else "replicated"
    if heads_rank != heads and parallel == "replicated":
        heads = heads_rank  # without a config the heads a rank holds are all it knows
    numbers = lw.numbers(hidden)
    module = lw.module() or lw.hint() or "model"
    ref = lw.emit(
        "mla_prolog",
        [hidden.ref, cos.ref, sin.ref],
        name=f"{module}.mla_prolog",
        role_=ATTENTION_BLOCK,
        hidden=numbers[-1] if numbers else 1,
        heads=heads,
        q_lora_rank=lw.int_arg("q_lora_rank"),
        kv_lora_rank=lw.int_arg("kv_lora_rank"),
        qk_nope_head_dim=lw.int_arg("qk_nope_head_dim"),
        qk_rope_head_dim=lw.int_arg("qk_rope_head_dim"),
        parallel=parallel,
        quant=str(lw.param.get("quant", "bf16")),
    )
    for port, out in enumerate(lw.outputs()[:4]):
        lw.bind_act(out, ValueRef(ref.op, port))


def _dsa_indexer(lw: Lowering) -> None:
    hidden, q_c = lw.require_act("hidden_states"), lw.require_act("qa_normed")
    numbers = lw.numbers(hidden)
    module = lw.module() or lw.hint() or "model"
    found = lw.placement()
    name = module if found is not None and found.role == INDEXER else f"{module}.indexer"
    decode = lw.decode
    ref = lw.emit(
        "dsa_indexer",
        [q_c.ref, hidden.ref],
        name=name,
        role_=INDEXER,
        index_n_heads=lw.int_arg("num_heads"),
        index_head_dim=lw.int_arg("head_dim"),
        topk=lw.int_arg("topk_limit"),
        hidden=numbers[-1] if numbers else None,
        quant=_stored_quant(lw, "wq_b_weight"),
        # a decode step scores each new token against the S keys of its request's cache
        decode=True if decode else None,
        context=lw.context_symbol() if decode else None,
    )
    lw.bind_act(lw.output(0), ref, q_c.lead)
    for out in lw.outputs()[1:]:
        lw.bind(out, Data(None, ""))


def _stored_quant(lw: Lowering, weight: str) -> str:
    """The quant word of a weight argument as the graph stores it: int8 is TensorCast's
    W8A8 dynamic (its only int8 linear form), anything else float."""
    meta = lw.program.meta(lw.tensor_name(weight) or "")
    return "w8a8_dynamic" if meta is not None and meta.dtype == "int8" else "bf16"


def _cache_write(lw: Lowering) -> None:
    """What a cache write stores, as layoutcheck values (the MLA latent is the concatenated
    normalized latent and rope key): the attention that reads the cache reads these."""
    acts = [v for _, v in lw.tensor_args() if isinstance(v, Act)]
    stored: tuple[ValueRef, ...]
    if lw.param.get("concat") and len(acts) >= 2:
        stored = (lw.emit("concat", [a.ref for a in acts[:2]], name=f"{lw.default_name()}.latent"),)
    else:
        stored = tuple(a.ref for a in acts)
    cache = lw.data_arg("kv_cache")
    buffer = cache.buffer if cache is not None else None
    if buffer is not None:
        lw.buffers[buffer] = stored
    for out in lw.outputs():  # a functionalized write returns the written cache
        lw.bind(out, Data(None, "", buffer=buffer))
        if buffer is None and out:
            lw.buffers[out] = stored


def cache_contents(lw: Lowering, name: str) -> tuple[ValueRef, ...]:
    tensor = lw.tensor_name(name)
    value = lw.value_of(tensor)
    if isinstance(value, Data) and value.buffer is not None:
        return lw.buffers.get(value.buffer, ())
    return lw.buffers.get(tensor or "", ())


def _mla_attention(lw: Lowering) -> None:
    q = lw.require_act("q")
    latent = cache_contents(lw, "kv_cache")
    indices = lw.act_arg("topk_indices")
    numbers = lw.numbers(q)
    if not latent or numbers is None or len(numbers) != 3:
        lw.bind(lw.output(0), opaque(lw, q))
        return
    heads_rank, qk = numbers[1], numbers[2]
    d_v = lw.int_arg("v_head_dim") or qk
    spec_ = lw.spec
    attention = spec_.attention if spec_ is not None else None
    d_rope = attention.qk_rope_head_dim if isinstance(attention, MlaSpec) else 64
    kv_width = lw.typer.context.numeric(lw.typer.value(latent[0]).shape[-1]) or d_rope
    split = lw.type(q).features is FeatureState.SPLIT
    module = lw.module() or lw.hint() or "model"
    attrs_: dict[str, Any] = {
        "heads": heads_rank * lw.tp if split else heads_rank,
        "qk_nope_head_dim": qk - d_rope,
        "qk_rope_head_dim": d_rope,
        "v_head_dim": d_v,
        "kv_lora_rank": int(kv_width) - d_rope,
    }
    decode = lw.argv("is_decode_values")
    if isinstance(decode, tuple) and decode and all(decode):
        attrs_["decode"] = True
        attrs_["context"] = lw.context_symbol()
    query = two_d(lw, q)
    if indices is not None:
        ref = lw.emit(
            "sparse_attention", [query, latent[0], indices.ref], name=f"{module}.attn",
            role_=ATTN, topk=lw.int_arg("topk_limit"), **attrs_,
        )  # fmt: skip
    else:
        ref = lw.emit(
            "mla_attention", [query, latent[0]], name=f"{module}.attn", role_=ATTN, **attrs_
        )
    lw.bind_act(lw.output(0), ref)


def _latent_of(lw: Lowering, kv_c: Act, k_pe: Act) -> ValueRef:
    """MLA's latent KV as the cache stores it: the normalized latent and the rope key, each
    token's one row ([t, kv_lora_rank] beside [t, 1, rope] or [t, rope])."""
    return lw.emit("concat", [kv_c.ref, two_d(lw, k_pe)], name=f"{lw.default_name()}.latent")


def _mla_cache_update(lw: Lowering) -> None:
    """vLLM's unified_mla_kv_cache_update(kv_c_normed, k_pe, layer_name, …): writes the
    latent into the layer's cache and returns an empty tensor the attention takes as its
    ordering dependency; that tensor stands for what was written."""
    latent = _latent_of(lw, lw.require_act("kv_c_normed"), lw.require_act("k_pe"))
    out = lw.output(0)
    if out is not None:
        lw.buffers[out] = (latent,)
        lw.bind(out, Data(None, "", buffer=out))


def _mla_attention_out(lw: Lowering) -> None:
    """vLLM's unified_mla_attention_with_output(q [t, heads, nope+rope], kv_c_normed, k_pe,
    output, layer_name, …): the attention over the latent the cache holds (the kv_b_proj
    up-projection is inside the op), written into ``output`` ([t, heads·v_head_dim])."""
    q = lw.require_act("q")
    kv_c, k_pe = lw.require_act("kv_c_normed"), lw.require_act("k_pe")
    numbers, rope = lw.numbers(q), lw.numbers(k_pe)
    unknown = next((a for a in (q, kv_c, k_pe) if lw.type(a).is_top), None)
    if unknown is not None:  # an input left unchecked above: so is the attention
        lw.bind_mutated("output", unknown)
        return
    if numbers is None or len(numbers) != 3 or rope is None:
        lw.bind_mutated("output", opaque(lw, q, "an MLA query not [t, heads, head_dim]"))
        return
    latent = cache_contents(lw, "kv_cache_dummy_dep") or (_latent_of(lw, kv_c, k_pe),)
    heads_rank, qk, d_rope = numbers[1], numbers[2], rope[-1]
    kv_width = lw.typer.context.numeric(lw.typer.value(latent[0]).shape[-1])
    buffer = lw.program.meta(lw.tensor_name("output") or "")
    written = [d for d in buffer.shape[1:] if isinstance(d, int)] if buffer is not None else []
    attention = lw.spec.attention if lw.spec is not None else None
    if written and math.prod(written) % heads_rank == 0:
        d_v = math.prod(written) // heads_rank
    elif isinstance(attention, MlaSpec):
        d_v = attention.v_head_dim
    else:
        raise lw.fail("cannot tell v_head_dim: the output buffer states no shape (give --config)")
    split = lw.type(q).features is FeatureState.SPLIT
    module = lw.module() or lw.hint() or "model"
    ref = lw.emit(
        "mla_attention", [two_d(lw, q), latent[0]], name=f"{module}.attn", role_=ATTN,
        heads=heads_rank * lw.tp if split else heads_rank, qk_nope_head_dim=qk - d_rope,
        qk_rope_head_dim=d_rope, v_head_dim=d_v,
        kv_lora_rank=int(kv_width or d_rope) - d_rope,
        # a decode step reads its request's cached latent, as TensorCast's MLA op is told
        **({"decode": True, "context": lw.context_symbol()} if lw.decode else {}),
    )  # fmt: skip
    if buffer is not None and len(buffer.shape) == 2:
        rows = lw.typer.value(ref).shape[0]
        ref = lw.emit("view", [ref], rows=rows, features=(heads_rank * d_v,))
    lw.bind_mutated("output", Act(ref, q.lead))


def attention_of(lw: Lowering) -> Act:
    """GQA attention over the query and the key and value (passed, or read out of the cache
    written above), as the activation it makes (⊤ when the key side is not known)."""
    q = lw.require_act("query")
    stored = cache_contents(lw, "key") or ()
    key, value = lw.act_arg("key"), lw.act_arg("value")
    if key is not None and value is not None:
        stored = (two_d(lw, key), two_d(lw, value))
    if len(stored) < 2:
        # the key and value were read out of a cache written above
        caches = [v for _, v in lw.tensor_args() if isinstance(v, Data) and v.buffer]
        for cache in caches:
            stored = stored or lw.buffers.get(str(cache.buffer), ())
    spec_ = lw.spec
    numbers = lw.numbers(q)
    if len(stored) < 2 or numbers is None or len(numbers) < 2:
        return opaque(lw, q, "a key or value that is no activation (a buffer partly written)")
    unknown = next((ref for ref in stored[:2] if lw.typer.value(ref).is_top), None)
    if unknown is not None:  # a key or value left unchecked above: so is the attention
        return Act(unknown, q.lead)
    config = spec_.attention if spec_ is not None else None
    # the head size: the config's, else the query's own [t, heads, head_dim] view
    head_dim = (
        config.head_dim
        if isinstance(config, GqaSpec)
        else (numbers[-1] if len(numbers) == 3 else DEFAULT_HEAD_DIM)
    )
    heads_rank = math.prod(numbers[1:]) // head_dim
    k_numbers = lw.typer.value(stored[0])
    kv_rank = int(lw.typer.context.numeric(k_numbers.shape[-1]) or head_dim) // head_dim
    split = lw.type(q).features is FeatureState.SPLIT
    kv_heads = config.kv_heads if isinstance(config, GqaSpec) else kv_rank * lw.tp
    module = lw.module() or lw.hint() or "model"
    # a decode step's query attends the S keys of its request's cache, as for MLA
    context: dict[str, Any] = {"decode": True, "context": lw.context_symbol()} if lw.decode else {}
    ref = lw.emit(
        "attention", [two_d(lw, q), stored[0], stored[1]], name=f"{module}.attn",
        role_=ATTN, heads=heads_rank * lw.tp if split else heads_rank,
        kv_heads=kv_heads, head_dim=head_dim, **context,
    )  # fmt: skip
    return Act(ref, q.lead)


def _attention(lw: Lowering) -> None:
    lw.bind(lw.output(0), attention_of(lw))


def _apply_rope(lw: Lowering) -> None:
    outs = lw.outputs()
    for index, name in enumerate(("query", "key")):
        act = lw.act_arg(name)
        if act is None or index >= len(outs):
            continue
        # one kernel turns both: the key's rope adds no launch of its own
        ref = lw.emit("rope", [act.ref], launch=None if index == 0 else False)
        meta = lw.program.meta(outs[index] or "")
        numbers = lw.numbers(act)
        lead = act.lead
        if meta is not None and numbers:
            at = token_dim([int(d) for d in meta.shape if isinstance(d, int)], numbers[0])
            lead = tuple(int(d) for d in meta.shape[:at]) if at is not None else lead
        lw.bind_act(outs[index], ref, lead)


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec(
            "mla_prolog",
            _mla_prolog,
            Trait.ATTENTION_PROLOG,
            Trait.LINEAR,
            role=ATTENTION_BLOCK,
        ),
        spec(
            "dsa_indexer",
            _dsa_indexer,
            Trait.ATTENTION,
            Trait.SPARSE_ATTENTION,
            role=INDEXER,
        ),
        spec("cache_write", _cache_write, role=ATTENTION_BLOCK),
        spec("mla_attention", _mla_attention, Trait.ATTENTION, role=ATTN),
        spec("mla_cache_update", _mla_cache_update, Trait.LATENT_KV, role=ATTENTION_BLOCK),
        spec("mla_attention_out", _mla_attention_out, Trait.ATTENTION, role=ATTN),
        spec("attention", _attention, Trait.ATTENTION, role=ATTN),
        spec("apply_rope", _apply_rope, Trait.ROTARY, Trait.ROW_WISE, role=ATTENTION_BLOCK),
    )
)
