"""Which TensorCast trace events price the same work as which layoutcheck ops.

Two ways, by what the graph is:

- an engine graph imported from the same run: **by engine node**. The trace's events come in
  the graph's node order, each repetition region's body replayed at every
  ``_internal_copy_region`` (the copies and region markers have no events of their own), so
  the nodes, with their regions expanded, line up with the events; each lowered op names its
  engine node in ``op.source``. A node's event goes to its op(s) of the kinds the trace-kind
  table gives its target; the MoE expert side, which the lowering folds into one op, gets the
  events between the dispatch and combine all_to_alls.
- any other graph (a built model, a graph file): **by op kind, layer and token extent**. A trace
  has no edges and no layer numbers: both sides are cut into windows at the layer anchors
  (attention), and in each window the events and ops are aligned in order by kind, preferring
  equal token extents.

Events that match nothing and ops that no event matched are kept, with why.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence

import attrs

from layoutcheck.cost.report import CostReport, OpEntry
from layoutcheck.cost.trace import Trace, TraceEvent
from layoutcheck.cost.trace_kinds import TraceKinds
from layoutcheck.engines.opmap import OpMapEntry, shipped_opmaps
from layoutcheck.engines.program import EngineNode, EngineProgram
from layoutcheck.interp import TypedGraph
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.traits import Trait

BY_NODE = "engine node"
BY_KIND = "op kind, layer and token extent"

# why an event or an op has no counterpart
NO_NODE = "no engine node: the runtime's own (a parameter detach, a buffer write-back)"
NO_OP = "its engine node became no layoutcheck op"
UNPRICED = "layoutcheck left its op unpriced: a type error upstream left the values unknown"
NOT_PRICED_KIND = "layoutcheck prices no such work (a view, a cache copy, bookkeeping)"
NO_KIND_HERE = "no layoutcheck op of its kind here"
NO_EVENT = "no TensorCast event"
EXTRA_REPEAT = "layoutcheck counts its region more times than the trace replays it"

RESYNC_WINDOW = 16  # events or nodes skipped at most to line the two sequences up again
RESYNC_RUN = 3  # names that must agree after a skip
DP_CELLS = 4_000_000  # above this a window is aligned greedily (a DP would take seconds)
GREEDY_LOOKAHEAD = 64


@attrs.frozen
class OpInstance:
    """One layer's run of a cost-report entry: a region's op stands for ``entry.count`` layers,
    run ``repeat`` (0-based) is layer ``entry.layer + repeat``."""

    entry: OpEntry
    repeat: int = 0

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def kind(self) -> str:
        return self.entry.kind

    @property
    def layer(self) -> int | None:
        return None if self.entry.layer is None else self.entry.layer + self.repeat


@attrs.frozen
class Match:
    """Trace events and the layoutcheck op runs that price the same work."""

    kind: str
    layer: int | None
    events: tuple[int, ...]  # indexes into the trace's events
    ops: tuple[OpInstance, ...]


@attrs.frozen
class UnmatchedEvent:
    event: int
    kind: str  # the trace-kind table's label for it
    layer: int | None  # the layer of the matched event before it
    reason: str


@attrs.frozen
class UnmatchedOp:
    op: OpInstance
    reason: str


@attrs.frozen
class Matching:
    method: str
    matches: tuple[Match, ...]
    unmatched_events: tuple[UnmatchedEvent, ...]
    unmatched_ops: tuple[UnmatchedOp, ...]


# -- shared ----------------------------------------------------------------------------------


def executed_ops(report: CostReport) -> list[OpInstance]:
    """Every op run in execution order: a repetition region's ops (consecutive entries of one
    layer standing for ``count`` layers) once per layer they stand for."""
    runs: list[OpInstance] = []
    entries = report.op_entries
    start = 0
    while start < len(entries):
        first = entries[start]
        if first.count > 1 and first.layer is not None:
            end = start
            while (
                end < len(entries)
                and entries[end].layer == first.layer
                and entries[end].count == first.count
            ):
                end += 1
            for repeat in range(first.count):
                runs.extend(OpInstance(entry, repeat) for entry in entries[start:end])
            start = end
        else:
            runs.append(OpInstance(first))
            start += 1
    return runs


def _finish(
    method: str,
    trace: Trace,
    table: TraceKinds,
    matches: list[Match],
    leftover: Mapping[int, str],
    runs: Sequence[OpInstance],
) -> Matching:
    """The matching, with each leftover event placed in the layer of the matched event before
    it (a trace has no layer numbers) and every op run no event matched."""
    layer_of: dict[int, int | None] = {}
    for match in matches:
        for index in match.events:
            layer_of[index] = match.layer
    unmatched_events = []
    layer: int | None = None
    for event in trace.events:
        if event.index in layer_of:
            layer = layer_of[event.index]
        elif event.index in leftover:
            unmatched_events.append(
                UnmatchedEvent(event.index, table.label(event.name), layer, leftover[event.index])
            )
    matched_runs = {(op.name, op.repeat) for match in matches for op in match.ops}
    unmatched_ops = tuple(
        UnmatchedOp(run, NO_EVENT) for run in runs if (run.name, run.repeat) not in matched_runs
    )
    matches.sort(key=lambda match: min(match.events, default=-1))
    return Matching(method, tuple(matches), tuple(unmatched_events), unmatched_ops)


def _expert_blocks(trace: Trace, table: TraceKinds) -> list[tuple[int, int]]:
    """(dispatch, combine) event indexes of each MoE expert side: consecutive pairs of the
    table's ``between`` collectives, in trace order."""
    ends = [event.index for event in trace.events if event.name in table.expert_side.between]
    return list(zip(ends[0::2], ends[1::2], strict=False))


