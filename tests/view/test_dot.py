"""The DOT output parses: every string closed, braces balanced, every edge endpoint declared,
whatever the names hold."""

from __future__ import annotations

import re

import attrs

from layoutcheck.view import View, render_dot
from layoutcheck.view.palette import SWATCHES, Tone

TOKEN = re.compile(r'\s+|"(?:[^"\\\n]|\\.)*"|->|[{}\[\];=,]|[A-Za-z_][A-Za-z0-9_]*|-?[0-9.]+')
KEYWORDS = {"digraph", "subgraph", "graph", "node", "edge"}


@attrs.frozen
class Parsed:
    nodes: frozenset[str]
    edges: tuple[tuple[str, str, str], ...]  # source, target, the attribute text
    clusters: int


def parse(text: str) -> Parsed:
    """A DOT reader for what render_dot writes: statements ``ID [attrs]``, ``ID -> ID [attrs]``,
    ``key=value``, ``subgraph NAME { … }``. Fails on any character outside a token."""
    tokens: list[str] = []
    position = 0
    while position < len(text):
        match = TOKEN.match(text, position)
        assert match is not None, f"cannot read DOT at {text[position : position + 40]!r}"
        if not match.group().isspace():
            tokens.append(match.group())
        position = match.end()
    depth, lowest = 0, 0
    for token in tokens:
        depth += {"{": 1, "}": -1}.get(token, 0)
        lowest = min(lowest, depth)
    assert depth == 0 and lowest == 0, "unbalanced braces"
    assert tokens[0] == "digraph" and tokens[2] == "{" and tokens[-1] == "}"
    nodes: set[str] = set()
    edges: list[tuple[str, str, str]] = []
    clusters = 0
    k = 3
    while k < len(tokens) - 1:
        token = tokens[k]
        if token in ("{", "}", ";"):
            k += 1
        elif token == "subgraph":
            clusters += 1
            k += 2
        elif token in KEYWORDS or tokens[k + 1] == "=":
            k = _skip_statement(tokens, k)
        elif tokens[k + 1] == "->":
            end = _skip_statement(tokens, k)
            edges.append((token, tokens[k + 2], " ".join(tokens[k + 3 : end])))
            k = end
        else:
            assert tokens[k + 1] == "[", f"unexpected {tokens[k : k + 3]}"
            nodes.add(token)
            k = _skip_statement(tokens, k)
    return Parsed(frozenset(nodes), tuple(edges), clusters)


def _skip_statement(tokens: list[str], k: int) -> int:
    depth = 0
    while k < len(tokens):
        token = tokens[k]
        if token == "[":
            depth += 1
        elif token == "]":
            depth -= 1
        elif token in (";", "{") and depth == 0:
            return k + 1
        k += 1
    return k


def test_glm_dot_is_well_formed(glm_view: View, glm_dot: str) -> None:
    parsed = parse(glm_dot)
    for source, target, _ in parsed.edges:
        assert source in parsed.nodes and target in parsed.nodes
    drawn = {node.key for panel in glm_view.panels for node in panel.nodes}
    assert drawn <= parsed.nodes
    assert parsed.clusters == len(glm_view.panels) + 1  # and the legend
    edges = [edge for panel in glm_view.panels for edge in panel.edges]
    assert len(parsed.edges) == len(edges) + len(SWATCHES)


def test_dot_edges_carry_the_layout_colours(glm_dot: str) -> None:
    colours = set()
    for source, _, attributes in parse(glm_dot).edges:
        if not source.startswith("legend_"):
            colours.update(re.findall(r'color = "(#[0-9a-f]{6})"', attributes))
    assert colours == {SWATCHES[tone].colour for tone in Tone if tone is not Tone.TOP}


def test_hostile_names_keep_the_dot_well_formed(hostile_view: View) -> None:
    text = render_dot(hostile_view)
    parsed = parse(text)
    assert len(parsed.nodes) >= 5 and all(
        s in parsed.nodes and t in parsed.nodes for s, t, _ in parsed.edges
    )
    # the names are there, quoted, with their quotes and backslashes escaped
    assert r'label="up}\"];evil->' in text
    assert r"down\\N\\n" in text


def test_a_violation_is_red_in_dot(bug_view: View) -> None:
    text = render_dot(bug_view)
    parse(text)
    indexer = next(
        line for line in text.splitlines() if 'tooltip="model.layers.5.self_attn.indexer' in line
    )
    assert 'color="#d00000"' in indexer and "✗ violation" in indexer
    assert 'color="#d00000:' in text  # a provenance edge, red either side of its layout colour
