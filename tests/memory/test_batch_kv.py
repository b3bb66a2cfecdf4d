"""The KV cache a decode batch's requests hold on the built DP rank (``memory`` with
``--batch``): each request its own context and new token, Σ_i S_i tokens at the model's bytes
per token; ``--accounting tensorcast`` is TensorCast's reservation, which its d1 log prints."""

from __future__ import annotations

import json
import re

import pytest

from layoutcheck.memory import kv_bytes_per_token_all_layers
from layoutcheck.models.config import load_config, model_spec
from tests.helpers import ROOT, run

D1 = ["glm-5.1", "--phase", "decode", "--dp", "8", "--tp", "4", "--ep", "32"]
D1 += ["--quant", "w8a8_dynamic", "--format", "json"]
GIB = 2**30


def per_token() -> int:
    config, name, where = load_config("glm-5.1")
    return kv_bytes_per_token_all_layers(model_spec(config, name, where), 4)


def held(*flags: str) -> dict[str, int]:
    code, out, err = run("memory", *D1, *flags)
    assert code == 0, err
    batch: dict[str, int] = json.loads(out)["kv_cache"]["batch"]
    return batch


def test_equal_contexts_hold_what_tokens_per_dp_rank_hold() -> None:
    batch = held("--batch", "64", "--context", "4096")
    assert batch == held("--tokens", "8", "--context", "4096")
    assert batch["requests"] == 8
    assert batch["tokens"] == 8 * (4096 + 1)
    assert batch["bytes"] == batch["tokens"] * per_token()


def test_uneven_contexts_hold_their_sum() -> None:
    contexts = [4096] * 56 + [1000, 3000, 5000, 100, 2047, 20000, 9000, 1]
    batch = held("--batch", "64", "--context", ",".join(map(str, contexts)))
    # the last DP rank's requests hold the most keys: they are the rank built
    assert batch["tokens"] == sum(c + 1 for c in contexts[56:])
    assert batch["bytes"] == batch["tokens"] * per_token()
    assert batch["kv_bytes"] + batch["indexer_bytes"] == batch["bytes"]


def test_tensorcast_accounting_is_d1_s_logged_kv_cache() -> None:
    log = (ROOT / "tests" / "data" / "tensorcast-runs" / "d1.log").read_text()

    def logged(label: str) -> float:
        found = re.search(rf"{label}: ([0-9.]+) GB", log)
        assert found is not None, label
        return float(found.group(1))

    batch = held("--batch", "64", "--context", "4096", "--accounting", "tensorcast")
    assert batch["bytes"] / GIB == pytest.approx(logged("KV cache"), abs=5e-4)
    assert batch["kv_bytes"] / GIB == pytest.approx(logged("Main KV cache"), abs=5e-4)
    assert batch["indexer_bytes"] / GIB == pytest.approx(logged("Indexer cache"), abs=5e-4)
    # its reservation: 8 requests of S + 1 tokens each, in whole 128-token blocks
    assert batch["tokens"] == -(-8 * (4096 + 2) // 128) * 128


def test_a_prefill_reports_no_decode_batch() -> None:
    code, out, _ = run("memory", "glm-5.1", "--tp", "4", "--context", "100", "--format", "json")
    assert code == 0
    assert json.loads(out)["kv_cache"]["batch"] is None
