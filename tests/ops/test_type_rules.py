"""Type rules: for every rule id a minimal graph that breaks it and a near-identical one that
does not; one diagnostic per mistake, every mistake reported, and where a wrong layout came from.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest

from layoutcheck.check import check_graph
from layoutcheck.diagnostics import Severity
from layoutcheck.graph import Graph, GraphBuilder, ValueRef
from layoutcheck.graph_io import loads_graph
from layoutcheck.interp import TypedGraph, interpret
from layoutcheck.lattice import Dtype, FeatureState, TokenLayout
from layoutcheck.rules import TYPE_RULES, RuleKind
from layoutcheck.validate import normalize

FULL, LOCAL = TokenLayout.FULL, TokenLayout.LOCAL
WHOLE, SPLIT, PARTIAL = FeatureState.WHOLE, FeatureState.SPLIT, FeatureState.PARTIAL

SIZES: dict[str, int | None] = {
    "T": 4096,
    "tp": 16,
    "ep": 4,
    "H": 64,
    "I": 128,
    "heads": 32,
    "dn": 16,
    "dr": 8,
    "dv": 16,
    "kvl": 32,
    "E": 32,
}
MLA = {
    "heads": "heads",
    "qk_nope_head_dim": "dn",
    "qk_rope_head_dim": "dr",
    "v_head_dim": "dv",
    "kv_lora_rank": "kvl",
}
Q_WIDTH = "heads*(dn+dr)"
KV_WIDTH = "kvl+dr"


class G:
    """A small graph under construction: inputs take expression text for their dims."""

    def __init__(self, **symbols: int | None) -> None:
        self.symbols = {**SIZES, **symbols}
        self.b = GraphBuilder("rule-test", symbols=self.symbols, groups={"tp": "tp", "ep": "ep"})

    def input(
        self,
        name: str,
        shape: Sequence[str | int],
        tokens: TokenLayout = FULL,
        features: FeatureState = WHOLE,
        dtype: Dtype = Dtype.BF16,
    ) -> ValueRef:
        return self.b.input(name, shape, tokens, features, dtype)

    def act(
        self,
        name: str,
        tokens: TokenLayout = FULL,
        features: FeatureState = WHOLE,
        width: str = "H",
    ) -> ValueRef:
        """An activation [t, width] with the rows its layout needs."""
        rows = "T" if tokens is FULL else "T/tp"
        if features is SPLIT:
            width = f"({width})/tp"
        return self.input(name, [rows, width], tokens, features)

    def op(self, name: str, kind: str, inputs: Sequence[ValueRef], **attrs: object) -> ValueRef:
        return self.b.op(name, kind, inputs, **attrs)  # type: ignore[arg-type]

    def graph(self) -> Graph:
        return normalize(self.b.build())


def typed(graph: Graph) -> TypedGraph:
    return interpret(graph)


def found(graph: Graph) -> list[tuple[str, str | None, Severity]]:
    return [(d.rule, d.op, d.severity) for d in interpret(graph).diagnostics]


# -- the paired cases ------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    rule: str
    name: str
    build: Callable[[bool], Graph]  # build(broken) -> graph
    op: str  # where the diagnostic is reported
    severity: Severity

    def __str__(self) -> str:
        return f"{self.rule}:{self.name}"


CASES: list[Case] = []


def case(
    rule: str, op: str, severity: Severity = Severity.ERROR
) -> Callable[[Callable[[bool], Graph]], Callable[[bool], Graph]]:
    def register(build: Callable[[bool], Graph]) -> Callable[[bool], Graph]:
        CASES.append(Case(rule, build.__name__.removeprefix("_"), build, op, severity))
        return build

    return register


# layout-mismatch ----------------------------------------------------------------------------


@case("layout-mismatch", "sum")
def _add_local_and_full(broken: bool) -> Graph:
    g = G()
    hidden = g.act("hidden", LOCAL)
    residual = g.act("residual", FULL if broken else LOCAL)
    g.op("sum", "add", [hidden, residual])
    return g.graph()


@case("layout-mismatch", "sum")
def _add_partial_and_whole(broken: bool) -> Graph:
    g = G()
    a = g.act("a", FULL, PARTIAL)
    b = g.act("b", FULL, WHOLE if broken else PARTIAL)
    g.op("sum", "add", [a, b])
    return g.graph()


@case("layout-mismatch", "sum")
def _add_padded_and_unpadded(broken: bool) -> Graph:
    g = G(T=9, tp=4)
    x = g.act("x")
    padded = g.op("pad", "pad_tokens", [x])
    other = padded if broken else g.op("unpad", "unpad_tokens", [padded])
    g.op("sum", "add", [x, other])
    return g.graph()


@case("layout-mismatch", "norm")
def _add_rms_norm_full_residual_local_hidden(broken: bool) -> Graph:
    g = G()
    hidden = g.act("hidden", LOCAL)
    residual = g.act("residual", FULL if broken else LOCAL)
    g.op("norm", "add_rms_norm", [hidden, residual])
    return g.graph()


@case("layout-mismatch", "cat")
def _concat_local_and_full(broken: bool) -> Graph:
    g = G()
    k_pe = g.act("k_pe", LOCAL, width="dr")
    k_nope = g.act("k_nope", FULL if broken else LOCAL, width="kvl")
    g.op("cat", "concat", [k_pe, k_nope])
    return g.graph()


@case("layout-mismatch", "experts")
def _moe_experts_local_dispatch_full_topk(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL)
    logits = g.act("logits", FULL if broken else LOCAL, width="E")
    topk = g.op("topk", "moe_topk", [logits], top_k=4)
    g.op(
        "experts",
        "moe_experts",
        [x, topk, ValueRef("topk", 1)],
        experts="E",
        top_k=4,
        intermediate="I",
    )
    return g.graph()


@case("layout-mismatch", "attn")
def _sparse_attention_indices_on_other_tokens(broken: bool) -> Graph:
    g = G()
    q = g.act("q", FULL, width=Q_WIDTH)
    kv = g.act("kv", FULL, width=KV_WIDTH)
    idx = g.input(
        "idx", ["T/tp" if broken else "T", 64], LOCAL if broken else FULL, dtype=Dtype.INT32
    )
    g.op("attn", "sparse_attention", [q, kv, idx], topk=64, **MLA)
    return g.graph()


@case("layout-mismatch", "reduce")
def _all_reduce_over_another_group(broken: bool) -> Graph:
    g = G()
    x = g.act("x", FULL, PARTIAL)
    g.op("reduce", "all_reduce", [x], group="ep" if broken else "tp")
    return g.graph()


# token-extent -------------------------------------------------------------------------------


@case("token-extent", "hidden")
def _local_input_declared_with_all_rows(broken: bool) -> Graph:
    g = G()
    hidden = g.input("hidden", ["T" if broken else "T/tp", "H"], LOCAL)
    g.op("norm", "rms_norm", [hidden])
    return g.graph()


@case("token-extent", "hidden")
def _full_input_declared_with_local_rows(broken: bool) -> Graph:
    g = G()
    hidden = g.input("hidden", ["T/tp" if broken else "T", "H"], FULL)
    g.op("norm", "rms_norm", [hidden])
    return g.graph()


@case("token-extent", "pad")
def _pad_of_a_local_value(broken: bool) -> Graph:
    g = G(T=12, tp=4)
    x = g.act("x", LOCAL)
    source = x if broken else g.op("gather", "all_gather", [x])
    g.op("pad", "pad_tokens", [source])
    return g.graph()


# gather-of-full -----------------------------------------------------------------------------


@case("gather-of-full", "gather")
def _gather_of_a_full_value(broken: bool) -> Graph:
    g = G()
    x = g.act("x", FULL if broken else LOCAL)
    g.op("gather", "all_gather", [x])
    return g.graph()


@case("gather-of-full", "model.layers.2.input_gather")
def _gather_of_a_gathered_residual(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL)
    r = g.act("r", LOCAL)
    norm = g.op("model.layers.1.post_attention_layernorm", "add_rms_norm", [x, r])
    residual = ValueRef(norm.op, 1)
    if broken:
        residual = g.op("model.layers.1.gather_residual", "all_gather", [residual])
    norm2 = g.op("model.layers.2.input_layernorm", "rms_norm", [residual])
    g.op("model.layers.2.input_gather", "all_gather", [norm2])
    return g.graph()


# shard-of-local -----------------------------------------------------------------------------


@case("shard-of-local", "rs")
def _reduce_scatter_of_local(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL if broken else FULL, PARTIAL)
    g.op("rs", "reduce_scatter", [x])
    return g.graph()


@case("shard-of-local", "slice")
def _token_slice_of_local(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL if broken else FULL)
    g.op("slice", "token_slice", [x])
    return g.graph()


@case("shard-of-local", "model.layers.0.mlp.shared_experts.reduce")
def _shared_expert_reduce_scatter_on_local_tokens(broken: bool) -> Graph:
    # fixed: the shared expert replicated on the local tokens, no reduction (an all_reduce of
    # its L·P would be a cross-token-reduction)
    g = G()
    act = g.act("act", LOCAL, SPLIT if broken else WHOLE, width="I")
    down = g.op(
        "model.layers.0.mlp.shared_experts.down_proj",
        "linear",
        [act],
        in_features="I",
        out_features="H",
        parallel="row" if broken else "replicated",
    )
    if broken:
        g.op("model.layers.0.mlp.shared_experts.reduce", "reduce_scatter", [down])
    return g.graph()


# cross-token-reduction ----------------------------------------------------------------------


@case("cross-token-reduction", "model.layers.0.mlp.down_proj.all_reduce")
def _dense_mlp_weight_tp_under_sequence_parallelism(broken: bool) -> Graph:
    # vLLM-Ascend PR 16804: the dense MLP kept weight-TP on the LOCAL tokens of SP (its column
    # half, which also warns local-feature-split, is the input here); fixed, on FULL tokens
    g = G()
    act = g.act("act", LOCAL if broken else FULL, SPLIT, width="I")
    down = g.op(
        "model.layers.0.mlp.down_proj",
        "linear",
        [act],
        in_features="I",
        out_features="H",
        parallel="row",
    )
    g.op("model.layers.0.mlp.down_proj.all_reduce", "all_reduce", [down])
    return g.graph()


@case("cross-token-reduction", "ar")
def _all_reduce_of_a_local_pending_sum(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL if broken else FULL, PARTIAL)
    g.op("ar", "all_reduce", [x])
    return g.graph()


# non-sum-reduction-of-partial ---------------------------------------------------------------


@case("non-sum-reduction-of-partial", "ar")
def _avg_all_reduce_of_a_pending_sum(broken: bool) -> Graph:
    # vLLM PR 33088: an avg all-reduce left the outputs tp times off
    g = G()
    x = g.act("x", FULL, PARTIAL)
    g.op("ar", "all_reduce", [x], reduce="avg" if broken else "sum")
    return g.graph()


@case("non-sum-reduction-of-partial", "rs")
def _max_reduce_scatter_of_a_pending_sum(broken: bool) -> Graph:
    g = G()
    x = g.act("x", FULL, PARTIAL)
    g.op("rs", "reduce_scatter", [x], **({"reduce": "max"} if broken else {}))
    return g.graph()


# feature-scatter ----------------------------------------------------------------------------


@case("feature-scatter", "down_rs")
def _fused_matmul_reduce_scatter_of_a_feature_dim(broken: bool) -> Graph:
    # PyTorch PR 153595: fused_scaled_matmul_reduce_scatter with scatter_dim=1
    g = G()
    act = g.act("act", FULL, SPLIT, width="I")
    g.op(
        "down_rs",
        "matmul_reduce_scatter",
        [act],
        in_features="I",
        out_features="H",
        dim="1" if broken else "0",
    )
    return g.graph()


# reduce-of-complete -------------------------------------------------------------------------


@case("reduce-of-complete", "reduce")
def _all_reduce_of_whole(broken: bool) -> Graph:
    g = G()
    x = g.act("x", FULL, WHOLE if broken else PARTIAL)
    g.op("reduce", "all_reduce", [x])
    return g.graph()


@case("reduce-of-complete", "rs")
def _reduce_scatter_of_whole(broken: bool) -> Graph:
    g = G()
    x = g.act("x", FULL, WHOLE if broken else PARTIAL)
    g.op("rs", "reduce_scatter", [x])
    return g.graph()


@case("reduce-of-complete", "o_proj_ar")
def _all_reduce_after_replicated_o_proj(broken: bool) -> Graph:
    g = G()
    x = g.act("attn", FULL, WHOLE if broken else SPLIT, width="heads*dv")
    o_proj = g.op(
        "o_proj",
        "linear",
        [x],
        in_features="heads*dv",
        out_features="H",
        parallel="replicated" if broken else "row",
    )
    g.op("o_proj_ar", "all_reduce", [o_proj])
    return g.graph()


@case("reduce-of-complete", "second")
def _double_all_reduce(broken: bool) -> Graph:
    g = G()
    x = g.act("x", FULL, PARTIAL)
    first = g.op("first", "all_reduce", [x])
    g.op("second", "all_reduce" if broken else "rms_norm", [first])
    return g.graph()


# partial-into-nonlinear ---------------------------------------------------------------------


def _partial_into(kind: str, op_name: str = "op", **attrs: object) -> Callable[[bool], Graph]:
    def build(broken: bool) -> Graph:
        g = G()
        x = g.act("x", FULL, PARTIAL)
        source = x if broken else g.op("reduce", "all_reduce", [x])
        g.op(op_name, kind, [source], **attrs)
        return g.graph()

    build.__name__ = f"_partial_into_{kind}"
    return build


for _kind, _attrs in [
    ("rms_norm", {}),
    ("layer_norm", {}),
    ("activation", {"fn": "silu"}),
    ("rope", {}),
    ("moe_gate", {"experts": "E"}),
    ("linear", {"in_features": "H", "out_features": "H", "parallel": "column"}),
]:
    case("partial-into-nonlinear", "op")(_partial_into(_kind, **_attrs))


@case("partial-into-nonlinear", "topk")
def _partial_logits_into_topk(broken: bool) -> Graph:
    g = G()
    logits = g.act("logits", FULL, PARTIAL if broken else WHOLE, width="E")
    g.op("topk", "moe_topk", [logits], top_k=4)
    return g.graph()


@case("partial-into-nonlinear", "attn")
def _partial_query_into_attention(broken: bool) -> Graph:
    g = G()
    q = g.act("q", FULL, PARTIAL if broken else WHOLE, width=Q_WIDTH)
    kv = g.act("kv", FULL, width=KV_WIDTH)
    g.op("attn", "mla_attention", [q, kv], **MLA)
    return g.graph()


@case("partial-into-nonlinear", "norm")
def _norm_before_the_row_parallel_reduction(broken: bool) -> Graph:
    g = G()
    x = g.act("x", FULL, SPLIT, width="I")
    down = g.op("down", "linear", [x], in_features="I", out_features="H", parallel="row")
    if broken:
        g.op("norm", "rms_norm", [down])
    else:
        g.op("norm", "rms_norm", [g.op("reduce", "all_reduce", [down])])
    return g.graph()


@case("partial-into-nonlinear", "gather")
def _gather_of_a_pending_sum(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL, PARTIAL if broken else WHOLE)
    g.op("gather", "all_gather", [x])
    return g.graph()


# norm-of-split and incomplete-features --------------------------------------------------------


def _split_into(kind: str, op_name: str = "op", **attrs: object) -> Callable[[bool], Graph]:
    def build(broken: bool) -> Graph:
        g = G()
        x = g.act("x", FULL, SPLIT if broken else WHOLE)
        g.op(op_name, kind, [x], **attrs)
        return g.graph()

    build.__name__ = f"_split_into_{kind}"
    return build


case("norm-of-split", "op")(_split_into("rms_norm"))
case("norm-of-split", "op")(_split_into("layer_norm"))
for _kind, _attrs in [
    ("moe_gate", {"experts": "E"}),
    ("linear", {"in_features": "H", "out_features": "H", "parallel": "replicated"}),
    ("split", {"sizes": ["H/2", "H/2"]}),
]:
    case("incomplete-features", "op")(_split_into(_kind, **_attrs))


@case("norm-of-split", "norm")
def _add_rms_norm_of_split(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL, SPLIT if broken else WHOLE)
    r = g.act("r", LOCAL, SPLIT if broken else WHOLE)
    g.op("norm", "add_rms_norm", [x, r])
    return g.graph()


@case("incomplete-features", "cat")
def _concat_of_split(broken: bool) -> Graph:
    g = G()
    a = g.act("a", FULL, SPLIT if broken else WHOLE)
    b = g.act("b", FULL, SPLIT if broken else WHOLE)
    g.op("cat", "concat", [a, b])
    return g.graph()


@case("incomplete-features", "idx")
def _split_query_into_the_indexer(broken: bool) -> Graph:
    g = G()
    q_c = g.act("q_c", FULL, SPLIT if broken else WHOLE, width="I")
    k = g.act("k", FULL, width="128")
    g.op("idx", "dsa_indexer", [q_c, k], index_n_heads=4, index_head_dim=128, topk=64)
    return g.graph()


# local-kv-into-attention --------------------------------------------------------------------


@case("local-kv-into-attention", "attn")
def _local_kv_into_mla(broken: bool) -> Graph:
    g = G()
    q = g.act("q", FULL, width=Q_WIDTH)
    kv = g.act("kv", LOCAL if broken else FULL, width=KV_WIDTH)
    g.op("attn", "mla_attention", [q, kv], **MLA)
    return g.graph()


@case("local-kv-into-attention", "attn")
def _local_kv_into_sparse_attention(broken: bool) -> Graph:
    g = G()
    q = g.act("q", LOCAL, width=Q_WIDTH)
    kv = g.act("kv", LOCAL if broken else FULL, width=KV_WIDTH)
    idx = g.input("idx", ["T/tp", 64], LOCAL, dtype=Dtype.INT32)
    g.op("attn", "sparse_attention", [q, kv, idx], topk=64, **MLA)
    return g.graph()


@case("local-kv-into-attention", "idx")
def _local_hidden_into_the_indexer(broken: bool) -> Graph:
    g = G()
    q_c = g.act("q_c", FULL, width="I")
    x = g.act("x", LOCAL if broken else FULL)
    g.op("idx", "dsa_indexer", [q_c, x], index_n_heads=4, index_head_dim=128, topk=64, hidden="H")
    return g.graph()


def _local_side_into_gqa(side: str) -> Callable[[bool], Graph]:
    def build(broken: bool) -> Graph:
        g = G(heads=8, kv_heads=2, d=16)
        q = g.act("q", FULL, width="heads*d")
        k = g.act("k", LOCAL if broken and side == "k" else FULL, width="kv_heads*d")
        v = g.act("v", LOCAL if broken and side == "v" else FULL, width="kv_heads*d")
        g.op("attn", "attention", [q, k, v], heads="heads", kv_heads="kv_heads", head_dim="d")
        return g.graph()

    build.__name__ = f"_local_{side}_into_gqa"
    return build


case("local-kv-into-attention", "attn")(_local_side_into_gqa("k"))
case("local-kv-into-attention", "attn")(_local_side_into_gqa("v"))


# local-tokens-into-recurrence ----------------------------------------------------------------


@case("local-tokens-into-recurrence", "mixer")
def _local_tokens_into_a_mamba_scan(broken: bool) -> Graph:
    """Mamba-2's core on this rank's heads (falcon_h1.py:119): after a reduce-scatter its
    tokens are LOCAL, and the scan would restart at each rank's first row."""
    g = G(heads=16, d=64)  # B and C of one group, replicated to each rank's heads (tp=16)
    width = "2*heads*d + 2*tp*64 + heads"
    x = g.act("x", LOCAL if broken else FULL, SPLIT, width=width)
    g.op(
        "mixer", "recurrent_mixer", [x], in_features=width, heads="heads", head_dim="d",
        state=64, conv_width="heads*d + 2*tp*64", conv_kernel=4, update="selective",
    )  # fmt: skip
    return g.graph()


