"""Reading fx text dumps into an :class:`EngineProgram`: ``print_readable`` code (AOT and
post-grad graphs, vLLM's ``debug_dump_path`` and compile-cache pieces, depyf's files, the same
code inside torch's or vLLM's logs) and ``Graph.__str__`` text (:mod:`.graphtext`). Parsed with
``ast``; nothing is run.
"""

from __future__ import annotations

import ast
import itertools
import os
import re
from collections.abc import Iterable, Mapping, Sequence

import attrs

from layoutcheck.engines.graphtext import is_graph_text, parse_graph_text
from layoutcheck.engines.logblocks import code_blocks, strip_log_header
from layoutcheck.engines.program import (
    SYMBOLIC_DTYPE,
    TORCH_DTYPE_NAMES,
    Arg,
    ArgKind,
    EngineNode,
    EngineProgram,
    Frame,
    GraphInput,
    TensorMeta,
    dtype_from_abbreviation,
)
from layoutcheck.engines.read import (
    ReadError,
    normalise_target,
    read_regular_file,
    shown,
    unwrap_functionalized,
)


@attrs.frozen
class TextLimits:
    """How much a dump may make the reader do; each default is far above a real dump (the
    4-layer GLM-5.1 dumps are 180 KB, fx nests argument lists two deep)."""

    file_bytes: int = 64 * 2**20  # an unrolled 100-layer dump is ~5 MB
    files: int = 4096  # vLLM writes one file per compile-range piece
    submodule_depth: int = 16  # split graphs nest one level; piecewise inside split, two
    list_depth: int = 4  # `[[0, 1], [2, 3]]` is as deep as fx prints
    annotation_chars: int = 4096  # `"f16[s0, 6144]"`; a 64-dim symbolic shape stays under 2 KB
    results_per_node: int = 65_536  # getitem indices; the widest real op: a 256-way split
    graphs: int = 4096  # in one log; a pass prints two per compile range and rank
    # after inlining submodules: reading, lowering and checking take 75 µs a node (an unknown
    # op's) to 140 µs (the 4-layer GLM-5.1 dump's 500 nodes, fixed costs included), so this
    # many end in 2-4 s; an unrolled 100-layer GLM-5.1 would have about 12,000
    nodes: int = 30_000
    list_items: int = 65_536  # one argument list; a grouped matmul lists a few hundred tensors
    # Python syntax tokens, estimated as the punctuation bytes (`,` `.` `(` `=` …) before
    # ast.parse, whose tree costs 500-1000 bytes a token (a literal list of small ints the
    # most): 3 MB of "0, " would hold 1.5 GB before the list-item limit could refuse it. A real
    # dump has about 35 a node (17,000 in the 4-layer GLM-5.1's 180 KB), so this is about
    # 17,000 nodes written out (the node limit counts inlined ones), and at most about 0.6 GB
    # and 1.5 s of parsing
    syntax_tokens: int = 600_000
    # node lines of a Graph.__str__ log over all its graphs (a pass prints two per compile
    # range and rank), counted as they are found: each holds about 4 KB until one graph is
    # picked, so this is about 0.4 GB
    graph_text_node_lines: int = 100_000


DEFAULT_LIMITS = TextLimits()

# What a dump may contain, all of it data: anything else is refused with its line, never run.
#
#   class GraphModule(torch.nn.Module):      the graph; nested classes are its submodules
#       def forward(self, x: "f16[2, 3]"):   its parameters are the graph's inputs
#           y: "f16[2, 3]" = torch.ops.aten.relu.default(x)      one op node
#           t = torch.ops.aten.split_with_sizes.default(y, [1, 1]);  a node with several results
#           a: "f16[1, 3]" = t[0]            one result (also `operator.getitem(t, 0)`)
#           w: "f16[3]" = self._frozen_param0                   a parameter load
#           s = self.submod_0(a, w)          a submodule call, inlined
#           n: "Sym(2*s0)" = s0 * 2          symbolic size arithmetic on names and literals
#           y = t = None                     fx's cleanup of dead names (in `;` chains)
#           return (a, n)                    the graph's outputs
#
# Header imports that dump writers put above the class (vLLM prepends the first two); any other
# import is refused.
HEADER_IMPORTS = frozenset(
    {
        "from __future__ import annotations",
        "import torch",
        "from torch import device",
        "import torch.fx",
        "from math import inf, nan",
    }
)
HIGHER_ORDER_PREFIX = "higher_order."  # torch.ops.higher_order.auto_functionalized: no overload
GRAPH_BASES = frozenset({"torch.nn.Module", "torch.fx.GraphModule"})
GETITEM_CALLS = frozenset({"operator.getitem", "_operator.getitem"})
DEVICE_CALLS = frozenset({"device", "torch.device"})
TORCH_LAYOUTS = frozenset(
    {"strided", "sparse_coo", "sparse_csr", "sparse_csc", "sparse_bsr", "sparse_bsc", "_mkldnn"}
)
TORCH_MEMORY_FORMATS = frozenset(
    {"contiguous_format", "channels_last", "channels_last_3d", "preserve_format"}
)
FLOAT_NAMES = {"inf": float("inf"), "nan": float("nan")}  # fx prints float('inf') as `inf`

# Python operators fx prints for symbolic size arithmetic, as torch.export names their targets.
SYMBOLIC_OPERATORS: Mapping[type[ast.AST], str] = {
    ast.Add: "_operator.add",
    ast.Sub: "_operator.sub",
    ast.Mult: "_operator.mul",
    ast.FloorDiv: "_operator.floordiv",
    ast.Mod: "_operator.mod",
    ast.Pow: "_operator.pow",
    ast.Div: "_operator.truediv",
    ast.USub: "_operator.neg",
}

# Views whose explicit size list a (stale) annotation can contradict: target → (name, position).
SIZED_VIEWS: Mapping[str, tuple[str, int]] = {
    "aten.view.default": ("size", 1),
    "aten.reshape.default": ("shape", 1),
    "aten._unsafe_view.default": ("size", 1),
}

# `class <lambda>(torch.nn.Module):`, as print_readable writes an anonymous module, is not Python.
# (Blanks as [ \t], not \s: \s spans newlines, and a file of blank lines would scan quadratically.)
_ANGLE_CLASS = re.compile(r"^([ \t]*class[ \t]+)<(\w+)>", re.MULTILINE)
_FILE_COMMENT = "# File: "
_NO_STACK_COMMENT = "# No stacktrace found for following nodes"
_SCOPE_START = ("def ", "class ")
_MAX_FRAMES = 64  # consecutive `# File:` lines kept per node, innermost last
_TRANSFORMED_CODE_SCAN = 10_000  # ast nodes looked at for a call of __compiled_fn
_MAX_GETITEM_DEPTH = 4  # node[i][j]: fx nests results of results at most two deep
# `f16[s0, 8]`; with print_readable's include_stride / include_device (Inductor's debug dumps)
# also the strides and the device after it: `f16[s0, 8][8, 1]cuda:0`, `f32[][]cpu`.
_TENSOR_ANNOTATION = re.compile(
    r"(?P<dtype>[a-z][a-z0-9_]*)\[(?P<dims>[^\[\]]*)\]"
    r"(?:\[(?P<strides>[^\[\]]*)\])?(?P<device>[a-z]{1,20}(?::[0-9]{1,6})?)?"
)
_SYM_ANNOTATION = re.compile(r"Sym\((?P<expr>.+)\)")
_INT_DIM = re.compile(r"[0-9]{1,30}")  # ASCII digits: int() takes other scripts
_SYMBOLIC_DIM = re.compile(r"[A-Za-z0-9_ +\-*/%(),.]+")  # sympy's printing of a size
_HAS_SYMBOL = re.compile(r"[A-Za-z_]")
_OP_PATH = re.compile(r"torch\.ops(?:\.[A-Za-z_]\w*){2,3}")


