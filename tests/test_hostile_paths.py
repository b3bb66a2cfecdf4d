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
