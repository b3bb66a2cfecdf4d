"""The HTML page: self-contained, a legend, each layout in its own colour, violations red with
their provenance, and every name from the graph escaped."""

from __future__ import annotations

import html
import re

import attrs

from layoutcheck.check import report_for
from layoutcheck.graph import GraphBuilder
from layoutcheck.interp import interpret
from layoutcheck.view import View, render_dot, render_page
from layoutcheck.view.model import view_of
from layoutcheck.view.palette import ERROR, ERROR_FILL, SWATCHES, Tone

EDGE = re.compile(r'<g class="edge tone-([a-z-]+)( path)?" data-layout="([^"]*)">.*?</g>', re.S)
LINE_STROKE = re.compile(r'<path class="line" d="[^"]*" fill="none" stroke="(#[0-9a-f]{6})"')
NODE = re.compile(
    r'<g class="node ([^"]*)" id="([^"]+)" data-kind="[^"]*"><title>(.*?)</title>', re.S
)


def edges(page: str) -> list[tuple[Tone, bool, str, str]]:
    """(tone, on a path, data-layout, stroke colour) of every edge drawn."""
    found = []
    for match in EDGE.finditer(page):
        stroke = LINE_STROKE.search(match.group(0))
        assert stroke is not None
        found.append((Tone(match.group(1)), bool(match.group(2)), match.group(3), stroke.group(1)))
    return found


def nodes(page: str) -> dict[str, tuple[set[str], str]]:
    """The first line of each node's tooltip (its name) -> (css classes, tooltip)."""
    found = {}
    for match in NODE.finditer(page):
        title = html.unescape(match.group(3))
        found[title.splitlines()[0]] = (set(match.group(1).split()), title)
    return found


def test_the_page_is_self_contained(glm_page: str) -> None:
    assert glm_page.startswith("<!DOCTYPE html>")
    assert "<script" not in glm_page and "<link" not in glm_page and "<img" not in glm_page
    assert "@import" not in glm_page and "url(http" not in glm_page
    # the only address is SVG's namespace name, which is never fetched
    addresses = set(re.findall(r"https?://[^\s\"'<>]+", glm_page))
    assert addresses == {"http://www.w3.org/2000/svg"}


def test_the_legend_names_every_layout_in_its_colour(glm_page: str) -> None:
    legend = glm_page[glm_page.index('id="legend"') : glm_page.index("</section>")]
    for tone, swatch in SWATCHES.items():
        assert f'class="swatch tone-{tone.value}"' in legend
        assert f'stroke="{swatch.colour}"' in legend
        assert html.escape(swatch.meaning, quote=True) in legend
    assert len({swatch.colour for swatch in SWATCHES.values()} | {ERROR}) == len(SWATCHES) + 1


def test_each_edge_is_drawn_in_its_layouts_colour(glm_page: str) -> None:
    drawn = edges(glm_page)
    assert drawn
    for tone, _, layout, stroke in drawn:
        assert stroke == SWATCHES[tone].colour
        expected = {
            Tone.FULL_WHOLE: {"F·W"},
            Tone.LOCAL_WHOLE: {"L·W"},
            Tone.SPLIT: {"F·S", "L·S"},
            Tone.PARTIAL: {"F·P", "L·P"},
            Tone.TOP: {"⊤"},
        }[tone]
        assert layout in expected
    # a correct SP graph has every layout but ⊤
    assert {tone for tone, *_ in drawn} == set(Tone) - {Tone.TOP}


def test_collectives_show_kind_group_and_time(glm_page: str) -> None:
    found = nodes(glm_page)
    classes, title = found["model.layers.3.input_layernorm.all_gather"]
    assert "collective" in classes
    assert "all_gather · tp · 355.9 µs" in html.unescape(glm_page)
    assert "out: model.layers.3.input_layernorm.all_gather : bf16[T, H] = [4096, 6144] F·W" in title
    assert "cost: 355.9" in title


def test_the_violation_is_red_with_its_diagnostic_and_provenance(bug_page: str) -> None:
    found = nodes(bug_page)
    classes, title = found["model.layers.5.self_attn.indexer"]
    assert "error" in classes
    assert "error [local-kv-into-attention]: dsa_indexer 'x' input is LOCAL" in title
    assert "source: " in title and "rfc-local-tokens-into-attention.yaml:73" in title
    assert f'fill="{ERROR_FILL}" stroke="{ERROR}" stroke-width="3.0"' in bug_page
    # the path back to the input is marked on the ops and edges
    assert "path" in found["model.layers.5.input_layernorm"][0]
    assert "path" in found["hidden"][0]
    assert any(on_path for _, on_path, *_ in edges(bug_page))
    assert '<path class="halo"' in bug_page
    # the diagnostic with its notes and the path they trace
    text = html.unescape(bug_page)
    assert "error: dsa_indexer 'x' input is LOCAL [256, 6144]" in text
    assert (
        "note: model.layers.5.input_layernorm is L·W: it became LOCAL at graph input hidden" in text
    )
    assert "provenance: model.layers.5.input_layernorm ← graph input hidden" in re.sub(
        "<[^>]+>", "", text
    )
    # checking went on below the error with the gathered key side: no value is ⊤ (grey)
    assert not [tone for tone, *_ in edges(bug_page) if tone is Tone.TOP]


def test_hostile_names_are_escaped_in_the_page(hostile_view: View) -> None:
    page = render_page(hostile_view)
    for raw in ("<script>", "</title><script>", '"&<b>', "<b>"):
        assert raw not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;" in page
    # every tag in the page is one the page writes
    tags = set(re.findall(r"<([a-zA-Z][a-zA-Z0-9]*)", page))
    assert tags <= {
        "html", "head", "meta", "title", "style", "body", "header", "h1", "h2", "p", "a",
        "section", "div", "svg", "defs", "marker", "path", "g", "rect", "text", "tspan",
        "line", "ol", "ul", "li", "pre", "code",
    }  # fmt: skip


def test_control_characters_in_names_are_spelled_out() -> None:
    """An engine dump's names are not validated like a graph file's: a terminal escape or a
    bidirectional override reaches the page spelled out, never raw."""
    b = GraphBuilder("evil\x1b[31m", symbols={"T": 8, "tp": 2, "H": 4}, infer_roles=False)
    x = b.input("in\u202eput", ["T", "H"])
    b.output(b.op("norm\x07\n<i>", "rms_norm", [x]))
    typed = interpret(b.build())
    view = view_of(report_for(typed, None))
    page, dot = render_page(view), render_dot(view)
    for text in (page, dot):
        for raw in ("\x1b", "\u202e", "\x07", "\n<i>", "\n&lt;i&gt;"):
            assert raw not in text
        assert "\\x1b[31m" in text and "\\u202e" in text
    assert "norm\\x07\\n&lt;i&gt;" in page
    assert "norm\\\\x07\\\\n<i>" in dot  # DOT doubles the backslash: no \n escape


def test_a_view_without_costs_says_so(bug_view: View) -> None:
    quiet = attrs.evolve(bug_view, notes=("no costs: for a reason",))
    assert "no costs: for a reason" in render_page(quiet)


def test_the_legend_shows_the_warning_style_and_wraps_on_a_narrow_page() -> None:
    from layoutcheck.view.page import _legend
    from layoutcheck.view.palette import WARNING

    legend = _legend()
    assert "warning (!): the op a rule warns at" in legend
    assert f'stroke="{WARNING}"' in legend
    # two drawings in a wrapping row: on a narrow page the marks go under the layouts
    assert legend.count("<svg") == 2 and 'class="legend-columns"' in legend
