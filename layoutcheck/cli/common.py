"""What every command of the CLI shares: the argument groups, the request the arguments
describe, the run's state (colours, status line, warnings) and how errors and results are
written."""

from __future__ import annotations

import argparse
import contextlib
import difflib
import errno
import gc
import json
import os
import re
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from layoutcheck import colour, progress
from layoutcheck.errors import (
    EXIT_ERRORS,
    EXIT_INTERNAL,
    EXIT_OK,
    InputError,
    UsageError,
)
from layoutcheck.files import check_writable
from layoutcheck.limits import (
    MAX_PARALLEL,
    MAX_PIPELINE_STAGES,
    MAX_SYMBOL_VALUE,
    MAX_TOKENS,
    ascii_int,
    shown,
)
from layoutcheck.recipe_names import RECIPES
from layoutcheck.terminal import clean_line, shorten

if TYPE_CHECKING:
    from layoutcheck.session import Options, Session


@attrs.define
class RunState:
    """What one CLI run decided before its command ran: its colours, its status line and what
    it has warned about (``main`` sets them anew for every run)."""

    colours: colour.Choice = attrs.field(factory=colour.Choice)
    status: progress.Status = attrs.field(
        factory=lambda: progress.Status(sys.stderr, enabled=False)
    )
    warned: set[str] = attrs.field(factory=set)


state = RunState()


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # "argument --tp: --tp 0: …" says the flag twice: the value's own message names it
        message = re.sub(r"^argument (\S+): (?=\1 )", "", message)
        wrong = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if wrong is not None:
            choices = re.findall(r"'([^']*)'", wrong.group(2))
            close = difflib.get_close_matches(wrong.group(1), choices, n=2, cutoff=0.6)
            if close:
                message += f"; did you mean {' or '.join(close)}?"
        raise UsageError(f"{message} (see `{self.prog} --help`)")


class Bounded:
    """An argparse type: an integer in ASCII digits within ``low..high`` (``int()`` would take
    ``'٤'`` for 4 and ``'1_000'`` for 1000, and any size)."""

    __name__ = "int"  # argparse's "invalid int value: 'many'"

    def __init__(self, flag: str, low: int, high: int) -> None:
        self.flag, self.low, self.high = flag, low, high

    def __call__(self, text: str) -> int:
        raw = text.strip()
        negative = raw.startswith("-")
        value = ascii_int(raw[1:] if negative else raw)
        if value is None:
            if raw.lstrip("-").isascii() and raw.lstrip("-").isdigit():
                raise argparse.ArgumentTypeError(
                    f"{self.flag} {shorten(raw, 40)}: the limit is {shown(self.high)}"
                )
            raise ValueError(text)
        value = -value if negative else value
        if value < self.low:
            raise argparse.ArgumentTypeError(f"{self.flag} {value}: must be at least {self.low}")
        if value > self.high:
            raise argparse.ArgumentTypeError(
                f"{self.flag} {value}: the limit is {shown(self.high)}"
            )
        return value


class Contexts(Bounded):
    """An argparse type: one bounded integer, or a comma-separated list of them (a decode
    batch's contexts, one per request)."""

    def __call__(self, text: str) -> tuple[int, ...]:  # type: ignore[override]
        parts = text.split(",")
        if len(parts) > 1 and not all(p.strip() for p in parts):
            raise argparse.ArgumentTypeError(
                f"{self.flag} {shorten(text, 40)}: a list is whole numbers between commas"
            )
        return tuple(Bounded.__call__(self, part) for part in parts)


def add_plot(parser: argparse.ArgumentParser, help: str) -> None:
    parser.add_argument("--plot", metavar="FILE", help=f"{help} (needs layoutcheck[plot])")


def add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("text", "json"), default="text")


def add_colour(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=colour.MODES,
        default=default,
        help="colour the output: auto (default: on a terminal, unless NO_COLOR is set), "
        "always or never",
    )


def add_colour_everywhere(commands: Any) -> None:
    """``--color`` after any (sub)command too; SUPPRESS keeps a subcommand's missing flag from
    overwriting the one given before it."""
    for sub in set(commands.choices.values()):
        add_colour(sub, argparse.SUPPRESS)
        for action in sub._actions:
            if isinstance(action, argparse._SubParsersAction):
                add_colour_everywhere(action)


