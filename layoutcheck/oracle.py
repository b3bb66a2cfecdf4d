"""Soundness and equivalence, judged by the simulator.

*Soundness*: every typed port holds what its type says — each rank's shape, identical FULL
ranks, the right LOCAL row block, and a global value (rows concatenated, feature blocks joined,
partials summed) equal to what a single-rank run (``tp = 1``) computes for the same port.
*Equivalence*: two graphs fed the same inputs and weights give the same outputs; the first op
(in the first graph's order, present in both) whose values differ is named.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping

import attrs
import numpy as np

from layoutcheck.graph import Graph, ValueRef
from layoutcheck.lattice import AbstractValue, FeatureState, TokenLayout
from layoutcheck.sim import (
    Array,
    Held,
    Positions,
    Simulation,
    assemble,
    close,
    full_positions,
    group_ranks,
    simulate,
)


@attrs.frozen
class Finding:
    """One way the concrete run disagrees with the types (or with the other graph)."""

    op: str
    message: str
    port: str | None = None

    def __str__(self) -> str:
        return f"{self.port or self.op}: {self.message}"


class Verdict(enum.Enum):
    """What a run shows. ``CANNOT_EXECUTE`` says nothing about the graph's soundness: the
    simulator could not run it at these sizes (a graph the type rules accept)."""

    SOUND = "sound"
    UNSOUND = "unsound"  # a value differs from its type (printed), or a rejected graph fails
    REJECTED = "rejected"  # the type rules reject it; no value differed at these sizes
    CANNOT_EXECUTE = "cannot-execute"


@attrs.frozen
class SoundnessReport:
    simulation: Simulation
    reference: Simulation | None
    findings: tuple[Finding, ...]
    checked_ports: int
    skipped_ports: int

    @property
    def rejected_by(self) -> str | None:
        """The type rules' first error (``op [rule]``), or None when they accept the graph."""
        for diagnostic in self.simulation.typed.diagnostics:
            if diagnostic.is_error:
                return f"{diagnostic.op} [{diagnostic.rule}]"
        return None

    @property
    def verdict(self) -> Verdict:
        if self.findings:
            return Verdict.UNSOUND
        if self.simulation.failure is not None:
            # a graph the type rules reject fails as the engine would: that is its bug; one
            # they accept the simulator could not run, which says nothing either way
            return Verdict.UNSOUND if self.rejected_by else Verdict.CANNOT_EXECUTE
        return Verdict.REJECTED if self.rejected_by else Verdict.SOUND

    @property
    def ok(self) -> bool:
        return self.verdict is Verdict.SOUND

    @property
    def in_blind_spot(self) -> bool:
        """A port was skipped because it has no global reading (``KNOWN_BLIND_SPOTS``)."""
        return bool(self.skipped_ports) and any(
            not v.is_top and v.tokens is TokenLayout.LOCAL and v.features is not FeatureState.WHOLE
            for v in self.simulation.typed.values.values()
        )

    def to_json(self) -> dict[str, object]:
        sim = self.simulation
        return {
            "sound": self.ok,
            "verdict": self.verdict.value,
            "rejected_by": self.rejected_by,
            "failure": None if sim.failure is None else str(sim.failure),
            "ranks": sim.ranks,
            "reference": self.reference is not None,
            "checked_ports": self.checked_ports,
            "skipped_ports": self.skipped_ports,
            "findings": [{"op": f.op, "port": f.port, "message": f.message} for f in self.findings],
            "notes": [KNOWN_BLIND_SPOTS[0]] if self.in_blind_spot else [],
        }


def _numeric_shape(sim: Simulation, value: AbstractValue) -> tuple[int, ...] | None:
    dims = []
    for dim in value.shape:
        number = sim.typed.context.numeric(dim)
        if number is None:
            return None
        dims.append(number)
    return tuple(dims)


def _tokens(sim: Simulation, held: Held | None = None) -> int:
    """The real rows of the range a value's rows number: the graph's tokens, or what the
    value's own range holds (a dispatch's routed rows)."""
    if held is not None and held.real is not None:
        return held.real
    return sim.typed.context.numeric(sim.graph.token_count) or 0


