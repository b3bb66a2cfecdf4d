"""vLLM's and vLLM-Ascend's dump formats read into an EngineProgram, torch-free: the real dumps of
``tests/data/vllm-graphs`` (SOURCES.md there), ``Graph.__str__`` logs with and without vLLM's log
prefix, several graphs per log, fragments, preambles, symbolic sizes, and hostile text.

The reading is asserted here in full, and each shared dump's verdict of ``check`` at the end
(the shape-less ones' typing itself: ``test_metaless.py``).
"""

from __future__ import annotations

import functools
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
    read_fx_graphs,
    read_fx_text,
    read_program,
)
from tests.helpers import run

DATA = Path(__file__).resolve().parent.parent / "data" / "vllm-graphs"
TP1 = DATA / "entangle_qwen2_tp1_fw.g0.r0.py"
TP2 = DATA / "entangle_qwen2_tp2_fw.g0.r0.py"
BEFORE = DATA / "vllm_ascend_issue4239_before_AddRMSNormQuant_pass.graph.txt"
AFTER = DATA / "vllm_ascend_issue4239_after_AddRMSNormQuant_pass.graph.txt"


@functools.cache
def program(path: Path) -> EngineProgram:
    return read_program(path)


def node(program: EngineProgram, name: str) -> EngineNode:
    found = [n for n in program.nodes if n.name == name]
    assert len(found) == 1, name
    return found[0]


def named_args(node: EngineNode) -> dict[str | None, tuple[ArgKind, object]]:
    return {arg.name: (arg.kind, arg.value) for arg in node.args}


def fx_node_count(program: EngineProgram) -> int:
    """fx's count of a graph's op nodes: each op, plus one getitem per result read by index
    (the reader folds getitems into their producer)."""
    getitems = sum(
        len([o for o in n.outputs if o is not None]) for n in program.nodes if _indexed(n)
    )
    return len(program.nodes) + getitems


def _indexed(node: EngineNode) -> bool:
    return node.outputs != (node.name,) and bool(node.outputs)


def write(tmp_path: Path, text: str, name: str = "graph.txt") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"))
    return path


def refused(path: Path, *words: str, line: int | None = None, **kwargs: object) -> ReadError:
    with pytest.raises(ReadError) as caught:
        read_program(path, **kwargs)  # type: ignore[arg-type]
    error = caught.value
    assert "\n" not in str(error)
    for word in words:
        assert word in error.message, error.message
    assert error.source == str(path), str(error)
    if line is not None:
        assert error.line == line, str(error)
        assert str(error).startswith(f"{path}:{line}: ")
    return error


# -- the Entangle Qwen2 dumps: print_readable of vLLM V0's AOT graph ---------------------------


def test_the_entangle_tp1_dump_reads_with_its_preamble_and_lambda_header() -> None:
    tp1 = program(TP1)
    assert tp1.warnings == ()
    assert len(tp1.inputs) == 12 and all(i.kind == "user_input" for i in tp1.inputs)
    assert fx_node_count(tp1) == 49  # SOURCES.md: 12 placeholders, 49 nodes
    assert len(tp1.nodes) == 35
    assert tp1.meta("arg1_1") == TensorMeta((151936, 1536), "bf16")
    assert tp1.outputs == ("getitem_34", "arg5_1")
    assert [n.target for n in tp1.nodes if n.wrapper] == [
        "_C.rms_norm.default",
        "_C.rotary_embedding.default",
        "vllm.unified_attention_with_output.default",
        "_C.fused_add_rms_norm.default",
        "_C.silu_and_mul.default",
        "_C.fused_add_rms_norm.default",
    ]


def test_the_entangle_tp2_dump_reads_every_vllm_op_of_a_tp_layer() -> None:
    tp2 = program(TP2)
    assert tp2.warnings == () and len(tp2.inputs) == 12
    assert fx_node_count(tp2) == 67  # SOURCES.md: 67 nodes
    reduces = [n for n in tp2.nodes if n.target == "vllm.all_reduce.default"]
    assert [n.name for n in reduces] == ["all_reduce", "all_reduce_1", "all_reduce_2"]
    assert all(n.args[1] == Arg(None, ArgKind.STR, "tp:0") for n in reduces)
    # the vocab-parallel embedding's masked input: rank 0's shard is [0, 75968)
    assert node(tp2, "lt").args == (
        Arg(None, ArgKind.TENSOR, "arg0_1"),
        Arg(None, ArgKind.INT, 75968),
    )
    assert node(tp2, "masked_fill").tensor_inputs() == ("embedding", "unsqueeze")
    assert node(tp2, "all_reduce").tensor_inputs() == ("masked_fill",)


