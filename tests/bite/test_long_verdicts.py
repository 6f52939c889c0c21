"""The long scenarios' verdicts not covered by ``test_long_victory.py`` (issue 15): SBE6's
two of four, German surrender (7.11) in a long scenario, and SBE9's Soviet surrender option
(a design choice: no rulebook version gives the terms 7.11 promises; data/scenarios/SBE9.toml).
Positions of the real map, built with the position builder, played through the Victory Phase.
"""

from __future__ import annotations

from typing import Any

import pytest

from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite
from hexfront.games.bite.text import log_line

from .helpers import drive

GAME = Bite()

# Soviet centres west of the Volga that make 27 of the USSR's 50 yellow PP (map, 11.1):
# in Axis hands they leave it at most 23 - 4 (TECH deduction) = 19, below half of its 46.
WEST = [
    "Lvov", "Riga", "Minsk", "Kiev", "Leningrad", "Krivoi Rog", "Tikhvin", "Dnepropetrovsk",
    "Kursk", "Kharkov", "Kerch", "Tula", "Stalino", "Voronezh", "Voroshilovgrad",
    "Krasnodar", "Archangelsk", "Yaroslavl", "Rostov",
]  # fmt: skip


def end_of_turn(scenario: str, turn: int, units: list[dict[str, Any]], **extra: Any) -> Match[Any]:
    """The Soviet Exploitation Phase of ``turn``, played on through the Victory Phase."""
    position = {
        "scenario": scenario,
        "turn": turn,
        "side": "soviet",
        "phase": "exploitation",
        "weather": "good",
        "unit": units,
        **extra,
    }
    m = Match.from_position(GAME, position)
    drive(m, lambda mm: mm.is_over() or mm.state.turn > turn)
    return m


def outcome(m: Match[Any]) -> str | None:
    return str(m.state.result["outcome"]) if m.is_over() else None


AXIS_IN = [
    {"id": "ger-c-i", "hex": "Moscow"},
    {"id": "ger-c-ii", "hex": "Leningrad"},
    {"id": "ger-c-x", "hex": "Stalingrad"},
]


def test_sbe6_two_of_four_objectives_decisive_one_marginal_none_soviet() -> None:
    # Booklet SBE6: Moscow, Leningrad, Baku and Stalingrad, held at the end (turn 18).
    assert outcome(end_of_turn("SBE6", 18, AXIS_IN[:2])) == "axis decisive victory"
    assert outcome(end_of_turn("SBE6", 18, AXIS_IN)) == "axis decisive victory"
    assert outcome(end_of_turn("SBE6", 18, AXIS_IN[2:])) == "axis marginal victory"
    assert outcome(end_of_turn("SBE6", 18, [])) == "soviet decisive victory"
    # Only at the end: two held in turn 17 decide nothing yet.
    assert outcome(end_of_turn("SBE6", 17, AXIS_IN[:2])) is None


def test_german_surrender_ends_a_long_scenario_with_a_soviet_decisive_victory() -> None:
    # 7.11: Berlin in Soviet hands in a Victory Phase; SBE7 has no sudden death of its own.
    m = end_of_turn("SBE7", 27, [{"id": "sov-a-8", "hex": "Berlin"}])
    assert outcome(m) == "soviet decisive victory"
    assert "Germany surrendered" in str(m.state.result["detail"])


def test_soviet_surrender_is_an_sbe9_option_off_by_default() -> None:
    [info] = [o for o in GAME.options() if o.name == "soviet_surrender"]
    assert info.default == "none"
    assert tuple(info.choices) == ("none", "collapse")
    assert tuple(info.scenarios) == ("SBE9",)


def test_the_ussr_surrenders_with_moscow_lost_and_its_income_halved() -> None:
    moscow = [{"id": "ger-c-i", "hex": "Moscow"}]
    ruin = {"control": {"axis": WEST}}
    on = {"options": {"soviet_surrender": "collapse"}}
    m = end_of_turn("SBE9", 20, moscow, **ruin, **on)
    assert outcome(m) == "axis decisive victory"
    assert m.state.result["detail"] == "the Soviet Union surrendered"
    [said] = [e.data for e in m.state.log if e.kind == "soviet_surrender"]
    assert 0 < int(said["pp"]) < 23  # the centres left that still reach Siberia (11.2)
    line = log_line({"kind": "soviet_surrender", "data": dict(said)})
    assert "Moscow" in line
    assert f"{said['pp']} PP" in line
    # As printed (the default): no terms, the game goes on.
    assert outcome(end_of_turn("SBE9", 20, moscow, **ruin)) is None
    # Moscow lost but the income still above half: the game goes on.
    assert outcome(end_of_turn("SBE9", 20, moscow, **on)) is None
    # The income ruined but Moscow Soviet: the game goes on.
    assert outcome(end_of_turn("SBE9", 20, [], **ruin, **on)) is None


def test_the_option_is_refused_outside_sbe9() -> None:
    with pytest.raises(Exception, match="SBE9"):
        Match(GAME, "SBE6", {"soviet_surrender": "collapse"}, 1)
