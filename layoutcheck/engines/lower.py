"""From an engine's graph to a layoutcheck graph: each node through its op map's lowering, typed
as it is emitted, so every later decision (which dim holds the tokens, how many rows a view
states, which linear is row-parallel) reads the types layoutcheck's own rules computed — never
the engine's shape annotations, which are stale right after TensorCast's SP pass.

Values are activations (layoutcheck values: token rows first, then features), data (weights,
caches, slot mappings, scales: what ops read but the layout does not), or expert-side rows
(between the MoE dispatch and combine all-to-alls, folded into one expert op).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.diagnostics import Diagnostic, Severity
from layoutcheck.engines.opmap import OpMapEntry, shipped_opmaps
from layoutcheck.engines.program import Arg, ArgKind, EngineNode, EngineProgram, TensorMeta
from layoutcheck.engines.structure import infer_modules
from layoutcheck.errors import InputError
from layoutcheck.graph import Graph, InputSpec, Op, ValueRef, freeze_attrs
from layoutcheck.interp import Typer
from layoutcheck.lattice import AbstractValue, Dtype, FeatureState, TokenLayout
from layoutcheck.models.builder import padded_vocab
from layoutcheck.models.config import GqaSpec, MlaSpec, ModelSpec
from layoutcheck.ops import Registry, default_registry
from layoutcheck.roles import Block, Part, Role, layer_from_hf_name, role, role_from_hf_name
from layoutcheck.symbols import Expr, symbol
from layoutcheck.validate import normalize_op


class ImportError_(InputError):
    """An engine graph layoutcheck cannot turn into a graph (exit 2)."""


@attrs.frozen
class RunSettings:
    """What the run that made the graph asked for (a capture records it; otherwise the user
    says it with --sp, --phase, …). None means not known."""

    engine: str | None = None
    model: str | None = None
    tp: int | None = None
    dp: int | None = None
    ep: int | None = None
    sp: bool | None = None
    phase: str | None = None
    quant: str | None = None
    context: int | None = None  # decode: the KV context per request (the symbol S)

    @classmethod
    def from_recorded(cls, recorded: Mapping[str, object]) -> RunSettings:
        def integer(key: str) -> int | None:
            value = recorded.get(key)
            return value if isinstance(value, int) and not isinstance(value, bool) else None

        def text(key: str) -> str | None:
            value = recorded.get(key)
            return value if isinstance(value, str) else None

        sp = recorded.get("sp")
        return cls(
            engine=text("engine"),
            model=text("model"),
            tp=integer("tp"),
            dp=integer("dp"),
            ep=integer("ep"),
            sp=sp if isinstance(sp, bool) else None,
            phase=text("phase"),
            quant=text("quant"),
            context=integer("context"),
        )

    def merged(self, given: RunSettings) -> RunSettings:
        """These settings, with what ``given`` states taking precedence."""
        changes = {f.name: getattr(given, f.name) for f in attrs.fields(RunSettings)}
        return attrs.evolve(self, **{k: v for k, v in changes.items() if v is not None})


@attrs.frozen
class Imported:
    """A lowered engine graph, with what the import found on the way."""

    graph: Graph
    settings: RunSettings
    diagnostics: tuple[Diagnostic, ...]
    warnings: tuple[str, ...]
    fused_quant_norms: int  # norms fused with quantization (TensorCast's SP pass skips them)


# -- the values of the engine graph ------------------------------------------------------------


@attrs.frozen
class Act:
    """An activation: a layoutcheck value, the engine's dims in front of it, and — after a
    permute that moved the tokens behind the heads — where each engine dim is in the value."""

    ref: ValueRef
    lead: tuple[int, ...] = ()
    order: tuple[int, ...] | None = None  # engine dim j (after the lead) is value dim order[j]


@attrs.frozen
class Data:
    """A value the layout does not describe: a weight, a cache, metadata, a scale."""

    shape: tuple[int | str, ...] | None
    dtype: str
    buffer: str | None = None  # the graph input a cache view stands for
    dynamic_scale: bool = False  # a dynamic quantization's per-token scale


@attrs.frozen
class Expert:
    """Rows on the expert side of an MoE dispatch (folded into one moe_expert_compute)."""

    region: int


Value = Act | Data | Expert

# engine dtype names -> layoutcheck's (masks and ids are integers to the layout)
DTYPES: Mapping[str, Dtype] = {
    "bf16": Dtype.BF16,
    "fp16": Dtype.FP16,
    "fp32": Dtype.FP32,
    "fp64": Dtype.FP32,
    "int8": Dtype.INT8,
    "uint8": Dtype.INT8,
    "bool": Dtype.INT8,
    "int16": Dtype.INT32,
    "int32": Dtype.INT32,
    "int64": Dtype.INT64,
}
# module-path spellings of TensorCast's wrappers, to the HF paths roles are read from
MODULE_REWRITES: tuple[tuple[str, str], ...] = (
    (".mlp.fused_moe.experts.experts.", ".mlp.experts."),
    (".mlp.fused_moe.", ".mlp."),
)
# pointwise ops that are linear in their first activation operand when the others are complete
LINEAR_POINTWISE = frozenset({"mul", "div", "neg", "where", "sub", "add"})
CONTROL_INPUTS = ("x", "self", "a", "input", "tensor")


def normalize_module(path: str | None) -> str | None:
    if not path:
        return None
    for old, new in MODULE_REWRITES:
        path = path.replace(old, new)
    return path


@attrs.define
class _Region:
    """An MoE expert side being folded: what its nodes say about the experts."""

    start: ValueRef  # the rows the dispatch all_to_all delivered
    group: str
    node: EngineNode
    local_experts: int = 0
    intermediate: int = 0
    quant: str = "bf16"
    downs: int = 0  # per-expert down projections the engine runs (the active experts)


class Lowering:
    """Walks an engine program once, emitting typed layoutcheck ops."""

    def __init__(
        self,
        program: EngineProgram,
        spec: ModelSpec | None,
        settings: RunSettings,
        registry: Registry | None = None,
        opmaps: Mapping[str, OpMapEntry] | None = None,
    ) -> None:
        self.program = program
        self.spec = spec
        self.settings = settings
        self.registry = registry or default_registry()
        self.opmaps = shipped_opmaps() if opmaps is None else opmaps
        self.values: dict[str, Value] = {}
        self.ops: list[Op] = []
        self.names: set[str] = set()
        self.unknown: Counter[str] = Counter()
        self.warnings: list[str] = list(program.warnings)
        self.regions: list[_Region] = []
        self.buffers: dict[str, tuple[ValueRef, ...]] = {}  # cache -> what was written into it
        self.layer: int | None = None  # the decoder layer of the region being walked
        self.next_layer = 0
        self.repeat: dict[str, int] = {}  # region id -> layers it stands for
        self.copied: set[str] = set()  # regions whose copy_region was emitted
        self.fused_quant_norms = 0
        self.node: EngineNode | None = None
        self._prescan()

    # -- the graph's frame: tokens, groups, inputs --------------------------------------------
    def _prescan(self) -> None:
        program = self.program
        self.consumers: dict[str, list[EngineNode]] = {}
        for node in program.nodes:
            for name in node.tensor_inputs():
                self.consumers.setdefault(name, []).append(node)
        self.token_inputs = self._token_inputs()
        model = self.spec
        # module paths the structure shows, for the nodes the engine recorded none for (every
        # node of a text dump; the nodes an archive's passes created)
        self.inferred: Mapping[str, str] = infer_modules(
            program,
            self.opmaps,
            model.hidden if model is not None else None,
            model.moe.experts if model is not None and model.moe is not None else None,
        )
        counts = {
            math.prod(int(d) for d in self._meta_shape(name) if isinstance(d, int))
            for name in self.token_inputs
        }
        if not self.token_inputs or len(counts) != 1:
            raise ImportError_(
                "cannot find the token ids the graph embeds (no aten.embedding of a graph input)",
                source=program.source,
            )
        self.tokens = counts.pop()
        sizes: Counter[int] = Counter()
        expert_sizes: Counter[int] = Counter()
        for node in program.nodes:
            entry = self.opmaps.get(node.target)
            if entry is None:
                continue
            size = self._group_size(node, entry)
            if size is None:
                continue
            if entry.lower == "all_to_all":
                expert_sizes[size] += 1
            else:
                sizes[size] += 1
        tp = self.settings.tp or (sizes.most_common(1)[0][0] if sizes else 1)
        ep = self.settings.ep or (expert_sizes.most_common(1)[0][0] if expert_sizes else tp)
        self.tp, self.ep = tp, ep
        self.symbols: dict[str, int | None] = {"T": self.tokens, "tp": tp}
        self.groups: dict[str, Expr] = {"tp": symbol("tp")}
        if ep != tp or expert_sizes:
            self.symbols["ep"] = ep
            self.groups["ep"] = symbol("ep")
        for node in program.nodes:  # region multiplicities: each copy_region adds a layer
            entry = self.opmaps.get(node.target)
            if entry is not None and entry.lower == "copy_region":
                region = str(self._arg_value(node, entry, "id"))
                self.repeat[region] = self.repeat.get(region, 1) + 1
        self._decode_context()
        self.frame = self._frame()
        self.typer = Typer(self.frame, self.registry)
        for spec in self.frame.inputs:
            self.typer.add_input(spec)
            self.values[spec.name] = Act(ValueRef(spec.name), self._input_lead(spec.name))
        for graph_input in program.inputs:
            if graph_input.name not in self.values:
                meta = graph_input.meta
                self.values[graph_input.name] = Data(
                    None if meta is None else meta.shape,
                    "" if meta is None else meta.dtype,
                    buffer=graph_input.name,
                )

    def _token_inputs(self) -> list[str]:
        """The graph inputs that are token ids or positions: those an embedding or a table
        lookup indexes with, through views and masks."""
        inputs = {g.name for g in self.program.inputs if g.kind == "user_input"}
        found: list[str] = []
        seen: set[str] = set()
        producers = {out: node for node in self.program.nodes for out in node.outputs if out}
        for node in self.program.nodes:
            entry = self.opmaps.get(node.target)
            if entry is None or entry.lower not in ("embedding", "index"):
                continue
            table = self._arg(node, entry, "weight" if entry.lower == "embedding" else "self")
            if table is None or table.kind is not ArgKind.TENSOR:
                continue
            if table.value not in inputs and table.value in producers:
                continue  # indexing an activation (a token select): not a lookup
            index = self._arg(node, entry, "indices")
            stack = list(index.tensor_names()) if index is not None else []
            while stack:
                name = stack.pop()
                if name in seen:
                    continue
                seen.add(name)
                if name in inputs and name != table.value:
                    found.append(name)
                    continue
                producer = producers.get(name)
                step = self.opmaps.get(producer.target) if producer else None
                if producer is not None and step is not None and step.lower in (
                    "view", "pointwise", "where", "alias", "cast"
                ):  # fmt: skip
                    stack.extend(producer.tensor_inputs())
        return sorted(dict.fromkeys(found))

    def _meta_shape(self, name: str) -> tuple[int | str, ...]:
        meta = self.program.meta(name)
        if meta is None:
            raise ImportError_(f"graph input {name!r} has no shape", source=self.program.source)
        return meta.shape

    def _input_lead(self, name: str) -> tuple[int, ...]:
        shape = self._meta_shape(name)
        return tuple(int(d) for d in shape[:-1] if isinstance(d, int))

    def _frame(self) -> Graph:
        inputs = []
        for name in self.token_inputs:
            meta = self.program.meta(name)
            dtype = DTYPES.get(meta.dtype if meta else "", Dtype.INT64)
            inputs.append(InputSpec(name, (symbol("T"),), TokenLayout.FULL, dtype=dtype))
        return Graph(
            name=self.program.source,
            symbols=tuple(self.symbols.items()),
            token_count=symbol("T"),
            groups=tuple(self.groups.items()),
            inputs=tuple(inputs),
            ops=(),
            outputs=(),
        )

    def _group_size(self, node: EngineNode, entry: OpMapEntry) -> int | None:
        if entry.lower not in ("all_reduce", "reduce_scatter", "all_gather", "all_to_all"):
            return None
        ranks = self._arg_value(node, entry, "rank_group")
        if isinstance(ranks, tuple):
            return len(ranks)
        world = self._arg_value(node, entry, "world_size")
        return world if isinstance(world, int) else None

    # -- arguments ------------------------------------------------------------------------
    def _arg(self, node: EngineNode, entry: OpMapEntry, name: str) -> Arg | None:
        position = entry.args.index(name) if name in entry.args else None
        return node.arg(name, position)

    def _arg_value(self, node: EngineNode, entry: OpMapEntry, name: str) -> object:
        arg = self._arg(node, entry, name)
        return None if arg is None else arg.value

    def arg(self, name: str) -> Arg | None:
        assert self.node is not None
        return self._arg(self.node, self.entry, name)

    def argv(self, name: str, default: object = None) -> object:
        found = self.arg(name)
        return default if found is None or found.kind is ArgKind.NONE else found.value

    def int_arg(self, name: str, default: int | None = None) -> int | None:
        value = self.argv(name, default)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    def value_of(self, name: str | None) -> Value | None:
        return None if name is None else self.values.get(name)

    def act_arg(self, name: str) -> Act | None:
        found = self.arg(name)
        if found is None or found.kind is not ArgKind.TENSOR:
            return None
        value = self.values.get(str(found.value))
        return value if isinstance(value, Act) else None

    def tensor_args(self) -> list[tuple[str, Value]]:
        assert self.node is not None
        out: list[tuple[str, Value]] = []
        for name in self.node.tensor_inputs():
            value = self.values.get(name)
            if value is not None:
                out.append((name, value))
        return out

    # -- types and shapes -----------------------------------------------------------------
    def type(self, act: Act) -> AbstractValue:
        return self.typer.value(act.ref)

    def _decode_context(self) -> None:
        """A decode step's attention reads S keys per request: S becomes a graph symbol."""
        for node in self.program.nodes:
            flags = node.arg("is_decode_values")
            values = flags.value if flags is not None else None
            if isinstance(values, tuple) and values and all(values):
                self.symbols["S"] = self.settings.context or self._cache_capacity()
                return

    def context_symbol(self, cache: ValueRef | None = None) -> Expr:
        """The decode KV context S: the user's (--context, or the capture's record), else the
        capacity of the paged cache the graph reads (pages per request × page size), an upper
        bound the user can lower with --set S=N."""
        return symbol("S")

    def _cache_capacity(self) -> int | None:
        for node in self.program.nodes:
            table, cache = node.arg("block_table", 2), node.arg("kv_cache", 1)
            if table is None or cache is None:
                continue
            tables = table.tensor_names()
            caches = cache.tensor_names()
            pages = self.program.meta(tables[0]) if tables else None
            store = self.program.meta(caches[0]) if caches else None
            if pages is None or len(pages.shape) != 2 or store is None or len(store.shape) < 2:
                continue
            per_request, page = pages.shape[1], store.shape[-2]
            if isinstance(per_request, int) and isinstance(page, int):
                return per_request * page
        return None

    def dtype(self, engine_dtype: str) -> Dtype | None:
        """layoutcheck's dtype for an engine's (TensorCast models bf16 activations as fp16:
        kept, so its float matmuls are priced on the fp16 peak it prices them on)."""
        return DTYPES.get(engine_dtype)

    def numbers(self, act: Act) -> tuple[int, ...] | None:
        value = self.type(act)
        if value.is_top:
            return None
        dims = [self.typer.context.numeric(d) for d in value.shape]
        return None if any(d is None for d in dims) else tuple(int(d) for d in dims)  # type: ignore[arg-type]

    def engine_shape(self, act: Act) -> tuple[int, ...] | None:
        numbers = self.numbers(act)
        if numbers is None:
            return None
        if act.order is not None:
            numbers = tuple(numbers[i] for i in act.order)
        return (*act.lead, *numbers)

    def rows_expr(self, act: Act, rows: int) -> Expr:
        """Token rows as an expression: the value's own when they agree, else T or T/tp."""
        value = self.type(act)
        if self.typer.context.numeric(value.shape[0]) == rows:
            return value.shape[0]
        return self.token_expr(rows)

    def token_expr(self, rows: int) -> Expr:
        t, tp = symbol("T"), symbol("tp")
        if rows == self.tokens:
            return t
        if rows * self.tp == self.tokens:
            return t / tp
        return sympy.Integer(rows)

    # -- facts: module, role, layer, names ------------------------------------------------
    def module(self) -> str | None:
        assert self.node is not None
        return normalize_module(self.node.module or self.inferred.get(self.node.name))

    def hint(self) -> str | None:
        assert self.node is not None
        node = self.node
        return normalize_module(node.module or self.inferred.get(node.name) or node.module_hint)

    def current_layer(self) -> int | None:
        where = self.hint()
        layer = layer_from_hf_name(where) if where else None
        return self.layer if layer is None else layer

    def origin(self) -> str:
        node = self.node
        assert node is not None
        text = node.name
        inferred = self.inferred.get(node.name)
        if node.module or inferred or node.module_hint:
            # ~ marks a module path the engine did not record (a pass's hint, or inferred)
            text += f" ({node.module or '~' + str(inferred or node.module_hint)})"
        if node.source is not None:
            text += f" at {node.source[0]}:{node.source[1]}"
        return text

    def _unique(self, name: str) -> str:
        candidate, n = name, 1
        while candidate in self.names or candidate in self.values:
            n += 1
            candidate = f"{name}#{n}"
        self.names.add(candidate)
        return candidate

    def default_name(self, own_module: bool = False) -> str:
        node = self.node
        assert node is not None
        module = self.module()
        if own_module and module:
            return module
        where = module or self.hint()
        if where:
            return f"{where}.{node.name}"
        if self.layer is not None:
            return f"model.layers.{self.layer}.{node.name}"
        return node.name

    # -- emitting ---------------------------------------------------------------------------
    def emit(
        self,
        kind: str,
        inputs: Sequence[ValueRef],
        *,
        name: str | None = None,
        role_: Role | None = None,
        **attr_values: object,
    ) -> ValueRef:
        """Append a layoutcheck op, validated and typed at once; returns its output 0."""
        unique = self._unique(name or self.default_name())
        values = {k: _attr(v) for k, v in attr_values.items() if v is not None}
        op = Op(
            unique,
            kind,
            tuple(inputs),
            freeze_attrs(values),
            role=role_,
            layer=self.current_layer(),
            source=self.origin(),
        )
        op = normalize_op(op, self.frame, self.registry)
        self.ops.append(op)
        self.typer.add_op(op)
        return ValueRef(unique)

    def bind(self, output: str | None, value: Value) -> None:
        if output is not None:
            self.values[output] = value

    def bind_act(self, output: str | None, ref: ValueRef, lead: tuple[int, ...] = ()) -> None:
        self.bind(output, Act(ref, lead))

    def outputs(self) -> tuple[str | None, ...]:
        assert self.node is not None
        return self.node.outputs

    def data_outputs(self) -> None:
        """Every result of the node is data (the layout does not describe it)."""
        assert self.node is not None
        for out in self.node.outputs:
            meta = self.program.meta(out) if out else None
            self.bind(out, Data(None if meta is None else meta.shape, meta.dtype if meta else ""))

    # -- the walk ---------------------------------------------------------------------------
    def run(self) -> Graph:
        for node in self.program.nodes:
            self.node = node
            entry = self.opmaps.get(node.target)
            inputs = [self.values.get(name) for name in node.tensor_inputs()]
            if entry is None:
                self._unknown(node, inputs)
                continue
            self.entry = entry
            expert = [v for v in inputs if isinstance(v, Expert)]
            if expert and entry.lower != "all_to_all":
                self._expert_side(node, expert[0])
                continue
            live = any(isinstance(v, Act | Expert) for v in inputs)
            if not live and entry.lower not in SOURCES:
                self._data_only(node, inputs)
                continue
            LOWERINGS[entry.lower](self)
        outputs = []
        for name in self.program.outputs:
            value = self.values.get(name) if name else None
            if isinstance(value, Act):
                outputs.append(value.ref)
        return self.frame.evolve(ops=tuple(self.ops), outputs=tuple(outputs))

    def _data_only(self, node: EngineNode, inputs: Sequence[Value | None]) -> None:
        """An op on data alone (a weight's permute, a cache view): its results are data, and a
        view of a cache stands for the same cache."""
        buffers = {v.buffer for v in inputs if isinstance(v, Data) and v.buffer is not None}
        buffer = buffers.pop() if len(buffers) == 1 else None
        for out in node.outputs:
            meta = self.program.meta(out) if out else None
            self.bind(
                out,
                Data(None if meta is None else meta.shape, meta.dtype if meta else "", buffer),
            )

    def _unknown(self, node: EngineNode, inputs: Sequence[Value | None]) -> None:
        acts = [v.ref for v in inputs if isinstance(v, Act)]
        if not acts:
            self._data_only(node, inputs)
            return
        self.unknown[node.target] += 1
        count = max(1, len(node.outputs))
        ref = self.emit("opaque", acts, target=node.target, ports=(1,) * count)
        for port, out in enumerate(node.outputs):
            self.bind_act(out, ValueRef(ref.op, port))

    def _expert_side(self, node: EngineNode, value: Expert) -> None:
        """An op among the experts' own: what it says of the experts goes on the region."""
        region = self.regions[value.region]
        entry = self.opmaps[node.target]
        if entry.lower == "expert_side":
            weights = self.arg("w")
            if weights is not None and weights.kind is ArgKind.TENSORS:
                names = [n for n in _items(weights.value) if isinstance(n, str)]
                region.local_experts = max(region.local_experts, len(names))
                meta = self.program.meta(names[0]) if names else None
                if meta is not None and len(meta.shape) == 2 and isinstance(meta.shape[1], int):
                    region.intermediate = region.intermediate or meta.shape[1] // 2
            if "quant" in node.target:
                region.quant = "w8a8_dynamic"
        elif entry.lower in ("linear", "linear_all_reduce"):
            region.downs += 1
        for out in node.outputs:
            self.bind(out, value)


