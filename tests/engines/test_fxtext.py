"""The fx text reader: the real dumps (checked against their archives), hand-written graphs with
submodules and pieces, and hostile text that must be refused without running anything."""

from __future__ import annotations

import functools
import gzip
import json
import os
import textwrap
from pathlib import Path

import pytest

from layoutcheck.engines import (
    Arg,
    ArgKind,
    EngineNode,
    EngineProgram,
    ReadError,
    TensorMeta,
    TextLimits,
    read_archive,
    read_fx_text,
    read_program,
)

DATA = Path(__file__).resolve().parent.parent / "data" / "engine-graphs"
CASES = sorted(path.name.removesuffix(".pt2") for path in DATA.glob("*.pt2"))
POST_SP = DATA / "glm51-tp4-sp-row-bf16.post_sp.readable.py"


@functools.cache
def text(case: str) -> EngineProgram:
    return read_fx_text(DATA / f"{case}.readable.py")


@functools.cache
def post_sp() -> EngineProgram:
    return read_fx_text(POST_SP)


def arg_of(node: EngineNode, name: str, position: int | None = None) -> Arg:
    found = node.arg(name, position)
    assert found is not None, (node.name, name)
    return found


def write(tmp_path: Path, source: str, name: str = "graph.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(source).lstrip("\n"))
    return path


def refused(path: Path | list[Path], *words: str, line: int | None = None) -> ReadError:
    with pytest.raises(ReadError) as caught:
        read_fx_text(path)
    error = caught.value
    assert "\n" not in str(error)
    for word in words:
        assert word in error.message, error.message
    if line is not None:
        assert error.line == line, str(error)
        assert str(error).startswith(f"{error.source}:{line}: ")
    return error


# -- the real dumps against their archives -------------------------------------------------------


def test_the_cases_are_all_here() -> None:
    assert len(CASES) == 5 and POST_SP.exists()


@pytest.mark.parametrize("case", CASES)
def test_each_dump_reads_to_the_same_nodes_as_its_archive(case: str) -> None:
    archive, dump = read_archive(DATA / f"{case}.pt2"), text(case)
    assert dump.format == "fx-text" and dump.warnings == ()
    assert [n.target for n in dump.nodes] == [n.target for n in archive.nodes]
    renamed: dict[str, str] = {}  # torch.export renames some values; map text → archive
    for ours, theirs in zip(dump.nodes, archive.nodes, strict=True):
        # the text lists only the results something reads; the archive names all of them
        assert len(ours.outputs) <= len(theirs.outputs), ours.name
        for mine, its in zip(ours.outputs, theirs.outputs, strict=False):
            if mine is not None:
                assert its is not None and dump.tensors[mine] == archive.tensors[its], ours.name
                renamed[mine] = its
    by_attribute = {i.attribute: i.name for i in archive.inputs if i.attribute}
    for graph_input in dump.inputs:
        renamed[graph_input.name] = by_attribute.get(graph_input.attribute or "", graph_input.name)
    for ours, theirs in zip(dump.nodes, archive.nodes, strict=True):
        # the archive drops arguments left at their schema default; the text spells them out
        assert len(ours.args) >= len(theirs.args), ours.name
        for text_arg, archive_arg in zip(ours.args, theirs.args, strict=False):
            assert text_arg.name in (None, archive_arg.name), ours.name
            assert (text_arg.kind, translated(text_arg, renamed)) == (
                archive_arg.kind,
                archive_arg.value,
            ), ours.name
    # parameters and buffers are inputs in both: the same attributes with the same metas
    assert sorted(
        (i.attribute or "", str(i.meta)) for i in dump.inputs if i.kind != "user_input"
    ) == sorted((i.attribute or "", str(i.meta)) for i in archive.inputs if i.kind != "user_input")
    assert [(i.name, i.meta) for i in dump.inputs if i.kind == "user_input"] == [
        (i.name, i.meta) for i in archive.inputs if i.kind == "user_input"
    ]
    assert [renamed[o] if o else None for o in dump.outputs] == list(archive.outputs)


def translated(arg: Arg, renamed: dict[str, str]) -> object:
    if arg.kind is ArgKind.TENSOR and isinstance(arg.value, str):
        return renamed[arg.value]
    if arg.kind is ArgKind.TENSORS and isinstance(arg.value, tuple):
        return tuple(None if v is None else renamed[v] for v in arg.value)
    return arg.value


def test_getitems_fold_into_the_producer_even_when_far_apart() -> None:
    program = text("qwen3-dense-tp2-sp-row-bf16")
    split = next(n for n in program.nodes if n.target == "aten.split_with_sizes.default")
    assert split.outputs == ("getitem", "getitem_6", "getitem_7")  # lines 64, 79, 94
    assert [str(program.tensors[o]) for o in split.outputs] == [
        "fp16[512, 2048]",
        "fp16[512, 512]",
        "fp16[512, 512]",
    ]
    assert not any(n.name.startswith("getitem") for n in program.nodes)


def test_file_comments_give_each_node_its_source() -> None:
    program = text("qwen3-dense-tp2-sp-row-bf16")
    nodes = {n.name: n for n in program.nodes}
    assert nodes["ge"].source == ("tensor_cast/layers/parallel_embedding.py", 56)
    assert nodes["ge"].stack == (("tensor_cast/layers/parallel_embedding.py", 56, "forward"),)
    assert nodes["ge"].dump_line == 17
    # "# No stacktrace found for following nodes" clears it
    assert nodes["reduce_scatter_default"].source is None
    assert nodes["reduce_scatter_default"].stack == ()


def test_attribute_loads_are_parameter_inputs() -> None:
    program = text("qwen3-dense-tp2-sp-row-bf16")
    params = {i.name: i for i in program.inputs if i.kind == "parameter"}
    assert params["arg0_1"].attribute == "_frozen_param0"
    assert params["arg0_1"].meta == TensorMeta((75968, 4096), "fp16")
    assert params["scalar_tensor"].meta == TensorMeta((), "fp16")  # "f16[]"
    assert program.inputs[0].kind == "user_input" and program.inputs[0].name == "arg16_1"


# -- the post-SP dump: stale annotations, auto_functionalized_v2 ---------------------------------


def test_post_sp_dump_warns_that_its_annotations_are_stale() -> None:
    program = post_sp()
    [warning] = program.warnings
    assert warning.startswith(f"{POST_SP}: 13 shape annotations look stale")
    assert "8 results have no shape annotation" in warning
    assert "reduce_scatter_default, all_gather_default, slice_tensor" in warning
    assert "5 views contradict their size lists (e.g. view_5, view_7" in warning
    assert warning.endswith("shapes will be re-derived")
    # view_5: "f16[1, 512, 16384]" = view(slice_tensor, [1, 128, -1]): kept as the file says it
    view = next(n for n in program.nodes if n.name == "view_5")
    assert arg_of(view, "size", 1).value == (1, 128, -1)
    assert program.tensors["view_5"] == TensorMeta((1, 512, 16384), "fp16")
    assert "slice_tensor" not in program.tensors


def test_post_sp_dump_matches_the_auxiliary_node_dump() -> None:
    with gzip.open(DATA / "glm51-tp4-sp-row-bf16.post_sp.nodes.json.gz") as stream:
        nodes = json.load(stream)["nodes"]
    calls = [n for n in nodes if n["op"] == "call_function" and "getitem" not in n["target"]]
    program = post_sp()
    assert [n.name for n in program.nodes] == [n["name"] for n in calls]
    bare = {n["name"] for n in calls if n["val"] is None}
    assert {o for n in program.nodes for o in n.outputs if o and o not in program.tensors} == bare


def test_auto_functionalized_v2_is_unwrapped_in_text() -> None:
    program = post_sp()
    indexer = next(n for n in program.nodes if n.target == "tensor_cast.dsa_indexer.default")
    assert (indexer.name, indexer.wrapper) == ("auto_functionalized_v2", "auto_functionalized_v2")
    assert indexer.outputs == ("getitem_4", "getitem_5")  # the op's result, then the new cache
    assert indexer.arg("indexer_cache") == Arg("indexer_cache", ArgKind.TENSOR, "arg238_1")
    assert arg_of(indexer, "hidden_states").value == "all_gather_default"
    assert not any((a.name or "").startswith("_") for a in indexer.args)
    assert program.tensors["getitem_4"] == TensorMeta((1, 512, 2048), "int64")
    cache = next(n for n in program.nodes if n.target == "tensor_cast.concat_and_cache_mla.default")
    assert cache.wrapper == "auto_functionalized_v2"
    assert cache.outputs == (None, "getitem_7")  # the op returns nothing; index 1 is the cache
    assert arg_of(cache, "kv_cache").value == "arg237_1"


# -- hand-written graphs -------------------------------------------------------------------------

FEATURES = """
class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f16[2, 4]", arg1_1: "i64[2]"):
        # File: a.py:1 in outer
        # File: b.py:2 in inner
        full: "f16[2, 4]" = torch.ops.aten.full.default([2, 4], -inf, dtype = torch.float16,
            layout = torch.strided, device = device(type='meta'), pin_memory = False)

        # No stacktrace found for following nodes
        split = torch.ops.aten.split.Tensor(arg0_1, 1, 1)
        getitem_1: "f16[2, 1]" = operator.getitem(split, 1)
        getitem_3: "f16[2, 1]" = split[3];  split = None
        index: "f16[2, 4]" = torch.ops.aten.index.Tensor(full, [None, arg1_1])
        copy_ = torch.ops.aten.copy_.default(arg0_1, full);  arg0_1 = full = None
        return (getitem_1, index)
"""


def test_the_argument_and_statement_forms_of_a_dump(tmp_path: Path) -> None:
    program = read_fx_text(write(tmp_path, FEATURES))
    full, split, index, copy = program.nodes
    assert [(a.name, a.kind, a.value) for a in full.args] == [
        (None, ArgKind.INTS, (2, 4)),
        (None, ArgKind.FLOAT, float("-inf")),
        ("dtype", ArgKind.DTYPE, "fp16"),
        ("layout", ArgKind.OTHER, "strided"),
        ("device", ArgKind.OTHER, "meta"),
        ("pin_memory", ArgKind.BOOL, False),
    ]
    assert full.stack == (("a.py", 1, "outer"), ("b.py", 2, "inner"))
    assert full.source == ("b.py", 2)
    assert split.outputs == (None, "getitem_1", None, "getitem_3") and split.source is None
    assert index.arg("indices", 1) == Arg(None, ArgKind.TENSORS, (None, "arg1_1"))
    assert copy.outputs == ()  # never read: an in-place op
    assert program.outputs == ("getitem_1", "index")
    assert program.warnings == ()


def test_vllm_header_imports_and_a_bare_forward_are_accepted(tmp_path: Path) -> None:
    header = "from __future__ import annotations\nimport torch\n"
    body = textwrap.dedent(FEATURES).replace("class <lambda>", "class GraphModule")
    assert len(read_fx_text(write(tmp_path, header + body, "a.py")).nodes) == 4
    bare = """
    def forward(self, x: "f32[3]"):
        neg: "f32[3]" = torch.ops.aten.neg.default(x)
        return (neg,)
    """
    assert read_fx_text(write(tmp_path, bare, "b.py")).outputs == ("neg",)


SPLIT = """
class GraphModule(torch.nn.Module):
    def forward(self, x: "f16[4, 8]"):
        submod_0 = self.submod_0(x);  x = None
        getitem: "f16[4, 8]" = submod_0[0]
        getitem_1: "f16[4, 8]" = submod_0[1];  submod_0 = None
        submod_1 = self.submod_1(getitem, getitem_1, 2);  getitem = getitem_1 = None
        return (submod_1,)

    class submod_0(torch.nn.Module):
        def forward(self, x: "f16[4, 8]"):
            # File: model.py:10 in forward
            w: "f16[8]" = self.weight
            relu: "f16[4, 8]" = torch.ops.aten.relu.default(x);  x = None
            mul: "f16[4, 8]" = torch.ops.aten.mul.Tensor(relu, w);  w = None
            return (relu, mul)

    class submod_1(torch.nn.Module):
        def forward(self, a: "f16[4, 8]", b: "f16[4, 8]", k):
            relu: "f16[4, 8]" = torch.ops.aten.relu.default(a)
            add: "f16[4, 8]" = torch.ops.aten.add.Tensor(relu, b, alpha = k)
            return add
"""


def test_nested_submodules_are_inlined_in_call_order(tmp_path: Path) -> None:
    program = read_fx_text(write(tmp_path, SPLIT))
    assert [(n.name, n.target, n.tensor_inputs()) for n in program.nodes] == [
        ("submod_0.relu", "aten.relu.default", ("x",)),
        ("submod_0.mul", "aten.mul.Tensor", ("submod_0.relu", "submod_0.w")),
        ("submod_1.relu", "aten.relu.default", ("submod_0.relu",)),
        ("submod_1.add", "aten.add.Tensor", ("submod_1.relu", "submod_0.mul")),
    ]
    assert program.nodes[3].arg("alpha") == Arg("alpha", ArgKind.INT, 2)  # a literal passed in
    assert program.nodes[0].source == ("model.py", 10)
    assert [(i.name, i.kind, i.attribute) for i in program.inputs] == [
        ("x", "user_input", None),
        ("submod_0.w", "parameter", "submod_0.weight"),
    ]
    assert program.outputs == ("submod_1.add",)
    assert program.tensors["submod_1.add"] == TensorMeta((4, 8), "fp16")


PIECE_1 = """
class GraphModule(torch.nn.Module):
    def forward(self, x: "f16[s0, 8]", s0: "Sym(s0)"):
        mm: "f16[s0, 8]" = torch.ops.aten.relu.default(x)
        return (mm, s0)
"""
PIECE_2 = """
class GraphModule(torch.nn.Module):
    def forward(self, h: "f16[s0, 8]", n: "Sym(s0)"):
        mm: "f16[s0, 8]" = torch.ops.aten.neg.default(h)
        mul: "Sym(2*s0)" = n * 2
        view: "f16[s0, 2, 4]" = torch.ops.aten.view.default(mm, [n, 2, 4])
        return (view, mul)
"""
PIECE_3 = """
class GraphModule(torch.nn.Module):
    def forward(self, view: "f16[s0, 2, 4]", x: "f16[s0, 8]", extra: "i64[3]"):
        add: "f16[s0, 8]" = torch.ops.aten.add.Tensor(x, extra)
        return (view, add)
"""


def test_pieces_are_stitched_by_position_then_by_name(tmp_path: Path) -> None:
    files = [write(tmp_path, s, f"piece{i}.py") for i, s in enumerate((PIECE_1, PIECE_2, PIECE_3))]
    program = read_fx_text(files)
    assert program.source == " + ".join(str(f) for f in files)
    assert [(n.name, n.target, [(a.kind, a.value) for a in n.args]) for n in program.nodes] == [
        ("mm", "aten.relu.default", [(ArgKind.TENSOR, "x")]),
        # piece 2 takes piece 1's two results by position; its `mm` gets a fresh name
        ("mm#2", "aten.neg.default", [(ArgKind.TENSOR, "mm")]),
        ("mul", "_operator.mul", [(ArgKind.SYM, "s0"), (ArgKind.INT, 2)]),
        ("view", "aten.view.default", [(ArgKind.TENSOR, "mm#2"), (ArgKind.SYMS, ("s0", 2, 4))]),
        # piece 3 has three parameters for two results: by name, else a new input
        ("add", "aten.add.Tensor", [(ArgKind.TENSOR, "x"), (ArgKind.TENSOR, "extra")]),
    ]
    assert [(i.name, i.meta) for i in program.inputs] == [
        ("x", TensorMeta(("s0", 8), "fp16")),
        ("s0", TensorMeta((), "sym", symbol="s0")),
        ("extra", TensorMeta((3,), "int64")),
    ]
    assert program.tensors["mul"] == TensorMeta((), "sym", symbol="2*s0")
    assert program.outputs == ("view", "add")


def test_stale_annotations_in_a_small_graph(tmp_path: Path) -> None:
    source = """
    class GraphModule(torch.nn.Module):
        def forward(self, x: "f16[4, 8]"):
            slice_1 = torch.ops.aten.slice.Tensor(x, 0, 0, 2)
            view: "f16[4, 8]" = torch.ops.aten.view.default(slice_1, [2, 8])
            return (view,)
    """
    path = write(tmp_path, source)
    [warning] = read_fx_text(path).warnings
    assert warning == (
        f"{path}: 2 shape annotations look stale: 1 results have no shape annotation "
        "(e.g. slice_1); 1 views contradict their size lists (e.g. view); "
        "shapes will be re-derived"
    )


@pytest.mark.parametrize(
    ("annotation", "meta"),
    [
        ("f16[1, 128, 6144]", TensorMeta((1, 128, 6144), "fp16")),
        ("f32[]", TensorMeta((), "fp32")),
        ("b8[1, 512]", TensorMeta((1, 512), "bool")),
        ("i64[s0, 4]", TensorMeta(("s0", 4), "int64")),
        ("bf16[Max(1, s0), 2*s1]", TensorMeta(("Max(1, s0)", "2*s1"), "bf16")),
        ("f8e4m3fn[16]", TensorMeta((16,), "fp8e4m3")),
        ("zz9[2]", TensorMeta((2,), "unknown:zz9")),
        ("Sym(s0)", TensorMeta((), "sym", symbol="s0")),
        # print_readable(include_stride=True, include_device=True), as Inductor's debug dumps
        ("f32[s77, 8][8, 1]cpu", TensorMeta(("s77", 8), "fp32")),
        ("bf16[4, 2][2, 1]cuda:0", TensorMeta((4, 2), "bf16")),
        ("f32[][]cpu", TensorMeta((), "fp32")),
    ],
)
def test_shape_annotations(tmp_path: Path, annotation: str, meta: TensorMeta) -> None:
    source = f"""
    class GraphModule(torch.nn.Module):
        def forward(self, x: "{annotation}"):
            return (x,)
    """
    assert read_fx_text(write(tmp_path, source)).tensors["x"] == meta


@pytest.mark.parametrize(
    "annotation",
    ["f16[1, 2", "f16", "F16[2]", "f16[1,, 2]", "f16[(]", "Sym()", "f16[2][1]cpu:x", "f16[2]["],
)
def test_malformed_annotations_are_refused_with_their_line(tmp_path: Path, annotation: str) -> None:
    source = f"""
    class GraphModule(torch.nn.Module):
        def forward(self, x: "f16[2]"):
            y: "{annotation}" = torch.ops.aten.neg.default(x)
            return (y,)
    """
    refused(write(tmp_path, source), "malformed shape annotation", line=3)


# -- hostile text --------------------------------------------------------------------------------


def graph_with(statement: str) -> str:
    return f"""
class GraphModule(torch.nn.Module):
    def forward(self, x: "f16[2]"):
        neg: "f16[2]" = torch.ops.aten.neg.default(x)
        {statement}
        return (neg,)
"""


def test_an_import_is_refused_and_nothing_runs(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    source = f'import os\nos.system("touch {marker}")\n' + graph_with("")
    refused(write(tmp_path, source), "not an fx graph dump: import os is not allowed", line=1)
    assert not marker.exists()


@pytest.mark.parametrize(
    ("statement", "what"),
    [
        ('os.system("touch {marker}")', "a bare call of os.system(...) is not allowed"),
        ('y = os.system("touch {marker}")', "a call of os.system(...) is not allowed"),
        ("y = exec(\"open('{marker}', 'w')\")", "a call of exec(...) is not allowed"),
        ("import os", "import os is not allowed"),
        ("while True: pass", "a while loop is not allowed"),
        ("y = os.path.join(neg)", "a call of os.path.join(...) is not allowed"),
        ("y = torch.ops.aten.add.Tensor(x, lambda: 1)", "a lambda in an argument is not allowed"),
        (
            "y = torch.ops.aten.add.Tensor(x, __import__('os'))",
            "a call of __import__(...) in an argument is not allowed",
        ),
        ("y = torch.ops.aten.add.Tensor(x, os.environ)", "the attribute 'os.environ'"),
        ("y = (x, neg)", "a tuple is not allowed"),
        ("del x", "a del statement is not allowed"),
        ("y = [x]", "a list is not allowed"),
        ("y = x.shape[0:1]", "indexing the attribute x.shape"),
    ],
)
def test_statements_outside_the_fx_forms_are_refused_and_not_run(
    tmp_path: Path, statement: str, what: str
) -> None:
    marker = tmp_path / "pwned"
    path = write(tmp_path, graph_with(statement.format(marker=marker)))
    refused(path, "not an fx graph dump", what, line=4)
    assert not marker.exists()


@pytest.mark.parametrize(
    ("statement", "what"),
    [
        ("y = torch.ops.aten.neg.default(ghost)", "reads 'ghost', which is not defined"),
        ("neg = torch.ops.aten.neg.default(x)", "assigns 'neg' a second time"),
        ("x = None\n        y = torch.ops.aten.neg.default(x)", "reads 'x' after it was cleared"),
        ('y: "f16[2]" = neg[0]', "indexes 'neg', which is one value"),
        ("y = torch.ops.aten.neg.default(x, **k)", "**kwargs"),
        ("y = torch.ops.aten.add.Tensor(x, [[[[[1]]]]])", "argument lists nest over 4 deep"),
        ("t = torch.ops.aten.split.Tensor(x, 1)\n        y = t[10**9]", "an index that is not"),
        (
            "t = torch.ops.aten.split.Tensor(x, 1)\n        y = t[1000000]",
            "over the limit of 65536",
        ),
    ],
)
def test_inconsistent_graphs_are_refused(tmp_path: Path, statement: str, what: str) -> None:
    refused(write(tmp_path, graph_with(statement)), what)


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    deep_list = f"y = torch.ops.aten.add.Tensor(x, {'[' * 100_000}{']' * 100_000})"
    refused(write(tmp_path, graph_with(deep_list), "a.py"), "not an fx graph dump")
    deep_sign = f"y = torch.ops.aten.add.Tensor(x, {'-' * 100_000}1)"
    refused(write(tmp_path, graph_with(deep_sign), "b.py"), "nests too deeply")


def nested_submodules(depth: int) -> str:
    """A graph whose submodule calls its own submodule, ``depth`` levels down."""
    lines = []
    for level in range(depth + 1):
        pad = "    " * level
        head = "class GraphModule" if level == 0 else f"{pad}class submod_{level}"
        lines.append(f"{head}(torch.nn.Module):")
        lines.append(f'{pad}    def forward(self, x: "f16[2]"):')
        if level < depth:
            lines.append(f"{pad}        y = self.submod_{level + 1}(x)")
            lines.append(f"{pad}        return y")
        else:
            lines.append(f'{pad}        y: "f16[2]" = torch.ops.aten.neg.default(x)')
            lines.append(f"{pad}        return (y,)")
    return "\n".join(lines) + "\n"


def test_submodules_nest_to_a_bound(tmp_path: Path) -> None:
    program = read_fx_text(write(tmp_path, nested_submodules(16), "ok.py"))
    assert [n.name for n in program.nodes] == [".".join(["y"] * 16) + ".y"]
    refused(write(tmp_path, nested_submodules(17), "deep.py"), "submodules nest over 16 deep")


def test_a_submodule_reaches_only_its_own_children(tmp_path: Path) -> None:
    source = """
    class GraphModule(torch.nn.Module):
        def forward(self, x: "f16[2]"):
            submod_0 = self.submod_0(x)
            return (submod_0,)

        class submod_0(torch.nn.Module):
            def forward(self, x: "f16[2]"):
                again = self.submod_0(x)
                return again
    """
    refused(write(tmp_path, source), "a call of self.submod_0(...) is not allowed", line=8)


def test_code_after_the_return_or_a_decorated_class_is_refused(tmp_path: Path) -> None:
    after = graph_with("").replace("return (neg,)", "return (neg,)\n        neg = None")
    refused(write(tmp_path, after, "a.py"), "statements after the return")
    decorated = "@decorator\n" + graph_with("").lstrip("\n")
    refused(write(tmp_path, decorated, "b.py"), "not a plain torch.nn.Module")


def test_text_that_is_not_a_dump_is_refused(tmp_path: Path) -> None:
    binary = tmp_path / "bin.py"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    refused(binary, "is not UTF-8 text")
    nul = tmp_path / "nul.py"
    nul.write_bytes(b"x = 1\0\n")
    refused(nul, "NUL bytes")
    refused(write(tmp_path, "x = (", "syntax.py"), "not an fx graph dump", line=1)
    refused(write(tmp_path, "\n", "empty.py"), "no graph module class or forward")


def test_a_text_dump_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, graph_with(""))
    with pytest.raises(ReadError, match="over the 64 bytes limit"):
        read_fx_text(path, limits=TextLimits(file_bytes=64))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.py"
    os.mkfifo(fifo)
    refused(fifo, "is a FIFO (named pipe)")


def test_a_symlink_to_dev_zero_or_a_directory_is_refused(tmp_path: Path) -> None:
    if os.path.exists("/dev/zero"):
        link = tmp_path / "zero.py"
        link.symlink_to("/dev/zero")
        refused(link, "is a character device")
        with pytest.raises(ReadError, match="character device"):
            read_program(link)
    folder = tmp_path / "folder.py"
    folder.mkdir()
    refused(folder, "is a directory")
    with pytest.raises(ReadError, match="no fx text files"):
        read_fx_text([])


def test_pathological_layout_still_reads(tmp_path: Path) -> None:
    """Blank lines, long runs of `# File:` comments and a comment full of `:1 in ` are read with
    linear scans (a backtracking regex here once took seconds); the frames stay bounded."""
    frames = [f"        # File: a.py:{i} in f" for i in range(1000)]
    lines = [
        *[""] * 100_000,
        "class <lambda>(torch.nn.Module):",
        '    def forward(self, x: "f16[2]"):',
        *frames,
        "        # File: " + ":1 in " * 20_000,
        '        neg: "f16[2]" = torch.ops.aten.neg.default(x)',
        "        return (neg,)",
    ]
    path = tmp_path / "odd.py"
    path.write_text("\n".join(lines) + "\n")
    [node] = read_fx_text(path).nodes
    assert node.dump_line == 100_000 + 2 + 1000 + 2
    assert len(node.stack) == 64 and node.stack[-2] == ("a.py", 999, "f")
    assert node.source is not None and node.source[1] == 1  # a frame, however odd its path
