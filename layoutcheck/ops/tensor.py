"""Tensor plumbing the engines' graphs are made of: per-rank views, casts, pointwise ops,
feature reductions and splits, activation quantization, and token selects.

Shapes here are per rank, as an engine writes them. Views never move the token dim: a view that
says another token count than its input holds is the stale view of TensorCast's bf16 crash.
Masks and products are linear in a pending sum only when the other operands are complete.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.errors import did_you_mean
from layoutcheck.lattice import Dtype, FeatureState, TokenLayout
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
    gathered,
    keep_features,
    like,
    reduced,
    reject_partial,
    same_layout,
    size,
    sizes,
)
from layoutcheck.ops.costing import (
    CostCall,
    CostRule,
    OpCost,
    copy,
    elements,
    elementwise,
    free,
    nbytes,
)
from layoutcheck.ops.functions import FUNCTIONS, Linearity, contradiction
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import WeightRule, no_weights
from layoutcheck.symbols import Expr, format_expr


def _product(dims: Sequence[Expr]) -> Expr:
    result: Expr = sympy.Integer(1)
    for dim in dims:
        result = result * dim
    return result


def _dims(call: OpCall, key: str) -> tuple[Expr, ...]:
    value = call.attr(key)
    assert isinstance(value, tuple)
    return value


# -- view ------------------------------------------------------------------------------------


def _view_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    value = call.inputs[0]
    rows, features = call.size("rows"), _dims(call, "features")
    if not call.context.same(rows, value.shape[0]):
        raise RuleViolation(
            rules.TOKEN_EXTENT,
            f"view of {call.shape(value)} ({value.layout}) to "
            f"{call.context.numeric(rows) or format_expr(rows)} token rows: "
            f"the value holds {call.context.numeric(value.shape[0]) or format_expr(value.shape[0])}"
            f" (a view cannot change the token count)",
            "after a token slice every view must say the sliced rows (T/tp): a view kept from "
            "before the slice (TensorCast's SP pass leaves them) describes tokens the rank lacks",
            0,
            recovered=(layouts[0], features),
        )
    if not call.context.same(_product(features), _product(value.shape[1:])):
        per_rank = ", ".join(format_expr(d) for d in features)
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"view of {call.shape(value)} to features [{per_rank}]: the per-rank feature "
            "products differ",
            "a view regroups the features of each token; the element count must stay",
            0,
            recovered=(layouts[0], features),
        )
    return (features,)


# -- pointwise ---------------------------------------------------------------------------------


def _broadcast(call: OpCall) -> tuple[Expr, ...]:
    """numpy broadcasting over the feature dims (right-aligned; equal or 1)."""
    out = list(features_of(call.inputs[0]))
    for slot, value in enumerate(call.inputs[1:], start=1):
        theirs = list(features_of(value))
        width = max(len(out), len(theirs))
        out = [sympy.Integer(1)] * (width - len(out)) + out
        theirs = [sympy.Integer(1)] * (width - len(theirs)) + theirs
        one = sympy.Integer(1)  # Context.same compares sympy values (a plain 1 has no is_Number)
        for index, (a, b) in enumerate(zip(out, theirs, strict=True)):
            if call.context.same(a, b) or call.context.same(b, one):
                continue
            if call.context.same(a, one):
                out[index] = b
                continue
            raise RuleViolation(
                rules.SHAPE_MISMATCH,
                f"{call.op.kind} operands do not broadcast: {call.shape(call.inputs[0])} and "
                f"{call.shape(value)}",
                "per rank the feature dims must be equal or 1 (a SPLIT operand holds g times "
                "fewer features than a WHOLE one)",
                slot,
                expected=value.evolve(shape=(value.shape[0], *call.inputs[0].shape[1:])),
            )
    return tuple(out)


def _pointwise(call: OpCall) -> Sequence[OutLayout]:
    first = call.inputs[0]
    for slot, other in enumerate(call.inputs[1:], start=1):
        same_rows = call.context.same(other.shape[0], first.shape[0])
        if other.tokens is not first.tokens or not same_rows:
            raise RuleViolation(
                rules.LAYOUT_MISMATCH,
                f"{call.op.kind} operands cover different tokens: {call.shape(first)} "
                f"{first.layout} and {call.shape(other)} {other.layout}",
                "bring both operands to one token layout first",
                slot,
                expected=like(other, first),
            )
    states = {value.features for value in call.inputs}
    if FeatureState.PARTIAL in states:
        partial = [i for i, v in enumerate(call.inputs) if v.features is FeatureState.PARTIAL]
        linearity = _linearity(call)
        if not _passes(linearity, partial, len(call.inputs)) or FeatureState.SPLIT in states:
            function = FUNCTIONS[call.word("fn")]
            raise RuleViolation(
                rules.PARTIAL_INTO_NONLINEAR,
                f"pointwise {function.name} of a pending sum (operand "
                f"{', '.join(map(str, partial))} of {len(call.inputs)}): the table of functions "
                f"says {function.facts}" + (f" — {function.doc}" if function.doc else ""),
                "reduce first: all_reduce or reduce_scatter before it",
                partial[-1],
                expected=reduced(call.inputs[partial[-1]]),
            )
        return (OutLayout(first.tokens, FeatureState.PARTIAL, first.extent, _group(call)),)
    if FeatureState.SPLIT in states:
        groups = {v.group for v in call.inputs if v.features is FeatureState.SPLIT}
        if len(groups) > 1:
            raise RuleViolation(
                rules.LAYOUT_MISMATCH,
                f"{call.op.kind} of values split over different groups {sorted(map(str, groups))}",
                "split both over the same group",
                1,
            )
        return (OutLayout(first.tokens, FeatureState.SPLIT, first.extent, groups.pop()),)
    return (same_layout(first),)


def _linearity(call: OpCall) -> Linearity:
    """The table's linearity for this use (its count of operands); ``linear: false`` narrows
    it to none, and states a ``where``'s (its fill is not in the graph)."""
    linearity = FUNCTIONS[call.word("fn")].linearity(len(call.inputs))
    stated = call.op.attr("linear")
    if linearity is Linearity.STATED:
        return Linearity.FIRST if stated is True else Linearity.NONE
    return Linearity.NONE if stated is False else linearity


