"""Contract rules: for every rule of every shipped contract, a minimal graph that breaks it and a
near-identical one that keeps it; TOP values are skipped; malformed contract files are refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from layoutcheck.check import check_graph
from layoutcheck.contracts import Contract, ContractError, available_contracts, load_contract
from layoutcheck.diagnostics import Report, Severity
from layoutcheck.graph import Graph, GraphBuilder, ValueRef
from layoutcheck.interp import interpret
from layoutcheck.lattice import Dtype, FeatureState, TokenLayout
from layoutcheck.validate import normalize

FULL, LOCAL = TokenLayout.FULL, TokenLayout.LOCAL
WHOLE, SPLIT, PARTIAL = FeatureState.WHOLE, FeatureState.SPLIT, FeatureState.PARTIAL

TENSORCAST = "tensorcast-dsa-cp-prefill"
VLLM = "vllm-ascend-dsa-cp-prefill"
MC2 = "mc2-decode"
SHIPPED = (TENSORCAST, VLLM, MC2)

SIZES: dict[str, int | None] = {
    "T": 4096,
    "tp": 16,
    "ep": 16,
    "H": 64,
    "I": 128,
    "heads": 32,
    "dn": 16,
    "dr": 8,
    "dv": 16,
    "kvl": 32,
    "E": 32,
}
MLA = {
    "heads": "heads",
    "qk_nope_head_dim": "dn",
    "qk_rope_head_dim": "dr",
    "v_head_dim": "dv",
    "kv_lora_rank": "kvl",
}
Q_WIDTH = "heads*(dn+dr)"
KV_WIDTH = "kvl+dr"
L0 = "model.layers.0"


class G:
    """A small graph under construction: inputs take expression text for their dims."""

    def __init__(self, **symbols: int | None) -> None:
        self.symbols = {**SIZES, **symbols}
        self.b = GraphBuilder(
            "contract-test", symbols=self.symbols, groups={"tp": "tp", "ep": "ep"}
        )

    def act(
        self,
        name: str,
        tokens: TokenLayout = FULL,
        features: FeatureState = WHOLE,
        width: str = "H",
        dtype: Dtype = Dtype.BF16,
    ) -> ValueRef:
        rows = "T" if tokens is FULL else "T/tp"
        if features is SPLIT:
            width = f"({width})/tp"
        dims = [rows, width]
        return self.b.input(name, dims, tokens, features, dtype)

    def op(self, name: str, kind: str, inputs: Sequence[ValueRef], **attrs: object) -> ValueRef:
        return self.b.op(name, kind, inputs, **attrs)  # type: ignore[arg-type]

    def graph(self) -> Graph:
        return normalize(self.b.build())


@pytest.fixture(scope="module")
def contracts() -> dict[str, Contract]:
    return {name: load_contract(name) for name in SHIPPED}


def check(graph: Graph, contract: str) -> Report:
    return check_graph(graph, load_contract(contract))


def contract_errors(report: Report, rule: str) -> list[str | None]:
    """The ops a contract rule's errors name."""
    return [d.op for d in report.errors if d.rule == rule]


# -- the paired cases ------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    contract: str
    rule: str
    name: str
    build: Callable[[bool], Graph]
    op: str | None  # the op the broken graph's diagnostic names
    type_errors: frozenset[str]  # type rules the broken graph also (rightly) breaks

    def __str__(self) -> str:
        return f"{self.contract}:{self.rule}:{self.name}"


CASES: list[Case] = []


def case(
    contracts: str | Sequence[str], rule: str, op: str | None, *type_errors: str
) -> Callable[[Callable[[bool], Graph]], Callable[[bool], Graph]]:
    names = (contracts,) if isinstance(contracts, str) else tuple(contracts)

    def register(build: Callable[[bool], Graph]) -> Callable[[bool], Graph]:
        for contract in names:
            name = build.__name__.removeprefix("_")
            CASES.append(Case(contract, rule, name, build, op, frozenset(type_errors)))
        return build

    return register


# tensorcast-dsa-cp-prefill ------------------------------------------------------------------

ATTN = f"{L0}.self_attn.attn"


@case(TENSORCAST, "attention-full-token", ATTN)
def _local_queries_into_attention(broken: bool) -> Graph:
    g = G()
    q = g.act("q", LOCAL if broken else FULL, width=Q_WIDTH)
    kv = g.act("kv", FULL, width=KV_WIDTH)
    g.op(ATTN, "mla_attention", [q, kv], **MLA)
    return g.graph()


@case(TENSORCAST, "attention-full-token", f"{L0}.self_attn.indexer")
def _local_queries_into_the_indexer(broken: bool) -> Graph:
    g = G()
    q_c = g.act("q_c", LOCAL if broken else FULL, width="I")
    k = g.act("k", FULL, width="128")
    g.op(
        f"{L0}.self_attn.indexer",
        "dsa_indexer",
        [q_c, k],
        index_n_heads=4,
        index_head_dim=128,
        topk=64,
    )
    return g.graph()


