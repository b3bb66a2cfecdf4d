"""Device profiles are validated whole at load: every number finite and positive, counts
whole, tiers growing outwards, and every peak an op may be priced on present."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from layoutcheck.cost.devices import REQUIRED_PEAKS, DeviceError, load_device, parse_device
from layoutcheck.lattice import Dtype
from layoutcheck.quant import QUANT_CHOICES, mma_dtype
from tests.helpers import SPECS

SHIPPED = yaml.safe_load((SPECS / "devices" / "a3-752t.yaml").read_text())


def changed(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(SHIPPED)
    change(data)
    return data


def test_the_required_peaks_are_every_dtype_an_op_may_be_priced_on() -> None:
    # every quant word's matmul dtype, and the float activation dtypes a float matmul runs in
    # (fp16 in TensorCast's graphs, fp32 for the router gate)
    words = {mma_dtype(word) for word in QUANT_CHOICES}
    floats = {mma_dtype("bf16", dtype) for dtype in (Dtype.BF16, Dtype.FP16, Dtype.FP32)}
    assert set(REQUIRED_PEAKS) == words | floats == {"bf16", "fp16", "fp32", "int8"}


@pytest.mark.parametrize("name", ["a2-280t", "a2-313t", "a2-376t", "a3-560t", "a3-752t"])
def test_every_shipped_profile_loads(name: str) -> None:
    device = load_device(name)
    assert set(REQUIRED_PEAKS) <= set(device.peak_flops)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(vector_tflops=float("inf")), "vector_tflops must be a finite number"),
        (lambda d: d.update(hbm_gib=float("nan")), "hbm_gib must be a finite number"),
        (lambda d: d["peak_tflops"].update(int8=-1), "peak_tflops.int8 must be positive"),
        (lambda d: d["peak_tflops"].pop("bf16"), "no bf16 peak"),
        (lambda d: d["peak_tflops"].pop("fp16"), "no fp16 peak"),
        (lambda d: d.pop("vector_tflops"), "missing field vector_tflops"),
        (lambda d: d["topology"][0].update(size=0.5), "whole number of ranks"),
        (lambda d: d["topology"][0].update(size=0), "must be positive"),
        (lambda d: d["topology"][1].update(size=1), "smaller than the tier inside it"),
        (lambda d: d["topology"][0].update(bandwidth_gb_s="fast"), "must be a number"),
        (lambda d: d["topology"][0].update(full_mesh="yes"), "true or false"),
        (lambda d: d.update(topology=[]), "at least one tier"),
        (lambda d: d["efficiency"].update(memory=1.5), "at most 1"),
        (lambda d: d["launch_us"].pop("matmul"), "no matmul time"),
        (lambda d: d.update(hbm_gib=10**400), "out of range"),
        (lambda d: d.update(colour="red"), "unknown key 'colour'"),
        (lambda d: d.update(name={"a": 1}), "needs a name"),
        (lambda d: d.update(peak_tflops=[1, 2]), "peak_tflops must be a mapping"),
    ],
)
def test_a_broken_profile_is_refused_at_load(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    with pytest.raises(DeviceError, match=message):
        parse_device(changed(change))


def test_zero_latency_and_launch_are_allowed() -> None:
    data = changed(lambda d: d["topology"][0].update(latency_us=0))
    data["launch_us"]["collective"] = 0
    device = parse_device(data)
    assert device.tiers[0].latency == 0 and device.launch["collective"] == 0


def test_a_special_file_as_a_device_is_refused(tmp_path: Path) -> None:
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    with pytest.raises(DeviceError, match="not a regular file"):
        load_device(str(tmp_path / "zero.yaml"))
