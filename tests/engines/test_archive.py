"""The torch.export archive reader: the real TensorCast archives, and hostile archives."""

from __future__ import annotations

import ast
import functools
import json
import os
import struct
import zipfile
from pathlib import Path
from typing import Any

import pytest

from layoutcheck.engines import (
    ArchiveLimits,
    Arg,
    ArgKind,
    EngineNode,
    EngineProgram,
    ReadError,
    TensorMeta,
    read_archive,
    read_program,
)

DATA = Path(__file__).resolve().parent.parent / "data" / "engine-graphs"
PACKAGE = Path(__file__).resolve().parents[2] / "layoutcheck" / "engines"

# call nodes per archive, counted from model.json's graph.nodes
NODE_COUNTS = {
    "glm51-tp4-sp-row-w8a8": 502,
    "glm51-tp4-sp-default-w8a8": 489,
    "glm51-tp4-nosp-w8a8": 489,
    "glm51-decode-dp2-tp2-ep4": 202,
    "qwen3-dense-tp2-sp-row-bf16": 73,
}


@functools.cache
def archive(case: str) -> EngineProgram:
    return read_archive(DATA / f"{case}.pt2")


def only(program: EngineProgram, target: str, index: int = 0) -> EngineNode:
    return [node for node in program.nodes if node.target == target][index]


def meta_of(program: EngineProgram, name: object) -> TensorMeta:
    assert isinstance(name, str), name
    return program.tensors[name]


def arg_of(node: EngineNode, name: str, position: int | None = None) -> Arg:
    found = node.arg(name, position)
    assert found is not None, (node.name, name)
    return found


# -- the real archives ---------------------------------------------------------------------------


@pytest.mark.parametrize("case", sorted(NODE_COUNTS))
def test_each_real_archive_reads_with_its_node_count(case: str) -> None:
    program = archive(case)
    assert program.format == "pt2"
    assert len(program.nodes) == NODE_COUNTS[case]
    assert program.schema_version == (8, 20)
    assert program.torch_version == "2.13.0+cpu"
    assert program.warnings == ()
    assert program.settings == {}
    # every value a node reads is an input or an earlier node's output
    seen = {graph_input.name for graph_input in program.inputs}
    for node in program.nodes:
        assert set(node.tensor_inputs()) <= seen, node.name
        seen.update(o for o in node.outputs if o is not None)
    assert all(output in seen for output in program.outputs)


def test_reduce_scatter_after_the_row_embedding() -> None:
    program = archive("glm51-tp4-sp-row-w8a8")
    node = only(program, "tensor_cast.reduce_scatter.default")
    assert arg_of(node, "x").kind is ArgKind.TENSOR
    assert [(a.name, a.kind, a.value) for a in node.args[1:]] == [
        ("dim", ArgKind.INT, 1),
        ("rank", ArgKind.INT, 0),
        ("rank_group", ArgKind.INTS, (0, 1, 2, 3)),
    ]
    assert meta_of(program, node.tensor_inputs()[0]) == TensorMeta((1, 512, 6144), "fp16")
    assert meta_of(program, node.outputs[0]) == TensorMeta((1, 128, 6144), "fp16")
    # a node TensorCast's SP pass made: a module hint, no module, no stack
    assert (node.module, node.module_hint, node.source, node.stack) == (None, "model", None, ())


def test_o_proj_carries_its_module_and_stack() -> None:
    program = archive("glm51-tp4-sp-row-w8a8")
    node = only(program, "tensor_cast.static_quant_linear.default")
    assert node.module == "model.layers.0.self_attn.o_proj"
    assert node.module_type == "tensor_cast.layers.parallel_linear.RowParallelLinear"
    assert node.module_hint is None
    assert node.source == ("tensor_cast/layers/quant_linear.py", 444)
    assert node.stack[0] == ("tensor_cast/transformers/model.py", 503, "forward")
    assert node.stack[-1][:2] == node.source
    assert [a.name for a in node.args] == [
        "x",
        "w",
        "w_scale",
        "w_offset",
        "x_scale",
        "x_offset",
        "bias",
        "out_dtype",
    ]
    assert arg_of(node, "out_dtype").value == "fp16"
    assert arg_of(node, "w_offset").kind is ArgKind.NONE
    # the replicated DSA-CP o_proj: 128 local tokens × 16384 → 6144, no all-reduce
    assert meta_of(program, arg_of(node, "x").value) == TensorMeta((128, 16384), "int8")
    assert meta_of(program, node.outputs[0]) == TensorMeta((128, 6144), "fp16")


