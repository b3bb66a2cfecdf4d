"""Norms an engine graph writes out in elementwise ops, lowered as the catalogue's norm: the
decomposed nn.LayerNorm (tests/engines/vllm/layer_norm_tp2.fx.txt), Command-R's norm functions
(vllm/model_executor/models/commandr.py:68-75, :93-101, in the zoo's capture), and what keeps a
look-alike from being taken for one. Then the decoder layers such models are counted by: a
module list named ``h`` (falcon.py:386-391) and one norm per parallel block."""

from __future__ import annotations

import json
from pathlib import Path

from layoutcheck.engines import read_program
from layoutcheck.engines.lower import lower_program
from layoutcheck.engines.settings import RunSettings
from layoutcheck.models import load_config, model_spec
from layoutcheck.roles import role
from tests.helpers import ROOT, run

FIXTURES = Path(__file__).resolve().parent / "vllm"
LAYER_NORM = FIXTURES / "layer_norm_tp2.fx.txt"
ZOO = ROOT / "tests" / "data" / "vllm-capture" / "zoo"


def _lowered(path: Path, config: Path | None = None) -> list[tuple[str, str, tuple[str, ...]]]:
    spec = model_spec(*load_config(config)) if config is not None else None
    graph = lower_program(read_program(path), spec, RunSettings(tp=2)).graph
    return [(op.name, op.kind, tuple(str(i) for i in op.inputs)) for op in graph.ops]


def test_a_decomposed_layer_norm_is_one_layer_norm_of_what_the_all_reduce_gave() -> None:
    ops = _lowered(LAYER_NORM)
    norms = [op for op in ops if op[1] == "layer_norm"]
    assert norms == [("convert_element_type_1", "layer_norm", ("all_reduce",))]
    # its var_mean, sub, rsqrt, products and casts are the norm's work, no ops of their own
    inner = {"convert_element_type", "var_mean", "sub", "add", "rsqrt", "mul_1", "mul_2", "add_1"}
    assert inner.isdisjoint(name for name, _, _ in ops)
    assert [kind for _, kind, _ in ops].count("pointwise") == 6  # the vocab mask's alone


def test_check_sp_names_the_all_reduce_left_before_the_written_norm_and_why() -> None:
    result = run("check", LAYER_NORM, "--tp", "2", "--sp", "--format", "json")
    assert result.code == 1, result.err
    (error,) = json.loads(result.out)["diagnostics"]
    assert error["rule"] == "sequence-parallel-not-applied"
    assert (
        "the first all_reduce, all_reduce, feeds the norm convert_element_type_1"
        in (error["message"])
    )
    said = run("check", LAYER_NORM, "--tp", "2", "--sp").out
    assert "likely cause: 1 of the norms (convert_element_type_1) are written out in" in said


# Command-R's layer_norm_func (commandr.py:68-75) as the trace writes it: the mean, the centred
# row squared and averaged, the row centred again, the rsqrt, the weight in float32, the cast
COMMAND_R_LAYER_NORM = """\
        mean: "f32[16, 1]" = torch.ops.aten.mean.dim(convert_element_type, [-1], True)
        sub: "f32[16, 64]" = torch.ops.aten.sub.Tensor(convert_element_type, mean)
        pow_1: "f32[16, 64]" = torch.ops.aten.pow.Tensor_Scalar(sub, 2);  sub = None
        mean_1: "f32[16, 1]" = torch.ops.aten.mean.dim(pow_1, [-1], True);  pow_1 = None
        sub_1: "f32[16, 64]" = torch.ops.aten.sub.Tensor(convert_element_type, mean)
        add: "f32[16, 1]" = torch.ops.aten.add.Tensor(mean_1, 1e-05);  mean_1 = None
        rsqrt: "f32[16, 1]" = torch.ops.aten.rsqrt.default(add);  add = None
        mul_1: "f32[16, 64]" = torch.ops.aten.mul.Tensor(sub_1, rsqrt);  sub_1 = rsqrt = None
        weight: "f32[64]" = torch.ops.prims.convert_element_type.default(arg2_1, torch.float32)
        add_1: "f32[16, 64]" = torch.ops.aten.mul.Tensor(weight, mul_1);  weight = mul_1 = None
"""


def test_command_r_s_written_layer_norm_is_one_layer_norm(tmp_path: Path) -> None:
    lines = LAYER_NORM.read_text().splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if "var_mean = torch" in line)
    end = next(i for i, line in enumerate(lines) if "add_1: " in line)
    path = tmp_path / "command_r_layer_norm.py"
    path.write_text("".join(lines[:start]) + COMMAND_R_LAYER_NORM + "".join(lines[end + 1 :]))
    ops = _lowered(path)
    assert [op for op in ops if op[1] == "layer_norm"] == [
        ("convert_element_type_1", "layer_norm", ("all_reduce",))
    ]
    assert {"mean", "sub", "pow_1", "mean_1", "sub_1", "rsqrt"}.isdisjoint(n for n, _, _ in ops)


def test_a_statistic_read_outside_the_norm_leaves_its_ops_one_by_one(tmp_path: Path) -> None:
    # the same graph whose row mean is also returned: the norm's inner value escapes it, so the
    # ops are no norm of their own (a look-alike is never absorbed)
    text = LAYER_NORM.read_text()
    text = text.replace(
        'getitem_1: "f32[16, 1]" = var_mean[1];  var_mean = None',
        'getitem_1: "f32[16, 1]" = var_mean[1];  var_mean = None\n'
        '        mean_copy: "f32[16, 1]" = torch.ops.aten.mul.Tensor(getitem_1, 2)',
    ).replace("return (mm,)", "return (mm, mean_copy)")
    path = tmp_path / "layer_norm_mean_read.py"
    path.write_text(text)
    kinds = [kind for _, kind, _ in _lowered(path)]
    assert "layer_norm" not in kinds and "per_token" in kinds


