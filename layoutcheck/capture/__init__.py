"""Capturing engine graphs for layoutcheck: re-export a live ``torch.fx.GraphModule`` with
``torch.export`` (``export_graph``), from the user's own function or from TensorCast's compile
backend. The only part of layoutcheck that imports torch, and only when a capture runs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from layoutcheck.capture.errors import CaptureError
from layoutcheck.capture.settings import CaptureSettings

if TYPE_CHECKING:
    from layoutcheck.capture.export import Exported, export_graph

__all__ = ["CaptureError", "CaptureSettings", "Exported", "export_graph"]


def __getattr__(name: str) -> Any:
    # export_graph's module is torch-free to import, but keeping it out of `import
    # layoutcheck.capture` keeps this package's import as light as the rest of layoutcheck
    if name in ("export_graph", "Exported"):
        from layoutcheck.capture import export

        return getattr(export, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
