"""The cost report of a typed graph: every op's cost and time as sympy expressions, with totals
by op, kind, layer and category, evaluated by substitution or vectorised with ``lambdify``.

Formulas are built once per distinct op signature (kind, attrs, typed inputs and outputs):
78 identical layers are one formula counted 78 times. With a program cache
(:mod:`layoutcheck.cost.program_cache`) a signature whose numbers program is stored is not
built at all until something asks for its formulas.
"""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence

import attrs
import sympy

from layoutcheck.arrays import Program, numpy_function
from layoutcheck.cost.devices import Device, HardwareModel
from layoutcheck.cost.program_cache import ProgramCache, key_text, scope_text
from layoutcheck.cost.timing import OpTime, device_key, op_time
from layoutcheck.errors import InputError
from layoutcheck.graph import Graph, Op
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import AbstractValue
from layoutcheck.ops import OpSpec, Registry, default_registry
from layoutcheck.ops.costing import (
    HOST_STEP,
    TENSORCAST_MODEL,
    ZERO,
    CostCall,
    CostRule,
    OpCost,
    RequestKeys,
)
from layoutcheck.ops.traits import Trait
from layoutcheck.symbols import Expr, symbol

CATEGORIES = ("compute", "memory", "communication")


class CostError(InputError):
    """A graph that cannot be costed (type errors, symbols without values)."""


Substitution = tuple[tuple[sympy.Symbol, int], ...]


class Pricing:
    """One distinct op signature priced through the program cache: the numbers program read
    from it (the formulas then built only when asked for), or, on a miss, the formulas built
    now and their program written to the cache when the numbers are first computed."""

    def __init__(
        self,
        build: Callable[[], tuple[OpCost, OpTime]],
        cache: ProgramCache,
        key: str,
        program: Program | None,
    ) -> None:
        self._build = build
        self._cache = cache
        self.key = key
        self.program = program
        self._numbers: dict[Substitution, Numbers] = {}

    @functools.cached_property
    def formulas(self) -> tuple[OpCost, OpTime]:
        return self._build()

    def numbers(self, substitution: Substitution) -> Numbers:
        found = self._numbers.get(substitution)
        if found is None:
            if self.program is None:
                function, names = _compiled(*self.formulas)
                if isinstance(function, Program):  # a lambdify fallback is code, never stored
                    self._cache.store(self.key, function)
                    self.program = function
                found = _run(function, names, substitution)
            else:
                found = self._stored(self.program, substitution)
            self._numbers[substitution] = found
        return found

    def _stored(self, program: Program, substitution: Substitution) -> Numbers:
        """The numbers of a program read from the cache, if it takes the symbols at hand and
        gives finite, non-negative numbers; else (an entry no formula of this op wrote) the
        formulas are built and priced, as on a miss."""
        given = {str(name) for name, _ in substitution}
        if all(name in given for name in program.names):
            found = _run(program, program.names, substitution)
            if all(math.isfinite(v) and v >= 0 for v in attrs.astuple(found)):
                return found
        self.program = None
        return self.numbers(substitution)


@attrs.frozen
class OpEntry:
    name: str
    kind: str
    layer: int | None
    count: int  # how many layers this op stands for (a repetition region counts repeat times)
    _cost: OpCost | None = attrs.field(alias="cost")
    _time: OpTime | None = attrs.field(alias="time")
    # priced through the program cache (None: cost and time are the formulas, built already)
    pricing: Pricing | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def cost(self) -> OpCost:
        return self._cost if self._cost is not None else self._formulas()[0]

    @property
    def time(self) -> OpTime:
        return self._time if self._time is not None else self._formulas()[1]

    def _formulas(self) -> tuple[OpCost, OpTime]:
        if self.pricing is None:
            raise TypeError(f"OpEntry {self.name}: give cost and time, or a pricing")
        return self.pricing.formulas

    def numbers(self, substitution: Substitution) -> Numbers:
        if self.pricing is not None:
            return self.pricing.numbers(substitution)
        return _numbers(self.cost, self.time, substitution)

    @property
    def layers(self) -> tuple[int | None, ...]:
        """The decoder layers this op stands for (``Graph.layer_copies`` of its op)."""
        layer = self.layer
        return (None,) if layer is None else tuple(range(layer, layer + self.count))


