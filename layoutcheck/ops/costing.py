"""What a cost rule returns, and the helpers cost rules share.

A cost is sympy expressions over the graph's symbols, computed from the per-rank typed shapes:
a LOCAL op is costed on its T/g rows, a FULL one on T. Formulas: each family module.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence

import attrs
import sympy
from attrs import field as _field  # CostCall has an attr named attrs

from layoutcheck.graph import Op
from layoutcheck.lattice import AbstractValue, TokenLayout
from layoutcheck.ops.base import Context
from layoutcheck.symbols import Expr, symbol

ZERO = sympy.Integer(0)
# the cost model that reproduces TensorCast's formulas (``--cost-model tensorcast``)
TENSORCAST_MODEL = "tensorcast"
# the kind of the hardware model's per-step report entry: host, scheduler and launch time
# around the device's kernels (``hardware.decode_step_us`` / ``prefill_step_us`` of a device)
HOST_STEP = "host_step"


@attrs.frozen
class Comm:
    """One collective: its kind, group, the group size, and M — the bytes of the full tensor.

    An all_to_all also says the bytes the rank sends and receives *to and from other ranks*
    (its own share stays put); it is timed on the larger of the two."""

    kind: str
    group: str
    size: Expr
    full_bytes: Expr
    sent: Expr | None = None
    received: Expr | None = None
    # the calibrated model's MoE exchange ("dispatch" or "combine"): timed no faster than the
    # device's measured latency floor for its group size (None: α–β alone, as TensorCast)
    floor: str | None = None

    @property
    def pattern(self) -> CommPattern:
        """How the bytes move, which decides the algorithms that time it."""
        return _COMM_PATTERNS.get(self.kind, CommPattern.RING)

    @property
    def wire_bytes(self) -> Expr:
        """Bytes each rank sends (ring): all_reduce 2(g−1)/g·M, the others (g−1)/g·M; a
        send/recv M."""
        if self.pattern is CommPattern.POINT_TO_POINT:
            return self.full_bytes  # the sender sends the whole tensor
        factor = 2 if self.pattern is CommPattern.REDUCE_THEN_GATHER else 1
        return factor * (self.size - 1) / self.size * self.full_bytes


class CommPattern(enum.Enum):
    """How a collective moves its bytes (the timing model's choice of algorithms)."""

    REDUCE_THEN_GATHER = "reduce-then-gather"  # all_reduce: every byte crosses the ring twice
    EXCHANGE = "exchange"  # all_to_all: each rank sends its share to each other rank
    RING = "ring"  # all_gather, reduce_scatter, an MC2 dispatch: each byte crosses once
    # a send/recv between two ranks (a pipeline stage boundary): the whole tensor crosses one
    # link once; ``size`` is then the span of ranks the pair lies in, which picks the tier
    POINT_TO_POINT = "point-to-point"


# a collective's kind (an op kind, or an MoE dispatch scheme) to its pattern; others: RING
_COMM_PATTERNS: Mapping[str, CommPattern] = {
    "all_reduce": CommPattern.REDUCE_THEN_GATHER,
    "all_to_all": CommPattern.EXCHANGE,
    "send_recv": CommPattern.POINT_TO_POINT,
}


@attrs.frozen
class OpCost:
    """Work of one op on one rank. ``mma`` maps an MMA dtype (bf16, int8) to FLOPs."""

    mma: tuple[tuple[str, Expr], ...] = ()
    vector: Expr = ZERO
    hbm_bytes: Expr = ZERO
    comm: Comm | None = None
    parts: tuple[tuple[str, OpCost], ...] = ()
    vector_dtype: str = "bf16"  # the vector unit's rate: fp32 work runs at half the fp16 rate
    # launches beyond the first (TensorCast's extra static cost count: the fused MLA q-side
    # has 15, a group of per-expert down projections one per expert)
    extra_launches: Expr = ZERO
    # the parts are separate kernels (an MoE's dispatch, experts and combine): the op's time is
    # the sum of theirs, each with its own roofline and launch
    separate: bool = False
    # the calibrated model's attention kernels: timed at the device's measured attention
    # efficiencies (``hardware`` in a profile) instead of its general ones
    efficiency: str | None = None

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


def repeated(cost: OpCost, count: Expr) -> OpCost:
    """``count`` identical kernels: the work ``count`` times, and ``count`` launches."""
    return attrs.evolve(
        cost,
        mma=tuple((dtype, flops * count) for dtype, flops in cost.mma),
        vector=cost.vector * count,
        hbm_bytes=cost.hbm_bytes * count,
        extra_launches=(1 + cost.extra_launches) * count - 1,
    )


def kernels(parts: Sequence[tuple[str, OpCost]]) -> OpCost:
    """An op that runs as several kernels one after another (an MoE's dispatch, grouped
    matmuls and combine): its totals are the sums, its time the sum of the parts' times."""
    return attrs.evolve(combined(parts), separate=True)


@attrs.frozen
class RequestKeys:
    """A graph's listed requests at its symbol values, for the rules that price each request
    (a decode batch's attention): slot s owns token rows ``[starts[s], ends[s])`` and its
    queries attend ``keys[s]`` keys (its ``seq_lens``; 0 for a padded slot)."""

    starts: tuple[int, ...]
    ends: tuple[int, ...]
    keys: tuple[int, ...]
    values: tuple[tuple[str, int], ...]  # the symbol values a rank's rows are read at

    def number(self, expr: Expr) -> int:
        """``expr`` at the graph's values (a rank, a per-rank row count)."""
        known = {symbol(name): sympy.Integer(v) for name, v in self.values}
        return int(sympy.sympify(expr).xreplace(known))

    def on_rows(self, first: int, count: int) -> tuple[tuple[int, int], ...]:
        """(query rows, keys) of the requests' rows within ``[first, first + count)``, the rows
        of requests with the same keys added up (a slot with no keys attends nothing)."""
        rows: dict[int, int] = {}
        end = first + count
        for start, stop, keys in zip(self.starts, self.ends, self.keys, strict=True):
            held = min(stop, end) - max(start, first)
            if held > 0 and keys > 0:
                rows[keys] = rows.get(keys, 0) + held
        return tuple((held, keys) for keys, held in sorted(rows.items()))


@attrs.frozen
class CostCall:
    """What a cost rule sees: the op, its typed inputs and outputs, and the rank being costed."""

    op: Op
    inputs: tuple[AbstractValue, ...]
    outputs: tuple[AbstractValue, ...]
    context: Context
    attrs: Mapping[str, object]
    rank: Expr  # which rank of a LOCAL range (0 = first, g−1 = last)
    options: Mapping[str, str] = _field(factory=dict)  # the pricing's named choices
    requests: RequestKeys | None = None  # the graph's requests, where it lists their keys

    def option(self, name: str) -> str | None:
        return self.options.get(name)

    @property
    def tensorcast(self) -> bool:
        """Priced with TensorCast's formulas (the ``tensorcast`` cost model), not the
        calibrated ``hardware`` model (the default)."""
        return self.options.get("model") == TENSORCAST_MODEL

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


def float_mma(value: AbstractValue) -> str:
    """The peak a float matmul on ``value`` runs at: its own float dtype (fp16 in TensorCast's
    graphs, fp32 for a router cast up), bf16 for anything else."""
    return value.dtype.value if value.dtype.is_float else "bf16"


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
