"""Structure as facts: what an op is in its decoder layer (its role) and which layer it is in.

Passes, contracts, memory and cost read roles, never op names. Builders and importers set them;
graph files may write them (``role: attention.o_proj``, ``layer: 5``), and where a file or a
code-built graph gives none they follow from Hugging Face module paths — the one place names
are read, a convenience for users' own graphs (``ROLE_FROM_HF_NAME``).
"""

from __future__ import annotations

import enum
import fnmatch
import functools
import re
from collections.abc import Mapping

import attrs


class Block(enum.Enum):
    """The part of the model an op belongs to."""

    ATTENTION = "attention"  # projections, norms, rope, indexer, the attention op, o_proj
    MLP = "mlp"  # a dense MLP
    MOE = "moe"  # router, top-k, routed experts, their combine with the shared experts
    SHARED_EXPERTS = "shared_experts"  # the shared experts of an MoE layer
    LAYER = "layer"  # the residual norms between the blocks of a decoder layer
    MODEL = "model"  # embedding, final norm, lm_head


class Part(enum.Enum):
    """What an op (or a weight) is within its block; named as the HF module leaf it stands for."""

    Q_A_PROJ = "q_a_proj"  # query down-projection (MLA with q_lora)
    Q_A_LAYERNORM = "q_a_layernorm"
    Q_B_PROJ = "q_b_proj"  # query up-projection: heads split under TP
    Q_PROJ = "q_proj"  # query projection without q_lora
    KV_A_PROJ = "kv_a_proj_with_mqa"  # latent KV down-projection
    KV_A_LAYERNORM = "kv_a_layernorm"
    KV_B_PROJ = "kv_b_proj"  # latent KV up-projection (inside the attention op)
    K_PROJ = "k_proj"
    V_PROJ = "v_proj"
    QKV_PROJ = "qkv_proj"  # merged q, k and v projections (three checkpoint tensors)
    INDEXER = "indexer"  # the DSA lightning indexer
    INDEXER_WQ_B = "indexer.wq_b"
    INDEXER_WK = "indexer.wk"
    INDEXER_WEIGHTS_PROJ = "indexer.weights_proj"
    INDEXER_K_NORM = "indexer.k_norm"
    KEY_SIDE = "key_side"  # the concatenated key side vLLM-Ascend gathers under DSA-CP
    ATTN = "attn"  # the attention op itself
    O_PROJ = "o_proj"
    GATE_UP_PROJ = "gate_up_proj"  # merged gate and up projections (two checkpoint tensors)
    GATE_PROJ = "gate_proj"  # the two halves, where an engine keeps them apart
    UP_PROJ = "up_proj"
    DOWN_PROJ = "down_proj"
    GATE = "gate"  # the MoE router
    TOPK = "topk"
    EXPERTS = "experts"
    COMBINE = "combine"  # routed + shared experts
    # a linear one wide whose sigmoid scales the shared experts' output per token (Qwen2-MoE)
    SHARED_EXPERT_GATE = "shared_expert_gate"
    INPUT_LAYERNORM = "input_layernorm"
    # the norm after the attention: the one that adds the residual before the feed-forward,
    # or, in a layer that also normalizes the attention's output alone (Gemma-2/3), that norm
    # (its residual norm then is the pre-feedforward one), as Hugging Face names them
    POST_ATTENTION_LAYERNORM = "post_attention_layernorm"
    PRE_FEEDFORWARD_LAYERNORM = "pre_feedforward_layernorm"  # Gemma-2/3: adds the residual
    POST_FEEDFORWARD_LAYERNORM = "post_feedforward_layernorm"  # Gemma-2/3: the MLP's output
    NORM = "norm"  # the final norm
    EMBED_TOKENS = "embed_tokens"
    LM_HEAD = "lm_head"


