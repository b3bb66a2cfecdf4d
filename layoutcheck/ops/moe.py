"""Mixture-of-experts ops: the router gate, top-k selection and the routed experts.

Gate, top-k and experts must see the same tokens: the experts combine results back to each
token's owner, so the output has the token layout of the input and complete features.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.lattice import AbstractValue, Dtype, FeatureState
from layoutcheck.ops.base import (
    Family,
    OpCall,
    OpSpec,
    OutLayout,
    RuleUse,
    RuleViolation,
    check_split_divides,
    choice,
    features_of,
    flag,
    group,
    keep_features,
    like,
    reduced,
    reject_partial,
    require_dtype,
    require_features,
    same_layout,
    size,
)
from layoutcheck.ops.costing import (
    ZERO,
    Comm,
    CostCall,
    CostRule,
    OpCost,
    elements,
    features,
    io_bytes,
    kernels,
    nbytes,
    repeated,
    rows,
)
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import Sharding, Tensor, WeightCall, WeightRule, no_weights
from layoutcheck.quant import QUANT_CHOICES, mma_dtype, weight_bytes
from layoutcheck.symbols import Expr, format_expr, smallest

# moe_experts' dispatch when the experts are tensor-parallel: no token moves, every rank runs
# every routed row through its slice of each expert's intermediate
TENSOR_PARALLEL = "none"


def _require_whole(call: OpCall, slot: int) -> None:
    value = call.inputs[slot]
    if value.features is FeatureState.SPLIT:
        raise RuleViolation(
            rules.INCOMPLETE_FEATURES,
            f"{call.op.kind} {call.spec.inputs[slot]!r} input is feature-SPLIT "
            f"{call.shape(value)}: routing needs every feature of a token",
            "feed it the normalized hidden state (complete features)",
            slot,
            expected=reduced(value),
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
    too_many = width is None or (
        numeric_k is not None and numeric_width is not None and numeric_k > numeric_width
    )
    if too_many and not call.waives(rules.SHAPE_MISMATCH):
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"moe_topk picks top_k = {format_expr(k)} of router logits {call.shape(logits)}",
            "top_k must not exceed the number of experts",
            0,
            waive=True,
        )
    return ((k,), (k,))


def _topk_dtype(call: OpCall) -> Sequence[Dtype]:
    return (call.inputs[0].dtype, Dtype.INT32)


def _topk_ids(call: OpCall) -> Sequence[Expr | None]:
    """The ids select among the router logits' columns: their range is the logits' width."""
    logits = call.inputs[0]
    return (None, logits.shape[-1] if len(logits.shape) > 1 else None)


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
                rules.LAYOUT_MISMATCH,
                f"moe_experts {call.spec.inputs[slot]!r} tokens ({call.shape(other)} "
                f"{other.layout}) do not match the hidden states x ({call.shape(x)} "
                f"{x.layout})",
                "run the gate and top-k on the same tokens as the experts (all LOCAL in "
                "sequence-parallel prefill; slice the router logits with the hidden states in "
                "MC2 decode)",
                slot,
                expected=like(other, x).evolve(features=other.features, group=other.group),
            )
    if call.word("dispatch") == TENSOR_PARALLEL:  # every expert here, its intermediate split
        check_split_divides(call, call.size("intermediate"), "the experts' intermediate")
    else:
        check_split_divides(call, call.size("experts"), "experts")
    if not call.attr("reduce_results"):
        # vLLM's FusedMoE(reduce_results=False): each rank's result is a summand, reduced later
        # (after the shared experts are added) by one all_reduce over the reduce group
        return (OutLayout(x.tokens, FeatureState.PARTIAL, x.extent, call.word("reduce_group")),)
    return (OutLayout(x.tokens, FeatureState.WHOLE, x.extent, x.group),)


def _experts_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    k = call.size("top_k")
    for slot in (1, 2):
        require_features(call, slot, k, "moe_experts (top_k)")
    # the gate states the router width, the experts their count: two ops, one size
    experts, width = call.size("experts"), call.inputs[2].id_range
    if width is not None and not call.context.same(width, experts):
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"moe_experts' experts ({_size_text(call, experts)}) disagree with the width of "
            f"the router logits its ids index ({_size_text(call, width)}, the moe_gate's "
            "experts)",
            "give moe_gate and moe_experts the same experts: the router scores every routed "
            "expert, and ids past the last expert address none",
            2,
            expected=call.inputs[2].evolve(id_range=experts),
        )
    return (features_of(call.inputs[0]),)


def _size_text(call: OpCall, size: Expr) -> str:
    number = call.context.numeric(size)
    text = format_expr(size)
    return text if number is None or text == str(number) else f"{text} = {number}"


_PARTIAL = RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input")
_SPLIT = RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT input")

OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="moe_gate",
        traits=frozenset({Trait.EXPERT, Trait.ROUTER}),
        family=Family.MOE,
        inputs=("x",),
        outputs=("logits",),
        attrs={"experts": size("routed experts"), "quant": choice(*QUANT_CHOICES, default="bf16")},
        layout=_gate,
        shape=_gate_shape,
        summary="router logits `[t, experts]`, tokens of `x`",
        rules=(_PARTIAL, _SPLIT),
        doc=(
            "The router: a replicated [H, experts] matmul giving router logits on the input's "
            "tokens. It needs complete features."
        ),
    ),
    OpSpec(
        kind="moe_topk",
        traits=frozenset({Trait.EXPERT, Trait.ROUTER, Trait.EXPERT_SELECT}),
        family=Family.MOE,
        inputs=("logits",),
        outputs=("weights", "ids"),
        attrs={"top_k": size("experts per token")},
        layout=_topk,
        shape=_topk_shape,
        dtype=_topk_dtype,
        id_ranges=_topk_ids,
        summary="`[t, top_k]` each; `ids` are int32, `weights` keep the logits' dtype",
        rules=(_PARTIAL, _SPLIT, RuleUse(rules.SHAPE_MISMATCH, "`top_k` above the experts")),
        doc=(
            "Selects the top_k experts of each token from the router logits: output 0 the "
            "routing weights [t, k], output 1 the expert ids [t, k]. Tokens pass through."
        ),
    ),
    OpSpec(
        kind="moe_experts",
        traits=frozenset({Trait.EXPERT, Trait.EXPERT_COMPUTE, Trait.FUSED_MOE}),
        family=Family.MOE,
        inputs=("x", "weights", "ids"),
        outputs=("out",),
        attrs={
            "experts": size("routed experts (global)"),
            "top_k": size("experts per token"),
            "intermediate": size("expert intermediate size"),
            "group": group("ep", "expert-parallel group"),
            "dispatch": choice(
                "all_to_all",
                "mc2",
                "all_gather",
                TENSOR_PARALLEL,
                default="all_to_all",
                doc=f"how tokens reach the experts; {TENSOR_PARALLEL!r}: none are sent, each "
                "rank holds every expert's 1/|group| share of the intermediate (vLLM's MoE "
                "without expert parallelism)",
            ),
            "quant": choice(*QUANT_CHOICES, default="bf16"),
            "reduce_results": flag(
                True,
                "false: the output is still a pending sum over reduce_group (vLLM's "
                "reduce_results=False), reduced by a later all_reduce",
            ),
            "reduce_group": group("tp", "the group a reduce_results=false output is summed over"),
        },
        layout=_experts,
        shape=_experts_shape,
        summary="dispatch and combine included: out `[t, H]` with the tokens of `x`, `·W` "
        "(`·P` with `reduce_results: false`)",
        rules=(
            RuleUse(rules.LAYOUT_MISMATCH, "the three inputs cover different tokens"),
            RuleUse(rules.DTYPE_MISMATCH, "weights/ids swapped"),
            RuleUse(
                rules.SHAPE_MISMATCH,
                "width not `top_k`, or ids from router logits not `experts` wide",
            ),
            _PARTIAL,
            _SPLIT,
            RuleUse(
                rules.INDIVISIBLE, "experts (`dispatch: none`: the intermediate) over the group"
            ),
        ),
        doc=(
            "The routed experts with their dispatch and combine over the expert-parallel group: "
            "each token is sent to its top_k experts and the weighted results return to the "
            "token's owner, so the output has the tokens of x and complete features. x, weights "
            "and ids must cover the same tokens — the TensorCast bug of local dispatch with "
            "full-token top-k ids. With reduce_results: false (vLLM's FusedMoE argument) the "
            "output is a pending sum over reduce_group until the all_reduce that follows. "
            "With dispatch: none the experts are tensor-parallel (vLLM without expert "
            "parallelism): no token is sent, each rank runs every routed row through its "
            "1/|group| share of every expert's intermediate, and holds that share of the weights."
        ),
    ),
)


def _same_tokens(call: OpCall, a: int, b: int, what: str) -> None:
    left, right = call.inputs[a], call.inputs[b]
    if left.tokens is not right.tokens or not call.context.same(left.shape[0], right.shape[0]):
        raise RuleViolation(
            rules.LAYOUT_MISMATCH,
            f"{call.op.kind} {call.spec.inputs[b]!r} covers {call.shape(right)} "
            f"{right.layout}, {call.spec.inputs[a]!r} {call.shape(left)} {left.layout}: {what}",
            "route the tokens the top-k was computed for: slice the router logits together with "
            "the hidden states, or neither",
            b,
            expected=like(right, left).evolve(features=right.features, group=right.group),
        )


def _dispatch(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    _require_whole(call, 0)
    require_dtype(call, 1, True, "expert ids")
    _same_tokens(call, 0, 1, "the ids must be those of the tokens dispatched")
    x, k = call.inputs[0], call.size("top_k")
    # each token becomes top_k rows: the routed value covers k times the token extent
    return (OutLayout(x.tokens, FeatureState.WHOLE, x.extent * k, x.group),)


def _combine(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    require_dtype(call, 1, True, "expert ids")
    x, ids, k = call.inputs[0], call.inputs[1], call.size("top_k")
    if x.tokens is not ids.tokens or not call.context.same(x.shape[0], ids.shape[0] * k):
        raise RuleViolation(
            rules.LAYOUT_MISMATCH,
            f"moe_combine unpermutes {call.shape(x)} routed rows ({x.layout}) with top-k ids "
            f"{call.shape(ids)} ({ids.layout}): the ids stand for "
            f"{call.context.numeric(ids.shape[0] * k) or format_expr(ids.shape[0] * k)} rows",
            "the ids must be those of the tokens dispatched (top-k ids at FULL tokens with a "
            "LOCAL dispatch is TensorCast's crash without layer repetition)",
            1,
            recovered=(
                OutLayout(ids.tokens, FeatureState.WHOLE, ids.extent, ids.group),
                x.shape[1:],
            ),
        )
    return (OutLayout(ids.tokens, FeatureState.WHOLE, ids.extent, ids.group),)


def _combine_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    return ((call.size("top_k"), *features_of(call.inputs[0])),)


def _expert_compute(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    check_split_divides(call, call.size("experts"), "experts")
    return (same_layout(call.inputs[0]),)


ENGINE_OPS: tuple[OpSpec, ...] = (
    OpSpec(
        kind="moe_dispatch",
        traits=frozenset({Trait.EXPERT}),
        family=Family.MOE,
        inputs=("x", "ids"),
        outputs=("routed",),
        attrs={"top_k": size("experts per token")},
        layout=_dispatch,
        shape=keep_features,
        summary="`x [t, H]`, `ids [t, k]` on the same tokens → routed `[t·k, H]`",
        rules=(
            RuleUse(rules.LAYOUT_MISMATCH, "x and ids cover different tokens"),
            RuleUse(rules.DTYPE_MISMATCH, "non-integer ids"),
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(rules.INCOMPLETE_FEATURES, "SPLIT input"),
        ),
        doc="An engine's token permute before the expert all_to_all (TensorCast's "
        "init_routing_v2): each token becomes top_k rows, expert-major.",
    ),
    OpSpec(
        kind="moe_expert_compute",
        traits=frozenset({Trait.EXPERT, Trait.EXPERT_COMPUTE}),
        family=Family.MOE,
        inputs=("x",),
        outputs=("out",),
        attrs={
            "experts": size("routed experts (global)"),
            "intermediate": size("expert intermediate size"),
            "group": group("ep", "expert-parallel group"),
            "quant": choice(*QUANT_CHOICES, default="bf16"),
            "active": size(
                "experts that compute this step (the engine's count; default: the rank's "
                "experts/g)",
                required=False,
            ),
        },
        layout=_expert_compute,
        shape=keep_features,
        summary="the rank's experts on the rows it received; layout kept",
        rules=(
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(rules.INDIVISIBLE, "experts over the group"),
        ),
        doc="The local experts' gate_up, activation and down projections on the dispatched "
        "rows (an engine's grouped matmuls), between the dispatch and the combine all_to_all.",
    ),
    OpSpec(
        kind="moe_combine",
        traits=frozenset({Trait.EXPERT}),
        family=Family.MOE,
        inputs=("x", "ids"),
        outputs=("out",),
        attrs={"top_k": size("experts per token")},
        layout=_combine,
        shape=_combine_shape,
        summary="routed `[t·k, H]` and `ids [t, k]` → `[t, k, H]` on the ids' tokens",
        rules=(
            RuleUse(rules.LAYOUT_MISMATCH, "the routed rows are not the ids' tokens × k"),
            RuleUse(rules.DTYPE_MISMATCH, "non-integer ids"),
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
        ),
        doc="An engine's unpermute after the combine all_to_all (TensorCast's "
        "unpermute_tokens): the routed rows back to their tokens, one row per chosen expert.",
    ),
)
OPS = OPS + ENGINE_OPS


# -- cost: router matmul, top-k, and the rank's share of the experts ------------------------


def _gate_cost(call: CostCall) -> OpCost:
    """The router. A float router runs in fp32, as the HF modeling code and TensorCast do:
    the hidden states cast up (a kernel of its own, unless the graph casts them first) and an
    fp32 matmul against an fp32 weight."""
    x, logits = call.inputs[0], call.outputs[0]
    experts = call.size("experts")
    quant = str(call.attrs.get("quant", "bf16"))
    flops = 2 * rows(x) * features(x) * experts
    if mma_dtype(quant) == "int8":
        weight = features(x) * experts * weight_bytes(quant)
        return OpCost(mma=(("int8", flops),), hbm_bytes=weight + nbytes(x) + nbytes(logits))
    fp32 = Dtype.FP32.bytes
    matmul = OpCost(
        mma=(("fp32", flops),),
        hbm_bytes=features(x) * experts * fp32 + elements(x) * fp32 + elements(logits) * fp32,
    )
    if x.dtype is Dtype.FP32:
        return matmul
    cast = OpCost(hbm_bytes=elements(x) * (x.dtype.bytes + fp32))
    return kernels((("cast to fp32", cast), ("matmul", matmul)))


def _topk_cost(call: CostCall) -> OpCost:
    return OpCost(vector=elements(call.inputs[0]), hbm_bytes=io_bytes(call))


def _expert_kernels(
    rows: Expr,
    hidden: Expr,
    inter: Expr,
    active: Expr,
    quant: str,
    x: AbstractValue,
    grouped: bool = False,
) -> list[tuple[str, OpCost]]:
    """The routed experts as an engine runs them: the received rows quantized (W8A8_DYNAMIC),
    one grouped gate_up matmul over the active experts, then the activation, product,
    quantization and down projection, and the rows concatenated back. Rows are balanced over
    the active experts. TensorCast's model runs the steps after gate_up once per expert (each
    a kernel with its own launch); ``grouped`` (the hardware model) runs each as one kernel
    over every expert, as vLLM-Ascend's grouped matmul (npu_grouped_matmul) does."""
    per_weight = weight_bytes(quant)
    quantized = quant.endswith("_dynamic")  # activations quantized to int8 on the fly
    in_bytes = 1 if quantized or x.dtype is Dtype.INT8 else 2
    per = rows / active  # rows each active expert computes
    mma = mma_dtype(quant, x.dtype)
    kernels: list[tuple[str, OpCost]] = []
    if quantized and x.dtype is not Dtype.INT8:
        kernels.append(("quantize", OpCost(hbm_bytes=rows * hidden * (2 + 1))))
    kernels.append(
        (
            "gate_up",
            OpCost(
                mma=((mma, 2 * rows * hidden * 2 * inter),),
                hbm_bytes=active * hidden * 2 * inter * per_weight
                + rows * hidden * in_bytes
                + rows * 2 * inter * 2,
            ),
        )
    )
    glue = [
        ("activation", OpCost(vector=per * inter, hbm_bytes=2 * per * inter * 2)),
        ("product", OpCost(vector=per * inter, hbm_bytes=3 * per * inter * 2)),
    ]
    if quantized:
        glue.append(("quantize", OpCost(hbm_bytes=per * inter * (2 + 1))))
    down = OpCost(
        mma=((mma, 2 * per * inter * hidden),),
        hbm_bytes=inter * hidden * per_weight + per * inter * in_bytes + per * hidden * 2,
    )
    for name, cost in (*glue, ("down", down)):
        if grouped:  # one kernel over every active expert: the work, one launch
            kernels.append(
                (f"grouped {name}", attrs.evolve(repeated(cost, active), extra_launches=ZERO))
            )
        else:
            kernels.append((f"expert {name} ×{format_expr(active)}", repeated(cost, active)))
    kernels.append(("concat", OpCost(hbm_bytes=2 * rows * hidden * 2)))
    return kernels