@case(TENSORCAST, "attention-full-token", f"{L0}.self_attn.q_a_proj")
def _local_tokens_into_the_q_projection(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL if broken else FULL)
    g.op(
        f"{L0}.self_attn.q_a_proj",
        "linear",
        [x],
        in_features="H",
        out_features="I",
        parallel="replicated",
    )
    return g.graph()


O_PROJ = f"{L0}.self_attn.o_proj"


def _attention_output(g: G, *, sliced: bool) -> ValueRef:
    """[T, heads, dv] FULL attention output, token-sliced if asked, flattened for o_proj."""
    q = g.act("q", FULL, width=Q_WIDTH)
    kv = g.act("kv", FULL, width=KV_WIDTH)
    out = g.op(ATTN, "mla_attention", [q, kv], **MLA)
    if sliced:
        out = g.op(f"{L0}.self_attn.o_proj_slice", "token_slice", [out])
    return g.op(f"{L0}.self_attn.o_proj_flatten", "reshape", [out], features=["heads*dv"])


@case(TENSORCAST, "o-proj-token-slice", O_PROJ)
def _o_proj_without_the_token_slice(broken: bool) -> Graph:
    g = G()
    flat = _attention_output(g, sliced=not broken)
    g.op(O_PROJ, "linear", [flat], in_features="heads*dv", out_features="H", parallel="replicated")
    return g.graph()


@case(TENSORCAST, "o-proj-token-slice", O_PROJ)
def _o_proj_not_replicated(broken: bool) -> Graph:
    g = G()
    flat = _attention_output(g, sliced=True)
    # a column-parallel o_proj over another group keeps the types right and breaks the contract
    g.op(
        O_PROJ,
        "linear",
        [flat],
        in_features="heads*dv",
        out_features="H",
        parallel="column" if broken else "replicated",
        group="ep",
    )
    return g.graph()


@case(TENSORCAST, "o-proj-token-slice", O_PROJ, "reduce-of-complete")
def _all_reduce_after_the_replicated_o_proj(broken: bool) -> Graph:
    g = G()
    flat = _attention_output(g, sliced=True)
    o_proj = g.op(
        O_PROJ, "linear", [flat], in_features="heads*dv", out_features="H", parallel="replicated"
    )
    g.op(f"{L0}.self_attn.o_proj_ar", "all_reduce" if broken else "rms_norm", [o_proj])
    return g.graph()


def _with_attr(graph: Graph, name: str, **changes: str) -> Graph:
    op = graph.op(name)
    attrs = dict(op.attrs)
    attrs.update(changes)
    changed = op.evolve(attrs=tuple(sorted(attrs.items())))
    return normalize(graph.with_ops(changed if o.name == name else o for o in graph.ops))


@case((TENSORCAST, VLLM), "moe-local-token", f"{L0}.mlp.gate")
def _full_tokens_into_the_moe_gate(broken: bool) -> Graph:
    g = G()
    x = g.act("x", FULL if broken else LOCAL)
    g.op(f"{L0}.mlp.gate", "moe_gate", [x], experts="E")
    return g.graph()


@case((TENSORCAST, VLLM), "moe-local-token", f"{L0}.mlp.experts")
def _full_tokens_into_the_routed_experts(broken: bool) -> Graph:
    g = G()
    tokens = FULL if broken else LOCAL
    x = g.act("x", tokens)
    logits = g.act("logits", tokens, width="E")
    topk = g.op(f"{L0}.mlp.topk", "moe_topk", [logits], top_k=4)
    g.op(
        f"{L0}.mlp.experts",
        "moe_experts",
        [x, topk, ValueRef(topk.op, 1)],
        experts="E",
        top_k=4,
        intermediate="I",
    )
    return g.graph()


@case((TENSORCAST, VLLM), "moe-local-token", f"{L0}.mlp.shared_experts.gate_up_proj")
def _full_tokens_into_the_shared_expert(broken: bool) -> Graph:
    g = G()
    x = g.act("x", FULL if broken else LOCAL)
    g.op(
        f"{L0}.mlp.shared_experts.gate_up_proj",
        "linear",
        [x],
        in_features="H",
        out_features="2*I",
        parallel="replicated",
    )
    return g.graph()


SHARED_AR = f"{L0}.mlp.shared_experts.all_reduce"


@case(TENSORCAST, "shared-reduce-keeps-local", SHARED_AR)
def _shared_expert_reduce_on_full_tokens(broken: bool) -> Graph:
    g = G()
    down = g.act("down", FULL if broken else LOCAL, PARTIAL)
    g.op(SHARED_AR, "all_reduce", [down])
    return g.graph()


