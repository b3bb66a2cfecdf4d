"""The layered layout: every edge goes down, no two boxes of a rank overlap, long edges pass
between the nodes, and barycentre ordering removes a crossing it can remove."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from layoutcheck.view.layout import Item, Link, Placement, place
from layoutcheck.view.page import panel_placement

GAP = 22.0  # place()'s node_gap


@st.composite
def dags(draw: st.DrawFn) -> tuple[list[Item], list[Link]]:
    """A DAG of up to 40 nodes of mixed widths; edges go from lower to higher index, some
    long, some repeated (one value read twice by an op), some sharing a source port."""
    count = draw(st.integers(1, 40))
    items = [
        Item(f"n{k}", draw(st.floats(20, 320)), draw(st.sampled_from([26.0, 52.0, 67.0])))
        for k in range(count)
    ]
    links = []
    for target in range(1, count):
        for source in draw(st.lists(st.integers(0, target - 1), max_size=3)):
            links.append(Link(f"n{source}", f"n{target}", draw(st.integers(0, 2))))
    return items, links


def assert_well_placed(items: list[Item], links: list[Link], placement: Placement) -> None:
    boxes = placement.boxes
    assert set(boxes) == {item.key for item in items}
    for item in items:
        assert boxes[item.key].width == item.width and boxes[item.key].height == item.height
        assert boxes[item.key].left >= 0 and boxes[item.key].right <= placement.width
        assert boxes[item.key].bottom <= placement.height
    assert len(placement.routes) == len(links)
    for link, route in zip(links, placement.routes, strict=True):
        source, target = boxes[link.source], boxes[link.target]
        assert (route.source, route.target) == (link.source, link.target)
        assert target.rank > source.rank
        assert target.top > source.bottom
        assert route.points[0][1] == source.bottom and route.points[-1][1] == target.top
        ys = [y for _, y in route.points]
        assert ys == sorted(ys), "an edge went up"
        assert source.left <= route.points[0][0] <= source.right
        assert target.left <= route.points[-1][0] <= target.right
    by_rank: dict[int, list[tuple[float, float]]] = {}
    for box in boxes.values():
        by_rank.setdefault(box.rank, []).append((box.left, box.right))
    for spans in by_rank.values():
        spans.sort()
        for (_, right), (left, _) in itertools.pairwise(spans):
            assert left >= right + GAP - 1e-6, "two boxes of a rank overlap"


@settings(max_examples=30)  # enough to meet long edges, repeated reads and shared ports
@given(dags())
def test_random_dags_are_placed_downward_without_overlap(
    dag: tuple[list[Item], list[Link]],
) -> None:
    items, links = dag
    assert_well_placed(items, links, place(items, links))


def test_a_long_edge_passes_beside_the_nodes_it_skips() -> None:
    """a → b → c → d and a → d: the long edge's middle points are not inside b or c."""
    items = [Item(key, 120, 40) for key in "abcd"]
    links = [Link("a", "b"), Link("b", "c"), Link("c", "d"), Link("a", "d", 1)]
    placement = place(items, links)
    long = placement.routes[3]
    assert len(long.points) == 2 + 2 * 2  # two ranks crossed, a point in and out of each
    for x, y in long.points[1:-1]:
        for key in "bc":
            box = placement.boxes[key]
            assert not (box.left <= x <= box.right and box.top <= y <= box.bottom)


def test_barycentre_ordering_uncrosses_two_edges() -> None:
    """Given in crossing order (a feeds d, b feeds c), the lower rank is reordered."""
    items = [Item(key, 60, 30) for key in "abcd"]
    links = [Link("a", "d"), Link("b", "c")]
    boxes = place(items, links).boxes
    assert (boxes["a"].left < boxes["b"].left) == (boxes["d"].left < boxes["c"].left)


def test_ranks_are_longest_paths() -> None:
    items = [Item(key, 50, 30) for key in "abcde"]
    links = [Link("a", "b"), Link("b", "c"), Link("a", "c"), Link("d", "e")]
    ranks = {key: box.rank for key, box in place(items, links).boxes.items()}
    assert ranks == {"a": 0, "b": 1, "c": 2, "d": 0, "e": 1}


def test_a_cycle_is_refused() -> None:
    items = [Item("a", 10, 10), Item("b", 10, 10)]
    with pytest.raises(ValueError, match="cycle"):
        place(items, [Link("a", "b"), Link("b", "a")])


def test_an_unknown_endpoint_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown node"):
        place([Item("a", 10, 10)], [Link("a", "zz")])


def test_every_glm_panel_is_well_placed(glm_view: object) -> None:
    from layoutcheck.view import View

    assert isinstance(glm_view, View)
    for panel in glm_view.panels:
        placement = panel_placement(panel)
        items = [Item(k, b.width, b.height) for k, b in placement.boxes.items()]
        links = [Link(edge.source, edge.target) for edge in panel.edges]
        assert_well_placed(items, links, placement)
