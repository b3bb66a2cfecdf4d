"""The settings a capture records about the run that made a graph, as the small JSON object
layoutcheck's archive reader finds in ``extra/layoutcheck_settings.json``."""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from layoutcheck.capture.errors import CaptureError

PHASES = ("prefill", "decode")
MAX_SETTINGS_CHARS = 4096  # a dozen keys; more is not a settings object


def _check(kind: str, test: Callable[[object], bool]) -> Callable[[Any, Any, object], None]:
    """An attrs validator: None (not recorded) or a value passing ``test``."""

    def validate(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and not test(value):
            raise CaptureError(f"settings: {attribute.name} must be {kind}, not {value!r}")

    return validate


def _positive(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _text(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 1024


_POSITIVE = _check("a positive integer", _positive)
_TEXT = _check("a non-empty string", _text)
_FLAG = _check("true or false", lambda value: isinstance(value, bool))
_PHASE = _check(" or ".join(PHASES), lambda value: value in PHASES)


@attrs.frozen
class CaptureSettings:
    """What the run asked for; None is "not recorded" (the checker then infers or asks).

    ``tokens`` is the new tokens of the batch; ``repetition`` whether identical layers were
    folded into repetition regions. ``lower.RunSettings.from_recorded`` reads the rest.
    """

    engine: str | None = attrs.field(default=None, validator=_TEXT)
    model: str | None = attrs.field(default=None, validator=_TEXT)
    tp: int | None = attrs.field(default=None, validator=_POSITIVE)
    dp: int | None = attrs.field(default=None, validator=_POSITIVE)
    ep: int | None = attrs.field(default=None, validator=_POSITIVE)
    sp: bool | None = attrs.field(default=None, validator=_FLAG)
    phase: str | None = attrs.field(default=None, validator=_PHASE)
    quant: str | None = attrs.field(default=None, validator=_TEXT)
    tokens: int | None = attrs.field(default=None, validator=_POSITIVE)
    repetition: bool | None = attrs.field(default=None, validator=_FLAG)

    @classmethod
    def from_mapping(cls, values: Mapping[str, object]) -> CaptureSettings:
        known = [field.name for field in attrs.fields(cls)]
        for key in values:
            if key not in known:
                close = difflib.get_close_matches(str(key), known, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise CaptureError(
                    f"settings: unknown key {str(key)[:40]!r}{hint}; known: {', '.join(known)}"
                )
        given: dict[str, Any] = {str(key): value for key, value in values.items()}
        return cls(**given)  # the validators check each value's type

    @classmethod
    def from_json(cls, text: str) -> CaptureSettings:
        """Settings given as JSON text (``--settings '{"tp": 4, "sp": true}'``)."""
        if len(text) > MAX_SETTINGS_CHARS:
            raise CaptureError(f"settings: over {MAX_SETTINGS_CHARS} characters of JSON")
        try:
            value = json.loads(text)
        except ValueError as error:
            raise CaptureError(f"settings: not JSON ({error})") from None
        if not isinstance(value, dict):
            raise CaptureError('settings: must be a JSON object, e.g. {"tp": 4, "sp": true}')
        return cls.from_mapping(value)

    def recorded(self) -> dict[str, object]:
        """The keys that are set, in field order."""
        return {key: value for key, value in attrs.asdict(self).items() if value is not None}

    def to_json(self) -> str:
        return json.dumps(self.recorded(), sort_keys=False)
