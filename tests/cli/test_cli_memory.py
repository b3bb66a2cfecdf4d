"""The memory command line: `memory` tables and JSON (categories, modules, layers, parameters, KV
cache), checkpoint vs engine accounting, layer sharding, `quant-description` files and their
errors (one stderr line, exit 2), and `query` over weights / kv_per_token / hbm, solved for tp.

GLM-5.1 prefill, W8A8 recipe, DSA-CP (--sp). Expected values come from the model dimensions or
from the library API evaluated independently of the command's own path.
The bugs these tests once pinned with strict xfails are fixed.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest

import layoutcheck.cli
import layoutcheck.cost.report
import layoutcheck.session
from layoutcheck.cost.devices import load_device
from layoutcheck.memory import (
    account,
    kv_bytes_per_token,
    kv_bytes_per_token_all_layers,
    load_description,
    numeric,
    parameters,
    recipe_description,
)
from layoutcheck.models import Execution, Layout, ParallelConfig, Phase
from layoutcheck.models.config import load_config, model_spec
from tests.helpers import SPECS, run

GLM = ["glm-5.1", "--tp", "4", "--dp", "8", "--ep", "32", "--sp"]
W8A8 = [*GLM, "--quant", "w8a8"]
TP16 = ["glm-5.1", "--tp", "16", "--sp"]

H, HEADS, Q_LORA, KV_LORA, D_NOPE, D_ROPE, D_V = 6144, 64, 2048, 512, 192, 64, 256
LAYERS = 78
O_PROJ, Q_B_PROJ = H * HEADS * D_V, HEADS * (D_NOPE + D_ROPE) * Q_LORA
KV_B_PROJ = HEADS * (D_NOPE + D_V) * KV_LORA
HBM = 64 * 2**30  # a3-752t
KV_PER_TOKEN = ((KV_LORA + D_ROPE) * 2 + 2 * 128) * LAYERS  # bf16 latent + bf16 indexer key
GIB = 2**30
CATEGORY_LINES = (
    "quantized weights",
    "float weights",
    "quantization auxiliaries",
    "derived weights",
    "replication beyond TP",
    "embeddings/head",
)


@functools.cache
def glm_model_spec() -> Any:
    config, name, where = load_config("glm-5.1")
    return model_spec(config, name, where)


@functools.cache
def memory_json(*argv: str) -> dict[str, Any]:
    code, out, err = run("memory", *argv, "--format", "json")
    assert (code, err) == (0, "")
    data: dict[str, Any] = json.loads(out)
    return data


def glm_graph(tp: int, dp: int = 1, ep: int | None = None) -> Any:
    return layoutcheck.session.build_from_spec(
        glm_model_spec(),
        ParallelConfig(tp=tp, dp=dp, ep=ep),
        Execution(Phase.PREFILL, 4096),
        sequence_parallel=True,
        layout=Layout.TENSORCAST,
        shared_experts=None,
    ).graph  # the CLI's own call: the cached model


def glm_spec() -> Any:
    config, name, where = load_config("glm-5.1")
    return model_spec(config, name, where)


def one_error_line(code: int, out: str, err: str, *needles: str) -> str:
    assert code == 2, (out, err)
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    (line,) = lines
    assert line.startswith("layoutcheck: error:"), line
    for needle in needles:
        assert needle in line, (needle, line)
    return line


# -- memory: text and JSON ---------------------------------------------------------------------


def test_memory_text_shows_each_category_in_gib() -> None:
    code, out, err = run("memory", *W8A8)
    assert (code, err) == (0, "")
    data = memory_json(*W8A8)
    lines = out.splitlines()
    assert lines[0] == (
        "glm-5.1-prefill-tp4-sp: static weights per rank, engine accounting, --quant w8a8: "
        f"{data['total_bytes'] / GIB:.3f} GiB"
    )
    assert lines[0].endswith(": 36.902 GiB")
    rows = {}
    for line in lines[1:]:
        match = re.fullmatch(r"  (\S.*?)\s+(\d+\.\d{3}) GiB", line)
        if match:
            rows[match.group(1)] = float(match.group(2))
    assert list(rows) == list(CATEGORY_LINES)
    for category, gib in rows.items():
        assert gib == round(data["by_category"][category] / GIB, 3)
    assert rows["quantized weights"] == 26.129 and rows["derived weights"] == 2.133
    assert rows["replication beyond TP"] == 7.312 and rows["embeddings/head"] == 0.886
    assert "parameters: 743.9B total, 41.8B active (40.8B without the input embedding)" in lines
    assert lines[-1] == (
        "KV cache: 109824 bytes per token (all layers); 264935 tokens fit on a3-752t after the "
        "weights"
    )


def test_memory_json_fields() -> None:
    data = memory_json(*W8A8)
    assert set(data) == {
        "total_bytes",
        "by_category",
        "by_module",
        "parameters",
        "kv_cache",
    }
    total = data["total_bytes"]
    assert total / GIB == pytest.approx(36.902, abs=0.0005)
    assert sum(data["by_category"].values()) == pytest.approx(total, rel=1e-12)
    assert sum(data["by_module"].values()) == pytest.approx(total, rel=1e-12)
    modules = data["by_module"]
    assert list(modules.values()) == sorted(modules.values(), reverse=True)
    assert modules["model.layers.*.self_attn.kv_b_proj"] == LAYERS * KV_B_PROJ * 2  # W_UK_T, W_UV
    assert data["parameters"] == {
        "total": 743_911_218_432,
        "active": 41_784_728_832,
        "active_without_embedding": 41_784_728_832 - 154880 * H,
    }
    kv = data["kv_cache"]
    assert kv["bytes_per_token_per_layer"] == {"kv": 1152, "indexer": 256, "total": 1408}
    assert kv["bytes_per_token"] == KV_PER_TOKEN
    assert kv["tokens_that_fit"] == int((HBM - total) // KV_PER_TOKEN)


def test_memory_default_quant_is_bf16() -> None:
    code, out, _ = run("memory", *GLM, "--repetition")
    assert code == 0 and "--quant bf16" in out.splitlines()[0]
    assert "quantized weights" not in out and "quantization auxiliaries" not in out


def test_checkpoint_and_engine_accounting_differ_by_derived_and_aux() -> None:
    engine = memory_json(*W8A8)
    checkpoint = memory_json(*W8A8, "--accounting", "checkpoint")
    e, c = engine["by_category"], checkpoint["by_category"]
    assert "derived weights" in e and "derived weights" not in c
    assert e["derived weights"] == LAYERS * KV_B_PROJ * 2
    # the checkpoint holds kv_b_proj itself: TP's share as a float weight, the rest replicated
    assert c["float weights"] - e["float weights"] == LAYERS * KV_B_PROJ * 2 / 4
    assert c["replication beyond TP"] - e["replication beyond TP"] == LAYERS * KV_B_PROJ * 2 * 3 / 4
    # the engine's aclnn [in] tensors: q_a, q_b, kv_a, indexer wq_b, o_proj (two bf16 each)
    aclnn = LAYERS * 4 * (H + Q_LORA + H + Q_LORA + HEADS * D_V)
    assert e["quantization auxiliaries"] - c["quantization auxiliaries"] == aclnn
    assert engine["total_bytes"] - checkpoint["total_bytes"] == pytest.approx(aclnn, abs=1e-3)
    assert checkpoint["total_bytes"] / GIB == pytest.approx(36.892, abs=0.0005)
    code, out, _ = run("memory", *W8A8, "--accounting", "checkpoint", "--repetition")
    assert code == 0 and "checkpoint accounting" in out.splitlines()[0]


def test_memory_by_module() -> None:
    code, out, err = run("memory", *W8A8, "--by", "module")
    assert (code, err) == (0, "")
    data = memory_json(*W8A8)
    rows = dict(re.findall(r"^  (\S+)\s+(\d+\.\d{3}) GiB$", out, flags=re.M))
    assert rows.keys() == data["by_module"].keys()
    for module, gib in rows.items():
        assert float(gib) == round(data["by_module"][module] / GIB, 3)
    assert float(rows["model.layers.*.self_attn.o_proj"]) > 7.3  # full o_proj on every rank


def test_memory_by_layer() -> None:
    code, out, err = run("memory", *W8A8, "--by", "layer")
    assert (code, err) == (0, "")
    rows = dict(re.findall(r"^  (\S+)\s+(\d+\.\d{3}) GiB$", out, flags=re.M))
    assert set(rows) == {str(i) for i in range(LAYERS)} | {"other"}
    total = memory_json(*W8A8)["total_bytes"]
    assert sum(float(v) for v in rows.values()) == pytest.approx(total / GIB, abs=0.0005 * 79)
    assert float(rows["other"]) == 0.886  # embeddings and lm_head (and the final norm)
    assert float(rows["0"]) < float(rows["3"]) == float(rows["77"])  # dense < MoE layers


def test_repetition_reports_the_same_bytes() -> None:
    expanded, folded = memory_json(*W8A8), memory_json(*W8A8, "--repetition")
    assert folded["total_bytes"] == pytest.approx(expanded["total_bytes"], rel=1e-12)
    assert folded["by_category"] == pytest.approx(expanded["by_category"], rel=1e-12)
    assert folded["by_module"] == pytest.approx(expanded["by_module"], rel=1e-12)
    assert folded["kv_cache"] == expanded["kv_cache"]


def test_mtp_adds_the_mtp_layer_to_the_parameters() -> None:
    base = memory_json(*W8A8, "--repetition")["parameters"]
    mtp = memory_json(*W8A8, "--repetition", "--mtp")["parameters"]
    assert mtp == parameters(glm_spec(), mtp_layers=1)  # num_nextn_predict_layers = 1
    assert mtp["total"] - base["total"] > 256 * 3 * H * 2048  # a whole MoE layer
    code, out, _ = run("memory", *W8A8, "--repetition", "--mtp")
    assert code == 0 and f"parameters: {mtp['total'] / 1e9:.1f}B total" in out


def test_layer_sharding_windows() -> None:
    engine = memory_json(*W8A8)["total_bytes"]
    totals = {}
    for group in ("2", "4", "8"):
        data = memory_json(
            *W8A8, "--repetition", "--layer-sharding", "o_proj,q_b_proj",
            "--layer-shard-group", group, "--prefetch", "1",
        )  # fmt: skip
        totals[int(group)] = data["total_bytes"]
        share = 1 / int(group) + 2 / LAYERS
        saved = LAYERS * (O_PROJ + Q_B_PROJ) * (1 - share)
        assert engine - data["total_bytes"] == pytest.approx(saved, rel=1e-9)
        assert "replication beyond TP" not in data["by_category"]
    assert totals[2] > totals[4] > totals[8]


@pytest.mark.parametrize(
    "options", [["--layer-shard-group", "0"], ["--prefetch", "-1"], ["--accounting", "runtime"]]
)
def test_bad_memory_options(options: list[str]) -> None:
    code, out, err = run("memory", *W8A8, "--repetition", "--layer-sharding", "o_proj", *options)
    one_error_line(code, out, err)


def test_memory_needs_a_model_not_a_graph_file() -> None:
    graph = str(SPECS / "graphs" / "glm51-layer-tensorcast-dsa-cp.yaml")
    one_error_line(*run("memory", graph, "--quant", "w8a8"), "needs a model")


def test_unknown_recipe() -> None:
    one_error_line(*run("memory", *GLM, "--repetition", "--quant", "w3a3"), "w3a3")


def test_memory_on_an_ill_typed_graph_is_an_input_error() -> None:
    one_error_line(*run("memory", *TP16, "--quant", "w8a8", "--set", "tp=19"))


# -- quant-description files -------------------------------------------------------------------


@pytest.fixture(scope="module")
def description_file(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    file = tmp_path_factory.mktemp("description") / "quant_model_description.json"
    code, out, err = run("quant-description", *GLM, "--quant", "w8a8", "-o", str(file))
    assert (code, err) == (0, "")
    return file, out


def test_quant_description_writes_a_file_the_loader_reads_back(
    description_file: tuple[Path, str],
) -> None:
    file, out = description_file
    data = json.loads(file.read_text(encoding="utf-8"))
    assert data["model_quant_type"] == "W8A8" and data["version"] == "1.0"
    types = recipe_description(glm_graph(4, 8, 32), "w8a8").types
    assert out.strip() == f"wrote {file}: {len(types)} weights"
    assert {k: v for k, v in data.items() if k.endswith(".weight")} == dict(types)
    assert data["model.layers.9.self_attn.o_proj.deq_scale"] == "W8A8"
    assert data["model.layers.9.mlp.experts.*.gate_proj.weight_scale"] == "W8A8_DYNAMIC"
    loaded = load_description(file, glm_graph(4, 8, 32))
    assert dict(loaded.types) == dict(types) and loaded.warnings == ()
    # memory reads it (as the file or as its folder) to the recipe's bytes
    recipe_data = memory_json(*W8A8)
    for source in (str(file), str(file.parent)):
        via_file = memory_json(*GLM, "--quant-description", source)
        assert via_file["total_bytes"] == recipe_data["total_bytes"]
        assert via_file["by_category"] == recipe_data["by_category"]


def test_repetition_reads_a_whole_model_description(description_file: tuple[Path, str]) -> None:
    file, _ = description_file
    folded = memory_json(*GLM, "--repetition", "--quant-description", str(file))
    assert folded["total_bytes"] == pytest.approx(memory_json(*W8A8)["total_bytes"], rel=1e-12)


BAD_FILES = [
    ("not-json.json", "{ 'single': quotes }", "not a JSON description"),
    ("list.json", '["W8A8"]', "maps tensor names to quant types"),
    ("type.json", '{"model.layers.4.self_attn.o_proj.weight": "W8A9"}', "unknown quant type"),
    ("module.json", '{"model.layers.99.self_attn.o_proj.weight": "W8A8"}', "does not have"),
]


@pytest.mark.parametrize(("name", "text", "message"), BAD_FILES)
def test_bad_description_file_is_one_error_line(
    tmp_path: Path, name: str, text: str, message: str
) -> None:
    file = tmp_path / name
    file.write_text(text, encoding="utf-8")
    for command in ("memory", "query"):
        extra = ["weights"] if command == "query" else []
        result = run(command, *GLM, "--repetition", *extra, "--quant-description", str(file))
        one_error_line(*result, str(file), message)


def test_missing_description_file(tmp_path: Path) -> None:
    missing = tmp_path / "absent.json"
    one_error_line(
        *run("memory", *GLM, "--repetition", "--quant-description", str(missing)), str(missing)
    )


def test_quant_and_description_together_is_a_usage_error(
    description_file: tuple[Path, str],
) -> None:
    file, _ = description_file
    result = run("memory", *W8A8, "--repetition", "--quant-description", str(file))
    one_error_line(*result, "--quant", "--quant-description")


def test_unlisted_module_is_float_with_a_warning(
    tmp_path: Path, description_file: tuple[Path, str]
) -> None:
    data = json.loads(description_file[0].read_text(encoding="utf-8"))
    partial = {k: v for k, v in data.items() if ".self_attn.o_proj." not in k}
    file = tmp_path / "partial.json"
    file.write_text(json.dumps(partial), encoding="utf-8")
    code, out, err = run("memory", *GLM, "--quant-description", str(file), "--format", "json")
    assert code == 0
    (warning,) = err.strip().splitlines()
    assert warning.startswith("layoutcheck: warning:")
    assert f"{LAYERS} module(s) not in partial.json default to FLOAT" in warning
    modules = json.loads(out)["by_module"]
    assert modules["model.layers.*.self_attn.o_proj"] == LAYERS * O_PROJ * 2  # bf16, full


# -- query over memory quantities --------------------------------------------------------------


def query_value(*argv: str) -> float:
    code, out, err = run("query", *argv, "--format", "json")
    assert (code, err) == (0, ""), err
    data = json.loads(out)
    assert data["unit"] == "bytes"  # every memory quantity is in bytes
    return float(data["value"])


def test_memory_quantities_in_query_have_their_unit() -> None:
    code, out, err = run("query", *GLM, "weights", "--quant", "w8a8")
    assert (code, err) == (0, "")
    assert re.fullmatch(r"weights = \d+ bytes \(\d+\.\d{3} GB\)\n", out), out
    code, out, err = run("query", *GLM, "weights", "--quant", "w8a8", "--sweep", "tp=8..16+8")
    assert out.splitlines()[0].split() == ["tp", "weights", "bytes"]


def test_query_quantities_match_memory() -> None:
    data = memory_json(*W8A8)
    assert query_value(*GLM, "weights", "--quant", "w8a8") == pytest.approx(
        data["total_bytes"], abs=0.001
    )
    assert query_value(*GLM, "kv_per_token") == data["kv_cache"]["bytes_per_token"]
    assert query_value(*GLM, "hbm") == load_device("a3-752t").hbm_bytes == HBM


def weights_at(tp: int) -> float:
    """Engine W8A8 weights per rank of the tp16 DSA-CP graph with tp set to another value
    (ep follows tp: the default ep = tp·dp)."""
    graph = glm_graph(16)
    items = account(graph, recipe_description(graph, "w8a8"))
    values = {name: value for name, value in graph.symbols if value is not None}
    return sum(numeric(item.bytes, {**values, "tp": tp}) for item in items)


def test_query_solve_tp_finds_the_smallest_tp_that_fits() -> None:
    expression = "hbm - weights - 131072*kv_per_token"
    code, out, err = run("query", *TP16, expression, "--quant", "w8a8", "--solve", "tp")
    assert (code, err) == (0, "")
    match = re.search(
        r"crosses zero at tp = (\d+) \(([-+][\d.]+) bytes at (\d+), ([-+][\d.]+) bytes at", out
    )
    assert match, out
    tp = int(match.group(1))
    assert int(match.group(3)) == tp - 1
    kv = kv_bytes_per_token_all_layers(glm_spec(), tp)
    assert kv == KV_PER_TOKEN == kv_bytes_per_token(glm_spec(), tp)["total"] * LAYERS

    def headroom(at: int) -> float:
        return HBM - weights_at(at) - 131072 * kv

    assert headroom(tp) >= 0 > headroom(tp - 1)  # fits at tp, not at tp − 1
    assert float(match.group(4)) == pytest.approx(headroom(tp), abs=1)  # printed in whole bytes
    assert float(match.group(2)) == pytest.approx(headroom(tp - 1), abs=1)  # printed in whole bytes
    assert weights_at(16) / GIB == pytest.approx(56.764, abs=0.0005)  # the tp16·ep16 figure
    assert tp == 19


def test_query_solve_reports_no_crossing_when_everything_fits() -> None:
    expression = "hbm - weights - 131072*kv_per_token"
    code, out, _ = run("query", *GLM, expression, "--quant", "w8a8", "--solve", "tp")
    assert code == 1 and "does not change sign for tp" in out
    # tp4·dp8·ep32: the experts stay split 32 ways, so even tp = 1 fits
    graph = glm_graph(4, 8, 32)
    items = account(graph, recipe_description(graph, "w8a8"))
    values = {name: value for name, value in graph.symbols if value is not None}
    weights_tp1 = sum(numeric(item.bytes, {**values, "tp": 1}) for item in items)
    assert HBM - weights_tp1 - 131072 * KV_PER_TOKEN > 0


def test_query_kv_per_token_follows_a_c8_description(
    tmp_path: Path, description_file: tuple[Path, str]
) -> None:
    data = json.loads(description_file[0].read_text(encoding="utf-8"))
    data["kv_cache_type"] = "C8"
    file = tmp_path / "c8.json"
    file.write_text(json.dumps(data), encoding="utf-8")
    memory = memory_json(*GLM, "--quant-description", str(file))
    assert memory["kv_cache"]["bytes_per_token"] == ((KV_LORA + D_ROPE) + 128 + 4) * LAYERS
    assert (
        query_value(*GLM, "kv_per_token", "--quant-description", str(file))
        == (memory["kv_cache"]["bytes_per_token"])
    )


def test_the_mtp_layer_of_a_real_description_is_skipped_with_a_warning(
    description_file: tuple[Path, str], tmp_path: Path
) -> None:
    # real GLM-5.1 / DeepSeek files also list the MTP layer (model.layers.78 here): it is not
    # in the decoder graph, so it is reported once and not counted, and nothing else changes
    file, _ = description_file
    data = json.loads(file.read_text(encoding="utf-8"))
    data["model.layers.78.self_attn.o_proj.weight"] = "W8A8"
    with_mtp = tmp_path / "with-mtp.json"
    with_mtp.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run("memory", *GLM, "--quant-description", str(with_mtp), "--format", "json")
    assert code == 0
    assert "past the decoder layers (MTP)" in err
    assert json.loads(out)["total_bytes"] == memory_json(*W8A8)["total_bytes"]
