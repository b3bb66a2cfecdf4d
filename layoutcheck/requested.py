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


# vLLM's SequenceParallelismPass registers its all_reduce -> rms_norm patterns for these
# epsilons only, and applies to compile sizes divisible by the TP size
# (vllm/compilation/passes/fusion/sequence_parallelism.py); vLLM-Ascend runs the same pass
VLLM_SP_EPSILONS = (1e-5, 1e-6)
VLLM_ENGINES = frozenset({"vllm", "vllm-ascend"})
VLLM_HINT = (
    "vLLM's SequenceParallelismPass rewrites an all_reduce that feeds an rms_norm directly, for "
    "norm epsilons 1e-5 and 1e-6 and compile sizes divisible by tp: remove what stands between "
    "them, or compile for sizes the pass applies to"
)


def check_requested(
    typed: TypedGraph,
    sequence_parallel: bool | None,
    fused_quant_norms: int = 0,
    engines: frozenset[str] = frozenset(),
    token_padding_ops: int = 0,
) -> tuple[Diagnostic, ...]:
    """Diagnostics for each requested layout the graph does not have; ``engines`` are the
    engines the graph came from (their passes' conditions explain a rewrite that did not
    happen), ``token_padding_ops`` the engine ops in it that pad tokens to the group."""
    if not sequence_parallel:
        return ()
    if sequence_parallel_applied(typed):
        if engines & VLLM_ENGINES and not token_padding_ops:
            return _partly_applied(typed)
        return ()
    registry = typed.registry
    norms = [op for op in typed.graph.ops if registry.is_(op.kind, Trait.NORM)]
    first = norms[0] if norms else None
    effective = sum(typed.graph.multiplicity(op) for op in norms)  # a region: its repeats
    site = _first_reduced_norm(typed)
    vllm = bool(engines & VLLM_ENGINES)
    causes = list(_causes(typed, first, fused_quant_norms))
    if vllm:
        causes.extend(_vllm_causes(typed, site, norms))
    where = ""
    anchor = first
    if site is not None:
        reduction, norm, between = site
        anchor = norm
        where = f"; the first all_reduce, {reduction.name}, feeds the norm {norm.name}" + (
            f" through {', '.join(op.name for op in between)}" if between else ""
        )
    return (
        Diagnostic(
            rule=rules.SEQUENCE_PARALLEL_NOT_APPLIED,
            severity=Severity.ERROR,
            message=(
                "sequence parallelism was requested but the graph has none: no token "
                f"reduce_scatter, and all {effective} norms run on FULL tokens{where}"
            ),
            hint=VLLM_HINT if vllm else rules.SEQUENCE_PARALLEL_NOT_APPLIED.fix,
            op=anchor.name if anchor is not None else None,
            layer=anchor.layer if anchor is not None else None,
            notes=tuple(_note(cause) for cause in causes),
        ),
    )


def _partly_applied(typed: TypedGraph) -> tuple[Diagnostic, ...]:
    """A graph vLLM's SequenceParallelismPass rewrote in part: it rewrites every all_reduce
    that feeds an rms_norm (at the epsilons it registered), so one still feeding a norm on
    FULL tokens beside reduce_scatters is a match the pass missed. (The MoE pass,
    SequenceParallelismMoEPass, rewrites only the all_reduces a sequence_parallel_chunk
    follows and keeps the others by design; its graphs hold ops that pad the tokens to a
    multiple of tp, which the dense pass never writes, and the caller leaves them out.)"""
    registry = typed.registry
    ops = typed.graph.ops
    left = [
        (reduction, norm, between)
        for reduction, norm, between in _reduced_norms(typed)
        if typed.value(norm.inputs[0]).tokens is TokenLayout.FULL
    ]
    if not left:
        return ()
    scattered = sum(
        typed.graph.multiplicity(op) for op in ops if registry.is_(op.kind, Trait.TOKEN_SCATTER)
    )
    reduction, norm, between = left[0]
    listed = ", ".join(f"{r.name} -> {n.name}" for r, n, _ in left[:3]) + (
        f" and {len(left) - 3} more" if len(left) > 3 else ""
    )
    causes = [cause for site in left for cause in _pattern_causes(site, [site[1]])]
    return (
        Diagnostic(
            rule=rules.SEQUENCE_PARALLEL_NOT_APPLIED,
            severity=Severity.ERROR,
            message=(
                f"sequence parallelism was applied in part: {scattered} token reduce_scatter(s), "
                f"but {len(left)} all_reduce(s) still feed a norm on FULL tokens ({listed}); "
                f"the first left, {reduction.name}, feeds the norm {norm.name}"
                + (f" through {', '.join(op.name for op in between)}" if between else "")
            ),
            hint=VLLM_HINT,
            op=reduction.name,
            layer=reduction.layer,
            notes=tuple(_note(cause) for cause in causes),
        ),
    )


