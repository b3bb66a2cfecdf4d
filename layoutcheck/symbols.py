"""Symbols and expressions: the only place sympy symbols are made, and a safe expression parser.

User text is parsed with :mod:`ast` against an explicit whitelist and built into sympy directly;
nothing a user writes is ever handed to ``eval``, ``sympify`` or ``parse_expr``.
"""

from __future__ import annotations

import ast
import functools
import keyword
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TypeAlias

import sympy

Expr: TypeAlias = sympy.Expr

# Bounds that keep a hostile expression from costing more than a few microseconds to reject.
MAX_EXPRESSION_CHARS = 400
MAX_NESTING = 24
MAX_NODES = 200
MAX_INT_DIGITS = 24
MAX_EXPONENT = 64

FUNCTIONS: Mapping[str, Callable[..., Expr]] = {
    "ceil": sympy.ceiling,
    "floor": sympy.floor,
    "min": sympy.Min,
    "max": sympy.Max,
}
FUNCTION_ARITY: Mapping[str, tuple[int, int]] = {
    "ceil": (1, 1),
    "floor": (1, 1),
    "min": (2, 8),
    "max": (2, 8),
}

_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


class ExpressionError(ValueError):
    """An expression the grammar (specs/README.md, "Expressions") does not allow (``bad-spec``)."""


def is_symbol_name(name: str) -> bool:
    """True when ``name`` may name a symbol: an identifier that is no keyword or function."""
    return bool(_NAME.match(name)) and not keyword.iskeyword(name) and name not in FUNCTIONS


@functools.cache
def symbol(name: str) -> sympy.Symbol:
    """The sympy symbol for a model dimension: always a positive integer."""
    if not is_symbol_name(name):
        raise ExpressionError(f"{name!r} is not a valid symbol name")
    return sympy.Symbol(name, integer=True, positive=True)


def as_expr(value: int | Expr) -> Expr:
    """An integer or an expression as a sympy expression (integers only; no strings)."""
    if isinstance(value, bool):
        raise ExpressionError(f"{value!r} is not a size")
    if isinstance(value, int):
        return sympy.Integer(value)
    if isinstance(value, sympy.Expr):
        return value
    raise ExpressionError(f"{value!r} is not an integer or an expression")


_BINARY: Mapping[type[ast.operator], Callable[[Expr, Expr], Expr]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: sympy.floor(a / b),
    ast.Mod: lambda a, b: sympy.Mod(a, b),
}


def _precheck(text: str) -> None:
    """Cheap textual limits, applied before the Python parser sees the text."""
    if len(text) > MAX_EXPRESSION_CHARS:
        raise ExpressionError(f"expression longer than {MAX_EXPRESSION_CHARS} characters")
    if not text.strip():
        raise ExpressionError("empty expression")
    depth = 0
    for char in text:
        if char == "(":
            depth += 1
            if depth > MAX_NESTING:
                raise ExpressionError(f"expression nested deeper than {MAX_NESTING} levels")
        elif char == ")":
            depth -= 1
    if not all(c.isalnum() or c in "_+-*/%() ,\t" for c in text):
        bad = next(c for c in text if not (c.isalnum() or c in "_+-*/%() ,\t"))
        raise ExpressionError(f"character {bad!r} is not allowed in an expression")


