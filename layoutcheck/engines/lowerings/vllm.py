"""vLLM's and vLLM-Ascend's own ops: the sequence-parallel chunk and its padding, the padded
reduce-scatter, the FlashComm1 gather/reduce helpers and residual chunk, the `_C` norms, rope
and activation (mutating ops: called through ``auto_functionalized``, their results are the
mutated arguments; called in place, their readers read the arguments), the attention call that
writes its output buffer, the fused q/k norm + rope, and the MoE layer call."""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from layoutcheck.engines.lowerings.attention import ATTENTION_BLOCK, ATTN, attention_of
from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.collectives import reduce_scatter
from layoutcheck.engines.lowerings.common import first_act, opaque
from layoutcheck.engines.lowerings.norms import norm_role
from layoutcheck.engines.values import Act, Data
from layoutcheck.graph import ValueRef
from layoutcheck.lattice import TokenLayout
from layoutcheck.ops.moe import TENSOR_PARALLEL
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import role
from layoutcheck.symbols import symbol

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering


def _pad_to_group(lw: Lowering, act: Act) -> ValueRef:
    """The value padded to a multiple of the TP group where its token extent is not one."""
    extent = lw.typer.context.numeric(lw.type(act).extent)
    if extent is not None and extent % lw.tp:
        return lw.emit("pad_tokens", [act.ref], group="tp")
    return act.ref


def _sp_chunk(lw: Lowering) -> None:
    act = first_act(lw)
    ref = lw.emit("token_slice", [_pad_to_group(lw, act)], group="tp")
    lw.bind_act(lw.output(0), ref, act.lead)


def _all_gather_unpad(lw: Lowering) -> None:
    act = first_act(lw)
    ref = lw.emit("all_gather", [act.ref], group="tp")
    if not lw.typer.context.same(lw.typer.value(ref).extent, symbol("T")):
        ref = lw.emit("unpad_tokens", [ref])
    lw.bind_act(lw.output(0), ref, act.lead)


def _chunk_residual(lw: Lowering) -> None:
    """vLLM-Ascend's maybe_chunk_residual: the residual padded and chunked to the rank's
    tokens when its rows differ from x's (FULL beside LOCAL), else passed as it is."""
    residual = lw.require_act("residual")
    x = lw.act_arg("x")
    keep = residual.ref
    local = x is not None and lw.type(x).tokens is TokenLayout.LOCAL
    if local and lw.type(residual).tokens is TokenLayout.FULL:
        keep = lw.emit("token_slice", [_pad_to_group(lw, residual)], group="tp")
    lw.bind_act(lw.output(0), keep, residual.lead)


def _rms_norm_out(lw: Lowering) -> None:
    act = lw.require_act("input")
    ref = lw.emit("rms_norm", [act.ref], role_=norm_role(lw))
    lw.bind_mutated("result", Act(ref, act.lead))


def _fused_add_rms_norm(lw: Lowering) -> None:
    x, residual = lw.require_act("input"), lw.require_act("residual")
    ref = lw.emit("add_rms_norm", [x.ref, residual.ref], role_=norm_role(lw))
    lw.bind_mutated("input", Act(ref, x.lead))
    lw.bind_mutated("residual", Act(ValueRef(ref.op, 1), x.lead))


def _rms_norm_quant_out(lw: Lowering) -> None:
    """A norm quantized into ``result`` (vLLM's rms_norm_static_fp8_quant(result, input,
    weight, scale, epsilon)): the norm's layout, then a quantize of each row."""
    act = lw.require_act("input")
    ref = lw.emit("rms_norm", [act.ref], role_=norm_role(lw))
    lw.bind_mutated("result", Act(lw.emit("quantize", [ref]), act.lead))


