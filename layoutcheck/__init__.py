"""layoutcheck: type-check the token layout of distributed LLM decoder graphs.

Public API re-exports only; see the modules for the pieces. Names are imported when first used,
so ``import layoutcheck`` stays cheap (the cost model pulls in numpy, the checker does not).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"  # the one place it is written: pyproject.toml reads it from here

# public name -> the module that defines it
_EXPORTS = {
    "AbstractValue": "layoutcheck.lattice",
    "Block": "layoutcheck.roles",
    "CostReport": "layoutcheck.cost.report",
    "Dtype": "layoutcheck.lattice",
    "Execution": "layoutcheck.models",
    "FeatureState": "layoutcheck.lattice",
    "Graph": "layoutcheck.graph",
    "GraphBuilder": "layoutcheck.graph",
    "InputError": "layoutcheck.errors",
    "Layout": "layoutcheck.models",
    "Options": "layoutcheck.session",
    "ParallelConfig": "layoutcheck.models",
    "Part": "layoutcheck.roles",
    "Phase": "layoutcheck.models",
    "Pipeline": "layoutcheck.pipeline",
    "Role": "layoutcheck.roles",
    "Session": "layoutcheck.session",
    "TokenLayout": "layoutcheck.lattice",
    "TypedGraph": "layoutcheck.interp",
    "ValueRef": "layoutcheck.graph",
    "build_model": "layoutcheck.models",
    "check_graph": "layoutcheck.check",
    "cost_report": "layoutcheck.cost.report",
    "dumps_graph": "layoutcheck.graph_io",
    "interpret": "layoutcheck.interp",
    "load_contract": "layoutcheck.contracts",
    "load_device": "layoutcheck.cost.devices",
    "load_graph": "layoutcheck.graph_io",
    "search": "layoutcheck.design_space.api",
    "write_graph": "layoutcheck.graph_io",
}
__all__ = [
    "AbstractValue",
    "Block",
    "CostReport",
    "Dtype",
    "Execution",
    "FeatureState",
    "Graph",
    "GraphBuilder",
    "InputError",
    "Layout",
    "Options",
    "ParallelConfig",
    "Part",
    "Phase",
    "Pipeline",
    "Role",
    "Session",
    "TokenLayout",
    "TypedGraph",
    "ValueRef",
    "build_model",
    "check_graph",
    "cost_report",
    "dumps_graph",
    "interpret",
    "load_contract",
    "load_device",
    "load_graph",
    "search",
    "write_graph",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'layoutcheck' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from layoutcheck.check import check_graph
    from layoutcheck.contracts import load_contract
    from layoutcheck.cost.devices import load_device
    from layoutcheck.cost.report import CostReport, cost_report
    from layoutcheck.design_space.api import search
    from layoutcheck.errors import InputError
    from layoutcheck.graph import Graph, GraphBuilder, ValueRef
    from layoutcheck.graph_io import dumps_graph, load_graph, write_graph
    from layoutcheck.interp import TypedGraph, interpret
    from layoutcheck.lattice import AbstractValue, Dtype, FeatureState, TokenLayout
    from layoutcheck.models import Execution, Layout, ParallelConfig, Phase, build_model
    from layoutcheck.pipeline import Pipeline
    from layoutcheck.roles import Block, Part, Role
    from layoutcheck.session import Options, Session
