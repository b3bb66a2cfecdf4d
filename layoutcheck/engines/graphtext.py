"""Reading ``Graph.__str__`` text, the form vLLM's and vLLM-Ascend's passes print in their DEBUG
logs (``%x : [num_users=1] = call_function[target=…](args = (…), kwargs = {…})``), into the
``ast`` statements ``print_readable`` code is made of, so the fx text reader binds both alike.

Nothing is evaluated: each line is matched, its arguments are split by a small bounded parser.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

import attrs

from layoutcheck.engines.read import ReadError, shown

_T = TypeVar("_T")

# How torch.fx prints a graph (torch/fx/node.py `Node.format_node`, `_format_arg`):
#
#   graph():                                       the header (placeholders then print as lines:
#                                                  `Graph.__str__` passes an empty name list)
#   %x : [num_users=2] = placeholder[target=x]     a graph input (older torch: `[#users=2]`)
#   %w : [num_users=1] = get_attr[target=layer.weight]
#   %y : [num_users=1] = call_function[target=torch.ops.aten.mm.default](
#            args = (%x, %w), kwargs = {})         (on one line)
#   return (y, x)                                  the outputs: bare names (a tuple's repr)
#
# `_format_arg` prints a node as `%name`, tuples and lists with brackets, a dict as
# `{key: value}` and anything else with `str()`: strings unquoted (`tp:0`), a dtype as
# `torch.bfloat16`, a device as `npu:0`, an op overload as `_C.rms_norm.default`.
_NODE_LINE = re.compile(
    r"%(?P<name>[A-Za-z_]\w*) : (?P<type>[^\[\n]*)\[(?:num_users|#users)=\d{1,12}\] = "
    r"(?P<op>[a-z_]{1,20})\[target=(?P<target>[^\]\n]*)\](?P<rest>.*)"
)
_NODE_MARKS = ("[num_users=", "[#users=")  # a cheap test before the regex
_ARGS_OPEN, _ARGS_SEP = "(args = ", ", kwargs = "
_IDENTIFIER = re.compile(r"[A-Za-z_]\w*")
_DOTTED = re.compile(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_DEFAULT_VALUE = re.compile(r"\(default=.*\)")  # a placeholder's default: not a graph input's

# The prefix vLLM's logger writes: an optional worker tag (on every line a worker prints), then
# on a record's first line `LEVEL MM-DD HH:MM:SS [file.py:line] `. Each part is bounded.
_LOG_PREFIX = re.compile(
    r"[ \t]*(?:\((?P<stream>[^()\n]{1,200})\)[ \t]+)?"
    r"(?:(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL)[ \t]+\d{2}-\d{2}[ \t]+"
    r"\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?[ \t]+\[(?P<site>[^\]\n]{1,300})\][ \t]?)?"
)

_INT = re.compile(r"-?[0-9]{1,30}")
_FLOAT = re.compile(
    r"-?(?:[0-9]{1,30}\.[0-9]{0,30}|\.[0-9]{1,30}|[0-9]{1,30})(?:e[+-]?[0-9]{1,4})?"
)
_SPECIAL_FLOATS = {"inf": "inf", "-inf": "-inf", "nan": "nan"}
_NAMED_CONSTANTS: Mapping[str, bool | None] = {"None": None, "True": True, "False": False}
# `str(torch.device)`: the device kinds torch knows, with an optional index
_DEVICE = re.compile(
    r"(?P<type>cpu|cuda|npu|xpu|hpu|mps|meta|mtia|privateuseone)(?::(?P<index>[0-9]{1,6}))?"
)
_OPERATOR = re.compile(r"(?:torch\.ops\.)?(?P<path>[A-Za-z_]\w*\.[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)")

# Higher-order wrappers whose first argument is the op they wrap, printed as `_C.rms_norm.default`.
_WRAPPERS = frozenset(
    {
        "torch.ops.higher_order.auto_functionalized",
        "torch.ops.higher_order.auto_functionalized_v2",
    }
)
# Python operators on symbolic sizes, as fx prints their targets.
_BINARY: Mapping[str, type[ast.operator]] = {
    "add": ast.Add,
    "sub": ast.Sub,
    "mul": ast.Mult,
    "floordiv": ast.FloorDiv,
    "mod": ast.Mod,
    "pow": ast.Pow,
    "truediv": ast.Div,
}
_OPERATOR_MODULES = ("operator.", "_operator.")
_GETITEM = "getitem"
_SIZE_OPS = ("torch.ops.aten.sym_size", "torch.ops.aten.sym_numel", "torch.ops.aten.sym_stride")


def is_graph_text(text: str) -> bool:
    """Whether ``text`` holds ``Graph.__str__`` node lines (print_readable code has none)."""
    for line in text.split("\n"):
        if any(mark in line for mark in _NODE_MARKS) and _strip_prefix(line)[1].startswith("%"):
            return True  # a node line, or a malformed one the reader then points at
    return False


@attrs.frozen
class GraphText:
    """One graph found in the text: its statements as a module with one ``def forward``."""

    tree: ast.Module
    line: int  # where it starts (its `graph():` header, else its first node line)
    stream: str | None  # the worker tag of the log lines it came from
    warnings: tuple[str, ...]  # one line each, without the file name


def parse_graph_text(
    text: str,
    *,
    max_depth: int,
    max_items: int,
    max_graphs: int,
    max_nodes: int | None = None,
    max_node_lines: int | None = None,
) -> list[GraphText]:
    """Every graph in ``text``, in the order they start. Raises :class:`ReadError` with the
    line of anything that looks like a node line but is not one, and (before any graph is
    built) of the node line past ``max_nodes`` in one graph or ``max_node_lines`` in all."""
    graphs = _split(text.split("\n"), max_graphs, max_nodes, max_node_lines)
    return [_Converter(raw, max_depth, max_items).tree() for raw in graphs]


# -- finding the graphs ---------------------------------------------------------------------------


@attrs.define
class _RawGraph:
    stream: str | None
    line: int
    params: list[str]
    nodes: list[tuple[int, re.Match[str]]] = attrs.field(factory=list)
    returned: tuple[int, str] | None = None
    ended_at: int | None = None  # the line that interrupted it, when it has no return
    site: str | None = None  # the logging site of its records (a log line's [file:line])


def _site(line: str) -> str | None:
    """The logging site (``sequence_parallelism.py:350``) of a line that starts a log record."""
    match = _LOG_PREFIX.match(line)
    return None if match is None else match["site"]


def _strip_prefix(line: str) -> tuple[str | None, str]:
    match = _LOG_PREFIX.match(line)
    if match is None:  # the pattern matches the empty string: only for the type checker
        return None, line.strip()
    return match["stream"], line[match.end() :].strip()


def _node_match(text: str) -> re.Match[str] | None:
    return _NODE_LINE.fullmatch(text) if text.startswith("%") else None


def _header(text: str) -> list[str] | None:
    """The parameters of a ``graph(...):`` header at the end of a log line, else None: none
    where placeholders print as lines, ``graph(x, s0: Sym(s0))`` where a printer puts them in
    the header. With str methods, not a regex, so a hostile line stays linear."""
    if not text.endswith(":"):
        return None
    body = text[:-1]
    at = body.find("graph(")
    if at < 0 or (at > 0 and body[at - 1] not in " \t:"):
        return None
    close = body.rfind(")")
    tail = body[close + 1 :].strip()
    if close < at or (tail and not tail.startswith("->")):
        return None
    params = []
    for part in _top_level_parts(body[at + len("graph(") : close]):
        name = part.partition(":")[0].partition("=")[0].strip()
        if not name:
            continue
        if not _IDENTIFIER.fullmatch(name):
            return None
        params.append(name)
    return params


def _top_level_parts(text: str) -> list[str]:
    """``"x, s0: Sym(s0)"`` → ``["x", " s0: Sym(s0)"]``: commas outside brackets."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(text):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:at])
            start = at + 1
    parts.append(text[start:])
    return parts