@case((TENSORCAST, VLLM), "residual-stays-local", f"{L0}.input_layernorm")
def _full_residual(broken: bool) -> Graph:
    g = G()
    tokens = FULL if broken else LOCAL
    x, r = g.act("x", tokens), g.act("r", tokens)
    g.op(f"{L0}.input_layernorm", "add_rms_norm", [x, r])
    return g.graph()


@case((TENSORCAST, VLLM), "residual-stays-local", f"{L0}.input_layernorm")
def _gathered_residual(broken: bool) -> Graph:
    g = G()
    x, r = g.act("x", LOCAL), g.act("r", LOCAL)
    norm = g.op(f"{L0}.input_layernorm", "add_rms_norm", [x, r])
    g.op(f"{L0}.mlp.gather", "all_gather", [ValueRef(norm.op, 1 if broken else 0)])
    return g.graph()


@case(TENSORCAST, "gather-normalized-only", f"{L0}.mlp.gather")
def _gather_of_a_projection(broken: bool) -> Graph:
    g = G()
    x = g.act("x", LOCAL)
    if broken:
        source = g.op(
            f"{L0}.mlp.proj",
            "linear",
            [x],
            in_features="H",
            out_features="H",
            parallel="replicated",
        )
    else:
        source = g.op(f"{L0}.post_attention_layernorm", "rms_norm", [x])
    g.op(f"{L0}.mlp.gather", "all_gather", [source])
    return g.graph()


@case(TENSORCAST, "gather-normalized-only", f"{L0}.mlp.gather")
def _gather_of_the_residual_output(broken: bool) -> Graph:
    g = G()
    x, r = g.act("x", LOCAL), g.act("r", LOCAL)
    norm = g.op(f"{L0}.post_attention_layernorm", "add_rms_norm", [x, r])
    g.op(f"{L0}.mlp.gather", "all_gather", [ValueRef(norm.op, 1 if broken else 0)])
    return g.graph()


def _attention_entries(g: G, gathers: int) -> None:
    """Layer 0's normalized hidden state enters q_a_proj and kv_a_proj through ``gathers``
    all_gathers (0, 1 or 2)."""
    x = g.act("x", LOCAL)
    norm = g.op(f"{L0}.input_layernorm", "rms_norm", [x])
    sources = [norm, norm]
    if gathers >= 1:
        sources = [g.op(f"{L0}.self_attn.gather", "all_gather", [norm])] * 2
    if gathers == 2:
        sources[1] = g.op(f"{L0}.self_attn.gather_again", "all_gather", [norm])
    for name, source in zip(("q_a_proj", "kv_a_proj_with_mqa"), sources, strict=True):
        g.op(
            f"{L0}.self_attn.{name}",
            "linear",
            [source],
            in_features="H",
            out_features="I",
            parallel="replicated",
        )


@case(TENSORCAST, "boundary-count", f"{L0}.self_attn.gather_again")
def _two_attention_entries_in_a_layer(broken: bool) -> Graph:
    g = G()
    _attention_entries(g, 2 if broken else 1)
    return g.graph()


@case(TENSORCAST, "boundary-count", None)
def _no_attention_entry_in_a_layer(broken: bool) -> Graph:
    g = G()
    _attention_entries(g, 0 if broken else 1)
    return g.graph()


@case(TENSORCAST, "boundary-count", None)
def _a_layer_without_its_entry(broken: bool) -> Graph:
    # two layers; layer 1 forgets its gather
    g = G()
    for layer in (0, 1):
        x = g.act(f"x{layer}", LOCAL)
        norm = g.op(f"model.layers.{layer}.input_layernorm", "rms_norm", [x])
        source = norm
        if layer == 0 or not broken:
            source = g.op(f"model.layers.{layer}.self_attn.gather", "all_gather", [norm])
        g.op(
            f"model.layers.{layer}.self_attn.q_a_proj",
            "linear",
            [source],
            in_features="H",
            out_features="I",
            parallel="replicated",
        )
    return g.graph()


# vllm-ascend-dsa-cp-prefill -----------------------------------------------------------------

SFA = f"{L0}.self_attn.attn"


def _sparse_attention(g: G, q_tokens: TokenLayout, kv_tokens: TokenLayout) -> None:
    q = g.act("q", q_tokens, width=Q_WIDTH)
    kv = g.act("kv", kv_tokens, width=KV_WIDTH)
    idx = g.act("idx", q_tokens, width="64", dtype=Dtype.INT32)
    g.op(SFA, "sparse_attention", [q, kv, idx], topk=64, **MLA)


@case(VLLM, "attention-local-query", SFA)
def _full_queries_into_sparse_attention(broken: bool) -> Graph:
    g = G()
    _sparse_attention(g, FULL if broken else LOCAL, FULL)
    return g.graph()


