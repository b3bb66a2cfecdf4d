"""What an op-catalogue entry is: attrs it takes, its layout, shape and dtype rules, and its doc.

Rules are small pure functions of an :class:`OpCall`. A rule that finds a type error raises
:class:`RuleViolation`; the interpreter turns it into one diagnostic and the op's outputs
into TOP.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

import attrs
import sympy
from attrs import field

from layoutcheck import rules
from layoutcheck.graph import AttrValue, Op
from layoutcheck.lattice import AbstractValue, Dtype, FeatureState, TokenLayout
from layoutcheck.ops.traits import Trait
from layoutcheck.rules import Rule
from layoutcheck.symbols import Expr, evaluate, format_expr, integer_value

if TYPE_CHECKING:
    from layoutcheck.ops.costing import CostRule
    from layoutcheck.ops.weights import WeightRule


class AttrKind(enum.Enum):
    SIZE = "size"  # an expression over the graph's symbols
    SIZES = "sizes"  # a list of expressions
    CHOICE = "choice"  # one of a fixed set of words
    GROUP = "group"  # the name of a communication group
    BOOL = "bool"
    TEXT = "text"  # free text (a region name)


@attrs.frozen
class AttrSpec:
    kind: AttrKind
    required: bool = False
    default: AttrValue | None = None
    choices: tuple[str, ...] = ()
    doc: str = ""


def size(doc: str = "", *, required: bool = True, default: int | None = None) -> AttrSpec:
    value = None if default is None else sympy.Integer(default)
    return AttrSpec(AttrKind.SIZE, required=required and default is None, default=value, doc=doc)


def sizes(doc: str = "") -> AttrSpec:
    return AttrSpec(AttrKind.SIZES, required=True, doc=doc)


def choice(
    *options: str, default: str | None = None, doc: str = "", optional: bool = False
) -> AttrSpec:
    """One of ``options``: required unless it has a default or is ``optional`` (absent means
    the op's rule decides)."""
    required = default is None and not optional
    return AttrSpec(AttrKind.CHOICE, required=required, default=default, choices=options, doc=doc)


def group(default: str = "tp", doc: str = "communication group") -> AttrSpec:
    return AttrSpec(AttrKind.GROUP, default=default, doc=doc)


def flag(default: bool = False, doc: str = "") -> AttrSpec:
    return AttrSpec(AttrKind.BOOL, default=default, doc=doc)


def text(doc: str = "", *, required: bool = True) -> AttrSpec:
    return AttrSpec(AttrKind.TEXT, required=required, doc=doc)


class RuleViolation(Exception):
    """A type rule does not hold for this op. ``slot`` names the offending input, if one.

    After reporting it, checking goes on with the layout the rule expected (as mypy goes on
    after an error), so each independent mistake is reported once and everything below it is
    still checked and priced:

    - ``recovered`` says what the outputs are regardless (a view that misstates the token rows
      still holds the rows it was given; a reduction on the wrong tokens still gives complete
      features), one ``(layout, features)`` per output;
    - ``expected`` is the value the rule wanted at ``slot``: the op's rules run again on it, and
      the op's outputs are what they give (an add of a LOCAL and a FULL operand: the add of two
      operands of the first one's layout);
    - ``expected_inputs`` is every input as the rule wanted them (a missing gather before an
      attention leaves its query side LOCAL too);
    - ``waive`` says the rule's own check may be skipped on a second run (a size that does not
      divide: the op's outputs as if it did);
    - ``readings`` are other inputs the writer may have meant, where the graph cannot tell which
      (a pending sum added to a complete value: the reduction was meant before the add, or the
      complete operand was meant as a share of the sum). Their outputs are kept as other
      readings of the op's outputs, and the first later op that one reading satisfies settles
      which was meant, so the ops written for either intent are not reported again;
      ``recovered_readings`` are other outputs the op may have been meant to give, kept the same
      way beside ``recovered`` (a reduction over another group: its own group's rows, or the
      rows of the group the value is distributed over).

    Only where none applies do the outputs become ⊤, and an op with a ⊤ input is not checked."""

    def __init__(
        self,
        rule: Rule,
        message: str,
        hint: str,
        slot: int | None = None,
        recovered: Recovered | tuple[Recovered, ...] | None = None,
        expected: AbstractValue | None = None,
        waive: bool = False,
        expected_inputs: tuple[AbstractValue, ...] | None = None,
        readings: tuple[tuple[AbstractValue, ...], ...] = (),
        recovered_readings: tuple[tuple[Recovered, ...], ...] = (),
    ) -> None:
        super().__init__(message)
        self.rule = rule
        self.message = message
        self.hint = hint
        self.slot = slot
        outputs: tuple[Recovered, ...] | None = None
        if recovered is not None:
            first = recovered[0]
            single = isinstance(first, OutLayout)
            outputs = (recovered,) if single else recovered  # type: ignore[assignment]
        self.recovered = outputs
        self.expected = expected
        self.waive = waive
        self.expected_inputs = expected_inputs
        self.readings = readings
        self.recovered_readings = recovered_readings


@attrs.frozen
class Warning_:
    rule: Rule
    message: str
    hint: str


@attrs.frozen
class RuleUse:
    """A rule an op can raise, and when (a row of the op's entry in the reference tables)."""

    rule: Rule
    when: str = ""


@attrs.frozen
class OutLayout:
    """The layout part of an output: tokens, features, token extent and group."""

    tokens: TokenLayout
    features: FeatureState
    extent: Expr
    group: str | None = None


# an output a violated rule still vouches for: its layout and per-rank feature dims
Recovered = tuple[OutLayout, tuple[Expr, ...]]


@attrs.frozen
class Context:
    """What rules may know about the graph around an op (never the other ops)."""

    groups: Mapping[str, Expr]
    token_count: Expr
    values: tuple[tuple[sympy.Symbol, int], ...]
    # everything above as one hashable value: rule outcomes are cached by it
    key: tuple[object, ...] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        key = (tuple(sorted(self.groups.items())), self.token_count, self.values)
        object.__setattr__(self, "key", key)

    def numeric(self, expr: Expr) -> int | None:
        return integer_value(evaluate(expr, self.values))

    def same(self, a: Expr, b: Expr) -> bool:
        """Do two sizes agree? Structural first, then by the symbols' values."""
        if a == b:
            return True
        left, right = evaluate(a, self.values), evaluate(b, self.values)
        if left == right:
            return True
        if left.is_Number and right.is_Number:
            return False
        return bool(sympy.expand(left - right) == 0)


@attrs.define
class OpCall:
    """An op being interpreted: its attrs (defaults filled in), typed inputs and context."""

    op: Op
    spec: OpSpec
    inputs: tuple[AbstractValue, ...]
    context: Context
    warnings: list[Warning_] = attrs.field(factory=list)
    # rules whose check a second run skips, after a first run reported them (RuleViolation.waive)
    waived: frozenset[Rule] = frozenset()

    def waives(self, rule: Rule) -> bool:
        return rule in self.waived

    def attr(self, key: str) -> AttrValue:
        value = self.op.attr(key)
        if value is None:
            value = self.spec.attrs[key].default
        if value is None:
            raise KeyError(key)  # validation guarantees required attrs exist
        return value

    def size(self, key: str) -> Expr:
        value = self.attr(key)
        assert isinstance(value, sympy.Expr)
        return value

    def word(self, key: str) -> str:
        value = self.attr(key)
        assert isinstance(value, str)
        return value

    @property
    def group(self) -> str:
        return self.word("group") if "group" in self.spec.attrs else "tp"

    @property
    def g(self) -> Expr:
        return self.context.groups[self.group]

    def rows(self, layout: OutLayout) -> Expr:
        """Per-rank token rows of a value with this layout."""
        if layout.tokens is TokenLayout.LOCAL:
            return layout.extent / self.context.groups[layout.group or "tp"]
        return layout.extent

    def shape(self, value: AbstractValue) -> str:
        """A value's per-rank shape for messages: numbers where the symbols have values."""
        dims = []
        for dim in value.shape:
            number = self.context.numeric(dim)
            dims.append(format_expr(dim) if number is None else str(number))
        return "[" + ", ".join(dims) + "]"

    def warn(self, rule: Rule, message: str, hint: str) -> None:
        self.warnings.append(Warning_(rule, message, hint))

    def require_divisible(self, extent: Expr, what: str) -> None:
        """``g | extent``: an error when provably false, a warning naming the assumption if
        unknown."""
        g = self.g
        quotient = extent / g
        if quotient.is_integer:
            return
        numeric_extent, numeric_g = self.context.numeric(extent), self.context.numeric(g)
        if numeric_extent is not None and numeric_g is not None:
            if numeric_extent % numeric_g == 0 or self.waives(rules.INDIVISIBLE):
                return
            raise RuleViolation(
                rules.INDIVISIBLE,
                f"{what} needs the group size {format_expr(g)} = {numeric_g} to divide the token "
                f"extent {format_expr(extent)} = {numeric_extent}",
                f"insert pad_tokens before it (extent becomes ceil({format_expr(extent)}/"
                f"{format_expr(g)})*{format_expr(g)}), or choose a token count divisible by "
                f"{numeric_g}",
                waive=True,
            )
        self.warn(
            rules.INDIVISIBLE,
            f"{what} needs {format_expr(g)} to divide {format_expr(extent)}, which is not known",
            f"assume {format_expr(extent)} % {format_expr(g)} == 0 (set the symbols with --set), "
            "or insert pad_tokens before it",
        )


LayoutRule = Callable[[OpCall], Sequence[OutLayout]]
ShapeRule = Callable[[OpCall, Sequence[OutLayout]], Sequence[tuple[Expr, ...]]]
DtypeRule = Callable[[OpCall], Sequence[Dtype]]
AttrCheck = Callable[[Mapping[str, AttrValue], int], "str | None"]
# the id range of each output (None: not an index value); see AbstractValue.id_range
IdRangeRule = Callable[[OpCall], Sequence[Expr | None]]


class Family(enum.Enum):
    COMMUNICATION = "communication"
    LAYOUT = "layout"
    ELEMENTWISE = "elementwise"
    LINEAR = "linear"
    ATTENTION = "attention"
    MOE = "moe"
    STRUCTURE = "structure"
    TENSOR = "tensor"  # the engines' per-rank plumbing: views, casts, pointwise, selects


@attrs.frozen
class OpSpec:
    """One catalogue entry: an op's aspects, each its own small rule (shape, layout, dtype, cost,
    weights), and its documentation.

    ``layout`` gives each output's tokens/features/extent; ``shape`` each output's per-rank
    feature dims (the token dim always follows from the layout, never the other way round).
    ``rules`` are the type rules the op can raise: the interpreter refuses any other, and the
    reference tables are generated from them. ``cost`` and ``weights`` are required: a registry
    refuses an entry without them (``NO_WEIGHTS`` says an op owns none). ``traits`` say what the
    op is (:mod:`layoutcheck.ops.traits`): everything outside the catalogue asks them, never
    the kind's name.
    """

    kind: str
    family: Family
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    layout: LayoutRule
    shape: ShapeRule
    summary: str  # the layout rule in one line, for the reference tables
    doc: str
    rules: tuple[RuleUse, ...] = ()
    attrs: Mapping[str, AttrSpec] = attrs.field(factory=dict)
    dtype: DtypeRule | None = None
    # index outputs' id ranges; without one, collectives and layout ops pass input 0's on
    id_ranges: IdRangeRule | None = None
    variadic: bool = False  # the last input may repeat (concat, region markers)
    outputs_per_input: bool = False  # one output per input (region markers)
    outputs_from: str | None = None  # the list attr whose length is the output count (split)
    aliases: tuple[str, ...] = ()
    # engine spellings of attrs: attr -> {file value: (canonical attr, canonical value)}; a
    # value not listed (disable_tp: false) says nothing and is dropped
    attr_aliases: Mapping[str, Mapping[object, tuple[str, object]]] = field(factory=dict)
    transparent: bool = False  # identity on values: contracts look through it
    cost: CostRule | None = None  # FLOPs, bytes and communication (ops/costing.py)
    weights: WeightRule | None = None  # the weight tensors the op owns (memory)
    traits: frozenset[Trait] = frozenset()
    # refuses attrs that contradict a fact of the catalogue (a message, or None): given the
    # parsed attrs and the number of inputs
    attr_check: AttrCheck | None = None
    raises: frozenset[Rule] = field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "raises", frozenset(use.rule for use in self.rules))

    def is_(self, trait: Trait) -> bool:
        return trait in self.traits

    def output_count(self, op: Op) -> int:
        if self.outputs_per_input:
            return len(op.inputs)
        if self.outputs_from is not None:
            value = op.attr(self.outputs_from)
            return len(value) if isinstance(value, tuple) else 0
        return len(self.outputs)

    def arity_ok(self, count: int) -> bool:
        if self.variadic:
            return count >= len(self.inputs)
        return count == len(self.inputs)

    def arity_text(self) -> str:
        names = ", ".join(self.inputs)
        return f"{self.kind}({names}{', …' if self.variadic else ''})"


