"""The check pipeline: interpret a graph, apply a contract, and summarize it in a Report."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

import attrs

from layoutcheck import rules
from layoutcheck.contracts import Contract, check_contract
from layoutcheck.coverage import Coverage, coverage, downstream_count, has_opaque
from layoutcheck.diagnostics import Diagnostic, Report
from layoutcheck.graph import Graph, Op, copy_name
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.base import Family
from layoutcheck.ops.traits import Trait
from layoutcheck.passes.repetition import collectives_per_layer
from layoutcheck.roles import Block
from layoutcheck.severity import Severity


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
    allow_unknown: bool = False,
) -> Report:
    """The report of a typed graph: its type diagnostics, the contract's, and ``extra`` ones
    (what the run asked for), each naming the engine node an imported op came from; with
    ``every_layer``, a finding in a repetition region once for each layer it stands for.

    An op nobody could type is an unchecked-op error (a warning with ``allow_unknown``): no
    verdict covers ops that were not checked."""
    found = typed.diagnostics
    covered = coverage(typed) if has_opaque(typed) else None
    rest = tuple(extra)
    if covered is not None:
        rest += unchecked_diagnostics(typed, covered, allow_unknown)
    if contract is not None:
        # a type rule the contract keeps a warning (a cost-model shape) is said as one
        found = contract.relax(found)
        rest = contract.relax(rest) + check_contract(typed, contract)
    found = tuple(_with_origin(typed.graph, d) for d in found)
    rest = tuple(_with_origin(typed.graph, d) for d in rest)
    if every_layer:
        # the type rules' findings in the expanded graph's op order, as interpreting it gives
        # them (a layer with two findings lists both before the next layer's)
        found = tuple(sorted(_for_every_layer(typed.graph, found, typed.registry), key=_op_number))
        rest = _for_every_layer(typed.graph, rest, typed.registry)
    diagnostics = found + rest
    summary = summarize(typed.graph, typed.registry)
    if covered is not None:
        summary["unchecked"] = covered.unchecked
    return Report(
        graph=typed.graph.name,
        source=typed.graph.source,
        contract=None if contract is None else contract.name,
        diagnostics=diagnostics,
        summary=summary,
        typed=typed,
    )


def unchecked_diagnostics(
    typed: TypedGraph, covered: Coverage, allow_unknown: bool
) -> tuple[Diagnostic, ...]:
    """One unchecked-op finding per engine op (and reason), at its first opaque op: how many
    times the graph has it and how many ops its ⊤ reaches."""
    severity = Severity.WARNING if allow_unknown else Severity.ERROR
    graph = typed.graph
    order = {op.name: index for index, op in enumerate(graph.topological_order())}
    found = []
    for label, members in covered.groups().items():
        first = members[0]
        op = graph.op(first.op)
        read = ", ".join(typed.describe(ref) for ref in op.inputs)
        reached = downstream_count(typed, members)
        known = "its lowering cannot follow it" if first.reason else "no op map knows it"
        times = f" ×{len(members)}" if len(members) > 1 else ""
        found.append(
            Diagnostic(
                rule=rules.UNCHECKED_OP,
                severity=severity,
                message=(
                    f"{label}{times}: {known}, so {reached} of {covered.ops} ops are left "
                    "unchecked (⊤ from it on)"
                ),
                hint=rules.UNCHECKED_OP.fix,
                op=first.op,
                layer=op.layer,
                line=op.line,
                context=f"%{order[op.name]} {op.name} = {op.kind}({read})",
            )
        )
    return tuple(found)


def _for_every_layer(
    graph: Graph, diagnostics: tuple[Diagnostic, ...], registry: Registry
) -> tuple[Diagnostic, ...]:
    """A repetition region's body stands for ``repeat`` layers: a finding in it is a finding in
    each, named and numbered as the expanded graph names and numbers that layer's op
    (``repetition.expand``). So a folded graph's report lists what the layer-by-layer one
    does, and its ``%N`` are those of ``show``."""
    if all(region.repeat == 1 for region in graph.repetition()):
        return diagnostics
    numbers, body = _expanded_numbers(graph, registry)
    renamers: dict[int, _Renamer] = {}
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
        op = graph.op(diagnostic.op)
        renamer = renamers.get(first)
        if renamer is None:
            renamer = renamers[first] = _Renamer(graph, first)
        message = renamer.copies(diagnostic.message)
        context = None if diagnostic.context is None else renamer.copies(diagnostic.context)
        for k, layer in enumerate(graph.layer_copies(op)):
            assert layer is not None  # a region body's op has its layer
            found.append(
                attrs.evolve(
                    diagnostic,
                    op=copy_name(op, layer),
                    layer=layer,
                    message=message(layer),
                    context=_numbered(
                        None if context is None else context(layer), number + k * body[first]
                    ),
                )
            )
    return tuple(found)


def _op_number(diagnostic: Diagnostic) -> int:
    """The ``%N`` of a finding's context line (-1 without one: a graph input's)."""
    head = (diagnostic.context or "").partition(" ")[0]
    number = head.removeprefix("%")
    return int(number) if head.startswith("%") and number.isascii() and number.isdigit() else -1


class _Renamer:
    """A finding's text about a region's ops, with each op named as its copy in a layer."""

    def __init__(self, graph: Graph, first: int) -> None:
        self.members = {op.name: op for op in graph.ops if op.layer == first}
        self.names = sorted(self.members, key=len, reverse=True)  # the longest name first

    def copies(self, text: str) -> Callable[[int], str]:
        """``text`` as it reads in a given layer of the region."""
        present = [name for name in self.names if name in text]
        if not present:
            return lambda layer: text
        # a name as a whole word: not inside a longer name (``a.b`` in ``a.b.c``)
        pattern = re.compile(r"(?<![\w.])(" + "|".join(map(re.escape, present)) + r")(?![\w]|\.\w)")
        members: Mapping[str, Op] = self.members
        return lambda layer: pattern.sub(lambda m: copy_name(members[m.group(1)], layer), text)


def _expanded_numbers(graph: Graph, registry: Registry) -> tuple[dict[str, int], dict[int, int]]:
    """Each op's number in the expanded graph (its first copy's, for a region body), and each
    region's body length: the expanded graph lists every copy of a body in turn, without the
    region's markers."""
    order = [
        op for op in graph.topological_order() if not registry.is_(op.kind, Trait.REGION_MARKER)
    ]
    body: dict[int, int] = {}
    for op in order:
        if graph.multiplicity(op) > 1:
            assert op.layer is not None
            body[op.layer] = body.get(op.layer, 0) + 1
    numbers: dict[str, int] = {}
    number, current = 0, None
    for op in order:
        if current is not None and op.layer != current:
            number += (graph.repeat(current) - 1) * body[current]  # the other copies
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


