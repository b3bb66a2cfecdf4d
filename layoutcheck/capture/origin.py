"""Where each node of a graph came from, as layoutcheck's archive reader reads it: the module
that made it (from ``nn_module_stack``, or a ``custom`` record already there), its source frames,
and for nodes no module claims a hint from the modules around them. Torch-free: it reads node
metadata dicts."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

import attrs

K = TypeVar("K", bound=Hashable)

# Dynamo spells a module's path as the Python expression that reached it
# (``L['self'].model.layers[0]``, ``getattr(L['self'].layers, '0')``,
# ``L['self'].__dict__['_modules']['_inner']``); torch.export as a plain dotted name. Each
# rewrite turns one spelling into dots; they run in order, the getattr one until none is left.
_ROOT = re.compile(r"^(?:L\['[^'\]]*'\]|L__self__|self)(?=\.|\[|$)")
_GETATTR = re.compile(r"getattr\(([^()]*), '([^']*)'\)")
_SPELLINGS = (
    (re.compile(r"\.__dict__\['_modules'\]\['([^']*)'\]"), r".\1"),
    (re.compile(r"\._modules\['([^']*)'\]"), r".\1"),
    (re.compile(r"\['([^']*)'\]"), r".\1"),
    (re.compile(r"\[(\d+)\]"), r".\1"),
)
# one frame of a stack trace as the reader matches it; the source lines between frames go
_FRAME = re.compile(r'\s*File "[^"]*", line \d+, in .*')
MAX_HINT_STEPS = 64  # nodes looked through on each side for a module; passes insert a handful


def module_path(spelled: str) -> str:
    """A module's dotted path (``model.layers.0.self_attn``) from any of its spellings."""
    path = spelled.strip()
    while True:
        unwrapped = _GETATTR.sub(r"\1.\2", path)
        if unwrapped == path:
            break
        path = unwrapped
    path = _ROOT.sub("", path)
    for pattern, replacement in _SPELLINGS:
        path = pattern.sub(replacement, path)
    return path.strip(".")


def type_name(module_type: object) -> str | None:
    """``package.module.Class`` for a class (dynamo records the class), a string as it is."""
    if isinstance(module_type, str):
        return module_type or None
    qualname = getattr(module_type, "__qualname__", None)
    if not isinstance(qualname, str):
        return None
    owner = getattr(module_type, "__module__", None)
    return f"{owner}.{qualname}" if isinstance(owner, str) and owner else qualname


def frames_only(stack_trace: object) -> str | None:
    """A stack trace with only its ``File "…", line N, in fn`` lines (the source text between
    them is the user's code, and not needed to point at it)."""
    if not isinstance(stack_trace, str):
        return None
    frames = [line.rstrip() for line in stack_trace.splitlines() if _FRAME.fullmatch(line)]
    return "\n".join(frames) or None


@attrs.frozen
class NodeOrigin:
    """The module a node belongs to and the frames that made it; ``module_raw`` is the path
    before an engine-specific rename (TensorCast's ``_inner._inner.layers.0`` for
    ``model.layers.0``)."""

    module: str | None = None
    module_type: str | None = None
    module_raw: str | None = None
    frames: str | None = None

    def custom(self, hint: str | None = None) -> dict[str, str] | None:
        """The ``custom`` metadata the archive reader reads: the module, else a hint."""
        if self.module is not None:
            record = {"module": self.module}
            if self.module_raw is not None and self.module_raw != self.module:
                record["module_raw"] = self.module_raw
            if self.module_type is not None:
                record["module_type"] = self.module_type
            return record
        return {"module_hint": hint} if hint else None


Rename = Callable[[str], str]


def origin_of(meta: Mapping[str, object], rename: Rename | None = None) -> NodeOrigin:
    """A node's origin from its metadata: a ``custom`` record with a ``module`` wins (someone
    already said it), else the innermost ``nn_module_stack`` entry."""
    frames = frames_only(meta.get("stack_trace"))
    custom = meta.get("custom")
    if isinstance(custom, Mapping) and isinstance(custom.get("module"), str):
        module_type = custom.get("module_type")
        return NodeOrigin(
            module=str(custom["module"]),
            module_type=module_type if isinstance(module_type, str) else None,
            frames=frames,
        )
    stack = meta.get("nn_module_stack")
    innermost = list(stack.values())[-1] if isinstance(stack, Mapping) and stack else None
    if not isinstance(innermost, tuple | list) or len(innermost) != 2:
        return NodeOrigin(frames=frames)
    spelled, module_type = innermost
    raw = module_path(str(spelled))
    if not raw:  # the root module itself: no path to record
        return NodeOrigin(frames=frames)
    module = rename(raw) if rename is not None else raw
    if not module:  # the engine's wrapper around the model: no model module to name
        return NodeOrigin(frames=frames)
    return NodeOrigin(module, type_name(module_type), raw, frames)


def common_prefix(a: str, b: str) -> str:
    """The dotted path both modules sit in (``model.layers.0`` for its attention and MLP)."""
    shared = []
    for left, right in zip(a.split("."), b.split("."), strict=False):
        if left != right:
            break
        shared.append(left)
    return ".".join(shared)


def module_hints(
    order: Sequence[K],
    known: Mapping[K, str],
    producers: Mapping[K, Sequence[K]],
    consumers: Mapping[K, Sequence[K]],
) -> dict[K, str]:
    """For each node no module claims (a node an engine's pass inserted), the module it sits
    in: where the nearest claimed node before it and the nearest after it meet, or the one
    side's module when only one side has any."""
    hints: dict[K, str] = {}
    for node in order:
        if node in known:
            continue
        before = _nearest(node, producers, known)
        after = _nearest(node, consumers, known)
        if before is not None and after is not None:
            hint = common_prefix(before, after)
        else:
            hint = before or after or ""
        if hint:
            hints[node] = hint
    return hints


def _nearest(start: K, edges: Mapping[K, Sequence[K]], known: Mapping[K, str]) -> str | None:
    """The module of the first claimed node reached from ``start`` along ``edges``."""
    queue: deque[K] = deque(edges.get(start, ()))
    seen: set[K] = set()
    while queue and len(seen) < MAX_HINT_STEPS:
        node = queue.popleft()
        if node in seen:
            continue
        seen.add(node)
        if node in known:
            return known[node]
        queue.extend(_unseen(edges.get(node, ()), seen))
    return None


def _unseen(nodes: Iterable[K], seen: set[K]) -> list[K]:
    return [node for node in nodes if node not in seen]
