"""Cross-graph contracts (``check A --with B``): the hands of an interface between a target and
its draft, and between a prefill and its decode graph, through the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from layoutcheck.contracts import ContractError, load_contract
from tests.helpers import errors_of, run

BUGS = Path(__file__).resolve().parent / "bugs"
MTP = BUGS / "vllm-48036"
PD = BUGS / "vllm-ascend-14322"


def _pair(first: Path, second: Path, contract: str, *more: object) -> tuple[int, dict]:
    result = run(
        "check", first, "--with", second, "--contract", contract, "--format", "json", *more
    )
    assert result.code in (0, 1), result.err
    return result.code, result.json()


def _found(document: dict) -> set[tuple[str, str]]:
    return {(d["rule"], d["op"]) for d in errors_of(document)}


def _edited(tmp_path: Path, source: Path, name: str, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text, old
    path = tmp_path / name
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


# -- speculative decoding: a target and its MTP draft ---------------------------------------


def test_a_draft_that_returns_its_token_shard_breaks_the_recycled_handover() -> None:
    code, document = _pair(MTP / "target.yaml", MTP / "buggy.yaml", "vllm-mtp-handover")
    assert code == 1
    handed = [d for d in document["diagnostics"] if "from" in d]
    assert [(d["rule"], d["op"]) for d in handed] == [
        ("draft-recycled-hidden", "previous_hidden_states")
    ]
    finding = handed[0]
    # both ends, each in its graph, with its file:line and layout
    assert finding["from"]["value"] == "model.layers.61.residual_add"
    assert finding["from"]["layout"] == "bf16[32, 7168] L·W"
    assert finding["to"]["layout"] == "bf16[256, 7168] F·W"
    assert finding["from"]["line"] is not None and finding["to"]["line"] is not None
    assert f"buggy.yaml:{finding['from']['line']}" in finding["message"]
    assert f"buggy.yaml:{finding['to']['line']}" in finding["message"]
    assert "tokens LOCAL handed over, FULL read" in finding["message"]
    # the target's own handover was right: no draft-hidden-handover
    assert ("draft-hidden-handover", "previous_hidden_states") not in _found(document)
    # the draft's own type error is still reported, in its graph
    own = [d for d in document["diagnostics"] if d["rule"] == "local-token-select"]
    assert [d["graph"] for d in own] == ["vllm-48036-buggy"]


def test_the_fixed_draft_agrees_with_its_target_and_json_names_both_graphs() -> None:
    code, document = _pair(MTP / "target.yaml", MTP / "fixed.yaml", "vllm-mtp-handover")
    assert code == 0
    assert document["ok"] is True
    assert document["graph"] == "vllm-48036-target"
    assert document["with"] == "vllm-48036-fixed"
    assert document["graphs"] == ["vllm-48036-target", "vllm-48036-fixed"]
    assert document["interface"] == "speculative"
    assert [r["role"] for r in document["reports"]] == ["target", "draft"]
    assert errors_of(document) == []


def test_a_draft_reading_the_hidden_state_on_local_tokens_breaks_the_target_handover(
    tmp_path: Path,
) -> None:
    draft = _edited(
        tmp_path,
        MTP / "fixed.yaml",
        "draft.yaml",
        "previous_hidden_states: {shape: [T, H], tokens: full,",
        "previous_hidden_states: {shape: [T/tp, H], tokens: local,",
    )
    code, document = _pair(MTP / "target.yaml", draft, "vllm-mtp-handover")
    assert code == 1
    handed = [d for d in document["diagnostics"] if "from" in d]
    assert ("draft-hidden-handover", "previous_hidden_states") in {
        (d["rule"], d["op"]) for d in handed
    }
    target_end = next(d for d in handed if d["rule"] == "draft-hidden-handover")["from"]
    assert target_end["graph"] == "vllm-48036-target"
    assert target_end["value"] == "model.norm"


def test_text_output_says_both_graphs_and_the_verdict_on_the_pair() -> None:
    result = run(
        "check",
        MTP / "target.yaml",
        "--with",
        MTP / "buggy.yaml",
        "--contract",
        "vllm-mtp-handover",
    )
    assert result.code == 1
    assert "[draft-recycled-hidden]" in result.out
    assert "note: handed over by draft model.layers.61.residual_add" in result.out
    last = result.out.strip().splitlines()[-1]
    assert last.startswith("FAILED: target vllm-48036-target with draft vllm-48036-buggy")
    assert "1 handover error" in last


# -- prefill/decode disaggregation: the KV cache ---------------------------------------------


def test_a_decode_without_the_prefills_dcp_breaks_the_kv_handover() -> None:
    for graph in ("prefill", "buggy", "fixed"):  # alone, every graph is well typed
        assert run("check", PD / f"{graph}.yaml").code == 0
    code, document = _pair(PD / "prefill.yaml", PD / "buggy.yaml", "vllm-pd-kv-handover")
    assert code == 1
    assert _found(document) == {("kv-cache-dcp", "model.layers.5.self_attn.attn")}
    finding = errors_of(document)[0]
    assert "decode context parallel size 8 written, 1 read" in finding["message"]
    assert finding["from"]["file"].endswith("prefill.yaml")
    assert finding["to"]["file"].endswith("buggy.yaml")
    code, document = _pair(PD / "prefill.yaml", PD / "fixed.yaml", "vllm-pd-kv-handover")
    assert code == 0 and errors_of(document) == []


def test_another_block_size_on_the_decode_is_its_own_rule(tmp_path: Path) -> None:
    decode = _edited(
        tmp_path, PD / "fixed.yaml", "decode.yaml", "block_size: 128", "block_size: 64"
    )
    code, document = _pair(PD / "prefill.yaml", decode, "vllm-pd-kv-handover")
    assert code == 1
    assert _found(document) == {("kv-cache-block-size", "model.layers.5.self_attn.attn")}
    assert "block size 128 written, 64 read" in errors_of(document)[0]["message"]


def test_a_block_size_stated_on_one_side_only_is_a_difference(tmp_path: Path) -> None:
    decode = _edited(tmp_path, PD / "fixed.yaml", "decode.yaml", ", block_size: 128}", "}")
    code, document = _pair(PD / "prefill.yaml", decode, "vllm-pd-kv-handover")
    assert code == 1
    assert "block size 128 written, unstated read" in errors_of(document)[0]["message"]


_GQA = """\
format: layoutcheck-graph/1
name: gqa-{name}
symbols: {{T: 64, tp: {tp}, heads: 32, kv_heads: 8, d: 128}}
inputs:
  q: {{shape: [T, heads/tp*d], features: split}}
  k: {{shape: [T, kv_heads/tp*d], features: split}}
  v: {{shape: [T, kv_heads/tp*d], features: split}}
