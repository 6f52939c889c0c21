"""Chapter 13: supply, out-of-supply (OOS) marks, and the attrition segments (6B, 13.3.8-9).

A supply line (13.1.2) runs at most ``range`` hexes from a unit to a friendly source, or to a
rail hex and then along the rail to a source, or to a friendly port when another friendly port
of that sea traces supply itself (one port leg). It never enters enemy units, enemy-held
fortress, city, oil or VP hexes, or an enemy ZOC without a friendly unit in it (13.1.3).
Fortresses give fortress supply (13.2.4); Baku is a full Soviet source only with another
Caspian port that traces supply, otherwise it gives fortress-like supply (13.2.3).

Supply is found for the active side at the start of each of its ARs and in its attrition
segment (13.1.1); the OOS marks stay until the next finding (they govern ZOC, 13.3.6, and MA,
13.3.1). Trenches, Festung, partisans and the Black Sea, Black Death event wait for their
chapters.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from ..map import Place
from ..state import AXIS, ELIMINATED, ON_MAP, SOVIET, SwState, enemy
from .zoc import enemy_zoc, fortress

FULL = "full"
LIMITED = "limited"  # defence and attrition only (13.2.3, 13.2.4)

# The nations whose units trace to the same sources (13.2.1-13.2.2).
GROUPS = {"GE": "german", "RO": "romanian", "HU": "hungarian_italian", "IT": "hungarian_italian"}


def group_of(state: SwState, uid: str) -> str:
    unit = state.world.units[uid]
    if unit.side == SOVIET:
        return "soviet"
    return GROUPS.get(unit.nation, "german")


def _sources(state: SwState, group: str) -> set[int]:
    m, t = state.world.map, state.world.tables
    if group == "soviet":
        return set(m.east_edge_rail)
    names = t.supply_sources[group]
    out = {m.node(n) for n in names}
    if group == "german":
        out |= set(m.west_edge_rail)
    return out


def _blocked(state: SwState, side: str) -> set[int]:
    """Hexes a supply line of ``side`` may not enter (13.1.3)."""
    m = state.world.map

    out: set[int] = set()
    friendly: set[int] = set()
    for p in state.on_map():
        if p.side == side:
            friendly.add(p.at)
        elif not (
            p.side == SOVIET and p.uid not in state.active_partisans and _partisan(state, p.uid)
        ):
            out.add(p.at)  # 16.1.4: inactive partisans block nothing
    for hex_id, owner in state.trenches.items():
        if owner != side:
            out.add(m.index(hex_id))  # 10.3: an enemy trench blocks a supply line
    if side == SOVIET:
        out |= {m.index(h) for h in state.festungs}  # 16.3
    for node in enemy_zoc(state, side):
        if node not in friendly:
            out.add(node)
    foe = enemy(side)
    for place in m.places.values():
        if state.control.get(place.name) == foe and (
            place.type != "town" or place.fort or place.oil or place.vp
        ):
            out.add(place.node)
    return out


def _partisan(state: SwState, uid: str) -> bool:
    return state.world.units[uid].kind == "partisan"


def sources(state: SwState, group: str) -> set[int]:
    return _sources(state, group)


def rail_links(state: SwState) -> dict[int, set[int]]:
    """Each rail hex's neighbours along a rail line."""
    links: dict[int, set[int]] | None = state.world.derived.get("rail_links")
    if links is None:
        links = {}
        for rail in state.world.map.rails:
            for a, b in zip(rail.nodes, rail.nodes[1:], strict=False):
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
        state.world.derived["rail_links"] = links
    return links


def rail_reach(state: SwState, start: Iterable[int], blocked: set[int]) -> set[int]:
    """Rail hexes joined to ``start`` along unbroken, unblocked rail (13.1.2, 10.2.3)."""
    links = rail_links(state)
    seen = {n for n in start if n not in blocked}
    todo = deque(n for n in seen if n in links)
    while todo:
        a = todo.popleft()
        for b in links.get(a, ()):
            if b not in seen and b not in blocked:
                seen.add(b)
                todo.append(b)
    return seen


