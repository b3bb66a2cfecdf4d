"""Per-rank graphs: every rank's dump read, checked to be one program up to rank constants (vocab
shard offsets, device indices), and rank 0's returned with where the others differ.

Each rank traces the same model code, so its graph differs from rank 0's only in the literals a
rank computes (``input_ >= 75968`` on rank 1 of a TP-2 vocab-parallel embedding, ``cuda:1``) and
the nodes its compiler folded at them; :mod:`.rankdiff` aligns the graphs and says what else
differs (an op, a shape, a tensor read), node by node.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TypeVar

import attrs

from layoutcheck.engines.archive import SETTINGS_FILE, read_archive, read_settings_file
from layoutcheck.engines.fxtext import DEFAULT_LIMITS, TextLimits, read_fx_streams, read_fx_text
from layoutcheck.engines.lowerings import default_lowerings
from layoutcheck.engines.opmap import OpMapEntry, shipped_opmaps
from layoutcheck.engines.program import ArgKind, EngineProgram
from layoutcheck.engines.rankdiff import CONSTANT as _CONSTANT
from layoutcheck.engines.rankdiff import Constant, RankDifference, compare_ranks, constant_kinds
from layoutcheck.engines.read import ReadError, shown
from layoutcheck.ops.traits import Trait
from layoutcheck.target_kind import TEXT_SUFFIXES

_T = TypeVar("_T")

MAX_RANKS = 1024  # ranks read from one folder
# the dumps of all ranks together: each is read and lowered whole (a 2 MB, 25,000-node dump takes
# seconds), so 1,024 links to one such dump would take an hour; a tp 16 run's are tens of MB
MAX_RANK_BYTES = 128 * 2**20

# `rank_1_0`, `rank_1_dp_0` (vLLM's cache and debug dump folders), `fw.g0.r1.py`, `rank1.txt`:
# the rank's number, then the data-parallel index where a folder name has one.
_RANK_IN_NAME = re.compile(
    r"(?:^|[._-])(?:rank_?|r)(?P<rank>[0-9]{1,6})(?:_(?:dp_?)?(?P<dp>[0-9]{1,6}))?(?=[._-]|$)"
)
# `before-1.py`: vLLM's older pass dumps add `-<tp rank>` to the stage name when tp > 1
_DASH_RANK = re.compile(r"-(?P<rank>[0-9]{1,6})(?=\.[A-Za-z0-9]{1,8}$)")
# the rank in a log stream's worker tag: vLLM's `Worker_TP1 pid=12`, `VllmWorker rank=1 pid=12`
_STREAM_RANK = re.compile(r"(?:TP|rank[ =_]?)(?P<rank>[0-9]{1,6})\b")
# group-size arguments of the collectives, by their schema names in the op maps
_GROUP_SIZE_ARGS = ("world_size", "rank_group")


@attrs.frozen
class RankPrograms:
    """Every rank's program and how they compare. ``program`` is rank 0's, with a warning
    summing up the comparison and ``settings["tp"]`` set; ``constants`` are the literals the
    ranks differ in as they should, ``differences`` everything else (empty: one program)."""

    program: EngineProgram
    ranks: tuple[int, ...]
    programs: tuple[EngineProgram, ...]
    constants: tuple[RankDifference, ...]
    differences: tuple[RankDifference, ...]
    tp: int | None  # None: one rank read and no group size stated

    @property
    def same_program(self) -> bool:
        return not self.differences


def read_rank_programs(
    path: str | os.PathLike[str],
    *,
    relative: str | None = None,
    index: int | None = None,
    limits: TextLimits = DEFAULT_LIMITS,
) -> RankPrograms:
    """Read the ranks' dumps at ``path``: a folder of rank folders (``rank_0_0``, ``rank_1_0``,
    … each holding one dump, or the file ``relative`` names inside each), a folder of one file
    per rank (``fw.g0.r0.py``, ``fw.g0.r1.py``), one rank's file (its siblings are the
    others), or one log the ranks' workers printed into (``(Worker_TP1 pid=12) …``: each
    rank's graph at ``index`` among its own, the last by default). Compare each rank with
    rank 0 and return rank 0's program.

    ``tp`` is the group size the collectives state (``world_size``), else the number of ranks
    of the first data-parallel group read (when more than one). Raises :class:`ReadError`
    naming the file.
    """
    target = Path(path)
    if target.is_file() and rank_of(target.name) is None:
        by_rank = _ranks_in_log(target, index, limits)
    else:
        files = rank_files(target, relative)
        by_rank = {rank: _read(file, limits) for rank, file in files.items()}
    ranks = tuple(sorted(by_rank))
    programs = tuple(by_rank[rank] for rank in ranks)
    base = programs[0]
    constants: list[RankDifference] = []
    differences: list[RankDifference] = []
    opmaps = shipped_opmaps()
    for rank, other in zip(ranks[1:], programs[1:], strict=True):
        found = compare_ranks(base, other, rank, opmaps)
        constants.extend(d for d in found if d.is_constant)
        differences.extend(d for d in found if not d.is_constant)
    stated = _stated_group_size(base)
    # the ranks read are the group when the dump says no size; one rank alone says nothing
    tp = stated if stated is not None else (len(ranks) if len(ranks) > 1 else None)
    summary = _summary(ranks, programs, constants, differences, opmaps)
    # ranks that agree are worth a note; ranks that differ, or a group the dump states that
    # is not the ranks read, are a warning
    notes = [summary] if differences else []
    told = () if differences else (summary,)
    if stated is not None and stated != len(ranks):
        notes.append(
            f"{base.source}: the collectives state a group of {stated} ranks; "
            f"{len(ranks)} were read"
        )
    settings = dict(base.settings)
    if not settings and not base.source.lower().endswith(".pt2"):
        # text dumps hold no settings; a capture that wrote them (`trace vllm -o`) put the
        # run's beside them, as an archive records its own
        settings = dict(read_settings_file(Path(base.source).parent / SETTINGS_FILE))
    if tp is not None:
        settings.setdefault("tp", tp)
    program = attrs.evolve(
        base, settings=settings, warnings=(*base.warnings, *notes), notes=(*base.notes, *told)
    )
    return RankPrograms(program, ranks, programs, tuple(constants), tuple(differences), tp)


def _read(path: str, limits: TextLimits) -> EngineProgram:
    if path.lower().endswith(".pt2"):
        return read_archive(path)
    return read_fx_text(path, limits=limits)


def _ranks_in_log(path: Path, index: int | None, limits: TextLimits) -> dict[int, EngineProgram]:
    """Each rank's graph in one log, by the rank its worker tag names (``Worker_TP1``)."""
    by_rank: dict[int, list[EngineProgram]] = {}
    try:
        streams = read_fx_streams(path, limits=limits)
    except ReadError as error:
        where = f"line {error.line}: " if error.line is not None else ""
        raise ReadError(
            f"has no rank in its name (r0, rank_0, …) and is not a log of ranked workers' "
            f"graphs ({where}{error.message})",
            source=str(path),
        ) from None
    for stream, program in streams:
        match = _STREAM_RANK.search(stream or "")
        if match is not None:
            by_rank.setdefault(int(match["rank"]), []).append(program)
    if not by_rank:
        raise ReadError(
            "has no rank in its name (r0, rank_0, …) and no graphs from ranked workers "
            "(Worker_TP0, …) in it",
            source=str(path),
        )
    chosen: dict[int, EngineProgram] = {}
    for rank, graphs in by_rank.items():
        if index is not None and not -len(graphs) <= index < len(graphs):
            raise ReadError(
                f"has {len(graphs)} graphs of rank {rank}, so there is no graph {index}",
                source=str(path),
            )
        chosen[rank] = graphs[-1 if index is None else index]
    return _checked(chosen, path)


