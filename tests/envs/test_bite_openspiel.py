"""The OpenSpiel adapter: dice as chance nodes, the side's own view as its information
state, zero-sum returns, independent clones.

``pyspiel.random_sim_test(game, num_sims=2, serialize=False)`` also passes (measured:
499 s on two cores, too slow for the suite)."""

from __future__ import annotations

import copy
import json
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from hexfront.ai.envs import bite_openspiel  # noqa: E402
from hexfront.engine.events import ROLL  # noqa: E402
from hexfront.engine.protocol import canonical_json  # noqa: E402
from hexfront.games.bite.game import Bite  # noqa: E402


def _rollout(scenario: str, seed: int) -> tuple[Any, list[int], int]:
    """A random game; the faces chosen at chance nodes, and the longest run of them."""
    game = pyspiel.load_game("python_hexfront_bite", {"scenario": scenario, "seed": seed})
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    faces: list[int] = []
    run = longest = 0
    while not state.is_terminal():
        run = run + 1 if state.is_chance_node() else 0
        longest = max(longest, run)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert [o for o, _ in outcomes] == list(range(6))
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            face = int(rng.integers(6))
            faces.append(face + 1)
            state.apply_action(face)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state, faces, longest


def test_a_random_game_ends_zero_sum_and_rolls_exactly_the_chance_faces() -> None:
    state, faces, _ = _rollout("SBE1", seed=1)
    assert sum(state.returns()) == pytest.approx(0.0)
    assert faces, "this SBE1 game has battles"
    rolled = [d for e in state.state.log if e.kind == ROLL for d in e.data["dice"]]
    setup_draws = 0  # setup shuffles handles with the seed, it rolls no die
    assert rolled[setup_draws:] == faces


def test_the_information_state_is_the_sides_own_view() -> None:
    game = pyspiel.load_game("python_hexfront_bite", {"scenario": "SBE1"})
    state = game.new_initial_state()
    for player, side in enumerate(bite_openspiel.PLAYERS):
        text = state.information_state_string(player)
        assert text == canonical_json(Bite().view(state.state, side))
        enemy = "sov-" if side == "axis" else "ger-"
        ids = {u.get("id", "") for u in json.loads(text)["units"]}
        assert not any(str(i).startswith(enemy) for i in ids)  # hidden blocks: no ids


def test_a_clone_is_independent() -> None:
    game = pyspiel.load_game("python_hexfront_bite", {"scenario": "SBE1"})
    state = game.new_initial_state()
    twin = copy.deepcopy(state)
    before = str(state.information_state_string(0))
    twin.apply_action(twin.legal_actions()[-1])
    assert state.information_state_string(0) == before
    assert state.clone().information_state_string(0) == before


def test_a_choice_waits_for_every_die_it_rolls() -> None:
    # A battle's fire step rolls several dice at once: as many chance nodes in a row.
    _, faces, longest = _rollout("SBE1", seed=1)
    assert longest >= 2
    assert longest <= len(faces)