def _active_experts(call: CostCall, routed: Expr) -> Expr:
    """The experts that compute: the engine's count when the graph states it, else the
    rank's experts that can receive a row — min(local experts, routed rows): a decode step's
    few rows reach few experts, and an expert with no row runs no kernel."""
    local = call.size("experts")
    if call.attrs.get("dispatch") != TENSOR_PARALLEL:  # the group splits the experts
        local = local / call.group_size(str(call.attrs.get("group", "ep")))
    given = call.attrs.get("active")
    return given if isinstance(given, sympy.Expr) else smallest(local, routed)


def _experts_cost(call: CostCall) -> OpCost:
    """Routing, the dispatch all_to_all, the experts, the combine all_to_all and the weighted
    sum back onto the tokens: separate kernels, as the engines run them."""
    x = call.inputs[0]
    t, hidden = rows(x), features(x)
    k, inter = call.size("top_k"), call.size("intermediate")
    quant = str(call.attrs.get("quant", "bf16"))
    group_name = str(call.attrs.get("group", "ep"))
    ep = call.group_size(group_name)
    dispatch = str(call.attrs.get("dispatch", "all_to_all"))
    grouped = not call.tensorcast
    if grouped and not call.context.same(x.extent, call.context.token_count):
        # the hardware model routes real tokens only: padding rows (a decode batch padded to
        # a multiple of the group) pick no expert, on balance T/extent of the rank's rows
        t = t * call.context.token_count / x.extent
    routed = t * k  # token-expert pairs this rank sends (and, balanced, receives)
    active = _active_experts(call, routed)
    if dispatch == TENSOR_PARALLEL:  # nothing sent: this rank's share of every intermediate
        computed = _expert_kernels(routed, hidden, inter / ep, active, quant, x, grouped)
        exchanges: list[tuple[str, OpCost]] = []
    else:
        computed = _expert_kernels(routed, hidden, inter, active, quant, x, grouped)
        if call.tensorcast:  # bf16 rows both ways, timed α–β as any all_to_all
            exchange = OpCost(comm=Comm(dispatch, group_name, ep, routed * hidden * 2))
            exchanges = [("dispatch", exchange), ("combine", exchange)]
        else:
            # measured rates and latency floors (the device's ``hardware``); a dynamically
            # quantized recipe dispatches int8 rows, as vLLM-Ascend's MC2 dispatch does
            # (vllm_ascend/ops/fused_moe/token_dispatcher.py:178-186, quant_mode 2, vllm-ascend
            # 182b75e), and combines bf16
            row = 1 if quant.endswith("_dynamic") or quant == "w8a8" else 2
            exchanges = [
                (
                    "dispatch",
                    OpCost(
                        comm=Comm(dispatch, group_name, ep, routed * hidden * row, floor="dispatch")
                    ),
                ),
                (
                    "combine",
                    OpCost(
                        comm=Comm(dispatch, group_name, ep, routed * hidden * 2, floor="combine")
                    ),
                ),
            ]
    parts = [
        ("routing", OpCost(hbm_bytes=nbytes(x) + routed * hidden * 2)),
        *exchanges[:1],
        *computed,
        *exchanges[1:],
        ("unpermute", OpCost(vector=routed * hidden, hbm_bytes=2 * routed * hidden * 2)),
        ("weighted sum", OpCost(vector=2 * routed * hidden, hbm_bytes=nbytes(call.outputs[0]))),
    ]
    return kernels(parts)


