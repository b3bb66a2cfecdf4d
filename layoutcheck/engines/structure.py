"""Module paths for engine graphs that carry none.

An archive's nodes say which module made them (``model.layers.3.self_attn.o_proj``); an fx text
dump says only the source line. Roles, names and contracts need the module, so for a dump this
pass infers it from the graph's structure, the way a reader of the dump would: the linear that
reads the attention output is the o_proj, the norm before the attention is the input
layernorm, the one after it the post-attention layernorm, the linear reading that is the MLP's
gate_up (or the router when its width is the expert count), the last linear is the lm_head. A
view or cast made on the same source line as its reader belongs to the reader's module (the
view inside a linear's forward is the linear's, as an archive records it).

Layers follow the repetition markers when there are any (numbered as the lowering numbers
them); without markers a layer starts at each norm that precedes an attention.
"""

from __future__ import annotations

from collections.abc import Mapping

from layoutcheck.engines.opmap import OpMapEntry
from layoutcheck.engines.program import EngineNode, EngineProgram

ATTENTION = frozenset({"mla_attention", "attention"})
ATTENTION_SIDE = frozenset({"dsa_indexer", "mla_prolog", "cache_write", "apply_rope"})
NORMS = frozenset(
    {"rms_norm", "rms_norm_quant", "rms_norm_out", "add_rms_norm", "add_rms_norm_quant",
     "fused_add_rms_norm"}
)  # fmt: skip
LINEARS = frozenset({"linear", "linear_all_reduce"})
MOE = frozenset({"moe_topk", "moe_dispatch", "moe_combine", "all_to_all", "expert_side"})
ACTIVATIONS = frozenset({"activation", "silu_and_mul"})
# Lowerings a value passes unchanged in meaning on its way to a linear (looked through when
# asking what a linear reads).
SHAPE = frozenset(
    {"view", "unsqueeze", "squeeze", "permute", "transpose", "transpose2d", "cast", "quantize",
     "slice", "pad", "alias", "all_gather", "all_gather_unpad", "sequence_parallel_chunk",
     "select", "split", "attention_out", "index"}
)  # fmt: skip


class _Walk:
    def __init__(
        self,
        program: EngineProgram,
        opmaps: Mapping[str, OpMapEntry],
        hidden: int | None,
        experts: int | None,
    ) -> None:
        self.program = program
        self.hidden = hidden
        self.experts = experts
        self.kind: dict[str, str | None] = {}
        self.producer: dict[str, EngineNode] = {}
        self.consumers: dict[str, list[EngineNode]] = {}
        for node in program.nodes:
            entry = opmaps.get(node.target)
            self.kind[node.name] = entry.lower if entry is not None else None
            for output in node.outputs:
                if output:
                    self.producer[output] = node
            for name in node.tensor_inputs():
                self.consumers.setdefault(name, []).append(node)
        self.module: dict[str, str] = {}
        self.part: dict[str, str] = {}  # node -> the structural part it was found to be

    def anchor(self, node: EngineNode) -> EngineNode | None:
        """The first non-shape node the linear's (or activation's) first tensor comes from."""
        inputs = node.tensor_inputs()
        current = self.producer.get(inputs[0]) if inputs else None
        for _ in range(64):  # views and casts come in short chains; a bound keeps it linear
            if current is None or self.kind.get(current.name) not in SHAPE:
                return current
            ins = current.tensor_inputs()
            current = self.producer.get(ins[0]) if ins else None
        return None

    def reader_kinds(self, node: EngineNode) -> set[str | None]:
        """The lowerings that read the node's results, looking through views and casts (a
        split counts: it is what tells a merged gate_up apart)."""
        found: set[str | None] = set()
        frontier = [o for o in node.outputs if o]
        for _ in range(4):
            following: list[str] = []
            for name in frontier:
                for reader in self.consumers.get(name, ()):
                    kind = self.kind.get(reader.name)
                    found.add(kind)
                    if kind in SHAPE and kind != "split":
                        following.extend(o for o in reader.outputs if o)
            frontier = following
        return found

    def width(self, node: EngineNode) -> int | None:
        meta = self.program.meta(node.outputs[0] or "") if node.outputs else None
        last = meta.shape[-1] if meta is not None and meta.shape else None
        return last if isinstance(last, int) else None


