"""Elementwise ops, norms and feature regrouping: add, rms_norm, layer_norm, add_rms_norm,
activation, rope, reshape, concat, split.

Addition is linear, so PARTIAL + PARTIAL stays PARTIAL; norms, activations and rope are not, so
a pending sum must be reduced before them. A norm needs all features of a token.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.lattice import AbstractValue, FeatureState
from layoutcheck.ops.base import (
    AttrKind,
    AttrSpec,
    Family,
    OpCall,
    OpSpec,
    OutLayout,
    RuleUse,
    RuleViolation,
    choice,
    features_of,
    flag,
    keep_features,
    reduced,
    reject_partial,
    require_agree,
    same_layout,
    size,
    sizes,
)
from layoutcheck.ops.costing import (
    ZERO,
    CostCall,
    CostRule,
    OpCost,
    copy,
    elements,
    elementwise,
    free,
)
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import Sharding, Tensor, TensorKind, WeightCall, WeightRule, no_weights
from layoutcheck.rules import Rule
from layoutcheck.symbols import Expr, format_expr


def _require_same_features(call: OpCall, slots: Sequence[int]) -> None:
    first = call.inputs[slots[0]]
    for slot in slots[1:]:
        other = call.inputs[slot]
        if len(other.shape) != len(first.shape) or not all(
            call.context.same(a, b) for a, b in zip(other.shape[1:], first.shape[1:], strict=True)
        ):
            raise RuleViolation(
                rules.SHAPE_MISMATCH,
                f"{call.op.kind} operands have different features: {call.shape(first)} and "
                f"{call.shape(other)}",
                "both operands must have the same per-rank feature dims",
                slot,
                expected=other.evolve(shape=(other.shape[0], *first.shape[1:])),
            )


def _reject_split(call: OpCall, slot: int = 0, rule: Rule = rules.NORM_OF_SPLIT) -> None:
    value = call.inputs[slot]
    if value.features is not FeatureState.SPLIT or call.waives(rule):
        return
    message = (
        f"{call.op.kind} of feature-SPLIT input {call.shape(value)} ({value.layout}): "
        "it needs every feature of a token"
    )
    hint = (
        "gather the features first, or feed it the output of a row-parallel linear after "
        "its reduction"
    )
    if rule is not rules.NORM_OF_SPLIT:
        raise RuleViolation(rule, message, hint, slot, expected=reduced(value))
    # A norm over split features was meant either as a distributed norm (each rank keeps its
    # block; the sum of squares all-reduced: vLLM's MiniMax QK norm) or over gathered features.
    # Checking goes on with both, each with the shape its state has, and the next op tells them
    # apart: calling the rank's block complete would report every op after it a second time.
    gathered = _features_gathered(call, slot)
    raise RuleViolation(
        rule, message, hint, slot, waive=True, readings=(gathered,) if gathered else ()
    )


def _features_gathered(call: OpCall, slot: int) -> tuple[AbstractValue, ...]:
    """The inputs with input ``slot``'s split features gathered (complete, all g blocks)."""
    value = call.inputs[slot]
    if len(value.shape) < 2:
        return ()  # no feature dim to gather: no other reading
    width = value.shape[1] * call.context.groups[value.group or "tp"]
    inputs = list(call.inputs)
    inputs[slot] = reduced(value).evolve(shape=(value.shape[0], width, *value.shape[2:]))
    return tuple(inputs)


def _add(call: OpCall) -> Sequence[OutLayout]:
    require_agree(call, (0, 1))
    _require_same_features(call, (0, 1))
    return (same_layout(call.inputs[0]),)


