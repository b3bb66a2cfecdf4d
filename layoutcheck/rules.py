"""Rule ids as objects: each rule's id, kind, severity and What / Why / Example / Fix.

The type rules hold for every graph; each op declares in the catalogue which of them it can
raise, and ``layoutcheck explain``, ``rules`` and the reference tables of ``specs/README.md`` are
generated from these objects. Contract rules are the same objects, made from contract files.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from layoutcheck.severity import Severity


class RuleKind(enum.Enum):
    TYPE = "type"
    CONTRACT = "contract"
    INPUT = "input"
    RUN = "run"  # the graph against what the run that made it asked for (sequence parallelism)
    SEARCH = "search"  # a design-space structure refused before it is built


@attrs.frozen(eq=False)
class Rule:
    """One rule: a stable kebab-case id and its documentation.

    A rule is its id: two rules of one id are one rule (a contract's copy of a shared rule), it
    compares and hashes as the id text, so ``diagnostic.rule == "gather-of-full"`` and a set of
    ids hold for the object, and rules sort by id."""

    id: str
    kind: RuleKind
    summary: str
    why: str
    example: str
    fix: str
    severity: Severity = Severity.ERROR
    contract: str | None = None

    def __str__(self) -> str:
        return self.id

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Rule):
            return self.id == other.id
        if isinstance(other, str):
            return self.id == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.id)

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Rule | str):
            return self.id < str(other)
        return NotImplemented


def _rule(
    id: str,
    summary: str,
    why: str,
    example: str,
    fix: str,
    kind: RuleKind = RuleKind.TYPE,
    severity: Severity = Severity.ERROR,
) -> Rule:
    return Rule(id, kind, summary, why, example.strip("\n"), fix, severity)


LAYOUT_MISMATCH: Final = _rule(
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
)

TOKEN_EXTENT: Final = _rule(
    "token-extent",
    "A declared or computed token extent does not match its layout.",
    "A LOCAL value has extent/g rows per rank, a FULL one all of them; a graph input "
    "declared LOCAL with T rows means the file and the program disagree about the data.",
    """
inputs:
  hidden: {shape: [T, H], tokens: local}   # LOCAL must have T/tp rows""",
    "Declare the per-rank shape: [T/tp, H] for LOCAL, [T, H] for FULL.",
)

GATHER_OF_FULL: Final = _rule(
    "gather-of-full",
    "all_gather of a value that is already FULL.",
    "Every rank already holds all rows; gathering again concatenates g copies, so 4096 "
    "tokens become 65536. In an expanded graph this is the gathered residual of the RFC.",
    """
  - {name: g2, op: all_gather, inputs: [model.layers.3.input_layernorm:1]}  # residual, FULL""",
    "Gather only output 0 (the normalized value) of the norm; keep the residual LOCAL.",
)

SHARD_OF_LOCAL: Final = _rule(
    "shard-of-local",
    "reduce_scatter or token_slice of a value that is already LOCAL.",
    "The tokens are already split over the group; a second split leaves T/g/g rows per "
    "rank. Typical: a shared-expert all-reduce on local tokens rewritten as a sequence "
    "reduce-scatter.",
    """
  - {name: rs, op: reduce_scatter, inputs: [shared_down]}   # input L·P""",
    "Use all_reduce: on LOCAL tokens it combines feature shards and keeps the token layout.",
)

REDUCE_OF_COMPLETE: Final = _rule(
    "reduce-of-complete",
    "all_reduce or reduce_scatter of a value with no pending sum.",
    "Summing g complete copies multiplies the value by g: a feature all-reduce after a "
    "replicated o_proj, or a double reduction in an MoE finalize path. (On LOCAL tokens the "
    "ranks' rows are different tokens: see cross-token-reduction.)",
    """
  - {name: o_proj, op: linear, attrs: {parallel: replicated, ...}}
  - {name: ar, op: all_reduce, inputs: [o_proj]}   # o_proj output is W, not P""",
    "Remove the reduction; only a row-parallel linear (or vocab-parallel embedding) leaves "
    "a pending sum.",
)

