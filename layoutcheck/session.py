"""The application layer: one request's pipeline, used by the CLI, the REPL and the Python API.

A :class:`Session` resolves a target (a graph file, or a model built and rewritten by the passes
its execution calls for) into a graph once, types it once, and derives the check, the cost and
the memory from that one typed graph; the model config is read once.

    session = Session(Options("glm-5.1", tp=16, sp=True, quant="w8a8"))
    session.check().ok
    session.cost("a3-752t").expr("total")
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from layoutcheck import resources
from layoutcheck.batch import DecodeBatch
from layoutcheck.check import report_for
from layoutcheck.contracts import Contract, ContractError, load_contract
from layoutcheck.diagnostics import Diagnostic, Report
from layoutcheck.errors import InputError, UsageError
from layoutcheck.files import read_bytes
from layoutcheck.graph import Graph
from layoutcheck.graph_io import MAX_FILE_BYTES, load_graph
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.limits import MAX_EXPANDED_OPS
from layoutcheck.models import (
    BuiltModel,
    ConfigError,
    Execution,
    Layout,
    ModelSpec,
    ParallelConfig,
    Phase,
    SharedExperts,
    build_folded,
    build_from_spec,
    load_config,
    model_spec,
    pipeline_stages,
)
from layoutcheck.models.pipeline import Stage
from layoutcheck.ops import Registry, default_registry
from layoutcheck.quant import QuantDescription, recipe
from layoutcheck.validate import check_values

DEFAULT_TOKENS = {Phase.PREFILL: 4096, Phase.DECODE: 1}


@attrs.frozen
class Options:
    """What to work on: a target and, when it is a model, how to build it; the symbol values
    to override; the contract and the quantization to apply."""

    target: str
    tp: int | None = None  # None: 1 for a model; for an engine graph, what the graph shows
    dp: int | None = None
    ep: int | None = None
    sp: bool = False
    phase: str | None = None  # None: prefill for a model; for an engine graph, as recorded
    tokens: int | None = None
    context: int | None = None  # KV context per request: decode's cache, a chunked prefix
    # decode: B requests over the DP ranks (layoutcheck.batch), each with its own context:
    # ``contexts`` one per request (else ``context`` for all)
    batch: int | None = None
    contexts: tuple[int, ...] = ()
    layout: str = Layout.TENSORCAST.value
    shared_experts: str | None = None
    mla_prolog: str = "separate"  # "fused": the MLA q-side as one op (TensorCast's mlapo)
    repetition: bool = False
    sets: Mapping[str, int] = attrs.field(factory=dict)
    contract: str | None = None
    quant: str | None = None
    quant_description: str | None = None
    config: str | None = None  # an engine graph's model (a shipped name, config.json or folder)
    cost_options: Mapping[str, str] = attrs.field(factory=dict)  # named pricing choices
    # pipeline parallelism: the model's layers split over ``pp`` stages (a model only), and
    # which stage's graph this session works on (``layoutcheck.pipeline`` makes one each)
    pp: int = 1
    stage: int | None = None
    # the stage's inputs the previous stage sends LOCAL (its outputs' layout, found by
    # ``layoutcheck.pipeline``): received as they are sent
    local_inputs: tuple[str, ...] = ()
    # ops nobody could type are warnings, not unchecked-op errors (--allow-unknown)
    allow_unknown: bool = False


class PrologForm(enum.Enum):
    """How the builder makes the MLA q-side."""

    SEPARATE = "separate"  # the Hugging Face modules: q_a/q_b/kv_a projections, norms, ropes
    FUSED = "fused"  # one mla_prolog op, as TensorCast's mlapo and vLLM-Ascend run it


def is_graph_file(target: str) -> bool:
    """A graph file is YAML, or JSON with a ``format`` key; any other JSON is a model config."""
    path = Path(target)
    if path.suffix.lower() in (".yaml", ".yml"):
        return True
    if path.suffix.lower() != ".json":
        return False
    try:
        text = read_bytes(path, MAX_FILE_BYTES, InputError).decode("utf-8", errors="replace")
    except InputError:
        return False  # not a readable regular file: the config reader says why
    return '"format"' in text and "layoutcheck-graph" in text


def with_symbols(graph: Graph, overrides: Mapping[str, int]) -> Graph:
    """The graph with some symbols' values replaced (every size re-checked at the new values)."""
    if not overrides:
        return graph
    known = dict(graph.symbols)
    for name in overrides:
        if name not in known:
            listed = ", ".join(known) or "none"
            raise UsageError(f"--set {name}: the graph has no symbol {name!r} (symbols: {listed})")
    known.update(overrides)
    graph = graph.evolve(symbols=tuple(known.items()))
    check_values(graph)
    return graph


