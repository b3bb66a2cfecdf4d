"""Stand-ins for the engines' custom ops, registered with ``torch.library`` under the engines' own
namespaces, names and schema argument names (``../shared/reference/engine-ops.md``, the op maps
in ``layoutcheck/engines/opmaps``), so graphs that call them export like the engines' graphs do.

Each op has only a fake kernel: the shape the real op returns on rank 0 of its group. None of them
ever computes. Importing this module registers them (once per process). The vLLM-Ascend ops read
the run's token count and TP size from the forward context, as the real ones do; here that is
:func:`vllm_forward_context`.
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Iterator, Sequence

import attrs
import torch

# -- the forward context the vLLM-Ascend ops read ------------------------------------------------


@attrs.frozen
class ForwardContext:
    """The tokens of the batch (before padding) and the TP group size."""

    tokens: int
    tp: int

    @property
    def padded(self) -> int:
        """FlashComm1 pads the token count up to a multiple of tp."""
        return math.ceil(self.tokens / self.tp) * self.tp


_context: list[ForwardContext] = []


@contextlib.contextmanager
def vllm_forward_context(tokens: int, tp: int) -> Iterator[ForwardContext]:
    context = ForwardContext(tokens, tp)
    _context.append(context)
    try:
        yield context
    finally:
        _context.pop()


def _forward_context() -> ForwardContext:
    if not _context:
        raise RuntimeError("a vLLM-Ascend stand-in op ran outside vllm_forward_context()")
    return _context[-1]


# -- helpers -------------------------------------------------------------------------------------


def _like(x: torch.Tensor, *shape: int, dtype: torch.dtype | None = None) -> torch.Tensor:
    return x.new_empty(shape, dtype=dtype or x.dtype)


def _resized(x: torch.Tensor, dim: int, size: int) -> torch.Tensor:
    shape = list(x.shape)
    shape[dim] = size
    return x.new_empty(shape)


def _rows(x: torch.Tensor) -> int:
    """Tokens of a [T, …] or [B, S, …] activation whose last dim is features."""
    return math.prod(x.shape[:-1])


_LIBRARIES: dict[str, torch.library.Library] = {}
DEFINED: list[str] = []  # every op this module registered, qualified ("tensor_cast::rms_norm")


def _define(qualified: str, schema: str) -> str:
    namespace, name = qualified.split("::")
    library = _LIBRARIES.get(namespace)
    if library is None:
        library = _LIBRARIES[namespace] = torch.library.Library(namespace, "FRAGMENT")
    library.define(f"{name}{schema}")
    DEFINED.append(qualified)
    return qualified


def _fake(qualified: str, schema: str):  # type: ignore[no-untyped-def]
    """Define the op and register the decorated function as its fake kernel."""

    def register(fn):  # type: ignore[no-untyped-def]
        _define(qualified, schema)
        torch.library.register_fake(qualified, fn, lib=_LIBRARIES[qualified.split("::")[0]])
        return fn

    return register


# -- TensorCast (tensor_cast/ops at 84fec85) -----------------------------------------------------
# Collectives take the rank-0 view of the group: a reduce_scatter keeps the first 1/g of `dim`.


@_fake("tensor_cast::all_reduce", "(Tensor x, int rank, int[] rank_group) -> Tensor")
def _all_reduce(x: torch.Tensor, rank: int, rank_group: Sequence[int]) -> torch.Tensor:
    return torch.empty_like(x)


@_fake("tensor_cast::reduce_scatter", "(Tensor x, int dim, int rank, int[] rank_group) -> Tensor")
def _reduce_scatter(
    x: torch.Tensor, dim: int, rank: int, rank_group: Sequence[int]
) -> torch.Tensor:
    size = x.shape[dim]
    if size % len(rank_group):
        raise ValueError(f"reduce_scatter of {size} rows over {len(rank_group)} ranks")
    return _resized(x, dim, size // len(rank_group))


@_fake("tensor_cast::all_gather", "(Tensor x, int dim, int rank, int[] rank_group) -> Tensor")
def _all_gather(x: torch.Tensor, dim: int, rank: int, rank_group: Sequence[int]) -> torch.Tensor:
    return _resized(x, dim, x.shape[dim] * len(rank_group))


@_fake(
    "tensor_cast::all_to_all",
    "(Tensor x, int[] output_split_sizes, int[] input_split_sizes, int rank, int[] rank_group)"
    " -> Tensor",
)
def _all_to_all(
    x: torch.Tensor,
    output_split_sizes: Sequence[int],
    input_split_sizes: Sequence[int],
    rank: int,
    rank_group: Sequence[int],
) -> torch.Tensor:
    return _resized(x, 0, sum(output_split_sizes))


@_fake("tensor_cast::rms_norm", "(Tensor x, Tensor weight, float eps) -> Tensor")
def _rms_norm(x: torch.Tensor, weight: torch.Tensor, eps: float) -> torch.Tensor:
    return torch.empty_like(x)


# Both outputs take input 0's shape whatever the residual's (TensorCast's fake does not compare
# them: the token-count mix of its issue 322 exported without complaint).
@_fake(
    "tensor_cast::add_rms_norm2",
    "(Tensor x, Tensor residual, Tensor weight, float eps) -> (Tensor, Tensor)",
)
def _add_rms_norm2(
    x: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, eps: float
) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.empty_like(x), torch.empty_like(x)


@_fake(
    "tensor_cast::mlapo",
    "(Tensor hidden_states, Tensor cos, Tensor sin, Tensor q_a_proj_weight, "
    "Tensor q_a_layernorm_weight, Tensor q_b_proj_weight, Tensor kv_a_proj_weight, "
    "Tensor kv_a_layernorm_weight, int num_heads, int qk_head_dim, int qk_nope_head_dim, "
    "int qk_rope_head_dim, int kv_lora_rank, int q_lora_rank) -> (Tensor, Tensor, Tensor, Tensor)",
)
def _mlapo(
    hidden_states: torch.Tensor,
    cos: torch.Tensor,
    sin: torch.Tensor,
    q_a_proj_weight: torch.Tensor,
    q_a_layernorm_weight: torch.Tensor,
    q_b_proj_weight: torch.Tensor,
    kv_a_proj_weight: torch.Tensor,
    kv_a_layernorm_weight: torch.Tensor,
    num_heads: int,
    qk_head_dim: int,
    qk_nope_head_dim: int,
    qk_rope_head_dim: int,
    kv_lora_rank: int,
    q_lora_rank: int,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    tokens = _rows(hidden_states)
    return (
        _like(hidden_states, tokens, num_heads, qk_head_dim),  # q
        _like(hidden_states, tokens, kv_lora_rank),  # kv_c_normed
        _like(hidden_states, tokens, qk_rope_head_dim),  # k_rot
        _like(hidden_states, tokens, q_lora_rank),  # qa_normed
    )


@_fake(
    "tensor_cast::dsa_indexer",
    "(Tensor hidden_states, Tensor qa_normed, Tensor cos, Tensor sin, Tensor indexer_cache, "
    "Tensor slot_mapping, Tensor block_tables, Tensor seq_lens, Tensor wq_b_weight, "
    "Tensor wk_weight, Tensor weights_proj_weight, Tensor k_norm_weight, int num_heads, "
    "int head_dim, int qk_rope_head_dim, int topk_limit, Tensor query_lens) -> Tensor",
)
def _dsa_indexer(
    hidden_states: torch.Tensor,
    qa_normed: torch.Tensor,
    cos: torch.Tensor,
    sin: torch.Tensor,
    indexer_cache: torch.Tensor,
    slot_mapping: torch.Tensor,
    block_tables: torch.Tensor,
    seq_lens: torch.Tensor,
    wq_b_weight: torch.Tensor,
    wk_weight: torch.Tensor,
    weights_proj_weight: torch.Tensor,
    k_norm_weight: torch.Tensor,
    num_heads: int,
    head_dim: int,
    qk_rope_head_dim: int,
    topk_limit: int,
    query_lens: torch.Tensor,
) -> torch.Tensor:
    # query tokens follow hidden_states; one row of top-k key indices each, topk_limit wide
    # (the real archives show [1, 512, 2048]: the width is topk_limit even past the tokens)
    return _like(hidden_states, *hidden_states.shape[:-1], topk_limit, dtype=torch.int64)


@_fake(
    "tensor_cast::mla_sparse_attention",
    "(Tensor q, Tensor kv_cache, Tensor block_table, Tensor query_start_loc, Tensor seq_lens, "
    "Tensor query_lens, Tensor W_UK_T, Tensor W_UV, Tensor kv_b_proj, int v_head_dim, "
    "int topk_limit, Tensor topk_indices) -> Tensor",
)
def _mla_sparse_attention(
    q: torch.Tensor,
    kv_cache: torch.Tensor,
    block_table: torch.Tensor,
    query_start_loc: torch.Tensor,
    seq_lens: torch.Tensor,
    query_lens: torch.Tensor,
    W_UK_T: torch.Tensor,
    W_UV: torch.Tensor,
    kv_b_proj: torch.Tensor,
    v_head_dim: int,
    topk_limit: int,
    topk_indices: torch.Tensor,
) -> torch.Tensor:
    return _like(q, q.shape[0], q.shape[1], v_head_dim)


@_fake("tensor_cast::silu", "(Tensor x) -> Tensor")
def _silu(x: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(x)


# In place: the cache is written, nothing returned (the archive shows no outputs).
@_fake(
    "tensor_cast::concat_and_cache_mla",
    "(Tensor kv_c_normed, Tensor k_rot, Tensor(a!) kv_cache, Tensor slot_mapping) -> ()",
)
def _concat_and_cache_mla(
    kv_c_normed: torch.Tensor,
    k_rot: torch.Tensor,
    kv_cache: torch.Tensor,
    slot_mapping: torch.Tensor,
) -> None:
    return None


@_fake("tensor_cast::moe_gating_top_k_softmax", "(Tensor x, int top_k) -> (Tensor, Tensor)")
def _moe_gating_top_k_softmax(x: torch.Tensor, top_k: int) -> tuple[torch.Tensor, torch.Tensor]:
    rows = x.shape[0]
    return _like(x, rows, top_k, dtype=torch.float32), _like(x, rows, top_k, dtype=torch.int64)


# Each token becomes top_k rows, expert-major: the rows follow x (the fake does not compare x's
# tokens with the ids').
@_fake("tensor_cast::init_routing_v2", "(Tensor x, Tensor topk_indices) -> Tensor")
def _init_routing_v2(x: torch.Tensor, topk_indices: torch.Tensor) -> torch.Tensor:
    return _like(x, x.shape[0] * topk_indices.shape[-1], x.shape[-1])


# Back to [T, k, H] with T the ids' tokens, whatever rows came back from the experts.
@_fake("tensor_cast::unpermute_tokens", "(Tensor x, Tensor topk_indices) -> Tensor")
def _unpermute_tokens(x: torch.Tensor, topk_indices: torch.Tensor) -> torch.Tensor:
    return _like(x, topk_indices.shape[0], topk_indices.shape[-1], x.shape[-1])


# x (M, K) and w (K, N) to (M, N) of out_dtype; like TensorCast's, the fake does not compare
# the two K.
@_fake(
    "tensor_cast::static_quant_linear",
    "(Tensor x, Tensor w, Tensor w_scale, Tensor? w_offset, Tensor? x_scale, Tensor? x_offset, "
    "Tensor? bias, ScalarType? out_dtype) -> Tensor",
)
def _static_quant_linear(
    x: torch.Tensor,
    w: torch.Tensor,
    w_scale: torch.Tensor,
    w_offset: torch.Tensor | None,
    x_scale: torch.Tensor | None,
    x_offset: torch.Tensor | None,
    bias: torch.Tensor | None,
    out_dtype: torch.dtype | None,
) -> torch.Tensor:
    return _like(x, x.shape[0], w.shape[1], dtype=out_dtype or x.dtype)


@_fake("tensor_cast::dynamic_quantize_symmetric", "(Tensor x, int[] dims) -> (Tensor, Tensor)")
def _dynamic_quantize_symmetric(
    x: torch.Tensor, dims: Sequence[int]
) -> tuple[torch.Tensor, torch.Tensor]:
    return torch.empty_like(x, dtype=torch.int8), _like(x, dtype=torch.float32)


# Repetition markers: identities whose `id` is a Python object id, not a layer number.
for _marker in (
    "_internal_mark_region_begin",
    "_internal_mark_region_end",
    "_internal_copy_region",
):

    @_fake(f"tensor_cast::{_marker}", "(Tensor x, int id) -> Tensor")
    def _region_marker(x: torch.Tensor, id: int) -> torch.Tensor:
        return torch.empty_like(x)


# -- an op no op map knows -----------------------------------------------------------------------


@_fake("my_vendor::fused", "(Tensor x) -> Tensor")
def _my_vendor_fused(x: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(x)


# -- vLLM (vllm/distributed/parallel_state.py) ---------------------------------------------------


@_fake("vllm::all_reduce", "(Tensor tensor, str group_name) -> Tensor")
def _vllm_all_reduce(tensor: torch.Tensor, group_name: str) -> torch.Tensor:
    return torch.empty_like(tensor)


@_fake("vllm::reduce_scatter", "(Tensor tensor, int dim, int world_size, str group_name) -> Tensor")
def _vllm_reduce_scatter(
    tensor: torch.Tensor, dim: int, world_size: int, group_name: str
) -> torch.Tensor:
    return _resized(tensor, dim, tensor.shape[dim] // world_size)


@_fake("vllm::all_gather", "(Tensor tensor, int dim, int world_size, str group_name) -> Tensor")
def _vllm_all_gather(
    tensor: torch.Tensor, dim: int, world_size: int, group_name: str
) -> torch.Tensor:
    return _resized(tensor, dim, tensor.shape[dim] * world_size)


# Pad the tokens to a multiple of tp and keep this rank's chunk.
@_fake("vllm::sequence_parallel_chunk_impl", "(Tensor x) -> Tensor")
def _sequence_parallel_chunk_impl(x: torch.Tensor) -> torch.Tensor:
    return _resized(x, 0, math.ceil(x.shape[0] / _forward_context().tp))


# -- vLLM-Ascend (vllm_ascend/ops/register_custom_ops.py, FlashComm1) ----------------------------


@_fake("vllm::maybe_all_gather_and_maybe_unpad", "(Tensor x, bool label) -> Tensor")
def _maybe_all_gather_and_maybe_unpad(x: torch.Tensor, label: bool) -> torch.Tensor:
    context = _forward_context()
    return _resized(x, 0, min(x.shape[0] * context.tp, context.tokens))


@_fake("vllm::maybe_pad_and_reduce", "(Tensor x, bool label) -> Tensor")
def _maybe_pad_and_reduce(x: torch.Tensor, label: bool) -> torch.Tensor:
    context = _forward_context()
    return _resized(x, 0, math.ceil(x.shape[0] / context.tp))


# The residual's chunk when it still has every token and x has this rank's.
@_fake("vllm::maybe_chunk_residual", "(Tensor x, Tensor residual) -> Tensor")
def _maybe_chunk_residual(x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
    if x.shape[0] != residual.shape[0]:
        return _resized(residual, 0, x.shape[0])
    return torch.empty_like(residual)


# vllm-ascend csrc/torch_binding.cpp:2153 (@182b75ea): the new residual is result 2
@_fake(
    "_C_ascend::npu_add_rms_norm_bias",
    "(Tensor x1, Tensor x2, Tensor gamma, Tensor? beta=None, float epsilon=1e-6)"
    " -> (Tensor, Tensor, Tensor)",
)
def _npu_add_rms_norm_bias(
    x1: torch.Tensor,
    x2: torch.Tensor,
    gamma: torch.Tensor,
    beta: torch.Tensor | None = None,
    epsilon: float = 1e-6,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    rstd = torch.empty((x1.shape[0], 1), dtype=torch.float32, device=x1.device)
    return torch.empty_like(x1), rstd, torch.empty_like(x1)


@_fake("_C::rms_norm", "(Tensor(a!) result, Tensor input, Tensor weight, float epsilon) -> ()")
def _c_rms_norm(
    result: torch.Tensor, input: torch.Tensor, weight: torch.Tensor, epsilon: float
) -> None:
    return None


@_fake("_C::silu_and_mul", "(Tensor(a!) result, Tensor input) -> ()")
def _c_silu_and_mul(result: torch.Tensor, input: torch.Tensor) -> None:
    return None


@_fake(
    "vllm::unified_attention_with_output",
    "(Tensor query, Tensor key, Tensor value, Tensor(a!) output, str layer_name,"
    " Tensor? output_scale=None, Tensor? output_block_scale=None) -> ()",
)
def _unified_attention_with_output(
    query: torch.Tensor,
    key: torch.Tensor,
    value: torch.Tensor,
    output: torch.Tensor,
    layer_name: str,
    output_scale: torch.Tensor | None = None,
    output_block_scale: torch.Tensor | None = None,
) -> None:
    return None


def argument_names(qualified: str) -> tuple[str, ...]:
    """The schema argument names of a stand-in op, as torch holds them."""
    namespace, name = qualified.split("::")
    schema = getattr(getattr(torch.ops, namespace), name).default._schema
    return tuple(argument.name for argument in schema.arguments)
