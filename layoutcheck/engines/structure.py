"""Where each node of an engine dump sits in the model, inferred from the graph's structure as
facts (:class:`~layoutcheck.engines.placement.Placement`: layer, block, role), with an HF-style
module path kept only as the display name.

An archive's nodes say which module made them (the engine's record,
:func:`~layoutcheck.engines.placement.recorded`); an fx text dump says only the source line,
so :func:`infer_structure` infers the placement from the graph's structure, the way a reader
of the dump would: the linear that reads the attention output is the o_proj, the
norm before the attention is the input layernorm, the one after it the post-attention
layernorm, the linear reading that is the MLP's gate_up (or the router when its width is the
expert count), the last linear is the lm_head. A view or cast made on the same source line as
its reader belongs to the reader's module (the view inside a linear's forward is the
linear's, as an archive records it).

Layers follow the repetition markers when there are any (numbered as the lowering numbers
them); without markers a layer starts at each norm that precedes an attention.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping

from layoutcheck.engines.lowerings.base import LoweringRegistry, Mark
from layoutcheck.engines.opmap import OpMapEntry
from layoutcheck.engines.placement import Placement, module_path
from layoutcheck.engines.program import EngineNode, EngineProgram
from layoutcheck.engines.written_norms import WRITTEN_NORM_TRAITS, WrittenNorm
from layoutcheck.ops.traits import Trait
from layoutcheck.roles import Block, Part, Role


class _Seen(enum.Enum):
    """What a layer walk has met so far (a layer ends after its attention and post norm)."""

    INPUT_NORM = "input-norm"  # the norm that opens the attention
    ATTENTION = "attention"
    POST_NORM = "post-norm"  # the norm that adds the residual before the feed-forward
    OUTPUT_NORM = "output-norm"  # a norm of the attention's output alone (Gemma-2/3)
    MOE = "moe"


class _Walk:
    def __init__(
        self,
        program: EngineProgram,
        opmaps: Mapping[str, OpMapEntry],
        lowerings: LoweringRegistry,
        hidden: int | None,
        experts: int | None,
        written: Mapping[str, WrittenNorm] | None = None,
    ) -> None:
        self.program = program
        # the norms written out in elementwise ops, by each node of theirs: the node that ends
        # one is that norm, the others are no op of their own
        self.written = written or {}
        self.lowerings = lowerings
        self.hidden = hidden
        self.experts = experts
        self.kind: dict[str, str | None] = {}
        self.entries: dict[str, OpMapEntry] = {}
        self.producer: dict[str, EngineNode] = {}
        self.consumers: dict[str, list[EngineNode]] = {}
        for node in program.nodes:
            entry = opmaps.get(node.target)
            self.kind[node.name] = entry.lower if entry is not None else None
            if entry is not None:
                self.entries[node.name] = entry
            for output in node.outputs:
                if output:
                    self.producer[output] = node
            for name in node.tensor_inputs():
                self.consumers.setdefault(name, []).append(node)
        self.placed: dict[str, Placement] = {}
        self.norm_part: dict[str, Part] = {}  # a decoder norm -> which one it was found to be
        self.mlp_block: dict[str, Block] = {}  # an MLP's first linear -> mlp or shared experts

    def is_(self, node: EngineNode | None, *traits: Trait) -> bool:
        if node is None:
            return False
        norm = self.written.get(node.name)
        if norm is not None:
            return node.name == norm.output and not WRITTEN_NORM_TRAITS.isdisjoint(traits)
        return self.lowerings.is_(self.kind.get(node.name), *traits)

    def normalized(self, node: EngineNode) -> str | None:
        """The tensor a norm normalizes: a written norm's source, else its first input."""
        norm = self.written.get(node.name)
        if norm is not None and norm.output == node.name:
            return norm.source
        inputs = node.tensor_inputs()
        return inputs[0] if inputs else None

    def role_of(self, node: EngineNode) -> Role | None:
        return self.lowerings.role_of(self.kind.get(node.name))

    def mark_of(self, node: EngineNode) -> Mark | None:
        return self.lowerings.mark_of(self.kind.get(node.name))

    def passes_through(self, node: EngineNode | None) -> bool:
        """Does a value pass ``node`` unchanged in meaning on its way to a linear (a view, a
        cast, a token slice, pad or gather, a select)? A reduction changes it."""
        return self.is_(
            node, Trait.VIEW, Trait.CAST, Trait.TOKEN_SLICE, Trait.TOKEN_PAD, Trait.TOKEN_UNPAD,
            Trait.TOKEN_GATHER, Trait.TOKEN_SELECT,
        ) and not self.is_(node, Trait.REDUCTION)  # fmt: skip

    def attention_op(self, node: EngineNode | None) -> bool:
        found = self.role_of(node) if node is not None else None
        return found is not None and found.part is Part.ATTN

    def anchor(self, node: EngineNode) -> EngineNode | None:
        """The first node the linear's (or activation's) first tensor comes from that is not
        a view of it."""
        inputs = self._activation_first(node)
        current = self.producer.get(inputs[0]) if inputs else None
        for _ in range(64):  # views and casts come in short chains; a bound keeps it linear
            if current is None or not self.passes_through(current):
                return current
            ins = current.tensor_inputs()
            current = self.producer.get(ins[0]) if ins else None
        return None

    def _activation_first(self, node: EngineNode) -> tuple[str, ...]:
        """The node's tensor inputs, the one its op map names the activation (``names: {x:
        mat1}``: addmm's product, not the value added to it) first."""
        inputs = node.tensor_inputs()
        entry = self.entries.get(node.name)
        names = entry.params.get("names") if entry is not None else None
        x = names.get("x") if isinstance(names, dict) else None
        if entry is None or not isinstance(x, str) or x not in entry.args:
            return inputs
        found = node.arg(x, entry.args.index(x))
        named = found.tensor_names() if found is not None else ()
        return (*named, *(i for i in inputs if i not in named))

    def readers(self, node: EngineNode) -> Iterator[EngineNode]:
        """The nodes that read the node's results, looking through views and casts (a split
        is where it stops: it is what tells a merged gate_up apart)."""
        frontier = [o for o in node.outputs if o]
        for _ in range(4):
            following: list[str] = []
            for name in frontier:
                for reader in self.consumers.get(name, ()):
                    yield reader
                    if self.passes_through(reader) and not self.is_(reader, Trait.SPLIT):
                        following.extend(o for o in reader.outputs if o)
            frontier = following

    def arg(self, node: EngineNode, name: str) -> object:
        """The value of the node's argument ``name`` (None when the op map names none)."""
        entry = self.entries.get(node.name)
        if entry is None or name not in entry.args:
            return None
        found = node.arg(name, entry.args.index(name))
        return None if found is None else found.value

    def width(self, node: EngineNode) -> int | None:
        # a functionalized node's own result is often unused: its first named result
        named = next((o for o in node.outputs if o), None)
        meta = self.program.meta(named) if named else None
        last = meta.shape[-1] if meta is not None and meta.shape else None
        return last if isinstance(last, int) else None


