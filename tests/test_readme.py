"""The README's and the docs site's examples are real output: every ``$ layoutcheck …`` line in
their code blocks is run, and what it prints must be what the page shows (every line, or for a
block marked trimmed, each line shown that is not elided with …), and ``$ echo $?`` its exit
code. The site itself builds with ``mkdocs build --strict``."""

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
    page: str = "README.md"

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


PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_EXAMPLES = [
    attrs.evolve(e, command=e.command, page=page.relative_to(ROOT).as_posix())
    for page in PAGES
    for e in examples(page)
    if e.command.split()[1] not in NOT_RUN
]


@pytest.mark.parametrize(
    "example", README_EXAMPLES, ids=[f"{e.page}: {e.command}" for e in README_EXAMPLES]
)
def test_the_docs_show_what_the_command_prints(
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
                assert line in printed, (
                    f"{example.page} line {example.line}: {line!r} is not printed"
                )
    else:
        assert printed == list(example.shown), f"{example.page} block at line {example.line}"


def test_the_readme_and_every_page_have_examples() -> None:
    pages = {e.page for e in README_EXAMPLES}
    assert (
        "README.md" in pages and len(README_EXAMPLES) >= 40 and os.path.exists(ROOT / "README.md")
    )


def test_the_readme_is_short_and_starts_with_the_two_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    first = FENCE.search(text)
    assert first is not None
    assert first.group(1).splitlines() == [
        "pip install -e . && layoutcheck check glm-5.1 --tp 16 --sp",
        "pip install -e '.[test]' && pytest",
    ]


def test_the_docs_site_builds_strictly(tmp_path: Path) -> None:
    """mkdocs build --strict: every page in the nav, no broken link (the test extra brings
    mkdocs, so CI builds the site on every run)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "site" / "write-a-contract" / "index.html").exists()


def test_the_graph_format_example_passes_its_own_contract(tmp_path: Path) -> None:
    page = (ROOT / "docs" / "graph-format.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", page, re.S)
    assert block is not None
    graph = tmp_path / "tiny.yaml"
    graph.write_text(block.group(1))
    result = run("check", graph)
    assert result.code == 0, result.out + result.err
    assert "against vllm-sp: 0 errors" in result.out


def test_the_contract_tutorial_shows_the_file_it_checks_with() -> None:
    page = (ROOT / "docs" / "write-a-contract.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", page, re.S)
    assert block is not None
    assert block.group(1) == (ROOT / "docs" / "examples" / "my-sp.yaml").read_text()
