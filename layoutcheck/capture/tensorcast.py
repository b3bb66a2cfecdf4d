"""``capture tensorcast``: run TensorCast's own CLI (``cli.inference.text_generate``) in this
process, take the graph its compile backend finishes with, and export it with the settings the
arguments ask for.

The graph is taken the way TensorCast's own plugins observe its compiler: by wrapping methods of
``CompilerBackend``. The last two steps of its compile are ``apply_multistream_pass(gm, inputs)``
(the last that is handed the example inputs) and ``apply_decompose_auto_functionalized_pass(gm)``
(the last rewrite); the graph after the latter is the final one, the graph TensorCast prices.
Both wrappers are removed again however the run ends.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import inspect
import os
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import attrs

from layoutcheck.capture.errors import CaptureError, first_line, require_torch
from layoutcheck.capture.export import Exported, export_graph
from layoutcheck.capture.settings import CaptureSettings
from layoutcheck.capture.user import importable_from

KNOWN_VERSION = "Ascend/msmodeling 84fec85"  # the TensorCast these internals were read from
BACKEND_MODULE = "tensor_cast.compilation.compile_backend"
BACKEND_CLASS = "CompilerBackend"
CLI_MODULE = "cli.inference.text_generate"
# (method, positional parameters after self): where the example inputs and the final graph
# pass through the backend
INPUTS_HOOK = ("apply_multistream_pass", 2)
GRAPH_HOOK = ("apply_decompose_auto_functionalized_pass", 1)
TRACE_FLAGS = ("--chrome-trace-file", "--chrome-trace")


@attrs.frozen
class TensorCastCapture:
    """A finished capture: the archive written, how many graphs TensorCast compiled (the last
    is the one exported) and the chrome trace asked of TensorCast, if any, and whether it
    wrote one."""

    exported: Exported
    compiled: int
    trace: str | None = None
    trace_written: bool = False

    def summary(self) -> str:
        lines = [self.exported.summary()]
        if self.compiled > 1:
            lines.append(f"TensorCast compiled {self.compiled} graphs; the last one is exported")
        if self.trace is not None and self.trace_written:
            lines.append(f"TensorCast's chrome trace: {self.trace}")
        elif self.trace is not None:
            lines.append(f"note: TensorCast wrote no chrome trace at {self.trace}")
        return "\n".join(lines)


def capture_tensorcast(
    engine_args: Sequence[str],
    output: str | os.PathLike[str],
    trace: str | None = None,
) -> TensorCastCapture:
    """Run ``python -m cli.inference.text_generate ENGINE_ARGS…`` here and export its graph."""
    arguments = list(engine_args)
    if not arguments:
        raise CaptureError("give TensorCast's arguments after --, e.g. -- MODEL --compile …")
    if "--compile" not in arguments:
        raise CaptureError("TensorCast compiles no graph without --compile: add it after --")
    if trace is not None:
        if any(arg.split("=", 1)[0] in TRACE_FLAGS for arg in arguments):
            raise CaptureError("ask for the chrome trace once: --trace or --chrome-trace-file")
        arguments += [TRACE_FLAGS[0], trace]
    require_torch()
    with importable_from(Path.cwd()):  # `python -m cli…` from the msmodeling root has it so
        backend = _backend_class()
        main = _cli_main()
        with _capturing(backend) as captured:
            _run(main, arguments)
    if not captured:
        raise CaptureError(
            "TensorCast ran but its compile backend finished no graph (did the run compile?)"
        )
    gm, inputs = captured[-1]
    exported = export_graph(
        gm, inputs, output, settings_from_args(arguments), rename_module=tensorcast_module_path
    )
    written = trace is not None and Path(trace).is_file()
    return TensorCastCapture(exported, len(captured), trace, written)


# -- TensorCast's internals ----------------------------------------------------------------------


def _differ(what: str) -> CaptureError:
    return CaptureError(
        f"TensorCast's internals differ from what layoutcheck capture expects "
        f"({KNOWN_VERSION}): {what}"
    )


def _import(name: str, what: str) -> Any:
    try:
        return importlib.import_module(name)
    except Exception as error:  # its own imports failing (transformers missing, …) included
        raise CaptureError(
            f"{what} is not importable ({first_line(error)}): run from the msmodeling root, "
            "or put it on PYTHONPATH"
        ) from None


def _backend_class() -> type:
    module = _import(BACKEND_MODULE, f"TensorCast ({BACKEND_MODULE})")
    backend = getattr(module, BACKEND_CLASS, None)
    if not isinstance(backend, type):
        raise _differ(f"{BACKEND_MODULE} has no class {BACKEND_CLASS}")
    for name, parameters in (INPUTS_HOOK, GRAPH_HOOK):
        method = getattr(backend, name, None)
        if not callable(method) or _positional(method) != parameters + 1:
            wanted = "(gm, inputs)" if parameters == 2 else "(gm)"
            raise _differ(f"{BACKEND_CLASS} has no method {name}{wanted}")
    return backend


def _positional(function: Any) -> int | None:
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return None
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return sum(1 for p in signature.parameters.values() if p.kind in kinds)


def _cli_main() -> Any:
    module = _import(CLI_MODULE, f"TensorCast's CLI ({CLI_MODULE})")
    main = getattr(module, "main", None)
    if not callable(main) or _positional(main) != 0:
        raise _differ(f"{CLI_MODULE} has no main() taking its arguments from sys.argv")
    return main


@contextlib.contextmanager
def _capturing(backend: type) -> Iterator[list[tuple[Any, Any]]]:
    """Wrap the two hooks for the length of the run; yields the (graph, inputs) pairs the
    backend finished, in order. The class is left as it was found (a hook it inherits is
    removed from it again, not copied onto it)."""
    finished: list[tuple[Any, Any]] = []
    inputs_of: dict[int, Any] = {}
    inputs_name, graph_name = INPUTS_HOOK[0], GRAPH_HOOK[0]
    own = {name: backend.__dict__.get(name) for name in (inputs_name, graph_name)}
    original_inputs_hook = getattr(backend, inputs_name)
    original_graph_hook = getattr(backend, graph_name)

    def inputs_hook(self: Any, gm: Any, inputs: Any, *args: Any, **kwargs: Any) -> Any:
        inputs_of[id(gm)] = list(inputs)
        return original_inputs_hook(self, gm, inputs, *args, **kwargs)

    def graph_hook(self: Any, gm: Any, *args: Any, **kwargs: Any) -> Any:
        result = original_graph_hook(self, gm, *args, **kwargs)
        if id(gm) not in inputs_of:
            raise _differ(f"{BACKEND_CLASS} finished a graph without passing it to {inputs_name}")
        finished.append((gm, inputs_of.pop(id(gm))))
        return result

    setattr(backend, inputs_name, inputs_hook)
    setattr(backend, graph_name, graph_hook)
    try:
        yield finished
    finally:
        for name, original in own.items():
            if original is None:
                delattr(backend, name)
            else:
                setattr(backend, name, original)


def _run(main: Any, arguments: list[str]) -> None:
    """TensorCast's ``main()`` with ``sys.argv`` as ``python -m`` would set it."""
    saved = sys.argv
    sys.argv = [CLI_MODULE.replace(".", "/") + ".py", *arguments]
    try:
        main()
    except SystemExit as done:  # its argparse, or its own sys.exit
        if done.code not in (0, None):
            said = f": {done.code}" if isinstance(done.code, str) else f" with status {done.code}"
            raise CaptureError(f"TensorCast exited{said} (its own message is above)") from None
    except Exception as error:
        # a hook's own error comes back wrapped when torch.compile called the backend
        ours = _capture_error_in(error)
        raise ours or CaptureError(f"TensorCast failed: {first_line(error)}") from None
    finally:
        sys.argv = saved


