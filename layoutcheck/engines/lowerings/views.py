"""Views: reshapes, permutes, casts, slices, pads, splits and concatenations of an activation,
followed as the layoutcheck value they are (a view op only where the per-rank features
regroup, a token slice or pad where the token rows change)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import (
    first_act,
    lead_axis,
    like,
    opaque,
    resolve,
    sharded_batch,
    split_at,
    token_axis,
    token_dim,
    two_d,
)
from layoutcheck.engines.values import Act
from layoutcheck.graph import ValueRef
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.ops.traits import Trait

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering


def _alias(lw: Lowering) -> None:
    act = first_act(lw)
    lw.bind(lw.output(0), act)


def view_to(lw: Lowering, act: Act, target: Sequence[int]) -> None:
    """An activation seen in another engine shape: a per-rank layoutcheck view when the
    features change (their regrouping checked, and the token rows the target states)."""
    shape = lw.engine_shape(act)
    numbers = lw.numbers(act)
    out = lw.output(0)
    if shape is None or numbers is None:  # ⊤ upstream: stay ⊤
        lw.bind(out, act)
        return
    if act.order is not None:
        # a view of a permuted value: fine while nothing but size-1 dims precedes the tokens
        # (the features regroup, which a per-rank view checks); else tokens and heads mix
        before = act.order.index(0)
        if math.prod(shape[len(act.lead) : len(act.lead) + before]) != 1:
            lw.bind(out, opaque(lw, act))
            return
        shape = (*act.lead, *numbers)
    if act.folded:  # heads folded into rows: the same elements, in order, as the value's
        shape = (*act.lead, *numbers)
    rows_at = len(act.lead)
    rows = shape[rows_at]
    features_in = shape[rows_at + 1 :]
    dims = resolve(target, math.prod(shape))
    if dims is None:
        lw.bind(out, opaque(lw, act))
        return
    at = token_dim(dims, math.prod(act.lead) * rows)
    stale = (
        at is None
        and len(dims) > 1
        and dims[0] == lw.tokens != rows
        and lw.type(act).tokens is TokenLayout.LOCAL
    )
    heads = None if stale or act.lead else folded_heads(dims, rows, features_in, lw.head_widths)
    if heads is not None:
        # each token's heads cut into rows of their own (Llama-4's q.reshape(-1, head_dim)):
        # the per-head view [t, heads, d] a norm over the last dim reads per head
        folded = (heads, dims[1])
        ref = act.ref
        if folded != tuple(features_in):
            ref = lw.emit("view", [act.ref], rows=lw.rows_expr(act, rows), features=folded)
        lw.bind(out, Act(ref, folded=True))
        return
    lead: tuple[int, ...]
    features: tuple[int, ...]
    if stale:
        # the engine views the rank's rows as all T tokens (a shape kept from before a token
        # slice): the view states T rows of the value's own features, and the type rules
        # find the token extent it breaks
        lead, features, stated = (), (math.prod(features_in),), dims[0]
    elif at is None:
        # the target's token rows: what is left once the input's features are taken out
        width = math.prod(features_in)
        total = math.prod(dims)
        stated = total // width if width and total % width == 0 else total
        split = split_at(dims, width)
        lead = ()
        features = tuple(dims[split:]) if split is not None else (width,)
    else:
        lead, features, stated = tuple(dims[:at]), tuple(dims[at + 1 :]), rows
        if math.prod(lead) != 1:  # batch dims folded into the tokens: the rows are theirs
            stated = math.prod(dims[: at + 1])
            lead = ()
    if tuple(features) == tuple(features_in) and stated == rows:
        lw.bind(out, Act(act.ref, tuple(lead)))
        return
    ref = lw.emit(
        "view",
        [act.ref],
        rows=lw.rows_expr(act, stated),
        features=tuple(features) or (1,),
    )
    lw.bind_act(out, ref, tuple(lead))


def folded_heads(
    dims: Sequence[int], rows: int, features: Sequence[int], head_widths: frozenset[int]
) -> int | None:
    """How many rows a view gives each token when it cuts the token's own heads into rows
    ([t, k·d] → [t·k, d], d one head of the graph's attention; with one head, the [t, 1, d]
    per-head view seen as [t, d]); None for any other view (rows that are no whole multiple
    of the tokens mix tokens, rows of another width cut a head or join several)."""
    if len(dims) != 2 or dims[1] not in head_widths or rows < 1 or dims[0] % rows:
        return None
    heads = dims[0] // rows
    if heads * dims[1] != math.prod(features):
        return None
    if heads == 1 and tuple(features) != (1, dims[1]):
        return None  # [t, d] to [t, d]: no head the engine spelled
    return heads


def _permute_to(lw: Lowering, act: Act, order: Sequence[int]) -> None:
    """Compose a permute into the value's axis order: no layoutcheck op, since per-rank
    features are a set of dims to the layout (a head-first attention input is the same value)."""
    out = lw.output(0)
    n = len(act.lead)
    if act.folded:  # the engine permutes heads-as-rows, which the value's dims do not say
        lw.bind(out, opaque(lw, act))
        return
    if sorted(order) != list(range(len(order))) or sorted(order[:n]) != list(range(n)):
        lw.bind(out, opaque(lw, act))  # batch dims moved among the value's
        return
    current = act.order or tuple(range(len(order) - n))
    composed = tuple(current[order[n + j] - n] for j in range(len(order) - n))
    lead = tuple(act.lead[i] for i in order[:n])
    identity = composed == tuple(range(len(composed)))
    lw.bind(out, Act(act.ref, lead, None if identity else composed))


def _expand(lw: Lowering) -> None:
    """expand(self, size): the same rows; a size-1 last feature dim broadcast to n is each
    row's value repeated n times (a concat of n copies, as a grouped router's mask is made
    [t, groups, experts per group] wide); any other broadcast of features is not followed."""
    act = first_act(lw)
    shape = lw.engine_shape(act)
    target = lw.size_list("size")
    if shape is None or target is None or len(target) != len(shape):
        lw.bind(lw.output(0), act if shape is None else opaque(lw, act))
        return
    wanted = [s if t == -1 else t for s, t in zip(shape, target, strict=True)]
    changed = [i for i, (s, t) in enumerate(zip(shape, wanted, strict=True)) if s != t]
    if not changed:
        lw.bind(lw.output(0), act)
        return
    last = len(shape) - 1
    if len(changed) == 1 and len(act.lead) < changed[0] < last:
        _expand_heads(lw, act, shape, changed[0], wanted[changed[0]])
        return
    copies = wanted[last]
    if changed != [last] or shape[last] != 1 or last <= len(act.lead) or copies > MAX_COPIES:
        lw.bind(lw.output(0), opaque(lw, act))
        return
    ref = lw.emit("concat", [act.ref] * copies)
    lw.bind_act(lw.output(0), ref, act.lead)


def _expand_heads(lw: Lowering, act: Act, shape: Sequence[int], dim: int, copies: int) -> None:
    """A complete per-token value ``[t, 1, d]`` broadcast over ``copies`` heads ``[t, n, d]``
    (MiniCPM3's one rope key head over the rank's heads: minicpm3.py:162, 169): the same row
    for every head. Over the model's heads it stays complete; over the rank's heads (heads/tp
    of them) it is the rank's block of every head's copy, as a column-parallel projection's
    heads are. Each is written out as copies of the row, regrouped per head (and the rank's
    block kept)."""
    heads = lw.spec.heads if lw.spec is not None else None
    value = lw.type(act)
    own = heads is not None and lw.tp > 1 and copies * lw.tp == heads
    total = copies * lw.tp if own else copies
    why = None
    if act.order is not None or act.folded or shape[dim] != 1:
        why = "a view of tokens and features together"
    elif value.features is not FeatureState.WHOLE:
        why = "a broadcast over heads of a value without its complete features"
    elif (total != heads and not own) or total > MAX_COPIES:
        why = "a broadcast over other than the model's heads, or the rank's share of them"
    if why is not None:
        lw.bind(lw.output(0), opaque(lw, act, why))
        return
    width = math.prod(shape[len(act.lead) + 1 :])
    row = lw.emit("view", [act.ref], rows=value.shape[0], features=(width,))
    ref = lw.emit("concat", [row] * total)
    if own:
        ref = lw.emit("feature_shard", [ref], group="tp")
    features = tuple(copies if d == dim else n for d, n in enumerate(shape))[len(act.lead) + 1 :]
    ref = lw.emit("view", [ref], rows=value.shape[0], features=features)
    lw.bind_act(lw.output(0), ref, act.lead)


MAX_COPIES = 4096  # a broadcast followed as copies (one concat input each); wider is unchecked


def _int_dims(value: object) -> tuple[int, ...] | None:
    if isinstance(value, tuple) and all(
        isinstance(d, int) and not isinstance(d, bool) for d in value
    ):
        return value
    return None


def _view(lw: Lowering) -> None:
    act = first_act(lw)
    # the target sizes, the token count's names (vLLM's `[arg1_1, 4096]`) standing for T's
    target = lw.size_list("shape") if lw.arg("shape") is not None else lw.size_list("size")
    if target is None:
        lw.bind(lw.output(0), opaque(lw, act))
        return
    view_to(lw, act, target)


def _unsqueeze(lw: Lowering) -> None:
    act = first_act(lw)
    shape = lw.engine_shape(act)
    dim = lw.int_arg("dim", 0) or 0
    if shape is None:
        lw.bind(lw.output(0), act)
        return
    dims = list(shape)
    at = dim if dim >= 0 else len(dims) + dim + 1
    if not 0 <= at <= len(dims):
        raise lw.fail(f"dim {dim} is outside a {len(dims)}-dim value")
    dims.insert(at, 1)
    view_to(lw, act, dims)


def _squeeze(lw: Lowering) -> None:
    """squeeze.dim(self, dim) and squeeze.dims(self, dim: int[]): the size-1 dims named go
    (a batch dim dropped, or a feature dim of 1)."""
    act = first_act(lw)
    shape = lw.engine_shape(act)
    given = lw.argv("dim", 0)
    named = (_int_dims(given) or ()) if isinstance(given, tuple) else (lw.int_arg("dim", 0),)
    if shape is None:
        lw.bind(lw.output(0), act)
        return
    dims = list(shape)
    drop = {
        d % len(dims)
        for d in named
        if isinstance(d, int) and dims and -len(dims) <= d < len(dims) and dims[d] == 1
    }
    view_to(lw, act, [n for i, n in enumerate(dims) if i not in drop])


def _permute(lw: Lowering) -> None:
    act = first_act(lw)
    shape = lw.engine_shape(act)
    if not shape:
        lw.bind(lw.output(0), act)
        return
    order = list(range(len(shape)))
    dims = _int_dims(lw.argv("dims"))
    if dims is not None:
        order = [d % len(shape) for d in dims]
    else:
        a = (lw.int_arg("dim0", 0) or 0) % len(shape)
        b = (lw.int_arg("dim1", 1) or 1) % len(shape)
        order[a], order[b] = order[b], order[a]
    if len(order) != len(shape):
        raise lw.fail(f"permutes {len(order)} dims of a {len(shape)}-dim value")
    _permute_to(lw, act, order)


def _cast(lw: Lowering) -> None:
    act = first_act(lw)
    dtype = lw.argv("dtype")
    target = lw.dtype(str(dtype)) if dtype is not None else None
    if target is None or target is lw.type(act).dtype:
        lw.bind(lw.output(0), act)
        return
    ref = lw.emit("cast", [act.ref], dtype=target.value)
    lw.bind(lw.output(0), Act(ref, act.lead, act.order, folded=act.folded))


def _slice(lw: Lowering) -> None:
    act = first_act(lw)
    out = lw.output(0)
    numbers = lw.numbers(act)
    axis = token_axis(lw, act, lw.argv("dim", 0))
    start, end = lw.int_arg("start", 0) or 0, lw.int_arg("end", None)
    step = lw.int_arg("step", 1) or 1
    if numbers is None or axis is None or step < 1 or start < 0:
        lw.bind(out, act if numbers is None else opaque(lw, act))
        return
    size = numbers[axis]
    end = size if end is None else min(end, size)
    if step > 1 and axis > 0 and axis == len(numbers) - 1:
        # every step-th feature of each row (an interleaved rope's halves, x[..., ::2]): per
        # rank a part of the row as a split's is, so the layout is the split's
        kept = len(range(start, end, step))
        if 0 < kept < size:
            ref = lw.emit("feature_split", [act.ref], sizes=(kept, size - kept))
            lw.bind_act(out, ValueRef(ref.op, 0), act.lead)
            return
    if step != 1:
        lw.bind(out, opaque(lw, act))
        return
    if start == 0 and end >= size:
        lw.bind(out, act)  # the whole range: a no-op slice
        return
    if end <= start:
        lw.bind(out, opaque(lw, act))
        return
    if axis > 0:  # a feature slice: the middle part of a split
        parts = [p for p in (start, end - start, size - end) if p]
        index = 1 if start else 0
        ref = lw.emit("feature_split", [act.ref], sizes=tuple(parts))
        lw.bind(out, like([act], ValueRef(ref.op, index), act.lead))
        return
    value = lw.type(act)
    if start == 0 and end == lw.tokens and value.tokens is TokenLayout.FULL:
        ref = lw.emit("unpad_tokens", [act.ref])  # the gathered rows past the padding go
        lw.bind_act(out, ref, act.lead)
        return
    for group, size_of_group in (("tp", lw.tp), ("ep", lw.ep)):
        if (
            group in lw.groups
            and (end - start) * size_of_group == size
            and start % (end - start) == 0
        ):
            # TensorCast simulates rank 0: the slice of rows [0, T/g) is the rank's own
            ref = lw.emit("token_slice", [act.ref], group=group)
            lw.bind_act(out, ref, act.lead)
            return
    lw.bind(out, opaque(lw, act))


def _pad(lw: Lowering) -> None:
    act = first_act(lw)
    pad = _int_dims(lw.argv("pad"))
    numbers = lw.numbers(act)
    if pad is None or numbers is None:
        lw.bind(lw.output(0), opaque(lw, act))
        return
    # constant_pad_nd pads from the last dim backwards: the token dim's pair is the last given
    token_pair = 2 * (len(numbers) - 1)
    if not any(pad):  # nothing padded (MiniCPM3's v at its own head size): the value itself
        lw.bind(lw.output(0), act)
        return
    if len(pad) < token_pair + 2:
        # features padded, the tokens not: each row widened (MLA's v padded to the qk head)
        lw.bind(lw.output(0), opaque(lw, act, "a pad of the features"))
        return
    if len(pad) != token_pair + 2 or any(pad[:token_pair]):
        lw.bind(lw.output(0), opaque(lw, act))
        return
    ref = lw.emit("pad_tokens", [act.ref], group="tp")
    lw.bind_act(lw.output(0), ref, act.lead)


def select(lw: Lowering) -> None:
    """A value this lowering cannot follow (one index of a dim; an expert-side op met
    outside an MoE region)."""
    lw.bind(lw.output(0), opaque(lw, first_act(lw)))


def _one_head_unfolded(lw: Lowering, act: Act) -> Act:
    """A [t, 1, d] value the engine views as [t, d] (one head per token: its rows are the
    tokens, so nothing is folded) as the [t, d] value it is: a cat of it with other [t, w]
    values joins features (Qwen3-Next's q, k and v of one key head per rank, cat along -1:
    layers/mamba/gdn/qwen_gdn_linear_attn.py:1029)."""
    value = lw.type(act)
    if act.folded and not value.is_top and len(value.shape) == 3 and value.shape[1] == 1:
        return Act(two_d(lw, act), act.lead)
    return act


def _cat(lw: Lowering) -> None:
    acts = [_one_head_unfolded(lw, v) for _, v in lw.tensor_args() if isinstance(v, Act)]
    if not acts:
        raise lw.fail("expects activations to concatenate")
    axis = token_axis(lw, acts[0], lw.argv("dim", 0))
    if axis == 0:  # the rows of two values, one after the other: no token layout
        lw.bind(lw.output(0), opaque(lw, acts[0], "a concatenation along the tokens"))
        return
    if axis is None or len(acts) < 2:
        lw.bind(lw.output(0), opaque(lw, acts[0]))
        return
    if _heads_joined(lw, acts, axis):
        _join_heads(lw, acts)
        return
    ref = lw.emit("concat", [a.ref for a in acts])
    lw.bind(lw.output(0), like(acts, ref, acts[0].lead))


def _heads_joined(lw: Lowering, acts: list[Act], axis: int) -> bool:
    """Is the cat a join of one head-split projection's parts, each rank's own heads' q, k
    and v side by side ([t, w] values SPLIT over one group, joined along their features)?"""
    values = [lw.type(a) for a in acts]
    groups = {v.group for v in values}
    return (
        axis == 1
        and len(groups) == 1
        and all(v.features is FeatureState.SPLIT and len(v.shape) == 2 for v in values)
    )


def _join_heads(lw: Lowering, acts: list[Act]) -> None:
    """Each rank joins the parts of its own heads (Qwen3-Next's gated delta net: the q, k and
    v of its key-head groups, cut from the column-parallel in_proj_qkvz and cat along -1,
    layers/mamba/gdn/qwen_gdn_linear_attn.py:1025-1029): per head group a join inside the
    rank's heads, which the catalogue's concat takes per head ([t, 1, w] joined along w) —
    the heads stay split. A [t, features] concat of SPLIT values is refused there, since its
    parts would not line up with a global value's; these never stand for one."""
    rows = lw.type(acts[0]).shape[0]
    per_head = [
        lw.emit("view", [a.ref], rows=rows, features=(1, lw.type(a).shape[1])) for a in acts
    ]
    joined = lw.emit("concat", per_head)
    width = lw.typer.value(joined).shape[2]
    ref = lw.emit("view", [joined], rows=rows, features=(width,))
    lw.bind(lw.output(0), like(acts, ref, acts[0].lead))


