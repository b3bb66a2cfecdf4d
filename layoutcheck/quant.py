"""The one quantization table: per quant type, how a weight is stored, which dtype its matmul
runs in and whether activations are quantized on the fly; recipes and msModelSlim description
files that assign a type to every module. Cost and memory both read it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import attrs
import sympy

from layoutcheck.errors import InputError
from layoutcheck.graph import freeze_attrs
from layoutcheck.lattice import Dtype
from layoutcheck.recipe_names import RECIPES
from layoutcheck.roles import Block, Part, Role, layer_from_hf_name
from layoutcheck.symbols import Expr

if TYPE_CHECKING:
    from layoutcheck.interp import TypedGraph
    from layoutcheck.ops.weights import Tensor

# The catalogue's linears read this table (their weight bytes and matmul dtype), so nothing here
# imports the catalogue at module level: ``import layoutcheck.quant`` must work first.

# -- the table ---------------------------------------------------------------------------------

# An aux tensor beside the weight: its suffix, and its element count and bytes per element from
# the weight's [out, in].
AuxRule = Callable[[Expr, Expr], tuple[Expr, int]]


@attrs.frozen
class QuantType:
    """One quantization type, as msModelSlim names it in a description file."""

    name: str
    weight_bytes: Expr  # bytes per weight element
    mma_dtype: str  # the dtype the matmul runs in: the device peak it is priced on
    activation: str | None  # None: float activations; "static": a calibrated scale;
    # "dynamic": a per-token quantize step before every matmul
    aux: tuple[tuple[str, AuxRule], ...] = ()  # checkpoint tensors beside the weight

    @property
    def quantized(self) -> bool:
        return self.name != "FLOAT"


def _per_output(width: int) -> AuxRule:
    return lambda out, inp: (out, width)


def _scalar(width: int) -> AuxRule:
    return lambda out, inp: (sympy.Integer(1), width)


_DYNAMIC_AUX = (("weight_scale", _per_output(4)), ("weight_offset", _per_output(4)))

# msModelSlim checkpoints: a W8A8 static linear holds input_scale/input_offset [1], quant_bias int32
# [out] and deq_scale fp32 [out]; dynamic types a per-channel weight_scale/weight_offset [out, 1].
QUANT_TYPES: Mapping[str, QuantType] = {
    "FLOAT": QuantType("FLOAT", sympy.Integer(2), "bf16", None),
    "W8A8": QuantType(
        "W8A8",
        sympy.Integer(1),
        "int8",
        "static",
        (
            ("input_scale", _scalar(2)),
            ("input_offset", _scalar(2)),
            ("quant_bias", _per_output(4)),
            ("deq_scale", _per_output(4)),
        ),
    ),
    "W8A8_DYNAMIC": QuantType("W8A8_DYNAMIC", sympy.Integer(1), "int8", "dynamic", _DYNAMIC_AUX),
    "W4A8_DYNAMIC": QuantType(
        "W4A8_DYNAMIC", sympy.Rational(1, 2), "int8", "dynamic", _DYNAMIC_AUX
    ),
    "W8A16": QuantType("W8A16", sympy.Integer(1), "bf16", None, _DYNAMIC_AUX),
    "W4A16": QuantType("W4A16", sympy.Rational(1, 2), "bf16", None, _DYNAMIC_AUX),
}

# The words an op's ``quant`` attr takes, and the type each stands for.
ATTR_TYPES: Mapping[str, str] = {
    "bf16": "FLOAT",
    "fp16": "FLOAT",
    "w8a8": "W8A8",
    "w8a8_dynamic": "W8A8_DYNAMIC",
    "w4a8_dynamic": "W4A8_DYNAMIC",
    "w8a16": "W8A16",
    "w4a16": "W4A16",
}
TYPE_ATTRS: Mapping[str, str] = {
    "FLOAT": "bf16",
    **{name: word for word, name in ATTR_TYPES.items() if name != "FLOAT"},
}
QUANT_CHOICES = tuple(ATTR_TYPES)


def of_attr(word: str) -> QuantType:
    """The type an op's ``quant`` attr names (``w8a8_dynamic`` → W8A8_DYNAMIC)."""
    return QUANT_TYPES[ATTR_TYPES[word]]


def weight_bytes(word: str) -> Expr:
    """Bytes per weight element of an op whose ``quant`` attr is ``word``."""
    return of_attr(word).weight_bytes


