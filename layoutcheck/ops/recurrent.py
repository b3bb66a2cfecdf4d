"""Recurrent token mixers: the core of a state-space (Mamba-1, Mamba-2) or gated delta-rule
(Qwen3-Next's linear attention) layer — a short causal convolution over its channels, then a
recurrence along each request's tokens that keeps a fixed-size state per head.

Like attention it mixes tokens, so it needs every token of a request (FULL): a rank holding
T/g rows would start its first row from an empty state. Unlike attention its heads read no key
side: the features are split over TP by heads (a column-parallel projection feeds it, a
row-parallel one reads it), and each rank's heads are its own, so nothing is reduced.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.graph import Op
from layoutcheck.lattice import Dtype, FeatureState, TokenLayout
from layoutcheck.ops.base import (
    Family,
    OpCall,
    OpSpec,
    OutLayout,
    RuleUse,
    RuleViolation,
    check_split_divides,
    choice,
    flag,
    gathered,
    group,
    per_rank,
    reject_partial,
    require_agree,
    require_features,
    size,
)
from layoutcheck.ops.costing import (
    Comm,
    CostCall,
    OpCost,
    io_bytes,
    kernels,
    rows,
)
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import Sharding, Tensor, TensorKind, WeightCall
from layoutcheck.symbols import Expr, format_expr

# FLOPs per state element per token of each recurrence (h the state, x the input):
# - selective (Mamba's h ← exp(Δ·A)·h + Δ·B·x, y = C·h): the decay's multiply, the input
#   term's multiply-add, the output contraction's multiply-add: 5
# - gated_delta (S ← g·S + β·k·(v − Sᵀk)ᵀ, y = Sᵀq): the decay's multiply, Sᵀk's, the rank-one
#   update's and Sᵀq's multiply-adds: 7
UPDATE_FLOPS: Mapping[str, int] = {"selective": 5, "gated_delta": 7}
# the state is kept in fp32 by every implementation vLLM runs (mamba_utils.py's state dtypes)
STATE_BYTES = Dtype.FP32.bytes


def _mixer(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    for slot, value in enumerate(call.inputs):
        if value.tokens is TokenLayout.LOCAL:
            name = call.spec.inputs[min(slot, len(call.spec.inputs) - 1)]
            raise RuleViolation(
                rules.LOCAL_TOKENS_INTO_RECURRENCE,
                f"{call.op.kind} input {name!r} is LOCAL {call.shape(value)}: each rank would "
                f"run the recurrence over 1/{format_expr(call.g)} of each request's tokens, "
                "its first row from an empty state",
                "all_gather the tokens (the normalized hidden state) before the mixer's input "
                "projection",
                slot,
                expected_inputs=tuple(
                    gathered(v) if v.tokens is TokenLayout.LOCAL else v for v in call.inputs
                ),
            )
    if len(call.inputs) > 1:  # the per-head gates ride on the same tokens and heads as x
        require_agree(call, tuple(range(len(call.inputs))), "inputs")
    x = call.inputs[0]
    split = x.features is FeatureState.SPLIT
    return (OutLayout(x.tokens, x.features, x.extent, call.group if split else None),)


def _heads_here(call: OpCall) -> Expr:
    heads = call.size("heads")
    if call.inputs[0].features is FeatureState.SPLIT:
        check_split_divides(call, heads, "recurrent heads")
        return heads / call.g
    return heads


def _mixer_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    heads = _heads_here(call)
    x = call.inputs[0]
    width = per_rank(call, call.size("in_features"), x.features)
    require_features(call, 0, width, "the recurrent mixer's input (in_features per rank)")
    for slot in range(1, len(call.inputs)):
        require_features(call, slot, heads, "a per-head gate (one value per head)")
    return ((heads, call.size("head_dim")),)


_ATTRS = {
    "in_features": size("global width of x (the channels the op reads: its convolution's, "
                        "and the gate or step inputs beside them)"),
    "heads": size("recurrent heads (global; Mamba-1: its channels, each a head of width 1)"),
    "head_dim": size("output width of a head"),
    "state": size("state per head row: Mamba's d_state, the delta rule's key head width"),
    "conv_width": size("channels of the causal convolution (global)"),
    "conv_kernel": size("taps of the causal convolution"),
    "update": choice(*UPDATE_FLOPS, doc="the recurrence: selective (Mamba), gated_delta (GDN)"),
    "dt_rank": size("Mamba-1: the rank of its step projection; the op then holds x_proj (row-"
                    "parallel, all-reduced inside) and dt_proj", default=0),
    "decode": flag(False, "one new token per request: each row reads and writes its state"),
    "group": group(doc="group the heads are split over when x is SPLIT"),
}  # fmt: skip

OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="recurrent_mixer",
        traits=frozenset({Trait.RECURRENT}),
        family=Family.ATTENTION,
        inputs=("x",),  # variadic: any further inputs are per-head gates (GDN's b and a)
        outputs=("out",),
        attrs=_ATTRS,
        variadic=True,
        layout=_mixer,
        shape=_mixer_shape,
        summary="`x [t, in/g or in]` FULL → out `[t, heads per rank, head_dim]` with x's tokens "
        "and feature state (SPLIT: `heads/g` heads); further inputs are per-head gates "
        "`[t, heads per rank]` on x's tokens",
        rules=(
            RuleUse(rules.LOCAL_TOKENS_INTO_RECURRENCE, "LOCAL input"),
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(rules.LAYOUT_MISMATCH, "gates on other tokens or heads than `x`"),
            RuleUse(rules.SHAPE_MISMATCH, "widths"),
            RuleUse(rules.INDIVISIBLE, "heads over `g`"),
        ),
        doc=(
            "A recurrent token mixer: a causal convolution over conv_width channels, then a "
            "recurrence along each request's tokens with a heads × head_dim × state state "
            "(Mamba's selective scan, the gated delta rule of linear attention). It mixes "
            "tokens, so its input must be FULL; its heads split over TP with x's features, "
            "each rank's its own (no reduction). With dt_rank (Mamba-1) it holds x_proj, a "
            "row-parallel projection all-reduced inside, and dt_proj."
        ),
    ),
)


# -- cost: the convolution and the recurrence on the vector unit, the state read and written -


def _requests(call: CostCall, x_rows: Expr) -> Expr:
    """Requests whose state the op reads and writes: every row of a decode step; the graph's
    listed requests; else one (a prefill of one request)."""
    if call.attrs.get("decode"):
        return x_rows
    if call.requests is not None:
        return sympy.Integer(len(call.requests.starts))
    return sympy.Integer(1)


def _mixer_cost(call: CostCall) -> OpCost:
    """The convolution (2·t·channels·taps), the recurrence (UPDATE_FLOPS per state element per
    token, in fp32), reading x and the gates and writing the output, each request's state and
    convolution window read and written once, and the convolution's weights. With dt_rank
    (Mamba-1) x_proj and dt_proj run on the MMA unit and x_proj's partial result is
    all-reduced over the group before the scan."""
    x, out = call.inputs[0], call.outputs[0]
    t = rows(x)
    heads, head_dim = out.shape[1], out.shape[2]
    split = x.features is FeatureState.SPLIT
    g = call.group_size(str(call.attrs.get("group", "tp")))
    conv = call.size("conv_width") / g if split else call.size("conv_width")
    taps, state = call.size("conv_kernel"), call.size("state")
    state_elements = heads * head_dim * state
    requests = _requests(call, t)
    scan = OpCost(
        vector=UPDATE_FLOPS[str(call.attrs["update"])] * t * state_elements + 2 * t * conv * taps,
        hbm_bytes=io_bytes(call)
        + 2 * requests * state_elements * STATE_BYTES
        + 2 * requests * conv * (taps - 1) * x.dtype.bytes
        + conv * taps * x.dtype.bytes,
        vector_dtype=Dtype.FP32.value,
    )
    dt_rank = call.size("dt_rank")
    if dt_rank == 0:
        return scan
    # Mamba-1 (mamba_mixer.py:205-227): x_proj [dt_rank + 2·state, channels] row-parallel,
    # dt_proj [channels, dt_rank] column-parallel; the channels are the heads
    selective = dt_rank + 2 * state
    projections = OpCost(
        mma=(("bf16", 2 * t * heads * selective + 2 * t * dt_rank * heads),),
        hbm_bytes=(heads * selective + heads * dt_rank) * x.dtype.bytes,
    )
    reduce = OpCost(comm=Comm("all_reduce", "tp", g, t * selective * x.dtype.bytes))
    parts = [("projections", projections)]
    if split:
        parts.append(("x_proj.all_reduce", reduce))
    parts.append(("scan", scan))
    return kernels(parts)


# -- weights: the convolution, the per-head decay and skip, Mamba-1's step projections -------


def _vector(call: WeightCall, name: str, shape: tuple[Expr, ...], split: bool) -> Tensor:
    """A per-head parameter (A, D, dt_bias): a plain vector a checkpoint names without a
    ``.weight``, split by heads with them, never quantized (kept with the norms' kind)."""
    sharding = Sharding.TP_DIM0 if split else Sharding.REPLICATED
    return Tensor(
        f"{call.op.name}.{name}",
        call.op.name,
        shape,
        sharding,
        Sharding.TP_DIM0,
        TensorKind.NORM,
        call.op.role,
        call.op.layer,
    )


def _mixer_weights(call: WeightCall) -> tuple[Tensor, ...]:
    split = call.inputs[0].features is FeatureState.SPLIT
    prefix = call.op.name
    heads, state = call.size("heads"), call.size("state")
    sharding = Sharding.TP_DIM0 if split else Sharding.REPLICATED
    conv = (call.size("conv_width"), call.size("conv_kernel"))
    tensors = [call.tensor(f"{prefix}.conv1d", conv, sharding, tp_sharding=Sharding.TP_DIM0)]
    dt_rank = call.size("dt_rank")
    if dt_rank != 0:  # Mamba-1: A is per channel and state; dt's bias lives in dt_proj
        tensors += [
            call.tensor(
                f"{prefix}.x_proj",
                (dt_rank + 2 * state, heads),
                Sharding.TP_DIM1 if split else Sharding.REPLICATED,
                tp_sharding=Sharding.TP_DIM1,
            ),
            call.tensor(
                f"{prefix}.dt_proj", (heads, dt_rank), sharding, tp_sharding=Sharding.TP_DIM0
            ),
            _vector(call, "A_log", (heads, state), split),
            _vector(call, "D", (heads,), split),
        ]
        return tuple(tensors)
    tensors += [_vector(call, "A_log", (heads,), split), _vector(call, "dt_bias", (heads,), split)]
    if call.attrs.get("update") == "selective":  # Mamba-2's skip connection
        tensors.append(_vector(call, "D", (heads,), split))
    return tuple(tensors)


OPS = tuple(attrs.evolve(spec, cost=_mixer_cost, weights=_mixer_weights) for spec in OPS)


def refuse_simulation(runner: object, op: Op, inputs: list[object]) -> list[object]:
    """The simulator runs no recurrence: a graph with one is refused at this op (the
    simulator reports this error as the op's own), never run as something else."""
    raise ValueError("the simulator has no kernel for a recurrence along the tokens")


# the simulator kernels this family adds (the simulator's own table has none for it)
KERNELS: Mapping[str, Callable[..., object]] = {"recurrent_mixer": refuse_simulation}
