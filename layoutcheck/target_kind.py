"""What kind of target a command was given, told without reading it (an engine graph: a
``.pt2`` archive, an fx text dump or a folder of dump pieces). Apart from the engine importers,
so that recognising a model name costs no import of them."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

ZIP_MAGIC = b"PK\x03\x04"
# A text dump names itself by suffix; anything else is an engine graph only if it is a zip.
TEXT_SUFFIXES = (".py", ".txt", ".log")
MAX_PIECES = 256  # dump pieces read from one folder


def is_engine_target(target: str) -> bool:
    """A ``.pt2`` (or any zip), an fx text dump (``.py``/``.txt``/``.log``), or a folder of
    dump pieces or per-rank archives (``rank_0.pt2``, …) with no config.json in it."""
    path = Path(target)
    if path.is_dir():
        if (path / "config.json").exists():
            return False
        return bool(dump_pieces(path)) or bool(archives_in(path)) or has_rank_folders(path)
    suffix = path.suffix.lower()
    if suffix == ".pt2" or suffix in TEXT_SUFFIXES:
        return True
    if suffix in (".yaml", ".yml", ".json") or not path.is_file():
        return False
    try:
        with path.open("rb") as stream:
            return stream.read(len(ZIP_MAGIC)) == ZIP_MAGIC
    except OSError:
        return False


# vLLM's per-rank folders: rank_0_0/ (the compile cache: rank, then DP rank) and rank_0_dp_0/
# (its debug dumps); layoutcheck.engines.ranks reads them, this only recognises them
_RANK_FOLDER = re.compile(r"rank_[0-9]{1,9}(?:_dp)?_[0-9]{1,9}")


def has_rank_folders(folder: Path) -> bool:
    """Does the folder hold vLLM's per-rank folders (a compile cache's ``rank_0_0/…``)?"""
    try:
        entries = sorted(folder.iterdir())[: MAX_PIECES + 1]
    except OSError:
        return False
    return any(_RANK_FOLDER.fullmatch(e.name) and e.is_dir() for e in entries)


def dump_pieces(folder: Path) -> list[Path]:
    """The fx text pieces of a dump folder, in their natural order (piece 2 before piece 10)."""
    found = [p for p in folder.iterdir() if p.suffix.lower() in TEXT_SUFFIXES and p.is_file()]
    return sorted(found, key=_natural_key)[: MAX_PIECES + 1]


def archives_in(folder: Path) -> list[Path]:
    """The ``.pt2`` archives of a folder, in their natural order."""
    found = [p for p in folder.iterdir() if p.suffix.lower() == ".pt2" and p.is_file()]
    return sorted(found, key=_natural_key)[: MAX_PIECES + 1]


def _natural_key(path: Path) -> tuple[Any, ...]:
    parts: list[Any] = []
    digits = ""
    for char in path.name:
        if char.isascii() and char.isdigit():
            digits += char
            continue
        if digits:
            parts.append((0, int(digits[:18]), ""))
            digits = ""
        parts.append((1, 0, char))
    if digits:
        parts.append((0, int(digits[:18]), ""))
    return tuple(parts)
