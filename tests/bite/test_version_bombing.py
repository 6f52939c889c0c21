"""Optional rule 32 under the Italian 2.x rulebook (version switch
``strategic_bombing_in_movement``, issue 20), on positions of the real map (SBE5, July
1941): the active player's bombers strike in the air stage of his Movement Phase, not in a
Strategic Warfare step; a TECH 2 bomber bombs at full strength over a target scouted from
the air (19.1) and halved without it; the raid meets the place's own anti-aircraft dice,
not 32.0's table by infantry TECH. English 3.00 and the Spanish text play 32.0 as before.
Every test fails if the switch is ignored."""

from __future__ import annotations

from typing import Any

import pytest

from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite.game import Bite
from hexfront.games.bite.position import PositionError
from hexfront.games.bite.rules import bombing, factories
from hexfront.games.bite.state import BiteState
from hexfront.games.bite.text import describe

from .helpers import act

GAME = Bite()
BOMBING = {"or32_strategic_bombing": True}
EN: dict[str, Any] = {}
IT = {"rules": "it-2.x"}
ES = {"rules": "es-2.x"}
STUKAS = "ger-fk-viii"  # VIII Fliegerkorps: a German bomber, TECH 2 in 1941, 4 steps
SMOLENSK = "3122"  # a Soviet major city on clear ground
UNITS = [
    {"id": STUKAS, "hex": "Vitebsk"},
    {"id": "ger-c-i", "hex": "Vitebsk"},
    {"id": "sov-a-20", "hex": SMOLENSK},
]


def position(
    options: dict[str, Any], *, phase: str = "movement", units: list[dict[str, Any]] | None = None
) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE5",
            "turn": 2,
            "side": "axis",
            "phase": phase,
            "weather": "good",
            "reinforcements": False,
            "options": {**BOMBING, **options},
            "unit": UNITS if units is None else units,
        },
    )


def prompt_kind(m: Match[BiteState]) -> str:
    return str(GAME.view(m.state, "axis")["prompt"]["kind"])


def bombs(m: Match[BiteState]) -> list[Action]:
    return [a for a in m.legal_actions("axis") if a.verb == "bomb"]


def rolls(m: Match[BiteState], purpose: str) -> list[list[int]]:
    return [list(e.data["dice"]) for e in m.state.log if e.data.get("purpose") == purpose]


def mission(m: Match[BiteState], target: str = "rail") -> Action:
    return Action("axis", "bomb", {"unit": STUKAS, "hex": SMOLENSK, "target": target})


def test_the_italian_bombers_fly_in_the_movement_phase_not_at_the_start_of_the_turn() -> None:
    for options in (EN, ES):
        m = position(options, phase="supply")
        assert prompt_kind(m) == "strategic_bombing"  # 32.0: the Strategic Warfare step
        act(m, "axis", "done")
        assert prompt_kind(m) != "strategic_bombing"
        m = position(options)
        act(m, "axis", "end_ground")
        assert prompt_kind(m) == "air"
        assert not bombs(m)
    m = position(IT, phase="supply")
    assert prompt_kind(m) != "strategic_bombing"
    assert not bombs(m)
    m = position(IT)
    assert not bombs(m)  # the ground units move first (7.5)
    act(m, "axis", "end_ground")
    assert prompt_kind(m) == "air"
    assert mission(m) in bombs(m)
    assert "Smolensk" in describe(mission(m))


def test_an_italian_bombing_is_the_bombers_air_mission_of_the_turn() -> None:
    m = position(IT)
    act(m, "axis", "end_ground")
    assert any(a.verb == "rebase" and a.args["unit"] == STUKAS for a in m.legal_actions("axis"))
    m.state.dice.loaded = [1, 1, 6, 6, 6, 6]  # the city's AA misses; the bombs hit
    m.act(mission(m))
    hits = [e.data for e in m.state.log if e.kind == "bomb_hits"]
    assert hits == [{"city": "Smolensk", "target": "rail", "hits": 4, "side": "axis"}]
    smolensk = m.state.w.board.node(SMOLENSK)
    assert factories.broken_stations(m.state, "soviet") == (frozenset({smolensk}), 4)
    # It flew: no second mission, no rebase; the turn's bombers need no flag of 32.0's step.
    assert m.state.pieces[STUKAS].moved
    assert not bombs(m)
    assert not any(a.args.get("unit") == STUKAS for a in m.legal_actions("axis"))
    assert factories.FLOWN not in m.state.flags


def test_a_tech_2_bomber_needs_a_recon_for_full_strength_in_the_italian_rules() -> None:
    units = [*UNITS, {"id": "ger-lf-2", "hex": "Vitebsk"}]
    smolensk = 0

    def dice(options: dict[str, Any], *, scout: bool) -> int:
        nonlocal smolensk
        m = position({"or19_recon": True, **options}, units=units)
        smolensk = m.state.w.board.node(SMOLENSK)
        act(m, "axis", "activate", hq="ger-lf-2")
        act(m, "axis", "end_ground")
        if scout:
            m.state.dice.loaded = [1] * 10  # no interdiction hit; recon die 1: success
            act(m, "axis", "recon", hq="ger-lf-2", hex=SMOLENSK)
            assert [e.data["result"] for e in m.state.log if e.kind == "recon"] == ["success"]
        return bombing.bomb_dice(m.state, m.state.pieces[STUKAS], smolensk)

    assert dice(EN, scout=True) == 2  # 32.0: a normal TECH 2 bomber is halved
    assert dice(IT, scout=False) == 2  # no recon: not at full strength
    assert dice(IT, scout=True) == 4  # scouted: every step a die
    # Without rule 19 nobody scouts, and the Italian need of it is waived (as 19.0's).
    m = position(IT)
    assert bombing.bomb_dice(m.state, m.state.pieces[STUKAS], smolensk) == 4
    m = position(EN)
    assert bombing.bomb_dice(m.state, m.state.pieces[STUKAS], smolensk) == 2
    # The strategic bombers never needed it (6.3.2).
    add = [{"id": "sov-add-1", "hex": "Moscow"}]
    m = position({"or19_recon": True, **IT}, units=add)
    assert bombing.bomb_dice(m.state, m.state.pieces["sov-add-1"], smolensk) == 4


