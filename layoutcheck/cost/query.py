"""What-if questions over a cost report: an expression of named quantities and model symbols,
evaluated at values, swept over a range (vectorised), or solved for a zero crossing.

Quantities are in µs: ``total``, ``compute``, ``memory``, ``comm``/``communication``,
``launch``, and any op kind present (``all_gather``, ``moe_experts``); the memory quantities
the CLI adds (``weights``, ``kv_per_token``, ``hbm``) are in bytes.

A sweep is ``SYM=a..b`` (every whole number), ``SYM=a..b+k`` (steps of k) or ``SYM=a..b*k``
(geometric: a, a·k, a·k², …).
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Mapping, Sequence

import attrs
import numpy as np
import sympy

from layoutcheck.cost.report import CostError, CostReport
from layoutcheck.limits import MAX_SWEEP_POINTS, MAX_SWEEP_VALUE, MAX_SYMBOL_VALUE, shown
from layoutcheck.symbols import Expr, ExpressionError, parse_expr, symbol

# ASCII digits only (``\d`` would take ``٣``); numbers past int64 are refused after the match
_SWEEP = re.compile(
    r"^\s*([A-Za-z][A-Za-z0-9_]*)\s*=\s*([0-9]{1,30})\s*\.\.\s*([0-9]{1,30})"
    r"\s*(?:([*+])\s*([0-9]{1,30}))?\s*$"
)


# a table of a sweep written without a step: past MANY_ROWS rows a hint (T=1024..4096 is
# 3,073 rows, which help no one), past MAX_UNSTEPPED_ROWS refused (a step was surely
# forgotten); a plot or JSON takes them all
MANY_ROWS = 64
MAX_UNSTEPPED_ROWS = 1_000


@attrs.frozen
class Sweep:
    name: str
    start: int
    stop: int
    op: str  # "*" geometric, "+" arithmetic
    step: int
    stepped: bool = True  # the step was written (a..b alone steps by 1)

    @classmethod
    def parse(cls, text: str) -> Sweep:
        if not isinstance(text, str):
            raise CostError(f"a sweep is text such as 'T=1024..65536*2', got {text!r}")
        match = _SWEEP.match(text)
        if not match:
            raise CostError(
                f"--sweep {text!r}: write SYM=a..b, SYM=a..b*k or SYM=a..b+k (a, b, k whole "
                "numbers in ASCII digits)"
            )
        name, start, stop, op, step = match.groups()
        sweep = cls(name, int(start), int(stop), op or "+", int(step or 1), op is not None)
        if sweep.start < 1 or sweep.stop < sweep.start:
            raise CostError(f"--sweep {text!r}: need 1 <= a <= b")
        if max(sweep.stop, sweep.step) > MAX_SWEEP_VALUE:
            raise CostError(f"--sweep {text!r}: b and k must be at most 2**63 - 1 (an int64)")
        if (sweep.op == "*" and sweep.step < 2) or sweep.step < 1:
            raise CostError(f"--sweep {text!r}: the step must grow the value")
        sweep.count()  # refuse an absurd range before anything is evaluated
        return sweep

    def count(self) -> int:
        """How many points the sweep has (refused past ``MAX_SWEEP_POINTS``)."""
        if self.op == "*":
            count, value = 0, self.start
            while value <= self.stop:
                count += 1
                value *= self.step
            return count
        count = (self.stop - self.start) // self.step + 1
        if count > MAX_SWEEP_POINTS:
            step = max(2, round((self.stop / self.start) ** (1 / 32))) if self.start else 2
            raise CostError(
                f"--sweep {self.name}={self.start}..{self.stop}+{self.step}: {count} points; "
                f"the limit is {MAX_SWEEP_POINTS} (use a larger +k, or a geometric range such "
                f"as {self.name}={self.start}..{self.stop}*{step})"
            )
        return count

    def __str__(self) -> str:
        step = f"{self.op}{self.step}" if self.stepped else ""
        return f"{self.name}={self.start}..{self.stop}{step}"

    def hint(self) -> str | None:
        """For a range written without a step that gives many rows: the steps to write
        instead (a..b alone steps by 1: T=1024..4096 is 3,073 rows)."""
        count = self.count()
        if self.stepped or count <= MANY_ROWS:
            return None
        span = self.stop - self.start
        step = 1 << max(0, (span // 16).bit_length() - 1)  # a power of two: ~16-32 rows
        stepped = attrs.evolve(self, step=step, stepped=True)
        geometric = attrs.evolve(self, op="*", step=2, stepped=True)
        advice = f"{stepped} ({stepped.count()} rows)"
        if geometric.count() >= 3:
            advice += f" or {geometric} ({geometric.count()} rows)"
        return f"--sweep {self}: {count} rows, one per value (a..b steps by 1); write {advice}"

    def table_hint(self) -> str | None:
        """For a sweep printed as a table: the hint to show, if any; refused (a CostError)
        when it is written without a step and has more than ``MAX_UNSTEPPED_ROWS`` rows."""
        hint = self.hint()
        if hint is not None and self.count() > MAX_UNSTEPPED_ROWS:
            every = attrs.evolve(self, stepped=True)
            raise CostError(f"{hint}; or {every} if every value is meant")
        return hint

    def points(self) -> np.ndarray:
        self.count()
        if self.op == "+":
            return np.arange(self.start, self.stop + 1, self.step, dtype=np.int64)
        values = []
        value = self.start
        while value <= self.stop:
            values.append(value)
            value *= self.step
        return np.asarray(values, dtype=np.int64)


def check_values(report: CostReport, values: Mapping[str, object]) -> None:
    """Values for a what-if: symbols of the report, whole numbers from 1 to the symbol cap
    (the REPL's ``q(T=2.7)``, ``q(T=0)`` or ``q(T=True)`` is refused, not evaluated)."""
    for name, value in values.items():
        if name not in report.symbols:
            known = ", ".join(report.symbols) or "none"
            raise CostError(f"{name}: not a symbol of the model ({known})")
        if isinstance(value, bool) or not isinstance(value, int | np.integer):
            raise CostError(
                f"{name}={_short(repr(value))}: a symbol's value is a whole number, not "
                f"{type(value).__name__}"
            )
        if not 1 <= int(value) <= MAX_SYMBOL_VALUE:
            raise CostError(
                f"{name}={shown(int(value))}: a symbol's value is a whole number from 1 to "
                f"{shown(MAX_SYMBOL_VALUE)}"
            )


def _short(text: str) -> str:
    return text if len(text) <= 60 else text[:60] + "…"


def named_quantities(
    report: CostReport, text: str, extra: Mapping[str, Expr] | None = None
) -> list[str]:
    """The quantities a query text names, in the order first written (``all_gather -
    moe_experts`` → both); symbols are not quantities."""
    quantities = set(report.quantities()) | set(extra or {})
    names = re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)
    return list(dict.fromkeys(name for name in names if name in quantities))


