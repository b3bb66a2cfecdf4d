"""Graph files: load / write round trips, line numbers, engine aliases, and every input error."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import sympy

from layoutcheck.graph import Graph, GraphBuilder, GraphError, ValueRef
from layoutcheck.graph_io import SpecError, dumps_graph, load_graph, loads_graph, write_graph
from layoutcheck.lattice import Dtype, FeatureState, TokenLayout
from layoutcheck.symbols import parse_expr
from layoutcheck.validate import normalize
from tests.helpers import ROOT

SPEC_GRAPHS = sorted(
    path
    for pattern in ("*.yaml", "*.yml", "*.json")
    for path in (ROOT / "specs" / "graphs").rglob(pattern)
)


def yaml_text(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def load(text: str, kind: str = "yaml") -> Graph:
    return loads_graph(yaml_text(text) if kind == "yaml" else text, kind=kind)


# -- round trips -----------------------------------------------------------------------------


def test_there_are_spec_graphs_to_round_trip() -> None:
    assert SPEC_GRAPHS, "specs/graphs/ holds no graph files"


@pytest.mark.parametrize(
    "path", SPEC_GRAPHS, ids=lambda p: str(p.relative_to(ROOT / "specs" / "graphs"))
)
@pytest.mark.parametrize("kind", ["yaml", "json"])
def test_spec_graph_round_trips(path: Path, kind: str) -> None:
    graph = load_graph(path)
    text = dumps_graph(graph, kind)
    again = loads_graph(text, kind=kind)
    assert again == graph
    # and writing the reloaded graph gives the same text: the file form is stable
    assert dumps_graph(again, kind) == text


@pytest.mark.parametrize(
    "path", SPEC_GRAPHS, ids=lambda p: str(p.relative_to(ROOT / "specs" / "graphs"))
)
@pytest.mark.parametrize("suffix", [".yaml", ".json"])
def test_spec_graph_round_trips_through_files(path: Path, suffix: str, tmp_path: Path) -> None:
    graph = load_graph(path)
    target = tmp_path / f"copy{suffix}"
    write_graph(graph, target)
    if suffix == ".json":
        json.loads(target.read_text())  # really JSON
    assert load_graph(target) == graph


def built_graph() -> Graph:
    """A graph that uses every kind of attr value, input declaration and output port."""
    names = {"T": 4096, "tp": 16, "H": 6144, "ep": 16, "I": None}
    b = GraphBuilder("built", symbols=names, groups={"tp": "tp", "ep": "ep"}, contract="mc2-decode")

    def e(text: str) -> sympy.Expr:
        return parse_expr(text, set(names))

    hidden = b.input("hidden", [e("T/tp"), "H"], tokens=TokenLayout.LOCAL)
    residual = b.input("residual", [e("T/tp"), "H"], tokens=TokenLayout.LOCAL)
    ids = b.input("ids", ["T"], dtype=Dtype.INT64, features=FeatureState.WHOLE)
    partial = b.input(
        "partial", ["T", "H"], features=FeatureState.PARTIAL, dtype=Dtype.FP32, group="ep"
    )
    region = b.op("layer.begin", "region_begin", [hidden, residual], region="layer", repeat=78)
    norm = b.op("layer.norm", "add_rms_norm", [region, b.out(region, 1)], eps="1e-6")
    gather = b.op("layer.gather", "all_gather", [norm], group="tp")
    up = b.op(
        "layer.up",
        "linear",
        [gather],
        in_features="H",
        out_features="2*I",
        parallel="column",
        quant="w8a8_dynamic",
        bias=True,
    )
    act = b.op("layer.act", "activation", [up], fn="swiglu")
    down = b.op("layer.down", "linear", [act], in_features="I", out_features="H", parallel="row")
    parts = b.op("layer.split", "split", [down], sizes=[e("H - 2048"), 2048])
    b.op("layer.pad", "pad_tokens", [b.out(parts, 1)])
    embed = b.op("embed", "embedding", [ids], vocab=129280, hidden="H", parallel="replicated")
    reduced = b.op("reduce", "all_reduce", [partial], group="ep")
    end = b.op("layer.end", "region_end", [norm, b.out(norm, 1)], region="layer")
    b.output(end, b.out(end, 1), embed, reduced, ValueRef("layer.split", 1))
    return normalize(b.build())


@pytest.mark.parametrize("kind", ["yaml", "json"])
def test_built_graph_round_trips(kind: str) -> None:
    graph = built_graph()
    again = loads_graph(dumps_graph(graph, kind), kind=kind)
    assert again == graph
    assert again.op("layer.up").attr("bias") is True
    assert again.op("layer.begin").attr("repeat") == 78
    assert again.input("partial").group == "ep"
    assert dict(again.symbols)["I"] is None


@pytest.mark.parametrize(
    "dim",
    [
        "T/tp",
        "ceil(T/tp)*tp",
        "(T + tp - 1)//tp",
        "T - T % tp",
        "min(T, 2048)",
        "max(H, 2*tp)",
        "2*(H + 64)/tp",
        "(H + 64)/tp*2",
        "H*(2/tp)",
        "H**2/tp**2",
        "tp/T**2*H",
    ],
)
@pytest.mark.parametrize("kind", ["yaml", "json"])
def test_expression_spellings_round_trip(dim: str, kind: str) -> None:
    # T = 32 keeps every spelling a whole feature size (tp/T**2*H = 1), as a size must be
    graph = load(
        f"""
        format: layoutcheck-graph/1
        symbols: {{T: 32, tp: 16, H: 64}}
        inputs:
          x: {{shape: [T, "{dim}"]}}
        ops: []
        """
    )
    assert loads_graph(dumps_graph(graph, kind), kind=kind) == graph


def test_graph_equality_sees_a_changed_attr() -> None:
    # the round-trip tests above would prove nothing if equality ignored the ops
    graph = built_graph()
    op = graph.op("layer.up")
    changed = graph.with_ops(
        op.evolve(attrs=tuple((k, "row" if k == "parallel" else v) for k, v in op.attrs))
        if other.name == op.name
        else other
        for other in graph.ops
    )
    assert changed != graph
    assert graph.evolve(symbols=(("T", 4095), *graph.symbols[1:])) != graph


def test_loaded_graph_keeps_its_source_and_default_name(tmp_path: Path) -> None:
    path = tmp_path / "my-graph.yaml"
    path.write_text(
        yaml_text(
            """
            format: layoutcheck-graph/1
            symbols: {T: 8, tp: 2, H: 4}
            inputs:
              x: {shape: [T, H]}
            ops: []
            """
        )
    )
    graph = load_graph(path)
    assert graph.name == "my-graph"
    assert graph.source == str(path)


# -- line numbers ----------------------------------------------------------------------------

LINED = """\
format: layoutcheck-graph/1
name: lines
symbols: {T: 64, tp: 4, H: 32}
inputs:
  x: {shape: [T/tp, H], tokens: local}

  residual:
    shape: [T/tp, H]
    tokens: local