PARTIAL_INTO_NONLINEAR: Final = _rule(
    "partial-into-nonlinear",
    "A PARTIAL value reaches a non-linear op (norm, activation, rope, attention, gate, "
    "top-k) or a gather.",
    "Each rank holds a summand, not the value: norm(a) + norm(b) is not norm(a + b).",
    """
  - {name: down, op: linear, attrs: {parallel: row, ...}}
  - {name: ln, op: rms_norm, inputs: [down]}   # before the all-reduce""",
    "Reduce first: all_reduce (keeps tokens) or reduce_scatter (to LOCAL).",
)

NORM_OF_SPLIT: Final = _rule(
    "norm-of-split",
    "A norm (rms_norm, layer_norm, add_rms_norm) receives feature-SPLIT input.",
    "A norm divides each token by the root mean square of all its features; a rank holding "
    "features/g would normalize by the wrong statistic and compute a different function.",
    """
  - {name: up, op: linear, attrs: {parallel: column, ...}}
  - {name: ln, op: rms_norm, inputs: [up]}""",
    "Follow the column-parallel linear with a row-parallel one and its reduction, or gather "
    "the features.",
)

INCOMPLETE_FEATURES: Final = _rule(
    "incomplete-features",
    "An op that needs every feature of a token (a replicated linear, the router, top-k, the "
    "routed experts, the DSA indexer, split, concat) receives feature-SPLIT input.",
    "A full weight multiplies all input features, the router and the indexer score a token "
    "from all of it; and a rank's block of a SPLIT value is a slice of the whole feature axis, "
    "so splitting or joining it per rank does not give the global parts.",
    """
  - {name: up, op: linear, attrs: {parallel: column, ...}}
  - {name: router, op: moe_gate, inputs: [up], attrs: {experts: 256}}""",
    "Gather the features, or feed the op the output of a row-parallel linear after its "
    "reduction (complete features).",
)

LOCAL_KV_INTO_ATTENTION: Final = _rule(
    "local-kv-into-attention",
    "The key/value side of attention, or the x input of the DSA indexer, is LOCAL.",
    "Each rank would attend to 1/g of the keys: causal attention over a token slice is "
    "not attention over the sequence, and the result is silently wrong.",
    """
  - {name: attn, op: sparse_attention, inputs: [q, kv_local, idx]}""",
    "all_gather the key side (or the normalized hidden state it is computed from) first.",
)

LOCAL_TOKENS_INTO_RECURRENCE: Final = _rule(
    "local-tokens-into-recurrence",
    "The input of a recurrent token mixer (a state-space or gated delta-rule layer) is LOCAL.",
    "A recurrence runs along each request's sequence: token p's output reads the state every "
    "earlier token of its request left, and its short causal convolution reads the tokens just "
    "before it. On T/g rows a rank's first token starts from an empty state instead of the one "
    "the tokens before it (on another rank) built, and the result is silently wrong.",
    """
  - {name: mixer, op: recurrent_mixer, inputs: [x_local], attrs: {heads: 8, ...}}""",
    "all_gather the tokens (the normalized hidden state) before the mixer's input projection.",
)

SHAPE_MISMATCH: Final = _rule(
    "shape-mismatch",
    "Feature sizes disagree with the op's attrs or with each other.",
    "A row-parallel linear reads in_features/g features per rank; a split must add up; "
    "top-k cannot pick more experts than there are.",
    """
  - {name: down, op: linear, inputs: [act], attrs: {in_features: 2048, parallel: row, ...}}
# act holds 2048 WHOLE features, the row-parallel weight expects 2048/tp""",
    "Check the attrs and the producer's parallel mode.",
)

DTYPE_MISMATCH: Final = _rule(
    "dtype-mismatch",
    "An input that must hold integers (expert ids, key indices) holds floats, or the other "
    "way round.",
    "moe_topk returns the routing weights at :0 and the expert ids at :1, both [t, k]: "
    "swapped, the shapes still agree and the experts route by weights cast to ids.",
    """
  - {name: model.layers.5.mlp.experts, op: moe_experts,
 inputs: [x, model.layers.5.mlp.topk:1, model.layers.5.mlp.topk:0]}   # ids, weights""",
    "Pass the weights (:0) and then the ids (:1).",
)

INDIVISIBLE: Final = _rule(
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
)

