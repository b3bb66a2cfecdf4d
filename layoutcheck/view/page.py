"""The view as one self-contained HTML page: inline CSS and SVG, no script, nothing fetched.

Every string from the graph (names can hold anything an engine dump holds) goes through
:func:`_text`: controls spelled as the terminal spells them, then HTML-escaped.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from layoutcheck.terminal import escape
from layoutcheck.view.layout import Box, Item, Link, Placement, Route, place
from layoutcheck.view.model import DiagnosticView, Edge, Node, Panel, View
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

FONT_PX = 12
CHAR_PX = 7.3  # a 12 px monospace glyph (DejaVu / Liberation Mono advance 0.6 em), rounded up
LINE_PX = 15
PAD_X, PAD_Y = 10, 7


def _text(value: object) -> str:
    """Text from the graph, safe in HTML and SVG text and attributes."""
    return html.escape(escape(str(value), one_line=True), quote=True)


def _lines(lines: Sequence[str]) -> str:
    """A tooltip: each line escaped, kept on its own line."""
    return "\n".join(_text(line) for line in lines)


# -- nodes ----------------------------------------------------------------------------------------


def _node_lines(node: Node) -> list[tuple[str, str | None, str]]:
    """(text, colour, css class) per line of the node's box."""
    if node.stub is not None:
        return [(node.label, None, "stub")]
    lines: list[tuple[str, str | None, str]] = [
        (node.label, None, "name"),
        (node.kind_line, None, "kind"),
        ("", None, "layouts"),  # drawn as coloured tspans
    ]
    if node.errors:
        lines.append(("✗ violation", ERROR, "mark"))
    elif node.warnings:
        lines.append(("! warning", WARNING, "mark"))
    return lines


def _layout_spans(node: Node) -> list[tuple[str, str]]:
    if len(node.outputs) == 1:
        value = node.outputs[0]
        text = value.layout if value.tone is Tone.TOP else f"{value.layout} {value.numeric}"
        return [(text, SWATCHES[value.tone].colour)]
    spans: list[tuple[str, str]] = []
    for port, value in enumerate(node.outputs):
        spans.append((f"{port}:{value.layout}", SWATCHES[value.tone].colour))
    return spans


def _layout_text(node: Node) -> str:
    return " ".join(text for text, _ in _layout_spans(node))


def _size(node: Node) -> tuple[float, float]:
    lines = _node_lines(node)
    widest = max(
        len(_layout_text(node)) if css == "layouts" else len(text) for text, _, css in lines
    )
    return widest * CHAR_PX + 2 * PAD_X, len(lines) * LINE_PX + 2 * PAD_Y - 3


def _tooltip(node: Node, view: View) -> str:
    if node.stub is not None:
        return _lines([node.name, node.detail or ""])
    where = f"{node.kind}" + (f", {node.role}" if node.role else "")
    where += "" if node.layer is None else f", layer {node.layer}"
    lines = [node.name, where]
    for port, value in enumerate(node.outputs):
        lines.append(f"out {port}: {value.text}" if len(node.outputs) > 1 else f"out: {value.text}")
    lines.append(f"cost: {node.cost}" if node.cost else "cost: not priced")
    lines.append(f"source: {node.source}" if node.source else "source: built in code (no file)")
    for index in (*node.errors, *node.warnings):
        d = view.diagnostics[index]
        lines.append(f"{d.severity} [{d.rule}]: {d.message}")
    if node.on_path and not node.errors:
        lines.append("on the provenance path of a violation")
    return _lines(lines)