def test_multi_result_nodes_list_every_result() -> None:
    program = archive("glm51-tp4-sp-row-w8a8")
    mlapo = only(program, "tensor_cast.mlapo_quant.default")
    assert [str(program.tensors[o]) for o in mlapo.outputs if o] == [
        "fp16[512, 64, 256]",
        "fp16[512, 512]",
        "fp16[512, 64]",
        "fp16[512, 2048]",
    ]
    norm = only(program, "tensor_cast.add_rms_norm2.default")
    assert len(norm.outputs) == 2
    assert {program.tensors[o] for o in norm.outputs if o} == {TensorMeta((1, 128, 6144), "fp16")}
    gate = only(program, "tensor_cast.moe_gating_top_k_softmax.default")
    assert [str(program.tensors[o]) for o in gate.outputs if o] == [
        "fp32[128, 8]",
        "int64[128, 8]",
    ]
    # a Tensor[] result (as_tensors) is one output per element, as fx's getitems are
    split = only(program, "aten.split_with_sizes.default")
    assert split.outputs == ("getitem_10", "getitem_11")


def test_in_place_cache_writes_have_no_outputs() -> None:
    program = archive("glm51-tp4-sp-row-w8a8")
    writes = [n for n in program.nodes if n.target == "tensor_cast.concat_and_cache_mla.default"]
    assert len(writes) == 2
    assert all(node.outputs == () for node in writes)
    assert [a.name for a in writes[0].args] == ["kv_c_normed", "k_rot", "kv_cache", "slot_mapping"]
    qwen = only(archive("qwen3-dense-tp2-sp-row-bf16"), "tensor_cast.reshape_and_cache.default")
    assert qwen.outputs == ()


def test_dsa_attention_ops_read_by_schema_name() -> None:
    program = archive("glm51-tp4-sp-row-w8a8")
    indexer = only(program, "tensor_cast.dsa_indexer.default")
    assert arg_of(indexer, "hidden_states").value == "all_gather"
    assert arg_of(indexer, "is_decode_values").value == (False,)
    assert meta_of(program, indexer.outputs[0]) == TensorMeta((1, 512, 2048), "int64")
    attention = only(program, "tensor_cast.mla_sparse_attention.default")
    assert arg_of(attention, "topk_indices").value == indexer.outputs[0]
    assert arg_of(attention, "v_head_dim").value == 256
    # the RFC's DSA-CP slice of the full-token attention before the replicated o_proj
    cut = next(n for n in program.nodes if attention.outputs[0] in n.tensor_inputs())
    assert cut.target == "aten.slice.Tensor"
    assert [a.value for a in cut.args[1:]] == [0, 0, 128]


def test_decode_all_to_all_keeps_its_lopsided_splits() -> None:
    program = archive("glm51-decode-dp2-tp2-ep4")
    dispatch = only(program, "tensor_cast.all_to_all.default")
    assert arg_of(dispatch, "input_split_sizes").value == (16, 0, 0, 0)
    assert arg_of(dispatch, "output_split_sizes").value == (16, 16, 16, 16)
    assert arg_of(dispatch, "rank_group").value == (0, 1, 2, 3)  # EP over 4 ranks


def test_optional_tensor_lists_keep_their_holes() -> None:
    program = archive("glm51-tp4-sp-row-w8a8")
    sampler = [n for n in program.nodes if n.target == "aten.index.Tensor"][-1]
    indices = sampler.arg("indices")
    assert indices is not None and indices.kind is ArgKind.TENSORS
    assert indices.value == (None, "arg247_1")
    assert sampler.tensor_inputs() == ("rms_norm_2", "arg247_1")
    assert sampler.module == ""  # the sampler runs in the root wrapper module
    experts = only(program, "tensor_cast.grouped_matmul_quant.default")
    offsets = experts.arg("w_offset")
    assert offsets is not None and offsets.kind is ArgKind.TENSORS
    assert isinstance(offsets.value, tuple) and set(offsets.value) == {None}