def test_auto_functionalized_keeps_its_keyword_arguments_and_getitem_results() -> None:
    tp2 = program(TP2)
    norm = node(tp2, "auto_functionalized_3")
    assert (norm.target, norm.wrapper) == ("_C.fused_add_rms_norm.default", "auto_functionalized")
    assert named_args(norm) == {
        "input": (ArgKind.TENSOR, "all_reduce_1"),
        "residual": (ArgKind.TENSOR, "all_reduce"),
        "weight": (ArgKind.TENSOR, "detach_1"),
        "epsilon": (ArgKind.FLOAT, 1e-06),
    }
    # result 0 is the op's own (None) return; then each mutated argument in schema order
    assert norm.outputs == (None, "getitem_29", "getitem_30")
    assert norm.arg("residual") == Arg("residual", ArgKind.TENSOR, "all_reduce")
    attention = node(tp2, "auto_functionalized_2")
    assert attention.target == "vllm.unified_attention_with_output.default"
    assert attention.arg("layer_name") == Arg(
        "layer_name", ArgKind.STR, "model.layers.0.self_attn.attn"
    )
    assert attention.outputs == (None, "getitem_27")
    assert tp2.meta("getitem_27") == TensorMeta((32768, 6, 128), "bf16")
    rope = node(tp2, "auto_functionalized_1")
    assert named_args(rope)["is_neox"] == (ArgKind.BOOL, True)
    assert rope.outputs == (None, "getitem_6", "getitem_7")
    empty = node(tp2, "empty")
    assert named_args(empty)["device"] == (ArgKind.OTHER, "cuda:0")
    assert named_args(empty)["dtype"] == (ArgKind.DTYPE, "bf16")


def test_file_comments_give_each_vllm_node_its_source_line() -> None:
    tp2 = program(TP2)
    assert node(tp2, "auto_functionalized_3").source == ("/opt/tiger/vllm/vllm/_custom_ops.py", 158)
    assert node(tp2, "auto_functionalized_3").stack == (
        ("/opt/tiger/vllm/vllm/_custom_ops.py", 158, "fused_add_rms_norm"),
    )
    layer = "/opt/tiger/vllm/vllm/distributed/parallel_state.py"
    assert node(tp2, "all_reduce_1").source == (layer, 307)
    # a node under the previous node's comment block keeps that block's frame
    assert node(tp2, "mul_2").source == node(tp2, "sub").source
    assert node(tp2, "ge").dump_line == 32  # the node's own line in the file


# -- the vLLM-Ascend issue 4239 logs: Graph.__str__ ---------------------------------------------


def test_the_ascend_graph_str_dumps_read() -> None:
    before, after = program(BEFORE), program(AFTER)
    for graph, call_lines, getitems in ((before, 46, 9), (after, 47, 9)):
        assert len(graph.inputs) == 26  # the 26 placeholder lines
        assert fx_node_count(graph) == call_lines  # every call_function line
        assert len(graph.nodes) == call_lines - getitems
        assert graph.warnings == (
            f"{graph.source}: no node result has a shape annotation; shapes will be derived",
        )
    assert (
        before.outputs[:5]
        == after.outputs[:5]
        == (
            "slice_scatter_1",
            "view_11",
            "view_13",
            "view_14",
            "view_12",
        )
    )
    assert (before.outputs[5], after.outputs[5]) == ("getitem_5", "getitem_16")
    fused = node(after, "npu_add_rms_norm_quant_default")
    assert fused.target == "npu.npu_add_rms_norm_quant.default"
    assert fused.tensor_inputs() == ("mm", "getitem_2", "arg15_1", "mul_tensor", "arg17_1")
    assert fused.outputs == ("getitem_15", None, "getitem_16")
    assert fused.dump_line == 49
    assert "npu.npu_add_rms_norm.default" in {n.target for n in before.nodes}


def test_graph_str_arguments_keywords_and_literals() -> None:
    before = program(BEFORE)
    quantize = node(before, "npu_quantize")
    assert [(a.kind, a.value) for a in quantize.args] == [
        (ArgKind.TENSOR, "view_2"),
        (ArgKind.TENSOR, "arg2_1"),
        (ArgKind.TENSOR, "arg3_1"),
        (ArgKind.DTYPE, "qint8"),
        (ArgKind.INT, -1),
        (ArgKind.BOOL, False),
    ]
    matmul = node(before, "npu_quant_matmul")
    assert named_args(matmul)["bias"] == (ArgKind.TENSOR, "arg6_1")
    assert named_args(matmul)["output_dtype"] == (ArgKind.DTYPE, "bf16")
    zeros = node(before, "zeros")
    assert named_args(zeros)["device"] == (ArgKind.OTHER, "npu:0")
    assert zeros.args[0] == Arg(None, ArgKind.SYMS, ("arg1_1", 4096))
    assert node(before, "slice_1").args[3] == Arg(None, ArgKind.INT, 9223372036854775807)


