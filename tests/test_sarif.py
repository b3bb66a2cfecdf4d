"""`check --format sarif`: valid against the official SARIF 2.1.0 schema (tests/data, from the
OASIS sarif-spec repository), one result per diagnostic at the right rule and line, the
provenance notes as related locations, the rules' help in the driver; exit codes unchanged."""

from __future__ import annotations

import functools
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonschema
import pytest

from layoutcheck.rules import TYPE_RULES
from tests.helpers import ENGINE_GRAPHS, GRAPHS, MODELS, ROOT, run
from tests.test_examples import expected_rules, expected_warnings

SCHEMA_FILE = Path(__file__).resolve().parent / "data" / "sarif-schema-2.1.0.json"
BUGS = sorted((GRAPHS / "bugs").glob("*.yaml"))
GATHERED_RESIDUAL = GRAPHS / "bugs" / "rfc-gathered-residual.yaml"
SP_DEFAULT = ENGINE_GRAPHS / "glm51-tp4-sp-default-w8a8.pt2"


@functools.cache
def validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    assert cls is jsonschema.Draft4Validator  # the OASIS errata01 schema is draft-04
    return cls(schema)


def sarif(*argv: object) -> tuple[int, dict[str, Any]]:
    """Run ``check ARGV --format sarif``; the exit code and the validated log."""
    code, out, err = run("check", *argv, "--format", "sarif")
    assert code in (0, 1), err
    log: dict[str, Any] = json.loads(out)
    errors = sorted(validator().iter_errors(log), key=lambda e: list(e.path))
    assert not errors, "\n".join(f"{list(e.path)}: {e.message}" for e in errors[:5])
    assert_uris(log)
    return code, log


