"""TensorCast's weight figure (``--accounting tensorcast``): what its analytic model sums as one
rank's parameters and buffers (``model.weight_size``), from its sharding and quantization rules
(Ascend/msmodeling ``tensor_cast``, commit 84fec85; facts re-derived, no code taken).

Where it parts from the checkpoint accounting, and why:

- the embedding is whole on every rank (its TP plan shards ``embed_tokens`` only under
  ``--word-embedding-tp``) and neither it nor ``lm_head`` pads the vocabulary (``lm_head``
  holds ``ceil(vocab/tp)`` rows);
- GLM/DeepSeek shared experts are whole on every rank, with EP or without: its TP plan's
  shared-expert patterns name ``shared_expert.*`` modules, which ``mlp.shared_experts.gate_proj``
  does not match;
- a quantized linear holds one fp32 scalar ``weight_scale`` (and a static one an fp32
  ``activation_scale``), not per-channel tensors;
- every decoder linear takes the recipe's type, the router excepted (a parameter, not a
  linear); ``kv_b_proj``, indexer ``wk`` and ``weights_proj`` stay float only under DSA-CP;
- it caches the rotary table: cos and sin, ``max_position_embeddings × rope dim`` each, in the
  activation dtype (2 bytes). A graph imported from TensorCast already holds the two tables (as
  lookups); a built graph does not, and the accounting adds them.

Not in the graph's inventory and so not here: the router's fp32 ``e_score_correction_bias``
and the indexer ``k_norm`` bias (96,768 bytes on GLM-5.1).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs
import sympy

from layoutcheck.memory.accounting import ONE, Checkpoint, Item, Shares, elements, shares_of
from layoutcheck.memory.inventory import MemoryError_
from layoutcheck.models.config import MlaSpec, ModelSpec
from layoutcheck.ops.weights import Sharding, Tensor, TensorKind
from layoutcheck.quant import QUANT_TYPES, QuantDescription, QuantType, recipe_type
from layoutcheck.roles import Block, Part, Role
from layoutcheck.symbols import Expr

# The roles TensorCast leaves float. Its router weight is an nn.Parameter, which its
# quantization pass (it replaces nn.Linear modules) never sees.
ALWAYS_FLOAT: tuple[Role, ...] = (Role(Block.MOE, Part.GATE),)
# What it excludes from quantization when DSA-CP is on (``enable_sequence_parallel`` on a
# model with DSA), and only then.
DSA_CP_FLOAT: tuple[Role, ...] = (
    Role(Block.ATTENTION, Part.KV_B_PROJ),
    Role(Block.ATTENTION, Part.INDEXER_WK),
    Role(Block.ATTENTION, Part.INDEXER_WEIGHTS_PROJ),
)

# The fp32 scalars its quantized linear registers (``torch.tensor(1.0)``), by how the type
# quantizes activations: a weight scale always, an activation scale for static types.
SCALARS: Mapping[str | None, tuple[str, ...]] = {
    None: ("weight_scale",),
    "dynamic": ("weight_scale",),
    "static": ("weight_scale", "activation_scale"),
}
SCALAR_BYTES = 4

# How it holds a tensor where that differs from the graph's layout (the module docstring says
# why for each).
HELD_AS: tuple[tuple[Callable[[Tensor], bool], Sharding], ...] = (
    (lambda t: _part(t) is Part.EMBED_TOKENS, Sharding.REPLICATED),
    (lambda t: t.role is not None and t.role.block is Block.SHARED_EXPERTS, Sharding.REPLICATED),
)
VOCABULARY_ROWS = (Part.EMBED_TOKENS, Part.LM_HEAD)  # tensors of vocab rows, unpadded here

ACTIVATION_BYTES = 2  # bf16 / fp16: the rotary table's dtype


@attrs.frozen
class Tensorcast(Checkpoint):
    """TensorCast's per-rank parameters and buffers for the graph's layout."""

    name: str = "tensorcast"
    dsa_cp: bool = False  # the graph replicates kv_b_proj beyond TP: DSA-CP
    vocab: int = 0  # the model's vocabulary, unpadded
    rotary_rows: int = 0  # max_position_embeddings
    rotary_dim: int = 0  # the dims rope turns: qk_rope_head_dim (MLA) or head_dim
    rotary_in_graph: bool = False  # the graph holds the cos/sin tables itself (an import)

    @classmethod
    def of(cls, spec: ModelSpec | None, found: Sequence[tuple[Tensor, int]]) -> Tensorcast:
        """The accounting for this model and inventory (DSA-CP read off the inventory)."""
        if spec is None:
            raise MemoryError_(
                "--accounting tensorcast needs the model's config (its vocabulary and rotary "
                "table), not a graph file"
            )
        if spec.max_positions is None:
            raise MemoryError_(
                f"{spec.name}: --accounting tensorcast needs max_position_embeddings in the config "
                "(TensorCast caches a rotary table of that many rows)"
            )
        attention = spec.attention
        rotary_dim = (
            attention.qk_rope_head_dim if isinstance(attention, MlaSpec) else attention.head_dim
        )
        dsa_cp = any(
            t.role is not None
            and t.role.part is Part.KV_B_PROJ
            and t.sharding is Sharding.REPLICATED
            and t.tp_sharding is not Sharding.REPLICATED
            for t, _ in found
        )
        table = (sympy.Integer(spec.max_positions), sympy.Integer(rotary_dim))
        return cls(
            dsa_cp=dsa_cp,
            vocab=spec.vocab,
            rotary_rows=spec.max_positions,
            rotary_dim=rotary_dim,
            rotary_in_graph=any(_is_table(t, table) for t, _ in found),
        )

    def quant_type(self, description: QuantDescription, tensor: Tensor) -> QuantType:
        """A recipe typed by TensorCast's rules; a description file as the file says (TensorCast
        reads none, so the file is the user's statement of what runs)."""
        if description.recipe is None or not tensor.quantizable:
            return super().quant_type(description, tensor)
        float_roles = ALWAYS_FLOAT + (DSA_CP_FLOAT if self.dsa_cp else ())
        return QUANT_TYPES[recipe_type(description.recipe, tensor.role, float_roles)]

    def price(
        self,
        tensor: Tensor,
        count: int,
        quant: QuantType,
        groups: Mapping[str, Expr],
        layers: int,
    ) -> list[Item]:
        if _is_table(tensor, (sympy.Integer(self.rotary_rows), sympy.Integer(self.rotary_dim))):
            bytes_ = count * elements(tensor.shape) * ACTIVATION_BYTES
            return [Item(tensor.name, tensor.module, "buffers", bytes_, tensor.layer)]
        held_as = next((sharding for rule, sharding in HELD_AS if rule(tensor)), tensor.sharding)
        shares = self._shares(attrs.evolve(tensor, sharding=held_as), groups)
        items = self.weight(tensor, count, quant, shares)
        for scalar in SCALARS[quant.activation] if quant.quantized else ():
            items.append(
                Item(
                    f"{tensor.module}.{scalar}",
                    tensor.module,
                    "quantization auxiliaries",
                    count * shares.copies * SCALAR_BYTES,
                    tensor.layer,
                )
            )
        return items

    def _shares(self, tensor: Tensor, groups: Mapping[str, Expr]) -> Shares:
        """The graph's shares, with the unpadded vocabulary for the embedding and the head."""
        shares = shares_of(tensor, groups)
        if _part(tensor) not in VOCABULARY_ROWS:
            return shares
        hidden = tensor.shape[-1]
        full = sympy.Integer(self.vocab) * hidden
        tp_share = sympy.ceiling(sympy.Integer(self.vocab) / groups.get("tp", ONE)) * hidden
        held = full if tensor.sharding is Sharding.REPLICATED else tp_share
        return attrs.evolve(shares, full=full, held=held, tp_share=tp_share)

    def pools(self, priced: Sequence[tuple[Tensor, QuantType]]) -> list[Item]:
        """The rotary cos/sin table the model caches once for all layers (unless the graph
        holds it)."""
        if self.rotary_in_graph:
            return []
        table = 2 * self.rotary_rows * self.rotary_dim * ACTIVATION_BYTES
        return [Item("rotary cos/sin cache", "model.rotary_emb", "buffers", ONE * table, None)]


def _part(tensor: Tensor) -> Part | None:
    return tensor.role.part if tensor.role is not None else None


def _is_table(tensor: Tensor, shape: tuple[Expr, Expr]) -> bool:
    """A rotary cos or sin table: a lookup table of ``max_positions × rope dim``."""
    return tensor.kind is TensorKind.EMBEDDING and tuple(tensor.shape) == shape
