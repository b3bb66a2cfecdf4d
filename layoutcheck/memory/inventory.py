"""The weight inventory of a typed graph: every tensor each op's weight rule declares, with how
many decoder layers it stands for (a repetition region counts ``repeat`` times)."""

from __future__ import annotations

from layoutcheck.errors import InputError
from layoutcheck.graph import Graph
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.ops.weights import Tensor, weights_of
from layoutcheck.roles import hf_layer_name, local_from_hf_name


class MemoryError_(InputError):
    """A graph or memory option that cannot be accounted (exit 2)."""


def typed_of(target: Graph | TypedGraph) -> TypedGraph:
    """A typed graph (a plain graph is interpreted first)."""
    return target if isinstance(target, TypedGraph) else interpret(target)


def inventory(target: Graph | TypedGraph) -> list[tuple[Tensor, int]]:
    """Every weight tensor of the graph, with how many layers it stands for."""
    from layoutcheck.contracts import errors_under_own_contract

    typed = typed_of(target)
    errors = errors_under_own_contract(typed.graph, typed.diagnostics, typed.registry)
    if errors:
        first = errors[0]
        raise MemoryError_(
            f"the graph has type errors (first: {first.op}: {first.message} [{first.rule}]); "
            "run layoutcheck check"
        )
    graph = typed.graph
    found: list[tuple[Tensor, int]] = []
    for op in graph.ops:
        inputs = typed.inputs_of(op)
        if any(value.is_top for value in inputs):
            # an op nobody could type feeds it (there is no type error here): its weights'
            # shapes are unknown, so they are left out, and the command says the result is
            # partial (an unchecked-op)
            continue
        tensors = weights_of(typed.registry[op.kind], op, inputs, typed.context.groups)
        found.extend((tensor, graph.multiplicity(op)) for tensor in tensors)
    return found


def every_layer(module: str, layer: int | None, count: int) -> list[str]:
    """A representative layer's module name for each layer its region stands for (checkpoint
    names: ``model.layers.3.…`` for layers 3, 4, …). The layer and the count are the op's
    facts; the name is a checkpoint key, so the HF module path is the convention here."""
    local = None if layer is None or count == 1 else local_from_hf_name(module, layer)
    if local is None or layer is None:
        return [module]
    return [hf_layer_name(layer + k, local) for k in range(count)]