def infer_structure(
    program: EngineProgram,
    opmaps: Mapping[str, OpMapEntry],
    lowerings: LoweringRegistry,
    hidden: int | None = None,
    experts: int | None = None,
    written: Mapping[str, WrittenNorm] | None = None,
) -> dict[str, Placement]:
    """Node name → inferred placement, for the nodes of a dump whose module structure shows.

    ``hidden`` (the model's hidden size; else the embedding's width) tells the decoder norms
    from the narrower ones inside attention; ``experts`` tells the router from a gate_up;
    ``written`` are the norms the graph writes out in elementwise ops, by each of their nodes
    (:func:`~layoutcheck.engines.written_norms.find_written_norms`)."""
    walk = _Walk(program, opmaps, lowerings, hidden, experts, written)
    nodes = program.nodes
    if walk.hidden is None:
        walk.hidden = next(
            (walk.width(n) for n in nodes if walk.is_(n, Trait.EMBEDDING) and walk.width(n)),
            None,
        )
    regions = any(walk.mark_of(n) is Mark.BEGIN for n in nodes)
    attention_at = [i for i, n in enumerate(nodes) if walk.attention_op(n)]
    last_attention = attention_at[-1] if attention_at else -1
    moe_layers = _moe_layers(walk, attention_at)
    repeat: dict[str, int] = {}
    for node in nodes:
        if walk.mark_of(node) is Mark.COPY:
            region = _region_id(node)
            repeat[region] = repeat.get(region, 1) + 1
    layer: int | None = None
    next_layer = 0
    seen: set[_Seen] = set()
    copied: set[str] = set()
    begun: int | None = None
    for index, node in enumerate(nodes):
        mark = walk.mark_of(node)
        if mark is Mark.BEGIN:
            layer, begun, seen = next_layer, next_layer, set()
            continue
        if mark is Mark.END:
            if repeat.get(_region_id(node), 1) == 1:
                next_layer, layer = (layer or 0) + 1, None
            continue
        if mark is Mark.COPY:
            region = _region_id(node)
            if region not in copied:
                copied.add(region)
                next_layer, layer = (begun or 0) + repeat.get(region, 1), None
            continue
        norm_before_attention = walk.is_(node, Trait.NORM) and index < last_attention
        # a layer ends after its attention and the norm before its feed-forward; a block that
        # runs both on one norm (GPT-J's and Falcon's parallel attention and MLP,
        # gpt_j.py:173-185, falcon.py:316-348) ends where the next norm opens an attention. The
        # first begins at the norm that opens an attention, not at a norm of the embedding
        # before it (Bloom's word_embeddings_layernorm, bloom.py:253-255)
        starts_layer = (
            (layer is None and norm_before_attention and _opens_attention(walk, node))
            or {_Seen.ATTENTION, _Seen.POST_NORM} <= seen
            or (_Seen.ATTENTION in seen and norm_before_attention and _opens_attention(walk, node))
        )
        if (
            not regions
            and norm_before_attention
            and starts_layer
            and _decoder_norm(walk, node)
            and not _normalizes_block_output(walk, node)  # a sandwich norm ends its block
        ):
            layer, next_layer, seen = next_layer, next_layer + 1, set()
        if index in moe_layers:
            seen.add(_Seen.MOE)
        # past the decoder layers: after the last region, or (without regions) after the last
        # attention's post-attention norm
        after = layer is None if regions else (index > last_attention and _Seen.POST_NORM in seen)
        found = _classify(walk, node, layer, seen, after)
        if found is not None:
            walk.placed[node.name] = found
    _spread_by_source_line(walk)
    return walk.placed


