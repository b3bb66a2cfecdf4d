"""Inputs inside every limit that once ran for minutes, or ended in an internal error (issue 21,
"Budgets, not just caps"): each now ends in under 5 s of CPU and 1 GB, with exit 0, 1 or 2,
one stderr line and no traceback, measured from outside the process by the hostile harness.

Every limit here is sized by the work it lets in: a trace's JSON objects before it is parsed,
the ops a model builds one by one, a search's points over all its structures, the output paths
before any work is done.
"""

from __future__ import annotations

import gzip
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from tests.helpers import GRAPHS, MODELS, ROOT
from tests.hostile_harness import Harness, Outcome

CPU_BOUND_S = 5.0
RSS_BOUND_MB = 1024.0
MC2 = str(GRAPHS / "mc2-decode-moe.yaml")


def _deep_config() -> str:
    config = json.loads((MODELS / "qwen3-8b.json").read_text())
    config["num_hidden_layers"] = 16_384  # the config limit itself
    return json.dumps(config)


def _trace(events: list[bytes]) -> bytes:
    return gzip.compress(b'{"traceEvents": [' + b",".join(events) + b"]}", 6)


def _chain(ops: int) -> str:
    body = [
        {"name": f"n{i}", "op": "rms_norm", "inputs": [f"n{i - 1}" if i else "x"]}
        for i in range(ops)
    ]
    graph = {
        "format": "layoutcheck-graph/1",
        "name": "chain",
        "symbols": {"T": 8, "H": 4},
        "inputs": {"x": {"shape": ["T", "H"]}},
        "ops": body,
        "outputs": [f"n{ops - 1}"],
    }
    return json.dumps(graph)


def _surrogate_graph(where: str) -> str:
    # json.dumps writes a lone surrogate as the escape "\ud800", which json.loads reads back
    names = {"graph": "g", "input": "x", "op": "n"}
    names[where] += "\ud800"
    graph = {
        "format": "layoutcheck-graph/1",
        "name": names["graph"],
        "symbols": {"T": 8, "H": 4},
        "inputs": {names["input"]: {"shape": ["T", "H"]}},
        "ops": [{"name": names["op"], "op": "rms_norm", "inputs": [names["input"]]}],
        "outputs": [names["op"]],
    }
    return json.dumps(graph)


MM = b'{"name": "aten.mm.default", "ph": "X", "ts": 0, "dur": 1, "args": {}}'


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("budgets")
    (root / "deep").mkdir()
    (root / "deep" / "config.json").write_text(_deep_config())
    # 120 MiB of "{}" inflated from a 120 KiB file: refused by its object count, unparsed
    (root / "empty-objects.trace.json.gz").write_bytes(_trace([b"{}"] * (40 * 2**20)))
    # just under the event limit: compared, in seconds
    (root / "many-events.trace.json.gz").write_bytes(_trace([MM] * 99_000))
    (root / "chain-20k.json").write_text(_chain(20_000))
    for where in ("graph", "input", "op"):
        (root / f"surrogate-{where}.json").write_text(_surrogate_graph(where))
    (root / "folder").mkdir()
    return root


@pytest.fixture(scope="module")
def harness() -> Iterator[Harness]:
    running = Harness(ROOT)
    yield running
    running.close()


@attrs.frozen
class Case:
    argv: tuple[str, ...]
    code: int | tuple[int, ...] = 2
    says: str = ""  # in the one stderr line (exit 2), else in stdout
    quiet: bool = True  # nothing on stdout (an exit-2 case refused before any work)


def case(*argv: str, code: int | tuple[int, ...] = 2, says: str = "", quiet: bool = True) -> Case:
    return Case(argv, code, says, quiet)


