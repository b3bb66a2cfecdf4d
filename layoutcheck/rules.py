"""The type rules: stable ids with What / Why / Example / Fix (``layoutcheck explain``).

Contract rules document themselves in their contract files; this table holds the rules that
hold for every graph.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs

from layoutcheck.diagnostics import Severity


class RuleKind(enum.Enum):
    TYPE = "type"
    CONTRACT = "contract"
    INPUT = "input"


@attrs.frozen
class RuleDoc:
    id: str
    kind: RuleKind
    summary: str
    why: str
    example: str
    fix: str
    severity: Severity = Severity.ERROR
    contract: str | None = None


def _rule(
    id: str, summary: str, why: str, example: str, fix: str, kind: RuleKind = RuleKind.TYPE
) -> RuleDoc:
    return RuleDoc(id, kind, summary, why, example.strip("\n"), fix)


TYPE_RULES: tuple[RuleDoc, ...] = (
    _rule(
        "layout-mismatch",
        "Operands of add, add_rms_norm, concat or moe_experts disagree on token layout, token "
        "extent, feature state or group.",
        "Elementwise ops combine row i of one operand with row i of the other. A LOCAL "
        "[T/tp, H] slice added to a FULL [T, H] tensor pairs the wrong tokens, or fails at run "
        "time with a shape error only for some batch sizes.",
        """
  - {name: h, op: add, inputs: [hidden_local, residual_full]}   # L·W + F·W""",
        "Bring both operands to one layout: all_gather the LOCAL one or token_slice the FULL "
        "one. In sequence parallelism the residual stays LOCAL.",
    ),
    _rule(
        "token-extent",
        "A declared or computed token extent does not match its layout.",
        "A LOCAL value has extent/g rows per rank, a FULL one all of them; a graph input "
        "declared LOCAL with T rows means the file and the program disagree about the data.",
        """
inputs:
  hidden: {shape: [T, H], tokens: local}   # LOCAL must have T/tp rows""",
        "Declare the per-rank shape: [T/tp, H] for LOCAL, [T, H] for FULL.",
    ),
    _rule(
        "gather-of-full",
        "all_gather of a value that is already FULL.",
        "Every rank already holds all rows; gathering again concatenates g copies, so 4096 "
        "tokens become 65536. In an expanded graph this is the gathered residual of the RFC.",
        """
  - {name: g2, op: all_gather, inputs: [model.layers.3.input_layernorm:1]}  # residual, FULL""",
        "Gather only output 0 (the normalized value) of the norm; keep the residual LOCAL.",
    ),
    _rule(
        "shard-of-local",
        "reduce_scatter or token_slice of a value that is already LOCAL.",
        "The tokens are already split over the group; a second split leaves T/g/g rows per "
        "rank. Typical: a shared-expert all-reduce on local tokens rewritten as a sequence "
        "reduce-scatter.",
        """
  - {name: rs, op: reduce_scatter, inputs: [shared_down]}   # input L·P""",
        "Use all_reduce: on LOCAL tokens it combines feature shards and keeps the token layout.",
    ),
    _rule(
        "reduce-of-complete",
        "all_reduce or reduce_scatter of a value with no pending sum.",
        "Summing g complete copies multiplies the value by g: a feature all-reduce after a "
        "replicated o_proj, or a double reduction in an MoE finalize path.",
        """
  - {name: o_proj, op: linear, attrs: {parallel: replicated, ...}}
  - {name: ar, op: all_reduce, inputs: [o_proj]}   # o_proj output is W, not P""",
        "Remove the reduction; only a row-parallel linear (or vocab-parallel embedding) leaves "
        "a pending sum.",
    ),
    _rule(
        "partial-into-nonlinear",
        "A PARTIAL value reaches a non-linear op (norm, activation, rope, attention, gate, "
        "top-k) or a gather.",
        "Each rank holds a summand, not the value: norm(a) + norm(b) is not norm(a + b).",
        """
  - {name: down, op: linear, attrs: {parallel: row, ...}}
  - {name: ln, op: rms_norm, inputs: [down]}   # before the all-reduce""",
        "Reduce first: all_reduce (keeps tokens) or reduce_scatter (to LOCAL).",
    ),
    _rule(
        "norm-of-split",
        "A norm, router, replicated linear, split or concat receives feature-SPLIT input.",
        "These ops need every feature of a token; a rank with features/g computes a different "
        "function (a rank's block of a SPLIT value is a slice of the whole feature axis, so "
        "splitting or joining it per rank does not give the global parts).",
        """
  - {name: up, op: linear, attrs: {parallel: column, ...}}
  - {name: ln, op: rms_norm, inputs: [up]}""",
        "Follow the column-parallel linear with a row-parallel one and its reduction, or gather "
        "the features.",
    ),
    _rule(
        "local-kv-into-attention",
        "The key/value side of attention, or the x input of the DSA indexer, is LOCAL.",
        "Each rank would attend to 1/g of the keys: causal attention over a token slice is "
        "not attention over the sequence, and the result is silently wrong.",
        """
  - {name: attn, op: sparse_attention, inputs: [q, kv_local, idx]}""",
        "all_gather the key side (or the normalized hidden state it is computed from) first.",
    ),
    _rule(
        "shape-mismatch",
        "Feature sizes disagree with the op's attrs or with each other.",
        "A row-parallel linear reads in_features/g features per rank; a split must add up; "
        "top-k cannot pick more experts than there are.",
        """
  - {name: down, op: linear, inputs: [act], attrs: {in_features: 2048, parallel: row, ...}}
    # act holds 2048 WHOLE features, the row-parallel weight expects 2048/tp""",
        "Check the attrs and the producer's parallel mode.",
    ),
    _rule(
        "dtype-mismatch",
        "An input that must hold integers (expert ids, key indices) holds floats, or the other "
        "way round.",
        "moe_topk returns the routing weights at :0 and the expert ids at :1, both [t, k]: "
        "swapped, the shapes still agree and the experts route by weights cast to ids.",
        """
  - {name: model.layers.5.mlp.experts, op: moe_experts,
     inputs: [x, model.layers.5.mlp.topk:1, model.layers.5.mlp.topk:0]}   # ids, weights""",
        "Pass the weights (:0) and then the ids (:1).",
    ),
    _rule(
        "indivisible",
        "An op needs the group size g to divide the token extent (or a feature size) and it "
        "does not, or cannot be shown to.",
        "A slice or reduce-scatter of 4095 tokens over 16 ranks leaves unequal shards the "
        "layout cannot describe. An error when provably false for the given symbol values, a "
        "warning naming the missing assumption when a value is unknown.",
        """
symbols: {T: 4095, tp: 16}
  - {name: s, op: token_slice, inputs: [x]}""",
        "Insert pad_tokens before it (extent ceil(T/g)·g) and unpad_tokens after the gather, "
        "or set the symbols so the assumption holds.",
    ),
    RuleDoc(
        "local-feature-split",
        RuleKind.TYPE,
        "A column- or row-parallel linear (or a vocab-parallel embedding, or lm_head) shards "
        "features over the group its input's tokens are already LOCAL over.",
        "Rank r holds only its own tokens, so it can compute only its own feature block of them; "
        "the other feature blocks of its tokens are computed nowhere, and the all_reduce that "
        "follows sums rows of different tokens. The layoutcheck simulator shows the result "
        "differs from the TP computation. Cost models draw it this way (TensorCast's shared "
        "experts on local tokens: an all_reduce of [T/tp, H]), which is why it is a warning: "
        "the costs may be what you want to model, the values are not what any engine computes.",
        """
  - {name: model.layers.5.mlp.shared_experts.gate_up_proj, op: linear,
     inputs: [model.layers.5.post_attention_layernorm:0],   # L·W over tp
     attrs: {parallel: column, ...}}                          # → L·S over tp""",
        "Replicate the weight on local tokens (vLLM-Ascend FlashComm1 shared experts), or "
        "all_gather before the MLP and reduce_scatter after it.",
        Severity.WARNING,
    ),
    _rule(
        "bad-spec",
        "The input file is malformed: YAML/JSON error, unknown op or attr, bad expression, "
        "missing value, duplicate name, dangling reference, cycle.",
        "The graph cannot be checked at all; the CLI exits with code 2.",
        """
  - {name: x, op: all_gahter, inputs: [h]}   # unknown op""",
        "Fix the file at the named line; `layoutcheck ops` lists the op catalogue.",
        RuleKind.INPUT,
    ),
)

TYPE_RULE_IDS: Mapping[str, RuleDoc] = {rule.id: rule for rule in TYPE_RULES}
