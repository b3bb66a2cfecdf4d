"""The trace-kind table as data: which layoutcheck op kinds price each engine target's trace
events, how the engine times a collective, and where the MoE expert side folds
(``layoutcheck/cost/trace_kinds/*.yaml``)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import attrs

from layoutcheck.errors import InputError
from layoutcheck.files import read_text
from layoutcheck.graph_io import read_yaml_with_lines

FORMAT = "layoutcheck-trace-kinds/1"
TABLES = Path(__file__).resolve().parent / "trace_kinds"
MAX_TABLE_BYTES = 1 << 20


class TraceKindsError(InputError):
    """A trace-kind table that cannot be used."""


@attrs.frozen
class ExpertSide:
    """The events between two ``between`` events fold into one op: of kind ``exclusive``
    (the two collectives stay ops of their own) or ``inclusive`` (one op prices all of it)."""

    between: frozenset[str]
    exclusive: str
    inclusive: str


@attrs.frozen
class TraceKinds:
    engine: str
    targets: Mapping[str, tuple[str, ...]]
    trace_names: Mapping[str, str]
    collective_static_us: float
    expert_side: ExpertSide
    layer_anchors: frozenset[str]

    def kinds(self, target: str) -> tuple[str, ...]:
        """The layoutcheck kinds an event of ``target`` may match (empty: none prices it)."""
        return self.targets.get(target, ())

    def known(self, target: str) -> bool:
        return target in self.targets

    def label(self, target: str) -> str:
        """What an unmatched event of ``target`` is reported as: its first kind, else its own
        short name (``aten.clone``)."""
        kinds = self.kinds(target)
        if kinds:
            return kinds[0]
        return target.removesuffix(".default")

    def traced_as(self, target: str) -> str:
        """The name an engine node of ``target`` has in a trace."""
        return self.trace_names.get(target, target)


def _names(value: Any, what: str, source: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise TraceKindsError(f"{what} must be a list of names", source=source)
    return tuple(value)


def _parse(data: Any, source: str) -> TraceKinds:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TraceKindsError(f"a trace-kind table starts with 'format: {FORMAT}'", source=source)
    engine, targets, names = data.get("engine"), data.get("targets"), data.get("trace_names", {})
    if not isinstance(engine, str) or not isinstance(targets, dict) or not isinstance(names, dict):
        raise TraceKindsError("a table names its engine and maps targets", source=source)
    static = data.get("collective_static_us")
    if isinstance(static, bool) or not isinstance(static, int | float) or not 0 <= static < 1e6:
        raise TraceKindsError("collective_static_us must be a number of µs", source=source)
    side = data.get("expert_side")
    if not isinstance(side, dict) or not all(
        isinstance(side.get(key), str) for key in ("exclusive", "inclusive")
    ):
        raise TraceKindsError("expert_side needs between, exclusive and inclusive", source=source)
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in names.items()):
        raise TraceKindsError("trace_names maps target names to target names", source=source)
    return TraceKinds(
        engine=engine,
        targets=MappingProxyType(
            {str(t): _names(kinds, f"target {t}", source) for t, kinds in targets.items()}
        ),
        trace_names=MappingProxyType(dict(names)),
        collective_static_us=float(static),
        expert_side=ExpertSide(
            frozenset(_names(side.get("between"), "expert_side.between", source)),
            side["exclusive"],
            side["inclusive"],
        ),
        layer_anchors=frozenset(_names(data.get("layer_anchors"), "layer_anchors", source)),
    )


def load_trace_kinds(path: str | Path) -> TraceKinds:
    text = read_text(path, MAX_TABLE_BYTES, TraceKindsError)
    data, _ = read_yaml_with_lines(text)
    return _parse(data, str(path))


@functools.cache
def shipped_trace_kinds(engine: str = "tensorcast") -> TraceKinds:
    """The shipped table for ``engine``'s traces."""
    path = TABLES / f"{engine}.yaml"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in TABLES.glob("*.yaml")))
        raise TraceKindsError(f"no trace-kind table for {engine!r} (shipped: {known})")
    return load_trace_kinds(path)
