"""Hostile engine graphs inside every reader limit (issue 21, "Budgets, not just caps"): each
ends in under 5 s of CPU and 1 GB, with exit 0, 1 or 2, one stderr line and no traceback,
measured from outside the process by the hostile harness.

The reader's limits are sized by the work they let in: model.json's JSON containers and an fx
dump's syntax tokens are counted before anything is parsed, nodes after inlining before any is
built, and an engine graph's sizes and recorded settings get every check a graph file gets.
"""

from __future__ import annotations

import gzip
import io
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest

from layoutcheck.engines import ArchiveLimits, TextLimits
from layoutcheck.engines.archive import RECORDED_INTEGERS
from layoutcheck.limits import MAX_PARALLEL, MAX_TOKENS
from tests.helpers import ROOT
from tests.hostile_harness import Harness, Outcome

CPU_BOUND_S = 5.0
RSS_BOUND_MB = 1024.0
ENGINE_GRAPHS = ROOT / "tests" / "data" / "engine-graphs"
QWEN3 = ENGINE_GRAPHS / "qwen3-dense-tp2-sp-row-bf16"
NODE_LIMIT = TextLimits().nodes
TOKEN_LIMIT = TextLimits().syntax_tokens
SETTINGS_MEMBER = "extra/layoutcheck_settings.json"
TINY = ROOT / "tests" / "engines" / "vllm" / "qwen2-tiny.json"  # hidden size 64

# -- fx text dumps -------------------------------------------------------------------------------


def _dump(body: list[str], *, tokens: int = 16, classes: list[str] | None = None) -> str:
    """A print_readable dump: ids → embedding → ``x``, then ``body``, which returns."""
    head = [
        "class GraphModule(torch.nn.Module):",
        f'    def forward(self, ids: "i64[{tokens}]", table: "bf16[128, 64]"):',
        f'        x: "bf16[{tokens}, 64]" = torch.ops.aten.embedding.default(table, ids)',
    ]
    return "\n".join([*head, *(f"        {line}" for line in body), *(classes or [])]) + "\n"


def _unknown_chain(nodes: int) -> str:
    """``nodes`` ops the op maps do not know, each on the last."""
    body, previous = [], "x"
    for i in range(nodes):
        body.append(f'a{i}: "bf16[16, 64]" = torch.ops.foo.bar.default({previous})')
        previous = f"a{i}"
    return _dump([*body, f"return ({previous},)"])


def _terse_chain(nodes: int) -> str:
    """A million nodes in 30 MB, under the file limit: the reader must refuse it unparsed."""
    body = [f"a{i} = torch.ops.f.b(a{i - 1})" for i in range(1, nodes)]
    return _dump(["a0 = torch.ops.f.b(x)", *body, f"return (a{nodes - 1},)"])


def _token_split(results: int) -> str:
    """A split of the tokens into ``results`` pieces of one token, each read."""
    sizes = ", ".join(["1"] * results)
    body = [f"s = torch.ops.aten.split_with_sizes.default(x, [{sizes}], 0)"]
    body += [f'g{i}: "bf16[1, 64]" = s[{i}]' for i in range(results)]
    body.append("return (g0,)")
    return _dump(body, tokens=results)


def _split_read_past_its_results(index: int) -> str:
    return _dump(
        [
            "s = torch.ops.aten.split_with_sizes.default(x, [8, 8], 0)",
            f'g: "bf16[8, 64]" = s[{index}]',
            "return (g,)",
        ]
    )


def _huge_argument_list(items: int) -> str:
    return _dump(
        [
            f'v: "bf16[16, 64]" = torch.ops.aten.view.default(x, [{", ".join(["0"] * items)}])',
            "return (v,)",
        ]
    )


def _calls_four_ways(depth: int) -> str:
    """Submodules that each call the next one four times, ``depth`` deep: 4**depth inlined ops
    from a few kilobytes."""
    classes = []
    for level in range(1, depth + 1):
        pad = "    " * level
        classes.append(f"{pad}class submod_{level}(torch.nn.Module):")
        classes.append(f'{pad}    def forward(self, y: "bf16[16, 64]"):')
        if level < depth:
            for k in range(4):
                classes.append(f"{pad}        y{k} = self.submod_{level + 1}(y)")
            classes.append(f"{pad}        return y3")
        else:
            classes.append(f'{pad}        z: "bf16[16, 64]" = torch.ops.aten.neg.default(y)')
            classes.append(f"{pad}        return (z,)")
    return _dump(["r = self.submod_1(x)", "return (r,)"], classes=classes)


