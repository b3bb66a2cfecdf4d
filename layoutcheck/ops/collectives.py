"""Communication ops: all_reduce, reduce_scatter, all_gather, all_to_all.

Algebra (per group of g ranks): all_reduce = all_gather ∘ reduce_scatter, in values and bytes.
Only a pending sum (PARTIAL) can be reduced; only a LOCAL value can be gathered.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.lattice import AbstractValue, FeatureState, TokenLayout
from layoutcheck.ops.base import (
    Family,
    OpCall,
    OpSpec,
    OutLayout,
    RuleUse,
    RuleViolation,
    group,
    keep_features,
    same_layout,
    size,
)
from layoutcheck.ops.costing import Comm, CostCall, CostRule, OpCost, nbytes
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import no_weights
from layoutcheck.symbols import Expr, format_expr


def _require_partial(call: OpCall) -> AbstractValue:
    value = call.inputs[0]
    if value.features is not FeatureState.PARTIAL:
        raise RuleViolation(
            rules.REDUCE_OF_COMPLETE,
            f"{call.op.kind} of a value with no pending sum ({value.layout}): the result would "
            f"be g = {format_expr(call.g)} times too large",
            "remove this reduction: the value is already complete (a replicated linear or an "
            "earlier reduction produced it)",
            0,
        )
    _require_group(call, value)
    return value


def _require_group(call: OpCall, value: AbstractValue) -> None:
    if value.group is not None and value.group != call.group:
        raise RuleViolation(
            rules.LAYOUT_MISMATCH,
            f"{call.op.kind} over group {call.group!r}, but the value is distributed over "
            f"group {value.group!r} ({value.layout})",
            f"use group {value.group!r}, the group the value was split or scattered over",
            0,
        )


def _all_reduce(call: OpCall) -> Sequence[OutLayout]:
    value = _require_partial(call)
    group_name = call.group if value.tokens is TokenLayout.LOCAL else None
    return (OutLayout(value.tokens, FeatureState.WHOLE, value.extent, group_name),)


def _reduce_scatter(call: OpCall) -> Sequence[OutLayout]:
    value = call.inputs[0]
    if value.tokens is TokenLayout.LOCAL:
        raise RuleViolation(
            rules.SHARD_OF_LOCAL,
            f"reduce_scatter of a LOCAL value {call.shape(value)}: a second token sharding "
            f"would leave {format_expr(value.shape[0])}/{format_expr(call.g)} rows per rank",
            "the tokens are already sharded: use all_reduce (it keeps the LOCAL token layout)",
            0,
        )
    _require_partial(call)
    call.require_divisible(value.extent, "reduce_scatter")
    return (OutLayout(TokenLayout.LOCAL, FeatureState.WHOLE, value.extent, call.group),)


def _all_gather(call: OpCall) -> Sequence[OutLayout]:
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
            f"all_gather of a FULL value: [{', '.join(before)}] would become [{', '.join(after)}]",
            "gather output 0 (the normalized value) only; keep the residual LOCAL",
            0,
        )
    if value.features is FeatureState.PARTIAL:
        raise RuleViolation(
            rules.PARTIAL_INTO_NONLINEAR,
            f"all_gather of a pending sum ({value.layout}): the gathered rows would still need "
            "a reduction",
            "reduce first (reduce_scatter keeps the tokens LOCAL), then gather",
            0,
        )
    _require_group(call, value)
    features_group = value.group if value.features is FeatureState.SPLIT else None
    return (OutLayout(TokenLayout.FULL, value.features, value.extent, features_group),)


def _all_to_all(call: OpCall) -> Sequence[OutLayout]:
    value = call.inputs[0]
    send, receive = call.op.attr("send"), call.op.attr("receive")
    if isinstance(send, sympy.Expr) and not call.context.same(send, value.shape[0]):
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"all_to_all sends {call.context.numeric(send) or format_expr(send)} rows (the sum of "
            f"its input splits) of a value holding {call.shape(value)} ({value.layout})",
            "the input splits must add up to the rows the rank holds: the dispatch was sized "
            "for another token layout",
            0,
        )
    if not isinstance(receive, sympy.Expr):
        return (same_layout(value),)
    # the rows a rank holds afterwards are what it receives; the token layout stays the
    # owner's (a TP-local value sent over the EP group is still local over TP)
    local = value.tokens is TokenLayout.LOCAL
    g = call.context.groups[value.group or "tp"] if local else sympy.Integer(1)
    return (OutLayout(value.tokens, value.features, receive * g, value.group),)


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
        )
    if value.features is FeatureState.PARTIAL:
        raise RuleViolation(
            rules.PARTIAL_INTO_NONLINEAR,
            f"feature all_gather of a pending sum ({value.layout})",
            "reduce the partial sums instead (all_reduce)",
            0,
        )
    _require_group(call, value)
    tokens_group = value.group if value.tokens is TokenLayout.LOCAL else None
    return (OutLayout(value.tokens, FeatureState.WHOLE, value.extent, tokens_group),)


def _feature_gather_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    features = call.inputs[0].shape[1:]
    return ((features[0] * call.g, *features[1:]),)


OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="all_reduce",
        traits=frozenset({Trait.COLLECTIVE, Trait.REDUCTION}),
        family=Family.COMMUNICATION,
        inputs=("x",),
        outputs=("out",),
        attrs={"group": group()},
        layout=_all_reduce,
        shape=keep_features,
        summary="`*·P →` same tokens `·W` (on LOCAL tokens it keeps them LOCAL)",
        rules=(RuleUse(rules.REDUCE_OF_COMPLETE, "input not PARTIAL"), _GROUP_MISMATCH),
        doc=(
            "Sums a pending partial value over the group and gives every rank the complete "
            "result. The token layout is kept: on LOCAL tokens it combines feature shards of "
            "the rank's own rows (the shared-expert reduction in sequence parallelism). "
            "Costs 2(g-1)/g of the bytes."
        ),
    ),
    OpSpec(
        kind="reduce_scatter",
        traits=frozenset({Trait.COLLECTIVE, Trait.REDUCTION, Trait.TOKEN_SCATTER}),
        family=Family.COMMUNICATION,
        inputs=("x",),
        outputs=("out",),
        attrs={"group": group()},
        layout=_reduce_scatter,
        shape=keep_features,
        summary="`F·P → L·W`",
        rules=(
            RuleUse(rules.SHARD_OF_LOCAL, "LOCAL input"),
            RuleUse(rules.REDUCE_OF_COMPLETE, "not PARTIAL"),
            RuleUse(rules.INDIVISIBLE, "`g` must divide the token extent"),
            _GROUP_MISMATCH,
        ),
        doc=(
            "Sums a FULL pending value over the group and leaves each rank its contiguous 1/g "
            "token slice. The first half of an all-reduce, used by sequence parallelism. "
            "Costs (g-1)/g of the bytes."
        ),
    ),
    OpSpec(
        kind="all_gather",
        traits=frozenset({Trait.COLLECTIVE, Trait.TOKEN_GATHER}),
        family=Family.COMMUNICATION,
        inputs=("x",),
        outputs=("out",),
        attrs={"group": group()},
        layout=_all_gather,
        shape=keep_features,
        summary="`L·W → F·W` (`L·S → F·S`)",
        rules=(
            RuleUse(rules.GATHER_OF_FULL, "FULL input (its rows would become `T·g`)"),
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            _GROUP_MISMATCH,
        ),
        doc=(
            "Concatenates the LOCAL token slices of the group so every rank holds all rows. "
            "Costs (g-1)/g of the gathered bytes."
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


# -- cost: the bytes of the full tensor each collective moves (α–β; see cost/timing.py) -----------


def _comm(kind: str, full: Callable[[CostCall], AbstractValue]) -> CostRule:
    def rule(call: CostCall) -> OpCost:
        group_name = call.attrs.get("group", "ep" if kind == "all_to_all" else "tp")
        assert isinstance(group_name, str)
        size = call.group_size(group_name)
        return OpCost(comm=Comm(kind, group_name, size, nbytes(full(call))))

    return rule


COSTS: Mapping[str, CostRule] = {
    "feature_gather": _comm("all_gather", lambda call: call.outputs[0]),
    "all_reduce": _comm("all_reduce", lambda call: call.inputs[0]),
    "reduce_scatter": _comm("reduce_scatter", lambda call: call.inputs[0]),
    "all_gather": _comm("all_gather", lambda call: call.outputs[0]),
    "all_to_all": _comm("all_to_all", lambda call: call.inputs[0]),
}
OPS = tuple(attrs.evolve(spec, cost=COSTS[spec.kind], weights=no_weights) for spec in OPS)