def _items(value: object) -> tuple[object, ...]:
    return value if isinstance(value, tuple) else ()


def _attr(value: object) -> object:
    if isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return sympy.Integer(value)
    if isinstance(value, tuple | list):
        return tuple(sympy.Integer(v) if isinstance(v, int) else v for v in value)
    return value


SOURCES = frozenset({"constant", "region_begin"})  # lowerings that run without activations
Lowering_ = Callable[[Lowering], None]
LOWERINGS: dict[str, Lowering_] = {}


def lowering(*names: str) -> Callable[[Lowering_], Lowering_]:
    def register(fn: Lowering_) -> Lowering_:
        for name in names:
            LOWERINGS[name] = fn
        return fn

    return register


def _first_act(lw: Lowering) -> Act:
    for name in CONTROL_INPUTS:
        act = lw.act_arg(name)
        if act is not None:
            return act
    for _, value in lw.tensor_args():
        if isinstance(value, Act):
            return value
    raise AssertionError("a lowering of an activation without one")


# -- structure and plumbing -----------------------------------------------------------------


@lowering("alias")
def _alias(lw: Lowering) -> None:
    act = _first_act(lw)
    for out in lw.outputs()[:1]:
        lw.bind(out, act)


@lowering("constant")
def _constant(lw: Lowering) -> None:
    lw.data_outputs()