def test_signature_inputs_keep_kind_attribute_and_meta() -> None:
    program = archive("glm51-tp4-sp-row-w8a8")
    kinds = [graph_input.kind for graph_input in program.inputs]
    assert (kinds.count("parameter"), kinds.count("buffer"), kinds.count("user_input")) == (
        8,
        163,
        12,
    )
    first = program.inputs[0]
    assert (first.name, first.kind, first.attribute) == (
        "p__frozen_param0",
        "parameter",
        "_frozen_param0",
    )
    assert first.meta == TensorMeta((38720, 6144), "fp16")
    users = [i for i in program.inputs if i.kind == "user_input"]
    assert users[0].name == "arg236_1" and users[0].attribute is None
    assert program.outputs[-1] == "alias"


def test_node_lookups_by_name_and_position() -> None:
    node = only(archive("glm51-tp4-sp-row-w8a8"), "tensor_cast.reduce_scatter.default")
    assert node.arg("dim") is node.args[1]
    assert node.arg("missing") is None
    assert node.arg("missing", 1) is None  # the arg at 1 is named "dim", not "missing"
    assert node.arg("dim", 3) is node.args[1]  # the name wins over the position


def test_read_program_picks_the_reader_by_content(tmp_path: Path) -> None:
    assert read_program(DATA / "qwen3-dense-tp2-sp-row-bf16.pt2").format == "pt2"
    assert read_program(DATA / "qwen3-dense-tp2-sp-row-bf16.readable.py").format == "fx-text"
    renamed = tmp_path / "graph.txt"  # the content decides, not the suffix
    renamed.write_bytes((DATA / "qwen3-dense-tp2-sp-row-bf16.pt2").read_bytes())
    assert read_program(renamed).format == "pt2"


def test_the_readers_import_only_stdlib_and_attrs() -> None:
    allowed = {"__future__", "ast", "attrs", "collections", "enum", "itertools", "json", "os"}
    allowed |= {"re", "stat", "struct", "types", "typing", "zipfile", "layoutcheck"}
    readers = ("__init__", "program", "read", "archive", "fxtext")
    for module in (PACKAGE / f"{name}.py" for name in readers):
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert roots <= allowed, (module.name, roots)
            if "layoutcheck" in roots and isinstance(node, ast.ImportFrom):
                assert (node.module or "").startswith("layoutcheck.engines"), module.name


