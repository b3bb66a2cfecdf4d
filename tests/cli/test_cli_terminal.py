"""The terminal as mypy's: colour on a terminal (never when piped or with NO_COLOR), --color,
--version, python -m layoutcheck, a status line for long work, and JSON from every command
that prints results."""

from __future__ import annotations

import importlib.metadata
import io
import json
import os
import pty
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

import layoutcheck
from layoutcheck import colour, progress
from layoutcheck.cli import main
from layoutcheck.contracts import all_rules
from layoutcheck.session import Options, Session
from tests.helpers import CONTRACTS, ENGINE_GRAPHS, GRAPHS, ROOT, run

LAYER = GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml"
BUG = GRAPHS / "bugs" / "rfc-gathered-residual.yaml"
ESC = "\x1b"
CODES = {*colour.STYLES.values(), colour.RESET}


def codes_in(text: str) -> list[str]:
    return re.findall(r"\x1b\[[0-9;]*m", text)


def styled(role: str, text: str) -> str:
    return f"{colour.STYLES[role]}{text}{colour.RESET}"


# -- colour -----------------------------------------------------------------------------------


def test_piped_output_has_no_colour() -> None:
    result = run("check", BUG)  # captured: not a terminal
    assert result.code == 1
    assert ESC not in result.out + result.err


def test_color_always_colours_severities_rule_ids_and_the_verdict() -> None:
    result = run("check", BUG, "--color", "always")
    assert result.code == 1
    assert f": {styled('error', 'error')}: " in result.out
    assert f": {styled('warning', 'warning')}: " in result.out
    assert styled("rule", "[gather-of-full]") in result.out
    assert styled("failed", "FAILED") + ":" in result.out
    assert f"  {styled('help', 'help')}: " in result.out
    # the text is the same once the codes are taken out
    assert colour.strip(result.out) == run("check", BUG).out


def test_layouts_have_a_colour_each() -> None:
    text = run("show", "--color=always", BUG).out  # the global option before the command
    assert styled("local-whole", "L·W") in text
    assert styled("full-whole", "F·W") in text
    painted = colour.paint("x : [4, 8] F·S; y : [4, 8] L·P; z : ⊤ (type error above); F·⊤")
    assert styled("split", "F·S") in painted and styled("partial", "L·P") in painted
    assert styled("top", "⊤") in painted and styled("top", "F·⊤") in painted
    roles = ["full-whole", "local-whole", "split", "partial", "top"]
    assert len({colour.STYLES[role] for role in roles}) == len(roles)  # five colours


def test_a_word_that_only_looks_like_a_layout_is_left_alone() -> None:
    assert colour.paint("xF·Wy FF·W F·Wz model.F·W.proj") == "xF·Wy FF·W F·Wz model.F·W.proj"


def test_color_never_and_no_color() -> None:
    assert ESC not in run("check", BUG, "--color", "never").out
    assert not colour.wanted("auto", _Terminal(), {"NO_COLOR": "1"})
    assert not colour.wanted("auto", _Terminal(), {"TERM": "dumb"})
    assert colour.wanted("auto", _Terminal(), {"NO_COLOR": ""})  # empty: not set (no-color.org)
    assert colour.wanted("auto", _Terminal(), {})
    assert not colour.wanted("auto", io.StringIO(), {})
    assert colour.wanted("always", io.StringIO(), {"NO_COLOR": "1"})  # the flag wins


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_stderr_is_coloured_after_its_text_is_escaped() -> None:
    """A name holding an escape sequence reaches the terminal spelled out, colour on or off:
    the only escape codes written are the ones colour adds."""
    hostile = "\x1b[2J\x1b]0;owned\x07"
    result = run("check", LAYER, "--set", f"{hostile}=4", "--color", "always")
    assert result.code == 2
    assert "\\x1b[2J\\x1b]0;owned\\x07" in result.err
    assert set(codes_in(result.err)) <= CODES
    assert result.err.count(ESC) == len(codes_in(result.err))  # no other escape at all
    assert result.err.startswith(f"layoutcheck: {styled('error', 'error')}: ")


