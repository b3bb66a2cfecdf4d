"""Graphs that embed no token ids and record no shapes (vLLM-Ascend's ``Graph.__str__``
piecewise subgraphs, fragments): the token count from the dump's token symbols, activation
inputs from how the graph uses them, feature widths from the ops, one note per assumption."""

from __future__ import annotations

import functools
import textwrap
from pathlib import Path

import pytest
import sympy

from layoutcheck.engines import read_program
from layoutcheck.engines.lower import Imported, lower_program
from layoutcheck.engines.metaless import ASSUMED_TOKENS
from layoutcheck.engines.values import ImportError_
from layoutcheck.graph import Op
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import TokenLayout
from layoutcheck.symbols import symbol
from tests.helpers import run

DATA = Path(__file__).resolve().parent.parent / "data" / "vllm-graphs"
BEFORE = DATA / "vllm_ascend_issue4239_before_AddRMSNormQuant_pass.graph.txt"
AFTER = DATA / "vllm_ascend_issue4239_after_AddRMSNormQuant_pass.graph.txt"
T = symbol("T")


@functools.cache
def imported(path: Path) -> Imported:
    return lower_program(read_program(path))


def typed(path: Path) -> TypedGraph:
    return interpret(imported(path).graph)


def write(tmp_path: Path, text: str, name: str = "graph.txt") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"))
    return path


def op_named(result: Imported, name: str) -> Op:
    found = [op for op in result.graph.ops if op.name == name]
    assert len(found) == 1, [op.name for op in result.graph.ops]
    return found[0]


def unknown_layout_notes(result: Imported) -> list[str]:
    return [w for w in result.warnings if "unknown layout" in w]


# -- the two vLLM-Ascend dumps of issue 4239 ---------------------------------------------------


def test_the_fused_add_norm_quant_gives_the_before_graphs_layout_at_every_output() -> None:
    before, after = typed(BEFORE), typed(AFTER)
    assert not before.diagnostics and not after.diagnostics

    def outputs(graph: TypedGraph) -> list[tuple[str, tuple[object, ...], str]]:
        values = [graph.value(ref) for ref in graph.graph.outputs]
        return [(v.layout, v.shape, v.dtype.value) for v in values]

    # six results, one of them the zeros buffer (data to the layout): five typed activations
    assert len(outputs(before)) == 5
    assert outputs(after) == outputs(before)
    # the residual stream out of the second norm: full tokens, complete values, the width of
    # the o_proj's result, which nothing in the dump states as a number
    residual = outputs(before)[-1]
    assert residual == ("F·W", (T, symbol("npu_quant_matmul_width")), "bf16")
    # the fusion is the same pair of layoutcheck ops as the norm and quantize it replaced
    kinds = [op.kind for op in imported(AFTER).graph.ops]
    assert kinds == [op.kind for op in imported(BEFORE).graph.ops]


def test_the_token_count_is_the_dumps_symbol_with_one_note_of_its_assumed_value() -> None:
    result = imported(BEFORE)
    notes = [w for w in result.warnings if "embeds no token ids" in w]
    assert len(notes) == 1
    assert "(in the dump: arg1_1)" in notes[0]
    assert f"T = {ASSUMED_TOKENS} is assumed only to follow its views" in notes[0]
    assert result.graph.token_count == T
    assert dict(result.graph.symbols)["T"] is None  # the graph states no count
    # view(getitem_6, [arg1_1, 32, 128]): the symbol is the token dim, the rows stay T
    view = op_named(result, "view_3")
    assert view.attr("rows") == T
    assert view.attr("features") == (32, 128)


