"""Time of an op on a device: roofline for compute ops, α–β for collectives, plus launch costs
(TensorCast's analytic model, `tensorcast-formulas.md` in the design material):

    op_time = max(mma/(peak·eff_c) + vector/(vector_peak·eff_c), bytes/(hbm_bw·eff_m))
              + launch·(1 + extra launches)
    collective = min over algorithms on the tier that spans g, + its launch:
      all_reduce      ring 2(g−1)·α + 2(g−1)/g·M/B       tree 2·log2(g)·α + 2M/B
      all_gather      ring (g−1)·α + (g−1)/g·M/B         recursive doubling log2(g)·α + same
      reduce_scatter  ring (g−1)·α + (g−1)/g·M/B         recursive halving  log2(g)·α + same
      all_to_all      pairwise (g−1)·α + D/B             Bruck log2(g)·α + D/B
      send_recv       α + M/B on the tier that spans the pair (a pipeline stage boundary)
    with M the full tensor's bytes, B = link bandwidth · eff_comm, D = max(bytes sent, bytes
    received) to and from other ranks. On a full-mesh tier of G ranks a group of g gets
    B·(g−1)/(G−1); a CLOS tier gives every group B. The tier is a Piecewise in g, so a sweep
    over a group size crosses tiers correctly. An op made of separate kernels (an MoE's
    dispatch, experts and combine) takes the sum of its parts' times.

The calibrated (``hardware``) model's rules tag what they want timed on the device's measured
numbers (its ``hardware:`` block): an attention op at the MLA kernel's measured efficiencies,
an MoE dispatch or combine at the rate measured for its group size and no faster than the
latency measured for it (the measurement holds the kernel's launch). Untagged ops, and every op
of the ``tensorcast`` model, are timed as above.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import sympy

from layoutcheck.cost.devices import Device, Tier
from layoutcheck.ops.costing import ZERO, Comm, CommPattern, OpCost
from layoutcheck.symbols import Expr

_TERMS = ("total", "compute", "memory", "communication", "launch")


@attrs.frozen
class OpTime:
    """The time of one op (seconds) and its parts, as expressions."""

    total: Expr
    compute: Expr
    memory: Expr
    communication: Expr
    launch: Expr


def _efficiencies(cost: OpCost, device: Device) -> tuple[float, float]:
    """(compute, memory) efficiency of the op: the device's measured attention kernel's where
    the calibrated model tags the op as attention and the profile measured one, else the
    profile's general (TensorCast's) pair."""
    hardware = device.hardware
    if cost.efficiency == "attention" and hardware is not None:
        return hardware.attention_compute.value, hardware.attention_memory.value
    return device.compute_efficiency, device.memory_efficiency


def compute_time(cost: OpCost, device: Device) -> Expr:
    efficiency = _efficiencies(cost, device)[0]
    total: Expr = ZERO
    for dtype, flops in cost.mma:
        peak = device.peak_flops.get(dtype, device.peak_flops["bf16"])
        total = total + flops / (peak * efficiency)
    vector_peak = device.vector_flops.get(cost.vector_dtype, device.vector_flops["bf16"])
    return total + cost.vector / (vector_peak * efficiency)


def memory_time(cost: OpCost, device: Device) -> Expr:
    return cost.hbm_bytes / (device.hbm_bandwidth * _efficiencies(cost, device)[1])


def _by_group(table: tuple[tuple[int, float], ...], g: Expr) -> Expr:
    """A measured table's value for a group of ``g`` ranks: that of the smallest measured group
    that holds it (the largest measured beyond), piecewise when ``g`` is a symbol."""
    pieces: list[tuple[Expr, object]] = [
        (sympy.Float(value), sympy.Le(g, size)) for size, value in table[:-1]
    ]
    pieces.append((sympy.Float(table[-1][1]), True))
    if g.is_number:
        for value, condition in pieces:
            if condition is True or bool(condition):
                return value
    return sympy.Piecewise(*pieces)


def measured_exchange_time(comm: Comm, device: Device) -> Expr | None:
    """The calibrated model's MoE dispatch or combine: its routed rows' bytes at the rate
    measured for its group size, no faster than the latency measured for it (the floor of a
    small exchange). None: the exchange is not tagged, or the profile measured none."""
    hardware = device.hardware
    if comm.floor is None or hardware is None:
        return None
    dispatch = comm.floor == "dispatch"
    floors = hardware.dispatch_floor if dispatch else hardware.combine_floor
    rates = hardware.dispatch_bandwidth if dispatch else hardware.combine_bandwidth
    g = comm.size
    measured = sympy.Max(
        _by_group(floors, g), comm.full_bytes / _by_group(rates, g), evaluate=False
    )
    if g.is_number:
        return ZERO if g <= 1 else measured
    return sympy.Piecewise((ZERO, sympy.Le(g, 1)), (measured, True))


def _log2(g: Expr) -> Expr:
    return sympy.log(g, 2)


def _algorithms(comm: Comm, latency: Expr, bandwidth: Expr) -> list[Expr]:
    """The time of each algorithm TensorCast considers for ``comm`` on one tier (α, B)."""
    g, full = comm.size, comm.full_bytes
    if comm.pattern is CommPattern.POINT_TO_POINT:
        # TensorCast's pipeline_send_recv: latency + bytes / (bandwidth · efficiency), its
        # launch added as a collective's (msmodeling tensor_cast/performance_model/__init__.py,
        # _estimate_pipeline_send_recv, lines 2857-2881)
        return [latency + full / bandwidth]
    if comm.pattern is CommPattern.REDUCE_THEN_GATHER:
        return [
            2 * (g - 1) * latency + 2 * (g - 1) / g * full / bandwidth,  # ring
            2 * _log2(g) * latency + 2 * full / bandwidth,  # tree
        ]
    if comm.pattern is CommPattern.EXCHANGE:
        share = (g - 1) / g * full  # balanced, unless the op says what it sends and receives
        sent = comm.sent if comm.sent is not None else share
        received = comm.received if comm.received is not None else share
        moved = sympy.Max(sent, received, evaluate=False)
        return [(g - 1) * latency + moved / bandwidth, _log2(g) * latency + moved / bandwidth]
    # all_gather (recursive doubling) and reduce_scatter (recursive halving) move as a ring does
    wire = (g - 1) / g * full / bandwidth
    return [(g - 1) * latency + wire, _log2(g) * latency + wire]


def _tier_time(comm: Comm, tier: Tier, device: Device) -> Expr:
    g = comm.size
    bandwidth: Expr = sympy.Float(tier.bandwidth) * device.communication_efficiency
    # one pair uses the tier's link as TensorCast prices it (no share of a full mesh's links)
    point_to_point = comm.pattern is CommPattern.POINT_TO_POINT
    if tier.full_mesh and tier.size > 1 and not point_to_point:
        # g−1 of the tier's G−1 links; never zero, so the g = 1 piece evaluates (unused)
        bandwidth = bandwidth * sympy.Max(g - 1, 1) / (tier.size - 1)
    # unevaluated: sympy would try to order the algorithms' symbolic times (77% of a cost
    # report's time); the numbers and the numpy evaluators take the minimum alike
    return sympy.Min(*_algorithms(comm, sympy.Float(tier.latency), bandwidth), evaluate=False)


def communication_time(comm: Comm, device: Device) -> Expr:
    """Time of one collective (without launch): the fastest of the algorithms on the tier
    that spans g, piecewise over that tier when g is a symbol."""
    g = comm.size
    pieces: list[tuple[Expr, object]] = [(ZERO, sympy.Le(g, 1))]
    for tier in device.tiers[:-1]:
        pieces.append((_tier_time(comm, tier, device), sympy.Le(g, tier.size)))
    pieces.append((_tier_time(comm, device.tiers[-1], device), True))
    if g.is_number:  # a fixed group: pick the tier now, no Piecewise to carry around
        for value, condition in pieces:
            if condition is True or bool(condition):
                return value
    return sympy.Piecewise(*pieces)


def device_key(device: Device) -> tuple[object, ...]:
    """Every number of a device profile, hashable: two profiles with the same key price alike."""
    return tuple(
        tuple(sorted(value.items())) if isinstance(value, Mapping) else value
        for value in attrs.astuple(device, recurse=False)
    )


# A search prices many graphs whose ops have the same formulas (the parallel sizes are
# symbols): GLM-5.1's example search asks for 1,395 op times, 57 of them distinct, and sympy
# spends 1.3 s building them. Keyed by the formula and every number of the device, so exact;
# bounded, as a long-lived process (a REPL, a Ray worker) prices many devices and models.
_TIMES: dict[tuple[OpCost, tuple[object, ...]], OpTime] = {}
_TIMES_HELD = 8192


def op_time(cost: OpCost, device: Device, key: tuple[object, ...] | None = None) -> OpTime:
    """The op's time on the device (``key``: its :func:`device_key`, when the caller has it)."""
    slot = (cost, device_key(device) if key is None else key)
    time = _TIMES.get(slot)
    if time is None:
        if len(_TIMES) >= _TIMES_HELD:
            _TIMES.clear()
        time = _TIMES[slot] = _op_time(cost, device, slot[1])
    return time