# -- finding each rank's file ------------------------------------------------------------------


def named_rank(name: str) -> bool:
    """Does ``name`` say its rank outright (``rank_1``, ``fw.g0.r1.py``), not only by a
    trailing ``-N``?"""
    return _RANK_IN_NAME.search(name) is not None


def rank_of(name: str) -> tuple[int, int] | None:
    """``(rank, dp)`` a file or folder name gives (its last rank mark: ``r1``, ``rank_1_0``,
    else a ``-1`` before the suffix), else None."""
    last = _rank_mark(name)
    if last is None:
        return None
    return int(last["rank"]), int(last.groupdict().get("dp") or 0)


def _rank_mark(name: str) -> re.Match[str] | None:
    matches = list(_RANK_IN_NAME.finditer(name)) or list(_DASH_RANK.finditer(name))
    return matches[-1] if matches else None


def rank_files(path: Path, relative: str | None = None) -> dict[int, str]:
    """The dump of each rank of the first data-parallel group, by rank (rank 0 must be there)."""
    if path.is_file():
        return _siblings(path)
    if not path.is_dir():
        raise ReadError("does not exist", source=str(path))
    entries = sorted(path.iterdir())[: MAX_RANKS * 4 + 1]
    folders = {
        entry: mark
        for entry in entries
        if entry.is_dir() and (mark := rank_of(entry.name)) is not None
    }
    if folders:
        dp = min(mark[1] for mark in folders.values())
        chosen = {mark[0]: entry for entry, mark in folders.items() if mark[1] == dp}
        return _checked({rank: _dump_in(folder, relative) for rank, folder in chosen.items()}, path)
    marked = [entry for entry in entries if _is_dump(entry) and _rank_file(entry)]
    groups: dict[str, dict[int, str]] = {}
    for entry in marked:
        mark = rank_of(entry.name)
        if mark is not None:
            groups.setdefault(_template(entry.name), {})[mark[0]] = str(entry)
    if len(groups) > 1:
        groups = _one_format(groups)
    if len(groups) != 1:
        what = "no rank folders or per-rank files" if not groups else f"{len(groups)} sets"
        raise ReadError(
            f"holds {what} of per-rank dumps (rank_0_0/, … or fw.g0.r0.py, …); "
            "name one rank's file to read its set",
            source=str(path),
        )
    return _checked(next(iter(groups.values())), path)


