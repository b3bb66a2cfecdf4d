"""Mixture-of-experts ops: the router gate, top-k selection and the routed experts.

Gate, top-k and experts must see the same tokens: the experts combine results back to each
token's owner, so the output has the token layout of the input and complete features.
"""

from __future__ import annotations

from collections.abc import Sequence

from layoutcheck.lattice import Dtype, FeatureState
from layoutcheck.ops.base import (
    QUANT_CHOICES,
    Family,
    OpCall,
    OpSpec,
    OutLayout,
    RuleViolation,
    check_split_divides,
    choice,
    features_of,
    group,
    reject_partial,
    require_dtype,
    require_features,
    same_layout,
    size,
)
from layoutcheck.symbols import Expr, format_expr


def _require_whole(call: OpCall, slot: int) -> None:
    value = call.inputs[slot]
    if value.features is FeatureState.SPLIT:
        raise RuleViolation(
            "norm-of-split",
            f"{call.op.kind} {call.spec.inputs[slot]!r} input is feature-SPLIT "
            f"{call.shape(value)}: routing needs every feature of a token",
            "feed it the normalized hidden state (complete features)",
            slot,
        )


def _gate(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    _require_whole(call, 0)
    return (same_layout(call.inputs[0]),)


def _gate_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    return ((call.size("experts"),),)


def _topk(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    _require_whole(call, 0)
    layout = same_layout(call.inputs[0])
    return (layout, layout)


def _topk_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    k = call.size("top_k")
    logits = call.inputs[0]
    width = logits.shape[-1] if len(logits.shape) > 1 else None
    numeric_k = call.context.numeric(k)
    numeric_width = None if width is None else call.context.numeric(width)
    if width is None or (
        numeric_k is not None and numeric_width is not None and numeric_k > numeric_width
    ):
        raise RuleViolation(
            "shape-mismatch",
            f"moe_topk picks top_k = {format_expr(k)} of router logits {call.shape(logits)}",
            "top_k must not exceed the number of experts",
            0,
        )
    return ((k,), (k,))


def _topk_dtype(call: OpCall) -> Sequence[Dtype]:
    return (call.inputs[0].dtype, Dtype.INT32)


def _experts(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    _require_whole(call, 0)
    require_dtype(call, 1, False, "routing weights")
    require_dtype(call, 2, True, "expert ids")
    x = call.inputs[0]
    for slot in (1, 2):
        other = call.inputs[slot]
        if other.tokens is not x.tokens or not call.context.same(other.shape[0], x.shape[0]):
            raise RuleViolation(
                "layout-mismatch",
                f"moe_experts {call.spec.inputs[slot]!r} tokens ({call.shape(other)} "
                f"{other.layout}) do not match the hidden states x ({call.shape(x)} "
                f"{x.layout})",
                "run the gate and top-k on the same tokens as the experts (all LOCAL in "
                "sequence-parallel prefill; slice the router logits with the hidden states in "
                "MC2 decode)",
                slot,
            )
    check_split_divides(call, call.size("experts"), "experts")
    return (OutLayout(x.tokens, FeatureState.WHOLE, x.extent, x.group),)


def _experts_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    k = call.size("top_k")
    for slot in (1, 2):
        require_features(call, slot, k, "moe_experts (top_k)")
    return (features_of(call.inputs[0]),)


OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="moe_gate",
        family=Family.MOE,
        inputs=("x",),
        outputs=("logits",),
        attrs={"experts": size("routed experts"), "quant": choice(*QUANT_CHOICES, default="bf16")},
        layout=_gate,
        shape=_gate_shape,
        nonlinear=True,
        doc=(
            "The router: a replicated [H, experts] matmul giving router logits [t, experts] on "
            "the input's tokens. Needs complete features (PARTIAL is "
            "[partial-into-nonlinear], SPLIT [norm-of-split])."
        ),
    ),
    OpSpec(
        kind="moe_topk",
        family=Family.MOE,
        inputs=("logits",),
        outputs=("weights", "ids"),
        attrs={"top_k": size("experts per token")},
        layout=_topk,
        shape=_topk_shape,
        dtype=_topk_dtype,
        nonlinear=True,
        doc=(
            "Selects the top_k experts of each token from the router logits: output 0 the "
            "routing weights [t, k], output 1 the expert ids [t, k] int32. Tokens pass through."
        ),
    ),
    OpSpec(
        kind="moe_experts",
        family=Family.MOE,
        inputs=("x", "weights", "ids"),
        outputs=("out",),
        attrs={
            "experts": size("routed experts (global)"),
            "top_k": size("experts per token"),
            "intermediate": size("expert intermediate size"),
            "group": group("ep", "expert-parallel group"),
            "dispatch": choice("all_to_all", "mc2", "all_gather", default="all_to_all"),
            "quant": choice(*QUANT_CHOICES, default="bf16"),
        },
        layout=_experts,
        shape=_experts_shape,
        nonlinear=True,
        doc=(
            "The routed experts with their dispatch and combine over the expert-parallel group: "
            "each token is sent to its top_k experts and the weighted results return to the "
            "token's owner, so the output [t, H] has the tokens of x and complete features. "
            "x, weights and ids must cover the same tokens [layout-mismatch] — the TensorCast "
            "bug of local dispatch with full-token top-k ids."
        ),
    ),
)
