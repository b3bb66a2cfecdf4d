"""One structure: built, rewritten and checked against its contract once, then priced over all
its numeric points at once (one lambdified function per device, evaluated on arrays of T and
S), with the weights and KV-cache bytes each rank holds.

The graph holds the token count and the keys as symbols, so one build stands for every numeric
point at which the build would have been the same graph. The builder and the checker look at
the numbers only to ask whether a group divides a token extent (a pass pads one that does not,
a rule refuses it), so a point shares the graph when every size of the typed graph is a whole,
positive number there and the build padded nothing. Any other point is built and checked on
its own: the verdict and the price of every point are those of its own session.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING

import attrs
import numpy as np
import sympy

from layoutcheck.arrays import numpy_function
from layoutcheck.contracts import ContractError
from layoutcheck.design_space.axes import Structure, Workload, keys
from layoutcheck.design_space.rules import UNNAMED, precheck
from layoutcheck.diagnostics import Report
from layoutcheck.graph import GraphError
from layoutcheck.models import ConfigError, ModelSpec, Phase, load_config, model_spec
from layoutcheck.ops.costing import HOST_STEP
from layoutcheck.ops.traits import Trait
from layoutcheck.passes.manager import PassError
from layoutcheck.session import Session
from layoutcheck.symbols import Expr, symbol

if TYPE_CHECKING:
    from layoutcheck.cost.report import CostReport
    from layoutcheck.cost.timing import OpTime

# the report's categories, in the order summarize() breaks ties: an op is communication-bound
# when its collective outlasts both roofline terms, else compute-bound unless memory is slower
BOUNDS = ("compute", "memory", "communication")
# failures of the build (before any typed graph) that depend on the token count: one for a
# token value says nothing of another (a size that is not whole at these symbols is refused by
# validation, as bad-size; a pass that leaves an extent its group does not divide)
VALUE_RULES = frozenset({"indivisible", "bad-size"})
NUMERIC_SYMBOLS = ("T", "S")
_CHUNK = 1 << 15  # points evaluated together: 132 terms of 32 Ki float64 are 35 MB


@attrs.frozen
class Rejection:
    """Why some (or all) of a structure's points are not ranked: the first error's rule id
    and message, and the token values it holds for."""

    rule: str
    message: str
    tokens: tuple[int, ...]
    whole: bool  # every point of the structure (a rule that does not depend on the numbers)


@attrs.frozen(eq=False)
class Priced:
    """One device's numbers at a structure's points, as arrays of one length."""

    device: str
    hbm_bytes: float
    tokens: np.ndarray
    context: np.ndarray
    step_us: np.ndarray  # the step of the costed rank (the busiest): the report's total
    by_bound: np.ndarray  # [3, n]: µs of the ops compute-, memory- and communication-bound
    weights_bytes: np.ndarray  # static weights one rank holds
    kv_bytes: np.ndarray  # the KV cache one rank holds for the point's tokens and context


@attrs.frozen(eq=False)
class StructureResult:
    index: int
    structure: Structure
    priced: tuple[Priced, ...] = ()
    rejections: tuple[Rejection, ...] = ()
    contract: str | None = None
    warnings: tuple[str, ...] = ()  # the check's warning rule ids, distinct, in order
    builds: int = 0  # graphs built: one per class of points that share a graph

    @property
    def points(self) -> int:
        return sum(len(p.tokens) for p in self.priced)


def evaluate_structure(
    index: int,
    structure: Structure,
    workload: Workload,
    accounting: str = "engine",
    contract: str | None = None,
    expanded: bool = False,
) -> StructureResult:
    """Check ``structure`` against ``contract`` (default: the one its execution calls for)
    and price every point of ``workload`` it passes at, on its folded graph unless
    ``expanded``."""
    spec = model_of(structure.model)
    refusal = precheck(spec, structure)
    if refusal is not None:
        rejection = Rejection(refusal.rule, refusal.message, workload.tokens, whole=True)
        return StructureResult(index, structure, rejections=(rejection,))
    pending = workload.pairs()
    priced: list[Priced] = []
    rejections: list[Rejection] = []
    checked: str | None = None
    warnings: dict[str, None] = {}
    builds = 0
    while pending:
        tokens, context = pending[0]
        session = Session(structure.options(tokens, context, contract, expanded))
        builds += 1
        report, failure = _checked(session)
        if report is None and failure is not None and failure[0] not in VALUE_RULES:
            # the build itself is refused, whatever the numbers: no point of it can pass
            rejected = tuple(dict.fromkeys(t for t, _ in pending))
            rejections.append(_rejection(failure, rejected, workload))
            break
        shared = (
            _shared(session, pending, structure.phase)
            if report is not None
            else [t == tokens for t, _ in pending]  # no typed graph: this token count alone
        )
        points = [p for p, same in zip(pending, shared, strict=True) if same]
        pending = [p for p, same in zip(pending, shared, strict=True) if not same]
        if failure is not None:
            # the points that share the failing graph fail with it; the others get their own
            rejected = tuple(dict.fromkeys(t for t, _ in points))
            rejections.append(_rejection(failure, rejected, workload))
            continue
        assert report is not None
        checked = report.contract
        for diagnostic in report.warnings:
            warnings[diagnostic.rule.id] = None
        priced.extend(_price(session, structure, points, workload.devices, accounting, spec))
    return StructureResult(
        index, structure, tuple(priced), tuple(rejections), checked, tuple(warnings), builds
    )


def _rejection(failure: tuple[str, str], tokens: tuple[int, ...], workload: Workload) -> Rejection:
    rule, message = failure
    return Rejection(rule, message, tokens, whole=set(tokens) == set(workload.tokens))


@functools.lru_cache(maxsize=16)
def model_of(model: str) -> ModelSpec:
    """The model's spec, read once per process (a worker reads it for its first task)."""
    return model_spec(*load_config(model))


