"""Timing helpers the benchmark scripts share."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

R = TypeVar("R")


def timed(fn: Callable[[], R]) -> tuple[float, R]:
    """Wall seconds of one call, and its result."""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def cold() -> None:
    """Forget what earlier work in this process computed (op times, compiled formulas, cost
    numbers, parsed contracts and devices, sympy's cache), so the next call is timed as the
    first one in a fresh process is (module imports apart)."""
    import sympy

    from layoutcheck import files, symbols
    from layoutcheck.cost import report, timing
    from layoutcheck.design_space import evaluate

    timing._TIMES.clear()
    report._numbers.cache_clear()
    report._compiled.cache_clear()
    files._PARSED.clear()
    evaluate._lambdified.cache_clear()
    evaluate._time_function.cache_clear()
    symbols.smallest.cache_clear()
    symbols.largest.cache_clear()
    sympy.core.cache.clear_cache()
