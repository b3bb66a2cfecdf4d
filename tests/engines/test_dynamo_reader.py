"""Graphs Dynamo traced, read at ATen level (layoutcheck/engines/dynamo.py): the real files of a
vLLM capture (tests/data/vllm-capture/tp2-dynamo, README there) checked as the ATen dump of the
same run is, and each rewrite of the table asserted on small graphs."""

from __future__ import annotations

import functools
import itertools
import json
import textwrap
from pathlib import Path

import pytest

from layoutcheck.engines import EngineNode, EngineProgram, ReadError, read_fx_text, read_program
from layoutcheck.engines.dynamo import (
    REWRITES,
    module_of_input,
    shipped_call_table,
)
from layoutcheck.engines.lower import RunSettings, lower_program
from layoutcheck.engines.opmap import shipped_opmaps
from layoutcheck.models.config import load_config, model_spec
from tests.helpers import ROOT, run

CAPTURED = ROOT / "tests" / "data" / "vllm-capture"
RUN = CAPTURED / "tp2-dynamo"
MODEL = CAPTURED / "tiny-qwen3"
DUMP = RUN / "rank_0_dp_0"  # vLLM's debug_dump_path of rank 0: depyf's files, transformed code
CAPTURED_GRAPH = DUMP / "__compiled_fn_1.__compiled_fn_1_f8fc148e_8b98_4ad5_b38b_a0880bf30474.0.py"
GRAPHS = [
    RUN / "rank_0_0" / "computation_graph.py",  # vLLM's compile cache, per rank
    RUN / "rank_1_0" / "computation_graph.py",
    CAPTURED_GRAPH,  # depyf's Captured Graph: before vLLM splits it and lowers its IR ops
    DUMP / "__compiled_fn_1.BEFORE_PRE_GRAD.0.py",
]
ATEN_DUMP = CAPTURED / "tp2" / "before_sp" / "rank_0.py"  # the same model's ATen graph


@functools.cache
def program(path: Path) -> EngineProgram:
    return read_program(path)


def write(tmp_path: Path, text: str, name: str = "graph.py") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
    return path


def nodes(program: EngineProgram, target: str) -> list[EngineNode]:
    return [node for node in program.nodes if node.target == target]


# -- the real files ------------------------------------------------------------------------------


@pytest.mark.parametrize("graph", GRAPHS, ids=lambda p: p.name)
def test_each_dynamo_file_checks_clean_as_plain_tp_with_no_target_unknown(graph: Path) -> None:
    result = run("check", graph, "--config", MODEL, "--tp", 2, "--format", "json")
    report = json.loads(result.out)
    assert result.code == 0, result.out
    assert report["diagnostics"] == []  # no [unknown-engine-op] among them, nor anything else


@pytest.mark.parametrize("graph", GRAPHS, ids=lambda p: p.name)
def test_asking_sp_of_each_dynamo_file_says_it_was_not_applied_as_the_aten_dump_does(
    graph: Path,
) -> None:
    verdicts = []
    for path in (graph, ATEN_DUMP):
        result = run("check", path, "--config", MODEL, "--tp", 2, "--sp", "--format", "json")
        rules = sorted(d["rule"] for d in json.loads(result.out)["diagnostics"])
        verdicts.append((result.code, rules))
    assert verdicts[0] == verdicts[1] == (1, ["sequence-parallel-not-applied"])


def test_the_dynamo_graph_lowers_to_the_aten_dump_s_collectives_norms_and_linears() -> None:
    spec = model_spec(*load_config(str(MODEL)))
    kinds = []
    for path in (GRAPHS[0], ATEN_DUMP):
        graph = lower_program(read_program(path), spec, RunSettings(tp=2)).graph
        counted = ("all_reduce", "rms_norm", "add_rms_norm", "linear", "attention", "embedding")
        kinds.append({kind: sum(op.kind == kind for op in graph.ops) for kind in counted})
    assert kinds[0] == kinds[1]
    assert kinds[0]["all_reduce"] == 5 and kinds[0]["linear"] == 8