# shape-mismatch -----------------------------------------------------------------------------


@case("shape-mismatch", "up")
def _linear_in_features_disagree(broken: bool) -> Graph:
    g = G()
    x = g.act("x", FULL)
    g.op(
        "up",
        "linear",
        [x],
        in_features="2*H" if broken else "H",
        out_features="I",
        parallel="column",
    )
    return g.graph()


@case("shape-mismatch", "down")
def _row_parallel_linear_of_whole_features(broken: bool) -> Graph:
    g = G()
    x = g.act("x", FULL, WHOLE if broken else SPLIT, width="I")
    g.op("down", "linear", [x], in_features="I", out_features="H", parallel="row")
    return g.graph()


@case("shape-mismatch", "sum")
def _add_of_different_widths(broken: bool) -> Graph:
    g = G()
    a = g.act("a")
    b = g.act("b", width="2*H" if broken else "H")
    g.op("sum", "add", [a, b])
    return g.graph()


@case("shape-mismatch", "parts")
def _split_sizes_do_not_add_up(broken: bool) -> Graph:
    g = G()
    x = g.act("x", width=KV_WIDTH)
    g.op("parts", "split", [x], sizes=["kvl", "dr + 1" if broken else "dr"])
    return g.graph()


@case("shape-mismatch", "flat")
def _reshape_product_differs(broken: bool) -> Graph:
    g = G()
    x = g.input("x", ["T", "heads", "dv"])
    g.op("flat", "reshape", [x], features=["heads*dr" if broken else "heads*dv"])
    return g.graph()