def _with_origin(graph: Graph, diagnostic: Diagnostic) -> Diagnostic:
    if diagnostic.origin is not None or diagnostic.op is None:
        return diagnostic
    if not graph.has_op(diagnostic.op):
        return diagnostic
    source = graph.op(diagnostic.op).source
    return diagnostic if source is None else attrs.evolve(diagnostic, origin=source)


# An attention entry may pass these on its way in: region markers, views and casts of the same
# rows, and the unpad after gathering a padded range.
_ENTRY_THROUGH = (Trait.REGION_MARKER, Trait.VIEW, Trait.CAST, Trait.TOKEN_UNPAD)


def in_attention_domain(op: Op, registry: Registry | None = None) -> bool:
    registry = registry or default_registry()
    return registry.is_(op.kind, Trait.ATTENTION) or op.block is Block.ATTENTION


def attention_entries(graph: Graph, registry: Registry | None = None) -> list[Op]:
    """The token gathers that bring values into the attention domain (one per layer is
    right)."""
    registry = registry or default_registry()
    through = registry.kinds_with(*_ENTRY_THROUGH)
    return [
        op
        for op in graph.ops
        if registry.is_(op.kind, Trait.TOKEN_GATHER)
        and any(in_attention_domain(r, registry) for r, _ in graph.readers_through(op, through))
    ]


def summarize(graph: Graph, registry: Registry) -> dict[str, object]:
    """Counts for the report: layers, ops, collectives by kind, attention boundaries and
    collectives per layer — effective counts, a repetition region counting ``repeat`` times."""
    copies = graph.multiplicity  # how many ops of the expanded graph an op stands for
    per_layer = collectives_per_layer(graph, registry)
    collectives: Counter[str] = Counter()
    for counts in per_layer.values():
        collectives.update(counts)
    return {
        "layers": graph.expanded_layer_count(),
        # the ops the graph stands for: a region's body once per layer, without its markers
        "ops": sum(
            copies(op) for op in graph.ops if not registry.is_(op.kind, Trait.REGION_MARKER)
        ),
        "effective_ops": sum(
            copies(op)
            for op in graph.ops
            if registry[op.kind].family is not Family.STRUCTURE
            or registry.is_(op.kind, Trait.EMBEDDING, Trait.VOCAB_HEAD)
        ),
        "collectives": dict(sorted(collectives.items())),
        "attention_boundaries": sum(copies(op) for op in attention_entries(graph, registry)),
        "collectives_per_layer": {
            str(layer): counts for layer, counts in per_layer.items() if layer is not None
        },
    }
