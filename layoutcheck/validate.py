"""Structural validation: turns a raw graph (from a file or a builder) into a well-formed one.

Checks op kinds, arity, attrs, references, groups, symbols and cycles, and parses every size
attr into a sympy expression. Every failure is a :class:`GraphError` naming the op and line.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

import sympy

from layoutcheck.errors import did_you_mean
from layoutcheck.graph import AttrValue, Graph, GraphError, Op, ValueRef, freeze_attrs
from layoutcheck.limits import MAX_NAME_CHARS, MAX_SIZE, MAX_SYMBOL_VALUE, shown
from layoutcheck.ops import Registry, default_registry
from layoutcheck.ops.base import AttrKind, AttrSpec
from layoutcheck.symbols import Expr, ExpressionError, evaluate, parse_expr, symbol


def normalize(graph: Graph, registry: Registry | None = None) -> Graph:
    """The same graph with canonical op kinds and parsed attrs, or a GraphError."""
    registry = registry or default_registry()
    known = graph.symbol_names
    _check_symbols(graph)
    _check_names(graph)
    _check_groups(graph)
    # what an op's kind and attrs parse to depends on the registry, the symbols and the groups
    # alone: a pass's output and the next graph of a search share this graph's parses
    parsed: _Parses = registry.parses((known, graph.group_names))
    ops = tuple(_normalize_cached(op, registry, known, graph, parsed) for op in graph.ops)
    result = graph.evolve(ops=ops)
    _check_references(result, registry)
    result.topological_order()  # raises GraphError on a cycle
    check_values(result)
    return result


_Parses = dict[object, tuple[str, tuple[tuple[str, AttrValue], ...]]]


def check_values(graph: Graph) -> None:
    """With the symbols' values, every size must be a whole, positive number of at most
    ``MAX_SIZE``: ``H/(tp - 16)`` or ``H % (tp - 2)`` at tp = 16 or 2 is undefined, ``H/3`` at
    H = 8 is no size, and ``(H+1)**64`` no shape anything could hold — each an input error
    naming the expression. (A LOCAL input's token dim may be fractional: the interpreter
    reports that as ``indivisible``, with the padding that fixes it.)"""
    _check_symbols(graph)
    values = tuple(sorted(((symbol(n), v) for n, v in graph.symbols if v is not None), key=str))
    if not values:
        return
    setting = ", ".join(f"{n}={v}" for n, v in graph.symbols if v is not None)

    def check(expr: Expr, what: str, op: str | None, line: int | None, whole: bool = True) -> None:
        problem = _size_problem(expr, values, whole)
        if problem is None:
            return
        kind, number = problem
        if kind == "undefined":
            raise GraphError(f"{what} {expr} is undefined at {setting}", op=op, line=line)
        if kind == "not-positive":
            raise GraphError(
                f"{what} {expr} = {number} is not positive at {setting}", op=op, line=line
            )
        if kind == "not-whole":
            raise GraphError(
                f"{what} {expr} = {number} is not a whole number at {setting}", op=op, line=line
            )
        assert number is not None
        amount = shown(int(number)) if number.is_Integer else f"about {float(number):.3g}"
        raise GraphError(
            f"{what} {expr} is {amount} at {setting}: the limit for a size is {shown(MAX_SIZE)}",
            op=op,
            line=line,
        )

    check(graph.token_count, "token_count", None, None)
    for name, size in graph.groups:
        check(size, f"group {name!r} size", None, None)
    for spec in graph.inputs:
        for position, dim in enumerate(spec.shape):
            # the token dim of a LOCAL input: divisibility is the interpreter's rule
            check(dim, f"input {spec.name!r} dim", spec.name, spec.line, whole=position > 0)
    seen: set[Expr] = set()  # 78 identical layers repeat the same few dozen sizes
    for op in graph.ops:
        for key, value in op.attrs:
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, sympy.Expr) and item not in seen:
                    seen.add(item)
                    check(item, f"attr {key!r}", op.name, op.line)


# A graph is validated after its build and after every pass, and a search validates many
# graphs with the same sizes: each (size, symbol values) is judged once. sympy's comparisons
# are most of the cost of judging one.
@functools.lru_cache(maxsize=65536)
def _size_problem(
    expr: Expr, values: tuple[tuple[sympy.Symbol, int], ...], whole: bool
) -> tuple[str, Expr | None] | None:
    """What is wrong with a size at these values (a kind and the number), or None."""
    try:
        number = evaluate(expr, values)
    except (ZeroDivisionError, ValueError, TypeError, ArithmeticError):
        return "undefined", None  # sympy raises for Mod(x, 0) and for Min/Max of an infinity
    if not number.is_number:
        return None
    if not number.is_finite or not number.is_extended_real:
        return "undefined", None
    if number <= 0:
        return "not-positive", number
    if whole and not number.is_Integer:
        return "not-whole", number
    if number > MAX_SIZE:
        return "too-large", number
    return None


def _check_symbols(graph: Graph) -> None:
    for name, value in graph.symbols:
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise GraphError(f"symbol {name!r} must be a positive integer, got {value!r}")
        if value is not None and value < 1:
            raise GraphError(f"symbol {name!r} must be a positive integer, got {shown(value)}")
        if value is not None and value > MAX_SYMBOL_VALUE:
            raise GraphError(
                f"symbol {name!r} is {shown(value)}; the limit is {shown(MAX_SYMBOL_VALUE)}"
            )


# control characters (a newline, an ANSI escape, a bidirectional override) in a name would
# reach the terminal with every diagnostic that names it; a lone surrogate (a JSON "\ud800")
# cannot be written as UTF-8 at all, so every output naming it would fail
_UNPRINTABLE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff]"
)


def check_name(name: object, what: str, line: int | None = None) -> None:
    """A name is text of at most ``MAX_NAME_CHARS`` printable characters."""
    if not isinstance(name, str) or not name:
        raise GraphError(f"{what} must be non-empty text, got {_short(repr(name))}", line=line)
    if len(name) > MAX_NAME_CHARS:
        raise GraphError(
            f"{what} {_short(repr(name))} is {len(name)} characters long (the limit is "
            f"{MAX_NAME_CHARS})",
            line=line,
        )
    bad = _UNPRINTABLE.search(name)
    if bad is not None:
        raise GraphError(
            f"{what} {_short(_escaped(name))} holds the {_kind_of(bad.group())} "
            f"{_escaped(bad.group())}",
            line=line,
        )


def _kind_of(character: str) -> str:
    return "lone surrogate" if "\ud800" <= character <= "\udfff" else "control character"


def _escaped(text: str) -> str:
    """``repr`` of text, with lone surrogates escaped too (repr keeps them as they are)."""
    return repr(text).encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")


def _short(text: str) -> str:
    return text if len(text) <= 80 else text[:80] + "…"


def _check_names(graph: Graph) -> None:
    check_name(graph.name, "the graph name")
    for name, _ in graph.groups:
        check_name(name, "a group name")
    for spec in graph.inputs:
        check_name(spec.name, "an input name", spec.line)
    for op in graph.ops:
        name = op.name
        if not isinstance(name, str) or not name or len(name) > 64 or _UNPRINTABLE.search(name):
            check_name(op.name, "an op name", op.line)  # the slow path, only to say why


def _check_groups(graph: Graph) -> None:
    values = {symbol(n): sympy.Integer(v) for n, v in graph.symbols if v}
    for name, size in graph.groups:
        numeric = size.xreplace(values)
        if numeric.is_Number and (numeric < 1 or not numeric.is_Integer):
            raise GraphError(f"group {name!r} has size {numeric}: a group needs at least 1 rank")


def normalize_op(op: Op, graph: Graph, registry: Registry | None = None) -> Op:
    """One op validated and its attrs parsed against ``graph``'s symbols and groups (for code
    that builds a graph op by op and types each as it goes, such as the engine importers)."""
    return _normalize_op(op, registry or default_registry(), graph.symbol_names, graph)


def _normalize_cached(
    op: Op,
    registry: Registry,
    known: frozenset[str],
    graph: Graph,
    done: dict[object, tuple[str, tuple[tuple[str, AttrValue], ...]]],
) -> Op:
    """Ops of identical layers share kind and attrs: validate and parse each pairing once."""
    # the value types too: True, 1 and Integer(1) are equal and hash alike, but parse apart
    key = (op.kind, op.attrs, tuple(type(value) for _, value in op.attrs), len(op.inputs))
    try:
        kind, attrs_ = done[key]
    except KeyError:
        normal = _normalize_op(op, registry, known, graph)
        done[key] = (normal.kind, normal.attrs)
        return normal
    except TypeError:  # an unhashable raw attr value: no sharing
        return _normalize_op(op, registry, known, graph)
    if kind == op.kind and _identical(attrs_, op.attrs):
        return op  # already normal (a pass's output is mostly ops it kept): no copy
    return op.evolve(kind=kind, attrs=attrs_)


def _identical(a: object, b: object) -> bool:
    """Equal and of the same types all through: a file's raw 75 equals the parsed Integer(75)
    (and hashes alike), but only the parsed one is normal."""
    if a is b:
        return True
    if isinstance(a, tuple) and isinstance(b, tuple):
        return len(a) == len(b) and all(_identical(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def _normalize_op(op: Op, registry: Registry, known: frozenset[str], graph: Graph) -> Op:
    kind = registry.canonical(op.kind)
    if kind is None:
        raise GraphError(
            f"unknown op {op.kind!r} ({did_you_mean(op.kind, registry.kinds())}see "
            "`layoutcheck ops` for the catalogue)",
            op=op.name,
            line=op.line,
        )
    spec = registry[kind]
    if not spec.arity_ok(len(op.inputs)):
        raise GraphError(
            f"{kind} takes {len(spec.inputs)}{'+' if spec.variadic else ''} inputs "
            f"({spec.arity_text()}), got {len(op.inputs)}",
            op=op.name,
            line=op.line,
        )
    values = _resolve_attr_aliases(spec.attr_aliases, op)
    parsed: dict[str, AttrValue] = {}
    for key, raw in values.items():
        attr = spec.attrs.get(key)
        if attr is None:
            allowed = ", ".join(sorted(spec.attrs)) or "none"
            raise GraphError(
                f"unknown attr {key!r} for {kind} (allowed: {allowed})", op=op.name, line=op.line
            )
        parsed[key] = _parse_attr(key, raw, attr, known, graph, op)
    for key, attr in spec.attrs.items():
        if attr.required and key not in parsed:
            raise GraphError(f"{kind} needs attr {key!r}", op=op.name, line=op.line)
    if spec.attr_check is not None:
        problem = spec.attr_check(parsed, len(op.inputs))
        if problem is not None:
            raise GraphError(problem, op=op.name, line=op.line)
    return op.evolve(kind=kind, attrs=freeze_attrs(parsed))


def _resolve_attr_aliases(
    aliases: Mapping[str, Mapping[object, tuple[str, object]]], op: Op
) -> dict[str, AttrValue]:
    values = dict(op.attrs)
    for alias, table in aliases.items():
        if alias not in values:
            continue
        raw = values.pop(alias)
        flags = all(isinstance(key, bool) for key in table)
        if flags if isinstance(raw, bool) else (isinstance(raw, str) and not flags):
            mapped = table.get(raw)
            if mapped is None and not flags:  # a word says one of its words, or is a mistake
                raise GraphError(
                    f"attr {alias!r}: expected {', '.join(sorted(map(repr, table)))}, got "
                    f"{_short(repr(raw))}",
                    op=op.name,
                    line=op.line,
                )
        else:  # an engine flag is true or false; a word is text; nothing else is either
            expected = "true or false" if flags else ", ".join(sorted(map(repr, table)))
            raise GraphError(
                f"attr {alias!r}: expected {expected}, got {_short(repr(raw))}",
                op=op.name,
                line=op.line,
            )
        if mapped is not None:
            # the engine's flag wins: a RowParallelLinear with disable_tp holds the full weight
            target, value = mapped
            values[target] = value
    return values


def _parse_attr(
    key: str, raw: object, attr: AttrSpec, known: frozenset[str], graph: Graph, op: Op
) -> AttrValue:
    def fail(message: str) -> GraphError:
        return GraphError(f"attr {key!r}: {message}", op=op.name, line=op.line)

    if attr.kind is AttrKind.SIZE:
        return _parse_size(raw, known, fail)
    if attr.kind is AttrKind.SIZES:
        if not isinstance(raw, list | tuple) or not raw:
            raise fail(f"expected a list of sizes, got {raw!r}")
        return tuple(_parse_size(item, known, fail) for item in raw)
    if attr.kind is AttrKind.CHOICE:
        if raw not in attr.choices:
            raise fail(f"expected one of {', '.join(attr.choices)}, got {raw!r}")
        assert isinstance(raw, str)
        return raw
    if attr.kind is AttrKind.GROUP:
        if not isinstance(raw, str) or raw not in graph.group_names:
            declared = ", ".join(graph.group_names) or "none"
            raise fail(f"unknown group {raw!r} (declared groups: {declared})")
        return raw
    if attr.kind is AttrKind.BOOL:
        if not isinstance(raw, bool):
            raise fail(f"expected true or false, got {raw!r}")
        return raw
    if not isinstance(raw, str | int | float) or isinstance(raw, bool):
        raise fail(f"expected text or a number, got {raw!r}")
    return str(raw)


def _parse_size(raw: object, known: frozenset[str], fail: object) -> Expr:
    assert callable(fail)
    if isinstance(raw, sympy.Expr):
        unknown = {s.name for s in raw.free_symbols} - known
        if unknown:
            raise fail(f"unknown symbol {sorted(unknown)[0]!r}")
        return raw
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise fail(f"expected a size (integer or expression), got {raw!r}")
    try:
        value = parse_expr(raw, known)
    except ExpressionError as error:
        raise fail(str(error)) from None
    if value.is_Number and value <= 0:
        raise fail(f"size must be positive, got {value}")
    return value


def _check_references(graph: Graph, registry: Registry) -> None:
    outputs: dict[str, int] = {spec.name: 1 for spec in graph.inputs}
    for op in graph.ops:
        if op.name in outputs:
            raise GraphError(f"duplicate name {op.name!r}", op=op.name, line=op.line)
        outputs[op.name] = registry[op.kind].output_count(op)
    for op in graph.ops:
        for ref in op.inputs:
            _check_ref(ref, outputs, f"input of {op.name}", op)
    for ref in graph.outputs:
        _check_ref(ref, outputs, "graph output", None)
    for spec in graph.inputs:
        distributed = spec.tokens.value == "local" or spec.features.value != "whole"
        if distributed and spec.group not in graph.group_names:
            raise GraphError(
                f"input {spec.name!r} names unknown group {spec.group!r}", line=spec.line
            )


def _check_ref(ref: ValueRef, outputs: Mapping[str, int], where: str, op: Op | None) -> None:
    count = outputs.get(ref.op)
    name, line = (op.name, op.line) if op else (None, None)
    if count is None:
        raise GraphError(
            f"{where} names {str(ref)!r}, which no op or input defines", op=name, line=line
        )
    if ref.port >= count:
        raise GraphError(
            f"{where} reads {str(ref)!r}, but {ref.op} has {count} output(s)", op=name, line=line
        )