def test_command_r_s_written_rms_norm_is_the_input_layernorm_of_each_layer() -> None:
    folder = ZOO / "cohere"
    graph = lower_program(
        read_program(folder / "after_sp" / "rank_0.pt2"),
        model_spec(*load_config(folder)),
        RunSettings(tp=2),
    ).graph
    norms = [op for op in graph.ops if op.kind == "rms_norm"]
    assert [(op.name, op.layer, op.attr("written")) for op in norms] == [
        ("layers.0.input_layernorm", 0, True),
        ("layers.1.input_layernorm", 1, True),
        ("norm", None, True),
    ]
    assert all(op.has_role(role("layer.input_layernorm")) for op in norms[:2])
    assert graph.layers() == (0, 1)


def test_falcon_s_layers_are_counted_in_its_archive_and_in_its_text_dump() -> None:
    # Falcon's decoder layers are transformer.h.N (falcon.py:386-391), each one norm before its
    # attention and MLP run in parallel (falcon.py:316-348): two layers either way
    folder = ZOO / "falcon"
    for dump in ("rank_0.pt2", "rank_0.py"):
        result = run("check", folder / "before_sp" / dump, "--config", folder)
        assert result.code == 0, result.err
        assert "(108 ops, 2 layers)" in result.out, (dump, result.out)


# -- Gemma-2's four norms a layer, in vLLM's own capture after its SP pass ----------------------


def test_gemma2_s_pre_feedforward_norm_adds_its_residual_and_is_named_by_its_role() -> None:
    # vllm_ir.fused_add_rms_norm(x, x_residual, weight, epsilon) (vllm/ir/ops/layernorm.py:44):
    # an archive names the residual x_residual, and the norm reads it (gemma2.py:241-243)
    folder = ZOO / "gemma2"
    graph = lower_program(
        read_program(folder / "after_sp" / "rank_0.pt2"),
        model_spec(*load_config(folder)),
        RunSettings(tp=2),
    ).graph
    (norm,) = [op for op in graph.ops if op.name == "layers.0.pre_feedforward_layernorm"]
    assert norm.kind == "add_rms_norm" and norm.has_role(role("layer.pre_feedforward_layernorm"))
    assert [str(ref) for ref in norm.inputs] == ["layers.0.post_attention_layernorm.all_gather",
                                                 "mul_2"]  # fmt: skip


def test_gemma2_s_pre_feedforward_norms_on_gathered_tokens_are_errors_of_the_sp_contract() -> None:
    # the pass rewrites the post-norms only and gathers them straight back: the fused add + norm
    # that opens each feed-forward runs on all tokens (gemma2.py:236-245)
    folder = ZOO / "gemma2"
    result = run(
        "check", folder / "after_sp" / "rank_0.pt2", "--config", folder,
        "--engine-version", "vllm==0.31", "--format", "json",
    )  # fmt: skip
    assert result.code == 1, result.err
    local = [
        d["op"] for d in json.loads(result.out)["diagnostics"]
        if d["rule"] == "sp-layer-norms-local"
    ]  # fmt: skip
    assert {"layers.0.pre_feedforward_layernorm", "layers.1.pre_feedforward_layernorm"} <= set(
        local
    ), local


def test_bloom_s_norm_of_the_embedding_opens_no_layer() -> None:
    # Bloom norms the embedding before its blocks (word_embeddings_layernorm, bloom.py:253-255):
    # a text dump's first layer begins at the norm that opens an attention, the one after it
    folder = ZOO / "bloom"
    ops = _lowered(folder / "before_sp" / "rank_0.py", folder)
    norms = [(name, inputs) for name, kind, inputs in ops if kind == "layer_norm"]
    assert norms[:2] == [
        ("convert_element_type_1", ("all_reduce",)),
        ("model.layers.0.input_layernorm", ("convert_element_type_1",)),
    ]
    assert [name for name, _ in norms[2:]] == [
        "model.layers.0.post_attention_layernorm",
        "model.layers.1.input_layernorm",
        "model.layers.1.post_attention_layernorm",
        "model.norm",
    ]


def test_a_float32_row_read_beside_the_norm_stays_a_cast_before_it(tmp_path: Path) -> None:
    # the norm's float32 copy of the row also read by another op: the cast is no part of the
    # norm, which then normalizes the float32 row and is cast back after it
    text = (
        LAYER_NORM.read_text()
        .replace(
            "var_mean = torch.ops.aten.var_mean",
            'row_copy: "f32[16, 64]" = torch.ops.aten.mul.Tensor(convert_element_type, 2)\n'
            "        var_mean = torch.ops.aten.var_mean",
        )
        .replace("return (mm,)", "return (mm, row_copy)")
    )
    path = tmp_path / "layer_norm_row_read.py"
    path.write_text(text)
    ops = {name: (kind, inputs) for name, kind, inputs in _lowered(path)}
    assert ops["add_1"] == ("layer_norm", ("convert_element_type",))
    assert ops["convert_element_type_1"] == ("cast", ("add_1",))
