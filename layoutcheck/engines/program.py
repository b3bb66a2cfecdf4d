"""The engine-neutral form of a graph read from an engine's dump: nodes, their arguments, metas.

Both readers (:mod:`.archive`, :mod:`.fxtext`) produce it; nothing here knows torch or the op
maps that later turn engine ops into layoutcheck ops.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from types import MappingProxyType

import attrs

# -- the dtype vocabulary ----------------------------------------------------------------------
# One short name per element type, the names layoutcheck's own `Dtype` uses where it has them.

# torch.export's `ScalarType` codes (torch/_export/serde/schema.py, schema 8.x). Codes 14–27 are
# not in the enum (qint types and the like are never serialised); an unknown code is kept as
# "unknown:<code>" rather than refused, since a reader that only relays dtypes need not know them.
ARCHIVE_DTYPE_CODES: Mapping[int, str] = MappingProxyType(
    {
        1: "uint8",
        2: "int8",
        3: "int16",
        4: "int32",
        5: "int64",
        6: "fp16",
        7: "fp32",
        8: "fp64",
        9: "complex32",
        10: "complex64",
        11: "complex128",
        12: "bool",
        13: "bf16",
        28: "uint16",
        29: "fp8e4m3",
        30: "fp8e5m2",
        31: "fp8e4m3fnuz",
        32: "fp8e5m2fnuz",
        33: "fp8e8m0",
        34: "uint32",
        35: "uint64",
    }
)

# fx's shape-annotation abbreviations (torch/utils/_dtype_abbrs.py), as in `"f16[1, 128, 6144]"`.
FX_DTYPE_ABBREVIATIONS: Mapping[str, str] = MappingProxyType(
    {
        "bf16": "bf16",
        "f16": "fp16",
        "f32": "fp32",
        "f64": "fp64",
        "f8e4m3fn": "fp8e4m3",
        "f8e5m2": "fp8e5m2",
        "f8e4m3fnuz": "fp8e4m3fnuz",
        "f8e5m2fnuz": "fp8e5m2fnuz",
        "f8e8m0fnu": "fp8e8m0",
        "f4e2m1fnx2": "fp4e2m1x2",
        "c32": "complex32",
        "c64": "complex64",
        "c128": "complex128",
        "i8": "int8",
        "i16": "int16",
        "i32": "int32",
        "i64": "int64",
        "b8": "bool",
        "u8": "uint8",
        "u16": "uint16",
        "u32": "uint32",
        "u64": "uint64",
        "b16": "bits16",
        "b1x8": "bits1x8",
    }
)

# `torch.<name>` dtype attributes as fx prints them in arguments (`dtype = torch.float16`),
# aliases included because hand-written or older dumps use them.
TORCH_DTYPE_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "bfloat16": "bf16",
        "float16": "fp16",
        "half": "fp16",
        "float32": "fp32",
        "float": "fp32",
        "float64": "fp64",
        "double": "fp64",
        "float8_e4m3fn": "fp8e4m3",
        "float8_e5m2": "fp8e5m2",
        "float8_e4m3fnuz": "fp8e4m3fnuz",
        "float8_e5m2fnuz": "fp8e5m2fnuz",
        "float8_e8m0fnu": "fp8e8m0",
        "float4_e2m1fn_x2": "fp4e2m1x2",
        "complex32": "complex32",
        "chalf": "complex32",
        "complex64": "complex64",
        "cfloat": "complex64",
        "complex128": "complex128",
        "cdouble": "complex128",
        "int8": "int8",
        "int16": "int16",
        "short": "int16",
        "int32": "int32",
        "int": "int32",
        "int64": "int64",
        "long": "int64",
        "uint8": "uint8",
        "uint16": "uint16",
        "uint32": "uint32",
        "uint64": "uint64",
        "bool": "bool",
        "qint8": "qint8",
        "quint8": "quint8",
        "qint32": "qint32",
        "quint4x2": "quint4x2",
    }
)

_BARE_SYMBOL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # `s72`, not an expression like `2*s72`
_SYM_SIZE = "aten.sym_size.int"  # sym_size(x, dim): one dim of a tensor, as a symbolic scalar
SYMBOLIC_DTYPE = "sym"  # the dtype of a symbolic scalar (fx's `Sym(s0)`, an archive SymInt)


def dtype_from_code(code: int) -> str:
    return ARCHIVE_DTYPE_CODES.get(code, f"unknown:{code}")


def dtype_from_abbreviation(abbreviation: str) -> str:
    return FX_DTYPE_ABBREVIATIONS.get(abbreviation, f"unknown:{abbreviation}")


# -- the IR -------------------------------------------------------------------------------------


@attrs.frozen
class TensorMeta:
    """A value's shape and element type. Dims are ints, or the symbol text of a dynamic dim
    (``"s0"``). A symbolic scalar (``Sym(s0)``) has shape ``()``, dtype ``"sym"`` and its
    expression in ``symbol``."""

    shape: tuple[int | str, ...]
    dtype: str
    symbol: str | None = None

    @property
    def is_symbolic_scalar(self) -> bool:
        return self.dtype == SYMBOLIC_DTYPE

    def __str__(self) -> str:
        if self.is_symbolic_scalar:
            return f"Sym({self.symbol})"
        return f"{self.dtype}[{', '.join(str(dim) for dim in self.shape)}]"


class ArgKind(enum.Enum):
    """What an argument's ``value`` holds."""

    TENSOR = "tensor"  # a tensor's name
    TENSORS = "tensors"  # a tuple of tensor names, None for a missing optional entry
    INT = "int"
    INTS = "ints"
    FLOAT = "float"
    FLOATS = "floats"
    BOOL = "bool"
    BOOLS = "bools"
    STR = "str"
    STRS = "strs"
    NONE = "none"
    DTYPE = "dtype"  # a normalised dtype name ("fp16")
    SYM = "sym"  # a symbolic scalar: the name of the value holding it, or its expression text
    SYMS = "syms"  # a size list mixing ints and symbolic names: tuple[int | str, ...]
    OPERATOR = "operator"  # an op target ("tensor_cast.dsa_indexer.default")
    OTHER = "other"  # a layout, device, memory format, graph…: a short text