def mma_dtype(word: str, activation: Dtype | None = None) -> str:
    """The peak an op's matmul is priced on: int8 for W8A8; a float weight's matmul runs in
    the activations' float dtype when given (fp16 in TensorCast's graphs, fp32 for the router
    gate TensorCast casts up), else in the word's own."""
    if word == "fp16":
        return "fp16"
    dtype = of_attr(word).mma_dtype
    if dtype != "int8" and activation is not None and activation.is_float:
        return activation.value
    return dtype


# -- recipes -----------------------------------------------------------------------------------

# the recipes Ascend users run (TensorCast's --quantize-linear-action names W4A8_DYNAMIC; C8 is
# msModelSlim's kv_cache_type for an int8 KV cache)
# recipes that store the KV cache (and the indexer's keys) in int8
KV_INT8_RECIPES = {"w8a8c8": "C8"}

# Modules a W8A8 recipe leaves FLOAT in DeepSeek-V3.2 / GLM-5-style checkpoints (as their
# published descriptions do): the latent KV up-projection, the indexer's key projection and
# head weights, the router.
FLOAT_ROLES: tuple[Role, ...] = (
    Role(Block.ATTENTION, Part.KV_B_PROJ),
    Role(Block.ATTENTION, Part.INDEXER_WK),
    Role(Block.ATTENTION, Part.INDEXER_WEIGHTS_PROJ),
    Role(Block.MOE, Part.GATE),
)


def recipe_type(recipe: str, role: Role | None, float_roles: Sequence[Role] = FLOAT_ROLES) -> str:
    """The type a recipe gives a quantizable weight of this role (``float_roles``: the roles
    it leaves FLOAT; another tool's rules may name others)."""
    if recipe == "bf16" or (role is not None and any(role.within(r) for r in float_roles)):
        return "FLOAT"
    if recipe == "w8a8_dynamic":
        return "W8A8_DYNAMIC"
    if recipe == "w4a8_dynamic":
        return "W4A8_DYNAMIC"
    # the W8A8 recipe (and w8a8c8, the same weights with an int8 KV cache): static W8A8
    # attention projections, dynamic MLP and experts
    return "W8A8" if role is not None and role.block is Block.ATTENTION else "W8A8_DYNAMIC"


# -- descriptions ------------------------------------------------------------------------------


class QuantError(InputError):
    """A quantization recipe or description file that cannot be used (exit 2)."""


HEADER_KEYS = (
    "model_quant_type",
    "version",
    "fa_quant_type",
    "indexer_quant_type",
    "kv_cache_type",
)
DEFAULT_TYPE = "FLOAT"  # a module a description does not list stays FLOAT (with a warning)


@attrs.frozen
class QuantDescription:
    """Module → quant type, and the header keys of ``quant_model_description.json``.

    A recipe is a description too: it types modules by role (``by_role``) instead of listing
    them, so it applies to any graph.
    """

    types: Mapping[str, str]  # "<module>.weight" -> type
    header: Mapping[str, str]
    source: str
    warnings: tuple[str, ...] = ()
    recipe: str | None = None

    def type_name(self, module: str, role: Role | None, quantizable: bool = True) -> str:
        if not quantizable:
            return "FLOAT"
        if self.recipe is not None:
            return recipe_type(self.recipe, role)
        key = f"{module}.weight"
        if key in self.types:
            return self.types[key]
        if "*" in module:  # experts: the file lists each one; take expert 0's type
            first = module.replace("*", "0") + ".weight"
            if first in self.types:
                return self.types[first]
        return DEFAULT_TYPE

    def type_of(self, module: str, role: Role | None, quantizable: bool = True) -> QuantType:
        return QUANT_TYPES[self.type_name(module, role, quantizable)]

    def tensor_type(self, tensor: Tensor) -> str:
        """The type name of one weight tensor of an inventory."""
        return self.type_name(tensor.module, tensor.role, tensor.quantizable)

    @property
    def kv_cache_type(self) -> str | None:
        return self.header.get("kv_cache_type")


def recipe(name: str) -> QuantDescription:
    """A named recipe (``bf16``, ``w8a8``, ``w8a8_dynamic``, ``w4a8_dynamic``, ``w8a8c8``) as a
    description."""
    if name not in RECIPES:
        raise QuantError(f"--quant {name!r}: use {', '.join(RECIPES)}")
    weights = "W8A8" if name == "w8a8c8" else name.upper()
    header = {"model_quant_type": "FLOAT" if name == "bf16" else weights, "version": "1.0"}
    if name in KV_INT8_RECIPES:
        header["kv_cache_type"] = KV_INT8_RECIPES[name]
    return QuantDescription({}, header, f"--quant {name}", recipe=name)


