"""The heuristic's pockets (ai/bite_pockets.py): the hexes whose capture cuts enemy armies
off from their railway, and the pull they give a move."""

from __future__ import annotations

from typing import Any

from hexfront.ai.bite_heuristic import POCKET, HeuristicAgent
from hexfront.ai.bite_pockets import find_pockets
from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite

GAME = Bite()
CRIMEA_ARMY = {"id": "sov-a-51", "hex": "Simferopol"}
KHERSON_TAKEN = {"id": "ger-c-xii", "hex": "Kherson"}
PANZERS = {"id": "ger-pz-xxxxviii", "hex": "3531"}  # north-east of Melitopol
# The Crimean railway's way out once Kherson is lost: Dzhankoy's line runs by Melitopol.
CRIMEA_CUT = {"3134", "3233", "3333", "3433"}


def position(units: list[dict[str, Any]]) -> Match[Any]:
    return Match.from_position(
        GAME, {"scenario": "SBE4", "turn": 2, "side": "axis", "phase": "movement", "unit": units}
    )


def cut_hexes(m: Match[Any]) -> dict[str, float]:
    board = m.state.w.board
    return {board.id_of(n): v for n, v in find_pockets(m.state, "axis").cut.items()}


def test_one_railway_left_makes_every_hex_of_it_a_pocket() -> None:
    cut = cut_hexes(position([CRIMEA_ARMY, KHERSON_TAKEN]))
    assert set(cut) == CRIMEA_CUT
    assert set(cut.values()) == {4.0}  # the 51st Army's four steps


def test_two_railways_out_make_no_pocket() -> None:
    # Kherson still Soviet: the Crimea has a line out to the west and one to the east, so
    # no single hex cuts it off.
    assert cut_hexes(position([CRIMEA_ARMY, PANZERS])) == {}


def test_an_army_already_cut_off_is_not_counted_again() -> None:
    # German corps in Kherson and on the Melitopol line: the Crimea has no railway left.
    cut = cut_hexes(position([CRIMEA_ARMY, KHERSON_TAKEN, {"id": "ger-c-xx", "hex": "3433"}]))
    assert not set(cut) & CRIMEA_CUT


def move_score(units: list[dict[str, Any]], to: str) -> float:
    m = position(units)
    legal = m.legal_actions("axis")
    scored = HeuristicAgent(1).scored(m.view("axis"), legal)
    return next(
        s for s, _, a in scored if a.verb == "move" and a.args == {"unit": PANZERS["id"], "to": to}
    )


def test_the_heuristic_drives_into_the_hex_that_closes_the_pocket() -> None:
    closing = move_score([CRIMEA_ARMY, PANZERS, KHERSON_TAKEN], "3433")
    # Without the German corps in Kherson the same move closes nothing.
    plain = move_score([CRIMEA_ARMY, PANZERS, {"id": "ger-c-xii", "hex": "3031"}], "3433")
    assert closing - plain > 0.9 * POCKET * 4
