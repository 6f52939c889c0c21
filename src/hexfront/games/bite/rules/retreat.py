"""Retreats (7.7.13-7.7.18): where a ground or air unit may fall back from a battle.

A ground unit retreats one hex, free of MP, into a safe hex (7.7.14): never into an enemy
zone of control, an enemy-held hex, a battle hex or a partial hex, and never overstacked
(7.7.17). The hex must also satisfy 7.7.15: either it and a route from it, always moving
away from the battle, to a friendly supply source are free of water, enemy zones,
enemy-held cities, enemy units and other battles (a); or it holds only friendly units, or
is a friendly city (b). An air unit retreats to a free airbase within its range (7.7.16).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from ..board import WATER
from ..state import BiteState, Piece, enemy_of
from ..types import Node
from ..versions import differs
from . import partisans, powers
from .air import air_retreat_hexes as air_retreat_hexes  # 7.7.16, kept with the air rules
from .basics import battle_nodes, can_stack, is_frozen, zoc_map
from .optional_rules import may_enter_terrain
from .supply import power_of, power_source_nodes


def may_retreat(state: BiteState, piece: Piece) -> bool:
    """3.21 frozen units and 6.1.1 static infantry never retreat."""
    return not is_frozen(state, piece) and state.spec(piece).cls != "static_infantry"


def ground_retreat_hexes(state: BiteState, piece: Piece, battle: Node) -> list[Node]:
    board = state.w.board
    side = piece.side
    enemy = enemy_of(side)
    spec = state.spec(piece)
    ezoc = zoc_map(state, enemy, ground_only=False)
    battles = battle_nodes(state)
    enemy_at = {p.node for p in state.on_map(enemy)}
    control = state.control
    hindered = partisans.blocked(state, side, 1)  # 29.0

    def blocked(n: Node) -> bool:
        site = board.sites.get(n)
        return (
            board.terrain[n] == WATER
            or ezoc[n] == 1
            or n in enemy_at
            or n in battles
            or (site is not None and site.is_city and control[n] == enemy)
        )

    sources = power_source_nodes(state, side, power_of(state, piece))
    own_hexes_only = differs(state.options, "retreat_into_friendly_hexes_only")
    out = []
    for r in board.adjacency[battle]:
        if board.is_red_arrow(battle, r):
            continue  # a retreat goes to an adjacent hex, not across a strait
        if not board.playable[r] or not powers.may_enter(state, spec, r):
            continue
        if not may_enter_terrain(state, spec, board.terrain[r]):
            continue  # 14.0: armour never goes into mountains, nor others in bad weather
        if ezoc[r] or r in enemy_at or r in battles:
            continue
        if r in hindered:
            continue  # 29.0: partisans bar the Axis from retreating into their hex
        if own_hexes_only and control[r] != side:
            continue  # 7.7.14, Italian 2.x rules: only into a hex of one's own side
        if not can_stack(state, r, side, [spec]):
            continue
        friends = [p for p in state.at(r) if p.side == side]
        site = board.sites.get(r)
        friendly_city = site is not None and site.is_city and control[r] == side
        # 7.7.15 a: the retreat hex itself is one of the hexes the route may not pass (an
        # enemy-held city, above all); b: a hex of friends or a friendly city is always safe.
        if (
            friends
            or friendly_city
            or (not blocked(r) and _away_to_source(state, battle, r, sources, blocked))
        ):
            out.append(r)
    return out


def _away_to_source(
    state: BiteState,
    battle: Node,
    start: Node,
    sources: frozenset[Node],
    blocked: Callable[[Node], bool],
) -> bool:
    """7.7.15 a: a route from ``start`` to a source, every step taking it further from the
    battle (a unit falls back away from the fight, not around it)."""
    board = state.w.board
    if start in sources:
        return True
    seen = {start}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        d = board.distance(battle, node)
        for nxt in board.adjacency[node]:
            if nxt in seen or blocked(nxt):
                continue
            if board.distance(battle, nxt) <= d:
                continue
            if nxt in sources:
                return True
            seen.add(nxt)
            queue.append(nxt)
    return False