def add_target(parser: argparse.ArgumentParser) -> None:
    from layoutcheck.layouts import Layout, SharedExperts
    from layoutcheck.resources import shipped

    def shipped_models() -> tuple[str, ...]:
        return shipped("models")

    parser.add_argument(
        "graph",
        metavar="GRAPH|MODEL",
        help="a graph file (.yaml, or .json with a format key), an engine graph (a "
        "torch.export .pt2, an fx text dump, or a folder of dump pieces), or a model: a "
        f"shipped name ({', '.join(shipped_models())}), a config.json, or a folder holding one",
    )
    model = parser.add_argument_group("model options (when the target is a model config)")
    model.add_argument(
        "--tp",
        type=Bounded("--tp", 1, MAX_PARALLEL),
        help="tensor-parallel size (default 1; an engine graph's is read from its collectives)",
    )
    model.add_argument(
        "--dp",
        type=Bounded("--dp", 1, MAX_PARALLEL),
        help="data-parallel size (default 1)",
    )
    model.add_argument(
        "--ep", type=Bounded("--ep", 1, MAX_PARALLEL), help="expert-parallel size (default tp·dp)"
    )
    model.add_argument(
        "--sp",
        action="store_true",
        help="sequence parallelism (DSA-CP on a model with DSA); for an engine graph: the run "
        "asked for it, so a graph without it is an error",
    )
    model.add_argument(
        "--phase",
        choices=("prefill", "decode"),
        help="prefill (default) or decode; for an engine graph, the phase the run was",
    )
    model.add_argument(
        "--tokens",
        type=Bounded("--tokens", 1, MAX_TOKENS),
        help="prefill: prompt tokens (default 4096); decode: tokens per DP rank (default 1)",
    )
    model.add_argument(
        "--context",
        type=Contexts("--context", 0, MAX_TOKENS),
        help="tokens each request already holds in its KV cache (decode: default 0; a "
        "chunked prefill's earlier chunks); attention then sees S = context + new tokens keys, "
        "a symbol a what-if can sweep (--sweep S=…). With --batch B: one for all, or a list "
        "of B (1024,2048,…), one per request",
    )
    model.add_argument(
        "--batch",
        type=Bounded("--batch", 1, MAX_TOKENS),
        help="decode: B requests of one new token each over the DP ranks, ceil(B/dp) on a DP "
        "rank (TensorCast's --num-queries); the busiest DP rank is built and priced per request",
    )
    model.add_argument(
        "--layout",
        choices=[layout.value for layout in Layout],
        default=Layout.TENSORCAST.value,
        help="DSA-CP prefill layer to build (default tensorcast, the RFC's)",
    )
    model.add_argument(
        "--mla-prolog",
        choices=("separate", "fused"),
        default="separate",
        help="the MLA q-side: separate (the Hugging Face projections, norms and ropes; the "
        "default) or fused (one mla_prolog op with its launches, as TensorCast's mlapo and "
        "vLLM-Ascend's mla_prolog run it; not with --sp on a DSA model)",
    )
    model.add_argument(
        "--shared-experts",
        choices=[mode.value for mode in SharedExperts],
        help="how the shared experts run. Under --sp, on the local tokens: tp (the RFC "
        "table's TP MLP with an all_reduce, a cost shape no engine runs; default for the "
        "tensorcast layout) or replicated (full weights, no all_reduce: vLLM-Ascend; default "
        "for the vllm-ascend layout). Without --sp under expert parallelism (MC2 decode, "
        "all-to-all prefill): tp (a TP MLP on all tokens with an all_reduce; the default) or "
        "replicated (full weights on the routed experts' TP slice, no all_reduce, added "
        "before the finalize gather: TensorCast's code for GLM-5 under EP)",
    )
    form = model.add_mutually_exclusive_group()
    form.add_argument(
        "--repetition",
        action="store_true",
        help="build identical layers as repetition regions (one template each run of alike "
        "layers); the default of check, cost, memory, query and compare",
    )
    form.add_argument(
        "--expanded",
        action="store_true",
        help="build every layer op by op, also where the command would fold (the same "
        "findings and numbers, ten times slower)",
    )
    engine = parser.add_argument_group("engine graph options (a .pt2 archive or an fx text dump)")
    engine.add_argument(
        "--config",
        metavar="MODEL",
        help="the model the engine ran (a shipped name, a config.json or a folder holding "
        "one): its global sizes tell column, row and replicated linears apart (default: the "
        "capture's record, else the shipped model the embedding matches)",
    )
    engine.add_argument(
        "--allow-unknown",
        action="store_true",
        help="ops nobody could type (an engine op no op map knows, or one its lowering cannot "
        "follow) are warnings, not unchecked-op errors: the rest of the graph is checked and "
        "priced, and the summary says how many ops were not",
    )
    add_set(parser)


