"""Sequence parallelism: all-reduces before norms become reduce-scatters, the residual stream
stays on LOCAL tokens, and only normalized values are gathered where FULL tokens are needed.

    before (TP)                                  after (SP, the TP group reused)
    o_proj (row) ─ all_reduce ─┐                 o_proj (row) ─ reduce_scatter ─┐
    residual (F·W) ────────────┴ add_rms_norm    residual (L·W) ────────────────┴ add_rms_norm
        :0 ─ q_a_proj …                               :0 ─ all_gather ─ q_a_proj …   (P2)
        :0 ─ moe_gate …                               :0 ─ moe_gate …   (MoE local, no gather)
        :1 ─ next residual                            :1 ─ next residual (never gathered)

Patterns (named as in TensorCast's SP pass): P1 all_reduce → norm; P2 all_reduce → fused
add+norm with a LOCAL residual; P3 all_reduce → residual add → norm; MoE-local; and, for
DSA-CP, a token slice before a replicated o_proj. A token count the group does not divide is
padded first, as the engines do. What a norm, an all-reduce or an expert is, the catalogue's
traits say (``Trait.NORM``, ``Trait.FUSED_ADD_NORM``, ...): an op that declares them is matched,
one that does not is left as it is and named in the pass's notes.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

import attrs

from layoutcheck import rules
from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.layouts import Layout as Layout
from layoutcheck.layouts import SharedExperts as SharedExperts
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.traits import Trait
from layoutcheck.passes.common import DROP_COMPLETE_REDUCTION, REPLICATE_SHARED_EXPERTS
from layoutcheck.passes.manager import PassResult
from layoutcheck.passes.rewriter import Pattern, Rewriter, sweep
from layoutcheck.roles import Block, Role, role

MARKER = Trait.REGION_MARKER  # values pass region markers unchanged: readers look through them


_MOE_BLOCKS = frozenset({Block.MOE, Block.SHARED_EXPERTS})
KEY_SIDE = role("attention.key_side")
ATTENTION = Role(Block.ATTENTION)
O_PROJ = role("attention.o_proj")


def moe_local(op: Op, registry: Registry | None = None) -> bool:
    """MoE branches run on the rank's local tokens: no gather before them (MoE local)."""
    registry = registry or default_registry()
    return registry.is_(op.kind, Trait.EXPERT) or op.block in _MOE_BLOCKS


def _tensorcast_needs_full(op: Op, registry: Registry) -> bool:
    return not moe_local(op, registry)


def _vllm_needs_full(op: Op, registry: Registry) -> bool:
    return not moe_local(op, registry) and op.block is not Block.ATTENTION


def pad_if_needed(
    rw: Rewriter, ref: ValueRef, group: str, name: str, role: Role | None = None
) -> ValueRef:
    """Pad a FULL value to a multiple of the group when its extent is provably indivisible."""
    value = rw.type(ref)
    size = rw.context.groups[group]
    extent, g = rw.context.numeric(value.extent), rw.context.numeric(size)
    if (value.extent / size).is_integer or extent is None or g is None or extent % g == 0:
        return ref
    return rw.emit(name, "pad_tokens", [ref], role=role, group=group)


def _group(op: Op) -> str:
    group = op.attr("group")
    return group if isinstance(group, str) else "tp"


def _full_partial(rw: Rewriter, op: Op) -> bool:
    value = rw.old_type_of_input(op, 0)
    return value.tokens is TokenLayout.FULL and value.features is FeatureState.PARTIAL


def _to_reduce_scatter(rw: Rewriter, op: Op) -> None:
    base = op.name.removesuffix(".all_reduce")
    x = pad_if_needed(rw, rw.read(op.inputs[0]), _group(op), f"{base}.pad", op.role)
    out = rw.emit(f"{base}.reduce_scatter", "reduce_scatter", [x], role=op.role, group=_group(op))
    rw.bind(ValueRef(op.name), out)


