"""A 78-layer GLM-5.1 engine graph end to end: read, lowered, checked and costed.

TensorCast with layer repetition traces one layer per kind and chains `_internal_copy_region`
for the rest, so its 78-layer GLM-5.1 graph is the 4-layer one of
`tests/data/engine-graphs/glm51-tp4-sp-row-w8a8.pt2` with the MoE region copied 74 more times
(3 dense layers + 75 MoE layers). This script writes that archive, and — the harder case — an
expanded one without repetition (the MoE layer's nodes written out 75 times, ~33,000 nodes),
then times `Session(...).check()` followed by `cost()` on each (best of N, after import).

Target: the repetition archive, read + lowered + checked + costed, under 1 s; it must report
78 layers and 78 attention boundaries.

Run: python benchmarks/bench_engine_78.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import copy
import json
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from timing import timed

from layoutcheck.cost.report import summarize
from layoutcheck.session import Options, Session

SOURCE = (
    Path(__file__).resolve().parent.parent
    / "tests"
    / "data"
    / "engine-graphs"
    / "glm51-tp4-sp-row-w8a8.pt2"
)
LAYERS = 78
DENSE = 3


def _document() -> tuple[str, dict[str, Any], dict[str, bytes]]:
    with zipfile.ZipFile(SOURCE) as archive:
        member = next(n for n in archive.namelist() if n.endswith("/models/model.json"))
        others = {n: archive.read(n) for n in archive.namelist() if n.endswith("version")}
        return member, json.loads(archive.read(member)), others


def _write(path: Path, member: str, document: dict[str, Any], others: dict[str, bytes]) -> None:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(member, json.dumps(document))
        for name, data in others.items():
            archive.writestr(name, data)


def _region_markers(nodes: list[dict[str, Any]]) -> tuple[int, int]:
    """The node indices of the MoE region's begin and end (the second region)."""
    begins = [i for i, n in enumerate(nodes) if "region_begin" in n["target"]]
    ends = [i for i, n in enumerate(nodes) if "region_end" in n["target"]]
    return begins[1], ends[1]


def _output_names(node: dict[str, Any]) -> list[str]:
    names = []
    for output in node["outputs"]:
        if "as_tensor" in output:
            names.append(output["as_tensor"]["name"])
        for item in output.get("as_tensors", []):
            names.append(item["name"])
    return names


def _rename_inputs(node: dict[str, Any], renames: dict[str, str]) -> None:
    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            if set(value) == {"name"} and value["name"] in renames:
                return {"name": renames[value["name"]]}
            return {k: walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return value

    node["inputs"] = walk(node["inputs"])


def repetition_archive(folder: Path) -> Path:
    member, document, others = _document()
    graph = document["graph_module"]["graph"]
    nodes, values = graph["nodes"], graph["tensor_values"]
    _, end = _region_markers(nodes)
    region_id = nodes[end]["inputs"][1]["arg"]["as_int"]
    previous = _output_names(nodes[end])[0]
    copies = []
    for k in range(LAYERS - DENSE - 1):
        name = f"_bench_copy_region_{k}"
        values[name] = copy.deepcopy(values[previous])
        copies.append(
            {
                "target": "torch.ops.tensor_cast._internal_copy_region.default",
                "inputs": [
                    {"name": "x", "arg": {"as_tensor": {"name": previous}}, "kind": 1},
                    {"name": "id", "arg": {"as_int": region_id}, "kind": 1},
                ],
                "outputs": [{"as_tensor": {"name": name}}],
                "metadata": {},
            }
        )
        previous = name
    region_end = _output_names(nodes[end])[0]
    for node in nodes[end + 1 :]:
        _rename_inputs(node, {region_end: previous})
    graph["nodes"] = nodes[: end + 1] + copies + nodes[end + 1 :]
    path = folder / "glm51-78-repetition.pt2"
    _write(path, member, document, others)
    return path


def expanded_archive(folder: Path) -> Path:
    member, document, others = _document()
    graph = document["graph_module"]["graph"]
    nodes, values = graph["nodes"], graph["tensor_values"]
    begin, end = _region_markers(nodes)
    block = nodes[begin : end + 1]
    produced = {name for node in block for name in _output_names(node)}
    entry = block[0]["inputs"][0]["arg"]["as_tensor"]["name"]
    last = _output_names(nodes[end])[0]
    written = list(block)
    for k in range(1, LAYERS - DENSE):
        renames = {name: f"{name}__L{k}" for name in produced}
        renames[entry] = last
        for node in block:
            twin = copy.deepcopy(node)
            _rename_inputs(twin, renames)
            for output in twin["outputs"]:
                if "as_tensor" in output:
                    output["as_tensor"]["name"] = renames[output["as_tensor"]["name"]]
                for item in output.get("as_tensors", []):
                    item["name"] = renames[item["name"]]
            custom = twin.get("metadata", {}).get("custom")
            if isinstance(custom, str):  # the copy is layer 3 + k, as a traced layer says
                twin["metadata"]["custom"] = custom.replace(
                    "model.layers.3.", f"model.layers.{DENSE + k}."
                )
            if "region" in twin["target"]:  # each copy its own region of one layer
                twin["inputs"][1]["arg"]["as_int"] += k
            for name in _output_names(node):
                if name in values:
                    values[renames[name]] = values[name]
            written.append(twin)
        last = renames[_output_names(nodes[end])[0]]
    region_end = _output_names(nodes[end])[0]
    for node in nodes[end + 1 :]:
        _rename_inputs(node, {region_end: last})
    graph["nodes"] = nodes[:begin] + written + nodes[end + 1 :]
    path = folder / "glm51-78-expanded.pt2"
    _write(path, member, document, others)
    return path


def end_to_end(path: Path) -> tuple[int, dict[str, object], float]:
    session = Session(Options(str(path), sp=True))
    report = session.check()
    cost = session.cost("a3-752t")
    total_us = float(summarize(cost, cost.numbers())["total_us"])  # type: ignore[arg-type]
    return len(session.program.nodes), report.summary, total_us / 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rows = []
        for label, path in (
            ("repetition (TensorCast's form)", repetition_archive(folder)),
            ("expanded, no repetition", expanded_archive(folder)),
        ):
            results = [timed(lambda path=path: end_to_end(path)) for _ in range(rounds)]
            best = min(seconds for seconds, _ in results)
            nodes, summary, total = results[-1][1]
            rows.append((label, path.stat().st_size, nodes, summary, total, best))
    print(f"{'archive':32} {'MB':>6} {'nodes':>7} {'layers':>6} {'bounds':>6} {'ms':>9}  verdict")
    for label, size, nodes, summary, total, best in rows:
        print(
            f"{label:32} {size / 2**20:6.2f} {nodes:7d} {summary['layers']:6} "
            f"{summary['attention_boundaries']:6} {best * 1e3:9.1f}  "
            f"total {total * 1e3:.2f} ms on a3-752t"
        )
    print("target: the repetition archive end to end (read, lower, check, cost) under 1000 ms")


if __name__ == "__main__":
    main()
