"""The view as Graphviz DOT: a cluster per panel, edges coloured by layout, the same tooltips.

Node ids are the page's generated keys; every string from the graph is a quoted DOT string
with its controls spelled out and its backslashes doubled (Graphviz reads ``\\n``, ``\\N`` …
in a label as escapes, so a name must not carry its own).
"""

from __future__ import annotations

from collections.abc import Sequence

from layoutcheck.terminal import escape
from layoutcheck.view.model import Edge, Node, Panel, View
from layoutcheck.view.palette import (
    COLLECTIVE_FILL,
    COLLECTIVE_STROKE,
    ERROR,
    ERROR_FILL,
    OP_FILL,
    OP_STROKE,
    STUB_STROKE,
    SWATCHES,
    WARNING,
    Tone,
)


def _quote(*lines: str) -> str:
    """A DOT string holding ``lines`` (Graphviz's own ``\\n`` between them)."""
    parts = [
        escape(line, one_line=True).replace("\\", "\\\\").replace('"', '\\"') for line in lines
    ]
    return '"' + "\\n".join(parts) + '"'


def _attrs(**values: str) -> str:
    return "[" + ", ".join(f"{key}={value}" for key, value in values.items()) + "]"


def _node(node: Node, view: View) -> str:
    if node.stub is not None:
        return f"    {node.key} " + _attrs(
            label=_quote(node.label),
            shape="box",
            style='"rounded,dashed"',
            color=_quote(STUB_STROKE),
            tooltip=_quote(node.name, node.detail or ""),
        )
    layouts = " ".join(
        value.layout if value.tone is Tone.TOP or len(node.outputs) > 1 else
        f"{value.layout} {value.numeric}"
        for value in node.outputs
    )  # fmt: skip
    lines = [node.label, node.kind_line, layouts]
    fill, colour, width = OP_FILL, OP_STROKE, "1"
    style = "rounded,filled"
    if node.collective is not None:
        fill, colour, width = COLLECTIVE_FILL, COLLECTIVE_STROKE, "2"
    if node.on_path:
        colour, width, style = ERROR, "2", "rounded,filled,dashed"
    if node.warnings:
        colour, width = WARNING, "2"
        lines.append("! warning")
    if node.errors:
        fill, colour, width, style = ERROR_FILL, ERROR, "3", "rounded,filled"
        lines.append("✗ violation")
    tooltip = [node.name, *(f"out: {value.text}" for value in node.outputs)]
    tooltip.append(f"cost: {node.cost}" if node.cost else "cost: not priced")
    if node.source:
        tooltip.append(f"source: {node.source}")
    for index in (*node.errors, *node.warnings):
        d = view.diagnostics[index]
        tooltip.append(f"{d.severity} [{d.rule}]: {d.message}")
    return f"    {node.key} " + _attrs(
        label=_quote(*lines),
        shape="box",
        style=_quote(style),
        fillcolor=_quote(fill),
        color=_quote(colour),
        penwidth=width,
        tooltip=_quote(*tooltip),
    )


def _edge(edge: Edge) -> str:
    swatch = SWATCHES[edge.value.tone]
    values = {
        "color": _quote(f"{ERROR}:{swatch.colour}:{ERROR}" if edge.on_path else swatch.colour),
        "penwidth": "3" if edge.on_path else "1.6",
        "tooltip": _quote(edge.value.text),
    }
    if swatch.dashed:
        values["style"] = "dashed"
    return f"  {edge.source} -> {edge.target} " + _attrs(**values)


def _cluster(index: int, panel: Panel, view: View) -> list[str]:
    lines = [
        f"  subgraph cluster_{index} {{",
        f"    label={_quote(panel.title, panel.subtitle)};",
        f"    color={_quote(ERROR if panel.errors else '#bbbbbb')};",
    ]
    lines.extend(_node(node, view) + ";" for node in panel.nodes)
    lines.append("  }")
    return lines


def _legend() -> list[str]:
    lines = ["  subgraph cluster_legend {", f"    label={_quote('layouts')};"]
    for tone, swatch in SWATCHES.items():
        a, b = f"legend_{tone.name.lower()}_a", f"legend_{tone.name.lower()}_b"
        lines.append(f"    {a} [shape=point, width=0.05];")
        lines.append(f"    {b} " + _attrs(shape="plaintext", label=_quote(swatch.meaning)) + ";")
        style = ", style=dashed" if swatch.dashed else ""
        lines.append(f"    {a} -> {b} [color={_quote(swatch.colour)}, penwidth=2{style}];")
    lines.append("  }")
    return lines


def render_dot(view: View) -> str:
    lines: list[str] = [
        f"digraph {_quote(view.graph)} {{",
        f"  graph [rankdir=TB, fontname=monospace, label={_quote(view.verdict)}, labelloc=t];",
        f"  node [fontname=monospace, fontsize=10, fillcolor={_quote(OP_FILL)}];",
        "  edge [arrowsize=0.7];",
    ]
    lines.extend(_legend())
    for index, panel in enumerate(view.panels):
        lines.extend(_cluster(index, panel, view))
    edges: Sequence[Edge] = [edge for panel in view.panels for edge in panel.edges]
    lines.extend(_edge(edge) + ";" for edge in edges)
    lines.append("}")
    return "\n".join(lines) + "\n"
