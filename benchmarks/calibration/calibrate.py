"""The calibration table: every published Ascend measurement in ``rows.yaml`` beside
layoutcheck's figure for it, with the ratio, the band and whether the row is within it.

    PYTHONPATH=. python benchmarks/calibration/calibrate.py [--cost-model tensorcast] [--sources]

A row whose structure layoutcheck cannot express says what is missing (its figure, where one
can be made, is shown but held to no band); a row used to set a device number says which
(``fit``: shown, not a check); an expressible row known to fall outside its band says why
(``gap``). The device's own numbers and their sources print with
``--sources``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
ROWS = HERE / "rows.yaml"
DEVICE = "a3-752t"
# metric -> (what the number is, whether larger is faster)
METRICS: Mapping[str, str] = {
    "tpot_ms": "ms a decode step (one token per request)",
    "ttft_ms": "ms to the first token (one prefill step)",
    "dispatch_us": "µs one MoE dispatch",
    "combine_us": "µs one MoE combine",
    "dispatch_gb_s": "GB/s routed bytes over a dispatch's time",
    "combine_gb_s": "GB/s routed bytes over a combine's time",
    "tokens_per_s_per_npu": "output tokens/s a chip",
}
# the model and flags every exchange row (DeepEP's tables) is priced on: DeepSeek-V3's
# sizes (hidden 7168, top-8), one decode step of `tokens` rows a rank, experts over `ep` ranks
EXCHANGE_MODEL = "deepseek-v3"


@attrs.frozen
class Row:
    id: str
    source: str
    deployment: str
    workload: str
    metric: str
    measured: float
    band: float
    command: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    fit: str | None = None
    approximations: tuple[str, ...] = ()
    ep: int | None = None
    tokens: int | None = None
    # why an expressible row is known to fall outside its band (what the model lacks)
    gap: str | None = None

    @property
    def expressible(self) -> bool:
        return not self.missing

    @property
    def checked(self) -> bool:
        """Held to its band: expressible, and not the row a device number was set from."""
        return self.expressible and self.fit is None


@attrs.frozen
class Result:
    row: Row
    predicted: float | None

    @property
    def ratio(self) -> float | None:
        if self.predicted is None:
            return None
        return self.predicted / self.row.measured

    @property
    def within(self) -> bool | None:
        ratio = self.ratio
        if ratio is None:
            return None
        return abs(ratio - 1) <= self.row.band

    @property
    def status(self) -> str:
        if not self.row.expressible:
            return "not expressible: " + "; ".join(self.row.missing)
        if self.row.fit is not None:
            return f"sets {self.row.fit}"
        if self.within:
            return "within band"
        return "OUT OF BAND" + (f" (known gap: {self.row.gap})" if self.row.gap else "")


def load_rows(path: Path = ROWS) -> tuple[tuple[Row, ...], dict[str, str]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if data.get("format") != "layoutcheck-calibration/1":
        raise SystemExit(f"{path}: not a calibration table")
    sources = dict(data["sources"])
    rows = []
    for raw in data["rows"]:
        if raw["source"] not in sources:
            raise SystemExit(f"{path}: row {raw['id']} cites unknown source {raw['source']!r}")
        if raw["metric"] not in METRICS:
            raise SystemExit(f"{path}: row {raw['id']} has unknown metric {raw['metric']!r}")
        rows.append(
            Row(
                id=raw["id"],
                source=raw["source"],
                deployment=raw["deployment"],
                workload=raw["workload"],
                metric=raw["metric"],
                measured=float(raw["measured"]),
                band=float(raw["band"]),
                command=tuple(raw.get("command", ())),
                missing=tuple(raw.get("missing", ())),
                fit=raw.get("fit"),
                approximations=tuple(raw.get("approximations", ())),
                ep=raw.get("ep"),
                tokens=raw.get("tokens"),
                gap=raw.get("gap"),
            )
        )
    return tuple(rows), sources


def _session(arguments: Sequence[str], model: str) -> Any:
    """The session `layoutcheck cost ARGS --cost-model MODEL` would price."""
    from layoutcheck.cli import build_parser, options_of
    from layoutcheck.session import Session

    args = build_parser().parse_args(["cost", *arguments, "--cost-model", model])
    return Session(options_of(args))


def step_ms(arguments: Sequence[str], model: str) -> float:
    """One step's time (ms) as `layoutcheck cost` prints it for these arguments."""
    from layoutcheck.cost.report import summarize

    report = _session(arguments, model).cost(DEVICE)
    return float(summarize(report, report.numbers())["total_us"]) / 1e3  # type: ignore[arg-type]


