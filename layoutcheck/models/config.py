"""Reading a Hugging Face ``config.json`` into a :class:`ModelSpec`, naming every missing field.

Structure is detected from fields, never from ``model_type``: MLA from ``kv_lora_rank``, DSA
from ``index_topk`` (or ``topk_limit`` with ``index_n_heads``), MoE from the expert counts. The
two facts a config does not state (Qwen3's q/k norms, DeepSeek-V3's MTP copies of the embedding
and head) come from its ``architectures`` class, in one table (``CHECKPOINT_FACTS``).
"""

from __future__ import annotations

import difflib
import enum
import math
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs

from layoutcheck import resources
from layoutcheck.errors import InputError
from layoutcheck.files import load_json, read_text
from layoutcheck.limits import MAX_CONFIG_SIZE, MAX_LAYERS, MAX_SYMBOL_VALUE, shown

MAX_CONFIG_BYTES = 16 * 2**20  # a real config.json is a few kB


class ConfigError(InputError):
    """A model config that cannot be built (exit 2): names the file and the field."""


@attrs.frozen
class MlaSpec:
    q_lora_rank: int | None
    kv_lora_rank: int
    qk_nope_head_dim: int
    qk_rope_head_dim: int
    v_head_dim: int


@attrs.frozen
class GqaSpec:
    kv_heads: int
    head_dim: int
    qk_norm: bool = False  # a per-head RMSNorm on q and k (q_norm, k_norm: head_dim each)
    # a sigmoid gate on the attention's output, made by q_proj beside the queries (q_proj
    # twice as wide): Qwen3-Next's gated attention (vllm qwen3_next.py:307-316, :427-430)
    output_gate: bool = False


@attrs.frozen
class DsaSpec:
    index_n_heads: int
    index_head_dim: int
    index_topk: int
    # decoder layers that reuse the previous full layer's top-k and hold no indexer (GLM-5.2's
    # IndexShare: ``indexer_types``); MTP layers always run their own
    shared_layers: tuple[int, ...] = ()

    def runs_indexer(self, layer: int) -> bool:
        """Does this decoder layer hold and run its own DSA indexer?"""
        return layer not in self.shared_layers

    def indexer_layers(self, layers: int) -> tuple[int, ...]:
        """The decoder layers (of ``layers``) that run their own indexer."""
        return tuple(layer for layer in range(layers) if self.runs_indexer(layer))


class Mixer(enum.Enum):
    """What mixes the tokens in a decoder layer."""

    ATTENTION = "attention"
    RECURRENT = "recurrent"  # the hybrid's recurrent mixer in place of attention
    # attention and the recurrent mixer side by side on the same normed input, their outputs
    # summed (Falcon-H1's parallel hybrid: falcon_h1.py:369-401)
    PARALLEL = "attention+recurrent"


class RecurrentKind(enum.Enum):
    MAMBA = "mamba"  # Mamba-1's selective scan (Jamba)
    GATED_DELTA = "gated_delta"  # the gated delta rule of linear attention (Qwen3-Next)
    MAMBA2 = "mamba2"  # Mamba-2's multi-head scan (Falcon-H1)


@attrs.frozen
class RecurrentSpec:
    """A hybrid's recurrent mixer layers, with the sizes its config gives them.

    Mamba-1 (Jamba, vllm/model_executor/models/jamba.py:128-137 builds
    layers/mamba/mamba_mixer.py's MambaMixer): ``heads`` is its channels (expand·hidden),
    each a head of width 1; ``state`` its d_state. The gated delta net (Qwen3-Next,
    layers/mamba/gdn/qwen_gdn_linear_attn.py:386-510): ``heads`` its value heads of
    ``head_dim``, ``key_heads`` its key heads of ``state`` (the key head width)."""

    kind: RecurrentKind
    heads: int
    head_dim: int
    state: int
    conv_kernel: int
    key_heads: int = 0  # the gated delta net's key (and query) heads
    dt_rank: int = 0  # Mamba-1's step projection rank
    conv_bias: bool = False
    proj_bias: bool = False
    groups: int = 0  # Mamba-2's B and C groups (n_groups)
    gated_norm_weight: bool = False  # Mamba-2's gated RMSNorm holds a weight (mamba_rms_norm)

    @property
    def inner(self) -> int:
        """The width the mixer writes and out_proj reads (value heads × their width)."""
        return self.heads * self.head_dim

    @property
    def key_width(self) -> int:
        return self.key_heads * self.state

    @property
    def conv_width(self) -> int:
        """The channels of the causal convolution: Mamba-1's x; the delta net's q, k and v
        (qwen_gdn_linear_attn.py:420)."""
        if self.kind is RecurrentKind.MAMBA:
            return self.inner
        if self.kind is RecurrentKind.MAMBA2:  # x, B and C (mamba_mixer2.py:330-331)
            return self.inner + 2 * self.groups * self.state
        return 2 * self.key_width + self.inner


@attrs.frozen
class MoeSpec:
    experts: int
    top_k: int
    intermediate: int
    shared_experts: int
    # the router's e_score_correction_bias [experts]: only auxiliary-loss-free routing
    # (``topk_method: noaux_tc``) learns one
    router_bias: bool = False
    # the shared experts' MLP width where the config states it apart from the routed experts'
    # (Qwen2-MoE's shared_expert_intermediate_size); 0: shared_experts routed-expert widths
    shared_intermediate: int = 0

    @property
    def shared_width(self) -> int:
        """The intermediate width of the shared experts' one MLP (0: none)."""
        return self.shared_intermediate or self.intermediate * self.shared_experts


@attrs.frozen
class ModelSpec:
    """What the builder needs to know about a decoder model."""

    name: str
    hidden: int
    layers: int
    vocab: int
    heads: int
    intermediate: int
    attention: MlaSpec | GqaSpec
    dsa: DsaSpec | None
    moe: MoeSpec | None
    layer_kinds: tuple[str, ...]  # "dense" or "moe", one per decoder layer
    # what the config holds that the built graph does not model, one message per field
    warnings: tuple[str, ...] = attrs.field(default=(), eq=False)
    max_positions: int | None = None  # max_position_embeddings: the rotary table's rows
    # an MTP layer stores its own embedding and output head (copies of the main ones)
    mtp_embedding_copies: bool = False
    # what the checkpoint stores beyond the built structure (the parameter count reads it)
    tensors: CheckpointTensors = attrs.field(factory=lambda: CheckpointTensors())
    # the values taken for fields the config does not give, one text each (said in one note)
    defaults: tuple[str, ...] = attrs.field(default=(), eq=False)
    # attention and the MLP read the same normed input and their outputs are summed (GPT-J,
    # GPT-NeoX's use_parallel_residual, Falcon's parallel_attn, Command-R)
    parallel_block: bool = False
    # attention biased by position (ALiBi: Bloom, Falcon's alibi): no rotary embedding
    alibi: bool = False
    # attention turns q and k by their positions (False: Jamba's attention, no position
    # encoding)
    rotary: bool = True
    # what the config says that the builder cannot draw: one message per field, each naming
    # it; the builder refuses the model with the first (the config is still read, so an engine
    # graph checked against it keeps its sizes)
    unbuilt: tuple[str, ...] = attrs.field(default=(), eq=False)
    # a hybrid's token mixer per decoder layer (empty: attention in every layer) and its
    # recurrent layers' sizes
    mixers: tuple[Mixer, ...] = ()
    recurrent: RecurrentSpec | None = None

    def mixer(self, layer: int) -> Mixer:
        return self.mixers[layer] if self.mixers else Mixer.ATTENTION

    def recurrent_sizes(self) -> RecurrentSpec:
        """The recurrent layers' sizes, which a spec with a recurrent mixer must give."""
        if self.recurrent is None:
            raise ConfigError("a recurrent layer without its sizes (no recurrent spec)")
        return self.recurrent