def _split(lw: Lowering) -> None:
    act = first_act(lw)
    sizes = _int_dims(lw.argv("split_sizes"))
    if sizes is None:
        sizes = _equal_parts(lw, act)
    split_into(lw, act, sizes)


def split_into(lw: Lowering, act: Act, sizes: tuple[int, ...] | None) -> None:
    """The node's results as parts of ``sizes`` along its ``dim``: a feature split along the
    last feature dim; along the tokens (or sizes unknown) every part unchecked, said so."""
    if sizes is not None and len(lw.outputs()) > len(sizes):
        raise lw.fail(f"reads result {len(lw.outputs()) - 1} of a split into {len(sizes)}")
    batch = lead_axis(lw, act, lw.argv("dim", 0))
    if batch is not None and sizes != (act.lead[batch],):  # one part of it all is no split
        cut = sharded_batch(lw, act, batch, "a split")
        for out in lw.outputs():
            lw.bind(out, cut)
        return
    axis = token_axis(lw, act, lw.argv("dim", 0))
    numbers = lw.numbers(act)
    if numbers is None:
        opaque_results(lw, act)  # ⊤ upstream: stays ⊤
        return
    if axis == 0:
        opaque_results(lw, act, "a split along the tokens")
        return
    if sizes is None or axis is None:
        opaque_results(lw, act)
        return
    if axis == 1 and axis != len(numbers) - 1 and act.order is None and not act.folded:
        # [t, a, b…] split along a: each part is a block of each row's flattened features
        # (a split of heads, [t, heads, d] into q, k and v), so a split of the flat row
        _split_first_feature_dim(lw, act, numbers, sizes)
        return
    if axis != len(numbers) - 1:
        opaque_results(lw, act, "a split of a feature dim between others")
        return
    used = [port for port, out in enumerate(lw.outputs()) if out is not None]
    if (
        lw.tp > 1
        and len(sizes) == lw.tp
        and len(set(sizes)) == 1
        and len(used) == 1
        and lw.type(act).features is FeatureState.WHOLE
    ):
        # complete features cut into one part per rank, of which the rank reads one: its own
        # block (vLLM's split_tensor_along_last_dim(x, tp)[tp_rank], distributed/utils.py:120,
        # after a feature all_gather for a norm over every head: OLMo-2's, OLMoE's q and k)
        ref = lw.emit("feature_shard", [act.ref], group="tp")
        lw.bind_act(lw.outputs()[used[0]], ref, act.lead)
        return
    if _takes_own_block(lw, act, sizes):
        # split_tensor_along_last_dim(..., tp)[tp_rank] after a gather of the features
        # (olmoe.py:199): the rank keeps its own block of them again
        ref = lw.emit("feature_shard", [act.ref], group="tp")
        for out in lw.outputs():
            if out is not None and lw.consumers.get(out):
                lw.bind_act(out, ref, act.lead)
        return
    ref = lw.emit("feature_split", [act.ref], sizes=sizes)
    for port, out in enumerate(lw.outputs()):
        lw.bind_act(out, ValueRef(ref.op, port), act.lead)


