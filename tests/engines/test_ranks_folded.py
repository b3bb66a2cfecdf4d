"""Ranks whose compiler folded a node at its own constant are still one program; anything else a
rank does differently is reported at both ranks' node and line.

The data are layoutcheck's own vLLM captures (tests/data/vllm-capture): Inductor dropped rank 0's
``org_vocab_start_index * mask`` (its offset is 0) and the ``+`` that added it, and rank 1's
``1 * chunk`` in the SP pass's size arithmetic, so the ranks' graphs differ in node count. The
hand-mutated rank 1 files below are those captures with one edit each.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from layoutcheck.engines.ranks import read_rank_programs
from tests.helpers import ROOT, run

CAPTURES = ROOT / "tests" / "data" / "vllm-capture"
AFTER_SP = CAPTURES / "tp2-sp" / "after_sp"
DUMPS = sorted(CAPTURES.glob("*/*/rank_0.py")) + sorted(CAPTURES.glob("*/*/rank_0.pt2"))


@pytest.mark.parametrize("dump", DUMPS, ids=lambda p: str(p.relative_to(CAPTURES)))
def test_every_capture_s_ranks_are_one_program(dump: Path) -> None:
    read = read_rank_programs(dump)
    assert read.ranks == (0, 1) and read.same_program, read.differences[:1]
    # the vocab shard: rank 0 holds [0, 512), rank 1 [512, 1024) of the tiny models' 1024
    shard = {(d.node, d.base, d.other) for d in read.constants if "argument" in d.where}
    assert {("ge", "0", "512"), ("lt", "512", "1024")} <= shard


def test_nodes_folded_at_a_rank_s_constant_are_named_in_one_note() -> None:
    read = read_rank_programs(AFTER_SP / "rank_0.py")
    folded = {(d.node, d.where) for d in read.constants if "folded" in d.where}
    # rank 1's vocab offset product and its sum, absent on rank 0 (offset 0)
    assert ("mul", "rank constant, folded on rank 0") in folded
    assert ("add_16", "rank constant, folded on rank 0") in folded
    # rank 0's `0 * chunk` (the start of its token chunk), which rank 1 folded as `1 * chunk`
    assert {("mul_306", "rank constant, folded on rank 1")} <= folded
    line = {d.node: d for d in read.constants}["mul"]
    assert (line.source, line.line) == (str(AFTER_SP / "rank_1.py"), 28)
    note = read.program.notes[-1]
    assert note.startswith("ranks 0–1: one program up to 12 rank constants: ")
    assert "the vocab shard's bounds and offsets (ge argument 1: 0 vs 512;" in note
    assert "the rank's token chunk (sizes) (add_509: Sym((s72//2)) vs Sym(2*((s72//2)))" in note
    assert note.endswith("rank 0's is read")


def _mutated(tmp_path: Path, *edits: str) -> Path:
    """The after-SP capture's two ranks, rank 1's text with each (old, new) pair of ``edits``
    replaced."""
    folder = tmp_path / "after_sp"
    folder.mkdir()
    shutil.copy(AFTER_SP / "rank_0.py", folder / "rank_0.py")
    text = (AFTER_SP / "rank_1.py").read_text()
    for old, new in zip(edits[::2], edits[1::2], strict=True):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    (folder / "rank_1.py").write_text(text)
    return folder


GATHER = (
    '        all_gather_default_4: "bf16[2*((s72//2)), 256][256, 1]" = '
    "torch.ops.vllm.all_gather.default(rms_norm_default, 0, 2, 'tp:0');  rms_norm_default = None\n"
)


def test_a_collective_removed_on_one_rank_is_named(tmp_path: Path) -> None:
    # rank 1 skips the first all_gather: its matmul reads the LOCAL norm output directly
    folder = _mutated(
        tmp_path,
        GATHER,
        "",
        "torch.ops.aten.mm.default(all_gather_default_4, permute);  all_gather_default_4 = ",
        "torch.ops.aten.mm.default(rms_norm_default, permute);  ",
    )
    read = read_rank_programs(folder / "rank_0.py")
    assert not read.same_program
    first = read.differences[0]
    assert (first.node, first.where) == ("all_gather_default_4", "on rank 0 only")
    assert first.base_line == 47  # rank 0's line of it; rank 1's is where it would be
    assert first.line == 55 and first.source == str(folder / "rank_1.py")
    assert str(first).startswith(
        f"{folder / 'rank_1.py'}:55: rank 1 differs from rank 0 at all_gather_default_4 "
        "(on rank 0 only): all_gather_default_4 = vllm.all_gather.default on rank 0 "
        "(rank_0.py:47), nothing on rank 1"
    )
    # the matmul that read it now reads the norm: said once, at the matmul
    assert [(d.node, d.where) for d in read.differences[1:]] == [("mm", "argument 0")]


def test_a_shape_changed_on_one_rank_is_named(tmp_path: Path) -> None:
    folder = _mutated(tmp_path, 'mm_2: "bf16[s72, 512]', 'mm_2: "bf16[s72, 384]')
    read = read_rank_programs(folder / "rank_0.py")
    assert [(d.node, d.where, d.base, d.other) for d in read.differences] == [
        ("mm_2", "shape of mm_2", "bf16[s72, 512]", "bf16[s72, 384]")
    ]
    assert (read.differences[0].line, read.differences[0].base_line) == (171, 166)


def test_an_extra_collective_on_one_rank_is_named(tmp_path: Path) -> None:
    extra = (
        '        extra: "bf16[s72, 256][256, 1]" = '
        "torch.ops.vllm.all_reduce.default(mm, 'tp:0')\n"
    )
    anchor = "        split_with_sizes = "  # the first layer's q, k, v split of the qkv matmul
    folder = _mutated(tmp_path, anchor, extra + anchor)
    read = read_rank_programs(folder / "rank_0.py")
    assert [(d.node, d.where, d.other) for d in read.differences] == [
        ("extra", "on rank 1 only", "extra = vllm.all_reduce.default")
    ]


def test_another_target_is_named(tmp_path: Path) -> None:
    folder = _mutated(
        tmp_path,
        "torch.ops.aten.mm.default(all_gather_default_3, permute_2)",
        "torch.ops.aten.bmm.default(all_gather_default_3, permute_2)",
    )
    read = read_rank_programs(folder / "rank_0.py")
    first = read.differences[0]
    assert (first.node, first.where) == ("mm_2", "target")
    assert (first.base, first.other) == ("mm_2 = aten.mm.default", "mm_2 = aten.bmm.default")


def test_a_node_on_one_rank_that_no_constant_folds_is_reported(tmp_path: Path) -> None:
    # `mul - mul_2` is not mul_2 whatever rank 0's offset was (0 - x is no identity): rank 1's
    # node stands for nothing on rank 0; the walk pairs it with rank 0's sub_10, the same target
    folder = _mutated(
        tmp_path,
        "torch.ops.aten.add.Tensor(mul, mul_2)",
        "torch.ops.aten.sub.Tensor(mul, mul_2)",
    )
    read = read_rank_programs(folder / "rank_0.py")
    assert not read.same_program
    first = read.differences[0]
    assert (first.node, first.other_node, first.where) == ("sub_10", "add_16", "argument 0")
    assert (first.line, first.base_line) == (34, 31)
    assert "at sub_10 (rank 1's add_16) (argument 0): tensor arg0_1 on rank 0" in str(first)


def test_the_cli_says_the_ranks_are_one_program() -> None:
    result = run("check", AFTER_SP / "rank_0.py", "--tp", 2)
    assert "ranks 0–1: one program up to 12 rank constants" in result.err
    assert "not one program" not in result.err


def test_a_size_that_no_rank_constant_computes_is_a_difference(tmp_path: Path) -> None:
    # the chunk length the SP pass asks of the reduce_scatter is the same on every rank; only
    # sizes computed from a rank's constant (its chunk's start) may differ
    folder = _mutated(tmp_path, 'sym_size_int_5: "Sym((s72//2))"', 'sym_size_int_5: "Sym(s72)"')
    read = read_rank_programs(folder / "rank_0.py")
    assert [(d.node, d.where) for d in read.differences] == [
        ("sym_size_int_5", "shape of sym_size_int_5")
    ]


# A small Graph.__str__ graph per rank: rank 1 has `op` between the all_reduce and the view,
# rank 0 (whose constant folded it) reads the all_reduce directly.
HEAD = """graph():
    %x : [num_users=1] = placeholder[target=x]
    %s0 : [num_users=1] = placeholder[target=s0]
    %all_reduce : [num_users=1] = call_function[target=torch.ops.vllm.all_reduce.default](args = (%x, tp:0), kwargs = {})
