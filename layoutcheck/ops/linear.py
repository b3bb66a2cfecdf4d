"""Linear layers: column-, row-parallel and replicated (``disable_tp``).

Column: W → S (each rank computes out/g features). Row: S → P (each rank's partial product
over its in/g slice). Replicated: the full weight on every rank, W → W. Token layout passes
through: a linear is per token.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from layoutcheck import rules
from layoutcheck.lattice import Dtype, FeatureState
from layoutcheck.ops.base import (
    AttrSpec,
    Family,
    OpCall,
    OpSpec,
    OutLayout,
    RuleUse,
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
    CostCall,
    OpCost,
    features,
    kernels,
    nbytes,
    rows,
)
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import Sharding, Tensor, WeightCall
from layoutcheck.quant import QUANT_CHOICES, mma_dtype, weight_bytes
from layoutcheck.roles import Part
from layoutcheck.symbols import Expr

_OUT_FEATURES = {
    "column": FeatureState.SPLIT,
    "row": FeatureState.PARTIAL,
    "replicated": FeatureState.WHOLE,
}


def linear_layout(call: OpCall) -> Sequence[OutLayout]:
    value = call.inputs[0]
    reject_partial(call)
    parallel = call.word("parallel")
    if parallel == "replicated" and value.features is FeatureState.SPLIT:
        raise RuleViolation(
            rules.INCOMPLETE_FEATURES,
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


def linear_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
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


def linear_dtype(call: OpCall) -> Sequence[Dtype]:
    out = call.op.attr("out_dtype")
    return (Dtype(str(out)) if out is not None else call.inputs[0].dtype,)


def linear_attrs(parallel: AttrSpec) -> dict[str, AttrSpec]:
    """The attrs of a linear (and of the fused ops that hold one), with its sharding."""
    return {
        "in_features": size("global input features"),
        "out_features": size("global output features"),
        "parallel": parallel,
        "quant": choice(*QUANT_CHOICES, default="bf16", doc="weight quantization"),
        "group": group(),
        "bias": flag(doc="has a bias"),
        "out_dtype": choice(
            *(d.value for d in Dtype),
            doc="the result's element type when not the input's (a quantized matmul of "
            "int8 activations that returns bf16)",
            optional=True,
        ),
    }


OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="linear",
        traits=frozenset({Trait.LINEAR}),
        family=Family.LINEAR,
        inputs=("x",),
        outputs=("out",),
        attrs=linear_attrs(choice("column", "row", "replicated", doc="weight sharding over group")),
        attr_aliases={"disable_tp": {True: ("parallel", "replicated")}},
        layout=linear_layout,
        shape=linear_shape,
        dtype=linear_dtype,
        summary="`column`: `*·W → *·S` (`out/g` per rank); `row`: `*·S → *·P` (reads `in/g`); "
        "`replicated`: `*·W → *·W` (the engines' `disable_tp`). Tokens pass through",
        rules=(
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT into `replicated`"),
            RuleUse(rules.SHAPE_MISMATCH, "per-rank input features"),
            RuleUse(rules.INDIVISIBLE, "`g` must divide the sharded size"),
            RuleUse(
                rules.LOCAL_FEATURE_SPLIT,
                "*(warning)* a column/row split started on tokens already LOCAL over the same "
                "group",
            ),
        ),
        doc=(
            "A matmul with a [in_features, out_features] weight. parallel: column shards the "
            "outputs, row shards the inputs (it needs an all_reduce or reduce_scatter after), "
            "replicated keeps the full weight on every rank (the engines' disable_tp)."
        ),
    ),
)


# -- cost: 2·t·in·out MMA in the weight's compute dtype; the rank's weight shard + activations -


def linear_cost(call: CostCall) -> OpCost:
    """The matmul; under a dynamic activation quantization (W8A8_DYNAMIC) of a float input,
    preceded by its own quantize kernel (reads the activation, writes int8), as TensorCast
    prices the step an engine runs before every such linear. An engine graph states that step
    as a quantize op of its own, so an int8 input is not quantized again."""
    x, y = call.inputs[0], call.outputs[0]
    quant = str(call.attrs.get("quant", "bf16"))
    n_in, n_out = features(x), features(y)
    weight = n_in * n_out * weight_bytes(quant)
    flops = 2 * rows(x) * n_in * n_out
    activations = rows(x) * n_in
    if quant.endswith("_dynamic") and x.dtype.is_float:
        quantize = OpCost(hbm_bytes=activations * (x.dtype.bytes + 1))
        matmul = OpCost(
            mma=((mma_dtype(quant, x.dtype), flops),),
            hbm_bytes=weight + activations + nbytes(y),
        )
        return kernels((("quantize", quantize), ("matmul", matmul)))
    return OpCost(
        mma=((mma_dtype(quant, x.dtype), flops),), hbm_bytes=weight + nbytes(x) + nbytes(y)
    )


# -- weights: one [out, in] tensor, sharded as the parallel mode says -----------------------

_SHARDING = {
    "column": Sharding.TP_DIM0,
    "row": Sharding.TP_DIM1,
    "replicated": Sharding.REPLICATED,
}
# How plain TP shards each projection (to measure what a layout replicates beyond TP).
_TP_SHARDING: Mapping[Part, Sharding] = {
    Part.Q_B_PROJ: Sharding.TP_DIM0,
    Part.Q_PROJ: Sharding.TP_DIM0,
    Part.QKV_PROJ: Sharding.TP_DIM0,
    Part.KV_B_PROJ: Sharding.TP_DIM0,
    Part.O_PROJ: Sharding.TP_DIM1,
    Part.GATE_UP_PROJ: Sharding.TP_DIM0,
    Part.GATE_PROJ: Sharding.TP_DIM0,
    Part.UP_PROJ: Sharding.TP_DIM0,
    Part.DOWN_PROJ: Sharding.TP_DIM1,
}


def linear_weights(call: WeightCall) -> tuple[Tensor, ...]:
    op = call.op
    sharding = _SHARDING[str(call.attrs["parallel"])]
    part = op.role.part if op.role is not None else None
    tp_sharding = _TP_SHARDING.get(part, sharding) if part is not None else sharding
    n_in, n_out = call.size("in_features"), call.size("out_features")
    if part is Part.GATE_UP_PROJ:
        # one merged linear in the graph, two tensors (gate_proj, up_proj) in the checkpoint
        base = op.name.removesuffix(".gate_up_proj")
        return tuple(
            call.tensor(f"{base}.{half}", (n_out / 2, n_in), sharding, tp_sharding=tp_sharding)
            for half in ("gate_proj", "up_proj")
        )
    return (call.tensor(op.name, (n_out, n_in), sharding, tp_sharding=tp_sharding),)


OPS = tuple(attrs.evolve(spec, cost=linear_cost, weights=linear_weights) for spec in OPS)
