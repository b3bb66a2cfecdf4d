"""Ops that compute across the ranks of a group without changing a value's layout: a norm over
features split across the ranks (its sum of squares all-reduced), and a complete value scaled
by 1/g into a pending sum.

Both are what engines write where a plain norm or a plain add would be wrong: MiniMax-M2's and
OLMo-2's q/k norms span every head (vLLM ``minimax_rms_norm/rms_norm_tp.py``,
``MiniMaxText01RMSNormTP``), and a replicated shared expert joins the routed experts' pending sum
only once divided by the group (SGLang PR 31476). When the group exceeds the heads a norm spans
(KV heads at tp > kv_heads), each rank holds one head, replicated g/heads times, as vLLM's
``QKVParallelLinear`` keeps them (``layers/linear.py``: ``num_kv_head_replicas``, and
``shard_rank = tp_rank // num_kv_head_replicas``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.graph import Op
from layoutcheck.lattice import FeatureState
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
    group,
    keep_features,
    reduced,
    reject_partial,
    same_layout,
    size,
)
from layoutcheck.ops.costing import Comm, CostCall, OpCost, elementwise, rows
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import Sharding, Tensor, TensorKind, WeightCall, no_weights
from layoutcheck.symbols import Expr, format_expr

if TYPE_CHECKING:  # numpy only when a kernel runs: pricing a model never loads it
    import numpy as np
    import numpy.typing as npt

# -- distributed_rms_norm --------------------------------------------------------------------


@attrs.frozen
class Holding:
    """How the ranks of a group hold a width of ``heads`` heads: ``blocks`` distinct blocks of
    ``width`` features each, every block on ``replicas`` ranks (replicas > 1: more ranks than
    heads, each rank one head)."""

    width: Expr
    blocks: Expr
    replicas: Expr


def holding(call: OpCall, features: Expr, heads: Expr | None) -> Holding:
    """The blocks a SPLIT width of ``features`` is held in over the op's group: g blocks of
    features/g, or, where the group exceeds the heads, one head per rank and each head on
    g/heads ranks. Neither dividing the other is [indivisible] (no engine can place them)."""
    g = call.g
    if heads is None:
        return Holding(features / g, g, sympy.Integer(1))
    n_heads, n_g = call.context.numeric(heads), call.context.numeric(g)
    if n_heads is None or n_g is None or n_heads % n_g == 0:
        return Holding(features / g, g, sympy.Integer(1))
    if n_g % n_heads:
        raise RuleViolation(
            rules.INDIVISIBLE,
            f"{call.op.kind} spans {n_heads} heads over {format_expr(g)} = {n_g} ranks: the heads "
            "can neither be split over the ranks nor replicated evenly on them",
            "choose a group size that divides the heads or that they divide (vLLM's "
            "QKVParallelLinear needs one of the two)",
            waive=True,
        )
    return Holding(features / heads, heads, g / heads)


def _distributed_norm(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    # WHOLE input: every rank holds every feature, the all-reduced mean of the ranks' means is
    # the mean (a replicated projection feeding the engine's TP norm); SPLIT: the point of it
    return (same_layout(call.inputs[0]),)


def _optional(call: OpCall, key: str) -> Expr | None:
    value = call.op.attr(key)
    return value if isinstance(value, sympy.Expr) else None


def _distributed_norm_shape(
    call: OpCall, layouts: Sequence[OutLayout]
) -> Sequence[tuple[Expr, ...]]:
    x = call.inputs[0]
    features = call.size("features")
    heads = _optional(call, "heads")
    if x.features is FeatureState.SPLIT:
        held = holding(call, features, heads)
    else:
        held = Holding(features, sympy.Integer(1), sympy.Integer(1))
    width = x.shape[-1] if len(x.shape) > 1 else sympy.Integer(1)
    if len(x.shape) != 2 or not call.context.same(width, held.width):
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"{call.op.kind} of {call.shape(x)} ({x.layout}): a rank holds "
            f"{_number(call, held.width)} of the {_number(call, features)} features it "
            f"normalizes{_replica_note(call, held)}",
            "features is the global width the norm spans (heads·head_dim); a SPLIT input holds "
            "features/g per rank, or one head per rank where the group exceeds the heads",
            0,
            expected=x.evolve(shape=(x.shape[0] if x.shape else x.extent, held.width)),
        )
    shards = _optional(call, "weight_shards")
    if shards is not None:
        _require_weight_fits(call, features, shards, held)
    return (features_of(x),)


def _number(call: OpCall, expr: Expr) -> str:
    value = call.context.numeric(expr)
    return format_expr(expr) if value is None else str(value)


def _replica_note(call: OpCall, held: Holding) -> str:
    replicas = call.context.numeric(held.replicas)
    if replicas is None or replicas == 1:
        return ""
    return f" (one head, on {replicas} ranks each)"


def _require_weight_fits(call: OpCall, features: Expr, shards: Expr, held: Holding) -> None:
    """The rank's slice of the norm weight must be the features the rank holds: a weight cut
    into g pieces where the g ranks hold fewer distinct heads than g gives each rank a piece
    of a head (MiniMax-M2.5 at TP 16, 8 KV heads: 1024/16 = 64 weights for a 128-wide head)."""
    piece = features / shards
    n_features, n_shards = call.context.numeric(features), call.context.numeric(shards)
    fractional = n_features is not None and n_shards is not None and n_features % n_shards != 0
    if fractional or not call.context.same(piece, held.width):
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"{call.op.kind} weight cut into {_number(call, shards)} shards of "
            f"{_number(call, piece)}: each rank holds {_number(call, held.width)} features"
            f"{_replica_note(call, held)}",
            "shard the weight as the features are held: one shard per distinct block (heads "
            "when the group exceeds them), the rank's shard rank // replicas",
            0,
            recovered=(same_layout(call.inputs[0]), features_of(call.inputs[0])),
        )


def _distributed_norm_cost(call: CostCall) -> OpCost:
    """An RMS norm's vector work, and the all-reduce of one fp32 statistic per token (the
    ranks' means of squares) over the group."""
    compute = elementwise(4)(call)
    group_name = str(call.attrs.get("group", "tp"))
    statistic = rows(call.inputs[0]) * 4
    return attrs.evolve(
        compute, comm=Comm("all_reduce", group_name, call.group_size(group_name), statistic)
    )