def test_no_engine_module_imports_torch_or_pickle() -> None:
    for module in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(module.read_text())):
            if isinstance(node, ast.Import):
                roots = {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            assert not roots & {"torch", "pickle", "dill", "marshal"}, (module.name, roots)


# -- synthetic archives --------------------------------------------------------------------------


def meta(dtype: int, *sizes: int | str) -> dict[str, Any]:
    return {
        "dtype": dtype,
        "sizes": [
            {"as_int": s} if isinstance(s, int) else {"as_expr": {"expr_str": s}} for s in sizes
        ],
    }


def node(
    name: str,
    target: str,
    inputs: list[tuple[str, dict[str, Any]]],
    outputs: list[str],
    **metadata: str,
) -> dict[str, Any]:
    return {
        "target": target,
        "inputs": [{"name": n, "arg": a, "kind": 1} for n, a in inputs],
        "outputs": [{"as_tensor": {"name": o}} for o in outputs],
        "metadata": metadata,
        "name": name,
    }


RELU = node("relu", "torch.ops.aten.relu.default", [("self", {"as_tensor": {"name": "x"}})], ["y"])


def document(nodes: list[dict[str, Any]] | None = None, **graph: Any) -> dict[str, Any]:
    values = {"x": meta(6, 4, 8), "y": meta(6, 4, 8)}
    values.update(graph.pop("tensor_values", {}))
    return {
        "graph_module": {
            "graph": {
                "inputs": [{"as_tensor": {"name": "x"}}],
                "outputs": [{"as_tensor": {"name": "y"}}],
                "nodes": [RELU] if nodes is None else nodes,
                "tensor_values": values,
                "sym_int_values": graph.pop("sym_int_values", {}),
            },
            "signature": {
                "input_specs": graph.pop(
                    "input_specs", [{"user_input": {"arg": {"as_tensor": {"name": "x"}}}}]
                ),
                "output_specs": [],
            },
            "module_call_graph": [],
        },
        "schema_version": graph.pop("schema_version", {"major": 8, "minor": 20}),
        "torch_version": "2.13.0+cpu",
    }


def write_zip(
    path: Path,
    members: dict[str, bytes],
    compression: int = zipfile.ZIP_STORED,
) -> Path:
    with zipfile.ZipFile(path, "w", compression=compression) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


def write_archive(path: Path, model: object, **extra: bytes) -> Path:
    data = model if isinstance(model, bytes) else json.dumps(model).encode()
    return write_zip(path, {"g/models/model.json": data, **extra})


def refused(path: Path, *words: str, limits: ArchiveLimits | None = None) -> ReadError:
    with pytest.raises(ReadError) as caught:
        if limits is None:
            read_archive(path)
        else:
            read_archive(path, limits=limits)
    error = caught.value
    assert error.source == str(path)
    assert str(error).startswith(f"{path}: ") and "\n" not in str(error)
    for word in words:
        assert word in error.message, error.message
    return error


def test_a_minimal_archive_reads(tmp_path: Path) -> None:
    program = read_archive(write_archive(tmp_path / "g.pt2", document()))
    assert [(n.name, n.target, n.outputs) for n in program.nodes] == [
        ("relu", "aten.relu.default", ("y",))
    ]
    assert program.inputs[0].kind == "user_input"
    assert program.outputs == ("y",)


def test_model_json_at_the_root_is_accepted(tmp_path: Path) -> None:
    path = write_zip(tmp_path / "g.pt2", {"models/model.json": json.dumps(document()).encode()})
    assert len(read_archive(path).nodes) == 1


def test_settings_member_is_read_and_frozen(tmp_path: Path) -> None:
    settings = {"model": "glm-5.1", "tp": 4, "sp": True, "ranks": [0, 1], "quant": {"w": 8}}
    path = write_archive(
        tmp_path / "g.pt2",
        document(),
        **{"g/extra/layoutcheck_settings.json": json.dumps(settings).encode()},
    )
    program = read_archive(path)
    assert program.settings["model"] == "glm-5.1" and program.settings["tp"] == 4
    assert program.settings["ranks"] == (0, 1)
    with pytest.raises(TypeError):
        program.settings["quant"]["w"] = 4  # type: ignore[index]


def test_settings_that_are_not_an_object_are_refused(tmp_path: Path) -> None:
    path = write_archive(
        tmp_path / "g.pt2", document(), **{"g/extra/layoutcheck_settings.json": b"[1]"}
    )
    refused(path, "layoutcheck_settings.json is not a JSON object")


def test_auto_functionalized_v2_is_unwrapped(tmp_path: Path) -> None:
    wrapper = {
        "target": "torch.ops.higher_order.auto_functionalized_v2",
        "inputs": [
            {
                "name": "",
                "arg": {"as_operator": "torch.ops.tensor_cast.dsa_indexer.default"},
                "kind": 1,
            },
            {"name": "hidden_states", "arg": {"as_tensor": {"name": "x"}}, "kind": 2},
            {"name": "topk_limit", "arg": {"as_int": 2048}, "kind": 2},
            {"name": "_indexer_cache_base_index", "arg": {"as_int": 0}, "kind": 2},
            {"name": "_all_bases", "arg": {"as_tensors": [{"name": "cache"}]}, "kind": 2},
        ],
        "outputs": [{"as_tensor": {"name": "y"}}, {"as_tensor": {"name": "cache_1"}}],
        "metadata": {},
        "name": "auto_functionalized_v2",
    }
    specs = [
        {"user_input": {"arg": {"as_tensor": {"name": "x"}}}},
        {"buffer": {"arg": {"name": "cache"}, "buffer_name": "kv", "persistent": True}},
    ]
    model = document([wrapper], input_specs=specs, tensor_values={"cache": meta(6, 5, 128)})
    [node] = read_archive(write_archive(tmp_path / "g.pt2", model)).nodes
    assert (node.target, node.wrapper) == (
        "tensor_cast.dsa_indexer.default",
        "auto_functionalized_v2",
    )
    assert [(a.name, a.value) for a in node.args] == [
        ("hidden_states", "x"),
        ("topk_limit", 2048),
        ("indexer_cache", "cache"),
    ]
    assert node.outputs == ("y", "cache_1")


def test_symbolic_sizes_and_arguments(tmp_path: Path) -> None:
    sym_size = node(
        "sym_size_int",
        "torch.ops.aten.sym_size.int",
        [("self", {"as_tensor": {"name": "x"}}), ("dim", {"as_int": 0})],
        [],
    )
    sym_size["outputs"] = [{"as_sym_int": {"as_name": "sym_size_int"}}]
    view = node(
        "view",
        "torch.ops.aten.view.default",
        [
            ("self", {"as_tensor": {"name": "x"}}),
            ("size", {"as_sym_ints": [{"as_name": "sym_size_int"}, {"as_int": 8}]}),
        ],
        ["y"],
    )
    model = document(
        [sym_size, view],
        tensor_values={"x": meta(13, "s0", 8), "y": meta(13, "s0", 8)},
        sym_int_values={"sym_size_int": {"as_expr": {"expr_str": "s0"}}},
    )
    program = read_archive(write_archive(tmp_path / "g.pt2", model))
    assert program.tensors["x"] == TensorMeta(("s0", 8), "bf16")
    assert program.tensors["sym_size_int"] == TensorMeta((), "sym", symbol="s0")
    assert program.nodes[0].outputs == ("sym_size_int",)
    size = program.nodes[1].arg("size")
    assert size is not None and (size.kind, size.value) == (ArgKind.SYMS, ("sym_size_int", 8))


def test_unknown_forms_and_dtype_codes_are_kept_with_a_warning(tmp_path: Path) -> None:
    odd = node(
        "odd",
        "torch.ops.my.op.default",
        [("self", {"as_tensor": {"name": "x"}}), ("blob", {"as_future_thing": [1, 2]})],
        ["y"],
    )
    model = document([odd], tensor_values={"y": meta(99, 4)})
    program = read_archive(write_archive(tmp_path / "g.pt2", model))
    assert arg_of(program.nodes[0], "blob").kind is ArgKind.OTHER
    assert program.tensors["y"].dtype == "unknown:99"
    assert any("as_future_thing" in w for w in program.warnings)
    assert any("unknown:99" in w for w in program.warnings)


def test_the_pickled_sample_inputs_are_never_loaded(tmp_path: Path) -> None:
    marker = tmp_path / "unpickled"
    payload = f"cos\nsystem\n(S'touch {marker}'\ntR.".encode()  # runs a shell if unpickled
    path = write_archive(
        tmp_path / "g.pt2", document(), **{"g/data/sample_inputs/model.pt": payload}
    )
    assert len(read_archive(path).nodes) == 1
    assert not marker.exists()


# -- malformed documents -------------------------------------------------------------------------


def corrupt(change: str) -> dict[str, Any]:
    model = document()
    graph = model["graph_module"]["graph"]
    relu = json.loads(json.dumps(RELU))
    if change == "inputs":
        relu["inputs"] = {"self": "x"}
    elif change == "reads-undefined":
        relu["inputs"][0]["arg"] = {"as_tensor": {"name": "ghost"}}
    elif change == "two-fields":
        relu["inputs"][0]["arg"] = {"as_tensor": {"name": "x"}, "as_int": 1}
    elif change == "redefines":
        relu["outputs"] = [{"as_tensor": {"name": "x"}}]
    elif change == "ints":
        relu["inputs"].append({"name": "dims", "arg": {"as_ints": [1, "2"]}, "kind": 1})
    elif change == "custom":
        relu["metadata"] = {"custom": "{not json"}
    graph["nodes"] = [relu]
    if change == "dtype":
        graph["tensor_values"]["y"]["dtype"] = "float16"
    return model


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("inputs", ["node 0 ('relu')", "inputs must be a list, not an object"]),
        ("reads-undefined", ["node 0 ('relu')", "'ghost'", "no input or earlier node defines"]),
        ("two-fields", ["node 0 ('relu') input 0", "exactly one field"]),
        ("redefines", ["node 0 ('relu')", "defines 'x' a second time"]),
        ("ints", ["as_ints[1] must be an integer, not a string"]),
        ("custom", ["node 0 ('relu') metadata custom is not valid JSON"]),
        ("dtype", ["tensor_values['y'].dtype must be an integer"]),
    ],
)
def test_malformed_structure_is_a_read_error_naming_the_node(
    tmp_path: Path, change: str, words: list[str]
) -> None:
    refused(write_archive(tmp_path / "g.pt2", corrupt(change)), *words)


