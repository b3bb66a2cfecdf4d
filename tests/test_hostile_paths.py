"""Every input a run reads, given as a hostile path (a symbolic link to itself, a name with a
newline and an escape code, a folder), through every output format: one line on stderr naming
it, exit 2, never a traceback, even from the code that formats the error (a symlink loop once
made the path shown in the message raise)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import run

ROOT = Path(__file__).resolve().parent.parent

# how each input is given: the argv around the hostile path
INPUTS = {
    "graph": lambda path: ["check", path],
    "--contract": lambda path: ["check", "glm-5.1", "--contract", path],
    "--device": lambda path: ["cost", "glm-5.1", "--device", path],
    "--trace": lambda path: ["compare", "glm-5.1", "--trace", path],
    "--with": lambda path: ["check", "glm-5.1", "--contract", "vllm-mtp-handover", "--with", path],
}
FORMATS = {"text": [], "json": ["--format", "json"], "sarif": ["--format", "sarif"]}


def _hostile(tmp_path: Path, kind: str) -> str:
    if kind == "loop":
        path = tmp_path / "loop.yaml"
        path.symlink_to(path.name)
    elif kind == "control":
        path = tmp_path / "a\nb\x1b[31m.yaml"
        path.write_text("not: [valid")
    else:
        path = tmp_path / "folder.yaml"
        path.mkdir()
    return str(path)


@pytest.mark.parametrize("kind", ["loop", "control", "folder"])
@pytest.mark.parametrize("form", sorted(FORMATS))
@pytest.mark.parametrize("given", sorted(INPUTS))
def test_a_hostile_path_is_one_line_and_exit_2(
    given: str, form: str, kind: str, tmp_path: Path
) -> None:
    argv = [*INPUTS[given](_hostile(tmp_path, kind)), *FORMATS[form]]
    result = run(*argv)
    assert result.code == 2, (argv, result.out, result.err)
    assert "Traceback" not in result.err and "internal error" not in result.err
    lines = [line for line in result.err.splitlines() if " error: " in line or "error:" in line]
    assert len(lines) == 1, result.err
    assert "\x1b[31m" not in result.err  # the name's escape code is not sent to the terminal
    if form == "json":
        assert json.loads(result.out)["ok"] is False
    elif form == "sarif":
        assert json.loads(result.out)["runs"][0]["invocations"][0]["executionSuccessful"] is False


def test_an_error_report_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """The reader of a SARIF log leaves before the error is printed: no 'Exception ignored',
    no exit 120 (the interpreter's flush at exit used to meet the broken pipe)."""
    loop = _hostile(tmp_path, "loop")
    script = (
        "import os, subprocess, sys\n"
        "r, w = os.pipe()\n"
        "os.close(r)\n"  # the reader is gone before the run writes anything
        "p = subprocess.run([sys.executable, '-m', 'layoutcheck', 'check', sys.argv[1], "
        "'--format', 'sarif'], stdout=w, stderr=subprocess.PIPE, text=True)\n"
        "print(p.returncode)\n"
        "print(p.stderr)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, loop], capture_output=True, text=True, cwd=ROOT
    )
    code, _, err = done.stdout.partition("\n")
    assert code == "2", done.stdout
    assert "Exception ignored" not in err and "Traceback" not in err


# -- outputs ----------------------------------------------------------------------------------


def test_an_output_that_is_a_link_is_refused_and_its_target_untouched(tmp_path: Path) -> None:
    elsewhere = tmp_path / "precious.txt"
    elsewhere.write_text("keep me")
    out = tmp_path / "layer.html"
    out.symlink_to(elsewhere)
    result = run("view", "glm-5.1", "-o", out)
    assert result.code == 2
    assert result.err.strip() == (
        f"layoutcheck: error: cannot write -o {out}: it is a symbolic link (name the file it "
        "points to, or remove the link)"
    )
    assert elsewhere.read_text() == "keep me"


def test_a_model_explorer_companion_that_is_a_link_is_refused_before_any_work(
    tmp_path: Path,
) -> None:
    """``--model-explorer F.json`` also writes F.us.json and two more: a link among them is
    refused up front, and nothing is written at all."""
    elsewhere = tmp_path / "precious.json"
    elsewhere.write_text("keep me")
    (tmp_path / "f.us.json").symlink_to(elsewhere)
    result = run("export", "glm-5.1", "--model-explorer", tmp_path / "f.json")
    assert result.code == 2 and "symbolic link" in result.err and "f.us.json" in result.err
    assert elsewhere.read_text() == "keep me"
    assert not (tmp_path / "f.json").exists()


def test_two_outputs_naming_one_file_are_refused(tmp_path: Path) -> None:
    same = tmp_path / "g.json"
    result = run(
        "export", "glm-5.1", "-o", same, "--model-explorer-graph", tmp_path / "." / "g.json"
    )
    assert result.code == 2
    assert "the same file as" in result.err
    assert not same.exists()


@pytest.mark.parametrize("kind", ["link", "fifo", "huge"])
def test_a_hostile_history_file_is_left_alone(kind: str, tmp_path: Path) -> None:
    import os

    from layoutcheck import repl

    class Readline:
        def __init__(self) -> None:
            self.read: list[str] = []
            self.written: list[str] = []

        def set_history_length(self, n: int) -> None:
            pass

        def read_history_file(self, path: str) -> None:
            self.read.append(path)

        def write_history_file(self, path: str) -> None:
            self.written.append(path)

    history = tmp_path / "history"
    if kind == "link":
        target = tmp_path / "precious"
        target.write_text("keep me")
        history.symlink_to(target)
    elif kind == "fifo":
        os.mkfifo(history)
    else:
        with history.open("wb") as out:
            out.truncate(repl.MAX_HISTORY_BYTES + 1)
    readline = Readline()
    repl._read_history(readline, history)
    repl._write_history(readline, history)
    assert readline.read == [] and readline.written == []
    fresh = tmp_path / "fresh"
    repl._read_history(readline, fresh)
    repl._write_history(readline, fresh)
    assert readline.read == [str(fresh)] and readline.written == [str(fresh)]


# -- work bounded by the input ------------------------------------------------------------------


def test_a_trace_of_more_ranks_than_it_can_hold_is_refused(tmp_path: Path) -> None:
    graph = tmp_path / "two.yaml"
    graph.write_text(
        "format: layoutcheck-graph/1\nname: two-op\nsymbols: {T: 65536, H: 1024, tp: 65536}\n"
        "token_count: T\ngroups: {tp: tp}\n"
        "inputs:\n  x: {shape: [T, H], tokens: full, features: whole, dtype: bf16}\n"
        "ops:\n  - {name: a, op: token_slice, inputs: [x], attrs: {group: tp}}\n"
        "  - {name: b, op: all_gather, inputs: [a], attrs: {group: tp}}\n"
    )
    result = run("cost", graph, "--trace", tmp_path / "t.json", "--ranks", "all")
    assert result.code == 2
    assert result.err.strip() == (
        "layoutcheck: error: --ranks 'all': 65,536 ranks of 2 ops each is more than a trace "
        "holds; trace at most 1,980 ranks of this graph (e.g. --ranks 0,1,1979)"
    )
    assert not (tmp_path / "t.json").exists()


def test_a_batch_of_equal_requests_is_never_spelled_out() -> None:
    """``--batch 10**9 --dp 2**20`` once built a 10⁹-long tuple (8 GB, then MemoryError)."""
    from layoutcheck.batch import DecodeBatch

    batch = DecodeBatch.of(10**9, (5,), 2**20)
    assert batch.listed == () and batch.busiest == 0
    assert batch.share(0) == (5,) * 954  # ceil(10**9 / 2**20)
    assert batch.share(2**20 - 1) == ()  # 954 a rank: the last ranks hold none
    listed = DecodeBatch.of(4, (1, 9, 9, 1), 2)
    assert listed.share(1) == (9, 1) and listed.busiest == 0  # ties to the lowest rank
    assert DecodeBatch.of(4, (3, 3, 3, 3), 2).is_uniform


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--pp", "2", "--contract", "vllm-mtp-handover", "--with", "glm-5.1"], "--pp and --with"),
        (["--pp", "2", "--for-all", "T=1..4"], "--pp and --for-all"),
    ],
)
def test_check_modes_that_exclude_each_other_are_refused(extra: list[str], says: str) -> None:
    result = run("check", "glm-5.1", *extra)
    assert result.code == 2
    assert result.err.strip() == f"layoutcheck: error: {says} cannot be combined: give one of them"


