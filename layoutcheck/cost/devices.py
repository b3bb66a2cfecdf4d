"""Device profiles: data files under ``specs/devices/`` (copy one to add a device)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from layoutcheck import resources
from layoutcheck.graph import GraphError
from layoutcheck.graph_io import decode_text, read_yaml_with_lines

FORMAT = "layoutcheck-device/1"


class DeviceError(GraphError):
    """A device profile that cannot be read (exit 2)."""


@attrs.frozen
class Tier:
    """One level of the interconnect: ``size`` ranks joined at ``bandwidth`` B/s, ``latency`` s."""

    name: str
    size: int
    bandwidth: float
    latency: float
    full_mesh: bool


@attrs.frozen
class Device:
    name: str
    description: str
    peak_flops: Mapping[str, float]  # per MMA dtype, FLOP/s
    vector_flops: float
    hbm_bytes: float
    hbm_bandwidth: float  # B/s
    compute_efficiency: float
    memory_efficiency: float
    communication_efficiency: float
    launch: Mapping[str, float]  # seconds: matmul, vector, collective
    tiers: tuple[Tier, ...]


def available_devices() -> tuple[str, ...]:
    return resources.shipped("devices")


def load_device(name_or_path: str) -> Device:
    path = Path(name_or_path)
    if not path.is_file():
        shipped = resources.find("devices", name_or_path)
        if shipped is None:
            known = ", ".join(available_devices())
            raise DeviceError(
                f"unknown device {name_or_path!r} (shipped: {known}; or a path)",
                source="layoutcheck",
            )
        path = shipped
    try:
        data, _ = read_yaml_with_lines(decode_text(path.read_bytes(), str(path)))
        return parse_device(data)
    except OSError as error:
        raise DeviceError(
            f"cannot read device: {error.strerror or error}", source=str(path)
        ) from None
    except GraphError as error:
        raise DeviceError(error.message, line=error.line, source=str(path)) from None
    except (KeyError, TypeError, ValueError) as error:
        raise DeviceError(f"missing or malformed field ({error})", source=str(path)) from None


def _number(data: Mapping[str, Any], key: str) -> float:
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ValueError(f"{key} must be a positive number, got {value!r}")
    return float(value)


def parse_device(data: Any) -> Device:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DeviceError(f"a device file starts with 'format: {FORMAT}'")
    peaks = data["peak_tflops"]
    efficiency = data["efficiency"]
    launch = data["launch_us"]
    tiers = tuple(
        Tier(
            name=str(tier["name"]),
            size=int(_number(tier, "size")),
            bandwidth=_number(tier, "bandwidth_gb_s") * 1e9,
            latency=_number(tier, "latency_us") * 1e-6,
            full_mesh=bool(tier.get("full_mesh", False)),
        )
        for tier in data["topology"]
    )
    if not tiers:
        raise ValueError("topology needs at least one tier")
    return Device(
        name=str(data["name"]),
        description=str(data.get("description", "")),
        peak_flops={str(k): _number(peaks, k) * 1e12 for k in peaks},
        vector_flops=_number(data, "vector_tflops") * 1e12,
        hbm_bytes=_number(data, "hbm_gib") * 2**30,
        hbm_bandwidth=_number(data, "hbm_bandwidth_tib_s") * 2**40,
        compute_efficiency=_number(efficiency, "compute"),
        memory_efficiency=_number(efficiency, "memory"),
        communication_efficiency=_number(efficiency, "communication"),
        launch={str(k): _number(launch, k) * 1e-6 for k in launch},
        tiers=tiers,
    )
