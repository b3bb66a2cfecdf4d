"""Model Explorer (Google's graph viewer) overlays: a typed graph's layouts, per-rank shapes, op
times and violations as its node data, keyed by the ids of the nodes it draws — an engine's
``.pt2`` as its PyTorch adapter names them (the fx node names), or layoutcheck's own graph, which
:func:`explorer_graph` writes in its JSON graph format (the ids are the op names).

Node data holds one value per node, so each kind of fact is its own file (Model Explorer loads
each as a run to pick from):

    FILE.json             layout    "L·W" in the view page's colour for it
    FILE.shape.json       shape     the per-rank output shape, "bf16[256, 6144]"
    FILE.us.json          µs        the op's time on the device, coloured by a gradient
    FILE.violations.json  rule ids  "o-proj-token-slice: …" in the page's error colour

Each is a ``GraphNodeData``: ``{"results": {node id: {"value": …, "bgColor": …}}, …}``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from layoutcheck.diagnostics import Diagnostic, Severity
from layoutcheck.errors import UsageError
from layoutcheck.files import write_text
from layoutcheck.graph import Op, ValueRef
from layoutcheck.interp import TypedGraph
from layoutcheck.lattice import AbstractValue
from layoutcheck.render import shape_text
from layoutcheck.session import Session
from layoutcheck.view.palette import ERROR, OP_FILL, SWATCHES, WARNING, Tone

# the data sets, each a file: the suffix before .json (the layout's is the file itself)
DATASETS: Mapping[str, str] = {
    "layout": "",
    "shape": ".shape",
    "us": ".us",
    "violations": ".violations",
}
# the µs gradient: light for the cheap ops, the page's darkest op stroke for the dearest
US_GRADIENT = ({"stop": 0, "bgColor": OP_FILL}, {"stop": 1, "bgColor": "#333333"})
SEVERITY_COLOURS: Mapping[Severity, str] = {Severity.ERROR: ERROR, Severity.WARNING: WARNING}
# Model Explorer's namespace separator: an op name's dotted prefix becomes its group
NAMESPACE_SEPARATOR = "/"


def node_ids(session: Session) -> dict[str, str]:
    """Each op's node id in the graph Model Explorer draws: its engine node's name for an
    engine graph (the lowering records it first in ``op.source``; an op the lowering added
    has none and is left out), else the op's own name."""
    ops = session.graph.ops
    if not session.is_engine:
        return {op.name: op.name for op in ops}
    nodes = {node.name for node in session.program.nodes}
    found: dict[str, str] = {}
    for op in ops:
        name = _engine_node(op)
        if name is not None and name in nodes:
            found[op.name] = name
    return found


def _engine_node(op: Op) -> str | None:
    """The engine node of an imported op: its source is ``node (module) at file:line``."""
    return op.source.split(" ", 1)[0] if op.source else None


def overlays(
    session: Session, device: str = "a3-752t", rank: str | int = "last"
) -> dict[str, dict[str, Any]]:
    """The four node-data sets (``DATASETS``) of the session's graph."""
    typed = session.quantized
    ids = node_ids(session)
    by_node: dict[str, list[Op]] = defaultdict(list)
    for op in typed.graph.topological_order():
        if op.name in ids:
            by_node[ids[op.name]].append(op)
    report = session.cost(device, rank=rank)
    numbers = report.numbers()
    diagnostics: dict[str, list[Diagnostic]] = defaultdict(list)
    for diagnostic in session.check().diagnostics:
        if diagnostic.op in ids and diagnostic.severity in SEVERITY_COLOURS:
            diagnostics[ids[diagnostic.op]].append(diagnostic)
    layout: dict[str, dict[str, Any]] = {}
    shape: dict[str, dict[str, Any]] = {}
    us: dict[str, dict[str, Any]] = {}
    violations: dict[str, dict[str, Any]] = {}
    for node, ops in by_node.items():
        # an engine node lowered to several ops shows what its last op leaves (its result)
        outputs = typed.outputs_of(ops[-1])
        if outputs:
            layout[node] = {
                "value": ", ".join(value.layout for value in outputs),
                "bgColor": SWATCHES[Tone.of(outputs[0])].colour,
            }
            shape[node] = {"value": ", ".join(_shape(typed, value) for value in outputs)}
        priced = [numbers[op.name].us for op in ops if op.name in numbers]
        if priced:
            us[node] = {"value": sum(priced)}
        found = diagnostics.get(node)
        if found:
            worst = min(found, key=lambda d: list(SEVERITY_COLOURS).index(d.severity))
            violations[node] = {
                "value": "; ".join(f"{d.rule}: {d.message}" for d in found),
                "bgColor": SEVERITY_COLOURS[worst.severity],
            }
    return {
        "layout": {"results": layout, "showLabelCountColumnsInChildrenStatsTable": True},
        "shape": {"results": shape},
        "us": {"results": us, "gradient": list(US_GRADIENT)},
        "violations": {"results": violations, "showExpandedSummaryOnGroupNode": True},
    }