def add_pipeline(parser: argparse.ArgumentParser) -> None:
    """``--pp N``: a model's layers over N pipeline stages (check, cost, memory, compare)."""
    parser.add_argument(
        "--pp",
        type=Bounded("--pp", 1, MAX_PIPELINE_STAGES),
        default=1,
        help="pipeline-parallel stages (default 1): the model's decoder layers split over N "
        "stages as vLLM splits them (the remainder to the stages before the last), the "
        "embedding on the first, the final norm and lm_head on the last, and the hidden state "
        "and residual sent between them. The world is tp × dp × pp devices (pp multiplies the "
        "device count; tp, dp and ep are each stage's own)",
    )


def add_quant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--quant",
        help=f"quantization recipe: {', '.join(RECIPES)} (cost: the ops keep their own "
        "quant attrs when not given; memory: bf16)",
    )
    parser.add_argument(
        "--quant-description", help="msModelSlim quant_model_description.json (or its folder)"
    )


def add_device(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--device",
        default="a3-752t",
        help="device profile name or path (default a3-752t; see specs/devices/)",
    )
    parser.add_argument(
        "--attention-pairs",
        choices=("tensorcast", "causal"),
        help="keys each attention query is charged: tensorcast (default: min(S, topk) for "
        "every query, as TensorCast counts) or causal (an early prefill query sees fewer)",
    )
    parser.add_argument(
        "--cost-model",
        choices=("hardware", "tensorcast"),
        help="the formulas ops are priced with: hardware (default: calibrated against published "
        "Ascend measurements, docs/calibration.md; compare --trace: tensorcast) or tensorcast "
        "(TensorCast's analytic model, as its own traces price ops)",
    )
    parser.add_argument(
        "--rank",
        default="last",
        help="which rank of a LOCAL token range to cost: first, last (default, the busiest under "
        "a causal mask) or a number",
    )


def add_set(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="SYM=VAL",
        help="override a symbol's value (repeatable), e.g. --set T=8192",
    )


def parse_sets(items: Sequence[str]) -> dict[str, int]:
    values: dict[str, int] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not sep or not name:
            raise UsageError(f"--set {item!r}: write SYM=VALUE, e.g. --set T=4096")
        value = ascii_int(raw)
        if value is None or not 1 <= value <= MAX_SYMBOL_VALUE:
            raise UsageError(
                f"--set {shorten(name, 40)}: must be a positive integer of at most "
                f"{shown(MAX_SYMBOL_VALUE)} written in ASCII digits, got {shorten(raw, 40)!r}"
            )
        values[name] = value
    return values


# Commands whose output is the same from a model's folded build (one template per run of alike
# layers: built and checked in a tenth of the time, tests/test_folded_report.py); the others
# list, copy or draw every op, and build every layer.
FOLDED_COMMANDS = frozenset({"check", "cost", "memory", "query", "compare"})


def folded_build(args: argparse.Namespace) -> bool:
    """Build a model folded: asked for, or the command's default (not with --expanded, nor
    with a trace, which is matched or written op by op in every layer)."""
    if getattr(args, "repetition", False):
        return True
    if getattr(args, "expanded", False) or getattr(args, "trace", None):
        return False
    # every op listed (a table or cost's JSON), or memory per layer (each item in its layer)
    by, command = getattr(args, "by", None), args.command
    listed = by == "op" or (command == "cost" and getattr(args, "format", None) == "json")
    return command in FOLDED_COMMANDS and not (listed or (by, command) == ("layer", "memory"))


def options_of(args: argparse.Namespace, **changes: Any) -> Options:
    """The request the parsed arguments describe."""
    from layoutcheck.session import Options

    values = {
        "target": args.graph,
        "tp": args.tp,
        "dp": args.dp,
        "ep": args.ep,
        "sp": args.sp,
        "phase": args.phase,
        "tokens": args.tokens,
        **_contexts(args),
        "layout": args.layout,
        "shared_experts": args.shared_experts,
        "mla_prolog": args.mla_prolog,
        "repetition": folded_build(args),
        "sets": parse_sets(args.set),
        "contract": getattr(args, "contract", None),
        "quant": getattr(args, "quant", None),
        "quant_description": getattr(args, "quant_description", None),
        "config": getattr(args, "config", None),
        "allow_unknown": getattr(args, "allow_unknown", False),
        "pp": getattr(args, "pp", None) or 1,
        "cost_options": {
            name: value
            for name, value in (
                ("attention_pairs", getattr(args, "attention_pairs", None)),
                ("model", getattr(args, "cost_model", None)),
            )
            if value
        },
    }
    values.update(changes)
    return Options(**values)


