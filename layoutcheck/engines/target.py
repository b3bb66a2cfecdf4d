"""An engine graph as a command's target: recognising one, reading it, the model it runs, and
the contract its run's settings call for.

The model config gives the global sizes a linear's per-rank weight is compared against (to tell
column from row from replicated) and the names sizes keep. It is the ``--config`` given, else
the model the capture recorded, else the one shipped model whose hidden size and vocabulary
the graph's embedding table matches; without one, sizes come from the graph alone.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from layoutcheck.engines import EngineProgram, ReadError, read_fx_text, read_program
from layoutcheck.engines.lower import RunSettings
from layoutcheck.engines.lowerings import default_lowerings
from layoutcheck.engines.opmap import shipped_opmaps
from layoutcheck.errors import InputError
from layoutcheck.graph import Graph
from layoutcheck.models.builder import padded_vocab
from layoutcheck.models.config import (
    ConfigError,
    ModelSpec,
    load_config,
    model_spec,
    shipped_models,
)
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.traits import Trait
from layoutcheck.target_kind import MAX_PIECES, archives_in, dump_pieces, is_engine_target


class EngineGraphError(InputError):
    """An engine graph that cannot be read (exit 2, one line)."""


def read_target(target: str) -> EngineProgram:
    """The engine program a target holds: one archive or dump, or a folder's pieces stitched."""
    path = Path(target)
    try:
        ranks = _rank_set(path)
        if ranks is not None:
            # every rank's dump, checked to be one program up to rank constants; rank 0's
            # is checked, and where the others differ is said with it
            from layoutcheck.engines.ranks import read_rank_programs

            return read_rank_programs(path).program
        if path.is_dir():
            pieces = dump_pieces(path)
            archives = archives_in(path)
            if not pieces and len(archives) == 1:  # one rank's archive: read as that file
                return read_program(os.fspath(archives[0]))
            if not pieces:
                raise EngineGraphError(
                    f"{target}: holds {len(archives)} archives and no set of ranks among "
                    "them; name the archive to read"
                )
            if len(pieces) > MAX_PIECES:
                raise EngineGraphError(
                    f"{target}: more than {MAX_PIECES} dump pieces; name the files to read"
                )
            return read_fx_text([os.fspath(p) for p in pieces])
        return read_program(target)
    except ReadError as error:
        raise EngineGraphError(str(error)) from None


def _rank_set(path: Path) -> dict[int, str] | None:
    """The per-rank dumps ``path`` stands for, when it stands for two or more ranks: a folder
    of rank folders or per-rank files, or one rank's file beside its siblings."""
    from layoutcheck.engines.ranks import named_rank, rank_files

    # a file stands for its rank set only when its name says which rank it is (fw.g0.r0.py,
    # rank_0.txt): a name that merely ends in -N (glm-3.pt2) is a file of its own
    if path.is_file() and not named_rank(path.name):
        return None
    try:
        found = rank_files(path)
    except ReadError:
        if path.is_dir() and _all_named_ranks(path):
            # every file says its rank: a set of ranks with one missing (or two sets), never
            # pieces of one graph to stitch; rank_files' error names what is wrong
            raise
        return None  # not a set of ranks: a plain dump, a folder of pieces
    if len(found) < 2:
        return None
    # each rank said by its file's or its folder's name; dump pieces named piece-0, piece-1
    # are pieces of one graph, stitched, not ranks
    named = all(
        named_rank(Path(file).name) or named_rank(_rank_folder_of(path, Path(file)))
        for file in found.values()
    )
    return found if named else None


def _rank_folder_of(path: Path, file: Path) -> str:
    """The folder a rank's dump is under, right below ``path`` (vLLM's compile cache keeps it
    a folder or two down: ``rank_0_0/backbone/computation_graph.py``), else its parent."""
    if path.is_dir() and file.is_relative_to(path) and len(file.relative_to(path).parts) > 1:
        return file.relative_to(path).parts[0]
    return file.parent.name


def _all_named_ranks(folder: Path) -> bool:
    """Does every dump in ``folder`` name its rank outright (``rank_0.py``, ``fw.g0.r2.py``)?"""
    from layoutcheck.engines.ranks import named_rank

    pieces = [*dump_pieces(folder), *archives_in(folder)]
    return bool(pieces) and all(named_rank(piece.name) for piece in pieces)


