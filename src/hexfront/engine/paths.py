"""Path searches over adjacency lists: movement, supply lanes, retreats and rail.

Every function takes an adjacency list (``adjacency[node]`` is a sequence of
neighbour nodes), so the same code serves a bare :class:`~hexfront.engine.hexgrid.HexGrid`
and a game map that adds extra links, such as off-map boxes. Results are flat lists
indexed by node, with :data:`UNREACHED` for nodes the search did not reach: list
lookups are the fastest thing Python does, and these searches run on every move.

>>> from hexfront.engine.hexgrid import HexGrid
>>> grid = HexGrid(5, 5)
>>> dist = bfs(grid.neighbors, [0], max_depth=2)
>>> dist[0], dist[grid.index(2, 0)], dist[grid.index(4, 4)]
(0, 2, -1)
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import compress
from typing import cast

Adjacency = Sequence[Sequence[int]]
EdgeCost = Callable[[int, int], int | None]

UNREACHED = -1
_WALL = -2  # a blocked node, inside bfs only


def _tuples(adjacency: Adjacency) -> list[tuple[int, ...]]:
    """The adjacency as a list of tuples, as the maps keep it (then it is returned as is):
    compiled, the searches index and iterate those directly instead of through the
    generic sequence protocols. Any other shape is copied into one."""
    if isinstance(adjacency, list) and (not adjacency or isinstance(adjacency[0], tuple)):
        return cast(list[tuple[int, ...]], adjacency)
    return [tuple(neighbours) for neighbours in adjacency]


def bfs(
    adjacency: Adjacency,
    sources: Iterable[int],
    *,
    max_depth: int | None = None,
    blocked: Sequence[int] | None = None,
    passable: Callable[[int], bool] | None = None,
    reached: list[int] | None = None,
) -> list[int]:
    """Steps from the nearest source to every node (:data:`UNREACHED` if not reached).

    ``blocked[n]`` (a fast array, nonzero or True = blocked; a ``bytearray`` is ideal) or
    ``passable(n)`` (a predicate) may forbid nodes.
    Sources are always included, even if blocked, because a unit stands on its hex.
    The search goes level by level with plain lists, which is the fastest BFS in
    pure Python. ``reached``, if given, receives every node reached, nearest first.
    """
    adj = _tuples(adjacency)
    dist = [UNREACHED] * len(adj)
    # Blocked nodes are marked in ``dist`` itself (found in C by ``compress``), so the
    # search loop tests one list per neighbour, as if nothing were blocked.
    walls = list(compress(range(len(adj)), blocked)) if blocked is not None else []
    for n in walls:
        dist[n] = _WALL
    frontier: list[int] = []
    for s in sources:
        if dist[s] < 0:  # unreached or blocked: a source counts even if blocked
            dist[s] = 0
            frontier.append(s)
    if reached is not None:
        reached.extend(frontier)
    depth = 0
    limit = -1 if max_depth is None else max_depth
    while frontier and depth != limit:
        depth += 1
        nxt: list[int] = []
        push = nxt.append
        if passable is None:
            for node in frontier:
                for nb in adj[node]:
                    if dist[nb] == -1:  # UNREACHED (not a wall); a literal is the fastest
                        dist[nb] = depth
                        push(nb)
        else:
            for node in frontier:
                for nb in adj[node]:
                    if dist[nb] != -1 or not passable(nb):
                        continue
                    dist[nb] = depth
                    push(nb)
        frontier = nxt
        if reached is not None:
            reached.extend(frontier)
    for n in walls:
        if dist[n] == _WALL:
            dist[n] = UNREACHED
    return dist


def reached(dist: Sequence[int]) -> dict[int, int]:
    """The reached nodes of a search result, as ``{node: value}``.

    >>> reached([0, -1, 2])
    {0: 0, 2: 2}
    """
    return {node: d for node, d in enumerate(dist) if d != UNREACHED}


def cheapest(
    adjacency: Adjacency,
    sources: Mapping[int, int] | Iterable[int],
    *,
    enter_cost: Sequence[int] | None = None,
    edge_cost: EdgeCost | None = None,
    max_cost: int | None = None,
    stop_at: Callable[[int], bool] | None = None,
    reached: list[int] | None = None,
) -> tuple[list[int], list[int]]:
    """Dijkstra: the cheapest cost to reach each node, and its predecessor on that route.

    The cost of a step into ``b`` is ``edge_cost(a, b)`` if given (``None`` = the step
    is forbidden), otherwise ``enter_cost[b]`` (negative = forbidden), otherwise 1.
    ``stop_at(n)`` marks nodes that may be entered but not left (an enemy hex ends a
    move). ``sources`` may map each start node to an initial cost. Both lists use
    :data:`UNREACHED` for nodes that were not reached (and for the sources' parents).
    ``reached``, if given, receives every node reached, in the order first reached (so a
    caller need not scan the whole map for them).
    """
    start: dict[int, int] = (
        dict(sources) if isinstance(sources, Mapping) else dict.fromkeys(sources, 0)
    )
    cost = [UNREACHED] * len(adjacency)
    parent = [UNREACHED] * len(adjacency)
    for node, c in start.items():
        cost[node] = c
    if reached is not None:
        reached.extend(start)
    heap: list[tuple[int, int]] = [(c, n) for n, c in start.items()]
    heapq.heapify(heap)
    while heap:
        c, node = heapq.heappop(heap)
        if c > cost[node]:
            continue
        if stop_at is not None and node not in start and stop_at(node):
            continue
        for nxt in adjacency[node]:
            if edge_cost is not None:
                step = edge_cost(node, nxt)
                if step is None:
                    continue
            elif enter_cost is not None:
                step = enter_cost[nxt]
                if step < 0:
                    continue
            else:
                step = 1
            total = c + step
            if max_cost is not None and total > max_cost:
                continue
            old = cost[nxt]
            if old == UNREACHED or total < old:
                if old == UNREACHED and reached is not None:
                    reached.append(nxt)
                cost[nxt] = total
                parent[nxt] = node
                heapq.heappush(heap, (total, nxt))
    return cost, parent


def path_to(parent: Sequence[int], target: int) -> list[int]:
    """The route from a source to ``target`` found by :func:`cheapest`, both ends included.

    >>> path_to([-1, 0, 1], 2)
    [0, 1, 2]
    """
    out = [target]
    while parent[out[-1]] != UNREACHED:
        out.append(parent[out[-1]])
    out.reverse()
    return out


def connected(
    adjacency: Adjacency,
    sources: Iterable[int],
    *,
    passable: Callable[[int], bool] | None = None,
) -> set[int]:
    """Every node reachable from the sources through passable nodes (e.g. a rail net)."""
    dist = bfs(adjacency, sources, passable=passable)
    return {node for node, d in enumerate(dist) if d != UNREACHED}


def bytes_and_not(keep: bytes | bytearray, drop: bytes | bytearray) -> bytearray:
    """Per node, 1 where ``keep`` is 1 and ``drop`` is 0: masks of 0/1 bytes (such as the
    ``blocked`` of :func:`bfs`) combined in one pass of big-integer arithmetic.

    >>> bytes_and_not(bytes([1, 1, 0, 1]), bytearray([0, 1, 1, 0]))
    bytearray(b'\\x01\\x00\\x00\\x01')
    """
    if len(keep) != len(drop):
        raise ValueError(f"masks of different lengths: {len(keep)} and {len(drop)}")
    a = int.from_bytes(keep, "little")
    b = int.from_bytes(drop, "little")
    return bytearray((a & ~b).to_bytes(len(keep), "little"))
