"""compare --trace at GLM-5.1's real depth: a 78-layer engine graph against a 78-layer trace.

The 78-layer archive is bench_engine_78's (the shipped 4-layer sp-row graph with its MoE region
copied 74 more times); the trace is the shipped 4-layer one with the MoE layer's events replayed
74 more times after it, as TensorCast replays a region at each copy (~34,000 events). Times the
read of the trace, the matching by engine node and the comparison; and, by op kind, layer and
token extent, the built 78-layer model against the same trace.

Measured on this 2-core machine (loaded): the 33,000-event trace (24 MB of JSON) reads in about
2.5 s (a third each: the nesting pre-scan, json, the strict per-event checks); matching and
comparing take about 1.2 s by engine node and 1.0 s by kind. Target: each under 3 s.

Run: python benchmarks/bench_trace_78.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import gzip
import json
import tempfile
from pathlib import Path
from typing import Any

from bench_engine_78 import DENSE, LAYERS, SOURCE, repetition_archive
from timing import timed

from layoutcheck.cost.trace import read_trace
from layoutcheck.cost.trace_compare import compare_with_trace
from layoutcheck.cost.trace_kinds import shipped_trace_kinds
from layoutcheck.cost.trace_match import align, executed_nodes
from layoutcheck.engines import read_program
from layoutcheck.session import Options, Session

TRACE = SOURCE.with_name("glm51-tp4-sp-row-w8a8.trace.json.gz")


def trace_78(folder: Path) -> Path:
    """The 4-layer trace with the MoE layer's events (those of the last region's body, and the
    runtime's own events among them) replayed for layers 4..77."""
    document = json.loads(gzip.decompress(TRACE.read_bytes()))
    events: list[dict[str, Any]] = [e for e in document["traceEvents"] if e["ph"] == "X"]
    runs = executed_nodes(read_program(SOURCE))
    table = shipped_trace_kinds()
    pairs = align([table.traced_as(node.target) for node, _ in runs], [e["name"] for e in events])
    moe_body = {k for k, (node, _) in enumerate(runs) if (node.module or "").startswith(
        f"model.layers.{DENSE}."
    )}  # fmt: skip
    matched = [j for i, j in pairs if i in moe_body]
    first, last = min(matched), max(matched)
    layer = events[first : last + 1]
    replayed = events[: last + 1] + layer * (LAYERS - DENSE - 1) + events[last + 1 :]
    path = folder / "glm51-78.trace.json.gz"
    path.write_bytes(gzip.compress(json.dumps({"traceEvents": replayed}).encode()))
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        archive, trace_path = repetition_archive(folder), trace_78(folder)
        read_s, trace = min(
            (timed(lambda: read_trace(trace_path)) for _ in range(rounds)), key=lambda r: r[0]
        )
        engine = Session(Options(str(archive), sp=True))
        engine_report = engine.cost("a3-752t", rank=0)
        model = Session(Options("glm-5.1", tp=4, ep=4, sp=True, tokens=512, quant="w8a8_dynamic"))
        model_report = model.cost("a3-752t", rank=0)
        rows = []
        for label, session, report, program in (
            ("engine graph, by engine node", engine, engine_report, engine.program),
            ("built model, by kind/layer/extent", model, model_report, None),
        ):

            def compare(
                session: Session = session, report: Any = report, program: Any = program
            ) -> Any:
                return compare_with_trace(trace, report, program=program, typed=session.quantized)

            best, comparison = min((timed(compare) for _ in range(rounds)), key=lambda r: r[0])
            rows.append((label, best, comparison))
    print(f"trace: {len(trace.events)} events, read in {read_s * 1e3:.0f} ms")
    print(f"{'graph':36} {'ms':>8} {'coverage':>9} {'layers':>7}")
    for label, best, comparison in rows:
        layers = sum(1 for row in comparison.layers if row.key is not None)
        print(f"{label:36} {best * 1e3:8.0f} {100 * comparison.coverage:8.1f}% {layers:7}")


if __name__ == "__main__":
    main()
