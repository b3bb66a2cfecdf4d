"""``python -m layoutcheck.cli``: the same command as ``layoutcheck``."""

from __future__ import annotations

import sys

from layoutcheck.cli import main

if __name__ == "__main__":
    sys.exit(main())
