"""The search's axes: value lists read from the command line or the Python API, and their split
into structures (each a graph to build and check) and numeric points (priced together).

A structure is one value of every axis that changes the graph: the model, phase, quantization,
layout, sequence parallelism, tp, dp and ep, and whether a prefill carries a KV context (the
graph then gains the symbol S). Tokens, context and the device only change numbers: the graph
holds ``T`` and ``S`` as symbols, and a device profile only changes the constants of the cost
formulas, so they are evaluated together, as arrays, once the structure is built.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs
import numpy as np

from layoutcheck.errors import InputError, UsageError
from layoutcheck.limits import (
    MAX_PARALLEL,
    MAX_SEARCH_AXIS_VALUES,
    MAX_SEARCH_POINTS,
    MAX_SEARCH_STRUCTURES,
    MAX_TOKENS,
    ascii_int,
    shown,
)
from layoutcheck.models.builder import Phase
from layoutcheck.passes.sequence_parallel import Layout
from layoutcheck.recipe_names import RECIPES
from layoutcheck.session import DEFAULT_TOKENS, Options
from layoutcheck.terminal import shorten

DEFAULT_DEVICE = "a3-752t"

# axis -> (what it changes, the flag that sets it); the order is the enumeration's, outer first
STRUCTURE_AXES = ("phase", "quant", "sp", "layout", "tp", "dp", "ep")
NUMERIC_AXES = ("tokens", "context", "device")

_SWITCH = {"on": True, "off": False}
# a range item of an integer list: a..b (step 1), a..b+k (arithmetic) or a..b*k (geometric)
_RANGE = re.compile(r"^\s*(\d+)\s*\.\.\s*(\d+)\s*(?:([*+])\s*(\d+))?\s*$")


@attrs.frozen
class Axes:
    """The values of every axis. ``ep`` None: the ep group is tp·dp (the builder's default);
    ``tokens`` None: the phase's default (prefill 4096 prompt tokens, decode 1 per DP rank)."""

    model: str
    device: tuple[str, ...] = (DEFAULT_DEVICE,)
    tp: tuple[int, ...] = (1,)
    dp: tuple[int, ...] = (1,)
    ep: tuple[int | None, ...] = (None,)
    sp: tuple[bool, ...] = (False,)
    layout: tuple[str, ...] = (Layout.TENSORCAST.value,)
    phase: tuple[str, ...] = (Phase.PREFILL.value,)
    quant: tuple[str, ...] = ("bf16",)
    tokens: tuple[int, ...] | None = None
    context: tuple[int, ...] = (0,)

    @classmethod
    def parse(cls, model: str, texts: Mapping[str, str | None]) -> Axes:
        """Axes from command-line text, one comma-separated list per axis (None: the default):
        ``{"tp": "4,8,16", "sp": "on,off", "tokens": "1024..16384*2"}``."""
        unknown = sorted(set(texts) - set(_PARSERS))
        if unknown:
            raise UsageError(f"unknown search axis {unknown[0]!r} (axes: {', '.join(_PARSERS)})")
        values: dict[str, Any] = {}
        for name, text in texts.items():
            if text is None:
                continue
            items = _items(name, text)
            values[name] = _PARSERS[name](name, items)
        return cls(model, **values)

    @classmethod
    def of(cls, model: str, axes: Mapping[str, Any]) -> Axes:
        """Axes from Python values: a list (or one value) per axis; numbers as ints, ``sp`` as
        booleans or ``"on"``/``"off"``: ``{"tp": [4, 8], "sp": [True, False]}``."""
        texts: dict[str, str | None] = {}
        for name, value in axes.items():
            listed = list(value) if _is_list(value) else [value]
            texts[name] = ",".join(_text_of(name, item) for item in listed)
        return cls.parse(model, texts)

    def token_values(self, phase: str) -> tuple[int, ...]:
        if self.tokens is not None:
            return self.tokens
        return (DEFAULT_TOKENS[Phase(phase)],)

    def counts(self) -> dict[str, int]:
        """How many values each axis has (tokens: the largest over the phases)."""
        counts = {name: len(getattr(self, name)) for name in (*STRUCTURE_AXES, "context")}
        counts["tokens"] = max(len(self.token_values(phase)) for phase in self.phase)
        counts["device"] = len(self.device)
        return counts

    def configurations(self) -> int:
        """Points of the full product of axes."""
        return int(np.prod(list(self.counts().values())))


@attrs.frozen
class Structure:
    """One graph to build and check: a value of every structure axis."""

    model: str
    phase: str
    quant: str
    sp: bool
    layout: str
    tp: int
    dp: int
    ep: int | None
    # a prefill with a KV context (a chunked prefill's earlier chunks): the graph has S;
    # decode always has it (S = context + 1)
    with_context: bool = False
    # --layout chooses the DSA-CP prefill layer: it applies to a model with a DSA indexer
    # under --sp, and a table shows "-" for every other structure
    layout_applies: bool = True

    @property
    def shown_layout(self) -> str:
        """The layout, or "-" where the default stands for none (no DSA-CP: no --sp, or no
        indexer); a layout asked for where it cannot apply is shown, as its rejection says."""
        applies = self.layout_applies and self.sp
        return self.layout if applies or self.layout != Layout.TENSORCAST.value else "-"

    @property
    def devices(self) -> int:
        """The deployment's world size: tp·dp ranks (the expert group spans them too)."""
        return self.tp * self.dp

    @property
    def expert_parallel(self) -> int:
        return self.ep if self.ep is not None else self.tp * self.dp

    def axis_values(self) -> dict[str, object]:
        """The structure axes as a table's columns (the effective ep)."""
        return {
            "phase": self.phase,
            "quant": self.quant,
            "tp": self.tp,
            "dp": self.dp,
            "ep": self.expert_parallel,
            "sp": self.sp,
            "layout": self.shown_layout,
        }

    @property
    def label(self) -> str:
        """``prefill w8a8_dynamic tp4 dp8 ep32 sp vllm-ascend``: every axis, short."""
        sp = "sp" if self.sp else "nosp"
        context = " +context" if self.with_context and self.phase == Phase.PREFILL.value else ""
        return (
            f"{self.phase} {self.quant} tp{self.tp} dp{self.dp} ep{self.expert_parallel} {sp} "
            f"{self.shown_layout}{context}"
        )

    def options(
        self, tokens: int, context: int, contract: str | None = None, expanded: bool = False
    ) -> Options:
        """The Session options of this structure at one numeric point (``contract`` None: the
        one its execution calls for). The graph is built folded (one template per run of alike
        layers) unless ``expanded``: the check, cost and memory are the same either way."""
        return Options(
            self.model,
            tp=self.tp,
            dp=self.dp,
            ep=self.ep,
            sp=self.sp,
            phase=self.phase,
            tokens=tokens,
            context=context,
            layout=self.layout,
            quant=None if self.quant == "bf16" else self.quant,
            contract=contract,
            repetition=not expanded,
        )


@attrs.frozen
class Workload:
    """A structure's numeric axes: every (tokens, context) pair, on every device."""

    tokens: tuple[int, ...]
    contexts: tuple[int, ...]
    devices: tuple[str, ...]

    def pairs(self) -> list[tuple[int, int]]:
        """(tokens, context) in order, tokens outer."""
        return [(t, c) for t in self.tokens for c in self.contexts]


def keys(phase: str, tokens: np.ndarray, context: np.ndarray) -> np.ndarray:
    """The symbol S, the keys each request attends: its cache and its new tokens (decode: one
    new token per request; prefill: the prompt)."""
    new = np.ones_like(tokens) if phase == Phase.DECODE.value else tokens
    return np.asarray(context + new)


def structures(axes: Axes) -> list[Structure]:
    """Every structure of the product of the structure axes, outer axis first; a prefill's
    contexts split into structures without and with a context (a graph without S, and one
    with it)."""
    others = [len(getattr(axes, name)) for name in STRUCTURE_AXES if name != "phase"]
    forms = sum(len(_context_forms(phase, axes.context)) for phase in axes.phase)
    count = int(np.prod(others, dtype=object)) * forms
    if count > MAX_SEARCH_STRUCTURES:
        raise UsageError(
            f"search: {count} structures; the limit is {shown(MAX_SEARCH_STRUCTURES)} "
            "(each is built and checked): give fewer tp, dp, ep, sp, layout or quant values"
        )
    # every point is evaluated, ranked and written out (text or JSON): the work and the output
    # grow with the points of all structures, not of one
    total = 0
    for phase in axes.phase:
        points = len(axes.token_values(phase)) * len(axes.context) * len(axes.device)
        per_phase = count // len(axes.phase) if axes.phase else 0
        total += points * max(1, per_phase)
    if total > MAX_SEARCH_POINTS:
        raise UsageError(
            f"search: about {total:,} numeric points in all (structures × tokens × "
            f"context × device); the limit is {MAX_SEARCH_POINTS:,}: give fewer --tokens "
            "or --context values, or fewer structures"
        )
    dsa = _has_dsa(axes.model)
    return [
        Structure(axes.model, phase, quant, sp, layout, tp, dp, ep, with_context, dsa)
        for phase, quant, sp, layout, tp, dp, ep in itertools.product(
            *(getattr(axes, name) for name in STRUCTURE_AXES)
        )
        for with_context in _context_forms(phase, axes.context)
    ]


def _has_dsa(model: str) -> bool:
    """Does the model have a DSA indexer (so --layout means something)? A config that cannot
    be read says so when the structure is built; here it is taken to have one."""
    from layoutcheck.models.config import has_dsa_structure, load_config

    try:
        config, _, _ = load_config(model)
    except InputError:
        return True
    return has_dsa_structure(config)


def workload(axes: Axes, structure: Structure) -> Workload:
    """The numeric points of a structure: its phase's tokens, the contexts its form takes."""
    contexts = tuple(
        c
        for c in axes.context
        if structure.phase == Phase.DECODE.value or (c > 0) == structure.with_context
    )
    return Workload(axes.token_values(structure.phase), contexts, axes.device)


def _context_forms(phase: str, contexts: Sequence[int]) -> tuple[bool, ...]:
    if phase == Phase.DECODE.value:
        return (True,)
    return tuple(form for form in (False, True) if any((c > 0) == form for c in contexts))


# -- parsing ---------------------------------------------------------------------------------


def _items(name: str, text: str) -> list[str]:
    if not isinstance(text, str):
        raise UsageError(f"--{name}: give a comma-separated list, got {shorten(repr(text), 40)}")
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or any(not item for item in items):
        raise UsageError(f"--{name} {shorten(text, 60)!r}: an empty value (write e.g. 4,8,16)")
    return items


def _integers(low: int, high: int) -> Any:
    def parse(name: str, items: Sequence[str]) -> tuple[int, ...]:
        values: list[int] = []
        for item in items:
            values.extend(_integer_item(name, item, low, high))
            if len(values) > MAX_SEARCH_AXIS_VALUES:
                raise UsageError(
                    f"--{name}: more than {shown(MAX_SEARCH_AXIS_VALUES)} values (use a larger "
                    "range step)"
                )
        return _distinct(name, values)

    return parse


def _integer_item(name: str, item: str, low: int, high: int) -> list[int]:
    flag = f"--{name} {shorten(item, 40)}"
    value = ascii_int(item)
    if value is not None:
        if not low <= value <= high:
            raise UsageError(f"{flag}: must be {low}..{shown(high)}")
        return [value]
    match = _RANGE.match(item)
    if match is None:
        raise UsageError(
            f"{flag}: write a whole number, or a range a..b, a..b+k or a..b*k (ASCII digits)"
        )
    start, stop = ascii_int(match.group(1)), ascii_int(match.group(2))
    step = ascii_int(match.group(4) or "1")
    if start is None or stop is None or step is None:
        raise UsageError(f"{flag}: a number past the limit of {shown(high)}")
    if not low <= start <= stop <= high:
        raise UsageError(f"{flag}: need {low} <= a <= b <= {shown(high)}")
    geometric = match.group(3) == "*"
    if step < (2 if geometric else 1) or (geometric and start == 0):
        raise UsageError(f"{flag}: the step must grow the value")
    values: list[int] = []
    value = start
    while value <= stop:
        values.append(value)
        if len(values) > MAX_SEARCH_AXIS_VALUES:
            raise UsageError(
                f"{flag}: more than {shown(MAX_SEARCH_AXIS_VALUES)} values (use a larger step)"
            )
        value = value * step if geometric else value + step
    return values


def _words(allowed: Iterable[str]) -> Any:
    choices = tuple(allowed)

    def parse(name: str, items: Sequence[str]) -> tuple[str, ...]:
        for item in items:
            if item not in choices:
                raise UsageError(f"--{name} {shorten(item, 40)!r}: use {', '.join(choices)}")
        return _distinct(name, items)

    return parse


def _switches(name: str, items: Sequence[str]) -> tuple[bool, ...]:
    for item in items:
        if item not in _SWITCH:
            raise UsageError(f"--{name} {shorten(item, 40)!r}: use on, off or on,off")
    return tuple(_SWITCH[item] for item in _distinct(name, items))


def _devices(name: str, items: Sequence[str]) -> tuple[str, ...]:
    from layoutcheck.cost.devices import load_device

    for item in items:
        load_device(item)  # an unknown name or a bad profile is refused before any build
    return _distinct(name, items)


def _distinct(name: str, values: Sequence[Any]) -> tuple[Any, ...]:
    seen: set[Any] = set()
    for value in values:
        if value in seen:
            raise UsageError(f"--{name}: {shorten(str(value), 40)} is given twice")
        seen.add(value)
    return tuple(values)


_PARSERS: Mapping[str, Any] = {
    "device": _devices,
    "tp": _integers(1, MAX_PARALLEL),
    "dp": _integers(1, MAX_PARALLEL),
    "ep": _integers(1, MAX_PARALLEL),
    "sp": _switches,
    "layout": _words(layout.value for layout in Layout),
    "phase": _words(phase.value for phase in Phase),
    "quant": _words(RECIPES),
    "tokens": _integers(1, MAX_TOKENS),
    "context": _integers(0, MAX_TOKENS),
}


def _is_list(value: object) -> bool:
    return isinstance(value, list | tuple | range | np.ndarray)


def _text_of(name: str, value: object) -> str:
    if name == "sp" and isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, bool) or not isinstance(value, int | str | np.integer):
        raise UsageError(f"axis {name}: {shorten(repr(value), 40)} is not a value of it")
    return str(value)