def test_an_engine_node_name_past_the_limit_is_refused_at_its_line(tmp_path: Path) -> None:
    """Names stop at 1,000 characters in graph files; a dump's node names are held to it too."""
    name = "a" * 1001
    dump = tmp_path / "long.py"
    dump.write_text(
        "class GraphModule(torch.nn.Module):\n"
        '    def forward(self, arg0_1: "i64[16]", arg1_1: "bf16[1024, 64]", '
        'arg2_1: "bf16[64, 64]"):\n'
        '        embedding: "bf16[16, 64]" = torch.ops.aten.embedding.default(arg1_1, arg0_1)\n'
        f'        {name}: "bf16[16, 64]" = torch.ops.aten.mm.default(embedding, arg2_1)\n'
        f"        return ({name},)\n"
    )
    result = run("check", dump)
    assert result.code == 2
    assert result.err.strip().endswith(
        "… is 1,001 characters long (the limit is 1,000)  [bad-spec]"
    )
    assert f"{dump}:4: error: a node name" in result.err


# -- rank folders -------------------------------------------------------------------------------

RANK_0 = Path(__file__).resolve().parent / "data" / "vllm-capture" / "tp2-sp" / "before_sp"


@pytest.mark.parametrize("kind", ["fifo", "device", "loop"])
def test_a_rank_that_is_no_file_is_refused_by_name(kind: str, tmp_path: Path) -> None:
    """A folder of rank_0.py and a rank_1.py that is a FIFO, a link to /dev/zero or a link loop
    was checked as one rank, the bad one skipped in silence."""
    import os
    import shutil

    shutil.copy(RANK_0 / "rank_0.py", tmp_path / "rank_0.py")
    bad = tmp_path / "rank_1.py"
    if kind == "fifo":
        os.mkfifo(bad)
    elif kind == "device":
        bad.symlink_to("/dev/zero")
    else:
        bad.symlink_to(bad.name)
    result = run("check", tmp_path)
    assert result.code == 2
    assert result.err.strip().startswith(f"layoutcheck: error: {bad}: ")


def test_ranks_past_what_one_run_reads_are_refused_before_reading(tmp_path: Path) -> None:
    big = tmp_path / "big.py"
    with big.open("wb") as out:
        out.truncate(2 * 2**20)
    folder = tmp_path / "ranks"
    folder.mkdir()
    for rank in range(100):
        (folder / f"rank_{rank}.py").symlink_to(big)
    result = run("check", folder)
    assert result.code == 2
    assert "holds 100 ranks' dumps of 200 MiB in all, over the 128 MiB" in result.err


def test_vllms_compile_cache_layout_is_read_as_its_ranks(tmp_path: Path) -> None:
    """vLLM's compile cache keeps each rank's graph at rank_R_0/backbone/computation_graph.py:
    the folder was refused as a model folder with no config.json."""
    import shutil

    for rank in (0, 1):
        folder = tmp_path / f"rank_{rank}_0" / "backbone"
        folder.mkdir(parents=True)
        shutil.copy(RANK_0 / f"rank_{rank}.py", folder / "computation_graph.py")
    result = run("check", tmp_path, "--tp", "2")
    assert result.code == 0, result.err
    assert "ranks 0–1: one program" in result.err
