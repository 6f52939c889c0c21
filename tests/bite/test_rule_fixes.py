"""Rules fixed after the Basic Game review (issue 11), each on a position of the real map."""

from __future__ import annotations

from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.supply import compute, is_supplied

from .helpers import sbe4_position

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


def test_ground_units_entering_an_airbase_held_only_by_air_take_it() -> None:  # 3.3, 7.6.2
    m = sbe4_position(
        "axis",
        "movement",
        [
            {"id": "ger-pz-xxxxvii", "hex": "2522"},
            {"id": "sov-vvs-w-f", "hex": "Minsk"},
            {"id": "sov-a-13", "hex": "Moscow"},
        ],
    )
    m.act(Action("axis", "move", {"unit": "ger-pz-xxxxvii", "to": "2622"}))
    minsk = m.state.w.board.node("Minsk")
    assert not [p for p in m.state.at(minsk) if p.side == "soviet"]
    assert m.state.control[minsk] == "axis"


def test_siberia_holds_the_soviet_rear_when_no_soviet_ground_unit_is_left() -> None:  # 3.1
    # Siberia touches the map by rail only; its railheads still carry the Soviet front.
    m = sbe4_position(
        "axis",
        "movement",
        [{"id": "ger-pz-xxxxvii", "hex": "2522"}, {"id": "sov-vvs-w-f", "hex": "Moscow"}],
    )
    m.act(Action("axis", "end_ground"))
    board = m.state.w.board
    for city in ("Moscow", "Smolensk", "Kiev"):
        assert m.state.control[board.node(city)] == "soviet", city