_POSSIBLY = "possibly: "  # a cause the graph cannot show, only not rule out


def _note(cause: str) -> str:
    if cause.startswith(_POSSIBLY):
        return f"possible cause: {cause.removeprefix(_POSSIBLY)}"
    return f"likely cause: {cause}"


def _first_reduced_norm(typed: TypedGraph) -> tuple[Op, Op, list[Op]] | None:
    """The first all_reduce (a reduction that keeps the tokens) whose value reaches a norm,
    the norm, and the ops between them (region markers aside), in graph order."""
    return next(_reduced_norms(typed), None)


def _reduced_norms(typed: TypedGraph) -> Iterator[tuple[Op, Op, list[Op]]]:
    """Each all_reduce (a reduction that keeps the tokens) whose value reaches a norm, with
    the first norm it reaches and the ops between them (region markers aside), in graph
    order."""
    registry = typed.registry
    graph = typed.graph
    for op in graph.topological_order():
        if not registry.is_(op.kind, Trait.REDUCTION) or registry.is_(op.kind, Trait.TOKEN_SCATTER):
            continue
        found = _norm_reached(typed, op)
        if found is not None:
            yield op, *found


def _norm_reached(typed: TypedGraph, reduction: Op) -> tuple[Op, list[Op]] | None:
    """The first norm ``reduction``'s value reaches through layout-preserving ops, and those
    ops (region markers aside)."""
    registry = typed.registry
    graph = typed.graph
    frontier: list[tuple[ValueRef, list[Op]]] = [(ValueRef(reduction.name), [])]
    seen = {ValueRef(reduction.name)}
    while frontier:  # breadth first, a few ops deep: the pattern's neighbourhood
        ref, path = frontier.pop(0)
        for reader, slot in graph.consumers(ref):
            if registry.is_(reader.kind, Trait.NORM):
                return reader, path
            if registry.is_(reader.kind, Trait.REGION_MARKER):
                step, next_ref = path, ValueRef(reader.name, slot)  # a marker carries it on
            elif registry.is_(reader.kind, *_TO_FIRST_NORM) and len(path) < 4:
                step, next_ref = [*path, reader], ValueRef(reader.name)
            else:
                continue
            if next_ref not in seen:
                seen.add(next_ref)
                frontier.append((next_ref, step))
    return None


def _vllm_causes(
    typed: TypedGraph, site: tuple[Op, Op, list[Op]] | None, norms: list[Op]
) -> Iterator[str]:
    """Why vLLM's pass left the graph alone, as far as the graph shows it."""
    yield from _pattern_causes(site, norms)
    tokens = typed.context.numeric(typed.graph.token_count)
    tp = typed.context.numeric(typed.context.groups.get("tp", typed.graph.token_count))
    if tokens is not None and tp is not None and tp > 1 and tokens % tp:
        yield (
            f"the compile size {tokens} is not divisible by tp = {tp}; the pass applies only "
            "to sizes that are"
        )
    elif tokens is not None:
        yield (
            f"{_POSSIBLY}the compile size is {tokens} tokens: a run whose sp_min_token_num is "
            "above it skips the pass for this size"
        )


def _pattern_causes(site: tuple[Op, Op, list[Op]] | None, norms: list[Op]) -> Iterator[str]:
    """What keeps vLLM's all_reduce -> rms_norm pattern from matching at ``site`` or at the
    ``norms``: an op between the two, an epsilon the pass registered no pattern for."""
    if site is not None:
        reduction, norm, between = site
        if between:
            yield (
                f"{', '.join(f'{op.name} ({op.kind})' for op in between)} stands between "
                f"{reduction.name} and {norm.name}; the pass matches an all_reduce that feeds "
                "the norm directly (an alias, a view or maybe_chunk_residual hides it)"
            )
    written = [op.name for op in norms if op.attr("written") is True]
    if written:
        yield (
            f"{len(written)} of the norms ({', '.join(written[:3])}"
            + (f" and {len(written) - 3} more" if len(written) > 3 else "")
            + ") are written out in elementwise ops (a decomposed LayerNorm, a model's own norm "
            "code), and the pass's patterns match vLLM's rms_norm op only "
            "(vllm/compilation/passes/fusion/sequence_parallelism.py:161-168)"
        )
    odd = []
    for op in norms:
        eps = op.attr("eps")
        if isinstance(eps, str):
            try:
                value = float(eps)
            except ValueError:
                continue
            if all(abs(value - allowed) > allowed * 1e-6 for allowed in VLLM_SP_EPSILONS):
                odd.append(f"{op.name} (epsilon {eps})")
    if odd:
        yield (
            f"norm epsilon not 1e-5 or 1e-6: {', '.join(odd[:3])}"
            + (f" and {len(odd) - 3} more" if len(odd) > 3 else "")
            + "; the pass registers its patterns for those two only"
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
