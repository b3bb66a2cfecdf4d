"""Mixture of experts: top-k routing, the permute of tokens to expert-major rows and back, and
the grouped matmuls of the expert side (met outside a dispatch they cannot be followed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import first_act
from layoutcheck.engines.lowerings.views import select
from layoutcheck.engines.values import Act
from layoutcheck.graph import ValueRef
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import Block, Role, role

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering

EXPERTS = role("moe.experts")


def _moe_topk(lw: Lowering) -> None:
    act = first_act(lw)
    k = lw.int_arg("top_k") or 1
    ref = lw.emit("moe_topk", [act.ref], role_=role("moe.topk"), top_k=k)
    for port, out in enumerate(lw.outputs()[:2]):
        lw.bind_act(out, ValueRef(ref.op, port), act.lead)


def _top_k_of(lw: Lowering, ids: Act) -> int:
    numbers = lw.numbers(ids)
    return numbers[-1] if numbers else 1


def _moe_dispatch(lw: Lowering) -> None:
    x, ids = lw.require_act("x"), lw.require_act("topk_indices")
    ref = lw.emit("moe_dispatch", [x.ref, ids.ref], role_=EXPERTS, top_k=_top_k_of(lw, ids))
    lw.bind_act(lw.output(0), ref)


def _moe_combine(lw: Lowering) -> None:
    x, ids = lw.require_act("x"), lw.require_act("topk_indices")
    ref = lw.emit("moe_combine", [x.ref, ids.ref], role_=EXPERTS, top_k=_top_k_of(lw, ids))
    lw.bind_act(lw.output(0), ref, ids.lead)


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec("moe_topk", _moe_topk, Trait.EXPERT, Trait.ROUTER, role=role("moe.topk")),
        spec("moe_dispatch", _moe_dispatch, Trait.EXPERT, role=Role(Block.MOE)),
        spec("moe_combine", _moe_combine, Trait.EXPERT, role=Role(Block.MOE)),
        # a grouped matmul of the experts: folded into its region's moe_expert_compute
        spec("expert_side", select, Trait.EXPERT, Trait.LINEAR, role=EXPERTS),
    )
)
