"""Reading a graph Dynamo traced (vLLM's ``computation_graph.py``, depyf's captured graphs) as the
ATen-level graph the fx text reader reads: each torch callable, tensor method and Python operator
is rewritten into the ATen op the table ``opmaps/dynamo/calls.yaml`` names, in-place calls into
their functional form with later reads of what they wrote redirected. Works on the ``ast``;
nothing is run.

::

    embedding: "bf16[s0, 8]" = torch.nn.functional.embedding(ids, L_self_..._weight_)
    masked_fill_ = embedding.masked_fill_(mask, 0)          # writes embedding
    out = torch.ops.vllm.all_reduce(embedding, group_name = 'tp:0')
        →
    embedding: "bf16[s0, 8]" = torch.ops.aten.embedding.default(L_self_..._weight_, ids)
    masked_fill_ = torch.ops.aten.masked_fill.Scalar(embedding, mask, 0)
    out = torch.ops.vllm.all_reduce(masked_fill_, group_name = 'tp:0')
"""

from __future__ import annotations

import ast
import copy
import functools
import itertools
import os
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from layoutcheck.engines.fxtext import dotted_name
from layoutcheck.engines.opmap import OPMAPS, OpMapEntry, shipped_opmaps
from layoutcheck.engines.program import TORCH_DTYPE_NAMES, EngineProgram, TensorMeta
from layoutcheck.engines.read import ReadError, shown
from layoutcheck.errors import InputError
from layoutcheck.files import read_text
from layoutcheck.graph_io import read_yaml_with_lines

TABLE = OPMAPS / "dynamo" / "calls.yaml"
FORMAT = "layoutcheck-dynamo-calls/1"
MAX_TABLE_BYTES = 1 << 20
# a Dynamo call no table entry knows becomes a node of this placeholder target, renamed to the
# call's own name once the program is built, so the unknown-op warning lists what was called
UNKNOWN_NAMESPACE = "dynamo_call"
INT64_MAX = 2**63 - 1  # the end AOTAutograd gives an open slice (`x[..., 64:]`)
_ALIAS_CHASE = 10_000  # names an alias chain may pass through (each rewrite adds at most one)
_AUTO_FUNCTIONALIZED = "torch.ops.higher_order.auto_functionalized"
_MAYBE_INPLACE = ".maybe_inplace"
_NOT_VALUES = frozenset({"self", "torch", "operator", "_operator", "device", "inf", "nan"})

# Dynamo names an input after where it came from: L['self']._modules['layers']._modules['0']
# ._parameters['weight'] is L_self_modules_layers_modules_0_parameters_weight_ (l_… once bound)
_INPUT_SOURCE = re.compile(r"[Ll]_self_(?P<path>\w+?)_(?P<kind>parameters|buffers)_(?P<leaf>\w+?)_")
_MODULE_STEP = "_modules_"
ROOT_MODULE = "model"  # vLLM compiles the decoder stack, which HF names `model`


class DynamoTableError(InputError):
    """The Dynamo call table cannot be used."""


# -- the table -----------------------------------------------------------------------------------


@attrs.frozen
class CallEntry:
    """How one torch function or tensor method becomes an ATen op (see calls.yaml)."""

    name: str
    args: tuple[str, ...]
    aten: str | None = None
    rename: Mapping[str, str] = attrs.field(factory=dict)
    defaults: Mapping[str, object] = attrs.field(factory=dict)
    varargs: str | None = None
    mutates: tuple[str, ...] = ()
    dtype: str | None = None
    rewrite: str | None = None
    value: str | None = None


@attrs.frozen
class OperatorEntry:
    tensor: str | None = None
    scalar: str | None = None
    reflected: str | None = None
    unary: str | None = None


@attrs.frozen
class CallTable:
    functions: Mapping[str, CallEntry]
    methods: Mapping[str, CallEntry]
    operators: Mapping[str, OperatorEntry]


_OPERATOR_KEYS = frozenset({"tensor", "scalar", "reflected", "unary"})
_CALL_KEYS = frozenset(
    {"aten", "args", "rename", "defaults", "varargs", "mutates", "dtype", "rewrite", "value"}
)


def _entry(name: str, body: Any, source: str) -> CallEntry:
    if not isinstance(body, dict) or not set(body) <= _CALL_KEYS:
        raise DynamoTableError(f"{name}: an entry maps keys of {sorted(_CALL_KEYS)}", source=source)
    args = body.get("args", [])
    if not isinstance(args, list) or not all(isinstance(a, str) for a in args):
        raise DynamoTableError(f"{name}: args must list parameter names", source=source)
    if (body.get("aten") is None) == (body.get("rewrite") is None):
        raise DynamoTableError(f"{name}: give aten or rewrite, not both", source=source)
    rewrite = body.get("rewrite")
    if rewrite is not None and rewrite not in REWRITES:
        raise DynamoTableError(f"{name}: no rewrite handler {rewrite!r}", source=source)
    return CallEntry(
        name,
        tuple(args),
        aten=body.get("aten"),
        rename=dict(body.get("rename") or {}),
        defaults=dict(body.get("defaults") or {}),
        varargs=body.get("varargs"),
        mutates=tuple(body.get("mutates") or ()),
        dtype=body.get("dtype"),
        rewrite=rewrite,
        value=body.get("value"),
    )


def load_call_table(path: str | Path = TABLE) -> CallTable:
    source = os.fspath(path)
    data, _ = read_yaml_with_lines(read_text(path, MAX_TABLE_BYTES, DynamoTableError))
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DynamoTableError(f"a Dynamo call table starts with 'format: {FORMAT}'", source=source)
    sections = {key: data.get(key) or {} for key in ("functions", "methods", "operators")}
    if not all(isinstance(section, dict) for section in sections.values()):
        raise DynamoTableError("functions, methods and operators are mappings", source=source)
    operators = {}
    for name, body in sections["operators"].items():
        if not isinstance(body, dict) or not set(body) <= _OPERATOR_KEYS:
            raise DynamoTableError(f"{name}: an operator maps tensor/scalar/reflected/unary")
        operators[str(name)] = OperatorEntry(**body)
    return CallTable(
        {str(k): _entry(str(k), v, source) for k, v in sections["functions"].items()},
        {str(k): _entry(str(k), v, source) for k, v in sections["methods"].items()},
        operators,
    )


@functools.cache
def shipped_call_table() -> CallTable:
    return load_call_table()


# -- recognising a Dynamo graph ------------------------------------------------------------------


