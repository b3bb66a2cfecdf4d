"""A tiny GLM-5.1 (DSA attention, MLA, MoE) as TensorCast's compile backend would see it at
tp = 4 on T = 16 tokens: the layouts of ``../shared/data/engine-graphs/CASES.md`` in small, as fx
graphs over the stand-in ops (:mod:`tests.engines.standin`), one switch per layout bug.

Layer 0 is dense and traced inside a repetition region, layer 1 a ``copy_region`` of it, layer 2
the MoE layer. Module paths are TensorCast's (``model.layers.2.mlp.fused_moe``); the ops its
sequence-parallel pass inserts are written with no module and no frame, as in its archives.
"""

from __future__ import annotations

from typing import Any

import attrs
import torch
from torch import fx

import tests.engines.standin  # noqa: F401 (registers the ops)
from tests.engines.fxbuild import FxGraph, tensorcast_path

aten = torch.ops.aten
tc = torch.ops.tensor_cast

T, TP = 16, 4
LOCAL = T // TP
GROUP = list(range(TP))
H, VOCAB, HEADS = 64, 256, 4
Q_LORA, KV_LORA, NOPE, ROPE, V_HEAD = 32, 32, 16, 8, 16
INDEX_HEADS, INDEX_DIM, INDEX_TOPK = 2, 16, 8
INTERMEDIATE, MOE_INTERMEDIATE, EXPERTS, TOP_K = 128, 32, 8, 2
EPS = 1e-5
FP16 = torch.float16  # TensorCast models bf16 activations as fp16
# TensorCast's module classes, as its archives name them
ROW = "tensor_cast.layers.parallel_linear.RowParallelLinear"
COLUMN = "tensor_cast.layers.parallel_linear.ColumnParallelLinear"
EMBEDDING = "tensor_cast.layers.parallel_embedding.ParallelEmbedding"

# The model's config.json (a GLM-5.1 of toy sizes), for `--config`.
CONFIG: dict[str, Any] = {
    "architectures": ["GlmMoeDsaForCausalLM"],
    "model_type": "glm_moe_dsa",
    "hidden_size": H,
    "vocab_size": VOCAB,
    "num_attention_heads": HEADS,
    "num_key_value_heads": HEADS,
    "q_lora_rank": Q_LORA,
    "kv_lora_rank": KV_LORA,
    "qk_nope_head_dim": NOPE,
    "qk_rope_head_dim": ROPE,
    "qk_head_dim": NOPE + ROPE,
    "v_head_dim": V_HEAD,
    "head_dim": ROPE,
    "index_n_heads": INDEX_HEADS,
    "index_head_dim": INDEX_DIM,
    "index_topk": INDEX_TOPK,
    "intermediate_size": INTERMEDIATE,
    "moe_intermediate_size": MOE_INTERMEDIATE,
    "n_routed_experts": EXPERTS,
    "num_experts_per_tok": TOP_K,
    "n_shared_experts": 1,
    "first_k_dense_replace": 2,
    "moe_layer_freq": 1,
    "n_group": 1,
    "topk_group": 1,
    "norm_topk_prob": True,
    "routed_scaling_factor": 2.5,
    "scoring_func": "sigmoid",
    "topk_method": "noaux_tc",
    "num_hidden_layers": 3,
    "max_position_embeddings": 512,
    "rms_norm_eps": EPS,
    "hidden_act": "silu",
    "tie_word_embeddings": False,
    "num_nextn_predict_layers": 0,
    "dtype": "bfloat16",
}

# Python object ids of the two traced layer kinds (TensorCast's region ids are id(module)).
DENSE_REGION, MOE_REGION = 140_559_130_234_640, 140_558_922_628_304


@attrs.frozen
class Layout:
    """Which graph to write. The default is the RFC's DSA-CP layout with the final norm gathered
    before the sampler's token select; each switch is one layout bug."""

    # False: SP requested, and the pass matched nothing (a replicated embedding anchors no
    # rewrite): full tokens everywhere, a TP MLP with its all_reduce, the MoE's DP wrapper
    sequence_parallel: bool = True
    final_norm_gathered: bool = True  # False: the sampler reads a LOCAL model.norm (CASES.md)
    stale_view: bool = False  # layer 0's o_proj input viewed as [T, -1] after the token slice
    gathered_residual: bool = False  # layer 2's add_rms_norm2 output 1 all_gathered
    full_token_topk: bool = False  # layer 2's router on gathered tokens, its ids unsliced
    unknown_op: bool = False  # my_vendor::fused, twice, in layer 2's shared experts


