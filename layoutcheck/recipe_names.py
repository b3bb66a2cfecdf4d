"""The names of the quantization recipes ``--quant`` takes, in a module of their own so that the
command line can list them without importing the recipes' tables (and sympy)."""

from __future__ import annotations

RECIPES = ("bf16", "w8a8", "w8a8_dynamic", "w4a8_dynamic", "w8a8c8")
