"""Communication ops: all_reduce, reduce_scatter, all_gather, all_to_all, and the fused
GEMM + collective ops (matmul_reduce_scatter, all_gather_matmul).

Algebra (per group of g ranks): all_reduce = all_gather ∘ reduce_scatter, in values and bytes.
Only a pending sum (PARTIAL) can be reduced, only with sum, and only where every rank's rows
are the same tokens; only a LOCAL value can be gathered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.lattice import AbstractValue, Dtype, FeatureState, TokenLayout
from layoutcheck.ops.base import (
    AttrKind,
    AttrSpec,
    Family,
    OpCall,
    OpSpec,
    OutLayout,
    Recovered,
    RuleUse,
    RuleViolation,
    check_split_divides,
    choice,
    flag,
    group,
    keep_features,
    reject_partial,
    require_features,
    same_layout,
    size,
)
from layoutcheck.ops.costing import Comm, CostCall, CostRule, OpCost, kernels, nbytes
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import Tensor, WeightCall, no_weights
from layoutcheck.symbols import Expr, format_expr


def reduce_op(call: OpCall) -> str:
    """The collective's reduce op (sum unless the graph says avg or max)."""
    return call.word("reduce") if "reduce" in call.spec.attrs else "sum"


def require_reducible(call: OpCall, out: OutLayout) -> AbstractValue:
    """The checks of every sum-reduction of input 0 whose result has layout ``out``: a pending
    sum to reduce, over the value's own group, with sum, of rows that are the same tokens on
    every rank. After a violation checking goes on with ``out``, what the reduction was meant
    to give."""
    value = call.inputs[0]
    recovered = (out, _reduced_features(call, out))
    if value.features is not FeatureState.PARTIAL:
        if value.tokens is TokenLayout.LOCAL:
            effect = "its rows are different tokens on each rank, so it would add unrelated rows"
        else:
            number = call.context.numeric(call.g)
            times = format_expr(call.g) + ("" if number is None else f" = {number}")
            effect = f"the result would be g = {times} times too large"
        raise RuleViolation(
            rules.REDUCE_OF_COMPLETE,
            f"{call.op.kind} of a value with no pending sum ({value.layout}): {effect}",
            "remove this reduction: the value is already complete (a replicated linear or an "
            "earlier reduction produced it)",
            0,
            recovered=recovered,
        )
    # checking goes on with the rows the op as written leaves each rank: a scatter over its own
    # group (the ops after it are written for that group's rows), an in-place reduction of
    # LOCAL tokens the rows the value already held over its own group
    kept_rows = value.tokens is TokenLayout.LOCAL and out.tokens is TokenLayout.LOCAL
    held = attrs.evolve(out, group=value.group) if kept_rows else out
    # a token scatter meant over the value's own group (the group the hint names) leaves that
    # group's rows: the other reading, so the ops written for it are not reported either
    scattered = not kept_rows and out.tokens is TokenLayout.LOCAL and value.group is not None
    other = ((attrs.evolve(out, group=value.group), recovered[1]),) if scattered else ()
    _require_group(call, value, (held, recovered[1]), other)
    op = reduce_op(call)
    if op != "sum":
        effect = {
            "avg": f"the value divided by g = {format_expr(call.g)}",
            "max": "the largest rank's summand, not the sum",
        }[op]
        raise RuleViolation(
            rules.NON_SUM_REDUCTION_OF_PARTIAL,
            f"{call.op.kind} with reduce={op} of a pending sum ({value.layout}): the result is "
            f"{effect}",
            "reduce a PARTIAL value with reduce: sum (the default)",
            0,
            recovered=recovered,
        )
    if value.tokens is TokenLayout.LOCAL and out.tokens is TokenLayout.LOCAL:
        raise RuleViolation(
            rules.CROSS_TOKEN_REDUCTION,
            f"{call.op.kind} of a pending sum on LOCAL tokens {call.shape(value)} "
            f"({value.layout} over {call.group!r}): each rank's rows are different tokens, so "
            "the sum adds unrelated rows",
            "replicate the weights on local tokens (no reduction), or all_gather the tokens "
            "before the column-parallel linear and reduce_scatter after the row-parallel one",
            0,
            recovered=recovered,
        )
    return value


