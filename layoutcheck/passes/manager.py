"""The pass manager: checks a graph before each pass, re-checks after, and names the pass that
broke a rule. Passes are ``Graph -> Graph`` functions with a name (and match counts, if any).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import ClassVar, Protocol

import attrs

from layoutcheck.diagnostics import Diagnostic
from layoutcheck.errors import EXIT_ERRORS
from layoutcheck.graph import Graph, GraphError
from layoutcheck.interp import interpret
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.traits import Trait
from layoutcheck.validate import normalize


class GraphPass(Protocol):
    @property
    def name(self) -> str: ...

    def run(self, graph: Graph) -> PassResult: ...


@attrs.frozen
class PassResult:
    graph: Graph
    matches: Mapping[str, int] = attrs.field(factory=dict)
    # the new graph's type errors when the pass typed it as it rewrote (None: not known, the
    # manager types it)
    errors: tuple[Diagnostic, ...] | None = None
    # what the pass could not do and why (it kept every all-reduce: no reader is a norm), one
    # line each; the manager keeps them on the pass's record
    notes: tuple[str, ...] = ()


@attrs.frozen
class PassRecord:
    """What one pass did: its pattern matches and the op and collective counts around it."""

    name: str
    matches: Mapping[str, int]
    ops_before: int
    ops_after: int
    collectives_before: Mapping[str, int]
    collectives_after: Mapping[str, int]
    notes: tuple[str, ...] = ()  # the pass's own account of what it left and why


INPUT = "(input)"  # the name a PassError gives the graph passes were asked to run on


class PassError(GraphError):
    """A pass produced a graph that breaks the type rules (a bug in the pass, not the input):
    exit 1, as for any graph with errors."""

    exit_code: ClassVar[int] = EXIT_ERRORS

    def __init__(self, pass_name: str, diagnostics: Sequence[Diagnostic]) -> None:
        first = diagnostics[0]
        where = f" at {first.op}" if first.op else ""
        more = f" (+{len(diagnostics) - 1} more)" if len(diagnostics) > 1 else ""
        culprit = (
            "the input graph already breaks the type rules"
            if pass_name == INPUT
            else f"pass {pass_name} broke the type rules"
        )
        super().__init__(f"{culprit}{where}: {first.message} [{first.rule}]{more}")
        self.pass_name = pass_name
        self.diagnostics = tuple(diagnostics)


def collective_counts(graph: Graph, registry: Registry | None = None) -> dict[str, int]:
    registry = registry or default_registry()
    counts: Counter[str] = Counter(
        op.kind for op in graph.ops if registry.is_(op.kind, Trait.COLLECTIVE)
    )
    return dict(sorted(counts.items()))


def _errors(graph: Graph, registry: Registry) -> list[Diagnostic]:
    """The type errors of ``graph``, as the contract it names says them: a rule that contract
    keeps a warning (the RFC table's cross-token shared expert) is not a broken pass."""
    from layoutcheck.contracts import errors_under_own_contract

    return errors_under_own_contract(graph, interpret(graph, registry).diagnostics, registry)


def run_passes(
    graph: Graph, passes: Sequence[GraphPass], registry: Registry | None = None
) -> tuple[Graph, tuple[PassRecord, ...]]:
    """Run ``passes`` in order. The input must type-check; each output is re-checked."""
    registry = registry or default_registry()
    before = _errors(graph, registry)
    if before:
        raise PassError(INPUT, before)
    records = []
    for graph_pass in passes:
        result = graph_pass.run(graph)
        rewritten = normalize(result.graph, registry)
        errors = list(result.errors) if result.errors is not None else _errors(rewritten, registry)
        if errors:
            raise PassError(graph_pass.name, errors)
        records.append(
            PassRecord(
                name=graph_pass.name,
                matches=dict(result.matches),
                ops_before=len(graph.ops),
                ops_after=len(rewritten.ops),
                collectives_before=collective_counts(graph, registry),
                collectives_after=collective_counts(rewritten, registry),
                notes=result.notes,
            )
        )
        graph = rewritten
    return graph, tuple(records)
