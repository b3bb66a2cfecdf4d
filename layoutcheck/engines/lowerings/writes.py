"""Writes into a slice of a buffer: ``slice_scatter(self, src, dim, start, end, step)``.

Into an activation, the buffer keeps its layout (a rank writes its own rows or features into
its own tensor: vLLM-Ascend's attention output, MLA's ``q[..., nope:] = q_pe``). Into a fresh
buffer (``empty_like`` / ``zeros``: data, no layout yet), the writes along its last dim are
collected until they cover it; the buffer then is their concatenation. MiniCPM3 assembles each
rank's key so: ``k = empty_like(q); k[..., :nope] = k_nope; k[..., nope:] = k_pe``
(vllm/model_executor/models/minicpm3.py:166-169). A buffer read before it is whole stays data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import first_act
from layoutcheck.engines.values import Act, Data
from layoutcheck.ops.traits import Trait

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering

# a write's [start, end) along the buffer's last dim, and the activation written there
Write = tuple[int, int, Act]


def _slice_write(lw: Lowering) -> None:
    out = lw.output(0)
    into = lw.value_of(lw.tensor_name("self"))
    src = lw.act_arg("src")
    if isinstance(into, Act) or src is None:
        lw.bind(out, first_act(lw))  # the buffer keeps its layout
        return
    meta = lw.program.meta(out or "")
    span = _span(lw, meta.shape if meta is not None else None)
    before = lw.writes.get(lw.tensor_name("self") or "", ())
    if span is None or out is None:
        lw.bind(out, first_act(lw))
        return
    width, start, end = span
    writes = sorted(
        (*(w for w in before if w[1] <= start or w[0] >= end), (start, end, src)),
        key=lambda w: w[0],
    )
    if not _covers(writes, width):  # part of the buffer is not written yet: still data
        lw.writes[out] = tuple(writes)
        lw.bind(out, Data(meta.shape if meta is not None else None, meta.dtype if meta else ""))
        return
    if len(writes) == 1:
        lw.bind(out, src)
        return
    ref = lw.emit("concat", [w[2].ref for w in writes])
    lw.bind_act(out, ref, writes[0][2].lead)


def _span(lw: Lowering, shape: tuple[int | str, ...] | None) -> tuple[int, int, int] | None:
    """(the buffer's last-dim width, start, end) of a write along that dim, step 1; None for
    any other write (along the tokens, strided, or of a width the dump does not state)."""
    if not shape or not isinstance(shape[-1], int):
        return None
    width, dim = shape[-1], lw.int_arg("dim", 0)
    step = lw.int_arg("step", 1)
    if dim not in (-1, len(shape) - 1) or len(shape) < 2 or step != 1:
        return None
    start, end = lw.int_arg("start", 0), lw.int_arg("end", width)
    if start is None or end is None:
        return None
    end = min(end, width)
    if not 0 <= start < end:
        return None
    return width, start, end


def _covers(writes: list[Write], width: int) -> bool:
    reached = 0
    for start, end, _ in writes:
        if start != reached:
            return False
        reached = end
    return reached == width


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (spec("slice_write", _slice_write, Trait.VIEW),)  # src's values in a part of the buffer
)
