"""Repetition graphs (RFC §3.3.2): fold and expand are inverse, region markers are layout
identities, checking the folded form gives the expanded form's verdict and effective counts,
and compare_forms finds a changed region by layer and op."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest
import sympy

from layoutcheck.check import check_graph
from layoutcheck.contracts import Contract, load_contract
from layoutcheck.graph import Graph, Op, ValueRef, freeze_attrs
from layoutcheck.graph_io import dumps_graph, load_graph, loads_graph, write_graph
from layoutcheck.interp import interpret
from layoutcheck.models import BuiltModel, Execution, ParallelConfig, Phase, build_model
from layoutcheck.passes.repetition import (
    RepetitionPass,
    collectives_per_layer,
    compare_forms,
    expand,
    fold,
)
from layoutcheck.validate import normalize

MARKERS = ("region_begin", "region_end", "copy_region")

# name → (model, parallel, execution, sequence parallel)
SETUPS = {
    "glm-sp": ("glm-5.1", ParallelConfig(tp=16), Execution(Phase.PREFILL, 4096), True),
    "glm-decode-mc2": (
        "glm-5.1",
        ParallelConfig(tp=4, dp=8, ep=32),
        Execution(Phase.DECODE, 9),
        False,
    ),
    "qwen3-sp": ("qwen3-30b-a3b", ParallelConfig(tp=16), Execution(Phase.PREFILL, 4096), True),
}


@functools.cache
def built(key: str) -> BuiltModel:
    model, parallel, execution, sp = SETUPS[key]
    return build_model(model, parallel, execution, sequence_parallel=sp)


@functools.cache
def folded(key: str) -> Graph:
    return normalize(fold(built(key).graph))


def contract_of(key: str) -> Contract | None:
    name = built(key).contract
    return load_contract(name) if name else None


def regions(graph: Graph) -> list[tuple[str, int, str]]:
    """(begin op, repeat, region label) of every region: the repeat is the graph's field."""
    return [
        (op.name, graph.repeat(op.layer), str(op.attr("region")))
        for op in graph.ops
        if op.kind == "region_begin"
    ]


def replace_op(graph: Graph, name: str, new: Op | None, rebind: ValueRef | None = None) -> Graph:
    """A copy of ``graph`` with op ``name`` replaced (or dropped, its readers reading
    ``rebind``)."""
    assert graph.has_op(name)
    ops = []
    for op in graph.ops:
        if op.name == name:
            if new is not None:
                ops.append(new)
            continue
        if rebind is not None:
            op = op.evolve(
                inputs=tuple(rebind if ref == ValueRef(name) else ref for ref in op.inputs)
            )
        ops.append(op)
    return normalize(graph.with_ops(ops))


# -- fold / expand -----------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(SETUPS))
def test_expand_of_fold_is_identity(key: str) -> None:
    graph = built(key).graph
    repetition = folded(key)
    assert len(repetition.ops) < len(graph.ops) // 5
    assert normalize(expand(repetition)) == graph
    assert expand(graph) == graph  # nothing to expand
    assert fold(repetition) == repetition  # nothing left to fold


def test_glm_folds_into_a_dense_and_a_moe_region() -> None:
    repetition = folded("glm-sp")
    # layer 0 reads no residual (its input norm is rms_norm), so it differs from layers 1-2
    assert regions(repetition) == [
        ("model.layers.1.region_begin", 2, "layers.1-2"),
        ("model.layers.3.region_begin", 75, "layers.3-77"),
    ]
    assert repetition.layers() == (0, 1, 3)
    assert {layer: repetition.repeat(layer) for layer in repetition.layers()} == {0: 1, 1: 2, 3: 75}
    assert repetition.expanded_layer_count() == 78
    ends = {op.name: op for op in repetition.ops if op.kind == "region_end"}
    copies = {op.name: op for op in repetition.ops if op.kind == "copy_region"}
    assert set(ends) == {"model.layers.1.region_end", "model.layers.3.region_end"}
    assert set(copies) == {"model.layers.1.copy_region", "model.layers.3.copy_region"}
    # the counts are fields of the graph, not attrs of its markers
    assert all(op.attr("repeat") is None and op.attr("count") is None for op in repetition.ops)
    # the MoE region starts from what the dense region leaves
    moe_begin = repetition.op("model.layers.3.region_begin")
    assert {ref.op for ref in moe_begin.inputs} == {"model.layers.1.copy_region"}
    assert RepetitionPass().run(built("glm-sp").graph).matches == {"regions": 2}


