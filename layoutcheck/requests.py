"""The per-request metadata of a graph (``requests:``) checked on every rank's LOCAL slice.

An engine hands attention per-request arrays: ``query_start_loc`` (request s owns token rows
``[qsl[s], qsl[s+1])``), ``seq_lens`` (0 for a padded request slot) and, once the tokens are
sliced over a group, each rank's own lengths for its rows. Graph padding and SP padding make
those arrays disagree with the tokens in ways no shape rule sees (vLLM-Ascend PR 12840: a padded
slot clipped at a rank boundary got key length 0 - 2; PR 7858: a dummy request in the offsets
only). The checks, each a rule:

| rule | what must hold |
| --- | --- |
| ``request-count-mismatch`` | ``query_start_loc`` has slots + 1 offsets, ``seq_lens`` slots |
| ``query-start-offsets`` | offsets whole, from 0, non-decreasing, ending at the sliced extent |
| ``local-length-sum`` | on each rank the requests' local query lengths sum to its rows |
| ``negative-local-length`` | on each rank each request's local key length is never negative |

A rank ``r`` of an op that slices FULL tokens to LOCAL ones (a token slice or a token
reduce-scatter, by trait) holds rows ``[r*n, (r+1)*n)`` of the extent, ``n`` its per-rank rows.
The same checks run at one point (``check``) and at every value of a range (``--for-all``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

import attrs
import numpy as np
import sympy

from layoutcheck import rules
from layoutcheck.arrays import compile_arrays
from layoutcheck.diagnostics import Diagnostic, Severity
from layoutcheck.graph import Graph, GraphError, Op, RequestArray, Requests
from layoutcheck.interp import TypedGraph
from layoutcheck.lattice import TokenLayout
from layoutcheck.ops.costing import RequestKeys
from layoutcheck.ops.traits import Trait
from layoutcheck.rules import Rule
from layoutcheck.symbols import Expr, format_expr, parse_expr

INDEX = "i"  # the slot index of an array written as one expression (0, 1, …)
# what a ``local_seq_lens`` formula reads of one slot s on one rank
SLOT_NAMES = (
    "seq_len",  # seq_lens[s]
    "query_start",  # query_start_loc[s]
    "query_end",  # query_start_loc[s + 1]
    "query_len",  # query_end - query_start
    "local_query_start",  # query_start clipped to the rank's rows
    "local_query_end",  # query_end clipped to the rank's rows
    "local_query_len",  # local_query_end - local_query_start
)
_IDENTIFIER = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_SHIFT = "_plus_one"
BLOCK_CELLS = 1 << 20  # (value, slot) cells --for-all evaluates at once: a few MB per array
# the request slots one evaluation may hold (a list holds at most this many; an expression in i
# is refused past it), so a check costs milliseconds
MAX_REQUEST_SLOTS = 65536  # ``name_plus_one``: the positive symbol a name that may be 0 is read as


# -- reading: names that may be 0 --------------------------------------------------------------

# Every parsed symbol is a positive integer (so ``ceil(T/tp)`` is whole), but a slot index, a
# sequence length of a padded slot and an offset may be 0, and sympy simplifies on the
# assumption: ``max(seq_len - 1, 0)`` would read as ``seq_len - 1``. Such a name is parsed as
# ``(name_plus_one - 1)``, over a positive symbol, and evaluated with name + 1.


def shifted(name: str) -> str:
    return f"{name}{_SHIFT}"


def parse_over(raw: str | int, known: Iterable[str], zero_able: Iterable[str]) -> Expr:
    """A size expression over ``known`` symbols and the ``zero_able`` names, each of which may
    be 0 (raises :class:`ExpressionError` as ``parse_expr`` does)."""
    names = frozenset(zero_able)
    if isinstance(raw, str):
        raw = _IDENTIFIER.sub(
            lambda m: f"({shifted(m.group())} - 1)" if m.group() in names else m.group(), raw
        )
    return parse_expr(raw, frozenset(known) | {shifted(n) for n in names})


def display(expr: Expr) -> str:
    """An expression as its file form, the ``name_plus_one - 1`` of :func:`parse_over` read back
    as ``name``."""
    back = {
        s: sympy.Symbol(s.name.removesuffix(_SHIFT)) + 1
        for s in expr.free_symbols
        if isinstance(s, sympy.Symbol) and s.name.endswith(_SHIFT)
    }
    return format_expr(expr.subs(back)) if back else format_expr(expr)


# -- where the tokens are sliced ---------------------------------------------------------------


@attrs.frozen
class Slicing:
    """An op that gives each of ``ranks`` ranks ``rows`` consecutive rows of ``extent``."""

    op: Op
    ranks: Expr
    rows: Expr
    extent: Expr


def slicings(typed: TypedGraph) -> tuple[Slicing, ...]:
    """The ops that slice FULL tokens into LOCAL ones, in run order."""
    registry = typed.registry
    found = []
    for op in typed.graph.topological_order():
        if not registry.is_(op.kind, Trait.TOKEN_SLICE, Trait.TOKEN_SCATTER):
            continue
        outputs = typed.outputs_of(op)
        if not outputs or outputs[0].is_top or outputs[0].tokens is not TokenLayout.LOCAL:
            continue
        value = outputs[0]
        if value.group is None or not value.shape:
            continue
        found.append(Slicing(op, typed.graph.group_size(value.group), value.shape[0], value.extent))
    return tuple(found)


class RequestError(GraphError):
    """Requests that cannot be evaluated (too many slots): exit 2."""


# -- one finding -------------------------------------------------------------------------------


@attrs.frozen
class Finding:
    """A request check that fails at one point: the rule, the op (None: the requests as a
    whole), what fails and the formula it rests on."""

    rule: Rule
    op: Op | None
    message: str
    expr: Expr | None = None


class RequestChecks:
    """The request checks of one typed graph, compiled once, evaluated at any symbol values."""

    def __init__(self, typed: TypedGraph, requests: Requests) -> None:
        self.typed = typed
        self.requests = requests
        self.cuts = slicings(typed)
        scalars = [requests.slots, typed.graph.token_count]
        for cut in self.cuts:
            scalars.extend((cut.ranks, cut.rows, cut.extent))
        # the symbols the checks read: a symbol of no value elsewhere in the graph is no matter
        used: list[Expr] = [*scalars]
        for array in (requests.query_start_loc, requests.seq_lens):
            used.extend(array if isinstance(array, tuple) else (array,))
        if requests.local_seq_lens is not None:
            used.append(requests.local_seq_lens)
        graph_symbols = typed.graph.symbol_names
        self.names = tuple(sorted({str(s) for e in used for s in e.free_symbols} & graph_symbols))
        self._scalars = compile_arrays(scalars, self.names)
        self._offsets = _ArrayProgram(requests.query_start_loc, self.names)
        self._lengths = _ArrayProgram(requests.seq_lens, self.names)
        formula = requests.local_seq_lens
        self._local = (
            None
            if formula is None
            else compile_arrays([formula], (*self.names, *map(shifted, SLOT_NAMES)))
        )

    def values_of(self, typed: TypedGraph) -> tuple[float, ...] | None:
        """The graph's own symbol values, in ``names`` order (None: one has no value)."""
        known = dict(typed.graph.symbols)
        values = [known.get(name) for name in self.names]
        if any(value is None for value in values):
            return None
        return tuple(float(v) for v in values if v is not None)

    def slots_at(self, values: Sequence[float]) -> float:
        """The request slots at ``values``."""
        return max(float(self._scalars(*values)[0]), 0.0)

    def work(self, values: Sequence[float]) -> float:
        """About how many (slot, rank) pairs one evaluation at ``values`` computes: each slot
        once per slicing op, and each rank boundary a slot crosses once more."""
        numbers = [float(v) for v in self._scalars(*values)]
        ranks = sum(max(numbers[2 + 3 * k], 0.0) for k in range(len(self.cuts)))
        return max(numbers[0], 0.0) * max(len(self.cuts), 1) + ranks

    def findings(self, values: Sequence[float]) -> list[Finding]:
        """Every failing check at ``values`` (the symbols in ``names`` order), the first
        failure of each rule at each op."""
        numbers = [float(v) for v in self._scalars(*values)]
        slots, tokens = numbers[0], numbers[1]
        requests = self.requests
        if not _whole(slots) or slots < 0:
            return [
                Finding(
                    rules.REQUEST_COUNT_MISMATCH,
                    None,
                    f"requests: slots is {_number(slots)}, not a whole count",
                    requests.slots,
                )
            ]
        count = round(slots)
        if count > MAX_REQUEST_SLOTS:
            raise RequestError(
                f"requests: slots is {count:,} here; the limit is {MAX_REQUEST_SLOTS:,} "
                "request slots (check at a smaller batch)"
            )
        offsets = self._offsets(values, count + 1)
        lengths = self._lengths(values, count)
        if offsets.size != count + 1 or lengths.size != count:
            return [
                Finding(
                    rules.REQUEST_COUNT_MISMATCH,
                    None,
                    f"requests: the arrays disagree on the request count: slots is {count}, "
                    f"query_start_loc holds {offsets.size - 1} requests ({offsets.size} "
                    f"offsets), seq_lens {lengths.size}",
                )
            ]
        found: list[Finding] = []
        order = _offset_problem(offsets)
        if order is not None:
            return [Finding(rules.QUERY_START_OFFSETS, None, order, _formula(requests))]
        if not np.all(np.isfinite(lengths) & (np.abs(lengths - np.rint(lengths)) < 1e-9)):
            bad = int(np.flatnonzero(~(np.abs(lengths - np.rint(lengths)) < 1e-9))[0])
            return [
                Finding(
                    rules.REQUEST_COUNT_MISMATCH,
                    None,
                    f"requests: seq_lens of slot {bad} is {_number(lengths[bad])}, not whole",
                )
            ]
        if not self.cuts:
            end = offsets[-1] if offsets.size else 0.0
            if end != tokens:
                found.append(
                    Finding(
                        rules.QUERY_START_OFFSETS,
                        None,
                        f"query_start_loc ends at {_number(end)}, the graph has "
                        f"{_number(tokens)} tokens",
                    )
                )
        for k, cut in enumerate(self.cuts):
            ranks, rows, extent = numbers[2 + 3 * k : 5 + 3 * k]
            found.extend(self._at_cut(cut, ranks, rows, extent, offsets, lengths, values))
        return found

    def _at_cut(
        self,
        cut: Slicing,
        ranks: float,
        rows: float,
        extent: float,
        offsets: np.ndarray,
        lengths: np.ndarray,
        values: Sequence[float],
    ) -> Iterator[Finding]:
        if not (_whole(ranks) and _whole(rows) and ranks >= 1 and rows >= 0):
            return  # a size rule (indivisible) already reports the slice
        end = offsets[-1] if offsets.size else 0.0
        if end != extent:
            yield Finding(
                rules.QUERY_START_OFFSETS,
                cut.op,
                f"query_start_loc ends at {_number(end)}, but {cut.op.name} slices "
                f"{_number(extent)} token rows over {int(ranks)} ranks: the requests "
                + ("leave the last rows to no request" if end < extent else "cover rows past them"),
            )
        count = int(ranks)
        first, last = offsets[:-1], offsets[1:]
        slot, rank, local_start, local_end = touched_pairs(first, last, rows, count)
        local_len = local_end - local_start
        held = np.bincount(rank, weights=local_len, minlength=count)[:count]
        short = np.flatnonzero(held != rows)
        if short.size:
            at = int(short[0])
            yield Finding(
                rules.LOCAL_LENGTH_SUM,
                cut.op,
                f"on rank {at} (rows [{_number(at * rows)}, {_number((at + 1) * rows)})) "
                f"the requests' local query lengths sum to {_number(held[at])} of its "
                f"{_number(rows)} rows"
                + (f"; {short.size - 1} more rank(s) too" if short.size > 1 else ""),
            )
        if self._local is None or not slot.size:
            return
        slot_values = (
            lengths[slot],
            first[slot],
            last[slot],
            last[slot] - first[slot],
            local_start,
            local_end,
            local_len,
        )
        with np.errstate(all="ignore"):
            computed = self._local(*values, *(v + 1.0 for v in slot_values))[0]
        key = np.broadcast_to(np.asarray(computed, dtype=np.float64), local_len.shape)
        negative = np.flatnonzero((local_len > 0) & (key < 0))
        if not negative.size:
            return
        # rank order, as the engine's ranks would meet them
        negative = negative[np.lexsort((slot[negative], rank[negative]))]
        pairs = [(int(rank[k]), int(slot[k])) for k in negative]
        k = int(negative[0])
        formula = self.requests.local_seq_lens
        yield Finding(
            rules.NEGATIVE_LOCAL_LENGTH,
            cut.op,
            f"request slot {pairs[0][1]} (tokens [{_number(first[slot[k]])}, "
            f"{_number(last[slot[k]])}), seq_len {_number(lengths[slot[k]])}) on rank "
            f"{pairs[0][0]} (rows [{_number(local_start[k])}, {_number(local_end[k])}) of it) "
            f"gets local key length {_number(key[k])} from "
            f"{self.requests.formula_text or display(formula) if formula is not None else ''}"
            + _more(pairs[1:]),
            formula,
        )


