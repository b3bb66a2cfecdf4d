"""The typing driver and the registry it reads: verdicts belong to the registry that made them,
a registry refuses an entry without a required aspect, and an op may raise only the rules its
entry declares."""

from __future__ import annotations

import gc

import attrs
import pytest

from layoutcheck import rules
from layoutcheck.check import check_graph
from layoutcheck.graph import Graph, GraphBuilder
from layoutcheck.interp import CatalogueError, interpret
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.ops import FAMILIES, Registry, RegistryError, default_registry
from layoutcheck.ops.base import OpCall, OutLayout, RuleUse, RuleViolation
from layoutcheck.validate import normalize


def _reduced_graph() -> Graph:
    b = GraphBuilder("g", symbols={"T": 8, "tp": 2, "H": 4})
    x = b.input("x", ["T", "H"], TokenLayout.FULL, FeatureState.PARTIAL)
    b.output(b.op("reduce", "all_reduce", [x]))
    return normalize(b.build())


def _banning(kind: str) -> Registry:
    """The default catalogue with ``kind`` refused everywhere (a site policy, say)."""

    def refuse(call: OpCall) -> list[OutLayout]:
        raise RuleViolation(rules.SHAPE_MISMATCH, f"{kind} is not allowed here", "do not", 0)

    families = [
        tuple(
            attrs.evolve(spec, layout=refuse, rules=(RuleUse(rules.SHAPE_MISMATCH),))
            if spec.kind == kind
            else spec
            for spec in family
        )
        for family in FAMILIES
    ]
    return Registry.from_families(families)


def test_each_registry_gives_its_own_verdicts() -> None:
    graph = _reduced_graph()
    for _ in range(20):  # new registries reuse the memory (and ids) of dead ones
        assert check_graph(graph, registry=Registry.from_families(FAMILIES)).ok
        banned = check_graph(graph, registry=_banning("all_reduce"))
        assert [d.rule for d in banned.errors] == ["shape-mismatch"]
        # the youngest generation only: a full collection walks every object the suite made
        # before this test (56 s of the suite's time under load), and these are new
        gc.collect(0)
    assert check_graph(graph, registry=default_registry()).ok


def test_a_registry_refuses_an_entry_without_a_cost_or_weight_rule() -> None:
    linear = next(spec for family in FAMILIES for spec in family if spec.kind == "linear")
    for aspect, what in (("cost", "cost rule"), ("weights", "weight rule")):
        broken = attrs.evolve(linear, **{aspect: None})
        with pytest.raises(RegistryError, match=f"'linear' has no {what}"):
            Registry.from_families([(broken,)])


def test_a_kind_defined_twice_is_refused() -> None:
    with pytest.raises(RegistryError, match="defined twice"):
        Registry.from_families([FAMILIES[0], FAMILIES[0]])


def test_an_undeclared_rule_is_a_catalogue_bug() -> None:
    families = [
        tuple(attrs.evolve(spec, rules=()) if spec.kind == "all_reduce" else spec for spec in f)
        for f in FAMILIES
    ]
    b = GraphBuilder("g", symbols={"T": 8, "tp": 2, "H": 4})
    x = b.input("x", ["T", "H"], TokenLayout.FULL)  # complete: all_reduce raises its rule
    b.output(b.op("reduce", "all_reduce", [x]))
    with pytest.raises(CatalogueError, match="all_reduce raised reduce-of-complete"):
        interpret(normalize(b.build()), Registry.from_families(families))


def test_library_calls_leave_the_garbage_collector_alone() -> None:
    assert gc.isenabled()
    check_graph(_reduced_graph())
    assert gc.isenabled()


# -- error recovery: each independent error once, no cascade, every op priced ----------------


def _mutant(name: str, changes: dict[str, dict[str, object]]) -> Graph:
    """A shipped graph with attrs of some ops changed (each change a planted bug)."""
    from layoutcheck.graph_io import load_graph
    from tests.helpers import SPECS

    graph = load_graph(SPECS / "graphs" / name)
    ops = []
    for op in graph.ops:
        if op.name in changes:
            op = op.evolve(attrs=tuple({**op.attr_dict, **changes[op.name]}.items()))
        ops.append(op)
    return normalize(graph.with_ops(ops))