def _one_format(groups: Mapping[str, dict[int, str]]) -> dict[str, dict[int, str]]:
    """Sets that are one set of ranks in several formats (``capture vllm`` writes each rank's
    graph as ``rank_R.py`` and its ``rank_R.pt2`` twin) reduced to one: the set holding the
    most ranks, the archive on a tie (it carries the run's settings). Sets of different
    names (``before-0.py`` beside ``after-0.py``) are different graphs and stay apart."""
    stems = {name.rsplit(".", 1)[0] for name in groups}
    if len(stems) != 1:
        return dict(groups)
    best = max(groups, key=lambda name: (len(groups[name]), name.lower().endswith(".pt2")))
    return {best: groups[best]}


def _siblings(path: Path) -> dict[int, str]:
    if rank_of(path.name) is None:
        raise ReadError("has no rank in its name (r0, rank_0, …)", source=str(path))
    template = _template(path.name)
    found: dict[int, str] = {}
    for entry in sorted(path.parent.iterdir())[: MAX_RANKS * 4 + 1]:
        mark = rank_of(entry.name)
        if mark is not None and _template(entry.name) == template and _rank_file(entry):
            found[mark[0]] = str(entry)
    return _checked(found, path)


def _rank_file(entry: Path) -> bool:
    """Is a folder entry a dump to read? A regular file (or a link to one) is; a folder is not
    (a rank folder is read as one); a rank-named FIFO, device or broken link is refused by
    name rather than skipped, which would check a deployment with a rank missing."""
    try:
        info = entry.stat()
    except OSError as error:  # a broken link or a link loop
        if rank_of(entry.name) is None:
            return False
        raise ReadError(
            f"cannot be read as a rank's dump ({error.strerror or error})", source=str(entry)
        ) from None
    if stat.S_ISREG(info.st_mode):
        return True
    if stat.S_ISDIR(info.st_mode) or rank_of(entry.name) is None:
        return False
    raise ReadError(
        "is not a regular file (a FIFO, socket or device): no rank's dump", source=str(entry)
    )


def _template(name: str) -> str:
    """A name with its rank mark's number blanked: the key its other ranks' files share."""
    last = _rank_mark(name)
    if last is None:
        return name
    return name[: last.start("rank")] + "{rank}" + name[last.end("rank") :]


def _dump_in(folder: Path, relative: str | None) -> str:
    """The one dump of a rank folder: ``relative`` inside it, else its only dump file,
    looking through a chain of single subfolders (``rank_0_0/backbone/``)."""
    if relative is not None:
        target = folder / relative
        if not target.is_file():
            raise ReadError(f"has no {shown(relative, 80)}", source=str(folder))
        return str(target)
    current = folder
    for _ in range(8):  # vLLM nests a rank's graph at most a folder or two down
        entries = sorted(current.iterdir())[:1025]
        dumps = [entry for entry in entries if entry.is_file() and _is_dump(entry)]
        if len(dumps) == 1:
            return str(dumps[0])
        if dumps:
            names = ", ".join(entry.name for entry in dumps[:4])
            raise ReadError(
                f"holds {len(dumps)} dumps ({names}{', …' if len(dumps) > 4 else ''}); "
                "name the one every rank folder has",
                source=str(current),
            )
        folders = [entry for entry in entries if entry.is_dir()]
        if len(folders) != 1:
            break
        current = folders[0]
    raise ReadError("holds no single graph dump", source=str(folder))