def _split(
    lines: Sequence[str],
    max_graphs: int,
    max_nodes: int | None = None,
    max_node_lines: int | None = None,
) -> list[_RawGraph]:
    """The graphs of a log, each from the lines of its own worker stream (ranks printing at
    once interleave their lines): a header or a first node line opens one, ``return`` closes
    it, any other text on its stream cuts it short."""
    graphs: list[_RawGraph] = []
    open_graphs: dict[str | None, _RawGraph] = {}
    node_lines = 0

    def start(stream: str | None, number: int, params: list[str]) -> _RawGraph:
        if len(graphs) >= max_graphs:
            raise ReadError(f"holds over {max_graphs} graphs (the limit)", line=number)
        graph = _RawGraph(stream, number, params)
        graphs.append(graph)
        open_graphs[stream] = graph
        return graph

    for number, raw in enumerate(lines, start=1):
        stream, text = _strip_prefix(raw)
        if not text:
            continue
        current = open_graphs.get(stream)
        site = _site(raw)
        if current is not None and site is not None:
            if current.site is None:
                current.site = site
            elif site != current.site:
                # a record from another logging site on the same stream (vLLM-Ascend's DEBUG
                # log prints one pass's graph after another's): the open graph ended before it
                current.ended_at = number
                del open_graphs[stream]
                current = None
        params = _header(text)
        if params is not None:
            if current is not None:
                current.ended_at = number
            start(stream, number, params)
            continue
        match = _node_match(text)
        if match is not None:
            graph = current or start(stream, number, [])
            graph.nodes.append((number, match))
            node_lines += 1
            # counted here, as the lines are found: each costs about 4 KB once converted
            if max_nodes is not None and len(graph.nodes) > max_nodes:
                raise ReadError(f"a graph of over {max_nodes} nodes (the node limit)", line=number)
            if max_node_lines is not None and node_lines > max_node_lines:
                raise ReadError(
                    f"over {max_node_lines} node lines in all its graphs (the limit)", line=number
                )
            continue
        if text.startswith("%") and any(mark in text for mark in _NODE_MARKS):
            raise ReadError(f"a malformed node line {shown(text, 80)}", line=number)
        if current is not None and (text == "return" or text.startswith("return ")):
            current.returned = (number, text[len("return") :].strip())
            del open_graphs[stream]
        elif current is not None:
            current.ended_at = number
            del open_graphs[stream]
    # a log line that only looks like a header (`… graph(x):` and nothing after it) is no graph
    graphs = [graph for graph in graphs if graph.nodes or graph.returned is not None]
    if not graphs:
        raise ReadError("not an fx graph dump: no Graph.__str__ node lines found")
    return graphs


