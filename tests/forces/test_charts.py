"""Tech Level Chart, TECH schedule and Turn Record Chart."""

from __future__ import annotations

import pytest

from hexfront.games.bite import forces
from hexfront.games.bite.forces import calendar, firepower, tech_level, turn_info, unit


@pytest.mark.parametrize(
    ("nation", "fld", "turn", "level"),
    [
        ("germany", "infantry", 1, 2),
        ("germany", "infantry", 40, 2),
        ("germany", "infantry", 41, 3),
        ("ussr", "infantry", 9, 1),
        ("ussr", "infantry", 10, 2),
        ("ussr", "infantry", 40, 3),
        ("ussr", "armor", 17, 1),
        ("ussr", "armor", 18, 2),
        ("ussr", "armor", 38, 3),
        ("ussr", "fighter", 20, 2),
        ("ussr", "bomber", 27, 1),
        ("ussr", "bomber", 28, 2),
        ("germany", "armor", 26, 3),
        ("germany", "fighter", 36, 3),
        ("germany", "bomber", 46, 3),
        ("romania", "armor", 25, 1),
        ("hungary", "armor", 26, 2),
        ("finland", "infantry", 1, 2),
        ("finland", "armor", 1, 1),
        ("italy", "infantry", 49, 1),
    ],
)
def test_tech_schedule(nation: str, fld: str, turn: int, level: int) -> None:
    assert tech_level(nation, fld, turn) == level


def test_ussr_never_reaches_air_tech_3_nor_germany_armor_4() -> None:
    assert max(tech_level("ussr", "fighter", t) for t in range(1, 50)) == 2
    assert max(tech_level("ussr", "bomber", t) for t in range(1, 50)) == 2
    assert max(tech_level("germany", "armor", t) for t in range(1, 50)) == 3


def test_firepower_from_the_text() -> None:
    inf = firepower(unit("ger-c-i"), 1)
    assert (inf.attack, inf.defence, inf.mp) == (6, 6, 4)
    assert "desperate_attack" in inf.abilities
    sov = firepower(unit("sov-a-3"), 1)
    assert (sov.attack, sov.defence, sov.mp) == (6, 6, 3)
    assert firepower(unit("sov-a-3"), 40).defence == 5  # TECH 3 infantry +1 defence
    tank = firepower(unit("sov-mc-6"), 1)
    assert (tank.attack, tank.defence) == (6, 5)  # tanks defend at 5-6 from TECH 1
    assert firepower(unit("ger-pz-xxxxi"), 26).attack == 4  # heavy tanks
    art = firepower(unit("ger-a-4"), 1)
    assert (art.attack, art.defence) == (5, 5)  # 6.1.4 example: AA at 5&6
    fin_art_mp = firepower(unit("fin-c-vii"), 1).mp
    assert fin_art_mp == 4  # Finnish infantry class at TECH 2
    ger_f = firepower(unit("ger-jg-51"), 1)
    assert (ger_f.a2a, ger_f.a2g, ger_f.range) == (5, 6, 5)
    sov_f = firepower(unit("sov-pvo-moscow"), 1)
    assert (sov_f.a2a, sov_f.a2g) == (6, 0)
    assert firepower(unit("sov-pvo-moscow"), 20).a2a == 5
    ger_b = firepower(unit("ger-fk-ii"), 1)
    assert (ger_b.a2a, ger_b.a2g) == (6, 5)
    sov_b = firepower(unit("sov-vvs-w-b"), 1)
    assert (sov_b.a2a, sov_b.a2g, sov_b.range) == (0, 6, 10)
    assert firepower(unit("sov-add-1"), 1).range == 15
    assert firepower(unit("ger-fhq"), 1).defence == 4  # IT 13.8
    assert firepower(unit("sov-stavka"), 1).defence == 5
    assert firepower(unit("sov-sh-1"), 6).mp == 4  # Shock Armies TECH 2, 4 MP
    assert firepower(unit("sov-cc-2"), 1).mp == 4  # cavalry +1 MP
    assert "katyusha" in firepower(unit("sov-art-7"), 26).abilities
    assert "blitz" not in firepower(unit("sov-mc-12"), 1).abilities  # Soviet TECH 1 tankette
    assert "blitz" in firepower(unit("sov-mc-12"), 18).abilities
    assert firepower(unit("sov-ur-kiev"), 1).attack == 0  # static infantry never attacks


