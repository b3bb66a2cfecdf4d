"""The reference tables of ``specs/README.md`` (the op catalogue, the type rules, the aliases,
the traits), generated from the catalogue and the rule objects so the documentation cannot
drift from the code. ``python -m layoutcheck.docs FILE`` rewrites the generated regions of FILE
in place.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from pathlib import Path

from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.base import AttrKind, AttrSpec, Family, OpSpec
from layoutcheck.ops.functions import FUNCTIONS
from layoutcheck.ops.traits import Trait
from layoutcheck.rules import TYPE_RULES, RuleKind
from layoutcheck.symbols import format_expr

FAMILY_TITLES: Mapping[Family, str] = {
    Family.COMMUNICATION: "Communication",
    Family.LAYOUT: "Token layout (no communication)",
    Family.ELEMENTWISE: "Elementwise, norms, feature regrouping",
    Family.LINEAR: "Linear layers",
    Family.ATTENTION: "Attention",
    Family.MOE: "Mixture of experts",
    Family.STRUCTURE: "Structure",
    Family.TENSOR: "Tensor plumbing (engine graphs)",
}
# <!-- generated: NAME --> … <!-- end generated: NAME -->
_REGION = re.compile(
    r"(<!-- generated: (?P<name>[a-z-]+) -->\n)(?P<body>.*?)(<!-- end generated: (?P=name) -->)",
    re.S,
)


def _default(attr: AttrSpec) -> str:
    value = attr.default
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return value
    return "" if value is None else format_expr(value)


def _attr_text(name: str, attr: AttrSpec) -> str:
    if attr.kind is AttrKind.CHOICE and attr.required:
        return f"`{name}`: " + r"\|".join(f"`{c}`" for c in attr.choices)
    if attr.required:
        return f"`{name}`"
    default = _default(attr)
    text = f"`{name}?={default}`" if default else f"`{name}?`"
    if attr.kind is AttrKind.CHOICE:
        text += " (" + " ".join(f"`{c}`" for c in attr.choices) + ")"
    return text


def _io_text(spec: OpSpec) -> str:
    inputs = ", ".join(f"`{name}`" for name in spec.inputs) + (", …" if spec.variadic else "")
    if spec.outputs_per_input:
        outputs = "one output per input"
    elif spec.outputs_from:
        outputs = f"one output per `{spec.outputs_from}` entry"
    elif len(spec.outputs) > 1:
        outputs = ", ".join(f"`{name}` ({i})" for i, name in enumerate(spec.outputs))
    else:
        outputs = f"`{spec.outputs[0]}`"
    return f"{inputs} → {outputs}"


def _rules_text(spec: OpSpec) -> str:
    if not spec.rules:
        return "—"
    return "; ".join(f"[{use.rule.id}] {use.when}".rstrip() for use in spec.rules)


def op_tables(registry: Registry | None = None) -> str:
    """One table per op family: inputs → outputs, attrs, the layout rule, the rules raised."""
    registry = registry or default_registry()
    blocks = []
    for family, title in FAMILY_TITLES.items():
        specs = [registry[k] for k in registry.kinds() if registry[k].family is family]
        if not specs:
            continue
        rows = [
            f"### {title}",
            "",
            "| op | inputs → outputs | attrs | layout rule | rules |",
            "| --- | --- | --- | --- | --- |",
        ]
        for spec in specs:
            attrs = ", ".join(_attr_text(n, a) for n, a in spec.attrs.items()) or "none"
            rows.append(
                f"| `{spec.kind}` | {_io_text(spec)} | {attrs} | {spec.summary} | "
                f"{_rules_text(spec)} |"
            )
        blocks.append("\n".join(rows))
    return "\n\n".join(blocks) + "\n"


def rule_table() -> str:
    """The type rules: id, severity, what each says."""
    rows = ["| rule | severity | fires when |", "| --- | --- | --- |"]
    for rule in TYPE_RULES:
        if rule.kind is RuleKind.TYPE:
            rows.append(f"| `{rule.id}` | {rule.severity.value} | {rule.summary} |")
    return "\n".join(rows) + "\n"


def alias_table(registry: Registry | None = None) -> str:
    """The engines' spellings the loader accepts."""
    registry = registry or default_registry()
    rows = ["| you write | read as |", "| --- | --- |"]
    for kind in registry.kinds():
        spec = registry[kind]
        for alias in spec.aliases:
            rows.append(f"| `op: {alias}` | `{kind}` |")
        for attr, table in spec.attr_aliases.items():
            for value, (target, canonical) in table.items():
                shown = str(value).lower() if isinstance(value, bool) else value
                # a flag's other value says nothing; a word's other values are refused
                other = (
                    "any other value says nothing"
                    if isinstance(value, bool)
                    else ("another word is an error")
                )
                rows.append(
                    f"| `{kind}` attr `{attr}: {shown}` | `{target}: {canonical}` (it wins over a "
                    f"`{target}` given beside it); {other} |"
                )
    return "\n".join(rows) + "\n"


def trait_table(registry: Registry | None = None) -> str:
    """The catalogue's traits and the kinds that declare each (what ``select: {trait: …}``
    selects)."""
    registry = registry or default_registry()
    rows = ["| trait | kinds |", "| --- | --- |"]
    for trait in Trait:
        kinds = sorted(registry.kinds_with(trait))
        rows.append(f"| `{trait.value}` | {', '.join(f'`{k}`' for k in kinds) or 'none'} |")
    return "\n".join(rows) + "\n"


def function_table() -> str:
    """The pointwise functions and their algebra (the table the layout rule reads)."""
    rows = [
        "| `fn` | operands | alone (one operand) | with others | odd | keeps 0 | note |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for name, function in FUNCTIONS.items():
        low, high = function.operands
        together = function.together.value if high > 1 else "—"
        rows.append(
            f"| `{name}` | {low if low == high else f'{low}–{high}'} | {function.alone.value} | "
            f"{together} | {'yes' if function.odd else ''} | "
            f"{'yes' if function.zero_preserving else ''} | {function.doc} |"
        )
    return "\n".join(rows) + "\n"


GENERATORS = {
    "functions": function_table,
    "op-tables": op_tables,
    "type-rules": rule_table,
    "aliases": alias_table,
    "traits": trait_table,
}


def regions(text: str) -> dict[str, str]:
    """The generated regions of a document, by name."""
    return {m.group("name"): m.group("body") for m in _REGION.finditer(text)}


def render(text: str) -> str:
    """The document with every generated region regenerated."""

    def replace(match: re.Match[str]) -> str:
        name = match.group("name")
        body = GENERATORS[name]()
        return f"{match.group(1)}{body}{match.group(4)}"

    return _REGION.sub(replace, text)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    for name in args:
        path = Path(name)
        path.write_text(render(path.read_text(encoding="utf-8")), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