def read_fx_text(
    paths: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    *,
    limits: TextLimits = DEFAULT_LIMITS,
    index: int | None = None,
) -> EngineProgram:
    """Read one fx text dump, or several pieces stitched in the given order.

    A dump is ``print_readable`` code or ``Graph.__str__`` text (a log may hold several graphs:
    ``index`` picks one per file, counting from 0, negative from the end; by default a file's
    only graph, else its last, the one the latest pass printed, with a warning saying so).

    Piece k's ``forward`` parameters take piece k−1's returned values by position when the
    counts match; otherwise each takes the latest earlier value of its name; otherwise it is a
    graph input. Raises :class:`ReadError` naming the file and line.
    """
    files = [paths] if isinstance(paths, str | os.PathLike) else list(paths)
    if not files:
        raise ReadError("no fx text files given")
    if len(files) > limits.files:
        raise ReadError(f"{len(files)} fx text files, over the limit of {limits.files}")
    sources = [os.fspath(file) for file in files]
    pieces = []
    for source in sources:
        try:
            pieces.append(_parse(source, limits, index))
        except ReadError as error:
            raise error.located(source) from None
    return build_program(pieces, " + ".join(sources), limits=limits)


def build_program(
    pieces: Sequence[ParsedPiece],
    source: str,
    *,
    limits: TextLimits = DEFAULT_LIMITS,
    warnings: tuple[str, ...] = (),
) -> EngineProgram:
    """The program of parsed pieces stitched in order (see :func:`read_fx_text`); the other
    text readers build their pieces' trees and come here, so every form binds values alike."""
    builder = _Builder(limits)
    for piece in pieces:
        try:
            builder.add_piece(piece)
        except ReadError as error:
            raise error.located(piece.source) from None
    program = builder.finish(source)
    traced = [piece.dynamo for piece in pieces if piece.dynamo is not None]
    if traced:
        from layoutcheck.engines.dynamo import placed

        program = placed(program, {k: v for unknown in traced for k, v in unknown.items()})
    noted = warnings + tuple(warning for piece in pieces for warning in piece.warnings)
    return attrs.evolve(program, warnings=noted + program.warnings) if noted else program


def read_fx_graphs(
    path: str | os.PathLike[str], *, limits: TextLimits = DEFAULT_LIMITS
) -> tuple[EngineProgram, ...]:
    """Every graph of one fx text file (a log of ``Graph.__str__`` holds one per pass and
    compile range), each read on its own, in the order they start."""
    source = os.fspath(path)
    try:
        pieces = _parse_all(source, limits)
    except ReadError as error:
        raise error.located(source) from None
    return tuple(build_program([piece], source, limits=limits) for piece in pieces)


def read_fx_streams(
    path: str | os.PathLike[str], *, limits: TextLimits = DEFAULT_LIMITS
) -> tuple[tuple[str | None, EngineProgram], ...]:
    """Every graph of one fx text file with the log stream that printed it (vLLM's worker tag,
    ``Worker_TP1 pid=12``, or torch's process id; None outside a log), in the order they
    start: the ranks' graphs of one multi-process log."""
    source = os.fspath(path)
    try:
        pieces = _parse_all(source, limits)
    except ReadError as error:
        raise error.located(source) from None
    return tuple((piece.stream, build_program([piece], source, limits=limits)) for piece in pieces)


# -- parsing -------------------------------------------------------------------------------------


@attrs.frozen
class ParsedPiece:
    """One file's graph as an ``ast`` tree (written by ``ast.parse`` or built by a reader of
    another text form), with the ``# File:`` frames in force at each line."""

    source: str
    tree: ast.Module
    frames: tuple[tuple[Frame, ...], ...]  # by line number (index 0 unused)
    warnings: tuple[str, ...] = ()  # what reading it noted, one line each
    line: int = 1  # where the graph starts in its file (a log holds several)
    stream: str | None = None  # the worker or process whose log lines held it
    # a graph Dynamo traced, rewritten at ATen level (:mod:`.dynamo`): the placeholder targets
    # of the calls its table does not know, by the call each stands for; None for any other
    dynamo: Mapping[str, str] | None = None


def _parse(source: str, limits: TextLimits, index: int | None) -> ParsedPiece:
    """The graph of a file: its only one, else the one at ``index``, else the last."""
    graphs = _parse_all(source, limits)
    if index is None:
        if len(graphs) == 1:
            return graphs[0]
        last = graphs[-1]
        lines = ", ".join(str(graph.line) for graph in graphs[:8])
        more = ", …" if len(graphs) > 8 else ""
        note = (
            f"{source}: holds {len(graphs)} graphs (at lines {lines}{more}); "
            f"read the last, at line {last.line} (an index picks another)"
        )
        return attrs.evolve(last, warnings=(note, *last.warnings))
    if not -len(graphs) <= index < len(graphs):
        raise ReadError(f"holds {len(graphs)} graphs, so there is no graph {index}")
    return graphs[index]


def _parse_all(source: str, limits: TextLimits, follow: bool = True) -> list[ParsedPiece]:
    """Every graph of a file: a print_readable dump holds one, a log of Graph.__str__ any;
    for Dynamo's transformed code, the graph beside it that it calls (``follow``)."""
    data = read_regular_file(source, max_bytes=limits.file_bytes, what="an fx text dump")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ReadError(f"is not UTF-8 text (byte {error.start}), so not an fx text dump") from None
    if "\0" in text:
        raise ReadError("contains NUL bytes, so it is not an fx text dump")
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if is_graph_text(text):
        no_frames = ((),) * (text.count("\n") + 2)  # Graph.__str__ prints no stack
        return [
            ParsedPiece(
                source,
                graph.tree,
                no_frames,
                tuple(f"{source}: {warning}" for warning in graph.warnings),
                graph.line,
                graph.stream,
            )
            for graph in parse_graph_text(
                text,
                max_depth=limits.list_depth,
                max_items=limits.list_items,
                max_graphs=limits.graphs,
                max_nodes=limits.nodes,
                max_node_lines=limits.graph_text_node_lines,
            )
        ]
    tokens = len(data.translate(None, _NOT_PUNCTUATION))  # a C loop, before any parsing
    if tokens > limits.syntax_tokens:
        raise ReadError(
            f"holds about {tokens:,} syntax tokens, over the limit of {limits.syntax_tokens:,} "
            f"for an fx text dump (about {limits.syntax_tokens // _TOKENS_PER_NODE:,} nodes)"
        )
    try:
        piece = _parse_code(source, text)
    except ReadError as error:
        lines = text.split("\n")
        if not error.message.startswith(_SYNTAX) or not _is_log(lines):
            raise
        blocks = code_blocks(lines, limits.graphs)
        if not blocks:
            raise
        return [
            attrs.evolve(
                _parse_code(source, "\n".join(block.lines), block.line), stream=block.stream
            )
            for block in blocks
        ]
    from layoutcheck.engines.dynamo import compiled_fn_called, graph_beside

    called = compiled_fn_called(piece.tree) if follow else None
    if called is None:
        return [piece]
    graph = graph_beside(source, called)
    note = (
        f"{source}: is Dynamo's transformed bytecode, which calls {called}: read the graph "
        f"beside it, {graph}"
    )
    try:
        followed = _parse_all(graph, limits, follow=False)
    except ReadError as error:
        raise error.located(graph) from None
    return [attrs.evolve(p, warnings=(note, *p.warnings)) for p in followed]


_SYNTAX = "not an fx graph dump: "  # what a syntax error's message starts with
# the bytes that start an ast node of their own (an operator, a call, an attribute, an item)
_NOT_PUNCTUATION = bytes(b for b in range(256) if b not in b",.()[]{}=+-*/%:;<>&|^~@")
_TOKENS_PER_NODE = 35  # in the real dumps (tests/data/engine-graphs)


def _is_log(lines: Sequence[str]) -> bool:
    """Whether some line carries a log header (torch's or vLLM's): print_readable code in a
    log, not a dump that fails to parse."""
    return any(strip_log_header(line)[1] != line for line in lines)


