"""Device profiles: data files under ``specs/devices/`` (copy one to add a device), validated
whole at load: a profile that loads can price every op."""

from __future__ import annotations

import difflib
import itertools
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs

from layoutcheck import resources
from layoutcheck.files import parsed_once, read_bytes
from layoutcheck.graph import GraphError
from layoutcheck.graph_io import decode_text, read_yaml_with_lines
from layoutcheck.limits import shown
from layoutcheck.quant import QUANT_CHOICES, mma_dtype

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
class Sourced:
    """A number of the hardware model and where it comes from (a measurement, a datasheet,
    TensorCast, or a fit to named calibration rows)."""

    value: float
    source: str


@attrs.frozen
class HardwareModel:
    """The numbers the calibrated (``hardware``) cost model prices with beyond TensorCast's:
    each says its source. Seconds and fractions. ``dispatch_floor`` / ``combine_floor``: the
    measured latency of an MoE dispatch / combine at a group size (ascending), which no
    smaller exchange undercuts; ``dispatch_bandwidth`` / ``combine_bandwidth``: the measured
    rate (B/s) of a large one, the routed rows' bytes over its time."""

    attention_compute: Sourced  # the MLA kernel's share of the matrix peak
    attention_memory: Sourced  # the MLA kernel's share of HBM bandwidth
    decode_step: Sourced  # host, scheduler and graph launch per decode step (s)
    prefill_step: Sourced  # host, scheduler and launch per prefill step (s)
    dispatch_floor: tuple[tuple[int, float], ...]
    combine_floor: tuple[tuple[int, float], ...]
    floor_source: str
    dispatch_bandwidth: tuple[tuple[int, float], ...]
    combine_bandwidth: tuple[tuple[int, float], ...]
    bandwidth_source: str

    def sources(self) -> tuple[tuple[str, str, str], ...]:
        """(name, value as text, source) of every number, for the page that prints them."""
        rows = [
            (
                "attention_compute",
                f"{self.attention_compute.value:g}",
                self.attention_compute.source,
            ),
            ("attention_memory", f"{self.attention_memory.value:g}", self.attention_memory.source),
            ("decode_step_us", f"{self.decode_step.value * 1e6:g}", self.decode_step.source),
            ("prefill_step_us", f"{self.prefill_step.value * 1e6:g}", self.prefill_step.source),
        ]
        for name, floors in (("dispatch", self.dispatch_floor), ("combine", self.combine_floor)):
            text = ", ".join(f"ep{g}: {us * 1e6:g}" for g, us in floors)
            rows.append((f"{name}_floor_us", text, self.floor_source))
        for name, rates in (
            ("dispatch", self.dispatch_bandwidth),
            ("combine", self.combine_bandwidth),
        ):
            text = ", ".join(f"ep{g}: {rate / 1e9:g}" for g, rate in rates)
            rows.append((f"{name}_bandwidth_gb_s", text, self.bandwidth_source))
        return tuple(rows)


@attrs.frozen
class Device:
    name: str
    description: str
    peak_flops: Mapping[str, float]  # per MMA dtype, FLOP/s
    vector_flops: Mapping[str, float]  # per vector dtype, FLOP/s (fp32 runs at half rate)
    hbm_bytes: float
    hbm_bandwidth: float  # B/s
    compute_efficiency: float
    memory_efficiency: float
    communication_efficiency: float
    launch: Mapping[str, float]  # seconds: matmul, vector, collective
    tiers: tuple[Tier, ...]
    aliases: tuple[str, ...] = ()  # other tools' names for the profile (TensorCast's)
    # the calibrated model's own numbers (None: the hardware model prices with the numbers
    # above and no step or floor; see ``hardware`` in a profile)
    hardware: HardwareModel | None = None


def available_devices() -> tuple[str, ...]:
    return resources.shipped("devices")


def device_aliases() -> dict[str, str]:
    """Every other name a shipped profile answers to (upper case) and the profile's name:
    TensorCast's ``ATLAS_800_A3_752T_128G_DIE`` is ``a3-752t``."""
    found: dict[str, str] = {}
    for name in available_devices():
        for alias in load_device(name).aliases:
            found[alias.upper()] = name
    return found