def _draw_node(node: Node, box: Box, view: View) -> str:
    classes = ["node", "stub" if node.stub else "op"]
    fill, stroke, stroke_width, dash = OP_FILL, OP_STROKE, 1.2, ""
    radius = 4
    if node.stub is not None:
        fill, stroke, dash, radius = "#ffffff", STUB_STROKE, "4 3", 12
    elif node.collective is not None:
        classes.append("collective")
        fill, stroke, stroke_width, radius = COLLECTIVE_FILL, COLLECTIVE_STROKE, 2.0, 14
    if node.on_path:
        classes.append("path")
        stroke, stroke_width, dash = ERROR, 2.0, "6 3"
    if node.warnings:
        classes.append("warning")
        stroke, stroke_width = WARNING, 2.0
    if node.errors:
        classes.append("error")
        fill, stroke, stroke_width, dash = ERROR_FILL, ERROR, 3.0, ""
    centre = box.centre
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    parts = [
        f'<g class="{" ".join(classes)}" id="{node.key}" data-kind="{_text(node.kind)}">',
        f"<title>{_tooltip(node, view)}</title>",
        f'<rect x="{box.left:.1f}" y="{box.top:.1f}" width="{box.width:.1f}" '
        f'height="{box.height:.1f}" '
        f'rx="{radius}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"{dash_attr}/>',
    ]
    y = box.top + PAD_Y + FONT_PX - 1
    for text, colour, css in _node_lines(node):
        fill_attr = f' fill="{colour}"' if colour else ""
        if css == "layouts":
            spans = "".join(
                f'<tspan fill="{tone_colour}">{_text(span)}</tspan>'
                + ("" if k == len(_layout_spans(node)) - 1 else " ")
                for k, (span, tone_colour) in enumerate(_layout_spans(node))
            )
            parts.append(f'<text x="{centre:.1f}" y="{y:.1f}" class="{css}">{spans}</text>')
        else:
            parts.append(
                f'<text x="{centre:.1f}" y="{y:.1f}" class="{css}"{fill_attr}>{_text(text)}</text>'
            )
        y += LINE_PX
    parts.append("</g>")
    return "".join(parts)


# -- edges ----------------------------------------------------------------------------------------


def _path(points: Sequence[tuple[float, float]]) -> str:
    """Straight through a rank it crosses, an S-curve in each gap between ranks."""
    (x0, y0), rest = points[0], points[1:]
    d = [f"M{x0:.1f},{y0:.1f}"]
    px, py = x0, y0
    for x, y in rest:
        if abs(x - px) < 0.5:
            d.append(f"L{x:.1f},{y:.1f}")
        else:
            middle = (py + y) / 2
            d.append(f"C{px:.1f},{middle:.1f} {x:.1f},{middle:.1f} {x:.1f},{y:.1f}")
        px, py = x, y
    return " ".join(d)


def _draw_edge(edge: Edge, route: Route, panel: str, names: dict[str, str]) -> str:
    swatch = SWATCHES[edge.value.tone]
    d = _path(route.points)
    classes = f"edge tone-{edge.value.tone.value}" + (" path" if edge.on_path else "")
    dash = ' stroke-dasharray="5 4"' if swatch.dashed else ""
    title = _lines([f"{edge.value.text}", f"→ {names.get(edge.target, edge.target)}"])
    halo = (
        f'<path class="halo" d="{d}" fill="none" stroke="{ERROR}" stroke-width="8" '
        'stroke-opacity="0.35" stroke-linecap="round"/>'
        if edge.on_path
        else ""
    )
    return (
        f'<g class="{classes}" data-layout="{_text(edge.value.layout)}"><title>{title}</title>'
        f"{halo}"
        f'<path class="line" d="{d}" fill="none" stroke="{swatch.colour}" stroke-width="2"'
        f'{dash} marker-end="url(#{panel}-arrow-{edge.value.tone.value})"/></g>'
    )


def _markers(panel: str) -> str:
    return "".join(
        f'<marker id="{panel}-arrow-{tone.value}" viewBox="0 0 10 10" refX="9" refY="5" '
        f'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{swatch.colour}"/></marker>'
        for tone, swatch in SWATCHES.items()
    )


# -- the page -------------------------------------------------------------------------------------


def panel_placement(panel: Panel) -> Placement:
    """Where a panel's nodes and edges go (the tests check its properties)."""
    items = []
    for node in panel.nodes:
        width, height = _size(node)
        items.append(Item(node.key, width, height))
    ports: dict[tuple[str, str], int] = {}
    links = []
    for edge in panel.edges:
        port = ports.setdefault((edge.source, edge.value.ref), len(ports))
        links.append(Link(edge.source, edge.target, port))
    return place(items, links)


