"""Two ranks' programs aligned node by node: what they differ in as ranks should (the literals a
rank computes, nodes one rank's compiler folded away at its own constant) and what else.

Each rank traces the same model code, but Inductor folds a node whose constant is the op's
identity on that rank: rank 0's vocab shard starts at 0, so its ``0 * mask`` and ``x - 0`` are
gone while rank 1 keeps ``512 * mask``. The walk pairs the nodes of the two graphs in order by
target and dataflow (each rank's values mapped to rank 0's), lets a node present on one rank only
stand for its operand or for a zero where the other rank's constant is the op's identity or
absorbing element (the op map's ``fn`` says which function the node computes), and reports
anything else (another target, a shape, an extra collective) at both ranks' node and line.

Inputs are paired by what reads them, not by position: vLLM's RowParallelLinear adds its bias
on rank 0 only (linear.py:1777), so rank 0 has an input the others lack and every later input
sits one place further on. An input one rank alone has, added by a node that is the other
rank's node plus it (the op map's ``plus``: addmm is mm plus ``self``) or by an add the other
rank folded, is a rank constant; one read otherwise is a difference.
"""

from __future__ import annotations

import enum
import os
import re
from collections.abc import Mapping, Sequence

import attrs

from layoutcheck.engines.opmap import OpMapEntry
from layoutcheck.engines.program import Arg, ArgKind, EngineNode, EngineProgram
from layoutcheck.engines.read import shown

MAX_REPORTED = 20  # differences kept per rank: past the first, most are its consequences
# nodes looked ahead on each rank to pair again after a difference: a removed or inserted op is
# one node, a rewritten pattern a few; farther apart the rest is reported node by node
RESYNC_WINDOW = 24

CONSTANT = "rank constant"
_ZERO = "<zero>"  # a value a rank folded to zero (its constant the op's absorbing element)
_DEVICE_TEXT = re.compile(r"(?P<type>[a-z]{1,20}):[0-9]{1,6}")  # `cuda:1`, a device argument


@attrs.frozen
class Algebra:
    """What folds a binary op at a constant operand: ``identity`` at one of ``positions``
    leaves the other operand; ``absorbing`` (if any) makes the result itself."""

    identity: int
    positions: tuple[int, ...]
    absorbing: int | None = None


# by the function the op map says a node computes (`fn:`), aten's and fx's size arithmetic alike
ALGEBRA: Mapping[str, Algebra] = {
    "add": Algebra(0, (0, 1)),  # x + 0 = 0 + x = x
    "sub": Algebra(0, (1,)),  # x - 0 = x; 0 - x is not x
    "mul": Algebra(1, (0, 1), absorbing=0),  # x * 1 = x; x * 0 = 0 (the vocab mask's offset)
    "div": Algebra(1, (1,)),  # x / 1 = x
    "floordiv": Algebra(1, (1,)),  # x // 1 = x
    "or": Algebra(0, (0, 1)),  # a mask | False = the mask
}


class Constant(enum.Enum):
    """What a rank constant is: a literal argument each rank computes for itself, a size
    computed from one, or a node one rank's compiler folded away at its constant."""

    ARGUMENT = "argument"
    VALUE = "value"
    FOLDED = "folded"
    INPUT = "input"  # an input one rank alone has and adds (a row-parallel linear's bias)
    BLOCK = "block"  # the result of a split each rank takes: its own block


class Verdict(enum.Enum):
    """How one argument of two paired nodes compares."""

    SAME = "same"
    CONSTANT = "constant"  # a literal each rank computes for itself
    DIFFERENT = "different"


@attrs.frozen
class RankDifference:
    """Where rank ``rank``'s program differs from rank 0's: a node (by rank 0's name, or the
    rank's own where rank 0 has none), what of it (``argument 'epsilon'``, ``target``,
    ``shape of x``, ``on rank 1 only``), both values, and both ranks' file and line."""

    rank: int
    source: str
    line: int | None
    node: str
    where: str
    base: str
    other: str
    base_source: str = ""
    base_line: int | None = None
    other_node: str | None = None  # the rank's node, when its name is not rank 0's
    constant: Constant | None = None  # None: the ranks run different programs here

    @property
    def is_constant(self) -> bool:
        return self.constant is not None

    def __str__(self) -> str:
        place = self.source if self.line is None else f"{self.source}:{self.line}"
        at = self.node
        if self.other_node is not None and self.other_node != self.node:
            at += f" (rank {self.rank}'s {self.other_node})"
        # rank 0's file beside the rank's: its name is enough
        base_file = os.path.basename(self.base_source)
        base_at = f" ({base_file}:{self.base_line})" if self.base_line is not None else ""
        return (
            f"{place}: rank {self.rank} differs from rank 0 at {at} ({self.where}): "
            f"{self.base} on rank 0{base_at}, {self.other} on rank {self.rank}"
        )


