"""The lowerings, one module per family, each a literal table ``LOWERINGS`` of its entries;
:func:`default_lowerings` assembles them into a registry explicitly (a name defined twice is
refused), as the op catalogue does with its families."""

from __future__ import annotations

import functools
from collections.abc import Mapping

from layoutcheck.engines.lowerings import (
    attention,
    collectives,
    features,
    linear,
    lookups,
    moe,
    norms,
    pointwise,
    recurrent,
    regions,
    views,
    vllm,
    writes,
)
from layoutcheck.engines.lowerings.base import LoweringRegistry, LoweringSpec

FAMILIES: tuple[Mapping[str, LoweringSpec], ...] = (
    views.LOWERINGS,
    pointwise.LOWERINGS,
    features.LOWERINGS,
    lookups.LOWERINGS,
    collectives.LOWERINGS,
    norms.LOWERINGS,
    linear.LOWERINGS,
    attention.LOWERINGS,
    moe.LOWERINGS,
    recurrent.LOWERINGS,
    regions.LOWERINGS,
    vllm.LOWERINGS,
    writes.LOWERINGS,
)


@functools.cache
def default_lowerings() -> LoweringRegistry:
    """The shipped lowerings; built once, immutable."""
    return LoweringRegistry.from_families(FAMILIES)


__all__ = ["FAMILIES", "LoweringRegistry", "LoweringSpec", "default_lowerings"]