def test_another_schema_major_is_refused(tmp_path: Path) -> None:
    model = document(schema_version={"major": 9, "minor": 0})
    refused(
        write_archive(tmp_path / "g.pt2", model),
        "schema version 9.0; this layoutcheck reads torch.export schema 8.x",
    )


def test_a_zip_without_model_json_is_not_an_archive(tmp_path: Path) -> None:
    path = write_zip(tmp_path / "g.pt2", {"g/data/weights/weight_0": b""})
    refused(path, "no <name>/models/model.json member", "g/data/weights/weight_0")


def test_two_model_jsons_are_refused(tmp_path: Path) -> None:
    data = json.dumps(document()).encode()
    path = write_zip(tmp_path / "g.pt2", {"a/models/model.json": data, "b/models/model.json": data})
    refused(path, "has 2 models/model.json members")


# -- hostile files -------------------------------------------------------------------------------


def test_random_bytes_are_not_a_zip(tmp_path: Path) -> None:
    path = tmp_path / "random.pt2"
    path.write_bytes(bytes(range(256)) * 64)
    refused(path, "is not a zip archive")
    with pytest.raises(ReadError, match=r"a \.pt2 is torch\.export's zip"):  # by its suffix
        read_program(path)
    renamed = tmp_path / "random.txt"
    renamed.write_bytes(path.read_bytes())
    with pytest.raises(ReadError, match="not UTF-8"):  # any other non-zip is read as fx text
        read_program(renamed)