def _is_dump(path: Path) -> bool:
    return path.suffix.lower() in (*TEXT_SUFFIXES, ".pt2")


def _checked(found: Mapping[int, _T], path: Path) -> dict[int, _T]:
    if len(found) > MAX_RANKS:
        raise ReadError(f"holds over {MAX_RANKS} ranks (the limit)", source=str(path))
    total = 0
    for each in found.values():
        if isinstance(each, str):
            with contextlib.suppress(OSError):  # an unreadable one is refused when it is read
                total += os.stat(each).st_size
    if total > MAX_RANK_BYTES:
        raise ReadError(
            f"holds {len(found)} ranks' dumps of {total / 2**20:,.0f} MiB in all, over the "
            f"{MAX_RANK_BYTES // 2**20} MiB the ranks of one run are read up to (name one "
            "rank's file to check it alone)",
            source=str(path),
        )
    if 0 not in found:
        raise ReadError("holds no rank 0 dump to compare the others with", source=str(path))
    missing = sorted(set(range(max(found) + 1)) - set(found))
    if missing:
        raise ReadError(
            f"has no dump of rank {missing[0]} (ranks 0–{max(found)} expected)", source=str(path)
        )
    return dict(found)


def _stated_group_size(program: EngineProgram) -> int | None:
    """The group size the collectives state (``world_size``, or a ``rank_group``'s length), by
    the op maps' argument names; None when none states one or they disagree."""
    opmaps: Mapping[str, OpMapEntry] = shipped_opmaps()
    sizes: set[int] = set()
    for node in program.nodes:
        entry = opmaps.get(node.target)
        if entry is None:
            continue
        for name in _GROUP_SIZE_ARGS:
            if name not in entry.args:
                continue
            arg = node.arg(name, entry.args.index(name))
            if arg is not None and arg.kind is ArgKind.INT and isinstance(arg.value, int):
                sizes.add(arg.value)
            elif arg is not None and arg.kind is ArgKind.INTS and isinstance(arg.value, tuple):
                sizes.add(len(arg.value))
    return sizes.pop() if len(sizes) == 1 else None


def _summary(
    ranks: Sequence[int],
    programs: Sequence[EngineProgram],
    constants: Sequence[RankDifference],
    differences: Sequence[RankDifference],
    opmaps: Mapping[str, OpMapEntry],
) -> str:
    if len(ranks) == 1:
        return "rank 0 alone: no other rank to compare it with"
    span = f"ranks 0–{ranks[-1]}"
    if differences:
        first = differences[0]
        more = f"; {len(differences) - 1} more" if len(differences) > 1 else ""
        return f"{span}: not one program: {first}{more}; rank 0's is read"
    if not constants:
        return f"{span}: one program, identical on every rank; rank 0's is read"
    lowerings = default_lowerings()
    lookups = {t: e for t, e in opmaps.items() if lowerings.is_(e.lower, Trait.EMBEDDING)}
    parts = []
    for kind, found in constant_kinds(programs, constants, lookups).items():
        examples = "; ".join(_constant_text(d) for d in found[:3])
        more = f"; {len(found) - 3} more" if len(found) > 3 else ""
        parts.append(f"{kind} ({examples}{more})")
    return (
        f"{span}: one program up to {len(constants)} rank constants: {', '.join(parts)}; "
        "rank 0's is read"
    )


def _constant_text(constant: RankDifference) -> str:
    """``ge argument 1: 0 vs 75968``; a folded node: ``mul folded on rank 0``."""
    where = constant.where.removeprefix(_CONSTANT + ", ")
    if constant.constant in (Constant.FOLDED, Constant.INPUT):
        return f"{constant.node} {where}"
    if constant.constant is Constant.VALUE:
        return f"{constant.node}: {constant.base} vs {constant.other}"
    return f"{constant.node} {where}: {constant.base} vs {constant.other}"
