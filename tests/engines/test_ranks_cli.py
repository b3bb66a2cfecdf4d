"""``check`` of per-rank dumps: a folder of one file per rank, or one rank's file beside its
siblings, is read as one program up to rank constants, and where the ranks differ is said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import ROOT, run

TP2 = ROOT / "tests" / "data" / "vllm-graphs" / "entangle_qwen2_tp2_fw.g0.r0.py"


@pytest.fixture
def ranks(tmp_path: Path) -> Path:
    rank0 = TP2.read_text()
    # rank 1 of the vocabulary-parallel embedding masks the other half of the vocabulary
    rank1 = rank0.replace("aten.ge.Scalar(arg0_1, 0)", "aten.ge.Scalar(arg0_1, 75968)").replace(
        "aten.lt.Scalar(arg0_1, 75968)", "aten.lt.Scalar(arg0_1, 151936)"
    )
    assert rank1 != rank0
    (tmp_path / "fw.g0.r0.py").write_text(rank0)
    (tmp_path / "fw.g0.r1.py").write_text(rank1)
    return tmp_path


@pytest.mark.parametrize("which", ["folder", "rank-0-file"])
def test_the_ranks_are_one_program_up_to_their_constants(ranks: Path, which: str) -> None:
    target = ranks if which == "folder" else ranks / "fw.g0.r0.py"
    result = run("check", target)
    assert result.code == 0, result.err + result.out
    assert "note: ranks 0–1: one program up to 2 rank constants" in result.err


def test_a_rank_that_runs_another_program_is_said(ranks: Path) -> None:
    rank1 = ranks / "fw.g0.r1.py"
    text = rank1.read_text()
    at = text.index("torch.ops.aten.mm.default(")
    rank1.write_text(text[:at] + "torch.ops.aten.bmm.default(" + text[at + 26 :])
    result = run("check", ranks)
    assert "warning: ranks 0–1: not one program" in result.err
    assert "mm = aten.mm.default on rank 0 (fw.g0.r0.py:" in result.err
    assert "), mm = aten.bmm.default on rank 1" in result.err
