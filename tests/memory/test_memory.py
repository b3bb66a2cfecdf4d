"""Static weight memory (``layoutcheck.memory``): the bytes of each quant type's tensors on a
small hand-built graph, the W8A8 recipe's FLOAT exceptions, DSA-CP replication (``disable_tp``),
derived W_UK_T / W_UV, layer-sharding windows, repetition graphs, KV-cache sizes and
quant_model_description files. Parameter counts: ``test_parameters.py``; TensorCast's
accounting: ``test_tensorcast.py``.

References: ``engine-notes.md`` (quantization description, DSA-CP weights) and the RFC §1, §3.5,
§3.7. Expected values are written out here from the model dimensions (plain arithmetic over the
checkpoint's tensor list), not read back from the implementation.

The bugs found while writing this file (row-parallel scales, static-W8A8 expert stacks, real
description files, negative token counts) are fixed; their tests now assert the right figures.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
import sympy

from layoutcheck.graph import Graph, GraphBuilder
from layoutcheck.interp import interpret
from layoutcheck.lattice import Dtype, TokenLayout
from layoutcheck.memory import (
    CATEGORIES,
    Item,
    LayerSharding,
    MemoryError_,
    Sharding,
    account,
    description_data,
    inventory,
    kv_bytes_per_token,
    kv_bytes_per_token_all_layers,
    load_description,
    numeric,
    parameters,
    recipe_description,
    summary,
)
from layoutcheck.models import BuiltModel, Execution, ParallelConfig, Phase, build_model
from layoutcheck.models.config import ModelSpec, load_config, model_spec
from layoutcheck.passes.repetition import fold
from layoutcheck.quant import QuantDescription, QuantError
from layoutcheck.symbols import symbol
from layoutcheck.validate import normalize

GIB = 2**30
A3_HBM = 64 * GIB  # a3-752t: 64 GiB per die (engine-notes.md)

# GLM-5.1 (specs/models/glm-5.1.json)
H, HEADS, Q_LORA, KV_LORA = 6144, 64, 2048, 512
D_NOPE, D_ROPE, D_V = 192, 64, 256
IDX_HEADS, IDX_DIM = 32, 128
EXPERTS, MOE_I, DENSE_I, VOCAB = 256, 2048, 12288, 154880
LAYERS, DENSE_LAYERS = 78, 3
MOE_LAYERS = LAYERS - DENSE_LAYERS

O_PROJ = H * HEADS * D_V  # elements of o_proj [H, heads·d_v]
Q_B_PROJ = HEADS * (D_NOPE + D_ROPE) * Q_LORA
KV_B_PROJ = HEADS * (D_NOPE + D_V) * KV_LORA


def spec_of(name: str) -> ModelSpec:
    config, short, where = load_config(name)
    return model_spec(config, short, where)


def values_of(graph: Graph) -> dict[str, int]:
    return {name: value for name, value in graph.symbols if value is not None}


def total(graph: Graph, items: Sequence[Item], extra: Mapping[str, int] | None = None) -> float:
    values = {**values_of(graph), **(extra or {})}
    return sum(numeric(item.bytes, values) for item in items)


def bytes_where(graph: Graph, items: Sequence[Item], keep: Callable[[Item], bool]) -> float:
    return total(graph, [item for item in items if keep(item)])


def per_category(graph: Graph, items: Sequence[Item]) -> dict[str, float]:
    found: dict[str, float] = {}
    for item in items:
        found[item.category] = found.get(item.category, 0.0) + numeric(item.bytes, values_of(graph))
    return found


# -- models, built once per module -------------------------------------------------------------

PREFILL = Execution(Phase.PREFILL, 4096)


@pytest.fixture(scope="module")
def dsa_cp() -> BuiltModel:
    """GLM-5.1 tp4·dp8·ep32 with sequence parallelism: DSA-CP (replicated q_b/kv_b/o_proj)."""
    return build_model(
        "glm-5.1", ParallelConfig(tp=4, dp=8, ep=32), PREFILL, sequence_parallel=True
    )


@pytest.fixture(scope="module")
def plain_tp() -> BuiltModel:
    """The same sizes without sequence parallelism: plain TP sharding everywhere."""
    return build_model("glm-5.1", ParallelConfig(tp=4, dp=8, ep=32), PREFILL)


@pytest.fixture(scope="module")
def dsa_cp_w8a8(dsa_cp: BuiltModel) -> QuantDescription:
    return recipe_description(dsa_cp.graph, "w8a8")


@pytest.fixture(scope="module")
def engine_items(dsa_cp: BuiltModel, dsa_cp_w8a8: QuantDescription) -> list[Item]:
    return account(dsa_cp.graph, dsa_cp_w8a8, accounting="engine")


@pytest.fixture(scope="module")
def checkpoint_items(dsa_cp: BuiltModel, dsa_cp_w8a8: QuantDescription) -> list[Item]:
    return account(dsa_cp.graph, dsa_cp_w8a8, accounting="checkpoint")


# -- bytes per quant type on a small graph -----------------------------------------------------

SMALL = {"T": 8, "H": 64, "Q": 128, "I": 96, "E": 8, "MI": 32, "V": 256}


def small_graph(tp: int = 4, ep: int = 2) -> Graph:
    """Layer 0: column q_proj, row o_proj, a dense MLP (merged gate_up_proj). Layer 1: a
    replicated q_a_proj, a replicated (disable_tp) o_proj, the router and 8 routed experts."""
    b = GraphBuilder(
        "small", symbols={**SMALL, "tp": tp, "ep": ep}, groups={"tp": "tp", "ep": "ep"}
    )
    ids = b.input("input_ids", ["T"], TokenLayout.FULL, dtype=Dtype.INT32)
    x = b.op("model.embed_tokens", "embedding", [ids], vocab="V", hidden="H", parallel="vocab")
    x = b.op("model.embed_tokens.all_reduce", "all_reduce", [x])
    p = "model.layers.0"
    n = b.op(f"{p}.input_layernorm", "rms_norm", [x])
    q = b.op(
        f"{p}.self_attn.q_proj", "linear", [n], in_features="H", out_features="Q",
        parallel="column",
    )  # fmt: skip
    o = b.op(
        f"{p}.self_attn.o_proj", "linear", [q], in_features="Q", out_features="H", parallel="row"
    )
    x = b.op(f"{p}.self_attn.o_proj.all_reduce", "all_reduce", [o])
    gu = b.op(
        f"{p}.mlp.gate_up_proj", "linear", [x], in_features="H", out_features="2*I",
        parallel="column",
    )  # fmt: skip
    act = b.op(f"{p}.mlp.act_fn", "activation", [gu], fn="swiglu")
    down = b.op(
        f"{p}.mlp.down_proj", "linear", [act], in_features="I", out_features="H", parallel="row"
    )
    x = b.op(f"{p}.mlp.all_reduce", "all_reduce", [down])
    p = "model.layers.1"
    n = b.op(f"{p}.input_layernorm", "rms_norm", [x])
    qa = b.op(
        f"{p}.self_attn.q_a_proj", "linear", [n], in_features="H", out_features="Q",
        parallel="replicated",
    )  # fmt: skip
    x = b.op(
        f"{p}.self_attn.o_proj", "linear", [qa], in_features="Q", out_features="H",
        parallel="replicated",
    )  # fmt: skip
    logits = b.op(f"{p}.mlp.gate", "moe_gate", [x], experts="E")
    topk = b.op(f"{p}.mlp.topk", "moe_topk", [logits], top_k=2)
    x = b.op(
        f"{p}.mlp.experts", "moe_experts", [x, topk, b.out(topk, 1)], experts="E", top_k=2,
        intermediate="MI", group="ep",
    )  # fmt: skip
    b.output(b.op("lm_head", "lm_head", [x], vocab="V", hidden="H"))
    graph = normalize(b.build())
    assert not [d for d in interpret(graph).diagnostics if d.is_error]
    return graph


# module → (out, in, how the rank holds it); HF [out, in] layout
S = SMALL
LINEARS = {
    "model.layers.0.self_attn.q_proj": (S["Q"], S["H"], "column"),
    "model.layers.0.self_attn.o_proj": (S["H"], S["Q"], "row"),
    "model.layers.0.mlp.gate_proj": (S["I"], S["H"], "column"),
    "model.layers.0.mlp.up_proj": (S["I"], S["H"], "column"),
    "model.layers.0.mlp.down_proj": (S["H"], S["I"], "row"),
    "model.layers.1.self_attn.q_a_proj": (S["Q"], S["H"], "replicated"),
    "model.layers.1.self_attn.o_proj": (S["H"], S["Q"], "replicated"),
    "model.layers.1.mlp.gate": (S["E"], S["H"], "replicated"),
    "model.layers.1.mlp.experts.*.gate_proj": (S["MI"], S["H"], "experts"),
    "model.layers.1.mlp.experts.*.up_proj": (S["MI"], S["H"], "experts"),
    "model.layers.1.mlp.experts.*.down_proj": (S["H"], S["MI"], "experts"),
}
ELEMENT_BYTES = {"FLOAT": 2, "W8A8": 1, "W8A8_DYNAMIC": 1, "W4A8_DYNAMIC": 0.5}


def held(module: str, tp: int, ep: int) -> dict[str, float]:
    """What one rank holds of a linear: weight elements, rows ([out]-sized tensors), input
    columns ([in]-sized tensors) and copies of per-tensor scalars."""
    out, inp, how = LINEARS[module]
    local_experts = S["E"] / ep
    return {
        "column": {"weight": out * inp / tp, "out": out / tp, "in": inp, "scalars": 1},
        # row-parallel splits the input features only: every rank keeps all `out` rows
        "row": {"weight": out * inp / tp, "out": out, "in": inp / tp, "scalars": 1},
        "replicated": {"weight": out * inp, "out": out, "in": inp, "scalars": 1},
        "experts": {
            "weight": local_experts * out * inp,
            "out": local_experts * out,
            "in": local_experts * inp,
            "scalars": local_experts,
        },
    }[how]


def describe_all(graph: Graph, quant: str) -> QuantDescription:
    types = {f"{t.module}.weight": quant for t, _ in inventory(graph) if t.quantizable}
    return QuantDescription(types, {"model_quant_type": quant}, "test")


def item_bytes(graph: Graph, items: Sequence[Item], module: str) -> dict[str, float]:
    found: dict[str, float] = {}
    for item in items:
        if item.module == module:
            found[item.name] = found.get(item.name, 0.0) + numeric(item.bytes, values_of(graph))
    return found


@pytest.fixture(scope="module")
def small() -> Graph:
    return small_graph()


def test_small_graph_inventory(small: Graph) -> None:
    tensors = {t.name: t for t, count in inventory(small)}
    assert "model.layers.0.mlp.gate_up_proj.weight" not in tensors  # two checkpoint tensors
    assert tensors["model.layers.0.mlp.gate_proj.weight"].shape == (symbol("I"), symbol("H"))
    assert tensors["model.layers.0.self_attn.q_proj.weight"].sharding is Sharding.TP_DIM0
    assert tensors["model.layers.0.self_attn.o_proj.weight"].sharding is Sharding.TP_DIM1
    replicated = tensors["model.layers.1.self_attn.o_proj.weight"]
    assert (replicated.sharding, replicated.tp_sharding) == (Sharding.REPLICATED, Sharding.TP_DIM1)
    assert tensors["model.layers.1.mlp.experts.*.down_proj.weight"].sharding is Sharding.EP
    assert not tensors["model.layers.0.input_layernorm.weight"].quantizable
    assert not tensors["lm_head.weight"].quantizable


@pytest.mark.parametrize("quant", list(ELEMENT_BYTES))
@pytest.mark.parametrize("accounting", ["checkpoint", "engine"])
def test_weight_bytes_per_quant_type(small: Graph, quant: str, accounting: str) -> None:
    tp, ep = 4, 2
    items = account(small, describe_all(small, quant), accounting=accounting)
    for module in LINEARS:
        found = item_bytes(small, items, module)
        weight = found[f"{module}.weight"] + found.get(f"{module}.weight (replicated)", 0.0)
        assert weight == held(module, tp, ep)["weight"] * ELEMENT_BYTES[quant], module
    categories = {i.category for i in items if i.name.endswith(".weight")}
    quantized = "float weights" if quant == "FLOAT" else "quantized weights"
    assert categories == {quantized, "float weights", "embeddings/head"}
    # norms and the vocab-parallel embedding / lm_head are never quantized
    norm = item_bytes(small, items, "model.layers.0.input_layernorm")
    assert norm == {"model.layers.0.input_layernorm.weight": 2 * S["H"]}
    for module in ("model.embed_tokens", "lm_head"):
        assert item_bytes(small, items, module) == {f"{module}.weight": S["V"] * S["H"] * 2 / tp}


def test_float_has_no_auxiliaries(small: Graph) -> None:
    for accounting in ("checkpoint", "engine"):
        items = account(small, describe_all(small, "FLOAT"), accounting=accounting)
        assert "quantization auxiliaries" not in {i.category for i in items}


def expected_aux(module: str, quant: str, accounting: str, tp: int = 4, ep: int = 2) -> dict:
    h = held(module, tp, ep)
    if quant == "W8A8":
        aux = {
            "input_scale": 2 * h["scalars"],  # [1] bf16 (per expert for expert stacks)
            "input_offset": 2 * h["scalars"],
            "quant_bias": 4 * h["out"],  # int32 [out]
            "deq_scale": 4 * h["out"],  # fp32 [out]
        }
        if accounting == "engine":
            aux["aclnn_scale_offset"] = 2 * 2 * h["in"]  # two bf16 [in] tensors
    else:  # W8A8_DYNAMIC, W4A8_DYNAMIC: fp32 weight_scale / weight_offset [out, 1]
        aux = {"weight_scale": 4 * h["out"], "weight_offset": 4 * h["out"]}
    return {f"{module}.{name}": size for name, size in aux.items()}


@pytest.mark.parametrize("accounting", ["checkpoint", "engine"])
@pytest.mark.parametrize(
    ("quant", "module"),
    [
        ("W8A8", "model.layers.0.self_attn.q_proj"),
        ("W8A8", "model.layers.1.self_attn.q_a_proj"),
        ("W8A8", "model.layers.1.self_attn.o_proj"),
        ("W8A8", "model.layers.0.mlp.gate_proj"),
        ("W8A8", "model.layers.0.self_attn.o_proj"),
        ("W8A8", "model.layers.1.mlp.experts.*.down_proj"),
        ("W8A8_DYNAMIC", "model.layers.0.self_attn.q_proj"),
        ("W8A8_DYNAMIC", "model.layers.1.self_attn.o_proj"),
        ("W8A8_DYNAMIC", "model.layers.1.mlp.experts.*.gate_proj"),
        ("W8A8_DYNAMIC", "model.layers.1.mlp.experts.*.down_proj"),
        ("W8A8_DYNAMIC", "model.layers.0.mlp.down_proj"),
        ("W4A8_DYNAMIC", "model.layers.1.mlp.experts.*.up_proj"),
    ],
)
def test_quantization_auxiliaries(small: Graph, quant: str, module: str, accounting: str) -> None:
    items = account(small, describe_all(small, quant), accounting=accounting)
    aux = {
        name: size
        for name, size in item_bytes(small, items, module).items()
        if not name.endswith((".weight", "(replicated)"))
    }
    assert aux == expected_aux(module, quant, accounting)
    categories = {i.category for i in items if i.name in aux}
    assert categories == {"quantization auxiliaries"}


def test_aclnn_tensors_follow_the_input_split(small: Graph) -> None:
    """Engine W8A8: [in]-sized — full for column and replicated, /tp for row-parallel."""
    items = account(small, describe_all(small, "W8A8"), accounting="engine")
    for module in ("model.layers.0.self_attn.q_proj", "model.layers.0.self_attn.o_proj"):
        (size,) = [b for n, b in item_bytes(small, items, module).items() if "aclnn" in n]
        assert size == 4 * held(module, 4, 2)["in"]


def test_bytes_are_expressions_of_tp_and_ep(small: Graph) -> None:
    items = account(small, describe_all(small, "W8A8_DYNAMIC"), accounting="checkpoint")
    by_name = {item.name: item.bytes for item in items}
    H_, Q_, MI_, E_ = (symbol(n) for n in ("H", "Q", "MI", "E"))
    tp, ep = symbol("tp"), symbol("ep")
    expected = {
        "model.layers.0.self_attn.q_proj.weight": Q_ * H_ / tp,
        "model.layers.0.self_attn.o_proj.weight": H_ * Q_ / tp,
        "model.layers.1.self_attn.q_a_proj.weight": Q_ * H_,
        "model.layers.1.mlp.experts.*.gate_proj.weight": E_ * MI_ * H_ / ep,
        "lm_head.weight": 2 * symbol("V") * H_ / tp,
    }
    for name, expr in expected.items():
        assert sympy.simplify(by_name[name] - expr) == 0, name
    # and numerically at other sizes: column/row /tp, experts /ep, replicated unchanged
    for tp_value, ep_value in ((1, 1), (2, 8), (8, 4)):
        graph = small_graph(tp_value, ep_value)
        got = account(graph, describe_all(graph, "W8A8_DYNAMIC"), accounting="checkpoint")
        for module in LINEARS:
            weight = item_bytes(graph, got, module)
            size = weight[f"{module}.weight"] + weight.get(f"{module}.weight (replicated)", 0)
            assert size == held(module, tp_value, ep_value)["weight"], (module, tp_value)


def test_disable_tp_on_the_small_graph(small: Graph) -> None:
    """A replicated o_proj: TP's share is a quantized weight, the rest replication beyond TP."""
    items = account(small, describe_all(small, "W8A8"), accounting="checkpoint")
    found = item_bytes(small, items, "model.layers.1.self_attn.o_proj")
    full = S["H"] * S["Q"]
    assert found["model.layers.1.self_attn.o_proj.weight"] == full / 4
    assert found["model.layers.1.self_attn.o_proj.weight (replicated)"] == full * 3 / 4
    replicated = [i for i in items if i.category == "replication beyond TP"]
    assert {i.module for i in replicated} == {"model.layers.1.self_attn.o_proj"}
    # q_a_proj is replicated under plain TP too: nothing beyond TP
    assert "model.layers.1.self_attn.q_a_proj.weight (replicated)" not in {i.name for i in items}


