"""A status line on stderr for work that takes more than a moment (``sim``, ``fuzz``, a long
sweep, reading a large engine graph): what is running, how far it is and for how long.

It is drawn only on a terminal and only once the work has run for ``delay`` seconds, so a
quick command (and every piped or tested one) never shows it; it is erased before anything
else is written to the terminal, so it never mixes with output.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Mapping
from typing import Any, TextIO

from layoutcheck.terminal import clean_line

_ERASE = "\r\x1b[K"  # carriage return, erase to the end of the line
DELAY_S = 1.5  # work shorter than this shows nothing: most commands answer in about a second
INTERVAL_S = 0.25  # redraws per second: enough to see it move, too few to cost anything
MAX_STATUS_CHARS = 78  # one line of a classic 80-column terminal, so \r can always erase it


def wanted(
    stream: Any, colour_mode: str = "auto", environ: Mapping[str, str] | None = None
) -> bool:
    """A status line on ``stream`` only when it is a terminal that can erase a line and the
    user has not asked for plain text: the line is drawn with escape codes, so ``--color
    never`` and ``NO_COLOR`` (no-color.org) turn it off as they turn off colour."""
    env = os.environ if environ is None else environ
    if env.get("TERM") == "dumb" or colour_mode == "never":
        return False
    if env.get("NO_COLOR") and colour_mode != "always":
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if isatty is not None else False
    except (ValueError, OSError):
        return False


class Status:
    """One status line. Every method is a no-op when it is not ``enabled``; the drawing
    thread starts with the first :meth:`phase`."""

    def __init__(
        self,
        stream: TextIO,
        *,
        enabled: bool,
        delay: float | None = None,
        interval: float | None = None,
    ) -> None:
        self.stream = stream
        self.enabled = enabled
        self.delay = DELAY_S if delay is None else delay
        self.interval = INTERVAL_S if interval is None else interval
        self._lock = threading.Lock()
        self._label = ""
        self._done = 0
        self._total: int | None = None
        self._unit = ""
        self._started = time.monotonic()
        self._shown = False
        self._line_open = False  # the other output is mid-line: drawing would join it
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- what is running ----------------------------------------------------------------------
    def phase(self, label: str, total: int | None = None, unit: str = "") -> None:
        """A new stage: ``label`` (e.g. ``simulating``), and the count it will reach."""
        if not self.enabled:
            return
        with self._lock:
            self._label, self._done, self._total, self._unit = label, 0, total, unit
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="layoutcheck-status")
            self._thread.daemon = True
            self._thread.start()

    def step(self, count: int = 1) -> None:
        if self.enabled:
            self._done += count  # read by the drawing thread; a torn read is one stale frame

    def text(self, now: float | None = None) -> str:
        """The line as it would be drawn now."""
        elapsed = (time.monotonic() if now is None else now) - self._started
        count = ""
        if self._total is not None:
            count = f" {min(self._done, self._total)}/{self._total}"
        elif self._done:
            count = f" {self._done}"
        unit = f" {self._unit}" if count and self._unit else ""
        line = clean_line(f"layoutcheck: {self._label}{count}{unit} ({elapsed:.1f} s)")
        return line if len(line) <= MAX_STATUS_CHARS else line[: MAX_STATUS_CHARS - 1] + "…"

    # -- the terminal -------------------------------------------------------------------------
    def clear(self) -> None:
        """Erase the line (before anything else is written to the terminal)."""
        if not self.enabled:
            return
        with self._lock:
            self._erase()

    def wrote(self, text: str) -> None:
        """Other output was written: draw again only at the start of a line."""
        if text:
            self._line_open = not text.endswith("\n")

    def close(self) -> None:
        """Stop drawing and erase the line."""
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join()
        self._thread = None
        with self._lock:
            self._erase()

    def _erase(self) -> None:
        if self._shown:
            self._write(_ERASE)
            self._shown = False

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):  # a closed terminal: nothing to show
            self.enabled = False

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            if time.monotonic() - self._started < self.delay or self._line_open:
                continue
            with self._lock:
                if self.enabled and not self._stop.is_set():
                    self._write(_ERASE + self.text())
                    self._shown = True


class Guarded:
    """A stream that erases the status line before each write (stdout, when both it and stderr
    are the terminal): everything else it does is the stream's own."""

    def __init__(self, stream: TextIO, status: Status) -> None:
        self._stream = stream
        self._status = status

    def write(self, text: str) -> int:
        self._status.clear()
        written = self._stream.write(text)
        self._status.wrote(text)
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)
