"""vLLM's recurrent layers, each one opaque custom op: Mamba-1's whole mixer (Jamba), Mamba-2's
convolution and scan (Falcon-H1), the gated delta net's core (Qwen3-Next's linear attention).
Each lowers to the catalogue's recurrent_mixer, with the projections the op keeps inside
spelled out where it keeps them. What an op's arguments do not show (its heads, its state size,
its convolution's taps) comes from the model config's fields, read by the tables below."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from layoutcheck.engines.lowerings.attention import ATTN
from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import opaque
from layoutcheck.engines.values import Act
from layoutcheck.graph import ValueRef
from layoutcheck.lattice import FeatureState
from layoutcheck.ops.traits import Trait

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering

# Each size a lowering needs, and the config fields that give it, the first one present
# winning (a hybrid's own mamba_* field before the plain name a pure Mamba config uses).
# Mamba-1: vllm/model_executor/models/jamba.py:128-143 builds MambaMixer(ssm_state_size=
# mamba_d_state, conv_kernel_size=mamba_d_conv, intermediate_size=mamba_expand·hidden_size,
# time_step_rank=mamba_dt_rank); Hugging Face's JambaConfig turns a dt rank of "auto" into
# ceil(hidden_size / 16)
MAMBA1_FIELDS: Mapping[str, tuple[str, ...]] = {
    "expand": ("mamba_expand", "expand"),
    "state": ("mamba_d_state", "state_size"),
    "conv_kernel": ("mamba_d_conv", "conv_kernel"),
    "dt_rank": ("mamba_dt_rank", "time_step_rank"),
}
# Mamba-2: falcon_h1.py:119-136 builds MambaMixer2(ssm_state_size=mamba_d_state,
# conv_kernel_size=mamba_d_conv, num_heads=mamba_n_heads, head_dim=mamba_d_head)
MAMBA2_FIELDS: Mapping[str, tuple[str, ...]] = {
    "heads": ("mamba_n_heads", "num_heads"),
    "head_dim": ("mamba_d_head",),
    "state": ("mamba_d_state", "state_size"),
    "conv_kernel": ("mamba_d_conv", "conv_kernel"),
}
# the gated delta net: layers/mamba/gdn/qwen_gdn_linear_attn.py:396-400 (head_k_dim =
# linear_key_head_dim, conv_kernel_size = linear_conv_kernel_dim)
GATED_DELTA_FIELDS: Mapping[str, tuple[str, ...]] = {
    "state": ("linear_key_head_dim",),
    "conv_kernel": ("linear_conv_kernel_dim",),
}


def _sizes(lw: Lowering, fields: Mapping[str, tuple[str, ...]]) -> dict[str, int] | str:
    """Each size from the config, or the text naming the fields none was found for."""
    found: dict[str, int] = {}
    missing = []
    for size, names in fields.items():
        value = next((lw.config[n] for n in names if lw.config.get(n) is not None), None)
        if size == "dt_rank" and value == "auto" and isinstance(lw.config.get("hidden_size"), int):
            value = math.ceil(lw.config["hidden_size"] / 16)
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            found[size] = value
        else:
            missing.append(" or ".join(names))
    if missing:
        return "its sizes are inside the op: the model config (--config) must give " + ", ".join(
            missing
        )
    return found


def _width(lw: Lowering, act: Act) -> int | None:
    numbers = lw.numbers(act)
    return numbers[-1] if numbers and len(numbers) == 2 else None


def _global(lw: Lowering, act: Act, width: int) -> int:
    """A per-rank width as the global one: heads split over TP hold 1/tp of it."""
    return width * lw.tp if lw.type(act).features is FeatureState.SPLIT else width


def _mixer(lw: Lowering, inputs: list[Act], **sizes: Any) -> ValueRef:
    """The catalogue's recurrent_mixer on ``inputs`` with its attrs ``sizes``."""
    module = lw.hint() or "model"
    refs = [a.ref for a in inputs]
    return lw.emit("recurrent_mixer", refs, name=f"{module}.mixer", role_=ATTN, **sizes)


def _to_buffer(lw: Lowering, ref: ValueRef, buffer: str) -> ValueRef:
    """The mixer's [t, heads, head_dim] as the engine's output buffer holds it ([t, heads·d]
    where the buffer is 2-D)."""
    meta = lw.program.meta(lw.tensor_name(buffer) or "")
    value = lw.typer.value(ref)
    if meta is not None and len(meta.shape) == 2 and len(value.shape) == 3:
        return lw.emit(
            "view", [ref], rows=value.shape[0], features=(value.shape[1] * value.shape[2],)
        )
    return ref


