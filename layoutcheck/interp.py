"""The abstract interpreter: a topological walk that types every port and collects every error.

An op that breaks a type rule is reported, and checking goes on with the layout the rule
expected (as mypy goes on after an error): each independent mistake gives one diagnostic, an
error caused only by an earlier one gives none, and everything below is still checked and
priced. Where a mistake has two meanings the graph cannot tell apart (a pending sum added to a
complete value), checking goes on with both readings until an op accepts one. Only where no
layout makes sense does an op yield TOP, and an op with a TOP input is not checked. Results
are cached per distinct op signature (kind, attrs, input types): 78 identical layers are
typed once.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs
import sympy

from layoutcheck import rules
from layoutcheck.diagnostics import Diagnostic, Severity
from layoutcheck.graph import Graph, InputSpec, Op, ValueRef
from layoutcheck.lattice import AbstractValue, Dtype, FeatureState, TokenLayout
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.base import Context, Family, OpCall, OutLayout, RuleViolation, Warning_
from layoutcheck.rules import Rule
from layoutcheck.symbols import Expr, evaluate, format_expr, integer_value, symbol


@attrs.frozen
class TypedGraph:
    """A graph with the abstract value of every port and the type-rule diagnostics."""

    graph: Graph
    values: Mapping[ValueRef, AbstractValue]
    origins: Mapping[ValueRef, str]
    diagnostics: tuple[Diagnostic, ...]
    context: Context
    registry: Registry

    def value(self, ref: ValueRef | str) -> AbstractValue:
        key = ValueRef.parse(ref) if isinstance(ref, str) else ref
        return self.values.get(key, AbstractValue.top())

    def inputs_of(self, op: Op) -> tuple[AbstractValue, ...]:
        return tuple(self.value(ref) for ref in op.inputs)

    def outputs_of(self, op: Op) -> tuple[AbstractValue, ...]:
        count = self.registry[op.kind].output_count(op)
        return tuple(self.value(ValueRef(op.name, port)) for port in range(count))

    def numeric_shape(self, value: AbstractValue) -> tuple[Expr, ...]:
        return tuple(evaluate(dim, self.context.values) for dim in value.shape)

    def shape_text(self, value: AbstractValue, numeric: bool = True) -> str:
        dims = self.numeric_shape(value) if numeric else value.shape
        return "[" + ", ".join(format_expr(d) for d in dims) + "]"

    def describe(self, ref: ValueRef) -> str:
        """``name : bf16[4096, 6144] F·W`` with numbers where the symbols have values."""
        value = self.value(ref)
        if value.is_top:
            return f"{ref} : ⊤"
        return f"{ref} : {value.dtype.value}{self.shape_text(value)} {value.layout}"

    @property
    def ok(self) -> bool:
        return not any(d.is_error for d in self.diagnostics)


def context_for(graph: Graph) -> Context:
    values = tuple(sorted(((symbol(n), v) for n, v in graph.symbols if v is not None), key=str))
    return Context(groups=dict(graph.groups), token_count=graph.token_count, values=values)


class Typer:
    """The only way a value gets its abstract type: graph inputs, region markers and ops.

    The interpreter feeds it a whole graph in topological order; the rewriter feeds it each op
    it emits, so a pass sees exactly the types ``interpret`` would give its output. An op with a
    TOP input is not checked (one mistake, one diagnostic); an op that breaks a rule yields TOP.
    """

    def __init__(self, graph: Graph, registry: Registry | None = None) -> None:
        self.graph = graph
        self.registry = registry or default_registry()
        self.context = context_for(graph)
        self.values: dict[ValueRef, AbstractValue] = {}
        self.origins: dict[ValueRef, str] = {}
        self.diagnostics: list[Diagnostic] = []
        # the other readings of a value an error left with two meanings (RuleViolation.readings);
        # the value in ``values`` is the first reading, the one shown and priced
        self.readings: dict[ValueRef, tuple[AbstractValue, ...]] = {}
        self._cache: dict[object, Outcome] = {}
        self._count = 0

    def value(self, ref: ValueRef) -> AbstractValue:
        return self.values.get(ref, AbstractValue.top())

    def add_input(self, spec: InputSpec) -> AbstractValue:
        ref = ValueRef(spec.name)
        value = _input_value(spec, self.context, self.diagnostics)
        self.values[ref] = value
        self.origins[ref] = f"graph input {spec.name}"
        return value

    def add_op(self, op: Op) -> tuple[AbstractValue, ...]:
        """Type ``op`` from the types of its inputs (already added); returns its outputs."""
        index = self._count
        self._count += 1
        values, origins = self.values, self.origins
        inputs = tuple(values.get(ref, _TOP) for ref in op.inputs)
        spec = self.registry[op.kind]
        if spec.outputs_per_input:
            # identities per carried value (region markers): a TOP value stays on its own port,
            # so a mistake on the hidden state does not hide one on the residual beside it
            for port, value in enumerate(inputs):
                values[ValueRef(op.name, port)] = value
                origins[ValueRef(op.name, port)] = origins.get(op.inputs[port], op.name)
                if op.inputs[port] in self.readings:
                    self.readings[ValueRef(op.name, port)] = self.readings[op.inputs[port]]
            return inputs
        count = spec.output_count(op)
        if any(value.is_top for value in inputs):
            outputs: tuple[AbstractValue, ...] = (_TOP,) * count
            for port in range(count):
                values[ValueRef(op.name, port)] = _TOP
            return outputs
        inputs, outcome, other_outputs = self._settled(op, inputs)
        outputs = outcome.outputs or (_TOP,) * count
        for port, value in enumerate(outputs):
            ref = ValueRef(op.name, port)
            values[ref] = value
            origins[ref] = _origin(op, inputs, value, origins)
            others = tuple(
                dict.fromkeys(
                    o[port] for o in other_outputs if o[port] != value and not o[port].is_top
                )
            )
            if others:
                self.readings[ref] = others
        if outcome.violations or outcome.warnings:
            self.diagnostics.extend(
                _diagnostics(op, index, outcome, inputs, values, origins, self.context)
            )
        return outputs

    def _settled(
        self, op: Op, inputs: tuple[AbstractValue, ...]
    ) -> tuple[tuple[AbstractValue, ...], Outcome, list[tuple[AbstractValue, ...]]]:
        """The op on the first reading of its inputs that its rules accept (the writer's
        intent, told apart at last), else on the first reading, reported; and the outputs of
        every other reading it accepts, still open."""
        first = self._outcome(op, inputs)
        choices = [(inputs, first)]
        for other in self._other_inputs(op, inputs):
            choices.append((other, self._outcome(op, other)))
        clean = [(i, o) for i, o in choices if not o.violations and o.outputs is not None]
        chosen_inputs, chosen = clean[0] if clean else choices[0]
        others = [o.outputs for i, o in clean if o is not chosen and o.outputs is not None]
        others.extend(chosen.readings)
        return chosen_inputs, chosen, others

    def _other_inputs(
        self, op: Op, inputs: tuple[AbstractValue, ...]
    ) -> list[tuple[AbstractValue, ...]]:
        """Every other combination of its inputs' readings, at most _MAX_READINGS of them."""
        if not self.readings:
            return []
        combos: list[tuple[AbstractValue, ...]] = [()]
        for ref, value in zip(op.inputs, inputs, strict=True):
            options = (value, *self.readings.get(ref, ()))
            combos = [(*c, o) for c in combos for o in options][: _MAX_READINGS + 1]
        return combos[1:]

    def _outcome(self, op: Op, inputs: tuple[AbstractValue, ...]) -> Outcome:
        """An op's rules run once per distinct (kind, attrs, input types) in this graph, and
        once per registry for the same signature in the same context: rules are pure, and a
        REPL, a pass manager or a benchmark re-checks the same signatures many times."""
        key = (op.kind, op.attrs, inputs)
        outcome = self._cache.get(key)
        if outcome is None:
            outcome = self.registry.outcome(
                (key, self.context.key),
                lambda: _run_rules(OpCall(op, self.registry[op.kind], inputs, self.context)),
            )
            self._cache[key] = outcome
        return outcome

    def typed(self, graph: Graph | None = None) -> TypedGraph:
        return TypedGraph(
            graph or self.graph,
            self.values,
            self.origins,
            tuple(self.diagnostics),
            self.context,
            self.registry,
        )


