"""The cost command line: `cost` tables, formulas and JSON, `compare` of the two DSA-CP layouts,
`query` (evaluate, sweep, solve), one stderr line (exit 2) for bad input, and the `repl` driven
by a script on stdin. GLM-5.1 prefill, T=4096, tp=16, SP on a3-752t throughout."""

from __future__ import annotations

import functools
import io
import json
import re
import sys
from typing import Any

import pytest
import sympy

import layoutcheck.cli
import layoutcheck.cost.report
import layoutcheck.session
from layoutcheck.cost.devices import load_device
from layoutcheck.cost.query import evaluate, query_expr
from layoutcheck.cost.report import CostReport, cost_report
from layoutcheck.models import Execution, Layout, ParallelConfig, Phase
from layoutcheck.models.config import load_config, model_spec
from tests.helpers import GLM_GATHER_US, run

GLM = ["glm-5.1", "--tp", "16", "--sp"]
VLLM = [*GLM, "--layout", "vllm-ascend"]


@functools.cache
def glm_model_spec() -> Any:
    config, name, where = load_config("glm-5.1")
    return model_spec(config, name, where)


@pytest.fixture(scope="module")
def report() -> CostReport:
    """The same report the CLI computes, through the API (for cross-checks)."""
    graph = layoutcheck.session.build_from_spec(
        glm_model_spec(),
        ParallelConfig(tp=16, dp=1, ep=None),
        Execution(Phase.PREFILL, 4096),
        sequence_parallel=True,
        layout=Layout.TENSORCAST,
        shared_experts=None,
    ).graph  # the CLI's own call: the cached model
    return cost_report(graph, load_device("a3-752t"))  # the same function the CLI calls


def cost_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run("cost", *argv, "--format", "json")
    assert (code, err) == (0, "")
    data: dict[str, Any] = json.loads(out)
    return data


# -- cost --------------------------------------------------------------------------------------


def test_cost_json_has_the_totals(capsys: pytest.CaptureFixture[str]) -> None:
    data = cost_json(capsys, *GLM)
    assert (data["graph"], data["device"], data["rank"]) == (
        "glm-5.1-prefill-tp16-sp",
        "a3-752t",
        "last",
    )
    total = data["total_us"]
    # the default (hardware) model adds the host's time around the kernels
    assert set(data["by_category"]) == {"compute", "memory", "communication", "host"}
    assert sum(data["by_category"].values()) == pytest.approx(total, rel=1e-12)
    assert sum(row["us"] for row in data["by_kind"].values()) == pytest.approx(total, rel=1e-12)
    for row in data["by_kind"].values():
        assert set(row) == {"count", "us", "flops", "bytes", "comm_bytes"}
    ops = {op["name"]: op for op in data["ops"]}
    gather = ops["model.layers.5.input_layernorm.all_gather"]
    assert set(gather) >= {"name", "kind", "layer", "us", "flops", "bytes", "comm_bytes", "bound"}
    assert (gather["kind"], gather["layer"], gather["bound"]) == ("all_gather", 5, "communication")
    assert gather["us"] == pytest.approx(GLM_GATHER_US, rel=1e-9)
    assert gather["comm_bytes"] == 15 / 16 * 4096 * 6144 * 2


