"""The simulator's concrete semantics, op by op, at small sizes: collectives really move data
between ranks, layout ops keep the global token position of every row, parallel linears
assemble to one matmul, rope and causal attention use global positions, MoE routes by ids, and
a graph that cannot run fails with a SimError naming the op (never a crash)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np
import pytest

from layoutcheck.graph import Graph, GraphBuilder, ValueRef
from layoutcheck.graph_io import load_graph
from layoutcheck.lattice import Dtype, FeatureState, TokenLayout
from layoutcheck.sim import Held, SimError, Simulation, simulate
from layoutcheck.symbols import Expr, parse_expr
from layoutcheck.validate import normalize
from tests.helpers import GRAPHS

FULL, LOCAL = TokenLayout.FULL, TokenLayout.LOCAL
WHOLE, SPLIT, PARTIAL = FeatureState.WHOLE, FeatureState.SPLIT, FeatureState.PARTIAL
SPECS = GRAPHS  # the example graphs

Build = Callable[[GraphBuilder], None]
NAMES = frozenset(
    {"T", "tp", "ep", "H", "I", "O", "D", "heads", "d_nope", "d_rope", "d_v", "kv_lora"}
    | {"experts", "top_k", "moe_I"}
)


def shape(*dims: str) -> list[Expr]:
    """Input dims as graph-file expressions (``T/tp``), through the real parser."""
    return [parse_expr(dim, NAMES) for dim in dims]


def make(
    symbols: Mapping[str, int | None], body: Build, groups: Mapping[str, str] | None = None
) -> Graph:
    builder = GraphBuilder("sim-test", symbols=dict(symbols), groups=groups or {"tp": "tp"})
    body(builder)
    return normalize(builder.build())


def run(graph: Graph, inputs: Mapping[str, np.ndarray] | None = None, **kw: object) -> Simulation:
    sim = simulate(graph, inputs=inputs, **kw)  # type: ignore[arg-type]
    assert sim.failure is None, f"unexpected failure: {sim.failure}"
    return sim


def held(sim: Simulation, ref: str) -> Held:
    value = sim.held(ref)
    assert value is not None, ref
    return value


def rows(n: int, width: int) -> np.ndarray:
    """Distinct rows: row i is i*100 + column, so a misplaced row is visible."""
    return np.arange(n)[:, None] * 100.0 + np.arange(width)[None, :]


# -- collectives ------------------------------------------------------------------------------


def _gather_graph(b: GraphBuilder) -> None:
    x = b.input("x", shape("T/tp", "H"), LOCAL)
    b.output(b.op("g", "all_gather", [x]))


def test_local_input_holds_row_block_r_and_all_gather_concatenates_in_rank_order() -> None:
    data = rows(8, 3)
    sim = run(make({"T": 8, "tp": 4, "H": 3}, _gather_graph), {"x": data})
    assert sim.ranks == 4
    x = held(sim, "x")
    for r in range(4):
        np.testing.assert_array_equal(x.arrays[r], data[2 * r : 2 * r + 2])
        np.testing.assert_array_equal(x.positions[r], [2 * r, 2 * r + 1])
    g = held(sim, "g")
    for r in range(4):
        np.testing.assert_array_equal(g.arrays[r], data)  # blocks 0, 1, 2, 3 in that order
        np.testing.assert_array_equal(g.positions[r], np.arange(8))


def _row_parallel(reduce: str) -> Build:
    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "I/tp"), FULL, SPLIT)
        y = b.op("proj", "linear", [x], in_features="I", out_features="H", parallel="row")
        b.output(b.op("reduce", reduce, [y]))

    return body


def _partials(sim: Simulation) -> np.ndarray:
    return np.stack(held(sim, "proj").arrays)


def test_all_reduce_sums_the_ranks_partials() -> None:
    data = np.random.default_rng(1).standard_normal((8, 8))
    sim = run(make({"T": 8, "tp": 4, "H": 6, "I": 8}, _row_parallel("all_reduce")), {"x": data})
    partials = _partials(sim)
    assert not np.allclose(partials[0], partials[1])  # really different partial sums
    total = partials.sum(axis=0)
    single = run(make({"T": 8, "tp": 1, "H": 6, "I": 8}, _row_parallel("all_reduce")), {"x": data})
    np.testing.assert_allclose(total, held(single, "reduce").arrays[0], atol=1e-12)
    for r in range(4):
        np.testing.assert_allclose(held(sim, "reduce").arrays[r], total, atol=1e-12)


def test_reduce_scatter_sums_then_keeps_row_block_r() -> None:
    data = np.random.default_rng(2).standard_normal((8, 8))
    sim = run(make({"T": 8, "tp": 4, "H": 6, "I": 8}, _row_parallel("reduce_scatter")), {"x": data})
    total = _partials(sim).sum(axis=0)
    out = held(sim, "reduce")
    for r in range(4):
        np.testing.assert_allclose(out.arrays[r], total[2 * r : 2 * r + 2], atol=1e-12)
        np.testing.assert_array_equal(out.positions[r], [2 * r, 2 * r + 1])


def test_reduce_scatter_then_all_gather_is_all_reduce() -> None:
    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "I/tp"), FULL, SPLIT)
        y = b.op("proj", "linear", [x], in_features="I", out_features="H", parallel="row")
        ar = b.op("ar", "all_reduce", [y])
        rs = b.op("rs", "reduce_scatter", [y])
        b.output(ar, b.op("ag", "all_gather", [rs]))

    sim = run(make({"T": 8, "tp": 2, "H": 4, "I": 4}, body))
    for r in range(2):
        np.testing.assert_allclose(held(sim, "ag").arrays[r], held(sim, "ar").arrays[r])


# -- token layout ops -----------------------------------------------------------------------


def test_token_slice_keeps_global_positions() -> None:
    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "H"))
        b.output(b.op("s", "token_slice", [x]))

    data = rows(8, 2)
    sim = run(make({"T": 8, "tp": 4, "H": 2}, body), {"x": data})
    s = held(sim, "s")
    for r in range(4):
        np.testing.assert_array_equal(s.arrays[r], data[2 * r : 2 * r + 2])
        np.testing.assert_array_equal(s.positions[r], [2 * r, 2 * r + 1])


def test_pad_slice_gather_unpad_round_trip_with_nine_tokens_on_four_ranks() -> None:
    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "H"))
        padded = b.op("pad", "pad_tokens", [x])
        sliced = b.op("slice", "token_slice", [padded])
        gathered = b.op("gather", "all_gather", [sliced])
        b.output(b.op("unpad", "unpad_tokens", [gathered]))

    data = rows(9, 2)
    sim = run(make({"T": 9, "tp": 4, "H": 2}, body), {"x": data})
    pad = held(sim, "pad")
    for r in range(4):
        assert pad.arrays[r].shape == (12, 2)
        np.testing.assert_array_equal(pad.arrays[r][:9], data)
        np.testing.assert_array_equal(pad.arrays[r][9:], 0.0)
        np.testing.assert_array_equal(pad.positions[r], [*range(9), -1, -1, -1])
    sliced = held(sim, "slice")
    expected = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [-1, -1, -1]]  # rank 3 holds only padding
    for r in range(4):
        np.testing.assert_array_equal(sliced.positions[r], expected[r])
    unpad = held(sim, "unpad")
    for r in range(4):
        np.testing.assert_array_equal(unpad.arrays[r], data)
        np.testing.assert_array_equal(unpad.positions[r], np.arange(9))


def test_pad_of_a_divisible_extent_adds_nothing() -> None:
    def body(b: GraphBuilder) -> None:
        b.output(b.op("pad", "pad_tokens", [b.input("x", shape("T", "H"))]))

    sim = run(make({"T": 8, "tp": 4, "H": 2}, body))
    assert all(a.shape == (8, 2) for a in held(sim, "pad").arrays)


# -- linears ---------------------------------------------------------------------------------

EYE = {"T": 8, "H": 8, "O": 12}


def _linear(parallel: str, features: FeatureState = WHOLE) -> Build:
    def body(b: GraphBuilder) -> None:
        width = "H/tp" if features is SPLIT else "H"
        x = b.input("x", shape("T", width), FULL, features)
        b.output(b.op("proj", "linear", [x], in_features="H", out_features="O", parallel=parallel))

    return body


def _weight(tp: int = 4) -> np.ndarray:
    """The weight of the module named ``proj``: a replicated linear applied to the identity."""
    sim = run(make({**EYE, "tp": tp}, _linear("replicated")), {"x": np.eye(8)})
    out = held(sim, "proj")
    for r in range(1, tp):
        np.testing.assert_array_equal(out.arrays[r], out.arrays[0])  # replicated: identical
    return out.arrays[0]


def test_column_linear_assembles_to_one_matmul() -> None:
    weight = _weight()
    x = np.random.default_rng(3).standard_normal((8, 8))
    sim = run(make({**EYE, "tp": 4}, _linear("column")), {"x": x})
    blocks = held(sim, "proj").arrays
    assert all(block.shape == (8, 3) for block in blocks)
    np.testing.assert_allclose(np.concatenate(blocks, axis=1), x @ weight, atol=1e-12)


def test_row_linear_partials_sum_to_one_matmul() -> None:
    weight = _weight()
    x = np.random.default_rng(4).standard_normal((8, 8))
    sim = run(make({**EYE, "tp": 4}, _linear("row", SPLIT)), {"x": x})
    parts = held(sim, "proj").arrays
    for r in range(4):  # rank r: its feature block of x times its row block of the weight
        np.testing.assert_allclose(parts[r], x[:, 2 * r : 2 * r + 2] @ weight[2 * r : 2 * r + 2])
    np.testing.assert_allclose(sum(parts), x @ weight, atol=1e-12)


def test_weights_are_keyed_by_op_name_and_seed() -> None:
    np.testing.assert_array_equal(_weight(tp=4), _weight(tp=2))  # same name: same weight

    def renamed(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "H"))
        b.output(
            b.op("other", "linear", [x], in_features="H", out_features="O", parallel="replicated")
        )

    other = run(make({**EYE, "tp": 1}, renamed), {"x": np.eye(8)})
    assert not np.allclose(held(other, "other").arrays[0], _weight())
    reseeded = run(make({**EYE, "tp": 1}, _linear("replicated")), {"x": np.eye(8)}, seed=1)
    assert not np.allclose(held(reseeded, "proj").arrays[0], _weight())

    def with_more_ops(b: GraphBuilder) -> None:  # an extra op does not shift the weights
        x = b.input("x", shape("T", "H"))
        n = b.op("norm", "rms_norm", [x])
        b.op("side", "linear", [n], in_features="H", out_features="O", parallel="replicated")
        b.output(
            b.op("proj", "linear", [x], in_features="H", out_features="O", parallel="replicated")
        )

    more = run(make({**EYE, "tp": 1}, with_more_ops), {"x": np.eye(8)})
    np.testing.assert_array_equal(held(more, "proj").arrays[0], _weight())


def _mlp(b: GraphBuilder) -> None:
    x = b.input("x", shape("T", "H"))
    gate_up = b.op(
        "mlp.gate_up_proj", "linear", [x], in_features="H", out_features="2*I", parallel="column"
    )
    act = b.op("mlp.act_fn", "activation", [gate_up], fn="swiglu")
    down = b.op("mlp.down_proj", "linear", [act], in_features="I", out_features="H", parallel="row")
    b.output(b.op("mlp.all_reduce", "all_reduce", [down]))


def test_swiglu_of_column_blocks_is_the_block_of_the_whole() -> None:
    x = np.random.default_rng(5).standard_normal((6, 8))
    sizes = {"T": 6, "H": 8, "I": 8}
    single = run(make({**sizes, "tp": 1}, _mlp), {"x": x})
    sim = run(make({**sizes, "tp": 4}, _mlp), {"x": x})
    y = held(single, "mlp.gate_up_proj").arrays[0]
    whole = y[:, 0::2] / (1 + np.exp(-y[:, 0::2])) * y[:, 1::2]  # interleaved silu(gate)·up
    np.testing.assert_allclose(held(single, "mlp.act_fn").arrays[0], whole, atol=1e-12)
    blocks = held(sim, "mlp.act_fn").arrays
    assert all(block.shape == (6, 2) for block in blocks)
    np.testing.assert_allclose(np.concatenate(blocks, axis=1), whole, atol=1e-12)
    for r in range(4):
        np.testing.assert_allclose(
            held(sim, "mlp.all_reduce").arrays[r],
            held(single, "mlp.all_reduce").arrays[0],
            atol=1e-12,
        )


# -- rope and attention ------------------------------------------------------------------------


def test_rope_of_a_local_slice_is_the_slice_of_the_full_rope() -> None:
    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "D"))
        full = b.op("rope_full", "rope", [x])
        sliced = b.op("slice", "token_slice", [x])
        b.output(full, b.op("rope_local", "rope", [sliced]))

    x = np.random.default_rng(6).standard_normal((8, 4))
    sim = run(make({"T": 8, "tp": 4, "D": 4}, body), {"x": x})
    full = held(sim, "rope_full").arrays[0]
    np.testing.assert_allclose(full[0], x[0])  # position 0: no rotation
    assert not np.allclose(full[1:], x[1:])  # every later position rotates
    local = held(sim, "rope_local")
    for r in range(4):
        np.testing.assert_allclose(local.arrays[r], full[2 * r : 2 * r + 2], atol=1e-12)
    # rank 1's first row is token 2, not token 0: a rope by local row index would leave it as is
    assert not np.allclose(local.arrays[1][0], x[2])


MLA_SIZES = {"T": 8, "tp": 4, "heads": 2, "d_nope": 4, "d_rope": 2, "d_v": 3, "kv_lora": 4}
MLA_ATTRS = {
    "heads": "heads",
    "qk_nope_head_dim": "d_nope",
    "qk_rope_head_dim": "d_rope",
    "v_head_dim": "d_v",
    "kv_lora_rank": "kv_lora",
}


def _attention(local_queries: bool) -> Build:
    def body(b: GraphBuilder) -> None:
        q = b.input("q", shape("T", "heads*(d_nope+d_rope)"))
        kv = b.input("kv", shape("T", "kv_lora+d_rope"))
        if local_queries:
            q = b.op("q_slice", "token_slice", [q])
        b.output(b.op("attn", "mla_attention", [q, kv], **MLA_ATTRS))

    return body


def _qkv(seed: int = 7) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {"q": rng.standard_normal((8, 12)), "kv": rng.standard_normal((8, 6))}


def test_causal_attention_local_queries_give_the_rows_of_full_queries() -> None:
    inputs = _qkv()
    full = run(make(MLA_SIZES, _attention(False)), inputs)
    local = run(make(MLA_SIZES, _attention(True)), inputs)
    whole = held(full, "attn").arrays[0]
    assert whole.shape == (8, 2, 3)
    for r in range(4):
        assert held(local, "attn").arrays[r].shape == (2, 2, 3)
        np.testing.assert_allclose(
            held(local, "attn").arrays[r], whole[2 * r : 2 * r + 2], atol=1e-12
        )


def test_attention_is_causal() -> None:
    inputs = _qkv()
    base = held(run(make(MLA_SIZES, _attention(False)), inputs), "attn").arrays[0]
    changed = dict(inputs)
    changed["kv"] = inputs["kv"].copy()
    changed["kv"][5] += 1.0  # a later key: rows 0..4 cannot see it
    after = held(run(make(MLA_SIZES, _attention(False)), changed), "attn").arrays[0]
    np.testing.assert_allclose(after[:5], base[:5], atol=1e-12)
    assert not np.allclose(after[5:], base[5:])


def test_attention_over_local_keys_is_not_the_full_result() -> None:
    """The reason kv must be FULL: rank r's queries would see only its own keys."""

    def body(b: GraphBuilder) -> None:
        q = b.op("q_slice", "token_slice", [b.input("q", shape("T", "heads*(d_nope+d_rope)"))])
        kv = b.op("kv_slice", "token_slice", [b.input("kv", shape("T", "kv_lora+d_rope"))])
        b.output(b.op("attn", "mla_attention", [q, kv], **MLA_ATTRS))

    inputs = _qkv()
    whole = held(run(make(MLA_SIZES, _attention(False)), inputs), "attn").arrays[0]
    local = held(run(make(MLA_SIZES, body), inputs), "attn")
    np.testing.assert_allclose(local.arrays[0], whole[0:2], atol=1e-12)  # rank 0 sees all it needs
    assert not np.allclose(local.arrays[3], whole[6:8])


