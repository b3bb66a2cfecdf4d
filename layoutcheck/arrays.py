"""Formulas evaluated on numpy arrays without generating code: an expression is flattened once
into a short program over its distinct subexpressions (a shared one is computed once per call,
a constant one once at compile time), then run on arrays or scalars of its free symbols.

``sympy.lambdify`` prints each formula as Python source and executes it. That is the right tool
for one large sum evaluated many times, but a search compiles hundreds of small per-op
formulas, where the printing is most of the time (12 ms a formula against a fraction of a
millisecond here), and the symbol names of a user's graph file would end up in generated code.
An expression outside the table below is refused (:class:`Unsupported`);
:func:`numpy_function` then falls back to ``lambdify``.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import sympy
from sympy.logic.boolalg import BooleanFalse, BooleanTrue

from layoutcheck.symbols import Expr, symbol

Value = Any  # a float or a numpy array of floats (or booleans, for a condition)


class Unsupported(ValueError):
    """An expression with a function the table does not evaluate."""


def _sum(*values: Value) -> Value:
    return functools.reduce(operator.add, values)


def _product(*values: Value) -> Value:
    return functools.reduce(operator.mul, values)


def _power(base: Value, exponent: Value) -> Value:
    # float powers: an integer array to a negative power would be refused by numpy
    return np.power(np.asarray(base, dtype=np.float64), exponent)


def _piecewise(*pairs: Value) -> Value:
    """sympy's Piecewise: the first branch whose condition holds (numpy.select's order)."""
    values, conditions = pairs[0::2], pairs[1::2]
    result = values[-1]
    for value, condition in zip(values[-2::-1], conditions[-2::-1], strict=True):
        result = np.where(condition, value, result)
    return result


# sympy head -> its numpy function; every one takes the subexpressions' values in order
FUNCTIONS: dict[type, Callable[..., Value]] = {
    sympy.Add: _sum,
    sympy.Mul: _product,
    sympy.Pow: _power,
    sympy.Max: lambda *v: functools.reduce(np.maximum, v),
    sympy.Min: lambda *v: functools.reduce(np.minimum, v),
    sympy.Piecewise: _piecewise,
    sympy.ceiling: np.ceil,
    sympy.floor: np.floor,
    sympy.log: np.log,
    sympy.exp: np.exp,
    sympy.Abs: np.abs,
    sympy.Mod: np.mod,
    sympy.Le: np.less_equal,
    sympy.Lt: np.less,
    sympy.Ge: np.greater_equal,
    sympy.Gt: np.greater,
    sympy.Eq: np.equal,
    sympy.Ne: np.not_equal,
    sympy.And: lambda *v: functools.reduce(np.logical_and, v),
    sympy.Or: lambda *v: functools.reduce(np.logical_or, v),
    sympy.Not: np.logical_not,
}


def _function(expr: Expr) -> Callable[..., Value]:
    for head in type(expr).__mro__:
        found = FUNCTIONS.get(head)
        if found is not None:
            return found
    raise Unsupported(f"no array form for {type(expr).__name__}")


def _pieces(expr: Expr) -> tuple[Expr, ...]:
    if isinstance(expr, sympy.Piecewise):
        return tuple(part for pair in expr.args for part in pair.args)  # value, condition, …
    return tuple(expr.args)


def _literal(expr: Expr) -> float | bool | None:
    """The value of an expression with no free symbol (None if it has one)."""
    if isinstance(expr, BooleanTrue | BooleanFalse):
        return bool(expr)
    if expr.free_symbols:
        return None
    try:
        return float(expr)
    except TypeError:  # a constant sympy cannot make a number of: compiled as a function
        return None


class Program:
    """A compiled list of formulas: call it with one value per name of ``names``."""

    def __init__(self, exprs: Sequence[Expr], names: Sequence[str]) -> None:
        self.names = tuple(names)
        slots: dict[Expr, int] = {}
        self._steps: list[tuple[Callable[..., Value], tuple[int, ...]]] = []
        inputs = {name: i for i, name in enumerate(self.names)}
        self._outputs = tuple(self._slot(sympy.sympify(e), slots, inputs) for e in exprs)

    def _slot(self, expr: Expr, slots: dict[Expr, int], inputs: dict[str, int]) -> int:
        """The slot holding ``expr``'s value (compiling it, and its parts, first)."""
        known = slots.get(expr)
        if known is not None:
            return known
        if isinstance(expr, sympy.Symbol):
            if expr.name not in inputs:
                raise Unsupported(f"symbol {expr.name} is not an argument")
            slot = inputs[expr.name]
        else:
            literal = _literal(expr)
            if literal is not None:
                slot = self._constant(literal)
            else:
                function = _function(expr)
                parts = tuple(self._slot(part, slots, inputs) for part in _pieces(expr))
                self._steps.append((function, parts))
                slot = -len(self._steps)  # steps count down from -1: they follow the inputs
        slots[expr] = slot
        return slot

    def _constant(self, value: Value) -> int:
        self._steps.append((lambda v=value: v, ()))
        return -len(self._steps)

    def __call__(self, *args: Value) -> list[Value]:
        if len(args) != len(self.names):
            raise TypeError(f"{len(self.names)} arguments expected, got {len(args)}")
        inputs = list(args)
        done: list[Value] = []
        for function, parts in self._steps:
            done.append(function(*[inputs[p] if p >= 0 else done[-p - 1] for p in parts]))
        return [inputs[o] if o >= 0 else done[-o - 1] for o in self._outputs]


def compile_arrays(exprs: Sequence[Expr], names: Sequence[str]) -> Callable[..., list[Value]]:
    """``exprs`` as one function of ``names`` (each argument a float or a numpy array);
    raises :class:`Unsupported` for a function outside :data:`FUNCTIONS`."""
    return Program(exprs, names)


def numpy_function(
    exprs: Sequence[Expr], names: Sequence[str], cse: bool = True
) -> Callable[..., Sequence[Value]]:
    """``exprs`` as one function of ``names``: a compiled program where every function has an
    array form, else ``sympy.lambdify`` (with a common-subexpression pass if ``cse``)."""
    try:
        return compile_arrays(exprs, names)
    except Unsupported:
        function: Callable[..., Sequence[Value]] = sympy.lambdify(
            [symbol(name) for name in names], list(exprs), "numpy", cse=cse
        )
        return function
