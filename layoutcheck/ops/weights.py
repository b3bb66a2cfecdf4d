"""What a weight rule returns: the tensors an op owns, named and shaped as a checkpoint holds
them, with how a rank holds each one. Memory accountings price them (``layoutcheck.memory``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import attrs
import sympy
from attrs import field as _field  # WeightCall has an attr named attrs

from layoutcheck.graph import Op
from layoutcheck.lattice import AbstractValue
from layoutcheck.roles import Role
from layoutcheck.symbols import Expr

if TYPE_CHECKING:
    from layoutcheck.ops.base import OpSpec


class Sharding(enum.Enum):
    REPLICATED = "replicated"  # the full tensor on every rank
    TP_DIM0 = "tp-dim0"  # dim 0 split over tp (column-parallel [out, in] weights)
    TP_DIM1 = "tp-dim1"  # dim 1 split over tp (row-parallel)
    EP = "ep"  # experts split over ep (dim 0 counts experts)
    VOCAB = "vocab"  # vocab-parallel rows


class TensorKind(enum.Enum):
    WEIGHT = "weight"  # a linear's weight: a quantization recipe may apply
    NORM = "norm"
    EMBEDDING = "embedding"
    HEAD = "head"


@attrs.frozen
class Tensor:
    """One weight tensor (or a stack of expert tensors) as a checkpoint names it.

    ``role`` is the module's role (``attention.kv_b_proj`` for the kv_b_proj weight an attention
    op holds); accountings and quantization recipes decide by it, never by the name.
    """

    name: str  # e.g. model.layers.5.self_attn.o_proj.weight
    module: str  # the module a quantization description types, e.g. …self_attn.o_proj
    shape: tuple[Expr, ...]  # global, HF layout [out, in] (experts first for a stack)
    sharding: Sharding
    tp_sharding: Sharding  # how plain TP would hold it (replication beyond TP is the gap)
    kind: TensorKind
    role: Role | None
    layer: int | None

    @property
    def quantizable(self) -> bool:
        return self.kind is TensorKind.WEIGHT


@attrs.frozen
class WeightCall:
    """What a weight rule sees: the op, its typed inputs and its attrs (defaults filled in)."""

    op: Op
    inputs: tuple[AbstractValue, ...]
    attrs: Mapping[str, object]
    # the graph's group sizes, for a rule whose tensor depends on one (replicated heads)
    groups: Mapping[str, Expr] = _field(factory=dict)

    def size(self, key: str) -> Expr:
        value = self.attrs[key]
        assert isinstance(value, sympy.Expr)
        return value

    def tensor(
        self,
        module: str,
        shape: tuple[Expr, ...],
        sharding: Sharding,
        *,
        tp_sharding: Sharding | None = None,
        kind: TensorKind = TensorKind.WEIGHT,
        role: Role | None = None,
    ) -> Tensor:
        """A ``<module>.weight`` tensor of this op (its role and layer unless given)."""
        return Tensor(
            f"{module}.weight",
            module,
            shape,
            sharding,
            sharding if tp_sharding is None else tp_sharding,
            kind,
            self.op.role if role is None else role,
            self.op.layer,
        )


WeightRule = Callable[[WeightCall], tuple[Tensor, ...]]


def weights_of(
    spec: OpSpec,
    op: Op,
    inputs: tuple[AbstractValue, ...],
    groups: Mapping[str, Expr] | None = None,
) -> tuple[Tensor, ...]:
    """The tensors ``op`` owns, by its catalogue entry's weight rule (attr defaults filled in;
    ``groups``: the graph's group sizes)."""
    if spec.weights is None:
        return ()
    values = {name: attr.default for name, attr in spec.attrs.items() if attr.default is not None}
    values.update(op.attr_dict)
    return spec.weights(WeightCall(op, inputs, values, dict(groups or {})))


def no_weights(call: WeightCall) -> tuple[Tensor, ...]:
    """Ops that own no weights (collectives, views, elementwise, markers)."""
    return ()
