"""The ``search`` command: the design-space search (its work is in layoutcheck.design_space)."""

from __future__ import annotations

import argparse
from typing import Any

from layoutcheck.cli.common import (
    Bounded,
)
from layoutcheck.limits import (
    MAX_SEED,
)


def add_parser(commands: Any) -> None:
    search = commands.add_parser(
        "search",
        help="search the design space (tp, dp, ep, sp, layout, device, tokens, context): every "
        "structure checked against its contract once, the passing ones priced and ranked",
    )
    search.add_argument("model", metavar="MODEL", help="a shipped model, a config.json or folder")
    for flag, values in (
        ("device", "device profiles (default a3-752t)"),
        ("tp", "e.g. 1,2,4,8,16 or 1..16*2 (default 1)"),
        ("dp", "(default 1)"),
        ("ep", "(default tp·dp)"),
        ("layout", "tensorcast, vllm-ascend (default tensorcast)"),
        ("phase", "prefill, decode (default prefill)"),
        ("quant", "bf16, w8a8, w8a8_dynamic (default bf16)"),
        ("tokens", "prefill: prompt tokens (default 4096); decode: tokens per DP rank (1)"),
        ("context", "tokens each request holds in its KV cache (default 0)"),
    ):
        search.add_argument(f"--{flag}", metavar="LIST", help=f"comma-separated: {values}")
    # --sp as every other command takes it (a bare flag: sequence parallelism on); the axis,
    # to search both, is --sp-axis on,off
    search.add_argument(
        "--sp", action="store_const", const="on", help="sequence parallelism on (a bare flag)"
    )
    search.add_argument(
        "--sp-axis", metavar="LIST", help="comma-separated: on, off or on,off (default off)"
    )
    search.add_argument(
        "--objective",
        default="throughput",
        help="latency (step time), throughput (tokens/s of the tp·dp devices; default) or "
        "tokens-per-device",
    )
    search.add_argument(
        "--hbm-fit", action="store_true", help="rank only what fits: weights + KV cache per rank"
    )
    search.add_argument(
        "--top", type=Bounded("--top", 0, MAX_SEED), default=10, help="rows (default 10; 0: all)"
    )
    search.add_argument(
        "--accounting",
        choices=("checkpoint", "engine", "tensorcast"),
        default="engine",
        help="how weights are counted, as for memory (default engine)",
    )
    search.add_argument(
        "--contract", help="check every structure against this contract (default: its own)"
    )
    search.add_argument("--format", choices=("text", "json", "csv"), default="text")
    search.add_argument("--plot", metavar="FILE", help="draw the frontier (needs matplotlib)")
    search.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="run the structures as Ray tasks: on the cluster at ADDRESS (auto, ray://host:port) "
        "or, without one, on a local instance (needs layoutcheck[ray])",
    )
    search.add_argument(
        "--ray-cpus",
        type=Bounded("--ray-cpus", 1, 4096),
        help="CPUs of a local Ray instance (default all)",
    )


def run_search(args: argparse.Namespace) -> int:
    from layoutcheck.design_space.command import run_command

    return run_command(args)
