"""The safe expression parser: the grammar of graph-format.md, its results, and what it refuses."""

from __future__ import annotations

import ast
import builtins
import math
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
import sympy
from hypothesis import given

from layoutcheck.symbols import (
    ExpressionError,
    format_expr,
    is_symbol_name,
    parse_expr,
    symbol,
    to_file_value,
)
from layoutcheck.testing import SYMBOL_NAMES, expression_texts, expressions, symbol_values

KNOWN = frozenset(SYMBOL_NAMES)
T, tp, H, E = (symbol(name) for name in ("T", "tp", "H", "E"))


def parse(text: str | int) -> sympy.Expr:
    return parse_expr(text, KNOWN)


# -- the grammar and its meaning -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("T", T),
        ("42", sympy.Integer(42)),
        ("T + H", T + H),
        ("T - tp", T - tp),
        ("2*H", 2 * H),
        ("T/tp", T / tp),
        ("T//tp", sympy.floor(T / tp)),
        ("T % tp", sympy.Mod(T, tp)),
        ("H**2", H**2),
        ("-T", -T),
        ("+T", T),
        ("(T + 1)*(tp + 1)", (T + 1) * (tp + 1)),
        ("2*(T + H)", 2 * T + 2 * H),
        ("T - (tp - H)", T - tp + H),
        ("ceil(T/tp)", sympy.ceiling(T / tp)),
        ("ceil(T/tp)*tp", sympy.ceiling(T / tp) * tp),
        ("floor(T/tp)", sympy.floor(T / tp)),
        ("min(T, 2048)", sympy.Min(T, 2048)),
        ("max(T, tp, H)", sympy.Max(T, tp, H)),
        ("min(2048, max(T, 1))", sympy.Min(2048, T)),
        ("heads*(d_nope + d_rope)", symbol("heads") * (symbol("d_nope") + symbol("d_rope"))),
        ("  T / tp\t", T / tp),
    ],
)
def test_grammar_gives_the_right_expression(text: str, expected: sympy.Expr) -> None:
    known = KNOWN | {"heads", "d_nope", "d_rope"}
    assert parse_expr(text, known) == expected


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("7/2", Fraction(7, 2)),
        ("7//2", 3),
        ("-7//2", -4),  # floor division rounds down, as in Python
        ("7 % 3", 1),
        ("-7 % 3", 2),  # the result takes the divisor's sign, as in Python
        ("2**10", 1024),
        ("2**3**2", 512),  # right associative
        ("2 - 3 - 4", -5),  # left associative
        ("2 + 3*4", 14),
        ("(2 + 3)*4", 20),
        ("-2**2", -4),  # unary minus binds looser than **
        ("12/4/3", 1),
        ("ceil(9/4)", 3),
        ("ceil(8/4)", 2),
        ("floor(9/4)", 2),
        ("floor(-9/4)", -3),
        ("min(3, 1, 2)", 1),
        ("max(3, 1, 2)", 3),
        ("ceil(9/4)*4", 12),
        ("0**0", 1),
    ],
)
def test_integer_arithmetic_follows_python_semantics(text: str, value: Fraction | int) -> None:
    result = parse(text)
    assert result.is_Rational
    assert Fraction(int(result.p), int(result.q)) == value


def test_integers_and_symbols_are_sympy_objects() -> None:
    assert parse(4096) == sympy.Integer(4096)
    assert parse("T").is_Symbol
    assert parse("T").is_integer and parse("T").is_positive


def test_symbols_are_positive_integers_so_sizes_simplify() -> None:
    # T/tp*tp is T; a padded extent is a multiple of tp
    assert parse("T/tp*tp") == T
    assert (parse("ceil(T/tp)*tp") / tp).is_integer