def _forwards(tree: ast.Module) -> Iterator[ast.FunctionDef]:
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        stmt = pending.pop()
        if isinstance(stmt, ast.ClassDef):
            pending.extend(stmt.body)
        elif isinstance(stmt, ast.FunctionDef) and stmt.name == "forward":
            yield stmt


_ATEN_CALLEES = ("torch.ops.", "self.")
_PLAIN_CALLS = frozenset({"operator.getitem", "_operator.getitem", "device", "torch.device"})


def _is_python_level(stmt: ast.stmt) -> bool:
    """Whether a forward's statement is what only a Dynamo graph holds: a call of a torch
    function or a method, an operator on a value, an alias, a slice, a bare in-place call."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        return True
    value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
    if value is None:
        return False
    if isinstance(stmt, ast.Assign) and isinstance(value, ast.Name):
        return True
    if isinstance(value, ast.Compare):
        return True
    if isinstance(value, ast.Subscript):
        return not (isinstance(value.slice, ast.Constant) and isinstance(value.slice.value, int))
    if isinstance(value, ast.Call):
        dotted = dotted_name(value.func)
        return dotted is None or not (dotted.startswith(_ATEN_CALLEES) or dotted in _PLAIN_CALLS)
    return False


def _is_fragment(tree: ast.Module) -> bool:
    """Node statements pasted without their graph (no class, no def), as the fx reader reads
    an excerpt."""
    return not any(isinstance(stmt, ast.ClassDef | ast.FunctionDef) for stmt in tree.body)


def is_dynamo_graph(tree: ast.Module) -> bool:
    """A graph (or an excerpt of one) whose forward calls Python-level callables (Dynamo's,
    before AOT lowering), or calls an op in place; an ATen graph calls only ``torch.ops``."""
    if _is_fragment(tree):
        return any(_is_python_level(stmt) for stmt in tree.body)
    return any(_is_python_level(stmt) for forward in _forwards(tree) for stmt in forward.body)


# -- transformed code ----------------------------------------------------------------------------

_COMPILED_FN = "__compiled_fn"
_CAPTURED_GRAPH_NAMES = ("Captured_Graph", "Captured Graph")
_SCAN = 10_000  # ast nodes looked at for the compiled function a transformed code calls


def compiled_fn_called(tree: ast.Module) -> str | None:
    """The ``__compiled_fn_…`` that Dynamo's transformed code calls, when ``tree`` is such code
    (vLLM's ``transformed_code.py``, depyf's ``__transformed_code_*`` and ``full_code_for_*``);
    else None. A graph is never that: it calls ops."""
    for stmt in tree.body:
        if not isinstance(stmt, ast.FunctionDef):
            continue
        for node in itertools.islice(ast.walk(stmt), _SCAN):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id.startswith(_COMPILED_FN)
            ):
                return node.func.id
        if stmt.name.startswith("__transformed_code"):
            return _COMPILED_FN
    return None


def graph_beside(source: str, called: str) -> str:
    """The graph file a transformed code's call names, in its folder: depyf's captured graph of
    that function (``__compiled_fn_1.__compiled_fn_1_<id>.0.py``, older depyf
    ``__compiled_fn_1.Captured_Graph.0.py``), else vLLM's ``computation_graph.py``. Raises one
    line naming what to read when there is none."""
    folder = Path(source).parent
    base = re.sub(r"_[0-9a-f]{8}(_[0-9a-f]{4}){3}_[0-9a-f]{12}$", "", called)
    try:
        names = sorted(path.name for path in folder.iterdir() if path.suffix == ".py")
    except OSError:
        names = []
    prefix = f"{base}."
    for wanted in (f".{called}.", *(f".{n}." for n in _CAPTURED_GRAPH_NAMES)):
        found = [n for n in names if n.startswith(prefix) and wanted in n[len(base) :]]
        if called != _COMPILED_FN and found:
            return os.fspath(folder / found[0])
    if "computation_graph.py" in names:
        return os.fspath(folder / "computation_graph.py")
    shown_called = called if called != _COMPILED_FN else "__compiled_fn_N"
    raise ReadError(
        f"is Dynamo's transformed bytecode, which calls the compiled graph {shown_called} and "
        f"holds none, and no graph of it is beside it: read depyf's "
        f"{base if called != _COMPILED_FN else '__compiled_fn_N'}.{shown_called}.0.py (or "
        "…Captured_Graph…py) from the same dump, or vLLM's computation_graph.py from its "
        "compile cache (torch_compile_cache/<hash>/rank_R_0/backbone/)",
        line=1,
    )


# -- module paths from input names -----------------------------------------------------------------


def module_of_input(name: str) -> str | None:
    """The module path a Dynamo input name says a parameter belongs to, HF-style:
    ``L_self_modules_layers_modules_0_modules_self_attn_modules_qkv_proj_parameters_weight_`` →
    ``model.layers.0.self_attn.qkv_proj``; None for a name that says none."""
    match = _INPUT_SOURCE.fullmatch(name)
    if match is None or match["kind"] != "parameters":
        return None
    path = match["path"]
    if not path.startswith("modules_"):
        return ROOT_MODULE if not path else None
    steps = path.removeprefix("modules_").split(_MODULE_STEP)
    if not all(steps):
        return None
    return ".".join((ROOT_MODULE, *steps))


def placed(program: EngineProgram, unknown: Mapping[str, str]) -> EngineProgram:
    """The program with each node that reads a parameter no other node reads placed in that
    parameter's module (a shared parameter says nothing of where each reader sits), and each
    placeholder target renamed to the call it stands for."""
    modules = {
        graph_input.name: module
        for graph_input in program.inputs
        if (module := module_of_input(graph_input.name)) is not None
    }
    readers: dict[str, int] = {}
    for node in program.nodes:
        for name in set(node.tensor_inputs()):
            if name in modules:
                readers[name] = readers.get(name, 0) + 1
    nodes = []
    for node in program.nodes:
        owners = [modules[n] for n in node.tensor_inputs() if readers.get(n) == 1]
        if owners and node.module is None:
            node = attrs.evolve(node, module=owners[0])
        if node.target in unknown:
            node = attrs.evolve(node, target=unknown[node.target])
        nodes.append(node)
    return attrs.evolve(program, nodes=tuple(nodes))


# -- the rewrite -----------------------------------------------------------------------------------


@attrs.frozen
class DynamoGraph:
    """A Dynamo graph rewritten as an ATen one, and the placeholder targets of calls no entry
    knows (placeholder → the call, ``torch.foo`` or ``Tensor.bar``)."""

    tree: ast.Module
    unknown: Mapping[str, str]


def to_aten(tree: ast.Module) -> DynamoGraph:
    """``tree`` with every forward's Python-level statements rewritten as ATen op calls."""
    tree = copy.deepcopy(tree)
    taken = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    taken |= {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)}
    unknown: dict[str, str] = {}
    table = shipped_call_table()
    opmaps = shipped_opmaps()
    suffixes: dict[str, int] = {}
    try:
        if _is_fragment(tree):  # an excerpt: its statements as one forward's body
            excerpt = ast.FunctionDef(
                name="forward",
                args=ast.arguments(
                    posonlyargs=[], args=[], vararg=None, kwonlyargs=[], kw_defaults=[], defaults=[]
                ),
                body=tree.body,
                decorator_list=[],
                returns=None,
            )
            rewrite = _Forward(excerpt, table, opmaps, taken, suffixes, unknown, fragment=True)
            tree.body = rewrite.run()
        for forward in _forwards(tree):
            forward.body = _Forward(forward, table, opmaps, taken, suffixes, unknown).run()
    except RecursionError:
        raise ReadError("not an fx graph dump: an expression nests too deeply to read") from None
    return DynamoGraph(tree, unknown)


