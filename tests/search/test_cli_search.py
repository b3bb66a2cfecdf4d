"""`layoutcheck search` end to end on a small model: a line per structure as it finishes, the
rejections by rule, the ranking; JSON and CSV; --plot without matplotlib; the Python API; and
that the CLI does not import the search until it runs one."""

from __future__ import annotations

import csv
import io
import subprocess
import sys

import pytest

import layoutcheck
from layoutcheck.design_space.rank import COLUMNS
from layoutcheck.errors import UsageError
from tests.helpers import run

AXES = ["--tp", "2,3,4", "--sp-axis", "on,off", "--layout", "tensorcast,vllm-ascend"]


def test_text_streams_each_structure_then_ranks(tiny_glm: str) -> None:
    code, out, err = run("search", tiny_glm, *AXES, "--tokens", "1024,4096", "--top", "3")
    assert code == 0 and err == ""
    lines = out.splitlines()
    streamed = [line for line in lines if line.startswith("[")]
    assert len(streamed) == 12  # 3 tp × 2 sp × 2 layouts, one line each, before the summary
    assert lines.index(streamed[-1]) < next(
        i for i, line in enumerate(lines) if "structures ×" in line
    )
    rejected = [line for line in streamed if ": rejected [" in line]
    # vllm-ascend without sp (3 tp values: the layout rule comes first), and tp 3 otherwise (3)
    assert len(rejected) == 3 + 3
    assert "rejected structures by first rule:" in out
    assert "[layout-without-dsa-cp]" in out and "[heads-indivisible]" in out
    assert "top 3 by throughput" in out and "Pareto frontier" in out


def test_json_and_csv(tiny_glm: str) -> None:
    axes = [*AXES, "--tokens", "1024,4096"]
    data = run("search", tiny_glm, *axes, "--format", "json").json()
    assert data["structures"] == 12
    assert data["rejected"] == {"heads-indivisible": 3, "layout-without-dsa-cp": 3}
    assert data["passed"] == 6
    assert len(data["results"]) == 10 and data["results"][0]["rank"] == 1
    code, out, _ = run("search", tiny_glm, *axes, "--format", "csv", "--top", "0")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and len(rows) == data["points"]["priced"] == 6 * 2
    assert list(rows[0]) == ["rank", *COLUMNS, "frontier"]
    best = data["results"][0]
    assert float(rows[0]["step_us"]) == best["step_us"]


def test_nothing_passing_exits_1(tiny_glm: str) -> None:
    assert run("search", tiny_glm, "--tp", "3", "--format", "json").code == 1
    assert run("search", tiny_glm, "--tp", "3", "--format", "json").json()["results"] == []


def test_plot_without_matplotlib_is_one_line(
    tiny_glm: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib → ImportError
    code, out, err = run("search", tiny_glm, "--tp", "2", "--plot", "frontier.png")
    assert code == 2 and out == ""
    assert (
        err == "layoutcheck: error: --plot: matplotlib is not installed (pip install matplotlib)\n"
    )


def test_ray_without_ray_is_one_line(tiny_glm: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    code, out, err = run("search", tiny_glm, "--tp", "2", "--ray")
    assert code == 2 and out == ""
    assert (
        err == "layoutcheck: error: --ray: ray is not installed (pip install 'layoutcheck[ray]')\n"
    )


def test_ray_cpus_sizes_a_local_instance_only(tiny_glm: str) -> None:
    for argv in (["--ray-cpus", "2"], ["--ray", "auto", "--ray-cpus", "2"]):
        code, out, err = run("search", tiny_glm, "--tp", "2", *argv)
        assert code == 2 and out == "" and err.count("\n") == 1 and "--ray-cpus" in err


def test_the_python_api_gives_the_cli_ranking(tiny_glm: str) -> None:
    records = layoutcheck.search(
        tiny_glm, {"tp": [2, 4], "sp": [True], "layout": ["vllm-ascend"], "tokens": [1024]}
    )
    data = run(
        "search", tiny_glm, "--tp", "2,4", "--sp", "--layout", "vllm-ascend",
        "--tokens", "1024", "--format", "json", "--top", "0",
    ).json()  # fmt: skip
    assert records == data["results"]
    assert [r["rank"] for r in records] == [1, 2]


def test_a_dataframe_needs_pandas(tiny_glm: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(UsageError, match="needs pandas"):
        layoutcheck.search(tiny_glm, {"tp": [2]}, dataframe=True)


def test_the_cli_does_not_import_the_search() -> None:
    code = (
        "import sys, layoutcheck.cli; "
        "print(sorted(m for m in sys.modules if m.startswith('layoutcheck.design_space')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_plot_draws_the_frontier(tiny_glm: str, tmp_path: object) -> None:
    pytest.importorskip("matplotlib", reason="matplotlib is not installed (layoutcheck[plot])")
    target = f"{tmp_path}/frontier.png"
    code, out, _ = run("search", tiny_glm, "--tp", "2,4", "--sp", "--plot", target)
    assert code == 0 and f"wrote {target}" in out
    with open(target, "rb") as picture:
        assert picture.read(8) == b"\x89PNG\r\n\x1a\n"


def test_progress_goes_to_a_terminal_only(tiny_glm: str) -> None:
    """Progress is rewritten on stderr when it is a terminal; captured, it says nothing."""
    from layoutcheck.design_space.axes import Axes
    from layoutcheck.design_space.command import Progress
    from layoutcheck.design_space.run import Request
    from layoutcheck.design_space.run import run as run_search

    stream = io.StringIO()
    progress = Progress(stream)
    run_search(
        Request(Axes.parse(tiny_glm, {"tp": "2,3"})),
        on_result=lambda result, done, total: progress.update(result, done, total),
    )
    shown = stream.getvalue()
    assert "1/2 structures" in shown and "2/2 structures, 1 pass, 1 rejected" in shown
    assert shown.count("\r\x1b[K") == 2
    assert run("search", tiny_glm, "--tp", "2,3").err == ""


def test_sp_is_a_bare_flag_and_the_axis_is_sp_axis(tiny_glm: str) -> None:
    on = run("search", tiny_glm, "--tp", "2", "--sp", "--format", "json").json()
    both = run("search", tiny_glm, "--tp", "2", "--sp-axis", "on,off", "--format", "json").json()
    assert on["axes"]["sp"] == [True]
    assert both["axes"]["sp"] == [True, False]
    code, _, err = run("search", tiny_glm, "--sp", "--sp-axis", "on")
    assert code == 2 and "not both" in err
