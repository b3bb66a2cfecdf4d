"""The catalogue's table of pointwise functions is the one word on their algebra: each fact it
states holds for the simulator's kernel of that function, the layout rule follows it (not the
graph's ``linear:``), and a ``linear: true`` it contradicts is refused in one line (exit 2) —
PyTorch DTensor's norm of a Partial taken as linear (PR 159856) among them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
import yaml

from layoutcheck.graph_io import loads_graph
from layoutcheck.interp import interpret
from layoutcheck.ops.functions import FUNCTIONS, Function, Linearity
from layoutcheck.sim import POINTWISE
from tests.helpers import ROOT, run

RNG = np.random.default_rng(7)


def _operands(function: Function, count: int) -> list[np.ndarray]:
    # values away from 0 so a divisor or a log is defined; rounding functions see non-integers
    return [RNG.uniform(0.3, 1.7, (5, 3)) * RNG.choice([-1.0, 1.0], (5, 3)) for _ in range(count)]


def _counts(function: Function) -> range:
    low, high = function.operands
    return range(low, min(high, 2) + 1)


def test_every_function_of_the_table_has_a_kernel_and_no_kernel_is_outside_it() -> None:
    assert set(POINTWISE) == set(FUNCTIONS)


def test_every_function_an_engine_op_map_emits_is_in_the_table() -> None:
    emitted = set()
    for path in sorted((ROOT / "layoutcheck" / "engines" / "opmaps").glob("*.yaml")):
        for section in (yaml.safe_load(path.read_text()) or {}).values():
            if not isinstance(section, dict):
                continue
            for entry in section.values():
                if isinstance(entry, dict) and entry.get("lower") == "pointwise":
                    emitted.add(entry["fn"])
    assert emitted and emitted <= set(FUNCTIONS), sorted(emitted - set(FUNCTIONS))


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_the_stated_facts_hold_for_the_kernel(name: str) -> None:
    function, kernel = FUNCTIONS[name], POINTWISE[name]
    for count in _counts(function):
        xs = _operands(function, count)
        linearity = function.linearity(count)
        a, b = _operands(function, 1)[0], _operands(function, 1)[0]
        if linearity in (Linearity.FIRST, Linearity.EACH):
            slots = range(count) if linearity is Linearity.EACH else range(1)
            for slot in slots:
                with_a = [a if i == slot else x for i, x in enumerate(xs)]
                with_b = [b if i == slot else x for i, x in enumerate(xs)]
                with_sum = [a + b if i == slot else x for i, x in enumerate(xs)]
                assert np.allclose(kernel(with_sum), kernel(with_a) + kernel(with_b)), (name, slot)
        if linearity is Linearity.ADDITIVE:
            ys = _operands(function, count)
            summed = [x + y for x, y in zip(xs, ys, strict=True)]
            assert np.allclose(kernel(summed), kernel(xs) + kernel(ys)), name
        if function.odd:
            negated = [-xs[0], *xs[1:]]
            assert np.allclose(kernel(negated), -kernel(xs)), (name, count)
        if function.zero_preserving:
            zero = [np.zeros_like(xs[0]), *xs[1:]]
            assert np.allclose(kernel(zero), 0.0), (name, count)


@pytest.mark.parametrize(
    ("name", "count"), [("add", 1), ("sub", 1), ("pow", 1), ("rsqrt", 1), ("exp", 1)]
)
def test_a_function_the_table_calls_non_linear_is_not_linear_for_its_kernel(
    name: str, count: int
) -> None:
    kernel = POINTWISE[name]
    a, b = _operands(FUNCTIONS[name], 2)
    assert not np.allclose(kernel([a + b]), kernel([a]) + kernel([b]))


GRAPH = """format: layoutcheck-graph/1
name: dtensor-partial-norm
symbols: {T: 8, tp: 2, H: 8}
token_count: T
groups: {tp: tp}
inputs:
  x: {shape: [T, H/tp], tokens: full, features: split, dtype: fp32}
ops:
  - {name: proj, op: linear, inputs: [x], attrs: {in_features: H, out_features: H, parallel: row}}
REDUCE
  - {name: square, op: pointwise, inputs: [SOURCE], attrs: {fn: pow LINEAR}}
  - {name: total, op: feature_sum, inputs: [square], attrs: {axes: [1], features: [1]}}
  - {name: norm, op: pointwise, inputs: [total], attrs: {fn: sqrt LINEAR}}