def _readers(rw: Rewriter, op: Op) -> list[tuple[Op, int]]:
    return rw.readers(ValueRef(op.name), MARKER)


def _is_norm(rw: Rewriter, op: Op) -> bool:
    return rw.registry.is_(op.kind, Trait.NORM)


def _is_plain_norm(rw: Rewriter, op: Op) -> bool:
    """A norm of one input (no fused residual add): its output is also the residual."""
    return _is_norm(rw, op) and not rw.registry.is_(op.kind, Trait.FUSED_ADD_NORM)


def _p1(rw: Rewriter, op: Op) -> bool:
    """all_reduce → norm (the first layer: the value is also the residual)."""
    readers = _readers(rw, op)
    if not _full_partial(rw, op) or not readers:
        return False
    entry = [r for r, slot in readers if _is_plain_norm(rw, r)]
    residual = all(_is_norm(rw, r) and (_is_plain_norm(rw, r) or slot == 1) for r, slot in readers)
    if not entry or not residual:
        return False
    _to_reduce_scatter(rw, op)
    return True


def _p2(rw: Rewriter, op: Op) -> bool:
    """all_reduce → fused add+norm(x, residual) with a LOCAL residual."""
    readers = _readers(rw, op)
    if not _full_partial(rw, op) or len(readers) != 1:
        return False
    norm, slot = readers[0]
    if not rw.registry.is_(norm.kind, Trait.FUSED_ADD_NORM) or slot != 0:
        return False
    if rw.old_type_of_input(norm, 1).tokens is not TokenLayout.LOCAL:
        return False
    _to_reduce_scatter(rw, op)
    return True


def _p3(rw: Rewriter, op: Op) -> bool:
    """all_reduce → add(·, LOCAL residual) → norm: reduce-scatter, then a local add."""
    readers = _readers(rw, op)
    if not _full_partial(rw, op) or len(readers) != 1:
        return False
    add, slot = readers[0]
    if not rw.registry.is_(add.kind, Trait.RESIDUAL_ADD):
        return False
    other = rw.old_type_of_input(add, 1 - slot)
    feeds_norm = all(_is_norm(rw, r) for r, _ in rw.readers(ValueRef(add.name), MARKER))
    if other.tokens is not TokenLayout.LOCAL or not feeds_norm:
        return False
    _to_reduce_scatter(rw, op)
    return True


def _dsa_o_proj_slice(rw: Rewriter, op: Op) -> bool:
    """FULL attention output → replicated o_proj: slice the tokens first (a view, RFC §3.3)."""
    readers = rw.readers(ValueRef(op.name))
    o_proj = [
        r
        for r, _ in readers
        if rw.registry.is_(r.kind, Trait.LINEAR)
        and r.has_role(O_PROJ)
        and r.attr("parallel") == "replicated"
    ]
    if not o_proj or rw.old_type_of_input(op, 0).tokens is not TokenLayout.FULL:
        return False
    base = o_proj[0].name
    x = pad_if_needed(rw, rw.read(op.inputs[0]), "tp", f"{base}_pad", ATTENTION)
    sliced = rw.emit(f"{base}_slice", "token_slice", [x], role=ATTENTION, group="tp")
    rw.keep(op, [sliced])
    return True


def _slice_received(rw: Rewriter, ref: ValueRef, role: Role | None) -> ValueRef:
    """Each rank's own rows of a value a later pipeline stage received FULL (a view), one slice
    for all its readers."""

    def make() -> ValueRef:
        x = pad_if_needed(rw, ref, "tp", f"{ref.op}.pad", role)
        return rw.emit(f"{ref.op}.token_slice", "token_slice", [x], group="tp")

    return rw.memo("pipeline-slice", ref, make)