# -- by engine node --------------------------------------------------------------------------


def executed_nodes(
    program: EngineProgram,
    opmaps: Mapping[str, OpMapEntry] | None = None,
    registry: Registry | None = None,
) -> list[tuple[EngineNode, int]]:
    """The engine nodes in the order the engine runs them: a region's body (``region_begin`` to
    ``region_end``) again at each of its ``copy_region`` nodes, as ``(node, repeat)``; region
    markers and copies run nothing themselves. What a node lowers to is a marker, and which,
    the catalogue's traits say."""
    opmaps = shipped_opmaps() if opmaps is None else opmaps
    registry = registry or default_registry()
    runs: list[tuple[EngineNode, int]] = []
    open_regions: list[tuple[str, int]] = []
    bodies: dict[str, list[tuple[EngineNode, int]]] = {}
    copies: Counter[str] = Counter()
    registry = default_registry()
    for node in program.nodes:
        entry = opmaps.get(node.target)
        if entry is None or not registry.is_(entry.lower, Trait.REGION_MARKER):
            runs.append((node, 0))
            continue
        region = _region_id(node, entry)
        if registry.is_(entry.lower, Trait.REGION_BEGIN):
            open_regions.append((region, len(runs)))
        elif registry.is_(entry.lower, Trait.REGION_END):
            if open_regions and open_regions[-1][0] == region:
                _, start = open_regions.pop()
                bodies[region] = runs[start:]
        else:
            copies[region] += 1
            runs.extend((body_node, copies[region]) for body_node, _ in bodies.get(region, []))
    return runs


def _region_id(node: EngineNode, entry: OpMapEntry) -> str:
    position = entry.args.index("id") if "id" in entry.args else None
    arg = node.arg("id", position)
    return str(arg.value) if arg is not None else node.name


