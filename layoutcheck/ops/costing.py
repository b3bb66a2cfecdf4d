"""What a cost rule returns, and the helpers cost rules share.

A cost is sympy expressions over the graph's symbols, computed from the per-rank typed shapes:
a LOCAL op is costed on its T/g rows, a FULL one on T. Formulas: each family module.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs
import sympy

from layoutcheck.graph import Op
from layoutcheck.lattice import AbstractValue, TokenLayout
from layoutcheck.ops.base import Context
from layoutcheck.symbols import Expr

ZERO = sympy.Integer(0)


@attrs.frozen
class Comm:
    """One collective: its kind, group, the group size, and M — the bytes of the full tensor."""

    kind: str
    group: str
    size: Expr
    full_bytes: Expr

    @property
    def wire_bytes(self) -> Expr:
        """Bytes each rank sends (ring): all_reduce 2(g−1)/g·M, the others (g−1)/g·M."""
        factor = 2 if self.kind == "all_reduce" else 1
        return factor * (self.size - 1) / self.size * self.full_bytes


@attrs.frozen
class OpCost:
    """Work of one op on one rank. ``mma`` maps an MMA dtype (bf16, int8) to FLOPs."""

    mma: tuple[tuple[str, Expr], ...] = ()
    vector: Expr = ZERO
    hbm_bytes: Expr = ZERO
    comm: Comm | None = None
    parts: tuple[tuple[str, OpCost], ...] = ()

    @property
    def mma_flops(self) -> Expr:
        return sum((flops for _, flops in self.mma), ZERO)

    @property
    def flops(self) -> Expr:
        return self.mma_flops + self.vector

    def __add__(self, other: OpCost) -> OpCost:
        mma: dict[str, Expr] = dict(self.mma)
        for dtype, flops in other.mma:
            mma[dtype] = mma.get(dtype, ZERO) + flops
        comm = self.comm or other.comm
        return OpCost(
            tuple(sorted(mma.items())),
            self.vector + other.vector,
            self.hbm_bytes + other.hbm_bytes,
            comm,
        )


def combined(parts: Sequence[tuple[str, OpCost]]) -> OpCost:
    """An op whose cost is reported in parts (the DSA indexer's query and key sides)."""
    total = OpCost()
    for _, part in parts:
        total = total + part
    return attrs.evolve(total, parts=tuple(parts))


@attrs.frozen
class CostCall:
    """What a cost rule sees: the op, its typed inputs and outputs, and the rank being costed."""

    op: Op
    inputs: tuple[AbstractValue, ...]
    outputs: tuple[AbstractValue, ...]
    context: Context
    attrs: Mapping[str, object]
    rank: Expr  # which rank of a LOCAL range (0 = first, g−1 = last)

    def size(self, key: str) -> Expr:
        value = self.attrs[key]
        assert isinstance(value, sympy.Expr)
        return value

    def word(self, key: str) -> str:
        value = self.attrs[key]
        assert isinstance(value, str)
        return value

    def group_size(self, name: str) -> Expr:
        return self.context.groups[name]


CostRule = Callable[[CostCall], OpCost]


def elements(value: AbstractValue) -> Expr:
    result: Expr = sympy.Integer(1)
    for dim in value.shape:
        result = result * dim
    return result


def nbytes(value: AbstractValue) -> Expr:
    return elements(value) * value.dtype.bytes


def rows(value: AbstractValue) -> Expr:
    return value.shape[0]


def features(value: AbstractValue) -> Expr:
    result: Expr = sympy.Integer(1)
    for dim in value.shape[1:]:
        result = result * dim
    return result


def io_bytes(call: CostCall) -> Expr:
    """Bytes every input is read and every output written once."""
    return sum((nbytes(v) for v in (*call.inputs, *call.outputs)), ZERO)


def free(call: CostCall) -> OpCost:
    """Views and markers: no work."""
    return OpCost()


def elementwise(per_element: int) -> CostRule:
    """Vector work of ``per_element`` operations per output element, plus reading and writing."""

    def rule(call: CostCall) -> OpCost:
        work = sum((elements(v) for v in call.outputs), ZERO) * per_element
        return OpCost(vector=work, hbm_bytes=io_bytes(call))

    return rule


def copy(call: CostCall) -> OpCost:
    return OpCost(hbm_bytes=io_bytes(call))


def query_positions(value: AbstractValue, call: CostCall) -> tuple[Expr, Expr]:
    """The global token positions [first, end) of a value's rows on the costed rank."""
    n = rows(value)
    if value.tokens is TokenLayout.LOCAL:
        return call.rank * n, (call.rank + 1) * n
    return ZERO, n


def causal_pairs(first: Expr, end: Expr) -> Expr:
    """Σ over query positions p in [first, end) of (p + 1): keys each query attends to."""
    return (end * (end + 1) - first * (first + 1)) / 2


def capped_prefix(positions: Expr, topk: Expr) -> Expr:
    """Σ_{p < positions} min(topk, p + 1), in closed form (piecewise in positions and topk)."""
    return sympy.Piecewise(
        (positions * (positions + 1) / 2, positions <= topk),
        (topk * (topk + 1) / 2 + (positions - topk) * topk, True),
    )


def sparse_pairs(first: Expr, end: Expr, topk: Expr) -> Expr:
    """Σ over query positions p in [first, end) of min(topk, p + 1)."""
    return capped_prefix(end, topk) - capped_prefix(first, topk)