def _op_time(cost: OpCost, device: Device, key: tuple[object, ...]) -> OpTime:
    if cost.separate and cost.parts:
        times = [op_time(part, device, key) for _, part in cost.parts]
        return OpTime(*(sympy.Add(*(getattr(t, name) for t in times)) for name in _TERMS))
    compute = compute_time(cost, device)
    memory = memory_time(cost, device)
    launch: Expr = ZERO
    if cost.mma:
        launch = sympy.Float(device.launch["matmul"]) * (1 + cost.extra_launches)
    elif cost.vector != 0 or cost.hbm_bytes != 0:
        launch = sympy.Float(device.launch["vector"]) * (1 + cost.extra_launches)
    communication: Expr = ZERO
    if cost.comm is not None:
        measured = measured_exchange_time(cost.comm, device)
        communication = communication_time(cost.comm, device) if measured is None else measured
        g = cost.comm.size
        collective_launch: Expr = sympy.Float(device.launch["collective"])
        if measured is not None:  # the measured latency holds the kernel's launch
            collective_launch = ZERO
        elif not g.is_number:  # a group of one rank launches nothing
            collective_launch = sympy.Piecewise((0, sympy.Le(g, 1)), (collective_launch, True))
        elif g <= 1:
            collective_launch = ZERO
        launch = launch + collective_launch
    roofline: Expr = ZERO
    if compute != 0 or memory != 0:
        roofline = sympy.Max(compute, memory, evaluate=False)
    return OpTime(roofline + communication + launch, compute, memory, communication, launch)
