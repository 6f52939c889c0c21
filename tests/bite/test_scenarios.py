"""SBE1-SBE4 on the real map and forces: set up, played at random to their verdict, with
every invariant checked after every action in some games and sampled in the others."""

from __future__ import annotations

import pytest

from hexfront.games.bite.fuzz import play_one
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
