"""Pattern handlers more than one pass uses: replicating a projection, dropping a reduction of
a value that is already complete."""

from __future__ import annotations

from collections.abc import Iterable

from layoutcheck.graph import Op, ValueRef
from layoutcheck.lattice import FeatureState
from layoutcheck.ops.traits import Trait
from layoutcheck.passes.rewriter import Handler, Pattern, Rewriter
from layoutcheck.roles import Role, role

SHARED_EXPERT_PROJECTIONS = (role("shared_experts.gate_up_proj"), role("shared_experts.down_proj"))


def replicate(roles: Iterable[Role]) -> Handler:
    """A handler making the linears of these roles replicated (the engines' disable_tp)."""
    chosen = tuple(roles)

    def handler(rw: Rewriter, op: Op) -> bool:
        if not any(op.has_role(r) for r in chosen) or op.attr("parallel") == "replicated":
            return False
        rw.keep(op, parallel="replicated")
        return True

    return handler


def drop_complete_reduction(rw: Rewriter, op: Op) -> bool:
    """A reduction of a complete value (after a now-replicated linear) is removed."""
    if rw.old_type_of_input(op, 0).features is FeatureState.PARTIAL:
        return False
    rw.bind(ValueRef(op.name), rw.read(op.inputs[0]))
    return True


REPLICATE_SHARED_EXPERTS = Pattern.at(
    "replicate-shared-experts", Trait.LINEAR, replicate(SHARED_EXPERT_PROJECTIONS)
)
# an all-reduce: a reduction that keeps the token layout (dropping a reduce-scatter would not)
DROP_COMPLETE_REDUCTION = Pattern.at(
    "drop-complete-reduction", Trait.REDUCTION, drop_complete_reduction, lacks=Trait.TOKEN_SCATTER
)