ops:
  - name: norm
    op: add_rms_norm
    inputs: [x, residual]
  # a comment line

  - name: gather
    op: all_gather
    inputs: [norm]
  - {name: flat, op: rms_norm, inputs: [gather]}
outputs: [flat, norm:1]
"""


def test_yaml_line_numbers_of_ops_and_inputs() -> None:
    graph = loads_graph(LINED)
    assert {op.name: op.line for op in graph.ops} == {"norm": 11, "gather": 16, "flat": 19}
    assert {spec.name: spec.line for spec in graph.inputs} == {"x": 5, "residual": 7}


def test_json_line_numbers_of_ops_and_inputs() -> None:
    text = (
        "{\n"
        '  "format": "layoutcheck-graph/1",\n'
        '  "name": "lines",\n'
        '  "symbols": {"T": 64, "tp": 4, "H": 32},\n'
        '  "inputs": {\n'
        '    "x": {"shape": ["T/tp", "H"], "tokens": "local"},\n'
        '    "residual": {"shape": ["T/tp", "H"], "tokens": "local"}\n'
        "  },\n"
        '  "ops": [\n'
        '    {"name": "norm", "op": "add_rms_norm", "inputs": ["x", "residual"]},\n'
        "\n"
        '    {"name": "gather", "op": "all_gather", "inputs": ["norm"]}\n'
        "  ],\n"
        '  "outputs": ["gather", "norm:1"]\n'
        "}\n"
    )
    graph = loads_graph(text, kind="json")
    assert {op.name: op.line for op in graph.ops} == {"norm": 10, "gather": 12}
    assert {spec.name: spec.line for spec in graph.inputs} == {"x": 6, "residual": 7}


@pytest.mark.parametrize(
    "path", SPEC_GRAPHS, ids=lambda p: str(p.relative_to(ROOT / "specs" / "graphs"))
)
def test_written_json_records_a_line_holding_each_op(path: Path) -> None:
    text = dumps_graph(load_graph(path), "json")
    lines = text.splitlines()
    graph = loads_graph(text, kind="json")
    for op in graph.ops:
        assert op.line is not None
        assert f'"{op.name}"' in lines[op.line - 1]
    for spec in graph.inputs:
        assert spec.line is not None
        assert f'"{spec.name}"' in lines[spec.line - 1]


def test_line_numbers_do_not_change_graph_equality() -> None:
    assert loads_graph(LINED) == loads_graph("\n\n" + LINED)


def test_errors_carry_the_line_of_the_op() -> None:
    with pytest.raises(GraphError) as caught:
        loads_graph(LINED.replace("op: all_gather", "op: all_gahter"))
    assert caught.value.op == "gather"
    assert caught.value.line == 16


# -- engine aliases --------------------------------------------------------------------------

ALIASED = """
format: layoutcheck-graph/1
symbols: {T: 64, tp: 4, H: 32, heads: 8, dn: 16, dr: 8, dv: 16, kvl: 32}
inputs:
  x: {shape: [T, H]}
  r: {shape: [T, H]}
  q: {shape: [T, heads*(dn+dr)]}
  kv: {shape: [T, kvl+dr]}
  idx: {shape: [T, 16], dtype: int32}
