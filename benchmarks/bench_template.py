"""Build time against layer count: the repetition form built from templates (two layers per
run of alike layers, the region stretched) against the expanded build folded afterwards, and a
check of the template form, for GLM-5.1's config with 78, 1,000 and 10,000 decoder layers
(tp 16, SP, prefill). Target: a 10,000-layer config checked in under 1 s.

Run: python benchmarks/bench_template.py [--rounds 3] [--skip-expanded-above 1000]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path
from typing import Any

from timing import timed

from layoutcheck.models import (
    Execution,
    ParallelConfig,
    build_folded,
    build_from_spec,
    load_config,
    model_spec,
)
from layoutcheck.passes.repetition import fold
from layoutcheck.session import Options, Session
from layoutcheck.validate import normalize


def config(layers: int) -> dict[str, Any]:
    data, _, _ = load_config("glm-5.1")
    data = json.loads(json.dumps(data))
    data["num_hidden_layers"] = layers
    return data


def row(layers: int, rounds: int, expand_up_to: int) -> str:
    parallel, execution = ParallelConfig(tp=16), Execution()
    spec = model_spec(config(layers), f"glm-{layers}")

    def template() -> object:
        return build_folded(spec, parallel, execution, sequence_parallel=True)

    def expanded() -> object:
        whole = build_from_spec(spec, parallel, execution, sequence_parallel=True)
        return normalize(fold(whole.graph))

    built = min(timed(template)[0] for _ in range(rounds))
    whole = f"{timed(expanded)[0] * 1e3:.0f} ms" if layers <= expand_up_to else "skipped"
    folder = Path(tempfile.mkdtemp()) / f"glm-{layers}"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(config(layers)), encoding="utf-8")
    options = Options(str(folder), tp=16, sp=True, repetition=True)
    checked = min(timed(lambda: Session(options).check())[0] for _ in range(rounds))
    return f"{layers:>7} {built * 1e3:>12.1f} ms {whole:>14} {checked * 1e3:>12.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--skip-expanded-above", type=int, default=1000)
    args = parser.parse_args()
    print(f"{'layers':>7} {'template build':>15} {'expanded+fold':>14} {'template check':>15}")
    for layers in (78, 1000, 10_000):
        print(row(layers, args.rounds, args.skip_expanded_above))


if __name__ == "__main__":
    main()