outputs: [norm]
"""


def _norm_graph(*, linear: bool, reduced: bool) -> str:
    reduce = "  - {name: reduce, op: all_reduce, inputs: [proj]}" if reduced else ""
    return (
        GRAPH.replace("REDUCE\n", reduce + "\n" if reduce else "")
        .replace("SOURCE", "reduce" if reduced else "proj")
        .replace(" LINEAR", ", linear: true" if linear else "")
    )


def test_dtensor_s_norm_of_a_partial_taken_as_linear_is_refused(tmp_path: Path) -> None:
    """DTensor PR 159856: the 2-norm of a Partial was computed as if the norm were linear
    (each rank's norm summed). Written with `linear: true`, the graph is refused, naming the op
    and the function; without it, the type rules reject the pending sum at the square; with
    the all_reduce first it is sound."""
    path = tmp_path / "claimed.yaml"
    path.write_text(_norm_graph(linear=True, reduced=False))
    result = run("check", path)
    assert result.code == 2 and result.out == ""
    (line,) = result.err.splitlines()
    assert "square" in line and "pointwise pow is not linear" in line and "[bad-spec]" in line
    unclaimed = interpret(loads_graph(_norm_graph(linear=False, reduced=False)))
    errors = [(d.rule.id, d.op) for d in unclaimed.diagnostics if d.is_error]
    assert errors[0] == ("partial-into-nonlinear", "square")
    fixed = interpret(loads_graph(_norm_graph(linear=False, reduced=True)))
    assert not [d for d in fixed.diagnostics if d.is_error]


def _partial_with(fn: str, other: str, linear: str = "") -> list[tuple[str, str]]:
    graph = loads_graph(f"""format: layoutcheck-graph/1
name: partial-through-{fn}
symbols: {{T: 8, tp: 2, H: 8}}
token_count: T
groups: {{tp: tp}}
inputs:
  x: {{shape: [T, H/tp], tokens: full, features: split, dtype: fp32}}
  m: {{shape: [T, H], tokens: full, features: whole, dtype: fp32}}
ops:
  - name: proj
    op: linear
    inputs: [x]
    attrs: {{in_features: H, out_features: H, parallel: row}}
  - name: proj2
    op: linear
    inputs: [x]
    attrs: {{in_features: H, out_features: H, parallel: row}}
  - {{name: f, op: pointwise, inputs: [proj, {other}], attrs: {{fn: {fn}{linear}}}}}
outputs: [f]
""")
    return [(d.rule.id, d.op) for d in interpret(graph).diagnostics if d.is_error]


def test_the_table_not_the_attribute_decides_what_a_pending_sum_passes() -> None:
    assert _partial_with("mul", "m") == []  # x · m, m complete: linear in x
    assert _partial_with("div", "m") == []  # x / m: linear in the numerator
    assert _partial_with("add", "proj2") == []  # two pending sums add to one
    # x + m adds the complete m once per rank: not a pending sum of x + m
    assert _partial_with("add", "m") == [("partial-into-nonlinear", "f")]
    assert _partial_with("add", "m", ", linear: true") == [("partial-into-nonlinear", "f")]
    assert _partial_with("mul", "proj2") == [("partial-into-nonlinear", "f")]  # a product of sums
    assert _partial_with("maximum", "m") == [("partial-into-nonlinear", "f")]
    assert _partial_with("mul", "m", ", linear: false") == [("partial-into-nonlinear", "f")]


def test_a_function_outside_the_table_or_an_operand_count_it_does_not_take_is_refused(
    tmp_path: Path,
) -> None:
    text = _norm_graph(linear=False, reduced=True)
    unknown = tmp_path / "unknown.yaml"
    unknown.write_text(text.replace("fn: sqrt", "fn: vector_norm"))
    result = run("check", unknown)
    assert result.code == 2 and len(result.err.splitlines()) == 1 and "vector_norm" in result.err
    arity = tmp_path / "arity.yaml"
    two = "inputs: [total, total], attrs: {fn: sqrt"
    arity.write_text(text.replace("inputs: [total], attrs: {fn: sqrt", two))
    result = run("check", arity)
    assert result.code == 2 and "pointwise sqrt takes 1 activation operand(s), got 2" in result.err