def assert_uris(log: dict[str, Any]) -> None:
    """Every artifact URI is a URI reference (the schema's format is not checked by default)."""
    uris: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "uri" or key == "informationUri":
                    uris.append(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(log)
    for uri in uris:
        assert re.fullmatch(r"[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]+", uri), uri
        urlsplit(uri)


def results_of(log: dict[str, Any]) -> list[dict[str, Any]]:
    (run_,) = log["runs"]
    results: list[dict[str, Any]] = run_["results"]
    return results


def driver_of(log: dict[str, Any]) -> dict[str, Any]:
    driver: dict[str, Any] = log["runs"][0]["tool"]["driver"]
    return driver


def place(location: dict[str, Any]) -> tuple[str | None, str | None, int | None]:
    """(uriBaseId, uri, startLine) of a location."""
    physical = location.get("physicalLocation", {})
    artifact = physical.get("artifactLocation", {})
    return (
        artifact.get("uriBaseId"),
        artifact.get("uri"),
        physical.get("region", {}).get("startLine"),
    )


def line_of_op(path: Path, name: str) -> int:
    """The 1-based line that declares op (or graph input) ``name`` in a graph file."""
    op = re.compile(rf"\bname: {re.escape(name)}\s*(?:[,}}]|$)")
    graph_input = re.compile(rf"^\s+{re.escape(name)}:\s*{{")
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if op.search(line) or graph_input.search(line):
            return number
    raise AssertionError(f"no op {name} in {path}")


@pytest.mark.parametrize("path", BUGS, ids=lambda p: p.stem)
def test_each_bug_graph_gives_its_expected_rules_at_its_ops_lines(path: Path) -> None:
    code, log = sarif(path)
    results = results_of(log)
    expected = expected_rules(path)
    assert expected is not None
    errors = {r["ruleId"] for r in results if r["level"] == "error"}
    warnings = {r["ruleId"] for r in results if r["level"] == "warning"}
    assert (errors, warnings) == (expected, expected_warnings(path))
    assert code == 1
    # one result per diagnostic of the JSON report, in its order, at its line
    data = run("check", path, "--format", "json").json()
    assert [r["ruleId"] for r in results] == [d["rule"] for d in data["diagnostics"]]
    relative = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else None
    for result, diagnostic in zip(results, data["diagnostics"], strict=True):
        base, uri, line = place(result["locations"][0])
        assert line == diagnostic["line"]
        if diagnostic["op"] is not None and line is not None:
            assert line == line_of_op(path, diagnostic["op"])
            assert result["locations"][0]["logicalLocations"][0]["name"] == diagnostic["op"]
        if relative is not None and Path.cwd().resolve() == ROOT:
            assert (base, uri) == ("%SRCROOT%", relative)
        assert result["message"]["text"].startswith(diagnostic["message"])
        # each note that names where a layout began points at that op's (or input's) line
        for related in result.get("relatedLocations", []):
            text = related["message"]["text"]
            began = re.search(
                r"(?:became \S+|made \S+|token layout) at (?:graph input )?(\S+)$", text
            )
            if began is not None:
                assert place(related)[2] == line_of_op(path, began.group(1))
                assert related["logicalLocations"][0]["name"] == began.group(1)


def test_rules_carry_their_help_and_match_the_results() -> None:
    _, log = sarif(GATHERED_RESIDUAL)
    driver = driver_of(log)
    assert driver["name"] == "layoutcheck"
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+.*", driver["version"])
    assert urlsplit(driver["informationUri"]).scheme in ("https", "http", "file")
    rules = driver["rules"]
    ids = [rule["id"] for rule in rules]
    assert len(ids) == len(set(ids))
    assert set(ids) >= {rule.id for rule in TYPE_RULES}
    # the rules the graph's contract keeps warnings are said at the result's level
    from layoutcheck.contracts import load_contract

    kept = {allowance.rule for allowance in load_contract("tensorcast-dsa-cp-prefill").allow}
    for result in results_of(log):
        rule = rules[result["ruleIndex"]]
        assert rule["id"] == result["ruleId"]
        level = "warning" if result["ruleId"] in kept else rule["defaultConfiguration"]["level"]
        assert result["level"] == level
        for part in ("What:", "Why:", "Example:", "Fix:"):
            assert part in rule["help"]["text"]
    by_id = {rule["id"]: rule for rule in rules}
    gather = by_id["gather-of-full"]
    assert gather["shortDescription"]["text"] == "all_gather of a value that is already FULL."
    assert "Gather only output 0" in gather["help"]["text"]
    # a contract rule: documented by the contract the graph is checked against
    contract_rule = by_id["gather-normalized-only"]
    assert contract_rule["properties"]["contract"] == "tensorcast-dsa-cp-prefill"


def test_the_provenance_notes_are_related_locations_at_their_ops() -> None:
    _, log = sarif(GATHERED_RESIDUAL)
    results = {r["ruleId"]: r for r in results_of(log)}
    gather = results["gather-of-full"]
    (related,) = gather["relatedLocations"]
    assert related["message"]["text"].endswith("it became FULL at model.layers.5.residual_gather")
    assert place(related)[2] == line_of_op(GATHERED_RESIDUAL, "model.layers.5.residual_gather")
    assert related["logicalLocations"][0]["name"] == "model.layers.5.residual_gather"
    (related,) = results["gather-normalized-only"]["relatedLocations"]
    assert place(related)[2] == line_of_op(
        GATHERED_RESIDUAL, "model.layers.4.self_attn.o_proj_slice"
    )


def test_an_engine_graph_points_at_the_engine_sources() -> None:
    """TensorCast's SP-did-nothing case: results at the engine's file:line of each op."""
    code, log = sarif(SP_DEFAULT, "--sp")
    assert code == 1
    data = run("check", SP_DEFAULT, "--sp", "--format", "json").json()
    results = results_of(log)
    assert len(results) == len(data["diagnostics"])
    for result, diagnostic in zip(results, data["diagnostics"], strict=True):
        base, uri, line = place(result["locations"][0])
        frame = re.search(r" at (\S+):([0-9]+)$", diagnostic["engine"] or "")
        if frame is None:  # no frame recorded (a pass made the op): the archive itself
            assert uri is not None and uri.endswith(SP_DEFAULT.name)
            assert line is None
            continue
        path, number = frame.group(1), int(frame.group(2))
        assert line == number
        if path.startswith("<site-packages>/"):
            assert (base, uri) == ("SITE_PACKAGES", path.removeprefix("<site-packages>/"))
        else:
            assert (base, uri) == ("ENGINE_ROOT", path)
    by_rule = {r["ruleId"]: r for r in results}
    assert place(by_rule["sequence-parallel-not-applied"]["locations"][0]) == (
        "SITE_PACKAGES",
        "transformers/models/glm_moe_dsa/modeling_glm_moe_dsa.py",
        62,
    )
    assert place(by_rule["o-proj-token-slice"]["locations"][0]) == (
        "ENGINE_ROOT",
        "tensor_cast/layers/quant_linear.py",
        444,
    )
    # the FULL tokens began at a graph input of the archive (no frame: the archive itself)
    (related,) = by_rule["o-proj-token-slice"]["relatedLocations"]
    assert related["message"]["text"].endswith("at graph input arg236_1")
    assert related["logicalLocations"] == [
        {"name": "arg236_1", "fullyQualifiedName": "arg236_1", "kind": "parameter"}
    ]
    bases = log["runs"][0]["originalUriBaseIds"]
    assert set(bases) - {"%SRCROOT%"} == {"SITE_PACKAGES", "ENGINE_ROOT"}


def test_a_built_model_points_at_its_config_with_the_op_as_logical_location() -> None:
    code, log = sarif("glm-5.1", "--tp", "16", "--sp")
    assert code == 0  # warnings only
    results = results_of(log)
    assert results and {r["level"] for r in results} == {"warning"}
    config = (MODELS / "glm-5.1.json").resolve()
    for result in results:
        (location,) = result["locations"]
        _, uri, line = place(location)
        assert uri is not None and uri.endswith("glm-5.1.json") and line is None
        assert config.name in uri
        assert location["logicalLocations"][0]["name"] == result["properties"]["op"]


def test_a_clean_graph_has_no_results_and_exits_0() -> None:
    # (the tensorcast layer's shared expert is a cross-token-reduction under the type rules)
    code, log = sarif(GRAPHS / "glm51-layer-vllm-ascend-dsa-cp.yaml", "--contract", "none")
    assert code == 0
    assert [r for r in results_of(log) if r["level"] == "error"] == []


def test_an_unusable_input_is_one_line_exit_2(tmp_path: Path) -> None:
    # and its SARIF log names the error (below): the code scanner sees why nothing was checked
    code, out, err = run("check", tmp_path / "missing.yaml", "--format", "sarif")
    assert code == 2
    assert json.loads(out)["runs"][0]["invocations"][0]["executionSuccessful"] is False
    assert err.count("\n") == 1 and "[bad-spec]" in err


def test_check_without_sarif_does_not_import_it() -> None:
    script = "import sys, layoutcheck.cli; print('layoutcheck.sarif' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr


@pytest.mark.parametrize(
    ("argv", "rule"),
    [
        (["check", "{bad}", "--format", "sarif"], "bad-spec"),
        (["check", "glm-5.2", "--format", "sarif"], "usage"),
    ],
    ids=["bad-file", "unknown-model"],
)
def test_an_unusable_input_is_a_sarif_log_with_the_error_as_a_notification(
    argv: list[str], rule: str, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "format: layoutcheck-graph/1\nname: x\nsymbols: {T: 8}\ninputs: {x: {shape: [T, 4]}}\n"
        "ops:\n  - {name: a, op: rms_nrm, inputs: [x]}\n"
    )
    result = run(*[str(bad) if a == "{bad}" else a for a in argv])
    assert result.code == 2
    log = json.loads(result.out)
    validator().validate(log)
    (run_,) = log["runs"]
    assert run_["results"] == []
    (invocation,) = run_["invocations"]
    assert invocation["executionSuccessful"] is False
    (notification,) = invocation["toolExecutionNotifications"]
    assert notification["level"] == "error" and notification["descriptor"]["id"] == rule
    if rule == "bad-spec":
        place = notification["locations"][0]["physicalLocation"]
        assert place["region"]["startLine"] == 6
    assert len(result.err.strip().splitlines()) == 1  # and the one line on stderr
