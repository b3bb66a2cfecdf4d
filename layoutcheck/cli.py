"""The ``layoutcheck`` command line (presentation only: parsing, dispatch, exit codes).

Exit codes: 0 no errors, 1 errors found, 2 unusable input or usage, 3 an internal error.
"""

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
from pathlib import Path
from typing import Any

import sympy

from layoutcheck import __version__, colour, progress
from layoutcheck.capture.command import add_capture_parser, run_capture
from layoutcheck.contracts import all_rules, load_contract
from layoutcheck.diagnostics import render_text
from layoutcheck.errors import (
    EXIT_ERRORS,
    EXIT_INPUT,
    EXIT_INTERNAL,
    EXIT_OK,
    InputError,
    UsageError,
)
from layoutcheck.files import check_writable, write_text
from layoutcheck.graph import GraphError
from layoutcheck.graph_io import write_graph
from layoutcheck.limits import (
    MAX_FUZZ_EXAMPLES,
    MAX_LAYERS,
    MAX_PARALLEL,
    MAX_SEED,
    MAX_SYMBOL_VALUE,
    MAX_TOKENS,
    ascii_int,
    shown,
)
from layoutcheck.models import Layout, SharedExperts, shipped_models
from layoutcheck.ops import default_registry
from layoutcheck.passes.manager import PassError
from layoutcheck.passes.repetition import compare_forms, fold
from layoutcheck.render import (
    render_catalogue,
    render_rule,
    render_rule_list,
    render_typed_graph,
    rule_json,
)
from layoutcheck.session import Options, Session
from layoutcheck.symbols import Expr
from layoutcheck.terminal import clean, clean_line, protect, rerun_as, shorten
from layoutcheck.validate import normalize


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        # "argument --tp: --tp 0: …" says the flag twice: the value's own message names it
        message = re.sub(r"^argument (\S+): (?=\1 )", "", message)
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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="layoutcheck",
        description="Type-check the token layout of distributed LLM decoder graphs.",
    )
    parser.add_argument("--version", action="version", version=f"layoutcheck {__version__}")
    _add_colour(parser, colour.MODES[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    check = commands.add_parser(
        "check", help="check a graph or a model against the type rules and a contract"
    )
    _add_target(check)
    check.add_argument(
        "--contract",
        help="contract name, path, or 'none' (default: the graph's contract: key, or the one "
        "the model's execution calls for)",
    )
    check.add_argument(
        "--format",
        choices=("text", "json", "sarif"),
        default="text",
        help="sarif: SARIF 2.1.0 for code scanning",
    )
    check.add_argument(
        "--engine-version",
        metavar="ENGINE==VERSION",
        help="check against the shipped contract for the layout this engine version runs "
        "(e.g. vllm==0.33, vllm-ascend==0.18.0; `layoutcheck rules` lists the packs), and say "
        "which version's layout a failing graph has instead",
    )
    check.add_argument(
        "--for-all",
        metavar="SYM=a..b",
        help="prove every size condition (whole, positive, evenly sliced) for each value of SYM "
        "from a to b, or report the smallest value that fails, e.g. --for-all T=1..65536",
    )

    show = commands.add_parser("show", help="print the typed graph, one op per line")
    _add_target(show)
    show.add_argument(
        "--layer",
        type=Bounded("--layer", 0, MAX_LAYERS - 1),
        help="only the ops of this decoder layer",
    )

    export = commands.add_parser("export", help="write a built (or loaded) graph as a graph file")
    _add_target(export)
    export.add_argument("-o", "--output", help="file to write (.yaml or .json)")
    export.add_argument(
        "--model-explorer",
        metavar="FILE.json",
        help="write Model Explorer node data over the graph's nodes (an engine .pt2's as its "
        "PyTorch adapter names them): FILE.json the layouts, and beside it "
        "FILE.shape.json, FILE.us.json (on --device) and FILE.violations.json",
    )
    export.add_argument(
        "--model-explorer-graph",
        metavar="FILE.json",
        help="write the graph in Model Explorer's JSON graph format (for a graph with no .pt2)",
    )
    _add_device(export)
    _add_quant(export)

    view = commands.add_parser(
        "view", help="draw the typed layers: one HTML page (inline SVG), or DOT with --format dot"
    )
    _add_target(view)
    _add_device(view)
    _add_quant(view)
    view.add_argument("--contract", help="contract name, path, or 'none' (default: as check)")
    view.add_argument(
        "--layer", type=Bounded("--layer", 0, MAX_LAYERS - 1), help="only this decoder layer"
    )
    view.add_argument("--format", choices=("html", "dot"), default="html")
    view.add_argument("-o", "--output", help="file to write (html: required; dot: default stdout)")

    equiv = commands.add_parser(
        "equiv", help="compare a model's expanded graph with its repetition graph"
    )
    _add_target(equiv)

    cost = commands.add_parser("cost", help="FLOPs, bytes, communication and time on a device")
    _add_target(cost)
    _add_device(cost)
    _add_quant(cost)
    cost.add_argument("--by", choices=("op", "kind", "layer", "category"), default="kind")
    cost.add_argument("--symbolic", action="store_true", help="print the formulas (µs)")
    cost.add_argument("--format", choices=("text", "json"), default="text")
    cost.add_argument(
        "--trace", metavar="FILE.json", help="also write a chrome/Perfetto trace of the op times"
    )
    cost.add_argument(
        "--ranks",
        metavar="all|N,…",
        help="--trace draws these ranks of the tp group, each a process with a compute and a "
        "communication track and a flow through every collective: all, or numbers such as 0,3 "
        "(default: the one rank --rank picks, on one track)",
    )

    compare = commands.add_parser(
        "compare", help="two layouts of a model (or two graph files) side by side"
    )
    _add_target(compare)
    compare.add_argument("other", nargs="?", help="a second graph file to compare with")
    compare.add_argument(
        "--layouts",
        default="tensorcast,vllm-ascend",
        help="two --layout values to build and compare (default tensorcast,vllm-ascend)",
    )
    _add_device(compare)
    _add_quant(compare)
    compare.add_argument(
        "--trace",
        metavar="TRACE.json[.gz]",
        help="a TensorCast chrome trace of the same run: GRAPH's ops against its events, per "
        "op kind and per layer (costs rank 0, the rank TensorCast simulates, unless --rank)",
    )
    compare.set_defaults(rank=None)  # rank 0 against a trace, else the busiest
    _add_plot(compare, "draw the per-layer difference to FILE.svg or FILE.png")

    query = commands.add_parser("query", help="evaluate, sweep or solve a cost expression")
    _add_target(query)
    query.add_argument("expression", metavar="EXPR", help="e.g. 'all_gather - moe_experts'")
    _add_device(query)
    query.add_argument(
        "--sweep",
        metavar="SYM=a..b[+k|*k]",
        help="evaluate over a range: a..b every value, a..b+k in steps of k, a..b*k "
        "geometrically (a, a·k, a·k², …), e.g. T=1024..65536*2",
    )
    query.add_argument(
        "--solve", metavar="SYM", help="find where EXPR crosses zero (with --sweep: marked too)"
    )
    _add_plot(query, "draw the sweep (and the --solve crossing) to FILE.svg or FILE.png")

    _add_quant(query)

    memory = commands.add_parser("memory", help="static weight memory per rank, itemized")
    _add_target(memory)
    _add_quant(memory)
    memory.add_argument(
        "--accounting",
        choices=("checkpoint", "engine", "tensorcast"),
        default="engine",
        help="checkpoint tensors, what vLLM-Ascend holds (default), or TensorCast's figure",
    )
    memory.add_argument(
        "--layer-sharding", help="projections spread over ranks by layer, e.g. o_proj,q_b_proj"
    )
    memory.add_argument(
        "--layer-shard-group",
        type=Bounded("--layer-shard-group", 1, MAX_LAYERS),
        default=4,
        help="K ranks (default 4)",
    )
    memory.add_argument(
        "--prefetch",
        type=Bounded("--prefetch", 0, MAX_LAYERS),
        default=1,
        help="layers prefetched (default 1)",
    )
    memory.add_argument(
        "--oproj-tp",
        action="store_true",
        help="o_proj tensor parallelism: o_proj TP-sharded plus one full-weight layer pool",
    )
    memory.add_argument("--device", default="a3-752t", help="for the tokens that fit in HBM")
    memory.add_argument("--by", choices=("category", "module", "layer"), default="category")
    memory.add_argument("--mtp", action="store_true", help="count the MTP layer(s) in parameters")
    memory.add_argument("--format", choices=("text", "json"), default="text")

    search = commands.add_parser(
        "search",
        help="search the design space (tp, dp, ep, sp, layout, device, tokens, context): every "
        "structure checked against its contract once, the passing ones priced and ranked",
    )
    search.add_argument("model", metavar="MODEL", help="a shipped model, a config.json or folder")
    for flag, values in (
        ("device", "device profiles (default a3-752t)"),
        ("tp", "e.g. 1,2,4,8,16 or 1..16*2 (default 1)"),
        ("dp", "(default 1)"),
        ("ep", "(default tp·dp)"),
        ("sp", "on, off or on,off (default off)"),
        ("layout", "tensorcast, vllm-ascend (default tensorcast)"),
        ("phase", "prefill, decode (default prefill)"),
        ("quant", "bf16, w8a8, w8a8_dynamic (default bf16)"),
        ("tokens", "prefill: prompt tokens (default 4096); decode: tokens per DP rank (1)"),
        ("context", "tokens each request holds in its KV cache (default 0)"),
    ):
        search.add_argument(f"--{flag}", metavar="LIST", help=f"comma-separated: {values}")
    search.add_argument(
        "--objective",
        default="throughput",
        help="latency (step time), throughput (tokens/s of the tp·dp devices; default) or "
        "tokens-per-device",
    )
    search.add_argument(
        "--hbm-fit", action="store_true", help="rank only what fits: weights + KV cache per rank"
    )
    search.add_argument(
        "--top", type=Bounded("--top", 0, MAX_SEED), default=10, help="rows (default 10; 0: all)"
    )
    search.add_argument(
        "--accounting",
        choices=("checkpoint", "engine", "tensorcast"),
        default="engine",
        help="how weights are counted, as for memory (default engine)",
    )
    search.add_argument(
        "--contract", help="check every structure against this contract (default: its own)"
    )
    search.add_argument("--format", choices=("text", "json", "csv"), default="text")
    search.add_argument("--plot", metavar="FILE", help="draw the frontier (needs matplotlib)")
    search.add_argument(
        "--ray",
        nargs="?",
        const="",
        metavar="ADDRESS",
        help="run the structures as Ray tasks: on the cluster at ADDRESS (auto, ray://host:port) "
        "or, without one, on a local instance (needs layoutcheck[ray])",
    )
    search.add_argument(
        "--ray-cpus",
        type=Bounded("--ray-cpus", 1, 4096),
        help="CPUs of a local Ray instance (default all)",
    )

    describe = commands.add_parser(
        "quant-description", help="write the quant_model_description.json a recipe implies"
    )
    _add_target(describe)
    describe.add_argument("--quant", required=True, help="w8a8, w8a8_dynamic or bf16")
    describe.add_argument("-o", "--output", required=True)

    repl = commands.add_parser("repl", help="an interactive session with the cost report loaded")
    _add_target(repl)
    _add_device(repl)
    _add_quant(repl)
    repl.add_argument(
        "--ipython",
        action="store_true",
        help="start IPython (when installed) instead of layoutcheck's console",
    )

    sim = commands.add_parser(
        "sim",
        help="run a graph on simulated ranks and check every port against its type",
        description="Run a graph on simulated ranks (numpy, small sizes) and check every port "
        "against its type. No --set is needed: when the graph's own sizes are too large to "
        "simulate, sim picks small sizes that type-check alike and prints them as the --set "
        "flags that reproduce the run; sizes given with --set are kept.",
    )
    _add_target(sim)
    sim.add_argument(
        "--seed", type=Bounded("--seed", 0, MAX_SEED), default=0, help="seed for inputs and weights"
    )

    fuzz = commands.add_parser(
        "fuzz", help="fuzz a Graph -> Graph pass over generated decoder graphs"
    )
    fuzz.add_argument("--pass", dest="pass_ref", required=True, metavar="MODULE:FUNCTION")
    fuzz.add_argument(
        "--examples",
        type=Bounded("--examples", 1, MAX_FUZZ_EXAMPLES),
        default=100,
        help="graphs to try (default 100)",
    )
    fuzz.add_argument(
        "--seed", type=Bounded("--seed", 0, MAX_SEED), default=0, help="hypothesis seed (default 0)"
    )
    fuzz.add_argument("-o", "--output", help="also write the counterexample graph to this file")

    add_capture_parser(commands)  # capture fx / capture tensorcast (layoutcheck/capture)

    commands.add_parser("rules", help="list every rule id")
    explain = commands.add_parser("explain", help="what a rule means: What / Why / Example / Fix")
    explain.add_argument("rule")
    explain.add_argument(
        "--contract", help="also look in this contract (a name or a path to your own file)"
    )
    commands.add_parser("ops", help="list the op catalogue")
    for name in ("compare", "query", "equiv", "sim", "rules", "explain"):
        _add_format(commands.choices[name])
    _add_colour_everywhere(commands)
    return parser


def _add_plot(parser: argparse.ArgumentParser, help: str) -> None:
    parser.add_argument("--plot", metavar="FILE", help=f"{help} (needs layoutcheck[plot])")


def _add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=("text", "json"), default="text")


def _add_colour(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument(
        "--color",
        "--colour",
        dest="color",
        choices=colour.MODES,
        default=default,
        help="colour the output: auto (default: on a terminal, unless NO_COLOR is set), "
        "always or never",
    )


def _add_colour_everywhere(commands: Any) -> None:
    """``--color`` after any (sub)command too; SUPPRESS keeps a subcommand's missing flag from
    overwriting the one given before it."""
    for sub in set(commands.choices.values()):
        _add_colour(sub, argparse.SUPPRESS)
        for action in sub._actions:
            if isinstance(action, argparse._SubParsersAction):
                _add_colour_everywhere(action)


def _add_target(parser: argparse.ArgumentParser) -> None:
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
        type=Bounded("--context", 0, MAX_TOKENS),
        help="tokens each request already holds in its KV cache (decode: default 0; a "
        "chunked prefill's earlier chunks); attention then sees S = context + new tokens keys, "
        "a symbol a what-if can sweep (--sweep S=…)",
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
    _add_set(parser)


def _add_quant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--quant",
        help="quantization recipe: w8a8, w8a8_dynamic or bf16 (cost: the ops keep their own "
        "quant attrs when not given; memory: bf16)",
    )
    parser.add_argument(
        "--quant-description", help="msModelSlim quant_model_description.json (or its folder)"
    )


def _add_device(parser: argparse.ArgumentParser) -> None:
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
        "--rank",
        default="last",
        help="which rank of a LOCAL token range to cost: first, last (default, the busiest under "
        "a causal mask) or a number",
    )


