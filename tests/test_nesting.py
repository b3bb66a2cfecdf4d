"""The nesting pre-scans: brackets in quoted strings, comments and YAML block scalars open
nothing; real nesting past the limit is found, with its line."""

from __future__ import annotations

import pytest

from layoutcheck.graph_io import loads_graph
from layoutcheck.nesting import json_too_deep, yaml_too_deep

DEEP = "[" * 70 + "]" * 70


@pytest.mark.parametrize(
    "text",
    [
        'name: "' + "[" * 100 + '"\n',
        "name: '" + "{" * 100 + "'\n",
        '"' + "[" * 100 + '": 1\n',  # a quoted key
        'a: ["' + "[" * 70 + "\", '" + "{" * 70 + "']\n",  # quoted items of a flow sequence
        "a: \"it's " + "[" * 70 + '"\n',  # an apostrophe inside a double-quoted string
        'a: "line one\n  ' + "[" * 100 + '"\n',  # a quoted string over two lines
        "a: 1  # " + "[" * 100 + "\n",
        "# " + "[" * 100 + "\n",
        "example: |\n  " + "[" * 100 + "\n  more text\nnext: 1\n",
        "- >-\n    " + "{" * 100 + "\n- 2\n",
        "name: a]]]]\n",  # a plain scalar's brackets close nothing in block context
        "a: [[1, 2], {b: [3]}]\n",
    ],
)
def test_text_that_only_looks_nested_passes(text: str) -> None:
    assert yaml_too_deep(text, 64, 256) is None


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (f"a: {DEEP}\n", 1),
        (f"name: it's\nb: {DEEP}\n", 2),  # the apostrophe of a plain scalar starts no string
        (f"a: b#c {DEEP}\n", 1),  # a # inside a word is no comment
        (f"example: |\n  text\nnext: {DEEP}\n", 3),  # the block ends where indentation does
        ("name: a]]]]\nb: " + "[" * 65 + "\n", 2),  # plain closers do not buy depth
        ("".join(" " * i + "k:\n" for i in range(0, 300, 2)), 130),
    ],
)
def test_real_nesting_is_found_with_its_line(text: str, line: int) -> None:
    found = yaml_too_deep(text, 64, 256)
    assert found is not None and found.line == line


def test_json_strings_are_skipped_and_escapes_respected() -> None:
    assert json_too_deep('{"a": "' + "[" * 100 + '"}', 64) is None
    assert json_too_deep('{"a": "\\"' + "[" * 100 + '"}', 64) is None
    found = json_too_deep('{\n"a":\n' + DEEP + "}", 64)
    assert found is not None and found.line == 3


def test_a_valid_graph_with_brackets_in_a_quoted_name_loads() -> None:
    # refused before: the old pre-scan counted the brackets inside the quotes
    name = "[" * 100
    graph = loads_graph(
        "format: layoutcheck-graph/1\n"
        f'name: "{name}"\n'
        "symbols: {T: 8, H: 4}\n"
        "inputs:\n  x: {shape: [T, H]}\n"
        "ops:\n  - {name: n, op: rms_norm, inputs: [x]}\n"
    )
    assert graph.name == name
