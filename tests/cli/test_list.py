"""``layoutcheck list``: what ships, by the names the other commands take."""

from __future__ import annotations

import json

import pytest

from layoutcheck import resources
from tests.helpers import run


def test_list_shows_every_kind() -> None:
    result = run("list", "--format", "json")
    assert result.code == 0
    found = json.loads(result.out)
    assert set(found) == {"models", "graphs", "contracts", "devices", "recipes"}
    assert {row["name"] for row in found["models"]} == set(resources.shipped("models"))
    contracts = {row["name"]: row["engines"] for row in found["contracts"]}
    assert contracts["vllm-sp"] == "vllm>=0.10.2,<0.32, vllm-ascend>=0.26"
    devices = {row["name"]: row["aliases"] for row in found["devices"]}
    assert devices["a3-752t"] == ["ATLAS_800_A3_752T_128G_DIE"]


def test_list_of_one_kind_in_text() -> None:
    result = run("list", "devices")
    assert result.out.splitlines()[0] == "devices:"
    assert "a3-752t" in result.out and "models:" not in result.out


@pytest.mark.parametrize("name", resources.shipped("graphs"))
def test_every_listed_graph_checks_by_its_name(name: str) -> None:
    result = run("check", name, "--format", "json")
    assert result.code in (0, 1), result.err
    assert json.loads(result.out)["graph"]