_TOP = AbstractValue.top()
# the other readings of an op's inputs tried (two readings of each of three inputs, say): each
# is one more run of the op's rules, and only values an error left with two meanings have any
_MAX_READINGS = 7


def interpret(graph: Graph, registry: Registry | None = None) -> TypedGraph:
    """Type every port of ``graph`` (already normalized) and collect type-rule diagnostics."""
    typer = Typer(graph, registry)
    for spec in graph.inputs:
        typer.add_input(spec)
    for op in graph.topological_order():
        typer.add_op(op)
    return typer.typed()


@attrs.frozen
class Outcome:
    """What an op's rules said: its output types (None: ⊤), the violations (the first, then
    any the runs on the expected inputs found), and any warnings. Only the first is reported:
    the others are most often the same mistake seen from another input (a top_k that
    disagrees with both the weights and the ids)."""

    outputs: tuple[AbstractValue, ...] | None
    violations: tuple[RuleViolation, ...]
    warnings: tuple[Warning_, ...]
    # the outputs of the other inputs a violation said the writer may have meant
    readings: tuple[tuple[AbstractValue, ...], ...] = ()

    @property
    def violation(self) -> RuleViolation | None:
        return self.violations[0] if self.violations else None


class CatalogueError(Exception):
    """An op raised a rule its catalogue entry does not declare (a bug in the catalogue)."""


