"""The ``layoutcheck`` command line: exit codes, output formats, contracts, and bad input.

Most tests run ``layoutcheck.cli.main`` in-process and read what it printed; a few run the
installed console script in a child process, where a crash or a traceback would really show.
Exit codes: 0 no errors, 1 errors found, 2 unusable input or usage (one line on stderr).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from layoutcheck.cli import main
from layoutcheck.contracts import available_contracts, load_contract
from layoutcheck.ops import default_registry
from layoutcheck.rules import TYPE_RULES
from tests.helpers import ROOT

EXAMPLE = ROOT / "specs" / "graphs" / "glm51-layer-tensorcast-dsa-cp.yaml"
CONTRACTS = ROOT / "specs" / "contracts"
EXAMPLE_CONTRACT = "tensorcast-dsa-cp-prefill"
COLLECTIVE_KINDS = {"all_gather", "all_reduce", "reduce_scatter", "all_to_all"}


# -- running the CLI -------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.err.splitlines() if line.strip()]

    def json(self) -> dict[str, Any]:
        data = json.loads(self.out)
        assert isinstance(data, dict)
        return data


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """``cli("check", path, "--format", "json")`` → exit code and what was printed."""

    def run(*args: object) -> Run:
        code = main([str(arg) for arg in args])
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


def console_script() -> list[str]:
    """The installed ``layoutcheck`` script next to this interpreter, else ``python -m``."""
    script = Path(sys.executable).with_name("layoutcheck")
    if script.is_file():
        return [str(script)]
    found = shutil.which("layoutcheck")
    return [found] if found else [sys.executable, "-m", "layoutcheck.cli"]


def run_process(*args: object, cwd: Path | None = None) -> Run:
    result = subprocess.run(
        [*console_script(), *(str(arg) for arg in args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=600,  # a hang guard only, far above any sane run
    )
    return Run(result.returncode, result.stdout, result.stderr)


# -- the example graph and its variants ------------------------------------------------------


def example_text() -> str:
    return EXAMPLE.read_text(encoding="utf-8")


def example_data() -> dict[str, Any]:
    data = yaml.safe_load(example_text())
    assert isinstance(data, dict)
    return data


def example_with(*replacements: tuple[str, str]) -> str:
    """The example graph with text replaced; each old text must occur (fail loudly if not)."""
    text = example_text()
    for old, new in replacements:
        assert old in text, f"the example graph no longer contains {old!r}"
        text = text.replace(old, new, 1)
    return text


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """1-based line of the ``occurrence``-th line containing ``needle``."""
    hits = [number for number, line in enumerate(text.splitlines(), 1) if needle in line]
    assert len(hits) >= occurrence, f"{needle!r} occurs {len(hits)} time(s)"
    return hits[occurrence - 1]


def def_line(text: str, op: str, occurrence: int = 1) -> int:
    """1-based line where op ``op`` is defined (``- name: OP``)."""
    hits = [
        number
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() == f"- name: {op}"
    ]
    assert len(hits) >= occurrence, f"op {op!r} is defined {len(hits)} time(s)"
    return hits[occurrence - 1]


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def all_rule_ids() -> set[str]:
    from layoutcheck.design_space.rules import SEARCH_RULES

    ids = {rule.id for rule in (*TYPE_RULES, *SEARCH_RULES)}
    for name in available_contracts():
        ids |= {doc.id for doc in load_contract(name).rule_docs()}
    return ids


def errors_of(report: dict[str, Any]) -> list[dict[str, Any]]:
    diagnostics = report["diagnostics"]
    assert isinstance(diagnostics, list)
    return [d for d in diagnostics if d["severity"] == "error"]


# A small graph that gathers the residual and then gathers it again: [gather-of-full].
GATHERED_TWICE = """\
format: layoutcheck-graph/1
name: gathered-twice
symbols: {T: 4096, tp: 16, H: 6144}
inputs:
  hidden:   {shape: [T/tp, H], tokens: local}
  residual: {shape: [T/tp, H], tokens: local}
ops:
  - name: model.layers.3.input_layernorm
    op: add_rms_norm
    inputs: [hidden, residual]
  - name: model.layers.3.residual_gather
    op: all_gather
    inputs: [model.layers.3.input_layernorm:1]
  - name: model.layers.3.gather_again
    op: all_gather
    inputs: [model.layers.3.residual_gather]
