"""Two cost reports side by side: per op kind and per layer, with the difference and its cause."""

from __future__ import annotations

from collections import defaultdict

import attrs

from layoutcheck.cost.report import CostReport, Numbers, by_layer
from layoutcheck.ops.costing import HOST_STEP


@attrs.frozen
class KindRow:
    kind: str
    a_us: float
    b_us: float
    a_count: int
    b_count: int

    @property
    def delta(self) -> float:
        return self.b_us - self.a_us


@attrs.frozen
class LayerRow:
    layers: tuple[int, ...]  # consecutive layers with the same times
    a_us: float
    b_us: float
    cause: str


@attrs.frozen
class Comparison:
    a_name: str
    b_name: str
    kinds: tuple[KindRow, ...]
    layers: tuple[LayerRow, ...]
    a_total: float
    b_total: float

    def per_layer(self) -> tuple[list[int], list[float], list[float]]:
        """Every decoder layer with both µs (the rows' runs of equal layers written out)."""
        layers: list[int] = []
        a_us: list[float] = []
        b_us: list[float] = []
        for row in self.layers:
            for layer in row.layers:
                layers.append(layer)
                a_us.append(row.a_us)
                b_us.append(row.b_us)
        return layers, a_us, b_us

    def to_json(self) -> dict[str, object]:
        return {
            "a": self.a_name,
            "b": self.b_name,
            "a_total_us": self.a_total,
            "b_total_us": self.b_total,
            "delta_us": self.b_total - self.a_total,
            "kinds": [
                {
                    "kind": row.kind,
                    "a_us": row.a_us,
                    "b_us": row.b_us,
                    "a_count": row.a_count,
                    "b_count": row.b_count,
                    "delta_us": row.delta,
                }
                for row in self.kinds
            ],
            "layers": [
                {
                    "layers": list(row.layers),
                    "a_us": row.a_us,
                    "b_us": row.b_us,
                    "delta_us": row.b_us - row.a_us,
                    "cause": row.cause,
                }
                for row in self.layers
            ],
        }


def _kind_totals(report: CostReport, numbers: dict[str, Numbers]) -> dict[str, tuple[float, int]]:
    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0])
    for entry in report.entries:
        totals[entry.kind][0] += entry.count * numbers[entry.name].us
        totals[entry.kind][1] += entry.count
    return {kind: (us, int(count)) for kind, (us, count) in totals.items()}


def _layer_kinds(
    report: CostReport, numbers: dict[str, Numbers]
) -> dict[int, dict[str, tuple[float, float]]]:
    """Per layer and op kind: (µs, bytes on the wire)."""
    per: dict[int, dict[str, list[float]]] = defaultdict(lambda: defaultdict(lambda: [0.0, 0.0]))
    for entry in report.entries:
        if entry.layer is None:
            continue
        n = numbers[entry.name]
        for layer in entry.layers:
            assert layer is not None  # an entry of a layer stands for layers
            cell = per[layer][entry.kind]
            cell[0] += n.us
            cell[1] += n.comm_bytes
    return {
        layer: {kind: (cell[0], cell[1]) for kind, cell in kinds.items()}
        for layer, kinds in per.items()
    }


def _cause(per_a: dict[str, tuple[float, float]], per_b: dict[str, tuple[float, float]]) -> str:
    """The op kinds that make most of a layer's difference, with the bytes they move."""
    zero = (0.0, 0.0)
    deltas = {k: per_b.get(k, zero)[0] - per_a.get(k, zero)[0] for k in set(per_a) | set(per_b)}
    ranked = sorted(deltas.items(), key=lambda item: -abs(item[1]))
    # the largest differences, and every collective that changed: communication is usually
    # what a layout decision is about
    chosen = ranked[:3] + [
        (kind, delta)
        for kind, delta in ranked[3:]
        if (per_a.get(kind, zero)[1] or per_b.get(kind, zero)[1]) and abs(delta) >= 0.05
    ]
    parts = []
    for kind, delta in chosen:
        if abs(delta) < 0.05:
            continue
        wire_a, wire_b = per_a.get(kind, zero)[1], per_b.get(kind, zero)[1]
        moved = f" ({wire_a / 1e6:.1f} → {wire_b / 1e6:.1f} MB sent)" if wire_a or wire_b else ""
        parts.append(f"{kind} {delta:+.1f} µs{moved}")
    return "; ".join(parts)


def compare_reports(a: CostReport, b: CostReport, a_name: str, b_name: str) -> Comparison:
    na, nb = a.numbers(), b.numbers()
    ka, kb = _kind_totals(a, na), _kind_totals(b, nb)
    kinds = tuple(
        sorted(
            (
                KindRow(
                    kind,
                    ka.get(kind, (0.0, 0))[0],
                    kb.get(kind, (0.0, 0))[0],
                    ka.get(kind, (0.0, 0))[1],
                    kb.get(kind, (0.0, 0))[1],
                )
                for kind in set(ka) | set(kb)
            ),
            key=lambda row: -abs(row.delta),
        )
    )
    la, lb = by_layer(a, na), by_layer(b, nb)
    kinds_a, kinds_b = _layer_kinds(a, na), _layer_kinds(b, nb)
    rows: list[LayerRow] = []
    for layer in sorted(k for k in set(la) | set(lb) if k is not None):
        ta, tb = la.get(layer, 0.0), lb.get(layer, 0.0)
        cause = _cause(kinds_a.get(layer, {}), kinds_b.get(layer, {}))
        if (
            rows
            and rows[-1].layers[-1] == layer - 1
            and abs(rows[-1].a_us - ta) < 1e-6
            and abs(rows[-1].b_us - tb) < 1e-6
            and rows[-1].cause == cause
        ):
            rows[-1] = attrs.evolve(rows[-1], layers=(*rows[-1].layers, layer))
        else:
            rows.append(LayerRow((layer,), ta, tb, cause))
    outside_a, outside_b = la.get(None, 0.0), lb.get(None, 0.0)
    if outside_a or outside_b:
        hosted = any(e.kind == HOST_STEP for e in (*a.entries, *b.entries))
        cause = "embedding, final norm, lm_head" + (", host step" if hosted else "")
        rows.append(LayerRow((), outside_a, outside_b, cause))
    return Comparison(a_name, b_name, kinds, tuple(rows), sum(la.values()), sum(lb.values()))