def _parse_code(source: str, text: str, first_line: int = 1) -> ParsedPiece:
    """Parse print_readable code; ``first_line`` is where it starts in its file (a log). An
    excerpt keeps the indentation it had in its forward: the common indent goes."""
    text = _ANGLE_CLASS.sub(r"\1__\2__", text)
    if text[:1] in (" ", "\t"):
        text = _dedent(text)
    try:
        tree = ast.parse(text, filename=source)
    except SyntaxError as error:
        line = None if error.lineno is None else error.lineno + first_line - 1
        raise ReadError(f"{_SYNTAX}{error.msg}", line=line) from None
    except (RecursionError, MemoryError):
        raise ReadError(f"{_SYNTAX}it nests too deeply to parse", line=first_line) from None
    frames = _frames_by_line(text)
    if first_line > 1:
        ast.increment_lineno(tree, first_line - 1)
        frames = ((),) * first_line + frames[1:]
    from layoutcheck.engines.dynamo import compiled_fn_called, is_dynamo_graph, to_aten

    if compiled_fn_called(tree) is None and is_dynamo_graph(tree):
        traced = to_aten(tree)  # torch functions, methods, operators: as the ATen ops they are
        return ParsedPiece(source, traced.tree, frames, line=first_line, dynamo=traced.unknown)
    return ParsedPiece(source, tree, frames, line=first_line)


def _dedent(text: str) -> str:
    """``text`` without the leading blanks all its non-blank lines share (line count kept)."""
    lines = text.split("\n")
    filled = [line for line in lines if line.strip()]
    if not filled:
        return text
    cut = min(len(line) - len(line.lstrip(" \t")) for line in filled)
    prefix = filled[0][:cut]
    if not prefix or any(line[:cut] != prefix for line in filled):
        return text  # mixed tabs and spaces: left for the parser to refuse
    return "\n".join(line[cut:] if line.strip() else "" for line in lines)


def _frames_by_line(text: str) -> tuple[tuple[Frame, ...], ...]:
    """The ``# File:`` frames in force at each line: consecutive ones stack up, ``# No
    stacktrace found`` and a new ``def``/``class`` clear them."""
    by_line: list[tuple[Frame, ...]] = [()]
    current: tuple[Frame, ...] = ()
    stacking = False
    for line in text.split("\n"):
        stripped = line.strip()
        frame = _file_frame(stripped)
        if frame is not None:
            current = (*current[-_MAX_FRAMES + 1 :], frame) if stacking else (frame,)
            stacking = True
        else:
            if stripped.startswith(_NO_STACK_COMMENT) or stripped.startswith(_SCOPE_START):
                current = ()
            if stripped:
                stacking = False
        by_line.append(current)
    return tuple(by_line)


def _file_frame(comment: str) -> Frame | None:
    """``# File: path:line in fn`` (older torch: ``…, code: …``) as a frame, else None. Split
    with str methods, not a backtracking regex: a hostile comment line stays linear."""
    if not comment.startswith(_FILE_COMMENT):
        return None
    body = comment[len(_FILE_COMMENT) :].partition(", code: ")[0]
    location, has_function, function = body.rpartition(" in ")
    for place, name in ((location, function), (body, "")) if has_function else ((body, ""),):
        path, colon, number = place.rpartition(":")
        if colon and path and number.isascii() and number.isdigit() and len(number) <= 9:
            return path, int(number), name.strip()
    return None


def parse_annotation(text: str, *, max_chars: int = DEFAULT_LIMITS.annotation_chars) -> TensorMeta:
    """``"f16[1, 128, 6144]"``, ``"f32[]"``, ``"i64[s0, 4]"`` or ``"Sym(s0)"`` as a meta.
    Raises :class:`ReadError` (no line) on anything else."""
    if len(text) > max_chars:
        raise ReadError(f"shape annotation of {len(text)} characters, over the limit")
    sym = _SYM_ANNOTATION.fullmatch(text)
    if sym is not None:
        expr = sym["expr"].strip()
        if not _SYMBOLIC_DIM.fullmatch(expr) or not _balanced(expr):
            raise ReadError(f"malformed shape annotation {shown(text, 80)}")
        return TensorMeta((), SYMBOLIC_DTYPE, symbol=expr)
    tensor = _TENSOR_ANNOTATION.fullmatch(text)
    if tensor is None:
        raise ReadError(f"malformed shape annotation {shown(text, 80)}")
    dims_text = tensor["dims"].strip()
    dims = _split_top_level(dims_text) if dims_text else []
    shape: list[int | str] = []
    for dim in dims:
        dim = dim.strip()
        if _INT_DIM.fullmatch(dim):
            shape.append(int(dim))
        elif _SYMBOLIC_DIM.fullmatch(dim) and _HAS_SYMBOL.search(dim) and _balanced(dim):
            shape.append(dim)
        else:
            raise ReadError(f"malformed shape annotation {shown(text, 80)}")
    return TensorMeta(tuple(shape), dtype_from_abbreviation(tensor["dtype"]))


def _split_top_level(text: str) -> list[str]:
    """``"s0, Max(1, s1)"`` → ``["s0", " Max(1, s1)"]``: commas outside parentheses."""
    parts, depth, start = [], 0, 0
    for at, char in enumerate(text):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:at])
            start = at + 1
    parts.append(text[start:])
    return parts


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += (char == "(") - (char == ")")
        if depth < 0:
            return False
    return depth == 0


def dotted_name(expr: ast.expr) -> str | None:
    """``torch.ops.aten.mm.default`` for a chain of attribute loads on a name, else None."""
    parts = []
    while isinstance(expr, ast.Attribute):
        parts.append(expr.attr)
        expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    parts.append(expr.id)
    return ".".join(reversed(parts))


_STATEMENT_WORDS: Mapping[type[ast.AST], str] = {
    ast.While: "a while loop",
    ast.For: "a for loop",
    ast.AsyncFor: "a for loop",
    ast.If: "an if statement",
    ast.With: "a with block",
    ast.AsyncWith: "a with block",
    ast.Try: "a try block",
    ast.FunctionDef: "a def",
    ast.AsyncFunctionDef: "a def",
    ast.ClassDef: "a class",
    ast.Delete: "a del statement",
    ast.AugAssign: "an augmented assignment",
    ast.Global: "a global statement",
    ast.Nonlocal: "a nonlocal statement",
    ast.Raise: "a raise",
    ast.Assert: "an assert",
    ast.Pass: "pass",
    ast.Break: "break",
    ast.Continue: "continue",
    ast.Match: "a match statement",
}


_EXPRESSION_WORDS: Mapping[type[ast.AST], str] = {
    ast.Name: "a plain name (an alias)",
    ast.Constant: "a literal",
    ast.List: "a list",
    ast.Tuple: "a tuple",
    ast.Subscript: "a subscript",
    ast.Lambda: "a lambda",
    ast.Dict: "a dict",
    ast.Set: "a set",
    ast.BinOp: "an arithmetic expression",
    ast.BoolOp: "a boolean expression",
    ast.Compare: "a comparison",
    ast.IfExp: "a conditional expression",
    ast.ListComp: "a comprehension",
    ast.GeneratorExp: "a generator",
    ast.Starred: "a starred expression",
    ast.JoinedStr: "an f-string",
    ast.Await: "await",
    ast.Yield: "yield",
    ast.NamedExpr: "an assignment expression",
}


def _describe_statement(stmt: ast.stmt) -> str:
    if isinstance(stmt, ast.Import | ast.ImportFrom):
        return shown(_unparse(stmt), 80).strip("'\"")
    if isinstance(stmt, ast.Expr):
        if isinstance(stmt.value, ast.Call):
            return f"a bare call of {_callee(stmt.value)}"
        return "a bare expression"
    return _STATEMENT_WORDS.get(type(stmt), f"a {type(stmt).__name__} statement")


def _describe_expr(expr: ast.expr) -> str:
    if isinstance(expr, ast.Call):
        return f"a call of {_callee(expr)}"
    if isinstance(expr, ast.Attribute):
        return f"the attribute {dotted_name(expr) or '…'}"
    return _EXPRESSION_WORDS.get(type(expr), f"a {type(expr).__name__} expression")


def _callee(call: ast.Call) -> str:
    dotted = dotted_name(call.func)
    return f"{dotted}(...)" if dotted else "an expression"


