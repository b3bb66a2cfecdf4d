"""Decode MoE with MC2 (RFC §3.8): the gate runs on the full packed-local tokens; router logits
and hidden states are padded to a multiple of tp and token-sliced before top-k and dispatch;
the finalize gathers back and unpads.

    x [9,H] ─ gate ─ [9,E] ─ topk ─ experts      x ─ gate ─ pad [12,E] ─ slice [3,E] ─ topk [3,k]
    (dp8 tp4, 9 tokens)                   →      x ─ pad [12,H] ─ slice [3,H] ─ experts (mc2) [3,H]
                                                    ─ all_gather [12,H] ─ unpad [9,H]
"""

from __future__ import annotations

import attrs

from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.lattice import TokenLayout
from layoutcheck.passes.manager import PassResult
from layoutcheck.passes.rewriter import Pattern, Rewriter, rewrite
from layoutcheck.roles import Block, Role


def _pad_and_slice(rw: Rewriter, ref: ValueRef, base: str) -> ValueRef:
    def make() -> ValueRef:
        padded = rw.emit(f"{base}_pad", "pad_tokens", [ref], role=MOE, group="tp")
        return rw.emit(f"{base}_slice", "token_slice", [padded], role=MOE, group="tp")

    return rw.memo("mc2-slice", ref, make)


MOE = Role(Block.MOE)


def _module(op: Op) -> str:
    """The module an op's new neighbours are named after (names only: roles carry structure)."""
    return op.name.rpartition(".")[0]


def _slice_logits(rw: Rewriter, op: Op) -> bool:
    logits = rw.read(op.inputs[0])
    if rw.type(logits).tokens is not TokenLayout.FULL:
        return False
    rw.keep(op, [_pad_and_slice(rw, logits, f"{_module(op)}.router_logits")])
    return True


def _dispatch(rw: Rewriter, op: Op) -> bool:
    x = rw.read(op.inputs[0])
    if rw.type(x).tokens is not TokenLayout.FULL:
        return False
    sliced = _pad_and_slice(rw, x, f"{_module(op)}.hidden_states")
    new = rw.keep(op, [sliced, rw.read(op.inputs[1]), rw.read(op.inputs[2])], dispatch="mc2")
    gathered = rw.emit(
        f"{_module(op)}.finalize_gather", "all_gather", [ValueRef(new.name)], role=MOE
    )
    unpadded = rw.emit(f"{_module(op)}.finalize_unpad", "unpad_tokens", [gathered], role=MOE)
    rw.bind(ValueRef(op.name), unpadded)
    return True


@attrs.frozen
class Mc2DecodePass:
    name: str = "mc2-decode"

    def run(self, graph: Graph) -> PassResult:
        patterns = (
            Pattern.on("slice-router-logits", ("moe_topk",), _slice_logits),
            Pattern.on("mc2-dispatch", ("moe_experts",), _dispatch),
        )
        graph, matches = rewrite(graph, patterns)
        return PassResult(graph, matches)
