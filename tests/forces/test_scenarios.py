"""Scenarios SBE1-SBE9: incomes, setups and victory tables as the booklet gives them."""

from __future__ import annotations

import pytest

from hexfront.games.bite.catalog import scenarios as catalogue
from hexfront.games.bite.forces import Outcome, scenario, scenarios

INCOME = {
    "SBE1": {"germany": {"yellow": 5}, "ussr": {"yellow": 10}},
    "SBE2": {"germany": {"yellow": 5}, "ussr": {"yellow": 20}},
    "SBE3": {"germany": {"yellow": 5}, "romania": {"yellow": 2}, "hungary": {"yellow": 1},
             "ussr": {"yellow": 15}},
    "SBE4": {"germany": {"yellow": 15}, "romania": {"yellow": 2}, "hungary": {"yellow": 1},
             "ussr": {"yellow": 46}},
    "SBE5": {
        "germany": {"yellow": 24, "armor": 3, "air": 9, "oil": 10},
        "romania": {"yellow": 2, "oil": 2},
        "hungary": {"yellow": 1, "oil": 1},
        "ussr": {"yellow": 46, "armor": 7, "air": 6},
    },
    "SBE6": {
        "germany": {"yellow": 36, "armor": 8, "air": 12, "oil": 12},
        "romania": {"yellow": 2, "oil": 2},
        "hungary": {"yellow": 1, "oil": 1},
        "ussr": {"yellow": 34, "armor": 12, "air": 12},
    },
    "SBE7": {
        "germany": {"yellow": 37, "armor": 13, "air": 15, "oil": 14},
        "romania": {"yellow": 2, "oil": 2},
        "hungary": {"yellow": 1, "oil": 1},
        "ussr": {"yellow": 34, "armor": 18, "air": 18},
    },
    "SBE8": {
        "germany": {"yellow": 28, "armor": 15, "air": 18, "oil": 14},
        "romania": {"yellow": 2, "oil": 2},
        "hungary": {"yellow": 1, "oil": 1},
        "ussr": {"yellow": 43, "armor": 18, "air": 18},
    },
    "SBE9": {
        "germany": {"yellow": 24, "armor": 3, "air": 9, "oil": 10},
        "romania": {"yellow": 2, "oil": 2},
        "hungary": {"yellow": 1, "oil": 1},
        "ussr": {"yellow": 46, "armor": 7, "air": 6},
    },
}  # fmt: skip
FROM = {
    "SBE1": 2,
    "SBE2": 2,
    "SBE3": 2,
    "SBE4": 2,
    "SBE5": 2,
    "SBE6": 13,
    "SBE7": 25,
    "SBE8": 37,
    "SBE9": 2,
}


@pytest.mark.parametrize("sid", sorted(INCOME))
def test_income_is_exactly_the_text(sid: str) -> None:
    s = scenario(sid)
    assert {k: dict(v) for k, v in s.income.items()} == INCOME[sid]
    assert s.income_from_turn == FROM[sid]


def test_catalogue_and_definitions_agree() -> None:
    cat = {c.id: c for c in catalogue()}
    for s in scenarios():
        assert cat[s.id].name == s.name
        assert cat[s.id].turns == s.turns
        assert cat[s.id].rules == s.rules
    assert [s.end_turn for s in scenarios()] == [4, 4, 6, 3, 6, 18, 30, 49, 49]
    assert scenario("SBE8").first_deployer == "axis"
    assert all(s.first_deployer == "soviet" for s in scenarios() if s.id != "SBE8")


@pytest.mark.parametrize(
    ("vp", "winner", "level"),
    [
        (0, "soviet", "decisive"),
        (3, "soviet", "decisive"),
        (4, "soviet", "marginal"),
        (6, "soviet", "marginal"),
        (7, "draw", "draw"),
        (8, "axis", "marginal"),
        (18, "axis", "marginal"),
        (19, "axis", "decisive"),
        (40, "axis", "decisive"),
    ],
)
def test_sbe4_vp_table(vp: int, winner: str, level: str) -> None:
    assert scenario("SBE4").outcome_for_vp(vp) == Outcome(winner, level)


@pytest.mark.parametrize(
    ("vp", "winner", "level"),
    [
        (0, "soviet", "decisive"),
        (1, "draw", "draw"),
        (2, "axis", "marginal"),
        (3, "axis", "decisive"),
        (4, "axis", "decisive"),
    ],
)
def test_sbe5_vp_table(vp: int, winner: str, level: str) -> None:
    assert scenario("SBE5").outcome_for_vp(vp) == Outcome(winner, level)


def test_sbe4_vp_values() -> None:
    vp = scenario("SBE4").victory["vp"]
    assert vp["soviet_major_city"] == 1
    assert vp["places"] == {"Leningrad": 2, "Moscow": 3}
    assert set(scenario("SBE5").victory["vp"]["places"]) == {
        "Leningrad",
        "Moscow",
        "Stalingrad",
        "Baku",
    }


def test_count_tables() -> None:
    sbe3 = scenario("SBE3")
    assert [sbe3.outcome_for_vp(n).winner for n in range(4)] == ["soviet", "draw", "axis", "axis"]
    assert sbe3.outcome_for_vp(3).level == "decisive"
    sbe6 = scenario("SBE6")
    assert sbe6.outcome_for_vp(1) == Outcome("axis", "marginal")
    assert sbe6.outcome_for_vp(2) == Outcome("axis", "decisive")
    with pytest.raises(ValueError, match="no victory table"):
        scenario("SBE9").outcome_for_vp(1)


def test_special_rules_as_flags() -> None:
    for sid in ("SBE5", "SBE9"):
        f = scenario(sid).flags
        assert f["barbarossa_surprise"]
        assert f["frozen_units"]
        assert f["luftwaffe_total_supremacy"] == "optional"
    assert scenario("SBE9").flags["lssah_upgrade"]["turn"] == 44
    assert scenario("SBE6").flags["kerch_soviet_controlled"]
    assert scenario("SBE7").flags["soviet_infrastructure_complete"]
    for sid in ("SBE1", "SBE2", "SBE3", "SBE4"):
        assert scenario(sid).rules == "basic"
        assert "armor_hq" in scenario(sid).flags["basic_game_sets_aside"]
    sbe7 = scenario("SBE7").victory["condition"]
    assert sbe7[0]["min"] == 8
    assert sbe7[1]["min_units"] == 4
    deadlines = scenario("SBE8").victory["deadlines"]
    assert [(d["by_turn"], d["level"]) for d in deadlines] == [(43, "decisive"), (49, "marginal")]