def test_the_italian_raid_meets_the_places_own_anti_aircraft_fire() -> None:
    # 32.0's table: infantry TECH 1, 3 dice hitting on 6. The Italian text has none: a
    # major city's own AA (7.7.2) rolls 2 dice hitting on 6.
    def aa(options: dict[str, Any]) -> list[list[int]]:
        m = position(options, phase="supply")
        if prompt_kind(m) != "strategic_bombing":
            m = position(options)
            act(m, "axis", "end_ground")
        m.state.dice.loaded = [6, 1, 1, 1, 1, 1, 1, 1]
        m.act(mission(m))
        return rolls(m, "bombing_aa")

    assert aa(EN) == [[6, 1, 1]]
    assert aa(ES) == [[6, 1, 1]]
    assert aa(IT) == [[6, 1]]
    m = position(IT)
    smolensk = m.state.w.board.node(SMOLENSK)
    assert bombing.raid_aa(m.state, "axis", smolensk) == [(2, 6)]
    assert bombing.raid_aa(position(EN).state, "axis", smolensk) == [(3, 6)]


def test_an_italian_escort_flies_one_mission_a_turn() -> None:
    # JG 51 escorts the Stukas over Smolensk; the II Fliegerkorps' raid that follows in
    # the same air stage finds no escort left: the fighter has flown its mission (7.5.2).
    units = [
        *UNITS,
        {"id": "ger-jg-51", "hex": "Vitebsk"},
        {"id": "ger-fk-ii", "hex": "Minsk"},
        {"id": "ger-a-4", "hex": "Minsk"},
    ]
    m = position(IT, units=units)
    act(m, "axis", "end_ground")
    m.state.dice.loaded = [1] * 20  # every AA die and bomb misses
    m.act(mission(m))
    assert [a.args["units"] for a in m.legal_actions("axis") if a.verb == "escort"] == [
        ["ger-jg-51"],
        [],
    ]
    act(m, "axis", "escort", units=["ger-jg-51"], hex=SMOLENSK)
    assert m.state.pieces["ger-jg-51"].moved
    second = Action("axis", "bomb", {"unit": "ger-fk-ii", "hex": SMOLENSK, "target": "rail"})
    assert second in bombs(m)
    m.act(second)
    assert not [a for a in m.legal_actions("axis") if a.verb == "escort"]
    assert [e.data["city"] for e in m.state.log if e.kind == "bomb_hits"] == ["Smolensk"] * 2


def test_the_heuristic_bombs_in_the_italian_air_stage_rather_than_rebase() -> None:
    from hexfront.ai.bite_heuristic import HeuristicAgent

    m = position(IT, units=[{"id": STUKAS, "hex": "Minsk"}])
    act(m, "axis", "end_ground")
    legal = m.legal_actions("axis")
    assert any(a.verb == "rebase" for a in legal)
    choice = HeuristicAgent(seed=1).choose(GAME.view(m.state, "axis"), legal)
    assert choice in legal
    assert choice.verb == "bomb"
    assert choice.args["target"] == "factory"  # the works first


# --- 6.3.2: strategic bombers in battle (switch ``strategic_bombers_soviet_only``) ---------


def test_no_western_allied_bomber_ever_stands_on_the_map_so_the_add_alone_fight() -> None:
    # The Spanish and Italian 6.3.2 name only the two Soviet ADD corps as strategic
    # bombers in battle; 3.00 adds the five Western Allied ones. Those fly from Great
    # Britain over Germany only (35.1), in every version here: no setup and no arrival
    # puts one on the map, so the switch has nothing to change. Should one ever reach the
    # map, this fails and the switch must be built (docs/rules-coverage.md, 6.3.2).
    for scenario in ("SBE5", "SBE6", "SBE7", "SBE8", "SBE9"):
        for options in (EN, IT, ES):
            state = GAME.scenario_state(scenario, {**options, "optional_rules": "all"}, 0)
            western = [p for p in state.pieces.values() if state.w.units[p.uid].side == "western"]
            assert len(western) == 5
            assert {p.status for p in western} == {"off"}, (scenario, options)
    # Nor may a position file put one there: it is refused with a clear error.
    with pytest.raises(PositionError, match="8th Air Force never stands on the map"):
        position(ES, units=[{"id": "us-af-8", "hex": "Berlin"}])
    add = [{"id": "sov-add-1", "hex": "Moscow"}, {"id": "sov-add-2", "hex": "Moscow"}]
    for options in (EN, IT, ES):
        m = position(options, units=add)
        for uid in ("sov-add-1", "sov-add-2"):
            assert bombing.may_bomb(m.state, m.state.pieces[uid])  # at TECH 1: strategic
