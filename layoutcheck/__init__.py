"""layoutcheck: type-check the token layout of distributed LLM decoder graphs.

Public API re-exports only; see the modules for the pieces.
"""

from __future__ import annotations

from layoutcheck.check import check_graph
from layoutcheck.contracts import load_contract
from layoutcheck.graph import Graph, GraphBuilder, ValueRef
from layoutcheck.graph_io import dumps_graph, load_graph, write_graph
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import AbstractValue, Dtype, FeatureState, TokenLayout
from layoutcheck.models import Execution, Layout, ParallelConfig, Phase, build_model

__all__ = [
    "AbstractValue",
    "Dtype",
    "Execution",
    "FeatureState",
    "Graph",
    "GraphBuilder",
    "Layout",
    "ParallelConfig",
    "Phase",
    "TokenLayout",
    "TypedGraph",
    "ValueRef",
    "build_model",
    "check_graph",
    "dumps_graph",
    "interpret",
    "load_contract",
    "load_graph",
    "write_graph",
]