def _norm(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    if not call.attr("per_head"):  # a per-head norm (Qwen3's q_norm) is complete per head
        _reject_split(call)
    return (same_layout(call.inputs[0]),)


def _layer_norm(call: OpCall) -> Sequence[OutLayout]:
    # as rms_norm without per_head: the mean and the variance need every feature of a token
    reject_partial(call)
    _reject_split(call)
    return (same_layout(call.inputs[0]),)


def _add_norm(call: OpCall) -> Sequence[OutLayout]:
    # a pending sum first: the norm is not linear, so the missing reduction is the mistake
    # (its operands then also disagree on features, which would say less)
    reject_partial(call)
    require_agree(call, (0, 1))
    _require_same_features(call, (0, 1))
    _reject_split(call)
    layout = same_layout(call.inputs[0])
    return (layout, layout)


def _elementwise(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    return (same_layout(call.inputs[0]),)


def _linear_view(call: OpCall) -> Sequence[OutLayout]:
    return (same_layout(call.inputs[0]),)


def _activation_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    features = features_of(call.inputs[0])
    if call.word("fn") != "swiglu":
        return (features,)
    last = features[-1]
    if call.context.numeric(last) is not None and (call.context.numeric(last) or 0) % 2:
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"swiglu needs an even feature size, got {format_expr(last)}",
            "swiglu splits features into gate and up halves",
            0,
            recovered=(layouts[0], (*features[:-1], last / 2)),
        )
    return ((*features[:-1], last / 2),)


def _split_first(call: OpCall, size: Expr, features: FeatureState) -> Expr:
    return size / call.g if features is FeatureState.SPLIT else size


def _product(dims: Sequence[Expr]) -> Expr:
    result: Expr = sympy.Integer(1)
    for dim in dims:
        result = result * dim
    return result


def _reshape_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    value = call.inputs[0]
    wanted = call.attr("features")
    assert isinstance(wanted, tuple)
    per_rank = (_split_first(call, wanted[0], value.features), *wanted[1:])
    if not call.context.same(_product(per_rank), _product(value.shape[1:])):
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"reshape of {call.shape(value)} ({value.layout}) to features "
            f"[{', '.join(format_expr(d) for d in wanted)}]: per rank that is "
            f"[{', '.join(format_expr(d) for d in per_rank)}], and the feature products differ",
            "the features attr is global: for a SPLIT value its first dim is divided by g",
            0,
            recovered=(layouts[0], per_rank),
        )
    return (per_rank,)


def _concat(call: OpCall) -> Sequence[OutLayout]:
    require_agree(call, tuple(range(len(call.inputs))), "inputs")
    # A rank's block of a SPLIT value is a slice of its first feature axis; joining parts of
    # that axis per rank would not match the global parts, so a [tokens, features] concat needs
    # complete features. A per-head value [tokens, heads, d] joins along d, inside each of the
    # rank's own heads (the rotary embedding's halves): its split heads stay split.
    for slot, value in enumerate(call.inputs):
        if len(value.shape) <= 2:
            _reject_split(call, slot, rules.INCOMPLETE_FEATURES)
    return (same_layout(call.inputs[0]),)


def _concat_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    """The last dims add up; every other feature dim must agree."""
    first = call.inputs[0]
    for slot, value in enumerate(call.inputs):
        if len(value.shape) < 2 or len(value.shape) != len(first.shape):
            raise RuleViolation(
                rules.SHAPE_MISMATCH,
                f"concat joins the last dim of values of one rank; input {slot} is "
                f"{call.shape(value)}, input 0 {call.shape(first)}",
                "reshape the inputs to one rank (two dims, or per head) first",
                slot,
            )
        for dim, (a, b) in enumerate(zip(value.shape[1:-1], first.shape[1:-1], strict=True)):
            if not call.context.same(a, b):
                raise RuleViolation(
                    rules.SHAPE_MISMATCH,
                    f"concat inputs disagree on feature dim {dim + 1}: input {slot} is "
                    f"{call.shape(value)}, input 0 {call.shape(first)}",
                    "concatenate values of the same heads (only the last dim may differ)",
                    slot,
                )
    return ((*first.shape[1:-1], _sum_features(call)),)


def _sum_features(call: OpCall) -> Expr:
    total: Expr = sympy.Integer(0)
    for value in call.inputs:
        total = total + value.shape[-1]
    return total


def _split(call: OpCall) -> Sequence[OutLayout]:
    _reject_split(call, 0, rules.INCOMPLETE_FEATURES)
    layout = same_layout(call.inputs[0])
    return tuple(layout for _ in range(call.spec.output_count(call.op)))


def _split_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    value = call.inputs[0]
    parts = call.attr("sizes")
    assert isinstance(parts, tuple)
    per_rank = list(parts)  # complete features: the layout rule rejected SPLIT
    if len(value.shape) != 2 or not call.context.same(
        sum(per_rank, sympy.Integer(0)), value.shape[1]
    ):
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"split sizes [{', '.join(format_expr(p) for p in parts)}] do not add up to the "
            f"features of {call.shape(value)}",
            "sizes are global feature sizes along the last dim; they must sum to it",
            0,
            recovered=tuple(
                (layout, (part,)) for layout, part in zip(layouts, per_rank, strict=True)
            ),
        )
    return tuple((part,) for part in per_rank)


_EPS = AttrSpec(AttrKind.TEXT, doc="epsilon, informative only")
# an engine's norm written out in elementwise ops (a decomposed nn.LayerNorm, Command-R's
# rms_norm_func): the same norm, but no norm op an engine's fusion pass could match
_WRITTEN = flag(doc="written out by the engine in elementwise ops (no fused norm op)")
_MISMATCH = RuleUse(rules.LAYOUT_MISMATCH, "operands disagree on tokens, extent, features or group")
_FEATURES = RuleUse(rules.SHAPE_MISMATCH, "different feature dims")
_PARTIAL = RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input")
_SPLIT_NORM = RuleUse(rules.NORM_OF_SPLIT, "SPLIT input")
_SPLIT_INPUT = RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT input")

OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="add",
        traits=frozenset({Trait.RESIDUAL_ADD, Trait.ROW_WISE}),
        family=Family.ELEMENTWISE,
        inputs=("a", "b"),
        outputs=("out",),
        layout=_add,
        shape=keep_features,
        summary="operands agree on tokens, extent, features and group → same; `P + P = P`",
        rules=(_MISMATCH, _FEATURES),
        doc=(
            "Elementwise sum. The classic bug is a FULL [N, H] residual added to a LOCAL "
            "[N/tp, H] hidden state. Addition is linear: PARTIAL + PARTIAL is PARTIAL."
        ),
    ),
    OpSpec(
        kind="rms_norm",
        traits=frozenset({Trait.NORM, Trait.ROW_WISE}),
        family=Family.ELEMENTWISE,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "eps": _EPS,
            "per_head": flag(doc="normalizes each head of the last dim (heads may be SPLIT)"),
            "written": _WRITTEN,
        },
        layout=_norm,
        shape=keep_features,
        summary="`*·W` → same",
        rules=(_PARTIAL, _SPLIT_NORM),
        doc=(
            "RMS normalization over the features of each token: not linear (no pending sums), "
            "and it needs all features — unless per_head, when each head is normalized on its "
            "own and the heads may be split. Token layout passes through."
        ),
    ),
    OpSpec(
        kind="layer_norm",
        traits=frozenset({Trait.NORM, Trait.ROW_WISE}),
        family=Family.ELEMENTWISE,
        inputs=("x",),
        outputs=("out",),
        attrs={"eps": _EPS, "written": _WRITTEN},
        layout=_layer_norm,
        shape=keep_features,
        summary="`*·W` → same",
        rules=(_PARTIAL, _SPLIT_NORM),
        doc=(
            "Layer normalization over the features of each token: subtracts their mean, divides "
            "by their standard deviation, then scales and shifts (a weight and a bias). Not "
            "linear, and it needs all features; token layout passes through."
        ),
    ),
    OpSpec(
        kind="add_rms_norm",
        traits=frozenset({Trait.NORM, Trait.FUSED_ADD_NORM, Trait.ROW_WISE}),
        family=Family.ELEMENTWISE,
        inputs=("x", "residual"),
        outputs=("normalized", "residual"),
        attrs={"eps": _EPS},
        layout=_add_norm,
        shape=keep_features,
        summary="as `add`, then as `rms_norm`; output 1 is `x + residual`",
        rules=(_MISMATCH, _FEATURES, _PARTIAL, _SPLIT_NORM),
        aliases=("add_rms_norm2",),
        doc=(
            "Fused residual add and RMS norm: output 0 is norm(x + residual), output 1 the new "
            "residual x + residual. In sequence parallelism output 0 may be gathered, output 1 "
            "never."
        ),
    ),
    OpSpec(
        kind="activation",
        traits=frozenset({Trait.ACTIVATION, Trait.ROW_WISE}),
        family=Family.ELEMENTWISE,
        inputs=("x",),
        outputs=("out",),
        attrs={"fn": choice("silu", "swiglu", "gelu", "relu", "sigmoid", doc="function")},
        layout=_elementwise,
        shape=_activation_shape,
        summary="→ same; `swiglu` halves the last feature dim; SPLIT is fine",
        rules=(_PARTIAL, RuleUse(rules.SHAPE_MISMATCH, "odd size into `swiglu`")),
        doc=(
            "Elementwise activation (silu, gelu, relu, sigmoid) or swiglu, which multiplies the "
            "silu of the gate half by the up half and so halves the features. Not linear; "
            "per feature, so SPLIT input is fine."
        ),
    ),
    OpSpec(
        kind="rope",
        traits=frozenset({Trait.ROTARY, Trait.ROW_WISE}),
        family=Family.ELEMENTWISE,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "rotary_dim": size("dims turned per head (default: all)", required=False),
            "head_dim": size("dims per head, when rotary_dim is given", required=False),
            "launch": flag(True, "its own kernel (false: turned in the previous rope's kernel)"),
        },
        layout=_elementwise,
        shape=keep_features,
        summary="→ same",
        rules=(_PARTIAL,),
        doc=(
            "Rotary position embedding, per token and per head. Position-dependent, so it must "
            "know each row's global position (a LOCAL slice starts at rank·T/g); not linear in "
            "the sense of a pending sum."
        ),
    ),
    OpSpec(
        kind="reshape",
        traits=frozenset({Trait.VIEW, Trait.ROW_WISE}),
        family=Family.ELEMENTWISE,
        inputs=("x",),
        outputs=("out",),
        attrs={"features": sizes("global feature dims after the reshape")},
        layout=_linear_view,
        shape=_reshape_shape,
        summary="token dim kept, feature dims regrouped (`[t, 64, 256] → [t, 16384]`); for a "
        "SPLIT value the first size is divided by `g`; *transparent*",
        rules=(RuleUse(rules.SHAPE_MISMATCH, "per-rank feature products differ"),),
        transparent=True,
        doc=(
            "Regroups the feature dims of each token (e.g. [t, 64, 256] → [t, 16384]); the "
            "token dim is kept. features are global sizes: for a SPLIT value the first one is "
            "divided by g."
        ),
    ),
    OpSpec(
        kind="concat",
        traits=frozenset({Trait.ROW_WISE}),
        family=Family.ELEMENTWISE,
        inputs=("a", "b"),
        outputs=("out",),
        variadic=True,
        layout=_concat,
        shape=_concat_shape,
        summary="along the features; inputs agree as for `add`",
        rules=(
            _MISMATCH,
            _SPLIT_INPUT,
            RuleUse(rules.SHAPE_MISMATCH, "an input is not `[tokens, features]`"),
        ),
        doc=(
            "Concatenates two or more [tokens, features] values along the features, all with "
            "complete features (e.g. the vLLM-Ascend key side cat(k_pe, k_nope, k_indexer) → "
            "[T/tp, 704])."
        ),
    ),
    OpSpec(
        kind="split",
        traits=frozenset({Trait.SPLIT, Trait.ROW_WISE}),
        family=Family.ELEMENTWISE,
        inputs=("x",),
        outputs=("part",),
        attrs={"sizes": sizes("global feature size of each part")},
        outputs_from="sizes",
        layout=_split,
        shape=_split_shape,
        summary="along the features, layout kept",
        rules=(_SPLIT_INPUT, RuleUse(rules.SHAPE_MISMATCH, "sizes do not add up")),
        doc=(
            "Splits the features of a [tokens, features] value into one output per entry of "
            "sizes; they must add up to the features, which must be complete."
        ),
    ),
)


