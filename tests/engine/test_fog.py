"""Fog of war in the example game: views never carry the other side's hidden identities."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from hexfront.ai.base import RandomAgent
from hexfront.engine.example import Skirmish
from hexfront.engine.match import Match

GAME = Skirmish()


@given(st.integers(0, 100_000))
@settings(max_examples=30, deadline=None)
def test_no_hidden_identity_in_any_view_or_action_list(seed: int) -> None:
    match: Match[object] = Match(GAME, "standard", {"rounds": 8}, seed)
    agents = {"red": RandomAgent(seed), "blue": RandomAgent(seed + 1)}
    while not match.is_over():
        for side in GAME.sides:
            hidden = GAME.hidden_tokens(match.state, side)  # type: ignore[arg-type]
            text = json.dumps(match.view(side)) + json.dumps(
                [a.to_json() for a in match.legal_actions(side)]
            )
            leaked = [token for token in hidden if token in text]
            assert not leaked, f"{side} can see {leaked}"
        side = match.active_sides()[0]
        match.act(agents[side].choose(match.view(side), match.legal_actions(side)))


def test_referee_view_shows_everything() -> None:
    match: Match[object] = Match(GAME, "standard", {}, 1)
    text = json.dumps(match.view(None))
    assert all(name in text for name in ("Guards", "Panzer", "red-a", "blue-c"))
