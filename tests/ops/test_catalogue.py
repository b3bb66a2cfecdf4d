"""The op catalogue: for every op kind, its shape rule and layout rule on a minimal graph."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
import sympy

from layoutcheck.graph import GraphBuilder, ValueRef
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import Dtype, FeatureState, TokenLayout
from layoutcheck.ops import default_registry
from layoutcheck.ops.weights import weights_of
from layoutcheck.symbols import parse_expr
from layoutcheck.validate import normalize

FULL, LOCAL = TokenLayout.FULL, TokenLayout.LOCAL
WHOLE, SPLIT, PARTIAL = FeatureState.WHOLE, FeatureState.SPLIT, FeatureState.PARTIAL

COVERED: set[str] = set()


def covers(*kinds: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Mark a test as exercising the shape and layout rules of ``kinds``."""

    def mark(test: Callable[..., None]) -> Callable[..., None]:
        COVERED.update(kinds)
        return test

    return mark


def test_every_op_kind_has_a_test() -> None:
    assert set(default_registry().kinds()) == COVERED


# -- helpers ---------------------------------------------------------------------------------

# GLM-5.1-like sizes: numbers so numeric shapes can be checked next to the symbolic ones.
GLM = {
    "T": 4096,
    "tp": 16,
    "ep": 16,
    "H": 6144,
    "heads": 64,
    "d_nope": 192,
    "d_rope": 64,
    "d_v": 256,
    "kv_lora": 512,
    "q_lora": 2048,
    "I": 2048,
    "experts": 256,
}


class Graph:
    """A GraphBuilder with expression parsing for input shapes, and the typed result."""

    def __init__(self, symbols: dict[str, int | None] | None = None, **groups: str) -> None:
        self.symbols = dict(GLM if symbols is None else symbols)
        self.b = GraphBuilder(
            "op-test", symbols=self.symbols, groups=groups or {"tp": "tp", "ep": "ep"}
        )

    def e(self, text: str | int) -> sympy.Expr:
        return parse_expr(text, set(self.symbols))

    def input(
        self,
        name: str,
        shape: Sequence[str | int],
        tokens: TokenLayout = FULL,
        features: FeatureState = WHOLE,
        dtype: Dtype = Dtype.BF16,
        group: str = "tp",
    ) -> ValueRef:
        return self.b.input(name, shape, tokens, features, dtype, group)

    def op(self, name: str, kind: str, inputs: Sequence[ValueRef], **attrs: object) -> ValueRef:
        return self.b.op(name, kind, inputs, **attrs)  # type: ignore[arg-type]

    def typed(self, *warnings: str, errors: Sequence[str] = ()) -> TypedGraph:
        """The typed graph, which must hold no diagnostics but the named warnings (and
        ``errors``, after them)."""
        typed = interpret(normalize(self.b.build()))
        found = [(d.rule, d.severity.value) for d in typed.diagnostics]
        wanted = [(rule, "warning") for rule in warnings] + [(rule, "error") for rule in errors]
        assert found == wanted, [d.message for d in typed.diagnostics]
        return typed


def expect(
    graph: Graph,
    typed: TypedGraph,
    ref: str,
    *,
    shape: Sequence[str | int],
    numeric: Sequence[int] | None,
    tokens: TokenLayout,
    features: FeatureState,
    dtype: Dtype = Dtype.BF16,
    extent: str = "T",
    group: str | None = None,
) -> None:
    value = typed.value(ref)
    assert not value.is_top, f"{ref} is TOP"
    expected_shape = tuple(graph.e(dim) for dim in shape)
    assert len(value.shape) == len(expected_shape), f"{ref}: {value.shape}"
    for got, want in zip(value.shape, expected_shape, strict=True):
        assert sympy.simplify(got - want) == 0, f"{ref}: shape {value.shape} != {expected_shape}"
    if numeric is not None:
        assert typed.numeric_shape(value) == tuple(sympy.Integer(n) for n in numeric)
    assert value.tokens is tokens, f"{ref}: tokens {value.tokens}"
    assert value.features is features, f"{ref}: features {value.features}"
    assert value.dtype is dtype
    assert sympy.simplify(value.extent - graph.e(extent)) == 0, f"{ref}: extent {value.extent}"
    assert value.group == group, f"{ref}: group {value.group}"


# -- communication ---------------------------------------------------------------------------


@covers("all_reduce")
def test_all_reduce_of_a_full_partial_value() -> None:
    g = Graph()
    x = g.input("x", ["T", "H"], features=PARTIAL)
    g.op("ar", "all_reduce", [x])
    expect(g, g.typed(), "ar", shape=["T", "H"], numeric=[4096, 6144], tokens=FULL, features=WHOLE)


@covers("all_reduce")
def test_all_reduce_of_local_partial_is_a_cross_token_sum_and_checking_goes_on_local() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL, features=PARTIAL)
    g.op("ar", "all_reduce", [x])
    expect(
        g,
        g.typed(errors=["cross-token-reduction"]),
        "ar",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )


@covers("reduce_scatter")
def test_reduce_scatter_scatters_tokens() -> None:
    g = Graph()
    x = g.input("x", ["T", "H"], features=PARTIAL, dtype=Dtype.FP32)
    g.op("rs", "reduce_scatter", [x])
    expect(
        g,
        g.typed(),
        "rs",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=WHOLE,
        dtype=Dtype.FP32,
        group="tp",
    )


@covers("all_gather")
def test_all_gather_gathers_tokens() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    g.op("ag", "all_gather", [x])
    expect(g, g.typed(), "ag", shape=["T", "H"], numeric=[4096, 6144], tokens=FULL, features=WHOLE)


def test_all_gather_of_local_split_keeps_the_feature_split() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H/tp"], tokens=LOCAL, features=SPLIT)
    g.op("ag", "all_gather", [x])
    expect(
        g,
        g.typed(),
        "ag",
        shape=["T", "H/tp"],
        numeric=[4096, 384],
        tokens=FULL,
        features=SPLIT,
        group="tp",
    )


def test_reduce_scatter_then_all_gather_is_an_all_reduce() -> None:
    g = Graph()
    x = g.input("x", ["T", "H"], features=PARTIAL)
    rs = g.op("rs", "reduce_scatter", [x])
    g.op("ag", "all_gather", [rs])
    g.op("ar", "all_reduce", [x])
    typed = g.typed()
    assert typed.value("ag") == typed.value("ar")


@covers("all_to_all")
def test_all_to_all_keeps_the_layout() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    g.op("a2a", "all_to_all", [x], group="ep")
    expect(
        g,
        g.typed(),
        "a2a",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )


