"""Ranks' inputs paired by what reads them, not by position: vLLM's RowParallelLinear adds its
bias on rank 0 only (vllm linear.py:1777), so rank 0's graph has an input rank 1's lacks and
its o_proj is ``addmm(bias, x, w)`` where rank 1's is ``mm(x, w)``. The two rank dumps in
tests/engines/vllm/gpt_oss_o_proj_bias/ mirror GPT-OSS's attention block (gpt_oss.py:148,
``RowParallelLinear(bias=True)``). And a split's results paired by which each rank reads: rank r
takes block r of OLMoE's normalized q and k (olmoe.py:200)."""

from __future__ import annotations

import shutil
from pathlib import Path

from layoutcheck.engines.rankdiff import Constant
from layoutcheck.engines.ranks import read_rank_programs

BIAS = Path(__file__).resolve().parent / "vllm" / "gpt_oss_o_proj_bias"
O_PROJ = (
    'o_proj: "bf16[16, 64]" = torch.ops.aten.addmm.default(arg4_1, view_3, permute_1);  '
    "arg4_1 = view_3 = permute_1 = None"
)


def ranks_with(tmp_path: Path, rank0: str) -> Path:
    """The two ranks, rank 0's o_proj line replaced by ``rank0``."""
    text = (BIAS / "rank_0.fx.txt").read_text()
    assert text.count(O_PROJ) == 1
    (tmp_path / "rank_0.fx.txt").write_text(text.replace(O_PROJ, rank0))
    shutil.copy(BIAS / "rank_1.fx.txt", tmp_path / "rank_1.fx.txt")
    return tmp_path


def test_the_bias_rank_0_alone_adds_is_a_rank_constant() -> None:
    read = read_rank_programs(BIAS / "rank_0.fx.txt")
    assert read.same_program, [str(d) for d in read.differences]
    (bias,) = read.constants
    assert bias.constant is Constant.INPUT
    assert bias.node == "o_proj"
    assert bias.where == "rank constant, input arg4_1 on rank 0 only, added"
    assert (bias.base, bias.other) == ("o_proj = aten.addmm.default", "o_proj = aten.mm.default")
    assert read.program.notes[-1] == (
        "ranks 0–1: one program up to 1 rank constants: an input one rank alone has and adds "
        "(a row-parallel linear's bias) (o_proj input arg4_1 on rank 0 only, added); rank 0's "
        "is read"
    )


def test_a_bias_added_by_an_add_of_rank_0_alone_is_a_rank_constant_too(tmp_path: Path) -> None:
    folder = ranks_with(
        tmp_path,
        'mm: "bf16[16, 64]" = torch.ops.aten.mm.default(view_3, permute_1);  view_3 = '
        "permute_1 = None\n"
        '        o_proj: "bf16[16, 64]" = torch.ops.aten.add.Tensor(mm, arg4_1);  '
        "mm = arg4_1 = None",
    )
    read = read_rank_programs(folder)
    assert read.same_program, [str(d) for d in read.differences]
    assert [(d.node, d.constant) for d in read.constants] == [("o_proj", Constant.INPUT)]


def test_adding_an_input_both_ranks_read_is_still_a_difference(tmp_path: Path) -> None:
    # rank 0's o_proj adds the residual, which rank 1 reads too (at its norm): not a bias
    # rank 0 alone has, so the ranks run different programs, and the bias is left unread
    folder = ranks_with(
        tmp_path,
        'o_proj: "bf16[16, 64]" = torch.ops.aten.addmm.default(arg5_1, view_3, permute_1);  '
        "view_3 = permute_1 = None",
    )
    read = read_rank_programs(folder)
    assert not read.same_program and not read.constants
    assert [(d.node, d.where) for d in read.differences] == [
        ("o_proj", "input arg5_1"),
        ("the graph", "on rank 0 only"),
    ]
    assert read.differences[0].base == "o_proj = aten.addmm.default adds it alone"
    assert read.differences[1].base == "arg4_1 (user_input, bf16[64])"


# -- each rank's own block of a split (OLMoE's q/k norm, olmoe.py:199-201) -----------------------

OLMOE = Path(__file__).resolve().parent / "vllm" / "olmoe_qk_norm_tp2.fx.txt"
VOCAB_RANK_1 = (
    ("torch.ops.aten.ge.Scalar(arg0_1, 0)", "torch.ops.aten.ge.Scalar(arg0_1, 128)"),
    ("torch.ops.aten.lt.Scalar(arg0_1, 128)", "torch.ops.aten.lt.Scalar(arg0_1, 256)"),
)


def olmoe_ranks(tmp_path: Path, rank0: tuple[str, ...], rank1: tuple[str, ...]) -> Path:
    """The OLMoE fixture as rank 0 and rank 1, with the q and k block each takes."""
    text = OLMOE.read_text()
    for rank, taken in ((0, rank0), (1, rank1)):
        edits = (
            ("= split[0];", f"= split[{taken[0]}];"),
            ("= split_1[0];", f"= split_1[{taken[1]}];"),
            *(VOCAB_RANK_1 if rank else ()),
        )
        mine = text
        for old, new in edits:
            assert mine.count(old) == 1, old
            mine = mine.replace(old, new)
        (tmp_path / f"rank_{rank}.fx.txt").write_text(mine)
    return tmp_path


