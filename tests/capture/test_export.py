"""``export_graph``: what it writes is what layoutcheck's torch-free archive reader reads back —
module paths (recorded, renamed, hinted), file:line frames, the run's settings, the engines'
custom ops — and what it refuses it refuses in one line."""

from __future__ import annotations

import json
import operator
import zipfile
from pathlib import Path

import pytest
import torch
from torch import fx

from layoutcheck.capture import CaptureError, CaptureSettings, export_graph
from layoutcheck.capture.origin import common_prefix, frames_only, module_hints, module_path
from layoutcheck.capture.tensorcast import tensorcast_module_path
from layoutcheck.engines import EngineNode, EngineProgram, read_program
from tests.engines import standin
from tests.engines.fxbuild import FxGraph, tensorcast_path

tc = torch.ops.tensor_cast
aten = torch.ops.aten


def small_graph(engine_path: bool = False) -> tuple[fx.GraphModule, tuple[torch.Tensor, ...]]:
    """embedding → all_reduce (inserted: no module) → rms_norm → mm, at tp = 2."""
    g = FxGraph("model/modeling.py", tensorcast_path if engine_path else str)
    ids = g.input("input_ids", (1, 8), torch.int64)
    with g.module("model.embed_tokens", "tensor_cast.layers.parallel_embedding.ParallelEmbedding"):
        rows = g.op(aten.embedding.default, g.weight((32, 16)), ids)
    with g.inserted():
        reduced = g.op(tc.all_reduce.default, rows, 0, [0, 1])
    with g.module("model.norm", "GlmMoeDsaRMSNorm"):
        normed = g.op(tc.rms_norm.default, reduced, g.weight((16,)), 1e-5)
    with g.module("lm_head", "tensor_cast.layers.parallel_linear.ColumnParallelLinear"):
        flat = g.op(aten.reshape.default, normed, [8, 16])
        logits = g.op(aten.mm.default, flat, g.weight((16, 32)), at=("tensor_cast/head.py", 77))
    return g.build(logits)


def node(program: EngineProgram, target: str) -> EngineNode:
    return next(n for n in program.nodes if n.target == target)


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> EngineProgram:
    path = tmp_path_factory.mktemp("export") / "small.pt2"
    gm, inputs = small_graph()
    result = export_graph(gm, inputs, path, {"engine": "tensorcast", "tp": 2, "sp": False})
    assert (result.nodes, result.with_module, result.with_hint) == (5, 4, 1)
    return read_program(path)


def test_each_node_keeps_the_module_that_made_it(exported: EngineProgram) -> None:
    embedding = node(exported, "aten.embedding.default")
    assert embedding.module == "model.embed_tokens"
    assert embedding.module_type == "tensor_cast.layers.parallel_embedding.ParallelEmbedding"
    assert node(exported, "tensor_cast.rms_norm.default").module == "model.norm"
    assert node(exported, "aten.mm.default").module == "lm_head"


def test_each_node_keeps_its_file_and_line(exported: EngineProgram) -> None:
    # FxGraph numbers each op's frame from line 100: embedding 100, rms_norm 101, reshape 102
    assert node(exported, "aten.embedding.default").source == ("model/modeling.py", 100)
    assert node(exported, "tensor_cast.rms_norm.default").source == ("model/modeling.py", 101)
    assert node(exported, "aten.mm.default").source == ("tensor_cast/head.py", 77)
    assert node(exported, "aten.mm.default").stack == (
        ("driver.py", 7, "run"),
        ("tensor_cast/head.py", 77, "forward"),
    )


def test_a_node_no_module_claims_gets_a_hint_and_no_frames(exported: EngineProgram) -> None:
    # between model.embed_tokens and model.norm: the module both sit in
    inserted = node(exported, "tensor_cast.all_reduce.default")
    assert (inserted.module, inserted.module_hint) == (None, "model")
    assert inserted.source is None and inserted.stack == ()


def test_the_settings_are_recorded_beside_the_graph(exported: EngineProgram) -> None:
    assert dict(exported.settings) == {"engine": "tensorcast", "tp": 2, "sp": False}


