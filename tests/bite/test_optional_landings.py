"""Optional rules 23.0 (airborne assaults) and 24.0 (amphibious landings), issue 20, on
SBE9 positions of the real map (July 1942: Soviet infantry at TECH 2).

23.0: a TECH 2 paratrooper unit (or a German glider unit with a bomber), at full strength,
supplied and in an airbase, drops by order of the Stavka or the FHQ on a clear hex without a
city within 5 hexes, in sunny weather; the hex's anti-aircraft fire hits it on the way down;
it fights the first round with a Malus. At TECH 3 one difficult feature is allowed, for one
more hit, never two.

24.0: a Soviet marine unit and the activated Navy-HQ in one port land the marines on a clear
coastal hex without shoals or a city within 5 hexes: a mine roll on mined water, one Bonus
for the defenders and one Malus for the marines in the first round, and a re-embarkation
after a round of ground combat for another action point, one more step and a new mine roll.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from hexfront.ai.bite_heuristic import HeuristicAgent
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import invariants, text
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import command, landings, movement, reserve
from hexfront.games.bite.rules.basics import can_stack
from hexfront.games.bite.rules.modifiers import GROUND, BattleContext, modifiers
from hexfront.games.bite.state import BiteState

from .helpers import at_prompt, drive

GAME = Bite()
AIR = {"optional_rules": "none", "or23_airborne": True}
SEA = {"optional_rules": "none", "or24_amphibious": True}
OFF = {"optional_rules": "none"}
STAVKA, NAVY, PARAS, MARINES = "sov-stavka", "sov-navy-hq", "sov-abc-2", "sov-ni-blacksea"
ENEMY = "ger-c-i"


def position(
    options: dict[str, Any],
    units: list[dict[str, Any]],
    *,
    turn: int = 14,
    side: str = "soviet",
    weather: str = "good",
    dice: list[int] | None = None,
    more: dict[str, Any] | None = None,
) -> Match[BiteState]:
    spec: dict[str, Any] = {
        "scenario": "SBE9",
        "turn": turn,
        "side": side,
        "phase": "rail",
        "weather": weather,
        "reinforcements": False,
        "unit": [{"id": STAVKA, "hex": "Moscow"}, {"id": "ger-fhq", "hex": "Rastenburg"}, *units],
        "options": options,
    }
    if dice:
        spec["dice"] = dice
    spec.update(more or {})
    return Match.from_position(GAME, spec)


def to_movement(m: Match[BiteState], side: str = "soviet") -> None:
    for a in list(m.legal_actions(side)):
        if a.verb == "activate":
            m.act(a)
    m.act(Action(side, "done"))


def offered(m: Match[BiteState], verb: str, side: str = "soviet") -> list[Action]:
    return [a for a in m.legal_actions(side) if a.verb == verb]


def targets(m: Match[BiteState], verb: str, unit: str, side: str = "soviet") -> set[str]:
    return {str(a.args["to"]) for a in offered(m, verb, side) if a.args["unit"] == unit}


def to_air_stage(m: Match[BiteState], side: str = "soviet") -> None:
    """23.0: drops are made with the air missions, after the ground moves."""
    to_movement(m, side)
    m.act(Action(side, "end_ground"))


def paras_at_kharkov(**kw: Any) -> Match[BiteState]:
    units = kw.pop("units", [])
    m = position(kw.pop("options", AIR), [{"id": PARAS, "hex": "Kharkov"}, *units], **kw)
    to_air_stage(m)
    return m


# --- 23.0 ------------------------------------------------------------------------------------


def test_a_drop_is_offered_only_with_the_rule_in_sunny_weather() -> None:
    assert offered(paras_at_kharkov(options=OFF), "airdrop") == []
    assert offered(paras_at_kharkov(weather="rain"), "airdrop") == []
    m = paras_at_kharkov()
    hexes = targets(m, "airdrop", PARAS)
    board = m.state.w.board
    kharkov = board.node("Kharkov")
    assert "3427" in hexes
    assert "3430" in hexes
    for h in hexes:
        node = board.node(h)
        assert board.distance(kharkov, node) <= 5  # 23.0: within 5 hexes
        assert board.terrain[node] == "clear"
        site = board.sites.get(node)
        assert site is None or not site.is_city  # no city (EN 3.00)
    assert "3325" not in hexes  # forest
    assert "3328" not in hexes  # Sumy, a minor city
    assert all(a.args["hq"] == STAVKA for a in offered(m, "airdrop"))


def test_only_a_ready_paratrooper_may_drop() -> None:
    reduced = paras_at_kharkov(units=[], more={})
    assert offered(reduced, "airdrop")
    weak = position(AIR, [{"id": PARAS, "hex": "Kharkov", "strength": 2}])
    to_air_stage(weak)
    assert offered(weak, "airdrop") == []  # 23.0: at full strength
    cut = position(AIR, [{"id": PARAS, "hex": "Kharkov", "out_of_supply": True}])
    to_air_stage(cut)
    assert offered(cut, "airdrop") == []  # in supply at the start of the turn
    early = position(AIR, [{"id": PARAS, "hex": "Kharkov"}], turn=5)
    to_air_stage(early)
    assert offered(early, "airdrop") == []  # Soviet infantry TECH 1 until March 1942
    field = position(AIR, [{"id": PARAS, "hex": "3427"}])
    to_air_stage(field)
    assert offered(field, "airdrop") == []  # not in an airbase


def test_a_drop_on_an_empty_hex_takes_it_and_uses_the_stavka_action() -> None:
    m = paras_at_kharkov()
    stavka = m.state.pieces[STAVKA]
    before = command.points_left(m.state, stavka)
    order = next(a for a in offered(m, "airdrop") if a.args["to"] == "3430")
    words = text.describe(order)
    assert "parachute" in words
    assert "23.0" in words
    m.act(order)
    paras = m.state.pieces[PARAS]
    board = m.state.w.board
    assert board.id_of(paras.node) == "3430"
    assert paras.step == 0
    assert m.state.control[paras.node] == "soviet"
    assert command.points_left(m.state, stavka) == before - 1
    assert offered(m, "airdrop") == []  # one airborne assault per activation (13.8.1)
    event = next(e for e in m.state.log if e.kind == "airdrop")
    line = text.log_line(event.to_json(), m.view("axis"))
    assert "drops from the air" in line
    assert "Airborne" not in line


def test_the_anti_aircraft_fire_hits_the_paratroopers_then_they_fight_with_a_malus() -> None:
    # ENEMY (a German corps, AA 4-6 at TECH 2 defending? its defence value) in 3430: 4 dice.
    m = paras_at_kharkov(units=[{"id": ENEMY, "hex": "3430"}], dice=[6, 1, 1, 1, 1, 1, 1, 1])
    m.act(next(a for a in offered(m, "airdrop") if a.args["to"] == "3430"))
    paras = m.state.pieces[PARAS]
    fire = [e for e in m.state.log if e.kind == "fire"]
    assert fire
    assert fire[-1].data["step"] == "aa"
    hits = int(fire[-1].data["hits"])
    assert hits >= 1
    assert paras.status == "map"
    assert paras.step == hits
    node = paras.node
    assert m.state.w.board.id_of(node) == "3430"
    ctx1 = BattleContext(node, "soviet", "axis", 1)
    ctx2 = BattleContext(node, "soviet", "axis", 2)
    first = modifiers(m.state, paras, ctx1, GROUND)
    later = modifiers(m.state, paras, ctx2, GROUND)
    assert (first.mali - first.boni) - (later.mali - later.boni) == 1  # 23.0: round 1 only


def test_a_drop_on_armour_in_reserve_is_destroyed() -> None:
    tanks = "ger-pz-xxxxvii"
    m = paras_at_kharkov(units=[{"id": tanks, "hex": "3430"}])
    m.state.flags[reserve.FLAG] = {tanks: reserve.REACTION}  # held back by an Armor-HQ (31.0)
    m.act(next(a for a in offered(m, "airdrop") if a.args["to"] == "3430"))
    assert m.state.pieces[PARAS].status != "map"
    assert any(e.kind == "eliminated" and "23.0" in str(e.data.get("why")) for e in m.state.log)


def test_tech_3_opens_one_difficult_feature_for_one_more_hit() -> None:
    m = paras_at_kharkov(turn=41)  # Soviet infantry TECH 3 from September 1944
    assert m.state.profile(m.state.pieces[PARAS]).tech == 3
    found = landings.drop_targets(m.state, m.state.pieces[PARAS])
    board = m.state.w.board
    by_id = {board.id_of(n): extra for n, extra in found.items()}
    assert by_id["3325"] == 1  # a forest
    assert by_id["3328"] == 1  # Sumy, a minor city
    assert by_id["3430"] == 0  # a clear hex
    assert "3831" not in by_id  # Voroshilovgrad: hills and a major city, never
    m.act(next(a for a in offered(m, "airdrop") if a.args["to"] == "3325"))
    assert m.state.pieces[PARAS].step == 1  # the extra hit on landing


def test_the_italian_rules_allow_minor_cities_but_no_tech_3_bonus() -> None:
    options = {**AIR, "rules": "it-2.x"}
    m = paras_at_kharkov(options=options, turn=41)
    hexes = targets(m, "airdrop", PARAS)
    assert "3328" in hexes  # Sumy, a minor city on clear ground
    assert "3325" not in hexes  # no TECH 3 bonus: forests stay closed


def test_glider_troops_need_a_german_bomber() -> None:
    units = [{"id": "ger-22ald", "hex": "Kharkov"}, {"id": "sov-a-44", "hex": "Moscow"}]
    m = position(AIR, units, side="axis")
    to_air_stage(m, "axis")
    assert offered(m, "airdrop", "axis") == []  # no bomber under command
    units += [{"id": "ger-lf-4", "hex": "Poltava"}, {"id": "ger-fk-iv", "hex": "Poltava"}]
    m = position(AIR, units, side="axis")
    to_movement(m, "axis")
    m.act(Action("axis", "activate", {"hq": "ger-lf-4"}))
    m.act(Action("axis", "end_ground"))
    assert offered(m, "airdrop", "axis") == []  # the bomber has no command yet (13.5)
    m.act(Action("axis", "command", {"hq": "ger-lf-4", "unit": "ger-fk-iv"}))
    drops = offered(m, "airdrop", "axis")
    assert drops
    assert all(a.args["bomber"] == "ger-fk-iv" for a in drops)
    assert "glider" in text.describe(drops[0])
    m.act(next(a for a in drops if a.args["to"] == "3430"))
    assert m.state.w.board.id_of(m.state.pieces["ger-22ald"].node) == "3430"
    assert m.state.pieces["ger-fk-iv"].moved


# --- 24.0 ------------------------------------------------------------------------------------


def marines_at_sevastopol(**kw: Any) -> Match[BiteState]:
    units = [{"id": NAVY, "hex": "Sevastopol"}, {"id": MARINES, "hex": "Sevastopol"}]
    m = position(kw.pop("options", SEA), [*units, *kw.pop("units", [])], **kw)
    to_movement(m)
    return m


def test_a_landing_is_offered_only_with_the_rule_from_the_navy_hq_port() -> None:
    assert offered(marines_at_sevastopol(options=OFF), "land") == []
    assert offered(marines_at_sevastopol(weather="rain"), "land") == []
    assert offered(marines_at_sevastopol(turn=5), "land") == []  # TECH 1
    m = marines_at_sevastopol()
    hexes = targets(m, "land", MARINES)
    assert "3336" in hexes  # a clear coastal hex beside Sevastopol
    assert "3136" not in hexes  # Yevpatoria: a city
    assert "3237" not in hexes  # Yalta: mountains
    board = m.state.w.board
    port = board.node("Sevastopol")
    assert all(board.distance(port, board.node(h)) <= 5 for h in hexes)
    apart = position(SEA, [{"id": NAVY, "hex": "Odessa"}, {"id": MARINES, "hex": "Sevastopol"}])
    to_movement(apart)
    assert offered(apart, "land") == []  # 24.0: both in the same port


def test_the_italian_rules_land_anywhere_but_mountains_major_cities_and_shoals() -> None:
    m = marines_at_sevastopol(options={**SEA, "rules": "it-2.x"})
    hexes = targets(m, "land", MARINES)
    assert "3136" in hexes  # Yevpatoria, a minor city
    assert "3237" not in hexes  # Yalta: mountains


@pytest.mark.parametrize(("face", "step", "lost"), [(2, 0, False), (4, 1, False), (6, 0, True)])
def test_a_landing_over_the_mined_black_sea_rolls_for_mines(
    face: int, step: int, lost: bool
) -> None:
    m = marines_at_sevastopol(dice=[face])
    order = next(a for a in offered(m, "land") if a.args["to"] == "3336")
    assert "from the sea" in text.describe(order)
    m.act(order)
    marines = m.state.pieces[MARINES]
    assert [e for e in m.state.log if e.kind == "roll"][-1].data["dice"] == [face]
    if lost:
        assert marines.status != "map"
    else:
        assert m.state.w.board.id_of(marines.node) == "3336"
        assert marines.step == step
        assert m.state.control[marines.node] == "soviet"
    assert command.points_left(m.state, m.state.pieces[NAVY]) == 2


def test_the_first_round_favours_the_defender_and_the_marines_may_re_embark() -> None:
    m = marines_at_sevastopol(units=[{"id": ENEMY, "hex": "3336"}], dice=[1])
    m.act(next(a for a in offered(m, "land") if a.args["to"] == "3336"))
    state = m.state
    marines, enemy = state.pieces[MARINES], state.pieces[ENEMY]
    node = marines.node
    ctx1, ctx2 = BattleContext(node, "soviet", "axis", 1), BattleContext(node, "soviet", "axis", 2)
    assert (
        modifiers(state, enemy, ctx1, GROUND).boni - modifiers(state, enemy, ctx2, GROUND).boni == 1
    )
    m1, m2 = modifiers(state, marines, ctx1, GROUND), modifiers(state, marines, ctx2, GROUND)
    assert (m1.mali - m1.boni) - (m2.mali - m2.boni) == 1
    # The battle: after the first round of ground combat the marines may re-embark.
    drive(m, lambda x: any(a.verb == "reembark" for a in x.legal_actions("soviet")), limit=200)
    go = next(a for a in m.legal_actions("soviet") if a.verb == "reembark")
    assert "re-embark" in text.describe(go)
    assert command.points_left(state, state.pieces[NAVY]) == 2  # one more is there to pay
    steps = marines.step
    m.state.dice.loaded = [1]
    m.act(go)
    assert m.state.w.board.id_of(marines.node) == "3137"  # back in Sevastopol
    assert marines.step == steps + 1
    assert any(e.kind == "reembark" for e in m.state.log)


def test_the_drop_and_landing_events_read_as_words_for_both_sides() -> None:
    m = marines_at_sevastopol(dice=[1])
    m.act(next(a for a in offered(m, "land") if a.args["to"] == "3336"))
    event = next(e for e in m.state.log if e.kind == "landing")
    own = text.log_line(event.to_json(), m.view("soviet"))
    theirs = text.log_line(event.to_json(), m.view("axis"))
    assert "from the sea" in own
    assert "from the sea" in theirs
    assert "Naval Infantry" in own
    assert "Naval Infantry" not in theirs


def test_at_prompt_helper_is_reached() -> None:
    m = marines_at_sevastopol()
    drive(m, at_prompt("air", "soviet"))


def test_the_enemy_view_holds_no_mark_of_the_landed_units() -> None:
    m = marines_at_sevastopol(dice=[1])
    m.act(next(a for a in offered(m, "land") if a.args["to"] == "3336"))
    own, theirs = m.view("soviet"), m.view("axis")
    assert MARINES in json.dumps(own["flags"])
    assert MARINES not in json.dumps(theirs)  # fog of war: the landing is an unnamed block


def test_the_computer_declines_sea_moves_and_drops_only_beside_friends() -> None:
    m = paras_at_kharkov(units=[{"id": ENEMY, "hex": "3532"}, {"id": "sov-a-44", "hex": "3430"}])
    agent = HeuristicAgent(seed=1)
    view = m.view("soviet")
    scored = {
        str(a.args["to"]): score
        for score, _, a in agent.scored(view, m.legal_actions("soviet"))
        if a.verb == "airdrop"
    }
    assert "3330" not in scored  # Poltava is a city: not offered
    assert scored["3531"] > 0  # empty, beside the 44th Army at 3430 and the enemy at 3532
    assert scored["3427"] < 0  # far from the enemy
    assert scored["3532"] < 0  # into the enemy
    choice = agent.choose(view, m.legal_actions("soviet"))
    assert choice in m.legal_actions("soviet")


def test_the_drop_fire_hits_the_glider_troops_and_their_bomber_alike() -> None:
    units = [
        {"id": "ger-22ald", "hex": "Kharkov"},
        {"id": "ger-lf-4", "hex": "Poltava"},
        {"id": "ger-fk-iv", "hex": "Poltava"},
        {"id": "sov-a-44", "hex": "3430"},
    ]
    m = position(AIR, units, side="axis", dice=[6, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    to_movement(m, "axis")
    m.act(Action("axis", "activate", {"hq": "ger-lf-4"}))
    m.act(Action("axis", "end_ground"))
    m.act(Action("axis", "command", {"hq": "ger-lf-4", "unit": "ger-fk-iv"}))
    drop = next(a for a in offered(m, "airdrop", "axis") if a.args["to"] == "3430")
    m.act(drop)
    fire = [e for e in m.state.log if e.kind == "fire" and e.data["step"] == "aa"]
    hits = sum(int(e.data["hits"]) for e in fire)
    assert hits >= 1
    bomber, gliders = m.state.pieces["ger-fk-iv"], m.state.pieces["ger-22ald"]
    assert bomber.step == hits  # each hit falls on the bomber ...
    assert gliders.step == hits  # ... and on the glider troops (23.0)
    assert m.state.w.board.id_of(bomber.node) == "3430"  # over the battle, from Poltava
    assert m.state.w.board.id_of(bomber.base) == "3330"


def test_the_computer_activates_the_navy_hq_only_with_marines_ready_beside_it() -> None:
    agent = HeuristicAgent(seed=1)
    for marines_at, weather, wanted in (
        ("Sevastopol", "good", True),
        ("Odessa", "good", False),
        ("Sevastopol", "rain", False),
    ):
        units = [{"id": NAVY, "hex": "Sevastopol"}, {"id": MARINES, "hex": marines_at}]
        m = position(SEA, units, weather=weather)
        legal = m.legal_actions("soviet")
        scores = {
            a.args["hq"]: s
            for s, _, a in agent.scored(m.view("soviet"), legal)
            if a.verb == "activate"
        }
        assert (scores[NAVY] > 0) is wanted, (marines_at, weather)


@pytest.mark.parametrize(
    ("rules", "yards"),
    [("en-3.00", {"Leningrad", "Sevastopol"}), ("it-2.x", {"Oranienbaum", "Sevastopol"})],
)
def test_eliminated_marines_are_rebuilt_in_their_yards(rules: str, yards: set[str]) -> None:
    """24.0: Leningrad or Sevastopol; the Italian 2.x rulebook: Oranienbaum or Sevastopol
    (its 7.3.1 otherwise places units in major cities only)."""
    m = Match.from_position(
        GAME,
        {
            "scenario": "SBE9",
            "turn": 14,
            "side": "soviet",
            "phase": "production",
            "reinforcements": False,
            "pp": {"ussr": 20},
            "unit": [
                {"id": STAVKA, "hex": "Moscow"},
                {"id": "ger-fhq", "hex": "Rastenburg"},
                {"id": MARINES, "status": "eliminated"},
                {"id": "sov-a-44", "status": "eliminated"},
            ],
            "options": {**SEA, "rules": rules},
        },
    )
    board = m.state.w.board

    def places(uid: str) -> set[str]:
        return {
            board.sites[board.node(str(a.args["hex"]))].name
            for a in m.legal_actions("soviet")
            if a.verb == "rebuild" and a.args["unit"] == uid
        }

    assert places(MARINES) == yards
    army = places("sov-a-44")
    assert army  # an infantry army has places too ...
    if rules == "it-2.x":  # ... but the fortress yards open to marines only
        assert not {"Oranienbaum", "Sevastopol"} & army


# --- 23.0, 24.0: the landed units may overstack in the turn of their landing -------------------


def _move(m: Match[BiteState], unit: str, to: str) -> None:
    m.act(next(a for a in offered(m, "move") if a.args["unit"] == unit and a.args["to"] == to))


def test_landed_marines_do_not_count_against_the_stacking_limits_that_turn() -> None:
    """24.0: marines may overstack in the turn of their landing: beside them the hex still
    takes the two combat units the limits allow (3.10); a third is refused."""
    armies = [
        {"id": "sov-a-44", "hex": "3337"},
        {"id": "sov-a-51", "hex": "3337"},
        {"id": "sov-a-47", "hex": "3236"},
    ]
    m = marines_at_sevastopol(units=armies, dice=[1])
    m.act(next(a for a in offered(m, "land") if a.args["to"] == "3336"))
    _move(m, "sov-a-44", "3336")
    assert "3336" in targets(m, "move", "sov-a-51")  # a third combat unit, beside the marines
    _move(m, "sov-a-51", "3336")
    assert "3336" not in targets(m, "move", "sov-a-47")  # the limits count the others
    # The same marines walked in by land are counted as usual (3.10).
    plain = position(SEA, [{"id": MARINES, "hex": "3336"}, *armies])
    to_movement(plain)
    _move(plain, "sov-a-44", "3336")
    assert "3336" not in targets(plain, "move", "sov-a-51")


def test_an_overstacked_landing_hex_stays_lawful_until_its_owner_moves_again() -> None:
    armies = [{"id": "sov-a-44", "hex": "3337"}, {"id": "sov-a-51", "hex": "3337"}]
    battle = [{"id": "sov-a-47", "hex": "3135"}, {"id": ENEMY, "hex": "3034"}]
    m = marines_at_sevastopol(units=[*armies, *battle], dice=[1] * 200)
    m.act(next(a for a in offered(m, "land") if a.args["to"] == "3336"))
    _move(m, "sov-a-44", "3336")
    _move(m, "sov-a-51", "3336")
    _move(m, "sov-a-47", "3034")  # a battle elsewhere: the check runs in the Combat Phase
    crowd = {MARINES, "sov-a-44", "sov-a-51"}

    def lawful_until_next_soviet_move(x: Match[BiteState]) -> bool:
        assert invariants.check(GAME, x.state, full=False) == []
        return x.state.turn == 15 and x.state.phasing == "soviet" and x.state.phase == "movement"

    drive(m, lambda x: x.state.phase == "combat", limit=20)
    assert invariants.check(GAME, m.state, full=False) == []  # 3 combat units, 1 landed
    assert movement.overstacked(m.state, "soviet") == set()  # the marks cover the hex
    drive(m, lawful_until_next_soviet_move, limit=400)
    # The Soviet Movement Phase of the next turn cleared the marks: the hex is over the
    # limits, and its units must move out before ground movement ends (3.10, 7.3.2).
    assert movement.overstacked(m.state, "soviet") == crowd
    assert "end_ground" not in {a.verb for a in m.legal_actions("soviet")}
    assert {a.args["unit"] for a in offered(m, "move")} & crowd


def test_landed_paratroopers_leave_room_for_two_more_combat_units() -> None:
    """23.0: paratroopers may overstack in the turn of their drop."""
    m = paras_at_kharkov(units=[{"id": ENEMY, "hex": "3430"}], dice=[1] * 8)
    m.act(next(a for a in offered(m, "airdrop") if a.args["to"] == "3430"))
    state = m.state
    node = state.w.board.node("3430")
    assert state.pieces[PARAS].node == node
    infantry = state.w.units["sov-a-44"]
    assert can_stack(state, node, "soviet", [infantry, infantry])
    assert not can_stack(state, node, "soviet", [infantry, infantry, infantry])
    walked = position(AIR, [{"id": PARAS, "hex": "3430"}, {"id": ENEMY, "hex": "3430"}])
    assert not can_stack(walked.state, node, "soviet", [infantry, infantry])  # counted (3.10)


# --- 23.0: escorts and interceptors fight over the drop, before the anti-aircraft fire ---------


def glider_raid(dice: list[int], more: list[dict[str, Any]] | None = None) -> Match[BiteState]:
    """The 22nd Airlanding Division from Kharkov on the 44th Army at 3430, flown by IV
    Fliegerkorps (Poltava), JG 52 (Kharkov) able to escort it, a Soviet fighter at Stalino."""
    units = [
        {"id": "ger-22ald", "hex": "Kharkov"},
        {"id": "ger-lf-4", "hex": "Poltava"},
        {"id": "ger-fk-iv", "hex": "Poltava"},
        {"id": "ger-jg-52", "hex": "Kharkov"},
        {"id": "sov-a-44", "hex": "3430"},
        {"id": "sov-vvs-k-f", "hex": "Stalino"},
        *(more or []),
    ]
    m = position(AIR, units, side="axis", dice=dice)
    to_movement(m, "axis")
    m.act(Action("axis", "activate", {"hq": "ger-lf-4"}))
    m.act(Action("axis", "end_ground"))
    m.act(Action("axis", "command", {"hq": "ger-lf-4", "unit": "ger-fk-iv"}))
    m.act(Action("axis", "command", {"hq": "ger-lf-4", "unit": "ger-jg-52"}))
    m.act(next(a for a in offered(m, "airdrop", "axis") if a.args["to"] == "3430"))
    return m


def test_escorts_and_interceptors_fight_before_the_drop_and_the_escort_shields_the_bomber() -> None:
    # Dice in order: JG 52's 4 and IV Fliegerkorps' 4 air-to-air dice (all miss), the Soviet
    # fighter's 4 (one hit on 6), then the 44th Army's 4 AA dice (one hit on 6).
    m = glider_raid([1, 1, 1, 1, 1, 1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1])
    escort = offered(m, "escort", "axis")
    assert {tuple(a.args["units"]) for a in escort} == {("ger-jg-52",), ()}  # 3.10: bomber + 1
    assert "JG 52" in text.describe(escort[0], m.view("axis"))
    m.act(next(a for a in escort if a.args["units"]))
    assert m.active_sides() == ["soviet"]
    scramble = offered(m, "scramble")
    assert {tuple(a.args["units"]) for a in scramble} == {("sov-vvs-k-f",), ()}
    assert m.view("soviet")["prompt"]["data"]["escorts"] == 1
    assert "sov-vvs-k-f" not in json.dumps(m.view("axis"))  # the raider does not know yet
    m.act(next(a for a in scramble if a.args["units"]))
    state = m.state
    steps = [e.data["step"] for e in state.log if e.kind == "fire"]
    assert steps == ["a2a", "a2a", "a2a", "aa"]  # 7.7.1 over the drop, then 7.7.2
    fighter, bomber, gliders = (state.pieces[u] for u in ("ger-jg-52", "ger-fk-iv", "ger-22ald"))
    assert fighter.step == 2  # both hits fall on the escort ...
    assert bomber.step == 0  # ... not on the bomber it shields (32.0, 23.0)
    assert gliders.step == 2  # and each is a hit on the glider troops too (23.0)
    board = state.w.board
    assert board.id_of(gliders.node) == "3430"
    assert board.id_of(fighter.node) == "3430"  # the escort stays over the battle
    assert fighter.base == board.node("Kharkov")  # from its base
    assert "sov-vvs-k-f" in json.dumps(m.view("axis"))  # revealed by the fight
    lines = [text.log_line(e.to_json(), m.view("axis")) for e in state.log]
    assert any("intercept the airborne assault" in line for line in lines)
    assert any("escort the airborne assault" in line for line in lines)


def test_the_escort_hits_the_interceptor_and_unescorted_paratroopers_take_every_hit() -> None:
    m = glider_raid([6, 6, 1, 1] + [1] * 12)
    m.act(next(a for a in offered(m, "escort", "axis") if a.args["units"]))
    m.act(next(a for a in offered(m, "scramble") if a.args["units"]))
    assert m.state.pieces["sov-vvs-k-f"].step == 2  # JG 52's two hits
    # Soviet paratroopers without escort, a German fighter at Poltava meets them.
    m = paras_at_kharkov(
        units=[{"id": ENEMY, "hex": "3430"}, {"id": "ger-jg-52", "hex": "Poltava"}],
        dice=[6, 6, 1, 1] + [1] * 8,
    )
    m.act(next(a for a in offered(m, "airdrop") if a.args["to"] == "3430"))
    assert m.active_sides() == ["axis"]  # no Soviet fighter to escort: the Axis answers
    m.act(next(a for a in offered(m, "scramble", "axis") if a.args["units"]))
    assert m.state.pieces[PARAS].step == 2  # two air-to-air hits, no AA hit


def test_interceptors_kept_home_leave_the_drop_to_the_anti_aircraft_fire() -> None:
    m = glider_raid([1] * 12, more=[])
    m.act(next(a for a in offered(m, "escort", "axis") if not a.args["units"]))
    assert offered(m, "scramble") != []  # the Soviet fighter may still meet the bombers
    m.act(next(a for a in offered(m, "scramble") if not a.args["units"]))
    assert [e.data["step"] for e in m.state.log if e.kind == "fire"] == ["aa"]
    assert m.state.w.board.id_of(m.state.pieces["ger-22ald"].node) == "3430"
    assert m.state.pieces["sov-vvs-k-f"].status == "map"
    assert not m.state.pieces["sov-vvs-k-f"].revealed


def test_the_computer_sends_every_fighter_it_can() -> None:
    m = glider_raid([1] * 20)
    agent = HeuristicAgent(seed=1)
    choice = agent.choose(m.view("axis"), m.legal_actions("axis"))
    assert choice.verb == "escort"
    assert choice.args["units"] == ["ger-jg-52"]
    m.act(choice)
    choice = agent.choose(m.view("soviet"), m.legal_actions("soviet"))
    assert choice.args["units"] == ["sov-vvs-k-f"]
