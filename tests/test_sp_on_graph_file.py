"""``check GRAPH.yaml --sp``: the run asked for sequence parallelism, so a graph file without it
gets ``sequence-parallel-not-applied`` as an engine graph does (it used to be ignored)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import errors_of, run

# one TP layer's attention output reduced and normalised: FULL tokens throughout
NO_SP = """\
format: layoutcheck-graph/1
name: tp-no-sp
symbols: {T: 64, tp: 4, H: 512}
token_count: T
inputs:
  attn_out: {shape: [T, H], tokens: full, features: partial, dtype: bf16}
  residual: {shape: [T, H], tokens: full, features: whole, dtype: bf16}
ops:
  - name: model.layers.0.self_attn.o_proj.all_reduce
    op: all_reduce
    inputs: [attn_out]
    attrs: {group: tp}
  - name: model.layers.0.post_attention_layernorm
    op: add_rms_norm
    inputs: [model.layers.0.self_attn.o_proj.all_reduce, residual]
outputs: [model.layers.0.post_attention_layernorm:0, model.layers.0.post_attention_layernorm:1]
"""

# the same layer with the all_reduce rewritten into a reduce_scatter and a LOCAL norm
SP = """\
format: layoutcheck-graph/1
name: tp-sp
symbols: {T: 64, tp: 4, H: 512}
token_count: T
inputs:
  attn_out: {shape: [T, H], tokens: full, features: partial, dtype: bf16}
  residual: {shape: [T/tp, H], tokens: local, features: whole, dtype: bf16}
ops:
  - name: model.layers.0.self_attn.o_proj.reduce_scatter
    op: reduce_scatter
    inputs: [attn_out]
    attrs: {group: tp}
  - name: model.layers.0.post_attention_layernorm
    op: add_rms_norm
    inputs: [model.layers.0.self_attn.o_proj.reduce_scatter, residual]
outputs: [model.layers.0.post_attention_layernorm:0, model.layers.0.post_attention_layernorm:1]
"""


def _graph(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "graph.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_graph_file_without_sp_checked_with_sp_is_an_error(tmp_path: Path) -> None:
    path = _graph(tmp_path, NO_SP)
    assert run("check", path, "--format", "json").code == 0  # nothing asked: nothing wrong
    result = run("check", path, "--sp", "--format", "json")
    assert result.code == 1, result.out or result.err
    errors = errors_of(result.json())
    assert [(d["rule"], d["op"]) for d in errors] == [
        ("sequence-parallel-not-applied", "model.layers.0.post_attention_layernorm")
    ]
    assert "model.layers.0.self_attn.o_proj.all_reduce" in errors[0]["message"]


def test_a_graph_file_with_sp_passes_with_sp(tmp_path: Path) -> None:
    result = run("check", _graph(tmp_path, SP), "--sp", "--format", "json")
    assert result.code == 0, result.out or result.err
    assert not errors_of(result.json())