def _draw_panel(panel: Panel, view: View) -> str:
    placement = panel_placement(panel)
    names = {node.key: node.name for node in panel.nodes}
    width, height = placement.width, placement.height
    # violations' paths drawn last, so no other edge covers their halo
    pairs = sorted(zip(panel.edges, placement.routes, strict=True), key=lambda p: p[0].on_path)
    edges = [_draw_edge(edge, route, panel.key, names) for edge, route in pairs]
    nodes = [_draw_node(node, placement.boxes[node.key], view) for node in panel.nodes]
    errors = ""
    if panel.errors:
        listed = ", ".join(f'<a href="#d{index}">#{index + 1}</a>' for index in panel.errors)
        errors = f'<p class="panel-errors">violations here: {listed}</p>'
    return (
        f'<section class="panel{" failed" if panel.errors else ""}" id="{panel.key}">'
        f'<h2>{_text(panel.title)}</h2><p class="sub">{_text(panel.subtitle)}</p>{errors}'
        f'<div class="scroll"><svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
        f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" role="img" '
        f'aria-label="{_text(panel.title)}"><defs>{_markers(panel.key)}</defs>'
        f'<g class="edges">{"".join(edges)}</g><g class="nodes">{"".join(nodes)}</g></svg></div>'
        "</section>"
    )


def _legend() -> str:
    """Two columns, each its own drawing so a narrow page wraps the second under the first:
    the layouts' colours, then the marks on the ops (a warning's among them)."""
    layouts = []
    y = 14
    for tone, swatch in SWATCHES.items():
        dash = ' stroke-dasharray="5 4"' if swatch.dashed else ""
        layouts.append(
            f'<g class="swatch tone-{tone.value}"><line x1="8" y1="{y}" x2="56" y2="{y}" '
            f'stroke="{swatch.colour}" stroke-width="3"{dash}/>'
            f'<text x="66" y="{y + 4}" fill="{swatch.colour}" class="layout">'
            f"{_text(swatch.label)}</text>"
            f'<text x="100" y="{y + 4}">{_text(swatch.meaning)}</text></g>'
        )
        y += 20
    layouts_height = y - 4
    marks = [
        (OP_FILL, OP_STROKE, 1.2, "", 4, "op: name, kind · µs, output layout and shape"),
        (COLLECTIVE_FILL, COLLECTIVE_STROKE, 2.0, "", 10, "collective: kind · group · µs"),
        (ERROR_FILL, ERROR, 3.0, "", 4, "violation (✗): the op a rule fails at"),
        (OP_FILL, WARNING, 2.0, "", 4, "warning (!): the op a rule warns at"),
        (OP_FILL, ERROR, 2.0, "6 3", 4, "on a violation's provenance path (red halo on edges)"),
        ("#ffffff", STUB_STROKE, 1.2, "4 3", 9, "a value from or to another panel"),
    ]
    drawn = []
    y = 14
    for fill, stroke, stroke_width, dash, radius, meaning in marks:
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        drawn.append(
            f'<g class="mark"><rect x="8" y="{y - 8}" width="48" height="16" rx="{radius}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"{dash_attr}/>'
            f'<text x="66" y="{y + 4}">{_text(meaning)}</text></g>'
        )
        y += 20
    marks_height = y - 4
    return (
        '<section class="legend" id="legend"><h2>Legend</h2><div class="legend-columns">'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="470" height="{layouts_height}" '
        f'role="img" aria-label="legend: layouts">{"".join(layouts)}</svg>'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="470" height="{marks_height}" '
        f'role="img" aria-label="legend: marks">{"".join(drawn)}</svg></div>'
        "<p>Edges are values, coloured by layout; hover an op or an edge for its shapes "
        "(symbolic and numeric), cost and source line.</p></section>"
    )


def _diagnostic(d: DiagnosticView, panels: dict[str, str]) -> str:
    head = f"{d.location}: {d.severity}: {d.message}  [{d.rule}]"
    parts = [
        f'<li class="{_text(d.severity)}" id="d{d.index}"><div class="head">{_text(head)}</div>'
    ]
    if d.context:
        parts.append(f'<pre class="context">{_text(d.context)}</pre>')
    if d.origin:
        parts.append(f'<div class="engine">engine: {_text(d.origin)}</div>')
    if d.notes:
        notes = "".join(f'<li class="note">note: {_text(note)}</li>' for note in d.notes)
        parts.append(f'<ul class="provenance">{notes}</ul>')
    for path in d.paths:
        chain = " ← ".join(f"<code>{_text(step)}</code>" for step in path)
        parts.append(f'<div class="path">provenance: {chain}</div>')
    if d.repeats > 1:
        parts.append(f'<div class="repeats">and {d.repeats - 1} more like it</div>')
    if d.hint:
        parts.append(f'<div class="help">help: {_text(d.hint)}</div>')
    if d.node is not None and d.panel is not None:
        title = panels.get(d.panel, d.panel)
        parts.append(f'<a href="#{d.node}">drawn in “{_text(title)}”</a>')
    parts.append("</li>")
    return "".join(parts)