def load_device(name_or_path: str) -> Device:
    path = Path(name_or_path)
    if not (path.exists() or path.is_symlink()):
        shipped = resources.find("devices", name_or_path)
        if shipped is None:
            aliased = device_aliases().get(name_or_path.upper())
            if aliased is not None:
                return load_device(aliased)
            known = available_devices()
            close = difflib.get_close_matches(
                name_or_path, [*known, *device_aliases()], n=2, cutoff=0.6
            )
            hint = f"did you mean {' or '.join(close)}? " if close else ""
            raise DeviceError(
                f"unknown device {name_or_path!r} ({hint}shipped: {', '.join(known)}, or "
                "TensorCast's names such as ATLAS_800_A3_752T_128G_DIE; or a path)",
                source="layoutcheck",
            )
        path = shipped
    try:
        # a regular file only, its size checked before reading (a FIFO or /dev/zero is refused)
        raw = read_bytes(path, MAX_DEVICE_BYTES, DeviceError, f"device {path}")
        return parsed_once(
            f"device {path}",
            raw,
            lambda: parse_device(read_yaml_with_lines(decode_text(raw, str(path)))[0]),
        )
    except DeviceError as error:
        raise DeviceError(error.message, line=error.line, source=str(path)) from None
    except GraphError as error:
        raise DeviceError(error.message, line=error.line, source=str(path)) from None


MAX_DEVICE_BYTES = 2**20  # a profile is a few hundred bytes
# Peaks a profile must give (TFLOPS): the dtype of every op's matmul, as ``mma_dtype`` names it
# for every quant word an op may carry, so no cost ever looks up a peak that is not there.
# — and the float activation dtypes a float matmul runs in (fp16 in TensorCast's graphs, fp32
# for the router gate).
REQUIRED_PEAKS = tuple(sorted({mma_dtype(word) for word in QUANT_CHOICES} | {"fp16", "fp32"}))
VECTOR_DTYPES = ("bf16", "fp16", "fp32")
REQUIRED_LAUNCH = ("matmul", "vector", "collective")
EFFICIENCIES = ("compute", "memory", "communication")
_DEVICE_KEYS = {
    "aliases",
    "format",
    "name",
    "description",
    "peak_tflops",
    "vector_tflops",
    "hbm_gib",
    "hbm_bandwidth_tib_s",
    "efficiency",
    "launch_us",
    "topology",
    "hardware",
}
_HARDWARE_KEYS = {
    "attention_compute",
    "attention_memory",
    "decode_step_us",
    "prefill_step_us",
    "dispatch_floor_us",
    "combine_floor_us",
    "floor_source",
    "dispatch_bandwidth_gb_s",
    "combine_bandwidth_gb_s",
    "bandwidth_source",
}
_TIER_KEYS = {"name", "size", "bandwidth_gb_s", "latency_us", "full_mesh"}
MAX_TIER_SIZE = 2**24  # ranks in one interconnect tier


