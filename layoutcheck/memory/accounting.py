"""Accountings: what one rank holds for each weight tensor, itemized into categories.

``Checkpoint`` counts the checkpoint's tensors after sharding (and the quantization auxiliaries
stored beside them); ``Engine`` counts what vLLM-Ascend materializes on top: kv_b_proj turned
into W_UK_T / W_UV, aclnn's per-input-channel scales, layer-sharded windows and the o_proj pool.
Bytes per rank are sympy expressions of the group sizes and the model dims. TensorCast's own
figure is a third accounting (``layoutcheck.memory.tensorcast``); ``pricing`` picks one by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs
import sympy

from layoutcheck.memory.inventory import MemoryError_
from layoutcheck.ops.weights import Sharding, Tensor, TensorKind
from layoutcheck.quant import QuantDescription, QuantType
from layoutcheck.roles import Part
from layoutcheck.symbols import Expr

CATEGORIES = (
    "quantized weights",
    "float weights",
    "quantization auxiliaries",
    "derived weights",
    "replication beyond TP",
    "layout copies",
    "embeddings/head",
    "buffers",  # tables a rank holds beside the weights (TensorCast's rotary cos/sin)
)
ONE = sympy.Integer(1)


@attrs.frozen
class Item:
    """Bytes one rank holds for one tensor (times the layers it stands for), in one category."""

    name: str
    module: str
    category: str
    bytes: Expr
    layer: int | None


@attrs.frozen
class LayerSharding:
    """vLLM-Ascend layer sharding: the listed full-weight projections of every layer spread over
    K ranks, each rank holding its own layers plus ``prefetch + 1`` resident windows."""

    projections: tuple[Part, ...]
    group: int
    prefetch: int = 1

    @classmethod
    def parse(cls, names: Sequence[str], group: int, prefetch: int) -> LayerSharding:
        parts = []
        for name in names:
            part = next((p for p in Part if p.value == name), None)
            if part is None:
                raise MemoryError_(f"--layer-sharding {name!r}: not a projection (e.g. o_proj)")
            parts.append(part)
        return cls(tuple(parts), group, prefetch)


@attrs.frozen
class Shares:
    """How much of a tensor one rank holds, in elements."""

    full: Expr  # the whole tensor
    held: Expr  # what the rank holds under the graph's layout
    tp_share: Expr  # what it would hold under plain TP
    copies: Expr  # expert stacks: the experts this rank holds (1 for a plain tensor)
    out: Expr  # the weight's output rows (for [out]-sized aux tensors)
    inp: Expr  # its input columns


def divisor(sharding: Sharding, groups: Mapping[str, Expr]) -> Expr:
    if sharding in (Sharding.TP_DIM0, Sharding.TP_DIM1, Sharding.VOCAB):
        return groups.get("tp", ONE)
    if sharding is Sharding.EP:
        return groups.get("ep", ONE)
    return ONE


def elements(shape: Sequence[Expr]) -> Expr:
    result: Expr = ONE
    for dim in shape:
        result = result * dim
    return result


def shares_of(tensor: Tensor, groups: Mapping[str, Expr]) -> Shares:
    full = elements(tensor.shape)
    stack = tensor.shape[0] if len(tensor.shape) == 3 else ONE
    out = tensor.shape[-2] if len(tensor.shape) > 1 else tensor.shape[0]
    copies = stack / divisor(Sharding.EP, groups) if tensor.sharding is Sharding.EP else stack
    return Shares(
        full=full,
        held=full / divisor(tensor.sharding, groups),
        tp_share=full / divisor(tensor.tp_sharding, groups),
        copies=copies,
        out=out,
        inp=tensor.shape[-1],
    )


def _row_fraction(sharding: Sharding, groups: Mapping[str, Expr]) -> Expr:
    """The share of a weight's output rows a rank holds."""
    if sharding in (Sharding.TP_DIM0, Sharding.VOCAB):
        return 1 / groups.get("tp", ONE)
    return ONE


def _column_fraction(sharding: Sharding, groups: Mapping[str, Expr]) -> Expr:
    """The share of a weight's input columns a rank holds."""
    if sharding is Sharding.TP_DIM1:
        return 1 / groups.get("tp", ONE)
    return ONE


def base_category(tensor: Tensor, quant: QuantType) -> str:
    if tensor.kind in (TensorKind.EMBEDDING, TensorKind.HEAD):
        return "embeddings/head"
    return "quantized weights" if quant.quantized else "float weights"


