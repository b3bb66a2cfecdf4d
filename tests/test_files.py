"""Reading and writing user files: regular files only, sizes checked first, and JSON whose
nesting and integer literals are bounded before the parser's own limits are reached."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from layoutcheck.errors import InputError
from layoutcheck.files import load_json, read_bytes, read_text, write_text


@pytest.fixture
def special(tmp_path: Path) -> Path:
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    (tmp_path / "folder").mkdir()
    return tmp_path


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("fifo", "not a regular file"),
        ("zero.yaml", "not a regular file"),  # judged by what the link points at
        ("folder", "is a folder"),
        ("absent", "cannot read"),
    ],
)
def test_only_regular_files_are_read(special: Path, name: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_bytes(special / name, 1024, InputError)


def test_the_size_is_checked_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big"
    with open(big, "wb") as handle:
        handle.truncate(2**30)  # sparse: nothing is written, nothing may be read
    with pytest.raises(InputError, match="larger than 1 KiB"):
        read_bytes(big, 1024, InputError)


def test_text_must_be_utf8_and_not_binary(tmp_path: Path) -> None:
    (tmp_path / "nul").write_bytes(b"a\x00b")
    (tmp_path / "latin").write_bytes("caf\xe9".encode("latin-1"))
    with pytest.raises(InputError, match="binary"):
        read_text(tmp_path / "nul", 1024, InputError)
    with pytest.raises(InputError, match="UTF-8"):
        read_text(tmp_path / "latin", 1024, InputError)


def test_writing_onto_a_fifo_is_refused_not_blocked(special: Path) -> None:
    with pytest.raises(InputError, match="not a regular file"):
        write_text(special / "fifo", "x", InputError)
    with pytest.raises(InputError, match="folder"):
        write_text(special / "folder", "x", InputError)
    write_text(special / "new.txt", "ok", InputError)
    assert (special / "new.txt").read_text() == "ok"


def test_an_oversized_integer_is_named_by_its_key() -> None:
    text = '{"a": [1, {"hidden_size": ' + "9" * 5000 + "}]}"
    with pytest.raises(InputError, match=r"a\[1\]\.hidden_size is an integer of 5000 digits"):
        load_json(text, InputError, "config.json")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested deeper than 64 levels"),
        ('{"a": NaN}', "NaN is not a JSON number"),
        ('{"a": -Infinity}', "-Infinity is not a JSON number"),
        ('{"a": 1,}', "not JSON"),
    ],
)
def test_hostile_json_is_one_input_error(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        load_json(text, InputError, "f.json")


def test_brackets_inside_json_strings_are_no_nesting() -> None:
    text = '{"name": "' + "[" * 1000 + '", "n": 30}'
    assert load_json(text, InputError, "f.json") == {"name": "[" * 1000, "n": 30}
    assert load_json('{"n": ' + "9" * 30 + "}", InputError, "f.json") == {"n": int("9" * 30)}
