"""``check`` of the folder ``capture vllm`` writes per stage (``before_sp/`` holding ``rank_0.py``,
``rank_0.pt2``, ``rank_1.py``, ``rank_1.pt2``): the ranks of one deployment, read in one format
and compared as one program, never the ranks' graphs stitched into one graph of twice the
layers; a folder of named ranks with one missing is refused by name."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from layoutcheck.engines import ReadError
from layoutcheck.engines.ranks import rank_files, read_rank_programs
from tests.helpers import ROOT, run

SP_RUN = ROOT / "tests" / "data" / "vllm-capture" / "tp2-sp"
BEFORE = SP_RUN / "before_sp"


def test_a_capture_stage_folder_is_its_ranks_checked_as_the_archive_is() -> None:
    folder = run("check", BEFORE, "--format", "json")
    archive = run("check", BEFORE / "rank_0.pt2", "--format", "json")
    assert folder.code == 0, folder.err + folder.out
    # the same verdict and graph as rank 0's archive: 2 layers of tp 2, not 4 layers of tp 1
    assert folder.json()["diagnostics"] == archive.json()["diagnostics"] == []
    assert "ranks 0–1: one program up to" in folder.err
    assert "tp taken as 1" not in folder.err
    text = run("check", BEFORE)
    assert "(116 ops, 2 layers)" in text.out, text.out


def test_the_archives_are_read_where_every_rank_has_one() -> None:
    found = rank_files(BEFORE)
    assert found == {rank: str(BEFORE / f"rank_{rank}.pt2") for rank in (0, 1)}
    read = read_rank_programs(BEFORE)
    assert read.ranks == (0, 1) and read.same_program and read.tp == 2
    # the archive carries the run's settings, so the folder checks without flags
    assert read.program.settings["engine"] == "vllm" and read.program.settings["sp"] is False


def test_the_text_graphs_are_read_where_an_archive_is_missing(tmp_path: Path) -> None:
    # a rank whose export failed has its text graph only: the complete set is read
    for name in ("rank_0.py", "rank_1.py", "rank_0.pt2"):
        shutil.copy(BEFORE / name, tmp_path / name)
    assert rank_files(tmp_path) == {rank: str(tmp_path / f"rank_{rank}.py") for rank in (0, 1)}
    result = run("check", tmp_path, "--config", ROOT / "tests/data/vllm-capture/tiny-qwen3")
    assert result.code == 0 and "(116 ops, 2 layers)" in result.out, result.err + result.out


def test_different_graphs_per_rank_stay_two_sets(tmp_path: Path) -> None:
    for stage in ("before", "after"):
        for rank in (0, 1):
            shutil.copy(BEFORE / f"rank_{rank}.py", tmp_path / f"{stage}.rank_{rank}.py")
    with pytest.raises(ReadError, match="holds 2 sets of per-rank dumps"):
        rank_files(tmp_path)
    result = run("check", tmp_path)
    assert result.code == 2 and "holds 2 sets of per-rank dumps" in result.err


@pytest.mark.parametrize("suffix", [".py", ".pt2"])
def test_a_folder_missing_a_rank_is_refused_by_name(tmp_path: Path, suffix: str) -> None:
    shutil.copy(BEFORE / f"rank_0{suffix}", tmp_path / f"rank_0{suffix}")
    shutil.copy(BEFORE / f"rank_1{suffix}", tmp_path / f"rank_2{suffix}")
    result = run("check", tmp_path)
    assert result.code == 2 and result.out == ""
    lines = result.err.strip().splitlines()
    assert lines == [f"layoutcheck: error: {tmp_path}: has no dump of rank 1 (ranks 0–2 expected)"]


def test_the_settings_of_the_run_are_those_the_capture_recorded() -> None:
    recorded = json.loads((SP_RUN / "layoutcheck_settings.json").read_text(encoding="utf-8"))
    read = read_rank_programs(BEFORE)
    assert read.program.settings["tp"] == recorded["tp"] == 2
