"""The builder's layout choices as plain enums, in a module that imports nothing heavy: the
command line offers them as choices before any graph machinery (or sympy) is loaded."""

from __future__ import annotations

import enum

__all__ = ["Layout", "SharedExperts"]


class Layout(enum.Enum):
    """Which engine's DSA-CP prefill layer to produce."""

    TENSORCAST = "tensorcast"  # RFC: FULL-token attention, slice before the replicated o_proj
    VLLM_ASCEND = "vllm-ascend"  # v0.18 sfa_v1: LOCAL queries, one key-side all_gather


class SharedExperts(enum.Enum):
    """How the shared experts run: on the local tokens under SP; without SP under expert
    parallelism, on all tokens or on the MoE prepare step's slice (passes/moe_prepare.py)."""

    # the RFC's table (§3.3.1): a TP MLP + all_reduce, on local tokens under SP (not
    # executable), on all tokens without it
    TP_LOCAL = "tp"
    # vLLM-Ascend FlashComm1, and TensorCast's code for GLM-5 under expert parallelism: full
    # weights on local tokens (without SP: the routed experts' slice), no reduce
    REPLICATED = "replicated"
