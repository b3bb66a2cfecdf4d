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
from layoutcheck.passes.repetition import collectives_per_layer, layer_multiplicity
from layoutcheck.roles import Block


def check_graph(
    graph: Graph, contract: Contract | None = None, registry: Registry | None = None
) -> Report:
    """Type-check ``graph`` and, if given, check ``contract``; all diagnostics, never the first."""
    return report_for(interpret(graph, registry or default_registry()), contract)


def report_for(
    typed: TypedGraph, contract: Contract | None, extra: Sequence[Diagnostic] = ()
) -> Report:
    """The report of a typed graph: its type diagnostics, the contract's, and ``extra`` ones
    (what the run asked for), each naming the engine node an imported op came from."""
    diagnostics = typed.diagnostics + tuple(extra)
    if contract is not None:
        diagnostics = diagnostics + check_contract(typed, contract)
    diagnostics = tuple(_with_origin(typed.graph, d) for d in diagnostics)
    return Report(
        graph=typed.graph.name,
        source=typed.graph.source,
        contract=None if contract is None else contract.name,
        diagnostics=diagnostics,
        summary=summarize(typed.graph, typed.registry),
        typed=typed,
    )


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
    per_layer = collectives_per_layer(graph, registry)
    collectives: Counter[str] = Counter()
    for counts in per_layer.values():
        collectives.update(counts)
    boundaries = sum(
        multiplicity.get(op.layer, 1) if op.layer is not None else 1
        for op in attention_entries(graph)
    )
    return {
        "layers": sum(multiplicity.values()),
        "ops": len(graph.ops),
        "effective_ops": sum(
            multiplicity.get(op.layer, 1) if op.layer is not None else 1
            for op in graph.ops
            if registry[op.kind].family is not Family.STRUCTURE
            or op.kind in ("embedding", "lm_head")
        ),
        "collectives": dict(sorted(collectives.items())),
        "attention_boundaries": boundaries,
        "collectives_per_layer": {
            str(layer): counts for layer, counts in per_layer.items() if layer is not None
        },
    }
