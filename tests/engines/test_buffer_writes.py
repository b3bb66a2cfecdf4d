"""Writes into a slice of a buffer, followed (layoutcheck/engines/lowerings/writes.py): MiniCPM3
assembles each rank's key in an empty buffer, ``k = empty_like(q); k[..., :nope] = k_nope;
k[..., nope:] = k_pe``, its one rope key head broadcast over the rank's heads
(vllm/model_executor/models/minicpm3.py:166-169). The fixture is that attention at TP 2
(tests/engines/vllm/minicpm3_key_tp2.fx.txt), read with the zoo's MiniCPM3 config."""

from __future__ import annotations

import json
from pathlib import Path

from layoutcheck.engines import read_program
from layoutcheck.engines.lower import lower_program
from layoutcheck.engines.settings import RunSettings
from layoutcheck.graph import ValueRef
from layoutcheck.interp import interpret
from layoutcheck.lattice import FeatureState
from layoutcheck.models import load_config, model_spec
from tests.helpers import ROOT, run

KEY = Path(__file__).resolve().parent / "vllm" / "minicpm3_key_tp2.fx.txt"
CONFIG = ROOT / "tests" / "data" / "vllm-capture" / "zoo" / "minicpm3"


def check(graph: Path, *flags: str) -> tuple[int, list[dict[str, object]]]:
    result = run("check", graph, "--tp", "2", "--format", "json", *flags)
    assert result.code in (0, 1), result.err
    return result.code, json.loads(result.out)["diagnostics"]


def edited(tmp_path: Path, *edits: str) -> Path:
    text = KEY.read_text()
    for old, new in zip(edits[::2], edits[1::2], strict=True):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / KEY.name
    path.write_text(text)
    return path


def test_the_key_written_in_two_parts_is_k_nope_beside_the_rank_s_block_of_the_rope_head() -> None:
    spec_ = model_spec(*load_config(CONFIG))
    graph = lower_program(read_program(KEY), spec_, RunSettings(tp=2)).graph
    typed = interpret(graph)
    (attention,) = [op for op in graph.ops if op.kind == "attention"]
    assert attention.attr("kv_heads") == 4  # two per rank, as q's
    # the key: the concat of both writes, each the rank's 2 heads (32 + 32 per head)
    (key,) = [op for op in graph.ops if op.kind == "concat" and op.name == "slice_scatter_1"]
    assert typed.numeric_shape(typed.value(ValueRef(key.name)))[1:] == (2, 64)
    assert typed.value(ValueRef(key.name)).features is FeatureState.SPLIT
    # the rope head, complete on every rank, is every head's: its copies over the 4 heads,
    # and this rank's block of them
    rope = typed.value(key.inputs[1])
    assert rope.features is FeatureState.SPLIT
    assert [op.kind for op in graph.ops if op.name.startswith("expand")] == [
        "view",
        "concat",
        "feature_shard",
        "view",
    ]
    assert check(KEY, "--config", str(CONFIG)) == (0, [])


def test_a_key_read_before_its_buffer_is_wholly_written_is_left_unchecked(tmp_path: Path) -> None:
    # the attention reads the buffer after the k_nope write only: half of it is garbage
    path = edited(
        tmp_path,
        "query = view, key = slice_scatter_1,",
        "query = view, key = slice_scatter,",
        "slice_scatter = copy_1 = None",
        "copy_1 = None",
    )
    code, found = check(path, "--config", str(CONFIG))
    assert code == 1
    assert [(d["rule"], d["op"]) for d in found] == [("unchecked-op", "auto_functionalized")]
    assert "a buffer partly written" in str(found[0]["message"])


def test_a_broadcast_over_other_than_the_heads_is_not_followed(tmp_path: Path) -> None:
    # the rope head broadcast over 3 heads: neither the model's 4 nor the rank's 2
    path = edited(
        tmp_path,
        "expand.default(arg4_1, [arg1_1, 2, 32])",
        "expand.default(arg4_1, [arg1_1, 3, 32])",
    )
    code, found = check(path, "--config", str(CONFIG))
    assert code == 1
    assert found[0]["rule"] == "unchecked-op" and found[0]["op"] == "expand"
    assert "a broadcast over other than the model's heads" in str(found[0]["message"])
