"""Time of an op on a device: roofline for compute ops, α–β for collectives, plus launch costs.

    op_time = max(mma/(peak·eff_c) + vector/(vector_peak·eff_c), bytes/(hbm_bw·eff_m)) + launch
    ring collective over g ranks: steps·(g−1)·α + factor·(g−1)/g · M / (B·eff_comm) + launch

(all_reduce: 2 steps and factor 2; the others 1 and 1). The link tier is the innermost one that
spans the group; on a full-mesh tier of G ranks a group of g gets B·(g−1)/(G−1). The tier is a
Piecewise in g, so a sweep over a group size crosses tiers correctly. ``Max`` stays unevaluated.
"""

from __future__ import annotations

import attrs
import sympy

from layoutcheck.cost.devices import Device, Tier
from layoutcheck.ops.costing import ZERO, Comm, OpCost
from layoutcheck.symbols import Expr


@attrs.frozen
class OpTime:
    """The time of one op (seconds) and its parts, as expressions."""

    total: Expr
    compute: Expr
    memory: Expr
    communication: Expr
    launch: Expr


def compute_time(cost: OpCost, device: Device) -> Expr:
    total: Expr = ZERO
    for dtype, flops in cost.mma:
        peak = device.peak_flops.get(dtype, device.peak_flops["bf16"])
        total = total + flops / (peak * device.compute_efficiency)
    return total + cost.vector / (device.vector_flops * device.compute_efficiency)


def memory_time(cost: OpCost, device: Device) -> Expr:
    return cost.hbm_bytes / (device.hbm_bandwidth * device.memory_efficiency)


def _tier_time(comm: Comm, tier: Tier, device: Device) -> Expr:
    g = comm.size
    steps, factor = (2, 2) if comm.kind == "all_reduce" else (1, 1)
    bandwidth: Expr = sympy.Float(tier.bandwidth)
    if tier.full_mesh and tier.size > 1:
        bandwidth = bandwidth * (g - 1) / (tier.size - 1)
    wire = factor * (g - 1) / g * comm.full_bytes
    return steps * (g - 1) * tier.latency + wire / (bandwidth * device.communication_efficiency)


def communication_time(comm: Comm, device: Device) -> Expr:
    """α–β time of one collective (without launch), piecewise over the tier that spans g."""
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


def op_time(cost: OpCost, device: Device) -> OpTime:
    compute = compute_time(cost, device)
    memory = memory_time(cost, device)
    launch: Expr = ZERO
    if cost.mma:
        launch = sympy.Float(device.launch["matmul"])
    elif cost.vector != 0 or cost.hbm_bytes != 0:
        launch = sympy.Float(device.launch["vector"])
    communication: Expr = ZERO
    if cost.comm is not None:
        communication = communication_time(cost.comm, device)
        g = cost.comm.size
        collective_launch: Expr = sympy.Float(device.launch["collective"])
        if not g.is_number:  # a group of one rank launches nothing
            collective_launch = sympy.Piecewise((0, sympy.Le(g, 1)), (collective_launch, True))
        elif g <= 1:
            collective_launch = ZERO
        launch = launch + collective_launch
    roofline: Expr = ZERO
    if compute != 0 or memory != 0:
        roofline = sympy.Max(compute, memory, evaluate=False)
    return OpTime(roofline + communication + launch, compute, memory, communication, launch)