L5 = "model.layers.5"
MUTANTS = {
    # vLLM-Ascend DSA-CP layer: o_proj left column-parallel (its output SPLIT meets the complete
    # residual at the post-attention norm) and routed experts told half the experts the router
    # scores
    "vllm-ascend": (
        "glm51-layer-vllm-ascend-dsa-cp.yaml",
        {
            f"{L5}.self_attn.o_proj": {"parallel": "column"},
            f"{L5}.mlp.experts": {"experts": 128},
        },
        [
            ("layout-mismatch", f"{L5}.post_attention_layernorm"),
            ("shape-mismatch", f"{L5}.mlp.experts"),
        ],
    ),
    # MC2 decode MoE: the router scores half the experts, and the shared expert's pending sum
    # is averaged (vLLM PR 33088)
    "mc2-decode": (
        "mc2-decode-moe.yaml",
        {
            f"{L5}.mlp.gate": {"experts": 128},
            f"{L5}.mlp.shared_experts.all_reduce": {"reduce": "avg"},
        },
        [
            ("shape-mismatch", f"{L5}.mlp.experts"),
            ("non-sum-reduction-of-partial", f"{L5}.mlp.shared_experts.all_reduce"),
        ],
    ),
}


@pytest.mark.parametrize("case", sorted(MUTANTS))
def test_two_planted_bugs_are_each_reported_once_and_everything_is_typed(case: str) -> None:
    name, changes, expected = MUTANTS[case]
    typed = interpret(_mutant(name, changes))
    assert [(d.rule, d.op) for d in typed.diagnostics if d.is_error] == expected
    assert not [ref for ref, value in typed.values.items() if value.is_top]


@pytest.mark.parametrize("case", sorted(MUTANTS))
def test_a_graph_with_errors_is_priced_op_for_op(case: str) -> None:
    from layoutcheck.cost.devices import load_device
    from layoutcheck.cost.report import cost_report

    name, changes, _ = MUTANTS[case]
    mutant = _mutant(name, changes)
    report = cost_report(mutant, load_device("a3-752t"))
    assert report.unpriced == ()
    priced = {entry.name for entry in report.entries}
    assert {op.name for op in mutant.ops} <= priced


def test_a_local_input_over_the_padded_extent_is_what_the_indivisible_help_suggests() -> None:
    from layoutcheck.graph_io import loads_graph

    text = """
format: layoutcheck-graph/1
name: padded
symbols: {T: 9, tp: 4, H: 8}
token_count: T
groups: {tp: tp}
inputs:
  hidden: {shape: [ROWS, H], tokens: local}
ops:
  - {name: gather, op: all_gather, inputs: [hidden]}
  - {name: unpad, op: unpad_tokens, inputs: [gather]}
outputs: [unpad]
"""
    unpadded = interpret(normalize(loads_graph(text.replace("ROWS", "T/tp"))))
    (error,) = unpadded.diagnostics
    assert error.rule == "indivisible" and "ceil(T/tp)" in error.hint
    padded = interpret(normalize(loads_graph(text.replace("ROWS", "ceil(T/tp)"))))
    assert padded.diagnostics == ()
    assert padded.context.numeric(padded.value("gather").shape[0]) == 12
    assert padded.context.numeric(padded.value("unpad").shape[0]) == 9


@pytest.mark.parametrize(
    ("shard", "rows", "layout"),
    [("0", "T/tp", "L·W"), ("1", "T", "F·S"), ("-1", "T", "F·S")],
)
def test_an_input_sharded_on_a_dim_is_the_layout_of_that_dim(
    shard: str, rows: str, layout: str
) -> None:
    from layoutcheck.graph_io import loads_graph

    width = "H/tp" if layout == "F·S" else "H"
    graph = normalize(
        loads_graph(
            f"""
format: layoutcheck-graph/1
name: sharded
symbols: {{T: 8, tp: 2, H: 4}}
token_count: T
groups: {{tp: tp}}
inputs:
  x: {{shape: [{rows}, {width}], shard_dim: {shard}}}
ops:
  - {{name: y, op: add, inputs: [x, x]}}
outputs: [y]
"""
        )
    )
    typed = interpret(graph)
    assert typed.diagnostics == () and typed.value("x").layout == layout


@pytest.mark.parametrize(
    ("extra", "says"),
    [("shard_dim: 2", "has no layout"), ("shard_dim: 5", "a dim of its 3-d shape"),
     ("shard_dim: 0, tokens: full", "means tokens: local")],
)  # fmt: skip
def test_a_shard_dim_without_a_layout_is_refused_in_one_line(extra: str, says: str) -> None:
    from layoutcheck.graph import GraphError
    from layoutcheck.graph_io import loads_graph

    text = f"""
format: layoutcheck-graph/1
name: sharded
symbols: {{T: 8, tp: 2, H: 4}}
token_count: T
groups: {{tp: tp}}
inputs:
  x: {{shape: [T, H, 2], {extra}}}
ops:
  - {{name: y, op: add, inputs: [x, x]}}
outputs: [y]
"""
    with pytest.raises(GraphError) as error:
        loads_graph(text)
    assert says in str(error.value) and "\n" not in str(error.value)


# -- recovery without cascades (issue 29 item 4): the bug reported once, at its op, and the ops
# written for what the writer meant are not reported again ------------------------------------

