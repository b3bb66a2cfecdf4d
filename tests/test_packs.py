"""Contract packs per engine version: ``check --engine-version ENGINE==VERSION`` picks the
shipped contract of the layout that version runs, ``rules`` lists the packs, and a graph that
breaks its version's contract is told which other version's layout it has."""

from __future__ import annotations

import json

import pytest

from layoutcheck.packs import EngineVersion, Version, VersionError, VersionSpec
from tests.helpers import GRAPHS, run

SHARD_ONCE = GRAPHS / "glm-2layer-vllm-shard-once.yaml"
QWEN_SP = ("qwen3-8b", "--tp", "2", "--sp", "--tokens", "128")
QWEN_TP = ("qwen3-8b", "--tp", "2", "--tokens", "128")
GLM_VLLM_ASCEND = (
    "glm-5.1", "--tp", "4", "--sp", "--tokens", "64", "--layout", "vllm-ascend",
    "--shared-experts", "replicated",
)  # fmt: skip
GLM_RFC = ("glm-5.1", "--tp", "4", "--sp", "--tokens", "64", "--shared-experts", "replicated")


@pytest.mark.parametrize(
    ("spec", "inside", "outside"),
    [
        (">=0.11", ["0.11", "0.11.0", "0.33", "1.0"], ["0.10.2", "0.11rc1", "0.9"]),
        (">=0.10.2,<0.26", ["0.10.2", "0.25.1rc1", "0.25.9"], ["0.10.1", "0.26", "0.26rc1"]),
        ("==0.18.*", ["0.18", "0.18.0", "0.18.3", "0.18.0rc1"], ["0.19", "0.1", "1.18"]),
        ("!=0.20,<=0.21", ["0.19", "0.21"], ["0.20", "0.22"]),
        ("*", ["0.1", "9.9.9"], []),
    ],
)
def test_a_spec_holds_for_its_versions(spec: str, inside: list[str], outside: list[str]) -> None:
    parsed = VersionSpec.parse(spec)
    assert all(parsed.contains(Version.parse(v)) for v in inside)
    assert not any(parsed.contains(Version.parse(v)) for v in outside)


def test_a_pre_release_sorts_before_its_release_and_a_post_after() -> None:
    assert Version.parse("0.25.1rc1") < Version.parse("0.25.1") < Version.parse("0.25.1.post1")


@pytest.mark.parametrize("text", ["0.x", "", ">=", "~=0.1", ">=0.1.*", ",".join(["<9"] * 9)])
def test_a_bad_spec_is_refused(text: str) -> None:
    with pytest.raises(VersionError):
        VersionSpec.parse(text) if text not in ("0.x", "") else Version.parse(text)


def test_an_engine_version_is_engine_and_version() -> None:
    parsed = EngineVersion.parse("vllm-ascend==0.18.0")
    assert (parsed.engine, parsed.version) == ("vllm-ascend", Version.parse("0.18"))
    with pytest.raises(VersionError, match="write ENGINE==VERSION"):
        EngineVersion.parse("vllm 0.33")


def checked(*argv: str) -> tuple[int, dict[str, object], str]:
    result = run("check", *argv, "--format", "json")
    text = run("check", *argv).out
    return result.code, json.loads(result.out), text


def test_vllm_runs_its_sp_pass_s_layout() -> None:
    code, document, text = checked(*QWEN_SP, "--engine-version", "vllm==0.31")
    assert code == 0
    assert document["contract"] == "vllm-sp"
    assert document["engine_version"] == {
        "engine": "vllm",
        "version": "0.31",
        "contract": "vllm-sp",
        "matches": [],
    }
    assert "note: vllm==0.31 runs the layout of contract vllm-sp" in text


@pytest.mark.parametrize("version", ["0.32", "0.34"])
def test_vllm_after_the_pass_s_deletion_has_no_dense_sp_layout(version: str) -> None:
    # 0.32.0 deleted SequenceParallelismPass: a dense SP graph is no version's from then on
    result = run("check", *QWEN_SP, "--engine-version", f"vllm=={version}")
    assert result.code == 2
    assert "no shipped contract holds for that version of this graph" in result.err
    assert "vllm-sp (vllm>=0.10.2,<0.32, vllm-ascend>=0.26)" in result.err


def test_vllm_ascend_before_and_after_flashcomm1_s_removal() -> None:
    _, before, _ = checked(*QWEN_SP, "--engine-version", "vllm-ascend==0.25.1rc1")
    _, after, _ = checked(*QWEN_SP, "--engine-version", "vllm-ascend==0.26")
    assert (before["contract"], after["contract"]) == ("vllm-ascend-flashcomm1", "vllm-sp")


