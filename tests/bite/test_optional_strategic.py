"""Optional rules 34.0 (the Lend-Lease Act) and 35.0-35.2 (strategic warfare), on positions
of the real map (SBE9, the Advanced Game).

Lend-Lease: the Turn Record Chart's armour and air PP reach the Soviets by the Pacific,
Arctic and Persian routes at the start of their Production Phase, while each route's
landing place is Soviet and linked to Siberia; they pay armour and air steps alone and
are lost when the phase ends. Strategic warfare: the Axis strikes the Arctic and Persian
convoys before that phase (35.2), and before the Axis Production Phase the Western bombers
raid German factory cities against the Reich's fighters and AA (35.1).
"""

from __future__ import annotations

from typing import Any

import pytest

from hexfront.engine.errors import IllegalAction
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import forces, text
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import lend_lease, resources, strategic
from hexfront.games.bite.state import BiteState

GAME = Bite()
LL = {"or34_lend_lease": True, "or35_strategic_warfare": False}
ALL = {"or34_lend_lease": True, "or35_strategic_warfare": True}
NONE = {"or34_lend_lease": False, "or35_strategic_warfare": False}
SEP_1941, JUN_1942, AUG_1942, JUN_1943 = (
    forces.turn_of(1941, 9),
    forces.turn_of(1942, 6),
    forces.turn_of(1942, 8),
    forces.turn_of(1943, 6),
)
ESSEN, BERLIN = "0420", "1121"


def soviet_production(
    turn: int, options: dict[str, Any], units: list[dict[str, Any]] | None = None, **extra: Any
) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE9",
            "turn": turn,
            "side": "soviet",
            "phase": "production",
            "weather": "good",
            "reinforcements": False,
            "unit": units or [{"id": "sov-a-44", "hex": "Baku"}],
            "options": options,
            **extra,
        },
    )


def axis_production(
    turn: int, options: dict[str, Any], units: list[dict[str, Any]] | None = None, **extra: Any
) -> Match[BiteState]:
    return Match.from_position(
        GAME,
        {
            "scenario": "SBE9",
            "turn": turn,
            "side": "axis",
            "phase": "production",
            "weather": "good",
            "reinforcements": False,
            "unit": units or [{"id": "sov-a-44", "hex": "Baku"}],
            "options": options,
            **extra,
        },
    )


def events(m: Match[BiteState], kind: str) -> list[dict[str, Any]]:
    return [dict(e.data) for e in m.state.log if e.kind == kind]


def lent(m: Match[BiteState]) -> dict[str, int]:
    return dict(lend_lease.pool(m.state))


def wealth(m: Match[BiteState], power: str) -> int:
    """Yellow PP and every coloured pool of a power, summed."""
    return m.state.pp.get(power, 0) + sum(resources.pool(m.state, power).values())


# --- 34.0: what arrives when ----------------------------------------------------------------


def test_september_1941_brings_8_pp_by_the_pacific_and_arctic_routes() -> None:
    # 34.0: from September 1941, 8 PP: 5 armour and 3 air (3+2 Vladivostok, 2+1 Murmansk).
    m = soviet_production(SEP_1941, LL)
    assert lent(m) == {"red": 5, "blue": 3}
    arrived = {e["route"]: (e["red"], e["blue"]) for e in events(m, "lend_lease_arrives")}
    assert arrived == {"pacific": (3, 2), "arctic": (2, 1)}


@pytest.mark.parametrize(
    ("turn", "red", "blue"),
    [(JUN_1942, 6, 4), (JUN_1943, 3, 8)],
)
def test_the_table_grows_with_the_persian_corridor(turn: int, red: int, blue: int) -> None:
    # 34.0: 10 PP from June 1942 (6 armour, 4 air), 11 PP from June 1943 (3 armour, 8 air).
    m = soviet_production(turn, LL)
    assert lent(m) == {"red": red, "blue": blue}
    assert "persia" in {e["route"] for e in events(m, "lend_lease_arrives")}


def test_nothing_arrives_before_september_1941() -> None:
    m = soviet_production(forces.turn_of(1941, 8), LL)
    assert lent(m) == {}
    assert events(m, "lend_lease_arrives") == []


