"""The token-layout lattice (join, order) and the short text form of abstract values."""

from __future__ import annotations

import itertools

import pytest
import sympy
from hypothesis import given

from layoutcheck.lattice import AbstractValue, Dtype, FeatureState, TokenLayout, join_tokens
from layoutcheck.symbols import symbol
from layoutcheck.testing import abstract_values, dtypes, feature_states, token_layouts

BOTTOM, FULL, LOCAL, TOP = (
    TokenLayout.BOTTOM,
    TokenLayout.FULL,
    TokenLayout.LOCAL,
    TokenLayout.TOP,
)
T, H, tp = symbol("T"), symbol("H"), symbol("tp")

# The Hasse diagram BOTTOM ⊑ FULL, LOCAL ⊑ TOP written out as the full order relation.
ORDER = {
    (BOTTOM, BOTTOM),
    (BOTTOM, FULL),
    (BOTTOM, LOCAL),
    (BOTTOM, TOP),
    (FULL, FULL),
    (FULL, TOP),
    (LOCAL, LOCAL),
    (LOCAL, TOP),
    (TOP, TOP),
}


# -- join ------------------------------------------------------------------------------------


@given(token_layouts(), token_layouts())
def test_join_is_commutative(a: TokenLayout, b: TokenLayout) -> None:
    assert a.join(b) is b.join(a)


@given(token_layouts(), token_layouts(), token_layouts())
def test_join_is_associative(a: TokenLayout, b: TokenLayout, c: TokenLayout) -> None:
    assert a.join(b).join(c) is a.join(b.join(c))


@given(token_layouts())
def test_join_is_idempotent(a: TokenLayout) -> None:
    assert a.join(a) is a


@given(token_layouts())
def test_bottom_is_the_identity_of_join(a: TokenLayout) -> None:
    assert a.join(BOTTOM) is a
    assert BOTTOM.join(a) is a


@given(token_layouts())
def test_top_absorbs(a: TokenLayout) -> None:
    assert a.join(TOP) is TOP
    assert TOP.join(a) is TOP


def test_full_and_local_conflict() -> None:
    assert FULL.join(LOCAL) is TOP
    assert LOCAL.join(FULL) is TOP


@given(token_layouts(), token_layouts())
def test_join_is_an_upper_bound(a: TokenLayout, b: TokenLayout) -> None:
    joined = a.join(b)
    assert a.leq(joined)
    assert b.leq(joined)


@given(token_layouts(), token_layouts(), token_layouts())
def test_join_is_the_least_upper_bound(a: TokenLayout, b: TokenLayout, c: TokenLayout) -> None:
    if a.leq(c) and b.leq(c):
        assert a.join(b).leq(c)


# -- order -----------------------------------------------------------------------------------


@given(token_layouts())
def test_leq_is_reflexive(a: TokenLayout) -> None:
    assert a.leq(a)


@given(token_layouts(), token_layouts())
def test_leq_is_antisymmetric(a: TokenLayout, b: TokenLayout) -> None:
    if a.leq(b) and b.leq(a):
        assert a is b


@given(token_layouts(), token_layouts(), token_layouts())
def test_leq_is_transitive(a: TokenLayout, b: TokenLayout, c: TokenLayout) -> None:
    if a.leq(b) and b.leq(c):
        assert a.leq(c)


@given(token_layouts(), token_layouts())
def test_leq_agrees_with_join(a: TokenLayout, b: TokenLayout) -> None:
    assert a.leq(b) == (a.join(b) is b)


@pytest.mark.parametrize(("a", "b"), list(itertools.product(TokenLayout, repeat=2)))
def test_leq_is_exactly_the_documented_order(a: TokenLayout, b: TokenLayout) -> None:
    assert a.leq(b) == ((a, b) in ORDER)


def test_full_and_local_are_incomparable() -> None:
    assert not FULL.leq(LOCAL)
    assert not LOCAL.leq(FULL)


@given(token_layouts(), token_layouts(), token_layouts())
def test_join_tokens_folds_join(a: TokenLayout, b: TokenLayout, c: TokenLayout) -> None:
    assert join_tokens([a, b, c]) is a.join(b).join(c)