# -- shared rule helpers ---------------------------------------------------------------------


def same_layout(value: AbstractValue) -> OutLayout:
    return OutLayout(value.tokens, value.features, value.extent, value.group)


def features_of(value: AbstractValue) -> tuple[Expr, ...]:
    return value.shape[1:]


def keep_features(call: OpCall, layouts: Sequence[OutLayout]) -> Sequence[tuple[Expr, ...]]:
    """Shape rule of ops that keep input 0's features on every output (tokens may change)."""
    return tuple(features_of(call.inputs[0]) for _ in layouts)


def reduced(value: AbstractValue) -> AbstractValue:
    """What a PARTIAL value is once reduced in place (an all_reduce): complete features."""
    group = value.group if value.tokens is TokenLayout.LOCAL else None
    return value.evolve(features=FeatureState.WHOLE, group=group)


def gathered(value: AbstractValue) -> AbstractValue:
    """What a LOCAL value is once all_gathered: every row of its extent (the FULL-token value
    a token select or the LM head expects)."""
    group = value.group if value.features is not FeatureState.WHOLE else None
    return value.evolve(
        shape=(value.extent, *value.shape[1:]), tokens=TokenLayout.FULL, group=group
    )


def like(value: AbstractValue, model: AbstractValue) -> AbstractValue:
    """``value``'s features and dtype in ``model``'s token layout, extent, rows and state: the
    operand a disagreement expected."""
    return value.evolve(
        shape=(model.shape[0], *value.shape[1:]) if value.shape else value.shape,
        tokens=model.tokens,
        features=model.features,
        extent=model.extent,
        group=model.group,
    )


