"""Decoder graphs from Hugging Face configs: build the TP baseline, then run the passes the
execution calls for (DSA-CP, sequence parallelism, the MoE prepare step of MC2 decode or of
all-to-all prefill), checked after every pass.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from layoutcheck.batch import decode_requests
from layoutcheck.graph import Graph, Region, freeze_attrs
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
    Mixer,
    MlaSpec,
    ModelSpec,
    has_dsa_structure,
    load_config,
    model_spec,
    shipped_models,
)
from layoutcheck.models.pipeline import Stage, pipeline_stages, received_local
from layoutcheck.ops import default_registry
from layoutcheck.passes.dsa_cp import DsaCpPass
from layoutcheck.passes.manager import GraphPass, PassRecord, run_passes
from layoutcheck.passes.moe_prepare import All2AllPrefillPass, Mc2DecodePass
from layoutcheck.passes.repetition import fold, region_label
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
    if sequence_parallel:
        _check_sequence_parallel(spec)
    dsa_cp = sequence_parallel and spec.dsa is not None
    if layout is not Layout.TENSORCAST and not dsa_cp:
        raise ConfigError(
            f"--layout {layout.value} chooses the DSA-CP prefill layer: it needs --sp and a "
            f"model with DSA structure (index_topk); {spec.name} "
            + ("has none" if spec.dsa is None else "runs without --sp")
        )
    expert_parallel = parallel.expert_parallel > 1 and spec.moe is not None
    if shared_experts is SharedExperts.REPLICATED and not (sequence_parallel or expert_parallel):
        raise ConfigError(
            "--shared-experts replicated: without --sp the shared experts are replicated on "
            "the MoE prepare step's token slice, which needs expert parallelism (ep > 1) on a "
            f"MoE model; {spec.name} "
            + ("has no MoE layers" if spec.moe is None else "runs with ep 1")
        )
    passes: list[GraphPass] = []
    contract = None
    if dsa_cp:
        passes.append(DsaCpPass(layout))
    if sequence_parallel:
        sp_layout = layout if dsa_cp else Layout.TENSORCAST
        if shared_experts is None:  # each engine's own way
            # the RFC's table (TensorCast's DSA-CP prefill) prices a TP MLP on local tokens, a
            # cost-model shape its contract keeps a warning; every engine replicates the shared
            # experts on the local tokens instead (a TP one would sum different tokens'
            # partials: cross-token-reduction), and so does every other SP build
            rfc_table = dsa_cp and sp_layout is Layout.TENSORCAST
            shared_experts = SharedExperts.TP_LOCAL if rfc_table else SharedExperts.REPLICATED
        passes.append(SequenceParallelPass(sp_layout, shared_experts))
    # the non-SP paths keep the RFC's TP MLP on all tokens unless asked for TensorCast's form
    prepare_shared = shared_experts or SharedExperts.TP_LOCAL
    if execution.phase is Phase.DECODE and expert_parallel:
        passes.append(Mc2DecodePass(prepare_shared))
        contract = "mc2-decode"
    elif expert_parallel and not sequence_parallel:
        # without SP the MoE input is FULL on every TP rank: the prepare step slices it over
        # TP, as in decode, so each token is dispatched once per TP group, not tp times
        passes.append(All2AllPrefillPass(prepare_shared))
        contract = "all2all-prefill"
    if dsa_cp and execution.phase is Phase.PREFILL:
        contract = f"{layout.value}-dsa-cp-prefill"
    elif sequence_parallel and contract is None and execution.tokens % parallel.tp == 0:
        # without DSA-CP the SP build is upstream vLLM's pass form (reduce_scatter into each
        # norm, all_gather after it): held to its contract, not to the type rules alone. At a
        # count tp does not divide the build pads, which vLLM's pass never does (it applies to
        # compile sizes tp divides), so there the type rules alone judge it
        contract = "vllm-sp"
    return passes, contract, dsa_cp


def _check_sequence_parallel(spec: ModelSpec) -> None:
    """The SP pass rewrites an all-reduce into the norm that adds the residual; a model whose
    sublayers do not end that way is refused rather than rewritten wrong. vLLM's own pass
    replaces no pattern on these either (their norms are LayerNorms; the architecture zoo)."""
    unrewritten = (
        (spec.parallel_block, "its attention and MLP run side by side on one normed input"),
        (spec.tensors.embedding_norm, "it normalizes the embedding before the first layer"),
        (
            Mixer.PARALLEL in spec.mixers,
            "its attention and Mamba-2 mixer run side by side on one normed input, their "
            "all-reduced outputs summed",
        ),
    )
    for holds, why in unrewritten:
        if holds:
            raise ConfigError(
                f"--sp: {spec.name}: {why}, which the sequence-parallel pass does not rewrite; "
                "drop --sp"
            )


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


def _check_fused_prolog(spec: ModelSpec, dsa_cp: bool) -> None:
    """The fused MLA q-side needs MLA with a compressed query, and runs where its hidden
    states hold all tokens: not under DSA-CP, whose passes rewrite the separate projections."""
    attention = spec.attention
    if not isinstance(attention, MlaSpec) or attention.q_lora_rank is None:
        raise ConfigError(
            f"--mla-prolog fused: {spec.name} has no MLA q-side with q_lora_rank to fuse"
        )
    if dsa_cp:
        raise ConfigError(
            "--mla-prolog fused: not with --sp on a DSA model yet (the DSA-CP passes rewrite the "
            "separate q/kv projections); drop one of them"
        )


def layer_runs(spec: ModelSpec, span: range | None = None) -> tuple[range, ...]:
    """Runs of consecutive decoder layers the builder makes alike: the same kind (dense or
    MoE), the same token mixer (a hybrid's attention or recurrent layer) and, on DSA models,
    the same indexer (own or shared). The first layer (of the model, or of ``span``, a
    pipeline stage's layers) stands alone: it reads no earlier layer of its graph, so it
    never folds with the next."""

    def key(layer: int) -> tuple[object, ...]:
        dsa = spec.dsa
        indexer = dsa.runs_indexer(layer) if dsa is not None else None
        return (spec.layer_kinds[layer], spec.mixer(layer), indexer)

    span = span if span is not None else range(len(spec.layer_kinds))
    runs: list[range] = []
    start = span.start
    for layer in range(span.start + 1, span.stop + 1):
        if layer == span.stop or layer == span.start + 1 or key(layer) != key(start):
            runs.append(range(start, layer))
            start = layer
    return tuple(runs)


def _template_layers(runs: tuple[range, ...]) -> frozenset[int]:
    """The layers a template builds: the first two of every run (a fold needs two to see it
    is one), every layer of a run shorter than three."""
    return frozenset(layer for run in runs for layer in run[:2])


def _stretch(graph: Graph, runs: tuple[range, ...]) -> Graph | None:
    """The folded template with every long run's region stretched to its real length, or None
    when the fold did not find exactly the regions the runs predict (build it whole then)."""
    long_runs = {run.start: run for run in runs if len(run) > 2}
    found = {region.first: region.repeat for region in graph.repetition()}
    if any(found.get(start) != 2 for start in long_runs):
        return None
    regions = tuple(
        Region(region.first, len(long_runs[region.first])) if region.first in long_runs else region
        for region in graph.repetition()
    )
    labels = {region.first: region_label(region) for region in regions}
    ops = []
    for op in graph.ops:
        # the markers' region label follows the region (the count is the field)
        if op.layer in long_runs and op.attr("region") is not None:
            attrs_ = {**op.attr_dict, "region": labels[op.layer]}
            op = op.evolve(attrs=freeze_attrs(attrs_))
        ops.append(op)
    return graph.with_ops(ops, graph.outputs).evolve(regions=regions)


def build_folded(
    spec: ModelSpec,
    parallel: ParallelConfig,
    execution: Execution | None = None,
    *,
    sequence_parallel: bool = False,
    layout: Layout = Layout.TENSORCAST,
    shared_experts: SharedExperts | None = None,
    fused_prolog: bool = False,
    stage: Stage | None = None,
    local_inputs: tuple[str, ...] = (),
) -> BuiltModel:
    """The repetition form of :func:`build_from_spec`, built from one template per run of
    alike layers: two layers of each run are built and rewritten, folded, and the region
    stretched to the run's length, so the cost grows with the distinct layers, not with all
    of them. Equal to folding the whole build (a test holds it); where the template's fold
    does not show the predicted regions the whole model is built and folded instead."""
    runs = layer_runs(spec, stage.layers if stage is not None else None)
    build = functools.partial(
        build_from_spec,
        spec,
        parallel,
        execution,
        sequence_parallel=sequence_parallel,
        layout=layout,
        shared_experts=shared_experts,
        fused_prolog=fused_prolog,
        stage=stage,
        local_inputs=local_inputs,
    )
    template = build(layers=_template_layers(runs))
    stretched = _stretch(normalize(fold(template.graph)), runs)
    if stretched is not None:
        return attrs.evolve(template, graph=stretched.evolve(contract=template.contract))
    whole = build()
    folded = normalize(fold(whole.graph)).evolve(contract=whole.contract)
    return attrs.evolve(whole, graph=folded)


def build_from_spec(
    spec: ModelSpec,
    parallel: ParallelConfig,
    execution: Execution | None = None,
    *,
    sequence_parallel: bool = False,
    layout: Layout = Layout.TENSORCAST,
    shared_experts: SharedExperts | None = None,
    layers: frozenset[int] | None = None,
    fused_prolog: bool = False,
    stage: Stage | None = None,
    local_inputs: tuple[str, ...] = (),
) -> BuiltModel:
    """:func:`build_model` from an already read config (``layers``: only these decoder
    layers, for a template; ``fused_prolog``: the MLA q-side as one op; ``stage``: one
    pipeline stage's slice of the model; ``local_inputs``: the stage's inputs the previous
    stage sends LOCAL, :func:`received_local`)."""
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
    if execution.request_contexts and (
        execution.phase is not Phase.DECODE
        or len(execution.request_contexts) != execution.tokens
        or max(execution.request_contexts) != execution.context
    ):
        raise ConfigError(
            "a decode batch's request contexts must be one per token of a decode step, the "
            "longest its context"
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
    if fused_prolog:
        _check_fused_prolog(spec, dsa_cp)
    suffix = "-sp" if sequence_parallel else ""
    if stage is not None:
        suffix += f"-pp{stage.count}-stage{stage.index}"
    graph_name = f"{spec.name}-{execution.phase.value}-tp{parallel.tp}{suffix}"
    baseline = normalize(
        build_baseline(
            spec,
            parallel,
            execution,
            form=form,
            name=graph_name,
            layers=layers,
            fused_prolog=fused_prolog,
            stage=stage,
        )
    )
    graph, records = run_passes(baseline, passes)
    if local_inputs:
        graph = normalize(received_local(graph, local_inputs, default_registry()))
    if execution.request_contexts:
        # MC2 pads the tokens to a multiple of tp for the MoE's slice: padded request slots
        mc2 = any(isinstance(p, Mc2DecodePass) for p in passes)
        requests = decode_requests(
            execution.request_contexts,
            pad_to=parallel.tp if mc2 else None,
            known=graph.symbol_names,
        )
        graph = graph.evolve(requests=requests)
    warnings = spec.warnings
    undrawn = spec.tensors.undrawn_norms()
    if undrawn is not None:  # the checkpoint's norms the graph does not draw where they are
        warnings = (*warnings, f"{spec.name}: {undrawn}")
    if shared_experts is not None and not _has_shared_experts(spec):
        # the option still chooses how the MoE's prepare step slices (it shapes the gather
        # after the experts), but there is nothing it places: say so rather than stay silent
        warnings = (
            *warnings,
            f"--shared-experts {shared_experts.value}: {spec.name} has no shared experts "
            "(n_shared_experts / shared_expert_intermediate_size): there are none to place",
        )
    return BuiltModel(graph.evolve(contract=contract), spec, records, contract, dsa_cp, warnings)


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
    "Stage",
    "build_folded",
    "build_from_spec",
    "build_model",
    "has_dsa_structure",
    "load_config",
    "model_spec",
    "pipeline_stages",
    "shipped_models",
]


def _has_shared_experts(spec: ModelSpec) -> bool:
    moe = spec.moe
    return moe is not None and moe.shared_width > 0