def test_join_tokens_of_nothing_is_bottom() -> None:
    assert join_tokens([]) is BOTTOM


# -- short text forms ------------------------------------------------------------------------

TOKEN_SHORT = {BOTTOM: "⊥", FULL: "F", LOCAL: "L", TOP: "⊤"}
FEATURE_SHORT = {FeatureState.WHOLE: "W", FeatureState.SPLIT: "S", FeatureState.PARTIAL: "P"}


@pytest.mark.parametrize(("layout", "text"), TOKEN_SHORT.items())
def test_token_layout_short_form(layout: TokenLayout, text: str) -> None:
    assert layout.short == text


@pytest.mark.parametrize(("state", "text"), FEATURE_SHORT.items())
def test_feature_state_short_form(state: FeatureState, text: str) -> None:
    assert state.short == text


def _value(tokens: TokenLayout, features: FeatureState, shape=(T, H)) -> AbstractValue:
    group = None if (tokens is FULL and features is FeatureState.WHOLE) else "tp"
    return AbstractValue(shape, tokens, features, Dtype.BF16, T, group)


@pytest.mark.parametrize(
    ("tokens", "features", "text"),
    [
        (FULL, FeatureState.WHOLE, "F·W"),
        (FULL, FeatureState.SPLIT, "F·S"),
        (FULL, FeatureState.PARTIAL, "F·P"),
        (LOCAL, FeatureState.WHOLE, "L·W"),
        (LOCAL, FeatureState.SPLIT, "L·S"),
        (LOCAL, FeatureState.PARTIAL, "L·P"),
    ],
)
def test_layout_short_text(tokens: TokenLayout, features: FeatureState, text: str) -> None:
    assert _value(tokens, features).layout == text


def test_top_prints_as_top() -> None:
    top = AbstractValue.top()
    assert top.is_top
    assert top.layout == "⊤"
    assert str(top) == "⊤"


def test_value_text_has_dtype_shape_and_layout() -> None:
    value = AbstractValue((T / tp, H), LOCAL, FeatureState.WHOLE, Dtype.BF16, T, "tp")
    assert str(value) == "bf16[T/tp, H] L·W"
    numeric = AbstractValue(
        (sympy.Integer(256), sympy.Integer(8)), LOCAL, FeatureState.PARTIAL, Dtype.INT32, T, "tp"
    )
    assert str(numeric) == "int32[256, 8] L·P"


@given(abstract_values())
def test_layout_text_follows_tokens_and_features(value: AbstractValue) -> None:
    if value.is_top:
        assert value.layout == "⊤"
    else:
        assert value.layout == f"{TOKEN_SHORT[value.tokens]}·{FEATURE_SHORT[value.features]}"
        assert str(value).startswith(value.dtype.value + "[")
        assert str(value).endswith(" " + value.layout)


@given(abstract_values(allow_top=False))
def test_only_top_tokens_make_a_value_top(value: AbstractValue) -> None:
    assert not value.is_top
    assert value.evolve(tokens=TOP).is_top


@given(abstract_values(allow_top=False), token_layouts(proper=True), feature_states())
def test_evolve_changes_only_what_it_is_told(
    value: AbstractValue, tokens: TokenLayout, features: FeatureState
) -> None:
    changed = value.evolve(tokens=tokens, features=features)
    assert (changed.tokens, changed.features) == (tokens, features)
    assert (changed.shape, changed.dtype, changed.extent, changed.group) == (
        value.shape,
        value.dtype,
        value.extent,
        value.group,
    )


@given(abstract_values())
def test_values_are_hashable_and_equal_to_a_copy(value: AbstractValue) -> None:
    copy = value.evolve()
    assert copy == value
    assert hash(copy) == hash(value)


@given(dtypes())
def test_dtype_sizes(dtype: Dtype) -> None:
    expected = {"bf16": 2, "fp16": 2, "fp32": 4, "int8": 1, "int32": 4, "int64": 8}
    assert dtype.bytes == expected[dtype.value]
