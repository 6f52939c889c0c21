"""Hex control and the VP track (3.24 of the digest: rules 3, 5.1.1, 16.2)."""

from __future__ import annotations

from ..map import Place
from ..state import AXIS, SwState, enemy
from ..world import START_NATIONS
from .options import option


def tracked(place: Place) -> bool:
    """Control is kept for cities, ports, fortresses, oil and VP hexes (towns too under the
    optional rule 23.1.5: ``initial_control``)."""
    return place.type != "town" or place.vp or place.port or place.oil or place.fort


def initial_control(state: SwState) -> dict[str, str]:
    """Each tracked place belongs to the side of its 1941 nation (A27); with the optional
    rule 23.1.5 towns are tracked too."""
    towns = option(state, "town_control") is True
    out = {}
    for place in state.world.map.places.values():
        side = START_NATIONS.get(place.nation or "")
        if side is not None and (tracked(place) or (towns and place.type == "town")):
            out[place.name] = side
    return out


def controls(state: SwState, side: str, name: str) -> bool:
    place = state.world.map.places[name]
    return state.control.get(place.name) == side


def enter(state: SwState, side: str, node: int) -> None:
    """A unit of ``side`` entered ``node``: an enemy-held place changes hands (even passing
    through, 3.24), the VP track moves for a VP hex (5.1.1: up for the Axis, down for the
    Soviet), and an enemy fortress is destroyed (16.2)."""
    from . import partisans, works

    works.entered(state, side, node)  # 10.3.2 trenches, 16.3.3 Festung
    partisans.entered(state, side, node)  # 16.1.5
    place = state.world.map.place_at.get(node)
    if place is None or place.name not in state.control:
        return
    if state.control[place.name] == side:
        return
    state.control[place.name] = side
    delta = 0
    if is_vp(state, place):
        delta = 1 if side == AXIS else -1
        state.vp += delta
    state.emit("control", place=place.name, hex=place.hex, side=side, vp=state.vp, delta=delta)
    built = place.fort or place.name in state.forts_built
    if built and place.name not in state.forts_destroyed and side != _owner(place):
        state.forts_destroyed.append(place.name)
        state.emit("fortress_destroyed", place=place.name, hex=place.hex, by=side)


def is_vp(state: SwState, place: Place) -> bool:
    """A VP space: starred on the map, or made one by Industrial Evacuation (S8, 5.1.1)."""
    return place.vp or (place.vp_inactive and f"vp:{place.hex}" in state.forbidden)


def _owner(place: Place) -> str:
    owner = START_NATIONS.get(place.nation or "")
    return owner if owner is not None else enemy(AXIS)


def ussr_vp_spaces(state: SwState, side: str) -> int:
    """The active VP spaces in the USSR that ``side`` holds (22)."""
    return sum(
        1
        for p in state.world.map.places.values()
        if is_vp(state, p) and p.nation == "ussr" and state.control.get(p.name) == side
    )


def all_ussr_vp_spaces(state: SwState, side: str) -> bool:
    return all(
        state.control.get(p.name) == side
        for p in state.world.map.places.values()
        if is_vp(state, p) and p.nation == "ussr"
    )
