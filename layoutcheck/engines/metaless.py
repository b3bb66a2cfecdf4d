"""A graph that embeds no token ids and records no shapes (a ``Graph.__str__`` piecewise
subgraph, a fragment): what its own ops say about its inputs before the walk types them.

The walk itself decides the rest (an input read as an activation, a weight or neither); this
module holds what must be known before it: the token count's assumed value and the inputs a
token-led view shows to be activations, with the features that view states.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

import attrs

from layoutcheck.engines.opmap import OpMapEntry
from layoutcheck.engines.program import Arg, ArgKind, EngineNode, EngineProgram
from layoutcheck.engines.values import DTYPES
from layoutcheck.lattice import Dtype
from layoutcheck.ops.traits import Trait

if TYPE_CHECKING:  # the lowerings import this module: their registry is only a type here
    from layoutcheck.engines.lowerings.base import LoweringRegistry

# The token count assumed where the dump states none: the views the walk follows need a
# number to find their token dim. 8128 = 64·127: divisible by every power-of-two group up to
# 64 (a token slice over tp needs tp | T), and model widths are products of small primes
# (heads × head size, powers of two), which a factor 127 keeps from equalling it, so a view's
# token dim is not mistaken for a feature dim. Only the walk's arithmetic uses this value:
# the graph it makes leaves T without one (check --set T=N types a count).
ASSUMED_TOKENS = 8128
SIZE_ARGUMENTS = ("size", "shape")  # a view's target size list, as the schemas name it
MAX_VIEW_CHAIN = 8  # views, slices and aliases walked from an input to the view that sizes it


def size_list(arg: Arg | None, token_names: Collection[str], tokens: int) -> tuple[int, ...] | None:
    """A size list argument as numbers: each name of the token count stands for ``tokens``;
    None for a list holding another symbol, or no list."""
    if arg is None or arg.kind not in (ArgKind.INTS, ArgKind.SYMS):
        return None
    if not isinstance(arg.value, tuple):
        return None
    dims: list[int] = []
    for dim in arg.value:
        if isinstance(dim, str) and dim in token_names:
            dims.append(tokens)
        elif isinstance(dim, int) and not isinstance(dim, bool):
            dims.append(dim)
        else:
            return None
    return tuple(dims)


def token_led_features(arg: Arg | None, token_names: Collection[str]) -> tuple[int, ...] | None:
    """The features a size list states behind an open (-1) or named token dim:
    ``[-1, 4096]`` and ``[arg1_1, 32, 128]`` state (4096,) and (32, 128)."""
    if arg is None or not isinstance(arg.value, tuple) or len(arg.value) < 2:
        return None
    lead, *rest = arg.value
    led = lead == -1 or (isinstance(lead, str) and lead in token_names)
    if not led or not all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in rest):
        return None
    return tuple(int(d) for d in rest)


@attrs.frozen
class RowInput:
    """A graph input known before the walk to hold token rows: its features, its dtype."""

    features: tuple[int, ...]
    dtype: Dtype


def row_inputs(
    program: EngineProgram,
    opmaps: Mapping[str, OpMapEntry],
    lowerings: LoweringRegistry,
    token_names: Collection[str],
) -> dict[str, RowInput]:
    """The inputs of a graph that embeds no token ids that hold token rows: those whose
    recorded shape leads with the token count's symbol (``bf16[s0, 4096]``), and the
    shape-less ones a token-led view shows (dtype unstated: bf16)."""
    found: dict[str, RowInput] = {}
    for graph_input in program.inputs:
        meta = graph_input.meta
        if meta is None or meta.is_symbolic_scalar or not meta.shape:
            continue
        lead, *rest = meta.shape
        if isinstance(lead, str) and lead in token_names and all(isinstance(d, int) for d in rest):
            dtype = DTYPES.get(meta.dtype, Dtype.BF16)
            found[graph_input.name] = RowInput(tuple(int(d) for d in rest) or (1,), dtype)
    for name, features in viewed_inputs(program, opmaps, lowerings, token_names).items():
        found[name] = RowInput(features, Dtype.BF16)
    return found


def viewed_inputs(
    program: EngineProgram,
    opmaps: Mapping[str, OpMapEntry],
    lowerings: LoweringRegistry,
    token_names: Collection[str],
) -> dict[str, tuple[int, ...]]:
    """The shape-less graph inputs a view shows to be token rows, with the width it states
    (as one feature dim): ``view(x, [-1, 4096])`` of the input, or of a slice or alias of
    it. A view whose leading dim is open or is the token count views rows, which a weight is
    never given in a forward graph (weights arrive in their final shape)."""
    shapeless = {
        graph_input.name
        for graph_input in program.inputs
        if graph_input.meta is None and graph_input.name not in token_names
    }
    readers: dict[str, list[EngineNode]] = {}
    for node in program.nodes:
        main = node.tensor_inputs()[:1]  # a view's, slice's or alias's own input comes first
        for name in main:
            readers.setdefault(name, []).append(node)
    found: dict[str, tuple[int, ...]] = {}
    for name in sorted(shapeless):
        features = _first_view(name, readers, opmaps, lowerings, token_names)
        if features is not None:
            found[name] = (math.prod(features),)
    return found


def _first_view(
    name: str,
    readers: Mapping[str, list[EngineNode]],
    opmaps: Mapping[str, OpMapEntry],
    lowerings: LoweringRegistry,
    token_names: Collection[str],
) -> tuple[int, ...] | None:
    frontier, seen = [name], {name}
    for _ in range(MAX_VIEW_CHAIN):
        following: list[str] = []
        for current in frontier:
            for node in readers.get(current, ()):
                entry = opmaps.get(node.target)
                if entry is None or not lowerings.is_(entry.lower, Trait.VIEW):
                    continue
                for size_name in SIZE_ARGUMENTS:
                    position = entry.args.index(size_name) if size_name in entry.args else None
                    features = token_led_features(node.arg(size_name, position), token_names)
                    if features is not None:
                        return features
                following.extend(o for o in node.outputs if o and o not in seen)
                seen.update(following)
        frontier = following
    return None
