"""Unit blocks: the counts the rulebook gives, ladders, named units."""

from __future__ import annotations

from collections import Counter

import pytest

from hexfront.games.bite import forces
from hexfront.games.bite.forces import load_units, scenario_units, setup, unit


def test_block_counts_match_the_component_list() -> None:
    # 1.2: 148 Soviet, 140 black, 6 Italian, 5 German strategic, 3 US, 2 British = 304.
    assert forces.block_counts() == {
        "soviet": 148,
        "axis": 140,
        "italian": 6,
        "german_strategic": 5,
        "us": 3,
        "british": 2,
    }
    assert len(load_units()) == 304


def test_bss_and_short_scenario_groups_match_the_booklet() -> None:
    assert setup("BSS").counts() == {"soviet": 109, "axis": 82}
    expected = {
        "SBE1": {"soviet": 12, "axis": 13},
        "SBE2": {"soviet": 14, "axis": 23},
        "SBE3": {"soviet": 30, "axis": 32},
        "SBE4": {"soviet": 109, "axis": 82},
    }
    for sid, counts in expected.items():
        assert dict(Counter(u.side for u in scenario_units(sid))) == counts, sid


def test_dot_groups() -> None:
    bss = setup("BSS").units()
    dots = Counter((u.side, u.dot) for u in bss)
    assert dots[("soviet", "white")] + dots[("soviet", "blue")] == 12
    assert dots[("soviet", "yellow")] == 14
    assert dots[("soviet", "green")] + dots[("soviet", "orange")] == 30
    assert dots[("axis", "blue")] == 13
    assert dots[("axis", "yellow")] == 23
    # Exactly 7 German orange-dot units, all in the BSS (B.21).
    german_orange = [u for u in bss if u.nation == "germany" and u.dot == "orange"]
    assert len(german_orange) == 7
    assert "ger-a-11" in {u.id for u in german_orange}
    # Italians are not in the BSS; they arrive on the Battle Sheet.
    assert not [u for u in bss if u.nation == "italy"]


def test_every_ladder_is_a_legal_block() -> None:
    for u in load_units():
        assert 1 <= len(u.ladder) <= 4, u.id
        assert all(a > b for a, b in zip(u.ladder, u.ladder[1:], strict=False)), u.id
        assert all(a - b in (1, 2) for a, b in zip(u.ladder, u.ladder[1:], strict=False)), u.id
        assert u.ladder[-1] >= 0, u.id
        assert len(u.colours) == len(u.ladder), u.id


def test_text_strengths() -> None:
    assert unit("ger-c-i").ladder == (4, 3, 2, 1)  # 3.15 German infantry
    assert unit("ger-pz-xxxxi").full_strength == 5  # 7.7.7 German tank unit
    assert unit("ger-a-4").ladder == (4, 2, 0)  # 6.1.4 / 7.7.4
    assert unit("hun-mtn-1").ladder == (1,)  # 6.0 mountain brigade
    assert unit("sov-sh-1").ladder == (7, 5, 3, 1)  # 6.0 Siberian shock army
    assert unit("sov-sh-1").hits_to_reduce(7) == 2  # shield (7.7.8)
    assert unit("fin-c-ii").full_strength == 5  # ski corps (IT 3.11)
    assert unit("ger-lf-2").ladder == (4, 3, 2, 1)  # "2LF" 4 steps (19.1)
    assert unit("ger-fhq").full_strength == 4
    guards = [u for u in load_units() if u.guards and u.cls == "infantry"]
    assert guards
    assert all(u.ladder == (7, 5, 3, 1) for u in guards)
    # Guards are repaired but never rebuilt (10.0): the last value is blue.
    assert all(u.colours[-1] == "blue" for u in load_units() if u.guards)


def test_zero_step_floors() -> None:
    # 4.5: artillery, Soviet marines and paratroopers, Axis minor air units keep a 0 edge.
    for u in load_units():
        if u.cls in ("artillery",) or (u.nation == "ussr" and u.cls in ("marine", "paratrooper")):
            assert u.floor == 0, u.id
        if u.nation in ("finland", "romania", "hungary") and u.cls in ("fighter", "bomber"):
            assert u.floor == 0, u.id


