"""The trace-kind table: it names every target TensorCast's traces and op maps hold, only kinds
layoutcheck has, and a broken table is refused with one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from layoutcheck.cost.trace import read_trace
from layoutcheck.cost.trace_kinds import TraceKindsError, load_trace_kinds, shipped_trace_kinds
from layoutcheck.engines.opmap import shipped_opmaps
from layoutcheck.ops import default_registry
from tests.helpers import ENGINE_GRAPHS

TABLE = shipped_trace_kinds()


def test_every_target_of_the_shipped_traces_and_op_maps_is_in_the_table() -> None:
    traced = {
        event.name
        for path in ENGINE_GRAPHS.glob("*.trace.json.gz")
        for event in read_trace(path).events
    }
    assert len(traced) > 40
    assert not traced - set(TABLE.targets)
    mapped = {t for t, entry in shipped_opmaps().items() if entry.engine in ("tensorcast", "aten")}
    assert not mapped - set(TABLE.targets)


def test_the_table_names_only_layoutcheck_kinds() -> None:
    kinds = set(default_registry().kinds())
    named = {kind for listed in TABLE.targets.values() for kind in listed}
    assert named <= kinds
    assert {TABLE.expert_side.exclusive, TABLE.expert_side.inclusive} <= kinds
    assert TABLE.layer_anchors <= kinds
    assert TABLE.expert_side.between <= set(TABLE.targets)


def test_labels_and_trace_names() -> None:
    assert TABLE.label("aten.mm.default") == "linear"
    assert TABLE.label("aten.clone.default") == "aten.clone"
    assert TABLE.label("vendor.new_op.default") == "vendor.new_op"  # unknown: its own name
    assert TABLE.kinds("vendor.new_op.default") == () and not TABLE.known("vendor.new_op.default")
    assert TABLE.traced_as("aten.reshape.default") == "aten.view.default"
    assert TABLE.traced_as("aten.mm.default") == "aten.mm.default"
    assert TABLE.collective_static_us == 10.0


BASE = """\
format: layoutcheck-trace-kinds/1
engine: tensorcast
collective_static_us: 10
expert_side: {between: [a2a], exclusive: moe_expert_compute, inclusive: moe_experts}
layer_anchors: [attention]
targets: {a2a: [all_to_all]}
"""


@pytest.mark.parametrize(
    ("old", "new", "says"),
    [
        ("format: layoutcheck-trace-kinds/1", "format: other/1", "starts with"),
        ("collective_static_us: 10", "collective_static_us: true", "a number of µs"),
        ("collective_static_us: 10", "collective_static_us: -1", "a number of µs"),
        ("exclusive: moe_expert_compute, ", "", "expert_side needs"),
        ("targets: {a2a: [all_to_all]}", "targets: {a2a: all_to_all}", "list of names"),
        ("layer_anchors: [attention]", "layer_anchors: attention", "list of names"),
        ("targets: {a2a: [all_to_all]}", "targets: [a2a]", "maps targets"),
    ],
)
def test_a_broken_table_is_refused(tmp_path: Path, old: str, new: str, says: str) -> None:
    path = tmp_path / "table.yaml"
    path.write_text(BASE.replace(old, new))
    with pytest.raises(TraceKindsError) as caught:
        load_trace_kinds(path)
    assert says in caught.value.message


def test_a_table_for_another_engine_is_asked_for_by_name() -> None:
    with pytest.raises(TraceKindsError, match="no trace-kind table for 'vllm'"):
        shipped_trace_kinds("vllm")
