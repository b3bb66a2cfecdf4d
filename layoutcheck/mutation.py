"""Mutation testing of the checker: small, realistic layout mistakes applied to passing graphs.

A mutant the simulator shows to compute something else (or nothing) must be reported by the
checker as an error; one it does not report is a blind spot. The operators are the mistakes
people make: dropping a gather, gathering the residual, dropping the token slice, adding an
all-reduce, swapping two same-shaped inputs, changing a collective's group, swapping the top-k
outputs, sizing the router for another expert count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

import attrs
import sympy

from layoutcheck.check import check_graph
from layoutcheck.contracts import Contract
from layoutcheck.graph import Graph, GraphError, Op, ValueRef
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.ops.traits import Trait
from layoutcheck.oracle import compare_graphs
from layoutcheck.sim import with_symbols
from layoutcheck.validate import normalize

Mutant = tuple[str, Graph]  # (description, graph)
Operator = Callable[[Graph, TypedGraph], Iterator[Mutant]]

# the ops that move a value's tokens or pending sums over a group: changing the group is the
# mistake (all-reduce, reduce-scatter, all-gather, token slice)
_GROUP_OPS = (Trait.REDUCTION, Trait.TOKEN_GATHER, Trait.TOKEN_SLICE)


def _bypass(graph: Graph, op: Op) -> Graph:
    """Remove ``op`` (one input, one output): its readers read its input instead."""
    source = op.inputs[0]

    def swap(ref: ValueRef) -> ValueRef:
        return source if ref.op == op.name else ref

    ops = [o.evolve(inputs=tuple(swap(r) for r in o.inputs)) for o in graph.ops if o is not op]
    return graph.with_ops(ops, tuple(swap(r) for r in graph.outputs))


def _insert_after(graph: Graph, ref: ValueRef, reader: Op, slot: int, new: Op) -> Graph:
    """Put ``new`` (reading ``ref``) between ``ref`` and one reader's input slot."""
    ops = []
    for op in graph.ops:
        if op is reader:
            inputs = list(op.inputs)
            inputs[slot] = ValueRef(new.name)
            ops.append(new)
            op = op.evolve(inputs=tuple(inputs))
        ops.append(op)
    return graph.with_ops(ops)


def drop_gather(graph: Graph, typed: TypedGraph) -> Iterator[Mutant]:
    for op in graph.ops:
        if typed.registry.is_(op.kind, Trait.TOKEN_GATHER):
            yield f"drop the {op.kind} {op.name}", _bypass(graph, op)


def drop_token_slice(graph: Graph, typed: TypedGraph) -> Iterator[Mutant]:
    for op in graph.ops:
        if typed.registry.is_(op.kind, Trait.TOKEN_SLICE):
            yield f"drop the {op.kind} {op.name}", _bypass(graph, op)


def gather_residual(graph: Graph, typed: TypedGraph) -> Iterator[Mutant]:
    for op in graph.ops:
        if not typed.registry.is_(op.kind, Trait.FUSED_ADD_NORM):
            continue
        residual = ValueRef(op.name, 1)
        for reader, slot in graph.consumers(residual):
            new = Op(f"{op.name}.mutant_gather", "all_gather", (residual,))
            yield (
                f"gather the residual {residual} for {reader.name}",
                _insert_after(graph, residual, reader, slot, new),
            )
            break


def add_all_reduce(graph: Graph, typed: TypedGraph) -> Iterator[Mutant]:
    for op in graph.ops:
        if typed.registry.is_(op.kind, Trait.LINEAR) and op.attr("parallel") == "replicated":
            out = ValueRef(op.name)
            for reader, slot in graph.consumers(out):
                new = Op(f"{op.name}.mutant_all_reduce", "all_reduce", (out,))
                yield (
                    f"add an all_reduce after {op.name}",
                    _insert_after(graph, out, reader, slot, new),
                )
                break


def swap_same_shaped_inputs(graph: Graph, typed: TypedGraph) -> Iterator[Mutant]:
    for op in graph.ops:
        values = typed.inputs_of(op)
        for i in range(len(op.inputs)):
            for j in range(i + 1, len(op.inputs)):
                a, b = values[i], values[j]
                if a.is_top or a.shape != b.shape or op.inputs[i] == op.inputs[j]:
                    continue
                inputs = list(op.inputs)
                inputs[i], inputs[j] = inputs[j], inputs[i]
                swapped = [o.evolve(inputs=tuple(inputs)) if o is op else o for o in graph.ops]
                yield f"swap inputs {i} and {j} of {op.name}", graph.with_ops(swapped)