def _region_id(node: EngineNode) -> str:
    arg = node.arg("id", 1)
    return str(arg.value) if arg is not None else ""


def _decoder_norm(walk: _Walk, node: EngineNode) -> bool:
    """A norm over the hidden size (not a q/k, latent or per-head norm inside attention)."""
    width = walk.width(node)
    return width is not None and width == walk.hidden


OPENING_STEPS = 48  # the ops between a layer's input norm and its attention (a written-out rope)


def _opens_attention(walk: _Walk, norm: EngineNode) -> bool:
    """Does the norm's output reach an attention through one linear (the q/k/v projection) and
    ops that are no linear or decoder norm (splits, views, a rope, q/k norms)? The input norm
    of a layer does; a norm before the feed-forward does not."""
    frontier: list[tuple[EngineNode, bool]] = [(norm, False)]
    seen = {norm.name}
    for _ in range(OPENING_STEPS):
        following: list[tuple[EngineNode, bool]] = []
        for current, projected in frontier:
            for output in current.outputs:
                for reader in walk.consumers.get(output or "", ()):
                    if reader.name in seen:
                        continue
                    seen.add(reader.name)
                    if walk.attention_op(reader):
                        return True
                    linear = walk.is_(reader, Trait.LINEAR)
                    if (linear and projected) or (
                        walk.is_(reader, Trait.NORM) and _decoder_norm(walk, reader)
                    ):
                        continue
                    following.append((reader, projected or linear))
        if not following:
            return False
        frontier = following
    return False


