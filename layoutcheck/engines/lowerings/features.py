"""Ops along each token's features, as PyTorch's core ATen opset has them: reductions (amin,
prod, var, any, argmax, mean…), sorts and feature top-k, scans (cumsum), flips and repeats,
index ops (gather, scatter, index_select, index_put, select_scatter), stacks and unbinds.

Along a feature dim each is the catalogue's ``per_token`` (a linear reduction its
``feature_sum``): a function of the token's own features. Along the token dim it mixes the
ranks' rows, which no token layout describes: an opaque op saying so, reported where it is
(unchecked-op), never a silent ⊤. The op map's ``fn`` names the function, ``linear`` marks a
reduction a pending sum passes (mean), ``indices`` one whose result is the indices (argmax),
``alike`` one whose two results have one shape and type (var_mean).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import first_act, opaque
from layoutcheck.engines.lowerings.views import opaque_results, split_into
from layoutcheck.engines.values import Act, Data
from layoutcheck.graph import ValueRef
from layoutcheck.ops.traits import Trait

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering


def _fn(lw: Lowering) -> str:
    return str(lw.param.get("fn", lw.current_node.target))


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _dims(value: object) -> tuple[int, ...] | None:
    """A dim argument as a tuple of ints (None: none given, or not ints)."""
    if _int(value) is not None:
        return (int(value),)  # type: ignore[call-overload]
    if isinstance(value, tuple) and value and all(_int(d) is not None for d in value):
        return value
    return None


def _axes(lw: Lowering, act: Act, dims: Sequence[int]) -> tuple[int, ...] | None:
    """Engine dims as axes of the layoutcheck value (0 the tokens, 1… the features); None
    where the value's dims are not the engine's (a permuted or head-folded value) or a dim is
    a lead (batch) dim or out of range."""
    numbers = lw.numbers(act)
    if numbers is None or act.order is not None or act.folded:
        return None
    rank = len(act.lead) + len(numbers)
    axes = []
    for dim in dims:
        if not -rank <= dim < rank:
            return None
        axis = dim % rank - len(act.lead)
        if axis < 0:
            return None
        axes.append(axis)
    return tuple(sorted(set(axes)))


def _bind_all(lw: Lowering, value: Act) -> None:
    for out in lw.outputs():
        lw.bind(out, value)


def _refuse(lw: Lowering, act: Act, why: str) -> None:
    """Every result unchecked, the op saying ``why`` (⊤ stays ⊤, counted where it began)."""
    _bind_all(lw, opaque(lw, act, why))


def _where_not_followed(lw: Lowering, axes: tuple[int, ...] | None) -> str | None:
    """Why the op cannot be followed along ``axes`` (None: it can)."""
    fn = _fn(lw)
    if axes is None:
        return f"{fn} over a batch dim or of a permuted value"
    if 0 in axes:
        return f"{fn} along the tokens"
    return None


def _emit(
    lw: Lowering,
    acts: Sequence[Act],
    features: Sequence[int],
    ports: Sequence[int] = (0, 1),
    fn: str | None = None,
) -> None:
    """``per_token`` of ``acts`` with result features ``features``: output k of the node is
    the op's port ``ports[k]``."""
    ref = lw.emit(
        "per_token", [a.ref for a in acts], fn=fn or _fn(lw), features=tuple(features) or (1,)
    )
    outs = lw.outputs()
    for out, port in zip(outs, ports, strict=False):
        lw.bind_act(out, ValueRef(ref.op, port), acts[0].lead)


# -- reductions ----------------------------------------------------------------------------