# -- MoE -----------------------------------------------------------------------------------------

MOE_SIZES = {"T": 4, "tp": 2, "H": 4, "experts": 4, "top_k": 2, "moe_I": 4}


def _experts(tokens: TokenLayout = FULL) -> Build:
    def body(b: GraphBuilder) -> None:
        t = "T/tp" if tokens is LOCAL else "T"
        x = b.input("x", shape(t, "H"), tokens)
        w = b.input("w", shape(t, "top_k"), tokens)
        ids = b.input("ids", shape(t, "top_k"), tokens, dtype=Dtype.INT32)
        out = b.op(
            "experts",
            "moe_experts",
            [x, w, ids],
            experts="experts",
            top_k="top_k",
            intermediate="moe_I",
            group="tp",
        )
        b.output(out)

    return body


def _route(
    ids: list[list[int]], weights: list[list[float]], tokens: TokenLayout = FULL
) -> np.ndarray:
    x = np.random.default_rng(8).standard_normal((4, 4))
    inputs = {"x": x, "w": np.array(weights, dtype=float), "ids": np.array(ids, dtype=float)}
    sim = run(make(MOE_SIZES, _experts(tokens)), inputs)
    return (
        np.concatenate(held(sim, "experts").arrays)
        if tokens is LOCAL
        else held(sim, "experts").arrays[0]
    )


