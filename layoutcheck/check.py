"""The check pipeline: interpret a graph, apply a contract, and summarize it in a Report."""

from __future__ import annotations

from collections import Counter

from layoutcheck.contracts import Contract, check_contract
from layoutcheck.diagnostics import Report
from layoutcheck.graph import Graph
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.base import Family


def check_graph(
    graph: Graph, contract: Contract | None = None, registry: Registry | None = None
) -> Report:
    """Type-check ``graph`` and, if given, check ``contract``; all diagnostics, never the first."""
    registry = registry or default_registry()
    typed = interpret(graph, registry)
    return report_for(typed, contract)


def report_for(typed: TypedGraph, contract: Contract | None) -> Report:
    diagnostics = typed.diagnostics
    if contract is not None:
        diagnostics = diagnostics + check_contract(typed, contract)
    return Report(
        graph=typed.graph.name,
        source=typed.graph.source,
        contract=None if contract is None else contract.name,
        diagnostics=diagnostics,
        summary=summarize(typed.graph, typed.registry),
    )


def summarize(graph: Graph, registry: Registry) -> dict[str, object]:
    """Counts for the report: layers, ops, collectives by kind."""
    collectives: Counter[str] = Counter()
    for op in graph.ops:
        if registry[op.kind].family is Family.COMMUNICATION:
            collectives[op.kind] += 1
    return {
        "layers": len(graph.layers()),
        "ops": len(graph.ops),
        "collectives": dict(sorted(collectives.items())),
    }