def test_diagnostics_are_escaped_before_they_are_coloured(tmp_path: Path) -> None:
    data = yaml.safe_load(BUG.read_text(encoding="utf-8"))
    data["name"] = "bug\x1b[31mred"
    path = tmp_path / "hostile.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = run("check", path, "--color", "always")  # a bad-spec line on stderr
    assert result.code == 2 and "'bug\\x1b[31mred'" in result.err
    assert result.err.count(ESC) == len(codes_in(result.err))
    assert set(codes_in(result.err)) <= CODES
    assert result.err.rstrip("\n").endswith(styled("rule", "[bad-spec]"))
    # a contract's own text (a user's file) on stdout: escaped, then coloured
    contract = yaml.safe_load((CONTRACTS / "tensorcast-dsa-cp-prefill.yaml").read_text("utf-8"))
    contract["rules"] = [{**rule, "fix": "\x1b[2Jcleared"} for rule in contract["rules"]]
    mine = tmp_path / "mine.yaml"
    mine.write_text(yaml.safe_dump(contract), encoding="utf-8")
    result = run("check", GRAPHS / "bugs" / "rfc-local-tokens-into-attention.yaml",
                 "--contract", mine, "--color", "always")  # fmt: skip
    assert result.code == 1, result.err
    assert "\\x1b[2Jcleared" in result.out
    assert result.out.count(ESC) == len(codes_in(result.out))
    assert set(codes_in(result.out)) <= CODES


def _on_a_terminal(*argv: str, env: dict[str, str] | None = None) -> str:
    """``python -m layoutcheck ARGV`` with its stdout and stderr on a pseudo-terminal."""
    leader, follower = pty.openpty()
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TERM")}
    environment.update(env or {})
    process = subprocess.Popen(
        [sys.executable, "-m", "layoutcheck", *argv],
        stdout=follower,
        stderr=follower,
        stdin=subprocess.DEVNULL,
        env=environment,
        cwd=ROOT,
    )
    os.close(follower)
    chunks: list[bytes] = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([leader], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the follower side closed: the process is done
                break
            if not chunk:
                break
            chunks.append(chunk)
        elif process.poll() is not None:
            break
    process.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode("utf-8", errors="replace")


def test_on_a_terminal_auto_colours_and_no_color_turns_it_off() -> None:
    coloured = _on_a_terminal("check", str(BUG.relative_to(ROOT)))
    assert styled("error", "error") in coloured and styled("rule", "[gather-of-full]") in coloured
    plain = _on_a_terminal("check", str(BUG.relative_to(ROOT)), env={"NO_COLOR": "1"})
    assert ESC not in plain and "error: " in plain
    forced_off = _on_a_terminal("--color", "never", "check", str(BUG.relative_to(ROOT)))
    assert ESC not in forced_off


# -- --version and python -m layoutcheck ----------------------------------------------------


def test_version_is_the_packages_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"layoutcheck {layoutcheck.__version__}\n"
    assert importlib.metadata.version("layoutcheck") == layoutcheck.__version__


def test_python_dash_m_layoutcheck_is_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "layoutcheck", "--version"], capture_output=True, text=True
    )
    assert (done.returncode, done.stdout) == (0, f"layoutcheck {layoutcheck.__version__}\n")
    done = subprocess.run(
        [sys.executable, "-m", "layoutcheck", "check", str(BUG)], capture_output=True, text=True
    )
    assert done.returncode == 1 and "[gather-of-full]" in done.stdout and ESC not in done.stdout


@pytest.mark.skipif(shutil.which("layoutcheck") is None, reason="the console script is not on PATH")
def test_the_console_script_has_version() -> None:
    done = subprocess.run(["layoutcheck", "--version"], capture_output=True, text=True)
    assert done.stdout == f"layoutcheck {layoutcheck.__version__}\n"


# -- the status line --------------------------------------------------------------------------


def test_the_status_line_is_off_unless_enabled() -> None:
    stream = _Terminal()
    status = progress.Status(stream, enabled=False, delay=0, interval=0.01)
    status.phase("simulating", total=4, unit="ops")
    status.step()
    time.sleep(0.05)
    status.close()
    assert stream.getvalue() == ""
    assert not progress.wanted(io.StringIO())