def _unparse(node: ast.AST) -> str:
    try:
        return ast.unparse(node)
    except (RecursionError, ValueError):
        return type(node).__name__


# -- bindings: what a local name of a forward stands for -----------------------------------------


@attrs.define(eq=False)
class _Node:
    """A node being built; its outputs are known once every use of it has been seen."""

    name: str
    target: str
    args: tuple[Arg, ...]
    wrapper: str | None
    frames: tuple[Frame, ...]
    line: int
    single: bool = False  # read as one value
    results: dict[tuple[int, ...], str] = attrs.field(factory=dict)  # getitem path → name


@attrs.frozen
class _Value:
    name: str  # an input or a node result of known form


@attrs.frozen
class _Result:
    node: _Node
    path: tuple[int, ...]  # () for the node itself, (i,) for node[i], (i, j) for node[i][j]
    name: str


@attrs.frozen
class _Tuple:
    items: tuple[_Binding, ...]  # what a submodule returned


@attrs.frozen
class _Constant:
    arg: Arg  # a literal a caller passed to a submodule


@attrs.frozen
class _Submodule:
    path: str  # `self.submod_0` loaded without a call (a higher-order op's subgraph)


_Binding = _Value | _Result | _Tuple | _Constant | _Submodule


@attrs.define
class _Scope:
    prefix: str  # of the global names of its locals: "" at the top, "submod_0." inside
    attribute_prefix: str  # of the module attributes it loads
    classes: Mapping[str, ast.ClassDef]  # nested submodule classes, reachable as self.<name>
    piece: ParsedPiece
    env: dict[str, _Binding] = attrs.field(factory=dict)  # live locals
    defined: dict[str, _Binding] = attrs.field(factory=dict)  # every local, cleared or not


@attrs.frozen
class _Module:
    forward: ast.FunctionDef
    classes: Mapping[str, ast.ClassDef]
    notes: tuple[str, ...] = ()  # what reading it assumed (a fragment's inputs), one line each


# -- building the program ------------------------------------------------------------------------


