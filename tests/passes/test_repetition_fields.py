"""Repetition and layers are data, not names: a graph whose every op is renamed (``n0``, ``n1``,
…, or names that claim another layer), keeping only its roles, layers and regions, written and
read back through the graph format, checks and costs exactly as the original — every rule, per
layer, ``boundary-count`` included — and folds and expands as the original does."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from layoutcheck import Options, Session
from layoutcheck.check import attention_entries
from layoutcheck.cost.report import summarize
from layoutcheck.diagnostics import Report
from layoutcheck.errors import InputError
from layoutcheck.graph import Graph, Op, Region, ValueRef, copy_name
from layoutcheck.graph_io import SpecError, dumps_graph, loads_graph, write_graph
from layoutcheck.passes.repetition import expand, fold
from layoutcheck.validate import normalize

SPECS = Path(__file__).resolve().parents[2] / "layoutcheck" / "specs" / "graphs"
FILES = (
    "glm51-layer-tensorcast-dsa-cp.yaml",
    "glm51-layer-vllm-ascend-dsa-cp.yaml",
    "bugs/rfc-gathered-residual.yaml",
    "bugs/tensorcast-indexer-local-hidden.yaml",
    "bugs/mc2-topk-on-full-logits.yaml",
    "bugs/o-proj-all-reduce-after-replicated.yaml",
)
GLM = Options("glm-5.1", tp=16, sp=True)  # DSA-CP against tensorcast-dsa-cp-prefill

Naming = Callable[[int, Op], str]
NAMINGS: dict[str, Naming] = {
    "numbered": lambda index, op: f"n{index}",
    # every name claims a layer the op is not in: only the layer field can be right
    "misleading": lambda index, op: f"model.layers.{8 if op.layer == 7 else 7}.op{index}",
}


def renamed(graph: Graph, naming: Naming) -> Graph:
    """Every op renamed, its readers and the outputs rewired; roles, layers and the graph's
    regions kept, the ops' local names dropped (nothing of the old names survives)."""
    names = {op.name: naming(index, op) for index, op in enumerate(graph.ops)}

    def ref(old: ValueRef) -> ValueRef:
        return ValueRef(names.get(old.op, old.op), old.port)

    ops = [
        op.evolve(name=names[op.name], inputs=tuple(map(ref, op.inputs)), local=None)
        for op in graph.ops
    ]
    return graph.with_ops(ops, tuple(map(ref, graph.outputs)))


def through_file(graph: Graph, folder: Path, kind: str = "yaml") -> Path:
    path = folder / f"{graph.name}.{kind}"
    write_graph(graph, path)
    return path


def verdict(report: Report) -> tuple[object, ...]:
    """What a check says without naming ops: each finding's rule, severity and layer, the
    report's counts (layers, ops, collectives per layer, attention boundaries) and the verdict."""
    findings = Counter((str(d.rule), d.severity, d.layer) for d in report.diagnostics)
    return findings, report.summary, report.ok


def cost_totals(session: Session) -> tuple[object, ...]:
    try:
        report = session.cost()
    except InputError as error:  # a graph with type errors and nothing priceable
        return (type(error).__name__,)
    summary = summarize(report, report.numbers())
    kinds: dict[str, dict[str, float]] = summary["by_kind"]  # type: ignore[assignment]
    by_kind = {kind: row["count"] for kind, row in kinds.items()}
    return summary["total_us"], summary["by_category"], by_kind, len(report.unpriced)


def same_check_and_cost(original: Session, again: Session) -> Report:
    report = original.check()
    assert verdict(again.check()) == verdict(report)
    expected, found = cost_totals(original), cost_totals(again)
    assert len(found) == len(expected)
    for have, want in zip(found, expected, strict=True):  # floats summed in another order
        assert have == (pytest.approx(want, rel=1e-9) if isinstance(want, float | dict) else want)
    return report


# -- shipped graph files -----------------------------------------------------------------------


@pytest.mark.parametrize("naming", sorted(NAMINGS))
@pytest.mark.parametrize("name", FILES)
def test_a_renamed_graph_file_checks_and_costs_as_the_original(
    name: str, naming: str, tmp_path: Path
) -> None:
    original = Session(Options(str(SPECS / name)))
    graph = renamed(original.graph, NAMINGS[naming])
    for kind in ("yaml", "json"):
        path = through_file(graph, tmp_path, kind)
        again = Session(Options(str(path), contract=original.graph.contract))
        assert [op.layer for op in again.graph.ops] == [op.layer for op in original.graph.ops]
        assert [op.role for op in again.graph.ops] == [op.role for op in original.graph.ops]
        report = same_check_and_cost(original, again)
    assert original.graph.layers()  # the layers were in the names, and are in the fields now
    assert report.diagnostics or name.startswith("glm51")  # each bug graph has its findings


# -- the builder's GLM-5.1, folded and expanded --------------------------------------------------


@pytest.fixture(scope="module")
def glm_expanded() -> Session:
    return Session(GLM)


