"""The values an engine graph's names stand for while it is lowered: activations (layoutcheck
values), data the layout does not describe, and rows on the expert side of an MoE dispatch."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from layoutcheck.engines.program import EngineNode
from layoutcheck.errors import InputError
from layoutcheck.graph import ValueRef
from layoutcheck.lattice import Dtype


class ImportError_(InputError):
    """An engine graph layoutcheck cannot turn into a graph (exit 2)."""


@attrs.frozen
class Act:
    """An activation: a layoutcheck value, the engine's dims in front of it, and — after a
    permute that moved the tokens behind the heads — where each engine dim is in the value."""

    ref: ValueRef
    lead: tuple[int, ...] = ()
    order: tuple[int, ...] | None = None  # engine dim j (after the lead) is value dim order[j]
    # the engine folds each token's heads into rows ([t, heads·d] seen as [t·heads, d], as
    # Llama-4's qk_norm does): the value stays [t, heads, d], the per-head view it is
    folded: bool = False


@attrs.frozen
class Data:
    """A value the layout does not describe: a weight, a cache, metadata, a scale."""

    shape: tuple[int | str, ...] | None
    dtype: str
    buffer: str | None = None  # the graph input a cache view stands for
    dynamic_scale: bool = False  # a dynamic quantization's per-token scale


@attrs.frozen
class Expert:
    """Rows on the expert side of an MoE dispatch (folded into one moe_expert_compute)."""

    region: int


@attrs.frozen
class Pending:
    """A graph input of a shape-less dump whose readers have not yet shown what it holds: the
    first lowering that takes it as an activation makes it one (FULL token rows), a mapped op
    that reads it otherwise makes it data; one no mapped op reads stays of unknown layout."""

    name: str


Value = Act | Data | Expert | Pending


@attrs.define
class ExpertRegion:
    """An MoE expert side being folded: what its nodes say about the experts."""

    start: ValueRef  # the rows the dispatch all_to_all delivered
    group: str
    node: EngineNode
    local_experts: int = 0
    intermediate: int = 0
    quant: str = "bf16"
    downs: int = 0  # per-expert down projections the engine runs (the active experts)
    rows: tuple[int, int] | None = None  # rows sent and received by a dispatch that says none


# engine dtype names -> layoutcheck's (masks and ids are integers to the layout)
DTYPES: Mapping[str, Dtype] = {
    "bf16": Dtype.BF16,
    "fp16": Dtype.FP16,
    "fp32": Dtype.FP32,
    "fp64": Dtype.FP32,
    "int8": Dtype.INT8,
    "uint8": Dtype.INT8,
    "bool": Dtype.INT8,
    "int16": Dtype.INT32,
    "int32": Dtype.INT32,
    "int64": Dtype.INT64,
}