def _table(data: Mapping[str, Any], key: str, where: str = "") -> Mapping[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise DeviceError(f"{where}{key} must be a mapping, got {_shown(value)}")
    return value


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "…"


def _number(
    data: Mapping[str, Any],
    key: str,
    where: str = "",
    *,
    maximum: float | None = None,
    allow_zero: bool = False,
) -> float:
    """A finite positive number (zero where ``allow_zero``; at most ``maximum``)."""
    if key not in data:
        raise DeviceError(f"missing field {where}{key}")
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise DeviceError(f"{where}{key} must be a number, got {_shown(value)}")
    if isinstance(value, int) and value.bit_length() > 64:
        raise DeviceError(f"{where}{key} is out of range ({shown(value)})")
    number = float(value)
    if not math.isfinite(number):
        raise DeviceError(f"{where}{key} must be a finite number, got {value}")
    if number < 0 or (number == 0 and not allow_zero):
        raise DeviceError(f"{where}{key} must be positive, got {value}")
    if maximum is not None and number > maximum:
        raise DeviceError(f"{where}{key} must be at most {maximum:g}, got {value}")
    return number


def _count(data: Mapping[str, Any], key: str, where: str) -> int:
    """A whole number of ranks: 0.5 ranks is no tier."""
    value = _number(data, key, where, maximum=MAX_TIER_SIZE)
    if not float(value).is_integer():
        raise DeviceError(f"{where}{key} must be a whole number of ranks, got {data[key]}")
    return int(value)


def _tier(raw: object, position: int) -> Tier:
    where = f"topology[{position}]."
    if not isinstance(raw, dict):
        raise DeviceError(f"topology[{position}] must be a mapping, got {_shown(raw)}")
    unknown = sorted(map(str, set(raw) - _TIER_KEYS))
    if unknown:
        raise DeviceError(
            f"{where}{unknown[0]}: unknown key (a tier has {', '.join(sorted(_TIER_KEYS))})"
        )
    name = raw.get("name")
    if not isinstance(name, str) or not name:
        raise DeviceError(f"{where}name must be text")
    full_mesh = raw.get("full_mesh", False)
    if not isinstance(full_mesh, bool):
        raise DeviceError(f"{where}full_mesh must be true or false, got {_shown(full_mesh)}")
    return Tier(
        name=name,
        size=_count(raw, "size", where),
        bandwidth=_number(raw, "bandwidth_gb_s", where) * 1e9,
        latency=_number(raw, "latency_us", where, allow_zero=True) * 1e-6,
        full_mesh=full_mesh,
    )


def _vector(data: Mapping[str, Any]) -> Mapping[str, float]:
    """``vector_tflops``: one number for every dtype, or one per dtype (bf16, fp16, fp32)."""
    raw = data.get("vector_tflops")
    if isinstance(raw, dict):
        missing = [dtype for dtype in VECTOR_DTYPES if dtype not in raw]
        if missing:
            raise DeviceError(
                f"vector_tflops has no {missing[0]} peak (give {', '.join(VECTOR_DTYPES)})"
            )
        return {str(k): _number(raw, k, "vector_tflops.") * 1e12 for k in raw}
    value = _number(data, "vector_tflops") * 1e12
    return dict.fromkeys(VECTOR_DTYPES, value)


def _sourced(data: Mapping[str, Any], key: str, *, maximum: float | None = None) -> Sourced:
    """``key: {value: N, source: "where N comes from"}``: a number never stands unexplained."""
    where = f"hardware.{key}"
    raw = data.get(key)
    if not isinstance(raw, dict) or set(raw) != {"value", "source"}:
        raise DeviceError(f"{where} must be {{value: <number>, source: <text>}}")
    source = raw["source"]
    if not isinstance(source, str) or not source.strip():
        raise DeviceError(f"{where}.source must say where the number comes from")
    value = _number(raw, "value", f"{where}.", maximum=maximum, allow_zero=True)
    return Sourced(value, source)


def _by_group(
    data: Mapping[str, Any], key: str, unit: str, scale: float
) -> tuple[tuple[int, float], ...]:
    """``key: {group size: number}`` in ``unit``, scaled to SI, by ascending group size."""
    raw = data.get(key)
    if not isinstance(raw, dict) or not raw:
        raise DeviceError(f"hardware.{key} must map group sizes to {unit}, e.g. {{8: 132}}")
    table = []
    for size in raw:
        if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_TIER_SIZE:
            raise DeviceError(f"hardware.{key}: {_shown(size)} is not a group size")
        value = _number({str(size): raw[size]}, str(size), f"hardware.{key}.")
        table.append((size, value * scale))
    return tuple(sorted(table))


def _source(data: Mapping[str, Any], key: str) -> str:
    source = data[key]
    if not isinstance(source, str) or not source.strip():
        raise DeviceError(f"hardware.{key} must say where the numbers come from")
    return source


def _hardware(data: Any) -> HardwareModel | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise DeviceError(f"hardware must be a mapping, got {_shown(data)}")
    unknown = sorted(map(str, set(data) - _HARDWARE_KEYS))
    if unknown:
        raise DeviceError(
            f"hardware.{unknown[0]}: unknown key (it has {', '.join(sorted(_HARDWARE_KEYS))})"
        )
    missing = sorted(_HARDWARE_KEYS - set(data))
    if missing:
        raise DeviceError(f"missing field hardware.{missing[0]}")
    decode, prefill = _sourced(data, "decode_step_us"), _sourced(data, "prefill_step_us")
    return HardwareModel(
        attention_compute=_sourced(data, "attention_compute", maximum=1),
        attention_memory=_sourced(data, "attention_memory", maximum=1),
        decode_step=attrs.evolve(decode, value=decode.value * 1e-6),
        prefill_step=attrs.evolve(prefill, value=prefill.value * 1e-6),
        dispatch_floor=_by_group(data, "dispatch_floor_us", "µs", 1e-6),
        combine_floor=_by_group(data, "combine_floor_us", "µs", 1e-6),
        floor_source=_source(data, "floor_source"),
        dispatch_bandwidth=_by_group(data, "dispatch_bandwidth_gb_s", "GB/s", 1e9),
        combine_bandwidth=_by_group(data, "combine_bandwidth_gb_s", "GB/s", 1e9),
        bandwidth_source=_source(data, "bandwidth_source"),
    )


def parse_device(data: Any) -> Device:
    """A device profile from its file data; every number finite and positive, every peak an
    op may be priced on present, the tiers growing outwards. Raises :class:`DeviceError`."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DeviceError(f"a device file starts with 'format: {FORMAT}'")
    unknown = sorted(map(str, set(data) - _DEVICE_KEYS))
    if unknown:
        raise DeviceError(
            f"unknown key {unknown[0]!r} (a device has {', '.join(sorted(_DEVICE_KEYS))})"
        )
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise DeviceError("a device needs a name (text)")
    peaks = _table(data, "peak_tflops")
    for dtype in REQUIRED_PEAKS:
        if dtype not in peaks:
            raise DeviceError(
                f"peak_tflops has no {dtype} peak: ops price their matmuls on "
                f"{', '.join(REQUIRED_PEAKS)} (add `{dtype}: <TFLOPS>`)"
            )
    vector = _vector(data)
    efficiency = _table(data, "efficiency")
    launch = _table(data, "launch_us")
    for key in REQUIRED_LAUNCH:
        if key not in launch:
            raise DeviceError(
                f"launch_us has no {key} time (it needs {', '.join(REQUIRED_LAUNCH)})"
            )
    topology = data.get("topology")
    if not isinstance(topology, list) or not topology:
        raise DeviceError("topology must list at least one tier")
    tiers = tuple(_tier(raw, position) for position, raw in enumerate(topology))
    for inner, outer in itertools.pairwise(tiers):
        if outer.size < inner.size:
            raise DeviceError(
                f"topology: tier {outer.name!r} ({outer.size} ranks) is smaller than the tier "
                f"inside it, {inner.name!r} ({inner.size}); list tiers innermost first"
            )
    description = data.get("description", "")
    if not isinstance(description, str):
        raise DeviceError("description must be text")
    aliases = data.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) and a for a in aliases):
        raise DeviceError("aliases must be a list of names (other tools' names for the device)")
    return Device(
        name=name,
        description=description,
        peak_flops={str(k): _number(peaks, k, "peak_tflops.") * 1e12 for k in peaks},
        vector_flops=vector,
        hbm_bytes=_number(data, "hbm_gib") * 2**30,
        hbm_bandwidth=_number(data, "hbm_bandwidth_tib_s") * 2**40,
        compute_efficiency=_number(efficiency, "compute", "efficiency.", maximum=1),
        memory_efficiency=_number(efficiency, "memory", "efficiency.", maximum=1),
        communication_efficiency=_number(efficiency, "communication", "efficiency.", maximum=1),
        launch={str(k): _number(launch, k, "launch_us.", allow_zero=True) * 1e-6 for k in launch},
        tiers=tiers,
        aliases=tuple(aliases),
        hardware=_hardware(data.get("hardware")),
    )
