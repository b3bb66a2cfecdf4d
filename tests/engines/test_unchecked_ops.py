"""No verdict over unchecked ops (issue 27): an engine op no op map knows leaves its results and
what they reach ⊤, so check fails with a located unchecked-op error naming it and counting
what it leaves unchecked; --allow-unknown makes it a warning and the summary says the coverage;
cost lists what it could not price and calls its total partial; show says which op made a
value ⊤."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import run

FIXTURES = Path(__file__).resolve().parent / "vllm"
DENSE = FIXTURES / "qwen2-tiny.json"
# the o_proj's all_reduce replaced by a vendor op: the post-attention norm, the MLP and the
# final norm read its ⊤ (the MLP's linears are where a ⊤ value used to crash the pricing)
ALL_REDUCE = "torch.ops.vllm.all_reduce.default(mm_1, 'tp:0')"
VENDOR = "torch.ops.my_vendor.fused.default(mm_1)"


def unknown_graph(tmp_path: Path) -> Path:
    text = (FIXTURES / "tp2_pre_sp.fx.txt").read_text()
    assert ALL_REDUCE in text
    path = tmp_path / "unknown.py"
    path.write_text(text.replace(ALL_REDUCE, VENDOR))
    return path


def test_an_unknown_op_fails_the_check_naming_it_and_what_it_leaves_unchecked(
    tmp_path: Path,
) -> None:
    path = unknown_graph(tmp_path)
    result = run("check", path, "--config", DENSE)
    assert result.code == 1, result.err
    first, *_ = result.out.split("\n")
    assert first.endswith(
        "error: my_vendor.fused.default: no op map knows it, so 7 of 30 ops are left unchecked "
        "(⊤ from it on)  [unchecked-op]"
    )
    assert "  engine: all_reduce_1" in result.out  # where it is in the engine's graph
    assert result.out.rstrip().endswith("1 error, 0 warnings; 7 of 30 ops unchecked")
    assert result.out.rstrip().splitlines()[-1].startswith("FAILED: ")


def test_allowed_it_is_a_warning_and_the_summary_says_the_coverage(tmp_path: Path) -> None:
    path = unknown_graph(tmp_path)
    result = run("check", path, "--config", DENSE, "--allow-unknown")
    assert result.code == 0, result.err
    assert "warning: my_vendor.fused.default: no op map knows it" in result.out
    assert result.out.rstrip().splitlines()[-1] == (
        "ok: unknown (30 ops, 1 layers) against type rules only: 0 errors, 1 warning; "
        "7 of 30 ops unchecked"
    )
    data = json.loads(
        run("check", path, "--config", DENSE, "--allow-unknown", "--format", "json").out
    )
    assert data["ok"] is True and data["summary"]["unchecked"] == 7


def test_a_graph_every_op_of_which_is_typed_says_no_coverage() -> None:
    result = run("check", FIXTURES / "tp2_pre_sp.fx.txt", "--config", DENSE)
    assert result.code == 0
    assert result.out.rstrip().endswith("0 errors, 0 warnings")


def test_cost_lists_every_op_it_could_not_price_and_says_its_total_is_partial(
    tmp_path: Path,
) -> None:
    path = unknown_graph(tmp_path)
    result = run("cost", path, "--config", DENSE)
    assert result.code == 1, result.err  # priced, but no verdict over the unchecked ops
    head, *_ = result.out.splitlines()
    assert head.endswith("(partial: 7 op(s) not priced)")
    listed = result.out.split("not priced (their values are unknown, ⊤): 7\n")[1].split()
    assert "all_reduce_1" in listed and "model.layers.0.mlp.down_proj" in listed
    assert "[unchecked-op]; --allow-unknown accepts the partial result" in result.err
    allowed = run("cost", path, "--config", DENSE, "--allow-unknown", "--format", "json")
    assert allowed.code == 0, allowed.err
    data = json.loads(allowed.out)
    assert data["partial"] is True and len(data["unpriced"]) == 7
    # the linears the ⊤ reaches are listed, not priced from a shape they do not have
    assert "model.layers.0.mlp.gate_up_proj" in data["unpriced"]
    assert not {op["name"] for op in data["ops"]} & set(data["unpriced"])


def test_show_names_the_op_that_made_a_value_unknown(tmp_path: Path) -> None:
    path = unknown_graph(tmp_path)
    result = run("show", path, "--config", DENSE)
    assert result.code == 0
    (source,) = [line for line in result.out.splitlines() if " all_reduce_1 = opaque(" in line]
    number = source.split()[0]
    assert source.endswith("⊤ (unchecked: my_vendor.fused.default is an op nobody could type)")
    (mlp,) = [line for line in result.out.splitlines() if " model.layers.0.mlp.down_proj =" in line]
    assert mlp.endswith(f"⊤ (unchecked: from {number} my_vendor.fused.default)")
    assert "type error above" not in result.out
    assert "7 of 30 ops unchecked (⊤) from ops nobody could type: my_vendor" in result.out


def test_explain_tells_the_rule() -> None:
    result = run("explain", "unchecked-op")
    assert result.code == 0
    assert result.out.startswith("unchecked-op  [input rule]")
    assert "--allow-unknown" in result.out


def test_memory_and_compare_leave_the_unknown_op_out_and_say_so(tmp_path: Path) -> None:
    path = unknown_graph(tmp_path)
    for command in (("memory", path), ("compare", path, FIXTURES / "tp2_pre_sp.fx.txt")):
        refused = run(*command, "--config", DENSE)
        # the weights of the ops the ⊤ reaches have no shape: left out, never a crash
        assert refused.code == 1, refused.err
        assert "7 of 30 ops unchecked" in refused.err and "[unchecked-op]" in refused.err
        allowed = run(*command, "--config", DENSE, "--allow-unknown")
        assert allowed.code == 0, allowed.err
        assert "warning: 7 of 30 ops unchecked" in allowed.err


def test_an_op_whose_cost_rule_fails_is_listed_and_the_total_partial() -> None:
    """cost never ends on an op it cannot price: a cost rule that raises on the values it
    was given (an IndexError, as linear_cost once did on an unknown value) leaves its op out
    of a partial total, listed with the rule's failure, and every other op priced."""
    import attrs

    from layoutcheck.cost.devices import load_device
    from layoutcheck.cost.render import render_cost
    from layoutcheck.cost.report import cost_report
    from layoutcheck.graph import GraphBuilder
    from layoutcheck.lattice import FeatureState, TokenLayout
    from layoutcheck.ops import FAMILIES, Registry
    from layoutcheck.validate import normalize

    def fails(call: object) -> object:
        raise IndexError("tuple index out of range")

    rope = next(spec for family in FAMILIES for spec in family if spec.kind == "rope")
    registry = Registry.from_families(
        [*FAMILIES, (attrs.evolve(rope, kind="my_rope", cost=fails),)]
    )
    b = GraphBuilder("g", symbols={"T": 64, "tp": 2}, groups={"tp": "tp"})
    x = b.input("x", ["T", 128], TokenLayout.FULL, FeatureState.WHOLE)
    turned = b.op("turned", "my_rope", [x])
    b.output(b.op("normed", "rms_norm", [turned]))
    report = cost_report(normalize(b.build(), registry), load_device("a3-752t"), registry=registry)
    assert report.partial and report.unpriced == ("turned",)
    assert report.faults == (("turned", "my_rope's cost rule failed: IndexError"),)
    # every op but the one whose rule failed is priced (the hardware model's host step beside)
    assert [entry.name for entry in report.entries if entry.name != "host_step"] == ["normed"]
    shown = render_cost(report, report.numbers(), "kind")
    assert "not priced (their cost rule failed): 1\n    turned: my_rope's cost rule" in shown
    assert "their values are unknown" not in shown
