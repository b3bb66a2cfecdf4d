"""vLLM-Ascend's custom ops, read from a checkout of its source (tests/engines/vllm_scan.py):
the ops it registers in vLLM's namespace (``direct_register_custom_op`` in vllm_ascend), its
kernels (``torch.ops._C_ascend.*``) and the torch_npu kernels it calls (``torch.ops.npu.*`` and
``torch_npu.x(…)``, which a graph shows as ``npu.x.default``); the generator of
``layoutcheck/engines/opmaps/vllm_ascend_custom.yaml``: the list (``vllm_ascend_ops:``, each with
the vllm_ascend file:line that registers or first calls it, and the source commit) and an
op-map entry for every op no other shipped op map holds.

    python -m tests.engines.vllm_ascend_ops CHECKOUT COMMIT   # CHECKOUT holds vllm_ascend/

vLLM-Ascend is not installed here (it needs an NPU build), so the regeneration test runs only
where ``LAYOUTCHECK_VLLM_ASCEND_SOURCE`` names a checkout at the shipped commit.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from layoutcheck.engines.opmap import OPMAPS, load_opmap
from tests.engines.vllm_ops import _entry, fam, refuse, untyped
from tests.engines.vllm_scan import Site, scan_tree

TABLE = OPMAPS / "vllm_ascend_custom.yaml"
NAMESPACES = ("vllm", "_C_ascend", "npu")
MODULES = {"torch_npu": "npu"}  # torch_npu.npu_x(…) is the graph's npu.npu_x.default

_U = untyped
_DUMMY = "a placeholder vLLM's fusion passes look up (ops/__init__.py dummyFusionOp), never run"
FAMILIES: Mapping[str, Mapping[str, Any]] = {
    # -- vllm.*, registered by vllm_ascend (register_custom_ops.py and the layers)
    # npu_rotary_embedding(positions, query, key, …) -> (query, key), mutates_args=[] (:199)
    "vllm.npu_rotary_embedding": fam("apply_rope"),
    # muls_add(x, y, scale) = x·scale + y (:207): elementwise over operands on the same tokens
    "vllm.muls_add": fam("pointwise", fn="muls_add"),
    # the same arguments as qkv_rmsnorm_rope (split_qkv_rmsnorm_rope.py:385), a SIMT build
    "vllm.qkv_rmsnorm_rope_simt": fam("qkv_rmsnorm_rope"),
    "vllm.split_qkv_tp_rmsnorm_rope": _U("q/k norms over TP-split heads, rope"),
    "vllm.triton_split_qkv_rmsnorm_mrope": _U("q/k norms and mrope on a fused qkv"),
    "vllm.ascend_eplb_map_to_physical": _U("expert ids mapped to physical replicas (EPLB)"),
    "vllm.dsa_forward": _U("DeepSeek sparse attention's whole layer"),
    "vllm.mla_forward": _U("MLA's whole attention layer"),
    "vllm.minimax_m3_sparse_forward": _U("MiniMax-M3's sparse attention"),
    # -- _C_ascend: vLLM-Ascend's kernels (csrc/torch_binding.cpp)
    "_C_ascend.npu_gemma_rms_norm": fam("rms_norm"),  # (x, weight, eps): x·(1+w) normalized
    **{
        f"_C_ascend.{name}": refuse(_DUMMY)
        for name in (
            "rms_norm",
            "fused_add_rms_norm",
            "static_scaled_fp8_quant",
            "dynamic_scaled_fp8_quant",
            "dynamic_per_token_scaled_fp8_quant",
            "rms_norm_static_fp8_quant",
            "fused_add_rms_norm_static_fp8_quant",
            "rms_norm_dynamic_per_token_quant",
        )
    },
    "_C_ascend.device_print": refuse("a debugging print"),
    "_C_ascend.device_print_tensor": refuse("a debugging print"),
    "_C_ascend.npu_copy_and_expand_eagle_inputs": refuse("EAGLE's input preparation"),
    "_C_ascend.swap_blocks_batch": refuse("moves cache blocks between devices (offload)"),
    "_C_ascend.transpose_kv_cache_by_block": refuse("KV transfer between instances"),
    "_C_ascend.store_kv_block_metadata": refuse("scheduling metadata"),
    "_C_ascend.compressor_metadata": refuse("scheduling metadata"),
    "_C_ascend.npu_kv_quant_sparse_attn_sharedkv_metadata": refuse("scheduling metadata"),
    "_C_ascend.npu_sparse_attn_sharedkv_metadata": refuse("scheduling metadata"),
    "_C_ascend.npu_vllm_quant_lightning_indexer_metadata": refuse("scheduling metadata"),
    "_C_ascend.batch_matmul_transpose": _U("a batched matmul (heads as the batch)"),
    "_C_ascend.bgmv_expand": _U("a LoRA expand"),
    "_C_ascend.bgmv_shrink": _U("a LoRA shrink"),
    "_C_ascend.sgmv_expand": _U("a LoRA expand"),
    "_C_ascend.sgmv_shrink": _U("a LoRA shrink"),
    "_C_ascend.chunk_fwd_o": _U("a gated delta rule's chunked output"),
    "_C_ascend.chunk_gated_delta_rule_fwd_h": _U("a gated delta rule's chunked states"),
    "_C_ascend.npu_recurrent_gated_delta_rule": _U("a gated delta rule's recurrence"),
    "_C_ascend.npu_recurrent_gated_delta_rule_310": _U("a gated delta rule's recurrence"),
    "_C_ascend.npu_causal_conv1d_310": _U("a causal convolution over each request's tokens"),
    "_C_ascend.npu_causal_conv1d_custom": _U("a causal convolution over each request's tokens"),
    "_C_ascend.compressor": _U("DeepSeek-V4's KV compressor"),
    "_C_ascend.indexer_compress_epilog_v2": _U("the indexer's compressed-cache write"),
    "_C_ascend.kv_compress_epilog": _U("a compressed-cache write"),
    "_C_ascend.store_kv_block": _U("a cache write by block"),
    "_C_ascend.npu_scatter_nd_update_v2": _U("a cache write by slot"),
    "_C_ascend.inplace_partial_rotary_mul": _U("a partial rope in place"),
    "_C_ascend.mla_preprocess": _U("MLA's fused prolog (norms, projections, rope, cache)"),
    "_C_ascend.npu_hc_post": _U("hyper-connections' post mix"),
    "_C_ascend.npu_hc_pre_v2": _U("hyper-connections' pre mix"),
    "_C_ascend.npu_k2q_csr": _U("a sparse attention's index conversion"),
    "_C_ascend.npu_kv_quant_sparse_attn_sharedkv": _U("a sparse attention"),
    "_C_ascend.npu_kv_quant_sparse_flash_attention": _U("a sparse attention"),
    "_C_ascend.npu_sparse_attention_score": _U("a sparse attention"),
    "_C_ascend.npu_sparse_attention_score_prefill": _U("a sparse attention"),
    "_C_ascend.npu_sparse_attn_sharedkv": _U("a sparse attention"),
    "_C_ascend.npu_sparse_flash_attention": _U("a sparse attention"),
    "_C_ascend.npu_lightning_indexer": _U("the sparse-attention indexer"),
    "_C_ascend.npu_lightning_indexer_quant": _U("the sparse-attention indexer"),
    "_C_ascend.npu_vllm_quant_lightning_indexer": _U("the sparse-attention indexer"),
    "_C_ascend.npu_rms_norm_dynamic_quant": _U("a norm with dynamic quantization"),
    "_C_ascend.dispatch_ffn_combine": _U("expert dispatch, experts and combine in one op"),
    "_C_ascend.grouped_matmul_swiglu_quant_v2": _U("the experts' GEMM, activation and quant"),
    "_C_ascend.grouped_matmul_swiglu_quant_weight_nz": _U("the experts' GEMM and activation"),
    "_C_ascend.grouped_matmul_swiglu_quant_weight_nz_tensor_list": _U("the experts' GEMM"),
    "_C_ascend.moe_gating_top_k_hash": _U("a hash router (token id to experts)"),
    "_C_ascend.npu_dequant_swiglu_quant": _U("a dequantized gated activation, quantized"),
    "_C_ascend.npu_swiglu_group_quant": _U("the experts' gated activation, quantized"),
    # -- npu.*: torch_npu's kernels
    "npu.npu_fast_gelu": fam("activation", fn="gelu"),  # (x): elementwise
    "npu.npu_clipped_swiglu": fam("activation", fn="swiglu"),  # gated, clamped: swiglu's layout
    "npu.npu_dynamic_quant": fam("quantize"),  # (x) -> (y int8, per-token scale)
    "npu._npu_reshape_and_cache": fam("cache_write", names={"kv_cache": "key_cache"}),
    "npu.npu_scatter_pa_kv_cache": fam("cache_write", names={"kv_cache": "key_cache"}),
    "npu.npu_moe_gating_top_k": fam("moe_topk", names={"top_k": "k"}),  # (x, k, …)
    "npu.npu_moe_gating_top_k_softmax": fam("moe_topk", names={"top_k": "k"}),  # (x, k)
    "npu.empty_with_format": refuse("an allocation helper"),
    "npu.get_npu_format": refuse("a storage-format query (int)"),
    "npu.npu_convert_weight_to_int4pack": refuse("packs a weight at load time"),
    "npu._npu_fused_infer_attention_score_get_max_workspace": refuse("a workspace query"),
    "npu._npu_fused_infer_attention_score_v2_get_max_workspace": refuse("a workspace query"),
    "npu._npu_paged_attention_get_workspace": refuse("a workspace query"),
    "npu.npu_top_k_top_p": refuse("sampling, after the forward"),
    "npu.npu_format_cast": _U("a storage-format cast (NZ)"),
    "npu._npu_matmul_add_fp32": _U("a matmul accumulated into c"),
    "npu._npu_flash_attention": _U("an attention (310P)"),
    "npu._npu_flash_attention_unpad": _U("a vision encoder's attention (310P)"),
    "npu._npu_flash_attention_unpad_v2": _U("a vision encoder's attention (310P)"),
    "npu._npu_flash_attention_v3": _U("an attention (310P)"),
    "npu._npu_paged_attention": _U("a paged attention"),
    "npu._npu_paged_attention_splitfuse": _U("a paged attention"),
    "npu._npu_paged_attention_splitfuse_v2": _U("a paged attention"),
    "npu.npu_fused_infer_attention_score": _U("the attention over the cache"),
    "npu.npu_fused_infer_attention_score_v2": _U("the attention over the cache"),
    "npu.npu_fusion_attention": _U("a prefill attention"),
    "npu.npu_prompt_flash_attention": _U("a prefill attention"),
    "npu.npu_attention_update": _U("merges partial attentions by their lse"),
    "npu.npu_kv_quant_sparse_flash_attention": _U("a sparse attention"),
    "npu.npu_lightning_indexer": _U("the sparse-attention indexer"),
    "npu.npu_quant_lightning_indexer": _U("the sparse-attention indexer"),
    "npu._npu_rotary_embedding": _U("a rope in place (310P)"),
    "npu.npu_apply_rotary_pos_emb": _U("a rope of cos/sin tables"),
    "npu.npu_interleave_rope": _U("an interleaved rope"),
    "npu.npu_mrope": _U("a multimodal rope"),
    "npu.npu_rotary_mul": _U("a rope of cos/sin tables"),
    "npu.npu_kv_rmsnorm_rope_cache": _U("MLA's latent norm, rope and cache write"),
    "npu.npu_mla_prolog_v2": _U("MLA's fused prolog"),
    "npu.npu_mla_prolog_v3": _U("MLA's fused prolog"),
    "npu.npu_gather_pa_kv_cache": _U("a cache read back"),
    "npu.npu_scatter_nd_update_": _U("a cache write by slot, in place"),
    "npu.npu_scatter_pa_cache": _U("a cache write"),
    "npu.npu_add_rms_norm_dynamic_mx_quant": _U("add, norm and mx quantization"),
    "npu.npu_add_rms_norm_dynamic_quant": _U("add, norm and dynamic quantization"),
    "npu.npu_rms_norm_dynamic_mx_quant": _U("a norm with mx quantization"),
    "npu.npu_dynamic_block_quant": _U("a per-block quantization"),
    "npu.npu_dynamic_mx_quant": _U("an mx quantization"),
    "npu.npu_kronecker_quant": _U("a Kronecker-rotated quantization"),
    "npu.npu_chunk_gated_delta_rule": _U("a gated delta rule's chunked scan"),
    "npu.npu_grouped_matmul": _U("the experts' grouped GEMM"),
    "npu.npu_grouped_matmul_swiglu_quant_v2": _U("the experts' GEMM, activation and quant"),
    "npu.npu_quant_grouped_matmul_dequant": _U("the experts' quantized GEMM"),
    "npu.npu_matmul_compress_dequant": _U("a sparse-compressed quantized linear"),
    "npu.npu_weight_quant_batchmatmul": _U("a weight-only quantized linear"),
    "npu.npu_transpose_batchmatmul": _U("a batched matmul with permutes"),
    "npu.npu_transpose_quant_batchmatmul": _U("a quantized batched matmul with permutes"),
    "npu.npu_mm_reduce_scatter_base": _U("a linear fused with a reduce-scatter"),
    "npu.npu_moe_distribute_dispatch": _U("expert-parallel dispatch (all-to-all)"),
    "npu.npu_moe_distribute_dispatch_v2": _U("expert-parallel dispatch (all-to-all)"),
    "npu.npu_moe_distribute_combine": _U("expert-parallel combine (all-to-all)"),
    "npu.npu_moe_distribute_combine_v2": _U("expert-parallel combine (all-to-all)"),
    "npu.npu_moe_init_routing_v2": _U("rows sorted by expert (a dispatch on one rank)"),
    "npu.npu_moe_token_permute": _U("rows permuted by expert"),
    "npu.npu_moe_token_unpermute": _U("rows un-permuted and weighted"),
}


def family_of(target: str) -> Mapping[str, Any] | None:
    namespace, name, _ = target.split(".", 2)
    return FAMILIES.get(f"{namespace}.{name}")


def other_maps() -> set[str]:
    """The targets every other shipped op map holds (vLLM's own ops among them)."""
    return {
        target
        for path in sorted(OPMAPS.glob("*.yaml"))
        if path != TABLE
        for target in load_opmap(path)
    }


def ascend_sites(checkout: Path) -> dict[str, Site]:
    return scan_tree(checkout / "vllm_ascend", NAMESPACES, MODULES)


def render(sites: Mapping[str, Site], commit: str) -> str:
    mapped = other_maps()
    lines = [
        "# vLLM-Ascend's custom ops: what vllm_ascend registers in vLLM's namespace",
        "# (direct_register_custom_op), its kernels (torch.ops._C_ascend.*) and the torch_npu",
        "# kernels it calls (torch.ops.npu.*, torch_npu.x(...) as a graph names it, npu.x), each",
        "# with the vllm_ascend file:line that registers it (else first calls it), and an op-map",
        "# entry for every one no other shipped op map holds (the ops of vLLM's own it calls are",
        "# vLLM's). `lower` is its family's lowering (tests/engines/vllm_ascend_ops.py gives each",
        "# op's family and why); `unfollowed` ones are located as unchecked, saying why.",
        f"# Source: vllm-project/vllm-ascend @{commit[:8]} (read without importing it).",
        "# Generated by `python -m tests.engines.vllm_ascend_ops CHECKOUT COMMIT`: do not edit",
        "# by hand; tests/engines/test_vllm_ascend_ops.py checks it.",
        "format: layoutcheck-opmap/1",
        "engine: vllm-ascend",
        f"source_commit: {commit}",
        "vllm_ascend_ops:",
        *(f"  - {{op: {t}, at: '{s.path}:{s.line}'}}" for t, s in sites.items()),
        "ops:",
    ]
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


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m tests.engines.vllm_ascend_ops CHECKOUT COMMIT", file=sys.stderr)
        return 2
    checkout, commit = Path(argv[0]), argv[1]
    TABLE.write_text(render(ascend_sites(checkout), commit), encoding="utf-8")
    print(f"wrote {TABLE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))


__all__ = ["FAMILIES", "MODULES", "NAMESPACES", "TABLE", "ascend_sites", "other_maps", "render"]