def test_the_status_line_honours_color_never_and_no_color() -> None:
    """The line is drawn with escape codes: a run asked for plain text never draws it, however
    long it takes (a loaded machine once made a check pass the 1.5 s delay and broke this)."""
    assert progress.wanted(_Terminal(), "auto", {})
    assert not progress.wanted(_Terminal(), "never", {})
    assert not progress.wanted(_Terminal(), "auto", {"NO_COLOR": "1"})
    assert progress.wanted(_Terminal(), "auto", {"NO_COLOR": ""})  # empty: not set
    assert progress.wanted(_Terminal(), "always", {"NO_COLOR": "1"})  # the flag wins
    assert not progress.wanted(_Terminal(), "always", {"TERM": "dumb"})


def test_a_plain_run_on_a_terminal_never_draws_the_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """main() builds its status line from the flag and the environment: with either asking for
    plain text it is disabled, so no delay can make it draw."""
    seen: list[bool] = []
    real = progress.Status

    def recording(stream: object, *, enabled: bool, **kw: object) -> progress.Status:
        seen.append(enabled)
        return real(stream, enabled=enabled, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(progress, "Status", recording)
    monkeypatch.setattr(progress, "wanted", _wanted_on_a_terminal)
    main(["--color", "never", "check", str(BUG)])
    monkeypatch.setenv("NO_COLOR", "1")
    main(["check", str(BUG)])
    monkeypatch.delenv("NO_COLOR")
    main(["check", str(BUG)])
    capsys.readouterr()
    assert seen == [False, False, True]


_real_wanted = progress.wanted


def _wanted_on_a_terminal(stream: object, mode: str = "auto", environ: object = None) -> bool:
    return _real_wanted(_Terminal(), mode)


def test_the_status_line_counts_and_is_erased() -> None:
    stream = _Terminal()
    status = progress.Status(stream, enabled=True, delay=0, interval=0.01)
    status.phase("simulating", total=10, unit="ops")
    for _ in range(3):
        status.step()
    deadline = time.monotonic() + 10
    while "3/10" not in stream.getvalue() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert "\r\x1b[Klayoutcheck: simulating 3/10 ops (" in stream.getvalue()
    status.close()
    assert stream.getvalue().endswith("\r\x1b[K")  # nothing left on the line


def test_output_erases_the_status_line_first() -> None:
    stream = _Terminal()
    status = progress.Status(stream, enabled=True, delay=0, interval=0.01)
    status.phase("checking")
    deadline = time.monotonic() + 10
    while "checking" not in stream.getvalue() and time.monotonic() < deadline:
        time.sleep(0.01)
    guarded = progress.Guarded(stream, status)
    print("result", file=guarded)  # type: ignore[arg-type]
    status.close()
    assert "\r\x1b[Kresult\n" in stream.getvalue()


def test_sim_shows_its_progress_on_a_terminal_and_keeps_stdout_clean(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # as if stderr were a terminal
    monkeypatch.setattr(progress, "wanted", lambda stream, mode="auto": True)
    monkeypatch.setattr(progress, "DELAY_S", 0.0)
    monkeypatch.setattr(progress, "INTERVAL_S", 0.005)
    phase = progress.Status.phase

    def drawn_before_the_work_goes_on(status: progress.Status, *args: Any, **kw: Any) -> None:
        # the sim can end before the drawing thread first runs (a loaded machine): each stage
        # waits until its line is on the terminal, so what is tested is what is drawn
        phase(status, *args, **kw)
        deadline = time.monotonic() + 10
        while not status._shown and time.monotonic() < deadline:
            time.sleep(0.005)

    monkeypatch.setattr(progress.Status, "phase", drawn_before_the_work_goes_on)
    result = run("sim", GRAPHS / "mc2-decode-moe.yaml")
    assert result.code == 0, result.err
    assert "layoutcheck: simulating" in result.err and " ops (" in result.err
    assert result.err.endswith("\r\x1b[K")  # erased at the end
    assert "\r" not in result.out and result.out.splitlines()[-1].startswith("sound: ")


# -- JSON from every command that prints results ---------------------------------------------


def test_check_json_gives_a_file_for_every_diagnostic() -> None:
    data = run("check", BUG, "--format", "json").json()
    assert data["file"] == str(BUG)
    assert data["diagnostics"] and all(d["file"] == str(BUG) for d in data["diagnostics"])
    engine = ENGINE_GRAPHS / "glm51-tp4-sp-default-w8a8.pt2"
    data = run("check", engine, "--sp", "--format", "json").json()
    assert data["diagnostics"] and all(d["file"] == str(engine) for d in data["diagnostics"])
    data = run("check", "glm-5.1", "--tp", "16", "--sp", "--format", "json").json()
    assert all("file" in d and d["file"] is None for d in data["diagnostics"])  # built: no file


def test_compare_json() -> None:
    result = run("compare", "glm-5.1", "--tp", "16", "--sp", "--format", "json")
    data = result.json()
    assert (data["a"], data["b"]) == ("tensorcast", "vllm-ascend")
    assert data["delta_us"] == pytest.approx(data["b_total_us"] - data["a_total_us"])
    # the totals are the two layouts' own cost reports (the busiest rank)
    for side, layout in (("a", "tensorcast"), ("b", "vllm-ascend")):
        session = Session(Options("glm-5.1", tp=16, sp=True, layout=layout))
        total = float(session.cost("a3-752t", rank="last").evaluator([])())
        assert data[f"{side}_total_us"] == pytest.approx(total, rel=1e-9)
    assert sum(len(row["layers"]) for row in data["layers"]) == 78
    assert {row["kind"] for row in data["kinds"]} >= {"all_gather", "sparse_attention"}


def test_query_json_value_sweep_and_solve() -> None:
    # TensorCast's model: the crossing docs/cost.md explains
    glm = ("glm-5.1", "--tp", "16", "--sp", "--cost-model", "tensorcast")
    data = run("query", *glm, "all_gather/78", "--format", "json").json()
    assert data["unit"] == "µs" and data["value"] == pytest.approx(374.173, abs=0.001)
    data = run("query", *glm, "all_gather/78", "--sweep", "T=1024..4096*2", "--format", "json")
    sweep = data.json()["sweep"]
    assert sweep["symbol"] == "T" and sweep["points"] == [1024, 2048, 4096]
    assert sweep["values"][2] == pytest.approx(374.173, abs=0.001)
    crossing = "sparse_attention - moe_experts"
    data = run("query", *glm, crossing, "--solve", "T", "--format", "json").json()
    assert data["solve"]["at"] == 1052 and data["solve"]["before"] < 0 < data["solve"]["after"]


def test_query_sweep_and_solve_together_print_the_table_and_the_crossing() -> None:
    result = run(
        "query", "glm-5.1", "--tp", "16", "--sp", "sparse_attention - moe_experts",
        "--sweep", "T=512..2048*2", "--solve", "T", "--cost-model", "tensorcast",
    )  # fmt: skip
    lines = result.out.splitlines()
    assert lines[0].split()[0] == "T" and [line.split()[0] for line in lines[1:4]] == [
        "512",
        "1024",
        "2048",
    ]
    assert lines[4].startswith("sparse_attention - moe_experts crosses zero at T = 1052 (")


def test_equiv_json() -> None:
    data = run("equiv", "glm-5.1", "--tp", "16", "--sp", "--format", "json").json()
    assert data["equivalent"] is True and data["differences"] == []
    assert data["expanded"]["layers"] == 78 and data["repetition"]["regions"] >= 1


def test_sim_json_says_the_sizes_it_chose() -> None:
    result = run("sim", LAYER, "--format", "json")
    data = result.json()  # the note is in the document, not before it
    assert data["simulated_at"]["T"] == 32 and data["simulated_at"]["tp"] == 4
    assert data["sound"] is False and data["findings"]  # the TP MLP on local tokens
    assert {"op", "port", "message"} <= set(data["findings"][0])
    assert result.code == 1


def test_rules_and_explain_json() -> None:
    data = run("rules", "--format", "json").json()
    assert [rule["id"] for rule in data["rules"]] == list(all_rules())
    rule = run("explain", "gather-of-full", "--format", "json").json()
    assert rule["id"] == "gather-of-full" and rule["kind"] == "type"
    assert rule["fix"].startswith("Gather only output 0")


def test_every_command_that_prints_results_takes_format_json() -> None:
    from layoutcheck.cli import build_parser

    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for name in ("check", "cost", "memory", "compare", "query", "equiv", "sim", "rules"):
        options = {flag for action in commands[name]._actions for flag in action.option_strings}
        assert "--format" in options, name
    assert "--format" in {f for a in commands["explain"]._actions for f in a.option_strings}


# -- explain a rule of your own contract ----------------------------------------------------


def test_explain_a_rule_of_a_users_contract(tmp_path: Path) -> None:
    data = yaml.safe_load((CONTRACTS / "tensorcast-dsa-cp-prefill.yaml").read_text("utf-8"))
    data["name"] = "my-decode"
    data["rules"][0] = {**data["rules"][0], "id": "my-gate-rule", "summary": "My gate rule."}
    path = tmp_path / "my-decode.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    missing = run("explain", "my-gate-rule")
    assert missing.code == 2 and "--contract FILE" in missing.err
    text = run("explain", "my-gate-rule", "--contract", path)
    assert text.code == 0, text.err
    assert text.out.startswith("my-gate-rule  [contract rule (my-decode)]\n\nWhat: My gate rule.")
    data = run("explain", "my-gate-rule", "--contract", path, "--format", "json").json()
    assert data["contracts"] == ["my-decode"] and data["summary"] == "My gate rule."
    assert run("explain", "gather-of-full", "--contract", path).code == 0  # the others too


# -- the papercuts ----------------------------------------------------------------------------


def test_the_show_footer_suggests_the_users_own_flags() -> None:
    shown = run("show", LAYER, "--set", "T=4095", "--layer", "5", "--contract", "none")
    assert shown.code == 2  # show has no --contract: a usage error, not a footer
    shown = run("show", LAYER, "--set", "T=4095", "--layer", "5")
    footer = shown.out.splitlines()[-1]
    assert footer == f"2 diagnostic(s): run `layoutcheck check {LAYER} --set T=4095`"
    command = footer.split("`")[1].split()[1:]
    assert run(*command).out.count("[indivisible]") == 2  # the same graph, the same verdict
    assert run("check", LAYER).code == 0  # without the flags: another verdict


def test_the_suggestion_quotes_what_a_shell_would_split() -> None:
    from layoutcheck.terminal import rerun_as

    argv = ["--color", "never", "show", "my graph.yaml", "--layer=3", "--set", "T=8"]
    suggested = rerun_as(argv, "show", "check", drop=("--layer",))
    assert suggested == "layoutcheck --color never check 'my graph.yaml' --set T=8"


def test_compare_file_file_headers_tell_the_graphs_apart(tmp_path: Path) -> None:
    data = yaml.safe_load(LAYER.read_text(encoding="utf-8"))
    paths = []
    for variant in ("a", "b"):
        data["name"] = f"glm51-layer5-tensorcast-dsa-cp-prefill-{variant}"
        paths.append(tmp_path / f"{variant}.yaml")
        paths[-1].write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    out = run("compare", *paths).out
    header = next(line for line in out.splitlines() if line.lstrip().startswith("kind"))
    assert "glm51-layer5-tensorcast-dsa-cp-prefill-a" in header
    assert "glm51-layer5-tensorcast-dsa-cp-prefill-b" in header
    same = run("compare", LAYER, tmp_path / "a.yaml").out  # two names; then one graph twice
    assert "glm51-layer5-tensorcast-dsa-cp-prefill" in same
    twice = run("compare", LAYER, LAYER).out.splitlines()[0]
    assert twice.startswith(f"{LAYER} vs {LAYER}: ")


def test_long_headers_keep_where_the_names_differ() -> None:
    from layoutcheck.cost.render import column_headers

    assert column_headers("tensorcast", "vllm-ascend") == ("tensorcast", "vllm-ascend")
    long_a, long_b = "x" * 60 + "-alpha-" + "y" * 30, "x" * 60 + "-beta-" + "y" * 30
    a, b = column_headers(long_a, long_b)
    assert a != b and len(a) <= 48 and len(b) <= 48 and "alpha" in a and "beta" in b


def test_memory_by_layer_lists_layers_in_order() -> None:
    out = run("memory", "glm-5.1", "--tp", "16", "--by", "layer").out
    labels = [line.split()[0] for line in out.splitlines()[1:] if line.startswith("  ")]
    assert labels == [*(str(layer) for layer in range(78)), "other"]


def test_fuzz_without_the_test_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "hypothesis", None)  # as if it were not installed
    monkeypatch.delitem(sys.modules, "layoutcheck.testing", raising=False)
    result = run("fuzz", "--pass", "wrong_passes:gathers_the_residual")
    assert result.code == 2
    assert result.err == (
        "layoutcheck: error: fuzz needs hypothesis: pip install hypothesis "
        "(or pip install 'layoutcheck[fuzz]')\n"
    )


def test_an_unstepped_sweep_of_many_rows_gets_a_hint() -> None:
    glm = ("glm-5.1", "--tp", "16", "--sp")
    result = run("query", *glm, "all_gather/78", "--sweep", "T=1024..1100")
    assert result.code == 0 and len(result.out.splitlines()) == 78
    assert result.err == (
        "layoutcheck: warning: --sweep T=1024..1100: 77 rows, one per value (a..b steps by 1); "
        "write T=1024..1100+4 (20 rows)\n"
    )
    refused = run("query", *glm, "all_gather/78", "--sweep", "T=1024..4096")
    assert refused.code == 2 and refused.out == ""
    assert "write T=1024..4096+128 (25 rows) or T=1024..4096*2 (3 rows)" in refused.err
    assert "T=1024..4096+1 if every value is meant" in refused.err
    stepped = run("query", *glm, "all_gather/78", "--sweep", "T=1024..4096+1024")
    assert [line.split()[0] for line in stepped.out.splitlines()[1:]] == [
        "1024",
        "2048",
        "3072",
        "4096",
    ]
    assert stepped.err == ""
    every = run("query", *glm, "all_gather/78", "--sweep", "T=1024..4096", "--format", "json")
    assert every.code == 0 and len(every.json()["sweep"]["points"]) == 3073  # JSON takes all


def test_sim_needs_no_set_and_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["sim", "--help"])
    assert "No --set is needed" in " ".join(capsys.readouterr().out.split())
    result = run("sim", LAYER)  # the shipped layer at T = 4096, tp = 16: too large as it is
    first = result.out.splitlines()[0]
    assert first.startswith("note: the graph's own sizes need")
    assert "simulating at --set T=32 --set tp=4" in first
    assert "ports checked on 4 ranks" in result.out
    page = " ".join((ROOT / "docs" / "sim.md").read_text(encoding="utf-8").split())
    assert "needs no `--set`" in page
    assert json.loads(run("sim", LAYER, "--format", "json").out)["simulated_at"]["tp"] == 4


@pytest.mark.parametrize(
    "argv",
    [
        ["cost", "glm-5.1", "--tp", "x"],  # the command's own option
        ["cost", "glm-5.1", "--bogus"],  # unrecognized: the top parser's message
        ["--color", "never", "cost"],  # a missing argument
        ["cost", "--help"],
        ["explain", "--format", "yaml", "indivisible"],
        ["cots", "glm-5.1"],  # no command: the whole parser
    ],
)
def test_a_run_s_parser_says_what_the_whole_parser_says(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # a run builds its own command's parser alone: every answer must be the whole one's
    from layoutcheck.cli import _parse, build_parser
    from layoutcheck.errors import UsageError

    answers = []
    for parse in (_parse, lambda words: build_parser().parse_args(words)):
        with pytest.raises((SystemExit, UsageError)) as stop:
            parse(argv)
        answers.append((type(stop.value), str(stop.value), capsys.readouterr()))
    assert answers[0] == answers[1]
    assert answers[0][0] is UsageError or "usage: layoutcheck cost" in answers[0][2].out
