"""Static weight memory per rank: every tensor a rank holds, from the same typed graph the
checker uses, under a quantization description, in checkpoint or engine accounting.

Each op that owns weights declares its tensors in ``WEIGHT_RULES`` (HF module path + suffix,
global shape, how the rank holds it). Bytes per rank are sympy expressions of tp, ep and the
model dims. Every byte lands in one category (``CATEGORIES``).
"""

from __future__ import annotations

import enum
import json
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import sympy

from layoutcheck.graph import Graph, GraphError, Op
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import FeatureState
from layoutcheck.models.config import MlaSpec, ModelSpec
from layoutcheck.passes.repetition import layer_multiplicity
from layoutcheck.symbols import Expr, symbol

CATEGORIES = (
    "quantized weights",
    "float weights",
    "quantization auxiliaries",
    "derived weights",
    "replication beyond TP",
    "layout copies",
    "embeddings/head",
)
QUANT_TYPES = ("FLOAT", "W8A8", "W8A8_DYNAMIC", "W4A8_DYNAMIC", "W8A16", "W4A16")


class MemoryError_(GraphError):
    """A quantization description or memory option that cannot be used (exit 2)."""


class Sharding(enum.Enum):
    REPLICATED = "replicated"  # the full tensor on every rank
    TP_DIM0 = "tp-dim0"  # dim 0 split over tp (column-parallel [out, in] weights)
    TP_DIM1 = "tp-dim1"  # dim 1 split over tp (row-parallel)
    EP = "ep"  # experts split over ep (dim 0 counts experts)
    VOCAB = "vocab"  # vocab-parallel rows


@attrs.frozen
class Tensor:
    """One weight tensor (or a stack of expert tensors) as a checkpoint names it."""

    name: str  # e.g. model.layers.5.self_attn.o_proj.weight
    module: str  # the module whose quant type applies, e.g. model.layers.5.self_attn.o_proj
    shape: tuple[Expr, ...]  # global, HF layout [out, in]
    sharding: Sharding
    tp_sharding: Sharding  # how plain TP would hold it (replication beyond TP is the gap)
    quantizable: bool  # a linear weight a quant type may apply to
    role: str = "weight"  # weight, norm, embedding, head


def _elements(shape: Sequence[Expr]) -> Expr:
    result: Expr = sympy.Integer(1)
    for dim in shape:
        result = result * dim
    return result


def _divisor(sharding: Sharding, groups: Mapping[str, Expr]) -> Expr:
    if sharding in (Sharding.TP_DIM0, Sharding.TP_DIM1, Sharding.VOCAB):
        return groups.get("tp", sympy.Integer(1))
    if sharding is Sharding.EP:
        return groups.get("ep", sympy.Integer(1))
    return sympy.Integer(1)


# -- what each op kind owns --------------------------------------------------------------------

WeightRule = Callable[[Op, TypedGraph], list[Tensor]]


def _size(op: Op, key: str) -> Expr:
    value = op.attr(key)
    assert isinstance(value, sympy.Expr)
    return value


_LINEAR_SHARDING = {
    "column": Sharding.TP_DIM0,
    "row": Sharding.TP_DIM1,
    "replicated": Sharding.REPLICATED,
}
# How the engines shard each projection under plain TP (to measure replication beyond TP).
_TP_DEFAULT = {
    "q_b_proj": Sharding.TP_DIM0,
    "q_proj": Sharding.TP_DIM0,
    "kv_b_proj": Sharding.TP_DIM0,
    "o_proj": Sharding.TP_DIM1,
    "gate_up_proj": Sharding.TP_DIM0,
    "down_proj": Sharding.TP_DIM1,
}


