"""Long scenarios SBE6-SBE9 (issue 15): their worlds and dated events.

The guard that refuses these scenarios in play is lifted here, as in
test_long_victory.py, so the data behind them can be checked while the calendar
rules (removals, upgrades, infrastructure) are still being built.
"""

from __future__ import annotations

import pytest

import hexfront.games.bite.world as world_module
from hexfront.games.bite import forces

LONG = ("SBE6", "SBE7", "SBE8", "SBE9")


@pytest.fixture(autouse=True)
def long_scenarios(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(world_module, "_NOT_YET_PLAYABLE", frozenset())


def test_the_guard_refuses_long_scenarios_without_the_patch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(world_module, "_NOT_YET_PLAYABLE", frozenset({"SBE6"}))
    with pytest.raises(world_module.UnknownGame):
        world_module.build_world("SBE6", {})


@pytest.mark.parametrize("scenario", LONG)
def test_every_month_of_a_long_scenario_has_its_weather(scenario: str) -> None:
    # 9.0: each turn's weather comes from the Turn Record Chart (or a roll in May/October).
    w = world_module.build_world(scenario, {})
    sc = w.scenario
    for turn in range(sc.start_turn, sc.start_turn + sc.turns):
        assert w.weather.get(turn) in {"good", "rain", "snow", "variable"}, (scenario, turn)


@pytest.mark.parametrize("scenario", LONG)
def test_reinforcements_fall_inside_the_scenario(scenario: str) -> None:
    w = world_module.build_world(scenario, {})
    sc = w.scenario
    placed = {uid for uid, _node, _s in sc.placements}
    for uid, turn, strength, _place in sc.reinforcements:
        assert sc.start_turn <= turn < sc.start_turn + sc.turns, (uid, turn)
        # A block set up on the map may also be listed on the start turn (its Battle Sheet
        # date); the game then leaves it on the map. Any later arrival must start off the map.
        assert uid not in placed or turn == sc.start_turn, (uid, turn)
        assert strength in w.units[uid].ladder, (uid, strength)


def test_sbe9_removals_of_december_1941_and_july_1942_name_real_units() -> None:
    # Battle Sheets: withdrawals in turn 7 (12/1941) and turn 14 (7/1942).
    known = forces.units_by_id()
    dec41 = {r.unit for r in forces.removals(forces.turn_of(1941, 12))}
    jul42 = {r.unit for r in forces.removals(forces.turn_of(1942, 7))}
    assert {"ger-7fd", "hun-rapid"} <= dec41
    assert "ger-22ald" in jul42
    assert all(u in known for u in dec41 | jul42)


def test_upgrades_name_a_block_arriving_on_the_upgrade_turn() -> None:
    # SBE9: LSSAH becomes the 1st SS Panzer Corps in turn 44.
    ups = {u.id: (u.upgrade_to, u.upgrade_turn) for u in forces.load_units() if u.upgrade_to}
    assert ups["ger-ss-lah"] == ("ger-ss-i", 44)
    for _old, (new, turn) in ups.items():
        assert new is not None
        assert forces.unit(new).arrival_turn == turn


def test_sbe9_lists_the_upgraded_corps_among_its_reinforcements() -> None:
    w = world_module.build_world("SBE9", {})
    arrivals = {(uid, turn) for uid, turn, _s, _p in w.scenario.reinforcements}
    assert ("ger-ss-i", 44) in arrivals
