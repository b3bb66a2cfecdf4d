"""Contracts: layout policies for one execution scheme, loaded from YAML tables, and their checker.

A contract is a list of rules; each rule has checks of the form *select ops, expect something of
their ports*. The rule language is documented in ``specs/README.md``; the checker sees only typed
(non-TOP) values, so a type error upstream does not cascade into contract errors.
"""

from __future__ import annotations

import contextlib
import difflib
import fnmatch
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs
import sympy

from layoutcheck import resources
from layoutcheck.diagnostics import Diagnostic, Severity
from layoutcheck.files import parsed_once, read_bytes
from layoutcheck.graph import Graph, GraphError, Op, ValueRef
from layoutcheck.graph_io import decode_text, read_yaml_with_lines
from layoutcheck.interp import TypedGraph
from layoutcheck.lattice import FeatureState, TokenLayout
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.base import AttrKind
from layoutcheck.ops.traits import Trait
from layoutcheck.packs import VersionError, VersionSpec
from layoutcheck.roles import Role, RoleError
from layoutcheck.rules import Rule, RuleKind
from layoutcheck.symbols import ExpressionError, parse_expr

FORMAT = "layoutcheck-contract/1"
MAX_CONTRACT_BYTES = 4 * 2**20


class ContractError(GraphError):
    """A contract file that cannot be read (rule ``bad-spec``)."""


# -- the rule language ----------------------------------------------------------------------


@attrs.frozen
class Step:
    """One hop of a producer/consumer path: any of ``kinds``, optionally at output ``port``;
    an ``optional`` hop may be absent (a pad of zero rows that the engine left out)."""

    kinds: frozenset[str]
    port: int | None = None
    optional: bool = False

    @classmethod
    def parse(cls, text: str, where: str) -> tuple[Step, ...]:
        """``"rms_norm:0|add_rms_norm:0"`` → alternatives; each alternative may name a port;
        a trailing ``?`` makes the hop optional (``"pad_tokens?"``)."""
        text = str(text).strip()
        optional = text.endswith("?")
        alternatives = []
        for part in text.removesuffix("?").split("|"):
            kind, _, port = part.strip().partition(":")
            if not kind or (port and not _is_port(port)):
                raise ContractError(
                    f"{where}: bad step {text!r} (write kind, kind:port, or either with ?)"
                )
            alternatives.append(cls(frozenset({kind}), int(port) if port else None, optional))
        return tuple(alternatives)

    def matches(self, op: Op, port: int) -> bool:
        return op.kind in self.kinds and (self.port is None or self.port == port)

    def __str__(self) -> str:
        kind = "|".join(sorted(self.kinds))
        return kind if self.port is None else f"{kind}:{self.port}"


def _is_port(text: str) -> bool:
    """A port number: ASCII digits only ('²'.isdigit() is true, and int('²') fails)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


def _text(steps: Sequence[Step]) -> str:
    return " or ".join(str(step) for step in steps)


def _optional(steps: Sequence[Step]) -> bool:
    return all(step.optional for step in steps)


@attrs.frozen
class Selector:
    """Which ops a check looks at: op kinds, catalogue traits, name globs, and what they
    feed. ``traits`` (any of them) are resolved against the contract's registry when it loads:
    ``trait_kinds`` are the kinds that have one."""

    kinds: frozenset[str] = frozenset()
    roles: tuple[Role, ...] = ()
    names: tuple[re.Pattern[str], ...] = ()
    not_names: tuple[re.Pattern[str], ...] = ()
    feeds: Selector | None = None
    within: Selector | None = None  # a domain the op must also belong to
    text: str = ""
    traits: frozenset[Trait] = frozenset()
    trait_kinds: frozenset[str] = frozenset()

    def own_kinds(self) -> frozenset[str] | None:
        """The kinds its own ``kind`` and ``trait`` keys allow (None: any kind)."""
        if self.kinds and self.traits:
            return self.kinds & self.trait_kinds
        if self.traits:
            return self.trait_kinds
        return self.kinds or None

    def candidate_kinds(self) -> frozenset[str] | None:
        """The kinds an op must be one of to match, its domain's too (None: any kind)."""
        own = self.own_kinds()
        outer = self.within.candidate_kinds() if self.within is not None else None
        if own is None or outer is None:
            return own if outer is None else outer
        return own & outer

    def matches(self, op: Op, graph: Graph, transparent: frozenset[str]) -> bool:
        if self.within is not None and not self.within.matches(op, graph, transparent):
            return False
        if self.kinds and op.kind not in self.kinds:
            return False
        if self.traits and op.kind not in self.trait_kinds:
            return False
        if self.roles and not any(op.has_role(role) for role in self.roles):
            return False
        if self.names and not any(p.match(op.name) for p in self.names):
            return False
        if any(p.match(op.name) for p in self.not_names):
            return False
        if self.feeds is not None:
            feeds = self.feeds
            readers = _readers(graph, op, transparent)
            return any(feeds.matches(reader, graph, transparent) for reader, _ in readers)
        return True