@case(VLLM, "attention-local-query", f"{L0}.self_attn.indexer")
def _full_queries_into_the_indexer(broken: bool) -> Graph:
    g = G()
    q_c = g.act("q_c", FULL if broken else LOCAL, width="I")
    k = g.act("k", FULL, width="128")
    g.op(
        f"{L0}.self_attn.indexer",
        "dsa_indexer",
        [q_c, k],
        index_n_heads=4,
        index_head_dim=128,
        topk=64,
    )
    return g.graph()


def _key_side_gather(g: G, *, gather_hidden: bool, extra: bool = False) -> None:
    """vLLM-Ascend layer 0: queries on LOCAL tokens, one gather of the key side (or of the
    normalized hidden state), and optionally a second gather into the attention domain."""
    x = g.act("x", LOCAL)
    norm = g.op(f"{L0}.input_layernorm", "rms_norm", [x])
    if gather_hidden:
        hidden = g.op(f"{L0}.self_attn.gather", "all_gather", [norm])
        key = g.op(
            f"{L0}.self_attn.kv_a_proj_with_mqa",
            "linear",
            [hidden],
            in_features="H",
            out_features=KV_WIDTH,
            parallel="replicated",
        )
    else:
        key = g.op(
            f"{L0}.self_attn.kv_a_proj_with_mqa",
            "linear",
            [norm],
            in_features="H",
            out_features=KV_WIDTH,
            parallel="replicated",
        )
        key = g.op(f"{L0}.self_attn.gather", "all_gather", [key])
    g.op(f"{L0}.self_attn.kv_norm", "rms_norm", [key])
    if extra:
        again = g.op(f"{L0}.self_attn.gather_again", "all_gather", [x])
        g.op(f"{L0}.self_attn.k_rope", "rope", [again])


@case(VLLM, "kv-gather-only", f"{L0}.self_attn.gather")
def _gather_of_the_hidden_state_into_attention(broken: bool) -> Graph:
    g = G()
    _key_side_gather(g, gather_hidden=broken)
    return g.graph()


@case(VLLM, "kv-gather-only", f"{L0}.self_attn.gather_again")
def _second_gather_into_attention(broken: bool) -> Graph:
    g = G()
    _key_side_gather(g, gather_hidden=False, extra=broken)
    if not broken:  # the same extra consumer, fed from the one key-side gather
        g.op(f"{L0}.self_attn.k_rope", "rope", [ValueRef(f"{L0}.self_attn.gather")])
    return g.graph()


# mc2-decode ---------------------------------------------------------------------------------

GATE = f"{L0}.mlp.gate"
TOPK = f"{L0}.mlp.topk"
EXPERTS = f"{L0}.mlp.experts"


def _mc2(g: G, *, gate_on_local: bool = False, pad: bool = True, unpad: bool = True) -> None:
    """The MC2 decode MoE: gate on FULL tokens, pad + slice logits and hidden states, top-k and
    experts on LOCAL tokens, gather back and unpad before the residual add. T = 12 over tp 4 so
    that the mistakes below stay type-correct."""
    hidden = g.act("hidden", FULL)
    gate_in = g.op(f"{L0}.mlp.pre_slice", "token_slice", [hidden]) if gate_on_local else hidden
    logits = g.op(GATE, "moe_gate", [gate_in], experts="E")

    def sliced(value: ValueRef, what: str) -> ValueRef:
        if gate_on_local and what == "logits":
            return value
        if pad:
            value = g.op(f"{L0}.mlp.prepare.pad_{what}", "pad_tokens", [value])
        return g.op(f"{L0}.mlp.prepare.slice_{what}", "token_slice", [value])

    topk = g.op(TOPK, "moe_topk", [sliced(logits, "logits")], top_k=4)
    experts = g.op(
        EXPERTS,
        "moe_experts",
        [sliced(hidden, "hidden"), topk, ValueRef(topk.op, 1)],
        experts="E",
        top_k=4,
        intermediate="I",
        dispatch="mc2",
    )
    out = g.op(f"{L0}.mlp.finalize.all_gather", "all_gather", [experts])
    if unpad:
        out = g.op(f"{L0}.mlp.finalize.unpad", "unpad_tokens", [out])
    g.op(f"{L0}.mlp.combine", "add", [out, hidden])


MC2_SIZES = {"T": 12, "tp": 4, "ep": 32}
# 10 tokens over tp 4: the pad to 12 is two rows, so neither it nor the unpad may be left out
MC2_PADDED = {"T": 10, "tp": 4, "ep": 32}


@case(MC2, "gate-full-token", GATE)
def _gate_on_sliced_tokens(broken: bool) -> Graph:
    g = G(**MC2_SIZES)
    _mc2(g, gate_on_local=broken)
    return g.graph()


