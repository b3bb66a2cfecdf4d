"""Op maps as data: per engine, which lowering each op target takes and its schema argument
names in order (``layoutcheck/engines/opmaps/*.yaml``, one file per engine: aten, TensorCast,
vLLM, vLLM-Ascend). Whether each ``lower:`` names a lowering is checked against the lowering
registry (:meth:`layoutcheck.engines.lowerings.base.LoweringRegistry.check`)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from layoutcheck.errors import InputError
from layoutcheck.files import read_text
from layoutcheck.graph_io import read_yaml_with_lines

FORMAT = "layoutcheck-opmap/1"
OPMAPS = Path(__file__).resolve().parent / "opmaps"
MAX_OPMAP_BYTES = 1 << 20


class OpMapError(InputError):
    """An op map file that cannot be used."""


@attrs.frozen
class OpMapEntry:
    """How one engine target is lowered: the lowering's name, the schema argument names (to
    name an fx text dump's positional arguments) and the lowering's parameters."""

    target: str
    engine: str
    lower: str
    args: tuple[str, ...]
    params: Mapping[str, object] = attrs.field(factory=dict)
    source: str | None = attrs.field(default=None, eq=False)  # the op map file


def _parse(data: Any, source: str) -> dict[str, OpMapEntry]:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise OpMapError(f"an op map starts with 'format: {FORMAT}'", source=source)
    engine = data.get("engine")
    ops = data.get("ops")
    if not isinstance(engine, str) or not isinstance(ops, dict):
        raise OpMapError("an op map names its engine and maps ops", source=source)
    entries: dict[str, OpMapEntry] = {}
    for target, body in ops.items():
        if not isinstance(body, dict) or not isinstance(body.get("lower"), str):
            raise OpMapError(f"{target}: needs a lower: name", source=source)
        args = body.get("args", [])
        if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
            raise OpMapError(f"{target}: args must list argument names", source=source)
        params = {k: v for k, v in body.items() if k not in ("lower", "args")}
        entries[str(target)] = OpMapEntry(
            str(target), engine, body["lower"], tuple(args), params, source
        )
    return entries


def load_opmap(path: str | Path) -> dict[str, OpMapEntry]:
    text = read_text(path, MAX_OPMAP_BYTES, OpMapError)
    data, _ = read_yaml_with_lines(text)
    return _parse(data, str(path))


@functools.cache
def shipped_opmaps() -> Mapping[str, OpMapEntry]:
    """Every shipped op map, by target."""
    table: dict[str, OpMapEntry] = {}
    for path in sorted(OPMAPS.glob("*.yaml")):
        for target, entry in load_opmap(path).items():
            if target in table:
                raise OpMapError(f"{target}: mapped by two op maps", source=str(path))
            table[target] = entry
    return table