@attrs.frozen
class PortSpec:
    """``inputs``, ``outputs``, ``input:q``, ``input:0``, ``output:1``."""

    side: str  # "input" or "output"
    which: str | None  # None = all ports of that side

    @classmethod
    def parse(cls, text: str, where: str) -> PortSpec:
        if text in ("inputs", "outputs"):
            return cls(text[:-1], None)
        side, _, which = text.partition(":")
        if side not in ("input", "output") or not which:
            raise ContractError(
                f"{where}: bad port {text!r} (inputs, outputs, input:NAME, output:N)"
            )
        return cls(side, which)

    def refs(self, op: Op, typed: TypedGraph) -> list[tuple[str, ValueRef]]:
        spec = typed.registry[op.kind]
        if self.side == "input":
            names = [spec.inputs[min(i, len(spec.inputs) - 1)] for i in range(len(op.inputs))]
            ports = list(zip(names, op.inputs, strict=True))
        else:
            count = spec.output_count(op)
            names = [spec.outputs[min(i, len(spec.outputs) - 1)] for i in range(count)]
            ports = [(names[i], ValueRef(op.name, i)) for i in range(count)]
        if self.which is None:
            return ports
        if _is_port(self.which):
            index = int(self.which)
            return [ports[index]] if index < len(ports) else []
        return [port for port in ports if port[0] == self.which]

    def __str__(self) -> str:
        return f"{self.side}s" if self.which is None else f"{self.side} {self.which!r}"


@attrs.frozen
class Expect:
    """What must hold of the selected ops (every clause given must hold)."""

    port: PortSpec
    tokens: TokenLayout | None = None
    features: frozenset[FeatureState] = frozenset()
    attrs: tuple[tuple[str, object], ...] = ()
    produced_by: tuple[tuple[Step, ...], ...] = ()
    not_produced_by: tuple[Step, ...] = ()
    consumed_by: tuple[tuple[Step, ...], ...] = ()
    not_consumed_by: tuple[Step, ...] = ()
    count_per_layer: int | None = None


@attrs.frozen
class Check:
    select: Selector
    expect: Expect


@attrs.frozen
class ContractRule:
    doc: Rule
    checks: tuple[Check, ...]


@attrs.frozen
class Allowance:
    """A type rule the contract keeps a warning (``allow: [{rule, as: warning, why}]``): a shape
    a cost model draws on purpose though no engine runs it, said in every diagnostic."""

    rule: str
    why: str


@attrs.frozen
class Contract:
    name: str
    summary: str
    applies: str
    rules: tuple[ContractRule, ...]
    transparent: frozenset[str]
    source: str | None = None
    # the engines and versions whose layout this is (layoutcheck.packs), and the graphs it is
    # for: at least one op must match ``requires`` (None: every graph)
    engines: tuple[tuple[str, VersionSpec], ...] = ()
    requires: Selector | None = None
    requires_text: str = ""  # the selector as the file wrote it, for listings
    allow: tuple[Allowance, ...] = ()
    # what two graphs that run together hand each other (``check A --with B``); None: a
    # contract for one graph
    interface: Interface | None = None

    def rule_docs(self) -> tuple[Rule, ...]:
        hands = () if self.interface is None else tuple(h.doc for h in self.interface.hands)
        return tuple(rule.doc for rule in self.rules) + hands

    def applies_to(self, graph: Graph) -> bool:
        """Is ``graph`` one this contract is for (it holds an op ``requires`` selects)?"""
        select = self.requires
        if select is None:
            return True
        return any(select.matches(op, graph, self.transparent) for op in _candidates(graph, select))

    def relax(self, diagnostics: Iterable[Diagnostic]) -> tuple[Diagnostic, ...]:
        """``diagnostics`` with the errors of the rules this contract allows kept as warnings,
        each saying by which contract and why."""
        allowed = {allowance.rule: allowance for allowance in self.allow}
        relaxed = []
        for diagnostic in diagnostics:
            allowance = allowed.get(diagnostic.rule.id)
            if allowance is not None and diagnostic.is_error:
                note = f"kept a warning by contract {self.name}: {allowance.why}"
                diagnostic = attrs.evolve(
                    diagnostic, severity=Severity.WARNING, notes=(*diagnostic.notes, note)
                )
            relaxed.append(diagnostic)
        return tuple(relaxed)


# -- interfaces: what one graph hands another ----------------------------------------------

# The aspects a hand may compare. Of a value: its token layout, feature state, per-rank shape
# and dtype. Of a KV cache (an attention op's, ``select``ed): the decode-context-parallel size,
# the KV heads each rank stores and the paged-cache block size.
VALUE_ASPECTS = ("tokens", "features", "shape", "dtype")
KV_ASPECTS = ("kv_dcp", "kv_heads_per_rank", "kv_block_size")
INTERFACE_KINDS = ("speculative", "disaggregated")


@attrs.frozen
class HandEnd:
    """One end of a hand: in graph ``graph`` (0: the graph ``check`` is given, 1: the
    ``--with`` graph), a value by name, the graph's ``output`` N, or the ops ``select`` picks
    (for KV-cache aspects, paired with the other end's by decoder layer)."""

    graph: int
    text: str  # as the contract wrote it, for messages
    value: str | None = None
    output: int | None = None
    select: Selector | None = None


@attrs.frozen
class Hand:
    """A handover rule: what ``source`` holds, ``target`` must hold as well, in each aspect of
    ``expect``; a violation is a diagnostic of rule ``doc``."""

    doc: Rule
    source: HandEnd
    target: HandEnd
    expect: tuple[str, ...]


@attrs.frozen
class Interface:
    kind: str  # speculative | disaggregated
    graphs: tuple[str, str]  # what the contract calls the two graphs (target, draft)
    hands: tuple[Hand, ...]


_INTERFACE_KEYS = {"kind", "graphs", "hands"}
_HAND_KEYS = {"id", "summary", "why", "example", "fix", "from", "to", "expect"}
_END_KEYS = {"graph", "value", "output", "select"}