def reject_partial(call: OpCall, slots: Sequence[int] | None = None) -> None:
    """[partial-into-nonlinear]: a pending sum must be reduced before a non-linear op."""
    for slot in range(len(call.inputs)) if slots is None else slots:
        value = call.inputs[slot]
        if value.features is FeatureState.PARTIAL:
            name = call.spec.inputs[min(slot, len(call.spec.inputs) - 1)]
            raise RuleViolation(
                rules.PARTIAL_INTO_NONLINEAR,
                f"{call.op.kind} input {name!r} is a pending sum ({value.layout}): "
                "the op is not linear, so it would compute on 1/g of the value",
                "reduce first: all_reduce (keeps tokens) or reduce_scatter (to LOCAL) before it",
                slot,
                expected=reduced(value),
            )


def require_agree(call: OpCall, slots: Sequence[int], what: str = "operands") -> None:
    """[layout-mismatch]: operands must agree on tokens, token extent and feature state."""
    first = call.inputs[slots[0]]
    for slot in slots[1:]:
        other = call.inputs[slot]
        problem = None
        if other.tokens is not first.tokens:
            problem = "token layout"
        elif not call.context.same(other.extent, first.extent):
            problem = "token extent"
        elif other.features is not first.features:
            problem = "feature state"
        elif (other.tokens is TokenLayout.LOCAL or other.features is not FeatureState.WHOLE) and (
            other.group != first.group
        ):
            problem = "group"
        elif not call.context.same(other.shape[0], first.shape[0]):
            problem = "token rows"
        if problem is not None:
            names = call.spec.inputs
            a = names[min(slots[0], len(names) - 1)]
            b = names[min(slot, len(names) - 1)]
            raise RuleViolation(
                rules.LAYOUT_MISMATCH,
                f"{call.op.kind} {what} disagree on {problem}: {a} is "
                f"{first.dtype.value}{call.shape(first)} {first.layout}, {b} is "
                f"{other.dtype.value}{call.shape(other)} {other.layout}",
                _mismatch_hint(first, other),
                slot,
                expected_inputs=_agreeing(call, slots[0], slot),
                readings=_other_reading(call, slots[0], slot),
            )


