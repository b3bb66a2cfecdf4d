"""Reading and writing ``layoutcheck-graph/1`` files (YAML or JSON), keeping line numbers.

Loading never evaluates anything: YAML is read with the safe loader (aliases refused), and every
size goes through the whitelisting expression parser.

Repetition and layers are fields: ``regions: [{layer: 3, repeat: 75}]`` (``Graph.regions``) and
each op's ``layer:`` (always written) and ``local:`` (its name within its layer). Where a file
states no ``layer:``/``local:``/``role:`` they follow from the op's name read as a Hugging Face
module path — the documented convention for hand-written files, applied here and nowhere else.
A file without ``regions:`` (written before it existed) takes its regions from its
``region_begin`` markers' ``repeat`` attrs; one with ``regions:`` may leave them out.
"""

from __future__ import annotations

import difflib
import itertools
import json
import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import sympy
import yaml

from layoutcheck.errors import did_you_mean
from layoutcheck.files import read_bytes, write_text
from layoutcheck.graph import (
    Graph,
    GraphError,
    InputSpec,
    Op,
    Region,
    RequestArray,
    Requests,
    ValueRef,
    freeze_attrs,
)
from layoutcheck.lattice import Dtype, FeatureState, TokenLayout
from layoutcheck.limits import MAX_GRAPH_OPS, MAX_LAYERS, MAX_SYMBOL_VALUE, shown
from layoutcheck.nesting import json_too_deep, yaml_too_deep
from layoutcheck.ops import Registry
from layoutcheck.roles import (
    Role,
    RoleError,
    layer_from_hf_name,
    local_from_hf_name,
    role_from_hf_name,
)
from layoutcheck.symbols import (
    Expr,
    ExpressionError,
    integer_value,
    is_symbol_name,
    parse_expr,
    to_file_value,
)
from layoutcheck.validate import normalize

FORMAT = "layoutcheck-graph/1"
MAX_FILE_BYTES = 64 * 1024 * 1024
TOP_KEYS = (
    "format",
    "name",
    "contract",
    "symbols",
    "token_count",
    "groups",
    "inputs",
    "ops",
    "outputs",
    "regions",
    "requests",
)
OP_KEYS = ("name", "op", "inputs", "attrs", "role", "layer", "local")
REGION_KEYS = ("layer", "repeat")
REQUEST_KEYS = ("slots", "query_start_loc", "seq_lens", "local_seq_lens")
_OP_KEY_SET = frozenset(OP_KEYS)
INPUT_KEYS = ("shape", "tokens", "features", "dtype", "group", "shard_dim")

_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SafeDumper: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class SpecError(GraphError):
    """A graph file that cannot be read as a graph (rule ``bad-spec``)."""


def load_graph(path: str | Path, registry: Registry | None = None) -> Graph:
    """Read a graph file, validate it, and return the graph. Raises :class:`GraphError`."""
    file = Path(path)
    if not os.path.lexists(file):
        raise SpecError(f"no such file ({_nearest(file)})", source=str(file))
    raw = read_bytes(file, MAX_FILE_BYTES, SpecError)  # regular files only, size checked first
    text = decode_text(raw, str(file))
    kind = "json" if file.suffix.lower() == ".json" else "yaml"
    return loads_graph(text, source=str(file), kind=kind, registry=registry)


def _nearest(file: Path) -> str:
    """What a missing graph file may have meant: the shipped graph of its name (a wheel keeps
    the specs inside the package, where ``specs/graphs/x.yaml`` is not a path), else a file
    of a close name beside it."""
    from layoutcheck import resources

    stem = file.name.split(".")[0]
    if resources.find("graphs", stem) is not None:
        return f"a shipped graph is named {stem!r}: layoutcheck check {stem}"
    try:
        beside = {
            p.name.split(".")[0]: p.name
            for p in file.parent.iterdir()
            if p.suffix in (".yaml", ".yml", ".json")
        }
    except OSError:
        beside = {}
    close = difflib.get_close_matches(stem, list(beside), n=2, cutoff=0.75)
    hint = (
        f"did you mean {' or '.join(beside[c] for c in close)}?"
        if close
        else did_you_mean(stem, resources.shipped("graphs"))
    )
    return hint.rstrip() or "see `layoutcheck list` for the shipped graphs"