def _pipeline_entry(rw: Rewriter, op: Op) -> bool:
    """A later pipeline stage's first fused add+norm, on the hidden state and residual the
    previous stage sent (graph inputs, FULL): each rank keeps its own rows of both (a view).
    vLLM sends the residual scattered under SP (``is_residual_scattered_for_sp``), so the
    sender's LOCAL rows are what arrives; the hidden state arrives all-reduced, whole."""
    inputs = [rw.read(ref) for ref in op.inputs]
    if any(rw.producer(ref) is not None for ref in inputs):
        return False
    if any(rw.type(ref).tokens is not TokenLayout.FULL for ref in inputs):
        return False
    rw.keep(op, [_slice_received(rw, ref, op.role) for ref in inputs])
    return True


def _received_top_k(rw: Rewriter, op: Op) -> bool:
    """A shared-indexer layer first in a later stage reads the top-k the previous stage sent
    (a graph input, FULL): on LOCAL queries each rank keeps its own rows of it."""
    inputs = [rw.read(ref) for ref in op.inputs]
    q, indices = inputs[0], inputs[-1]
    if rw.producer(indices) is not None or rw.type(indices).tokens is not TokenLayout.FULL:
        return False
    if rw.type(q).tokens is not TokenLayout.LOCAL:
        return False
    rw.keep(op, [*inputs[:-1], _slice_received(rw, indices, op.role)])
    return True


@attrs.frozen
class SequenceParallelPass:
    """Sequence parallelism over the TP group (no new group), for one engine layout."""

    layout: Layout = Layout.TENSORCAST
    shared_experts: SharedExperts = SharedExperts.TP_LOCAL
    name: str = "sequence-parallel"
    # the catalogue whose traits say what a norm, a reduction, an expert is
    registry: Registry = attrs.field(factory=default_registry, eq=False, repr=False)

    def needs_full(self) -> Callable[[Op, Registry], bool]:
        return _vllm_needs_full if self.layout is Layout.VLLM_ASCEND else _tensorcast_needs_full

    def run(self, graph: Graph) -> PassResult:
        patterns = [*_ALL_REDUCE_PATTERNS, _DSA_O_PROJ_SLICE, *_PIPELINE_ENTRY]
        if self.shared_experts is SharedExperts.REPLICATED:
            patterns += [REPLICATE_SHARED_EXPERTS, DROP_COMPLETE_REDUCTION]
        needs_full = self.needs_full()
        registry = self.registry

        def gather_boundaries(rw: Rewriter, op: Op) -> None:
            inputs = [rw.read(ref) for ref in op.inputs]
            for slot, ref in enumerate(inputs):
                value = rw.type(ref)
                if value.tokens is not TokenLayout.LOCAL or registry.is_(op.kind, MARKER):
                    continue
                key_side = op.has_role(KEY_SIDE)
                if key_side or (_normalized(rw, ref) and needs_full(op, registry)):
                    inputs[slot] = rw.memo("gather", ref, functools.partial(_gather, rw, ref))
                    rw.matches["gather-normalized" if not key_side else "gather-key-side"] += 1
                elif _normalized(rw, ref):
                    rw.matches["moe-local"] += registry.is_(op.kind, Trait.EXPERT)
            rw.keep(op, inputs)

        rewritten = sweep(graph, patterns, registry, adapt=gather_boundaries)
        errors = rewritten.errors
        if self.shared_experts is SharedExperts.TP_LOCAL:
            # the RFC table's shared expert was asked for: its all-reduce of different tokens
            # is the shape requested (its contract keeps it a warning), not a bug of the pass
            errors = tuple(e for e in errors if e.rule != rules.CROSS_TOKEN_REDUCTION.id)
        notes = _unmatched(graph, rewritten.matches, registry)
        return PassResult(rewritten.graph, rewritten.matches, errors, notes)


