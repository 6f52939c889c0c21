"""Optional rule 37.0, Persia joins the Axis (issue 20), on positions of the real map (SBE5).

In August 1941 Persia becomes an Axis minor power without units: its land turns Axis, so
the Soviets may invade it. Once Teheran is Soviet, Persia surrenders, the Persian Corridor
is due nine months later, and the last Soviet ground unit in Teheran stays there.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match
from hexfront.games.bite import text
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import powers
from hexfront.games.bite.rules.persia import (
    CORRIDOR,
    PERSIA,
    holds_teheran,
    joining_turn,
    persia_falls,
    persia_joins,
)
from hexfront.games.bite.state import BiteState

from .helpers import drive, move_targets

GAME = Bite()
ON = {"or37_persia": True}
OFF = {"or37_persia": False}  # SBE5 plays it by default (the booklet preset)
JULY_1941, AUGUST_1941 = 2, 3
GUNS = "sov-art-7"  # Soviet artillery, 4-2-0


def end_of_month(
    turn: int, options: dict[str, Any], units: list[dict[str, Any]]
) -> Match[BiteState]:
    """The Soviet exploitation of ``turn``: the next month begins at once."""
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE5",
            "turn": turn,
            "side": "soviet",
            "phase": "exploitation",
            "reinforcements": False,
            "unit": units,
            "options": options,
        },
    )


def control_of(m: Match[BiteState], place: str) -> str:
    board = m.state.w.board
    return m.state.control[board.node(place)]


def test_persia_joins_the_axis_in_august_1941() -> None:
    assert joining_turn() == AUGUST_1941
    units = [{"id": "sov-a-44", "hex": "Baku"}]
    on = end_of_month(JULY_1941, ON, units)
    assert on.state.turn == AUGUST_1941
    assert on.state.flags[PERSIA] == "axis"
    assert control_of(on, "Teheran") == "axis"
    board = on.state.w.board
    iran = [n for n in range(board.node_count) if board.owner_1941[n] == "iran"]
    assert all(on.state.control[n] == "axis" for n in iran)
    event = next(e for e in on.state.log if e.kind == "persia_joins_axis")
    assert "Persia joins the Axis" in text.log_line(event.to_json())
    off = end_of_month(JULY_1941, OFF, units)
    assert PERSIA not in off.state.flags
    assert control_of(off, "Teheran") == ""  # neutral: nobody's
    assert not any(e.kind == "persia_joins_axis" for e in off.state.log)


def test_a_scenario_that_starts_later_finds_persia_out_of_the_war() -> None:
    m = end_of_month(AUGUST_1941, ON, [{"id": "sov-a-44", "hex": "Baku"}])
    assert m.state.turn == AUGUST_1941 + 1
    assert PERSIA not in m.state.flags


def test_soviet_held_persian_hexes_stay_soviet_when_persia_joins() -> None:
    m = end_of_month(JULY_1941, ON, [{"id": "sov-a-44", "hex": "5044"}])  # in Persia
    assert control_of(m, "5044") == "soviet"
    assert control_of(m, "Teheran") == "axis"


def test_teheran_taken_persia_surrenders_and_keeps_a_soviet_garrison() -> None:
    # Soviet guns already in Teheran when Persia joins (cut off there, they drop to their
    # 0 floor at the Final Supply instead of surrendering, 4.5): the Victory Phase of
    # August finds Teheran Soviet and Persia surrenders.
    m = end_of_month(JULY_1941, ON, [{"id": GUNS, "hex": "Teheran"}])
    assert m.state.flags[PERSIA] == "axis"
    drive(m, lambda x: x.state.turn > AUGUST_1941)
    surrenders = [e.data for e in m.state.log if e.kind == "power_surrenders"]
    assert {"power": "persia", "why": "Teheran is in Soviet hands"} in surrenders
    assert m.state.flags[PERSIA] == "fallen"
    assert m.state.flags[CORRIDOR] == AUGUST_1941 + 9
    event = next(e for e in m.state.log if e.data.get("power") == "persia")
    assert text.log_line(event.to_json()) == "Persia leaves the war"
    # The guns are Teheran's last Soviet ground unit: they stay.
    guns = m.state.pieces[GUNS]
    assert guns.status == "map"
    assert holds_teheran(m.state, guns)


def fallen_in_august(units: list[dict[str, Any]]) -> Match[BiteState]:
    """August 1941, the Soviet Movement Phase, after Persia joined and fell (the rule's
    own steps, run on the position)."""
    m = Match.from_position(
        GAME,
        {
            "scenario": "SBE5",
            "turn": AUGUST_1941,
            "side": "soviet",
            "phase": "movement",
            "reinforcements": False,
            "unit": units,
            "options": ON,
        },
    )
    persia_joins(m.state)
    assert persia_falls(m.state)
    m.state.touch()
    return m


def test_the_last_soviet_ground_unit_in_teheran_does_not_leave() -> None:
    alone = fallen_in_august([{"id": "sov-a-44", "hex": "Teheran"}])
    assert holds_teheran(alone.state, alone.state.pieces["sov-a-44"])
    assert move_targets(alone, "sov-a-44") == set()
    # With a second ground unit there, either may go.
    two = fallen_in_august(
        [{"id": "sov-a-44", "hex": "Teheran"}, {"id": "sov-nkvd-kf", "hex": "Teheran"}]
    )
    assert not holds_teheran(two.state, two.state.pieces["sov-a-44"])
    assert move_targets(two, "sov-a-44")


# --- Persia before it joins: closed to every unit (37.0) ----------------------------------------


def border(board: Any) -> tuple[str, str]:
    """A Soviet hex on the Persian border and a Persian hex beside it."""
    for n in range(board.node_count):
        if board.owner_1941[n] != "ussr" or not board.playable[n]:
            continue
        for x in board.adjacency[n]:
            if board.owner_1941[x] == "iran" and board.playable[x] and board.terrain[x] == "hills":
                return board.id_of(n), board.id_of(x)
    raise AssertionError("no Persian border on the map")


def soviet_moves_at(turn: int, options: dict[str, Any]) -> Match[BiteState]:
    probe = Match.from_position(GAME, {"scenario": "SBE5"})
    soviet_hex, _ = border(probe.state.w.board)
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE5",
            "turn": turn,
            "side": "soviet",
            "phase": "movement",
            "reinforcements": False,
            "unit": [{"id": "sov-a-44", "hex": soviet_hex}, {"id": "ger-c-i", "hex": "Berlin"}],
            "options": options,
        },
    )


def test_persia_is_closed_to_every_unit_before_it_joins() -> None:
    m = soviet_moves_at(JULY_1941, ON)
    state = m.state
    board = state.w.board
    _, persian = border(board)
    assert persian not in move_targets(m, "sov-a-44")
    assert not any(board.owner_1941[board.node(h)] == "iran" for h in move_targets(m, "sov-a-44"))
    for uid in ("sov-a-44", "ger-c-i"):  # either side
        assert not powers.may_enter(state, state.spec(state.pieces[uid]), board.node(persian))
    # Without the rule the base rules leave Persia open, as before.
    off = soviet_moves_at(JULY_1941, OFF)
    assert persian in move_targets(off, "sov-a-44")


def test_persia_opens_to_a_soviet_invasion_when_it_joins() -> None:
    m = soviet_moves_at(AUGUST_1941, ON)
    persia_joins(m.state)  # the rule's step at the start of August
    m.state.touch()
    _, persian = border(m.state.w.board)
    assert persian in move_targets(m, "sov-a-44")