def test_qwen3_and_decode_regions() -> None:
    assert regions(folded("qwen3-sp")) == [("model.layers.1.region_begin", 47, "layers.1-47")]
    assert regions(folded("glm-decode-mc2")) == [
        ("model.layers.1.region_begin", 2, "layers.1-2"),
        ("model.layers.3.region_begin", 75, "layers.3-77"),
    ]


@pytest.mark.parametrize("key", list(SETUPS))
def test_region_markers_are_layout_transparent(key: str) -> None:
    repetition = folded(key)
    typed = interpret(repetition)
    markers = [op for op in repetition.ops if op.kind in MARKERS]
    assert markers
    for op in markers:
        inputs = typed.inputs_of(op)
        outputs = typed.outputs_of(op)
        assert len(inputs) == len(outputs), op.name
        assert inputs == outputs, op.name
        assert not any(value.is_top for value in outputs), op.name
    for end in (op for op in markers if op.kind == "region_end"):
        copy = repetition.op(end.name.replace("region_end", "copy_region"))
        assert typed.inputs_of(end) == typed.outputs_of(copy)


# -- checking the folded form ------------------------------------------------------------------


@pytest.mark.parametrize("key", list(SETUPS))
def test_folded_check_matches_expanded(key: str) -> None:
    contract = contract_of(key)
    expanded = check_graph(built(key).graph, contract)
    repetition = check_graph(folded(key), contract)
    assert expanded.ok and repetition.ok
    assert repetition.rules() == expanded.rules()
    assert len(repetition.errors) == len(expanded.errors)
    for field in ("layers", "effective_ops", "collectives", "attention_boundaries"):
        assert repetition.summary[field] == expanded.summary[field], field
    assert repetition.summary["collectives_per_layer"] == expanded.summary["collectives_per_layer"]
    # "ops" counts what the graph stands for: a region's body once per layer, no markers
    assert repetition.summary["ops"] == expanded.summary["ops"] == len(built(key).graph.ops)
    assert len(folded(key).ops) < len(built(key).graph.ops)


def test_glm_folded_summary_figures() -> None:
    summary = check_graph(folded("glm-sp"), contract_of("glm-sp")).summary
    assert summary["layers"] == 78
    assert summary["attention_boundaries"] == 78
    assert summary["collectives"] == {"all_gather": 82, "all_reduce": 75, "reduce_scatter": 4}
    per_layer = summary["collectives_per_layer"]
    assert isinstance(per_layer, dict)
    assert set(per_layer) == {str(i) for i in range(78)}
    assert per_layer["0"] == {"all_gather": 2, "reduce_scatter": 1}
    assert per_layer["2"] == {"all_gather": 2, "reduce_scatter": 1}
    assert per_layer["77"] == {"all_gather": 1, "all_reduce": 1}
    assert collectives_per_layer(folded("glm-sp")) == collectives_per_layer(built("glm-sp").graph)


def _gather_residuals(graph: Graph, layers: range) -> Graph:
    """Each given layer's attention-entry gather reads the residual (output 1) instead."""
    names = {f"model.layers.{i}.input_layernorm.all_gather" for i in layers}
    ops = [
        op.evolve(inputs=(ValueRef(op.inputs[0].op, 1),)) if op.name in names else op
        for op in graph.ops
    ]
    assert sum(op.name in names for op in graph.ops) == len(names)
    return normalize(graph.with_ops(ops))


def test_folded_bug_is_found_like_the_expanded_one() -> None:
    """A residual gathered in every MoE layer: the folded graph reports the same rules."""
    contract = contract_of("glm-sp")
    bad_expanded = _gather_residuals(built("glm-sp").graph, range(3, 78))
    bad_folded = _gather_residuals(folded("glm-sp"), range(3, 4))
    expanded = check_graph(bad_expanded, contract)
    repetition = check_graph(bad_folded, contract)
    assert not expanded.ok and not repetition.ok
    assert repetition.rules() == expanded.rules()
    assert "gather-normalized-only" in repetition.rules()
    assert normalize(expand(bad_folded)) == bad_expanded