# -- the arguments of a node line -----------------------------------------------------------------


@attrs.frozen
class _Ref:
    name: str  # `%name`


@attrs.frozen
class _Atom:
    text: str  # a bare literal as `str()` printed it


@attrs.frozen
class _Seq:
    bracket: str  # "(" or "["
    items: tuple[_Value, ...]


@attrs.frozen
class _Map:
    items: tuple[tuple[str, _Value], ...]


_Value = _Ref | _Atom | _Seq | _Map
_CLOSING = {"(": ")", "[": "]", "{": "}"}


class _ArgParser:
    """A cursor over one node line's ``(args = …, kwargs = …)``. Nesting is checked before each
    step down and list lengths as they grow, so the work is linear in the line."""

    def __init__(self, text: str, max_depth: int, max_items: int):
        self.text, self.at = text, 0
        self.max_depth, self.max_items = max_depth, max_items

    def call(self) -> tuple[_Seq, _Map]:
        self.expect(_ARGS_OPEN)
        self.at -= 1  # the tuple's own bracket
        args = self.value(0)
        self.expect(_ARGS_SEP)
        kwargs = self.value(0)
        self.expect(")")
        if self.at != len(self.text):
            raise ReadError(f"text after a node's arguments: {shown(self.text[self.at :], 40)}")
        if not isinstance(args, _Seq) or args.bracket != "(" or not isinstance(kwargs, _Map):
            raise ReadError("a node's args must be a tuple and its kwargs a dict")
        return args, kwargs

    def expect(self, literal: str) -> None:
        if not self.text.startswith(literal, self.at):
            got = shown(self.text[self.at : self.at + 20], 30)
            raise ReadError(f"expected {literal!r} in a node's arguments, found {got}")
        self.at += len(literal)

    def skip_blanks(self) -> None:
        while self.at < len(self.text) and self.text[self.at] == " ":
            self.at += 1

    def value(self, depth: int) -> _Value:
        self.skip_blanks()
        if self.at >= len(self.text):
            raise ReadError("a node's arguments end too early")
        char = self.text[self.at]
        if char in _CLOSING:
            if depth > self.max_depth:
                raise ReadError(f"argument lists nest over {self.max_depth} deep")
            return self.bracketed(char, depth)
        if char == "%":
            match = _IDENTIFIER.match(self.text, self.at + 1)
            if match is None:
                raise ReadError("a `%` that does not name a node")
            self.at = match.end()
            return _Ref(match[0])
        return self.atom()

    def bracketed(self, opening: str, depth: int) -> _Value:
        closing = _CLOSING[opening]
        self.at += 1
        items: list[_Value] = []
        keys: list[str] = []
        while True:
            self.skip_blanks()
            if self.text.startswith(closing, self.at):
                self.at += 1
                break
            if len(items) >= self.max_items:
                raise ReadError(f"an argument list of over {self.max_items} items (the limit)")
            if opening == "{":
                key = _IDENTIFIER.match(self.text, self.at)
                if key is None:
                    raise ReadError("a kwargs key that is not a name")
                keys.append(key[0])
                self.at = key.end()
                self.expect(": ")
            items.append(self.value(depth + 1))
            self.skip_blanks()
            if self.text.startswith(",", self.at):
                self.at += 1
            elif not self.text.startswith(closing, self.at):
                raise ReadError(f"an unclosed {opening!r} in a node's arguments")
        if opening == "{":
            return _Map(tuple(zip(keys, items, strict=True)))
        return _Seq(opening, tuple(items))

    def atom(self) -> _Atom:
        """Text up to the next comma or closing bracket at its level (``slice(None, 2, None)``
        keeps its own parentheses)."""
        start, depth = self.at, 0
        while self.at < len(self.text):
            char = self.text[self.at]
            if char in _CLOSING:
                depth += 1
            elif char in ")]}":
                if depth == 0:
                    break
                depth -= 1
            elif char == "," and depth == 0:
                break
            self.at += 1
        text = self.text[start : self.at].strip()
        if not text or depth:
            raise ReadError("an empty or unbalanced value in a node's arguments")
        return _Atom(text)