def test_custom_ops_survive_export_with_their_schema_arguments(exported: EngineProgram) -> None:
    reduced = node(exported, "tensor_cast.all_reduce.default")
    assert [(a.name, a.value) for a in reduced.args][1:] == [("rank", 0), ("rank_group", (0, 1))]
    assert str(exported.meta(reduced.outputs[0] or "")) == "fp16[1, 8, 16]"


def test_the_graph_inputs_keep_their_names(exported: EngineProgram) -> None:
    assert [i.name for i in exported.inputs if i.kind == "user_input"] == ["input_ids"]


def test_engine_module_paths_are_renamed_and_the_raw_path_kept(tmp_path: Path) -> None:
    gm, inputs = small_graph(engine_path=True)
    path = tmp_path / "renamed.pt2"
    export_graph(gm, inputs, path, rename_module=tensorcast_module_path)
    program = read_program(path)
    assert node(program, "aten.embedding.default").module == "model.embed_tokens"
    assert node(program, "aten.mm.default").module == "lm_head"
    custom = _custom_of(path, "aten.embedding.default")
    assert custom["module_raw"] == "_inner._inner.embed_tokens"


def test_the_source_graph_metadata_is_left_as_it_was(tmp_path: Path) -> None:
    gm, inputs = small_graph()
    before = {n.name: dict(n.meta) for n in gm.graph.nodes}
    export_graph(gm, inputs, tmp_path / "g.pt2")
    assert {n.name: dict(n.meta) for n in gm.graph.nodes} == before


def test_fake_inputs_are_exported_as_meta_tensors(tmp_path: Path) -> None:
    from torch._subclasses.fake_tensor import FakeTensorMode

    gm, inputs = small_graph()
    with FakeTensorMode(allow_non_fake_inputs=True) as mode:
        fakes = tuple(mode.from_tensor(value) for value in inputs)
    export_graph(gm, fakes, tmp_path / "fake.pt2", CaptureSettings(tp=2))
    program = read_program(tmp_path / "fake.pt2")
    assert str(program.meta("input_ids")) == "int64[1, 8]"


def test_no_settings_writes_an_empty_record(tmp_path: Path) -> None:
    gm, inputs = small_graph()
    export_graph(gm, inputs, tmp_path / "bare.pt2")
    assert dict(read_program(tmp_path / "bare.pt2").settings) == {}


def test_an_op_without_a_fake_kernel_is_refused_in_one_line(tmp_path: Path) -> None:
    if not hasattr(torch.ops.layoutcheck_test, "no_fake"):
        library = torch.library.Library("layoutcheck_test", "FRAGMENT")
        library.define("no_fake(Tensor x) -> Tensor")
        standin._LIBRARIES["layoutcheck_test"] = library  # kept alive with the others
    graph = fx.Graph()
    x = graph.placeholder("x")
    graph.output((graph.call_function(torch.ops.layoutcheck_test.no_fake.default, (x,)),))
    gm = fx.GraphModule(torch.nn.Module(), graph)
    with pytest.raises(CaptureError) as caught:
        export_graph(gm, (torch.empty(2, device="meta"),), tmp_path / "x.pt2")
    assert caught.value.message == (
        "torch.export could not export the graph: layoutcheck_test.no_fake.default has no fake "
        "(meta) kernel, so its result shape is unknown: register one with "
        "torch.library.register_fake"
    )
    assert not (tmp_path / "x.pt2").exists()


def test_what_is_not_a_graph_module_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CaptureError, match=r"expected a torch\.fx\.GraphModule, got Linear"):
        export_graph(torch.nn.Linear(2, 2), (), tmp_path / "x.pt2")
    gm, _ = small_graph()
    with pytest.raises(CaptureError, match="example inputs must be a tuple or list, got Tensor"):
        export_graph(gm, torch.empty(1), tmp_path / "x.pt2")


def test_settings_are_checked_before_anything_is_traced(tmp_path: Path) -> None:
    gm, inputs = small_graph()
    with pytest.raises(CaptureError, match=r"settings: tp must be a positive integer, not '4'"):
        export_graph(gm, inputs, tmp_path / "x.pt2", {"tp": "4"})
    with pytest.raises(CaptureError, match=r"unknown key 'pahse' \(did you mean 'phase'\?\)"):
        export_graph(gm, inputs, tmp_path / "x.pt2", {"pahse": "decode"})