@lowering("region_begin")
def _region_begin(lw: Lowering) -> None:
    act = _first_act(lw)
    region = str(lw.argv("id"))
    layer = layer_from_hf_name(lw.hint() or "")
    lw.layer = lw.next_layer if layer is None else layer
    repeat = lw.repeat.get(region, 1)
    ref = lw.emit(
        "region_begin",
        [act.ref],
        name=f"model.layers.{lw.layer}.region_begin",
        region=region,
        repeat=repeat,
    )
    lw.bind_act(lw.outputs()[0], ref, act.lead)


@lowering("region_end")
def _region_end(lw: Lowering) -> None:
    act = _first_act(lw)
    region = str(lw.argv("id"))
    repeat = lw.repeat.get(region, 1)
    ref = lw.emit(
        "region_end",
        [act.ref],
        name=f"model.layers.{lw.layer}.region_end",
        region=region,
        repeat=repeat,
    )
    lw.bind_act(lw.outputs()[0], ref, act.lead)
    if repeat == 1:
        lw.next_layer = (lw.layer or 0) + 1
        lw.layer = None


@lowering("copy_region")
def _copy_region(lw: Lowering) -> None:
    act = _first_act(lw)
    region = str(lw.argv("id"))
    if region in lw.copied:  # the chain's first copy stands for all of them
        lw.bind(lw.outputs()[0], act)
        return
    lw.copied.add(region)
    repeat = lw.repeat.get(region, 1)
    # the copy belongs to its region's layer (the representative one), whatever module says
    begin = next(op for op in reversed(lw.ops) if op.kind == "region_begin")
    ref = lw.emit(
        "copy_region",
        [act.ref],
        name=f"model.layers.{begin.layer}.copy_region",
        region=region,
        count=repeat - 1,
    )
    lw.ops[-1] = lw.ops[-1].evolve(layer=begin.layer)
    lw.bind_act(lw.outputs()[0], ref, act.lead)
    lw.next_layer = (begin.layer or 0) + repeat
    lw.layer = None


def _resolve(target: Sequence[int], total: int) -> list[int] | None:
    dims = list(target)
    if dims.count(-1) == 1:
        known = math.prod(d for d in dims if d != -1)
        if known == 0 or total % known:
            return None
        dims[dims.index(-1)] = total // known
    return dims


def _token_dim(dims: Sequence[int], rows: int) -> int | None:
    """The dim holding the tokens: where the leading product first reaches the rows."""
    product = 1
    for index, dim in enumerate(dims):
        product *= dim
        if product == rows:
            return index
        if product > rows:
            return None
    return None


def _view_to(lw: Lowering, act: Act, target: Sequence[int]) -> None:
    """An activation seen in another engine shape: a per-rank layoutcheck view when the
    features change (their regrouping checked, and the token rows the target states)."""
    shape = lw.engine_shape(act)
    numbers = lw.numbers(act)
    out = lw.outputs()[0]
    if shape is None or numbers is None:  # ⊤ upstream: stay ⊤
        lw.bind(out, act)
        return
    if act.order is not None:
        # a view of a permuted value: fine while nothing but size-1 dims precedes the tokens
        # (the features regroup, which a per-rank view checks); else tokens and heads mix
        before = act.order.index(0)
        if math.prod(shape[len(act.lead) : len(act.lead) + before]) != 1:
            lw.bind(out, _opaque(lw, act))
            return
        shape = (*act.lead, *numbers)
    rows_at = len(act.lead)
    rows = shape[rows_at]
    features_in = shape[rows_at + 1 :]
    dims = _resolve(target, math.prod(shape))
    if dims is None:
        lw.bind(out, _opaque(lw, act))
        return
    at = _token_dim(dims, math.prod(act.lead) * rows)
    if at is None:
        # the target's token rows: what is left once the input's features are taken out
        width = math.prod(features_in)
        total = math.prod(dims)
        stated = total // width if width and total % width == 0 else total
        split = _split_at(dims, width)
        lead: tuple[int, ...] = ()
        features = tuple(dims[split:]) if split is not None else (width,)
    else:
        lead, features, stated = tuple(dims[:at]), tuple(dims[at + 1 :]), rows
        if math.prod(lead) != 1:  # batch dims folded into the tokens: the rows are theirs
            stated = math.prod(dims[: at + 1])
            lead = ()
    if tuple(features) == tuple(features_in) and stated == rows:
        lw.bind(out, Act(act.ref, tuple(lead)))
        return
    ref = lw.emit(
        "view",
        [act.ref],
        rows=lw.rows_expr(act, stated),
        features=tuple(features) or (1,),
    )
    lw.bind_act(out, ref, tuple(lead))


