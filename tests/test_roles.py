"""Structure as facts: roles and layers on ops, their text form in graph files, the HF naming
convention for files that state none, and the shipped contracts working on graphs whose op
names are not HF module paths."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from layoutcheck.check import check_graph
from layoutcheck.contracts import load_contract
from layoutcheck.diagnostics import Report
from layoutcheck.graph import Graph, GraphError, ValueRef
from layoutcheck.graph_io import dumps_graph, load_graph, loads_graph
from layoutcheck.models import Execution, Layout, ParallelConfig, Phase, build_model
from layoutcheck.passes.repetition import fold
from layoutcheck.roles import Block, Part, Role, RoleError, role, role_from_hf_name
from layoutcheck.validate import normalize
from tests.helpers import SPECS

GRAPH_FILES = sorted((SPECS / "graphs").rglob("*.yaml"))


def test_role_text_round_trips() -> None:
    assert str(role("attention.o_proj")) == "attention.o_proj"
    assert role("attention.o_proj") == Role(Block.ATTENTION, Part.O_PROJ)
    assert role("attention.indexer.wk").part is Part.INDEXER_WK
    assert str(role("moe")) == "moe"


@pytest.mark.parametrize(
    ("text", "problem"),
    [("atention", "unknown role"), ("mlp.o_proj", "mlp has the parts"), ("", "unknown role")],
)
def test_bad_role_text_names_the_choices(text: str, problem: str) -> None:
    with pytest.raises(RoleError, match=problem):
        Role.parse(text)


def test_within_is_block_or_exact_part() -> None:
    o_proj = role("attention.o_proj")
    assert o_proj.within(role("attention")) and o_proj.within(o_proj)
    assert not o_proj.within(role("attention.q_b_proj"))
    assert not role("attention").within(o_proj)
    assert not role("shared_experts.down_proj").within(role("mlp"))


@pytest.mark.parametrize(
    ("name", "kind", "expected"),
    [
        ("model.layers.5.self_attn.o_proj", "linear", "attention.o_proj"),
        ("model.layers.5.self_attn.o_proj_slice", "token_slice", "attention"),
        ("model.layers.5.mlp.shared_experts.down_proj", "linear", "shared_experts.down_proj"),
        ("model.layers.5.mlp.shared_experts.all_reduce", "all_reduce", "shared_experts"),
        ("model.layers.5.mlp.gate", "moe_gate", "moe.gate"),
        ("model.layers.1.mlp.gate_up_proj", "linear", "mlp.gate_up_proj"),
        ("model.layers.1.mlp.all_reduce", "all_reduce", "mlp"),
        ("router", "moe_gate", "moe"),
        ("lm_head", "lm_head", "model.lm_head"),
    ],
)
def test_hf_names_imply_roles(name: str, kind: str, expected: str) -> None:
    assert role_from_hf_name(name, kind) == role(expected)


def test_unrelated_names_imply_no_role() -> None:
    assert role_from_hf_name("mm_3", "linear") is None


GRAPH = """\
format: layoutcheck-graph/1
symbols: {T: 8, tp: 2, H: 4}
inputs:
  x: {shape: [T, H], tokens: full}
ops:
  - {name: proj, op: linear, inputs: [x], role: attention.o_proj, layer: 7,
     attrs: {in_features: H, out_features: H, parallel: replicated}}
  - {name: model.layers.2.self_attn.q_proj, op: linear, inputs: [proj], role: null, layer: null,
     attrs: {in_features: H, out_features: H, parallel: replicated}}