# -- the pieces ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spelled", "path"),
    [
        ("L['self'].model.layers[0].self_attn", "model.layers.0.self_attn"),
        ("getattr(L['self'].model.layers, '3').mlp", "model.layers.3.mlp"),
        (
            "L['self'].__dict__['_modules']['_inner'].__dict__['_modules']['_inner'].embed_tokens",
            "_inner._inner.embed_tokens",
        ),
        ("L['self']._modules['model']._modules['norm']", "model.norm"),
        ("L['fn'].lm_head", "lm_head"),
        ("model.layers.2.mlp.gate", "model.layers.2.mlp.gate"),  # torch.export's own
        ("L['self']", ""),
    ],
)
def test_module_paths_from_each_spelling(spelled: str, path: str) -> None:
    assert module_path(spelled) == path


def test_tensorcast_wrappers_map_to_hugging_face_paths() -> None:
    assert tensorcast_module_path("_inner._inner.layers.3.mlp") == "model.layers.3.mlp"
    assert tensorcast_module_path("_inner._inner") == "model"
    assert tensorcast_module_path("_inner.lm_head") == "lm_head"
    assert tensorcast_module_path("_inner") == ""
    # TensorCast's wrapped modules nest their Hugging Face module as `_inner` at every level
    nested = "_inner._inner.layers.0._inner.self_attn._inner.o_proj._inner"
    assert tensorcast_module_path(nested) == "model.layers.0.self_attn.o_proj"
    assert tensorcast_module_path("_inner.lm_head._inner") == "lm_head"
    assert tensorcast_module_path("_inner._inner.layers.0.mlp._inner_gate") == (
        "model.layers.0.mlp._inner_gate"  # a module merely named like it stays
    )


def test_frames_keep_only_the_file_lines() -> None:
    trace = '  File "a.py", line 3, in f\n    x = g()\n  File "b.py", line 9, in g\n    return 1\n'
    assert frames_only(trace) == '  File "a.py", line 3, in f\n  File "b.py", line 9, in g'
    assert frames_only("no frames here") is None
    assert frames_only(None) is None


def test_hints_meet_where_the_modules_around_meet() -> None:
    order = ["a", "x", "y", "b", "z"]
    known = {"a": "model.layers.0.mlp.down_proj", "b": "model.layers.0.post_attention_layernorm"}
    producers = {"x": ["a"], "y": ["x"], "b": ["y"], "z": ["b"]}
    consumers = {"a": ["x"], "x": ["y"], "y": ["b"], "b": ["z"]}
    assert module_hints(order, known, producers, consumers) == {
        "x": "model.layers.0",
        "y": "model.layers.0",
        "z": "model.layers.0.post_attention_layernorm",  # only a producer to go by
    }
    assert common_prefix("model.norm", "lm_head") == ""


def _custom_of(path: Path, target: str) -> dict[str, str]:
    with zipfile.ZipFile(path) as archive:
        name = next(n for n in archive.namelist() if n.endswith("models/model.json"))
        document = json.loads(archive.read(name))
    nodes = document["graph_module"]["graph"]["nodes"]
    found = next(n for n in nodes if n["target"] == f"torch.ops.{target}")
    return dict(json.loads(found["metadata"]["custom"]))


def test_getitem_is_not_an_archive_node(tmp_path: Path) -> None:
    """Multi-result ops export as one node with several outputs (the reader's contract)."""
    g = FxGraph()
    x = g.input("x", (4, 16), torch.float16)
    with g.module("model.layers.0.post_attention_layernorm", "RMSNorm"):
        fused = g.op(tc.add_rms_norm2.default, x, x, g.weight((16,)), 1e-5)
    gm, inputs = g.build(g.item(fused, 1))
    assert any(n.target is operator.getitem for n in gm.graph.nodes)
    export_graph(gm, inputs, tmp_path / "two.pt2")
    program = read_program(tmp_path / "two.pt2")
    assert [n.target for n in program.nodes] == ["tensor_cast.add_rms_norm2.default"]
    assert len(program.nodes[0].outputs) == 2
