"""``python -m layoutcheck.cli``: the same command as ``layoutcheck``."""

from __future__ import annotations

import sys

from layoutcheck.cli import run

if __name__ == "__main__":
    sys.exit(run())
