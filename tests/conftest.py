"""Test configuration: hypothesis profiles (deterministic under CI, a longer `thorough` one),
each model built once per run, and the cost program cache in a folder of the run's own."""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

import layoutcheck.session
from layoutcheck.cost.program_cache import FOLDER_VARIABLE
from layoutcheck.models import build_from_spec

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=60,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=60)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session", autouse=True)
def _build_each_model_once() -> Iterator[None]:
    """The CLI and sessions build a model on every call; build each distinct one once per test
    run (build_from_spec is a pure function of hashable values; errors are not cached)."""
    cached = functools.cache(build_from_spec)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(layoutcheck.session, "build_from_spec", cached)
        yield


@pytest.fixture(scope="session", autouse=True)
def _program_cache_of_the_run(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Every cost in the run (and every CLI it starts, through the environment) caches its
    programs in a temporary folder: a test never writes to the user's cache folder."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(FOLDER_VARIABLE, str(tmp_path_factory.mktemp("program-cache")))
        yield
