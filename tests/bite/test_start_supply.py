"""Every setup starts in supply (4.3), so no block surrenders at the end of turn 1 (4.5)
because of the hex its setup gave it: the checks behind ``hexfront data check bite``."""

from __future__ import annotations

import pytest

from hexfront.ai.base import RandomAgent
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.supply import compute
from hexfront.games.bite.startsupply import (
    SCENARIOS,
    SETUPS,
    Unsupplied,
    out_of_supply,
    start_state,
)

# The blocks that used to surrender at the end of turn 1 of SBE4 (issue 11).
ONCE_CUT_OFF = {
    "ger-c-xxxvi": "XXXVI Corps",  # 5.5: supplied through Finland
    "ger-gk-norwegen": "Mountain Corps Norway",  # 4.2: the Norwegian ports
    "hun-mtn-1": "1st Mountain Brigade",  # the Tatar Pass railway
    "rom-mtn": "Mountain Corps",  # at Suceava
    "sov-rc-40": "40th Rifle Corps",  # Kutaisi's valley is open to lanes
}


@pytest.mark.parametrize("name", SETUPS + SCENARIOS)
def test_every_block_of_every_setup_starts_in_supply(name: str) -> None:
    state = start_state(name)
    assert sum(1 for _ in state.on_map()) > 20
    assert [str(u) for u in out_of_supply(state, name)] == []


def test_the_once_cut_off_blocks_stand_where_the_setup_says() -> None:
    state = start_state("SBE4")
    board = state.w.board
    where = {uid: board.id_of(state.pieces[uid].node) for uid in ONCE_CUT_OFF}
    assert where["ger-c-xxxvi"] == board.id_of(board.node("Rovaniemi"))
    assert where["ger-gk-norwegen"] == "TROMSO"
    assert where["rom-mtn"] == board.id_of(board.node("Suceava"))
    assert {state.spec(state.pieces[uid]).name for uid in ONCE_CUT_OFF} == set(
        ONCE_CUT_OFF.values()
    )


def test_the_norwegian_boxes_are_axis_ports_linked_to_berlin() -> None:  # 3.7, 4.2
    state = start_state("SBE4")
    board = state.w.board
    sources = compute(state, "axis").sources["germany"]
    assert {board.node("NARVIK"), board.node("TROMSO"), board.node("Trondheim")} <= sources
    assert board.sites[board.node("TROMSO")].sea == "Norwegian Sea"


def test_later_setups_hold_the_ground_behind_their_start_line() -> None:
    state = start_state("1942")
    board = state.w.board
    assert state.control[board.node("Kharkov")] == "axis"
    assert state.control[board.node("Smolensk")] == "axis"
    assert state.control[board.node("Moscow")] == "soviet"
    assert state.turn == 13


def test_an_unsupplied_block_is_named_in_words_with_its_hex() -> None:
    u = Unsupplied("SBE4", "axis", "rom-mtn", "Mountain Corps", "romania", "2231", None)
    assert str(u) == "SBE4: Romanian Mountain Corps at 2231 is out of supply at the start (4.3)"
    navy = Unsupplied("1942", "soviet", "x", "Soviet Navy HQ", "ussr", "3013", "Leningrad")
    assert str(navy).startswith("1942: Soviet Navy HQ at 3013 (Leningrad) is out of supply")


GAME = Bite()


@pytest.mark.parametrize("seed", range(20))
def test_no_block_surrenders_on_turn_1_because_of_its_start_hex(seed: int) -> None:
    """Random SBE4 games, stopped when turn 2 begins: a block may surrender on turn 1 only
    if it was in supply where it started (the enemy cut it off), never one that started out
    of supply."""
    state = GAME.setup("SBE4", {}, seed)
    cut_off_at_start = {u.unit for u in out_of_supply(state)}
    assert not cut_off_at_start
    agents = {"axis": RandomAgent(seed), "soviet": RandomAgent(seed + 7919)}
    while not GAME.is_over(state) and state.turn == 1:
        side = GAME.active_sides(state)[0]
        GAME.apply(state, agents[side].choose({}, GAME.legal_actions(state, side)))
    by_handle = {p.handle: p.uid for p in state.pieces.values()}
    surrendered = {by_handle[str(e.data["handle"])] for e in state.log if e.kind == "surrender"}
    assert not surrendered & set(ONCE_CUT_OFF)
    assert not surrendered & state.w.scenario.frozen_turn1  # they cannot leave their start hex