def _interface(
    raw: object, registry: Registry, domains: Mapping[str, Selector], contract: str
) -> Interface:
    if not isinstance(raw, dict):
        raise ContractError("interface: a mapping with kind, graphs and hands")
    unknown = sorted(set(raw) - _INTERFACE_KEYS)
    if unknown:
        raise ContractError(f"interface: unknown key {unknown[0]!r}")
    kind = raw.get("kind")
    if kind not in INTERFACE_KINDS:
        raise ContractError(f"interface: kind must be one of {', '.join(INTERFACE_KINDS)}")
    graphs = raw.get("graphs")
    if (
        not isinstance(graphs, list)
        or len(graphs) != 2
        or not all(isinstance(g, str) and g for g in graphs)
        or graphs[0] == graphs[1]
    ):
        raise ContractError("interface: graphs names the two graphs, [first, second]")
    names = (graphs[0], graphs[1])
    hands_raw = raw.get("hands")
    if not isinstance(hands_raw, list) or not hands_raw:
        raise ContractError("interface: needs a non-empty list of hands")
    hands = tuple(_hand(body, names, registry, domains, contract) for body in hands_raw)
    return Interface(kind=kind, graphs=names, hands=hands)


def _hand(
    body: object,
    names: tuple[str, str],
    registry: Registry,
    domains: Mapping[str, Selector],
    contract: str,
) -> Hand:
    if not isinstance(body, dict) or not isinstance(body.get("id"), str):
        raise ContractError("interface: each hand needs an id")
    hand_id = body["id"]
    where = f"hand {hand_id!r}"
    unknown = sorted(set(body) - _HAND_KEYS)
    if unknown:
        raise ContractError(f"{where}: unknown key {unknown[0]!r}")
    source = _hand_end(body.get("from"), names, registry, domains, f"{where} from")
    target = _hand_end(body.get("to"), names, registry, domains, f"{where} to")
    expect = body.get("expect")
    if isinstance(expect, str):
        expect = [expect]
    known = VALUE_ASPECTS + KV_ASPECTS
    if not isinstance(expect, list) or not expect or not all(a in known for a in expect):
        raise ContractError(f"{where}: expect is a list of {', '.join(known)}")
    kv = [a for a in expect if a in KV_ASPECTS]
    if kv and len(kv) != len(expect):
        raise ContractError(f"{where}: compare a value's aspects or a KV cache's, not both")
    for end in (source, target):
        if kv and end.select is None:
            raise ContractError(f"{where}: KV-cache aspects compare the ops `select` picks")
        if not kv and end.select is not None:
            raise ContractError(f"{where}: value aspects compare a `value` or an `output`")
    doc = Rule(
        id=hand_id,
        kind=RuleKind.CONTRACT,
        summary=str(body.get("summary", "")).strip(),
        why=str(body.get("why", "")).strip(),
        example=str(body.get("example", "")).rstrip(),
        fix=str(body.get("fix", "")).strip(),
        contract=contract,
    )
    return Hand(doc, source, target, tuple(expect))


def _hand_end(
    raw: object,
    names: tuple[str, str],
    registry: Registry,
    domains: Mapping[str, Selector],
    where: str,
) -> HandEnd:
    if not isinstance(raw, dict) or set(raw) - _END_KEYS:
        raise ContractError(f"{where}: a mapping of graph and one of value, output, select")
    graph = raw.get("graph")
    if graph not in names:
        raise ContractError(f"{where}: graph must be {names[0]!r} or {names[1]!r}")
    which = [key for key in ("value", "output", "select") if key in raw]
    if len(which) != 1:
        raise ContractError(f"{where}: give exactly one of value, output, select")
    index = names.index(graph)
    key = which[0]
    if key == "value":
        if not isinstance(raw["value"], str) or not raw["value"]:
            raise ContractError(f"{where}: value is a value name")
        return HandEnd(index, f"{graph} {raw['value']}", value=raw["value"])
    if key == "output":
        output = raw["output"]
        if isinstance(output, bool) or not isinstance(output, int) or output < 0:
            raise ContractError(f"{where}: output is the position of a graph output (0, 1, …)")
        return HandEnd(index, f"{graph} output {output}", output=output)
    selector = _selector(raw["select"], registry, domains, where)
    text = _selector_text(raw["select"]) if isinstance(raw["select"], dict) else str(raw["select"])
    return HandEnd(index, f"{graph} {text}", select=selector)


# -- loading --------------------------------------------------------------------------------

_CONTRACT_KEYS = {
    "allow",
    "format",
    "name",
    "summary",
    "applies",
    "engines",
    "requires",
    "domains",
    "transparent",
    "rules",
    "interface",
}
_RULE_KEYS = {"id", "summary", "why", "example", "fix", "checks"}
_SELECT_KEYS = {"kind", "trait", "role", "name", "not_name", "feeds", "domain"}
_EXPECT_KEYS = {
    "port",
    "tokens",
    "features",
    "attrs",
    "produced_by",
    "not_produced_by",
    "consumed_by",
    "not_consumed_by",
    "count_per_layer",
}


def available_contracts() -> tuple[str, ...]:
    return resources.shipped("contracts")