class _Builder:
    def __init__(self, limits: TextLimits):
        self.limits = limits
        self.names: set[str] = set()
        self.suffixes: dict[str, int] = {}  # the next #n to try per preferred name
        self.nodes: list[_Node] = []
        self.inputs: list[GraphInput] = []
        self.tensors: dict[str, TensorMeta] = {}
        self.pieces: list[dict[str, _Binding]] = []  # each piece's locals, for stitching by name
        self.returned: tuple[_Binding, ...] | None = None  # the latest piece's outputs
        self.output_names: tuple[str | None, ...] = ()
        self.classes: list[ast.ClassDef] = []  # every submodule class, to report uncalled ones
        self.inlined: set[int] = set()  # ids of the classes inlined at least once
        self.sizes: dict[int, int] = {}  # class id → statements its inlined forward runs
        self.notes: list[str] = []  # what reading the pieces assumed

    def claim(self, preferred: str) -> str:
        """A global name: ``preferred`` if free, else ``preferred#2``, ``#3``, …"""
        name, n = preferred, self.suffixes.get(preferred, 1)
        while name in self.names:
            n += 1
            name = f"{preferred}#{n}"
        self.suffixes[preferred] = n
        self.names.add(name)
        return name

    # -- pieces --------------------------------------------------------------------------------

    def add_piece(self, piece: ParsedPiece) -> None:
        module = _graph_module(piece.tree)
        self.notes.extend(f"{piece.source}: {note}" for note in module.notes)
        self.classes.extend(_nested_classes(module.classes.values()))
        scope = _Scope("", "", module.classes, piece)
        params = _parameters(module.forward, self.limits)
        previous = self.returned
        for position, (param, meta) in enumerate(params):
            binding: _Binding
            if previous is not None and len(previous) == len(params):
                binding = previous[position]
                self._adopt_meta(binding, meta)
            elif (earlier := self._earlier(param)) is not None:
                binding = earlier
                self._adopt_meta(binding, meta)
            else:
                name = self.claim(param)
                self.inputs.append(GraphInput(name, "user_input", meta))
                if meta is not None:
                    self.tensors[name] = meta
                binding = _Value(name)
            scope.env[param] = scope.defined[param] = binding
        self._check_size(module)
        returned = self._run(module.forward, scope, depth=0)
        items = returned.items if isinstance(returned, _Tuple) else (returned,)
        line = module.forward.body[-1].lineno
        self.output_names = tuple(self._output_name(item, line) for item in items)
        self.returned = tuple(
            _Constant(Arg(None, ArgKind.NONE, None)) if name is None else _Value(name)
            for name in self.output_names
        )
        self.pieces.append(scope.defined)

    def _check_size(self, module: _Module) -> None:
        """Refuse, before inlining anything, a forward whose submodule calls would make more
        nodes than the limit (classes calling their children many times multiply)."""
        size = self._inlined_size(module, 0, self.limits.nodes - len(self.nodes))
        if len(self.nodes) + size > self.limits.nodes:
            raise ReadError(
                f"over {self.limits.nodes} nodes with its submodules inlined (the node "
                f"limit); {len(self.nodes)} read before this graph",
                line=module.forward.lineno,
            )

    def _inlined_size(self, module: _Module, depth: int, budget: int) -> int:
        """The statements ``module``'s forward runs with every submodule call inlined, counted
        up to just past ``budget``; each class's size is counted once (memoised)."""
        size = 0
        for stmt in module.forward.body:
            size += 1
            called = _called_submodule(stmt, module.classes)
            if called is not None:
                if depth + 1 > self.limits.submodule_depth:
                    raise ReadError(
                        f"submodules nest over {self.limits.submodule_depth} deep",
                        line=stmt.lineno,
                    )
                key = id(called)
                if key not in self.sizes:
                    self.sizes[key] = self._inlined_size(_submodule(called), depth + 1, budget)
                size += self.sizes[key]
            if size > budget:
                return size
        return size

    def _earlier(self, name: str) -> _Binding | None:
        for defined in reversed(self.pieces):
            if name in defined:
                return defined[name]
        return None

    def _adopt_meta(self, binding: _Binding, meta: TensorMeta | None) -> None:
        """A value without a meta takes the one a later piece's parameter annotation gives."""
        if meta is not None and isinstance(binding, _Value | _Result):
            self.tensors.setdefault(binding.name, meta)

    # -- a forward -----------------------------------------------------------------------------

    def _run(self, forward: ast.FunctionDef, scope: _Scope, depth: int) -> _Binding:
        body = forward.body
        for position, stmt in enumerate(body):
            line = stmt.lineno
            try:
                if isinstance(stmt, ast.Return):
                    if position != len(body) - 1:
                        raise ReadError("not an fx graph dump: statements after the return")
                    return self._return(stmt, scope)
                self._statement(stmt, scope, depth)
            except ReadError as error:
                raise error.located(scope.piece.source, line) from None
        raise ReadError(
            "not an fx graph dump: forward has no return",
            source=scope.piece.source,
            line=forward.lineno,
        )

    def _statement(self, stmt: ast.stmt, scope: _Scope, depth: int) -> None:
        if isinstance(stmt, ast.AnnAssign):
            if not isinstance(stmt.target, ast.Name) or stmt.value is None:
                raise ReadError("not an fx graph dump: an annotation without a value")
            if not isinstance(stmt.annotation, ast.Constant) or not isinstance(
                stmt.annotation.value, str
            ):
                raise ReadError("not an fx graph dump: a type annotation that is not a string")
            meta = parse_annotation(stmt.annotation.value, max_chars=self.limits.annotation_chars)
            self._assign(stmt.target.id, stmt.value, meta, scope, depth, stmt.lineno)
            return
        if isinstance(stmt, ast.Assign):
            targets = stmt.targets
            names = [target.id for target in targets if isinstance(target, ast.Name)]
            if len(names) == len(targets) and _is_none(stmt.value):
                for name in names:
                    if scope.env.pop(name, None) is None:
                        raise ReadError(f"clears {shown(name, 60)}, which is not defined")
                return
            if len(targets) == 1 and isinstance(targets[0], ast.Name):
                self._assign(targets[0].id, stmt.value, None, scope, depth, stmt.lineno)
                return
            raise ReadError(
                f"not an fx graph dump: an assignment to {shown(_unparse(targets[0]), 60)} "
                "is not allowed"
            )
        raise ReadError(f"not an fx graph dump: {_describe_statement(stmt)} is not allowed")

    def _assign(
        self,
        local: str,
        value: ast.expr,
        meta: TensorMeta | None,
        scope: _Scope,
        depth: int,
        line: int,
    ) -> None:
        if local in scope.defined:  # fx names each value once; `x = None` only clears
            raise ReadError(f"assigns {shown(local, 60)} a second time")
        binding = self._value(local, value, meta, scope, depth, line)
        scope.env[local] = scope.defined[local] = binding

    def _value(
        self,
        local: str,
        value: ast.expr,
        meta: TensorMeta | None,
        scope: _Scope,
        depth: int,
        line: int,
    ) -> _Binding:
        if isinstance(value, ast.Call):
            dotted = dotted_name(value.func)
            if dotted is not None and dotted.startswith("torch.ops."):
                return self._op(local, dotted, value, meta, scope, line)
            if dotted in GETITEM_CALLS:
                if len(value.args) != 2 or value.keywords:
                    raise ReadError("operator.getitem takes a value and an index")
                return self._getitem(local, value.args[0], value.args[1], meta, scope)
            if dotted is not None and dotted.startswith("self.") and dotted[5:] in scope.classes:
                return self._call_submodule(local, dotted[5:], value, meta, scope, depth)
            if dotted is not None and (
                dotted.startswith("torch.") or dotted.partition(".")[0] in scope.env
            ):
                raise ReadError(
                    f"not an fx graph dump: a call of {dotted[:80]}(...) is not allowed (a "
                    "Python call that is no op, and not one the Dynamo reader rewrote: see "
                    "layoutcheck/engines/opmaps/dynamo/calls.yaml)"
                )
        elif isinstance(value, ast.Subscript):
            return self._getitem(local, value.value, value.slice, meta, scope)
        elif isinstance(value, ast.Attribute):
            dotted = dotted_name(value)
            if dotted is not None and dotted.startswith("self."):
                return self._attribute(local, dotted[5:], meta, scope)
        elif isinstance(value, ast.BinOp | ast.UnaryOp):
            return self._arithmetic(local, value, meta, scope, line)
        raise ReadError(f"not an fx graph dump: {_describe_expr(value)} is not allowed")

    # -- the forms of a value --------------------------------------------------------------------

    def _op(
        self,
        local: str,
        dotted: str,
        call: ast.Call,
        meta: TensorMeta | None,
        scope: _Scope,
        line: int,
    ) -> _Binding:
        if not _OP_PATH.fullmatch(dotted):
            raise ReadError(f"not an fx graph dump: {shown(dotted, 80)} is not an op")
        if len(call.args) + len(call.keywords) > self.limits.list_items:
            raise ReadError(
                f"a call of {len(call.args) + len(call.keywords)} arguments, "
                f"over the limit of {self.limits.list_items}"
            )
        args = [self._arg(a, None, scope, 0) for a in call.args]
        for keyword in call.keywords:
            if keyword.arg is None:
                raise ReadError("not an fx graph dump: **kwargs in a call is not allowed")
            args.append(self._arg(keyword.value, keyword.arg, scope, 0))
        target, unwrapped, wrapper = unwrap_functionalized(op_target(dotted), tuple(args))
        return self._node(local, target, unwrapped, wrapper, meta, scope, line)

    def _node(
        self,
        local: str,
        target: str,
        args: tuple[Arg, ...],
        wrapper: str | None,
        meta: TensorMeta | None,
        scope: _Scope,
        line: int,
    ) -> _Binding:
        name = self.claim(scope.prefix + local)
        node = _Node(name, target, args, wrapper, scope.piece.frames[line], line)
        self.nodes.append(node)
        if meta is None:  # a tuple producer, or a node a pass made without a meta
            return _Result(node, (), name)
        node.single = True
        self.tensors[name] = meta
        return _Value(name)

    def _arithmetic(
        self,
        local: str,
        value: ast.BinOp | ast.UnaryOp,
        meta: TensorMeta | None,
        scope: _Scope,
        line: int,
    ) -> _Binding:
        operands = [value.left, value.right] if isinstance(value, ast.BinOp) else [value.operand]
        target = SYMBOLIC_OPERATORS.get(type(value.op))
        if target is None or not all(isinstance(o, ast.Name | ast.Constant) for o in operands):
            raise ReadError(f"not an fx graph dump: {_describe_expr(value)} is not allowed")
        args = tuple(self._arg(o, None, scope, 0) for o in operands)
        return self._node(local, target, args, None, meta, scope, line)

    def _getitem(
        self,
        local: str,
        base: ast.expr,
        index_expr: ast.expr,
        meta: TensorMeta | None,
        scope: _Scope,
    ) -> _Binding:
        if not isinstance(base, ast.Name):
            raise ReadError(f"not an fx graph dump: indexing {_describe_expr(base)}")
        if not (
            isinstance(index_expr, ast.Constant)
            and isinstance(index_expr.value, int)
            and not isinstance(index_expr.value, bool)
            and index_expr.value >= 0
        ):
            raise ReadError("not an fx graph dump: an index that is not a literal int ≥ 0")
        index = index_expr.value
        if index >= self.limits.results_per_node:
            raise ReadError(f"index {index} is over the limit of {self.limits.results_per_node}")
        binding = self._lookup(base.id, scope)
        if isinstance(binding, _Tuple):
            if index >= len(binding.items):
                raise ReadError(
                    f"index {index} of {shown(base.id, 60)}, "
                    f"which holds {len(binding.items)} values"
                )
            item = binding.items[index]
            if isinstance(item, _Value | _Result):
                self._adopt_meta(item, meta)
            return item
        if not isinstance(binding, _Result):
            raise ReadError(f"indexes {shown(base.id, 60)}, which is one value, not a tuple")
        node = binding.node
        if binding.path == () and node.single:
            raise ReadError(f"indexes {shown(base.id, 60)}, which is read as one value elsewhere")
        path = (*binding.path, index)
        if len(path) > _MAX_GETITEM_DEPTH:
            raise ReadError(f"results of results nest over {_MAX_GETITEM_DEPTH} deep")
        existing = node.results.get(path)
        if existing is not None:  # a second getitem of the same result: the same value
            self._adopt_meta(_Value(existing), meta)
            return _Result(node, path, existing)
        name = self.claim(scope.prefix + local)
        node.results[path] = name
        if meta is not None:
            self.tensors[name] = meta
        return _Result(node, path, name)

    def _attribute(
        self, local: str, attribute: str, meta: TensorMeta | None, scope: _Scope
    ) -> _Binding:
        if attribute in scope.classes:
            return _Submodule(scope.attribute_prefix + attribute)
        name = self.claim(scope.prefix + local)
        self.inputs.append(GraphInput(name, "parameter", meta, scope.attribute_prefix + attribute))
        if meta is not None:
            self.tensors[name] = meta
        return _Value(name)

    def _call_submodule(
        self,
        local: str,
        attribute: str,
        call: ast.Call,
        meta: TensorMeta | None,
        scope: _Scope,
        depth: int,
    ) -> _Binding:
        cls = scope.classes[attribute]
        if call.keywords:
            raise ReadError("not an fx graph dump: keyword arguments to a submodule")
        if depth + 1 > self.limits.submodule_depth:
            raise ReadError(f"submodules nest over {self.limits.submodule_depth} deep")
        module = _submodule(cls)
        params = _parameters(module.forward, self.limits)
        if len(params) != len(call.args):
            raise ReadError(
                f"calls {shown(attribute, 60)} with {len(call.args)} arguments; "
                f"its forward takes {len(params)}"
            )
        prefix = self.claim(scope.prefix + local)
        inner = _Scope(
            prefix + ".", scope.attribute_prefix + attribute + ".", module.classes, scope.piece
        )
        for (param, param_meta), arg in zip(params, call.args, strict=True):
            binding: _Binding
            if isinstance(arg, ast.Name):
                binding = self._lookup(arg.id, scope)
                self._adopt_meta(binding, param_meta)
            else:
                binding = _Constant(self._arg(arg, None, scope, 0))
            inner.env[param] = inner.defined[param] = binding
        # a class reaches only the classes nested in it, so inlining cannot loop; the depth
        # bound keeps the recursion (and the names) short
        self.inlined.add(id(cls))
        returned = self._run(module.forward, inner, depth + 1)
        if isinstance(returned, _Value | _Result):
            self._adopt_meta(returned, meta)
        return returned

    def _return(self, stmt: ast.Return, scope: _Scope) -> _Binding:
        value = stmt.value
        if value is None:
            return _Tuple(())
        if isinstance(value, ast.Tuple | ast.List):
            return _Tuple(tuple(self._returned(item, scope) for item in value.elts))
        return self._returned(value, scope)

    def _returned(self, item: ast.expr, scope: _Scope) -> _Binding:
        if isinstance(item, ast.Name):
            return self._lookup(item.id, scope)
        if _is_none(item):
            return _Constant(Arg(None, ArgKind.NONE, None))
        raise ReadError(f"not an fx graph dump: returning {_describe_expr(item)}")

    def _output_name(self, binding: _Binding, line: int) -> str | None:
        arg = self._use(binding, None)
        if arg.kind in (ArgKind.TENSOR, ArgKind.SYM) and isinstance(arg.value, str):
            return arg.value
        if arg.kind is ArgKind.NONE:
            return None
        raise ReadError(f"not an fx graph dump: a graph output that is {arg.kind.value}", line=line)

    # -- arguments -------------------------------------------------------------------------------

    def _lookup(self, local: str, scope: _Scope) -> _Binding:
        binding = scope.env.get(local)
        if binding is not None:
            return binding
        if local in scope.defined:
            raise ReadError(f"reads {shown(local, 60)} after it was cleared")
        raise ReadError(f"reads {shown(local, 60)}, which is not defined")

    def _use(self, binding: _Binding, name: str | None) -> Arg:
        """The argument a binding becomes where a node reads it."""
        if isinstance(binding, _Result):
            node = binding.node
            if binding.path == ():
                if node.results:
                    raise ReadError(
                        f"reads {shown(node.name, 60)} as one value, but it is indexed elsewhere"
                    )
                node.single = True
            return self._value_arg(binding.name, name)
        if isinstance(binding, _Value):
            return self._value_arg(binding.name, name)
        if isinstance(binding, _Constant):
            return attrs.evolve(binding.arg, name=name)
        if isinstance(binding, _Submodule):
            return Arg(name, ArgKind.OTHER, f"submodule {binding.path}")
        items = tuple(self._use(item, None) for item in binding.items)
        if not all(item.kind in (ArgKind.TENSOR, ArgKind.NONE) for item in items):
            raise ReadError("not an fx graph dump: a submodule's tuple holds non-tensor values")
        return Arg(name, ArgKind.TENSORS, tuple(item.value for item in items))

    def _value_arg(self, value: str, name: str | None) -> Arg:
        meta = self.tensors.get(value)
        if meta is not None and meta.is_symbolic_scalar:
            return Arg(name, ArgKind.SYM, value)
        return Arg(name, ArgKind.TENSOR, value)

    def _arg(self, expr: ast.expr, name: str | None, scope: _Scope, depth: int) -> Arg:
        if isinstance(expr, ast.Name):
            if expr.id in FLOAT_NAMES and expr.id not in scope.env:
                return Arg(name, ArgKind.FLOAT, FLOAT_NAMES[expr.id])
            return self._use(self._lookup(expr.id, scope), name)
        if isinstance(expr, ast.Constant):
            return _constant(expr.value, name)
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub | ast.UAdd):
            operand = self._arg(expr.operand, None, scope, depth)
            if operand.kind in (ArgKind.INT, ArgKind.FLOAT) and isinstance(
                operand.value, int | float
            ):
                sign = -1 if isinstance(expr.op, ast.USub) else 1
                return Arg(name, operand.kind, sign * operand.value)
            raise ReadError("not an fx graph dump: a sign on something other than a number")
        if isinstance(expr, ast.List | ast.Tuple):
            if depth >= self.limits.list_depth:
                raise ReadError(f"argument lists nest over {self.limits.list_depth} deep")
            if len(expr.elts) > self.limits.list_items:
                raise ReadError(
                    f"an argument list of {len(expr.elts)} items, "
                    f"over the limit of {self.limits.list_items}"
                )
            items = [self._arg(item, None, scope, depth + 1) for item in expr.elts]
            return _list_arg(items, name, expr)
        if isinstance(expr, ast.Attribute):
            return _attribute_arg(expr, name)
        if isinstance(expr, ast.Call) and dotted_name(expr.func) in DEVICE_CALLS:
            return Arg(name, ArgKind.OTHER, _device_text(expr))
        raise ReadError(
            f"not an fx graph dump: {_describe_expr(expr)} in an argument is not allowed"
        )

    # -- the end ---------------------------------------------------------------------------------

    def finish(self, source: str) -> EngineProgram:
        nodes = tuple(self._engine_node(node) for node in self.nodes)
        warnings = (*self.notes, *_stale_annotations(source, nodes, self.tensors))
        uncalled = [cls.name for cls in self.classes if id(cls) not in self.inlined]
        if uncalled:
            warnings += (
                f"{source}: submodule classes never called, so not read: "
                f"{_examples(uncalled, 5).removeprefix('e.g. ')}",
            )
        return EngineProgram(
            source=source,
            format="fx-text",
            inputs=tuple(self.inputs),
            nodes=nodes,
            outputs=self.output_names,
            tensors=self.tensors,
            warnings=warnings,
        )

    def _engine_node(self, node: _Node) -> EngineNode:
        frames = node.frames
        return EngineNode(
            name=node.name,
            target=node.target,
            args=node.args,
            outputs=_outputs(node),
            source=(frames[-1][0], frames[-1][1]) if frames else None,
            stack=frames,
            wrapper=node.wrapper,
            dump_line=node.line,
        )


