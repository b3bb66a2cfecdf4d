"""Attention ops: MLA, DSA sparse attention (SFA), the DSA lightning indexer, and GQA attention.

The query side may be FULL or LOCAL; the key/value side must be FULL, or a rank would attend to
1/g of the keys. Heads per rank follow the query's feature state: SPLIT queries (a column-
parallel q projection) hold heads/g heads, WHOLE queries (replicated, DSA-CP) all heads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.lattice import AbstractValue, Dtype, FeatureState, TokenLayout
from layoutcheck.ops.base import (
    Family,
    OpCall,
    OpSpec,
    OutLayout,
    RuleUse,
    RuleViolation,
    check_split_divides,
    choice,
    flag,
    gathered,
    group,
    like,
    reduced,
    reject_partial,
    require_dtype,
    require_features,
    size,
)
from layoutcheck.ops.costing import (
    ZERO,
    CostCall,
    CostRule,
    OpCost,
    causal_pairs,
    combined,
    features,
    float_mma,
    io_bytes,
    nbytes,
    query_positions,
    rows,
    sparse_pairs,
)
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import (
    Sharding,
    Tensor,
    TensorKind,
    WeightCall,
    WeightRule,
    no_weights,
)
from layoutcheck.quant import QUANT_CHOICES, mma_dtype, weight_bytes
from layoutcheck.roles import role
from layoutcheck.symbols import Expr, format_expr, largest, smallest


def _reject_local_kv(call: OpCall, slots: Sequence[int]) -> None:
    for slot in slots:
        value = call.inputs[slot]
        if value.tokens is TokenLayout.LOCAL:
            name = call.spec.inputs[slot]
            raise RuleViolation(
                rules.LOCAL_KV_INTO_ATTENTION,
                f"{call.op.kind} {name!r} input is LOCAL {call.shape(value)}: each rank would "
                f"attend to 1/{format_expr(call.g)} of the keys",
                f"all_gather the {name} side (or the normalized hidden state it comes from) "
                "before attention",
                slot,
                # the gather that is missing most often feeds the query side too: checking
                # goes on with every input LOCAL over the same group gathered
                expected_inputs=tuple(
                    gathered(v) if v.tokens is TokenLayout.LOCAL and v.group == value.group else v
                    for v in call.inputs
                ),
            )


def _reject_split_kv(call: OpCall, slot: int) -> None:
    value = call.inputs[slot]
    if value.features is not FeatureState.WHOLE:
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"{call.op.kind} {call.spec.inputs[slot]!r} input must hold all latent features, "
            f"got {call.shape(value)} {value.layout}",
            "the latent KV comes from a replicated projection (kv_a_proj_with_mqa)",
            slot,
            expected=reduced(value),
        )


def _require_same_tokens(call: OpCall, a: int, b: int) -> None:
    left, right = call.inputs[a], call.inputs[b]
    if left.tokens is not right.tokens or not call.context.same(left.shape[0], right.shape[0]):
        raise RuleViolation(
            rules.LAYOUT_MISMATCH,
            f"{call.op.kind} {call.spec.inputs[b]!r} tokens ({call.shape(right)} "
            f"{right.layout}) do not match {call.spec.inputs[a]!r} ({call.shape(left)} "
            f"{left.layout})",
            "the indices must come from the indexer run on the same query tokens",
            b,
            expected=like(right, left).evolve(features=right.features),
        )


def _query_layout(call: OpCall) -> OutLayout:
    q = call.inputs[0]
    distributed = (
        q.group if (q.tokens is TokenLayout.LOCAL or q.features is FeatureState.SPLIT) else None
    )
    return OutLayout(q.tokens, q.features, q.extent, distributed)


def _heads_per_rank(call: OpCall, heads: Expr) -> Expr:
    if call.inputs[0].features is FeatureState.SPLIT:
        check_split_divides(call, heads, "heads")
        return heads / call.g
    return heads


def _mla(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    _reject_local_kv(call, (1,))
    _reject_split_kv(call, 1)
    if len(call.inputs) > 2:
        _require_same_tokens(call, 0, 2)
        require_dtype(call, 2, True, "key indices")
    return (_query_layout(call),)


def _mla_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    heads = _heads_per_rank(call, call.size("heads"))
    qk = call.size("qk_nope_head_dim") + call.size("qk_rope_head_dim")
    require_features(call, 0, heads * qk, "the query")
    latent = call.size("kv_lora_rank") + call.size("qk_rope_head_dim")
    require_features(call, 1, latent, "the latent KV (kv_lora_rank + qk_rope_head_dim)")
    if len(call.inputs) > 2:
        # the indexer and the attention both state topk: the indices must be that wide
        keys = call.op.attr("context")
        keys = keys if isinstance(keys, sympy.Expr) else call.inputs[1].extent
        chosen = smallest(call.size("topk"), keys)
        require_features(call, 2, chosen, "sparse_attention (its topk keys per query)")
    return ((heads, call.size("v_head_dim")),)


def _indexer(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    _reject_local_kv(call, (1,))
    for slot in (0, 1):
        value = call.inputs[slot]
        if value.features is FeatureState.SPLIT:
            raise RuleViolation(
                rules.INCOMPLETE_FEATURES,
                f"dsa_indexer {call.spec.inputs[slot]!r} input is feature-SPLIT "
                f"{call.shape(value)}: the indexer projections are replicated",
                "feed it complete features",
                slot,
                expected=reduced(value),
            )
    q = call.inputs[0]
    return (OutLayout(q.tokens, FeatureState.WHOLE, q.extent, q.group),)


def _indexer_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    for slot in (0, 1):
        if len(call.inputs[slot].shape) != 2:
            raise RuleViolation(
                rules.SHAPE_MISMATCH,
                f"dsa_indexer {call.spec.inputs[slot]!r} must be [tokens, features], got "
                f"{call.shape(call.inputs[slot])}",
                "pass q_c (the q_a_layernorm output) and the hidden state or projected key",
                slot,
            )
    x = call.inputs[1]
    allowed = [call.size("index_head_dim")]
    if "hidden" in call.op.attr_dict:
        allowed.append(call.size("hidden"))
    if not any(call.context.same(x.shape[1], width) for width in allowed):
        widths = " or ".join(f"[t, {format_expr(w)}]" for w in allowed)
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"dsa_indexer 'x' is {call.shape(x)}; it takes the projected key {widths}",
            "pass the indexer key (wk output, index_head_dim wide), or the hidden state with "
            "attr hidden set to its width",
            1,
            expected=x.evolve(shape=(x.shape[0], allowed[0])),
        )
    keys = call.op.attr("context")
    keys = keys if isinstance(keys, sympy.Expr) else x.extent
    return ((smallest(call.size("topk"), keys),),)


def _indexer_dtype(call: OpCall) -> Sequence[Dtype]:
    return (Dtype.INT64,)  # the engines' top-k indices (8 bytes each, as the SFA reads them)


def _gqa(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    _reject_local_kv(call, (1, 2))
    return (_query_layout(call),)


def _gqa_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    heads = _heads_per_rank(call, call.size("heads"))
    head_dim = call.size("head_dim")
    require_features(call, 0, heads * head_dim, "the query")
    kv_heads = call.size("kv_heads")
    if call.inputs[0].features is FeatureState.SPLIT:
        # Fewer KV heads than ranks: each rank keeps a replica of the head it needs.
        kv_heads = sympy.ceiling(kv_heads / call.g)
    for slot in (1, 2):
        require_features(call, slot, kv_heads * head_dim, "the key/value side")
    return ((heads, head_dim),)


# The keys a query sees: ``context`` keys per request (its prefix and its own tokens; the key
# side's token extent unless given — decode gives the KV context S), ``decode`` for a step of
# one new token per request (the absorbed form, read from a paged cache).
_CONTEXT_ATTRS = {
    "context": size("keys per request: prefix + own tokens (default: the key side's tokens)",
                    required=False),
    "decode": flag(False, "one new token per request, read from a paged KV cache (MLA: the "
                          "absorbed form)"),
}  # fmt: skip
# The layout of the KV cache the attention reads (and a prefill graph writes for a decode graph
# to read): no type rule reads them; a cross-graph contract (``check PREFILL --with DECODE``)
# compares them with the other graph's.
_KV_CACHE_ATTRS = {
    "dcp": size("decode context parallel: the KV cache's tokens are spread over this many "
                "ranks (1: each rank holds every token)", default=1),
    "block_size": size("tokens per block of the paged KV cache", required=False),
}  # fmt: skip
_MLA_ATTRS = {
    "heads": size("attention heads (global)"),
    "qk_nope_head_dim": size(),
    "qk_rope_head_dim": size(),
    "v_head_dim": size(),
    "kv_lora_rank": size(),
    "group": group(doc="group the query heads are split over when the query is SPLIT"),
    **_CONTEXT_ATTRS,
    **_KV_CACHE_ATTRS,
}


def _prolog(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    hidden = call.inputs[0]
    if hidden.features is FeatureState.SPLIT:
        raise RuleViolation(
            rules.INCOMPLETE_FEATURES,
            f"mla_prolog of feature-SPLIT hidden states {call.shape(hidden)}: the down "
            "projections are replicated",
            "feed it the normalized hidden state (complete features)",
            0,
            expected=reduced(hidden),
        )
    for slot in (1, 2):
        table = call.inputs[slot]
        if table.tokens is not hidden.tokens or not call.context.same(
            table.shape[0], hidden.shape[0]
        ):
            raise RuleViolation(
                rules.LAYOUT_MISMATCH,
                f"mla_prolog rope table {call.spec.inputs[slot]!r} covers {call.shape(table)} "
                f"{table.layout}, the hidden states {call.shape(hidden)} {hidden.layout}",
                "index cos/sin by the positions of the tokens this rank projects",
                slot,
                expected=like(table, hidden).evolve(features=table.features),
            )
    whole = OutLayout(hidden.tokens, FeatureState.WHOLE, hidden.extent, hidden.group)
    split = call.word("parallel") == "column"
    q_group = call.group if split else hidden.group
    q = OutLayout(hidden.tokens, FeatureState.SPLIT if split else FeatureState.WHOLE,
                  hidden.extent, q_group)  # fmt: skip
    return (q, whole, whole, whole)


def _prolog_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    require_features(call, 0, call.size("hidden"), "mla_prolog (the hidden size)")
    heads = call.size("heads")
    if call.word("parallel") == "column":
        check_split_divides(call, heads, "heads")
        heads = heads / call.g
    qk = call.size("qk_nope_head_dim") + call.size("qk_rope_head_dim")
    return (
        (heads, qk),
        (call.size("kv_lora_rank"),),
        (call.size("qk_rope_head_dim"),),
        (call.size("q_lora_rank"),),
    )


PROLOG_OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="mla_prolog",
        traits=frozenset({Trait.ATTENTION_PROLOG, Trait.LINEAR}),
        family=Family.ATTENTION,
        inputs=("hidden", "cos", "sin"),
        outputs=("q", "kv_c", "k_rope", "q_c"),
        attrs={
            "hidden": size("hidden size"),
            "heads": size("attention heads (global)"),
            "q_lora_rank": size(),
            "kv_lora_rank": size(),
            "qk_nope_head_dim": size(),
            "qk_rope_head_dim": size(),
            "parallel": choice("column", "replicated", doc="q_b_proj: heads split, or all"),
            "quant": choice(*QUANT_CHOICES, default="bf16"),
            "group": group(),
        },
        layout=_prolog,
        shape=_prolog_shape,
        summary="`hidden [t, H]` with cos/sin on its tokens → `q [t, heads/g or heads, "
        "nope+rope]`, `kv_c [t, kv_lora]`, `k_rope [t, rope]`, `q_c [t, q_lora]`",
        rules=(
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT hidden states"),
            RuleUse(rules.LAYOUT_MISMATCH, "cos/sin on other tokens"),
            RuleUse(rules.SHAPE_MISMATCH, "hidden width"),
            RuleUse(rules.INDIVISIBLE, "heads over `g`"),
        ),
        doc=(
            "The MLA q/kv side as one fused op (TensorCast's mlapo): q_a_proj, q_a_layernorm, "
            "q_b_proj (column: heads/g per rank; replicated under DSA-CP), kv_a_proj_with_mqa, "
            "kv_a_layernorm and rope. Outputs the query, the normalized latent, the rotated "
            "rope key and the normalized q_c (the indexer's query input)."
        ),
    ),
)


_LOCAL_KV = RuleUse(rules.LOCAL_KV_INTO_ATTENTION, "LOCAL `kv`")
_PARTIAL = RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input")
_HEADS = RuleUse(rules.INDIVISIBLE, "heads over `g`")
_MLA_RULES = (
    _LOCAL_KV,
    _PARTIAL,
    RuleUse(rules.SHAPE_MISMATCH, "sizes, or a non-WHOLE `kv`"),
    _HEADS,
)

OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="mla_attention",
        traits=frozenset({Trait.ATTENTION}),
        family=Family.ATTENTION,
        inputs=("q", "kv"),
        outputs=("out",),
        attrs=_MLA_ATTRS,
        layout=_mla,
        shape=_mla_shape,
        summary="out has the tokens of `q`: `[t_q, heads per rank, v_head_dim]`; `q` is "
        "`[t, heads·(nope+rope)]` (SPLIT: `heads/g` heads; WHOLE: all heads); `kv` is the latent "
        "`[t, kv_lora_rank + qk_rope_head_dim]`, FULL and WHOLE",
        rules=_MLA_RULES,
        aliases=("multihead_latent_attention",),
        doc=(
            "DeepSeek multi-head latent attention, causal. A SPLIT query holds heads/g heads, a "
            "WHOLE one all heads (the DSA-CP singleton TP view); the latent KV must be FULL, or "
            "a rank would attend to 1/g of the keys."
        ),
    ),
    OpSpec(
        kind="sparse_attention",
        traits=frozenset({Trait.ATTENTION, Trait.SPARSE_ATTENTION}),
        family=Family.ATTENTION,
        inputs=("q", "kv", "indices"),
        outputs=("out",),
        attrs={**_MLA_ATTRS, "topk": size("keys attended per query")},
        layout=_mla,
        shape=_mla_shape,
        summary="as `mla_attention`; `indices` cover the same query tokens as `q`",
        rules=(
            *_MLA_RULES,
            RuleUse(rules.LAYOUT_MISMATCH, "`indices` tokens differ from `q`"),
            RuleUse(rules.DTYPE_MISMATCH, "non-integer `indices`"),
        ),
        aliases=("mla_sparse_attention",),
        doc=(
            "DSA sparse flash attention (SFA): MLA where each query attends only to the topk "
            "keys the indexer chose. Runs on bf16 inputs even when the linears are W8A8."
        ),
    ),
    OpSpec(
        kind="dsa_indexer",
        traits=frozenset({Trait.ATTENTION, Trait.SPARSE_ATTENTION}),
        family=Family.ATTENTION,
        inputs=("q_c", "x"),
        outputs=("indices",),
        attrs={
            "index_n_heads": size(),
            "index_head_dim": size(),
            "topk": size("keys chosen per query"),
            "hidden": size(
                "hidden size, when x is the hidden state (the op includes wk)", required=False
            ),
            "quant": choice(*QUANT_CHOICES, default="bf16", doc="wq_b's weight quantization"),
            "group": group(),
            **_CONTEXT_ATTRS,
        },
        layout=_indexer,
        shape=_indexer_shape,
        dtype=_indexer_dtype,
        summary="out `[t_q, min(topk, keys)]` int64 with the tokens of `q_c`; `x` is the key side: "
        "the projected key `[t, index_head_dim]`, or the hidden state `[t, hidden]` when "
        "`hidden` is set",
        rules=(
            RuleUse(rules.LOCAL_KV_INTO_ATTENTION, "LOCAL `x`"),
            _PARTIAL,
            RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT input"),
            RuleUse(rules.SHAPE_MISMATCH, "not `[tokens, features]`, or `x` of another width"),
        ),
        doc=(
            "The DSA lightning indexer, one fused op: scores every query of q_c against the "
            "keys of x and returns the top-k key indices. x is the key/cache side, and must "
            "be FULL. Its cost splits: query side on q_c's tokens, key side on x's tokens."
        ),
    ),
    OpSpec(
        kind="attention",
        traits=frozenset({Trait.ATTENTION}),
        family=Family.ATTENTION,
        inputs=("q", "k", "v"),
        outputs=("out",),
        attrs={
            "heads": size(),
            "kv_heads": size(),
            "head_dim": size(),
            "causal": flag(True, "causal mask (false: every query sees every key)"),
            "group": group(),
            **_CONTEXT_ATTRS,
            **_KV_CACHE_ATTRS,
        },
        layout=_gqa,
        shape=_gqa_shape,
        summary="standard (GQA) attention: out `[t_q, heads per rank, head_dim]`; SPLIT `q` "
        "holds `heads/g` heads, `k`/`v` `ceil(kv_heads/g)`",
        rules=(
            RuleUse(rules.LOCAL_KV_INTO_ATTENTION, "LOCAL `k`/`v`"),
            _PARTIAL,
            RuleUse(rules.SHAPE_MISMATCH, "sizes"),
            _HEADS,
        ),
        doc=(
            "Standard causal (grouped-query) attention for non-MLA models; with fewer KV heads "
            "than ranks each rank keeps a replica of the head it needs. The key/value side "
            "must be FULL. With `context` (a decode step, a chunked prefill) each request's "
            "queries attend its cached keys too, read from the paged K/V cache."
        ),
    ),
)


# -- cost: attended pairs from the query rows' global positions (causal), per rank -----------


def _keys(call: CostCall, keyside: AbstractValue) -> Expr:
    """Keys per request: the ``context`` attr, else the key side's whole token range."""
    given = call.attrs.get("context")
    return given if isinstance(given, sympy.Expr) else keyside.extent