def test_the_arctic_route_is_cut_when_murmansk_and_archangel_fall() -> None:
    m = soviet_production(SEP_1941, LL, control={"axis": ["Murmansk", "Archangel"]})
    assert events(m, "lend_lease_cut") == [{"route": "arctic", "pp": 3}]
    assert lent(m) == {"red": 3, "blue": 2}  # the Pacific route alone
    # One port is enough.
    m = soviet_production(SEP_1941, LL, control={"axis": ["Murmansk"]})
    assert events(m, "lend_lease_cut") == []
    assert lent(m) == {"red": 5, "blue": 3}


def test_the_persian_corridor_waits_for_persia_to_fall_under_rule_37() -> None:
    # 37.0: the corridor opens nine months after Persia's fall; it has not fallen here.
    m = soviet_production(JUN_1942, {**LL, "or37_persia": True})
    assert {"route": "persia", "pp": 2} in events(m, "lend_lease_cut")
    assert lent(m) == {"red": 5, "blue": 3}


def test_an_axis_held_teheran_closes_the_corridor() -> None:
    m = soviet_production(JUN_1942, LL, control={"axis": ["Teheran"]})
    assert {"route": "persia", "pp": 2} in events(m, "lend_lease_cut")


def test_without_the_rule_nothing_arrives_and_the_state_is_untouched() -> None:
    m = soviet_production(SEP_1941, NONE)
    assert lend_lease.POOL not in m.state.flags
    assert events(m, "lend_lease_arrives") == []
    assert "lend_lease" not in m.view("soviet")
    assert not [a for a in m.legal_actions("soviet") if "lend_lease" in a.args]


# --- 34.0: spending ----------------------------------------------------------------------------


TANKS = "sov-mc-1"  # a Soviet tank unit


def test_lend_lease_pays_an_armour_step_with_no_yellow_beside_it() -> None:
    units = [{"id": TANKS, "hex": "Moscow", "strength": 2}]
    m = soviet_production(SEP_1941, LL, units)
    repairs = [
        a for a in m.legal_actions("soviet") if a.verb == "repair" and a.args["unit"] == TANKS
    ]
    paid = [a for a in repairs if a.args.get("lend_lease") == "red"]
    assert len(paid) == 1
    yellow, red = m.state.pp.get("ussr", 0), resources.coloured(m.state, "ussr", "red")
    cost = int(paid[0].args["pp"])
    m.act(paid[0])
    assert m.state.pp.get("ussr", 0) == yellow  # no yellow PP spent
    assert resources.coloured(m.state, "ussr", "red") == red  # nor the Soviet factories' red
    assert lent(m)["red"] == 5 - cost
    assert events(m, "lend_lease_spent") == [{"colour": "red", "pp": cost}]
    words = text.describe(paid[0], m.view("soviet"))
    assert "Lend-Lease armour PP" in words


def test_a_unit_rebuilt_with_lend_lease_may_appear_in_a_major_city_without_factory() -> None:
    units = [{"id": "sov-vvs-w-f", "hex": "Moscow", "status": "eliminated"}]
    m = soviet_production(JUN_1943, LL, units)
    rebuilds = [a for a in m.legal_actions("soviet") if a.verb == "rebuild"]
    with_aid = {a.args["hex"] for a in rebuilds if a.args.get("lend_lease") == "blue"}
    plain = {a.args["hex"] for a in rebuilds if "lend_lease" not in a.args}
    assert with_aid - plain  # cities with no aircraft factory take it too
    board = m.state.w.board
    sites = [board.sites[board.node(h)] for h in with_aid]
    assert all(site.type in ("major", "capital") for site in sites)
    assert any("blue" not in site.factories for site in sites)


def test_a_rebuild_paid_with_lend_lease_places_the_unit_and_spends_no_yellow() -> None:
    units = [{"id": "sov-vvs-w-f", "hex": "Moscow", "status": "eliminated"}]
    m = soviet_production(JUN_1943, LL, units)
    rebuilds = [
        a
        for a in m.legal_actions("soviet")
        if a.verb == "rebuild" and a.args.get("lend_lease") == "blue"
    ]
    board = m.state.w.board
    [act] = [a for a in rebuilds if "blue" not in board.sites[board.node(a.args["hex"])].factories][
        :1
    ]
    yellow, blue = m.state.pp.get("ussr", 0), resources.coloured(m.state, "ussr", "blue")
    m.act(act)
    piece = m.state.pieces["sov-vvs-w-f"]
    assert piece.status == "map"
    assert board.id_of(piece.node) == act.args["hex"]
    assert m.state.pp.get("ussr", 0) == yellow
    assert resources.coloured(m.state, "ussr", "blue") == blue
    assert lent(m)["blue"] == 8 - int(act.args["pp"])


