"""`export --model-explorer FILE.json`: Model Explorer's node data over the nodes it draws —
valid against the format (a schema written from its documentation, tests/data/model-explorer),
every key a node of the graph (an engine archive's, read by layoutcheck's own reader, or the
JSON graph `--model-explorer-graph` writes), with the view page's colours and the report's
numbers; and, where Model Explorer is installed, its own PyTorch adapter's node ids."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from layoutcheck.cost.report import summarize
from layoutcheck.engines.target import read_target
from layoutcheck.explorer import DATASETS, overlay_paths
from layoutcheck.lattice import AbstractValue
from layoutcheck.session import Options, Session
from layoutcheck.view.palette import ERROR, SWATCHES, Tone
from tests.helpers import ENGINE_GRAPHS, ROOT, run

SCHEMAS = ROOT / "tests" / "data" / "model-explorer"
ARCHIVE = (
    ENGINE_GRAPHS / "glm51-tp4-sp-default-w8a8.pt2"
)  # TensorCast's SP run that matched nothing
MODEL = ["glm-5.1", "--tp", "4", "--sp"]


def schema(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((SCHEMAS / name).read_text(encoding="utf-8"))
    return loaded


def export(tmp_path: Path, *argv: str, graph: bool = False) -> dict[str, dict[str, Any]]:
    """The node-data sets one ``export`` writes (and its JSON graph, as ``graph``)."""
    target = tmp_path / "overlay.json"
    extra = ["--model-explorer-graph", str(tmp_path / "graph.json")] if graph else []
    code, out, err = run("export", *argv, "--model-explorer", target, *extra)
    assert code == 0, err
    assert f"wrote {target} (" in out
    data = {
        name: json.loads(path.read_text(encoding="utf-8"))
        for name, path in overlay_paths(target).items()
    }
    if graph:
        data["graph"] = json.loads((tmp_path / "graph.json").read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
def archive_overlays(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    return export(tmp_path_factory.mktemp("archive"), str(ARCHIVE), "--sp")


@pytest.fixture(scope="module")
def model_overlays(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    return export(tmp_path_factory.mktemp("model"), *MODEL, graph=True)


def test_the_files_are_model_explorer_node_data(
    archive_overlays: dict[str, dict[str, Any]], model_overlays: dict[str, dict[str, Any]]
) -> None:
    validator = jsonschema.Draft202012Validator(schema("node-data.schema.json"))
    for overlays in (archive_overlays, model_overlays):
        for name in DATASETS:
            validator.validate(overlays[name])
            assert overlays[name]["results"], name
    # the schema is not vacuous: what the format forbids is refused
    for bad in (
        {"results": {"n": {"value": [1]}}},  # no lists as values
        {"results": {"n": {"value": 1, "colour": "red"}}},  # unknown field
        {"results": {"n": {"bgColor": "red"}}},  # no value
        {"results": {}, "gradient": [{"stop": 2}]},  # stops run 0..1
    ):
        assert not validator.is_valid(bad), bad
    jsonschema.Draft202012Validator(schema("graph.schema.json")).validate(model_overlays["graph"])


def test_every_archive_key_is_a_node_of_the_archive(
    archive_overlays: dict[str, dict[str, Any]],
) -> None:
    """Keyed as Model Explorer's PyTorch adapter names the nodes: the fx node names, which
    layoutcheck's archive reader reads as each node's name."""
    program = read_target(str(ARCHIVE))
    nodes = {node.name for node in program.nodes}
    for name in DATASETS:
        keys = set(archive_overlays[name]["results"])
        assert keys <= nodes, (name, sorted(keys - nodes)[:5])
    layouts = archive_overlays["layout"]["results"]
    # the priced nodes of the run: norms, linears, collectives, attention, experts …
    targets = {node.name: node.target for node in program.nodes}
    kinds = {targets[key].split(".")[1] for key in layouts}
    assert {"rms_norm", "all_reduce", "mlapo_quant"} <= kinds, kinds


def test_the_archive_overlays_show_its_layout_and_violations(
    archive_overlays: dict[str, dict[str, Any]],
) -> None:
    session = Session(Options(str(ARCHIVE), sp=True))
    ops = {op.name: op for op in session.graph.ops}
    node_of = {name: op.source.split(" ", 1)[0] for name, op in ops.items() if op.source}
    o_proj = node_of["model.layers.0.self_attn.o_proj"]
    violations = archive_overlays["violations"]["results"]
    assert "o-proj-token-slice" in violations[o_proj]["value"]
    assert violations[o_proj]["bgColor"] == ERROR
    rules = {d.rule for d in session.check().diagnostics if d.op in node_of}
    shown = {rule for v in violations.values() for rule in rules if f"{rule}: " in v["value"]}
    assert shown == rules  # every violation at an op is on its node
    # an SP run with no SP: its o_proj runs on FULL tokens, with whole features
    layout = archive_overlays["layout"]["results"][o_proj]
    assert layout["value"] == "F·W"
    assert layout["bgColor"] == SWATCHES[Tone.FULL_WHOLE].colour
    assert (
        archive_overlays["shape"]["results"][o_proj]["value"] == "fp16[512, 6144]"
    )  # TensorCast runs in fp16


def test_the_model_overlays_lie_over_its_json_graph(
    model_overlays: dict[str, dict[str, Any]],
) -> None:
    [graph] = model_overlays["graph"]["graphs"]
    ids = [node["id"] for node in graph["nodes"]]
    assert len(ids) == len(set(ids))
    for name in DATASETS:
        assert set(model_overlays[name]["results"]) <= set(ids), name
    by_id = {node["id"]: node for node in graph["nodes"]}
    for node in graph["nodes"]:
        for edge in node["incomingEdges"]:
            assert edge["sourceNodeId"] in by_id  # every edge from a node of the graph
    gather = by_id["model.layers.3.input_layernorm.all_gather"]
    assert (
        gather["label"] == "all_gather" and gather["namespace"] == "model/layers/3/input_layernorm"
    )
    assert {"key": "layout", "value": "F·W"} in gather["outputsMetadata"][0]["attrs"]
    assert {"key": "tensor_shape", "value": "bf16[4096, 6144]"} in gather["outputsMetadata"][0][
        "attrs"
    ]


def test_the_model_overlays_carry_the_pages_colours_and_the_reports_numbers(
    model_overlays: dict[str, dict[str, Any]],
) -> None:
    session = Session(Options("glm-5.1", tp=4, sp=True))
    typed = session.typed
    layouts = model_overlays["layout"]["results"]
    for op in session.graph.ops:
        outputs: tuple[AbstractValue, ...] = typed.outputs_of(op)
        if op.name in layouts and outputs:
            assert layouts[op.name]["value"] == ", ".join(v.layout for v in outputs)
            assert layouts[op.name]["bgColor"] == SWATCHES[Tone.of(outputs[0])].colour
    assert {entry["value"] for entry in layouts.values()} >= {"F·W", "L·W", "F·P", "L·W, L·W"}
    report = session.cost("a3-752t")
    numbers = report.numbers()
    us = model_overlays["us"]["results"]
    # every op of the graph (the hardware model's host step is no node of it)
    assert set(us) == {entry.name for entry in report.op_entries}
    for name, entry in us.items():
        assert entry["value"] == pytest.approx(numbers[name].us, rel=1e-12)
    # the nodes' times are the step's, less the host step (which no node runs)
    total = summarize(report, numbers)["total_us"]
    host = sum(numbers[e.name].us for e in report.entries if e.kind == "host_step")
    assert sum(entry["value"] for entry in us.values()) == pytest.approx(total - host, rel=1e-9)
    assert [stop["stop"] for stop in model_overlays["us"]["gradient"]] == [0, 1]


def test_export_needs_something_to_write(tmp_path: Path) -> None:
    code, out, err = run("export", *MODEL)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "give at least one" in err


def test_an_unwritable_overlay_is_one_line_exit_2(tmp_path: Path) -> None:
    code, _, err = run("export", *MODEL, "--model-explorer", tmp_path / "missing" / "o.json")
    assert code == 2
    assert err.count("\n") == 1 and "--model-explorer" in err


ADAPTER_SCRIPT = """
import json, sys
import tests.engines.standin  # the engines' ops, registered so the archive loads
from model_explorer.builtin_pytorch_exportedprogram_adapter import (
    BuiltinPytorchExportedProgramAdapter,
    PytorchExportedProgramAdapterImpl,
)
# capture keeps no weights (meta tensors): the adapter's printing of a weight's values has
# nothing to print, so it prints a placeholder; the node ids are untouched
printed = PytorchExportedProgramAdapterImpl.print_tensor
PytorchExportedProgramAdapterImpl.print_tensor = lambda self, tensor, limit=16: (
    "meta" if tensor.is_meta else printed(self, tensor, limit)
)
adapter = BuiltinPytorchExportedProgramAdapter()
graphs = adapter.convert(sys.argv[1], {"const_element_count_limit": 16})
print(json.dumps([node.id for node in graphs["graphs"][0].nodes]))
"""


def test_model_explorers_own_adapter_names_the_nodes_alike(tmp_path: Path) -> None:
    """A TensorCast-style archive written as ``capture`` writes one, converted by Model
    Explorer's PyTorch adapter: every node the overlay names is a node it draws."""
    pytest.importorskip("model_explorer")
    pytest.importorskip("torch")
    from layoutcheck.capture import export_graph
    from tests.engines import tinyglm

    archive = tmp_path / "tiny.pt2"
    # SP requested and matched nothing (CASES.md): violations to show too
    gm, inputs = tinyglm.tensorcast_graph(tinyglm.Layout(sequence_parallel=False))
    export_graph(gm, inputs, archive, {"engine": "tensorcast"})
    config = tmp_path / "glm.json"
    config.write_text(json.dumps(tinyglm.CONFIG), encoding="utf-8")
    overlays = export(tmp_path, str(archive), "--config", str(config), "--sp")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    result = subprocess.run(
        [sys.executable, "-c", ADAPTER_SCRIPT, str(archive)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    ids = set(json.loads(result.stdout.splitlines()[-1]))
    for name in DATASETS:
        keys = set(overlays[name]["results"])
        assert keys and keys <= ids, (name, sorted(keys - ids)[:5])