def resolve_target(target: str) -> str:
    """A path as given; else a shipped example graph by name (``glm51-layer-tensorcast-dsa-cp``)
    when no shipped model has that name; else the name (a model, or an error later)."""
    if Path(target).exists() or resources.find("models", target) is not None:
        return target
    shipped = resources.find("graphs", target)
    return str(shipped) if shipped is not None else target


# a model of more layers than this has its op-by-op build's size known first (from the folded
# build) and refused past MAX_EXPANDED_OPS
EXPANDED_CHECK_LAYERS = 512


def _expanded_ops(graph: Graph) -> int:
    """How many ops a folded graph stands for, built layer by layer."""
    return sum(graph.multiplicity(op) for op in graph.ops)


class TargetKind:
    """What a command was given, and how each stage treats it: a model config (built by the
    builder), a graph file (loaded), or an engine's own graph (read and lowered). ``Session``
    asks its kind and never branches on what the target is."""

    name = "target"
    # a folded graph's findings are reported for every layer they stand for, as the expanded
    # form would report them; an engine's regions are reported as its graph states them
    every_layer = True

    def graph(self, session: Session) -> Graph:
        raise NotImplementedError

    def spec(self, session: Session) -> ModelSpec | None:
        return None

    def notes(self, session: Session) -> tuple[str, ...]:
        return ()

    def warnings(self, session: Session) -> tuple[str, ...]:
        spec = session.spec
        return tuple(spec.warnings) if spec is not None else ()

    def contract_name(self, session: Session) -> str | None:
        """The contract the target calls for when none is given: its ``contract:`` key."""
        return session.graph.contract

    def extra_diagnostics(self, session: Session) -> tuple[Diagnostic, ...]:
        """Findings beyond the type rules and the contract: what reading the target found."""
        return ()

    def report_file(self, session: Session) -> str | None:
        """The file a JSON report names (an engine graph's; a graph file's lines are its ops')."""
        return None

    def config_path(self, session: Session) -> str | None:
        """The model config the target stands for, if any (a name, a file or a folder)."""
        return None


class ModelTarget(TargetKind):
    name = "model"

    def config_path(self, session: Session) -> str | None:
        return session.options.target

    def spec(self, session: Session) -> ModelSpec | None:
        config, name, where = session.config
        return model_spec(config, name, where)

    def graph(self, session: Session) -> Graph:
        built = session.built
        if built is None:  # a model always builds; the builder raises what stops it
            raise UsageError(f"{session.options.target}: the model did not build")
        return built.graph  # already folded with ``repetition``

    def warnings(self, session: Session) -> tuple[str, ...]:
        options = session.options
        if options.pp > 1 and options.stage is None:  # a pipeline: its stages are built each
            return super().warnings(session)
        built = session.built  # the config's ignored fields, and what the build itself found
        return tuple(built.warnings) if built is not None else super().warnings(session)

    def notes(self, session: Session) -> tuple[str, ...]:
        spec = session.spec
        defaults = (
            (
                f"{spec.name}: values taken for fields its config does not give: "
                + "; ".join(spec.defaults),
            )
            if spec is not None and spec.defaults
            else ()
        )
        batch = session.decode_batch
        if batch is None or batch.is_uniform:
            return defaults
        rank = batch.busiest
        share = batch.share(rank)
        return (
            *defaults,
            f"--batch {batch.size} over dp {batch.dp}: built DP rank {rank}, whose "
            f"{len(share)} requests hold the most keys ({sum(share) + len(share):,})",
        )


class GraphFileTarget(TargetKind):
    name = "graph file"

    def graph(self, session: Session) -> Graph:
        _no_stages(session)
        return load_graph(session.options.target, session.registry)

    def warnings(self, session: Session) -> tuple[str, ...]:
        return ()

    def extra_diagnostics(self, session: Session) -> tuple[Diagnostic, ...]:
        if not session.options.sp:
            return ()
        # a graph file states its layout; --sp says what the run asked for, so a file
        # without sequence parallelism is reported as an engine graph would be
        from layoutcheck.requested import check_requested

        return check_requested(session.typed, sequence_parallel=True)


