"""`layoutcheck fuzz` and `layoutcheck sim` end to end (in process, through ``cli.main``).

The fuzz passes live in tests/wrong_passes.py; the CLI imports them by ``MODULE:FUNCTION``
from the working directory, so each test runs from tests/.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import Phase, settings

from layoutcheck.cli import main
from layoutcheck.graph import Graph
from layoutcheck.graph_io import load_graph, loads_graph
from layoutcheck.models.builder import AttentionForm
from layoutcheck.oracle import KNOWN_BLIND_SPOTS
from layoutcheck.testing import check_pass_on, decoder_graphs, fuzz_pass
from tests import wrong_passes
from tests.helpers import GRAPHS, ROOT
from tests.wrong_passes import small_config

TESTS = ROOT / "tests"  # the fuzz CLI imports wrong_passes from here
SMALL_SETS = [
    *("T=32", "tp=4", "ep=4", "H=16", "heads=4", "q_lora=8", "kv_lora=8", "d_nope=4"),
    *("d_rope=4", "d_v=4", "experts=8", "top_k=2", "moe_I=8"),
]


def sets(*items: str) -> list[str]:
    return [arg for item in items for arg in ("--set", item)]


@pytest.fixture
def in_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TESTS)


@pytest.fixture
def without_explain_phase() -> Iterator[None]:
    """The active hypothesis profile without its explain phase.

    ``fuzz_pass`` swallows hypothesis' failure report, so the explain phase (which re-runs the
    failing example with variations to annotate that report) is pure cost: about 30 s for one
    counterexample of ``gathers_the_residual`` here, against under a second without it.
    Generation and shrinking are unchanged.
    """
    previous = settings.get_current_profile_name()
    profile = settings.get_profile(previous)
    phases = tuple(phase for phase in profile.phases if phase is not Phase.explain)
    settings.register_profile("fuzz-cli-without-explain", parent=profile, phases=phases)
    settings.load_profile("fuzz-cli-without-explain")
    try:
        yield
    finally:
        settings.load_profile(previous)


def fuzz(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["fuzz", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# -- counterexamples ---------------------------------------------------------------------------


@pytest.mark.usefixtures("in_tests", "without_explain_phase")
@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("gathers_the_residual", "breaks the type rules"),
        ("drops_the_token_slice", "breaks the type rules"),
        # the type rules now catch the RFC's TP shared expert on local tokens themselves
        ("tensorcast_shared_experts", "[cross-token-reduction]"),
    ],
)
def test_fuzz_finds_a_counterexample_that_reloads_and_reproduces(
    name: str, reason: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    written = tmp_path / "counterexample.yaml"
    examples = "200" if name in wrong_passes.WRONG else "60"
    code, out, err = fuzz(
        capsys, "--pass", f"wrong_passes:{name}", "--examples", examples, "--seed", "0",
        "-o", str(written),
    )  # fmt: skip
    assert code == 1, err
    assert err == ""
    first = out.splitlines()[0]
    assert first.startswith("# counterexample: the output ") and reason in first
    assert out.rstrip().endswith(f"# written to {written}")
    graph = loads_graph(out)  # the printed text is a graph file (the notes are comments)
    assert graph == load_graph(written)
    again = check_pass_on(getattr(wrong_passes, name), graph)
    assert again is not None and first == f"# counterexample: {again}"
    # the input is fine: the bug is the pass's
    assert check_pass_on(wrong_passes.real_sequence_parallel, graph) is None


def test_the_residual_gather_counterexample_names_a_norm(
    capsys: pytest.CaptureFixture[str], in_tests: None, without_explain_phase: None
) -> None:
    code, out, _ = fuzz(capsys, "--pass", "wrong_passes:gathers_the_residual", "--examples", "200")
    assert code == 1
    first = out.splitlines()[0]
    assert "add_rms_norm" in first and "[layout-mismatch]" in first
    graph = loads_graph(out)
    assert not any(op.kind == "reduce_scatter" for op in graph.ops)  # the input: TP
    assert all(op.kind != "token_slice" for op in graph.ops)


# -- the real passes -------------------------------------------------------------------------


@pytest.mark.usefixtures("in_tests")
@pytest.mark.parametrize("name", ["real_sequence_parallel", "real_repetition"])
def test_fuzz_finds_nothing_in_the_real_passes(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = fuzz(
        capsys, "--pass", f"wrong_passes:{name}", "--examples", "50", "--seed", "3"
    )
    assert (code, err) == (0, "")
    assert out == "no counterexample in 50 examples (seed 3)\n"


def test_vllm_ascend_is_fuzzed_on_key_side_baselines() -> None:
    key_side = decoder_graphs(dsa=True, form=AttentionForm.KEY_SIDE)
    assert fuzz_pass(wrong_passes.real_vllm_ascend, examples=30, seed=0, graphs=key_side) is None


def test_vllm_ascend_on_fused_baselines_is_a_counterexample(without_explain_phase: None) -> None:
    """The vLLM-Ascend layer needs the key-side form: on a fused indexer it cannot be made."""
    found = fuzz_pass(
        wrong_passes.real_vllm_ascend, examples=10, seed=0, graphs=decoder_graphs(dsa=True)
    )
    assert found is not None
    assert found.reason.startswith("the pass raised PassError: pass sequence-parallel")
    assert ".self_attn.indexer" in found.reason and "[local-kv-into-attention]" in found.reason


# -- usage errors ----------------------------------------------------------------------------


@pytest.mark.usefixtures("in_tests")
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--pass", "wrong_passes"], "write MODULE:FUNCTION"),
        (["--pass", ":gathers_the_residual"], "write MODULE:FUNCTION"),
        (["--pass", "wrong_passes:"], "write MODULE:FUNCTION"),
        (["--pass", "no_such_module_here:f"], "cannot import 'no_such_module_here'"),
        (["--pass", "wrong_passes:no_such_pass"], "has no function 'no_such_pass'"),
        (["--pass", "wrong_passes:WRONG"], "has no function 'WRONG'"),  # a dict, not callable
        (["--pass", "wrong_passes:real_repetition", "--examples", "0"], "--examples"),
        (["--pass", "wrong_passes:real_repetition", "--examples", "many"], "invalid int"),
        ([], "--pass"),
    ],
)
def test_bad_pass_arguments_exit_2_with_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = fuzz(capsys, *args)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and err.startswith("layoutcheck: error: ")
    assert message in err


def test_a_function_that_is_not_a_pass_is_a_counterexample_not_a_crash(
    capsys: pytest.CaptureFixture[str], in_tests: None, without_explain_phase: None
) -> None:
    code, out, _ = fuzz(capsys, "--pass", "wrong_passes:has_dsa", "--examples", "5")
    assert code == 1
    assert out.startswith("# counterexample: the pass raised AttributeError")


# -- layoutcheck sim -----------------------------------------------------------------------------


def simulate_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str]]:
    code = main(["sim", *args])
    captured = capsys.readouterr()
    assert captured.err == ""
    return code, captured.out.splitlines()


def test_sim_on_the_vllm_example_is_sound(capsys: pytest.CaptureFixture[str]) -> None:
    path = GRAPHS / "glm51-layer-vllm-ascend-dsa-cp.yaml"
    code, lines = simulate_cli(capsys, str(path), *sets(*SMALL_SETS, "d_index=4"))
    assert code == 0
    assert len(lines) == 1
    assert lines[0].startswith("sound: ") and "on 4 ranks against a single-rank run" in lines[0]
    assert "; 0 skipped" in lines[0]


def test_sim_on_the_tensorcast_example_reports_the_blind_spot(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml"
    code, lines = simulate_cli(capsys, str(path), *sets(*SMALL_SETS))
    assert code == 1
    unsound = [line.split(": ")[1] for line in lines if line.startswith("unsound: ")]
    assert unsound == [
        "model.layers.5.mlp.shared_experts.all_reduce",
        "model.layers.5.mlp.combine",
    ]
    assert any(line.startswith("2 unsound port(s): ") for line in lines)
    assert lines[-1] == f"note: {KNOWN_BLIND_SPOTS[0]}"


def test_sim_without_set_picks_small_sizes_and_says_which(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The layer at its real sizes would need terabytes: sim picks small sizes that type-check
    alike, prints them as --set flags, and gives the verdict those flags give."""
    path = GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml"
    code, lines = simulate_cli(capsys, str(path))
    note, *verdict = lines
    assert note.startswith("note: the graph's own sizes need about 6.2e+11 float64 elements")
    flags = note.split("simulating at ")[1]
    assert flags.startswith("--set T=32 --set tp=4 ")
    again = simulate_cli(capsys, str(path), *flags.split())
    assert (code, verdict) == again and code == 1  # the shared expert's blind spot, as above


