"""Papercuts a new user met (issue: a newcomer's first hour), each held by a test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from layoutcheck.cli import main
from layoutcheck.recipe_names import RECIPES
from tests.helpers import run

LLAMA = {
    "architectures": ["LlamaForCausalLM"],
    "hidden_size": 512,
    "num_hidden_layers": 2,
    "num_attention_heads": 8,
    "vocab_size": 1000,
}
MIXTRAL = {
    **LLAMA,
    "architectures": ["MixtralForCausalLM"],
    "intermediate_size": 1024,
    "num_key_value_heads": 2,
    "num_local_experts": 4,
    "num_experts_per_tok": 2,
    "tie_word_embeddings": False,
}


def _config(folder: Path, data: dict[str, object]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "config.json").write_text(json.dumps(data))
    return folder / "config.json"


@pytest.mark.parametrize("command", ["cost", "memory", "query"])
def test_help_lists_every_quant_recipe(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert all(name in text for name in RECIPES)


def test_config_json_named_from_inside_its_folder_is_named_by_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _config(tmp_path / "my-llama", {**LLAMA, "intermediate_size": 1024})
    monkeypatch.chdir(tmp_path / "my-llama")
    result = run("check", "config.json", "--tp", "2")
    assert result.code == 0
    assert result.out.splitlines()[-1].startswith("ok: my-llama-prefill-tp2 ")


def test_every_default_the_builder_takes_is_named_in_one_note(tmp_path: Path) -> None:
    result = run("check", _config(tmp_path / "bare", LLAMA))
    notes = [line for line in result.err.splitlines() if line.startswith("layoutcheck: note:")]
    assert len(notes) == 1
    assert "num_key_value_heads = num_attention_heads = 8" in notes[0]
    assert (
        "intermediate_size = 4·hidden_size = 2048 (Hugging Face's LlamaConfig default is 11008)"
        in notes[0]
    )
    assert "tie_word_embeddings = false" in notes[0]
    complete = {**LLAMA, "intermediate_size": 1024, "num_key_value_heads": 2}
    complete["tie_word_embeddings"] = False
    assert "note:" not in run("check", _config(tmp_path / "full", complete)).err


@pytest.mark.parametrize("model", ["qwen3-8b", "qwen3-30b-a3b", "qwen2-1.5b"])
def test_an_sp_build_without_dsa_is_held_to_vllm_sp(model: str) -> None:
    result = run("check", model, "--tp", "2", "--sp")
    assert result.code == 0
    assert "against vllm-sp:" in result.out.splitlines()[-1]


def test_shared_expert_options_on_a_model_without_them_are_said(tmp_path: Path) -> None:
    result = run(
        "check", _config(tmp_path / "mixtral", MIXTRAL), "--tp", "2", "--sp",
        "--shared-experts", "replicated",
    )  # fmt: skip
    assert result.code == 0
    note, warning = result.err.strip().splitlines()
    assert warning == (
        "layoutcheck: warning: --shared-experts replicated: mixtral has no shared experts "
        "(n_shared_experts / shared_expert_intermediate_size): there are none to place"
    )
    # the defaults the builder took for the MoE, said once
    assert note.startswith("layoutcheck: note: mixtral: values taken for fields")
    assert "moe_intermediate_size = intermediate_size = 1024" in note


def test_search_shows_no_layout_where_the_layout_axis_does_not_apply(tmp_path: Path) -> None:
    config = _config(tmp_path / "mixtral", MIXTRAL)
    result = run("search", config, "--tp", "1,2", "--sp", "--format", "json")
    assert result.code == 0, result.err
    rows = json.loads(result.out)["results"]
    assert rows and all(row["layout"] == "-" for row in rows)
    glm = run("search", "glm-5.1", "--tp", "16", "--sp", "--format", "json")
    assert {row["layout"] for row in json.loads(glm.out)["results"]} == {"tensorcast"}


def test_a_typo_in_a_graph_file_gets_a_did_you_mean(tmp_path: Path) -> None:
    graph = (
        "format: layoutcheck-graph/1\nname: g\nsymbols: {T: 8, H: 16}\ntoken_count: T\n"
        "inputs:\n  x: {shape: [T, H], tokens: full, features: whole, dtype: bf16}\n"
        "ops:\n  - {name: n1, op: rms_norm, inputs: [x]}\n"
    )
    (tmp_path / "op.yaml").write_text(graph.replace("op: rms_norm", "op: rms_nrom"))
    (tmp_path / "key.yaml").write_text(graph.replace("token_count", "token_cont"))
    assert "(did you mean rms_norm" in run("check", tmp_path / "op.yaml").err
    assert "(did you mean token_count? allowed:" in run("check", tmp_path / "key.yaml").err


def test_a_missing_graph_file_names_the_shipped_graph_or_a_close_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From a wheel there is no specs/ folder: the README's path names the shipped graph."""
    monkeypatch.chdir(tmp_path)
    result = run("check", "specs/graphs/glm51-layer-tensorcast-dsa-cp.yaml")
    assert result.code == 2
    assert result.err.strip().endswith(
        "error: no such file (a shipped graph is named 'glm51-layer-tensorcast-dsa-cp': "
        "layoutcheck check glm51-layer-tensorcast-dsa-cp)  [bad-spec]"
    )
    (tmp_path / "my-layer.yaml").write_text("x: 1")
    assert "did you mean my-layer.yaml?" in run("check", tmp_path / "my-layr.yaml").err
