"""Hand-written graphs of vLLM's and vLLM-Ascend's ops (tests/engines/vllm/, each citing the
source of the signatures it uses), checked through the CLI: plain TP passes, the graphs after
vLLM's sequence-parallel passes pass with --sp, --sp on a graph before them says SP was not
applied, and a bad argument is one located line with exit 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from layoutcheck.engines import read_program
from layoutcheck.engines.opmap import shipped_opmaps
from tests.helpers import run

FIXTURES = Path(__file__).resolve().parent / "vllm"
DENSE = FIXTURES / "qwen2-tiny.json"
MOE = FIXTURES / "qwen3-moe-tiny.json"
GRAPHS = {
    "tp2_pre_sp.fx.txt": DENSE,
    "tp2_post_sp.fx.txt": DENSE,
    "ascend_tp2.fx.txt": DENSE,
    "moe_tp2_pre_sp.fx.txt": MOE,
    "moe_tp2_post_sp.fx.txt": MOE,
}


def check(graph: Path, config: Path, *flags: str) -> tuple[int, dict[str, object], str]:
    result = run("check", graph, "--config", config, "--format", "json", *flags)
    assert result.code in (0, 1), result.err
    return result.code, result.json(), result.err


def rules(report: dict[str, object]) -> set[str]:
    return {d["rule"] for d in report["diagnostics"]}  # type: ignore[attr-defined, index]


def test_each_fixture_cites_the_source_of_its_signatures_and_uses_only_mapped_ops() -> None:
    maps = shipped_opmaps()
    for name in GRAPHS:
        path = FIXTURES / name
        text = path.read_text()
        assert re.search(r"^# source: vllm-project/vllm(-ascend)? \S+", text, re.M), name
        program = read_program(path)
        assert {n.target for n in program.nodes} <= set(maps), name


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_each_fixture_type_checks(name: str) -> None:
    code, report, _ = check(FIXTURES / name, GRAPHS[name])
    assert (code, rules(report)) == (0, set())
    assert report["summary"]["layers"] == 1  # type: ignore[index]


def test_plain_tp_lowers_the_vocab_parallel_embedding_and_the_tp_collectives() -> None:
    _, report, _ = check(FIXTURES / "tp2_pre_sp.fx.txt", DENSE)
    summary = report["summary"]
    assert summary["collectives"] == {"all_reduce": 3}  # type: ignore[index]
    show = run("show", FIXTURES / "tp2_pre_sp.fx.txt", "--config", DENSE).out
    assert "(T=16, tp=2)" in show  # the group size from the vocabulary shard the table holds
    assert re.search(r"model\.embed_tokens = embedding\(mul\) : .* F·P", show)
    assert re.search(r"model\.layers\.0\.mlp\.gate_up_proj = linear\(.*F·S", show)
    assert re.search(r"model\.layers\.0\.self_attn\.o_proj = linear\(.*F·P", show)


@pytest.mark.parametrize("name", ["tp2_pre_sp.fx.txt", "moe_tp2_pre_sp.fx.txt"])
def test_sp_asked_of_a_graph_before_the_pass_says_it_was_not_applied(name: str) -> None:
    code, report, _ = check(FIXTURES / name, GRAPHS[name], "--sp")
    assert (code, rules(report)) == (1, {"sequence-parallel-not-applied"})


@pytest.mark.parametrize("name", ["tp2_post_sp.fx.txt", "moe_tp2_post_sp.fx.txt"])
def test_a_graph_after_vllms_sp_pass_checks_clean_with_sp(name: str) -> None:
    code, report, _ = check(FIXTURES / name, GRAPHS[name], "--sp")
    assert (code, rules(report)) == (0, set())


def test_the_sp_pass_output_counts_its_collectives() -> None:
    _, report, _ = check(FIXTURES / "tp2_post_sp.fx.txt", DENSE, "--sp")
    # three all_reduce → norm steps: three reduce_scatters and three all_gathers
    assert report["summary"]["collectives"] == {"all_gather": 3, "reduce_scatter": 3}  # type: ignore[index]


def test_a_full_residual_beside_the_sequence_sharded_hidden_is_found(tmp_path: Path) -> None:
    text = (FIXTURES / "moe_tp2_post_sp.fx.txt").read_text()
    broken = text.replace("residual = residual_chunk,", "residual = all_reduce,")
    broken = broken.replace("(all_reduce);  all_reduce = None", "(all_reduce)")
    assert broken != text
    path = tmp_path / "unchunked.py"
    path.write_text(broken)
    code, report, _ = check(path, MOE, "--sp")
    assert (code, rules(report)) == (1, {"layout-mismatch"})
    (mix,) = report["diagnostics"]  # type: ignore[misc]
    assert mix["op"] == "model.layers.0.post_attention_layernorm.auto_functionalized_3"  # type: ignore[index]


def test_a_bad_argument_is_one_line_with_the_node_and_its_dump_line(tmp_path: Path) -> None:
    lines = (FIXTURES / "tp2_pre_sp.fx.txt").read_text().splitlines()
    (at,) = [i for i, line in enumerate(lines) if "input = all_reduce_2," in line]
    lines[at] = lines[at].replace("input = all_reduce_2,", "input = 3,")
    path = tmp_path / "bad.py"
    path.write_text("\n".join(lines) + "\n")
    result = run("check", path, "--config", DENSE)
    assert result.code == 2 and result.out == ""
    (line,) = result.err.strip().splitlines()
    assert line.startswith(f"{path}:{at + 1}: error: op auto_functionalized_5: ")
    assert "_C.fused_add_rms_norm.default" in line and "expects an activation as input" in line


def test_an_unknown_target_is_a_located_error_and_a_warning_when_allowed(tmp_path: Path) -> None:
    text = (FIXTURES / "tp2_pre_sp.fx.txt").read_text()
    unknown = text.replace(
        "torch.ops.vllm.all_reduce.default(mm_3, 'tp:0')", "torch.ops.my_vendor.fused.default(mm_3)"
    )
    path = tmp_path / "unknown.py"
    path.write_text(unknown)
    result = run("check", path, "--config", DENSE, "--format", "json")
    assert result.code == 1, result.err
    (error,) = json.loads(result.out)["diagnostics"]
    where = (error["rule"], error["severity"], error["op"])
    assert where == ("unchecked-op", "error", "all_reduce_2")
    # the final norm reads its result: the op and the norm are what is left unchecked
    assert error["message"].startswith("my_vendor.fused.default: no op map knows it, so 2 of 30 ")
    result = run("check", path, "--config", DENSE, "--format", "json", "--allow-unknown")
    assert result.code == 0, result.err
    (warning,) = json.loads(result.out)["diagnostics"]
    assert (warning["rule"], warning["severity"]) == ("unchecked-op", "warning")


def test_a_tp_the_graph_does_not_state_is_asked_for() -> None:
    # vLLM's all_reduce names its group, not its size; without --tp or a config the import
    # says so (and the vocab-parallel embedding's all_reduce then reads as a double reduction)
    result = run("check", FIXTURES / "tp2_pre_sp.fx.txt")
    assert result.code == 1
    assert "tp taken as 1; give --tp N (or --config MODEL)" in result.err
    assert run("check", FIXTURES / "tp2_pre_sp.fx.txt", "--tp", "2").code == 0


def test_the_group_comes_from_the_group_name(tmp_path: Path) -> None:
    text = (FIXTURES / "tp2_pre_sp.fx.txt").read_text()
    other = text.replace("all_reduce.default(mm_3, 'tp:0')", "all_reduce.default(mm_3, 'dp:0')")
    path = tmp_path / "dp.py"
    path.write_text(other)
    result = run("check", path, "--config", DENSE)
    assert result.code == 2
    assert "op all_reduce_2: vllm.all_reduce.default" in result.err
    assert "runs over process group 'dp:0', not the TP or EP group" in result.err