@covers("send_recv")
@pytest.mark.parametrize(
    ("shape", "tokens", "features", "numeric", "group"),
    [
        (["T", "H"], FULL, WHOLE, [4096, 6144], None),  # the hidden state between stages
        (["T/tp", "H"], LOCAL, WHOLE, [256, 6144], "tp"),  # a residual scattered by SP
        (["T", "H/tp"], FULL, SPLIT, [4096, 384], "tp"),  # a rank's feature block
    ],
)
def test_send_recv_keeps_the_layout(
    shape: list[str],
    tokens: TokenLayout,
    features: FeatureState,
    numeric: list[int],
    group: str | None,
) -> None:
    """The next stage's rank of the same tp rank receives exactly this rank's tensor."""
    g = Graph()
    x = g.input("x", shape, tokens=tokens, features=features)
    g.op("send", "send_recv", [x], span=32)
    expect(
        g, g.typed(), "send", shape=shape, numeric=numeric, tokens=tokens, features=features,
        group=group,
    )  # fmt: skip


# -- token layout ----------------------------------------------------------------------------


@covers("token_slice")
def test_token_slice_keeps_features() -> None:
    g = Graph()
    x = g.input("x", ["T", "H/tp"], features=SPLIT)
    g.op("s", "token_slice", [x])
    expect(
        g,
        g.typed(),
        "s",
        shape=["T/tp", "H/tp"],
        numeric=[256, 384],
        tokens=LOCAL,
        features=SPLIT,
        group="tp",
    )


DECODE = {"T": 9, "tp": 4, "H": 6144, "experts": 256}


@covers("pad_tokens")
def test_pad_9_tokens_over_tp_4_gives_12() -> None:
    g = Graph(DECODE, tp="tp")
    x = g.input("x", ["T", "experts"])
    g.op("pad", "pad_tokens", [x])
    expect(
        g,
        g.typed(),
        "pad",
        shape=["ceil(T/tp)*tp", "experts"],
        numeric=[12, 256],
        tokens=FULL,
        features=WHOLE,
        extent="ceil(T/tp)*tp",
    )
    typed = g.typed()
    assert typed.context.numeric(typed.value("pad").extent) == 12


def test_token_slice_of_padded_tokens_gives_3_per_rank() -> None:
    g = Graph(DECODE, tp="tp")
    x = g.input("x", ["T", "H"])
    pad = g.op("pad", "pad_tokens", [x])
    g.op("s", "token_slice", [pad])
    expect(
        g,
        g.typed(),
        "s",
        shape=["ceil(T/tp)", "H"],
        numeric=[3, 6144],
        tokens=LOCAL,
        features=WHOLE,
        extent="ceil(T/tp)*tp",
        group="tp",
    )


@covers("unpad_tokens")
def test_unpad_returns_to_the_token_count() -> None:
    g = Graph(DECODE, tp="tp")
    x = g.input("x", ["T", "H"])
    pad = g.op("pad", "pad_tokens", [x])
    s = g.op("s", "token_slice", [pad])
    gathered = g.op("ag", "all_gather", [s])
    g.op("unpad", "unpad_tokens", [gathered])
    typed = g.typed()
    expect(
        g,
        typed,
        "ag",
        shape=["ceil(T/tp)*tp", "H"],
        numeric=[12, 6144],
        tokens=FULL,
        features=WHOLE,
        extent="ceil(T/tp)*tp",
    )
    expect(g, typed, "unpad", shape=["T", "H"], numeric=[9, 6144], tokens=FULL, features=WHOLE)


def test_padding_a_divisible_extent_changes_nothing_numerically() -> None:
    g = Graph({"T": 4096, "tp": 16, "H": 64}, tp="tp")
    x = g.input("x", ["T", "H"])
    g.op("pad", "pad_tokens", [x])
    typed = g.typed()
    assert typed.numeric_shape(typed.value("pad")) == (4096, 64)


# -- elementwise, norms, regrouping ----------------------------------------------------------


@covers("add")
def test_add_of_two_partials_stays_partial() -> None:
    g = Graph()
    a = g.input("a", ["T/tp", "H"], tokens=LOCAL, features=PARTIAL)
    b = g.input("b", ["T/tp", "H"], tokens=LOCAL, features=PARTIAL)
    g.op("sum", "add", [a, b])
    expect(
        g,
        g.typed(),
        "sum",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=PARTIAL,
        group="tp",
    )


@covers("rms_norm")
def test_rms_norm_keeps_layout_and_shape() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL, dtype=Dtype.FP16)
    g.op("norm", "rms_norm", [x], eps="1e-6")
    expect(
        g,
        g.typed(),
        "norm",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=WHOLE,
        dtype=Dtype.FP16,
        group="tp",
    )


@covers("layer_norm")
def test_layer_norm_keeps_layout_and_shape_and_owns_a_weight_and_a_bias() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    g.op("model.norm", "layer_norm", [x], eps="1e-5")
    typed = g.typed()
    expect(
        g,
        typed,
        "model.norm",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )
    op = typed.graph.op("model.norm")
    spec = default_registry()["layer_norm"]
    tensors = weights_of(spec, op, typed.inputs_of(op))
    assert [(t.name, t.shape) for t in tensors] == [
        ("model.norm.weight", (g.e("H"),)),
        ("model.norm.bias", (g.e("H"),)),
    ]


@covers("add_rms_norm")
def test_add_rms_norm_has_normalized_and_residual_outputs() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    r = g.input("r", ["T/tp", "H"], tokens=LOCAL)
    g.op("norm", "add_rms_norm", [x, r])
    typed = g.typed()
    for port in ("norm:0", "norm:1"):
        expect(
            g,
            typed,
            port,
            shape=["T/tp", "H"],
            numeric=[256, 6144],
            tokens=LOCAL,
            features=WHOLE,
            group="tp",
        )
    assert typed.value("norm:2").is_top  # there is no third output


@covers("activation")
@pytest.mark.parametrize("fn", ["silu", "gelu", "relu", "sigmoid"])
def test_elementwise_activation_keeps_the_shape(fn: str) -> None:
    g = Graph()
    x = g.input("x", ["T", "2*I/tp"], features=SPLIT)
    g.op("act", "activation", [x], fn=fn)
    expect(
        g,
        g.typed(),
        "act",
        shape=["T", "2*I/tp"],
        numeric=[4096, 256],
        tokens=FULL,
        features=SPLIT,
        group="tp",
    )


def test_swiglu_halves_the_features() -> None:
    g = Graph()
    x = g.input("x", ["T", "H"])
    g.op("act", "activation", [x], fn="swiglu")
    expect(
        g, g.typed(), "act", shape=["T", "H/2"], numeric=[4096, 3072], tokens=FULL, features=WHOLE
    )


def test_swiglu_halves_split_features_per_rank() -> None:
    g = Graph()
    x = g.input("x", ["T", "H"])
    up = g.op("up", "linear", [x], in_features="H", out_features="2*I", parallel="column")
    g.op("act", "activation", [up], fn="swiglu")
    expect(
        g,
        g.typed(),
        "act",
        shape=["T", "I/tp"],
        numeric=[4096, 128],
        tokens=FULL,
        features=SPLIT,
        group="tp",
    )