def test_a_truncated_zip_is_refused(tmp_path: Path) -> None:
    data = (DATA / "qwen3-dense-tp2-sp-row-bf16.pt2").read_bytes()
    path = tmp_path / "cut.pt2"
    path.write_bytes(data[: len(data) // 2])
    refused(path, "is not a zip archive")


def test_a_bad_crc_is_refused(tmp_path: Path) -> None:
    path = write_archive(tmp_path / "g.pt2", document())
    data = bytearray(path.read_bytes())
    at = data.index(b'"graph_module"')
    data[at + 1] ^= 0x20  # G for g: still JSON, but not what the CRC covers
    path.write_bytes(bytes(data))
    refused(path, "damaged", "CRC")


def test_a_zip_bomb_is_refused_by_its_declared_size(tmp_path: Path) -> None:
    bomb = {"g/models/model.json": bytes(4 * 2**20)}
    path = write_zip(tmp_path / "bomb.pt2", bomb, compression=zipfile.ZIP_DEFLATED)
    assert path.stat().st_size < 10_000
    refused(
        path, "declares 4194304 bytes uncompressed", limits=ArchiveLimits(model_json_bytes=2**20)
    )


def test_a_zip_bomb_whose_header_lies_about_its_size_is_refused(tmp_path: Path) -> None:
    bomb = {"g/models/model.json": bytes(4 * 2**20)}
    path = write_zip(tmp_path / "liar.pt2", bomb, compression=zipfile.ZIP_DEFLATED)
    data = bytearray(path.read_bytes())
    local = data.index(b"PK\x03\x04")
    central = data.index(b"PK\x01\x02")
    struct.pack_into("<I", data, local + 22, 100)  # uncompressed size in the local header
    struct.pack_into("<I", data, central + 24, 100)  # and in the central directory
    path.write_bytes(bytes(data))
    refused(path, "damaged")


@pytest.fixture(scope="module")
def spaces_archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """200 MB of model.json (`{}` and spaces, valid JSON) deflated to under 1 MB."""
    path = tmp_path_factory.mktemp("big") / "spaces.pt2"
    with (
        zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=1) as zf,
        zf.open("g/models/model.json", "w", force_zip64=True) as member,
    ):
        member.write(b"{}")
        chunk = b" " * (8 * 2**20)
        for _ in range(25):
            member.write(chunk)
    return path


def test_a_200_mb_model_json_is_refused_before_inflating(spaces_archive: Path) -> None:
    assert spaces_archive.stat().st_size < 2**20
    refused(spaces_archive, "declares 209715202 bytes uncompressed", "128 MiB limit")


def test_deep_nesting_is_refused_before_parsing(tmp_path: Path) -> None:
    path = write_archive(tmp_path / "deep.pt2", b"[" * 100_000 + b"]" * 100_000)
    refused(path, "nests 100000 deep, over the limit of 200")


def test_brackets_inside_strings_do_not_count_as_nesting(tmp_path: Path) -> None:
    model = document()
    model["torch_version"] = '[[[[{"\\"' * 100  # escapes and brackets inside a string
    assert len(read_archive(write_archive(tmp_path / "g.pt2", model)).nodes) == 1


def test_a_5000_digit_integer_is_refused(tmp_path: Path) -> None:
    text = json.dumps(document()).replace('"minor": 20', '"minor": ' + "9" * 5000)
    refused(write_archive(tmp_path / "g.pt2", text.encode()), "integer literal of 5000 digits")


def test_model_json_that_is_not_utf8_or_not_json(tmp_path: Path) -> None:
    refused(write_archive(tmp_path / "a.pt2", b'{"a": "\xff"}'), "is not UTF-8")
    refused(write_archive(tmp_path / "b.pt2", b'{"a": '), "is not valid JSON")


def test_too_many_members_are_refused(tmp_path: Path) -> None:
    members = {f"g/data/weights/weight_{i}": b"" for i in range(50)}
    members["g/models/model.json"] = json.dumps(document()).encode()
    path = write_zip(tmp_path / "many.pt2", members)
    refused(path, "declares 51 zip members, over the limit of 50", limits=ArchiveLimits(members=50))
    # an end record that understates the count is caught once zipfile has read the directory
    data = bytearray(path.read_bytes())
    end = data.rindex(b"PK\x05\x06")
    struct.pack_into("<HH", data, end + 8, 5, 5)
    path.write_bytes(bytes(data))
    refused(path, "has 51 zip members, over the limit of 50", limits=ArchiveLimits(members=50))


def test_a_forged_member_count_is_refused_before_the_directory_is_read(tmp_path: Path) -> None:
    path = write_archive(tmp_path / "g.pt2", document())
    data = bytearray(path.read_bytes())
    end = data.rindex(b"PK\x05\x06")
    struct.pack_into("<HH", data, end + 8, 0xFFFF, 0xFFFF)  # "zip64", with no zip64 record
    path.write_bytes(bytes(data))
    refused(path, "declares 65535 zip members, over the limit of 10000")


def test_a_file_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    path = write_archive(tmp_path / "g.pt2", document())
    refused(path, "over the 100 bytes limit", limits=ArchiveLimits(file_bytes=100))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.pt2"
    os.mkfifo(fifo)
    refused(fifo, "is a FIFO (named pipe)")
    with pytest.raises(ReadError, match="FIFO"):
        read_program(fifo)


def test_a_symlink_to_dev_zero_is_refused(tmp_path: Path) -> None:
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    link = tmp_path / "x.pt2"
    link.symlink_to("/dev/zero")
    refused(link, "is a character device")


def test_a_directory_or_a_missing_path_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "d.pt2"
    folder.mkdir()
    refused(folder, "is a directory")
    refused(tmp_path / "absent.pt2", "does not exist")