@attrs.frozen
class _Bound:
    """A call's arguments by parameter name (ast expressions, names already redirected)."""

    values: Mapping[str, ast.expr]
    order: tuple[str, ...]  # the parameters given, in the callable's order


def _meta_of(annotation: ast.expr | None) -> TensorMeta | None:
    from layoutcheck.engines.fxtext import parse_annotation

    if not (isinstance(annotation, ast.Constant) and isinstance(annotation.value, str)):
        return None
    try:
        return parse_annotation(annotation.value)
    except ReadError:
        return None  # the fx reader refuses it, with its line, when it reads the statement


def _name(identifier: str) -> ast.Name:
    return ast.Name(identifier, ast.Load())


def _attribute_chain(dotted: str) -> ast.expr:
    head, *rest = dotted.split(".")
    expr: ast.expr = _name(head)
    for part in rest:
        expr = ast.Attribute(expr, part, ast.Load())
    return expr


def _number(expr: ast.expr) -> int | float | None:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, int | float):
        return None if isinstance(expr.value, bool) else expr.value
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        inner = _number(expr.operand)
        return None if inner is None else -inner
    return None


def _int(expr: ast.expr | None) -> int | None:
    value = _number(expr) if expr is not None else None
    return value if isinstance(value, int) else None


def _dtype_attribute(expr: ast.expr) -> str | None:
    dotted = dotted_name(expr)
    if dotted is not None and dotted.startswith("torch.") and dotted[6:] in TORCH_DTYPE_NAMES:
        return dotted
    return None


