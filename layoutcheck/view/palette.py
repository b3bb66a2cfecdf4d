"""The colours of the view: one per layout class, and the marks for violations, as tables the
HTML page and the DOT file both read."""

from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs

from layoutcheck.lattice import AbstractValue, FeatureState, TokenLayout


class Tone(enum.Enum):
    """The layout class a value is drawn in. SPLIT and PARTIAL are one class each whatever the
    tokens: what a reader must see is that the features are not whole yet."""

    FULL_WHOLE = "full-whole"
    LOCAL_WHOLE = "local-whole"
    SPLIT = "split"
    PARTIAL = "partial"
    TOP = "top"

    @classmethod
    def of(cls, value: AbstractValue) -> Tone:
        if value.is_top or value.tokens is TokenLayout.BOTTOM:
            return cls.TOP
        if value.features is FeatureState.SPLIT:
            return cls.SPLIT
        if value.features is FeatureState.PARTIAL:
            return cls.PARTIAL
        return cls.FULL_WHOLE if value.tokens is TokenLayout.FULL else cls.LOCAL_WHOLE


@attrs.frozen
class Swatch:
    colour: str  # #rrggbb, lower case
    label: str
    meaning: str
    dashed: bool = False


# Okabe–Ito colours: told apart with the common colour-vision deficiencies, and none of them
# the red kept for violations. ⊤ is grey and dashed: no layout, the mark of an error upstream.
SWATCHES: Mapping[Tone, Swatch] = {
    Tone.FULL_WHOLE: Swatch("#0072b2", "F·W", "FULL·WHOLE: every rank holds all tokens"),
    Tone.LOCAL_WHOLE: Swatch("#e69f00", "L·W", "LOCAL·WHOLE: each rank holds its token slice"),
    Tone.SPLIT: Swatch("#009e73", "·S", "SPLIT: features sharded over the group"),
    Tone.PARTIAL: Swatch("#cc79a7", "·P", "PARTIAL: a sum over the group still pending"),
    Tone.TOP: Swatch("#8c8c8c", "⊤", "unknown: a type error upstream", dashed=True),
}

ERROR = "#d00000"  # a violation's op, and the halo on its provenance path
ERROR_FILL = "#ffe3e3"
WARNING = "#8a6d00"  # a warning's op outline (dark yellow: readable on white)
OP_FILL = "#f6f6f6"
OP_STROKE = "#7a7a7a"
COLLECTIVE_FILL = "#fff6d9"
COLLECTIVE_STROKE = "#333333"
STUB_STROKE = "#9a9a9a"