def _permute_to(lw: Lowering, act: Act, order: Sequence[int]) -> None:
    """Compose a permute into the value's axis order: no layoutcheck op, since per-rank
    features are a set of dims to the layout (a head-first attention input is the same value)."""
    out = lw.outputs()[0]
    n = len(act.lead)
    if sorted(order[:n]) != list(range(n)):  # batch dims moved among the value's
        lw.bind(out, _opaque(lw, act))
        return
    current = act.order or tuple(range(len(order) - n))
    composed = tuple(current[order[n + j] - n] for j in range(len(order) - n))
    lead = tuple(act.lead[i] for i in order[:n])
    identity = composed == tuple(range(len(composed)))
    lw.bind(out, Act(act.ref, lead, None if identity else composed))


def _split_at(dims: Sequence[int], width: int) -> int | None:
    """The index from which the trailing dims multiply to ``width``."""
    product = 1
    for index in range(len(dims) - 1, -1, -1):
        product *= dims[index]
        if product == width:
            return index
    return None


def _opaque(lw: Lowering, act: Act) -> Act:
    """An activation this lowering cannot follow: ⊤ from here (counted, unless it was ⊤)."""
    assert lw.node is not None
    if lw.type(act).is_top:
        return act
    lw.unknown[f"{lw.node.target} (a view of tokens and features together)"] += 1
    return Act(lw.emit("opaque", [act.ref], target=lw.node.target, ports=(1,)))


@lowering("view")
def _view(lw: Lowering) -> None:
    act = _first_act(lw)
    target = lw.argv("shape") if lw.arg("shape") is not None else lw.argv("size")
    if not isinstance(target, tuple) or not all(isinstance(d, int) for d in target):
        lw.bind(lw.outputs()[0], _opaque(lw, act))
        return
    _view_to(lw, act, target)


@lowering("unsqueeze", "squeeze")
def _unsqueeze(lw: Lowering) -> None:
    act = _first_act(lw)
    shape = lw.engine_shape(act)
    dim = lw.int_arg("dim", 0) or 0
    if shape is None:
        lw.bind(lw.outputs()[0], act)
        return
    dims = list(shape)
    assert lw.node is not None
    if "unsqueeze" in lw.node.target:
        dims.insert(dim if dim >= 0 else len(dims) + dim + 1, 1)
    elif dims and dims[dim] == 1:
        dims.pop(dim)
    _view_to(lw, act, dims)


@lowering("permute", "transpose", "transpose2d")
def _permute(lw: Lowering) -> None:
    act = _first_act(lw)
    shape = lw.engine_shape(act)
    if shape is None:
        lw.bind(lw.outputs()[0], act)
        return
    order = list(range(len(shape)))
    dims = lw.argv("dims")
    if isinstance(dims, tuple):
        order = [d % len(shape) for d in dims]
    else:
        a = (lw.int_arg("dim0", 0) or 0) % len(shape)
        b = (lw.int_arg("dim1", 1) or 1) % len(shape)
        order[a], order[b] = order[b], order[a]
    _permute_to(lw, act, order)


@lowering("cast")
def _cast(lw: Lowering) -> None:
    act = _first_act(lw)
    dtype = lw.argv("dtype")
    target = lw.dtype(str(dtype)) if dtype is not None else None
    if target is None or target is lw.type(act).dtype:
        lw.bind(lw.outputs()[0], act)
        return
    ref = lw.emit("cast", [act.ref], dtype=target.value)
    lw.bind_act(lw.outputs()[0], ref, act.lead)


def _token_axis(lw: Lowering, act: Act, dim: object) -> int | None:
    """A dim argument as an axis of the layoutcheck value: 0 the tokens, 1… the features;
    None for a lead (batch) dim."""
    shape = lw.engine_shape(act)
    if shape is None or not isinstance(dim, int):
        return None
    axis = dim % len(shape)
    return None if axis < len(act.lead) else axis - len(act.lead)


@lowering("slice")
def _slice(lw: Lowering) -> None:
    act = _first_act(lw)
    out = lw.outputs()[0]
    numbers = lw.numbers(act)
    axis = _token_axis(lw, act, lw.argv("dim", 0))
    start, end = lw.int_arg("start", 0) or 0, lw.int_arg("end", None)
    step = lw.int_arg("step", 1) or 1
    if numbers is None or axis is None or step != 1:
        lw.bind(out, act if numbers is None else _opaque(lw, act))
        return
    size = numbers[axis]
    end = size if end is None else min(end, size)
    if start == 0 and end >= size:
        lw.bind(out, act)  # the whole range: a no-op slice
        return
    if axis > 0:  # a feature slice: the middle part of a split
        parts = [p for p in (start, end - start, size - end) if p]
        index = 1 if start else 0
        ref = lw.emit("feature_split", [act.ref], sizes=tuple(parts))
        lw.bind_act(out, ValueRef(ref.op, index), act.lead)
        return
    value = lw.type(act)
    if start == 0 and end == lw.tokens and value.tokens is TokenLayout.FULL:
        ref = lw.emit("unpad_tokens", [act.ref])  # the gathered rows past the padding go
        lw.bind_act(out, ref, act.lead)
        return
    for group, size_of_group in (("tp", lw.tp), ("ep", lw.ep)):
        if (
            group in lw.groups
            and (end - start) * size_of_group == size
            and start % (end - start) == 0
        ):
            # TensorCast simulates rank 0: the slice of rows [0, T/g) is the rank's own
            ref = lw.emit("token_slice", [act.ref], group=group)
            lw.bind_act(out, ref, act.lead)
            return
    lw.bind(out, _opaque(lw, act))


@lowering("pad")
def _pad(lw: Lowering) -> None:
    act = _first_act(lw)
    pad = lw.argv("pad")
    numbers = lw.numbers(act)
    if not isinstance(pad, tuple) or numbers is None:
        lw.bind(lw.outputs()[0], _opaque(lw, act))
        return
    # constant_pad_nd pads from the last dim backwards: the token dim's pair is the last given
    token_pair = 2 * (len(numbers) - 1)
    if len(pad) != token_pair + 2 or any(pad[:token_pair]):
        lw.bind(lw.outputs()[0], _opaque(lw, act))
        return
    ref = lw.emit("pad_tokens", [act.ref], group="tp")
    lw.bind_act(lw.outputs()[0], ref, act.lead)


# a select, and an expert-side op met outside an MoE region: values this lowering cannot follow
@lowering("select", "expert_side")
def _select(lw: Lowering) -> None:
    lw.bind(lw.outputs()[0], _opaque(lw, _first_act(lw)))


@lowering("index")
def _index(lw: Lowering) -> None:
    table = lw.value_of(str(lw.argv("self")))
    indices = lw.arg("indices")
    names = list(indices.value) if indices is not None and isinstance(indices.value, tuple) else []
    out = lw.outputs()[0]
    if isinstance(table, Data):  # a table lookup by token positions (rope's cos/sin)
        acts = [lw.values.get(n) for n in names if n]
        act = next((a for a in acts if isinstance(a, Act)), None)
        assert act is not None
        width = table.shape[-1] if table.shape else 1
        rows = table.shape[0] if table.shape else 1
        ref = lw.emit(
            "embedding",
            [act.ref],
            role_=Role(Block.MODEL),
            vocab=rows if isinstance(rows, int) else 1,
            hidden=width if isinstance(width, int) else 1,
            parallel="replicated",
        )
        lw.bind_act(out, ref, act.lead)
        return
    act = table if isinstance(table, Act) else _first_act(lw)
    position = next((i for i, n in enumerate(names) if n), None)
    picked = lw.values.get(names[position]) if position is not None else None
    if position is None or not isinstance(picked, Data) or position != len(act.lead):
        lw.bind(out, _opaque(lw, act))
        return
    rows = math.prod(int(d) for d in (picked.shape or (1,)) if isinstance(d, int))
    ref = lw.emit("token_select", [act.ref], role_=Role(Block.MODEL), rows=rows)
    lw.bind_act(out, ref, act.lead)


@lowering("embedding")
def _embedding(lw: Lowering) -> None:
    ids = lw.act_arg("indices")
    weight = lw.value_of(str(lw.argv("weight")))
    assert ids is not None
    shape = weight.shape if isinstance(weight, Data) and weight.shape else None
    if shape is None or len(shape) != 2:
        raise ImportError_("an embedding without a 2-D table", source=lw.program.source)
    rows, hidden = int(shape[0]), int(shape[1])
    parallel = "replicated"
    vocab = rows
    spec = lw.spec
    if spec is not None and rows * lw.tp in (spec.vocab, padded_vocab(spec.vocab, lw.tp)):
        parallel, vocab = ("vocab", rows * lw.tp) if lw.tp > 1 else ("replicated", rows)
    elif spec is None and lw.tp > 1 and _masked(lw):
        parallel, vocab = "vocab", rows * lw.tp
    table = lw.dtype(weight.dtype) if isinstance(weight, Data) else None
    ref = lw.emit(
        "embedding",
        [ids.ref],
        name=lw.default_name(own_module=True),
        role_=role("model.embed_tokens"),
        vocab=vocab,
        hidden=hidden,
        parallel=parallel,
        group="tp" if parallel == "vocab" else None,
        dtype=table.value if table is not None and table.is_float else None,
    )
    lw.bind_act(lw.outputs()[0], ref, ids.lead)


def _masked(lw: Lowering) -> bool:
    """A vocab-parallel embedding masks the ids outside the rank's shard (a where after it)."""
    out = lw.outputs()[0]
    return any("where" in n.target for n in lw.consumers.get(out or "", ()))


