"""Quantization descriptions against a graph: the modules a file must name, reading one, and
the file a recipe implies (``layoutcheck quant-description``)."""

from __future__ import annotations

from pathlib import Path

from layoutcheck.graph import Graph
from layoutcheck.interp import TypedGraph
from layoutcheck.memory.inventory import every_layer, inventory, typed_of
from layoutcheck.quant import QUANT_TYPES, QuantDescription, recipe
from layoutcheck.quant import load_description as _load


def weight_keys(target: Graph | TypedGraph) -> tuple[list[str], list[str]]:
    """The ``<module>.weight`` keys of every layer a region stands for: the quantizable ones,
    and all (real files list embeddings, norms and lm_head as FLOAT too)."""
    quantizable: list[str] = []
    every: list[str] = []
    for tensor, count in inventory(target):
        for module in every_layer(tensor.module, tensor.layer, count):
            every.append(f"{module}.weight")
            if tensor.quantizable:
                quantizable.append(f"{module}.weight")
    return quantizable, every


def load_description(path: str | Path, target: Graph | TypedGraph) -> QuantDescription:
    """Read msModelSlim's ``quant_model_description.json`` for this graph."""
    typed = typed_of(target)
    quantizable, every = weight_keys(typed)
    layers = typed.graph.expanded_layer_count()
    return _load(path, quantizable, every, layers)


def listed(description: QuantDescription, target: Graph | TypedGraph) -> QuantDescription:
    """The description with a type listed for every quantizable module of the graph (what a
    recipe implies for it, as a file would say)."""
    types: dict[str, str] = {}
    for tensor, count in inventory(target):
        if not tensor.quantizable:
            continue
        for module in every_layer(tensor.module, tensor.layer, count):
            types[f"{module}.weight"] = description.type_name(module, tensor.role)
    return QuantDescription(types, description.header, description.source, description.warnings)


def recipe_description(target: Graph | TypedGraph, name: str) -> QuantDescription:
    """A recipe's description of this graph, every module listed."""
    return listed(recipe(name), target)


def description_data(description: QuantDescription, target: Graph | TypedGraph) -> dict[str, str]:
    """The file form: header keys, then ``<module>.weight`` → type and the aux tensors each
    quantized type adds."""
    data: dict[str, str] = dict(description.header)
    types: dict[str, str] = {}
    for tensor, count in inventory(target):
        if not tensor.quantizable:
            continue
        for module in every_layer(tensor.module, tensor.layer, count):
            types[f"{module}.weight"] = description.type_name(module, tensor.role)
    for key, quant in sorted(types.items()):
        data[key] = quant
        module = key.removesuffix(".weight")
        for aux, _ in QUANT_TYPES[quant].aux:
            data[f"{module}.{aux}"] = quant
    return data