outputs: [model.layers.3.gather_again]
"""


# -- check: exit codes and the example -------------------------------------------------------


def test_the_example_passes_its_own_contract(cli: Callable[..., Run]) -> None:
    run = cli("check", EXAMPLE)
    assert run.code == 0, run.out + run.err
    assert run.err == ""
    verdict = run.out.strip().splitlines()[-1]
    assert verdict.startswith("ok: ")
    assert EXAMPLE_CONTRACT in verdict
    assert "0 errors" in verdict


def test_errors_found_exit_1(cli: Callable[..., Run]) -> None:
    run = cli("check", EXAMPLE, "--contract", "vllm-ascend-dsa-cp-prefill")
    assert run.code == 1
    assert run.err == ""
    assert run.out.strip().splitlines()[-1].startswith("FAILED: ")


def test_type_error_exits_1_even_without_a_contract(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    path = write(tmp_path, "twice.yaml", GATHERED_TWICE)
    run = cli("check", path, "--contract", "none")
    assert run.code == 1
    assert "[gather-of-full]" in run.out


def test_warnings_alone_do_not_fail(cli: Callable[..., Run], tmp_path: Path) -> None:
    # T has no value, so whether tp divides it is an assumption: a warning, not an error
    text = example_with(("  T: 4096        # prompt tokens of the TP/SP group", "  T: null"))
    run = cli("check", write(tmp_path, "symbolic.yaml", text), "--format", "json")
    assert run.code == 0, run.out
    report = run.json()
    assert report["ok"] is True
    assert "indivisible" in {d["rule"] for d in report["diagnostics"]}
    assert not errors_of(report)


# -- check: JSON -----------------------------------------------------------------------------

DIAGNOSTIC_KEYS = {"rule", "severity", "op", "layer", "message", "hint", "line"}


def test_json_report_of_a_passing_run(cli: Callable[..., Run]) -> None:
    run = cli("check", EXAMPLE, "--format", "json")
    assert run.code == 0
    report = run.json()
    assert {"ok", "contract", "diagnostics", "summary"} <= set(report)
    assert report["ok"] is True
    assert report["contract"] == EXAMPLE_CONTRACT
    assert isinstance(report["diagnostics"], list)
    assert not errors_of(report)


def test_json_summary_counts_layers_ops_and_collectives(cli: Callable[..., Run]) -> None:
    summary = cli("check", EXAMPLE, "--format", "json").json()["summary"]
    assert isinstance(summary, dict)
    ops = example_data()["ops"]
    assert isinstance(ops, list)
    kinds = [op["op"] for op in ops]
    assert summary["layers"] == 1
    assert summary["ops"] == len(ops)
    expected = {kind: kinds.count(kind) for kind in COLLECTIVE_KINDS if kind in kinds}
    assert summary["collectives"] == expected
    assert expected == {"all_gather": 1, "all_reduce": 1}  # the RFC layer: one gather, one reduce


def test_json_diagnostics_have_the_documented_keys(cli: Callable[..., Run]) -> None:
    run = cli("check", EXAMPLE, "--contract", "vllm-ascend-dsa-cp-prefill", "--format", "json")
    assert run.code == 1
    report = run.json()
    assert report["ok"] is False
    assert report["contract"] == "vllm-ascend-dsa-cp-prefill"
    diagnostics = report["diagnostics"]
    assert isinstance(diagnostics, list) and diagnostics
    text = example_text()
    for diagnostic in diagnostics:
        assert set(diagnostic) >= DIAGNOSTIC_KEYS
        assert isinstance(diagnostic["rule"], str) and diagnostic["rule"]
        assert diagnostic["severity"] in ("error", "warning")
        assert isinstance(diagnostic["message"], str) and diagnostic["message"]
        assert isinstance(diagnostic["hint"], str)
        assert diagnostic["layer"] in (5, None)
        if diagnostic["op"] is not None and diagnostic["line"] is not None:
            # the line is where the op is defined in the file
            assert diagnostic["line"] == def_line(text, str(diagnostic["op"]))
    rules = {d["rule"] for d in errors_of(report)}
    assert {"attention-local-query", "kv-gather-only"} <= rules


def test_json_output_is_the_only_stdout(cli: Callable[..., Run], tmp_path: Path) -> None:
    run = cli("check", write(tmp_path, "twice.yaml", GATHERED_TWICE), "--format", "json")
    assert run.code == 1
    report = run.json()  # the whole of stdout parses as one JSON document
    assert report["contract"] is None
    [error] = errors_of(report)
    assert error["rule"] == "gather-of-full"
    assert error["op"] == "model.layers.3.gather_again"
    assert error["layer"] == 3
    assert error["line"] == def_line(GATHERED_TWICE, "model.layers.3.gather_again")


# -- check: text -----------------------------------------------------------------------------


def test_text_diagnostic_block(cli: Callable[..., Run], tmp_path: Path) -> None:
    path = write(tmp_path, "twice.yaml", GATHERED_TWICE)
    run = cli("check", path)
    assert run.code == 1
    lines = run.out.splitlines()
    line = def_line(GATHERED_TWICE, "model.layers.3.gather_again")
    head = re.compile(rf"^{re.escape(str(path))}:{line}: error: (.+)  \[gather-of-full\]$")
    [(start, found)] = [(i, m) for i, text in enumerate(lines) if (m := head.match(text))]
    assert "65536" in found.group(1)  # 4096 tokens gathered over 16 ranks again
    block = lines[start + 1 : lines.index("", start)] if "" in lines[start:] else lines[start + 1 :]
    # the offending op with its typed inputs
    context = block[0]
    assert re.match(r"^\s+%\d+ .*= all_gather\(", context), context
    assert "model.layers.3.residual_gather : bf16[4096, 6144] F·W" in context
    assert any(re.match(r"^\s+note: ", text) for text in block), block
    assert any(re.match(r"^\s+help: ", text) for text in block), block
    verdict = lines[-1]
    assert verdict.startswith("FAILED: gathered-twice")
    assert "1 error" in verdict


def test_text_contract_diagnostic_names_rule_and_line(cli: Callable[..., Run]) -> None:
    run = cli("check", EXAMPLE, "--contract", "vllm-ascend-dsa-cp-prefill")
    line = def_line(example_text(), "model.layers.5.self_attn.attn_gather")
    expected = f"{EXAMPLE}:{line}: error: "
    heads = [text for text in run.out.splitlines() if text.startswith(expected)]
    assert heads and heads[0].endswith("  [kv-gather-only]"), run.out


# -- check: choosing the contract ------------------------------------------------------------


def test_graph_contract_key_is_the_default(cli: Callable[..., Run], tmp_path: Path) -> None:
    assert example_data()["contract"] == EXAMPLE_CONTRACT
    assert cli("check", EXAMPLE, "--format", "json").json()["contract"] == EXAMPLE_CONTRACT
    other = example_with((f"contract: {EXAMPLE_CONTRACT}", "contract: vllm-ascend-dsa-cp-prefill"))
    run = cli("check", write(tmp_path, "vllm.yaml", other), "--format", "json")
    assert run.code == 1
    assert run.json()["contract"] == "vllm-ascend-dsa-cp-prefill"


def test_graph_without_contract_key_checks_type_rules_only(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    text = example_with((f"contract: {EXAMPLE_CONTRACT}\n", ""))
    path = write(tmp_path, "no-contract.yaml", text)
    assert cli("check", path, "--format", "json").json()["contract"] is None
    assert "against type rules only" in cli("check", path).out


def test_contract_option_overrides_the_graph_key(cli: Callable[..., Run]) -> None:
    run = cli("check", EXAMPLE, "--contract", "vllm-ascend-dsa-cp-prefill", "--format", "json")
    assert run.json()["contract"] == "vllm-ascend-dsa-cp-prefill"


def test_contract_none(cli: Callable[..., Run]) -> None:
    run = cli("check", EXAMPLE, "--contract", "none", "--format", "json")
    # without its contract, the RFC's shared expert is a cross-token-reduction: an error
    assert run.code == 1
    assert run.json()["contract"] is None
    errors = [d["rule"] for d in run.json()["diagnostics"] if d["severity"] == "error"]
    assert errors == ["cross-token-reduction"]
    text = cli("check", EXAMPLE, "--contract", "none")
    assert "against type rules only" in text.out


def test_contract_none_turns_contract_errors_off(cli: Callable[..., Run], tmp_path: Path) -> None:
    other = example_with((f"contract: {EXAMPLE_CONTRACT}", "contract: vllm-ascend-dsa-cp-prefill"))
    path = write(tmp_path, "vllm.yaml", other)
    assert cli("check", path).code == 1
    # the type rules' error (the shared expert's cross-token sum) is all that is left
    run = cli("check", path, "--contract", "none", "--format", "json")
    assert {d["rule"] for d in run.json()["diagnostics"] if d["severity"] == "error"} == {
        "cross-token-reduction"
    }


def test_contract_by_path(cli: Callable[..., Run], tmp_path: Path) -> None:
    text = (CONTRACTS / f"{EXAMPLE_CONTRACT}.yaml").read_text(encoding="utf-8")
    assert f"name: {EXAMPLE_CONTRACT}\n" in text
    mine = write(tmp_path, "mine.yaml", text.replace(f"name: {EXAMPLE_CONTRACT}\n", "name: mine\n"))
    run = cli("check", EXAMPLE, "--contract", mine, "--format", "json")
    assert run.code == 0, run.out + run.err
    assert run.json()["contract"] == "mine"
    # a copied contract that the graph breaks fails like the shipped one
    vllm = write(
        tmp_path, "vllm-copy.yaml", (CONTRACTS / "vllm-ascend-dsa-cp-prefill.yaml").read_text()
    )
    assert cli("check", EXAMPLE, "--contract", vllm).code == 1


PROBE_CONTRACT = """\
format: layoutcheck-contract/1
name: probe
domains:
  attention: {name: "*.self_attn.*"}
