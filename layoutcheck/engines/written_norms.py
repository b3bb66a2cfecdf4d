"""Norms an engine graph writes out in elementwise ops rather than calling one norm op, found by
their dataflow so that the importer lowers each to the catalogue's norm.

Two shapes reach a dump. A LayerNorm that the trace decomposes (``nn.LayerNorm`` under AOT:
``var_mean`` → ``sub`` → ``add(eps)`` → ``rsqrt`` → ``mul`` → ``mul(weight)`` → ``add(bias)``;
GPT-NeoX, Falcon, PhiMoE, StarCoder2, OLMo and Bloom in vLLM 0.31), and a norm written out in
the model's own code (Command-R's ``layer_norm_func`` and ``rms_norm_func``,
vllm/model_executor/models/commandr.py:68-75 and :93-101: ``mean`` of the squared (centred)
row, ``rsqrt``, the product, the weight). Both are recognised by what they compute, never by a
module or op name: a per-token statistic over the last dim — the mean of the squared row, or the
variance — plus a constant, its ``rsqrt`` multiplied into the row (centred by its mean for a
LayerNorm), then an optional weight and bias of one row's width, and the casts around it.

What each node computes is what its op map says: the lowering's traits (a cast) and the ``fn``
the op map gives it (``rsqrt``, ``mean``, ``var_mean``, ``pow``, ``sub``, ``mul``, ``add``).
A match whose inner results are read outside it is no norm (the mean a later op reuses): the
nodes are then lowered one by one as before.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import attrs

from layoutcheck.engines.lowerings.base import LoweringRegistry
from layoutcheck.engines.opmap import OpMapEntry
from layoutcheck.engines.program import ArgKind, EngineNode, EngineProgram
from layoutcheck.ops.traits import Trait

# the functions of a written-out norm, as the op maps' ``fn`` names them
RSQRT, ADD, SUB, MUL, POW = "rsqrt", "add", "sub", "mul", "pow"
MEAN, VAR_MEAN = "mean", "var_mean"  # var_mean(x) -> (var, mean)
# what the node that ends a written norm is, as the catalogue's norms are (elementwise.py)
WRITTEN_NORM_TRAITS = frozenset({Trait.NORM, Trait.ROW_WISE})


@attrs.frozen
class WrittenNorm:
    """One norm written out in elementwise ops. ``output`` is the node whose result is the
    normalized row (the weight, bias and cast back included); ``inner`` the other nodes it is
    made of, whose work the norm stands for; ``source`` the tensor it normalizes; ``centred``
    whether it subtracts the row's mean first (a LayerNorm) or not (an RMS norm)."""

    output: str
    inner: frozenset[str]
    source: str
    centred: bool
    eps: float | None
    weight: str | None = None
    bias: str | None = None

    @property
    def nodes(self) -> frozenset[str]:
        return self.inner | {self.output}


class _Graph:
    def __init__(
        self,
        program: EngineProgram,
        opmaps: Mapping[str, OpMapEntry],
        lowerings: LoweringRegistry,
    ) -> None:
        self.program = program
        self.opmaps = opmaps
        self.lowerings = lowerings
        self.producer: dict[str, EngineNode] = {}
        self.by_name = {node.name: node for node in program.nodes}
        self.consumers: dict[str, list[EngineNode]] = {}
        for node in program.nodes:
            for out in node.outputs:
                if out:
                    self.producer[out] = node
            for name in dict.fromkeys(node.tensor_inputs()):
                self.consumers.setdefault(name, []).append(node)

    def fn(self, node: EngineNode | None) -> str | None:
        entry = self.opmaps.get(node.target) if node is not None else None
        found = entry.params.get("fn") if entry is not None else None
        return found if isinstance(found, str) else None

    def is_cast(self, node: EngineNode | None) -> bool:
        entry = self.opmaps.get(node.target) if node is not None else None
        return entry is not None and self.lowerings.is_(entry.lower, Trait.CAST)

    def argv(self, node: EngineNode, name: str) -> object:
        entry = self.opmaps.get(node.target)
        if entry is None or name not in entry.args:
            return None
        found = node.arg(name, entry.args.index(name))
        return None if found is None or found.kind is ArgKind.NONE else found.value

    def only_reader(self, name: str) -> EngineNode | None:
        readers = self.consumers.get(name, [])
        return readers[0] if len(readers) == 1 else None

    def rank(self, name: str) -> int | None:
        meta = self.program.meta(name)
        return len(meta.shape) if meta is not None else None

    def width(self, name: str) -> int | str | None:
        meta = self.program.meta(name)
        return meta.shape[-1] if meta is not None and meta.shape else None

    def over_last_dim(self, node: EngineNode, of: str) -> bool:
        """Does the reduction ``node`` run over the last dim of ``of`` alone, keeping it?"""
        if self.argv(node, "keepdim") is not True:
            return False
        dims = self.argv(node, "dim")
        dims = dims if isinstance(dims, tuple) else (dims,)
        rank = self.rank(of)
        return len(dims) == 1 and (dims[0] == -1 or (rank is not None and dims[0] == rank - 1))