def _dispatch_cost(call: CostCall) -> OpCost:
    return OpCost(vector=elements(call.outputs[0]), hbm_bytes=io_bytes(call))


def _expert_compute_cost(call: CostCall) -> OpCost:
    """The received rows through the rank's experts (see ``_expert_kernels``)."""
    x = call.inputs[0]
    quant = str(call.attrs.get("quant", "bf16"))
    active = _active_experts(call, x.shape[0])
    inter = call.size("intermediate")
    grouped = not call.tensorcast
    return kernels(_expert_kernels(x.shape[0], features(x), inter, active, quant, x, grouped))


COSTS: Mapping[str, CostRule] = {
    "moe_gate": _gate_cost,
    "moe_topk": _topk_cost,
    "moe_experts": _experts_cost,
    "moe_dispatch": _dispatch_cost,
    "moe_expert_compute": _expert_compute_cost,
    "moe_combine": _dispatch_cost,
}


# -- weights: the router's [experts, H] matrix; each routed expert's three projections -------


def _gate_weights(call: WeightCall) -> tuple[Tensor, ...]:
    hidden = call.inputs[0].shape[-1]
    return (call.tensor(call.op.name, (call.size("experts"), hidden), Sharding.REPLICATED),)


def _experts_weights(call: WeightCall) -> tuple[Tensor, ...]:
    experts, inter = call.size("experts"), call.size("intermediate")
    hidden = call.inputs[0].shape[-1]
    # each [out, in]: tensor-parallel experts split gate and up by rows, down by columns
    shapes = {
        "gate_proj": ((inter, hidden), Sharding.TP_DIM0),
        "up_proj": ((inter, hidden), Sharding.TP_DIM0),
        "down_proj": ((hidden, inter), Sharding.TP_DIM1),
    }
    split_intermediate = call.attrs.get("dispatch") == TENSOR_PARALLEL
    # a stack of per-expert tensors: the checkpoint names expert e `<experts>.e.<part>`
    return tuple(
        call.tensor(
            f"{call.op.name}.*.{part}",
            (experts, *shape),
            tp_split if split_intermediate else Sharding.EP,
        )
        for part, (shape, tp_split) in shapes.items()
    )


WEIGHTS: Mapping[str, WeightRule] = {
    "moe_gate": _gate_weights,
    "moe_topk": no_weights,
    "moe_experts": _experts_weights,
    "moe_dispatch": no_weights,
    "moe_expert_compute": _experts_weights,
    "moe_combine": no_weights,
}
OPS = tuple(attrs.evolve(spec, cost=COSTS[spec.kind], weights=WEIGHTS[spec.kind]) for spec in OPS)
