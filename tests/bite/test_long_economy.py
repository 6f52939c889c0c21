"""The long scenarios' economy (issue 15, ``rules/economy.py``): incomes that tie to the
booklet's table (digest B.13) with the income supplement, the Soviet infrastructure
projects (booklet, SBE6; complete in SBE7 and SBE8), the Soviet oil route and SBE9's
industrial development (15.1), on positions of the real map built with the position
builder.
"""

from __future__ import annotations

from importlib import resources as files
from typing import Any

import pytest

from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import forces
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import economy, infrastructure, resources
from hexfront.games.bite.rules.basics import rail_linked_to_siberia
from hexfront.games.bite.text import describe, log_line

from .helpers import drive

GAME = Bite()
COLOUR_OF = {"yellow": "yellow", "armor": "red", "air": "blue", "oil": "black"}
POWERS = {"axis": ("germany", "romania", "hungary"), "soviet": ("ussr",)}
JUN_1942, JUL_1942 = forces.turn_of(1942, 6), forces.turn_of(1942, 7)


def soviet_production(turn: int, scenario: str = "SBE9", **extra: Any) -> Match[Any]:
    position: dict[str, Any] = {
        "scenario": scenario,
        "turn": turn,
        "side": "soviet",
        "phase": "production",
        "weather": "good",
        **extra,
    }
    return Match.from_position(GAME, position)


def events(m: Match[Any], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in m.state.log if e.kind == kind]


def offered(m: Match[Any], verb: str) -> list[Action]:
    return [a for a in m.legal_actions(m.active_sides()[0]) if a.verb == verb]


# --- incomes against the booklet -----------------------------------------------------------


@pytest.mark.parametrize("scenario", ["SBE6", "SBE7", "SBE8", "SBE9"])
def test_each_long_scenario_income_ties_to_the_booklet(scenario: str) -> None:
    # B.13: what every power collects in its first Production Phase on the standard start
    # (the map's centres, less the Soviet TECH deduction, plus the supplement) is the
    # booklet's figure, colour by colour; shipyard PP (white), which no income lists, aside.
    sc = forces.scenario(scenario)
    state = Match(GAME, scenario, {}, 1).state
    state.turn = sc.start_turn if sc.start_turn > 1 else sc.income_from_turn
    for side, powers in POWERS.items():
        extra = economy.extra_income(state, powers)
        for power, income in resources.incomes(state, side, powers).items():
            got = dict(income.pp)
            got["yellow"] -= resources.rules().deduction.get(power, 0)
            for colour, pp in extra.get(power, {}).items():
                got[colour] += pp
            wanted = {COLOUR_OF[k]: v for k, v in sc.income[power].items()}
            assert {c: got[c] for c in ("yellow", "red", "blue", "black") if got[c]} == wanted, (
                scenario,
                power,
            )


def test_the_axis_collects_the_booklet_income_in_play() -> None:
    # SBE7's first Axis Production Phase, as the log says it: 37 / 13 / 15 / 14 (B.13).
    m = Match(GAME, "SBE7", {}, 1)
    [income] = [e for e in events(m, "income") if e["power"] == "germany"]
    [coloured] = [e for e in events(m, "coloured_income") if e["power"] == "germany"]
    assert income["pp"] == 37
    assert (coloured["red"], coloured["blue"], coloured["black"]) == (13, 15, 14)


@pytest.mark.parametrize("scenario", ["SBE6", "SBE7", "SBE8"])
def test_every_supplement_names_its_source(scenario: str) -> None:
    sc = forces.scenario(scenario)
    assert sc.income_supplement, scenario
    for power, amounts in sc.income_supplement.items():
        assert all(v > 0 for v in amounts.values()), (scenario, power)
        assert "digest B.13" in sc.income_supplement_why[power], (scenario, power)


def test_a_supplement_without_its_reason_is_refused() -> None:
    text = (files.files("hexfront.games.bite") / "data/scenarios/SBE6.toml").read_text("utf-8")
    broken = text.replace("[income_supplement.why]\n", "[income_supplement.whyx]\n")
    with pytest.raises(forces.DataError, match=r"income_supplement\.germany needs its reason"):
        forces.parse_scenario(broken, "SBE6 (broken)")


# --- Soviet infrastructure ---------------------------------------------------------------------