@case("shape-mismatch", "topk")
def _topk_picks_more_than_there_are(broken: bool) -> Graph:
    g = G()
    logits = g.act("logits", width="E")
    g.op("topk", "moe_topk", [logits], top_k="2*E" if broken else "E")
    return g.graph()


@case("shape-mismatch", "act")
def _swiglu_of_an_odd_width(broken: bool) -> Graph:
    g = G()
    x = g.act("x", width="H + 1" if broken else "H")
    g.op("act", "activation", [x], fn="swiglu")
    return g.graph()


@case("shape-mismatch", "attn")
def _latent_kv_of_the_wrong_width(broken: bool) -> Graph:
    g = G()
    q = g.act("q", width=Q_WIDTH)
    kv = g.act("kv", width="kvl" if broken else KV_WIDTH)
    g.op("attn", "mla_attention", [q, kv], **MLA)
    return g.graph()


@case("shape-mismatch", "idx")
def _indexer_key_of_the_wrong_width(broken: bool) -> Graph:
    g = G()
    q_c = g.act("q_c", width="I")
    k = g.act("k", width="64" if broken else "128")
    g.op("idx", "dsa_indexer", [q_c, k], index_n_heads=4, index_head_dim=128, topk=64)
    return g.graph()


@case("shape-mismatch", "experts")
def _experts_top_k_disagrees_with_the_ids(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL)
    logits = g.act("logits", LOCAL, width="E")
    topk = g.op("topk", "moe_topk", [logits], top_k=4)
    g.op(
        "experts",
        "moe_experts",
        [x, topk, ValueRef("topk", 1)],
        experts="E",
        top_k=8 if broken else 4,
        intermediate="I",
    )
    return g.graph()