def _reduce(lw: Lowering) -> None:
    """A reduction over dims: over features a per-token function (a linear one, such as the
    mean, a ``feature_sum``); with no dim, or over the token dim, it mixes tokens."""
    act = first_act(lw)
    numbers = lw.numbers(act)
    if numbers is None:
        _bind_all(lw, act)  # ⊤ upstream
        return
    given = lw.argv("dim")
    if given is None or given == ():  # no dim: every dim, the tokens among them
        _refuse(lw, act, f"{_fn(lw)} over every dim, the tokens among them")
        return
    dims = _dims(given)
    axes = _axes(lw, act, dims) if dims is not None else None
    why = _where_not_followed(lw, axes)
    if why is not None or axes is None:
        _refuse(lw, act, why or "")
        return
    keep = bool(lw.argv("keepdim", False))
    features = [
        1 if i in axes else n for i, n in enumerate(numbers) if i > 0 and (keep or i not in axes)
    ]
    if lw.param.get("linear") is True:  # a mean: a sum and a constant factor
        ref = lw.emit("feature_sum", [act.ref], axes=axes, features=tuple(features) or (1,))
        lw.bind_act(lw.output(0), ref, act.lead)
        return
    # argmax / argmin: the result is the index port; var_mean: two float results alike
    ports: tuple[int, ...] = (0, 1)
    if lw.param.get("indices") is True:
        ports = (1,)
    elif lw.param.get("alike") is True:
        ports = (0, 0)
    _emit(lw, [act], features, ports)


# -- ops that keep each token's features' shape: scans, sorts, flips ----------------------


def _along(lw: Lowering) -> None:
    """cumsum(self, dim), sort(self, dim, descending), flip(self, dims): the same features,
    reordered or scanned along a feature dim (sort: values, then indices)."""
    act = first_act(lw)
    numbers = lw.numbers(act)
    if numbers is None:
        _bind_all(lw, act)
        return
    dims = _dims(lw.argv("dims", lw.argv("dim", -1)))
    axes = _axes(lw, act, dims) if dims is not None else None
    why = _where_not_followed(lw, axes)
    if why is not None:
        _refuse(lw, act, why)
        return
    _emit(lw, [act], numbers[1:])


def feature_topk(lw: Lowering, act: Act, k: int, dim: int) -> None:
    """A top-k along a feature dim that is not the router's (a grouped router's best experts
    of each group, its best groups): values, then indices, k along that dim."""
    numbers = lw.numbers(act)
    axes = _axes(lw, act, (dim,))
    why = _where_not_followed(lw, axes)
    if numbers is None or axes is None or why is not None:
        _refuse(lw, act, why or "topk")
        return
    (axis,) = axes
    _emit(lw, [act], [k if i == axis else n for i, n in enumerate(numbers) if i > 0], fn="topk")


# -- index ops ------------------------------------------------------------------------------


def _act_or_data(lw: Lowering, name: str) -> Act | Data | None:
    act = lw.act_arg(name)
    return act if act is not None else lw.data_arg(name)


def _data_features(data: Data) -> tuple[int, ...] | None:
    shape = data.shape
    if shape is None or len(shape) < 2 or not all(isinstance(d, int) for d in shape[1:]):
        return None
    return tuple(int(d) for d in shape[1:])


def _along_features(lw: Lowering, anchor: Act) -> bool:
    """Does the op's ``dim`` run along each token's features? If not, it is refused (left
    unchecked, saying why) here."""
    dims = _dims(lw.argv("dim"))
    axes = _axes(lw, anchor, dims) if dims is not None else None
    why = _where_not_followed(lw, axes)
    if why is not None:
        _refuse(lw, anchor, why)
        return False
    return True


def _gather(lw: Lowering) -> None:
    """gather(self, dim, index): each token's features picked by its own index row; the
    result has the index's shape."""
    source, index = _act_or_data(lw, "self"), lw.act_arg("index")
    anchor = source if isinstance(source, Act) else index
    if anchor is None:
        raise lw.fail("expects an activation as self or index")
    if index is None or lw.numbers(index) is None or lw.numbers(anchor) is None:
        _refuse(lw, anchor, f"{_fn(lw)} by an index that is no token's")
        return
    if not _along_features(lw, anchor):
        return
    acts = [a for a in (source, index) if isinstance(a, Act)]
    _emit(lw, acts, (lw.numbers(index) or ())[1:])