def test_layers_are_named_from_the_module_paths_of_the_parameter_inputs() -> None:
    spec = model_spec(*load_config(str(MODEL)))
    graph = lower_program(program(GRAPHS[0]), spec, RunSettings(tp=2)).graph
    linears = {op.name: op.layer for op in graph.ops if op.kind == "linear"}
    assert linears["model.layers.0.self_attn.qkv_proj"] == 0
    assert linears["model.layers.1.mlp.down_proj"] == 1
    norms = [op.name for op in graph.ops if op.kind in ("rms_norm", "add_rms_norm")]
    assert "model.layers.1.post_attention_layernorm" in norms and "model.norm" in norms
    recorded = {n.module for n in program(GRAPHS[0]).nodes if n.target == "aten.linear.default"}
    assert "model.layers.0.mlp.gate_up_proj" in recorded


def test_in_place_writes_are_followed_in_the_real_graph() -> None:
    read = program(GRAPHS[0])
    # embedding.masked_fill_(mask, 0) writes the embedding: the all-reduce reads what it wrote
    fill = nodes(read, "aten.masked_fill.Scalar")[0]
    assert nodes(read, "vllm.all_reduce.default")[0].tensor_inputs() == fill.outputs
    # the attention writes its output buffer: functionalized, o_proj reads what it wrote
    attention = nodes(read, "vllm.unified_attention_with_output.default")[0]
    assert attention.wrapper == "auto_functionalized"
    written = attention.outputs[1]
    assert written is not None
    readers = [n for n in read.nodes if written in n.tensor_inputs()]
    assert [n.target for n in readers] == ["aten.view.default"]


def test_transformed_code_is_followed_to_the_graph_it_calls() -> None:
    for code in (DUMP / "transformed_code.py", DUMP / "__transformed_code_0_for_forward.py"):
        read = read_program(code)
        assert read.nodes == program(CAPTURED_GRAPH).nodes
        assert any("calls __compiled_fn_1_f8fc148e" in w for w in read.warnings)
    result = run("check", DUMP / "transformed_code.py", "--config", MODEL, "--tp", 2)
    assert result.code == 0 and "0 errors" in result.out


def test_transformed_code_alone_is_refused_in_one_line_naming_the_file_to_read(
    tmp_path: Path,
) -> None:
    alone = tmp_path / "transformed_code.py"
    alone.write_bytes((DUMP / "transformed_code.py").read_bytes())
    result = run("check", alone)
    assert result.code == 2 and result.out == ""
    line = result.err.strip()
    assert "\n" not in line and "Traceback" not in line
    assert "__compiled_fn_1.__compiled_fn_1_f8fc148e_8b98_4ad5_b38b_a0880bf30474.0.py" in line
    assert "computation_graph.py" in line and str(alone) in line


# -- the rewrites ----------------------------------------------------------------------------------

HEADER = "class GraphModule(torch.nn.Module):\n    def forward(self, {params}):\n"


def graph(params: str, body: str) -> str:
    lines = textwrap.dedent(body).strip("\n").splitlines()
    return HEADER.format(params=params) + "".join(f"        {line}\n" for line in lines)


def read(tmp_path: Path, params: str, body: str) -> EngineProgram:
    return read_fx_text(write(tmp_path, graph(params, body)))


def calls(program: EngineProgram) -> list[tuple[str, tuple[object, ...]]]:
    return [(n.target, tuple(a.value for a in n.args)) for n in program.nodes]


def test_operators_become_the_aten_ops_of_their_operands(tmp_path: Path) -> None:
    read_ = read(
        tmp_path,
        'ids: "i64[s0]", x: "bf16[s0, 8]", y: "bf16[s0, 8]"',
        """
        ge: "b8[s0]" = ids >= 0
        mask: "i64[s0]" = 512 * ge
        diff: "bf16[s0, 8]" = x - y
        flip: "bf16[s0, 8]" = 1 - x
        inverted: "b8[s0]" = ~ge
        return (mask, diff, flip, inverted)
        """,
    )
    assert calls(read_) == [
        ("aten.ge.Scalar", ("ids", 0)),
        ("aten.mul.Tensor", ("ge", 512)),  # 512 * mask is mask * 512
        ("aten.sub.Tensor", ("x", "y")),
        ("aten.rsub.Scalar", ("x", 1)),
        ("aten.bitwise_not.default", ("ge",)),
    ]


