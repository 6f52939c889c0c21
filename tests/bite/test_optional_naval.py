"""Optional rule 18.0-18.2, naval movement (issue 20), on SBE9 positions of the real map.

An activated Supreme HQ (not the Finnish or Hungarian one) or the Soviet Navy-HQ spends an
action point to carry a ground unit from a friendly port to another of the same water, never
across a strait the side does not hold; mined or enemy waters cost a die (1-3 safe, 4-5 a
step, 6 lost); frozen ports neither send nor receive. PP crossing a sea the enemy controls
need the die too (18.2).
"""

from __future__ import annotations

from typing import Any

import pytest

from hexfront.engine.errors import IllegalAction
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.engine.records import state_hash
from hexfront.games.bite import text
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import command, naval, resources
from hexfront.games.bite.state import BiteState

GAME = Bite()
ON = {"optional_rules": "none", "or18_naval": True}
OFF = {"optional_rules": "none"}
NAVY, STAVKA, ARMY, MARINES = "sov-navy-hq", "sov-stavka", "sov-a-44", "sov-ni-blacksea"


def position(
    options: dict[str, Any],
    units: list[dict[str, Any]],
    *,
    phase: str = "rail",
    weather: str = "good",
    control: dict[str, list[str]] | None = None,
    dice: list[int] | None = None,
) -> Match[BiteState]:
    spec: dict[str, Any] = {
        "scenario": "SBE9",
        "turn": 14,
        "side": "soviet",
        "phase": phase,
        "weather": weather,
        "reinforcements": False,
        "unit": [{"id": STAVKA, "hex": "Moscow"}, {"id": "ger-c-i", "hex": "Berlin"}, *units],
        "options": options,
    }
    if control:
        spec["control"] = control
    if dice:
        spec["dice"] = dice
    return Match.from_position(GAME, spec)


def activate_all(m: Match[BiteState]) -> None:
    """The rail phase: activate every HQ offered, then go on to the Movement Phase."""
    for a in list(m.legal_actions("soviet")):
        if a.verb == "activate":
            m.act(a)
    m.act(Action("soviet", "done"))


def sails(m: Match[BiteState], unit: str | None = None) -> list[Action]:
    return [
        a
        for a in m.legal_actions("soviet")
        if a.verb == "sail" and (unit is None or a.args["unit"] == unit)
    ]


def ports(m: Match[BiteState], unit: str, hq: str = NAVY) -> set[str]:
    board = m.state.w.board
    return {
        board.sites[board.node(str(a.args["to"]))].name
        for a in sails(m, unit)
        if a.args["hq"] == hq
    }


def rolls(m: Match[BiteState]) -> int:
    return sum(1 for e in m.state.log if e.kind == "roll")


def test_without_the_rule_nothing_sails_and_the_navy_hq_stays_idle() -> None:
    m = position(OFF, [{"id": NAVY, "hex": "Sevastopol"}, {"id": ARMY, "hex": "Novorossiysk"}])
    offered = {a.args["hq"] for a in m.legal_actions("soviet") if a.verb == "activate"}
    assert offered == {STAVKA}  # 13.8: the Navy-HQ has work only under rules 18 and 24
    activate_all(m)
    assert sails(m) == []


def test_a_unit_sails_between_ports_of_one_water_for_an_action_point() -> None:
    m = position(ON, [{"id": NAVY, "hex": "Sevastopol"}, {"id": ARMY, "hex": "Baku"}])
    offered = {a.args["hq"] for a in m.legal_actions("soviet") if a.verb == "activate"}
    assert offered == {STAVKA, NAVY}
    activate_all(m)
    # The Caspian is one water of its own: Astrakhan, Guryev, Lenkoran, Makhachkala.
    assert ports(m, ARMY) == {"Astrakhan", "Guryev", "Lenkoran", "Makhachkala"}
    hq = m.state.pieces[NAVY]
    before, dice = command.points_left(m.state, hq), rolls(m)
    order = next(a for a in sails(m, ARMY) if a.args["to"] == "4934" and a.args["hq"] == NAVY)
    assert "by sea" in text.describe(order)
    assert "18.0" in text.describe(order)
    m.act(order)
    army = m.state.pieces[ARMY]
    assert m.state.w.board.id_of(army.node) == "4934"  # Astrakhan
    assert army.moved
    assert army.step == 0
    assert rolls(m) == dice  # the Caspian is neither mined nor the enemy's: no die
    assert command.points_left(m.state, hq) == before - 1
    event = next(e for e in m.state.log if e.kind == "sea_move")
    assert event.audience is None  # seen by both sides, as a block without a name
    line = text.log_line(event.to_json(), m.view("axis"))
    assert "by sea" in line
    assert "44th" not in line
    assert sails(m, ARMY) == []  # it has moved