def test_activations_weights_and_unused_inputs_are_told_apart_by_their_use() -> None:
    result = imported(BEFORE)
    inputs = {spec.name: spec for spec in result.graph.inputs}
    # arg0_1 is viewed as [-1, 4096] (through its slices); arg7_1 is the residual the first
    # fused add+norm adds to the o_proj's result: both full token rows
    assert set(inputs) == {"arg0_1", "arg7_1"}
    assert inputs["arg0_1"].shape == (T, 4096)
    assert inputs["arg7_1"].shape == (T, symbol("npu_quant_matmul_width"))
    assert all(spec.tokens is TokenLayout.FULL for spec in inputs.values())
    # the weights, scales and norm gammas stay data; the three unused ones are of unknown
    # layout, in one note
    assert unknown_layout_notes(result) == [
        f"{BEFORE}: 3 graph inputs of unknown layout (no op the op maps know reads them, and "
        "the dump states no shape): arg23_1, arg24_1, arg25_1"
    ]


def test_a_linear_takes_its_width_from_a_split_a_residual_or_else_a_symbol() -> None:
    result = imported(BEFORE)
    o_proj, down, qkv = (
        op_named(result, n) for n in ("npu_quant_matmul", "mm", "npu_quant_matmul_2")
    )
    assert o_proj.attr("in_features") == 4096  # arg0_1's view
    hidden = symbol("npu_quant_matmul_width")  # added to arg7_1, whose width is no number
    assert o_proj.attr("out_features") == hidden
    assert down.attr("out_features") == hidden  # added to the residual the first norm made
    assert qkv.attr("in_features") == hidden
    assert qkv.attr("out_features") == 6144  # split into 4096 + 1024 + 1024
    gate_up = op_named(result, "npu_quant_matmul_1").attr("out_features")
    assert isinstance(gate_up, sympy.Expr)
    assert down.attr("in_features") == gate_up / 2  # through the swiglu
    assert dict(result.graph.symbols)["npu_quant_matmul_width"] is None


@pytest.mark.parametrize("path", [BEFORE, AFTER], ids=lambda p: p.name)
def test_check_of_each_dump_says_each_assumption_once(path: Path) -> None:
    result = run("check", path)
    assert result.code == 0, result.err + result.out
    assert result.err.count("embeds no token ids") == 1
    assert result.err.count("unknown layout") == 1


# -- hand-written shape-less graphs ------------------------------------------------------------

VIEWED = """
graph():
%x : [num_users=1] = placeholder[target=x]
%w : [num_users=1] = placeholder[target=w]
%view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%x, [-1, 4096]), kwargs = {})
%mm : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%view, %w), kwargs = {})
%split : [num_users=2] = call_function[target=torch.ops.aten.split_with_sizes.default](args = (%mm, [1024, 512], -1), kwargs = {})
%getitem : [num_users=1] = call_function[target=operator.getitem](args = (%split, 0), kwargs = {})
%getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%split, 1), kwargs = {})
return (getitem, getitem_1)
"""  # noqa: E501


def test_a_view_of_a_shape_less_input_fixes_its_hidden_size(tmp_path: Path) -> None:
    result = lower_program(read_program(write(tmp_path, VIEWED)))
    assert [(s.name, s.shape, s.tokens) for s in result.graph.inputs] == [
        ("x", (T, 4096), TokenLayout.FULL)
    ]
    linear = op_named(result, "mm")
    assert (linear.attr("in_features"), linear.attr("out_features")) == (4096, 1536)
    graph = interpret(result.graph)
    assert not graph.diagnostics
    assert [graph.value(r).shape for r in result.graph.outputs] == [(T, 1024), (T, 512)]
    assert unknown_layout_notes(result) == []
    # without the view, nothing states the width: it is a symbol named for the input
    lines = [line for line in VIEWED.splitlines() if not line.startswith("%view ")]
    unviewed = "\n".join(lines).replace("(args = (%view, %w)", "(args = (%x, %w)")
    other = lower_program(read_program(write(tmp_path, unviewed, "unviewed.txt")))
    width = symbol("x_width")
    assert [(s.name, s.shape) for s in other.graph.inputs] == [("x", (T, width))]


FRAGMENT = """
%mm : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%hidden, %weight), kwargs = {})
%add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%mm, %residual), kwargs = {})
%frob : [num_users=1] = call_function[target=torch.ops.mylib.frob.default](args = (%cache,), kwargs = {})
return (add,)
"""  # noqa: E501