def _attended(call: CostCall, q: AbstractValue, keys: Expr, topk: Expr | None) -> Expr:
    """Query-key pairs the rank computes. ``tensorcast`` (the default, as TensorCast counts
    them): every query sees min(keys, topk). ``causal``: query p of a prefill sees the prefix
    and the p + 1 tokens up to it (capped at topk) — fewer for the early queries."""
    capped = keys if topk is None else smallest(keys, topk)
    if call.option("attention_pairs") != "causal" or call.attrs.get("decode"):
        return rows(q) * capped
    prefix = keys - q.extent  # a chunked prefill's earlier tokens (0 for a plain prefill)
    first, end = query_positions(q, call)
    if topk is None:
        return causal_pairs(prefix + first, prefix + end)
    return sparse_pairs(prefix + first, prefix + end, topk)


def _per_request(call: CostCall, q: AbstractValue, keys: Expr) -> tuple[tuple[Expr, Expr], ...]:
    """A decode step's (query rows, keys per query) groups: where the graph lists its requests'
    keys, those of the requests on this rank's query rows (all of them when the query is
    FULL, the rank's own slice when LOCAL); else every row at ``keys`` (every request alike,
    so the one formula is the sum over them)."""
    requests = call.requests
    if requests is None or not call.attrs.get("decode"):
        return ((rows(q), keys),)
    count = requests.number(rows(q))
    first = requests.number(call.rank) * count if q.tokens is TokenLayout.LOCAL else 0
    return tuple(
        (sympy.Integer(held), sympy.Integer(n)) for held, n in requests.on_rows(first, count)
    )