def test_calendar_rows_and_dates() -> None:
    rows = calendar()
    assert len(rows) == 49
    assert (rows[0].year, rows[0].month) == (1941, 6)
    assert (rows[-1].year, rows[-1].month) == (1945, 6)
    assert [r.turn for r in rows] == list(range(1, 50))
    for r in rows:
        if r.month in (5, 10):
            assert r.weather == "variable"
        else:
            assert r.weather in ("good", "rain", "snow")
    # Every 3.13 breakthrough is on the chart at its turn.
    for turn, ev in [
        (10, "tech:ussr:infantry:2"),
        (18, "tech:ussr:armor:2"),
        (20, "tech:ussr:fighter:2"),
        (26, "tech:germany:armor:3"),
        (28, "tech:ussr:bomber:2"),
        (36, "tech:germany:fighter:3"),
        (38, "tech:ussr:armor:3"),
        (40, "tech:ussr:infantry:3"),
        (41, "tech:germany:infantry:3"),
        (46, "tech:germany:bomber:3"),
    ]:
        assert ev in turn_info(turn).events
        _, nation, fld, level = ev.split(":")
        assert tech_level(nation, fld, turn) == int(level)
        assert tech_level(nation, fld, turn - 1) == int(level) - 1


def test_tech_events_and_schedule_agree() -> None:
    # No breakthrough in the schedule without its event on the chart, and vice versa.
    events = {ev for r in calendar() for ev in r.events if ev.startswith("tech:")}
    for nation in ("germany", "ussr"):
        for fld in forces.FIELDS:
            for t in range(2, 50):
                now, before = tech_level(nation, fld, t), tech_level(nation, fld, t - 1)
                if now != before:
                    assert f"tech:{nation}:{fld}:{now}" in turn_info(t).events
                    events.discard(f"tech:{nation}:{fld}:{now}")
    assert not events


def test_lend_lease_per_route() -> None:
    assert turn_info(3).lend_lease_total == 0
    assert turn_info(4).lend_lease_total == 8
    assert dict(turn_info(4).lend_lease["pacific"]) == {"armor": 3, "air": 2}
    assert turn_info(12).lend_lease_total == 8
    assert turn_info(13).lend_lease_total == 10
    assert "persia" in turn_info(13).lend_lease
    t25 = turn_info(25)
    assert t25.lend_lease_total == 11
    assert sum(v["armor"] for v in t25.lend_lease.values()) == 3
    assert sum(v["air"] for v in t25.lend_lease.values()) == 8


def test_winter_windows_and_italy() -> None:
    assert forces.in_window("axis_first_winter", 7)
    assert forces.in_window("axis_first_winter", 10)
    assert not forces.in_window("axis_first_winter", 11)
    assert forces.axis_srm_limit(6) == 1
    assert forces.axis_srm_limit(19) == 2
    assert forces.axis_srm_limit(30) is None
    assert [forces.italy_surrender_max_roll(t) for t in (25, 26, 27, 28, 29, 40)] == [
        0,
        1,
        2,
        4,
        5,
        5,
    ]
    assert turn_info(7).weather == "snow"
    assert turn_info(1).weather == "good"


def test_turn_of() -> None:
    assert forces.turn_of(1943, 7) == 26
    with pytest.raises(ValueError, match="outside"):
        turn_info(50)


def test_class_families_match_the_chart() -> None:
    chart = forces.tech_chart().classes
    assert {c: fam for c, (fam, _) in chart.items()} == forces.CLASS_FAMILY
    assert forces.field_of("armor_hq") == "armor"
    assert forces.field_of("submarine") == "none"