def _negative_tokens() -> str:
    return _dump(['n: "bf16[-16, 64]" = torch.ops.aten.neg.default(x)', "return (n,)"])


def _graph_text(nodes: int, graphs: int = 1) -> str:
    """A ``Graph.__str__`` log of ``graphs`` graphs of ``nodes`` unknown ops each (no metadata,
    so no shapes: read, then refused for that)."""
    lines = [
        "graph():",
        "    %ids : [num_users=1] = placeholder[target=ids]",
        "    %table : [num_users=1] = placeholder[target=table]",
        "    %x : [num_users=1] = call_function[target=torch.ops.aten.embedding.default]"
        "(args = (%table, %ids), kwargs = {})",
    ]
    previous = "x"
    for i in range(nodes):
        lines.append(
            f"    %a{i} : [num_users=1] = call_function[target=torch.ops.f.b]"
            f"(args = (%{previous},), kwargs = {{}})"
        )
        previous = f"a{i}"
    lines.append(f"    return ({previous},)")
    return "\n".join(lines * graphs) + "\n"


# -- archives ------------------------------------------------------------------------------------


def _rewritten(archive: Path, changes: dict[str, bytes | None]) -> bytes:
    """``archive``'s members with ``changes`` (a member's new bytes, None to drop it)."""
    out = io.BytesIO()
    with zipfile.ZipFile(archive) as source, zipfile.ZipFile(out, "w") as target:
        root = source.namelist()[0].split("/")[0]
        for info in source.infolist():
            name = info.filename.removeprefix(f"{root}/")
            if name in changes:
                continue
            target.writestr(info, source.read(info))
        for name, data in changes.items():
            if data is not None:
                target.writestr(f"{root}/{name}", data)
    return out.getvalue()


def _with_settings(**settings: object) -> bytes:
    return _rewritten(QWEN3.with_suffix(".pt2"), {SETTINGS_MEMBER: json.dumps(settings).encode()})


def _tensor(*sizes: int) -> dict[str, object]:
    return {"dtype": 7, "sizes": [{"as_int": size} for size in sizes]}  # 7: bf16


def _one_name_archive(nodes: int, tokens: int = 16) -> bytes:
    """ids → embedding, then ``nodes`` unknown ops that all carry one node name: the lowering
    names each apart (``same``, ``same#2``, …), which must not be quadratic."""

    def node(target: str, inputs: dict[str, str], output: str) -> dict[str, object]:
        return {
            "name": "same",
            "target": target,
            "inputs": [
                {"name": name, "arg": {"as_tensor": {"name": value}}, "kind": 1}
                for name, value in inputs.items()
            ],
            "outputs": [{"as_tensor": {"name": output}}],
            "metadata": {},
        }

    embedding = node(
        "torch.ops.aten.embedding.default", {"weight": "table", "indices": "ids"}, "y0"
    )
    chain = [embedding]
    chain += [
        node("torch.ops.foo.bar.default", {"self": f"y{i}"}, f"y{i + 1}") for i in range(nodes)
    ]
    values: dict[str, object] = {f"y{i}": _tensor(tokens, 64) for i in range(nodes + 1)}
    values.update(ids={"dtype": 4, "sizes": [{"as_int": tokens}]}, table=_tensor(128, 64))
    return _model_archive(chain, values, f"y{nodes}")


def _split_archive(results: int) -> bytes:
    """ids → embedding → a split of the tokens into ``results`` pieces of one token, as one
    ``as_tensors`` output."""

    def tensor_arg(name: str, value: str) -> dict[str, object]:
        return {"name": name, "arg": {"as_tensor": {"name": value}}, "kind": 1}

    embedding = {
        "name": "embedding",
        "target": "torch.ops.aten.embedding.default",
        "inputs": [tensor_arg("weight", "table"), tensor_arg("indices", "ids")],
        "outputs": [{"as_tensor": {"name": "x"}}],
        "metadata": {},
    }
    split = {
        "name": "split",
        "target": "torch.ops.aten.split_with_sizes.default",
        "inputs": [
            tensor_arg("self", "x"),
            {"name": "split_sizes", "arg": {"as_ints": [1] * results}, "kind": 1},
            {"name": "dim", "arg": {"as_int": 0}, "kind": 1},
        ],
        "outputs": [{"as_tensors": [{"name": f"s{i}"} for i in range(results)]}],
        "metadata": {},
    }
    values = {f"s{i}": _tensor(1, 64) for i in range(results)}
    values.update(x=_tensor(results, 64), table=_tensor(128, 64))
    values["ids"] = {"dtype": 4, "sizes": [{"as_int": results}]}
    return _model_archive([embedding, split], values, "s0")


