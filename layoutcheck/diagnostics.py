"""Diagnostics and reports: what a check found, and nothing about how it was found."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import attrs

from layoutcheck.severity import Severity

if TYPE_CHECKING:
    from layoutcheck.interp import TypedGraph
    from layoutcheck.rules import Rule

__all__ = ["Diagnostic", "Report", "Severity", "render_text"]


@attrs.frozen
class Diagnostic:
    """One finding: a rule broken at an op, with the evidence and a fix.

    ``context`` is the offending op with its typed inputs (``%41 = all_gather(x : bf16[..] F·W)``);
    ``notes`` say where the wrong layout came from.
    """

    rule: Rule  # the rule object (it compares and hashes as its id: d.rule == "gather-of-full")
    severity: Severity
    message: str
    hint: str
    op: str | None = None
    layer: int | None = None
    line: int | None = None
    context: str | None = None
    notes: tuple[str, ...] = ()
    origin: str | None = None  # the engine node, module path and file:line, when imported

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_json(self, file: str | None = None) -> dict[str, object]:
        """``file`` is the graph file (or engine archive) ``line`` is in; None for a graph
        built from a model config, which has no lines."""
        return {
            "rule": self.rule.id,
            "severity": self.severity.value,
            "file": file,
            "op": self.op,
            "layer": self.layer,
            "message": self.message,
            "hint": self.hint,
            "line": self.line,
            "engine": self.origin,
        }


@attrs.frozen
class Report:
    """The outcome of checking one graph against the type rules and (optionally) a contract."""

    graph: str
    source: str | None
    contract: str | None
    diagnostics: tuple[Diagnostic, ...]
    summary: dict[str, object] = attrs.field(factory=dict, eq=False)
    # the typed graph the diagnostics came from, so costing it does not check it again
    typed: TypedGraph | None = attrs.field(default=None, eq=False, repr=False)

    @property
    def errors(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.is_error)

    @property
    def warnings(self) -> tuple[Diagnostic, ...]:
        return tuple(d for d in self.diagnostics if d.severity is Severity.WARNING)

    @property
    def ok(self) -> bool:
        return not self.errors

    def rules(self) -> set[str]:
        return {d.rule.id for d in self.diagnostics}

    def to_json(self, file: str | None = None) -> dict[str, object]:
        """``file``: where the graph came from when it is not a graph file (an engine
        archive or dump); a graph built from a model has none."""
        where = self.source or file
        return {
            "ok": self.ok,
            "graph": self.graph,
            "contract": self.contract,
            "file": where,
            "diagnostics": [d.to_json(where) for d in self.diagnostics],
            "summary": self.summary,
        }


_LAYER_INDEX = re.compile(r"layers\.[0-9]+\.")


def _family_key(diagnostic: Diagnostic) -> tuple[str, str, str, str]:
    """Diagnostics equal but for the layer index (the same mistake in 75 identical layers)."""
    return (
        diagnostic.rule.id,
        diagnostic.severity.value,
        _LAYER_INDEX.sub("layers.N.", diagnostic.message),
        _LAYER_INDEX.sub("layers.N.", diagnostic.op or ""),
    )


def render_text(report: Report) -> str:
    """Compiler-style text: ``file:line: error: message  [rule]`` with context, notes, help.

    A diagnostic repeated in identical layers is shown once, with the layers it recurs in.
    Every piece is shown as it may reach a terminal: control characters escaped, words past
    200 characters cut (a name from an engine dump or a contract's text can hold anything).
    """
    from layoutcheck.resources import shown_path
    from layoutcheck.terminal import clean

    where = shown_path(report.source) if report.source else report.graph
    families: dict[tuple[str, str, str, str], list[Diagnostic]] = {}
    for diagnostic in report.diagnostics:
        families.setdefault(_family_key(diagnostic), []).append(diagnostic)
    blocks = []
    for members in families.values():
        diagnostic = members[0]
        location = where if diagnostic.line is None else f"{where}:{diagnostic.line}"
        lines = [
            clean(
                f"{location}: {diagnostic.severity.value}: {diagnostic.message}  "
                f"[{diagnostic.rule}]"
            )
        ]
        if diagnostic.context:
            lines.append(f"    {clean(diagnostic.context)}")
        if diagnostic.origin:
            lines.append(f"  engine: {clean(diagnostic.origin)}")
        lines.extend(f"  note: {clean(note)}" for note in diagnostic.notes)
        if len(members) > 1:
            layers = [m.layer for m in members[1:] if m.layer is not None]
            span = f" (layers {_spans(layers)})" if layers else ""
            lines.append(f"  note: and {len(members) - 1} more like it{span}")
        if diagnostic.hint:
            lines.append(f"  help: {clean(diagnostic.hint)}")
        blocks.append("\n".join(lines))
    blocks.append(clean(_verdict(report)))
    return "\n\n".join(blocks) if report.diagnostics else blocks[-1]


def _spans(layers: list[int]) -> str:
    """``[3, 4, 5, 9]`` → ``3-5, 9``."""
    spans: list[list[int]] = []
    for layer in sorted(set(layers)):
        if spans and layer == spans[-1][-1] + 1:
            spans[-1].append(layer)
        else:
            spans.append([layer])
    return ", ".join(str(s[0]) if len(s) == 1 else f"{s[0]}-{s[-1]}" for s in spans)


def _verdict(report: Report) -> str:
    contract = report.contract or "type rules only"
    errors, warnings = len(report.errors), len(report.warnings)
    ops = report.summary.get("ops", "?")
    layers = report.summary.get("layers", "?")
    head = "ok" if report.ok else "FAILED"
    unchecked = report.summary.get("unchecked")
    # the coverage, where ops were left untyped: an ok says nothing about them
    coverage = f"; {unchecked} of {ops} ops unchecked" if unchecked else ""
    return (
        f"{head}: {report.graph} ({ops} ops, {layers} layers) against {contract}: "
        f"{errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
        f"{coverage}"
    )