LOCAL_FEATURE_SPLIT: Final = _rule(
    "local-feature-split",
    "A column- or row-parallel linear (or a vocab-parallel embedding, or lm_head) shards "
    "features over the group its input's tokens are already LOCAL over.",
    "Rank r holds only its own tokens, so it can compute only its own feature block of them; "
    "the other feature blocks of its tokens are computed nowhere, and the all_reduce that "
    "follows sums rows of different tokens: that reduction is an error, cross-token-reduction. "
    "The split itself is a warning, said where it begins: cost models draw it this way (the "
    "RFC table's shared experts on local tokens), and the values are not what any engine "
    "computes.",
    """
  - {name: model.layers.5.mlp.shared_experts.gate_up_proj, op: linear,
 inputs: [model.layers.5.post_attention_layernorm:0],   # L·W over tp
 attrs: {parallel: column, ...}}                          # → L·S over tp""",
    "Replicate the weight on local tokens (vLLM-Ascend FlashComm1 shared experts), or "
    "all_gather before the MLP and reduce_scatter after it.",
    severity=Severity.WARNING,
)

CROSS_TOKEN_REDUCTION: Final = _rule(
    "cross-token-reduction",
    "A sum-reduction that keeps the tokens (all_reduce, or a reduce_scatter along the "
    "features) of a value whose tokens are LOCAL and whose features are PARTIAL over the same "
    "group. (A token reduce-scatter of LOCAL tokens, fused or not, is shard-of-local.)",
    "Rank r holds only its own tokens, so its pending sum belongs to rows [r·T/g, (r+1)·T/g); "
    "the reduction adds row i of rank 0 to row i of rank 1, which are different tokens. The "
    "result is wrong from the first layer on, with no shape error anywhere (vLLM-Ascend PR "
    "16804: dense MLPs kept weight-TP under sequence parallelism). The layoutcheck simulator "
    "shows the graph unsound. A cost model may draw this shape on purpose (the RFC table's "
    "shared expert on local tokens); its contract can keep the rule a warning "
    "(`allow:` in the contract file), and the diagnostic says so.",
    """
  - {name: down_proj, op: linear, inputs: [act], attrs: {parallel: row, ...}}  # act L·S
  - {name: down_proj_ar, op: all_reduce, inputs: [down_proj]}   # L·P: different tokens""",
    "Replicate the MLP's weights on local tokens (no reduction), or all_gather the tokens "
    "before the column-parallel linear and reduce_scatter after the row-parallel one.",
)

NON_SUM_REDUCTION_OF_PARTIAL: Final = _rule(
    "non-sum-reduction-of-partial",
    "A pending sum (PARTIAL) is reduced with avg or max instead of sum.",
    "A PARTIAL value is the sum of the ranks' summands: averaging them gives the value / g, "
    "the maximum gives one summand. vLLM PR 33088: an avg all-reduce made outputs tp times off.",
    """
  - {name: down_proj, op: linear, attrs: {parallel: row, ...}}
  - {name: ar, op: all_reduce, inputs: [down_proj], attrs: {reduce: avg}}""",
    "Reduce a pending sum with reduce: sum (the default); avg and max are for complete values "
    "that are meant to be combined so (gradients, statistics).",
)

FEATURE_SCATTER: Final = _rule(
    "feature-scatter",
    "A fused matmul-reduce-scatter scatters a feature dim; the fused op is a sequence-parallel "
    "token scatter.",
    "The fused GEMM + reduce-scatter of sequence parallelism (Async TP, MC2) leaves each rank "
    "its token slice; scattering another dim leaves each rank a feature block of all tokens, "
    "and the LOCAL residual it is added to pairs the wrong values. PyTorch PR 153595: "
    "fused_scaled_matmul_reduce_scatter with scatter_dim=1 gave wrong numerics.",
    """
  - {name: down_rs, op: matmul_reduce_scatter, inputs: [act],
     attrs: {in_features: I, out_features: H, dim: 1}}   # the token dim is 0""",
    "Scatter the token dim (dim: 0); for a feature reduce-scatter use linear + reduce_scatter.",
)

LOCAL_TOKEN_SELECT: Final = _rule(
    "local-token-select",
    "A select of global token positions (the sampler's last token, a gather of positions) or the "
    "LM head reads LOCAL tokens.",
    "The positions are global (the last token of each request is T-1); a rank holding rows "
    "[r·T/g, (r+1)·T/g) reads a row it does not hold — on a device, out of range. TensorCast's "
    "RFC-layout graph never gathers model.norm, so rank 0 reads position 511 of a 128-row shard.",
    """
  - {name: model.norm, op: rms_norm, inputs: [h]}               # h is LOCAL
  - {name: sample, op: token_select, inputs: [model.norm], attrs: {rows: 1}}""",
    "all_gather the final norm's output before selecting tokens (or select on each rank the "
    "positions it holds).",
)