def unit_of(names: Sequence[str], extra: Mapping[str, Expr] | None = None) -> str:
    """The unit of an expression of these quantities: µs for times, bytes for the memory
    quantities, none for a mix (or for symbols alone, such as ``T/tp``)."""
    memory = [name for name in names if name in (extra or {})]
    if not names or (memory and len(memory) != len(names)):
        return ""
    return "bytes" if memory else "µs"


def query_expr(report: CostReport, text: str, extra: Mapping[str, Expr] | None = None) -> Expr:
    """The expression a query text stands for (times in µs; ``extra`` adds named quantities,
    e.g. weight bytes); never evaluated as Python."""
    quantities = set(report.quantities())
    extra = extra or {}
    known = frozenset(report.symbols) | quantities | set(extra)
    try:
        parsed = parse_expr(text, known)
    except ExpressionError as error:
        names = ", ".join(sorted(quantities | set(extra)))
        raise CostError(f"query {text!r}: {error} (quantities: {names})") from None
    substitution = {
        symbol(name): report.expr(name) * 1_000_000
        for name in quantities
        if symbol(name) in parsed.free_symbols
    }
    substitution.update(
        {
            symbol(name): value
            for name, value in extra.items()
            if symbol(name) in parsed.free_symbols
        }
    )
    return parsed.xreplace(substitution)


def evaluate(report: CostReport, expression: Expr, values: Mapping[str, int]) -> float:
    """The expression at the report's values and ``values``; an expression that is undefined
    there (a division by zero) is an input error, not a crash."""
    check_values(report, values)
    merged = {**report.values, **values}
    setting = ", ".join(f"{k}={v}" for k, v in values.items())
    try:
        result = expression.xreplace({symbol(k): sympy.Integer(v) for k, v in merged.items()})
    except (ZeroDivisionError, ValueError, TypeError, ArithmeticError):
        raise CostError(f"the expression is undefined at {setting or 'these values'}") from None
    if result.free_symbols:
        free = ", ".join(sorted(str(s) for s in result.free_symbols))
        raise CostError(f"no value for {free}: set it with --set")
    try:
        number = float(result)
    except (TypeError, ValueError, OverflowError):
        number = math.nan
    if not math.isfinite(number):
        raise CostError(
            f"the expression is undefined at {setting or 'the model values'} "
            "(a division by zero or an infinite value)"
        )
    return number


