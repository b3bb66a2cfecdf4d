"""Mixture of experts: top-k routing (an engine's fused gating op, or torch's topk over each
token's router scores), the fused-experts kernels that take the routing as arguments (vLLM's
CPU ``cpu_fused_moe``, its Triton ``fused_experts``), the permute of tokens to expert-major rows
and back, and the grouped matmuls of the expert side (met outside a dispatch they cannot be
followed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import (
    first_act,
    opaque,
    passes_unchanged,
    reached,
    token_axis,
)
from layoutcheck.engines.lowerings.features import feature_topk
from layoutcheck.engines.lowerings.views import select
from layoutcheck.engines.values import Act
from layoutcheck.graph import ValueRef
from layoutcheck.ops.moe import TENSOR_PARALLEL
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


def _moe_topk_out(lw: Lowering) -> None:
    """The router's top-k written into its buffers (vLLM's ``topk_softmax(topk_weights,
    topk_ids, token_expert_indices, gating_output, …)``, csrc/moe/torch_bindings.cpp): each
    token's own scores, k the buffers' width; the weights and ids as the functional top-k's."""
    act = lw.require_act("gating_output")
    meta = lw.program.meta(lw.tensor_name("topk_weights") or "")
    width = meta.shape[-1] if meta is not None and meta.shape else None
    if not isinstance(width, int):
        unknown = opaque(lw, act, "a router top-k whose buffers' width (k) is not known")
        lw.bind_mutated("topk_weights", unknown)
        lw.bind_mutated("topk_ids", unknown)
        return
    ref = lw.emit("moe_topk", [act.ref], role_=role("moe.topk"), top_k=width)
    lw.bind_mutated("topk_weights", Act(ValueRef(ref.op, 0), act.lead))
    lw.bind_mutated("topk_ids", Act(ValueRef(ref.op, 1), act.lead))


def _topk(lw: Lowering) -> None:
    """torch's topk(self, k, dim, largest, sorted). The router's — the one whose results
    reach the experts — picks each token's experts, as the catalogue's moe_topk does (values,
    then indices); any other along a feature dim is a per-token op (a grouped router's best
    scores in each group of a [t, groups, experts/group] view, its best groups: vLLM's
    grouped_topk, fused_moe/router/grouped_topk_router.py:127 and :136); along the tokens it
    would mix ranks' rows, so it is left unchecked, said so."""
    act = first_act(lw)
    k = lw.int_arg("k")
    numbers = lw.numbers(act)
    dim = lw.int_arg("dim", -1)
    axis = token_axis(lw, act, dim)
    # a [t] value's top-k (axis 0) picks among the tokens themselves
    per_token = numbers is not None and axis is not None and 0 < axis == len(numbers) - 1
    if numbers is None or k is None or k < 1 or not per_token:
        unfollowed = act if numbers is None else opaque(lw, act, "a top-k not over features")
        for out in lw.outputs()[:2]:
            lw.bind(out, unfollowed)
        return
    if not _routes(lw):
        feature_topk(lw, act, k, -1 if dim is None else dim)
        return
    ref = lw.emit("moe_topk", [act.ref], role_=role("moe.topk"), top_k=k)
    for port, out in enumerate(lw.outputs()[:2]):
        lw.bind_act(out, ValueRef(ref.op, port), act.lead)


def _routes(lw: Lowering) -> bool:
    """Does the top-k's result reach an expert op (a fused-experts kernel, a dispatch) through
    views and casts? That top-k is the router's; one that feeds a mask or a sum is not."""
    node = lw.current_node
    return any(
        lw.is_(reader, Trait.EXPERT) and not lw.is_(reader, Trait.ROUTER)
        for reader in reached(lw, node, passes_unchanged, ROUTE_DEPTH)
    )


ROUTE_DEPTH = 4  # views and casts between the router's top-k and the experts (a cast to int32)


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