NormKind = str  # "rms": a weight; "layer": a weight and a bias; "none": no parameters
QkNormWidth = str  # "head": one head_dim-wide norm for all heads; "projection": the whole q or k


@attrs.frozen
class CheckpointFacts:
    """What a checkpoint holds that its ``config.json`` has no field for, or states only
    through its config class's default (read from the model's code in Hugging Face
    Transformers and vLLM's ``vllm/model_executor/models/<model>.py``)."""

    qk_norm: bool = False
    mtp_embedding_copies: bool = False
    tied_embeddings: bool = False  # the config class's tie_word_embeddings default
    gated_mlp: bool = True  # gate_proj and up_proj (SwiGLU/GeGLU); False: up_proj alone
    norm: NormKind = "rms"
    norms_per_layer: int = 2
    qkv_bias: bool = False  # q, k and v carry a bias whatever the config says (Qwen2)
    qk_norm_width: QkNormWidth = "head"
    shared_expert_gate: bool = False  # a [1, hidden] sigmoid gate on the shared expert
    expert_bias: bool = False  # every expert's projections carry biases
    router_bias: bool = False  # an e_score_correction_bias whatever topk_method says
    attention_sinks: bool = False  # one learned sink logit per head
    # the attention is multi-head: its qkv projection is given the query heads alone, so it
    # makes as many KV heads (vLLM's QKVParallelLinear takes total_num_kv_heads = total_num_heads
    # when none is passed: vllm/model_executor/layers/linear.py:1047-1048), whatever a
    # num_key_value_heads field of the config says
    multi_head: bool = False
    # the MLP is 4·hidden wide whatever a width field says: Bloom's dense_h_to_4h /
    # dense_4h_to_h are built as ColumnParallelLinear(hidden, 4 * hidden) (bloom.py:159-167)
    four_hidden_mlp: bool = False
    # the class's default for a missing ``attention_bias`` (GPT-NeoX's config defaults it on)
    attention_bias: bool = False
    # ``attention_bias`` biases q, k and v only, not o_proj (glm4.py:100-107, glm4_moe.py)
    attention_bias_skips_o: bool = False
    o_bias: bool = False  # o_proj carries a bias whatever the config says (Bloom)
    mlp_bias: bool = False  # the MLP's projections carry biases whatever the config says
    lm_head_bias: bool = False  # the output head carries a [vocab] bias
    embedding_norm: bool = False  # a norm right after the embedding (Bloom)
    # attention and MLP side by side on one normed input; the field that turns it on or off
    # where the class has one (None: ``parallel_block`` always holds)
    parallel_block: bool = False
    parallel_field: str | None = None
    alibi: bool = False  # ALiBi position biases instead of rotary embeddings
    rotary: bool = True  # False: no position encoding at all (Jamba's attention)
    # shared experts of the routed experts' width every MoE layer has, no field saying so
    shared_experts: int = 0
    qk_norm_weight: bool = True  # False: the q/k norm has no weight (Llama-4's L2 norm)
    # each sublayer's output is normed before the residual add, and the next input is not
    # (EXAONE-4's post_attention / post_feedforward norms): drawn as pre-norms
    post_norms: bool = False
    # what the class's Hugging Face config takes for a field its config.json may leave out,
    # where it shapes the model and differs from the builder's own fallback: read as if given
    config_defaults: tuple[tuple[str, int], ...] = ()
    # the attention's output gated by a sigmoid of q_proj's second half, no field needed
    output_gate: bool = False


