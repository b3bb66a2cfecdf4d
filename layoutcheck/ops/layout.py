"""Layout ops that move no data: token_slice, feature_shard, pad_tokens, unpad_tokens.

A slice is a view (rank r keeps rows [r·n, (r+1)·n), or features [r·f, (r+1)·f)); padding
changes the group's token extent to ``ceil(T/g)·g`` so that slicing and reduce-scattering divide
evenly.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.ops.base import (
    Family,
    OpCall,
    OpSpec,
    OutLayout,
    RuleUse,
    RuleViolation,
    features_of,
    gathered,
    group,
    keep_features,
    same_layout,
)
from layoutcheck.ops.costing import CostRule, copy, free
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import no_weights
from layoutcheck.symbols import Expr


def _token_slice(call: OpCall) -> Sequence[OutLayout]:
    value = call.inputs[0]
    if value.tokens is TokenLayout.LOCAL:
        raise RuleViolation(
            rules.SHARD_OF_LOCAL,
            f"token_slice of a LOCAL value {call.shape(value)}: the tokens are already sharded",
            "remove the slice, or gather first if a different sharding was meant",
            0,
            recovered=(same_layout(value), value.shape[1:]),
        )
    call.require_divisible(value.extent, "token_slice")
    return (OutLayout(TokenLayout.LOCAL, value.features, value.extent, call.group),)


def _feature_shard(call: OpCall) -> Sequence[OutLayout]:
    """``*·W → *·S``: this rank's block of complete features (the inverse of feature_gather).
    A block of a pending sum would pair each rank's summand of one block with another's of
    the next, and a SPLIT value's features are this rank's block already."""
    value = call.inputs[0]
    if value.features is FeatureState.PARTIAL:
        raise RuleViolation(
            rules.PARTIAL_INTO_NONLINEAR,
            f"feature_shard of a pending sum ({value.layout}): each rank would keep another "
            "block of its own summand",
            "reduce the partial sums first (all_reduce), or reduce-scatter the features",
            0,
            expected=value.evolve(features=FeatureState.WHOLE),
        )
    if value.features is FeatureState.SPLIT:
        raise RuleViolation(
            rules.INCOMPLETE_FEATURES,
            f"feature_shard of features already split {call.shape(value)}: each rank holds its "
            "block of them",
            "gather the features first (feature_gather), or drop the shard",
            0,
            expected=value.evolve(features=FeatureState.WHOLE),
        )
    features = features_of(value)
    if features:
        call.require_divisible(features[-1], "feature_shard")
    return (OutLayout(value.tokens, FeatureState.SPLIT, value.extent, call.group),)


def _feature_shard_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    features = features_of(call.inputs[0])
    return ((*features[:-1], features[-1] / call.g),)


def _require_full(call: OpCall) -> None:
    value = call.inputs[0]
    if value.tokens is not TokenLayout.FULL:
        raise RuleViolation(
            rules.TOKEN_EXTENT,
            f"{call.op.kind} of a {value.layout} value: padding changes the group's token "
            "extent, which only a FULL value shows",
            f"{call.op.kind} before the token_slice / after the all_gather",
            0,
            expected=gathered(value),
        )


def _pad_tokens(call: OpCall) -> Sequence[OutLayout]:
    _require_full(call)
    value = call.inputs[0]
    padded = sympy.ceiling(value.extent / call.g) * call.g
    return (OutLayout(value.tokens, value.features, padded, value.group),)


def _unpad_tokens(call: OpCall) -> Sequence[OutLayout]:
    _require_full(call)
    value = call.inputs[0]
    return (OutLayout(value.tokens, value.features, call.context.token_count, value.group),)


_FULL_ONLY = RuleUse(rules.TOKEN_EXTENT, "non-FULL input")

OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="token_slice",
        traits=frozenset({Trait.TOKEN_SLICE}),
        family=Family.LAYOUT,
        inputs=("x",),
        outputs=("out",),
        attrs={"group": group()},
        layout=_token_slice,
        shape=keep_features,
        summary="`F·* → L·*` (a view: rank r keeps rows `[r·T/g, (r+1)·T/g)`)",
        rules=(
            RuleUse(rules.SHARD_OF_LOCAL, "LOCAL input"),
            RuleUse(rules.INDIVISIBLE, "`g` must divide the extent (pad first)"),
        ),
        doc=(
            "Keeps this rank's contiguous 1/g of the token rows, with no communication (a view "
            "at offset rank·T/g). Used before the replicated o_proj in DSA-CP and before MoE "
            "top-k in MC2 decode."
        ),
    ),
    OpSpec(
        kind="feature_shard",
        traits=frozenset({Trait.SPLIT, Trait.ROW_WISE}),
        family=Family.LAYOUT,
        inputs=("x",),
        outputs=("out",),
        attrs={"group": group()},
        layout=_feature_shard,
        shape=_feature_shard_shape,
        summary="`*·W → *·S` (a view: rank r keeps features `[r·F/g, (r+1)·F/g)`)",
        rules=(
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT input"),
            RuleUse(rules.INDIVISIBLE, "`g` must divide the last feature dim"),
        ),
        doc=(
            "Keeps this rank's contiguous 1/g of each row's complete features, with no "
            "communication: the inverse of feature_gather. vLLM's OLMoE q/k norm gathers the "
            "rank's q features, normalizes every head's at once and keeps its own block again "
            "(olmoe.py:190)."
        ),
    ),
    OpSpec(
        kind="pad_tokens",
        traits=frozenset({Trait.TOKEN_PAD}),
        family=Family.LAYOUT,
        inputs=("x",),
        outputs=("out",),
        attrs={"group": group()},
        layout=_pad_tokens,
        shape=keep_features,
        summary="FULL only; extent `T → ceil(T/g)·g`, layout kept",
        rules=(_FULL_ONLY,),
        doc=(
            "Pads a FULL value's token extent from T to ceil(T/g)·g rows so a later slice or "
            "reduce-scatter divides evenly (decode: 9 tokens over tp 4 → 12)."
        ),
    ),
    OpSpec(
        kind="unpad_tokens",
        traits=frozenset({Trait.TOKEN_UNPAD}),
        family=Family.LAYOUT,
        inputs=("x",),
        outputs=("out",),
        layout=_unpad_tokens,
        shape=keep_features,
        summary="FULL only; extent back to `token_count`",
        rules=(_FULL_ONLY,),
        doc="Drops the padding rows of a FULL value: its token extent returns to the graph's "
        "token_count.",
    ),
)


# -- cost: a slice is a view; padding copies ------------------------------------------------

COSTS: Mapping[str, CostRule] = {
    "token_slice": free,
    "feature_shard": free,
    "pad_tokens": copy,
    "unpad_tokens": copy,
}
OPS = tuple(attrs.evolve(spec, cost=COSTS[spec.kind], weights=no_weights) for spec in OPS)
