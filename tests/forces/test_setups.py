"""The 1942, 1943 and 1944 Scenario Setup Charts and their default deployments."""

from __future__ import annotations

from collections import Counter

import pytest

from hexfront.games.bite.forces import scenario, setup, units_by_id


@pytest.mark.parametrize(("name", "turn"), [("1942", 13), ("1943", 25), ("1944", 37)])
def test_chart_matches_deployment(name: str, turn: int) -> None:
    st = setup(name)  # parse_setup already rejects any chart/deployment mismatch
    assert st.turn == turn
    assert st.chart
    units = units_by_id()
    for side in ("axis", "soviet"):
        blocks = sum(c.blocks for c in st.chart if c.side == side)
        steps = sum(c.steps for c in st.chart if c.side == side)
        placed = [p for p in st.placements if units[p.unit].side == side]
        assert blocks == len(placed)
        assert steps == sum(p.strength for p in placed)
    for p in st.placements:
        u = units[p.unit]
        assert u.arrival_turn is None or u.arrival_turn <= turn, p.unit
        assert not any(t <= turn for t in u.removal_turns), p.unit
        assert u.upgrade_turn is None or u.upgrade_turn > turn, p.unit


def test_scenarios_point_at_their_chart() -> None:
    assert [scenario(s).setup["name"] for s in ("SBE6", "SBE7", "SBE8")] == ["1942", "1943", "1944"]
    assert [setup(n).start_line for n in ("1942", "1943", "1944")] == ["yellow", "green", "blue"]


def test_two_german_mountain_units_in_scandinavia() -> None:
    units = units_by_id()
    for name in ("1942", "1943", "1944"):
        north = [
            p.unit
            for p in setup(name).placements
            if units[p.unit].nation == "germany"
            and units[p.unit].cls == "mountain"
            and (p.place in ("TROMSO", "NARVIK") or p.lat > 63)
        ]
        assert len(north) >= 2, name


def test_guards_for_citadel() -> None:
    # SBE7: the Axis must destroy 8 Guards units, so at least 8 must be on the map.
    guards = [p for p in setup("1943").placements if units_by_id()[p.unit].guards]
    assert len(guards) >= 8
    assert not [p for p in setup("1942").placements if units_by_id()[p.unit].id == "sov-ga-8"]


def test_army_sizes_follow_the_war() -> None:
    units = units_by_id()

    def steps(name: str, side: str) -> int:
        return sum(p.strength for p in setup(name).placements if units[p.unit].side == side)

    ratio = [steps(n, "soviet") / steps(n, "axis") for n in ("1942", "1943", "1944")]
    assert ratio[0] < ratio[1] < ratio[2]
    italians = Counter(units[p.unit].nation for p in setup("1944").placements)["italy"]
    assert italians == 0
