"""The search's structures as Ray tasks: on an existing cluster (``ray.init(address=…)``) or a
local instance, results streamed back with ``ray.wait`` as each task finishes. Ranking is the
caller's, over results sorted by structure, so it is the serial run's."""

from __future__ import annotations

import gc
from collections.abc import Iterator, Sequence
from typing import Any

from layoutcheck.design_space.evaluate import StructureResult
from layoutcheck.design_space.run import Task
from layoutcheck.errors import UsageError

INSTALL = "pip install 'layoutcheck[ray]'"


def require_ray() -> Any:
    """The ray module, or a one-line usage error saying how to install it."""
    try:
        import ray
    except ImportError:
        raise UsageError(f"--ray: ray is not installed ({INSTALL})") from None
    return ray


def _evaluate(task: Task) -> StructureResult:
    # A task makes hundreds of thousands of small acyclic objects, freed by reference counts;
    # the collector's passes over them cost a quarter of a build. The CLI pauses it for the
    # same reason (cli.gc_paused); a worker is our process, so its task does too.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return task.run()
    finally:
        if enabled:
            gc.enable()


class RayBackend:
    """Runs tasks on Ray. ``address`` None starts a local instance of ``num_cpus`` CPUs (all
    of them when None); ``"auto"`` or ``"ray://host:10001"`` joins a running cluster. A Ray
    session this process already started is used as it is."""

    def __init__(self, address: str | None = None, num_cpus: int | None = None) -> None:
        self.ray = require_ray()
        self.address = address
        self.num_cpus = num_cpus
        self.started = False

    def __call__(self, work: Sequence[Task]) -> Iterator[StructureResult]:
        ray = self.ray
        if not ray.is_initialized():
            self._init()
        remote = ray.remote(num_cpus=1)(_evaluate)
        pending = [remote.remote(task) for task in work]
        try:
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    yield ray.get(ref)
        finally:
            for ref in pending:  # a consumer that stopped early: free the cluster's CPUs
                ray.cancel(ref)
            if self.started:
                ray.shutdown()
                self.started = False

    def _init(self) -> None:
        ray = self.ray
        # Ray's own notices (token authentication, the dashboard) are not the search's output
        options: dict[str, Any] = {"logging_level": "error", "log_to_driver": False}
        if self.address is None:
            options.update(num_cpus=self.num_cpus, include_dashboard=False)
        else:
            options["address"] = self.address
        try:
            ray.init(**options)
        except (ConnectionError, ValueError, RuntimeError) as error:
            where = self.address or "a local instance"
            message = str(error).strip().splitlines()[0] if str(error).strip() else ""
            raise UsageError(f"--ray {where}: cannot start Ray: {message}") from None
        self.started = True