def load_contract(name_or_path: str, registry: Registry | None = None) -> Contract:
    """A contract by shipped name (``tensorcast-dsa-cp-prefill``) or by file path."""
    path = Path(name_or_path)
    if not (path.exists() or path.is_symlink()):
        shipped = resources.find("contracts", name_or_path)
        if shipped is None:
            known = ", ".join(available_contracts())
            close = difflib.get_close_matches(name_or_path, available_contracts(), n=2, cutoff=0.6)
            hint = f"did you mean {' or '.join(close)}? " if close else ""
            raise ContractError(
                f"unknown contract {name_or_path!r} ({hint}shipped: {known}; or a path)",
                source="layoutcheck",
            )
        path = shipped
    try:
        # a regular file only, its size checked before reading (a FIFO or /dev/zero is refused)
        raw = read_bytes(path, MAX_CONTRACT_BYTES, ContractError, f"contract {path}")

        def parse() -> Contract:
            data, _ = read_yaml_with_lines(decode_text(raw, str(path)))
            return parse_contract(data, str(path), registry or default_registry())

        if registry not in (None, default_registry()):
            return parse()  # the ops a contract names are checked against this registry
        return parsed_once(f"contract {path}", raw, parse)
    except GraphError as error:
        message = error.message.removeprefix(f"{path} ")
        raise ContractError(message, line=error.line, source=str(path)) from None


def parse_contract(data: Any, source: str, registry: Registry) -> Contract:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ContractError(f"a contract file starts with 'format: {FORMAT}'")
    name = data.get("name")
    if not isinstance(name, str):
        raise ContractError("a contract needs a name")
    unknown = sorted(set(data) - _CONTRACT_KEYS)
    if unknown:
        raise ContractError(f"unknown key {unknown[0]!r}")
    default_transparent = {kind for kind, spec in registry.specs.items() if spec.transparent}
    transparent = frozenset(
        _kinds(data.get("transparent", sorted(default_transparent)), registry, "transparent")
    )
    domains: dict[str, Selector] = {}
    for domain, body in (data.get("domains") or {}).items():
        domains[str(domain)] = _selector(body, registry, domains, f"domain {domain!r}")
    interface = (
        None
        if data.get("interface") is None
        else _interface(data["interface"], registry, domains, name)
    )
    # an interface contract may hold no rule for one graph alone
    rules_raw = data.get("rules", [] if interface is not None else None)
    if not isinstance(rules_raw, list) or (not rules_raw and interface is None):
        raise ContractError("a contract needs a non-empty list of rules")
    rules = tuple(_rule(body, registry, domains, name) for body in rules_raw)
    requires = data.get("requires")
    return Contract(
        name=name,
        summary=str(data.get("summary", "")),
        applies=str(data.get("applies", "")),
        rules=rules,
        transparent=transparent,
        source=source,
        engines=_engines(data.get("engines")),
        requires=None if requires is None else _selector(requires, registry, domains, "requires"),
        requires_text=_selector_text(requires)
        if isinstance(requires, dict)
        else str(requires or ""),
        allow=_allowances(data.get("allow", [])),
        interface=interface,
    )


def _engines(raw: object) -> tuple[tuple[str, VersionSpec], ...]:
    """``engines: {vllm: ">=0.11", vllm-ascend: ">=0.26"}``: the versions of each engine whose
    layout the contract is."""
    if raw is None:
        return ()
    if not isinstance(raw, dict) or not raw:
        raise ContractError("engines: a mapping of engine to versions, e.g. {vllm: '>=0.11'}")
    found = []
    for engine, spec in raw.items():
        if not isinstance(engine, str) or not re.fullmatch(r"[a-z][a-z0-9_-]{0,40}", engine):
            raise ContractError(f"engines: {str(engine)[:40]!r} is not an engine name")
        try:
            found.append((engine, VersionSpec.parse(spec, f"engines: {engine}")))
        except VersionError as error:
            raise ContractError(error.message) from None
    return tuple(found)


_ALLOW_KEYS = {"rule", "as", "why"}


def _allowances(raw: object) -> tuple[Allowance, ...]:
    """``allow:`` — type rules kept warnings. Only error type rules may be named (a contract
    cannot excuse a malformed file), only ``as: warning``, and each with its reason."""
    from layoutcheck.rules import TYPE_RULES

    errors = {r.id for r in TYPE_RULES if r.kind is RuleKind.TYPE and r.severity is Severity.ERROR}
    if not isinstance(raw, list):
        raise ContractError("allow: expected a list of {rule, as: warning, why}")
    found = []
    for position, item in enumerate(raw):
        where = f"allow {position}"
        if not isinstance(item, dict) or set(item) - _ALLOW_KEYS:
            raise ContractError(f"{where}: expected rule, as and why (got {_shown(item)})")
        rule = item.get("rule")
        if rule not in errors:
            raise ContractError(
                f"{where}: {_shown(rule)} is not a type rule that is an error "
                f"(one of {', '.join(sorted(errors))})"
            )
        if item.get("as") != "warning":
            raise ContractError(f"{where}: as: warning is the only relaxation")
        why = item.get("why")
        if not isinstance(why, str) or not why.strip():
            raise ContractError(f"{where}: say why the contract keeps {rule} a warning (why:)")
        found.append(Allowance(str(rule), " ".join(why.split())))
    return tuple(found)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "…"