@covers("rope")
def test_rope_keeps_layout_and_shape() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "heads*(d_nope+d_rope)"], tokens=LOCAL)
    g.op("rope", "rope", [x])
    expect(
        g,
        g.typed(),
        "rope",
        shape=["T/tp", "heads*(d_nope+d_rope)"],
        numeric=[256, 16384],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )


@covers("reshape")
def test_reshape_regroups_features() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "heads", "d_v"], tokens=LOCAL)
    g.op("flat", "reshape", [x], features=[g.e("heads*d_v")])
    expect(
        g,
        g.typed(),
        "flat",
        shape=["T/tp", "heads*d_v"],
        numeric=[256, 16384],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )


def test_reshape_of_a_split_value_divides_its_first_dim() -> None:
    g = Graph()
    x = g.input("x", ["T", "heads*d_v/tp"], features=SPLIT)
    g.op("heads", "reshape", [x], features=[g.e("heads"), g.e("d_v")])
    expect(
        g,
        g.typed(),
        "heads",
        shape=["T", "heads/tp", "d_v"],
        numeric=[4096, 4, 256],
        tokens=FULL,
        features=SPLIT,
        group="tp",
    )


@covers("concat")
def test_concat_sums_features() -> None:
    g = Graph()
    k_pe = g.input("k_pe", ["T/tp", "d_rope"], tokens=LOCAL)
    k_nope = g.input("k_nope", ["T/tp", "kv_lora"], tokens=LOCAL)
    k_idx = g.input("k_idx", ["T/tp", 128], tokens=LOCAL)
    g.op("cat", "concat", [k_pe, k_nope, k_idx])
    expect(
        g,
        g.typed(),
        "cat",
        shape=["T/tp", "d_rope+kv_lora+128"],
        numeric=[256, 704],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )


@covers("split")
def test_split_gives_one_output_per_size() -> None:
    g = Graph()
    x = g.input("x", ["T", "kv_lora+d_rope"])
    g.op("parts", "split", [x], sizes=[g.e("kv_lora"), g.e("d_rope")])
    typed = g.typed()
    expect(
        g,
        typed,
        "parts:0",
        shape=["T", "kv_lora"],
        numeric=[4096, 512],
        tokens=FULL,
        features=WHOLE,
    )
    expect(
        g, typed, "parts:1", shape=["T", "d_rope"], numeric=[4096, 64], tokens=FULL, features=WHOLE
    )


def test_split_of_a_split_value_is_refused() -> None:
    # a rank's block of a SPLIT value is a slice of the whole feature axis: the global parts
    # [I, I] are not the halves of each rank's [2*I/tp] block
    g = Graph()
    x = g.input("x", ["T/tp", "2*I/tp"], tokens=LOCAL, features=SPLIT)
    g.op("parts", "split", [x], sizes=[g.e("I"), g.e("I")])
    typed = interpret(normalize(g.b.build()))
    assert [(d.rule, d.op) for d in typed.diagnostics] == [("incomplete-features", "parts")]
    # checking goes on with the complete features the split expected, on the same tokens
    for port in (0, 1):
        value = typed.value(f"parts:{port}")
        assert (value.layout, value.group) == ("L·W", "tp")


# -- linear layers ---------------------------------------------------------------------------


@covers("linear")
def test_column_parallel_linear_splits_the_outputs() -> None:
    g = Graph()
    x = g.input("x", ["T", "H"])
    g.op("q", "linear", [x], in_features="H", out_features="heads*d_v", parallel="column")
    expect(
        g,
        g.typed(),
        "q",
        shape=["T", "heads*d_v/tp"],
        numeric=[4096, 1024],
        tokens=FULL,
        features=SPLIT,
        group="tp",
    )


def test_row_parallel_linear_leaves_a_pending_sum() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "I/tp"], tokens=LOCAL, features=SPLIT)
    g.op("down", "linear", [x], in_features="I", out_features="H", parallel="row")
    expect(
        g,
        g.typed(),
        "down",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=PARTIAL,
        group="tp",
    )


@pytest.mark.parametrize("tokens", [FULL, LOCAL])
def test_replicated_linear_keeps_whole_features(tokens: TokenLayout) -> None:
    g = Graph()
    rows = "T" if tokens is FULL else "T/tp"
    x = g.input("x", [rows, "heads*d_v"], tokens=tokens)
    g.op(
        "o_proj",
        "linear",
        [x],
        in_features="heads*d_v",
        out_features="H",
        parallel="replicated",
        quant="w8a8",
    )
    expect(
        g,
        g.typed(),
        "o_proj",
        shape=[rows, "H"],
        numeric=[4096 if tokens is FULL else 256, 6144],
        tokens=tokens,
        features=WHOLE,
        group=None if tokens is FULL else "tp",
    )


@covers("reduce_scatter", "all_gather")
def test_a_feature_dim_reduce_scatter_splits_the_features_and_its_gather_joins_them() -> None:
    g = Graph()
    x = g.input("x", ["T", "H"], features=PARTIAL)
    rs = g.op("rs", "reduce_scatter", [x], dim="1")
    g.op("ag", "all_gather", [rs], dim="-1")
    typed = g.typed()
    expect(g, typed, "rs", shape=["T", "H/tp"], numeric=[4096, 384], tokens=FULL,
           features=SPLIT, group="tp")  # fmt: skip
    expect(g, typed, "ag", shape=["T", "H"], numeric=[4096, 6144], tokens=FULL, features=WHOLE)


@covers("matmul_reduce_scatter")
def test_matmul_reduce_scatter_is_a_row_linear_and_a_token_reduce_scatter() -> None:
    g = Graph()
    x = g.input("x", ["T", "I/tp"], features=SPLIT)
    g.op("rs", "matmul_reduce_scatter", [x], in_features="I", out_features="H")
    typed = g.typed()
    expect(g, typed, "rs", shape=["T/tp", "H"], numeric=[256, 6144], tokens=LOCAL,
           features=WHOLE, group="tp")  # fmt: skip


@covers("all_gather_matmul")
def test_all_gather_matmul_gathers_the_tokens_then_splits_the_features() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    g.op("ag", "all_gather_matmul", [x], in_features="H", out_features="2*I")
    typed = g.typed()
    expect(g, typed, "ag", shape=["T", "2*I/tp"], numeric=[4096, 256], tokens=FULL,
           features=SPLIT, group="tp")  # fmt: skip


