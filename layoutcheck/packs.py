"""Contract packs per engine version: which shipped contract holds the layout an engine of a
given version runs (``check --engine-version vllm==0.33``), and, when a graph breaks it, which
other version's layout the graph has instead.

A contract says which engines and versions it holds for (``engines: {vllm: ">=0.10.2,<0.32"}``) and,
optionally, which graphs (``requires:``, a selector at least one op must match: DeepSeek-V3.2's
sparse attention). The pack of an engine version is every shipped contract that holds for it;
of those that apply to a graph, one with ``requires`` is more specific than one without.

Versions are compared as release numbers (``0.25.1rc1`` is 0.25.1, before 0.25.1 itself);
a spec is comma-separated clauses of ``==``, ``!=``, ``>=``, ``<=``, ``>``, ``<`` (``==0.18.*``
matches every 0.18 release). Nothing here evaluates the text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

import attrs

from layoutcheck.errors import UsageError

_VERSION = re.compile(
    r"^v?([0-9]{1,6}(?:\.[0-9]{1,6}){0,3})((?:a|b|rc|\.?dev|\.?post)[0-9]{0,6})?$"
)
_CLAUSE = re.compile(r"^(==|!=|>=|<=|>|<)\s*(v?[0-9][0-9a-z.]{0,30}?)(\.\*)?$")
_ENGINE = re.compile(r"^([a-z][a-z0-9_-]{0,40})\s*(?:==|@)\s*(\S{1,40})$")
_MAX_CLAUSES = 8


class VersionError(UsageError):
    """A version or a version spec that cannot be read (exit 2)."""


@attrs.frozen(order=True)
class Version:
    """A release number; a pre-release (``rc1``) sorts before its release, a post after."""

    release: tuple[int, ...]
    stage: int = 0  # -1 a pre-release (a, b, rc, dev), 0 the release, 1 a post-release
    text: str = attrs.field(default="", eq=False, order=False)

    @classmethod
    def parse(cls, text: str) -> Version:
        match = _VERSION.match(text.strip()) if text.isascii() else None
        if match is None:
            raise VersionError(f"{text[:40]!r} is not a version such as 0.25.1 or 0.25.1rc1")
        release = tuple(int(part) for part in match.group(1).split("."))
        while len(release) > 1 and release[-1] == 0:
            release = release[:-1]  # 0.26.0 is 0.26
        suffix = match.group(2) or ""
        stage = 1 if "post" in suffix else (-1 if suffix else 0)
        return cls(release, stage, text.strip())

    def __str__(self) -> str:
        return self.text or ".".join(map(str, self.release))


@attrs.frozen
class Clause:
    operator: str
    version: Version
    prefix: bool = False  # ``==0.18.*``: every release that starts with 0.18

    def holds(self, version: Version) -> bool:
        if self.prefix:
            head = version.release[: len(self.version.release)]
            padded = head + (0,) * (len(self.version.release) - len(head))
            same = padded == self.version.release
            return same if self.operator == "==" else not same
        if self.operator == "<" and version.release == self.version.release and version.stage < 0:
            return False  # as PEP 440: <0.26 leaves out 0.26's own pre-releases
        compare: dict[str, Callable[[Version, Version], bool]] = {
            "==": lambda a, b: a == b,
            "!=": lambda a, b: a != b,
            ">=": lambda a, b: a >= b,
            "<=": lambda a, b: a <= b,
            ">": lambda a, b: a > b,
            "<": lambda a, b: a < b,
        }
        return compare[self.operator](version, self.version)


@attrs.frozen
class VersionSpec:
    """The versions a contract holds for: every clause must hold (none: every version)."""

    clauses: tuple[Clause, ...]
    text: str

    @classmethod
    def parse(cls, text: object, where: str = "versions") -> VersionSpec:
        if not isinstance(text, str):
            raise VersionError(f"{where}: a version spec is text such as '>=0.11,<0.26'")
        if text.strip() in ("", "*"):
            return cls((), "*")
        parts = [part.strip() for part in text.split(",")]
        if len(parts) > _MAX_CLAUSES:
            raise VersionError(f"{where}: at most {_MAX_CLAUSES} clauses, got {len(parts)}")
        clauses = []
        for part in parts:
            match = _CLAUSE.match(part)
            if match is None:
                raise VersionError(
                    f"{where}: {part[:40]!r} is not a clause such as '>=0.11' or '==0.18.*'"
                )
            operator, version, star = match.groups()
            if star and operator not in ("==", "!="):
                raise VersionError(f"{where}: '.*' goes with == or != only, got {part!r}")
            clauses.append(Clause(operator, Version.parse(version), bool(star)))
        return cls(tuple(clauses), ",".join(parts))

    def contains(self, version: Version) -> bool:
        return all(clause.holds(version) for clause in self.clauses)

    def __str__(self) -> str:
        return self.text


@attrs.frozen
class EngineVersion:
    """``vllm==0.33``: an engine and the version of it that ran."""

    engine: str
    version: Version

    @classmethod
    def parse(cls, text: str) -> EngineVersion:
        match = _ENGINE.match(text.strip()) if text.isascii() else None
        if match is None:
            raise VersionError(
                f"--engine-version {text[:60]!r}: write ENGINE==VERSION, e.g. vllm==0.33 or "
                "vllm-ascend==0.18.0"
            )
        return cls(match.group(1), Version.parse(match.group(2)))

    def __str__(self) -> str:
        return f"{self.engine}=={self.version}"


class PackContract(Protocol):
    """What this module needs of a contract (``layoutcheck.contracts.Contract`` has it)."""

    @property
    def name(self) -> str: ...
    @property
    def engines(self) -> tuple[tuple[str, VersionSpec], ...]: ...
    @property
    def requires(self) -> object | None: ...


def holds_for(contract: PackContract, engine: EngineVersion) -> bool:
    return any(
        name == engine.engine and spec.contains(engine.version) for name, spec in contract.engines
    )


C = TypeVar("C", bound=PackContract)


def since(contract: PackContract, engine: str) -> Version:
    """The first version of ``engine`` the contract's spec admits (its ``>=``/``>`` bound; 0
    when it has none)."""
    bounds = [
        clause.version
        for name, spec in contract.engines
        if name == engine
        for clause in spec.clauses
        if clause.operator in (">=", ">") or (clause.operator == "==" and not clause.prefix)
    ]
    return max(bounds, default=Version((0,)))


def pack(contracts: Iterable[C], engine: EngineVersion, applies: Callable[[C], bool]) -> list[C]:
    """The contracts that hold for ``engine`` and apply to the graph (``applies(contract)``),
    the most specific (with ``requires``) first; of those, the layout the engine introduced
    last first (vLLM's shard-once, from 0.28, over its MoE chunk, from 0.11, for a sparse
    attention MoE graph that has both signs), then by name."""
    found = [c for c in contracts if holds_for(c, engine) and applies(c)]
    return sorted(
        found,
        key=lambda c: (c.requires is None, _newest_first(since(c, engine.engine)), c.name),
    )


def _newest_first(version: Version) -> tuple[int, ...]:
    return (*(-part for part in version.release), -version.stage)


def engines_text(contract: PackContract) -> str:
    return ", ".join(f"{name}{'' if str(spec) == '*' else spec}" for name, spec in contract.engines)


def known_engines(contracts: Sequence[PackContract]) -> list[str]:
    return sorted({name for contract in contracts for name, _ in contract.engines})


# -- the shipped packs ---------------------------------------------------------------------------


def shipped_packs(registry: Any = None) -> list[Any]:
    """Every shipped contract that names the engines it holds for (``Contract`` values)."""
    from layoutcheck.contracts import available_contracts, load_contract

    contracts = (load_contract(name, registry) for name in available_contracts())
    return [contract for contract in contracts if contract.engines]


def choose(engine: EngineVersion, graph: Any, registry: Any = None) -> Any:
    """The shipped contract that holds for ``engine`` and applies to ``graph`` (the most
    specific one); an engine or version no shipped contract holds for is a usage error."""
    contracts = shipped_packs(registry)
    engines = known_engines(contracts)
    if engine.engine not in engines:
        raise VersionError(
            f"--engine-version {engine}: no shipped contract is for {engine.engine!r} "
            f"(engines: {', '.join(engines)})"
        )
    found = pack(contracts, engine, lambda contract: contract.applies_to(graph))
    if not found:
        held = [
            f"{c.name} ({engines_text(c)})"
            for c in contracts
            if any(name == engine.engine for name, _ in c.engines)
        ]
        raise VersionError(
            f"--engine-version {engine}: no shipped contract holds for that version of this "
            f"graph (for {engine.engine}: {'; '.join(held)})"
        )
    return found[0]


def other_layouts(typed: Any, engine: EngineVersion, chosen: Any) -> list[Any]:
    """The other shipped contracts of the same engine that apply to ``typed`` and that it
    passes: the versions whose layout the graph has instead (one may hold for the version
    asked too, where a more specific contract took precedence)."""
    from layoutcheck.contracts import check_contract

    matches = []
    for contract in shipped_packs(typed.registry):
        if contract.name == chosen.name:
            continue
        if not any(name == engine.engine for name, _ in contract.engines):
            continue
        if not contract.applies_to(typed.graph):
            continue
        if not any(d.is_error for d in check_contract(typed, contract)):
            matches.append(contract)
    return matches


def versions_of(contract: Any, engine: str) -> str:
    return ", ".join(f"{engine}{spec}" for name, spec in contract.engines if name == engine)
