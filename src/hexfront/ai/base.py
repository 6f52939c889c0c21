"""The agent interface, and the plain random agent."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

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


class ByGame:
    """One agent name over several games: the view says which game it is (``view["game"]``),
    and the agent written for that game answers (BITE's when a view names none). Settings
    given to this agent (an arena's budget, a progress callback) reach each game's agent."""

    def __init__(self, name: str, seed: int, makers: dict[str, Callable[[int], Agent]]) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "_seed", seed)
        object.__setattr__(self, "_makers", makers)
        object.__setattr__(self, "_agents", {})
        object.__setattr__(self, "_settings", {})
        object.__setattr__(self, "_game", "bite")

    def agent_for(self, game: str) -> Agent:
        agents: dict[str, Agent] = self._agents
        found = agents.get(game)
        if found is None:
            makers: dict[str, Callable[[int], Agent]] = self._makers
            make = makers.get(game) or makers["bite"]
            found = make(self._seed)
            for key, value in dict(self._settings).items():
                setattr(found, key, value)
            agents[game] = found
        return found

    def choose(self, view: dict[str, JSON], legal: Sequence[Action]) -> Action:
        game = str(view.get("game") or "bite")
        object.__setattr__(self, "_game", game)
        return self.agent_for(game).choose(view, legal)

    def __setattr__(self, key: str, value: Any) -> None:
        settings: dict[str, Any] = self._settings
        settings[key] = value
        for agent in dict(self._agents).values():
            setattr(agent, key, value)

    def __getattr__(self, key: str) -> Any:  # only for names not found on this object
        if key.startswith("_"):
            raise AttributeError(key)
        settings: dict[str, Any] = self._settings
        if key in settings:
            return settings[key]
        return getattr(self.agent_for(self._game), key)


def _bite_heuristic(seed: int) -> Agent:
    from .bite_heuristic import HeuristicAgent

    return HeuristicAgent(seed)


def _sw_heuristic(seed: int) -> Agent:
    from .sw_heuristic import SwHeuristicAgent

    return SwHeuristicAgent(seed)


def _bite_ismcts(seed: int) -> Agent:
    from .ismcts import ISMCTSAgent

    return ISMCTSAgent(seed)


def _sw_ismcts(seed: int) -> Agent:
    from .sw_ismcts import SwISMCTSAgent

    return SwISMCTSAgent(seed)


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by name, as used on the command line and in the server. ``heuristic`` and
    ``ismcts`` play BITE and Stalin's War, each game with its own agent (``ByGame``)."""
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        return ByGame(name, seed, {"bite": _bite_heuristic, "stalins_war": _sw_heuristic})
    if name == "heuristic-v1":  # the heuristic before issue 13, kept for comparison
        from .bite_heuristic_v1 import HeuristicV1Agent

        return HeuristicV1Agent(seed)
    if name == "ismcts":
        return ByGame(name, seed, {"bite": _bite_ismcts, "stalins_war": _sw_ismcts})
    raise ValueError(f"unknown agent {name!r}; available: {', '.join(AGENTS)}")