def _reduced_features(call: OpCall, out: OutLayout) -> tuple[Expr, ...]:
    """The per-rank features a reduction to ``out`` leaves: a feature scatter a block of the
    first feature dim (the shape rule's), anything else the value's own."""
    features = call.inputs[0].shape[1:]
    if out.features is FeatureState.SPLIT and call.inputs[0].features is not FeatureState.SPLIT:
        return (features[0] / call.g, *features[1:])
    return features


def _require_group(
    call: OpCall,
    value: AbstractValue,
    recovered: Recovered | None = None,
    other: tuple[Recovered, ...] = (),
) -> None:
    if value.group is not None and value.group != call.group:
        raise RuleViolation(
            rules.LAYOUT_MISMATCH,
            f"{call.op.kind} over group {call.group!r}, but the value is distributed over "
            f"group {value.group!r} ({value.layout})",
            f"use group {value.group!r}, the group the value was split or scattered over",
            0,
            recovered=recovered,
            expected=None if recovered is not None else value.evolve(group=call.group),
            recovered_readings=tuple((reading,) for reading in other),
        )


def _all_reduce(call: OpCall) -> Sequence[OutLayout]:
    value = call.inputs[0]
    group_name = call.group if value.tokens is TokenLayout.LOCAL else None
    out = OutLayout(value.tokens, FeatureState.WHOLE, value.extent, group_name)
    require_reducible(call, out)
    return (out,)


def scatter_dim(call: OpCall) -> int | None:
    """The dim a scatter or gather works on (``dim``, 0 the tokens, ``-1`` the last) as a
    non-negative index; None when the value has no such dim."""
    value = call.inputs[0]
    rank = max(len(value.shape), 1)
    number = dim_number(call.word("dim")) if "dim" in call.spec.attrs else 0
    if number is None or not -rank <= number < rank:
        return None
    return number % rank


def dim_number(text: str) -> int | None:
    """``"1"`` → 1, ``"-1"`` → -1; anything else None."""
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 3:
        return None
    return int(text)


def require_dim(call: OpCall, allowed: tuple[int, ...]) -> int:
    """[shape-mismatch]: only the token dim (0) and the first feature dim (1) have a layout.
    Checking goes on as the token collective the op usually is."""
    dim = scatter_dim(call)
    if dim in allowed:
        assert dim is not None
        return dim
    if call.waives(rules.SHAPE_MISMATCH):
        return 0
    value = call.inputs[0]
    raise RuleViolation(
        rules.SHAPE_MISMATCH,
        f"{call.op.kind} along dim {call.word('dim')} of {call.shape(value)}: "
        "only the token dim (0) or the first feature dim (1) has a layout",
        "scatter or gather dim 0 (tokens) or dim 1 (the features a SPLIT value shards)",
        0,
        waive=True,
    )


def _reduce_scatter(call: OpCall) -> Sequence[OutLayout]:
    if require_dim(call, (0, 1)) == 1:
        # along the features: F·P → F·S (a head-sharded reduction, as DCP decode's)
        value = call.inputs[0]
        out = OutLayout(value.tokens, FeatureState.SPLIT, value.extent, call.group)
        require_reducible(call, out)
        return (out,)
    return token_reduce_scatter(call)


