"""Attrition (6B, 13.3.8-13.3.9): cut-off units are lost, unfed places change hands.

Apart from the supply trace, because a place that changes hands goes through
:func:`control.enter`, which reaches the trenches, Festungs and partisans that read supply.
"""

from __future__ import annotations

from ..state import AXIS, ELIMINATED, SwState, enemy
from . import control, supply
from .zoc import fortress


def attrition(state: SwState, side: str) -> None:
    """6B, 13.3.8-13.3.9: ``side``'s OOS units are eliminated (Axis LCUs to the Turn Track,
    units starred on every step out of the game); its cities, ports, oil and VP hexes
    without an own fortress that could not trace supply pass to the enemy."""
    t = state.world.tables
    lost = supply.mark(state, side, attrition=True)
    for uid in lost:
        p = state.pieces[uid]
        unit = state.world.units[uid]
        p.at, p.step = -1, 0
        if unit.permanent_loss:
            p.box = "removed"
        elif side == AXIS and unit.large:
            p.box = "track"
            state.track[uid] = state.turn + t.axis_lcu_delay
        else:
            p.box = ELIMINATED
        swap = t.swap_on_elimination.get(uid)
        if swap is not None:  # 14.2.1: the weaker counter waits in the Eliminated box
            p.box = "removed"
            state.pieces[swap].box = ELIMINATED
        state.emit("attrition_loss", side=side, unit=uid, box=p.box)
    if lost:
        state.oos = [u for u in state.oos if u not in lost]
        state.unfed = [u for u in state.unfed if u not in lost]
        state.moved()
    state.moved()
    hexes = supply.fed(state, side)
    foe = enemy(side)
    for place in state.world.map.places.values():
        if state.control.get(place.name) != side:
            continue
        if not (place.type != "town" or place.port or place.oil or place.vp):
            continue
        if fortress(state, place.node) and supply._owner(place.nation) == side:
            continue
        if side == AXIS and place.hex in state.festungs:
            continue  # 16.3.5: a Festung holds the hex at attrition
        if side == AXIS and supply.airlifted(state, place.node):
            continue  # A12: the airlifted hex is supplied for attrition
        if place.node not in hexes:
            control.enter(state, foe, place.node)
            state.emit("attrition_control", place=place.name, side=foe)