def _within(state: SwState, starts: set[int], blocked: set[int]) -> set[int]:
    """Hexes at most ``range`` steps from ``starts`` through unblocked land (the unit's own hex
    is never counted as blocked: a friendly unit is in it)."""
    m = state.world.map
    reach = state.world.tables.supply_range
    dist = dict.fromkeys(starts, 0)
    todo = deque(starts)
    while todo:
        a = todo.popleft()
        if dist[a] >= reach:
            continue
        for b in m.adjacency[a]:
            if b in dist:
                continue
            dist[b] = dist[a] + 1
            if b not in blocked:
                todo.append(b)
    return set(dist)


def _supplied(state: SwState, side: str, group: str, extra: Iterable[int] = ()) -> set[int]:
    blocked = _blocked(state, side)
    base = _sources(state, group) | set(extra)
    rail = rail_reach(state, base, blocked)
    first = _within(state, rail, blocked)
    # one port leg (13.1.2): a friendly port joins if another friendly port of its sea traces
    m = state.world.map
    ports = [p for p in m.places.values() if p.port and state.control.get(p.name) == side]
    more: set[int] = set()
    for seas in state.world.tables.port_seas:
        here = [p for p in ports if p.sea in seas]
        fed = [p for p in here if p.node in first]
        for p in here:
            if any(q.node != p.node for q in fed) and p.node not in blocked:
                more.add(p.node)
    if more - rail:
        return first | _within(state, more - rail, blocked)
    return first


def baku_full(state: SwState) -> bool:
    """13.2.3: Baku is a full Soviet source only while the Soviet holds it and another Soviet
    Caspian port traces supply."""
    t = state.world.tables
    if state.control.get(t.baku) != SOVIET:
        return False
    plain = _supplied(state, SOVIET, "soviet")
    return any(
        p.port
        and p.sea == t.baku_sea
        and p.name != t.baku
        and state.control.get(p.name) == SOVIET
        and p.node in plain
        for p in state.world.map.places.values()
    )


def trace(state: SwState, side: str) -> dict[str, dict[int, str]]:
    """Per source group of ``side``: the supply each hex gets (FULL or LIMITED)."""
    key = ("supply", side, state.position_key())
    found = state.memo.get(key)
    if found is not None:
        result: dict[str, dict[int, str]] = found
        return result
    groups = ["soviet"] if side == SOVIET else ["german", "romanian", "hungarian_italian"]
    out: dict[str, dict[int, str]] = {}
    t = state.world.tables
    for group in groups:
        level: dict[int, str] = {}
        extra: list[int] = []
        baku_limited: set[int] = set()
        if group == "soviet" and state.control.get(t.baku) == SOVIET:
            baku = state.world.map.node(t.baku)
            plain = _supplied(state, side, group)
            others = [
                p
                for p in state.world.map.places.values()
                if p.port
                and p.sea == t.baku_sea
                and p.name != t.baku
                and state.control.get(p.name) == SOVIET
                and p.node in plain
            ]
            if others:
                extra.append(baku)  # 13.2.3: a full source
            else:
                baku_limited = _supplied(state, side, group, [baku]) - plain
        for node in baku_limited:
            level[node] = LIMITED
        for node in _supplied(state, side, group, extra):
            level[node] = FULL
        out[group] = level
    if len(state.memo) > 64:
        state.memo.clear()
    state.memo[key] = out
    return out


def fed(state: SwState, side: str) -> set[int]:
    """Hexes a unit of ``side`` (of any of its nations) could trace supply from."""
    out: set[int] = set()
    for level in trace(state, side).values():
        out |= set(level)
    return out


def oil_held(state: SwState, side: str) -> int:
    """17.1.2-17.1.3: the oil hexes ``side`` controls and could trace supply from (A29)."""
    hexes = fed(state, side)
    return sum(
        1
        for p in state.world.map.places.values()
        if p.oil and state.control.get(p.name) == side and p.node in hexes
    )