def _add_set(parser: argparse.ArgumentParser) -> None:
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


def _folded(args: argparse.Namespace) -> bool:
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
    values = {
        "target": args.graph,
        "tp": args.tp,
        "dp": args.dp,
        "ep": args.ep,
        "sp": args.sp,
        "phase": args.phase,
        "tokens": args.tokens,
        "context": getattr(args, "context", None),
        "layout": args.layout,
        "shared_experts": args.shared_experts,
        "mla_prolog": args.mla_prolog,
        "repetition": _folded(args),
        "sets": parse_sets(args.set),
        "contract": getattr(args, "contract", None),
        "quant": getattr(args, "quant", None),
        "quant_description": getattr(args, "quant_description", None),
        "config": getattr(args, "config", None),
        "cost_options": (
            {"attention_pairs": args.attention_pairs}
            if getattr(args, "attention_pairs", None)
            else {}
        ),
    }
    values.update(changes)
    return Options(**values)


_warned: set[str] = set()  # what this run has warned about (each warning once)


def _warn(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        _say(f"layoutcheck: warning: {message}")


def _note(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        _say(f"layoutcheck: note: {message}")


def session_of(args: argparse.Namespace, **changes: Any) -> Session:
    """The session the arguments ask for; a model's config is read now, so what it holds
    but layoutcheck does not model is said (once) before any output."""
    session = Session(options_of(args, **changes))
    for note in session.notes:
        _note(note)
    for warning in session.warnings:
        _warn(warning)
    return session


def _cmd_check(args: argparse.Namespace) -> int:
    if args.for_all:
        return _check_for_all(args)
    session = session_of(args)
    pack_notes: list[str] = []
    pack_json: dict[str, object] | None = None
    if args.engine_version:
        report, pack_notes, pack_json = _check_engine_version(args, session)
    else:
        report = session.check()
    if args.format == "json":
        engine_file = session.options.target if session.is_engine else None
        document = report.to_json(engine_file)
        if pack_json is not None:
            document["engine_version"] = pack_json
        print(json.dumps(document, indent=2))
    elif args.format == "sarif":
        from layoutcheck.sarif import render_sarif

        print(render_sarif(session, report))
    else:
        _emit(render_text(report))
        for note in pack_notes:
            _emit(f"note: {note}")
    return EXIT_OK if report.ok else EXIT_ERRORS


def _check_engine_version(
    args: argparse.Namespace, session: Session
) -> tuple[Any, list[str], dict[str, object]]:
    """``check --engine-version E==V``: the contract of the layout that version runs, and, for
    a graph that breaks it, the other versions of the engine whose layout it has."""
    from layoutcheck.packs import EngineVersion, choose, engines_text, other_layouts, versions_of

    if args.contract is not None:
        raise UsageError("--engine-version picks the contract: give it or --contract, not both")
    engine = EngineVersion.parse(args.engine_version)
    chosen = choose(engine, session.graph, session.registry)
    report = session.check(chosen.name)
    notes = [f"{engine} runs the layout of contract {chosen.name} ({engines_text(chosen)})"]
    matches = [] if report.ok else other_layouts(session.typed, engine, chosen)
    for match in matches:
        notes.append(
            f"the graph has the layout of {versions_of(match, engine.engine)} (contract "
            f"{match.name}), not {engine}'s"
        )
    if not report.ok and not matches:
        notes.append(f"no other version of {engine.engine} has this graph's layout either")
    data: dict[str, object] = {
        "engine": engine.engine,
        "version": str(engine.version),
        "contract": chosen.name,
        "matches": [
            {"contract": m.name, "versions": versions_of(m, engine.engine)} for m in matches
        ],
    }
    return report, notes, data


def _check_for_all(args: argparse.Namespace) -> int:
    """``check --for-all SYM=a..b``: the check at the graph's own values, then the proof over
    the range; a value that fails is checked as ``--set SYM=value`` and that report shown."""
    from layoutcheck.forall import Range, prove

    if args.format == "sarif":
        raise UsageError("--for-all reports as text or json, not sarif")
    if args.engine_version:
        raise UsageError("--for-all checks one contract: give --contract, not --engine-version")
    span = Range.parse(args.for_all)  # refused before any work
    session = session_of(args)
    report = session.check()
    sets = parse_sets(args.set)

    def check_at(value: int) -> tuple[bool, object]:
        at = Session(options_of(args, sets={**sets, span.name: value}), session.registry)
        try:
            found = at.check()
        except InputError as error:
            return True, error
        return not found.ok, found

    _status.phase(f"proving the sizes for {span}")
    proof = prove(session.typed, span, check_at)
    _status.close()
    shown = proof.shown
    if args.format == "json":
        document = report.to_json(session.options.target if session.is_engine else None)
        proved = proof.to_json()
        if shown is not None:
            proved["at_failure"] = (
                shown.to_json(None) if hasattr(shown, "to_json") else {"error": str(shown)}
            )
        document["for_all"] = proved
        document["ok"] = bool(document.get("ok")) and proof.proved
        print(json.dumps(document, indent=2))
    else:
        _emit(render_text(report))
        if isinstance(shown, InputError):
            _emit(f"at {span.name}={proof.failure}: {format_input_error(shown, args.graph)}")
        elif shown is not None:
            _emit(f"at {span.name}={proof.failure}:")
            _emit(render_text(shown))  # type: ignore[arg-type]  # a Report from check_at
        _emit(("ok: " if proof.proved else "FAILED: ") + proof.summary())
    return EXIT_OK if report.ok and proof.proved else EXIT_ERRORS


def _cmd_show(args: argparse.Namespace) -> int:
    session = session_of(args)
    graph = session.graph
    if args.layer is not None and args.layer not in graph.layers():
        present = graph.layers()
        span = f"{present[0]}..{present[-1]}" if present else "none"
        raise UsageError(f"--layer {args.layer}: the graph has no such layer (layers: {span})")
    typed = session.typed
    _emit(render_typed_graph(typed, args.layer))
    if typed.diagnostics:
        # the same flags, or the check would judge another graph
        again = rerun_as(args.argv, "show", "check", drop=("--layer",))
        print(f"\n{len(typed.diagnostics)} diagnostic(s): run `{again}`")
    return EXIT_OK


def _cmd_export(args: argparse.Namespace) -> int:
    if not (args.output or args.model_explorer or args.model_explorer_graph):
        raise UsageError(
            "export writes -o FILE, --model-explorer FILE.json or "
            "--model-explorer-graph FILE.json: give at least one"
        )
    session = session_of(args)
    graph = session.graph
    if args.output:
        try:
            write_graph(graph, args.output)
        except GraphError as error:
            raise UsageError(error.message) from None
        print(f"wrote {args.output}: {len(graph.ops)} ops, {len(graph.layers())} layers")
    if args.model_explorer_graph or args.model_explorer:
        from layoutcheck import explorer  # Model Explorer's formats, loaded only when asked

        if args.model_explorer_graph:
            print(explorer.write_explorer_graph(args.model_explorer_graph, session))
        if args.model_explorer:
            print(explorer.write_overlays(args.model_explorer, session, args.device, _rank(args)))
    return EXIT_OK


def _cmd_view(args: argparse.Namespace) -> int:
    if args.format == "html" and args.output is None:
        raise UsageError("view writes a page: give -o FILE.html (or --format dot for stdout)")
    from layoutcheck.view import render_view  # the drawing is loaded only for this command

    rendered = render_view(
        session_of(args), args.format, device=args.device, rank=_rank(args), layer=args.layer
    )
    if args.output is None:
        print(rendered.text, end="")
    else:
        write_text(args.output, rendered.text, UsageError)
        print(f"wrote {args.output}: {rendered.summary}")
    return EXIT_OK if rendered.ok else EXIT_ERRORS


def _cmd_equiv(args: argparse.Namespace) -> int:
    expanded = session_of(args, repetition=False).graph
    folded = normalize(fold(expanded))
    differences = compare_forms(expanded, folded)
    regions = len(folded.repetition())
    if args.format == "json":
        data = {
            "equivalent": not differences,
            "differences": [str(difference) for difference in differences],
            "expanded": {"ops": len(expanded.ops), "layers": len(expanded.layers())},
            "repetition": {"ops": len(folded.ops), "regions": regions},
        }
        print(json.dumps(data, indent=1))
        return EXIT_OK if not differences else EXIT_ERRORS
    for difference in differences:
        print(clean_line(str(difference)))
    verdict = "equivalent" if not differences else f"{len(differences)} difference(s)"
    print(
        f"{verdict}: expanded {len(expanded.ops)} ops over {len(expanded.layers())} layers; "
        f"repetition {len(folded.ops)} ops in {regions} region(s); effective op shapes and "
        "collective counts per layer compared"
    )
    return EXIT_OK if not differences else EXIT_ERRORS


def _cmd_rules(args: argparse.Namespace) -> int:
    from layoutcheck.packs import shipped_packs

    rules = all_rules()
    packs = [
        {"engine": engine, "versions": str(spec), "contract": contract.name,
         "requires": contract.requires_text or None, "summary": contract.summary}
        for contract in shipped_packs()
        for engine, spec in contract.engines
    ]  # fmt: skip
    packs.sort(key=lambda row: (str(row["engine"]), str(row["versions"]), str(row["contract"])))
    if args.format == "json":
        data = [rule_json(doc, contracts) for doc, contracts in rules.values()]
        print(json.dumps({"rules": data, "packs": packs}, indent=1))
    else:
        print(render_rule_list(doc for doc, _ in rules.values()))
        print("\ncontract packs (check --engine-version ENGINE==VERSION picks one):")
        for row in packs:
            scope = f" (graphs with an op of {row['requires']})" if row["requires"] else ""
            print(f"  {row['engine']:<12} {row['versions']:<16} {row['contract']}{scope}")
    return EXIT_OK


def _cmd_explain(args: argparse.Namespace) -> int:
    rules = all_rules()
    if args.contract is not None:  # a user's own contract: its rules first
        own = load_contract(args.contract)
        rules = {rule.id: (rule, [own.name]) for rule in own.rule_docs()} | rules
    entry = rules.get(args.rule)
    if entry is None:
        close = difflib.get_close_matches(args.rule, list(rules), n=3)
        hint = f" (did you mean {', '.join(close)}?)" if close else " (see `layoutcheck rules`)"
        if not close and args.contract is None:
            hint = " (see `layoutcheck rules`; a rule of your own contract: --contract FILE)"
        raise UsageError(f"unknown rule {shorten(args.rule, 80)!r}{hint}")
    doc, contracts = entry
    if args.format == "json":
        print(json.dumps(rule_json(doc, contracts), indent=1))
    else:
        print(clean(render_rule(doc, contracts)))
    return EXIT_OK


def _cmd_ops(args: argparse.Namespace) -> int:
    print(render_catalogue(default_registry()))
    return EXIT_OK


def _cmd_sim(args: argparse.Namespace) -> int:
    from layoutcheck.oracle import KNOWN_BLIND_SPOTS, check_soundness

    session = session_of(args)
    graph, changes, note = _simulable(session, frozenset(parse_sets(args.set)))
    if note and args.format != "json":
        print(note)
    ranks = 2 if "tp" in dict(graph.symbols) else 1  # the run and the single-rank reference
    _status.phase("simulating", total=ranks * len(graph.ops), unit="ops")
    report = check_soundness(graph, seed=args.seed, on_op=_status.step)
    _status.close()
    sim = report.simulation
    if args.format == "json":
        data = {"simulated_at": changes or None, **report.to_json()}
        print(json.dumps(data, indent=1))
        return EXIT_OK if report.ok else EXIT_ERRORS
    if sim.failure is not None:
        print(clean_line(f"cannot execute: {sim.failure}"))
        return EXIT_ERRORS
    reference = "a single-rank run" if report.reference is not None else "no single-rank run"
    lines = [f"unsound: {finding}" for finding in report.findings]
    verdict = "sound" if report.ok else f"{len(report.findings)} unsound port(s)"
    lines.append(
        f"{verdict}: {report.checked_ports} ports checked on {sim.ranks} ranks against "
        f"{reference}; {report.skipped_ports} skipped (⊤, or no global reading)"
    )
    if report.in_blind_spot:
        lines.append(f"note: {KNOWN_BLIND_SPOTS[0]}")
    _emit("\n".join(clean_line(line) for line in lines))
    return EXIT_OK if report.ok else EXIT_ERRORS


def _simulable(session: Session, given: frozenset[str]) -> tuple[Any, dict[str, int], str]:
    """The graph to simulate: at its own sizes when they fit the simulator, else at small
    values that type-check alike (those set with --set are kept), with the values chosen and
    a note giving them as the --set flags that reproduce the run; refused, naming the sizes to
    set, when none are found."""
    from layoutcheck.limits import MAX_SIM_ELEMENTS
    from layoutcheck.session import with_symbols
    from layoutcheck.simsize import amount, estimate, fit, require_fits, set_flags, unset_symbols

    graph = session.graph
    missing = unset_symbols(graph)
    if missing:
        raise UsageError(
            f"sim needs a value for every symbol: set {', '.join(missing)} with --set "
            f"(e.g. --set {missing[0]}=32)"
        )
    size = estimate(session.typed)
    if size.fits:
        return graph, {}, ""
    _status.phase("choosing small sizes that type-check alike")
    changes = fit(graph, given)
    if changes is None:
        if given:
            require_fits(session.typed)  # the sizes asked for: name the cap and --set
        names = ", ".join(name for name, _ in graph.symbols if name not in given)
        raise UsageError(
            f"sim: the graph at its own sizes needs {size}, over the simulator's "
            f"{amount(MAX_SIM_ELEMENTS)}, and no smaller sizes that type-check alike were found: "
            f"set {names} with --set"
        )
    note = (
        f"note: the graph's own sizes need {size}, over the simulator's "
        f"{amount(MAX_SIM_ELEMENTS)}: simulating at {set_flags(changes)}"
    )
    return with_symbols(graph, changes), dict(changes), note


def _cmd_fuzz(args: argparse.Namespace) -> int:
    import importlib

    from layoutcheck.graph_io import dumps_graph

    try:
        from layoutcheck.testing import fuzz_pass
    except ImportError as error:  # hypothesis comes with the test extra only
        missing = getattr(error, "name", None) or "hypothesis"
        raise UsageError(
            f"fuzz needs {missing.partition('.')[0]}: install layoutcheck[test] "
            "(pip install 'layoutcheck[test]')"
        ) from None

    module_name, sep, function_name = args.pass_ref.partition(":")
    if not sep or not module_name or not function_name:
        raise UsageError(f"--pass {args.pass_ref!r}: write MODULE:FUNCTION")
    sys.path.insert(0, str(Path.cwd()))
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise UsageError(f"--pass: cannot import {module_name!r}: {error}") from None
    pass_fn = getattr(module, function_name, None)
    if not callable(pass_fn):
        raise UsageError(f"--pass: {module_name} has no function {function_name!r}")
    if args.examples < 1:
        raise UsageError("--examples must be at least 1")
    _status.phase("fuzzing", total=args.examples, unit="graphs")
    found = fuzz_pass(pass_fn, examples=args.examples, seed=args.seed, on_example=_status.step)
    _status.close()
    if found is None:
        print(f"no counterexample in {args.examples} examples (seed {args.seed})")
        return EXIT_OK
    print(f"# counterexample: {found.reason}")
    print(dumps_graph(found.graph), end="")
    if args.output:
        try:
            write_graph(found.graph, args.output)
        except GraphError as error:
            raise UsageError(error.message) from None
        print(f"# written to {args.output}")
    return EXIT_ERRORS


def _rank(args: argparse.Namespace) -> str | int:
    rank = str(args.rank)
    if rank in ("first", "last"):
        return rank
    if not (rank.isascii() and rank.isdigit()) or len(rank) > 9:
        raise UsageError(f"--rank {rank!r}: write first, last or a rank number")
    return int(rank)


def _report(args: argparse.Namespace, session: Session | None = None) -> Any:
    session = session or session_of(args)
    report = session.cost(args.device, rank=_rank(args))
    if report.unpriced:
        errors = [d for d in session.typed.diagnostics if d.is_error]
        first = errors[0] if errors else None
        where = f"; first at {first.op} [{first.rule}]" if first is not None else ""
        listed = ", ".join(report.unpriced[:3]) + (", …" if len(report.unpriced) > 3 else "")
        _warn(
            f"{len(report.unpriced)} op(s) not priced ({listed}): a type error left their "
            f"values unknown{where}; the totals leave them out (run check)"
        )
    return report


def _cmd_cost(args: argparse.Namespace) -> int:
    from layoutcheck.cost.render import render_cost, render_symbolic
    from layoutcheck.cost.report import summarize

    if args.ranks is not None and args.trace is None:
        raise UsageError("--ranks picks the ranks of --trace: give --trace FILE.json too")
    session = session_of(args)
    report = _report(args, session)
    if args.trace is not None and args.ranks is not None:
        from layoutcheck.cost.chrome import parse_ranks, write_rank_trace

        ranks = parse_ranks(args.ranks, report)
        reports = [session.cost(args.device, rank=rank) for rank in ranks]
        _note(write_rank_trace(args.trace, reports, session.quantized))
    elif args.trace is not None:
        from layoutcheck.cost.chrome import write_trace

        _note(write_trace(args.trace, report, session.quantized))
    if args.symbolic:
        print(render_symbolic(report))
        return EXIT_OK
    numbers = report.numbers()
    if args.format == "json":
        data: dict[str, object] = {
            "graph": report.graph.name,
            "device": report.device.name,
            "rank": report.rank,
            "unpriced": list(report.unpriced),
        }
        data.update(summarize(report, numbers))
        print(json.dumps(data, indent=1))
    else:
        print(render_cost(report, numbers, args.by))
    return EXIT_OK


def _cmd_compare(args: argparse.Namespace) -> int:
    from layoutcheck.cost.compare import compare_reports
    from layoutcheck.cost.render import render_comparison

    if args.trace is not None:
        return _compare_trace(args)
    args.rank = args.rank or "last"
    if args.plot:
        from layoutcheck.plot import require

        require(args.plot)  # a wrong name or no matplotlib: refused before the models are built
    if args.other is not None:
        sessions = (session_of(args), session_of(args, target=args.other))
        # a model by its name; a file by its graph's name (a path would not fit a column),
        # unless both graphs have one name
        names = tuple(
            target if session.is_model else session.graph.name
            for target, session in zip((args.graph, args.other), sessions, strict=True)
        )
        if names[0] == names[1]:
            names = (args.graph, args.other)
    else:
        layouts = [item.strip() for item in args.layouts.split(",")]
        known = [layout.value for layout in Layout]
        if len(layouts) != 2 or any(layout not in known for layout in layouts):
            raise UsageError(f"--layouts {args.layouts!r}: name two of {', '.join(known)}")
        sessions = (session_of(args, layout=layouts[0]), session_of(args, layout=layouts[1]))
        names = (layouts[0], layouts[1])
    reports = [_report(args, session) for session in sessions]
    comparison = compare_reports(reports[0], reports[1], *names)
    if args.plot:
        from layoutcheck.plot import plot_layers

        layers, a_us, b_us = comparison.per_layer()
        plot_layers(
            args.plot,
            names=(comparison.a_name, comparison.b_name),
            layers=layers,
            a_us=a_us,
            b_us=b_us,
            title=f"{comparison.a_name} vs {comparison.b_name} on {reports[0].device.name}",
        )
    if args.format == "json":
        data = comparison.to_json()
        data["plot"] = args.plot
        print(json.dumps(data, indent=1))
    else:
        print(clean(render_comparison(comparison)))
        if args.plot:
            print(f"wrote {clean_line(args.plot)}")
    return EXIT_OK


def _compare_trace(args: argparse.Namespace) -> int:
    from layoutcheck.cost.render import render_trace_comparison
    from layoutcheck.cost.trace import read_trace
    from layoutcheck.cost.trace_compare import compare_with_trace, comparison_json

    if args.other is not None:
        raise UsageError("--trace compares GRAPH with a trace: give no second graph")
    trace = read_trace(args.trace)  # a bad trace is refused before the graph is read
    args.rank = args.rank or "0"
    session = session_of(args)
    report = _report(args, session)
    program = session.program if session.is_engine else None
    comparison = compare_with_trace(trace, report, program=program, typed=session.quantized)
    if args.format == "json":
        print(json.dumps(comparison_json(comparison), indent=1))
    else:
        print(render_trace_comparison(comparison))
    return EXIT_OK


def _warn_description(session: Session) -> None:
    for warning in session.description.warnings:
        _warn(warning)


def _memory_quantities(session: Session, report: Any) -> dict[str, Expr]:
    from layoutcheck.memory import kv_bytes_per_token_all_layers

    items = session.memory()
    spec = session.spec
    tp = dict(session.graph.symbols).get("tp") or 1
    cache_type = session.description.kv_cache_type
    kv = kv_bytes_per_token_all_layers(spec, tp, cache_type) if spec else 0
    return {
        "weights": sympy.Add(*(item.bytes for item in items)),
        "kv_per_token": sympy.Integer(kv),
        "hbm": sympy.Float(report.device.hbm_bytes),
    }


def _cmd_query(args: argparse.Namespace) -> int:
    from layoutcheck.cost.answer import amount, crossing_of, swept
    from layoutcheck.cost.query import Sweep, evaluate, named_quantities, query_expr, unit_of

    if args.plot and not args.sweep:
        raise UsageError("--plot draws a sweep: give --sweep SYM=a..b too")
    if args.plot:
        from layoutcheck.plot import require

        require(args.plot)
    spec = Sweep.parse(args.sweep) if args.sweep else None  # refused before any work
    if spec is not None and args.solve and args.solve != spec.name:
        raise UsageError(
            f"--solve {args.solve} with --sweep {spec.name}: solve for the swept symbol"
        )
    if spec is not None and args.format == "text" and not args.plot:
        hint = spec.table_hint()  # a table of thousands of rows is refused, with the steps
        if hint is not None:
            _warn(hint)
    session = session_of(args)
    report = _report(args, session)
    _warn_description(session)
    extra = _memory_quantities(session, report) if _mentions_memory(args.expression) else {}
    names = named_quantities(report, args.expression, extra)
    unit = unit_of(names, extra)
    if names and not unit:
        _warn(f"{args.expression!r} mixes µs and bytes: its value has no unit")
    expression = query_expr(report, args.expression, extra)
    values = parse_sets(args.set)
    crossing = None
    if args.solve:
        _status.phase(f"solving for {args.solve}")
        crossing = crossing_of(report, expression, args.expression, args.solve, values, unit)
    data: dict[str, Any] = {"expression": args.expression, "unit": unit or None}
    lines: list[str] = []
    if spec is not None:
        _status.phase(f"sweeping {spec.name} over {spec.count()} points")
        lines, data["sweep"] = swept(
            report, expression, args.expression, spec, values, extra, crossing, args.plot
        )
    elif crossing is None:
        value = evaluate(report, expression, values)
        data["value"] = value
        lines.append(f"{args.expression} = {amount(value, unit, sign=False)}")
    if crossing is not None:
        data["solve"] = crossing
        lines.append(crossing["text"])
    if args.format == "json":
        print(json.dumps(data, indent=1))
    else:
        print(clean("\n".join(lines)))
    return EXIT_ERRORS if crossing is not None and crossing["at"] is None else EXIT_OK


def _mentions_memory(text: str) -> bool:
    return any(name in text for name in ("weights", "kv_per_token", "hbm"))


def _cmd_memory(args: argparse.Namespace) -> int:
    from layoutcheck.cost.devices import load_device
    from layoutcheck.memory import LayerSharding, render_memory, summary
    from layoutcheck.models.config import mtp_layers

    session = session_of(args)
    spec = session.spec
    if spec is None:
        raise UsageError("memory needs a model (a shipped name or a config.json), not a graph file")
    if args.layer_shard_group < 1 or args.prefetch < 0:
        raise UsageError("--layer-shard-group must be at least 1 and --prefetch at least 0")
    sharding = None
    if args.layer_sharding:
        names = tuple(p.strip() for p in args.layer_sharding.split(",") if p.strip())
        sharding = LayerSharding.parse(names, args.layer_shard_group, args.prefetch)
    description = session.description
    _warn_description(session)
    items = session.memory(args.accounting, sharding, args.oproj_tp)
    device = load_device(args.device)
    mtp = mtp_layers(session.config[0], session.config[2]) if args.mtp else 0
    data = summary(
        session.graph,
        spec,
        items,
        hbm_bytes=device.hbm_bytes,
        mtp_layers=mtp,
        kv_cache_type=description.kv_cache_type,
    )
    if args.format == "json":
        print(json.dumps(data, indent=1))
    else:
        graph = session.graph
        print(render_memory(graph, description, args.accounting, device.name, data, items, args.by))
    return EXIT_OK


def _cmd_search(args: argparse.Namespace) -> int:
    from layoutcheck.design_space.command import run_command

    return run_command(args)


def _cmd_quant_description(args: argparse.Namespace) -> int:
    from layoutcheck.memory import description_data
    from layoutcheck.quant import recipe

    session = session_of(args, quant=None)
    data = description_data(recipe(args.quant), session.typed)
    write_text(args.output, json.dumps(data, indent=1) + "\n", UsageError)
    print(f"wrote {args.output}: {sum(k.endswith('.weight') for k in data)} weights")
    return EXIT_OK


def _cmd_repl(args: argparse.Namespace) -> int:
    from layoutcheck.repl import start

    session = session_of(args)
    report = _report(args, session)
    _status.close()  # the prompt is the terminal's from here
    return start(report, session.typed, ipython=args.ipython)


COMMANDS = {
    "check": _cmd_check,
    "show": _cmd_show,
    "export": _cmd_export,
    "equiv": _cmd_equiv,
    "view": _cmd_view,
    "cost": _cmd_cost,
    "compare": _cmd_compare,
    "query": _cmd_query,
    "repl": _cmd_repl,
    "memory": _cmd_memory,
    "search": _cmd_search,
    "quant-description": _cmd_quant_description,
    "sim": _cmd_sim,
    "fuzz": _cmd_fuzz,
    "capture": run_capture,  # imports torch only when a capture runs
    "rules": _cmd_rules,
    "explain": _cmd_explain,
    "ops": _cmd_ops,
}


def _json_error(message: str, *, rule: str | None, **where: object) -> None:
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
def _status_shown(status: progress.Status) -> Iterator[None]:
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
    location = error.source or default_file or "layoutcheck"
    if error.line is not None:
        location = f"{location}:{error.line}"
    subject = f"op {error.op}: " if error.op else ""
    return f"{location}: error: {subject}{error.message}  [bad-spec]"


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """Building and checking a graph makes hundreds of thousands of small objects and no
    cycles; the collector's passes over them made large graphs cost more than linear time. A
    CLI run is short and exits, so it turns the collector off (library calls never do)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _say(line: str) -> None:
    """One line on stderr, as it may reach a terminal: controls escaped, long words cut (and
    then coloured: the codes are added after the escaping)."""
    text = clean_line(line)
    print(colour.paint(text) if _colours.stderr else text, file=sys.stderr)


def _emit(text: str) -> None:
    """Results on stdout, coloured on a terminal (``text`` is escaped already)."""
    print(colour.paint(text) if _colours.stdout else text)


_colours = colour.Choice()  # what this run colours (set by main)
_status = progress.Status(sys.stderr, enabled=False)  # this run's status line (set by main)


def _option(args_list: Sequence[str], flag: str) -> str | None:
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


def _check_outputs(args: argparse.Namespace) -> None:
    for option in OUTPUT_OPTIONS.get(args.command, ()):
        path = getattr(args, option, None)
        if isinstance(path, str) and path:
            flag = "-o" if option == "output" else "--" + option.replace("_", "-")
            check_writable(path, UsageError, f"{flag} {path}")


def _is_output_error(error: OSError) -> bool:
    """A write to stdout or stderr that the system refused (a full disk, /dev/full, EIO)."""
    return error.errno in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG)


def _discard_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's flush at exit does not fail again."""
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    global _colours, _status
    args_list = list(sys.argv[1:] if argv is None else argv)
    args: argparse.Namespace | None = None
    protect(sys.stdout)  # ·, ⊤, µ … spelled in ASCII on a stream that cannot encode them
    protect(sys.stderr)
    _warned.clear()
    mode = _option(args_list, "--color") or _option(args_list, "--colour") or "auto"
    _colours = colour.choose(mode if mode in colour.MODES else "auto", sys.stdout, sys.stderr)
    as_json = _option(args_list, "--format") == "json"
    _status = progress.Status(sys.stderr, enabled=progress.wanted(sys.stderr))
    try:
        with _status_shown(_status):
            args = build_parser().parse_args(args_list)
            args.argv = args_list
            target = getattr(args, "graph", None)
            _status.phase(f"{args.command} {target}" if target else args.command)
            _check_outputs(args)
            with gc_paused():
                code = COMMANDS[args.command](args)
            sys.stdout.flush()  # a full disk is found here, inside the handlers below
            return code
    except PassError as error:
        _say(f"layoutcheck: error: {error.message}")
        for diagnostic in error.diagnostics[1:6]:
            _say(f"  also: {diagnostic.op}: {diagnostic.message} [{diagnostic.rule}]")
        if as_json:
            first = error.diagnostics[0].rule if error.diagnostics else None
            _json_error(error.message, rule=first)
        return error.exit_code
    except InputError as error:
        graph_file = getattr(args, "graph", None)
        located = (
            isinstance(error, GraphError) or error.source is not None or error.line is not None
        )
        if not located:
            # not about a place in a file: a usage, model or option problem
            _say(f"layoutcheck: error: {error.message}")
        else:
            _say(format_input_error(error, graph_file))
        if as_json:
            _json_error(
                error.message,
                rule="bad-spec" if located else "usage",
                file=(error.source or graph_file) if located else None,
                line=error.line,
                op=error.op,
            )
        return error.exit_code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_OK
    except OSError as error:
        if not _is_output_error(error):
            return _internal_error(error)
        _discard_stdout()
        _say(f"layoutcheck: error: cannot write the output: {error.strerror or error}")
        return EXIT_INPUT
    except Exception as error:
        return _internal_error(error)


def _internal_error(error: Exception) -> int:
    _say(
        f"layoutcheck: internal error: {type(error).__name__}: {error} "
        "(please report this with the input that caused it)"
    )
    return EXIT_INTERNAL


if __name__ == "__main__":
    sys.exit(main())