@attrs.frozen
class Numbers:
    """One op's numbers at given symbol values (µs, FLOPs, bytes)."""

    us: float
    compute_us: float
    memory_us: float
    communication_us: float
    launch_us: float
    flops: float
    hbm_bytes: float
    comm_bytes: float

    @property
    def bound(self) -> str:
        if self.launch_us > 0 and self.compute_us == self.memory_us == self.communication_us == 0:
            return "host"  # time around the kernels (the hardware model's host step)
        if self.communication_us > max(self.compute_us, self.memory_us):
            return "communication"
        return "compute" if self.compute_us >= self.memory_us else "memory"


def rank_expr(rank: str | int, graph: Graph) -> Expr:
    """Which rank of a LOCAL token range to cost: first (0), last (tp−1, the busiest under a
    causal mask), or a number."""
    if rank == "first":
        return ZERO
    tp = dict(graph.groups).get("tp", sympy.Integer(1))
    if rank in ("last", "busiest"):
        return tp - 1
    values = {symbol(k): sympy.Integer(v) for k, v in graph.symbols if v is not None}
    size = tp.xreplace(values)
    if size.is_Integer and not 0 <= int(rank) < int(size):
        raise CostError(f"--rank {rank}: the tp group has ranks 0..{int(size) - 1}")
    return sympy.Integer(int(rank))


@attrs.frozen
class CostReport:
    graph: Graph
    device: Device
    entries: tuple[OpEntry, ...]
    values: Mapping[str, int]
    rank: str | int
    # ops left out because their values are unknown (⊤): a type error upstream, or an op
    # nobody could type; the totals are then partial
    unpriced: tuple[str, ...] = ()
    # of those, the ops whose cost rule could not price the values it was given, and why: a
    # rule that fails leaves its op out of a partial total, never ends the run
    faults: tuple[tuple[str, str], ...] = ()

    @property
    def partial(self) -> bool:
        return bool(self.unpriced)

    @property
    def op_entries(self) -> tuple[OpEntry, ...]:
        """The entries that are ops of the graph: all but the hardware model's host step
        (time around the kernels, no op of its own)."""
        return tuple(entry for entry in self.entries if entry.kind != HOST_STEP)

    # -- expressions ------------------------------------------------------------------------
    def expr(self, quantity: str = "total") -> Expr:
        """A named quantity in seconds: ``total``, ``compute``, ``memory``, ``communication``
        (``comm``), ``launch``, or an op kind (``all_gather``, ``moe_experts``)."""
        pick = _QUANTITIES.get(quantity)
        entries = self.entries
        if pick is None:
            entries = tuple(e for e in self.entries if e.kind == quantity)
            if not entries:
                raise CostError(f"unknown quantity {quantity!r} ({', '.join(self.quantities())})")
            pick = _QUANTITIES["total"]
        return sympy.Add(*(entry.count * pick(entry.time) for entry in entries))

    def quantities(self) -> tuple[str, ...]:
        kinds = sorted({entry.kind for entry in self.entries})
        return (*_QUANTITIES, *kinds)

    @property
    def symbols(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.graph.symbols)

    # -- numbers ----------------------------------------------------------------------------
    def numbers(self, overrides: Mapping[str, int] | None = None) -> dict[str, Numbers]:
        """Every op's numbers at the graph's symbol values (and ``overrides``)."""
        values = {**self.values, **(overrides or {})}
        substitution = tuple((symbol(k), v) for k, v in sorted(values.items()))
        out: dict[str, Numbers] = {}
        for entry in self.entries:
            out[entry.name] = entry.numbers(substitution)
        return out

    def evaluator(self, names: Sequence[str], quantity: str = "total") -> Callable[..., object]:
        """A numpy function of ``names`` (arrays) returning ``quantity`` in µs; the other
        symbols take their values. 10⁵ points evaluate in milliseconds."""
        fixed = {symbol(k): v for k, v in self.values.items() if k not in names}
        expression = self.expr(quantity).xreplace(fixed) * 1e6
        args = [symbol(name) for name in names]
        function = sympy.lambdify(args, expression, modules="numpy")
        import numpy as np  # a sweep's arrays; one point is priced without it

        def evaluate(*arrays: object) -> object:
            with np.errstate(divide="ignore", invalid="ignore"):  # branches not taken
                result = function(*arrays)
            shape = np.broadcast(*[np.asarray(a) for a in arrays]).shape if arrays else ()
            return np.broadcast_to(np.asarray(result, dtype=float), shape)

        return evaluate


