"""A tiny dense Qwen3 as vLLM-Ascend compiles it with FlashComm1 (sequence parallelism in the
model code) at tp = 4: the embedding's all-reduce leaves the first layer's residual with every
token while layer 0 works on this rank's chunk, ``maybe_pad_and_reduce`` after each row-parallel
projection leaves this rank's (padded) chunk, ``maybe_chunk_residual`` brings the residual to the
same chunk, and ``maybe_all_gather_and_maybe_unpad`` restores the tokens before each
column-parallel projection.
Tokens are flat (``[T, H]``), as in vLLM's graphs; the ops are :mod:`tests.engines.standin`'s.
"""

from __future__ import annotations

import contextlib
from typing import Any

import torch
from torch import fx

from tests.engines import standin
from tests.engines.fxbuild import FxGraph

aten = torch.ops.aten
vllm = torch.ops.vllm

TP = 4
H, VOCAB, HEADS, KV_HEADS, HEAD_DIM, INTERMEDIATE, LAYERS = 64, 256, 4, 4, 16, 128, 2
EPS = 1e-6
BF16 = torch.bfloat16
META = torch.device("meta")
GROUP = "tp:0"
ROW = "vllm.model_executor.layers.linear.RowParallelLinear"
RMS_NORM = "vllm.model_executor.layers.layernorm.RMSNorm"
COLUMN = "vllm.model_executor.layers.linear.QKVParallelLinear"

CONFIG: dict[str, Any] = {
    "architectures": ["Qwen3ForCausalLM"],
    "model_type": "qwen3",
    "hidden_size": H,
    "vocab_size": VOCAB,
    "num_attention_heads": HEADS,
    "num_key_value_heads": KV_HEADS,
    "head_dim": HEAD_DIM,
    "intermediate_size": INTERMEDIATE,
    "num_hidden_layers": LAYERS,
    "max_position_embeddings": 512,
    "rms_norm_eps": EPS,
    "hidden_act": "silu",
    "tie_word_embeddings": False,
    "torch_dtype": "bfloat16",
}


CHUNK_AT = ("every-norm", "layer-0", "nowhere")


def flashcomm_graph(
    tokens: int = 16, *, chunk_residual: str = "every-norm", attention: bool = True
) -> tuple[fx.GraphModule, tuple[torch.Tensor, ...]]:
    """The graph and its example inputs; export it inside :func:`forward_context` (the
    vLLM-Ascend fakes read the token count from it).

    ``chunk_residual`` says where ``maybe_chunk_residual`` is called: before every add-norm
    (as vLLM-Ascend's RMSNorm does; the op chunks only when the token counts differ), only
    before layer 0's post-attention norm (the one place they differ), or nowhere: layer 0 then
    adds its local attention output to the full-token residual (the FlashComm1 bug of several
    vLLM-Ascend models). ``attention=False`` leaves
    the attention call out, as vLLM's piecewise compilation does (it splits the graph there):
    the query goes to o_proj with the attention output's layout (every token, heads split)."""
    return _Writer(tokens, chunk_residual, attention).write()


def forward_context(tokens: int) -> contextlib.AbstractContextManager[standin.ForwardContext]:
    return standin.vllm_forward_context(tokens, TP)


