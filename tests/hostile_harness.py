"""Runs CLI cases in forked children under resource limits, measuring each from outside.

The harness is its own process: it imports layoutcheck once, then for every request it reads (a
JSON line on stdin) forks a child that sets CPU and address-space limits, points stdout and
stderr at files and calls ``layoutcheck.cli.main``. The parent reaps the child with ``wait4``,
which gives the child's CPU time and peak resident memory, and kills it after a wall-clock
timeout, so a case that hangs (a FIFO read) or runs away is a measured failure, not a stuck
suite. Start it with ``python -m tests.hostile_harness``; :class:`Harness` does that.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

CPU_LIMIT_S = 5  # the child is stopped (SIGXCPU) past this; the tests assert far less
MEMORY_HEADROOM = 1536 * 2**20  # address space a child may add to what it inherits
# a hang is caught by the CPU limit above; the wall clock only stops a child that sleeps or
# waits. It is wide because a loaded machine (CI shares its cores) can take many times a
# case's CPU seconds to give them: the bounds the tests assert are CPU time, not wall time
WALL_TIMEOUT_S = 120.0
CAPTURE_LIMIT = 256 * 1024  # bytes of stdout/stderr sent back per case


@attrs.frozen
class Outcome:
    """What one case did, as seen from outside the child process."""

    code: int | None  # exit status; None when killed by a signal
    signal: int | None
    out: str
    err: str
    cpu_s: float  # user + system time of the child
    max_rss_mb: float  # peak resident set size of the child (including what fork shared)
    timed_out: bool

    @property
    def err_lines(self) -> list[str]:
        return self.err.splitlines()


def _address_space() -> int:
    """This process's virtual size in bytes (a child's limit is set above it)."""
    with open("/proc/self/statm") as handle:
        pages = int(handle.read().split()[0])
    return pages * resource.getpagesize()


def _child(request: dict[str, Any], out_path: str, err_path: str, in_path: str) -> None:
    """In the forked child: limits, redirections, one CLI run, then ``os._exit``."""
    code = 70
    try:
        import io

        from layoutcheck.cli import main

        resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT_S, CPU_LIMIT_S + 1))
        limit = _address_space() + MEMORY_HEADROOM
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        os.chdir(request.get("cwd") or os.getcwd())
        stdin = os.open(in_path, os.O_RDONLY)
        os.dup2(stdin, 0)
        for path, fd in ((out_path, 1), (err_path, 2)):
            target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(target, fd)
            os.close(target)
        encoding = "ascii" if request.get("ascii") else "utf-8"
        # what Python gives a process whose stdout is not a terminal (PYTHONIOENCODING=ascii
        # makes both streams ASCII)
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding=encoding)
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding=encoding)
        sys.stderr = io.TextIOWrapper(
            io.FileIO(2, "w", closefd=False),
            encoding=encoding,
            errors="backslashreplace",
            line_buffering=True,
        )
        code = main(list(request["argv"]))
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 70
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)


def _read(path: str) -> str:
    with open(path, "rb") as handle:
        data = handle.read(CAPTURE_LIMIT)
    return data.decode("utf-8", errors="replace")


def run_case(request: dict[str, Any], scratch: str) -> dict[str, Any]:
    out_path = os.path.join(scratch, "stdout")
    err_path = os.path.join(scratch, "stderr")
    in_path = os.path.join(scratch, "stdin")
    with open(in_path, "w") as handle:
        handle.write(request.get("stdin", ""))
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _child(request, out_path, err_path, in_path)
    timeout = float(request.get("timeout", WALL_TIMEOUT_S))
    deadline = time.monotonic() + timeout
    timed_out = False
    delay = 0.001
    while True:
        waited, status, usage = os.wait4(pid, os.WNOHANG)
        if waited == pid:
            break
        if time.monotonic() > deadline:
            timed_out = True
            os.kill(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            break
        time.sleep(delay)
        delay = min(delay * 2, 0.02)
    return {
        "code": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
        "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
        "out": _read(out_path),
        "err": _read(err_path),
        "cpu_s": usage.ru_utime + usage.ru_stime,
        "max_rss_mb": usage.ru_maxrss / 1024,  # KiB on Linux
        "timed_out": timed_out,
    }


def serve() -> None:
    """Read one JSON request per line, answer one JSON outcome per line."""
    # what every child would otherwise import or build on first use: paid once, here
    import layoutcheck.cli
    import layoutcheck.cost.query
    import layoutcheck.cost.render
    import layoutcheck.oracle
    import layoutcheck.repl
    import layoutcheck.sim  # noqa: F401

    with tempfile.TemporaryDirectory(prefix="hostile-") as scratch:
        print(json.dumps({"ready": True}), flush=True)
        for line in sys.stdin:
            if not line.strip():
                continue
            answer = run_case(json.loads(line), scratch)
            print(json.dumps(answer), flush=True)


class Harness:
    """The harness process, driven from the test process."""

    def __init__(self, root: Path) -> None:
        env = dict(os.environ)
        env["OPENBLAS_NUM_THREADS"] = "1"
        env["OMP_NUM_THREADS"] = "1"
        env["PYTHONPATH"] = os.pathsep.join([str(root), *filter(None, [env.get("PYTHONPATH")])])
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.hostile_harness"],
            cwd=root,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        ready = self.process.stdout.readline()
        if json.loads(ready or "{}").get("ready") is not True:
            raise RuntimeError("the hostile-input harness did not start")

    def run(
        self,
        argv: Sequence[str],
        *,
        cwd: str | None = None,
        stdin: str = "",
        ascii_output: bool = False,
        timeout: float = WALL_TIMEOUT_S,
    ) -> Outcome:
        assert self.process.stdin is not None and self.process.stdout is not None
        request = {
            "argv": [str(a) for a in argv],
            "cwd": cwd,
            "stdin": stdin,
            "ascii": ascii_output,
            "timeout": timeout,
        }
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError("the hostile-input harness died")
        return Outcome(**json.loads(answer))

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=30)


if __name__ == "__main__":
    serve()
