"""Rules fixed after the Basic Game review (issue 11), each on a position of the real map."""

from __future__ import annotations

from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.supply import compute, is_supplied

GAME = Bite()


def test_the_italians_are_placed_and_supplied_through_belgrade() -> None:  # 4.1, 5.4, 7.3.1
    # SBE4, August 1941: the CSIR is due. Yugoslavia, occupied in April 1941, is Axis
    # ground, so Belgrade is Italy's main source and Italian blocks can arrive.
    m = Match.from_position(
        GAME,
        {
            "scenario": "SBE4",
            "turn": 3,
            "side": "axis",
            "phase": "production",
            "unit": [
                {"id": "ita-csir", "status": "pool"},
                {"id": "ger-c-xii", "hex": "Lvov"},
                {"id": "sov-a-13", "hex": "Kiev"},
            ],
        },
    )
    state = m.state
    assert state.control[state.w.board.node("Belgrade")] == "axis"
    places = [a for a in m.legal_actions("axis") if a.args.get("unit") == "ita-csir"]
    assert places, "the CSIR has nowhere to arrive"
    m.act(places[0])
    csir = state.pieces["ita-csir"]
    assert csir.status == "map"
    assert is_supplied(state, csir, compute(state, "axis"))