class _Forward:
    """The rewrite of one forward, statement by statement."""

    def __init__(
        self,
        forward: ast.FunctionDef,
        table: CallTable,
        opmaps: Mapping[str, OpMapEntry],
        taken: set[str],
        suffixes: dict[str, int],
        unknown: dict[str, str],
        fragment: bool = False,
    ) -> None:
        self.forward = forward
        self.fragment = fragment  # an excerpt: the names it reads undefined are its inputs
        self.suffixes = suffixes  # the next _n to try per wanted name (no quadratic search)
        self.table = table
        self.opmaps = opmaps
        self.taken = taken
        self.unknown = unknown
        self.redirect: dict[str, ast.expr] = {}  # a name's reads → what holds its value now
        self.metas: dict[str, TensorMeta | None] = {}
        self.annotations: dict[str, ast.expr] = {}
        self.view_base: dict[str, str] = {}  # a view's name → the name it views
        self.written_view: dict[str, str] = {}  # a base → the view of it an op wrote into
        self.out: list[ast.stmt] = []
        self.stmt: ast.stmt = forward
        for arg in forward.args.args:
            if isinstance(arg.annotation, ast.Name | ast.Attribute):
                # an opaque input's class (vLLM's LayerName): no shape to state
                arg.annotation = None
            self.metas[arg.arg] = _meta_of(arg.annotation)
            if arg.annotation is not None:
                self.annotations[arg.arg] = arg.annotation
        self.sym_names = {
            meta.symbol: name
            for name, meta in self.metas.items()
            if meta is not None and meta.is_symbolic_scalar and meta.symbol
        }
        self.read_later = self._reads(forward.body)
        self.defined = {arg.arg for arg in forward.args.args}  # the names assigned so far

    @staticmethod
    def _reads(body: Sequence[ast.stmt]) -> set[str]:
        found: set[str] = set()
        for stmt in body:
            if isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Constant):
                continue  # `x = None`: fx's cleanup reads nothing
            for node in ast.walk(stmt):
                if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                    found.add(node.id)
        return found

    def run(self) -> list[ast.stmt]:
        for stmt in self.forward.body:
            self.stmt = stmt
            try:
                self._statement(stmt)
            except ReadError as error:
                if error.line is not None:
                    raise
                raise ReadError(error.message, line=stmt.lineno) from None
        return self.out

    # -- names -------------------------------------------------------------------------------

    def fresh(self, wanted: str) -> str:
        n = self.suffixes.get(wanted, 1)
        name = wanted if n == 1 else f"{wanted}_{n}"
        while name in self.taken:
            n += 1
            name = f"{wanted}_{n}"
        self.suffixes[wanted] = n
        self.taken.add(name)
        return name

    def root(self, name: str) -> str:
        """The name an alias chain ends at (the one a later write redirects). Each link walked
        is pointed at the end (path compression): a value written in place 10,000 times is a
        chain of 10,000 names, and walking it at every read was quadratic."""
        walked: list[str] = []
        for _ in range(_ALIAS_CHASE):
            target = self.redirect.get(name)
            if not isinstance(target, ast.Name) or target.id == name:
                for link in walked[:-1]:  # the last one points at the end already
                    self.redirect[link] = _name(name)
                return name
            walked.append(name)
            name = target.id
        raise ReadError(f"aliases of {shown(name, 60)} chain over {_ALIAS_CHASE} deep")

    def read(self, expr: ast.expr) -> ast.expr:
        """``expr`` with every name read redirected to what holds its value now."""
        forward = self

        class Redirect(ast.NodeTransformer):
            def visit_Name(self, node: ast.Name) -> ast.expr:
                if not isinstance(node.ctx, ast.Load):
                    return node
                root = forward.root(node.id)
                if root in forward.written_view:
                    raise ReadError(
                        f"reads {shown(node.id, 60)} after an in-place op wrote into its view "
                        f"{shown(forward.written_view[root], 60)}: a write through a view of a "
                        "value read again is not followed"
                    )
                target = forward.redirect.get(root)
                return copy.deepcopy(target) if target is not None else _name(root)

        return Redirect().visit(copy.deepcopy(expr))  # type: ignore[no-any-return]

    def meta(self, expr: ast.expr) -> TensorMeta | None:
        return self.metas.get(expr.id) if isinstance(expr, ast.Name) else None

    def is_tensor(self, expr: ast.expr) -> bool:
        meta = self.meta(expr)
        return isinstance(expr, ast.Name) and not (meta is not None and meta.is_symbolic_scalar)

    # -- statements --------------------------------------------------------------------------

    def _statement(self, stmt: ast.stmt) -> None:
        self.defined.update(
            target.id
            for target in (stmt.targets if isinstance(stmt, ast.Assign) else [])
            if isinstance(target, ast.Name)
        )
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            self.defined.add(stmt.target.id)
        if isinstance(stmt, ast.Assign):
            names = [t.id for t in stmt.targets if isinstance(t, ast.Name)]
            if isinstance(stmt.value, ast.Constant) and stmt.value.value is None:
                return  # fx's cleanup of dead names; the reader keeps no liveness
            if len(names) == 1 == len(stmt.targets) and isinstance(stmt.value, ast.Name):
                self.redirect[names[0]] = self.read(stmt.value)  # `l_x_ = L_x_`
                self.metas[names[0]] = self.meta(self.redirect[names[0]])
                return
            if len(names) == 1 == len(stmt.targets):
                self._assign(names[0], stmt.value, None)
                return
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            if stmt.value is not None:
                self._assign(stmt.target.id, stmt.value, stmt.annotation)
                return
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            callee = stmt.value.func
            dotted = dotted_name(callee) or ""
            if dotted.startswith("torch.") or (
                isinstance(callee, ast.Attribute) and self._is_value(callee.value)
            ):
                self._assign(None, stmt.value, None)  # an op called for what it writes
                return
        elif isinstance(stmt, ast.Return) and stmt.value is not None:
            self._keep(ast.Return(self.read(stmt.value)))
            return
        self._keep(stmt)  # left for the fx reader to read or refuse

    def _keep(self, stmt: ast.stmt) -> None:
        self.out.append(ast.fix_missing_locations(ast.copy_location(stmt, self.stmt)))

    def emit(
        self,
        name: str,
        value: ast.expr,
        annotation: ast.expr | None = None,
        meta: TensorMeta | None = None,
    ) -> ast.Name:
        """Append ``name = value`` (annotated when the shape is known) and return its name."""
        target = ast.Name(name, ast.Store())
        stmt: ast.stmt
        if annotation is not None:
            stmt = ast.AnnAssign(target, copy.deepcopy(annotation), value, simple=1)
        else:
            stmt = ast.Assign([target], value)
        self._keep(stmt)
        self.metas[name] = meta if meta is not None or annotation is None else _meta_of(annotation)
        if annotation is not None:
            self.annotations[name] = annotation
        self.redirect.pop(name, None)
        return _name(name)

    def op(
        self, target: str, args: Sequence[ast.expr], keywords: Sequence[ast.keyword]
    ) -> ast.Call:
        return ast.Call(_attribute_chain(f"torch.ops.{target}"), list(args), list(keywords))

    def _assign(self, name: str | None, value: ast.expr, annotation: ast.expr | None) -> None:
        result = name or self.fresh("inplace")
        meta = _meta_of(annotation)
        if meta is not None and meta.is_symbolic_scalar and meta.symbol in self.sym_names:
            # a size read off a tensor (`sym_size(q, 0)`) is a size the graph takes as an
            # input: its reads read that input, as in the ATen graph
            self.redirect[result] = _name(self.sym_names[meta.symbol])
            self.metas[result] = meta
            return
        if isinstance(value, ast.Call):
            self._call(result, value, annotation)
        elif isinstance(value, ast.Subscript):
            self._subscript(result, value.value, value.slice, annotation)
        elif isinstance(value, ast.BinOp | ast.Compare | ast.UnaryOp):
            self._operator(result, value, annotation)
        else:
            self.emit(result, self.read(value), annotation)

    # -- calls -------------------------------------------------------------------------------

    def _call(self, name: str, call: ast.Call, annotation: ast.expr | None) -> None:
        dotted = dotted_name(call.func)
        if dotted is not None and dotted.startswith("torch.ops."):
            self._op_call(name, dotted, call, annotation)
        elif dotted is not None and (dotted.startswith("self.") or dotted in _PLAIN_CALLS):
            if dotted in ("operator.getitem", "_operator.getitem") and len(call.args) == 2:
                self._subscript(name, call.args[0], call.args[1], annotation)
            else:
                self.emit(name, self.read(call), annotation)
        elif dotted is not None and dotted in self.table.functions:
            entry = self.table.functions[dotted]
            bound = self.bind(entry, list(call.args), call.keywords, dotted)
            self._lower(name, entry, bound, annotation)
        elif isinstance(call.func, ast.Attribute) and self._is_value(call.func.value):
            method = call.func.attr
            method_entry = self.table.methods.get(method)
            if method_entry is None:
                self._unknown(name, f"Tensor.{method}", call, annotation, call.func.value)
                return
            receiver = call.func.value
            what = f"Tensor.{method}"
            bound = self.bind(method_entry, [receiver, *call.args], call.keywords, what)
            self._lower(name, method_entry, bound, annotation, receiver)
        elif dotted is not None and dotted.startswith("torch."):
            self._unknown(name, dotted, call, annotation)
        elif dotted is not None and _is_size(annotation):
            # a size Dynamo computed with a Python function (vLLM's math_prod of a shape): a
            # node of its own, whose value the graph's later sizes name
            self._unknown(name, dotted, call, annotation)
        else:
            self.emit(name, self.read(call), annotation)  # the fx reader says what it is

    def _is_value(self, expr: ast.expr) -> bool:
        """Whether ``expr`` names a value of the graph defined before (a method's receiver):
        ``os.system(…)`` is no method call, and is left for the fx reader to refuse."""
        if not isinstance(expr, ast.Name) or expr.id in _NOT_VALUES:
            return False
        if expr.id in self.defined:
            return True
        # an excerpt's inputs are the names it reads without defining; a module's name is none
        return self.fragment and expr.id not in sys.stdlib_module_names

    def bind(
        self,
        entry: CallEntry,
        positional: list[ast.expr],
        keywords: Sequence[ast.keyword],
        what: str,
    ) -> _Bound:
        """The call's arguments by parameter name, as Python binds them (varargs collected
        into one size list), names redirected."""
        values: dict[str, ast.expr] = {}
        params = list(entry.args)
        if entry.varargs is not None and entry.varargs in params:
            at = params.index(entry.varargs)
            rest = positional[at:]
            if len(rest) == 1 and self._is_sequence(rest[0]):
                positional = positional[: at + 1]
            elif rest:
                positional = [*positional[:at], ast.List(rest, ast.Load())]
        if len(positional) > len(params):
            raise ReadError(
                f"{what}(...) is given {len(positional)} positional arguments; the table "
                f"names {len(params)} ({', '.join(params)})"
            )
        for param, expr in zip(params, positional, strict=False):
            values[param] = self.read(expr)
        for keyword in keywords:
            if keyword.arg is None or keyword.arg not in params:
                raise ReadError(
                    f"{what}(...) has no argument {shown(str(keyword.arg), 40)} in the Dynamo "
                    "call table"
                )
            values[keyword.arg] = self.read(keyword.value)
        given = [p for p in params if p in values]
        kept = [
            p for p in given if not _same_literal(values[p], entry.defaults.get(p, _NO_DEFAULT))
        ]
        # by the ATen names from here on: the handlers and the op map speak ATen
        return _Bound(
            {entry.rename.get(p, p): values[p] for p in kept},
            tuple(entry.rename.get(p, p) for p in kept),
        )

    def _is_sequence(self, expr: ast.expr) -> bool:
        """A single argument that is the whole size list: a literal list, or a name bound to
        one (``torch.Size``) or to no tensor."""
        if isinstance(expr, ast.List | ast.Tuple):
            return True
        if isinstance(expr, ast.Name):
            held = self.redirect.get(self.root(expr.id))
            return isinstance(held, ast.List | ast.Tuple) or (
                self.meta(expr) is None and not self.is_tensor(held or expr)
            )
        return False

    def _lower(
        self,
        name: str,
        entry: CallEntry,
        bound: _Bound,
        annotation: ast.expr | None,
        receiver: ast.expr | None = None,
    ) -> None:
        if entry.rewrite is not None:
            REWRITES[entry.rewrite](self, name, entry, bound, annotation)
        else:
            self.emit(name, self.aten_call(str(entry.aten), entry, bound), annotation)
        self._after_write(name, entry, receiver)
        if entry.aten in _VIEW_TARGETS and bound.order:
            first = bound.values[bound.order[0]]
            if isinstance(first, ast.Name):
                self.view_base[name] = first.id

    def aten_call(self, target: str, entry: CallEntry, bound: _Bound) -> ast.Call:
        """The ATen call of the bound arguments: renamed, defaults dropped, in the op map's
        argument order (positional while nothing is missing, keywords after)."""
        named = {param: bound.values[param] for param in bound.order}
        schema = self.opmaps[target].args if target in self.opmaps else ()
        args: list[ast.expr] = []
        for param in schema:
            if param not in named:
                break
            args.append(named.pop(param))
        keywords = [ast.keyword(key, value) for key, value in named.items()]
        return self.op(target, args, keywords)

    def _after_write(self, name: str, entry: CallEntry, receiver: ast.expr | None) -> None:
        """An in-place method wrote its receiver: reads of it from now on read the result."""
        if "self" in entry.mutates and isinstance(receiver, ast.Name):
            self.wrote(receiver.id, name)

    def wrote(self, written: str, result: str) -> None:
        root = self.root(written)
        self.redirect[root] = _name(result)
        self.metas.setdefault(result, self.metas.get(root))
        base = self.view_base.get(root)
        while base is not None:
            if base in self.read_later:
                self.written_view[base] = root
            base = self.view_base.get(base)

    def _op_call(self, name: str, dotted: str, call: ast.Call, annotation: ast.expr | None) -> None:
        """A ``torch.ops`` call: kept, unless its op writes arguments in place (the op map's
        ``mutates``): then the functional form AOTAutograd gives it, ``auto_functionalized``
        with keyword arguments, and a result per written argument that later reads read."""
        from layoutcheck.engines.fxtext import op_target

        target = op_target(dotted)
        default = target.rpartition(".")[0] + ".default"
        if target.endswith(_MAYBE_INPLACE) and default in self.opmaps:
            # vLLM IR's maybe_inplace overload: the default's schema, its activations donated
            # (nothing reads them after); vLLM's VllmIRInplaceFunctionalizationPass makes the
            # default of it, as here
            dotted = f"torch.ops.{default}"
            target = default
            call = ast.Call(_attribute_chain(dotted), call.args, call.keywords)
        entry = self.opmaps.get(target)
        mutates = entry.params.get("mutates") if entry is not None else None
        if entry is None or not isinstance(mutates, list) or not mutates:
            self.emit(name, self.read(call), annotation)
            return
        if len(call.args) > len(entry.args):
            raise ReadError(
                f"{target} is given {len(call.args)} positional arguments; its schema names "
                f"{len(entry.args)} ({', '.join(entry.args)})"
            )
        given: dict[str, ast.expr] = dict(zip(entry.args, call.args, strict=False))
        for keyword in call.keywords:
            if keyword.arg is None:
                raise ReadError(f"{target} is given **kwargs")
            given[keyword.arg] = keyword.value
        functional = self.fresh("auto_functionalized")
        wrapped = ast.Call(
            _attribute_chain(_AUTO_FUNCTIONALIZED),
            [_attribute_chain(f"torch.ops.{target}")],
            [ast.keyword(key, self.read(value)) for key, value in given.items()],
        )
        self.emit(functional, wrapped)
        for index, written in enumerate(mutates, start=1):
            original = given.get(str(written))
            if not isinstance(original, ast.Name):
                continue  # not passed, or passed None: nothing written
            root = self.root(original.id)
            result = self.fresh(f"{root}_written")
            item = ast.Subscript(_name(functional), ast.Constant(index), ast.Load())
            self.emit(result, item, self.annotations.get(root), self.metas.get(root))
            self.wrote(original.id, result)
        if name in self.read_later:
            item = ast.Subscript(_name(functional), ast.Constant(0), ast.Load())
            self.emit(name, item, annotation)

    def _unknown(
        self,
        name: str,
        called: str,
        call: ast.Call,
        annotation: ast.expr | None,
        receiver: ast.expr | None = None,
    ) -> None:
        """A call no entry knows: a node of a placeholder target, renamed to ``called`` once
        built, reading the call's values, so it stays in the graph as an unknown op."""
        identifier = _identifier(called)
        placeholder = f"{UNKNOWN_NAMESPACE}.{identifier}.default"
        n = 1
        while self.unknown.setdefault(placeholder, called) != called:  # torch.a_b, torch.a.b
            n += 1
            placeholder = f"{UNKNOWN_NAMESPACE}.{identifier}_{n}.default"
        given = [*([receiver] if receiver is not None else []), *call.args]
        args = [self._plain(self.read(arg)) for arg in given]
        keywords = [
            ast.keyword(k.arg, self._plain(self.read(k.value))) for k in call.keywords if k.arg
        ]
        self.emit(name, self.op(placeholder, args, keywords), annotation)

    @staticmethod
    def _plain(expr: ast.expr) -> ast.expr:
        """An argument the fx reader reads: names, literals and lists of them; anything else
        as its text (an unknown call's arguments are only shown)."""
        allowed = (ast.Name, ast.Constant, ast.List, ast.Tuple, ast.Load, ast.UnaryOp, ast.USub)
        if all(isinstance(node, allowed) for node in ast.walk(expr)):
            return expr
        try:
            return ast.Constant(ast.unparse(expr)[:200])
        except (ValueError, RecursionError):
            return ast.Constant(type(expr).__name__)

    # -- operators ---------------------------------------------------------------------------

    def _operator(self, name: str, value: ast.expr, annotation: ast.expr | None) -> None:
        if isinstance(value, ast.UnaryOp):
            operands = [value.operand]
            key = type(value.op).__name__
        elif isinstance(value, ast.BinOp):
            operands = [value.left, value.right]
            key = type(value.op).__name__
        elif isinstance(value, ast.Compare) and len(value.ops) == 1:
            operands = [value.left, value.comparators[0]]
            key = type(value.ops[0]).__name__
        else:
            raise ReadError("a chained comparison is not an op of a graph")
        read = [self.read(operand) for operand in operands]
        tensors = [self.is_tensor(operand) for operand in read]
        if not any(tensors):  # size arithmetic (`s0 * 2`): the fx reader's to read
            self.emit(name, self.read(value), annotation)
            return
        entry = self.table.operators.get(key, OperatorEntry())
        target: str | None
        if len(read) == 1:
            target, args = entry.unary, read
        elif all(tensors):
            target, args = entry.tensor, read
        elif tensors[0]:
            target, args = entry.scalar or entry.tensor, read
        else:
            target, args = entry.reflected, read[::-1]
        if target is None:
            fake = ast.Call(_name("operator"), read, [])
            self._unknown(name, f"operator.{key}", fake, annotation)
            return
        self.emit(name, self.op(target, args, []), annotation)

    def _size(self, dim: int | str) -> ast.expr:
        """A dim of an annotation as a size-list item: the number, or the input holding it."""
        if isinstance(dim, int):
            return ast.Constant(dim)
        return _name(self.sym_names[dim]) if dim in self.sym_names else ast.Constant(-1)

    # -- subscripts --------------------------------------------------------------------------

    def _subscript(
        self, name: str, base: ast.expr, index: ast.expr, annotation: ast.expr | None
    ) -> None:
        read_base = self.read(base)
        if isinstance(read_base, ast.List | ast.Tuple):  # a size list's item: its value
            position = _int(index)
            if position is not None and -len(read_base.elts) <= position < len(read_base.elts):
                self.redirect[name] = read_base.elts[position]
                return
        meta = self.meta(read_base)
        if meta is None or meta.is_symbolic_scalar:  # a tuple's item, as fx indexes results
            self.emit(name, ast.Subscript(read_base, self.read(index), ast.Load()), annotation)
            return
        items = list(index.elts) if isinstance(index, ast.Tuple) else [index]
        steps = _index_steps([self.read(item) for item in items], meta.shape, self)
        if steps is None:
            fake = ast.Call(_name("getitem"), [index], [])
            self._unknown(name, "Tensor.__getitem__", fake, annotation, base)
            return
        result = _meta_of(annotation)
        if result is not None and 0 in result.shape:
            # an empty piece (`x[..., 64:]` of a 64-wide x, a rotary with nothing to pass):
            # AOTAutograd's cat leaves it out, and nothing else reads it as values
            dims = [self._size(dim) for dim in result.shape]
            dtype_name = {v: k for k, v in TORCH_DTYPE_NAMES.items()}.get(result.dtype)
            keywords = [ast.keyword("dtype", _attribute_chain(f"torch.{dtype_name}"))]
            empty = self.op("aten.empty.memory_format", [ast.List(dims, ast.Load())], keywords)
            self.emit(name, empty, annotation)
            return
        current: ast.expr = read_base
        shape: list[int | str] | None = list(meta.shape)
        dtype = _annotation_dtype(self.annotations.get(read_base.id, None))  # type: ignore[attr-defined]
        for position, (target, args, reshape) in enumerate(steps):
            last = position == len(steps) - 1
            shape = reshape(shape) if shape is not None else None
            step_name = name if last else self.fresh(f"{name}_index")
            step_annotation = annotation if last else _annotation(dtype, shape)
            current = self.emit(step_name, self.op(target, [current, *args], []), step_annotation)
        if not steps:
            self.emit(name, self.op("aten.alias.default", [read_base], []), annotation)
        if isinstance(read_base, ast.Name):
            self.view_base[name] = read_base.id