# Which parts each block has (a role outside this table is an input error).
PARTS: Mapping[Block, frozenset[Part]] = {
    Block.ATTENTION: frozenset(
        {
            Part.Q_A_PROJ,
            Part.Q_A_LAYERNORM,
            Part.Q_B_PROJ,
            Part.Q_PROJ,
            Part.KV_A_PROJ,
            Part.KV_A_LAYERNORM,
            Part.KV_B_PROJ,
            Part.K_PROJ,
            Part.V_PROJ,
            Part.QKV_PROJ,
            Part.INDEXER,
            Part.INDEXER_WQ_B,
            Part.INDEXER_WK,
            Part.INDEXER_WEIGHTS_PROJ,
            Part.INDEXER_K_NORM,
            Part.KEY_SIDE,
            Part.ATTN,
            Part.O_PROJ,
        }
    ),
    Block.MLP: frozenset({Part.GATE_UP_PROJ, Part.GATE_PROJ, Part.UP_PROJ, Part.DOWN_PROJ}),
    Block.SHARED_EXPERTS: frozenset(
        {Part.GATE_UP_PROJ, Part.GATE_PROJ, Part.UP_PROJ, Part.DOWN_PROJ}
    ),
    Block.MOE: frozenset(
        {Part.GATE, Part.TOPK, Part.EXPERTS, Part.COMBINE, Part.SHARED_EXPERT_GATE}
    ),
    Block.LAYER: frozenset(
        {
            Part.INPUT_LAYERNORM,
            Part.POST_ATTENTION_LAYERNORM,
            Part.PRE_FEEDFORWARD_LAYERNORM,
            Part.POST_FEEDFORWARD_LAYERNORM,
        }
    ),
    Block.MODEL: frozenset({Part.NORM, Part.EMBED_TOKENS, Part.LM_HEAD}),
}


class RoleError(ValueError):
    """Role text that names no block, or a part its block does not have."""


@attrs.frozen(cache_hash=True)
class Role:
    """An op's block and, where it is a specific module, its part: ``attention.o_proj``;
    ``attention`` alone for the other ops of the block (splits, rope, collectives)."""

    block: Block
    part: Part | None = None

    @classmethod
    def parse(cls, text: str) -> Role:
        return _parse(text)

    def within(self, other: Role) -> bool:
        """Does this role fall under ``other`` (``attention.o_proj`` under ``attention``)?"""
        return self.block is other.block and (other.part is None or other.part is self.part)

    def __str__(self) -> str:
        return self.block.value if self.part is None else f"{self.block.value}.{self.part.value}"


@functools.cache
def _parse(text: str) -> Role:
    block_text, _, part_text = text.partition(".")
    try:
        block = Block(block_text)
    except ValueError:
        blocks = ", ".join(b.value for b in Block)
        raise RoleError(f"unknown role {text!r} (blocks: {blocks})") from None
    if not part_text:
        return Role(block)
    part = next((p for p in PARTS[block] if p.value == part_text), None)
    if part is None:
        parts = ", ".join(sorted(p.value for p in PARTS[block]))
        raise RoleError(f"unknown role {text!r}: {block.value} has the parts {parts}")
    return Role(block, part)


def role(text: str) -> Role:
    """``role("attention.o_proj")``: a role from its text (for builders and tables)."""
    return _parse(text)


# -- the Hugging Face naming convention, for graphs that state no roles ---------------------

