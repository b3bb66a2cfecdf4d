"""Every unknown name gets a "did you mean" when one is close (issue 22's papercuts): commands,
models, devices, contracts and rules, each in its one line."""

from __future__ import annotations

import pytest

from tests.helpers import run


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["chek", "glm-5.1"], "did you mean check?"),
        (["check", "glm-5.2"], "did you mean glm-5.1?"),
        (["cost", "glm-5.1", "--device", "a3-725t"], "did you mean a3-752t"),
        (["check", "glm-5.1", "--contract", "vllm-spp"], "did you mean vllm-sp or vllm-moe-sp?"),
        (["explain", "gather-of-ful"], "did you mean gather-of-full"),
    ],
    ids=["command", "model", "device", "contract", "rule"],
)
def test_an_unknown_name_says_what_was_meant(argv: list[str], says: str) -> None:
    result = run(*argv)
    assert result.code == 2
    (line,) = result.err.strip().splitlines()
    assert says in line