BLACK_SEA = ("Black Sea",)  # S10: the sea of Black Sea, Black Death (sea names of rules.toml)
MARITIME = "su.Maritime"  # S10's unit


def black_sea_coast(state: SwState, node: int) -> bool:
    """A land hex touching the Black Sea's waters (S10)."""
    m, t = state.world.map, state.world.tables
    waters = frozenset().union(*(t.sea_waters.get(s, frozenset()) for s in BLACK_SEA))
    return m.is_land(node) and any(m.water_name[b] in waters for b in m.grid.neighbors[node])


def black_sea_ports(state: SwState) -> list[Place]:
    return [p for p in state.world.map.places.values() if p.port and p.sea in BLACK_SEA]


def maritime_supplied(state: SwState, uid: str) -> bool:
    """S10: after Black Sea, Black Death the Maritime Army is supplied on any Black Sea coast
    hex while the Soviet holds a Black Sea port."""
    if uid != MARITIME or f"{SOVIET}:black_sea_supply" not in state.forbidden:
        return False
    p = state.pieces[uid]
    return black_sea_coast(state, p.at) and any(
        state.control.get(q.name) == SOVIET for q in black_sea_ports(state)
    )


def status(state: SwState, uid: str) -> str | None:
    """FULL, LIMITED (fortress supply or Baku's) or None (OOS) for a unit on the map."""
    p = state.pieces[uid]
    if _partisan(state, uid) or maritime_supplied(state, uid):
        return FULL  # 16.1.6: active partisans are always supplied (inactive ones never ask)
    level = trace(state, p.side)[group_of(state, uid)].get(p.at)
    if level == FULL:
        return FULL
    if p.side == AXIS and state.festung_at(p.at):
        return LIMITED  # 16.3.5
    place = state.world.map.place_at.get(p.at)
    if fortress(state, p.at) and place is not None and _owner(place.nation) == p.side:
        return LIMITED  # 13.2.4: only the original owner's fortress (16.2.1)
    return level


def _owner(nation: str | None) -> str | None:
    from ..world import START_NATIONS

    return START_NATIONS.get(nation or "")


def mark(state: SwState, side: str, attrition: bool = False) -> list[str]:
    """Find ``side``'s supply now (13.1.1) and mark its OOS units; returns them."""
    oos = sorted(
        p.uid
        for p in state.on_map(side)
        if status(state, p.uid) is None
        and not (attrition and (hedgehog(state, p.uid) or airlifted(state, p.at)))
    )
    full = {p.uid for p in state.on_map(side) if status(state, p.uid) == FULL}
    state.oos = [u for u in state.oos if state.pieces[u].side != side] + oos
    state.unfed = [u for u in state.unfed if state.pieces[u].side != side] + sorted(
        p.uid for p in state.on_map(side) if p.uid not in full
    )
    state.cache.pop("zoc:axis", None)
    state.cache.pop("zoc:soviet", None)
    if oos:
        state.emit("out_of_supply", side=side, units=oos)
    return oos


def airlifted(state: SwState, node: int) -> bool:
    """Luftwaffe Supply (A12): the hex picked this turn is supplied for attrition."""
    return f"airlift:{state.world.map.id_of(node)}" in state.this_turn


def hedgehog(state: SwState, uid: str) -> bool:
    """Hedgehogs (A16): this turn German units in cities are supplied for attrition."""
    if f"{AXIS}:hedgehogs_supply" not in state.this_turn:
        return False
    p = state.pieces[uid]
    place = state.world.map.place_at.get(p.at)
    return state.world.units[uid].nation == "GE" and place is not None and place.type != "town"


def returns(state: SwState) -> None:
    """13.3.8: Axis LCUs whose turn has come go from the Turn Track to the Eliminated box."""
    for uid, turn in sorted(state.track.items()):
        if turn <= state.turn:
            state.pieces[uid].box = ELIMINATED
            del state.track[uid]
            state.emit("turn_track_return", unit=uid)


__all__ = ["FULL", "LIMITED", "ON_MAP", "mark", "returns", "status", "trace"]
