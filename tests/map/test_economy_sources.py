"""``map check``'s income targets are the scenario files' figures, not numbers of its own."""

from __future__ import annotations

import pytest

from hexfront.games.bite import forces, mapcheck
from hexfront.games.bite.map import load_map


def test_the_1941_targets_are_sbe5s_incomes_plus_the_soviet_tech_deduction() -> None:
    booklet = forces.scenario("SBE5").income
    targets = mapcheck.income_1941()
    assert targets["germany"] == {"yellow": 24, "red": 3, "blue": 9, "black": 10}
    assert targets["ussr"]["yellow"] == booklet["ussr"]["yellow"] + 4
    assert targets["ussr"]["red"] == booklet["ussr"]["armor"]


def test_the_later_targets_are_read_from_sbe6_to_sbe8() -> None:
    later = mapcheck.economy(load_map())["later_years"]
    for year, sid in mapcheck.LATER_SCENARIOS.items():
        income = forces.scenario(sid).income
        row = later[str(year)]
        assert row["scenario"] == sid
        assert row["soviet_target"] == income["ussr"]["yellow"]
        assert row["german_target"] == income["germany"]["yellow"]
        assert row["soviet_red_target"] == income["ussr"]["armor"]


def test_a_scenario_income_the_map_cannot_pay_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = mapcheck.scenario_income

    def richer(scenario: str) -> dict[str, dict[str, int]]:
        out = real(scenario)
        out["romania"]["black"] += 1
        return out

    monkeypatch.setattr(mapcheck, "scenario_income", richer)
    _, errors = mapcheck.check(load_map())
    assert any("romania black" in e for e in errors), errors