def _agreeing(call: OpCall, first: int, slot: int) -> tuple[AbstractValue, ...]:
    """The operands as a disagreement expected them: ``slot`` in the first operand's layout —
    the first is the fresh value, the other most often the stale residual (TensorCast's P2,
    vLLM-Ascend's first-layer residual) — unless only the other holds complete features (a
    row-parallel output not yet reduced, a column one not gathered: then it is the first that
    is wrong), or only the other holds LOCAL tokens (below)."""
    inputs = list(call.inputs)
    a, b = inputs[first], inputs[slot]
    b_wins = a.features is not FeatureState.WHOLE and b.features is FeatureState.WHOLE
    # tokens that disagree: the LOCAL operand is what sequence parallelism made, the FULL one
    # what it left behind (a gathered or replicated residual, P2's swapped arguments), so the
    # layer goes on LOCAL and its later gathers are not reported again
    if a.tokens is TokenLayout.FULL and b.tokens is TokenLayout.LOCAL and a.features is b.features:
        b_wins = True
    if b_wins:
        inputs[first] = b.evolve(dtype=a.dtype, id_range=a.id_range)
    else:
        inputs[slot] = like(b, a)
    return tuple(inputs)


def _other_reading(call: OpCall, first: int, slot: int) -> tuple[tuple[AbstractValue, ...], ...]:
    """A pending sum and a complete value on the same tokens have two meanings, and the graph
    alone cannot tell them apart: the reduction was meant before the op (the reading
    :func:`_agreeing` gives: the complete one wins), or the complete operand was meant as this
    rank's share of the sum and the reduction after the op is the writer's (the fixes of SGLang
    PR 31476 and torchtitan PR 2106 scale the replicated shared output and the bias by 1/g and
    keep that reduction). The second is the other reading: checking goes on with both until an
    op tells them apart (a reduction accepts only the pending sum, a norm only the complete
    value), so neither intent's next op is reported a second time."""
    a, b = call.inputs[first], call.inputs[slot]
    states = {a.features, b.features}
    if states != {FeatureState.PARTIAL, FeatureState.WHOLE} or a.tokens is not b.tokens:
        return ()
    inputs = list(call.inputs)
    if a.features is FeatureState.PARTIAL:
        inputs[slot] = like(b, a)
    else:
        inputs[first] = like(a, b)
    return (tuple(inputs),)


