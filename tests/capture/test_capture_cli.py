"""``layoutcheck capture fx`` and ``capture tensorcast`` from the command line: the archive they
write checks as the graph it holds, and every way they can fail is one line on stderr, exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from layoutcheck.capture.tensorcast import settings_from_args
from layoutcheck.engines import read_program
from tests.capture.fake_msmodeling import MODEL, FakeMsmodeling, write_fake_msmodeling
from tests.engines import tinyglm
from tests.helpers import ROOT, Run, run

# A user's module: one function returning (graph_module, example_inputs), one that fails.
USER_MODULE = """
from tests.engines.tinyglm import Layout, tensorcast_graph


def dsa_cp():
    return tensorcast_graph(Layout())


def local_final_norm():
    return tensorcast_graph(Layout(final_norm_gathered=False))


def broken():
    return helper()


def helper():
    raise ValueError("no graph today")


def not_a_pair():
    return 42
"""

SP_ARGS = [
    MODEL, "--num-queries", "1", "--query-length", "16", "--num-devices", "4",
    "--tp-size", "4", "--ep-size", "4", "--compile", "--word-embedding-tp", "row",
    "--compilation-config", "enable_sequence_parallel",
]  # fmt: skip


def one_line_error(result: Run, *words: str) -> str:
    """The run failed as a user error: exit 2, one line on stderr naming ``words``."""
    lines = result.err.strip().splitlines()
    assert result.code == 2, (result.code, result.err)
    assert len(lines) == 1 and "Traceback" not in result.err, result.err
    assert lines[0].startswith("layoutcheck: error: "), lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def environment() -> dict[str, str]:
    """The repository on PYTHONPATH, so a subprocess finds tests.engines' graphs."""
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