WHOLE, SPLIT, PARTIAL = FeatureState.WHOLE, FeatureState.SPLIT, FeatureState.PARTIAL
FULL, LOCAL = TokenLayout.FULL, TokenLayout.LOCAL


def _builder() -> GraphBuilder:
    sizes = {"T": 64, "tp": 4, "ep": 2, "H": 32, "I": 64}
    return GraphBuilder("recovery", symbols=sizes, groups={"tp": "tp", "ep": "ep"})


def _errors(graph: Graph) -> list[tuple[str, str | None]]:
    return [(d.rule, d.op) for d in interpret(graph).diagnostics if d.is_error]


def _partial_plus_complete(after: str) -> Graph:
    """A row-parallel output (pending sum) plus a replicated bias, then ``after``."""
    b = _builder()
    partial = b.input("o_proj", ["T", "H"], FULL, PARTIAL)
    bias = b.input("bias", ["T", "H"], FULL, WHOLE)
    added = b.op("bias_add", "add", [partial, bias])  # the bug: the bias added g times
    if after == "reduction":  # the writer meant the bias as a share: its all_reduce is right
        b.output(b.op("gelu", "activation", [b.op("reduce", "all_reduce", [added])], fn="gelu"))
    elif after == "norm":  # the writer meant the sum reduced before the add: the norm is right
        b.output(b.op("norm", "rms_norm", [added]))
    else:  # a second all_reduce is wrong on either reading: a mistake of its own
        b.output(b.op("again", "all_reduce", [b.op("reduce", "all_reduce", [added])]))
    return normalize(b.build())


@pytest.mark.parametrize("after", ["reduction", "norm"])
def test_a_partial_plus_complete_add_is_reported_once_whichever_op_follows(after: str) -> None:
    assert _errors(_partial_plus_complete(after)) == [("layout-mismatch", "bias_add")]


def test_an_op_wrong_on_every_reading_after_the_add_is_still_reported() -> None:
    assert _errors(_partial_plus_complete("double reduction")) == [
        ("layout-mismatch", "bias_add"),
        ("reduce-of-complete", "again"),
    ]


def test_the_reduction_after_the_add_settles_the_reading_and_gives_complete_features() -> None:
    typed = interpret(_partial_plus_complete("reduction"))
    assert typed.value("reduce").layout == "F·W"
    assert typed.value("gelu").layout == "F·W"


def _norm_of_split(intent: str) -> Graph:
    """A column-parallel output (split features) normed without its variance all-reduce."""
    b = _builder()
    split = b.input("up", ["T", "I/tp"], FULL, SPLIT)
    norm = b.op("norm", "rms_norm", [split])  # the bug: a norm of the rank's block
    if intent == "distributed":  # a distributed norm was meant: the row-parallel linear is right
        down = b.op("down", "linear", [norm], in_features="I", out_features="H", parallel="row")
        b.output(b.op("reduce", "all_reduce", [down]))
    else:  # the features gathered first were meant: a replicated linear of all I is right
        b.output(
            b.op("down", "linear", [norm], in_features="I", out_features="H", parallel="replicated")
        )
    return normalize(b.build())


@pytest.mark.parametrize("intent", ["distributed", "gathered"])
def test_a_norm_of_split_features_is_reported_once_and_keeps_a_consistent_shape(
    intent: str,
) -> None:
    graph = _norm_of_split(intent)
    assert _errors(graph) == [("norm-of-split", "norm")]
    typed = interpret(graph)
    # the rank's block stays split (16 of 64 features per rank), not called complete
    assert typed.value("norm").layout == "F·S"
    assert typed.context.numeric(typed.value("norm").shape[1]) == 16


@pytest.mark.parametrize("meant", ["ep", "tp"])
def test_a_reduction_over_another_group_goes_on_with_the_rows_either_group_leaves(
    meant: str,
) -> None:
    b = _builder()
    partial = b.input("o_proj", ["T", "H"], FULL, PARTIAL)  # a pending sum over tp
    scattered = b.op("scatter", "reduce_scatter", [partial], group="ep")  # the bug
    normed = b.op("norm", "rms_norm", [scattered])
    # the gather is right for the group the writer meant: the scatter's own, or the value's
    b.output(b.op("gather", "all_gather", [normed], group=meant))
    graph = normalize(b.build())
    assert _errors(graph) == [("layout-mismatch", "scatter")]
    typed = interpret(graph)
    # shown with T/ep = 32 rows per rank, as the reduce_scatter over ep leaves them (not the
    # T/tp = 16 of the value's group called ep)
    assert typed.context.numeric(typed.value("scatter").shape[0]) == 32
    assert typed.value("scatter").group == "ep"
    assert typed.value("gather").layout == "F·W"