def _linear(op: Op, typed: TypedGraph) -> list[Tensor]:
    sharding = _LINEAR_SHARDING[str(op.attr("parallel"))]
    leaf = op.name.rsplit(".", 1)[-1]
    tp_sharding = _TP_DEFAULT.get(leaf, sharding)
    n_in, n_out = _size(op, "in_features"), _size(op, "out_features")
    if leaf == "gate_up_proj":  # one merged linear in the graph, two tensors in the checkpoint
        base = op.name.removesuffix(".gate_up_proj")
        return [
            Tensor(
                f"{base}.{part}.weight",
                f"{base}.{part}",
                (n_out / 2, n_in),
                sharding,
                tp_sharding,
                True,
            )
            for part in ("gate_proj", "up_proj")
        ]
    return [Tensor(f"{op.name}.weight", op.name, (n_out, n_in), sharding, tp_sharding, True)]


def _norm(op: Op, typed: TypedGraph) -> list[Tensor]:
    width = typed.inputs_of(op)[0].shape[-1]
    return [
        Tensor(
            f"{op.name}.weight",
            op.name,
            (width,),
            Sharding.REPLICATED,
            Sharding.REPLICATED,
            False,
            "norm",
        )
    ]


def _mla(op: Op, typed: TypedGraph) -> list[Tensor]:
    """kv_b_proj lives inside the attention op: split by heads under TP, full under DSA-CP."""
    prefix = op.name.rsplit(".", 1)[0]
    heads = _size(op, "heads")
    rows = heads * (_size(op, "qk_nope_head_dim") + _size(op, "v_head_dim"))
    q = typed.inputs_of(op)[0]
    sharding = Sharding.TP_DIM0 if q.features is FeatureState.SPLIT else Sharding.REPLICATED
    return [
        Tensor(
            f"{prefix}.kv_b_proj.weight",
            f"{prefix}.kv_b_proj",
            (rows, _size(op, "kv_lora_rank")),
            sharding,
            Sharding.TP_DIM0,
            True,
        )
    ]


def _indexer(op: Op, typed: TypedGraph) -> list[Tensor]:
    prefix = op.name  # model.layers.i.self_attn.indexer
    q_c, x = typed.inputs_of(op)
    heads, dim = _size(op, "index_n_heads"), _size(op, "index_head_dim")
    hidden = _size(op, "hidden") if op.attr("hidden") is not None else x.shape[-1]
    tensors = [
        Tensor(
            f"{prefix}.wq_b.weight",
            f"{prefix}.wq_b",
            (heads * dim, q_c.shape[-1]),
            Sharding.REPLICATED,
            Sharding.REPLICATED,
            True,
        ),
        Tensor(
            f"{prefix}.weights_proj.weight",
            f"{prefix}.weights_proj",
            (heads, hidden),
            Sharding.REPLICATED,
            Sharding.REPLICATED,
            True,
        ),
        Tensor(
            f"{prefix}.k_norm.weight",
            f"{prefix}.k_norm",
            (dim,),
            Sharding.REPLICATED,
            Sharding.REPLICATED,
            False,
            "norm",
        ),
    ]
    if op.attr("hidden") is not None and x.shape[-1] != dim:  # x is the hidden state: wk inside
        tensors.append(
            Tensor(
                f"{prefix}.wk.weight",
                f"{prefix}.wk",
                (dim, hidden),
                Sharding.REPLICATED,
                Sharding.REPLICATED,
                True,
            )
        )
    return tensors


def _gate(op: Op, typed: TypedGraph) -> list[Tensor]:
    experts = _size(op, "experts")
    hidden = typed.inputs_of(op)[0].shape[-1]
    return [
        Tensor(
            f"{op.name}.weight",
            op.name,
            (experts, hidden),
            Sharding.REPLICATED,
            Sharding.REPLICATED,
            True,
        )
    ]