rules:
  - id: RULE
    summary: a probe
    checks:
      - CHECK
"""


def probe_contract(tmp_path: Path, check: str) -> Path:
    text = PROBE_CONTRACT.replace("RULE", "probe-rule").replace("- CHECK", check.strip())
    return write(tmp_path, "probe.yaml", text)


def test_contract_select_domain_and_kind_together(cli: Callable[..., Run], tmp_path: Path) -> None:
    # `{domain: attention, kind: linear}` must select the attention *linears* (or be refused),
    # never every op of the domain
    contract = probe_contract(
        tmp_path,
        """
      - select: {domain: attention, kind: linear}
        expect: {port: "output:0", tokens: local}""",
    )
    run = cli("check", EXAMPLE, "--contract", contract, "--format", "json")
    if run.code == 2:
        assert len(run.err_lines) == 1
        return
    flagged = {d["op"] for d in errors_of(run.json()) if d["rule"] == "probe-rule"}
    kinds = {op["name"]: op["op"] for op in example_data()["ops"]}
    assert flagged, "the attention linears are FULL: the probe must fire on them"
    assert {kinds[name] for name in flagged} == {"linear"}, sorted(flagged)


@pytest.mark.parametrize(
    "attrs",
    ["{out_features: 6144}", "{out_features: H}", "{in_features: heads*d_v}"],
)
def test_contract_attrs_compare_sizes_by_value(
    cli: Callable[..., Run], tmp_path: Path, attrs: str
) -> None:
    # o_proj has in_features heads*d_v and out_features H = 6144: each of these holds (or a
    # contract comparing size attrs is refused when it loads), it is never a false violation
    contract = probe_contract(
        tmp_path,
        f"""
      - select: {{kind: linear, name: "*.self_attn.o_proj"}}
        expect: {{attrs: {attrs}}}""",
    )
    run = cli("check", EXAMPLE, "--contract", contract, "--format", "json")
    if run.code == 2:
        assert len(run.err_lines) == 1
        return
    messages = [d["message"] for d in errors_of(run.json()) if d["rule"] == "probe-rule"]
    assert not messages, messages


def test_graph_contract_key_may_name_a_file_beside_the_graph(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    contract = (CONTRACTS / "vllm-ascend-dsa-cp-prefill.yaml").read_text(encoding="utf-8")
    write(
        tmp_path,
        "engine.yaml",
        contract.replace("name: vllm-ascend-dsa-cp-prefill", "name: engine"),
    )
    graph = example_with((f"contract: {EXAMPLE_CONTRACT}", "contract: engine.yaml"))
    run = cli("check", write(tmp_path, "graph.yaml", graph), "--format", "json")
    assert run.code == 1
    assert run.json()["contract"] == "engine"


# -- check / show: --set ---------------------------------------------------------------------


def test_set_makes_the_example_indivisible(cli: Callable[..., Run]) -> None:
    run = cli("check", EXAMPLE, "--set", "T=4095", "--format", "json")
    assert run.code == 1
    errors = errors_of(run.json())
    assert {d["rule"] for d in errors} == {"indivisible"}
    # the first place 4095 tokens cannot be split: the LOCAL inputs, declared [T/tp, H]
    assert {d["op"] for d in errors} == {"hidden", "residual"}
    text = cli("check", EXAMPLE, "--set", "T=4095")
    assert "4095" in text.out and "[indivisible]" in text.out


def test_set_is_repeatable_and_changes_shapes(cli: Callable[..., Run]) -> None:
    run = cli("show", EXAMPLE, "--set", "T=8192", "--set", "tp=8")
    assert run.code == 0
    assert "T=8192" in run.out and "tp=8" in run.out
    assert "[1024, 6144] L·W" in run.out  # 8192 / 8 local tokens
    assert cli("check", EXAMPLE, "--set", "T=8192", "--set", "tp=8").code == 0


# -- show ------------------------------------------------------------------------------------

RFC_SHAPES = {
    # rfc-dsa-cp.md §3.3.1, GLM-5.1 at T=4096, tp=16
    "model.layers.5.input_layernorm": "[256, 6144] L·W",
    "model.layers.5.self_attn.attn_gather": "[4096, 6144] F·W",
    "model.layers.5.self_attn.attn": "[4096, 64, 256] F·W",
    "model.layers.5.self_attn.o_proj_slice": "[256, 64, 256] L·W",
    "model.layers.5.self_attn.o_proj_flatten": "[256, 16384] L·W",
    "model.layers.5.self_attn.o_proj": "[256, 6144] L·W",
    "model.layers.5.mlp.gate": "[256, 256] L·W",
    "model.layers.5.mlp.experts": "[256, 6144] L·W",
    "model.layers.5.mlp.shared_experts.all_reduce": "[256, 6144] L·W",
}


def test_show_prints_the_rfc_shapes(cli: Callable[..., Run]) -> None:
    run = cli("show", EXAMPLE)
    assert run.code == 0
    assert run.err == ""
    lines = run.out.splitlines()
    assert "T=4096" in lines[0] and "tp=16" in lines[0]
    for op, shape in RFC_SHAPES.items():
        [line] = [text for text in lines if f" {op} = " in text]
        assert shape in line, line
    # every op gets a line, and the inputs are listed with their layouts
    ops = example_data()["ops"]
    assert isinstance(ops, list)
    assert sum(bool(re.match(r"^\s+%\d+", text)) for text in lines) == len(ops)
    assert any(text.strip().startswith("in  hidden") and "L·W" in text for text in lines)


def test_show_one_layer(cli: Callable[..., Run]) -> None:
    run = cli("show", EXAMPLE, "--layer", "5")
    assert run.code == 0
    assert "model.layers.5.self_attn.attn = " in run.out


def test_show_of_a_missing_layer_is_a_usage_error(cli: Callable[..., Run]) -> None:
    run = cli("show", EXAMPLE, "--layer", "99")
    assert run.code == 2
    assert len(run.err_lines) == 1 and "99" in run.err


def test_show_of_a_broken_graph_still_exits_0(cli: Callable[..., Run], tmp_path: Path) -> None:
    run = cli("show", write(tmp_path, "twice.yaml", GATHERED_TWICE))
    assert run.code == 0
    # checking went on after the failed op (its output as the FULL value it was): no ⊤
    assert "⊤" not in run.out
    assert "diagnostic" in run.out


# -- rules / explain / ops -------------------------------------------------------------------


def listed_rule_ids(run: Run) -> list[str]:
    rules, _, _packs = run.out.partition("\n\n")  # the contract packs follow a blank line
    return [line.split()[0] for line in rules.splitlines() if line.strip()]


def test_rules_lists_every_type_and_contract_rule(cli: Callable[..., Run]) -> None:
    run = cli("rules")
    assert run.code == 0
    listed = listed_rule_ids(run)
    assert len(listed) == len(set(listed)), "a rule id is listed twice"
    assert set(listed) == all_rule_ids()
    for rule in TYPE_RULES:
        assert rule.id in listed
    assert {"attention-full-token", "kv-gather-only", "topk-sliced", "bad-spec"} <= set(listed)


@pytest.mark.parametrize("rule", sorted(all_rule_ids()))
def test_explain_every_rule(cli: Callable[..., Run], rule: str) -> None:
    run = cli("explain", rule)
    assert run.code == 0, run.err
    assert run.out.startswith(rule)
    sections = {}
    for name in ("What", "Why", "Example", "Fix"):
        match = re.search(rf"^{name}:(.*?)(?=^\w+:|\Z)", run.out, re.MULTILINE | re.DOTALL)
        assert match, f"{rule}: no {name}: section"
        sections[name] = match.group(1).strip()
        assert sections[name], f"{rule}: the {name}: section is empty"


def test_explain_lists_only_rules_that_rules_lists(cli: Callable[..., Run]) -> None:
    for rule in listed_rule_ids(cli("rules")):
        assert cli("explain", rule).code == 0, rule


def test_explain_unknown_rule_is_a_usage_error(cli: Callable[..., Run]) -> None:
    run = cli("explain", "gather-of-ful")
    assert run.code == 2
    assert run.out == ""
    [line] = run.err_lines
    assert "gather-of-ful" in line
    assert "gather-of-full" in line  # a did-you-mean suggestion
    assert cli("explain", "no-such-rule-at-all").code == 2


def test_ops_lists_the_catalogue(cli: Callable[..., Run]) -> None:
    run = cli("ops")
    assert run.code == 0
    registry = default_registry()
    for kind in registry.kinds():
        assert re.search(rf"^{kind}\(", run.out, re.MULTILINE), kind
    for alias in ("add_rms_norm2", "multihead_latent_attention", "mla_sparse_attention"):
        assert alias in run.out


# -- usage errors ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        [],
        ["bogus"],
        ["check"],
        ["check", str(EXAMPLE), "--format", "xml"],
        ["check", str(EXAMPLE), "--no-such-option"],
        ["explain"],
        ["check", str(EXAMPLE), "--set", "T"],
        ["check", str(EXAMPLE), "--set", "=5"],
        ["check", str(EXAMPLE), "--set", "T=four"],
        ["check", str(EXAMPLE), "--set", "T=-4096"],
        ["show", str(EXAMPLE), "--layer", "five"],
    ],
    ids=lambda args: " ".join(args) or "no-args",
)
def test_usage_errors_exit_2_with_one_line(cli: Callable[..., Run], args: list[str]) -> None:
    run = cli(*args)
    assert run.code == 2
    assert run.out == ""
    assert len(run.err_lines) == 1, run.err
    assert "Traceback" not in run.err


# -- bad input: exit 2, exactly one line naming the file (and op), no traceback ---------------


@dataclass(frozen=True)
class Bad:
    """A bad input: the command line to run, and what its one stderr line must name."""

    args: list[str]
    names: list[str]
    location: str | None = None  # what the line must start with: the file where the error is


BAD_INPUTS: dict[str, Callable[[Path], Bad]] = {}


def bad_input(function: Callable[[Path], Bad]) -> Callable[[Path], Bad]:
    BAD_INPUTS[function.__name__] = function
    return function


def check_file(path: Path, *names: str, extra: tuple[str, ...] = ()) -> Bad:
    return Bad(["check", str(path), *extra], [str(path), *names])


def op_line(path: Path, op: str, occurrence: int = 1) -> str:
    """``file:line`` of op ``op`` in the file at ``path``."""
    text = path.read_text(encoding="utf-8")
    return f"{path}:{def_line(text, op, occurrence)}:"


@bad_input
def malformed_yaml(tmp: Path) -> Bad:
    path = write(tmp, "bad.yaml", example_with(("groups: {tp: tp, ep: ep}", "groups: {tp: tp, ep")))
    return check_file(path, "YAML")


@bad_input
def malformed_json(tmp: Path) -> Bad:
    text = json.dumps(example_data(), indent=1)
    path = write(tmp, "bad.json", text[: len(text) // 2])  # cut off in the middle
    return check_file(path, "JSON")


@bad_input
def binary_file(tmp: Path) -> Bad:
    return check_file(write(tmp, "graph.yaml", b"\x7fELF\x02\x01\x01\x00" + bytes(range(256))))


@bad_input
def empty_file(tmp: Path) -> Bad:
    return check_file(write(tmp, "empty.yaml", ""), "empty")


@bad_input
def whitespace_only_file(tmp: Path) -> Bad:
    return check_file(write(tmp, "blank.yaml", "\n   \n\t\n"))


@bad_input
def not_a_mapping(tmp: Path) -> Bad:
    return check_file(write(tmp, "list.yaml", "- format: layoutcheck-graph/1\n- ops: []\n"))


@bad_input
def unknown_op(tmp: Path) -> Bad:
    path = write(tmp, "g.yaml", example_with(("op: all_gather\n", "op: all_gahter\n")))
    op = "model.layers.5.self_attn.attn_gather"
    return check_file(path, op, "all_gahter", op_line(path, op))


@bad_input
def unknown_attr(tmp: Path) -> Bad:
    path = write(
        tmp, "g.yaml", example_with(("attrs: {top_k: top_k}", "attrs: {top_k: top_k, colour: red}"))
    )
    op = "model.layers.5.mlp.topk"
    return check_file(path, op, "colour", op_line(path, op))


@bad_input
def missing_required_attr(tmp: Path) -> Bad:
    path = write(tmp, "g.yaml", example_with(("attrs: {top_k: top_k}", "attrs: {}")))
    op = "model.layers.5.mlp.topk"
    return check_file(path, op, "top_k", op_line(path, op))


COMBINE_INPUTS = "model.layers.5.mlp.experts, model.layers.5.mlp.shared_experts.all_reduce"


@bad_input
def wrong_arity(tmp: Path) -> Bad:
    path = write(
        tmp,
        "g.yaml",
        example_with((f"inputs: [{COMBINE_INPUTS}]", "inputs: [model.layers.5.mlp.experts]")),
    )
    op = "model.layers.5.mlp.combine"
    return check_file(path, op, op_line(path, op))


@bad_input
def dangling_name(tmp: Path) -> Bad:
    path = write(
        tmp,
        "g.yaml",
        example_with(
            (
                "inputs: [model.layers.5.self_attn.o_proj_slice]",
                "inputs: [model.layers.5.self_attn.o_proj_slise]",
            )
        ),
    )
    op = "model.layers.5.self_attn.o_proj_flatten"
    return check_file(path, op, "o_proj_slise", op_line(path, op))


@bad_input
def dangling_port(tmp: Path) -> Bad:
    path = write(
        tmp,
        "g.yaml",
        example_with(("inputs: [model.layers.5.mlp.gate]", "inputs: [model.layers.5.mlp.gate:3]")),
    )
    op = "model.layers.5.mlp.topk"
    return check_file(path, op, op_line(path, op))


@bad_input
def dangling_graph_output(tmp: Path) -> Bad:
    path = write(
        tmp,
        "g.yaml",
        example_with(
            ("outputs: [model.layers.5.mlp.combine", "outputs: [model.layers.5.mlp.nowhere")
        ),
    )
    return check_file(path, "model.layers.5.mlp.nowhere")


@bad_input
def duplicate_op_names(tmp: Path) -> Bad:
    # the second definition is the mistake: the error points at it
    path = write(
        tmp,
        "g.yaml",
        example_with(("name: model.layers.5.mlp.combine", "name: model.layers.5.mlp.gate")),
    )
    op = "model.layers.5.mlp.gate"
    return check_file(path, op, "duplicate", op_line(path, op, occurrence=2))


@bad_input
def duplicate_input_names(tmp: Path) -> Bad:
    # YAML would silently keep the last of two equal keys
    path = write(
        tmp,
        "g.yaml",
        example_with(
            (
                "  residual: {shape: [T/tp, H]",
                "  hidden: {shape: [T, H], tokens: full}\n  residual: {shape: [T/tp, H]",
            )
        ),
    )
    return check_file(path, "hidden")


@bad_input
def cycle(tmp: Path) -> Bad:
    # the gate reads the combine that (through the experts) reads the gate
    path = write(
        tmp,
        "g.yaml",
        example_with(
            (
                "[model.layers.5.post_attention_layernorm:0]\n    attrs: {experts: experts}",
                "[model.layers.5.mlp.combine]\n    attrs: {experts: experts}",
            )
        ),
    )
    return check_file(path, "cycle", "model.layers.5.mlp.gate")


@bad_input
def unknown_symbol(tmp: Path) -> Bad:
    path = write(
        tmp,
        "g.yaml",
        example_with(("out_features: q_lora, parallel", "out_features: q_lorra, parallel")),
    )
    op = "model.layers.5.self_attn.q_a_proj"
    return check_file(path, op, "q_lorra", op_line(path, op))


@bad_input
def unknown_symbol_in_input_shape(tmp: Path) -> Bad:
    path = write(
        tmp, "g.yaml", example_with(("hidden:   {shape: [T/tp, H]", "hidden:   {shape: [T/tp, HH]"))
    )
    return check_file(path, "hidden", "HH")


@bad_input
def zero_group_size(tmp: Path) -> Bad:
    path = write(
        tmp, "g.yaml", example_with(("groups: {tp: tp, ep: ep}", "groups: {tp: 0, ep: ep}"))
    )
    return check_file(path, "tp")


@bad_input
def group_size_zero_by_symbols(tmp: Path) -> Bad:
    path = write(
        tmp, "g.yaml", example_with(("groups: {tp: tp, ep: ep}", "groups: {tp: tp - 16, ep: ep}"))
    )
    return check_file(path, "tp")


@bad_input
def zero_symbol(tmp: Path) -> Bad:
    return check_file(write(tmp, "g.yaml", example_with(("  tp: 16\n", "  tp: 0\n"))), "tp")


@bad_input
def negative_group_size_by_set(tmp: Path) -> Bad:
    # a usage error: the option is named, not the (good) file
    return Bad(["check", str(EXAMPLE), "--set", "tp=0"], ["tp"])


@bad_input
def set_of_unknown_symbol(tmp: Path) -> Bad:
    return Bad(["check", str(EXAMPLE), "--set", "tpp=4"], ["tpp"])


@bad_input
def set_of_a_huge_number(tmp: Path) -> Bad:
    return Bad(["check", str(EXAMPLE), "--set", "T=" + "9" * 5000], ["T"])


@bad_input
def unsupported_format_version(tmp: Path) -> Bad:
    path = write(
        tmp, "g.yaml", example_with(("format: layoutcheck-graph/1", "format: layoutcheck-graph/2"))
    )
    return check_file(path, "layoutcheck-graph/2")


@bad_input
def missing_format_key(tmp: Path) -> Bad:
    return check_file(
        write(tmp, "g.yaml", example_with(("format: layoutcheck-graph/1\n", ""))), "format"
    )


@bad_input
def unknown_top_level_key(tmp: Path) -> Bad:
    path = write(tmp, "g.yaml", example_with(("token_count: T", "token_count: T\nlayerz: 3")))
    return check_file(path, "layerz")


@bad_input
def explosive_expression(tmp: Path) -> Bad:
    path = write(
        tmp,
        "g.yaml",
        example_with(("out_features: q_lora, parallel", "out_features: 9**9**9**9, parallel")),
    )
    op = "model.layers.5.self_attn.q_a_proj"
    return check_file(path, op, op_line(path, op))


@bad_input
def explosive_nested_power(tmp: Path) -> Bad:
    # (H**64)**64 is H**4096: each exponent is small, the power is not
    power = "(((H**64)**64)**64)**64"
    path = write(
        tmp,
        "g.yaml",
        example_with(("hidden:   {shape: [T/tp, H]", f'hidden:   {{shape: [T/tp, "{power}"]')),
    )
    return Bad(["show", str(path)], [str(path), "hidden"])


@bad_input
def huge_integer_in_a_shape(tmp: Path) -> Bad:
    path = write(
        tmp,
        "g.yaml",
        example_with(("hidden:   {shape: [T/tp, H]", f"hidden:   {{shape: [T/tp, {'9' * 5000}]")),
    )
    return check_file(path)


@bad_input
def division_by_zero_once_symbols_have_values(tmp: Path) -> Bad:
    # H/(tp - 16) is fine as a formula, and a division by zero at tp = 16: `show` must not
    # print a shape of `zoo` (sympy's complex infinity) and exit 0
    path = write(
        tmp,
        "g.yaml",
        example_with(("hidden:   {shape: [T/tp, H]", 'hidden:   {shape: [T/tp, "H/(tp - 16)"]')),
    )
    return Bad(["show", str(path)], [str(path), "hidden"])


@bad_input
def deep_expression_nesting(tmp: Path) -> Bad:
    nested = "(" * 40 + "H" + ")" * 40
    path = write(
        tmp,
        "g.yaml",
        example_with(("hidden:   {shape: [T/tp, H]", f'hidden:   {{shape: [T/tp, "{nested}"]')),
    )
    return check_file(path, "hidden", "nested")


@bad_input
def deep_yaml_nesting(tmp: Path) -> Bad:
    depth = 5_000
    outputs = "outputs: [model.layers.5.mlp.combine, model.layers.5.post_attention_layernorm:1]"
    path = write(tmp, "g.yaml", example_with((outputs, "outputs: " + "[" * depth + "]" * depth)))
    return check_file(path)


@bad_input
def deep_json_nesting(tmp: Path) -> Bad:
    depth = 100_000
    text = '{"format": "layoutcheck-graph/1", "ops": ' + "[" * depth + "]" * depth + "}"
    return check_file(write(tmp, "g.json", text), "JSON")


@bad_input
def injection_in_an_attr(tmp: Path) -> Bad:
    attack = "__import__('os').system('touch PWNED')"
    path = write(
        tmp,
        "g.yaml",
        example_with(("out_features: q_lora, parallel", f'out_features: "{attack}", parallel')),
    )
    op = "model.layers.5.self_attn.q_a_proj"
    return check_file(path, op, op_line(path, op))


@bad_input
def injection_in_a_shape(tmp: Path) -> Bad:
    attack = "__import__('os').system('touch PWNED')"
    path = write(
        tmp,
        "g.yaml",
        example_with(("hidden:   {shape: [T/tp, H]", f'hidden:   {{shape: [T/tp, "{attack}"]')),
    )
    return check_file(path, "hidden")


@bad_input
def injection_in_a_symbol_name(tmp: Path) -> Bad:
    path = write(
        tmp,
        "g.yaml",
        example_with(("  H: 6144 ", "  \"__import__('os').system('touch PWNED')\": 1\n  H: 6144 ")),
    )
    return check_file(path)


@bad_input
def injection_as_a_python_tag(tmp: Path) -> Bad:
    attack = "!!python/object/apply:os.system ['touch PWNED']"
    path = write(tmp, "g.yaml", example_with(("  T: 4096 ", f"  T: {attack} ")))
    return check_file(path)


@bad_input
def billion_laughs(tmp: Path) -> Bad:
    lines = [
        "format: layoutcheck-graph/1",
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ]
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]")
    lines.append("ops: []")
    return check_file(write(tmp, "laughs.yaml", "\n".join(lines) + "\n"), "alias")


@bad_input
def missing_file(tmp: Path) -> Bad:
    return check_file(tmp / "nowhere.yaml")


@bad_input
def missing_file_for_show(tmp: Path) -> Bad:
    path = tmp / "nowhere.yaml"
    return Bad(["show", str(path)], [str(path)])


@bad_input
def unknown_contract_name(tmp: Path) -> Bad:
    return Bad(["check", str(EXAMPLE), "--contract", "no-such-contract"], ["no-such-contract"])


@bad_input
def unknown_contract_in_the_graph(tmp: Path) -> Bad:
    path = write(
        tmp, "g.yaml", example_with((f"contract: {EXAMPLE_CONTRACT}", "contract: no-such-contract"))
    )
    return check_file(path, "no-such-contract")


@bad_input
def malformed_contract_file(tmp: Path) -> Bad:
    # the error is in the contract file, so the contract file (and its line) is named
    contract = write(
        tmp, "contract.yaml", "format: layoutcheck-contract/1\nname: x\nrules: [a, b\n"
    )
    return Bad(
        ["check", str(EXAMPLE), "--contract", str(contract)], [f"{contract}:"], f"{contract}:"
    )


@bad_input
def contract_with_an_unknown_key(tmp: Path) -> Bad:
    text = (CONTRACTS / f"{EXAMPLE_CONTRACT}.yaml").read_text(encoding="utf-8")
    assert "count_per_layer: 1" in text
    contract = write(tmp, "contract.yaml", text.replace("count_per_layer: 1", "count_per_layr: 1"))
    return Bad(
        ["check", str(EXAMPLE), "--contract", str(contract)],
        [str(contract), "count_per_layr"],
        f"{contract}:",
    )


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_exits_2_with_one_line(
    cli: Callable[..., Run], case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # an injected `touch PWNED` would land here
    bad = BAD_INPUTS[case](tmp_path)
    run = cli(*bad.args)
    assert "Traceback" not in run.out + run.err
    assert "internal error" not in run.err, run.err
    assert run.code == 2, f"exit {run.code}: {run.err or run.out[:2000]}"
    assert run.out == ""
    assert len(run.err_lines) == 1, run.err
    [line] = run.err_lines
    assert "error" in line
    for name in bad.names:
        assert name in line, f"{name!r} not named in: {line}"
    if bad.location is not None:
        assert line.startswith(bad.location), f"the line should start with {bad.location!r}: {line}"
    assert not (tmp_path / "PWNED").exists()
    assert not (ROOT / "PWNED").exists()


def test_there_are_at_least_15_distinct_bad_inputs() -> None:
    assert len(BAD_INPUTS) >= 15


def test_injection_runs_nothing(
    cli: Callable[..., Run], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for case in ("injection_in_an_attr", "injection_in_a_shape", "injection_in_a_symbol_name",
                 "injection_as_a_python_tag"):  # fmt: skip
        bad = BAD_INPUTS[case](tmp_path)
        assert cli(*bad.args).code == 2
        assert cli("show", *bad.args[1:]).code == 2
    assert not (tmp_path / "PWNED").exists()


def test_json_graph_is_recognized_wherever_its_format_key_is(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    # a graph written by a tool that puts "format" last, after more than 4 kB of symbols, is
    # still a graph file (exit 1 for its type error), not a model config (exit 2)
    data = yaml.safe_load(GATHERED_TWICE)
    data.pop("format")
    data["symbols"] = {**data["symbols"], **{f"pad{i}": 1 for i in range(400)}}
    data["format"] = "layoutcheck-graph/1"
    path = write(tmp_path, "late.json", json.dumps(data, indent=2))
    assert path.read_text().index('"format"') > 4096
    run = cli("check", path, "--format", "json")
    assert run.code == 1, run.err
    assert {d["rule"] for d in errors_of(run.json())} == {"gather-of-full"}


def test_bad_input_in_json_format_is_one_line_and_a_json_document(
    cli: Callable[..., Run], tmp_path: Path
) -> None:
    """--format json answers a bad graph file in JSON too (a CI step parses stdout); the one
    line on stderr is still written, for the person reading the log."""
    path = write(tmp_path, "g.yaml", example_with(("op: all_gather\n", "op: all_gahter\n")))
    run = cli("check", path, "--format", "json")
    assert run.code == 2
    assert len(run.err_lines) == 1
    data = run.json()
    assert data["ok"] is False
    (diagnostic,) = data["diagnostics"]
    assert diagnostic["rule"] == "bad-spec" and diagnostic["severity"] == "error"
    assert diagnostic["file"] == str(path) and diagnostic["line"] == 38
    assert diagnostic["op"] == "model.layers.5.self_attn.attn_gather"
    assert "all_gahter" in diagnostic["message"]


def test_a_usage_error_in_json_format_is_a_json_document(cli: Callable[..., Run]) -> None:
    run = cli("query", "glm-5.1", "total", "--sweep", "T=9..1", "--format", "json")
    assert run.code == 2 and len(run.err_lines) == 1
    (diagnostic,) = run.json()["diagnostics"]
    assert diagnostic["rule"] == "usage" and diagnostic["file"] is None
    assert "need 1 <= a <= b" in diagnostic["message"]


# -- real processes: the console script, no traceback ever ------------------------------------


def test_console_script_checks_the_example() -> None:
    run = run_process("check", EXAMPLE)
    assert run.code == 0, run.err
    assert run.err == ""
    assert run.out.strip().splitlines()[-1].startswith("ok: ")


def test_console_script_bad_input_has_no_traceback(tmp_path: Path) -> None:
    path = write(tmp_path, "g.yaml", example_with(("op: all_gather\n", "op: all_gahter\n")))
    run = run_process("check", path, cwd=tmp_path)
    assert run.code == 2
    assert run.out == ""
    [line] = [text for text in run.err.splitlines() if text.strip()]
    assert str(path) in line and "all_gahter" in line
    assert "Traceback" not in run.err


def test_console_script_survives_very_deep_yaml(tmp_path: Path) -> None:
    # 50,000 nested brackets (100 kB): the loader must refuse it, not crash the process
    depth = 50_000
    path = write(
        tmp_path,
        "deep.yaml",
        "format: layoutcheck-graph/1\nops: " + "[" * depth + "]" * depth + "\n",
    )
    run = run_process("check", path, cwd=tmp_path)
    assert run.code == 2, f"exit {run.code}: {run.err[-2000:]}"
    assert "Traceback" not in run.err
    [line] = [text for text in run.err.splitlines() if text.strip()]
    assert str(path) in line


@pytest.mark.parametrize(
    "env", [{"PYTHONIOENCODING": "ascii"}, {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"}]
)
def test_a_stream_that_is_not_utf8_gets_ascii_not_a_crash(env: dict[str, str]) -> None:
    """`check` prints L·W and ⊤; on an ASCII stream those are spelled L.W and T (a C locale
    is coerced to UTF-8 by Python, so that one prints the glyphs: either way, no exit 3)."""
    import os

    result = subprocess.run(
        [*console_script(), "check", str(EXAMPLE), "--contract", "vllm-ascend-dsa-cp-prefill"],
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **env},
        timeout=600,
    )
    assert result.returncode == 1, result.stderr[-2000:]
    assert b"Traceback" not in result.stderr and result.stderr == b""
    out = result.stdout.decode("utf-8")
    if env.get("PYTHONIOENCODING") == "ascii":
        assert result.stdout.isascii() and "(F.W)" in out and "L.W)" in out
    else:
        assert "L·W" in out or "L.W" in out


def test_module_entry_point_usage_error() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "layoutcheck.cli", "explain", "no-such-rule"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len([line for line in result.stderr.splitlines() if line.strip()]) == 1