def test_the_projects_are_offered_from_july_1942_at_their_prices() -> None:
    # Booklet, SBE6: 3, 4 and 5 PP for the railways, 10 for the Caspian route.
    assert not offered(soviet_production(JUN_1942, pp={"ussr": 30}), "build_project")
    m = soviet_production(JUL_1942, pp={"ussr": 30})
    prices = {str(a.args["project"]): a.args["pp"] for a in offered(m, "build_project")}
    assert prices == {
        "saratov_stalingrad": 3,
        "stalingrad_astrakhan": 4,
        "astrakhan_baku": 5,
        "baku_krasnovodsk": 10,
    }
    # Paid in full in one phase: after its income (about 46 yellow PP, B.13) a USSR that
    # started the phase 40 PP in debt cannot pay for the Caspian route.
    poor = soviet_production(JUL_1942, pp={"ussr": -40})
    left = poor.state.pp["ussr"]
    assert 5 <= left < 10
    assert {a.args["project"] for a in offered(poor, "build_project")} == {
        "saratov_stalingrad",
        "stalingrad_astrakhan",
        "astrakhan_baku",
    }


def test_a_built_railway_joins_the_net_and_is_not_offered_again() -> None:
    m = soviet_production(JUL_1942, pp={"ussr": 30})
    board = m.state.w.board
    stalingrad, astrakhan = board.node("Stalingrad"), board.node("Astrakhan")
    pp = m.state.pp["ussr"]
    before = set(infrastructure.rails(m.state)[stalingrad])
    m.act(Action("soviet", "build_project", {"project": "stalingrad_astrakhan", "pp": 4}))
    assert m.state.pp["ussr"] == pp - 4
    assert infrastructure.built(m.state) == ("stalingrad_astrakhan",)
    after = set(infrastructure.rails(m.state)[stalingrad])
    assert after - before  # a new rail neighbour towards Astrakhan
    # The new line links Astrakhan to Stalingrad by rail with no other line.
    assert astrakhan not in board.rail_adjacency[stalingrad]
    assert "stalingrad_astrakhan" not in {a.args["project"] for a in offered(m, "build_project")}
    # Several projects in one phase (booklet).
    m.act(Action("soviet", "build_project", {"project": "saratov_stalingrad", "pp": 3}))
    assert infrastructure.built(m.state) == ("saratov_stalingrad", "stalingrad_astrakhan")
    [line] = [e for e in events(m, "project_built") if e["project"] == "saratov_stalingrad"]
    words = log_line({"kind": "project_built", "data": line})
    assert "Saratov-Stalingrad railway" in words
    assert "_" not in words


def test_an_unaffordable_or_unknown_project_is_refused() -> None:
    m = soviet_production(JUL_1942, pp={"ussr": -40})
    before = m.hash()
    for project, pp in (("baku_krasnovodsk", 10), ("moscow_metro", 1)):
        with pytest.raises(Exception, match="not a legal action"):
            m.act(Action("soviet", "build_project", {"project": project, "pp": pp}))
    assert m.hash() == before


@pytest.mark.parametrize("scenario", ["SBE7", "SBE8"])
def test_every_project_stands_in_1943_and_1944(scenario: str) -> None:
    m = Match(GAME, scenario, {}, 1)
    assert infrastructure.built(m.state) == tuple(
        p.id for p in infrastructure.project_rules().projects
    )
    board = m.state.w.board
    baku, krasnovodsk = board.node("Baku"), board.node("KRASNOVODSK")
    assert krasnovodsk in infrastructure.rails(m.state)[baku]
    assert krasnovodsk not in board.rail_adjacency[baku]


def test_no_project_outside_the_long_scenarios() -> None:
    m = Match.from_position(
        GAME, {"scenario": "SBE5", "turn": 6, "side": "soviet", "phase": "production"}
    )
    assert not offered(m, "build_project")
    assert not offered(m, "build_plant")


# --- the Soviet oil route --------------------------------------------------------------------


def test_stalingrad_lost_cuts_the_oil_route_and_the_soviets_count_oil() -> None:
    # Booklet: the route is lost when the Axis holds Stalingrad; the Soviets then track oil:
    # their oil centres give black PP and an HQ step costs one (11.0).
    hq = {"id": "sov-armor-hq-sw", "hex": "Saratov", "strength": 2}
    held = soviet_production(JUL_1942, pp={"ussr": 30}, unit=[hq])
    assert not events(held, "oil_route_lost")
    assert {a.args.get("colour") for a in offered(held, "repair")} == {None}
    lost = soviet_production(JUL_1942, pp={"ussr": 30}, unit=[hq], control={"axis": ["Stalingrad"]})
    assert events(lost, "oil_route_lost") == [{"power": "ussr"}]
    [coloured] = events(lost, "coloured_income")
    assert coloured["black"] > 0  # Baku, Grozny and Maykop by Rostov
    assert {a.args.get("colour") for a in offered(lost, "repair")} == {"black"}
    line = log_line({"kind": "oil_route_lost", "data": {"power": "ussr"}})
    assert "oil" in line
    assert "_" not in line


