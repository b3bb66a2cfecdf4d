"""Reading a torch.export archive (``.pt2``) into an :class:`EngineProgram`, without torch.

Only ``<name>/models/model.json`` and layoutcheck's own settings member are read; weights and the
pickled ``data/sample_inputs/model.pt`` are never opened, nothing is extracted to disk.
"""

from __future__ import annotations

import collections
import os
import re
import struct
import zipfile
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import BinaryIO, TypeVar

import attrs

from layoutcheck.engines.program import (
    SYMBOLIC_DTYPE,
    Arg,
    ArgKind,
    EngineNode,
    EngineProgram,
    Frame,
    GraphInput,
    TensorMeta,
    dtype_from_code,
)
from layoutcheck.engines.read import (
    ReadError,
    loads_json,
    normalise_target,
    open_regular_file,
    shown,
    size_text,
    unwrap_functionalized,
)

T = TypeVar("T")


@attrs.frozen
class ArchiveLimits:
    """How much an archive may make the reader do. Each default is far above a real graph (the
    4-layer GLM-5.1 archives: 15 members, a 1.7 MB model.json nested 12 deep) and far below what
    would hurt: the checks run before the work they bound."""

    file_bytes: int = 2**30  # the whole .pt2; meta weights keep real ones to a few MB
    members: int = 10_000  # torch.export writes ~10 members plus one per weight and constant
    central_directory_bytes: int = 16 * 2**20  # ~1.6 KB per member: room for long names
    model_json_bytes: int = 128 * 2**20  # 2x an unrolled 100-layer graph (~60 MB)
    settings_bytes: int = 2**20  # a dozen keys
    json_depth: int = 200  # model.json nests ~12 deep; json's C parser recurses per level
    nodes: int = 30_000  # as an fx text dump's (TextLimits.nodes): what lowers in seconds
    results_per_node: int = 65_536  # as an fx text dump's; the widest real op: a 256-way split
    tensors: int = 100_000  # tensor_values: one per node result and weight (~1,100 in GLM-5.1's)
    # JSON objects and arrays in model.json, counted as "{" and "[" bytes (an upper bound)
    # before json.loads: 120 MiB of "{}," would be 40 million dicts, several GB, before any
    # node count could refuse them. A real one has about 22 per KB (37,000 in the 4-layer
    # GLM-5.1's 1.7 MB, 75 a node), so this is a 45 MB graph of about 13,000 nodes (an
    # unrolled 100-layer GLM-5.1), which reads in about 2 s; json.loads alone holds a million
    # small objects in about 0.2 GB and 0.8 s
    json_containers: int = 1_000_000
    int_digits: int = 30  # sizes and ids fit in 20; int() of a huge literal is quadratic


DEFAULT_LIMITS = ArchiveLimits()

SCHEMA_MAJOR = 8  # torch.export's serde schema this reader was written against (8.20 seen)
MODEL_JSON = "models/model.json"
SETTINGS_JSON = "extra/layoutcheck_settings.json"  # written by layoutcheck's capture helper
_SETTINGS_DEPTH = 16
_CUSTOM_DEPTH = 16  # node metadata["custom"] is a small JSON object inside a JSON string


def read_archive(
    path: str | os.PathLike[str], *, limits: ArchiveLimits = DEFAULT_LIMITS
) -> EngineProgram:
    """Read the graph of a torch.export archive. Raises :class:`ReadError` naming the file."""
    source = os.fspath(path)
    try:
        with open_regular_file(path, max_bytes=limits.file_bytes, what="a .pt2 archive") as stream:
            model_bytes, settings_bytes = _read_members(stream, limits)
        _check_containers(model_bytes, limits)
        document = loads_json(
            model_bytes,
            what="models/model.json",
            max_depth=limits.json_depth,
            max_int_digits=limits.int_digits,
        )
        settings = _settings(settings_bytes, limits)
        return _Reader(source, limits).program(document, settings)
    except ReadError as error:
        raise error.located(source) from None


# -- the zip -------------------------------------------------------------------------------------

_EOCD = b"PK\x05\x06"
_EOCD_BYTES = 22
_MAX_COMMENT = 0xFFFF
_ZIP64_LOCATOR = b"PK\x06\x07"
_ZIP64_LOCATOR_BYTES = 20
_ZIP64_EOCD = b"PK\x06\x06"
_ZIP64_EOCD_BYTES = 56
_ENCRYPTED = 0x1


