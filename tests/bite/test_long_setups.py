"""The long scenarios' setups (issue 15): their incomes against the booklet's table (digest
B.13) and the Scenario Setup Charts' deployment by hand.

Incomes: the advanced production rules (11.1-11.3, ``rules/resources.py``) run on each
scenario's start position, the 1942-44 ones with the Axis holding everything behind its
start line. Where the reconstructed map cannot reach the booklet's figure, the scenario's
data records what the map gives and why (``[income_map]``); the test holds the map to that
record and every difference to a reason.
"""

from __future__ import annotations

import pytest

from hexfront.games.bite import forces
from hexfront.games.bite.rules import resources
from hexfront.games.bite.startsupply import start_state

# The booklet's income words and the map's PP colours (11.0).
KIND_OF = {"yellow": "yellow", "red": "armor", "blue": "air", "black": "oil", "white": "shipyard"}
SETUP_OF = {"SBE6": "1942", "SBE7": "1943", "SBE8": "1944", "SBE9": "BSS"}
POWERS = {"axis": ("germany", "romania", "hungary", "finland"), "soviet": ("ussr",)}


def map_income(scenario: str) -> dict[str, dict[str, int]]:
    """Each power's PP at the scenario's first Production Phase, by booklet word."""
    state = start_state(SETUP_OF[scenario])
    state.turn = forces.scenario(scenario).start_turn
    state.weather = "good"
    out: dict[str, dict[str, int]] = {}
    for side, powers in POWERS.items():
        for power, income in resources.incomes(state, side, powers).items():
            got = {KIND_OF[c]: pp for c, pp in income.pp.items() if pp}
            got["yellow"] = got.get("yellow", 0) - resources.rules().deduction.get(power, 0)
            out[power] = {k: v for k, v in got.items() if v}
    return out


@pytest.mark.parametrize("scenario", sorted(SETUP_OF))
def test_the_map_gives_the_booklet_income_or_the_recorded_difference(scenario: str) -> None:
    sc = forces.scenario(scenario)
    got = map_income(scenario)
    for power in sorted(set(sc.income) | set(got)):
        expected = dict(sc.income_map.get(power, sc.income.get(power, {})))
        assert got.get(power, {}) == expected, (scenario, power)


@pytest.mark.parametrize("scenario", sorted(SETUP_OF))
def test_every_recorded_difference_is_real_and_explained(scenario: str) -> None:
    sc = forces.scenario(scenario)
    for power, recorded in sc.income_map.items():
        assert recorded != dict(sc.income.get(power, {})), (scenario, power)
        assert len(sc.income_map_why.get(power, "")) > 20, (scenario, power)


def test_the_booklet_table_is_the_digest_b13_table() -> None:
    # B.13, scenario income (yellow / armour / air / oil) from June of each year.
    table = {
        "SBE6": {"germany": (36, 8, 12, 12), "ussr": (34, 12, 12, 0)},
        "SBE7": {"germany": (37, 13, 15, 14), "ussr": (34, 18, 18, 0)},
        "SBE8": {"germany": (28, 15, 18, 14), "ussr": (43, 18, 18, 0)},
        "SBE9": {"germany": (24, 3, 9, 10), "ussr": (46, 7, 6, 0)},
    }
    for sid, rows in table.items():
        income = forces.scenario(sid).income
        assert dict(income["romania"]) == {"yellow": 2, "oil": 2}, sid
        assert dict(income["hungary"]) == {"yellow": 1, "oil": 1}, sid
        for power, values in rows.items():
            got = tuple(income[power].get(k, 0) for k in ("yellow", "armor", "air", "oil"))
            assert got == values, (sid, power)


def test_sbe9_ties_to_the_table_but_for_the_shipyards() -> None:
    # June 1941 is what the map was drawn to: only the shipyards, which no income lists.
    got = map_income("SBE9")
    ussr = dict(got["ussr"])
    assert ussr.pop("shipyard") > 0
    assert ussr == dict(forces.scenario("SBE9").income["ussr"])
    assert got["germany"] == dict(forces.scenario("SBE9").income["germany"])
