"""Formulas evaluated on numpy arrays without generating code: an expression is flattened once
into a short program over its distinct subexpressions (a shared one is computed once per call,
a constant one once at compile time), then run on arrays or scalars of its free symbols.

``sympy.lambdify`` prints each formula as Python source and executes it. That is the right tool
for one large sum evaluated many times, but a search compiles hundreds of small per-op
formulas, where the printing is most of the time (12 ms a formula against a fraction of a
millisecond here), and the symbol names of a user's graph file would end up in generated code.
An expression outside the table below is refused (:class:`Unsupported`);
:func:`numpy_function` then falls back to ``lambdify``.

A program called with plain numbers runs on Python floats (``math``), and numpy is imported only
when one is called with an array: ``cost`` prices a graph at one point, and numpy's import (and
its BLAS threads) cost more CPU than the whole pricing.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

import sympy
from sympy.logic.boolalg import BooleanFalse, BooleanTrue

from layoutcheck.symbols import Expr, symbol

Value = Any  # a float or a numpy array of floats (or booleans, for a condition)


class Unsupported(ValueError):
    """An expression with a function the table does not evaluate."""


def _numpy() -> ModuleType:
    import numpy  # only a program called with arrays needs it

    return numpy


def _sum(*values: Value) -> Value:
    return functools.reduce(operator.add, values)


def _product(*values: Value) -> Value:
    return functools.reduce(operator.mul, values)


def _power(base: Value, exponent: Value) -> Value:
    # float powers: an integer array to a negative power would be refused by numpy
    np = _numpy()
    return np.power(np.asarray(base, dtype=np.float64), exponent)


def _piecewise(*pairs: Value) -> Value:
    """sympy's Piecewise: the first branch whose condition holds (numpy.select's order)."""
    values, conditions = pairs[0::2], pairs[1::2]
    result = values[-1]
    for value, condition in zip(values[-2::-1], conditions[-2::-1], strict=True):
        result = _numpy().where(condition, value, result)
    return result


def _ufunc(name: str) -> Callable[..., Value]:
    return lambda *values: getattr(_numpy(), name)(*values)


def _folded(name: str) -> Callable[..., Value]:
    return lambda *values: functools.reduce(getattr(_numpy(), name), values)


# sympy head -> its numpy function; every one takes the subexpressions' values in order
FUNCTIONS: dict[type, Callable[..., Value]] = {
    sympy.Add: _sum,
    sympy.Mul: _product,
    sympy.Pow: _power,
    sympy.Max: _folded("maximum"),
    sympy.Min: _folded("minimum"),
    sympy.Piecewise: _piecewise,
    sympy.ceiling: _ufunc("ceil"),
    sympy.floor: _ufunc("floor"),
    sympy.log: _ufunc("log"),
    sympy.exp: _ufunc("exp"),
    sympy.Abs: _ufunc("abs"),
    sympy.Mod: _ufunc("mod"),
    sympy.Le: _ufunc("less_equal"),
    sympy.Lt: _ufunc("less"),
    sympy.Ge: _ufunc("greater_equal"),
    sympy.Gt: _ufunc("greater"),
    sympy.Eq: _ufunc("equal"),
    sympy.Ne: _ufunc("not_equal"),
    sympy.And: _folded("logical_and"),
    sympy.Or: _folded("logical_or"),
    sympy.Not: _ufunc("logical_not"),
}


# The same functions on Python floats, with numpy's IEEE answers where Python would raise
# (x/0, 0**-1, log 0, an overflow): a Piecewise computes every branch, and the values of the
# branches not taken must not stop the program.
def _scalar_power(base: float, exponent: float) -> float:
    try:
        return math.pow(base, exponent)
    except OverflowError:
        odd = exponent.is_integer() and exponent % 2 == 1
        return -math.inf if base < 0 and odd else math.inf
    except ValueError:  # 0 to a negative power, or a negative base to a fractional one
        return math.inf if base == 0 else math.nan


def _scalar_extreme(pick: Callable[[float, float], bool]) -> Callable[..., float]:
    def extreme(*values: float) -> float:
        best = values[0]
        for value in values[1:]:
            if math.isnan(value) or (not math.isnan(best) and pick(value, best)):
                best = value  # NaN wins, as in numpy.maximum / minimum
        return best

    return extreme


def _scalar_piecewise(*pairs: Value) -> Value:
    values, conditions = pairs[0::2], pairs[1::2]
    for value, condition in zip(values[:-1], conditions[:-1], strict=True):
        if condition:
            return value
    return values[-1]


def _scalar_rounded(rounding: Callable[[float], int]) -> Callable[[float], float]:
    return lambda x: float(rounding(x)) if math.isfinite(x) else x


def _scalar_log(x: float) -> float:
    if x > 0:
        return math.log(x)
    return -math.inf if x == 0 else math.nan


def _scalar_exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _scalar_mod(a: float, b: float) -> float:
    return a % b if b != 0 else math.nan


_SCALAR: dict[type, Callable[..., Value]] = {
    sympy.Add: _sum,
    sympy.Mul: _product,
    sympy.Pow: _scalar_power,
    sympy.Max: _scalar_extreme(operator.gt),
    sympy.Min: _scalar_extreme(operator.lt),
    sympy.Piecewise: _scalar_piecewise,
    sympy.ceiling: _scalar_rounded(math.ceil),
    sympy.floor: _scalar_rounded(math.floor),
    sympy.log: _scalar_log,
    sympy.exp: _scalar_exp,
    sympy.Abs: abs,
    sympy.Mod: _scalar_mod,
    sympy.Le: operator.le,
    sympy.Lt: operator.lt,
    sympy.Ge: operator.ge,
    sympy.Gt: operator.gt,
    sympy.Eq: operator.eq,
    sympy.Ne: operator.ne,
    sympy.And: lambda *v: all(v),
    sympy.Or: lambda *v: any(v),
    sympy.Not: operator.not_,
}
# by the head's name, as a program's steps name their functions
SCALAR_FUNCTIONS: dict[str, Callable[..., Value]] = {
    head.__name__: function for head, function in _SCALAR.items()
}


# the same table by the head's name: a program written out as data (``Program.code``) names
# its functions, and reading it back needs no sympy expression
FUNCTIONS_BY_NAME: dict[str, Callable[..., Value]] = {
    head.__name__: function for head, function in FUNCTIONS.items()
}

# How many arguments each head takes, by name (a least count, or an exact one): a program read
# back as data is held to them, so a step that sympy could never have written is refused
# rather than run. A Piecewise takes (value, condition) pairs.
_AT_LEAST = {sympy.Add: 2, sympy.Mul: 2, sympy.Max: 2, sympy.Min: 2, sympy.And: 2, sympy.Or: 2}
_EXACTLY = {
    **dict.fromkeys((sympy.Pow, sympy.Mod, sympy.Le, sympy.Lt, sympy.Ge, sympy.Gt), 2),
    **dict.fromkeys((sympy.Eq, sympy.Ne), 2),
    **dict.fromkeys((sympy.ceiling, sympy.floor, sympy.log, sympy.exp, sympy.Abs, sympy.Not), 1),
}
AT_LEAST = {head.__name__: count for head, count in _AT_LEAST.items()}
EXACTLY = {head.__name__: count for head, count in _EXACTLY.items()}
PIECEWISE = sympy.Piecewise.__name__


def arity_fits(head: str, count: int) -> bool:
    """Does ``head`` take ``count`` arguments?"""
    if head == PIECEWISE:
        return count >= 2 and count % 2 == 0
    if head in EXACTLY:
        return count == EXACTLY[head]
    return count >= AT_LEAST.get(head, 1)


# A step of ``Program.code``: (head name, argument slots), or (CONSTANT, (), the value).
CONSTANT = "="
Step = tuple[str, tuple[int, ...]] | tuple[str, tuple[()], float | bool]


def _head(expr: Expr) -> type:
    for head in type(expr).__mro__:
        if head in FUNCTIONS:
            return head
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
    """A compiled list of formulas: call it with one value per name of ``names``.

    ``code`` and ``outputs`` are the program as plain data (head names, slot numbers and
    constants), and :meth:`from_code` runs such data again without the formulas: the same steps
    in the same order, so the same numbers to the last bit."""

    def __init__(self, exprs: Sequence[Expr], names: Sequence[str]) -> None:
        self.names = tuple(names)
        slots: dict[Expr, int] = {}
        self._steps: list[tuple[Callable[..., Value], tuple[int, ...]]] = []
        self._scalar_steps: list[tuple[Callable[..., Value], tuple[int, ...]]] = []
        self.code: list[Step] = []
        inputs = {name: i for i, name in enumerate(self.names)}
        self.outputs = tuple(self._slot(sympy.sympify(e), slots, inputs) for e in exprs)

    @classmethod
    def from_code(
        cls, names: Sequence[str], code: Sequence[Step], outputs: Sequence[int]
    ) -> Program:
        """The program ``code`` describes; :class:`Unsupported` for an unknown head, a slot
        that is not yet computed, or a constant that is not a number."""
        program = cls.__new__(cls)
        program.names = tuple(names)
        program._steps = []
        program._scalar_steps = []
        program.code = []
        for step in code:
            head, parts = step[0], step[1]
            if not all(_readable(p, len(program._steps), len(program.names)) for p in parts):
                raise Unsupported(f"step {len(program._steps)} reads a slot not yet computed")
            if head == CONSTANT:
                if len(step) != 3 or parts:
                    raise Unsupported(f"step {len(program._steps)}: a constant takes one value")
                value = step[2]
                if not isinstance(value, bool | float) or not math.isfinite(value):
                    raise Unsupported(f"step {len(program._steps)}: constant {value!r}")
                program._constant(value)
                continue
            function = FUNCTIONS_BY_NAME.get(head)
            if function is None or len(step) != 2:
                raise Unsupported(f"step {len(program._steps)}: no array form for {head!r}")
            if not arity_fits(head, len(parts)):
                raise Unsupported(f"step {len(program._steps)}: {head} of {len(parts)} arguments")
            program._steps.append((function, tuple(parts)))
            program._scalar_steps.append((SCALAR_FUNCTIONS[head], tuple(parts)))
            program.code.append((head, tuple(parts)))
        if not all(_readable(o, len(program._steps), len(program.names)) for o in outputs):
            raise Unsupported("an output reads a slot the program does not compute")
        program.outputs = tuple(outputs)
        return program

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
                head = _head(expr)
                parts = tuple(self._slot(part, slots, inputs) for part in _pieces(expr))
                self._steps.append((FUNCTIONS[head], parts))
                self._scalar_steps.append((_SCALAR[head], parts))
                self.code.append((head.__name__, parts))
                slot = -len(self._steps)  # steps count down from -1: they follow the inputs
        slots[expr] = slot
        return slot

    def _constant(self, value: float | bool) -> int:
        self._steps.append((lambda v=value: v, ()))
        self._scalar_steps.append(self._steps[-1])
        self.code.append((CONSTANT, (), value))
        return -len(self._steps)

    def __call__(self, *args: Value) -> list[Value]:
        if len(args) != len(self.names):
            raise TypeError(f"{len(self.names)} arguments expected, got {len(args)}")
        scalar = all(isinstance(a, float | int) and not isinstance(a, bool) for a in args)
        inputs = [float(a) for a in args] if scalar else list(args)
        done: list[Value] = []
        for function, parts in self._scalar_steps if scalar else self._steps:
            done.append(function(*[inputs[p] if p >= 0 else done[-p - 1] for p in parts]))
        return [inputs[o] if o >= 0 else done[-o - 1] for o in self.outputs]


def _readable(slot: object, computed: int, inputs: int) -> bool:
    """Is ``slot`` an input or a step already computed (inputs count up from 0, steps down
    from -1)?"""
    return type(slot) is int and -computed <= slot < inputs


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