def _rule(
    body: Any, registry: Registry, domains: Mapping[str, Selector], contract: str
) -> ContractRule:
    if not isinstance(body, dict) or not isinstance(body.get("id"), str):
        raise ContractError("each rule needs an id")
    rule_id = body["id"]
    unknown = sorted(set(body) - _RULE_KEYS)
    if unknown:
        raise ContractError(f"rule {rule_id!r}: unknown key {unknown[0]!r}")
    checks_raw = body.get("checks")
    if not isinstance(checks_raw, list) or not checks_raw:
        raise ContractError(f"rule {rule_id!r}: needs a list of checks")
    checks = []
    for position, check in enumerate(checks_raw):
        where = f"rule {rule_id!r} check {position}"
        if not isinstance(check, dict) or set(check) - {"select", "expect"}:
            raise ContractError(f"{where}: a check has select and expect")
        selector = _selector(check.get("select", {}), registry, domains, where)
        expect = _expect(check.get("expect", {}), registry, where)
        _check_port_exists(selector, expect.port, registry, where)
        _check_attr_values(selector, expect.attrs, registry, where)
        checks.append(Check(selector, expect))
    doc = Rule(
        id=rule_id,
        kind=RuleKind.CONTRACT,
        summary=str(body.get("summary", "")).strip(),
        why=str(body.get("why", "")).strip(),
        example=str(body.get("example", "")).rstrip(),
        fix=str(body.get("fix", "")).strip(),
        contract=contract,
    )
    return ContractRule(doc, tuple(checks))


def _check_port_exists(selector: Selector, port: PortSpec, registry: Registry, where: str) -> None:
    """A port a selected op kind does not have is a typo, not an empty selection."""
    if port.which is None:
        return
    for kind in sorted(selector.own_kinds() or ()):
        spec = registry[kind]
        names = spec.inputs if port.side == "input" else spec.outputs
        variable = (
            spec.variadic
            if port.side == "input"
            else bool(spec.outputs_per_input or spec.outputs_from)
        )
        if _is_port(port.which):
            if int(port.which) >= len(names) and not variable:
                raise ContractError(f"{where}: {kind} has no {port.side} {port.which}")
        elif port.which not in names:
            raise ContractError(
                f"{where}: {kind} has no {port.side} {port.which!r} "
                f"(its {port.side}s: {', '.join(names)})"
            )


_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_WORDS = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _as_size(value: object) -> bool:
    """Is ``value`` a size a contract may require: an integer or an expression over any
    symbols (``6144``, ``H``, ``heads*d_v``)?"""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return False
    try:
        known = frozenset(_WORDS.findall(value)) if isinstance(value, str) else frozenset()
        parse_expr(value, known)
    except ExpressionError:
        return False
    return True


def _check_attr_values(
    selector: Selector, wanted: Sequence[tuple[str, object]], registry: Registry, where: str
) -> None:
    """A required attr value must be one the selected ops can hold: a size (an integer or an
    expression), one of a choice's words, a group name, true/false. Anything else could never
    match, so it is a mistake in the contract, said at load."""
    kinds = selector.own_kinds()
    if kinds is None and selector.within is not None:
        kinds = selector.within.own_kinds()
    for key, value in wanted:
        if not isinstance(key, str):
            raise ContractError(f"{where}: attr names are text, got {key!r}")
        shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:60] + "…"
        if kinds is None:
            # no kind to ask: a word, a size or a flag
            word = isinstance(value, str) and _IDENTIFIER.match(value) is not None
            if not (isinstance(value, bool) or word or _as_size(value)):
                raise ContractError(
                    f"{where}: attrs {key}: {shown} is neither a word, a size expression nor "
                    "true/false"
                )
            continue
        for kind in sorted(kinds):
            attr = registry[kind].attrs.get(key)
            if attr is None:
                allowed = ", ".join(sorted(registry[kind].attrs)) or "none"
                raise ContractError(f"{where}: {kind} has no attr {key!r} (its attrs: {allowed})")
            problem = None
            if attr.kind in (AttrKind.SIZE, AttrKind.SIZES) and not _as_size(value):
                problem = "a size (an integer or an expression such as H or heads*d_v)"
            elif attr.kind is AttrKind.CHOICE and value not in attr.choices:
                problem = f"one of {', '.join(attr.choices)}"
            elif attr.kind is AttrKind.BOOL and not isinstance(value, bool):
                problem = "true or false"
            elif attr.kind in (AttrKind.GROUP, AttrKind.TEXT) and not isinstance(value, str):
                problem = "text"
            if problem is not None:
                raise ContractError(
                    f"{where}: attrs {key}: {kind}'s {key} is {problem}, not {shown}"
                )


def _kinds(raw: object, registry: Registry, where: str) -> list[str]:
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list):
        raise ContractError(f"{where}: expected an op kind or a list of them")
    kinds = []
    for item in items:
        kind = registry.canonical(str(item))
        if kind is None:
            raise ContractError(f"{where}: unknown op kind {item!r}")
        kinds.append(kind)
    return kinds


def _traits(raw: object, where: str) -> frozenset[Trait]:
    """``trait: norm`` or ``trait: [norm, token-gather]``: catalogue traits, by value."""
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not items:
        raise ContractError(f"{where}: expected a trait or a list of them")
    found = set()
    for item in items:
        trait = Trait.parse(item) if isinstance(item, str) else None
        if trait is None:
            shown = repr(item) if len(repr(item)) <= 60 else repr(item)[:60] + "…"
            valid = ", ".join(t.value for t in Trait)
            raise ContractError(f"{where}: unknown trait {shown} (traits: {valid})")
        found.add(trait)
    return frozenset(found)