def decode_text(raw: bytes, what: str) -> str:
    """Bytes of a spec file as text, refusing empty, oversized and binary files."""
    if not raw.strip():
        raise SpecError(f"{what} is empty")
    if len(raw) > MAX_FILE_BYTES:
        raise SpecError(f"{what} is larger than {MAX_FILE_BYTES // 2**20} MiB")
    if b"\0" in raw:
        raise SpecError(f"{what} is a binary file, not YAML or JSON")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SpecError(f"{what} is not UTF-8 text") from None


def loads_graph(
    text: str, *, source: str = "<string>", kind: str = "yaml", registry: Registry | None = None
) -> Graph:
    _refuse_too_many_ops(text)
    if kind == "json":
        data, lines = _read_json(text)
    else:
        data, lines = read_yaml_with_lines(text)
    return _graph_from_data(data, lines, source, registry)


# -- parsing --------------------------------------------------------------------------------


MAX_NESTING = 64


def _refuse_too_many_ops(text: str) -> None:
    """Parsing costs about 0.1 ms and 5 kB per op (README, Limits): refuse a file of more than
    ``MAX_GRAPH_OPS`` ops before the parser builds them. Every op has one ``op`` key, so the
    count of ``op:`` (YAML) and ``"op":`` (JSON) is an upper bound, taken in C."""
    bound = text.count("op:") + text.count('"op":') + text.count('"op" :')
    if bound <= MAX_GRAPH_OPS:
        return
    ops = len(_OP_KEY.findall(text))
    if ops > MAX_GRAPH_OPS:
        raise SpecError(
            f"the file holds about {ops} ops; the limit is {MAX_GRAPH_OPS} (build the model "
            "from its config.json instead, or fold identical layers into repetition regions: "
            "layoutcheck export MODEL --repetition)"
        )


_OP_KEY = re.compile(r"""(?:^|[\s{,])["']?op["']?\s*:""", re.M)


def _refuse_deep_nesting(text: str) -> None:
    """libyaml recurses per nesting level: refuse spec files nested deeper than any graph
    needs, before the parser sees them (quoted strings, comments and block text opens none)."""
    deep = yaml_too_deep(text, MAX_NESTING, 4 * MAX_NESTING)
    if deep is not None:
        raise SpecError(f"nested deeper than {MAX_NESTING} levels: not a spec file", line=deep.line)


def read_yaml_with_lines(text: str) -> tuple[Any, dict[str, int]]:
    """Parse YAML; return the data and the 1-based line of each op (by name and by position,
    ``op#3``) and input."""
    _refuse_deep_nesting(text)
    try:
        loader = _SafeLoader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                raise SpecError("the file holds no document")
            _refuse_aliases(node)
            data = loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = error.problem or error.context or "malformed YAML"
        raise SpecError(f"malformed YAML: {problem}", line=line) from None
    except yaml.YAMLError as error:
        raise SpecError(f"malformed YAML: {error}") from None
    except RecursionError:
        raise SpecError(f"nested deeper than {MAX_NESTING} levels: not a spec file") from None
    except SpecError:
        raise
    except ValueError as error:  # e.g. an integer of thousands of digits
        if "integer string conversion" in str(error):
            raise SpecError(
                "an integer literal of more than 4300 digits (a size has at most 24)"
            ) from None
        raise SpecError(f"unreadable value: {error}") from None
    return data, _yaml_lines(node)


def _refuse_aliases(root: yaml.Node) -> None:
    """YAML aliases can expand exponentially ("billion laughs"); graph files need none."""
    seen: set[int] = set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            raise SpecError(
                "YAML anchors and aliases are not supported in spec files",
                line=node.start_mark.line + 1,
            )
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys: set[object] = set()
            for key, value in node.value:
                if isinstance(key, yaml.ScalarNode):
                    if key.value in keys:
                        raise SpecError(
                            f"duplicate key {key.value!r}", line=key.start_mark.line + 1
                        )
                    keys.add(key.value)
                stack.extend((key, value))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)