def infer_modules(
    program: EngineProgram,
    opmaps: Mapping[str, OpMapEntry],
    hidden: int | None = None,
    experts: int | None = None,
) -> dict[str, str]:
    """Node name → inferred HF module path, for the nodes of a dump that name none.

    ``hidden`` (the model's hidden size; else the embedding's width) tells the decoder norms
    from the narrower ones inside attention; ``experts`` tells the router from a gate_up."""
    walk = _Walk(program, opmaps, hidden, experts)
    nodes = program.nodes
    if walk.hidden is None:
        walk.hidden = next(
            (walk.width(n) for n in nodes if walk.kind[n.name] == "embedding" and walk.width(n)),
            None,
        )
    regions = any(walk.kind[n.name] == "region_begin" for n in nodes)
    attention_at = [i for i, n in enumerate(nodes) if walk.kind[n.name] in ATTENTION]
    last_attention = attention_at[-1] if attention_at else -1
    moe_layers = _moe_layers(walk, attention_at)
    repeat: dict[str, int] = {}
    for node in nodes:
        if walk.kind[node.name] == "copy_region":
            region = _region_id(node)
            repeat[region] = repeat.get(region, 1) + 1
    layer: int | None = None
    next_layer = 0
    seen: set[str] = set()
    copied: set[str] = set()
    begun: int | None = None
    for index, node in enumerate(nodes):
        kind = walk.kind[node.name]
        if kind == "region_begin":
            layer, begun, seen = next_layer, next_layer, set()
            continue
        if kind == "region_end":
            if repeat.get(_region_id(node), 1) == 1:
                next_layer, layer = (layer or 0) + 1, None
            continue
        if kind == "copy_region":
            region = _region_id(node)
            if region not in copied:
                copied.add(region)
                next_layer, layer = (begun or 0) + repeat.get(region, 1), None
            continue
        starts_layer = layer is None or {"attn", "post"} <= seen
        norm_before_attention = kind in NORMS and index < last_attention
        if not regions and norm_before_attention and starts_layer and _decoder_norm(walk, node):
            layer, next_layer, seen = next_layer, next_layer + 1, set()
        if index in moe_layers:
            seen.add("moe")
        # past the decoder layers: after the last region, or (without regions) after the last
        # attention's post-attention norm
        after = layer is None if regions else (index > last_attention and "post" in seen)
        path = _classify(walk, node, kind, layer, seen, after)
        if path is not None:
            walk.module[node.name] = path
    _spread_by_source_line(walk)
    return walk.module


def _region_id(node: EngineNode) -> str:
    arg = node.arg("id", 1)
    return str(arg.value) if arg is not None else ""


def _decoder_norm(walk: _Walk, node: EngineNode) -> bool:
    """A norm over the hidden size (not a q/k, latent or per-head norm inside attention)."""
    width = walk.width(node)
    return width is not None and width == walk.hidden


def _moe_layers(walk: _Walk, attention_at: list[int]) -> set[int]:
    """Node indices of the attentions whose layer routes tokens to experts."""
    found: set[int] = set()
    for order, start in enumerate(attention_at):
        end = attention_at[order + 1] if order + 1 < len(attention_at) else len(walk.program.nodes)
        if any(walk.kind[n.name] in MOE for n in walk.program.nodes[start:end]):
            found.add(start)
    return found