def test_size_arithmetic_stays_size_arithmetic(tmp_path: Path) -> None:
    body = 'n: "Sym(2*s0)" = s0 * 2\nreturn (n,)'
    read_ = read(tmp_path, 's0: "Sym(s0)", x: "bf16[s0, 8]"', body)
    assert calls(read_) == [("_operator.mul", ("s0", 2))]


def test_subscripts_become_slices_selects_and_unsqueezes(tmp_path: Path) -> None:
    read_ = read(
        tmp_path,
        'x: "bf16[s0, 4, 64]"',
        """
        rot: "bf16[s0, 4, 32]" = x[(Ellipsis, slice(None, 32, None))]
        rest: "bf16[s0, 4, 32]" = x[..., 32:]
        first: "bf16[s0, 64]" = x[:, 0]
        wide: "bf16[s0, 1, 4, 64]" = x[:, None]
        whole: "bf16[s0, 4, 64]" = x[..., :64]
        return (rot, rest, first, wide, whole)
        """,
    )
    assert calls(read_) == [
        ("aten.slice.Tensor", ("x", 2, 0, 32)),
        ("aten.slice.Tensor", ("x", 2, 32, 2**63 - 1)),
        ("aten.select.int", ("x", 1, 0)),
        ("aten.unsqueeze.default", ("x", 1)),
        ("aten.alias.default", ("x",)),  # the whole dim: no slice
    ]


def test_methods_and_functions_take_aten_s_argument_order(tmp_path: Path) -> None:
    read_ = read(
        tmp_path,
        's0: "Sym(s0)", ids: "i64[s0]", w: "bf16[16, 8]", x: "bf16[s0, 8]"',
        """
        e: "bf16[s0, 8]" = torch.nn.functional.embedding(ids, w)
        v: "bf16[s0, 2, 4]" = x.view(s0, 2, 4)
        parts = x.chunk(2, dim = -1)
        a: "bf16[s0, 4]" = parts[0]
        c: "f32[s0, 8]" = x.to(torch.float32)
        same: "bf16[s0, 8]" = x.to(torch.bfloat16)
        return (e, v, a, c, same)
        """,
    )
    assert calls(read_) == [
        ("aten.embedding.default", ("w", "ids")),  # F.embedding(input, weight): weight first
        ("aten.view.default", ("x", ("s0", 2, 4))),
        ("aten.split.Tensor", ("x", 4, -1)),  # 2 chunks of 8 features: splits of 4
        ("prims.convert_element_type.default", ("x", "fp32")),
        ("aten.alias.default", ("x",)),  # a cast to the dtype it has: the same values
    ]


def test_an_in_place_custom_op_is_functionalized_and_later_reads_see_what_it_wrote(
    tmp_path: Path,
) -> None:
    read_ = read(
        tmp_path,
        'x: "bf16[s0, 8]", residual: "bf16[s0, 8]", w: "bf16[8]", out: "bf16[s0, 8]"',
        """
        torch.ops._C.fused_add_rms_norm(x, residual, w, 1e-06)
        torch.ops._C.rms_norm(out, x, w, 1e-06)
        total: "bf16[s0, 8]" = out + residual
        return (total,)
        """,
    )
    fused, norm, add = read_.nodes
    assert (fused.target, fused.wrapper) == ("_C.fused_add_rms_norm.default", "auto_functionalized")
    assert [a.name for a in fused.args] == ["input", "residual", "weight", "epsilon"]
    new_x, new_residual = fused.outputs[1:]
    assert norm.arg("input") is not None and norm.arg("input").value == new_x  # type: ignore[union-attr]
    assert add.tensor_inputs() == (norm.outputs[1], new_residual)