def test_layer_sharding_window_on_the_small_graph(small: Graph) -> None:
    sharding = LayerSharding.parse(("o_proj",), 2, 0)
    items = account(small, describe_all(small, "W8A8"), layer_sharding=sharding)
    found = item_bytes(small, items, "model.layers.1.self_attn.o_proj")
    # 2 layers: own 1/2 of them plus one window of 1/2
    assert found["model.layers.1.self_attn.o_proj.weight"] == S["H"] * S["Q"] * (1 / 2 + 1 / 2)
    assert "model.layers.1.self_attn.o_proj.weight (replicated)" not in found
    # the row-parallel o_proj of layer 0 is sharded by TP: no window applies
    layer0 = item_bytes(small, items, "model.layers.0.self_attn.o_proj")
    assert layer0["model.layers.0.self_attn.o_proj.weight"] == S["H"] * S["Q"] / 4


def test_unknown_accounting_is_an_error(small: Graph) -> None:
    with pytest.raises(MemoryError_, match="accounting"):
        account(small, describe_all(small, "FLOAT"), accounting="runtime")


# -- the W8A8 recipe ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def deepseek_v32() -> BuiltModel:
    return build_model(
        "deepseek-v3.2", ParallelConfig(tp=4, dp=8, ep=32), PREFILL, sequence_parallel=True
    )