def layoutcheck_process(*args: object, cwd: Path) -> Run:
    result = subprocess.run(
        [sys.executable, "-m", "layoutcheck.cli", *(str(a) for a in args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environment(),
        timeout=600,  # a hang guard only
    )
    return Run(result.returncode, result.stdout, result.stderr)


@pytest.fixture
def user_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    (tmp_path / "mygraphs.py").write_text(textwrap.dedent(USER_MODULE))
    monkeypatch.chdir(tmp_path)
    yield tmp_path
    sys.modules.pop("mygraphs", None)


@pytest.fixture
def glm_config(tmp_path: Path) -> Path:
    path = tmp_path / "tiny-glm.json"
    path.write_text(json.dumps(tinyglm.CONFIG))
    return path


# -- capture fx ----------------------------------------------------------------------------------


def test_capture_fx_end_to_end_from_the_command_line(tmp_path: Path, glm_config: Path) -> None:
    (tmp_path / "mygraphs.py").write_text(textwrap.dedent(USER_MODULE))
    settings = json.dumps({"engine": "tensorcast", "tp": 4, "sp": True})
    captured = layoutcheck_process(
        "capture", "fx", "mygraphs:local_final_norm", "-o", "local.pt2", "--settings", settings,
        cwd=tmp_path,
    )  # fmt: skip
    assert captured.code == 0, captured.err
    assert captured.out.startswith("wrote local.pt2: 115 op nodes, 77 with a module path")
    # the recorded sp=true chooses the RFC contract with no --sp; the graph's one bug is found
    checked = run("check", tmp_path / "local.pt2", "--config", glm_config, "--format", "json")
    report = json.loads(checked.out)
    assert checked.code == 1
    assert report["contract"] == "tensorcast-dsa-cp-prefill"
    assert {d["rule"] for d in report["diagnostics"]} == {"local-token-select"}
    [found] = report["diagnostics"]
    assert found["engine"] == "index_2 (model) at tensor_cast/layers/sampler.py:42"


def test_capture_fx_in_process_records_the_settings_given(
    user_module: Path, glm_config: Path
) -> None:
    result = run("capture", "fx", "mygraphs:dsa_cp", "-o", "dsa.pt2", "--settings", '{"tp": 4}')
    assert result.code == 0, result.err
    assert dict(read_program(user_module / "dsa.pt2").settings) == {"tp": 4}
    assert run("check", "dsa.pt2", "--config", glm_config, "--sp").code == 0


@pytest.mark.parametrize(
    ("reference", "words"),
    [
        ("mygraphs", ["'mygraphs': write MODULE:FUNCTION"]),
        ("nosuchmodule:f", ["cannot import 'nosuchmodule'"]),
        ("mygraphs:missing", ["mygraphs has no 'missing'"]),
        ("mygraphs:dsa_cp.real", ["mygraphs has no 'dsa_cp.real'"]),
        ("mygraphs:not_a_pair", ["returned an int; it must return (graph_module, example_inputs)"]),
        (
            "mygraphs:broken",
            ["mygraphs:broken raised ValueError: no graph today (at ", "graphs.py:"],
        ),
    ],
)
def test_capture_fx_user_errors_are_one_line(
    user_module: Path, reference: str, words: list[str]
) -> None:
    one_line_error(run("capture", "fx", reference, "-o", "x.pt2"), *words)
    assert not (user_module / "x.pt2").exists()


def test_capture_fx_bad_settings_are_one_line(user_module: Path) -> None:
    one_line_error(
        run("capture", "fx", "mygraphs:dsa_cp", "-o", "x.pt2", "--settings", "{tp: 4}"),
        "--settings: not JSON",
    )
    one_line_error(
        run("capture", "fx", "mygraphs:dsa_cp", "-o", "x.pt2", "--settings", '{"sp": "yes"}'),
        "--settings: sp must be true or false, not 'yes'",
    )


def test_the_output_must_be_a_pt2_in_a_folder_that_exists(user_module: Path) -> None:
    one_line_error(run("capture", "fx", "mygraphs:dsa_cp", "-o", "x.zip"), "must end in .pt2")
    one_line_error(run("capture", "fx", "mygraphs:dsa_cp", "-o", "no/such/x.pt2"), "no directory")


def test_capture_without_torch_says_how_to_get_it(
    user_module: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)  # `import torch` now fails
    one_line_error(
        run("capture", "fx", "mygraphs:dsa_cp", "-o", "x.pt2"),
        "capturing needs torch",
        "pip install 'layoutcheck[capture]'",
    )


def test_no_other_command_imports_torch(tmp_path: Path) -> None:
    """Reading, checking and pricing engine graphs, and the capture parser itself, stay
    torch-free: torch is imported only when a capture runs."""
    archive = ROOT / "tests/data/engine-graphs/glm51-tp4-sp-row-w8a8.pt2"
    script = textwrap.dedent(f"""
        import contextlib, io, sys
        import layoutcheck
        from layoutcheck.cli import main
        for argv in (["check", {str(archive)!r}, "--sp"], ["cost", {str(archive)!r}],
                     ["capture", "--help"], ["capture", "tensorcast", "--help"]):
            quiet = io.StringIO()
            with contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
                try:
                    main(argv)
                except SystemExit:  # --help
                    pass
        print(sorted(m for m in sys.modules if m == "torch" or m.startswith("torch.")))
    """)
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=600
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


# -- capture tensorcast --------------------------------------------------------------------------


@pytest.fixture
def msmodeling(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Path]]:
    """A fake msmodeling checkout made the working directory; its modules are forgotten after
    the test (each test writes its own variant)."""

    def make(fake: FakeMsmodeling | None = None) -> Path:
        root = write_fake_msmodeling(tmp_path / "msmodeling", fake or FakeMsmodeling())
        monkeypatch.chdir(root)
        return root

    yield make
    for name in list(sys.modules):
        if name.split(".")[0] in ("tensor_cast", "cli"):
            del sys.modules[name]


def test_capture_tensorcast_exports_the_backend_s_final_graph(
    msmodeling: Callable[..., Path],
) -> None:
    root = msmodeling()
    result = run(
        "capture", "tensorcast", "-o", "glm.pt2", "--trace", "glm.trace.json", "--", *SP_ARGS
    )
    assert result.code == 0, result.err
    assert "Metrics: total 1.00 ms" in result.out  # TensorCast's own output is shown
    assert "wrote glm.pt2: 116 op nodes, 77 with a module path (39 more with a hint)" in result.out
    assert "TensorCast's chrome trace: glm.trace.json" in result.out
    assert json.loads((root / "glm.trace.json").read_text()) == {"traceEvents": []}
    program = read_program(root / "glm.pt2")
    assert dict(program.settings) == {
        "engine": "tensorcast",
        "model": str(root / MODEL),
        "tp": 4,
        "ep": 4,
        "sp": True,
        "phase": "prefill",
        "tokens": 16,
        "repetition": True,
    }
    o_proj = next(n for n in program.nodes if n.module == "model.layers.0.self_attn.o_proj")
    assert o_proj.module_type == "tensor_cast.layers.parallel_linear.RowParallelLinear"
    assert o_proj.source is not None and o_proj.source[0] == "tensor_cast/layers/glm5.py"
    # the recorded model and sp: check finds the config and the contract on its own
    checked = run("check", "glm.pt2")
    assert checked.code == 0, checked.out
    assert "against tensorcast-dsa-cp-prefill: 0 errors, 0 warnings" in checked.out


def test_capture_tensorcast_leaves_the_backend_class_as_it_was(
    msmodeling: Callable[..., Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(msmodeling(FakeMsmodeling(crash=True)))
    from tensor_cast.compilation.compile_backend import CompilerBackend

    before = dict(vars(CompilerBackend))
    one_line_error(
        run("capture", "tensorcast", "-o", "x.pt2", "--", *SP_ARGS),
        "TensorCast failed: RuntimeError: shape '[512, 16384]' is invalid",
    )
    assert dict(vars(CompilerBackend)) == before


def test_capture_tensorcast_says_when_it_compiled_more_than_one_graph(
    msmodeling: Callable[..., Path],
) -> None:
    msmodeling(FakeMsmodeling(compiles=2))
    result = run("capture", "tensorcast", "-o", "x.pt2", "--", *SP_ARGS)
    assert result.code == 0, result.err
    assert "TensorCast compiled 2 graphs; the last one is exported" in result.out


def test_tensorcast_not_importable_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    one_line_error(
        run("capture", "tensorcast", "-o", "x.pt2", "--", *SP_ARGS),
        "TensorCast (tensor_cast.compilation.compile_backend) is not importable "
        "(ModuleNotFoundError: No module named 'tensor_cast'): run from the msmodeling root",
    )


@pytest.mark.parametrize(
    ("fake", "words"),
    [
        (
            FakeMsmodeling(graph_hook="apply_post_grad_passes"),
            "CompilerBackend has no method apply_decompose_auto_functionalized_pass(gm)",
        ),
        (
            FakeMsmodeling(has_main=False),
            "cli.inference.text_generate has no main() taking its arguments from sys.argv",
        ),
        (  # found mid-run, inside the backend torch.compile called (its error wraps ours)
            FakeMsmodeling(inputs_hook=False),
            "CompilerBackend finished a graph without passing it to apply_multistream_pass",
        ),
    ],
)
def test_tensorcast_internals_that_differ_are_one_line(
    msmodeling: Callable[..., Path], fake: FakeMsmodeling, words: str
) -> None:
    msmodeling(fake)
    line = one_line_error(run("capture", "tensorcast", "-o", "x.pt2", "--", *SP_ARGS), words)
    assert "TensorCast's internals differ from what layoutcheck capture expects" in line
    assert "Ascend/msmodeling 84fec85" in line


def test_tensorcast_argument_problems_are_one_line(msmodeling: Callable[..., Path]) -> None:
    msmodeling()
    no_compile = [arg for arg in SP_ARGS if arg != "--compile"]
    one_line_error(
        run("capture", "tensorcast", "-o", "x.pt2", "--", *no_compile), "without --compile"
    )
    one_line_error(run("capture", "tensorcast", "-o", "x.pt2"), "give TensorCast's arguments")
    one_line_error(
        run("capture", "tensorcast", "-o", "x.pt2", "--trace", "t.json", "--", *SP_ARGS,
            "--chrome-trace-file", "u.json"),
        "ask for the chrome trace once",
    )  # fmt: skip
    # TensorCast's own argparse refusing: its message is its own (on stderr), then ours
    result = run("capture", "tensorcast", "-o", "x.pt2", "--", MODEL, "--compile")
    assert result.code == 2
    assert result.err.strip().splitlines()[-1] == (
        "layoutcheck: error: TensorCast exited with status 2 (its own message is above)"
    )


def test_settings_from_tensorcast_arguments() -> None:
    # CASES.md's decode case
    decode = settings_from_args(
        [
            "tests/assets/model_config/glm5_1", "--decode", "--num-queries", "8",
            "--query-length", "1", "--context-length", "4096", "--num-devices", "4",
            "--tp-size", "2", "--dp-size", "2", "--ep-size", "4", "--compile",
            "--quantize-linear-action", "W8A8_DYNAMIC",
        ]
    )  # fmt: skip
    assert decode.recorded() == {
        "engine": "tensorcast",
        "model": "tests/assets/model_config/glm5_1",  # not a folder here: kept as given
        "tp": 2,
        "dp": 2,
        "ep": 4,
        "sp": False,
        "phase": "decode",
        "quant": "w8a8_dynamic",
        "tokens": 8,
        "repetition": True,
    }
    bf16 = settings_from_args(
        ["--model-id", "Qwen/Qwen3-8B", "--quantize-linear-action", "DISABLED",
         "--no-repetition", "--compilation-config", "enable-sequence-parallel", "--tp-size", "x"]
    )  # fmt: skip
    assert (bf16.model, bf16.quant, bf16.repetition, bf16.sp, bf16.tp) == (
        "Qwen/Qwen3-8B", "bf16", False, True, None,
    )  # fmt: skip