def _passes(linearity: Linearity, partial: Sequence[int], operands: int) -> bool:
    """Does a pending sum in the operands ``partial`` pass a function of this linearity (the
    others complete)?"""
    if linearity is Linearity.FIRST:
        return list(partial) == [0]
    if linearity is Linearity.EACH:
        return len(partial) == 1
    if linearity is Linearity.ADDITIVE:
        return len(partial) == operands  # a complete operand would be added once per rank
    return False


def _function_check(attrs_: Mapping[str, object], operands: int) -> str | None:
    """Refuses a ``linear:`` the table of functions contradicts, and a count of operands the
    function does not take."""
    fn = str(attrs_.get("fn"))
    function = FUNCTIONS.get(fn)
    if function is None:
        return (
            f"unknown pointwise function {fn!r} ({did_you_mean(fn, list(FUNCTIONS))}see the "
            "table of functions in the reference)"
        )
    low, high = function.operands
    if not low <= operands <= high:
        takes = f"{low}" if low == high else f"{low} to {high}"
        return f"pointwise {fn} takes {takes} activation operand(s), got {operands}"
    return contradiction(fn, attrs_.get("linear"), operands)


def _group(call: OpCall) -> str | None:
    for value in call.inputs:
        if value.group is not None:
            return value.group
    return None


def _pointwise_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    return (_broadcast(call),)


# -- feature reductions, splits and quantization -----------------------------------------------