# -- pointwise, reductions, splits ------------------------------------------------------------


@lowering("pointwise")
def _pointwise(lw: Lowering) -> None:
    acts = [v for _, v in lw.tensor_args() if isinstance(v, Act)]
    fn = str(lw.entry.params.get("fn", "op"))
    out = lw.outputs()[0]
    if fn == "add" and len(acts) == 2 and _same_shape(lw, acts[0], acts[1]):
        ref = lw.emit("add", [acts[0].ref, acts[1].ref])  # the strict residual add
    else:
        ref = lw.emit("pointwise", [a.ref for a in acts], fn=fn, linear=fn in LINEAR_POINTWISE)
    lw.bind_act(out, ref, _lead_of(lw, acts))


def _lead_of(lw: Lowering, acts: Sequence[Act]) -> tuple[int, ...]:
    meta = lw.program.meta(lw.outputs()[0] or "")
    longest = max(acts, key=lambda a: len(a.lead))
    if meta is not None and len(meta.shape) >= len(longest.lead):
        return longest.lead
    return longest.lead


def _same_shape(lw: Lowering, a: Act, b: Act) -> bool:
    return lw.numbers(a) is not None and lw.numbers(a) == lw.numbers(b)


@lowering("where")
def _where(lw: Lowering) -> None:
    condition = lw.act_arg("condition")
    values = [lw.act_arg("self"), lw.act_arg("other")]
    acts = [a for a in values if a is not None]
    if not acts:
        acts = [condition] if condition is not None else []
    order = acts + ([condition] if condition is not None and condition not in acts else [])
    ref = lw.emit("pointwise", [a.ref for a in order], fn="where", linear=len(acts) == 1)
    lw.bind_act(lw.outputs()[0], ref, acts[0].lead)


@lowering("sum")
def _sum(lw: Lowering) -> None:
    act = _first_act(lw)
    numbers = lw.numbers(act)
    dims = lw.argv("dim")
    keep = bool(lw.argv("keepdim", False))
    if numbers is None or not isinstance(dims, tuple):
        lw.bind(lw.outputs()[0], act if numbers is None else _opaque(lw, act))
        return
    axes = sorted({_token_axis(lw, act, d) for d in dims}, key=lambda a: -1 if a is None else a)
    if any(a is None or a == 0 for a in axes):
        lw.bind(lw.outputs()[0], _opaque(lw, act))  # a sum over tokens
        return
    features = [n for i, n in enumerate(numbers) if i > 0 and (i not in axes or keep)]
    if keep:
        features = [1 if i in axes else n for i, n in enumerate(numbers) if i > 0]
    ref = lw.emit(
        "feature_sum",
        [act.ref],
        axes=tuple(a for a in axes if a is not None),
        features=tuple(features) or (1,),
    )
    lw.bind_act(lw.outputs()[0], ref, act.lead)


@lowering("cat")
def _cat(lw: Lowering) -> None:
    acts = [v for _, v in lw.tensor_args() if isinstance(v, Act)]
    axis = _token_axis(lw, acts[0], lw.argv("dim", 0))
    if axis is None or axis == 0 or len(acts) < 2:
        lw.bind(lw.outputs()[0], _opaque(lw, acts[0]))
        return
    ref = lw.emit("concat", [a.ref for a in acts])
    lw.bind_act(lw.outputs()[0], ref, acts[0].lead)


@lowering("split")
def _split(lw: Lowering) -> None:
    act = _first_act(lw)
    sizes = lw.argv("split_sizes")
    axis = _token_axis(lw, act, lw.argv("dim", 0))
    numbers = lw.numbers(act)
    if not isinstance(sizes, tuple) or axis is None or axis == 0 or numbers is None:
        for out in lw.outputs():
            lw.bind(out, _opaque(lw, act))
        return
    if axis != len(numbers) - 1:
        for out in lw.outputs():
            lw.bind(out, _opaque(lw, act))
        return
    ref = lw.emit("feature_split", [act.ref], sizes=tuple(int(s) for s in sizes))
    for port, out in enumerate(lw.outputs()):
        lw.bind_act(out, ValueRef(ref.op, port), act.lead)


@lowering("activation")
def _activation(lw: Lowering) -> None:
    act = _first_act(lw)
    ref = lw.emit("activation", [act.ref], fn=str(lw.entry.params.get("fn", "silu")))
    lw.bind_act(lw.outputs()[0], ref, act.lead)


@lowering("quantize")
def _quantize(lw: Lowering) -> None:
    act = _first_act(lw)
    ref = lw.emit("quantize", [act.ref])
    outs = lw.outputs()
    lw.bind_act(outs[0] if outs else None, ref, act.lead)
    for out in outs[1:]:
        lw.bind(out, Data(None, "fp32", dynamic_scale=True))


# -- norms --------------------------------------------------------------------------------------


def _norm_role(lw: Lowering) -> Role | None:
    module = lw.module()
    return role_from_hf_name(module) if module else None


@lowering("rms_norm", "rms_norm_quant")
def _rms_norm(lw: Lowering) -> None:
    act = _first_act(lw)
    weight = lw.value_of(str(lw.argv("weight")))
    numbers = lw.numbers(act)
    width = weight.shape[-1] if isinstance(weight, Data) and weight.shape else None
    per_head = (
        numbers is not None and width is not None and len(numbers) > 2 and width == numbers[-1]
    )
    ref = lw.emit(
        "rms_norm",
        [act.ref],
        name=lw.default_name(own_module=True),
        role_=_norm_role(lw),
        per_head=per_head or None,
    )
    outs = lw.outputs()
    if lw.entry.lower == "rms_norm_quant":
        lw.fused_quant_norms += 1
        ref = lw.emit("quantize", [ref])
        for out in outs[1:]:
            lw.bind(out, Data(None, "fp32", dynamic_scale=True))
    lw.bind_act(outs[0], ref, act.lead)


@lowering("add_rms_norm", "add_rms_norm_quant")
def _add_rms_norm(lw: Lowering) -> None:
    x, residual = lw.act_arg("x"), lw.act_arg("residual")
    assert x is not None
    inputs = [x.ref] + ([residual.ref] if residual is not None else [])
    if residual is None:  # a norm of one activation and a data residual: just a norm
        ref = lw.emit("rms_norm", inputs, role_=_norm_role(lw))
        lw.bind_act(lw.outputs()[0], ref, x.lead)
        return
    ref = lw.emit(
        "add_rms_norm", inputs, name=lw.default_name(own_module=True), role_=_norm_role(lw)
    )
    outs = lw.outputs()
    normalized: ValueRef = ref
    if lw.entry.lower == "add_rms_norm_quant":
        lw.fused_quant_norms += 1
        normalized = lw.emit("quantize", [ref])
    lw.bind_act(outs[0], normalized, x.lead)
    if len(outs) > 1:
        lw.bind_act(outs[1], ValueRef(ref.op, 1), x.lead)
    for out in outs[2:]:
        lw.bind(out, Data(None, "fp32", dynamic_scale=True))


# -- linears ------------------------------------------------------------------------------------


# The global (in, out) of each projection, from the model config (role part → sizes).
def _global_sizes(spec: ModelSpec, block: Block, part: Part) -> tuple[int, int] | None:
    h = spec.hidden
    attention = spec.attention
    moe = spec.moe
    if part is Part.O_PROJ:
        if isinstance(attention, MlaSpec):
            return spec.heads * attention.v_head_dim, h
        return spec.heads * attention.head_dim, h
    if part is Part.Q_PROJ and isinstance(attention, GqaSpec):
        return h, spec.heads * attention.head_dim
    if part in (Part.K_PROJ, Part.V_PROJ) and isinstance(attention, GqaSpec):
        return h, attention.kv_heads * attention.head_dim
    if part is Part.QKV_PROJ and isinstance(attention, GqaSpec):
        return h, (spec.heads + 2 * attention.kv_heads) * attention.head_dim
    if part is Part.GATE_UP_PROJ:
        width = spec.intermediate
        if block is Block.SHARED_EXPERTS and moe is not None:
            width = moe.intermediate * moe.shared_experts
        return h, 2 * width
    if part in (Part.GATE_PROJ, Part.UP_PROJ):
        width = spec.intermediate
        if block is Block.SHARED_EXPERTS and moe is not None:
            width = moe.intermediate * moe.shared_experts
        return h, width
    if part is Part.DOWN_PROJ:
        width = spec.intermediate
        if block is Block.SHARED_EXPERTS and moe is not None:
            width = moe.intermediate * moe.shared_experts
        return width, h
    if part is Part.LM_HEAD:
        return h, spec.vocab
    return None


def _linear_role(lw: Lowering, x: Act) -> Role | None:
    module = lw.module()
    found = role_from_hf_name(module) if module else None
    if _split_three_ways(lw) and any(
        _in_attention(path)
        for path in (module, lw.hint(), *(r.module for r in _readers(lw, lw.outputs()[0])))
    ):
        return role("attention.qkv_proj")  # the engine merged q, k and v into one matmul
    if found is not None and found.part is not None:
        return found
    # a projection the quantization or SP pass rebuilt has no module: its readers say what
    # it is (a merged gate_up's halves are read as gate_proj and up_proj)
    out = lw.outputs()[0]
    for reader in _readers(lw, out):
        path = normalize_module(reader.module)
        if not path:
            continue
        if path.endswith((".gate_proj", ".up_proj")):
            base = path.rsplit(".", 1)[0]
            return role_from_hf_name(f"{base}.gate_up_proj")
        if ".shared_experts." in path:
            return role("shared_experts.gate_up_proj")
    return found


