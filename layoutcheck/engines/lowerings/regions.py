"""Repetition markers: a region's begin and end around its representative layer, and the copy
that stands for its further repeats (identities that carry the layer numbering)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from layoutcheck.engines.lowerings.base import LoweringSpec, Mark, spec
from layoutcheck.engines.lowerings.common import first_act
from layoutcheck.engines.placement import module_path
from layoutcheck.ops.traits import Trait

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering


def _region_begin(lw: Lowering) -> None:
    act = first_act(lw)
    region = str(lw.argv("id"))
    where = lw.where()
    layer = where.layer if where is not None else None
    lw.layer = lw.next_layer if layer is None else layer
    lw.begun_layer = lw.layer
    ref = lw.emit(
        "region_begin",
        [act.ref],
        name=f"{module_path(lw.layer)}.region_begin",
        layer=lw.layer,
        region=region,
        repeat=lw.repeat.get(region, 1),
    )
    lw.bind_act(lw.output(0), ref, act.lead)


def _region_end(lw: Lowering) -> None:
    act = first_act(lw)
    region = str(lw.argv("id"))
    repeat = lw.repeat.get(region, 1)
    ref = lw.emit(
        "region_end",
        [act.ref],
        name=f"{module_path(lw.layer)}.region_end",
        region=region,
        repeat=repeat,
    )
    lw.bind_act(lw.output(0), ref, act.lead)
    if repeat == 1:
        lw.next_layer = (lw.layer or 0) + 1
        lw.layer = None


def _copy_region(lw: Lowering) -> None:
    act = first_act(lw)
    region = str(lw.argv("id"))
    if region in lw.copied:  # the chain's first copy stands for all of them
        lw.bind(lw.output(0), act)
        return
    if lw.begun_layer is None:
        raise lw.fail(f"copies region {region!r} before any region began")
    lw.copied.add(region)
    repeat = lw.repeat.get(region, 1)
    # the copy belongs to its region's layer (the representative one), whatever module says
    layer = lw.begun_layer
    ref = lw.emit(
        "copy_region",
        [act.ref],
        name=f"{module_path(layer)}.copy_region",
        layer=layer,
        region=region,
        count=repeat - 1,
    )
    lw.bind_act(lw.output(0), ref, act.lead)
    lw.next_layer = layer + repeat
    lw.layer = None


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec("region_begin", _region_begin, Trait.REGION_MARKER, source=True, mark=Mark.BEGIN),
        spec("region_end", _region_end, Trait.REGION_MARKER, mark=Mark.END),
        spec("copy_region", _copy_region, Trait.REGION_MARKER, mark=Mark.COPY),
    )
)