def token_reduce_scatter(call: OpCall) -> Sequence[OutLayout]:
    """``F·P → L·W``: the reduce-scatter of sequence parallelism."""
    value = call.inputs[0]
    out = OutLayout(TokenLayout.LOCAL, FeatureState.WHOLE, value.extent, call.group)
    if value.tokens is TokenLayout.LOCAL:
        raise RuleViolation(
            rules.SHARD_OF_LOCAL,
            f"{call.op.kind} of a LOCAL value {call.shape(value)}: a second token sharding "
            f"would leave {format_expr(value.shape[0])}/{format_expr(call.g)} rows per rank",
            "the tokens are already sharded: use all_reduce (it keeps the LOCAL token layout)",
            0,
            recovered=(
                OutLayout(TokenLayout.LOCAL, FeatureState.WHOLE, value.extent, value.group),
                value.shape[1:],
            ),
        )
    require_reducible(call, out)
    call.require_divisible(value.extent, call.op.kind)
    return (out,)


def _all_gather(call: OpCall) -> Sequence[OutLayout]:
    if require_dim(call, (0, 1)) == 1:
        return _feature_gather(call)
    return _token_gather(call)


def _token_gather(call: OpCall) -> Sequence[OutLayout]:
    value = call.inputs[0]
    if value.tokens is TokenLayout.FULL:
        numeric = call.context.numeric
        rows = value.shape[0] * call.g
        shown = numeric(rows)
        grown = [format_expr(rows) if shown is None else str(shown)]
        before = [str(numeric(d) or format_expr(d)) for d in value.shape]
        after = grown + before[1:]
        raise RuleViolation(
            rules.GATHER_OF_FULL,
            f"{call.op.kind} of a FULL value: [{', '.join(before)}] would become "
            f"[{', '.join(after)}]",
            "the value already holds every token: drop this gather, or gather the LOCAL value "
            "it was meant for (the note says where this one became FULL)",
            0,
            recovered=(same_layout(value), value.shape[1:]),
        )
    if value.features is FeatureState.PARTIAL:
        raise RuleViolation(
            rules.PARTIAL_INTO_NONLINEAR,
            f"{call.op.kind} of a pending sum ({value.layout}): the gathered rows would still "
            "need a reduction",
            "reduce first (reduce_scatter keeps the tokens LOCAL), then gather",
            0,
            expected=value.evolve(features=FeatureState.WHOLE),
        )
    _require_group(call, value)
    features_group = value.group if value.features is FeatureState.SPLIT else None
    return (OutLayout(TokenLayout.FULL, value.features, value.extent, features_group),)


def _all_to_all(call: OpCall) -> Sequence[OutLayout]:
    value = call.inputs[0]
    send, receive = call.op.attr("send"), call.op.attr("receive")
    out = same_layout(value)
    if isinstance(receive, sympy.Expr):
        # the rows a rank holds afterwards are what it receives; the token layout stays the
        # owner's (a TP-local value sent over the EP group is still local over TP)
        local = value.tokens is TokenLayout.LOCAL
        g = call.context.groups[value.group or "tp"] if local else sympy.Integer(1)
        out = OutLayout(value.tokens, value.features, receive * g, value.group)
    if not call.attr("reduce_results"):
        out = OutLayout(out.tokens, FeatureState.PARTIAL, out.extent, call.word("reduce_group"))
    if isinstance(send, sympy.Expr) and not call.context.same(send, value.shape[0]):
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"all_to_all sends {call.context.numeric(send) or format_expr(send)} rows (the sum of "
            f"its input splits) of a value holding {call.shape(value)} ({value.layout})",
            "the input splits must add up to the rows the rank holds: the dispatch was sized "
            "for another token layout",
            0,
            recovered=(out, value.shape[1:]),
        )
    return (out,)


_GROUP_MISMATCH = RuleUse(rules.LAYOUT_MISMATCH, "the value is distributed over another group")