_STYLE = f"""
body {{ font-family: sans-serif; margin: 1.2em; color: #1a1a1a; background: #ffffff; }}
h1 {{ font-size: 1.4em; margin: 0 0 .2em; }}
h2 {{ font-size: 1.1em; margin: .2em 0; }}
.verdict.ok {{ color: #116611; font-weight: bold; }}
.verdict.failed {{ color: {ERROR}; font-weight: bold; }}
.meta, .sub, .notes {{ color: #555555; margin: .2em 0; }}
section {{ margin: 1em 0; }}
.main {{ display: flex; flex-wrap: wrap; gap: 0 2.5em; align-items: flex-start; }}
.main .diagnostics {{ flex: 1 1 34em; max-width: 60em; }}
.panels {{ flex: 0 1 auto; display: flex; flex-wrap: wrap; gap: 0 2em;
  align-items: flex-start; }}
.panel {{ border-top: 1px solid #cccccc; padding-top: .5em; max-width: 100%; }}
.panel.failed h2 {{ color: {ERROR}; }}
.panel-errors a {{ color: {ERROR}; }}
.scroll {{ overflow-x: auto; }}
svg text {{ font-family: "DejaVu Sans Mono", "Liberation Mono", monospace;
  font-size: {FONT_PX}px; }}
.node text {{ text-anchor: middle; }}
.node text.name {{ font-weight: bold; }}
.node text.kind {{ fill: #444444; }}
.node text.stub {{ font-style: italic; fill: #555555; }}
.node text.mark {{ font-weight: bold; }}
.node:hover rect {{ stroke-width: 3; }}
.edge:hover path.line {{ stroke-width: 4; }}
.diagnostics li {{ margin: .4em 0 .8em; }}
.diagnostics li.error .head {{ color: {ERROR}; font-weight: bold; }}
.diagnostics li.warning .head {{ color: {WARNING}; font-weight: bold; }}
.legend-columns {{ display: flex; flex-wrap: wrap; gap: 8px 24px; }}
.legend-columns svg {{ max-width: 100%; }}
.diagnostics pre {{ white-space: pre-wrap; margin: .2em 0; background: #f4f4f4; padding: .3em; }}
.diagnostics .provenance {{ background: {ERROR_FILL}; margin: .2em 0; padding: .2em 1.6em; }}
.diagnostics .path code {{ background: {ERROR_FILL}; padding: 0 .2em; }}
"""


def render_page(view: View) -> str:
    """The whole page."""
    panels = {panel.key: panel.title for panel in view.panels}
    verdict_class = "ok" if view.ok else "failed"
    notes = "".join(f'<p class="notes">{_text(note)}</p>' for note in view.notes)
    if view.diagnostics:
        items = "".join(_diagnostic(d, panels) for d in view.diagnostics)
        diagnostics = (
            f'<section class="diagnostics" id="diagnostics"><h2>Diagnostics</h2><ol>{items}</ol>'
            "</section>"
        )
    else:
        diagnostics = ""
    contents = " · ".join(f'<a href="#{key}">{_text(title)}</a>' for key, title in panels.items())
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>layoutcheck view: {_text(view.graph)}</title><style>{_STYLE}</style></head>"
        f"<body><header><h1>{_text(view.graph)}</h1>"
        f'<p class="verdict {verdict_class}">{_text(view.verdict)}</p>'
        f'<p class="meta">{_text(view.target)} · device {_text(view.device)} · rank '
        f'{_text(view.rank)}</p>{notes}<p class="meta">panels: {contents}</p></header>'
        # the diagnostics beside the panels when there is room, above them when not
        f'{_legend()}<div class="main">{diagnostics}<div class="panels">'
        + "".join(_draw_panel(panel, view) for panel in view.panels)
        + "</div></div></body></html>\n"
    )
