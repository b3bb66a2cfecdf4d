"""Static weight memory per rank: the weight inventory of a typed graph (each op's weight rule,
``layoutcheck.ops``), priced under a quantization description (``layoutcheck.quant``) by an
accounting, with parameter counts and the KV cache that fits after the weights.
"""

from __future__ import annotations

from layoutcheck.memory.accounting import (
    ACCOUNTINGS,
    CATEGORIES,
    Checkpoint,
    Engine,
    Item,
    LayerSharding,
    account,
    accounting_for,
)
from layoutcheck.memory.descriptions import (
    description_data,
    listed,
    load_description,
    recipe_description,
    weight_keys,
)
from layoutcheck.memory.inventory import MemoryError_, every_layer, inventory, typed_of
from layoutcheck.memory.kv import kv_bytes_per_token
from layoutcheck.memory.parameters import parameters
from layoutcheck.memory.render import by, numeric, render_memory, summary
from layoutcheck.ops.weights import Sharding, Tensor, TensorKind

__all__ = [
    "ACCOUNTINGS",
    "CATEGORIES",
    "Checkpoint",
    "Engine",
    "Item",
    "LayerSharding",
    "MemoryError_",
    "Sharding",
    "Tensor",
    "TensorKind",
    "account",
    "accounting_for",
    "by",
    "description_data",
    "every_layer",
    "inventory",
    "kv_bytes_per_token",
    "listed",
    "load_description",
    "numeric",
    "parameters",
    "recipe_description",
    "render_memory",
    "summary",
    "typed_of",
    "weight_keys",
]
