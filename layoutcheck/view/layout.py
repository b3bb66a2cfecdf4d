"""A layered drawing of a small DAG, top to bottom (a 40-op decoder layer; no ``dot`` needed).

Sugiyama's steps, each in its plainest form:

    1. ranks: longest path from the sources, so every edge goes down at least one rank;
    2. an edge over several ranks gets a point per rank it crosses (a dummy node), so it is
       routed between the nodes instead of through them;
    3. order within a rank: barycentre sweeps down and up, keeping the order with the fewest
       crossings;
    4. x: each node pulled to the mean of its neighbours, the ranks kept apart by isotonic
       regression (pool adjacent violators), so nodes never overlap and keep their order.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

import attrs

SWEEPS = 12  # ordering sweeps (6 down, 6 up): past that the crossings stop falling
PASSES = 10  # coordinate passes
DUMMY_WIDTH = 8.0


@attrs.frozen
class Box:
    left: float
    top: float
    width: float
    height: float
    rank: int

    @property
    def centre(self) -> float:
        return self.left + self.width / 2

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height


@attrs.frozen
class Route:
    """An edge's points: leaving ``source``'s bottom, through each rank it crosses, into
    ``target``'s top."""

    source: str
    target: str
    points: tuple[tuple[float, float], ...]


@attrs.frozen
class Placement:
    boxes: Mapping[str, Box]
    routes: tuple[Route, ...]  # one per edge, in the order given
    width: float
    height: float


@attrs.frozen
class Item:
    """A node to place: its id and size."""

    key: str
    width: float
    height: float


@attrs.frozen
class Link:
    """An edge; links with the same ``source`` and ``port`` leave from one point (one value
    read by several ops)."""

    source: str
    target: str
    port: int = 0


def place(
    items: Sequence[Item],
    links: Sequence[Link],
    *,
    node_gap: float = 22.0,
    rank_gap: float = 46.0,
    margin: float = 16.0,
) -> Placement:
    """Boxes for ``items`` and routes for ``links``; a cycle is a ValueError."""
    sizes = {item.key: item for item in items}
    for link in links:
        if link.source not in sizes or link.target not in sizes:
            raise ValueError(f"edge {link.source} -> {link.target}: unknown node")
    rank = _ranks([item.key for item in items], links)
    ranks, chains = _with_dummies([item.key for item in items], links, rank)
    preds, succs = _neighbours(links, chains)
    ranks = _order(ranks, preds, succs)
    width = {key: (sizes[key].width if key in sizes else DUMMY_WIDTH) for r in ranks for key in r}
    x = _coordinates(ranks, preds, succs, width, sizes, node_gap)
    left = min(x[key] - width[key] / 2 for r in ranks for key in r)
    shift = margin - left
    heights = [max(sizes[key].height for key in r if key in sizes) for r in ranks]
    tops: list[float] = []
    y = margin
    for height in heights:
        tops.append(y)
        y += height + rank_gap
    boxes: dict[str, Box] = {}
    for index, members in enumerate(ranks):
        for key in members:
            if key in sizes:
                item = sizes[key]
                top = tops[index] + (heights[index] - item.height) / 2
                boxes[key] = Box(
                    x[key] + shift - item.width / 2, top, item.width, item.height, index
                )
    through = {
        key: (x[key] + shift, tops[index], tops[index] + heights[index])
        for index, members in enumerate(ranks)
        for key in members
        if key not in sizes
    }
    routes = _routes(links, chains, boxes, through)
    total_width = max(box.right for box in boxes.values()) + margin if boxes else 2 * margin
    return Placement(boxes, routes, total_width, y - rank_gap + margin if boxes else 2 * margin)


def _ranks(keys: Sequence[str], links: Sequence[Link]) -> dict[str, int]:
    """Longest path from the sources (Kahn's order, the given order among ready nodes)."""
    position = {key: index for index, key in enumerate(keys)}
    waiting = dict.fromkeys(keys, 0)
    outgoing: dict[str, list[str]] = {key: [] for key in keys}
    for link in links:
        waiting[link.target] += 1
        outgoing[link.source].append(link.target)
    ready = sorted((key for key, count in waiting.items() if count == 0), key=position.__getitem__)
    rank = dict.fromkeys(keys, 0)
    done = 0
    while ready:
        key = ready.pop(0)
        done += 1
        for target in outgoing[key]:
            rank[target] = max(rank[target], rank[key] + 1)
            waiting[target] -= 1
            if waiting[target] == 0:
                ready.append(target)
                ready.sort(key=position.__getitem__)
    if done < len(keys):
        raise ValueError("the graph has a cycle")
    return rank