@pytest.mark.parametrize(
    ("face", "steps_lost", "lost"), [(3, 0, False), (4, 1, False), (5, 1, False), (6, 0, True)]
)
def test_mined_water_costs_a_die(face: int, steps_lost: int, lost: bool) -> None:
    m = position(
        ON, [{"id": NAVY, "hex": "Sevastopol"}, {"id": ARMY, "hex": "Novorossiysk"}], dice=[face]
    )
    activate_all(m)
    m.act(next(a for a in sails(m, ARMY) if a.args["to"] == "3137" and a.args["hq"] == NAVY))
    army = m.state.pieces[ARMY]
    roll = [e for e in m.state.log if e.kind == "roll"][-1]
    assert roll.data["dice"] == [face]  # 18.1: the Black Sea is mined
    if lost:
        assert army.status != "map"
        assert any(e.kind == "eliminated" and "18.1" in str(e.data) for e in m.state.log)
    else:
        assert m.state.w.board.id_of(army.node) == "3137"
        assert army.step == steps_lost


def test_the_kerch_strait_must_be_held_on_both_shores() -> None:
    units = [{"id": NAVY, "hex": "Sevastopol"}, {"id": ARMY, "hex": "Novorossiysk"}]
    m = position(ON, units)
    activate_all(m)
    assert {"Mariupol", "Taganrog", "Rostov", "Berdyansk"} <= ports(m, ARMY)
    m = position(ON, units, control={"axis": ["3636"]})  # the Taman shore lost
    activate_all(m)
    assert ports(m, ARMY)
    assert not {"Mariupol", "Taganrog", "Rostov", "Berdyansk", "Kerch"} & ports(m, ARMY)


def test_other_waters_enemy_ports_and_frozen_ports_are_closed() -> None:
    units = [{"id": NAVY, "hex": "Leningrad"}, {"id": ARMY, "hex": "Tallinn"}]
    m = position(ON, units, control={"axis": ["Vyborg"]})
    activate_all(m)
    reached = ports(m, ARMY)
    assert "Leningrad" in reached  # a friendly port, the Navy-HQ's own
    assert "Vyborg" not in reached  # an enemy port
    assert "Konigsberg" not in reached
    assert not {"Sevastopol", "Odessa", "Archangelsk"} & reached  # other waters
    assert "Riga" in reached  # the Gulf of Finland opens into the Baltic
    snow = position(ON, units, weather="snow")
    activate_all(snow)
    assert sails(snow, ARMY) == []  # 9.2: Tallinn is a white-anchor port


def test_a_supreme_hq_makes_one_naval_move_per_activation() -> None:
    m = position(ON, [{"id": ARMY, "hex": "Baku"}, {"id": "sov-a-45", "hex": "Baku"}])
    activate_all(m)
    first = next(a for a in sails(m) if a.args["hq"] == STAVKA)
    m.act(first)
    assert [a for a in sails(m) if a.args["hq"] == STAVKA] == []  # 13.8.1
    with pytest.raises(IllegalAction):
        m.act(Action("soviet", "sail", {"hq": STAVKA, "unit": "sov-a-45", "to": "5332"}))


def test_the_navy_hq_may_spend_every_point_on_naval_moves() -> None:
    units = [{"id": NAVY, "hex": "Sevastopol"}]
    units += [{"id": u, "hex": "Baku"} for u in (ARMY, "sov-a-45")]
    m = position(ON, units)
    activate_all(m)
    for uid in (ARMY, "sov-a-45"):
        m.act(next(a for a in sails(m, uid) if a.args["hq"] == NAVY))
    assert command.points_left(m.state, m.state.pieces[NAVY]) == 1