Values = frozenset[str]  # the rank-0 values a name may stand for (more than one: undecided)


@attrs.frozen
class _Folded:
    """A node present on one rank only, standing for ``values`` of rank 0's."""

    node: EngineNode
    on_base: bool
    values: Values
    constant: object  # the literal the present rank has (None: it read a folded zero)
    lone: str | None = None  # the input only its rank has that it adds (a zero on the other)


class _Walk:
    """The alignment of ``other`` (rank ``rank``) with ``base`` (rank 0), built once."""

    def __init__(
        self,
        base: EngineProgram,
        other: EngineProgram,
        rank: int,
        opmaps: Mapping[str, OpMapEntry],
    ) -> None:
        self.base, self.other, self.rank = base, other, rank
        self.opmaps = opmaps
        self.base_names = _names(base)
        self.other_names = _names(other)
        self.base_read = _read(base)
        self.other_read = _read(other)
        self.base_values: dict[str, Values] = {}  # rank 0's folded names -> what they stand for
        self.other_values: dict[str, Values] = {}  # the rank's names -> rank 0's values
        # the rank's symbolic sizes computed from a rank constant or a folded node
        self.tainted: set[str] = set()
        self.found: list[RankDifference] = []
        self.folded: list[_Folded] = []
        self.structural = 0
        self.base_inputs = {i.name: i for i in base.inputs}
        self.other_inputs = {i.name: i for i in other.inputs}
        self.paired_base: set[str] = set()  # rank 0's inputs a reader paired with the rank's
        self.paired_other: set[str] = set()
        # (on rank 0?, input) -> the node that added it as an input only its rank has
        self.alone: dict[tuple[bool, str], EngineNode] = {}
        self.mistaken: set[tuple[bool, str]] = set()  # of those, inputs both ranks read after all
        self.added: dict[tuple[bool, str], RankDifference] = {}  # the constant each was said as

    # -- values -------------------------------------------------------------------------------
    def of_base(self, name: str) -> Values:
        return self.base_values.get(name, frozenset({name}))

    def of_other(self, name: str) -> Values:
        # a value of the rank's that no pairing has named stands for nothing of rank 0's
        return self.other_values.get(name, frozenset({f"rank {self.rank}'s {name}"}))

    def lone_input(self, name: str, on_base: bool) -> bool:
        """An input of its rank that no reader has paired with one of the other rank's."""
        if on_base:
            return name in self.base_inputs and name not in self.paired_base
        return name in self.other_inputs and name not in self.paired_other

    def may_pair(self, ours: str, theirs: str) -> bool:
        """Could two inputs, neither paired yet, be one (the same kind and shape)? The first
        node both ranks read them at pairs them; their position is no evidence."""
        if not (self.lone_input(ours, True) and self.lone_input(theirs, False)):
            return False
        a, b = self.base_inputs[ours], self.other_inputs[theirs]
        return (a.kind, a.meta) == (b.kind, b.meta)

    def same_value(self, ours: str, theirs: str) -> bool:
        return bool(self.of_base(ours) & self.of_other(theirs)) or self.may_pair(ours, theirs)

    def refs(self, arg: Arg, on_base: bool) -> tuple[str | None, ...] | None:
        """The value names an argument reads (None where a list has a gap), or None for a
        literal. A symbolic size is a name when the graph defines it, else an expression."""
        names = self.base_names if on_base else self.other_names
        if arg.kind is ArgKind.TENSOR and isinstance(arg.value, str):
            return (arg.value,)
        if arg.kind is ArgKind.TENSORS and isinstance(arg.value, tuple):
            return tuple(v if isinstance(v, str) else None for v in arg.value)
        if arg.kind is ArgKind.SYM and isinstance(arg.value, str) and arg.value in names:
            return (arg.value,)
        return None

    # -- comparing one pair of nodes ----------------------------------------------------------
    def arg_verdict(self, a: Arg, b: Arg) -> Verdict:
        if a.name == b.name and self._folded_product(a, b):
            return Verdict.CONSTANT
        if a.name != b.name or a.kind is not b.kind:
            return Verdict.DIFFERENT
        ours, theirs = self.refs(a, True), self.refs(b, False)
        if ours is not None or theirs is not None:
            if ours is None or theirs is None or len(ours) != len(theirs):
                return Verdict.DIFFERENT
            for x, y in zip(ours, theirs, strict=True):
                if (x is None) != (y is None):
                    return Verdict.DIFFERENT
                if x is not None and y is not None and not self.same_value(x, y):
                    return Verdict.DIFFERENT
            return Verdict.SAME
        if a.kind is ArgKind.SYMS:
            return self._size_list(a, b)
        if a.value == b.value:
            return Verdict.SAME
        return Verdict.CONSTANT if _rank_literal(a, b) else Verdict.DIFFERENT

    def _folded_product(self, a: Arg, b: Arg) -> bool:
        """Rank 0's literal 0 where the rank reads a size y, and rank 0 computes 0·y elsewhere:
        the product r·y each rank folded at its own r (vLLM's SP pass slices rank r's chunk of
        the residual from r·chunk: rank 0's start is 0, rank 1's 1·chunk is the chunk)."""
        if a.kind is not ArgKind.INT or a.value != 0 or b.kind is not ArgKind.SYM:
            return False
        theirs = self.refs(b, False)
        if not theirs or len(theirs) != 1 or theirs[0] is None:
            return False
        stands = self.of_other(theirs[0])
        return any(_ZERO in values and stands <= values for values in self.base_values.values())

    def _size_list(self, a: Arg, b: Arg) -> Verdict:
        if not (isinstance(a.value, tuple) and isinstance(b.value, tuple)):
            return Verdict.SAME if a.value == b.value else Verdict.DIFFERENT
        if len(a.value) != len(b.value):
            return Verdict.DIFFERENT
        for x, y in zip(a.value, b.value, strict=True):
            if isinstance(x, str) and isinstance(y, str) and x in self.base_names:
                if y not in self.other_names or not self.same_value(x, y):
                    return Verdict.DIFFERENT
            elif x != y:
                return Verdict.DIFFERENT
        return Verdict.SAME

    def pairs(self, ours: EngineNode, theirs: EngineNode) -> bool:
        """The same op on the same values (literals may be rank constants)."""
        if (ours.target, ours.wrapper, len(ours.args)) != (
            theirs.target,
            theirs.wrapper,
            len(theirs.args),
        ):
            return False
        if len(ours.outputs) != len(theirs.outputs) and not self.own_block(ours, theirs):
            return False
        return all(
            self.arg_verdict(a, b) is not Verdict.DIFFERENT
            for a, b in zip(ours.args, theirs.args, strict=True)
        )

    def resembles(self, ours: EngineNode, theirs: EngineNode) -> bool:
        """The same op, whatever it reads: paired, with its arguments reported."""
        return (ours.target, ours.wrapper) == (theirs.target, theirs.wrapper)

    # -- folding --------------------------------------------------------------------------------
    def folds(self, node: EngineNode, on_base: bool) -> _Folded | None:
        """What ``node`` stands for if it is present on its rank only because the other rank's
        constant made it the identity (its operand) or absorbing (a zero), else None."""
        entry = self.opmaps.get(node.target)
        fn = entry.params.get("fn") if entry is not None else None
        algebra = ALGEBRA.get(fn) if isinstance(fn, str) else None
        if algebra is None or len(node.outputs) != 1 or len(node.args) < 2:
            return None
        if any(arg.kind is not ArgKind.NONE and arg.value != 1 for arg in node.args[2:]):
            return None  # an alpha or a rounding mode other than the default
        operands = node.args[:2]
        of = self.of_base if on_base else self.of_other
        values: set[str] = set()
        constant: object = None
        lone: str | None = None
        for position, operand in enumerate(operands):
            rest = operands[1 - position]
            rest_refs = self.refs(rest, on_base)
            if rest_refs is None or len(rest_refs) != 1 or rest_refs[0] is None:
                continue
            kept = of(rest_refs[0])
            refs = self.refs(operand, on_base)
            if refs is None and operand.kind in (ArgKind.INT, ArgKind.FLOAT):
                # a literal: on the other rank it was the identity, or the absorbing element
                if position in algebra.positions:
                    values |= kept
                    constant = operand.value
                if algebra.absorbing is not None:
                    values.add(_ZERO)
                    constant = operand.value
            elif refs is not None and len(refs) == 1 and refs[0] is not None:
                if self.lone_input(refs[0], on_base) and refs[0] != rest_refs[0]:
                    # an input only this rank has, added: nothing, a zero, on the other rank
                    # (the bias rank 0 alone adds); _lone_inputs checks no later node pairs it
                    if algebra.identity == 0 and position in algebra.positions:
                        values |= kept
                        lone = refs[0]
                    continue
                if _ZERO not in of(refs[0]):
                    continue
                # it reads a value this rank folded to zero
                if algebra.identity == 0 and position in algebra.positions:
                    values |= kept
                elif algebra.absorbing == 0:
                    values.add(_ZERO)
        if not values:
            return None
        return _Folded(node, on_base, frozenset(values), constant, lone)

    def fold(self, folded: _Folded) -> None:
        if folded.lone is not None:
            self.alone[(folded.on_base, folded.lone)] = folded.node
        name = folded.node.outputs[0]
        if name is not None:
            if folded.on_base:
                self.base_values[name] = folded.values
            else:
                self.other_values[name] = folded.values
                self.tainted.add(name)
        self.folded.append(folded)

    # -- recording ------------------------------------------------------------------------------
    def differ(
        self,
        ours: EngineNode | None,
        theirs: EngineNode | None,
        where: str,
        was: object,
        now: object,
        *,
        near: EngineNode | None = None,
        constant: Constant | None = None,
    ) -> RankDifference:
        line_node = theirs or near
        named = ours or theirs
        difference = RankDifference(
            self.rank,
            self.other.source,
            line_node.dump_line if line_node is not None else None,
            named.name if named is not None else "the graph",
            where if constant is None else f"{CONSTANT}, {where}",
            _text(was),
            _text(now),
            self.base.source,
            ours.dump_line if ours is not None else None,
            theirs.name if theirs is not None else None,
            constant,
        )
        self.found.append(difference)
        self.structural += not difference.is_constant
        return difference

    def pair(self, ours: EngineNode, theirs: EngineNode) -> None:
        """Pair two nodes: their results stand for each other; what differs is recorded."""
        rank_dependent = False
        if (ours.target, ours.wrapper) != (theirs.target, theirs.wrapper):
            self.differ(
                ours,
                theirs,
                "target",
                f"{ours.name} = {ours.target}",
                f"{theirs.name} = {theirs.target}",
            )
        elif len(ours.args) != len(theirs.args):
            self.differ(ours, theirs, "argument count", len(ours.args), len(theirs.args))
        else:
            for position, (a, b) in enumerate(zip(ours.args, theirs.args, strict=True)):
                verdict = self.arg_verdict(a, b)
                where = f"argument {a.name!r}" if a.name is not None else f"argument {position}"
                if verdict is Verdict.CONSTANT:
                    rank_dependent = True
                    self.differ(ours, theirs, where, a.value, b.value, constant=Constant.ARGUMENT)
                elif verdict is Verdict.DIFFERENT:
                    self.differ(ours, theirs, where, _arg_text(a), _arg_text(b))
                else:
                    self.pair_inputs(a, b)
                theirs_read = self.refs(b, False) or ()
                ours_read = self.refs(a, True) or ()
                rank_dependent |= any(r in self.tainted for r in theirs_read if r is not None)
                rank_dependent |= any(r in self.base_values for r in ours_read if r is not None)
        self.pair_outputs(ours, theirs, rank_dependent)

    def own_block(self, ours: EngineNode, theirs: EngineNode) -> bool:
        """Does each rank take one result, the one its rank numbers? vLLM's
        split_tensor_along_last_dim(x, tp)[tp_rank] (olmoe.py:199-201, utils.py:120): rank 0's
        graph reads result 0 of the split, rank r's result r. The result taken is the one a
        later node reads: a text dump names that one alone, an archive names every result
        (``getitem_3, getitem_4``) and its readers pick one."""
        return _taken(ours, self.base_read) == [0] and _taken(theirs, self.other_read) == [
            self.rank
        ]

    def pair_outputs(self, ours: EngineNode, theirs: EngineNode, rank_dependent: bool) -> None:
        """The results of two paired nodes stand for each other; their shapes compared."""
        results = list(zip(ours.outputs, theirs.outputs, strict=False))
        if self.own_block(ours, theirs) and self.rank > 0:
            # each rank's own block: a rank constant, as a literal each computes
            self.differ(ours, theirs, "result taken", 0, self.rank, constant=Constant.BLOCK)
            results = [(ours.outputs[0], theirs.outputs[self.rank])]
        elif len(ours.outputs) != len(theirs.outputs):
            self.differ(ours, theirs, "results", len(ours.outputs), len(theirs.outputs))
        for mine, yours in results:
            if mine is None or yours is None:
                continue
            self.other_values[yours] = frozenset({mine})
            meta = self.other.meta(yours)
            if rank_dependent and meta is not None and meta.is_symbolic_scalar:
                self.tainted.add(yours)  # sizes computed from the rank (tensors never are)
            self._compare_meta(ours, theirs, mine, yours, rank_dependent)

    def pair_inputs(self, a: Arg, b: Arg) -> None:
        """Two paired arguments read the same values: the inputs among them, not paired yet,
        are one input (the first node both ranks read it at says which)."""
        named = list(zip(self.refs(a, True) or (), self.refs(b, False) or (), strict=False))
        if a.kind is ArgKind.SYMS and isinstance(a.value, tuple) and isinstance(b.value, tuple):
            named += [
                (x, y)
                for x, y in zip(a.value, b.value, strict=False)
                if isinstance(x, str) and isinstance(y, str)
            ]
        for x, y in named:
            if x is not None and y is not None and self.may_pair(x, y):
                self.other_values[y] = frozenset({x})
                self.paired_base.add(x)
                self.paired_other.add(y)

    # -- a node that is the other rank's plus an input only its rank has ----------------------
    def plus(self, ours: EngineNode, theirs: EngineNode) -> tuple[EngineNode, bool, Arg] | None:
        """(the node, on rank 0?, its added operand) when one of the two nodes computes the
        other's op plus an input only its rank has: rank 0's ``addmm(bias, x, w)`` beside the
        rank's ``mm(x, w)``."""
        for node, other, on_base in ((ours, theirs, True), (theirs, ours, False)):
            added = self._plus_operand(node, other, on_base)
            if added is not None:
                return node, on_base, added
        return None

    def _plus_operand(self, node: EngineNode, other: EngineNode, on_base: bool) -> Arg | None:
        entry = self.opmaps.get(node.target)
        plus = entry.params.get("plus") if entry is not None else None
        if entry is None or not isinstance(plus, dict) or plus.get("target") != other.target:
            return None
        operand = plus.get("operand")
        if not isinstance(operand, str) or operand not in entry.args:
            return None
        if node.wrapper != other.wrapper or len(node.outputs) != len(other.outputs):
            return None
        added = node.arg(operand, entry.args.index(operand))
        if added is None:
            return None
        refs = self.refs(added, on_base)
        if not refs or len(refs) != 1 or refs[0] is None or not self.lone_input(refs[0], on_base):
            return None
        pairs = self._plus_pairs(node, other, on_base, added)
        if pairs is None or any(self.arg_verdict(a, b) is not Verdict.SAME for a, b in pairs):
            return None
        return added

    def _plus_pairs(
        self, node: EngineNode, other: EngineNode, on_base: bool, added: Arg
    ) -> list[tuple[Arg, Arg]] | None:
        """The arguments of ``node`` but the added one, beside ``other``'s (rank 0's first),
        by position; None when the rest are not the other's (or not at their defaults)."""
        rest = [attrs.evolve(a, name=None) for a in node.args if a is not added]
        kept, extra = rest[: len(other.args)], rest[len(other.args) :]
        if len(kept) != len(other.args) or any(
            a.kind is not ArgKind.NONE and a.value != 1 for a in extra
        ):
            return None  # a beta or alpha scaling the product or the addend
        theirs = [attrs.evolve(a, name=None) for a in other.args]
        return list(zip(kept, theirs, strict=True) if on_base else zip(theirs, kept, strict=True))

    def pair_plus(self, node: EngineNode, on_base: bool, added: Arg, other: EngineNode) -> None:
        """Pair a node with the other rank's that it computes plus an input only its rank has:
        a rank constant (the bias one rank adds for all), its results the other's."""
        for a, b in self._plus_pairs(node, other, on_base, added) or []:
            self.pair_inputs(a, b)
        (name,) = self.refs(added, on_base) or (None,)
        if name is not None:
            self.alone[(on_base, name)] = node
        ours, theirs = (node, other) if on_base else (other, node)
        present = "rank 0" if on_base else f"rank {self.rank}"
        said = self.differ(
            ours,
            theirs,
            f"input {name} on {present} only, added",
            f"{ours.name} = {ours.target}",
            f"{theirs.name} = {theirs.target}",
            constant=Constant.INPUT,
        )
        if name is not None:
            self.added[(on_base, name)] = said
        self.pair_outputs(ours, theirs, False)

    def _compare_meta(
        self, ours: EngineNode, theirs: EngineNode, mine: str, yours: str, rank_dependent: bool
    ) -> None:
        was, now = self.base.meta(mine), self.other.meta(yours)
        if was == now:
            return
        symbolic = was is not None and now is not None and was.is_symbolic_scalar
        if symbolic and now is not None and now.is_symbolic_scalar and rank_dependent:
            # a size computed from a rank constant (rank r's chunk of the tokens starts at r·c)
            self.differ(ours, theirs, f"value of {mine}", was, now, constant=Constant.VALUE)
        else:
            self.differ(ours, theirs, f"shape of {mine}", was, now)

    # -- the walk -------------------------------------------------------------------------------
    def run(self) -> None:
        ours, theirs = self.base.nodes, self.other.nodes
        i = j = 0
        while (i < len(ours) or j < len(theirs)) and self.structural < MAX_REPORTED:
            if i < len(ours) and j < len(theirs) and self.pairs(ours[i], theirs[j]):
                self.pair(ours[i], theirs[j])
                i, j = i + 1, j + 1
                continue
            plus = self.plus(ours[i], theirs[j]) if i < len(ours) and j < len(theirs) else None
            if plus is not None:
                node, on_base, added = plus
                self.pair_plus(node, on_base, added, theirs[j] if on_base else ours[i])
                i, j = i + 1, j + 1
                continue
            folded = self.folds(theirs[j], False) if j < len(theirs) else None
            if folded is not None:
                self.fold(folded)
                j += 1
                continue
            folded = self.folds(ours[i], True) if i < len(ours) else None
            if folded is not None:
                self.fold(folded)
                i += 1
                continue
            i, j = self._resync(i, j)
        if self.structural < MAX_REPORTED:
            self._lone_inputs()
        if self.structural < MAX_REPORTED:
            self._outputs()

    def _lone_inputs(self) -> None:
        """The inputs no reader paired. One a rank alone has and adds (a rank constant, said
        where it is added) must stay unpaired: a later node of both ranks reading it makes it
        a difference after all. The rest, read by no node that paired, pair in order where
        they agree; any other is on one rank only."""
        for (on_base, name), node in self.alone.items():
            if name in (self.paired_base if on_base else self.paired_other):
                self.mistaken.add((on_base, name))
                # no rank constant after all
                said = self.added.get((on_base, name))
                self.found = [d for d in self.found if d is not said]
                self.differ(
                    node if on_base else None,
                    None if on_base else node,
                    f"input {name}",
                    f"{node.name} = {node.target} adds it alone",
                    "no such node, though it reads that input elsewhere",
                )
        left = [i for i in self.base.inputs if self.lone_input(i.name, True)]
        right = [i for i in self.other.inputs if self.lone_input(i.name, False)]
        left = [i for i in left if (True, i.name) not in self.alone]
        right = [i for i in right if (False, i.name) not in self.alone]
        for a, b in zip(left, right, strict=False):
            self.other_values[b.name] = frozenset({a.name})
            if (a.kind, a.meta) != (b.kind, b.meta):
                self.differ(
                    None,
                    None,
                    f"input {a.name}",
                    _input_text(a.name, a.kind, a.meta),
                    _input_text(b.name, b.kind, b.meta),
                )
        for a in left[len(right) :]:
            self.differ(
                None, None, "on rank 0 only", _input_text(a.name, a.kind, a.meta), "nothing"
            )
        for b in right[len(left) :]:
            self.differ(
                None,
                None,
                f"on rank {self.rank} only",
                "nothing",
                _input_text(b.name, b.kind, b.meta),
            )

    def _resync(self, i: int, j: int) -> tuple[int, int]:
        """Past a difference: the nearest pair of nodes that pair again (fewest nodes skipped
        on the rank that skips more; then a node that pairs outright over one that only has
        the same target), with what lies before it reported; returns the cursors after it."""
        ours, theirs = self.base.nodes, self.other.nodes
        best: tuple[int, int] | None = None
        for reach in range(RESYNC_WINDOW + 1):
            candidates = [
                (a, c)
                for a in range(reach + 1)
                for c in range(reach + 1)
                if max(a, c) == reach and i + a < len(ours) and j + c < len(theirs)
            ]
            candidates.sort(key=lambda ac: (ac[0] + ac[1], ac[0] != ac[1]))
            strong = [ac for ac in candidates if self.pairs(ours[i + ac[0]], theirs[j + ac[1]])]
            weak = [ac for ac in candidates if self.resembles(ours[i + ac[0]], theirs[j + ac[1]])]
            if strong or weak:
                best = (strong or weak)[0]
                break
        if best is None:  # nothing pairs nearby: the two nodes here are simply different
            if i < len(ours) and j < len(theirs):
                self.pair(ours[i], theirs[j])
                return i + 1, j + 1
            best = (len(ours) - i, len(theirs) - j)
            self._unpaired(i, best[0], j, best[1])
            return len(ours), len(theirs)
        a, c = best
        self._unpaired(i, a, j, c)
        self.pair(ours[i + a], theirs[j + c])
        return i + a + 1, j + c + 1

    def _unpaired(self, i: int, a: int, j: int, c: int) -> None:
        """``a`` nodes of rank 0 from ``i`` and ``c`` of the rank from ``j`` that pair with
        nothing: as many as both have are replacements (the other's target in their place),
        the rest are on one rank only."""
        ours, theirs = self.base.nodes, self.other.nodes
        both = min(a, c)
        for k in range(both):
            self.pair(ours[i + k], theirs[j + k])
        near = theirs[j + c] if j + c < len(theirs) else None
        for k in range(both, a):
            node = ours[i + k]
            self.differ(
                node, None, "on rank 0 only", f"{node.name} = {node.target}", "nothing", near=near
            )
        for k in range(both, c):
            node = theirs[j + k]
            self.differ(
                None, node, f"on rank {self.rank} only", "nothing", f"{node.name} = {node.target}"
            )

    def _outputs(self) -> None:
        ours, theirs = self.base.outputs, self.other.outputs
        same = len(ours) == len(theirs) and all(
            (x is None) == (y is None)
            and (x is None or y is None or bool(self.of_base(x) & self.of_other(y)))
            for x, y in zip(ours, theirs, strict=True)
        )
        if not same:
            self.differ(None, None, "outputs", ours, theirs)

    # -- what the folded nodes were -----------------------------------------------------------
    def note_folded(self) -> None:
        """Each folded node as a rank constant: the present rank's literal, and what the node
        stands for on the rank that folded it."""
        for folded in self.folded:
            if folded.lone is not None and (folded.on_base, folded.lone) in self.mistaken:
                continue  # reported as a difference: both ranks read the input
            node = folded.node
            absent = f"rank {self.rank}" if folded.on_base else "rank 0"
            present = "rank 0" if folded.on_base else f"rank {self.rank}"
            stands = "a zero" if folded.values == {_ZERO} else "its operand"
            if _ZERO in folded.values and len(folded.values) > 1:
                stands = "its operand or a zero"
            what = f"{node.name} = {node.target}" + (
                f" with {folded.constant}" if folded.constant is not None else ""
            )
            where = f"{CONSTANT}, folded on {absent}"
            summary = f"folded ({stands} there)"
            kind = Constant.FOLDED
            if folded.lone is not None:  # it adds an input the other rank does not have
                where = f"{CONSTANT}, input {folded.lone} on {present} only, added"
                summary = "nothing (the input is not there)"
                kind = Constant.INPUT
            if folded.on_base:
                self.found.append(
                    RankDifference(
                        self.rank,
                        self.other.source,
                        None,
                        node.name,
                        where,
                        what,
                        summary,
                        self.base.source,
                        node.dump_line,
                        constant=kind,
                    )
                )
            else:
                self.found.append(
                    RankDifference(
                        self.rank,
                        self.other.source,
                        node.dump_line,
                        node.name,
                        where,
                        summary,
                        what,
                        self.base.source,
                        None,
                        node.name,
                        constant=kind,
                    )
                )