def test_a_size_mixed_into_an_int_list_is_the_token_symbol() -> None:
    before = program(BEFORE)
    assert before.meta("arg1_1") == TensorMeta((), "sym", symbol="arg1_1")
    assert node(before, "view_3").args[1] == Arg(None, ArgKind.SYMS, ("arg1_1", 32, 128))
    assert before.meta("arg0_1") is None  # a tensor: Graph.__str__ prints no shape
    assert before.token_symbols() == ("arg1_1",)


# -- Graph.__str__ in logs ----------------------------------------------------------------------

SMALL = """
graph():
    %x : [num_users=1] = placeholder[target=x]
    %w : [num_users=1] = get_attr[target=model.norm.weight]
    %s0 : [num_users=1] = placeholder[target=s0]
    %all_reduce : [num_users=2] = call_function[target=torch.ops.vllm.all_reduce.default](args = (%x, tp:0), kwargs = {})
    %auto_functionalized : [num_users=2] = call_function[target=torch.ops.higher_order.auto_functionalized](args = (_C.fused_add_rms_norm.default,), kwargs = {input: %all_reduce, residual: %all_reduce, weight: %w, epsilon: 1e-05})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%auto_functionalized, 1), kwargs = {})
    %getitem_2 : [num_users=1] = call_function[target=operator.getitem](args = (%auto_functionalized, 2), kwargs = {})
    %mul : [num_users=1] = call_function[target=operator.mul](args = (%s0, 2), kwargs = {})
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%getitem_1, [%mul, -1]), kwargs = {})
    return (view, getitem_2)
"""  # noqa: E501

LOG_HEADER = "(Worker_TP0 pid=1) DEBUG 07-29 10:58:47 [sequence_parallelism.py:350] before: "


def small_nodes(
    program: EngineProgram,
) -> list[tuple[str, str, tuple[Arg, ...], tuple[str | None, ...]]]:
    return [(n.name, n.target, n.args, n.outputs) for n in program.nodes]


def test_a_graph_str_with_keyword_wrappers_reads(tmp_path: Path) -> None:
    graph = read_program(write(tmp_path, SMALL))
    # the placeholders, then what get_attr loads
    assert [(i.name, i.kind, i.attribute) for i in graph.inputs] == [
        ("x", "user_input", None),
        ("s0", "user_input", None),
        ("w", "parameter", "model.norm.weight"),
    ]
    norm = node(graph, "auto_functionalized")
    assert (norm.target, norm.wrapper) == ("_C.fused_add_rms_norm.default", "auto_functionalized")
    assert named_args(norm) == {
        "input": (ArgKind.TENSOR, "all_reduce"),
        "residual": (ArgKind.TENSOR, "all_reduce"),
        "weight": (ArgKind.TENSOR, "w"),
        "epsilon": (ArgKind.FLOAT, 1e-05),
    }
    assert norm.outputs == (None, "getitem_1", "getitem_2")
    assert node(graph, "mul").target == "_operator.mul"
    assert graph.meta("mul") == TensorMeta((), "sym", symbol="mul")
    assert node(graph, "view").args[1] == Arg(None, ArgKind.SYMS, ("mul", -1))
    assert graph.outputs == ("view", "getitem_2")
    assert graph.token_symbols() == ()  # s0 leads no size list and no shape says it is T
    assert node(graph, "all_reduce").dump_line == 5
    assert graph.warnings == (
        f"{graph.source}: no node result has a shape annotation; shapes will be derived",
    )


def test_graph_str_reads_alike_behind_vllm_log_prefixes(tmp_path: Path) -> None:
    lines = textwrap.dedent(SMALL).strip("\n").split("\n")
    prefixed = [LOG_HEADER + lines[0]] + [f"(Worker_TP0 pid=1) {line}" for line in lines[1:]]
    plain = read_program(write(tmp_path, SMALL, "plain.txt"))
    logged = read_program(write(tmp_path, "\n".join(prefixed), "log.txt"))
    assert small_nodes(logged) == small_nodes(plain)
    assert logged.outputs == plain.outputs and logged.inputs == plain.inputs
    # every line with the full record header, as a single-process log prints it
    record = "DEBUG 07-29 10:58:47 [sequence_parallelism.py:350] "
    full = "\n".join(record + line for line in lines)
    assert small_nodes(read_program(write(tmp_path, full, "full.txt"))) == small_nodes(plain)