# Keyed by the checkpoint class a config names in ``architectures``; any other class has none.
CHECKPOINT_FACTS: Mapping[str, CheckpointFacts] = {
    # Qwen3 adds a per-head q_norm/k_norm to Qwen2's attention; no config field says so
    "Qwen3ForCausalLM": CheckpointFacts(qk_norm=True),
    "Qwen3MoeForCausalLM": CheckpointFacts(qk_norm=True),
    # DeepSeek-V3's MTP layer ships model.layers.61.embed_tokens and .shared_head.head as
    # copies of the main ones (its 685B = 671B + 14B MTP); V3.2 keeps that layout. GLM-5's MTP
    # layer has neither and shares the main model's.
    # configuration_deepseek_v3.py:86-101 (Transformers 5.17) defaults
    "DeepseekV3ForCausalLM": CheckpointFacts(
        mtp_embedding_copies=True,
        config_defaults=(
            ("n_shared_experts", 1),
            ("first_k_dense_replace", 3),
            ("moe_intermediate_size", 2048),
        ),
    ),
    "DeepseekV32ForCausalLM": CheckpointFacts(mtp_embedding_copies=True),
    # configuration_deepseek_v2.py:106-120
    "DeepseekV2ForCausalLM": CheckpointFacts(
        config_defaults=(
            ("n_shared_experts", 2),
            ("first_k_dense_replace", 0),
            ("moe_intermediate_size", 1407),
        ),
    ),
    # qwen2.py: QKVParallelLinear(..., bias=True), o_proj without one
    "Qwen2ForCausalLM": CheckpointFacts(qkv_bias=True),
    # qwen2_moe.py: Qwen2's attention, and the shared expert's gate Linear(hidden, 1)
    "Qwen2MoeForCausalLM": CheckpointFacts(qkv_bias=True, shared_expert_gate=True),
    # gemma.py / gemma2.py / gemma3.py: tied heads; Gemma-2 and 3 add pre- and post-feedforward
    # norms to the input and post-attention ones; Gemma-3 a per-head q_norm / k_norm
    "GemmaForCausalLM": CheckpointFacts(tied_embeddings=True),
    "Gemma2ForCausalLM": CheckpointFacts(tied_embeddings=True, norms_per_layer=4),
    "Gemma3ForCausalLM": CheckpointFacts(tied_embeddings=True, norms_per_layer=4, qk_norm=True),
    # q_norm and k_norm over the whole projection (heads·head_dim, kv_heads·head_dim): vLLM's
    # olmoe.py:164-165; OLMo-2 the same in Transformers' modeling_olmo2.py (vLLM 0.31 serves
    # OLMo, OLMo-2 and StarCoder2 through its Transformers backend: registry.py:717-721)
    "Olmo2ForCausalLM": CheckpointFacts(qk_norm=True, qk_norm_width="projection"),
    "OlmoeForCausalLM": CheckpointFacts(qk_norm=True, qk_norm_width="projection"),
    # modeling_olmo.py: a LayerNorm without parameters (elementwise_affine=False)
    "OlmoForCausalLM": CheckpointFacts(norm="none"),
    # modeling_starcoder2.py: LayerNorm (weight and bias), c_fc → gelu → c_proj, no gate
    "Starcoder2ForCausalLM": CheckpointFacts(tied_embeddings=True, gated_mlp=False, norm="layer"),
    # commandr.py:318-326: one input_layernorm feeds attention and the MLP side by side
    "CohereForCausalLM": CheckpointFacts(
        tied_embeddings=True, norms_per_layer=1, parallel_block=True
    ),
    # gpt_oss.py:130 sinks [heads] per layer; :386-400 the router's and the experts' biases
    "GptOssForCausalLM": CheckpointFacts(attention_sinks=True, expert_bias=True),
    # glm4_moe.py and ernie45_moe.py: the gate's e_score_correction_bias always exists
    # configuration_glm4_moe.py:107-114 defaults
    "Glm4MoeForCausalLM": CheckpointFacts(
        router_bias=True,
        attention_bias_skips_o=True,
        config_defaults=(
            ("n_shared_experts", 1),
            ("first_k_dense_replace", 1),
            ("moe_intermediate_size", 1408),
        ),
    ),
    # multi-head attention: gpt2.py:79-86, opt.py:90-97, phi.py:94-101 build
    # QKVParallelLinear(hidden, head_size, total_num_heads) (so do GPT-J, Bloom and GPT-NeoX)
    "GPT2LMHeadModel": CheckpointFacts(multi_head=True),
    "OPTForCausalLM": CheckpointFacts(multi_head=True),
    "PhiForCausalLM": CheckpointFacts(multi_head=True),
    "Ernie4_5_MoeForCausalLM": CheckpointFacts(router_bias=True),
    # hy_v3.py:177-179 the router's expert_bias always exists; HYV3Config's qk_norm defaults on
    # HYV3Config's defaults (vllm/transformers_utils/configs/hy_v3.py:101-137)
    "HYV3ForCausalLM": CheckpointFacts(
        qk_norm=True,
        router_bias=True,
        config_defaults=(
            ("num_shared_experts", 1),
            ("expert_hidden_dim", 1536),
            ("first_k_dense_replace", 1),
        ),
    ),
    # llama4.py:100-133 one shared expert of intermediate_size beside the routed ones; :211-217
    # a q/k norm without a weight (has_weight=False); :341-352 dense layers of
    # intermediate_size_mlp between the MoE ones (interleave_moe_layer_step)
    "Llama4ForCausalLM": CheckpointFacts(shared_experts=1, qk_norm_weight=False),
    # qwen3_next.py: Qwen3's per-head q_norm/k_norm, Qwen2-MoE's gated shared expert
    # configuration_qwen3_next.py:108-133: its layer types default to a full-attention layer
    # every 4th, the rest linear attention
    # (and its linear-attention sizes, :83-87); qwen3_next.py:307 gates the attention's output
    # unless the config says attn_output_gate false
    "Qwen3NextForCausalLM": CheckpointFacts(
        qk_norm=True,
        shared_expert_gate=True,
        output_gate=True,
        config_defaults=(
            ("head_dim", 256),
            ("moe_intermediate_size", 512),
            ("shared_expert_intermediate_size", 512),
            ("full_attention_interval", 4),
            ("linear_conv_kernel_dim", 4),
            ("linear_key_head_dim", 128),
            ("linear_value_head_dim", 128),
            ("linear_num_key_heads", 16),
            ("linear_num_value_heads", 32),
        ),
    ),
    # Hugging Face's FalconH1Config defaults (configuration_falcon_h1.py): one B/C group,
    # d_state 256, d_conv 4
    "FalconH1ForCausalLM": CheckpointFacts(
        config_defaults=(("mamba_n_groups", 1), ("mamba_d_state", 256), ("mamba_d_conv", 4)),
    ),
    # Hugging Face's JambaConfig defaults (configuration_jamba.py): an attention layer every
    # 8th from layer 4, MoE every 2nd from layer 1, Mamba-1 with d_state 16, d_conv 4, expand 2
    # jamba.py:215-239 and :259-267: its attention has no rotary embedding (the Mamba layers
    # carry the positions)
    "JambaForCausalLM": CheckpointFacts(
        rotary=False,
        config_defaults=(
            ("attn_layer_period", 8),
            ("attn_layer_offset", 4),
            ("expert_layer_period", 2),
            ("expert_layer_offset", 1),
            ("mamba_d_state", 16),
            ("mamba_d_conv", 4),
            ("mamba_expand", 2),
        ),
    ),
    # glm4.py:176-183: input, post_self_attn, post_attention and post_mlp norms
    "Glm4ForCausalLM": CheckpointFacts(norms_per_layer=4, attention_bias_skips_o=True),
    # commandr.py serves Command-R7B too
    "Cohere2ForCausalLM": CheckpointFacts(
        tied_embeddings=True, norms_per_layer=1, parallel_block=True
    ),
    # exaone4.py:166-167 per-head q_norm/k_norm; :255-258 post_attention and post_feedforward
    "Exaone4ForCausalLM": CheckpointFacts(qk_norm=True, post_norms=True),
    # phimoe.py:339-346 q/k/v and o biased, :411-414 LayerNorms, :551-555 a biased lm_head
    "PhiMoEForCausalLM": CheckpointFacts(norm="layer", lm_head_bias=True),
    # falcon.py:291-302: LayerNorms; parallel_attn puts attention and MLP side by side (one
    # input_layernorm, or ln_attn and ln_mlp with num_ln_in_parallel_attn 2); :496-509 the
    # head is tied unless the config says otherwise
    "FalconForCausalLM": CheckpointFacts(
        tied_embeddings=True,
        gated_mlp=False,
        norm="layer",
        parallel_block=True,
        parallel_field="parallel_attn",
    ),
    # gpt_neox.py:80-87 biased q/k/v and dense (attention_bias, default true), :128-138 a
    # biased dense_h_to_4h → act → dense_4h_to_h, :159-162 two LayerNorms, use_parallel_residual
    "GPTNeoXForCausalLM": CheckpointFacts(
        multi_head=True,
        gated_mlp=False,
        norm="layer",
        attention_bias=True,
        mlp_bias=True,
        parallel_block=True,
        parallel_field="use_parallel_residual",
    ),
    # gpt_j.py:75-82 unbiased q/k/v and out_proj, a biased fc_in → act → fc_out, :166 one
    # ln_1 feeding attention and MLP side by side, :264-267 a biased lm_head
    "GPTJForCausalLM": CheckpointFacts(
        multi_head=True,
        gated_mlp=False,
        norm="layer",
        norms_per_layer=1,
        mlp_bias=True,
        lm_head_bias=True,
        parallel_block=True,
    ),
    # bloom.py:107-114 every projection biased, :191-195 two LayerNorms, :253 a LayerNorm on
    # the embedding; ALiBi positions (no rotary embedding); the head tied
    "BloomForCausalLM": CheckpointFacts(
        multi_head=True,
        four_hidden_mlp=True,
        tied_embeddings=True,
        gated_mlp=False,
        norm="layer",
        qkv_bias=True,
        o_bias=True,
        mlp_bias=True,
        embedding_norm=True,
        alibi=True,
    ),
}


@attrs.frozen
class CheckpointTensors:
    """The tensors a checkpoint stores beyond the structure the builder draws: what the
    parameter count adds (biases, norms, a tied head counted once, a shared expert's own
    width). The built graph keeps its structure; only the count reads these."""

    tied_embeddings: bool = False
    gated_mlp: bool = True
    norm: NormKind = "rms"
    norms_per_layer: int = 2
    qkv_bias: bool = False
    o_bias: bool = False
    mlp_bias: bool = False
    qk_norm_width: QkNormWidth = "head"
    shared_expert_gate: bool = False
    expert_bias: bool = False
    attention_sinks: bool = False
    lm_head_bias: bool = False
    embedding_norm: bool = False
    post_norms: bool = False
    qk_norm_weight: bool = True

    def undrawn_norms(self) -> str | None:
        """What the built graph draws of the layer's norms differently from the checkpoint
        (counted in parameters, not drawn), or None when it draws them as they are."""
        if self.norms_per_layer > 2:
            return (
                f"its {self.norms_per_layer} norms a layer are drawn as 2 (before attention and "
                "before the MLP): the post-sublayer norms are counted in its parameters, not "
                "drawn, so their layout is not checked"
            )
        if self.post_norms:
            return (
                "its norms follow each sublayer (post-norms) and are drawn before them: their "
                "parameters are counted, their place in the graph is not checked"
            )
        return None


