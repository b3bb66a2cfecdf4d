"""The text readers against torch's own printers: one exported graph with a symbolic token count
and a mutating custom op (as vLLM's ``_C.fused_add_rms_norm``), printed by ``print_readable`` and
by ``Graph.__str__``, reads to the same program. Skipped where torch is not installed (the
readers themselves never import it)."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from layoutcheck.engines import Arg, ArgKind, EngineProgram, read_program

OP = "layoutcheck_test::fused_add_rms_norm"


@functools.cache
def printed() -> dict[str, str]:
    """One exported graph as each printer writes it (exported once per run)."""
    torch: Any = pytest.importorskip("torch")

    # the schema spelled out: this module's postponed annotations are strings to torch
    schema = "(Tensor(a!) input, Tensor(b!) residual, Tensor weight, float epsilon) -> ()"

    @torch.library.custom_op(OP, mutates_args=("input", "residual"), schema=schema)
    def fused_add_rms_norm(
        input: torch.Tensor, residual: torch.Tensor, weight: torch.Tensor, epsilon: float
    ) -> None:
        residual.add_(input)
        input.copy_(residual * weight)

    class Layer(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.weight = torch.nn.Parameter(torch.ones(8))
            self.table = torch.nn.Parameter(torch.ones(16, 8))

        def forward(self, ids: Any, residual: Any) -> Any:
            hidden = torch.nn.functional.embedding(ids, self.table)
            kept = residual.clone()
            torch.ops.layoutcheck_test.fused_add_rms_norm(hidden, kept, self.weight, 1e-6)
            return hidden.view(ids.shape[0], 2, 4), kept

    tokens = torch.export.Dim("tokens", min=2, max=1024)
    exported = torch.export.export(
        Layer(),
        (torch.arange(4), torch.randn(4, 8)),
        dynamic_shapes=({0: tokens}, {0: tokens}),
    ).run_decompositions({})
    module = exported.graph_module
    return {
        "readable.py": module.print_readable(print_output=False),
        "graph.txt": str(module.graph),
        # Inductor's debug dumps (fx_graph_readable.py) annotate strides and devices too
        "strided.py": module.print_readable(
            print_output=False, include_stride=True, include_device=True
        ),
        # vLLM's older pass dumps: the graph's code behind a one-line import header
        "before-0.py": "import torch; from torch import device\n"
        + module.graph.python_code(root_module="self", verbose=True).src,
        # depyf's files, as vLLM's debug_dump_path writes them
        "depyf.py": "from __future__ import annotations\n"
        + module.print_readable(print_output=False).replace("<lambda>", "GraphModule"),
    }


def nodes(program: EngineProgram) -> list[tuple[str, str, tuple[Arg, ...], tuple[str | None, ...]]]:
    return [(n.name, n.target, n.args, n.outputs) for n in program.nodes]


def test_print_readable_and_graph_str_of_one_graph_read_the_same(tmp_path: Path) -> None:
    for name, text in printed().items():
        (tmp_path / name).write_text(text)
    readable = read_program(tmp_path / "readable.py")
    graph = read_program(tmp_path / "graph.txt")
    assert nodes(readable) == nodes(graph)
    assert readable.outputs == graph.outputs
    for name in ("strided.py", "before-0.py", "depyf.py"):
        other = read_program(tmp_path / name)
        assert nodes(other) == nodes(readable), name
        assert dict(other.tensors) == dict(readable.tensors), name
    norm = next(n for n in graph.nodes if n.wrapper == "auto_functionalized_v2")
    assert norm.target == "layoutcheck_test.fused_add_rms_norm.default"
    assert {a.name: (a.kind, a.value) for a in norm.args} == {
        "weight": (ArgKind.TENSOR, "p_weight"),
        "epsilon": (ArgKind.FLOAT, 1e-06),
        "input": (ArgKind.TENSOR, "embedding"),
        "residual": (ArgKind.TENSOR, "clone"),
    }
    assert norm.outputs[0] is None and len(norm.outputs) == 3
    # the token count: the symbol of the ids' dim 0, and the sym_size value that holds it
    ids = readable.meta("ids")
    assert ids is not None and isinstance(ids.shape[0], str)
    size = next(n.outputs[0] for n in graph.nodes if n.target == "aten.sym_size.int")
    assert size is not None
    assert set(readable.token_symbols()) == {ids.shape[0], size}
    assert graph.token_symbols() == (size,)


def test_graph_str_behind_worker_prefixes_reads_as_printed(tmp_path: Path) -> None:
    text = printed()["graph.txt"]
    lines = text.strip("\n").split("\n")
    log = [f"(Worker_TP0 pid=7) DEBUG 12-01 10:00:00 [pass.py:1] graph is: {lines[0]}"]
    log += [f"(Worker_TP0 pid=7) {line}" for line in lines[1:]]
    (tmp_path / "plain.txt").write_text(text)
    (tmp_path / "worker.log").write_text("\n".join(log))
    logged = read_program(tmp_path / "worker.log")
    assert nodes(logged) == nodes(read_program(tmp_path / "plain.txt"))
