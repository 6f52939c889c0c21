"""Agents see only their side's view; the heuristic beats random play."""

from __future__ import annotations

import json

import pytest

from hexfront.ai.base import RandomAgent, make_agent
from hexfront.ai.bite_heuristic import HeuristicAgent, public_info
from hexfront.ai.play import play_out
from hexfront.engine.match import Match
from tests.bite.scenarios import front_world
from tests.bite.synthetic import game_for

WORLD = front_world(turns=4)
GAME = game_for(WORLD)
INFO = public_info(WORLD)


@pytest.mark.parametrize("side", ["axis", "soviet"])
def test_heuristic_beats_random_from_both_sides(side: str) -> None:
    wins = 0
    for seed in range(6):
        other = "soviet" if side == "axis" else "axis"
        agents = {side: HeuristicAgent(seed, INFO), other: RandomAgent(seed)}
        match = play_out(GAME, "TEST", agents, seed=seed)  # type: ignore[arg-type]
        result = match.result()
        assert result is not None
        wins += result.winner == side
    assert wins >= 5


def test_agents_receive_only_the_view_which_hides_enemy_identities() -> None:
    """Swapping the identities of two hidden enemy blocks (same place, different names)
    changes nothing an agent is given, so it cannot change what the agent does."""
    a: Match[object] = Match(GAME, "TEST", {}, 3)  # type: ignore[arg-type]
    b: Match[object] = Match(GAME, "TEST", {}, 3)  # type: ignore[arg-type]
    state = b.state
    p, q = state.pieces["sov-inf-1"], state.pieces["sov-inf-2"]  # type: ignore[attr-defined]
    p.node, q.node = q.node, p.node  # the truth differs ...
    state.touch()  # type: ignore[attr-defined]
    assert a.hash() != b.hash()
    view_a, view_b = a.view("axis"), b.view("axis")
    # ... the Axis view differs only in which handle stands where, never in identities.
    text_a, text_b = json.dumps(view_a), json.dumps(view_b)
    for token in ("sov-inf-1", "sov-inf-2", "SOV-INF-1", "SOV-INF-2"):
        assert token not in text_a
        assert token not in text_b
    agent_a, agent_b = HeuristicAgent(1, INFO), HeuristicAgent(1, INFO)
    legal_a, legal_b = a.legal_actions("axis"), b.legal_actions("axis")
    assert legal_a == legal_b
    assert agent_a.choose(view_a, legal_a) == agent_b.choose(view_b, legal_b)


def test_make_agent_knows_the_agents() -> None:
    assert make_agent("random").name == "random"
    assert make_agent("heuristic").name == "heuristic"
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("oracle")


@pytest.mark.parametrize("seed", [1, 2])
def test_heuristic_soviets_garrison_leningrad_in_sbe1(seed: int) -> None:
    """An empty objective falls to the first enemy block that walks in; the heuristic
    defender puts a block into Leningrad (by rebuild, rail or march) before that happens.
    (Whether it holds is another matter: since the attack plans of issue 13 the Axis often
    cuts Leningrad off, and a garrison out of supply surrenders at Final Supply, 7.9.)"""
    from hexfront.games.bite.game import Bite

    game = Bite()
    agents = {"axis": make_agent("heuristic", seed), "soviet": make_agent("heuristic", seed + 1)}
    match = play_out(game, "SBE1", agents, seed=seed)
    state = match.state
    here = state.w.board.id_of(state.w.board.node("Leningrad"))
    garrisoned = [
        i
        for i, e in enumerate(state.log)
        if e.data.get("side") == "soviet" and here in (e.data.get("hex"), e.data.get("to"))
    ]
    assert garrisoned
    entered = [
        i
        for i, e in enumerate(state.log)
        if e.data.get("side") == "axis" and here in (e.data.get("hex"), e.data.get("to"))
    ]
    assert not entered or garrisoned[0] < entered[0]
    assert match.result() is not None