def has_dsa_structure(config: Mapping[str, Any]) -> bool:
    """DeepSeek-style sparse attention (a lightning indexer), detected from fields only."""
    fields = _text_config(config)
    if fields.get("index_topk"):
        return True
    return bool(fields.get("topk_limit")) and bool(fields.get("index_n_heads"))


def shipped_models() -> tuple[str, ...]:
    return resources.shipped("models")


def load_config(source: str | Path | Mapping[str, Any]) -> tuple[dict[str, Any], str, str]:
    """A config dict, the model's short name and where it came from (for messages), from a
    dict, a path, a folder or a shipped model name."""
    if isinstance(source, Mapping):
        name = str(source.get("_name_or_path", "config"))
        return dict(source), name, name
    path = Path(source)
    try:
        exists = path.exists()
    except OSError as error:  # a name too long for the file system (exists() raises for it)
        raise ConfigError(
            f"{str(source)[:80]!r}: not a readable path ({error.strerror or error})"
        ) from None
    if not exists:
        shipped = resources.find("models", str(source))
        if shipped is None:
            known = ", ".join(shipped_models())
            close = difflib.get_close_matches(
                str(source), resources.shipped("models"), n=2, cutoff=0.6
            )
            hint = f"did you mean {' or '.join(close)}? " if close else ""
            raise ConfigError(
                f"{source}: no such file, folder or shipped model ({hint}shipped: {known})"
            )
        path = shipped
    if path.is_dir():
        path = path / "config.json"
        if not path.exists() and not path.is_symlink():
            raise ConfigError(f"{path.parent}: the folder holds no config.json")
    # a regular file of at most MAX_CONFIG_BYTES (a FIFO or /dev/zero is refused, not read)
    text = read_text(path, MAX_CONFIG_BYTES, ConfigError)
    data = load_json(text, ConfigError, str(path), "a JSON config")
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: a config.json holds a JSON object")
    # a config.json is named by its folder (given as "config.json" inside it: the folder's own)
    name = path.stem if path.name != "config.json" else path.absolute().parent.name
    return data, name, str(path)


def _text_config(config: Mapping[str, Any]) -> Mapping[str, Any]:
    nested = config.get("text_config")
    return nested if isinstance(nested, Mapping) else config


class _Defaulted(Mapping[str, Any]):
    """A config's fields, with its config class's values for the ones it leaves out."""

    def __init__(self, given: Mapping[str, Any], taken: Mapping[str, Any]) -> None:
        self.given = given
        self.taken = taken

    def __getitem__(self, key: str) -> Any:
        if key in self.given and self.given[key] is not None:
            return self.given[key]
        return self.taken[key]

    def __iter__(self) -> Iterator[str]:
        return iter({**self.taken, **self.given})

    def __len__(self) -> int:
        return len({**self.taken, **self.given})