def change_group(graph: Graph, typed: TypedGraph) -> Iterator[Mutant]:
    groups = graph.group_names
    for op in graph.ops:
        if not typed.registry.is_(op.kind, *_GROUP_OPS):
            continue
        current = op.attr("group") or "tp"
        for other in groups:
            if other != current:
                attrs_ = dict(op.attrs)
                attrs_["group"] = other
                changed = op.evolve(attrs=tuple(sorted(attrs_.items())))
                ops = [changed if o is op else o for o in graph.ops]
                yield f"{op.name} over group {other} instead of {current}", graph.with_ops(ops)
                break


def swap_topk_outputs(graph: Graph, typed: TypedGraph) -> Iterator[Mutant]:
    """The fused experts read the top-k's weights and ids: swap the two."""
    for op in graph.ops:
        if not typed.registry.is_(op.kind, Trait.FUSED_MOE):
            continue
        names = typed.registry[typed.registry.canonical(op.kind) or op.kind].inputs
        if "weights" not in names or "ids" not in names or len(op.inputs) != len(names):
            continue
        w, i = names.index("weights"), names.index("ids")
        inputs = list(op.inputs)
        inputs[w], inputs[i] = inputs[i], inputs[w]
        swapped = [o.evolve(inputs=tuple(inputs)) if o is op else o for o in graph.ops]
        yield f"swap the top-k weights and ids into {op.name}", graph.with_ops(swapped)


def widen_router(graph: Graph, typed: TypedGraph) -> Iterator[Mutant]:
    """A router gate sized for twice the routed experts (``experts: 2*experts``): two ops state
    the expert count and disagree, and top-k picks ids past the last expert."""
    for op in graph.ops:
        # the router's scoring op (its width is the expert count), not its top-k
        if not typed.registry.is_(op.kind, Trait.ROUTER) or typed.registry.is_(
            op.kind, Trait.EXPERT_SELECT
        ):
            continue
        experts = op.attr("experts")
        if not isinstance(experts, sympy.Expr):
            continue
        attrs_ = dict(op.attrs)
        attrs_["experts"] = 2 * experts
        changed = op.evolve(attrs=tuple(sorted(attrs_.items())))
        ops = [changed if o is op else o for o in graph.ops]
        yield f"router width 2×experts at {op.name}", graph.with_ops(ops)


OPERATORS: Mapping[str, Operator] = {
    "drop-gather": drop_gather,
    "gather-residual": gather_residual,
    "drop-token-slice": drop_token_slice,
    "add-all-reduce": add_all_reduce,
    "swap-inputs": swap_same_shaped_inputs,
    "change-group": change_group,
    "swap-topk": swap_topk_outputs,
    "router-width": widen_router,
}


@attrs.frozen
class MutantResult:
    operator: str
    description: str
    wrong: bool  # the simulator shows it computes something else, or cannot run it
    reported: bool  # the checker reports an error (type rule, contract, or unusable input)
    rules: tuple[str, ...]
    evidence: str

    @property
    def killed(self) -> bool:
        return self.wrong and self.reported

    @property
    def missed(self) -> bool:
        return self.wrong and not self.reported


def run_mutants(
    graph: Graph,
    symbols: Mapping[str, int],
    contract: Contract | None = None,
    *,
    per_operator: int = 4,
) -> list[MutantResult]:
    """Every operator's first ``per_operator`` mutants of ``graph``, judged at ``symbols``."""
    base = with_symbols(graph, symbols)
    typed = interpret(base)
    results = []
    for name, operator in OPERATORS.items():
        for count, (description, mutant) in enumerate(operator(base, typed)):
            if count >= per_operator:
                break
            results.append(_judge(name, description, base, mutant, contract))
    return results


def _judge(
    name: str, description: str, base: Graph, mutant: Graph, contract: Contract | None
) -> MutantResult:
    try:
        checked = normalize(mutant)
    except GraphError as error:
        return MutantResult(name, description, True, True, ("bad-spec",), str(error))
    report = check_graph(checked, contract)
    rules = tuple(sorted({d.rule.id for d in report.errors}))
    equivalence = compare_graphs(base, checked)
    evidence = str(equivalence.findings[0]) if equivalence.findings else "same outputs"
    return MutantResult(name, description, bool(equivalence.findings), bool(rules), rules, evidence)


def kill_rate(results: list[MutantResult]) -> tuple[int, int, float]:
    """(killed, wrong, rate): the share of wrong mutants the checker reports."""
    wrong = [r for r in results if r.wrong]
    killed = sum(r.killed for r in wrong)
    return killed, len(wrong), (killed / len(wrong) if wrong else 1.0)