@pytest.mark.parametrize("which", ["glm", "deepseek-v3.2"])
def test_w8a8_recipe_keeps_the_float_exceptions(
    which: str, dsa_cp: BuiltModel, deepseek_v32: BuiltModel
) -> None:
    built = dsa_cp if which == "glm" else deepseek_v32
    graph, layers = built.graph, len(built.spec.layer_kinds)
    description = recipe_description(graph, "w8a8")
    types = description.types
    float_leaves = (".kv_b_proj", ".indexer.wk", ".indexer.weights_proj", ".mlp.gate")
    attention_w8a8 = (
        ".self_attn.q_a_proj",
        ".self_attn.q_b_proj",
        ".self_attn.kv_a_proj_with_mqa",
        ".self_attn.o_proj",
        ".self_attn.indexer.wq_b",
    )
    for layer in range(layers):
        p = f"model.layers.{layer}"
        for leaf in (".self_attn.kv_b_proj", ".self_attn.indexer.wk"):
            assert types[f"{p}{leaf}.weight"] == "FLOAT"
        assert types[f"{p}.self_attn.indexer.weights_proj.weight"] == "FLOAT"
        for leaf in attention_w8a8:
            assert types[f"{p}{leaf}.weight"] == "W8A8", (p, leaf)
        if layer < 3:  # dense layers: a dynamic W8A8 MLP
            for part in ("gate_proj", "up_proj", "down_proj"):
                assert types[f"{p}.mlp.{part}.weight"] == "W8A8_DYNAMIC"
        else:
            assert types[f"{p}.mlp.gate.weight"] == "FLOAT"  # the router
            for part in ("gate_proj", "up_proj", "down_proj"):
                assert types[f"{p}.mlp.experts.*.{part}.weight"] == "W8A8_DYNAMIC"
                assert types[f"{p}.mlp.shared_experts.{part}.weight"] == "W8A8_DYNAMIC"
    floats = [key for key, quant in types.items() if quant == "FLOAT"]
    assert all(key.endswith(tuple(f"{leaf}.weight" for leaf in float_leaves)) for key in floats)
    assert sum(q == "W8A8" for q in types.values()) == len(attention_w8a8) * layers
    # embeddings, lm_head and every norm stay FLOAT: not quantizable, not in the description
    others = [t for t, _ in inventory(graph) if t.kind.value in ("embedding", "head", "norm")]
    assert {t.kind.value for t in others} == {"embedding", "head", "norm"}
    for tensor in others:
        assert f"{tensor.module}.weight" not in types
        assert description.tensor_type(tensor) == "FLOAT"
    assert description.header == {"model_quant_type": "W8A8", "version": "1.0"}