def test_cost_tables_for_each_by(capsys: pytest.CaptureFixture[str]) -> None:
    data = cost_json(capsys, *GLM)
    total_ms = data["total_us"] / 1000
    headline = "glm-5.1-prefill-tp16-sp on a3-752t (T=4096, tp=16"
    tables = {}
    for by in ("op", "kind", "layer", "category"):
        code, out, err = run("cost", *GLM, "--by", by)
        assert (code, err) == (0, "")
        lines = out.splitlines()
        assert lines[0].startswith(headline) and lines[0].endswith(f"{total_ms:.2f} ms")
        tables[by] = lines[1:]
    # by category: three rows adding up to the total
    category = {line.split()[0]: float(line.split()[1]) for line in tables["category"]}
    assert set(category) == {"compute", "memory", "communication", "host"}
    assert sum(category.values()) == pytest.approx(total_ms, abs=0.01)
    # by kind: a header, then one row per kind with its count
    assert tables["kind"][0].split()[:3] == ["kind", "count", "ms"]
    kinds = {line.split()[0]: line.split() for line in tables["kind"][1:]}
    assert set(kinds) == set(data["by_kind"])
    assert kinds["all_gather"][1] == "82"
    assert float(kinds["sparse_attention"][2]) == pytest.approx(
        data["by_kind"]["sparse_attention"]["us"] / 1000, abs=0.001
    )
    # by layer: runs of identical layers, and what lies outside them
    layer_rows = [line.split() for line in tables["layer"] if line.split()[0] == "layers"]
    spans = [row[1] for row in layer_rows]
    assert spans[-1] == "3-77"
    covered = 0
    layer_total = 0.0
    for row in layer_rows:
        first, _, last = row[1].partition("-")
        n = int(last or first) - int(first) + 1
        covered += n
        layer_total += n * float(row[2])
    assert covered == 78
    outside = float(tables["layer"][-1].split()[2])
    assert tables["layer"][-1].split()[:2] == ["outside", "layers"]
    assert layer_total + outside == pytest.approx(total_ms, abs=0.05)
    # by op: every op, with its bound
    op_lines = tables["op"][1:]
    assert len(op_lines) == len(data["ops"])
    gather = next(line for line in op_lines if "layers.5.input_layernorm.all_gather" in line)
    assert gather.split()[-2:] == [f"{GLM_GATHER_US:.1f}", "communication"]


