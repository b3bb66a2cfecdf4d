"""Where an engine node sits in the model, as facts (:class:`Placement`: its decoder layer, the
block it lies in, its role), and the display names made from them.

An archive's nodes say which module made them (``model.layers.3.self_attn.o_proj``): that
record is the engine's own, and :func:`recorded` reads it, here and nowhere else. Placements
the importer infers (:mod:`.structure`) are built as facts and never parsed back from names.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping

import attrs

from layoutcheck.roles import Block, Role, layer_from_hf_name, role_from_hf_name


@attrs.frozen
class Placement:
    """A node's place in the model. ``block`` is the block its module lies in even where the
    module is no specific part (``role`` None: a q/k/v projection the shapes tell apart later);
    ``path`` is the display name; ``recorded`` says the engine recorded it."""

    layer: int | None
    block: Block | None
    role: Role | None
    path: str
    recorded: bool = False


# TensorCast's wrapper modules, spelled as the HF modules they wrap (an engine's own record)
MODULE_REWRITES: tuple[tuple[str, str], ...] = (
    (".mlp.fused_moe.experts.experts.", ".mlp.experts."),
    (".mlp.fused_moe.", ".mlp."),
)
# the block a recorded module path lies in when it names the block itself (`…self_attn`)
BLOCK_TAILS: tuple[tuple[str, Block], ...] = (
    (".self_attn", Block.ATTENTION),
    (".mlp.shared_experts", Block.SHARED_EXPERTS),
    (".mlp.shared_expert", Block.SHARED_EXPERTS),  # Qwen2-MoE's one, in the singular
    (".mlp", Block.MLP),
)
# display names: the HF module each block's ops are shown under
BLOCK_MODULES: Mapping[Block, str] = {
    Block.ATTENTION: "self_attn",
    Block.MLP: "mlp",
    Block.SHARED_EXPERTS: "mlp.shared_experts",
    Block.MOE: "mlp",
}


def module_path(layer: int | None, block: Block | None = None, leaf: str | None = None) -> str:
    """The display name of a module: ``model.layers.3.self_attn.o_proj``."""
    parts = ["model"] if layer is None else [f"model.layers.{layer}"]
    if block is not None and block in BLOCK_MODULES:
        parts.append(BLOCK_MODULES[block])
    if leaf:
        parts.append(leaf)
    return ".".join(parts)


# vLLM's FusedMoE runs the model's shared-expert MLP through its runner's SharedExperts wrapper
# (fused_moe/runner/shared_experts.py:55, `self._layer = layer`), and Dynamo records the path it
# reached the MLP by, through a closure: `layers.0.mlp.experts._shared_experts.<…>._layer.
# down_proj` is the HF `layers.0.mlp.shared_experts.down_proj`
SHARED_EXPERTS_WRAPPER = (".mlp.experts._shared_experts.", "._layer")


def normalize_module(path: str) -> str:
    for old, new in MODULE_REWRITES:
        path = path.replace(old, new)
    wrapper, layer = SHARED_EXPERTS_WRAPPER
    start, end = path.find(wrapper), path.rfind(layer)
    if 0 <= start < end and path[end + len(layer) :][:1] in ("", "."):
        path = path[:start] + ".mlp.shared_experts" + path[end + len(layer) :]
    return path


def layer_list(attention_paths: Iterable[str | None]) -> str | None:
    """The module list whose items are the decoder layers, as the engine's record of its
    attentions shows it: what comes before the first index of each attention's module path
    (``h`` of ``h.3.self_attention.attn``: GPT-J's, Bloom's and Falcon's ``transformer.h``,
    vllm/model_executor/models/falcon.py:386-391), when every attention's path agrees; None when
    they do not or the paths say ``layers`` (which :func:`recorded` reads anyway)."""
    found: set[str] = set()
    for path in attention_paths:
        if not path:
            continue
        parts = normalize_module(path).split(".")
        index = next((i for i, part in enumerate(parts) if part.isdecimal()), None)
        if index is None or index == 0:
            return None
        found.add(".".join(parts[:index]))
    return found.pop() if len(found) == 1 else None


def _layer_in(path: str, layers: str | None) -> int | None:
    """The decoder layer of a module path: the HF ``layers.N``, else item N of ``layers``."""
    found = layer_from_hf_name(path)
    if found is not None or not layers or not path.startswith(f"{layers}."):
        return found
    index = path[len(layers) + 1 :].split(".", 1)[0]
    return int(index) if index.isdecimal() and len(index) <= 9 else None


@functools.lru_cache(maxsize=65536)
def recorded(path: str | None, layers: str | None = None) -> Placement | None:
    """The placement an engine's own module record states (the one place a module path is
    read for structure: the engine wrote it, the importer did not). ``layers`` is the module
    list the decoder layers are items of where it is not ``layers`` (:func:`layer_list`)."""
    if not path:
        return None
    path = normalize_module(path)
    found = role_from_hf_name(path)
    block = found.block if found is not None else None
    if block is None:
        block = next(
            (b for tail, b in BLOCK_TAILS if path.endswith(tail) or f"{tail}." in path), None
        )
    return Placement(_layer_in(path, layers), block, found, path, recorded=True)
