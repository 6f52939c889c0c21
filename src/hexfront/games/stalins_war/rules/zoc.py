"""Chapter 8: zones of control."""

from __future__ import annotations

from ..state import AXIS, SwState


def has_zoc(state: SwState, uid: str, node: int) -> bool:
    """8.1: LCUs and the mechanized SCUs (``zoc`` in units.toml), in full supply as last found
    (13.1.1, 13.3.6); a unit in a fortress has fortress supply and no ZOC (13.2.4)."""
    return (
        state.world.units[uid].zoc
        and uid not in state.unfed
        and not fortress(state, node)
        and not state.festung_at(node)  # 16.3.5: Festung supply, no ZOC
    )


def fortress(state: SwState, node: int) -> bool:
    """An intact fortress city (16.2). A10: no ZOC enters any fortress hex."""
    place = state.world.map.place_at.get(node)
    return (
        place is not None
        and (place.fort or place.name in state.forts_built)
        and place.name not in state.forts_destroyed
    )


def enemy_zoc(state: SwState, side: str) -> frozenset[int]:
    """The hexes in the ZOC of ``side``'s enemy (8.2): the land neighbours of each ZOC unit,
    not across a sea or lake hexside, not into a fortress hex."""
    key = f"zoc:{side}"
    found = state.cache.get(key)
    if found is not None:
        return frozenset(found)
    m = state.world.map
    out: set[int] = set()
    # 8.2: an Axis ZOC stops short of a hex with the Soviet Fortified Zone (S54)
    walls = {p.at for p in state.on_map() if state.world.units[p.uid].kind == "fortified_zone"}
    for p in state.on_map():
        if p.side == side or not has_zoc(state, p.uid, p.at):
            continue
        for b in m.adjacency[p.at]:
            if fortress(state, b) or state.festung_at(b):  # 8.2
                continue
            if b in walls and p.side == AXIS:
                continue
            out.add(b)
    result = frozenset(out)
    state.cache[key] = result
    return result
