"""PyTorch's core ATen opset, by construction: every overload torch tags core is mapped by a
shipped op map (to a family's lowering), and the shipped list is torch's own — so a torch
upgrade that adds or renames core ops fails here, naming them, until the generator is rerun
(``python -m tests.engines.aten_core``)."""

from __future__ import annotations

import pytest
import yaml

from layoutcheck.engines.lowerings import default_lowerings
from layoutcheck.engines.opmap import load_opmap, shipped_opmaps
from tests.engines.aten_core import (
    TABLE,
    TRACE_TABLE,
    core_overloads,
    hand_mapped,
    render,
    trace_block,
    with_trace_block,
)

pytest.importorskip("torch")


def test_every_core_aten_op_is_mapped() -> None:
    missing = sorted(set(core_overloads()) - set(shipped_opmaps()))
    assert not missing, f"core ATen ops no shipped op map holds: {', '.join(missing)}"
    lowerings = default_lowerings()
    assert all(shipped_opmaps()[target].lower in lowerings for target in core_overloads())


def test_the_shipped_core_list_is_torch_s() -> None:
    shipped = yaml.safe_load(TABLE.read_text(encoding="utf-8"))["core"]
    ours, torch_s = set(shipped), set(core_overloads())
    assert ours == torch_s, (
        f"torch's core opset changed: new {sorted(torch_s - ours)}, gone {sorted(ours - torch_s)}"
        " (regenerate: python -m tests.engines.aten_core)"
    )
    assert shipped == sorted(shipped)


def test_the_generated_op_map_is_what_the_generator_makes_of_torch() -> None:
    # the family table or the hand-written maps changed without regenerating
    assert TABLE.read_text(encoding="utf-8") == render(core_overloads())


def test_the_trace_kinds_table_knows_each_generated_target() -> None:
    text = TRACE_TABLE.read_text(encoding="utf-8")
    assert with_trace_block(text, trace_block(core_overloads())) == text


def test_the_generated_entries_are_only_the_core_ops_no_hand_written_map_holds() -> None:
    generated = set(load_opmap(TABLE))
    assert generated <= set(core_overloads())
    assert not generated & hand_mapped()