def _refs(value: _Value) -> Iterable[str]:
    """The node names a value mentions, in order (nesting is bounded by the parser)."""
    if isinstance(value, _Ref):
        yield value.name
    elif isinstance(value, _Seq):
        for item in value.items:
            yield from _refs(item)
    elif isinstance(value, _Map):
        for _, item in value.items:
            yield from _refs(item)


# -- turning a graph into statements ---------------------------------------------------------------


@attrs.frozen
class _Call:
    line: int
    name: str
    op: str
    target: str
    args: _Seq
    kwargs: _Map


class _Converter:
    def __init__(self, raw: _RawGraph, max_depth: int, max_items: int):
        self.raw = raw
        self.max_depth, self.max_items = max_depth, max_items

    def tree(self) -> GraphText:
        raw = self.raw
        params: list[str] = list(raw.params)
        attributes: dict[str, tuple[str, int]] = {}  # get_attr name → (attribute path, line)
        calls: list[_Call] = []
        defined: set[str] = set(params)
        for number, match in raw.nodes:
            try:
                self._node(number, match, params, attributes, calls, defined)
            except ReadError as error:
                raise _at(error, number) from None
        returned = self._returned(calls)
        undefined = self._undefined(calls, returned, defined)
        symbolic = _symbolic_names(calls)
        warnings = []
        if undefined:
            warnings.append(
                f"the graph at line {raw.line} uses {len(undefined)} "
                f"{'value' if len(undefined) == 1 else 'values'} it does not define "
                f"({_listed(undefined)}): read as graph inputs, each of the layout its "
                "readers show"
            )
        if raw.returned is None:
            where = f"line {raw.ended_at}" if raw.ended_at is not None else "the end of the file"
            warnings.append(
                f"the graph at line {raw.line} has no return line before {where}: its outputs "
                f"are the values no node reads ({_listed(returned) or 'none'})"
            )
        forward = self._forward(
            [*params, *undefined], attributes, calls, returned, symbolic, raw.line
        )
        module = ast.Module(body=[forward], type_ignores=[])
        return GraphText(module, raw.line, raw.stream, tuple(warnings))

    def _node(
        self,
        number: int,
        match: re.Match[str],
        params: list[str],
        attributes: dict[str, tuple[str, int]],
        calls: list[_Call],
        defined: set[str],
    ) -> None:
        name, op, target, rest = match["name"], match["op"], match["target"], match["rest"]
        if name in defined:
            raise ReadError(f"defines %{name} a second time")
        defined.add(name)
        if op == "placeholder":
            if rest and not _DEFAULT_VALUE.fullmatch(rest):
                raise ReadError(f"text after a placeholder: {shown(rest, 40)}")
            params.append(name)
        elif op == "get_attr":
            if rest or not _DOTTED.fullmatch(target):
                raise ReadError(f"a get_attr of {shown(target, 60)} that is not an attribute path")
            attributes[name] = (target, number)
        elif op == "call_function":
            args, kwargs = _ArgParser(rest, self.max_depth, self.max_items).call()
            calls.append(_Call(number, name, op, target, args, kwargs))
        elif op in ("call_module", "call_method"):
            raise ReadError(
                f"a {op} of {shown(target, 60)}: Graph.__str__ does not print what it calls (a "
                "graph before AOT lowering, or a split graph); dump it with print_readable"
            )
        else:
            raise ReadError(f"an unknown node kind {shown(op, 30)}")

    def _returned(self, calls: list[_Call]) -> list[str]:
        raw = self.raw
        if raw.returned is None:  # a cut fragment: the values nothing reads are its results
            read = {ref for call in calls for ref in _refs_of(call)}
            return [call.name for call in calls if call.name not in read]
        number, text = raw.returned
        if text in ("", "None", "()", "[]"):
            return []
        body = text[1:-1] if text[0] in "([" and text[-1] in ")]" else text
        names = []
        for part in body.split(","):
            part = part.strip()
            if not part:
                continue
            if part != "None" and not _IDENTIFIER.fullmatch(part):
                raise ReadError(f"a graph output {shown(part, 40)} that is not a name", line=number)
            names.append(part)
        return names

    def _undefined(self, calls: list[_Call], returned: list[str], defined: set[str]) -> list[str]:
        """The values the graph reads without defining them (a fragment cut from a larger
        graph), in the order of first use; a use before a later definition is an error."""
        seen: set[str] = set()
        order: list[str] = []
        later = {call.name: call.line for call in calls}
        defined_so_far = defined - set(later)
        for call in calls:
            for ref in _refs_of(call):
                if ref in defined_so_far or ref in seen:
                    continue
                if ref in later:
                    raise ReadError(
                        f"reads %{ref} before line {later[ref]}, which defines it", line=call.line
                    )
                seen.add(ref)
                order.append(ref)
            defined_so_far.add(call.name)
        for name in returned:
            if name != "None" and name not in defined and name not in seen:
                seen.add(name)
                order.append(name)
        return order

    def _forward(
        self,
        params: list[str],
        attributes: Mapping[str, tuple[str, int]],
        calls: list[_Call],
        returned: list[str],
        symbolic: set[str],
        line: int,
    ) -> ast.FunctionDef:
        def located(node: ast.AST, at: int) -> ast.AST:
            # the reader reads the lines of statements and parameters only; nothing compiles
            # this tree, so its expressions need none
            node.lineno, node.col_offset = at, 0  # type: ignore[attr-defined]
            node.end_lineno, node.end_col_offset = at, 0  # type: ignore[attr-defined]
            return node

        arguments = [
            typed(located(ast.arg(name, annotation), line), ast.arg)
            for name, annotation in [
                ("self", None),
                *((name, _sym_annotation(name) if name in symbolic else None) for name in params),
            ]
        ]
        body: list[ast.stmt] = []
        for name, (path, at) in attributes.items():
            attribute = _attribute_chain(f"self.{path}")
            body.append(typed(located(_assign(name, attribute, None), at), ast.stmt))
        for call in calls:
            value = self._call_expr(call)
            annotation = _sym_annotation(call.name) if call.name in symbolic else None
            statement = _assign(call.name, value, annotation)
            body.append(typed(located(statement, call.line), ast.stmt))
        elements: list[ast.expr] = [
            ast.Constant(None) if name == "None" else ast.Name(name, ast.Load())
            for name in returned
        ]
        end = self.raw.returned[0] if self.raw.returned is not None else line
        body.append(typed(located(ast.Return(ast.Tuple(elements, ast.Load())), end), ast.stmt))
        forward = ast.FunctionDef(
            name="forward",
            args=ast.arguments(
                posonlyargs=[],
                args=arguments,
                vararg=None,
                kwonlyargs=[],
                kw_defaults=[],
                kwarg=None,
                defaults=[],
            ),
            body=body,
            decorator_list=[],
            returns=None,
        )
        forward.lineno, forward.col_offset = line, 0  # its statements keep their own lines
        forward.end_lineno, forward.end_col_offset = end, 0
        return forward

    def _call_expr(self, call: _Call) -> ast.expr:
        target = call.target
        try:
            module, dot, function = target.rpartition(".")
            if dot and target.startswith(_OPERATOR_MODULES) and "." not in module:
                return self._python_operator(function, call)
            if not target.startswith("torch.ops.") or not _DOTTED.fullmatch(target):
                raise ReadError(
                    f"a call of {shown(target, 60)}, which is not an op (a graph before AOT "
                    "lowering?): read a post-grad or AOT graph of the same run"
                )
            wrapped = target in _WRAPPERS
            args: list[ast.expr] = [
                _expr(item, operator=wrapped and position == 0)
                for position, item in enumerate(call.args.items)
            ]
            keywords = [ast.keyword(key, _expr(value, key=key)) for key, value in call.kwargs.items]
            return ast.Call(_attribute_chain(target), args, keywords)
        except ReadError as error:
            raise _at(error, call.line) from None

    def _python_operator(self, function: str, call: _Call) -> ast.expr:
        items = call.args.items
        if call.kwargs.items:
            raise ReadError(f"operator.{function} with keyword arguments")
        if function == _GETITEM and len(items) == 2:
            return ast.Subscript(_expr(items[0]), _expr(items[1]), ast.Load())
        if function == "neg" and len(items) == 1:
            return ast.UnaryOp(ast.USub(), _expr(items[0]))
        binary = _BINARY.get(function)
        if binary is not None and len(items) == 2:
            return ast.BinOp(_expr(items[0]), binary(), _expr(items[1]))
        raise ReadError(f"operator.{shown(function, 30)} with {len(items)} arguments is not read")


