"""Where a single hex would cut enemy armies off from their supply: the heuristic's pockets.

A block draws supply through a lane of a few hexes to a railway or port linked by rail,
over hexes its side controls, to its main source (4.2-4.3). Every railway hex the enemy
still holds is part of that net, rooted at the enemy's main sources; a hex whose loss splits
the net (an articulation point of the graph) leaves every rail hex beyond it without
supply. A block whose lane reaches only such hexes is then cut off, and in the Final
Supply Phase it surrenders (7.9) or loses steps (12.1). This module finds those hexes and
what they would cut off, from one side's view of the position, so that the heuristic sends
a unit into them: the pincer that closes a pocket.

Approximations (this is a judgement for an AI, not a rule): lanes are measured as plain
hex distance, ignoring zones of control; ports are not counted as sources, so a pocket on
the coast may still be supplied by sea; blocks the view does not show are not counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hexfront.games.bite.rules.infrastructure import rails
from hexfront.games.bite.rules.supply import _mains, lane_length
from hexfront.games.bite.state import BiteState, enemy_of


@dataclass(frozen=True, slots=True)
class Pockets:
    """For each hex whose capture would split the enemy's railway net: the enemy steps
    (summed strengths) whose lanes reach only the part cut off."""

    cut: dict[int, float]

    def value(self, node: int) -> float:
        return self.cut.get(node, 0.0)


def find_pockets(state: BiteState, side: str) -> Pockets:
    """The hexes where a block of ``side`` would close a pocket on the enemy, with the
    enemy strength each would cut off (see the module text).

    ``state`` is a determinized state of ``side``'s view: its enemy blocks stand where the
    view shows them."""
    enemy = enemy_of(side)
    board = state.w.board
    rail: Sequence[Sequence[int]] = rails(state)
    blocked = bytearray(board.node_count)
    for p in state.on_map(side):
        if state.spec(p).is_ground:
            blocked[p.node] = 1
    control = state.control

    def usable(n: int) -> bool:
        return control[n] == enemy and not blocked[n]

    roots = [m for m in _mains(state, enemy) if usable(m)]
    if not roots:
        return Pockets({})
    # Depth-first search from the roots (one virtual root above them): preorder number,
    # low link, and the preorder interval of each subtree. A non-root node a is an
    # articulation point for each child c with low[c] >= order[a]: c's subtree hangs on a.
    order: dict[int, int] = {}
    low: dict[int, int] = {}
    end: dict[int, int] = {}
    parent: dict[int, int] = {}
    preorder: list[int] = []
    for root in roots:
        if root in order:
            continue
        order[root] = low[root] = len(preorder)
        preorder.append(root)
        stack: list[tuple[int, int]] = [(root, 0)]  # node, next neighbour to look at
        while stack:
            node, i = stack[-1]
            neighbours = rail[node]
            if i < len(neighbours):
                stack[-1] = (node, i + 1)
                nxt = neighbours[i]
                if not usable(nxt) or nxt == parent.get(node, -1):
                    continue
                if nxt in order:
                    low[node] = min(low[node], order[nxt])
                else:
                    order[nxt] = low[nxt] = len(preorder)
                    preorder.append(nxt)
                    parent[nxt] = node
                    stack.append((nxt, 0))
                continue
            stack.pop()
            end[node] = len(preorder) - 1
            if node in parent:
                up = parent[node]
                low[up] = min(low[up], low[node])
    # A non-root node a cuts off the subtree of each child c with low[c] >= order[a] (the
    # articulation points of the net, Tarjan). jump[n]: the nearest such a above n, so a
    # node's cutters are jump[n], jump[jump[n]], ...
    roots_set = set(roots)
    jump: dict[int, int] = {}
    for n in preorder:
        above = parent.get(n)
        if above is None:
            continue
        if above not in roots_set and low[n] >= order[above]:
            jump[n] = above
        elif above in jump:
            jump[n] = jump[above]
    if not jump:
        return Pockets({})
    cutters = set(jump.values())
    lane = lane_length(state)
    cut: dict[int, float] = {}
    for p in state.on_map(enemy):
        spec = state.spec(p)
        if not spec.is_ground:
            continue
        # The rail hexes of the net this block's lane may reach.
        reach = [n for n in _within(board.adjacency, p.node, lane) if n in order]
        if not reach:
            continue  # cut off already, or supplied by other means: not ours to count
        steps = float(state.strength(p))
        first = reach[0]
        a: int | None = first if first in cutters else jump.get(first)
        while a is not None:
            # a cuts every hex of the lane's reach: a itself, or a hex below the child of
            # a through which it hangs (a's subtree, all of which a cuts off, since every
            # child subtree of a cutter that holds a cut node is cut as a whole).
            if all(n == a or _cut_by(a, n, jump) for n in reach):
                cut[a] = cut.get(a, 0.0) + steps
            a = jump.get(a)
    return Pockets(cut)


def _cut_by(a: int, n: int, jump: dict[int, int]) -> bool:
    """Whether taking ``a`` cuts ``n`` off: ``a`` is among ``n``'s cutters."""
    cutter = jump.get(n)
    while cutter is not None:
        if cutter == a:
            return True
        cutter = jump.get(cutter)
    return False


def _within(adjacency: Sequence[Sequence[int]], start: int, depth: int) -> list[int]:
    """Every hex at most ``depth`` steps from ``start`` (itself included)."""
    seen = {start}
    frontier = [start]
    for _ in range(depth):
        nxt: list[int] = []
        for n in frontier:
            for m in adjacency[n]:
                if m not in seen:
                    seen.add(m)
                    nxt.append(m)
        frontier = nxt
    return list(seen)
