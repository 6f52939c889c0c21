"""The long scenarios' verdicts (SBE6-SBE9, scenario booklet), on positions of the real map.

SBE6-SBE8 are not playable yet (issue 15), so these tests lift the world's guard for them;
the verdict rules are data (``data/scenarios``) read by ``rules/victory.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

import hexfront.games.bite.world as world_module
from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite

from .helpers import drive

GAME = Bite()
GUARDS = [
    "sov-ga-1", "sov-ga-2", "sov-ga-3", "sov-ga-5", "sov-ga-6", "sov-ga-8",
    "sov-gcc-1", "sov-gcc-2", "sov-grc-1", "sov-gta-5", "sov-gfc-1", "sov-gsc-2",
]  # fmt: skip


@pytest.fixture(autouse=True)
def long_scenarios(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(world_module, "_NOT_YET_PLAYABLE", frozenset())


def end_of_turn(scenario: str, turn: int, units: list[dict[str, Any]], **extra: Any) -> Match[Any]:
    """The Soviet Exploitation Phase of ``turn``, played on through the Victory Phase."""
    m = Match.from_position(
        GAME,
        {
            "scenario": scenario,
            "turn": turn,
            "side": "soviet",
            "phase": "exploitation",
            "unit": units,
            **extra,
        },
    )
    drive(m, lambda mm: mm.is_over() or mm.state.turn > turn)
    return m


def outcome(m: Match[Any]) -> str | None:
    return str(m.state.result["outcome"]) if m.is_over() else None


def test_sbe7_the_axis_wins_by_destroying_eight_guards() -> None:
    dead = [{"id": uid, "status": "eliminated"} for uid in GUARDS[:8]]
    assert outcome(end_of_turn("SBE7", 30, dead)) == "axis victory"
    assert outcome(end_of_turn("SBE7", 30, dead[:7])) == "draw"


# The Dniepr's west bank next to Kiev (2827, 2828; the map draws Kiev itself on the east
# bank, see docs/rules-coverage.md, SBE7).
BRIDGEHEAD = [
    {"id": "sov-a-8", "hex": "2827"},
    {"id": "sov-a-13", "hex": "2827"},
    {"id": "sov-a-3", "hex": "2828"},
    {"id": "sov-a-4", "hex": "2828"},
]


def test_sbe7_the_soviets_win_with_a_supplied_bridgehead_of_four() -> None:
    m = end_of_turn("SBE7", 30, BRIDGEHEAD)
    assert outcome(m) == "soviet victory"
    assert "bridgehead of 4 units across the Dniepr" in str(m.state.result["detail"])
    assert outcome(end_of_turn("SBE7", 30, BRIDGEHEAD[:3])) == "draw"
    # Far west in Germany (west of the river too) but cut off: no bridgehead.
    deep = [{**u, "hex": "1422" if i < 2 else "1423"} for i, u in enumerate(BRIDGEHEAD)]
    assert outcome(end_of_turn("SBE7", 30, deep)) == "draw"


def test_sbe8_berlin_and_peenemunde_by_the_end_of_1944_or_june_1945() -> None:
    both = [{"id": "sov-a-8", "hex": "Berlin"}, {"id": "sov-a-13", "hex": "Peenemünde"}]
    assert outcome(end_of_turn("SBE8", 42, both)) == "soviet decisive victory"
    assert outcome(end_of_turn("SBE8", 45, both)) == "soviet marginal victory"
    # Peenemunde alone wins nothing; the game goes on to the next turn.
    m = end_of_turn("SBE8", 42, both[1:])
    assert not m.is_over()
    assert m.state.turn == 43


def test_sbe9_sudden_deaths() -> None:
    four = [
        {"id": "ger-c-i", "hex": "Moscow"},
        {"id": "ger-c-ii", "hex": "Leningrad"},
        {"id": "ger-c-x", "hex": "Stalingrad"},
        {"id": "ger-c-xii", "hex": "Baku"},
    ]
    assert outcome(end_of_turn("SBE9", 20, four)) == "axis victory"
    # One city of each pair: a die roll of 1 wins, a 2 does not (two cities held) ...
    pair = four[:2]
    assert outcome(end_of_turn("SBE9", 20, pair, dice=[1])) == "axis victory"
    assert outcome(end_of_turn("SBE9", 20, pair, dice=[2])) is None
    # ... but does with three of the four.
    assert outcome(end_of_turn("SBE9", 20, four[:3], dice=[2])) == "axis victory"
    # Berlin in Soviet hands before 1945 is a decisive Soviet victory, in 1945 a marginal one.
    berlin = [{"id": "sov-a-8", "hex": "Berlin"}]
    assert outcome(end_of_turn("SBE9", 40, berlin)) == "soviet decisive victory"
    assert outcome(end_of_turn("SBE9", 46, berlin)) == "soviet marginal victory"