def _yaml_lines(root: yaml.Node) -> dict[str, int]:
    lines: dict[str, int] = {}
    if not isinstance(root, yaml.MappingNode):
        return lines
    for key, value in root.value:
        if key.value == "ops" and isinstance(value, yaml.SequenceNode):
            for position, item in enumerate(value.value):
                lines[f"op#{position}"] = item.start_mark.line + 1
                if isinstance(item, yaml.MappingNode):
                    for op_key, op_value in item.value:
                        if op_key.value == "name" and isinstance(op_value, yaml.ScalarNode):
                            lines.setdefault(str(op_value.value), item.start_mark.line + 1)
        elif key.value == "requests":
            lines["requests"] = key.start_mark.line + 1
        elif key.value == "inputs" and isinstance(value, yaml.MappingNode):
            for input_key, _ in value.value:
                lines.setdefault(f"input:{input_key.value}", input_key.start_mark.line + 1)
    return lines


_JSON_NAME = re.compile(r'"name"\s*:\s*"([^"\\]*)"')
_JSON_KEY = re.compile(r'"([^"\\]*)"\s*:\s*\{')


def _read_json(text: str) -> tuple[Any, dict[str, int]]:
    deep = json_too_deep(text, MAX_NESTING)
    if deep is not None:
        raise SpecError(f"malformed JSON: nested deeper than {MAX_NESTING} levels", line=deep.line)
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as error:
        raise SpecError(f"malformed JSON: {error.msg}", line=error.lineno) from None
    except RecursionError:
        raise SpecError("malformed JSON: nested too deeply") from None
    except ValueError as error:  # an integer of thousands of digits, a duplicate key
        raise SpecError(f"unreadable JSON: {error}") from None
    lines: dict[str, int] = {}
    # json keeps no positions; a scan for '"name": "..."' recovers each op's line cheaply
    # (newlines counted between consecutive matches, in C).
    counter = _LineCounter(text)
    ops_at = text.find('"ops"')
    inputs_at = text.find('"inputs"')
    if inputs_at >= 0:
        end = ops_at if ops_at > inputs_at else len(text)
        for match in _JSON_KEY.finditer(text, inputs_at + 8, end):
            lines.setdefault(f"input:{match.group(1)}", counter.line(match.start()))
    counter = _LineCounter(text)
    for position, match in enumerate(_JSON_NAME.finditer(text, max(ops_at, 0))):
        line = counter.line(match.start())
        lines[f"op#{position}"] = line
        lines.setdefault(match.group(1), line)
    return data, lines