# TensorCast's read efficiencies: a prefill's sparse KV gather, and a decode step's paged read
# (pages of 128 keys; better the more pages a query touches, within 1.5%–8%).
SPARSE_PREFILL_EFFICIENCY = sympy.Float(0.92)
PAGE_KEYS = 128


def _paged_efficiency(keys_per_query: Expr) -> Expr:
    pages = sympy.ceiling(keys_per_query / PAGE_KEYS)
    return largest(0.015, smallest(0.08, 0.025 + 0.006 * sympy.log(pages / 16, 2)))


def _mla_cost(call: CostCall) -> OpCost:
    """MLA / sparse flash attention (`tensorcast-formulas.md`).

    Prefill: the latent up-projected per query token (kv_b), scores over nope+rope, values
    over v. Decode: the absorbed form on the latent. TensorCast's model reads the attended
    keys' latent rows with the gather's read efficiency (a decode step's paged read at
    1.5–8%: 31–43× its bytes); the hardware model reads the bytes the kernel moves — a decode
    request's latent rows once, a dense prefill's keys once and their K/V heads once — timed at
    the measured MLA efficiencies. Both add the query, the indices and the kv_b weight."""
    q, kv, out = call.inputs[0], call.inputs[1], call.outputs[0]
    heads = out.shape[1]
    d_nope, d_rope = call.size("qk_nope_head_dim"), call.size("qk_rope_head_dim")
    d_v, latent = call.size("v_head_dim"), call.size("kv_lora_rank")
    sparse = call.op.kind == "sparse_attention"
    topk = call.size("topk") if sparse else None
    keys = _keys(call, kv)
    ctx = _attended(call, q, keys, topk)
    t = rows(q)
    kv_bytes = kv.dtype.bytes
    kv_read: Expr
    if call.attrs.get("decode"):
        # each request reads its own min(S_i, topk) keys from the paged cache, at the read
        # efficiency of its own page count
        groups = [
            (held, n if topk is None else smallest(n, topk))
            for held, n in _per_request(call, q, keys)
        ]
        ctx = sum((held * n for held, n in groups), ZERO)
        flops = (
            2 * t * heads * d_nope * latent
            + 2 * ctx * heads * (latent + d_rope)
            + 2 * ctx * heads * latent
            + 2 * t * heads * latent * d_v
        )
        if call.tensorcast:
            kv_read = sum(
                (
                    held * n * (latent + d_rope) * kv_bytes / _paged_efficiency(n)
                    for held, n in groups
                ),
                ZERO,
            )
        else:  # the bytes it moves: each request's latent rows once, whatever its heads
            kv_read = ctx * (latent + d_rope) * kv_bytes
    else:
        flops = (
            2 * t * heads * (d_nope + d_v) * latent
            + 2 * ctx * heads * (d_nope + d_rope)
            + 2 * ctx * heads * d_v
        )
        efficiency = SPARSE_PREFILL_EFFICIENCY if sparse else sympy.Integer(1)
        if call.tensorcast or sparse:
            # TensorCast: the latent once per query-key pair; a sparse gather reads each
            # query's own top-k rows (what the hardware model keeps for SFA too)
            kv_read = ctx * (latent + d_rope) * kv_bytes / efficiency
        else:
            # a dense prefill reads each key's latent once, up-projects it (kv_b) and writes
            # and reads its K/V heads once: not once per query-key pair (905 GB a rank for a
            # 3.5k DeepSeek-V3.1 prompt, as TensorCast's count would have it)
            kv_read = (
                keys * (latent + d_rope) * kv_bytes
                + 2 * keys * heads * (d_nope + d_rope + d_v) * q.dtype.bytes
            )
    kv_b = latent * heads * (d_nope + d_v) * q.dtype.bytes
    indices = nbytes(call.inputs[2]) if sparse else ZERO
    return OpCost(
        mma=((float_mma(q), flops),),
        vector=4 * ctx * heads,
        hbm_bytes=kv_read + kv_b + nbytes(q) + indices + nbytes(out),
        # the hardware model times the kernel at the measured MLA efficiencies
        efficiency=None if call.tensorcast else "attention",
    )


