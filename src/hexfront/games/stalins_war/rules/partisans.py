"""16.1: partisans, placed face down with strengths nobody knows.

After Partisan Formation the Soviet may spend 1 OPS once a turn to place two partisans
(16.1.2), at most six on the map, in forest or swamp hexes of the USSR outside the Baltic
States (16.1.1), with no Axis unit, in a hex a Soviet unit could not trace supply from or
nearer an Axis unit than a Soviet one (16.1.3). The counter is drawn at random from those not
in play: its id (and so its strength) is in no view and no log line of either side while it
is inactive (``hidden``). Inactive partisans neither fight nor block: the Axis moves through
and stacks with them (16.1.4); a Soviet unit entering their hex sends them back to the pool
(16.1.5). Events activate them (16.1.6): face up, always in supply, they fight alone and
block Axis supply; eliminated, they leave the game. The Soviet picks which rise
(``activate_at``, through the event's pick).
"""

from __future__ import annotations

from collections import deque

from ..state import AXIS, ON_MAP, OUT, SOVIET, SwState


def is_partisan(state: SwState, uid: str) -> bool:
    return state.world.units[uid].kind == "partisan"


def inactive(state: SwState, uid: str) -> bool:
    return is_partisan(state, uid) and uid not in state.active_partisans


def hidden(state: SwState) -> list[str]:
    """Inactive partisans on the map: their ids are secret to both sides (16.1.3)."""
    return sorted(p.uid for p in state.on_map(SOVIET) if inactive(state, p.uid))


def may_place(state: SwState) -> bool:
    return f"{SOVIET}:partisan_placement" in state.forbidden


def _distances(state: SwState, sources: set[int]) -> list[int]:
    """Every hex's distance in hexes to the nearest of ``sources``, over land, never across a
    lake or sea hexside (16.1.3); 10,000 where none is reachable. One search for all hexes."""
    m = state.world.map
    dist = [10_000] * m.hex_count
    todo = deque(sorted(sources))
    for s in todo:
        dist[s] = 0
    while todo:
        a = todo.popleft()
        for b in m.adjacency[a]:
            if dist[b] > dist[a] + 1:
                dist[b] = dist[a] + 1
                todo.append(b)
    return dist


def hexes(state: SwState, ops: int, free: int) -> list[int]:
    """Where a partisan may be placed now (16.1.1-16.1.3): ``free`` placements already paid
    this round, else 1 OPS once a turn."""
    w = state.world.tables.works
    if not may_place(state):
        return []
    if free <= 0 and (state.partisan_turn == state.turn or ops < w.partisan_ops):
        return []
    on_map = [p for p in state.on_map(SOVIET) if is_partisan(state, p.uid)]
    if len(on_map) >= w.partisans_max:
        return []
    if not any(p.box == OUT and is_partisan(state, p.uid) for p in state.pieces.values()):
        return []
    from . import supply

    m = state.world.map
    fed = supply.fed(state, SOVIET)
    axis_at = {p.at for p in state.on_map(AXIS)}
    soviet_at = {p.at for p in state.on_map(SOVIET) if not is_partisan(state, p.uid)}
    baltic = m.zones.get("baltic_states", frozenset())
    near_axis, near_soviet = _distances(state, axis_at), _distances(state, soviet_at)
    out = []
    for node in range(m.hex_count):
        if not m.is_land(node) or m.nation[node] != w.partisan_nation or node in baltic:
            continue
        if m.terrain[node] not in w.partisan_terrain:
            continue
        if node in axis_at or node in soviet_at:
            continue
        if any(is_partisan(state, p.uid) for p in state.occupants(node)):
            continue
        if node in fed and near_axis[node] >= near_soviet[node]:
            continue
        out.append(node)
    return out


def place(state: SwState, node: int) -> str:
    """A counter drawn at random from the pool, face down at ``node``."""
    pool = sorted(
        p.uid for p in state.pieces.values() if p.box == OUT and is_partisan(state, p.uid)
    )
    uid = pool[state.dice.below(len(pool))]
    p = state.pieces[uid]
    p.box, p.at, p.step = ON_MAP, node, 0
    state.moved()
    state.emit("partisans_placed", hex=state.world.map.id_of(node))  # no id: 16.1.3
    return uid


def activate(state: SwState, count: int) -> None:
    """16.1.6: ``count`` inactive partisans turn face up, never in a hex with an Axis unit
    (at random: the tests use it; events let the Soviet choose, :func:`activate_at`)."""
    for _ in range(count):
        ready = [
            u
            for u in hidden(state)
            if not any(q.side == AXIS for q in state.occupants(state.pieces[u].at))
        ]
        if not ready:
            return
        uid = ready[state.dice.below(len(ready))]
        state.active_partisans.append(uid)
        state.moved()
        hex_id = state.world.map.id_of(state.pieces[uid].at)
        state.emit("partisans_activated", side=SOVIET, unit=uid, hex=hex_id)


def ready(state: SwState) -> list[int]:
    """Hexes of face-down partisans that may rise (16.1.6: none with an Axis unit)."""
    return sorted(
        {
            state.pieces[u].at
            for u in hidden(state)
            if not any(q.side == AXIS for q in state.occupants(state.pieces[u].at))
        }
    )


def activate_at(state: SwState, node: int) -> None:
    """16.1.6: the face-down partisans at ``node`` turn face up."""
    uid = next(u for u in hidden(state) if state.pieces[u].at == node)
    state.active_partisans.append(uid)
    state.moved()
    state.emit("partisans_activated", side=SOVIET, unit=uid, hex=state.world.map.id_of(node))


def entered(state: SwState, side: str, node: int) -> None:
    """16.1.5: a Soviet unit in the hex sends inactive partisans back to the pool."""
    if side != SOVIET:
        return
    for p in list(state.occupants(node)):
        if p.side == SOVIET and inactive(state, p.uid):
            p.box, p.at = OUT, -1
            state.moved()
            state.emit("partisans_withdrawn", hex=state.world.map.id_of(node))


__all__ = ["activate", "activate_at", "entered", "hexes", "hidden", "inactive", "place", "ready"]
