"""The calibrated (``hardware``) cost model against TensorCast's (issue 30 item 2): MLA reads
priced from the bytes they move, the measured dispatch / combine, grouped expert matmuls,
padding rows not routed, a host step per forward; TensorCast's formulas kept as
``--cost-model tensorcast``. Expected values are written from the configs and the device
profile's numbers, not read back from the implementation."""

from __future__ import annotations

import functools

import pytest
import sympy

from layoutcheck.cost.devices import DeviceError, load_device, parse_device
from layoutcheck.cost.report import CostReport, summarize
from layoutcheck.cost.timing import measured_exchange_time, op_time
from layoutcheck.ops.costing import Comm, OpCost
from layoutcheck.session import Options, Session
from tests.helpers import run

# DeepSeek-V3 (specs/models/deepseek-v3.json): decode dp8 tp4, 16 requests a DP rank at 1536
HEADS, KV_LORA, D_ROPE, HIDDEN, TOP_K = 128, 512, 64, 7168, 8
TP, BATCH, DP, CONTEXT = 4, 128, 8, 1536


@functools.cache
def decode(model: str) -> CostReport:
    options = Options(
        "deepseek-v3", phase="decode", dp=DP, tp=TP, batch=BATCH, context=CONTEXT,
        quant="w8a8", cost_options={"model": model},
    )  # fmt: skip
    report: CostReport = Session(options).cost("a3-752t")
    return report


def kind_numbers(report: CostReport, kind: str) -> dict[str, float]:
    return dict(summarize(report, report.numbers())["by_kind"][kind])  # type: ignore[index]


def test_mla_decode_reads_the_latent_rows_once() -> None:
    # 16 requests a DP rank, each reading its 1536 latent rows (512 + 64) in bf16, per layer
    kv = BATCH // DP * CONTEXT * (KV_LORA + D_ROPE) * 2
    hardware = kind_numbers(decode("hardware"), "mla_attention")["bytes"] / 61
    tensorcast = kind_numbers(decode("tensorcast"), "mla_attention")["bytes"] / 61
    # the KV rows are most of what the layer reads (beside q, the output and kv_b's weight)
    assert kv <= hardware < 1.6 * kv
    # TensorCast's paged read: 1536 keys are 12 pages, an efficiency of 1.5%: ≥ 30× the bytes
    assert tensorcast > 30 * kv


def test_mla_decode_time_follows_the_measured_efficiency() -> None:
    device = load_device("a3-752t")
    assert device.hardware is not None
    numbers = kind_numbers(decode("hardware"), "mla_attention")
    floor_us = numbers["bytes"] / (device.hbm_bandwidth * device.hardware.attention_memory.value)
    # memory-bound at tp4 (32 heads a rank): the bytes at 84% of HBM, plus a launch a layer
    assert numbers["us"] == pytest.approx(floor_us * 1e6 + 61 * 5, rel=0.05)
    assert numbers["us"] < kind_numbers(decode("tensorcast"), "mla_attention")["us"] / 10


def test_mla_prefill_reads_each_key_once() -> None:
    # a 3.5k DeepSeek-V3.1-sized prompt at tp16: TensorCast reads the latent once per
    # query-key pair (hundreds of GB a rank); the hardware model a few hundred MB
    def mla_bytes(model: str) -> float:
        options = Options(
            "deepseek-v3", tp=16, tokens=3584, quant="w8a8", cost_options={"model": model}
        )
        report = Session(options).cost("a3-752t")
        return kind_numbers(report, "mla_attention")["bytes"]

    keys, heads = 3584, HEADS // 16
    latent = keys * (KV_LORA + D_ROPE) * 2  # each key's latent row, once
    k_and_v = 2 * keys * heads * (128 + 64 + 128) * 2  # its K/V heads written and read once
    q, out = keys * heads * (128 + 64) * 2, keys * heads * 128 * 2
    kv_b = KV_LORA * heads * (128 + 128) * 2
    hardware, tensorcast = mla_bytes("hardware"), mla_bytes("tensorcast")
    assert hardware == pytest.approx(61 * (latent + k_and_v + q + out + kv_b))
    # TensorCast's pairs: 3584 · 3584 query-key pairs, each a latent row
    assert tensorcast > 61 * keys * keys * (KV_LORA + D_ROPE) * 2
    assert tensorcast > 200 * hardware  # 904 GB against 3.7 GB on this prompt