class _Fields:
    """Typed access to config fields with messages that name the field and the file."""

    def __init__(self, data: Mapping[str, Any], where: str) -> None:
        self.data = data
        self.where = where

    def integer(self, key: str, *, minimum: int = 1, maximum: int = MAX_CONFIG_SIZE) -> int:
        if key not in self.data or self.data[key] is None:
            raise ConfigError(f"{self.where}: missing field {key!r}")
        return self._check(key, self.data[key], minimum, maximum)

    def opt_int(self, key: str, *, minimum: int = 1, maximum: int = MAX_CONFIG_SIZE) -> int | None:
        value = self.data.get(key)
        return None if value is None else self._check(key, value, minimum, maximum)

    def first_int(self, *keys: str, minimum: int = 1, maximum: int = MAX_CONFIG_SIZE) -> int:
        for key in keys:
            if self.data.get(key) is not None:
                return self.integer(key, minimum=minimum, maximum=maximum)
        raise ConfigError(f"{self.where}: missing field {keys[0]!r} (or {', '.join(keys[1:])})")

    def _check(self, key: str, value: object, minimum: int, maximum: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(
                f"{self.where}: field {key!r} must be an integer, got {_shown(value)}"
            )
        if value < minimum:
            raise ConfigError(
                f"{self.where}: field {key!r} must be at least {minimum}, got {shown(value)}"
            )
        if value > maximum:
            raise ConfigError(
                f"{self.where}: field {key!r} is {shown(value)}; layoutcheck builds models up to "
                f"{shown(maximum)}"
            )
        return value


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "…"


def checkpoint_facts(config: Mapping[str, Any]) -> CheckpointFacts:
    """The facts ``CHECKPOINT_FACTS`` records for the config's checkpoint class (none if the
    class is not listed)."""
    classes = config.get("architectures", _text_config(config).get("architectures"))
    if not isinstance(classes, list):
        return CheckpointFacts()
    for name in classes:
        if isinstance(name, str) and name in CHECKPOINT_FACTS:
            return CHECKPOINT_FACTS[name]
    return CheckpointFacts()


def mtp_layers(config: Mapping[str, Any], where: str = "config") -> int:
    """``num_nextn_predict_layers``: the MTP layers after the decoder (0 when absent)."""
    fields = _Fields(_text_config(config), where)
    return fields.opt_int("num_nextn_predict_layers", minimum=0, maximum=MAX_LAYERS) or 0


def model_spec(
    config: Mapping[str, Any], name: str = "model", where: str | None = None
) -> ModelSpec:
    """Validate a config and describe the model; every problem names its field (and file)."""
    data = _text_config(config)
    facts = checkpoint_facts(config)
    defaults: list[str] = []
    warnings: list[str] = []
    taken = {key: value for key, value in facts.config_defaults if data.get(key) is None}
    if taken:  # read as the model's own config class reads a missing field
        data = _Defaulted(data, taken)
        defaults.extend(
            f"{key} = {value} (its config class's default)" for key, value in taken.items()
        )
    fields = _Fields(data, where or name)
    # GPT-J names its sizes n_embd / n_layer / n_head, Bloom n_embed / n_layer / n_head, and
    # EXAONE its layer count num_layers (each config class's attribute_map reads them as the
    # usual names)
    hidden = fields.first_int("hidden_size", "n_embd", "n_embed")
    layers = fields.first_int("num_hidden_layers", "num_layers", "n_layer", maximum=MAX_LAYERS)
    vocab = fields.integer("vocab_size")
    heads = fields.first_int("num_attention_heads", "n_head")
    attention: MlaSpec | GqaSpec
    if data.get("kv_lora_rank") is not None:
        attention = MlaSpec(
            q_lora_rank=fields.opt_int("q_lora_rank"),
            kv_lora_rank=fields.integer("kv_lora_rank"),
            qk_nope_head_dim=fields.integer("qk_nope_head_dim"),
            qk_rope_head_dim=fields.integer("qk_rope_head_dim"),
            v_head_dim=fields.integer("v_head_dim"),
        )
    else:
        stated = _kv_heads(data, fields, heads, defaults)
        kv_heads = heads if facts.multi_head else stated
        if stated != kv_heads:
            warnings.append(
                f"field 'num_key_value_heads' {stated} is not read: the model's attention is "
                f"multi-head, {heads} KV heads (one per query head)"
            )
        head_dim = fields.opt_int("head_dim") or _divide(hidden, heads, fields.where, "hidden_size")
        if heads % kv_heads:
            raise ConfigError(
                f"{fields.where}: num_attention_heads {heads} is not a multiple of "
                f"num_key_value_heads {kv_heads}"
            )
        # GLM-4.5 names the q/k norm use_qk_norm, Hy3 qk_norm: the field, when given, decides
        qk_norm = data.get("use_qk_norm", data.get("qk_norm"))
        attention = GqaSpec(
            kv_heads=kv_heads,
            head_dim=head_dim,
            qk_norm=qk_norm if isinstance(qk_norm, bool) else facts.qk_norm,
            output_gate=_flag(data, "attn_output_gate", facts.output_gate),
        )
    dsa = None
    if has_dsa_structure(data):
        dsa = DsaSpec(
            index_n_heads=fields.integer("index_n_heads"),
            index_head_dim=fields.integer("index_head_dim"),
            index_topk=fields.first_int("index_topk", "topk_limit"),
            shared_layers=_shared_indexer_layers(data, fields, layers, warnings),
        )
    # Falcon names the MLP width ffn_hidden_size, GPT-J n_inner (null: 4·hidden)
    width_field = next((key for key in _MLP_WIDTH_FIELDS if data.get(key) is not None), None)
    intermediate = fields.integer(width_field) if width_field else 4 * hidden
    if facts.four_hidden_mlp:
        if width_field is not None and intermediate != 4 * hidden:
            warnings.append(
                f"field '{width_field}' {intermediate} is not read: the model's MLP is "
                f"4·hidden_size = {4 * hidden} wide"
            )
        intermediate = 4 * hidden
    elif width_field is None:
        defaults.append(
            # GPT-J's, GPT-NeoX's, Falcon's and Bloom's config classes take 4·hidden too
            f"intermediate_size = 4·hidden_size = {4 * hidden} (Hugging Face's LlamaConfig "
            "default is 11008)"
        )
    moe = _moe(data, fields, facts, warnings, defaults, intermediate)
    if "tie_word_embeddings" not in data:
        tied = facts.tied_embeddings
        defaults.append(
            f"tie_word_embeddings = {str(tied).lower()} (its checkpoint class's default; "
            "Hugging Face's PretrainedConfig default is true)"
        )
    parallel = _parallel_block(data, facts, defaults)
    alibi = _flag(data, "alibi", facts.alibi)
    warnings.extend(ignored_fields(config, data))
    mixers, recurrent = _hybrid(data, fields, layers, hidden, defaults)
    return ModelSpec(
        name=name,
        hidden=hidden,
        layers=layers,
        vocab=vocab,
        heads=heads,
        intermediate=intermediate,
        attention=attention,
        dsa=dsa,
        moe=moe,
        layer_kinds=_layer_kinds(data, fields, layers, moe is not None),
        warnings=tuple(warnings),
        max_positions=_max_positions(data),
        mtp_embedding_copies=facts.mtp_embedding_copies,
        tensors=_checkpoint_tensors(data, facts, parallel),
        defaults=tuple(defaults),
        parallel_block=parallel,
        alibi=alibi,
        rotary=facts.rotary,
        unbuilt=tuple(unbuilt_fields(data, fields.where)),
        mixers=mixers,
        recurrent=recurrent,
    )


def _builds_gated_delta(data: Mapping[str, Any]) -> bool:
    """Qwen3-Next's hybrid: gated-delta-net layers (its linear_* sizes) between full-attention
    ones, listed by layer_types or one every full_attention_interval."""
    listed = _linear_layers(data) > 0
    interval = data.get("full_attention_interval") not in (None, 1)
    return (listed or interval) and data.get("linear_num_value_heads") is not None


def _builds_falcon_h1(data: Mapping[str, Any]) -> bool:
    """Falcon-H1's parallel hybrid: a Mamba-2 mixer beside attention in every layer, sized by
    its mamba_n_heads and mamba_d_head."""
    return (
        data.get("mamba_d_ssm") is not None
        and data.get("mamba_n_heads") is not None
        and data.get("mamba_d_head") is not None
    )


def _builds_jamba(data: Mapping[str, Any]) -> bool:
    """Jamba's hybrid: Mamba-1 layers with an attention layer every attn_layer_period."""
    return data.get("attn_layer_period") is not None and data.get("mamba_expand") is not None


_LAYER_TYPE_MIXERS = {"full_attention": Mixer.ATTENTION, "linear_attention": Mixer.RECURRENT}


def _hybrid(
    data: Mapping[str, Any], fields: _Fields, layers: int, hidden: int, defaults: list[str]
) -> tuple[tuple[Mixer, ...], RecurrentSpec | None]:
    """Each layer's token mixer and the recurrent layers' sizes, for the hybrids the builder
    draws (the others stay refused by UNBUILT_FIELDS)."""
    if _builds_gated_delta(data):
        listed = data.get("layer_types")
        if listed is not None:
            if not isinstance(listed, list) or len(listed) != layers:
                raise ConfigError(
                    f"{fields.where}: field 'layer_types' must list one type per layer ({layers})"
                )
            unknown = next((t for t in listed if t not in _LAYER_TYPE_MIXERS), None)
            if unknown is not None:
                raise ConfigError(
                    f"{fields.where}: unknown layer_types entry {_shown(unknown)} "
                    f"(known: {', '.join(_LAYER_TYPE_MIXERS)})"
                )
            mixers = tuple(_LAYER_TYPE_MIXERS[t] for t in listed)
        else:
            # configuration_qwen3_next.py: a full-attention layer where (i + 1) % interval is 0
            interval = fields.integer("full_attention_interval")
            mixers = tuple(
                Mixer.ATTENTION if (i + 1) % interval == 0 else Mixer.RECURRENT
                for i in range(layers)
            )
        recurrent = RecurrentSpec(
            kind=RecurrentKind.GATED_DELTA,
            heads=fields.integer("linear_num_value_heads"),
            head_dim=fields.integer("linear_value_head_dim"),
            state=fields.integer("linear_key_head_dim"),
            conv_kernel=fields.integer("linear_conv_kernel_dim"),
            key_heads=fields.integer("linear_num_key_heads"),
        )
        if recurrent.heads % recurrent.key_heads:
            raise ConfigError(
                f"{fields.where}: linear_num_value_heads {recurrent.heads} is not a multiple "
                f"of linear_num_key_heads {recurrent.key_heads}"
            )
        return mixers, recurrent
    if _builds_falcon_h1(data):
        # falcon_h1.py:110-136: MambaMixer2(intermediate_size=mamba_d_ssm, n_groups,
        # num_heads=mamba_n_heads, head_dim=mamba_d_head, use_rms_norm=mamba_rms_norm)
        recurrent = RecurrentSpec(
            kind=RecurrentKind.MAMBA2,
            heads=fields.integer("mamba_n_heads"),
            head_dim=fields.integer("mamba_d_head"),
            state=fields.integer("mamba_d_state"),
            conv_kernel=fields.integer("mamba_d_conv"),
            groups=fields.integer("mamba_n_groups"),
            conv_bias=_flag(data, "mamba_conv_bias", True),
            proj_bias=_flag(data, "mamba_proj_bias", False),
            gated_norm_weight=_flag(data, "mamba_rms_norm", False),
        )
        d_ssm = fields.integer("mamba_d_ssm")
        if d_ssm != recurrent.inner:
            raise ConfigError(
                f"{fields.where}: mamba_d_ssm {d_ssm} is not mamba_n_heads {recurrent.heads} "
                f"× mamba_d_head {recurrent.head_dim}"
            )
        for field, value in (
            ("mamba_conv_bias", "true"),
            ("mamba_proj_bias", "false"),
            ("mamba_rms_norm", "false"),
        ):
            if field not in data:
                defaults.append(f"{field} = {value} (its config class's default)")
        return (Mixer.PARALLEL,) * layers, recurrent
    if _builds_jamba(data):
        # configuration_jamba.py's layers_block_type: attention where i % period == offset
        period = fields.integer("attn_layer_period")
        offset = fields.opt_int("attn_layer_offset", minimum=0) or 0
        mixers = tuple(
            Mixer.ATTENTION if i % period == offset else Mixer.RECURRENT for i in range(layers)
        )
        # a dt rank of "auto" is ceil(hidden_size / 16), as JambaConfig takes it
        auto = data.get("mamba_dt_rank", "auto") == "auto"
        dt_rank = math.ceil(hidden / 16) if auto else fields.integer("mamba_dt_rank")
        # JambaConfig's defaults for the fields left out (the same as Hugging Face's)
        for field, value in (
            ("mamba_dt_rank", f"ceil(hidden_size / 16) = {dt_rank}"),
            ("mamba_conv_bias", "true"),
            ("mamba_proj_bias", "false"),
        ):
            if field not in data:
                defaults.append(f"{field} = {value} (its config class's default)")
        return mixers, RecurrentSpec(
            kind=RecurrentKind.MAMBA,
            heads=fields.integer("mamba_expand") * hidden,
            head_dim=1,
            state=fields.integer("mamba_d_state"),
            conv_kernel=fields.integer("mamba_d_conv"),
            dt_rank=dt_rank,
            conv_bias=_flag(data, "mamba_conv_bias", True),
            proj_bias=_flag(data, "mamba_proj_bias", False),
        )
    return (), None


# the MLP width by the names the config classes give it, first found wins
# (Llama-4 names its dense layers' width intermediate_size_mlp, its experts' intermediate_size)
_MLP_WIDTH_FIELDS = ("intermediate_size_mlp", "intermediate_size", "ffn_hidden_size", "n_inner")


def _kv_heads(data: Mapping[str, Any], fields: _Fields, heads: int, defaults: list[str]) -> int:
    """The KV heads: ``num_key_value_heads``; Falcon's ``num_kv_heads`` (its new decoder
    architecture) or ``multi_query`` (one shared KV head); else as many as the query heads."""
    if data.get("num_key_value_heads") is not None:
        return fields.integer("num_key_value_heads")
    # Falcon's num_kv_heads counts only in its new decoder architecture (falcon.py:116-121)
    falcon_kv = data.get("num_kv_heads")
    if falcon_kv is not None and data.get("new_decoder_architecture") is True:
        return fields.integer("num_kv_heads")
    if data.get("multi_query") is True:
        return 1
    defaults.append(f"num_key_value_heads = num_attention_heads = {heads}")
    return heads


def _parallel_block(data: Mapping[str, Any], facts: CheckpointFacts, defaults: list[str]) -> bool:
    """Attention and MLP side by side: the class's field where it has one, else its fact."""
    field = facts.parallel_field
    if field is None:
        return facts.parallel_block
    value = data.get(field)
    if isinstance(value, bool):
        return value
    defaults.append(f"{field} = {str(facts.parallel_block).lower()} (its config class's default)")
    return facts.parallel_block


def _flag(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key)
    return value if isinstance(value, bool) else default


def _checkpoint_tensors(
    data: Mapping[str, Any], facts: CheckpointFacts, parallel: bool
) -> CheckpointTensors:
    """What the checkpoint stores beyond the built structure, from the config's fields where
    it has them and the class's facts where it does not. ``use_bias`` (StarCoder2, ERNIE) and
    Falcon's ``bias`` bias every projection; ``attention_bias`` (Llama's family, GPT-OSS,
    GPT-NeoX) q, k, v and (except GLM's) o; ``mlp_bias`` the MLP's."""
    every = _flag(data, "use_bias", False) or _flag(data, "bias", False)
    attention = _flag(data, "attention_bias", facts.attention_bias)
    norms = facts.norms_per_layer
    if parallel and facts.parallel_field == "parallel_attn":
        # Falcon: one input_layernorm, or ln_attn and ln_mlp (num_ln_in_parallel_attn 2, the
        # default of its new decoder architecture): falcon.py:288-304
        two = data.get("new_decoder_architecture") is True
        norms = 2 if data.get("num_ln_in_parallel_attn", 2 if two else 1) == 2 else 1
    return CheckpointTensors(
        tied_embeddings=_flag(data, "tie_word_embeddings", facts.tied_embeddings),
        gated_mlp=facts.gated_mlp,
        norm=facts.norm,
        norms_per_layer=norms,
        qkv_bias=every or attention or _flag(data, "qkv_bias", facts.qkv_bias),
        o_bias=every or (attention and not facts.attention_bias_skips_o) or facts.o_bias,
        mlp_bias=every or _flag(data, "mlp_bias", facts.mlp_bias),
        qk_norm_width=facts.qk_norm_width,
        shared_expert_gate=facts.shared_expert_gate,
        expert_bias=facts.expert_bias,
        attention_sinks=facts.attention_sinks,
        lm_head_bias=_flag(data, "lm_head_bias", facts.lm_head_bias),
        embedding_norm=facts.embedding_norm,
        post_norms=facts.post_norms,
        qk_norm_weight=facts.qk_norm_weight,
    )


def _max_positions(data: Mapping[str, Any]) -> int | None:
    """``max_position_embeddings`` when it is a usable count, else None: only TensorCast's
    accounting reads it (its rotary table), so a strange value must not refuse the config."""
    value = data.get("max_position_embeddings")
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if 1 <= value <= MAX_SYMBOL_VALUE else None


def _divide(a: int, b: int, name: str, field: str) -> int:
    if a % b:
        raise ConfigError(f"{name}: {field} {a} is not divisible by num_attention_heads {b}")
    return a // b


# ERNIE-4.5 names its expert fields moe_num_experts, moe_k and moe_num_shared_experts
_EXPERT_FIELDS = ("n_routed_experts", "num_experts", "num_local_experts", "moe_num_experts")
_SHARED_EXPERT_FIELDS = ("n_shared_experts", "moe_num_shared_experts", "num_shared_experts")


def _moe(
    data: Mapping[str, Any],
    fields: _Fields,
    facts: CheckpointFacts,
    warnings: list[str],
    defaults: list[str],
    dense_width: int,
) -> MoeSpec | None:
    experts = None
    for key in _EXPERT_FIELDS:
        if data.get(key) is not None and data.get(key) != 0:
            experts = fields.integer(key)
            break
    if experts is None:
        zero = [key for key in _EXPERT_FIELDS if data.get(key) == 0 and key in data]
        if zero:
            warnings.append(
                f"field {zero[0]!r} is 0: built a dense model (every layer a dense MLP of "
                "intermediate_size), no MoE"
            )
        return None
    # ERNIE names the top-k moe_k, GPT-OSS experts_per_token (beside num_experts_per_tok)
    top_k = fields.first_int("num_experts_per_tok", "moe_k", "experts_per_token")
    stated = fields.opt_int("experts_per_token")
    if stated is not None and stated != top_k:
        raise ConfigError(
            f"{fields.where}: experts_per_token {stated} disagrees with num_experts_per_tok {top_k}"
        )
    if top_k > experts:
        raise ConfigError(
            f"{fields.where}: num_experts_per_tok {top_k} exceeds the {experts} routed experts"
        )
    # Hy3 names the expert width expert_hidden_dim (hy_v3.py:145)
    intermediate = (
        fields.opt_int("moe_intermediate_size")
        or fields.opt_int("expert_hidden_dim")
        or (fields.opt_int("intermediate_size") if "intermediate_size_mlp" in data else None)
        or dense_width
    )
    # the shared experts' count: DeepSeek's n_shared_experts, ERNIE's moe_num_shared_experts,
    # Hy3's num_shared_experts (one MLP of expert_hidden_dim·count: hy_v3.py:165-172)
    shared = next(
        (
            fields.opt_int(key, minimum=0) or 0
            for key in _SHARED_EXPERT_FIELDS
            if data.get(key) is not None
        ),
        facts.shared_experts,
    )
    # Qwen2-MoE states one shared expert by its width (qwen2_moe.py:157: one Qwen2MoeMLP of
    # shared_expert_intermediate_size when it is positive)
    shared_width = fields.opt_int("shared_expert_intermediate_size", minimum=0) or 0
    if not any(data.get(key) is not None for key in ("moe_intermediate_size", "expert_hidden_dim")):
        defaults.append(f"moe_intermediate_size = intermediate_size = {intermediate}")
    if not any(key in data for key in _LAYER_KIND_FIELDS):
        defaults.append("every decoder layer an MoE layer (no field names dense ones)")
    return MoeSpec(
        experts=experts,
        top_k=top_k,
        intermediate=intermediate,
        shared_experts=shared or (1 if shared_width else 0),
        # Hy3 keeps an expert_bias unless moe_router_enable_expert_bias says otherwise
        router_bias=data.get("topk_method") == "noaux_tc"
        or facts.router_bias
        or data.get("moe_router_enable_expert_bias") is True,
        shared_intermediate=shared_width,
    )


_INDEXER_TYPES = {"full": False, "shared": True}  # word -> the layer reuses the previous top-k
_PATTERN_LETTERS = {"F": "full", "S": "shared"}  # index_topk_pattern, e.g. "FFFSSSF…"


def _shared_indexer_layers(
    data: Mapping[str, Any], fields: _Fields, layers: int, warnings: list[str]
) -> tuple[int, ...]:
    """The layers that reuse the previous full layer's top-k (GLM-5.2's IndexShare), as
    Hugging Face's GlmMoeDsaConfig reads them: ``indexer_types``, else ``index_topk_pattern``,
    else every ``index_topk_freq``-th layer after ``index_skip_topk_offset`` (default 2) is full.
    """
    listed = data.get("indexer_types")
    pattern = data.get("index_topk_pattern")
    field = "indexer_types"
    frequency = fields.opt_int("index_topk_freq", minimum=1) or 1
    offset = fields.opt_int("index_skip_topk_offset", minimum=0)
    offset = 2 if offset is None else offset
    scheduled = tuple(i for i in range(layers) if max(i - offset + 1, 0) % frequency)
    if listed in (None, [], "") and isinstance(pattern, (str, list)) and pattern:
        # a string of letters, or a list of the words (as HF's config takes either)
        words = [_PATTERN_LETTERS.get(c, c) if isinstance(c, str) else c for c in pattern]
        listed, field = words, "index_topk_pattern"
    if listed in (None, [], ""):
        return scheduled
    if not isinstance(listed, list) or len(listed) != layers:
        raise ConfigError(
            f"{fields.where}: field {field!r} must list one type per layer ({layers})"
        )
    shared = []
    for index, item in enumerate(listed):
        if not isinstance(item, str) or item not in _INDEXER_TYPES:
            raise ConfigError(
                f"{fields.where}: unknown {field} entry {_shown(item)} (known: full, shared)"
            )
        if _INDEXER_TYPES[item]:
            shared.append(index)
    if shared and shared[0] == 0:
        raise ConfigError(
            f"{fields.where}: field {field!r}: layer 0 is 'shared' but no earlier layer has an "
            "indexer to share"
        )
    stated = "index_topk_freq" in data or "index_skip_topk_offset" in data
    if stated and tuple(shared) != scheduled:
        layer = min(set(shared) ^ set(scheduled))
        said = ("shared", "full") if layer in scheduled else ("full", "shared")
        warnings.append(
            f"fields 'index_topk_freq' / 'index_skip_topk_offset' disagree with {field!r} at "
            f"layer {layer} ({said[0]} vs {said[1]}): built as {field} says, as Hugging Face "
            "does"
        )
    return tuple(shared)


# the fields that say which layers are MoE (read by _layer_kinds, first found wins)
_LAYER_KIND_FIELDS = (
    "mlp_layer_types",
    "moe_layer_start_index",
    "expert_layer_period",
    "first_k_dense_replace",
    "moe_layer_freq",
    "mlp_only_layers",
    "decoder_sparse_step",
    "interleave_moe_layer_step",
)
_MLP_TYPE_WORDS = {"dense": "dense", "mlp": "dense", "sparse": "moe", "moe": "moe"}


def _layer_kinds(
    data: Mapping[str, Any], fields: _Fields, layers: int, has_moe: bool
) -> tuple[str, ...]:
    if not has_moe:
        return ("dense",) * layers
    listed = data.get("mlp_layer_types")
    if listed is not None:
        if not isinstance(listed, list) or len(listed) != layers:
            raise ConfigError(
                f"{fields.where}: field 'mlp_layer_types' must list one type per layer ({layers})"
            )
        kinds = []
        for item in listed:
            if not isinstance(item, str) or item not in _MLP_TYPE_WORDS:
                raise ConfigError(
                    f"{fields.where}: unknown mlp_layer_types entry {_shown(item)} "
                    f"(known: {', '.join(_MLP_TYPE_WORDS)})"
                )
            kinds.append(_MLP_TYPE_WORDS[item])
        return tuple(kinds)
    if "moe_layer_start_index" in data:  # ERNIE-4.5: MoE from a layer on, every interval-th
        start = fields.opt_int("moe_layer_start_index", minimum=0) or 0
        end = data.get("moe_layer_end_index")
        last = end if isinstance(end, int) and not isinstance(end, bool) and end >= 0 else layers
        interval = fields.opt_int("moe_layer_interval") or 1
        return tuple(
            "moe" if start <= i <= last and (i - start) % interval == 0 else "dense"
            for i in range(layers)
        )
    if "expert_layer_period" in data:  # Jamba: MoE every period-th layer from the offset
        period = fields.opt_int("expert_layer_period") or 1
        offset = fields.opt_int("expert_layer_offset", minimum=0) or 0
        return tuple("moe" if i % period == offset % period else "dense" for i in range(layers))
    if "first_k_dense_replace" in data or "moe_layer_freq" in data:
        first_dense = fields.opt_int("first_k_dense_replace", minimum=0) or 0
        if first_dense > layers:
            raise ConfigError(
                f"{fields.where}: first_k_dense_replace {first_dense} exceeds "
                f"num_hidden_layers {layers}"
            )
        freq = fields.opt_int("moe_layer_freq") or 1
        return tuple(
            "moe" if i >= first_dense and i % freq == 0 else "dense" for i in range(layers)
        )
    listed_dense = data.get("mlp_only_layers") or []
    if not isinstance(listed_dense, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) for i in listed_dense
    ):
        raise ConfigError(f"{fields.where}: field 'mlp_only_layers' must be a list of layers")
    dense_only = set(listed_dense)
    # Qwen's decoder_sparse_step and Llama-4's interleave_moe_layer_step: every step-th layer
    step = fields.opt_int("decoder_sparse_step") or fields.opt_int("interleave_moe_layer_step") or 1
    return tuple(
        "moe" if i not in dense_only and (i + 1) % step == 0 else "dense" for i in range(layers)
    )


