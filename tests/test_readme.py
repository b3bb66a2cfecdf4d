"""The README's examples are real output: every ``$ layoutcheck …`` line in its code blocks is
run, and what it prints must be what the README shows (every line, or for a block marked
trimmed, each line shown that is not elided with …), and ``$ echo $?`` its exit code."""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import attrs
import pytest

from tests.helpers import ROOT, run

FENCE = re.compile(r"^```[a-z]*\n(.*?)^```", re.S | re.M)
NOT_RUN = ("repl", "capture", "trace")  # interactive; need torch and the engine (vLLM)


@attrs.frozen
class Example:
    command: str
    shown: tuple[str, ...]
    exit_code: int | None
    line: int

    @property
    def trimmed(self) -> bool:
        return "trimmed" in self.command or any("…" in line for line in self.shown)


def examples(path: Path) -> list[Example]:
    text = path.read_text(encoding="utf-8")
    found: list[Example] = []
    for block in FENCE.finditer(text):
        start_line = text[: block.start()].count("\n") + 2
        lines = block.group(1).splitlines()
        index = 0
        while index < len(lines):
            line = lines[index]
            if not line.startswith("$ layoutcheck "):
                index += 1
                continue
            shown: list[str] = []
            index += 1
            while index < len(lines) and not lines[index].startswith(("$ ", ">>>")):
                shown.append(lines[index])
                index += 1
            code = None
            if index < len(lines) and lines[index] == "$ echo $?":
                code = int(lines[index + 1])
                index += 2
            found.append(Example(line[2:], tuple(shown), code, start_line))
    return found


README_EXAMPLES = [e for e in examples(ROOT / "README.md") if e.command.split()[1] not in NOT_RUN]


@pytest.mark.parametrize("example", README_EXAMPLES, ids=[e.command for e in README_EXAMPLES])
def test_the_readme_shows_what_the_command_prints(
    example: Example, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("NO_COLOR", "1")
    argv = shlex.split(example.command.split("#")[0])[1:]
    result = run(*argv)
    printed = (result.out + result.err).rstrip("\n").splitlines()
    if example.exit_code is not None:
        assert result.code == example.exit_code
    if example.trimmed:
        for line in example.shown:
            if "…" not in line:
                assert line in printed, f"README line {example.line}: {line!r} is not printed"
    else:
        assert printed == list(example.shown), f"README block at line {example.line}"


def test_the_readme_has_examples() -> None:
    assert len(README_EXAMPLES) >= 10 and os.path.exists(ROOT / "README.md")