class _Builder:
    """Walks a whitelisted AST and builds the sympy expression bottom-up."""

    def __init__(self, known: Callable[[str], bool]) -> None:
        self.known = known
        self.nodes = 0

    def build(self, node: ast.AST, depth: int = 0) -> Expr:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise ExpressionError(f"expression has more than {MAX_NODES} terms")
        if depth > MAX_NESTING:
            raise ExpressionError(f"expression nested deeper than {MAX_NESTING} levels")
        if isinstance(node, ast.Constant):
            return self._constant(node.value)
        if isinstance(node, ast.Name):
            return self._name(node.id)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            operand = self.build(node.operand, depth + 1)
            return -operand if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.BinOp):
            return self._binary(node, depth)
        if isinstance(node, ast.Call):
            return self._call(node, depth)
        raise ExpressionError(f"{type(node).__name__} is not allowed in an expression")

    def _constant(self, value: object) -> Expr:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ExpressionError(f"only integer constants are allowed, not {value!r}")
        if abs(value) >= 10**MAX_INT_DIGITS:
            raise ExpressionError(f"integer constant longer than {MAX_INT_DIGITS} digits")
        return sympy.Integer(value)

    def _name(self, name: str) -> Expr:
        if name in FUNCTIONS:
            raise ExpressionError(f"function {name!r} used without arguments")
        if not self.known(name):
            raise ExpressionError(f"unknown symbol {name!r}")
        return symbol(name)

    def _binary(self, node: ast.BinOp, depth: int) -> Expr:
        if isinstance(node.op, ast.Pow):
            base = self.build(node.left, depth + 1)
            exponent = self.build(node.right, depth + 1)
            if not (exponent.is_Integer and 0 <= int(exponent) <= MAX_EXPONENT):
                raise ExpressionError(
                    f"exponent must be an integer constant from 0 to {MAX_EXPONENT}"
                )
            # Refuse before sympy computes it: the power of the base's numeric coefficient
            # must stay within MAX_INT_DIGITS digits.
            coefficient = base.as_coeff_Mul()[0]
            digits = _digits(coefficient)
            if abs(coefficient) != 1 and (digits - 1) * abs(int(exponent)) > MAX_INT_DIGITS:
                raise ExpressionError("power too large")
            return _bounded(base ** int(exponent))
        operator = _BINARY.get(type(node.op))
        if operator is None:
            raise ExpressionError(f"operator {type(node.op).__name__} is not allowed")
        left = self.build(node.left, depth + 1)
        right = self.build(node.right, depth + 1)
        if isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mod) and right.is_zero:
            raise ExpressionError("division by zero")
        return _bounded(operator(left, right))

    def _call(self, node: ast.Call, depth: int) -> Expr:
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            name = node.func.id if isinstance(node.func, ast.Name) else "this call"
            raise ExpressionError(
                f"function {name!r} is not allowed (allowed: {', '.join(FUNCTIONS)})"
            )
        if node.keywords:
            raise ExpressionError("keyword arguments are not allowed")
        low, high = FUNCTION_ARITY[node.func.id]
        if not low <= len(node.args) <= high:
            raise ExpressionError(f"{node.func.id}() takes {low}..{high} arguments")
        args = [self.build(arg, depth + 1) for arg in node.args]
        return FUNCTIONS[node.func.id](*args)


def _digits(number: Expr) -> int:
    """Decimal digits of a rational's numerator and denominator (without building a string)."""
    if number.is_Integer:
        return len(str(abs(int(number))))
    if number.is_Rational:
        return len(str(abs(int(number.p)))) + len(str(int(number.q)))
    return 1


def _bounded(expr: Expr) -> Expr:
    """Refuse results holding a number longer than MAX_INT_DIGITS digits."""
    for atom in expr.atoms(sympy.Rational):
        if abs(atom.p) >= 10**MAX_INT_DIGITS or atom.q >= 10**MAX_INT_DIGITS:
            raise ExpressionError(f"a number longer than {MAX_INT_DIGITS} digits")
    for power in expr.atoms(sympy.Pow):
        exponent = power.args[1]
        if exponent.is_Rational and abs(exponent) > MAX_EXPONENT:
            raise ExpressionError(f"a power above {MAX_EXPONENT} (({power.args[0]})**{exponent})")
    return expr


def parse_expr(text: str | int, known: Iterable[str]) -> Expr:
    """Parse a size expression (``T/tp``, ``ceil(T/tp)*tp``) over the ``known`` symbol names.

    Raises :class:`ExpressionError` for anything outside the grammar, fast.
    """
    if isinstance(text, bool):
        raise ExpressionError(f"{text!r} is not a size expression")
    if isinstance(text, int):
        return _constant_int(text)
    if not isinstance(text, str):
        raise ExpressionError(f"{text!r} is not a size expression")
    names = known if isinstance(known, frozenset) else frozenset(known)
    return _parse_cached(text, names)


def _constant_int(value: int) -> Expr:
    if abs(value) >= 10**MAX_INT_DIGITS:  # compared, not printed: str() refuses huge ints
        raise ExpressionError(f"integer longer than {MAX_INT_DIGITS} digits")
    return sympy.Integer(value)


@functools.lru_cache(maxsize=8192)
def _parse_cached(text: str, known: frozenset[str]) -> Expr:
    # Cached on the text and the symbol table: a 78-layer graph repeats the same few dozen
    # expressions thousands of times.
    expr = _Builder(known.__contains__).build(_parse_tree(text).body)
    # sympy simplifies some forms (Mod, distributed coefficients) differently depending on how
    # they were built; settle on the form that prints and re-parses to itself, so that
    # load → write → load is the identity.
    for _ in range(4):
        again = _Builder(known.__contains__).build(_parse_tree(format_expr(expr)).body)
        if again == expr:
            break
        expr = again
    return expr


