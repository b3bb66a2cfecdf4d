"""Table lookups: the token embedding (replicated, or vocab-parallel with its pending sum),
a table indexed by token positions (rope's cos/sin), and the token select before the sampler."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

from layoutcheck.engines.lowerings.base import LoweringSpec, spec
from layoutcheck.engines.lowerings.common import first_act, opaque, reduced
from layoutcheck.engines.program import EngineNode
from layoutcheck.engines.values import Act, Data
from layoutcheck.models.builder import padded_vocab
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import Block, Role, role

if TYPE_CHECKING:
    from layoutcheck.engines.lower import Lowering


def _embedding(lw: Lowering) -> None:
    ids = lw.require_act("indices")
    weight = lw.data_arg("weight")
    shape = weight.shape if weight is not None and weight.shape else None
    if shape is None or len(shape) != 2 or not all(isinstance(d, int) for d in shape):
        raise lw.fail("an embedding without a 2-D table of known size")
    rows, hidden = int(shape[0]), int(shape[1])
    parallel = "replicated"
    vocab = rows
    spec_ = lw.spec
    if spec_ is not None and rows * lw.tp in (spec_.vocab, padded_vocab(spec_.vocab, lw.tp)):
        parallel, vocab = ("vocab", rows * lw.tp) if lw.tp > 1 else ("replicated", rows)
    elif spec_ is None and lw.tp > 1 and _vocab_shard(lw):
        parallel, vocab = "vocab", rows * lw.tp
    table = lw.dtype(weight.dtype) if weight is not None else None
    ref = lw.emit(
        "embedding",
        [ids.ref],
        name=lw.default_name(own_module=True),
        role_=role("model.embed_tokens"),
        vocab=vocab,
        hidden=hidden,
        parallel=parallel,
        group="tp" if parallel == "vocab" else None,
        dtype=table.value if table is not None and table.is_float else None,
    )
    lw.bind_act(lw.output(0), ref, ids.lead)


def _masked_row_wise(lw: Lowering, node: EngineNode) -> bool:
    return lw.is_(node, Trait.ROW_WISE, Trait.VIEW, Trait.CAST)


def _vocab_shard(lw: Lowering) -> bool:
    """A vocab-parallel embedding's result is a pending sum: the rows outside the rank's
    shard are masked to zero (a where, a masked_fill) and the ranks' results summed."""
    node, _ = lw.current
    return reduced(lw, node, _masked_row_wise)


def _index(lw: Lowering) -> None:
    table = lw.value_of(lw.tensor_name("self"))
    indices = lw.arg("indices")
    items = indices.value if indices is not None and isinstance(indices.value, tuple) else ()
    names = [n if isinstance(n, str) else None for n in items]
    out = lw.output(0)
    if isinstance(table, Data):  # a table lookup by token positions (rope's cos/sin)
        acts = [lw.values.get(n) for n in names if n]
        act = next((a for a in acts if isinstance(a, Act)), None)
        if act is None:
            raise lw.fail("indexes a table with no token positions among its indices")
        width = table.shape[-1] if table.shape else 1
        rows = table.shape[0] if table.shape else 1
        ref = lw.emit(
            "embedding",
            [act.ref],
            role_=Role(Block.MODEL),
            vocab=rows if isinstance(rows, int) else 1,
            hidden=width if isinstance(width, int) else 1,
            parallel="replicated",
        )
        lw.bind_act(out, ref, act.lead)
        return
    act = table if isinstance(table, Act) else first_act(lw)
    position = next((i for i, n in enumerate(names) if n), None)
    picked = lw.values.get(names[position] or "") if position is not None else None
    if position is None or not isinstance(picked, Data) or position != len(act.lead):
        lw.bind(out, opaque(lw, act))
        return
    rows = math.prod(int(d) for d in (picked.shape or (1,)) if isinstance(d, int))
    ref = lw.emit("token_select", [act.ref], role_=Role(Block.MODEL), rows=rows)
    lw.bind_act(out, ref, act.lead)


LOWERINGS: Mapping[str, LoweringSpec] = dict(
    (
        spec("embedding", _embedding, Trait.EMBEDDING),
        spec("index", _index, Trait.TOKEN_SELECT),
    )
)
