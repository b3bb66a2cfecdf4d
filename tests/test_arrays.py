"""layoutcheck.arrays: a formula's compiled program gives what sympy gives at every point, on
arrays and on scalars, computes a shared part once, and refuses a function it has no form for."""

from __future__ import annotations

import math

import numpy as np
import pytest
import sympy

from layoutcheck import arrays
from layoutcheck.arrays import Unsupported, compile_arrays, numpy_function

T, S, tp = sympy.symbols("T S tp", positive=True, integer=True)
FORMULAS = [
    2 * T * S / tp + 7,
    sympy.Max(T / tp, S, evaluate=False) + sympy.Min(T, 4096, S, evaluate=False),
    sympy.ceiling(T / tp) * tp - T,
    sympy.floor(S / 3) + sympy.Mod(T, tp),
    sympy.log(tp, 2) * 3e-6 + (tp - 1) / tp * T * 2,
    sympy.Piecewise((0, sympy.Le(tp, 1)), (T / tp, sympy.Le(tp, 8)), (2 * T / tp, True)),
    sympy.Piecewise((S, sympy.And(sympy.Gt(T, 100), sympy.Lt(S, 3000))), (T, True)),
    T ** sympy.Rational(1, 2) + S**-1,
    sympy.Integer(5),
]


def _sympy_value(formula: sympy.Expr, t: float, s: float, p: float) -> float:
    return float(formula.subs({T: t, S: s, tp: p}))


@pytest.mark.parametrize("formula", FORMULAS, ids=range(len(FORMULAS)))
def test_a_program_is_the_formula_at_every_point(formula: sympy.Expr) -> None:
    program = compile_arrays([formula], ["S", "T", "tp"])
    tokens = np.array([1.0, 99.0, 101.0, 4096.0, 9000.0])
    context = np.array([1.0, 2999.0, 3000.0, 4097.0, 7.0])
    for p in (1.0, 4.0, 16.0):
        (values,) = program(context, tokens, p)
        values = np.broadcast_to(values, tokens.shape)
        expected = [_sympy_value(formula, t, s, p) for t, s in zip(tokens, context, strict=True)]
        np.testing.assert_allclose(values, expected, rtol=1e-12)
        (scalar,) = program(float(context[3]), float(tokens[3]), p)
        assert float(scalar) == pytest.approx(expected[3], rel=1e-12)


