"""Small engine graphs written over the stand-in ops, exported with ``capture``'s
``export_graph`` and checked through the CLI: the layouts of CASES.md in small and the layout
bugs engines have shipped, each with its exit code and exact set of rule ids.

Cases the lowering mishandles are ``xfail(strict=True)`` with the node and what goes wrong: they
state the verdict the graph should get, and fail loudly once the lowering gets it right.
(a stale view after the token slice, maybe_chunk_residual on a residual already LOCAL and with
padding, and the attention call that writes its output buffer were such cases; they pass now.)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from layoutcheck.capture import export_graph
from layoutcheck.engines.opmap import shipped_opmaps
from tests.engines import standin, tinyglm, tinyqwen
from tests.engines.tinyglm import Layout
from tests.helpers import run

# The RFC contract's rules a graph with no sequence parallelism at all breaks (CASES.md,
# glm51-tp4-sp-default-w8a8), besides the run rule.
NO_SP_CONTRACT_RULES = {
    "o-proj-token-slice",
    "moe-local-token",
    "residual-stays-local",
    "gather-normalized-only",
    "boundary-count",
}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("captured")
    (path / "glm.json").write_text(json.dumps(tinyglm.CONFIG))
    (path / "qwen.json").write_text(json.dumps(tinyqwen.CONFIG))
    return path


@pytest.fixture(scope="module")
def tensorcast(folder: Path) -> Iterator[Callable[[Layout], Path]]:
    """The archive of a tiny-GLM layout (each exported once per module)."""
    made: dict[Layout, Path] = {}

    def archive(layout: Layout) -> Path:
        if layout not in made:
            path = folder / f"glm-{len(made)}.pt2"
            gm, inputs = tinyglm.tensorcast_graph(layout)
            export_graph(gm, inputs, path, {"engine": "tensorcast"})
            made[layout] = path
        return made[layout]

    yield archive


def vllm_archive(folder: Path, tokens: int, chunk_residual: str, attention: bool) -> Path:
    path = folder / f"qwen-{tokens}-{chunk_residual}-{attention}.pt2"
    if not path.exists():
        gm, inputs = tinyqwen.flashcomm_graph(
            tokens, chunk_residual=chunk_residual, attention=attention
        )
        with tinyqwen.forward_context(tokens):
            export_graph(gm, inputs, path, {"engine": "vllm", "tp": tinyqwen.TP})
    return path


def check(archive: Path, config: Path, *flags: str) -> tuple[int, set[str], dict[str, Any]]:
    """``layoutcheck check ARCHIVE --config CONFIG FLAGS --format json``: the exit code, the
    rule ids reported (errors and warnings) and the report."""
    result = run("check", archive, "--config", config, "--format", "json", *flags)
    assert result.code in (0, 1), result.err
    report = json.loads(result.out)
    return result.code, {d["rule"] for d in report["diagnostics"]}, report


def diagnostics(report: dict[str, Any], rule: str) -> list[dict[str, Any]]:
    return [d for d in report["diagnostics"] if d["rule"] == rule]


# -- TensorCast, DSA-CP --------------------------------------------------------------------------


def test_the_rfc_dsa_cp_layout_with_the_final_norm_gathered_passes(
    tensorcast: Callable[[Layout], Path], folder: Path
) -> None:
    code, rules, report = check(tensorcast(Layout()), folder / "glm.json", "--sp")
    assert (code, rules) == (0, set())
    assert report["contract"] == "tensorcast-dsa-cp-prefill"
    assert report["summary"]["layers"] == 3  # 0, its copy_region 1, and 2


def test_a_local_final_norm_before_the_token_select_is_found(
    tensorcast: Callable[[Layout], Path], folder: Path
) -> None:
    # CASES.md's glm51-tp4-sp-row-w8a8 verdict, in small
    archive = tensorcast(Layout(final_norm_gathered=False))
    code, rules, report = check(archive, folder / "glm.json", "--sp")
    assert (code, rules) == (1, {"local-token-select"})
    [found] = diagnostics(report, "local-token-select")
    assert found["engine"] == "index_2 (model) at tensor_cast/layers/sampler.py:42"


def test_sp_asked_for_and_not_applied(tensorcast: Callable[[Layout], Path], folder: Path) -> None:
    archive = tensorcast(Layout(sequence_parallel=False))
    code, rules, report = check(archive, folder / "glm.json", "--sp")
    assert (code, rules) == (1, {"sequence-parallel-not-applied", *NO_SP_CONTRACT_RULES})
    [found] = diagnostics(report, "sequence-parallel-not-applied")
    assert "no token reduce_scatter" in found["message"]


def test_no_sp_checks_clean_under_type_rules_alone(
    tensorcast: Callable[[Layout], Path], folder: Path
) -> None:
    archive = tensorcast(Layout(sequence_parallel=False))
    assert check(archive, folder / "glm.json", "--contract", "none")[:2] == (0, set())


def test_a_stale_view_after_the_token_slice_is_a_token_extent_error(
    tensorcast: Callable[[Layout], Path], folder: Path
) -> None:
    archive = tensorcast(Layout(stale_view=True))
    assert check(archive, folder / "glm.json", "--sp")[:2] == (1, {"token-extent"})


def test_a_gathered_residual(tensorcast: Callable[[Layout], Path], folder: Path) -> None:
    archive = tensorcast(Layout(gathered_residual=True))
    code, rules, report = check(archive, folder / "glm.json", "--sp")
    # the contract forbids the gather itself; the type rules find the token mix it causes in
    # the next add_rms_norm2 (TensorCast's issue 322)
    broken = {"residual-stays-local", "gather-normalized-only", "layout-mismatch"}
    assert (code, rules) == (1, broken)
    [mix] = diagnostics(report, "layout-mismatch")
    assert mix["op"] == "model.norm"
    assert "x is fp16[4, 64] L·W, residual is fp16[16, 64] F·W" in mix["message"]
    assert check(archive, folder / "glm.json", "--contract", "none")[:2] == (1, {"layout-mismatch"})


def test_full_token_topk_ids_with_a_local_dispatch(
    tensorcast: Callable[[Layout], Path], folder: Path
) -> None:
    archive = tensorcast(Layout(full_token_topk=True))
    code, rules, report = check(archive, folder / "glm.json", "--sp")
    assert (code, rules) == (1, {"layout-mismatch", "moe-local-token"})
    [combine] = diagnostics(report, "layout-mismatch")
    # unpermute_tokens is layoutcheck's moe_combine: it names the rows dispatched and the ids'
    assert combine["op"] == "model.layers.2.mlp.fused_moe.unpermute_tokens"
    assert combine["message"].startswith(
        "moe_combine unpermutes [8, 64] routed rows (L·W) with top-k ids [16, 2] (F·W): "
        "the ids stand for 32 rows"
    )
    assert combine["engine"].startswith("unpermute_tokens (model.layers.2.mlp.fused_moe) at ")


def test_an_unknown_op_is_one_located_error_and_the_rest_is_still_checked(
    tensorcast: Callable[[Layout], Path], folder: Path
) -> None:
    # my_vendor::fused twice in layer 2's shared experts; the full-token top-k bug beside them
    # (an unknown op was a warning until issue 27: now no verdict covers what it leaves ⊤)
    archive = tensorcast(Layout(unknown_op=True, full_token_topk=True))
    code, rules, report = check(archive, folder / "glm.json", "--sp")
    assert (code, rules) == (1, {"unchecked-op", "layout-mismatch", "moe-local-token"})
    [unknown] = diagnostics(report, "unchecked-op")
    assert unknown["severity"] == "error"
    assert unknown["message"].startswith("my_vendor.fused.default ×2: no op map knows it, so ")
    code, rules, report = check(archive, folder / "glm.json", "--sp", "--allow-unknown")
    assert (code, rules) == (1, {"unchecked-op", "layout-mismatch", "moe-local-token"})
    [unknown] = diagnostics(report, "unchecked-op")
    assert unknown["severity"] == "warning"


# -- vLLM-Ascend, FlashComm1 ---------------------------------------------------------------------


def test_vllm_chunked_residual_keeps_the_residual_local(folder: Path) -> None:
    archive = vllm_archive(folder, 16, "layer-0", attention=False)
    code, rules, report = check(archive, folder / "qwen.json", "--sp")
    assert (code, rules) == (0, set())
    assert report["summary"]["layers"] == 2


def test_vllm_without_the_chunk_adds_a_local_hidden_to_the_full_residual(folder: Path) -> None:
    archive = vllm_archive(folder, 16, "nowhere", attention=False)
    code, rules, report = check(archive, folder / "qwen.json", "--sp")
    assert (code, rules) == (1, {"layout-mismatch"})
    [mix] = diagnostics(report, "layout-mismatch")
    assert mix["op"] == "model.layers.0.post_attention_layernorm"
    assert "x is bf16[4, 64] L·W, residual is bf16[16, 64] F·W" in mix["message"]


def test_vllm_chunk_residual_before_every_norm(folder: Path) -> None:
    archive = vllm_archive(folder, 16, "every-norm", attention=False)
    assert check(archive, folder / "qwen.json", "--sp")[:2] == (0, set())


def test_vllm_chunked_residual_with_padding(folder: Path) -> None:
    archive = vllm_archive(folder, 18, "layer-0", attention=False)
    assert check(archive, folder / "qwen.json", "--sp")[:2] == (0, set())


def test_vllm_flashcomm_with_its_attention_call(folder: Path) -> None:
    archive = vllm_archive(folder, 16, "layer-0", attention=True)
    result = run("check", archive, "--config", folder / "qwen.json", "--sp")
    assert (result.code, result.err) == (0, "")


# -- the stand-ins themselves ------------------------------------------------------------------


def test_every_stand_in_op_is_mapped_with_its_schema_argument_names() -> None:
    """The op maps name fx text's positional arguments: the stand-ins (whose archives name
    them) must agree, or a graph would lower differently from its dump."""
    maps = shipped_opmaps()
    for qualified in standin.DEFINED:
        target = qualified.replace("::", ".") + ".default"
        if qualified.startswith("my_vendor::"):
            assert target not in maps
            continue
        assert target in maps, target
        assert maps[target].args == standin.argument_names(qualified), target