def _read_members(stream: BinaryIO, limits: ArchiveLimits) -> tuple[bytes, bytes | None]:
    _check_central_directory(stream, limits)
    try:
        archive = zipfile.ZipFile(stream)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError) as error:
        raise ReadError(f"is not a readable zip archive ({_reason(error)})") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > limits.members:  # the end record can lie about the count
            raise ReadError(f"has {len(infos)} zip members, over the limit of {limits.members}")
        model = _model_member(infos)
        prefix = model.filename.removesuffix(MODEL_JSON)
        model_bytes = _read_member(archive, model, limits.model_json_bytes)
        settings = next((i for i in infos if i.filename == prefix + SETTINGS_JSON), None)
        settings_bytes = (
            None if settings is None else _read_member(archive, settings, limits.settings_bytes)
        )
    return model_bytes, settings_bytes


def _check_central_directory(stream: BinaryIO, limits: ArchiveLimits) -> None:
    """Refuse an archive with too many members before ``zipfile`` builds one object per member:
    the end-of-central-directory record (zip64 when big) states the count and the directory size.
    """
    size = stream.seek(0, os.SEEK_END)
    tail_bytes = min(size, _EOCD_BYTES + _MAX_COMMENT)
    stream.seek(size - tail_bytes)
    tail = stream.read(tail_bytes)
    at = tail.rfind(_EOCD)
    if at < 0 or len(tail) - at < _EOCD_BYTES:
        raise ReadError("is not a zip archive (no end-of-central-directory record)")
    entries, directory_bytes = struct.unpack_from("<HI", tail, at + 10)
    if entries == 0xFFFF or directory_bytes == 0xFFFFFFFF:  # the real values are in zip64's
        entries, directory_bytes = _zip64_counts(stream, tail, at, size) or (
            entries,
            directory_bytes,
        )
    if entries > limits.members:
        raise ReadError(f"declares {entries} zip members, over the limit of {limits.members}")
    if directory_bytes > limits.central_directory_bytes:
        raise ReadError(
            f"declares a {directory_bytes}-byte zip directory, over the "
            f"{size_text(limits.central_directory_bytes)} limit"
        )
    stream.seek(0)


def _zip64_counts(stream: BinaryIO, tail: bytes, eocd: int, size: int) -> tuple[int, int] | None:
    """Member count and directory size from the zip64 end record, which the locator just before
    the classic end record points at; None when there is none (zipfile then judges)."""
    locator = eocd - _ZIP64_LOCATOR_BYTES
    if locator < 0 or tail[locator : locator + 4] != _ZIP64_LOCATOR:
        return None
    (offset,) = struct.unpack_from("<Q", tail, locator + 8)
    if offset + _ZIP64_EOCD_BYTES > size:
        return None
    stream.seek(offset)
    record = stream.read(_ZIP64_EOCD_BYTES)
    if record[:4] != _ZIP64_EOCD:
        return None
    entries, directory_bytes = struct.unpack_from("<QQ", record, 32)
    return entries, directory_bytes


def _model_member(infos: list[zipfile.ZipInfo]) -> zipfile.ZipInfo:
    models = [info for info in infos if _is_model_json(info.filename)]
    if len(models) == 1:
        return models[0]
    if not models:
        names = ", ".join(shown(info.filename, 60) for info in infos[:5])
        more = f" and {len(infos) - 5} more" if len(infos) > 5 else ""
        raise ReadError(
            f"has no <name>/{MODEL_JSON} member, so it is not a torch.export archive "
            f"(members: {names or 'none'}{more})"
        )
    names = ", ".join(shown(info.filename, 60) for info in models[:3])
    raise ReadError(f"has {len(models)} {MODEL_JSON} members ({names}); expected one")


def _is_model_json(name: str) -> bool:
    prefix, slash, rest = name.partition("/")
    return name == MODEL_JSON or (bool(prefix) and bool(slash) and rest == MODEL_JSON)


def _read_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int) -> bytes:
    what = shown(info.filename, 80)
    if info.flag_bits & _ENCRYPTED:
        raise ReadError(f"member {what} is encrypted")
    if info.file_size > limit:
        raise ReadError(
            f"member {what} declares {info.file_size} bytes uncompressed, "
            f"over the {size_text(limit)} limit"
        )
    try:
        with archive.open(info) as member:
            # limit + 1: a header that lies about the size still cannot make us inflate more
            data = member.read(limit + 1)
    # zipfile's decompressors raise a zoo of types (BadZipFile on a bad CRC, EOFError when
    # truncated, zlib.error, lzma.LZMAError, NotImplementedError for an unknown method); every
    # one of them means a damaged member.
    except Exception as error:
        raise ReadError(f"member {what} is damaged ({_reason(error)})") from None
    if len(data) > limit:
        raise ReadError(f"member {what} inflates past the {size_text(limit)} limit")
    return data