# an op with k inputs can need a repair per input, and a waived check or two besides
_MAX_RUNS = 6


def _run_rules(call: OpCall) -> Outcome:
    """The op's rules; after a violation, again on what the rule expected (its inputs
    repaired, or its check waived) until they hold, or ⊤ when nothing sensible is left."""
    found: list[RuleViolation] = []
    first_warnings = None
    for _ in range(_MAX_RUNS):
        try:
            outputs = _typed_outputs(call)
        except RuleViolation as violation:
            _require_declared(call, violation.rule)
            if first_warnings is None:
                first_warnings = tuple(call.warnings)
            if any(_same(violation, seen) for seen in found):
                break  # the repair changed nothing: no layout to go on with
            found.append(violation)
            if violation.recovered is not None:
                recovered = _recovered(call, violation.recovered)
                return Outcome(recovered, tuple(found), first_warnings, _readings(call, found))
            repaired = _repaired(call, violation)
            if repaired is None:
                break
            call = repaired
            continue
        for warning in call.warnings:
            _require_declared(call, warning.rule)
        return Outcome(outputs, tuple(found), tuple(call.warnings), _readings(call, found))
    return Outcome(None, tuple(found), first_warnings or ())


def _readings(call: OpCall, found: list[RuleViolation]) -> tuple[tuple[AbstractValue, ...], ...]:
    """The outputs of each other reading the violations named that the op's rules accept."""
    outputs = []
    for violation in found:
        for inputs in violation.readings:
            try:
                outputs.append(_typed_outputs(OpCall(call.op, call.spec, inputs, call.context)))
            except RuleViolation:
                continue  # a reading the op itself refuses is no reading of its outputs
        for recovered in violation.recovered_readings:
            values = _recovered(call, recovered)
            if values is not None:
                outputs.append(values)
    return tuple(outputs)


def _typed_outputs(call: OpCall) -> tuple[AbstractValue, ...]:
    layouts = tuple(call.spec.layout(call))
    shapes = tuple(call.spec.shape(call, layouts))
    dtypes = tuple(call.spec.dtype(call)) if call.spec.dtype else _first_dtype(call, layouts)
    ranges = _id_ranges(call, dtypes)
    return tuple(
        AbstractValue(
            shape=(call.rows(layout), *features),
            tokens=layout.tokens,
            features=layout.features,
            dtype=dtype,
            extent=layout.extent,
            group=layout.group,
            id_range=id_range,
        )
        for layout, features, dtype, id_range in zip(layouts, shapes, dtypes, ranges, strict=True)
    )