def _globs(raw: object, where: str) -> tuple[re.Pattern[str], ...]:
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise ContractError(f"{where}: expected a name pattern or a list of them")
    if not items:
        return ()
    # one alternation, so an op's name is matched once however many globs a selector lists
    return (re.compile("|".join(f"(?:{fnmatch.translate(item)})" for item in items)),)


def _selector(
    body: Any, registry: Registry, domains: Mapping[str, Selector], where: str
) -> Selector:
    if isinstance(body, str):
        if body not in domains:
            raise ContractError(f"{where}: unknown domain {body!r}")
        return domains[body]
    if not isinstance(body, dict):
        raise ContractError(f"{where}: select must be a mapping")
    unknown = sorted(set(body) - _SELECT_KEYS)
    if unknown:
        raise ContractError(
            f"{where}: unknown select key {unknown[0]!r} "
            f"(allowed: {', '.join(sorted(_SELECT_KEYS))})"
        )
    within = None
    if "domain" in body:
        within = _selector(str(body["domain"]), registry, domains, where)
        if len(body) == 1:
            return within
    feeds = body.get("feeds")
    traits = _traits(body["trait"], where) if "trait" in body else frozenset()
    return Selector(
        within=within,
        kinds=frozenset(_kinds(body["kind"], registry, where)) if "kind" in body else frozenset(),
        traits=traits,
        trait_kinds=registry.kinds_with(*traits) if traits else frozenset(),
        roles=_roles(body["role"], where) if "role" in body else (),
        names=_globs(body["name"], where) if "name" in body else (),
        not_names=_globs(body["not_name"], where) if "not_name" in body else (),
        feeds=None if feeds is None else _selector(feeds, registry, domains, where),
        text=_selector_text(body),
    )


def _roles(raw: object, where: str) -> tuple[Role, ...]:
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list) or not items or not all(isinstance(i, str) for i in items):
        raise ContractError(f"{where}: expected a role (attention.o_proj) or a list of them")
    try:
        return tuple(Role.parse(item) for item in items)
    except RoleError as error:
        raise ContractError(f"{where}: {error}") from None


def _selector_text(body: Mapping[str, Any]) -> str:
    parts = []
    for key in ("kind", "trait", "role", "name", "feeds"):
        if key in body:
            value = body[key]
            shown = "|".join(map(str, value)) if isinstance(value, list) else str(value)
            parts.append(f"{key} {shown}")
    return ", ".join(parts)


def _expect(body: Any, registry: Registry, where: str) -> Expect:
    if not isinstance(body, dict):
        raise ContractError(f"{where}: expect must be a mapping")
    unknown = sorted(set(body) - _EXPECT_KEYS)
    if unknown:
        raise ContractError(
            f"{where}: unknown expect key {unknown[0]!r} "
            f"(allowed: {', '.join(sorted(_EXPECT_KEYS))})"
        )
    tokens = body.get("tokens")
    if tokens is not None and tokens not in ("full", "local"):
        raise ContractError(f"{where}: tokens must be full or local")
    features_raw = body.get("features", [])
    features_list = [features_raw] if isinstance(features_raw, str) else features_raw
    try:
        features = frozenset(FeatureState(f) for f in features_list)
    except ValueError:
        raise ContractError(f"{where}: features must be whole, split or partial") from None
    attrs_raw = body.get("attrs", {})
    if not isinstance(attrs_raw, dict):
        raise ContractError(f"{where}: attrs must be a mapping")
    count = body.get("count_per_layer")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 0):
        raise ContractError(f"{where}: count_per_layer must be a non-negative integer")
    return Expect(
        port=PortSpec.parse(str(body.get("port", "inputs")), where),
        tokens=None if tokens is None else TokenLayout(tokens),
        features=features,
        attrs=tuple(sorted(attrs_raw.items())),
        produced_by=_path(body.get("produced_by"), where, registry),
        not_produced_by=_alternatives(body.get("not_produced_by"), where, registry),
        consumed_by=_path(body.get("consumed_by"), where, registry),
        not_consumed_by=_alternatives(body.get("not_consumed_by"), where, registry),
        count_per_layer=count,
    )


def _path(raw: object, where: str, registry: Registry) -> tuple[tuple[Step, ...], ...]:
    if raw is None:
        return ()
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list):
        raise ContractError(f"{where}: expected a step or a list of steps")
    path = []
    for item in items:
        steps = Step.parse(str(item), where)
        for step in steps:
            _kinds(sorted(step.kinds), registry, where)
        canonical = tuple(
            Step(frozenset(_kinds(sorted(step.kinds), registry, where)), step.port, step.optional)
            for step in steps
        )
        path.append(canonical)
    return tuple(path)


def _alternatives(raw: object, where: str, registry: Registry) -> tuple[Step, ...]:
    return tuple(step for steps in _path(raw, where, registry) for step in steps)


# -- graph walking through transparent ops -------------------------------------------------


def _source(graph: Graph, ref: ValueRef, transparent: frozenset[str]) -> tuple[Op | None, int]:
    op, real = graph.source_through(ref, transparent)
    return op, real.port


def _readers(
    graph: Graph, op: Op, transparent: frozenset[str], port: int | None = None
) -> list[tuple[Op, int]]:
    return graph.readers_through(op, transparent, port)


# -- checking -------------------------------------------------------------------------------


def _candidates(graph: Graph, select: Selector) -> Sequence[Op]:
    """The ops a selector can match: those of its kinds (graph order), or all."""
    kinds = select.candidate_kinds()
    if kinds is None:
        return graph.ops
    by_kind = graph.ops_by_kind()
    chosen = [op for kind in kinds for op in by_kind.get(kind, ())]
    if len(kinds) > 1:
        position = graph.positions()
        chosen.sort(key=lambda op: position[op.name])
    return chosen