def _mismatch_hint(a: AbstractValue, b: AbstractValue) -> str:
    if a.tokens is not b.tokens:
        return (
            "bring both operands to one token layout: all_gather the LOCAL one, or token_slice "
            "the FULL one (in sequence parallelism, keep the residual LOCAL)"
        )
    if a.features is not b.features:
        return "reduce the PARTIAL operand (all_reduce) or gather the SPLIT one before combining"
    return "pad or unpad one operand so both cover the same token range"


def require_features(call: OpCall, slot: int, expected: Expr, what: str) -> None:
    """[shape-mismatch]: the first feature dim of an input must equal ``expected`` per rank."""
    value = call.inputs[slot]
    actual = value.shape[1] if len(value.shape) > 1 else sympy.Integer(1)
    if len(value.shape) != 2 or not call.context.same(actual, expected):
        raise RuleViolation(
            rules.SHAPE_MISMATCH,
            f"{call.op.kind} input {call.spec.inputs[min(slot, len(call.spec.inputs) - 1)]!r} "
            f"has per-rank shape {call.shape(value)} ({value.layout}); {what} expects "
            f"[t, {format_expr(expected)}]",
            "check in_features / the producer's parallel mode: a row-parallel linear reads "
            "in_features/g SPLIT features, column and replicated ones read all of them",
            slot,
            expected=value.evolve(
                shape=(value.shape[0] if value.shape else value.extent, expected)
            ),
        )