class _LineCounter:
    """1-based line numbers of increasing offsets into one text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.offset = 0
        self.current = 1

    def line(self, offset: int) -> int:
        self.current += self.text.count("\n", self.offset, offset)
        self.offset = offset
        return self.current


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key {key!r}")
        result[key] = value
    return result


def _graph_from_data(
    data: Any, lines: Mapping[str, int], source: str, registry: Registry | None
) -> Graph:
    if not isinstance(data, dict):
        raise SpecError("a graph file must be a mapping with format, symbols, inputs and ops")
    fmt = data.get("format")
    if fmt != FORMAT:
        raise SpecError(
            f"unsupported format {fmt!r}: this layoutcheck reads {FORMAT!r}"
            if fmt is not None
            else f"missing 'format: {FORMAT}'"
        )
    unknown = sorted(set(map(str, data)) - set(TOP_KEYS))
    if unknown:
        raise SpecError(
            f"unknown top-level key {unknown[0]!r} ({did_you_mean(unknown[0], TOP_KEYS)}"
            f"allowed: {', '.join(TOP_KEYS)})"
        )
    symbols = _symbols(data.get("symbols", {}))
    known = frozenset(symbols)
    token_count = _expr(data.get("token_count", "T"), known, "token_count")
    groups_raw = data.get("groups", {"tp": "tp"} if "tp" in known else {})
    if not isinstance(groups_raw, dict):
        raise SpecError("groups must map a group name to its size")
    groups = tuple(
        (str(name), _expr(size, known, f"group {name!r}")) for name, size in groups_raw.items()
    )
    inputs = _inputs(data.get("inputs", {}), known, lines)
    ops = _ops(data.get("ops"), lines)
    outputs_raw = data.get("outputs", [])
    if not isinstance(outputs_raw, list) or not all(isinstance(o, str) for o in outputs_raw):
        raise SpecError("outputs must be a list of value names")
    contract = data.get("contract")
    if contract is not None and not isinstance(contract, str):
        raise SpecError("contract must be a contract name or path")
    name = data.get("name", Path(source).stem)
    if not isinstance(name, str):
        raise SpecError(f"name must be text (the graph's name), got {_shown(name)}")
    graph = Graph(
        name=name,
        symbols=tuple(symbols.items()),
        token_count=token_count,
        groups=groups,
        inputs=inputs,
        ops=ops,
        outputs=tuple(ValueRef.parse(o) for o in outputs_raw),
        contract=contract,
        source=source,
        regions=_regions(data["regions"]) if "regions" in data else None,
        requests=_requests(data["requests"], known, lines) if "requests" in data else None,
    )
    graph = normalize(graph, registry)
    if graph.regions is None:  # a file from before regions: its markers' repeat attrs say
        graph = graph.evolve(regions=graph.repetition())
    else:
        _check_regions(graph)
    _check_region_layers(graph)
    return graph


def _regions(raw: object) -> tuple[Region, ...]:
    if not isinstance(raw, list):
        raise SpecError("regions must be a list of {layer, repeat}")
    regions: dict[int, Region] = {}
    for position, body in enumerate(raw):
        where = f"regions #{position}"
        if not isinstance(body, dict) or set(map(str, body)) != set(REGION_KEYS):
            raise SpecError(f"{where}: a region is {{layer: first layer, repeat: layers}}")
        first, repeat = body["layer"], body["repeat"]
        for key, value, low in (("layer", first, 0), ("repeat", repeat, 1)):
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value:
                raise SpecError(f"{where}: {key} must be an integer ≥ {low}, got {_shown(value)}")
        if first + repeat > MAX_LAYERS:
            raise SpecError(
                f"{where}: layers {shown(first)} … {shown(first + repeat - 1)} pass the limit of "
                f"{MAX_LAYERS} decoder layers"
            )
        if first in regions:
            raise SpecError(f"{where}: a second region starting at layer {first}")
        regions[first] = Region(first, repeat)
    ordered = sorted(regions.values(), key=lambda region: region.first)
    for before, after in itertools.pairwise(ordered):
        if after.first < before.first + before.repeat:
            raise SpecError(
                f"regions at layers {before.first} and {after.first} overlap (the first stands "
                f"for layers {before.first} … {before.first + before.repeat - 1})"
            )
    return tuple(ordered)


def _requests(raw: object, known: frozenset[str], lines: Mapping[str, int]) -> Requests:
    """``requests: {slots, query_start_loc, seq_lens, local_seq_lens}`` (specs/README.md,
    "Requests"): each array a list of sizes or one expression in the slot index ``i``."""
    from layoutcheck.requests import INDEX, SLOT_NAMES, shifted

    line = lines.get("requests")
    if not isinstance(raw, dict):
        raise SpecError(f"requests must be a mapping of {', '.join(REQUEST_KEYS)}", line=line)
    extra = sorted(set(map(str, raw)) - set(REQUEST_KEYS))
    if extra:
        raise SpecError(
            f"requests: unknown key {extra[0]!r} (allowed: {', '.join(REQUEST_KEYS)})", line=line
        )
    for key in ("query_start_loc", "seq_lens"):
        if key not in raw:
            raise SpecError(f"requests: {key} is required", line=line)
    reserved = {INDEX, *SLOT_NAMES}
    clash = sorted(known & (reserved | {shifted(name) for name in reserved}))
    if clash:
        raise SpecError(
            f"requests: the symbol {clash[0]!r} is a name the requests block gives its own "
            "meaning (rename the symbol)",
            line=line,
        )
    offsets = _request_array(raw["query_start_loc"], known, "query_start_loc", line)
    lengths = _request_array(raw["seq_lens"], known, "seq_lens", line)
    if "slots" in raw:
        slots = _expr(raw["slots"], known, "requests: slots", line)
    elif isinstance(lengths, tuple):
        slots = sympy.Integer(len(lengths))
    elif isinstance(offsets, tuple):
        slots = sympy.Integer(len(offsets) - 1)
    else:
        raise SpecError("requests: slots is required where both arrays are expressions", line=line)
    local = raw.get("local_seq_lens")
    formula = (
        None if local is None else _slot_expr(local, known, SLOT_NAMES, "local_seq_lens", line)
    )
    text = None if local is None else str(local)
    return Requests(slots, offsets, lengths, formula, line, text)


def _slot_expr(
    raw: object, known: frozenset[str], names: tuple[str, ...], what: str, line: int | None
) -> Expr:
    """An expression over the symbols and per-slot names that may be 0."""
    from layoutcheck.requests import parse_over

    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise SpecError(f"requests: {what}: expected an expression, got {_shown(raw)}", line=line)
    try:
        return parse_over(raw, known, names)
    except ExpressionError as error:
        raise SpecError(f"requests: {what}: {error}", line=line) from None


def _request_array(raw: object, known: frozenset[str], what: str, line: int | None) -> RequestArray:
    """A list of sizes over the symbols, or one expression over them and the slot index."""
    from layoutcheck.requests import INDEX, MAX_REQUEST_SLOTS

    if not isinstance(raw, list):
        return _slot_expr(raw, known, (INDEX,), what, line)
    if len(raw) > MAX_REQUEST_SLOTS + 1:
        raise SpecError(
            f"requests: {what} lists {len(raw):,} values; the limit is "
            f"{MAX_REQUEST_SLOTS + 1:,} (write one expression in {INDEX} instead)",
            line=line,
        )
    return tuple(_expr(item, known, f"requests: {what} #{n}", line) for n, item in enumerate(raw))


def _check_regions(graph: Graph) -> None:
    """A stated region has its markers, and a marker's old ``repeat`` attr, if it has one, says
    what the region does: the field is the truth, so a file may not say two things."""
    if graph.regions is None:
        return
    from layoutcheck.ops import default_registry
    from layoutcheck.ops.traits import Trait

    registry = default_registry()
    stated = {region.first: region.repeat for region in graph.regions}
    opened: set[int] = set()
    for op in graph.ops:
        if not registry.is_(op.kind, Trait.REGION_BEGIN):
            continue
        value = op.attr("repeat")
        count = integer_value(value) if isinstance(value, sympy.Expr) else None
        if op.layer is None and count in (None, 1):
            continue  # a marker of no layer stands for nothing (as it always did)
        if op.layer is None or op.layer not in stated:
            raise SpecError(
                "region_begin outside every region in regions: (give it the layer of one)",
                op=op.name,
                line=op.line,
            )
        opened.add(op.layer)
        if value is not None and count != stated[op.layer]:
            raise SpecError(
                f"repeat {value} disagrees with regions: (layer {op.layer} repeats "
                f"{stated[op.layer]} times); drop the attr",
                op=op.name,
                line=op.line,
            )
    missing = sorted(set(stated) - opened)
    if missing:
        raise SpecError(f"regions: layer {missing[0]} starts a region but has no region_begin")


def _check_region_layers(graph: Graph) -> None:
    """A region's first layer stands for the layers after it: no op may be in one of them."""
    inside = {layer: region for region in graph.repetition() for layer in region.layers[1:]}
    if not inside:
        return
    for op in graph.ops:
        region = inside.get(op.layer) if op.layer is not None else None
        if region is not None:
            raise SpecError(
                f"the op is in layer {op.layer}, which the region at layer {region.first} "
                f"stands for (repeat {region.repeat}): give it the region's first layer or "
                "shorten the region",
                op=op.name,
                line=op.line,
            )