def test_step_costs() -> None:
    assert unit("ger-c-i").step_cost(4) == 1
    assert unit("ger-pz-xxxxi").step_cost(5) == 3
    assert unit("sov-ga-1").step_cost(1) is None


NAMED = [
    "ger-fhq", "ger-lf-1", "ger-lf-2", "ger-lf-4", "ger-a-4", "ger-a-6", "ger-a-11",
    "ger-22ald", "ger-7fd", "ger-pz-gd", "ger-pz-hg", "ger-ss-lah", "ger-ss-i", "ger-gustav",
    "ger-rhg-nord", "ger-rhg-mitte", "ger-rhg-sued", "ger-chechen", "gst-fj2", "gst-fk9",
    "gst-ffn", "gst-monsoon", "gst-narvik", "ita-gariboldi", "ita-barbo", "ita-marcello",
    "ita-csir", "fin-mannerheim", "fin-c-ii", "fin-c-iv", "rom-antonescu", "hun-szombathelyi",
    "hun-carpathian", "hun-rapid", "hun-mtn-1", "slo-c-1", "slo-c-2", "sov-stavka",
    "sov-navy-hq", "sov-ni-baltic", "sov-abc-1", "sov-abc-2", "sov-abc-3", "sov-abc-4",
    "sov-add-1", "sov-add-2", "sov-sh-1", "sov-ga-1", "us-af-8", "us-af-9", "us-af-15",
    "uk-bg-4", "uk-bg-5",
]  # fmt: skip


def test_every_unit_named_in_the_text_is_present() -> None:
    for uid in NAMED:
        unit(uid)
    assert (
        sum(u.cls == "air_hq" and u.nation == "germany" and u.dot == "black" for u in load_units())
        == 3
    )
    assert sum(u.cls == "strategic_bomber" and u.nation == "ussr" for u in load_units()) == 2
    assert sum(u.cls == "submarine" for u in load_units()) == 3  # 6.0: three Axis submarines
    assert sum(u.cls == "security" and u.nation == "germany" for u in load_units()) == 3
    assert sum(u.nation == "slovakia" for u in load_units()) == 2
    assert unit("ger-fhq").dot_place == "Rastenburg"
    assert unit("sov-stavka").dot_place == "Moscow"
    assert unit("ger-pz-gd").elite
    assert unit("ger-pz-hg").elite
    assert unit("ger-ss-r").elite
    assert unit("sov-sh-1").tech == 2


def test_dated_changes() -> None:
    assert unit("ger-ss-lah").upgrade_to == "ger-ss-i"
    assert unit("ger-ss-lah").upgrade_turn == 44 == unit("ger-ss-i").arrival_turn
    assert unit("ger-7fd").removal_turns == (7,)
    assert unit("hun-rapid").removal_turns == (7,)
    assert unit("ger-22ald").removal_turns == (14,)
    siberians = [u for u in forces.reinforcements(6, "soviet") if "Siberian" in u.name]
    assert len(siberians) >= 2  # November 1941
    italians = sorted((u.arrival_turn or 0, u.id) for u in load_units() if u.nation == "italy")
    assert italians[0][0] in (2, 3)  # CSIR: July/August 1941
    assert any(t in (13, 14, 15) for t, _ in italians)  # ARMIR: summer 1942


def test_frozen_units_turn1() -> None:
    frozen = {u.id for u in load_units() if u.frozen_turn1}
    assert {"sov-stavka", "sov-a-23", "sov-a-9", "sov-a-44", "fin-c-ii", "hun-rapid"} <= frozen
    assert {"rom-mtn", "ger-c-xi"} <= frozen
    assert not {"rom-antonescu", "rom-gal", "ger-fk-iv", "sov-a-3", "ger-c-i"} & frozen


def test_unknown_unit_is_a_clear_error() -> None:
    with pytest.raises(KeyError, match="no BITE unit"):
        unit("ger-c-xcix")


def test_json_listing_has_the_fields_tools_need() -> None:
    j = unit("ger-ss-lah").to_json()
    for key in (
        "id",
        "name",
        "side",
        "nationality",
        "class",
        "ladder",
        "elite",
        "dot",
        "arrival",
        "removal",
    ):
        assert key in j
