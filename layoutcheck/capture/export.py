"""Re-exporting a live ``torch.fx.GraphModule`` with ``torch.export`` into a ``.pt2`` that
layoutcheck reads: every node keeps the module that made it and its ``file:line``, and the run's
settings go beside the graph. Torch is imported when this is called, never before."""

from __future__ import annotations

import inspect
import json
import keyword
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from layoutcheck.capture.errors import CaptureError, first_line, require_torch
from layoutcheck.capture.origin import NodeOrigin, Rename, module_hints, origin_of
from layoutcheck.capture.settings import CaptureSettings

# The archive member the reader takes the settings from (engines/archive.py SETTINGS_JSON,
# which torch.export.save writes under "<name>/extra/").
SETTINGS_MEMBER = "layoutcheck_settings.json"
# Each source node is tagged with its name under this key for the length of the export: torch
# copies a node's ``custom`` metadata onto every node it traces from it, which is how exported
# nodes are matched back to the nodes they came from.
_TAG = "layoutcheck_capture_source"


@attrs.frozen
class Exported:
    """What was written: the archive, its op nodes, and how many carry a module path (recorded
    or hinted) and a source line."""

    path: str
    nodes: int
    with_module: int
    with_hint: int
    with_source: int
    settings: CaptureSettings

    def summary(self) -> str:
        recorded = self.settings.recorded()
        said = json.dumps(recorded) if recorded else "none recorded"
        return (
            f"wrote {self.path}: {self.nodes} op nodes, {self.with_module} with a module path "
            f"({self.with_hint} more with a hint), {self.with_source} with file:line; "
            f"settings {said}"
        )


def export_graph(
    gm: Any,
    example_inputs: Sequence[Any],
    path: str | os.PathLike[str],
    settings: CaptureSettings | Mapping[str, object] | None = None,
    *,
    rename_module: Rename | None = None,
    keep_inputs: bool = True,
) -> Exported:
    """Export ``gm`` (any ``torch.fx.GraphModule``) called on ``example_inputs`` to ``path``.

    Fake tensors among the inputs (a compile backend's) are replaced by meta tensors of the
    same size, stride and dtype. Custom ops need fake (meta) kernels, as for any export.
    ``rename_module`` turns an engine's module paths into the Hugging Face ones (TensorCast's
    wrappers). ``keep_inputs=False`` leaves the example inputs out of the archive (layoutcheck
    never reads them; an engine's KV caches and weights make them most of its size). Raises
    :class:`CaptureError` (one line) when torch refuses the graph.
    """
    torch = require_torch()
    if not isinstance(gm, torch.fx.GraphModule):
        raise CaptureError(f"expected a torch.fx.GraphModule, got {type(gm).__name__}")
    if not isinstance(example_inputs, Sequence) or isinstance(example_inputs, str | bytes):
        raise CaptureError(
            f"example inputs must be a tuple or list, got {type(example_inputs).__name__}"
        )
    recorded = _settings(settings)
    origins = {
        node.name: origin_of(node.meta, rename_module)
        for node in gm.graph.nodes
        if node.op not in ("placeholder", "output")
    }
    program = _export(torch, gm, [_real(torch, value) for value in example_inputs])
    counts = _annotate(program.graph, origins)
    if not keep_inputs:
        program.example_inputs = None
    target = Path(path)
    try:
        torch.export.save(
            program, os.fspath(target), extra_files={SETTINGS_MEMBER: recorded.to_json()}
        )
    except OSError as error:
        raise CaptureError(f"cannot write {target}: {error.strerror or error}") from None
    return Exported(os.fspath(target), *counts, recorded)


def _settings(settings: CaptureSettings | Mapping[str, object] | None) -> CaptureSettings:
    if settings is None:
        return CaptureSettings()
    if isinstance(settings, CaptureSettings):
        return settings
    return CaptureSettings.from_mapping(settings)