def _reason(error: BaseException) -> str:
    text = str(error) or type(error).__name__
    return text if len(text) <= 160 else text[:157] + "…"


def _check_containers(data: bytes, limits: ArchiveLimits) -> None:
    containers = data.count(b"{") + data.count(b"[")  # C loops: linear, before any parsing
    if containers > limits.json_containers:
        raise ReadError(
            f"{MODEL_JSON} holds about {containers:,} JSON containers (objects and arrays), "
            f"over the limit of {limits.json_containers:,}"
        )


# What a recorded setting may be, as the command-line flags and a capture bound it (the
# readers import nothing outside layoutcheck.engines; a test keeps these equal to
# layoutcheck.limits). Whole numbers run from 1 to the bound; text is a short printable name.
RECORDED_INTEGERS: Mapping[str, int] = {
    "tp": 2**20,  # MAX_PARALLEL, as --tp
    "dp": 2**20,
    "ep": 2**20,
    "tokens": 10**9,  # MAX_TOKENS, as --tokens
    "context": 10**9,
}
RECORDED_TEXT = ("engine", "model", "phase", "quant")
MAX_RECORDED_CHARS = 255  # a model name or path component; a file system refuses longer
# control characters would reach the terminal in every note naming the setting; a lone
# surrogate (a JSON "\ud800") cannot be written as UTF-8 at all
_UNPRINTABLE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff]"
)


def _check_recorded(settings: Mapping[str, object]) -> None:
    """Refuse a recorded setting the command line would refuse, naming it. (A value of another
    type is no setting at all: the settings reader skips it, as before.)"""
    for key, bound in RECORDED_INTEGERS.items():
        value = settings.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and not 1 <= value <= bound:
            raise ReadError(
                f"{SETTINGS_JSON}: {key} is {_recorded_shown(value)}; a recorded {key} is a "
                f"whole number from 1 to {bound:,}"
            )
    for key in RECORDED_TEXT:
        value = settings.get(key)
        if not isinstance(value, str):
            continue
        if not 0 < len(value) <= MAX_RECORDED_CHARS:
            raise ReadError(
                f"{SETTINGS_JSON}: {key} is {_recorded_shown(value)}; a recorded {key} is text "
                f"of 1 to {MAX_RECORDED_CHARS} characters"
            )
        bad = _UNPRINTABLE.search(value)
        if bad is not None:
            kind = "lone surrogate" if "\ud800" <= bad.group() <= "\udfff" else "control character"
            raise ReadError(
                f"{SETTINGS_JSON}: {key} {_recorded_shown(value)} holds the {kind} {bad.group()!a}"
            )


def _recorded_shown(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**15:
        return f"an integer of {len(str(abs(value)))} digits"
    if isinstance(value, str) and len(value) > 40:
        return f"{value[:40]!a}… ({len(value)} characters)"
    if isinstance(value, str | int | float | bool):
        return ascii(value)
    return _kind_name(value)


SETTINGS_FILE = "layoutcheck_settings.json"  # beside text dumps: `trace vllm -o` writes one


def read_settings_file(path: str | os.PathLike[str]) -> Mapping[str, object]:
    """The settings a capture recorded beside its text dumps (the archive member's keys, read
    and refused as the archive's are); empty when there is no such file."""
    target = os.fspath(path)
    if not os.path.isfile(target):
        return MappingProxyType({})
    limits = DEFAULT_LIMITS
    try:
        with open(target, "rb") as stream:
            data = stream.read(limits.settings_bytes + 1)
    except OSError as error:
        raise ReadError(f"cannot read it: {error.strerror or error}", source=target) from None
    if len(data) > limits.settings_bytes:
        raise ReadError(f"over {limits.settings_bytes:,} bytes of settings", source=target)
    try:
        return _settings(data, limits)
    except ReadError as error:
        raise ReadError(error.message, source=target) from None


def _settings(data: bytes | None, limits: ArchiveLimits) -> Mapping[str, object]:
    if data is None:
        return MappingProxyType({})
    value = loads_json(
        data, what=SETTINGS_JSON, max_depth=_SETTINGS_DEPTH, max_int_digits=limits.int_digits
    )
    if not isinstance(value, dict):
        raise ReadError(f"{SETTINGS_JSON} is not a JSON object")
    _check_recorded(value)
    return _frozen_object(value)


def _frozen_object(value: dict[str, object]) -> Mapping[str, object]:
    return MappingProxyType({str(k): _frozen_json(v) for k, v in value.items()})


def _frozen_json(value: object) -> object:
    """JSON as immutable values: objects become read-only mappings, arrays tuples (depth is
    bounded by the caller's parse)."""
    if isinstance(value, dict):
        return _frozen_object(value)
    if isinstance(value, list):
        return tuple(_frozen_json(v) for v in value)
    return value


# -- structure checks ----------------------------------------------------------------------------


def _kind_name(value: object) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}.get(
        type(value), "null" if value is None else f"a {type(value).__name__}"
    )


