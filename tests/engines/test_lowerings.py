"""The importer's lowerings as data: the registry assembled from the family tables, op maps
checked against it, what a lowering is asked through traits (no literal sets of lowering names
or op kinds in engines/), and structure kept as facts (never parsed back from the names the
importer writes)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from layoutcheck.engines import read_program
from layoutcheck.engines.lower import lower_program
from layoutcheck.engines.lowerings import FAMILIES, default_lowerings
from layoutcheck.engines.lowerings.base import LoweringRegistry, LoweringRegistryError, spec
from layoutcheck.engines.lowerings.views import folded_heads
from layoutcheck.engines.opmap import OPMAPS, OpMapEntry, OpMapError, load_opmap, shipped_opmaps
from layoutcheck.engines.structure import infer_structure
from layoutcheck.ops import default_registry
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import role
from tests.helpers import ENGINE_GRAPHS, run

ENGINES = Path(__file__).resolve().parents[2] / "layoutcheck" / "engines"
# the modules of engines/ the importer's lowering is made of (the readers are another's)
LOWERING_MODULES = sorted(
    [
        ENGINES / name
        for name in ("lower.py", "structure.py", "placement.py", "target.py", "written_norms.py")
    ]
    + list((ENGINES / "lowerings").glob("*.py"))
)


def test_the_registry_is_assembled_from_the_family_tables() -> None:
    lowerings = default_lowerings()
    assert set(lowerings.specs) == {name for family in FAMILIES for name in family}
    assert len(FAMILIES) >= 9  # views, pointwise, collectives, norms, linear, attention, …


def test_a_lowering_defined_twice_is_refused() -> None:
    twin = dict([spec("view", lambda lw: None)])
    with pytest.raises(LoweringRegistryError, match="'view' defined twice"):
        LoweringRegistry.from_families([*FAMILIES, twin])


def test_every_shipped_op_map_entry_names_a_lowering() -> None:
    default_lowerings().check(shipped_opmaps())  # raises on a missing one


def test_an_op_map_entry_naming_no_lowering_is_a_clear_error() -> None:
    entry = OpMapEntry("my.op.default", "mine", "fused_everything", ("x",), source="mine.yaml")
    with pytest.raises(OpMapError, match=r"my\.op\.default: lower: 'fused_everything' is no "):
        default_lowerings().check({"my.op.default": entry})


def test_the_op_maps_sit_beside_each_other_each_citing_its_source() -> None:
    files = sorted(path.name for path in OPMAPS.glob("*.yaml"))
    assert files == [
        "aten.yaml",
        "aten_core.yaml",  # generated from torch's core opset (tests/engines/aten_core.py)
        "tensorcast.yaml",
        "vllm.yaml",
        "vllm_ascend.yaml",
        "vllm_ascend_custom.yaml",  # generated from vLLM-Ascend's source (vllm_ascend_ops.py)
        "vllm_custom.yaml",  # generated from vLLM's source (tests/engines/vllm_ops.py)
    ]
    for path in OPMAPS.glob("*.yaml"):
        header = path.read_text().split("format:", 1)[0]
        assert "Source:" in header, path.name
    ascend = load_opmap(OPMAPS / "vllm_ascend.yaml")
    assert "_C_ascend.npu_add_rms_norm_bias.default" in ascend
    assert not any(t.startswith("_C_ascend.") for t in load_opmap(OPMAPS / "vllm.yaml"))


def test_traits_say_what_each_lowering_is() -> None:
    lowerings = default_lowerings()
    norms = {n for n, s in lowerings.specs.items() if Trait.NORM in s.traits}
    assert {"rms_norm", "add_rms_norm", "fused_add_rms_norm", "rms_norm_out"} <= norms
    assert lowerings.is_("reduce_scatter", Trait.REDUCTION, Trait.TOKEN_SCATTER)
    assert not lowerings.is_("all_gather", Trait.REDUCTION)
    assert lowerings.role_of("attention") == role("attention.attn")
    assert lowerings.is_(None, Trait.NORM) is False  # an unmapped op is nothing


def _string_members(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("frozenset", "set"):
        return [s for arg in node.args for s in _string_members(arg)]
    if isinstance(node, ast.Set | ast.Tuple | ast.List):
        return [
            e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)
        ]
    return []


def test_no_literal_set_of_lowering_names_or_op_kinds_in_the_importer() -> None:
    names = set(default_lowerings().specs) | set(default_registry().kinds())
    found = []
    for path in LOWERING_MODULES:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            candidates: list[ast.AST] = []
            if isinstance(node, ast.Compare):
                candidates = [c for op, c in zip(node.ops, node.comparators, strict=True)
                              if isinstance(op, ast.In | ast.NotIn)]  # fmt: skip
            elif isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                candidates = [node.value]
            for candidate in candidates:
                hits = [s for s in _string_members(candidate) if s in names]
                if len(hits) >= 2 or (hits and isinstance(node, ast.Compare)):
                    found.append(f"{path.name}:{node.lineno}: {hits}")
    assert found == []


def test_structure_is_never_read_back_from_names_the_importer_writes() -> None:
    for path in LOWERING_MODULES:
        if path.name == "placement.py":  # reads the engine's own module record, once
            continue
        text = path.read_text()
        for parser in ("layer_from_hf_name", "role_from_hf_name", 'startswith("model.layers'):
            assert parser not in text, f"{path.name} uses {parser}"


def test_a_dump_without_modules_gets_its_structure_as_facts() -> None:
    program = read_program(ENGINE_GRAPHS / "qwen3-dense-tp2-sp-row-bf16.readable.py")
    placed = infer_structure(program, shipped_opmaps(), default_lowerings())
    o_projs = sorted(
        (p.layer, p.path) for p in placed.values() if p.role == role("attention.o_proj")
    )
    assert o_projs and all(isinstance(layer, int) for layer, _ in o_projs)
    assert o_projs[0] == (0, "model.layers.0.self_attn.o_proj")
    imported = lower_program(program)
    ops = {op.name: op for op in imported.graph.ops}
    (norm,) = [op for op in ops.values() if op.role == role("layer.post_attention_layernorm")
               and op.layer == 0]  # fmt: skip
    assert norm.name == "model.layers.0.post_attention_layernorm"
    assert ops["model.layers.0.mlp.down_proj"].role == role("mlp.down_proj")


def test_the_shipped_engine_graphs_still_check_through_the_cli() -> None:
    result = run("check", ENGINE_GRAPHS / "qwen3-dense-tp2-sp-row-bf16.readable.py", "--sp")
    assert result.code == 0, result.err
    assert "0 errors, 0 warnings" in result.out


# -- a view that folds each token's heads into rows ---------------------------------------------

T = 64  # token rows
HEAD = frozenset({64})  # the graph's attention reads heads 64 wide


@pytest.mark.parametrize(
    ("dims", "features", "heads"),
    [
        ([2 * T, 64], (2, 64), 2),  # Llama-4's q.reshape(-1, head_dim) of [t, 2, 64]
        ([2 * T, 64], (128,), 2),  # the same of [t, 128]
        ([T, 64], (1, 64), 1),  # one head per rank: [t, 1, 64] seen as [t, 64]
    ],
)
def test_a_view_cutting_each_tokens_heads_into_rows_is_a_fold(
    dims: list[int], features: tuple[int, ...], heads: int
) -> None:
    assert folded_heads(dims, T, features, HEAD) == heads


@pytest.mark.parametrize(
    ("dims", "features"),
    [
        ([4 * T, 32], (2, 64)),  # rows of half a head
        ([T, 128], (2, 64)),  # two heads joined in a row
        ([T, 64], (64,)),  # [t, 64] to itself: no head the engine spelled
        ([T // 2, 256], (128,)),  # two tokens in a row
        ([2 * T, 64, 1], (128,)),  # more than rows of one head
        ([3 * T, 64], (2, 64)),  # not the token's own elements
    ],
)
def test_any_other_view_is_no_fold(dims: list[int], features: tuple[int, ...]) -> None:
    assert folded_heads(dims, T, features, HEAD) is None
    assert folded_heads([2 * T, 64], T, (2, 64), frozenset()) is None  # no head width known