def test_the_basic_game_plays_neither_rule() -> None:
    # SBE3 is a basic-game scenario: its PP are the booklet's abstract yellow ones.
    soviet = Match.from_position(
        GAME,
        {"scenario": "SBE3", "turn": 4, "side": "soviet", "phase": "production", "options": ALL},
    )
    assert lend_lease.POOL not in soviet.state.flags
    assert events(soviet, "lend_lease_arrives") == []
    axis = Match.from_position(
        GAME,
        {"scenario": "SBE3", "turn": 4, "side": "axis", "phase": "production", "options": ALL},
    )
    assert axis.state.stack[-1].proc == "production"
    assert "strategic_warfare" not in axis.view("axis")


def test_unspent_lend_lease_is_lost_when_the_phase_ends() -> None:
    m = soviet_production(SEP_1941, LL)
    m.act(Action("soviet", "done"))
    assert lend_lease.POOL not in m.state.flags
    assert events(m, "lend_lease_lost") == [{"red": 5, "blue": 3}]


def test_the_view_shows_the_routes_and_the_pool() -> None:
    m = soviet_production(JUN_1942, ALL)
    for side in ("axis", "soviet"):
        track = m.view(side)["lend_lease"]
        assert [r["route"] for r in track["routes"]] == ["pacific", "arctic", "persia"]
        pacific = track["routes"][0]
        assert (pacific["armor"], pacific["air"], pacific["open"]) == (3, 2, True)
        assert pacific["convoys_attacked"] is False
        assert track["pool"] == lent(m)


# --- 35.2: convoy attacks -----------------------------------------------------------------------


def test_u_boats_and_bombers_sink_the_arctic_cargo() -> None:
    # Arctic route, September 1941: Narvik's U-boats roll 3 dice hitting on 6, FFN's bombers
    # 2 dice hitting on 5-6: 6, 6 and 5 are three hits, the whole cargo of 3 PP.
    m = soviet_production(SEP_1941, ALL, dice=[6, 6, 1, 5, 1])
    [attack] = events(m, "convoy_attack")
    assert attack == {"route": "arctic", "hits": 3, "red": 2, "blue": 1}
    assert lent(m) == {"red": 3, "blue": 2}  # the Pacific route is never struck


def test_excess_hits_on_a_convoy_are_lost() -> None:
    # Persian Corridor, June 1942: 2 PP; Monsoon 2 dice and the Marcello 1, all on 6.
    m = soviet_production(JUN_1942, ALL, dice=[1, 1, 1, 1, 1, 6, 6, 6])
    attacks = {e["route"]: e for e in events(m, "convoy_attack")}
    assert attacks["arctic"]["hits"] == 0
    assert attacks["persia"] == {"route": "persia", "hits": 3, "red": 1, "blue": 1}
    line = text.log_line({"kind": "convoy_attack", "data": attacks["persia"]})
    assert "35.2" in line
    assert "Persian Corridor" in line


# --- 35.1: the air war over Germany ---------------------------------------------------------


def raid(m: Match[BiteState], unit: str, hex_id: str) -> None:
    [act] = [
        a
        for a in m.legal_actions("soviet")
        if a.verb == "raid" and a.args["unit"] == unit and a.args["hex"] == hex_id
    ]
    m.act(act)


def stay(m: Match[BiteState], unit: str) -> Action:
    [act] = [a for a in m.legal_actions("axis") if a.verb == "stay" and a.args["unit"] == unit]
    return act