def _fused_add_rms_norm_quant_out(lw: Lowering) -> None:
    """fused_add_rms_norm_static_fp8_quant(result, input, residual, weight, scale, epsilon): the
    sum written back into ``residual``, its norm quantized into ``result``."""
    x, residual = lw.require_act("input"), lw.require_act("residual")
    ref = lw.emit("add_rms_norm", [x.ref, residual.ref], role_=norm_role(lw))
    lw.bind_mutated("result", Act(lw.emit("quantize", [ref]), x.lead))
    lw.bind_mutated("residual", Act(ValueRef(ref.op, 1), x.lead))


def _rms_norm_dynamic_quant_out(lw: Lowering) -> None:
    """rms_norm_dynamic_per_token_quant(result, input, weight, scale, epsilon, scale_ub,
    residual) and its per-block form: the norm (of input + residual, the sum written back
    into ``residual``, where one is passed) quantized into ``result``; the scales it fills are
    data, in the shape the graph records."""
    x = lw.require_act("input")
    residual = lw.act_arg("residual")
    if residual is None:
        ref = lw.emit("rms_norm", [x.ref], role_=norm_role(lw))
    else:
        ref = lw.emit("add_rms_norm", [x.ref, residual.ref], role_=norm_role(lw))
        lw.bind_mutated("residual", Act(ValueRef(ref.op, 1), x.lead))
    lw.bind_mutated("result", Act(lw.emit("quantize", [ref]), x.lead))
    meta = lw.program.meta(lw.tensor_name("scale") or "")
    lw.bind_mutated("scale", Data(meta.shape if meta else None, meta.dtype if meta else ""))


def _silu_and_mul(lw: Lowering) -> None:
    act = lw.require_act("input")
    ref = lw.emit("activation", [act.ref], fn="swiglu")
    lw.bind_mutated("result", Act(ref, act.lead))


def _silu_and_mul_quant_out(lw: Lowering) -> None:
    """A gated activation quantized into ``result`` (vLLM's silu_and_mul_quant(result, input,
    scale) and its per-block / nvfp4 forms): the gated layout of silu_and_mul, then a
    quantize of each row; the scales are data the op reads or fills."""
    act = lw.require_act("input")
    ref = lw.emit("activation", [act.ref], fn="swiglu")
    lw.bind_mutated("result", Act(lw.emit("quantize", [ref]), act.lead))


def _activation_out(lw: Lowering) -> None:
    """An elementwise activation written into a buffer (vLLM's ``op(out, x)`` kernels): the
    input's rows, each element mapped; ``pointwise: true`` for a function the activation kind
    does not name (relu squared), which is then a pointwise op of that name."""
    act = lw.require_act("input")
    fn = str(lw.param.get("fn", "gelu"))
    if lw.param.get("pointwise"):
        ref = lw.emit("pointwise", [act.ref], fn=fn, linear=False)
    else:
        ref = lw.emit("activation", [act.ref], fn=fn)
    lw.bind_mutated("result", Act(ref, act.lead))


def _quantize_out(lw: Lowering) -> None:
    """A quantization written into a buffer (``op(out, input, scale, …)``): the input's rows,
    each quantized; the scale arguments are data the op reads or fills."""
    act = lw.require_act("input")
    ref = lw.emit("quantize", [act.ref])
    lw.bind_mutated("result", Act(ref, act.lead))


def _rotary_embedding(lw: Lowering) -> None:
    """vLLM's _C.rotary_embedding turns query and key in place (one kernel for both)."""
    query = lw.require_act("query")
    ref = lw.emit("rope", [query.ref])
    lw.bind_mutated("query", Act(ref, query.lead))
    key = lw.act_arg("key")
    if key is not None:
        turned = lw.emit("rope", [key.ref], launch=False)
        lw.bind_mutated("key", Act(turned, key.lead))


def _attention_out(lw: Lowering) -> None:
    """unified_attention_with_output writes the attention into its ``output`` argument, in
    that buffer's shape ([t, heads·head_dim] or [t, heads, head_dim])."""
    act = attention_of(lw)
    buffer = lw.program.meta(lw.tensor_name("output") or "")
    numbers = lw.numbers(act)
    if buffer is not None and numbers is not None and len(buffer.shape) < len(numbers):
        width = math.prod(numbers[1:])
        ref = lw.emit("view", [act.ref], rows=lw.type(act).shape[0], features=(width,))
        act = Act(ref, act.lead)
    lw.bind_mutated("output", act)


