"""The family lowerings of the core ATen ops (issue 27 item 2), each with a case that passes and
one that must not: along a feature dim an op is a function of each token's own features and is
typed; along the token dim it mixes ranks' rows and is a located unchecked-op, never a silent ⊤.
Each graph embeds 16 token ids into [16, 64] (FULL) and applies the op under test."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from layoutcheck.engines import read_program
from layoutcheck.engines.lower import lower_program
from tests.helpers import run

HEAD = """\
class GraphModule(torch.nn.Module):
    def forward(self, arg0_1: "i64[16]", arg1_1: "bf16[128, 64]"{params}):
        x: "bf16[16, 64]" = torch.ops.aten.embedding.default(arg1_1, arg0_1)
"""


def write(tmp_path: Path, *lines: str, params: str = "") -> Path:
    path = tmp_path / "graph.py"
    body = "".join(f"        {line}\n" for line in lines)
    head = HEAD.format(params=params)
    path.write_text(head + body + "        return (y,)\n", encoding="utf-8")
    return path


def check(path: Path, *flags: str) -> tuple[int, list[dict[str, Any]]]:
    result = run("check", path, "--tp", 1, "--format", "json", *flags)
    assert result.code in (0, 1), result.err
    return result.code, json.loads(result.out)["diagnostics"]


def kinds(path: Path) -> list[str]:
    return [op.kind for op in lower_program(read_program(path)).graph.ops]


# each op under test: along a feature dim (typed, clean) and along the tokens (flagged)
CASES = {
    "amin": (
        'y: "bf16[16, 1]" = torch.ops.aten.amin.default(x, [-1], True)',
        'y: "bf16[1, 64]" = torch.ops.aten.amin.default(x, [0], True)',
    ),
    "var": (
        'y: "bf16[16]" = torch.ops.aten.var.correction(x, [1], correction = 1)',
        'y: "bf16[64]" = torch.ops.aten.var.correction(x, [0], correction = 1)',
    ),
    "argmax": (
        'y: "i64[16]" = torch.ops.aten.argmax.default(x, -1)',
        'y: "i64[64]" = torch.ops.aten.argmax.default(x, 0)',
    ),
    "cumsum": (
        'y: "bf16[16, 64]" = torch.ops.aten.cumsum.default(x, -1)',
        'y: "bf16[16, 64]" = torch.ops.aten.cumsum.default(x, 0)',
    ),
    "gather": (
        'y: "bf16[16, 2]" = torch.ops.aten.gather.default(x, 1, i)',
        'y: "bf16[16, 2]" = torch.ops.aten.gather.default(x, 0, i)',
    ),
}
# the index a gather reads: each token's own two feature positions
INDEX = (
    "k = torch.ops.aten.topk.default(x, 2, -1)",
    'i: "i64[16, 2]" = k[1]',
)


@pytest.mark.parametrize("fn", sorted(CASES))
def test_along_the_features_the_op_is_typed_per_token(tmp_path: Path, fn: str) -> None:
    path = write(tmp_path, *(INDEX if fn == "gather" else ()), CASES[fn][0])
    assert check(path) == (0, [])
    assert kinds(path)[-1] == "per_token"


@pytest.mark.parametrize("fn", sorted(CASES))
def test_along_the_tokens_it_is_a_located_unchecked_op(tmp_path: Path, fn: str) -> None:
    path = write(tmp_path, *(INDEX if fn == "gather" else ()), CASES[fn][1])
    code, diagnostics = check(path)
    assert code == 1
    (found,) = diagnostics
    assert (found["rule"], found["severity"], found["op"]) == ("unchecked-op", "error", "y")
    assert f"({fn} along the tokens): its lowering cannot follow it" in found["message"]


def test_a_mean_over_features_is_a_sum_and_over_every_dim_is_flagged(tmp_path: Path) -> None:
    path = write(tmp_path, 'y: "bf16[16, 1]" = torch.ops.aten.mean.dim(x, [-1], True)')
    assert check(path) == (0, [])
    assert kinds(path)[-1] == "feature_sum"  # linear: a pending sum would pass it
    path = write(tmp_path, 'y: "bf16[]" = torch.ops.aten.mean.default(x)')
    code, (found,) = check(path)
    assert code == 1 and "(mean over every dim, the tokens among them)" in found["message"]


@pytest.mark.parametrize(
    "line",
    [
        'y: "bf16[16, 64]" = torch.ops.aten.tanh.default(x)',
        'y: "bf16[16, 64]" = torch.ops.aten.abs.default(x)',
        'y: "bf16[16, 64]" = torch.ops.aten.log.default(x)',
        'y: "bf16[16, 64]" = torch.ops.aten.pow.Tensor_Scalar(x, 2)',
        'y: "bf16[16, 64]" = torch.ops.aten.clamp.default(x, -1.0, 1.0)',
        'y: "b8[16, 64]" = torch.ops.aten.ne.Scalar(x, 0)',
        'y: "bf16[16, 64]" = torch.ops.aten.maximum.default(x, x)',
        'y: "bf16[16, 64]" = torch.ops.aten.clamp_min.default(x, 1e-05)',
    ],
)
def test_pointwise_core_ops_are_typed(tmp_path: Path, line: str) -> None:
    path = write(tmp_path, line)
    assert check(path) == (0, [])
    assert kinds(path)[-1] == "pointwise"


def test_a_concatenation_or_split_along_the_tokens_is_flagged(tmp_path: Path) -> None:
    cat = write(tmp_path, 'y: "bf16[32, 64]" = torch.ops.aten.cat.default([x, x], 0)')
    code, (found,) = check(cat)
    assert code == 1 and "(a concatenation along the tokens)" in found["message"]
    split = write(
        tmp_path,
        "s = torch.ops.aten.split_with_sizes.default(x, [8, 8], 0)",
        'y: "bf16[8, 64]" = s[0]',
    )
    code, (found,) = check(split)
    assert code == 1 and "(a split along the tokens)" in found["message"]
    # along the features both are typed
    features = write(tmp_path, 'y: "bf16[16, 128]" = torch.ops.aten.cat.default([x, x], 1)')
    assert check(features) == (0, [])


def test_stack_unbind_and_chunk_follow_a_feature_dim(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'st: "bf16[16, 2, 64]" = torch.ops.aten.stack.default([x, x], 1)',
        "u = torch.ops.aten.unbind.int(st, 1)",
        'a: "bf16[16, 64]" = u[0]',
        "c = torch.ops.aten.chunk.default(a, 2, -1)",
        'y: "bf16[16, 32]" = c[1]',
    )
    assert check(path) == (0, [])
    tokens = write(tmp_path, 'y: "bf16[2, 16, 64]" = torch.ops.aten.stack.default([x, x], 0)')
    code, (found,) = check(tokens)
    assert code == 1 and "(stack along the tokens or a batch dim)" in found["message"]


def test_a_fixed_index_select_of_tokens_is_a_token_select(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'last: "i64[1]" = torch.ops.aten.full.default([1], 15, dtype = torch.int64)',
        'y: "bf16[1, 64]" = torch.ops.aten.index_select.default(x, 0, last)',
    )
    assert check(path) == (0, [])
    assert kinds(path)[-1] == "token_select"


def test_a_scatter_into_a_mask_the_graph_made_takes_the_index_s_tokens(tmp_path: Path) -> None:
    # a grouped router's group mask: zeros [t, groups] with ones at each token's best groups
    path = write(
        tmp_path,
        *INDEX,
        'z: "f32[16, 8]" = torch.ops.aten.full.default([16, 8], 0, dtype = torch.float32)',
        'y: "f32[16, 8]" = torch.ops.aten.scatter.value(z, 1, i, 1)',
    )
    assert check(path) == (0, [])
    graph = lower_program(read_program(path)).graph
    (scatter,) = [op for op in graph.ops if op.attr("fn") == "scatter"]
    assert scatter.kind == "per_token" and tuple(int(f) for f in scatter.attr("features")) == (8,)
    # the mask's element type is the zeros' (fp32), not the index's
    assert (graph.ops[-1].kind, graph.ops[-1].attr("dtype")) == ("cast", "fp32")


def test_an_op_the_op_map_knows_but_cannot_type_says_why(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        'x3: "bf16[1, 16, 64]" = torch.ops.aten.unsqueeze.default(x, 0)',
        'y: "bf16[1, 16, 16]" = torch.ops.aten.bmm.default(x3, arg2_1)',
        params=', arg2_1: "bf16[1, 64, 16]"',
    )
    code, (found,) = check(path)
    assert code == 1 and found["rule"] == "unchecked-op"
    assert found["message"].startswith(
        "aten.bmm.default (a batched matmul (heads or requests as the batch)): its lowering"
    )


def test_a_shared_expert_gated_by_a_product_is_row_parallel_before_its_all_reduce(
    tmp_path: Path,
) -> None:
    # Qwen2-MoE's shared expert (vllm/model_executor/models/qwen2_moe.py:121: out =
    # F.sigmoid(self.expert_gate(x)[0]) * out): the down projection's pending sum passes the
    # product with the gate (linear, the op map says) to the all_reduce; read as replicated,
    # the all_reduce was a false reduce-of-complete once its router's abs/log were typed
    path = write(
        tmp_path,
        'gu: "bf16[16, 64]" = torch.ops.aten.mm.default(x, arg2_1)',
        'g: "bf16[16, 32]" = torch.ops.aten.slice.Tensor(gu, 1, 0, 32)',
        'u: "bf16[16, 32]" = torch.ops.aten.slice.Tensor(gu, 1, 32, 64)',
        'a: "bf16[16, 32]" = torch.ops.aten.silu.default(g)',
        'h: "bf16[16, 32]" = torch.ops.aten.mul.Tensor(a, u)',
        'down: "bf16[16, 64]" = torch.ops.aten.mm.default(h, arg3_1)',
        'gate: "bf16[16, 1]" = torch.ops.aten.mm.default(x, arg4_1)',
        'sg: "bf16[16, 1]" = torch.ops.aten.sigmoid.default(gate)',
        'sh: "bf16[16, 64]" = torch.ops.aten.mul.Tensor(sg, down)',
        "y: \"bf16[16, 64]\" = torch.ops.vllm.all_reduce.default(sh, 'tp:0')",
        params=', arg2_1: "bf16[64, 64]", arg3_1: "bf16[32, 64]", arg4_1: "bf16[64, 1]"',
    )
    result = run("check", path, "--tp", 2, "--format", "json")
    assert (result.code, json.loads(result.out)["diagnostics"]) == (0, []), result.out
    graph = lower_program(read_program(path)).graph
    parallel = {op.name.rsplit(".", 1)[-1]: op.attr("parallel") for op in graph.ops}
    assert (parallel["gu"], parallel["down"], parallel["gate"]) == ("column", "row", "replicated")


def test_a_split_of_the_first_feature_dim_is_a_split_of_each_row(tmp_path: Path) -> None:
    # [t, heads, d] into one head and three: blocks of each token's flattened features
    path = write(
        tmp_path,
        'v: "bf16[16, 4, 16]" = torch.ops.aten.view.default(x, [16, 4, 16])',
        "s = torch.ops.aten.split_with_sizes.default(v, [1, 3], 1)",
        'p: "bf16[16, 3, 16]" = s[1]',
        'y: "bf16[16, 48]" = torch.ops.aten.view.default(p, [16, 48])',
    )
    assert check(path) == (0, [])
    graph = lower_program(read_program(path)).graph
    (split,) = [op for op in graph.ops if op.kind == "feature_split"]
    assert tuple(int(s) for s in split.attr("sizes")) == (16, 48)
    # between two feature dims the parts are no blocks of the row: said so
    middle = write(
        tmp_path,
        'v: "bf16[16, 4, 2, 8]" = torch.ops.aten.view.default(x, [16, 4, 2, 8])',
        "s = torch.ops.aten.split_with_sizes.default(v, [1, 1], 2)",
        'y: "bf16[16, 4, 1, 8]" = s[0]',
    )
    code, (found,) = check(middle)
    assert code == 1 and "(a split of a feature dim between others)" in found["message"]


def test_a_layer_norm_s_var_mean_is_two_per_token_results(tmp_path: Path) -> None:
    # PhiMoE's LayerNorm as AOT decomposes it: var_mean over each token's features
    path = write(
        tmp_path,
        "vm = torch.ops.aten.var_mean.correction(x, [1], correction = 0, keepdim = True)",
        'v: "bf16[16, 1]" = vm[0]',
        'm: "bf16[16, 1]" = vm[1]',
        'y: "bf16[16, 64]" = torch.ops.aten.sub.Tensor(x, m)',
    )
    assert check(path) == (0, [])
    tokens = write(
        tmp_path,
        "vm = torch.ops.aten.var_mean.correction(x, [0], correction = 0, keepdim = True)",
        'y: "bf16[1, 64]" = vm[1]',
    )
    code, (found,) = check(tokens)
    assert code == 1 and "(var_mean along the tokens)" in found["message"]


def test_a_pending_sum_an_addmm_adds_to_its_product_reaches_the_all_reduce(
    tmp_path: Path,
) -> None:
    # a parallel attention + MLP block (Cohere's, vllm/model_executor/models/commandr.py:325)
    # as Inductor folds it: the MLP's down projection is the `self` the o_proj's addmm adds;
    # read as a later linear's input, it was taken for column-parallel (a false add of F·P
    # and F·S once the decomposed LayerNorm before it was typed)
    path = write(
        tmp_path,
        'up: "bf16[16, 64]" = torch.ops.aten.mm.default(x, arg2_1)',
        'a: "bf16[16, 64]" = torch.ops.aten.silu.default(up)',
        'down: "bf16[16, 64]" = torch.ops.aten.mm.default(a, arg3_1)',
        'h: "bf16[16, 32]" = torch.ops.aten.mm.default(x, arg4_1)',
        'o: "bf16[16, 64]" = torch.ops.aten.addmm.default(down, h, arg5_1)',
        "y: \"bf16[16, 64]\" = torch.ops.vllm.all_reduce.default(o, 'tp:0')",
        params=', arg2_1: "bf16[64, 64]", arg3_1: "bf16[64, 64]", arg4_1: "bf16[64, 32]", '
        'arg5_1: "bf16[32, 64]"',
    )
    result = run("check", path, "--tp", 2, "--format", "json")
    assert (result.code, json.loads(result.out)["diagnostics"]) == (0, []), result.out
    graph = lower_program(read_program(path)).graph
    parallel = {op.name.rsplit(".", 1)[-1]: op.attr("parallel") for op in graph.ops}
    assert (parallel["up"], parallel["down"], parallel["h"]) == ("column", "row", "column")


def test_a_product_with_a_head_first_operand_stays_head_first(tmp_path: Path) -> None:
    # StarCoder2's rope in Python (its cos/sin now typed): a head-first [1, heads, t, d] query
    # times a [1, 1, t, d] table, permuted back and viewed per token
    path = write(
        tmp_path,
        'v: "bf16[1, 16, 2, 32]" = torch.ops.aten.view.default(x, [1, 16, 2, 32])',
        'q: "bf16[1, 2, 16, 32]" = torch.ops.aten.permute.default(v, [0, 2, 1, 3])',
        'c: "bf16[16, 32]" = torch.ops.aten.slice.Tensor(x, 1, 0, 32)',
        'c1: "bf16[1, 16, 32]" = torch.ops.aten.unsqueeze.default(c, 0)',
        'c2: "bf16[1, 1, 16, 32]" = torch.ops.aten.unsqueeze.default(c1, 1)',
        'r: "bf16[1, 2, 16, 32]" = torch.ops.aten.mul.Tensor(q, c2)',
        'b: "bf16[1, 16, 2, 32]" = torch.ops.aten.permute.default(r, [0, 2, 1, 3])',
        'y: "bf16[16, 2, 32]" = torch.ops.aten.reshape.default(b, [-1, 2, 32])',
    )
    assert check(path) == (0, [])


def test_a_pad_of_nothing_is_the_value_and_a_pad_of_the_features_is_said_so(
    tmp_path: Path,
) -> None:
    nothing = write(
        tmp_path, 'y: "bf16[16, 64]" = torch.ops.aten.constant_pad_nd.default(x, [0, 0], 0.0)'
    )
    assert check(nothing) == (0, [])
    assert "opaque" not in kinds(nothing)
    wider = write(
        tmp_path, 'y: "bf16[16, 80]" = torch.ops.aten.constant_pad_nd.default(x, [0, 16], 0.0)'
    )
    code, (found,) = check(wider)
    assert code == 1 and "(a pad of the features)" in found["message"]


def test_the_rank_s_part_of_gathered_features_is_its_own_block(tmp_path: Path) -> None:
    # OLMo-2's q norm over every head under TP (vllm/distributed/utils.py:120): the column-
    # parallel q gathered along the features, normalized whole, then each rank's block again
    path = write(
        tmp_path,
        'q: "bf16[16, 32]" = torch.ops.aten.mm.default(x, arg2_1)',
        "g: \"bf16[16, 64]\" = torch.ops.vllm.all_gather.default(q, -1, 2, 'tp:0')",
        'n: "bf16[16, 64]" = torch.ops.vllm_ir.rms_norm.default(g, arg3_1, 1e-06)',
        "s = torch.ops.aten.split.Tensor(n, 32, 1)",
        'mine: "bf16[16, 32]" = s[0]',
        'o: "bf16[16, 64]" = torch.ops.aten.mm.default(mine, arg4_1)',
        "y: \"bf16[16, 64]\" = torch.ops.vllm.all_reduce.default(o, 'tp:0')",
        params=', arg2_1: "bf16[64, 32]", arg3_1: "bf16[64]", arg4_1: "bf16[32, 64]"',
    )
    result = run("check", path, "--tp", 2, "--format", "json")
    assert (result.code, json.loads(result.out)["diagnostics"]) == (0, []), result.out
    assert "feature_shard" in kinds(path) and "feature_split" not in kinds(path)
    # both parts read: a split of the row, not the rank's block
    both = write(
        tmp_path,
        "s = torch.ops.aten.split.Tensor(x, 32, 1)",
        'a: "bf16[16, 32]" = s[0]',
        'b: "bf16[16, 32]" = s[1]',
        'y: "bf16[16, 32]" = torch.ops.aten.mul.Tensor(a, b)',
    )
    assert "feature_shard" not in [op.kind for op in lower_program(read_program(both)).graph.ops]


def test_a_reduce_scatter_of_a_batch_dim_is_said_so(tmp_path: Path) -> None:
    # vLLM's SP pass on OLMo-2's Transformers-backend [1, t, h] value scatters the batch dim
    path = write(
        tmp_path,
        'o: "bf16[16, 64]" = torch.ops.aten.mm.default(x, arg2_1)',
        'b: "bf16[1, 16, 64]" = torch.ops.aten.unsqueeze.default(o, 0)',
        "y: \"bf16[0, 16, 64]\" = torch.ops.vllm.reduce_scatter.default(b, 0, 2, 'tp:0')",
        params=', arg2_1: "bf16[64, 64]"',
    )
    result = run("check", path, "--tp", 2, "--format", "json")
    (found,) = json.loads(result.out)["diagnostics"]
    # an error at the op (the rank is left a slice of the batch), not an op left unchecked
    assert result.code == 1 and found["rule"] == "shard-of-batch"
    assert "a batch dim of 1 in front of the tokens" in found["message"]
