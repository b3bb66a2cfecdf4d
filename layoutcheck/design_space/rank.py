"""Ranking the priced points: one column table over every structure and device, the HBM fit,
the objectives as a table, the top K and the Pareto frontier of latency against devices.

The deployment of a structure is tp·dp ranks (its world size; the expert group spans them).
Each DP replica runs its own step on its T tokens (a prefill's prompt, a decode step's T
requests), so the deployment moves tokens·dp tokens per step of the costed (busiest) rank.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import attrs
import numpy as np

from layoutcheck.design_space.axes import Structure
from layoutcheck.design_space.evaluate import BOUNDS, StructureResult
from layoutcheck.errors import UsageError


@attrs.frozen
class Objective:
    """What to rank by: a column of the table and its direction."""

    name: str
    column: str
    larger_is_better: bool
    unit: str
    doc: str


OBJECTIVES: Mapping[str, Objective] = {
    objective.name: objective
    for objective in (
        Objective("latency", "step_us", False, "ms", "the step time of the costed rank"),
        Objective(
            "throughput",
            "tokens_per_s",
            True,
            "tokens/s",
            "tokens the deployment processes per second: tokens·dp / step",
        ),
        Objective(
            "tokens-per-device",
            "tokens_per_s_per_device",
            True,
            "tokens/s/device",
            "throughput / (tp·dp): what each device earns",
        ),
    )
}
DEFAULT_OBJECTIVE = "throughput"


def objective(name: str) -> Objective:
    found = OBJECTIVES.get(name)
    if found is None:
        raise UsageError(f"--objective {name!r}: use {', '.join(OBJECTIVES)}")
    return found


# the columns of a record, in the order JSON, CSV and the DataFrame give them
COLUMNS = (
    "model",
    "phase",
    "quant",
    "tp",
    "dp",
    "ep",
    "sp",
    "layout",
    "device",
    "devices",
    "tokens",
    "context",
    "step_us",
    "tokens_per_s",
    "tokens_per_s_per_device",
    "bound",
    "bound_share",
    "compute_bound_us",
    "memory_bound_us",
    "communication_bound_us",
    "weights_bytes",
    "kv_bytes",
    "memory_bytes",
    "hbm_bytes",
    "fits",
    "contract",
)


@attrs.frozen(eq=False)
class Table:
    """Every priced point of every structure, one row each, as columns (numpy arrays): the
    structure's index into ``structures`` and the device's into ``devices``."""

    structures: tuple[Structure, ...]
    contracts: tuple[str | None, ...]
    devices: tuple[str, ...]
    structure: np.ndarray
    device: np.ndarray
    tokens: np.ndarray
    context: np.ndarray
    step_us: np.ndarray
    by_bound: np.ndarray  # [3, n]
    weights_bytes: np.ndarray
    kv_bytes: np.ndarray
    hbm_bytes: np.ndarray

    @classmethod
    def of(cls, results: Sequence[StructureResult], devices: Sequence[str]) -> Table:
        """The table of ``results`` in structure order (the order they finished in does not
        matter: a Ray run gives the serial run's table)."""
        ordered = sorted(results, key=lambda r: r.index)
        names = tuple(devices)
        rows: dict[str, list[np.ndarray]] = {k: [] for k in _ROW_FIELDS}
        for position, result in enumerate(ordered):
            for priced in result.priced:
                n = len(priced.tokens)
                device = names.index(priced.device)  # the axis value it was priced for
                rows["structure"].append(np.full(n, position))
                rows["device"].append(np.full(n, device))
                rows["tokens"].append(priced.tokens)
                rows["context"].append(priced.context)
                rows["step_us"].append(priced.step_us)
                rows["by_bound"].append(priced.by_bound)
                rows["weights_bytes"].append(priced.weights_bytes)
                rows["kv_bytes"].append(priced.kv_bytes)
                rows["hbm_bytes"].append(np.full(n, priced.hbm_bytes))
        columns = {k: np.concatenate(v, axis=-1) if v else _empty(k) for k, v in rows.items()}
        return cls(
            tuple(r.structure for r in ordered),
            tuple(r.contract for r in ordered),
            names,
            **columns,
        )

    def __len__(self) -> int:
        return len(self.step_us)

    # -- derived columns ----------------------------------------------------------------------
    def parallel(self, name: str) -> np.ndarray:
        values = [getattr(s, name) for s in self.structures]
        return np.asarray(values, dtype=np.int64)[self.structure] if values else _empty(name)

    @property
    def world(self) -> np.ndarray:
        return np.asarray(self.parallel("tp") * self.parallel("dp"))

    @property
    def tokens_per_s(self) -> np.ndarray:
        with np.errstate(divide="ignore"):
            return np.asarray(self.tokens * self.parallel("dp") / (self.step_us * 1e-6))

    @property
    def tokens_per_s_per_device(self) -> np.ndarray:
        return np.asarray(self.tokens_per_s / self.world)

    @property
    def memory_bytes(self) -> np.ndarray:
        return np.asarray(self.weights_bytes + self.kv_bytes)

    @property
    def fits(self) -> np.ndarray:
        return np.asarray(self.memory_bytes <= self.hbm_bytes)

    @property
    def bound(self) -> np.ndarray:
        """Index into BOUNDS of the category holding most of the step (ties: the first)."""
        return np.argmax(self.by_bound, axis=0) if len(self) else _empty("bound")

    def column(self, name: str) -> np.ndarray:
        if name in ("step_us", "tokens_per_s", "tokens_per_s_per_device"):
            return np.asarray(getattr(self, name), dtype=np.float64)
        raise KeyError(name)

    # -- ranking ------------------------------------------------------------------------------
    def ranked(self, chosen: Objective, hbm_fit: bool) -> np.ndarray:
        """Row indices best first: the objective, ties broken by structure, device, tokens and
        context order (so the ranking does not depend on how the rows were produced)."""
        keep = np.flatnonzero(self.fits) if hbm_fit else np.arange(len(self))
        value = self.column(chosen.column)[keep]
        primary = -value if chosen.larger_is_better else value
        order = np.lexsort(
            (
                self.context[keep],
                self.tokens[keep],
                self.device[keep],
                self.structure[keep],
                primary,
            )
        )
        return keep[order]

    def frontier(self, rows: np.ndarray) -> np.ndarray:
        """The Pareto frontier of step time against devices among ``rows``, per workload (phase,
        tokens, context): a row is on it when no row of its workload with as many devices or
        fewer is as fast (ties: the first in structure order). Sorted by workload, devices."""
        if not len(rows):
            return rows
        phase = np.asarray([s.phase for s in self.structures])[self.structure[rows]]
        world = self.world[rows]
        order = np.lexsort(
            (
                self.structure[rows],
                self.step_us[rows],
                world,
                self.context[rows],
                self.tokens[rows],
                phase,
            )
        )
        kept: list[int] = []
        best: dict[tuple[str, int, int], float] = {}
        for k in order:
            row = int(rows[k])
            workload = (str(phase[k]), int(self.tokens[row]), int(self.context[row]))
            step = float(self.step_us[row])
            if step < best.get(workload, np.inf):
                best[workload] = step
                kept.append(row)
        return np.asarray(kept, dtype=np.int64)

    # -- records ------------------------------------------------------------------------------
    def records(self, rows: np.ndarray) -> list[dict[str, Any]]:
        """One dict per row, with the keys of COLUMNS (plain Python values)."""
        world, per_s = self.world, self.tokens_per_s
        per_device, memory, fits, bound = (
            self.tokens_per_s_per_device,
            self.memory_bytes,
            self.fits,
            self.bound,
        )
        out = []
        for row in rows:
            row = int(row)
            s = self.structures[self.structure[row]]
            split = self.by_bound[:, row]
            step = float(self.step_us[row])
            out.append(
                {
                    "model": s.model,
                    **s.axis_values(),
                    "device": self.devices[self.device[row]],
                    "devices": int(world[row]),
                    "tokens": int(self.tokens[row]),
                    "context": int(self.context[row]),
                    "step_us": step,
                    "tokens_per_s": float(per_s[row]),
                    "tokens_per_s_per_device": float(per_device[row]),
                    "bound": BOUNDS[int(bound[row])],
                    "bound_share": float(split[int(bound[row])] / step) if step else 0.0,
                    "compute_bound_us": float(split[0]),
                    "memory_bound_us": float(split[1]),
                    "communication_bound_us": float(split[2]),
                    "weights_bytes": float(self.weights_bytes[row]),
                    "kv_bytes": float(self.kv_bytes[row]),
                    "memory_bytes": float(memory[row]),
                    "hbm_bytes": float(self.hbm_bytes[row]),
                    "fits": bool(fits[row]),
                    "contract": self.contracts[self.structure[row]],
                }
            )
        return out


_ROW_FIELDS = (
    "structure",
    "device",
    "tokens",
    "context",
    "step_us",
    "by_bound",
    "weights_bytes",
    "kv_bytes",
    "hbm_bytes",
)


def _empty(name: str) -> np.ndarray:
    if name == "by_bound":
        return np.zeros((len(BOUNDS), 0))
    integer = name in ("structure", "device", "tokens", "context", "bound", "tp", "dp")
    return np.zeros(0, dtype=np.int64 if integer else np.float64)