def compare_ranks(
    base: EngineProgram, other: EngineProgram, rank: int, opmaps: Mapping[str, OpMapEntry]
) -> list[RankDifference]:
    """The differences of ``other`` (rank ``rank``) from ``base`` (rank 0), rank constants and
    structural ones alike, in the order the walk meets them (nodes folded on one rank last);
    structural ones stop at :data:`MAX_REPORTED`."""
    walk = _Walk(base, other, rank, opmaps)
    walk.run()
    walk.note_folded()
    return walk.found


# -- naming the rank constants -----------------------------------------------------------------


def constant_kinds(
    programs: Sequence[EngineProgram],
    constants: Sequence[RankDifference],
    lookups: Mapping[str, OpMapEntry],
) -> dict[str, list[RankDifference]]:
    """The rank constants grouped by what they are: an input one rank alone adds (the bias
    vLLM's row-parallel linear adds on rank 0), a vocab shard's bounds and offsets (the
    literals of what a vocabulary lookup's indices are computed from), a device's index, a
    symbolic size computed from the rank (its chunk of the tokens), other literals.
    ``programs`` are the ranks' programs by rank; ``lookups`` the op map entries whose lowering
    is a vocabulary lookup."""
    feeding = [_feeding(program, lookups) for program in programs]
    kinds: dict[str, list[RankDifference]] = {}
    for constant in constants:
        # a node only the rank has is looked up in its own graph, any other in rank 0's
        only_there = constant.base_line is None and constant.other_node is not None
        name = constant.other_node if only_there else constant.node
        rank = constant.rank if only_there else 0
        program = programs[rank] if rank < len(programs) else programs[0]
        producer = next((n for n in program.nodes if n.name == name), None)
        results = [program.meta(out) for out in producer.outputs if out] if producer else []
        if constant.constant is Constant.INPUT:
            kind = "an input one rank alone has and adds (a row-parallel linear's bias)"
        elif constant.constant is Constant.BLOCK:
            kind = "the rank's own block of a split"
        elif constant.constant is Constant.VALUE or any(
            meta is not None and meta.is_symbolic_scalar for meta in results
        ):
            kind = "the rank's token chunk (sizes)"
        elif _DEVICE_TEXT.fullmatch(constant.base) and _DEVICE_TEXT.fullmatch(constant.other):
            kind = "the device index"
        elif name in feeding[rank] or constant.node in feeding[0]:
            kind = "the vocab shard's bounds and offsets"
        else:
            kind = "other literals"
        kinds.setdefault(kind, []).append(constant)
    return kinds


