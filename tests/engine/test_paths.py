from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from hexfront.engine.hexgrid import HexGrid
from hexfront.engine.paths import UNREACHED, bfs, cheapest, connected, path_to, reached


def brute_force_steps(grid: HexGrid, source: int, blocked: set[int]) -> dict[int, int]:
    """Relax distances until nothing changes (Bellman-Ford with unit weights)."""
    inf = 10**9
    dist = [inf] * len(grid)
    dist[source] = 0
    changed = True
    while changed:
        changed = False
        for h in grid:
            if h in blocked and h != source:
                continue
            for n in grid.neighbors[h]:
                if dist[n] + 1 < dist[h]:
                    dist[h] = dist[n] + 1
                    changed = True
    return {h: d for h, d in enumerate(dist) if d < inf}


def brute_force_costs(grid: HexGrid, source: int, enter: list[int]) -> dict[int, int]:
    inf = 10**9
    dist = [inf] * len(grid)
    dist[source] = 0
    for _ in range(len(grid)):
        changed = False
        for h in grid:
            if enter[h] < 0 and h != source:
                continue
            for n in grid.neighbors[h]:
                if dist[n] + enter[h] < dist[h]:
                    dist[h] = dist[n] + enter[h]
                    changed = True
        if not changed:
            break
    return {h: d for h, d in enumerate(dist) if d < inf}


small = st.tuples(st.integers(2, 9), st.integers(2, 9), st.integers(0, 10**6))


@given(small)
@settings(max_examples=60)
def test_bfs_matches_brute_force(params: tuple[int, int, int]) -> None:
    w, h, seed = params
    grid = HexGrid(w, h)
    rng = random.Random(seed)
    source = rng.randrange(len(grid))
    blocked = {x for x in grid if rng.random() < 0.25 and x != source}
    mask = [x in blocked for x in grid]
    expected = brute_force_steps(grid, source, blocked)
    assert reached(bfs(grid.neighbors, [source], blocked=mask)) == expected
    by_predicate = bfs(grid.neighbors, [source], passable=lambda x: x not in blocked)
    assert reached(by_predicate) == expected


@given(small, st.integers(0, 5))
@settings(max_examples=60)
def test_bfs_depth_limit(params: tuple[int, int, int], limit: int) -> None:
    w, h, seed = params
    grid = HexGrid(w, h)
    source = random.Random(seed).randrange(len(grid))
    limited = reached(bfs(grid.neighbors, [source], max_depth=limit))
    full = reached(bfs(grid.neighbors, [source]))
    assert limited == {k: v for k, v in full.items() if v <= limit}


@given(small)
@settings(max_examples=60)
def test_dijkstra_matches_brute_force(params: tuple[int, int, int]) -> None:
    w, h, seed = params
    grid = HexGrid(w, h)
    rng = random.Random(seed)
    source = rng.randrange(len(grid))
    enter = [rng.choice([1, 2, 3, -1]) for _ in grid]
    cost, parent = cheapest(grid.neighbors, [source], enter_cost=enter)
    assert reached(cost) == brute_force_costs(grid, source, enter)
    for target, c in reached(cost).items():
        route = path_to(parent, target)
        assert route[0] == source
        assert route[-1] == target
        assert sum(enter[x] for x in route[1:]) == c


def test_dijkstra_budget_edge_costs_and_stops() -> None:
    grid = HexGrid(6, 1)  # a single row: 0101 .. 0601 in a zig-zag chain
    chain = [grid.index(c, 0) for c in range(6)]
    river = (chain[1], chain[2])

    def edge(a: int, b: int) -> int | None:
        return 3 if {a, b} == set(river) else 1

    cost, _ = cheapest(grid.neighbors, [chain[0]], edge_cost=edge, max_cost=4)
    assert reached(cost) == {chain[0]: 0, chain[1]: 1, chain[2]: 4}
    enemy = chain[2]
    cost, _ = cheapest(grid.neighbors, [chain[0]], stop_at=lambda x: x == enemy)
    assert cost[enemy] == 2
    assert cost[chain[3]] == UNREACHED


def test_connected_follows_passable_nodes() -> None:
    grid = HexGrid(5, 5)
    rail = {grid.index(c, 2) for c in range(5)}
    net = connected(grid.neighbors, [grid.index(0, 2)], passable=lambda x: x in rail)
    assert net == rail


@given(small, st.integers(0, 5))
@settings(max_examples=60)
def test_reached_lists_exactly_the_nodes_reached(params: tuple[int, int, int], limit: int) -> None:
    w, h, seed = params
    grid = HexGrid(w, h)
    rng = random.Random(seed)
    sources = [rng.randrange(len(grid)) for _ in range(2)]
    blocked = [rng.random() < 0.2 for _ in grid]
    found: list[int] = []
    dist = bfs(grid.neighbors, sources, max_depth=limit, blocked=blocked, reached=found)
    assert sorted(found) == sorted(reached(dist))
    assert [dist[n] for n in found] == sorted(dist[n] for n in found)  # nearest first
    enter = [rng.choice([1, 2, -1]) for _ in grid]
    found = []
    cost, _ = cheapest(grid.neighbors, sources, enter_cost=enter, max_cost=limit, reached=found)
    assert sorted(found) == sorted(reached(cost))