def test_graph_str_and_print_readable_of_one_graph_read_the_same(tmp_path: Path) -> None:
    code = """
    class GraphModule(torch.nn.Module):
        def forward(self, x, s0: "Sym(s0)"):
            w = self.model.norm.weight
            all_reduce = torch.ops.vllm.all_reduce.default(x, 'tp:0')
            auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops._C.fused_add_rms_norm.default, input = all_reduce, residual = all_reduce, weight = w, epsilon = 1e-05)
            getitem_1 = auto_functionalized[1]
            getitem_2 = auto_functionalized[2]
            mul: "Sym(mul)" = s0 * 2
            view = torch.ops.aten.view.default(getitem_1, [mul, -1])
            return (view, getitem_2)
    """  # noqa: E501
    readable = read_program(write(tmp_path, code, "readable.py"))
    text = read_program(write(tmp_path, SMALL, "graph.txt"))
    assert small_nodes(readable) == small_nodes(text)
    assert readable.outputs == text.outputs


def test_several_graphs_in_one_log_are_each_read(tmp_path: Path) -> None:
    before = BEFORE.read_text().strip("\n").split("\n")
    after = AFTER.read_text().strip("\n").split("\n")
    log = [
        "INFO 07-29 10:58:40 [core.py:80] starting",
        LOG_HEADER + "before graph is: " + before[0],
        *(f"(Worker_TP0 pid=1) {line}" for line in before[1:]),
        "(Worker_TP0 pid=1) INFO 07-29 10:58:48 [pass.py:12] replaced 1 pattern",
        "(Worker_TP0 pid=1) DEBUG 07-29 10:58:48 [pass.py:13] after graph is: " + after[0],
        *(f"(Worker_TP0 pid=1) {line}" for line in after[1:]),
        "INFO 07-29 10:58:50 [core.py:90] done",
        "INFO 07-29 10:58:51 [core.py:91] the next step builds graph(x):",  # not a graph
    ]
    path = write(tmp_path, "\n".join(log), "worker.log")
    graphs = read_fx_graphs(path)
    assert len(graphs) == 2
    assert small_nodes(graphs[0]) == small_nodes(program(BEFORE))
    assert small_nodes(graphs[1]) == small_nodes(program(AFTER))
    last = read_program(path)  # the default: the last graph, said in a warning
    assert small_nodes(last) == small_nodes(program(AFTER))
    assert last.warnings[0] == (
        f"{path}: holds 2 graphs (at lines 2, {len(before) + 3}); "
        f"read the last, at line {len(before) + 3} (an index picks another)"
    )
    assert small_nodes(read_program(path, index=0)) == small_nodes(program(BEFORE))
    assert small_nodes(read_program(path, index=-2)) == small_nodes(program(BEFORE))
    refused(path, "holds 2 graphs, so there is no graph 2", index=2)


def test_two_ranks_printing_at_once_keep_their_own_graphs(tmp_path: Path) -> None:
    lines = textwrap.dedent(SMALL).strip("\n").split("\n")
    interleaved = []
    for line in lines:  # rank 1's copy of each line right after rank 0's
        interleaved.append(f"(Worker_TP0 pid=10) {line}")
        interleaved.append(f"(Worker_TP1 pid=11) {line}")
    graphs = read_fx_graphs(write(tmp_path, "\n".join(interleaved)))
    assert len(graphs) == 2
    plain = small_nodes(read_program(write(tmp_path, SMALL, "plain.txt")))
    assert small_nodes(graphs[0]) == small_nodes(graphs[1]) == plain


def test_a_fragment_reads_its_undefined_values_as_inputs_in_one_note(tmp_path: Path) -> None:
    fragment = """
    %mm : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%hidden, %weight), kwargs = {})
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mm, %residual), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%add, %hidden), kwargs = {})
    return (mul,)
    """  # noqa: E501
    path = write(tmp_path, fragment)
    graph = read_program(path)
    assert [(i.name, i.kind, i.meta) for i in graph.inputs] == [
        ("hidden", "user_input", None),
        ("weight", "user_input", None),
        ("residual", "user_input", None),
    ]
    notes = [w for w in graph.warnings if "does not define" in w]
    assert notes == [
        f"{path}: the graph at line 1 uses 3 values it does not define (hidden, weight, "
        "residual): read as graph inputs, each of the layout its readers show"
    ]
    assert graph.outputs == ("mul",)