def _within_heads(call: OpCall) -> bool:
    """Does the reduction leave the first feature axis alone — the one a SPLIT value is split
    along (its heads) — so that each rank reduces inside its own heads (a gated norm's mean
    over each head of a head-split [t, heads, d]: Qwen3-Next's RMSNormGated,
    vllm/model_executor/layers/layernorm.py:312)?"""
    axes = call.attr("axes")
    value = call.inputs[0]
    return isinstance(axes, tuple) and len(value.shape) > 2 and 1 not in axes


def _feature_sum(call: OpCall) -> Sequence[OutLayout]:
    value = call.inputs[0]
    if value.features is FeatureState.SPLIT and not _within_heads(call):
        raise RuleViolation(
            rules.INCOMPLETE_FEATURES,
            f"feature_sum of feature-SPLIT input {call.shape(value)}: each rank would sum its "
            "own block only",
            "gather the features first, or reduce the partial sums the sum leaves",
            0,
            expected=reduced(value),
        )
    return (same_layout(value),)  # a sum is linear: a pending sum stays pending


def _feature_sum_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    return (_dims(call, "features"),)


def _feature_max(call: OpCall) -> Sequence[OutLayout]:
    """The max is not linear: the max of each rank's summand is not the max of the sum."""
    reject_partial(call)
    value = call.inputs[0]
    if value.features is FeatureState.SPLIT and not _within_heads(call):
        raise RuleViolation(
            rules.INCOMPLETE_FEATURES,
            f"feature_max of feature-SPLIT input {call.shape(value)}: each rank would take "
            "the max of its own block only",
            "gather the features first",
            0,
            expected=reduced(value),
        )
    layout = same_layout(value)
    return (layout, layout)


def _feature_max_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    features = _dims(call, "features")
    return (features, features)


def _feature_max_dtype(call: OpCall) -> Sequence[Dtype]:
    return (call.inputs[0].dtype, Dtype.INT64)


def _per_token(call: OpCall) -> Sequence[OutLayout]:
    """Each token's own complete features in, a function of them out: the operands must hold
    the same tokens; a pending sum or a rank's block of the features is refused, since a sort,
    a scan, a gather by feature index or a max of a part is not that of the whole."""
    first = call.inputs[0]
    for slot, other in enumerate(call.inputs[1:], start=1):
        if other.tokens is not first.tokens or not call.context.same(
            other.shape[0], first.shape[0]
        ):
            raise RuleViolation(
                rules.LAYOUT_MISMATCH,
                f"per_token ({call.word('fn')}) operands cover different tokens: "
                f"{call.shape(first)} {first.layout} and {call.shape(other)} {other.layout}",
                "bring both operands to one token layout first",
                slot,
                expected=like(other, first),
            )
    reject_partial(call)
    for slot, value in enumerate(call.inputs):
        if value.features is FeatureState.SPLIT:
            raise RuleViolation(
                rules.INCOMPLETE_FEATURES,
                f"per_token ({call.word('fn')}) of feature-SPLIT input {call.shape(value)}: each "
                "rank would see its own block of the features only",
                "gather the features first",
                slot,
                expected=reduced(value),
            )
    layout = same_layout(first)
    return (layout, layout)


def _feature_split(call: OpCall) -> Sequence[OutLayout]:
    layout = same_layout(call.inputs[0])
    return tuple(layout for _ in range(call.spec.output_count(call.op)))


def _feature_split_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    value = call.inputs[0]
    parts = _dims(call, "sizes")
    features = features_of(value)
    if not features or not call.context.same(sum(parts, sympy.Integer(0)), features[-1]):
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"feature_split sizes [{', '.join(format_expr(p) for p in parts)}] do not add up to "
            f"the last feature dim of {call.shape(value)}",
            "sizes are per-rank sizes along the last dim",
            0,
        )
    return tuple((*features[:-1], part) for part in parts)