def _indexer_cost(call: CostCall) -> OpCost:
    """The lightning indexer as TensorCast prices it: the query-side projections, the key
    projection on the hidden states, scores over the keys, rope, the head-weighted reduce and
    top-k; the historical key cache read (a quarter of the prefill's queries' worth, with 90%
    read efficiency; a decode step's read slower the fewer its pages) and the indices."""
    q_c, x = call.inputs
    out = call.outputs[0]
    t_q, t_x = rows(q_c), rows(x)
    index_heads, dim = call.size("index_n_heads"), call.size("index_head_dim")
    hidden = call.size("hidden") if "hidden" in call.attrs else features(x)
    keys = _keys(call, x)
    d_rope = dim / 2  # the indexer rotates half of each head (DeepSeek-V3.2, GLM-5)
    projects = "hidden" in call.attrs and features(x) != dim
    act = q_c.dtype.bytes
    # query-key pairs scored: each request's queries against its own keys
    groups = _per_request(call, q_c, keys)
    pairs = sum((held * n for held, n in groups), ZERO)
    query = OpCost(
        mma=(
            (
                float_mma(q_c),
                2 * t_q * features(q_c) * index_heads * dim  # wq_b
                + 2 * t_q * hidden * index_heads  # weights_proj
                + 2 * pairs * index_heads * dim,  # scores
            ),
        ),
        vector=3 * t_q * (index_heads * d_rope + d_rope)  # rope
        + 2 * pairs * index_heads  # head weights and their reduce
        + pairs,  # top-k
        # wq_b is stored as its quant type says (its matmul still runs in the activations'
        # dtype, as TensorCast prices it); weights_proj, a float exception under DSA-CP, is
        # read in the activations' dtype (0.2 MB on GLM-5: TensorCast reads it as int8 when
        # DSA-CP is off, a fraction of a µs)
        hbm_bytes=features(q_c) * index_heads * dim * weight_bytes(str(call.attrs.get("quant")))
        + hidden * index_heads * act
        + nbytes(q_c)
        + sum((_key_cache_read(call, held, n, dim) for held, n in groups), ZERO)
        + nbytes(out),
    )
    key = OpCost(
        mma=((float_mma(x), 2 * t_x * features(x) * dim if projects else ZERO),),
        # read x (and wk, when the op includes it), append the rows to the key cache
        hbm_bytes=nbytes(x) + t_x * dim * act + (features(x) * dim * act if projects else ZERO),
    )
    return combined((("query", query), ("key", key)))


