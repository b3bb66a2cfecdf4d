"""``layoutcheck view``: the file it writes, its exit codes (1 on a failing graph, with the page
still written; 2 with one line for a usage problem), DOT on stdout, and that the other
commands never import the drawing."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from tests.helpers import GRAPHS, run

BUG = GRAPHS / "bugs" / "o-proj-all-reduce-after-replicated.yaml"
LAYER = GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml"


def test_view_writes_the_page(tmp_path: Path) -> None:
    out = tmp_path / "layer.html"
    code, stdout, _ = run("view", LAYER, "-o", out)
    assert code == 0
    assert stdout.startswith(f"wrote {out}: 1 panel, ") and stdout.rstrip().endswith("ok")
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "model.layers.5.self_attn.attn" in page


def test_a_failing_graph_exits_1_with_the_page_written(tmp_path: Path) -> None:
    out = tmp_path / "bug.html"
    code, stdout, _ = run("view", BUG, "-o", out)
    assert code == 1
    assert stdout.rstrip().endswith("FAILED")
    page = out.read_text(encoding="utf-8")
    node = re.search(
        r'<g class="node ([^"]*)" id="[^"]+" data-kind="all_reduce">'
        r"<title>model\.layers\.5\.self_attn\.o_proj_all_reduce\n",
        page,
    )
    assert node is not None and {"collective", "error"} <= set(node.group(1).split())
    assert "[reduce-of-complete]" in page


def test_dot_goes_to_stdout_or_a_file(tmp_path: Path) -> None:
    code, stdout, _ = run("view", LAYER, "--format", "dot")
    assert code == 0 and stdout.startswith('digraph "') and stdout.rstrip().endswith("}")
    out = tmp_path / "layer.dot"
    code, stdout, _ = run("view", LAYER, "--format", "dot", "-o", out)
    assert code == 0 and out.read_text(encoding="utf-8").startswith("digraph")


def test_usage_problems_are_one_line_and_exit_2(tmp_path: Path) -> None:
    cases = [
        (("view", LAYER), "give -o FILE.html"),
        (("view", LAYER, "-o", tmp_path), "it is a folder"),
        (("view", LAYER, "--layer", "9", "-o", tmp_path / "x.html"), "--layer 9: the graph"),
        (("view", LAYER, "--device", "nope", "-o", tmp_path / "x.html"), "unknown device"),
        (("view", LAYER, "--format", "png", "-o", tmp_path / "x.html"), "invalid choice"),
        (("view", tmp_path / "missing.yaml", "-o", tmp_path / "x.html"), "missing.yaml"),
    ]
    for argv, says in cases:
        code, _, stderr = run(*argv)
        assert code == 2, argv
        assert len(stderr.strip().splitlines()) == 1 and says in stderr, (argv, stderr)
    assert not (tmp_path / "x.html").exists()


def test_the_cli_imports_the_view_only_for_view() -> None:
    """`layoutcheck --help` and `check` start as fast as before: layoutcheck.view is not
    imported with the CLI."""
    probe = (
        "import sys, layoutcheck.cli; "
        "print(any(m.startswith('layoutcheck.view') for m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