def _contexts(args: argparse.Namespace) -> dict[str, Any]:
    """``--context`` and ``--batch`` as the Options fields: one context, or one per request."""
    given: tuple[int, ...] = getattr(args, "context", None) or ()
    return {
        "context": given[0] if len(given) == 1 else None,
        "contexts": given if len(given) > 1 else (),
        "batch": getattr(args, "batch", None),
    }


def warn(message: str) -> None:
    if message not in state.warned:
        state.warned.add(message)
        say(f"layoutcheck: warning: {message}")


def note(message: str) -> None:
    if message not in state.warned:
        state.warned.add(message)
        say(f"layoutcheck: note: {message}")


def session_of(args: argparse.Namespace, **changes: Any) -> Session:
    """The session the arguments ask for; a model's config is read now, so what it holds
    but layoutcheck does not model is said (once) before any output."""
    from layoutcheck.session import Session

    session = Session(options_of(args, **changes))
    say_found(session)
    return session


def say_found(source: Any) -> None:
    """A session's or a pipeline's notes and warnings: what its inputs hold that is worth
    saying, once, before any output."""
    for told in source.notes:
        note(told)
    for warning in source.warnings:
        warn(warning)


def json_error(message: str, *, rule: str | None, **where: object) -> None:
    """An error that stopped the run, as the JSON document ``--format json`` asked for (the
    one line on stderr is written too): ``ok`` false and one diagnostic."""
    diagnostic = {
        "rule": rule,
        "severity": "error",
        "file": where.get("file"),
        "line": where.get("line"),
        "op": where.get("op"),
        "message": message,
    }
    print(json.dumps({"ok": False, "error": diagnostic, "diagnostics": [diagnostic]}, indent=1))


@contextlib.contextmanager
def status_shown(status: progress.Status) -> Iterator[None]:
    """While a command runs with its status line on, stdout and stderr erase it before they
    write (it lives on the terminal both may share)."""
    if not status.enabled:
        yield
        return
    streams = sys.stdout, sys.stderr
    sys.stdout = progress.Guarded(sys.stdout, status)
    sys.stderr = progress.Guarded(sys.stderr, status)
    try:
        yield
    finally:
        status.close()
        sys.stdout, sys.stderr = streams


def format_input_error(error: InputError, default_file: str | None) -> str:
    """``file:line: error: op NAME: message  [bad-spec]`` — one line."""
    from layoutcheck.resources import shown_path

    location = shown_path(error.source or default_file or "layoutcheck")
    if error.line is not None:
        location = f"{location}:{error.line}"
    subject = f"op {error.op}: " if error.op else ""
    return f"{location}: error: {subject}{error.message}  [bad-spec]"


