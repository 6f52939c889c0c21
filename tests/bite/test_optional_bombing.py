"""Optional rule 32 (32.0-32.3), strategic bombing (issue 20), on positions of the real map
(SBE5): a Strategic Warfare step opens the phasing player's turn; a bomber in range of
an enemy city strikes its factories, centre, port or rail station, first under the
defender's anti-aircraft fire (3 dice hitting on 6 at infantry TECH 1), then with one
round of its own dice; the damage lasts until the owner's next turn is over.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hexfront.ai.bite_heuristic import HeuristicAgent
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import bombing, factories, resources
from hexfront.games.bite.state import BiteState
from hexfront.games.bite.text import describe, log_line, prompt_words

GAME = Bite()
ON = {"or32_strategic_bombing": True}
OFF = {"or32_strategic_bombing": False}
JULY_1941 = 2
STUKAS = "ger-fk-viii"  # VIII Fliegerkorps: a German bomber, TECH 2 in 1941, hits on 5-6
ADD = "sov-add-1"  # Soviet long-range bombers: strategic, range 15


def position(
    side: str, options: dict[str, Any], units: list[dict[str, Any]], **extra: Any
) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE5",
            "turn": JULY_1941,
            "side": side,
            "phase": extra.pop("phase", "supply"),
            "weather": extra.pop("weather", "good"),
            "reinforcements": False,
            "options": options,
            "unit": units,
            **extra,
        },
    )


def bombs(m: Match[BiteState]) -> list[Action]:
    return [a for a in m.legal_actions(m.active_sides()[0]) if a.verb == "bomb"]


def events(m: Match[BiteState], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in m.state.log if e.kind == kind]


def mission(m: Match[BiteState], unit: str, city: str, target: str) -> Action:
    hex_id = m.state.w.board.id_of(m.state.w.board.node(city))
    return Action(m.active_sides()[0], "bomb", {"unit": unit, "hex": hex_id, "target": target})


def test_no_strategic_warfare_step_without_the_rule() -> None:
    off = position("axis", OFF, [{"id": STUKAS, "hex": "Minsk"}])
    assert off.state.phase != "supply" or not bombs(off)
    assert GAME.view(off.state, "axis")["prompt"]["kind"] != "strategic_bombing"
    on = position("axis", ON, [{"id": STUKAS, "hex": "Minsk"}])
    prompt = GAME.view(on.state, "axis")["prompt"]
    assert prompt["kind"] == "strategic_bombing"
    assert "32.0" in prompt_words(prompt)
    assert bombs(on)


def test_targets_in_range_by_kind() -> None:
    m = position("axis", ON, [{"id": STUKAS, "hex": "Minsk"}])
    board = m.state.w.board
    found = {(a.args["hex"], a.args["target"]) for a in bombs(m)}
    smolensk = board.id_of(board.node("Smolensk"))
    assert (smolensk, "rail") in found  # every city is a rail station (32.3)
    far = board.id_of(board.node("Stalingrad"))
    assert board.distance(board.node("Minsk"), board.node("Stalingrad")) > 10
    assert not any(h == far for h, _ in found)  # out of a bomber's 10 hexes
    moscow = board.id_of(board.node("Moscow"))  # 10 hexes away: in reach
    assert {t for h, t in found if h == moscow} == {"factory", "centre", "rail"}
    kharkov = board.node("Kharkov")
    assert bombing.targets_at(m.state, kharkov)[:2] == ["factory", "centre"]
    words = describe(mission(m, STUKAS, "Smolensk", "rail"))
    assert "rail station" in words
    assert "Smolensk" in words


def test_a_normal_bomber_needs_tech_2_and_none_fly_in_rain() -> None:
    # Soviet VVS bombers are TECH 1 in July 1941; the ADD's long-range bombers are strategic.
    m = position(
        "soviet", ON, [{"id": "sov-vvs-w-b", "hex": "Smolensk"}, {"id": ADD, "hex": "Moscow"}]
    )
    assert {a.args["unit"] for a in bombs(m)} == {ADD}
    wet = position("soviet", ON, [{"id": ADD, "hex": "Moscow"}], weather="rain")
    assert not bombs(wet)


def test_aa_fire_follows_the_defenders_infantry_tech() -> None:
    m = position("axis", ON, [{"id": STUKAS, "hex": "Minsk"}])
    assert bombing.aa_fire(m.state, "soviet") == (3, 6)  # TECH 1: 3 dice on 6
    assert bombing.bomb_dice(m.state, m.state.pieces[STUKAS]) == 2  # 4 steps, halved at TECH 2


def test_a_raid_on_a_rail_station_costs_rail_moves_and_closes_the_city() -> None:
    # AA: 3 dice, no 6; bombs: 2 dice, 5 and 6 hit: 2 hits on Smolensk's station.
    m = position("axis", ON, [{"id": STUKAS, "hex": "Minsk"}], dice=[1, 2, 3, 5, 6])
    m.act(mission(m, STUKAS, "Smolensk", "rail"))
    assert events(m, "bomb_hits") == [
        {"city": "Smolensk", "target": "rail", "hits": 2, "side": "axis"}
    ]
    smolensk = m.state.w.board.node("Smolensk")
    assert factories.broken_stations(m.state, "soviet") == (frozenset({smolensk}), 2)
    line = log_line({"kind": "bomb_hits", "data": events(m, "bomb_hits")[0]})
    assert "2 bomb hits" in line
    assert "Smolensk" in line
    # The bomber stays home in the Movement Phase (32.0).
    assert m.state.pieces[STUKAS].handle in factories.flown(m.state)
    assert not [a for a in bombs(m) if a.args["unit"] == STUKAS]
    # The view names the bomber to nobody: the events carry its handle only.
    soviet_view = str(GAME.view(m.state, "soviet"))
    assert STUKAS not in soviet_view


def test_the_soviet_rail_phase_after_a_raid() -> None:
    # Two hits on Smolensk's station: the Soviets have 3 rail moves, not 5, and none
    # starts, ends or passes there.
    m = position(
        "soviet",
        ON,
        [{"id": "sov-a-16", "hex": "Smolensk"}, {"id": "sov-a-19", "hex": "Vyazma"}],
        phase="rail",
        pp={"ussr": 20},
    )
    smolensk = m.state.w.board.node("Smolensk")
    plain = [a for a in m.legal_actions("soviet") if a.verb == "rail"]
    assert any(a.args["unit"] == "sov-a-16" for a in plain)
    factories.add_damage(m.state, factories.Damage(smolensk, "rail", 2, "soviet", JULY_1941))
    hit = position(
        "soviet",
        ON,
        [{"id": "sov-a-16", "hex": "Smolensk"}, {"id": "sov-a-19", "hex": "Vyazma"}],
        phase="supply",
        pp={"ussr": 20},
    )
    factories.add_damage(hit.state, factories.Damage(smolensk, "rail", 2, "soviet", JULY_1941))
    while hit.state.phase != "rail":
        legal = hit.legal_actions(hit.active_sides()[0])
        hit.act(next(a for a in legal if a.verb == "done"))
    rides = [a for a in hit.legal_actions("soviet") if a.verb == "rail"]
    assert not any(a.args["unit"] == "sov-a-16" for a in rides)  # none starts there
    assert not any(a.args.get("to") == m.state.w.board.id_of(smolensk) for a in rides)
    done = 0
    while True:
        rides = [a for a in hit.legal_actions("soviet") if a.verb == "rail"]
        if not rides:
            break
        hit.act(rides[0])
        done += 1
    assert done <= 3


def test_a_raid_on_a_factory_takes_pp_from_the_next_income() -> None:
    # The ADD from Moscow over Axis-held Kharkov would be silly; the Axis bombs Soviet
    # factories: Gorky is out of reach, Kharkov is not from Kiev.
    m = position(
        "axis",
        ON,
        [{"id": STUKAS, "hex": "Kiev"}],
        dice=[1, 1, 1, 5, 6],
        control={"axis": ["Kiev"]},
    )
    kharkov = m.state.w.board.node("Kharkov")
    before = resources.own_output(m.state, kharkov)
    m.act(mission(m, STUKAS, "Kharkov", "factory"))
    after = resources.own_output(m.state, kharkov)
    assert before.get("red", 0) - after.get("red", 0) == 2  # 32.1: 1 PP a hit
    assert after.get("yellow") == before.get("yellow")
    # The damage runs out once the Soviet turn of the raid is over.
    m.state.turn += 1
    assert resources.own_output(m.state, kharkov) == before


def test_aa_hits_fall_on_the_bomber() -> None:
    m = position("axis", ON, [{"id": STUKAS, "hex": "Minsk"}], dice=[6, 6, 6, 1])
    m.act(mission(m, STUKAS, "Smolensk", "rail"))
    assert m.state.pieces[STUKAS].status == "map"
    assert m.state.strength(m.state.pieces[STUKAS]) == 1  # three hits: 4 -> 1
    assert events(m, "bomb_hits")[0]["hits"] == 0


@pytest.mark.parametrize("target", ["port", "centre"])
def test_bad_missions_are_refused_and_change_nothing(target: str) -> None:
    m = position("axis", ON, [{"id": STUKAS, "hex": "Minsk"}])
    before = m.hash()
    with pytest.raises(Exception, match="not a legal action"):
        m.act(mission(m, STUKAS, "Smolensk", target))  # Smolensk has no port or centre
    assert m.hash() == before


def test_ten_hits_in_one_attack_destroy_the_factories_for_good() -> None:
    # Eight hits from the step's earlier raids on Kharkov's works, two more now: ten (32.1).
    m = position(
        "axis",
        ON,
        [{"id": STUKAS, "hex": "Kiev"}],
        dice=[1, 1, 1, 5, 6],
        control={"axis": ["Kiev"]},
    )
    kharkov = m.state.w.board.node("Kharkov")
    factories.add_damage(m.state, factories.Damage(kharkov, "factory", 8, "soviet", JULY_1941))
    m.act(mission(m, STUKAS, "Kharkov", "factory"))
    assert events(m, "factories_bombed_out") == [{"city": "Kharkov"}]
    m.state.turn += 2
    assert "red" not in resources.own_output(m.state, kharkov)  # never again


def test_the_heuristic_agent_bombs_with_a_fresh_bomber() -> None:
    from hexfront.ai.bite_heuristic import HeuristicAgent

    m = position("axis", ON, [{"id": STUKAS, "hex": "Minsk"}])
    legal = m.legal_actions("axis")
    choice = HeuristicAgent(seed=1).choose(GAME.view(m.state, "axis"), legal)
    assert choice in legal
    assert choice.verb == "bomb"
    assert choice.args["target"] == "factory"  # the works first


# The hexes around Leningrad and the Road of Life's far end held by the Axis (as in
# test_advanced_production): Leningrad's PP reach Siberia only by ship to Tallinn.
LENINGRAD_RING = ["3012", "2913", "3113", "Oranienbaum", "3014", "3114", "Volkhov"]


def test_three_hits_on_a_port_stop_its_pp_by_sea() -> None:
    m = position("soviet", ON, [], phase="movement", control={"axis": LENINGRAD_RING})
    state = m.state
    leningrad = state.w.board.node("Leningrad")
    main = state.w.main_sources["ussr"]
    assert leningrad in resources.connected(state, "soviet", main, mined=True)
    factories.add_damage(state, factories.Damage(leningrad, "port", 2, "soviet", JULY_1941))
    assert leningrad in resources.connected(state, "soviet", main, mined=True)  # 32.2: 1-2 hits
    factories.add_damage(state, factories.Damage(leningrad, "port", 1, "soviet", JULY_1941))
    assert leningrad not in resources.connected(state, "soviet", main, mined=True)  # 3 hits


def test_one_hit_closes_a_harbour_to_sea_moves_and_three_to_siege_supply() -> None:
    # 32.2: with one hit no transport sails from or to the port (18.0, 24.0); with three it
    # keeps no besieged unit in supply (12.1) until the damage runs out.
    from hexfront.games.bite.rules import naval, siege

    m = position("soviet", ON, [], phase="movement")
    state = m.state
    odessa = state.w.board.node("Odessa")  # a major port: 4 units in siege supply
    assert naval.port_open(state, odessa)
    assert siege.siege_places(state, odessa, "soviet") == 4
    factories.add_damage(state, factories.Damage(odessa, "port", 1, "soviet", JULY_1941))
    assert not naval.port_open(state, odessa)
    assert siege.siege_places(state, odessa, "soviet") == 4
    factories.add_damage(state, factories.Damage(odessa, "port", 2, "soviet", JULY_1941))
    assert siege.siege_places(state, odessa, "soviet") == 0
    state.turn += 1  # the Soviet turn of the raid is over: repaired
    assert naval.port_open(state, odessa)
    assert siege.siege_places(state, odessa, "soviet") == 4


# --- 32.0: escorts, the defender's interceptors and the air-to-air fire before the AA --------

FIGHTERS = [{"id": "ger-jg-51", "hex": "Bobruisk"}, {"id": "sov-vvs-w-f", "hex": "Vyazma"}]


def raid_on_smolensk(dice: list[int]) -> Match[BiteState]:
    m = position("axis", ON, [{"id": STUKAS, "hex": "Minsk"}, *FIGHTERS], dice=dice)
    m.act(mission(m, STUKAS, "Smolensk", "rail"))
    return m


def choose(m: Match[BiteState], side: str, verb: str, *, send: bool) -> None:
    m.act(
        next(a for a in m.legal_actions(side) if a.verb == verb and bool(a.args["units"]) is send)
    )


def test_the_escort_meets_the_interceptor_and_takes_the_hits_that_spare_the_bomber() -> None:
    # Dice: JG 51's and VIII Fliegerkorps' air-to-air (8, all miss); the Soviet fighter's
    # (two hits on 6); the AA's 3 dice (one 6); the bomber's 2 dice (two hits on 5-6).
    m = raid_on_smolensk([1] * 8 + [6, 6, 1, 1] + [6, 1, 1] + [5, 6])
    escort = [a for a in m.legal_actions("axis") if a.verb == "escort"]
    assert [a.args["units"] for a in escort] == [["ger-jg-51"], []]  # 3.10: bomber + 1
    assert "JG 51" in describe(escort[0], GAME.view(m.state, "axis"))
    choose(m, "axis", "escort", send=True)
    prompt = GAME.view(m.state, "soviet")["prompt"]
    assert prompt["kind"] == "interceptors"
    assert prompt["data"]["escorts"] == 1
    assert "intercept" in prompt_words(prompt)
    assert "sov-vvs-w-f" not in json.dumps(GAME.view(m.state, "axis"))  # unknown until it fights
    choose(m, "soviet", "scramble", send=True)
    state = m.state
    assert [e["step"] for e in events(m, "fire")] == ["a2a", "a2a", "a2a"]  # 7.7.1 first
    assert state.pieces["ger-jg-51"].step == 3  # two hits in the air, one from the AA ...
    assert state.pieces[STUKAS].step == 0  # ... all on the escort (32.0)
    assert events(m, "bomb_hits")[0]["hits"] == 2  # the bomber still bombs
    flown = factories.flown(state)
    assert {state.pieces[u].handle for u in (STUKAS, "ger-jg-51")} <= flown  # both stay home
    assert "sov-vvs-w-f" in json.dumps(GAME.view(state, "axis"))  # seen in the fight
    lines = [log_line(e.to_json(), GAME.view(state, "soviet")) for e in state.log]
    assert any("escort the bombers over" in line for line in lines)
    assert any("intercept the bombers over" in line for line in lines)


def test_an_unescorted_bomber_takes_the_interceptors_hits_and_may_never_bomb() -> None:
    m = raid_on_smolensk([1] * 4 + [6] * 4 + [1] * 5)
    choose(m, "axis", "escort", send=False)
    choose(m, "soviet", "scramble", send=True)
    assert m.state.pieces[STUKAS].status != "map"  # four hits: shot down
    assert events(m, "bomb_hits") == []
    assert m.state.pieces["sov-vvs-w-f"].step == 0


def test_hits_on_an_unseen_bomber_stay_its_owners_secret() -> None:
    m = raid_on_smolensk([6, 1, 1, 1, 1])  # the AA: one 6; the bombs: two misses
    choose(m, "axis", "escort", send=False)
    choose(m, "soviet", "scramble", send=False)
    assert [e["step"] for e in events(m, "fire")] == []  # no fight in the air
    assert m.state.pieces[STUKAS].step == 1  # the AA's hit
    assert STUKAS not in json.dumps(GAME.view(m.state, "soviet"))
    assert "JG 51" not in json.dumps(GAME.view(m.state, "soviet"))


def test_the_computer_escorts_its_bombers_and_intercepts_theirs() -> None:
    m = raid_on_smolensk([1] * 30)
    agent = HeuristicAgent(seed=3)
    pick = agent.choose(GAME.view(m.state, "axis"), m.legal_actions("axis"))
    assert pick.args["units"] == ["ger-jg-51"]
    m.act(pick)
    pick = agent.choose(GAME.view(m.state, "soviet"), m.legal_actions("soviet"))
    assert pick.verb == "scramble"
    assert pick.args["units"] == ["sov-vvs-w-f"]
