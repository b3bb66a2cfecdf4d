"""Every shipped YAML file loads with PyYAML's pure-Python loader, not only with libyaml's:
an install without libyaml (or a YAML library that follows the spec as PyYAML's own parser
does) must read the same contracts, op maps and trace kinds (issue 21)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.helpers import ROOT

PACKAGE = ROOT / "layoutcheck"
SHIPPED = sorted(
    [
        *PACKAGE.glob("specs/**/*.yaml"),
        *PACKAGE.glob("engines/opmaps/*.yaml"),
        *PACKAGE.glob("cost/trace_kinds/*.yaml"),
    ]
)


def test_there_are_shipped_yaml_files_of_each_kind() -> None:
    folders = {path.relative_to(PACKAGE).parts[0] for path in SHIPPED}
    assert folders == {"specs", "engines", "cost"}, folders


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_shipped_yaml_loads_with_the_pure_python_loader(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    pure = yaml.load(text, Loader=yaml.SafeLoader)
    assert pure is not None, path
    if getattr(yaml, "CSafeLoader", None) is not None:  # both parsers read the same data
        assert yaml.load(text, Loader=yaml.CSafeLoader) == pure


def test_the_pure_loader_refuses_what_only_libyaml_accepts() -> None:
    # what the contracts once held: a plain scalar ending in "?" inside a flow sequence
    text = "expect: {produced_by: [token_slice, pad_tokens?]}\n"
    with pytest.raises(yaml.YAMLError):
        yaml.load(text, Loader=yaml.SafeLoader)