_VIEW_TARGETS = frozenset(
    {
        "aten.view.default",
        "aten.reshape.default",
        "aten.unsqueeze.default",
        "aten.squeeze.dim",
        "aten.permute.default",
        "aten.transpose.int",
        "aten.expand.default",
        "aten.t.default",
    }
)

_Reshape = Any  # Callable[[list[int | str]], list[int | str] | None]
_Step = tuple[str, list[ast.expr], _Reshape]


def _index_steps(
    items: list[ast.expr], forward_dims: Sequence[int | str], forward: _Forward
) -> list[_Step] | None:
    """``x[items]`` as ATen steps (select, slice, unsqueeze, index), each with how it changes
    the shape; None for an index these do not express (several tensors, a symbolic index)."""
    kinds: list[tuple[str, ast.expr]] = []
    for item in items:
        if (isinstance(item, ast.Name) and item.id == "Ellipsis") or (
            isinstance(item, ast.Constant) and item.value is Ellipsis
        ):
            kinds.append(("ellipsis", item))
        elif isinstance(item, ast.Constant) and item.value is None:
            kinds.append(("new", item))
        elif _int(item) is not None:
            kinds.append(("int", item))
        elif isinstance(item, ast.Slice) or (
            isinstance(item, ast.Call) and dotted_name(item.func) == "slice"
        ):
            kinds.append(("slice", item))
        elif isinstance(item, ast.Name) and forward.is_tensor(item):
            kinds.append(("tensor", item))
        else:
            return None
    if sum(kind == "ellipsis" for kind, _ in kinds) > 1 or sum(k == "tensor" for k, _ in kinds) > 1:
        return None
    rank = len(forward_dims)
    consuming = sum(kind in ("int", "slice", "tensor") for kind, _ in kinds)
    if consuming > rank:
        return None
    steps: list[_Step] = []
    dim = 0  # in the value as the steps so far made it
    source = 0  # in the indexed value: where a slice's full size is read
    for kind, item in kinds:
        if kind == "ellipsis":
            dim += rank - consuming
            source += rank - consuming
        elif kind == "new":
            steps.append(("aten.unsqueeze.default", [ast.Constant(dim)], _insert(dim)))
            dim += 1
        elif kind == "int":
            position = _int(item)
            select: list[ast.expr] = [ast.Constant(dim), ast.Constant(position)]
            steps.append(("aten.select.int", select, _drop(dim)))
            source += 1
        elif kind == "tensor":
            nones: list[ast.expr] = [ast.Constant(None) for _ in range(dim)]
            index: list[ast.expr] = [ast.List([*nones, item], ast.Load())]
            steps.append(("aten.index.Tensor", index, _unknown_shape))
            dim += 1
            source += 1
        else:
            bounds = _slice_bounds(item)
            if bounds is None:
                return None
            start, stop, step = bounds
            size = forward_dims[source]
            whole = stop is None or (isinstance(size, int) and stop >= size)
            dim += 1
            source += 1
            if start in (None, 0) and whole and step in (None, 1):
                continue  # the whole dim: AOTAutograd makes no op of it
            args: list[ast.expr] = [ast.Constant(dim - 1), ast.Constant(start or 0)]
            args.append(ast.Constant(INT64_MAX) if stop is None else ast.Constant(stop))
            if step not in (None, 1):
                args.append(ast.Constant(step))
            steps.append(("aten.slice.Tensor", args, _sliced(dim - 1, start, stop, step)))
    return steps