def test_a_header_that_names_the_inputs_and_typed_nodes(tmp_path: Path) -> None:
    text = """
    graph(x, s0: Sym(s0), w = 3):
        %y : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%x, [%s0, -1]), kwargs = {})
        %z : torch.Tensor [num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%y,), kwargs = {})
        return (z, None, q)
    """  # noqa: E501
    path = write(tmp_path, text)
    graph = read_program(path)
    assert [i.name for i in graph.inputs] == ["x", "s0", "w", "q"]
    assert graph.meta("s0") == TensorMeta((), "sym", symbol="s0")
    assert graph.outputs == ("z", None, "q")
    assert graph.token_symbols() == ("s0",)  # a size list's lead
    assert f"{path}: the graph at line 1 uses 1 value it does not define (q): " in graph.warnings[0]


def test_a_fragment_cut_before_its_return_outputs_what_nothing_reads(tmp_path: Path) -> None:
    lines = textwrap.dedent(SMALL).strip("\n").split("\n")[:-2]  # no view, no return
    path = write(tmp_path, "\n".join([*lines, "INFO 07-29 10:58:50 [core.py:90] next record"]))
    graph = read_program(path)
    assert graph.outputs == ("getitem_1", "getitem_2", "mul")  # what no node reads
    assert any("has no return line before line 10" in w for w in graph.warnings)


def test_an_excerpt_of_print_readable_code_reads_as_a_fragment(tmp_path: Path) -> None:
    lines = TP2.read_text().split("\n")
    start = next(k for k, line in enumerate(lines) if "all_reduce_1: " in line) - 1
    path = write(tmp_path, "\n".join(lines[start : start + 10]), "excerpt.py")  # still indented
    graph = read_program(path)
    assert [i.name for i in graph.inputs] == ["mm", "arg8_1", "all_reduce"]  # first reads
    assert all(i.meta is None for i in graph.inputs)  # of unknown layout
    norm = node(graph, "auto_functionalized_3")
    assert norm.tensor_inputs() == ("all_reduce_1", "all_reduce", "detach_1")
    assert norm.source == ("/opt/tiger/vllm/vllm/_custom_ops.py", 158)
    assert graph.outputs == ("getitem_29", "getitem_30")
    assert graph.warnings == (
        f"{path}: the code at line 2 is a fragment (no graph class or forward): it uses 3 "
        "values it does not define (mm, arg8_1, all_reduce): read as graph inputs, each of "
        "the layout its readers show",
        f"{path}: the code at line 2 has no return: its outputs are the values no statement "
        "reads (getitem_29, getitem_30)",
    )


# -- print_readable code inside logs ------------------------------------------------------------

TORCH_LOG_HEADER = "I1201 23:14:49.384000 9946 torch/_functorch/_aot_autograd/graph_capture.py:411] [0/0] [__aot_graphs] "  # noqa: E501
AOT_GRAPH = """
 ===== Forward graph 0 =====
 /torch/fx/_lazy_graph_module.py class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "Sym(s77)", arg2_1: "f32[s77, 8][8, 1]cpu", arg3_1: "f32[8, 8][8, 1]cpu"):
        # File: /tmp/model.py:4 in f, code: return torch.nn.functional.silu(x @ w) * 2
        mm: "f32[s77, 8][8, 1]cpu" = torch.ops.aten.mm.default(arg2_1, arg3_1);  arg2_1 = arg3_1 = None
        silu: "f32[s77, 8][8, 1]cpu" = torch.ops.aten.silu.default(mm);  mm = None
        return (silu,)

"""  # noqa: E501


def test_print_readable_graphs_inside_torch_and_vllm_logs(tmp_path: Path) -> None:
    torch_lines = [TORCH_LOG_HEADER + "TRACED GRAPH"]
    torch_lines += [TORCH_LOG_HEADER + line for line in AOT_GRAPH.strip("\n").split("\n")]
    readable = textwrap.dedent(V1_PIECE).strip("\n").split("\n")[2:]  # without the imports
    vllm_lines = [LOG_HEADER + "graph: " + readable[0]]
    vllm_lines += [f"(Worker_TP0 pid=1) {line}" for line in readable[1:]]
    log = ["INFO 07-29 10:58:40 [core.py:80] starting", *torch_lines, *vllm_lines, "done"]
    path = write(tmp_path, "\n".join(log), "run.log")
    aot, v1 = read_fx_graphs(path)
    assert [(n.name, n.target, n.dump_line) for n in aot.nodes] == [
        ("mm", "aten.mm.default", 7),
        ("silu", "aten.silu.default", 8),
    ]
    assert node(aot, "mm").source == ("/tmp/model.py", 4)
    assert aot.meta("arg2_1") == TensorMeta(("s77", 8), "fp32")
    assert aot.token_symbols() == ("s77", "arg0_1")
    assert [n.name for n in v1.nodes] == [
        "submod_0.embedding",
        "submod_0.all_reduce",
        "submod_0.view",
    ]
    assert read_program(path).warnings[0].startswith(f"{path}: holds 2 graphs (at lines 4, 10)")