def _checked(session: Session) -> tuple[Report | None, tuple[str, str] | None]:
    """The check of the session's graph, and its first error (rule id, message), if any: a
    failed build or pass is an error with no report."""
    try:
        report = session.check()
    except PassError as error:
        first = error.diagnostics[0]
        return None, (first.rule.id, first.message)
    except ConfigError as error:
        return None, (UNNAMED, error.message)
    except ContractError:
        raise  # the contract asked for is at fault, not the structure
    except GraphError as error:
        # validation of the built graph at these symbols: a size that is not a whole number
        return None, ("bad-size", error.message)
    if report.ok:
        return report, None
    first = report.errors[0]
    return report, (first.rule.id, first.message)


def _shared(session: Session, pending: Sequence[tuple[int, int]], phase: str) -> list[bool]:
    """Which points share the session's graph (the first always does): every size of the
    typed graph is whole and positive there, and every pad the passes put in sees a token
    extent its group divides exactly when it did at the first point (a pass pads only an
    extent that does not divide; one that pads always gives the same graph either way)."""
    tokens = np.array([t for t, _ in pending], dtype=np.float64)
    context = np.array([c for _, c in pending], dtype=np.float64)
    same = np.ones(len(pending), dtype=bool)
    sizes, pads = _moving_sizes(session)
    if sizes or pads:
        function = numpy_function((*sizes, *pads), NUMERIC_SYMBOLS)
        with np.errstate(all="ignore"):
            values = function(tokens, keys(phase, tokens, context))
        for k, value in enumerate(values):
            value = np.broadcast_to(np.asarray(value, dtype=np.float64), tokens.shape)
            whole = np.isfinite(value) & (value == np.floor(value))
            if k < len(sizes):
                same &= whole & (value > 0)
            else:  # the pad's extent over its group: divides here as at the first point
                same &= whole == whole[0]
    same[0] = True  # its own session checked it
    return [bool(s) for s in same]