def _key_cache_read(call: CostCall, t_q: Expr, keys: Expr, dim: Expr) -> Expr:
    if call.attrs.get("decode"):
        pages = sympy.ceiling(keys / PAGE_KEYS)
        efficiency = largest(0.15, smallest(0.30 + 0.23 * sympy.log(pages / PAGE_KEYS, 2), 1))
        return t_q * keys * dim * 2 / efficiency
    return sympy.ceiling(t_q / 4) * keys * dim * 2 / sympy.Float(0.90)


def _gqa_cost(call: CostCall) -> OpCost:
    """GQA/MHA attention as TensorCast prices it (msmodeling 84fec85,
    ``tensor_cast/performance_model/__init__.py`` ``_attention_properties_helper``, lines
    373-438): ``ctx = Σ_requests q_len·seq_len`` query-key pairs, QKᵀ and PV ``2·ctx·heads·d``
    each, softmax ``4·ctx·heads``. With a KV context (decode, a chunked prefill) the keys and
    values come from the paged cache: each request reads its ``seq_len`` rows of this rank's K
    and V heads (lines 426-431) beside the query and the output; a plain prefill reads its
    own k and v."""
    q, k, v, out = call.inputs[0], call.inputs[1], call.inputs[2], call.outputs[0]
    heads, head_dim = out.shape[1], out.shape[2]
    keys = _keys(call, k)
    groups = _per_request(call, q, keys)
    if call.attrs.get("decode"):
        pairs = sum((held * n for held, n in groups), ZERO)
    elif call.attrs.get("causal", True):
        pairs = _attended(call, q, keys, None)
    else:  # every query sees every key: the cached ones too where there is a context
        pairs = rows(q) * (keys if "context" in call.attrs else rows(k))
    flops = 4 * pairs * heads * head_dim  # QKᵀ and PV
    hbm_bytes = io_bytes(call)
    if "context" in call.attrs:
        # a decode request holds one query, so its pairs are its seq_len rows; a chunked
        # prefill is one request reading its S cached rows once, whatever its query count
        cached = pairs if call.attrs.get("decode") else keys
        row_bytes = features(k) * k.dtype.bytes + features(v) * v.dtype.bytes
        hbm_bytes = nbytes(q) + nbytes(out) + cached * row_bytes
    return OpCost(mma=((float_mma(q), flops),), vector=4 * pairs * heads, hbm_bytes=hbm_bytes)


