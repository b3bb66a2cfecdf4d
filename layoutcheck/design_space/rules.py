"""Why a structure is rejected before it is built: the builder's own checks of an execution
(run without building anything), each named by a rule id from one table, plus the one the
search adds (the expert group must fit the deployment).

A rejection after the build carries the first error's rule id from the check itself.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from layoutcheck.design_space.axes import Structure
from layoutcheck.models import (
    ConfigError,
    Execution,
    Layout,
    ModelSpec,
    ParallelConfig,
    Phase,
    plan_passes,
)
from layoutcheck.models.builder import validate_parallel
from layoutcheck.models.config import GqaSpec

# a ConfigError the table does not name (a builder check added later): still a rejection
UNNAMED = "invalid-config"


@attrs.frozen
class Precondition:
    """A rule a structure must meet before it is built: its id, and the test that names a
    builder refusal after it (in the order the builder checks)."""

    id: str
    doc: str
    broken: Callable[[ModelSpec, Structure], bool]


def _gqa_mismatch(spec: ModelSpec, s: Structure) -> bool:
    attention = spec.attention
    return isinstance(attention, GqaSpec) and bool(
        attention.kv_heads % s.tp and s.tp % attention.kv_heads
    )


def _intermediate(spec: ModelSpec, s: Structure) -> bool:
    sizes = (spec.intermediate, *((spec.moe.intermediate,) if spec.moe else ()))
    return any(size % s.tp for size in sizes)


PRECONDITIONS: tuple[Precondition, ...] = (
    # the search's own: the ep group is a set of the deployment's tp·dp ranks, repeated over
    # them; a group larger than the deployment, or one that does not tile it, has no ranks
    Precondition(
        "ep-outside-world",
        "the expert-parallel group must divide the tp·dp ranks of the deployment",
        lambda spec, s: (s.tp * s.dp) % s.expert_parallel != 0,
    ),
    # the builder's plan_passes: SP is a prefill layout; decode slices tokens for MoE with MC2
    Precondition(
        "sp-in-decode",
        "sequence parallelism applies to prefill",
        lambda spec, s: s.sp and s.phase == Phase.DECODE.value,
    ),
    # plan_passes: --layout picks the DSA-CP prefill layer, which needs SP on a DSA model
    Precondition(
        "layout-without-dsa-cp",
        "a --layout other than tensorcast needs --sp on a model with DSA structure",
        lambda spec, s: s.layout != Layout.TENSORCAST.value and (not s.sp or spec.dsa is None),
    ),
    # validate_parallel: column-parallel attention holds heads/tp heads per rank
    Precondition(
        "heads-indivisible",
        "tp must divide the attention heads",
        lambda spec, s: spec.heads % s.tp != 0,
    ),
    Precondition(
        "kv-heads-indivisible",
        "tp and the key/value heads must divide each other",
        _gqa_mismatch,
    ),
    Precondition(
        "experts-indivisible",
        "ep must divide the routed experts",
        lambda spec, s: spec.moe is not None and spec.moe.experts % s.expert_parallel != 0,
    ),
    Precondition(
        "intermediate-indivisible",
        "tp must divide the MLP and expert intermediate sizes",
        _intermediate,
    ),
)


@attrs.frozen
class Refusal:
    rule: str
    message: str


def precheck(spec: ModelSpec, structure: Structure) -> Refusal | None:
    """The refusal of a structure that cannot be built, from the builder's own checks (no
    graph is built), or None."""
    world = structure.tp * structure.dp
    if world % structure.expert_parallel:
        return Refusal(
            PRECONDITIONS[0].id,
            f"ep {structure.expert_parallel} does not divide the {world} ranks of tp "
            f"{structure.tp} × dp {structure.dp}",
        )
    parallel = ParallelConfig(structure.tp, structure.dp, structure.ep)
    try:
        plan_passes(
            spec,
            parallel,
            Execution(Phase(structure.phase)),
            sequence_parallel=structure.sp,
            layout=Layout(structure.layout),
            shared_experts=None,
        )
        validate_parallel(spec, parallel, heads_split=True)
    except ConfigError as error:
        return Refusal(rule_of_refusal(spec, structure), error.message)
    return None


def rule_of_refusal(spec: ModelSpec, structure: Structure) -> str:
    """The id of the first precondition a refused structure breaks."""
    for rule in PRECONDITIONS:
        if rule.broken(spec, structure):
            return rule.id
    return UNNAMED
