"""Finding ``print_readable`` code inside a log: the graphs ``TORCH_LOGS=graph_code,aot_graphs,
post_grad_graphs`` print (every line behind torch's ``V1201 10:00:00.123 77 file.py:12] [0/0]
[__graph_code]`` header) and those vLLM's workers print (behind ``(Worker_TP0 pid=1)``).

Only the text is cut out; the fx text reader parses each block as a dump of its own.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import attrs

from layoutcheck.engines.read import ReadError

# torch's log header (torch/_logging/_internal.py's formatter puts it on every line of a record):
# level and date, time, process id, file:line], then the tags of the frame and the artifact
_TORCH_HEADER = re.compile(
    r"[VIWEC][0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,6})? +(?P<pid>[0-9]{1,10}) "
    r"[^\]\n]{1,400}\](?: \[[^\]\n]{1,100}\]){0,4} ?"
)
# vLLM's worker tag (on every line a worker prints), then a record's header on its first line
_WORKER_TAG = re.compile(r"\((?P<stream>[^()\n]{1,200})\) ")
_VLLM_HEADER = re.compile(
    r"(?:DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL) [0-9]{2}-[0-9]{2} "
    r"[0-9]{2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]{1,6})? \[[^\]\n]{1,300}\] ?"
)
# print_readable's first line; a log writes the module's file name before it
_CLASS_LINE = re.compile(
    r"(?:^|.*?[ \t])(?P<code>class[ \t]+(?:<\w+>|\w+)\(torch\.nn\.Module\):)[ \t]*"
)


@attrs.frozen
class CodeBlock:
    line: int  # the line of its `class` in the log
    lines: tuple[str, ...]  # the code, log headers removed, indentation kept
    stream: str | None  # the process or worker that printed it


def strip_log_header(line: str) -> tuple[str | None, str]:
    """``(stream, text)``: the log headers of one line removed, the code's indentation kept;
    the stream names the process or worker that wrote it (ranks interleave their lines)."""
    torch_header = _TORCH_HEADER.match(line)
    if torch_header is not None:
        return f"pid {torch_header['pid']}", line[torch_header.end() :]
    stream = None
    tag = _WORKER_TAG.match(line)
    if tag is not None:
        stream, line = tag["stream"], line[tag.end() :]
    header = _VLLM_HEADER.match(line)
    if header is not None:
        line = line[header.end() :]
    return stream, line


def code_blocks(text_lines: Sequence[str], max_blocks: int) -> list[CodeBlock]:
    """The print_readable blocks of a log, in the order they start: a ``class …
    (torch.nn.Module):`` line, then the indented or blank lines of its stream after it."""
    blocks: list[tuple[int, list[str], str | None]] = []
    open_blocks: dict[str | None, list[str]] = {}
    for number, raw in enumerate(text_lines, start=1):
        stream, text = strip_log_header(raw)
        current = open_blocks.get(stream)
        if current is not None and (not text.strip() or text[:1] in " \t"):
            current.append(text)
            continue
        open_blocks.pop(stream, None)
        start = _CLASS_LINE.fullmatch(text) if "torch.nn.Module" in text else None
        if start is not None:
            if len(blocks) >= max_blocks:
                raise ReadError(f"holds over {max_blocks} graphs (the limit)", line=number)
            lines = [start["code"]]
            blocks.append((number, lines, stream))
            open_blocks[stream] = lines
    return [CodeBlock(number, tuple(lines), stream) for number, lines, stream in blocks]