def test_moe_experts_route_by_ids_and_weigh_by_weights() -> None:
    only_a = _route([[0, 1]] * 4, [[1.0, 0.0]] * 4)
    only_b = _route([[1, 0]] * 4, [[1.0, 0.0]] * 4)
    assert not np.allclose(only_a, only_b)  # different experts, different weights
    mixed = _route([[0, 1]] * 4, [[0.3, 0.7]] * 4)
    np.testing.assert_allclose(mixed, 0.3 * only_a + 0.7 * only_b, atol=1e-12)
    swapped = _route([[1, 0]] * 4, [[0.7, 0.3]] * 4)  # the slot order does not matter
    np.testing.assert_allclose(swapped, mixed, atol=1e-12)
    per_token = _route([[0, 1], [1, 0], [0, 1], [1, 0]], [[1.0, 0.0]] * 4)
    np.testing.assert_allclose(per_token[[0, 2]], only_a[[0, 2]], atol=1e-12)
    np.testing.assert_allclose(per_token[[1, 3]], only_b[[1, 3]], atol=1e-12)


def test_moe_experts_on_local_tokens_give_the_rows_of_the_full_result() -> None:
    ids, weights = (
        [[0, 3], [2, 1], [1, 1], [3, 0]],
        [[0.6, 0.4], [0.5, 0.5], [0.2, 0.8], [0.9, 0.1]],
    )
    np.testing.assert_allclose(_route(ids, weights, LOCAL), _route(ids, weights), atol=1e-12)