def test_cost_symbolic_prints_one_formula_per_distinct_op(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run("cost", *GLM, "--symbolic")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "glm-5.1-prefill-tp16-sp on a3-752t: op times in µs"
    formulas = [re.match(r"  (\w+) ×(\d+): (.*)$", line) for line in lines[1:]]
    assert all(formulas), lines
    counted = sum(int(m.group(2)) for m in formulas if m)
    # every op of the graph, once (the sampled-token select too), and the host step
    assert counted == 1947 + 1
    assert len(formulas) < 60  # far fewer formulas than ops
    free = {"token_slice", "reshape"}  # views: no work, formula 0
    assert all(m.group(3) == "0" for m in formulas if m and m.group(1) in free)
    # the lm_head runs on the sampled tokens (one per request), whatever the prompt length
    # (and the hardware model's host step is a constant of the device)
    sampled = {"lm_head", "host_step"}
    assert all("T" in m.group(3) for m in formulas if m and m.group(1) not in free | sampled)
    lm_head = next(m for m in formulas if m and m.group(1) == "lm_head")
    assert "T" not in lm_head.group(3) and "tp" in lm_head.group(3)
    gather = next(m for m in formulas if m and m.group(1) == "all_gather")
    assert gather.group(2) == "82"
    # the printed formula evaluates back to the number
    expr = sympy.sympify(gather.group(3), locals={"max": sympy.Max, "T": sympy.Symbol("T")})
    value = float(expr.subs({sympy.Symbol("T"): 4096, sympy.Symbol("tp"): 16}))
    assert value == pytest.approx(GLM_GATHER_US, rel=1e-6)


def test_rank_option_changes_local_attention_only(capsys: pytest.CaptureFixture[str]) -> None:
    # counted causally, a later rank's local queries see more keys; TensorCast's count (the
    # default) charges every query min(S, topk) keys, on every rank alike
    causal = ("--attention-pairs", "causal")
    vllm = {
        rank: cost_json(capsys, *VLLM, *causal, "--rank", rank) for rank in ("first", "7", "last")
    }
    assert [vllm[r]["rank"] for r in ("first", "7", "last")] == ["first", 7, "last"]
    totals = [vllm[r]["total_us"] for r in ("first", "7", "last")]
    assert totals[0] < totals[1] < totals[2]
    attention = [vllm[r]["by_kind"]["sparse_attention"]["us"] for r in ("first", "7", "last")]
    assert attention[0] < attention[1] < attention[2]
    # the difference is all attention: every other kind is the same on every rank
    assert totals[2] - totals[0] == pytest.approx(attention[2] - attention[0], rel=1e-9)
    # TensorCast's attention runs on FULL queries: the rank does not matter
    tc_first = cost_json(capsys, *GLM, *causal, "--rank", "first")["total_us"]
    assert tc_first == pytest.approx(cost_json(capsys, *GLM, *causal)["total_us"], rel=1e-12)
    counted = {cost_json(capsys, *VLLM, "--rank", r)["total_us"] for r in ("first", "last")}
    assert len(counted) == 1


def test_repetition_costs_the_same(capsys: pytest.CaptureFixture[str]) -> None:
    expanded = cost_json(capsys, *GLM)
    folded = cost_json(capsys, *GLM, "--repetition")
    assert len(folded["ops"]) < len(expanded["ops"]) / 5
    assert folded["total_us"] == pytest.approx(expanded["total_us"], rel=1e-6)
    for kind, row in expanded["by_kind"].items():
        assert folded["by_kind"][kind]["count"] == row["count"]
    # the per-layer table spreads a region over the layers it stands for
    by_layer = [run("cost", *GLM, "--by", "layer", *extra).out for extra in ([], ["--repetition"])]
    assert by_layer[0] == by_layer[1]
    assert "layers 3-77" in by_layer[0]


def test_cost_on_another_device(capsys: pytest.CaptureFixture[str]) -> None:
    a3 = cost_json(capsys, *GLM)
    a2 = cost_json(capsys, *GLM, "--device", "a2-376t")
    gather = "model.layers.5.input_layernorm.all_gather"
    a2_gather = next(op for op in a2["ops"] if op["name"] == gather)
    # 16 ranks span two A2 nodes: recursive doubling, log2(16)·1.5 µs + 15/16·M/(25 GB/s·0.7)
    # + 10 µs launch
    want = 4 * 1.5 + 15 / 16 * 4096 * 6144 * 2 / (25e9 * 0.7) * 1e6 + 10
    assert a2_gather["us"] == pytest.approx(want, rel=1e-9)
    assert a2["total_us"] > a3["total_us"]


# -- compare -----------------------------------------------------------------------------------


def test_compare_shows_the_gather_difference_per_layer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run("compare", *GLM)
    assert (code, err) == (0, "")
    header = re.match(
        r"tensorcast vs vllm-ascend: ([\d.]+) ms vs ([\d.]+) ms \(([+-][\d.]+) ms\)", out
    )
    assert header, out.splitlines()[0]
    a_ms, b_ms, delta_ms = (float(header.group(i)) for i in (1, 2, 3))
    assert delta_ms == pytest.approx(b_ms - a_ms, abs=0.011)
    assert b_ms < a_ms  # the engine's local attention is cheaper than the RFC's
    section = out.split("per layer (µs):")[1].splitlines()[2:]
    rows = [re.match(r"  (\S+)\s+([\d.]+)\s+([\d.]+)\s+([+-][\d.]+)  (.*)$", r) for r in section]
    assert all(rows), section
    layers_total = 0.0
    for row in rows:
        assert row is not None
        a_us, b_us, delta = float(row.group(2)), float(row.group(3)), float(row.group(4))
        assert delta == pytest.approx(b_us - a_us, abs=0.11)
        label = row.group(1)
        if label == "other":
            n = 1
        else:
            first, _, last = label.partition("-")
            n = int(last or first) - int(first) + 1
        layers_total += n * delta
    # per-layer differences add up to the total difference
    assert layers_total / 1000 == pytest.approx(delta_ms, abs=0.02)
    moe_layers = next(row for row in rows if row and row.group(1) == "3-77")
    assert moe_layers is not None
    assert "all_gather -304.5 µs" in moe_layers.group(5)
    assert "(47.2 → 5.4 MB sent)" in moe_layers.group(5)
    kinds = out.split("by op kind:")[1].split("per layer")[0]
    gather_row = next(line for line in kinds.splitlines() if line.split()[:1] == ["all_gather"])
    a_gather, b_gather, d_gather = (float(x) for x in gather_row.split()[1:4])
    assert d_gather == pytest.approx(b_gather - a_gather, abs=0.002)


def test_compare_refuses_unknown_layouts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run("compare", *GLM, "--layouts", "tensorcast,nope")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and "--layouts" in err


# -- query -------------------------------------------------------------------------------------


def test_query_evaluates(capsys: pytest.CaptureFixture[str], report: CostReport) -> None:
    data = cost_json(capsys, *GLM)
    code, out, err = run("query", *GLM, "all_gather")
    assert (code, err) == (0, "")
    value = float(re.fullmatch(r"all_gather = ([\d.]+) µs\n", out).group(1))  # type: ignore[union-attr]
    assert value == pytest.approx(data["by_kind"]["all_gather"]["us"], abs=0.001)
    code, out, _ = run("query", *GLM, "total - compute - memory - comm - launch")
    # total = max(compute, memory) + comm + launch per op, so this is -Σ min(compute, memory)
    assert code == 0 and float(out.split("=")[1].split()[0]) < 0
    code, out, _ = run("query", *GLM, "all_gather", "--set", "T=8192")
    assert code == 0
    at_8192 = evaluate(report, query_expr(report, "all_gather"), {"T": 8192})
    assert float(out.split("=")[1].split()[0]) == pytest.approx(at_8192, abs=0.001)
    assert at_8192 > value


def test_query_sweeps(capsys: pytest.CaptureFixture[str], report: CostReport) -> None:
    code, out, err = run("query", *GLM, "all_gather", "--sweep", "T=1024..16384*2")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["T", "all_gather"] and "µs" in lines[0]
    rows = [line.split() for line in lines[1:]]
    assert [int(row[0]) for row in rows] == [1024, 2048, 4096, 8192, 16384]
    expression = query_expr(report, "all_gather")
    for row in rows:
        want = evaluate(report, expression, {"T": int(row[0])})
        assert float(row[1]) == pytest.approx(want, abs=0.001)
    code, out, _ = run("query", *GLM, "total", "--sweep", "T=1000..1010+5")
    assert code == 0 and [line.split()[0] for line in out.splitlines()[1:]] == [
        "1000",
        "1005",
        "1010",
    ]


def test_query_solves_a_crossing(capsys: pytest.CaptureFixture[str], report: CostReport) -> None:
    text = "sparse_attention - moe_experts"
    code, out, err = run("query", *GLM, text, "--solve", "T")
    assert (code, err) == (0, "")
    found = re.match(rf"{text} crosses zero at T = (\d+) \(([+-][\d.]+) µs at (\d+), ", out)
    assert found, out
    crossing = int(found.group(1))
    assert int(found.group(3)) == crossing - 1
    expression = query_expr(report, text)
    before = evaluate(report, expression, {"T": crossing - 1})
    after = evaluate(report, expression, {"T": crossing})
    assert before < 0 < after
    assert float(found.group(2)) == pytest.approx(before, abs=0.01)
    # all_gather is linear in T: the crossing of all_gather - 30000 is known in closed form
    a0 = evaluate(report, query_expr(report, "all_gather"), {"T": 1000})
    a1 = evaluate(report, query_expr(report, "all_gather"), {"T": 2000})
    slope = (a1 - a0) / 1000
    code, out, _ = run("query", *GLM, "all_gather - 30000", "--solve", "T")
    assert code == 0
    solved = int(re.search(r"at T = (\d+)", out).group(1))  # type: ignore[union-attr]
    exact = 1000 + (30000 - a0) / slope
    assert solved - 1 < exact <= solved


def test_query_solve_without_a_crossing_exits_1(capsys: pytest.CaptureFixture[str]) -> None:
    # all_gather is at least 82 launches (820 µs) at any T: it never equals 400
    code, out, err = run("query", *GLM, "all_gather - 400", "--solve", "T")
    assert (code, err) == (1, "")
    assert out == "all_gather - 400 does not change sign for T in 1..2^24\n"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["cost", *GLM, "--device", "a9-999t"], "unknown device 'a9-999t'"),
        (["query", *GLM, "all_gatherz"], "unknown symbol 'all_gatherz'"),
        (["query", *GLM, "all_gather", "--sweep", "T=1024-4096"], "--sweep 'T=1024-4096'"),
        (["query", *GLM, "all_gather", "--sweep", "T=4096..1024"], "need 1 <= a <= b"),
        (["query", *GLM, "all_gather", "--sweep", "T=1..9*1"], "the step must grow"),
        (["query", *GLM, "all_gather", "--sweep", "X=1..9"], "--sweep X: not a symbol"),
        (["query", *GLM, "all_gather", "--solve", "X"], "--solve X: not a symbol"),
        (["cost", *GLM, "--rank", "x"], "--rank 'x'"),
        (["cost", *GLM, "--rank", "-1"], "--rank '-1'"),
        (["query", *GLM, "__import__('os')"], "not allowed"),
        (["query", *GLM, "().__class__"], "query '().__class__'"),
        (["query", *GLM, "all_gather", "--sweep", "T=1..2", "--solve", "tp"], "swept symbol"),
        (["query", *GLM, "all_gather", "--sweep", "T=1024..4096"], "T=1024..4096+128"),
        (["query", *GLM, "all_gather", "--plot", "x.svg"], "--plot draws a sweep"),
        (["query", *GLM, "all_gather", "--sweep", "T=1..8*2", "--plot", "x.pdf"], "FILE.svg"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, out, err = run(*argv)
    assert code == 2, err
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert needle in err
    assert "Traceback" not in err and "internal error" not in err


# -- repl --------------------------------------------------------------------------------------


def test_repl_reads_a_script_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, report: CostReport
) -> None:
    script = "\n".join(
        [
            "print('gather', q('all_gather'))",
            "print('what-if', q('all_gather - moe_experts', T=16384))",
            "sweep('total', 'T=1024..65536*2')",
            "q('no_such_quantity')",  # an error in the session does not end it
            "print('solved', solve('sparse_attention - moe_experts', 'T'))",
            "print('kinds', len(report.quantities()) > 10)",
        ]
    )
    monkeypatch.setattr(sys, "stdin", io.StringIO(script + "\n"))
    code, out, err = run("repl", *GLM)
    assert code == 2  # a script with a failing line fails, after running every line
    # the banner (output, on stdout) with its three example queries
    assert "layoutcheck repl: glm-5.1-prefill-tp16-sp on a3-752t" in out
    examples = [line.split("#")[0].strip() for line in out.splitlines() if "  # " in line]
    assert examples == [
        "q('all_gather')",
        "q('all_gather - moe_experts', T=16384)",
        "sweep('total', 'T=1024..65536*2')",
    ]
    # the failing line: one error line, as the CLI gives, no traceback
    (line,) = err.splitlines()
    assert line.startswith("layoutcheck: error: query 'no_such_quantity': unknown symbol")
    values = dict(re.findall(r"(gather|what-if|solved) (\S+)", out))
    gather = evaluate(report, query_expr(report, "all_gather"), {})
    assert float(values["gather"]) == pytest.approx(gather, rel=1e-9)
    what_if = evaluate(report, query_expr(report, "all_gather - moe_experts"), {"T": 16384})
    assert float(values["what-if"]) == pytest.approx(what_if, rel=1e-9)
    crossing = query_expr(report, "sparse_attention - moe_experts")
    solved = int(values["solved"])
    assert (
        evaluate(report, crossing, {"T": solved - 1})
        < 0
        < evaluate(report, crossing, {"T": solved})
    )
    sweep_rows = re.findall(r"^(?:>>> )*\s+(\d+)\s+([\d.]+)$", out, flags=re.M)
    assert [int(t) for t, _ in sweep_rows] == [1024 * 2**i for i in range(7)]
    assert "kinds True" in out


def test_compare_refuses_a_layout_it_would_ignore() -> None:
    from tests.helpers import run as run_cli

    result = run_cli("compare", "glm-5.1", "--tp", "16", "--sp", "--layout", "vllm-ascend")
    assert result.code == 2
    assert "compare builds both of --layouts" in result.err
