"""SBE1-SBE4 on the real map and forces: set up, played at random to their verdict, with
every invariant checked after every action in some games and sampled in the others."""

from __future__ import annotations

import pytest

from hexfront.ai.bite_tools.fuzz import play_one
from hexfront.games.bite.game import Bite

SCENARIOS = ["SBE1", "SBE2", "SBE3", "SBE4"]
EXPECTED_ON_MAP = {  # BSS groups without the HQs the basic game sets aside
    "SBE1": (12, 12),
    "SBE2": (14, 21),
    "SBE3": (30, 31),
    "SBE4": (106, 75),
}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_setup_places_the_scenario_groups(scenario: str) -> None:
    state = Bite().setup(scenario, {}, 1)
    soviet = sum(1 for _ in state.on_map("soviet"))
    axis = sum(1 for _ in state.on_map("axis"))
    assert (soviet, axis) == EXPECTED_ON_MAP[scenario]
    assert state.turn == 1
    assert Bite().active_sides(state) == ["axis"]


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", [1])
def test_random_game_with_every_invariant_after_every_action(scenario: str, seed: int) -> None:
    out = play_one((scenario, seed, "all"))
    assert not out.problem, f"{out.problem}: {out.detail}"
    assert out.verdict


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("seed", range(2, 8))
def test_random_games_reach_a_verdict(scenario: str, seed: int) -> None:
    out = play_one((scenario, seed, "sampled"))
    assert not out.problem, f"{out.problem}: {out.detail}"
    assert out.verdict


def _setup(scenario: str):  # type: ignore[no-untyped-def]
    return Bite().setup(scenario, {}, 1)


def test_sbe1_leningrad_taken_or_cut_off() -> None:
    from hexfront.games.bite.rules.victory import rail_linked_to_siberia, verdict

    state = _setup("SBE1")
    board = state.w.board
    assert verdict(state)["outcome"] == "draw"
    assert rail_linked_to_siberia(state, "Leningrad")
    # Cut every railway out of Leningrad: the Axis holds each rail hex next to it...
    leningrad, volkhov = board.node("Leningrad"), board.node("Volkhov")
    for n in board.rail_adjacency[leningrad]:
        if n != leningrad:
            state.control[n] = "axis"
    assert not rail_linked_to_siberia(state, "Leningrad")
    # ... but the Road of Life to Volkhov still feeds it: no Axis win yet.
    assert verdict(state)["outcome"] == "draw"
    state.control[volkhov] = "axis"
    assert verdict(state)["outcome"] == "axis victory"
    assert "cut off" in str(verdict(state)["detail"])
    fresh = _setup("SBE1")
    fresh.control[leningrad] = "axis"
    assert verdict(fresh)["outcome"] == "axis victory"


def test_sbe2_moscow_surrounded() -> None:
    from hexfront.games.bite.rules.victory import verdict

    state = _setup("SBE2")
    board = state.w.board
    moscow = board.node("Moscow")
    axis_units = [p for p in state.on_map("axis") if state.spec(p).is_ground]
    ring = [n for n in board.adjacency[moscow] if board.playable[n]]
    # Axis units on alternate hexes of the ring put every ring hex in their zone of control.
    for p, n in zip(axis_units, ring[::2], strict=False):
        p.node = n
    for p in state.on_map("soviet"):
        if board.distance(p.node, moscow) <= 1:
            p.node = board.node("0101")
    state.touch()
    assert verdict(state)["outcome"] == "axis victory"
    assert "surrounded" in str(verdict(state)["detail"])


def test_sbe3_objectives_table() -> None:
    from hexfront.games.bite.rules.victory import verdict

    state = _setup("SBE3")
    board = state.w.board
    assert verdict(state)["outcome"] == "soviet victory"
    # Each city the Axis adds raises its result one level.
    levels = ("draw", "axis marginal victory", "axis decisive victory")
    for name, expected in zip(("Rostov", "Kharkov", "Sevastopol"), levels, strict=True):
        state.control[board.node(name)] = "axis"
        assert verdict(state)["outcome"] == expected


def test_sbe4_victory_points_count_major_cities_and_the_two_capitals() -> None:
    from hexfront.games.bite.rules.victory import verdict

    state = _setup("SBE4")
    board = state.w.board
    state.control[board.node("Moscow")] = "axis"
    state.control[board.node("Leningrad")] = "axis"
    state.control[board.node("Kiev")] = "axis"
    assert board.sites[board.node("Kiev")].is_major
    v = verdict(state)
    assert v["score"] == 3 + 2 + 1
    assert v["outcome"] == "soviet marginal victory"
