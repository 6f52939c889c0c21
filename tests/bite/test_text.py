"""The log as a player reads it: words, never unit ids, snake_case keys or key=value."""

from __future__ import annotations

import re

import pytest

from hexfront.ai.base import RandomAgent
from hexfront.ai.play import play_out
from hexfront.games.bite.game import Bite
from hexfront.games.bite.text import log_line

GAME = Bite()
UNIT_ID = re.compile(r"\b(ger|sov|fin|rom|hun|ita|svk)-[a-z0-9-]+\b")


@pytest.mark.parametrize(
    ("scenario", "options"),
    [("SBE1", {}), ("SBE3", {"deployment": "by_hand", "weather": "chart"})],
)
def test_every_logged_event_reads_as_words(scenario: str, options: dict[str, str]) -> None:
    agents = {"axis": RandomAgent(3), "soviet": RandomAgent(4)}
    match = play_out(GAME, scenario, agents, seed=5, options=options, max_actions=400)
    kinds = set()
    for event in match.state.log:
        line = log_line(event.to_json())
        kinds.add(event.kind)
        assert not re.search(r"\w=", line), line
        assert not UNIT_ID.search(line), line
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", line), line
    assert "turn" in kinds
    assert len(kinds) >= 10  # many kinds of event were read
