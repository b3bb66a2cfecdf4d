"""Text renderings of typed graphs, rules and the op catalogue (presentation only)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from layoutcheck.graph import Op, ValueRef
from layoutcheck.interp import TypedGraph
from layoutcheck.lattice import AbstractValue
from layoutcheck.ops import Registry
from layoutcheck.rules import Rule
from layoutcheck.symbols import format_expr
from layoutcheck.terminal import escape


def _value(typed: TypedGraph, value: AbstractValue, why: str = "type error above") -> str:
    if value.is_top:
        return f"⊤ ({why})"
    symbolic = value.shape_text()
    numeric = typed.shape_text(value)
    shapes = symbolic if symbolic == numeric else f"{symbolic} = {numeric}"
    return f"{value.dtype.value}{shapes} {value.layout}"


def render_typed_graph(typed: TypedGraph, layer: int | None = None) -> str:
    """One line per op, jaxpr-like: ``%n name = kind(inputs) : dtype[symbolic] = [numeric] F·W``."""
    graph = typed.graph
    values = ", ".join(f"{name}={value}" for name, value in graph.symbols if value is not None)
    lines = [f"{graph.name}  ({values})" if values else graph.name]
    if layer is None:
        for spec in graph.inputs:
            lines.append(f"  in  {spec.name} : {_value(typed, typed.value(ValueRef(spec.name)))}")
    order = graph.topological_order()
    untyped = _untyped(typed, order)
    for index, op in enumerate(order):
        if layer is not None and op.layer != layer:
            continue
        reads = ", ".join(str(ref) for ref in op.inputs)
        outputs = typed.outputs_of(op)
        why = untyped.get(op.name, "type error above")
        if len(outputs) == 1:
            typed_out = _value(typed, outputs[0], why)
        else:
            typed_out = "; ".join(
                f":{port} {_value(typed, v, why)}" for port, v in enumerate(outputs)
            )
        lines.append(f"  %{index:<3} {op.name} = {op.kind}({reads}) : {typed_out}")
    if layer is None and graph.outputs:
        lines.append("  out " + ", ".join(str(ref) for ref in graph.outputs))
    # names from an engine dump are not checked like a graph file's: escape what reaches a
    # terminal
    return "\n".join(escape(line, one_line=True) for line in lines)


def _untyped(typed: TypedGraph, order: Sequence[Op]) -> dict[str, str]:
    """Why each op a ⊤ reached from an op nobody could type is ⊤: that op, as ``%n``, and the
    engine op it stands for (the ⊤ of a type error is the diagnostic's to explain)."""
    from layoutcheck.coverage import coverage, has_opaque

    if not has_opaque(typed):
        return {}
    covered = coverage(typed)
    number = {op.name: index for index, op in enumerate(order)}
    labels = {source.op: source.label for source in covered.sources}
    why: dict[str, str] = {}
    for name, sources in covered.blame.items():
        first = sources[0]
        more = f" and {len(sources) - 1} more" if len(sources) > 1 else ""
        if name == first:
            why[name] = f"unchecked: {labels[first]} is an op nobody could type"
        else:
            why[name] = f"unchecked: from %{number[first]} {labels[first]}{more}"
    return why


def render_rule_list(rules: Iterable[Rule]) -> str:
    rows = []
    for rule in rules:
        scope = rule.kind.value if rule.contract is None else f"contract {rule.contract}"
        rows.append(f"{rule.id:<28} {scope:<38} {rule.summary}")
    return "\n".join(rows)


def render_rule(rule: Rule, contracts: Iterable[str] = ()) -> str:
    where = ", ".join(contracts) or rule.contract
    scope = f"contract rule ({where})" if rule.contract else f"{rule.kind.value} rule"
    example = "\n".join(f"  {line}" for line in rule.example.splitlines())
    return (
        f"{rule.id}  [{scope}]\n\n"
        f"What: {rule.summary}\n\n"
        f"Why: {rule.why}\n\n"
        f"Example:\n{example}\n\n"
        f"Fix: {rule.fix}"
    )


def rule_json(rule: Rule, contracts: Iterable[str] = ()) -> dict[str, object]:
    """A rule as ``rules --format json`` and ``explain --format json`` give it."""
    return {
        "id": rule.id,
        "kind": rule.kind.value,
        "severity": rule.severity.value,
        "contracts": list(contracts) or ([rule.contract] if rule.contract else []),
        "summary": rule.summary,
        "why": rule.why,
        "example": rule.example,
        "fix": rule.fix,
    }


def render_catalogue(registry: Registry) -> str:
    blocks = []
    for kind in registry.kinds():
        spec = registry[kind]
        attrs = ", ".join(
            f"{name}{'' if attr.required else '?'}" for name, attr in sorted(spec.attrs.items())
        )
        aliases = f"  (aliases: {', '.join(spec.aliases)})" if spec.aliases else ""
        outputs = ", ".join(spec.outputs)
        raised = "; ".join(f"[{use.rule.id}] {use.when}".rstrip() for use in spec.rules)
        blocks.append(
            f"{spec.arity_text()} -> {outputs}   [{spec.family.value}]{aliases}\n"
            f"  attrs: {attrs or 'none'}\n  layout: {spec.summary}\n  {spec.doc}"
            + (f"\n  rules: {raised}" if raised else "")
        )
    return "\n\n".join(blocks)


def shape_text(dims: Iterable[object]) -> str:
    return "[" + ", ".join(format_expr(d) for d in dims) + "]"
