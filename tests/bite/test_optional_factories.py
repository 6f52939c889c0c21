"""Optional rules 15 (new factories) and 16 (scorched earth, conquering and evacuating
factories), issue 20, on positions of the real map (SBE5).

15.1: a plant takes 10 yellow PP, at most one a turn; once finished a die on the
production tracker names two cities and the player picks one with room (the rulebook's
example: a 2 names Kassel or Magdeburg, and with Magdeburg full Kassel it is); it
produces from the next turn. 16.0: a Soviet centre the Axis takes is wrecked and gives
the Axis only what it repairs (3 PP over 3 turns a PP); 16.1: a factory taken gives one
PP of its colour once; 16.2: in 1941 the Soviets may send a factory east for 3 rail
moves, and it comes back on the tracker's box 10.

The tracker's state has no field in the position format: the tests that need a plant
half built set it through ``rules/factories.py``, the module that keeps it.
"""

from __future__ import annotations

from typing import Any

import pytest

from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import economy, factories, resources
from hexfront.games.bite.rules.basics import factories_at, take_control
from hexfront.games.bite.state import BiteState
from hexfront.games.bite.text import describe, log_line, prompt_words

GAME = Bite()
ON = {"or15_new_factories": True, "or16_scorched_earth": True}
OFF = {"or15_new_factories": False, "or16_scorched_earth": False}
AUG_1941, JAN_1942 = 3, 8


def position(side: str, phase: str, options: dict[str, Any], **extra: Any) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": extra.pop("scenario", "SBE5"),
            "turn": extra.pop("turn", AUG_1941),
            "side": side,
            "phase": phase,
            "weather": "good",
            "reinforcements": False,
            "options": options,
            **extra,
        },
    )


def offered(m: Match[BiteState], verb: str) -> list[Action]:
    return [a for a in m.legal_actions(m.active_sides()[0]) if a.verb == verb]


def events(m: Match[BiteState], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in m.state.log if e.kind == kind]


def plant(power: str, colour: str, progress: int, node: int = -1) -> factories.Plant:
    return factories.Plant(power, colour, progress, 0, node, 1, factories.BUILT)


# --- 15.0-15.1: new factories -----------------------------------------------------------------


def test_a_new_plant_costs_one_yellow_pp_a_turn() -> None:
    m = position("axis", "production", ON, pp={"germany": 10})
    colours = {a.args["colour"] for a in offered(m, "start_factory")}
    assert colours == {"red", "blue", "black"}  # 15.0: black for Germany only, white never
    pp = m.state.pp["germany"]
    m.act(Action("axis", "start_factory", {"power": "germany", "colour": "red"}))
    assert m.state.pp["germany"] == pp - 1
    [row] = factories.plants(m.state)
    assert (row.power, row.colour, row.progress, row.node) == ("germany", "red", 1, -1)
    assert not offered(m, "build_factory")  # 15.1: one PP a turn into the same plant
    view = GAME.view(m.state, "soviet")
    assert view["flags"][factories.NEW_PLANTS]  # the tracker is on the shared mapboard
    words = log_line({"kind": "plant_built_up", "data": events(m, "plant_built_up")[0]})
    assert "1 of 10" in words
    assert "new armour plant" in describe(
        Action("axis", "start_factory", {"power": "germany", "colour": "red"})
    )


def test_the_soviets_build_no_oil_plant_and_nothing_without_the_rule() -> None:
    m = position("soviet", "production", ON, pp={"ussr": 10})
    assert {a.args["colour"] for a in offered(m, "start_factory")} == {"red", "blue"}
    off = position("soviet", "production", OFF, pp={"ussr": 10})
    assert not offered(off, "start_factory")
    assert factories.NEW_PLANTS not in off.state.flags
    broke = position("soviet", "production", ON, pp={"ussr": -60})  # in debt after income
    assert not offered(broke, "start_factory")


def test_the_rulebook_example_kassel_when_magdeburg_is_full() -> None:
    # 15.1 example: the German plant reaches 10, the die shows 2 (Kassel or Magdeburg);
    # Magdeburg has reached its limit, so the plant goes to Kassel, without a choice.
    m = position("axis", "production", ON, pp={"germany": 10}, dice=[2])
    board = m.state.w.board
    magdeburg, kassel = board.node("Magdeburg"), board.node("Kassel")
    factories.store(m.state, [plant("germany", "blue", 10, magdeburg), plant("germany", "red", 9)])
    m.act(Action("axis", "build_factory", {"power": "germany", "colour": "red"}))
    placed = events(m, "factory_placed")
    assert placed == [{"power": "germany", "colour": "red", "city": "Kassel"}]
    assert [p.node for p in factories.plants(m.state)] == [magdeburg, kassel]
    assert "Kassel" in log_line({"kind": "factory_placed", "data": placed[0]})
    # It makes nothing this turn, one red PP a turn from the next (15.1).
    assert economy.new_factory_income(m.state, "germany") == {"blue": 1}
    m.state.turn += 1
    assert economy.new_factory_income(m.state, "germany") == {"blue": 1, "red": 1}