def _feature_gather(call: OpCall) -> Sequence[OutLayout]:
    value = call.inputs[0]
    if value.features is FeatureState.WHOLE:
        raise RuleViolation(
            rules.GATHER_OF_FULL,
            f"feature all_gather of complete features {call.shape(value)}: the result would be "
            "g copies side by side",
            "gather only a SPLIT value (a column-parallel output such as the vocabulary shards)",
            0,
            recovered=(same_layout(value), value.shape[1:]),
        )
    if value.features is FeatureState.PARTIAL:
        raise RuleViolation(
            rules.PARTIAL_INTO_NONLINEAR,
            f"feature all_gather of a pending sum ({value.layout})",
            "reduce the partial sums instead (all_reduce)",
            0,
            expected=value.evolve(features=FeatureState.SPLIT, group=call.group),
        )
    _require_group(call, value)
    tokens_group = value.group if value.tokens is TokenLayout.LOCAL else None
    return (OutLayout(value.tokens, FeatureState.WHOLE, value.extent, tokens_group),)


def _feature_gather_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    features = call.inputs[0].shape[1:]
    return ((features[0] * call.g, *features[1:]),)


def _gather_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    """A token gather keeps the features; a gather along dim 1 joins the feature blocks."""
    if scatter_dim(call) == 1:
        return _feature_gather_shape(call, layouts)
    return keep_features(call, layouts)


def _scatter_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    """A token reduce-scatter keeps the features; one along dim 1 leaves each rank a block."""
    features = call.inputs[0].shape[1:]
    if scatter_dim(call) == 1:
        return ((features[0] / call.g, *features[1:]),)
    return keep_features(call, layouts)


# -- fused GEMM + collective (Async TP, MC2): a linear and a collective in one kernel ----------


def _matmul_out(call: OpCall) -> AbstractValue:
    """The pending sum the row-parallel matmul of a matmul_reduce_scatter leaves before its
    reduction (never a port of the graph)."""
    x = call.inputs[0]
    return x.evolve(
        shape=(x.shape[0], call.size("out_features")),
        features=FeatureState.PARTIAL,
        group=call.group,
        id_range=None,
    )


def _matmul_reduce_scatter(call: OpCall) -> Sequence[OutLayout]:
    """A row-parallel linear, then the token reduce-scatter of its pending sum."""
    reject_partial(call)
    x = call.inputs[0]
    inner = OpCall(call.op, call.spec, (_matmul_out(call),), call.context, call.warnings,
                   call.waived)  # fmt: skip
    out = OutLayout(TokenLayout.LOCAL, FeatureState.WHOLE, x.extent, call.group)
    if scatter_dim(inner) != 0 and not call.waives(rules.FEATURE_SCATTER):
        raise RuleViolation(
            rules.FEATURE_SCATTER,
            f"matmul_reduce_scatter scatters dim {call.word('dim')} of its "
            f"{call.shape(inner.inputs[0])} result: the fused op is a token scatter (dim 0), "
            "so each rank would be left a feature block of every token",
            "scatter the token dim (dim: 0); for a feature reduce-scatter write linear + "
            "reduce_scatter (dim: 1)",
            0,
            recovered=(out, (call.size("out_features"),)),
        )
    return token_reduce_scatter(inner)


def _matmul_reduce_scatter_shape(
    call: OpCall, layouts: Sequence[OutLayout]
) -> Sequence[tuple[Expr, ...]]:
    in_features = call.size("in_features")
    check_split_divides(call, in_features, "in_features")
    require_features(call, 0, in_features / call.g, "the row-parallel matmul_reduce_scatter")
    return ((call.size("out_features"),),)


def _gathered(call: OpCall) -> tuple[OpCall, AbstractValue]:
    """The all_gather half of an all_gather_matmul: the call its linear half sees, on the
    gathered value."""
    layouts = _all_gather(call)
    (features,) = _gather_shape(call, layouts)
    (layout,) = layouts
    x = call.inputs[0]
    gathered = x.evolve(
        shape=(call.rows(layout), *features),
        tokens=layout.tokens,
        features=layout.features,
        extent=layout.extent,
        group=layout.group,
    )
    inner = OpCall(call.op, call.spec, (gathered,), call.context, call.warnings, call.waived)
    return inner, gathered