def test_topk_picks_the_largest_logits_with_softmax_weights() -> None:
    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "H"))
        logits = b.op("gate", "moe_gate", [x], experts="experts")
        b.output(b.op("topk", "moe_topk", [logits], top_k="top_k"))

    sim = run(make(MOE_SIZES, body))
    logits = held(sim, "gate").arrays[0]
    weights, ids = held(sim, "topk").arrays[0], held(sim, "topk:1").arrays[0]
    expected = np.argsort(-logits, axis=1)[:, :2]
    np.testing.assert_array_equal(ids, expected)
    chosen = np.take_along_axis(logits, expected, axis=1)
    soft = np.exp(chosen) / np.exp(chosen).sum(axis=1, keepdims=True)
    np.testing.assert_allclose(weights, soft, atol=1e-12)


# -- graphs that cannot run: a SimError naming the op --------------------------------------------


def failure(graph: Graph, symbols: Mapping[str, int] | None = None) -> SimError:
    sim = simulate(graph, symbols)
    assert isinstance(sim.failure, SimError), "expected the simulation to fail"
    return sim.failure


def test_token_slice_of_nine_rows_over_four_ranks() -> None:
    def body(b: GraphBuilder) -> None:
        b.output(b.op("model.layers.0.bad_slice", "token_slice", [b.input("x", shape("T", "H"))]))

    error = failure(make({"T": 9, "tp": 4, "H": 2}, body))
    assert error.op == "model.layers.0.bad_slice"
    assert "9" in error.message and "4 ranks" in error.message
    assert str(error).startswith("model.layers.0.bad_slice: ")