class EngineTarget(TargetKind):
    name = "engine graph"
    every_layer = False

    def spec(self, session: Session) -> ModelSpec | None:
        found: ModelSpec | None = session.engine_model.spec
        return found

    def graph(self, session: Session) -> Graph:
        _no_stages(session)
        graph: Graph = session.imported.graph
        return graph

    def notes(self, session: Session) -> tuple[str, ...]:
        return (*session.program.notes, *session.engine_model.notes)

    def warnings(self, session: Session) -> tuple[str, ...]:
        return (*super().warnings(session), *session.imported.warnings)

    def contract_name(self, session: Session) -> str | None:
        from layoutcheck.engines.target import contract_for

        found: str | None = contract_for(session.imported.settings, session.spec, session.graph)
        return found

    def extra_diagnostics(self, session: Session) -> tuple[Diagnostic, ...]:
        from layoutcheck.requested import check_requested

        imported = session.imported
        requested = check_requested(
            session.typed,
            imported.settings.sp,
            imported.fused_quant_norms,
            imported.engines,
            imported.token_padding_ops,
        )
        return (*imported.diagnostics, *requested)

    def report_file(self, session: Session) -> str | None:
        return session.options.target

    def config_path(self, session: Session) -> str | None:
        return session.options.config  # --config, when given


def _no_stages(session: Session) -> None:
    """Pipeline stages are cut from a model config; a graph is one stage as it stands."""
    if session.options.pp > 1:
        raise UsageError(
            f"--pp {session.options.pp}: pipeline stages are built from a model config; "
            f"{session.options.target} is a {session.kind.name} (one stage's graph as it stands)"
        )


def target_kind(target: str) -> TargetKind:
    """The kind of a (resolved) target, told without reading more than its first bytes."""
    from layoutcheck.target_kind import is_engine_target

    if is_engine_target(target):
        return EngineTarget()
    if is_graph_file(target):
        return GraphFileTarget()
    return ModelTarget()