def _mamba_mixer(lw: Lowering) -> None:
    """vLLM's Mamba-1 layer as one op (layers/mamba/mamba_mixer.py:221-227 calls
    torch.ops.vllm.mamba_mixer(hidden_states, output, layer); forward_impl at :229-431): the
    column-parallel in_proj (:103, [x | gate], 2·intermediate wide), the convolution and the
    selective scan on this rank's channels with x_proj row-parallel and dt_proj column-parallel
    inside (:110-125), and the row-parallel out_proj (:154, reduce_results left True: its
    all_reduce runs inside the op), written into ``output``. So the op reads every token of
    the layer's input with all its features and writes the reduced, complete result."""
    x = lw.require_act("hidden_states")
    hidden = _width(lw, x)
    sizes = _sizes(lw, MAMBA1_FIELDS)
    if isinstance(sizes, str) or hidden is None or lw.type(x).is_top:
        lw.bind_mutated("output", opaque(lw, x, sizes if isinstance(sizes, str) else "⊤ input"))
        return
    inner = sizes["expand"] * hidden
    module = lw.hint() or "model"
    in_proj = lw.emit(
        "linear", [x.ref], name=f"{module}.in_proj", in_features=hidden,
        out_features=2 * inner, parallel="column",
    )  # fmt: skip
    mixed = _mixer(
        lw, [Act(in_proj)], in_features=2 * inner, heads=inner, head_dim=1,
        state=sizes["state"], conv_width=inner, conv_kernel=sizes["conv_kernel"],
        update="selective", dt_rank=sizes["dt_rank"],
    )  # fmt: skip
    value = lw.typer.value(mixed)
    flat = lw.emit("view", [mixed], rows=value.shape[0], features=(value.shape[1],))
    out_proj = lw.emit(
        "linear", [flat], name=f"{module}.out_proj", in_features=inner, out_features=hidden,
        parallel="row",
    )  # fmt: skip
    reduced = lw.emit("all_reduce", [out_proj], name=f"{module}.out_proj.all_reduce", group="tp")
    lw.bind_mutated("output", Act(reduced, x.lead))


def _mamba2_core(lw: Lowering) -> None:
    """Mamba-2's convolution and scan (layers/mamba/mamba_mixer2.py:588
    torch.ops.vllm.mamba_mixer2(projected_states, ssm_output, layer); conv_ssm_forward at
    :704): it reads the column-parallel in_proj's result (this rank's [gate | x, B, C | dt],
    :346-378; the gate is read after the op, :598) and writes this rank's heads,
    [t, heads/tp · head_dim] (:576-583): the heads split over TP, nothing reduced."""
    x = lw.require_act("projected_states")
    width = _width(lw, x)
    sizes = _sizes(lw, MAMBA2_FIELDS)
    if isinstance(sizes, str) or width is None or lw.type(x).is_top:
        lw.bind_mutated("output", opaque(lw, x, sizes if isinstance(sizes, str) else "⊤ input"))
        return
    split = lw.type(x).features is FeatureState.SPLIT
    share = lw.tp if split else 1
    heads, head_dim = sizes["heads"], sizes["head_dim"]
    # the projection's parts here: the gate and x (heads·head_dim each), B and C (the conv's
    # other channels, groups replicated to follow the heads, :326-332), dt (one per head)
    conv = width - heads * head_dim // share - heads // share  # the width less gate and dt
    mixed = _mixer(
        lw, [x], in_features=_global(lw, x, width), heads=heads, head_dim=head_dim,
        state=sizes["state"], conv_width=conv * share, conv_kernel=sizes["conv_kernel"],
        update="selective",
    )  # fmt: skip
    lw.bind_mutated("output", Act(_to_buffer(lw, mixed, "output"), x.lead))


def _gated_delta_core(lw: Lowering) -> None:
    """The gated delta net's core on CPU (layers/mamba/gdn/qwen_gdn_linear_attn.py:1045
    torch.ops.vllm.cpu_gdn_attention_core(mixed_qkv, b, a, core_attn_out, layer); the op at
    layers/mamba/ops/cpu/gdn_attention.py:128, mutating core_attn_out, :818-820): the causal
    convolution over this rank's q, k and v channels and the delta rule per value head, with
    b and a one value per head; core_attn_out is [t, value heads/tp, value head dim]
    (:1036-1040). The heads are split over TP by the column-parallel in_proj_qkvz and
    in_proj_ba (:419-447) and read by the row-parallel out_proj (:512): nothing reduced."""
    x = lw.require_act("mixed_qkv")
    gates = [lw.require_act("b"), lw.require_act("a")]
    width = _width(lw, x)
    buffer = lw.program.meta(lw.tensor_name("core_attn_out") or "")
    sizes = _sizes(lw, GATED_DELTA_FIELDS)
    heads_here = _width(lw, gates[0])
    shape = buffer.shape if buffer is not None else ()
    head_dim = shape[-1] if len(shape) == 3 and isinstance(shape[-1], int) else None
    unknown = next((a for a in (x, *gates) if lw.type(a).is_top), None)
    if (
        isinstance(sizes, str)
        or width is None
        or heads_here is None
        or head_dim is None
        or unknown is not None
    ):
        why = sizes if isinstance(sizes, str) else "⊤ input, or no [t, heads, d] output buffer"
        lw.bind_mutated("core_attn_out", opaque(lw, unknown or x, why))
        return
    mixed = _mixer(
        lw, [x, *gates], in_features=_global(lw, x, width), heads=_global(lw, x, heads_here),
        head_dim=head_dim, state=sizes["state"], conv_width=_global(lw, x, width),
        conv_kernel=sizes["conv_kernel"], update="gated_delta",
    )  # fmt: skip
    lw.bind_mutated("core_attn_out", Act(mixed, x.lead))


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec("mamba_mixer", _mamba_mixer, Trait.RECURRENT, Trait.LINEAR, role=ATTN),
        spec("mamba2_core", _mamba2_core, Trait.RECURRENT, role=ATTN),
        spec("gated_delta_core", _gated_delta_core, Trait.RECURRENT, role=ATTN),
    )
)
