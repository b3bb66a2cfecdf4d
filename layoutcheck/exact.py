"""Size formulas evaluated exactly, in Python integers and fractions, at one point.

Floats decide whether ``T/16`` is whole only while the fraction they must see (1/16) is larger
than their rounding at that magnitude; at ``T = 999999999985`` it is not, and a float proof
calls the value whole. A size condition is made of sums, products, integer powers, rational
constants, floor, ceiling, max, min, mod, abs and piecewise choices, all of which have exact
answers on fractions; anything else (a logarithm, a float constant) is refused with
:class:`~layoutcheck.arrays.Unsupported`, and the caller keeps its float answer.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from fractions import Fraction

import sympy
from sympy.logic.boolalg import BooleanFalse, BooleanTrue

from layoutcheck.arrays import Unsupported
from layoutcheck.symbols import Expr

Exact = Fraction | bool


def _power(base: Exact, exponent: Exact) -> Exact:
    if not isinstance(exponent, Fraction) or exponent.denominator != 1:
        raise Unsupported("a fractional power has no exact value")
    if base == 0 and exponent < 0:
        raise ZeroDivisionError("0 to a negative power")
    return Fraction(base) ** int(exponent)


def _mod(a: Exact, b: Exact) -> Exact:
    if b == 0:
        raise ZeroDivisionError("mod 0")
    return Fraction(a) % Fraction(b)


def _sum(*values: Exact) -> Exact:
    return sum((Fraction(v) for v in values), Fraction(0))


def _product(*values: Exact) -> Exact:
    result = Fraction(1)
    for value in values:
        result *= Fraction(value)
    return result


# sympy head -> its exact function, on the subexpressions' values in order
_EXACT: dict[type, Callable[..., Exact]] = {
    sympy.Add: _sum,
    sympy.Mul: _product,
    sympy.Pow: _power,
    sympy.Max: lambda *v: max(v),
    sympy.Min: lambda *v: min(v),
    sympy.ceiling: lambda x: Fraction(math.ceil(x)),
    sympy.floor: lambda x: Fraction(math.floor(x)),
    sympy.Abs: lambda x: abs(x),
    sympy.Mod: _mod,
    sympy.Le: lambda a, b: a <= b,
    sympy.Lt: lambda a, b: a < b,
    sympy.Ge: lambda a, b: a >= b,
    sympy.Gt: lambda a, b: a > b,
    sympy.Eq: lambda a, b: a == b,
    sympy.Ne: lambda a, b: a != b,
    sympy.And: lambda *v: all(v),
    sympy.Or: lambda *v: any(v),
    sympy.Not: lambda v: not v,
}


def _head(expr: Expr) -> Callable[..., Exact]:
    for head in type(expr).__mro__:
        function = _EXACT.get(head)
        if function is not None:
            return function
    raise Unsupported(f"no exact form for {type(expr).__name__}")


def exact_value(expr: Expr, values: Mapping[str, int]) -> Exact:
    """``expr`` at whole-number ``values`` of its symbols, exactly. Raises
    :class:`Unsupported` for a function without an exact answer and ``ZeroDivisionError``
    where the formula divides by zero at this point."""
    memo: dict[Expr, Exact] = {}

    def walk(node: Expr) -> Exact:
        known = memo.get(node)
        if known is not None:
            return known
        result: Exact
        if isinstance(node, BooleanTrue | BooleanFalse):
            result = bool(node)
        elif isinstance(node, sympy.Symbol):
            if node.name not in values:
                raise Unsupported(f"symbol {node.name} has no value")
            result = Fraction(values[node.name])
        elif isinstance(node, sympy.Rational):
            result = Fraction(int(node.p), int(node.q))
        elif isinstance(node, sympy.Number):
            raise Unsupported(f"the constant {node} is not a whole number or a fraction")
        elif isinstance(node, sympy.Piecewise):
            result = _piecewise(node, walk)
        else:
            function = _head(node)
            result = function(*[walk(part) for part in node.args])
        memo[node] = result
        return result

    return walk(expr)


def _piecewise(node: sympy.Piecewise, walk: Callable[[Expr], Exact]) -> Exact:
    """The first branch whose condition holds; only that branch is evaluated."""
    for branch in node.args:
        if walk(branch.cond):
            return walk(branch.expr)
    raise Unsupported("a piecewise formula with no branch that holds")


def denominators(expr: Expr) -> int:
    """The least common multiple of the denominators of ``expr``'s rational constants: a
    value of the formula that is not whole is at least 1/this from the nearest whole one."""
    result = 1
    for atom in expr.atoms(sympy.Rational):
        result = math.lcm(result, int(atom.q))
    return result