def test_an_in_place_method_redirects_later_reads_to_its_result(tmp_path: Path) -> None:
    read_ = read(
        tmp_path,
        'x: "bf16[s0, 8]", mask: "b8[s0, 1]"',
        """
        filled = x.masked_fill_(mask, 0);  filled = None
        y: "bf16[s0, 8]" = torch.ops.aten.neg.default(x)
        return (y,)
        """,
    )
    fill, neg = read_.nodes
    assert fill.target == "aten.masked_fill.Scalar" and neg.tensor_inputs() == fill.outputs


def test_a_write_through_a_view_of_a_value_read_again_is_one_located_line(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        graph(
            'x: "bf16[s0, 8]", mask: "b8[s0, 1]"',
            """
            v: "bf16[s0, 8]" = x.view(-1, 8)
            filled = v.masked_fill_(mask, 0)
            y: "bf16[s0, 8]" = torch.ops.aten.neg.default(x)
            return (y,)
            """,
        ),
    )
    with pytest.raises(ReadError, match=r"graph\.py:5: reads 'x' after an in-place op wrote"):
        read_fx_text(path)


def test_unknown_callables_are_one_warning_listing_them(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        graph(
            'x: "bf16[s0, 8]", w: "bf16[8, 8]"',
            """
            y: "bf16[s0, 8]" = torch._C._nn.linear(x, w, None)
            m: "bf16[s0, 8]" = torch.nn.functional.mish(y)
            z: "bf16[s0, 8]" = m.frobnicate(3, key = 'a')
            return (z,)
            """,
        ),
    )
    assert run("check", path, "--tp", 1).code == 1  # no verdict over what they leave ⊤
    result = run("check", path, "--tp", 1, "--format", "json", "--allow-unknown")
    warnings = [d for d in json.loads(result.out)["diagnostics"] if d["severity"] == "warning"]
    assert [d["rule"] for d in warnings] == ["unchecked-op", "unchecked-op"]
    assert warnings[0]["message"].startswith("torch.nn.functional.mish: no op map knows it")
    assert warnings[1]["message"].startswith("Tensor.frobnicate: no op map knows it")


def test_an_argument_the_table_does_not_name_is_a_located_error(tmp_path: Path) -> None:
    path = write(tmp_path, graph('x: "bf16[4, 8]"', "y = x.view(4, 8, bogus = 1)\nreturn (y,)"))
    with pytest.raises(ReadError, match=r"graph\.py:3: Tensor\.view\(\.\.\.\) has no argument"):
        read_fx_text(path)


# -- the table and the names -----------------------------------------------------------------------


def test_the_table_s_aten_targets_and_handlers_exist() -> None:
    table = shipped_call_table()
    entries = [*table.functions.values(), *table.methods.values()]
    assert all(entry.rewrite in REWRITES for entry in entries if entry.rewrite)
    # what the real captures call reaches a lowering: each aten target those graphs need
    needed = {"aten.linear.default", "aten.embedding.default", "aten.masked_fill.Scalar"}
    assert needed <= {entry.aten for entry in entries} and needed <= set(shipped_opmaps())


@pytest.mark.parametrize(
    ("name", "module"),
    [
        (
            "L_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_",
            "model.layers.0.self_attn.qkv_proj",
        ),
        ("l_self_modules_norm_parameters_weight_", "model.norm"),
        # a buffer (the rotary cache, shared by every layer) and plain inputs place nothing
        ("l_self_modules_layers_modules_0_modules_rotary_emb_buffers_cos_sin_cache_", None),
        ("L_input_ids_", None),
        ("arg3_1", None),
    ],
)
def test_module_paths_come_from_parameter_input_names(name: str, module: str | None) -> None:
    assert module_of_input(name) == module


MOE_GRAPH = CAPTURED / "qwen3-moe-tp2-dynamo" / "rank_0_0" / "computation_graph.py"


