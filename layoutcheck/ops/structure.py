"""Structure ops: repetition-region markers, embeddings and the LM head.

Region markers are identities on every value they carry (layout-transparent): repetition folding
must never change a token layout.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from layoutcheck import rules
from layoutcheck.lattice import Dtype, FeatureState, TokenLayout
from layoutcheck.ops.base import (
    Family,
    OpCall,
    OpSpec,
    OutLayout,
    RuleUse,
    RuleViolation,
    check_split_divides,
    choice,
    features_of,
    gathered,
    group,
    reject_partial,
    require_features,
    same_layout,
    size,
    text,
    warn_local_split,
)
from layoutcheck.ops.costing import (
    CostCall,
    CostRule,
    OpCost,
    features,
    float_mma,
    free,
    nbytes,
    rows,
)
from layoutcheck.ops.traits import Trait
from layoutcheck.ops.weights import Sharding, Tensor, TensorKind, WeightCall, WeightRule, no_weights
from layoutcheck.symbols import Expr


def _identity(call: OpCall) -> Sequence[OutLayout]:
    return tuple(same_layout(value) for value in call.inputs)


def _identity_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    return tuple(features_of(value) for value in call.inputs)


def _identity_dtype(call: OpCall) -> Sequence[Dtype]:
    return tuple(value.dtype for value in call.inputs)


def _embedding(call: OpCall) -> Sequence[OutLayout]:
    ids = call.inputs[0]
    if call.word("parallel") == "vocab":
        warn_local_split(call)
        return (OutLayout(ids.tokens, FeatureState.PARTIAL, ids.extent, call.group),)
    distributed = ids.group if ids.tokens is TokenLayout.LOCAL else None
    return (OutLayout(ids.tokens, FeatureState.WHOLE, ids.extent, distributed),)


def _embedding_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    if call.word("parallel") == "vocab":
        check_split_divides(call, call.size("vocab"), "vocab")
    return ((call.size("hidden"),),)


def _embedding_dtype(call: OpCall) -> Sequence[Dtype]:
    given = call.op.attr("dtype")
    return (Dtype(str(given)) if given is not None else Dtype.BF16,)


def _lm_head(call: OpCall) -> Sequence[OutLayout]:
    reject_partial(call)
    value = call.inputs[0]
    if value.tokens is TokenLayout.LOCAL:
        raise RuleViolation(
            rules.LOCAL_TOKEN_SELECT,
            f"lm_head on LOCAL tokens {call.shape(value)}: the logits are sampled at global "
            "positions (each request's last token), which a rank's slice may not hold",
            "all_gather the final norm's output before the LM head",
            0,
            expected=gathered(value),
        )
    return (OutLayout(value.tokens, FeatureState.SPLIT, value.extent, call.group),)


def _lm_head_shape(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    require_features(call, 0, call.size("hidden"), "lm_head")
    check_split_divides(call, call.size("vocab"), "vocab")
    return ((call.size("vocab") / call.g,),)


_REGION = {
    "region": text("region name"),
}


def _marker(kind: str, which: Trait, count: tuple[str, str], summary: str, doc: str) -> OpSpec:
    """A region marker (``which`` says its part in the region): an identity on each value it
    carries (one output per input)."""
    return OpSpec(
        kind=kind,
        traits=frozenset({Trait.REGION_MARKER, which}),
        family=Family.STRUCTURE,
        inputs=("x",),
        outputs=("out",),
        variadic=True,
        outputs_per_input=True,
        attrs={**_REGION, count[0]: size(count[1], default=1)},
        layout=_identity,
        shape=_identity_shape,
        dtype=_identity_dtype,
        transparent=True,
        summary=summary,
        doc=doc,
    )


OPS: tuple[OpSpec, ...] = (
    _marker(
        "region_begin",
        Trait.REGION_BEGIN,
        ("repeat", "layers this region stands for"),
        "identity; opens a representative layer standing for `repeat` layers; *transparent*",
        "Opens a representative decoder layer that stands for repeat layers. An identity on "
        "each value it carries (one output per input): layout-transparent.",
    ),
    _marker(
        "region_end",
        Trait.REGION_END,
        ("repeat", "layers this region stands for"),
        "identity; *transparent*",
        "Closes a representative region. An identity on each value it carries.",
    ),
    _marker(
        "copy_region",
        Trait.REGION_COPY,
        ("count", "further copies of the region"),
        "identity; stands for `count` further copies of the region; *transparent*",
        "In a repetition graph, stands for count further copies of a region. An identity "
        "on each value it carries; the region's ops count count more times.",
    ),
    OpSpec(
        kind="embedding",
        traits=frozenset({Trait.EMBEDDING}),
        family=Family.STRUCTURE,
        inputs=("ids",),
        outputs=("out",),
        attrs={
            "vocab": size("vocabulary size"),
            "hidden": size("hidden size"),
            "parallel": choice("vocab", "replicated", default="vocab"),
            "group": group(),
            "dtype": choice(
                *(d.value for d in Dtype if d.is_float),
                doc="the table's element type (bf16 unless given; TensorCast models fp16)",
                optional=True,
            ),
        },
        layout=_embedding,
        shape=_embedding_shape,
        dtype=_embedding_dtype,
        summary="`[t, hidden]` bf16; vocab-parallel gives `·P` (needs an `all_reduce`), "
        "replicated `·W`",
        rules=(
            RuleUse(rules.INDIVISIBLE, "vocab over `g`"),
            RuleUse(rules.LOCAL_FEATURE_SPLIT, "*(warning)*"),
        ),
        doc=(
            "Token embedding lookup [t] → [t, hidden]. Vocab-parallel: each rank holds vocab/g "
            "rows and zeros for the others, so the result is PARTIAL and needs an all_reduce "
            "(or reduce_scatter); replicated gives complete values."
        ),
    ),
    OpSpec(
        kind="lm_head",
        traits=frozenset({Trait.LINEAR, Trait.VOCAB_HEAD}),
        family=Family.STRUCTURE,
        inputs=("x",),
        outputs=("logits",),
        attrs={"vocab": size("vocabulary size"), "hidden": size("hidden size"), "group": group()},
        layout=_lm_head,
        shape=_lm_head_shape,
        summary="column-parallel: `F·W → F·S`, `[t, vocab/g]`",
        rules=(
            RuleUse(rules.PARTIAL_INTO_NONLINEAR, "PARTIAL input"),
            RuleUse(rules.LOCAL_TOKEN_SELECT, "LOCAL input"),
            RuleUse(rules.SHAPE_MISMATCH, "input features"),
            RuleUse(rules.INDIVISIBLE, "vocab over `g`"),
        ),
        doc=(
            "The output projection over the vocabulary, column-parallel: [t, hidden] WHOLE → "
            "[t, vocab/g] SPLIT."
        ),
    ),
)


# -- cost: markers are free; an embedding reads one row per token; lm_head is a linear -------


def _embedding_cost(call: CostCall) -> OpCost:
    return OpCost(hbm_bytes=2 * nbytes(call.outputs[0]) + nbytes(call.inputs[0]))


def _lm_head_cost(call: CostCall) -> OpCost:
    x, y = call.inputs[0], call.outputs[0]
    flops = 2 * rows(x) * features(x) * features(y)
    weight = features(x) * features(y) * 2
    return OpCost(mma=((float_mma(x), flops),), hbm_bytes=weight + nbytes(x) + nbytes(y))


COSTS: Mapping[str, CostRule] = {
    "region_begin": free,
    "region_end": free,
    "copy_region": free,
    "embedding": _embedding_cost,
    "lm_head": _lm_head_cost,
}


# -- weights: the embedding table and the LM head, [vocab, hidden] each ----------------------


def _embedding_weights(call: WeightCall) -> tuple[Tensor, ...]:
    vocab_parallel = call.attrs.get("parallel", "vocab") == "vocab"
    sharding = Sharding.VOCAB if vocab_parallel else Sharding.REPLICATED
    shape = (call.size("vocab"), call.size("hidden"))
    return (
        call.tensor(
            call.op.name, shape, sharding, tp_sharding=Sharding.VOCAB, kind=TensorKind.EMBEDDING
        ),
    )


def _lm_head_weights(call: WeightCall) -> tuple[Tensor, ...]:
    shape = (call.size("vocab"), call.size("hidden"))
    return (call.tensor(call.op.name, shape, Sharding.VOCAB, kind=TensorKind.HEAD),)


WEIGHTS: Mapping[str, WeightRule] = {
    "region_begin": no_weights,
    "region_end": no_weights,
    "copy_region": no_weights,
    "embedding": _embedding_weights,
    "lm_head": _lm_head_weights,
}
OPS = tuple(attrs.evolve(spec, cost=COSTS[spec.kind], weights=WEIGHTS[spec.kind]) for spec in OPS)
