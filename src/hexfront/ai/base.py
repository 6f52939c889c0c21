"""The agent interface, and the plain random agent."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action


class Agent(Protocol):
    """Chooses an action from what its side can see. It never receives the true state."""

    name: str

    def choose(self, view: dict[str, JSON], legal: Sequence[Action]) -> Action: ...


class RandomAgent:
    """Uniform over the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, JSON], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self._rng.randrange(len(legal))]


AGENTS = ("random", "heuristic", "heuristic-v1", "ismcts")
AGENT_NAMES = AGENTS  # the server's catalogue reads this name


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name, as used on the command line and in the server."""
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        from .bite_heuristic import HeuristicAgent

        return HeuristicAgent(seed)
    if name == "heuristic-v1":  # the heuristic before issue 13, kept for comparison
        from .bite_heuristic_v1 import HeuristicV1Agent

        return HeuristicV1Agent(seed)
    if name == "ismcts":
        from .ismcts import ISMCTSAgent

        return ISMCTSAgent(seed)
    raise ValueError(f"unknown agent {name!r}; available: {', '.join(AGENTS)}")
