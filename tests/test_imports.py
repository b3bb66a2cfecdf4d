"""Every module imports first: no run-time import cycle (``import layoutcheck.quant`` once failed
because the catalogue's linears read the quant table while the table imported the catalogue)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

# In one fresh interpreter, each module of PACKAGE is imported with every module of the package
# forgotten before it (third-party packages stay loaded: only the package's own order is tested).
_SCRIPT = """
import importlib, pkgutil, sys
package = importlib.import_module(sys.argv[1])
part, parts = int(sys.argv[2]), int(sys.argv[3])
root = package.__name__
names = sorted(m.name for m in pkgutil.walk_packages(package.__path__, root + "."))[part::parts]
failed = []
for name in names:
    for loaded in [m for m in sys.modules if m == root or m.startswith(root + ".")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except Exception as error:  # report every module that cannot be imported first
        failed.append(f"{name}: {type(error).__name__}: {error}")
print(len(names))
print("\\n".join(failed))
"""


PARTS = 2  # the modules split over two interpreters at once (CI has two cores)


def _import_each(package: str, path: Path | None = None) -> tuple[int, list[str]]:
    children = [
        subprocess.Popen(
            [sys.executable, "-c", _SCRIPT, package, str(part), str(PARTS)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=path,
        )
        for part in range(PARTS)
    ]
    total, failed = 0, []
    for child in children:
        out, err = child.communicate(timeout=300)
        assert child.returncode == 0, err
        count, *lines = out.strip().split("\n")
        total += int(count)
        failed += [line for line in lines if line]
    return total, failed


def test_every_module_imports_first() -> None:
    count, failed = _import_each("layoutcheck")
    assert count > 100  # the walk found the package's modules
    assert failed == []


def test_a_planted_cycle_is_found(tmp_path: Path) -> None:
    package = tmp_path / "cyclic"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "table.py").write_text("from cyclic.user import helper\nCHOICES = (1,)\n")
    (package / "user.py").write_text(
        "from cyclic.table import CHOICES\n\ndef helper():\n    return CHOICES\n"
    )
    count, failed = _import_each("cyclic", tmp_path)
    assert count == 2
    assert failed and all("ImportError" in line for line in failed)


def _fresh_interpreter(script: str, **env: str) -> str:
    """What ``script`` prints, run in a new interpreter (its imports start from nothing)."""
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, **env},
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


# the commands a script runs in-process, their output discarded (a failure exits non-zero)
_RUN_QUIETLY = (
    "import contextlib, io, sys\n"
    "from layoutcheck.cli import main\n"
    "def quietly(argv):\n"
    "    with contextlib.redirect_stdout(io.StringIO()):\n"
    "        try:\n"
    "            code = main(argv)\n"
    "        except SystemExit as stop:  # --help and --version exit 0\n"
    "            code = stop.code or 0\n"
    "    assert code == 0, (argv, code)\n"
)


def test_version_and_help_answer_without_sympy() -> None:
    # the parser is assembled from light modules; graph code (and sympy, ~0.3 s) loads only for
    # a command that works on a graph
    script = _RUN_QUIETLY + (
        "for argv in (['--version'], ['--help'], ['check', '--help']):\n"
        "    quietly(argv)\n"
        "print(sorted(m for m in ('sympy', 'numpy', 'networkx', 'yaml') if m in sys.modules))\n"
    )
    assert _fresh_interpreter(script).strip() == "[]"


def test_pricing_a_model_at_one_point_never_imports_numpy() -> None:
    # numpy's import (and its BLAS threads) cost more CPU than pricing the 78 layers: a program
    # called with plain numbers runs on floats, and a graph without requests skips their checks
    script = _RUN_QUIETLY + (
        "for argv in (['cost', 'glm-5.1', '--tp', '16', '--ep', '16', '--sp'],\n"
        "             ['check', 'glm-5.1', '--tp', '16', '--sp'],\n"
        "             ['memory', 'qwen3-8b', '--tp', '2']):\n"
        "    quietly(argv)\n"
        "print('numpy' in sys.modules)\n"
    )
    # every formula compiled, as a cold run
    assert _fresh_interpreter(script, LAYOUTCHECK_NO_CACHE="1").split() == ["False"]


def test_a_run_imports_its_own_command_s_module_only() -> None:
    script = _RUN_QUIETLY + (
        "quietly(['explain', 'indivisible'])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('layoutcheck.cli.', "
        "'layoutcheck.capture.command'))))\n"
    )
    assert (
        _fresh_interpreter(script).strip() == "['layoutcheck.cli.common', 'layoutcheck.cli.rules']"
    )


def test_only_a_process_that_exits_after_the_command_freezes_its_objects() -> None:
    # the script's run() freezes the run's objects (the exit frees them: no collection need
    # walk them); main() called in-process, as tests and embedders call it, must not, or every
    # call's garbage cycles would stay for the life of the process
    script = _RUN_QUIETLY + (
        "import gc\n"
        "from layoutcheck.cli import run\n"
        "quietly(['cost', 'qwen3-8b', '--tp', '2'])\n"
        "library = (gc.get_freeze_count(), gc.isenabled())\n"
        "sys.argv = ['layoutcheck', 'cost', 'qwen3-8b', '--tp', '2']\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    code = run()\n"
        "frozen = gc.get_freeze_count() > 10_000\n"
        "print(library, code, frozen, len(gc.get_objects()), gc.isenabled())\n"
    )
    # after run() every object of the process is frozen: none is left for a collection
    assert _fresh_interpreter(script).split() == ["(0,", "True)", "0", "True", "0", "True"]