def test_a_log_without_graph_code_is_refused_as_before(tmp_path: Path) -> None:
    path = write(tmp_path, TORCH_LOG_HEADER + "nothing to see\n", "empty.log")
    refused(path, "not an fx graph dump", line=1)


# -- print_readable forms of vLLM V1 --------------------------------------------------------------

V1_PIECE = """
from __future__ import annotations
import torch
class GraphModule(torch.nn.Module):
    def forward(self, s72: "Sym(s72)", l_input_ids_: "i32[s72]", l_positions_: "i64[s72]", w: "bf16[1024, 256]"):
        submod_0 = self.submod_0(l_input_ids_, s72, w);  l_input_ids_ = w = None
        getitem: "bf16[s72, 256]" = submod_0[0]
        getitem_1: "bf16[s72, 256]" = submod_0[1];  submod_0 = None
        return (getitem, getitem_1)

    class submod_0(torch.nn.Module):
        def forward(self, l_input_ids_: "i32[s72]", s72: "Sym(s72)", w: "bf16[1024, 256]"):
            # File: /vllm/model_executor/layers/vocab_parallel_embedding.py:47 in embedding, code: return F.embedding(input_, layer.weight)
            embedding: "bf16[s72, 256]" = torch.ops.aten.embedding.default(w, l_input_ids_)
            # File: /vllm/distributed/parallel_state.py:120 in all_reduce
            all_reduce: "bf16[s72, 256]" = torch.ops.vllm.all_reduce(embedding, 'tp:0')
            view: "bf16[s72, 256]" = torch.ops.aten.view.default(all_reduce, [s72, 256])
            return (all_reduce, view)
"""  # noqa: E501


def test_a_vllm_v1_split_graph_with_a_symbolic_token_count(tmp_path: Path) -> None:
    graph = read_program(write(tmp_path, V1_PIECE, "computation_graph.py"))
    assert graph.meta("l_input_ids_") == TensorMeta(("s72",), "int32")
    assert graph.meta("s72") == TensorMeta((), "sym", symbol="s72")
    reduce = node(graph, "submod_0.all_reduce")
    assert reduce.target == "vllm.all_reduce.default"  # the packet call, as Dynamo prints it
    assert reduce.source == ("/vllm/distributed/parallel_state.py", 120)
    assert node(graph, "submod_0.view").args[1] == Arg(None, ArgKind.SYMS, ("s72", 256))
    assert graph.token_symbols() == ("s72",)


def test_type_stub_preambles_are_tolerated_but_nothing_else_at_the_top(tmp_path: Path) -> None:
    stubs = "import torch\nb8: type\nbf16: type\n# Graph[rank=0](fw, gid=0)\n"
    body = "class <lambda>(torch.nn.Module):\n    def forward(self, x):\n        return (x,)\n"
    assert read_program(write(tmp_path, stubs + body, "ok.py")).outputs == ("x",)
    refused(write(tmp_path, "b8: int = 3\n" + body, "valued.py"), "is not allowed", line=1)
    refused(write(tmp_path, body + "b8: type\n", "after.py"), "is not allowed", line=4)


