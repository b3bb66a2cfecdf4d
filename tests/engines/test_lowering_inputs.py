"""No lowering trusts a graph's contents: every lowering, fed a node with each argument missing
or of the wrong kind, lowers it or refuses it with a located input error (exit 2, the node's
name and dump line) — never another exception."""

from __future__ import annotations

import pytest

from layoutcheck.engines import Arg, ArgKind, EngineNode, EngineProgram, GraphInput, TensorMeta
from layoutcheck.engines.lower import ImportError_, RunSettings, lower_program
from layoutcheck.engines.lowerings import default_lowerings
from layoutcheck.engines.opmap import OpMapEntry, shipped_opmaps
from layoutcheck.errors import EXIT_INPUT, InputError

T, H, VOCAB = 8, 16, 32
LINE = 41  # the dump line the node under test is given
# what an argument may wrongly be: each kind the readers produce
WRONG: tuple[tuple[ArgKind, object], ...] = (
    (ArgKind.TENSOR, "hidden"),
    (ArgKind.TENSOR, "weight"),
    (ArgKind.TENSOR, "nowhere"),
    (ArgKind.TENSORS, ("hidden", None)),
    (ArgKind.INT, -3),
    (ArgKind.INTS, (0, -1, 7)),
    (ArgKind.FLOAT, 1.5),
    (ArgKind.STR, "ep:9"),
    (ArgKind.NONE, None),
    (ArgKind.SYMS, ("s0", 4)),
)


def _one_entry_per_lowering() -> list[OpMapEntry]:
    chosen: dict[str, OpMapEntry] = {}
    for entry in shipped_opmaps().values():
        chosen.setdefault(entry.lower, entry)
    assert set(chosen) == set(default_lowerings().specs)  # each lowering is some op's
    return [chosen[name] for name in sorted(chosen)]


def _reasonable(name: str) -> Arg:
    """A plausible value for an argument: the activation for tensors, 1 for the rest."""
    if name in ("w", "weight", "mat2", "gamma"):
        return Arg(name, ArgKind.TENSOR, "weight")
    if name.endswith("split_sizes") or name in ("dims", "shape", "size", "pad"):
        return Arg(name, ArgKind.INTS, (T, H))
    if name in ("dim", "start", "end", "top_k", "world_size", "num_heads", "head_dim", "id"):
        return Arg(name, ArgKind.INT, 1)
    if name == "group_name":
        return Arg(name, ArgKind.STR, "tp:0")
    return Arg(name, ArgKind.TENSOR, "hidden")


def _program(node: EngineNode) -> EngineProgram:
    """ids → embedding → hidden, then the node under test reading it."""
    embedding = EngineNode(
        "hidden",
        "aten.embedding.default",
        (Arg(None, ArgKind.TENSOR, "table"), Arg(None, ArgKind.TENSOR, "ids")),
        ("hidden",),
        dump_line=LINE - 1,
    )
    tensors = {
        "ids": TensorMeta((T,), "int64"),
        "table": TensorMeta((VOCAB, H), "bf16"),
        "weight": TensorMeta((H, H), "bf16"),
        "hidden": TensorMeta((T, H), "bf16"),
    }
    tensors.update({out: TensorMeta((T, H), "bf16") for out in node.outputs if out})
    return EngineProgram(
        source="graph.py",
        format="fx-text",
        inputs=(
            GraphInput("ids", "user_input", tensors["ids"]),
            GraphInput("table", "parameter", tensors["table"]),
            GraphInput("weight", "parameter", tensors["weight"]),
        ),
        nodes=(embedding, node),
        outputs=tuple(out for out in node.outputs if out),
        tensors=tensors,
    )


def _variants(entry: OpMapEntry) -> list[tuple[str, tuple[Arg, ...]]]:
    names = entry.args or ("x",)
    base = [_reasonable(name) for name in names]
    cases: list[tuple[str, tuple[Arg, ...]]] = [("all present", tuple(base)), ("none", ())]
    for index, name in enumerate(names):
        cases.append((f"{name} missing", tuple(base[:index] + base[index + 1 :])))
        for kind, value in WRONG:
            wrong = Arg(name, kind, value)
            cases.append((f"{name} as {kind.value}", (*base[:index], wrong, *base[index + 1 :])))
    return cases


def _lowered_or_located(entry: OpMapEntry, args: tuple[Arg, ...], outputs: int) -> str:
    node = EngineNode(
        "node_under_test",
        entry.target,
        args,
        tuple(f"out{i}" for i in range(outputs)),
        dump_line=LINE,
    )
    try:
        lower_program(_program(node), settings=RunSettings(tp=2))
    except ImportError_ as error:
        if error.op is not None:  # raised at a node: the node under test, with its line
            assert (error.op, error.line) == ("node_under_test", LINE), str(error)
            assert entry.target in error.message and "\n" not in error.message
        assert error.exit_code == EXIT_INPUT
        return "refused"
    except InputError as error:  # an op map or graph problem the import names itself
        assert error.exit_code == EXIT_INPUT
        return "refused"
    return "lowered"


@pytest.mark.parametrize("entry", _one_entry_per_lowering(), ids=lambda e: e.lower)
def test_each_lowering_lowers_or_refuses_every_argument_missing_or_wrong(
    entry: OpMapEntry,
) -> None:
    outcomes = {
        case: _lowered_or_located(entry, args, outputs)
        for case, args in _variants(entry)
        for outputs in (1, 3)
    }
    assert set(outcomes.values()) <= {"lowered", "refused"}


def test_a_missing_activation_is_a_located_error_naming_the_node() -> None:
    entry = shipped_opmaps()["_C.fused_add_rms_norm.default"]
    args = (Arg("input", ArgKind.INT, 3), Arg("residual", ArgKind.TENSOR, "hidden"))
    node = EngineNode("fused", entry.target, args, (None, "a", "b"), dump_line=LINE)
    with pytest.raises(ImportError_) as caught:
        lower_program(_program(node), settings=RunSettings(tp=2))
    error = caught.value
    assert (error.op, error.line, error.source) == ("fused", LINE, "graph.py")
    assert error.message.startswith("_C.fused_add_rms_norm.default (fused")
    assert "expects an activation as input" in error.message