def _slice_bounds(item: ast.expr) -> tuple[int | None, int | None, int | None] | None:
    parts: list[ast.expr | None]
    if isinstance(item, ast.Slice):
        parts = [item.lower, item.upper, item.step]
    elif isinstance(item, ast.Call) and len(item.args) <= 3 and not item.keywords:
        parts = [None, *item.args] if len(item.args) == 1 else [*item.args]
        parts += [None] * (3 - len(parts))
    else:
        return None
    values: list[int | None] = []
    for part in parts:
        if part is None or (isinstance(part, ast.Constant) and part.value is None):
            values.append(None)
        elif _int(part) is not None:
            values.append(_int(part))
        else:
            return None  # a symbolic bound: not expressed here
    return values[0], values[1], values[2]


def _insert(dim: int) -> _Reshape:
    return lambda shape: [*shape[:dim], 1, *shape[dim:]]


def _drop(dim: int) -> _Reshape:
    return lambda shape: [*shape[:dim], *shape[dim + 1 :]] if dim < len(shape) else None


def _unknown_shape(shape: list[int | str]) -> None:
    return None


def _sliced(dim: int, start: int | None, stop: int | None, step: int | None) -> _Reshape:
    def reshape(shape: list[int | str]) -> list[int | str] | None:
        if dim >= len(shape) or not isinstance(shape[dim], int):
            return None
        size = len(range(*slice(start, stop, step).indices(int(shape[dim]))))
        return [*shape[:dim], size, *shape[dim + 1 :]]

    return reshape


