"""How much a finding matters: the one enum diagnostics and rules share (its own module, so the
rule table and the diagnostics can both name it without importing each other)."""

from __future__ import annotations

import enum


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"