ops:
  - name: model.layers.0.self_attn.attn
    op: attention
    inputs: [q, k, v]
    attrs: {{heads: heads, kv_heads: kv_heads, head_dim: d, block_size: 128}}
outputs: [model.layers.0.self_attn.attn]
"""


def test_kv_heads_per_rank_follow_each_sides_tp(tmp_path: Path) -> None:
    prefill, decode = tmp_path / "prefill.yaml", tmp_path / "decode.yaml"
    prefill.write_text(_GQA.format(name="prefill", tp=8), encoding="utf-8")
    decode.write_text(_GQA.format(name="decode", tp=4), encoding="utf-8")
    code, document = _pair(prefill, decode, "vllm-pd-kv-handover")
    assert code == 1
    assert _found(document) == {("kv-cache-heads-per-rank", "model.layers.0.self_attn.attn")}
    assert "KV heads per rank 1 written, 2 read" in errors_of(document)[0]["message"]
    same = tmp_path / "same.yaml"
    same.write_text(_GQA.format(name="same", tp=8), encoding="utf-8")
    assert _pair(prefill, same, "vllm-pd-kv-handover")[0] == 0


# -- usage errors: one line, exit 2 ----------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "contract", "says"),
    [
        # a value the interface names that the draft does not have
        (MTP / "target.yaml", PD / "buggy.yaml", "vllm-mtp-handover", "has no value"),
        # ops the interface selects that the prefill does not have
        (MTP / "target.yaml", PD / "buggy.yaml", "vllm-pd-kv-handover", "has no op"),
        (MTP / "target.yaml", MTP / "fixed.yaml", "vllm-sp", "has no interface"),
        (MTP / "target.yaml", MTP / "fixed.yaml", None, "--with needs --contract"),
        (MTP / "target.yaml", MTP / "missing.yaml", "vllm-mtp-handover", "missing.yaml"),
    ],
)
def test_what_the_pair_cannot_be_checked_against_is_a_usage_error(
    first: Path, second: Path, contract: str | None, says: str
) -> None:
    argv: list[object] = ["check", first, "--with", second]
    if contract is not None:
        argv += ["--contract", contract]
    result = run(*argv)
    assert result.code == 2
    assert result.out == ""
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], result.err


def test_an_output_beyond_the_graphs_outputs_is_a_usage_error(tmp_path: Path) -> None:
    target = _edited(
        tmp_path,
        MTP / "target.yaml",
        "target.yaml",
        "outputs: [model.norm, lm_head]",
        "outputs: []",
    )
    result = run("check", target, "--with", MTP / "fixed.yaml", "--contract", "vllm-mtp-handover")
    assert result.code == 2
    assert "has 0 outputs; the interface names output 0" in result.err


def test_an_interface_contract_alone_is_a_usage_error() -> None:
    result = run("check", MTP / "fixed.yaml", "--contract", "vllm-mtp-handover")
    assert result.code == 2
    assert "--with OTHER" in result.err


# -- the interface: section ------------------------------------------------------------------

_CONTRACT = """\
format: layoutcheck-contract/1
name: mine
interface:
  kind: {kind}
  graphs: [a, b]
  hands:
    - id: my-hand
      from: {source}
      to: {{graph: b, value: x}}
      expect: {expect}