GATHER_STEPS = 8  # the row-wise ops between a feature gather and the split of its result


def _takes_own_block(lw: Lowering, act: Act, sizes: tuple[int, ...]) -> bool:
    """Does the split cut complete features into tp equal blocks, keep one, and were those
    features made complete by gathering each rank's block (through row-wise ops since: a norm
    over every head's features, a cast, a view)? Then the block kept is this rank's own."""
    used = [out for out in lw.outputs() if out is not None and lw.consumers.get(out)]
    if lw.tp < 2 or len(sizes) != lw.tp or len(set(sizes)) != 1 or len(used) != 1:
        return False
    if lw.type(act).features is not FeatureState.WHOLE:
        return False
    name = lw.current_node.tensor_inputs()[0]
    for _ in range(GATHER_STEPS):
        node = lw.producers.get(name)
        if node is None:
            return False
        inputs = node.tensor_inputs()
        if lw.is_(node, Trait.COLLECTIVE) and lw.is_(node, Trait.TOKEN_GATHER):
            before, after = lw.value_of(inputs[0]) if inputs else None, lw.value_of(name)
            return (
                isinstance(before, Act)
                and isinstance(after, Act)
                and lw.type(before).features is FeatureState.SPLIT
                and lw.type(after).features is FeatureState.WHOLE
            )
        if not lw.is_(node, Trait.NORM, Trait.CAST, Trait.VIEW) or lw.is_(node, Trait.SPLIT):
            return False
        if not inputs:
            return False
        name = inputs[0]
    return False