def _is_size(annotation: ast.expr | None) -> bool:
    meta = _meta_of(annotation)
    return meta is not None and meta.is_symbolic_scalar


def _annotation_dtype(annotation: ast.expr | None) -> str | None:
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        return annotation.value.partition("[")[0] or None
    return None


def _annotation(dtype: str | None, shape: list[int | str] | None) -> ast.expr | None:
    if dtype is None or shape is None:
        return None
    return ast.Constant(f"{dtype}[{', '.join(str(d) for d in shape)}]")


_NO_DEFAULT = object()  # a parameter the table gives no default for


def _same_literal(expr: ast.expr, value: object) -> bool:
    if isinstance(expr, ast.Constant):
        return bool(expr.value == value and type(expr.value) is type(value))
    return False


def _identifier(text: str) -> str:
    """A call's name as one identifier for its placeholder target (``torch.foo`` →
    ``torch_foo``), kept short."""
    return re.sub(r"\W", "_", text)[:120] or "call"


# -- rewrite handlers (named by the table's `rewrite:`) ------------------------------------------


def _same_as(
    forward: _Forward, name: str, entry: CallEntry, bound: _Bound, annotation: ast.expr | None
) -> None:
    """The result is one of the arguments: no op (``torch.Size([...])``, ``w.data``)."""
    held = bound.values.get(str(entry.value))
    if held is None:
        raise ReadError(f"{entry.name}(...) without its {entry.value} argument")
    forward.redirect[name] = held
    forward.metas[name] = forward.meta(held)
    if isinstance(held, ast.Name) and held.id in forward.annotations:
        forward.annotations[name] = forward.annotations[held.id]


def _dim_of(bound: _Bound, param: str, rank: int, default: int = 0) -> int | None:
    given = bound.values.get(param)
    dim = default if given is None else _int(given)
    if dim is None or not -rank <= dim < max(rank, 1):
        return None
    return dim % rank if rank else dim