def check_contract(typed: TypedGraph, contract: Contract) -> tuple[Diagnostic, ...]:
    """Every violation of ``contract`` in ``typed`` (which may already hold type errors)."""
    graph = typed.graph
    found: list[Diagnostic] = []
    order = {op.name: index for index, op in enumerate(graph.topological_order())}
    # an op that already broke a type rule speaks through that error alone
    erred = {d.op for d in typed.diagnostics if d.is_error}
    for rule in contract.rules:
        for check in rule.checks:
            candidates = _candidates(graph, check.select)
            selected = [
                op for op in candidates if check.select.matches(op, graph, contract.transparent)
            ]
            if check.expect.count_per_layer is not None:
                found.extend(_count(rule, check, selected, graph))
                continue
            for op in selected:
                if op.name in erred:
                    continue
                for message, ref in _failures(check.expect, op, typed, contract.transparent):
                    found.append(_diagnostic(rule, op, message, ref, typed, order))
    return tuple(found)


def _failures(
    expect: Expect, op: Op, typed: TypedGraph, transparent: frozenset[str]
) -> Iterator[tuple[str, ValueRef | None]]:
    graph = typed.graph
    for key, wanted in expect.attrs:
        actual = op.attr(key)
        if actual is None:
            spec_attr = typed.registry[op.kind].attrs.get(key)
            actual = spec_attr.default if spec_attr else None
        if not _attr_equal(actual, wanted, typed):
            yield (
                f"{op.kind} {op.name} has {key}={actual}; the contract requires {key}={wanted}",
                None,
            )
    for port_name, ref in expect.port.refs(op, typed):
        value = typed.value(ref)
        if value.is_top:
            continue  # a type error upstream already speaks for this value
        where = f"{op.kind} {expect.port.side} {port_name!r}"
        if expect.tokens is not None and value.tokens is not expect.tokens:
            yield (
                f"{where} is {value.tokens.name} {typed.shape_text(value)} ({value.layout}); the "
                f"contract requires {expect.tokens.name} tokens",
                ref,
            )
        if expect.features and value.features not in expect.features:
            wanted_text = "|".join(sorted(f.name for f in expect.features))
            yield f"{where} is {value.layout}; the contract requires {wanted_text} features", ref
        if expect.produced_by:
            problem = _check_producers(typed, ref, expect.produced_by, transparent)
            if problem:
                yield f"{where} {problem}", ref
        if expect.not_produced_by:
            source, port = _source(graph, ref, transparent)
            if source is not None and any(
                step.matches(source, port) for step in expect.not_produced_by
            ):
                yield (
                    f"{where} comes from {source.kind} {_port_text(source, port)}, which the "
                    f"contract forbids here",
                    ref,
                )
        if expect.consumed_by:
            problem = _check_consumers(typed, ref, expect.consumed_by, transparent)
            if problem:
                yield f"{where} {problem}", ref
        if expect.not_consumed_by:
            producer = graph.producer(ref)
            readers = _readers(graph, producer, transparent, ref.port) if producer else []
            for reader, _ in readers:
                if any(reader.kind in step.kinds for step in expect.not_consumed_by):
                    yield (
                        f"{where} is read by {reader.kind} {reader.name}, which the contract "
                        "forbids",
                        ref,
                    )


def _attr_equal(actual: object, wanted: object, typed: TypedGraph) -> bool:
    """Words compare as words; sizes by value (``out_features: 6144`` holds for ``H``)."""
    if (
        isinstance(actual, sympy.Expr)
        and isinstance(wanted, int | str)
        and not isinstance(wanted, bool)
    ):
        try:
            expected = parse_expr(wanted, typed.graph.symbol_names)
        except ExpressionError:
            return False
        return typed.context.same(actual, expected)
    return actual == wanted


def _port_text(op: Op, port: int) -> str:
    return op.name if port == 0 else f"{op.name}:{port}"


# Optional hops that may be absent only where they would do nothing: a pad of a token extent
# that already divides by the group, an unpad of a value already at the graph's token count.
def _pad_is_empty(typed: TypedGraph, ref: ValueRef) -> bool:
    extent = typed.context.numeric(typed.value(ref).extent)
    g = typed.context.numeric(typed.context.groups.get("tp", sympy.Integer(1)))
    return extent is not None and g is not None and g > 0 and extent % g == 0


def _unpad_is_empty(typed: TypedGraph, ref: ValueRef) -> bool:
    return typed.context.same(typed.value(ref).extent, typed.graph.token_count)


_ABSENT_ONLY_IF: Mapping[Trait, Callable[[TypedGraph, ValueRef], bool]] = {
    Trait.TOKEN_PAD: _pad_is_empty,
    Trait.TOKEN_UNPAD: _unpad_is_empty,
}


def _may_skip(typed: TypedGraph, steps: Sequence[Step], ref: ValueRef) -> bool:
    if not _optional(steps):
        return False
    conditions = [
        condition
        for step in steps
        for kind in step.kinds
        for trait, condition in _ABSENT_ONLY_IF.items()
        if typed.registry.is_(kind, trait)
    ]
    return all(condition(typed, ref) for condition in conditions)