@attrs.frozen
class EngineModel:
    spec: ModelSpec | None
    notes: tuple[str, ...] = ()
    # the config's own fields, where one was read: what a lowering needs beyond the spec (a
    # recurrent layer's state and convolution sizes, which its engine op keeps inside)
    config: Mapping[str, Any] | None = None


def engine_model(
    program: EngineProgram,
    given: tuple[dict[str, Any], str, str] | None,
    requested: RunSettings,
) -> EngineModel:
    """The model an engine graph runs: --config, the capture's record, or a shipped match."""
    if given is not None:
        return EngineModel(model_spec(*given), config=given[0])
    recorded = program.settings.get("model")
    if isinstance(recorded, str) and recorded:
        try:
            loaded = load_config(recorded)
            return EngineModel(model_spec(*loaded), config=loaded[0])
        except ConfigError:
            pass  # the recording machine's path: fall through to matching
    table = _embedding_table(program)
    if table is None:
        return EngineModel(None, ("no embedding table found: sizes come from the graph alone",))
    rows, hidden = table
    matches = [spec for spec in _shipped_specs() if _embeds(spec, rows, hidden)]
    if len(matches) == 1:
        spec = matches[0]
        return EngineModel(
            spec,
            (
                f"model config: {spec.name} (its hidden size and vocabulary match the "
                f"embedding table [{rows}, {hidden}]; give --config to choose another)",
            ),
        )
    names = ", ".join(spec.name for spec in matches)
    why = f"matches several shipped models ({names})" if matches else "matches no shipped model"
    return EngineModel(
        None,
        (
            f"the embedding table [{rows}, {hidden}] {why}: sizes come from the graph alone; "
            "give --config MODEL for the model's global sizes",
        ),
    )


def _embedding_table(program: EngineProgram) -> tuple[int, int] | None:
    opmaps = shipped_opmaps()
    lowerings = default_lowerings()
    for node in program.nodes:
        entry = opmaps.get(node.target)
        if entry is None or not lowerings.is_(entry.lower, Trait.EMBEDDING):
            continue
        weight = node.arg("weight", entry.args.index("weight") if "weight" in entry.args else 0)
        names = weight.tensor_names() if weight is not None else ()
        meta = program.meta(names[0]) if names else None
        if (
            meta is not None
            and len(meta.shape) == 2
            and all(isinstance(d, int) for d in meta.shape)
        ):
            return int(meta.shape[0]), int(meta.shape[1])
    return None


def _shipped_specs() -> Sequence[ModelSpec]:
    specs = []
    for name in shipped_models():
        try:
            specs.append(model_spec(*load_config(name)))
        except ConfigError:
            continue
    return specs


def _embeds(spec: ModelSpec, rows: int, hidden: int) -> bool:
    """A table of ``rows`` × ``hidden``: the whole vocabulary, or one rank's shard of it."""
    if spec.hidden != hidden:
        return False
    for tp in range(1, 1025):
        if rows * tp in (spec.vocab, padded_vocab(spec.vocab, tp)):
            return True
        if rows * tp > padded_vocab(spec.vocab, tp):
            return False
    return False


# The contract each run calls for: decode MoE under expert parallelism is MC2's; DSA prefill
# with sequence parallelism is the RFC's, in the engine's form; anything else has type rules.
PREFILL_CONTRACTS = {
    "tensorcast": "tensorcast-dsa-cp-prefill",
    "vllm": "vllm-ascend-dsa-cp-prefill",
}


def contract_for(
    settings: RunSettings,
    spec: ModelSpec | None,
    graph: Graph,
    registry: Registry | None = None,
) -> str | None:
    registry = registry or default_registry()
    kinds = {op.kind for op in graph.ops}
    if settings.phase == "decode":
        moe = bool(kinds & registry.kinds_with(Trait.EXPERT))
        return "mc2-decode" if moe and (settings.ep or 1) > 1 else None
    if settings.sp:
        dsa = bool(kinds & registry.kinds_with(Trait.SPARSE_ATTENTION)) or (
            spec is not None and spec.dsa is not None
        )
        if dsa:
            return PREFILL_CONTRACTS.get(settings.engine or "tensorcast")
    return None


__all__ = [
    "EngineGraphError",
    "EngineModel",
    "contract_for",
    "engine_model",
    "is_engine_target",
    "read_target",
]
