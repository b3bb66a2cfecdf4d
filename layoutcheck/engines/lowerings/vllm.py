"""vLLM's and vLLM-Ascend's own ops: the sequence-parallel chunk and its padding, the
FlashComm1 gather/reduce helpers, the residual chunk, the `_C` norms and activation (called
through ``auto_functionalized``: their results are the mutated arguments), and the attention
call that writes its output buffer."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING

from layoutcheck.engines.lowerings.attention import ATTN, attention
from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import first_act
from layoutcheck.engines.lowerings.norms import norm_role
from layoutcheck.graph import ValueRef
from layoutcheck.lattice import TokenLayout
from layoutcheck.ops.traits import Trait
from layoutcheck.symbols import symbol

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering


def _sp_chunk(lw: Lowering) -> None:
    act = first_act(lw)
    x = act.ref
    extent = lw.typer.context.numeric(lw.type(act).extent)
    if extent is not None and extent % lw.tp:
        x = lw.emit("pad_tokens", [x], group="tp")
    ref = lw.emit("token_slice", [x], group="tp")
    lw.bind_act(lw.output(0), ref, act.lead)


def _all_gather_unpad(lw: Lowering) -> None:
    act = first_act(lw)
    ref = lw.emit("all_gather", [act.ref], group="tp")
    if not lw.typer.context.same(lw.typer.value(ref).extent, symbol("T")):
        ref = lw.emit("unpad_tokens", [ref])
    lw.bind_act(lw.output(0), ref, act.lead)


def _pad_reduce_scatter(lw: Lowering) -> None:
    act = first_act(lw)
    x = act.ref
    extent = lw.typer.context.numeric(lw.type(act).extent)
    if extent is not None and extent % lw.tp:
        x = lw.emit("pad_tokens", [x], group="tp")
    ref = lw.emit("reduce_scatter", [x], group="tp")
    lw.bind_act(lw.output(0), ref, act.lead)


def _chunk_residual(lw: Lowering) -> None:
    residual = lw.require_act("residual")
    x = lw.act_arg("x")
    keep = residual.ref
    if x is not None and lw.type(x).tokens is TokenLayout.LOCAL:
        keep = lw.emit("token_slice", [residual.ref], group="tp")
    lw.bind_act(lw.output(0), keep, residual.lead)


def _rms_norm_out(lw: Lowering) -> None:
    act = lw.require_act("input")
    ref = lw.emit("rms_norm", [act.ref], role_=norm_role(lw))
    for out in lw.outputs():
        lw.bind_act(out, ref, act.lead)


def _fused_add_rms_norm(lw: Lowering) -> None:
    x, residual = lw.require_act("input"), lw.require_act("residual")
    ref = lw.emit("add_rms_norm", [x.ref, residual.ref], role_=norm_role(lw))
    # functionalized: (op result, input', residual') or (input', residual')
    tail = lw.outputs()[-2:]
    if tail:
        lw.bind_act(tail[0], ref, x.lead)
    if len(tail) > 1:
        lw.bind_act(tail[1], ValueRef(ref.op, 1), x.lead)


def _silu_and_mul(lw: Lowering) -> None:
    act = lw.require_act("input")
    ref = lw.emit("activation", [act.ref], fn="swiglu")
    for out in lw.outputs():
        lw.bind_act(out, ref, act.lead)


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec(
            "sequence_parallel_chunk", _sp_chunk, Trait.TOKEN_SLICE, Trait.TOKEN_PAD
        ),  # pad to a multiple of tp, then the rank's chunk
        spec(
            "all_gather_unpad",
            _all_gather_unpad,
            Trait.COLLECTIVE,
            Trait.TOKEN_GATHER,
            Trait.TOKEN_UNPAD,
        ),
        spec(
            "pad_reduce_scatter",
            _pad_reduce_scatter,
            Trait.COLLECTIVE,
            Trait.REDUCTION,
            Trait.TOKEN_SCATTER,
            Trait.TOKEN_PAD,
        ),
        spec("chunk_residual", _chunk_residual, Trait.TOKEN_SLICE),
        spec("rms_norm_out", _rms_norm_out, Trait.NORM, Trait.ROW_WISE),
        spec(
            "fused_add_rms_norm",
            _fused_add_rms_norm,
            Trait.NORM,
            Trait.FUSED_ADD_NORM,
            Trait.ROW_WISE,
        ),
        spec("silu_and_mul", _silu_and_mul, Trait.ACTIVATION, Trait.ROW_WISE),
        spec("attention_out", functools.partial(attention, output=0), Trait.ATTENTION, role=ATTN),
    )
)
