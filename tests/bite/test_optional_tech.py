"""Optional rule 17 (17.0-17.1), the Axis minor powers' TECH, on positions of the real map.

The schedule of 3.13 names Germany and the USSR; with optional rule 17 the Finns,
Romanians, Hungarians and Slovaks follow Germany one level below (the Finnish infantry
class starts at TECH 2), and Italy never changes. Without the rule the minor powers keep
their 1941 levels all war.
"""

from __future__ import annotations

from typing import Any

from hexfront.engine.match import Match
from hexfront.games.bite import forces, text
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import dated
from hexfront.games.bite.state import BiteState

GAME = Bite()
ON = {"or17_tech": True}
OFF = {"or17_tech": False}
JUN_1943, JUL_1943 = forces.turn_of(1943, 6), forces.turn_of(1943, 7)
MAY_1944 = forces.turn_of(1944, 5)
TANKS = "rom-arm-1"  # Romanian 1st Armoured Division, tankettes


def position(turn: int, options: dict[str, Any], **extra: Any) -> Match[BiteState]:
    """The Axis Production Phase of ``turn``."""
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE9",
            "turn": turn,
            "side": "axis",
            "phase": "production",
            "reinforcements": False,
            "unit": [{"id": TANKS, "hex": "Bucharest"}, {"id": "sov-a-44", "hex": "Baku"}],
            "options": options,
            **extra,
        },
    )


def month_begins(turn: int, options: dict[str, Any], **extra: Any) -> Match[BiteState]:
    """The end of the Soviet exploitation of the month before ``turn``: ``turn`` begins at
    once, with its turn line and its breakthroughs."""
    m = Match.from_position(
        GAME,
        {
            "scenario": "SBE9",
            "turn": turn - 1,
            "side": "soviet",
            "phase": "exploitation",
            "reinforcements": False,
            "unit": [{"id": TANKS, "hex": "Bucharest"}, {"id": "sov-a-44", "hex": "Baku"}],
            "options": options,
            **extra,
        },
    )
    assert m.state.turn == turn
    return m


def advances(m: Match[BiteState], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in m.state.log if e.kind == kind]


def test_romanian_armour_reaches_tech_2_with_german_tech_3_in_july_1943() -> None:
    # 17.1's example: German armour TECH 3 in July 1943 lifts Romanian armour to TECH 2.
    june = position(JUN_1943, ON)
    before = june.state.profile(june.state.pieces[TANKS])
    assert (before.tech, before.defence, before.mp) == (1, 6, 3)
    m = month_begins(JUL_1943, ON)
    after = m.state.profile(m.state.pieces[TANKS])
    assert (after.tech, after.defence, after.mp) == (2, 5, 4)  # 6.2.1: TECH 2 tankettes
    assert "blitz" in after.abilities
    minors = advances(m, "minor_tech_advance")
    assert {"nation": "romania", "field": "armor", "level": 2} in minors
    assert {e["nation"] for e in minors} == {"finland", "romania", "hungary", "slovakia"}
    assert all(e["field"] == "armor" for e in minors)
    # Germany's own step is told as before (3.13).
    assert advances(m, "tech_advance") == [{"nation": "germany", "field": "armor", "level": 3}]


def test_without_the_rule_the_minor_powers_keep_their_1941_levels() -> None:
    m = month_begins(JUL_1943, OFF)
    tanks = m.state.profile(m.state.pieces[TANKS])
    assert (tanks.tech, tanks.defence, tanks.mp) == (1, 6, 3)
    assert advances(m, "minor_tech_advance") == []
    assert advances(m, "tech_advance") == [{"nation": "germany", "field": "armor", "level": 3}]
    late = position(MAY_1944, OFF)
    assert dated.tech_level(late.state, "romania", "fighter") == 1
    assert dated.tech_level(late.state, "finland", "infantry") == 2  # 5.5: from the start
    assert dated.tech_level(late.state, "germany", "fighter") == 3


def test_the_minor_levels_stay_one_below_germany_and_italy_never_moves() -> None:
    m = position(MAY_1944, ON)
    table = dated.tech_table(m.state)
    for nation in ("romania", "hungary", "slovakia"):
        for field in forces.FIELDS:
            german = table["germany"][field]  # type: ignore[index]
            assert table[nation][field] == german - 1, (nation, field)  # type: ignore[index]
    # The Finnish infantry class is the exception: TECH 2 from the start (17.1, 5.5).
    assert table["finland"]["infantry"] == 2  # type: ignore[index]
    assert table["finland"]["fighter"] == 2  # type: ignore[index]
    assert table["italy"] == dict.fromkeys(forces.FIELDS, 1)


def test_the_view_shows_the_tech_track_only_when_the_rule_is_played() -> None:
    on, off = position(MAY_1944, ON), position(MAY_1944, OFF)
    for side in ("axis", "soviet"):
        assert on.view(side)["tech"] == dated.tech_table(on.state)
        assert "tech" not in off.view(side)


def test_the_breakthrough_reads_as_a_sentence() -> None:
    line = text.log_line(
        {
            "kind": "minor_tech_advance",
            "data": {"nation": "romania", "field": "armor", "level": 2},
        }
    )
    for word in ("Romania", "TECH 2", "17.1"):
        assert word in line
    for mark in ("_", "="):
        assert mark not in line
