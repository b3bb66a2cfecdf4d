"""Structural validation at the values: every size whole, positive, defined and bounded;
names printable; and every attr of every op kind type-checked before use (a wrong type is a
GraphError naming the attr, never a TypeError)."""

from __future__ import annotations

from typing import Any

import pytest

from layoutcheck.graph import Graph, GraphError, InputSpec, Op, ValueRef
from layoutcheck.ops import default_registry
from layoutcheck.ops.base import AttrKind, AttrSpec
from layoutcheck.session import with_symbols
from layoutcheck.symbols import parse_expr
from layoutcheck.validate import normalize

NAMES = frozenset({"T", "tp", "H"})


def graph(
    dims: tuple[str, ...] = ("T", "H"),
    ops: tuple[Op, ...] = (),
    *,
    symbols: tuple[tuple[str, int | None], ...] = (("T", 64), ("tp", 4), ("H", 32)),
    token_count: str = "T",
    name: str = "g",
) -> Graph:
    return Graph(
        name=name,
        symbols=symbols,
        token_count=parse_expr(token_count, NAMES),
        groups=(("tp", parse_expr("tp", NAMES)),),
        inputs=(InputSpec("x", tuple(parse_expr(d, NAMES) for d in dims)),),
        ops=ops,
        outputs=(),
    )


def linear(out_features: str) -> Op:
    attrs = {"in_features": "H", "out_features": out_features, "parallel": "column"}
    return Op("proj", "linear", (ValueRef("x"),), tuple(sorted(attrs.items())))


@pytest.mark.parametrize(
    ("out_features", "message"),
    [
        ("H % (tp - 4)", "Mod(H, tp - 4) is undefined at T=64, tp=4, H=32"),
        ("min(H, H/(tp - 4))", "is undefined at"),
        ("floor(H/(tp - 4))", "is undefined at"),
        ("H/3", "H/3 = 32/3 is not a whole number"),
        ("H - 32", "is not positive"),
        ("(H + 1)**64", "the limit for a size is 10**15"),
    ],
)
def test_sizes_are_checked_at_the_values(out_features: str, message: str) -> None:
    with pytest.raises(GraphError) as raised:
        normalize(graph(ops=(linear(out_features),)))
    assert message in raised.value.message
    assert raised.value.op == "proj"


def test_a_size_undefined_only_at_new_values_is_refused_when_they_are_set() -> None:
    valid = normalize(graph(ops=(linear("H/(tp - 2)"),)))  # defined at tp = 4
    with pytest.raises(GraphError, match=r"H/\(tp - 2\) is undefined at T=64, tp=2, H=32"):
        with_symbols(valid, {"tp": 2})


def test_feature_dims_must_be_whole_but_a_local_token_dim_is_the_interpreters() -> None:
    with pytest.raises(GraphError, match="input 'x' dim H/3 = 32/3 is not a whole number"):
        normalize(graph(("T", "H/3")))
    # T/3 rows: the interpreter reports it (token-extent / indivisible), with the fix
    assert normalize(graph(("T/3", "H"))).inputs[0].shape[0] == parse_expr("T/3", NAMES)
    with pytest.raises(GraphError, match="token_count T/3 = 64/3 is not a whole number"):
        normalize(graph(token_count="T/3"))


def test_symbol_values_are_capped() -> None:
    with pytest.raises(GraphError, match=r"symbol 'T' is 10\*\*13; the limit is 10\*\*12"):
        normalize(graph(symbols=(("T", 10**13), ("tp", 4), ("H", 32))))


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("a\nb", "holds the control character '\\\\n'"),
        ("\x1b[31mred", "holds the control character '\\\\x1b'"),
        ("\u202ename", "control character"),
        ("n" * 1001, "1001 characters long"),
    ],
)
def test_names_are_printable_and_bounded(name: str, message: str) -> None:
    op = Op(name, "rms_norm", (ValueRef("x"),))
    with pytest.raises(GraphError, match=message):
        normalize(graph(ops=(op,)))
    with pytest.raises(GraphError, match=message):
        normalize(graph(name=name))


# -- every attr of every kind, given a value of the wrong type ---------------------------------

WRONG: tuple[Any, ...] = ({"a": 1}, [{"a": 1}], [[1]], 1.5, "", 10**30, "x" * 500, None)


def _valid(spec: AttrSpec) -> Any:
    return {
        AttrKind.SIZE: "H",
        AttrKind.SIZES: ("H",),
        AttrKind.CHOICE: spec.choices[0] if spec.choices else "x",
        AttrKind.GROUP: "tp",
        AttrKind.BOOL: True,
        AttrKind.TEXT: "r",
    }[spec.kind]


def _cases() -> list[tuple[str, str, Any]]:
    registry = default_registry()
    cases = []
    for kind in registry.kinds():
        spec = registry[kind]
        for key in [*sorted(spec.attrs), *sorted(spec.attr_aliases)]:
            attr = spec.attrs.get(key)
            text = attr is not None and attr.kind is AttrKind.TEXT
            # free text takes any text or number: only the other wrong values apply
            cases.extend(
                (kind, key, value)
                for value in WRONG
                if not (text and isinstance(value, str | int | float))
            )
    return cases


def _wrongly_typed(kind: str, key: str, value: Any) -> Op:
    spec = default_registry()[kind]
    attrs = {name: _valid(attr) for name, attr in spec.attrs.items() if attr.required}
    attrs[key] = value
    inputs = tuple(ValueRef("x") for _ in spec.inputs)
    return Op("op", kind, inputs, tuple(sorted(attrs.items())))


@pytest.mark.parametrize(("kind", "key", "value"), _cases(), ids=lambda v: str(v)[:12])
def test_a_wrongly_typed_attr_is_a_graph_error(kind: str, key: str, value: Any) -> None:
    with pytest.raises(GraphError) as raised:
        normalize(graph(ops=(_wrongly_typed(kind, key, value),)))
    assert f"attr {key!r}" in raised.value.message and raised.value.op == "op"