"""


@pytest.mark.parametrize(
    ("kind", "source", "expect", "says"),
    [
        ("pipelined", "{graph: a, output: 0}", "[tokens]", "kind must be one of"),
        ("speculative", "{graph: c, output: 0}", "[tokens]", "graph must be 'a' or 'b'"),
        ("speculative", "{graph: a, output: 0, value: y}", "[tokens]", "exactly one of"),
        ("speculative", "{graph: a, output: 0}", "[colour]", "expect is a list of"),
        ("speculative", "{graph: a, output: 0}", "[kv_dcp]", "KV-cache aspects compare"),
        ("speculative", "{graph: a, output: -1}", "[tokens]", "output is the position"),
    ],
)
def test_a_malformed_interface_is_refused_when_the_contract_loads(
    tmp_path: Path, kind: str, source: str, expect: str, says: str
) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(_CONTRACT.format(kind=kind, source=source, expect=expect), encoding="utf-8")
    with pytest.raises(ContractError, match=says):
        load_contract(str(path))


def test_an_interface_contract_needs_no_rules_and_its_hands_are_rules(tmp_path: Path) -> None:
    path = tmp_path / "mine.yaml"
    path.write_text(
        _CONTRACT.format(kind="speculative", source="{graph: a, output: 0}", expect="[tokens]"),
        encoding="utf-8",
    )
    contract = load_contract(str(path))
    assert contract.rules == ()
    assert contract.interface is not None and contract.interface.graphs == ("a", "b")
    assert [rule.id for rule in contract.rule_docs()] == ["my-hand"]
    shipped = load_contract("vllm-pd-kv-handover")
    assert [rule.id for rule in shipped.rule_docs()] == [
        "kv-cache-dcp",
        "kv-cache-heads-per-rank",
        "kv-cache-block-size",
    ]