def _experts(op: Op, typed: TypedGraph) -> list[Tensor]:
    experts, inter = _size(op, "experts"), _size(op, "intermediate")
    hidden = typed.inputs_of(op)[0].shape[-1]
    shapes = {
        "gate_proj": (inter, hidden),
        "up_proj": (inter, hidden),
        "down_proj": (hidden, inter),
    }
    return [
        Tensor(
            f"{op.name}.*.{part}.weight",
            f"{op.name}.*.{part}",
            (experts, *shape),
            Sharding.EP,
            Sharding.EP,
            True,
        )
        for part, shape in shapes.items()
    ]


def _embedding(op: Op, typed: TypedGraph) -> list[Tensor]:
    sharding = Sharding.VOCAB if op.attr("parallel", "vocab") == "vocab" else Sharding.REPLICATED
    return [
        Tensor(
            f"{op.name}.weight",
            op.name,
            (_size(op, "vocab"), _size(op, "hidden")),
            sharding,
            Sharding.VOCAB,
            False,
            "embedding",
        )
    ]


def _lm_head(op: Op, typed: TypedGraph) -> list[Tensor]:
    return [
        Tensor(
            f"{op.name}.weight",
            op.name,
            (_size(op, "vocab"), _size(op, "hidden")),
            Sharding.VOCAB,
            Sharding.VOCAB,
            False,
            "head",
        )
    ]


WEIGHT_RULES: Mapping[str, WeightRule] = {
    "linear": _linear,
    "rms_norm": _norm,
    "add_rms_norm": _norm,
    "mla_attention": _mla,
    "sparse_attention": _mla,
    "dsa_indexer": _indexer,
    "moe_gate": _gate,
    "moe_experts": _experts,
    "embedding": _embedding,
    "lm_head": _lm_head,
}


def inventory(graph: Graph, typed: TypedGraph | None = None) -> list[tuple[Tensor, int]]:
    """Every weight tensor of the graph, with how many layers it stands for."""
    typed = typed or interpret(graph)
    errors = [d for d in typed.diagnostics if d.is_error]
    if errors:
        first = errors[0]
        raise MemoryError_(
            f"the graph has type errors (first: {first.op}: {first.message} [{first.rule}]); "
            "run layoutcheck check"
        )
    multiplicity = layer_multiplicity(graph)
    found: list[tuple[Tensor, int]] = []
    for op in graph.ops:
        rule = WEIGHT_RULES.get(op.kind)
        if rule is None:
            continue
        count = multiplicity.get(op.layer, 1) if op.layer is not None else 1
        found.extend((tensor, count) for tensor in rule(op, typed))
    return found


# -- quantization ------------------------------------------------------------------------------

# Modules a W8A8 recipe leaves FLOAT for DeepSeek-V3.2 / GLM-5-style models (engine-notes.md).
FLOAT_MODULES = (
    ".kv_b_proj",
    ".indexer.wk",
    ".indexer.weights_proj",
    ".mlp.gate",
    "embed_tokens",
    "lm_head",
)
DEFAULT_QUANT = "FLOAT"  # a module the description does not list stays FLOAT (with a warning)


def _recipe_type(module: str, recipe: str) -> str:
    if recipe == "bf16" or module.endswith(FLOAT_MODULES) or "embed_tokens" in module:
        return "FLOAT"
    if recipe == "w8a8_dynamic":
        return "W8A8_DYNAMIC"
    # the W8A8 recipe: static W8A8 attention projections, dynamic MLP and experts
    return "W8A8" if ".self_attn." in module else "W8A8_DYNAMIC"


@attrs.frozen
class QuantDescription:
    """Module → quant type, and the header keys of ``quant_model_description.json``."""

    types: Mapping[str, str]
    header: Mapping[str, str]
    source: str
    warnings: tuple[str, ...] = ()

    def type_of(self, tensor: Tensor) -> str:
        if not tensor.quantizable:
            return "FLOAT"
        key = f"{tensor.module}.weight"
        if key in self.types:
            return self.types[key]
        if "*" in tensor.module:  # experts: the file lists each one; take expert 0's type
            first = tensor.module.replace("*", "0") + ".weight"
            if first in self.types:
                return self.types[first]
        return DEFAULT_QUANT