def test_the_air_war_over_germany() -> None:
    # August 1942: two British groups and the American 8th Air Force fly.
    dice = [
        *[6, 1, 1, 1, 1, 1, 1, 1],  # over Essen, 8 bomber dice on 6: 1 hit on FJ2
        *[5, 6, 1, 1],  # FJ2's 4 dice on 5-6: 2 hits, on the strongest bombers
        *[6, 1, 1, 1, 1, 1],  # the AA's 6 dice on 6: 1 hit, on the 8th Air Force
        *[5, 1, 1],  # 4th Group (3 steps) bombs Essen on 5-6: 1 hit
        *[1, 1, 1],  # 5th Group: none
        *[6, 6, 5],  # 8th Air Force (3 steps) bombs Berlin: 3 hits
    ]
    m = axis_production(AUG_1942, ALL, dice=dice)
    assert m.state.stack[-1].proc == "airwar"
    assert strategic.western_bombers(m.state) == ["uk-bg-4", "uk-bg-5", "us-af-8"]
    raid(m, "uk-bg-4", ESSEN)
    raid(m, "uk-bg-5", ESSEN)
    # 35.1: at most two bombers over one city.
    assert ESSEN not in {a.args.get("hex") for a in m.legal_actions("soviet")}
    with pytest.raises(IllegalAction):
        m.act(Action("soviet", "raid", {"unit": "us-af-8", "hex": ESSEN, "pp": 5, "name": "x"}))
    raid(m, "us-af-8", BERLIN)
    # The Axis answers: FJ2 over Essen, FK9 stays home.
    [over_essen] = [
        a for a in m.legal_actions("axis") if a.verb == "intercept" and a.args["hex"] == ESSEN
    ]
    assert over_essen.args["unit"] == "gst-fj2"
    m.act(over_essen)
    m.act(stay(m, "gst-fk9"))
    assert m.state.phase == "production"
    [fight] = events(m, "airwar_air_combat")
    assert fight == {
        "hex": ESSEN,
        "bombers": 2,
        "fighters": 1,
        "bomber_hits": 2,
        "fighter_hits": 1,
    }
    assert events(m, "airwar_unopposed") == [{"hex": BERLIN, "bombers": 1}]
    assert events(m, "airwar_aa") == [{"hits": 1}]
    bombs = {e["unit"]: e["hits"] for e in events(m, "airwar_bombs")}
    assert bombs == {"uk-bg-4": 1, "uk-bg-5": 0, "us-af-8": 3}
    [losses] = events(m, "airwar_losses")
    assert sum(losses.values()) == 4
    assert strategic.interceptor_strengths(m.state) == {"gst-fj2": 3, "gst-fk9": 4}
    # Without the raid Germany would hold 4 PP more.
    quiet = axis_production(AUG_1942, ALL)
    quiet.act(Action("soviet", "done"))
    assert events(quiet, "airwar_quiet") == [{}]
    assert wealth(quiet, "germany") - wealth(m, "germany") == 4
    # FJ2's lost step is bought back in this Production Phase (yellow and blue PP).
    [fix] = [a for a in m.legal_actions("axis") if a.verb == "repair_interceptor"]
    assert fix.args == {"unit": "gst-fj2", "pp": 1, "colour": "blue", "name": "FJ2"}
    before = wealth(m, "germany")
    m.act(fix)
    assert strategic.interceptor_strengths(m.state)["gst-fj2"] == 4
    assert wealth(m, "germany") == before - 2
    # The repair is the Axis' secret (1.3): the Soviets read the PP spent, not the strength.
    axis_log = [e for e in m.view("axis")["log"] if e["kind"] == "interceptor_repaired"]
    assert [e["data"]["strength"] for e in axis_log] == [4]
    assert all(e["kind"] != "interceptor_repaired" for e in m.view("soviet")["log"])


def test_bad_weather_halves_the_air_fire_but_not_the_bombs() -> None:
    m = axis_production(AUG_1942, ALL, weather="snow")
    raid(m, "uk-bg-4", ESSEN)
    raid(m, "uk-bg-5", ESSEN)
    m.act(Action("soviet", "done"))
    [fj2] = [a for a in m.legal_actions("axis") if a.args.get("hex") == ESSEN]
    m.act(fj2)
    m.act(stay(m, "gst-fk9"))
    rolls = [len(e.data["dice"]) for e in m.state.log if e.kind == "roll"]
    # bombers 8 -> 4, FJ2 4 -> 2, AA 6 -> 3; then each surviving bomber's own steps
    assert rolls[:3] == [4, 2, 3]
    assert all(n <= 4 for n in rolls[3:])


