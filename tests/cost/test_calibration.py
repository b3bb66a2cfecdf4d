"""The calibration set (issue 30 item 1): published Ascend measurements, each with its source,
and the hardware model's prediction for every row it can express held to the row's band."""

from __future__ import annotations

import importlib.util
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "calibration" / "calibrate.py"


@cache
def calibrate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("calibrate", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["calibrate"] = module
    spec.loader.exec_module(module)
    return module


def rows() -> tuple[object, ...]:
    found, _ = calibrate().load_rows()
    return tuple(found)


def test_at_least_twelve_published_rows_each_citing_its_source() -> None:
    found, sources = calibrate().load_rows()
    assert len(found) >= 12
    for row in found:
        assert row.source in sources and sources[row.source].startswith("https://")
        assert row.measured > 0 and 0 < row.band <= 0.35
        # a row layoutcheck cannot express names what is missing; one it can names a command
        # or the exchange it prices
        assert row.missing or row.command or row.ep is not None, row.id
    # decode rows are held to ±25%, prefill (time to first token) to ±35%
    assert {r.band for r in found if r.metric == "tpot_ms"} == {0.25}
    assert {r.band for r in found if r.metric == "ttft_ms"} == {0.35}


CHECKED = [row for row in rows() if row.checked]  # type: ignore[attr-defined]


@pytest.mark.parametrize("row", CHECKED, ids=[row.id for row in CHECKED])  # type: ignore[attr-defined]
def test_a_checked_row_is_within_its_band_or_says_why_not(row: object) -> None:
    result = calibrate().Result(row, calibrate().predict(row))
    if row.gap is None:  # type: ignore[attr-defined]
        assert result.within, (row, result.ratio)  # type: ignore[attr-defined]
    else:  # a known gap: when the model closes it, the row's `gap` must go
        assert not result.within, f"{row.id} is within its band now: drop its gap"  # type: ignore[attr-defined]


STEP_FITS = [
    row
    for row in rows()
    if row.fit in ("decode_step_us", "prefill_step_us")  # type: ignore[attr-defined]
]


@pytest.mark.parametrize("row", STEP_FITS, ids=[row.id for row in STEP_FITS])  # type: ignore[attr-defined]
def test_a_fitted_step_still_matches_the_row_it_was_fitted_to(row: object) -> None:
    # the device's step time was set so that this row's prediction is its measurement: a
    # change of the device-side model must refit it (and its source text)
    predicted = calibrate().predict(row)
    assert predicted == pytest.approx(row.measured, rel=0.02)  # type: ignore[attr-defined]


def test_the_table_prints_every_row_and_the_count_in_band() -> None:
    module = calibrate()
    found, sources = module.load_rows()
    table = module.render([module.Result(r, None) for r in found], sources, "hardware")
    assert all(row.id in table for row in found)
    assert "not expressible: MTP" in table and "checked rows" in table