def check_port(
    sim: Simulation, ref: ValueRef, value: AbstractValue, reference: Simulation | None
) -> list[Finding]:
    """What the type of one port claims, against the arrays the ranks hold."""
    held = sim.held(ref)
    if held is None:
        return []
    port = str(ref)
    found: list[Finding] = []
    shape = _numeric_shape(sim, value)
    for r, array in enumerate(held.arrays):
        if shape is not None and array.shape != shape:
            found.append(
                Finding(
                    ref.op,
                    f"rank {r} holds {list(array.shape)}, the type says "
                    f"{list(shape)} ({value.layout})",
                    port,
                )
            )
            return found
    extent = sim.typed.context.numeric(value.extent)
    tokens = _tokens(sim, held)
    if extent is not None:
        expected = full_positions(extent, tokens)
        if value.tokens is TokenLayout.FULL:
            for r, positions in enumerate(held.positions):
                if not np.array_equal(positions, expected):
                    found.append(
                        Finding(
                            ref.op,
                            f"rank {r} does not hold the full token range the type FULL claims: "
                            f"{_rows(positions, expected)}",
                            port,
                        )
                    )
                    return found
        elif value.tokens is TokenLayout.LOCAL:
            g = group_ranks(sim, value)  # rank r holds block r % g of its group's rows
            n = extent // max(g, 1)
            for r, positions in enumerate(held.positions):
                block = r % g
                if not np.array_equal(positions, expected[block * n : (block + 1) * n]):
                    found.append(
                        Finding(
                            ref.op,
                            f"rank {r} does not hold row block {block} the type LOCAL claims: "
                            f"{_rows(positions, expected[block * n : (block + 1) * n])}",
                            port,
                        )
                    )
                    return found
    if value.tokens is TokenLayout.FULL and value.features is FeatureState.WHOLE:
        for r in range(1, held.ranks):
            if not close(held.arrays[r], held.arrays[0], value.dtype):
                gap = np.abs(held.arrays[r] - held.arrays[0])
                where = np.unravel_index(int(np.argmax(gap)), gap.shape)
                found.append(
                    Finding(
                        ref.op,
                        f"rank {r} differs from rank 0 on a FULL·WHOLE value (replicas "
                        f"disagree): token {int(held.positions[r][where[0]])}, element "
                        f"{[int(i) for i in where[1:]]}: {float(held.arrays[r][where]):.6g} "
                        f"on rank {r}, {float(held.arrays[0][where]):.6g} on rank 0",
                        port,
                    )
                )
                return found
    if reference is not None:
        found.extend(_against_reference(sim, ref, value, held, reference))
    return found


def _rows(held: Positions, expected: Positions) -> str:
    """The first row a rank holds other than the type says: the token there and the one
    expected (-1: a padding row)."""
    if held.shape != expected.shape:
        return f"{held.shape[0]} rows where {expected.shape[0]} were expected"
    row = int(np.argmax(held != expected))
    return f"row {row} holds token {int(held[row])}, the type says token {int(expected[row])}"


def _against_reference(
    sim: Simulation, ref: ValueRef, value: AbstractValue, held: Held, reference: Simulation
) -> list[Finding]:
    mine = assemble(held, value, group_ranks(sim, value))
    theirs_held = reference.held(ref)
    theirs_value = reference.typed.values.get(ref)
    if mine is None or theirs_held is None or theirs_value is None or theirs_value.is_top:
        return []
    theirs = assemble(theirs_held, theirs_value, group_ranks(reference, theirs_value))
    if theirs is None:
        return []
    tokens = _tokens(sim, held)
    a, b = mine[:tokens], theirs[:tokens]
    if not close(a, b, value.dtype):
        return [
            Finding(
                ref.op,
                f"the {value.layout} value does not match the single-rank run: "
                f"{_counterexample(sim, held, value, a, b)}",
                str(ref),
            )
        ]
    return []


