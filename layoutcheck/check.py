"""The check pipeline: interpret a graph, apply a contract, and summarize it in a Report."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import attrs

from layoutcheck.contracts import Contract, check_contract
from layoutcheck.diagnostics import Diagnostic, Report
from layoutcheck.graph import Graph, Op
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.base import Family
from layoutcheck.passes.repetition import (
    MARKERS,
    collectives_per_layer,
    layer_copy_name,
    layer_multiplicity,
)
from layoutcheck.roles import Block


def check_graph(
    graph: Graph, contract: Contract | None = None, registry: Registry | None = None
) -> Report:
    """Type-check ``graph`` and, if given, check ``contract``; all diagnostics, never the first."""
    return report_for(interpret(graph, registry or default_registry()), contract)


def report_for(
    typed: TypedGraph,
    contract: Contract | None,
    extra: Sequence[Diagnostic] = (),
    every_layer: bool = False,
) -> Report:
    """The report of a typed graph: its type diagnostics, the contract's, and ``extra`` ones
    (what the run asked for), each naming the engine node an imported op came from; with
    ``every_layer``, a finding in a repetition region once for each layer it stands for."""
    found = typed.diagnostics
    rest = tuple(extra)
    if contract is not None:
        # a type rule the contract keeps a warning (a cost-model shape) is said as one
        found = contract.relax(found)
        rest = contract.relax(rest) + check_contract(typed, contract)
    found = tuple(_with_origin(typed.graph, d) for d in found)
    rest = tuple(_with_origin(typed.graph, d) for d in rest)
    if every_layer:
        # the type rules' findings in the expanded graph's op order, as interpreting it gives
        # them (a layer with two findings lists both before the next layer's)
        found = tuple(sorted(_for_every_layer(typed.graph, found), key=_op_number))
        rest = _for_every_layer(typed.graph, rest)
    diagnostics = found + rest
    return Report(
        graph=typed.graph.name,
        source=typed.graph.source,
        contract=None if contract is None else contract.name,
        diagnostics=diagnostics,
        summary=summarize(typed.graph, typed.registry),
        typed=typed,
    )


def _for_every_layer(graph: Graph, diagnostics: tuple[Diagnostic, ...]) -> tuple[Diagnostic, ...]:
    """A repetition region's body stands for ``repeat`` layers: a finding in it is a finding in
    each, named and numbered as the expanded graph names and numbers that layer's op
    (``repetition.expand``). So a folded graph's report lists what the layer-by-layer one
    does, and its ``%N`` are those of ``show``."""
    multiplicity = layer_multiplicity(graph)
    if all(count == 1 for count in multiplicity.values()):
        return diagnostics
    numbers, body = _expanded_numbers(graph, multiplicity)
    found: list[Diagnostic] = []
    for diagnostic in diagnostics:
        number = numbers.get(diagnostic.op or "")
        if diagnostic.op is None or number is None:
            found.append(diagnostic)
            continue
        first = diagnostic.layer
        if first is None or first not in body:  # outside any region: renumbered only
            found.append(attrs.evolve(diagnostic, context=_numbered(diagnostic.context, number)))
            continue
        for k in range(multiplicity[first]):
            layer = first + k
            context = diagnostic.context
            found.append(
                attrs.evolve(
                    diagnostic,
                    op=layer_copy_name(diagnostic.op, first, layer),
                    layer=layer,
                    message=_in_layer(diagnostic.message, first, layer),
                    context=_numbered(
                        None if context is None else _in_layer(context, first, layer),
                        number + k * body[first],
                    ),
                )
            )
    return tuple(found)


def _op_number(diagnostic: Diagnostic) -> int:
    """The ``%N`` of a finding's context line (-1 without one: a graph input's)."""
    head = (diagnostic.context or "").partition(" ")[0]
    number = head.removeprefix("%")
    return int(number) if head.startswith("%") and number.isascii() and number.isdigit() else -1


def _expanded_numbers(
    graph: Graph, multiplicity: dict[int, int]
) -> tuple[dict[str, int], dict[int, int]]:
    """Each op's number in the expanded graph (its first copy's, for a region body), and each
    region's body length: the expanded graph lists every copy of a body in turn, without the
    region's markers."""
    order = [op for op in graph.topological_order() if op.kind not in MARKERS]
    body: dict[int, int] = {}
    for op in order:
        if op.layer is not None and multiplicity.get(op.layer, 1) > 1:
            body[op.layer] = body.get(op.layer, 0) + 1
    numbers: dict[str, int] = {}
    number, current = 0, None
    for op in order:
        if current is not None and op.layer != current:
            number += (multiplicity[current] - 1) * body[current]  # the other copies
            current = None
        if op.layer is not None and op.layer in body and current is None:
            current = op.layer
        numbers[op.name] = number
        number += 1
    return numbers, body