@case("shape-mismatch", "experts")
def _router_sized_for_other_experts(broken: bool) -> Graph:
    """The gate and the experts both state the expert count: ids from 2·E logits address
    experts that do not exist (the simulator finds ids out of range)."""
    g = G()
    x = g.act("x", LOCAL)
    logits = g.op("gate", "moe_gate", [x], experts="2*E" if broken else "E")
    topk = g.op("topk", "moe_topk", [logits], top_k=4)
    g.op(
        "experts",
        "moe_experts",
        [x, topk, ValueRef("topk", 1)],
        experts="E",
        top_k=4,
        intermediate="I",
    )
    return g.graph()


@case("shape-mismatch", "experts")
def _router_width_seen_through_a_gather(broken: bool) -> Graph:
    # the ids' range survives the collectives and layout ops between top-k and the experts
    g = G()
    x = g.act("x", LOCAL)
    logits = g.op("gate", "moe_gate", [x], experts="E/2" if broken else "E")
    topk = g.op("topk", "moe_topk", [logits], top_k=4)
    weights = g.op("gw", "all_gather", [topk])
    ids = g.op("gi", "all_gather", [ValueRef("topk", 1)])
    full = g.op("gx", "all_gather", [x])
    g.op("experts", "moe_experts", [full, weights, ids], experts="E", top_k=4, intermediate="I")
    return g.graph()