ops:
  - name: norm
    op: @add_rms_norm@
    inputs: [x, r]
  - name: mla
    op: @mla_attention@
    inputs: [q, kv]
    attrs:
      {heads: heads, qk_nope_head_dim: dn, qk_rope_head_dim: dr, v_head_dim: dv, kv_lora_rank: kvl}
  - name: sfa
    op: @sparse_attention@
    inputs: [q, kv, idx]
    attrs: {heads: heads, qk_nope_head_dim: dn, qk_rope_head_dim: dr, v_head_dim: dv,
            kv_lora_rank: kvl, topk: 16}
  - name: o_proj
    op: linear
    inputs: [norm]
    attrs: {in_features: H, out_features: H, @parallel@}
"""
CANONICAL = {
    "add_rms_norm": "add_rms_norm",
    "mla_attention": "mla_attention",
    "sparse_attention": "sparse_attention",
    "parallel": "parallel: replicated",
}
ENGINE = {
    "add_rms_norm": "add_rms_norm2",
    "mla_attention": "multihead_latent_attention",
    "sparse_attention": "mla_sparse_attention",
    "parallel": "disable_tp: true",
}


def spelled(spellings: dict[str, str]) -> str:
    text = ALIASED
    for key, value in spellings.items():
        text = text.replace(f"@{key}@", value)
    return text


def test_engine_aliases_load_to_canonical_names() -> None:
    graph = load(spelled(ENGINE))
    kinds = {op.name: op.kind for op in graph.ops}
    assert kinds == {
        "norm": "add_rms_norm",
        "mla": "mla_attention",
        "sfa": "sparse_attention",
        "o_proj": "linear",
    }
    assert graph.op("o_proj").attr("parallel") == "replicated"
    assert graph.op("o_proj").attr("disable_tp") is None
    assert graph == load(spelled(CANONICAL))


def test_aliased_graph_is_written_with_canonical_names() -> None:
    text = dumps_graph(load(spelled(ENGINE)))
    for alias in ("add_rms_norm2", "multihead_latent_attention", "mla_sparse_attention"):
        assert alias not in text
    assert "disable_tp" not in text


def test_disable_tp_false_says_nothing() -> None:
    graph = load(spelled({**ENGINE, "parallel": "parallel: column, disable_tp: false"}))
    assert graph.op("o_proj").attr("parallel") == "column"
    with pytest.raises(GraphError) as caught:
        load(spelled({**ENGINE, "parallel": "disable_tp: false"}))
    assert caught.value.op == "o_proj"


@pytest.mark.parametrize("parallel", ["row", "column"])
def test_disable_tp_is_not_silently_dropped_next_to_parallel(parallel: str) -> None:
    # vLLM spells a replicated o_proj RowParallelLinear(..., disable_tp=True): the flag wins, or
    # the file is refused as contradictory; it must never load as a sharded linear.
    text = spelled({**ENGINE, "parallel": f"parallel: {parallel}, disable_tp: true"})
    try:
        graph = load(text)
    except GraphError as error:
        assert error.op == "o_proj"
    else:
        assert graph.op("o_proj").attr("parallel") == "replicated"


def test_disable_tp_only_applies_to_linear() -> None:
    text = LINED.replace("inputs: [norm]\n", "inputs: [norm]\n    attrs: {disable_tp: true}\n")
    with pytest.raises(GraphError) as caught:
        loads_graph(text)
    assert caught.value.op == "gather"


# -- YAML features that graph files refuse ---------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        """
        format: layoutcheck-graph/1
        symbols: {T: 8, H: 4}
        inputs:
          x: &shape {shape: [T, H]}
          y: *shape
        ops: []
        """,
        """
        format: layoutcheck-graph/1
        symbols: {T: 8, H: 4}
        inputs:
          x: {shape: [T, H]}
        ops:
          - &norm {name: a, op: rms_norm, inputs: [x]}
          - {<<: *norm, name: b}
        """,
        """
        format: layoutcheck-graph/1
        symbols: &s {T: 8, H: 4}
        name: *s
        ops: []
        """,
        """
        format: layoutcheck-graph/1
        symbols: {T: 8, H: 4}
        inputs:
          x: {shape: &dims [T, H]}
          y: {shape: *dims}
        ops: []
        """,
    ],
    ids=["alias-mapping", "merge-key", "alias-at-top", "alias-list"],
)
def test_yaml_anchors_and_aliases_are_refused(text: str) -> None:
    with pytest.raises(SpecError, match="alias"):
        load(text)


def test_billion_laughs_is_refused() -> None:
    lines = ["format: layoutcheck-graph/1", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]" for i in range(1, 9)]
    with pytest.raises(SpecError):
        loads_graph("\n".join(lines) + "\n")


# -- structural errors: each names the op ----------------------------------------------------

HEAD = """\
format: layoutcheck-graph/1
symbols: {T: 64, tp: 4, H: 32}
inputs:
  x: {shape: [T, H]}