def _symbols(raw: object) -> dict[str, int | None]:
    if not isinstance(raw, dict):
        raise SpecError("symbols must map a symbol name to its value (or null)")
    symbols: dict[str, int | None] = {}
    for name, value in raw.items():
        if not isinstance(name, str) or not is_symbol_name(name):
            raise SpecError(f"{_shown(name)} is not a valid symbol name")
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            raise SpecError(
                f"symbol {name!r} must be a positive integer or null, got {_shown(value)}"
            )
        if value is not None and value < 1:
            raise SpecError(f"symbol {name!r} must be a positive integer, got {shown(value)}")
        if value is not None and value > MAX_SYMBOL_VALUE:
            raise SpecError(
                f"symbol {name!r} is {shown(value)}; the limit is {shown(MAX_SYMBOL_VALUE)}"
            )
        symbols[name] = value
    return symbols


def _expr(raw: object, known: frozenset[str], what: str, line: int | None = None) -> Expr:
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise SpecError(f"{what}: expected a size expression, got {raw!r}", line=line)
    try:
        return parse_expr(raw, known)
    except ExpressionError as error:
        raise SpecError(f"{what}: {error}", line=line) from None


def _inputs(raw: object, known: frozenset[str], lines: Mapping[str, int]) -> tuple[InputSpec, ...]:
    if not isinstance(raw, dict):
        raise SpecError("inputs must map an input name to {shape, tokens, features, dtype}")
    specs = []
    for name, body in raw.items():
        line = lines.get(f"input:{name}")
        if not isinstance(body, dict) or "shape" not in body:
            raise SpecError(f"input {name!r} needs a shape", line=line, op=str(name))
        extra = sorted(set(body) - set(INPUT_KEYS))
        if extra:
            raise SpecError(f"input {name!r}: unknown key {extra[0]!r}", line=line, op=str(name))
        shape = body["shape"]
        if not isinstance(shape, list) or not shape:
            raise SpecError(
                f"input {name!r}: shape must be a list of sizes", line=line, op=str(name)
            )
        body = {**body, **_sharded(body, len(shape), str(name), line)}
        specs.append(
            InputSpec(
                name=str(name),
                shape=tuple(_expr(d, known, f"input {name!r} shape", line) for d in shape),
                tokens=_enum(
                    TokenLayout, body.get("tokens", "full"), ("full", "local"), name, line
                ),
                features=_enum(FeatureState, body.get("features", "whole"), None, name, line),
                dtype=_enum(Dtype, body.get("dtype", "bf16"), None, name, line),
                group=_group_name(body.get("group", "tp"), name, line),
                line=line,
            )
        )
    return tuple(specs)


