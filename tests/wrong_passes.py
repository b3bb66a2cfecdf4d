"""Graph -> Graph passes for `layoutcheck fuzz --pass wrong_passes:NAME` (run from tests/).

Two are deliberately wrong — the real DSA-CP + sequence-parallel passes followed by one classic
layout mistake — and must be caught; the real passes (and fold/expand of their output) must not
be. ``tensorcast_shared_experts`` was the checker's blind spot (a TP MLP on local tokens only
warned ``local-feature-split``): its all-reduce is now a ``cross-token-reduction`` error, and
the simulator agrees.

Not a test module (no ``test_`` prefix): tests import it, and the CLI imports it by name.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from layoutcheck.graph import Graph, Op, ValueRef
from layoutcheck.passes.dsa_cp import DsaCpPass
from layoutcheck.passes.manager import GraphPass, run_passes
from layoutcheck.passes.repetition import expand, fold
from layoutcheck.passes.sequence_parallel import Layout, SequenceParallelPass, SharedExperts
from layoutcheck.validate import normalize
from tests.helpers import SPECS

GraphPassFn = Callable[[Graph], Graph]


def has_dsa(graph: Graph) -> bool:
    """DSA structure, as the model builder plans it: an indexer op (never a model name)."""
    return any(op.kind == "dsa_indexer" for op in graph.ops)


def _sp_passes(graph: Graph, layout: Layout, shared: SharedExperts) -> list[GraphPass]:
    """What ``plan_passes`` runs for prefill SP: DSA-CP first on a DSA graph, then SP (the
    vLLM-Ascend layer only exists with DSA-CP; without DSA, SP is the TensorCast one)."""
    if has_dsa(graph):
        return [DsaCpPass(layout), SequenceParallelPass(layout, shared)]
    return [SequenceParallelPass(Layout.TENSORCAST, shared)]


def _run(graph: Graph, passes: list[GraphPass]) -> Graph:
    rewritten, _ = run_passes(graph, passes)
    return rewritten


# -- the real passes ------------------------------------------------------------------------


def real_sequence_parallel(graph: Graph) -> Graph:
    """DSA-CP (TensorCast layout) + SP with replicated shared experts: computes the baseline."""
    return _run(graph, _sp_passes(graph, Layout.TENSORCAST, SharedExperts.REPLICATED))


def real_vllm_ascend(graph: Graph) -> Graph:
    """The vLLM-Ascend DSA-CP layer (needs a KEY_SIDE baseline on DSA graphs)."""
    return _run(graph, _sp_passes(graph, Layout.VLLM_ASCEND, SharedExperts.REPLICATED))


def real_repetition(graph: Graph) -> Graph:
    """Fold the SP output into repetition regions, then expand it back."""
    return expand(normalize(fold(real_sequence_parallel(graph))))


def tensorcast_shared_experts(graph: Graph) -> Graph:
    """SP with the RFC table's shared-expert model (a TP MLP + all_reduce on LOCAL tokens): the
    checker only warns; it sums different tokens' partials, so it must be caught as wrong."""
    return _run(graph, _sp_passes(graph, Layout.TENSORCAST, SharedExperts.TP_LOCAL))


# -- deliberately wrong ---------------------------------------------------------------------


def _residual_slot(graph: Graph) -> tuple[Op, Op, int] | None:
    """An add_rms_norm whose output 1 (the residual) feeds a later norm's residual slot 1,
    preferring a reader in a later decoder layer."""
    found: list[tuple[Op, Op, int]] = []
    for op in graph.ops:
        if op.kind != "add_rms_norm":
            continue
        for reader, slot in graph.consumers(ValueRef(op.name, 1)):
            if reader.kind == "add_rms_norm" and slot == 1:
                found.append((op, reader, slot))
    later = [f for f in found if (f[1].layer or 10**9) > (f[0].layer or -1)]
    return (later or found or [None])[0]


def gathers_the_residual(graph: Graph) -> Graph:
    """The real passes, then an all_gather of an add_rms_norm's output 1 (the residual stream)
    before the next layer's residual slot: the classic FlashComm residual bug."""
    rewritten = real_sequence_parallel(graph)
    found = _residual_slot(rewritten)
    if found is None:
        return rewritten
    norm, reader, slot = found
    residual = ValueRef(norm.name, 1)
    gather = Op(f"{norm.name}.residual_gather", "all_gather", (residual,), (("group", "tp"),))
    ops: list[Op] = []
    for op in rewritten.ops:
        if op is reader:
            inputs = list(op.inputs)
            inputs[slot] = ValueRef(gather.name)
            ops.append(gather)
            op = op.evolve(inputs=tuple(inputs))
        ops.append(op)
    return rewritten.with_ops(ops)


def drops_the_token_slice(graph: Graph) -> Graph:
    """The real passes, then the token_slice before a replicated o_proj bypassed: o_proj runs
    on FULL tokens and its output meets the LOCAL residual."""
    rewritten = real_sequence_parallel(graph)
    slices = [
        op
        for op in rewritten.ops
        if op.kind == "token_slice" and op.name.endswith(".self_attn.o_proj_slice")
    ]
    if not slices:
        return rewritten
    dropped = slices[0]
    source = dropped.inputs[0]

    def swap(ref: ValueRef) -> ValueRef:
        return source if ref.op == dropped.name else ref

    ops = [
        op.evolve(inputs=tuple(swap(ref) for ref in op.inputs))
        for op in rewritten.ops
        if op is not dropped
    ]
    return rewritten.with_ops(ops, tuple(swap(ref) for ref in rewritten.outputs))


WRONG: dict[str, GraphPassFn] = {
    "gathers_the_residual": gathers_the_residual,
    "drops_the_token_slice": drops_the_token_slice,
}
RIGHT: dict[str, GraphPassFn] = {
    "real_sequence_parallel": real_sequence_parallel,
    "real_repetition": real_repetition,
}


# -- small model configs the tests share ----------------------------------------------------


# GLM-5.1 / DeepSeek-V3.2 shapes at simulator sizes. vocab_size is a multiple of 64·tp for every
# tp used, so the tp = 1 run and the tp = N run share the padded vocabulary (and the weights).
SMALL_MODEL: dict[str, int] = {
    "hidden_size": 16,
    "num_attention_heads": 4,
    "q_lora_rank": 8,
    "kv_lora_rank": 8,
    "qk_nope_head_dim": 4,
    "qk_rope_head_dim": 4,
    "v_head_dim": 4,
    "index_n_heads": 2,
    "index_head_dim": 4,
    "index_topk": 8,
    "n_routed_experts": 8,
    "num_experts_per_tok": 2,
    "moe_intermediate_size": 8,
    "intermediate_size": 16,
    "num_hidden_layers": 3,
    "first_k_dense_replace": 1,
    "vocab_size": 512,
}


def small_config(model: str, **changes: int) -> dict[str, Any]:
    """A shipped model's config (specs/models/MODEL.json) shrunk to simulator sizes."""
    config: dict[str, Any] = json.loads((SPECS / "models" / f"{model}.json").read_text())
    config.update(SMALL_MODEL)
    config.update(changes)
    return config