def _moving_sizes(session: Session) -> tuple[tuple[Expr, ...], tuple[Expr, ...]]:
    """Every distinct size of the typed graph (shapes, token extents, size attrs) that moves
    with T or S, and each pad's input extent over its group, with the other symbols at their
    values."""
    typed = session.typed
    numeric = {symbol(n) for n in NUMERIC_SYMBOLS}
    fixed = {symbol(k): sympy.Integer(v) for k, v in typed.graph.symbols if v is not None}
    for name in NUMERIC_SYMBOLS:
        fixed.pop(symbol(name), None)
    found: set[Expr] = set()
    for value in typed.values.values():
        if not value.is_top:
            found.update(value.shape)
            found.add(value.extent)
    pads: set[Expr] = set()
    for op in typed.graph.ops:
        for _, attr in op.attrs:
            for item in attr if isinstance(attr, tuple) else (attr,):
                if isinstance(item, sympy.Expr):
                    found.add(item)
        if typed.registry.is_(op.kind, Trait.TOKEN_PAD):
            group = op.attr("group")
            size = typed.context.groups[group if isinstance(group, str) else "tp"]
            pads.add(typed.value(op.inputs[0]).extent / size)

    def moving(exprs: set[Expr]) -> tuple[Expr, ...]:
        kept = {e.xreplace(fixed) for e in exprs if sympy.sympify(e).free_symbols & numeric}
        return tuple(sorted(kept, key=sympy.default_sort_key))

    return moving(found), moving(pads)


def _price(
    session: Session,
    structure: Structure,
    points: Sequence[tuple[int, int]],
    devices: Sequence[str],
    accounting: str,
    spec: ModelSpec,
) -> list[Priced]:
    from layoutcheck.memory import kv_bytes_per_token_all_layers

    tokens = np.array([t for t, _ in points], dtype=np.int64)
    context = np.array([c for _, c in points], dtype=np.int64)
    s = keys(structure.phase, tokens, context)
    numeric = {"T": tokens.astype(np.float64), "S": s.astype(np.float64)}
    values = {name: value for name, value in session.graph.symbols if value is not None}
    items = session.memory(accounting)
    weights = _evaluate([sympy.Add(*(item.bytes for item in items))], values, numeric)[0]
    per_token = kv_bytes_per_token_all_layers(spec, structure.tp, session.description.kv_cache_type)
    # a decode step's T requests per DP rank each hold S keys; a prefill's one request holds
    # its prompt (and, with a context, its earlier chunks: S keys)
    if structure.phase == Phase.DECODE.value:
        cached = tokens * s
    else:
        cached = s if structure.with_context else tokens
    kv = (per_token * cached).astype(np.float64)
    priced = []
    for device in devices:
        report = session.cost(device)
        step, by_bound = _step(report, values, numeric)
        priced.append(
            Priced(
                device,  # as the axis names it (a profile's path, or its shipped name)
                report.device.hbm_bytes,
                tokens,
                context,
                step,
                by_bound,
                weights,
                kv,
            )
        )
    return priced