@attrs.frozen
class Checkpoint:
    """The checkpoint's tensors after sharding, with their quantization auxiliaries."""

    name: str = "checkpoint"

    def quant_type(self, description: QuantDescription, tensor: Tensor) -> QuantType:
        """The quantization this accounting holds the tensor in: the description's."""
        return description.type_of(tensor.module, tensor.role, tensor.quantizable)

    def price(
        self,
        tensor: Tensor,
        count: int,
        quant: QuantType,
        groups: Mapping[str, Expr],
        layers: int,
    ) -> list[Item]:
        shares = shares_of(tensor, groups)
        return self.weight(tensor, count, quant, shares) + self.auxiliaries(
            tensor, count, quant, shares, tensor.sharding, groups
        )

    def weight(self, tensor: Tensor, count: int, quant: QuantType, shares: Shares) -> list[Item]:
        """The weight at its plain-TP share, and what the layout replicates beyond it."""
        size = quant.weight_bytes
        items = [
            Item(
                tensor.name,
                tensor.module,
                base_category(tensor, quant),
                count * shares.tp_share * size,
                tensor.layer,
            )
        ]
        if shares.held != shares.tp_share:
            items.append(
                Item(
                    f"{tensor.name} (replicated)",
                    tensor.module,
                    "replication beyond TP",
                    count * (shares.held - shares.tp_share) * size,
                    tensor.layer,
                )
            )
        return items

    def auxiliaries(
        self,
        tensor: Tensor,
        count: int,
        quant: QuantType,
        shares: Shares,
        sharding: Sharding,
        groups: Mapping[str, Expr],
    ) -> list[Item]:
        """Scales and offsets beside a quantized weight: [out]-sized ones split with the
        weight's rows (column-parallel); scalars are whole on every rank."""
        items = []
        out_fraction = _row_fraction(sharding, groups)
        for suffix, rule in quant.aux:
            elements, width = rule(shares.out, shares.inp)
            fraction = ONE if elements == 1 else out_fraction
            items.append(
                Item(
                    f"{tensor.module}.{suffix}",
                    tensor.module,
                    "quantization auxiliaries",
                    count * shares.copies * elements * width * fraction,
                    tensor.layer,
                )
            )
        return items

    def pools(self, priced: Sequence[tuple[Tensor, QuantType]]) -> list[Item]:
        """Buffers shared by all layers (none in a checkpoint)."""
        return []


@attrs.frozen
class Engine(Checkpoint):
    """What vLLM-Ascend materializes: kv_b_proj turned into W_UK_T and W_UV (bf16) and freed,
    aclnn's per-input-channel scale and offset beside every static W8A8 linear, and optionally
    layer-sharded windows or the o_proj-TP pool."""

    name: str = "engine"
    layer_sharding: LayerSharding | None = None
    oproj_pool: bool = False

    def price(
        self,
        tensor: Tensor,
        count: int,
        quant: QuantType,
        groups: Mapping[str, Expr],
        layers: int,
    ) -> list[Item]:
        shares = shares_of(tensor, groups)
        part = tensor.role.part if tensor.role is not None else None
        if part is Part.KV_B_PROJ:
            name = f"{tensor.module} → W_UK_T, W_UV"
            bytes_ = count * shares.held * 2
            return [Item(name, tensor.module, "derived weights", bytes_, tensor.layer)]
        sharding = tensor.sharding
        if self.oproj_pool and part is Part.O_PROJ:
            # o_proj tensor parallelism: every layer holds its TP shard, and one full-weight
            # buffer (a layout copy) is gathered into for the layer being run
            sharding = Sharding.TP_DIM1
            size = quant.weight_bytes
            held = count * shares.full / divisor(Sharding.TP_DIM1, groups) * size
            items = [
                Item(tensor.name, tensor.module, base_category(tensor, quant), held, tensor.layer)
            ]
        elif self._windowed(tensor, part):
            assert self.layer_sharding is not None
            # own layers (1/K of them) plus prefetch + 1 full-weight windows in flight
            share = sympy.Rational(1, self.layer_sharding.group) + sympy.Rational(
                self.layer_sharding.prefetch + 1, layers
            )
            bytes_ = count * shares.full * share * quant.weight_bytes
            category = base_category(tensor, quant)
            items = [Item(tensor.name, tensor.module, category, bytes_, tensor.layer)]
        else:
            items = self.weight(tensor, count, quant, shares)
        items += self.auxiliaries(tensor, count, quant, shares, sharding, groups)
        if quant.name == "W8A8":
            # aclnn wants per-input-channel scale and offset: two bf16 [in] tensors per linear
            columns = _column_fraction(sharding, groups)
            items.append(
                Item(
                    f"{tensor.module}.aclnn_scale_offset",
                    tensor.module,
                    "quantization auxiliaries",
                    count * shares.copies * 2 * shares.inp * 2 * columns,
                    tensor.layer,
                )
            )
        return items

    def _windowed(self, tensor: Tensor, part: Part | None) -> bool:
        return (
            self.layer_sharding is not None
            and tensor.sharding is Sharding.REPLICATED
            and part in self.layer_sharding.projections
        )

    def pools(self, priced: Sequence[tuple[Tensor, QuantType]]) -> list[Item]:
        """The o_proj-TP pool: one buffer as large as the largest full o_proj weight."""
        sizes = {
            elements(tensor.shape) * quant.weight_bytes
            for tensor, quant in priced
            if tensor.role is not None and tensor.role.part is Part.O_PROJ
        }
        if not self.oproj_pool or not sizes:
            return []
        largest = sizes.pop() if len(sizes) == 1 else sympy.Max(*sizes)
        return [Item("o_proj full-weight pool", "o_proj pool", "layout copies", largest, None)]
