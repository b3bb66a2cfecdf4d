"""Reading a Hugging Face ``config.json`` into a :class:`ModelSpec`, naming every missing field.

Structure is detected from fields, never from ``model_type``: MLA from ``kv_lora_rank``, DSA
from ``index_topk`` (or ``topk_limit`` with ``index_n_heads``), MoE from the expert counts. The
two facts a config does not state (Qwen3's q/k norms, DeepSeek-V3's MTP copies of the embedding
and head) come from its ``architectures`` class, in one table (``CHECKPOINT_FACTS``).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
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


# Keyed by the checkpoint class a config names in ``architectures``; any other class has none.
CHECKPOINT_FACTS: Mapping[str, CheckpointFacts] = {
    # Qwen3 adds a per-head q_norm/k_norm to Qwen2's attention; no config field says so
    "Qwen3ForCausalLM": CheckpointFacts(qk_norm=True),
    "Qwen3MoeForCausalLM": CheckpointFacts(qk_norm=True),
    # DeepSeek-V3's MTP layer ships model.layers.61.embed_tokens and .shared_head.head as
    # copies of the main ones (its 685B = 671B + 14B MTP); V3.2 keeps that layout. GLM-5's MTP
    # layer has neither and shares the main model's.
    "DeepseekV3ForCausalLM": CheckpointFacts(mtp_embedding_copies=True),
    "DeepseekV32ForCausalLM": CheckpointFacts(mtp_embedding_copies=True),
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
    # commandr.py: one input_layernorm feeds attention and the MLP side by side
    "CohereForCausalLM": CheckpointFacts(tied_embeddings=True, norms_per_layer=1),
    # gpt_oss.py:130 sinks [heads] per layer; :386-400 the router's and the experts' biases
    "GptOssForCausalLM": CheckpointFacts(attention_sinks=True, expert_bias=True),
    # glm4_moe.py and ernie45_moe.py: the gate's e_score_correction_bias always exists
    "Glm4MoeForCausalLM": CheckpointFacts(router_bias=True),
    # multi-head attention: gpt_j.py:71-78, bloom.py:103-110, gpt_neox.py:76-83, gpt2.py:79-86,
    # opt.py:90-97, phi.py:94-101 build QKVParallelLinear(hidden, head_size, total_num_heads)
    "GPTJForCausalLM": CheckpointFacts(multi_head=True),
    "BloomForCausalLM": CheckpointFacts(multi_head=True),
    "GPTNeoXForCausalLM": CheckpointFacts(multi_head=True),
    "GPT2LMHeadModel": CheckpointFacts(multi_head=True),
    "OPTForCausalLM": CheckpointFacts(multi_head=True),
    "PhiForCausalLM": CheckpointFacts(multi_head=True),
    "Ernie4_5_MoeForCausalLM": CheckpointFacts(router_bias=True),
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
    fields = _Fields(data, where or name)
    hidden = fields.integer("hidden_size")
    # EXAONE's config names the layer count num_layers (its attribute_map reads it as
    # num_hidden_layers)
    layers = fields.first_int("num_hidden_layers", "num_layers", maximum=MAX_LAYERS)
    vocab = fields.integer("vocab_size")
    heads = fields.integer("num_attention_heads")
    facts = checkpoint_facts(config)
    defaults: list[str] = []
    warnings: list[str] = []
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
        stated = fields.opt_int("num_key_value_heads")
        kv_heads = heads if facts.multi_head else stated or heads
        if stated is None:
            defaults.append(f"num_key_value_heads = num_attention_heads = {heads}")
        elif stated != kv_heads:
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
        qk_norm = data.get("use_qk_norm")  # GLM-4.5 style: the field, when given, decides
        attention = GqaSpec(
            kv_heads=kv_heads,
            head_dim=head_dim,
            qk_norm=qk_norm if isinstance(qk_norm, bool) else facts.qk_norm,
        )
    dsa = None
    if has_dsa_structure(data):
        dsa = DsaSpec(
            index_n_heads=fields.integer("index_n_heads"),
            index_head_dim=fields.integer("index_head_dim"),
            index_topk=fields.first_int("index_topk", "topk_limit"),
            shared_layers=_shared_indexer_layers(data, fields, layers, warnings),
        )
    moe = _moe(data, fields, facts, warnings)
    intermediate = fields.opt_int("intermediate_size") or 4 * hidden
    if data.get("intermediate_size") is None:
        # Hugging Face's LlamaConfig (and the classes copied from it) default to 11008
        defaults.append(
            f"intermediate_size = 4·hidden_size = {4 * hidden} (Hugging Face's LlamaConfig "
            "default is 11008)"
        )
    if "tie_word_embeddings" not in data:
        tied = facts.tied_embeddings
        defaults.append(
            f"tie_word_embeddings = {str(tied).lower()} (its checkpoint class's default; "
            "Hugging Face's PretrainedConfig default is true)"
        )
    warnings.extend(ignored_fields(config, data))
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
        tensors=_checkpoint_tensors(data, fields, facts),
        defaults=tuple(defaults),
    )


def _flag(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key)
    return value if isinstance(value, bool) else default


def _checkpoint_tensors(
    data: Mapping[str, Any], fields: _Fields, facts: CheckpointFacts
) -> CheckpointTensors:
    """What the checkpoint stores beyond the built structure, from the config's fields where
    it has them and the class's facts where it does not. ``use_bias`` (StarCoder2, ERNIE)
    biases every projection; ``attention_bias`` (Llama's family, GPT-OSS) q, k, v and o;
    ``mlp_bias`` the MLP's."""
    every = _flag(data, "use_bias", False)
    attention = _flag(data, "attention_bias", False) or every
    return CheckpointTensors(
        tied_embeddings=_flag(data, "tie_word_embeddings", facts.tied_embeddings),
        gated_mlp=facts.gated_mlp,
        norm=facts.norm,
        norms_per_layer=facts.norms_per_layer,
        qkv_bias=attention or _flag(data, "qkv_bias", facts.qkv_bias),
        o_bias=attention,
        mlp_bias=_flag(data, "mlp_bias", False) or every,
        qk_norm_width=facts.qk_norm_width,
        shared_expert_gate=facts.shared_expert_gate,
        expert_bias=facts.expert_bias,
        attention_sinks=facts.attention_sinks,
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


def _moe(
    data: Mapping[str, Any], fields: _Fields, facts: CheckpointFacts, warnings: list[str]
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
    top_k = fields.first_int("num_experts_per_tok", "moe_k")
    if top_k > experts:
        raise ConfigError(
            f"{fields.where}: num_experts_per_tok {top_k} exceeds the {experts} routed experts"
        )
    intermediate = fields.opt_int("moe_intermediate_size") or fields.integer("intermediate_size")
    shared = (
        fields.opt_int("n_shared_experts", minimum=0)
        or fields.opt_int("moe_num_shared_experts", minimum=0)
        or 0
    )
    # Qwen2-MoE states one shared expert by its width (qwen2_moe.py:157: one Qwen2MoeMLP of
    # shared_expert_intermediate_size when it is positive)
    shared_width = fields.opt_int("shared_expert_intermediate_size", minimum=0) or 0
    return MoeSpec(
        experts=experts,
        top_k=top_k,
        intermediate=intermediate,
        shared_experts=shared or (1 if shared_width else 0),
        router_bias=data.get("topk_method") == "noaux_tc" or facts.router_bias,
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
    step = fields.opt_int("decoder_sparse_step") or 1
    return tuple(
        "moe" if i not in dense_only and (i + 1) % step == 0 else "dense" for i in range(layers)
    )


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