def _scatter(lw: Lowering) -> None:
    """scatter / scatter_add / scatter_reduce(self, dim, index, src or value): ``self`` with
    each token's features written at its own index row; a zero ``self`` the graph made (a
    grouped router's group mask) is data, and the tokens are the index's."""
    base, index = _act_or_data(lw, "self"), lw.act_arg("index")
    source = lw.act_arg("src")
    anchor = index or (base if isinstance(base, Act) else None)
    if anchor is None:
        raise lw.fail("expects an activation as self or index")
    features: Sequence[int] | None = None
    if isinstance(base, Act):
        features = (lw.numbers(base) or ())[1:]
    elif isinstance(base, Data):
        features = _data_features(base)
    if features is None or lw.numbers(anchor) is None:
        _refuse(lw, anchor, f"{_fn(lw)} into a tensor of no known token rows")
        return
    if not _along_features(lw, anchor):
        return
    acts = [a for a in (base, index, source) if isinstance(a, Act)]
    _emit(lw, acts, features, (0,))
    wanted = lw.dtype(base.dtype) if isinstance(base, Data) else None
    out = lw.value_of(lw.output(0))
    if wanted is not None and isinstance(out, Act) and lw.type(out).dtype is not wanted:
        # the result has the element type of the tensor written into (a float mask), not of
        # the index that carries its tokens
        lw.bind_act(lw.output(0), lw.emit("cast", [out.ref], dtype=wanted.value), out.lead)


def _index_select(lw: Lowering) -> None:
    """index_select(self, dim, index): along a feature dim, the same features of every token
    (a per-token op); along the tokens with a fixed index, a token select."""
    act = first_act(lw)
    numbers = lw.numbers(act)
    index = lw.data_arg("index")
    picked = index.shape[0] if index is not None and index.shape else None
    if numbers is None:
        _bind_all(lw, act)
        return
    dims = _dims(lw.argv("dim"))
    axes = _axes(lw, act, dims) if dims is not None else None
    if axes == (0,) and isinstance(picked, int):
        ref = lw.emit("token_select", [act.ref], rows=picked)  # global positions: FULL only
        lw.bind_act(lw.output(0), ref, act.lead)
        return
    why = _where_not_followed(lw, axes)
    if why is not None or axes is None or not isinstance(picked, int):
        _refuse(lw, act, why or f"{_fn(lw)} by an index of unknown length")
        return
    (axis,) = axes
    _emit(lw, [act], [picked if i == axis else n for i, n in enumerate(numbers) if i > 0], (0,))


def _index_put(lw: Lowering) -> None:
    """index_put(self, indices, values, accumulate): an index on the token dim writes other
    tokens' rows; indices on the features only write within each row."""
    act = first_act(lw)
    numbers = lw.numbers(act)
    indices = lw.arg("indices")
    items = indices.value if indices is not None and isinstance(indices.value, tuple) else ()
    if numbers is None:
        _bind_all(lw, act)
        return
    first = items[len(act.lead)] if len(items) > len(act.lead) else None
    if not items or first is not None or act.order is not None or act.folded:
        _refuse(lw, act, f"{_fn(lw)} along the tokens")
        return
    values = lw.act_arg("values")
    _emit(lw, [a for a in (act, values) if a is not None], numbers[1:], (0,))


def _select_scatter(lw: Lowering) -> None:
    """select_scatter(self, src, dim, index): ``src`` written into one index of a dim of each
    token's features (along the tokens: into one token's row)."""
    act = first_act(lw)
    numbers = lw.numbers(act)
    if numbers is None:
        _bind_all(lw, act)
        return
    dims = _dims(lw.argv("dim"))
    axes = _axes(lw, act, dims) if dims is not None else None
    why = _where_not_followed(lw, axes)
    if why is not None:
        _refuse(lw, act, why)
        return
    source = lw.act_arg("src")
    _emit(lw, [a for a in (act, source) if a is not None], numbers[1:], (0,))


# -- repeats, stacks, unbinds, chunks -------------------------------------------------------


def _repeat(lw: Lowering) -> None:
    """repeat(self, repeats): each token's features tiled; a repeat of the token dim makes
    rows of other tokens."""
    act = first_act(lw)
    numbers = lw.numbers(act)
    repeats = _dims(lw.argv("repeats"))
    if numbers is None:
        _bind_all(lw, act)
        return
    rank = len(act.lead) + len(numbers)
    if repeats is None or len(repeats) != rank or act.lead or act.order or act.folded:
        _refuse(lw, act, f"{_fn(lw)} that adds or moves dims")
        return
    if repeats[0] != 1:
        _refuse(lw, act, f"{_fn(lw)} along the tokens")
        return
    _emit(lw, [act], [n * r for n, r in zip(numbers[1:], repeats[1:], strict=True)], (0,))