def per_rank(call: OpCall, size: Expr, features: FeatureState) -> Expr:
    """A global feature size as one rank holds it under ``features``."""
    if features is FeatureState.SPLIT:
        return size / call.g
    return size


def check_split_divides(call: OpCall, size: Expr, what: str) -> None:
    """A SPLIT feature size must divide by the group (heads over tp, experts over ep)."""
    quotient = size / call.g
    if quotient.is_integer:
        return
    numeric_size, numeric_g = call.context.numeric(size), call.context.numeric(call.g)
    if numeric_size is not None and numeric_g is not None and numeric_size % numeric_g != 0:
        if call.waives(rules.INDIVISIBLE):
            return
        raise RuleViolation(
            rules.INDIVISIBLE,
            f"{what} {numeric_size} cannot be split over {format_expr(call.g)} = {numeric_g} ranks",
            "choose a group size that divides it, or keep the weight replicated",
            waive=True,
        )


INTEGER_DTYPES = frozenset({Dtype.INT8, Dtype.INT32, Dtype.INT64})


def require_dtype(call: OpCall, slot: int, integer: bool, what: str) -> None:
    """[dtype-mismatch]: indices and expert ids are integers; routing weights are not."""
    value = call.inputs[slot]
    if (value.dtype in INTEGER_DTYPES) != integer:
        kind = "integer" if integer else "floating-point"
        raise RuleViolation(
            rules.DTYPE_MISMATCH,
            f"{call.op.kind} input {call.spec.inputs[slot]!r} is {value.dtype.value}; {what} "
            f"are {kind}",
            "check the order of the inputs: moe_topk gives the weights at :0 and the ids at :1",
            slot,
            expected=value.evolve(dtype=Dtype.INT32 if integer else Dtype.BF16, id_range=None),
        )


def warn_local_split(call: OpCall) -> None:
    """[local-feature-split]: sharding the features of LOCAL tokens over the same group.

    Rank r holds only its own tokens, so it can compute only its own feature block of them; the
    other blocks of its tokens exist nowhere, and a later all_reduce sums different tokens (an
    error there: cross-token-reduction). Cost models use this shape (the RFC table's shared
    experts on local tokens); no engine runs it.
    """
    value = call.inputs[0]
    starts_split = value.features is FeatureState.WHOLE  # said once, where the split begins
    if value.tokens is TokenLayout.LOCAL and value.group == call.group and starts_split:
        call.warn(
            rules.LOCAL_FEATURE_SPLIT,
            f"{call.op.kind} shards features over {call.group!r} on tokens already LOCAL over "
            f"{call.group!r} {call.shape(value)}: each rank computes only its own feature block "
            "of its own tokens",
            "a cost-model shape, not an executable layout: replicate the weight on local tokens "
            "(vLLM-Ascend), or all_gather before and reduce_scatter after",
        )
