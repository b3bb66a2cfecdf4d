"""The ``sim`` command: a graph run on simulated ranks, every port against its type."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from layoutcheck.cli.common import (
    Bounded,
    add_target,
    emit,
    parse_sets,
    session_of,
    state,
)
from layoutcheck.errors import (
    EXIT_CANNOT_EXECUTE,
    EXIT_ERRORS,
    EXIT_OK,
    UsageError,
)
from layoutcheck.limits import (
    MAX_SEED,
)
from layoutcheck.terminal import clean_line

if TYPE_CHECKING:
    from layoutcheck.session import Session


def add_parser(commands: Any) -> None:
    sim = commands.add_parser(
        "sim",
        help="run a graph on simulated ranks and check every port against its type",
        description="Run a graph on simulated ranks (numpy, small sizes) and check every port "
        "against its type. No --set is needed: when the graph's own sizes are too large to "
        "simulate, sim picks small sizes that type-check alike and prints them as the --set "
        "flags that reproduce the run; sizes given with --set are kept. Unless the token count "
        "is set, a padded graph is also run at 1 token and at one fewer than the ranks. Exit 0: "
        "sound; 1: unsound (each finding names the token, ranks and values) or rejected by the "
        "type rules; 4: the simulator cannot execute it at these sizes (nothing shown either "
        "way).",
    )
    add_target(sim)
    sim.add_argument(
        "--seed", type=Bounded("--seed", 0, MAX_SEED), default=0, help="seed for inputs and weights"
    )


def run_sim(args: argparse.Namespace) -> int:
    from layoutcheck.oracle import KNOWN_BLIND_SPOTS, Verdict, check_soundness
    from layoutcheck.session import with_symbols
    from layoutcheck.simsize import set_flags, token_variants

    session = session_of(args)
    given = frozenset(parse_sets(args.set))
    graph, changes, note = _simulable(session, given)
    # the token counts few engines test: one token, and fewer tokens than ranks (a padded
    # layout's corner), each run only where the type rules judge the graph as at its own
    extra = token_variants(graph, given)
    if note and args.format != "json":
        print(note)
    if extra and args.format != "json":
        print(f"note: also simulating at {'; '.join(set_flags(v) for v in extra)}")
    runs = [(graph, dict(changes))] + [(with_symbols(graph, v), {**changes, **v}) for v in extra]
    per_run = 2 if "tp" in dict(graph.symbols) else 1  # the run and the single-rank reference
    state.status.phase("simulating", total=per_run * len(graph.ops) * len(runs), unit="ops")
    reports = [(check_soundness(g, seed=args.seed, on_op=state.status.step), at) for g, at in runs]
    state.status.close()
    # the worst run speaks: a value that differs (a counterexample before a failure), then
    # a rejected graph, then one not run
    order = (Verdict.UNSOUND, Verdict.REJECTED, Verdict.CANNOT_EXECUTE, Verdict.SOUND)
    report, at = min(reports, key=lambda pair: (order.index(pair[0].verdict), not pair[0].findings))
    verdict = report.verdict
    code = {
        Verdict.SOUND: EXIT_OK,
        Verdict.UNSOUND: EXIT_ERRORS,
        Verdict.REJECTED: EXIT_ERRORS,
        Verdict.CANNOT_EXECUTE: EXIT_CANNOT_EXECUTE,
    }[verdict]
    sim = report.simulation
    if args.format == "json":
        data = {
            "simulated_at": changes or None,
            "also_at": extra,
            "verdict_at": at if report is not reports[0][0] else changes or None,
            **report.to_json(),
        }
        print(json.dumps(data, indent=1))
        return code
    where = f" (at {set_flags(at)})" if report is not reports[0][0] else ""
    if verdict is Verdict.CANNOT_EXECUTE:
        print(
            clean_line(
                f"cannot execute{where}: {sim.failure} — the simulator could not run this graph "
                "at these sizes, which shows nothing about its soundness (try other sizes with "
                "--set)"
            )
        )
        return code
    lines = [f"unsound{where}: {finding}" for finding in report.findings]
    if sim.failure is not None:
        lines.append(f"fails{where}: {sim.failure}")
    reference = "a single-rank run" if report.reference is not None else "no single-rank run"
    summary = {
        Verdict.SOUND: "sound",
        Verdict.UNSOUND: f"{len(report.findings)} unsound port(s)"
        if report.findings
        else "unsound",
        Verdict.REJECTED: f"not sound: the type rules reject it ({report.rejected_by}); no "
        "value differed at these sizes",
    }[verdict]
    if verdict is Verdict.UNSOUND and sim.failure is not None and not report.findings:
        summary += f": it fails where the type rules reject it ({report.rejected_by})"
    runs_text = f"{len(runs)} sizes" if len(runs) > 1 else "1 size"
    lines.append(
        f"{summary}: {report.checked_ports} ports checked on {sim.ranks} ranks against "
        f"{reference} at {runs_text}; {report.skipped_ports} skipped (⊤, or no global reading)"
    )
    if report.in_blind_spot:
        lines.append(f"note: {KNOWN_BLIND_SPOTS[0]}")
    emit("\n".join(clean_line(line) for line in lines))
    return code


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
    state.status.phase("choosing small sizes that type-check alike")
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