@case("shape-mismatch", "attn")
def _sparse_attention_topk_disagrees_with_the_indexer(broken: bool) -> Graph:
    g = G()
    q = g.act("q", FULL, width=Q_WIDTH)
    kv = g.act("kv", FULL, width=KV_WIDTH)
    q_c = g.act("q_c", FULL, width="64")
    k = g.act("k", FULL, width="128")
    idx = g.op("indexer", "dsa_indexer", [q_c, k], index_n_heads=4, index_head_dim=128, topk=64)
    g.op("attn", "sparse_attention", [q, kv, idx], topk=32 if broken else 64, **MLA)
    return g.graph()


# dtype-mismatch -----------------------------------------------------------------------------


@case("dtype-mismatch", "experts")
def _swapped_topk_outputs(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL)
    logits = g.act("logits", LOCAL, width="E")
    topk = g.op("topk", "moe_topk", [logits], top_k=4)
    weights, ids = ValueRef("topk", 0), ValueRef("topk", 1)
    g.op(
        "experts",
        "moe_experts",
        [x, *((ids, weights) if broken else (weights, ids))],
        experts="E",
        top_k=4,
        intermediate="I",
    )
    assert topk == weights
    return g.graph()


@case("dtype-mismatch", "attn")
def _float_key_indices(broken: bool) -> Graph:
    g = G()
    q = g.act("q", FULL, width=Q_WIDTH)
    kv = g.act("kv", FULL, width=KV_WIDTH)
    idx = g.input("idx", ["T", 64], dtype=Dtype.BF16 if broken else Dtype.INT32)
    g.op("attn", "sparse_attention", [q, kv, idx], topk=64, **MLA)
    return g.graph()