def test_tp_mlp_on_local_tokens_is_a_cross_token_reduction_at_its_all_reduce() -> None:
    # the RFC table's shared expert in DSA-CP: a TP MLP on LOCAL tokens. The types follow the
    # algebra (L·W → L·S → L·P → L·W), the column linear gets a local-feature-split warning and
    # the all_reduce, which adds different tokens, a cross-token-reduction error.
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    up = g.op("up", "linear", [x], in_features="H", out_features="2*I", parallel="column")
    act = g.op("act", "activation", [up], fn="swiglu")
    down = g.op("down", "linear", [act], in_features="I", out_features="H", parallel="row")
    g.op("ar", "all_reduce", [down])
    typed = g.typed("local-feature-split", errors=["cross-token-reduction"])
    assert [d.op for d in typed.diagnostics] == ["up", "ar"]
    expect(
        g,
        typed,
        "act",
        shape=["T/tp", "I/tp"],
        numeric=[256, 128],
        tokens=LOCAL,
        features=SPLIT,
        group="tp",
    )
    expect(
        g,
        typed,
        "down",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=PARTIAL,
        group="tp",
    )
    expect(
        g,
        typed,
        "ar",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )


# -- attention -------------------------------------------------------------------------------

MLA = {
    "heads": "heads",
    "qk_nope_head_dim": "d_nope",
    "qk_rope_head_dim": "d_rope",
    "v_head_dim": "d_v",
    "kv_lora_rank": "kv_lora",
}


@covers("mla_attention")
def test_mla_attention_with_split_heads() -> None:
    g = Graph()
    q = g.input("q", ["T", "heads*(d_nope+d_rope)/tp"], features=SPLIT)
    kv = g.input("kv", ["T", "kv_lora+d_rope"])
    g.op("attn", "mla_attention", [q, kv], **MLA)
    expect(
        g,
        g.typed(),
        "attn",
        shape=["T", "heads/tp", "d_v"],
        numeric=[4096, 4, 256],
        tokens=FULL,
        features=SPLIT,
        group="tp",
    )


@pytest.mark.parametrize("tokens", [FULL, LOCAL])
def test_mla_attention_with_all_heads(tokens: TokenLayout) -> None:
    g = Graph()
    rows = "T" if tokens is FULL else "T/tp"
    q = g.input("q", [rows, "heads*(d_nope+d_rope)"], tokens=tokens)
    kv = g.input("kv", ["T", "kv_lora+d_rope"])
    g.op("attn", "mla_attention", [q, kv], **MLA)
    expect(
        g,
        g.typed(),
        "attn",
        shape=[rows, "heads", "d_v"],
        numeric=[4096 if tokens is FULL else 256, 64, 256],
        tokens=tokens,
        features=WHOLE,
        group=None if tokens is FULL else "tp",
    )


@covers("sparse_attention")
def test_sparse_attention_with_split_heads() -> None:
    g = Graph()
    q = g.input("q", ["T", "heads*(d_nope+d_rope)/tp"], features=SPLIT)
    kv = g.input("kv", ["T", "kv_lora+d_rope"])
    idx = g.input("idx", ["T", 2048], dtype=Dtype.INT32)
    g.op("attn", "sparse_attention", [q, kv, idx], topk=2048, **MLA)
    expect(
        g,
        g.typed(),
        "attn",
        shape=["T", "heads/tp", "d_v"],
        numeric=[4096, 4, 256],
        tokens=FULL,
        features=SPLIT,
        group="tp",
    )


def test_sparse_attention_on_local_queries() -> None:
    g = Graph()
    q = g.input("q", ["T/tp", "heads*(d_nope+d_rope)"], tokens=LOCAL)
    kv = g.input("kv", ["T", "kv_lora+d_rope"])
    idx = g.input("idx", ["T/tp", 2048], tokens=LOCAL, dtype=Dtype.INT32)
    g.op("attn", "sparse_attention", [q, kv, idx], topk=2048, **MLA)
    expect(
        g,
        g.typed(),
        "attn",
        shape=["T/tp", "heads", "d_v"],
        numeric=[256, 64, 256],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )


@covers("dsa_indexer")
@pytest.mark.parametrize(("topk", "width"), [(2048, 2048), (8192, 4096)])
def test_dsa_indexer_picks_min_of_topk_and_tokens(topk: int, width: int) -> None:
    g = Graph()
    q_c = g.input("q_c", ["T", "q_lora"])
    x = g.input("x", ["T", "H"])
    g.op(
        "idx", "dsa_indexer", [q_c, x], index_n_heads=32, index_head_dim=128, topk=topk, hidden="H"
    )
    expect(
        g,
        g.typed(),
        "idx",
        shape=["T", f"min({topk}, T)"],
        numeric=[4096, width],
        tokens=FULL,
        features=WHOLE,
        dtype=Dtype.INT64,
    )


def test_dsa_indexer_on_local_queries_and_projected_keys() -> None:
    g = Graph({"T": 1024, "tp": 16, "q_lora": 2048}, tp="tp")
    q_c = g.input("q_c", ["T/tp", "q_lora"], tokens=LOCAL)
    k = g.input("k", ["T", 128])
    g.op("idx", "dsa_indexer", [q_c, k], index_n_heads=32, index_head_dim=128, topk=2048)
    expect(
        g,
        g.typed(),
        "idx",
        shape=["T/tp", "min(2048, T)"],
        numeric=[64, 1024],
        tokens=LOCAL,
        features=WHOLE,
        dtype=Dtype.INT64,
        group="tp",
    )


def test_dsa_indexer_topk_is_bounded_by_the_key_side_tokens() -> None:
    # decode-like: few tokens, the indexer cannot pick more keys than there are
    g = Graph({"T": 9, "tp": 4, "q_lora": 2048}, tp="tp")
    q_c = g.input("q_c", ["T", "q_lora"])
    k = g.input("k", ["T", 128])
    g.op("idx", "dsa_indexer", [q_c, k], index_n_heads=32, index_head_dim=128, topk=2048)
    typed = g.typed()
    assert typed.numeric_shape(typed.value("idx")) == (9, 9)


@covers("attention")
def test_gqa_attention_with_split_heads() -> None:
    g = Graph({"T": 4096, "tp": 4, "heads": 32, "kv_heads": 4, "d": 128}, tp="tp")
    q = g.input("q", ["T", "heads*d/tp"], features=SPLIT)
    k = g.input("k", ["T", "kv_heads*d/tp"], features=SPLIT)
    v = g.input("v", ["T", "kv_heads*d/tp"], features=SPLIT)
    g.op("attn", "attention", [q, k, v], heads="heads", kv_heads="kv_heads", head_dim="d")
    expect(
        g,
        g.typed(),
        "attn",
        shape=["T", "heads/tp", "d"],
        numeric=[4096, 8, 128],
        tokens=FULL,
        features=SPLIT,
        group="tp",
    )