def test_enemy_waters_cost_a_die_too() -> None:
    """18.1: the Baltic is not mined, but the Axis controls it (Königsberg, a major port)."""
    units = [{"id": NAVY, "hex": "Sevastopol"}, {"id": ARMY, "hex": "Riga"}]
    m = position(ON, units, control={"soviet": ["Parnu"]}, dice=[2])
    assert "Baltic Sea" in naval.risky_seas(m.state, "soviet")
    activate_all(m)
    before = rolls(m)
    m.act(next(a for a in sails(m, ARMY) if a.args["to"] == "2415" and a.args["hq"] == NAVY))
    assert rolls(m) == before + 1


def test_pp_across_an_enemy_sea_need_the_die() -> None:
    """18.2: with the rule a sea both sides control is risky water for PP too (11.3)."""
    for options, free in ((OFF, True), (ON, False)):
        m = position(
            options,
            [{"id": ARMY, "hex": "Riga"}],
            phase="movement",
            control={"soviet": ["Riga"], "axis": ["Stockholm"]},
        )
        state = m.state
        main = state.w.main_sources["germany"]
        stockholm = state.w.board.node("Stockholm")
        assert (stockholm in resources.connected(state, "axis", main, mined=False)) is free
        assert stockholm in resources.connected(state, "axis", main, mined=True)


def test_a_naval_move_elsewhere_is_refused_and_changes_nothing() -> None:
    m = position(ON, [{"id": NAVY, "hex": "Sevastopol"}, {"id": ARMY, "hex": "Baku"}])
    activate_all(m)
    before = state_hash(GAME, m.state)
    with pytest.raises(IllegalAction):
        m.act(Action("soviet", "sail", {"hq": NAVY, "unit": ARMY, "to": "3137"}))  # Black Sea
    assert m.state.pieces[ARMY].node == m.state.w.board.node("Baku")
    assert state_hash(GAME, m.state) == before


def test_the_italian_rules_ship_air_units_too() -> None:
    """18.0, Italian 2.x (``naval_moves_air_units``): an air unit that has not flown may be
    shipped, in the air stage, to a port that is an airbase with no air unit parked."""
    units = [{"id": NAVY, "hex": "Sevastopol"}, {"id": "sov-vvs-w-b", "hex": "Baku"}]
    shipped: dict[str, set[str]] = {}
    for rules in ("en-3.00", "it-2.x"):
        m = position({**ON, "rules": rules}, units)
        activate_all(m)
        assert sails(m, "sov-vvs-w-b") == []  # not in the ground stage
        m.act(Action("soviet", "end_ground"))
        shipped[rules] = ports(m, "sov-vvs-w-b")
    assert shipped["en-3.00"] == set()
    assert shipped["it-2.x"] == {"Astrakhan", "Guryev", "Lenkoran", "Makhachkala"}


def axis_position(units: list[dict[str, Any]]) -> Match[BiteState]:
    m = Match.from_position(
        GAME,
        {
            "scenario": "SBE9",
            "turn": 14,
            "side": "axis",
            "phase": "rail",
            "reinforcements": False,
            "unit": [{"id": STAVKA, "hex": "Moscow"}, *units],
            "options": ON,
        },
    )
    for a in list(m.legal_actions("axis")):
        if a.verb == "activate":
            m.act(a)
    m.act(Action("axis", "done"))
    return m


def test_the_finnish_supreme_hq_orders_no_naval_move_but_the_fhq_does() -> None:
    """18.0: Mannerheim (like Szombathelyi) may not order one; the FHQ may, for any Axis
    nationality (13.8.3), here a Finnish corps from Helsinki to Turku's sea."""
    corps = "fin-c-iv"
    alone = axis_position(
        [{"id": "fin-mannerheim", "hex": "2810"}, {"id": corps, "hex": "Helsinki"}]
    )
    assert command.active_entries(alone.state)  # Mannerheim is activated ...
    assert [a for a in alone.legal_actions("axis") if a.verb == "sail"] == []  # ... in vain
    both = axis_position(
        [
            {"id": "fin-mannerheim", "hex": "2810"},
            {"id": "ger-fhq", "hex": "Rastenburg"},
            {"id": corps, "hex": "Helsinki"},
        ]
    )
    orders = {a.args["hq"] for a in both.legal_actions("axis") if a.verb == "sail"}
    assert orders == {"ger-fhq"}