def recipe(graph: Graph, name: str) -> QuantDescription:
    if name not in ("w8a8", "w8a8_dynamic", "bf16"):
        raise MemoryError_(f"--quant {name!r}: use w8a8, w8a8_dynamic or bf16")
    types = {
        f"{module}.weight": _recipe_type(module, name)
        for tensor, count in inventory(graph)
        if tensor.quantizable
        for module in _every_layer(tensor.module, count)
    }
    header = {"model_quant_type": "FLOAT" if name == "bf16" else name.upper(), "version": "1.0"}
    return QuantDescription(types, header, f"--quant {name}")


def description_data(description: QuantDescription) -> dict[str, str]:
    """The file form: header keys, then ``<module>.weight`` → type and the aux tensors each
    quantized type adds."""
    data: dict[str, str] = dict(description.header)
    for key, quant in sorted(description.types.items()):
        data[key] = quant
        module = key.removesuffix(".weight")
        for aux, _ in _AUX.get(quant, ()):
            data[f"{module}.{aux}"] = quant
    return data


def load_description(path: str | Path, graph: Graph) -> QuantDescription:
    """Read msModelSlim's ``quant_model_description.json`` (a path or the folder holding it)."""
    file = Path(path)
    if file.is_dir():
        file = file / "quant_model_description.json"
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        raise MemoryError_(f"cannot read {file}: {error.strerror or error}") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise MemoryError_(f"{file}: not a JSON description ({error})") from None
    if not isinstance(data, dict):
        raise MemoryError_(f"{file}: a description maps tensor names to quant types")
    header_keys = (
        "model_quant_type",
        "version",
        "fa_quant_type",
        "indexer_quant_type",
        "kv_cache_type",
    )
    header = {k: str(data[k]) for k in header_keys if k in data}
    tensors = inventory(graph)
    # every module of every layer a region stands for, quantizable or not (real files list the
    # embeddings, norms and lm_head as FLOAT too)
    known = {
        f"{module}.weight"
        for tensor, count in tensors
        for module in _every_layer(tensor.module, count)
    }
    modules = {
        f"{module}.weight"
        for tensor, count in tensors
        if tensor.quantizable
        for module in _every_layer(tensor.module, count)
    }
    layers = sum(layer_multiplicity(graph).values())
    types: dict[str, str] = {}
    skipped: list[str] = []
    for key, value in data.items():
        if key in header_keys:
            continue
        if not isinstance(value, str) or value not in QUANT_TYPES:
            raise MemoryError_(
                f"{file}: {key!r} has unknown quant type {value!r} "
                f"(known: {', '.join(QUANT_TYPES)})"
            )
        if not key.endswith(".weight"):
            continue  # aux tensors (scales, offsets) follow their weight's type
        layer = _layer(key)
        if layer is not None and layer == layers:
            skipped.append(key)  # the MTP layer right after the decoder: not in the graph
            continue
        if key not in known and _collapse_expert(key) not in known:
            raise MemoryError_(f"{file}: {key!r} names a module the graph does not have")
        types[key] = value
    missing = sorted(m for m in modules if m not in types and not _listed_expert(m, types))
    warnings: list[str] = []
    if missing:
        warnings.append(
            f"{len(missing)} module(s) not in {file.name} default to {DEFAULT_QUANT}, "
            f"e.g. {missing[0]}"
        )
    if skipped:
        warnings.append(f"{len(skipped)} tensor(s) past the decoder layers (MTP) are not counted")
    return QuantDescription(types, header, str(file), tuple(warnings))


def _every_layer(module: str, count: int) -> list[str]:
    """A representative layer's module name for each layer its region stands for."""
    layer = _layer(module)
    if layer is None or count == 1:
        return [module]
    prefix = f"model.layers.{layer}."
    return [f"model.layers.{layer + k}." + module[len(prefix) :] for k in range(count)]