def _qkv_name(lw: Lowering) -> str:
    for path in (lw.module(), lw.hint(), *(r.module for r in _readers(lw, lw.outputs()[0]))):
        path = normalize_module(path)
        if path and _in_attention(path):
            return path.split(".self_attn")[0] + ".self_attn.qkv_proj"
    return lw.default_name()


def _in_attention(path: str | None) -> bool:
    return path is not None and (".self_attn." in path or path.endswith(".self_attn"))


def _split_three_ways(lw: Lowering) -> bool:
    for reader in lw.consumers.get(lw.outputs()[0] or "", ()):
        sizes = reader.arg("split_sizes", 1) if "split" in reader.target else None
        if sizes is not None and isinstance(sizes.value, tuple) and len(sizes.value) == 3:
            return True
    return False


def _readers(lw: Lowering, name: str | None, depth: int = 3) -> Iterator[EngineNode]:
    frontier = [name] if name else []
    for _ in range(depth):
        next_frontier: list[str] = []
        for current in frontier:
            for reader in lw.consumers.get(current, ()):
                yield reader
                next_frontier.extend(o for o in reader.outputs if o)
        frontier = next_frontier


def _parallel(lw: Lowering, x: Act, found: Role | None, k: int, n: int) -> str:
    """Column, row or replicated: the per-rank weight against the model's global sizes, or
    (without a config) the engine's module type and the input's features."""
    g = lw.tp
    spec = lw.spec
    if spec is not None and found is not None and found.part is not None:
        sizes = _global_sizes(spec, found.block, found.part)
        if sizes is not None:
            global_in, global_out = sizes
            if (k, n) == (global_in, global_out):
                return "replicated"
            if k == global_in and n * g == global_out:
                return "column"
            if k * g == global_in and n == global_out:
                return "row"
    # no global sizes: what the graph does with the result tells. A pending sum must be
    # reduced, so a linear whose result reaches an all_reduce or reduce_scatter is row-parallel;
    # one whose result reaches such a linear through the activation (or the attention heads)
    # is column-parallel; the rest are replicated. The engine's wrapper class is not evidence:
    # TensorCast keeps RowParallelLinear on an o_proj it replicated for DSA-CP.
    if lw.type(x).features is FeatureState.SPLIT or lw.entry.lower == "linear_all_reduce":
        return "row"
    assert lw.node is not None
    if _reduced(lw, lw.node):
        return "row"
    if _feature_gathered(lw, lw.node):  # the vocabulary shards of a column-parallel lm_head
        return "column"
    if any(_reduced(lw, later) for later in _later_linears(lw, lw.node)):
        return "column"
    return "replicated"


# What a linear's result passes on its way to a reduction, or to the next linear.
_TO_REDUCTION = frozenset({"view", "unsqueeze", "squeeze", "cast", "alias", "permute"})
_TO_NEXT_LINEAR = _TO_REDUCTION | frozenset(
    {"split", "activation", "silu_and_mul", "pointwise", "quantize", "rms_norm", "apply_rope",
     "attention", "mla_attention", "slice", "attention_out"}
)  # fmt: skip
_REDUCTIONS = frozenset({"all_reduce", "reduce_scatter", "pad_reduce_scatter"})


def _lowering_of(lw: Lowering, node: EngineNode) -> str | None:
    entry = lw.opmaps.get(node.target)
    return entry.lower if entry is not None else None


def _reached(
    lw: Lowering, node: EngineNode, through: frozenset[str], depth: int
) -> Iterator[tuple[EngineNode, str | None]]:
    """The nodes downstream of ``node`` reached through ``through`` lowerings."""
    frontier, seen = [node], {node.name}
    for _ in range(depth):
        following = []
        for current in frontier:
            for output in current.outputs:
                for reader in lw.consumers.get(output or "", ()):
                    if reader.name in seen:
                        continue
                    seen.add(reader.name)
                    kind = _lowering_of(lw, reader)
                    yield reader, kind
                    if kind in through:
                        following.append(reader)
        frontier = following


def _reduced(lw: Lowering, node: EngineNode) -> bool:
    return any(kind in _REDUCTIONS for _, kind in _reached(lw, node, _TO_REDUCTION, 4))


def _feature_gathered(lw: Lowering, node: EngineNode) -> bool:
    for reader, kind in _reached(lw, node, _TO_REDUCTION, 4):
        entry = lw.opmaps.get(reader.target)
        if kind == "all_gather" and entry is not None:
            dim = lw._arg_value(reader, entry, "dim")
            meta = lw.program.meta(reader.outputs[0] or "") if reader.outputs else None
            rank = len(meta.shape) if meta is not None else None
            if dim == -1 or (rank is not None and dim == rank - 1 and rank > 1):
                return True
    return False


def _later_linears(lw: Lowering, node: EngineNode) -> Iterator[EngineNode]:
    for reader, kind in _reached(lw, node, _TO_NEXT_LINEAR, 12):
        if kind in ("linear", "linear_all_reduce"):
            yield reader


@lowering("linear", "linear_all_reduce")
def _linear(lw: Lowering) -> None:
    x = lw.act_arg("x") or lw.act_arg("self")
    weight = lw.value_of(str(lw.argv("w", None) or lw.argv("mat2")))
    assert x is not None
    shape = weight.shape if isinstance(weight, Data) else None
    if shape is None or len(shape) != 2 or not all(isinstance(d, int) for d in shape):
        lw.bind(lw.outputs()[0], _opaque(lw, x))
        return
    k, n = int(shape[0]), int(shape[1])
    found = _linear_role(lw, x)
    quant = _quant_of(lw)
    out = lw.outputs()[0]
    readers = {r.target for r in lw.consumers.get(out or "", ())}
    if (found is not None and found.part is Part.GATE) or any("gating" in t for t in readers):
        ref = lw.emit(
            "moe_gate",
            [x.ref],
            name=lw.default_name(own_module=True),
            role_=role("moe.gate"),
            experts=n,
            quant=quant if quant != "fp16" else None,
        )
        lw.bind_act(out, ref, x.lead)
        return
    parallel = _parallel(lw, x, found, k, n)
    if found is not None and found.part is Part.LM_HEAD and parallel == "column":
        ref = lw.emit(
            "lm_head", [x.ref], name=lw.default_name(own_module=True), role_=found,
            vocab=n * lw.tp, hidden=k,
        )  # fmt: skip
        lw.bind_act(out, ref, x.lead)
        return
    own = found is not None and found.part is not None and lw.module() is not None
    name = lw.default_name(own_module=True) if own else None
    if found is not None and found.part is Part.GATE_UP_PROJ and lw.module() is None:
        name = _role_name(lw, found)
    if found is not None and found.part is Part.QKV_PROJ:
        name = _qkv_name(lw)
    ref = lw.emit(
        "linear",
        [x.ref],
        name=name,
        role_=found,
        in_features=k * lw.tp if parallel == "row" else k,
        out_features=n * lw.tp if parallel == "column" else n,
        parallel=parallel,
        quant=quant,
        out_dtype=_out_dtype(lw, x),
    )
    if lw.entry.lower == "linear_all_reduce":
        ref = lw.emit("all_reduce", [ref], group="tp")
    lw.bind_act(out, ref, x.lead)


def _out_dtype(lw: Lowering, x: Act) -> str | None:
    """The engine's result dtype where it is not the input's (int8 in, bf16 out)."""
    meta = lw.program.meta(lw.outputs()[0] or "")
    dtype = lw.dtype(meta.dtype) if meta is not None else None
    return dtype.value if dtype is not None and dtype is not lw.type(x).dtype else None


def _role_name(lw: Lowering, found: Role) -> str:
    assert lw.node is not None
    for reader in _readers(lw, lw.outputs()[0]):
        path = normalize_module(reader.module)
        if path and path.endswith((".gate_proj", ".up_proj")):
            return path.rsplit(".", 1)[0] + ".gate_up_proj"
        if path and ".shared_experts." in path:
            return path.split(".shared_experts.")[0] + ".shared_experts.gate_up_proj"
    return lw.default_name()


def _quant_of(lw: Lowering) -> str:
    assert lw.node is not None
    target = lw.node.target
    if "static_quant_linear" in target:
        scale = lw.value_of(str(lw.argv("x_scale")))
        return "w8a8_dynamic" if isinstance(scale, Data) and scale.dynamic_scale else "w8a8"
    if "fp8" in target or "mxfp4" in target:
        return "w8a8"
    out = lw.outputs()[0]
    meta = lw.program.meta(out) if out else None
    return "fp16" if meta is not None and meta.dtype == "fp16" else "bf16"


# -- attention ----------------------------------------------------------------------------------


