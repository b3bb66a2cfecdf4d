"""PyTorch's core ATen opset, read from torch (``torch.Tag.core`` on each overload), and the
generator of ``layoutcheck/engines/opmaps/aten_core.yaml``: the list itself (``core:``) and an
op-map entry for every core overload no hand-written op map holds, its ``args`` the schema's
argument names and its lowering the family :data:`FAMILIES` gives it.

    python -m tests.engines.aten_core   # rewrites the op map from the installed torch

The package never imports torch: the op map is data, generated here once per torch upgrade
(tests/engines/test_core_aten.py fails, naming the difference, when torch's list changes).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

import yaml

from layoutcheck.engines.opmap import OPMAPS, load_opmap

TABLE = OPMAPS / "aten_core.yaml"

# Each core op's family: the lowering and its parameters, by packet (every overload) or by
# overload. The algebra of each group is beside it.
# elementwise, not linear: f(a + b) is not f(a) + f(b), so a pending sum must be reduced first
_UNARY = [
    "abs",
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "ceil",
    "cos",
    "cosh",
    "erf",
    "expm1",
    "floor",
    "isinf",
    "isnan",
    "log",
    "log10",
    "log1p",
    "log2",
    "logical_not",
    "reciprocal",
    "round",
    "rsqrt",
    "sign",
    "sin",
    "sinh",
    "sqrt",
    "tan",
    "tanh",
    "trunc",
    "elu",
    "leaky_relu",
    "hardtanh",
]
# elementwise of operands on the same tokens, not linear (comparisons, powers, maxima)
_BINARY = [
    "atan2",
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "eq",
    "ne",
    "ge",
    "gt",
    "le",
    "lt",
    "fmod",
    "remainder",
    "logical_and",
    "logical_or",
    "logical_xor",
    "maximum",
    "minimum",
    "pow",
    "clamp",
]
FAMILIES: Mapping[str, Mapping[str, Any]] = {
    **{name: {"lower": "pointwise", "fn": name} for name in _UNARY + _BINARY},
    # a constant factor is linear: a pending sum passes it (x·c summed is (Σx)·c)
    "mul.Scalar": {"lower": "pointwise", "fn": "mul", "linear": True},
    "div.Scalar": {"lower": "pointwise", "fn": "div", "linear": True},
    # a constant offset is not: g ranks' summands each shifted by c sum to Σx + g·c
    "add.Scalar": {"lower": "pointwise", "fn": "add"},
    "sub.Scalar": {"lower": "pointwise", "fn": "sub"},
    # a rounding division is not linear either
    "div.Scalar_mode": {"lower": "pointwise", "fn": "div"},
    "div.Tensor_mode": {"lower": "pointwise", "fn": "div"},
    "fill": {"lower": "pointwise", "fn": "fill"},  # the same rows, each a constant
    # reductions over dims: over features per token; over the tokens (or every dim) they mix
    # the ranks' rows, located as such. The mean is linear (a sum and a constant factor)
    "mean": {"lower": "reduce", "fn": "mean", "linear": True},
    "amin": {"lower": "reduce", "fn": "amin"},
    "min.dim": {"lower": "reduce", "fn": "min"},
    "any": {"lower": "reduce", "fn": "any"},
    "prod": {"lower": "reduce", "fn": "prod"},
    "var": {"lower": "reduce", "fn": "var"},
    "argmax": {"lower": "reduce", "fn": "argmax", "indices": True},
    "argmin": {"lower": "reduce", "fn": "argmin", "indices": True},
    # the same features, scanned or reordered along a feature dim
    "cumsum": {"lower": "along_features", "fn": "cumsum"},
    "sort": {"lower": "along_features", "fn": "sort"},
    "flip": {"lower": "along_features", "fn": "flip"},
    # index ops: by each token's own index row along a feature dim; along the tokens, rows of
    # other tokens (a fixed index_select of tokens is a token select)
    "gather": {"lower": "gather", "fn": "gather"},
    "scatter": {"lower": "scatter", "fn": "scatter"},
    "scatter_add": {"lower": "scatter", "fn": "scatter_add"},
    "scatter_reduce": {"lower": "scatter", "fn": "scatter_reduce"},
    "index_select": {"lower": "index_select", "fn": "index_select"},
    "index_put": {"lower": "index_put", "fn": "index_put"},
    "select_scatter": {"lower": "select_scatter", "fn": "select_scatter"},
    "repeat": {"lower": "repeat", "fn": "repeat"},
    "squeeze.dims": {"lower": "squeeze"},
    # log_softmax is softmax's layout (per token over features; its log is pointwise)
    "_log_softmax": {"lower": "softmax"},
    "native_layer_norm": {"lower": "layer_norm"},
    "native_dropout": {"lower": "alias_all"},  # inference: the input, and an all-true mask
    # constants, factories and scalar reads: data, whatever their shape
    **{name: {"lower": "constant"} for name in ("arange", "empty_strided", "full_like")},
    **{name: {"lower": "constant"} for name in ("rand", "randn", "randperm", "resize_")},
    "_local_scalar_dense": {"lower": "constant"},
    "sym_is_contiguous": {"lower": "shape_query"},
    "sym_storage_offset": {"lower": "shape_query"},
    # ops layoutcheck knows and cannot type: located as unchecked, saying why
    "bmm": {"lower": "unfollowed", "why": "a batched matmul (heads or requests as the batch)"},
    "diagonal": {"lower": "unfollowed", "why": "a diagonal of two dims"},
    "masked_scatter": {"lower": "unfollowed", "why": "a masked_scatter (reads across tokens)"},
    "nonzero": {"lower": "unfollowed", "why": "nonzero (rows of a data-dependent count)"},
}
# vision and training ops: core ATen has them, a decoder's inference graph does not
_NOT_DECODER = [
    "_adaptive_avg_pool2d",
    "_adaptive_avg_pool2d_backward",
    "_adaptive_avg_pool3d",
    "_cdist_forward",
    "_embedding_bag",
    "_fft_c2r",
    "_fft_r2c",
    "_native_batch_norm_legit",
    "_native_batch_norm_legit_no_training",
    "_pdist_forward",
    "adaptive_avg_pool1d",
    "avg_pool1d",
    "avg_pool2d",
    "avg_pool2d_backward",
    "avg_pool3d",
    "col2im",
    "convolution",
    "convolution_backward",
    "embedding_dense_backward",
    "grid_sampler_2d",
    "max_pool2d_with_indices",
    "max_pool2d_with_indices_backward",
    "max_pool3d_with_indices",
    "native_group_norm",
    "native_group_norm_backward",
    "native_layer_norm_backward",
    "reflection_pad1d",
    "reflection_pad2d",
    "reflection_pad3d",
    "replication_pad2d",
    "replication_pad3d",
    "upsample_bilinear2d",
    "upsample_nearest2d",
]
FAMILIES = {
    **FAMILIES,
    **{
        name: {"lower": "unfollowed", "why": f"{name}, a vision or training op"}
        for name in _NOT_DECODER
    },
}


# The layoutcheck kinds each family's lowering emits: what a TensorCast trace event of the
# target may be matched to (layoutcheck/cost/trace_kinds/tensorcast.yaml; empty: no op prices it)
TRACE_KINDS: Mapping[str, list[str]] = {
    "pointwise": ["pointwise"],
    "reduce": ["per_token", "feature_sum"],
    "along_features": ["per_token"],
    "gather": ["per_token"],
    "scatter": ["per_token"],
    "index_select": ["per_token", "token_select"],
    "index_put": ["per_token"],
    "select_scatter": ["per_token"],
    "repeat": ["per_token"],
    "softmax": ["pointwise", "feature_max", "feature_sum"],
    "layer_norm": ["layer_norm"],
    **{name: [] for name in ("squeeze", "alias_all", "constant", "shape_query", "unfollowed")},
}
TRACE_TABLE = OPMAPS.parent.parent / "cost" / "trace_kinds" / "tensorcast.yaml"
BLOCK_START = "  # -- core ATen: generated by `python -m tests.engines.aten_core`, do not edit --"
BLOCK_END = "  # -- end of core ATen --"


def core_overloads() -> list[str]:
    """Every overload torch tags core, as an engine graph names it (``aten.abs.default``)."""
    import torch

    found: set[str] = set()
    for qualified in torch._C._dispatch_get_all_op_names():
        namespace, _, rest = qualified.partition("::")
        if namespace != "aten":
            continue
        base, _, overload = rest.partition(".")
        packet = getattr(torch.ops.aten, base, None)
        if packet is None:
            continue
        try:
            op = getattr(packet, overload or "default")
        except (AttributeError, RuntimeError):
            continue
        if torch.Tag.core in op.tags:
            found.add(f"aten.{base}.{overload or 'default'}")
    return sorted(found)


def _schema_args(target: str) -> list[str]:
    import torch

    _, base, overload = target.split(".", 2)
    op = getattr(getattr(torch.ops.aten, base), overload)
    return [argument.name for argument in op._schema.arguments]


def family_of(target: str) -> Mapping[str, Any] | None:
    _, base, overload = target.split(".", 2)
    return FAMILIES.get(f"{base}.{overload}") or FAMILIES.get(base)


def hand_mapped() -> set[str]:
    """The targets the hand-written op maps hold (the generated one is not among them)."""
    return {
        target
        for path in sorted(OPMAPS.glob("*.yaml"))
        if path != TABLE
        for target in load_opmap(path)
    }


def render(core: list[str]) -> str:
    import torch

    mapped = hand_mapped()
    lines = [
        "# PyTorch's core ATen opset and an op-map entry for every core overload the",
        "# hand-written op maps do not hold: `args` the schema's argument names, `lower` the",
        "# lowering of its family (tests/engines/aten_core.py gives each family's algebra).",
        f"# Source: torch {torch.__version__.split('+')[0]}, the overloads tagged torch.Tag.core.",
        "# Generated by `python -m tests.engines.aten_core`: do not edit by hand (change the",
        "# family table there and regenerate); tests/engines/test_core_aten.py checks it.",
        "format: layoutcheck-opmap/1",
        "engine: aten",
        "core:",
        *(f"  - {target}" for target in core),
        "ops:",
    ]
    missing = []
    for target in core:
        if target in mapped:
            continue
        family = family_of(target)
        if family is None:
            missing.append(target)
            continue
        body = {**family, "args": _schema_args(target)}
        text = yaml.safe_dump(body, default_flow_style=True, width=10_000, sort_keys=False)
        lines.append(f"  {target}: {text.strip()}")
    if missing:
        raise SystemExit(f"no family for: {', '.join(missing)} (add them to FAMILIES)")
    return "\n".join(lines) + "\n"


def trace_block(core: list[str]) -> str:
    """The trace-kinds entries of the generated op map's targets (the block at the end of the
    TensorCast trace-kinds table's ``targets``)."""
    mapped = hand_mapped()
    lines = [BLOCK_START]
    for target in core:
        family = family_of(target)
        if target in mapped or family is None:
            continue
        kinds = ", ".join(TRACE_KINDS[str(family["lower"])])
        lines.append(f"  {target}: [{kinds}]")
    return "\n".join([*lines, BLOCK_END]) + "\n"


def with_trace_block(text: str, block: str) -> str:
    """The trace-kinds table with its generated block replaced (appended the first time)."""
    if BLOCK_START in text:
        head, _, rest = text.partition(BLOCK_START)
        _, _, tail = rest.partition(BLOCK_END + "\n")
        return head + block + tail
    return text + block


def main() -> int:
    core = core_overloads()
    TABLE.write_text(render(core), encoding="utf-8")
    trace = TRACE_TABLE.read_text(encoding="utf-8")
    TRACE_TABLE.write_text(with_trace_block(trace, trace_block(core)), encoding="utf-8")
    print(f"wrote {TABLE} and the core block of {TRACE_TABLE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


__all__ = [
    "FAMILIES",
    "TABLE",
    "TRACE_TABLE",
    "core_overloads",
    "family_of",
    "hand_mapped",
    "render",
    "trace_block",
    "with_trace_block",
]