@attrs.frozen
class Arg:
    """One argument of a node: its schema name (``None`` for a positional one in fx text)."""

    name: str | None
    kind: ArgKind
    value: object

    def tensor_names(self) -> tuple[str, ...]:
        if self.kind is ArgKind.TENSOR and isinstance(self.value, str):
            return (self.value,)
        if self.kind is ArgKind.TENSORS and isinstance(self.value, tuple):
            return tuple(name for name in self.value if isinstance(name, str))
        return ()


Frame = tuple[str, int, str]  # (file, line, function) of one stack frame


@attrs.frozen
class EngineNode:
    """One op call of an engine graph.

    ``target`` has no ``torch.ops.`` prefix (``tensor_cast.reduce_scatter.default``); a node
    that ``auto_functionalized{,_v2}`` wrapped is unwrapped, with the wrapper's name in
    ``wrapper``. ``outputs`` names each result in order, ``None`` for an unused one, ``()`` for
    an op with no result (an in-place cache write). ``source`` is the innermost frame of the
    model code that made the node; ``dump_line`` the node's line in its fx text file (None for
    an archive).
    """

    name: str
    target: str
    args: tuple[Arg, ...]
    outputs: tuple[str | None, ...]
    module: str | None = None
    module_type: str | None = None
    module_hint: str | None = None
    source: tuple[str, int] | None = None
    stack: tuple[Frame, ...] = ()
    wrapper: str | None = None
    dump_line: int | None = attrs.field(default=None, eq=False)
    # read by every consumer lookup: computed once (a grouped matmul lists hundreds of tensors)
    _tensor_inputs: tuple[str, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        names = tuple(name for arg in self.args for name in arg.tensor_names())
        object.__setattr__(self, "_tensor_inputs", names)

    def arg(self, name: str, position: int | None = None) -> Arg | None:
        """The argument called ``name``, else the one at ``position`` if that one is unnamed
        (fx text's positional arguments) or has that name."""
        for arg in self.args:
            if arg.name == name:
                return arg
        if position is not None and 0 <= position < len(self.args):
            candidate = self.args[position]
            if candidate.name is None or candidate.name == name:
                return candidate
        return None

    def tensor_inputs(self) -> tuple[str, ...]:
        """The tensors the node reads, in argument order (a tensor read twice appears twice)."""
        return self._tensor_inputs


GRAPH_INPUT_KINDS = frozenset({"parameter", "buffer", "constant", "user_input"})


@attrs.frozen
class GraphInput:
    """A value the graph receives. ``attribute`` is the module attribute a parameter, buffer or
    constant is loaded from (``_frozen_param3``), when the dump names one."""

    name: str
    kind: str = attrs.field(validator=attrs.validators.in_(GRAPH_INPUT_KINDS))
    meta: TensorMeta | None
    attribute: str | None = None


def _is_dim0_of(node: EngineNode, inputs: set[str]) -> bool:
    """``sym_size.int(x, 0)`` of a graph input ``x``, with one result."""
    if node.target != _SYM_SIZE or len(node.outputs) != 1:
        return False
    tensor, dim = node.arg("self", 0), node.arg("dim", 1)
    return (
        tensor is not None
        and tensor.kind is ArgKind.TENSOR
        and tensor.value in inputs
        and dim is not None
        and dim.kind is ArgKind.INT
        and dim.value == 0
    )


def _frozen_mapping(values: Mapping[str, object]) -> Mapping[str, object]:
    return values if isinstance(values, MappingProxyType) else MappingProxyType(dict(values))


def _frozen_tensors(values: Mapping[str, TensorMeta]) -> Mapping[str, TensorMeta]:
    return values if isinstance(values, MappingProxyType) else MappingProxyType(dict(values))


@attrs.frozen
class EngineProgram:
    """A whole graph as an engine dumped it.

    ``nodes`` are in file order, which is topological. ``tensors`` has the meta of every value
    (inputs and node results) whose shape the dump records; ``settings`` is what a capture
    recorded about the run (model, tp, sp, …), empty when none. ``warnings`` are one line each,
    as are ``notes``: what the reading found that is worth saying but is not wrong (the ranks
    read agree, say).
    """

    source: str
    format: str = attrs.field(validator=attrs.validators.in_(("pt2", "fx-text")))
    inputs: tuple[GraphInput, ...]
    nodes: tuple[EngineNode, ...]
    outputs: tuple[str | None, ...]
    tensors: Mapping[str, TensorMeta] = attrs.field(converter=_frozen_tensors)
    settings: Mapping[str, object] = attrs.field(
        factory=lambda: MappingProxyType({}), converter=_frozen_mapping
    )
    schema_version: tuple[int, int] | None = None
    torch_version: str | None = None
    warnings: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    def meta(self, name: str) -> TensorMeta | None:
        return self.tensors.get(name)

    def token_symbols(self) -> tuple[str, ...]:
        """The size symbols that stand for the token count, for the lowering to bind to ``T``:
        symbol texts (``s72``) and the names of the symbolic-scalar values holding them.

        vLLM marks one dim dynamic, each input's token dim (``support_torch_compile`` marks dim
        0 unless a model says otherwise), so a bare symbol that is dim 0 of a graph input is the
        token count; so is a symbolic scalar holding it, and ``sym_size(input, 0)``. A dump
        without shapes (``Graph.__str__``) shows a symbolic-scalar input's role only where it
        leads a size list (``view(x, [arg1_1, 4096])``): those count too.
        """
        inputs = {graph_input.name for graph_input in self.inputs}
        found: dict[str, None] = {}
        for graph_input in self.inputs:
            lead = graph_input.meta.shape[:1] if graph_input.meta is not None else ()
            if lead and isinstance(lead[0], str) and _BARE_SYMBOL.fullmatch(lead[0]):
                found[lead[0]] = None
        leading = {
            arg.value[0]
            for node in self.nodes
            for arg in node.args
            if arg.kind is ArgKind.SYMS and isinstance(arg.value, tuple) and arg.value
        }
        input_dim0 = {
            node.outputs[0] for node in self.nodes if _is_dim0_of(node, inputs) and node.outputs[0]
        }
        for name, meta in self.tensors.items():
            if not meta.is_symbolic_scalar:
                continue
            evidence = meta.symbol in found or name in input_dim0
            if evidence or (name in inputs and name in leading):
                found[name] = None
                if meta.symbol is not None and _BARE_SYMBOL.fullmatch(meta.symbol):
                    found[meta.symbol] = None
        found.update(dict.fromkeys(sorted(input_dim0)))
        return tuple(found)

    def producer(self, name: str) -> EngineNode | None:
        """The node whose results include ``name`` (None for an input or an unknown name)."""
        for node in self.nodes:
            if name in node.outputs:
                return node
        return None