def _all_gather_matmul(call: OpCall) -> Sequence[OutLayout]:
    from layoutcheck.ops.linear import linear_layout

    inner, _ = _gathered(call)
    return linear_layout(inner)


def _all_gather_matmul_shape(
    call: OpCall, layouts: Sequence[OutLayout]
) -> Sequence[tuple[Expr, ...]]:
    from layoutcheck.ops.linear import linear_shape

    inner, _ = _gathered(call)
    return linear_shape(inner, layouts)


def reduce_attr() -> AttrSpec:
    return choice(
        "sum",
        "avg",
        "max",
        default="sum",
        doc="the reduce op (a pending sum needs sum; the engines' op= is read as it)",
    )


def dim_attr(doc: str) -> AttrSpec:
    """A tensor dim, as an engine counts it (0 the tokens, -1 the last): an index, so text
    (a size is positive)."""
    return AttrSpec(AttrKind.TEXT, default="0", doc=doc)


# engines name the reduce op ``op`` (torch.distributed's ReduceOp, PyTorch's fused ops)
REDUCE_ALIASES: Mapping[str, Mapping[object, tuple[str, object]]] = {
    "op": {word: ("reduce", word) for word in ("sum", "avg", "max")},
}
_REDUCE_RULES = (
    RuleUse(rules.NON_SUM_REDUCTION_OF_PARTIAL, "a PARTIAL input reduced with `avg` or `max`"),
)


OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="all_reduce",
        traits=frozenset({Trait.COLLECTIVE, Trait.REDUCTION}),
        family=Family.COMMUNICATION,
        inputs=("x",),
        outputs=("out",),
        attrs={"group": group(), "reduce": reduce_attr()},
        attr_aliases=REDUCE_ALIASES,
        layout=_all_reduce,
        shape=keep_features,
        summary="`F·P → F·W`; `L·P` is a cross-token sum (an error)",
        rules=(
            RuleUse(rules.REDUCE_OF_COMPLETE, "input not PARTIAL"),
            _GROUP_MISMATCH,
            *_REDUCE_RULES,
            RuleUse(
                rules.CROSS_TOKEN_REDUCTION,
                "`L·P` over the same group: the ranks' rows are different tokens",
            ),
        ),
        doc=(
            "Sums a pending partial value over the group and gives every rank the complete "
            "result. On LOCAL tokens the ranks hold different rows, so the sum adds unrelated "
            "tokens (cross-token-reduction; the RFC table's shared expert, which its contract "
            "keeps a warning as a cost-model shape). `reduce` (alias `op`) is sum, avg or max; "
            "a pending sum needs sum. Costs 2(g-1)/g of the bytes, whatever the reduce op."
        ),
    ),
    OpSpec(
        kind="reduce_scatter",
        traits=frozenset({Trait.COLLECTIVE, Trait.REDUCTION, Trait.TOKEN_SCATTER}),
        family=Family.COMMUNICATION,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "group": group(),
            "reduce": reduce_attr(),
            "dim": dim_attr("the scattered dim: 0 the tokens, 1 the first feature dim"),
        },
        attr_aliases=REDUCE_ALIASES,
        layout=_reduce_scatter,
        shape=_scatter_shape,
        summary="`F·P → L·W`; with `dim: 1`, `F·P → F·S`",
        rules=(
            RuleUse(rules.SHARD_OF_LOCAL, "LOCAL input"),
            RuleUse(rules.REDUCE_OF_COMPLETE, "not PARTIAL"),
            RuleUse(rules.INDIVISIBLE, "`g` must divide the token extent"),
            _GROUP_MISMATCH,
            *_REDUCE_RULES,
            RuleUse(rules.CROSS_TOKEN_REDUCTION, "`L·P` scattered along the features"),
            RuleUse(rules.SHAPE_MISMATCH, "`dim` beyond the first feature dim"),
        ),
        doc=(
            "Sums a FULL pending value over the group and leaves each rank its contiguous 1/g "
            "token slice. The first half of an all-reduce, used by sequence parallelism. "
            "`dim: 1` scatters the first feature dim instead (F·P → F·S, a head-sharded "
            "reduction). `reduce` (alias `op`) is sum, avg or max. Costs (g-1)/g of the bytes."
        ),
    ),
    OpSpec(
        kind="all_gather",
        traits=frozenset({Trait.COLLECTIVE, Trait.TOKEN_GATHER}),
        family=Family.COMMUNICATION,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "group": group(),
            "dim": dim_attr("the gathered dim: 0 the tokens, 1 the first feature dim"),
        },
        layout=_all_gather,
        shape=_gather_shape,
        summary="`L·W → F·W` (`L·S → F·S`); with `dim: 1`, as `feature_gather`",
        rules=(
            RuleUse(rules.GATHER_OF_FULL, "FULL input (its rows would become `T·g`)"),
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            _GROUP_MISMATCH,
            RuleUse(rules.SHAPE_MISMATCH, "`dim` beyond the first feature dim"),
        ),
        doc=(
            "Concatenates the LOCAL token slices of the group so every rank holds all rows. "
            "`dim: 1` (or the last dim of a 2-D value) gathers the feature blocks instead, as "
            "feature_gather. Costs (g-1)/g of the gathered bytes."
        ),
    ),
    OpSpec(
        kind="feature_gather",
        traits=frozenset({Trait.COLLECTIVE}),
        family=Family.COMMUNICATION,
        inputs=("x",),
        outputs=("out",),
        attrs={"group": group()},
        layout=_feature_gather,
        shape=_feature_gather_shape,
        summary="`*·S → *·W` along the features (tokens kept)",
        rules=(
            RuleUse(rules.GATHER_OF_FULL, "complete (WHOLE) features"),
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            _GROUP_MISMATCH,
        ),
        doc=(
            "An all_gather along the features (an engine's dim −1 gather of the LM head's "
            "vocabulary shards): it joins the rank's feature blocks; the tokens are not touched."
        ),
    ),
    OpSpec(
        kind="all_to_all",
        traits=frozenset({Trait.COLLECTIVE, Trait.EXPERT}),
        family=Family.COMMUNICATION,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "group": group("ep", "expert-parallel group"),
            "send": size("rows sent in all (the sum of the input splits)", required=False),
            "receive": size("rows received in all (the output splits' sum)", required=False),
            "reduce_results": flag(
                True,
                "false: the rows returned are still a pending sum over reduce_group (vLLM's "
                "combine over the DP group, its TP ranks' parts reduced by a later all_reduce)",
            ),
            "reduce_group": group("tp", "the group a reduce_results=false output is summed over"),
        },
        layout=_all_to_all,
        shape=keep_features,
        summary="→ same (expert dispatch/combine); with `receive`, that many rows afterwards",
        rules=(RuleUse(rules.SHAPE_MISMATCH, "`send` is not the rows the value holds"),),
        doc=(
            "Exchanges rows between ranks (expert dispatch and combine). Token layout and "
            "feature state are preserved from the point of view of the value's owner."
        ),
    ),
)


def _send_recv(call: OpCall) -> Sequence[OutLayout]:
    """The next pipeline stage's rank of the same tp rank receives exactly this rank's tensor:
    its rows are the same tokens and its features the same block, so the layout is kept."""
    return (same_layout(call.inputs[0]),)