def _check_producers(
    typed: TypedGraph, ref: ValueRef, path: Sequence[Sequence[Step]], transparent: frozenset[str]
) -> str | None:
    graph = typed.graph
    current = ref
    for depth, steps in enumerate(path):
        source, port = _source(graph, current, transparent)
        matched = source is not None and any(step.matches(source, port) for step in steps)
        if not matched and _may_skip(typed, steps, current):
            continue  # the hop is absent: the next one must match the same producer
        if source is None:
            return f"comes from graph input {current.op}, not {_text(steps)}"
        if not matched:
            via = "" if depth == 0 else f" (step {depth + 1} of the path)"
            return f"comes from {source.kind} {_port_text(source, port)}, not {_text(steps)}{via}"
        if not source.inputs:
            rest = path[depth + 1 :]
            return None if all(_optional(s) for s in rest) else f"path ends at {source.name}"
        current = source.inputs[0]
    return None


def _check_consumers(
    typed: TypedGraph, ref: ValueRef, path: Sequence[Sequence[Step]], transparent: frozenset[str]
) -> str | None:
    graph = typed.graph
    frontier = [ref]
    for depth, steps in enumerate(path):
        next_frontier = []
        for current in frontier:
            producer = graph.producer(current)
            readers = (
                _readers(graph, producer, transparent, current.port)
                if producer
                else [(op, slot) for op, slot in graph.consumers(current)]
            )
            if not readers:
                if _may_skip(typed, steps, current):
                    next_frontier.append(current)
                    continue
                return f"is not read by {_text(steps)} (it is not read at all)"
            kinds = {kind for step in steps for kind in step.kinds}
            absent = any(reader.kind not in kinds for reader, _ in readers)
            if absent and _may_skip(typed, steps, current):
                next_frontier.append(current)  # the hop is absent here: the next must match
                continue
            for reader, _ in readers:
                if reader.kind not in kinds:
                    via = "" if depth == 0 else f" (step {depth + 1} of the path)"
                    return f"is read by {reader.kind} {reader.name}, not {_text(steps)}{via}"
                next_frontier.append(ValueRef(reader.name, 0))
        frontier = next_frontier
    return None


def _count(
    rule: ContractRule, check: Check, selected: Iterable[Op], graph: Graph
) -> Iterator[Diagnostic]:
    wanted = check.expect.count_per_layer
    per_layer: dict[int | None, list[Op]] = {layer: [] for layer in graph.layers()}
    for op in selected:
        per_layer.setdefault(op.layer, []).append(op)
    if not graph.layers():
        per_layer.setdefault(None, [])
    for layer, ops in sorted(
        per_layer.items(), key=lambda item: -1 if item[0] is None else item[0]
    ):
        if layer is None and graph.layers():
            continue
        if len(ops) != wanted:
            names = ", ".join(op.name for op in ops[:4]) or "none"
            where = "the graph" if layer is None else f"layer {layer}"
            first = (
                ops[wanted]
                if wanted is not None and len(ops) > wanted
                else (ops[0] if ops else None)
            )
            yield Diagnostic(
                rule=rule.doc,
                severity=Severity.ERROR,
                message=(
                    f"{where} has {len(ops)} op(s) matching {check.select.text or 'the selection'}"
                    f" ({names}); the contract requires exactly {wanted}"
                ),
                hint=rule.doc.fix,
                op=None if first is None else first.name,
                layer=layer,
                line=None if first is None else first.line,
            )


def _diagnostic(
    rule: ContractRule,
    op: Op,
    message: str,
    ref: ValueRef | None,
    typed: TypedGraph,
    order: Mapping[str, int],
) -> Diagnostic:
    typed_inputs = ", ".join(typed.describe(r) for r in op.inputs)
    context = f"%{order.get(op.name, '?')} {op.name} = {op.kind}({typed_inputs})"
    notes: tuple[str, ...] = ()
    if ref is not None:
        origin = typed.origins.get(ref)
        value = typed.value(ref)
        if origin and origin != op.name:
            notes = (f"{ref} got its {value.tokens.name} token layout at {origin}",)
    return Diagnostic(
        rule=rule.doc,
        severity=Severity.ERROR,
        message=message,
        hint=rule.doc.fix,
        op=op.name,
        layer=op.layer,
        line=op.line,
        context=context,
        notes=notes,
    )


def errors_under_own_contract(
    graph: Graph, diagnostics: Iterable[Diagnostic], registry: Registry | None = None
) -> list[Diagnostic]:
    """The errors among ``diagnostics`` as the contract ``graph`` names says them: a type rule
    that contract keeps a warning (the RFC table's cross-token shared expert) is none. Tools
    that refuse a graph with type errors (passes, memory) ask this, not the raw severities."""
    found = tuple(diagnostics)
    if graph.contract is not None:
        with contextlib.suppress(ContractError):  # a contract that cannot be read: no relief
            found = load_contract(graph.contract, registry).relax(found)
    return [d for d in found if d.is_error]


def all_rules(registry: Registry | None = None) -> dict[str, tuple[Rule, list[str]]]:
    """Every rule id (the type rules, the search's and each shipped contract's): its doc and
    the contracts that use it."""
    from layoutcheck.design_space.rules import SEARCH_RULES
    from layoutcheck.rules import TYPE_RULES

    found: dict[str, tuple[Rule, list[str]]] = {
        rule.id: (rule, []) for rule in (*TYPE_RULES, *SEARCH_RULES)
    }
    for name in available_contracts():
        for rule in load_contract(name, registry).rule_docs():
            entry = found.setdefault(rule.id, (rule, []))
            entry[1].append(name)
    return found