def _stacked(lw: Lowering, *names: str) -> tuple[int, ...] | None:
    """A stacked expert weight's per-rank shape ([experts here, out, in]), by its first name."""
    for name in names:
        weight = lw.data_arg(name)
        shape = weight.shape if weight is not None else None
        if shape is not None and len(shape) == 3 and all(isinstance(d, int) for d in shape):
            return tuple(int(d) for d in shape)
    return None


def _fused_experts(lw: Lowering) -> None:
    """A fused-experts kernel given the routing (x, the routed experts' stacked weights, top-k
    weights and ids): every rank runs the experts it holds on the tokens it is given, so the
    result is a pending sum over the TP group — vLLM shards each expert's intermediate over TP
    (w13 [E, 2·I/tp, H], w2 [E, H, I/tp]) or, with expert parallelism, the experts themselves,
    and reduces later with one all_reduce (or reduce_scatter under SP). The experts' count is
    the model's, else the router width the ids index (the gate is replicated)."""
    x = lw.require_act("input", "hidden_states")
    weights = lw.require_act("topk_weights")
    ids = lw.require_act("topk_ids", "topk_id")
    k_numbers = lw.numbers(ids)
    unknown = next((a for a in (x, weights, ids) if lw.type(a).is_top), None)
    if unknown is not None:  # an input left unchecked above: so is the result
        _bind_result(lw, unknown)
        return
    w13 = _stacked(lw, "w13", "w1")
    w2 = _stacked(lw, "w2")
    if w13 is None or w2 is None or k_numbers is None or len(k_numbers) < 2:
        raise lw.fail("needs stacked 3-D expert weights (w13/w1, w2) and [t, top_k] topk_ids")
    held, inter_rank = w2[0], w2[2]
    spec_ = lw.spec
    routed = lw.type(ids).id_range
    width = lw.typer.context.numeric(routed) if routed is not None else None
    experts = spec_.moe.experts if spec_ is not None and spec_.moe is not None else width
    experts = int(experts) if experts is not None else held
    ep = held != experts and "ep" in lw.groups
    ref = lw.emit(
        "moe_experts",
        [x.ref, weights.ref, ids.ref],
        name=f"{lw.hint() or 'model'}.experts",
        role_=EXPERTS,
        experts=experts,
        top_k=k_numbers[-1],
        # each expert's whole intermediate: a rank holds 1/tp of it unless the experts are split
        intermediate=inter_rank if held != experts else inter_rank * lw.tp,
        group="ep" if ep else "tp",
        # every expert on every rank: no token is sent, the intermediate is split over tp
        dispatch=TENSOR_PARALLEL if held == experts else None,
        reduce_results=False,
        reduce_group="tp",
    )
    _bind_result(lw, Act(ref, x.lead))


def _bind_result(lw: Lowering, result: Act) -> None:
    """The kernel's result: written into its ``output`` buffer (cpu_fused_moe), into the
    hidden states (the in-place Triton kernel) or returned."""
    if lw.arg("output") is not None:
        lw.bind_mutated("output", result)
    elif lw.param.get("mutates"):
        lw.bind_mutated("hidden_states", result)
    else:
        lw.bind(lw.output(0), result)


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec("moe_topk", _moe_topk, Trait.EXPERT, Trait.ROUTER, role=role("moe.topk")),
        spec("topk", _topk, Trait.EXPERT, Trait.ROUTER, role=role("moe.topk")),
        spec("moe_topk_out", _moe_topk_out, Trait.EXPERT, Trait.ROUTER, role=role("moe.topk")),
        spec("fused_experts", _fused_experts, Trait.EXPERT, role=EXPERTS),
        spec("moe_dispatch", _moe_dispatch, Trait.EXPERT, role=Role(Block.MOE)),
        spec("moe_combine", _moe_combine, Trait.EXPERT, role=Role(Block.MOE)),
        # a grouped matmul of the experts: folded into its region's moe_expert_compute
        spec("expert_side", select, Trait.EXPERT, Trait.LINEAR, role=EXPERTS),
    )
)