NEGATIVE_LOCAL_LENGTH: Final = _rule(
    "negative-local-length",
    "On some rank's LOCAL slice of the tokens, a request's local key length (the graph's "
    "`requests: local_seq_lens` formula) is negative.",
    "Each rank derives per-request lengths for its own token slice and hands them to attention "
    "(`seqused_kv`, `actual_seq_lengths_kv`). A padded request slot (seq_lens 0) clipped at a "
    "rank boundary gets 0 minus the tokens on later ranks: vLLM-Ascend PR 12840, rank 6 of TP 8 "
    "at capture size 80 passed -2 to sparse attention (latency spikes, wrong metadata).",
    """
requests:
  seq_lens: [128, 0]                     # slot 1 is padding
  local_seq_lens: seq_len - (query_end - local_query_end)""",
    "Count a slot only where it has local query tokens and a positive sequence length, and "
    "clamp the local length at 0 (`max(..., 0)`).",
)

LOCAL_LENGTH_SUM: Final = _rule(
    "local-length-sum",
    "The requests' local query lengths on some rank do not add up to the rows that rank holds.",
    "A rank's attention reads its token rows as the concatenation of its requests' local "
    "slices; rows no request covers (padding the offsets leave out) are read as nobody's, or "
    "the kernel's TND layout refuses the mismatch (`queryT != actual_seq_lengths[-1]`).",
    """
requests:
  query_start_loc: [0, 4, 6]   # 6 tokens of requests, but the 8 padded rows are sliced""",
    "End `query_start_loc` at the padded token count (vLLM-Ascend PR 7858's fix), so the "
    "padding belongs to a request.",
)

QUERY_START_OFFSETS: Final = _rule(
    "query-start-offsets",
    "The requests' query start offsets do not start at 0, decrease, are not whole, or do not "
    "end at the token count the graph slices.",
    "`query_start_loc[s]..query_start_loc[s+1]` are request s's token rows; offsets out of "
    "order give a negative query length, and a last offset other than the (padded) token count "
    "leaves rows to no request or requests rows that do not exist.",
    """
requests:
  query_start_loc: [0, 8, 4]   # slot 1 would be -4 tokens long""",
    "Make the offsets the running sum of the query lengths, ending at the padded token count.",
)

REQUEST_COUNT_MISMATCH: Final = _rule(
    "request-count-mismatch",
    "The per-request arrays disagree on the number of request slots: `query_start_loc` needs "
    "slots + 1 offsets, `seq_lens` slots lengths.",
    "The attention metadata pairs offset s with sequence length s; one array a request longer "
    "is the `size of tensor a (64) must match the size of tensor b (65)` of vLLM-Ascend PR "
    "7858, where SP padding added a dummy request to the offsets only.",
    """
requests:
  slots: 2
  query_start_loc: [0, 4, 6, 8]   # three slots: a dummy request for the padding
  seq_lens: [4, 2]""",
    "Add the padded slot to every array, or (as PR 7858 did under SP) revert the dummy request "
    "and end the last request at the padded count.",
)

SEQUENCE_PARALLEL_NOT_APPLIED: Final = _rule(
    "sequence-parallel-not-applied",
    "The run asked for sequence parallelism, and the graph has none: no token-dimension "
    "reduce-scatter and no norm on LOCAL tokens; or, in a vLLM graph, only in part: an "
    "all-reduce the pass left still feeds a norm on FULL tokens.",
    "The pass that should have rewritten the graph matched nothing, so every rank computes on "
    "all tokens: the layout (and its cost) is not the one asked for. TensorCast's SP pass, with "
    "its default replicated embedding, finds no all-reduce before the first norm to anchor on.",
    """
  # --sp, but the embedding is replicated: no all_reduce -> reduce_scatter to anchor P1
  - {name: model.layers.0.input_layernorm, op: rms_norm, inputs: [model.embed_tokens]}""",
    "Give the rewrite its anchor (TensorCast: --word-embedding-tp row) or drop the request.",
    kind=RuleKind.RUN,
)

