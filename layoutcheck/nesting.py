"""How deeply a JSON or YAML text nests, found without a parser, so a hostile file is refused
before a parser recurses on it. String contents, comments and YAML block scalars are skipped:
a ``[`` inside ``"…"`` opens nothing."""

from __future__ import annotations

import re

import attrs

_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET = re.compile(r"[\[\]{}]")

# A YAML quoted scalar starts where a node can start: after whitespace, a flow indicator or a
# colon (``key: "…"``, ``["…", '…']``, ``{"a":"b"}``); a quote inside a plain scalar (``it's``)
# starts nothing. A comment starts at ``#`` after whitespace.
_YAML_SKIP = re.compile(
    # each branch starts with its literal, so the engine skips to the next quote or # fast;
    # the two-character lookbehinds then test the character before it
    r""""(?<![^\s\[\]{},:?]")(?:[^"\\]|\\.)*"
      | '(?<![^\s\[\]{},:?]')(?:[^']|'')*'
      | \#(?<!\S\#)[^\n]*""",
    re.X | re.S,
)
# ``key: |``, ``- >-``, ``|2`` at the end of a line (a comment may follow): a block scalar, whose
# more-indented lines are text
_BLOCK_HEADER = re.compile(
    r"^(?P<indent>[ ]*)(?:[^\n]*?[:-][ \t]+)?[|>][-+1-9]{0,2}[ \t]*(?:\#[^\n]*)?$", re.M
)


@attrs.frozen
class TooDeep:
    """Where a text first nests deeper than allowed (1-based line)."""

    line: int
    depth: int


def _newlines(match: re.Match[str]) -> str:
    return "\n" * match.group().count("\n")


def _depth(text: str, limit: int, *, block_context: bool) -> TooDeep | None:
    depth = 0
    for match in _BRACKET.finditer(text):
        if match.group() in "[{":
            depth += 1
            if depth > limit:
                return TooDeep(text.count("\n", 0, match.start()) + 1, depth)
        elif depth > 0 or not block_context:
            # outside flow collections a YAML ``]`` is a plain character (``a]``)
            depth -= 1
    return None


def json_too_deep(text: str, limit: int) -> TooDeep | None:
    """Where ``text`` (JSON) first nests more than ``limit`` arrays and objects, or None."""
    if text.count("[") + text.count("{") <= limit:
        return None
    return _depth(_JSON_STRING.sub(_newlines, text), limit, block_context=False)


def _without_block_scalars(text: str) -> str:
    if "|" not in text and ">" not in text:
        return text
    parts: list[str] = []
    position = 0
    for header in _BLOCK_HEADER.finditer(text):
        if header.start() < position:
            continue  # a header-like line inside a block already skipped
        indent = len(header["indent"]) + 1  # the block's lines are indented further
        body = re.compile(rf"(?:\n(?:[ ]{{{indent},}}[^\n]*|[ \t]*(?=\n|\Z)))*")
        end = body.match(text, header.end())
        stop = end.end() if end is not None else header.end()
        parts.append(text[position : header.end()])
        parts.append("\n" * text.count("\n", header.end(), stop))
        position = stop
    parts.append(text[position:])
    return "".join(parts)


def yaml_too_deep(text: str, limit: int, indent_limit: int) -> TooDeep | None:
    """Where ``text`` (YAML) first nests more than ``limit`` flow collections, or indents a
    line more than ``indent_limit`` columns, or None."""
    cleaned = _YAML_SKIP.sub(_newlines, _without_block_scalars(text))
    found = _depth(cleaned, limit, block_context=True)
    deep = re.compile(rf"^[ \t-]{{{indent_limit + 1}}}", re.M).search(cleaned)
    if deep is not None:
        line = cleaned.count("\n", 0, deep.start()) + 1
        if found is None or line < found.line:
            return TooDeep(line, indent_limit)
    return found