def _quantize(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    return (same_layout(call.inputs[0]),)


def _to_int8(call: OpCall) -> Sequence[Dtype]:
    return (Dtype.INT8,)


def _cast_dtype(call: OpCall) -> Sequence[Dtype]:
    return (Dtype(call.word("dtype")),)


# -- token select ------------------------------------------------------------------------------


def _token_select(call: OpCall) -> Sequence[OutLayout]:
    value = call.inputs[0]
    if value.tokens is TokenLayout.LOCAL:
        raise RuleViolation(
            rules.LOCAL_TOKEN_SELECT,
            f"token_select of global positions from LOCAL tokens {call.shape(value)}: rank r "
            "holds only its own slice, so a position outside it is read out of range",
            "all_gather the value (the final norm's output) before selecting tokens",
            0,
            expected=gathered(value),
        )
    rows = call.size("rows")
    wanted, held = call.context.numeric(rows), call.context.numeric(value.extent)
    if wanted is not None and held is not None and wanted > held:
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"token_select of {wanted} rows from {call.shape(value)}: only {held} tokens exist",
            "select at most one token per row of the input (one sampled token per request)",
            0,
            recovered=(
                OutLayout(TokenLayout.FULL, value.features, rows, value.group),
                value.shape[1:],
            ),
        )
    group = value.group if value.features is not FeatureState.WHOLE else None
    return (OutLayout(TokenLayout.FULL, value.features, rows, group),)


def _opaque(call: OpCall) -> Sequence[OutLayout]:
    # an op nobody could type: its results are unknown, and nothing they feed is checked
    top = OutLayout(TokenLayout.TOP, FeatureState.WHOLE, sympy.Integer(0))
    return tuple(top for _ in range(call.spec.output_count(call.op)))


def _opaque_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    return tuple(() for _ in layouts)


DTYPE_CHOICES = tuple(d.value for d in Dtype)

OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="view",
        traits=frozenset({Trait.VIEW, Trait.ROW_WISE}),
        family=Family.TENSOR,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "rows": size("per-rank token rows the view states"),
            "features": sizes("per-rank feature dims after the view"),
        },
        layout=lambda call: (same_layout(call.inputs[0]),),
        shape=_view_shape,
        summary="per-rank view: token rows kept, feature dims regrouped; *transparent*",
        rules=(
            RuleUse(rules.TOKEN_EXTENT, "the view states another token count than it reads"),
            RuleUse(rules.SHAPE_MISMATCH, "the feature products differ"),
        ),
        transparent=True,
        doc=(
            "An engine's view, reshape or permute of an activation, in per-rank sizes: the "
            "token rows it states must be the rows the value holds (a 2-D view kept from before "
            "a token slice states T while the rank holds T/tp), and the feature dims regroup."
        ),
    ),
    OpSpec(
        kind="cast",
        traits=frozenset({Trait.CAST, Trait.ROW_WISE}),
        family=Family.TENSOR,
        inputs=("x",),
        outputs=("out",),
        attrs={"dtype": choice(*DTYPE_CHOICES, doc="element type after the cast")},
        layout=lambda call: (same_layout(call.inputs[0]),),
        shape=keep_features,
        dtype=_cast_dtype,
        summary="→ same, another dtype; *transparent*",
        transparent=True,
        doc="An element-type conversion (the router's cast to fp32). Layout unchanged.",
    ),
    OpSpec(
        kind="pointwise",
        traits=frozenset({Trait.POINTWISE, Trait.ROW_WISE}),
        family=Family.TENSOR,
        inputs=("x",),
        outputs=("out",),
        variadic=True,
        attrs={
            "fn": AttrSpec(
                AttrKind.TEXT, required=True, doc="a function of the table of functions"
            ),
            "linear": AttrSpec(
                AttrKind.BOOL,
                doc="optional: `false` narrows the table's linearity to none; `true` states a "
                "`where`'s (its fill is 0) and is refused on a function that is never linear",
            ),
        },
        attr_check=_function_check,
        layout=_pointwise,
        shape=_pointwise_shape,
        summary="operands on the same tokens, features broadcast; `P` passes as the table of "
        "functions says (x·m, x/m with m complete; x+y with both `P`)",
        rules=(
            RuleUse(rules.LAYOUT_MISMATCH, "operands cover different tokens or groups"),
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "a pending sum into a non-linear combination"),
            RuleUse(rules.SHAPE_MISMATCH, "feature dims that do not broadcast"),
        ),
        doc=(
            "An engine's elementwise op of one or more activations (mul, sub, div, where, …; "
            "scalar operands are attrs of the engine op and not inputs here). Whether a pending "
            "sum passes is the catalogue's table of functions' word, not the graph's: a product "
            "with a complete mask or scale is linear in the pending operand, a sum of two "
            "pending sums is one, and x + c (c once per rank) or a norm's pow and rsqrt are "
            "not. `linear: true` on a function that is never linear is refused (exit 2)."
        ),
    ),
    OpSpec(
        kind="feature_sum",
        traits=frozenset({Trait.ROW_WISE}),
        family=Family.TENSOR,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "axes": sizes("the feature axes summed, counted from 1 (the first feature dim)"),
            "features": sizes("per-rank feature dims after the sum"),
        },
        layout=_feature_sum,
        shape=_feature_sum_shape,
        summary="sum over feature dims, tokens kept; linear (`P` stays `P`)",
        rules=(RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT input summed across its heads"),),
        doc="A sum over some feature dims of each token (the weighted sum of the top-k experts' "
        "results, the router weights' normalisation).",
    ),
    OpSpec(
        kind="feature_max",
        traits=frozenset({Trait.ROW_WISE}),
        family=Family.TENSOR,
        inputs=("x",),
        outputs=("values", "indices"),
        attrs={
            "axes": sizes("the feature axes reduced, counted from 1 (the first feature dim)"),
            "features": sizes("per-rank feature dims after the max"),
        },
        layout=_feature_max,
        shape=_feature_max_shape,
        dtype=_feature_max_dtype,
        summary="max over feature dims, tokens kept: values and int64 indices; not linear",
        rules=(
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT input reduced across its heads"),
        ),
        doc="The max over some feature dims of each token, and where it is (a softmax's "
        "stabilizing max, a grouped router's best expert score per group). Each token's "
        "features must be complete and summed.",
    ),
    OpSpec(
        kind="per_token",
        traits=frozenset({Trait.ROW_WISE}),
        family=Family.TENSOR,
        inputs=("x",),
        outputs=("out", "indices"),
        variadic=True,
        attrs={
            "fn": AttrSpec(AttrKind.TEXT, required=True, doc="the engine op (sort, cumsum…)"),
            "features": sizes("per-rank feature dims of the result"),
        },
        layout=_per_token,
        shape=_feature_max_shape,
        dtype=_feature_max_dtype,
        summary="a function of each token's complete features (a sort, a scan, a gather or "
        "scatter by feature index, a non-linear reduction): tokens kept, values and int64 "
        "indices; not linear",
        rules=(
            RuleUse(rules.LAYOUT_MISMATCH, "operands cover different tokens"),
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT input"),
        ),
        doc=(
            "An engine op along the feature dims of each token: sort, top-k and arg-max "
            "(values, then indices), cumsum, gather, scatter and index_select by feature "
            "index, a min, product, variance or any over features. Its operands hold the "
            "same tokens (an index is an activation of its own); each token's features must "
            "be complete and summed, since none of these is linear in a pending sum or sees "
            "the whole row from a block."
        ),
    ),
    OpSpec(
        kind="feature_split",
        traits=frozenset({Trait.SPLIT, Trait.ROW_WISE}),
        family=Family.TENSOR,
        inputs=("x",),
        outputs=("part",),
        attrs={"sizes": sizes("per-rank size of each part along the last dim")},
        outputs_from="sizes",
        layout=_feature_split,
        shape=_feature_split_shape,
        summary="per-rank split of the last dim, layout kept (a merged column-parallel output "
        "splits into its SPLIT parts)",
        rules=(RuleUse(rules.SHAPE_MISMATCH, "sizes do not add up"),),
        doc=(
            "An engine's split of each rank's features, such as a merged gate_up projection's "
            "output into gate and up: engines shard each part separately, so a SPLIT value "
            "splits into SPLIT parts."
        ),
    ),
    OpSpec(
        kind="quantize",
        traits=frozenset({Trait.CAST, Trait.ROW_WISE}),
        family=Family.TENSOR,
        inputs=("x",),
        outputs=("out",),
        attrs={"scheme": choice("dynamic", "static", default="dynamic")},
        layout=_quantize,
        shape=keep_features,
        dtype=_to_int8,
        summary="→ same, int8; *transparent*",
        rules=(RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),),
        transparent=True,
        doc="Activation quantization before a W8A8 matmul (per-token dynamic scales, or a "
        "static one). Layout unchanged.",
    ),
    OpSpec(
        kind="opaque",
        traits=frozenset({Trait.OPAQUE}),
        family=Family.TENSOR,
        inputs=("x",),
        outputs=("out",),
        variadic=True,
        attrs={
            "target": AttrSpec(AttrKind.TEXT, required=True, doc="the engine op"),
            "ports": sizes("one entry per result"),
            # absent: no op map knows the target; else why its lowering could not follow it
            "reason": AttrSpec(AttrKind.TEXT, doc="why the op could not be followed"),
            # the import already reported an error at this op (a shard of a batch dim): its ⊤
            # is that error's, as a type error's is, not an op left unchecked
            "reported": flag(doc="an error at this op was reported where it was read"),
        },
        outputs_from="ports",
        layout=_opaque,
        shape=_opaque_shape,
        summary="→ ⊤ (an engine op no map knows or its lowering cannot follow; what it feeds "
        "is not checked)",
        doc="Stands for an engine op the op maps do not know, or one whose lowering cannot "
        "follow it (`reason` says why): an unchecked-op error naming it and the ops it leaves "
        "unchecked (a warning with --allow-unknown).",
    ),
    OpSpec(
        kind="token_select",
        traits=frozenset({Trait.TOKEN_SELECT}),
        family=Family.TENSOR,
        inputs=("x",),
        outputs=("out",),
        attrs={"rows": size("rows selected (the sampled tokens)")},
        layout=_token_select,
        shape=keep_features,
        summary="`F·* → F·*` with `rows` rows: global token positions",
        rules=(
            RuleUse(rules.LOCAL_TOKEN_SELECT, "LOCAL input"),
            RuleUse(rules.SHAPE_MISMATCH, "more `rows` than the input's tokens"),
        ),
        doc=(
            "Selects rows by global token position (the sampler's last token of each request, "
            "before the LM head): it needs FULL tokens."
        ),
    ),
)


# -- cost, weights -----------------------------------------------------------------------------


def _quantize_cost(call: CostCall) -> OpCost:
    """Reads the activation, writes int8 and one fp32 scale per token."""
    x = call.inputs[0]
    scales = x.shape[0] * 4
    return OpCost(vector=2 * elements(x), hbm_bytes=nbytes(x) + nbytes(call.outputs[0]) + scales)


COSTS: Mapping[str, CostRule] = {
    "view": free,
    "cast": copy,
    "pointwise": elementwise(1),
    "feature_sum": elementwise(1),
    "feature_max": elementwise(1),
    "per_token": elementwise(1),
    "feature_split": free,
    "quantize": _quantize_cost,
    "token_select": copy,
    "opaque": free,
}
WEIGHTS: Mapping[str, WeightRule] = {kind: no_weights for kind in COSTS}
OPS = tuple(attrs.evolve(spec, cost=COSTS[spec.kind], weights=WEIGHTS[spec.kind]) for spec in OPS)