MAX_DESCRIPTION_BYTES = 64 * 2**20


def load_description(
    path: str | Path, modules: Iterable[str], every_module: Iterable[str], layers: int
) -> QuantDescription:
    """Read msModelSlim's ``quant_model_description.json`` (a path or the folder holding it).

    ``modules`` are the quantizable ``<module>.weight`` keys of the graph (expanded over every
    layer a region stands for), ``every_module`` every tensor's, and ``layers`` the decoder
    layer count (keys past it are the MTP layer, not in the graph).
    """
    from layoutcheck.files import load_json, read_text  # the bounded readers of user files

    file = Path(path)
    if file.is_dir():
        file = file / "quant_model_description.json"
    text = read_text(file, MAX_DESCRIPTION_BYTES, QuantError)
    data = load_json(text, QuantError, str(file), "a JSON description")
    if not isinstance(data, dict):
        raise QuantError(f"{file}: a description maps tensor names to quant types")
    header = {k: str(data[k]) for k in HEADER_KEYS if k in data}
    known = set(every_module)
    wanted = set(modules)
    types: dict[str, str] = {}
    skipped: list[str] = []
    for key, value in data.items():
        if key in HEADER_KEYS:
            continue
        if not isinstance(value, str) or value not in QUANT_TYPES:
            raise QuantError(
                f"{file}: {str(key)[:200]!r} has unknown quant type {str(value)[:40]!r} "
                f"(known: {', '.join(QUANT_TYPES)})"
            )
        if not key.endswith(".weight"):
            continue  # aux tensors (scales, offsets) follow their weight's type
        layer = layer_from_hf_name(key)
        if layer is not None and layer == layers:
            skipped.append(key)  # the MTP layer right after the decoder: not in the graph
            continue
        if key not in known and _collapse_expert(key) not in known:
            raise QuantError(f"{file}: {key[:200]!r} names a module the graph does not have")
        types[key] = value
    missing = sorted(m for m in wanted if m not in types and not _listed_expert(m, types))
    warnings: list[str] = []
    if missing:
        warnings.append(
            f"{len(missing)} module(s) not in {file.name} default to {DEFAULT_TYPE}, "
            f"e.g. {missing[0]}"
        )
    if skipped:
        warnings.append(f"{len(skipped)} tensor(s) past the decoder layers (MTP) are not counted")
    return QuantDescription(types, header, str(file), tuple(warnings))


def _collapse_expert(key: str) -> str:
    """``…mlp.experts.17.gate_proj.weight`` → ``…mlp.experts.*.gate_proj.weight``."""
    parts = key.split(".")
    for i, part in enumerate(parts[:-1]):
        if _ascii_digits(part) and i > 0 and parts[i - 1] == "experts":
            parts[i] = "*"
    return ".".join(parts)


def _ascii_digits(text: str) -> bool:
    return text.isascii() and text.isdigit()


def _listed_expert(module_key: str, types: Mapping[str, str]) -> bool:
    return "*" in module_key and module_key.replace("*", "0") in types


# -- applying a description to a graph: the ops' quant attrs, for the cost model --------------


def apply(typed: TypedGraph, description: QuantDescription) -> TypedGraph:
    """The typed graph with every quantizable op's ``quant`` attr set from ``description``: the
    type of the op's first quantizable weight (a merged gate_up takes gate_proj's).

    The values are reused: no layout, shape or dtype rule reads ``quant``, so the new graph
    types exactly as the old one (a test holds this).
    """
    from layoutcheck.ops.weights import weights_of

    registry = typed.registry
    ops = []
    for op in typed.graph.ops:
        spec = registry[op.kind]
        if "quant" not in spec.attrs or spec.weights is None:
            ops.append(op)
            continue
        tensors = [t for t in weights_of(spec, op, typed.inputs_of(op)) if t.quantizable]
        if not tensors:
            ops.append(op)
            continue
        chosen = description.type_name(tensors[0].module, tensors[0].role)
        attrs_ = dict(op.attrs)
        attrs_["quant"] = TYPE_ATTRS[chosen]
        ops.append(op.evolve(attrs=freeze_attrs(attrs_)))
    return attrs.evolve(typed, graph=typed.graph.with_ops(ops))