OPS += (
    OpSpec(
        kind="send_recv",
        traits=frozenset({Trait.COLLECTIVE, Trait.POINT_TO_POINT}),
        family=Family.COMMUNICATION,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "span": size(
                "the aligned block of ranks that holds the sender and the receiver (a power "
                "of two): the innermost interconnect tier of at least that many ranks carries it",
                default=2,
            ),
        },
        layout=_send_recv,
        shape=keep_features,
        summary="→ same, on the next pipeline stage's rank of the same tp rank",
        doc=(
            "A pipeline stage boundary: each rank sends its tensor (the hidden state, the "
            "residual) to the rank of the same tp rank in the next stage, which holds it with "
            "the same layout. Priced as TensorCast's pipeline_send_recv: a collective's launch "
            "+ the tier's latency + the tensor's bytes over its bandwidth (× efficiency), on the "
            "innermost tier of at least `span` ranks."
        ),
    ),
)


def _fused_attrs(parallel: AttrSpec) -> dict[str, AttrSpec]:
    from layoutcheck.ops.linear import linear_attrs

    return linear_attrs(parallel)


def _fused_dtype(call: OpCall) -> Sequence[Dtype]:
    from layoutcheck.ops.linear import linear_dtype

    return linear_dtype(call)


OPS += (
    OpSpec(
        kind="matmul_reduce_scatter",
        traits=frozenset({Trait.LINEAR, Trait.COLLECTIVE, Trait.REDUCTION, Trait.TOKEN_SCATTER}),
        family=Family.COMMUNICATION,
        inputs=("x",),
        outputs=("out",),
        attrs={
            **_fused_attrs(choice("row", default="row", doc="the matmul is row-parallel")),
            "reduce": reduce_attr(),
            "dim": dim_attr("the scattered dim of the matmul's result: 0, the tokens"),
        },
        attr_aliases=REDUCE_ALIASES,
        layout=_matmul_reduce_scatter,
        shape=_matmul_reduce_scatter_shape,
        dtype=_fused_dtype,
        summary="`F·S → L·W`: a row-parallel linear and the reduce-scatter of its sum",
        rules=(
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(rules.SHAPE_MISMATCH, "per-rank input features (`in_features/g`)"),
            RuleUse(rules.INDIVISIBLE, "`g` must divide the token extent or `in_features`"),
            RuleUse(rules.SHARD_OF_LOCAL, "LOCAL input"),
            RuleUse(rules.FEATURE_SCATTER, "`dim` not the token dim"),
            *_REDUCE_RULES,
            _GROUP_MISMATCH,
        ),
        doc=(
            "A row-parallel linear fused with the reduce-scatter of its pending sum (Async "
            "TP's fused_matmul_reduce_scatter, MC2's matmul_reduce_scatter): each rank is left "
            "its 1/g token slice of the complete result. Attrs as linear's, with `reduce` "
            "(alias `op`) and the scattered `dim`, which must be the tokens'. Priced as the "
            "linear plus the reduce-scatter, one after the other (no overlap assumed)."
        ),
    ),
    OpSpec(
        kind="all_gather_matmul",
        traits=frozenset({Trait.LINEAR, Trait.COLLECTIVE, Trait.TOKEN_GATHER}),
        family=Family.COMMUNICATION,
        inputs=("x",),
        outputs=("out",),
        attrs={
            **_fused_attrs(
                choice("column", "replicated", default="column", doc="the matmul's sharding")
            ),
            "dim": dim_attr("the gathered dim: 0 the tokens, 1 the first feature dim"),
        },
        layout=_all_gather_matmul,
        shape=_all_gather_matmul_shape,
        dtype=_fused_dtype,
        summary="`L·W → F·S`: an all_gather and a column-parallel linear of its result",
        rules=(
            RuleUse(rules.GATHER_OF_FULL, "FULL input"),
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT into `replicated`"),
            RuleUse(rules.SHAPE_MISMATCH, "per-rank input features; `dim` beyond 1"),
            RuleUse(rules.INDIVISIBLE, "`g` must divide `out_features`"),
            _GROUP_MISMATCH,
        ),
        doc=(
            "An all_gather of the LOCAL tokens fused with the column-parallel (or replicated) "
            "linear that reads them (Async TP's fused_all_gather_matmul, MC2's "
            "all_gather_matmul). Attrs as linear's, with the gathered `dim`. Priced as the "
            "all-gather plus the linear on the gathered rows, one after the other."
        ),
    ),
)