def _distributed_norm_weights(call: WeightCall) -> tuple[Tensor, ...]:
    """The scale vector of ``features``, a rank holding its shard as its input holds the
    features. Where the group exceeds the heads, each head's shard is on g/heads ranks: the
    vector is counted as the ranks jointly hold it, features·g/heads split over g (as vLLM's
    QKVParallelLinear sizes a replicated K: output_sizes max(kv_heads, tp)·head_dim)."""
    features = call.size("features")
    x = call.inputs[0] if call.inputs else None
    if x is None or x.features is not FeatureState.SPLIT:
        return (call.tensor(call.op.name, (features,), Sharding.REPLICATED, kind=TensorKind.NORM),)
    heads = call.attrs.get("heads")
    group_name = str(call.attrs.get("group", "tp"))
    g = call.groups.get(group_name)
    if isinstance(heads, sympy.Expr) and g is not None:
        features = features * sympy.Max(1, g / heads)
    return (call.tensor(call.op.name, (features,), Sharding.TP_DIM0, kind=TensorKind.NORM),)


# -- partial_share ---------------------------------------------------------------------------


def _partial_share(call: OpCall) -> Sequence[OutLayout]:
    """x/g on every rank of the group: summed over the g ranks it is x again, so a complete
    value becomes a pending sum that may join another (a replicated shared expert's output
    added to the routed experts' before their one reduction)."""
    x = call.inputs[0]
    if x.features is FeatureState.PARTIAL:
        raise RuleViolation(
            rules.NON_SUM_REDUCTION_OF_PARTIAL,
            f"partial_share of a pending sum {call.shape(x)} ({x.layout}): each summand divided "
            "by g, so the reduction gives the value / g (an average)",
            "share only a complete value (reduce first), or drop the scale",
            0,
            expected=reduced(x),
        )
    if x.features is FeatureState.SPLIT:
        raise RuleViolation(
            rules.INCOMPLETE_FEATURES,
            f"partial_share of feature-SPLIT {call.shape(x)}: the ranks hold different "
            "features, so their sum is no share of one value",
            "gather the features first",
            0,
            expected=reduced(x),
        )
    return (OutLayout(x.tokens, FeatureState.PARTIAL, x.extent, call.group),)


OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="distributed_rms_norm",
        traits=frozenset({Trait.NORM, Trait.ROW_WISE}),
        family=Family.ELEMENTWISE,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "features": size("global width normalized (heads·head_dim)"),
            "heads": size(
                "heads in that width: where the group exceeds them, each rank holds one "
                "head, replicated g/heads times",
                required=False,
            ),
            "weight_shards": size(
                "shards the norm weight is cut into (the engine's weight_shard_world_size; "
                "default: as the features are held)",
                required=False,
            ),
            "group": group(),
            "eps": AttrSpec(AttrKind.TEXT, doc="epsilon, informative only"),
        },
        layout=_distributed_norm,
        shape=_distributed_norm_shape,
        summary="`*·S` → same (`*·W` too): the ranks' means of squares all-reduced; a rank "
        "holds `features/g`, or one head replicated `g/heads`× when `g > heads`",
        rules=(
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(
                rules.SHAPE_MISMATCH,
                "the rank's features or its weight shard are not what the group holds",
            ),
            RuleUse(rules.INDIVISIBLE, "the heads neither divide nor are divided by `g`"),
        ),
        doc=(
            "RMS normalization over a width split across the ranks of a group (MiniMax-M2's "
            "and OLMo-2's q/k norms over the whole projection): each rank's mean of squares, "
            "all-reduced and divided by g, then each rank scales its own features by its shard "
            "of the weight. Where the group exceeds the heads the width spans (KV heads at "
            "tp > kv_heads), a rank holds one head on g/heads ranks, and the mean of means "
            "still counts each head equally."
        ),
    ),
    OpSpec(
        kind="partial_share",
        traits=frozenset({Trait.ROW_WISE}),
        family=Family.ELEMENTWISE,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "group": group(),
            "how": choice(
                "scale",
                "leader",
                default="scale",
                doc="scale: x/g on every rank; leader: x on the group's first rank, zeros on "
                "the others",
            ),
        },
        layout=_partial_share,
        shape=keep_features,
        summary="`*·W` → `*·P`: x/g on each rank (or x on the first, zeros elsewhere), whose "
        "sum over the group is x",
        rules=(
            RuleUse(rules.NON_SUM_REDUCTION_OF_PARTIAL, "PARTIAL input (it would average)"),
            RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT input"),
        ),
        doc=(
            "A complete value replicated on the group, divided by the group size on every "
            "rank (or kept on the group's first rank and zeroed on the others): a valid "
            "pending sum, which may be added to another (the routed experts') and reduced once "
            "with it. SGLang scales its replicated shared-expert output by 1/ep this way (PR "
            "31476), and its dp_gather_replicate zeroes the non-leader attention-TP ranks' "
            "copies before its all-reduce; without either the reduction counts the value g "
            "times."
        ),
    ),
)


COSTS = {"distributed_rms_norm": _distributed_norm_cost, "partial_share": elementwise(1)}
WEIGHTS = {"distributed_rms_norm": _distributed_norm_weights, "partial_share": no_weights}
OPS = tuple(attrs.evolve(spec, cost=COSTS[spec.kind], weights=WEIGHTS[spec.kind]) for spec in OPS)


# -- simulator kernels -----------------------------------------------------------------------
# Written against the runner's interface (its group sizes, numbers and weights, and a held
# value's arrays and row positions), so this layer does not import the simulator; the registry
# hands them to it (Registry.kernels).

EPS = 1e-6  # the simulator's norm epsilon


class HeldValue(Protocol):
    arrays: tuple[npt.NDArray[np.float64], ...]
    positions: tuple[npt.NDArray[np.int64], ...]


class Runner(Protocol):
    def group(self, op: Op) -> int: ...
    def number(self, expr: object, what: str, op: str) -> int: ...
    def weight(
        self, op: Op | str, suffix: str, shape: tuple[int, ...]
    ) -> npt.NDArray[np.float64]: ...


def _held(like: HeldValue, arrays: Sequence[npt.NDArray[np.float64]]) -> HeldValue:
    return type(like)(tuple(arrays), like.positions)  # type: ignore[call-arg]  # the runner's Held


def k_distributed_rms_norm(rt: Runner, op: Op, xs: list[HeldValue]) -> list[HeldValue]:
    """Each rank's mean of squares, summed over the group and divided by g (the engine's
    all-reduce), and the rank's shard of the weight: shard ``r·shards // g`` of ``shards``."""
    import numpy as np

    x = xs[0]
    g = rt.group(op)
    width = rt.number(op.attr("features"), "features", op.name)
    given = op.attr("weight_shards")
    local = x.arrays[0].shape[-1]
    shards = width // local if given is None else rt.number(given, "weight_shards", op.name)
    weight = 1.0 + 0.1 * rt.weight(op, "weight", (width,)) * np.sqrt(width)
    means = [np.mean(a * a, axis=-1, keepdims=True) for a in x.arrays]
    piece = width // shards
    out = []
    for r, a in enumerate(x.arrays):
        variance = sum(means) / g if g > 1 else means[r]
        start = (r * shards // g) * piece if g > 1 else 0
        out.append(a / np.sqrt(variance + EPS) * weight[start : start + piece])
    return [_held(x, out)]


def k_partial_share(rt: Runner, op: Op, xs: list[HeldValue]) -> list[HeldValue]:
    x = xs[0]
    g = rt.group(op)
    if op.attr("how") == "leader":
        return [_held(x, [a if r == 0 or g == 1 else a * 0.0 for r, a in enumerate(x.arrays)])]
    return [_held(x, [a / g for a in x.arrays])]


KERNELS: Mapping[str, Callable[..., object]] = {
    "distributed_rms_norm": k_distributed_rms_norm,
    "partial_share": k_partial_share,
}