def test_other_recipes(dsa_cp: BuiltModel) -> None:
    graph = dsa_cp.graph
    assert set(recipe_description(graph, "bf16").types.values()) == {"FLOAT"}
    assert recipe_description(graph, "bf16").header["model_quant_type"] == "FLOAT"
    dynamic = recipe_description(graph, "w8a8_dynamic").types
    assert dynamic["model.layers.5.self_attn.o_proj.weight"] == "W8A8_DYNAMIC"
    assert dynamic["model.layers.5.self_attn.kv_b_proj.weight"] == "FLOAT"
    assert set(dynamic.values()) == {"FLOAT", "W8A8_DYNAMIC"}
    with pytest.raises(QuantError, match="w4a4"):
        recipe_description(graph, "w4a4")


# -- DSA-CP: disable_tp, derived weights -------------------------------------------------------


def test_dsa_cp_inventory_replicates_the_dsa_projections(
    dsa_cp: BuiltModel, plain_tp: BuiltModel
) -> None:
    def shardings(graph: Graph) -> dict[str, tuple[Sharding, Sharding]]:
        return {
            t.name.split(".self_attn.")[1]: (t.sharding, t.tp_sharding)
            for t, _ in inventory(graph)
            if t.name.startswith("model.layers.5.self_attn.")
        }

    cp, tp = shardings(dsa_cp.graph), shardings(plain_tp.graph)
    R, D0, D1 = Sharding.REPLICATED, Sharding.TP_DIM0, Sharding.TP_DIM1
    assert cp["o_proj.weight"] == (R, D1) and tp["o_proj.weight"] == (D1, D1)
    assert cp["q_b_proj.weight"] == (R, D0) and tp["q_b_proj.weight"] == (D0, D0)
    assert cp["kv_b_proj.weight"] == (R, D0) and tp["kv_b_proj.weight"] == (D0, D0)
    assert cp["q_a_proj.weight"] == tp["q_a_proj.weight"] == (R, R)


@pytest.mark.parametrize("accounting", ["checkpoint", "engine"])
def test_disable_tp_holds_tp_times_the_tp_bytes(
    accounting: str, dsa_cp: BuiltModel, plain_tp: BuiltModel, dsa_cp_w8a8: QuantDescription
) -> None:
    cp = account(dsa_cp.graph, dsa_cp_w8a8, accounting=accounting)
    tp = account(plain_tp.graph, recipe_description(plain_tp.graph, "w8a8"), accounting=accounting)
    for leaf, full in (("o_proj", O_PROJ), ("q_b_proj", Q_B_PROJ)):
        name = f"model.layers.5.self_attn.{leaf}.weight"
        tp_bytes = item_bytes(plain_tp.graph, tp, name.removesuffix(".weight"))
        assert tp_bytes[name] == full / 4  # int8, TP's share
        assert f"{name} (replicated)" not in tp_bytes
        cp_bytes = item_bytes(dsa_cp.graph, cp, name.removesuffix(".weight"))
        assert cp_bytes[name] == full / 4
        assert cp_bytes[f"{name} (replicated)"] == full * 3 / 4
        assert cp_bytes[name] + cp_bytes[f"{name} (replicated)"] == 4 * tp_bytes[name]
    replication = bytes_where(dsa_cp.graph, cp, lambda i: i.category == "replication beyond TP")
    expected = LAYERS * (O_PROJ + Q_B_PROJ) * 3 / 4
    if accounting == "checkpoint":  # the full bf16 kv_b_proj too (derived in the engine)
        expected += LAYERS * KV_B_PROJ * 2 * 3 / 4
    assert replication == expected
    assert bytes_where(plain_tp.graph, tp, lambda i: i.category == "replication beyond TP") == 0