def _listed_kinds(value: object, word: str) -> int:
    """How many entries of a per-layer type list name ``word`` (0 when it is no list)."""
    if not isinstance(value, list):
        return 0
    return sum(isinstance(item, str) and word in item for item in value)


def _linear_layers(data: Mapping[str, Any]) -> int:
    return _listed_kinds(data.get("layer_types"), "linear")


def _mamba_layers(data: Mapping[str, Any]) -> int:
    found = _listed_kinds(data.get("layer_types"), "mamba")
    return found or _listed_kinds(data.get("layers_block_type"), "mamba")


# Config fields that give a layer a structure the builder does not draw: (field, does the
# config use it, what it is). A config using one is read (an engine graph checked against it
# keeps its sizes) but never built as a different model: the builder refuses it by name.
UNBUILT_FIELDS: tuple[tuple[str, Callable[[Mapping[str, Any]], bool], str], ...] = (
    (
        "layer_types",
        lambda d: _linear_layers(d) > 0 and not _builds_gated_delta(d),
        "linear-attention layers without the gated delta net's linear_* sizes",
    ),
    (
        "full_attention_interval",
        lambda d: (
            d.get("full_attention_interval") not in (None, 1)
            and _linear_layers(d) == 0
            and "layer_types" not in d
            and not _builds_gated_delta(d)
        ),
        "linear-attention layers without the gated delta net's linear_* sizes",
    ),
    ("layer_types", lambda d: _listed_kinds(d.get("layer_types"), "mamba") > 0, "Mamba layers"),
    ("layers_block_type", lambda d: _mamba_layers(d) > 0, "Mamba layers"),
    (
        "attn_layer_period",
        lambda d: d.get("attn_layer_period") not in (None, 1) and not _builds_jamba(d),
        "Mamba layers without Jamba's mamba_expand",
    ),
    ("hybrid_override_pattern", lambda d: bool(d.get("hybrid_override_pattern")), "Mamba layers"),
    (
        "mamba_d_ssm",
        lambda d: d.get("mamba_d_ssm") is not None and not _builds_falcon_h1(d),
        "a Mamba-2 mixer in each layer without Falcon-H1's mamba_n_heads and mamba_d_head",
    ),
    (
        "apply_residual_connection_post_layernorm",
        lambda d: d.get("apply_residual_connection_post_layernorm") is True,
        "a residual taken after the input norm (Bloom's option)",
    ),
)


