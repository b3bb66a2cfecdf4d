"""The ``memory`` command: static weight memory per rank."""

from __future__ import annotations

import argparse
import json
from typing import Any

from layoutcheck.cli.common import (
    Bounded,
    add_pipeline,
    add_quant,
    add_target,
    session_of,
    unchecked_exit,
    warn_description,
)
from layoutcheck.errors import (
    UsageError,
)
from layoutcheck.limits import (
    MAX_LAYERS,
)


def add_parser(commands: Any) -> None:
    memory = commands.add_parser("memory", help="static weight memory per rank, itemized")
    add_target(memory)
    add_pipeline(memory)
    add_quant(memory)
    memory.add_argument(
        "--accounting",
        choices=("checkpoint", "engine", "tensorcast"),
        default="engine",
        help="checkpoint tensors, what vLLM-Ascend holds (default), or TensorCast's figure",
    )
    memory.add_argument(
        "--layer-sharding", help="projections spread over ranks by layer, e.g. o_proj,q_b_proj"
    )
    memory.add_argument(
        "--layer-shard-group",
        type=Bounded("--layer-shard-group", 1, MAX_LAYERS),
        default=4,
        help="K ranks (default 4)",
    )
    memory.add_argument(
        "--prefetch",
        type=Bounded("--prefetch", 0, MAX_LAYERS),
        default=1,
        help="layers prefetched (default 1)",
    )
    memory.add_argument(
        "--oproj-tp",
        action="store_true",
        help="o_proj tensor parallelism: o_proj TP-sharded plus one full-weight layer pool",
    )
    memory.add_argument("--device", default="a3-752t", help="for the tokens that fit in HBM")
    memory.add_argument(
        "--by",
        choices=("category", "module", "layer"),
        help="the table's rows (default category); with --pp, each stage's table after the stages'",
    )
    memory.add_argument("--mtp", action="store_true", help="count the MTP layer(s) in parameters")
    memory.add_argument("--format", choices=("text", "json"), default="text")


def run_memory(args: argparse.Namespace) -> int:
    from layoutcheck.cost.devices import load_device
    from layoutcheck.memory import LayerSharding, render_memory, summary
    from layoutcheck.models.config import mtp_layers

    session = session_of(args)
    spec = session.spec
    if spec is None:
        raise UsageError("memory needs a model (a shipped name or a config.json), not a graph file")
    if args.layer_shard_group < 1 or args.prefetch < 0:
        raise UsageError("--layer-shard-group must be at least 1 and --prefetch at least 0")
    sharding = None
    if args.layer_sharding:
        names = tuple(p.strip() for p in args.layer_sharding.split(",") if p.strip())
        sharding = LayerSharding.parse(names, args.layer_shard_group, args.prefetch)
    mtp = mtp_layers(session.config[0], session.config[2]) if args.mtp else 0
    if args.pp > 1:
        from layoutcheck.cli import pipeline

        return pipeline.run_memory(args, sharding, mtp)
    description = session.description
    warn_description(session)
    items = session.memory(args.accounting, sharding, args.oproj_tp)
    device = load_device(args.device)
    data = summary(
        session.graph,
        spec,
        items,
        hbm_bytes=device.hbm_bytes,
        mtp_layers=mtp,
        kv_cache_type=description.kv_cache_type,
        accounting=args.accounting,
        decode=args.phase == "decode",
    )
    if args.format == "json":
        print(json.dumps(data, indent=1))
    else:
        graph = session.graph
        by = args.by or "category"
        print(render_memory(graph, description, args.accounting, device.name, data, items, by))
    # the weights of an op nobody could type are not in the accounting
    return unchecked_exit(session)
