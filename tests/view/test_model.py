"""The view's content: a panel per distinct layer kind, layouts and costs on the ops, and a
violation's provenance traced back to where its layout was set."""

from __future__ import annotations

import pytest

from layoutcheck.errors import UsageError
from layoutcheck.session import Options, Session
from layoutcheck.view import View, build_view
from layoutcheck.view.model import Node, Panel, view_of
from layoutcheck.view.palette import Tone
from tests.helpers import GLM_GATHER_US


def ops_of(panel: Panel) -> dict[str, Node]:
    return {node.name: node for node in panel.nodes if node.stub is None}


def test_glm_has_a_panel_per_distinct_layer_kind(glm_view: View) -> None:
    # GLM-5.1: 3 dense layers (the first reads the embedding, not a previous layer's
    # residual), then 75 identical MoE layers
    assert [panel.title for panel in glm_view.panels] == [
        "before the decoder layers",
        "layer 0 · dense · first",
        "layers 1–2 · dense",
        "layers 3–77 · MoE · last",
        "after the decoder layers",
    ]
    moe = glm_view.panels[3]
    assert "75 identical layers" in moe.subtitle
    assert all(node.layer == 3 for node in ops_of(moe).values())
    assert len(ops_of(moe)) == 25  # layer 3's ops, each once


def test_ops_are_in_data_flow_order_and_edges_join_drawn_nodes(glm_view: View) -> None:
    for panel in glm_view.panels:
        order = {node.key: k for k, node in enumerate(panel.nodes)}
        for edge in panel.edges:
            assert order[edge.source] < order[edge.target]
        stubs_in = [node for node in panel.nodes if node.stub == "in"]
        assert all(any(e.source == s.key for e in panel.edges) for s in stubs_in)


def test_values_carry_their_layouts(glm_view: View) -> None:
    moe = ops_of(glm_view.panels[3])
    p = "model.layers.3."
    assert moe[p + "input_layernorm"].outputs[0].tone is Tone.LOCAL_WHOLE
    assert moe[p + "input_layernorm.all_gather"].outputs[0].tone is Tone.FULL_WHOLE
    assert moe[p + "mlp.shared_experts.gate_up_proj"].outputs[0].tone is Tone.SPLIT
    assert moe[p + "mlp.shared_experts.down_proj"].outputs[0].tone is Tone.PARTIAL
    gathered = moe[p + "input_layernorm.all_gather"].outputs[0]
    assert (gathered.symbolic, gathered.numeric) == ("[T, H]", "[4096, 6144]")


def test_collectives_have_kind_group_and_time(glm_view: View) -> None:
    gather = ops_of(glm_view.panels[3])["model.layers.3.input_layernorm.all_gather"]
    assert gather.collective is not None
    assert (gather.collective.kind, gather.collective.group) == ("all_gather", "tp")
    assert gather.collective.us == pytest.approx(GLM_GATHER_US, rel=1e-6)
    experts = ops_of(glm_view.panels[3])["model.layers.3.mlp.experts"]
    assert experts.collective is None and experts.us is not None and experts.us > 0


def test_a_warning_in_identical_layers_is_one_family_on_the_drawn_op(glm_view: View) -> None:
    # the RFC shared expert: its split, and its all-reduce the contract keeps a warning
    warning, reduction = glm_view.diagnostics
    assert warning.rule == "local-feature-split" and warning.repeats == 75
    assert reduction.rule == "cross-token-reduction" and reduction.repeats == 75
    node = ops_of(glm_view.panels[3])["model.layers.3.mlp.shared_experts.gate_up_proj"]
    assert node.warnings == (warning.index,) and warning.node == node.key
    assert glm_view.ok


def test_the_violation_is_on_its_op_with_the_provenance_path(bug_view: View) -> None:
    assert not bug_view.ok
    (panel,) = bug_view.panels
    ops = ops_of(panel)
    p = "model.layers.5."
    indexer = ops[p + "self_attn.indexer"]
    # the indexer's key side and (checked on after it) the attention's latent KV
    found, attention = [d for d in bug_view.diagnostics if d.rule == "local-kv-into-attention"]
    assert attention.node == ops[p + "self_attn.attn"].key
    assert indexer.errors == (found.index,) and found.node == indexer.key
    # "input_layernorm is L·W: it became LOCAL at graph input hidden"
    assert found.paths == ((p + "input_layernorm", "graph input hidden"),)
    assert ops[p + "input_layernorm"].on_path
    hidden = next(n for n in panel.nodes if n.stub == "in" and n.name == "hidden")
    assert hidden.on_path
    into_indexer = [e for e in panel.edges if e.target == indexer.key]
    assert [e.on_path for e in into_indexer] == [False, True]  # its x input, not its q
    # the attention's latent KV chain runs back to the same input
    assert attention.paths and attention.paths[0][-1] == "graph input hidden"
    # checking went on below the violations: nothing downstream is ⊤, or on a path
    assert not ops[p + "self_attn.o_proj"].on_path
    assert ops[p + "self_attn.o_proj"].outputs[0].tone is not Tone.TOP


def test_a_diagnostic_without_an_op_is_listed_not_drawn(bug_view: View) -> None:
    (count,) = [d for d in bug_view.diagnostics if d.rule == "boundary-count"]
    assert count.node is None and count.panel is None


def test_a_failing_graph_still_gets_costs_up_to_the_error(bug_view: View) -> None:
    ops = ops_of(bug_view.panels[0])
    # checking goes on after the error as if the key side were gathered: every op is priced
    assert ops["model.layers.5.self_attn.q_a_proj"].us is not None
    assert ops["model.layers.5.self_attn.o_proj"].cost is not None
    assert not any("not priced" in note for note in bug_view.notes)


def test_one_layer_and_a_missing_one(glm_session: Session) -> None:
    report = glm_session.check()
    (panel,) = view_of(report, layer=40).panels
    assert panel.title == "layer 40 · MoE" and len(ops_of(panel)) == 25
    assert {node.name for node in panel.nodes if node.stub == "in"} == {
        "model.layers.39.mlp.combine",
        "model.layers.39.post_attention_layernorm:1",
    }
    with pytest.raises(UsageError, match="--layer 99: the graph has no such layer"):
        view_of(report, layer=99)


def test_folded_layers_count_as_the_layers_they_stand_for() -> None:
    view = build_view(Session(Options("glm-5.1", tp=16, sp=True, repetition=True)))
    titles = [panel.title for panel in view.panels]
    assert "layers 3–77 · MoE · last" in titles
    moe = view.panels[titles.index("layers 3–77 · MoE · last")]
    assert {node.kind for node in ops_of(moe).values()} >= {"region_begin", "region_end"}


def test_an_engine_graph_gives_the_engine_source_line() -> None:
    from tests.helpers import ENGINE_GRAPHS

    view = build_view(Session(Options(str(ENGINE_GRAPHS / "glm51-tp4-nosp-w8a8.pt2"))))
    sources = [n.source for p in view.panels for n in p.nodes if n.stub is None]
    assert all(s is not None and s.startswith("engine: ") for s in sources)
    assert any(".py:" in s for s in sources if s)


def test_a_graph_file_gives_its_line(bug_view: View) -> None:
    node = ops_of(bug_view.panels[0])["model.layers.5.self_attn.q_a_proj"]
    assert node.source is not None and node.source.endswith(
        "rfc-local-tokens-into-attention.yaml:40"
    )