@case("dtype-mismatch", "attn")
def _indexer_output_as_indices(broken: bool) -> Graph:
    # the indexer's output is int32 indices; feeding the attention its query instead is caught
    g = G()
    q = g.act("q", FULL, width=Q_WIDTH)
    kv = g.act("kv", FULL, width=KV_WIDTH)
    q_c = g.act("q_c", FULL, width="64")
    k = g.act("k", FULL, width="128")
    idx = g.op("indexer", "dsa_indexer", [q_c, k], index_n_heads=4, index_head_dim=128, topk=64)
    g.op("attn", "sparse_attention", [q, kv, q_c if broken else idx], topk=64, **MLA)
    return g.graph()


# indivisible --------------------------------------------------------------------------------


@case("indivisible", "slice")
def _token_slice_of_4095_over_16(broken: bool) -> Graph:
    g = G(T=4095 if broken else 4096, tp=16)
    x = g.act("x")
    g.op("slice", "token_slice", [x])
    return g.graph()


@case("indivisible", "slice")
def _token_slice_of_4095_over_16_after_padding(broken: bool) -> Graph:
    g = G(T=4095, tp=16)
    x = g.act("x")
    g.op("slice", "token_slice", [x if broken else g.op("pad", "pad_tokens", [x])])
    return g.graph()


@case("indivisible", "rs")
def _reduce_scatter_of_4095_over_16(broken: bool) -> Graph:
    g = G(T=4095 if broken else 4096, tp=16)
    x = g.act("x", FULL, PARTIAL)
    g.op("rs", "reduce_scatter", [x])
    return g.graph()


@case("indivisible", "attn")
def _heads_not_divisible_by_tp(broken: bool) -> Graph:
    g = G(heads=24 if broken else 32, tp=16)
    q = g.act("q", FULL, SPLIT, width=Q_WIDTH)
    kv = g.act("kv", width=KV_WIDTH)
    g.op("attn", "mla_attention", [q, kv], **MLA)
    return g.graph()


# local-feature-split (a warning) ------------------------------------------------------------


@case("local-feature-split", "up", Severity.WARNING)
def _column_linear_on_local_tokens(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL)
    g.op(
        "up",
        "linear",
        [x],
        in_features="H",
        out_features="2*I",
        parallel="column" if broken else "replicated",
    )
    return g.graph()


@case("local-feature-split", "up", Severity.WARNING)
def _column_linear_on_tokens_local_over_the_same_group(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL)
    g.op(
        "up",
        "linear",
        [x],
        in_features="H",
        out_features="2*I",
        parallel="column",
        group="tp" if broken else "ep",
    )
    return g.graph()


@case("local-feature-split", "embed", Severity.WARNING)
def _vocab_parallel_embedding_of_local_ids(broken: bool) -> Graph:
    g = G()
    ids = g.input("ids", ["T/tp"], LOCAL, dtype=Dtype.INT32)
    g.op(
        "embed",
        "embedding",
        [ids],
        vocab=1024,
        hidden="H",
        parallel="vocab" if broken else "replicated",
    )
    return g.graph()


@case("local-token-select", "lm_head")
def _lm_head_on_local_tokens(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL)
    source = x if broken else g.op("gather", "all_gather", [x])
    g.op("lm_head", "lm_head", [source], vocab=1024, hidden="H")
    return g.graph()


CASE_IDS = [str(c) for c in CASES]


def test_every_type_rule_has_a_case() -> None:
    from layoutcheck.rules import REQUEST_RULES  # graph-level: tests/test_requests.py has theirs

    rules = {rule.id for rule in TYPE_RULES if rule.kind is RuleKind.TYPE}
    rules -= {rule.id for rule in REQUEST_RULES}
    assert {c.rule for c in CASES} == rules
    # and both an error and a fix for each: every rule has a broken and a clean graph
    assert all(c.build(True) != c.build(False) for c in CASES)


def test_case_names_are_unique() -> None:
    assert len(set(CASE_IDS)) == len(CASE_IDS)


@pytest.mark.parametrize("c", CASES, ids=CASE_IDS)
def test_broken_graph_gives_exactly_its_diagnostic(c: Case) -> None:
    assert found(c.build(True)) == [(c.rule, c.op, c.severity)]


def test_rule_severities_match_their_documentation() -> None:
    documented = {rule.id: rule.severity for rule in TYPE_RULES}
    for c in CASES:
        assert documented[c.rule] is c.severity, c


@pytest.mark.parametrize("c", CASES, ids=CASE_IDS)
def test_fixed_graph_is_clean(c: Case) -> None:
    assert found(c.build(False)) == []


@pytest.mark.parametrize("c", CASES, ids=CASE_IDS)
def test_report_of_a_broken_graph(c: Case) -> None:
    report = check_graph(c.build(True))
    assert report.rules() == {c.rule}
    errors = [d.rule for d in report.errors]
    warnings = [d.rule for d in report.warnings]
    assert (errors, warnings) == (
        ([c.rule], []) if c.severity is Severity.ERROR else ([], [c.rule])
    )
    assert report.ok is (c.severity is Severity.WARNING)
    assert all(d.message and d.hint for d in report.diagnostics)


# -- one mistake, one diagnostic -------------------------------------------------------------


def _chain_after_a_mistake() -> Graph:
    g = G()
    hidden = g.act("hidden", LOCAL)
    residual = g.act("residual", FULL)
    norm = g.op("norm", "add_rms_norm", [hidden, residual])  # the mistake
    # every op below is right for the layout the norm expected (its first operand's, LOCAL)
    gathered = g.op("gather", "all_gather", [norm])
    g.op("q_norm", "rms_norm", [gathered])
    g.op("residual_out", "add", [ValueRef("norm", 1), hidden])
    return g.graph()