def _model_archive(nodes: list[dict[str, object]], values: dict[str, object], out: str) -> bytes:
    """A .pt2 of ``nodes`` on the inputs ``ids`` and ``table`` (the embedding's), returning
    ``out``."""
    model = {
        "graph_module": {
            "graph": {
                "inputs": [{"as_tensor": {"name": "ids"}}, {"as_tensor": {"name": "table"}}],
                "outputs": [{"as_tensor": {"name": out}}],
                "nodes": nodes,
                "tensor_values": values,
                "sym_int_values": {},
            },
            "signature": {
                "input_specs": [
                    {"user_input": {"arg": {"as_tensor": {"name": "ids"}}}},
                    {"parameter": {"arg": {"name": "table"}, "parameter_name": "embed.weight"}},
                ],
                "output_specs": [],
            },
            "module_call_graph": [],
        },
        "schema_version": {"major": 8, "minor": 20},
        "torch_version": "2.13.0+cpu",
    }
    out_bytes = io.BytesIO()
    with zipfile.ZipFile(out_bytes, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("g/models/model.json", json.dumps(model))
    return out_bytes.getvalue()


def _empty_objects_archive() -> bytes:
    """120 MiB of ``{}`` deflated to about 120 KiB, as model.json."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        zf.writestr("g/models/model.json", b"[" + b"{}," * (40 * 2**20 - 1) + b"{}]")
    return out.getvalue()


def _nested_lists_archive() -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        # 4 million arrays, four deep: over the container limit in 7 MB
        zf.writestr("g/models/model.json", b"[" + b"[[[]]]," * (2**20 - 1) + b"[]]")
    return out.getvalue()


# -- traces --------------------------------------------------------------------------------------


def _hostile_names_trace() -> bytes:
    names = ["aten.mm.default\ud800", "\x1b[2Jaten.mm.default", "bell\x07\r\n", "\udfff\x00"]
    events = [{"name": n, "ph": "X", "ts": i, "dur": 1, "args": {}} for i, n in enumerate(names)]
    return gzip.compress(json.dumps({"traceEvents": events}).encode())


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("engines")
    texts = {
        # with the embedding and the return: NODE_LIMIT statements, then one over
        "unknown-at-the-limit.py": _unknown_chain(NODE_LIMIT - 2),
        "unknown-over-the-limit.py": _unknown_chain(NODE_LIMIT),
        "a-million-nodes.py": _terse_chain(10**6),
        "split-20000.py": _token_split(20_000),
        "split-read-65535.py": _split_read_past_its_results(65_535),
        "argument-list-3mb.py": _huge_argument_list(1_000_000),
        # just under the token budget: parsed (in bounded memory), then the list-item limit
        "argument-list-under-the-budget.py": _huge_argument_list(TOKEN_LIMIT - 100),
        "four-ways-12-deep.py": _calls_four_ways(12),
        "negative-tokens.py": _negative_tokens(),
        "graph-text-over-the-node-limit.txt": _graph_text(NODE_LIMIT + 10),
        "graph-text-log-of-3-graphs.txt": _graph_text(NODE_LIMIT - 1000, graphs=3),
        "graph-text-log-of-4-graphs.txt": _graph_text(NODE_LIMIT - 1000, graphs=4),
    }
    for name, text in texts.items():
        (root / name).write_text(text)
    archives = {
        "empty-objects.pt2": _empty_objects_archive(),
        "nested-lists.pt2": _nested_lists_archive(),
        "tp-negative.pt2": _with_settings(tp=-4),
        "tp-huge.pt2": _with_settings(tp=10**29),
        "long-model-name.pt2": _with_settings(model="m" * 2000),
        "surrogate-model-name.pt2": _with_settings(model="qwen3\ud800"),
        "surrogate-engine.pt2": _with_settings(engine="vllm\udfff"),
        "one-name.pt2": _one_name_archive(20_000),
        "negative-tokens.pt2": _one_name_archive(3, tokens=-16),
        "nodes-over-the-limit.pt2": _one_name_archive(NODE_LIMIT),
        "split-20000.pt2": _split_archive(20_000),
        "split-90000.pt2": _split_archive(90_000),
        "split-100000.pt2": _split_archive(100_000),  # 100,003 tensor values
    }
    for name, data in archives.items():
        (root / name).write_bytes(data)
    (root / "hostile-names.trace.json.gz").write_bytes(_hostile_names_trace())
    return root


@pytest.fixture(scope="module")
def harness() -> Iterator[Harness]:
    running = Harness(ROOT)
    yield running
    running.close()


@attrs.frozen
class Case:
    argv: tuple[str, ...]
    code: int | tuple[int, ...] = 2
    says: str = ""  # in the one stderr line (exit 2), else in stdout
    quiet: bool = True  # nothing on stdout


def case(*argv: str, code: int | tuple[int, ...] = 2, says: str = "", quiet: bool = True) -> Case:
    return Case(argv, code, says, quiet)


def engine(*argv: str, code: int | tuple[int, ...] = 2, says: str = "", quiet: bool = True) -> Case:
    """A case on a synthetic graph, with the tiny model it embeds for (so no note about
    matching a shipped model joins the one line)."""
    return Case((*argv, "--config", str(TINY)), code, says, quiet)


CASES: dict[str, Case] = {
    # model.json's JSON containers are counted before json.loads
    "pt2-of-empty-objects": engine("check", "{empty-objects.pt2}", says="JSON containers"),
    "pt2-of-nested-lists": engine("check", "{nested-lists.pt2}", says="JSON containers"),
    # the node limit: everything under it read, lowered and checked in seconds
    "unknown-ops-at-the-node-limit": engine(
        "check", "{unknown-at-the-limit.py}", code=(0, 1), says=f"{NODE_LIMIT - 1} ops", quiet=False
    ),
    "unknown-ops-over-the-node-limit": engine(
        "check", "{unknown-over-the-limit.py}", says=f"over {NODE_LIMIT} nodes"
    ),
    "a-million-terse-nodes": engine("check", "{a-million-nodes.py}", says="syntax tokens"),
    "20000-nodes-of-one-name": engine(
        "check", "{one-name.pt2}", code=(0, 1), says="20001 ops", quiet=False
    ),  # 35 s before the lowering kept a counter per name
    "pt2-nodes-over-the-limit": engine(
        "check", "{nodes-over-the-limit.pt2}", says=f"{NODE_LIMIT + 1:,} nodes, over the limit"
    ),
    "token-split-of-20000": engine(
        "check", "{split-20000.py}", code=(0, 1), says="(2 ops", quiet=False
    ),
    "pt2-token-split-of-20000": engine(
        "check", "{split-20000.pt2}", code=(0, 1), says="(2 ops", quiet=False
    ),
    "pt2-split-of-90000-results": engine(
        "check", "{split-90000.pt2}", says="over 65,536 results (the limit)"
    ),
    "pt2-tensor-values-over-the-limit": engine(
        "check", "{split-100000.pt2}", says="100,003 tensor values, over the limit of 100,000"
    ),
    "split-read-at-65535": engine(
        "check", "{split-read-65535.py}", says="reads result 65535 of a split into 2"
    ),
    "argument-list-of-3mb": engine("check", "{argument-list-3mb.py}", says="syntax tokens"),
    "argument-list-under-the-token-budget": engine(
        "check", "{argument-list-under-the-budget.py}", says="over the limit of 65536"
    ),
    "submodules-four-ways-12-deep": engine(
        "check", "{four-ways-12-deep.py}", says="with its submodules inlined"
    ),
    # Graph.__str__ logs: node lines counted as they are found, before any graph is built
    "graph-text-over-the-node-limit": engine(
        "check", "{graph-text-over-the-node-limit.txt}", says=f"over {NODE_LIMIT} nodes"
    ),
    "graph-text-log-under-the-line-limit": engine(
        "check", "{graph-text-log-of-3-graphs.txt}", says="graph input 'ids' has no shape"
    ),
    "graph-text-log-over-the-line-limit": engine(
        "check", "{graph-text-log-of-4-graphs.txt}", says="node lines in all its graphs"
    ),
    # an engine graph gets every check a graph file gets
    "negative-token-size-in-an-annotation": engine(
        "check", "{negative-tokens.py}", says="'bf16[-16, 64]'"
    ),
    "negative-token-size-in-an-archive": engine(
        "check", "{negative-tokens.pt2}", says="is -16: a tensor size is never negative"
    ),
    "export-negative-token-size": engine(
        "export", "{negative-tokens.pt2}", "-o", "{negative.yaml}", says="is -16"
    ),
    "recorded-tp-negative": case("check", "{tp-negative.pt2}", says="tp is -4"),
    "recorded-tp-huge": case("check", "{tp-huge.pt2}", says="tp is an integer of 30 digits"),
    "export-recorded-tp-huge": case("export", "{tp-huge.pt2}", "-o", "{tp.yaml}", says="tp is"),
    "recorded-model-name-of-2000-chars": case(
        "check", "{long-model-name.pt2}", says="(2000 characters)"
    ),
    "recorded-model-name-surrogate": case(
        "check", "{surrogate-model-name.pt2}", says="lone surrogate"
    ),
    "recorded-engine-surrogate": case("check", "{surrogate-engine.pt2}", says="lone surrogate"),
    # a trace's event names reach the terminal escaped, never raw
    "trace-names-with-surrogates-and-controls": case(
        "compare",
        str(QWEN3.with_suffix(".pt2")),
        "--trace",
        "{hostile-names.trace.json.gz}",
        code=(0, 1),
        says="\\x1b[2Jaten.mm",
        quiet=False,
    ),
}


def _argv(argv: tuple[str, ...], files: Path) -> list[str]:
    return [str(files / a[1:-1]) if a.startswith("{") and a.endswith("}") else a for a in argv]


def _within_bounds(outcome: Outcome) -> None:
    assert not outcome.timed_out, "the case hung (killed after the timeout)"
    assert outcome.signal is None, f"killed by signal {outcome.signal}"
    assert outcome.cpu_s < CPU_BOUND_S, f"{outcome.cpu_s:.2f} s of CPU"
    assert outcome.max_rss_mb < RSS_BOUND_MB, f"{outcome.max_rss_mb:.0f} MB resident"


def _raw_controls(text: str) -> list[str]:
    """Control characters other than newline and tab, and lone surrogates (which the harness
    reads back as U+FFFD)."""
    return [c for c in text if (ord(c) < 32 and c not in "\n\t") or c in "\x7f\ufffd"]


@pytest.mark.parametrize("name", list(CASES))
def test_hostile_engine_input(harness: Harness, files: Path, name: str) -> None:
    spec = CASES[name]
    outcome = harness.run(_argv(spec.argv, files), cwd=str(files))
    print(f"{name}: exit {outcome.code}, {outcome.cpu_s:.2f} s CPU, {outcome.max_rss_mb:.0f} MB")
    _within_bounds(outcome)
    codes = spec.code if isinstance(spec.code, tuple) else (spec.code,)
    assert outcome.code in codes, f"exit {outcome.code}: {outcome.err[-600:]}"
    text = outcome.out + outcome.err
    assert "Traceback" not in text and "internal error" not in text, outcome.err[-600:]
    assert _raw_controls(text) == [], text[-600:]
    if outcome.code == 2:
        (line,) = outcome.err_lines
        assert "error" in line and spec.says in line, line[:600]
    else:
        assert spec.says in outcome.out, outcome.out[-2000:]
    if spec.quiet:
        assert outcome.out == "", outcome.out[:600]
    for written in files.glob("*.yaml"):  # export never leaves a file it would refuse
        raise AssertionError(f"{written.name} written: {written.read_text()[:300]}")


def test_the_archive_and_text_readers_share_one_node_limit() -> None:
    assert ArchiveLimits().nodes == TextLimits().nodes


def test_recorded_settings_are_bounded_as_the_flags_are() -> None:
    # the readers import nothing outside layoutcheck.engines, so the bounds are written twice
    assert RECORDED_INTEGERS["tp"] == RECORDED_INTEGERS["dp"] == RECORDED_INTEGERS["ep"]
    assert RECORDED_INTEGERS["tp"] == MAX_PARALLEL
    assert RECORDED_INTEGERS["tokens"] == MAX_TOKENS


def test_an_exported_engine_graph_reads_back(harness: Harness, tmp_path: Path) -> None:
    # the other side of the refusals above: what export writes from a recorded run, check reads
    archive = tmp_path / "recorded.pt2"
    archive.write_bytes(_with_settings(tp=2, sp=True, model="qwen3-8b"))
    out = tmp_path / "recorded.yaml"
    exported = harness.run(["export", str(archive), "-o", str(out)], cwd=str(tmp_path))
    _within_bounds(exported)
    assert exported.code == 0 and out.exists(), exported.err[-600:]
    checked = harness.run(["check", str(out)], cwd=str(tmp_path))
    _within_bounds(checked)
    assert checked.code in (0, 1), checked.err[-600:]
    assert "error:" not in checked.err, checked.err[-600:]
