"""What-if questions over a cost report: an expression of named quantities and model symbols,
evaluated at values, swept over a range (vectorised), or solved for a zero crossing.

Quantities are in µs: ``total``, ``compute``, ``memory``, ``comm``/``communication``,
``launch``, and any op kind present (``all_gather``, ``moe_experts``).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping

import attrs
import numpy as np
import sympy

from layoutcheck.cost.report import CostError, CostReport
from layoutcheck.symbols import Expr, ExpressionError, parse_expr, symbol

_SWEEP = re.compile(
    r"^\s*([A-Za-z][A-Za-z0-9_]*)\s*=\s*(\d+)\s*\.\.\s*(\d+)\s*(?:([*+])\s*(\d+))?\s*$"
)
MAX_SWEEP_POINTS = 10_000_000


@attrs.frozen
class Sweep:
    name: str
    start: int
    stop: int
    op: str  # "*" geometric, "+" arithmetic
    step: int

    @classmethod
    def parse(cls, text: str) -> Sweep:
        match = _SWEEP.match(text)
        if not match:
            raise CostError(f"--sweep {text!r}: write SYM=a..b, SYM=a..b*k or SYM=a..b+k")
        name, start, stop, op, step = match.groups()
        sweep = cls(name, int(start), int(stop), op or "+", int(step or 1))
        if sweep.start < 1 or sweep.stop < sweep.start:
            raise CostError(f"--sweep {text!r}: need 1 <= a <= b")
        if (sweep.op == "*" and sweep.step < 2) or sweep.step < 1:
            raise CostError(f"--sweep {text!r}: the step must grow the value")
        return sweep

    def points(self) -> np.ndarray:
        if self.op == "+":
            count = (self.stop - self.start) // self.step + 1
            if count > MAX_SWEEP_POINTS:
                raise CostError(f"--sweep {self.name}: {count} points is too many")
            return np.arange(self.start, self.stop + 1, self.step, dtype=np.int64)
        values = []
        value = self.start
        while value <= self.stop:
            values.append(value)
            value *= self.step
        return np.asarray(values, dtype=np.int64)


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
    merged = {**report.values, **values}
    result = expression.xreplace({symbol(k): sympy.Integer(v) for k, v in merged.items()})
    try:
        return float(result)
    except TypeError:
        free = ", ".join(sorted(str(s) for s in result.free_symbols))
        raise CostError(f"no value for {free}: set it with --set") from None


def sweep(
    report: CostReport, expression: Expr, spec: Sweep, values: Mapping[str, int]
) -> tuple[np.ndarray, np.ndarray]:
    """The expression over the sweep's points, vectorised (one ``lambdify``)."""
    if spec.name not in report.symbols:
        raise CostError(
            f"--sweep {spec.name}: not a symbol of the model ({', '.join(report.symbols)})"
        )
    merged = {**report.values, **values}
    fixed = {symbol(k): sympy.Integer(v) for k, v in merged.items() if k != spec.name}
    function = sympy.lambdify([symbol(spec.name)], expression.xreplace(fixed), modules="numpy")
    points = spec.points()
    with np.errstate(divide="ignore", invalid="ignore"):  # Piecewise branches not taken
        raw = function(points.astype(float))
    result = np.broadcast_to(np.asarray(raw, dtype=float), points.shape)
    return points, result


def solve(
    report: CostReport,
    expression: Expr,
    name: str,
    values: Mapping[str, int],
    low: int = 1,
    high: int = 1 << 24,
) -> int | None:
    """The smallest integer value of ``name`` in [low, high] where the expression changes sign
    (found by scanning powers of two, then bisecting), or None if it does not."""
    if name not in report.symbols:
        raise CostError(f"--solve {name}: not a symbol of the model ({', '.join(report.symbols)})")
    merged = {**report.values, **values}
    fixed = {symbol(k): sympy.Integer(v) for k, v in merged.items() if k != name}
    function = sympy.lambdify([symbol(name)], expression.xreplace(fixed), modules="numpy")

    def at(x: int) -> float:
        with np.errstate(divide="ignore", invalid="ignore"):
            return float(function(float(x)))

    grid = [low]
    while grid[-1] * 2 <= high:
        grid.append(grid[-1] * 2)
    if grid[-1] != high:
        grid.append(high)
    signs = [np.sign(at(x)) for x in grid]
    pairs = list(zip(grid, signs, strict=True))
    for (a, sa), (b, sb) in itertools.pairwise(pairs):
        if sa == 0:
            return a
        if sa != sb:
            while b - a > 1:
                middle = (a + b) // 2
                if np.sign(at(middle)) == sa:
                    a = middle
                else:
                    b = middle
            return b
    return None