def test_gqa_attention_with_fewer_kv_heads_than_ranks() -> None:
    g = Graph({"T": 4096, "tp": 16, "heads": 32, "kv_heads": 4, "d": 128}, tp="tp")
    q = g.input("q", ["T", "heads*d/tp"], features=SPLIT)
    k = g.input("k", ["T", "d"], features=SPLIT)
    v = g.input("v", ["T", "d"], features=SPLIT)
    g.op("attn", "attention", [q, k, v], heads="heads", kv_heads="kv_heads", head_dim="d")
    expect(
        g,
        g.typed(),
        "attn",
        shape=["T", "heads/tp", "d"],
        numeric=[4096, 2, 128],
        tokens=FULL,
        features=SPLIT,
        group="tp",
    )


# -- recurrent mixers ------------------------------------------------------------------------


@covers("recurrent_mixer")
def test_a_gated_delta_core_keeps_its_heads_split_and_owns_its_convolution() -> None:
    """Qwen3-Next's GDN core at TP 4 (4 key heads of 128, 8 value heads of 128 here): this
    rank's q, k and v channels and one b and a per value head in, [t, heads/tp, d] out."""
    g = Graph({"T": 4096, "tp": 4, "qkv": 2 * 4 * 128 + 8 * 128, "nv": 8, "dv": 128}, tp="tp")
    x = g.input("x", ["T", "qkv/tp"], features=SPLIT)
    b = g.input("b", ["T", "nv/tp"], features=SPLIT)
    a = g.input("a", ["T", "nv/tp"], features=SPLIT)
    g.op(
        "mixer", "recurrent_mixer", [x, b, a], in_features="qkv", heads="nv", head_dim="dv",
        state=128, conv_width="qkv", conv_kernel=4, update="gated_delta",
    )  # fmt: skip
    typed = g.typed()
    expect(
        g, typed, "mixer", shape=["T", "nv/tp", "dv"], numeric=[4096, 2, 128], tokens=FULL,
        features=SPLIT, group="tp",
    )  # fmt: skip
    op = typed.graph.op("mixer")
    names = {
        t.name for t in weights_of(default_registry()["recurrent_mixer"], op, typed.inputs_of(op))
    }
    assert names == {"mixer.conv1d.weight", "mixer.A_log", "mixer.dt_bias"}


def test_a_whole_mamba_input_gives_every_channel_on_every_rank() -> None:
    g = Graph({"T": 64, "tp": 2, "I": 512}, tp="tp")
    x = g.input("x", ["T", "2*I"])
    g.op(
        "mixer", "recurrent_mixer", [x], in_features="2*I", heads="I", head_dim=1, state=16,
        conv_width="I", conv_kernel=4, update="selective", dt_rank=16,
    )  # fmt: skip
    expect(g, g.typed(), "mixer", shape=["T", "I", 1], numeric=[64, 512, 1], tokens=FULL,
           features=WHOLE)  # fmt: skip


# -- MoE -------------------------------------------------------------------------------------


@covers("moe_gate")
def test_moe_gate_gives_router_logits() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    g.op("gate", "moe_gate", [x], experts="experts")
    expect(
        g,
        g.typed(),
        "gate",
        shape=["T/tp", "experts"],
        numeric=[256, 256],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )


@covers("moe_topk")
def test_moe_topk_gives_weights_and_int32_ids() -> None:
    g = Graph()
    logits = g.input("logits", ["T/tp", "experts"], tokens=LOCAL)
    g.op("topk", "moe_topk", [logits], top_k=8)
    typed = g.typed()
    expect(
        g,
        typed,
        "topk:0",
        shape=["T/tp", 8],
        numeric=[256, 8],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )
    expect(
        g,
        typed,
        "topk:1",
        shape=["T/tp", 8],
        numeric=[256, 8],
        tokens=LOCAL,
        features=WHOLE,
        dtype=Dtype.INT32,
        group="tp",
    )


def test_moe_topk_weights_keep_the_logits_dtype() -> None:
    g = Graph()
    logits = g.input("logits", ["T", "experts"], dtype=Dtype.FP32)
    g.op("topk", "moe_topk", [logits], top_k=8)
    typed = g.typed()
    assert typed.value("topk:0").dtype is Dtype.FP32
    assert typed.value("topk:1").dtype is Dtype.INT32


@covers("moe_experts")
def test_moe_experts_return_complete_hidden_states_on_the_tokens_of_x() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    gate = g.op("gate", "moe_gate", [x], experts="experts")
    topk = g.op("topk", "moe_topk", [gate], top_k=8)
    g.op(
        "experts",
        "moe_experts",
        [x, topk, ValueRef("topk", 1)],
        experts="experts",
        top_k=8,
        intermediate="I",
        dispatch="mc2",
        quant="w8a8_dynamic",
    )
    expect(
        g,
        g.typed(),
        "experts",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )


def test_mc2_decode_moe_shapes_of_the_rfc() -> None:
    # RFC §3.8, dp8 tp4, 9 tokens: gate [9, 6144] -> [9, 256], pad [12, 256], slice [3, 256],
    # top-k [3, 8], routed experts [3, 6144]
    g = Graph({"T": 9, "tp": 4, "ep": 32, "H": 6144, "experts": 256})
    x = g.input("x", ["T", "H"])
    gate = g.op("gate", "moe_gate", [x], experts="experts")
    pad = g.op("pad", "pad_tokens", [gate])
    sliced = g.op("slice", "token_slice", [pad])
    topk = g.op("topk", "moe_topk", [sliced], top_k=8)
    xs = g.op("x_slice", "token_slice", [g.op("x_pad", "pad_tokens", [x])])
    g.op(
        "experts",
        "moe_experts",
        [xs, topk, ValueRef("topk", 1)],
        experts="experts",
        top_k=8,
        intermediate=2048,
        dispatch="mc2",
    )
    typed = g.typed()
    shapes = {
        ref: typed.numeric_shape(typed.value(ref))
        for ref in ("gate", "pad", "slice", "topk:0", "experts")
    }
    assert shapes == {
        "gate": (9, 256),
        "pad": (12, 256),
        "slice": (3, 256),
        "topk:0": (3, 8),
        "experts": (3, 6144),
    }


# -- structure -------------------------------------------------------------------------------


@covers("embedding")
def test_vocab_parallel_embedding_is_partial() -> None:
    g = Graph()
    ids = g.input("ids", ["T"], dtype=Dtype.INT64)
    g.op("embed", "embedding", [ids], vocab=129280, hidden="H")
    expect(
        g,
        g.typed(),
        "embed",
        shape=["T", "H"],
        numeric=[4096, 6144],
        tokens=FULL,
        features=PARTIAL,
        group="tp",
    )


def test_replicated_embedding_is_complete() -> None:
    g = Graph()
    ids = g.input("ids", ["T/tp"], tokens=LOCAL, dtype=Dtype.INT32)
    g.op("embed", "embedding", [ids], vocab=129280, hidden="H", parallel="replicated")
    expect(
        g,
        g.typed(),
        "embed",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )


def test_vocab_parallel_embedding_then_reduce_scatter() -> None:
    g = Graph()
    ids = g.input("ids", ["T"], dtype=Dtype.INT64)
    embed = g.op("embed", "embedding", [ids], vocab=129280, hidden="H")
    g.op("rs", "reduce_scatter", [embed])
    expect(
        g,
        g.typed(),
        "rs",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )


@covers("lm_head")
def test_lm_head_is_column_parallel_over_the_vocabulary() -> None:
    g = Graph()
    x = g.input("x", ["T", "H"])
    g.op("lm_head", "lm_head", [x], vocab=129280, hidden="H")
    expect(
        g,
        g.typed(),
        "lm_head",
        shape=["T", "129280/tp"],
        numeric=[4096, 8080],
        tokens=FULL,
        features=SPLIT,
        group="tp",
    )


@covers("region_begin", "region_end", "copy_region")
@pytest.mark.parametrize("kind", ["region_begin", "region_end", "copy_region"])
def test_region_markers_are_identities_on_two_inputs(kind: str) -> None:
    g = Graph()
    hidden = g.input("hidden", ["T/tp", "H"], tokens=LOCAL)
    ids = g.input("ids", ["T", 8], dtype=Dtype.INT32)
    attrs = {"count": 3} if kind == "copy_region" else {"repeat": 78}
    g.op("marker", kind, [hidden, ids], region="layer", **attrs)
    typed = g.typed()
    assert typed.value("marker:0") == typed.value("hidden")
    assert typed.value("marker:1") == typed.value("ids")
    expect(
        g,
        typed,
        "marker:0",
        shape=["T/tp", "H"],
        numeric=[256, 6144],
        tokens=LOCAL,
        features=WHOLE,
        group="tp",
    )
    expect(
        g,
        typed,
        "marker:1",
        shape=["T", 8],
        numeric=[4096, 8],
        tokens=FULL,
        features=WHOLE,
        dtype=Dtype.INT32,
    )
    assert default_registry()[kind].output_count(typed.graph.op("marker")) == 2


# -- symbolic shapes -------------------------------------------------------------------------


def test_shapes_stay_symbolic_without_values() -> None:
    g = Graph({"T": None, "tp": None, "H": None}, tp="tp")
    x = g.input("x", ["T", "H"], features=PARTIAL)
    rs = g.op("rs", "reduce_scatter", [x])
    g.op("up", "linear", [rs], in_features="H", out_features="4*H", parallel="replicated")
    typed = g.typed("indivisible")  # only the divisibility assumption is reported
    value = typed.value("up")
    assert value.shape == (g.e("T/tp"), g.e("4*H"))
    assert typed.numeric_shape(value) == value.shape


# -- the engines' tensor plumbing and fused ops ----------------------------------------------


@covers("view")
def test_view_regroups_per_rank_features_and_keeps_the_rows() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", 64, 256], tokens=LOCAL)
    g.op("flat", "view", [x], rows="T/tp", features=[16384])
    expect(g, g.typed(), "flat", shape=["T/tp", 16384], numeric=[256, 16384], tokens=LOCAL,
           features=WHOLE, group="tp")  # fmt: skip


def test_a_view_that_states_other_rows_than_it_reads_is_the_stale_view() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", 16384], tokens=LOCAL)
    g.op("stale", "view", [x], rows="T", features=[16384])
    typed = interpret(normalize(g.b.build()))
    (found,) = typed.diagnostics
    assert (found.rule, found.op) == ("token-extent", "stale")
    assert "4096 token rows" in found.message and "holds 256" in found.message


@covers("cast", "quantize")
def test_cast_and_quantize_keep_the_layout_and_change_the_dtype() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    g.op("fp32", "cast", [x], dtype="fp32")
    g.op("int8", "quantize", [x])
    typed = g.typed()
    expect(g, typed, "fp32", shape=["T/tp", "H"], numeric=None, tokens=LOCAL, features=WHOLE,
           dtype=Dtype.FP32, group="tp")  # fmt: skip
    expect(g, typed, "int8", shape=["T/tp", "H"], numeric=None, tokens=LOCAL, features=WHOLE,
           dtype=Dtype.INT8, group="tp")  # fmt: skip


@covers("pointwise")
def test_a_mask_keeps_a_pending_sum_and_a_product_broadcasts() -> None:
    g = Graph()
    partial = g.input("p", ["T", "H"], features=PARTIAL)
    mask = g.input("m", ["T", 1])
    gate, up = (
        g.input("gate", ["T", "I/tp"], features=SPLIT),
        g.input("up", ["T", "I/tp"], features=SPLIT),
    )
    g.op("masked", "pointwise", [partial, mask], fn="where", linear=True)
    g.op("swiglu", "pointwise", [gate, up], fn="mul")
    typed = g.typed()
    expect(g, typed, "masked", shape=["T", "H"], numeric=None, tokens=FULL, features=PARTIAL,
           group="tp")  # fmt: skip
    expect(g, typed, "swiglu", shape=["T", "I/tp"], numeric=[4096, 128], tokens=FULL,
           features=SPLIT, group="tp")  # fmt: skip


def test_a_non_linear_pointwise_of_a_pending_sum_is_refused() -> None:
    g = Graph()
    partial = g.input("p", ["T", "H"], features=PARTIAL)
    g.op("squared", "pointwise", [partial, partial], fn="mul")
    assert [d.rule for d in interpret(normalize(g.b.build())).diagnostics] == [
        "partial-into-nonlinear"
    ]


@covers("feature_sum", "feature_split")
def test_feature_sum_and_split() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", 8, "H"], tokens=LOCAL)
    g.op("summed", "feature_sum", [x], axes=[1], features=["H"])
    up = g.input("gate_up", ["T", "2*I/tp"], features=SPLIT)
    g.op("halves", "feature_split", [up], sizes=["I/tp", "I/tp"])
    typed = g.typed()
    expect(g, typed, "summed", shape=["T/tp", "H"], numeric=[256, 6144], tokens=LOCAL,
           features=WHOLE, group="tp")  # fmt: skip
    expect(g, typed, "halves:1", shape=["T", "I/tp"], numeric=[4096, 128], tokens=FULL,
           features=SPLIT, group="tp")  # fmt: skip


