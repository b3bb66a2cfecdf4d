"""The layout lattice and the abstract value every op output port carries.

On a 1-D mesh this is DTensor's placement algebra: F·W = Replicate, L·W = Shard(token),
S = Shard(feature), P = Partial(sum).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs
import sympy

from layoutcheck.symbols import Expr, format_expr


class TokenLayout(enum.Enum):
    """Which rows of the group's token range a rank holds. ``BOTTOM ⊑ FULL, LOCAL ⊑ TOP``."""

    BOTTOM = "bottom"  # no information yet
    FULL = "full"  # every rank holds all rows of its group
    LOCAL = "local"  # rank r holds the contiguous rows [r·n, (r+1)·n), n = extent/g
    TOP = "top"  # conflicting information: an error was reported upstream

    @property
    def short(self) -> str:
        return _TOKEN_SHORT[self]

    def join(self, other: TokenLayout) -> TokenLayout:
        """Least upper bound: BOTTOM is the identity, TOP absorbs, FULL ⊔ LOCAL = TOP."""
        if self is other or other is TokenLayout.BOTTOM:
            return self
        if self is TokenLayout.BOTTOM:
            return other
        return TokenLayout.TOP

    def leq(self, other: TokenLayout) -> bool:
        """The lattice order: ``a ⊑ b`` iff ``a ⊔ b == b``."""
        return self.join(other) is other


_TOKEN_SHORT = {
    TokenLayout.BOTTOM: "⊥",
    TokenLayout.FULL: "F",
    TokenLayout.LOCAL: "L",
    TokenLayout.TOP: "⊤",
}


class FeatureState(enum.Enum):
    """What the feature dimensions of a rank's array mean."""

    WHOLE = "whole"  # all features, complete values
    SPLIT = "split"  # the first feature dim is sharded over the group (column-parallel output)
    PARTIAL = "partial"  # a pending sum over the group (row-parallel output before all-reduce)

    @property
    def short(self) -> str:
        return self.value[0].upper()


class Dtype(enum.Enum):
    """Element types, with their size in bytes (for the cost model)."""

    BF16 = "bf16"
    FP16 = "fp16"
    FP32 = "fp32"
    INT8 = "int8"
    INT32 = "int32"
    INT64 = "int64"

    @property
    def bytes(self) -> int:
        return _DTYPE_BYTES[self]

    @property
    def is_float(self) -> bool:
        return self in (Dtype.BF16, Dtype.FP16, Dtype.FP32)


_DTYPE_BYTES = {
    Dtype.BF16: 2,
    Dtype.FP16: 2,
    Dtype.FP32: 4,
    Dtype.INT8: 1,
    Dtype.INT32: 4,
    Dtype.INT64: 8,
}


@attrs.frozen(cache_hash=True)  # a key of the interpreter's per-signature cache
class AbstractValue:
    """The type of one op output port.

    ``shape`` is what one rank holds; dim 0 is the token dim. ``extent`` is the full token range
    of the group the value belongs to (``T``, or ``ceil(T/g)·g`` once padded), so a FULL value
    has ``extent`` rows and a LOCAL one ``extent/g``. ``group`` names the communication group a
    LOCAL, SPLIT or PARTIAL value is distributed over (None when FULL·WHOLE).
    """

    shape: tuple[Expr, ...]
    tokens: TokenLayout
    features: FeatureState
    dtype: Dtype
    extent: Expr
    group: str | None = None
    # for index values: the number of things the indices select among (a top-k's expert ids
    # index router logits of this width), so a consumer that states the count can check it
    id_range: Expr | None = None

    @classmethod
    def top(cls) -> AbstractValue:
        """The value an op yields after reporting an error: no further diagnostics follow."""
        return _TOP

    @property
    def is_top(self) -> bool:
        return self.tokens is TokenLayout.TOP

    @property
    def layout(self) -> str:
        """Short layout form: ``F·W``, ``L·P``, ``⊤``."""
        if self.is_top:
            return "⊤"
        return f"{self.tokens.short}·{self.features.short}"

    def shape_text(self, shape: Iterable[Expr] | None = None) -> str:
        dims = self.shape if shape is None else tuple(shape)
        return "[" + ", ".join(format_expr(d) for d in dims) + "]"

    def __str__(self) -> str:
        if self.is_top:
            return "⊤"
        return f"{self.dtype.value}{self.shape_text()} {self.layout}"

    def evolve(self, **changes: object) -> AbstractValue:
        return attrs.evolve(self, **changes)  # type: ignore[arg-type]


_TOP = AbstractValue(
    shape=(),
    tokens=TokenLayout.TOP,
    features=FeatureState.WHOLE,
    dtype=Dtype.BF16,
    extent=sympy.Integer(0),
)


def join_tokens(layouts: Iterable[TokenLayout]) -> TokenLayout:
    """Join of many token layouts (BOTTOM for none)."""
    result = TokenLayout.BOTTOM
    for layout in layouts:
        result = result.join(layout)
    return result