def test_local_dispatch_with_full_topk_ids_fails_at_the_experts() -> None:
    """specs/graphs/bugs/tensorcast-sp-local-dispatch-full-topk.yaml at small sizes."""
    graph = load_graph(SPECS / "bugs" / "tensorcast-sp-local-dispatch-full-topk.yaml")
    small = {"T": 32, "tp": 4, "ep": 4, "H": 16, "experts": 8, "top_k": 2, "moe_I": 8}
    error = failure(graph, small)
    assert error.op == "model.layers.5.mlp.experts"
    assert "8 token rows" in error.message and "32 rows of expert ids" in error.message


def test_a_recurrent_mixer_cannot_be_executed_and_says_so() -> None:
    """No kernel computes a Mamba or delta-rule recurrence: the run stops at the mixer as
    "cannot execute" (never unsound), where the catalogue without a kernel refused to start."""

    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "H/tp"), features=SPLIT)
        sizes = {"in_features": "H", "heads": "H", "head_dim": 1, "state": 2}
        convolution = {"conv_width": "H", "conv_kernel": 2, "update": "selective"}
        b.output(b.op("model.layers.0.mamba", "recurrent_mixer", [x], **sizes, **convolution))

    error = failure(make({"T": 4, "tp": 2, "H": 4}, body))
    assert error.op == "model.layers.0.mamba"
    assert "no kernel for a recurrence along the tokens" in error.message


