"""vLLM-Ascend's custom ops, by construction: every op its source registers or calls is in the
shipped list with an op-map entry whose lowering exists. The list is regenerated and compared
where a checkout of its source at the shipped commit is named by LAYOUTCHECK_VLLM_ASCEND_SOURCE
(vLLM-Ascend needs an NPU build, so it is not installed here)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from layoutcheck.engines.lowerings import default_lowerings
from layoutcheck.engines.opmap import load_opmap, shipped_opmaps
from tests.engines.vllm_ascend_ops import TABLE, ascend_sites, other_maps, render

SHIPPED = yaml.safe_load(TABLE.read_text(encoding="utf-8"))
CHECKOUT = os.environ.get("LAYOUTCHECK_VLLM_ASCEND_SOURCE", "")
needs_checkout = pytest.mark.skipif(
    not (CHECKOUT and (Path(CHECKOUT) / "vllm_ascend").is_dir()),
    reason="no vLLM-Ascend checkout (set LAYOUTCHECK_VLLM_ASCEND_SOURCE to one at the shipped "
    "source_commit)",
)


def test_every_shipped_vllm_ascend_op_has_an_entry_whose_lowering_exists() -> None:
    listed = [item["op"] for item in SHIPPED["vllm_ascend_ops"]]
    assert len(listed) > 100 and listed == sorted(set(listed))
    assert {t.split(".")[0] for t in listed} == {"vllm", "_C_ascend", "npu"}
    table, lowerings = shipped_opmaps(), default_lowerings()
    unmapped = [op for op in listed if op not in table]
    assert not unmapped, f"vLLM-Ascend ops no shipped op map holds: {', '.join(unmapped)}"
    missing = [op for op in listed if table[op].lower not in lowerings]
    assert not missing, f"vLLM-Ascend ops whose lowering does not exist: {', '.join(missing)}"


def test_the_list_names_its_source_commit_and_each_op_s_line() -> None:
    assert len(str(SHIPPED["source_commit"])) == 40
    for item in SHIPPED["vllm_ascend_ops"]:
        path, _, line = item["at"].rpartition(":")
        assert path.startswith("vllm_ascend/") and int(line) > 0, item


def test_generated_entries_are_only_the_ops_no_other_map_holds() -> None:
    generated = load_opmap(TABLE)
    assert not set(generated) & other_maps()
    # the hand-written Ascend map keeps the ops it types (a target in two maps is an error)
    assert "npu.npu_add_rms_norm.default" not in generated
    assert generated["npu.npu_moe_gating_top_k.default"].lower == "moe_topk"
    assert generated["npu._npu_reshape_and_cache.default"].lower == "cache_write"
    for target, entry in generated.items():
        if entry.lower == "unfollowed":
            why = str(entry.params.get("why", ""))
            assert why.startswith(("not a forward-graph op: ", "not typed yet: ")), target


@needs_checkout
def test_the_checkout_shows_no_op_the_shipped_list_lacks() -> None:
    found = ascend_sites(Path(CHECKOUT))
    listed = {item["op"] for item in SHIPPED["vllm_ascend_ops"]}
    new = sorted(set(found) - listed)
    assert not new, f"vLLM-Ascend ops the shipped list lacks: {', '.join(new)}"
    assert TABLE.read_text(encoding="utf-8") == render(found, str(SHIPPED["source_commit"]))