def _counterexample(sim: Simulation, held: Held, value: AbstractValue, a: Array, b: Array) -> str:
    """Where the run and the single-rank run first differ: the token, the ranks holding it,
    the element and both values."""
    if a.shape != b.shape:
        return f"shapes {list(a.shape)} vs {list(b.shape)}"
    gap = np.abs(a - b)
    where = tuple(int(i) for i in np.unravel_index(int(np.argmax(gap)), gap.shape))
    token = where[0]
    holders = [r for r, p in enumerate(held.positions) if np.any(p == token)]
    if value.features is FeatureState.PARTIAL:
        ranks = "the sum over ranks " + ", ".join(map(str, range(held.ranks)))
    elif value.features is FeatureState.SPLIT:
        ranks = "the feature blocks of ranks " + ", ".join(map(str, holders))
    else:
        ranks = ("ranks " if len(holders) > 1 else "rank ") + ", ".join(map(str, holders))
    element = ", ".join(map(str, where[1:])) or "-"
    return (
        f"token {token}, element [{element}] on {ranks}: {float(a[where]):.6g} where the "
        f"single-rank run computes {float(b[where]):.6g} (max difference {float(np.max(gap)):.3g})"
    )


def check_soundness(
    graph: Graph,
    symbols: Mapping[str, int] | None = None,
    *,
    seed: int = 0,
    on_op: Callable[[], None] | None = None,
) -> SoundnessReport:
    """Run ``graph`` on its ranks and on one rank; check every typed port. ``on_op`` is called
    after each op of either run (so a display counts to twice the ops)."""
    sim = simulate(graph, symbols, seed=seed, on_op=on_op)
    reference = None
    if sim.failure is None and "tp" in dict(graph.symbols) and sim.ranks > 1:
        # one rank: every group of one (a smaller group inside tp too)
        ones = {name: 1 for name in _group_symbols(graph) if name in dict(graph.symbols)}
        single = simulate(
            graph, {**(symbols or {}), **ones, "tp": 1}, seed=seed, inputs=sim.inputs, on_op=on_op
        )
        reference = single if single.failure is None else None
    findings: list[Finding] = [Finding(op, message) for op, message in sim.mixed]
    findings.extend(_unchecked(sim))
    checked = skipped = 0
    for ref, value in sim.typed.values.items():
        if value.is_top or sim.held(ref) is None:
            skipped += 1
            continue
        if value.tokens is TokenLayout.LOCAL and value.features is not FeatureState.WHOLE:
            skipped += 1  # no global reading: see KNOWN_BLIND_SPOTS
            continue
        checked += 1
        findings.extend(check_port(sim, ref, value, reference))
    return SoundnessReport(sim, reference, tuple(findings), checked, skipped)


def _group_symbols(graph: Graph) -> list[str]:
    """The symbols a group's size is made of, each once (tp, ep, dp, …)."""
    names: dict[str, None] = {}
    for _, size in graph.groups:
        for free in sorted(size.free_symbols, key=str):
            names[str(free)] = None
    return list(names)


def _unchecked(sim: Simulation) -> list[Finding]:
    """The ops a type error left without types (⊤): they ran, but what they hold cannot be
    judged, so the graph is not shown sound (one finding per op, naming the error)."""
    errors = [d for d in sim.typed.diagnostics if d.is_error]
    if not errors:
        return []
    first = errors[0]
    cause = f"{first.op} [{first.rule}]"
    found = []
    for op in sim.graph.topological_order():
        refs = [ref for ref in sim.typed.values if ref.op == op.name]
        if refs and all(sim.typed.values[ref].is_top for ref in refs):
            found.append(
                Finding(op.name, f"not checked: a type error ({cause}) left its type unknown (⊤)")
            )
    return found


KNOWN_BLIND_SPOTS = (
    "A LOCAL value whose features are also SPLIT or PARTIAL over the same group (a TP MLP on "
    "local tokens, the RFC table's shared-expert model) has no global reading: rank r holds only "
    "its own tokens' feature block, so an all_reduce there sums different tokens. The checker "
    "rejects that all_reduce [cross-token-reduction] (the RFC contract keeps it a warning, as "
    "the cost model it asks for); the simulator shows it does not compute the TP result. "
    "Replicated shared experts (vLLM-Ascend, --shared-experts replicated) do.",
)


@attrs.frozen
class EquivalenceReport:
    a: Simulation
    b: Simulation
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        return not self.findings


