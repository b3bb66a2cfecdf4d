"""Decoder graphs from Hugging Face configs: build the TP baseline, then run the passes the
execution calls for (DSA-CP, sequence parallelism, the MoE prepare step of MC2 decode or of
all-to-all prefill), checked after every pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from layoutcheck.graph import Graph
from layoutcheck.limits import MAX_TOKENS, shown
from layoutcheck.models.builder import (
    AttentionForm,
    Execution,
    ParallelConfig,
    Phase,
    build_baseline,
)
from layoutcheck.models.config import (
    ConfigError,
    ModelSpec,
    has_dsa_structure,
    load_config,
    model_spec,
    shipped_models,
)
from layoutcheck.passes.dsa_cp import DsaCpPass
from layoutcheck.passes.manager import GraphPass, PassRecord, run_passes
from layoutcheck.passes.moe_prepare import All2AllPrefillPass, Mc2DecodePass
from layoutcheck.passes.sequence_parallel import Layout, SequenceParallelPass, SharedExperts
from layoutcheck.validate import normalize


@attrs.frozen
class BuiltModel:
    """A built (and rewritten) graph with what was done to it and the contract it should meet."""

    graph: Graph
    spec: ModelSpec
    passes: tuple[PassRecord, ...]
    contract: str | None
    dsa_cp: bool
    # what the config holds that the graph does not model (sliding windows, a checkpoint's
    # quantization, shared indexers…), one message per field; the CLI prints them
    warnings: tuple[str, ...] = ()


def plan_passes(
    spec: ModelSpec,
    parallel: ParallelConfig,
    execution: Execution,
    *,
    sequence_parallel: bool,
    layout: Layout,
    shared_experts: SharedExperts | None = None,
) -> tuple[list[GraphPass], str | None, bool]:
    """The passes an execution needs, the default contract, and whether DSA-CP is on."""
    if sequence_parallel and execution.phase is Phase.DECODE:
        raise ConfigError(
            "--sp applies to prefill: decode keeps the packed-local tokens of each DP rank and "
            "slices them for MoE with MC2 (RFC §3.8); drop --sp"
        )
    dsa_cp = sequence_parallel and spec.dsa is not None
    if layout is not Layout.TENSORCAST and not dsa_cp:
        raise ConfigError(
            f"--layout {layout.value} chooses the DSA-CP prefill layer: it needs --sp and a "
            f"model with DSA structure (index_topk); {spec.name} "
            + ("has none" if spec.dsa is None else "runs without --sp")
        )
    passes: list[GraphPass] = []
    contract = None
    if dsa_cp:
        passes.append(DsaCpPass(layout))
    if sequence_parallel:
        sp_layout = layout if dsa_cp else Layout.TENSORCAST
        if shared_experts is None:  # each engine's own way
            replicated = sp_layout is Layout.VLLM_ASCEND
            shared_experts = SharedExperts.REPLICATED if replicated else SharedExperts.TP_LOCAL
        passes.append(SequenceParallelPass(sp_layout, shared_experts))
    expert_parallel = parallel.expert_parallel > 1 and spec.moe is not None
    if execution.phase is Phase.DECODE and expert_parallel:
        passes.append(Mc2DecodePass())
        contract = "mc2-decode"
    elif expert_parallel and not sequence_parallel:
        # without SP the MoE input is FULL on every TP rank: the prepare step slices it over
        # TP, as in decode, so each token is dispatched once per TP group, not tp times
        passes.append(All2AllPrefillPass())
        contract = "all2all-prefill"
    if dsa_cp and execution.phase is Phase.PREFILL:
        contract = f"{layout.value}-dsa-cp-prefill"
    return passes, contract, dsa_cp


def build_model(
    source: str | Path | Mapping[str, Any],
    parallel: ParallelConfig,
    execution: Execution | None = None,
    *,
    sequence_parallel: bool = False,
    layout: Layout = Layout.TENSORCAST,
    shared_experts: SharedExperts | None = None,
) -> BuiltModel:
    """Build a model's decoder graph and rewrite it for the execution; raises ConfigError."""
    config, name, where = load_config(source)
    return build_from_spec(
        model_spec(config, name, where),
        parallel,
        execution,
        sequence_parallel=sequence_parallel,
        layout=layout,
        shared_experts=shared_experts,
    )


def build_from_spec(
    spec: ModelSpec,
    parallel: ParallelConfig,
    execution: Execution | None = None,
    *,
    sequence_parallel: bool = False,
    layout: Layout = Layout.TENSORCAST,
    shared_experts: SharedExperts | None = None,
) -> BuiltModel:
    """:func:`build_model` from an already read config."""
    execution = execution or Execution()
    if not 1 <= execution.tokens <= MAX_TOKENS:
        raise ConfigError(
            f"--tokens {shown(execution.tokens)}: the token count must be 1..{shown(MAX_TOKENS)}"
        )
    if not 1 <= execution.requests <= execution.tokens:
        raise ConfigError(
            f"requests {shown(execution.requests)}: a prefill of {execution.tokens} tokens "
            f"holds 1..{execution.tokens} requests (each samples one token)"
        )
    passes, contract, dsa_cp = plan_passes(
        spec,
        parallel,
        execution,
        sequence_parallel=sequence_parallel,
        layout=layout,
        shared_experts=shared_experts,
    )
    form = (
        AttentionForm.KEY_SIDE if dsa_cp and layout is Layout.VLLM_ASCEND else AttentionForm.FUSED
    )
    suffix = "-sp" if sequence_parallel else ""
    graph_name = f"{spec.name}-{execution.phase.value}-tp{parallel.tp}{suffix}"
    baseline = normalize(build_baseline(spec, parallel, execution, form=form, name=graph_name))
    graph, records = run_passes(baseline, passes)
    return BuiltModel(
        graph.evolve(contract=contract), spec, records, contract, dsa_cp, spec.warnings
    )


__all__ = [
    "AttentionForm",
    "BuiltModel",
    "ConfigError",
    "Execution",
    "Layout",
    "ModelSpec",
    "ParallelConfig",
    "Phase",
    "SharedExperts",
    "build_from_spec",
    "build_model",
    "has_dsa_structure",
    "load_config",
    "model_spec",
    "shipped_models",
]