def _typed(value: object, kind: type[T], where: str) -> T:
    if isinstance(value, kind) and not (kind is int and isinstance(value, bool)):
        return value
    expected = {dict: "an object", list: "a list", str: "a string", int: "an integer"}.get(
        kind, kind.__name__
    )
    raise ReadError(f"{where} must be {expected}, not {_kind_name(value)}")


def _field(obj: Mapping[str, object], key: str, kind: type[T], where: str) -> T:
    if key not in obj:
        raise ReadError(f"{where} has no {key!r}")
    return _typed(obj[key], kind, f"{where}.{key}")


def _optional_field(obj: Mapping[str, object], key: str, kind: type[T], where: str) -> T | None:
    value = obj.get(key)
    return None if value is None else _typed(value, kind, f"{where}.{key}")


def _union(value: object, where: str) -> tuple[str, object]:
    """The one (form, payload) of a serialised union such as ``{"as_tensor": {...}}``."""
    obj = _typed(value, dict, where)
    if len(obj) != 1:
        raise ReadError(f"{where} must have exactly one field, not {len(obj)}")
    ((form, payload),) = obj.items()
    return form, payload


def _int(value: object, where: str) -> int:
    return _typed(value, int, where)


def _float(value: object, where: str) -> float:
    # json reads NaN/Infinity itself; some writers spell them as strings
    if isinstance(value, str) and value.lower() in _FLOAT_WORDS:
        return float(_FLOAT_WORDS[value.lower()])
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ReadError(f"{where} must be a number, not {_kind_name(value)}")
    return float(value)


_FLOAT_WORDS = {"inf": "inf", "infinity": "inf", "-inf": "-inf", "-infinity": "-inf", "nan": "nan"}


def _bool(value: object, where: str) -> bool:
    return _typed(value, bool, where)


def _str(value: object, where: str) -> str:
    return _typed(value, str, where)


def _list_of(value: object, item: Callable[[object, str], T], where: str) -> tuple[T, ...]:
    return tuple(item(v, f"{where}[{i}]") for i, v in enumerate(_typed(value, list, where)))


def _tensor_name(value: object, where: str) -> str:
    return _field(_typed(value, dict, where), "name", str, where)


def _optional_tensor(value: object, where: str) -> str | None:
    form, payload = _union(value, where)
    if form == "as_tensor":
        return _tensor_name(payload, f"{where}.as_tensor")
    if form == "as_none":
        return None
    raise ReadError(f"{where} must be as_tensor or as_none, not {shown(form, 40)}")


def _sym_value(value: object, where: str) -> int | float | bool | str:
    """A SymInt/SymFloat/SymBool argument: a literal, or the name of the value holding it."""
    form, payload = _union(value, where)
    if form == "as_name":
        return _str(payload, f"{where}.as_name")
    if form == "as_int":
        return _int(payload, f"{where}.as_int")
    if form == "as_float":
        return _float(payload, f"{where}.as_float")
    if form == "as_bool":
        return _bool(payload, f"{where}.as_bool")
    if form == "as_expr":
        return _expr(payload, f"{where}.as_expr")
    raise ReadError(f"{where} has an unknown symbolic form {shown(form, 40)}")


def _expr(value: object, where: str) -> str:
    return _field(_typed(value, dict, where), "expr_str", str, where)


# -- argument forms ------------------------------------------------------------------------------

_LAYOUTS = {0: "unknown", 1: "sparse_coo", 2: "sparse_csr", 3: "sparse_csc", 4: "sparse_bsr"}
_LAYOUTS |= {5: "sparse_bsc", 6: "_mkldnn", 7: "strided"}
_MEMORY_FORMATS = {0: "unknown", 1: "contiguous_format", 2: "channels_last"}
_MEMORY_FORMATS |= {3: "channels_last_3d", 4: "preserve_format"}


