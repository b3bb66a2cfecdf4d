"""``layoutcheck view``: the typed layers drawn, one panel per distinct kind of layer.

    model.py    the view built from a session (ops, values, layouts, costs, diagnostics)
    layout.py   layered coordinates (longest-path ranks, barycentre order)
    page.py     one self-contained HTML page with inline SVG
    dot.py      the same as Graphviz DOT

Imported only when the view command runs (the CLI's other commands never load it).
"""

from __future__ import annotations

import attrs

from layoutcheck.session import Session
from layoutcheck.view.dot import render_dot
from layoutcheck.view.model import View, build_view
from layoutcheck.view.page import render_page

FORMATS = ("html", "dot")


@attrs.frozen
class Rendered:
    text: str
    view: View

    @property
    def ok(self) -> bool:
        return self.view.ok

    @property
    def summary(self) -> str:
        ops = sum(1 for panel in self.view.panels for node in panel.nodes if node.stub is None)
        panels = len(self.view.panels)
        return (
            f"{panels} panel{'s' * (panels != 1)}, {ops} ops drawn; "
            f"{self.view.verdict.split(':', 1)[0]}"
        )


def render_view(
    session: Session,
    format: str = "html",
    *,
    device: str = "a3-752t",
    rank: str | int = "last",
    layer: int | None = None,
) -> Rendered:
    """The page (or DOT text) for ``session``'s graph."""
    view = build_view(session, device=device, rank=rank, layer=layer)
    text = render_dot(view) if format == "dot" else render_page(view)
    return Rendered(text, view)


__all__ = ["FORMATS", "Rendered", "View", "build_view", "render_dot", "render_page", "render_view"]
