"""Per-rank graphs: rank files found by name (``fw.g0.r1.py``, ``rank_1_0/``), compared with
rank 0 up to rank constants, and rank 0's program returned with where the others differ.

Rank 1 of the Entangle TP-2 Qwen2 dump is derived from its rank-0 dump: on rank 1 the
vocab-parallel embedding's shard is [75968, 151936) (vLLM's ``get_masked_input_and_mask``), so
its ``ge``/``lt`` bounds and its offset change, and its device is ``cuda:1``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from layoutcheck.engines import ReadError, read_program
from layoutcheck.engines.ranks import rank_of, read_rank_programs

DATA = Path(__file__).resolve().parent.parent / "data" / "vllm-graphs"
TP2 = DATA / "entangle_qwen2_tp2_fw.g0.r0.py"

# rank 0 → rank 1 of the vocab-parallel embedding: org vocab [0, 75968) → [75968, 151936)
RANK1_EDITS = (
    ("torch.ops.aten.ge.Scalar(arg0_1, 0)", "torch.ops.aten.ge.Scalar(arg0_1, 75968)"),
    ("torch.ops.aten.lt.Scalar(arg0_1, 75968)", "torch.ops.aten.lt.Scalar(arg0_1, 151936)"),
    ("torch.ops.aten.mul.Tensor(bitwise_and, 0)", "torch.ops.aten.mul.Tensor(bitwise_and, 75968)"),
    ("device(type='cuda', index=0)", "device(type='cuda', index=1)"),
)


def rank1_text(edits: tuple[tuple[str, str], ...] = RANK1_EDITS) -> str:
    text = TP2.read_text().replace("Graph[rank=0]", "Graph[rank=1]")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def per_rank_files(folder: Path, rank1: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copy(TP2, folder / "fw.g0.r0.py")
    (folder / "fw.g0.r1.py").write_text(rank1)
    return folder


def test_two_ranks_are_one_program_up_to_their_vocab_offsets(tmp_path: Path) -> None:
    folder = per_rank_files(tmp_path / "paral2", rank1_text())
    read = read_rank_programs(folder / "fw.g0.r0.py")
    assert read.ranks == (0, 1) and read.same_program and read.tp == 2
    assert [(d.node, d.where, d.base, d.other) for d in read.constants] == [
        ("ge", "rank constant, argument 1", "0", "75968"),
        ("lt", "rank constant, argument 1", "75968", "151936"),
        ("mul", "rank constant, argument 1", "0", "75968"),
        ("empty", "rank constant, argument 'device'", "cuda:0", "cuda:1"),
    ]
    assert read.constants[0].line == 32 and read.constants[0].source == str(folder / "fw.g0.r1.py")
    # rank 0's program, with the comparison said once and the group size recorded
    rank0 = read_program(folder / "fw.g0.r0.py")
    assert read.program.nodes == rank0.nodes
    assert read.program.settings["tp"] == 2
    assert read.program.notes[-1] == (
        "ranks 0–1: one program up to 4 rank constants: the vocab shard's bounds and offsets "
        "(ge argument 1: 0 vs 75968; lt argument 1: 75968 vs 151936; mul argument 1: 0 vs 75968), "
        "the device index (empty argument 'device': cuda:0 vs cuda:1); rank 0's is read"
    )
    # the folder, or rank 1's file, finds the same set
    assert read_rank_programs(folder).constants == read.constants
    assert read_rank_programs(folder / "fw.g0.r1.py").ranks == (0, 1)


def test_a_structural_difference_is_reported_at_its_node_and_argument(tmp_path: Path) -> None:
    # rank 1's second norm reads the wrong residual: a different program, not a rank constant
    wrong = (
        "residual = getitem_30, weight = detach_2",
        "residual = all_reduce_2, weight = detach_2",
    )
    folder = per_rank_files(tmp_path / "paral2", rank1_text((*RANK1_EDITS, wrong)))
    read = read_rank_programs(folder)
    assert not read.same_program and len(read.constants) == 4
    difference = read.differences[0]
    assert (difference.node, difference.where) == ("auto_functionalized_5", "argument 'residual'")
    assert (difference.base, difference.other) == ("tensor getitem_30", "tensor all_reduce_2")
    assert difference.base_line == difference.line  # rank 1 is rank 0's text, edited in place
    assert str(difference) == (
        f"{folder / 'fw.g0.r1.py'}:{difference.line}: rank 1 differs from rank 0 at "
        f"auto_functionalized_5 (argument 'residual'): tensor getitem_30 on rank 0 "
        f"(fw.g0.r0.py:{difference.base_line}), tensor all_reduce_2 on rank 1"
    )
    assert read.program.warnings[-1].startswith("ranks 0–1: not one program: ")


def test_an_op_or_shape_that_differs_is_structural(tmp_path: Path) -> None:
    ops = (
        "torch.ops.aten.bitwise_not.default(bitwise_or)",
        "torch.ops.aten.neg.default(bitwise_or)",
    )
    shape = ('t_3: "bf16[4480, 1536]"', 't_3: "bf16[4480, 1024]"')
    folder = per_rank_files(tmp_path / "a", rank1_text((ops, shape)))
    wheres = [(d.node, d.where) for d in read_rank_programs(folder).differences]
    assert wheres == [("bitwise_not", "target"), ("t_3", "shape of t_3")]


def test_rank_folders_of_vllm_caches_and_debug_dumps(tmp_path: Path) -> None:
    for rank, text in ((0, TP2.read_text()), (1, rank1_text())):
        backbone = tmp_path / "cache" / f"rank_{rank}_0" / "backbone"
        backbone.mkdir(parents=True)
        (backbone / "computation_graph.py").write_text(text)
    stray = tmp_path / "cache" / "rank_0_1" / "backbone"  # another data-parallel group: not read
    stray.mkdir(parents=True)
    (stray / "computation_graph.py").write_text("not a graph")
    read = read_rank_programs(tmp_path / "cache")
    assert read.ranks == (0, 1) and read.same_program and len(read.constants) == 4
    for rank in (0, 1):  # a debug dump: one file per pass, named by relative=
        folder = tmp_path / "dump" / f"rank_{rank}_dp_0"
        folder.mkdir(parents=True)
        (folder / "before.py").write_text(TP2.read_text() if rank == 0 else rank1_text())
        (folder / "after.py").write_text("x")
    with pytest.raises(ReadError, match="holds 2 dumps"):
        read_rank_programs(tmp_path / "dump")
    assert read_rank_programs(tmp_path / "dump", relative="before.py").same_program


@pytest.mark.parametrize(
    ("name", "rank"),
    [
        ("fw.g0.r1.py", (1, 0)),
        ("rank_3_0", (3, 0)),
        ("rank_2_dp_1", (2, 1)),
        ("rank1.txt", (1, 0)),
        ("before-1.py", (1, 0)),  # vLLM's older `{stage}-{tp rank}.py`
        ("computation_graph.py", None),
        ("post_grad.3.SequenceParallelismPass.before.0.py", None),
    ],
)
def test_rank_marks_in_names(name: str, rank: tuple[int, int] | None) -> None:
    assert rank_of(name) == rank


def test_vllm_stage_dumps_per_rank_are_found_by_their_dash(tmp_path: Path) -> None:
    shutil.copy(TP2, tmp_path / "before-0.py")
    (tmp_path / "before-1.py").write_text(rank1_text())
    shutil.copy(TP2, tmp_path / "after-0.py")
    read = read_rank_programs(tmp_path / "before-1.py")
    assert read.ranks == (0, 1) and read.same_program
    with pytest.raises(ReadError, match="holds 2 sets of per-rank dumps"):
        read_rank_programs(tmp_path)


SMALL = """graph():
    %x : [num_users=1] = placeholder[target=x]
    %s0 : [num_users=1] = placeholder[target=s0]
    %all_reduce : [num_users=1] = call_function[target=torch.ops.vllm.all_reduce.default](args = (%x, tp:0), kwargs = {})
    %mul : [num_users=1] = call_function[target=torch.ops.aten.mul.Tensor](args = (%all_reduce, 0.5), kwargs = {})
    %view : [num_users=1] = call_function[target=torch.ops.aten.view.default](args = (%mul, [%s0, -1]), kwargs = {})
    return (view,)"""  # noqa: E501


def interleaved_log(rank1: str, rank0: str = SMALL) -> str:
    lines = []
    for ours, theirs in zip(rank0.split("\n"), rank1.split("\n"), strict=True):
        lines += [f"(Worker_TP0 pid=10) {ours}", f"(Worker_TP1 pid=11) {theirs}"]
    return "\n".join(["INFO 07-29 10:58:40 [core.py:80] starting", *lines])


def test_the_ranks_of_one_worker_log_are_compared(tmp_path: Path) -> None:
    log = tmp_path / "vllm.log"
    log.write_text(interleaved_log(SMALL.replace("0.5)", "0.25)")))
    read = read_rank_programs(log)
    assert read.ranks == (0, 1) and read.same_program
    assert [(d.node, d.where, d.line) for d in read.constants] == [
        ("mul", "rank constant, argument 1", 11)  # rank 1's line in the log
    ]
    log.write_text(interleaved_log(SMALL.replace("tp:0", "tp:1")))
    read = read_rank_programs(log)
    assert [(d.node, d.where, d.base, d.other) for d in read.differences] == [
        ("all_reduce", "argument 1", "str tp:0", "str tp:1")
    ]
    with pytest.raises(ReadError, match="has 1 graphs of rank 0, so there is no graph 1"):
        read_rank_programs(log, index=1)
    plain = tmp_path / "plain.txt"
    plain.write_text(SMALL)
    with pytest.raises(ReadError, match="no graphs from ranked workers"):
        read_rank_programs(plain)


def test_tp_is_the_group_size_the_collectives_state(tmp_path: Path) -> None:
    scatter = SMALL.replace(
        "torch.ops.vllm.all_reduce.default](args = (%x, tp:0)",
        "torch.ops.vllm.reduce_scatter.default](args = (%x, 0, 4, tp:0)",
    )
    log = tmp_path / "vllm.log"
    log.write_text(interleaved_log(scatter, scatter))
    read = read_rank_programs(log)
    assert read.tp == 4 and read.program.settings["tp"] == 4
    assert read.program.warnings[-1] == (
        f"{log}: the collectives state a group of 4 ranks; 2 were read"
    )


def test_one_rank_alone_is_read_and_said(tmp_path: Path) -> None:
    shutil.copy(TP2, tmp_path / "fw.g0.r0.py")
    read = read_rank_programs(tmp_path / "fw.g0.r0.py")
    assert read.ranks == (0,) and read.tp is None and read.same_program
    assert "tp" not in read.program.settings  # one rank says nothing of its group's size
    assert read.program.notes[-1] == "rank 0 alone: no other rank to compare it with"


def test_missing_ranks_and_unnamed_files_are_refused(tmp_path: Path) -> None:
    folder = tmp_path / "gap"
    folder.mkdir()
    shutil.copy(TP2, folder / "fw.g0.r0.py")
    shutil.copy(TP2, folder / "fw.g0.r2.py")
    with pytest.raises(ReadError, match="has no dump of rank 1"):
        read_rank_programs(folder)
    (tmp_path / "graph.py").write_text("x")
    with pytest.raises(ReadError, match="has no rank in its name"):
        read_rank_programs(tmp_path / "graph.py")
    only_one = tmp_path / "one"
    only_one.mkdir()
    shutil.copy(TP2, only_one / "fw.g0.r1.py")
    with pytest.raises(ReadError, match="no rank 0"):
        read_rank_programs(only_one)