def _collapse_expert(key: str) -> str:
    """``…mlp.experts.17.gate_proj.weight`` → ``…mlp.experts.*.gate_proj.weight``."""
    parts = key.split(".")
    for i, part in enumerate(parts[:-1]):
        if part.isdigit() and i > 0 and parts[i - 1] == "experts":
            parts[i] = "*"
    return ".".join(parts)


def _listed_expert(module_key: str, types: Mapping[str, str]) -> bool:
    return "*" in module_key and module_key.replace("*", "0") in types


# -- bytes -------------------------------------------------------------------------------------

# Per quant type, the extra checkpoint tensors beside the weight: (suffix, shape rule) where the
# shape rule maps the weight's [out, in] to the aux tensor's element count and dtype bytes.
_AUX: Mapping[str, tuple[tuple[str, Callable[[Expr, Expr], tuple[Expr, int]]], ...]] = {
    "W8A8": (
        ("input_scale", lambda out, inp: (sympy.Integer(1), 2)),
        ("input_offset", lambda out, inp: (sympy.Integer(1), 2)),
        ("quant_bias", lambda out, inp: (out, 4)),
        ("deq_scale", lambda out, inp: (out, 4)),
    ),
    "W8A8_DYNAMIC": (
        ("weight_scale", lambda out, inp: (out, 4)),
        ("weight_offset", lambda out, inp: (out, 4)),
    ),
    "W4A8_DYNAMIC": (
        ("weight_scale", lambda out, inp: (out, 4)),
        ("weight_offset", lambda out, inp: (out, 4)),
    ),
    "W8A16": (
        ("weight_scale", lambda out, inp: (out, 4)),
        ("weight_offset", lambda out, inp: (out, 4)),
    ),
    "W4A16": (
        ("weight_scale", lambda out, inp: (out, 4)),
        ("weight_offset", lambda out, inp: (out, 4)),
    ),
}
_WEIGHT_BYTES: Mapping[str, Expr] = {
    "FLOAT": sympy.Integer(2),
    "W8A8": sympy.Integer(1),
    "W8A8_DYNAMIC": sympy.Integer(1),
    "W8A16": sympy.Integer(1),
    "W4A8_DYNAMIC": sympy.Rational(1, 2),
    "W4A16": sympy.Rational(1, 2),
}


@attrs.frozen
class Item:
    """Bytes one rank holds for one tensor (times the layers it stands for), in one category."""

    name: str
    module: str
    category: str
    bytes: Expr
    layer: int | None


@attrs.frozen
class LayerSharding:
    """vLLM-Ascend layer sharding: listed full-weight projections of every layer spread over K
    ranks, each rank holding its own layers plus ``prefetch + 1`` resident windows."""

    projections: tuple[str, ...]
    group: int
    prefetch: int = 1