# the dim an engine shards an input on, as the layout says it: the tokens, or the first
# feature dim (no other dim has a layout)
_SHARDED_AS = {0: {"tokens": "local"}, 1: {"features": "split"}}


def _sharded(body: Mapping[str, Any], rank: int, name: str, line: int | None) -> dict[str, str]:
    """``shard_dim: D`` as the tokens/features keys it means (``-1`` counts from the end);
    a key given beside it must say the same."""
    if "shard_dim" not in body:
        return {}
    raw = body["shard_dim"]
    if isinstance(raw, bool) or not isinstance(raw, int) or not -rank <= raw < rank:
        raise SpecError(
            f"input {name!r}: shard_dim must be a dim of its {rank}-d shape, got {_shown(raw)}",
            line=line,
            op=name,
        )
    meant = _SHARDED_AS.get(raw % rank)
    if meant is None:
        raise SpecError(
            f"input {name!r}: shard_dim {raw} has no layout (0 shards the tokens, 1 the first "
            "feature dim)",
            line=line,
            op=name,
        )
    for key, value in meant.items():
        if key in body and body[key] != value:
            raise SpecError(
                f"input {name!r}: shard_dim {raw} means {key}: {value}, not {_shown(body[key])}",
                line=line,
                op=name,
            )
    return meant