_QUANTITIES: Mapping[str, Callable[[OpTime], Expr]] = {
    "total": lambda t: t.total,
    "compute": lambda t: t.compute,
    "memory": lambda t: t.memory,
    "communication": lambda t: t.communication,
    "comm": lambda t: t.communication,
    "launch": lambda t: t.launch,
}


@functools.lru_cache(maxsize=4096)
def _numbers(cost: OpCost, time: OpTime, substitution: Substitution) -> Numbers:
    return _run(*_compiled(cost, time), substitution)


@functools.lru_cache(maxsize=4096)
def _compiled(cost: OpCost, time: OpTime) -> tuple[Callable[..., Sequence[float]], list[str]]:
    """One function of the op's free symbols (sorted by name) giving its eight numbers."""
    exprs = tuple(
        sympy.sympify(e)
        for e in (
            time.total,
            time.compute,
            time.memory,
            time.communication,
            time.launch,
            cost.flops,
            cost.hbm_bytes,
            _wire_bytes(cost),
        )
    )
    free = sorted({str(s) for e in exprs for s in e.free_symbols})
    # one compiled function at one point: no substitution into, and re-simplification of,
    # every formula (most of a small report's time)
    return numpy_function(exprs, free), free


def _run(
    function: Callable[..., Sequence[float]], free: Sequence[str], substitution: Substitution
) -> Numbers:
    values = {str(name): value for name, value in substitution}
    missing = [name for name in free if name not in values]
    if missing:
        raise CostError(f"no value for {', '.join(missing)}: set it with --set")
    point = [float(values[name]) for name in free]
    if isinstance(function, Program):  # Python floats: no numpy, and no warning to silence
        results = [float(r) for r in function(*point)]
    else:  # a formula only lambdify could compile
        import numpy as np

        with np.errstate(divide="ignore", invalid="ignore"):  # branches not taken
            results = [float(r) for r in function(*point)]
    total, compute, memory, communication, launch, flops, hbm_bytes, comm_bytes = results
    return Numbers(
        us=total * 1e6,
        compute_us=compute * 1e6,
        memory_us=memory * 1e6,
        communication_us=communication * 1e6,
        launch_us=launch * 1e6,
        flops=flops,
        hbm_bytes=hbm_bytes,
        comm_bytes=comm_bytes,
    )


def _wire_bytes(cost: OpCost) -> Expr:
    """Bytes the rank sends: an op of separate kernels (an MoE's dispatch and combine) sends
    what each of its collectives sends."""
    if cost.separate and cost.parts:
        return sum((_wire_bytes(part) for _, part in cost.parts), sympy.Integer(0))
    return cost.comm.wire_bytes if cost.comm is not None else sympy.Integer(0)


# Named pricing choices, each with its default first. attention_pairs: how many keys a query
# of an attention op is charged — TensorCast's count (every query min(S, topk) keys: the tool
# whose numbers users compare against), or the causal count (an early query sees fewer),
# physically closer for a prefill's first topk queries.
# model: the calibrated hardware model (docs/calibration.md: MLA priced from the bytes it
# moves at its measured efficiencies, grouped expert matmuls, padding rows not routed,
# dispatch / combine no faster than measured, a host step per forward) or TensorCast's
# formulas as `tensorcast-formulas.md` re-derives them (what `compare --trace` checks).
COST_OPTIONS: Mapping[str, tuple[str, ...]] = {
    "attention_pairs": ("tensorcast", "causal"),
    "model": ("hardware", TENSORCAST_MODEL),
}