# P2 before P1: a fused add+norm is a norm too. An all-reduce is a reduction that keeps the
# token layout (a reduce-scatter is the rewrite's result, never its anchor).
_ALL_REDUCE_PATTERNS = (
    Pattern.at("P2", Trait.REDUCTION, _p2, lacks=Trait.TOKEN_SCATTER),
    Pattern.at("P1", Trait.REDUCTION, _p1, lacks=Trait.TOKEN_SCATTER),
    Pattern.at("P3", Trait.REDUCTION, _p3, lacks=Trait.TOKEN_SCATTER),
)
# the attention output's reshape (a view of its rows) ahead of the replicated o_proj
_DSA_O_PROJ_SLICE = Pattern.at("dsa-o-proj-slice", Trait.VIEW, _dsa_o_proj_slice)
# a later pipeline stage's first readers of what the previous stage sent
_PIPELINE_ENTRY = (
    Pattern.at("pipeline-entry", Trait.FUSED_ADD_NORM, _pipeline_entry),
    Pattern.at("pipeline-top-k", Trait.SPARSE_ATTENTION, _received_top_k),
)
_SP_REWRITES = frozenset(pattern.name for pattern in _ALL_REDUCE_PATTERNS)


def _unmatched(graph: Graph, matches: Mapping[str, int], registry: Registry) -> tuple[str, ...]:
    """Why the pass rewrote no all-reduce, when there was one: the first all-reduce and what
    reads it, with the traits the patterns look for (or, when a reader has them, the layout
    they need). Without this a graph whose norms the catalogue does not call norms keeps
    every all-reduce in silence."""
    if any(matches.get(name, 0) for name in _SP_REWRITES):
        return ()
    anchor = _ALL_REDUCE_PATTERNS[0]
    reductions = [op for op in graph.topological_order() if anchor.anchors(registry, op.kind)]
    if not reductions:
        return ()
    first = reductions[0]
    readers = _readers_through_markers(graph, first, registry)
    shown = ", ".join(f"{reader.name} ({reader.kind})" for reader in readers) or "nothing"
    kept = f"{len(reductions)} all-reduce(s) kept: the first, {first.name}, is read by {shown}"
    strangers = [r for r in readers if not registry.is_(r.kind, Trait.NORM, Trait.RESIDUAL_ADD)]
    if readers and not strangers:
        return (
            f"{kept}: norms, but not in the layout the patterns need (a FULL·PARTIAL input, "
            "and a LOCAL residual for a fused add+norm)",
        )
    named = ", ".join(sorted({r.kind for r in strangers})) or "no reader"
    return (
        f"{kept}; the patterns need readers with trait {Trait.NORM.value!r} (P1), "
        f"{Trait.FUSED_ADD_NORM.value!r} (P2) or {Trait.RESIDUAL_ADD.value!r} feeding a norm "
        f"(P3), and {named} declares none: a norm the catalogue does not call one is not "
        "matched",
    )


def _readers_through_markers(graph: Graph, op: Op, registry: Registry) -> list[Op]:
    found: list[Op] = []
    stack = [ValueRef(op.name)]
    while stack:
        ref = stack.pop()
        for reader, slot in graph.consumers(ref):
            if registry.is_(reader.kind, MARKER):
                stack.append(ValueRef(reader.name, slot if len(reader.inputs) > 1 else 0))
            else:
                found.append(reader)
    return found


def _normalized(rw: Rewriter, ref: ValueRef) -> bool:
    """Is ``ref`` output 0 of a norm (looking through region markers)?"""
    while True:
        producer = rw.producer(ref)
        if producer is None:
            return False
        if rw.registry.is_(producer.kind, MARKER):
            ref = producer.inputs[ref.port]
            continue
        return _is_norm(rw, producer) and ref.port == 0


def _gather(rw: Rewriter, ref: ValueRef) -> ValueRef:
    value = rw.type(ref)
    gathered = rw.emit(f"{ref.op}.all_gather", "all_gather", [ref], group=value.group or "tp")
    if not rw.context.same(value.extent, rw.context.token_count):
        gathered = rw.emit(f"{ref.op}.unpad", "unpad_tokens", [gathered])
    return gathered