def _reference(text: str, values: dict[str, int]) -> Fraction:
    """An independent exact evaluator of the grammar (Python semantics, Fractions)."""

    def value(node: ast.AST) -> Fraction:
        if isinstance(node, ast.Constant):
            return Fraction(node.value)
        if isinstance(node, ast.Name):
            return Fraction(values[node.id])
        if isinstance(node, ast.UnaryOp):
            operand = value(node.operand)
            return -operand if isinstance(node.op, ast.USub) else operand
        if isinstance(node, ast.BinOp):
            a, b = value(node.left), value(node.right)
            binary = {
                ast.Add: lambda: a + b,
                ast.Sub: lambda: a - b,
                ast.Mult: lambda: a * b,
                ast.Div: lambda: a / b,
                ast.FloorDiv: lambda: Fraction(a // b),
                ast.Mod: lambda: a % b,
                ast.Pow: lambda: a ** int(b),
            }
            return binary[type(node.op)]()
        if isinstance(node, ast.Call):
            assert isinstance(node.func, ast.Name)
            args = [value(arg) for arg in node.args]
            calls = {
                "ceil": lambda: Fraction(math.ceil(args[0])),
                "floor": lambda: Fraction(math.floor(args[0])),
                "min": lambda: min(args),
                "max": lambda: max(args),
            }
            return calls[node.func.id]()
        raise AssertionError(f"generated text outside the grammar: {ast.dump(node)}")

    return value(ast.parse(text, mode="eval").body)


def _at(expr: sympy.Expr, values: dict[str, int]) -> Fraction:
    number = expr.xreplace({symbol(name): sympy.Integer(v) for name, v in values.items()})
    assert number.is_Rational, f"{expr} at {values} is {number}, not a number"
    return Fraction(int(number.p), int(number.q))


@given(expression_texts(), symbol_values())
def test_parsed_expressions_evaluate_like_the_text(text: str, values: dict[str, int]) -> None:
    assert _at(parse(text), values) == _reference(text, values)


# -- printing and the round trip -------------------------------------------------------------


@given(expressions())
def test_format_then_parse_is_identity(expr: sympy.Expr) -> None:
    assert parse(format_expr(expr)) == expr


@given(expressions(), symbol_values())
def test_format_then_parse_keeps_the_value(expr: sympy.Expr, values: dict[str, int]) -> None:
    assert _at(parse(format_expr(expr)), values) == _at(expr, values)


@pytest.mark.parametrize(
    "text",
    [
        "ceil(T/tp)*tp",
        "floor(T/tp)",
        "min(T, 2048)",
        "max(H, T, tp)",
        "T % tp",
        "T - T % tp",
        "(T + tp - 1)//tp",
        "H/2",
        "1/T",
        "tp/T**2",
        "1/T**2",  # sympy prints T**(-2)
        "floor(1/(H*H))",
        "-(H % T)",  # printed -(H) % (T), which reads as (-H) % T
        "H/2/(tp + 1)",  # printed H/(2*(tp + 1)), which reads as H/(2*tp + 2)
        "(H + 64)/tp*2",  # printed 2*(H + 64)/tp, which reads as (2*H + 128)/tp
        "(E + 14)*(2/(T + H))",
        "ceil((H + 2)/tp*13)",
        # sympy simplifies a Mod it builds from parts differently from one it reads whole
        "-((-(T*T)) % (T*16))",
        "T % (T*T) % (T*T)",
    ],
)
def test_round_trip_examples(text: str) -> None:
    expr = parse(text)
    printed = format_expr(expr)
    assert parse(printed) == expr, f"{text!r} printed as {printed!r}"


@pytest.mark.parametrize(
    ("text", "spelling"),
    [("ceil(T/tp)*tp", "ceil("), ("floor(T/tp)", "floor("), ("min(T, 2048)", "min("),
     ("max(T, 2048)", "max(")],
)  # fmt: skip
def test_format_uses_the_file_spelling_of_functions(text: str, spelling: str) -> None:
    printed = format_expr(parse(text))
    assert spelling in printed
    assert not any(word in printed for word in ("ceiling", "Min", "Max", "Mod"))


def test_to_file_value_is_an_int_for_integers_and_text_otherwise() -> None:
    assert to_file_value(parse("2*3")) == 6
    assert isinstance(to_file_value(parse("2*3")), int)
    assert to_file_value(parse("T/tp")) == "T/tp"


# -- what the parser refuses -----------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # unknown symbols
        "Q",
        "T + Q",
        "t",  # names are case-sensitive
        # floats and other constants
        "1.5",
        "1e3",
        "T*0.5",
        "1j",
        "True",
        "None",
        # strings
        "'T'",
        '"T"',
        "T + 'x'",
        # attribute access and subscripts
        "T.real",
        "tp.__class__",
        "T[0]",
        # calls other than ceil floor min max, and bad calls of those four
        "sqrt(T)",
        "abs(T)",
        "exp(T)",
        "pow(T, 2)",
        "Symbol(T)",
        "eval(T)",
        "__import__(os)",
        "ceil(T, tp)",
        "floor()",
        "min(T)",
        "max(T, tp, H, E, T, tp, H, E, T)",
        "min(T, tp, key=H)",
        "ceil(*T)",
        "ceil",
        # lambdas, comprehensions and other statements or expressions
        "lambda: T",
        "(lambda x: x)(T)",
        "[T for T in tp]",
        "(T for x in tp)",
        "{T for x in tp}",
        "T if tp else H",
        "T and tp",
        "not T",
        "~T",
        "T < tp",
        "T @ tp",
        "T; tp",
        "import os",
        "(x := T)",
        "T, tp",
        "[T]",
        # division by zero
        "T/0",
        "T//0",
        "T % 0",
        "T/(tp - tp)",
        # negative or symbolic exponents
        "T**-1",
        "T**tp",
        "2**(1/2)",
        # not an expression at all
        "",
        "   ",
        "T +",
        "(T",
        "T)",
        "\n",
        "T\nimport os",
    ],
)
def test_refuses_text_outside_the_grammar(text: str) -> None:
    with pytest.raises(ExpressionError):
        parse(text)


@pytest.mark.parametrize("value", [True, False, None, 1.5, b"T", ["T"], {"T": 1}])
def test_refuses_values_that_are_not_text_or_integers(value: object) -> None:
    with pytest.raises(ExpressionError):
        parse_expr(value, KNOWN)  # type: ignore[arg-type]


