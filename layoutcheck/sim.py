"""The semantic oracle: executes a graph on g simulated ranks with numpy, at small sizes.

Each rank holds a real array, and every value also carries the global token position of each
of its rows (-1 for padding), so the simulator never needs the checker's types: it runs what the
graph says, and the types are then judged against what it computed. Weights are drawn from a
generator seeded by op name, so two graphs that name the same module share weights. Arithmetic
is float64, so two correct layouts agree far below any dtype's tolerance.

Reference math, kept small on purpose: RMS norm; interleaved swiglu (``silu(x[2j])·x[2j+1]``,
so a feature block of a column-parallel output is a block of the whole); rope as a rotation of
feature pairs by an angle proportional to the token position; MLA with the latent expanded by
one ``kv_b_proj`` shared by all heads; sparse attention over the indexer's key positions; a
single-head indexer scoring causal keys; top-k routing with softmax weights; SwiGLU experts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping

import attrs
import numpy as np
import numpy.typing as npt

from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import AbstractValue, Dtype, FeatureState, TokenLayout
from layoutcheck.ops import Registry, RegistryError, default_registry
from layoutcheck.ops.traits import Trait

Array = npt.NDArray[np.float64]
Positions = npt.NDArray[np.int64]

EPS = 1e-6
ROPE_RATE = 0.05


def _f64(value: object) -> Array:
    return np.asarray(value, dtype=np.float64)


class SimError(Exception):
    """The graph cannot be executed (names the op): e.g. a slice of 9 rows over 4 ranks."""

    def __init__(self, op: str, message: str) -> None:
        super().__init__(f"{op}: {message}")
        self.op = op
        self.message = message


@attrs.frozen
class Held:
    """A value on every rank: the arrays and the global token position of each row."""

    arrays: tuple[Array, ...]
    positions: tuple[Positions, ...]
    # the real rows of the range the positions number, when it is not the graph's tokens (a
    # dispatch's routed rows: top_k per token); None: the graph's token count
    real: int | None = None
    # a merged column-parallel output's parts, each rank's share of each part (per-rank
    # sizes): rank r holds block r of every part, not block r of the whole
    parts: tuple[int, ...] = ()

    @property
    def ranks(self) -> int:
        return len(self.arrays)


@attrs.frozen
class Simulation:
    graph: Graph
    typed: TypedGraph
    ranks: int
    values: Mapping[ValueRef, Held]
    failure: SimError | None
    inputs: Mapping[str, Array]  # the global arrays the inputs were drawn as
    # ops that combined rows of different tokens on a rank: (op, where and which tokens)
    mixed: tuple[tuple[str, str], ...] = ()

    def held(self, ref: ValueRef | str) -> Held | None:
        key = ValueRef.parse(ref) if isinstance(ref, str) else ref
        return self.values.get(key)


def with_symbols(graph: Graph, symbols: Mapping[str, int] | None) -> Graph:
    if not symbols:
        return graph
    known = dict(graph.symbols)
    unknown = sorted(set(symbols) - set(known))
    if unknown:
        raise ValueError(f"the graph has no symbol {unknown[0]!r}")
    known.update(symbols)
    return graph.evolve(symbols=tuple(known.items()))


def _seed(*parts: object) -> int:
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


class _Runner:
    def __init__(self, graph: Graph, typed: TypedGraph, seed: int, registry: Registry) -> None:
        self.graph = graph
        self.typed = typed
        self.seed = seed
        self.registry = registry
        self.kernels = kernels_for(registry)
        self.ranks = self._ranks()
        self.values: dict[ValueRef, Held] = {}
        self.inputs: dict[str, Array] = {}
        self.mixed: list[tuple[str, str]] = []

    def same_tokens(self, op: Op, operands: list[Held]) -> None:
        """An elementwise op combines row i of each operand: record it (once per op) when a
        rank's rows are of different tokens there, a padding row (-1) with a real one
        included: the result's row holds another token's data than its type says."""
        first = operands[0]
        for other in operands[1:]:
            for r, (p, q) in enumerate(zip(first.positions, other.positions, strict=True)):
                if p.shape != q.shape or np.array_equal(p, q):
                    continue
                row = int(np.argmax(p != q))
                self.mixed.append(
                    (
                        op.name,
                        f"rank {r} combines token {_token(int(p[row]))} with token "
                        f"{_token(int(q[row]))} in row {row}",
                    )
                )
                return

    # -- sizes ------------------------------------------------------------------------------
    def number(self, expr: object, what: str, op: str) -> int:
        value = self.typed.context.numeric(expr)
        if value is None:
            raise SimError(op, f"{what} has no numeric value: set the symbols (e.g. --set T=32)")
        return value

    def _ranks(self) -> int:
        for name, size in self.graph.groups:
            if name == "tp":
                return self.typed.context.numeric(size) or 1
        return 1

    def group(self, op: Op) -> int:
        """The size of an op's group: the simulated ranks, 1 (each rank its own group), or a
        divisor g of the ranks: then the ranks form groups of g consecutive ranks (rank r is
        member r % g of group r // g), as an engine lays a smaller group inside a node."""
        name = op.attr("group")
        return self.group_size(name if isinstance(name, str) else "tp", op.name)

    def group_size(self, group_name: str, where: str) -> int:
        size = self.number(
            self.typed.context.groups.get(group_name, 1), f"group {group_name}", where
        )
        if self.ranks % size:
            raise SimError(
                where,
                f"group {group_name} has {size} ranks; the simulation runs {self.ranks}, which "
                "it does not divide (a group across data-parallel replicas is not simulated)",
            )
        return size

    def weight(self, op: Op | str, suffix: str, shape: tuple[int, ...]) -> Array:
        """A module's weight, drawn from its name: ops that name one module share it."""
        name = op if isinstance(op, str) else op.name
        rng = np.random.default_rng(_seed(self.seed, name, suffix))
        scale = 1.0 / np.sqrt(max(shape[0], 1))
        return _f64(rng.standard_normal(shape) * scale)

    # -- inputs -----------------------------------------------------------------------------
    def make_input(self, name: str, given: Mapping[str, Array]) -> Held:
        spec = self.graph.input(name)
        distributed = spec.tokens is TokenLayout.LOCAL or spec.features is not FeatureState.WHOLE
        g = self.group_size(spec.group, name) if distributed else 1
        shape = [self.number(d, f"input {name} shape", name) for d in spec.shape]
        full = list(shape)
        if spec.tokens is TokenLayout.LOCAL:
            full[0] *= g
        if spec.features is FeatureState.SPLIT and len(full) > 1:
            full[1] *= g
        if name in given:
            data = np.asarray(given[name], dtype=np.float64)
        else:
            rng = np.random.default_rng(_seed(self.seed, "input", name))
            if spec.dtype in (Dtype.INT32, Dtype.INT64, Dtype.INT8):
                high = self._id_range(name)
                data = rng.integers(0, high, size=full).astype(np.float64)
            else:
                data = rng.standard_normal(full)
        if list(data.shape) != full:
            raise SimError(name, f"given input has shape {list(data.shape)}, expected {full}")
        self.inputs[name] = data
        rows = full[0]
        # rows past the token count are padding (a LOCAL input over a padded extent)
        tokens = self.number(self.graph.token_count, "token_count", name)
        positions = full_positions(rows, tokens) if rows > tokens else np.arange(rows)
        arrays: list[Array] = []
        pos: list[Positions] = []
        for rank in range(self.ranks):
            r = rank % g  # the member of its group: each group holds the whole input
            if spec.tokens is TokenLayout.LOCAL:
                n = rows // g
                block = data[r * n : (r + 1) * n]
                rows_of = positions[r * n : (r + 1) * n]
            else:
                block, rows_of = data, positions
            if spec.features is FeatureState.SPLIT:
                f = block.shape[1] // g
                block = block[:, r * f : (r + 1) * f]
            elif spec.features is FeatureState.PARTIAL:
                block = block / g
            arrays.append(np.array(block, dtype=np.float64))
            pos.append(rows_of.copy())
        return Held(tuple(arrays), tuple(pos))

    def _id_range(self, name: str) -> int:
        sizes = []
        for op, _ in self.graph.consumers(ValueRef(name)):
            vocab = op.attr("vocab")
            if vocab is not None:
                sizes.append(self.number(vocab, "vocab", op.name))
        return min(sizes) if sizes else 8

    # -- running ----------------------------------------------------------------------------
    def run(
        self, given: Mapping[str, Array], on_op: Callable[[], None] | None = None
    ) -> SimError | None:
        try:
            for spec in self.graph.inputs:
                self.values[ValueRef(spec.name)] = self.make_input(spec.name, given)
            for op in self.graph.topological_order():
                inputs = [self.values[ref] for ref in op.inputs]
                run = self.kernels[op.kind]
                try:
                    outputs = run(self, op, inputs)
                except SimError:
                    raise
                except (ValueError, IndexError, FloatingPointError) as error:
                    raise SimError(op.name, f"{op.kind} failed: {error}") from None
                for port, held in enumerate(outputs):
                    self.values[ValueRef(op.name, port)] = _numbered_like(held, inputs)
                if on_op is not None:
                    on_op()
        except SimError as error:
            return error
        return None


def _token(position: int) -> str:
    return str(position) if position >= 0 else "(padding)"


def _numbered_like(held: Held, inputs: list[Held]) -> Held:
    """An output on the rows of an input whose range is not the graph's tokens (routed rows)
    numbers the same range: it keeps that input's count of real rows."""
    if held.real is not None:
        return held
    for source in inputs:
        if source.real is not None and _same_positions(held, source):
            return attrs.evolve(held, real=source.real)
    return held


def _same_positions(a: Held, b: Held) -> bool:
    return a.ranks == b.ranks and all(
        x is y or np.array_equal(x, y) for x, y in zip(a.positions, b.positions, strict=True)
    )


# -- kernels: each takes the runner, the op and its inputs, and returns its outputs ----------


Kernel = Callable[[_Runner, Op, list[Held]], list[Held]]


def _per_rank(x: Held, fn: Callable[[int, Array, Positions], Array]) -> Held:
    return Held(
        tuple(fn(r, a, p) for r, (a, p) in enumerate(zip(x.arrays, x.positions, strict=True))),
        x.positions,
        x.real,
    )


def _rms(x: Array, w: Array) -> Array:
    return _f64(x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + EPS) * w)