def _with_dummies(
    keys: Sequence[str], links: Sequence[Link], rank: Mapping[str, int]
) -> tuple[list[list[str]], list[list[str]]]:
    """The ranks' members (nodes and dummies) and, per link, the dummies it passes through."""
    depth = max(rank.values(), default=-1) + 1
    ranks: list[list[str]] = [[] for _ in range(depth)]
    for key in keys:
        ranks[rank[key]].append(key)
    chains: list[list[str]] = []
    for index, link in enumerate(links):
        chain = []
        for level in range(rank[link.source] + 1, rank[link.target]):
            dummy = f"\0{index}.{level}"  # no node key holds NUL: the page's keys are generated
            ranks[level].append(dummy)
            chain.append(dummy)
        chains.append(chain)
    return ranks, chains


def _neighbours(
    links: Sequence[Link], chains: Sequence[Sequence[str]]
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    preds: dict[str, list[str]] = {}
    succs: dict[str, list[str]] = {}
    for link, chain in zip(links, chains, strict=True):
        path = [link.source, *chain, link.target]
        for a, b in itertools.pairwise(path):
            succs.setdefault(a, []).append(b)
            preds.setdefault(b, []).append(a)
    return preds, succs


def _order(
    ranks: list[list[str]], preds: Mapping[str, list[str]], succs: Mapping[str, list[str]]
) -> list[list[str]]:
    best = [list(r) for r in ranks]
    best_crossings = _crossings(best, succs)
    current = [list(r) for r in ranks]
    for sweep in range(SWEEPS):
        down = sweep % 2 == 0
        levels = range(1, len(current)) if down else range(len(current) - 2, -1, -1)
        for level in levels:
            if len(current[level]) < 2:  # one member has one order (a long chain is all such)
                continue
            reference = current[level - 1] if down else current[level + 1]
            key = _barycentres(current[level], reference, preds if down else succs)
            current[level].sort(key=key.__getitem__)
        crossings = _crossings(current, succs)
        if crossings < best_crossings:
            best, best_crossings = [list(r) for r in current], crossings
    return best


def _barycentres(
    members: Sequence[str], reference: Sequence[str], near: Mapping[str, list[str]]
) -> dict[str, float]:
    """Each member's mean position among its neighbours in the reference rank; one without
    neighbours there keeps its own place (scaled to the reference rank's length)."""
    where = {key: k for k, key in enumerate(reference)}
    scale = len(reference) / max(len(members), 1)
    found: dict[str, float] = {}
    for k, key in enumerate(members):
        positions = [where[other] for other in near.get(key, ()) if other in where]
        found[key] = sum(positions) / len(positions) if positions else k * scale
    return found


def _crossings(ranks: Sequence[Sequence[str]], succs: Mapping[str, list[str]]) -> int:
    total = 0
    for upper, lower in itertools.pairwise(ranks):
        if len(upper) < 2 or len(lower) < 2:  # edges sharing an end never cross
            continue
        where = {key: k for k, key in enumerate(lower)}
        pairs = sorted(
            (a, where[b]) for a, key in enumerate(upper) for b in succs.get(key, ()) if b in where
        )
        for i, (a1, b1) in enumerate(pairs):
            total += sum(1 for a2, b2 in pairs[i + 1 :] if a2 > a1 and b2 < b1)
    return total


def _coordinates(
    ranks: Sequence[Sequence[str]],
    preds: Mapping[str, list[str]],
    succs: Mapping[str, list[str]],
    width: Mapping[str, float],
    sizes: Mapping[str, Item],
    node_gap: float,
) -> dict[str, float]:
    def separations(members: Sequence[str]) -> list[float]:
        gaps = []
        for a, b in itertools.pairwise(members):
            gap = node_gap if a in sizes and b in sizes else node_gap / 2
            gaps.append((width[a] + width[b]) / 2 + gap)
        return gaps

    x: dict[str, float] = {}
    for members in ranks:
        packed = [0.0]
        for gap in separations(members):
            packed.append(packed[-1] + gap)
        middle = packed[-1] / 2
        for key, value in zip(members, packed, strict=False):
            x[key] = value - middle
    for step in range(PASSES):
        down = step % 2 == 0
        levels = range(1, len(ranks)) if down else range(len(ranks) - 2, -1, -1)
        for level in levels:
            members = ranks[level]
            near = preds if down else succs
            if len(members) == 1:  # alone in its rank: it sits at its neighbours' mean
                (key,) = members
                found = [x[other] for other in near.get(key, ())]
                x[key] = sum(found) / len(found) if found else x[key]
                continue
            targets, weights = [], []
            for key in members:
                found = [x[other] for other in near.get(key, ())]
                targets.append(sum(found) / len(found) if found else x[key])
                # a long edge's points weigh more, so it runs straight past the nodes
                weights.append(1.0 if key in sizes else 2.0)
            spread = _spread(targets, weights, separations(members))
            for key, value in zip(members, spread, strict=True):
                x[key] = value
    return x


def _spread(
    targets: Sequence[float], weights: Sequence[float], gaps: Sequence[float]
) -> list[float]:
    """The positions nearest ``targets`` (weighted least squares) with ``x[i+1] - x[i] >=
    gaps[i]``: isotonic regression on the targets shifted by the gaps before each."""
    offsets = [0.0]
    for gap in gaps:
        offsets.append(offsets[-1] + gap)
    shifted = [t - o for t, o in zip(targets, offsets, strict=True)]
    blocks: list[list[float]] = []  # [weighted mean, weight, count]
    for value, weight in zip(shifted, weights, strict=True):
        blocks.append([value, weight, 1])
        while len(blocks) > 1 and blocks[-2][0] > blocks[-1][0]:
            mean_b, weight_b, count_b = blocks.pop()
            mean_a, weight_a, count_a = blocks.pop()
            total = weight_a + weight_b
            blocks.append(
                [(mean_a * weight_a + mean_b * weight_b) / total, total, count_a + count_b]
            )
    fitted: list[float] = []
    for mean, _, count in blocks:
        fitted.extend([mean] * int(count))
    return [y + o for y, o in zip(fitted, offsets, strict=True)]


def _routes(
    links: Sequence[Link],
    chains: Sequence[Sequence[str]],
    boxes: Mapping[str, Box],
    through: Mapping[str, tuple[float, float, float]],
) -> tuple[Route, ...]:
    def first_x(index: int) -> float:
        chain = chains[index]
        return through[chain[0]][0] if chain else boxes[links[index].target].centre

    def last_x(index: int) -> float:
        chain = chains[index]
        return through[chain[-1]][0] if chain else boxes[links[index].source].centre

    # where each link leaves its source and enters its target: a source's ports spread along
    # its bottom in the order of where they go, a target's inputs along its top likewise
    leave: dict[tuple[str, int], float] = {}
    by_source: dict[str, list[tuple[float, int]]] = {}
    for index, link in enumerate(links):
        by_source.setdefault(link.source, []).append((first_x(index), link.port))
    for source, found in by_source.items():
        ports: dict[int, list[float]] = {}
        for where, port in found:
            ports.setdefault(port, []).append(where)
        ordered = sorted(ports, key=lambda p: sum(ports[p]) / len(ports[p]))
        for k, port in enumerate(ordered):
            leave[(source, port)] = _slot(boxes[source], k, len(ordered))
    enter: dict[int, float] = {}
    by_target: dict[str, list[tuple[float, int]]] = {}
    for index, link in enumerate(links):
        by_target.setdefault(link.target, []).append((last_x(index), index))
    for target, found in by_target.items():
        found.sort()
        for k, (_, index) in enumerate(found):
            enter[index] = _slot(boxes[target], k, len(found))
    routes = []
    for index, link in enumerate(links):
        points = [(leave[(link.source, link.port)], boxes[link.source].bottom)]
        for dummy in chains[index]:
            centre, top, bottom = through[dummy]
            points.extend([(centre, top), (centre, bottom)])
        points.append((enter[index], boxes[link.target].top))
        routes.append(Route(link.source, link.target, tuple(points)))
    return tuple(routes)


def _slot(box: Box, k: int, count: int) -> float:
    """The k-th of ``count`` points along the middle 70% of a box's edge."""
    return box.centre + ((k + 1) / (count + 1) - 0.5) * box.width * 0.7
