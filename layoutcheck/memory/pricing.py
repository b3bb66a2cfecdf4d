"""Pricing a graph's weight inventory under a named accounting: every byte a rank holds,
itemized (``checkpoint``, ``engine`` or ``tensorcast``)."""

from __future__ import annotations

from layoutcheck.graph import Graph
from layoutcheck.interp import TypedGraph
from layoutcheck.memory.accounting import Checkpoint, Engine, Item, LayerSharding
from layoutcheck.memory.inventory import MemoryError_, inventory, typed_of
from layoutcheck.memory.tensorcast import Tensorcast
from layoutcheck.models.config import ModelSpec
from layoutcheck.ops.weights import Tensor, TensorKind
from layoutcheck.quant import QuantDescription, QuantType

ACCOUNTINGS = ("checkpoint", "engine", "tensorcast")


def accounting_for(
    name: str,
    layer_sharding: LayerSharding | None = None,
    oproj_pool: bool = False,
    *,
    spec: ModelSpec | None = None,
    found: list[tuple[Tensor, int]] | None = None,
) -> Checkpoint:
    """The named accounting (``tensorcast`` reads the model and the inventory)."""
    if name == "checkpoint":
        return Checkpoint()
    if name == "engine":
        return Engine(layer_sharding=layer_sharding, oproj_pool=oproj_pool)
    if name == "tensorcast":
        return Tensorcast.of(spec, found or [])
    raise MemoryError_(f"--accounting {name!r}: use {', '.join(ACCOUNTINGS)}")


def account(
    target: Graph | TypedGraph,
    description: QuantDescription,
    *,
    accounting: str = "engine",
    layer_sharding: LayerSharding | None = None,
    oproj_pool: bool = False,
    spec: ModelSpec | None = None,
) -> list[Item]:
    """Every byte a rank holds, itemized, under one accounting (``spec``: the model the graph
    was built from, which the ``tensorcast`` accounting needs)."""
    typed = typed_of(target)
    found = inventory(typed)
    if accounting != "tensorcast":  # TensorCast's own accounting is kept as TensorCast counts
        found = _untied(found, spec)
    chosen = accounting_for(accounting, layer_sharding, oproj_pool, spec=spec, found=found)
    graph = typed.graph
    groups = dict(graph.groups)
    layers = graph.expanded_layer_count() or 1
    items: list[Item] = []
    priced: list[tuple[Tensor, QuantType]] = []
    for tensor, count in found:
        quant = chosen.quant_type(description, tensor)
        priced.append((tensor, quant))
        items.extend(chosen.price(tensor, count, quant, groups, layers))
    return items + chosen.pools(priced)


def _untied(found: list[tuple[Tensor, int]], spec: ModelSpec | None) -> list[tuple[Tensor, int]]:
    """A tied head reads the embedding's own table (vLLM: ``lm_head = embed_tokens`` where
    ``tie_word_embeddings``): a rank holds it once, so the head's tensor is not held again."""
    if spec is None or not spec.tensors.tied_embeddings:
        return found
    if not any(tensor.kind is TensorKind.EMBEDDING for tensor, _ in found):
        return found  # a stage without the embedding holds the head's table itself
    return [(tensor, count) for tensor, count in found if tensor.kind is not TensorKind.HEAD]
