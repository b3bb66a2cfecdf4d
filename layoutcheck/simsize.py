"""How much a simulation holds before it runs, and small symbol values for one that would not
fit: the simulator allocates every port on every rank in float64, so a layer at its real sizes
(T = 4096, H = 6144, 16 ranks) needs tens of gigabytes.

``fit`` keeps the values the user set, shrinks the others — group sizes to at most 4, token
counts to a multiple of every group, feature sizes and counts to small multiples of the groups
in their original order (so ``top_k <= experts`` and ``d_rope < H`` still hold) — and accepts an
assignment only when the shrunk graph type-checks exactly as the original does (the same errors
at the same ops) and fits the budget.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping

import attrs
import sympy

from layoutcheck.errors import InputError
from layoutcheck.graph import Graph, GraphError
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.limits import MAX_SIM_ELEMENTS, MAX_SIM_RANKS, shown
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import weights_of
from layoutcheck.symbols import symbol
from layoutcheck.validate import check_values

SMALL_GROUP = 4  # ranks a shrunk group keeps at most
SMALL_TOKENS = 64  # a token count at most this is kept as it is (decode's 9 tokens)


class SimLimitError(InputError):
    """A simulation that would hold more than the simulator allows (exit 2)."""


@attrs.frozen
class Size:
    """What a run would hold: its ranks and float64 elements (an upper estimate)."""

    ranks: int
    elements: int

    @property
    def fits(self) -> bool:
        return self.ranks <= MAX_SIM_RANKS and self.elements <= MAX_SIM_ELEMENTS

    def __str__(self) -> str:
        gigabytes = self.elements * 8 / 1e9
        return (
            f"about {amount(self.elements)} float64 elements ({gigabytes:.3g} GB) on "
            f"{self.ranks} rank(s)"
        )


def amount(count: int) -> str:
    """``2.3e+11`` for a count too long to read."""
    return str(count) if count < 10**6 else f"{float(count):.2g}"


def _numeric(typed: TypedGraph, expr: object) -> int | None:
    if not isinstance(expr, sympy.Expr):
        return None
    return typed.context.numeric(expr)


def _product(typed: TypedGraph, dims: tuple[object, ...]) -> int | None:
    total = 1
    for dim in dims:
        number = _numeric(typed, dim)
        if number is None:
            return None
        total *= max(number, 0)
    return total


def ranks_of(typed: TypedGraph) -> int:
    """The simulated ranks: the size of the tp group (1 without one)."""
    for name, size in typed.graph.groups:
        if name == "tp":
            return _numeric(typed, size) or 1
    return 1


def estimate(typed: TypedGraph, registry: Registry | None = None) -> Size:
    """An upper estimate of what simulating ``typed`` holds: every port on every rank, the
    inputs drawn globally, every weight, and the score matrices of attention."""
    registry = registry or typed.registry or default_registry()
    ranks = ranks_of(typed)
    if ranks > MAX_SIM_RANKS:
        return Size(ranks, 0)
    elements = 0
    for value in typed.values.values():
        if value.is_top:
            continue
        count = _product(typed, value.shape)
        elements += (count or 0) * ranks
    for op in typed.graph.ops:
        spec = registry[op.kind]
        inputs = typed.inputs_of(op)
        if any(value.is_top for value in inputs):
            continue  # after a type error: its weights' shapes are not known
        for tensor in weights_of(spec, op, inputs):
            elements += _product(typed, tensor.shape) or 0
        # an attention op scores every query against its keys: a [queries, keys] matrix
        if registry.is_(op.kind, Trait.ATTENTION) and len(inputs) >= 2:
            queries = _numeric(typed, inputs[0].shape[0]) or 0
            keys = _numeric(typed, inputs[1].shape[0]) or 0
            outputs = typed.outputs_of(op)
            heads = 1
            if outputs and not outputs[0].is_top and len(outputs[0].shape) == 3:
                heads = _numeric(typed, outputs[0].shape[1]) or 1
            picked = 1
            if len(inputs) > 2 and not inputs[2].is_top and len(inputs[2].shape) > 1:
                picked = _numeric(typed, inputs[2].shape[1]) or 1  # the index mask per query
            elements += ranks * queries * keys * (3 * heads + picked)
    return Size(ranks, elements)


def unset_symbols(graph: Graph) -> list[str]:
    return [name for name, value in graph.symbols if value is None]


def require_fits(typed: TypedGraph, registry: Registry | None = None) -> None:
    """Refuse, naming the cap and ``--set``, a simulation larger than the simulator holds."""
    size = estimate(typed, registry)
    if size.ranks > MAX_SIM_RANKS:
        raise SimLimitError(
            f"sim: the tp group has {shown(size.ranks)} ranks; the simulator runs at most "
            f"{MAX_SIM_RANKS} (lower it, e.g. --set tp=4)"
        )
    if size.elements > MAX_SIM_ELEMENTS:
        raise SimLimitError(
            f"sim: the graph at these sizes needs {size}; the simulator holds at most "
            f"{amount(MAX_SIM_ELEMENTS)} (lower the sizes with --set, e.g. --set T=32)"
        )


# -- shrinking ------------------------------------------------------------------------------


def _names(expr: sympy.Expr) -> set[str]:
    return {str(s) for s in expr.free_symbols}


def _error_keys(typed: TypedGraph) -> set[tuple[str, str | None]]:
    return {(d.rule.id, d.op) for d in typed.diagnostics if d.is_error}


def _candidates(graph: Graph, keep: frozenset[str]) -> Iterator[dict[str, int]]:
    values = {name: value for name, value in graph.symbols if value is not None}
    group_symbols = (
        set().union(*(_names(size) for _, size in graph.groups)) if graph.groups else set()
    )
    token_symbols = _names(graph.token_count) - group_symbols
    features = sorted(
        (name for name in values if name not in group_symbols | token_symbols | keep),
        key=lambda name: (values[name], name),
    )
    groups = {
        name: values[name] if name in keep else min(values[name], SMALL_GROUP)
        for name in group_symbols
        if name in values
    }
    distinct = sorted({values[name] for name in features})
    rank = {value: position for position, value in enumerate(distinct)}
    for ordered, token_scale in ((True, 8), (True, 16), (False, 8), (True, 1), (False, 1)):
        chosen = dict(groups)
        unit = _unit(graph, {**values, **chosen})
        for name in token_symbols:
            if name not in keep and name in values:
                original = values[name]
                chosen[name] = original if original <= SMALL_TOKENS else unit * token_scale
        chosen.update(_divisibility_kept(graph, values, chosen, features, ordered=ordered))
        yield {
            name: chosen[name]
            for name, _ in graph.symbols
            if name in chosen and values.get(name) != chosen[name]
        }
    for token_scale in (8, 16, 1):
        for scheme in ("arithmetic", "geometric"):
            chosen = dict(groups)
            unit = _unit(graph, {**values, **chosen})
            for name in token_symbols:
                if name in keep or name not in values:
                    continue
                original = values[name]
                chosen[name] = original if original <= SMALL_TOKENS else unit * token_scale
            for name in features:
                position = rank[values[name]]
                step = position + 1 if scheme == "arithmetic" else 2**position
                chosen[name] = unit * step
            # in the file's order of symbols, so the printed --set line is always the same
            yield {
                name: chosen[name]
                for name, _ in graph.symbols
                if name in chosen and values.get(name) != chosen[name]
            }


def _divisibility_kept(
    graph: Graph,
    values: Mapping[str, int],
    chosen: Mapping[str, int],
    features: list[str],
    *,
    ordered: bool,
) -> dict[str, int]:
    """Small feature sizes that keep every divisibility among the original values: a size
    its group, another size or a group's size divides at the graph's own values stays a
    multiple of what those became (heads of kv_heads, experts of ep, heads of tp). Taken in
    increasing order, each is the least such multiple above the sizes before it (``ordered``:
    all sizes keep their order, top_k below experts) or above its own divisors only (smaller,
    for a deep chain of sizes)."""
    divisors: list[tuple[int, int]] = []  # (original, small) of the groups' sizes and symbols
    for name, small in chosen.items():
        if name in values:
            divisors.append((values[name], small))
    original_values = {symbol(n): sympy.Integer(v) for n, v in values.items()}
    small_values = {**original_values, **{symbol(n): sympy.Integer(v) for n, v in chosen.items()}}
    for _, size in graph.groups:
        before, after = size.xreplace(original_values), size.xreplace(small_values)
        if before.is_Integer and after.is_Integer and int(before) > 0 and int(after) > 0:
            divisors.append((int(before), int(after)))
    picked: dict[str, int] = {}
    by_original: dict[int, int] = {}
    above = 0
    for name in features:  # in increasing order of their original values
        original = values[name]
        if original in by_original:  # equal sizes stay equal
            picked[name] = by_original[original]
            continue
        step, below = 1, 0
        for before, after in divisors:
            if original % before == 0:
                step = math.lcm(step, after)
                if before < original:
                    below = max(below, after)  # a strict multiple stays a strict multiple
        # at least 2 where the size was (a top_k of 1 would route trivially)
        least = max((above if ordered else below) + 1, min(original, 2))
        small = -(-least // step) * step
        picked[name] = by_original[original] = small
        divisors.append((original, small))
        above = small
    return picked


def _unit(graph: Graph, values: Mapping[str, int]) -> int:
    """The least common multiple of the group sizes at ``values``."""
    unit = 1
    numeric = {symbol(name): sympy.Integer(v) for name, v in values.items()}
    for _, size in graph.groups:
        number = size.xreplace(numeric)
        if number.is_Integer and int(number) > 0:
            unit = math.lcm(unit, int(number))
    return unit


def _groups_simulable(typed: TypedGraph) -> bool:
    ranks = ranks_of(typed)
    for _, size in typed.graph.groups:
        number = _numeric(typed, size)
        if number is not None and ranks % number:  # a group inside the ranks is simulated
            return False
    return True


def fit(
    graph: Graph, keep: frozenset[str] = frozenset(), registry: Registry | None = None
) -> dict[str, int] | None:
    """Small symbol values (the changed ones) under which ``graph`` type-checks as it does at
    its own values and fits the simulator, keeping the symbols in ``keep``; None if none of
    the assignments tried works."""
    registry = registry or default_registry()
    original = _error_keys(interpret(graph, registry))
    for changes in _candidates(graph, keep):
        if not changes:
            continue
        shrunk = graph.evolve(symbols=tuple((n, changes.get(n, v)) for n, v in graph.symbols))
        try:
            check_values(shrunk)
        except GraphError:
            continue
        typed = interpret(shrunk, registry)
        if _error_keys(typed) != original or not _groups_simulable(typed):
            continue
        if estimate(typed, registry).fits:
            return changes
    return None


def set_flags(values: Mapping[str, int]) -> str:
    """``--set T=32 --set tp=4 …`` for the values given."""
    return " ".join(f"--set {name}={value}" for name, value in values.items())


def token_variants(
    graph: Graph, keep: frozenset[str] = frozenset(), registry: Registry | None = None
) -> list[dict[str, int]]:
    """The token counts few runs try, besides the graph's own: one token, and fewer tokens
    than ranks but more than one (a padded layout's corners: a residual left unchunked adds
    up there); each kept only when the graph type-checks there as at its own count and fits.
    None when the token count is set by the user or is not one symbol."""
    registry = registry or default_registry()
    group_symbols = (
        set().union(*(_names(size) for _, size in graph.groups)) if graph.groups else set()
    )
    names = _names(graph.token_count) - group_symbols
    values = dict(graph.symbols)
    if len(names) != 1:
        return []
    (name,) = names
    if name in keep or values.get(name) is None:
        return []
    typed = interpret(graph, registry)
    original = _error_keys(typed)
    ranks = ranks_of(typed)
    chosen: list[dict[str, int]] = []
    for count in dict.fromkeys((1, ranks - 1)):
        if count < 1 or count == values[name]:
            continue
        shrunk = graph.evolve(
            symbols=tuple((n, count if n == name else v) for n, v in graph.symbols)
        )
        try:
            check_values(shrunk)
        except GraphError:
            continue
        small = interpret(shrunk, registry)
        if _error_keys(small) == original and _groups_simulable(small) and estimate(small).fits:
            chosen.append({name: count})
    return chosen