def account(
    graph: Graph,
    description: QuantDescription,
    *,
    accounting: str = "engine",
    layer_sharding: LayerSharding | None = None,
    oproj_pool: bool = False,
    typed: TypedGraph | None = None,
) -> list[Item]:
    """Every byte a rank holds, itemized. ``checkpoint``: the checkpoint tensors after sharding;
    ``engine``: what vLLM-Ascend materializes (aux tensors, derived W_UK_T / W_UV, …)."""
    if accounting not in ("checkpoint", "engine"):
        raise MemoryError_(f"--accounting {accounting!r}: use checkpoint or engine")
    groups = dict(graph.groups)
    layers = sum(layer_multiplicity(graph).values()) or 1
    items: list[Item] = []
    pool: Expr = sympy.Integer(0)  # o_proj-TP mode: one layer's full o_proj, kept for all
    for tensor, count in inventory(graph, typed):
        layer = _layer(tensor.module)
        quant = description.type_of(tensor)
        out, inp = tensor.shape[-2] if len(tensor.shape) > 1 else tensor.shape[0], tensor.shape[-1]
        stack = tensor.shape[0] if len(tensor.shape) == 3 else sympy.Integer(1)
        full = _elements(tensor.shape)
        held = full / _divisor(tensor.sharding, groups)
        tp_share = full / _divisor(tensor.tp_sharding, groups)
        base_category = _base_category(tensor, quant)
        derived = accounting == "engine" and tensor.module.endswith(".kv_b_proj")
        if derived:
            # the engine turns kv_b_proj into W_UK_T and W_UV (bf16, same elements) and frees it
            items.append(
                Item(
                    f"{tensor.module} → W_UK_T, W_UV",
                    tensor.module,
                    "derived weights",
                    count * held * 2,
                    layer,
                )
            )
            continue
        weight_bytes = _WEIGHT_BYTES[quant]
        if oproj_pool and accounting == "engine" and tensor.module.endswith(".self_attn.o_proj"):
            # o_proj tensor parallelism: every layer holds its TP shard, and one full-weight
            # buffer (a layout copy) is gathered into for the layer being run
            items.append(
                Item(
                    tensor.name,
                    tensor.module,
                    base_category,
                    count * full / _divisor(Sharding.TP_DIM1, groups) * weight_bytes,
                    layer,
                )
            )
            pool = sympy.Max(pool, full * weight_bytes) if pool != 0 else full * weight_bytes
        pooled = (
            oproj_pool and accounting == "engine" and tensor.module.endswith(".self_attn.o_proj")
        )
        windowed = not pooled and (
            layer_sharding is not None
            and accounting == "engine"
            and tensor.sharding is Sharding.REPLICATED
            and tensor.module.rsplit(".", 1)[-1] in layer_sharding.projections
        )
        if windowed:
            assert layer_sharding is not None
            # own layers (1/K of them) plus prefetch + 1 full-weight windows in flight
            share = sympy.Rational(1, layer_sharding.group) + sympy.Rational(
                layer_sharding.prefetch + 1, layers
            )
            items.append(
                Item(
                    tensor.name,
                    tensor.module,
                    base_category,
                    count * full * share * weight_bytes,
                    layer,
                )
            )
        elif not pooled:
            items.append(
                Item(
                    tensor.name,
                    tensor.module,
                    base_category,
                    count * tp_share * weight_bytes,
                    layer,
                )
            )
            if held != tp_share:
                items.append(
                    Item(
                        f"{tensor.name} (replicated)",
                        tensor.module,
                        "replication beyond TP",
                        count * (held - tp_share) * weight_bytes,
                        layer,
                    )
                )
        # per rank: expert stacks hold experts/ep copies; [out]-sized aux tensors split with the
        # weight's rows (column-parallel), [in]-sized ones with its columns (row-parallel)
        copies = stack / _divisor(Sharding.EP, groups) if tensor.sharding is Sharding.EP else stack
        sharded = attrs.evolve(tensor, sharding=Sharding.TP_DIM1) if pooled else tensor
        out_fraction = _row_fraction(sharded, groups)
        for suffix, rule in _AUX.get(quant, ()):
            elements, width = rule(out, inp)
            fraction = sympy.Integer(1) if elements == 1 else out_fraction
            items.append(
                Item(
                    f"{tensor.module}.{suffix}",
                    tensor.module,
                    "quantization auxiliaries",
                    count * copies * elements * width * fraction,
                    layer,
                )
            )
        if accounting == "engine" and quant == "W8A8":
            # aclnn wants per-input-channel scale and offset: two bf16 [in] tensors per linear
            items.append(
                Item(
                    f"{tensor.module}.aclnn_scale_offset",
                    tensor.module,
                    "quantization auxiliaries",
                    count * copies * 2 * inp * 2 * _column_fraction(sharded, groups),
                    layer,
                )
            )
    if pool != 0:
        items.append(Item("o_proj full-weight pool", "o_proj pool", "layout copies", pool, None))
    return items