# -- cost: vector work per element (norm: square, mean, rsqrt, scale), read + write ----------


def _rope_cost(call: CostCall) -> OpCost:
    """Rotary embedding: 4 operations per turned element, read and written in place; only
    the rotary dims of each head when given (MLA turns 64 of a head's 256)."""
    x = call.inputs[0]
    turned = elements(x)
    rotary, head = call.attrs.get("rotary_dim"), call.attrs.get("head_dim")
    if isinstance(rotary, sympy.Expr) and isinstance(head, sympy.Expr):
        turned = turned * rotary / head
    # a rope turned in the kernel of the one before it (TensorCast's apply_rope turns q and
    # k in one launch) adds its work but no launch
    fused = call.attrs.get("launch") is False
    return OpCost(
        vector=4 * turned,
        hbm_bytes=2 * turned * x.dtype.bytes,
        extra_launches=sympy.Integer(-1) if fused else ZERO,
    )


COSTS: Mapping[str, CostRule] = {
    "add": elementwise(1),
    "rms_norm": elementwise(4),
    "layer_norm": elementwise(7),  # rms_norm's 4, the mean (sum, subtract) and the bias
    "add_rms_norm": elementwise(3),  # two outputs: 6 per element in all
    "activation": elementwise(4),
    "rope": _rope_cost,
    "reshape": free,
    "concat": copy,
    "split": copy,
}


# -- weights: a norm holds its scale vector, replicated ------------------------------------


def norm_weights(call: WeightCall) -> tuple[Tensor, ...]:
    width = call.inputs[0].shape[-1]
    return (
        call.tensor(
            call.op.name, (width,), Sharding.REPLICATED, kind=TensorKind.NORM, role=call.op.role
        ),
    )


def norm_weights_and_bias(call: WeightCall) -> tuple[Tensor, ...]:
    """A layer norm's scale vector and its shift (``<module>.bias``), both replicated."""
    (scale,) = norm_weights(call)
    return (scale, attrs.evolve(scale, name=f"{scale.module}.bias"))


WEIGHTS: Mapping[str, WeightRule] = {
    "rms_norm": norm_weights,
    "layer_norm": norm_weights_and_bias,
    "add_rms_norm": norm_weights,
}
OPS = tuple(
    attrs.evolve(spec, cost=COSTS[spec.kind], weights=WEIGHTS.get(spec.kind, no_weights))
    for spec in OPS
)