@contextlib.contextmanager
def gc_paused(exiting: bool = False) -> Iterator[None]:
    """Building and checking a graph makes hundreds of thousands of small objects and no
    cycles; the collector's passes over them made large graphs cost more than linear time. A
    CLI run is short and exits, so it turns the collector off (library calls never do).

    ``exiting``: the process ends when the command returns. Its objects are then frozen (moved
    out of the collector's reach) before it is turned on again: otherwise the collection the
    first allocation after starts, and the interpreter's own at exit, each walk the million
    objects of sympy and the graph to free nothing the exit would not (about 0.14 s of CPU of
    a 0.5 s ``cost``)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if exiting:
            gc.freeze()
        if enabled:
            gc.enable()


@contextlib.contextmanager
def gc_resumed() -> Iterator[None]:
    """The collector on again inside ``gc_paused``: for an interactive session, which may last
    hours and build graph after graph (their garbage cycles would otherwise stay)."""
    paused = not gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        if paused:
            gc.disable()


def say(line: str) -> None:
    """One line on stderr, as it may reach a terminal: controls escaped, long words cut (and
    then coloured: the codes are added after the escaping)."""
    text = clean_line(line)
    print(colour.paint(text) if state.colours.stderr else text, file=sys.stderr)


def emit(text: str) -> None:
    """Results on stdout, coloured on a terminal (``text`` is escaped already)."""
    print(colour.paint(text) if state.colours.stdout else text)


def option_value(args_list: Sequence[str], flag: str) -> str | None:
    """A global option's value read before parsing (a usage error is coloured, and answered in
    JSON, as the run asked)."""
    value = None
    for index, item in enumerate(args_list):
        if item == "--":
            break
        if item == flag and index + 1 < len(args_list):
            value = args_list[index + 1]
        elif item.startswith(flag + "="):
            value = item.partition("=")[2]
    return value


# The files each command writes (its input files are read, never checked for writing): refused
# before any work when they cannot be written, so a failed run says one thing, not its results
# and then an error.
OUTPUT_OPTIONS: dict[str, tuple[str, ...]] = {
    "export": ("output", "model_explorer", "model_explorer_graph"),
    "view": ("output",),
    "cost": ("trace",),
    "query": ("plot",),
    "compare": ("plot",),
    "search": ("plot",),
    "describe": ("output",),
    "fuzz": ("output",),
}


def check_outputs(args: argparse.Namespace) -> None:
    """Every file the run will write can be written, and no two of them are one file (the
    second would overwrite the first): checked before any work."""
    written: dict[str, str] = {}
    for option in OUTPUT_OPTIONS.get(args.command, ()):
        path = getattr(args, option, None)
        if isinstance(path, str) and path:
            flag = "-o" if option == "output" else "--" + option.replace("_", "-")
            for target in _files_of(option, path):
                check_writable(target, UsageError, f"{flag} {target}")
                same = _same_file_key(target)
                if same in written:
                    raise UsageError(
                        f"{flag} {target}: the same file as {written[same]}; give each output "
                        "a file of its own"
                    )
                written[same] = f"{flag} {target}"


def _files_of(option: str, path: str) -> list[str]:
    """The files an output option writes: ``--model-explorer F`` writes F and its three
    companion data sets."""
    if option == "model_explorer":
        from layoutcheck.explorer import overlay_paths

        return [str(p) for p in overlay_paths(path).values()]
    return [path]


def _same_file_key(path: str) -> str:
    """One text for every spelling of one file: its folder resolved (a folder may be reached
    through a link), its own name as given (an output is never itself a link)."""
    try:
        folder = os.path.realpath(os.path.dirname(os.path.abspath(path)))
    except (OSError, ValueError):
        return path
    return os.path.join(folder, os.path.basename(path))


def is_output_error(error: OSError) -> bool:
    """A write to stdout or stderr that the system refused (a full disk, /dev/full, EIO)."""
    return error.errno in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG)


def discard_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's flush at exit does not fail again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def internal_error(error: Exception) -> int:
    say(
        f"layoutcheck: internal error: {type(error).__name__}: {error} "
        "(please report this with the input that caused it)"
    )
    return EXIT_INTERNAL


def rank_of(args: argparse.Namespace) -> str | int:
    rank = str(args.rank)
    if rank in ("first", "last"):
        return rank
    if not (rank.isascii() and rank.isdigit()) or len(rank) > 9:
        raise UsageError(f"--rank {rank!r}: write first, last or a rank number")
    return int(rank)


def cost_report_of(args: argparse.Namespace, session: Session | None = None) -> Any:
    session = session or session_of(args)
    report = session.cost(args.device, rank=rank_of(args))
    warn_unpriced(session, report)
    return report


def warn_unpriced(session: Session, report: Any) -> None:
    """Say, once, which ops a type error left unpriced (the totals leave them out); those an op
    nobody could type left are said by :func:`unchecked_exit`, and listed by the report. The
    error is the type rules' first, else the first the import found (an engine's collective
    over a batch dim leaves its result unknown as a type error would)."""
    errors = [d for d in session.typed.diagnostics if d.is_error] or [
        d for d in session.kind.extra_diagnostics(session) if d.is_error
    ]
    if report.unpriced and errors:
        first = errors[0]
        listed = ", ".join(report.unpriced[:3]) + (", …" if len(report.unpriced) > 3 else "")
        warn(
            f"{len(report.unpriced)} op(s) not priced ({listed}): their values are unknown "
            f"(⊤); first type error at {first.op} [{first.rule}]; the totals leave them out "
            "(run check)"
        )


def unchecked_exit(session: Session) -> int:
    """A command that priced or accounted a graph with ops nobody could type: exit 1, with
    the unchecked-op error on stderr, unless --allow-unknown made it a warning (its partial
    results are written either way)."""
    from layoutcheck.coverage import coverage, has_opaque

    typed = session.typed
    if not has_opaque(typed):
        return EXIT_OK
    covered = coverage(typed)
    listed = ", ".join(covered.groups())
    message = (
        f"{covered.unchecked} of {covered.ops} ops unchecked, from ops nobody could type "
        f"({shorten(listed, 300)}) [unchecked-op]"
    )
    if session.options.allow_unknown:
        warn(message)
        return EXIT_OK
    say(f"layoutcheck: error: {message}; --allow-unknown accepts the partial result")
    return EXIT_ERRORS


def warn_description(session: Session) -> None:
    for warning in session.description.warnings:
        warn(warning)