def test_the_qwen3_moe_dynamo_graph_is_read_with_its_router_and_experts_call() -> None:
    read_ = program(MOE_GRAPH)
    targets = {node.target for node in read_.nodes}
    assert {"aten.topk.default", "_C.cpu_fused_moe.default", "vllm.all_reduce.default"} <= targets
    # math_prod((s72, 256)), a size vLLM computes in Python: a node of its own, not a refusal
    assert "math_prod" in targets


def test_the_qwen3_moe_dynamo_graph_checks_as_plain_tp() -> None:
    """_C.cpu_fused_moe writes `output` in place (functionalized through its op map's
    `mutates`), and the router's softmax, whole at this level, is the max/exp/sum/divide AOT
    decomposes it into: nothing is left unknown."""
    moe_model = CAPTURED / "tiny-qwen3-moe"
    result = run("check", MOE_GRAPH, "--config", moe_model, "--tp", 2, "--format", "json")
    assert result.code == 0, result.out
    assert json.loads(result.out)["diagnostics"] == []
    sp = run("check", MOE_GRAPH, "--config", moe_model, "--tp", 2, "--sp", "--format", "json")
    rules = [d["rule"] for d in json.loads(sp.out)["diagnostics"]]
    assert sp.code == 1 and rules == ["sequence-parallel-not-applied"]


def test_a_fragment_with_an_unknown_callable_gives_one_warning(tmp_path: Path) -> None:
    """An excerpt of a Dynamo graph (no class, no def), as an issue pastes one: its undefined
    names are inputs, its known calls ATen ops, the unknown one a single warning."""
    fragment = """
    y = torch._C._nn.linear(x, w, None)
    m = torch.nn.functional.mish(y)
    z = torch.ops.vllm.all_reduce(m, group_name = 'tp:0')
    """
    path = write(tmp_path, fragment)
    assert [n.target for n in read_fx_text(path).nodes] == [
        "aten.linear.default",
        "torch.nn.functional.mish",
        "vllm.all_reduce.default",
    ]
    result = run("check", path, "--tp", 2, "--format", "json", "--allow-unknown")
    diagnostics = json.loads(result.out)["diagnostics"]
    assert result.code == 0
    assert [(d["rule"], d["severity"]) for d in diagnostics] == [("unchecked-op", "warning")]
    assert diagnostics[0]["message"].startswith("torch.nn.functional.mish: no op map knows it")


def test_a_fragment_calling_a_module_function_is_refused_and_not_run(tmp_path: Path) -> None:
    marker = tmp_path / "pwned"
    fragment = f'y = torch.nn.functional.silu(x)\nos.system("touch {marker}")\n'
    with pytest.raises(ReadError, match=r"a bare call of os\.system\(\.\.\.\) is not allowed"):
        read_fx_text(write(tmp_path, fragment))
    assert not marker.exists()


def test_a_value_written_in_place_many_times_reads_each_write(tmp_path: Path) -> None:
    """10,000 in-place writes of one value were a chain of 10,000 names walked at every read
    (quadratic: 4,000 took 10 s) and then refused as an alias chain too deep; the chain is
    now pointed at its end as it is walked."""
    count = 10_000
    body = "\n".join(
        f"filled_{i} = x.masked_fill_(mask, 0);  filled_{i} = None" for i in range(count)
    )
    read_ = read(
        tmp_path,
        'x: "bf16[s0, 8]", mask: "b8[s0, 1]"',
        body + '\ny: "bf16[s0, 8]" = torch.ops.aten.neg.default(x)\nreturn (y,)\n',
    )
    fills = nodes(read_, "aten.masked_fill.Scalar")
    assert len(fills) == count
    # each write reads the one before it, and the last read sees the last write
    assert all(b.tensor_inputs()[0] == a.outputs[0] for a, b in itertools.pairwise(fills))
    assert nodes(read_, "aten.neg.default")[0].tensor_inputs() == fills[-1].outputs
