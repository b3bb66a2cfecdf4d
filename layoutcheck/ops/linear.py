"""Linear layers: column-, row-parallel and replicated (``disable_tp``).

Column: W → S (each rank computes out/g features). Row: S → P (each rank's partial product
over its in/g slice). Replicated: the full weight on every rank, W → W. Token layout passes
through: a linear is per token.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from layoutcheck.lattice import FeatureState
from layoutcheck.ops.base import (
    QUANT_CHOICES,
    Family,
    OpCall,
    OpSpec,
    OutLayout,
    RuleViolation,
    check_split_divides,
    choice,
    flag,
    group,
    reject_partial,
    require_features,
    size,
    warn_local_split,
)
from layoutcheck.ops.costing import (
    MMA_DTYPE,
    WEIGHT_BYTES,
    CostCall,
    OpCost,
    features,
    nbytes,
    rows,
)
from layoutcheck.symbols import Expr

_OUT_FEATURES = {
    "column": FeatureState.SPLIT,
    "row": FeatureState.PARTIAL,
    "replicated": FeatureState.WHOLE,
}


def _linear(call: OpCall) -> Sequence[OutLayout]:
    value = call.inputs[0]
    reject_partial(call)
    parallel = call.word("parallel")
    if parallel == "replicated" and value.features is FeatureState.SPLIT:
        raise RuleViolation(
            "norm-of-split",
            f"replicated linear of feature-SPLIT input {call.shape(value)}: a full weight "
            "needs every input feature",
            "make it row-parallel, or gather the features first",
            0,
        )
    features = _OUT_FEATURES[parallel]
    if parallel != "replicated":
        warn_local_split(call)
    if features is FeatureState.WHOLE:
        distributed = value.group if value.tokens.value == "local" else None
    else:
        distributed = call.group
    return (OutLayout(value.tokens, features, value.extent, distributed),)


def _linear_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    parallel = call.word("parallel")
    in_features, out_features = call.size("in_features"), call.size("out_features")
    if parallel == "row":
        check_split_divides(call, in_features, "in_features")
        require_features(call, 0, in_features / call.g, "a row-parallel linear")
        return ((out_features,),)
    require_features(call, 0, in_features, f"a {parallel} linear")
    if parallel == "column":
        check_split_divides(call, out_features, "out_features")
        return ((out_features / call.g,),)
    return ((out_features,),)


OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="linear",
        family=Family.LINEAR,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "in_features": size("global input features"),
            "out_features": size("global output features"),
            "parallel": choice("column", "row", "replicated", doc="weight sharding over group"),
            "quant": choice(*QUANT_CHOICES, default="bf16", doc="weight quantization"),
            "group": group(),
            "bias": flag(doc="has a bias"),
        },
        layout=_linear,
        shape=_linear_shape,
        doc=(
            "A matmul with a [in_features, out_features] weight. parallel: column shards the "
            "outputs (W → S, out/g per rank), row shards the inputs (S → P, needs an all_reduce "
            "or reduce_scatter after), replicated keeps the full weight on every rank "
            "(W → W; the engines' disable_tp). PARTIAL input is [partial-into-nonlinear]; "
            "per-rank input features must match [shape-mismatch]. Tokens pass through."
        ),
    ),
)


# -- cost: 2·t·in·out MMA in the weight's compute dtype; the rank's weight shard + activations -


def linear_cost(call: CostCall) -> OpCost:
    x, y = call.inputs[0], call.outputs[0]
    quant = str(call.attrs.get("quant", "bf16"))
    n_in, n_out = features(x), features(y)
    weight = n_in * n_out * WEIGHT_BYTES[quant]
    flops = 2 * rows(x) * n_in * n_out
    return OpCost(mma=((MMA_DTYPE[quant], flops),), hbm_bytes=weight + nbytes(x) + nbytes(y))


OPS = tuple(attrs.evolve(spec, cost=linear_cost) for spec in OPS)