def _recovered(
    call: OpCall, recovered: tuple[tuple[OutLayout, tuple[Expr, ...]], ...]
) -> tuple[AbstractValue, ...] | None:
    if len(recovered) != call.spec.output_count(call.op):
        return None
    dtype = call.inputs[0].dtype if call.inputs else Dtype.BF16
    return tuple(
        AbstractValue(
            shape=(call.rows(layout), *features),
            tokens=layout.tokens,
            features=layout.features,
            dtype=dtype,
            extent=layout.extent,
            group=layout.group,
        )
        for layout, features in recovered
    )


def _repaired(call: OpCall, violation: RuleViolation) -> OpCall | None:
    """The call the rule expected: input ``slot`` (or every input) as the rule wanted it, or
    the rule waived."""
    wanted = violation.expected_inputs
    if wanted is not None and len(wanted) == len(call.inputs) and wanted != call.inputs:
        return OpCall(call.op, call.spec, wanted, call.context, waived=call.waived)
    if violation.expected is not None and violation.slot is not None:
        if violation.slot >= len(call.inputs) or violation.expected.is_top:
            return None
        inputs = list(call.inputs)
        inputs[violation.slot] = violation.expected
        return OpCall(call.op, call.spec, tuple(inputs), call.context, waived=call.waived)
    if violation.waive and violation.rule not in call.waived:
        waived = call.waived | {violation.rule}
        return OpCall(call.op, call.spec, call.inputs, call.context, waived=waived)
    return None


def _same(a: RuleViolation, b: RuleViolation) -> bool:
    return a.rule is b.rule and a.slot == b.slot and a.message == b.message


# ops that move or reshape values without computing on them: an index value keeps its range
_MOVES_VALUES = frozenset({Family.COMMUNICATION, Family.LAYOUT})


def _id_ranges(call: OpCall, dtypes: tuple[Dtype, ...]) -> tuple[Expr | None, ...]:
    if call.spec.id_ranges is not None:
        return tuple(call.spec.id_ranges(call))
    if call.spec.family in _MOVES_VALUES and call.inputs:
        first = call.inputs[0]
        if first.id_range is not None and all(v.id_range == first.id_range for v in call.inputs):
            return tuple(first.id_range if d is first.dtype else None for d in dtypes)
    return (None,) * len(dtypes)


def _require_declared(call: OpCall, rule: Rule) -> None:
    if rule not in call.spec.raises:
        raise CatalogueError(f"{call.op.kind} raised {rule.id}, which its entry does not declare")


def _first_dtype(call: OpCall, layouts: tuple[OutLayout, ...]) -> tuple[Dtype, ...]:
    return tuple(call.inputs[0].dtype for _ in layouts)


def _origin(
    op: Op, inputs: tuple[AbstractValue, ...], value: AbstractValue, origins: Mapping[ValueRef, str]
) -> str:
    """Where a value's token layout was decided: here if it changed, else where its input's was."""
    if not inputs or value.is_top:
        return op.name
    first = inputs[0]
    if first.tokens is value.tokens and first.extent == value.extent:
        return origins.get(op.inputs[0], op.name)
    return op.name