def align(expected: Sequence[str], observed: Sequence[str]) -> list[tuple[int, int]]:
    """Pairs ``(i, j)`` of equal names, in order, where ``observed`` is ``expected`` with
    items inserted or left out here and there: after a disagreement both are skipped ahead to
    where the names agree again for longest (``RESYNC_RUN`` at most), skipping fewest first."""
    pairs: list[tuple[int, int]] = []
    i = j = 0
    while i < len(expected) and j < len(observed):
        if expected[i] == observed[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
            continue
        skip = _resync(expected, observed, i, j)
        if skip is None:  # nothing lines up nearby: this pair of items has no counterpart
            i, j = i + 1, j + 1
        else:
            i, j = i + skip[0], j + skip[1]
    return pairs


def _resync(
    expected: Sequence[str], observed: Sequence[str], i: int, j: int
) -> tuple[int, int] | None:
    best: tuple[int, int, int] | None = None  # (agreeing run, skipped expected, skipped observed)
    for total in range(1, RESYNC_WINDOW + 1):
        for skip_observed in range(total, -1, -1):  # prefer skipping the trace's extra events
            a, b = i + total - skip_observed, j + skip_observed
            longest = min(RESYNC_RUN, len(expected) - a, len(observed) - b)
            run = 0
            while run < longest and expected[a + run] == observed[b + run]:
                run += 1
            if run == RESYNC_RUN:
                return total - skip_observed, skip_observed
            # near the ends a run is cut short: the nearest longest one wins
            if run and (best is None or run > best[0]):
                best = (run, total - skip_observed, skip_observed)
    return None if best is None else (best[1], best[2])


def _node_of(source: str | None) -> str | None:
    """The engine node a lowered op came from: its source is ``node (module) at file:line``."""
    if not source:
        return None
    return source.split(" ", 1)[0]


def match_by_node(
    trace: Trace, report: CostReport, program: EngineProgram, table: TraceKinds
) -> Matching:
    runs = executed_nodes(program)
    pairs = align(
        [table.traced_as(node.target) for node, _ in runs], [e.name for e in trace.events]
    )
    node_of_event = {j: runs[i] for i, j in pairs}

    entries_of: dict[str, list[OpEntry]] = defaultdict(list)
    ops = {op.name: op for op in report.graph.ops}
    for entry in report.op_entries:
        node_name = _node_of(ops[entry.name].source)
        if node_name is not None:
            entries_of[node_name].append(entry)
    unpriced = {_node_of(ops[name].source) for name in report.unpriced if name in ops}

    matches: list[Match] = []
    leftover: dict[int, str] = {}
    event_of_run: dict[tuple[str, int], int] = {}
    for event in trace.events:
        found = node_of_event.get(event.index)
        if found is None:
            leftover[event.index] = NO_NODE
            continue
        node, repeat = found
        event_of_run[(node.name, repeat)] = event.index
        candidates = entries_of.get(node.name)
        if not candidates:
            if node.name in unpriced:
                leftover[event.index] = UNPRICED
            else:
                leftover[event.index] = NO_OP if table.kinds(event.name) else NOT_PRICED_KIND
            continue
        kinds = table.kinds(event.name)
        chosen = [entry for entry in candidates if entry.kind in kinds] or candidates
        # the lowering's fold op (the experts) shares the combine's node: it gets the folded
        # events below, not the collective's
        chosen = [e for e in chosen if e.kind != table.expert_side.exclusive] or chosen
        if repeat >= min(entry.count for entry in chosen):
            leftover[event.index] = EXTRA_REPEAT
            continue
        instances = tuple(OpInstance(entry, repeat) for entry in chosen)
        matches.append(Match(chosen[0].kind, instances[0].layer, (event.index,), instances))

    # the expert side: events between dispatch and combine that no op of their own took
    for node_name, candidates in entries_of.items():
        for entry in candidates:
            if entry.kind != table.expert_side.exclusive:
                continue
            for repeat in range(entry.count):
                combine = event_of_run.get((node_name, repeat))
                if combine is None:
                    continue
                dispatch = next(
                    (
                        index
                        for index in range(combine - 1, -1, -1)
                        if trace.events[index].name in table.expert_side.between
                    ),
                    None,
                )
                if dispatch is None:
                    continue
                folded = tuple(i for i in range(dispatch + 1, combine) if i in leftover)
                for index in folded:
                    del leftover[index]
                instance = OpInstance(entry, repeat)
                matches.append(Match(entry.kind, instance.layer, folded, (instance,)))
    return _finish(BY_NODE, trace, table, matches, leftover, executed_ops(report))


# -- by op kind, layer and token extent ------------------------------------------------------


@attrs.frozen
class _Item:
    """What the alignment places: one event, or an expert side folded into one."""

    events: tuple[int, ...]
    kinds: frozenset[str]
    extent: int | None


def token_extents(report: CostReport, typed: TypedGraph) -> dict[str, int | None]:
    """Each priced op's token extent: rows of its first input at the graph's symbol values."""
    ops = {op.name: op for op in typed.graph.ops}
    extents: dict[str, int | None] = {}
    for entry in report.op_entries:
        op = ops.get(entry.name)
        inputs = typed.inputs_of(op) if op is not None and op.inputs else ()
        extent = None
        if inputs and not inputs[0].is_top and inputs[0].shape:
            rows = typed.numeric_shape(inputs[0])[0]
            extent = int(rows) if getattr(rows, "is_Integer", False) else None
        extents[entry.name] = extent
    return extents


def _items(
    trace: Trace, table: TraceKinds, fold_kind: str | None, leftover: dict[int, str]
) -> list[_Item]:
    inclusive = fold_kind == table.expert_side.inclusive
    folded: dict[int, tuple[int, ...]] = {}  # first event of a block -> its events
    inside: set[int] = set()
    if fold_kind is not None:
        for dispatch, combine in _expert_blocks(trace, table):
            block = range(dispatch, combine + 1) if inclusive else range(dispatch + 1, combine)
            if block:
                folded[block[0]] = tuple(block)
                inside.update(block)
    items: list[_Item] = []
    for event in trace.events:
        if event.index in folded:
            items.append(_Item(folded[event.index], frozenset({fold_kind or ""}), None))
        elif event.index in inside:
            continue
        elif table.kinds(event.name):
            items.append(
                _Item((event.index,), frozenset(table.kinds(event.name)), event.token_extent)
            )
        else:
            leftover[event.index] = NOT_PRICED_KIND
    return items


def _windows(
    items: Sequence[_Item], runs: Sequence[OpInstance], anchors: frozenset[str]
) -> list[tuple[range, range]]:
    """Matching slices of both sequences, cut at the layer anchors when both have as many."""
    item_cuts = [k for k, item in enumerate(items) if item.kinds & anchors]
    run_cuts = [k for k, run in enumerate(runs) if run.kind in anchors]
    if not item_cuts or len(item_cuts) != len(run_cuts):
        return [(range(len(items)), range(len(runs)))]
    item_bounds = [0, *item_cuts, len(items)]
    run_bounds = [0, *run_cuts, len(runs)]
    return [
        (range(item_bounds[k], item_bounds[k + 1]), range(run_bounds[k], run_bounds[k + 1]))
        for k in range(len(item_bounds) - 1)
    ]


def _score(item: _Item, run: OpInstance, extents: Mapping[str, int | None]) -> int:
    if run.kind not in item.kinds:
        return 0
    extent = extents.get(run.name)
    return 3 if item.extent is not None and item.extent == extent else 2


def _align_window(
    items: Sequence[_Item],
    runs: Sequence[OpInstance],
    extents: Mapping[str, int | None],
) -> list[tuple[int, int]]:
    """In-order pairs of compatible items and runs with the largest total score."""
    n, m = len(items), len(runs)
    if n == 0 or m == 0:
        return []
    if n * m > DP_CELLS:
        return _align_greedy(items, runs, extents)
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for a in range(n - 1, -1, -1):
        row, below = best[a], best[a + 1]
        for b in range(m - 1, -1, -1):
            score = _score(items[a], runs[b], extents)
            take = below[b + 1] + score if score else 0
            row[b] = max(take, below[b], row[b + 1])
    pairs = []
    a = b = 0
    while a < n and b < m:
        score = _score(items[a], runs[b], extents)
        if score and best[a][b] == best[a + 1][b + 1] + score:
            pairs.append((a, b))
            a, b = a + 1, b + 1
        elif best[a][b] == best[a + 1][b]:
            a += 1
        else:
            b += 1
    return pairs


def _align_greedy(
    items: Sequence[_Item], runs: Sequence[OpInstance], extents: Mapping[str, int | None]
) -> list[tuple[int, int]]:
    pairs = []
    next_run = 0
    for a, item in enumerate(items):
        window = range(next_run, min(len(runs), next_run + GREEDY_LOOKAHEAD))
        scored = [(_score(item, runs[b], extents), -b) for b in window]
        score, b = max(scored, default=(0, 0))
        if score:
            pairs.append((a, -b))
            next_run = -b + 1
    return pairs


def match_by_kind(
    trace: Trace, report: CostReport, table: TraceKinds, extents: Mapping[str, int | None]
) -> Matching:
    runs = executed_ops(report)
    kinds = {run.kind for run in runs}
    side = table.expert_side
    fold_kind = next((k for k in (side.inclusive, side.exclusive) if k in kinds), None)
    leftover: dict[int, str] = {}
    items = _items(trace, table, fold_kind, leftover)
    matches: list[Match] = []
    for item_range, run_range in _windows(items, runs, table.layer_anchors):
        window_items = [items[k] for k in item_range]
        window_runs = [runs[k] for k in run_range]
        paired = _align_window(window_items, window_runs, extents)
        taken = set()
        for a, b in paired:
            taken.add(a)
            run = window_runs[b]
            matches.append(Match(run.kind, run.layer, window_items[a].events, (run,)))
        for a, item in enumerate(window_items):
            if a not in taken:
                for index in item.events:
                    leftover[index] = NO_KIND_HERE
    return _finish(BY_KIND, trace, table, matches, leftover, runs)


def events_of(trace: Trace, match: Match) -> list[TraceEvent]:
    return [trace.events[index] for index in match.events]