def test_a_reduction_inside_each_head_of_split_heads_keeps_them_split() -> None:
    """A gated norm's mean over each head of a head-split [t, heads/tp, d] (Qwen3-Next's
    RMSNormGated after its delta-rule core, vllm/model_executor/layers/layernorm.py:312): each
    rank holds whole heads, so it reduces inside them; across the heads (axis 1) it would
    hold 1/tp of the sum."""
    g = Graph()
    x = g.input("x", ["T", "32/tp", 128], features=SPLIT)
    g.op("mean", "feature_sum", [x], axes=[2], features=["32/tp", 1])
    g.op("max", "feature_max", [x], axes=[2], features=["32/tp", 1])
    typed = g.typed()
    for name in ("mean", "max"):
        expect(g, typed, name, shape=["T", "32/tp", 1], numeric=[4096, 2, 1], tokens=FULL,
               features=SPLIT, group="tp")  # fmt: skip
    across = Graph()
    y = across.input("y", ["T", "32/tp", 128], features=SPLIT)
    across.op("sum", "feature_sum", [y], axes=[1], features=[128])
    across.typed(errors=["incomplete-features"])


@covers("feature_max")
def test_feature_max_keeps_tokens_and_refuses_a_pending_sum_or_split_features() -> None:
    g = Graph()
    scores = g.input("scores", ["T/tp", 8, 32], tokens=LOCAL)
    g.op("best", "feature_max", [scores], axes=[2], features=[8, 1])
    typed = g.typed()
    expect(g, typed, "best", shape=["T/tp", 8, 1], numeric=[256, 8, 1], tokens=LOCAL,
           features=WHOLE, group="tp")  # fmt: skip
    expect(g, typed, "best:1", shape=["T/tp", 8, 1], numeric=[256, 8, 1], tokens=LOCAL,
           features=WHOLE, dtype=Dtype.INT64, group="tp")  # fmt: skip
    # the max of each rank's summand is not the max of the sum; a split row has part of it
    for features, rule in ((PARTIAL, "partial-into-nonlinear"), (SPLIT, "incomplete-features")):
        bad = Graph()
        x = bad.input("x", ["T", "H/tp" if features is SPLIT else "H"], features=features)
        bad.op("m", "feature_max", [x], axes=[1], features=[1])
        bad.typed(errors=[rule])


@covers("per_token")
def test_per_token_keeps_tokens_and_refuses_a_pending_sum_split_features_or_other_tokens() -> None:
    g = Graph()
    scores = g.input("scores", ["T/tp", 8], tokens=LOCAL)
    index = g.input("index", ["T/tp", 2], tokens=LOCAL, dtype=Dtype.INT64)
    g.op("picked", "per_token", [scores, index], fn="gather", features=[2])
    typed = g.typed()
    expect(g, typed, "picked", shape=["T/tp", 2], numeric=[256, 2], tokens=LOCAL,
           features=WHOLE, group="tp")  # fmt: skip
    expect(g, typed, "picked:1", shape=["T/tp", 2], numeric=[256, 2], tokens=LOCAL,
           features=WHOLE, dtype=Dtype.INT64, group="tp")  # fmt: skip
    # a sort of each rank's summand, or of its block of the features, is not the whole's
    for features, rule in ((PARTIAL, "partial-into-nonlinear"), (SPLIT, "incomplete-features")):
        bad = Graph()
        x = bad.input("x", ["T", "H/tp" if features is SPLIT else "H"], features=features)
        bad.op("s", "per_token", [x], fn="sort", features=["H/tp" if features is SPLIT else "H"])
        bad.typed(errors=[rule])
    # an index of all tokens into a rank's own rows pairs other tokens' rows
    mixed = Graph()
    x = mixed.input("x", ["T/tp", 8], tokens=LOCAL)
    full = mixed.input("i", ["T", 2], dtype=Dtype.INT64)
    mixed.op("g", "per_token", [x, full], fn="gather", features=[2])
    mixed.typed(errors=["layout-mismatch"])


@covers("feature_shard")
def test_feature_shard_keeps_the_rank_s_block_of_complete_features_only() -> None:
    g = Graph()
    x = g.input("x", ["T", "H"])
    g.op("mine", "feature_shard", [x], group="tp")
    typed = g.typed()
    expect(g, typed, "mine", shape=["T", "H/tp"], numeric=[4096, 384], tokens=FULL,
           features=SPLIT, group="tp")  # fmt: skip
    # a block of a block, or of each rank's summand, is no rank's part of the value
    for features, rule in ((PARTIAL, "partial-into-nonlinear"), (SPLIT, "incomplete-features")):
        bad = Graph()
        y = bad.input("y", ["T", "H/tp" if features is SPLIT else "H"], features=features)
        bad.op("m", "feature_shard", [y], group="tp")
        bad.typed(errors=[rule])


@covers("opaque")
def test_an_unknown_engine_op_makes_every_result_unknown_and_nothing_below_it_errs() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    full = g.input("y", ["T", "H"])
    g.op("vendor", "opaque", [x, full], target="my_vendor.fused.default", ports=(1, 1))
    # an add of LOCAL and FULL values would be a layout-mismatch; fed by ⊤ it is not judged
    g.op("sum", "add", [ValueRef("vendor", 1), x])
    typed = g.typed()
    assert typed.value("vendor").is_top and typed.value("vendor:1").is_top
    assert typed.value("sum").is_top


@covers("token_select")
def test_token_select_reads_full_tokens_only() -> None:
    g = Graph()
    full = g.input("full", ["T", "H"])
    g.op("last", "token_select", [full], rows=1)
    expect(g, g.typed(), "last", shape=[1, "H"], numeric=[1, 6144], tokens=FULL,
           features=WHOLE, extent="1")  # fmt: skip
    bad = Graph()
    local = bad.input("local", ["T/tp", "H"], tokens=LOCAL)
    bad.op("last", "token_select", [local], rows=1)
    assert [d.rule for d in interpret(normalize(bad.b.build())).diagnostics] == [
        "local-token-select"
    ]
    # one sampled token per request: never more rows than the value holds
    many = Graph()
    many.op("requests", "token_select", [many.input("full", ["T", "H"])], rows="T+1")
    (diagnostic,) = interpret(normalize(many.b.build())).diagnostics
    assert (diagnostic.rule, diagnostic.op) == ("shape-mismatch", "requests")
    assert "4097 rows" in diagnostic.message and "4096 tokens" in diagnostic.message


@covers("feature_gather")
def test_feature_gather_joins_the_vocabulary_shards() -> None:
    g = Graph()
    logits = g.input("logits", ["T", "experts/tp"], features=SPLIT)
    g.op("joined", "feature_gather", [logits])
    expect(g, g.typed(), "joined", shape=["T", "experts"], numeric=[4096, 256], tokens=FULL,
           features=WHOLE)  # fmt: skip


@covers("feature_shard")
def test_feature_shard_keeps_this_rank_s_block_of_complete_features() -> None:
    g = Graph()
    q = g.input("q", ["T", "H"])
    g.op("mine", "feature_shard", [q])
    expect(g, g.typed(), "mine", shape=["T", "H/tp"], numeric=[4096, 384], tokens=FULL,
           features=SPLIT, group="tp")  # fmt: skip
    split = g.input("split", ["T", "H/tp"], features=SPLIT)
    g.op("twice", "feature_shard", [split])
    g.typed(errors=["incomplete-features"])  # its features were this rank's block already