def test_refuses_code_injection_without_running_it(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    attacks = [
        "__import__('os').system('echo pwned')",
        f"__import__('os').system('touch {marker}')",
        f"open('{marker}', 'w')",
        f'__import__("pathlib").Path("{marker}").touch()',
        f"exec(\"open('{marker}', 'w')\")",
    ]
    for attack in attacks:
        with pytest.raises(ExpressionError):
            parse(attack)
    assert not marker.exists()


def test_parsing_never_evaluates_text_as_python(monkeypatch: pytest.MonkeyPatch) -> None:
    # sympify / sympy's parse_expr on a string end in eval(); the parser must not go near them
    calls: list[object] = []

    def forbidden(*args: object, **kwargs: object) -> None:
        calls.append(args)
        raise AssertionError("user text reached eval/exec")

    text = "ceil(E/tp)*tp + max(H, 3) % 7 - floor(H/2) + min(T, 5)**2 - T//tp"
    with monkeypatch.context() as patch:
        patch.setattr(builtins, "eval", forbidden)
        patch.setattr(builtins, "exec", forbidden)
        result = parse_expr(text, KNOWN | {"unused_name_so_the_cache_misses"})
    assert calls == []
    expected = (
        sympy.ceiling(E / tp) * tp
        + sympy.Mod(sympy.Max(H, 3), 7)
        - sympy.floor(H / 2)
        + sympy.Min(T, 5) ** 2
        - sympy.floor(T / tp)
    )
    assert result == expected


@pytest.mark.parametrize(
    "text",
    [
        "9**9**9**9",
        "10**100",
        "2**65",
        "(2**64)**64",
        "99999999999**7",
        "T**65",
        "(((9*T)**64)**64)**64",  # the integer coefficient grows past any bound
        "((T*2**64)**64)**64",
    ],
)
def test_refuses_huge_powers(text: str) -> None:
    with pytest.raises(ExpressionError):
        parse(text)


def test_refuses_a_tower_of_coefficient_powers_in_a_separate_process() -> None:
    # ((((9*T)**64)**64)**64)**64 makes sympy compute 9**(64**4) if nothing bounds it. Run it
    # in a child process so that a parser that does not refuse it cannot hang the test run;
    # the limit is a guard against hanging, not a speed requirement.
    code = (
        "from layoutcheck.symbols import parse_expr, ExpressionError\n"
        "try:\n"
        "    parse_expr('((((9*T)**64)**64)**64)**64', {'T'})\n"
        "except ExpressionError:\n"
        "    print('refused')\n"
        "else:\n"
        "    print('accepted')\n"
    )
    try:
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, timeout=10
        )
    except subprocess.TimeoutExpired:
        pytest.fail("parsing ((((9*T)**64)**64)**64)**64 did not finish (it was not refused)")
    assert result.stdout.strip() == "refused", result.stderr[-2000:]


@pytest.mark.parametrize(
    "text",
    [
        "(" * 30 + "T" + ")" * 30,
        "ceil(" * 30 + "T" + ")" * 30,
        "-" * 100 + "T",
        "+" * 100 + "T",
        "-(" * 40 + "T" + ")" * 40,
    ],
)
def test_refuses_deep_nesting(text: str) -> None:
    with pytest.raises(ExpressionError):
        parse(text)


@pytest.mark.parametrize(
    "text",
    [
        "T+" * 300 + "T",
        "T" * 1000,
        " " * 1000 + "T",
        "1" * 100_000,
        "min(" + "T," * 500 + "T)",
    ],
    ids=["long-sum", "long-name", "long-blank", "long-literal", "long-call"],
)
def test_refuses_very_long_input(text: str) -> None:
    with pytest.raises(ExpressionError):
        parse(text)


@pytest.mark.parametrize("value", ["1" * 25, "9" * 40, "1" * 300, "T*" + "7" * 30])
def test_refuses_huge_integer_literals_in_text(value: str) -> None:
    with pytest.raises(ExpressionError):
        parse(value)


@pytest.mark.parametrize(
    "value",
    [10**24, -(10**30), 10**300, 10**5000],
    ids=["10**24", "-10**30", "10**300", "10**5000"],
)
def test_refuses_huge_integer_values(value: int) -> None:
    # an integer straight from a YAML or JSON file
    with pytest.raises(ExpressionError):
        parse(value)


def test_accepts_the_largest_integers_it_allows() -> None:
    assert parse("9" * 24) == sympy.Integer(int("9" * 24))
    assert parse(10**23) == sympy.Integer(10**23)
    assert parse("2**64") == sympy.Integer(2**64)


# -- symbol names ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["T", "tp", "moe_I", "d_nope", "H2"])
def test_valid_symbol_names(name: str) -> None:
    assert is_symbol_name(name)
    assert symbol(name).is_integer and symbol(name).is_positive
    assert symbol(name) is symbol(name)


@pytest.mark.parametrize("name", ["", "2T", "_T", "T-1", "if", "lambda", "ceil", "min", "a b"])
def test_invalid_symbol_names(name: str) -> None:
    assert not is_symbol_name(name)
    with pytest.raises(ExpressionError):
        symbol(name)