def _shown(value: object) -> str:
    """A value for a message: its repr, cut to a line's worth."""
    text = repr(value)
    return text if len(text) <= 80 else text[:80] + "…"


def _group_name(raw: object, name: object, line: int | None) -> str:
    if not isinstance(raw, str):
        raise SpecError(
            f"input {name!r}: group must name a group, got {_shown(raw)}", line=line, op=str(name)
        )
    return raw


def _enum(
    enum_type: Any, raw: object, allowed: tuple[str, ...] | None, name: object, line: int | None
) -> Any:
    choices = allowed or tuple(member.value for member in enum_type)
    if raw not in choices:
        raise SpecError(
            f"input {name!r}: expected one of {', '.join(choices)}, got {_shown(raw)}",
            line=line,
            op=str(name),
        )
    return enum_type(raw)


def _ops(raw: object, lines: Mapping[str, int]) -> tuple[Op, ...]:
    if not isinstance(raw, list):
        raise SpecError("ops must be a list of {name, op, inputs, attrs}")
    ops = []
    for position, body in enumerate(raw):
        if not isinstance(body, dict):
            raise SpecError(f"op #{position} is not a mapping")
        name = body.get("name")
        line = lines.get(f"op#{position}")
        if not isinstance(name, str) or not name:
            raise SpecError(f"op #{position} has no name", line=line)
        line = line or lines.get(name)
        extra = [key for key in body if key not in _OP_KEY_SET]
        if extra:
            extra = sorted(map(str, extra))
            raise SpecError(
                f"unknown key {extra[0]!r} (an op has {', '.join(OP_KEYS)})", op=name, line=line
            )
        kind = body.get("op")
        if not isinstance(kind, str):
            raise SpecError("missing 'op' (the op kind)", op=name, line=line)
        reads = body.get("inputs", [])
        if not isinstance(reads, list) or not all(isinstance(r, str) for r in reads):
            raise SpecError("inputs must be a list of value names", op=name, line=line)
        attrs_raw = body.get("attrs", {}) or {}
        if not isinstance(attrs_raw, dict):
            raise SpecError("attrs must be a mapping", op=name, line=line)
        # lists become tuples: attrs are hashable, so 78 identical layers parse once
        attr_values = {str(k): tuple(v) if isinstance(v, list) else v for k, v in attrs_raw.items()}
        role, layer = _facts(body, name, kind, line)
        ops.append(
            Op(
                name,
                kind,
                tuple(ValueRef.parse(r) for r in reads),
                freeze_attrs(attr_values),
                line,
                role=role,
                layer=layer,
                local=_local(body, name, layer, line),
            )
        )
    return tuple(ops)


def _facts(
    body: Mapping[str, Any], name: str, kind: str, line: int | None
) -> tuple[Role | None, int | None]:
    """An op's role and layer: as the file states them, else as its HF module path implies."""
    raw_role = body.get("role", _UNSET)
    role: Role | None
    if raw_role is _UNSET:
        role = role_from_hf_name(name, kind)
    elif raw_role is None:
        role = None
    elif not isinstance(raw_role, str):
        raise SpecError(
            f"role must be text such as attention.o_proj, got {_shown(raw_role)}", op=name
        )
    else:
        try:
            role = Role.parse(raw_role)
        except RoleError as error:
            raise SpecError(str(error), op=name, line=line) from None
    raw_layer = body.get("layer", _UNSET)
    if raw_layer is _UNSET:
        return role, layer_from_hf_name(name)
    if raw_layer is not None and (
        isinstance(raw_layer, bool)
        or not isinstance(raw_layer, int)
        or not 0 <= raw_layer < MAX_LAYERS
    ):
        raise SpecError(
            f"layer must be a decoder layer index (0 … {MAX_LAYERS - 1}) or null, got "
            f"{_shown(raw_layer) if not isinstance(raw_layer, int) else shown(raw_layer)}",
            op=name,
            line=line,
        )
    return role, raw_layer


_UNSET = object()