outputs: [model.layers.2.self_attn.q_proj]
"""


def test_files_state_roles_and_layers() -> None:
    graph = loads_graph(GRAPH)
    first, second = graph.ops
    assert (first.role, first.layer) == (role("attention.o_proj"), 7)
    assert (second.role, second.layer) == (None, None)  # stated: the name's implication loses
    again = loads_graph(dumps_graph(graph))
    assert [(op.role, op.layer) for op in again.ops] == [(op.role, op.layer) for op in graph.ops]


@pytest.mark.parametrize(
    ("key", "value", "problem"),
    [("role", "attention.oproj", "unknown role"), ("layer", "-1", "decoder layer index")],
)
def test_bad_facts_are_input_errors(key: str, value: str, problem: str) -> None:
    text = GRAPH.replace("role: attention.o_proj, layer: 7", f"{key}: {value}")
    with pytest.raises(GraphError, match=problem):
        loads_graph(text)


# -- the shipped contracts on graphs whose names are not HF paths ------------------------------


def anonymize(graph: Graph) -> Graph:
    """The same graph with every op renamed ``n<i>`` (its role and layer kept as facts)."""
    names = {op.name: f"n{index}" for index, op in enumerate(graph.ops)}

    def ref(r: ValueRef) -> ValueRef:
        return ValueRef(names.get(r.op, r.op), r.port)

    ops = [
        op.evolve(name=names[op.name], inputs=tuple(ref(r) for r in op.inputs)) for op in graph.ops
    ]
    return graph.with_ops(ops, tuple(ref(r) for r in graph.outputs))


def verdict(report: Report) -> Counter[tuple[str, str]]:
    return Counter((d.rule, d.severity.value) for d in report.diagnostics)


def through_a_file(graph: Graph, tmp_path: Path) -> Graph:
    path = tmp_path / "anonymous.yaml"
    path.write_text(dumps_graph(graph))
    return load_graph(path)


def _contracts_of(graph: Graph) -> list[str]:
    own = [graph.contract] if graph.contract else []
    return [*own, "tensorcast-dsa-cp-prefill", "vllm-ascend-dsa-cp-prefill", "mc2-decode"]


@pytest.mark.parametrize("path", GRAPH_FILES, ids=[p.stem for p in GRAPH_FILES])
def test_example_files_get_the_same_verdicts_without_hf_names(path: Path, tmp_path: Path) -> None:
    named = load_graph(path)
    anonymous = through_a_file(anonymize(named), tmp_path)
    assert not any("layers." in op.name or "self_attn" in op.name for op in anonymous.ops)
    for contract in dict.fromkeys(_contracts_of(named)):
        loaded = load_contract(contract)
        expected = verdict(check_graph(named, loaded))
        assert verdict(check_graph(anonymous, loaded)) == expected, contract


MODELS = [
    ("glm-5.1", ParallelConfig(tp=16), Execution(Phase.PREFILL, 4096), True, Layout.TENSORCAST),
    ("glm-5.1", ParallelConfig(tp=16), Execution(Phase.PREFILL, 4096), True, Layout.VLLM_ASCEND),
    (
        "glm-5.1",
        ParallelConfig(tp=4, dp=8, ep=32),
        Execution(Phase.DECODE, 9),
        False,
        Layout.TENSORCAST,
    ),
]


@pytest.mark.parametrize("setup", MODELS, ids=["tensorcast", "vllm-ascend", "mc2-decode"])
def test_built_models_meet_their_contracts_without_hf_names(
    setup: tuple[str, ParallelConfig, Execution, bool, Layout], tmp_path: Path
) -> None:
    model, parallel, execution, sp, layout = setup
    built = build_model(model, parallel, execution, sequence_parallel=sp, layout=layout)
    folded = normalize(fold(built.graph)).evolve(contract=built.graph.contract)
    for graph in (built.graph, folded):
        anonymous = through_a_file(anonymize(graph), tmp_path)
        for contract in dict.fromkeys(_contracts_of(graph)):
            loaded = load_contract(contract)
            expected = verdict(check_graph(graph, loaded))
            assert verdict(check_graph(anonymous, loaded)) == expected, contract
        own = check_graph(anonymous, load_contract(str(graph.contract)))
        boundaries = 78 if execution.phase is Phase.PREFILL else 0
        assert own.ok and own.summary["attention_boundaries"] == boundaries
        assert own.summary["layers"] == 78


def test_a_contract_selects_by_role() -> None:
    graph = loads_graph(GRAPH)
    contract = load_contract("tensorcast-dsa-cp-prefill")
    report = check_graph(graph, contract)
    # `proj` is an o_proj by role (no HF name): it must read a LOCAL token_slice
    assert {(d.rule, d.op) for d in report.errors} >= {("o-proj-token-slice", "proj")}