def _outputs(node: _Node) -> tuple[str | None, ...]:
    """A node's results: itself when read as one value; its getitem leaves in index order, with
    None for an index nothing reads; nothing when it is never read (an in-place op)."""
    if node.single:
        return (node.name,)
    if not node.results:
        return ()
    branches = {path[:cut] for path in node.results for cut in range(1, len(path))}
    by_index: dict[int, list[str]] = {}
    for path in sorted(p for p in node.results if p not in branches):  # a list is not a result
        by_index.setdefault(path[0], []).append(node.results[path])
    outputs: list[str | None] = []
    for index in range(max(by_index) + 1):  # bounded by TextLimits.results_per_node
        outputs.extend(by_index.get(index, [None]))
    return tuple(outputs)


def _stale_annotations(
    source: str, nodes: Sequence[EngineNode], tensors: Mapping[str, TensorMeta]
) -> tuple[str, ...]:
    """One warning when annotations look stale: results with none (TensorCast's SP pass leaves
    its nodes bare), views whose annotation contradicts their explicit size list."""
    bare: list[str] = []
    contradicted: list[str] = []
    for node in nodes:
        bare.extend(o for o in node.outputs if o is not None and o not in tensors)
        if node.target in SIZED_VIEWS and len(node.outputs) == 1 and node.outputs[0] is not None:
            meta = tensors.get(node.outputs[0])
            size = node.arg(*SIZED_VIEWS[node.target])
            if meta is not None and size is not None and _contradicts(meta, size):
                contradicted.append(node.name)
    if not bare and not contradicted:
        return ()
    annotated = (tensors.get(o) for n in nodes for o in n.outputs if o)
    if not contradicted and not any(m is not None and not m.is_symbolic_scalar for m in annotated):
        # no tensor annotated at all (Graph.__str__ prints no shapes): absent, not stale
        return (f"{source}: no node result has a shape annotation; shapes will be derived",)
    parts = []
    if bare:
        parts.append(f"{len(bare)} results have no shape annotation ({_examples(bare)})")
    if contradicted:
        parts.append(
            f"{len(contradicted)} views contradict their size lists ({_examples(contradicted)})"
        )
    total = len(bare) + len(contradicted)
    return (
        f"{source}: {total} shape annotations look stale: {'; '.join(parts)}; "
        "shapes will be re-derived",
    )