class _Writer:
    def __init__(self, layout: Layout, engine_paths: bool) -> None:
        self.layout = layout
        self.g = FxGraph("tensor_cast/layers/glm5.py", tensorcast_path if engine_paths else str)
        g = self.g
        self.input_ids = g.input("input_ids", (1, T), torch.int64)
        self.positions = g.input("positions", (1, T), torch.int64)
        self.slot_mapping = g.input("slot_mapping", (T,), torch.int64)
        self.block_tables = g.input("block_tables", (1, 2), torch.int64)
        self.seq_lens = g.input("seq_lens", (1,), torch.int64)
        self.query_start_loc = g.input("query_start_loc", (2,), torch.int64)
        self.query_lens = g.input("query_lens", (1,), torch.int64)
        self.last_token = g.input("last_token", (1,), torch.int64)

    # -- the model ------------------------------------------------------------------------------
    def write(self) -> tuple[fx.GraphModule, tuple[torch.Tensor, ...]]:
        g, layout = self.g, self.layout
        hidden = self.embedding()
        self.cos, self.sin = self.rope_tables()
        with g.module("model.layers.0", "tensor_cast.layers.internal.RegionMarkerWrapper"):
            begin = g.op(tc._internal_mark_region_begin.default, hidden, DENSE_REGION)
        normed, residual = self.attention(0, begin, stale_view=layout.stale_view)
        hidden = g.op(aten.add.Tensor, residual, self.dense_mlp(0, normed))
        with g.module("model.layers.0", "tensor_cast.layers.internal.RegionMarkerWrapper"):
            end = g.op(tc._internal_mark_region_end.default, hidden, DENSE_REGION)
        with g.module("model.layers.1", "tensor_cast.layers.internal.RegionMarkerWrapper"):
            copied = g.op(tc._internal_copy_region.default, end, DENSE_REGION)
        with g.module("model.layers.2", "tensor_cast.layers.internal.RegionMarkerWrapper"):
            begin = g.op(tc._internal_mark_region_begin.default, copied, MOE_REGION)
        normed, residual = self.attention(2, begin)
        moe = self.moe(2, normed)
        if layout.gathered_residual:
            with g.inserted():
                residual = g.op(tc.all_gather.default, residual, 1, 0, GROUP)
            with g.module("model.layers.2", "tensor_cast.layers.internal.RegionMarkerWrapper"):
                end = g.op(tc._internal_mark_region_end.default, moe, MOE_REGION)
            with g.inserted():  # TensorCast's P3 fuses the residual add into the next norm
                fused = g.op(tc.add_rms_norm2.default, end, residual, g.weight((H,)), EPS)
            final = g.item(fused, 0)
        else:
            with g.module("model.layers.2", "tensor_cast.layers.internal.RegionMarkerWrapper"):
                hidden = g.op(aten.add.Tensor, residual, moe)
                end = g.op(tc._internal_mark_region_end.default, hidden, MOE_REGION)
            with g.module("model.norm", "GlmMoeDsaRMSNorm"):
                final = g.op(tc.rms_norm.default, end, g.weight((H,)), EPS)
        if layout.sequence_parallel and layout.final_norm_gathered:
            with g.inserted():
                final = g.op(tc.all_gather.default, final, 1, 0, GROUP)
        return g.build(self.lm_head(final))

    def embedding(self) -> fx.Node:
        """Vocabulary-parallel (TensorCast --word-embedding-tp row): rank 0 holds ids [0, V/tp)
        and zeroes the rest; its SP pass turns the all-reduce after it into a reduce_scatter."""
        g, ids = self.g, self.input_ids
        if not self.layout.sequence_parallel:  # replicated: no all-reduce for SP to anchor on
            with g.module("model.embed_tokens", "torch.nn.modules.sparse.Embedding"):
                return g.op(aten.embedding.default, g.weight((VOCAB, H)), ids)
        shard = VOCAB // TP
        with g.module("model.embed_tokens", EMBEDDING):
            inside = g.op(
                aten.bitwise_and.Tensor,
                g.op(aten.ge.Scalar, ids, 0),
                g.op(aten.lt.Scalar, ids, shard),
            )
            local_ids = g.op(
                aten.where.self,
                inside,
                g.op(aten.sub.Tensor, ids, 0),
                g.weight((1, T), torch.int64),
            )
            rows = g.op(aten.embedding.default, g.weight((shard, H)), local_ids)
            outside = g.op(aten.bitwise_not.default, g.op(aten.unsqueeze.default, inside, -1))
            partial = g.op(aten.where.self, outside, g.weight((), FP16), rows)
        with g.inserted():
            return g.op(tc.reduce_scatter.default, partial, 1, 0, GROUP)

    def rope_tables(self) -> tuple[fx.Node, fx.Node]:
        g = self.g
        with g.module("model.rotary_emb", "tensor_cast.layers.rotary_embedding.CachingRotaryEmb"):
            flat = g.op(aten.reshape.default, self.positions, [T])
            return tuple(  # type: ignore[return-value]
                g.op(
                    aten.reshape.default,
                    g.op(aten.index.Tensor, g.weight((512, ROPE)), [flat]),
                    [1, -1, ROPE],
                )
                for _ in ("cos", "sin")
            )

    # -- attention ----------------------------------------------------------------------------
    def attention(
        self, layer: int, hidden: fx.Node, *, stale_view: bool = False
    ) -> tuple[fx.Node, fx.Node]:
        """DSA-CP: gather the normalized input, run all heads on every token, slice this rank's
        tokens before the replicated o_proj (no all-reduce), add and norm locally."""
        g = self.g
        prefix = f"model.layers.{layer}"
        with g.module(f"{prefix}.input_layernorm", "GlmMoeDsaRMSNorm"):
            normed = g.op(tc.rms_norm.default, hidden, g.weight((H,)), EPS)
        gathered = normed
        if self.layout.sequence_parallel:
            with g.inserted():
                gathered = g.op(tc.all_gather.default, normed, 1, 0, GROUP)
        attention_type = "tensor_cast.layers.glm5.Glm5SparseAttention"
        with g.module(f"{prefix}.self_attn", attention_type):
            flat = g.op(aten.reshape.default, gathered, [T, -1])
            prolog = g.op(
                tc.mlapo.default, flat, self.cos, self.sin,
                g.weight((H, Q_LORA)), g.weight((Q_LORA,)),
                g.weight((Q_LORA, HEADS * (NOPE + ROPE))),
                g.weight((H, KV_LORA + ROPE)), g.weight((KV_LORA,)),
                HEADS, NOPE + ROPE, NOPE, ROPE, KV_LORA, Q_LORA,
            )  # fmt: skip
            q, latent, k_rope, q_compressed = g.items(prolog, 4)
            q_compressed = g.op(aten.reshape.default, q_compressed, [1, T, -1])
        kv_cache = g.input(f"kv_cache_{layer}", (2, 16, KV_LORA + ROPE), FP16)
        indexer_cache = g.input(f"indexer_cache_{layer}", (2, 16, INDEX_DIM), FP16)
        with g.module(f"{prefix}.self_attn.indexer", "DeepseekSparseAttentionIndexer"):
            top_keys = g.op(
                tc.dsa_indexer.default, gathered, q_compressed, self.cos, self.sin,
                indexer_cache, self.slot_mapping, self.block_tables, self.seq_lens,
                g.weight((Q_LORA, INDEX_HEADS * INDEX_DIM)), g.weight((H, INDEX_DIM)),
                g.weight((H, INDEX_HEADS)), g.weight((INDEX_DIM,)),
                INDEX_HEADS, INDEX_DIM, ROPE, INDEX_TOPK, self.query_lens,
            )  # fmt: skip
        with g.module(f"{prefix}.self_attn", attention_type):
            g.op(tc.concat_and_cache_mla.default, latent, k_rope, kv_cache, self.slot_mapping)
            attended = g.op(
                tc.mla_sparse_attention.default, q, kv_cache, self.block_tables,
                self.query_start_loc, self.seq_lens, self.query_lens,
                g.weight((HEADS, NOPE, KV_LORA)), g.weight((HEADS, KV_LORA, V_HEAD)),
                g.weight((KV_LORA, HEADS * (NOPE + V_HEAD))), V_HEAD, INDEX_TOPK, top_keys,
            )  # fmt: skip
        with g.inserted():  # TensorCast's DSA o_proj rewrite: rank 0's rows [0, T/tp)
            sp = self.layout.sequence_parallel
            local = g.op(aten.slice.Tensor, attended, 0, 0, LOCAL) if sp else attended
            quantized, scale = g.items(g.op(tc.dynamic_quantize_symmetric.default, local, []), 2)
            if stale_view:  # the 2-D view left with the pre-slice token count
                rows = g.op(aten.reshape.default, quantized, [T, -1])
            else:
                rows = g.op(
                    aten.reshape.default,
                    g.op(aten.reshape.default, quantized, [1, LOCAL if sp else T, -1]),
                    [-1, HEADS * V_HEAD],
                )
        with g.module(f"{prefix}.self_attn.o_proj", ROW):
            projected = g.op(
                tc.static_quant_linear.default, rows, g.weight((HEADS * V_HEAD, H), torch.int8),
                g.weight((), torch.float32), None, scale, None, None, FP16,
            )  # fmt: skip
            projected = g.op(aten.reshape.default, projected, [1, -1, H])
        with g.inserted():
            fused = g.op(tc.add_rms_norm2.default, hidden, projected, g.weight((H,)), EPS)
        normed, residual = g.items(fused, 2)
        return normed, residual

    # -- MLPs -----------------------------------------------------------------------------------
    def dense_mlp(self, layer: int, normed: fx.Node) -> fx.Node:
        """TP on gathered tokens: column gate_up (merged by a pass: no module), row down_proj,
        reduce_scatter back to the rank's tokens."""
        g = self.g
        prefix = f"model.layers.{layer}.mlp"
        shard = INTERMEDIATE // TP
        sp = self.layout.sequence_parallel
        with g.inserted():
            gathered = g.op(tc.all_gather.default, normed, 1, 0, GROUP) if sp else normed
            flat = g.op(aten.reshape.default, gathered, [-1, H])
            gate_up = g.op(aten.mm.default, flat, g.weight((H, 2 * shard)))
            gate, up = g.items(g.op(aten.split_with_sizes.default, gate_up, [shard, shard], 1), 2)
        down = self.swiglu_down(prefix, gate, up, shard)
        if not sp:
            with g.module(f"{prefix}.down_proj", ROW):
                reduced = g.op(tc.all_reduce.default, down, 0, GROUP)
                return g.op(aten.reshape.default, reduced, [1, T, H])
        with g.inserted():
            scattered = g.op(tc.reduce_scatter.default, down, 0, 0, GROUP)
            return g.op(aten.reshape.default, scattered, [1, LOCAL, H])

    def swiglu_down(self, prefix: str, gate: fx.Node, up: fx.Node, width: int) -> fx.Node:
        g = self.g
        with g.module(f"{prefix}.act_fn", "transformers.activations.SiLUActivation"):
            activated = g.op(tc.silu.default, gate)
        with g.module(prefix, "GlmMoeDsaMLP"):
            product = g.op(aten.mul.Tensor, activated, up)
        if self.layout.unknown_op and ".shared_experts" in prefix:
            with g.module(prefix, "GlmMoeDsaMLP"):
                for _ in range(2):
                    product = g.op(torch.ops.my_vendor.fused.default, product)
        with g.module(f"{prefix}.down_proj", ROW):
            return g.op(aten.mm.default, product, g.weight((width, H)))

    def moe(self, layer: int, normed: fx.Node) -> fx.Node:
        """Local MoE: the router and top-k on the rank's tokens, dispatch and combine over the
        EP group (= the TP ranks), the shared expert replicated on the same tokens. Without SP
        the DP wrapper slices the full tokens' hidden states and logits to the rank's and
        gathers the result back."""
        g, layout = self.g, self.layout
        prefix = f"model.layers.{layer}.mlp"
        moe_type = "tensor_cast.layers.moe_layer.ParallelMoELayer"
        with g.module(prefix, moe_type):
            hidden = g.op(aten.reshape.default, normed, [-1, H])
        router_input = hidden
        if layout.full_token_topk:  # a gather before the router, and a slice of its ids only
            with g.inserted():
                gathered = g.op(tc.all_gather.default, normed, 1, 0, GROUP)
            with g.module(prefix, moe_type):
                router_input = g.op(aten.reshape.default, gathered, [-1, H])
        with g.module(f"{prefix}.gate", "GlmMoeDsaTopkRouter"):
            logits = g.op(
                aten.mm.default,
                g.op(torch.ops.prims.convert_element_type.default, router_input, torch.float32),
                g.weight((H, EXPERTS), torch.float32),
            )
        with g.module(prefix, moe_type):
            if not layout.sequence_parallel:  # the DP wrapper's entry: rank 0's rows
                logits = g.op(aten.slice.Tensor, logits, 0, 0, LOCAL)
                hidden = g.op(aten.slice.Tensor, hidden, 0, 0, LOCAL)
            weights, ids = g.items(g.op(tc.moe_gating_top_k_softmax.default, logits, TOP_K), 2)
            weights = g.op(torch.ops.prims.convert_element_type.default, weights, FP16)
            dispatched_ids = ids
            if layout.full_token_topk:
                dispatched_ids = g.op(aten.slice.Tensor, ids, 0, 0, LOCAL)
        combined = self.routed_experts(prefix, hidden, weights, ids, dispatched_ids)
        if layout.full_token_topk:  # the wrapper's exit slice: back to the rank's rows
            with g.module(prefix, moe_type):
                combined = g.op(aten.slice.Tensor, combined, 0, 0, LOCAL)
        shared_prefix = f"{prefix}.fused_moe.shared_experts"
        with g.inserted():
            shared_gate_up = g.op(aten.mm.default, hidden, g.weight((H, 2 * MOE_INTERMEDIATE)))
            split = [MOE_INTERMEDIATE, MOE_INTERMEDIATE]
            shared_gate, shared_up = g.items(
                g.op(aten.split_with_sizes.default, shared_gate_up, split, 1), 2
            )
        shared = self.swiglu_down(shared_prefix, shared_gate, shared_up, MOE_INTERMEDIATE)
        with g.module(f"{prefix}.fused_moe", "tensor_cast.layers.moe_layer.FusedMoETensorCast"):
            total = g.op(aten.add.Tensor, combined, shared)
        if not layout.sequence_parallel:  # the DP wrapper's exit: every rank's rows again
            with g.module(prefix, moe_type):
                total = g.op(tc.all_gather.default, total, 0, 0, GROUP)
                return g.op(aten.reshape.default, total, [1, T, H])
        with g.module(prefix, moe_type):
            return g.op(aten.reshape.default, total, [1, LOCAL, H])

    def routed_experts(
        self,
        prefix: str,
        hidden: fx.Node,
        weights: fx.Node,
        ids: fx.Node,
        dispatched_ids: fx.Node,
    ) -> fx.Node:
        """Permute, all_to_all, the experts' MLP, all_to_all back, unpermute by ``ids``."""
        g = self.g
        fused = f"{prefix}.fused_moe"
        fused_type = "tensor_cast.layers.moe_layer.FusedMoETensorCast"
        splits = [LOCAL * TOP_K // TP] * TP
        with g.module(fused, fused_type):
            permuted = g.op(tc.init_routing_v2.default, hidden, dispatched_ids)
            received = g.op(tc.all_to_all.default, permuted, splits, splits, 0, GROUP)
        width = MOE_INTERMEDIATE
        with g.inserted():
            gate_up = g.op(aten.mm.default, received, g.weight((H, 2 * width)))
            gate, up = g.items(g.op(aten.split_with_sizes.default, gate_up, [width, width], 1), 2)
        expert_out = self.swiglu_down(f"{fused}.experts.experts.0", gate, up, width)
        with g.module(fused, fused_type):
            returned = g.op(tc.all_to_all.default, expert_out, splits, splits, 0, GROUP)
            unpermuted = g.op(tc.unpermute_tokens.default, returned, ids)
            weighted = g.op(aten.mul.Tensor, unpermuted, g.op(aten.unsqueeze.default, weights, -1))
            return g.op(aten.sum.dim_IntList, weighted, [-2])

    # -- the head -------------------------------------------------------------------------------
    def lm_head(self, final: fx.Node) -> fx.Node:
        g = self.g
        with g.module("model", "tensor_cast.transformers.model.CausalLmWrapper"):
            last = g.op(
                aten.index.Tensor,
                final,
                [None, self.last_token],
                at=("tensor_cast/layers/sampler.py", 42),
            )
        with g.module("lm_head", COLUMN):
            rows = g.op(aten.reshape.default, last, [1, H])
            logits = g.op(aten.mm.default, rows, g.weight((H, VOCAB // TP)))
            logits = g.op(aten.reshape.default, logits, [1, 1, VOCAB // TP])
            return g.op(tc.all_gather.default, logits, -1, 0, GROUP)


def tensorcast_graph(
    layout: Layout = Layout(), *, engine_paths: bool = False
) -> tuple[fx.GraphModule, tuple[torch.Tensor, ...]]:
    """The graph and its example inputs (meta tensors). Module paths are Hugging Face's, or
    with ``engine_paths`` TensorCast's own (``_inner._inner.layers.0``), as its compile
    backend sees them."""
    return _Writer(layout, engine_paths).write()