# Fields that shape no tensor and no layout, so the builder has nothing to build for them: ids
# and training knobs, numerics (epsilons, activations, soft-caps, scales and multipliers),
# positions (rope and its scaling), the router's arithmetic, the MTP layer count (``memory
# --mtp`` reads it), and the sizes of the layers a refused field asks for. A test holds every
# config in the repository to this: each field is read by ``model_spec``, listed here, or one
# of ``UNBUILT_FIELDS``.
UNSHAPING_FIELDS = frozenset(
    {
        # ids, bookkeeping and training
        "_name_or_path", "auto_map", "bos_token_id", "eos_token_id", "pad_token_id", "dtype",
        "torch_dtype", "transformers_version", "use_cache", "cache_implementation",
        "model_type", "initializer_range", "model_max_length", "output_router_logits",
        "router_aux_loss_coef", "router_jitter_noise", "input_jitter_noise",
        "attention_dropout", "embd_pdrop", "embedding_dropout", "resid_pdrop",
        "residual_dropout", "use_mamba_kernels", "pretraining_tp", "moe_capacity", "ep_size",
        # numerics
        "rms_norm_eps", "layer_norm_eps", "layer_norm_epsilon", "norm_epsilon", "hidden_act",
        "hidden_activation", "activation_function", "swiglu_limit", "clip_qkv",
        "attn_logit_softcapping", "final_logit_softcapping", "query_pre_attn_scalar",
        "logit_scale", "logits_scaling", "attn_scale", "attn_temperature_tuning",
        "floor_scale", "attention_multiplier", "attention_in_multiplier",
        "attention_out_multiplier", "embedding_multiplier", "key_multiplier",
        "lm_head_multiplier", "residual_multiplier", "mlp_multipliers", "ssm_in_multiplier",
        "ssm_out_multiplier", "ssm_multipliers", "scale_emb", "scale_depth", "dim_model_base",
        # positions
        "rope_theta", "rope_scaling", "rope_parameters", "rope_interleave",
        "indexer_rope_interleave", "rope_local_base_freq", "rotary_dim", "rotary_pct",
        "rotary_emb_base", "partial_rotary_factor", "n_positions",
        "original_max_position_embeddings", "initial_context_length", "no_rope_layers",
        "max_window_layers", "qk_head_dim",
        # the router's arithmetic (which experts, not how many or how wide)
        "n_group", "topk_group", "norm_topk_prob", "routed_scaling_factor", "scoring_func",
        "moe_gate", "moe_use_aux_free",
        # read elsewhere: the MTP layers (memory --mtp); sliding windows (ignored_fields)
        "num_nextn_predict_layers", "sliding_window",
        # the sizes of the recurrent layers (read by _hybrid where the builder draws them)
        "attn_layer_offset", "mamba_chunk_size", "mamba_conv_bias", "mamba_d_conv",
        "mamba_d_head", "mamba_d_state", "mamba_dt_rank", "mamba_expand", "mamba_n_groups",
        "mamba_n_heads", "mamba_norm_before_gate", "mamba_proj_bias", "mamba_rms_norm",
        "projectors_bias", "linear_conv_kernel_dim", "linear_key_head_dim",
        "linear_num_key_heads", "linear_num_value_heads", "linear_value_head_dim",
    }
)  # fmt: skip


