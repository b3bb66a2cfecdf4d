"""Why a structure is rejected before it is built: the builder's own checks of an execution
(run without building anything), each named by a rule id from one table, plus the one the
search adds (the expert group must fit the deployment).

A rejection after the build carries the first error's rule id from the check itself.
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from layoutcheck.design_space.axes import Structure
from layoutcheck.models import (
    ConfigError,
    Execution,
    Layout,
    ModelSpec,
    ParallelConfig,
    Phase,
    plan_passes,
)
from layoutcheck.models.builder import validate_parallel
from layoutcheck.models.config import GqaSpec
from layoutcheck.rules import Rule, RuleKind


@attrs.frozen
class Precondition:
    """A rule a structure must meet before it is built: the rule (its id and What / Why /
    Example / Fix, in the one rule table that ``explain`` reads), and the test that names a
    builder refusal after it (in the order the builder checks)."""

    rule: Rule
    broken: Callable[[ModelSpec, Structure], bool]

    @property
    def id(self) -> str:
        return self.rule.id

    @property
    def doc(self) -> str:
        return self.rule.summary


def _search_rule(id: str, summary: str, why: str, example: str, fix: str) -> Rule:
    return Rule(id, RuleKind.SEARCH, summary, why, example, fix)


def _gqa_mismatch(spec: ModelSpec, s: Structure) -> bool:
    attention = spec.attention
    return isinstance(attention, GqaSpec) and bool(
        attention.kv_heads % s.tp and s.tp % attention.kv_heads
    )


def _intermediate(spec: ModelSpec, s: Structure) -> bool:
    sizes = (spec.intermediate, *((spec.moe.intermediate,) if spec.moe else ()))
    return any(size % s.tp for size in sizes)


PRECONDITIONS: tuple[Precondition, ...] = (
    # the search's own: the ep group is a set of the deployment's tp·dp ranks, repeated over
    # them; a group larger than the deployment, or one that does not tile it, has no ranks
    Precondition(
        _search_rule(
            "ep-outside-world",
            "The expert-parallel group must divide the tp·dp ranks of the deployment.",
            "The ep group is a set of the deployment's ranks, repeated over them: a group "
            "larger than tp·dp, or one that does not tile it, has no ranks to run on.",
            "  layoutcheck search glm-5.1 --tp 4 --dp 2 --ep 16",
            "Choose ep among the divisors of tp·dp (the default ep is tp·dp).",
        ),
        lambda spec, s: (s.tp * s.dp) % s.expert_parallel != 0,
    ),
    # the builder's plan_passes: SP is a prefill layout; decode slices tokens for MoE with MC2
    Precondition(
        _search_rule(
            "sp-in-decode",
            "Sequence parallelism applies to prefill.",
            "Decode holds a few tokens per rank; its MoE slices them with MC2 instead, and the "
            "builder refuses --sp in decode.",
            "  layoutcheck search glm-5.1 --phase decode --sp",
            "Search decode without SP (the MC2 layout), or search prefill.",
        ),
        lambda spec, s: s.sp and s.phase == Phase.DECODE.value,
    ),
    # plan_passes: --layout picks the DSA-CP prefill layer, which needs SP on a DSA model
    Precondition(
        _search_rule(
            "layout-without-dsa-cp",
            "A --layout other than tensorcast needs --sp on a model with DSA structure.",
            "The layout names a DSA-CP prefill layer (the RFC's or vLLM-Ascend's); without "
            "sequence parallelism, or on a model without DSA, there is no such layer to pick.",
            "  layoutcheck search qwen3-30b-a3b --sp --layout vllm-ascend",
            "Drop --layout, or search a DSA model (index_topk in its config) with SP.",
        ),
        lambda spec, s: s.layout != Layout.TENSORCAST.value and (not s.sp or spec.dsa is None),
    ),
    # validate_parallel: column-parallel attention holds heads/tp heads per rank
    Precondition(
        _search_rule(
            "heads-indivisible",
            "tp must divide the attention heads.",
            "Column-parallel attention holds heads/tp whole heads on each rank.",
            "  layoutcheck search qwen3-8b --tp 3",
            "Choose tp among the divisors of num_attention_heads.",
        ),
        lambda spec, s: spec.heads % s.tp != 0,
    ),
    Precondition(
        _search_rule(
            "kv-heads-indivisible",
            "tp and the key/value heads must divide each other.",
            "Each rank holds kv_heads/tp key/value heads, or one head replicated over "
            "tp/kv_heads ranks; any other ratio splits a head.",
            "  num_attention_heads 40, num_key_value_heads 8, --tp 5   # 8/5 heads a rank",
            "Choose tp so that it divides num_key_value_heads or is a multiple of it.",
        ),
        _gqa_mismatch,
    ),
    Precondition(
        _search_rule(
            "experts-indivisible",
            "ep must divide the routed experts.",
            "Expert parallelism places experts/ep whole experts on each rank.",
            "  layoutcheck search glm-5.1 --tp 4 --dp 6   # ep 24 over 256 experts",
            "Choose ep among the divisors of n_routed_experts.",
        ),
        lambda spec, s: spec.moe is not None and spec.moe.experts % s.expert_parallel != 0,
    ),
    Precondition(
        _search_rule(
            "intermediate-indivisible",
            "tp must divide the MLP and expert intermediate sizes.",
            "Column-parallel gate/up and row-parallel down projections shard the intermediate "
            "size over tp.",
            "  intermediate_size 11008, --tp 32   # 11008 = 2^8 * 43",
            "Choose tp among the divisors of intermediate_size (and moe_intermediate_size).",
        ),
        _intermediate,
    ),
)

# a ConfigError the table does not name (a builder check added later): still a rejection
INVALID_CONFIG: Rule = _search_rule(
    "invalid-config",
    "The builder refused the structure for a reason no other search rule names.",
    "A structure the builder cannot build is rejected, not an error of the search; the message "
    "says the builder's reason.",
    "  layoutcheck search MODEL ...   # rejected [invalid-config] <the builder's message>",
    "Read the message: it names the config field or flag the builder refused.",
)
UNNAMED = INVALID_CONFIG.id
SEARCH_RULES: tuple[Rule, ...] = (*(p.rule for p in PRECONDITIONS), INVALID_CONFIG)


@attrs.frozen
class Refusal:
    rule: str
    message: str


def precheck(spec: ModelSpec, structure: Structure) -> Refusal | None:
    """The refusal of a structure that cannot be built, from the builder's own checks (no
    graph is built), or None."""
    world = structure.tp * structure.dp
    if world % structure.expert_parallel:
        return Refusal(
            PRECONDITIONS[0].id,
            f"ep {structure.expert_parallel} does not divide the {world} ranks of tp "
            f"{structure.tp} × dp {structure.dp}",
        )
    parallel = ParallelConfig(structure.tp, structure.dp, structure.ep)
    try:
        plan_passes(
            spec,
            parallel,
            Execution(Phase(structure.phase)),
            sequence_parallel=structure.sp,
            layout=Layout(structure.layout),
            shared_experts=None,
        )
        validate_parallel(spec, parallel, heads_split=True)
    except ConfigError as error:
        return Refusal(rule_of_refusal(spec, structure), error.message)
    return None


def rule_of_refusal(spec: ModelSpec, structure: Structure) -> str:
    """The id of the first precondition a refused structure breaks."""
    for rule in PRECONDITIONS:
        if rule.broken(spec, structure):
            return rule.id
    return UNNAMED