def _moe_layers(walk: _Walk, attention_at: list[int]) -> set[int]:
    """Node indices of the attentions whose layer routes tokens to experts."""
    found: set[int] = set()
    for order, start in enumerate(attention_at):
        end = attention_at[order + 1] if order + 1 < len(attention_at) else len(walk.program.nodes)
        if any(walk.is_(n, Trait.EXPERT) for n in walk.program.nodes[start:end]):
            found.add(start)
    return found


def _in(
    layer: int | None, block: Block, part: Part | None = None, leaf: str | None = None
) -> Placement:
    """An inferred placement inside a decoder layer's block (``leaf`` names a module that is
    no part of the block's table, such as an activation's ``act_fn``)."""
    found = Role(block, part) if part is not None else None
    name = part.value if part is not None else leaf
    return Placement(layer, block, found, module_path(layer, block, name))


def _model(part: Part, path: str) -> Placement:
    return Placement(None, Block.MODEL, Role(Block.MODEL, part), path)


def _classify(
    walk: _Walk,
    node: EngineNode,
    layer: int | None,
    seen: set[_Seen],
    after_layers: bool,
) -> Placement | None:
    if walk.is_(node, Trait.EMBEDDING):
        table = node.arg("weight", 0)
        return _model(Part.EMBED_TOKENS, "model.embed_tokens") if table is not None else None
    if walk.is_(node, Trait.NORM):
        return _norm(walk, node, layer, seen, after_layers)
    if layer is None:
        if walk.is_(node, Trait.LINEAR) and _reads_part(walk, node, Part.NORM):
            return _model(Part.LM_HEAD, "lm_head")
        return None
    fixed = walk.role_of(node)
    if fixed is not None and fixed.part is Part.ATTN:
        seen.add(_Seen.ATTENTION)
        return _in(layer, Block.ATTENTION, Part.ATTN)
    if fixed is not None and fixed.block is Block.ATTENTION:
        return _in(layer, Block.ATTENTION, fixed.part)  # the indexer, or the block itself
    if walk.is_(node, Trait.EXPERT) and fixed is not None:
        part = Part.EXPERTS if fixed.part is Part.EXPERTS else None
        return _in(layer, Block.MOE, part)
    if walk.is_(node, Trait.ACTIVATION):
        block = _mlp_block(walk, node)
        return _in(layer, block, leaf="act_fn") if block else None
    if walk.is_(node, Trait.LINEAR):
        return _linear(walk, node, layer, seen)
    return None


# the norms whose output the feed-forward (an MLP, or the router and experts) reads
FEED_FORWARD_INPUTS = frozenset({Part.POST_ATTENTION_LAYERNORM, Part.PRE_FEEDFORWARD_LAYERNORM})


