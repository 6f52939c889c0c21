"""Optional rule 37.0: Persia joins the Axis.

At the start of the month whose Turn Record Chart row carries the event
``persia_joins_axis`` (August 1941, ``data/calendar.toml``) Persia becomes an Axis minor
power without units: its land (the 1941 owner ``iran`` on the map) is Axis-held, so the
Soviets may invade it and take its cities. Persia surrenders once Teheran is in Soviet
hands (checked in the Victory Phase, with the other powers' capitals, 7.11); from then on
the Soviets keep a ground unit in Teheran: the last one there does not leave it. The
Persian Corridor opens for Lend-Lease (optional rule 34, not played yet) nine months after
the fall: the turn is kept in ``state.flags``.

Before it joins, Persia is out of the war: with the rule played, no unit of either side
enters its land (move, rail, retreat, air mission or rebase: ``powers.may_enter``) until
August 1941, when the Soviets may invade it (37.0). The base rules leave neutral countries
(Persia, Turkey) open and the Basic Game plays on as before; a scenario starting after
August 1941 finds Persia out of the war and open, as before.

The rule also unfreezes the Soviet units of the Caucasus; in this game frozen units are
frozen in June 1941 only (3.21), so by August none is left to unfreeze.
"""

from __future__ import annotations

from functools import cache

from .. import forces
from ..state import AXIS, SOVIET, BiteState, Piece

PERSIA_JOINS = "or37_persia"
PERSIA = "persia"  # state.flags key: "axis" once Persia joins, "fallen" once it surrenders
CORRIDOR = "persian_corridor_from"  # state.flags key: the turn the corridor opens (37.0)
CORRIDOR_DELAY = 9  # 37.0: months after the fall
COUNTRY = "iran"  # the 1941 owner of Persia's hexes on the map
CAPITAL = "Teheran"


@cache
def joining_turn() -> int:
    """The month Persia joins the Axis: the chart's row with ``persia_joins_axis``."""
    return next(t.turn for t in forces.calendar() if "persia_joins_axis" in t.events)


def closed(state: BiteState) -> bool:
    """37.0: with the rule played, Persia is closed to every unit until it joins the Axis."""
    return (
        state.options.get(PERSIA_JOINS) is True
        and PERSIA not in state.flags
        and state.turn < joining_turn()
    )


def _teheran(state: BiteState) -> int | None:
    for node, site in state.w.board.sites.items():
        if site.name == CAPITAL:
            return node
    return None


def persia_joins(state: BiteState) -> None:
    """37.0: at the start of August 1941 Persia's land turns Axis (the Soviet-held part of
    it stays Soviet)."""
    if state.options.get(PERSIA_JOINS) is not True or PERSIA in state.flags:
        return
    if state.turn != joining_turn():
        return  # a scenario that starts later finds Persia out of the war already
    state.flags[PERSIA] = AXIS
    owner = state.w.board.owner_1941
    for node in range(state.w.board.node_count):
        if owner[node] == COUNTRY and state.control[node] != SOVIET:
            state.control[node] = AXIS
    state.emit("persia_joins_axis")


def persia_falls(state: BiteState) -> bool:
    """37.0: Persia surrenders once Teheran is Soviet; True the moment it does."""
    if state.flags.get(PERSIA) != AXIS:
        return False
    node = _teheran(state)
    if node is None or state.control[node] != SOVIET:
        return False
    state.flags[PERSIA] = "fallen"
    state.flags[CORRIDOR] = state.turn + CORRIDOR_DELAY
    return True


def holds_teheran(state: BiteState, piece: Piece) -> bool:
    """37.0: after Persia's fall, the last Soviet ground unit in Teheran stays there."""
    if state.flags.get(PERSIA) != "fallen" or piece.side != SOVIET:
        return False
    node = _teheran(state)
    if node is None or piece.node != node or not state.spec(piece).is_ground:
        return False
    others = [
        p for p in state.at(node) if p is not piece and p.side == SOVIET and state.spec(p).is_ground
    ]
    return not others
