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
"""

from __future__ import annotations

import functools

import attrs

from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.lattice import TokenLayout
from layoutcheck.passes.manager import PassResult
from layoutcheck.passes.rewriter import Pattern, Rewriter, sweep
from layoutcheck.passes.sequence_parallel import pad_if_needed
from layoutcheck.roles import Block, Role

MOE = Role(Block.MOE)


@attrs.frozen
class Scheme:
    """How one engine path prepares and finalizes: its dispatch, and when it pads."""

    dispatch: str  # the moe_experts dispatch attr
    # MC2 always pads to ceil(T/tp)·tp (zero rows when tp divides T: the op stays, as the
    # engines' graphs show it); the all-to-all path pads only when tp does not divide T
    always_pad: bool


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


def _slice_logits(scheme: Scheme, rw: Rewriter, op: Op) -> bool:
    logits = rw.read(op.inputs[0])
    if rw.type(logits).tokens is not TokenLayout.FULL:
        return False
    rw.keep(op, [_pad_and_slice(rw, scheme, logits, f"{_module(op)}.router_logits")])
    return True


def _dispatch(scheme: Scheme, rw: Rewriter, op: Op) -> bool:
    x = rw.read(op.inputs[0])
    if rw.type(x).tokens is not TokenLayout.FULL:
        return False
    sliced = _pad_and_slice(rw, scheme, x, f"{_module(op)}.hidden_states")
    inputs = [sliced, rw.read(op.inputs[1]), rw.read(op.inputs[2])]
    new = rw.keep(op, inputs, dispatch=scheme.dispatch)
    gathered = rw.emit(
        f"{_module(op)}.finalize_gather", "all_gather", [ValueRef(new.name)], role=MOE
    )
    padded = not rw.context.same(rw.type(gathered).extent, rw.context.token_count)
    if scheme.always_pad or padded:
        gathered = rw.emit(f"{_module(op)}.finalize_unpad", "unpad_tokens", [gathered], role=MOE)
    rw.bind(ValueRef(op.name), gathered)
    return True


def _prepare_and_finalize(graph: Graph, scheme: Scheme, dispatch_pattern: str) -> PassResult:
    patterns = (
        Pattern.on("slice-router-logits", ("moe_topk",), functools.partial(_slice_logits, scheme)),
        Pattern.on(dispatch_pattern, ("moe_experts",), functools.partial(_dispatch, scheme)),
    )
    rewritten = sweep(graph, patterns)
    return PassResult(rewritten.graph, rewritten.matches, rewritten.errors)


@attrs.frozen
class Mc2DecodePass:
    """Decode MoE with MC2 dispatch (vLLM-Ascend PrepareAndFinalizeWithMC2)."""

    name: str = "mc2-decode"

    def run(self, graph: Graph) -> PassResult:
        return _prepare_and_finalize(graph, MC2, "mc2-dispatch")


@attrs.frozen
class All2AllPrefillPass:
    """Prefill MoE with all-to-all dispatch and no sequence parallelism (vLLM-Ascend
    PrepareAndFinalizeWithAll2All; TensorCast's raw-logits branch under EP)."""

    name: str = "all2all-prefill"

    def run(self, graph: Graph) -> PassResult:
        return _prepare_and_finalize(graph, ALL_TO_ALL, "all2all-dispatch")