def test_a_shared_part_is_computed_once_per_call(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []

    def counted(*values: object) -> object:
        calls.append(values)
        return np.maximum(*values)

    monkeypatch.setitem(arrays.FUNCTIONS, sympy.Max, counted)
    shared = sympy.Max(T / tp, S, evaluate=False)
    program = compile_arrays([shared + 1, shared * 2, T], ["S", "T", "tp"])
    first, second, third = program(np.array([1.0, 500.0]), np.array([64.0, 64.0]), 4.0)
    assert len(calls) == 1
    np.testing.assert_array_equal(first, [17.0, 501.0])
    np.testing.assert_array_equal(second, [32.0, 1000.0])
    np.testing.assert_array_equal(third, [64.0, 64.0])


def test_an_unknown_function_or_symbol_is_refused() -> None:
    with pytest.raises(Unsupported):
        compile_arrays([sympy.sin(T)], ["T"])
    with pytest.raises(Unsupported):
        compile_arrays([T + S], ["T"])


def test_numpy_function_falls_back_to_lambdify_for_the_rest() -> None:
    (values,) = numpy_function([sympy.sin(T) + T], ["T"])(np.array([0.0, 1.0]))
    np.testing.assert_allclose(values, [0.0, 1.0 + np.sin(1.0)], rtol=1e-15)


@pytest.mark.parametrize("formula", FORMULAS, ids=range(len(FORMULAS)))
def test_a_program_written_as_code_runs_to_the_same_bits(formula: sympy.Expr) -> None:
    program = compile_arrays([formula, 2 * formula], ["S", "T", "tp"])
    assert isinstance(program, arrays.Program)
    # the code is plain data: what JSON keeps (lists for tuples) is enough to rebuild it
    code = [tuple(step) for step in program.code]
    again = arrays.Program.from_code(program.names, code, program.outputs)  # type: ignore[arg-type]
    points = (np.array([1.0, 99.0, 4096.0]), np.array([7.0, 3000.0, 4097.0]), 16.0)
    for ours, theirs in zip(program(*points), again(*points), strict=True):
        assert np.array_equal(np.asarray(ours), np.asarray(theirs))


@pytest.mark.parametrize(
    ("code", "outputs"),
    [
        ([("__import__", (0,))], [-1]),  # not a head of the array table
        ([("Add", (0, -1))], [-1]),  # reads its own result
        ([("Add", (0, 3))], [-1]),  # an input the program does not take
        ([("=", (), "os")], [-1]),  # a constant that is not a number
        ([("=", (0,), 1.0)], [-1]),  # a constant with arguments
        ([("Add", (0, True))], [-1]),  # a slot that is not an integer
        ([("=", (), 1.0)], [-2]),  # an output never computed
    ],
)
def test_code_that_is_not_a_program_is_refused(code: list[object], outputs: list[int]) -> None:
    with pytest.raises(Unsupported):
        arrays.Program.from_code(["T"], code, outputs)  # type: ignore[arg-type]


@pytest.mark.parametrize("formula", FORMULAS, ids=range(len(FORMULAS)))
def test_a_program_on_plain_numbers_gives_what_it_gives_on_arrays(formula: sympy.Expr) -> None:
    # plain floats run through math, arrays through numpy: the same steps, and the same numbers
    # (to the last bit but for log, whose numpy loop may round differently)
    program = compile_arrays([formula], ["S", "T", "tp"])
    for s, t, p in [(1.0, 1.0, 1.0), (2999.0, 101.0, 4.0), (4097.0, 4096.0, 16.0), (7, 9000, 3)]:
        (scalar,) = program(s, t, p)
        (array,) = program(np.array([s]), np.array([t]), np.array([p]))
        assert type(scalar) in (float, bool)
        assert scalar == pytest.approx(float(np.asarray(array).reshape(-1)[0]), rel=1e-15)


@pytest.mark.parametrize(
    "formula",
    [
        sympy.Piecewise((T / (tp - 4), sympy.Gt(tp, 4)), (T, True)),  # x/0 in the branch not taken
        sympy.Piecewise((sympy.log(tp - 4), sympy.Gt(tp, 4)), (S, True)),  # log 0
        sympy.Piecewise((sympy.exp(T), sympy.Lt(T, 100)), (S, True)),  # an overflow
        sympy.Piecewise((sympy.Mod(T, tp - 4), sympy.Gt(tp, 4)), (S, True)),  # x mod 0
        sympy.Piecewise(((tp - 8) ** sympy.Rational(1, 2), sympy.Gt(tp, 8)), (S, True)),
    ],
    ids=["divide", "log", "exp", "mod", "root"],
)
def test_a_branch_not_taken_never_stops_a_program_on_plain_numbers(formula: sympy.Expr) -> None:
    # a Piecewise computes every branch: where Python would raise, the IEEE answer numpy gives
    (value,) = compile_arrays([formula], ["S", "T", "tp"])(3000.0, 4096.0, 4.0)
    assert value == 3000.0 if formula.has(S) else value == 4096.0


def test_plain_numbers_get_numpys_answers_where_python_would_raise() -> None:
    program = compile_arrays(
        [T / (tp - 4), sympy.log(tp - 4), sympy.Mod(T, tp - 4), sympy.Max(T, S, evaluate=False)],
        ["S", "T", "tp"],
    )
    with np.errstate(all="ignore"):
        arrays_ = [float(np.asarray(v)) for v in program(np.array(np.nan), np.array(1.0), 4.0)]
    scalars = program(math.nan, 1.0, 4.0)
    assert [str(v) for v in scalars] == [str(v) for v in arrays_] == ["inf", "-inf", "nan", "nan"]