def _contradicts(meta: TensorMeta, size: Arg) -> bool:
    if size.kind not in (ArgKind.INTS, ArgKind.SYMS) or not isinstance(size.value, tuple):
        return False
    if len(size.value) != len(meta.shape):
        return True
    return any(
        isinstance(want, int) and want != -1 and isinstance(have, int) and want != have
        for want, have in zip(size.value, meta.shape, strict=True)
    )


def _examples(names: list[str], count: int = 3) -> str:
    shown_names = ", ".join(names[:count])
    return f"e.g. {shown_names}" + (", …" if len(names) > count else "")


# -- module structure ----------------------------------------------------------------------------


def _graph_module(tree: ast.Module) -> _Module:
    """The graph of a dump: its one top-level class (or a bare ``def forward``), else the
    fragment its top-level node statements make."""
    graph: _Module | None = None
    fragment: list[_NodeStatement] = []
    # without a class or def, the node statements at the top are a graph's excerpt
    excerpt = not any(isinstance(stmt, ast.ClassDef | ast.FunctionDef) for stmt in tree.body)
    inductor = _inductor_import(tree)
    if inductor is not None:
        what = (
            "a dump of pattern-matcher patterns (vLLM's patterns.<Pass>.N.py)"
            if inductor.startswith(_PATTERN_MODULE)
            else "Inductor's generated code (the kernels and their wrapper)"
        )
        raise ReadError(
            f"is {what}, not a graph: read the post-grad graph of the same run (a pass's "
            "before or after dump, or depyf's …AFTER_POST_GRAD… file)",
            line=1,
        )
    for stmt in tree.body:
        if fragment and not isinstance(stmt, ast.Assign | ast.AnnAssign | ast.Return):
            raise _refused(stmt)
        if (
            excerpt
            and isinstance(stmt, ast.Assign | ast.AnnAssign | ast.Return)
            and stmt.value is not None
        ):
            fragment.append(stmt)
            continue
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            if graph is not None or _unparse(stmt) not in HEADER_IMPORTS:
                raise _refused(stmt)
        elif _is_type_stub(stmt) and graph is None:
            continue  # `b8: type`: a name declared for a type checker, nothing to read
        elif isinstance(stmt, ast.ClassDef) and graph is None:
            graph = _submodule(stmt)
        elif isinstance(stmt, ast.FunctionDef) and stmt.name == "forward" and graph is None:
            _check_forward(stmt)
            graph = _Module(stmt, {})
        elif isinstance(stmt, ast.FunctionDef) and _is_transformed_code(stmt):
            raise ReadError(
                "is Dynamo's transformed bytecode (depyf's transformed_code), which calls the "
                "compiled graph and holds none: read a graph dump of the same run (a post-grad "
                "pass dump or the AOT forward graph)",
                line=stmt.lineno,
            )
        elif isinstance(stmt, ast.ClassDef | ast.FunctionDef):
            raise ReadError("holds a second graph; dump one graph per file", line=stmt.lineno)
        else:
            raise _refused(stmt)
    if fragment:
        return _fragment_module(fragment)
    if graph is None:
        raise ReadError("not an fx graph dump: no graph module class or forward found")
    return graph


# Names a forward's code reads that are not values of the graph
_MODULE_NAMES = frozenset({"self", "torch", "operator", "_operator", "device", *FLOAT_NAMES})


_NodeStatement = ast.Assign | ast.AnnAssign | ast.Return  # what a fragment is made of


def _fragment_module(statements: list[_NodeStatement]) -> _Module:
    """A forward around node statements pasted without their graph (an issue's excerpt): the
    names they read before defining are its inputs, said in one note; without a ``return``
    the values no statement reads are its outputs."""
    defined: set[str] = set()
    read: set[str] = set()
    undefined: list[str] = []
    seen: set[str] = set()  # `undefined` as a set: a hostile excerpt may read many names
    for stmt in statements:
        value = stmt.value
        if value is None:
            continue
        clears = isinstance(stmt, ast.Assign) and _is_none(value)
        for node in ast.walk(value):
            if isinstance(node, ast.Name) and node.id not in _MODULE_NAMES:
                read.add(node.id)
                if node.id not in defined and node.id not in seen:
                    seen.add(node.id)
                    undefined.append(node.id)
        targets = stmt.targets if isinstance(stmt, ast.Assign) else []
        if isinstance(stmt, ast.AnnAssign):
            targets = [stmt.target]
        for target in targets:
            if isinstance(target, ast.Name) and not clears:
                defined.add(target.id)
    first, last = statements[0], statements[-1]
    notes = []
    if undefined:
        notes.append(
            f"the code at line {first.lineno} is a fragment (no graph class or forward): it uses "
            f"{len(undefined)} {'value' if len(undefined) == 1 else 'values'} it does not define "
            f"({_examples(undefined, 8).removeprefix('e.g. ')}): read as graph inputs, each "
            "of the layout its readers show"
        )
    body: list[ast.stmt] = [*statements]
    if not isinstance(last, ast.Return):
        unread = [name for name in _defined_in_order(statements) if name not in read]
        returned = ast.Return(ast.Tuple([ast.Name(n, ast.Load()) for n in unread], ast.Load()))
        returned.lineno = returned.end_lineno = last.end_lineno or last.lineno
        returned.col_offset = returned.end_col_offset = 0
        ast.fix_missing_locations(returned)
        body.append(returned)
        notes.append(
            f"the code at line {first.lineno} has no return: its outputs are the values no "
            f"statement reads ({_examples(unread, 8).removeprefix('e.g. ') or 'none'})"
        )
    args = [ast.arg("self"), *(ast.arg(name) for name in undefined)]
    for arg in args:
        arg.lineno, arg.col_offset = first.lineno, 0
    forward = ast.FunctionDef(
        name="forward",
        args=ast.arguments(
            posonlyargs=[], args=args, vararg=None, kwonlyargs=[], kw_defaults=[], defaults=[]
        ),
        body=body,
        decorator_list=[],
        returns=None,
    )
    forward.lineno, forward.col_offset = first.lineno, 0
    return _Module(forward, {}, tuple(notes))


def _defined_in_order(statements: list[_NodeStatement]) -> list[str]:
    names: list[str] = []
    for stmt in statements:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            names.append(stmt.target.id)
        elif isinstance(stmt, ast.Assign) and stmt.value is not None and not _is_none(stmt.value):
            names.extend(t.id for t in stmt.targets if isinstance(t, ast.Name))
    return names


def _inductor_import(tree: ast.Module) -> str | None:
    """The Inductor module a file imports at its top, else None: Inductor's output code
    imports its runtime, vLLM's pattern dumps the pattern matcher."""
    for stmt in tree.body:
        if isinstance(stmt, ast.ImportFrom):
            modules = [stmt.module or ""]
        elif isinstance(stmt, ast.Import):
            modules = [alias.name for alias in stmt.names]
        else:
            continue
        for module in modules:
            if module.startswith(_INDUCTOR_MODULE):
                return module
    return None


_INDUCTOR_MODULE = "torch._inductor"
_PATTERN_MODULE = "torch._inductor.pattern_matcher"


def _is_transformed_code(function: ast.FunctionDef) -> bool:
    """depyf names the bytecode Dynamo rewrote ``__transformed_code_<n>_for_<fn>`` and the
    graph it calls ``__compiled_fn_<n>``."""
    return function.name.startswith("__transformed_code") or any(
        isinstance(node, ast.Name) and node.id.startswith("__compiled_fn")
        for node in itertools.islice(ast.walk(function), _TRANSFORMED_CODE_SCAN)
    )