def _input_value(spec: InputSpec, context: Context, diagnostics: list[Diagnostic]) -> AbstractValue:
    extent = context.token_count
    group = (
        spec.group
        if (spec.tokens is TokenLayout.LOCAL or spec.features is not FeatureState.WHOLE)
        else None
    )
    value = AbstractValue(spec.shape, spec.tokens, spec.features, spec.dtype, extent, group)
    if not spec.shape:
        return value
    size = context.groups.get(spec.group, sympy.Integer(1))
    expected = extent / size if spec.tokens is TokenLayout.LOCAL else extent
    if spec.tokens is TokenLayout.LOCAL and _declared_padded(spec, extent, size, context):
        # [ceil(T/g), …] rows: a slice of the token range padded to a multiple of g (the
        # extent pad_tokens gives), as the indivisible help suggests declaring it
        padded = sympy.ceiling(extent / size) * size
        return value.evolve(extent=padded)
    if spec.tokens is TokenLayout.LOCAL and not (extent / size).is_integer:
        rows, ranks = context.numeric(extent), context.numeric(size)
        if rows is not None and ranks is not None and rows % ranks:
            diagnostics.append(
                Diagnostic(
                    rule=rules.INDIVISIBLE,
                    severity=Severity.ERROR,
                    message=(
                        f"input {spec.name!r} is LOCAL over {spec.group!r}, but {ranks} ranks "
                        f"cannot hold equal slices of {rows} tokens"
                    ),
                    hint=f"declare it over the padded extent: shape [ceil(T/{spec.group}), …]"
                    " and pad the producer, or choose a divisible token count",
                    op=spec.name,
                    line=spec.line,
                )
            )
            return AbstractValue.top()
    if not context.same(spec.shape[0], expected):
        diagnostics.append(
            Diagnostic(
                rule=rules.TOKEN_EXTENT,
                severity=Severity.ERROR,
                message=(
                    f"input {spec.name!r} is declared {spec.tokens.name} with "
                    f"{format_expr(spec.shape[0])} rows; a {spec.tokens.name} value has "
                    f"{format_expr(expected)} rows"
                ),
                hint=f"declare shape [{format_expr(expected)}, …] or change tokens:",
                op=spec.name,
                line=spec.line,
            )
        )
        return AbstractValue.top()
    return value


def _declared_padded(spec: InputSpec, extent: Expr, size: Expr, context: Context) -> bool:
    """Is a LOCAL input declared with ``ceil(extent/g)`` rows where ``extent/g`` is not whole
    (or not known to be)?"""
    rows = spec.shape[0]
    if context.same(rows, extent / size):
        return False
    return context.same(rows, sympy.ceiling(extent / size))


def _diagnostics(
    op: Op,
    index: int,
    outcome: Outcome,
    inputs: tuple[AbstractValue, ...],
    values: Mapping[ValueRef, AbstractValue],
    origins: Mapping[ValueRef, str],
    context: Context,
) -> list[Diagnostic]:
    typed = ", ".join(
        f"{ref} : {_value_text(value, context)}"
        for ref, value in zip(op.inputs, inputs, strict=True)
    )
    where = f"%{index} {op.name} = {op.kind}({typed})"
    found = []
    for warning in outcome.warnings:
        found.append(
            Diagnostic(
                warning.rule,
                Severity.WARNING,
                warning.message,
                warning.hint,
                op.name,
                op.layer,
                op.line,
                where,
            )
        )
    for violation in outcome.violations[:1]:
        slots: list[int] = []
        if violation.slot is not None and violation.slot < len(op.inputs):
            # a disagreement has two sides: say where each operand's layout came from
            two_sided = violation.rule is rules.LAYOUT_MISMATCH
            slots = [0, violation.slot] if two_sided else [violation.slot]
        notes = tuple(
            _origin_note(op.inputs[slot], values[op.inputs[slot]], origins.get(op.inputs[slot]))
            for slot in dict.fromkeys(slots)
        )
        found.append(
            Diagnostic(
                violation.rule,
                Severity.ERROR,
                violation.message,
                violation.hint,
                op.name,
                op.layer,
                op.line,
                where,
                notes,
            )
        )
    return found


def _origin_note(ref: ValueRef, value: AbstractValue, origin: str | None) -> str:
    layout = {TokenLayout.FULL: "FULL", TokenLayout.LOCAL: "LOCAL"}.get(value.tokens, "?")
    if origin is None or origin == ref.op:
        return f"{ref} is {value.layout}, made {layout} at {ref.op}"
    return f"{ref} is {value.layout}: it became {layout} at {origin}"


def _value_text(value: AbstractValue, context: Context) -> str:
    dims = [evaluate(dim, context.values) for dim in value.shape]
    shown = [
        str(integer_value(d)) if integer_value(d) is not None else format_expr(d) for d in dims
    ]
    return f"{value.dtype.value}[{', '.join(shown)}] {value.layout}"