def _split_first_feature_dim(
    lw: Lowering, act: Act, numbers: Sequence[int], sizes: Sequence[int]
) -> None:
    rows, inner = lw.type(act).shape[0], math.prod(numbers[2:])
    flat = lw.emit("view", [act.ref], rows=rows, features=(math.prod(numbers[1:]),))
    parts = lw.emit("feature_split", [flat], sizes=tuple(size * inner for size in sizes))
    for port, out in enumerate(lw.outputs()):
        if out is None:
            continue
        features = (sizes[port], *numbers[2:])
        part = lw.emit("view", [ValueRef(parts.op, port)], rows=rows, features=features)
        lw.bind_act(out, part, act.lead)


def _equal_parts(lw: Lowering, act: Act) -> tuple[int, ...] | None:
    """``split(x, split_size, dim)``'s sizes: parts of split_size along the dim, the last one
    what is left (None when the size or the dim's width is not a known whole number)."""
    size = lw.argv("split_size")
    numbers = lw.numbers(act)
    # the dim counts the engine value's batch dims too ([1, t, 256] split along dim 2)
    axis = token_axis(lw, act, lw.argv("dim", 0))
    if not isinstance(size, int) or isinstance(size, bool) or size < 1 or numbers is None:
        return None
    if axis is None:
        return None
    width = numbers[axis]
    if not isinstance(width, int) or width < 1 or width // size > MAX_EQUAL_PARTS:
        return None
    parts = (size,) * (width // size)
    return parts + ((width % size,) if width % size else ())


MAX_EQUAL_PARTS = 4096  # parts of an equal split followed one by one; more is one opaque op


def opaque_results(
    lw: Lowering, act: Act, reason: str = "a view of tokens and features together"
) -> None:
    """Every result of an op this lowering cannot follow: one op with a port each (a token
    split into 20,000 pieces is one op, not 20,000), saying ``reason``."""
    outputs = lw.outputs()
    if lw.type(act).is_top:
        for out in outputs:
            lw.bind(out, act)
        return
    ports = (1,) * max(1, len(outputs))
    ref = lw.emit(
        "opaque",
        [act.ref],
        target=lw.current_node.target,
        ports=ports,
        reason=reason,
    )
    for port, out in enumerate(outputs):
        lw.bind_act(out, ValueRef(ref.op, port))


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec("alias", _alias, Trait.VIEW),  # an identity (a clone, a stream anchor)
        spec("expand", _expand, Trait.VIEW, Trait.ROW_WISE),
        spec("view", _view, Trait.VIEW, Trait.ROW_WISE),
        spec("unsqueeze", _unsqueeze, Trait.VIEW, Trait.ROW_WISE),
        spec("squeeze", _squeeze, Trait.VIEW, Trait.ROW_WISE),
        spec("permute", _permute, Trait.VIEW),
        spec("transpose", _permute, Trait.VIEW),
        spec("transpose2d", _permute, Trait.VIEW),
        spec("cast", _cast, Trait.CAST, Trait.ROW_WISE),
        # a token slice, the unpad after a gather, or a feature slice (all views)
        spec("slice", _slice, Trait.VIEW, Trait.TOKEN_SLICE, Trait.TOKEN_UNPAD),
        spec("pad", _pad, Trait.TOKEN_PAD),
        spec("select", select, Trait.VIEW),
        spec("split", _split, Trait.VIEW, Trait.SPLIT, Trait.ROW_WISE),
        spec("cat", _cat, Trait.ROW_WISE),
    )
)