def test_with_both_cities_open_the_player_picks_one() -> None:
    m = position("axis", "production", ON, pp={"germany": 10}, dice=[2])
    factories.store(m.state, [plant("germany", "red", 9)])
    m.act(Action("axis", "build_factory", {"power": "germany", "colour": "red"}))
    picks = m.legal_actions("axis")
    assert {a.verb for a in picks} == {"place_factory"}  # nothing else until it stands
    assert {a.args["city"] for a in picks} == {"Kassel", "Magdeburg"}
    decision = GAME.view(m.state, "axis")["prompt"]
    assert decision["kind"] == "factory_site"
    assert "tracker" in prompt_words(decision)
    before = m.hash()
    with pytest.raises(Exception, match="not a legal action"):
        m.act(Action("axis", "place_factory", {"city": "Berlin", "hex": "Berlin"}))
    assert m.hash() == before
    choice = next(a for a in picks if a.args["city"] == "Magdeburg")
    assert "Magdeburg" in describe(choice)
    m.act(choice)
    assert factories.plants(m.state)[0].node == m.state.w.board.node("Magdeburg")
    assert economy.PLANT_SITE not in m.state.flags
    assert "done" in {a.verb for a in m.legal_actions("axis")}


def test_both_cities_full_the_die_is_rolled_again() -> None:
    m = position("axis", "production", ON, pp={"germany": 10}, dice=[2, 4])
    board = m.state.w.board
    full = [plant("germany", "red", 10, board.node(c)) for c in ("Kassel", "Magdeburg")]
    factories.store(m.state, [*full, plant("germany", "blue", 9)])
    m.act(Action("axis", "build_factory", {"power": "germany", "colour": "blue"}))
    rolls = [e["dice"] for e in events(m, "roll") if e["purpose"] == "factory_site"]
    assert rolls == [[2], [4]]
    assert {a.args["city"] for a in m.legal_actions("axis")} == {"Bremen", "Hamburg"}


def test_a_city_the_enemy_holds_has_no_room() -> None:
    m = position("soviet", "production", ON, pp={"ussr": 10}, dice=[5])
    m.state.control[m.state.w.board.node("Gorky")] = "axis"
    factories.store(m.state, [plant("ussr", "red", 9)])
    m.act(Action("soviet", "build_factory", {"power": "ussr", "colour": "red"}))
    assert events(m, "factory_placed")[0]["city"] == "Saratov"


def test_a_new_plant_taken_by_the_enemy_is_destroyed_and_looted() -> None:
    m = position("axis", "movement", ON)
    kassel = m.state.w.board.node("Kassel")
    factories.store(m.state, [plant("germany", "red", 10, kassel)])
    take_control(m.state, "soviet", [kassel])
    assert factories.plants(m.state) == []
    # 16.1: Kassel's own armour works and the new plant, one red PP each
    assert sum(e["pp"] for e in events(m, "factory_loot")) == 2
    assert factories.take_loot(m.state, "ussr") == {"red": 2}


# --- 16.0: scorched earth ---------------------------------------------------------------------


def test_a_soviet_centre_taken_gives_the_axis_nothing_until_repaired() -> None:
    # Minsk (1 yellow PP) alone in Axis hands reaches no German source: without the rule it
    # is listed as cut off; scorched, it makes nothing at all, so it is not even listed.
    m = position("axis", "movement", ON)
    minsk = m.state.w.board.node("Minsk")
    take_control(m.state, "axis", [minsk])
    assert "Minsk" in factories.scorched(m.state)
    assert "Minsk" not in resources.incomes(m.state, "axis", ["germany"])["germany"].cut
    off = position("axis", "movement", OFF)
    take_control(off.state, "axis", [off.state.w.board.node("Minsk")])
    assert factories.SCORCHED not in off.state.flags
    assert "Minsk" in resources.incomes(off.state, "axis", ["germany"])["germany"].cut
    # Three PP paid over three turns repair its one PP (16.0); two are not enough.
    factories.set_scorched(m.state, "Minsk", 2, AUG_1941)
    assert "Minsk" not in resources.incomes(m.state, "axis", ["germany"])["germany"].cut
    factories.set_scorched(m.state, "Minsk", 3, AUG_1941)
    assert "Minsk" in resources.incomes(m.state, "axis", ["germany"])["germany"].cut
    # The Soviets take it back: repaired at once.
    take_control(m.state, "soviet", [minsk])
    assert "Minsk" not in factories.scorched(m.state)