def test_sim_keeps_the_sizes_given_and_refuses_real_ones(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml"
    code, lines = simulate_cli(capsys, str(path), "--set", "top_k=2")
    assert code == 1 and "--set top_k" not in lines[0]
    code = main(["sim", str(path), "--set", "T=4096"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1
    assert "the simulator holds at most 2e+07 (lower the sizes with --set" in err


def test_sim_on_the_mc2_example_with_its_own_tokens(capsys: pytest.CaptureFixture[str]) -> None:
    path = GRAPHS / "mc2-decode-moe.yaml"
    code, lines = simulate_cli(
        capsys, str(path), *sets("ep=4", "H=16", "experts=8", "top_k=2", "moe_I=8")
    )
    # decode's own 9 tokens, then 1 token and 3 (fewer than the 4 ranks) as well
    assert lines[0] == "note: also simulating at --set T=1; --set T=3"
    assert code == 0 and lines[-1].startswith("sound: ") and "; 0 skipped" in lines[-1]
    assert "at 3 sizes" in lines[-1]


def test_sim_names_the_op_a_rejected_graph_fails_at(capsys: pytest.CaptureFixture[str]) -> None:
    """A graph the type rules reject fails where they reject it: unsound (exit 1), the run's
    failure as the evidence, never "cannot execute"."""
    path = GRAPHS / "bugs" / "tensorcast-sp-local-dispatch-full-topk.yaml"
    small = ("T=32", "tp=4", "ep=4", "H=16", "experts=8", "top_k=2", "moe_I=8")
    code, lines = simulate_cli(capsys, str(path), *sets(*small))
    assert code == 1
    assert lines[0] == (
        "fails: model.layers.5.mlp.experts: rank 0 dispatches 8 token rows with 32 rows "
        "of expert ids"
    )
    assert lines[1].startswith(
        "unsound: it fails where the type rules reject it (model.layers.5.mlp.experts "
        "[layout-mismatch])"
    )


def _config(tmp_path: Path) -> str:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(small_config("glm-5.1")))
    return str(path)


def test_sim_on_a_model_config(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    config = _config(tmp_path)
    model = [config, "--tp", "4", "--sp", "--tokens", "30"]
    code, lines = simulate_cli(capsys, *model, "--shared-experts", "replicated")
    assert code == 0 and lines[-1].startswith("sound: ")
    code, lines = simulate_cli(capsys, *model)  # the RFC table's shared experts (the default)
    assert code == 1
    assert lines[1].startswith("unsound: model.layers.1.mlp.shared_experts.all_reduce: ")
    assert lines[-1] == f"note: {KNOWN_BLIND_SPOTS[0]}"


def test_sim_refuses_an_unknown_symbol(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["sim", str(GRAPHS / "mc2-decode-moe.yaml"), "--set", "nope=3"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "no symbol 'nope'" in err


def test_loaded_counterexamples_are_graphs() -> None:
    """The graph type the checks above compare (guards the equality they rely on)."""
    graph = load_graph(GRAPHS / "mc2-decode-moe.yaml")
    again = loads_graph((GRAPHS / "mc2-decode-moe.yaml").read_text())
    assert isinstance(graph, Graph) and graph == again