def cost_options(given: Mapping[str, str] | None) -> dict[str, str]:
    """The options with defaults filled in; an unknown name or value is a CostError."""
    chosen = {name: values[0] for name, values in COST_OPTIONS.items()}
    for name, value in (given or {}).items():
        allowed = COST_OPTIONS.get(name)
        if allowed is None:
            raise CostError(f"unknown cost option {name!r} ({', '.join(COST_OPTIONS)})")
        if value not in allowed:
            raise CostError(f"{name} {value!r}: use {' or '.join(allowed)}")
        chosen[name] = value
    return chosen


# what a cost rule may raise on values it cannot price (a shape of another rank, a size that
# is no number): its op is listed as unpriced, with the rule's failure, and the run goes on
COST_RULE_FAULTS = (ArithmeticError, IndexError, KeyError, TypeError, ValueError)


def cost_report(
    graph: Graph,
    device: Device,
    *,
    rank: str | int = "last",
    typed: TypedGraph | None = None,
    registry: Registry | None = None,
    options: Mapping[str, str] | None = None,
    cache: ProgramCache | None = None,
) -> CostReport:
    """Cost every op of ``graph`` on ``device``. An op a type error left without types (its
    inputs or outputs ⊤) cannot be priced: it is listed in ``unpriced``, and a graph with
    nothing priceable is an error. ``cache``: where compiled numbers programs are read from
    and written to (none by default)."""
    typed = typed or interpret(graph, registry)
    if typed.registry is not default_registry():
        # another catalogue may price a kind differently: the key names kinds, not rules
        cache = None
    errors = [d for d in typed.diagnostics if d.is_error]
    unpriced: list[str] = []
    faults: list[tuple[str, str]] = []
    chosen = cost_options(options)
    rank_value = rank_expr(rank, graph)
    requests = None  # a batch of uneven requests: attention priced per request
    if graph.requests is not None:  # their module needs numpy: a graph without them skips it
        from layoutcheck.requests import listed_keys

        requests = listed_keys(graph)
    costs: dict[object, OpCost] = {}
    times: dict[OpCost, OpTime] = {}
    pricings: dict[object, Pricing] = {}
    profile = device_key(device)  # the op-time cache's key of this device
    # what every op's cache key shares: its text is made once
    scope = (
        "" if cache is None else scope_text(typed.context, rank_value, chosen, profile, requests)
    )
    entries = []
    for op in graph.topological_order():
        spec = typed.registry[op.kind]
        if spec.cost is None or spec.is_(Trait.REGION_MARKER):  # a marker holds no kernel
            continue
        inputs = typed.inputs_of(op)
        outputs = typed.outputs_of(op)
        # a ⊤ value (a type error's, or an op nobody could type) has no shape to price: the
        # op is listed, whether or not the check found an error
        if any(value.is_top for value in (*inputs, *outputs)):
            unpriced.append(op.name)
            continue
        key = (op.kind, op.attrs, inputs, outputs)
        count = graph.multiplicity(op)
        try:
            if cache is not None:
                pricing = pricings.get(key)
                if pricing is None:
                    call = _cost_call(
                        spec, op, inputs, outputs, typed, rank_value, chosen, requests
                    )
                    pricing = pricings[key] = _pricing(
                        spec.cost, call, device, profile, cache, key_text(scope, key)
                    )
                entry = OpEntry(op.name, op.kind, op.layer, count, None, None, pricing)
                if pricing.program is None:  # a miss: the formulas are built now
                    entry = attrs.evolve(entry, cost=pricing.formulas[0], time=pricing.formulas[1])
                entries.append(entry)
                continue
            cost = costs.get(key)
            if cost is None:
                call = _cost_call(spec, op, inputs, outputs, typed, rank_value, chosen, requests)
                cost = spec.cost(call)
                costs[key] = cost
            time = times.get(cost)
            if time is None:
                time = op_time(cost, device, profile)
                times[cost] = time
        except COST_RULE_FAULTS as error:
            pricings.pop(key, None)
            unpriced.append(op.name)
            faults.append((op.name, f"{op.kind}'s cost rule failed: {type(error).__name__}"))
            continue
        entries.append(OpEntry(op.name, op.kind, op.layer, count, cost, time))
    if entries and chosen["model"] != TENSORCAST_MODEL and device.hardware is not None:
        entries.append(_host_step(graph, device.hardware))
    if errors and not entries:
        first = errors[0]
        raise CostError(
            f"the graph has type errors (first: {first.op}: {first.message}) and no op "
            "before them to price; run check"
        )
    if unpriced and not entries:
        raise CostError(
            f"no op of the graph could be priced: {len(unpriced)} op(s) hold values nobody "
            "could type (run check)"
        )
    values = {name: value for name, value in graph.symbols if value is not None}
    return CostReport(graph, device, tuple(entries), values, rank, tuple(unpriced), tuple(faults))


