"""TensorCast's device names are aliases of the shipped profiles (issue 22, "TensorCast's
names"): the same numbers under either name, and an unknown name says what it may have meant."""

from __future__ import annotations

import json

import pytest

from layoutcheck.cost.devices import available_devices, device_aliases, load_device
from tests.helpers import run

TENSORCAST_NAMES = {
    "ATLAS_800_A2_280T_64G": "a2-280t",
    "ATLAS_800_A2_313T_64G": "a2-313t",
    "ATLAS_800_A2_376T_64G": "a2-376t",
    "ATLAS_800_A3_560T_128G_DIE": "a3-560t",
    "ATLAS_800_A3_752T_128G_DIE": "a3-752t",
}


def test_every_shipped_profile_has_its_tensorcast_name() -> None:
    assert device_aliases() == TENSORCAST_NAMES
    assert set(TENSORCAST_NAMES.values()) == set(available_devices())


@pytest.mark.parametrize(("alias", "name"), sorted(TENSORCAST_NAMES.items()))
def test_an_alias_loads_the_profile(alias: str, name: str) -> None:
    assert load_device(alias) == load_device(name)
    assert load_device(alias.lower()) == load_device(name)  # TensorCast spells them upper case


def test_cost_under_either_name_is_the_same() -> None:
    argv = ("cost", "glm-5.1", "--tp", "16", "--sp", "--format", "json")
    by_alias = json.loads(run(*argv, "--device", "ATLAS_800_A3_752T_128G_DIE").out)
    by_name = json.loads(run(*argv, "--device", "a3-752t").out)
    assert by_alias["total_us"] == by_name["total_us"] > 0


def test_an_unknown_device_says_what_it_may_have_meant() -> None:
    result = run("cost", "glm-5.1", "--device", "a3-725t")
    assert result.code == 2
    assert "did you mean a3-752t" in result.err
    assert len(result.err.strip().splitlines()) == 1