@case(MC2, "topk-sliced", TOPK)
def _topk_on_full_logits(broken: bool) -> Graph:
    g = G(**MC2_SIZES)
    hidden = g.act("hidden", FULL)
    logits = g.op(GATE, "moe_gate", [hidden], experts="E")
    if not broken:
        logits = g.op(
            f"{L0}.mlp.prepare.slice_logits",
            "token_slice",
            [g.op(f"{L0}.mlp.prepare.pad_logits", "pad_tokens", [logits])],
        )
    g.op(TOPK, "moe_topk", [logits], top_k=4)
    return g.graph()


@case(MC2, "finalize-gathers", EXPERTS, "layout-mismatch")
def _finalize_without_unpad(broken: bool) -> Graph:
    g = G(**MC2_PADDED)
    _mc2(g, unpad=not broken)
    return g.graph()


CASE_IDS = [str(c) for c in CASES]


def test_an_empty_pad_may_be_left_out_and_a_needed_one_may_not() -> None:
    # 12 tokens over tp 4 pad by zero rows: an engine omits pad and unpad, and that is right
    g = G(**MC2_SIZES)
    _mc2(g, pad=False, unpad=False)
    assert check(g.graph(), MC2).diagnostics == ()
    # 10 tokens need two rows of padding: slicing them unpadded is a type error, and checking
    # goes on below it (as if the slice divided), where the contract misses the pad too
    g = G(**MC2_PADDED)
    _mc2(g, pad=False, unpad=False)
    report = check(g.graph(), MC2)
    assert {d.rule for d in report.errors} == {"indivisible", "topk-sliced"}
    sliced = [d for d in report.errors if d.rule == "topk-sliced"]
    assert sliced and all("pad_tokens" in d.message for d in sliced)


# -- coverage --------------------------------------------------------------------------------


def test_the_three_contracts_are_shipped() -> None:
    assert set(SHIPPED) <= set(available_contracts())


@pytest.mark.parametrize("name", SHIPPED)
def test_every_rule_of_the_contract_has_a_case(name: str, contracts: dict[str, Contract]) -> None:
    rule_ids = {rule.doc.id for rule in contracts[name].rules}
    assert {c.rule for c in CASES if c.contract == name} == rule_ids


@pytest.mark.parametrize("name", SHIPPED)
def test_contract_rules_document_themselves(name: str, contracts: dict[str, Contract]) -> None:
    contract = contracts[name]
    assert contract.name == name
    for rule in contract.rules:
        assert rule.doc.summary and rule.doc.fix, rule.doc.id
        assert rule.doc.contract == name
        assert rule.checks


# -- the pairs -------------------------------------------------------------------------------


@pytest.mark.parametrize("c", CASES, ids=CASE_IDS)
def test_broken_graph_breaks_the_rule(c: Case) -> None:
    report = check(c.build(True), c.contract)
    ops = contract_errors(report, c.rule)
    assert ops, f"{c.rule} not reported; got {sorted(report.rules())}"
    if c.op is not None:
        assert c.op in ops
    assert all(d.severity is Severity.ERROR for d in report.diagnostics if d.rule == c.rule)
    # the type rules the mistake also breaks, and no others
    type_errors = {d.rule for d in check_graph(c.build(True)).errors}
    assert type_errors == c.type_errors


@pytest.mark.parametrize("c", CASES, ids=CASE_IDS)
def test_fixed_graph_keeps_the_rule(c: Case) -> None:
    report = check(c.build(False), c.contract)
    assert c.rule not in report.rules(), [d.message for d in report.diagnostics]
    # no type errors, as the contract says them (tensorcast's keeps its shared expert's
    # cross-token-reduction a warning)
    relaxed = load_contract(c.contract).relax(check_graph(c.build(False)).diagnostics)
    assert [d for d in relaxed if d.is_error] == []


@pytest.mark.parametrize("c", CASES, ids=CASE_IDS)
def test_contract_diagnostics_explain_themselves(c: Case) -> None:
    report = check(c.build(True), c.contract)
    assert report.contract == c.contract
    for diagnostic in report.diagnostics:
        if diagnostic.rule == c.rule:
            assert diagnostic.message
            assert diagnostic.hint  # the rule's fix


def test_a_clean_mc2_block_passes_the_whole_contract() -> None:
    g = G(**MC2_SIZES)
    _mc2(g)
    report = check(g.graph(), MC2)
    assert report.diagnostics == ()


def test_a_clean_mc2_block_at_9_tokens_over_tp_4() -> None:
    # RFC §3.8: 9 tokens, tp 4 -> padded to 12, 3 per rank for top-k and the experts
    g = G(T=9, tp=4, ep=32)
    _mc2(g)
    graph = g.graph()
    assert check(graph, MC2).diagnostics == ()
    typed = interpret(graph)
    shapes = {ref: typed.numeric_shape(typed.value(ref)) for ref in (GATE, TOPK, EXPERTS)}
    assert shapes == {GATE: (9, 32), TOPK: (3, 4), EXPERTS: (3, 64)}


