"""The functions a ``pointwise`` op may apply, and what algebra each obeys: the one place that
says whether a pending sum passes a function (its linearity), whether it is odd, and whether it
keeps a zero a zero (a padding row stays zero through it).

Linearity is a fact of the function and of how many activation operands it has (scalar
operands are attrs of the engine op, not inputs): ``x + 2`` is affine, not linear, while
``x + y`` is additive; ``x · 2`` and ``x · m`` (``m`` complete) are linear in ``x``. A graph's
``linear:`` attribute may narrow a fact (``linear: false``: this use is not linear), never widen
it: ``linear: true`` on a function the table says is not linear is refused, as PyTorch
DTensor's norm of a ``Partial`` taken as linear was (PR 159856, a wrong norm for every
partial tensor). One fact is not the function's alone: ``where`` with a scalar fill is linear
exactly when the fill is zero, which the graph does not carry, so there the attribute states it.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs


class Linearity(enum.Enum):
    """How a pending sum (``P``) passes a function of one or more activation operands."""

    NONE = "none"  # no pending sum passes: reduce first
    FIRST = "first"  # linear in its first operand when the others are complete (x / m)
    EACH = "each"  # linear in any one operand when the others are complete (x · m)
    ADDITIVE = "additive"  # linear in all operands at once: P passes when every operand is P
    STATED = "stated"  # depends on a scalar the graph does not carry: `linear:` states it

    @property
    def passes_partial(self) -> bool:
        return self is not Linearity.NONE


@attrs.frozen
class Function:
    """One pointwise function: its operands and facts. ``alone`` is its linearity with one
    activation operand (the others scalars), ``together`` with two or more."""

    name: str
    operands: tuple[int, int]  # the least and most activation operands
    alone: Linearity = Linearity.NONE
    together: Linearity = Linearity.NONE
    # facts in the first operand, the others held (scalars or complete values), for every
    # value they may have: what a padding row (x = 0) or a sign flip of x does
    odd: bool = False  # f(-x, …) = -f(x, …)
    zero_preserving: bool = False  # f(0, …) = 0: a zero padding row stays zero
    doc: str = ""

    def linearity(self, operands: int) -> Linearity:
        return self.alone if operands == 1 else self.together

    @property
    def facts(self) -> str:
        """The facts in a few words, for messages and the reference."""
        words = []
        if self.alone is not Linearity.NONE:
            words.append(f"linear alone ({self.alone.value})")
        if self.together is not Linearity.NONE and self.operands[1] > 1:
            words.append(f"linear with others ({self.together.value})")
        if not words:
            words.append("not linear")
        if self.odd:
            words.append("odd")
        if self.zero_preserving:
            words.append("keeps zero")
        return ", ".join(words)


L = Linearity
ONE, TWO, ONE_OR_TWO = (1, 1), (2, 2), (1, 2)


def _unary(name: str, *, odd: bool = False, zero: bool = False, doc: str = "") -> Function:
    return Function(name, ONE, odd=odd, zero_preserving=zero, doc=doc)


def _compare(name: str) -> Function:
    """A comparison or logical op: a mask of booleans, never linear."""
    return Function(name, ONE_OR_TWO, doc="a comparison or logical mask (booleans)")


_TABLE: tuple[Function, ...] = (
    # -- arithmetic: the linear ones, by the operands they take -----------------------------
    Function(
        "add",
        ONE_OR_TWO,
        L.NONE,
        L.ADDITIVE,
        doc="x + c is affine (c added once per rank); x + y is additive",
    ),
    Function(
        "sub",
        ONE_OR_TWO,
        L.NONE,
        L.ADDITIVE,
        doc="x − c is affine; x − y is additive",
    ),
    Function(
        "rsub",
        ONE_OR_TWO,
        L.NONE,
        L.ADDITIVE,
        doc="c − x is affine; y − x is additive",
    ),
    Function(
        "mul",
        ONE_OR_TWO,
        L.FIRST,
        L.EACH,
        odd=True,
        zero_preserving=True,
        doc="x · c and x · m are linear in x (m complete)",
    ),
    Function(
        "div",
        ONE_OR_TWO,
        L.FIRST,
        L.FIRST,
        odd=True,
        zero_preserving=True,
        doc="x / c and x / m are linear in the numerator only",
    ),
    Function("neg", ONE, L.FIRST, odd=True, zero_preserving=True, doc="−x"),
    Function(
        "muls_add",
        TWO,
        L.NONE,
        L.ADDITIVE,
        doc="x · s + y, s a scalar (vLLM-Ascend's muls_add): additive in x and y together",
    ),
    Function(
        "where",
        (1, 3),
        L.STATED,
        L.STATED,
        doc="a mask (the value first, then a complete condition): with a scalar fill linear "
        "in the value exactly when the fill is 0 (`linear:` says so)",
    ),
    Function("fill", ONE, doc="every element set to a scalar"),
    # -- non-linear binary arithmetic --------------------------------------------------------
    Function("floordiv", ONE_OR_TWO, zero_preserving=True, doc="rounds: not linear"),
    Function("remainder", ONE_OR_TWO, zero_preserving=True, doc="not linear"),
    Function("fmod", ONE_OR_TWO, odd=True, zero_preserving=True, doc="not linear"),
    Function("pow", ONE_OR_TWO, doc="x ** p: not linear (a norm's square)"),
    Function(
        "gated_norm",
        TWO,
        odd=True,
        zero_preserving=True,
        doc="an RMS norm within each of the rank's own heads of x, times silu(gate) (Mamba-2's "
        "and the gated delta net's output norm): not linear; the simulator computes "
        "x·silu(gate), as the per-head scale moves no row or feature",
    ),
    Function("atan2", ONE_OR_TWO, doc="not linear"),
    Function("maximum", ONE_OR_TWO, doc="the max of sums is not the sum of maxes"),
    Function("minimum", ONE_OR_TWO, doc="not linear"),
    Function("clamp", (1, 3), doc="not linear"),
    Function("clamp_min", ONE_OR_TWO, doc="not linear"),
    Function("clamp_max", ONE_OR_TWO, doc="not linear"),
    # -- unary functions ---------------------------------------------------------------------
    _unary("abs", zero=True, doc="even"),
    _unary("relu_squared", zero=True, doc="max(x, 0)²: not linear (vLLM's relu2_no_mul)"),
    _unary("sign", odd=True, zero=True),
    _unary("exp"),
    _unary("expm1", zero=True),
    _unary("log"),
    _unary("log2"),
    _unary("log10"),
    _unary("log1p", zero=True),
    _unary("sqrt", zero=True),
    _unary("rsqrt", doc="a norm's 1/√(mean x²): not linear"),
    _unary("reciprocal", odd=True),
    _unary("sin", odd=True, zero=True),
    _unary("cos"),
    _unary("tan", odd=True, zero=True),
    _unary("asin", odd=True, zero=True),
    _unary("acos"),
    _unary("atan", odd=True, zero=True),
    _unary("sinh", odd=True, zero=True),
    _unary("cosh"),
    _unary("tanh", odd=True, zero=True),
    _unary("asinh", odd=True, zero=True),
    _unary("acosh"),
    _unary("atanh", odd=True, zero=True),
    _unary("erf", odd=True, zero=True),
    _unary("floor", zero=True),
    _unary("ceil", zero=True),
    _unary("round", odd=True, zero=True),
    _unary("trunc", odd=True, zero=True),
    _unary("leaky_relu", zero=True),
    _unary("elu", zero=True),
    _unary("hardtanh", doc="clamps to its bounds, which need not hold 0"),
    _unary("isnan"),
    _unary("isinf"),
    # -- comparisons and logic: masks --------------------------------------------------------
    *(_compare(name) for name in ("eq", "ne", "lt", "le", "gt", "ge")),
    *(_compare(name) for name in ("logical_and", "logical_or", "logical_xor", "logical_not")),
    *(_compare(name) for name in ("and", "or", "not")),
    *(_compare(name) for name in ("bitwise_and", "bitwise_or", "bitwise_xor")),
)

FUNCTIONS: Mapping[str, Function] = {function.name: function for function in _TABLE}


def contradiction(fn: str, stated: object, operands: int) -> str | None:
    """Why a graph's ``linear:`` attribute contradicts the table, or None: ``linear: true``
    on a function the table says passes no pending sum with this many operands."""
    function = FUNCTIONS.get(fn)
    if function is None or stated is not True:
        return None
    # a function linear with some operand count (x + y, not x + c) is judged per use by the
    # layout rule: there the table's fact for this count decides
    low, high = function.operands
    if any(function.linearity(count).passes_partial for count in range(low, high + 1)):
        return None
    return (
        f"pointwise {fn} is not linear ({function.doc or function.facts}): `linear: true` "
        "would let a pending sum through it; drop the attribute (the catalogue's table of "
        "functions decides)"
    )
