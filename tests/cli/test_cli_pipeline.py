"""``--pp N`` on the command line: ``--pp 1`` is today's output, byte for byte; ``cost``,
``memory`` and ``check`` report each stage, the pass through the pipeline, its bottleneck and
the largest stage; what works on one graph is refused with ``--pp``, in one line, exit 2."""

from __future__ import annotations

import pytest

from layoutcheck.cli import main
from tests.helpers import GRAPHS, run

GLM = ["glm-5.1", "--tp", "16"]


@pytest.mark.parametrize(
    "argv",
    [
        ["cost", *GLM, "--sp"],
        ["cost", *GLM, "--format", "json"],
        ["memory", *GLM, "--quant", "w8a8"],
        ["memory", *GLM, "--format", "json"],
        ["check", *GLM, "--sp", "--format", "json"],
        ["compare", *GLM, "--sp", "--format", "json"],
    ],
)
def test_pp_1_is_todays_output(argv: list[str]) -> None:
    today = run(*argv)
    assert today.code == 0
    assert run(*argv, "--pp", "1") == today


def test_cost_reports_each_stage_the_pass_and_the_bottleneck() -> None:
    # TensorCast's model: no host step on the first stage, so a middle stage is the slowest
    data = run("cost", *GLM, "--pp", "4", "--format", "json", "--cost-model", "tensorcast").json()
    stages = data["stages"]
    assert [stage["layers"] for stage in stages] == [[0, 18], [19, 38], [39, 58], [59, 77]]
    assert data["end_to_end_us"] == pytest.approx(sum(stage["us"] for stage in stages))
    slowest = max(stages, key=lambda stage: stage["us"])
    assert data["bottleneck_stage"] == slowest["stage"]
    for stage in stages:
        assert stage["us"] == pytest.approx(stage["layers_us"] + stage["send_us"])
        assert stage["us"] == pytest.approx(stage["total_us"])  # its own report's total
    assert [stage["send_bytes"] for stage in stages] == [2 * 4096 * 6144 * 2] * 3 + [0]

    text = run("cost", *GLM, "--pp", "4", "--cost-model", "tensorcast")
    assert text.code == 0
    lines = text.out.splitlines()
    assert lines[0].endswith(f"{data['end_to_end_us'] / 1000:.2f} ms one pass")
    assert lines[-1].startswith(f"one pass: {data['end_to_end_us'] / 1000:.3f} ms")
    assert f"bottleneck: stage {slowest['stage']} (layers 19-38" in lines[-1]
    # --by adds each stage's own table after the stages'
    by = run("cost", *GLM, "--pp", "4", "--by", "category").out
    assert by.count("glm-5.1-prefill-tp16-pp4-stage") == 4


def test_memory_headline_is_the_largest_stage() -> None:
    data = run("memory", *GLM, "--pp", "4", "--format", "json").json()
    totals = [stage["total_bytes"] for stage in data["stages"]]
    assert data["total_bytes"] == max(totals)
    assert data["largest_stage"] == totals.index(max(totals))
    text = run("memory", *GLM, "--pp", "4").out.splitlines()
    assert text[0].endswith(
        f"{max(totals) / 2**30:.3f} GiB on the largest stage (stage 1, layers 19-38)"
    )


def test_check_checks_every_stage() -> None:
    result = run("check", *GLM, "--sp", "--pp", "4", "--format", "json")
    assert result.code == 0
    data = result.json()
    assert data["ok"] is True
    assert [stage["graph"] for stage in data["stages"]] == [
        f"glm-5.1-prefill-tp16-sp-pp4-stage{k}" for k in range(4)
    ]
    assert {stage["contract"] for stage in data["stages"]} == {"tensorcast-dsa-cp-prefill"}
    assert run("check", *GLM, "--pp", "4").out.splitlines()[-1] == "ok: 4 pipeline stages checked"


def test_compare_sets_the_layouts_stages_side_by_side() -> None:
    data = run("compare", *GLM, "--sp", "--pp", "4", "--format", "json").json()
    costs = {
        layout: run("cost", *GLM, "--sp", "--layout", layout, "--pp", "4", "--format", "json")
        for layout in ("tensorcast", "vllm-ascend")
    }
    assert data["a_us"] == pytest.approx(costs["tensorcast"].json()["end_to_end_us"])
    assert data["b_us"] == pytest.approx(costs["vllm-ascend"].json()["end_to_end_us"])
    assert data["delta_us"] == pytest.approx(sum(stage["delta_us"] for stage in data["stages"]))
    for stage in data["stages"]:
        assert stage["comparison"]["a_total_us"] == pytest.approx(stage["a_us"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["cost", *GLM, "--pp", "4", "--trace", "t.json"], "--trace works on one graph"),
        (["cost", *GLM, "--pp", "4", "--symbolic"], "--symbolic works on one graph"),
        (["check", *GLM, "--pp", "4", "--format", "sarif"], "not sarif"),
        (["compare", *GLM, "--sp", "--pp", "4", "--plot", "x.svg"], "--plot works on one graph"),
        (["cost", *GLM, "--pp", "79"], "--pp 79: glm-5.1 has 78 decoder layers"),
        (["cost", *GLM, "--pp", "0"], "--pp 0: must be at least 1"),
        (["memory", *GLM, "--pp", "129"], "--pp 129: the limit is 128"),
        (
            ["cost", str(GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml"), "--pp", "2"],
            "pipeline stages are built from a model config",
        ),
    ],
)
def test_what_pp_refuses(argv: list[str], message: str) -> None:
    code, _, err = run(*argv)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_help_says_pp_multiplies_the_devices(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("cost", "memory", "check", "compare"):
        with pytest.raises(SystemExit):
            main([command, "--help"])
        assert "tp × dp × pp devices" in " ".join(capsys.readouterr().out.split())