def test_each_rank_taking_its_own_block_of_a_split_is_a_rank_constant(tmp_path: Path) -> None:
    # split_tensor_along_last_dim(q, tp)[tp_rank]: rank 0 reads result 0, rank 1 result 1
    read = read_rank_programs(olmoe_ranks(tmp_path, ("0", "0"), ("1", "1")))
    assert read.same_program, [str(d) for d in read.differences]
    blocks = [(d.node, d.base, d.other) for d in read.constants if d.constant is Constant.BLOCK]
    assert blocks == [("split", "0", "1"), ("split_1", "0", "1")]
    assert "the rank's own block of a split (split result taken: 0 vs 1;" in read.program.notes[-1]


def test_a_rank_taking_another_rank_s_block_is_a_difference(tmp_path: Path) -> None:
    # the ranks swap their q blocks: each holds the other's heads, and rank 0's is not its own
    read = read_rank_programs(olmoe_ranks(tmp_path, ("1", "0"), ("0", "1")))
    assert [(d.node, d.where) for d in read.differences][:1] == [("split", "results")]


def every_result_named(tmp_path: Path, rank0: tuple[str, str], rank1: tuple[str, str]) -> Path:
    """The OLMoE fixture as a torch.export archive names a split's results: every one of them
    (``getitem_3 = split[0]; getitem_4 = split[1]``), on every rank, the reader picking its
    rank's; ``rank0`` and ``rank1`` the blocks of q and k each rank's readers pick."""
    text = OLMOE.read_text()
    for rank, taken in ((0, rank0), (1, rank1)):
        mine = text
        for split, value, width in (("split", "q_12", 32), ("split_1", "k_12", 16)):
            block = taken[0] if split == "split" else taken[1]
            old = f'{value}: "bf16[16, {width}]" = {split}[0];  {split} = None'
            names = [value if k == block else f"{value}_unread" for k in "01"]
            lines = [f'{names[k]}: "bf16[16, {width}]" = {split}[{k}]' for k in (0, 1)]
            assert mine.count(old) == 1, old
            mine = mine.replace(old, f"{lines[0]}\n        {lines[1]};  {split} = None")
        for old, new in VOCAB_RANK_1 if rank else ():
            mine = mine.replace(old, new)
        (tmp_path / f"rank_{rank}.fx.txt").write_text(mine)
    return tmp_path


def test_the_rank_s_own_block_is_found_where_every_result_of_the_split_is_named(
    tmp_path: Path,
) -> None:
    # rank r reads result r of split_tensor_along_last_dim(q, tp) (olmoe.py:199-201); the
    # archive names result 0 and 1 on both ranks, so which is taken is what the readers read
    read = read_rank_programs(every_result_named(tmp_path, ("0", "0"), ("1", "1")))
    assert read.same_program, [str(d) for d in read.differences]
    blocks = [(d.node, d.base, d.other) for d in read.constants if d.constant is Constant.BLOCK]
    assert blocks == [("split", "0", "1"), ("split_1", "0", "1")]


def test_ranks_swapping_the_blocks_of_a_named_split_are_a_difference(tmp_path: Path) -> None:
    # each rank reads the other's q block: not the rank's own, so not a rank constant
    read = read_rank_programs(every_result_named(tmp_path, ("1", "0"), ("0", "1")))
    assert [(d.node, d.where) for d in read.differences][:1] == [
        ("auto_functionalized_10", "argument 'query'")
    ]
    assert [d.node for d in read.constants if d.constant is Constant.BLOCK] == ["split_1"]


# -- a chunk start each rank folded at its own rank (vLLM's SP residual slice) -------------------

SLICE = Path(__file__).resolve().parent / "vllm" / "sp_residual_slice"


def test_a_slice_from_rank_0_s_folded_zero_and_rank_1_s_chunk_is_one_program() -> None:
    # residual[r·chunk : r·chunk + chunk] (sequence_parallelism.py:237): rank 0's start is the
    # literal 0, rank 1's the chunk, and rank 0 computes 0·chunk for the end
    read = read_rank_programs(SLICE)
    assert read.same_program, [str(d) for d in read.differences]
    starts = [(d.node, d.base, d.other) for d in read.constants if d.node == "slice_1"]
    assert starts == [("slice_1", "0", "sym_size_int")]


def test_a_slice_starting_past_the_rank_s_chunk_is_a_difference(tmp_path: Path) -> None:
    shutil.copy(SLICE / "rank_0.fx.txt", tmp_path / "rank_0.fx.txt")
    text = (SLICE / "rank_1.fx.txt").read_text()
    old = "slice.Tensor(arg2_1, 0, sym_size_int, add)"
    assert text.count(old) == 1
    (tmp_path / "rank_1.fx.txt").write_text(text.replace(old, "slice.Tensor(arg2_1, 0, add, add)"))
    read = read_rank_programs(tmp_path)
    assert [(d.node, d.where) for d in read.differences] == [("slice_1", "argument 2")]