class _Writer:
    def __init__(self, tokens: int, chunk_residual: str, attention: bool) -> None:
        assert chunk_residual in CHUNK_AT, chunk_residual
        self.tokens = tokens
        self.chunk_residual = chunk_residual
        self.with_attention = attention
        self.g = FxGraph("vllm/model_executor/models/qwen3.py")
        self.input_ids = self.g.input("input_ids", (tokens,), torch.int64)
        self.last_token = self.g.input("logits_indices", (1,), torch.int64)

    def write(self) -> tuple[fx.GraphModule, tuple[torch.Tensor, ...]]:
        g = self.g
        hidden = self.embedding()
        residual = hidden  # every token: layer 0's residual is the all-reduced embedding
        normed = self.first_norm(hidden)
        for layer in range(LAYERS):
            attended = self.attention(layer, normed)
            normed, residual = self.add_norm(
                f"model.layers.{layer}.post_attention_layernorm", attended, residual
            )
            mlp = self.mlp(layer, normed)
            following = (
                f"model.layers.{layer + 1}.input_layernorm" if layer + 1 < LAYERS else "model.norm"
            )
            normed, residual = self.add_norm(following, mlp, residual)
        with g.module("model.norm", RMS_NORM):
            gathered = g.op(vllm.maybe_all_gather_and_maybe_unpad.default, normed, True)
        return g.build(self.lm_head(gathered))

    def embedding(self) -> fx.Node:
        g = self.g
        with g.module(
            "model.embed_tokens",
            "vllm.model_executor.layers.vocab_parallel_embedding.VocabParallelEmbedding",
        ):
            rows = g.op(aten.embedding.default, g.weight((VOCAB // TP, H), BF16), self.input_ids)
            return g.op(vllm.all_reduce.default, rows, GROUP)

    def first_norm(self, hidden: fx.Node) -> fx.Node:
        """Layer 0 takes this rank's chunk of the replicated embedding (vLLM's
        sequence_parallel_chunk: pad to a multiple of tp, keep the rank's rows) and norms it;
        vLLM's rms_norm writes into a buffer the graph allocates (auto_functionalized)."""
        g = self.g
        with g.module("model.layers.0", "Qwen3DecoderLayer"):
            local = g.op(vllm.sequence_parallel_chunk_impl.default, hidden)
        rows = -(-self.tokens // TP)
        with g.module("model.layers.0.input_layernorm", RMS_NORM):
            out = g.op(aten.empty.memory_format, [rows, H], dtype=BF16, device=META)
            (result,) = g.functionalized(
                torch.ops._C.rms_norm.default, ["result"],
                result=out, input=local, weight=g.weight((H,), BF16), epsilon=EPS,
            )  # fmt: skip
            return result

    def attention(self, layer: int, normed: fx.Node) -> fx.Node:
        g = self.g
        prefix = f"model.layers.{layer}.self_attn"
        width = HEAD_DIM * HEADS // TP
        with g.module(prefix, "Qwen3Attention"):
            gathered = g.op(vllm.maybe_all_gather_and_maybe_unpad.default, normed, True)
        with g.module(f"{prefix}.qkv_proj", COLUMN):
            qkv = g.op(aten.mm.default, gathered, g.weight((H, 3 * width), BF16))
        with g.module(prefix, "Qwen3Attention"):
            q, k, v = g.items(g.op(aten.split_with_sizes.default, qkv, [width] * 3, -1), 3)
            out = g.op(aten.empty.memory_format, [self.tokens, width], dtype=BF16, device=META)
        if self.with_attention:
            with g.module(f"{prefix}.attn", "vllm.attention.layer.Attention"):
                (out,) = g.functionalized(
                    vllm.unified_attention_with_output.default, ["output"],
                    query=q, key=k, value=v, output=out, layer_name=f"{prefix}.attn",
                )  # fmt: skip
        else:
            out = q
        with g.module(f"{prefix}.o_proj", ROW):
            partial = g.op(aten.mm.default, out, g.weight((width, H), BF16))
            return g.op(vllm.maybe_pad_and_reduce.default, partial, True)

    def add_norm(self, module: str, x: fx.Node, residual: fx.Node) -> tuple[fx.Node, fx.Node]:
        g = self.g
        first = module == "model.layers.0.post_attention_layernorm"
        chunk = self.chunk_residual == "every-norm" or (self.chunk_residual == "layer-0" and first)
        with g.module(module, "vllm_ascend.ops.layernorm.AscendRMSNorm"):
            if chunk:
                residual = g.op(vllm.maybe_chunk_residual.default, x, residual)
            fused = g.op(
                torch.ops._C_ascend.npu_add_rms_norm_bias.default,
                x, residual, g.weight((H,), BF16), None, EPS,
            )  # fmt: skip
        normed, _, residual = g.items(fused, 3)
        return normed, residual

    def mlp(self, layer: int, normed: fx.Node) -> fx.Node:
        g = self.g
        prefix = f"model.layers.{layer}.mlp"
        width = INTERMEDIATE // TP
        with g.module(prefix, "Qwen3MLP"):
            gathered = g.op(vllm.maybe_all_gather_and_maybe_unpad.default, normed, True)
        with g.module(f"{prefix}.gate_up_proj", "MergedColumnParallelLinear"):
            gate_up = g.op(aten.mm.default, gathered, g.weight((H, 2 * width), BF16))
        with g.module(f"{prefix}.act_fn", "SiluAndMul"):
            out = g.op(aten.empty.memory_format, [self.tokens, width], dtype=BF16, device=META)
            (out,) = g.functionalized(
                torch.ops._C.silu_and_mul.default, ["result"], result=out, input=gate_up
            )
        with g.module(f"{prefix}.down_proj", ROW):
            partial = g.op(aten.mm.default, out, g.weight((width, H), BF16))
            return g.op(vllm.maybe_pad_and_reduce.default, partial, True)

    def lm_head(self, hidden: fx.Node) -> fx.Node:
        g = self.g
        with g.module("logits_processor", "LogitsProcessor"):
            last = g.op(aten.index.Tensor, hidden, [self.last_token])
        with g.module("lm_head", "ParallelLMHead"):
            logits = g.op(aten.mm.default, last, g.weight((H, VOCAB // TP), BF16))
            return g.op(vllm.all_gather.default, logits, -1, TP, GROUP)
