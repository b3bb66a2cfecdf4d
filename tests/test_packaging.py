"""The wheel: built from the repository, installed into a fresh virtualenv, it runs the
README's first command there with the specs it ships (nothing read from the checkout)."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from tests.helpers import ROOT


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding only the wheel; its dependencies are this environment's (a .pth
    line adds our site-packages as a plain path, so our editable install is not seen)."""
    work = tmp_path_factory.mktemp("wheel")
    wheels = work / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(wheels), str(ROOT)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    (wheel,) = wheels.glob("layoutcheck-*.whl")
    env = work / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    (Path(purelib) / "outer-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q",
         str(wheel)],
        check=True, capture_output=True, timeout=300,
    )  # fmt: skip
    return env


def test_the_wheel_ships_the_specs_and_runs_the_readme_command(
    installed: Path, tmp_path: Path
) -> None:
    show_file = "import layoutcheck; print(layoutcheck.__file__)"
    where = subprocess.run(
        [str(installed / "bin" / "python"), "-c", show_file],
        check=True, capture_output=True, text=True, cwd=tmp_path,
    ).stdout  # fmt: skip
    assert where.startswith(str(installed)), where  # the wheel's copy, not the checkout
    load_table = (
        "from layoutcheck.cost.trace_kinds import shipped_trace_kinds as t; print(len(t().targets))"
    )
    table = subprocess.run(
        [str(installed / "bin" / "python"), "-c", load_table],
        check=True, capture_output=True, text=True, cwd=tmp_path,
    ).stdout  # fmt: skip
    assert int(table) > 50  # the trace-kind table ships with compare --trace
    run = subprocess.run(
        [str(installed / "bin" / "layoutcheck"), "check", "glm-5.1", "--tp", "16", "--sp"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[-1].startswith(
        "ok: glm-5.1-prefill-tp16-sp (1947 ops, 78 layers) against tensorcast-dsa-cp-prefill"
    )
    shipped = subprocess.run(
        [str(installed / "bin" / "layoutcheck"), "check", "glm51-layer-tensorcast-dsa-cp"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )  # fmt: skip
    assert shipped.returncode == 0, shipped.stderr
    assert "against tensorcast-dsa-cp-prefill: 0 errors, 2 warnings" in shipped.stdout