def test_repairing_a_centre_is_one_pp_a_turn() -> None:
    m = position("axis", "production", ON, pp={"germany": 10}, control={"axis": ["Kiev"]})
    factories.store(m.state, [])
    m.state.flags[factories.SCORCHED] = {"Kiev": [0, 0]}  # Kiev: 2 yellow PP
    [repair] = offered(m, "repair_centre")
    assert "Kiev" in describe(repair)
    pp = m.state.pp["germany"]
    m.act(repair)
    assert m.state.pp["germany"] == pp - 1
    assert factories.scorched(m.state)["Kiev"] == (1, AUG_1941)
    assert not offered(m, "repair_centre")  # once a turn
    assert economy.repair_needed(m.state, 2) == 6  # 3 PP a PP of the centre


def test_the_italian_rules_repair_the_whole_centre_for_three() -> None:
    m = position("axis", "production", {**ON, "rules": "it-2.x"}, pp={"germany": 10})
    assert economy.repair_needed(m.state, 2) == 3
    m.state.flags[factories.SCORCHED] = {"Kiev": [3, 1]}
    m.state.control[m.state.w.board.node("Kiev")] = "axis"
    kiev = next(c for c in resources.centres(m.state) if c.name == "Kiev")
    assert resources.own_output(m.state, kiev.node)["yellow"] == 2


# --- 16.1: conquering factories ---------------------------------------------------------------


def test_a_factory_taken_gives_one_pp_of_its_colour_once() -> None:
    m = position("axis", "movement", ON)
    kharkov = m.state.w.board.node("Kharkov")  # a working red factory
    take_control(m.state, "axis", [kharkov])
    take_control(m.state, "soviet", [kharkov])
    take_control(m.state, "axis", [kharkov])
    assert len(events(m, "factory_loot")) == 1
    assert factories.take_loot(m.state, "germany") == {"red": 1}
    off = position("axis", "movement", OFF)
    take_control(off.state, "axis", [off.state.w.board.node("Kharkov")])
    assert not events(off, "factory_loot")


def test_the_loot_is_paid_in_the_next_production_phase() -> None:
    m = position("axis", "exploitation", ON, turn=AUG_1941)
    m.state.flags[factories.LOOT] = {"germany": {"red": 1}}
    red = resources.coloured(m.state, "germany", "red")
    while not (m.state.phasing == "axis" and m.state.phase == "production"):
        side = m.active_sides()[0]
        legal = m.legal_actions(side)
        m.act(next((a for a in legal if a.verb == "done"), legal[0]))
    paid = events(m, "factory_loot_paid")
    assert paid == [{"power": "germany", "colour": "red", "pp": 1}]
    assert factories.LOOT not in m.state.flags
    assert resources.coloured(m.state, "germany", "red") >= red + 1


# --- 16.2: evacuating factories ---------------------------------------------------------------


def test_the_soviets_evacuate_a_factory_for_three_rail_moves_in_1941() -> None:
    m = position("soviet", "rail", ON)
    choices = offered(m, "evacuate")
    kharkov = next(a for a in choices if a.args["city"] == "Kharkov")
    assert "Kharkov" in describe(kharkov)
    m.act(kharkov)
    node = m.state.w.board.node("Kharkov")
    assert "red" not in factories_at(m.state, node)[0]
    assert "red" not in resources.own_output(m.state, node)  # it makes nothing there now
    [row] = factories.plants(m.state)
    assert (row.power, row.colour, row.progress, row.pp, row.how) == (
        "ussr",
        "red",
        8,
        2,
        "evacuated",
    )
    # Five rail moves a turn: after three, two are left, too few for another.
    assert not offered(m, "evacuate")
    late = position("soviet", "rail", ON, turn=JAN_1942, scenario="SBE9")
    assert not offered(late, "evacuate")
    off = position("soviet", "rail", OFF)
    assert not offered(off, "evacuate")