# -- compare_forms -----------------------------------------------------------------------------


@pytest.mark.parametrize("key", list(SETUPS))
def test_compare_forms_equivalent(key: str) -> None:
    assert compare_forms(built(key).graph, folded(key)) == []
    assert compare_forms(built(key).graph, built(key).graph) == []


def test_compare_forms_reports_a_changed_linear() -> None:
    graph, repetition = built("glm-sp").graph, folded("glm-sp")
    name = "model.layers.3.self_attn.kv_a_proj_with_mqa"
    old = repetition.op(name)
    assert str(old.attr("out_features")) == "d_rope + kv_lora"  # 576
    values = old.attr_dict
    values["out_features"] = sympy.Integer(600)
    altered = replace_op(repetition, name, old.evolve(attrs=freeze_attrs(values)))
    differences = compare_forms(graph, altered)
    assert differences
    changed = [d for d in differences if d.op and d.op.endswith(".self_attn.kv_a_proj_with_mqa")]
    assert sorted(d.layer for d in changed) == list(range(3, 78))  # type: ignore[type-var]
    for d in changed:
        assert d.op == f"model.layers.{d.layer}.self_attn.kv_a_proj_with_mqa"
        assert "expanded ('linear', (('[4096, 576]'" in d.message
        assert str(d).startswith(f"layer {d.layer}: {d.op}: ")
    # the first copy shows the new width; later copies read its ill-typed result
    first = next(d for d in changed if d.layer == 3)
    assert "repetition ('linear', (('[4096, 600]'" in first.message
    assert not any(d.layer is not None and d.layer < 3 for d in differences)


def test_compare_forms_reports_a_dropped_gather() -> None:
    graph, repetition = built("glm-sp").graph, folded("glm-sp")
    gather = "model.layers.3.input_layernorm.all_gather"
    altered = replace_op(repetition, gather, None, ValueRef("model.layers.3.input_layernorm"))
    differences = compare_forms(graph, altered)
    missing = [d for d in differences if d.message == "missing from the repetition graph"]
    assert sorted(d.op for d in missing) == sorted(  # type: ignore[type-var]
        f"model.layers.{i}.input_layernorm.all_gather" for i in range(3, 78)
    )
    counts = [d for d in differences if d.op is None and d.message.startswith("collectives")]
    assert sorted(d.layer for d in counts) == list(range(3, 78))  # type: ignore[type-var]
    assert all("'all_gather': 1" in d.message for d in counts)
    assert not any(d.layer is not None and d.layer < 3 for d in differences)
    # and the checker, on the altered repetition graph, finds the local keys
    assert "local-kv-into-attention" in check_graph(altered).rules()


# -- file round trip ---------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["yaml", "json"])
@pytest.mark.parametrize("key", ["glm-sp", "glm-decode-mc2"])
def test_folded_graph_file_round_trip(key: str, kind: str) -> None:
    repetition = folded(key).evolve(contract=built(key).contract)
    text = dumps_graph(repetition, kind)
    loaded = loads_graph(text, kind=kind)
    assert loaded == repetition
    assert regions(loaded) == regions(repetition)
    assert dumps_graph(loaded, kind) == text


@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_exported_folded_graph_checks_the_same(tmp_path: Path, suffix: str) -> None:
    repetition = folded("glm-sp").evolve(contract=built("glm-sp").contract)
    path = tmp_path / f"glm-folded{suffix}"
    write_graph(repetition, path)
    loaded = load_graph(path)
    assert loaded == repetition
    assert loaded.contract == "tensorcast-dsa-cp-prefill"
    contract = contract_of("glm-sp")
    direct = check_graph(repetition, contract)
    from_file = check_graph(loaded, contract)
    assert from_file.ok == direct.ok is True
    assert from_file.rules() == direct.rules()
    assert from_file.summary == direct.summary
    assert normalize(expand(loaded)) == built("glm-sp").graph.evolve(
        contract="tensorcast-dsa-cp-prefill"
    )