class Session:
    """One request: every stage computed at most once, from the one typed graph."""

    def __init__(self, options: Options, registry: Registry | None = None) -> None:
        self.options = attrs.evolve(options, target=resolve_target(options.target))
        self.registry = registry or default_registry()

    # -- the target ---------------------------------------------------------------------------
    @functools.cached_property
    def kind(self) -> TargetKind:
        """What the target is: every stage below asks it."""
        return target_kind(self.options.target)

    @property
    def is_engine(self) -> bool:
        """An engine's own graph: a torch.export archive or an fx text dump (or a folder of
        dump pieces)."""
        return isinstance(self.kind, EngineTarget)

    @property
    def is_model(self) -> bool:
        return isinstance(self.kind, ModelTarget)

    @functools.cached_property
    def config(self) -> tuple[dict[str, Any], str, str]:
        """The model's config, its short name and where it came from (read once): the target
        itself, or an engine graph's --config."""
        where = self.kind.config_path(self)
        if where is None:
            raise UsageError(f"{self.options.target} is a {self.kind.name}, not a model")
        return load_config(where)

    @functools.cached_property
    def spec(self) -> ModelSpec | None:
        return self.kind.spec(self)

    @functools.cached_property
    def program(self) -> Any:
        """The engine graph as read (a ``layoutcheck.engines.EngineProgram``)."""
        from layoutcheck.engines.target import read_target

        return read_target(self.options.target)

    @functools.cached_property
    def engine_model(self) -> Any:
        """The model an engine graph runs (``layoutcheck.engines.target.EngineModel``): the
        --config given, else the one the capture recorded, else a shipped one the graph's
        embedding matches, else none (sizes then come from the graph alone)."""
        from layoutcheck.engines.target import engine_model

        given = self.config if self.options.config is not None else None
        return engine_model(self.program, given, self.requested)

    @functools.cached_property
    def requested(self) -> Any:
        """What the user says the run asked for (``RunSettings``; None fields: not said)."""
        from layoutcheck.engines.lower import RunSettings

        options = self.options
        return RunSettings(
            tp=options.tp,
            dp=options.dp,
            ep=options.ep,
            sp=True if options.sp else None,
            phase=options.phase,
            quant=options.quant,
            context=options.context,
        )

    @functools.cached_property
    def imported(self) -> Any:
        """The engine graph lowered (``layoutcheck.engines.lower.Imported``)."""
        from layoutcheck.engines.lower import lower_program

        return lower_program(
            self.program,
            self.spec,
            self.requested,
            self.registry,
            config=self.engine_model.config,
        )

    @functools.cached_property
    def notes(self) -> tuple[str, ...]:
        """How the target was read, where the user did not say (the model an engine graph
        was matched to)."""
        return self.kind.notes(self)

    @functools.cached_property
    def warnings(self) -> tuple[str, ...]:
        """What the target holds that layoutcheck does not model or cannot trust: a config's
        ignored fields, an engine dump's stale annotations."""
        return self.kind.warnings(self)

    @functools.cached_property
    def built(self) -> BuiltModel | None:
        if not self.is_model:
            return None
        options = self.options
        phase = _choice(Phase, options.phase or Phase.PREFILL.value, "--phase")
        tokens = options.tokens if options.tokens is not None else DEFAULT_TOKENS[phase]
        assert self.spec is not None
        # the repetition form is built from one template per run of alike layers
        build = build_folded if options.repetition else build_from_spec
        arguments = dict(
            sequence_parallel=options.sp,
            layout=_choice(Layout, options.layout, "--layout"),
            shared_experts=(
                _choice(SharedExperts, options.shared_experts, "--shared-experts")
                if options.shared_experts
                else None
            ),
            fused_prolog=_choice(PrologForm, options.mla_prolog, "--mla-prolog")
            is PrologForm.FUSED,
        )
        parallel = ParallelConfig(tp=options.tp or 1, dp=options.dp or 1, ep=options.ep)
        execution = self._execution(phase, tokens, parallel.dp)
        stage = self.stage
        if stage is not None:
            arguments["stage"] = stage
            arguments["local_inputs"] = options.local_inputs
        if build is build_from_spec and self.spec.layers > EXPANDED_CHECK_LAYERS:
            # the work of an op-by-op build is known from the folded one (milliseconds)
            folded = build_folded(self.spec, parallel, execution, **arguments)
            expanded = _expanded_ops(folded.graph)
            if expanded > MAX_EXPANDED_OPS:
                raise UsageError(
                    f"{self.spec.name}: {self.spec.layers:,} layers are {expanded:,} ops built "
                    f"one by one, over the {MAX_EXPANDED_OPS:,} this command builds that way; "
                    "use --repetition (the folded form, one template per run of alike layers), "
                    "or a config with fewer layers"
                )
        return build(self.spec, parallel, execution, **arguments)

    def _execution(self, phase: Phase, tokens: int, dp: int) -> Execution:
        """What runs: ``tokens`` with one context, or a decode batch's busiest DP rank."""
        options = self.options
        if options.batch is None:
            if len(options.contexts) > 1:
                raise UsageError(
                    f"--context lists {len(options.contexts):,} contexts, one per request of "
                    f"a decode batch: add --batch {len(options.contexts)}"
                )
            context = options.contexts[0] if options.contexts else options.context
            return Execution(phase, tokens, context or 0)
        if phase is not Phase.DECODE:
            raise UsageError(
                "--batch counts the requests of a decode step: add --phase decode (a prefill's "
                "prompts are --set requests=N)"
            )
        if options.tokens is not None:
            raise UsageError(
                "--batch and --tokens both size a decode step: --batch B runs ceil(B/dp) "
                "requests of one token on each DP rank; give one of them"
            )
        batch = self.decode_batch
        assert batch is not None
        share = batch.share(batch.busiest)
        return Execution(phase, len(share), max(share), request_contexts=share)

    @functools.cached_property
    def decode_batch(self) -> DecodeBatch | None:
        """``--batch``'s requests over the DP ranks (None: no batch)."""
        options = self.options
        if options.batch is None:
            return None
        given = options.contexts or (options.context or 0,)
        return DecodeBatch.of(options.batch, given, options.dp or 1)

    @functools.cached_property
    def stages(self) -> tuple[Stage, ...]:
        """The model's pipeline stages (one, holding every layer, without ``--pp``)."""
        spec = self.spec
        if spec is None or not self.is_model:
            _no_stages(self)
            raise UsageError(f"{self.options.target} is a {self.kind.name}, not a model")
        return pipeline_stages(spec.name, spec.layers, self.options.pp)

    @functools.cached_property
    def stage(self) -> Stage | None:
        """The stage this session builds: None without ``--pp`` (the whole model)."""
        options = self.options
        if options.pp == 1:
            return None
        if options.stage is None or not 0 <= options.stage < options.pp:
            raise UsageError(
                f"--pp {options.pp}: this command works on one graph; a pipeline's stages are "
                "each their own (check, cost, memory and compare take --pp)"
            )
        return self.stages[options.stage]

    @functools.cached_property
    def graph(self) -> Graph:
        """The graph every command works on: the loaded file, the built model (folded into
        repetition regions with ``repetition``) or the lowered engine graph, with the symbol
        overrides applied."""
        if not self.is_model and (self.options.batch is not None or self.options.contexts):
            raise UsageError(
                f"--batch builds a decode batch of a model from its config; "
                f"{self.options.target} is a graph, whose requests are its own"
            )
        return with_symbols(self.kind.graph(self), self.options.sets)

    @functools.cached_property
    def typed(self) -> TypedGraph:
        return interpret(self.graph, self.registry)

    # -- checking -----------------------------------------------------------------------------
    def contract(self, option: str | None = None) -> Contract | None:
        """The contract to check: ``option`` (a name, a path, or ``none``), else the graph's
        own ``contract:`` key (a file beside the graph wins over a shipped name)."""
        option = option if option is not None else self.options.contract
        graph = self.graph
        name = option if option is not None else self.kind.contract_name(self)
        if name is None or name == "none":
            return None
        if option is None and graph.source is not None:
            beside = Path(graph.source).parent / name
            if beside.is_file():
                return load_contract(str(beside), self.registry)
            try:
                return load_contract(name, self.registry)
            except ContractError as error:
                if error.source != "layoutcheck":
                    raise
                # the graph's own contract: key is at fault
                raise ContractError(f"contract: {error.message}", source=graph.source) from None
        return load_contract(name, self.registry)

    def check(self, contract: str | None = None) -> Report:
        """The type rules, the contract, and what the target's kind adds (for an engine graph
        what its import found and whether it has the layout its run asked for)."""
        extra = self.kind.extra_diagnostics(self)
        if self.graph.requests is not None:
            from layoutcheck.requests import check_requests

            # the per-request metadata on every rank's slice (rules of layoutcheck.requests)
            extra = (*extra, *check_requests(self.typed))
        return report_for(
            self.typed,
            self.contract(contract),
            extra,
            every_layer=self.kind.every_layer,
            allow_unknown=self.options.allow_unknown,
        )

    # -- quantization, cost and memory --------------------------------------------------------
    @functools.cached_property
    def description(self) -> QuantDescription:
        """The quantization the user asked for (``bf16`` when none): a recipe or a file."""
        options = self.options
        if options.quant_description:
            if options.quant not in (None, "bf16"):
                raise UsageError("use --quant or --quant-description, not both")
            from layoutcheck.memory import load_description

            return load_description(options.quant_description, self.typed)
        return recipe(options.quant or "bf16")

    @functools.cached_property
    def quantized(self) -> TypedGraph:
        """The typed graph with the ops' quant attrs set from the description, when one was
        asked for (a graph file's own quant attrs stand otherwise)."""
        if self.options.quant is None and self.options.quant_description is None:
            return self.typed
        from layoutcheck.quant import apply

        return apply(self.typed, self.description)

    def cost(
        self,
        device: str = "a3-752t",
        rank: str | int = "last",
        options: Mapping[str, str] | None = None,
    ) -> Any:
        """The cost report on a device (a ``layoutcheck.cost.report.CostReport``); ``options``
        are the pricing's named choices (``layoutcheck.cost.report.COST_OPTIONS``)."""
        from layoutcheck.cost.devices import load_device
        from layoutcheck.cost.program_cache import default_cache
        from layoutcheck.cost.report import cost_report

        typed = self.quantized
        chosen = {**self.options.cost_options, **(options or {})}
        # the user's program cache: a second cost of the same graph builds no formulas
        return cost_report(
            typed.graph,
            load_device(device),
            rank=rank,
            typed=typed,
            options=chosen,
            cache=default_cache(),
        )

    def memory_quantities(self, report: Any) -> dict[str, Any]:
        """The memory names a query may use beside the cost's (bytes): ``weights`` (what a rank
        holds), ``kv_per_token`` (the KV cache of one token over every layer) and ``hbm`` (the
        device's memory)."""
        import sympy

        from layoutcheck.memory import kv_bytes_per_token_all_layers

        items = self.memory()
        spec = self.spec
        tp = dict(self.graph.symbols).get("tp") or 1
        cache_type = self.description.kv_cache_type
        kv = kv_bytes_per_token_all_layers(spec, tp, cache_type) if spec else 0
        return {
            "weights": sympy.Add(*(item.bytes for item in items)),
            "kv_per_token": sympy.Integer(kv),
            "hbm": sympy.Float(report.device.hbm_bytes),
        }

    def memory(
        self,
        accounting: str = "engine",
        layer_sharding: Any = None,
        oproj_pool: bool = False,
    ) -> list[Any]:
        """Every byte a rank holds, itemized (``layoutcheck.memory.Item``)."""
        from layoutcheck.memory import account

        return account(
            self.typed,
            self.description,
            accounting=accounting,
            layer_sharding=layer_sharding,
            oproj_pool=oproj_pool,
            spec=self.spec,
        )


def _choice(enum_type: Any, value: str, flag: str) -> Any:
    try:
        return enum_type(value)
    except ValueError:
        allowed = ", ".join(member.value for member in enum_type)
        raise ConfigError(f"{flag} {value!r}: use {allowed}") from None
