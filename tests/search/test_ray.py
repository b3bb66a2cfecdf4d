"""The search on a local Ray instance of two CPUs gives the serial run's result: the same
verdict for every structure and the same ranking, number for number."""

from __future__ import annotations

import pytest

from layoutcheck.design_space.api import run_search

ray = pytest.importorskip("ray", reason="ray is not installed (pip install 'layoutcheck[ray]')")

# six structures, two rejected (tp 3: GLM's 64 heads), four priced, on two workers
AXES = {
    "tp": [2, 3, 4],
    "sp": [True],
    "layout": ["tensorcast", "vllm-ascend"],
    "tokens": [1024, 4096],
}


def test_ray_gives_the_serial_result(tiny_glm: str) -> None:
    serial = run_search(tiny_glm, AXES, hbm_fit=True)
    try:
        distributed = run_search(tiny_glm, AXES, hbm_fit=True, ray=True, num_cpus=2)
    finally:
        if ray.is_initialized():
            ray.shutdown()
    assert distributed.records(distributed.ranked) == serial.records(serial.ranked)
    assert distributed.records(distributed.frontier) == serial.records(serial.frontier)
    assert distributed.rejections_by_rule() == serial.rejections_by_rule()
    assert [r.rejections for r in distributed.results] == [r.rejections for r in serial.results]
    assert len(serial.ranked) == 4 * 2 and len(serial.rejected) == 2