def test_contract_origin_note_names_where_tokens_became_full() -> None:
    g = G()
    x = g.act("x", LOCAL)
    gathered = g.op(f"{L0}.mlp.gather", "all_gather", [x])
    g.op(f"{L0}.mlp.gate", "moe_gate", [gathered], experts="E")
    report = check(g.graph(), TENSORCAST)
    [diagnostic] = [d for d in report.errors if d.rule == "moe-local-token"]
    assert any(f"{L0}.mlp.gather" in note for note in diagnostic.notes)


def test_a_graph_without_the_selected_ops_is_not_checked_by_those_rules() -> None:
    g = G()
    x = g.act("x", FULL)
    g.op("norm", "rms_norm", [x])
    report = check(g.graph(), MC2)
    assert report.diagnostics == ()


# -- TOP values are skipped ------------------------------------------------------------------


def _attention_after_a_type_error(broken: bool) -> Graph:
    """Layer 0 attention whose query is the sum of a LOCAL and a FULL value (a type error), or
    just the LOCAL value (a contract error only)."""
    g = G()
    q_local = g.act("q_local", LOCAL, width=Q_WIDTH)
    q = q_local
    if broken:
        q = g.op(f"{L0}.self_attn.q_sum", "add", [q_local, g.act("q_full", FULL, width=Q_WIDTH)])
    kv = g.act("kv", FULL, width=KV_WIDTH)
    attn = g.op(ATTN, "mla_attention", [q, kv], **MLA)
    flat = g.op(f"{L0}.self_attn.o_proj_flatten", "reshape", [attn], features=["heads*dv"])
    g.op(O_PROJ, "linear", [flat], in_features="heads*dv", out_features="H", parallel="replicated")
    return g.graph()


def test_contract_rules_check_on_with_the_layout_a_type_error_recovered() -> None:
    # without the type error, the LOCAL query breaks attention-full-token at the attention op
    plain = check(_attention_after_a_type_error(False), TENSORCAST)
    assert ATTN in contract_errors(plain, "attention-full-token")
    assert O_PROJ in contract_errors(plain, "o-proj-token-slice")
    # with it, the add goes on as the add of its first operand's (LOCAL) layout: the type error
    # is reported once, and the contract finds below it what it finds without it
    report = check(_attention_after_a_type_error(True), TENSORCAST)
    assert [(d.rule, d.op) for d in report.errors if d.rule in {"layout-mismatch"}] == [
        ("layout-mismatch", f"{L0}.self_attn.q_sum")
    ]
    downstream = {ATTN, f"{L0}.self_attn.o_proj_flatten", O_PROJ}
    value_rules = {"attention-full-token", "o-proj-token-slice"}

    def found(r: Report) -> list[tuple[str, str | None]]:
        return [
            (d.rule, d.op) for d in r.diagnostics if d.op in downstream and d.rule in value_rules
        ]

    assert found(report) == found(plain)


def test_the_op_that_broke_a_type_rule_speaks_through_that_error_alone() -> None:
    g = G()
    x, r = g.act("x", LOCAL), g.act("r", FULL)  # the residual add mixes layouts: a type error
    g.op(f"{L0}.input_layernorm", "add_rms_norm", [x, r])
    report = check(g.graph(), TENSORCAST)
    assert "layout-mismatch" in report.rules()
    assert "residual-stays-local" not in report.rules()


def test_attrs_and_counts_are_still_checked_after_a_type_error() -> None:
    # TOP only hides the value checks: a wrong attr is still reported
    graph = _with_attr(_attention_after_a_type_error(True), O_PROJ, parallel="column")
    report = check(graph, TENSORCAST)
    assert O_PROJ in contract_errors(report, "o-proj-token-slice")


# -- malformed contract files ----------------------------------------------------------------