def test_a_group_larger_than_the_simulated_ranks() -> None:
    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T/tp", "H"), LOCAL)
        b.output(b.op("wide_gather", "all_gather", [x], group="ep"))

    graph = make({"T": 8, "tp": 4, "ep": 8, "H": 2}, body, groups={"tp": "tp", "ep": "ep"})
    error = failure(graph)
    assert error.op == "wide_gather"
    assert "group ep has 8 ranks" in error.message and "4" in error.message
    # the same graph with ep = tp runs
    assert simulate(graph, {"ep": 4}).failure is None


@pytest.mark.parametrize(
    ("missing", "where"),
    [("T", "x"), ("O", "proj")],
    ids=["input-shape", "op-attr"],
)
def test_missing_symbol_values(missing: str, where: str) -> None:
    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "H"))
        b.output(
            b.op("proj", "linear", [x], in_features="H", out_features="O", parallel="replicated")
        )

    sizes: dict[str, int | None] = {"T": 4, "tp": 2, "H": 2, "O": 2}
    sizes[missing] = None
    error = failure(make(sizes, body))
    assert error.op == where
    assert "no numeric value" in error.message and "--set" in error.message
    assert simulate(make(sizes, body), {missing: 3}).failure is None


def test_an_unknown_symbol_override_is_refused() -> None:
    graph = make({"T": 8, "tp": 4, "H": 3}, _gather_graph)
    with pytest.raises(ValueError, match="no symbol 'nope'"):
        simulate(graph, {"nope": 1})


def test_a_failure_keeps_the_values_computed_before_it() -> None:
    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "H"))
        n = b.op("norm", "rms_norm", [x])
        b.output(b.op("bad_slice", "token_slice", [n]))

    sim = simulate(make({"T": 9, "tp": 4, "H": 2}, body))
    assert sim.failure is not None and sim.failure.op == "bad_slice"
    assert sim.held("norm") is not None and sim.held("bad_slice") is None
    assert isinstance(sim.held(ValueRef("norm")), Held)


