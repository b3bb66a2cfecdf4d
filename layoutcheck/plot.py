"""Figures for ``query --sweep --plot`` and ``compare --plot``: the swept quantities against
the swept symbol (a ``--solve`` crossing marked), and the per-layer difference of two layouts.

matplotlib is an optional extra (``layoutcheck[plot]``) and is imported here only, when a
figure is asked for, so no other command pays for it. The figure is drawn with the Agg canvas
(no display, no pyplot state shared with a caller's own figures) and written as SVG, with its
text kept as text so it can be searched, or as PNG.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import numpy as np

from layoutcheck.errors import UsageError
from layoutcheck.files import write_bytes

FORMATS = ("svg", "png")
INSTALL = "install layoutcheck[plot] (pip install 'layoutcheck[plot]')"
CROSSING_ID = "crossing"  # the SVG id of the --solve marker


@attrs.frozen
class Series:
    """One curve: a label and its values at the sweep's points (nan where undefined)."""

    label: str
    values: np.ndarray = attrs.field(eq=False)
    main: bool = True  # the expression itself; False for a quantity it names


@attrs.frozen
class Crossing:
    """Where the expression crosses zero: the first value of the symbol past it."""

    at: int
    label: str


def plot_format(path: str) -> str:
    """The format a plot file's name asks for (refused before any work is done)."""
    suffix = Path(path).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise UsageError(f"--plot {path!r}: write FILE.svg or FILE.png")
    return suffix


def require(path: str) -> None:
    """Refuse a plot that cannot be made (a name that is no SVG or PNG, matplotlib missing)
    before any work is done."""
    plot_format(path)
    _matplotlib()


def _matplotlib() -> tuple[Any, Any]:
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        raise UsageError(f"--plot needs matplotlib: {INSTALL}") from None
    return Figure, FigureCanvasAgg


def _figure(rows: int = 1) -> tuple[Any, Any]:
    Figure, FigureCanvasAgg = _matplotlib()
    figure = Figure(figsize=(8, 4.5 if rows == 1 else 7), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.subplots(rows, 1, sharex=True, squeeze=False)[:, 0]
    return figure, axes


def _save(figure: Any, path: str) -> None:
    import io

    from matplotlib import rc_context

    buffer = io.BytesIO()
    # svg.fonttype none: labels stay <text>, so the file can be searched and restyled;
    # the hash salt makes the ids (and so the file) the same on every run
    with rc_context({"svg.fonttype": "none", "svg.hashsalt": "layoutcheck"}):
        figure.savefig(buffer, format=plot_format(path), metadata=_metadata(path))
    write_bytes(path, buffer.getvalue(), UsageError)


def _metadata(path: str) -> dict[str, Any]:
    # no creation date: the same plot gives the same file
    return {"Date": None} if plot_format(path) == "svg" else {}


def plot_sweep(
    path: str,
    *,
    symbol: str,
    points: np.ndarray,
    series: Sequence[Series],
    unit: str,
    title: str,
    geometric: bool,
    crossing: Crossing | None = None,
) -> None:
    """The swept values against ``symbol``: the expression bold, the quantities it names thin,
    a crossing marked where the expression changes sign."""
    figure, (axes,) = _figure()
    x = points.astype(float)
    for item in series:
        axes.plot(
            x,
            item.values,
            label=item.label,
            linewidth=2.2 if item.main else 1.2,
            linestyle="-" if item.main else "--",
            marker="o" if len(x) <= 40 and item.main else None,
            markersize=3,
        )
    if geometric and x.size and x.min() > 0:
        axes.set_xscale("log", base=2)
    if crossing is not None:
        axes.axhline(0, color="0.6", linewidth=0.8)
        axes.axvline(crossing.at, color="tab:red", linewidth=1.0, linestyle=":")
        (marker,) = axes.plot(
            [crossing.at],
            [0.0],
            marker="X",
            markersize=10,
            color="tab:red",
            linestyle="none",
            label=crossing.label,
        )
        marker.set_gid(CROSSING_ID)
        axes.annotate(
            f"{symbol} = {crossing.at}",
            (crossing.at, 0.0),
            xytext=(6, 8),
            textcoords="offset points",
            color="tab:red",
        )
    axes.set_xlabel(symbol)
    axes.set_ylabel(unit or "value")
    axes.set_title(title)
    axes.grid(True, alpha=0.3)
    axes.legend(loc="best", fontsize="small")
    _save(figure, path)


def plot_layers(
    path: str,
    *,
    names: tuple[str, str],
    layers: Sequence[int],
    a_us: Sequence[float],
    b_us: Sequence[float],
    title: str,
) -> None:
    """Per layer: both layouts' µs on top, their difference (b - a) as bars below."""
    figure, (top, bottom) = _figure(rows=2)
    x = np.asarray(layers, dtype=float)
    a, b = np.asarray(a_us, dtype=float), np.asarray(b_us, dtype=float)
    top.step(x, a, where="mid", label=names[0], linewidth=1.6)
    top.step(x, b, where="mid", label=names[1], linewidth=1.6)
    top.set_ylabel("µs per layer")
    top.set_title(title)
    top.legend(loc="best", fontsize="small")
    top.grid(True, alpha=0.3)
    delta = b - a
    colours = ["tab:green" if d < 0 else "tab:red" for d in delta]
    bottom.bar(x, delta, color=colours, width=0.8)
    bottom.axhline(0, color="0.4", linewidth=0.8)
    bottom.set_ylabel(f"Δ µs ({names[1]} − {names[0]})")
    bottom.set_xlabel("layer")
    bottom.grid(True, alpha=0.3)
    _save(figure, path)
