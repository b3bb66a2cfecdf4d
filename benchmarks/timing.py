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
