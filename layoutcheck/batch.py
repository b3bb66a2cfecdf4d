"""A decode batch (``--batch B``): B requests, each generating one token against its own KV
context, dealt to the DP ranks, and the per-request metadata (``requests:``) of the DP rank
layoutcheck builds.

How B relates to DP is TensorCast's ``--num-queries``: B counts the requests of the whole
deployment, and each DP rank runs ``ceil(B/dp)`` of them (msmodeling's ``generate_inputs``:
``batch_size = ceil(concurrency / data_parallel_size)``), so its d1 run (``--num-queries 64
--dp-size 8``) is ``--batch 64 --dp 8``: 8 requests on a DP rank. Requests are dealt in order
(DP rank d holds requests ``d·n … d·n + n − 1``, the last rank fewer when dp does not divide
B). Every DP rank runs the same graph on its own requests and the MoE's dispatch and combine
make each layer wait for the slowest, so the rank built (and priced, and whose KV cache is
counted) is the one whose requests hold the most keys, ties to the lowest rank.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from layoutcheck.errors import UsageError
from layoutcheck.graph import Requests
from layoutcheck.limits import shown
from layoutcheck.symbols import Expr

NEW_TOKENS = 1  # a decode step's new tokens per request (no speculative tokens)


@attrs.frozen
class DecodeBatch:
    """B requests' contexts (tokens already in each one's KV cache), in order, over dp ranks.
    One context for all is kept as that one number (``listed`` empty): a batch of 10⁹ equal
    requests holds no 10⁹-long list; only the built rank's share is ever spelled out."""

    size: int
    dp: int
    uniform: int = 0  # every request's context, when ``listed`` is empty
    listed: tuple[int, ...] = ()

    @classmethod
    def of(cls, batch: int, contexts: Sequence[int], dp: int) -> DecodeBatch:
        """``contexts``: one for every request, or a list of B (raises UsageError, one line
        naming both counts, for a list of another length)."""
        if len(contexts) != 1 and len(contexts) != batch:
            raise UsageError(
                f"--context lists {len(contexts):,} contexts but --batch is {shown(batch)}: "
                "give one context for every request, or one for all"
            )
        # a limit sized by the work: the request checks hold one slot per request of a rank
        from layoutcheck.requests import MAX_REQUEST_SLOTS

        if len(contexts) == 1 or len(set(contexts)) == 1:
            made = cls(batch, dp, uniform=contexts[0])
        else:
            made = cls(batch, dp, listed=tuple(contexts))
        if made.per_rank > MAX_REQUEST_SLOTS:
            raise UsageError(
                f"--batch {shown(batch)} over dp {dp} puts {made.per_rank:,} requests on a DP "
                f"rank; the limit is {MAX_REQUEST_SLOTS:,} (raise --dp or lower --batch)"
            )
        return made

    @property
    def is_uniform(self) -> bool:
        return not self.listed

    @property
    def per_rank(self) -> int:
        """Requests on a full DP rank: ceil(B/dp), as TensorCast sizes its batch."""
        return -(-self.size // self.dp)

    def share(self, rank: int) -> tuple[int, ...]:
        """The contexts of DP rank ``rank``'s requests."""
        n = self.per_rank
        if self.listed:
            return self.listed[rank * n : (rank + 1) * n]
        held = max(0, min(n, self.size - rank * n))
        return (self.uniform,) * held

    @property
    def busiest(self) -> int:
        """The DP rank whose requests hold the most keys (context + new token each): with one
        context for all, the first (a full rank; only the last can hold fewer)."""
        if self.is_uniform:
            return 0
        ranks = [r for r in range(self.dp) if self.share(r)]
        return max(ranks, key=lambda r: (_keys(self.share(r)), -r))


def _keys(contexts: Sequence[int]) -> int:
    return sum(contexts) + NEW_TOKENS * len(contexts)


def decode_requests(
    contexts: Sequence[int], *, pad_to: int | None, known: frozenset[str]
) -> Requests:
    """The ``requests:`` of one DP rank's decode step: one slot per request holding its one new
    token (query_start_loc ``i``), each attending its context + 1 keys (``seq_lens``). Equal
    contexts keep the keys the symbol ``S`` (a what-if can sweep it); uneven ones list them.
    ``pad_to``: the graph pads the tokens to a multiple of this group size (tp, for the MoE's
    token slice under MC2), and the padded rows are slots with seq_len 0, as an engine's
    padded requests are."""
    from layoutcheck.requests import INDEX, parse_over

    def parse(text: str) -> Expr:
        return parse_over(text, known, (INDEX,))

    slots = parse("T" if pad_to is None else "tp*ceil(T/tp)")
    lengths: Expr | tuple[Expr, ...]
    if len(set(contexts)) == 1:
        # a padded slot (i >= T) holds no keys
        lengths = parse("S" if pad_to is None else "S*max(min(T - i, 1), 0)")
    else:
        padding = 0 if pad_to is None else -len(contexts) % pad_to
        listed = [c + NEW_TOKENS for c in contexts] + [0] * padding
        lengths = tuple(parse(str(n)) for n in listed)
    return Requests(slots, parse("i"), lengths)
