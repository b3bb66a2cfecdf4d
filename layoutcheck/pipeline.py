"""A model over pipeline stages: one session per stage, and what the stages give together (the
time of one pass through the pipeline and its bottleneck stage; the largest stage's memory).

    pipeline = Pipeline(Options("glm-5.1", tp=16, pp=4))
    pipeline.cost("a3-752t").end_to_end_us
    pipeline.memory().largest.total_bytes

One pass is priced as TensorCast prices it (msmodeling tensor_cast/pipeline_parallel.py,
``_pipeline_total_time_s``, lines 1242-1250): the stages one after another, each stage's time
its own ops and its outgoing send/recv, and the pass their sum. No schedule of micro-batches
(fill, drain, 1F1B) is modelled, so there is no bubble; the bottleneck stage bounds how fast a
full pipeline admits work.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from layoutcheck.diagnostics import Report
from layoutcheck.lattice import TokenLayout
from layoutcheck.models.pipeline import Stage, received_name
from layoutcheck.ops.traits import Trait
from layoutcheck.session import Options, Session


@attrs.frozen
class StageCost:
    """One stage's cost: its report, its whole time (µs, its outgoing send included), and the
    send's own time and bytes (0 on the last stage, which sends nothing)."""

    stage: Stage
    report: Any  # layoutcheck.cost.report.CostReport
    us: float
    send_us: float
    send_bytes: float

    @property
    def layers_us(self) -> float:
        """The time of the stage's own ops: its layers (and the embedding or head it holds)."""
        return self.us - self.send_us


@attrs.frozen
class PipelineCost:
    stages: tuple[StageCost, ...]

    @property
    def end_to_end_us(self) -> float:
        """One pass through the pipeline: every stage's ops and every boundary's send."""
        return sum(stage.us for stage in self.stages)

    @property
    def bottleneck(self) -> StageCost:
        """The slowest stage (its send included): the first of equals."""
        return max(self.stages, key=lambda stage: stage.us)


@attrs.frozen
class StageMemory:
    stage: Stage
    items: tuple[Any, ...]  # layoutcheck.memory.Item
    data: Mapping[str, Any]  # the memory summary of the stage (layoutcheck.memory.summary)

    @property
    def total_bytes(self) -> float:
        return float(self.data["total_bytes"])


@attrs.frozen
class PipelineMemory:
    stages: tuple[StageMemory, ...]

    @property
    def largest(self) -> StageMemory:
        """The stage whose ranks hold the most: every device must hold it."""
        return max(self.stages, key=lambda stage: stage.total_bytes)


class Pipeline:
    """One session per pipeline stage of a model built with ``options.pp`` stages."""

    def __init__(self, options: Options, registry: Any = None) -> None:
        first = Session(attrs.evolve(options, stage=0), registry)
        self.options = options
        self.stages: tuple[Stage, ...] = first.stages
        sessions = [first]
        for stage in self.stages[1:]:
            # each stage receives what the one before it sends, in the layout it is sent in
            local = sent_local(sessions[-1])
            changed = attrs.evolve(options, stage=stage.index, local_inputs=local)
            sessions.append(Session(changed, first.registry))
        self.sessions: tuple[Session, ...] = tuple(sessions)

    @functools.cached_property
    def notes(self) -> tuple[str, ...]:
        return self.sessions[0].notes

    @functools.cached_property
    def warnings(self) -> tuple[str, ...]:
        return self.sessions[0].warnings

    def check(self, contract: str | None = None) -> list[Report]:
        """Each stage's graph checked as its own: the type rules and the contract."""
        return [session.check(contract) for session in self.sessions]

    def cost(
        self,
        device: str = "a3-752t",
        rank: str | int = "last",
        options: Mapping[str, str] | None = None,
    ) -> PipelineCost:
        reports = [session.cost(device, rank, options) for session in self.sessions]
        # one step's host time for the whole pipeline: the first stage carries it
        reports[1:] = [attrs.evolve(r, entries=r.op_entries) for r in reports[1:]]
        return PipelineCost(
            tuple(
                stage_cost(stage, report, session)
                for stage, report, session in zip(self.stages, reports, self.sessions, strict=True)
            )
        )

    def memory(
        self,
        accounting: str = "engine",
        layer_sharding: Any = None,
        oproj_pool: bool = False,
        *,
        hbm_bytes: float | None = None,
        mtp_layers: int = 0,
    ) -> PipelineMemory:
        from layoutcheck.memory import summary

        stages = []
        for stage, session in zip(self.stages, self.sessions, strict=True):
            items = session.memory(accounting, layer_sharding, oproj_pool)
            spec = session.spec
            assert spec is not None  # a Pipeline's sessions are models (Session.stages)
            data = summary(
                session.graph,
                spec,
                items,
                hbm_bytes=hbm_bytes,
                mtp_layers=mtp_layers,  # the parameter count is the whole model's
                kv_cache_type=session.description.kv_cache_type,
                accounting=accounting,
                decode=self.options.phase == "decode",
                layers=stage.layers,
            )
            stages.append(StageMemory(stage, tuple(items), data))
        return PipelineMemory(tuple(stages))


def sent_local(session: Session) -> tuple[str, ...]:
    """The values a stage sends on LOCAL tokens (under sequence parallelism: the residual, and
    the hidden state where the last layer leaves it scattered), by the name the next stage
    receives them under."""
    typed = session.typed
    found = []
    for ref in typed.graph.outputs:
        op = typed.graph.op(ref.op)
        value = typed.value(ref)
        if not session.registry.is_(op.kind, Trait.POINT_TO_POINT) or value.is_top:
            continue
        received = received_name(op.name)
        if value.tokens is TokenLayout.LOCAL and received is not None:
            found.append(received)
    return tuple(found)


def stage_cost(stage: Stage, report: Any, session: Session) -> StageCost:
    """A stage's time and its send's (the ops that move a value to the next stage, by trait)."""
    numbers = report.numbers()
    registry = session.registry
    total = send_us = send_bytes = 0.0
    for entry in report.entries:
        n = numbers[entry.name]
        total += entry.count * n.us
        if registry.is_(entry.kind, Trait.POINT_TO_POINT):
            send_us += entry.count * n.us
            send_bytes += entry.count * n.comm_bytes
    return StageCost(stage, report, total, send_us, send_bytes)


def stage_sums(stages: Sequence[StageMemory]) -> dict[str, float]:
    """Bytes per memory category over every stage (what the pipeline holds in all, one rank of
    each stage)."""
    sums: dict[str, float] = {}
    for stage in stages:
        for category, amount in stage.data["by_category"].items():
            sums[category] = sums.get(category, 0.0) + float(amount)
    return sums