def test_dynamo_bytecode_and_python_level_graphs_say_what_to_read_instead(tmp_path: Path) -> None:
    transformed = """
    def __transformed_code_0_for_forward(self, input_ids, positions):
        __temp_2, = __compiled_fn_1(input_ids, positions)
        return __temp_2
    """
    refused(write(tmp_path, transformed, "transformed_code.py"), "transformed bytecode", line=1)
    dynamo = """
    class GraphModule(torch.nn.Module):
        def forward(self, x: "bf16[4, 8]", w: "bf16[8, 8]"):
            linear: "bf16[4, 8]" = torch._C._nn.linear(x, w, None)
            return (linear,)
    """
    # a graph Dynamo traced is read at ATen level (tests/engines/test_dynamo_reader.py)
    traced = read_fx_text(write(tmp_path, dynamo, "dynamo.py"))
    assert [node.target for node in traced.nodes] == ["aten.linear.default"]
    kernels = """
    # AOT ID: ['0_inference']
    from ctypes import c_void_p, c_long, c_int
    import torch
    from torch._inductor.select_algorithm import extern_kernels
    def call(args):
        return args
    """
    refused(write(tmp_path, kernels, "kernel_0.py"), "Inductor's generated code", line=1)
    patterns = """
    # This file was produced by VllmPatternMatcherPass.dump_patterns
    from torch._inductor.pattern_matcher import *
    def pattern_0():
        return CallFunction(torch.ops.vllm.all_reduce.default, KeywordArg('input'))
    """
    refused(write(tmp_path, patterns, "patterns.SequenceParallelismPass.0.py"), "patterns")
    method = """
    graph():
        %x : [num_users=1] = placeholder[target=x]
        %view : [num_users=1] = call_method[target=view](args = (%x, -1), kwargs = {})
        return view
    """
    refused(write(tmp_path, method), "call_method of 'view'", line=3)


# -- hostile text ---------------------------------------------------------------------------------


def test_submodules_calling_each_other_are_refused_before_any_inlining(tmp_path: Path) -> None:
    # eight levels, each forward calling its child ten times: 10**8 nodes if inlined
    def level(depth: int) -> str:
        pad = "    " * depth
        if depth == 8:
            return f"{pad}class m8(torch.nn.Module):\n{pad}    def forward(self, x):\n" + (
                f"{pad}        y = torch.ops.aten.neg.default(x)\n{pad}        return y\n"
            )
        calls = "".join(f"{pad}        c{i} = self.m{depth + 1}(x)\n" for i in range(10))
        head = "class GraphModule" if depth == 0 else f"class m{depth}"
        return (
            f"{pad}{head}(torch.nn.Module):\n{pad}    def forward(self, x):\n{calls}"
            f"{pad}        return c0\n" + level(depth + 1)
        )

    path = write(tmp_path, level(0), "bomb.py")
    refused(path, "over 30000 nodes with its submodules inlined", line=2)
    small = TextLimits(nodes=50)
    with pytest.raises(ReadError, match="over 50 nodes"):
        read_fx_text(path, limits=small)


NEG = "torch.ops.aten.neg.default"


def call_line(target: str, args: str, tail: str = "") -> str:
    return (
        f"%a : [num_users=1] = call_function[target={target}](args = {args}, kwargs = {{}}){tail}"
    )


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (call_line(NEG, "(%x,)", " extra"), ["text after"]),
        (call_line(NEG, "(%x,)").replace("), kwargs", ") kwargs"), ["expected ', kwargs = '"]),
        (call_line(NEG, "(%x,,)"), ["empty or unbalanced"]),
        (call_line(NEG, "([[[[[[1]]]]]],)"), ["nest over"]),
        (call_line(NEG, "(%x, {k: 1})"), ["dict argument"]),
        (call_line("builtins.eval", "(%x,)"), ["not an op"]),
        (call_line("operator.getitem", "(%x, %x)"), ["index"]),
        (
            call_line("torch.ops.higher_order.auto_functionalized", "(%x,)"),
            ["without the operator"],
        ),
        ("%x : [num_users=1] = placeholder[target=x]", ["a second time"]),
        ("%a : [num_users=1] = frobnicate[target=x]", ["unknown node kind"]),
        (call_line(NEG, "(%b,)"), ["before line 4"]),
        ("%a : [num_users=x] = placeholder[target=a]", ["malformed node line"]),
    ],
)
def test_bad_node_lines_are_one_located_error(tmp_path: Path, line: str, words: list[str]) -> None:
    text = "graph():\n    %x : [num_users=1] = placeholder[target=x]\n    " + line + "\n"
    if "%b," in line:
        text += "    " + call_line(NEG, "(%x,)").replace("%a", "%b") + "\n"
    text += "    return (x,)\n"
    refused(write(tmp_path, text), *words, line=3)


