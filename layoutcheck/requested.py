"""The graph against what the run that made it asked for.

A pass that matches nothing leaves a graph that type-checks: every rank computes on all tokens,
consistently. Only the request says it is wrong. This module compares the layout a graph has
with the layout the run asked for (today: sequence parallelism) and explains a mismatch with
what the graph shows about why the rewrite did not happen.
"""

from __future__ import annotations

from collections.abc import Iterator

from layoutcheck import rules
from layoutcheck.diagnostics import Diagnostic, Severity
from layoutcheck.graph import Op, ValueRef
from layoutcheck.interp import TypedGraph
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.ops.traits import Trait

# What a value passes on its way from the embedding to the first norm without changing its
# layout: region markers, the engine's views and casts, the out-of-vocabulary mask.
_TO_FIRST_NORM = (Trait.REGION_MARKER, Trait.VIEW, Trait.CAST, Trait.POINTWISE)


def sequence_parallel_applied(typed: TypedGraph) -> bool:
    """A graph has sequence parallelism when it reduce-scatters tokens or normalizes LOCAL
    tokens (the RFC layout and Megatron-SP both do each)."""
    registry = typed.registry
    for op in typed.graph.ops:
        if registry.is_(op.kind, Trait.TOKEN_SCATTER):
            return True
        if (
            registry.is_(op.kind, Trait.NORM)
            and typed.value(op.inputs[0]).tokens is TokenLayout.LOCAL
        ):
            return True
    return False


def check_requested(
    typed: TypedGraph, sequence_parallel: bool | None, fused_quant_norms: int = 0
) -> tuple[Diagnostic, ...]:
    """Diagnostics for each requested layout the graph does not have."""
    if not sequence_parallel or sequence_parallel_applied(typed):
        return ()
    norms = [op for op in typed.graph.ops if typed.registry.is_(op.kind, Trait.NORM)]
    first = norms[0] if norms else None
    effective = sum(typed.graph.multiplicity(op) for op in norms)  # a region: its repeats
    causes = list(_causes(typed, first, fused_quant_norms))
    return (
        Diagnostic(
            rule=rules.SEQUENCE_PARALLEL_NOT_APPLIED.id,
            severity=Severity.ERROR,
            message=(
                "sequence parallelism was requested but the graph has none: no token "
                f"reduce_scatter, and all {effective} norms run on FULL tokens"
            ),
            hint=rules.SEQUENCE_PARALLEL_NOT_APPLIED.fix,
            op=first.name if first is not None else None,
            layer=first.layer if first is not None else None,
            notes=tuple(f"likely cause: {cause}" for cause in causes),
        ),
    )


def _causes(typed: TypedGraph, first: Op | None, fused_quant_norms: int) -> Iterator[str]:
    if first is not None:
        embedding = _embedding_before(typed, first.inputs[0])
        if embedding is not None:
            features = typed.value(ValueRef(embedding.name)).features
            if features is not FeatureState.PARTIAL:
                yield (
                    f"the first norm ({first.name}) reads the replicated embedding "
                    f"({embedding.name}) with no all-reduce in between, so a rewrite that "
                    "turns that all-reduce into a reduce-scatter has nothing to anchor on "
                    "(a vocabulary-parallel embedding provides it: TensorCast "
                    "--word-embedding-tp row)"
                )
    if fused_quant_norms:
        yield (
            f"{fused_quant_norms} norm(s) are fused with dynamic quantization; a pattern "
            "written for the plain rms_norm / add_rms_norm may not match them"
        )


def _embedding_before(typed: TypedGraph, ref: ValueRef) -> Op | None:
    """The embedding ``ref`` comes from through layout-preserving ops, if nothing on the way
    (an all_reduce above all) changes its layout."""
    registry = typed.registry
    op, _ = typed.graph.source_through(ref, registry.kinds_with(*_TO_FIRST_NORM))
    return op if op is not None and registry.is_(op.kind, Trait.EMBEDDING) else None