@lowering("mla_prolog")
def _mla_prolog(lw: Lowering) -> None:
    hidden, cos, sin = lw.act_arg("hidden_states"), lw.act_arg("cos"), lw.act_arg("sin")
    assert hidden is not None and cos is not None and sin is not None
    heads_rank = lw.int_arg("num_heads") or 1
    spec = lw.spec
    heads = spec.heads if spec is not None else heads_rank
    parallel = "column" if heads_rank * lw.tp == heads and lw.tp > 1 else "replicated"
    if heads_rank != heads and parallel == "replicated":
        heads = heads_rank  # without a config the heads a rank holds are all it knows
    numbers = lw.numbers(hidden)
    module = lw.module() or lw.hint() or "model"
    ref = lw.emit(
        "mla_prolog",
        [hidden.ref, cos.ref, sin.ref],
        name=f"{module}.mla_prolog",
        role_=Role(Block.ATTENTION),
        hidden=numbers[-1] if numbers else 1,
        heads=heads,
        q_lora_rank=lw.int_arg("q_lora_rank"),
        kv_lora_rank=lw.int_arg("kv_lora_rank"),
        qk_nope_head_dim=lw.int_arg("qk_nope_head_dim"),
        qk_rope_head_dim=lw.int_arg("qk_rope_head_dim"),
        parallel=parallel,
        quant=str(lw.entry.params.get("quant", "bf16")),
    )
    for port, out in enumerate(lw.outputs()[:4]):
        lw.bind_act(out, ValueRef(ref.op, port))


def _two_d(lw: Lowering, act: Act) -> ValueRef:
    """A [t, heads, dim] value viewed as [t, heads·dim] (the attention ops' query form)."""
    numbers = lw.numbers(act)
    if numbers is None or len(numbers) <= 2:
        return act.ref
    return lw.emit(
        "view", [act.ref], rows=lw.type(act).shape[0], features=(math.prod(numbers[1:]),)
    )


@lowering("dsa_indexer")
def _dsa_indexer(lw: Lowering) -> None:
    hidden, q_c = lw.act_arg("hidden_states"), lw.act_arg("qa_normed")
    assert hidden is not None and q_c is not None
    numbers = lw.numbers(hidden)
    module = lw.module() or lw.hint() or "model"
    name = module if module.endswith(".indexer") else f"{module}.indexer"
    ref = lw.emit(
        "dsa_indexer",
        [q_c.ref, hidden.ref],
        name=name,
        role_=role("attention.indexer"),
        index_n_heads=lw.int_arg("num_heads"),
        index_head_dim=lw.int_arg("head_dim"),
        topk=lw.int_arg("topk_limit"),
        hidden=numbers[-1] if numbers else None,
        quant=_stored_quant(lw, "wq_b_weight"),
        # a decode step scores each new token against the S keys of its request's cache
        decode=True if "S" in lw.symbols else None,
        context=lw.context_symbol() if "S" in lw.symbols else None,
    )
    lw.bind_act(lw.outputs()[0], ref, q_c.lead)
    for out in lw.outputs()[1:]:
        lw.bind(out, Data(None, ""))


def _stored_quant(lw: Lowering, weight: str) -> str:
    """The quant word of a weight argument as the graph stores it: int8 is TensorCast's
    W8A8 dynamic (its only int8 linear form), anything else float."""
    meta = lw.program.meta(str(lw.argv(weight)))
    return "w8a8_dynamic" if meta is not None and meta.dtype == "int8" else "bf16"


@lowering("cache_write")
def _cache_write(lw: Lowering) -> None:
    """What a cache write stores, as layoutcheck values (the MLA latent is the concatenated
    normalized latent and rope key): the attention that reads the cache reads these."""
    acts = [v for _, v in lw.tensor_args() if isinstance(v, Act)]
    stored: tuple[ValueRef, ...]
    if lw.entry.params.get("concat") and len(acts) >= 2:
        stored = (lw.emit("concat", [a.ref for a in acts[:2]], name=f"{lw.default_name()}.latent"),)
    else:
        stored = tuple(a.ref for a in acts)
    cache = lw.value_of(str(lw.argv("kv_cache")))
    if isinstance(cache, Data) and cache.buffer is not None:
        lw.buffers[cache.buffer] = stored
    for out in lw.outputs():  # a functionalized write returns the written cache
        buffer = cache.buffer if isinstance(cache, Data) else None
        lw.bind(out, Data(None, "", buffer=buffer))
        if buffer is None and out:
            lw.buffers[out] = stored


def _cache_contents(lw: Lowering, name: str) -> tuple[ValueRef, ...]:
    value = lw.value_of(str(lw.argv(name)))
    if isinstance(value, Data) and value.buffer is not None:
        return lw.buffers.get(value.buffer, ())
    return lw.buffers.get(str(lw.argv(name)), ())


@lowering("mla_attention")
def _mla_attention(lw: Lowering) -> None:
    q = lw.act_arg("q")
    assert q is not None
    latent = _cache_contents(lw, "kv_cache")
    indices = lw.act_arg("topk_indices")
    numbers = lw.numbers(q)
    if not latent or numbers is None or len(numbers) != 3:
        lw.bind(lw.outputs()[0], _opaque(lw, q))
        return
    heads_rank, qk = numbers[1], numbers[2]
    d_v = lw.int_arg("v_head_dim") or qk
    spec = lw.spec
    attention = spec.attention if spec is not None else None
    d_rope = attention.qk_rope_head_dim if isinstance(attention, MlaSpec) else 64
    kv_width = lw.typer.context.numeric(lw.typer.value(latent[0]).shape[-1]) or d_rope
    split = lw.type(q).features is FeatureState.SPLIT
    module = lw.module() or lw.hint() or "model"
    attrs_ = {
        "heads": heads_rank * lw.tp if split else heads_rank,
        "qk_nope_head_dim": qk - d_rope,
        "qk_rope_head_dim": d_rope,
        "v_head_dim": d_v,
        "kv_lora_rank": kv_width - d_rope,
    }
    decode = lw.argv("is_decode_values")
    if isinstance(decode, tuple) and decode and all(decode):
        attrs_["decode"] = True
        attrs_["context"] = lw.context_symbol(latent[0])
    query = _two_d(lw, q)
    if indices is not None:
        ref = lw.emit(
            "sparse_attention", [query, latent[0], indices.ref], name=f"{module}.attn",
            role_=role("attention.attn"), topk=lw.int_arg("topk_limit"), **attrs_,
        )  # fmt: skip
    else:
        ref = lw.emit(
            "mla_attention", [query, latent[0]], name=f"{module}.attn",
            role_=role("attention.attn"), **attrs_,
        )  # fmt: skip
    lw.bind_act(lw.outputs()[0], ref)


@lowering("attention")
def _attention(lw: Lowering) -> None:
    q = lw.act_arg("query")
    assert q is not None
    stored = _cache_contents(lw, "key") or ()
    key_value = lw.act_arg("key"), lw.act_arg("value")
    if all(v is not None for v in key_value):
        stored = tuple(v.ref for v in key_value if v is not None)
    if len(stored) < 2:
        # the key and value were read out of a cache written above
        caches = [v for _, v in lw.tensor_args() if isinstance(v, Data) and v.buffer]
        for cache in caches:
            stored = stored or lw.buffers.get(str(cache.buffer), ())
    spec = lw.spec
    numbers = lw.numbers(q)
    if len(stored) < 2 or numbers is None:
        lw.bind(lw.outputs()[0], _opaque(lw, q))
        return
    attention = spec.attention if spec is not None else None
    head_dim = attention.head_dim if isinstance(attention, GqaSpec) else 128
    heads_rank = math.prod(numbers[1:]) // head_dim
    k_numbers = lw.typer.value(stored[0])
    kv_rank = (lw.typer.context.numeric(k_numbers.shape[-1]) or head_dim) // head_dim
    split = lw.type(q).features is FeatureState.SPLIT
    kv_heads = attention.kv_heads if isinstance(attention, GqaSpec) else kv_rank * lw.tp
    module = lw.module() or lw.hint() or "model"
    ref = lw.emit(
        "attention", [_two_d(lw, q), stored[0], stored[1]], name=f"{module}.attn",
        role_=role("attention.attn"), heads=heads_rank * lw.tp if split else heads_rank,
        kv_heads=kv_heads, head_dim=head_dim,
    )  # fmt: skip
    lw.bind_act(lw.outputs()[0], ref, q.lead)


@lowering("apply_rope")
def _apply_rope(lw: Lowering) -> None:
    outs = lw.outputs()
    for index, name in enumerate(("query", "key")):
        act = lw.act_arg(name)
        if act is None or index >= len(outs):
            continue
        # one kernel turns both: the key's rope adds no launch of its own
        ref = lw.emit("rope", [act.ref], launch=None if index == 0 else False)
        meta = lw.program.meta(outs[index] or "")
        lead = act.lead
        if meta is not None and lw.numbers(act) is not None:
            at = _token_dim([int(d) for d in meta.shape if isinstance(d, int)], lw.numbers(act)[0])  # type: ignore[index]
            lead = tuple(int(d) for d in meta.shape[:at]) if at is not None else lead
        lw.bind_act(outs[index], ref, lead)


# -- collectives ----------------------------------------------------------------------------


def _group_name(lw: Lowering, size: int | None) -> str:
    if size is None or size == lw.tp:
        return "tp"
    if size == lw.ep and "ep" in lw.groups:
        return "ep"
    raise ImportError_(
        f"{lw.origin()}: a collective over {size} ranks, neither the TP group ({lw.tp}) nor "
        f"the EP group ({lw.ep})",
        source=lw.program.source,
    )


def _collective_group(lw: Lowering) -> str:
    return _group_name(lw, lw._group_size(lw.node, lw.entry))  # type: ignore[arg-type]


@lowering("all_reduce")
def _all_reduce(lw: Lowering) -> None:
    act = _first_act(lw)
    ref = lw.emit("all_reduce", [act.ref], group=_collective_group(lw))
    lw.bind_act(lw.outputs()[0], ref, act.lead)


