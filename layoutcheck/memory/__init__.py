"""Static weight memory per rank: the weight inventory of a typed graph (each op's weight rule,
``layoutcheck.ops``), priced under a quantization description (``layoutcheck.quant``) by an
accounting (checkpoint, engine or TensorCast's), with parameter counts and the KV cache that
fits after the weights.
"""

from __future__ import annotations

from layoutcheck.memory.accounting import CATEGORIES, Checkpoint, Engine, Item, LayerSharding
from layoutcheck.memory.descriptions import (
    description_data,
    listed,
    load_description,
    recipe_description,
    weight_keys,
)
from layoutcheck.memory.inventory import MemoryError_, every_layer, inventory, typed_of
from layoutcheck.memory.kv import kv_bytes_per_token, kv_bytes_per_token_all_layers
from layoutcheck.memory.parameters import ParameterCount, count_parameters, parameters
from layoutcheck.memory.pricing import ACCOUNTINGS, account, accounting_for
from layoutcheck.memory.render import by, numeric, render_memory, summary
from layoutcheck.memory.tensorcast import Tensorcast
from layoutcheck.ops.weights import Sharding, Tensor, TensorKind

__all__ = [
    "ACCOUNTINGS",
    "CATEGORIES",
    "Checkpoint",
    "Engine",
    "Item",
    "LayerSharding",
    "MemoryError_",
    "ParameterCount",
    "Sharding",
    "Tensor",
    "TensorKind",
    "Tensorcast",
    "account",
    "accounting_for",
    "by",
    "count_parameters",
    "description_data",
    "every_layer",
    "inventory",
    "kv_bytes_per_token",
    "kv_bytes_per_token_all_layers",
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