def _step(
    report: CostReport, values: dict[str, int], numeric: dict[str, np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """The report's total (µs) at every point, and the same time split by each op's bound,
    as ``layoutcheck cost --by category`` splits it: an op is communication-bound when its
    collective outlasts both roofline terms, else compute-bound unless memory is slower."""
    counts: Counter[OpTime] = Counter()
    host: Counter[OpTime] = Counter()  # the hardware model's host step: in the step, no bound
    for entry in report.entries:
        (host if entry.kind == HOST_STEP else counts)[entry.time] += entry.count
    n = len(next(iter(numeric.values())))
    step = np.zeros(n)
    by_bound = np.zeros((len(BOUNDS), n))
    for start in range(0, n, _CHUNK):
        stop = min(n, start + _CHUNK)
        chunk = {name: array[start:stop] for name, array in numeric.items()}
        for time, count in counts.items():
            # one formula at a time: a term that does not move is a broadcast scalar, never a
            # materialised array
            compute, memory, communication, total = _terms(time, values, chunk, stop - start)
            share = count * 1e6 * total
            by_communication = communication > np.maximum(compute, memory)
            by_compute = ~by_communication & (compute >= memory)
            by_memory = ~by_communication & ~by_compute
            step[start:stop] += share
            for b, mask in enumerate((by_compute, by_memory, by_communication)):
                by_bound[b, start:stop] += np.where(mask, share, 0.0)
        for time, count in host.items():
            step[start:stop] += count * 1e6 * _terms(time, values, chunk, stop - start)[3]
    return step, by_bound


def _terms(
    time: OpTime, values: dict[str, int], chunk: dict[str, np.ndarray], n: int
) -> list[np.ndarray]:
    """An op time's compute, memory, communication and total at a slice of the points."""
    function, names = _time_function(time)
    args = [chunk[name] if name in chunk else float(values[name]) for name in names]
    with np.errstate(divide="ignore", invalid="ignore"):  # Piecewise branches not taken
        results = function(*args)
    return [np.broadcast_to(np.asarray(r, dtype=np.float64), (n,)) for r in results]


# A search's structures share most op formulas (the parallel sizes are symbols): GLM-5.1's
# example search has 57 distinct op times in 45 graphs. Compiling each once, rather than
# each graph's whole sum, is what makes a structure cheap to price. Keyed by the formulas.
@functools.lru_cache(maxsize=4096)
def _time_function(time: OpTime) -> tuple[Callable[..., Sequence[object]], tuple[str, ...]]:
    # no common-subexpression pass: on one op's four terms it saves little arithmetic and
    # costs more than the compile (it rebuilds every Max and Min, which re-sorts its args)
    return _compile((time.compute, time.memory, time.communication, time.total), cse=False)


def _evaluate(
    exprs: Sequence[Expr], values: dict[str, int], numeric: dict[str, np.ndarray]
) -> list[np.ndarray]:
    """``exprs`` at every point: the numeric symbols from arrays, the others at their values."""
    n = len(next(iter(numeric.values())))
    out = [np.empty(n) for _ in exprs]
    for start, stop, parts in _chunks(exprs, values, numeric):
        for k, part in enumerate(parts):
            out[k][start:stop] = part
    return out


def _chunks(
    exprs: Sequence[Expr], values: dict[str, int], numeric: dict[str, np.ndarray]
) -> Iterator[tuple[int, int, list[np.ndarray]]]:
    """``exprs`` evaluated on successive slices of the points, each result an array of the
    slice's length. The fixed symbols go in as scalars: numpy broadcasts them, and a term
    that does not move with T or S is computed once, not once per point."""
    function, names = _lambdified(tuple(exprs))
    n = len(next(iter(numeric.values())))
    scalars = {name: float(values[name]) for name in names if name not in numeric}
    for start in range(0, n, _CHUNK):
        stop = min(n, start + _CHUNK)
        args = [numeric[name][start:stop] if name in numeric else scalars[name] for name in names]
        with np.errstate(divide="ignore", invalid="ignore"):  # Piecewise branches not taken
            results = function(*args)
        yield (
            start,
            stop,
            [np.broadcast_to(np.asarray(r, dtype=np.float64), (stop - start,)) for r in results],
        )


# Structures that differ only in a parallel size often yield the same formulas (the sizes are
# symbols); the function is then compiled once. Keyed by the formulas themselves, so exact.
@functools.lru_cache(maxsize=64)
def _lambdified(exprs: tuple[Expr, ...]) -> tuple[Callable[..., Sequence[object]], tuple[str, ...]]:
    return _compile(exprs)


def _compile(
    exprs: tuple[Expr, ...], cse: bool = True
) -> tuple[Callable[..., Sequence[object]], tuple[str, ...]]:
    """One numpy function of ``exprs``' free symbols, and their names (sorted): its arguments."""
    free = tuple(sorted({str(s) for e in exprs for s in sympy.sympify(e).free_symbols}))
    return numpy_function(exprs, free, cse=cse), free
