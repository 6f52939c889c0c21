"""Optional rule 36.0, Italy surrenders on a die roll (issue 20), on positions of the real map.

Without the rule Italy leaves the war in September 1943 (7.11). With it, from July 1943
the Soviet player rolls a die at the start of each turn, and Italy is out when the roll is at
most the month's threshold on the Turn Record Chart (calendar.toml: it grows from 1 in July
1943 to 5 from October).
"""

from __future__ import annotations

from typing import Any

import pytest

from hexfront.engine.match import Match
from hexfront.games.bite import catalog
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.surrenders import italy_surrender_number, italy_surrender_roll
from hexfront.games.bite.state import BiteState

GAME = Bite()
ON = {"or36_italy_surrenders": True}
OFF = {"or36_italy_surrenders": False}  # the campaign plays it by default (the booklet)
JULY_1943, AUGUST_1943, SEPTEMBER_1943, OCTOBER_1943 = 26, 27, 28, 29
ITALIANS = [{"id": "ita-c-ii", "hex": "3930"}, {"id": "ita-alpini", "hex": "3931"}]
# The positions are set in the campaign (SBE9), the scenario that reaches 1943 with Italy.
needs_1943 = pytest.mark.skipif(
    "SBE9" not in catalog.PLAYABLE, reason="the campaign (SBE9) is not playable yet"
)


def position(turn: int, options: dict[str, Any], dice: list[int], **extra: Any) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE9",
            "turn": turn,
            "side": "axis",
            "phase": "movement",
            "reinforcements": False,
            "unit": ITALIANS,
            "options": options,
            "dice": dice,
            **extra,
        },
    )


def rolls(m: Match[BiteState]) -> list[dict[str, Any]]:
    return [
        dict(e.data)
        for e in m.state.log
        if e.kind == "roll" and e.data.get("purpose") == "italy_surrenders"
    ]


def test_the_surrender_number_by_month() -> None:
    assert italy_surrender_number(JULY_1943 - 1) == 0  # June 1943: no roll yet
    assert italy_surrender_number(JULY_1943) == 1
    assert italy_surrender_number(AUGUST_1943) == 2
    assert italy_surrender_number(SEPTEMBER_1943) == 4
    assert italy_surrender_number(OCTOBER_1943) == 5
    assert italy_surrender_number(OCTOBER_1943 + 12) == 5


@needs_1943
@pytest.mark.parametrize(
    ("turn", "die", "out"),
    [
        (JULY_1943, 1, True),
        (JULY_1943, 2, False),
        (AUGUST_1943, 2, True),
        (AUGUST_1943, 3, False),
        (SEPTEMBER_1943, 4, True),
        (SEPTEMBER_1943, 5, False),
        (OCTOBER_1943, 5, True),
        (OCTOBER_1943, 6, False),
    ],
)
def test_italy_surrenders_on_the_months_number_or_less(turn: int, die: int, out: bool) -> None:
    m = position(turn, ON, [die])
    italy_surrender_roll(m.state)
    assert rolls(m) == [{"purpose": "italy_surrenders", "dice": [die], "by": "soviet"}]
    assert ("italy" in m.state.surrendered) is out
    statuses = {m.state.pieces[u["id"]].status for u in ITALIANS}
    assert statuses == ({"removed"} if out else {"map"})


@needs_1943
def test_no_roll_before_july_1943_after_the_surrender_or_without_the_rule() -> None:
    early = position(JULY_1943 - 1, ON, [1])
    italy_surrender_roll(early.state)
    assert rolls(early) == []
    assert "italy" not in early.state.surrendered
    without = position(SEPTEMBER_1943, OFF, [1])
    italy_surrender_roll(without.state)
    assert rolls(without) == []
    out = position(OCTOBER_1943, ON, [1, 1])
    italy_surrender_roll(out.state)
    italy_surrender_roll(out.state)  # Italy is already out: no second roll
    assert len(rolls(out)) == 1


@needs_1943
def test_the_rule_replaces_the_automatic_surrender_of_september_1943() -> None:
    # The Soviet exploitation of September 1943 ends the turn: the Victory Phase follows.
    def surrenders(options: dict[str, Any]) -> list[object]:
        m = Match.from_position(
            GAME,
            {
                "scenario": "SBE9",
                "turn": SEPTEMBER_1943,
                "side": "soviet",
                "phase": "exploitation",
                "reinforcements": False,
                "unit": ITALIANS,
                "options": options,
            },
        )
        return [e.data["why"] for e in m.state.log if e.kind == "power_surrenders"]

    assert "Italy leaves the war in September 1943" in surrenders(OFF)  # 7.11
    # With the rule, only a die can take Italy out (the next turn's roll may do it).
    assert all("36.0" in str(why) for why in surrenders(ON))


@pytest.mark.skipif("SBE7" not in catalog.PLAYABLE, reason="SBE7 is not playable yet")
def test_the_roll_comes_at_the_start_of_july_1943_in_operation_citadel() -> None:
    m = Match.from_position(
        GAME,
        {
            "scenario": "SBE7",
            "turn": JULY_1943 - 1,
            "side": "soviet",
            "phase": "exploitation",
            "reinforcements": False,
            "unit": ITALIANS,
            "options": ON,
            "dice": [1],
        },
    )
    log = [e.kind for e in m.state.log]
    assert rolls(m) == [{"purpose": "italy_surrenders", "dice": [1], "by": "soviet"}]
    assert "italy" in m.state.surrendered
    assert log.index("power_surrenders") > log.index("turn")
