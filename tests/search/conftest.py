"""A four-layer GLM-5.1 (one dense layer, three MoE, DSA attention: every structure the search
builds, in a tenth of the time of the 78-layer model) shared by the search tests."""

from __future__ import annotations

import json

import pytest

from tests.helpers import MODELS


@pytest.fixture(scope="session")
def tiny_glm(tmp_path_factory: pytest.TempPathFactory) -> str:
    config = json.loads((MODELS / "glm-5.1.json").read_text())
    config.update(num_hidden_layers=4, first_k_dense_replace=1, _name_or_path="tiny-glm")
    folder = tmp_path_factory.mktemp("tiny-glm")
    (folder / "config.json").write_text(json.dumps(config))
    return str(folder / "config.json")
