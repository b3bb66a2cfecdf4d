"""query --sweep --plot and compare --plot: real figures (matplotlib, the plot extra), and the
one line that says what to install when it is missing."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tests.helpers import GRAPHS, run

# TensorCast's formulas: the crossing this test pins is theirs (the default hardware model
# moves it with its calibrated factors)
GLM = ("glm-5.1", "--tp", "16", "--sp", "--cost-model", "tensorcast")
CROSSING = "sparse_attention - moe_experts"

pytest.importorskip("matplotlib", reason="the plot extra (layoutcheck[plot]) is not installed")


def texts(svg: str) -> list[str]:
    """The text of the SVG's <text> elements (labels, legend, ticks, annotation)."""
    return [re.sub(r"<[^>]+>", "", t) for t in re.findall(r"<text\b[^>]*>(.*?)</text>", svg, re.S)]


def test_a_sweep_plot_has_its_axes_quantities_and_the_crossing(tmp_path: Path) -> None:
    path = tmp_path / "sweep.svg"
    result = run(
        "query", *GLM, CROSSING, "--sweep", "T=256..16384*2", "--solve", "T", "--plot", path
    )
    assert result.code == 0, result.err
    assert result.out.splitlines()[-2] == f"wrote {path}"
    assert result.out.splitlines()[-1].startswith(f"{CROSSING} crosses zero at T = 1052 (")
    svg = path.read_text(encoding="utf-8")
    assert svg.lstrip().startswith(("<?xml", "<svg"))
    shown = texts(svg)
    assert "T" in shown and "µs" in shown  # the axis labels: the swept symbol, the unit
    # the expression and each quantity it names, in the legend
    assert {CROSSING, "sparse_attention", "moe_experts"} <= set(shown)
    assert f"{CROSSING} = 0" in shown and "T = 1052" in shown
    assert 'id="crossing"' in svg  # the marker itself
    assert "glm-5.1-prefill-tp16-sp on a3-752t" in shown


def test_a_plot_without_solve_has_no_crossing_and_png_works(tmp_path: Path) -> None:
    svg_path, png_path = tmp_path / "a.svg", tmp_path / "a.png"
    assert (
        run("query", *GLM, "all_gather", "--sweep", "T=1024..8192*2", "--plot", svg_path).code == 0
    )
    svg = svg_path.read_text(encoding="utf-8")
    assert 'id="crossing"' not in svg and "all_gather" in texts(svg)
    assert (
        run("query", *GLM, "all_gather", "--sweep", "T=1024..8192*2", "--plot", png_path).code == 0
    )
    assert png_path.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_the_same_plot_gives_the_same_file(tmp_path: Path) -> None:
    first, second = tmp_path / "1.svg", tmp_path / "2.svg"
    for path in (first, second):
        run("query", *GLM, "all_gather", "--sweep", "T=1024..8192*2", "--plot", path)
    assert first.read_bytes() == second.read_bytes()


def test_compare_plots_the_per_layer_difference(tmp_path: Path) -> None:
    path = tmp_path / "layers.svg"
    result = run("compare", *GLM, "--plot", path)
    assert result.code == 0, result.err
    shown = texts(path.read_text(encoding="utf-8"))
    assert {"layer", "µs per layer", "tensorcast", "vllm-ascend"} <= set(shown)
    assert "Δ µs (vllm-ascend − tensorcast)" in shown
    data = run("compare", *GLM, "--plot", path, "--format", "json").json()
    assert data["plot"] == str(path)


def test_compare_of_two_files_plots_too(tmp_path: Path) -> None:
    path = tmp_path / "files.png"
    layer = GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml"
    other = GRAPHS / "glm51-layer-vllm-ascend-dsa-cp.yaml"
    assert run("compare", layer, other, "--plot", path).code == 0
    assert path.stat().st_size > 1000


def test_without_matplotlib_the_plot_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("matplotlib", "matplotlib.figure", "matplotlib.backends.backend_agg"):
        monkeypatch.setitem(sys.modules, name, None)  # as if the extra were not installed
    path = tmp_path / "x.svg"
    result = run("query", *GLM, "all_gather", "--sweep", "T=1024..8192*2", "--plot", path)
    assert result.code == 2
    assert result.err == (
        "layoutcheck: error: --plot needs matplotlib: install layoutcheck[plot] "
        "(pip install 'layoutcheck[plot]')\n"
    )
    assert not path.exists()
    assert run("compare", *GLM, "--plot", path).code == 2


def test_no_other_command_imports_matplotlib() -> None:
    import subprocess

    code = (
        "import sys; from layoutcheck.cli import main; main(['check', 'glm-5.1']); "
        "print('matplotlib' in sys.modules, 'numpy' in sys.modules, 'networkx' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    # nor numpy or networkx: a check needs neither (the graph's networkx view is made lazily)
    assert done.stdout.splitlines()[-1] == "False False False"