"""  # noqa: E501
FOLDED = HEAD + (
    "    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default]"
    "(args = (%all_reduce, [%s0, -1]), kwargs = {})\n    return (view,)"
)


def _kept(call: str) -> str:
    return HEAD + (
        f"    %op : [num_users=1] = call_function[target=torch.ops.{call})\n"
        "    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default]"
        "(args = (%op, [%s0, -1]), kwargs = {})\n    return (view,)"
    )


@pytest.mark.parametrize(
    ("call", "one_program"),
    [
        ("aten.sub.Tensor](args = (%all_reduce, 512), kwargs = {}", True),  # x - 0 on rank 0
        ("aten.add.Tensor](args = (512, %all_reduce), kwargs = {}", True),  # 0 + x
        ("aten.mul.Tensor](args = (%all_reduce, 2), kwargs = {}", True),  # x * 1
        ("aten.div.Tensor](args = (%all_reduce, 2), kwargs = {}", True),  # x / 1
        ("aten.sub.Tensor](args = (512, %all_reduce), kwargs = {}", False),  # c - x: x at no c
        ("aten.div.Tensor](args = (2, %all_reduce), kwargs = {}", False),  # nor is c / x
        ("aten.add.Tensor](args = (%all_reduce, 512), kwargs = {alpha: 2}", False),
        ("aten.neg.default](args = (%all_reduce,), kwargs = {}", False),  # no constant
        ("aten.mul.Tensor](args = (%all_reduce, %x), kwargs = {}", False),  # nor here
    ],
)
def test_a_node_folds_only_where_a_constant_is_the_op_s_identity(
    tmp_path: Path, call: str, one_program: bool
) -> None:
    kept = _kept(call)
    (tmp_path / "g.r0.txt").write_text(FOLDED)
    (tmp_path / "g.r1.txt").write_text(kept)
    read = read_rank_programs(tmp_path / "g.r0.txt")
    assert read.same_program is one_program, read.differences[:1]
    if one_program:
        assert [(d.node, d.where) for d in read.constants] == [
            ("op", "rank constant, folded on rank 0")
        ]
    else:
        assert read.differences[0].other_node == "op"
    # the other way round: rank 0 keeps the node, rank 1 folded it
    (tmp_path / "g.r0.txt").write_text(kept)
    (tmp_path / "g.r1.txt").write_text(FOLDED)
    assert read_rank_programs(tmp_path / "g.r0.txt").same_program is one_program