def test_plain_tp_breaks_the_sp_contract_and_matches_no_other_version() -> None:
    code, document, text = checked(*QWEN_TP, "--engine-version", "vllm==0.31")
    assert code == 1
    rules = {d["rule"] for d in document["diagnostics"]}  # type: ignore[union-attr]
    assert "sp-reduce-scatters-into-norms" in rules
    assert document["engine_version"]["matches"] == []  # type: ignore[index]
    assert "no other version of vllm has this graph's layout either" in text


def test_a_dsa_graph_gets_the_more_specific_contract() -> None:
    _, document, _ = checked(*GLM_VLLM_ASCEND, "--engine-version", "vllm-ascend==0.18.0")
    assert document["contract"] == "vllm-ascend-dsa-cp-prefill"
    assert document["ok"] is True


def test_the_wrong_version_says_which_version_s_layout_the_graph_has() -> None:
    # vLLM-Ascend 0.18's DSA-CP layout (local queries, key-side gather) checked as 0.26, which
    # runs vLLM's SP pass: it breaks vllm-sp and has 0.18's layout
    code, document, text = checked(*GLM_VLLM_ASCEND, "--engine-version", "vllm-ascend==0.26")
    assert code == 1
    assert document["contract"] == "vllm-sp"
    matched = {m["contract"] for m in document["engine_version"]["matches"]}  # type: ignore[index]
    assert "vllm-ascend-dsa-cp-prefill" in matched
    assert (
        "note: the graph has the layout of vllm-ascend>=0.18,<0.26 (contract "
        "vllm-ascend-dsa-cp-prefill), not vllm-ascend==0.26's"
    ) in text


def test_pr_51434_shards_once_and_the_rfc_layout_does_not() -> None:
    code, document, _ = checked(str(SHARD_ONCE), "--engine-version", "vllm==0.28")
    assert (code, document["contract"]) == (0, "vllm-sp-shard-once")
    code, document, text = checked(*GLM_RFC, "--engine-version", "vllm==0.28")
    assert (code, document["contract"]) == (1, "vllm-sp-shard-once")
    rules = {d["rule"] for d in document["diagnostics"] if d["severity"] == "error"}  # type: ignore[union-attr]
    assert rules == {"dense-mlp-replicated"}
    assert "the graph has the layout of vllm>=0.10.2,<0.32 (contract vllm-sp)" in text


def test_vllm_0_34_picks_shard_once_for_a_sparse_attention_graph() -> None:
    # 0.34 has no compile pass: the shard-once layout (from 0.28) is the one pack that holds;
    # 0.27.1 had no shard-once (its DeepSeek-V3.2 chunked per layer)
    code, document, _ = checked(str(SHARD_ONCE), "--engine-version", "vllm==0.34")
    assert (code, document["contract"]) == (0, "vllm-sp-shard-once")
    _, older, _ = checked(str(SHARD_ONCE), "--engine-version", "vllm==0.27.1")
    assert older["contract"] != "vllm-sp-shard-once"


@pytest.mark.parametrize(
    ("value", "says"),
    [
        ("sglang==1.0", "no shipped contract is for 'sglang'"),
        ("vllm==0.5", "no shipped contract holds for that version"),
        ("vllm", "write ENGINE==VERSION"),
    ],
)
def test_an_unknown_engine_or_version_is_one_line(value: str, says: str) -> None:
    result = run("check", *QWEN_SP, "--engine-version", value)
    assert result.code == 2
    assert says in result.err and len(result.err.strip().splitlines()) == 1


def test_engine_version_and_contract_are_exclusive() -> None:
    result = run("check", *QWEN_SP, "--engine-version", "vllm==0.33", "--contract", "vllm-sp")
    assert result.code == 2 and "not both" in result.err


def test_rules_lists_the_packs() -> None:
    result = run("rules", "--format", "json")
    packs = {(p["engine"], p["versions"], p["contract"]) for p in json.loads(result.out)["packs"]}
    assert {
        ("vllm", ">=0.10.2,<0.32", "vllm-sp"),
        ("vllm", ">=0.11", "vllm-moe-sp"),
        ("vllm", ">=0.28", "vllm-sp-shard-once"),
        ("vllm-ascend", ">=0.10.2,<0.26", "vllm-ascend-flashcomm1"),
        ("vllm-ascend", ">=0.18,<0.26", "vllm-ascend-dsa-cp-prefill"),
        ("vllm-ascend", ">=0.26", "vllm-sp"),
        ("tensorcast", "*", "tensorcast-dsa-cp-prefill"),
    } <= packs
    assert "contract packs (check --engine-version" in run("rules").out