def unbuilt_fields(data: Mapping[str, Any], where: str) -> list[str]:
    """One refusal per field in ``UNBUILT_FIELDS`` the config uses, each naming the field."""
    return [
        f"{where}: field {field!r} gives the model {what}, which layoutcheck does not build "
        "yet (it will not build them as full-attention layers)"
        for field, used, what in UNBUILT_FIELDS
        if used(data)
    ]


def ignored_fields(config: Mapping[str, Any], data: Mapping[str, Any]) -> list[str]:
    """One message per config field that describes something the built graph does not model
    (so a config is never silently checked as a different model)."""
    found: list[str] = []
    layer_types = data.get("layer_types")
    if isinstance(layer_types, list):
        sliding = sum(isinstance(t, str) and "sliding" in t for t in layer_types)
        if sliding:
            found.append(
                f"field 'layer_types' is ignored: its {sliding} sliding-window layer(s) were "
                "built with full attention (sliding-window attention is not modelled)"
            )
    elif data.get("use_sliding_window") is True:
        found.append(
            f"field 'use_sliding_window' is ignored: every layer was built with full attention "
            f"(sliding_window {_shown(data.get('sliding_window'))} is not modelled)"
        )
    elif data.get("sliding_window") not in (None, False, 0) and "use_sliding_window" not in data:
        found.append(
            f"field 'sliding_window' ({_shown(data['sliding_window'])}) is ignored: every layer "
            "was built with full attention"
        )
    if data.get("sliding_window_pattern") is not None:
        found.append(
            "field 'sliding_window_pattern' is ignored: every layer was built with full attention"
        )
    if data.get("attention_chunk_size") not in (None, 0):
        found.append(
            f"field 'attention_chunk_size' ({_shown(data['attention_chunk_size'])}) is ignored: "
            "every layer was built with full attention (chunked attention is not modelled)"
        )
    quantization = data.get("quantization_config", config.get("quantization_config"))
    if isinstance(quantization, Mapping):
        method = quantization.get("quant_method")
        named = f" (quant_method {_shown(method)})" if isinstance(method, str) else ""
        found.append(
            f"field 'quantization_config'{named} is ignored: the checkpoint's own quantization "
            "is not read; weights are costed as --quant or --quant-description say (bf16 "
            "by default)"
        )
    if not has_dsa_structure(data):
        # shared-indexer layers are modelled on DSA models; elsewhere there is no indexer
        for key in ("indexer_types", "index_topk_freq", "index_topk_pattern"):
            if data.get(key) not in (None, [], "", 1):
                found.append(
                    f"field {key!r} is ignored: the config has no DSA indexer (index_topk), so "
                    "no layer has one to share"
                )
    return found