def _function(
    report: CostReport, expression: Expr, name: str, values: Mapping[str, int]
) -> Callable[[np.ndarray], np.ndarray]:
    """The expression as a numpy function of one symbol (the others at their values).

    It is called with float64 arrays, never Python floats: a branch of a Piecewise that is
    not taken may divide by zero, which numpy turns into inf (ignored) where Python raises.
    """
    check_values(report, values)
    merged = {**report.values, **values}
    fixed = {symbol(k): sympy.Integer(v) for k, v in merged.items() if k != name}
    try:
        bound = expression.xreplace(fixed)
    except (ZeroDivisionError, ValueError, TypeError, ArithmeticError):
        raise CostError("the expression is undefined at the values set") from None
    free = {str(s) for s in bound.free_symbols} - {name}
    if free:
        raise CostError(f"no value for {', '.join(sorted(free))}: set it with --set")
    raw = sympy.lambdify([symbol(name)], bound, modules="numpy")

    def function(points: np.ndarray) -> np.ndarray:
        with np.errstate(all="ignore"):  # Piecewise branches not taken
            try:
                result = raw(np.asarray(points, dtype=np.float64))
            except (ZeroDivisionError, ValueError, TypeError, ArithmeticError):
                # an elementwise failure: evaluate point by point, undefined ones as nan
                result = [_at_point(raw, float(x)) for x in np.ravel(points)]
        values = np.broadcast_to(np.asarray(result, dtype=float), np.shape(points))
        return np.where(np.isfinite(values), values, np.nan)  # x/0 is undefined, not inf

    return function


def _at_point(raw: Callable[..., object], x: float) -> float:
    try:
        with np.errstate(all="ignore"):
            return float(raw(np.float64(x)))  # type: ignore[arg-type]
    except (ZeroDivisionError, ValueError, TypeError, ArithmeticError):
        return math.nan


def sweep(
    report: CostReport, expression: Expr, spec: Sweep, values: Mapping[str, int]
) -> tuple[np.ndarray, np.ndarray]:
    """The expression over the sweep's points, vectorised (one ``lambdify``); a point where it
    is undefined is ``nan`` (printed as "undefined")."""
    if spec.name not in report.symbols:
        raise CostError(
            f"--sweep {spec.name}: not a symbol of the model ({', '.join(report.symbols)})"
        )
    function = _function(report, expression, spec.name, values)
    points = spec.points()
    return points, function(points.astype(float))


def solve(
    report: CostReport,
    expression: Expr,
    name: str,
    values: Mapping[str, int],
    low: int = 1,
    high: int = 1 << 24,
) -> int | None:
    """The smallest integer value of ``name`` in [low, high] where the expression changes sign
    (found by scanning powers of two, then bisecting), or None if it does not. Points where the
    expression is undefined (a division by zero at some value) are skipped; an expression
    undefined everywhere is an input error."""
    if name not in report.symbols:
        raise CostError(f"--solve {name}: not a symbol of the model ({', '.join(report.symbols)})")
    function = _function(report, expression, name, values)

    def sign(x: int) -> float:
        return float(np.sign(function(np.asarray([x], dtype=np.float64))[0]))

    grid = [low]
    while grid[-1] * 2 <= high:
        grid.append(grid[-1] * 2)
    if grid[-1] != high:
        grid.append(high)
    signs = np.sign(function(np.asarray(grid, dtype=np.float64)))
    defined = [(x, float(s)) for x, s in zip(grid, signs, strict=True) if not math.isnan(s)]
    if not defined:
        raise CostError(
            f"the expression is undefined for every {name} in {low}..{high} "
            "(a division by zero or an infinite value)"
        )
    for (a, sa), (b, sb) in itertools.pairwise(defined):
        if sa == 0:
            return a
        if sa != sb:
            crossing = _bisect(sign, a, b, sa)
            if crossing is not None:
                return crossing
    if defined[-1][1] == 0:
        return defined[-1][0]
    return None


def _bisect(sign: Callable[[int], float], a: int, b: int, sa: float) -> int | None:
    """The first value of (a, b] with another sign than ``sa``; None when the sign changes
    only across a value where the expression is undefined (a pole such as ``x/(tp-16)`` at
    tp = 16 is no zero crossing)."""
    while b - a > 1:
        middle = (a + b) // 2
        at_middle = sign(middle)
        if math.isnan(at_middle):
            return None
        if at_middle == sa:
            a = middle
        else:
            b = middle
    return b
