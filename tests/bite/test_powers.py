"""Fighting powers and unit classes (3.20, 5.1, 5.4, 6.1.3, 6.2.1, 6.4) on the real data."""

from __future__ import annotations

import pytest

from hexfront.games.bite import forces
from hexfront.games.bite.forces import firepower, tech_level, unit
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules.modifiers import AA, GROUND, BattleContext, modifiers
from hexfront.games.bite.rules.production import rebuild_cost

from .helpers import at_prompt, drive, move_targets, new_match
from .synthetic import SyntheticBoard, world
from .synthetic import unit as synthetic_unit

BASIC = ["SBE1", "SBE2", "SBE3", "SBE4"]
FIELDS = ("infantry", "armor", "fighter", "bomber")


def _basic_units(scenario: str) -> set[str]:
    w = Bite().world(scenario, {})
    placed = {uid for uid, _node, _s in w.scenario.placements}
    arriving = {r[0] for r in w.scenario.reinforcements}
    return placed | arriving


@pytest.mark.parametrize("scenario", BASIC)
def test_basic_game_leaves_out_rhg_slovaks_and_most_hqs(scenario: str) -> None:  # 3.20, 6.4
    uids = _basic_units(scenario)
    assert uids
    for uid in uids:
        u = unit(uid)
        assert u.nation != "slovakia", uid
        assert u.cls != "security", uid
        assert u.cls not in ("armor_hq", "air_hq", "navy_hq"), uid


def test_soviets_start_at_tech_one_in_every_field_and_germans_at_two() -> None:  # 5.1, 5.2
    assert [tech_level("ussr", f, 1) for f in FIELDS] == [1, 1, 1, 1]
    assert [tech_level("germany", f, 1) for f in FIELDS] == [2, 2, 2, 2]
    assert [tech_level("romania", f, 1) for f in FIELDS] == [1, 1, 1, 1]  # 5.3


def test_tech_breakthroughs_of_the_turn_record_chart() -> None:  # 3.13
    # March 1942 = turn 10, Nov 1942 = 18, Jan 1943 = 20, Jul 1943 = 26, Sep 1943 = 28.
    for nation, fld, turn, level in (
        ("ussr", "infantry", 10, 2),
        ("ussr", "armor", 18, 2),
        ("ussr", "fighter", 20, 2),
        ("germany", "armor", 26, 3),
        ("ussr", "bomber", 28, 2),
    ):
        assert tech_level(nation, fld, turn) == level
        assert tech_level(nation, fld, turn - 1) == level - 1


def _snow_mods(nation: str, cls: str = "infantry") -> tuple[int, int]:
    """Mali of a unit attacking, and of its AA, in clear terrain in snow."""
    b = SyntheticBoard(["." * 6] * 3, owner="ussr")
    piece_unit = synthetic_unit("x", cls, nation)
    m = new_match(world(b, [piece_unit], {"x": "0302"}, main_sources={}))
    m.state.weather = "snow"
    side = "soviet" if nation == "ussr" else "axis"
    ctx = BattleContext(b.node("0302"), side, "axis" if side == "soviet" else "soviet", 2)
    piece = m.state.pieces["x"]
    return modifiers(m.state, piece, ctx, GROUND).mali, modifiers(m.state, piece, ctx, AA).mali


def test_soviets_fight_in_snow_without_penalty() -> None:  # 5.1, 9.3
    assert _snow_mods("ussr") == (0, 0)
    assert _snow_mods("germany") == (1, 1)
    assert _snow_mods("germany", "mountain") == (0, 0)


def test_italians_are_never_rebuilt() -> None:  # 5.4
    state = Bite().setup("SBE4", {}, 1)
    italians = [u for u in forces.load_units() if u.nation == "italy" and u.id in state.pieces]
    assert italians  # the CSIR arrives during SBE4
    germans = [p for p in state.pieces.values() if state.spec(p).nation == "germany"]
    assert germans
    assert rebuild_cost(state, germans[0]) is not None
    for u in italians:
        assert rebuild_cost(state, state.pieces[u.id]) is None


def test_italians_stay_south_of_the_green_line_and_out_of_the_north() -> None:  # 5.4
    south = [f"{c:02d}{r:02d}" for c in range(1, 11) for r in range(3, 6)]
    poland = {f"{c:02d}01": "poland" for c in range(1, 11)}
    norway = {f"{c:02d}02": "norway" for c in range(1, 11)}
    board = SyntheticBoard(
        ["." * 10] * 5,
        owner="ussr",
        owners=poland | norway,
        zones={"green_line_south": south},
    )
    it = synthetic_unit("it", nation="italy")
    m = new_match(world(board, [it], {"it": "0503"}, main_sources={"italy": "0503"}))
    m.state.control[board.node("0503")] = "axis"
    drive(m, at_prompt("move", "axis"))
    targets = move_targets(m, "it")
    rows = {t[2:] for t in targets}
    assert "04" in rows  # south of the line
    assert "02" not in rows  # not in Norway, not north of the line in the USSR


def _infantry_row(nation: str, turn: int) -> tuple[int, int, int]:
    level = forces.unit_tech(
        next(u for u in forces.load_units() if u.nation == nation and u.cls == "infantry"), turn
    )
    e = forces.tech_entry("infantry", nation, level)
    return e.attack, e.defence, e.mp


@pytest.mark.parametrize("turn", [1, 10, 30, 45])
def test_cavalry_fights_as_infantry_and_moves_one_more(turn: int) -> None:  # 6.1.3
    cavalry = [u for u in forces.load_units() if u.cls == "cavalry"]
    assert cavalry
    for u in cavalry:
        if u.overrides:
            continue
        f = firepower(u, turn)
        attack, defence, mp = _infantry_row(u.nation, turn)
        assert (f.attack, f.defence, f.mp) == (attack, defence, mp + 1), u.id


def test_tankettes_improve_at_tech_two_and_three() -> None:  # 6.2.1
    t1, t2, t3 = (forces.tech_entry("tankette", "*", level) for level in (1, 2, 3))
    assert t2.mp > t1.mp  # faster
    assert t2.defence == t1.defence - 1  # one Bonus in defence
    assert t2.attack == t1.attack
    for ability in ("blitz", "exploit", "panzers_attack", "desperate_attack", "reserve_mode"):
        assert ability not in t1.abilities
        assert ability in t2.abilities
    assert (t3.attack, t3.defence) == (t2.attack - 1, t2.defence - 1)  # one more Bonus each


def test_supreme_hqs_have_anti_aircraft_fire() -> None:  # 6.4, 6.5
    for uid in ("ger-fhq", "sov-stavka"):
        assert firepower(unit(uid), 1).defence > 0