def test_a_fragment_input_no_known_op_reads_is_of_unknown_layout_in_one_note(
    tmp_path: Path,
) -> None:
    path = write(tmp_path, FRAGMENT)
    result = lower_program(read_program(path))
    # hidden is the matmul's activation (a width of its own), residual is added to its result
    # (the same width), weight is the matmul's weight (data), cache only an unknown op reads
    hidden = symbol("hidden_width")
    mm_width = symbol("mm_width")
    assert [(s.name, s.shape) for s in result.graph.inputs] == [
        ("hidden", (T, hidden)),
        ("residual", (T, mm_width)),
    ]
    assert unknown_layout_notes(result) == [
        f"{path}: 1 graph input of unknown layout (no op the op maps know reads it, and the "
        "dump states no shape): cache"
    ]
    checked = run("check", path)
    assert checked.code == 0, checked.err + checked.out
    assert checked.err.count("unknown layout") == 1


def test_a_weight_where_an_activation_belongs_is_a_located_error(tmp_path: Path) -> None:
    text = """
    graph():
    %x : [num_users=1] = placeholder[target=x]
    %w : [num_users=1] = placeholder[target=w]
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%x, [-1, 64]), kwargs = {})
    %t : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%w,), kwargs = {})
    %mm : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%t, %view), kwargs = {})
    return (mm,)
    """  # noqa: E501
    path = write(tmp_path, text)
    with pytest.raises(ImportError_) as caught:
        lower_program(read_program(path))
    assert caught.value.line == 6
    assert "expects an activation as x or self" in caught.value.message
    result = run("check", path)
    assert result.code == 2
    assert "Traceback" not in result.err


def test_the_graph_keeps_the_token_count_symbolic_so_another_can_be_set() -> None:
    # the assumed count only guides the walk: every row count in the graph is T itself
    graph = imported(BEFORE).graph
    assert all(op.attr("rows") == T for op in graph.ops if op.kind == "view")
    assert all(spec.shape[0] == T for spec in graph.inputs)
    result = run("check", BEFORE, "--set", "T=24")
    assert result.code == 0, result.err + result.out


def test_inputs_whose_recorded_shape_leads_with_the_token_symbol_are_token_rows(
    tmp_path: Path,
) -> None:
    code = """
    class GraphModule(torch.nn.Module):
        def forward(self, arg0_1: "Sym(s0)", arg1_1: "bf16[s0, 64]", arg2_1: "bf16[64, 32]", arg3_1: "f16[s0, 32]"):
            mm: "bf16[s0, 32]" = torch.ops.aten.mm.default(arg1_1, arg2_1);  arg1_1 = arg2_1 = None
            add: "bf16[s0, 32]" = torch.ops.aten.add.Tensor(mm, arg3_1);  mm = arg3_1 = None
            return (add,)
    """  # noqa: E501
    result = lower_program(read_program(write(tmp_path, code, "fragment.py")))
    assert [(s.name, s.shape, s.dtype.value) for s in result.graph.inputs] == [
        ("arg1_1", (T, 64), "bf16"),
        ("arg3_1", (T, 32), "fp16"),  # its own recorded dtype
    ]
    linear = op_named(result, "mm")
    assert (linear.attr("in_features"), linear.attr("out_features")) == (64, 32)  # its weight's
    notes = [w for w in result.warnings if "embeds no token ids" in w]
    assert len(notes) == 1 and "(in the dump: arg0_1, s0)" in notes[0]


def test_a_graph_with_nothing_read_as_token_rows_is_refused_in_one_line(tmp_path: Path) -> None:
    text = """
    graph():
    %w : [num_users=1] = placeholder[target=w]
    %t : [num_users=1] = call_function[target=torch.ops.aten.t.default](args = (%w,), kwargs = {})
    return (t,)
    """
    path = write(tmp_path, text)
    result = run("check", path)
    assert result.code == 2
    last = result.err.strip().splitlines()[-1]
    assert f"{path}: error: the graph embeds no token ids and no op of it reads" in last
    assert "Traceback" not in result.err