def _row_fraction(tensor: Tensor, groups: Mapping[str, Expr]) -> Expr:
    """The share of a weight's output rows a rank holds."""
    if tensor.sharding in (Sharding.TP_DIM0, Sharding.VOCAB):
        return 1 / groups.get("tp", sympy.Integer(1))
    return sympy.Integer(1)


def _column_fraction(tensor: Tensor, groups: Mapping[str, Expr]) -> Expr:
    """The share of a weight's input columns a rank holds."""
    if tensor.sharding is Sharding.TP_DIM1:
        return 1 / groups.get("tp", sympy.Integer(1))
    return sympy.Integer(1)


def _base_category(tensor: Tensor, quant: str) -> str:
    if tensor.role in ("embedding", "head"):
        return "embeddings/head"
    return "float weights" if quant == "FLOAT" else "quantized weights"


def _layer(module: str) -> int | None:
    from layoutcheck.graph import layer_of

    return layer_of(module)


# -- caches and parameters ---------------------------------------------------------------------


def kv_bytes_per_token(
    spec: ModelSpec, tp: int, kv_cache_type: str | None = None
) -> dict[str, int]:
    """KV-cache bytes per token per layer on one rank: the MLA latent + rope (bf16, or int8
    with C8) and, with DSA, the indexer key (fp8) and its fp32 scale."""
    element = 1 if kv_cache_type == "C8" else 2
    if isinstance(spec.attention, MlaSpec):
        kv = (spec.attention.kv_lora_rank + spec.attention.qk_rope_head_dim) * element
    else:
        heads = -(-spec.attention.kv_heads // tp)
        kv = 2 * heads * spec.attention.head_dim * element
    indexer = spec.dsa.index_head_dim + 4 if spec.dsa is not None else 0
    return {"kv": kv, "indexer": indexer, "total": kv + indexer}


def parameters(spec: ModelSpec, mtp_layers: int = 0) -> dict[str, int]:
    """Total and activated parameters from the config (MTP layers only when asked)."""
    hidden = spec.hidden
    if isinstance(spec.attention, MlaSpec):
        a = spec.attention
        q = (
            (
                hidden * a.q_lora_rank
                + a.q_lora_rank
                + a.q_lora_rank * spec.heads * (a.qk_nope_head_dim + a.qk_rope_head_dim)
            )
            if a.q_lora_rank
            else (hidden * spec.heads * (a.qk_nope_head_dim + a.qk_rope_head_dim))
        )
        attention = (
            q
            + hidden * (a.kv_lora_rank + a.qk_rope_head_dim)
            + a.kv_lora_rank
            + a.kv_lora_rank * spec.heads * (a.qk_nope_head_dim + a.v_head_dim)
            + spec.heads * a.v_head_dim * hidden
        )
    else:
        g = spec.attention
        attention = hidden * spec.heads * g.head_dim * 2 + hidden * g.kv_heads * g.head_dim * 2
    if spec.dsa is not None:
        d = spec.dsa
        q_dim = (
            spec.attention.q_lora_rank
            if isinstance(spec.attention, MlaSpec) and spec.attention.q_lora_rank
            else hidden
        )
        attention += q_dim * d.index_n_heads * d.index_head_dim + hidden * d.index_head_dim
        attention += hidden * d.index_n_heads + 2 * d.index_head_dim
    total = active = 2 * spec.vocab * hidden + hidden  # embeddings, lm_head, final norm
    kinds = list(spec.layer_kinds) + ["moe" if spec.moe else "dense"] * mtp_layers
    for index, kind in enumerate(kinds):
        layer = attention + 2 * hidden
        if index >= len(spec.layer_kinds):
            layer += 2 * hidden * hidden + 2 * hidden  # MTP: eh_proj, enorm, hnorm
        if kind == "moe" and spec.moe is not None:
            m = spec.moe
            expert = 3 * hidden * m.intermediate
            router = m.experts * hidden + m.experts
            total += layer + m.experts * expert + m.shared_experts * expert + router
            active += layer + (m.top_k + m.shared_experts) * expert + router
        else:
            mlp = 3 * hidden * spec.intermediate
            total += layer + mlp
            active += layer + mlp
    return {"total": total, "active": active}


def by(items: Iterable[Item], key: str) -> dict[str, Expr]:
    totals: dict[str, Expr] = defaultdict(lambda: sympy.Integer(0))
    for item in items:
        label = {
            "category": item.category,
            "module": _module_group(item.module),
            "layer": "other" if item.layer is None else str(item.layer),
        }[key]
        totals[label] = totals[label] + item.bytes
    return dict(totals)


def _module_group(module: str) -> str:
    """Per-layer modules folded over layers: model.layers.*.self_attn.o_proj."""
    parts = module.split(".")
    if len(parts) > 2 and parts[1] == "layers" and parts[2].isdigit():
        parts[2] = "*"
    return ".".join(parts)


def numeric(expr: Expr, values: Mapping[str, int]) -> float:
    result = sympy.sympify(expr).xreplace({symbol(k): sympy.Integer(v) for k, v in values.items()})
    return float(result)


def summary(
    graph: Graph,
    spec: ModelSpec,
    items: Sequence[Item],
    *,
    hbm_bytes: float | None,
    mtp_layers: int = 0,
    kv_cache_type: str | None = None,
) -> dict[str, Any]:
    values = {name: value for name, value in graph.symbols if value is not None}
    total = sum(numeric(i.bytes, values) for i in items)
    tp = values.get("tp", 1)
    kv = kv_bytes_per_token(spec, tp, kv_cache_type)
    layers = len(spec.layer_kinds)
    per_token = kv["total"] * layers
    fits = (
        max(0, int((hbm_bytes - total) // per_token))
        if hbm_bytes is not None and per_token
        else None
    )
    return {
        "total_bytes": total,
        "total_gb": total / 1e9,
        "by_category": {
            c: numeric(v, values)
            for c, v in sorted(
                by(items, "category").items(), key=lambda kv_: CATEGORIES.index(kv_[0])
            )
        },
        "by_module": dict(
            sorted(
                ((m, numeric(v, values)) for m, v in by(items, "module").items()),
                key=lambda kv_: -kv_[1],
            )
        ),
        "parameters": parameters(spec, mtp_layers),
        "kv_cache": {
            "bytes_per_token_per_layer": kv,
            "bytes_per_token": per_token,
            "tokens_that_fit": fits,
        },
    }


def render_memory(
    graph: Graph,
    description: QuantDescription,
    accounting: str,
    device: str,
    data: Mapping[str, Any],
    items: Sequence[Item],
    by_key: str,
) -> str:
    """The text table of ``layoutcheck memory``."""
    lines = [
        f"{graph.name}: static weights per rank, {accounting} accounting, {description.source}: "
        f"{data['total_gb']:.3f} GB"
    ]
    values = {name: value for name, value in graph.symbols if value is not None}
    if by_key == "category":
        rows = data["by_category"].items()
    else:
        rows = sorted(
            ((k, numeric(v, values)) for k, v in by(items, by_key).items()), key=lambda kv: -kv[1]
        )
    for label, amount in rows:
        lines.append(f"  {label:<52} {amount / 1e9:10.3f} GB")
    params = data["parameters"]
    kv = data["kv_cache"]
    lines.append(
        f"parameters: {params['total'] / 1e9:.1f}B total, {params['active'] / 1e9:.1f}B active"
    )
    fits = kv["tokens_that_fit"]
    lines.append(
        f"KV cache: {kv['bytes_per_token']} bytes per token (all layers); "
        f"{fits if fits is not None else '?'} tokens fit on {device} after the weights"
    )
    return "\n".join(lines)
