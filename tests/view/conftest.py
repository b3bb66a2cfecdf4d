"""The views the tests share, each built once per run: GLM-5.1 at tp 16 with sequence
parallelism (a shipped model by name), and a bug graph whose violation the page must show."""

from __future__ import annotations

from pathlib import Path

import pytest

from layoutcheck.session import Options, Session
from layoutcheck.view import View, build_view, render_dot, render_page
from tests.helpers import GRAPHS

BUG = GRAPHS / "bugs" / "rfc-local-tokens-into-attention.yaml"

# names a graph file may hold (printable text) that mean something to HTML, SVG or DOT
HOSTILE = """\
format: layoutcheck-graph/1
name: "<script>alert('graph')</script>"
symbols: {T: 64, tp: 4, H: 32, I: 64}
inputs:
  "x\\"&<b>": {shape: [T, H]}
ops:
  - name: "<script>alert(1)</script>"
    op: rms_norm
    inputs: ["x\\"&<b>"]
  - name: "up}\\"];evil->"
    op: linear
    inputs: ["<script>alert(1)</script>"]
    attrs: {in_features: H, out_features: I, parallel: column}
  - name: "down\\\\N\\\\n"
    op: linear
    inputs: ["up}\\"];evil->"]
    attrs: {in_features: I, out_features: H, parallel: row}
  - name: "</title><script>x</script>"
    op: all_reduce
    inputs: ["down\\\\N\\\\n"]
"""


@pytest.fixture(scope="session")
def glm_session() -> Session:
    return Session(Options("glm-5.1", tp=16, sp=True))


@pytest.fixture(scope="session")
def glm_view(glm_session: Session) -> View:
    return build_view(glm_session)


@pytest.fixture(scope="session")
def bug_view() -> View:
    return build_view(Session(Options(str(BUG))))


@pytest.fixture(scope="session")
def glm_page(glm_view: View) -> str:
    return render_page(glm_view)


@pytest.fixture(scope="session")
def bug_page(bug_view: View) -> str:
    return render_page(bug_view)


@pytest.fixture(scope="session")
def glm_dot(glm_view: View) -> str:
    return render_dot(glm_view)


@pytest.fixture(scope="session")
def hostile_graph(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hostile") / "hostile.yaml"
    path.write_text(HOSTILE)
    return path


@pytest.fixture(scope="session")
def hostile_view(hostile_graph: Path) -> View:
    return build_view(Session(Options(str(hostile_graph))))
