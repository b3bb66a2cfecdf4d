"""``--batch B`` on the command line: a decode batch of B requests over the DP ranks, one
``--context`` for all or a list of B; every misuse is one stderr line and exit 2, and the built
graph (check, export) carries the requests of the DP rank it builds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import GRAPHS, run

D1 = ["glm-5.1", "--phase", "decode", "--dp", "8", "--tp", "4", "--ep", "32"]


def test_batch_prices_as_tokens_per_dp_rank() -> None:
    batched = run("cost", *D1, "--batch", "64", "--context", "4096", "--quant", "w8a8_dynamic")
    tokens = run("cost", *D1, "--tokens", "8", "--context", "4096", "--quant", "w8a8_dynamic")
    assert batched.code == tokens.code == 0
    assert batched.out == tokens.out


@pytest.mark.parametrize(
    ("flags", "says"),
    [
        (["--batch", "4", "--context", "1,2,3"], ["3 contexts", "--batch is 4"]),
        (["--context", "1,2"], ["2 contexts", "--batch 2"]),
        (["--batch", "4", "--context", "1,,2"], ["whole numbers between commas"]),
        (["--batch", "4", "--tokens", "2"], ["--batch and --tokens"]),
        (["--batch", "2000000"], ["250,000 requests on a DP rank", "65,536"]),
    ],
)
def test_misuse_is_one_line_and_exit_2(flags: list[str], says: list[str]) -> None:
    code, out, err = run("cost", *D1, *flags)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    for words in says:
        assert words in err


def test_batch_needs_a_decode_step_of_a_model() -> None:
    code, _, err = run("cost", "glm-5.1", "--batch", "4")
    assert code == 2 and "--phase decode" in err
    graph = GRAPHS / "glm51-layer-tensorcast-dsa-cp.yaml"
    code, _, err = run("cost", graph, "--batch", "4")
    assert code == 2 and "is a graph" in err and len(err.strip().splitlines()) == 1


def test_a_padded_uneven_batch_checks_and_exports_with_its_requests(tmp_path: Path) -> None:
    # 18 requests over 8 DP ranks: 3 a rank, padded to 4 for the MoE's tp slice; the third
    # rank's requests hold the most keys
    contexts = [100, 200, 300, 400, 500, 600, 700, 800, 900, *range(1, 10)]
    flags = [*D1, "--batch", "18", "--context", ",".join(map(str, contexts))]
    code, out, err = run("check", *flags)
    assert code == 0, out + err
    assert "built DP rank 2, whose 3 requests hold the most keys (2,403)" in err
    path = tmp_path / "batch.yaml"
    assert run("export", *flags, "-o", path).code == 0
    text = path.read_text()
    assert "seq_lens: [701, 801, 901, 0]" in text
    assert "slots: tp*ceil(T/tp)" in text
    code, out, err = run("check", path)
    assert code == 0, out + err