@pytest.fixture(scope="module")
def glm_folded() -> Session:
    return Session(Options("glm-5.1", tp=16, sp=True, repetition=True))


@pytest.mark.parametrize("naming", sorted(NAMINGS))
@pytest.mark.parametrize("form", ["folded", "expanded"])
def test_the_renamed_glm_build_checks_and_costs_as_built(
    form: str,
    naming: str,
    glm_folded: Session,
    glm_expanded: Session,
    tmp_path: Path,
) -> None:
    original = glm_folded if form == "folded" else glm_expanded
    path = through_file(renamed(original.graph, NAMINGS[naming]), tmp_path)
    text = path.read_text()
    assert ("regions:" in text) is (form == "folded")
    again = Session(Options(str(path)))
    assert again.graph.repetition() == original.graph.repetition()
    report = same_check_and_cost(original, again)
    assert report.summary["layers"] == 78
    assert report.summary["attention_boundaries"] == 78  # boundary-count's subject, per layer


def test_fold_matches_renamed_layers_by_structure(
    glm_folded: Session, glm_expanded: Session, tmp_path: Path
) -> None:
    """Folding the renamed expanded build finds the built regions (layers compared op by op,
    not by name), and the folded and expanded renamed graphs check and cost alike."""
    expanded = renamed(glm_expanded.graph, NAMINGS["numbered"])
    folded = normalize(fold(expanded))
    assert folded.repetition() == glm_folded.graph.repetition() == (Region(1, 2), Region(3, 75))
    assert len(folded.ops) == len(glm_folded.graph.ops)
    expanded_session = Session(Options(str(through_file(expanded, tmp_path))))
    folded_session = Session(Options(str(through_file(folded.evolve(name="folded"), tmp_path))))
    report = same_check_and_cost(expanded_session, folded_session)
    assert verdict(report) == verdict(glm_expanded.check())
    # and expanding the renamed fold gives the renamed build back, its copies named by field
    again = normalize(expand(folded))
    assert len(again.ops) == len(expanded.ops)
    assert [(op.kind, op.layer, op.role) for op in again.ops] == [
        (op.kind, op.layer, op.role) for op in expanded.ops
    ]


def _second_attention_entry(graph: Graph, layer: int) -> Graph:
    """``graph`` with layer ``layer``'s attention entry gathered twice: one attention reader
    reads a second all_gather of the same value (a boundary-count error in that layer)."""
    gather = next(op for op in attention_entries(graph) if op.layer == layer)
    again = gather.evolve(name=f"{gather.name}_again", local=None)
    reader, slot = next(
        (op, slot) for op, slot in graph.consumers(ValueRef(gather.name)) if op.block is not None
    )
    ops: list[Op] = []
    for op in graph.ops:
        if op.name == reader.name:
            inputs = list(op.inputs)
            inputs[slot] = ValueRef(again.name)
            op = op.evolve(inputs=tuple(inputs))
        ops.append(op)
        if op.name == gather.name:
            ops.append(again)
    return normalize(graph.with_ops(ops))


@pytest.mark.parametrize("naming", sorted(NAMINGS))
def test_boundary_count_finds_the_double_gather_in_every_layer_of_a_renamed_region(
    naming: str, glm_folded: Session, tmp_path: Path
) -> None:
    broken = _second_attention_entry(glm_folded.graph, 3)  # the MoE region: layers 3 … 77
    folded_path = through_file(renamed(broken, NAMINGS[naming]), tmp_path)
    expanded_path = through_file(renamed(normalize(expand(broken)), NAMINGS[naming]), tmp_path)
    folded = Session(Options(str(folded_path))).check()
    expanded = Session(Options(str(expanded_path))).check()
    layers = sorted(d.layer for d in folded.diagnostics if d.rule == "boundary-count")
    assert layers == list(range(3, 78))  # one finding per layer the region stands for
    assert verdict(folded) == verdict(expanded)


# -- the format ----------------------------------------------------------------------------------

REGION_FILE = """\
format: layoutcheck-graph/1
symbols: {{T: 8, tp: 2, H: 16}}
inputs:
  x: {{shape: [T, H]}}
ops:
  - {{name: a, op: region_begin, inputs: [x], layer: 3, attrs: {{region: r{begin_attrs}}}}}
  - {{name: b, op: rms_norm, inputs: ["a"], layer: 3}}
  - {{name: c, op: region_end, inputs: [b], layer: 3, attrs: {{region: r}}}}
  - {{name: d, op: copy_region, inputs: [c], layer: 3, attrs: {{region: r}}}}
outputs: [d]
{regions}"""


def _region_file(regions: str = "", begin_attrs: str = "") -> str:
    return REGION_FILE.format(regions=regions, begin_attrs=begin_attrs)