def test_an_axis_unit_on_the_volga_cuts_it_too_unless_a_bypass_stands() -> None:
    volga = {"id": "ger-c-x", "hex": "Kamyshin"}
    m = soviet_production(JUL_1942, pp={"ussr": 30}, unit=[volga])
    assert events(m, "oil_route_lost")
    assert economy.oil_route_cut(m.state)
    # The Astrakhan-Baku railway meets the left-bank line to Saratov: open again.
    m.act(Action("soviet", "build_project", {"project": "astrakhan_baku", "pp": 5}))
    assert not economy.oil_route_cut(m.state)


@pytest.mark.parametrize("scenario", ["SBE6", "SBE7", "SBE8", "SBE9"])
def test_every_long_scenario_starts_with_the_oil_route_open(scenario: str) -> None:
    # SBE6's Axis holds Rzhev on the upper Volga: that is not the oil route's river.
    assert not economy.oil_route_cut(Match(GAME, scenario, {}, 1).state)


def test_the_upper_volga_is_not_the_oil_route() -> None:
    rzhev = {"id": "ger-c-x", "hex": "3217"}  # a hex on the Volga west of Kalinin
    m = soviet_production(JUL_1942, pp={"ussr": 30}, unit=[rzhev])
    assert not events(m, "oil_route_lost")
    board = m.state.w.board
    assert board.river_between(board.node("3217"), board.node("3218")) == "Volga"


def test_the_route_is_cut_when_no_oilfield_reaches_siberia() -> None:
    # Rostov and the line south of it in Axis hands: the map's pre-war route from the
    # Caucasus is cut even with Stalingrad Soviet; the Caspian route links Baku again.
    cut = ["Rostov", "Tikhoretsk", "Armavir"]
    m = soviet_production(JUL_1942, pp={"ussr": 30}, control={"axis": cut})
    assert not rail_linked_to_siberia(m.state, "Baku")
    assert events(m, "oil_route_lost")
    m.act(Action("soviet", "build_project", {"project": "baku_krasnovodsk", "pp": 10}))
    assert rail_linked_to_siberia(m.state, "Baku")
    assert not economy.oil_route_cut(m.state)


# --- SBE9 industrial development (15.1) ------------------------------------------------------


def test_sbe9_plants_start_half_built_and_take_one_pp_a_turn_each() -> None:
    # Booklet SBE9: the USSR has 5 armour and 5 air plants at 5 of 10; Germany 5, 4 and 1.
    m = soviet_production(2, pp={"ussr": 10})
    assert economy.plants(m.state, "ussr") == {"red": (0, 5), "blue": (0, 5)}
    assert economy.plants(m.state, "germany") == {"red": (0, 5), "blue": (0, 4), "black": (0, 1)}
    pp = m.state.pp["ussr"]
    for _ in range(5):  # each armour plant once this turn
        m.act(Action("soviet", "build_plant", {"power": "ussr", "colour": "red"}))
    assert m.state.pp["ussr"] == pp - 5
    assert {a.args["colour"] for a in offered(m, "build_plant")} == {"blue"}
    ups = events(m, "plant_built_up")
    assert [e["progress"] for e in ups] == [6] * 5
    words = log_line({"kind": "plant_built_up", "data": ups[0]})
    assert "6 of 10" in words
    assert "_" not in words
    assert "armour plant" in describe(
        Action("soviet", "build_plant", {"power": "ussr", "colour": "red"})
    )


def test_a_plant_finished_produces_from_the_next_turn() -> None:
    # Five Soviet Production Phases of one PP into the same armour plant finish it (5 -> 10);
    # it makes 1 red PP a turn from the turn after (15.1).
    m = soviet_production(2, pp={"ussr": 10})
    finished_on = 0
    for turn in range(2, 8):
        red_before = resources.coloured(m.state, "ussr", "red")
        if turn > 2:
            drive(m, lambda mm, t=turn: mm.state.turn == t and mm.state.phase == "production"
                  and mm.active_sides() == ["soviet"], limit=3000)  # fmt: skip
            income = [e for e in events(m, "coloured_income") if e["power"] == "ussr"][-1]
            base = 7  # the June 1941 map's red PP (B.13)
            assert income["red"] == base + (1 if finished_on and turn > finished_on else 0)
            assert resources.coloured(m.state, "ussr", "red") >= red_before
        if not finished_on:
            m.act(Action("soviet", "build_plant", {"power": "ussr", "colour": "red"}))
            if events(m, "plant_finished"):
                finished_on = turn
    assert finished_on == 6
    assert economy.plants(m.state, "ussr")["red"] == (1, 4)