@functools.lru_cache(maxsize=4096)
def _parse_tree(text: str) -> ast.Expression:
    _precheck(text)
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        raise ExpressionError(f"not a valid expression: {text!r}") from error
    return tree


class _ExpressionPrinter(sympy.printing.str.StrPrinter):  # type: ignore[misc]
    """Prints expressions back in the graph-file grammar (``ceil`` not ``ceiling``)."""

    def _print_ceiling(self, expr: Expr) -> str:
        return f"ceil({self._print(expr.args[0])})"

    def _print_floor(self, expr: Expr) -> str:
        return f"floor({self._print(expr.args[0])})"

    def _print_Min(self, expr: Expr) -> str:
        return "min(" + ", ".join(self._print(a) for a in expr.args) + ")"

    def _print_Max(self, expr: Expr) -> str:
        return "max(" + ", ".join(self._print(a) for a in expr.args) + ")"

    def _print_Pow(self, expr: Expr, rational: bool = False) -> str:
        # the grammar has no negative exponents: x**(-k) is written 1/x**k
        base, exponent = expr.args
        if exponent.is_Integer and exponent < 0:
            positive = sympy.Pow(base, -exponent, evaluate=False)
            return (
                f"1/{self.parenthesize(positive, 60)}"
                if exponent != -1
                else (f"1/{self.parenthesize(base, 60)}")
            )
        return str(super()._print_Pow(expr, rational))

    def _print_Mod(self, expr: Expr) -> str:
        a, b = expr.args
        return f"(({self._print(a)}) % ({self._print(b)}))"

    def _print_Mul(self, expr: Expr) -> str:
        # sympy distributes a number over a two-factor sum as it builds it (2*(H + 64) becomes
        # 2*H + 128), so text must never put the coefficient next to a lone sum: negative
        # coefficients go outside, others after the product they scale.
        coefficient, rest = expr.as_coeff_Mul()
        if coefficient.is_Rational and coefficient < 0 and rest != 1:
            return f"-({self._print(-expr)})"
        if coefficient.is_Rational and coefficient != 1 and rest.is_Mul:
            text = str(super()._print_Mul(rest))
            if coefficient.p != 1:
                text += f"*{int(coefficient.p)}"
            if coefficient.q != 1:
                text += f"/{int(coefficient.q)}"
            return text
        return str(super()._print_Mul(expr))


_PRINTER = _ExpressionPrinter()


# sympy does not cache Min and Max: each one orders and factors its arguments anew (a cost
# report builds the same few, such as min(keys, topk), in every graph of a search). Exact: the
# same arguments give the same expression (typed: 1 and 1.0 are different arguments).
@functools.lru_cache(maxsize=8192, typed=True)
def smallest(*args: Expr) -> Expr:
    """``sympy.Min(*args)``, remembered."""
    return sympy.Min(*args)


@functools.lru_cache(maxsize=8192, typed=True)
def largest(*args: Expr) -> Expr:
    """``sympy.Max(*args)``, remembered."""
    return sympy.Max(*args)


@functools.lru_cache(maxsize=8192)
def format_expr(expr: Expr) -> str:
    """An expression as text the parser reads back to the same expression."""
    return str(_PRINTER.doprint(expr))


def to_file_value(expr: Expr) -> int | str:
    """An expression as a graph-file value: a plain integer when it is one."""
    if expr.is_Integer:
        return int(expr)
    return format_expr(expr)


@functools.lru_cache(maxsize=16384)
def evaluate(expr: Expr, values: tuple[tuple[sympy.Symbol, int], ...]) -> Expr:
    """``expr`` with symbols replaced by integers (``xreplace``: far cheaper than ``subs``)."""
    if not values or expr.is_Number:
        return expr
    return expr.xreplace({name: sympy.Integer(value) for name, value in values})


def integer_value(expr: Expr) -> int | None:
    """The integer ``expr`` denotes, or None when it is symbolic or not an integer."""
    if expr.is_Integer:
        return int(expr)
    if expr.is_Number and expr == int(expr):
        return int(expr)
    return None


# sympy imports parts of its arithmetic lazily, on the first Add or Mul it builds; do that once
# at import so the first graph a process loads does not pay for it.
parse_expr("ceil(T/tp)*tp + min(T, 2) % tp - max(T, 1)//2", frozenset({"T", "tp"}))
