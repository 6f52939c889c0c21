"""Chapter 5 and 22: automatic victories and the verdicts at the end; 19.3 surrender."""

from __future__ import annotations

from ..state import AXIS, ON_MAP, SOVIET, SwState
from . import control, supply


def _win(state: SwState, winner: str, outcome: str, detail: str) -> None:
    if state.result is None:
        state.result = {"winner": winner, "outcome": outcome, "detail": detail}
        state.emit("game_over", winner=winner, outcome=outcome, detail=detail)


def _holds(state: SwState, side: str, names: tuple[str, ...]) -> bool:
    return all(control.controls(state, side, n) for n in names)


def after_round(state: SwState) -> None:
    """5.1.3: the Soviet wins at the end of any AR in which it holds Berlin, Buda and Pest,
    Bucharest and Konigsberg (checked after every round: only Soviet rounds can make it)."""
    t = state.world.tables
    if _holds(state, SOVIET, t.soviet_capitals):
        _win(state, SOVIET, "automatic", "the Soviet holds the Axis capitals (5.1.3)")


def surrender(state: SwState) -> None:
    """19.3.1: Romania or Hungary leaves the war when an enemy unit stands in its capital at
    the end of a turn; all its units leave the game."""
    t, m = state.world.tables, state.world.map
    for nation, capital in t.surrender.items():
        if nation in state.surrendered:
            continue
        if any(p.side == SOVIET for p in state.occupants(m.node(capital))):
            state.surrendered.append(nation)
            for p in state.pieces.values():
                unit = state.world.units[p.uid]
                if unit.side == AXIS and unit.nation == nation:
                    p.box, p.at = "removed", -1
                    state.track.pop(p.uid, None)
            state.oos = [u for u in state.oos if state.pieces[u].box == ON_MAP]
            state.unfed = [u for u in state.unfed if state.pieces[u].box == ON_MAP]
            state.moved()
            state.emit("surrender", nation=nation, capital=capital)


def end_of_turn(state: SwState) -> None:
    """5.1.2-5.1.3, checked in the End Turn phase."""
    t = state.world.tables
    if state.vp >= t.axis_vp_win:
        _win(state, AXIS, "automatic", f"VP {state.vp} (5.1.2)")
    elif state.vp <= t.soviet_vp_win:
        _win(state, SOVIET, "automatic", f"VP {state.vp} (5.1.3)")
    # 5.1.2: every oil hex, held and traced (A29), at two End Turn phases in a row
    oil = sum(1 for p in state.world.map.places.values() if p.oil)
    state.oil_turns = state.oil_turns + 1 if supply.oil_held(state, AXIS) == oil else 0
    if state.oil_turns >= t.axis_oil_turns:
        _win(state, AXIS, "automatic", "every oil hex held (5.1.2)")
    turn4, both, either = t.axis_turn4
    if (
        state.turn == turn4
        and _holds(state, AXIS, both)
        and any(control.controls(state, AXIS, n) for n in either)
    ):
        _win(state, AXIS, "automatic", f"{', '.join(both)} and {' or '.join(either)} (5.1.2)")
    turn8, places = t.axis_turn8
    if state.turn == turn8 and _holds(state, AXIS, places) and not supply.baku_full(state):
        _win(state, AXIS, "automatic", f"{', '.join(places)} held, Baku cut (5.1.2)")
    if state.turn == t.soviet_paulus_turn and not state.paulus_crossed:
        _win(state, SOVIET, "automatic", "no supplied Axis unit crossed the Paulus Line (5.1.3)")
    first, last = t.soviet_all_spaces_turns
    if first <= state.turn <= last and control.all_ussr_vp_spaces(state, SOVIET):
        _win(state, SOVIET, "automatic", "every USSR VP space Soviet (5.1.3)")


def final_verdict(state: SwState) -> None:
    """After the last turn. Campaign (5.1.4): without an automatic victory the Axis wins.
    Tournament (22): the Axis wins with 9 or more USSR VP spaces, the count moved 2 for the
    Axis if Industrial Evacuation was never played and 2 for the Soviet if Hitler Takes
    Command was never played (A15: the shifts apply to the count)."""
    t = state.world.tables
    if state.scenario != "tournament":
        _win(state, AXIS, "end", "no automatic victory by the end of the last turn (5.1.4)")
        return
    held = control.ussr_vp_spaces(state, AXIS)
    count = held
    if t.tournament_axis_bonus_unless not in state.played:
        count += t.tournament_adjust
    if t.tournament_soviet_bonus_unless not in state.played:
        count -= t.tournament_adjust
    winner = AXIS if count >= t.tournament_axis_spaces else SOVIET
    _win(state, winner, "tournament", f"Axis holds {held} USSR VP spaces, scored {count} (22)")