def test_after_an_error_checking_goes_on_with_the_layout_the_rule_expected() -> None:
    graph = _chain_after_a_mistake()
    result = typed(graph)
    assert [(d.rule, d.op) for d in result.diagnostics] == [("layout-mismatch", "norm")]
    # the add_rms_norm of two operands of the first one's layout: both outputs LOCAL
    assert [result.value(f"norm:{port}").layout for port in (0, 1)] == ["L·W", "L·W"]
    for name in ("gather", "q_norm", "residual_out"):
        assert not result.value(name).is_top, name
    assert result.value("gather").tokens is FULL


def test_an_op_wrong_for_the_recovered_layout_is_an_error_of_its_own() -> None:
    g = G()
    hidden = g.act("hidden", LOCAL)
    norm = g.op("norm", "add_rms_norm", [hidden, g.act("residual", FULL)])
    g.op("slice", "token_slice", [norm])  # a LOCAL value sliced again
    assert [(d.rule, d.op) for d in typed(g.graph()).diagnostics] == [
        ("layout-mismatch", "norm"),
        ("shard-of-local", "slice"),
    ]


def test_only_where_no_layout_makes_sense_an_error_leaves_top() -> None:
    g = G()
    bad = g.input("hidden", ["T", "H"], LOCAL)  # token-extent: no rows to go on with
    g.op("norm", "rms_norm", [bad])
    result = typed(g.graph())
    assert [(d.rule, d.op) for d in result.diagnostics] == [("token-extent", "hidden")]
    assert result.value("norm").is_top


def test_two_independent_mistakes_give_two_errors() -> None:
    g = G()
    x = g.act("x")
    g.op("gather", "all_gather", [x])  # gather-of-full
    p = g.act("p", FULL, PARTIAL)
    g.op("norm", "rms_norm", [p])  # partial-into-nonlinear
    g.op("fine", "all_reduce", [p])
    report = check_graph(g.graph())
    assert sorted((d.rule, d.op) for d in report.errors) == [
        ("gather-of-full", "gather"),
        ("partial-into-nonlinear", "norm"),
    ]


def test_the_same_mistake_in_every_layer_is_reported_in_every_layer() -> None:
    # the interpreter types identical ops once; the diagnostics must still name each op
    g = G()
    for layer in range(3):
        x = g.act(f"x{layer}")
        g.op(f"model.layers.{layer}.gather", "all_gather", [x])
    report = check_graph(g.graph())
    assert [(d.rule, d.op, d.layer) for d in report.errors] == [
        ("gather-of-full", f"model.layers.{layer}.gather", layer) for layer in range(3)
    ]


def test_a_region_marker_does_not_hide_a_mistake_on_another_value() -> None:
    # region markers are identities on each value they carry: a TOP hidden state must not make
    # the residual it carries alongside TOP, or a second, independent mistake goes unreported
    g = G()
    hidden = g.input("hidden", ["T", "H"], LOCAL)  # token-extent: declared with all rows
    residual = g.act("residual", LOCAL)
    begin = g.op("model.layers.1.begin", "region_begin", [hidden, residual], region="layer")
    gathered = g.op("model.layers.1.gather_residual", "all_gather", [ValueRef(begin.op, 1)])
    g.op("model.layers.1.gather_again", "all_gather", [gathered])  # gather-of-full
    report = check_graph(g.graph())
    assert sorted((d.rule, d.op) for d in report.errors) == [
        ("gather-of-full", "model.layers.1.gather_again"),
        ("token-extent", "hidden"),
    ]


def test_a_warning_does_not_stop_checking_downstream() -> None:
    g = G(T=None)
    x = g.act("x")
    sliced = g.op("slice", "token_slice", [x])  # warning: T % tp unknown
    g.op("again", "token_slice", [sliced])  # shard-of-local
    result = typed(g.graph())
    assert [(d.rule, d.severity, d.op) for d in result.diagnostics] == [
        ("indivisible", Severity.WARNING, "slice"),
        ("shard-of-local", Severity.ERROR, "again"),
    ]
    assert not result.value("slice").is_top


# -- indivisible: error, warning, padding ----------------------------------------------------


def test_indivisible_error_names_the_numbers() -> None:
    [diagnostic] = typed(_token_slice_of_4095_over_16(True)).diagnostics
    assert diagnostic.severity is Severity.ERROR
    assert "4095" in diagnostic.message
    assert "16" in diagnostic.message
    assert "pad_tokens" in diagnostic.hint


@pytest.mark.parametrize("kind", ["token_slice", "reduce_scatter"])
@pytest.mark.parametrize(
    "symbols", [{"T": None}, {"T": None, "tp": None}, {"tp": None}], ids=["T", "T-tp", "tp"]
)
def test_indivisible_is_a_warning_naming_the_assumption(
    kind: str, symbols: dict[str, int | None]
) -> None:
    g = G(**symbols)
    x = g.act("x", FULL, PARTIAL if kind == "reduce_scatter" else WHOLE)
    g.op("op", kind, [x])
    report = check_graph(g.graph())
    assert report.errors == ()
    [warning] = report.warnings
    assert (warning.rule, warning.op, warning.severity) == ("indivisible", "op", Severity.WARNING)
    assert "T % tp == 0" in warning.message + " " + warning.hint
    assert report.ok