# -- cost: the bytes of the full tensor each collective moves (α–β; see cost/timing.py) -----------


def _comm(kind: str, full: Callable[[CostCall], AbstractValue]) -> CostRule:
    def rule(call: CostCall) -> OpCost:
        group_name = call.attrs.get("group", "ep" if kind == "all_to_all" else "tp")
        assert isinstance(group_name, str)
        size = call.group_size(group_name)
        return OpCost(comm=Comm(kind, group_name, size, nbytes(full(call))))

    return rule


def _send_recv_cost(call: CostCall) -> OpCost:
    span = call.size("span") if "span" in call.attrs else sympy.Integer(2)
    return OpCost(comm=Comm("send_recv", "pp", span, nbytes(call.inputs[0])))


COSTS: Mapping[str, CostRule] = {
    "send_recv": _send_recv_cost,
    "feature_gather": _comm("all_gather", lambda call: call.outputs[0]),
    "all_reduce": _comm("all_reduce", lambda call: call.inputs[0]),
    "reduce_scatter": _comm("reduce_scatter", lambda call: call.inputs[0]),
    "all_gather": _comm("all_gather", lambda call: call.outputs[0]),
    "all_to_all": _comm("all_to_all", lambda call: call.inputs[0]),
}


def _with_comm(compute: OpCost, comm: Comm) -> OpCost:
    """The linear's kernels and the collective, summed: no overlap of the two is assumed (the
    conservative bound; an overlapped kernel is at least the larger of the two)."""
    if compute.separate:
        return kernels((*compute.parts, ("collective", OpCost(comm=comm))))
    return attrs.evolve(compute, comm=comm)


def _matmul_reduce_scatter_cost(call: CostCall) -> OpCost:
    from layoutcheck.ops.linear import linear_cost

    x = call.inputs[0]
    partial = x.evolve(
        shape=(x.shape[0], call.size("out_features")),
        features=FeatureState.PARTIAL,
        dtype=call.outputs[0].dtype,
        id_range=None,
    )
    matmul = linear_cost(attrs.evolve(call, outputs=(partial,)))
    group_name = str(call.attrs.get("group", "tp"))
    comm = Comm("reduce_scatter", group_name, call.group_size(group_name), nbytes(partial))
    return _with_comm(matmul, comm)


def _all_gather_matmul_cost(call: CostCall) -> OpCost:
    from layoutcheck.ops.linear import linear_cost

    x, y = call.inputs[0], call.outputs[0]
    group_name = str(call.attrs.get("group", "tp"))
    g = call.group_size(group_name)
    dim = dim_number(str(call.attrs.get("dim", "0")))
    along_features = dim in (1, -1) and len(x.shape) == 2
    shape = (x.shape[0], x.shape[1] * g) if along_features else (x.shape[0] * g, *x.shape[1:])
    gathered = x.evolve(shape=shape, tokens=y.tokens)
    matmul = linear_cost(attrs.evolve(call, inputs=(gathered,)))
    return _with_comm(matmul, Comm("all_gather", group_name, g, nbytes(gathered)))


def _fused_weights(call: WeightCall) -> tuple[Tensor, ...]:
    from layoutcheck.ops.linear import linear_weights

    return linear_weights(call)


COSTS = {
    **COSTS,
    "matmul_reduce_scatter": _matmul_reduce_scatter_cost,
    "all_gather_matmul": _all_gather_matmul_cost,
}
_WEIGHTS = {"matmul_reduce_scatter": _fused_weights, "all_gather_matmul": _fused_weights}
OPS = tuple(
    attrs.evolve(spec, cost=COSTS[spec.kind], weights=_WEIGHTS.get(spec.kind, no_weights))
    for spec in OPS
)