def _norm(
    walk: _Walk, node: EngineNode, layer: int | None, seen: set[_Seen], after_layers: bool
) -> Placement | None:
    """A decoder norm's role by its place in the layer and what it normalizes, not by how
    many came before it: Llama's two and Gemma's four (gemma2.py:234-245) alike. A norm of a
    block's output alone closes that block (the attention's before the residual norm that
    opens the feed-forward, else the feed-forward's); a norm that adds the residual opens the
    attention before it, the feed-forward after it."""
    if not _decoder_norm(walk, node):
        return _in(layer, Block.ATTENTION) if layer is not None else None
    if layer is not None and _Seen.ATTENTION in seen and _normalizes_block_output(walk, node):
        if _Seen.POST_NORM in seen:
            return _layer_norm(walk, node, layer, Part.POST_FEEDFORWARD_LAYERNORM)
        seen.add(_Seen.OUTPUT_NORM)
        return _layer_norm(walk, node, layer, Part.POST_ATTENTION_LAYERNORM)
    if layer is None or after_layers:
        walk.norm_part[node.name] = Part.NORM
        return _model(Part.NORM, "model.norm") if after_layers else None
    if _Seen.ATTENTION not in seen and _Seen.INPUT_NORM in seen:
        # between the input norm and the attention: a q or k norm as wide as the hidden size
        # (OLMoE's over every head's features, olmoe.py:164)
        return _in(layer, Block.ATTENTION)
    if _Seen.ATTENTION not in seen:
        seen.add(_Seen.INPUT_NORM)
        return _layer_norm(walk, node, layer, Part.INPUT_LAYERNORM)
    seen.add(_Seen.POST_NORM)
    if _Seen.OUTPUT_NORM in seen:
        return _layer_norm(walk, node, layer, Part.PRE_FEEDFORWARD_LAYERNORM)
    return _layer_norm(walk, node, layer, Part.POST_ATTENTION_LAYERNORM)


def _layer_norm(walk: _Walk, node: EngineNode, layer: int, part: Part) -> Placement:
    walk.norm_part[node.name] = part
    return Placement(
        layer, Block.LAYER, Role(Block.LAYER, part), module_path(layer, leaf=part.value)
    )


def _normalizes_block_output(walk: _Walk, node: EngineNode) -> bool:
    """Does the norm normalize a block's output alone (Gemma's post-attention and
    post-feedforward norms: the o_proj's or down_proj's result, reduced), not the residual
    stream? A fused add + norm normalizes a sum with the residual, so it never does."""
    if walk.is_(node, Trait.FUSED_ADD_NORM):
        return False
    first = walk.normalized(node)
    current = walk.producer.get(first) if first else None
    for _ in range(16):  # views, casts and the block's reduction come in short chains
        if current is None:
            return False
        if walk.is_(current, Trait.LINEAR, Trait.EXPERT, Trait.ATTENTION):
            return True
        if not (walk.passes_through(current) or walk.is_(current, Trait.COLLECTIVE)):
            return False
        ins = current.tensor_inputs()
        current = walk.producer.get(ins[0]) if ins else None
    return False


def _reads_part(walk: _Walk, node: EngineNode, part: Part) -> bool:
    source = walk.anchor(node)
    return source is not None and walk.norm_part.get(source.name) is part


def _linear(walk: _Walk, node: EngineNode, layer: int, seen: set[_Seen]) -> Placement | None:
    source = walk.anchor(node)
    if source is None:
        return None
    part = walk.norm_part.get(source.name)
    if walk.attention_op(source):
        return _in(layer, Block.ATTENTION, Part.O_PROJ)
    if part is Part.INPUT_LAYERNORM or (
        walk.is_(source, Trait.NORM) and not _decoder_norm(walk, source)
    ):
        # q/k/v, or MLA's low-rank projections: which one the weight's shape tells the lowering
        return _in(layer, Block.ATTENTION)
    if part in FEED_FORWARD_INPUTS:
        readers = list(walk.readers(node))
        width = walk.width(node)
        routed = _routes(walk, node)
        if routed or (walk.experts is not None and width == walk.experts):
            return _in(layer, Block.MOE, Part.GATE)
        if _Seen.MOE in seen and width == 1:
            # one score per token beside the experts: the gate whose sigmoid scales the shared
            # expert's output (qwen2_moe.py:121)
            return _in(layer, Block.MOE, Part.SHARED_EXPERT_GATE)
        block = Block.SHARED_EXPERTS if _Seen.MOE in seen else Block.MLP
        walk.mlp_block[node.name] = block
        return _in(layer, block, _gate_or_up(walk, readers))
    # the activation, or the product of its halves (silu(gate) · up): not a norm or a rope
    if walk.is_(source, Trait.ACTIVATION) or (
        walk.is_(source, Trait.ROW_WISE) and not walk.is_(source, Trait.NORM, Trait.ROTARY)
    ):
        found = _mlp_block(walk, source)
        return _in(layer, found, Part.DOWN_PROJ) if found else None
    return None