def _feeding(program: EngineProgram, lookups: Mapping[str, OpMapEntry]) -> frozenset[str]:
    """The nodes (by name) whose results reach a vocabulary lookup's indices."""
    producers = {out: node for node in program.nodes for out in node.outputs if out is not None}
    seen: set[str] = set()
    stack: list[str] = []
    for node in program.nodes:
        entry = lookups.get(node.target)
        if entry is not None and "indices" in entry.args:
            indices = node.arg("indices", entry.args.index("indices"))
            stack.extend(indices.tensor_names() if indices is not None else ())
    while stack and len(seen) <= len(program.nodes):
        producer = producers.get(stack.pop())
        if producer is None or producer.name in seen:
            continue
        seen.add(producer.name)
        stack.extend(producer.tensor_inputs())
    return frozenset(seen)


# -- helpers --------------------------------------------------------------------------------------


def _names(program: EngineProgram) -> frozenset[str]:
    names = {graph_input.name for graph_input in program.inputs}
    names.update(out for node in program.nodes for out in node.outputs if out is not None)
    return frozenset(names)


def _read(program: EngineProgram) -> frozenset[str]:
    """The values some node of ``program`` reads, or the program returns."""
    read = {name for node in program.nodes for name in node.tensor_inputs()}
    read.update(out for out in program.outputs if isinstance(out, str))
    return frozenset(read)


def _taken(node: EngineNode, read: frozenset[str]) -> list[int]:
    """The positions of ``node``'s results that its program reads."""
    return [k for k, out in enumerate(node.outputs) if out is not None and out in read]


def _rank_literal(a: Arg, b: Arg) -> bool:
    """A literal each rank computes for itself: a scalar number (a shard's offset or bound), or
    a device that differs only in its index."""
    if a.kind in (ArgKind.INT, ArgKind.FLOAT):
        return True
    if a.kind is ArgKind.OTHER and isinstance(a.value, str) and isinstance(b.value, str):
        ours, theirs = _DEVICE_TEXT.fullmatch(a.value), _DEVICE_TEXT.fullmatch(b.value)
        return ours is not None and theirs is not None and ours["type"] == theirs["type"]
    return False


def _text(value: object) -> str:
    return shown(str(value), 80).strip("'\"")


def _arg_text(arg: Arg) -> str:
    return f"{arg.kind.value} {_text(arg.value)}"


def _input_text(name: str, kind: str, meta: object) -> str:
    return f"{name} ({kind}, {meta if meta is not None else 'no shape'})"