def test_a_german_fighter_based_in_germany_may_join_and_is_hit() -> None:
    units = [{"id": "sov-a-44", "hex": "Baku"}, {"id": "ger-jg-54", "hex": "Berlin"}]
    m = axis_production(AUG_1942, ALL, units, dice=[6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1])
    raid(m, "uk-bg-4", BERLIN)
    m.act(Action("soviet", "done"))
    m.act(stay(m, "gst-fj2"))
    m.act(stay(m, "gst-fk9"))
    [home] = [a for a in m.legal_actions("axis") if a.verb == "intercept"]
    assert home.args["unit"] == "ger-jg-54"
    # The Soviet view's stack never names the fighter.
    assert "ger-jg-54" not in str(m.view("soviet")["stack"])
    full = m.state.strength(m.state.pieces["ger-jg-54"])
    m.act(home)
    # 4 bomber dice all hit: the fighter loses 4 steps (or is shot down).
    piece = m.state.pieces["ger-jg-54"]
    assert piece.status != "map" or m.state.strength(piece) < full
    assert "ger-jg-54" not in str(m.view("soviet")["log"])


def test_the_view_shows_the_strategic_war() -> None:
    m = axis_production(AUG_1942, ALL)
    for side in ("axis", "soviet"):
        track = m.view(side)["strategic_warfare"]
        assert track["western_bombers"] == 3
        assert track["hits"] == {"bombers_a2a": 6, "fighters_a2a": 5, "aa": 6, "bombs": 5}
    # The interceptors are Axis blocks: the Soviets learn their number, not their strength
    # (1.3), neither in the track nor in the flags (issue 20).
    assert m.view("axis")["strategic_warfare"]["interceptors"] == [4, 4]
    soviet = m.view("soviet")
    assert "interceptors" not in soviet["strategic_warfare"]
    assert soviet["strategic_warfare"]["interceptor_count"] == 2
    assert strategic.INTERCEPTORS not in soviet["flags"]
    assert "strategic_warfare" not in axis_production(AUG_1942, LL).view("axis")


def test_the_hit_numbers_improve_with_the_months() -> None:
    # 35.1: bombers 5-6 in the air from January 1943, fighters 4-6 from May 1944, AA 5-6
    # from October 1944, bombs 4-6 from January 1944.
    assert strategic.hit_numbers(forces.turn_of(1943, 1))["bombers_a2a"] == 5
    assert strategic.hit_numbers(forces.turn_of(1942, 12))["bombers_a2a"] == 6
    assert strategic.hit_numbers(forces.turn_of(1944, 5))["fighters_a2a"] == 4
    assert strategic.hit_numbers(forces.turn_of(1944, 10))["aa"] == 5
    assert strategic.hit_numbers(forces.turn_of(1944, 1))["bombs"] == 4
    assert strategic.hit_numbers(forces.turn_of(1943, 12))["bombs"] == 5


def test_without_rule_35_the_axis_production_opens_at_once() -> None:
    m = axis_production(AUG_1942, LL)
    assert m.state.stack[-1].proc == "production"
    assert events(m, "strategic_warfare") == []
    assert strategic.INTERCEPTORS not in m.state.flags


def test_the_heuristic_agent_raids_and_intercepts() -> None:
    from hexfront.ai.bite_heuristic import HeuristicAgent

    m = axis_production(AUG_1942, ALL)
    soviet, axis = HeuristicAgent(seed=1), HeuristicAgent(seed=2)
    for _ in range(20):
        if m.state.stack[-1].proc != "airwar":
            break
        [side] = m.active_sides()
        agent = soviet if side == "soviet" else axis
        m.act(agent.choose(m.view(side), m.legal_actions(side)))
    assert len(events(m, "airwar_raid")) == 3  # every bomber flies
    assert events(m, "airwar_air_combat")  # the interceptors rise against them


def test_the_air_war_reads_as_sentences() -> None:
    samples = {
        "airwar_raid": {"unit": "us-af-8", "hex": BERLIN},
        "airwar_air_combat": {
            "hex": ESSEN,
            "bombers": 2,
            "fighters": 1,
            "bomber_hits": 2,
            "fighter_hits": 1,
        },
        "airwar_bombs": {"unit": "uk-bg-4", "hex": ESSEN, "hits": 1, "yellow": 1},
        "lend_lease_arrives": {"route": "arctic", "red": 2, "blue": 1},
    }
    for kind, data in samples.items():
        line = text.log_line({"kind": kind, "data": data})
        assert "_" not in line, line
        assert "=" not in line, line
        assert "35." in line or "34.0" in line, line