def kv_b_items(items: Sequence[Item]) -> list[Item]:
    return [i for i in items if i.module.endswith(".self_attn.kv_b_proj")]


def test_derived_weights_only_in_engine_accounting(
    dsa_cp: BuiltModel, engine_items: list[Item], checkpoint_items: list[Item]
) -> None:
    graph = dsa_cp.graph
    engine = kv_b_items(engine_items)
    assert len(engine) == LAYERS  # one derived item per layer, kv_b_proj itself gone
    assert {i.category for i in engine} == {"derived weights"}
    assert not [i for i in engine if i.name.endswith("kv_b_proj.weight")]
    assert all("W_UK_T" in i.name and "W_UV" in i.name for i in engine)
    # DSA-CP: full-size bf16 W_UK_T + W_UV (same elements as the full kv_b_proj)
    assert total(graph, engine) == LAYERS * KV_B_PROJ * 2
    assert "derived weights" not in {i.category for i in checkpoint_items}
    checkpoint = kv_b_items(checkpoint_items)
    assert {i.category for i in checkpoint} == {"float weights", "replication beyond TP"}
    assert total(graph, checkpoint) == LAYERS * KV_B_PROJ * 2


def test_derived_weights_are_split_under_plain_tp(plain_tp: BuiltModel) -> None:
    graph = plain_tp.graph
    engine = kv_b_items(account(graph, recipe_description(graph, "w8a8"), accounting="engine"))
    assert {i.category for i in engine} == {"derived weights"}
    assert total(graph, engine) == LAYERS * KV_B_PROJ * 2 / 4


# -- whole-model figures -----------------------------------------------------------------------


