"""Collectives: all-reduce, the token reduce-scatter and all-gather (a gather over the last dim
is a feature gather: the lm_head's vocabulary shards), and the MoE all-to-alls, whose expert
side between dispatch and combine is folded into one ``moe_expert_compute``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

import sympy

from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import (
    first_act,
    lead_axis,
    opaque,
    sharded_batch,
    token_axis,
)
from layoutcheck.engines.values import Act, Expert, ExpertRegion
from layoutcheck.graph import ValueRef
from layoutcheck.lattice import TokenLayout
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import role
from layoutcheck.symbols import Expr

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering

# vLLM names its process groups `<kind>:<index>` ('tp:0'); the layoutcheck group each means.
# The DP group carries only the naive MoE dispatch and combine (``_gather_dispatch``).
GROUP_NAMES: Mapping[str, str] = {"tp": "tp", "ep": "ep", "dp": "dp"}


def group_of(lw: Lowering, *, dispatch: bool = False) -> str:
    """The layoutcheck group a collective runs over: by its ranks' count, or its group name
    (the DP group only for an MoE ``dispatch`` or its combine)."""
    node, entry = lw.current
    name = lw.argv("group_name")
    if isinstance(name, str):
        found = GROUP_NAMES.get(name.split(":", 1)[0])
        if found == "dp" and not dispatch:
            raise lw.fail(
                f"runs over process group {name!r}, not the TP or EP group (over the DP group "
                "only the MoE dispatch, an all_gather of token rows, and its combine are read)"
            )
        if found is None or found not in lw.groups:
            raise lw.fail(f"runs over process group {name!r}, not the TP or EP group")
        return found
    size = lw.group_size(node, entry)
    if size is None or size == lw.tp:
        return "tp"
    if size == lw.ep and "ep" in lw.groups:
        return "ep"
    raise lw.fail(
        f"a collective over {size} ranks, neither the TP group ({lw.tp}) nor the EP group ({lw.ep})"
    )


def all_reduce(lw: Lowering) -> None:
    act = first_act(lw)
    group = group_of(lw)
    if act.ref in lw.completed:  # the sum the op before already completed
        lw.bind(lw.output(0), act)
        return
    ref = lw.emit("all_reduce", [act.ref], group=group)
    lw.bind_act(lw.output(0), ref, act.lead)


def reduce_scatter(lw: Lowering, *, pad: bool = False) -> None:
    """A token reduce-scatter (``pad``: to a multiple of the group first, as vLLM's
    reduce_scatter_with_padding and vLLM-Ascend's maybe_pad_and_reduce do). Of the experts'
    rows an all-gather dispatched, it is the combine (``_gather_dispatch``)."""
    expert = next((v for _, v in lw.tensor_args() if isinstance(v, Expert)), None)
    if expert is not None:
        ref = _combine(lw, expert, group_of(lw, dispatch=True), None, None)
        lw.bind_act(lw.output(0), ref)
        return
    act = first_act(lw)
    batch = lead_axis(lw, act, lw.argv("dim", 0))
    if batch is not None:
        lw.bind(lw.output(0), sharded_batch(lw, act, batch, "a reduce-scatter"))
        return
    axis = token_axis(lw, act, lw.argv("dim", 0))
    if axis != 0:
        # a scatter of a batch dim (vLLM's SP pass on a [1, t, h] value leaves 0 rows) or of
        # the features: no token layout
        why = "a reduce_scatter of a batch dim" if axis is None else "a feature reduce_scatter"
        lw.bind(lw.output(0), opaque(lw, act, why))
        return
    group = group_of(lw)
    x = act.ref
    extent = lw.typer.context.numeric(lw.type(act).extent)
    if pad and extent is not None and extent % (lw.tp if group == "tp" else lw.ep):
        x = lw.emit("pad_tokens", [x], group=group)
    # a sum the op before completed: each rank keeps its rows of it
    kind = "token_slice" if act.ref in lw.completed else "reduce_scatter"
    ref = lw.emit(kind, [x], group=group)
    lw.bind_act(lw.output(0), ref, act.lead)


def _all_gather(lw: Lowering) -> None:
    act = first_act(lw)
    batch = lead_axis(lw, act, lw.argv("dim", 0))
    if batch is not None:
        lw.bind(lw.output(0), sharded_batch(lw, act, batch, "an all-gather"))
        return
    axis = token_axis(lw, act, lw.argv("dim", 0))
    if axis is None:
        lw.bind(lw.output(0), opaque(lw, act, "an all_gather of a batch dim"))
        return
    group = group_of(lw, dispatch=axis == 0)
    if axis > 0:
        ref = lw.emit("feature_gather", [act.ref], group=group)
    elif group == "ep" and lw.type(act).tokens is not TokenLayout.FULL:
        _gather_dispatch(lw, act, "ep")
        return
    elif group == "dp":
        _gather_dispatch(lw, act, "dp")
        return
    else:
        ref = lw.emit("all_gather", [act.ref], group=group)
    lw.bind_act(lw.output(0), ref, act.lead)


def _split_total(value: object) -> int | None:
    if isinstance(value, tuple) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value
    ):
        return sum(value)
    return None


def _all_to_all(lw: Lowering) -> None:
    inputs = [v for _, v in lw.tensor_args()]
    send = _split_total(lw.argv("input_split_sizes"))
    receive = _split_total(lw.argv("output_split_sizes"))
    group = group_of(lw)
    out = lw.output(0)
    expert = next((v for v in inputs if isinstance(v, Expert)), None)
    if expert is not None:  # the combine: the experts' work, then the rows back
        lw.bind_act(out, _combine(lw, expert, group, send, receive))
        return
    act = first_act(lw)
    ref = lw.emit(
        "all_to_all", [act.ref], role_=role("moe.experts"), group=group,
        send=_rows(lw, act.ref, send), receive=_rows(lw, act.ref, receive),
    )  # fmt: skip
    node, _ = lw.current
    lw.regions.append(ExpertRegion(ref, group, node))
    lw.bind(out, Expert(len(lw.regions) - 1))


def _combine(
    lw: Lowering, expert: Expert, group: str, send: int | None, receive: int | None
) -> ValueRef:
    """The end of an expert side: the experts' work on the rows the dispatch delivered, then
    the exchange that brings each rank its own rows back (``send``/``receive``: the rows each
    way where the op says them; by default the dispatch's, reversed)."""
    region = lw.regions[expert.region]
    # over the DP group the experts are still split over the EP group (DP × TP)
    experts_group = "ep" if region.group == "dp" and "ep" in lw.groups else region.group
    done = lw.emit(
        "moe_expert_compute", [region.start], role_=role("moe.experts"),
        name=f"{lw.hint() or 'model'}.experts", experts=_global_experts(lw, region),
        intermediate=region.intermediate or 1, group=experts_group,
        quant=region.quant, active=region.downs or None,
    )  # fmt: skip
    if send is None and receive is None and region.rows is not None:
        send, receive = region.rows[1], region.rows[0]
    # a combine over the DP group sums the parts of the DP peers that share the rank's TP
    # index; the TP ranks' parts stay pending until the layer's TP all_reduce
    # (fused_moe/runner/moe_runner.py:790, its _maybe_reduce_final_output :480-512)
    pending = group == "dp" and lw.tp > 1
    return lw.emit(
        "all_to_all", [done], role_=role("moe.experts"), group=group,
        send=_rows(lw, done, send), receive=_rows(lw, done, receive),
        reduce_results=False if pending else None, reduce_group="tp" if pending else None,
    )  # fmt: skip


def _gather_dispatch(lw: Lowering, act: Act, group: str) -> None:
    """A token all-gather over the EP group of rows a rank holds alone (its chunk of the
    tokens) is vLLM's all-gather/reduce-scatter MoE dispatch (``AgRsAll2AllManager``,
    device_communicators/all2all.py:113-158): every EP rank's rows reach every rank's experts,
    and the reduce-scatter over the same group that follows the experts is the combine, each
    rank's rows summed back to it. As an exchange of rows it is an all-to-all pair around an
    expert side; the top-k weights and ids gathered beside the rows start sides of their own,
    which only the experts read.

    Without the model's sequence parallelism the same manager gathers over the DP group
    (all2all.py:61-71), from the naive DP/EP prepare and finalize
    (fused_moe/prepare_finalize/naive_dp_ep.py:156, :206): each DP replica's own batch, whole
    on its TP ranks, reaches the peers that share its TP index, and the combine
    (all2all.py:148-157) returns each replica its rows: the same exchange, of T rows for
    T·dp."""
    rows = lw.numbers(act)
    count = rows[0] if rows else None
    size = lw.ep if group == "ep" else lw.symbols.get(group)
    received = None if count is None or size is None else count * size
    ref = lw.emit(
        "all_to_all", [act.ref], role_=role("moe.experts"), group=group,
        send=_rows(lw, act.ref, count), receive=_rows(lw, act.ref, received),
    )  # fmt: skip
    node, _ = lw.current
    sizes = None if count is None or received is None else (count, received)
    lw.regions.append(ExpertRegion(ref, group, node, rows=sizes))
    lw.bind(lw.output(0), Expert(len(lw.regions) - 1))


def _rows(lw: Lowering, ref: ValueRef, count: int | None) -> Expr | None:
    """A row count as the value's own rows expression when they agree (so what-ifs over T
    follow), else the number."""
    if count is None:
        return None
    value = lw.typer.value(ref)
    if not value.is_top and lw.typer.context.numeric(value.shape[0]) == count:
        return value.shape[0]
    return sympy.Integer(count)


def _global_experts(lw: Lowering, region: ExpertRegion) -> int:
    spec_ = lw.spec
    if spec_ is not None and spec_.moe is not None:
        return spec_.moe.experts
    size = lw.ep if region.group in ("ep", "dp") else lw.tp
    return max(1, region.local_experts) * size


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec("all_reduce", all_reduce, Trait.COLLECTIVE, Trait.REDUCTION),
        spec(
            "reduce_scatter",
            reduce_scatter,
            Trait.COLLECTIVE,
            Trait.REDUCTION,
            Trait.TOKEN_SCATTER,
        ),
        spec("all_gather", _all_gather, Trait.COLLECTIVE, Trait.TOKEN_GATHER),
        spec(
            "all_to_all",
            _all_to_all,
            Trait.COLLECTIVE,
            Trait.EXPERT,
            role=role("moe.experts"),
        ),
    )
)
