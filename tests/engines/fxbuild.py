"""Writing an fx graph op by op, the way an engine's compile backend receives one: weights as
``get_attr`` of meta tensors, and each op node with the module that made it (``nn_module_stack``
in dynamo's spelling) and the source frame that called it (``stack_trace``). Nodes written
outside any module are the ones an engine's pass inserted: no module, no frame."""

from __future__ import annotations

import contextlib
import operator
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import torch
from torch import fx


def dynamo_spelling(path: str) -> str:
    """``model.layers.0.mlp`` as dynamo writes it: ``L['self'].model.layers[0].mlp``."""
    spelled = "L['self']"
    for part in path.split("."):
        spelled += f"[{part}]" if part.isdigit() else f".{part}"
    return spelled


def tensorcast_path(path: str) -> str:
    """A Hugging Face module path as TensorCast's wrappers nest it: its TransformerModel holds
    a CausalLmWrapper (``_inner``) that holds the base model (``_inner._inner``) and lm_head."""
    if path == "model" or path.startswith("model."):
        return "_inner._inner" + path[len("model") :]
    return f"_inner.{path}"


class FxGraph:
    """One graph being written. ``module()`` scopes say which module the ops belong to (as Hugging
    Face paths; ``engine_path`` says how the engine's own module tree nests them); their frames
    count up from line 100 of ``source_file`` unless ``at`` names one."""

    def __init__(
        self,
        source_file: str = "model/modeling.py",
        engine_path: Callable[[str], str] = lambda path: path,
    ) -> None:
        self.engine_path = engine_path
        self.graph = fx.Graph()
        self.root = torch.nn.Module()
        self.examples: list[torch.Tensor] = []
        self.source_file = source_file
        self.line = 100
        self.modules: list[tuple[str, str]] = []  # the enclosing (path, type) scopes
        self.weights = 0

    # -- values --------------------------------------------------------------------------------
    def input(self, name: str, shape: Sequence[int], dtype: torch.dtype) -> fx.Node:
        self.examples.append(torch.empty(tuple(shape), dtype=dtype, device="meta"))
        return self.graph.placeholder(name)

    def weight(self, shape: Sequence[int], dtype: torch.dtype = torch.float16) -> fx.Node:
        """A frozen weight (TensorCast's ``_frozen_param<n>``), on the meta device."""
        name = f"_frozen_param{self.weights}"
        self.weights += 1
        self.root.register_buffer(name, torch.empty(tuple(shape), dtype=dtype, device="meta"))
        return self.graph.get_attr(name)

    # -- scopes --------------------------------------------------------------------------------
    @contextlib.contextmanager
    def module(self, path: str, module_type: str = "torch.nn.Module") -> Iterator[None]:
        self.modules.append((path, module_type))
        try:
            yield
        finally:
            self.modules.pop()

    @contextlib.contextmanager
    def inserted(self) -> Iterator[None]:
        """Ops a pass inserted: no module, no frame, whatever scope is open."""
        saved, self.modules = self.modules, [("", "")]
        try:
            yield
        finally:
            self.modules = saved

    # -- ops -----------------------------------------------------------------------------------
    def op(
        self, target: Any, *args: Any, at: tuple[str, int] | None = None, **kwargs: Any
    ) -> fx.Node:
        node = self.graph.call_function(target, tuple(args), kwargs)
        path, module_type = self.modules[-1] if self.modules else ("", "")
        if path:
            engine = self.engine_path(path)
            node.meta["nn_module_stack"] = {
                f"L__self___{re.sub(r'[^A-Za-z0-9]', '_', prefix)}": (
                    dynamo_spelling(prefix),
                    module_type if prefix == engine else "torch.nn.Module",
                )
                for prefix in _prefixes(engine)
            }
        if path or at is not None:
            file, line = at if at is not None else (self.source_file, self.line)
            self.line += 1
            node.meta["stack_trace"] = (
                f'  File "driver.py", line 7, in run\n    model(*inputs)\n'
                f'  File "{file}", line {line}, in forward\n    {_call_text(target)}\n'
            )
        return node

    def functionalized(self, op: Any, mutated: Sequence[str], **kwargs: Any) -> list[fx.Node]:
        """An in-place op as a functionalized graph holds it (``auto_functionalized``, as in
        vLLM's compiled graphs): the new values of the ``mutated`` arguments, in order."""
        wrapper = self.op(torch.ops.higher_order.auto_functionalized, op, **kwargs)
        # the wrapper's results: the op's own (a None for an op that returns nothing), then the
        # mutated arguments
        first = max(1, len(op._schema.returns))
        return [self.item(wrapper, first + index) for index in range(len(mutated))]

    def item(self, node: fx.Node, index: int) -> fx.Node:
        """Result ``index`` of a multi-result op (fx's getitem; an archive has none)."""
        return self.graph.call_function(operator.getitem, (node, index))

    def items(self, node: fx.Node, count: int) -> list[fx.Node]:
        return [self.item(node, index) for index in range(count)]

    def build(self, *outputs: fx.Node) -> tuple[fx.GraphModule, tuple[torch.Tensor, ...]]:
        self.graph.output(tuple(outputs))
        module = fx.GraphModule(self.root, self.graph)
        return module, tuple(self.examples)


def _prefixes(path: str) -> list[str]:
    parts = path.split(".")
    return [".".join(parts[: index + 1]) for index in range(len(parts))]


def _call_text(target: Any) -> str:
    return f"{getattr(target, '__name__', target)}(...)"