ROUTER_STEPS = 10  # the row-wise ops of a router's scoring (a softmax, a grouped top-k's mask)


def _routes(walk: _Walk, node: EngineNode) -> bool:
    """Does the linear's result reach a top-k over experts through row-wise ops alone (the
    router's softmax, a grouped router's per-group scores and mask)? A norm or another
    linear between them means it is not the router's."""
    frontier, seen = [node], {node.name}
    for _ in range(ROUTER_STEPS):
        following = []
        for current in frontier:
            for output in current.outputs:
                for reader in walk.consumers.get(output or "", ()):
                    if reader.name in seen:
                        continue
                    seen.add(reader.name)
                    if walk.is_(reader, Trait.ROUTER):
                        return True
                    if walk.is_(reader, Trait.ROW_WISE, Trait.VIEW, Trait.CAST) and not walk.is_(
                        reader, Trait.NORM, Trait.LINEAR
                    ):
                        following.append(reader)
        frontier = following
    return False


def _gate_or_up(walk: _Walk, readers: list[EngineNode]) -> Part:
    """gate_up_proj when one matmul makes both halves (its output is split), else gate_proj
    for the half the activation reads, up_proj for the other."""
    if any(walk.is_(r, Trait.SPLIT) for r in readers) or _sliced_in_halves(walk, readers):
        return Part.GATE_UP_PROJ
    if any(walk.is_(r, Trait.ACTIVATION) for r in readers):
        return Part.GATE_PROJ
    return Part.UP_PROJ


def _sliced_in_halves(walk: _Walk, readers: list[EngineNode]) -> bool:
    """The result read as two slices of its last dim, one matmul's gate and up halves: the
    native form of vLLM's SiluAndMul, silu(x[..., :d]) * x[..., d:] (activation.py)."""
    sliced = 0
    for reader in readers:
        if not walk.is_(reader, Trait.TOKEN_SLICE):
            continue
        dim, source = walk.arg(reader, "dim"), reader.tensor_inputs()[:1]
        meta = walk.program.meta(source[0]) if source else None
        rank = len(meta.shape) if meta is not None else None
        if isinstance(dim, int) and rank is not None and rank > 1 and dim in (-1, rank - 1):
            sliced += 1
    return sliced >= 2


def _mlp_block(walk: _Walk, node: EngineNode) -> Block | None:
    """The block (mlp or shared experts) whose gate_up the activation's input came from."""
    for name in node.tensor_inputs():
        current = walk.producer.get(name)
        for _ in range(8):
            if current is None:
                break
            if current.name in walk.mlp_block:
                return walk.mlp_block[current.name]
            ins = current.tensor_inputs()
            current = walk.producer.get(ins[0]) if ins else None
    return None


def _spread_by_source_line(walk: _Walk) -> None:
    """A node without a placement made on its reader's (else its producer's) source line is
    part of that module call."""
    nodes = walk.program.nodes
    placed = walk.placed
    for node in reversed(nodes):
        if node.name in placed or node.source is None:
            continue
        for output in node.outputs:
            for reader in walk.consumers.get(output or "", ()):
                if reader.source == node.source and reader.name in placed:
                    placed[node.name] = placed[reader.name]
                    break
            if node.name in placed:
                break
    for node in nodes:
        if node.name in placed or node.source is None:
            continue
        for name in node.tensor_inputs():
            producer = walk.producer.get(name)
            same_call = producer is not None and producer.source == node.source
            if same_call and producer is not None and producer.name in placed:
                placed[node.name] = placed[producer.name]
                break
