"""Pipeline stages: which decoder layers each of ``pp`` stages runs, which ranks a stage
boundary's send/recv joins, and the layout a later stage receives its inputs in.

The split is vLLM's (``get_pp_indices`` in vllm/distributed/utils.py, without its
``VLLM_PP_LAYER_PARTITION`` override), which TensorCast follows too (msmodeling
tensor_cast/pipeline_parallel.py, ``build_pipeline_plan``, lines 239-247): every stage gets
``layers // pp`` layers and the remainder goes one each to the stages before the last, from
the second-to-last backwards, since the last stage also runs the final norm and the lm_head.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import sympy

from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.lattice import TokenLayout
from layoutcheck.limits import MAX_PIPELINE_STAGES, shown
from layoutcheck.models.config import ConfigError
from layoutcheck.ops import Registry
from layoutcheck.ops.traits import Trait

# a stage's send/recv of a value is named after the input the next stage receives it as
# (``pp.send_recv.residual`` → ``residual``): the builder names both ends
SEND_PREFIX = "pp.send_recv."


def send_name(received: str) -> str:
    return f"{SEND_PREFIX}{received}"


def received_name(send: str) -> str | None:
    """The next stage's input a send/recv op delivers (None: not a builder's send)."""
    return send.removeprefix(SEND_PREFIX) if send.startswith(SEND_PREFIX) else None


@attrs.frozen
class Stage:
    """Stage ``index`` of ``count``: its decoder layers, and what it holds at either end (the
    embedding on the first, the final norm and lm_head on the last)."""

    index: int
    count: int
    layers: range

    @property
    def first(self) -> bool:
        return self.index == 0

    @property
    def last(self) -> bool:
        return self.index == self.count - 1

    @property
    def label(self) -> str:
        """``stage 1`` of a pipeline, as reports name it."""
        return f"stage {self.index}"

    @property
    def layer_text(self) -> str:
        """``0-18``: the stage's layers as reports print them."""
        return f"{self.layers.start}-{self.layers.stop - 1}"


def stage_layers(layers: int, pp: int) -> tuple[range, ...]:
    """Each stage's layers, as vLLM splits ``layers`` decoder layers over ``pp`` stages."""
    counts = [layers // pp] * pp
    # the remainder goes to the stages before the last, the second-to-last first
    for offset in range(2, layers % pp + 2):
        counts[-offset] += 1
    ranges, start = [], 0
    for count in counts:
        ranges.append(range(start, start + count))
        start += count
    return tuple(ranges)


def pipeline_stages(model: str, layers: int, pp: int) -> tuple[Stage, ...]:
    """The ``pp`` stages of a model of ``layers`` decoder layers; raises ConfigError when a
    stage would hold none (vLLM would build an empty stage, TensorCast refuses it)."""
    if not 1 <= pp <= MAX_PIPELINE_STAGES:
        raise ConfigError(
            f"--pp {shown(pp)}: the pipeline size must be 1..{shown(MAX_PIPELINE_STAGES)} (each "
            "stage is a graph built, checked and priced)"
        )
    if pp > layers:
        raise ConfigError(
            f"--pp {pp}: {model} has {layers} decoder layers, so {pp} stages would leave some "
            "without a layer; use at most one stage per layer"
        )
    return tuple(Stage(index, pp, span) for index, span in enumerate(stage_layers(layers, pp)))


def boundary_ranks(stage: int, tp: int) -> tuple[int, int]:
    """The ranks of the send from ``stage`` to the next one, for tp rank 0 of DP replica 0.
    Ranks are numbered tp fastest, then the stage, then dp (vLLM's and TensorCast's order:
    msmodeling tensor_cast/pipeline_parallel.py, ``_dense_rank_for_pipeline_stage``, lines
    165-167), so a stage's rank and the next stage's of the same tp rank are tp ranks apart."""
    return stage * tp, (stage + 1) * tp


def boundary_span(stage: int, tp: int) -> int:
    """The aligned block of ranks (a power of two) that holds both ends of ``stage``'s send:
    the two ranks are in one block of 2^k ranks exactly when they agree above bit k, so the
    innermost tier of at least this many ranks is the one that joins them (TensorCast's
    ``_get_p2p_topology_idx`` picks it the same way on its device grid)."""
    source, target = boundary_ranks(stage, tp)
    return 1 << (source ^ target).bit_length()


def received_local(graph: Graph, names: Iterable[str], registry: Registry) -> Graph:
    """A later stage's graph with the inputs ``names`` arriving as the previous stage sent them,
    LOCAL (scattered over tp: vLLM's ``is_residual_scattered_for_sp``): the built graph
    declares every received value FULL, as the TP baseline does, and sequence parallelism's
    pipeline-entry rewrite keeps each rank's rows with a token slice (after a pad, where tp
    does not divide the tokens); the slice and its pad are dropped and the input declared as
    the rows they keep, ``T/tp`` or ``ceiling(T/tp)``, the sender's own rows."""
    inputs = {spec.name: spec for spec in graph.inputs}
    dropped: dict[ValueRef, ValueRef] = {}
    removed: set[str] = set()
    for name in names:
        spec = inputs.get(name)
        chain = _slice_chain(graph, ValueRef(name), registry)
        if spec is None or chain is None or spec.tokens is not TokenLayout.FULL:
            continue
        group = graph.group_size(spec.group)
        padded = len(chain) == 2
        rows = sympy.ceiling(spec.shape[0] / group) if padded else spec.shape[0] / group
        inputs[name] = attrs.evolve(spec, shape=(rows, *spec.shape[1:]), tokens=TokenLayout.LOCAL)
        dropped[ValueRef(chain[-1].name)] = ValueRef(name)
        removed.update(op.name for op in chain)
    if not dropped:
        return graph
    ops = [
        op.evolve(inputs=tuple(dropped.get(ref, ref) for ref in op.inputs))
        for op in graph.ops
        if op.name not in removed
    ]
    outputs = [dropped.get(ref, ref) for ref in graph.outputs]
    return graph.with_ops(ops, outputs).evolve(inputs=tuple(inputs.values()))


def _slice_chain(graph: Graph, ref: ValueRef, registry: Registry) -> list[Op] | None:
    """The ops that keep a rank's rows of ``ref``, its only reader: a token slice, or a pad
    and then a token slice (the traits say which); None when ``ref`` is read otherwise."""
    chain: list[Op] = []
    while len(chain) < 2:
        readers = graph.consumers(ref)
        if len(readers) != 1:
            return None
        reader = readers[0][0]
        if registry.is_(reader.kind, Trait.TOKEN_SLICE):
            return [*chain, reader]
        if chain or not registry.is_(reader.kind, Trait.TOKEN_PAD):
            return None
        chain.append(reader)
        ref = ValueRef(reader.name)
    return None