def _qkv_rmsnorm_rope(lw: Lowering) -> None:
    """vLLM-Ascend's split of a merged qkv into q, k and v with q/k norms and rope fused:
    results (q, k, v)."""
    x = lw.require_act("input")
    q_width, kv_width = lw.int_arg("q_hidden_size"), lw.int_arg("kv_hidden_size")
    if q_width is None or kv_width is None or q_width <= 0 or kv_width <= 0:
        raise lw.fail("needs q_hidden_size and kv_hidden_size as positive integers")
    head_dim = lw.int_arg("head_dim")
    if head_dim is None or head_dim <= 0 or q_width % head_dim or kv_width % head_dim:
        raise lw.fail("needs a head_dim dividing q_hidden_size and kv_hidden_size")
    parts = lw.emit("feature_split", [x.ref], sizes=(q_width, kv_width, kv_width))
    rows = lw.typer.value(parts).shape[0]
    for port, width in enumerate((q_width, kv_width, kv_width)):
        part: ValueRef = ValueRef(parts.op, port)
        if port < 2:  # q and k are normalized per head and turned; v passes
            heads = lw.emit("view", [part], rows=rows, features=(width // head_dim, head_dim))
            normed = lw.emit("rms_norm", [heads], role_=ATTENTION_BLOCK, per_head=True)
            turned = lw.emit("rope", [normed], launch=None if port == 0 else False)
            part = lw.emit("view", [turned], rows=rows, features=(width,))
        lw.bind_act(lw.output(port), part, x.lead)


def _routed_experts(lw: Lowering, x: Act, logits: Act, *, reduced: bool) -> ValueRef | None:
    """The routed experts of an MoE layer call, from the model config (None without one, said
    in a warning): the router's top-k over the logits, then the experts on x's tokens."""
    moe = lw.spec.moe if lw.spec is not None else None
    if moe is None:
        lw.warnings.append(
            f"{lw.origin()}: an MoE layer call with no model config for its experts' sizes "
            "(give --config): its result is left unchecked"
        )
        return None
    topk = lw.emit("moe_topk", [logits.ref], role_=role("moe.topk"), top_k=moe.top_k)
    return lw.emit(
        "moe_experts",
        [x.ref, ValueRef(topk.op, 0), ValueRef(topk.op, 1)],
        role_=role("moe.experts"),
        experts=moe.experts,
        top_k=moe.top_k,
        intermediate=moe.intermediate,
        group="ep" if "ep" in lw.groups else "tp",
        # without expert parallelism vLLM splits every expert's intermediate over tp instead
        dispatch=None if "ep" in lw.groups else TENSOR_PARALLEL,
        reduce_results=None if reduced else False,
        reduce_group=None if reduced else "tp",
    )


def _moe_forward(lw: Lowering) -> None:
    """vLLM's MoE layer call (router logits in; top-k, experts and their combine inside):
    layoutcheck's moe_topk and moe_experts. The engine's result is each rank's partial sum
    under TP (older releases reduced inside the call); the experts op combines, so the
    reduction after it, where there is one, is already done."""
    x, logits = lw.require_act("hidden_states"), lw.require_act("router_logits")
    ref = _routed_experts(lw, x, logits, reduced=True)
    result = opaque(lw, x) if ref is None else Act(ref, x.lead)
    if ref is not None:
        lw.completed.add(ref)
    lw.bind(lw.output(0), result)
    node, _ = lw.current
    if node.wrapper is not None:  # functionalized: the hidden states it may overwrite
        lw.bind(lw.output(1), x)


def _moe_forward_shared(lw: Lowering) -> None:
    """vLLM's MoE layer call with shared experts: (shared_out, fused_out), the shared experts'
    MLP run inside the call on shared_experts_input (else the hidden states). Neither is
    reduced (vLLM adds them, then reduces the sum once), so both are pending sums under TP."""
    x, logits = lw.require_act("hidden_states"), lw.require_act("router_logits")
    shared_in = lw.act_arg("shared_experts_input") or x
    fused = _routed_experts(lw, x, logits, reduced=False)
    moe = lw.spec.moe if lw.spec is not None else None
    if fused is None or moe is None or moe.shared_experts < 1:
        if fused is not None:
            lw.warnings.append(f"{lw.origin()}: the model config has no shared experts")
        for out in lw.outputs()[:2]:
            lw.bind(out, opaque(lw, x))
        return
    width = moe.shared_width
    hidden = lw.numbers(shared_in)
    hidden_size = hidden[-1] if hidden else lw.spec.hidden if lw.spec is not None else 1
    module = lw.hint() or "model"
    gate_up = lw.emit(
        "linear", [shared_in.ref], name=f"{module}.shared_experts.gate_up_proj",
        role_=role("shared_experts.gate_up_proj"), in_features=hidden_size,
        out_features=2 * width, parallel="column",
    )  # fmt: skip
    act = lw.emit("activation", [gate_up], fn="swiglu")
    down = lw.emit(
        "linear", [act], name=f"{module}.shared_experts.down_proj",
        role_=role("shared_experts.down_proj"), in_features=width, out_features=hidden_size,
        parallel="row",
    )  # fmt: skip
    lw.bind_act(lw.output(0), down, shared_in.lead)
    lw.bind_act(lw.output(1), fused, x.lead)


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        # pad to a multiple of tp, then the rank's chunk
        spec("sequence_parallel_chunk", _sp_chunk, Trait.TOKEN_SLICE, Trait.TOKEN_PAD),
        spec(
            "all_gather_unpad",
            _all_gather_unpad,
            Trait.COLLECTIVE,
            Trait.TOKEN_GATHER,
            Trait.TOKEN_UNPAD,
        ),
        spec(
            "pad_reduce_scatter",
            functools.partial(reduce_scatter, pad=True),
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
        # silu(first half) · second half: it splits a merged gate_up's result
        spec("silu_and_mul", _silu_and_mul, Trait.ACTIVATION, Trait.SPLIT, Trait.ROW_WISE),
        spec("activation_out", _activation_out, Trait.ACTIVATION, Trait.ROW_WISE),
        spec(
            "silu_and_mul_quant_out",
            _silu_and_mul_quant_out,
            Trait.ACTIVATION,
            Trait.SPLIT,
            Trait.ROW_WISE,
        ),
        spec("rms_norm_quant_out", _rms_norm_quant_out, Trait.NORM, Trait.ROW_WISE),
        spec(
            "fused_add_rms_norm_quant_out",
            _fused_add_rms_norm_quant_out,
            Trait.NORM,
            Trait.FUSED_ADD_NORM,
            Trait.ROW_WISE,
        ),
        spec("quantize_out", _quantize_out, Trait.CAST, Trait.ROW_WISE),
        spec(
            "rms_norm_dynamic_quant_out",
            _rms_norm_dynamic_quant_out,
            Trait.NORM,
            Trait.ROW_WISE,
        ),
        spec(
            "rotary_embedding",
            _rotary_embedding,
            Trait.ROTARY,
            Trait.ROW_WISE,
            role=ATTENTION_BLOCK,
        ),
        spec("attention_out", _attention_out, Trait.ATTENTION, role=ATTN),
        spec(
            "qkv_rmsnorm_rope",
            _qkv_rmsnorm_rope,
            Trait.SPLIT,
            Trait.ROTARY,
            Trait.ROW_WISE,
            role=ATTENTION_BLOCK,
        ),
        spec("moe_forward", _moe_forward, Trait.EXPERT, role=role("moe.experts")),
        spec("moe_forward_shared", _moe_forward_shared, Trait.EXPERT, role=role("moe.experts")),
    )
)
