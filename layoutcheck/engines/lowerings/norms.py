"""Norms: RMS norm, the fused residual add + norm (outputs: normalized, new residual), their
forms fused with a quantization (an extra per-token scale output), and the norms an engine
writes out in elementwise ops (:mod:`layoutcheck.engines.written_norms`)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING

from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import first_act
from layoutcheck.engines.values import Act, Data
from layoutcheck.graph import ValueRef
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import Role

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering
    from layoutcheck.engines.written_norms import WrittenNorm


def norm_role(lw: Lowering) -> Role | None:
    found = lw.placement()
    return found.role if found is not None else None


def epsilon(lw: Lowering) -> str | None:
    """The norm's epsilon as the engine wrote it (kept on the op: a pass may match only some)."""
    for name in ("eps", "epsilon"):
        found = lw.arg(name)
        if (
            found is not None
            and isinstance(found.value, int | float)
            and not isinstance(found.value, bool)
        ):
            return repr(float(found.value))
    return None


def normalizes_each_head(lw: Lowering, act: Act) -> bool:
    """Does the norm normalize each head on its own? It does over a [t, heads, d] value (Qwen3's
    q_by_head, Llama-4's heads folded into rows) whose last engine dim is the value's last, when
    its weight, if it has one, is d wide; over a [t, features] value it needs every feature."""
    numbers = lw.numbers(act)
    if numbers is None or len(numbers) <= 2:
        return False
    if act.order is not None and act.order[-1] != len(numbers) - 1:
        return False  # the engine's last dim, the one normalized, is another of the value's
    if lw.tensor_name("weight") is None:  # no weight (Llama-4's qk_norm): the last dim alone
        return True
    weight = lw.data_arg("weight")
    width = weight.shape[-1] if weight is not None and weight.shape else None
    return width is not None and width == numbers[-1]


def rms_norm(lw: Lowering, *, quantized: bool = False) -> None:
    act = first_act(lw)
    per_head = normalizes_each_head(lw, act)
    ref = lw.emit(
        "rms_norm",
        [act.ref],
        name=lw.default_name(own_module=True),
        role_=norm_role(lw),
        per_head=per_head or None,
        eps=epsilon(lw),
    )
    outs = lw.outputs()
    if quantized:
        lw.fused_quant_norms += 1
        ref = lw.emit("quantize", [ref])
        for out in outs[1:]:
            lw.bind(out, Data(None, "fp32", dynamic_scale=True))
    lw.bind(lw.output(0), Act(ref, act.lead, folded=act.folded))


def add_rms_norm(lw: Lowering, *, quantized: bool = False) -> None:
    x = lw.require_act("x")
    residual = lw.act_arg("residual")
    if residual is None:  # a norm of one activation and a data residual: just a norm
        ref = lw.emit("rms_norm", [x.ref], role_=norm_role(lw), eps=epsilon(lw))
        lw.bind_act(lw.output(0), ref, x.lead)
        return
    ref = lw.emit(
        "add_rms_norm",
        [x.ref, residual.ref],
        name=lw.default_name(own_module=True),
        role_=norm_role(lw),
        eps=epsilon(lw),
    )
    outs = lw.outputs()
    normalized: ValueRef = ref
    if quantized:
        lw.fused_quant_norms += 1
        normalized = lw.emit("quantize", [ref])
    # the new residual's result: the second, or where the op map says (vLLM-Ascend's
    # npu_add_rms_norm* return (normed, rstd, residual))
    at = lw.param.get("residual_output", 1)
    residual_at = at if isinstance(at, int) and not isinstance(at, bool) else 1
    for port, out in enumerate(outs):
        if port == 0:
            lw.bind_act(out, normalized, x.lead)
        elif port == residual_at:
            lw.bind_act(out, ValueRef(ref.op, 1), x.lead)
        else:  # a per-token scale (a dynamic quantization's) or the norm's rstd
            lw.bind(out, Data(None, "fp32", dynamic_scale=quantized))


def layer_norm(lw: Lowering) -> None:
    """native_layer_norm(input, normalized_shape, weight, bias, eps) -> (out, mean, rstd): the
    catalogue's layer_norm; the per-token statistics are data a backward pass would read."""
    act = first_act(lw)
    ref = lw.emit(
        "layer_norm",
        [act.ref],
        name=lw.default_name(own_module=True),
        role_=norm_role(lw),
        eps=epsilon(lw),
    )
    outs = lw.outputs()
    lw.bind(lw.output(0), Act(ref, act.lead, folded=act.folded))
    for out in outs[1:]:
        lw.bind(out, Data(None, "fp32"))


def lower_written_norm(lw: Lowering, norm: WrittenNorm, act: Act) -> None:
    """A norm the engine wrote out in elementwise ops, at the node that ends it: the
    catalogue's layer_norm when it centres the row by its mean, else its rms_norm, marked
    ``written`` (no engine norm op stands for it: vLLM's SP pass matches its rms_norm op only,
    vllm/compilation/passes/fusion/sequence_parallelism.py:161-168). ``act`` is the value it
    normalizes."""
    numbers = lw.numbers(act)
    # over a [t, heads, d] value the last dim is each head's (a gated per-head norm)
    per_head = numbers is not None and len(numbers) > 2 and act.order is None
    eps = repr(norm.eps) if norm.eps is not None else None
    ref = lw.emit(
        "layer_norm" if norm.centred else "rms_norm",
        [act.ref],
        name=lw.default_name(own_module=True),
        role_=norm_role(lw),
        eps=eps,
        written=True,
        **({"per_head": True} if per_head and not norm.centred else {}),
    )
    lw.bind(lw.output(0), Act(ref, act.lead, folded=act.folded))


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec("rms_norm", rms_norm, Trait.NORM, Trait.ROW_WISE),
        spec("layer_norm", layer_norm, Trait.NORM, Trait.ROW_WISE),
        spec(
            "rms_norm_quant",
            functools.partial(rms_norm, quantized=True),
            Trait.NORM,
            Trait.ROW_WISE,
        ),
        spec("add_rms_norm", add_rms_norm, Trait.NORM, Trait.FUSED_ADD_NORM, Trait.ROW_WISE),
        spec(
            "add_rms_norm_quant",
            functools.partial(add_rms_norm, quantized=True),
            Trait.NORM,
            Trait.FUSED_ADD_NORM,
            Trait.ROW_WISE,
        ),
    )
)