def _sym(value: object, where: str) -> tuple[ArgKind, object]:
    literal = _sym_value(value, where)
    if isinstance(literal, bool):
        return ArgKind.BOOL, literal
    if isinstance(literal, int):
        return ArgKind.INT, literal
    if isinstance(literal, float):
        return ArgKind.FLOAT, literal
    return ArgKind.SYM, literal


def _device(value: object, where: str) -> tuple[ArgKind, object]:
    obj = _typed(value, dict, where)
    kind = _field(obj, "type", str, where)
    index = _optional_field(obj, "index", int, where)
    return ArgKind.OTHER, kind if index is None else f"{kind}:{index}"


def _enum_text(
    table: Mapping[int, str], what: str
) -> Callable[[object, str], tuple[ArgKind, object]]:
    def parse(value: object, where: str) -> tuple[ArgKind, object]:
        code = _int(value, where)
        return ArgKind.OTHER, table.get(code, f"{what} {code}")

    return parse


def _complex(value: object, where: str) -> tuple[ArgKind, object]:
    obj = _typed(value, dict, where)
    real, imag = _float(obj.get("real"), f"{where}.real"), _float(obj.get("imag"), f"{where}.imag")
    return ArgKind.OTHER, f"complex({real}, {imag})"


_ArgumentParser = Callable[[object, str], tuple[ArgKind, object]]

# Every `Argument` form of schema 8.x that carries data a layout reader may want, with the kind
# it becomes. A form missing here (as_graph's subgraphs, nested lists, dicts) is kept as OTHER.
ARGUMENT_FORMS: Mapping[str, _ArgumentParser] = {
    "as_none": lambda v, w: (ArgKind.NONE, None),
    "as_tensor": lambda v, w: (ArgKind.TENSOR, _tensor_name(v, w)),
    "as_tensors": lambda v, w: (ArgKind.TENSORS, _list_of(v, _tensor_name, w)),
    "as_optional_tensors": lambda v, w: (ArgKind.TENSORS, _list_of(v, _optional_tensor, w)),
    "as_optional_tensor": lambda v, w: (
        (ArgKind.NONE, None) if (name := _optional_tensor(v, w)) is None else (ArgKind.TENSOR, name)
    ),
    "as_int": lambda v, w: (ArgKind.INT, _int(v, w)),
    "as_ints": lambda v, w: (ArgKind.INTS, _list_of(v, _int, w)),
    "as_float": lambda v, w: (ArgKind.FLOAT, _float(v, w)),
    "as_floats": lambda v, w: (ArgKind.FLOATS, _list_of(v, _float, w)),
    "as_bool": lambda v, w: (ArgKind.BOOL, _bool(v, w)),
    "as_bools": lambda v, w: (ArgKind.BOOLS, _list_of(v, _bool, w)),
    "as_string": lambda v, w: (ArgKind.STR, _str(v, w)),
    "as_strings": lambda v, w: (ArgKind.STRS, _list_of(v, _str, w)),
    "as_scalar_type": lambda v, w: (ArgKind.DTYPE, dtype_from_code(_int(v, w))),
    "as_layout": _enum_text(_LAYOUTS, "layout"),
    "as_memory_format": _enum_text(_MEMORY_FORMATS, "memory format"),
    "as_device": _device,
    "as_operator": lambda v, w: (ArgKind.OPERATOR, normalise_target(_str(v, w))),
    "as_sym_int": _sym,
    "as_sym_float": _sym,
    "as_sym_bool": _sym,
    "as_sym_ints": lambda v, w: (ArgKind.SYMS, _list_of(v, _sym_value, w)),
    "as_sym_floats": lambda v, w: (ArgKind.SYMS, _list_of(v, _sym_value, w)),
    "as_sym_bools": lambda v, w: (ArgKind.SYMS, _list_of(v, _sym_value, w)),
    "as_expr": lambda v, w: (ArgKind.SYM, _expr(v, w)),
    "as_complex": _complex,
    "as_graph": lambda v, w: (ArgKind.OTHER, f"graph {_field(_typed(v, dict, w), 'name', str, w)}"),
    "as_custom_obj": lambda v, w: (
        ArgKind.OTHER,
        f"custom object {_field(_typed(v, dict, w), 'class_fqn', str, w)}",
    ),
}

# Input specs of the graph signature: (GraphInput kind, the field naming the module attribute).
# Tokens (effect ordering) and script objects carry no tensor data: constants to a layout reader.
INPUT_SPEC_KINDS: Mapping[str, tuple[str, str | None]] = {
    "user_input": ("user_input", None),
    "parameter": ("parameter", "parameter_name"),
    "buffer": ("buffer", "buffer_name"),
    "tensor_constant": ("constant", "tensor_constant_name"),
    "custom_obj": ("constant", "custom_obj_name"),
    "token": ("constant", None),
    "constant_input": ("constant", None),
}

