"""``check --for-all T=a..b``: the size conditions of a graph proved for every value of one symbol
in a range, or the smallest value that breaks one.

A graph's per-rank sizes are expressions in its symbols (``T/tp``, ``ceil(T/tp)*tp``). Checked
at one token count, ``indivisible`` and the size rules say whether that count works; a graph an
engine runs must work for every count it can be handed (TensorCast issue 90: 127 tokens at TP 2
fails the exact-division reduce_scatter). The conditions collected here are those every such
rule rests on:

| condition | where it comes from |
| --- | --- |
| every size is a whole, positive number | op attrs, graph inputs' dims, the token count, groups |
| every per-rank dim is whole and positive | each value's shape (a LOCAL slice ``T/g`` divides) |
| every token extent is whole and positive | each value's extent (a pad's ``ceil(T/g)*g``) |
| a token select keeps at most the rows it reads | each op with the ``token-select`` trait |

Each condition is proved symbolically where sympy can (the symbol is a positive integer, so
``ceil(T/tp)`` is whole), else evaluated as arrays over the range in blocks: in floats where
their rounding is far below the smallest fraction the formula can have (1/lcm of its
denominators), and exactly in fractions (:mod:`layoutcheck.exact`) where it is not, so a
value is never called whole by rounding. The smallest value
that breaks one is then checked as an ordinary ``check --set`` would, so the failure is reported
with the rule and the op that a user at that token count would meet.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import attrs
import numpy as np
import sympy

from layoutcheck.arrays import Unsupported, compile_arrays
from layoutcheck.errors import UsageError
from layoutcheck.exact import denominators, exact_value
from layoutcheck.interp import TypedGraph
from layoutcheck.limits import MAX_SYMBOL_VALUE
from layoutcheck.ops.traits import Trait
from layoutcheck.requests import display
from layoutcheck.symbols import Expr, evaluate, format_expr, symbol

# The work a proof may take, sized so it ends in seconds: values of the symbol, and values times
# the conditions left after the symbolic proof (each one evaluation of a small array program).
MAX_FOR_ALL_POINTS = 10**7
MAX_FOR_ALL_WORK = 2 * 10**8
BLOCK = 1 << 16  # values evaluated at once (a few MB of float64 per condition)
# Floats evaluate a size formula to within this fraction of its value (a handful of roundings of
# 2**-53 each); where a non-whole value could be this close to a whole one, the float answer is
# not trusted and the value is evaluated exactly.
FLOAT_TRUST = 2.0**-30
# values evaluated exactly in one proof (each a walk of the formula in fractions, some tens of
# microseconds): beyond it the range is refused rather than decided by rounding
MAX_EXACT_POINTS = 200_000
# how many suspect values are re-checked concretely before the proof gives up (a condition
# stricter than the rules it stands for)
MAX_CONCRETE_CHECKS = 16
# whole numbers of up to 30 digits are read (so a value past the limit is named as such); the
# limit itself is MAX_SYMBOL_VALUE
_RANGE = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_]*)\s*=\s*([0-9]{1,30})\s*\.\.\s*([0-9]{1,30})\s*$")


@attrs.frozen
class Range:
    """``SYM=a..b``: every whole value from a to b."""

    name: str
    start: int
    stop: int

    @classmethod
    def parse(cls, text: str) -> Range:
        match = _RANGE.match(text) if text.isascii() else None
        if match is None:
            raise UsageError(
                f"--for-all {text[:60]!r}: write SYM=a..b with whole numbers a <= b, "
                "e.g. --for-all T=1..65536"
            )
        name, start, stop = match.group(1), int(match.group(2)), int(match.group(3))
        if not 1 <= start <= stop <= MAX_SYMBOL_VALUE:
            raise UsageError(
                f"--for-all {name}={start}..{stop}: need 1 <= a <= b <= {MAX_SYMBOL_VALUE:,}"
            )
        if stop - start + 1 > MAX_FOR_ALL_POINTS:
            raise UsageError(
                f"--for-all {name}={start}..{stop}: {stop - start + 1:,} values; the limit is "
                f"{MAX_FOR_ALL_POINTS:,} (check a narrower range)"
            )
        return cls(name, start, stop)

    @property
    def count(self) -> int:
        return self.stop - self.start + 1

    def __str__(self) -> str:
        return f"{self.name} = {self.start}..{self.stop}"


@attrs.frozen
class Condition:
    """A size that must be a whole, positive number (``whole`` False: positive only)."""

    expr: Expr
    what: str
    op: str | None
    whole: bool = True
    rule: str | None = None  # a request check's rule (layoutcheck.requests): ``what`` says it all


@attrs.frozen
class Proof:
    """What ``--for-all`` found: proved, or the smallest value that breaks a condition."""

    range: Range
    conditions: int  # distinct conditions
    symbolic: int  # proved for every value by sympy
    evaluated: int  # evaluated over the range
    failure: int | None = None  # the smallest value that breaks one
    failed: Condition | None = None
    undecided: bool = False  # suspects found, none of them fails a concrete check
    requests: int = 0  # 1: the graph's per-request metadata was checked at every value too
    shown: object = attrs.field(default=None, eq=False)  # the check at ``failure``

    @property
    def proved(self) -> bool:
        return self.failure is None and not self.undecided

    def summary(self) -> str:
        how = (
            f"{self.conditions} size conditions: {self.symbolic} proved symbolically, "
            f"{self.evaluated} over {self.range.count:,} values"
        )
        if self.requests:
            how += "; the requests checked at every value"
        if self.proved:
            requests = (
                ", every request's local lengths non-negative and summing to its rank's rows"
                if self.requests
                else ""
            )
            return (
                f"proved for {self.range}: every size whole and positive, every LOCAL slice "
                f"even, every token select within its rows{requests} ({how})"
            )
        if self.failure is not None:
            smallest = f"{self.range.name} = {self.failure} is the smallest value in {self.range}"
            if self.failed is None:
                return f"{smallest} found to fail (every size condition holds; {how})"
            where = f" at op {self.failed.op}" if self.failed.op else ""
            formula = "" if self.failed.rule else f" {format_expr(self.failed.expr)}"
            return f"{smallest} that fails: {self.failed.what}{formula}{where} ({how})"
        return (
            f"not proved for {self.range}: conditions fail at some values, but the "
            f"{MAX_CONCRETE_CHECKS} smallest check clean ({how})"
        )

    def to_json(self) -> dict[str, object]:
        return {
            "symbol": self.range.name,
            "from": self.range.start,
            "to": self.range.stop,
            "proved": self.proved,
            "smallest_failure": self.failure,
            "op": None if self.failed is None else self.failed.op,
            "condition": None if self.failed is None else display(self.failed.expr),
            "rule": None if self.failed is None else self.failed.rule,
            "conditions": self.conditions,
            "symbolic": self.symbolic,
            "evaluated": self.evaluated,
            "requests_checked": bool(self.requests),
        }


def conditions(typed: TypedGraph, name: str) -> list[Condition]:
    """Every size condition of a typed graph that depends on symbol ``name``, the other symbols
    at their values."""
    graph = typed.graph
    target = symbol(name)
    fixed = tuple((s, v) for s, v in typed.context.values if s != target)
    found: dict[tuple[Expr, bool], Condition] = {}

    def add(expr: object, what: str, op: str | None, whole: bool = True) -> None:
        if not isinstance(expr, sympy.Expr):
            return
        at = evaluate(expr, fixed)
        if target not in at.free_symbols:
            return  # judged by the ordinary check at the graph's own value
        found.setdefault((at, whole), Condition(at, what, op, whole))

    add(graph.token_count, "the token count", None)
    for group, size in graph.groups:
        add(size, f"group {group!r} size", None)
    for spec in graph.inputs:
        for dim in spec.shape:
            add(dim, f"input {spec.name!r} dim", None)
    registry = typed.registry
    for op in graph.ops:
        for key, value in op.attrs:
            for item in value if isinstance(value, tuple) else (value,):
                add(item, f"attr {key!r}", op.name)
        outputs = typed.outputs_of(op)
        for value in outputs:
            if value.is_top:
                continue
            add(value.extent, "the token extent", op.name)
            for dim in value.shape:
                add(dim, "the per-rank dim", op.name)
        if registry.is_(op.kind, Trait.TOKEN_SELECT) and op.inputs and outputs:
            source, kept = typed.value(op.inputs[0]), outputs[0]
            if not source.is_top and not kept.is_top and source.shape and kept.shape:
                # rows kept <= rows read: (read - kept + 1) is positive
                add(source.shape[0] - kept.shape[0] + 1, "the rows a select reads", op.name, False)
    return list(found.values())


def _proved(condition: Condition) -> bool:
    expr = condition.expr
    if condition.whole and expr.is_integer is not True:
        return False
    return expr.is_positive is True


def _violations(
    condition: Condition, name: str, budget: list[int]
) -> Callable[[np.ndarray], np.ndarray]:
    """A function from values of the symbol to where the condition fails. ``budget`` holds the
    exact evaluations the proof has left (shared by its conditions)."""
    program = compile_arrays([condition.expr], [name])
    # a value of the formula that is not whole is at least 1/smallest from a whole one
    smallest = denominators(condition.expr)

    def failing(values: np.ndarray) -> np.ndarray:
        with np.errstate(all="ignore"):
            result = np.asarray(program(values.astype(np.float64))[0], dtype=np.float64)
        result = np.broadcast_to(result, values.shape)
        bad = ~np.isfinite(result) | (result <= 0)
        if not condition.whole:
            return bad
        rounding = FLOAT_TRUST * np.maximum(1.0, np.abs(result))
        bad = bad | (np.abs(result - np.rint(result)) > rounding)
        # where the rounding could hide a fraction of 1/smallest, floats cannot decide
        unsure = np.flatnonzero(~bad & (rounding * smallest >= 0.5))
        if len(unsure):
            bad = bad.copy()
            bad[unsure] = [_exactly_fails(condition, name, int(values[i])) for i in unsure]
            budget[0] -= len(unsure)
            if budget[0] < 0:
                raise UsageError(
                    f"--for-all {name}: {condition.what} {format_expr(condition.expr)} is too "
                    f"large for floats to tell whole from not, and exact arithmetic is limited "
                    f"to {MAX_EXACT_POINTS:,} values (check a narrower range)"
                )
        return bad

    return failing


def _exactly_fails(condition: Condition, name: str, value: int) -> bool:
    try:
        result = exact_value(condition.expr, {name: value})
    except ZeroDivisionError:
        return True
    except Unsupported:
        return False  # no exact form: the float answer (whole) stands
    return bool(result <= 0 or getattr(result, "denominator", 1) != 1)


def _blocks(span: Range) -> Iterator[np.ndarray]:
    for first in range(span.start, span.stop + 1, BLOCK):
        yield np.arange(first, min(span.stop, first + BLOCK - 1) + 1, dtype=np.int64)


def suspects(found: list[Condition], span: Range) -> Iterator[tuple[int, Condition]]:
    """The values that break a condition, smallest first, each with the condition it breaks."""
    budget = [MAX_EXACT_POINTS]
    checks = [(condition, _violations(condition, span.name, budget)) for condition in found]
    for values in _blocks(span):
        first: dict[int, Condition] = {}
        for condition, failing in checks:
            for index in np.flatnonzero(failing(values))[:MAX_CONCRETE_CHECKS]:
                first.setdefault(int(values[index]), condition)
        yield from sorted(first.items(), key=lambda item: item[0])


# checks the graph at one value as ``check --set`` would: (an error found, what to show of it)
CheckAt = Callable[[int], tuple[bool, object]]


def prove(typed: TypedGraph, span: Range, check_at: CheckAt) -> Proof:
    """Prove ``typed``'s size conditions over ``span``. The smallest suspect value, and where
    none is left the range's ends, are checked concretely with ``check_at``."""
    if span.name not in typed.graph.symbol_names:
        names = ", ".join(sorted(typed.graph.symbol_names)) or "none"
        raise UsageError(f"--for-all {span.name}: the graph has no symbol {span.name!r} ({names})")
    found = conditions(typed, span.name)
    open_ = [condition for condition in found if not _proved(condition)]
    if len(open_) * span.count > MAX_FOR_ALL_WORK:
        raise UsageError(
            f"--for-all {span}: {len(open_)} conditions over {span.count:,} values is more than "
            f"{MAX_FOR_ALL_WORK:,} evaluations (check a narrower range)"
        )
    counts = (len(found), len(found) - len(open_), len(open_))
    try:
        request = request_failure(typed, span)
    except Unsupported as error:
        raise UsageError(
            f"--for-all {span}: a request array cannot be evaluated ({error})"
        ) from None
    checks = 0 if typed.graph.requests is None else 1
    checked = 0
    try:
        for value, condition in suspects(open_, span):
            if request is not None and request[0] <= value:
                break  # the requests fail first: checked below
            failed, shown = check_at(value)
            if failed:
                return Proof(span, *counts, value, condition, shown=shown, requests=checks)
            checked += 1
            if checked >= MAX_CONCRETE_CHECKS:
                return Proof(span, *counts, undecided=True, requests=checks)
    except Unsupported as error:
        raise UsageError(f"--for-all {span}: a size cannot be evaluated ({error})") from None
    if request is not None:
        failed, shown = check_at(request[0])
        if failed:
            return Proof(span, *counts, request[0], request[1], shown=shown, requests=checks)
        checked += 1
    if checked:
        return Proof(span, *counts, undecided=True, requests=checks)
    # every condition holds: the rules that rest on more than sizes, at both ends
    for value in dict.fromkeys((span.start, span.stop)):
        failed, shown = check_at(value)
        if failed:
            return Proof(span, *counts, value, None, shown=shown, requests=checks)
    return Proof(span, *counts, requests=checks)