def test_a_region_is_read_from_the_field_and_written_back() -> None:
    graph = loads_graph(_region_file("regions: [{layer: 3, repeat: 75}]"))
    assert graph.repetition() == (Region(3, 75),)
    norm = graph.op("b")
    assert graph.multiplicity(norm) == 75
    assert graph.layer_copies(norm) == tuple(range(3, 78))
    assert graph.expanded_layer_count() == 75
    assert copy_name(norm, 4) == "b@4"  # no local name: the layer appended
    assert copy_name(norm.evolve(local="input_layernorm"), 4) == ("model.layers.4.input_layernorm")
    assert loads_graph(dumps_graph(graph)) == graph
    assert "regions:\n- {layer: 3, repeat: 75}" in dumps_graph(graph)


def test_an_old_file_takes_its_regions_from_its_markers() -> None:
    graph = loads_graph(_region_file(begin_attrs=", repeat: 5"))
    assert graph.regions == (Region(3, 5),)  # converted on read: the field is the truth
    assert len(normalize(expand(graph)).ops) == 5


@pytest.mark.parametrize(
    ("regions", "begin_attrs", "message"),
    [
        ("regions: [{layer: 3, repeat: 5}]", ", repeat: 4", "disagrees with regions"),
        ("regions: [{layer: 4, repeat: 5}]", "", "outside every region"),
        ("regions: [{layer: 3, repeat: 0}]", "", "repeat must be an integer ≥ 1"),
        ("regions: [{layer: 3, repeat: true}]", "", "repeat must be an integer"),
        ("regions: [{layer: 3}]", "", "a region is {layer"),
        ("regions: {layer: 3, repeat: 2}", "", "regions must be a list"),
        ("regions: [{layer: 3, repeat: 2}, {layer: 4, repeat: 2}]", "", "overlap"),
        ("regions: [{layer: 3, repeat: 2}, {layer: 3, repeat: 3}]", "", "a second region"),
        ("regions: [{layer: 3, repeat: 100000000}]", "", "pass the limit"),
    ],
)
def test_a_bad_region_is_one_clear_error(regions: str, begin_attrs: str, message: str) -> None:
    with pytest.raises(SpecError, match=message):
        loads_graph(_region_file(regions, begin_attrs))


def test_no_op_may_sit_in_a_layer_a_region_stands_for() -> None:
    def with_layer_5_op(text: str) -> str:
        return text.replace(
            "  - {name: c, op: region_end, inputs: [b], layer: 3,",
            "  - {name: b2, op: rms_norm, inputs: [b], layer: 5}\n"
            "  - {name: c, op: region_end, inputs: [b2], layer: 3,",
        )

    stated = with_layer_5_op(_region_file("regions: [{layer: 3, repeat: 5}]"))
    with pytest.raises(SpecError, match="in layer 5, which the region at layer 3 stands for"):
        loads_graph(stated)
    # an old file's markers say the same, and are held to it alike
    with pytest.raises(SpecError, match="in layer 5"):
        loads_graph(with_layer_5_op(_region_file(begin_attrs=", repeat: 5")))


def test_a_region_needs_its_begin_marker() -> None:
    text = _region_file("regions: [{layer: 3, repeat: 2}, {layer: 10, repeat: 2}]")
    with pytest.raises(SpecError, match="layer 10 starts a region but has no region_begin"):
        loads_graph(text)


# -- where names are still read ------------------------------------------------------------------

PACKAGE = Path(__file__).resolve().parents[2] / "layoutcheck"
NAME_READERS = frozenset({"layer_from_hf_name", "local_from_hf_name"})
# The only modules that read a layer (or a layer-relative name) from a name, each an edge where
# a name is all there is, and the modules that spell the HF layer path in code.
ALLOWED_NAME_SITES = {
    "roles.py": "the convention itself (HF_LAYER_PREFIX)",
    "graph_io.py": "a graph file's op that states no layer: or local:",
    "graph.py": "GraphBuilder: graphs made in code, named by their HF module paths",
    "passes/rewriter.py": "ops a pass adds, named in the path of the op it rewrites",
    "memory/inventory.py": "checkpoint keys of a quantization description, one per layer",
    "quant.py": "a quantization description's checkpoint keys",
    "rules.py": "example graphs in the rules' documentation (text)",
    "engines/placement.py": "the module path an engine recorded for a node (an archive's own)",
}


def _name_sites() -> set[str]:
    """Modules that call a name reader or hold ``model.layers.`` in code (not docstrings)."""
    import ast

    found: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            called = isinstance(node, ast.Call) and (
                getattr(node.func, "id", None) in NAME_READERS
                or getattr(node.func, "attr", None) in NAME_READERS
            )
            spelled = (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and "model.layers." in node.value
                and id(node) not in docstrings
            )
            if called or spelled:
                found.add(path.relative_to(PACKAGE).as_posix())
    return found


def test_layers_are_read_from_names_only_at_the_edges() -> None:
    """check, cost, memory, view, contracts and the passes take layers, repeats and copies from
    fields; a new module that reads them from names fails here."""
    assert _name_sites() == set(ALLOWED_NAME_SITES)