def typed(node: object, kind: type[_T]) -> _T:
    if not isinstance(node, kind):  # the builders above make only these: never on input
        raise TypeError(f"expected {kind.__name__}")
    return node


def _at(error: ReadError, line: int) -> ReadError:
    return error if error.line is not None else ReadError(error.message, line=line)


def _refs_of(call: _Call) -> Iterable[str]:
    yield from _refs(call.args)
    yield from _refs(call.kwargs)


def _symbolic_names(calls: Sequence[_Call]) -> set[str]:
    """The values that are sizes, not tensors: those a size list mixes with ints
    (``[%arg1_1, 4096]``; no aten list takes ints and tensors), the results of ``sym_size``
    and the operands and results of Python arithmetic (which aten graphs do only on sizes);
    then every value a list shares with a size."""
    symbolic: set[str] = set()
    lists: list[_Seq] = []

    def collect(value: _Value) -> None:
        if isinstance(value, _Seq):
            if value.bracket == "[":
                lists.append(value)
            for item in value.items:
                collect(item)
        elif isinstance(value, _Map):
            for _, item in value.items:
                collect(item)

    for call in calls:
        collect(call.args)
        collect(call.kwargs)
        if call.target.startswith(_SIZE_OPS):
            symbolic.add(call.name)
        elif call.target.startswith(_OPERATOR_MODULES) and not call.target.endswith(_GETITEM):
            symbolic.add(call.name)
            symbolic.update(_refs(call.args))
    for sized in lists:
        refs = [item.name for item in sized.items if isinstance(item, _Ref)]
        has_int = any(isinstance(item, _Atom) and _INT.fullmatch(item.text) for item in sized.items)
        if refs and (has_int or symbolic.intersection(refs)):
            symbolic.update(refs)
    return symbolic


