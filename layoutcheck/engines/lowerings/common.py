"""Helpers the lowering families share: the activation a node works on, following an
activation through views, and walking the engine graph downstream of a node."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

from layoutcheck import rules
from layoutcheck.engines.program import EngineNode
from layoutcheck.engines.values import Act
from layoutcheck.graph import ValueRef
from layoutcheck.ops.traits import Trait

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering

    Through = Callable[[Lowering, EngineNode], bool]

# the argument names an op's main activation goes by, across the engines' schemas
CONTROL_INPUTS = ("x", "self", "a", "input", "tensor")


def first_act(lw: Lowering) -> Act:
    """The activation the node works on: its main input, else its first activation."""
    for name in CONTROL_INPUTS:
        act = lw.act_arg(name)
        if act is not None:
            return act
    for _, value in lw.tensor_args():
        if isinstance(value, Act):
            return value
    raise lw.fail("expects an activation among its arguments")


def opaque(lw: Lowering, act: Act, why: str = "a view of tokens and features together") -> Act:
    """An activation this lowering cannot follow: ⊤ from here (an opaque op saying ``why``,
    unless it was ⊤)."""
    node, _ = lw.current
    if lw.type(act).is_top:
        return act
    return Act(lw.emit("opaque", [act.ref], target=node.target, ports=(1,), reason=why))


def token_axis(lw: Lowering, act: Act, dim: object) -> int | None:
    """A dim argument as an axis of the layoutcheck value: 0 the tokens, 1… the features;
    None for a lead (batch) dim or no dim."""
    value = lw.type(act)
    if value.is_top or not isinstance(dim, int) or isinstance(dim, bool):
        return None
    if act.folded:  # the engine's dims are not the value's: its rows are heads, not tokens
        return None
    # the engine value's rank: its lead dims and the layoutcheck value's (whose sizes may be
    # symbols a shape-less dump leaves unknown: only their count matters here)
    rank = len(act.lead) + len(value.shape)
    axis = dim % rank
    if axis < len(act.lead):
        return None
    # engine dim j after the lead is value dim order[j] (the tokens moved behind the heads)
    return act.order[axis - len(act.lead)] if act.order is not None else axis - len(act.lead)


def like(acts: Sequence[Act], ref: ValueRef, lead: tuple[int, ...]) -> Act:
    """The result of a row-wise op of ``acts``, its engine dims in their order: a pointwise op,
    a cast or a concat of a permuted value (HF's rope on [batch, heads, tokens, d]) is as
    permuted as it, when its activations agree on the order."""
    orders = {a.order for a in acts}
    return Act(ref, lead, orders.pop() if len(orders) == 1 else None)


def lead_axis(lw: Lowering, act: Act, dim: object) -> int | None:
    """The lead (batch) dim a dim argument names (``[1, T, H]``'s dim 0), else None: the
    tokens, a feature, or no dim."""
    value = lw.type(act)
    if not act.lead or value.is_top or act.folded:
        return None
    if not isinstance(dim, int) or isinstance(dim, bool):
        return None
    axis = dim % (len(act.lead) + len(value.shape))
    return axis if axis < len(act.lead) else None


def sharded_batch(lw: Lowering, act: Act, axis: int, what: str) -> Act:
    """A shard or gather of a batch dim in front of the tokens: an error at this node (the
    rank gets a slice of the batch, not of the tokens), its result unfollowed (⊤) so that
    the ops after it are not blamed for it."""
    node, _ = lw.current
    shape = lw.engine_shape(act)
    shown = f"[{', '.join(map(str, shape))}]" if shape is not None else "the value"
    ref = lw.emit("opaque", [act.ref], target=node.target, ports=(1,), reported=True)
    lw.flag(
        rules.SHARD_OF_BATCH,
        f"{what} over dim {axis} of {shown}, a batch dim of {act.lead[axis]} in front of the "
        f"tokens (dim {len(act.lead)}): each rank is left a slice of the batch, not of the "
        "tokens",
        ref,
    )
    return Act(ref)


def resolve(target: Sequence[int], total: int) -> list[int] | None:
    dims = list(target)
    if dims.count(-1) == 1:
        known = math.prod(d for d in dims if d != -1)
        if known == 0 or total % known:
            return None
        dims[dims.index(-1)] = total // known
    return dims


def token_dim(dims: Sequence[int], rows: int) -> int | None:
    """The dim holding the tokens: where the leading product first reaches the rows."""
    product = 1
    for index, dim in enumerate(dims):
        product *= dim
        if product == rows:
            return index
        if product > rows:
            return None
    return None


def split_at(dims: Sequence[int], width: int) -> int | None:
    """The index from which the trailing dims multiply to ``width``."""
    product = 1
    for index in range(len(dims) - 1, -1, -1):
        product *= dims[index]
        if product == width:
            return index
    return None


def two_d(lw: Lowering, act: Act) -> ValueRef:
    """A [t, heads, dim] value viewed as [t, heads·dim] (the attention ops' query form)."""
    numbers = lw.numbers(act)
    if numbers is None or len(numbers) <= 2:
        return act.ref
    return lw.emit(
        "view", [act.ref], rows=lw.type(act).shape[0], features=(math.prod(numbers[1:]),)
    )


# -- walking downstream --------------------------------------------------------------------


def passes_unchanged(lw: Lowering, node: EngineNode) -> bool:
    """A view or cast of its input (a pending sum stays pending through it)."""
    return lw.is_(node, Trait.VIEW, Trait.CAST)


def reaches_next_linear(lw: Lowering, node: EngineNode) -> bool:
    """Does a linear's result pass ``node`` on its way to the next linear, the heads or
    features it holds still the linear's? Views, row-wise ops, token slices, the attention and
    a recurrent mixer (its heads are its input projection's: Qwen3-Next's in_proj_ba gives one
    step and decay per head of this rank) do; a fused residual add+norm (the residual stream is
    no one linear's) and the indexer (whose result is key positions) do not."""
    if lw.is_(node, Trait.FUSED_ADD_NORM, Trait.SPARSE_ATTENTION):
        return False
    return lw.is_(
        node,
        Trait.VIEW,
        Trait.CAST,
        Trait.ROW_WISE,
        Trait.TOKEN_SLICE,
        Trait.ATTENTION,
        Trait.RECURRENT,
    )


def reached(lw: Lowering, node: EngineNode, through: Through, depth: int) -> Iterator[EngineNode]:
    """The nodes downstream of ``node``, walking on past those ``through(lw, n)`` accepts."""
    frontier, seen = [node], {node.name}
    for _ in range(depth):
        following = []
        for current in frontier:
            for output in current.outputs:
                for reader in lw.consumers.get(output or "", ()):
                    if reader.name in seen:
                        continue
                    seen.add(reader.name)
                    yield reader
                    if through(lw, reader):
                        following.append(reader)
        frontier = following


def is_reduction(lw: Lowering, node: EngineNode) -> bool:
    """A collective that sums what it reads (a fused matmul+all_reduce sums its own result)."""
    return lw.is_(node, Trait.REDUCTION) and not lw.is_(node, Trait.LINEAR)


def reduced(lw: Lowering, node: EngineNode, through: Through = passes_unchanged) -> bool:
    return any(is_reduction(lw, r) for r in reached(lw, node, through, 4))


def readers(lw: Lowering, name: str | None, depth: int = 3) -> Iterator[EngineNode]:
    frontier = [name] if name else []
    for _ in range(depth):
        next_frontier: list[str] = []
        for current in frontier:
            for reader in lw.consumers.get(current, ()):
                yield reader
                next_frontier.extend(o for o in reader.outputs if o)
        frontier = next_frontier
