"""What reaches a terminal: control characters escaped, long words cut, and the notation's
glyphs spelled in ASCII on a stream that cannot encode them (and only there)."""

from __future__ import annotations

import io

import pytest

from layoutcheck.terminal import ASCII_GLYPHS, clean, clean_line, escape, protect, shorten


@pytest.mark.parametrize(
    ("text", "escaped"),
    [
        ("\x1b[31mred\x1b[0m", "\\x1b[31mred\\x1b[0m"),
        ("bell\x07", "bell\\x07"),
        ("\u202eevil", "\\u202eevil"),  # a right-to-left override reorders what is shown
        ("del\x7f", "del\\x7f"),
        ("plain · text ⊤", "plain · text ⊤"),
    ],
)
def test_controls_are_escaped_and_glyphs_kept(text: str, escaped: str) -> None:
    assert escape(text) == escaped


def test_newlines_are_kept_in_text_and_escaped_in_one_line() -> None:
    assert escape("a\nb\tc") == "a\nb\tc"
    assert escape("a\nb\tc", one_line=True) == "a\\nb\\tc"
    line = clean_line("op a\nfile.yaml:1: error: forged")
    assert "\n" not in line and "a\\nfile.yaml" in line


def test_long_words_are_cut_and_short_ones_kept() -> None:
    word = "x" * 1000
    assert shorten(f"name {word} end") == f"name {'x' * 200}… end"
    assert shorten("short words stay") == "short words stay"
    assert shorten("y" * 50, limit=10) == "y" * 10 + "…"


def test_an_error_line_is_bounded_however_many_words() -> None:
    line = clean_line(" ".join(["word"] * 10_000))
    assert len(line) <= 4_001 and line.endswith("…")


def test_clean_keeps_the_layout_of_a_diagnostic() -> None:
    text = "%3 x = all_gather(y : bf16[4, 8] L·W)\n  note: \x1b[2J"
    assert clean(text) == "%3 x = all_gather(y : bf16[4, 8] L·W)\n  note: \\x1b[2J"


def _stream(encoding: str) -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding)


def test_an_ascii_stream_gets_ascii_spellings() -> None:
    stream = _stream("ascii")
    protect(stream)
    stream.write("L·W ⊤ → 12 µs Δ … 模\n")
    stream.flush()
    written = stream.buffer.getvalue().decode("ascii")  # type: ignore[attr-defined]
    assert written == "L.W T -> 12 us d ... \\u6a21\n"


def test_every_spelling_is_ascii() -> None:
    assert all(spelled.isascii() for spelled in ASCII_GLYPHS.values())


def test_a_utf8_stream_is_left_as_it_is() -> None:
    stream = _stream("utf-8")
    protect(stream)
    assert stream.errors == "strict"
    stream.write("L·W\n")
    stream.flush()
    assert stream.buffer.getvalue().decode() == "L·W\n"  # type: ignore[attr-defined]


def test_a_stream_without_an_encoding_is_left_alone() -> None:
    stream = io.StringIO()
    protect(stream)
    stream.write("L·W")
    assert stream.getvalue() == "L·W"