SP_PIECE = """
graph():
%x : [num_users=1] = placeholder[target=x]
%w : [num_users=1] = placeholder[target=w]
%resid : [num_users=1] = placeholder[target=resid]
%norm_w : [num_users=1] = placeholder[target=norm_w]
%h : [num_users=1] = placeholder[target=h]
%w2 : [num_users=1] = placeholder[target=w2]
%view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%x, [-1, 2048]), kwargs = {})
%mm : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%view, %w), kwargs = {})
%reduce_scatter : [num_users=1] = call_function[target=torch.ops.vllm.reduce_scatter.default](args = (%mm, 0, 2, tp:0), kwargs = {})
%auto_functionalized : [num_users=2] = call_function[target=torch.ops.higher_order.auto_functionalized](args = (torch.ops._C.fused_add_rms_norm.default,), kwargs = {input: %reduce_scatter, residual: %resid, weight: %norm_w, epsilon: 1e-05})
%getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%auto_functionalized, 1), kwargs = {})
%getitem_2 : [num_users=1] = call_function[target=operator.getitem](args = (%auto_functionalized, 2), kwargs = {})
%all_gather : [num_users=1] = call_function[target=torch.ops.vllm.all_gather.default](args = (%getitem_1, 0, 2, tp:0), kwargs = {})
%all_gather_1 : [num_users=1] = call_function[target=torch.ops.vllm.all_gather.default](args = (%h, 0, 2, tp:0), kwargs = {})
%mm_1 : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%all_gather, %w2), kwargs = {})
return (mm_1, getitem_2, all_gather_1)
"""  # noqa: E501


def test_a_sequence_parallel_piece_takes_its_inputs_as_the_gathers_and_norms_read_them(
    tmp_path: Path,
) -> None:
    # a piece of vLLM's post-SP graph: the residual the norm adds to the reduce-scattered
    # rows is LOCAL, as is what a token all_gather reads; the o_proj's input is FULL
    path = write(tmp_path, SP_PIECE)
    result = lower_program(read_program(path))
    inputs = {spec.name: spec for spec in result.graph.inputs}
    assert {n: s.tokens for n, s in inputs.items()} == {
        "x": TokenLayout.FULL,
        "resid": TokenLayout.LOCAL,
        "h": TokenLayout.LOCAL,
    }
    assert inputs["resid"].shape == (T / symbol("tp"), symbol("mm_width"))
    # a reduce-scatter of a result whose width is a symbol is still the token reduce-scatter
    assert [op.kind for op in result.graph.ops][:3] == ["linear", "reduce_scatter", "add_rms_norm"]
    notes = [w for w in result.warnings if "taken as LOCAL" in w]
    assert len(notes) == 1 and notes[0].endswith(
        ": resid, h; the graph does not show how they were laid out"
    )
    checked = run("check", path, "--sp")
    assert checked.code == 0, checked.err + checked.out
    # the same piece before the pass: the all_reduce feeds the norm, and --sp says so
    before = SP_PIECE.replace(
        "torch.ops.vllm.reduce_scatter.default](args = (%mm, 0, 2, tp:0)",
        "torch.ops.vllm.all_reduce.default](args = (%mm, tp:0)",
    ).replace(
        "torch.ops.vllm.all_gather.default](args = (%getitem_1, 0, 2, tp:0)",
        "torch.ops.aten.alias.default](args = (%getitem_1,)",
    )
    before = "\n".join(line for line in before.splitlines() if "%all_gather_1" not in line)
    before = before.replace("getitem_2, all_gather_1)", "getitem_2)")
    pre = write(tmp_path, before, "pre.txt")
    assert run("check", pre, "--tp", "2").code == 0
    unapplied = run("check", pre, "--tp", "2", "--sp")
    assert unapplied.code == 1
    assert "[sequence-parallel-not-applied]" in unapplied.out
    assert str(ASSUMED_TOKENS) not in unapplied.out  # the assumed count is no compile size
