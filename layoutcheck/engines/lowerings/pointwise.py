"""Pointwise ops, feature sums, activations and quantizations of activations, and the
constants and shape queries a graph makes (data to the layout)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import first_act, like, opaque, token_axis
from layoutcheck.engines.values import Act, Data
from layoutcheck.graph import ValueRef
from layoutcheck.ops.traits import Trait

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering


def _pointwise(lw: Lowering) -> None:
    acts = [v for _, v in lw.tensor_args() if isinstance(v, Act)]
    if not acts:
        raise lw.fail("expects an activation among its operands")
    fn = str(lw.param.get("fn", "op"))
    # the op map says which functions are linear in their first activation operand when the
    # others are complete (mul, div, neg, add, …): a pending sum passes them
    linear = lw.param.get("linear") is True
    if lw.param.get("residual") is True and len(acts) == 2 and _same_shape(lw, *acts):
        ref = lw.emit("add", [acts[0].ref, acts[1].ref])  # the strict residual add
    else:
        ref = lw.emit("pointwise", [a.ref for a in acts], fn=fn, linear=linear)
    widest = _widest(lw, acts)
    # the result has the engine dims of the operand the others broadcast to: its batch dims,
    # and its order of the value's dims (a rope's product of a head-first [1, heads, t, d]
    # query with a [1, 1, t, d] table stays head-first)
    lw.bind(lw.output(0), Act(ref, widest.lead, widest.order, widest.folded))


def _widest(lw: Lowering, acts: Sequence[Act]) -> Act:
    """The operand with the most engine dims (the first of them on a tie)."""
    return max(acts, key=lambda a: len(a.lead) + len(lw.type(a).shape))


def _lead_of(acts: Sequence[Act]) -> tuple[int, ...]:
    return max(acts, key=lambda a: len(a.lead)).lead


def _same_shape(lw: Lowering, a: Act, b: Act) -> bool:
    return lw.numbers(a) is not None and lw.numbers(a) == lw.numbers(b)


def _where(lw: Lowering) -> None:
    condition = lw.act_arg("condition")
    values = [lw.act_arg("self"), lw.act_arg("other")]
    acts = [a for a in values if a is not None]
    if not acts:
        acts = [condition] if condition is not None else []
    if not acts:
        acts = [first_act(lw)]
    order = acts + ([condition] if condition is not None and condition not in acts else [])
    ref = lw.emit("pointwise", [a.ref for a in order], fn="where", linear=len(acts) == 1)
    lw.bind_act(lw.output(0), ref, acts[0].lead)


def _feature_reduction(lw: Lowering, kind: str, results: int) -> None:
    """A reduction over some of each token's features (``kind``, of ``results`` results: the
    sum's one, the max's values and indices); one over the tokens mixes ranks' rows, so it is
    left unchecked."""
    act = first_act(lw)
    numbers = lw.numbers(act)
    dims = lw.argv("dim")
    dims = (dims,) if isinstance(dims, int) and not isinstance(dims, bool) else dims
    keep = bool(lw.argv("keepdim", False))
    if numbers is None or not isinstance(dims, tuple) or not dims:
        every = "a reduction over every dim, the tokens among them"
        _unfollowed(lw, act if numbers is None else opaque(lw, act, every), results)
        return
    axes = sorted({token_axis(lw, act, d) for d in dims}, key=lambda a: -1 if a is None else a)
    if any(a is None or a == 0 for a in axes):
        _unfollowed(lw, opaque(lw, act, "a reduction over the tokens"), results)
        return
    features = [n for i, n in enumerate(numbers) if i > 0 and (i not in axes or keep)]
    if keep:
        features = [1 if i in axes else n for i, n in enumerate(numbers) if i > 0]
    ref = lw.emit(
        kind,
        [act.ref],
        axes=tuple(a for a in axes if a is not None),
        features=tuple(features) or (1,),
    )
    for port, out in enumerate(lw.outputs()[:results]):
        lw.bind_act(out, ValueRef(ref.op, port), act.lead)


def _unfollowed(lw: Lowering, value: Act, results: int) -> None:
    for out in lw.outputs()[:results]:
        lw.bind(out, value)


def _sum(lw: Lowering) -> None:
    _feature_reduction(lw, "feature_sum", 1)


def _max(lw: Lowering) -> None:
    """amax / max.dim: values (and max.dim's indices) of the max over the features."""
    _feature_reduction(lw, "feature_max", 2)


def _softmax(lw: Lowering) -> None:
    """softmax over a feature dim, as AOT decomposes it (max, subtract, exp, sum, divide), so a
    Dynamo-level graph gets the ops its ATen dump shows; each token's own features, complete:
    the max refuses a pending sum or split features. Over the tokens it mixes ranks' rows."""
    act = first_act(lw)
    numbers = lw.numbers(act)
    dim = lw.argv("dim")
    if numbers is None or not isinstance(dim, int) or isinstance(dim, bool):
        _unfollowed(lw, act if numbers is None else opaque(lw, act), 1)
        return
    axis = token_axis(lw, act, dim)
    if axis is None or axis == 0:
        _unfollowed(lw, opaque(lw, act, "a softmax over the tokens"), 1)
        return
    kept = tuple(1 if i == axis else n for i, n in enumerate(numbers) if i > 0)
    peak = lw.emit("feature_max", [act.ref], axes=(axis,), features=kept)
    shifted = lw.emit("pointwise", [act.ref, peak], fn="sub", linear=False)
    exps = lw.emit("pointwise", [shifted], fn="exp", linear=False)
    total = lw.emit("feature_sum", [exps], axes=(axis,), features=kept)
    ref = lw.emit("pointwise", [exps, total], fn="div", linear=False)
    lw.bind_act(lw.output(0), ref, act.lead)


def _activation(lw: Lowering) -> None:
    act = first_act(lw)
    ref = lw.emit("activation", [act.ref], fn=str(lw.param.get("fn", "silu")))
    lw.bind(lw.output(0), like([act], ref, act.lead))


def _quantize(lw: Lowering) -> None:
    act = first_act(lw)
    ref = lw.emit("quantize", [act.ref])
    outs = lw.outputs()
    lw.bind_act(outs[0] if outs else None, ref, act.lead)
    for out in outs[1:]:
        lw.bind(out, Data(None, "fp32", dynamic_scale=True))


def _constant(lw: Lowering) -> None:
    lw.data_outputs()


def _shape_query(lw: Lowering) -> None:
    # `sym_size(x, 0)` reads x's size, not its rows: no tensor work, a symbolic scalar that
    # later size arithmetic uses (vLLM's SP pass asks the reduce-scattered chunk's length)
    lw.data_outputs()


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec("pointwise", _pointwise, Trait.ROW_WISE),
        spec("where", _where, Trait.ROW_WISE),
        spec("sum", _sum, Trait.ROW_WISE),
        spec("feature_max", _max, Trait.ROW_WISE),
        spec("softmax", _softmax, Trait.ROW_WISE),
        spec("activation", _activation, Trait.ACTIVATION, Trait.ROW_WISE),
        spec("quantize", _quantize, Trait.CAST, Trait.ROW_WISE),
        spec("constant", _constant, source=True),
        spec("shape_query", _shape_query),
    )
)