# TensorCast charges the fused MLA q-side (mlapo) 15 launches beyond the first: 80 µs of
# static cost on the A3, the kernels it stands for.
FUSED_PROLOG_EXTRA_LAUNCHES = sympy.Integer(15)


def _prolog_cost(call: CostCall) -> OpCost:
    """q_a, q_b and kv_a projections on the hidden states' tokens, with their norms and rope."""
    hidden = call.inputs[0]
    t, h = rows(hidden), call.size("hidden")
    q_lora, kv_lora = call.size("q_lora_rank"), call.size("kv_lora_rank")
    d_rope = call.size("qk_rope_head_dim")
    q = call.outputs[0]
    q_width = features(q)
    quant = str(call.attrs.get("quant", "bf16"))
    per_weight = weight_bytes(quant)
    matmul = 2 * t * (h * q_lora + q_lora * q_width + h * (kv_lora + d_rope))
    weights = (h * q_lora + q_lora * q_width + h * (kv_lora + d_rope)) * per_weight
    vector = 4 * t * (q_lora + kv_lora) + 4 * t * (q.shape[1] * d_rope + d_rope)
    return OpCost(
        mma=((mma_dtype(quant, hidden.dtype), matmul),),
        vector=vector,
        hbm_bytes=weights + io_bytes(call),
        extra_launches=FUSED_PROLOG_EXTRA_LAUNCHES,
    )