@lowering("reduce_scatter", "all_gather")
def _token_collective(lw: Lowering) -> None:
    act = _first_act(lw)
    axis = _token_axis(lw, act, lw.argv("dim", 0))
    kind = lw.entry.lower
    if axis is not None and axis > 0 and kind == "all_gather":
        ref = lw.emit("feature_gather", [act.ref], group=_collective_group(lw))
    elif axis == 0:
        ref = lw.emit(kind, [act.ref], group=_collective_group(lw))
    else:
        lw.bind(lw.outputs()[0], _opaque(lw, act))
        return
    lw.bind_act(lw.outputs()[0], ref, act.lead)


@lowering("all_to_all")
def _all_to_all(lw: Lowering) -> None:
    inputs = [v for _, v in lw.tensor_args()]
    sent = lw.argv("input_split_sizes")
    received = lw.argv("output_split_sizes")
    send = sum(sent) if isinstance(sent, tuple) else None
    receive = sum(received) if isinstance(received, tuple) else None
    group = _collective_group(lw)
    out = lw.outputs()[0]
    expert = next((v for v in inputs if isinstance(v, Expert)), None)
    if expert is not None:  # the combine: the experts' work, then the rows back
        region = lw.regions[expert.region]
        assert lw.spec is None or lw.spec.moe is None or region.local_experts >= 0
        experts = _global_experts(lw, region)
        done = lw.emit(
            "moe_expert_compute", [region.start], role_=role("moe.experts"),
            name=f"{lw.hint() or 'model'}.experts", experts=experts,
            intermediate=region.intermediate or 1, group=region.group,
            quant=region.quant, active=region.downs or None,
        )  # fmt: skip
        ref = lw.emit(
            "all_to_all", [done], role_=role("moe.experts"), group=group,
            send=_rows(lw, done, send), receive=_rows(lw, done, receive),
        )  # fmt: skip
        lw.bind_act(out, ref)
        return
    act = _first_act(lw)
    ref = lw.emit(
        "all_to_all", [act.ref], role_=role("moe.experts"), group=group,
        send=_rows(lw, act.ref, send), receive=_rows(lw, act.ref, receive),
    )  # fmt: skip
    lw.regions.append(_Region(ref, group, lw.node))  # type: ignore[arg-type]
    lw.bind(out, Expert(len(lw.regions) - 1))


def _rows(lw: Lowering, ref: ValueRef, count: int | None) -> Expr | None:
    """A row count as the value's own rows expression when they agree (so what-ifs over T
    follow), else the number."""
    if count is None:
        return None
    value = lw.typer.value(ref)
    if not value.is_top and lw.typer.context.numeric(value.shape[0]) == count:
        return value.shape[0]
    return sympy.Integer(count)


def _global_experts(lw: Lowering, region: _Region) -> int:
    spec = lw.spec
    if spec is not None and spec.moe is not None:
        return spec.moe.experts
    size = lw.ep if region.group == "ep" else lw.tp
    return max(1, region.local_experts) * size


# -- MoE ------------------------------------------------------------------------------------


@lowering("moe_topk")
def _moe_topk(lw: Lowering) -> None:
    act = _first_act(lw)
    k = lw.int_arg("top_k") or 1
    ref = lw.emit("moe_topk", [act.ref], role_=role("moe.topk"), top_k=k)
    outs = lw.outputs()
    for port, out in enumerate(outs[:2]):
        lw.bind_act(out, ValueRef(ref.op, port), act.lead)


@lowering("moe_dispatch")
def _moe_dispatch(lw: Lowering) -> None:
    x, ids = lw.act_arg("x"), lw.act_arg("topk_indices")
    assert x is not None and ids is not None
    numbers = lw.numbers(ids)
    k = numbers[-1] if numbers else 1
    ref = lw.emit("moe_dispatch", [x.ref, ids.ref], role_=role("moe.experts"), top_k=k)
    lw.bind_act(lw.outputs()[0], ref)


@lowering("moe_combine")
def _moe_combine(lw: Lowering) -> None:
    x, ids = lw.act_arg("x"), lw.act_arg("topk_indices")
    assert x is not None and ids is not None
    numbers = lw.numbers(ids)
    k = numbers[-1] if numbers else 1
    ref = lw.emit("moe_combine", [x.ref, ids.ref], role_=role("moe.experts"), top_k=k)
    lw.bind_act(lw.outputs()[0], ref, ids.lead)


# -- vLLM -----------------------------------------------------------------------------------


@lowering("sequence_parallel_chunk")
def _sp_chunk(lw: Lowering) -> None:
    act = _first_act(lw)
    value = lw.type(act)
    x = act.ref
    extent = lw.typer.context.numeric(value.extent)
    if extent is not None and extent % lw.tp:
        x = lw.emit("pad_tokens", [x], group="tp")
    ref = lw.emit("token_slice", [x], group="tp")
    lw.bind_act(lw.outputs()[0], ref, act.lead)


@lowering("all_gather_unpad")
def _all_gather_unpad(lw: Lowering) -> None:
    act = _first_act(lw)
    ref = lw.emit("all_gather", [act.ref], group="tp")
    if not lw.typer.context.same(lw.typer.value(ref).extent, symbol("T")):
        ref = lw.emit("unpad_tokens", [ref])
    lw.bind_act(lw.outputs()[0], ref, act.lead)


@lowering("pad_reduce_scatter")
def _pad_reduce_scatter(lw: Lowering) -> None:
    act = _first_act(lw)
    x = act.ref
    extent = lw.typer.context.numeric(lw.type(act).extent)
    if extent is not None and extent % lw.tp:
        x = lw.emit("pad_tokens", [x], group="tp")
    ref = lw.emit("reduce_scatter", [x], group="tp")
    lw.bind_act(lw.outputs()[0], ref, act.lead)


@lowering("chunk_residual")
def _chunk_residual(lw: Lowering) -> None:
    x, residual = lw.act_arg("x"), lw.act_arg("residual")
    assert residual is not None
    keep = residual.ref
    if x is not None and lw.type(x).tokens is TokenLayout.LOCAL:
        keep = lw.emit("token_slice", [residual.ref], group="tp")
    lw.bind_act(lw.outputs()[0], keep, residual.lead)


@lowering("rms_norm_out")
def _rms_norm_out(lw: Lowering) -> None:
    act = lw.act_arg("input")
    assert act is not None
    ref = lw.emit("rms_norm", [act.ref], role_=_norm_role(lw))
    for out in lw.outputs():
        lw.bind_act(out, ref, act.lead)


@lowering("fused_add_rms_norm")
def _fused_add_rms_norm(lw: Lowering) -> None:
    x, residual = lw.act_arg("input"), lw.act_arg("residual")
    assert x is not None and residual is not None
    ref = lw.emit("add_rms_norm", [x.ref, residual.ref], role_=_norm_role(lw))
    outs = [o for o in lw.outputs()]
    # functionalized: (op result, input', residual') or (input', residual')
    tail = outs[-2:]
    if tail:
        lw.bind_act(tail[0], ref, x.lead)
    if len(tail) > 1:
        lw.bind_act(tail[1], ValueRef(ref.op, 1), x.lead)


@lowering("silu_and_mul")
def _silu_and_mul(lw: Lowering) -> None:
    act = lw.act_arg("input")
    assert act is not None
    ref = lw.emit("activation", [act.ref], fn="swiglu")
    for out in lw.outputs():
        lw.bind_act(out, ref, act.lead)


@lowering("attention_out")
def _attention_out(lw: Lowering) -> None:
    _attention(lw)


# -- the entry point --------------------------------------------------------------------------


def lower_program(
    program: EngineProgram,
    spec: ModelSpec | None = None,
    settings: RunSettings | None = None,
    registry: Registry | None = None,
) -> Imported:
    """An engine program as a layoutcheck graph, with the import's own diagnostics."""
    recorded = RunSettings.from_recorded(program.settings)
    merged = recorded.merged(settings or RunSettings())
    if merged.engine is None:
        namespaces = {node.target.split(".", 1)[0] for node in program.nodes}
        engine = "tensorcast" if "tensor_cast" in namespaces else "vllm"
        merged = attrs.evolve(merged, engine=engine)
    lowering_ = Lowering(program, spec, merged, registry)
    graph = lowering_.run()
    settings_ = attrs.evolve(merged, tp=lowering_.tp, ep=lowering_.ep)
    diagnostics: list[Diagnostic] = []
    if lowering_.unknown:
        listed = ", ".join(f"{target} ×{n}" for target, n in lowering_.unknown.most_common())
        diagnostics.append(
            Diagnostic(
                rule=rules.UNKNOWN_ENGINE_OP.id,
                severity=Severity.WARNING,
                message=(
                    f"{sum(lowering_.unknown.values())} op(s) the op maps do not know, whose "
                    f"results are left unchecked: {listed}"
                ),
                hint=rules.UNKNOWN_ENGINE_OP.fix,
            )
        )
    return Imported(
        graph.evolve(name=_graph_name(program)),
        settings_,
        tuple(diagnostics),
        tuple(lowering_.warnings),
        lowering_.fused_quant_norms,
    )


def _graph_name(program: EngineProgram) -> str:
    from pathlib import Path

    name = Path(program.source).name
    for suffix in (".pt2", ".readable.py", ".py", ".txt"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def tensor_meta_rows(meta: TensorMeta) -> int:
    return math.prod(int(d) for d in meta.shape if isinstance(d, int))