def _chunk(
    forward: _Forward, name: str, entry: CallEntry, bound: _Bound, annotation: ast.expr | None
) -> None:
    """``chunk(x, n, dim)`` as ATen has it: ``split(x, ceil(size / n), dim)``."""
    tensor = bound.values.get("self")
    meta = forward.meta(tensor) if tensor is not None else None
    chunks = _int(bound.values.get("chunks"))
    dim = _dim_of(bound, "dim", len(meta.shape)) if meta is not None else None
    size = meta.shape[dim] if meta is not None and dim is not None else None
    if tensor is None or not isinstance(size, int) or not chunks or chunks < 1:
        forward.emit(name, forward.aten_call("aten.chunk.default", entry, bound), annotation)
        return
    given_dim = bound.values.get("dim", ast.Constant(0))
    call = forward.op(
        "aten.split.Tensor", [tensor, ast.Constant(-(-size // chunks)), given_dim], []
    )
    forward.emit(name, call, annotation)


def _split(
    forward: _Forward, name: str, entry: CallEntry, bound: _Bound, annotation: ast.expr | None
) -> None:
    """``split(x, n | [sizes], dim)``: ``aten.split`` for one size, ``split_with_sizes`` for a
    list."""
    params = [p for p in entry.args if p not in ("self",)]
    tensor = bound.values.get("self")
    sizes = bound.values.get(params[0]) if params else None
    dim = bound.values.get("dim", ast.Constant(0))
    if tensor is None or sizes is None:
        raise ReadError(f"{entry.name}(...) without the tensor and sizes to split")
    target = (
        "aten.split_with_sizes.default"
        if isinstance(sizes, ast.List | ast.Tuple)
        else "aten.split.Tensor"
    )
    if isinstance(sizes, ast.Tuple):
        sizes = ast.List(sizes.elts, ast.Load())
    forward.emit(name, forward.op(target, [tensor, sizes, dim], []), annotation)


def _cat(
    forward: _Forward, name: str, entry: CallEntry, bound: _Bound, annotation: ast.expr | None
) -> None:
    """``torch.cat(tensors, dim)`` without its empty operands, as AOTAutograd's cat has it;
    of one operand left, that operand (no op)."""
    tensors = bound.values.get("tensors")
    if not isinstance(tensors, ast.List | ast.Tuple):
        forward.emit(name, forward.aten_call("aten.cat.default", entry, bound), annotation)
        return
    kept = [
        item
        for item in tensors.elts
        if not ((meta := forward.meta(item)) is not None and 0 in meta.shape)
    ]
    if len(kept) == 1:
        _same_as(
            forward, name, attrs.evolve(entry, value="only"), _Bound({"only": kept[0]}, ()), None
        )
        return
    dim = bound.values.get("dim", ast.Constant(0))
    call = forward.op("aten.cat.default", [ast.List(kept, ast.Load()), dim], [])
    forward.emit(name, call, annotation)


def _size(
    forward: _Forward, name: str, entry: CallEntry, bound: _Bound, annotation: ast.expr | None
) -> None:
    """``x.size()``: the list of ``x``'s dims (numbers, or the inputs holding them), which
    later views read as their size list; ``x.size(d)``: ``aten.sym_size``."""
    tensor = bound.values.get("self")
    meta = forward.meta(tensor) if tensor is not None else None
    if "dim" in bound.values or meta is None:
        forward.emit(name, forward.aten_call("aten.sym_size.int", entry, bound), annotation)
        return
    forward.redirect[name] = ast.List([forward._size(d) for d in meta.shape], ast.Load())


def _index_select(
    forward: _Forward, name: str, entry: CallEntry, bound: _Bound, annotation: ast.expr | None
) -> None:
    """``x.index_select(dim, i)`` as ATen has it: ``index(x, [None] * dim + [i])``."""
    tensor, index = bound.values.get("self"), bound.values.get("index")
    meta = forward.meta(tensor) if tensor is not None else None
    dim = _dim_of(bound, "dim", len(meta.shape)) if meta is not None else None
    if tensor is None or index is None or dim is None:
        raise ReadError("index_select(...) without a tensor, a literal dim and an index")
    indices = ast.List([*(ast.Constant(None) for _ in range(dim)), index], ast.Load())
    forward.emit(name, forward.op("aten.index.Tensor", [tensor, indices], []), annotation)


def _cast(
    forward: _Forward, name: str, entry: CallEntry, bound: _Bound, annotation: ast.expr | None
) -> None:
    """``x.to(dtype)``, ``x.long()``…: a dtype conversion; ``x.to(device)`` or a cast to the
    dtype ``x`` has is the same values (AOTAutograd drops it)."""
    tensor = bound.values.get("self")
    if tensor is None:
        raise ReadError(f"{entry.name}(...) without the tensor it casts")
    dtype = next(
        (d for d in map(_dtype_attribute, bound.values.values()) if d is not None),
        f"torch.{entry.dtype}" if entry.dtype else None,
    )
    meta = forward.meta(tensor)
    same = dtype is not None and meta is not None and TORCH_DTYPE_NAMES.get(dtype[6:]) == meta.dtype
    if dtype is None or same:
        call = forward.op("aten.alias.default", [tensor], [])
    else:
        call = forward.op(
            "prims.convert_element_type.default", [tensor, _attribute_chain(dtype)], []
        )
    forward.emit(name, call, annotation)


def _reshape_as_result(
    forward: _Forward, name: str, entry: CallEntry, bound: _Bound, annotation: ast.expr | None
) -> None:
    """``flatten`` / ``unflatten``: a view to the shape the result's annotation states, its
    symbolic dims by the names that hold them (one left over may be -1)."""
    tensor = bound.values.get("self")
    meta = _meta_of(annotation)
    if tensor is None or meta is None:
        forward.emit(name, forward.aten_call(f"aten.{entry.name}.using_ints", entry, bound))
        return
    dims: list[ast.expr] = []
    unnamed = 0
    for dim in meta.shape:
        if isinstance(dim, int):
            dims.append(ast.Constant(dim))
        elif dim in forward.sym_names:
            dims.append(_name(forward.sym_names[dim]))
        else:
            unnamed += 1
            dims.append(ast.Constant(-1))
    if unnamed > 1:
        forward.emit(name, forward.aten_call(f"aten.{entry.name}.using_ints", entry, bound))
        return
    call = forward.op("aten.view.default", [tensor, ast.List(dims, ast.Load())], [])
    forward.emit(name, call, annotation)
    if isinstance(tensor, ast.Name):
        forward.view_base[name] = tensor.id


REWRITES: Mapping[str, Any] = {
    "same_as": _same_as,
    "cat": _cat,
    "size": _size,
    "chunk": _chunk,
    "split": _split,
    "index_select": _index_select,
    "cast": _cast,
    "reshape_as_result": _reshape_as_result,
}


__all__ = [
    "DynamoGraph",
    "compiled_fn_called",
    "graph_beside",
    "is_dynamo_graph",
    "module_of_input",
    "placed",
    "shipped_call_table",
    "to_aten",
]