def test_dispatch_and_combine_take_the_measured_latency_and_rate() -> None:
    device = load_device("a3-752t")

    def exchange_us(kind: str, ep: int, rows: int, row_bytes: int) -> float:
        routed = rows * TOP_K * HIDDEN * row_bytes
        comm = Comm("all_to_all", "ep", sympy.Integer(ep), sympy.Integer(routed), floor=kind)
        return float(op_time(OpCost(comm=comm), device).total) * 1e6

    # 128 rows a rank (DeepEP-Ascend's low-latency table): the measured latency, no launch on top
    assert exchange_us("dispatch", 8, 128, 1) == pytest.approx(132)
    assert exchange_us("combine", 8, 128, 2) == pytest.approx(126)
    # …unless its bytes at the measured rate take longer (bf16 rows over 32 ranks: 95 GB/s)
    assert exchange_us("combine", 32, 128, 2) == pytest.approx(128 * 8 * 7168 * 2 / 95e3)
    # 12 µs under TensorCast's α–β at 8 rows: never under the measured floor
    assert exchange_us("dispatch", 16, 8, 1) == pytest.approx(139)
    # 4096 rows (the normal kernels' table): the routed bytes at the measured rate
    assert exchange_us("dispatch", 16, 4096, 1) == pytest.approx(4096 * 8 * 7168 / 107e3)
    # between measured sizes: the next measured group up; beyond: the largest measured
    assert exchange_us("dispatch", 12, 128, 1) == pytest.approx(139)
    assert exchange_us("dispatch", 256, 4096, 1) == pytest.approx(4096 * 8 * 7168 / 57e3)
    # an untagged all_to_all (TensorCast's model) keeps the α–β
    plain = Comm("all_to_all", "ep", sympy.Integer(8), sympy.Integer(128 * 8 * 7168))
    assert measured_exchange_time(plain, device) is None


def test_grouped_experts_launch_once_and_padding_is_not_routed() -> None:
    # 9 tokens at tp4 (pad_tokens: 12 rows, 3 a rank): TensorCast routes the 3 padded rows and
    # launches the down projection once per active expert; the hardware model routes 9/12 of
    # them and launches each grouped step once
    def experts(model: str) -> dict[str, float]:
        options = Options(
            "qwen3-30b-a3b", phase="decode", tp=4, tokens=9, cost_options={"model": model}
        )
        report = Session(options).cost("a3-752t")
        entry = next(e for e in report.entries if e.kind == "moe_experts")
        values = report.numbers()[entry.name]
        parts = dict(entry.cost.parts)
        return {"launch": values.launch_us, "flops": values.flops, "parts": len(parts)}

    hardware, tensorcast = experts("hardware"), experts("tensorcast")
    assert hardware["flops"] == pytest.approx(tensorcast["flops"] * 9 / 12, rel=0.02)
    assert hardware["launch"] < tensorcast["launch"] / 2


def test_a_step_carries_the_host_time_of_its_phase() -> None:
    device = load_device("a3-752t")
    assert device.hardware is not None
    hardware = summarize(decode("hardware"), decode("hardware").numbers())
    tensorcast = summarize(decode("tensorcast"), decode("tensorcast").numbers())
    host = hardware["by_kind"]["host_step"]  # type: ignore[index]
    assert host["us"] == pytest.approx(device.hardware.decode_step.value * 1e6)
    assert "host_step" not in tensorcast["by_kind"]  # type: ignore[operator]
    assert hardware["by_category"]["host"] == pytest.approx(host["us"])  # type: ignore[index]


def test_the_cost_command_chooses_the_model() -> None:
    args = ("cost", "qwen3-8b", "--phase", "decode", "--format", "json")
    hardware = run(*args).json()
    tensorcast = run(*args, "--cost-model", "tensorcast").json()
    assert "host_step" in hardware["by_kind"] and "host_step" not in tensorcast["by_kind"]
    bad = run(*args, "--cost-model", "roofline")
    assert bad.code == 2 and "--cost-model" in bad.err


def test_hardware_numbers_say_where_they_come_from() -> None:
    device = load_device("a3-752t")
    assert device.hardware is not None
    for name, _, source in device.hardware.sources():
        assert source.split(":")[0] in ("measured", "fitted", "datasheet", "TensorCast"), name


@pytest.mark.parametrize(
    ("hardware", "message"),
    [
        ({"attention_memory": 0.84}, "must be {value: <number>, source: <text>}"),
        ({"attention_memory": {"value": 0.84, "source": " "}}, "must say where"),
        ({"attention_memory": {"value": 1.5, "source": "x"}}, "at most 1"),
        ({"dispatch_floor_us": {"eight": 132}}, "is not a group size"),
        ({"colour": 1}, "unknown key"),
    ],
)
def test_a_hardware_block_is_refused_by_name(hardware: dict[str, object], message: str) -> None:
    import yaml

    from layoutcheck import resources

    path = resources.find("devices", "a3-752t")
    assert path is not None
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["hardware"] = {**data["hardware"], **hardware}
    with pytest.raises(DeviceError, match=message.replace("{", r"\{").replace("}", r"\}")):
        parse_device(data)