def test_argument_lists_and_graph_counts_are_bounded(tmp_path: Path) -> None:
    items = ", ".join(["1"] * 70_000)
    long_line = (
        "%a : [num_users=1] = call_function[target=torch.ops.aten.view.default]"
        f"(args = (%x, [{items}]), kwargs = {{}})"
    )
    path = write(tmp_path, f"graph():\n%x : [num_users=1] = placeholder[target=x]\n{long_line}\n")
    refused(path, "over 65536 items", line=3)
    code = write(
        tmp_path,
        f"def forward(self, x):\n    a = torch.ops.aten.view.default(x, [{items}])\n    return a\n",
        "long.py",
    )
    refused(code, "an argument list of 70000 items", line=2)
    graphs = "".join(
        f"graph():\n%x{i} : [num_users=0] = placeholder[target=x]\nreturn None\n" for i in range(3)
    )
    with pytest.raises(ReadError, match="over 2 graphs"):
        read_fx_graphs(write(tmp_path, graphs, "many.txt"), limits=TextLimits(graphs=2))


def test_a_hostile_log_line_stays_linear(tmp_path: Path) -> None:
    # a prefix that almost matches, a header that almost matches, many `%` and brackets
    noise = [
        "(" * 5000 + "DEBUG 07-29 10:58:47 [" * 2000,
        "graph(" * 20000 + ":",
        "%x : " * 20000,
        "%a : [num_users=1] = call_function[target=torch.ops.aten.neg.default](args = ("
        + "(" * 50_000,
    ]
    path = write(tmp_path, "\n".join(noise))
    error = refused(path)
    assert error.line in (3, 4)


def test_a_hostile_log_of_code_stays_linear_and_located(tmp_path: Path) -> None:
    noise = [
        TORCH_LOG_HEADER + " class x" * 20_000 + " class A(torch.nn.Module):",
        TORCH_LOG_HEADER + "    def forward(self, x):",
        TORCH_LOG_HEADER + "        y = (" + "(" * 50_000,
        "(" * 5000 + "]" * 5000,
    ]
    error = refused(write(tmp_path, "\n".join(noise), "noise.log"), "not an fx graph dump")
    assert error.line == 3


def test_a_hostile_dump_is_exit_2_with_its_line_through_the_cli(tmp_path: Path) -> None:
    path = write(tmp_path, "graph():\n%x : [num_users=x] = placeholder[target=x]\n", "bad.txt")
    result = run("check", path)
    assert result.code == 2
    assert (
        result.err.strip()
        .splitlines()[-1]
        .endswith(f"{path}:2: a malformed node line '%x : [num_users=x] = placeholder[target=x]'")
        or f"{path}:2:" in result.err
    )
    assert "Traceback" not in result.err


# -- the verdicts of check, once the vLLM lowerings land -----------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        TP1,
        TP2,
        BEFORE,
        AFTER,
    ],
    ids=lambda p: p.name,
)
def test_each_shared_dump_type_checks(path: Path) -> None:
    # SOURCES.md: every file is read and passes the type rules; the Entangle files' model
    # (Qwen2-1.5B, shipped) is found from the embedding table, so TP 2 needs no flag
    result = run("check", path)
    assert result.code == 0, result.err + result.out


def test_the_tp2_dump_with_sp_says_sp_was_not_applied_naming_the_all_reduce_and_its_norm() -> None:
    result = run("check", TP2, "--sp")
    assert result.code == 1
    assert "[sequence-parallel-not-applied]" in result.out
    assert (
        "the first all_reduce, all_reduce, feeds the norm "
        "model.layers.0.input_layernorm.auto_functionalized"
    ) in result.out
    assert "help: vLLM's SequenceParallelismPass rewrites an all_reduce" in result.out


def test_a_debug_log_of_two_passes_graphs_reads_each_as_its_own(tmp_path: Path) -> None:
    """vLLM-Ascend's DEBUG log printed one pass's graph and then another's on the same worker,
    the logging site changing from sequence_parallelism.py:350 to sequence_parallelism_moe.py:194
    with no return line between: once read as one graph defining every node twice."""
    first = (DATA / "vllm_ascend_issue4239_before_AddRMSNormQuant_pass.graph.txt").read_text()
    second = (DATA / "vllm_ascend_issue4239_after_AddRMSNormQuant_pass.graph.txt").read_text()

    def logged(text: str, site: str) -> list[str]:
        return [
            f"(Worker_TP0 pid=11) DEBUG 12-01 10:00:00.123 [{site}] {line}"
            for line in text.splitlines()
            if line.strip() and not line.strip().startswith(("graph(", "return"))
        ]

    log = tmp_path / "two-passes.log"
    lines = logged(first, "sequence_parallelism.py:350")
    lines += logged(second, "sequence_parallelism_moe.py:194")
    log.write_text("\n".join(lines) + "\n")
    result = run("check", log)
    assert result.code == 0, result.err
    assert "holds 2 graphs (at lines 1, " in result.err
    assert "a second time" not in result.err