def touched_pairs(
    first: np.ndarray, last: np.ndarray, rows: float | np.ndarray, ranks: int | np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The (slot, rank) pairs whose rows meet: slot s owns rows ``[first[s], last[s])``, rank r
    holds ``[r*rows, (r+1)*rows)`` of ``ranks`` ranks (``rows`` and ``ranks`` per slot, or
    one for all). About slots + ranks pairs, where every pair would be slots × ranks. Returns
    each pair's slot, rank and the slot's rows on that rank (start, end)."""
    n = np.maximum(np.broadcast_to(np.asarray(rows, dtype=np.float64), first.shape), 1.0)
    top = np.broadcast_to(np.asarray(ranks, dtype=np.float64), first.shape) - 1
    meets = (last > first) & (last > 0) & (first < (top + 1) * n)
    low = np.clip(np.floor(first / n), 0, top).astype(np.int64)
    high = np.clip(np.floor((last - 1) / n), 0, top).astype(np.int64)
    count = np.where(meets, np.maximum(high - low + 1, 0), 0)
    slot = np.repeat(np.arange(first.size), count)
    rank = np.repeat(low, count) + (
        np.arange(slot.size) - np.repeat(np.cumsum(count) - count, count)
    )
    begin = rank * n[slot]
    local_start = np.clip(first[slot], begin, begin + n[slot])
    local_end = np.clip(last[slot], begin, begin + n[slot])
    return slot, rank, local_start, local_end


class _ArrayProgram:
    """One per-request array: a list of expressions, or one expression in the slot index."""

    def __init__(self, array: RequestArray, names: Sequence[str]) -> None:
        self.listed = isinstance(array, tuple)
        if isinstance(array, tuple):
            self._program = compile_arrays(list(array), names)
        else:
            self._program = compile_arrays([array], (*names, shifted(INDEX)))
        self._entries = array if isinstance(array, tuple) else ()

    def flat(
        self, args: Callable[[np.ndarray], list[object]], values: np.ndarray, counts: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray]:
        """The array at every value of ``values`` (``args`` makes the programs' arguments),
        concatenated, and how many entries each value has (a list: its length at each)."""
        if self.listed:
            size = len(self._entries)
            if size == 0:
                return np.zeros(0), np.zeros(values.size, dtype=np.int64)
            with np.errstate(all="ignore"):
                columns = [
                    np.broadcast_to(np.asarray(v, dtype=np.float64), values.shape)
                    for v in self._program(*args(values))
                ]
            matrix = np.stack(columns, axis=1)  # [value, entry]
            return matrix.reshape(-1), np.full(values.size, size, dtype=np.int64)
        owner = np.repeat(np.arange(values.size), counts)
        index = np.arange(owner.size) - np.repeat(np.cumsum(counts) - counts, counts)
        with np.errstate(all="ignore"):
            (result,) = self._program(*args(values[owner]), index.astype(np.float64) + 1.0)
        return np.broadcast_to(np.asarray(result, dtype=np.float64), owner.shape).copy(), counts

    def __call__(self, values: Sequence[float], count: int) -> np.ndarray:
        if self.listed:
            result = self._program(*values)
            return np.asarray([float(v) for v in result], dtype=np.float64)
        index = np.arange(count, dtype=np.float64) + 1.0
        with np.errstate(all="ignore"):
            (result,) = self._program(*values, index)
        return np.broadcast_to(np.asarray(result, dtype=np.float64), index.shape).copy()


def _more(pairs: Sequence[tuple[int, int]]) -> str:
    """The further (rank, slot) pairs that fail, the first few named."""
    if not pairs:
        return ""
    named = ", ".join(f"slot {slot} on rank {rank}" for rank, slot in pairs[:3])
    rest = f" and {len(pairs) - 3} more" if len(pairs) > 3 else ""
    return f"; also {named}{rest}"


def _whole(value: float) -> bool:
    return bool(np.isfinite(value)) and abs(value - round(value)) < 1e-9


def _number(value: float) -> str:
    return str(round(value)) if _whole(value) else f"{value:g}"


def _offset_problem(offsets: np.ndarray) -> str | None:
    whole = np.isfinite(offsets) & (np.abs(offsets - np.rint(offsets)) < 1e-9)
    if not np.all(whole):
        bad = int(np.flatnonzero(~whole)[0])
        return f"query_start_loc[{bad}] is {_number(offsets[bad])}, not a whole offset"
    if offsets.size and offsets[0] != 0:
        return f"query_start_loc starts at {_number(offsets[0])}, not 0"
    steps = np.diff(offsets)
    down = np.flatnonzero(steps < 0)
    if down.size:
        slot = int(down[0])
        return (
            f"query_start_loc decreases at slot {slot}: {_number(offsets[slot])} then "
            f"{_number(offsets[slot + 1])} (a query length of {_number(steps[slot])})"
        )
    return None


def _formula(requests: Requests) -> Expr | None:
    """The offsets' expression, where they are written as one."""
    array = requests.query_start_loc
    return array if not isinstance(array, tuple) else None


# -- diagnostics at the graph's own values -----------------------------------------------------


def check_requests(typed: TypedGraph) -> tuple[Diagnostic, ...]:
    """The request checks at the graph's own symbol values (none when a symbol has no value,
    or the graph states no requests)."""
    requests = typed.graph.requests
    if requests is None:
        return ()
    checks = RequestChecks(typed, requests)
    values = checks.values_of(typed)
    if values is None:
        return ()
    return tuple(diagnostic(finding, requests) for finding in checks.findings(values))


def diagnostic(finding: Finding, requests: Requests) -> Diagnostic:
    op = finding.op
    return Diagnostic(
        rule=finding.rule,
        severity=Severity.ERROR,
        message=finding.message,
        hint=finding.rule.fix,
        op=op.name if op is not None else None,
        layer=op.layer if op is not None else None,
        line=op.line if op is not None and op.line is not None else requests.line,
    )


def first_failure(
    typed: TypedGraph, name: str, span: range, fixed: Mapping[str, int]
) -> tuple[int, Finding] | None:
    """The first value of ``span`` for symbol ``name`` (the others at ``fixed``) where a
    request check fails, with the failure: the values screened as arrays in blocks
    (:class:`Screen`), the first suspect checked as :meth:`RequestChecks.findings` does."""
    requests = typed.graph.requests
    if requests is None or not span:
        return None
    checks = RequestChecks(typed, requests)
    if name not in checks.names:
        return None  # the requests do not depend on it: the check at the graph's values says
    position = checks.names.index(name)
    point = [float(fixed.get(n, 0)) for n in checks.names]
    work = 1.0
    for end in (span[0], span[-1]):
        point[position] = float(end)
        work = max(work, checks.work(point), float(checks.slots_at(point)))
    screen = Screen(checks, position, point)
    step = max(1, int(BLOCK_CELLS // work))
    for first in range(span.start, span.stop, step):
        block = np.arange(first, min(span.stop, first + step), dtype=np.float64)
        for index in np.flatnonzero(screen.suspects(block)):
            point[position] = float(block[index])
            found = checks.findings(point)
            if found:
                return int(block[index]), found[0]
    return None


class Screen:
    """The request checks of one symbol's values at once (the others fixed): where each may
    fail. Exact where it says none fails; a value it flags is checked one by one."""

    def __init__(self, checks: RequestChecks, position: int, point: Sequence[float]) -> None:
        self.checks = checks
        self.position = position
        self.point = tuple(point)

    def _args(self, values: np.ndarray) -> list[object]:
        args: list[object] = list(self.point)
        args[self.position] = values
        return args

    def suspects(self, values: np.ndarray) -> np.ndarray:
        checks = self.checks
        size = values.size
        numbers = [
            np.broadcast_to(np.asarray(v, dtype=np.float64), (size,))
            for v in checks._scalars(*self._args(values))
        ]
        slots = numbers[0]
        bad = ~_whole_array(slots) | (slots < 0) | (slots > MAX_REQUEST_SLOTS)
        counts = np.where(bad, 0, np.rint(np.where(np.isfinite(slots), slots, 0))).astype(np.int64)
        offsets, offset_counts = checks._offsets.flat(self._args, values, counts + 1)
        lengths, length_counts = checks._lengths.flat(self._args, values, counts)
        bad |= (offset_counts != counts + 1) | (length_counts != counts)
        if np.all(bad):
            return bad
        if np.any(bad):  # the other values' arrays, without those that do not line up
            rest: np.ndarray = bad | self._rest(values[~bad], numbers, ~bad)
            return rest
        return self._rest(values, numbers, np.ones(size, dtype=bool), offsets, lengths)

    def _rest(
        self,
        values: np.ndarray,
        numbers: list[np.ndarray],
        keep: np.ndarray,
        offsets: np.ndarray | None = None,
        lengths: np.ndarray | None = None,
    ) -> np.ndarray:
        """Where the values ``keep`` selects (their counts consistent) fail the other checks;
        the result is over every value of the block."""
        checks = self.checks
        numbers = [n[keep] for n in numbers]
        counts = np.rint(numbers[0]).astype(np.int64)
        if offsets is None or lengths is None:
            offsets, _ = checks._offsets.flat(self._args, values, counts + 1)
            lengths, _ = checks._lengths.flat(self._args, values, counts)
        bad = np.zeros(values.size, dtype=bool)
        seg = counts + 1
        owner = np.repeat(np.arange(values.size), seg)  # the value each offset belongs to
        start = np.cumsum(seg) - seg
        end = start + seg - 1
        bad[owner[~_whole_array(offsets)]] = True
        bad |= offsets[start] != 0
        step = np.diff(offsets)
        inside = np.ones(step.size, dtype=bool)
        inside[start[1:] - 1] = False  # the step from one value's last offset to the next's
        bad[owner[:-1][inside & (step < 0)]] = True
        if lengths.size:
            length_owner = np.repeat(np.arange(values.size), counts)
            bad[length_owner[~_whole_array(lengths)]] = True
        last = offsets[end]
        if not checks.cuts:
            bad |= last != numbers[1]
        slot_owner = np.repeat(np.arange(values.size), counts)
        first_of_slot = np.delete(offsets, end)  # qsl[s] of each slot
        last_of_slot = np.delete(offsets, start)  # qsl[s + 1]
        for k in range(len(checks.cuts)):
            ranks, rows, extent = numbers[2 + 3 * k : 5 + 3 * k]
            sized = _whole_array(ranks) & _whole_array(rows) & (ranks >= 1) & (rows >= 1)
            bad |= sized & (last != extent)
            # a partition of [0, extent) into ranks·rows rows gives each rank its rows exactly;
            # anything else is left to the one-by-one check
            bad |= sized & (ranks * rows != extent)
            if checks._local is None:
                continue
            bad |= self._negative(
                values, slot_owner, first_of_slot, last_of_slot, lengths, ranks, rows, sized
            )
        full = np.zeros(keep.size, dtype=bool)
        full[np.flatnonzero(keep)] = bad
        return full

    def _negative(
        self,
        values: np.ndarray,
        owner: np.ndarray,
        first: np.ndarray,
        last: np.ndarray,
        lengths: np.ndarray,
        ranks: np.ndarray,
        rows: np.ndarray,
        sized: np.ndarray,
    ) -> np.ndarray:
        """Where some slot's local key length on some rank it overlaps is negative: the
        (slot, rank) pairs a slot's rows touch, about slots + ranks per value."""
        bad = np.zeros(values.size, dtype=bool)
        usable = sized[owner]
        owner, first, last, lengths = owner[usable], first[usable], last[usable], lengths[usable]
        pick, _, local_start, local_end = touched_pairs(
            first, last, rows[owner], np.rint(ranks[owner])
        )
        local_len = local_end - local_start
        args = self._args(values[owner[pick]])
        slot_values = (
            lengths[pick],
            first[pick],
            last[pick],
            last[pick] - first[pick],
            local_start,
            local_end,
            local_len,
        )
        assert self.checks._local is not None
        with np.errstate(all="ignore"):
            computed = self.checks._local(*args, *(v + 1.0 for v in slot_values))[0]
        key = np.broadcast_to(np.asarray(computed, dtype=np.float64), local_len.shape)
        bad[owner[pick][(local_len > 0) & (key < 0)]] = True
        return bad


def _whole_array(values: np.ndarray) -> np.ndarray:
    whole: np.ndarray = np.isfinite(values) & (np.abs(values - np.rint(values)) < 1e-9)
    return whole


# -- per-request pricing -----------------------------------------------------------------------


def listed_keys(graph: Graph) -> RequestKeys | None:
    """The graph's requests at its symbol values, for the cost rules that price each request:
    where ``seq_lens`` lists each slot's keys (a decode batch of uneven contexts). None where
    the graph states no requests, writes the keys as one expression (every request alike: the
    rules' one formula is the per-request sum), or a symbol has no value."""
    requests = graph.requests
    if requests is None or not isinstance(requests.seq_lens, tuple):
        return None
    if any(value is None for _, value in graph.symbols):
        return None  # a rank's rows are read at the values: the cost report names the missing
    values = {name: value for name, value in graph.symbols if value is not None}
    names = tuple(sorted(values))
    point = [float(values[name]) for name in names]
    arrays = [requests.slots, *requests.seq_lens]
    offsets_given = requests.query_start_loc
    arrays.extend(offsets_given if isinstance(offsets_given, tuple) else (offsets_given,))
    used = {s.name.removesuffix(_SHIFT) for e in arrays for s in e.free_symbols}
    if not used <= {*names, INDEX}:
        return None  # a symbol without a value: the cost report names it
    (slots,) = compile_arrays([requests.slots], names)(*point)
    count = round(float(slots))
    if not 0 <= count <= MAX_REQUEST_SLOTS:
        return None  # the request checks report it
    offsets = _ArrayProgram(offsets_given, names)(point, count + 1)
    lengths = _ArrayProgram(requests.seq_lens, names)(point, count)
    if offsets.size != count + 1 or lengths.size != count or _offset_problem(offsets):
        return None  # the request checks report it; the op's own formula prices it
    return RequestKeys(
        starts=tuple(int(v) for v in offsets[:-1]),
        ends=tuple(int(v) for v in offsets[1:]),
        keys=tuple(max(round(float(v)), 0) for v in lengths),
        values=tuple(sorted(values.items())),
    )