def _sym_annotation(name: str) -> ast.expr:
    return ast.Constant(f"Sym({name})")


def _assign(name: str, value: ast.expr, annotation: ast.expr | None) -> ast.stmt:
    target = ast.Name(name, ast.Store())
    if annotation is None:
        return ast.Assign([target], value)
    return ast.AnnAssign(target, annotation, value, simple=1)


def _attribute_chain(dotted: str) -> ast.expr:
    head, *rest = dotted.split(".")
    expr: ast.expr = ast.Name(head, ast.Load())
    for part in rest:
        expr = ast.Attribute(expr, part, ast.Load())
    return expr


def _expr(value: _Value, *, key: str | None = None, operator: bool = False) -> ast.expr:
    if isinstance(value, _Ref):
        return ast.Name(value.name, ast.Load())
    if isinstance(value, _Seq):
        items = [_expr(item) for item in value.items]
        if value.bracket == "(":
            return ast.Tuple(items, ast.Load())
        return ast.List(items, ast.Load())
    if isinstance(value, _Map):
        raise ReadError("a dict argument is not read")
    return _atom_expr(value.text, key=key, operator=operator)


def _atom_expr(text: str, *, key: str | None, operator: bool) -> ast.expr:
    """A bare literal: a number, None/True/False, a torch dtype, layout or memory format, a
    device, the wrapped op of a higher-order node, else a string (fx prints them unquoted)."""
    if operator:
        match = _OPERATOR.fullmatch(text)
        if match is None:
            raise ReadError(f"a wrapper whose first argument {shown(text, 60)} is not an op")
        return _attribute_chain("torch.ops." + match["path"])
    if text in _NAMED_CONSTANTS:
        return ast.Constant(_NAMED_CONSTANTS[text])
    if _INT.fullmatch(text):
        return ast.Constant(int(text))
    if _FLOAT.fullmatch(text) or text in _SPECIAL_FLOATS:
        return ast.Constant(float(text))
    if text.startswith("torch.") and _DOTTED.fullmatch(text) and text.count(".") == 1:
        return _attribute_chain(text)
    device = _DEVICE.fullmatch(text)
    if device is not None and (key in (None, "device") or key.endswith("device")):
        args: list[ast.expr] = [ast.Constant(device["type"])]
        if device["index"] is not None:
            args.append(ast.Constant(int(device["index"])))
        return ast.Call(ast.Name("device", ast.Load()), args, [])
    return ast.Constant(text)


def _listed(names: Sequence[str], count: int = 8) -> str:
    shown_names = ", ".join(names[:count])
    return shown_names + (f", … ({len(names)} in all)" if len(names) > count else "")
