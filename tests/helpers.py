"""Helpers the test modules share: where the specs and test data are, and the CLI run
in-process with what it printed."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from layoutcheck import resources
from layoutcheck.cli import main

ROOT = Path(__file__).resolve().parent.parent
SPECS = resources.SPECS
GRAPHS = SPECS / "graphs"
MODELS = SPECS / "models"
CONTRACTS = SPECS / "contracts"
ENGINE_GRAPHS = Path(__file__).resolve().parent / "data" / "engine-graphs"

# GLM-5.1's attention-entry all_gather at T = 4096, tp = 16 on a3-752t, written out: recursive
# doubling on the node's 1-level CLOS tier, log2(16)·0.5 µs + 15/16·M/(196 GB/s·0.7) with
# M = 4096·6144 bf16, plus the 10 µs collective launch
GLM_GATHER_US = 4 * 0.5 + 15 / 16 * 4096 * 6144 * 2 / (196e9 * 0.7) * 1e6 + 10


@attrs.frozen
class Run:
    """One CLI run: the exit code and what it printed."""

    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)

    def __iter__(self) -> Iterator[Any]:  # code, out, err = run(...)
        return iter((self.code, self.out, self.err))


def run(*argv: object) -> Run:
    """``layoutcheck ARGV…`` in this process, stdout and stderr captured."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in argv])
    return Run(code, out.getvalue(), err.getvalue())


def errors_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The error diagnostics of a ``--format json`` report."""
    return [d for d in data["diagnostics"] if d["severity"] == "error"]


def rules_of(diagnostics: Sequence[dict[str, Any]]) -> set[str]:
    return {d["rule"] for d in diagnostics}


# GLM-5.2's IndexShare layers: 21 of its 78 layers run their own DSA indexer, the others reuse
# the top-k of the last one before them. Its config is GLM-5.1's in every size the builder
# reads, plus these fields (the public GLM-5.2 config.json and transformers' GlmMoeDsaConfig:
# "full" at layers 0, 1, 2 and every 4th from 6 to 74).
GLM52_INDEXER_LAYERS = (0, 1, 2, *range(6, 78, 4))


def glm52_config() -> dict[str, Any]:
    """GLM-5.2 as layoutcheck reads it: the shipped GLM-5.1 config with IndexShare's fields."""
    config: dict[str, Any] = json.loads((MODELS / "glm-5.1.json").read_text())
    config.update(
        _name_or_path="glm-5.2",
        index_topk_freq=4,
        index_skip_topk_offset=3,
        index_topk_pattern=None,
        indexer_types=["full" if i in GLM52_INDEXER_LAYERS else "shared" for i in range(78)],
    )
    return config