def test_a_kind_without_a_kernel_is_refused_before_running() -> None:
    import attrs

    from layoutcheck.ops import FAMILIES, Registry, RegistryError
    from layoutcheck.sim import kernels_for

    rope = next(spec for family in FAMILIES for spec in family if spec.kind == "rope")
    extra = Registry.from_families([*FAMILIES, (attrs.evolve(rope, kind="my_rope"),)])
    with pytest.raises(RegistryError, match="'my_rope' has no simulator kernel"):
        kernels_for(extra)
    given = Registry.from_families(
        [*FAMILIES, (attrs.evolve(rope, kind="my_rope"),)], kernels={"my_rope": lambda *a: a}
    )
    assert "my_rope" in kernels_for(given)


def _norm_of(kind: str, local: bool) -> Build:
    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "H"))
        if local:
            x = b.op("slice", "token_slice", [x])
        b.output(b.op("model.norm", kind, [x]))

    return body


def test_layer_norm_is_per_row_and_ignores_a_row_s_offset() -> None:
    """A layer norm subtracts each row's mean (an rms_norm does not): shifting a row by a
    constant leaves its output unchanged, and a LOCAL slice's output is the slice's rows."""
    sizes = {"T": 8, "tp": 4, "H": 6}
    x = np.random.default_rng(8).standard_normal((8, 6))
    shifted = x + np.arange(8.0)[:, None] * 3.0

    def norm(kind: str, data: np.ndarray, local: bool = False) -> Held:
        return held(run(make(sizes, _norm_of(kind, local)), {"x": data}), "model.norm")

    full = norm("layer_norm", x).arrays[0]
    np.testing.assert_allclose(norm("layer_norm", shifted).arrays[0], full, atol=1e-9)
    assert not np.allclose(norm("rms_norm", shifted).arrays[0], norm("rms_norm", x).arrays[0])
    local = norm("layer_norm", x, local=True)
    for r in range(4):
        np.testing.assert_allclose(local.arrays[r], full[2 * r : 2 * r + 2], atol=1e-12)
    assert not np.allclose(full, norm("rms_norm", x).arrays[0])  # a bias and a mean: not rms


def test_a_per_token_top_k_of_a_local_slice_is_the_slice_of_the_full_one() -> None:
    """per_token is a function of each row's own features: on LOCAL rows it gives those rows
    of the function over every token (values and indices)."""

    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "H"))
        s = b.op("s", "token_slice", [x])
        b.output(b.op("t", "per_token", [s], fn="topk", features=[2]))

    data = rows(8, 3)
    sim = run(make({"T": 8, "tp": 4, "H": 3}, body), {"x": data})
    values, where = held(sim, "t"), held(sim, "t:1")
    best = np.argsort(-data, axis=1, kind="stable")[:, :2]
    for r in range(4):
        np.testing.assert_array_equal(where.arrays[r], best[2 * r : 2 * r + 2])
        picked = np.take_along_axis(data, best, axis=1)[2 * r : 2 * r + 2]
        np.testing.assert_array_equal(values.arrays[r], picked)


def test_feature_max_of_a_local_slice_is_the_slice_of_the_full_max() -> None:
    """The max over each token's features is per row: on LOCAL rows it gives those rows of the
    max over every token, and its indices say where each row's max is."""

    def body(b: GraphBuilder) -> None:
        x = b.input("x", shape("T", "H"))
        s = b.op("s", "token_slice", [x])
        b.output(b.op("m", "feature_max", [s], axes=[1], features=[1]))

    data = rows(8, 3)[:, ::-1].copy()  # each row's largest value is in column 0
    sim = run(make({"T": 8, "tp": 4, "H": 3}, body), {"x": data})
    values, where = held(sim, "m"), held(sim, "m:1")
    for r in range(4):
        np.testing.assert_array_equal(
            values.arrays[r], data.max(axis=1, keepdims=True)[2 * r : 2 * r + 2]
        )
        np.testing.assert_array_equal(where.arrays[r], [[0], [0]])
        np.testing.assert_array_equal(values.positions[r], [2 * r, 2 * r + 1])
