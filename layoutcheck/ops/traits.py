"""What an op *is*, as the catalogue declares it: the traits passes, checks, cost, memory,
contracts and the importers ask about instead of naming op kinds.

A trait is a fact about the op's meaning that holds for every graph (an ``add_rms_norm`` is a
norm and a fused residual add; an ``all_reduce`` is a sum-reduction over a group). Code that
needs "the norms" asks ``registry.kinds_with(Trait.NORM)``; a new op that declares the trait is
then matched everywhere, and an op that declares none is matched nowhere (never silently by a
pattern on its name).
"""

from __future__ import annotations

import enum


class Trait(enum.Enum):
    # -- normalization and the residual stream ----------------------------------------------
    NORM = "norm"  # normalizes each token row (rms_norm, layer_norm, a fused add+norm)
    FUSED_ADD_NORM = "fused-add-norm"  # adds the residual first: outputs (normed, new residual)
    RESIDUAL_ADD = "residual-add"  # an elementwise sum of two activations of one layout
    ACTIVATION = "activation"  # a row-wise non-linearity (silu, gelu, swiglu)
    ROTARY = "rotary"  # a rotary position embedding applied to rows
    # -- views: the same values, reshaped or re-typed (a value passes them unchanged in meaning)
    VIEW = "view"  # a reshape or view of the same rows
    CAST = "cast"  # the same values in another element type (a cast, a quantization)
    ROW_WISE = "row-wise"  # computes each row from the same row alone (views, pointwise ops)
    POINTWISE = "pointwise"  # an engine's elementwise op of activations (a mask, a scale)
    SPLIT = "split"  # cuts each row's features into parts (a merged qkv or gate_up's halves)
    # -- token layout -----------------------------------------------------------------------
    COLLECTIVE = "collective"  # communicates over a group
    REDUCTION = "reduction"  # sums a pending (PARTIAL) value over a group
    TOKEN_GATHER = "token-gather"  # LOCAL tokens to FULL (all_gather)
    TOKEN_SCATTER = "token-scatter"  # FULL tokens to LOCAL with a reduction (reduce_scatter)
    TOKEN_SLICE = "token-slice"  # FULL tokens to LOCAL without communication (a view)
    TOKEN_SELECT = "token-select"  # picks some token rows (the last token before the lm_head)
    TOKEN_PAD = "token-pad"  # extends the token extent to a multiple of the group
    TOKEN_UNPAD = "token-unpad"  # drops the padding rows again
    # moves one rank's value to one other rank (a pipeline stage's send/recv): layout unchanged
    POINT_TO_POINT = "point-to-point"
    # -- compute ----------------------------------------------------------------------------
    LINEAR = "linear"  # a matmul with a weight (column, row or replicated)
    ATTENTION = "attention"  # reads other tokens' keys: an attention entry (indexer included)
    SPARSE_ATTENTION = "sparse-attention"  # DSA: an indexer's top-k selects the keys
    # runs a recurrence along each request's tokens (a state-space or delta-rule mixer): like
    # attention it needs every token of a request, but it reads no key side
    RECURRENT = "recurrent"
    ATTENTION_PROLOG = "attention-prolog"  # the fused q-side of MLA before the attention
    LATENT_KV = "latent-kv"  # stores MLA's latent KV: one replicated projection's whole rows
    EXPERT = "expert"  # part of a routed mixture of experts (router, top-k, experts, a2a)
    ROUTER = "router"  # scores or selects the experts of each token
    EXPERT_SELECT = "expert-select"  # picks each token's top-k experts from the router's logits
    EXPERT_COMPUTE = "expert-compute"  # runs the routed experts' MLPs on the tokens sent to them
    FUSED_MOE = "fused-moe"  # dispatch, expert MLPs and combine in one op (reads x, weights, ids)
    EMBEDDING = "embedding"  # a vocabulary lookup
    VOCAB_HEAD = "vocab-head"  # the output projection over the vocabulary
    # -- structure --------------------------------------------------------------------------
    REGION_MARKER = "region-marker"  # a repetition region's begin, end or copy (an identity)
    REGION_BEGIN = "region-begin"  # opens a region: the layer standing for ``repeat`` layers
    REGION_END = "region-end"  # closes a region
    REGION_COPY = "region-copy"  # stands for further copies of a region
    OPAQUE = "opaque"  # an engine op layoutcheck could not type

    @classmethod
    def parse(cls, text: str) -> Trait | None:
        """The trait spelled ``text`` (its value, or its name in any case), or None."""
        for trait in cls:
            if text == trait.value or text.upper().replace("-", "_") == trait.name:
                return trait
        return None
