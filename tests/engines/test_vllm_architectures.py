"""Hand-written graphs of the decoder layers of vLLM's newer architectures (tests/engines/vllm/,
each citing the vLLM file and line it mirrors): what each does with the layout, typed as vLLM
runs it, and the same graph made wrong, found at the op that is."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import run

FIXTURES = Path(__file__).resolve().parent / "vllm"
BATCH_DIM = FIXTURES / "batch_dim_tp2_post_sp.fx.txt"


def check(graph: Path, *flags: str) -> tuple[int, list[dict[str, object]]]:
    result = run("check", graph, "--format", "json", *flags)
    assert result.code in (0, 1), result.err
    return result.code, json.loads(result.out)["diagnostics"]


def edited(tmp_path: Path, source: Path, *edits: str) -> Path:
    """``source`` with each (old, new) pair of ``edits`` replaced once."""
    text = source.read_text()
    for old, new in zip(edits[::2], edits[1::2], strict=True):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / source.name.replace(".fx.txt", ".py")
    path.write_text(text)
    return path


# -- a shard of the batch dim (vLLM's Transformers backend under its SP pass) ------------------


def test_a_reduce_scatter_of_the_batch_of_one_is_an_error_at_that_op() -> None:
    code, found = check(BATCH_DIM, "--tp", "2")
    assert code == 1
    (error,) = found
    assert (error["rule"], error["severity"], error["line"]) == ("shard-of-batch", "error", 19)
    assert error["op"] == "reduce_scatter"
    assert "over dim 0 of [1, 16, 64], a batch dim of 1 in front of the tokens" in str(
        error["message"]
    )


def test_the_same_collectives_over_the_token_dim_are_clean(tmp_path: Path) -> None:
    path = edited(
        tmp_path,
        BATCH_DIM,
        "reduce_scatter.default(masked_fill, 0, 2",
        "reduce_scatter.default(masked_fill, 1, 2",
        "all_gather.default(rms_norm, 0, 2",
        "all_gather.default(rms_norm, 1, 2",
    )
    assert check(path, "--tp", "2") == (0, [])


def test_an_all_gather_or_a_split_of_the_batch_is_an_error_too(tmp_path: Path) -> None:
    gathered = edited(
        tmp_path,
        BATCH_DIM,
        "reduce_scatter.default(masked_fill, 0, 2",
        "reduce_scatter.default(masked_fill, 1, 2",
    )
    code, found = check(gathered, "--tp", "2")
    assert (code, [(d["rule"], d["op"]) for d in found]) == (1, [("shard-of-batch", "all_gather")])
    split = edited(
        tmp_path,
        BATCH_DIM,
        "torch.ops.vllm.reduce_scatter.default(masked_fill, 0, 2, 'tp:0');  masked_fill = None",
        "torch.ops.aten.split_with_sizes.default(masked_fill, [0, 1], 0)\n"
        '        reduce_scatter: "bf16[0, 16, 64]" = parts[0]',
        '        reduce_scatter: "bf16[0, 16, 64]" = torch',
        "        parts = torch",
    )
    code, found = check(split, "--tp", "2")
    assert code == 1 and [d["rule"] for d in found][:1] == ["shard-of-batch"]