@covers("moe_dispatch", "moe_expert_compute", "moe_combine")
def test_dispatch_experts_and_combine_on_local_tokens() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    ids = g.input("ids", ["T/tp", 8], tokens=LOCAL, dtype=Dtype.INT32)
    routed = g.op("dispatch", "moe_dispatch", [x, ids], top_k=8)
    sent = g.op("a2a", "all_to_all", [routed], send="8*T/tp", receive="8*T/tp")
    done = g.op("experts", "moe_expert_compute", [sent], experts="experts", intermediate="I")
    back = g.op("a2a_back", "all_to_all", [done], send="8*T/tp", receive="8*T/tp")
    g.op("combine", "moe_combine", [back, ids], top_k=8)
    typed = g.typed()
    expect(g, typed, "dispatch", shape=["8*T/tp", "H"], numeric=[2048, 6144], tokens=LOCAL,
           features=WHOLE, extent="8*T", group="tp")  # fmt: skip
    expect(g, typed, "combine", shape=["T/tp", 8, "H"], numeric=[256, 8, 6144], tokens=LOCAL,
           features=WHOLE, group="tp")  # fmt: skip


def test_combine_with_ids_of_other_tokens_names_both_extents() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    ids_full = g.input("ids", ["T", 8], dtype=Dtype.INT32)
    local_ids = g.input("local_ids", ["T/tp", 8], tokens=LOCAL, dtype=Dtype.INT32)
    routed = g.op("dispatch", "moe_dispatch", [x, local_ids], top_k=8)
    g.op("combine", "moe_combine", [routed, ids_full], top_k=8)
    (found,) = interpret(normalize(g.b.build())).diagnostics
    assert (found.rule, found.op) == ("layout-mismatch", "combine")
    assert "[2048, 6144]" in found.message and "32768 rows" in found.message


def test_all_to_all_sending_other_rows_than_held() -> None:
    g = Graph()
    x = g.input("x", ["T/tp", "H"], tokens=LOCAL)
    g.op("a2a", "all_to_all", [x], send="T")
    (found,) = interpret(normalize(g.b.build())).diagnostics
    assert (found.rule, found.op) == (
        "shape-mismatch",
        "a2a",
    ) and "sends 4096 rows" in found.message


@covers("mla_prolog")
@pytest.mark.parametrize(
    ("parallel", "heads", "q_layout"), [("column", 4, SPLIT), ("replicated", 64, WHOLE)]
)
def test_mla_prolog_outputs(parallel: str, heads: int, q_layout: FeatureState) -> None:
    g = Graph()
    h = g.input("h", ["T", "H"])
    cos, sin = g.input("cos", ["T", "d_rope"]), g.input("sin", ["T", "d_rope"])
    g.op("model.layers.0.self_attn.mla_prolog", "mla_prolog", [h, cos, sin], hidden="H",
         heads="heads", q_lora_rank="q_lora", kv_lora_rank="kv_lora", qk_nope_head_dim="d_nope",
         qk_rope_head_dim="d_rope", parallel=parallel)  # fmt: skip
    typed = g.typed()
    q = typed.value("model.layers.0.self_attn.mla_prolog")
    assert typed.numeric_shape(q) == (4096, heads, 256) and q.features is q_layout
    assert typed.numeric_shape(typed.value("model.layers.0.self_attn.mla_prolog:3")) == (4096, 2048)


def test_a_pointwise_of_unequal_widths_is_a_shape_mismatch_not_a_crash() -> None:
    # broadcasting compared a width with the plain number 1, which sympy's comparison refused
    import json
    import tempfile

    from tests.helpers import run

    text = (
        "format: layoutcheck-graph/1\nname: b\nsymbols: {T: 8}\n"
        "inputs:\n  a: {shape: [T, 1024]}\n  b: {shape: [T, 512]}\n"
        "ops:\n  - {name: p, op: pointwise, inputs: [a, b], attrs: {fn: mul}}\n"
    )
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as handle:
        handle.write(text)
    result = run("check", handle.name, "--format", "json")
    assert result.code == 1
    assert [d["rule"] for d in json.loads(result.out)["diagnostics"]] == ["shape-mismatch"]


def test_a_per_head_concat_keeps_split_heads_split() -> None:
    # the rotary embedding's cat of each head's halves: [T, heads/tp, d/2] twice -> [T, heads/tp, d]
    import json
    import tempfile

    from tests.helpers import run

    def graph(heads: str) -> str:
        return (
            "format: layoutcheck-graph/1\nname: c\nsymbols: {T: 8, tp: 2, h: 4, d: 16}\n"
            "inputs:\n"
            f"  a: {{shape: [T, {heads}, d/2], features: split}}\n"
            f"  b: {{shape: [T, {heads}, d/2], features: split}}\n"
            "ops:\n  - {name: c, op: concat, inputs: [a, b]}\noutputs: [c]\n"
        )

    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as handle:
        handle.write(graph("h/tp"))
    ok = run("show", handle.name)
    assert ok.code == 0 and "[T, h/tp, d]" in ok.out.replace(" ", "").replace(",", ", ")
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as flat:
        flat.write(graph("h/tp").replace("[T, h/tp, d/2]", "[T, h*d/(2*tp)]"))
    refused = run("check", flat.name, "--format", "json")
    assert [d["rule"] for d in json.loads(refused.out)["diagnostics"]] == ["incomplete-features"]


# -- computed across a group (ops/distributed.py; the rules in tests/ops/test_distributed.py) --


@covers("distributed_rms_norm")
def test_distributed_rms_norm_keeps_the_split_and_holds_replicated_heads() -> None:
    """GLM sizes, tp 16 over 8 heads of 128: a rank holds one head, on 2 ranks."""
    g = Graph({**GLM, "kv": 8, "d": 128})
    k = g.input("k", ["T", "d"], features=SPLIT)
    g.op("k_norm", "distributed_rms_norm", [k], features=g.e("kv*d"), heads=g.e("kv"))
    expect(
        g, g.typed(), "k_norm", shape=["T", "d"], numeric=[4096, 128], tokens=FULL,
        features=SPLIT, group="tp",
    )  # fmt: skip


@covers("partial_share")
def test_partial_share_makes_a_complete_value_a_pending_sum() -> None:
    g = Graph()
    x = g.input("x", ["T", "H"])
    g.op("share", "partial_share", [x])
    expect(
        g, g.typed(), "share", shape=["T", "H"], numeric=[4096, 6144], tokens=FULL,
        features=PARTIAL, group="tp",
    )  # fmt: skip