# First match wins: specific module paths, then the block a path lies in. Patterns are globs
# over the op name (HF module paths as the builders and the graph-format docs use them).
ROLE_FROM_HF_NAME: tuple[tuple[str, str], ...] = (
    ("*.self_attn.q_a_proj", "attention.q_a_proj"),
    ("*.self_attn.q_a_layernorm", "attention.q_a_layernorm"),
    ("*.self_attn.q_b_proj", "attention.q_b_proj"),
    ("*.self_attn.q_proj", "attention.q_proj"),
    ("*.self_attn.kv_a_proj_with_mqa", "attention.kv_a_proj_with_mqa"),
    ("*.self_attn.kv_a_layernorm", "attention.kv_a_layernorm"),
    ("*.self_attn.kv_b_proj", "attention.kv_b_proj"),
    ("*.self_attn.k_proj", "attention.k_proj"),
    ("*.self_attn.v_proj", "attention.v_proj"),
    ("*.self_attn.qkv_proj", "attention.qkv_proj"),
    ("*.self_attn.indexer", "attention.indexer"),
    ("*.self_attn.indexer.wq_b", "attention.indexer.wq_b"),
    ("*.self_attn.indexer.wk", "attention.indexer.wk"),
    ("*.self_attn.indexer.weights_proj", "attention.indexer.weights_proj"),
    ("*.self_attn.indexer.k_norm", "attention.indexer.k_norm"),
    ("*.self_attn.key_side_split", "attention.key_side"),
    ("*.self_attn.attn", "attention.attn"),
    ("*.self_attn.o_proj", "attention.o_proj"),
    ("*.self_attn.*", "attention"),
    ("*.mlp.shared_experts.gate_up_proj", "shared_experts.gate_up_proj"),
    ("*.mlp.shared_experts.gate_proj", "shared_experts.gate_proj"),
    ("*.mlp.shared_experts.up_proj", "shared_experts.up_proj"),
    ("*.mlp.shared_experts.down_proj", "shared_experts.down_proj"),
    # the MLP's own gate (Qwen2MoeMLP.expert_gate, qwen2_moe.py:113) under vLLM's record
    ("*.mlp.shared_experts.expert_gate", "moe.shared_expert_gate"),
    ("*.mlp.shared_experts.*", "shared_experts"),
    # Qwen2-MoE names its one shared expert in the singular, beside its gate
    ("*.mlp.shared_expert.gate_up_proj", "shared_experts.gate_up_proj"),
    ("*.mlp.shared_expert.gate_proj", "shared_experts.gate_proj"),
    ("*.mlp.shared_expert.up_proj", "shared_experts.up_proj"),
    ("*.mlp.shared_expert.down_proj", "shared_experts.down_proj"),
    ("*.mlp.shared_expert.*", "shared_experts"),
    ("*.mlp.shared_expert_gate", "moe.shared_expert_gate"),
    ("*.mlp.gate", "moe.gate"),
    ("*.mlp.topk", "moe.topk"),
    ("*.mlp.experts", "moe.experts"),
    ("*.mlp.combine", "moe.combine"),
    ("*.mlp.gate_up_proj", "mlp.gate_up_proj"),
    ("*.mlp.gate_proj", "mlp.gate_proj"),
    ("*.mlp.up_proj", "mlp.up_proj"),
    ("*.mlp.down_proj", "mlp.down_proj"),
    ("*.input_layernorm", "layer.input_layernorm"),
    ("*.post_attention_layernorm", "layer.post_attention_layernorm"),
    ("*.pre_feedforward_layernorm", "layer.pre_feedforward_layernorm"),
    ("*.post_feedforward_layernorm", "layer.post_feedforward_layernorm"),
    ("model.norm", "model.norm"),
    ("model.embed_tokens", "model.embed_tokens"),
    ("lm_head", "model.lm_head"),
    ("*.lm_head", "model.lm_head"),
)
# A MoE layer's ops under *.mlp.* that are not the listed modules (the MC2 pass's pads and
# slices) belong to the MoE block; a dense layer's to the MLP. The router and the experts
# themselves belong to the MoE block whatever their name (the catalogue's traits say which).
_HF_PATTERN = re.compile("|".join(f"({fnmatch.translate(p)})" for p, _ in ROLE_FROM_HF_NAME))
_LAYER = re.compile(r"(?:^|\.)layers\.([0-9]{1,9})(?:\.|$)")  # ASCII digits only


@functools.lru_cache(maxsize=65536)
def role_from_hf_name(name: str, kind: str = "") -> Role | None:
    """The role an HF module path implies (None when it implies none)."""
    match = _HF_PATTERN.match(name)
    if match is not None:
        return _parse(ROLE_FROM_HF_NAME[match.lastindex - 1][1])  # type: ignore[operator]
    if kind and _is_moe_op(kind):
        return Role(Block.MOE)
    if ".mlp." in name:
        return Role(Block.MLP)
    return None


def _is_moe_op(kind: str) -> bool:
    # imported here: the catalogue's linear family imports this module for Part
    from layoutcheck.ops import default_registry
    from layoutcheck.ops.traits import Trait

    return default_registry().is_(kind, Trait.ROUTER, Trait.EXPERT_COMPUTE)


@functools.lru_cache(maxsize=65536)
def layer_from_hf_name(name: str) -> int | None:
    """The decoder layer index in an HF module path (``model.layers.5.mlp`` → 5): for a graph
    file's op that states no ``layer:`` and for builder-made names only — an op that has a
    layer keeps it (``Op.layer``)."""
    match = _LAYER.search(name)
    return int(match.group(1)) if match else None


HF_LAYER_PREFIX = "model.layers."


def hf_layer_name(layer: int, local: str) -> str:
    """The HF module path of a layer's module: ``hf_layer_name(5, "mlp")`` is
    ``model.layers.5.mlp`` (how builders name ops and how a region's copies are named)."""
    return f"{hf_layer_path(layer)}.{local}"


def hf_layer_path(layer: int) -> str:
    """The HF module path of decoder layer ``layer`` itself: ``model.layers.5``."""
    return f"{HF_LAYER_PREFIX}{layer}"


def local_from_hf_name(name: str, layer: int) -> str | None:
    """An op's name within layer ``layer`` when its name is that layer's HF module path
    (``model.layers.5.mlp.experts`` in layer 5 → ``mlp.experts``), else None: for builder-made
    names and graph files that state no ``local:``."""
    prefix = f"{HF_LAYER_PREFIX}{layer}."
    return name[len(prefix) :] if name.startswith(prefix) and len(name) > len(prefix) else None