def _capture_error_in(error: BaseException) -> CaptureError | None:
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        if isinstance(current, CaptureError):
            return current
        seen.add(id(current))
        current = current.__cause__ or current.__context__
    return None


# -- what the arguments ask for ------------------------------------------------------------------


def settings_from_args(arguments: Sequence[str]) -> CaptureSettings:
    """The settings TensorCast's arguments state (its defaults are not guessed, except where
    the flag's absence says it: no --decode is prefill, no SP flag is no SP)."""
    known = _settings_parser().parse_known_args(list(arguments))[0]
    model = known.model_id or _positional_model(arguments)
    if model is not None and Path(model).exists():  # a config folder: findable from anywhere
        model = os.fspath(Path(model).resolve())
    features = {
        token.lower().replace("-", "_")
        for value in known.compilation_config or ()
        for token in value.replace(",", " ").split()
    }
    queries, length = _count(known.num_queries), _count(known.query_length)
    return CaptureSettings(
        engine="tensorcast",
        model=model,
        tp=_count(known.tp_size),
        dp=_count(known.dp_size),
        ep=_count(known.ep_size),
        sp="enable_sequence_parallel" in features,
        phase="decode" if known.decode else "prefill",
        quant=_quant(known.quantize_linear_action),
        tokens=queries * length if queries is not None and length is not None else None,
        repetition=not known.no_repetition,
    )


def _settings_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(add_help=False, allow_abbrev=False, exit_on_error=False)
    for flag in ("--model-id", "--tp-size", "--dp-size", "--ep-size", "--num-queries"):
        parser.add_argument(flag)
    parser.add_argument("--query-length")
    parser.add_argument("--quantize-linear-action")
    parser.add_argument("--compilation-config", nargs="*")
    parser.add_argument("--decode", action="store_true")
    parser.add_argument("--no-repetition", "--disable-repetition", action="store_true")
    return parser


def _positional_model(arguments: Sequence[str]) -> str | None:
    """TensorCast's model is its first positional argument; the CLI's examples put it first."""
    first = arguments[0] if arguments else None
    return first if first is not None and not first.startswith("-") else None


def _count(text: str | None) -> int | None:
    if text is None or not text.isascii() or not text.isdigit() or len(text) > 9:
        return None
    value = int(text)
    return value if value >= 1 else None


def _quant(action: str | None) -> str | None:
    if action is None:
        return None
    name = action.strip().lower().replace("-", "_")
    return "bf16" if name == "disabled" else name or None


# TensorCast wraps the Hugging Face model: TransformerModel._inner is its CausalLmWrapper, whose
# _inner is the base model and lm_head the head, so `_inner._inner.layers.0` is the Hugging Face
# `model.layers.0` and `_inner.lm_head` is `lm_head`. Its wrapped modules inside (a decoder
# layer, an attention, a parallel linear) hold the Hugging Face module as `_inner` again:
# `_inner._inner.layers.0._inner.self_attn._inner.o_proj._inner` is `model.layers.0.self_attn
# .o_proj` (seen in a real capture at msmodeling 84fec85), so every inner segment goes.
_INNER_SEGMENT = re.compile(r"\._inner(?=\.|$)")


def tensorcast_module_path(raw: str) -> str:
    if raw == "_inner._inner" or raw.startswith("_inner._inner."):
        return "model" + _INNER_SEGMENT.sub("", raw[len("_inner._inner") :])
    if raw == "_inner":
        return ""
    return _INNER_SEGMENT.sub("", raw.removeprefix("_inner."))