def gathered(sim: Simulation, ref: ValueRef) -> Array | None:
    """A port's global value: by its type where it has one; replicas if every rank holds the
    same array; else rows placed by position (None if the ranks hold different features)."""
    held = sim.held(ref)
    if held is None:
        return None
    value = sim.typed.values.get(ref)
    if value is not None and not value.is_top:
        assembled = assemble(held, value, group_ranks(sim, value))
        return None if assembled is None else assembled[: _tokens(sim)]
    first = held.arrays[0]
    if all(a.shape == first.shape and np.array_equal(a, first) for a in held.arrays[1:]):
        return first[: _tokens(sim)]
    if len({tuple(p.tolist()) for p in held.positions}) < len(held.positions):
        return None  # the same rows with different contents: feature blocks or partial sums
    tokens = _tokens(sim)
    out = None
    for array, positions in zip(held.arrays, held.positions, strict=True):
        if out is None:
            out = np.full((tokens, *array.shape[1:]), np.nan)
        keep = (positions >= 0) & (positions < tokens)
        if array.shape[1:] != out.shape[1:]:
            return None
        out[positions[keep]] = array[keep]
    return out


def compare_graphs(
    a: Graph, b: Graph, symbols: Mapping[str, int] | None = None, *, seed: int = 0
) -> EquivalenceReport:
    """Run both graphs on the same inputs and weights; compare outputs and name the first op
    where they diverge."""
    sim_a = simulate(a, symbols, seed=seed)
    sim_b = simulate(b, _known(b, symbols), seed=seed, inputs=sim_a.inputs)
    findings: list[Finding] = []
    for sim, name in ((sim_a, "first"), (sim_b, "second")):
        if sim.failure is not None:
            findings.append(
                Finding(sim.failure.op, f"the {name} graph cannot run: {sim.failure.message}")
            )
    if findings:
        return EquivalenceReport(sim_a, sim_b, tuple(findings))
    divergence = _first_divergence(sim_a, sim_b)
    if len(a.outputs) != len(b.outputs):
        findings.append(Finding("outputs", f"{len(a.outputs)} outputs vs {len(b.outputs)}"))
    for out_a, out_b in zip(a.outputs, b.outputs, strict=False):
        if same_value(sim_a, sim_b, out_a, out_b) is not True:
            where = f" (first divergence at {divergence})" if divergence else ""
            findings.append(
                Finding(out_a.op, f"output {out_a} differs from {out_b}{where}", str(out_a))
            )
    return EquivalenceReport(sim_a, sim_b, tuple(findings))


def _known(graph: Graph, symbols: Mapping[str, int] | None) -> dict[str, int]:
    names = dict(graph.symbols)
    return {k: v for k, v in (symbols or {}).items() if k in names}


def same_value(a: Simulation, b: Simulation, ref_a: ValueRef, ref_b: ValueRef) -> bool | None:
    """Do two runs hold the same value at these ports? Ports typed alike compare rank by rank
    (exact for any layout, LOCAL·SPLIT included); others by their global value. None: unknown."""
    held_a, held_b = a.held(ref_a), b.held(ref_b)
    if held_a is None or held_b is None:
        return None
    type_a, type_b = a.typed.value(ref_a), b.typed.value(ref_b)
    dtype = type_a.dtype if not type_a.is_top else type_b.dtype
    alike = held_a.ranks == held_b.ranks and all(
        x.shape == y.shape for x, y in zip(held_a.arrays, held_b.arrays, strict=True)
    )
    if alike:
        # every rank holding the same array means the same value, whatever the types say
        equal = all(close(x, y, dtype) for x, y in zip(held_a.arrays, held_b.arrays, strict=True))
        if equal or (not type_a.is_top and type_a == type_b):
            return equal
    va, vb = gathered(a, ref_a), gathered(b, ref_b)
    if va is None or vb is None:
        return None
    return close(np.nan_to_num(va), np.nan_to_num(vb), dtype)


def _first_divergence(a: Simulation, b: Simulation) -> str | None:
    """The first port (in ``a``'s order, present in both) that differs; failing that, the first
    whose values cannot be compared (no global reading on one side)."""
    names_b = {op.name for op in b.graph.ops}
    unknown = None
    for op in a.graph.topological_order():
        if op.name not in names_b:
            continue
        for ref in (r for r in a.values if r.op == op.name):
            if ref not in b.values:
                continue
            verdict = same_value(a, b, ref, ref)
            if verdict is False:
                return str(ref)
            if verdict is None and unknown is None:
                unknown = str(ref)
    return unknown
