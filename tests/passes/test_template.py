"""The repetition form built from templates (two layers per run of alike layers, the region
stretched to the run) is the graph folding the whole build gives: op for op, on the shipped
models in every execution they build, and on random small models with long runs."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from layoutcheck.graph import Graph
from layoutcheck.models import (
    BuiltModel,
    ConfigError,
    Execution,
    Layout,
    ParallelConfig,
    Phase,
    build_folded,
    build_from_spec,
    layer_runs,
    load_config,
    model_spec,
)
from layoutcheck.models.config import ModelSpec
from layoutcheck.passes.repetition import expand, fold
from layoutcheck.testing import model_configs
from layoutcheck.validate import normalize
from tests.helpers import glm52_config


def whole_folded(
    spec: ModelSpec, parallel: ParallelConfig, execution: Execution, **kw: Any
) -> Graph:
    built = build_from_spec(spec, parallel, execution, **kw)
    return normalize(fold(built.graph)).evolve(contract=built.contract)


def spec_of(source: Any) -> ModelSpec:
    config, name, where = load_config(source)
    return model_spec(config, name, where)


EXECUTIONS = [
    ("glm-5.1", ParallelConfig(tp=16), Execution(), {"sequence_parallel": True}),
    (
        "glm-5.1",
        ParallelConfig(tp=16),
        Execution(),
        {"sequence_parallel": True, "layout": Layout.VLLM_ASCEND},
    ),
    ("glm-5.1", ParallelConfig(tp=16, ep=16), Execution(), {}),
    ("glm-5.1", ParallelConfig(tp=4, dp=8, ep=32), Execution(Phase.DECODE, 8, 4096), {}),
    (
        "glm-5.1",
        ParallelConfig(tp=4, dp=8, ep=32),
        Execution(Phase.DECODE, 8, 4096),
        {"fused_prolog": True},
    ),
    ("deepseek-v3", ParallelConfig(tp=8), Execution(), {"sequence_parallel": True}),
    ("deepseek-v3.2", ParallelConfig(tp=8), Execution(), {"sequence_parallel": True}),
    ("qwen3-30b-a3b", ParallelConfig(tp=4, ep=4), Execution(), {}),
    ("qwen3-8b", ParallelConfig(tp=2), Execution(), {"sequence_parallel": True}),
]


@pytest.mark.parametrize(("model", "parallel", "execution", "options"), EXECUTIONS)
def test_the_template_build_is_the_folded_whole_build(
    model: str, parallel: ParallelConfig, execution: Execution, options: dict[str, Any]
) -> None:
    spec = spec_of(model)
    built = build_folded(spec, parallel, execution, **options)
    assert built.graph == whole_folded(spec, parallel, execution, **options)
    # and expanding it gives the whole build back (as fold/expand always did)
    whole = build_from_spec(spec, parallel, execution, **options).graph
    assert expand(built.graph).ops == normalize(whole).ops


def test_glm_builds_five_layers_for_its_78() -> None:
    spec = spec_of("glm-5.1")
    assert layer_runs(spec) == (range(0, 1), range(1, 3), range(3, 78))
    built = build_folded(spec, ParallelConfig(tp=16), Execution(), sequence_parallel=True)
    # layers 0, 1-2 and 3-77 as three kinds, regions of 2 and 75
    repeats = {region.first: region.repeat for region in built.graph.repetition()}
    assert repeats == {1: 2, 3: 75}
    assert sum(1 for record in built.passes for _ in [record]) == len(built.passes)
    layers = {op.layer for op in built.graph.ops if op.layer is not None}
    assert layers == {0, 1, 3}


def test_glm52_with_its_shared_indexer_runs_folds_alike() -> None:
    spec = model_spec(glm52_config(), "glm-5.2")
    parallel, execution = ParallelConfig(tp=16), Execution()
    built = build_folded(spec, parallel, execution, sequence_parallel=True)
    assert built.graph == whole_folded(spec, parallel, execution, sequence_parallel=True)


@st.composite
def long_configs(draw: st.DrawFn) -> dict[str, Any]:
    """A small model of up to 12 layers in runs of one to five alike layers."""
    config = draw(model_configs())
    runs = draw(
        st.lists(
            st.tuples(st.sampled_from(["dense", "moe"]), st.integers(1, 5)),
            min_size=1,
            max_size=4,
        )
    )
    kinds = [kind for kind, length in runs for _ in range(length)][:12]
    config["num_hidden_layers"] = len(kinds)
    config["mlp_layer_types"] = ["sparse" if kind == "moe" else "dense" for kind in kinds]
    if "indexer_types" in config:
        shared = draw(st.lists(st.sampled_from(["full", "shared"]), min_size=1, max_size=1))[0]
        config["indexer_types"] = ["full", *[shared] * (len(kinds) - 1)]
    return config


@given(config=long_configs(), tp=st.sampled_from([2, 4]), sp=st.booleans())
def test_random_models_build_the_same_repetition_form(
    config: dict[str, Any], tp: int, sp: bool
) -> None:
    spec = model_spec(config)
    parallel = ParallelConfig(tp=tp, ep=tp)
    try:
        whole = whole_folded(spec, parallel, Execution(Phase.PREFILL, 4 * tp), sequence_parallel=sp)
    except ConfigError:
        return  # an execution the builder refuses is refused alike (below)
    built: BuiltModel = build_folded(
        spec, parallel, Execution(Phase.PREFILL, 4 * tp), sequence_parallel=sp
    )
    assert built.graph == whole