def find_written_norms(
    program: EngineProgram, opmaps: Mapping[str, OpMapEntry], lowerings: LoweringRegistry
) -> dict[str, WrittenNorm]:
    """Every written-out norm of ``program``, by the name of each node it is made of."""
    graph = _Graph(program, opmaps, lowerings)
    found: dict[str, WrittenNorm] = {}
    for node in program.nodes:
        if graph.fn(node) != RSQRT:
            continue
        norm = _norm_at(graph, node)
        if norm is not None and not any(name in found for name in norm.nodes):
            for name in norm.nodes:
                found[name] = norm
    return found


def _tensor(node: EngineNode) -> str | None:
    inputs = node.tensor_inputs()
    return inputs[0] if len(inputs) == 1 else None


def _scalar(graph: _Graph, node: EngineNode, name: str) -> float | None:
    value = graph.argv(node, name)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


def _norm_at(graph: _Graph, rsqrt: EngineNode) -> WrittenNorm | None:
    """The norm whose ``rsqrt`` this is: ``rsqrt(statistic + eps)`` multiplied into the row."""
    shifted = _tensor(rsqrt)
    plus_eps = graph.producer.get(shifted) if shifted else None
    if plus_eps is None or graph.fn(plus_eps) != ADD or _tensor(plus_eps) is None:
        return None
    eps = _scalar(graph, plus_eps, "other")
    statistic = _tensor(plus_eps)
    reduction = graph.producer.get(statistic) if statistic else None
    if reduction is None or statistic is None:
        return None
    found = _statistic(graph, reduction, statistic)
    if found is None:
        return None
    row, centred, used = found
    out = rsqrt.outputs[0] if rsqrt.outputs else None
    product = graph.only_reader(out) if out else None
    if product is None or graph.fn(product) != MUL:
        return None
    scaled = [n for n in product.tensor_inputs() if n != out]
    if len(scaled) != 1 or not _is_row(graph, scaled[0], row, centred, used):
        return None
    inner = {rsqrt.name, plus_eps.name, reduction.name, *used}
    centring = graph.producer.get(scaled[0])
    if centred and centring is not None:
        inner.add(centring.name)
    chain, weight, bias = _affine(graph, product)
    widened = _widened_from(graph, row, chain[-1])
    # the cast into float32 is the norm's when nothing else reads it; else the norm reads it
    for source in dict.fromkeys((widened, row)):
        taken = set(inner) | ({graph.producer[row].name} if source != row else set())
        ends = list(chain)
        # a cast at the end that does not restore the type the norm reads is not the norm's
        while (
            len(ends) > 1 and graph.is_cast(ends[-1]) and not _same_dtype(graph, source, ends[-1])
        ):
            ends.pop()
        *within, last = ends
        taken.update(node.name for node in within)
        norm = WrittenNorm(last.name, frozenset(taken), source, centred, eps, weight, bias)
        if _closed(graph, norm):
            return norm
    return None


def _statistic(
    graph: _Graph, reduction: EngineNode, statistic: str
) -> tuple[str, bool, set[str]] | None:
    """The row a per-token statistic is taken of, whether it is centred, and the nodes making
    it: ``var_mean(x)[0]`` (centred: its mean is the port the ``sub`` reads), ``mean(x²)``,
    ``mean((x - mean(x))²)`` (centred)."""
    of = _tensor(reduction)
    if of is None or not graph.over_last_dim(reduction, of):
        return None
    if graph.fn(reduction) == VAR_MEAN and reduction.outputs.index(statistic) == 0:
        return of, True, set()
    if graph.fn(reduction) != MEAN:
        return None
    square = graph.producer.get(of)
    squared = _squared(graph, square) if square is not None else None
    if square is None or squared is None:
        return None
    centring = graph.producer.get(squared)
    if centring is not None and graph.fn(centring) == SUB:
        row_and_mean = _centred(graph, centring)
        if row_and_mean is not None:
            row, mean = row_and_mean
            return row, True, {square.name, centring.name, mean.name}
    return squared, False, {square.name}