def request_failure(typed: TypedGraph, span: Range) -> tuple[int, Condition] | None:
    """The smallest value of the range where a request check fails (``layoutcheck.requests``),
    as a condition naming the failure, the rank and the slot; None when every one holds."""
    from layoutcheck.requests import RequestChecks, first_failure

    requests = typed.graph.requests
    if requests is None:
        return None
    known = dict(typed.graph.symbols)
    fixed = {name: value for name, value in known.items() if value is not None}
    checks = RequestChecks(typed, requests)
    if span.name not in checks.names:
        return None  # the requests do not depend on it: the check at the graph's values says
    missing = [n for n in checks.names if known.get(n) is None and n != span.name]
    if missing:
        raise UsageError(
            f"--for-all {span}: the requests need a value for {missing[0]!r} (--set it)"
        )
    point = [float(fixed.get(n, 0)) for n in checks.names]
    position = checks.names.index(span.name)
    work = 0.0
    for end in (span.start, span.stop):
        point[position] = float(end)
        work = max(work, checks.work(point))
    if work * span.count > MAX_FOR_ALL_WORK:
        raise UsageError(
            f"--for-all {span}: the requests are about {work:,.0f} (slot, rank) pairs at each "
            f"of {span.count:,} values, more than {MAX_FOR_ALL_WORK:,} evaluations (check a "
            "narrower range)"
        )
    found = first_failure(typed, span.name, range(span.start, span.stop + 1), fixed)
    if found is None:
        return None
    value, finding = found
    expr = finding.expr if finding.expr is not None else symbol(span.name)
    op = finding.op.name if finding.op is not None else None
    rule = str(finding.rule)
    return value, Condition(expr, f"{finding.message} [{rule}]", op, rule=rule)