COSTS: Mapping[str, CostRule] = {
    "mla_attention": _mla_cost,
    "sparse_attention": _mla_cost,
    "dsa_indexer": _indexer_cost,
    "attention": _gqa_cost,
    "mla_prolog": _prolog_cost,
}


# -- weights: kv_b_proj lives inside MLA; the indexer holds its projections and key norm ----


def _mla_weights(call: WeightCall) -> tuple[Tensor, ...]:
    """kv_b_proj: split by heads under TP, full when the query holds all heads (DSA-CP)."""
    module = call.op.name.rpartition(".")[0] + ".kv_b_proj"
    rows = call.size("heads") * (call.size("qk_nope_head_dim") + call.size("v_head_dim"))
    split = call.inputs[0].features is FeatureState.SPLIT
    return (
        call.tensor(
            module,
            (rows, call.size("kv_lora_rank")),
            Sharding.TP_DIM0 if split else Sharding.REPLICATED,
            tp_sharding=Sharding.TP_DIM0,
            role=role("attention.kv_b_proj"),
        ),
    )


def _indexer_weights(call: WeightCall) -> tuple[Tensor, ...]:
    q_c, x = call.inputs
    prefix = call.op.name
    heads, dim = call.size("index_n_heads"), call.size("index_head_dim")
    hidden = call.size("hidden") if "hidden" in call.attrs else x.shape[-1]
    replicated = Sharding.REPLICATED
    tensors = [
        call.tensor(
            f"{prefix}.wq_b",
            (heads * dim, q_c.shape[-1]),
            replicated,
            role=role("attention.indexer.wq_b"),
        ),
        call.tensor(
            f"{prefix}.weights_proj",
            (heads, hidden),
            replicated,
            role=role("attention.indexer.weights_proj"),
        ),
        call.tensor(
            f"{prefix}.k_norm",
            (dim,),
            replicated,
            kind=TensorKind.NORM,
            role=role("attention.indexer.k_norm"),
        ),
    ]
    if "hidden" in call.attrs and x.shape[-1] != dim:  # x is the hidden state: wk is inside
        tensors.append(
            call.tensor(
                f"{prefix}.wk", (dim, hidden), replicated, role=role("attention.indexer.wk")
            )
        )
    return tuple(tensors)


