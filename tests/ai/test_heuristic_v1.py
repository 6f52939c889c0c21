"""The heuristic of before issue 13 stays available as ``heuristic-v1`` for comparison."""

from __future__ import annotations

from hexfront.ai import bite_heuristic, bite_heuristic_v1
from hexfront.ai.base import AGENTS, make_agent
from hexfront.ai.bite_heuristic import HeuristicAgent
from hexfront.ai.bite_heuristic_v1 import HeuristicV1Agent
from hexfront.ai.play import play_out
from tests.bite.scenarios import front_world
from tests.bite.synthetic import game_for


def test_heuristic_v1_is_registered_and_distinct() -> None:
    assert "heuristic-v1" in AGENTS
    agent = make_agent("heuristic-v1", 3)
    assert isinstance(agent, HeuristicV1Agent)
    assert agent.name == "heuristic-v1"
    assert not isinstance(agent, HeuristicAgent)


def test_heuristic_v1_plays_a_game_against_the_heuristic() -> None:
    world = front_world(turns=2)
    game = game_for(world)
    agents = {
        "axis": HeuristicV1Agent(1, bite_heuristic_v1.public_info(world)),
        "soviet": HeuristicAgent(2, bite_heuristic.public_info(world)),
    }
    match = play_out(game, "TEST", agents, seed=1)  # type: ignore[arg-type]
    assert match.result() is not None