UNCHECKED_OP: Final = _rule(
    "unchecked-op",
    "An op of the graph could not be typed: an engine op no op map knows, or one whose "
    "lowering cannot follow it (a reduction, a top-k or a gather along the tokens; a view "
    "that mixes tokens and features). Its results, and every op they reach, are ⊤.",
    "A verdict over ops nobody typed says nothing about them: a Gemma-2 graph whose GELU-tanh "
    "(aten.tanh) no map knew left 41 of its 110 ops unchecked, and `check` said ok. The "
    "message names each such op and how many ops its ⊤ reaches; `--allow-unknown` keeps it a "
    "warning, and the summary then says how many ops were not checked.",
    """
  # an engine op layoutcheck has no map entry for
  tanh = torch.ops.aten.tanh.default(mul_3)   # 41 of 110 ops downstream left unchecked""",
    "Map the target in an op map (layoutcheck/engines/opmaps/*.yaml) to the lowering of its "
    "family (pointwise, a feature reduction, a feature index op…); an op along the tokens "
    "needs the layout its engine gives it (all_gather first). To check the rest of the graph "
    "meanwhile, pass --allow-unknown.",
    kind=RuleKind.INPUT,
)

SHARD_OF_BATCH: Final = _rule(
    "shard-of-batch",
    "An engine graph's reduce-scatter, all-gather or split works on a batch dim in front of "
    "the tokens, not on the token dim.",
    "Sequence parallelism shards the tokens. A value of [1, T, H] (a Transformers-backend model's "
    "hidden states) reduce-scattered on dim 0 is cut along its batch of one: each rank gets "
    "[0, T, H] (or the collective refuses the size) instead of its T/tp tokens, and every op "
    "after it computes on nothing. vLLM 0.31's SP pass does this to OLMo-2 run through its "
    "Transformers backend.",
    """
  # hidden states [1, T, H]: dim 0 is the batch of one
  reduce_scatter: "bf16[0, T, H]" = torch.ops.vllm.reduce_scatter.default(h, 0, 2, 'tp:0')""",
    "Scatter or gather the token dim (dim 1 of a [1, T, H] value), or drop the batch of one "
    "([T, H]) before the pass so that dim 0 is the tokens.",
    RuleKind.INPUT,
)

BAD_SPEC: Final = _rule(
    "bad-spec",
    "The input file is malformed: YAML/JSON error, unknown op or attr, bad expression, "
    "missing value, duplicate name, dangling reference, cycle.",
    "The graph cannot be checked at all; the CLI exits with code 2.",
    """
  - {name: x, op: all_gahter, inputs: [h]}   # unknown op""",
    "Fix the file at the named line; `layoutcheck ops` lists the op catalogue.",
    RuleKind.INPUT,
)

TYPE_RULES: tuple[Rule, ...] = (
    LAYOUT_MISMATCH,
    TOKEN_EXTENT,
    GATHER_OF_FULL,
    SHARD_OF_LOCAL,
    REDUCE_OF_COMPLETE,
    PARTIAL_INTO_NONLINEAR,
    NORM_OF_SPLIT,
    INCOMPLETE_FEATURES,
    LOCAL_KV_INTO_ATTENTION,
    LOCAL_TOKENS_INTO_RECURRENCE,
    SHAPE_MISMATCH,
    DTYPE_MISMATCH,
    INDIVISIBLE,
    LOCAL_FEATURE_SPLIT,
    CROSS_TOKEN_REDUCTION,
    NON_SUM_REDUCTION_OF_PARTIAL,
    FEATURE_SCATTER,
    LOCAL_TOKEN_SELECT,
    NEGATIVE_LOCAL_LENGTH,
    LOCAL_LENGTH_SUM,
    QUERY_START_OFFSETS,
    REQUEST_COUNT_MISMATCH,
    SEQUENCE_PARALLEL_NOT_APPLIED,
    SHARD_OF_BATCH,
    UNCHECKED_OP,
    BAD_SPEC,
)

# The type rules the per-request checks raise (layoutcheck.requests), not an op: each holds for
# every graph that declares its requests, checked on every rank's slice of the token layout
REQUEST_RULES: tuple[Rule, ...] = (
    NEGATIVE_LOCAL_LENGTH,
    LOCAL_LENGTH_SUM,
    QUERY_START_OFFSETS,
    REQUEST_COUNT_MISMATCH,
)