def _prolog_weights(call: WeightCall) -> tuple[Tensor, ...]:
    prefix = call.op.name.rpartition(".")[0]
    h, heads = call.size("hidden"), call.size("heads")
    q_lora, kv_lora = call.size("q_lora_rank"), call.size("kv_lora_rank")
    qk = call.size("qk_nope_head_dim") + call.size("qk_rope_head_dim")
    d_rope = call.size("qk_rope_head_dim")
    split = call.attrs.get("parallel") == "column"
    replicated = Sharding.REPLICATED
    return (
        call.tensor(f"{prefix}.q_a_proj", (q_lora, h), replicated, role=role("attention.q_a_proj")),
        call.tensor(
            f"{prefix}.q_a_layernorm",
            (q_lora,),
            replicated,
            kind=TensorKind.NORM,
            role=role("attention.q_a_layernorm"),
        ),
        call.tensor(
            f"{prefix}.q_b_proj",
            (heads * qk, q_lora),
            Sharding.TP_DIM0 if split else replicated,
            tp_sharding=Sharding.TP_DIM0,
            role=role("attention.q_b_proj"),
        ),
        call.tensor(
            f"{prefix}.kv_a_proj_with_mqa",
            (kv_lora + d_rope, h),
            replicated,
            role=role("attention.kv_a_proj_with_mqa"),
        ),
        call.tensor(
            f"{prefix}.kv_a_layernorm",
            (kv_lora,),
            replicated,
            kind=TensorKind.NORM,
            role=role("attention.kv_a_layernorm"),
        ),
    )


WEIGHTS: Mapping[str, WeightRule] = {
    "mla_prolog": _prolog_weights,
    "mla_attention": _mla_weights,
    "sparse_attention": _mla_weights,
    "dsa_indexer": _indexer_weights,
    "attention": no_weights,  # its projections are linears of their own
}
OPS = tuple(
    attrs.evolve(spec, cost=COSTS[spec.kind], weights=WEIGHTS[spec.kind])
    for spec in (*OPS, *PROLOG_OPS)
)