def _squared(graph: _Graph, node: EngineNode) -> str | None:
    """What ``node`` squares: ``pow(x, 2)`` or ``x * x``."""
    inputs = node.tensor_inputs()
    if graph.fn(node) == POW and len(inputs) == 1 and _scalar(graph, node, "exponent") == 2:
        return inputs[0]
    if graph.fn(node) == MUL and len(inputs) == 2 and inputs[0] == inputs[1]:
        return inputs[0]
    return None


def _centred(graph: _Graph, sub: EngineNode) -> tuple[str, EngineNode] | None:
    """``x - mean(x)`` over the last dim: x and the mean's node."""
    inputs = sub.tensor_inputs()
    if len(inputs) != 2:
        return None
    row, mean_of = inputs
    mean = graph.producer.get(mean_of)
    if mean is None or graph.fn(mean) not in (MEAN, VAR_MEAN) or _tensor(mean) != row:
        return None
    if not graph.over_last_dim(mean, row) or mean.outputs.index(mean_of) != (
        1 if graph.fn(mean) == VAR_MEAN else 0
    ):
        return None
    return row, mean


def _is_row(graph: _Graph, name: str, row: str, centred: bool, used: set[str]) -> bool:
    """Is ``name`` the row the rsqrt scales: the row itself, or for a centred norm the row less
    its mean (the ``sub`` the statistic was taken of, or another of the same two operands)?"""
    if not centred:
        return name == row
    sub = graph.producer.get(name)
    if sub is None or graph.fn(sub) != SUB:
        return False
    found = _centred(graph, sub)
    if found is None or found[0] != row:
        return False
    used.add(found[1].name)
    return True


def _affine(graph: _Graph, product: EngineNode) -> tuple[list[EngineNode], str | None, str | None]:
    """The nodes from the rsqrt's product to where the norm ends: casts, the weight's product
    and the bias's sum, each taken when it alone reads the value so far and scales or shifts it
    by a vector of one row's width; and the weight and bias."""
    chain, weight, bias = [product], None, None
    width = graph.width(product.outputs[0] or "") if product.outputs else None
    for step in _steps(graph, product):
        others = [n for n in step.tensor_inputs() if n != chain[-1].outputs[0]]
        if graph.is_cast(step):
            pass
        elif graph.fn(step) == MUL and weight is None and bias is None and len(others) == 1:
            if not _is_vector(graph, others[0], width):
                break
            weight = others[0]
        elif graph.fn(step) == ADD and bias is None and len(others) == 1:
            if not _is_vector(graph, others[0], width):
                break
            bias = others[0]
        else:
            break
        chain.append(step)
    return chain, weight, bias


def _steps(graph: _Graph, start: EngineNode) -> Iterator[EngineNode]:
    current = start
    for _ in range(5):  # a cast, the weight, the bias, a cast back: a short chain
        out = current.outputs[0] if len(current.outputs) == 1 else None
        reader = graph.only_reader(out) if out else None
        if reader is None:
            return
        yield reader
        current = reader


def _is_vector(graph: _Graph, name: str, width: int | str | None) -> bool:
    """A weight or bias: one row's width, no token dim (a parameter, or one cast or shifted,
    as Gemma's ``weight + 1``)."""
    meta = graph.program.meta(name)
    return meta is not None and len(meta.shape) == 1 and meta.shape[0] == width


def _widened_from(graph: _Graph, row: str, last: EngineNode) -> str:
    """The tensor the norm reads: the row, or what the row is a cast of when the norm casts
    back to that type at its end (the float32 round trip of a bf16 model's norm)."""
    cast = graph.producer.get(row)
    source = _tensor(cast) if cast is not None and graph.is_cast(cast) else None
    if source is None or not graph.is_cast(last) or not _same_dtype(graph, source, last):
        return row
    return source


def _same_dtype(graph: _Graph, name: str, node: EngineNode) -> bool:
    before = graph.program.meta(name)
    after = graph.program.meta(node.outputs[0] or "") if node.outputs else None
    return before is not None and after is not None and before.dtype == after.dtype


def _closed(graph: _Graph, norm: WrittenNorm) -> bool:
    """Is every result of the norm's inner nodes read only by the norm itself?"""
    nodes = norm.nodes
    for name in norm.inner:
        node = graph.by_name[name]
        for out in node.outputs:
            if out and any(r.name not in nodes for r in graph.consumers.get(out, [])):
                return False
    return True
