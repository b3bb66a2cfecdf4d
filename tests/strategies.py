"""Hypothesis strategies for the tests, kept in one module: layouts, values, shapes, expressions."""

from __future__ import annotations

from collections.abc import Sequence

import sympy
from hypothesis import strategies as st

from layoutcheck.lattice import AbstractValue, Dtype, FeatureState, TokenLayout
from layoutcheck.symbols import Expr, parse_expr, symbol

# The symbol names generated expressions and shapes use (any valid names would do).
SYMBOL_NAMES: tuple[str, ...] = ("T", "tp", "H", "E")
GROUP_NAMES: tuple[str, ...] = ("tp", "ep")


# -- the lattice -----------------------------------------------------------------------------


def token_layouts(*, proper: bool = False) -> st.SearchStrategy[TokenLayout]:
    """Token layouts; ``proper`` leaves out BOTTOM and TOP (the layouts a value really has)."""
    if proper:
        return st.sampled_from((TokenLayout.FULL, TokenLayout.LOCAL))
    return st.sampled_from(tuple(TokenLayout))


def feature_states() -> st.SearchStrategy[FeatureState]:
    return st.sampled_from(tuple(FeatureState))


def dtypes() -> st.SearchStrategy[Dtype]:
    return st.sampled_from(tuple(Dtype))


# -- symbols and shapes ----------------------------------------------------------------------


def symbol_values(
    names: Sequence[str] = SYMBOL_NAMES, *, max_value: int = 64
) -> st.SearchStrategy[dict[str, int]]:
    """A positive integer for every symbol name."""
    return st.fixed_dictionaries({name: st.integers(1, max_value) for name in names})


def small_dims(names: Sequence[str] = SYMBOL_NAMES) -> st.SearchStrategy[Expr]:
    """One size: an integer, a symbol, or a small product / quotient of them."""
    symbols = [symbol(name) for name in names]
    atoms = st.one_of(
        st.integers(1, 64).map(sympy.Integer),
        st.sampled_from(symbols),
    )
    return st.one_of(
        atoms,
        st.tuples(atoms, atoms).map(lambda pair: pair[0] * pair[1]),
        st.tuples(atoms, st.sampled_from(symbols)).map(lambda pair: pair[0] / pair[1]),
    )


def small_shapes(
    names: Sequence[str] = SYMBOL_NAMES, *, min_dims: int = 1, max_dims: int = 3
) -> st.SearchStrategy[tuple[Expr, ...]]:
    """A per-rank shape of one to three symbolic dims."""
    return st.lists(small_dims(names), min_size=min_dims, max_size=max_dims).map(tuple)


def abstract_values(
    names: Sequence[str] = SYMBOL_NAMES, *, allow_top: bool = True
) -> st.SearchStrategy[AbstractValue]:
    """Abstract values as the interpreter makes them (TOP included unless ``allow_top=False``)."""

    @st.composite
    def build(draw: st.DrawFn) -> AbstractValue:
        tokens = draw(token_layouts(proper=True))
        features = draw(feature_states())
        distributed = tokens is TokenLayout.LOCAL or features is not FeatureState.WHOLE
        return AbstractValue(
            shape=draw(small_shapes(names)),
            tokens=tokens,
            features=features,
            dtype=draw(dtypes()),
            extent=draw(small_dims(names)),
            group=draw(st.sampled_from(GROUP_NAMES)) if distributed else None,
        )

    values = build()
    if allow_top:
        return st.one_of(st.just(AbstractValue.top()), values)
    return values


# -- expression text -------------------------------------------------------------------------


def _positive_texts(names: Sequence[str], max_leaves: int) -> st.SearchStrategy[str]:
    """Expressions that are positive for every positive value of the symbols (safe divisors)."""
    leaves = st.one_of(st.sampled_from(tuple(names)), st.integers(1, 16).map(str))

    def extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        pair = st.tuples(children, children)
        return st.one_of(
            pair.map(lambda p: f"({p[0]} + {p[1]})"),
            pair.map(lambda p: f"{p[0]}*{p[1]}"),
            pair.map(lambda p: f"ceil({p[0]}/{p[1]})"),
            pair.map(lambda p: f"max({p[0]}, {p[1]})"),
            pair.map(lambda p: f"min({p[0]}, {p[1]})"),
        )

    return st.recursive(leaves, extend, max_leaves=max_leaves)


def expression_texts(
    names: Sequence[str] = SYMBOL_NAMES, *, max_leaves: int = 8
) -> st.SearchStrategy[str]:
    """Text in the graph-file expression grammar over ``names``: ``+ - * / // % **``,
    parentheses, integers, symbols, ``ceil floor min max``.

    Every generated text is valid: divisors are always positive, exponents are small integer
    constants on symbolic bases, so the parser must accept all of them.
    """
    names = tuple(names)
    positive = _positive_texts(names, max(2, max_leaves // 2))
    leaves = st.one_of(st.sampled_from(names), st.integers(0, 16).map(str))
    power_bases = st.one_of(
        st.sampled_from(names),
        st.tuples(st.sampled_from(names), st.sampled_from("+-"), st.integers(1, 9)).map(
            lambda p: f"({p[0]} {p[1]} {p[2]})"
        ),
    )

    def extend(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        pair = st.tuples(children, children)
        over = st.tuples(children, positive)
        return st.one_of(
            pair.map(lambda p: f"{p[0]} + {p[1]}"),
            pair.map(lambda p: f"{p[0]} - ({p[1]})"),
            pair.map(lambda p: f"({p[0]})*({p[1]})"),
            children.map(lambda c: f"-({c})"),
            over.map(lambda p: f"({p[0]})/({p[1]})"),
            over.map(lambda p: f"({p[0]})//({p[1]})"),
            over.map(lambda p: f"({p[0]}) % ({p[1]})"),
            over.map(lambda p: f"floor(({p[0]})/({p[1]}))"),
            over.map(lambda p: f"ceil(({p[0]})/({p[1]}))"),
            pair.map(lambda p: f"min({p[0]}, {p[1]})"),
            pair.map(lambda p: f"max({p[0]}, {p[1]})"),
            st.tuples(power_bases, st.integers(0, 3)).map(lambda p: f"{p[0]}**{p[1]}"),
        )

    return st.recursive(leaves, extend, max_leaves=max_leaves)


def expressions(
    names: Sequence[str] = SYMBOL_NAMES, *, max_leaves: int = 8
) -> st.SearchStrategy[Expr]:
    """Parsed expressions (through the real parser, so only grammar-made sympy objects)."""
    known = frozenset(names)
    return expression_texts(names, max_leaves=max_leaves).map(lambda text: parse_expr(text, known))