def _local(body: Mapping[str, Any], name: str, layer: int | None, line: int | None) -> str | None:
    """An op's name within its layer: as the file states it, else the rest of its name after
    its layer's HF module path (``model.layers.5.``)."""
    raw = body.get("local", _UNSET)
    if raw is _UNSET:
        return None if layer is None else local_from_hf_name(name, layer)
    if raw is not None and (not isinstance(raw, str) or not raw):
        raise SpecError(
            f"local must be the op's name within its layer (text), got {_shown(raw)}",
            op=name,
            line=line,
        )
    return raw


# -- writing --------------------------------------------------------------------------------


def graph_to_data(graph: Graph) -> dict[str, Any]:
    """The file form of a graph (canonical op kinds and attr spellings)."""
    data: dict[str, Any] = {"format": FORMAT, "name": graph.name}
    if graph.contract is not None:
        data["contract"] = graph.contract
    data["symbols"] = dict(graph.symbols)
    data["token_count"] = to_file_value(graph.token_count)
    data["groups"] = {name: to_file_value(size) for name, size in graph.groups}
    data["inputs"] = {spec.name: _input_data(spec) for spec in graph.inputs}
    data["ops"] = [_op_data(op) for op in graph.ops]
    data["outputs"] = [str(ref) for ref in graph.outputs]
    regions = graph.repetition()
    if regions:
        data["regions"] = [{"layer": r.first, "repeat": r.repeat} for r in regions]
    if graph.requests is not None:
        data["requests"] = _requests_data(graph.requests)
    return data


def _requests_data(requests: Requests) -> dict[str, Any]:
    from layoutcheck.requests import display

    def value(expr: Expr) -> int | str:
        return int(expr) if expr.is_Integer else display(expr)

    def array(items: RequestArray) -> object:
        return [value(v) for v in items] if isinstance(items, tuple) else value(items)

    body: dict[str, Any] = {
        "slots": value(requests.slots),
        "query_start_loc": array(requests.query_start_loc),
        "seq_lens": array(requests.seq_lens),
    }
    if requests.local_seq_lens is not None:
        body["local_seq_lens"] = value(requests.local_seq_lens)
    return body


def _input_data(spec: InputSpec) -> dict[str, Any]:
    body: dict[str, Any] = {"shape": [to_file_value(d) for d in spec.shape]}
    body["tokens"] = spec.tokens.value
    body["features"] = spec.features.value
    body["dtype"] = spec.dtype.value
    if spec.group != "tp":
        body["group"] = spec.group
    return body


def _op_data(op: Op) -> dict[str, Any]:
    body: dict[str, Any] = {"name": op.name, "op": op.kind, "inputs": [str(r) for r in op.inputs]}
    if op.attrs:
        body["attrs"] = {key: _attr_data(value) for key, value in op.attrs}
    # a role and a local name are written where the name does not already imply them, so
    # HF-named files stay readable and any other file reads back to the same graph; the layer
    # always, so no file layoutcheck writes needs its names read for it
    if op.role != role_from_hf_name(op.name, op.kind):
        body["role"] = None if op.role is None else str(op.role)
    if op.layer is not None or layer_from_hf_name(op.name) is not None:
        body["layer"] = op.layer
    implied = None if op.layer is None else local_from_hf_name(op.name, op.layer)
    if op.local != implied:
        body["local"] = op.local
    return body


def _attr_data(value: object) -> object:
    if isinstance(value, bool | str):
        return value
    if isinstance(value, tuple):
        return [to_file_value(v) for v in value]
    return to_file_value(value)


def dumps_graph(graph: Graph, kind: str = "yaml") -> str:
    data = graph_to_data(graph)
    if kind == "json":
        return json.dumps(data, indent=1) + "\n"
    return str(
        yaml.dump(data, Dumper=_SafeDumper, sort_keys=False, default_flow_style=None, width=100)
    )


def write_graph(graph: Graph, path: str | Path) -> None:
    """Write a graph file (JSON for a ``.json`` path); raises :class:`SpecError`."""
    file = Path(path)
    text = dumps_graph(graph, "json" if file.suffix.lower() == ".json" else "yaml")
    write_text(file, text, SpecError)
