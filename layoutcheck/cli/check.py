"""The ``check`` command: the type rules and a contract, the ``--engine-version`` packs and
``--for-all``."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from layoutcheck.cli.common import (
    add_pipeline,
    add_target,
    emit,
    format_input_error,
    options_of,
    parse_sets,
    session_of,
    state,
)
from layoutcheck.errors import (
    EXIT_ERRORS,
    EXIT_OK,
    InputError,
    UsageError,
)

if TYPE_CHECKING:
    from layoutcheck.session import Session


def add_parser(commands: Any) -> None:
    check = commands.add_parser(
        "check", help="check a graph or a model against the type rules and a contract"
    )
    add_target(check)
    add_pipeline(check)
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
        "--with",
        dest="with_graph",
        metavar="GRAPH|MODEL",
        help="a second graph that runs with the first (a speculative draft with its target, a "
        "decode graph with its prefill): check what they hand each other against the "
        "interface: of --contract (vllm-mtp-handover, vllm-pd-kv-handover); model options "
        "and --set apply to both",
    )
    check.add_argument(
        "--for-all",
        metavar="SYM=a..b",
        help="prove every size condition (whole, positive, evenly sliced) for each value of SYM "
        "from a to b, or report the smallest value that fails, e.g. --for-all T=1..65536",
    )


def run_check(args: argparse.Namespace) -> int:
    from layoutcheck.diagnostics import render_text

    # each of these checks another thing than one graph: two of them cannot both be had
    modes = [
        flag
        for flag, given in (
            ("--pp", args.pp > 1),
            ("--with", args.with_graph is not None),
            ("--for-all", bool(args.for_all)),
        )
        if given
    ]
    if len(modes) > 1:
        raise UsageError(f"{' and '.join(modes)} cannot be combined: give one of them")
    if args.pp > 1:
        from layoutcheck.cli import pipeline

        return pipeline.run_check(args)
    if args.with_graph is not None:
        return _check_with(args)
    if args.for_all:
        return _check_for_all(args)
    session = session_of(args)
    chosen = None if args.engine_version else session.contract()
    if chosen is not None and chosen.interface is not None and not chosen.rules:
        raise UsageError(
            f"contract {chosen.name} is an interface between two graphs: "
            f"check GRAPH --with OTHER --contract {chosen.name}"
        )
    pack_notes: list[str] = []
    pack_json: dict[str, object] | None = None
    if args.engine_version:
        report, pack_notes, pack_json = _check_engine_version(args, session)
    else:
        report = session.check()
    if args.format == "json":
        engine_file = session.kind.report_file(session)
        document = report.to_json(engine_file)
        if pack_json is not None:
            document["engine_version"] = pack_json
        print(json.dumps(document, indent=2))
    elif args.format == "sarif":
        from layoutcheck.sarif import render_sarif

        print(render_sarif(session, report))
    else:
        emit(render_text(report))
        for note in pack_notes:
            emit(f"note: {note}")
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
    from layoutcheck.diagnostics import render_text
    from layoutcheck.forall import Range, prove
    from layoutcheck.session import Session

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

    state.status.phase(f"proving the sizes for {span}")
    proof = prove(session.typed, span, check_at)
    state.status.close()
    shown = proof.shown
    rebuilt = _built_at_failure(args, session, span.name, proof.failure)
    if args.format == "json":
        document = report.to_json(session.kind.report_file(session))
        proved = proof.to_json()
        if shown is not None:
            proved["at_failure"] = (
                shown.to_json(None) if hasattr(shown, "to_json") else {"error": str(shown)}
            )
        if rebuilt is not None:
            proved["note"] = rebuilt
        document["for_all"] = proved
        document["ok"] = bool(document.get("ok")) and proof.proved
        print(json.dumps(document, indent=2))
    else:
        emit(render_text(report))
        if isinstance(shown, InputError):
            emit(f"at {span.name}={proof.failure}: {format_input_error(shown, args.graph)}")
        elif shown is not None:
            emit(f"at {span.name}={proof.failure}:")
            emit(render_text(shown))  # type: ignore[arg-type]  # a Report from check_at
        if rebuilt is not None:
            emit(f"note: {rebuilt}")
        emit(("ok: " if proof.proved else "FAILED: ") + proof.summary())
    return EXIT_OK if report.ok and proof.proved else EXIT_ERRORS


def _built_at_failure(
    args: argparse.Namespace, session: Session, name: str, failure: int | None
) -> str | None:
    """A model is built for one token count, with the padding that count needs: the proof is
    of that graph. Where the model built at the failing count checks clean, say so, so the
    failure is not read as the model failing there."""
    if failure is None or name != "T" or not session.is_model:
        return None
    built_at = dict(session.graph.symbols).get("T")
    try:
        again = session_of(args, tokens=failure).check()
    except InputError:
        return None
    if not again.ok:
        return None
    return (
        f"this is the graph built for T = {built_at}, which the proof covers; the model "
        f"built for T = {failure} (--tokens {failure}) checks clean: the builder chooses its "
        "padding for the count it is built at, as an engine compiles for its sizes"
    )


def _check_with(args: argparse.Namespace) -> int:
    """``check A --with B --contract C``: each graph checked as ``check`` checks it alone (its
    own ``contract:`` key, or the type rules), then every hand of C's ``interface:`` between
    them; exit 1 if either graph or any handover has an error."""
    from layoutcheck.contracts import load_contract
    from layoutcheck.crossgraph import check_pair, interface_contracts, render_cross_text

    if args.for_all or args.engine_version:
        raise UsageError(
            "--with checks a pair of graphs: give neither --for-all nor --engine-version"
        )
    if args.format == "sarif":
        raise UsageError("--with reports as text or json, not sarif")
    if args.contract is None or args.contract == "none":
        raise UsageError(
            "--with needs --contract naming a contract with an interface: section (shipped: "
            f"{', '.join(interface_contracts())})"
        )
    contract = load_contract(args.contract)
    if contract.interface is None:
        raise UsageError(
            f"contract {contract.name} has no interface: section for --with (shipped: "
            f"{', '.join(interface_contracts())})"
        )
    # each graph under its own contract (None: its contract: key), as `check` alone would
    first = session_of(args, contract=None)
    first_report = first.check()
    try:
        second = session_of(args, target=args.with_graph, contract=None)
        reports = (first_report, second.check())
    except InputError as error:
        # an error in the --with graph names that file, not the first graph's
        if error.source is None:
            error.source = args.with_graph
        raise
    report = check_pair(contract, first.typed, second.typed, reports)
    if args.format == "json":
        print(json.dumps(report.to_json(), indent=2))
    else:
        emit(render_cross_text(report))
    return EXIT_OK if report.ok else EXIT_ERRORS
