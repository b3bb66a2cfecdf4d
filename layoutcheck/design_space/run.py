"""A search from request to result: the tasks (one per structure), run here one after another
or on Ray, their results streamed to a callback as each finishes, then ranked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs
import numpy as np

from layoutcheck.contracts import load_contract
from layoutcheck.design_space.axes import Axes, Structure, Workload, structures, workload
from layoutcheck.design_space.evaluate import StructureResult, evaluate_structure, model_of
from layoutcheck.design_space.rank import DEFAULT_OBJECTIVE, Table, objective
from layoutcheck.errors import UsageError
from layoutcheck.memory import ACCOUNTINGS


@attrs.frozen
class Request:
    axes: Axes
    objective: str = DEFAULT_OBJECTIVE
    hbm_fit: bool = False
    top: int | None = 10  # None: every ranked point
    accounting: str = "engine"  # how weights are counted (layoutcheck memory --accounting)
    contract: str | None = None  # None: each structure's own (the one its execution calls for)
    # build every layer (the slow form: the test that the folded build finds the same)
    expanded: bool = False

    def __attrs_post_init__(self) -> None:
        objective(self.objective)  # an unknown objective is refused before any build
        if self.accounting not in ACCOUNTINGS:
            raise UsageError(f"accounting {self.accounting!r}: use {', '.join(ACCOUNTINGS)}")
        if self.top is not None and self.top < 0:
            raise UsageError(f"--top {self.top}: must be at least 0 (0: every point)")


@attrs.frozen
class Task:
    """One structure to evaluate: what a worker (here or a Ray task) is given."""

    index: int
    structure: Structure
    workload: Workload
    accounting: str
    contract: str | None = None
    expanded: bool = False

    def run(self) -> StructureResult:
        return evaluate_structure(
            self.index,
            self.structure,
            self.workload,
            self.accounting,
            self.contract,
            self.expanded,
        )


def tasks(request: Request) -> list[Task]:
    axes = request.axes
    model_of(axes.model)  # an unknown model or a bad config is refused here, not in a task
    if request.contract not in (None, "none"):
        load_contract(request.contract)
    return [
        Task(i, s, workload(axes, s), request.accounting, request.contract, request.expanded)
        for i, s in enumerate(structures(axes))
    ]


def serial(work: Sequence[Task]) -> Iterator[StructureResult]:
    for task in work:
        yield task.run()


@attrs.frozen(eq=False)
class SearchResult:
    """Every structure's outcome, the priced points as a table, and the ranking."""

    request: Request
    results: tuple[StructureResult, ...]  # in structure order
    table: Table
    ranked: np.ndarray  # row indices of ``table``, best first (HBM filter applied)
    frontier: np.ndarray  # row indices on the Pareto frontier (of the ranked rows)

    @property
    def rejected(self) -> list[StructureResult]:
        """Structures with no point priced."""
        return [r for r in self.results if not r.priced]

    def rejections_by_rule(self) -> Counter[str]:
        """Rejected structures counted by their first rule id."""
        return Counter(r.rejections[0].rule for r in self.rejected if r.rejections)

    def partial_rejections(self) -> list[tuple[StructureResult, Any]]:
        """Rejections of some points of structures that pass at others."""
        return [(r, j) for r in self.results if r.priced for j in r.rejections]

    @property
    def top_rows(self) -> np.ndarray:
        top = self.request.top
        return self.ranked if not top else self.ranked[:top]

    def records(self, rows: np.ndarray | None = None) -> list[dict[str, Any]]:
        """Records of ``rows`` (default: the top K ranked), each with its rank."""
        rows = self.top_rows if rows is None else rows
        position = {int(row): k + 1 for k, row in enumerate(self.ranked)}
        records = self.table.records(rows)
        for row, record in zip(rows, records, strict=True):
            record["rank"] = position.get(int(row))
        return records


def collect(request: Request, results: Iterable[StructureResult]) -> SearchResult:
    ordered = tuple(sorted(results, key=lambda r: r.index))
    table = Table.of(ordered, request.axes.device)
    ranked = table.ranked(objective(request.objective), request.hbm_fit)
    return SearchResult(request, ordered, table, ranked, table.frontier(ranked))


def run(
    request: Request,
    *,
    backend: Callable[[Sequence[Task]], Iterable[StructureResult]] = serial,
    on_result: Callable[[StructureResult, int, int], None] | None = None,
) -> SearchResult:
    """Evaluate every structure with ``backend`` (serial here, or Ray's), telling
    ``on_result(result, finished, total)`` as each one finishes; then rank."""
    work = tasks(request)
    results = []
    for result in backend(work):
        results.append(result)
        if on_result is not None:
            on_result(result, len(results), len(work))
    return collect(request, results)