# One attempt per line of a stack trace (fullmatch on the stripped line), so it stays linear.
_STACK_FRAME = re.compile(r'File "(?P<file>[^"]*)", line (?P<line>\d{1,9}), in (?P<fn>.*)')


# -- the document --------------------------------------------------------------------------------


class _Reader:
    """One document's walk: the names defined so far and what to warn about."""

    def __init__(self, source: str, limits: ArchiveLimits):
        self.source = source
        self.limits = limits
        self._custom_seen: dict[str, tuple[str | None, str | None, str | None]] = {}
        self.defined: set[str] = set()
        self.unknown_forms: collections.Counter[str] = collections.Counter()
        self.unknown_dtypes: set[str] = set()
        self.skipped_inputs: list[str] = []

    def program(self, document: object, settings: Mapping[str, object]) -> EngineProgram:
        top = _typed(document, dict, "model.json")
        schema = self._schema_version(top)
        torch_version = _optional_field(top, "torch_version", str, "model.json")
        graph_module = _field(top, "graph_module", dict, "model.json")
        graph = _field(graph_module, "graph", dict, "graph_module")
        signature = _field(graph_module, "signature", dict, "graph_module")
        tensors = self._tensor_metas(graph)
        inputs = self._inputs(signature, tensors)
        raw_nodes = _field(graph, "nodes", list, "graph")
        if len(raw_nodes) > self.limits.nodes:  # before any is read: lowering is the work
            raise ReadError(
                f"graph has {len(raw_nodes):,} nodes, over the limit of {self.limits.nodes:,}"
            )
        nodes = tuple(self._node(index, raw) for index, raw in enumerate(raw_nodes))
        outputs = tuple(
            self._graph_output(raw, f"graph.outputs[{i}]")
            for i, raw in enumerate(_field(graph, "outputs", list, "graph"))
        )
        return EngineProgram(
            source=self.source,
            format="pt2",
            inputs=inputs,
            nodes=nodes,
            outputs=outputs,
            tensors=tensors,
            settings=settings,
            schema_version=schema,
            torch_version=torch_version,
            warnings=self._warnings(),
        )

    def _schema_version(self, top: Mapping[str, object]) -> tuple[int, int]:
        if "schema_version" not in top:
            raise ReadError("model.json has no schema_version, so it is not a torch.export graph")
        version = _field(top, "schema_version", dict, "model.json")
        major = _field(version, "major", int, "schema_version")
        minor = _field(version, "minor", int, "schema_version")
        if major != SCHEMA_MAJOR:
            raise ReadError(
                f"model.json has schema version {major}.{minor}; this layoutcheck reads "
                f"torch.export schema {SCHEMA_MAJOR}.x"
            )
        return major, minor

    # -- metas ---------------------------------------------------------------------------------

    def _tensor_metas(self, graph: Mapping[str, object]) -> dict[str, TensorMeta]:
        metas: dict[str, TensorMeta] = {}
        values = _optional_field(graph, "tensor_values", dict, "graph") or {}
        if len(values) > self.limits.tensors:  # before any is read: ~10 µs each
            raise ReadError(
                f"graph has {len(values):,} tensor values, "
                f"over the limit of {self.limits.tensors:,}"
            )
        for name, raw in values.items():
            where = f"tensor_values[{shown(name, 60)}]"
            meta = _typed(raw, dict, where)
            dtype = dtype_from_code(_field(meta, "dtype", int, where))
            if dtype.startswith("unknown:"):
                self.unknown_dtypes.add(dtype)
            shape = _list_of(_field(meta, "sizes", list, where), _size, f"{where}.sizes")
            metas[name] = TensorMeta(shape, dtype)
        for key in ("sym_int_values", "sym_float_values", "sym_bool_values"):
            for name, raw in (_optional_field(graph, key, dict, "graph") or {}).items():
                symbol = _sym_value(raw, f"{key}[{shown(name, 60)}]")
                metas[name] = TensorMeta((), SYMBOLIC_DTYPE, symbol=str(symbol))
        return metas

    # -- inputs --------------------------------------------------------------------------------

    def _inputs(
        self, signature: Mapping[str, object], tensors: Mapping[str, TensorMeta]
    ) -> tuple[GraphInput, ...]:
        inputs: list[GraphInput] = []
        specs = _field(signature, "input_specs", list, "signature")
        for index, raw in enumerate(specs):
            where = f"signature.input_specs[{index}]"
            form, payload = _union(raw, where)
            if form not in INPUT_SPEC_KINDS:
                raise ReadError(f"{where} has an unknown input kind {shown(form, 40)}")
            kind, attribute_field = INPUT_SPEC_KINDS[form]
            spec = _typed(payload, dict, f"{where}.{form}")
            name = self._input_name(form, spec, f"{where}.{form}")
            if name is None:
                self.skipped_inputs.append(str(index))
                continue
            attribute = (
                None
                if attribute_field is None
                else _field(spec, attribute_field, str, f"{where}.{form}")
            )
            self._define(name, where)
            inputs.append(GraphInput(name, kind, tensors.get(name), attribute))
        return tuple(inputs)

    def _input_name(self, form: str, spec: Mapping[str, object], where: str) -> str | None:
        if form == "constant_input":
            return _field(spec, "name", str, where)
        if form != "user_input":  # parameter, buffer, ...: a TensorArgument (or CustomObjArgument)
            return _tensor_name(spec.get("arg"), f"{where}.arg")
        arg_form, payload = _union(spec.get("arg"), f"{where}.arg")
        if arg_form in ("as_tensor", "as_custom_obj"):
            return _tensor_name(payload, f"{where}.arg.{arg_form}")
        if arg_form in ("as_sym_int", "as_sym_float", "as_sym_bool"):
            value = _sym_value(payload, f"{where}.arg.{arg_form}")
            return value if isinstance(value, str) else None
        return None  # a constant user input (as_int, as_none, …) is no graph value

    def _define(self, name: str, where: str) -> None:
        if name in self.defined:
            raise ReadError(f"{where} defines {shown(name, 60)} a second time")
        self.defined.add(name)

    # -- nodes ---------------------------------------------------------------------------------

    def _node(self, index: int, raw: object) -> EngineNode:
        where = f"node {index}"
        obj = _typed(raw, dict, where)
        name = _optional_field(obj, "name", str, where)
        if name is not None:
            where = f"node {index} ({shown(name, 60)})"
        target = normalise_target(_field(obj, "target", str, where))
        args = tuple(
            self._argument(item, f"{where} input {i}")
            for i, item in enumerate(_field(obj, "inputs", list, where))
        )
        for arg in args:
            for tensor in arg.tensor_names():
                if tensor not in self.defined:
                    raise ReadError(
                        f"{where}: argument {arg.name!r} reads {shown(tensor, 60)}, "
                        "which no input or earlier node defines"
                    )
        try:
            target, args, wrapper = unwrap_functionalized(target, args)
        except ReadError as error:
            raise ReadError(f"{where}: {error.message}") from None
        outputs = self._node_outputs(_field(obj, "outputs", list, where), where)
        for output in outputs:
            if output is not None:
                self._define(output, where)
        metadata = _optional_field(obj, "metadata", dict, where) or {}
        for key, value in metadata.items():
            _typed(value, str, f"{where} metadata[{shown(key, 40)}]")
        module, module_type, module_hint = self._module_info(metadata.get("custom"), where)
        stack = _stack(metadata.get("stack_trace"))
        return EngineNode(
            name=name if name is not None else next((o for o in outputs if o), f"node{index}"),
            target=target,
            args=args,
            outputs=outputs,
            module=module,
            module_type=module_type,
            module_hint=module_hint,
            source=(stack[-1][0], stack[-1][1]) if stack else None,
            stack=stack,
            wrapper=wrapper,
        )

    def _argument(self, raw: object, where: str) -> Arg:
        named = _typed(raw, dict, where)
        name = _optional_field(named, "name", str, where) or None  # a HOP's positional: ""
        if name is not None:
            where = f"{where} ({shown(name, 40)})"
        if "arg" not in named:
            raise ReadError(f"{where} has no 'arg'")
        form, payload = _union(named["arg"], f"{where}.arg")
        parse = ARGUMENT_FORMS.get(form)
        if parse is None:
            self.unknown_forms[form] += 1
            return Arg(name, ArgKind.OTHER, form)
        kind, value = parse(payload, f"{where}.arg.{form}")
        if kind is ArgKind.DTYPE and isinstance(value, str) and value.startswith("unknown:"):
            self.unknown_dtypes.add(value)
        return Arg(name, kind, value)

    def _node_outputs(self, raw: list[object], where: str) -> tuple[str | None, ...]:
        names: list[str | None] = []
        for index, item in enumerate(raw):
            at = f"{where} output {index}"
            form, payload = _union(item, at)
            if form == "as_tensor":
                names.append(_tensor_name(payload, f"{at}.as_tensor"))
            elif form == "as_tensors":  # a Tensor[] result: one output per element
                names.extend(_list_of(payload, _tensor_name, f"{at}.as_tensors"))
            elif form == "as_optional_tensors":
                names.extend(_list_of(payload, _optional_tensor, f"{at}.as_optional_tensors"))
            elif form in ("as_sym_int", "as_sym_float", "as_sym_bool"):
                value = _sym_value(payload, f"{at}.{form}")
                names.append(value if isinstance(value, str) else None)
            elif form == "as_custom_obj":
                names.append(_tensor_name(payload, f"{at}.as_custom_obj"))
            else:  # as_none, or a constant result: nothing a later node can read
                names.append(None)
            if len(names) > self.limits.results_per_node:  # each result is bound and typed
                raise ReadError(
                    f"{where} has over {self.limits.results_per_node:,} results (the limit)"
                )
        return tuple(names)

    def _graph_output(self, raw: object, where: str) -> str | None:
        form, payload = _union(raw, where)
        name: str | None = None
        if form == "as_tensor":
            name = _tensor_name(payload, f"{where}.as_tensor")
        elif form in ("as_sym_int", "as_sym_float", "as_sym_bool"):
            value = _sym_value(payload, f"{where}.{form}")
            name = value if isinstance(value, str) else None
        if name is not None and name not in self.defined:
            raise ReadError(f"{where} returns {shown(name, 60)}, which nothing defines")
        return name

    def _module_info(self, custom: object, where: str) -> tuple[str | None, str | None, str | None]:
        """``module``, ``module_type``, ``module_hint`` from ``metadata["custom"]``, itself a
        JSON string (TensorCast's capture writes one of the two forms)."""
        if not isinstance(custom, str):  # absent (metadata values were checked to be strings)
            return None, None, None
        cached = self._custom_seen.get(custom)
        if cached is not None:  # the nodes of one module call share their custom string
            return cached
        found = self._parse_module_info(custom, where)
        self._custom_seen[custom] = found
        return found

    def _parse_module_info(
        self, custom: str, where: str
    ) -> tuple[str | None, str | None, str | None]:
        what = f"{where} metadata custom"
        info = loads_json(
            custom.encode("utf-8", "surrogatepass"),  # a lone surrogate fails as "not UTF-8"
            what=what,
            max_depth=_CUSTOM_DEPTH,
            max_int_digits=self.limits.int_digits,
        )
        if not isinstance(info, dict):
            raise ReadError(f"{what} is not a JSON object")
        return (
            _optional_field(info, "module", str, what),
            _optional_field(info, "module_type", str, what),
            _optional_field(info, "module_hint", str, what),
        )

    def _warnings(self) -> tuple[str, ...]:
        warnings = []
        if self.unknown_forms:
            forms = ", ".join(f"{form} ×{n}" for form, n in sorted(self.unknown_forms.items()))
            warnings.append(f"arguments of forms this reader does not know, kept as OTHER: {forms}")
        if self.unknown_dtypes:
            codes = ", ".join(sorted(self.unknown_dtypes))
            warnings.append(f"dtype codes this reader does not know: {codes}")
        if self.skipped_inputs:
            inputs = ", ".join(self.skipped_inputs)
            warnings.append(f"constant user inputs (no graph value) skipped: input_specs {inputs}")
        return tuple(f"{self.source}: {warning}" for warning in warnings)


def _size(value: object, where: str) -> int | str:
    form, payload = _union(value, where)
    if form == "as_int":
        size = _int(payload, f"{where}.as_int")
        if size < 0:  # a graph file refuses it too; an export must never write one
            raise ReadError(f"{where}.as_int is {size}: a tensor size is never negative")
        return size
    if form == "as_expr":
        return _expr(payload, f"{where}.as_expr")
    if form == "as_name":
        return _str(payload, f"{where}.as_name")
    raise ReadError(f"{where} must be as_int or as_expr, not {shown(form, 40)}")


def _stack(trace: object) -> tuple[Frame, ...]:
    if not isinstance(trace, str):
        return ()
    frames = []
    for line in trace.split("\n"):
        match = _STACK_FRAME.fullmatch(line.strip())
        if match is not None:  # the source lines between frames do not match
            frames.append((match["file"], int(match["line"]), match["fn"].strip()))
    return tuple(frames)
