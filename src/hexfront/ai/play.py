"""Play a whole game between agents, through the same contract a human client uses."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from hexfront.engine.match import Match
from hexfront.engine.protocol import Game

from .base import Agent


def play_out(
    game: Game[Any],
    scenario: str,
    agents: Mapping[str, Agent],
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    max_actions: int = 1_000_000,
    on_action: Callable[[Match[Any]], None] | None = None,
) -> Match[Any]:
    """Run agents against each other until the game ends or ``max_actions`` is reached."""
    match: Match[Any] = Match(game, scenario, options or {}, seed)
    for _ in range(max_actions):
        active = match.active_sides()
        if not active or match.is_over():
            break
        side = active[0]
        legal = match.legal_actions(side)
        if not legal:
            raise RuntimeError(f"dead end: {side} must act but has no legal action")
        action = agents[side].choose(match.view(side), legal)
        match.act(action)
        if on_action is not None:
            on_action(match)
    return match