def _host_step(graph: Graph, hardware: HardwareModel) -> OpEntry:
    """The step's host time as one entry: a decode step's when an op of the graph runs a
    decode step (an attention op's ``decode`` attr), else a prefill's."""
    decode = any(op.attr_dict.get("decode") is True for op in graph.topological_order())
    step = sympy.Float((hardware.decode_step if decode else hardware.prefill_step).value)
    time = OpTime(step, ZERO, ZERO, ZERO, step)
    return OpEntry(HOST_STEP, HOST_STEP, None, 1, OpCost(), time)


def _cost_call(
    spec: OpSpec,
    op: Op,
    inputs: tuple[AbstractValue, ...],
    outputs: tuple[AbstractValue, ...],
    typed: TypedGraph,
    rank: Expr,
    options: Mapping[str, str],
    requests: RequestKeys | None,
) -> CostCall:
    attrs_ = {name: attr.default for name, attr in spec.attrs.items() if attr.default is not None}
    attrs_.update(op.attr_dict)
    return CostCall(op, inputs, outputs, typed.context, attrs_, rank, options, requests)


def _pricing(
    rule: CostRule,
    call: CostCall,
    device: Device,
    profile: tuple[object, ...],
    cache: ProgramCache,
    key: str,
) -> Pricing:
    """The op's pricing through ``cache`` under ``key``: everything its formulas are made from
    (the signature: kind, attrs, typed inputs and outputs; the context, the rank, the options,
    every number of the device, and the code)."""

    def build() -> tuple[OpCost, OpTime]:
        cost = rule(call)
        return cost, op_time(cost, device, profile)

    return Pricing(build, cache, key, cache.load(key, outputs=len(attrs.fields(Numbers))))


def summarize(report: CostReport, numbers: Mapping[str, Numbers]) -> dict[str, object]:
    """The JSON of ``layoutcheck cost``: total_us, by_category, by_kind, ops."""
    by_category = dict.fromkeys(CATEGORIES, 0.0)
    by_kind: dict[str, dict[str, float]] = defaultdict(
        lambda: {"count": 0, "us": 0.0, "flops": 0.0, "bytes": 0.0, "comm_bytes": 0.0}
    )
    ops = []
    total = 0.0
    for entry in report.entries:
        n = numbers[entry.name]
        total += entry.count * n.us
        by_category[n.bound] = by_category.get(n.bound, 0.0) + entry.count * n.us
        kind = by_kind[entry.kind]
        kind["count"] += entry.count
        kind["us"] += entry.count * n.us
        kind["flops"] += entry.count * n.flops
        kind["bytes"] += entry.count * n.hbm_bytes
        kind["comm_bytes"] += entry.count * n.comm_bytes
        ops.append(
            {
                "name": entry.name,
                "kind": entry.kind,
                "layer": entry.layer,
                "count": entry.count,
                "us": n.us,
                "flops": n.flops,
                "bytes": n.hbm_bytes,
                "comm_bytes": n.comm_bytes,
                "bound": n.bound,
            }
        )
    return {
        "total_us": total,
        # the total leaves out the ops listed in ``unpriced``: a lower bound, not the cost
        "partial": bool(report.unpriced),
        "by_category": by_category,
        "by_kind": dict(sorted(by_kind.items(), key=lambda item: -item[1]["us"])),
        "ops": ops,
    }


def by_layer(report: CostReport, numbers: Mapping[str, Numbers]) -> dict[int | None, float]:
    """µs per decoder layer (each layer a region stands for gets its per-layer time)."""
    totals: dict[int | None, float] = defaultdict(float)
    for entry in report.entries:
        for layer in entry.layers:
            totals[layer] += numbers[entry.name].us
    return dict(totals)