def _stack(lw: Lowering) -> None:
    """stack(tensors, dim): a new dim of the operands; after the token dim, a per-token op."""
    acts = [v for _, v in lw.tensor_args() if isinstance(v, Act)]
    if not acts:
        raise lw.fail("expects activations to stack")
    act = acts[0]
    numbers = lw.numbers(act)
    dim = _int(lw.argv("dim", 0))
    if numbers is None:
        _bind_all(lw, act)
        return
    rank = len(act.lead) + len(numbers) + 1  # the result's
    if dim is None or act.order or act.folded or not -rank <= dim < rank:
        _refuse(lw, act, f"{_fn(lw)} of permuted values")
        return
    axis = dim % rank - len(act.lead)
    if axis <= 0:
        _refuse(lw, act, f"{_fn(lw)} along the tokens or a batch dim")
        return
    features = list(numbers[1:])
    features.insert(axis - 1, len(acts))
    _emit(lw, acts, features, (0,))


def _unbind(lw: Lowering) -> None:
    """unbind(self, dim): one result per index of a feature dim, each a per-token select."""
    act = first_act(lw)
    numbers = lw.numbers(act)
    dims = _dims(lw.argv("dim", 0))
    if numbers is None:
        _bind_all(lw, act)
        return
    axes = _axes(lw, act, dims) if dims is not None else None
    why = _where_not_followed(lw, axes)
    if why is not None or axes is None:
        opaque_results(lw, act, why or "")
        return
    (axis,) = axes
    features = [n for i, n in enumerate(numbers) if i > 0 and i != axis]
    for out in lw.outputs():
        ref = lw.emit("per_token", [act.ref], fn=_fn(lw), features=tuple(features) or (1,))
        lw.bind_act(out, ref, act.lead)


def _chunk(lw: Lowering) -> None:
    """chunk(self, chunks, dim): a split into parts of ceil(n / chunks)."""
    act = first_act(lw)
    numbers = lw.numbers(act)
    chunks, dim = _int(lw.argv("chunks")), _int(lw.argv("dim", 0))
    axes = _axes(lw, act, (dim,)) if dim is not None and numbers is not None else None
    if numbers is None or chunks is None or chunks < 1 or axes is None or axes == (0,):
        split_into(lw, act, None)
        return
    width = numbers[axes[0]]
    part = math.ceil(width / chunks)
    sizes = tuple(min(part, width - start) for start in range(0, width, part))
    split_into(lw, act, sizes)


# -- what a decoder layout does not describe, said so ---------------------------------------


def _unfollowed(lw: Lowering) -> None:
    """An op the op map knows and layoutcheck cannot type (a convolution, a pooling, a
    data-dependent shape): every result unchecked, the op map's ``why`` saying why."""
    act = first_act(lw)
    opaque_results(lw, act, str(lw.param.get("why", _fn(lw))))


def _alias_all(lw: Lowering) -> None:
    """An identity whose every result is its input's layout (an inference dropout's output
    and mask)."""
    _bind_all(lw, first_act(lw))


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec("reduce", _reduce, Trait.ROW_WISE),
        spec("along_features", _along, Trait.ROW_WISE),
        spec("gather", _gather, Trait.ROW_WISE),
        spec("scatter", _scatter, Trait.ROW_WISE),
        spec("index_select", _index_select, Trait.ROW_WISE),
        spec("index_put", _index_put, Trait.ROW_WISE),
        spec("select_scatter", _select_scatter, Trait.ROW_WISE),
        spec("repeat", _repeat, Trait.ROW_WISE),
        spec("stack", _stack, Trait.ROW_WISE),
        spec("unbind", _unbind, Trait.VIEW, Trait.SPLIT),
        spec("chunk", _chunk, Trait.VIEW, Trait.SPLIT, Trait.ROW_WISE),
        spec("unfollowed", _unfollowed),
        spec("alias_all", _alias_all, Trait.VIEW),
    )
)
