"""Memory summaries and the text table of ``layoutcheck memory`` (totals by category, module
and layer; parameters; the KV cache that fits after the weights). Text prints GiB (2³⁰ bytes,
what the engines and TensorCast print as "GB"); JSON keeps bytes."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import sympy

from layoutcheck.graph import Graph
from layoutcheck.memory.accounting import CATEGORIES, Item
from layoutcheck.memory.kv import (
    batch_kv_tokens,
    kv_bytes_all_layers,
    kv_bytes_per_token,
    kv_bytes_per_token_all_layers,
)
from layoutcheck.memory.parameters import parameters
from layoutcheck.models.config import ModelSpec
from layoutcheck.quant import QuantDescription
from layoutcheck.symbols import Expr, symbol

GIB = 2**30


def by(items: Iterable[Item], key: str) -> dict[str, Expr]:
    totals: dict[str, Expr] = defaultdict(lambda: sympy.Integer(0))
    for item in items:
        label = {
            "category": item.category,
            "module": _module_group(item.module),
            "layer": "other" if item.layer is None else str(item.layer),
        }[key]
        totals[label] = totals[label] + item.bytes
    return dict(totals)


def _module_group(module: str) -> str:
    """Per-layer modules folded over layers: model.layers.*.self_attn.o_proj (a label)."""
    parts = module.split(".")
    if len(parts) > 2 and parts[1] == "layers" and parts[2].isascii() and parts[2].isdigit():
        parts[2] = "*"
    return ".".join(parts)


def numeric(expr: Expr, values: Mapping[str, int]) -> float:
    result = sympy.sympify(expr).xreplace({symbol(k): sympy.Integer(v) for k, v in values.items()})
    return float(result)


def summary(
    graph: Graph,
    spec: ModelSpec,
    items: Sequence[Item],
    *,
    hbm_bytes: float | None,
    mtp_layers: int = 0,
    kv_cache_type: str | None = None,
    accounting: str = "engine",
    decode: bool = False,
    layers: range | None = None,
) -> dict[str, Any]:
    """The memory figures of ``layoutcheck memory`` (``layers``: a pipeline stage's decoder
    layers, whose KV cache the stage holds; the parameters are the whole model's)."""
    values = {name: value for name, value in graph.symbols if value is not None}
    total = sum(numeric(i.bytes, values) for i in items)
    tp = values.get("tp", 1)
    kv = kv_bytes_per_token(spec, tp, kv_cache_type)
    per_token = kv_bytes_per_token_all_layers(spec, tp, kv_cache_type, layers)
    batch = batch_kv_tokens(graph, accounting) if decode else None
    held = None
    if batch is not None:
        caches = kv_bytes_all_layers(spec, tp, kv_cache_type, layers)
        requests, tokens = batch
        held = {
            "requests": requests,
            "tokens": tokens,
            "bytes": tokens * per_token,
            "kv_bytes": tokens * caches["kv"],
            "indexer_bytes": tokens * caches["indexer"],
        }
    fits = (
        max(0, int((hbm_bytes - total) // per_token))
        if hbm_bytes is not None and per_token
        else None
    )
    return {
        "total_bytes": total,
        "by_category": {
            c: numeric(v, values)
            for c, v in sorted(
                by(items, "category").items(), key=lambda kv_: CATEGORIES.index(kv_[0])
            )
        },
        "by_module": dict(
            sorted(
                ((m, numeric(v, values)) for m, v in by(items, "module").items()),
                key=lambda kv_: -kv_[1],
            )
        ),
        "parameters": parameters(spec, mtp_layers),
        "kv_cache": {
            "bytes_per_token_per_layer": kv,
            "bytes_per_token": per_token,
            "tokens_that_fit": fits,
            # a decode step's requests on the built DP rank: what their caches hold
            "batch": held,
        },
    }


def _layer_order(row: tuple[str, float]) -> tuple[int, int]:
    label = row[0]
    return (0, int(label)) if label.isascii() and label.isdigit() else (1, 0)


def render_memory(
    graph: Graph,
    description: QuantDescription,
    accounting: str,
    device: str,
    data: Mapping[str, Any],
    items: Sequence[Item],
    by_key: str,
) -> str:
    """The text table of ``layoutcheck memory``."""
    lines = [
        f"{graph.name}: static weights per rank, {accounting} accounting, {description.source}: "
        f"{data['total_bytes'] / GIB:.3f} GiB"
    ]
    values = {name: value for name, value in graph.symbols if value is not None}
    if by_key == "category":
        rows = data["by_category"].items()
    else:
        totals = [(k, numeric(v, values)) for k, v in by(items, by_key).items()]
        # layers in their order (0, 1, 2, 3 … and then what is outside them); modules by size
        order = _layer_order if by_key == "layer" else lambda kv: -kv[1]
        rows = sorted(totals, key=order)
    for label, amount in rows:
        lines.append(f"  {label:<52} {amount / GIB:10.3f} GiB")
    params = data["parameters"]
    kv = data["kv_cache"]
    lines.append(
        f"parameters: {params['total'] / 1e9:.1f}B total, {params['active'] / 1e9:.1f}B active "
        f"({params['active_without_embedding'] / 1e9:.1f}B without the input embedding)"
    )
    fits = kv["tokens_that_fit"]
    held = kv.get("batch")
    if held is not None:
        lines.append(
            f"KV cache of the decode step: {held['requests']} requests on the DP rank hold "
            f"{held['tokens']} tokens, {held['bytes'] / GIB:.3f} GiB (main "
            f"{held['kv_bytes'] / GIB:.3f}, indexer {held['indexer_bytes'] / GIB:.3f})"
        )
    lines.append(
        f"KV cache: {kv['bytes_per_token']} bytes per token (all layers); "
        f"{fits if fits is not None else '?'} tokens fit on {device} after the weights"
    )
    return "\n".join(lines)
