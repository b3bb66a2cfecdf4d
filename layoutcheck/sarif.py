"""A check report as SARIF 2.1.0 for code scanning: one result per diagnostic, placed at the
graph file's line or the engine source's file:line, with the layout provenance as related
locations and the rules' What / Why / Example / Fix as the driver's rule metadata.

Where a result points: an op imported from an engine graph, at the engine's frame (``file:line``
from the diagnostic's engine origin, relative to ``ENGINE_ROOT`` or ``SITE_PACKAGES``); an op of
a graph file, at its line (``%SRCROOT%``, the working directory); a built model has no file for
its ops, so its results point at the model's config.json with the op as a logical location.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from layoutcheck.diagnostics import Diagnostic, Report, Severity
from layoutcheck.rules import Rule

if TYPE_CHECKING:
    from layoutcheck.graph import Graph
    from layoutcheck.session import Session

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
SRCROOT = "%SRCROOT%"
SITE_PACKAGES = "SITE_PACKAGES"
ENGINE_ROOT = "ENGINE_ROOT"
_SITE_PREFIX = "<site-packages>/"  # how an engine import writes a frame in site-packages

# the provenance notes of layoutcheck.interp and .contracts end with the place a layout began:
# "… it became FULL at NAME", "… made LOCAL at NAME", "… got its LOCAL token layout at NAME"
_PROVENANCE = re.compile(r"(?:became \S+|made \S+|token layout) at (?P<at>(?:graph input )?\S+)$")
_GRAPH_INPUT = "graph input "

# SARIF's result levels for ours (SARIF also has "none", for a result that is no problem)
LEVELS: Mapping[Severity, str] = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.NOTE: "note",
}


def render_sarif(session: Session, report: Report) -> str:
    """The SARIF log of ``report``, checked in ``session``, as JSON text."""
    from layoutcheck.rules import TYPE_RULES

    contract = session.contract()
    rules = (*TYPE_RULES, *(contract.rule_docs() if contract is not None else ()))
    if session.is_engine:
        artifact: str | None = session.options.target
    elif session.is_model:
        artifact = session.config[2]
    else:
        artifact = report.source
    return json.dumps(sarif_log(report, rules, artifact), indent=2)


def sarif_log(
    report: Report, rules: Sequence[Rule], artifact: str | None = None
) -> dict[str, object]:
    """One SARIF run for ``report``: ``rules`` the rules the check could raise (a result's rule
    missing from them is looked up among every shipped rule), ``artifact`` the file checked
    (a graph file, an engine graph, a model's config), where a result with no line points."""
    descriptors = _rule_table(rules, (d.rule.id for d in report.diagnostics))
    index = {rule.id: position for position, rule in enumerate(descriptors)}
    graph = report.typed.graph if report.typed is not None else None
    places = _Places(artifact, graph)
    results = [_result(d, index, places) for d in report.diagnostics]
    driver: dict[str, object] = {
        "name": "layoutcheck",
        "version": _version(),
        "informationUri": _information_uri(),
        "rules": [_descriptor(rule) for rule in descriptors],
    }
    run: dict[str, object] = {"tool": {"driver": driver}}
    if places.used:
        run["originalUriBaseIds"] = places.base_ids()
    run.update(
        {
            "results": results,
            "invocations": [{"executionSuccessful": True}],
            "properties": {
                "graph": report.graph,
                "contract": report.contract,
                "ok": report.ok,
                "summary": report.summary,
            },
        }
    )
    return {"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}


def error_log(message: str, rule: str, file: str | None, line: int | None) -> str:
    """The SARIF log of a run that could not check anything (an unusable input, a usage
    error): no results, the invocation failed, and the error as its tool-execution
    notification at the file and line it names."""
    notification: dict[str, object] = {
        "level": "error",
        "message": {"text": message},
        "descriptor": {"id": rule},
    }
    if file is not None:
        region = {"startLine": line} if line is not None and line >= 1 else None
        physical: dict[str, object] = {"artifactLocation": {"uri": _uri(file)}}
        if region is not None:
            physical["region"] = region
        notification["locations"] = [{"physicalLocation": physical}]
    driver = {"name": "layoutcheck", "version": _version(), "informationUri": _information_uri()}
    run = {
        "tool": {"driver": driver},
        "results": [],
        "invocations": [
            {"executionSuccessful": False, "toolExecutionNotifications": [notification]}
        ],
    }
    return json.dumps({"$schema": SARIF_SCHEMA, "version": SARIF_VERSION, "runs": [run]}, indent=2)


def _rule_table(rules: Sequence[Rule], used: Iterable[str]) -> list[Rule]:
    table = {rule.id: rule for rule in rules}
    missing = [rule for rule in dict.fromkeys(used) if rule not in table]
    if missing:
        from layoutcheck.contracts import all_rules

        known = all_rules()
        for rule_id in missing:
            if rule_id in known:
                table[rule_id] = known[rule_id][0]
    return list(table.values())


def _descriptor(rule: Rule) -> dict[str, object]:
    text = f"What: {rule.summary}\n\nWhy: {rule.why}\n\nExample:\n{rule.example}\n\nFix: {rule.fix}"
    markdown = (
        f"**What** {rule.summary}\n\n**Why** {rule.why}\n\n**Example**\n\n```yaml\n"
        f"{rule.example}\n```\n\n**Fix** {rule.fix}"
    )
    properties: dict[str, object] = {"kind": rule.kind.value, "tags": ["layout", rule.kind.value]}
    if rule.contract is not None:
        properties["contract"] = rule.contract
    return {
        "id": rule.id,
        "name": "".join(part.capitalize() for part in rule.id.split("-")),
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.why},
        "help": {"text": text, "markdown": markdown},
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
        "properties": properties,
    }


def _result(diagnostic: Diagnostic, index: Mapping[str, int], places: _Places) -> dict[str, Any]:
    text = diagnostic.message + (f"\nhelp: {diagnostic.hint}" if diagnostic.hint else "")
    result: dict[str, Any] = {"ruleId": diagnostic.rule.id}
    if diagnostic.rule.id in index:
        result["ruleIndex"] = index[diagnostic.rule.id]
    result["level"] = LEVELS[diagnostic.severity]
    result["message"] = {"text": text}
    result["locations"] = [places.of_diagnostic(diagnostic)]
    related = [places.of_note(position, note) for position, note in enumerate(diagnostic.notes)]
    if related:
        result["relatedLocations"] = related
    properties = {
        "op": diagnostic.op,
        "layer": diagnostic.layer,
        "context": diagnostic.context,
        "engine": diagnostic.origin,
    }
    result["properties"] = {key: value for key, value in properties.items() if value is not None}
    return result


class _Places:
    """Locations in the checked artifact or the engine's sources, as SARIF writes them."""

    def __init__(self, artifact: str | None, graph: Graph | None) -> None:
        self.artifact = artifact
        self.graph = graph
        self.used: set[str] = set()

    def of_diagnostic(self, diagnostic: Diagnostic) -> dict[str, object]:
        location = self._place(diagnostic.line, diagnostic.origin)
        name = diagnostic.op
        if name is not None:
            is_input = self.graph is not None and any(s.name == name for s in self.graph.inputs)
            location["logicalLocations"] = [_logical(name, "parameter" if is_input else "member")]
        return location

    def of_note(self, position: int, note: str) -> dict[str, object]:
        """A note as a related location: the op or graph input its layout came from, when the
        note names one (else the note alone)."""
        location: dict[str, object] = {}
        found = _PROVENANCE.search(note)
        name = found.group("at") if found else None
        graph = self.graph
        if name is not None and graph is not None:
            if name.startswith(_GRAPH_INPUT):
                spec = next((s for s in graph.inputs if s.name == name[len(_GRAPH_INPUT) :]), None)
                if spec is not None:
                    location = self._place(spec.line, None)
                    location["logicalLocations"] = [_logical(spec.name, "parameter")]
            elif graph.has_op(name):
                op = graph.op(name)
                location = self._place(op.line, op.source)
                location["logicalLocations"] = [_logical(op.name)]
        return {"id": position + 1, **location, "message": {"text": note}}

    def _place(self, line: int | None, origin: str | None) -> dict[str, object]:
        frame = _engine_frame(origin)
        if frame is not None:
            path, frame_line = frame
            return {"physicalLocation": self._physical(path, frame_line, engine=True)}
        if self.artifact is None:
            return {}
        return {"physicalLocation": self._physical(self.artifact, line, engine=False)}

    def _physical(self, path: str, line: int | None, *, engine: bool) -> dict[str, object]:
        location: dict[str, object] = {"artifactLocation": self._artifact(path, engine)}
        if line is not None and line >= 1:
            location["region"] = {"startLine": line}
        return location

    def _artifact(self, path: str, engine: bool) -> dict[str, str]:
        if engine and path.startswith(_SITE_PREFIX):
            self.used.add(SITE_PACKAGES)
            return {"uri": _uri(path[len(_SITE_PREFIX) :]), "uriBaseId": SITE_PACKAGES}
        file = Path(path)
        if not file.is_absolute() and engine:
            self.used.add(ENGINE_ROOT)
            return {"uri": _uri(path), "uriBaseId": ENGINE_ROOT}
        # as the user named it (a symlinked folder kept), relative to the working directory
        absolute = os.path.abspath(file)
        relative = os.path.relpath(absolute, os.getcwd())
        if relative == ".." or relative.startswith(".." + os.sep):
            return {"uri": Path(absolute).as_uri()}  # outside it: an absolute file URI
        self.used.add(SRCROOT)
        return {"uri": _uri(Path(relative).as_posix()), "uriBaseId": SRCROOT}

    def base_ids(self) -> dict[str, dict[str, object]]:
        described: dict[str, dict[str, object]] = {
            SRCROOT: {
                "uri": Path(os.getcwd()).as_uri() + "/",
                "description": {"text": "the directory layoutcheck ran in"},
            },
            SITE_PACKAGES: {
                "description": {
                    "text": "the site-packages of the Python that ran the engine (an engine "
                    "graph's stack frames say only <site-packages>)"
                }
            },
            ENGINE_ROOT: {
                "description": {
                    "text": "the root the engine recorded its own source paths against (for "
                    "TensorCast, its checkout: tensor_cast/…)"
                }
            },
        }
        return {name: value for name, value in described.items() if name in self.used}


def _engine_frame(origin: str | None) -> tuple[str, int] | None:
    """The ``file:line`` an engine origin ends with (``node (module) at file:line``)."""
    if origin is None:
        return None
    _, sep, where = origin.rpartition(" at ")
    path, colon, line = where.rpartition(":")
    if not sep or not colon or not path or not (line.isascii() and line.isdigit()):
        return None
    return path, int(line)


def _logical(name: str, kind: str = "member") -> dict[str, str]:
    # an op is a member of its graph; a graph input is a parameter of it
    return {"name": name, "fullyQualifiedName": name, "kind": kind}


def _uri(path: str) -> str:
    """A relative path as a URI reference: each segment percent-encoded."""
    return quote(path.replace("\\", "/"), safe="/")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return str(version("layoutcheck"))
    except PackageNotFoundError:
        return "unknown"


def _information_uri() -> str:
    """The project's URL if its metadata declares one; else the rule reference shipped with
    the package (specs/README.md), which documents this very version."""
    from importlib.metadata import PackageNotFoundError, metadata

    try:
        meta = metadata("layoutcheck")
    except PackageNotFoundError:
        meta = None
    if meta is not None:
        urls = [entry.partition(", ")[2] for entry in meta.get_all("Project-URL") or ()]
        urls += list(meta.get_all("Home-page") or ())
        for url in urls:
            if str(url).startswith(("https://", "http://")):
                return str(url)
    from layoutcheck.resources import SPECS

    return (SPECS / "README.md").as_uri()