def _shape(typed: TypedGraph, value: AbstractValue) -> str:
    if value.is_top:
        return "⊤"
    return f"{value.dtype.value}{shape_text(typed.numeric_shape(value))}"


def overlay_paths(path: str | Path) -> dict[str, Path]:
    """Where each data set of ``--model-explorer FILE.json`` goes."""
    file = Path(path)
    stem = file.name[: -len(".json")] if file.name.endswith(".json") else file.name
    return {name: file.with_name(stem + suffix + ".json") for name, suffix in DATASETS.items()}


def write_overlays(
    path: str, session: Session, device: str = "a3-752t", rank: str | int = "last"
) -> str:
    """Write the four node-data files; a line saying what was written."""
    data = overlays(session, device, rank)
    paths = overlay_paths(path)
    for name, target in paths.items():
        text = json.dumps(data[name], ensure_ascii=False, indent=1) + "\n"
        write_text(target, text, UsageError, f"--model-explorer {target}")
    nodes = len(data["layout"]["results"])
    flagged = len(data["violations"]["results"])
    others = ", ".join(str(paths[name].name) for name in DATASETS if name != "layout")
    return f"wrote {path} ({nodes} nodes' layouts, {flagged} with violations) and {others}"


# -- layoutcheck's own graph in Model Explorer's JSON graph format ----------------------------


def explorer_graph(session: Session) -> dict[str, Any]:
    """The session's graph as a Model Explorer graph collection (``{"label", "graphs"}``): a
    node per graph input (namespace ``inputs``, as its PyTorch adapter groups them) and per op,
    grouped by the op name's dotted prefix, each output's dtype, per-rank shape and layout as
    metadata, and an edge per input."""
    typed = session.quantized
    graph = typed.graph
    nodes: list[dict[str, Any]] = []
    for spec in graph.inputs:
        value = typed.value(ValueRef(spec.name))
        nodes.append(
            {
                "id": spec.name,
                "label": "input",
                "namespace": "inputs",
                "attrs": [],
                "incomingEdges": [],
                "outputsMetadata": [_metadata(0, typed, value)],
            }
        )
    for op in graph.topological_order():
        outputs = typed.outputs_of(op)
        nodes.append(
            {
                "id": op.name,
                "label": op.kind,
                "namespace": NAMESPACE_SEPARATOR.join(op.name.split(".")[:-1]),
                "attrs": [{"key": key, "value": str(value)} for key, value in op.attrs],
                "incomingEdges": [_edge(ref, index) for index, ref in enumerate(op.inputs)],
                "outputsMetadata": [
                    _metadata(port, typed, value) for port, value in enumerate(outputs)
                ],
            }
        )
    return {"label": graph.name, "graphs": [{"id": graph.name, "nodes": nodes}]}


def _edge(ref: ValueRef, index: int) -> dict[str, str]:
    return {
        "sourceNodeId": ref.op,
        "sourceNodeOutputId": str(ref.port),
        "targetNodeInputId": str(index),
    }


def _metadata(port: int, typed: TypedGraph, value: AbstractValue) -> dict[str, Any]:
    return {
        "id": str(port),
        "attrs": [
            {"key": "tensor_shape", "value": _shape(typed, value)},
            {"key": "layout", "value": value.layout},
        ],
    }


def write_explorer_graph(path: str, session: Session) -> str:
    data = explorer_graph(session)
    write_text(
        path,
        json.dumps(data, ensure_ascii=False, indent=1) + "\n",
        UsageError,
        f"--model-explorer-graph {path}",
    )
    nodes: Sequence[object] = data["graphs"][0]["nodes"]
    return f"wrote {path}: {len(nodes)} nodes (Model Explorer's JSON graph)"