def _classify(
    walk: _Walk,
    node: EngineNode,
    kind: str | None,
    layer: int | None,
    seen: set[str],
    after_layers: bool,
) -> str | None:
    prefix = f"model.layers.{layer}" if layer is not None else None
    if kind == "embedding":
        table = node.arg("weight", 0)
        return "model.embed_tokens" if table is not None else None
    if kind in NORMS:
        if not _decoder_norm(walk, node):
            return f"{prefix}.self_attn" if prefix else None
        if prefix is None or after_layers:
            walk.part[node.name] = "norm"
            return "model.norm" if after_layers else None
        if "attn" not in seen:
            walk.part[node.name] = "input"
            return f"{prefix}.input_layernorm"
        seen.add("post")
        walk.part[node.name] = "post"
        return f"{prefix}.post_attention_layernorm"
    if prefix is None:
        if kind in LINEARS and _reads_part(walk, node, "norm"):
            return "lm_head"
        return None
    if kind in ATTENTION:
        seen.add("attn")
        return f"{prefix}.self_attn.attn"
    if kind in ATTENTION_SIDE:
        return f"{prefix}.self_attn.indexer" if kind == "dsa_indexer" else f"{prefix}.self_attn"
    if kind in MOE:
        return f"{prefix}.mlp.experts" if kind in ("all_to_all", "expert_side") else f"{prefix}.mlp"
    if kind in ACTIVATIONS:
        block = _mlp_block(walk, node)
        return f"{prefix}.{block}.act_fn" if block else None
    if kind in LINEARS:
        return _linear_path(walk, node, prefix, seen)
    return None


def _reads_part(walk: _Walk, node: EngineNode, part: str) -> bool:
    source = walk.anchor(node)
    return source is not None and walk.part.get(source.name) == part


def _linear_path(walk: _Walk, node: EngineNode, prefix: str, seen: set[str]) -> str | None:
    source = walk.anchor(node)
    if source is None:
        return None
    source_kind = walk.kind.get(source.name)
    part = walk.part.get(source.name)
    if source_kind in ATTENTION:
        return f"{prefix}.self_attn.o_proj"
    if part == "input" or (source_kind in NORMS and not _decoder_norm(walk, source)):
        # q/k/v, or MLA's low-rank projections: which one the weight's shape tells the lowering
        return f"{prefix}.self_attn"
    if part == "post":
        readers = walk.reader_kinds(node)
        width = walk.width(node)
        if "moe_topk" in readers or (walk.experts is not None and width == walk.experts):
            return f"{prefix}.mlp.gate"
        block = "mlp.shared_experts" if "moe" in seen else "mlp"
        walk.part[node.name] = block
        return f"{prefix}.{block}.{_gate_or_up(readers)}"
    if source_kind in ACTIVATIONS or source_kind == "pointwise":
        found = _mlp_block(walk, source)
        return f"{prefix}.{found}.down_proj" if found else None
    return None


def _gate_or_up(readers: set[str | None]) -> str:
    """gate_up_proj when one matmul makes both halves (its output is split), else gate_proj
    for the half the activation reads, up_proj for the other."""
    if "split" in readers:
        return "gate_up_proj"
    if readers & ACTIVATIONS:
        return "gate_proj"
    return "up_proj"


def _mlp_block(walk: _Walk, node: EngineNode) -> str | None:
    """The block (mlp or mlp.shared_experts) whose gate_up the activation's input came from."""
    for name in node.tensor_inputs():
        current = walk.producer.get(name)
        for _ in range(8):
            if current is None:
                break
            if current.name in walk.part and walk.part[current.name].startswith("mlp"):
                return walk.part[current.name]
            ins = current.tensor_inputs()
            current = walk.producer.get(ins[0]) if ins else None
    return None


def _spread_by_source_line(walk: _Walk) -> None:
    """A node without a module made on its reader's (else its producer's) source line is part
    of that module call."""
    nodes = walk.program.nodes
    for node in reversed(nodes):
        if node.name in walk.module or node.source is None:
            continue
        for output in node.outputs:
            for reader in walk.consumers.get(output or "", ()):
                if reader.source == node.source and reader.name in walk.module:
                    walk.module[node.name] = walk.module[reader.name]
                    break
            if node.name in walk.module:
                break
    for node in nodes:
        if node.name in walk.module or node.source is None:
            continue
        for name in node.tensor_inputs():
            producer = walk.producer.get(name)
            same_call = producer is not None and producer.source == node.source
            if same_call and producer is not None and producer.name in walk.module:
                walk.module[node.name] = walk.module[producer.name]
                break
