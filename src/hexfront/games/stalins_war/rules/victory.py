"""Chapter 5 and 22: automatic victories and the verdicts at the end."""

from __future__ import annotations

from ..state import AXIS, SOVIET, SwState
from . import control


def _win(state: SwState, winner: str, outcome: str, detail: str) -> None:
    if state.result is None:
        state.result = {"winner": winner, "outcome": outcome, "detail": detail}
        state.emit("game_over", winner=winner, outcome=outcome, detail=detail)


def after_round(state: SwState) -> None:
    """5.1.3: the Soviet wins at the end of any AR in which it holds Berlin, Buda and Pest,
    Bucharest and Konigsberg (checked after every round: only Soviet rounds can make it)."""
    t = state.world.tables
    if all(state.control.get(name) == SOVIET for name in t.soviet_capitals):
        _win(state, SOVIET, "automatic", "the Soviet holds the Axis capitals (5.1.3)")


def end_of_turn(state: SwState) -> None:
    """5.1.2-5.1.3: VP at 20 or more wins for the Axis, at 0 or less for the Soviet."""
    t = state.world.tables
    if state.vp >= t.axis_vp_win:
        _win(state, AXIS, "automatic", f"VP {state.vp} (5.1.2)")
    elif state.vp <= t.soviet_vp_win:
        _win(state, SOVIET, "automatic", f"VP {state.vp} (5.1.3)")


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
