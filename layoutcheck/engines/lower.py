"""From an engine's graph to a layoutcheck graph: each node through its op map's lowering, typed
as it is emitted, so every later decision (which dim holds the tokens, how many rows a view
states, which linear is row-parallel) reads the types layoutcheck's own rules computed — never
the engine's shape annotations, which are stale right after TensorCast's SP pass.

This module is the core: the :class:`Lowering` state (the values of the engine graph, the
facts of each node, emitting typed ops) and the driver :func:`lower_program`. The lowerings
themselves are per-family tables in :mod:`layoutcheck.engines.lowerings`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.diagnostics import Diagnostic
from layoutcheck.engines.lowerings import default_lowerings
from layoutcheck.engines.lowerings.base import LoweringRegistry, LoweringSpec, Mark
from layoutcheck.engines.lowerings.norms import lower_written_norm
from layoutcheck.engines.metaless import ASSUMED_TOKENS, RowInput, row_inputs, size_list
from layoutcheck.engines.opmap import OpMapEntry, shipped_opmaps
from layoutcheck.engines.placement import Placement, layer_list, module_path, recorded
from layoutcheck.engines.program import Arg, ArgKind, EngineNode, EngineProgram
from layoutcheck.engines.settings import RunSettings
from layoutcheck.engines.structure import infer_structure
from layoutcheck.engines.values import (
    DTYPES,
    Act,
    Data,
    Expert,
    ExpertRegion,
    ImportError_,
    Pending,
    Value,
)
from layoutcheck.engines.written_norms import WrittenNorm, find_written_norms
from layoutcheck.errors import InputError
from layoutcheck.graph import Graph, InputSpec, Op, ValueRef, freeze_attrs
from layoutcheck.interp import Typer
from layoutcheck.lattice import AbstractValue, Dtype, TokenLayout
from layoutcheck.limits import MAX_NAME_CHARS
from layoutcheck.models.builder import padded_vocab
from layoutcheck.models.config import GqaSpec, ModelSpec
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import Part, Role
from layoutcheck.symbols import Expr, symbol
from layoutcheck.validate import normalize_op

# What a lowering may meet in arguments it reads without a schema to hold them to (an index
# past a short size list, a symbol where a number was expected): a located input error.
ARGUMENT_FAULTS = (TypeError, ValueError, IndexError, KeyError, ZeroDivisionError)
# what reads token rows whatever else it reads: a shape-less input such an op takes as its
# activation is one (see Lowering._reads_activations)
READS_ACTIVATIONS = frozenset(
    {Trait.LINEAR, Trait.NORM, Trait.ACTIVATION, Trait.ATTENTION, Trait.COLLECTIVE}
)
GRAPH_SUFFIXES = (".pt2", ".readable.py", ".py", ".txt")
MAX_VOCAB_SHARDS = 1024  # the widest TP group a vocabulary is searched for

__all__ = [
    "Act",
    "Data",
    "Expert",
    "ImportError_",
    "Imported",
    "Lowering",
    "RunSettings",
    "lower_program",
]


@attrs.frozen
class Imported:
    """A lowered engine graph, with what the import found on the way."""

    graph: Graph
    settings: RunSettings
    diagnostics: tuple[Diagnostic, ...]
    warnings: tuple[str, ...]
    fused_quant_norms: int  # norms fused with quantization (TensorCast's SP pass skips them)
    # the engines whose op maps the graph's targets came from (vllm, vllm-ascend, tensorcast,
    # aten): which pass's conditions explain a rewrite that did not happen
    engines: frozenset[str] = frozenset()
    # engine ops that pad the tokens to a multiple of the group (vLLM's
    # sequence_parallel_chunk and reduce_scatter_with_padding, vLLM-Ascend's pad-and-reduce):
    # the marks of a pass that rewrites only some all_reduces, which a divisible token count
    # leaves out of the lowered graph
    token_padding_ops: int = 0


class Lowering:
    """Walks an engine program once, emitting typed layoutcheck ops."""

    def __init__(
        self,
        program: EngineProgram,
        spec: ModelSpec | None,
        settings: RunSettings,
        registry: Registry | None = None,
        opmaps: Mapping[str, OpMapEntry] | None = None,
        lowerings: LoweringRegistry | None = None,
        config: Mapping[str, Any] | None = None,
    ) -> None:
        self.program = program
        self.spec = spec
        # the model config's own fields (a recurrent layer's sizes its engine op keeps inside)
        self.config: Mapping[str, Any] = config or {}
        self.settings = settings
        self.registry = registry or default_registry()
        self.opmaps = shipped_opmaps() if opmaps is None else opmaps
        self.lowerings = lowerings or default_lowerings()
        self.lowerings.check(self.opmaps)
        self.values: dict[str, Value] = {}
        self.ops: list[Op] = []
        self.names: set[str] = set()
        self.suffixes: dict[str, int] = {}  # the next #n to try per base name
        self.warnings: list[str] = list(program.warnings)
        self.regions: list[ExpertRegion] = []
        self.buffers: dict[str, tuple[ValueRef, ...]] = {}  # cache -> what was written into it
        # a fresh buffer written in parts (slice_scatter) -> the writes so far: (start, end, src)
        self.writes: dict[str, tuple[tuple[int, int, Act], ...]] = {}
        self.layer: int | None = None  # the decoder layer of the region being walked
        self.begun_layer: int | None = None  # the layer of the last region begun
        self.next_layer = 0
        self.repeat: dict[str, int] = {}  # region id -> layers it stands for
        self.copied: set[str] = set()  # regions whose copy_region was emitted
        self.fused_quant_norms = 0
        # values whose engine counterpart is a pending sum the emitted op already completed
        # (vLLM's moe_forward returns per-rank partials; layoutcheck's experts op combines)
        self.completed: set[ValueRef] = set()
        self.node: EngineNode | None = None
        self.entry: OpMapEntry | None = None
        # the shape-less inputs the op reading them made LOCAL token rows (one note lists them)
        self.local_inputs: list[str] = []
        # the engine's own layout faults found while lowering, each at its node
        self.found: list[Diagnostic] = []
        self.token_names = frozenset(program.token_symbols())
        self._prescan()
        self.head_widths = self._head_widths()

    # -- the graph's frame: tokens, groups, inputs --------------------------------------------
    def _prescan(self) -> None:
        program = self.program
        self.consumers: dict[str, list[EngineNode]] = {}
        self.producers: dict[str, EngineNode] = {}
        for node in program.nodes:
            for name in node.tensor_inputs():
                self.consumers.setdefault(name, []).append(node)
            for out in node.outputs:
                if out:
                    self.producers[out] = node
        self.token_inputs = self._token_inputs()
        model = self.spec
        # the norms the graph writes out in elementwise ops (a decomposed LayerNorm), by each
        # node of theirs: lowered as the one norm each is, and placed as one
        self.written: Mapping[str, WrittenNorm] = find_written_norms(
            program, self.opmaps, self.lowerings
        )
        self.written_taken: dict[str, bool] = {}  # a written norm's output -> lowered as one
        # the module list of the decoder layers where the engine's record names it otherwise
        # than `layers` (GPT-J's, Bloom's and Falcon's `h`)
        self.layer_list = layer_list(
            node.module for node in program.nodes if self._fixed_part(node) is Part.ATTN
        )
        # where each node sits, for the nodes the engine recorded no module for (every node of
        # a text dump; the nodes an archive's passes created)
        self.inferred: Mapping[str, Placement] = infer_structure(
            program,
            self.opmaps,
            self.lowerings,
            model.hidden if model is not None else None,
            model.moe.experts if model is not None and model.moe is not None else None,
            self.written,
        )
        # a token dim the dump keeps symbolic (vLLM compiles for a range of counts: `s72`)
        # stands for T, which then has no value: the walk follows its views with an assumed one
        symbolic = {
            name
            for name in self.token_inputs
            if any(d in self.token_names for d in self._meta_shape(name) if isinstance(d, str))
        }
        counts = {
            math.prod(
                d if isinstance(d, int) else ASSUMED_TOKENS
                for d in self._meta_shape(name)
                if isinstance(d, int) or d in self.token_names
            )
            for name in self.token_inputs
        }
        self.tokens_assumed = bool(symbolic) or not self.token_inputs
        # a graph that embeds no token ids (a piecewise subgraph, a fragment): its activation
        # inputs carry the tokens, as many as its token symbols say, else an assumed number
        self.embeds = bool(self.token_inputs)
        self.row_inputs: Mapping[str, RowInput] = {}
        if not self.embeds:
            self.tokens = ASSUMED_TOKENS
            self.row_inputs = row_inputs(program, self.opmaps, self.lowerings, self.token_names)
            named = ", ".join(sorted(self.token_names)) or "named nowhere in it"
            self.warnings.append(
                f"{program.source}: the graph embeds no token ids, so its activation inputs "
                f"carry the tokens: their count T (in the dump: {named}) has no value there, "
                f"and T = {ASSUMED_TOKENS} is assumed only to follow its views: the graph's T "
                "keeps no value (--set T=N checks a count); activations whose dtype the dump "
                "does not state are taken as bf16"
            )
        elif len(counts) != 1:
            raise ImportError_(
                "cannot tell the token count: the token ids the graph embeds differ in size "
                f"({', '.join(self.token_inputs)})",
                source=program.source,
            )
        else:
            self.tokens = counts.pop()
        sizes: Counter[int] = Counter()
        expert_sizes: Counter[int] = Counter()
        dp_sizes: Counter[int] = Counter()
        for node in program.nodes:
            entry = self.opmaps.get(node.target)
            if entry is None:
                continue
            size = self.group_size(node, entry)
            if size is None:
                continue
            if self._runs_over_dp(node, entry):
                # vLLM's naive MoE dispatch and combine over the DP group: neither TP nor EP
                dp_sizes[size] += 1
            elif self.lowerings.is_(entry.lower, Trait.EXPERT):
                expert_sizes[size] += 1
            else:
                sizes[size] += 1
        tp = self.settings.tp or (sizes.most_common(1)[0][0] if sizes else self._vocab_shards())
        if tp == 1 and not self.settings.tp and self._has_collectives():
            # vLLM's all_reduce names its group ('tp:0'), not its size, and skips itself at 1
            self.warnings.append(
                f"{program.source}: the graph's collectives do not say their group's size and "
                "no model config tells it: tp taken as 1; give --tp N (or --config MODEL)"
            )
        ep = self.settings.ep or (expert_sizes.most_common(1)[0][0] if expert_sizes else tp)
        self.tp, self.ep = tp, ep
        self.symbols: dict[str, int | None] = {"T": self.tokens, "tp": tp}
        self.groups: dict[str, Expr] = {"tp": symbol("tp")}
        if ep != tp or expert_sizes:
            self.symbols["ep"] = ep
            self.groups["ep"] = symbol("ep")
        if dp_sizes:
            self.symbols["dp"] = dp_sizes.most_common(1)[0][0]
            self.groups["dp"] = symbol("dp")
        for node in program.nodes:  # region multiplicities: each copy_region adds a layer
            entry = self.opmaps.get(node.target)
            if entry is not None and self.lowerings.mark_of(entry.lower) is Mark.COPY:
                region = str(self.arg_of(node, entry, "id"))
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
                if meta is None:  # its readers will say what it holds
                    self.values[graph_input.name] = Pending(graph_input.name)
                    continue
                self.values[graph_input.name] = Data(
                    meta.shape, meta.dtype, buffer=graph_input.name
                )

    def _has_collectives(self) -> bool:
        return any(
            self.lowerings.is_(entry.lower, Trait.COLLECTIVE)
            for entry in (self.opmaps.get(node.target) for node in self.program.nodes)
            if entry is not None
        )

    def _vocab_shards(self) -> int:
        """The TP size a graph whose collectives state none (vLLM's all_reduce names only its
        group) shows: the model's vocabulary over the rows of the embedding table it holds."""
        spec = self.spec
        if spec is None:
            return 1
        for node in self.program.nodes:
            entry = self.opmaps.get(node.target)
            if entry is None or not self.lowerings.is_(entry.lower, Trait.EMBEDDING):
                continue
            table = self._arg(node, entry, "weight")
            meta = (
                self.program.meta(table.tensor_names()[0])
                if table and table.tensor_names()
                else None
            )
            rows = meta.shape[0] if meta is not None and meta.shape else None
            if isinstance(rows, int) and rows > 0:
                for tp in range(2, MAX_VOCAB_SHARDS + 1):
                    if rows * tp in (spec.vocab, padded_vocab(spec.vocab, tp)):
                        return tp
        return 1

    def _token_inputs(self) -> list[str]:
        """The graph inputs that are token ids or positions: those an embedding or a table
        lookup indexes with, through views and masks."""
        inputs = {g.name for g in self.program.inputs if g.kind == "user_input"}
        found: list[str] = []
        seen: set[str] = set()
        producers = {out: node for node in self.program.nodes for out in node.outputs if out}
        for node in self.program.nodes:
            entry = self.opmaps.get(node.target)
            if entry is None or not self.lowerings.is_(
                entry.lower, Trait.EMBEDDING, Trait.TOKEN_SELECT
            ):
                continue
            lookup = self.lowerings.is_(entry.lower, Trait.EMBEDDING)
            table = self._arg(node, entry, "weight" if lookup else "self")
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
                # ids pass views, casts and masks (a vocab shard's ge/lt/where) unchanged
                if (
                    producer is not None
                    and step is not None
                    and self.lowerings.is_(step.lower, Trait.VIEW, Trait.CAST, Trait.ROW_WISE)
                ):
                    stack.extend(producer.tensor_inputs())
        return sorted(dict.fromkeys(found))

    def _head_widths(self) -> frozenset[int]:
        """The widths of one attention head: the model's head_dim, and the last dim of each
        [t, heads, d] tensor an attention reads (what a per-head view of q or k cuts rows to)."""
        widths: set[int] = set()
        attention = self.spec.attention if self.spec is not None else None
        if isinstance(attention, GqaSpec):
            widths.add(attention.head_dim)
        for node in self.program.nodes:
            if not self.is_(node, Trait.ATTENTION):
                continue
            for name in node.tensor_inputs():
                meta = self.program.meta(name)
                if meta is not None and len(meta.shape) >= 3 and isinstance(meta.shape[-1], int):
                    widths.add(meta.shape[-1])
        return frozenset(widths)

    def _meta_shape(self, name: str) -> tuple[int | str, ...]:
        meta = self.program.meta(name)
        if meta is None:
            raise ImportError_(f"graph input {name!r} has no shape", source=self.program.source)
        return meta.shape

    def _input_lead(self, name: str) -> tuple[int, ...]:
        if name in self.row_inputs:
            return ()
        shape = self._meta_shape(name)
        return tuple(int(d) for d in shape[:-1] if isinstance(d, int))

    def _frame(self) -> Graph:
        inputs = []
        for name in self.token_inputs:
            meta = self.program.meta(name)
            dtype = DTYPES.get(meta.dtype if meta else "", Dtype.INT64)
            inputs.append(InputSpec(name, (symbol("T"),), TokenLayout.FULL, dtype=dtype))
        for name, rows in self.row_inputs.items():
            shape = (symbol("T"), *(sympy.Integer(f) for f in rows.features))
            inputs.append(InputSpec(name, shape, TokenLayout.FULL, dtype=rows.dtype))
        return Graph(
            name=self.program.source,
            symbols=tuple(self.symbols.items()),
            token_count=symbol("T"),
            groups=tuple(self.groups.items()),
            inputs=tuple(inputs),
            ops=(),
            outputs=(),
        )

    def group_size(self, node: EngineNode, entry: OpMapEntry) -> int | None:
        """The ranks a collective node runs over: its rank list, its world size, or a vLLM
        group name's size (``'tp:0'`` is the TP group)."""
        if not self.lowerings.is_(entry.lower, Trait.COLLECTIVE):
            return None
        ranks = self.arg_of(node, entry, "rank_group")
        if isinstance(ranks, tuple):
            return len(ranks)
        world = self.arg_of(node, entry, "world_size")
        if isinstance(world, int) and not isinstance(world, bool):
            return world
        group = self.arg_of(node, entry, "group_name")
        if isinstance(group, str) and group.split(":", 1)[0] == "tp" and self.settings.tp:
            return self.settings.tp
        return None

    def _runs_over_dp(self, node: EngineNode, entry: OpMapEntry) -> bool:
        """Whether a collective names vLLM's data-parallel group (``'dp:0'``)."""
        group = self.arg_of(node, entry, "group_name")
        return isinstance(group, str) and group.split(":", 1)[0] == "dp"

    # -- arguments ------------------------------------------------------------------------
    def _arg(self, node: EngineNode, entry: OpMapEntry, name: str) -> Arg | None:
        position = entry.args.index(name) if name in entry.args else None
        return node.arg(name, position)

    def arg_of(self, node: EngineNode, entry: OpMapEntry, name: str) -> object:
        """The value of argument ``name`` of another node (None when it has none)."""
        arg = self._arg(node, entry, name)
        return None if arg is None else arg.value

    def kind_of(self, node: EngineNode) -> str | None:
        """The lowering a node takes (None for an op the maps do not know)."""
        entry = self.opmaps.get(node.target)
        return entry.lower if entry is not None else None

    def is_(self, node: EngineNode, *traits: Trait) -> bool:
        return self.lowerings.is_(self.kind_of(node), *traits)

    @property
    def current_node(self) -> EngineNode:
        """The node being lowered (mapped or not)."""
        if self.node is None:
            raise RuntimeError("a lowering's helper called outside the walk")
        return self.node

    @property
    def current(self) -> tuple[EngineNode, OpMapEntry]:
        """The node being lowered and its op map entry."""
        if self.entry is None:
            raise RuntimeError("a lowering's helper called on an unmapped node")
        return self.current_node, self.entry

    @property
    def param(self) -> Mapping[str, object]:
        """The op map entry's parameters (``fn: add``, ``quant: w8a8``)."""
        return self.current[1].params

    def arg(self, name: str) -> Arg | None:
        """The node's argument a lowering calls ``name``: the op map may say which schema
        argument that is (``names: {x: x1, residual: x2}``)."""
        node, entry = self.current
        names = entry.params.get("names")
        aliases = names.get(name, name) if isinstance(names, dict) else name
        for schema_name in aliases if isinstance(aliases, list) else [aliases]:
            found = self._arg(node, entry, str(schema_name))
            if found is not None:
                return found
        return None

    def bind_mutated(self, name: str, value: Value) -> None:
        """Bind what a mutating op wrote into its argument ``name``: the functionalized
        node's result for it (results are the op's own, then each mutated argument in the
        op map's ``mutates`` order), and the argument itself, which an in-place call's
        readers read afterwards."""
        node, _ = self.current
        mutated = self.param.get("mutates")
        order = [str(m) for m in mutated] if isinstance(mutated, list) else []
        if node.wrapper is not None and name in order:
            self.bind(self.output(order.index(name) + 1), value)
        tensor = self.tensor_name(name)
        if tensor is not None and node.wrapper is None:
            self.bind(tensor, value)

    def argv(self, name: str, default: object = None) -> object:
        found = self.arg(name)
        return default if found is None or found.kind is ArgKind.NONE else found.value

    def int_arg(self, name: str, default: int | None = None) -> int | None:
        value = self.argv(name, default)
        return value if isinstance(value, int) and not isinstance(value, bool) else default

    def tensor_name(self, name: str) -> str | None:
        """The tensor argument ``name`` passes (None when it passes none)."""
        found = self.arg(name)
        return str(found.value) if found is not None and found.kind is ArgKind.TENSOR else None

    def value_of(self, name: str | None) -> Value | None:
        return None if name is None else self.values.get(name)

    def data_arg(self, name: str) -> Data | None:
        value = self.value_of(self.tensor_name(name))
        if isinstance(value, Pending):  # read as a weight, a scale, a table: data
            value = self.settle_as_data(value)
        return value if isinstance(value, Data) else None

    def act_arg(self, name: str) -> Act | None:
        value = self.value_of(self.tensor_name(name))
        if isinstance(value, Pending):  # read where the op takes an activation: one it is
            value = self.activate(value)
        return value if isinstance(value, Act) else None

    # -- a shape-less graph's inputs, as their readers show them ------------------------------
    def settle_as_data(self, pending: Pending) -> Data:
        data = Data(None, "", buffer=pending.name)
        self.values[pending.name] = data
        return data

    def activate(self, pending: Pending) -> Act:
        """A shape-less input the node reads as an activation: token rows with the features
        of the node's other activation (a residual beside the norm's input, an operand of an
        add), else a width of its own, a symbol the type rules carry.

        Its token layout was decided outside the graph, which holds nothing to check it by: it
        is FULL, except where the op reading it says otherwise — LOCAL beside a LOCAL
        activation (the residual of a sequence-parallel subgraph), LOCAL when a token
        all_gather reads it — so that a piece of a layout is checked for its own ops' agreement
        (each such input is listed in one note)."""
        node = self.current_node
        peers = [
            v for v in (self.values.get(n) for n in node.tensor_inputs()) if isinstance(v, Act)
        ]
        typed = [(peer, self.type(peer)) for peer in peers if not self.type(peer).is_top]
        tokens, group = TokenLayout.FULL, "tp"
        if typed:
            peer, value = typed[0]
            features, dtype, lead = tuple(value.shape[1:]), value.dtype, peer.lead
            if value.tokens is TokenLayout.LOCAL:
                tokens, group = TokenLayout.LOCAL, value.group or "tp"
        else:
            features, dtype, lead = (self.width_symbol(pending.name),), Dtype.BF16, ()
            dim = self.argv("dim", 0)
            if self.is_(node, Trait.TOKEN_GATHER) and dim in (0, -2):
                tokens = TokenLayout.LOCAL
        rows = symbol("T")
        if tokens is TokenLayout.LOCAL:
            rows = rows / self.groups.get(group, symbol("tp"))
            self.local_inputs.append(pending.name)
        spec = InputSpec(pending.name, (rows, *features), tokens, dtype=dtype, group=group)
        self.frame = self.frame.evolve(inputs=(*self.frame.inputs, spec))
        self.typer.add_input(spec)
        act = Act(ValueRef(pending.name), lead)
        self.values[pending.name] = act
        return act

    def width_symbol(self, of: str) -> Expr:
        """A feature width the graph does not state, named for the value it is the width of:
        a symbol the type rules carry (two values must then agree by their ops, not by a
        number)."""
        name = self._symbol_name(f"{of}_width")
        self.symbols[name] = None
        self.frame = self.frame.evolve(symbols=tuple(self.symbols.items()))
        return symbol(name)

    def _symbol_name(self, wanted: str) -> str:
        base = "".join(c if c.isalnum() or c == "_" else "_" for c in wanted)
        candidate, n = base if base[:1].isalpha() else f"w_{base}", 1
        while candidate in self.symbols:
            n += 1
            candidate = f"{base}_{n}"
        return candidate

    def size_list(self, name: str) -> tuple[int, ...] | None:
        """A size-list argument as numbers, the token count's names standing for T's."""
        return size_list(self.arg(name), self.token_names, self.tokens)

    def require_act(self, *names: str) -> Act:
        """The activation the first of ``names`` passes, else a located error."""
        for name in names:
            act = self.act_arg(name)
            if act is not None:
                return act
        raise self.fail(f"expects an activation as {' or '.join(names)}")

    def tensor_args(self) -> list[tuple[str, Value]]:
        """The node's tensor arguments' values; a shape-less input among them is made an
        activation where the op map says the op adds activations alike (a residual add),
        else left for the walk to settle as data."""
        node = self.current_node
        alike = self.entry is not None and self.entry.params.get("residual") is True
        out: list[tuple[str, Value]] = []
        for name in node.tensor_inputs():
            value = self.values.get(name)
            if isinstance(value, Pending) and alike:
                value = self.activate(value)
            if value is not None:
                out.append((name, value))
        return out

    def fail(self, message: str) -> ImportError_:
        """An input error at the node being lowered: its name, target and source line."""
        node = self.current_node
        return ImportError_(
            f"{node.target} ({self.origin()}): {message}",
            op=node.name,
            line=node.dump_line,
            source=self.program.source,
        )

    def flag(self, rule: rules.Rule, message: str, at: ValueRef) -> None:
        """A layout fault of the engine's graph at the node being lowered (the emitted op
        ``at`` stands for it): an error located at the node's line, with the engine's origin."""
        node = self.current_node
        self.found.append(
            Diagnostic(
                rule=rule,
                severity=rule.severity,
                message=f"{node.target}: {message}",
                hint=rule.fix,
                op=at.op,
                layer=self.current_layer(),
                line=node.dump_line,
                origin=self.origin(),
            )
        )

    # -- types and shapes -----------------------------------------------------------------
    def type(self, act: Act) -> AbstractValue:
        return self.typer.value(act.ref)

    def _decode_context(self) -> None:
        """A decode step's attention reads S keys per request: S becomes a graph symbol. The
        graph's own phase flags (TensorCast's ``is_decode_values``) decide where it has them;
        a graph without them (TensorCast's GQA attention, vLLM's) is a decode when the run
        says so (--phase decode, or the capture's record)."""
        said = self._graph_says_decode()
        self.decode = said if said is not None else self.settings.phase == "decode"
        if not self.decode:
            return
        # keys per request as TensorCast's seq_lens count them (input_generator.py: seq_len =
        # context_length + query_len): the cache and the new token. Without --context, the
        # paged cache's capacity bounds it where the graph reads one; else the new token alone
        context = self.settings.context
        capacity = self._cache_capacity()
        if context:
            self.symbols["S"] = context + 1
        elif said:  # TensorCast's own decode graph: its cache's capacity
            self.symbols["S"] = capacity
        elif context is not None:  # --context 0: the new token alone
            self.symbols["S"] = 1
        else:
            self.symbols["S"] = capacity if capacity is not None else 1

    def _graph_says_decode(self) -> bool | None:
        """Whether the graph's phase flags make every request a decode (None: no flags)."""
        said: bool | None = None
        for node in self.program.nodes:
            flags = node.arg("is_decode_values")
            values = flags.value if flags is not None else None
            if isinstance(values, tuple) and values:
                if all(values):
                    return True
                said = False
        return said

    def context_symbol(self) -> Expr:
        """The decode keys per request S: the user's --context and the new token, else the
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
        if any(d is None for d in dims):
            return None
        return tuple(int(d) for d in dims if d is not None)

    def engine_shape(self, act: Act) -> tuple[int, ...] | None:
        numbers = self.numbers(act)
        if numbers is None:
            return None
        if act.order is not None:
            numbers = tuple(numbers[i] for i in act.order)
        if act.folded:  # the engine's rows are the value's tokens times its heads
            numbers = (numbers[0] * numbers[1], *numbers[2:])
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

    # -- facts: where the node sits, and its names ----------------------------------------
    def placement_of(self, node: EngineNode) -> Placement | None:
        """Where ``node`` sits: as the engine recorded its module, else as inferred."""
        return recorded(node.module, self.layer_list) or self.inferred.get(node.name)

    def recorded_of(self, node: EngineNode) -> Placement | None:
        """Where the engine itself recorded ``node``'s module (None for an inferred one)."""
        return recorded(node.module, self.layer_list)

    def placement(self) -> Placement | None:
        return self.placement_of(self.current_node)

    def where(self) -> Placement | None:
        """The placement, else the module a pass's hint names (for layers and names only)."""
        return self.placement() or recorded(self.current_node.module_hint, self.layer_list)

    def module(self) -> str | None:
        found = self.placement()
        return found.path if found is not None else None

    def hint(self) -> str | None:
        found = self.where()
        return found.path if found is not None else None

    def current_layer(self) -> int | None:
        found = self.where()
        layer = found.layer if found is not None else None
        return self.layer if layer is None else layer

    def origin(self) -> str:
        node = self.current_node
        text = node.name
        inferred = self.inferred.get(node.name)
        if node.module or inferred or node.module_hint:
            # ~ marks a module path the engine did not record (a pass's hint, or inferred)
            shown = inferred.path if inferred is not None else node.module_hint
            text += f" ({node.module or '~' + str(shown)})"
        if node.source is not None:
            text += f" at {node.source[0]}:{node.source[1]}"
        return text

    def _unique(self, name: str) -> str:
        # the next #n to try per base name: 20,000 ops of one name would otherwise try every
        # earlier suffix each time (quadratic)
        n = self.suffixes.get(name, 1)
        candidate = name if n == 1 else f"{name}#{n}"
        while candidate in self.names or candidate in self.values:
            n += 1
            candidate = f"{name}#{n}"
        self.suffixes[name] = n
        self.names.add(candidate)
        return candidate

    def default_name(self, own_module: bool = False) -> str:
        node = self.current_node
        module = self.module()
        if own_module and module:
            return module
        where = module or self.hint()
        if where:
            return f"{where}.{node.name}"
        if self.layer is not None:
            return f"{module_path(self.layer)}.{node.name}"
        return node.name

    # -- emitting ---------------------------------------------------------------------------
    def emit(
        self,
        kind: str,
        inputs: Sequence[ValueRef],
        *,
        name: str | None = None,
        role_: Role | None = None,
        layer: int | None = None,
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
            layer=self.current_layer() if layer is None else layer,
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
        return self.current_node.outputs

    def output(self, port: int = 0) -> str | None:
        """The name of result ``port`` (None for an unused one or one the node lacks)."""
        outs = self.outputs()
        return outs[port] if 0 <= port < len(outs) else None

    def data_outputs(self) -> None:
        """Every result of the node is data (the layout does not describe it)."""
        for out in self.outputs():
            meta = self.program.meta(out) if out else None
            self.bind(out, Data(None if meta is None else meta.shape, meta.dtype if meta else ""))

    # -- the walk ---------------------------------------------------------------------------
    def run(self) -> Graph:
        for node in self.program.nodes:
            self.node = node
            entry = self.opmaps.get(node.target)
            inputs = [self.values.get(name) for name in node.tensor_inputs()]
            self.entry = entry
            written = self.written.get(node.name)
            if written is not None and self._takes(written):
                source = self.values.get(written.source)
                if node.name == written.output and isinstance(source, Act):
                    lower_written_norm(self, written, source)
                continue  # an inner node: its work is the norm's
            if entry is None:
                self._unknown(node, inputs)
                continue
            kind = self.lowerings[entry.lower]
            expert = [v for v in inputs if isinstance(v, Expert)]
            # the combine all_to_all (or the reduce-scatter after an all-gather dispatch) is
            # where the expert side ends: its lowering folds it
            ends = kind.traits >= {Trait.EXPERT, Trait.COLLECTIVE} or (
                kind.traits >= {Trait.COLLECTIVE, Trait.TOKEN_SCATTER}
            )
            if expert and not ends:
                self._expert_side(node, expert[0])
                continue
            live = any(isinstance(v, Act | Expert) for v in inputs) or (
                any(isinstance(v, Pending) for v in inputs) and self._reads_activations(kind)
            )
            if not live and not kind.source:
                self._settle(node)
                self._data_only(node, [self.values.get(n) for n in node.tensor_inputs()])
                continue
            self._lower(kind.lower)
            self._settle(node)
        outputs = []
        for name in self.program.outputs:
            value = self.values.get(name) if name else None
            if isinstance(value, Act):
                outputs.append(value.ref)
        if not self.embeds and not self.ops:
            raise ImportError_(
                "the graph embeds no token ids and no op of it reads one of its inputs as token "
                "rows: there is nothing to type (a graph of weights or metadata alone?)",
                source=self.program.source,
            )
        if self.local_inputs:
            listed = ", ".join(self.local_inputs)
            self.warnings.append(
                f"{self.program.source}: graph inputs taken as LOCAL token rows, as the ops "
                f"reading them need (a token all_gather, or an activation beside a LOCAL one): "
                f"{listed}; the graph does not show how they were laid out"
            )
        unsettled = [n for n, v in self.values.items() if isinstance(v, Pending)]
        if unsettled:
            self.warnings.append(
                f"{self.program.source}: {len(unsettled)} graph "
                f"{'input' if len(unsettled) == 1 else 'inputs'} of unknown layout (no op the "
                f"op maps know reads {'it' if len(unsettled) == 1 else 'them'}, and the dump "
                f"states no shape): {', '.join(unsettled)}"
            )
        graph = self.frame.evolve(ops=tuple(self.ops), outputs=tuple(outputs))
        if self.tokens_assumed:  # the assumed count guided the walk; the graph's T has no value
            symbols = tuple((n, None if n == "T" else v) for n, v in graph.symbols)
            graph = graph.evolve(symbols=symbols)
        return graph

    def _takes(self, norm: WrittenNorm) -> bool:
        """Is the written norm lowered as one norm? It is when the value it normalizes is a
        typed activation (decided at its first node, when that value is known); else its
        nodes are lowered one by one."""
        taken = self.written_taken.get(norm.output)
        if taken is None:
            value = self.values.get(norm.source)
            if isinstance(value, Pending):
                value = self.activate(value)
            taken = isinstance(value, Act) and not self.type(value).is_top
            self.written_taken[norm.output] = taken
        return taken

    def _fixed_part(self, node: EngineNode) -> Part | None:
        """The part a node's lowering fixes wherever it sits (an attention's ``attn``)."""
        found = self.lowerings.role_of(self.kind_of(node))
        return found.part if found is not None else None

    def _reads_activations(self, kind: LoweringSpec) -> bool:
        """Does this op read token rows whatever its other inputs are, so that a shape-less
        input is lowered through it (its lowering takes the activation, the rest is data)? A
        matmul, a norm, an activation function, an attention, a collective, a residual add
        do; a view, a cast or a pointwise op may as well work on a weight or a scale."""
        if kind.traits & READS_ACTIVATIONS:
            return True
        return self.entry is not None and self.entry.params.get("residual") is True

    def _settle(self, node: EngineNode) -> None:
        """What a mapped op read and did not take as an activation is data (its weight,
        scale, bias or offset): the op map knows the op, and its lowering took the
        activations it has."""
        for name in node.tensor_inputs():
            value = self.values.get(name)
            if isinstance(value, Pending):
                self.settle_as_data(value)

    def _lower(self, lower: object) -> None:
        """One lowering, with what goes wrong on the node's arguments located at the node
        (its name, target and line), in one place."""
        try:
            lower(self)  # type: ignore[operator]  # a LowerFn from the registry
        except ImportError_:
            raise
        except InputError as error:  # an op the lowering built that layoutcheck refuses
            raise self.fail(error.message) from None
        except ARGUMENT_FAULTS as error:
            raise self.fail(
                f"cannot be lowered from the arguments it has ({type(error).__name__}: {error})"
            ) from None

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
        count = max(1, len(node.outputs))
        ref = self.emit("opaque", acts, target=node.target, ports=(1,) * count)
        for port, out in enumerate(node.outputs):
            self.bind_act(out, ValueRef(ref.op, port))

    def _expert_side(self, node: EngineNode, value: Expert) -> None:
        """An op among the experts' own: what it says of the experts goes on the region."""
        region = self.regions[value.region]
        if self.is_(node, Trait.EXPERT) and self.is_(node, Trait.LINEAR):  # a grouped matmul
            weights = self.arg("w")
            if weights is not None and weights.kind is ArgKind.TENSORS:
                items = weights.value if isinstance(weights.value, tuple) else ()
                names = [n for n in items if isinstance(n, str)]
                region.local_experts = max(region.local_experts, len(names))
                meta = self.program.meta(names[0]) if names else None
                if meta is not None and len(meta.shape) == 2 and isinstance(meta.shape[1], int):
                    region.intermediate = region.intermediate or meta.shape[1] // 2
            quant = self.param.get("quant")
            if isinstance(quant, str):
                region.quant = quant
        elif self.is_(node, Trait.LINEAR):
            region.downs += 1
        elif self.is_(node, Trait.EXPERT):  # a fused-experts kernel: its stacked weights
            down = self.data_arg("w2")
            shape = down.shape if down is not None else None
            if shape is not None and len(shape) == 3 and all(isinstance(d, int) for d in shape):
                region.local_experts = max(region.local_experts, int(shape[0]))
                region.intermediate = region.intermediate or int(shape[2])
        for out in node.outputs:
            self.bind(out, value)
        # an in-place kernel writes the experts' rows into its output argument
        mutated = self.param.get("mutates")
        for name in mutated if isinstance(mutated, list) else ():
            tensor = self.tensor_name(str(name))
            if tensor is not None and node.wrapper is None:
                self.bind(tensor, value)


def _attr(value: object) -> object:
    if isinstance(value, bool | str):
        return value
    if isinstance(value, int):
        return sympy.Integer(value)
    if isinstance(value, tuple | list):
        return tuple(sympy.Integer(v) if isinstance(v, int) else v for v in value)
    return value


# -- the entry point --------------------------------------------------------------------------


def lower_program(
    program: EngineProgram,
    spec: ModelSpec | None = None,
    settings: RunSettings | None = None,
    registry: Registry | None = None,
    lowerings: LoweringRegistry | None = None,
    config: Mapping[str, Any] | None = None,
) -> Imported:
    """An engine program as a layoutcheck graph, with the import's own diagnostics. ``config``:
    the model config's fields, for what a lowering needs beyond ``spec``."""
    _check_names(program)
    recorded_settings = RunSettings.from_recorded(program.settings)
    merged = recorded_settings.merged(settings or RunSettings())
    if merged.engine is None:
        merged = attrs.evolve(merged, engine=_engine_of(program))
    lowering_ = Lowering(program, spec, merged, registry, lowerings=lowerings, config=config)
    graph = lowering_.run()
    settings_ = attrs.evolve(merged, tp=lowering_.tp, ep=lowering_.ep)
    # an opaque op (an unknown target, an op its lowering could not follow) is reported by the
    # check of the typed graph, with the ops its ⊤ reaches (layoutcheck.coverage)
    diagnostics: list[Diagnostic] = list(lowering_.found)
    entries = [e for e in (lowering_.opmaps.get(n.target) for n in program.nodes) if e is not None]
    engines = frozenset(entry.engine for entry in entries)
    padding = sum(1 for e in entries if lowering_.lowerings.is_(e.lower, Trait.TOKEN_PAD))
    return Imported(
        graph.evolve(name=_graph_name(program)),
        settings_,
        tuple(diagnostics),
        tuple(lowering_.warnings),
        lowering_.fused_quant_norms,
        engines,
        padding,
    )


def _check_names(program: EngineProgram) -> None:
    """Every name a graph takes from the dump is at most MAX_NAME_CHARS long, as a graph
    file's are (an op's name is printed in every diagnostic about it)."""
    named: list[tuple[str, int | None]] = [(each.name, None) for each in program.inputs]
    named += [(node.name, node.dump_line) for node in program.nodes]
    for name, line in named:
        if len(name) > MAX_NAME_CHARS:
            raise ImportError_(
                f"a node name {name[:60]!r}… is {len(name):,} characters long (the limit is "
                f"{MAX_NAME_CHARS:,})",
                line=line,
                source=program.source,
            )


def _engine_of(program: EngineProgram) -> str:
    """The engine whose op maps a graph's own ops come from: TensorCast's, else vLLM's (its
    settings name vLLM-Ascend's runs ``vllm`` too)."""
    opmaps = shipped_opmaps()
    engines = {opmaps[n.target].engine for n in program.nodes if n.target in opmaps}
    return "tensorcast" if "tensorcast" in engines else "vllm"


def _graph_name(program: EngineProgram) -> str:
    name = Path(program.source).name
    for suffix in GRAPH_SUFFIXES:
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name
