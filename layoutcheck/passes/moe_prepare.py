"""The MoE prepare and finalize steps under expert parallelism without sequence parallelism
(RFC §3.8): the gate runs on the FULL tokens; router logits and hidden states are padded to a
multiple of tp and token-sliced before top-k and dispatch; the finalize gathers back and unpads.
Decode (MC2 dispatch) and prefill (all-to-all dispatch) take the same shape.

    x [9,H] ─ gate ─ [9,E] ─ topk ─ experts      x ─ gate ─ pad [12,E] ─ slice [3,E] ─ topk [3,k]
    (decode: dp8 tp4, 9 tokens)           →      x ─ pad [12,H] ─ slice [3,H] ─ experts (mc2) [3,H]
                                                    ─ all_gather [12,H] ─ unpad [9,H]

    prefill, tp16, 4096 tokens: no pad (16 | 4096); slice [256,E] and [256,H] ─ topk [256,k] ─
    experts (all_to_all) [256,H] ─ all_gather [4096,H]

Without the slice every TP rank would dispatch all its tokens: tp times the expert work and
the all-to-all traffic of the engines, which route each token once per TP group.

The shared experts stay a TP MLP on the FULL tokens (column gate_up, row down_proj, all_reduce,
added to the gathered routed output) unless ``SharedExperts.REPLICATED`` asks for TensorCast's
GLM-5 form under EP: whole weights on the routed experts' slice, no all_reduce, and the one
finalize gather after the combine:

    slice [3,H] ─ experts (mc2) [3,H] ───────────────────────────┐
          └──── gate_up (replicated) ─ swiglu ─ down (replicated) ┴ add [3,H] ─ all_gather [12,H]
                                                                              ─ unpad [9,H]
"""

from __future__ import annotations

import functools

import attrs

from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.lattice import TokenLayout
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.traits import Trait
from layoutcheck.passes.common import DROP_COMPLETE_REDUCTION, REPLICATE_SHARED_EXPERTS
from layoutcheck.passes.manager import PassResult
from layoutcheck.passes.rewriter import Pattern, Rewriter, sweep
from layoutcheck.passes.sequence_parallel import SharedExperts, pad_if_needed
from layoutcheck.roles import Block, Role, role

MOE = Role(Block.MOE)
COMBINE = role("moe.combine")
SHARED_GATE_UP = role("shared_experts.gate_up_proj")


@attrs.frozen
class Scheme:
    """How one engine path prepares and finalizes: its dispatch, when it pads, and how the
    shared experts run."""

    dispatch: str  # the moe_experts dispatch attr
    # MC2 always pads to ceil(T/tp)·tp (zero rows when tp divides T: the op stays, as the
    # engines' graphs show it); the all-to-all path pads only when tp does not divide T
    always_pad: bool
    shared_experts: SharedExperts = SharedExperts.TP_LOCAL


MC2 = Scheme(dispatch="mc2", always_pad=True)
ALL_TO_ALL = Scheme(dispatch="all_to_all", always_pad=False)


def _module(op: Op) -> str:
    """The module an op's new neighbours are named after (names only: roles carry structure)."""
    return op.name.rpartition(".")[0]


def _pad(rw: Rewriter, scheme: Scheme, ref: ValueRef, name: str) -> ValueRef:
    if scheme.always_pad:
        return rw.emit(name, "pad_tokens", [ref], role=MOE, group="tp")
    return pad_if_needed(rw, ref, "tp", name, MOE)


def _pad_and_slice(rw: Rewriter, scheme: Scheme, ref: ValueRef, base: str) -> ValueRef:
    def make() -> ValueRef:
        padded = _pad(rw, scheme, ref, f"{base}_pad")
        return rw.emit(f"{base}_slice", "token_slice", [padded], role=MOE, group="tp")

    return rw.memo("tp-slice", ref, make)


def _finalize(rw: Rewriter, scheme: Scheme, ref: ValueRef, module: str) -> ValueRef:
    """Gather the MoE result back to all tokens over TP, and drop the padded rows."""
    gathered = rw.emit(f"{module}.finalize_gather", "all_gather", [ref], role=MOE)
    padded = not rw.context.same(rw.type(gathered).extent, rw.context.token_count)
    if scheme.always_pad or padded:
        gathered = rw.emit(f"{module}.finalize_unpad", "unpad_tokens", [gathered], role=MOE)
    return gathered


def _slice_logits(scheme: Scheme, rw: Rewriter, op: Op) -> bool:
    logits = rw.read(op.inputs[0])
    if rw.type(logits).tokens is not TokenLayout.FULL:
        return False
    rw.keep(op, [_pad_and_slice(rw, scheme, logits, f"{_module(op)}.router_logits")])
    return True


