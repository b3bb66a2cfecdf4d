"""What the run that made an engine graph asked for: recorded by a capture, or said by the user."""

from __future__ import annotations

from collections.abc import Mapping

import attrs


@attrs.frozen
class RunSettings:
    """What the run that made the graph asked for (a capture records it; otherwise the user
    says it with --sp, --phase, …). None means not known."""

    engine: str | None = None
    model: str | None = None
    tp: int | None = None
    dp: int | None = None
    ep: int | None = None
    sp: bool | None = None
    phase: str | None = None
    quant: str | None = None
    context: int | None = None  # decode: the KV context per request (the symbol S)

    @classmethod
    def from_recorded(cls, recorded: Mapping[str, object]) -> RunSettings:
        def integer(key: str) -> int | None:
            value = recorded.get(key)
            return value if isinstance(value, int) and not isinstance(value, bool) else None

        def text(key: str) -> str | None:
            value = recorded.get(key)
            return value if isinstance(value, str) else None

        sp = recorded.get("sp")
        return cls(
            engine=text("engine"),
            model=text("model"),
            tp=integer("tp"),
            dp=integer("dp"),
            ep=integer("ep"),
            sp=sp if isinstance(sp, bool) else None,
            phase=text("phase"),
            quant=text("quant"),
            context=integer("context"),
        )

    def merged(self, given: RunSettings) -> RunSettings:
        """These settings, with what ``given`` states taking precedence."""
        changes = {f.name: getattr(given, f.name) for f in attrs.fields(RunSettings)}
        return attrs.evolve(self, **{k: v for k, v in changes.items() if v is not None})