def glm_dsa_cp_categories(tp: int = 4, ep: int = 32) -> dict[str, float]:
    """GLM-5.1 W8A8 recipe, DSA-CP, engine accounting, by hand (aux excepted)."""
    experts = EXPERTS / ep * 3 * MOE_I * H  # int8 routed experts per MoE layer
    shared = 3 * MOE_I * H / tp  # TP shared expert (the tensorcast layout)
    dense = 3 * DENSE_I * H / tp
    attention = Q_LORA * H + Q_B_PROJ / tp + (KV_LORA + D_ROPE) * H + IDX_HEADS * IDX_DIM * Q_LORA
    attention += O_PROJ / tp  # q_a, q_b (TP share), kv_a, wq_b, o_proj (TP share): W8A8
    norms = 2 * H + Q_LORA + KV_LORA + IDX_DIM  # input/post, q_a, kv_a, indexer k_norm
    float_per_layer = 2 * (IDX_DIM * H + IDX_HEADS * H + norms)  # bf16 wk, weights_proj, norms
    return {
        "quantized weights": MOE_LAYERS * (experts + shared) + DENSE_LAYERS * dense
        + LAYERS * attention,
        "float weights": LAYERS * float_per_layer + MOE_LAYERS * 2 * EXPERTS * H + 2 * H,
        "derived weights": LAYERS * KV_B_PROJ * 2,
        "replication beyond TP": LAYERS * (O_PROJ + Q_B_PROJ) * (1 - 1 / tp),
        # vocab-parallel rows pad the vocabulary to a multiple of 64·tp
        "embeddings/head": 2 * (-(-VOCAB // (64 * tp)) * 64 * tp) * H * 2 / tp,
    }  # fmt: skip


def glm_dsa_cp_auxiliaries(accounting: str, tp: int = 4, ep: int = 32) -> float:
    def w8a8(out: float, inp: float) -> float:
        return 2 + 2 + 8 * out + (4 * inp if accounting == "engine" else 0)

    # replicated under DSA-CP: q_a, q_b, kv_a, wq_b, o_proj all hold every row and column
    attention = (
        w8a8(Q_LORA, H) + w8a8(HEADS * (D_NOPE + D_ROPE), Q_LORA) + w8a8(KV_LORA + D_ROPE, H)
        + w8a8(IDX_HEADS * IDX_DIM, Q_LORA) + w8a8(H, HEADS * D_V)
    )  # fmt: skip
    experts = EXPERTS / ep * 8 * (MOE_I + MOE_I + H)  # fp32 scale + offset per row
    shared = 8 * (MOE_I / tp + MOE_I / tp + H)  # down_proj is row-parallel: all H rows
    dense = 8 * (DENSE_I / tp + DENSE_I / tp + H)
    return LAYERS * attention + MOE_LAYERS * (experts + shared) + DENSE_LAYERS * dense


def test_glm_dsa_cp_engine_categories(dsa_cp: BuiltModel, engine_items: list[Item]) -> None:
    graph = dsa_cp.graph
    found = per_category(graph, engine_items)
    expected = glm_dsa_cp_categories()
    for category, size in expected.items():
        assert found[category] == pytest.approx(size, rel=1e-12), category
    assert set(found) == set(expected) | {"quantization auxiliaries"}
    assert set(found) <= set(CATEGORIES)
    # the figures `memory` prints: 26.129 / 0.365 / 2.133 / 7.312 / 0.886 GiB; 36.902 in all
    gib = {c: round(v / GIB, 3) for c, v in found.items()}
    assert gib["quantized weights"] == 26.129 and gib["float weights"] == 0.365
    assert gib["derived weights"] == 2.133 and gib["replication beyond TP"] == 7.312
    assert gib["embeddings/head"] == 0.886
    assert total(graph, engine_items) / GIB == pytest.approx(36.902, abs=0.0005)


@pytest.mark.parametrize("accounting", ["checkpoint", "engine"])
def test_glm_dsa_cp_auxiliaries(accounting: str, dsa_cp: BuiltModel) -> None:
    items = account(dsa_cp.graph, recipe_description(dsa_cp.graph, "w8a8"), accounting=accounting)
    found = per_category(dsa_cp.graph, items)["quantization auxiliaries"]
    assert found == glm_dsa_cp_auxiliaries(accounting)


def test_checkpoint_and_engine_differ_by_derived_and_aux_tensors(
    dsa_cp: BuiltModel, engine_items: list[Item], checkpoint_items: list[Item]
) -> None:
    graph = dsa_cp.graph
    engine, checkpoint = per_category(graph, engine_items), per_category(graph, checkpoint_items)
    # kv_b_proj (bf16, full) becomes W_UK_T + W_UV (bf16, same elements)
    kv_b_float = LAYERS * KV_B_PROJ * 2 / 4
    assert checkpoint["float weights"] - engine["float weights"] == kv_b_float
    assert checkpoint["replication beyond TP"] - engine["replication beyond TP"] == (
        LAYERS * KV_B_PROJ * 2 * 3 / 4
    )
    assert engine["derived weights"] == LAYERS * KV_B_PROJ * 2
    # the engine adds two bf16 [in] tensors per static-W8A8 linear (all replicated here)
    aclnn = LAYERS * 4 * (H + Q_LORA + H + Q_LORA + HEADS * D_V)
    aclnn_items = [i for i in engine_items if i.name.endswith("aclnn_scale_offset")]
    assert len(aclnn_items) == LAYERS * 5
    assert total(graph, aclnn_items) == aclnn
    assert engine["quantization auxiliaries"] - checkpoint["quantization auxiliaries"] == aclnn
    assert total(graph, engine_items) - total(graph, checkpoint_items) == aclnn
    assert engine["quantized weights"] == checkpoint["quantized weights"]
    assert total(graph, checkpoint_items) / GIB == pytest.approx(36.892, abs=0.0005)


def test_glm_tp16_engine_figure() -> None:
    built = build_model("glm-5.1", ParallelConfig(tp=16), PREFILL, sequence_parallel=True)
    graph = built.graph
    items = account(graph, recipe_description(graph, "w8a8"))
    found = per_category(graph, items)
    expected = glm_dsa_cp_categories(tp=16, ep=16)
    for category, size in expected.items():
        assert found[category] == pytest.approx(size, rel=1e-12), category
    assert total(graph, items) / GIB == pytest.approx(56.764, abs=0.0005)


# -- layer sharding ----------------------------------------------------------------------------


@pytest.mark.parametrize(("group", "prefetch"), [(2, 0), (4, 1), (8, 2)])
def test_layer_sharding_window(
    group: int, prefetch: int, dsa_cp: BuiltModel, dsa_cp_w8a8: QuantDescription,
    engine_items: list[Item],
) -> None:  # fmt: skip
    graph = dsa_cp.graph
    sharding = LayerSharding.parse(("o_proj", "q_b_proj"), group, prefetch)
    items = account(graph, dsa_cp_w8a8, layer_sharding=sharding)
    share = 1 / group + (prefetch + 1) / LAYERS
    for leaf, full in (("o_proj", O_PROJ), ("q_b_proj", Q_B_PROJ)):
        module = f"model.layers.7.self_attn.{leaf}"
        found = item_bytes(graph, items, module)
        assert found[f"{module}.weight"] == pytest.approx(full * share, rel=1e-12)
        assert f"{module}.weight (replicated)" not in found
        windowed = bytes_where(
            graph, items, lambda i, leaf=leaf: i.name.endswith(f".{leaf}.weight")
        )
        assert windowed == pytest.approx(LAYERS * full * share, rel=1e-12)
    # nothing else moves
    untouched = ("kv_a_proj_with_mqa", "q_a_proj", "kv_b_proj", "experts")
    # the windowed projections were the only replication beyond TP in the engine
    assert "replication beyond TP" in per_category(graph, engine_items)
    assert "replication beyond TP" not in per_category(graph, items)
    before = {i.name: i.bytes for i in engine_items if any(u in i.module for u in untouched)}
    after = {i.name: i.bytes for i in items if any(u in i.module for u in untouched)}
    assert before == after
    saved = total(graph, engine_items) - total(graph, items)
    assert saved == pytest.approx(LAYERS * (O_PROJ + Q_B_PROJ) * (1 - share), rel=1e-9)


def test_layer_sharding_total_shrinks_as_the_group_grows(
    dsa_cp: BuiltModel, dsa_cp_w8a8: QuantDescription, engine_items: list[Item]
) -> None:
    graph = dsa_cp.graph
    totals = [
        total(graph, account(graph, dsa_cp_w8a8, layer_sharding=LayerSharding.parse(
            ("o_proj", "q_b_proj"), group, 1)))
        for group in (2, 4, 8, 16)
    ]  # fmt: skip
    assert totals == sorted(totals, reverse=True) and len(set(totals)) == 4
    assert totals[0] < total(graph, engine_items)


# -- repetition graphs -------------------------------------------------------------------------


def test_repetition_graph_counts_each_region_repeat_times(
    dsa_cp: BuiltModel, dsa_cp_w8a8: QuantDescription
) -> None:
    expanded = dsa_cp.graph
    folded = normalize(fold(expanded))
    repeats = [region.repeat for region in folded.repetition()]
    assert repeats and sum(repeats) + len(folded.layers()) - len(repeats) == LAYERS
    assert len(folded.layers()) < 10
    assert recipe_description(folded, "w8a8").types.keys() <= dsa_cp_w8a8.types.keys()
    sharding = LayerSharding.parse(("o_proj", "q_b_proj"), 4, 1)
    for accounting, layer_sharding in (
        ("engine", None),
        ("checkpoint", None),
        ("engine", sharding),
    ):
        full = account(expanded, dsa_cp_w8a8, accounting=accounting, layer_sharding=layer_sharding)
        small = account(
            folded,
            recipe_description(folded, "w8a8"),
            accounting=accounting,
            layer_sharding=layer_sharding,
        )
        assert total(folded, small) == pytest.approx(total(expanded, full), rel=1e-12)
        got, want = per_category(folded, small), per_category(expanded, full)
        assert got.keys() == want.keys()
        for category in want:
            assert got[category] == pytest.approx(want[category], rel=1e-12), category


# -- caches ------------------------------------------------------------------------------------


def test_kv_bytes_per_token_mla_with_dsa() -> None:
    glm = spec_of("glm-5.1")
    latent = (KV_LORA + D_ROPE) * 2  # bf16 latent + rope
    indexer = 2 * IDX_DIM  # the bf16 indexer key
    for tp in (1, 4, 16):  # MLA: the latent is whole on every rank
        assert kv_bytes_per_token(glm, tp) == {
            "kv": latent,
            "indexer": indexer,
            "total": latent + indexer,
        }
    c8 = kv_bytes_per_token(glm, 4, "C8")  # int8 latent; int8 indexer key + its fp32 scale
    assert c8 == {"kv": latent // 2, "indexer": IDX_DIM + 4, "total": latent // 2 + IDX_DIM + 4}
    assert kv_bytes_per_token_all_layers(glm, 4) == (latent + indexer) * LAYERS
    v3 = kv_bytes_per_token(spec_of("deepseek-v3"), 8)
    assert v3 == {"kv": (512 + 64) * 2, "indexer": 0, "total": (512 + 64) * 2}


def test_shared_indexer_layers_keep_no_indexer_key() -> None:
    """GLM-5.2: 21 of 78 layers run the indexer; the other 57 reuse its top-k and cache no key."""
    config = dict(load_config("glm-5.1")[0])
    full = (0, 1, 2, *range(6, 78, 4))
    config["indexer_types"] = ["full" if i in full else "shared" for i in range(78)]
    glm52 = model_spec(config, "glm-5.2")
    latent = (KV_LORA + D_ROPE) * 2
    assert kv_bytes_per_token(glm52, 4)["total"] == latent + 2 * IDX_DIM  # a full layer
    assert kv_bytes_per_token_all_layers(glm52, 4) == latent * 78 + 2 * IDX_DIM * 21
    assert kv_bytes_per_token_all_layers(glm52, 4, "C8") == latent // 2 * 78 + (IDX_DIM + 4) * 21


def test_kv_bytes_per_token_gqa_splits_kv_heads() -> None:
    qwen = spec_of("qwen3-30b-a3b")  # 4 KV heads of 128
    assert kv_bytes_per_token(qwen, 1)["total"] == 2 * 4 * 128 * 2
    assert kv_bytes_per_token(qwen, 2)["total"] == 2 * 2 * 128 * 2
    assert kv_bytes_per_token(qwen, 8)["total"] == 2 * 1 * 128 * 2  # replicated beyond 4


@pytest.fixture(scope="module")
def glm_summary(dsa_cp: BuiltModel, engine_items: list[Item]) -> dict[str, Any]:
    return summary(dsa_cp.graph, dsa_cp.spec, engine_items, hbm_bytes=A3_HBM)


@pytest.fixture(scope="module")
def folded(dsa_cp: BuiltModel) -> tuple[Graph, list[Item]]:
    """The repetition form (same bytes, far fewer items): for summary variants."""
    graph = normalize(fold(dsa_cp.graph))
    return graph, account(graph, recipe_description(graph, "w8a8"))


def test_summary_kv_cache_and_tokens_that_fit(
    dsa_cp: BuiltModel,
    engine_items: list[Item],
    glm_summary: dict[str, Any],
    folded: tuple[Graph, list[Item]],
) -> None:
    weights = total(dsa_cp.graph, engine_items)
    per_token = (KV_LORA + D_ROPE) * 2 + 2 * IDX_DIM  # bf16 latent and indexer key
    kv = glm_summary["kv_cache"]
    assert kv["bytes_per_token_per_layer"] == {
        "kv": (KV_LORA + D_ROPE) * 2,
        "indexer": 2 * IDX_DIM,
        "total": per_token,
    }
    assert kv["bytes_per_token"] == per_token * LAYERS == 109824
    assert kv["tokens_that_fit"] == int((A3_HBM - weights) // (per_token * LAYERS)) == 264935
    graph, items = folded
    c8 = summary(graph, dsa_cp.spec, items, hbm_bytes=A3_HBM, kv_cache_type="C8")
    c8_per_token = (KV_LORA + D_ROPE) + IDX_DIM + 4  # int8 latent, int8 key + fp32 scale
    assert c8["kv_cache"]["bytes_per_token"] == c8_per_token * LAYERS
    assert c8["kv_cache"]["tokens_that_fit"] == int((A3_HBM - weights) // (c8_per_token * LAYERS))
    less = summary(graph, dsa_cp.spec, items, hbm_bytes=A3_HBM - 109824 * 1000)
    assert less["kv_cache"]["tokens_that_fit"] == 264935 - 1000
    assert summary(graph, dsa_cp.spec, items, hbm_bytes=None)["kv_cache"]["tokens_that_fit"] is None


def test_summary_totals(
    dsa_cp: BuiltModel,
    engine_items: list[Item],
    glm_summary: dict[str, Any],
    folded: tuple[Graph, list[Item]],
) -> None:
    data = glm_summary
    weights = total(dsa_cp.graph, engine_items)
    assert data["total_bytes"] == pytest.approx(weights, rel=1e-12)
    assert "total_gb" not in data  # JSON keeps bytes
    assert sum(data["by_category"].values()) == pytest.approx(weights, rel=1e-12)
    assert sum(data["by_module"].values()) == pytest.approx(weights, rel=1e-12)
    assert list(data["by_category"]) == [c for c in CATEGORIES if c in data["by_category"]]
    assert data["by_module"]["model.layers.*.self_attn.kv_b_proj"] == LAYERS * KV_B_PROJ * 2
    assert data["parameters"] == parameters(dsa_cp.spec)
    graph, items = folded
    with_mtp = summary(graph, dsa_cp.spec, items, hbm_bytes=None, mtp_layers=1)
    assert with_mtp["parameters"] == parameters(dsa_cp.spec, 1)
    assert with_mtp["by_module"] == pytest.approx(data["by_module"], rel=1e-12)


def test_tokens_that_fit_is_never_negative(
    dsa_cp: BuiltModel, folded: tuple[Graph, list[Item]]
) -> None:
    graph, items = folded
    data = summary(graph, dsa_cp.spec, items, hbm_bytes=10e9)
    assert data["kv_cache"]["tokens_that_fit"] == 0


# -- description files -------------------------------------------------------------------------


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_description_file_round_trip(
    tmp_path: Path, dsa_cp: BuiltModel, dsa_cp_w8a8: QuantDescription, engine_items: list[Item]
) -> None:
    graph = dsa_cp.graph
    data = description_data(dsa_cp_w8a8, dsa_cp.graph)
    assert data["model_quant_type"] == "W8A8" and data["version"] == "1.0"
    o_proj = "model.layers.5.self_attn.o_proj"
    for aux in ("weight", "input_scale", "input_offset", "quant_bias", "deq_scale"):
        assert data[f"{o_proj}.{aux}"] == "W8A8"
    expert = "model.layers.5.mlp.experts.*.down_proj"
    for aux in ("weight", "weight_scale", "weight_offset"):
        assert data[f"{expert}.{aux}"] == "W8A8_DYNAMIC"
    kv_b = "model.layers.5.self_attn.kv_b_proj"
    assert data[f"{kv_b}.weight"] == "FLOAT" and f"{kv_b}.weight_scale" not in data
    file = write(tmp_path / "quant_model_description.json", data)
    for source in (file, tmp_path, str(file)):  # a file, or the folder holding it
        loaded = load_description(source, graph)
        assert dict(loaded.types) == dict(dsa_cp_w8a8.types)
        assert dict(loaded.header) == {"model_quant_type": "W8A8", "version": "1.0"}
        assert loaded.warnings == ()
    loaded_items = account(graph, load_description(file, graph))
    assert total(graph, loaded_items) == total(graph, engine_items)


def test_description_lists_each_expert(
    tmp_path: Path, dsa_cp: BuiltModel, dsa_cp_w8a8: QuantDescription, engine_items: list[Item]
) -> None:
    """msModelSlim names every expert: experts.0 … experts.255."""
    data: dict[str, str] = {"model_quant_type": "W8A8", "version": "1.0", "kv_cache_type": "C8"}
    for key, quant in dsa_cp_w8a8.types.items():
        if ".experts.*." in key:
            for index in range(EXPERTS):
                data[key.replace("*", str(index))] = quant
        else:
            data[key] = quant
    loaded = load_description(write(tmp_path / "d.json", data), dsa_cp.graph)
    assert loaded.warnings == ()
    assert loaded.header["kv_cache_type"] == "C8"
    expert = next(t for t, _ in inventory(dsa_cp.graph) if ".experts.*.up_proj" in t.name)
    assert loaded.tensor_type(expert) == "W8A8_DYNAMIC"
    items = account(dsa_cp.graph, loaded)
    assert total(dsa_cp.graph, items) == total(dsa_cp.graph, engine_items)


BAD_FILES: list[tuple[str, str]] = [
    ("{ not json", "not a JSON description"),
    ("[1, 2]", "maps tensor names"),
    ('"W8A8"', "maps tensor names"),
    ('{"model.layers.5.self_attn.o_proj.weight": "W9A9"}', "unknown quant type"),
    ('{"model.layers.5.self_attn.o_proj.weight": 8}', "unknown quant type"),
    ('{"model.layers.5.self_attn.o_proj.deq_scale": "int8"}', "unknown quant type"),
    ('{"model.layers.99.self_attn.o_proj.weight": "W8A8"}', "does not have"),
    ('{"model.layers.5.self_attn.out_proj.weight": "W8A8"}', "does not have"),
]


@pytest.mark.parametrize(("text", "message"), BAD_FILES)
def test_bad_description_file(tmp_path: Path, dsa_cp: BuiltModel, text: str, message: str) -> None:
    file = tmp_path / "bad.json"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(QuantError) as raised:
        load_description(file, dsa_cp.graph)
    assert message in str(raised.value)
    assert str(file) in str(raised.value)
    assert "\n" not in str(raised.value)


def test_missing_description_file(tmp_path: Path, dsa_cp: BuiltModel) -> None:
    with pytest.raises(QuantError, match="cannot read"):
        load_description(tmp_path / "absent.json", dsa_cp.graph)
    with pytest.raises(QuantError, match="cannot read"):
        load_description(tmp_path, dsa_cp.graph)  # a folder without the file


def test_unlisted_module_falls_back_to_float(
    tmp_path: Path, dsa_cp: BuiltModel, dsa_cp_w8a8: QuantDescription
) -> None:
    graph = dsa_cp.graph
    data = {k: v for k, v in description_data(dsa_cp_w8a8, graph).items() if ".o_proj." not in k}
    loaded = load_description(write(tmp_path / "partial.json", data), graph)
    (warning,) = loaded.warnings
    assert f"{LAYERS} module(s)" in warning and "partial.json" in warning
    assert "o_proj" in warning and "FLOAT" in warning
    items = account(graph, loaded)
    o_proj = item_bytes(graph, items, "model.layers.5.self_attn.o_proj")
    assert o_proj == {  # bf16 now, and no auxiliaries
        "model.layers.5.self_attn.o_proj.weight": O_PROJ * 2 / 4,
        "model.layers.5.self_attn.o_proj.weight (replicated)": O_PROJ * 2 * 3 / 4,
    }


def test_description_may_list_float_embeddings_head_and_norms(
    tmp_path: Path, dsa_cp: BuiltModel, dsa_cp_w8a8: QuantDescription
) -> None:
    data = description_data(dsa_cp_w8a8, dsa_cp.graph)
    data["model.embed_tokens.weight"] = "FLOAT"
    data["lm_head.weight"] = "FLOAT"
    data["model.norm.weight"] = "FLOAT"
    data["model.layers.0.input_layernorm.weight"] = "FLOAT"
    loaded = load_description(write(tmp_path / "full.json", data), dsa_cp.graph)
    assert dict(loaded.types).items() >= dict(dsa_cp_w8a8.types).items()


def test_oproj_tp_mode_shards_o_proj_and_keeps_one_full_layer(
    dsa_cp: BuiltModel, dsa_cp_w8a8: QuantDescription, engine_items: list[Item]
) -> None:
    """vLLM-Ascend's o_proj-TP mode: every layer holds its TP shard of o_proj, plus one
    full-weight buffer for the layer being run (a layout copy)."""
    values = {k: v for k, v in dsa_cp.graph.symbols if v is not None}
    pooled = account(dsa_cp.graph, dsa_cp_w8a8, accounting="engine", oproj_pool=True)
    full_o_proj = 64 * 256 * 6144  # heads·v_head_dim × H, int8 under W8A8
    copies = [i for i in pooled if i.category == "layout copies"]
    assert [i.name for i in copies] == ["o_proj full-weight pool"]
    assert numeric(copies[0].bytes, values) == full_o_proj
    shards = [i for i in pooled if i.name.endswith(".self_attn.o_proj.weight")]
    assert sum(numeric(i.bytes, values) for i in shards) == 78 * full_o_proj / 4
    assert not [i for i in pooled if i.category == "replication beyond TP" and "o_proj" in i.module]
    # replicated under plain DSA-CP: the pool mode saves most of 78 full o_proj weights
    before = sum(numeric(i.bytes, values) for i in engine_items)
    after = sum(numeric(i.bytes, values) for i in pooled)
    assert before - after > 0.9 * 78 * full_o_proj * 3 / 4