CASES: dict[str, Case] = {
    # traces: a count of objects before json.loads, and an event cap the comparison can meet
    "trace-of-empty-objects": case(
        "compare", MC2, "--trace", "{empty-objects.trace.json.gz}", says="JSON objects"
    ),
    "trace-just-under-the-event-cap": case(
        "compare",
        MC2,
        "--trace",
        "{many-events.trace.json.gz}",
        code=(0, 1),
        says="aten.mm",
        quiet=False,
    ),
    # a 16,384-layer config: the op-by-op commands refuse, naming the folded form
    "show-16384-layers": case("show", "{deep}", says="--repetition"),
    "view-16384-layers": case("view", "{deep}", "-o", "{out.html}", says="--repetition"),
    "equiv-16384-layers": case("equiv", "{deep}", says="--repetition"),
    "sim-16384-layers": case("sim", "{deep}", says="--repetition"),
    "export-16384-layers": case("export", "{deep}", "-o", "{out.yaml}", says="--repetition"),
    "show-16384-layers-folded": case(
        "show", "{deep}", "--repetition", code=0, says="region_begin", quiet=False
    ),
    "check-16384-layers": case("check", "{deep}", code=0, says="16384 layers", quiet=False),
    # a 20,000-op graph file drawn
    "view-20000-ops": case(
        "view", "{chain-20k.json}", "-o", "{chain.html}", code=0, says="20000 ops", quiet=False
    ),
    # lone surrogates in names: one line at the edge, never an internal error later
    **{
        f"{command}-surrogate-{where}": case(
            command, f"{{surrogate-{where}.json}}", *extra, says="lone surrogate"
        )
        for command, extra in (
            ("check", ()),
            ("show", ()),
            ("view", ("-o", "{s.html}")),
            ("cost", ("--trace", "{s.trace.json}")),
        )
        for where in ("graph", "input", "op")
    },
    # output paths: checked before any work, one line and nothing else
    "trace-into-a-folder": case("cost", MC2, "--trace", "{folder}", says="it is a folder"),
    "trace-onto-dev-full": case("cost", MC2, "--trace", "/dev/full", says="not a regular file"),
    "trace-into-a-missing-folder": case(
        "cost", MC2, "--trace", "{missing/t.json}", says="does not exist"
    ),
    "view-into-a-missing-folder": case(
        "view", MC2, "-o", "{missing/v.html}", says="does not exist"
    ),
    "export-into-a-folder": case("export", MC2, "-o", "{folder}", says="it is a folder"),
    # a name longer than a file name may be: one line, wherever it is given
    "target-name-of-300-chars": case("check", "m" * 300, says="a file name too long"),
    "contract-name-of-300-chars": case(
        "check", MC2, "--contract", "c" * 300, says="a file name too long"
    ),
    # search: its points are budgeted over all structures, before any is built
    "search-a-million-points": case(
        "search", "qwen3-8b", "--tokens", "1..4096", "--context", "1..244", says="points in all"
    ),
    "search-structures-times-points": case(
        "search",
        "glm-5.1",
        "--tp",
        "1..64",
        "--dp",
        "1..64",
        "--tokens",
        "1..4096",
        says="points in all",
    ),
}


def _argv(argv: tuple[str, ...], files: Path) -> list[str]:
    return [str(files / a[1:-1]) if a.startswith("{") and a.endswith("}") else a for a in argv]


def _within_bounds(outcome: Outcome) -> None:
    assert not outcome.timed_out, "the case hung (killed after the timeout)"
    assert outcome.signal is None, f"killed by signal {outcome.signal}"
    assert outcome.cpu_s < CPU_BOUND_S, f"{outcome.cpu_s:.2f} s of CPU"
    assert outcome.max_rss_mb < RSS_BOUND_MB, f"{outcome.max_rss_mb:.0f} MB resident"


@pytest.mark.parametrize("name", list(CASES))
def test_budgeted_input(harness: Harness, files: Path, name: str) -> None:
    spec = CASES[name]
    outcome = harness.run(_argv(spec.argv, files), cwd=str(files))
    _within_bounds(outcome)
    codes = spec.code if isinstance(spec.code, tuple) else (spec.code,)
    assert outcome.code in codes, f"exit {outcome.code}: {outcome.err[-600:]}"
    text = outcome.out + outcome.err
    assert "Traceback" not in text and "internal error" not in text, outcome.err[-600:]
    if outcome.code == 2:
        (line,) = outcome.err_lines
        assert "error: " in line and spec.says in line, line[:600]
    else:
        assert spec.says in outcome.out, outcome.out[-2000:]
    if spec.quiet:
        assert outcome.out == "", outcome.out[:600]


@pytest.mark.parametrize(
    "argv", [["check", MC2], ["show", "glm-5.1"], ["rules"]], ids=["check", "show", "rules"]
)
def test_stdout_on_a_full_disk_is_one_line_and_exit_2(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "layoutcheck", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            check=False,
            cwd=ROOT,
        )
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines() == [
        "layoutcheck: error: cannot write the output: No space left on device"
    ]
