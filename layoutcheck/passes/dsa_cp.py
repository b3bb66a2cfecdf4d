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

from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.lattice import FeatureState
from layoutcheck.passes.manager import PassResult
from layoutcheck.passes.rewriter import Pattern, Rewriter, rewrite
from layoutcheck.passes.sequence_parallel import Layout

REPLICATED_PROJECTIONS = (
    ".self_attn.q_b_proj",
    ".self_attn.q_proj",
    ".self_attn.kv_b_proj",
    ".self_attn.o_proj",
)
SHARED_EXPERT_PROJECTIONS = (".mlp.shared_experts.gate_up_proj", ".mlp.shared_experts.down_proj")


def _replicate(suffixes: tuple[str, ...]):  # type: ignore[no-untyped-def]
    def handler(rw: Rewriter, op: Op) -> bool:
        if not op.name.endswith(suffixes) or op.attr("parallel") == "replicated":
            return False
        rw.keep(op, parallel="replicated")
        return True

    return handler


def _drop_complete_reduction(rw: Rewriter, op: Op) -> bool:
    """A reduction of a complete value (after a now-replicated linear) is removed."""
    if rw.old_type_of_input(op, 0).features is FeatureState.PARTIAL:
        return False
    rw.bind(ValueRef(op.name), rw.read(op.inputs[0]))
    return True


@attrs.frozen
class DsaCpPass:
    layout: Layout = Layout.TENSORCAST
    name: str = "dsa-cp"

    def run(self, graph: Graph) -> PassResult:
        patterns = [Pattern.on("disable-tp", ("linear",), _replicate(REPLICATED_PROJECTIONS))]
        if self.layout is Layout.VLLM_ASCEND:
            patterns.append(
                Pattern.on(
                    "replicate-shared-experts", ("linear",), _replicate(SHARED_EXPERT_PROJECTIONS)
                )
            )
        patterns.append(
            Pattern.on("drop-complete-reduction", ("all_reduce",), _drop_complete_reduction)
        )
        graph, matches = rewrite(graph, patterns)
        return PassResult(graph, matches)