def _gathers_after_combine(scheme: Scheme, rw: Rewriter, experts: Op) -> bool:
    """Replicated shared experts run on the experts' slice, so the one gather follows their
    combine; without shared experts (no combine) it follows the experts."""
    if scheme.shared_experts is not SharedExperts.REPLICATED:
        return False
    return any(reader.has_role(COMBINE) for reader, _ in rw.readers(ValueRef(experts.name)))


def _dispatch(scheme: Scheme, rw: Rewriter, op: Op) -> bool:
    x = rw.read(op.inputs[0])
    if rw.type(x).tokens is not TokenLayout.FULL:
        return False
    sliced = _pad_and_slice(rw, scheme, x, f"{_module(op)}.hidden_states")
    inputs = [sliced, rw.read(op.inputs[1]), rw.read(op.inputs[2])]
    new = rw.keep(op, inputs, dispatch=scheme.dispatch)
    if not _gathers_after_combine(scheme, rw, op):  # else the combine reads the LOCAL result
        rw.bind(ValueRef(op.name), _finalize(rw, scheme, ValueRef(new.name), _module(op)))
    return True


def _shared_experts_on_slice(scheme: Scheme, rw: Rewriter, op: Op) -> bool:
    """The shared gate_up reads the routed experts' slice (the same op) with whole weights."""
    x = rw.read(op.inputs[0])
    if not op.has_role(SHARED_GATE_UP) or rw.type(x).tokens is not TokenLayout.FULL:
        return False
    # the experts come first in the layer and made the slice: the name counts only if not
    module = _module(op).removesuffix(".shared_experts")
    sliced = _pad_and_slice(rw, scheme, x, f"{module}.hidden_states")
    rw.keep(op, [sliced], parallel="replicated")
    return True


def _combine_then_finalize(scheme: Scheme, rw: Rewriter, op: Op) -> bool:
    """routed + shared on the slice, then the finalize gather the experts left to it."""
    inputs = [rw.read(ref) for ref in op.inputs]
    if not op.has_role(COMBINE) or any(
        rw.type(ref).tokens is not TokenLayout.LOCAL for ref in inputs
    ):
        return False
    new = rw.keep(op, inputs)
    rw.bind(ValueRef(op.name), _finalize(rw, scheme, ValueRef(new.name), _module(op)))
    return True


def _prepare_and_finalize(
    graph: Graph, scheme: Scheme, dispatch_pattern: str, registry: Registry
) -> PassResult:
    patterns = [
        Pattern.at(
            "slice-router-logits", Trait.EXPERT_SELECT, functools.partial(_slice_logits, scheme)
        ),
        # the fused experts read (x, weights, ids) and dispatch themselves
        Pattern.at(dispatch_pattern, Trait.FUSED_MOE, functools.partial(_dispatch, scheme)),
    ]
    if scheme.shared_experts is SharedExperts.REPLICATED:
        on_slice = functools.partial(_shared_experts_on_slice, scheme)
        combine = functools.partial(_combine_then_finalize, scheme)
        patterns += [
            # ahead of the replication of both shared linears: gate_up takes the slice too
            Pattern.at("shared-experts-on-slice", Trait.LINEAR, on_slice),
            REPLICATE_SHARED_EXPERTS,
            DROP_COMPLETE_REDUCTION,
            Pattern.at("finalize-after-combine", Trait.RESIDUAL_ADD, combine),
        ]
    rewritten = sweep(graph, patterns, registry)
    return PassResult(rewritten.graph, rewritten.matches, rewritten.errors)


@attrs.frozen
class Mc2DecodePass:
    """Decode MoE with MC2 dispatch (vLLM-Ascend PrepareAndFinalizeWithMC2)."""

    shared_experts: SharedExperts = SharedExperts.TP_LOCAL
    name: str = "mc2-decode"
    registry: Registry = attrs.field(factory=default_registry, eq=False, repr=False)

    def run(self, graph: Graph) -> PassResult:
        scheme = attrs.evolve(MC2, shared_experts=self.shared_experts)
        return _prepare_and_finalize(graph, scheme, "mc2-dispatch", self.registry)


@attrs.frozen
class All2AllPrefillPass:
    """Prefill MoE with all-to-all dispatch and no sequence parallelism (vLLM-Ascend
    PrepareAndFinalizeWithAll2All; TensorCast's raw-logits branch under EP)."""

    shared_experts: SharedExperts = SharedExperts.TP_LOCAL
    name: str = "all2all-prefill"
    registry: Registry = attrs.field(factory=default_registry, eq=False, repr=False)

    def run(self, graph: Graph) -> PassResult:
        scheme = attrs.evolve(ALL_TO_ALL, shared_experts=self.shared_experts)
        return _prepare_and_finalize(graph, scheme, "all2all-dispatch", self.registry)