ops:
  - name: first
    op: rms_norm
    inputs: [x]
"""
BAD_LINE = HEAD.count("\n") + 1  # the line where an appended op starts


@pytest.mark.parametrize(
    ("ops", "message"),
    [
        pytest.param(
            "  - name: bad\n    op: all_gahter\n    inputs: [first]\n",
            "unknown op",
            id="unknown-op",
        ),
        pytest.param(
            "  - name: bad\n    op: rms_norm\n    inputs: [first]\n    attrs: {colour: red}\n",
            "unknown attr",
            id="unknown-attr",
        ),
        pytest.param(
            "  - name: bad\n    op: linear\n    inputs: [first]\n"
            "    attrs: {in_features: H, out_features: H}\n",
            "parallel",
            id="missing-required-attr",
        ),
        pytest.param(
            "  - name: bad\n    op: add\n    inputs: [first]\n", "inputs", id="too-few-inputs"
        ),
        pytest.param(
            "  - name: bad\n    op: rms_norm\n    inputs: [first, x]\n", "inputs", id="too-many"
        ),
        pytest.param(
            "  - name: bad\n    op: concat\n    inputs: [first]\n", "inputs", id="variadic-min"
        ),
        pytest.param(
            "  - name: bad\n    op: rms_norm\n    inputs: [nowhere]\n", "nowhere", id="dangling"
        ),
        pytest.param(
            "  - name: bad\n    op: rms_norm\n    inputs: ['first:1']\n",
            "first:1",
            id="port-out-of-range",
        ),
        pytest.param(
            "  - name: bad\n    op: rms_norm\n    inputs: ['parts:2']\n"
            "  - name: parts\n    op: split\n    inputs: [x]\n    attrs: {sizes: [16, 16]}\n",
            "parts:2",
            id="port-out-of-range-of-split",
        ),
        pytest.param(
            "  - name: x\n    op: rms_norm\n    inputs: [first]\n",
            "duplicate",
            id="op-named-as-input",
        ),
        pytest.param(
            "  - name: bad\n    op: add\n    inputs: [first, bad2]\n"
            "  - name: bad2\n    op: rms_norm\n    inputs: [bad]\n",
            "cycle",
            id="cycle",
        ),
        pytest.param(
            "  - name: bad\n    op: rms_norm\n    inputs: [bad]\n", "cycle", id="self-loop"
        ),
        pytest.param(
            "  - name: bad\n    op: linear\n    inputs: [first]\n"
            "    attrs: {in_features: H, out_features: Q, parallel: column}\n",
            "unknown symbol 'Q'",
            id="unknown-symbol-in-attr",
        ),
        pytest.param(
            "  - name: bad\n    op: linear\n    inputs: [first]\n"
            "    attrs: {in_features: H, out_features: H*1.5, parallel: column}\n",
            "out_features",
            id="float-in-attr",
        ),
        pytest.param(
            "  - name: bad\n    op: linear\n    inputs: [first]\n"
            "    attrs: {in_features: H, out_features: \"__import__('os').system('echo pwned')\","
            " parallel: column}\n",
            "out_features",
            id="code-in-attr",
        ),
        pytest.param(
            "  - name: bad\n    op: linear\n    inputs: [first]\n"
            "    attrs: {in_features: H, out_features: 0, parallel: column}\n",
            "positive",
            id="zero-size",
        ),
        pytest.param(
            "  - name: bad\n    op: linear\n    inputs: [first]\n"
            "    attrs: {in_features: H, out_features: diagonal, parallel: diagonal}\n",
            "attr",
            id="bad-choice",
        ),
        pytest.param(
            "  - name: bad\n    op: all_gather\n    inputs: [first]\n    attrs: {group: dp}\n",
            "group",
            id="undeclared-group",
        ),
        pytest.param(
            "  - name: bad\n    op: split\n    inputs: [first]\n    attrs: {sizes: 16}\n",
            "sizes",
            id="sizes-not-a-list",
        ),
        pytest.param(
            "  - name: bad\n    op: linear\n    inputs: [first]\n"
            "    attrs: {in_features: H, out_features: H, parallel: column, bias: 1}\n",
            "bias",
            id="flag-not-a-bool",
        ),
        pytest.param(
            "  - name: bad\n    opp: rms_norm\n    inputs: [first]\n", "opp", id="unknown-op-key"
        ),
        pytest.param("  - name: bad\n    inputs: [first]\n", "op", id="missing-op-kind"),
        pytest.param(
            "  - name: bad\n    op: rms_norm\n    inputs: first\n", "inputs", id="inputs-not-list"
        ),
    ],
)
def test_structural_errors_name_the_op(ops: str, message: str) -> None:
    with pytest.raises(GraphError, match=None) as caught:
        loads_graph(HEAD + ops)
    error = caught.value
    assert error.op == "bad" or error.op == "x", str(error)
    assert message in str(error)
    assert error.line == BAD_LINE


def test_duplicate_op_names_name_the_op() -> None:
    with pytest.raises(GraphError) as caught:
        loads_graph(HEAD + "  - name: first\n    op: rms_norm\n    inputs: [x]\n")
    assert caught.value.op == "first"
    assert "duplicate" in str(caught.value)


def test_duplicate_op_name_points_at_the_second_definition() -> None:
    with pytest.raises(GraphError) as caught:
        loads_graph(HEAD + "  - name: first\n    op: rms_norm\n    inputs: [x]\n")
    assert caught.value.line == BAD_LINE


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (
            "format: layoutcheck-graph/1\nsymbols: {T: 8, H: 4}\ninputs:\n"
            "  x: {shape: [T, H]}\n  x: {shape: [T, 2*H]}\nops: []\n",
            "yaml",
        ),
        (
            '{"format": "layoutcheck-graph/1", "symbols": {"T": 8, "H": 4}, "inputs": '
            '{"x": {"shape": ["T", "H"]}, "x": {"shape": ["T", 8]}}, "ops": []}',
            "json",
        ),
    ],
    ids=["yaml", "json"],
)
def test_duplicate_input_names_are_refused(text: str, kind: str) -> None:
    # a mapping that names an input twice must not silently keep only the last declaration
    with pytest.raises(GraphError):
        loads_graph(text, kind=kind)


def test_graph_output_with_a_dangling_reference() -> None:
    with pytest.raises(GraphError, match="nowhere"):
        loads_graph(HEAD + "outputs: [nowhere]\n")


def test_builder_refuses_duplicate_names() -> None:
    b = GraphBuilder("dup", symbols={"T": 8, "tp": 2, "H": 4})
    x = b.input("x", ["T", "H"])
    b.op("a", "rms_norm", [x])
    with pytest.raises(GraphError) as caught:
        b.op("a", "rms_norm", [x])
    assert caught.value.op == "a"


def test_normalize_checks_built_graphs_like_files() -> None:
    b = GraphBuilder("built", symbols={"T": 8, "tp": 2, "H": 4})
    x = b.input("x", ["T", "H"])
    b.op("bad", "linear", [x], in_features="H", out_features="Q", parallel="column")
    with pytest.raises(GraphError) as caught:
        normalize(b.build())
    assert caught.value.op == "bad"
    assert "Q" in str(caught.value)


# -- errors in the rest of the file ----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(HEAD.replace("T: 64", "T: -64"), id="negative-symbol"),
        pytest.param(HEAD.replace("T: 64", "T: 0"), id="zero-symbol"),
        pytest.param(HEAD.replace("T: 64", "T: 6.5"), id="float-symbol"),
        pytest.param(HEAD.replace("T: 64", "T: yes"), id="bool-symbol"),
        pytest.param(HEAD.replace("T: 64", "2T: 64"), id="bad-symbol-name"),
        pytest.param(HEAD.replace("inputs:", "groups: {tp: 0}\ninputs:"), id="zero-group"),
        pytest.param(HEAD.replace("inputs:", "groups: {tp: -4}\ninputs:"), id="negative-group"),
        pytest.param(HEAD.replace("inputs:", "groups: {tp: tp - 4}\ninputs:"), id="group-0"),
        pytest.param(HEAD.replace("inputs:", "groups: {tp: tp/3}\ninputs:"), id="group-4/3"),
        pytest.param(HEAD.replace("inputs:", "groups: {tp: Q}\ninputs:"), id="group-unknown"),
        pytest.param(HEAD.replace("graph/1", "graph/2"), id="format-version-2"),
        pytest.param(HEAD.replace("graph/1", "graph/0"), id="format-version-0"),
        pytest.param(HEAD.replace("format: layoutcheck-graph/1\n", ""), id="missing-format"),
        pytest.param(HEAD.replace("format:", "fromat:"), id="unknown-top-key"),
        pytest.param(
            HEAD.replace("x: {shape: [T, H]}", "x: {shape: [T, H], colour: red}"), id="input-key"
        ),
        pytest.param(HEAD.replace("x: {shape: [T, H]}", "x: {shape: []}"), id="input-empty-shape"),
        pytest.param(HEAD.replace("x: {shape: [T, H]}", "x: {tokens: local}"), id="input-no-shape"),
        pytest.param(HEAD.replace("[T, H]}", "[T, H], tokens: top}"), id="input-tokens-top"),
        pytest.param(HEAD.replace("[T, H]}", "[T, H], features: half}"), id="input-features"),
        pytest.param(HEAD.replace("[T, H]}", "[T, H], dtype: bf8}"), id="input-dtype"),
        pytest.param(
            HEAD.replace("[T, H]}", "[T, H], tokens: local, group: dp}"), id="input-group"
        ),
        pytest.param(HEAD.replace("[T, H]}", "[T/Q, H]}"), id="input-unknown-symbol"),
        pytest.param(HEAD + "outputs: first\n", id="outputs-not-a-list"),
        pytest.param(HEAD + "outputs: ['first:1']\n", id="output-port-out-of-range"),
        pytest.param(
            HEAD.replace("inputs:\n  x: {shape: [T, H]}", "inputs: [x]"), id="inputs-list"
        ),
        pytest.param(
            HEAD.replace("symbols: {T: 64, tp: 4, H: 32}", "symbols: [T, tp, H]"), id="symbols-list"
        ),
        pytest.param(HEAD.replace("inputs:", "groups: [tp]\ninputs:"), id="groups-list"),
        pytest.param(HEAD.replace("op: rms_norm", "op: 5"), id="op-kind-not-text"),
        pytest.param(
            HEAD.replace("    op: rms_norm\n", "    op: rms_norm\n    op: add\n"), id="op-key-twice"
        ),
        pytest.param(
            HEAD.replace("ops:\n", "ops: {first: rms_norm}\n").split("  - ")[0], id="ops-mapping"
        ),
        pytest.param("- format\n- ops\n", id="top-level-list"),
        pytest.param("just text\n", id="top-level-scalar"),
        pytest.param("42\n", id="top-level-int"),
        pytest.param("format: [layoutcheck-graph/1\nops: }\n", id="malformed-yaml"),
        pytest.param("format: layoutcheck-graph/1\n\tops: []\n", id="yaml-tab"),
        pytest.param("format: layoutcheck-graph/1\nops: [\n", id="yaml-unclosed"),
        pytest.param("", id="empty-text"),
        pytest.param("# only a comment\n", id="only-a-comment"),
    ],
)
def test_file_errors_raise_graph_errors(text: str) -> None:
    with pytest.raises(GraphError):
        loads_graph(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"format": "layoutcheck-graph/1", "ops": [}',
        '{"format": "layoutcheck-graph/1",}',
        "{'format': 'layoutcheck-graph/1'}",
        "format: layoutcheck-graph/1\n",
        "",
        "[1, 2]",
        "null",
        "[" * 100_000 + "]" * 100_000,
    ],
    ids=[
        "bad-bracket",
        "trailing-comma",
        "single-quotes",
        "yaml-not-json",
        "empty",
        "list",
        "null",
        "deep",
    ],
)
def test_malformed_json_raises_graph_errors(text: str) -> None:
    with pytest.raises(GraphError):
        loads_graph(text, kind="json")


def test_malformed_yaml_reports_its_line() -> None:
    with pytest.raises(SpecError) as caught:
        loads_graph("format: layoutcheck-graph/1\nops:\n  - name: a\n    op: [rms_norm\n")
    assert caught.value.line is not None and caught.value.line >= 4


def test_malformed_json_reports_its_line() -> None:
    with pytest.raises(SpecError) as caught:
        loads_graph('{\n"format": "layoutcheck-graph/1",\n"ops": [}\n}', kind="json")
    assert caught.value.line == 3


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("empty.yaml", b""),
        ("blank.yaml", b"  \n\n\t\n"),
        ("empty.json", b""),
        ("binary.yaml", b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00"),
        ("binary.json", b'{"format": "layoutcheck-graph/1"\x00}'),
        ("latin1.yaml", "format: layoutcheck-graph/1\nname: caf\xe9\n".encode("latin-1")),
    ],
)
def test_unusable_files_raise_spec_errors(name: str, content: bytes, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(SpecError):
        load_graph(path)


def test_missing_file_raises_spec_error(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="no such file"):
        load_graph(tmp_path / "nowhere.yaml")


def test_directory_raises_spec_error(tmp_path: Path) -> None:
    with pytest.raises(SpecError):
        load_graph(tmp_path)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        (
            HEAD + "  - name: bad\n    op: linear\n    inputs: [first]\n"
            "    attrs: {in_features: H, out_features: " + "9" * 5000 + ", parallel: column}\n",
            "yaml",
        ),
        (HEAD.replace("T: 64", "T: " + "9" * 5000), "yaml"),
        (
            '{"format": "layoutcheck-graph/1", "symbols": {"T": ' + "9" * 5000 + '}, "ops": []}',
            "json",
        ),
    ],
    ids=["yaml-attr", "yaml-symbol", "json-symbol"],
)
def test_huge_integers_in_a_file_are_input_errors(text: str, kind: str) -> None:
    with pytest.raises(GraphError):
        loads_graph(text, kind=kind)


def test_brackets_in_comments_are_not_nesting() -> None:
    # a comment is not YAML structure, however many brackets it holds
    text = LINED.replace("ops:\n", "ops:\n  # shapes: " + "[T/tp, H " * 80 + "\n")
    assert loads_graph(text) == loads_graph(LINED)


def test_deeply_nested_yaml_is_refused_without_crashing(tmp_path: Path) -> None:
    # a 100 kB file of nested brackets; run in a child process so a crash cannot take the
    # test run down with it
    path = tmp_path / "deep.yaml"
    path.write_text("[" * 50_000 + "]" * 50_000 + "\n")
    code = (
        "import sys\n"
        "from layoutcheck.graph_io import SpecError, load_graph\n"
        "try:\n"
        "    load_graph(sys.argv[1])\n"
        "except SpecError:\n"
        "    print('refused')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, f"exit code {result.returncode}: {result.stderr[-2000:]}"
    assert result.stdout.strip() == "refused"


# -- what a loaded graph holds ---------------------------------------------------------------


def test_loaded_values_are_parsed_expressions() -> None:
    graph = loads_graph(LINED)
    t, tp, h = (parse_expr(name, {"T", "tp", "H"}) for name in ("T", "tp", "H"))
    assert graph.input("x").shape == (t / tp, h)
    assert graph.input("x").tokens is TokenLayout.LOCAL
    assert graph.input("x").features is FeatureState.WHOLE
    assert graph.input("x").dtype is Dtype.BF16
    assert graph.token_count == t
    assert graph.groups == (("tp", tp),)
    assert graph.outputs == (ValueRef("flat"), ValueRef("norm", 1))
    assert graph.op("gather").inputs == (ValueRef("norm", 0),)


def test_integer_attrs_load_as_sympy_integers() -> None:
    graph = loads_graph(
        HEAD + "  - name: lin\n    op: linear\n    inputs: [first]\n"
        "    attrs: {in_features: 32, out_features: '2*H', parallel: column}\n"
    )
    op = graph.op("lin")
    assert op.attr("in_features") == sympy.Integer(32)
    assert op.attr("out_features") == 2 * parse_expr("H", {"H"})


# -- hostile text ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("norm:1", ValueRef("norm", 1)),
        ("norm:²", ValueRef("norm:²", 0)),  # '²'.isdigit() is true; int('²') fails
        ("norm:٣", ValueRef("norm:٣", 0)),  # int('٣') is 3: still not a port here
        ("norm:" + "9" * 20, ValueRef("norm:" + "9" * 20, 0)),
    ],
)
def test_a_port_is_ascii_digits(text: str, ref: ValueRef) -> None:
    assert ValueRef.parse(text) == ref


def test_a_reference_with_a_unicode_port_is_an_unknown_name() -> None:
    text = HEAD + "  - {name: second, op: rms_norm, inputs: ['first:²']}\n"
    with pytest.raises(GraphError, match="'first:²', which no op or input defines"):
        loads_graph(text)


def test_a_file_of_too_many_ops_is_refused_before_parsing() -> None:
    ops = "".join(f"  - {{name: a{i}, op: rms_norm, inputs: [x]}}\n" for i in range(500_001))
    with pytest.raises(SpecError, match="about 500001 ops; the limit is 500000"):
        loads_graph(HEAD.split("ops:")[0] + "ops:\n" + ops)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("T: 64", "T: " + "1" + "0" * 13, "symbol 'T' is 10**13; the limit is 10**12"),
        ("T: 64", "T: 10.5", "must be a positive integer or null"),
        ("symbols:", "name: {a: 1}\nsymbols:", "name must be text"),
        ("{shape: [T, H]}", "{shape: [T, H], group: [tp]}", "group must name a group"),
        ("    inputs: [x]\n", "    inputs: [x]\n    layer: 16384\n", "decoder layer index"),
    ],
)  # fmt: skip
def test_values_of_the_wrong_kind_or_size_are_refused(old: str, new: str, message: str) -> None:
    assert old in HEAD
    with pytest.raises(SpecError) as raised:
        loads_graph(HEAD.replace(old, new, 1))
    assert message in raised.value.message


def test_op_evolve_is_attrs_evolve_for_every_field() -> None:
    """Op.evolve spells out the fields (for speed): each one, changed alone, gives what
    attrs.evolve gives, and a name that is not a field is refused as attrs refuses it."""
    import attrs as attrs_module

    from layoutcheck.graph import Op, ValueRef
    from layoutcheck.roles import role

    op = Op("a", "rms_norm", (ValueRef("x"),), (("eps", "1e-6"),), 3, role("attention"), 1, "f:1")
    changes = {
        "name": "b", "kind": "linear", "inputs": (ValueRef("y", 1),), "attrs": (),
        "line": 9, "role": None, "layer": 7, "source": None, "local": "mlp",
    }  # fmt: skip
    assert set(changes) == {field.name for field in attrs_module.fields(Op)}
    for name, value in changes.items():
        ours, theirs = op.evolve(**{name: value}), attrs_module.evolve(op, **{name: value})
        assert ours == theirs and getattr(ours, name) == value
        assert (ours.line, ours.source) == (theirs.line, theirs.source)  # eq=False fields
    with pytest.raises(TypeError):
        op.evolve(nmae="c")