def _numbered(context: str | None, number: int) -> str | None:
    """An op's context line (``%70 name = kind(…)``) with its number in the expanded graph."""
    if context is None:
        return None
    head, _, rest = context.partition(" ")
    return f"%{number} {rest}" if head.startswith("%") else context


def _in_layer(text: str, first: int, layer: int) -> str:
    """A finding's text with layer ``first``'s op names as those of ``layer``."""
    return text.replace(f"model.layers.{first}.", f"model.layers.{layer}.")


def _with_origin(graph: Graph, diagnostic: Diagnostic) -> Diagnostic:
    if diagnostic.origin is not None or diagnostic.op is None:
        return diagnostic
    if not graph.has_op(diagnostic.op):
        return diagnostic
    source = graph.op(diagnostic.op).source
    return diagnostic if source is None else attrs.evolve(diagnostic, origin=source)


ATTENTION_KINDS = frozenset({"mla_attention", "sparse_attention", "dsa_indexer", "attention"})
# An attention entry may pass these on its way in (an unpad after gathering a padded range).
_ENTRY_THROUGH = frozenset(
    {"region_begin", "region_end", "copy_region", "reshape", "view", "cast", "quantize",
     "unpad_tokens"}
)  # fmt: skip


def in_attention_domain(op: Op) -> bool:
    return op.kind in ATTENTION_KINDS or op.block is Block.ATTENTION


def attention_entries(graph: Graph) -> list[Op]:
    """The all_gathers that bring values into the attention domain (one per layer is right)."""
    return [
        op
        for op in graph.ops
        if op.kind == "all_gather"
        and any(in_attention_domain(r) for r, _ in graph.readers_through(op, _ENTRY_THROUGH))
    ]


def summarize(graph: Graph, registry: Registry) -> dict[str, object]:
    """Counts for the report: layers, ops, collectives by kind, attention boundaries and
    collectives per layer — effective counts, a repetition region counting ``repeat`` times."""
    multiplicity = layer_multiplicity(graph)

    def copies(op: Op) -> int:
        """How many ops of the expanded graph this one stands for."""
        return multiplicity.get(op.layer, 1) if op.layer is not None else 1

    per_layer = collectives_per_layer(graph, registry)
    collectives: Counter[str] = Counter()
    for counts in per_layer.values():
        collectives.update(counts)
    return {
        "layers": sum(multiplicity.values()),
        # the ops the graph stands for: a region's body once per layer, without its markers
        "ops": sum(copies(op) for op in graph.ops if op.kind not in MARKERS),
        "effective_ops": sum(
            copies(op)
            for op in graph.ops
            if registry[op.kind].family is not Family.STRUCTURE
            or op.kind in ("embedding", "lm_head")
        ),
        "collectives": dict(sorted(collectives.items())),
        "attention_boundaries": sum(copies(op) for op in attention_entries(graph)),
        "collectives_per_layer": {
            str(layer): counts for layer, counts in per_layer.items() if layer is not None
        },
    }