def _is_type_stub(stmt: ast.stmt) -> bool:
    """``name: type`` with no value, as dump writers (Entangle) declare dtype abbreviations."""
    return (
        isinstance(stmt, ast.AnnAssign)
        and stmt.value is None
        and isinstance(stmt.target, ast.Name)
        and isinstance(stmt.annotation, ast.Name)
    )


def _called_submodule(stmt: ast.stmt, classes: Mapping[str, ast.ClassDef]) -> ast.ClassDef | None:
    """The submodule class a ``x = self.submod_0(...)`` statement calls, else None."""
    value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
    if not isinstance(value, ast.Call):
        return None
    dotted = dotted_name(value.func)
    if dotted is None or not dotted.startswith("self."):
        return None
    return classes.get(dotted[5:])


def _nested_classes(classes: Iterable[ast.ClassDef]) -> list[ast.ClassDef]:
    found: list[ast.ClassDef] = []
    pending = list(classes)
    while pending:
        cls = pending.pop()
        found.append(cls)
        pending.extend(stmt for stmt in cls.body if isinstance(stmt, ast.ClassDef))
    return found


def _refused(stmt: ast.stmt) -> ReadError:
    return ReadError(
        f"not an fx graph dump: {_describe_statement(stmt)} is not allowed", line=stmt.lineno
    )


def _submodule(cls: ast.ClassDef) -> _Module:
    """A graph module class: one ``forward``, nested classes for submodules, nothing else."""
    bases = [dotted_name(base) for base in cls.bases]
    if cls.decorator_list or cls.keywords or not all(b in GRAPH_BASES for b in bases):
        raise ReadError(
            "not an fx graph dump: a class that is not a plain torch.nn.Module", line=cls.lineno
        )
    forward: ast.FunctionDef | None = None
    classes: dict[str, ast.ClassDef] = {}
    for stmt in cls.body:
        if isinstance(stmt, ast.FunctionDef) and stmt.name == "forward" and forward is None:
            _check_forward(stmt)
            forward = stmt
        elif isinstance(stmt, ast.ClassDef) and stmt.name not in classes:
            classes[stmt.name] = stmt
        else:
            raise _refused(stmt)
    if forward is None:
        raise ReadError(f"not an fx graph dump: class {cls.name} has no forward", line=cls.lineno)
    return _Module(forward, classes)


def _check_forward(forward: ast.FunctionDef) -> None:
    args = forward.args
    plain = not (
        args.posonlyargs
        or args.vararg
        or args.kwonlyargs
        or args.kwarg
        or args.defaults
        or forward.decorator_list
        or forward.returns
    )
    if not plain or not args.args or args.args[0].arg != "self":
        raise ReadError(
            "not an fx graph dump: forward must be `def forward(self, a, b, ...)`",
            line=forward.lineno,
        )


def _parameters(
    forward: ast.FunctionDef, limits: TextLimits
) -> list[tuple[str, TensorMeta | None]]:
    params: list[tuple[str, TensorMeta | None]] = []
    for arg in forward.args.args[1:]:
        annotation = arg.annotation
        if annotation is None:
            params.append((arg.arg, None))
        elif isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
            try:
                meta = parse_annotation(annotation.value, max_chars=limits.annotation_chars)
            except ReadError as error:
                raise ReadError(error.message, line=arg.lineno) from None
            params.append((arg.arg, meta))
        else:
            raise ReadError(
                "not an fx graph dump: a parameter annotation that is not a string",
                line=arg.lineno,
            )
    return params


# -- literal arguments ---------------------------------------------------------------------------


def _is_none(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Constant) and expr.value is None


def _constant(value: object, name: str | None) -> Arg:
    if isinstance(value, bool):
        return Arg(name, ArgKind.BOOL, value)
    if isinstance(value, int):
        return Arg(name, ArgKind.INT, value)
    if isinstance(value, float):
        return Arg(name, ArgKind.FLOAT, value)
    if isinstance(value, str):
        return Arg(name, ArgKind.STR, value)
    if value is None:
        return Arg(name, ArgKind.NONE, None)
    if isinstance(value, complex):
        return Arg(name, ArgKind.OTHER, f"complex({value.real}, {value.imag})")
    raise ReadError(f"not an fx graph dump: the literal {type(value).__name__} is not allowed")


# A list's kind from the kinds of its items (checked in order; an empty list reads as INTS).
_LIST_KINDS: tuple[tuple[frozenset[ArgKind], ArgKind | None, ArgKind], ...] = (
    (frozenset({ArgKind.INT}), None, ArgKind.INTS),
    (frozenset({ArgKind.BOOL}), None, ArgKind.BOOLS),
    (frozenset({ArgKind.INT, ArgKind.FLOAT}), ArgKind.FLOAT, ArgKind.FLOATS),
    (frozenset({ArgKind.INT, ArgKind.SYM}), ArgKind.SYM, ArgKind.SYMS),
    (frozenset({ArgKind.STR}), None, ArgKind.STRS),
    # tensors with None for a missing optional entry; a list of only None is one too
    (frozenset({ArgKind.TENSOR, ArgKind.NONE}), None, ArgKind.TENSORS),
)


def _list_arg(items: list[Arg], name: str | None, expr: ast.expr) -> Arg:
    if not items:
        return Arg(name, ArgKind.INTS, ())
    kinds = {item.kind for item in items}
    for allowed, required, kind in _LIST_KINDS:
        if kinds <= allowed and (required is None or required in kinds):
            values = tuple(item.value for item in items)
            if kind is ArgKind.FLOATS:  # 1 and 1.5 in one list: fx printed floats
                values = tuple(float(v) if isinstance(v, int | float) else v for v in values)
            return Arg(name, kind, values)
    return Arg(name, ArgKind.OTHER, shown(_unparse(expr), 200).strip("'\""))


def _attribute_arg(expr: ast.Attribute, name: str | None) -> Arg:
    dotted = dotted_name(expr) or ""
    if _OP_PATH.fullmatch(dotted):
        return Arg(name, ArgKind.OPERATOR, op_target(dotted))
    head, _, attribute = dotted.partition(".")
    if head == "torch" and attribute in TORCH_DTYPE_NAMES:
        return Arg(name, ArgKind.DTYPE, TORCH_DTYPE_NAMES[attribute])
    if head == "torch" and attribute in TORCH_LAYOUTS | TORCH_MEMORY_FORMATS:
        return Arg(name, ArgKind.OTHER, attribute)
    raise ReadError(
        f"not an fx graph dump: the attribute {shown(dotted, 80)} in an argument is not allowed"
    )


def op_target(dotted: str) -> str:
    """``torch.ops.vllm.all_reduce.default`` → ``vllm.all_reduce.default``. A Dynamo graph calls
    the op packet (``torch.ops.vllm.all_reduce``), which resolves to its default overload, the
    only one vLLM's custom ops register. Higher-order ops have no overloads."""
    target = normalise_target(dotted)
    packet = target.count(".") == 1 and not target.startswith(HIGHER_ORDER_PREFIX)
    return target + ".default" if packet else target


def _device_text(call: ast.Call) -> str:
    """``device(type='cuda', index=0)`` → ``cuda:0``; ``torch.device('meta')`` → ``meta``."""
    values: dict[str, object] = {}
    for position, arg in enumerate(call.args):
        values[("type", "index")[min(position, 1)]] = _literal(arg)
    for keyword in call.keywords:
        if keyword.arg not in ("type", "index"):
            raise ReadError("not an fx graph dump: a device(...) with unknown arguments")
        values[keyword.arg] = _literal(keyword.value)
    kind, index = values.get("type"), values.get("index")
    if not isinstance(kind, str) or not (index is None or isinstance(index, int)):
        raise ReadError("not an fx graph dump: a device(...) that is not type and index")
    return kind if index is None else f"{kind}:{index}"


def _literal(expr: ast.expr) -> object:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str | int | type(None)):
        return expr.value
    raise ReadError("not an fx graph dump: a device(...) argument that is not a literal")
