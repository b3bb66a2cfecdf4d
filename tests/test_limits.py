"""How a capped number is shown, and what counts as a number typed by a user."""

from __future__ import annotations

import pytest

from layoutcheck.limits import ascii_int, shown


@pytest.mark.parametrize(
    ("number", "text"),
    [
        (12, "12"),
        (4096, "4096"),
        (10**12, "10**12"),
        (2**20, "2**20"),
        (2**63 - 1, "2**63 - 1"),
        (3 * 10**20, "an integer of 21 digits"),
        (10**100, "10**100"),
        (10**5000, "an integer of thousands of digits"),  # str() would refuse it
    ],
    ids=lambda value: value if isinstance(value, str) else "n",  # str(10**5000) would fail
)
def test_shown(number: int, text: str) -> None:
    assert shown(number) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        *[("4096", 4096), (" 7 ", 7), ("0", 0)],
        *[("²", None), ("٤", None), ("４", None), ("1_000", None)],  # int() takes the last three
        *[("-3", None), ("", None), ("9" * 20, None)],
    ],
)
def test_ascii_int_takes_ascii_digits_only(text: str, value: int | None) -> None:
    assert ascii_int(text) == value
