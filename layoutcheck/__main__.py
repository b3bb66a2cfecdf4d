"""``python -m layoutcheck``: the same command line as the ``layoutcheck`` script."""

from __future__ import annotations

import sys

from layoutcheck.cli import run

if __name__ == "__main__":
    sys.exit(run())