@pytest.mark.parametrize("symbols", [{"T": None}, {"T": 4095}, {"T": 9, "tp": 4}])
def test_padding_first_makes_the_slice_pass(symbols: dict[str, int | None]) -> None:
    g = G(**symbols)
    x = g.act("x")
    padded = g.op("pad", "pad_tokens", [x])
    sliced = g.op("slice", "token_slice", [padded])
    gathered = g.op("gather", "all_gather", [sliced])
    unpadded = g.op("unpad", "unpad_tokens", [gathered])
    g.op("sum", "add", [x, unpadded])
    report = check_graph(g.graph())
    assert report.diagnostics == ()


@pytest.mark.parametrize(("tokens", "ok"), [(9, False), (12, True)])
def test_a_local_input_needs_tp_to_divide_the_tokens(tokens: int, ok: bool) -> None:
    # declaring x LOCAL over tp 4 with 9 tokens says each rank holds 9/4 rows: the same mistake
    # as token-slicing 9 tokens over 4 ranks
    g = G(T=tokens, tp=4)
    g.op("gather", "all_gather", [g.act("x", LOCAL)])
    report = check_graph(g.graph())
    if ok:
        assert report.diagnostics == ()
    else:
        assert [(d.op, d.severity) for d in report.diagnostics] == [("x", Severity.ERROR)]
        assert report.rules() <= {"indivisible", "token-extent"}


@pytest.mark.parametrize("tokens", [4095, 4096, 4097, 4112])
def test_slicing_needs_padding_exactly_when_tp_does_not_divide(tokens: int) -> None:
    g = G(T=tokens, tp=16)
    g.op("slice", "token_slice", [g.act("x")])
    assert ("indivisible" in check_graph(g.graph()).rules()) == (tokens % 16 != 0)


# -- where a wrong layout came from ----------------------------------------------------------


def test_origin_note_names_the_op_that_made_the_value_full() -> None:
    [diagnostic] = typed(_gather_of_a_gathered_residual(True)).diagnostics
    assert diagnostic.rule == "gather-of-full"
    assert len(diagnostic.notes) == 1
    assert "model.layers.1.gather_residual" in diagnostic.notes[0]
    assert "FULL" in diagnostic.notes[0]


def test_origin_note_of_a_local_input() -> None:
    [diagnostic] = typed(_local_kv_into_mla(True)).diagnostics
    assert any("graph input kv" in note for note in diagnostic.notes)


def test_origin_notes_of_a_layout_mismatch_name_both_sides() -> None:
    g = G()
    x = g.act("x", LOCAL)
    r = g.act("r", LOCAL)
    norm = g.op("norm", "add_rms_norm", [x, r])
    gathered = g.op("restore", "all_gather", [norm])
    g.op("sum", "add", [ValueRef("norm", 1), gathered])
    [diagnostic] = typed(g.graph()).diagnostics
    assert diagnostic.rule == "layout-mismatch"
    notes = " | ".join(diagnostic.notes)
    assert "restore" in notes
    assert "graph input x" in notes


def test_origin_passes_through_ops_that_keep_the_token_layout() -> None:
    g = G()
    x = g.act("x", LOCAL)
    gathered = g.op("model.layers.3.gather", "all_gather", [x])
    normed = g.op("norm", "rms_norm", [gathered])
    rope = g.op("rope", "rope", [normed])
    result = typed(g.graph())
    assert result.origins[rope] == "model.layers.3.gather"
    assert result.origins[ValueRef("x")] == "graph input x"


def test_diagnostics_carry_the_file_line_and_layer() -> None:
    text = (
        "format: layoutcheck-graph/1\n"
        "symbols: {T: 4096, tp: 16, H: 64}\n"
        "inputs:\n"
        "  x: {shape: [T, H]}\n"
        "ops:\n"
        "  - name: model.layers.7.norm\n"
        "    op: rms_norm\n"
        "    inputs: [x]\n"
        "  - name: model.layers.7.gather\n"
        "    op: all_gather\n"
        "    inputs: [model.layers.7.norm]\n"
    )
    [diagnostic] = typed(loads_graph(text)).diagnostics
    assert (diagnostic.rule, diagnostic.op, diagnostic.line, diagnostic.layer) == (
        "gather-of-full",
        "model.layers.7.gather",
        9,
        7,
    )
    assert diagnostic.context is not None and "all_gather" in diagnostic.context
    assert "65536" in diagnostic.message  # 4096 rows would become 4096·16


# -- the wording of two diagnostics that misled ----------------------------------------------


def test_a_reduction_of_complete_local_rows_says_they_are_different_tokens() -> None:
    g = G()
    g.op("reduce", "all_reduce", [g.act("x", LOCAL)])
    (local,) = typed(g.graph()).diagnostics
    assert local.rule == "reduce-of-complete"
    assert "different tokens" in local.message and "times too large" not in local.message
    g = G()
    g.op("reduce", "all_reduce", [g.act("x", FULL)])
    (full,) = typed(g.graph()).diagnostics
    assert "16 times too large" in full.message


def test_a_gather_of_full_help_does_not_presume_a_residual() -> None:
    # a duplicated MoE finalize gather: no norm and no residual anywhere near it
    g = G()
    once = g.op("finalize", "all_gather", [g.act("experts_out", LOCAL)])
    g.op("finalize_again", "all_gather", [once])
    (diagnostic,) = typed(g.graph()).diagnostics
    assert diagnostic.rule == "gather-of-full" and "residual" not in diagnostic.hint
