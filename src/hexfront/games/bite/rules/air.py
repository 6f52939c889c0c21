"""Air units on the ground: airbases, rebasing, air retreat and air evacuation.

An air unit stands on an airbase: a controlled city or fortress that could serve as a
supply source, one air unit per base (3.4). Rebasing (7.5.2, 7.8.1), the retreat after a
battle (7.7.16) and the evacuation of a base the enemy takes (note after 7.7.5) all look
for a free airbase in land the unit's nation may enter (5.3-5.8).
"""

from __future__ import annotations

from ..board import CAPITAL, FORTRESS, MAJOR, MINOR
from ..charts import charts
from ..state import ON_MAP, BiteState, Piece
from ..types import Node, Side
from . import powers
from .basics import eliminate, is_frozen, lose_step
from .supply import all_source_nodes

AIRBASE_TYPES = (CAPITAL, MAJOR, MINOR, FORTRESS)


def airbases(state: BiteState, side: Side, sources: frozenset[Node]) -> list[Node]:
    """3.4: controlled cities and fortresses that could serve as a supply source."""
    board = state.w.board
    return [
        node
        for node, site in board.sites.items()
        if site.type in AIRBASE_TYPES
        and board.playable[node]
        and state.control[node] == side
        and node in sources
    ]


def air_range(state: BiteState, piece: Piece) -> int:
    return state.profile(piece).range


def _airbase_home(state: BiteState, p: Piece) -> Node | None:
    """The airbase an air unit on the map uses (its base while on a mission)."""
    if p.status != ON_MAP or not state.spec(p).is_air:
        return None
    return p.base if p.base >= 0 else p.node


def _air_uids(state: BiteState) -> list[str]:
    """Every air unit of the game (fixed by the order of battle), found once per world."""
    found: list[str] | None = state.w.derived.get("air_uids")
    if found is None:
        units = state.w.units
        found = state.w.derived["air_uids"] = [uid for uid, u in units.items() if u.is_air]
    return found


def free_airbase(state: BiteState, node: Node, side: str, exclude: str | None = None) -> bool:
    """3.4: one air unit per airbase (units on missions keep their base)."""
    if "occupancy" in state.cache:  # a read-only stretch: count every base once
        use = state.cache.get("airbase_use")
        if use is None:
            use = {}
            pieces = state.pieces
            for uid in _air_uids(state):
                p = pieces.get(uid)
                home = None if p is None else _airbase_home(state, p)
                if home is not None:
                    key = (pieces[uid].side, home)
                    use[key] = use.get(key, 0) + 1
            state.cache["airbase_use"] = use
        used = use.get((side, node), 0)
        if exclude is not None:
            other = state.pieces.get(exclude)
            if other is not None and other.side == side and _airbase_home(state, other) == node:
                used -= 1
        return bool(used < charts().air_per_airbase)
    used = sum(
        1
        for p in state.pieces.values()
        if p.side == side and p.uid != exclude and _airbase_home(state, p) == node
    )
    return used < charts().air_per_airbase


def rebase_targets(
    state: BiteState, piece: Piece, sources: frozenset[int], *, distance: int
) -> list[int]:
    """Airbases within ``distance`` of the unit with room for it, in land its nation may
    enter (5.3-5.8). None for a frozen unit (3.21): it cannot move, so it never rebases,
    never retreats from a battle, and cannot evacuate an airbase the enemy enters."""
    if is_frozen(state, piece):
        return []
    board = state.w.board
    here = piece.node
    spec = state.spec(piece)
    return [
        b
        for b in airbases(state, piece.side, sources)
        if b != here
        and board.distance(here, b) <= distance
        and free_airbase(state, b, piece.side, exclude=piece.uid)
        and powers.may_enter(state, spec, b)
    ]


def air_retreat_hexes(state: BiteState, piece: Piece) -> list[Node]:
    """7.7.16: free airbases within the unit's range of the battle."""
    sources = all_source_nodes(state, piece.side)
    return rebase_targets(state, piece, sources, distance=air_range(state, piece))


# --- air evacuation (note after 7.7.5) -------------------------------------------------------


def evacuate(
    state: BiteState, piece: Piece, *, lose_step_first: bool, seen_from: int | None
) -> None:
    """An air unit whose airbase the enemy's ground units take: it loses a step first if
    asked (outright, not a hit: no battle follows to carry a half hit), then flies to a
    free airbase within its range (7.7.16), or is lost. ``seen_from``: the hex the flight
    is shown leaving, or None for no move event."""
    if lose_step_first:
        lose_step(state, piece, "air evacuation")
        if piece.status != ON_MAP:
            return
    targets = air_retreat_hexes(state, piece)
    if targets:
        if seen_from is not None:
            state.emit_move("air_evacuation", piece, seen_from, targets[0])
        piece.node, piece.base = targets[0], -1
    else:
        eliminate(state, piece, "air evacuation failed")


def evacuate_airbase(state: BiteState, node: Node, side: Side) -> None:
    """Note after 7.7.5 (7.6.2): enemy air units alone on an airbase entered by ground
    units lose a step and fly to a free airbase in range, or surrender."""
    for p in list(state.at(node)):
        if p.side == side or not state.spec(p).is_air:
            continue
        if is_frozen(state, p):
            # Design choice (3.21): a frozen unit cannot move, so it cannot complete the
            # evacuation, and such units surrender.
            eliminate(state, p, "frozen on its airbase, unable to evacuate (3.21)")
            continue
        evacuate(state, p, lose_step_first=True, seen_from=node)