def _real(torch: Any, value: Any) -> Any:
    """A compile backend's fake tensor as a meta tensor: export makes its own fake mode and
    refuses tensors of another."""
    from torch._subclasses.fake_tensor import FakeTensor

    if isinstance(value, FakeTensor):
        return torch.empty_strided(
            tuple(value.size()), tuple(value.stride()), dtype=value.dtype, device="meta"
        )
    return value


def _replay_module(torch: Any, gm: Any) -> Any:
    """A module running ``gm`` node by node with torch.fx.Interpreter, so that each op export
    traces knows the node it comes from (the generated forward would not say)."""
    names = [node.name for node in gm.graph.nodes if node.op == "placeholder"]

    class Replay(torch.nn.Module):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.graph_module = gm

        def forward(self, *args: Any) -> Any:
            return torch.fx.Interpreter(self.graph_module).run(*args)

    # export names the graph's inputs after forward's parameters: keep the graph's own names
    # (when they can be parameter names; else export's args_0, args_1, …)
    if _parameter_names(names):
        positional = inspect.Parameter.POSITIONAL_OR_KEYWORD
        Replay.forward.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
            [inspect.Parameter(name, positional) for name in ["self", *names]]
        )
    return Replay()


def _parameter_names(names: Sequence[str]) -> bool:
    return len(set(names)) == len(names) and all(
        name.isidentifier() and not keyword.iskeyword(name) and name != "self" for name in names
    )


def _export(torch: Any, gm: Any, inputs: list[Any]) -> Any:
    """``torch.export`` of the replay, each source node tagged while it runs (the tags are
    taken off again whatever happens)."""
    saved = {node: node.meta.get("custom") for node in gm.graph.nodes}
    for node in gm.graph.nodes:
        node.meta["custom"] = {_TAG: node.name}
    try:
        with torch.fx.traceback.preserve_node_meta():
            return torch.export.export(_replay_module(torch, gm), tuple(inputs), strict=False)
    except Exception as error:  # torch.export's failures have no common base
        raise CaptureError(f"torch.export could not export the graph: {_reason(error)}") from None
    finally:
        for node, custom in saved.items():
            if custom is None:
                node.meta.pop("custom", None)
            else:
                node.meta["custom"] = custom


def _reason(error: Exception) -> str:
    from torch._subclasses.fake_tensor import UnsupportedOperatorException

    if isinstance(error, UnsupportedOperatorException):  # the usual one with custom ops
        return (
            f"{error.func} has no fake (meta) kernel, so its result shape is unknown: register "
            "one with torch.library.register_fake"
        )
    return first_line(error)


def _annotate(graph: Any, origins: Mapping[str, NodeOrigin]) -> tuple[int, int, int, int]:
    """Give each exported node its source node's module and frames, and the nodes no source
    node claims (export's own) a module hint; export's frames for them point into this file
    and torch, so they go."""
    ops = [node for node in graph.nodes if node.op not in ("placeholder", "output")]
    found: dict[Any, NodeOrigin] = {}
    for node in graph.nodes:
        custom = node.meta.get("custom")
        source = custom.get(_TAG) if isinstance(custom, Mapping) else None
        node.meta.pop("custom", None)  # the tag, or export's own bookkeeping
        origin = origins.get(source) if isinstance(source, str) else None
        if node.op in ("placeholder", "output"):
            continue
        found[node] = origin or NodeOrigin()
    known = {node: origin.module for node, origin in found.items() if origin.module}
    producers = {node: [n for n in node.all_input_nodes if n in found] for node in ops}
    consumers = {node: [n for n in node.users if n in found] for node in ops}
    hints = module_hints(ops, known, producers, consumers)
    with_source = 0
    for node in ops:
        origin = found[node]
        custom = origin.custom(hints.get(node))
        if custom is not None:
            node.meta["custom"] = custom
        if origin.frames is not None:
            node.meta["stack_trace"] = origin.frames
            with_source += 1
        else:
            node.meta.pop("stack_trace", None)
    return len(ops), len(known), len(hints), with_source