def exchange(row: Row, model: str) -> float:
    """A DeepEP row's figure: the dispatch or combine part of one MoE layer of a decode step
    of ``tokens`` rows a rank over ``ep`` ranks (int8 rows out under W8A8 dynamic, bf16 back),
    in µs, or as routed bytes over that time (GB/s)."""
    import sympy

    from layoutcheck.cost.timing import op_time
    from layoutcheck.symbols import symbol

    assert row.ep is not None and row.tokens is not None
    arguments = [EXCHANGE_MODEL, "--tp", "1", "--dp", str(row.ep), "--ep", str(row.ep)]
    arguments += ["--phase", "decode", "--tokens", str(row.tokens), "--quant", "w8a8_dynamic"]
    session = _session(arguments, model)
    report = session.cost(DEVICE)
    entry = next(e for e in report.entries if e.kind == "moe_experts")
    part = "dispatch" if row.metric.startswith("dispatch") else "combine"
    cost = dict(entry.cost.parts)[part]
    values = {symbol(k): sympy.Integer(v) for k, v in report.values.items()}
    seconds = float(op_time(cost, report.device).total.xreplace(values))
    if row.metric.endswith("_us"):
        return seconds * 1e6
    # the table's rate: tokens × top-k × hidden × the row's bytes (int8 out, bf16 back)
    row_bytes = 1 if part == "dispatch" else 2
    routed = row.tokens * 8 * 7168 * row_bytes
    return routed / seconds / 1e9


def predict(row: Row, model: str = "hardware") -> float | None:
    if row.metric in ("tpot_ms", "ttft_ms") and row.command:
        return step_ms(row.command, model)
    if row.ep is not None:
        return exchange(row, model)
    return None


def results(rows: Sequence[Row], model: str = "hardware") -> list[Result]:
    return [Result(row, predict(row, model)) for row in rows]


def render(found: Sequence[Result], sources: Mapping[str, str], model: str) -> str:
    lines = [
        f"layoutcheck calibration on {DEVICE}, cost model {model}: {len(found)} published rows",
        "",
        f"{'row':30} {'metric':21} {'measured':>9} {'layoutcheck':>11} {'ratio':>6} "
        f"{'band':>5}  status",
    ]
    for result in found:
        row = result.row
        predicted = "—" if result.predicted is None else f"{result.predicted:.2f}"
        ratio = "—" if result.ratio is None else f"{result.ratio:.2f}"
        lines.append(
            f"{row.id:30} {row.metric:21} {row.measured:9.2f} {predicted:>11} {ratio:>6} "
            f"±{row.band:.0%}  {result.status}"
        )
    checked = [r for r in found if r.row.checked]
    inside = sum(1 for r in checked if r.within)
    lines += [
        "",
        f"checked rows (expressible, not used to set a number): {inside} of {len(checked)} "
        "within their band",
        "",
        "sources:",
        *(f"  {name}: {text}" for name, text in sources.items()),
    ]
    return "\n".join(lines)


def render_sources() -> str:
    from layoutcheck.cost.devices import load_device

    device = load_device(DEVICE)
    lines = [f"{DEVICE}: the hardware model's numbers and where they come from"]
    lines.append(
        f"  compute efficiency {device.compute_efficiency:g}, memory {device.memory_efficiency:g}"
        f", communication {device.communication_efficiency:g}, launch µs "
        + ", ".join(f"{k} {v * 1e6:g}" for k, v in device.launch.items())
        + ": TensorCast's device profile (tensor_cast/device.py), no Ascend measurement found"
    )
    if device.hardware is not None:
        for name, value, source in device.hardware.sources():
            lines.append(f"  {name} {value}: {source}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cost-model", choices=("hardware", "tensorcast"), default="hardware")
    parser.add_argument("--sources", action="store_true", help="print the device's numbers")
    args = parser.parse_args(argv)
    rows, sources = load_rows()
    print(render(results(rows, args.cost_model), sources, args.cost_model))
    if args.sources:
        print()
        print(render_sources())
    return 0


if __name__ == "__main__":
    sys.exit(main())