def test_an_evacuated_factory_moves_a_box_a_turn_and_stands_again_at_ten() -> None:
    m = position("soviet", "production", ON, pp={"ussr": 5}, dice=[1, 1])
    rows = [factories.Plant("ussr", "red", 9, AUG_1941 - 1, -1, 2, factories.MOVED)]
    factories.store(m.state, rows)
    factories.mark_evacuated(m.state, "Kharkov", "red")
    economy.factories_begin(m.state, "soviet")
    assert events(m, "factory_moving")[-1]["box"] == 10
    picks = {a.args["city"] for a in m.legal_actions("soviet")}
    assert picks == {"Chelyabinsk", "Nizhny Tagil"}
    m.act(next(a for a in m.legal_actions("soviet") if a.args["city"] == "Chelyabinsk"))
    m.state.turn += 1
    assert economy.new_factory_income(m.state, "ussr") == {"red": 2}


def test_the_heuristic_agent_evacuates_near_the_front_and_builds_far_from_it() -> None:
    from hexfront.ai.bite_heuristic import HeuristicAgent

    agent = HeuristicAgent(seed=1)
    near = position("soviet", "rail", ON, unit=[{"id": "ger-pz-xxxxi", "hex": "Poltava"}])
    scored = agent.scored(GAME.view(near.state, "soviet"), near.legal_actions("soviet"))
    best = {a.args["city"]: s for s, _, a in scored if a.verb == "evacuate"}
    assert best["Kharkov"] > 0 > best["Gorky"]  # the enemy is next to Kharkov, far from Gorky
    m = position("axis", "production", ON, pp={"germany": 10}, dice=[2])
    factories.store(m.state, [plant("germany", "red", 9)])
    m.act(Action("axis", "build_factory", {"power": "germany", "colour": "red"}))
    legal = m.legal_actions("axis")
    choice = agent.choose(GAME.view(m.state, "axis"), legal)
    assert choice in legal
    assert choice.verb == "place_factory"


def test_nothing_in_the_basic_game_whose_income_is_fixed() -> None:
    # SBE4's income is the scenario's figure (7.3), not the map's centres: no plant to
    # build, no centre to scorch, no factory to evacuate.
    opts = {**ON, "optional_rules": "none"}
    m = Match.from_position(
        GAME,
        {
            "scenario": "SBE4",
            "turn": AUG_1941,
            "side": "axis",
            "phase": "production",
            "options": opts,
            "pp": {"germany": 10},
        },
    )
    assert not offered(m, "start_factory")
    take_control(m.state, "axis", [m.state.w.board.node("Minsk")])
    assert factories.SCORCHED not in m.state.flags


def test_sbe9_plants_finished_under_the_rule_stand_in_a_tracker_city() -> None:
    # SBE9's industrial development is 15.1's: with the rule played, a half-built plant
    # that is finished is placed like any new plant; without it, it produces off the map.
    def nearly_done(options: dict[str, Any]) -> Match[BiteState]:
        m = position("soviet", "production", options, scenario="SBE9", pp={"ussr": 10}, dice=[1])
        m.state.flags[economy.PLANTS] = {"ussr": [["red", 9, 0]]}
        m.act(Action("soviet", "build_plant", {"power": "ussr", "colour": "red"}))
        return m

    on = nearly_done(ON)
    assert {a.args["city"] for a in on.legal_actions("soviet")} == {"Chelyabinsk", "Nizhny Tagil"}
    assert economy.plants(on.state, "ussr") == {}
    [row] = factories.plants(on.state)
    assert (row.power, row.colour, row.progress, row.node) == ("ussr", "red", 10, -1)
    off = nearly_done(OFF)
    assert economy.plants(off.state, "ussr") == {"red": (1, 0)}
    assert factories.NEW_PLANTS not in off.state.flags


def test_a_new_armour_plant_is_where_new_tanks_may_appear() -> None:
    # 7.3.1: armour appears at a red factory; a new red plant standing in Dresden (a major
    # city without one) makes it such a place from the next Production Phase on.
    def places(with_plant: bool) -> set[object]:
        m = position("axis", "exploitation", ON, unit=[{"id": "ger-pz-iii", "status": "held"}])
        if with_plant:
            dresden = m.state.w.board.node("Dresden")
            factories.store(m.state, [plant("germany", "red", 10, dresden)])
        while not (m.state.phasing == "axis" and m.state.phase == "production"):
            legal = m.legal_actions(m.active_sides()[0])
            m.act(next((a for a in legal if a.verb == "done"), legal[0]))
        return {a.args["hex"] for a in offered(m, "place") if a.args["unit"] == "ger-pz-iii"}

    dresden = GAME.world("SBE5", {}).board.id_of(GAME.world("SBE5", {}).board.node("Dresden"))
    assert dresden not in places(False)
    assert dresden in places(True)