def _norm_weight(rt: _Runner, op: Op | str, width: int) -> Array:
    return _f64(1.0 + 0.1 * rt.weight(op, "weight", (width,)) * np.sqrt(width))


def k_rms_norm(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    return [_per_rank(xs[0], lambda r, a, p: _rms(a, _norm_weight(rt, op, a.shape[-1])))]


def _layer(x: Array, w: Array, b: Array) -> Array:
    centred = x - np.mean(x, axis=-1, keepdims=True)
    return _f64(centred / np.sqrt(np.mean(centred * centred, axis=-1, keepdims=True) + EPS) * w + b)


def k_layer_norm(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    def per_rank(r: int, a: Array, p: Positions) -> Array:
        width = a.shape[-1]
        bias = 0.1 * rt.weight(op, "bias", (width,)) * np.sqrt(width)
        return _layer(a, _norm_weight(rt, op, width), bias)

    return [_per_rank(xs[0], per_rank)]


def k_add(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    a, b = xs
    _same_rows(op, a, b)
    rt.same_tokens(op, xs)
    return [Held(tuple(x + y for x, y in zip(a.arrays, b.arrays, strict=True)), a.positions)]


def _same_rows(op: Op, a: Held, b: Held) -> None:
    for r, (x, y) in enumerate(zip(a.arrays, b.arrays, strict=True)):
        if x.shape != y.shape:
            raise SimError(
                op.name, f"rank {r} holds operands of shapes {list(x.shape)} and {list(y.shape)}"
            )


def k_add_rms_norm(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    (total,) = k_add(rt, op, xs)
    return [k_rms_norm(rt, op, [total])[0], total]


def _silu(x: Array) -> Array:
    return x / (1.0 + np.exp(-x))


ACTIVATIONS: Mapping[str, Callable[[Array], Array]] = {
    "silu": _silu,
    "relu": lambda x: np.maximum(x, 0.0),
    "sigmoid": lambda x: 1.0 / (1.0 + np.exp(-x)),
    "gelu": lambda x: 0.5 * x * (1.0 + np.tanh(0.7978845608 * (x + 0.044715 * x**3))),
    "swiglu": lambda x: _silu(x[..., 0::2]) * x[..., 1::2],
}


def k_activation(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    fn = ACTIVATIONS[str(op.attr("fn"))]
    return [_per_rank(xs[0], lambda r, a, p: fn(a))]


def _rope(a: Array, positions: Positions) -> Array:
    if a.shape[-1] % 2:
        raise ValueError("rope needs an even feature size")
    angle = (np.maximum(positions, 0) * ROPE_RATE).reshape((-1,) + (1,) * (a.ndim - 1))
    even, odd = a[..., 0::2], a[..., 1::2]
    out = np.empty_like(a)
    out[..., 0::2] = even * np.cos(angle) - odd * np.sin(angle)
    out[..., 1::2] = even * np.sin(angle) + odd * np.cos(angle)
    return out


def k_rope(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    return [_per_rank(xs[0], lambda r, a, p: _rope(a, p))]


def _sizes(rt: _Runner, op: Op, key: str) -> list[int]:
    value = op.attr(key)
    assert isinstance(value, tuple)
    return [rt.number(v, key, op.name) for v in value]


def k_reshape(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    wanted = _sizes(rt, op, "features")

    def reshape(r: int, a: Array, p: Positions) -> Array:
        local = int(np.prod(a.shape[1:]))
        dims = list(wanted)
        total = int(np.prod(dims))
        # a SPLIT value: the first feature dim is this rank's block of its group's
        if local and local != total and total % local == 0 and dims[0] % (total // local) == 0:
            dims[0] //= total // local
        return a.reshape((a.shape[0], *dims))

    return [_per_rank(xs[0], reshape)]


def k_concat(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    for x in xs[1:]:
        if any(a.shape[0] != b.shape[0] for a, b in zip(x.arrays, xs[0].arrays, strict=True)):
            raise SimError(op.name, "concat of values with different row counts")
    rt.same_tokens(op, xs)
    arrays = tuple(np.concatenate([x.arrays[r] for x in xs], axis=-1) for r in range(xs[0].ranks))
    return [Held(arrays, xs[0].positions)]


def k_split(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    parts = _sizes(rt, op, "sizes")
    x = xs[0]
    outputs = []
    width = x.arrays[0].shape[-1]
    share = sum(parts) // width if width and sum(parts) % width == 0 else 1
    if share > 1 and all(p % share == 0 for p in parts):  # sizes of a SPLIT value's whole
        parts = [p // share for p in parts]
    if sum(parts) != width:
        raise SimError(op.name, f"split sizes {parts} do not add up to {width} features")
    start = 0
    for size in parts:
        outputs.append(Held(tuple(a[..., start : start + size] for a in x.arrays), x.positions))
        start += size
    return outputs


def _block(total: int, g: int, r: int, op: Op, what: str) -> slice:
    if total % g:
        raise SimError(op.name, f"{what} {total} cannot be split over {g} ranks")
    n = total // g
    return slice(r * n, (r + 1) * n)


def k_linear(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    return [_matmul(rt, op, xs[0], str(op.attr("parallel")))]


def _merged_parts(rt: _Runner, op: Op, n_out: int, g: int) -> tuple[int, ...]:
    """The per-rank part sizes of a merged column-parallel output (a qkv or gate_up that an
    op cutting each row's features splits, per rank, into parts): engines shard each part
    over the group, so rank r holds block r of every part. () when nothing splits it."""
    if g == 1:
        return ()
    for reader, _ in rt.graph.consumers(ValueRef(op.name)):
        if not rt.registry.is_(reader.kind, Trait.SPLIT) or reader.attr("sizes") is None:
            continue
        parts = _sizes(rt, reader, "sizes")
        if sum(parts) == n_out:  # sizes of the whole output: each rank holds 1/g of each
            if any(part % g for part in parts):
                return ()
            parts = [part // g for part in parts]
        if len(parts) > 1 and sum(parts) * g == n_out:
            return tuple(parts)
    return ()


def _columns(n_out: int, parts: tuple[int, ...], g: int, rank: int) -> npt.NDArray[np.int64]:
    """Rank ``rank``'s output columns: block ``rank`` of every part, parts in order."""
    blocks, start = [], 0
    for part in parts:
        blocks.append(np.arange(start + rank * part, start + (rank + 1) * part))
        start += part * g
    return np.concatenate(blocks)


def _matmul(rt: _Runner, op: Op, x: Held, parallel: str) -> Held:
    n_in = rt.number(op.attr("in_features"), "in_features", op.name)
    n_out = rt.number(op.attr("out_features"), "out_features", op.name)
    w = rt.weight(op, "weight", (n_in, n_out))
    g = rt.group(op)
    parts = _merged_parts(rt, op, n_out, g) if parallel == "column" else ()

    def apply(r: int, a: Array, p: Positions) -> Array:
        rank = r % g
        if parallel == "column" and parts:
            part = w[:, _columns(n_out, parts, g, rank)]
        elif parallel == "column":
            part = w[:, _block(n_out, g, rank, op, "out_features")]
        elif parallel == "row":
            part = w[_block(n_in, g, rank, op, "in_features"), :]
        else:
            part = w
        if a.shape[-1] != part.shape[0]:
            raise SimError(
                op.name,
                f"rank {r} holds {a.shape[-1]} input features, the weight takes {part.shape[0]}",
            )
        return a @ part

    return attrs.evolve(_per_rank(x, apply), parts=parts)


# -- collectives and layout: data really moves between ranks -------------------------------


def _require_group(rt: _Runner, op: Op) -> int:
    return rt.group(op)


# the reduce ops a collective may name: what the ranks' arrays combine to
REDUCE_OPS: Mapping[str, Callable[[Array], Array]] = {
    "sum": lambda stacked: _f64(np.sum(stacked, axis=0)),
    "avg": lambda stacked: _f64(np.mean(stacked, axis=0)),
    "max": lambda stacked: _f64(np.max(stacked, axis=0)),
}


def _reduced(op: Op, x: Held) -> Array:
    shapes = {a.shape for a in x.arrays}
    if len(shapes) != 1:
        raise SimError(op.name, f"ranks hold different shapes {sorted(shapes)}")
    return REDUCE_OPS[str(op.attr("reduce") or "sum")](np.stack(x.arrays))


def _dim(op: Op, x: Held) -> int:
    """The dim a scatter or gather works on (0 the tokens), as a non-negative index."""
    text = str(op.attr("dim") or "0")
    digits = text.removeprefix("-")
    rank = x.arrays[0].ndim if x.arrays else 1
    if not (digits.isascii() and digits.isdigit()) or not -rank <= int(text) < rank:
        raise SimError(op.name, f"dim {text} of a {rank}-d value")
    return int(text) % rank


def _members(rank: int, g: int) -> range:
    """The ranks of ``rank``'s group of ``g`` consecutive ranks."""
    start = rank - rank % g
    return range(start, start + g)


def _within(x: Held, members: range) -> Held:
    return Held(tuple(x.arrays[m] for m in members), tuple(x.positions[m] for m in members), x.real)


def k_all_reduce(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    x = xs[0]
    g = _require_group(rt, op)
    if g == 1:
        return [x]
    totals = {
        start: _reduced(op, _within(x, _members(start, g))) for start in range(0, rt.ranks, g)
    }
    return [Held(tuple(totals[r - r % g].copy() for r in range(rt.ranks)), x.positions)]


def k_reduce_scatter(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    x = xs[0]
    g = _require_group(rt, op)
    if g == 1:
        return [x]
    dim = _dim(op, x)
    arrays, positions = [], []
    for r in range(rt.ranks):
        members = _members(r, g)
        total = _reduced(op, _within(x, members))
        block = _block(total.shape[dim], g, r % g, op, "rows" if dim == 0 else f"dim {dim}")
        if dim == 0:
            arrays.append(total[block].copy())
            positions.append(x.positions[members.start][block].copy())
        else:
            arrays.append(np.take(total, range(block.start, block.stop), axis=dim))
            positions.append(x.positions[r].copy())
    return [Held(tuple(arrays), tuple(positions))]


def k_all_gather(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    x = xs[0]
    g = _require_group(rt, op)
    if g == 1:
        return [x]
    dim = _dim(op, x)
    arrays, positions = [], []
    for r in range(rt.ranks):
        members = _members(r, g)
        arrays.append(np.concatenate([x.arrays[m] for m in members], axis=dim))
        if dim == 0:
            positions.append(np.concatenate([x.positions[m] for m in members]))
        else:
            positions.append(x.positions[r])
    return [Held(tuple(arrays), tuple(positions))]


def k_matmul_reduce_scatter(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    """The row-parallel matmul, then the reduce-scatter of its sum (along ``dim``)."""
    return k_reduce_scatter(rt, op, [_matmul(rt, op, xs[0], "row")])


def k_all_gather_matmul(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    (gathered,) = k_all_gather(rt, op, xs)
    return [_matmul(rt, op, gathered, str(op.attr("parallel") or "column"))]


def k_identity(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    return list(xs)


def k_token_slice(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    x = xs[0]
    g = _require_group(rt, op)
    arrays, positions = [], []
    for r, (a, p) in enumerate(zip(x.arrays, x.positions, strict=True)):
        block = _block(a.shape[0], g, r % g, op, "rows")
        arrays.append(a[block].copy())
        positions.append(p[block].copy())
    return [Held(tuple(arrays), tuple(positions))]


def k_pad_tokens(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    x = xs[0]
    g = _require_group(rt, op)
    arrays, positions = [], []
    for a, p in zip(x.arrays, x.positions, strict=True):
        extra = (-a.shape[0]) % g
        arrays.append(np.concatenate([a, np.zeros((extra, *a.shape[1:]))]))
        positions.append(np.concatenate([p, -np.ones(extra, dtype=np.int64)]))
    return [Held(tuple(arrays), tuple(positions))]


def k_unpad_tokens(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    x = xs[0]
    tokens = rt.number(rt.graph.token_count, "token_count", op.name)
    return [Held(tuple(a[:tokens] for a in x.arrays), tuple(p[:tokens] for p in x.positions))]


# -- attention ------------------------------------------------------------------------------


def _attend(scores: Array, allowed: npt.NDArray[np.bool_], values: Array) -> Array:
    """scores [h, q, k], allowed [q, k] (or [h, q, k]), values [k, d] or [h, k, d]."""
    masked = np.where(allowed, scores, -np.inf)
    top = np.max(masked, axis=-1, keepdims=True)
    top = np.where(np.isfinite(top), top, 0.0)
    weights = np.where(allowed, np.exp(masked - top), 0.0)
    total = weights.sum(axis=-1, keepdims=True)
    weights = np.divide(weights, total, out=np.zeros_like(weights), where=total > 0)
    return np.asarray(weights @ values, dtype=np.float64)


def _causal(q_pos: Positions, k_pos: Positions) -> npt.NDArray[np.bool_]:
    return (k_pos[None, :] <= q_pos[:, None]) & (k_pos[None, :] >= 0) & (q_pos[:, None] >= 0)


def k_mla(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    d_nope = rt.number(op.attr("qk_nope_head_dim"), "qk_nope_head_dim", op.name)
    d_rope = rt.number(op.attr("qk_rope_head_dim"), "qk_rope_head_dim", op.name)
    d_v = rt.number(op.attr("v_head_dim"), "v_head_dim", op.name)
    latent = rt.number(op.attr("kv_lora_rank"), "kv_lora_rank", op.name)
    w_uk = rt.weight(op, "kv_b_proj.k", (latent, d_nope))
    w_uv = rt.weight(op, "kv_b_proj.v", (latent, d_v))
    q, kv = xs[0], xs[1]
    indices = xs[2] if len(xs) > 2 else None
    outputs = []
    for r in range(rt.ranks):
        qa, q_pos = q.arrays[r], q.positions[r]
        kva, k_pos = kv.arrays[r], kv.positions[r]
        heads = qa.shape[-1] // (d_nope + d_rope) if qa.ndim == 2 else qa.shape[1]
        qh = qa.reshape(qa.shape[0], heads, d_nope + d_rope).transpose(1, 0, 2)
        if kva.shape[-1] != latent + d_rope:
            raise SimError(
                op.name, f"latent KV has {kva.shape[-1]} features, expected {latent + d_rope}"
            )
        c, k_rope = kva[:, :latent], kva[:, latent:]
        k_nope, v = c @ w_uk, c @ w_uv
        scores = (qh[..., :d_nope] @ k_nope.T + qh[..., d_nope:] @ k_rope.T) / np.sqrt(
            d_nope + d_rope
        )
        allowed = _causal(q_pos, k_pos)
        if indices is not None:
            idx = indices.arrays[r].astype(np.int64)
            if idx.shape[0] != qa.shape[0]:
                raise SimError(
                    op.name, f"rank {r}: {idx.shape[0]} index rows for {qa.shape[0]} queries"
                )
            chosen = (k_pos[None, None, :] == idx[:, :, None]).any(axis=1)
            allowed = allowed & chosen
        outputs.append(_attend(scores, allowed, v).transpose(1, 0, 2))
    return [Held(tuple(outputs), q.positions)]


def k_indexer(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    dim = rt.number(op.attr("index_head_dim"), "index_head_dim", op.name)
    topk = rt.number(op.attr("topk"), "topk", op.name)
    given = op.attr("context")
    context = rt.number(given, "context", op.name) if given is not None else None
    q, x = xs
    outputs = []
    for r in range(rt.ranks):
        qa, q_pos = q.arrays[r], q.positions[r]
        xa, k_pos = x.arrays[r], x.positions[r]
        # the fused op includes the key projection: the same weight a separate
        # `<indexer>.wk` linear would hold
        wk = rt.weight(f"{op.name}.wk", "weight", (xa.shape[-1], dim))
        keys = xa if xa.shape[-1] == dim else xa @ wk
        queries = qa @ rt.weight(op, "wq", (qa.shape[-1], dim))
        scores = np.where(_causal(q_pos, k_pos), queries @ keys.T, -np.inf)
        # the op's width: min(topk, keys per request); a decode graph's context (S keys in
        # a cache the graph does not hold) leaves the slots past the keys given empty (-1)
        width = min(topk, context) if context is not None else min(topk, keys.shape[0])
        k = min(width, keys.shape[0])
        order = np.argsort(-scores, axis=-1, kind="stable")[:, :k]
        picked = np.take_along_axis(scores, order, axis=-1)
        chosen = np.where(np.isfinite(picked), k_pos[order], -1)
        if k < width:
            chosen = np.pad(chosen, ((0, 0), (0, width - k)), constant_values=-1)
        outputs.append(np.sort(chosen, axis=-1).astype(np.float64))
    return [Held(tuple(outputs), q.positions)]


def k_gqa(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    head_dim = rt.number(op.attr("head_dim"), "head_dim", op.name)
    q, k, v = xs
    outputs = []
    for r in range(rt.ranks):
        qa, ka, va = q.arrays[r], k.arrays[r], v.arrays[r]
        hq, hk = qa.shape[-1] // head_dim, ka.shape[-1] // head_dim
        if hk == 0 or hq % hk:
            raise SimError(op.name, f"rank {r} holds {hq} query heads and {hk} key heads")
        qh = qa.reshape(qa.shape[0], hq, head_dim).transpose(1, 0, 2)
        kh = np.repeat(ka.reshape(ka.shape[0], hk, head_dim).transpose(1, 0, 2), hq // hk, axis=0)
        vh = np.repeat(va.reshape(va.shape[0], hk, head_dim).transpose(1, 0, 2), hq // hk, axis=0)
        scores = qh @ kh.transpose(0, 2, 1) / np.sqrt(head_dim)
        out = _attend(scores, _causal(q.positions[r], k.positions[r]), vh)
        outputs.append(out.transpose(1, 0, 2))
    return [Held(tuple(outputs), q.positions)]


# -- MoE and structure ----------------------------------------------------------------------


def k_gate(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    experts = rt.number(op.attr("experts"), "experts", op.name)
    return [_per_rank(xs[0], lambda r, a, p: a @ rt.weight(op, "weight", (a.shape[-1], experts)))]


def k_topk(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    k = rt.number(op.attr("top_k"), "top_k", op.name)
    weights, ids = [], []
    for a in xs[0].arrays:
        order = np.argsort(-a, axis=-1, kind="stable")[:, :k]
        chosen = np.take_along_axis(a, order, axis=-1)
        e = np.exp(chosen - chosen.max(axis=-1, keepdims=True)) if chosen.size else chosen
        weights.append(e / e.sum(axis=-1, keepdims=True) if chosen.size else e)
        ids.append(order.astype(np.float64))
    return [Held(tuple(weights), xs[0].positions), Held(tuple(ids), xs[0].positions)]


def k_experts(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    experts = rt.number(op.attr("experts"), "experts", op.name)
    inter = rt.number(op.attr("intermediate"), "intermediate", op.name)
    x, weights, ids = xs
    outputs = []
    for r in range(rt.ranks):
        xa, wa, ia = x.arrays[r], weights.arrays[r], ids.arrays[r].astype(np.int64)
        if not (xa.shape[0] == wa.shape[0] == ia.shape[0]):
            raise SimError(
                op.name,
                f"rank {r} dispatches {xa.shape[0]} token rows with {ia.shape[0]} rows of "
                "expert ids",
            )
        if ia.size and (ia.min() < 0 or ia.max() >= experts):
            raise SimError(op.name, "expert ids out of range")
        out = np.zeros_like(xa)
        hidden = xa.shape[-1]
        for e in np.unique(ia):
            w_up = rt.weight(op, f"expert{e}.gate_up", (hidden, 2 * inter))
            w_down = rt.weight(op, f"expert{e}.down", (inter, hidden))
            rows, slots = np.nonzero(ia == e)
            y = ACTIVATIONS["swiglu"](xa[rows] @ w_up) @ w_down
            np.add.at(out, rows, wa[rows, slots][:, None] * y)
        outputs.append(out)
    if op.attr("reduce_results") is False:
        # a pending sum over the reduce group: each rank holds an equal summand of the result
        name = op.attr("reduce_group")
        group = name if isinstance(name, str) else "tp"
        g = rt.number(rt.typed.context.groups.get(group, 1), f"group {group}", op.name)
        outputs = [out / g for out in outputs]
    return [Held(tuple(outputs), x.positions)]


def k_embedding(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    vocab = rt.number(op.attr("vocab"), "vocab", op.name)
    hidden = rt.number(op.attr("hidden"), "hidden", op.name)
    table = rt.weight(op, "weight", (vocab, hidden)) * np.sqrt(vocab)
    g = rt.group(op) if op.attr("parallel", "vocab") == "vocab" else 1

    def lookup(r: int, a: Array, p: Positions) -> Array:
        ids = a.astype(np.int64).reshape(-1)
        rows = table[np.clip(ids, 0, vocab - 1)]
        if g > 1:
            block = _block(vocab, g, r % g, op, "vocab")
            owned = (ids >= block.start) & (ids < block.stop)
            rows = np.where(owned[:, None], rows, 0.0)
        return _f64(rows)

    return [_per_rank(xs[0], lookup)]


def k_lm_head(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    vocab = rt.number(op.attr("vocab"), "vocab", op.name)
    hidden = rt.number(op.attr("hidden"), "hidden", op.name)
    w = rt.weight(op, "weight", (hidden, vocab))
    g = rt.group(op)
    return [_per_rank(xs[0], lambda r, a, p: a @ w[:, _block(vocab, g, r % g, op, "vocab")])]


# -- the engines' tensor plumbing and fused ops ---------------------------------------------


def k_view(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    rows = rt.number(op.attr("rows"), "rows", op.name)
    dims = _sizes(rt, op, "features")
    return [_per_rank(xs[0], lambda r, a, p: a.reshape(rows, *dims))]


def _bool(x: object) -> Array:
    return _f64(np.asarray(x, dtype=bool))


# one numpy kernel per function of the catalogue's table (ops/functions.py), over the
# activation operands (scalar operands are attrs of the engine op the graph does not carry:
# a missing second operand is the scalar 2, a clamp's bounds are ±1, a where's fill is 0)
Operands = list[Array]
POINTWISE: Mapping[str, Callable[[Operands], Array]] = {
    "add": lambda xs: xs[0] + (xs[1] if len(xs) > 1 else 2.0),
    "sub": lambda xs: xs[0] - (xs[1] if len(xs) > 1 else 2.0),
    "rsub": lambda xs: (xs[1] if len(xs) > 1 else 2.0) - xs[0],
    "mul": lambda xs: xs[0] * (xs[1] if len(xs) > 1 else 2.0),
    "div": lambda xs: xs[0] / (xs[1] if len(xs) > 1 else 2.0),
    "neg": lambda xs: -xs[0],
    "muls_add": lambda xs: xs[0] * 2.0 + (xs[1] if len(xs) > 1 else 0.0),
    "relu_squared": lambda xs: np.maximum(xs[0], 0.0) ** 2,
    "where": lambda xs: (
        np.where(xs[-1] != 0, xs[0], xs[1] if len(xs) > 2 else 0.0) if len(xs) > 1 else xs[0]
    ),
    "fill": lambda xs: np.full_like(xs[0], 2.0),
    "floordiv": lambda xs: np.floor_divide(xs[0], xs[1] if len(xs) > 1 else 2.0),
    "remainder": lambda xs: np.remainder(xs[0], xs[1] if len(xs) > 1 else 2.0),
    "fmod": lambda xs: np.fmod(xs[0], xs[1] if len(xs) > 1 else 2.0),
    "pow": lambda xs: np.power(np.abs(xs[0]), xs[1] if len(xs) > 1 else 2.0),
    "gated_norm": lambda xs: xs[0] * _silu(xs[1]),
    "atan2": lambda xs: np.arctan2(xs[0], xs[1] if len(xs) > 1 else 2.0),
    "maximum": lambda xs: np.maximum(xs[0], xs[1] if len(xs) > 1 else 0.0),
    "minimum": lambda xs: np.minimum(xs[0], xs[1] if len(xs) > 1 else 0.0),
    "clamp": lambda xs: np.clip(
        xs[0], xs[1] if len(xs) > 1 else -1.0, xs[2] if len(xs) > 2 else 1.0
    ),
    "clamp_min": lambda xs: np.maximum(xs[0], xs[1] if len(xs) > 1 else -1.0),
    "clamp_max": lambda xs: np.minimum(xs[0], xs[1] if len(xs) > 1 else 1.0),
    "abs": lambda xs: np.abs(xs[0]),
    "sign": lambda xs: np.sign(xs[0]),
    "exp": lambda xs: np.exp(xs[0]),
    "expm1": lambda xs: np.expm1(xs[0]),
    "log": lambda xs: np.log(np.abs(xs[0]) + 1.0),  # on |x| + 1: defined for any draw
    "log2": lambda xs: np.log2(np.abs(xs[0]) + 1.0),
    "log10": lambda xs: np.log10(np.abs(xs[0]) + 1.0),
    "log1p": lambda xs: np.sign(xs[0]) * np.log1p(np.abs(xs[0])),
    "sqrt": lambda xs: np.sqrt(np.abs(xs[0])),
    "rsqrt": lambda xs: 1.0 / np.sqrt(np.abs(xs[0]) + EPS),
    "reciprocal": lambda xs: xs[0] / (xs[0] * xs[0] + EPS),  # 1/x, bounded near 0
    "sin": lambda xs: np.sin(xs[0]),
    "cos": lambda xs: np.cos(xs[0]),
    "tan": lambda xs: np.tan(np.clip(xs[0], -1.0, 1.0)),
    "asin": lambda xs: np.arcsin(np.tanh(xs[0])),  # on (-1, 1)
    "acos": lambda xs: np.arccos(np.tanh(xs[0])),
    "atan": lambda xs: np.arctan(xs[0]),
    "sinh": lambda xs: np.sinh(xs[0]),
    "cosh": lambda xs: np.cosh(xs[0]),
    "tanh": lambda xs: np.tanh(xs[0]),
    "asinh": lambda xs: np.arcsinh(xs[0]),
    "acosh": lambda xs: np.arccosh(np.abs(xs[0]) + 1.0),
    "atanh": lambda xs: np.arctanh(np.tanh(xs[0]) * 0.5),
    "erf": lambda xs: _erf(xs[0]),
    "floor": lambda xs: np.floor(xs[0]),
    "ceil": lambda xs: np.ceil(xs[0]),
    "round": lambda xs: np.round(xs[0]),
    "trunc": lambda xs: np.trunc(xs[0]),
    "leaky_relu": lambda xs: np.where(xs[0] > 0, xs[0], 0.01 * xs[0]),
    "elu": lambda xs: np.where(xs[0] > 0, xs[0], np.expm1(np.minimum(xs[0], 0.0))),
    "hardtanh": lambda xs: np.clip(xs[0], -1.0, 1.0),
    "isnan": lambda xs: _bool(np.isnan(xs[0])),
    "isinf": lambda xs: _bool(np.isinf(xs[0])),
    "eq": lambda xs: _bool(xs[0] == (xs[1] if len(xs) > 1 else 0.0)),
    "ne": lambda xs: _bool(xs[0] != (xs[1] if len(xs) > 1 else 0.0)),
    "lt": lambda xs: _bool(xs[0] < (xs[1] if len(xs) > 1 else 0.0)),
    "le": lambda xs: _bool(xs[0] <= (xs[1] if len(xs) > 1 else 0.0)),
    "gt": lambda xs: _bool(xs[0] > (xs[1] if len(xs) > 1 else 0.0)),
    "ge": lambda xs: _bool(xs[0] >= (xs[1] if len(xs) > 1 else 0.0)),
    "logical_and": lambda xs: _bool((xs[0] != 0) & ((xs[1] if len(xs) > 1 else 1.0) != 0)),
    "logical_or": lambda xs: _bool((xs[0] != 0) | ((xs[1] if len(xs) > 1 else 0.0) != 0)),
    "logical_xor": lambda xs: _bool((xs[0] != 0) ^ ((xs[1] if len(xs) > 1 else 0.0) != 0)),
    "logical_not": lambda xs: _bool(xs[0] == 0),
    "and": lambda xs: _bits(np.bitwise_and, xs),
    "or": lambda xs: _bits(np.bitwise_or, xs),
    "not": lambda xs: _f64(np.invert(xs[0].astype(np.int64))),
    "bitwise_and": lambda xs: _bits(np.bitwise_and, xs),
    "bitwise_or": lambda xs: _bits(np.bitwise_or, xs),
    "bitwise_xor": lambda xs: _bits(np.bitwise_xor, xs),
}


def _erf(x: Array) -> Array:
    """erf by Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7; numpy has no erf)."""
    t = 1.0 / (1.0 + 0.3275911 * np.abs(x))
    poly = t * (
        0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))
    )
    return _f64(np.sign(x) * (1.0 - poly * np.exp(-x * x)))


def _bits(fn: np.ufunc, xs: Operands) -> Array:
    other = xs[1] if len(xs) > 1 else np.ones_like(xs[0])
    return _f64(fn(xs[0].astype(np.int64), np.asarray(other).astype(np.int64)))


def k_pointwise(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    """A function of the table of functions, element by element on each rank's rows; an
    operand of fewer feature dims or a 1 broadcasts as numpy (and the engine) does."""
    name = str(op.attr("fn"))
    fn = POINTWISE.get(name)
    if fn is None:
        raise SimError(op.name, f"the simulator has no kernel for pointwise {name}")
    rt.same_tokens(op, xs)
    first = xs[0]
    arrays = []
    for r in range(first.ranks):
        operands = [_broadcastable(x.arrays[r], first.arrays[r]) for x in xs]
        with np.errstate(all="ignore"):
            arrays.append(_f64(np.broadcast_to(fn(operands), _widest(operands)).copy()))
    return [Held(tuple(arrays), first.positions, first.real)]


def _broadcastable(a: Array, like: Array) -> Array:
    """``a`` with trailing unit dims so its token dim lines up with ``like``'s."""
    while a.ndim < like.ndim:
        a = a[..., None]
    return a


def _widest(operands: Operands) -> tuple[int, ...]:
    return tuple(np.broadcast_shapes(*(a.shape for a in operands)))


def k_feature_sum(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    axes = tuple(_sizes(rt, op, "axes"))  # counted from 1: axis 0 is the tokens
    return [_per_rank(xs[0], lambda r, a, p: _f64(a.sum(axis=axes)))]


def k_feature_max(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    """The max over the feature axes, and its flat position among them (torch's index for a
    single axis)."""
    axes = tuple(_sizes(rt, op, "axes"))
    features = tuple(_sizes(rt, op, "features"))  # the kept dims, a reduced one as 1 if kept
    x = xs[0]

    def flat(a: Array) -> Array:
        moved = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim)))
        return moved.reshape(*moved.shape[: a.ndim - len(axes)], -1)

    def shaped(a: Array) -> Array:
        return _f64(a.reshape(a.shape[0], *features))

    values = Held(tuple(shaped(flat(a).max(axis=-1)) for a in x.arrays), x.positions)
    where = Held(tuple(shaped(flat(a).argmax(axis=-1)) for a in x.arrays), x.positions)
    return [values, where]


def _top(a: Array, k: int) -> tuple[Array, Array]:
    where = np.argsort(-a, axis=-1, kind="stable")[..., :k]
    return np.take_along_axis(a, where, axis=-1), _f64(where)


# per_token functions the simulator runs, each along the last feature dim of one rank's rows:
# (values, indices) from the operands and the result's last dim
PER_TOKEN: Mapping[str, Callable[[list[Array], int], tuple[Array, Array | None]]] = {
    "cumsum": lambda xs, k: (np.cumsum(xs[0], axis=-1), None),
    "flip": lambda xs, k: (np.flip(xs[0], axis=-1), None),
    "sort": lambda xs, k: (np.sort(xs[0], axis=-1), _f64(np.argsort(xs[0], axis=-1))),
    "topk": lambda xs, k: _top(xs[0], k),
    "gather": lambda xs, k: (np.take_along_axis(xs[0], xs[1].astype(np.int64), axis=-1), None),
}


def k_per_token(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    """A per-token function of each rank's own rows (the functions of :data:`PER_TOKEN`)."""
    fn = PER_TOKEN.get(str(op.attr("fn")))
    if fn is None:
        raise SimError(op.name, f"the simulator cannot execute per_token {op.attr('fn')}")
    k = _sizes(rt, op, "features")[-1]
    values, indices = [], []
    for r in range(len(xs[0].arrays)):
        out, where = fn([x.arrays[r] for x in xs], k)
        values.append(_f64(out))
        indices.append(_f64(out if where is None else where))
    positions = xs[0].positions
    return [Held(tuple(values), positions), Held(tuple(indices), positions)]


def k_feature_shard(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    """Rank r keeps block r of the last dim."""
    g = _require_group(rt, op)
    x = xs[0]

    def block(r: int, a: Array, p: Positions) -> Array:
        width = a.shape[-1] // g
        return a[..., r % g * width : (r % g + 1) * width].copy()

    return [_per_rank(x, block)]


def k_feature_split(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    parts = _sizes(rt, op, "sizes")
    bounds = np.cumsum(parts)[:-1]
    pieces = [np.split(a, bounds, axis=-1) for a in xs[0].arrays]
    return [Held(tuple(piece[k] for piece in pieces), xs[0].positions) for k in range(len(parts))]


def k_token_select(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    """The sampled tokens: the last ``rows`` rows. The selection is a token range of its own,
    its rows numbered 0..rows−1, so FULL says every rank holds every sampled row."""
    rows = rt.number(op.attr("rows"), "rows", op.name)
    x = xs[0]
    numbered = np.arange(rows, dtype=np.int64)
    return [Held(tuple(a[-rows:] for a in x.arrays), tuple(numbered.copy() for _ in x.arrays))]


def k_feature_gather(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    x = xs[0]
    g = _require_group(rt, op)
    if g == 1:
        return [x]
    joined = [
        np.concatenate([x.arrays[m] for m in _members(r, g)], axis=1) for r in range(rt.ranks)
    ]
    return [Held(tuple(joined), x.positions)]


def k_moe_dispatch(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    """Each token becomes top_k rows (token-major here; the combine undoes exactly this). The
    routed rows are a range of their own, k per token: token t's j-th route is row t·k + j
    (a padding token's routes are padding), as the type's extent k·T counts them."""
    k = rt.number(op.attr("top_k"), "top_k", op.name)
    x = xs[0]
    tokens = x.real if x.real is not None else rt.number(rt.graph.token_count, "tokens", op.name)
    routes = np.arange(k, dtype=np.int64)

    def routed(p: Positions) -> Positions:
        rows = (p[:, None] * k + routes[None, :]).reshape(-1)
        return np.where(np.repeat(p, k) >= 0, rows, -1)

    return [
        Held(
            tuple(np.repeat(a, k, axis=0) for a in x.arrays),
            tuple(routed(p) for p in x.positions),
            real=tokens * k,
        )
    ]


def k_moe_expert_compute(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    inter = rt.number(op.attr("intermediate"), "intermediate", op.name)

    def apply(r: int, a: Array, p: Positions) -> Array:
        w_up = rt.weight(op, "gate_up", (a.shape[-1], 2 * inter))
        w_down = rt.weight(op, "down", (inter, a.shape[-1]))
        return _f64(ACTIVATIONS["swiglu"](a @ w_up) @ w_down)

    return [_per_rank(xs[0], apply)]


def k_moe_combine(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    k = rt.number(op.attr("top_k"), "top_k", op.name)
    x, ids = xs
    for r, (a, i) in enumerate(zip(x.arrays, ids.arrays, strict=True)):
        if a.shape[0] != i.shape[0] * k:
            raise SimError(op.name, f"rank {r}: {a.shape[0]} routed rows for {i.shape[0]} tokens")
    return [Held(tuple(a.reshape(-1, k, a.shape[-1]) for a in x.arrays), ids.positions, ids.real)]


def k_opaque(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    raise SimError(op.name, f"the simulator cannot execute the engine op {op.attr('target')}")


def k_mla_prolog(rt: _Runner, op: Op, xs: list[Held]) -> list[Held]:
    """q_a_proj → q_a_layernorm → q_b_proj → rope; kv_a_proj → kv_a_layernorm and rope: the
    weights of the modules a builder's unfused graph names the same way."""
    prefix = op.name.rpartition(".")[0]
    hidden = rt.number(op.attr("hidden"), "hidden", op.name)
    heads = rt.number(op.attr("heads"), "heads", op.name)
    q_lora = rt.number(op.attr("q_lora_rank"), "q_lora_rank", op.name)
    kv_lora = rt.number(op.attr("kv_lora_rank"), "kv_lora_rank", op.name)
    d_nope = rt.number(op.attr("qk_nope_head_dim"), "qk_nope_head_dim", op.name)
    d_rope = rt.number(op.attr("qk_rope_head_dim"), "qk_rope_head_dim", op.name)
    w_qa = rt.weight(f"{prefix}.q_a_proj", "weight", (hidden, q_lora))
    w_qb = rt.weight(f"{prefix}.q_b_proj", "weight", (q_lora, heads * (d_nope + d_rope)))
    w_kva = rt.weight(f"{prefix}.kv_a_proj_with_mqa", "weight", (hidden, kv_lora + d_rope))
    g = rt.group(op) if op.attr("parallel") == "column" else 1
    q_norm = _norm_weight(rt, f"{prefix}.q_a_layernorm", q_lora)
    kv_norm = _norm_weight(rt, f"{prefix}.kv_a_layernorm", kv_lora)
    outputs: list[list[Array]] = [[], [], [], []]
    x = xs[0]
    for r, (a, p) in enumerate(zip(x.arrays, x.positions, strict=True)):
        q_c = _rms(a @ w_qa, q_norm)
        block = _block(heads * (d_nope + d_rope), g, r % g, op, "heads")
        q = (q_c @ w_qb[:, block]).reshape(a.shape[0], -1, d_nope + d_rope)
        q[..., d_nope:] = _rope(q[..., d_nope:], p)
        kv = a @ w_kva
        outputs[0].append(q)
        outputs[1].append(_rms(kv[:, :kv_lora], kv_norm))
        outputs[2].append(_rope(kv[:, kv_lora:], p))
        outputs[3].append(q_c)
    return [Held(tuple(arrays), x.positions) for arrays in outputs]


KERNELS: Mapping[str, Kernel] = {
    "all_reduce": k_all_reduce,
    "reduce_scatter": k_reduce_scatter,
    "all_gather": k_all_gather,
    "matmul_reduce_scatter": k_matmul_reduce_scatter,
    "all_gather_matmul": k_all_gather_matmul,
    "all_to_all": k_identity,
    # the next stage's rank of the same tp rank holds exactly what this rank sent
    "send_recv": k_identity,
    "token_slice": k_token_slice,
    "feature_shard": k_feature_shard,
    "pad_tokens": k_pad_tokens,
    "unpad_tokens": k_unpad_tokens,
    "add": k_add,
    "rms_norm": k_rms_norm,
    "layer_norm": k_layer_norm,
    "add_rms_norm": k_add_rms_norm,
    "activation": k_activation,
    "rope": k_rope,
    "reshape": k_reshape,
    "concat": k_concat,
    "split": k_split,
    "linear": k_linear,
    "mla_attention": k_mla,
    "sparse_attention": k_mla,
    "dsa_indexer": k_indexer,
    "attention": k_gqa,
    "moe_gate": k_gate,
    "moe_topk": k_topk,
    "moe_experts": k_experts,
    "region_begin": k_identity,
    "region_end": k_identity,
    "copy_region": k_identity,
    "embedding": k_embedding,
    "lm_head": k_lm_head,
    "view": k_view,
    "cast": k_identity,
    "pointwise": k_pointwise,
    "feature_sum": k_feature_sum,
    "feature_max": k_feature_max,
    "per_token": k_per_token,
    "feature_split": k_feature_split,
    "quantize": k_identity,
    "token_select": k_token_select,
    "feature_gather": k_feature_gather,
    "moe_dispatch": k_moe_dispatch,
    "moe_expert_compute": k_moe_expert_compute,
    "moe_combine": k_moe_combine,
    "mla_prolog": k_mla_prolog,
    "opaque": k_opaque,
}


def kernels_for(registry: Registry) -> Mapping[str, Kernel]:
    """The simulator's kernel for every kind of ``registry``: the built-in ones and those the
    registry adds; a kind with neither is refused here, before anything runs."""
    table: dict[str, Kernel] = {**KERNELS, **registry.kernels}  # type: ignore[dict-item]
    missing = sorted(kind for kind in registry.specs if kind not in table)
    if missing:
        raise RegistryError(
            f"op kind {missing[0]!r} has no simulator kernel (give Registry.from_families "
            "kernels=…)"
        )
    return table


def simulate(
    graph: Graph,
    symbols: Mapping[str, int] | None = None,
    *,
    seed: int = 0,
    inputs: Mapping[str, Array] | None = None,
    registry: Registry | None = None,
    on_op: Callable[[], None] | None = None,
) -> Simulation:
    """Run ``graph`` on the ranks of its ``tp`` group with the given symbol values; a run that
    would hold more than ``limits.MAX_SIM_ELEMENTS`` is refused (``SimLimitError``).
    ``on_op`` is called after each op has run (a progress display's step)."""
    from layoutcheck.simsize import require_fits

    registry = registry or default_registry()
    graph = with_symbols(graph, symbols)
    typed = interpret(graph, registry)
    require_fits(typed, registry)  # refuse (naming the cap and --set) before allocating
    runner = _Runner(graph, typed, seed, registry)
    failure = runner.run(inputs or {}, on_op)
    return Simulation(
        graph, typed, runner.ranks, runner.values, failure, runner.inputs, tuple(runner.mixed)
    )


# -- what the types claim, checked against what ran ----------------------------------------


TOLERANCE: Mapping[Dtype, tuple[float, float]] = {
    Dtype.BF16: (1e-3, 1e-6),
    Dtype.FP16: (1e-3, 1e-6),
    Dtype.FP32: (1e-5, 1e-8),
    Dtype.INT8: (0.0, 0.0),
    Dtype.INT32: (0.0, 0.0),
    Dtype.INT64: (0.0, 0.0),
}


def close(a: Array, b: Array, dtype: Dtype) -> bool:
    if a.shape != b.shape:
        return False
    rtol, atol = TOLERANCE[dtype]
    return bool(np.allclose(a, b, rtol=rtol, atol=atol))


def full_positions(extent: int, tokens: int) -> Positions:
    positions = np.arange(extent, dtype=np.int64)
    positions[tokens:] = -1
    return positions


def group_ranks(sim: Simulation, value: AbstractValue) -> int:
    """The size of the group a value is distributed over (its own, else tp): the simulated
    ranks, or a divisor of them whose groups of consecutive ranks each hold the value."""
    size = sim.typed.context.numeric(sim.typed.context.groups.get(value.group or "tp", sim.ranks))
    return size if size and sim.ranks % size == 0 else sim.ranks


def assemble(held: Held, value: AbstractValue, ranks: int) -> Array | None:
    """The global value a port stands for, by its abstract type, read from the first group of
    ``ranks`` consecutive ranks (the value's group); None when the type has no global reading
    (a LOCAL value whose features are also distributed over the group)."""
    if value.tokens is TokenLayout.LOCAL and value.features is not FeatureState.WHOLE:
        return None
    if 0 < ranks < held.ranks:
        held = Held(held.arrays[:ranks], held.positions[:ranks], held.real, held.parts)
    if value.tokens is TokenLayout.LOCAL:
        return np.concatenate(held.arrays, axis=0)
    if value.features is FeatureState.SPLIT and held.parts:
        # a merged output: part by part, each the rank blocks of that part in rank order
        bounds = np.cumsum(held.parts)[:-1]
        pieces = [np.split(a, bounds, axis=1) for a in held.arrays]
        return np.concatenate(
            [np.concatenate([p[i] for p in pieces], axis=1) for i in range(len(held.parts))],
            axis=1,
        )
    if value.features is FeatureState.SPLIT:
        return np.concatenate(held.arrays, axis=1)
    if value.features is FeatureState.PARTIAL:
        return _f64(np.sum(np.stack(held.arrays), axis=0))
    return held.arrays[0]
