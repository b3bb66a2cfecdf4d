"""DSA context parallelism layered on top of sequence parallelism (RFC §3.3–3.5).

    q_b_proj, kv_b_proj, o_proj:  column/row (heads/tp)  →  replicated (disable_tp, all heads)
    o_proj → all_reduce          →  o_proj (a replicated output is complete: no reduction)

The attention ops then see WHOLE queries, which is the effective size-1 TP view for MLA heads;
collectives keep the TP group. With the vLLM-Ascend layout the shared experts are replicated
too and lose their all-reduce. Runs before :class:`SequenceParallelPass`, which adds the token
slice before the replicated o_proj.
"""

from __future__ import annotations

import attrs

from layoutcheck.graph import Graph
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.traits import Trait
from layoutcheck.passes.common import DROP_COMPLETE_REDUCTION, REPLICATE_SHARED_EXPERTS, replicate
from layoutcheck.passes.manager import PassResult
from layoutcheck.passes.rewriter import Pattern, sweep
from layoutcheck.passes.sequence_parallel import Layout
from layoutcheck.roles import Role, role

# Under DSA-CP the query, kv_b and output projections hold all heads on every rank.
REPLICATED_PROJECTIONS: tuple[Role, ...] = (
    role("attention.q_b_proj"),
    role("attention.q_proj"),
    role("attention.kv_b_proj"),
    role("attention.o_proj"),
)


@attrs.frozen
class DsaCpPass:
    layout: Layout = Layout.TENSORCAST
    name: str = "dsa-cp"
    registry: Registry = attrs.field(factory=default_registry, eq=False, repr=False)

    def run(self, graph: Graph) -> PassResult:
        patterns = [Pattern.at("disable-tp", Trait.LINEAR, replicate(REPLICATED_PROJECTIONS))]
        if self.layout is Layout.VLLM_ASCEND:
            patterns.append(REPLICATE_SHARED_EXPERTS)
        patterns.append(DROP_COMPLETE_REDUCTION)
        rewritten = sweep(graph, patterns, self.registry)
        return PassResult(rewritten.graph, rewritten.matches, rewritten.errors)