VALID = """\
format: layoutcheck-contract/1
name: tiny
summary: a tiny contract
domains:
  attention: {name: "*.self_attn.*"}
rules:
  - id: gate-local
    summary: the gate runs on local tokens
    fix: slice first
    checks:
      - select: {kind: moe_gate}
        expect: {port: "input:x", tokens: local}
      - select: {kind: all_gather, feeds: attention}
        expect: {port: "input:0", produced_by: "rms_norm:0|add_rms_norm:0"}
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "contract.yaml"
    path.write_text(text)
    return path


def test_the_valid_tiny_contract_loads(tmp_path: Path) -> None:
    contract = load_contract(str(_write(tmp_path, VALID)))
    assert contract.name == "tiny"
    assert [rule.doc.id for rule in contract.rules] == ["gate-local"]
    g = G()
    g.op(GATE, "moe_gate", [g.act("x", FULL)], experts="E")
    report = check_graph(g.graph(), contract)
    assert contract_errors(report, "gate-local") == [GATE]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        pytest.param("summary: a tiny", "sumary: a tiny", id="unknown-top-key"),
        pytest.param("    fix: slice first", "    fixx: slice first", id="unknown-rule-key"),
        pytest.param("{kind: moe_gate}", "{kind: moe_gate, layer: 3}", id="unknown-select-key"),
        pytest.param("tokens: local}", "tokens: local, shape: [1]}", id="unknown-expect-key"),
        pytest.param("{kind: moe_gate}", "{kind: moe_gait}", id="unknown-op-kind"),
        pytest.param(
            "{kind: all_gather,", "{kind: [all_gather, gather_all],", id="unknown-kind-list"
        ),
        pytest.param(
            "format: layoutcheck-contract/1\n",
            "format: layoutcheck-contract/1\ntransparent: [nope]\n",
            id="unknown-transparent-kind",
        ),
        pytest.param('port: "input:x"', 'port: "input"', id="bad-port-no-name"),
        pytest.param('port: "input:x"', 'port: "sideways:0"', id="bad-port-side"),
        pytest.param('port: "input:x"', 'port: "output:"', id="bad-port-empty"),
        pytest.param('port: "input:x"', "port: inputz", id="bad-port-word"),
        # moe_gate reads one input named x and has one output: these ports select nothing, so
        # the check would silently never run
        pytest.param('port: "input:x"', 'port: "input:logits"', id="port-name-the-op-lacks"),
        pytest.param('port: "input:x"', 'port: "output:3"', id="port-number-the-op-lacks"),
        pytest.param('"rms_norm:0|add_rms_norm:0"', '"rms_norm:zero"', id="bad-step-port"),
        pytest.param('"rms_norm:0|add_rms_norm:0"', '"rms_norm:0|"', id="bad-step-empty-alt"),
        pytest.param('"rms_norm:0|add_rms_norm:0"', '":0"', id="bad-step-no-kind"),
        pytest.param('"rms_norm:0|add_rms_norm:0"', '"rms_norn:0"', id="bad-step-unknown-kind"),
        pytest.param(
            'produced_by: "rms_norm:0|add_rms_norm:0"',
            "not_consumed_by: all_gahter",
            id="unknown-kind-in-a-negative-step",
        ),
        pytest.param("tokens: local}", "tokens: sideways}", id="bad-tokens"),
        pytest.param("tokens: local}", "tokens: local, features: halves}", id="bad-features"),
        pytest.param("tokens: local}", "count_per_layer: -1}", id="negative-count"),
        pytest.param("tokens: local}", "count_per_layer: one}", id="word-count"),
        pytest.param("feeds: attention}", "feeds: attn}", id="unknown-domain"),
        pytest.param(
            "format: layoutcheck-contract/1", "format: layoutcheck-contract/2", id="format-2"
        ),
        pytest.param("format: layoutcheck-contract/1\n", "", id="missing-format"),
        pytest.param("name: tiny\n", "", id="missing-name"),
        pytest.param("  - id: gate-local\n", "  - idd: gate-local\n", id="rule-without-id"),
        pytest.param("    checks:\n", "    checks: []\n    x:\n", id="empty-checks"),
        pytest.param("expect: {port", "expectation: {port", id="check-with-unknown-key"),
        # ASCII digits only: '²'.isdigit() is true, int('²') fails
        pytest.param('port: "input:x"', 'port: "input:²"', id="port-superscript"),
        pytest.param('"rms_norm:0|add_rms_norm:0"', '"rms_norm:²"', id="step-superscript"),
        pytest.param('"rms_norm:0|add_rms_norm:0"', '"rms_norm:٣"', id="step-arabic-indic"),
        # a required attr value the selected ops could never hold
        pytest.param("tokens: local}", "attrs: {experts: '6144 +'}}", id="attr-not-a-size"),
        pytest.param("tokens: local}", "attrs: {experts: {a: 1}}}", id="attr-a-mapping"),
        pytest.param("tokens: local}", "attrs: {quant: w9a9}}", id="attr-not-a-choice"),
        pytest.param("tokens: local}", "attrs: {colour: red}}", id="attr-the-kind-lacks"),
        pytest.param("tokens: local}", "attrs: {7: red}}", id="attr-name-not-text"),
    ],
)
def test_malformed_contracts_are_refused(tmp_path: Path, old: str, new: str) -> None:
    assert old in VALID
    with pytest.raises(ContractError):
        load_contract(str(_write(tmp_path, VALID.replace(old, new, 1))))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "- a list\n",
        "format: layoutcheck-contract/1\nname: x\nrules: []\n",
        "format: layoutcheck-contract/1\nname: x\n",
        "format: [unclosed\n",
        "format: layoutcheck-contract/1\nname: x\nrules: &r []\nsummary: *r\n",
    ],
    ids=["empty", "list", "no-rules", "rules-missing", "malformed-yaml", "yaml-alias"],
)
def test_unusable_contract_files_are_refused(tmp_path: Path, text: str) -> None:
    with pytest.raises(ContractError):
        load_contract(str(_write(tmp_path, text)))


@pytest.mark.parametrize(
    "attrs", ["{experts: E}", "{experts: 256}", "{experts: 2*E}", "{quant: w8a8}"]
)
def test_attr_values_the_kind_can_hold_load(tmp_path: Path, attrs: str) -> None:
    text = VALID.replace("tokens: local}", f"tokens: local, attrs: {attrs}}}", 1)
    rule = load_contract(str(_write(tmp_path, text))).rules[0]
    assert rule.checks[0].expect.attrs


def test_attr_values_without_a_kind_are_words_sizes_or_flags(tmp_path: Path) -> None:
    good = VALID.replace("{kind: moe_gate}", "{name: '*.gate'}", 1).replace(
        "tokens: local}", "tokens: local, attrs: {parallel: replicated, experts: H*2}}", 1
    )
    assert load_contract(str(_write(tmp_path, good))).name == "tiny"
    bad = good.replace("experts: H*2", "experts: 'H *'")
    with pytest.raises(ContractError, match="neither a word, a size expression nor true/false"):
        load_contract(str(_write(tmp_path, bad)))


def test_unknown_contract_name_is_refused() -> None:
    with pytest.raises(ContractError, match="unknown contract"):
        load_contract("no-such-contract")


def test_contract_errors_are_bad_spec_graph_errors() -> None:
    # the CLI turns GraphError into exit code 2; a contract error must be one
    from layoutcheck.graph import GraphError

    assert issubclass(ContractError, GraphError)


# -- allow: a type rule a contract keeps a warning -------------------------------------------


def _contract_with(allow: object) -> dict[str, object]:
    return {
        "format": "layoutcheck-contract/1",
        "name": "mine",
        "allow": allow,
        "rules": [
            {
                "id": "x",
                "checks": [{"select": {"kind": "all_reduce"}, "expect": {"tokens": "local"}}],
            }
        ],
    }


def _cross_token_graph() -> Graph:
    g = G()
    down = g.act("down", LOCAL, PARTIAL)
    g.op(SHARED_AR, "all_reduce", [down])
    return g.graph()


def test_a_contract_keeps_the_cross_token_reduction_a_warning_and_says_so() -> None:
    graph = _cross_token_graph()
    assert [d.rule for d in check_graph(graph).errors] == ["cross-token-reduction"]
    for name in ("vllm-ascend-dsa-cp-prefill", "mc2-decode", "all2all-prefill"):
        assert "cross-token-reduction" in {d.rule for d in check(graph, name).errors}, name
    report = check(graph, TENSORCAST)
    (kept,) = [d for d in report.diagnostics if d.rule == "cross-token-reduction"]
    assert kept.severity is Severity.WARNING
    assert "cross-token-reduction" not in {d.rule for d in report.errors}
    assert kept.notes[-1].startswith(
        "kept a warning by contract tensorcast-dsa-cp-prefill: a cost-model shape"
    )


def test_allow_in_a_contract_file_of_ones_own() -> None:
    from layoutcheck.contracts import parse_contract
    from layoutcheck.ops import default_registry

    data = _contract_with([{"rule": "cross-token-reduction", "as": "warning", "why": "costs"}])
    contract = parse_contract(data, "mine.yaml", default_registry())
    report = check_graph(_cross_token_graph(), contract)
    assert report.ok and report.warnings[0].notes[-1] == "kept a warning by contract mine: costs"


@pytest.mark.parametrize(
    ("allow", "says"),
    [
        ([{"rule": "no-such-rule", "as": "warning", "why": "x"}], "not a type rule"),
        ([{"rule": "bad-spec", "as": "warning", "why": "x"}], "not a type rule"),
        ([{"rule": "cross-token-reduction", "as": "note", "why": "x"}], "as: warning"),
        ([{"rule": "cross-token-reduction", "as": "warning"}], "say why"),
        ([{"rule": "cross-token-reduction", "as": "warning", "why": "x", "if": 1}], "expected"),
        ("cross-token-reduction", "a list"),
    ],
)
def test_a_bad_allow_is_refused_in_one_line(allow: object, says: str) -> None:
    from layoutcheck.contracts import parse_contract
    from layoutcheck.ops import default_registry

    with pytest.raises(ContractError) as error:
        parse_contract(_contract_with(allow), "mine.yaml", default_registry())
    assert says in str(error.value) and "\n" not in str(error.value)
