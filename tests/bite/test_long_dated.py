"""The long scenarios' dated events (issue 15): Battle Sheet removals and upgrades (7.3 and
the booklet's long-scenario rules), the TECH schedule (3.13) and its PP deduction (17.0).

Positions of SBE9 on the real map, built with the position builder, start at the Axis
Production Phase, where the Battle Sheet is read. Each price is measured against the same
position with the blocks at full strength, so the income collected from the map cancels
out. The guard that keeps SBE6-SBE9 out of play is lifted here, as in the other
long-scenario tests.
"""

from __future__ import annotations

from typing import Any

import pytest

import hexfront.games.bite.world as world_module
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import forces
from hexfront.games.bite.game import Bite
from hexfront.games.bite.rules import dated, resources
from hexfront.games.bite.text import log_line

GAME = Bite()
DEC_1941, JUL_1942, JAN_1945 = (
    forces.turn_of(1941, 12),
    forces.turn_of(1942, 7),
    forces.turn_of(1945, 1),
)


@pytest.fixture(autouse=True)
def long_scenarios(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(world_module, "_NOT_YET_PLAYABLE", frozenset())


def production(turn: int, units: list[dict[str, Any]], **extra: Any) -> Match[Any]:
    position: dict[str, Any] = {
        "scenario": "SBE9",
        "turn": turn,
        "side": "axis",
        "phase": "production",
        "weather": "good",
        "unit": units,
        **extra,
    }
    return Match.from_position(GAME, position)


def purse(m: Match[Any], power: str) -> dict[str, int]:
    """A power's PP as the views show them: yellow and the coloured pools."""
    view = m.view("axis")
    pp = view["pp"]
    flags = view["flags"]
    assert isinstance(pp, dict)
    assert isinstance(flags, dict)
    out = {"yellow": int(pp.get(power, 0))}
    pools = flags.get(resources.POOLS) or {}
    assert isinstance(pools, dict)
    for colour in resources.COLOURS:
        out[colour] = int(pools.get(power, {}).get(colour, 0))
    return out


def status(m: Match[Any], uid: str) -> str:
    return str(m.state.pieces[uid].status)


def events(m: Match[Any], kind: str, unit: str | None = None) -> list[dict[str, Any]]:
    found = [dict(e.data) for e in m.state.log if e.kind == kind]
    return [e for e in found if unit is None or e.get("unit") == unit]


def play_until(m: Match[Any], turn: int, side: str, phase: str, limit: int = 500) -> None:
    """Pass through the phases (done, end) until ``side``'s ``phase`` of ``turn`` begins."""
    for _ in range(limit):
        s = m.state
        if s.turn == turn and s.phasing == side and s.phase == phase:
            return
        acts = [a for who in m.active_sides() for a in m.legal_actions(who)]
        quiet = [a for a in acts if a.verb in ("done", "end_ground", "pass")]
        m.act(quiet[0] if quiet else acts[0])
    raise AssertionError(f"turn {turn} {side} {phase} not reached")


# --- removals (booklet, long scenarios; SBE9's 12/1941 and 7/1942) --------------------------


def test_a_supplied_full_strength_unit_leaves_for_free_in_december_1941() -> None:
    full = production(DEC_1941, [{"id": "ger-7fd", "hex": "Königsberg"}], pp={"germany": 10})
    none = production(DEC_1941, [], pp={"germany": 10})
    assert status(full, "ger-7fd") == "removed"
    assert purse(full, "germany") == purse(none, "germany")
    [gone] = events(full, "unit_withdrawn", "ger-7fd")
    assert gone == {"unit": "ger-7fd", "power": "germany", "pp": 0, "owed": 0}
    # The enemy sees a block leave its hex, never which one.
    assert "ger-7fd" not in str(full.view("soviet")["log"])


def test_a_damaged_unit_is_repaired_at_its_owner_cost_then_removed() -> None:
    # 7th Flying Division at 2 of 3: the top edge is white, 2 PP, paired with 2 blue PP in
    # the Advanced Game (paratroopers pay air PP, 11.0).
    hurt = production(
        DEC_1941, [{"id": "ger-7fd", "hex": "Königsberg", "strength": 2}], pp={"germany": 10}
    )
    full = production(DEC_1941, [{"id": "ger-7fd", "hex": "Königsberg"}], pp={"germany": 10})
    assert status(hurt, "ger-7fd") == "removed"
    before, after = purse(full, "germany"), purse(hurt, "germany")
    assert before["yellow"] - after["yellow"] == 2
    assert before["blue"] - after["blue"] == 2
    assert events(hurt, "unit_withdrawn", "ger-7fd")[0]["pp"] == 2


def test_an_eliminated_unit_is_paid_as_if_built_new_and_the_rest_is_owed() -> None:
    # Hungarian Rapid Corps, a 3-step tankette with white edges: 3 x 2 = 6 yellow and 6 red.
    # Hungary holds 5 yellow saved plus its income and no red PP at all: the red is owed.
    dead = production(DEC_1941, [{"id": "hun-rapid", "status": "eliminated"}], pp={"hungary": 5})
    alive = production(DEC_1941, [{"id": "hun-rapid", "hex": "Budapest"}], pp={"hungary": 5})
    assert status(dead, "hun-rapid") == status(alive, "hun-rapid") == "removed"
    assert purse(alive, "hungary")["yellow"] - purse(dead, "hungary")["yellow"] == 6
    [gone] = events(dead, "unit_withdrawn", "hun-rapid")
    assert gone["pp"] == 6
    assert gone["owed"] == 6
    assert dead.state.flags[dated.DEBT] == {"hungary": {"red": 6}}
    assert dated.DEBT not in alive.state.flags
    # A removed block is gone for good: nothing offers to rebuild it (booklet).
    assert not [a for a in dead.legal_actions("axis") if a.args.get("unit") == "hun-rapid"]


def test_a_debt_is_paid_from_the_next_income_before_anything_is_spent() -> None:
    # Hungary has nothing saved: of the Rapid Corps' 6 yellow and 6 red it pays the 1 yellow
    # PP its December income brings and owes the rest; January's income goes to the debt
    # before Hungary may spend anything.
    m = production(DEC_1941, [{"id": "hun-rapid", "status": "eliminated"}])
    [gone] = events(m, "unit_withdrawn", "hun-rapid")
    assert (gone["pp"], gone["owed"]) == (1, 11)
    assert m.state.flags[dated.DEBT] == {"hungary": {"yellow": 5, "red": 6}}
    assert purse(m, "hungary")["yellow"] == 0
    play_until(m, DEC_1941 + 1, "axis", "rail")
    assert events(m, "withdrawal_debt_paid") == [{"power": "hungary", "pp": 1, "owed": 10}]
    assert m.state.flags[dated.DEBT] == {"hungary": {"yellow": 4, "red": 6}}
    assert purse(m, "hungary")["yellow"] == 0


def test_the_22nd_airlanding_division_leaves_in_july_1942() -> None:
    # SBE9's 7/1942 removal: at 1 of 3 its two missing white edges cost 2 x 2 yellow PP and,
    # paratroopers paying air PP (11.0), as many blue PP.
    hurt = production(
        JUL_1942, [{"id": "ger-22ald", "hex": "Bucharest", "strength": 1}], pp={"germany": 20}
    )
    full = production(JUL_1942, [{"id": "ger-22ald", "hex": "Bucharest"}], pp={"germany": 20})
    june = production(JUL_1942 - 1, [{"id": "ger-22ald", "hex": "Bucharest"}])
    assert status(hurt, "ger-22ald") == status(full, "ger-22ald") == "removed"
    assert status(june, "ger-22ald") == "map"  # not a month early
    before, after = purse(full, "germany"), purse(hurt, "germany")
    assert before["yellow"] - after["yellow"] == 4
    assert before["blue"] - after["blue"] == 4
    assert events(hurt, "unit_withdrawn", "ger-22ald") == [
        {"unit": "ger-22ald", "power": "germany", "pp": 4, "owed": 0}
    ]


def test_an_unsupplied_unit_leaves_once_it_is_supplied_again() -> None:
    m = production(DEC_1941, [{"id": "ger-fk-ii", "hex": "Warsaw", "out_of_supply": True}])
    assert status(m, "ger-fk-ii") == "map"
    assert m.state.flags[dated.PENDING] == ["ger-fk-ii"]
    assert events(m, "withdrawal_waits") == [{"unit": "ger-fk-ii"}]
    play_until(m, DEC_1941 + 1, "axis", "rail")  # the January supply check finds it supplied
    assert status(m, "ger-fk-ii") == "removed"
    assert dated.PENDING not in m.state.flags


def test_removals_only_take_the_phasing_side_and_units_in_the_game() -> None:
    # The Soviet Production Phase of December 1941 removes no Axis block.
    m = Match.from_position(
        GAME,
        {
            "scenario": "SBE9",
            "turn": DEC_1941,
            "side": "soviet",
            "phase": "production",
            "unit": [{"id": "ger-7fd", "hex": "Königsberg"}],
        },
    )
    assert status(m, "ger-7fd") == "map"
    assert not events(m, "unit_withdrawn", "ger-7fd")


# --- the LSSAH upgrade (SBE9, turn 44) -------------------------------------------------------


def test_lssah_becomes_the_1st_ss_panzer_corps_keeping_its_hits() -> None:
    # LSSAH at 2 of 3 has taken one hit: the 1st SS Panzer Corps (6) comes in at 5, on its hex.
    m = production(JAN_1945, [{"id": "ger-ss-lah", "hex": "Warsaw", "strength": 2}])
    node = GAME.world("SBE9", m.state.options).board.node("Warsaw")
    new = m.state.pieces["ger-ss-i"]
    assert status(m, "ger-ss-lah") == "removed"
    assert (new.status, new.node, m.state.strength(new)) == ("map", node, 5)
    assert events(m, "unit_upgraded") == [{"unit": "ger-ss-lah", "into": "ger-ss-i", "strength": 5}]
    # The Soviets see a block replaced by another on that hex, not which blocks they are.
    seen = str(m.view("soviet"))
    assert "ger-ss-i" not in seen
    assert "ger-ss-lah" not in seen
    assert "LSSAH" not in seen
    # Nothing places the corps a second time; it may be repaired like any block on the map.
    verbs = {a.verb for a in m.legal_actions("axis") if a.args.get("unit") == "ger-ss-i"}
    assert "place" not in verbs
    assert "repair" in verbs


def test_lssah_at_full_strength_gives_a_full_strength_corps() -> None:
    m = production(JAN_1945, [{"id": "ger-ss-lah", "hex": "Warsaw"}])
    assert m.state.strength(m.state.pieces["ger-ss-i"]) == 6


def test_an_unsupplied_lssah_holds_the_corps_back() -> None:
    m = production(
        JAN_1945, [{"id": "ger-ss-lah", "hex": "Warsaw", "strength": 1, "out_of_supply": True}]
    )
    assert status(m, "ger-ss-lah") == "map"
    assert status(m, "ger-ss-i") == "pool"
    assert m.state.pieces["ger-ss-i"].arrival == JAN_1945 + 1
    assert events(m, "upgrade_waits") == [{"unit": "ger-ss-lah", "into": "ger-ss-i"}]
    play_until(m, JAN_1945 + 1, "axis", "rail")  # supplied in February: the swap is made
    assert status(m, "ger-ss-lah") == "removed"
    assert m.state.strength(m.state.pieces["ger-ss-i"]) == 4  # two hits kept


def test_an_eliminated_lssah_means_the_corps_must_be_rebuilt() -> None:
    m = production(JAN_1945, [{"id": "ger-ss-lah", "status": "eliminated"}], pp={"germany": 40})
    assert status(m, "ger-ss-lah") == "removed"
    assert status(m, "ger-ss-i") == "eliminated"
    verbs = {a.verb for a in m.legal_actions("axis") if a.args.get("unit") == "ger-ss-i"}
    assert verbs == {"rebuild"}


def test_without_the_lssah_in_the_game_the_corps_arrives_as_a_plain_reinforcement() -> None:
    m = production(JAN_1945, [], pp={"germany": 40})
    assert status(m, "ger-ss-i") == "held"
    assert not events(m, "unit_upgraded")


# --- TECH (3.13) and its PP deduction (17.0) -------------------------------------------------

# 3.13's dates (month, nation, field, new level); 17.1: the minor powers follow Germany.
SCHEDULE = [
    ((1942, 3), "ussr", "infantry", 2),
    ((1942, 11), "ussr", "armor", 2),
    ((1943, 1), "ussr", "fighter", 2),
    ((1943, 7), "germany", "armor", 3),
    ((1943, 9), "ussr", "bomber", 2),
    ((1944, 5), "germany", "fighter", 3),
    ((1944, 7), "ussr", "armor", 3),
    ((1944, 9), "ussr", "infantry", 3),
    ((1944, 10), "germany", "infantry", 3),
    ((1945, 3), "germany", "bomber", 3),
]


@pytest.mark.parametrize(("month", "nation", "field", "level"), SCHEDULE)
def test_each_breakthrough_comes_in_its_month(
    month: tuple[int, int], nation: str, field: str, level: int
) -> None:
    turn = forces.turn_of(*month)
    assert forces.tech_level(nation, field, turn) == level
    assert forces.tech_level(nation, field, turn - 1) == level - 1


def test_no_other_field_changes_in_the_war() -> None:
    dates = {(forces.turn_of(*m), n, f) for m, n, f, _ in SCHEDULE}
    for nation in dated.TECH_NATIONS:
        for field in forces.FIELDS:
            for turn in range(2, forces.LAST_TURN + 1):
                moved = forces.tech_level(nation, field, turn) != forces.tech_level(
                    nation, field, turn - 1
                )
                assert moved == ((turn, nation, field) in dates), (nation, field, turn)


def test_romanian_armour_follows_germany_one_level_below() -> None:
    # 17.1's example: German armour TECH 3 in July 1943 brings Romanian armour to TECH 2.
    jul43 = forces.turn_of(1943, 7)
    assert forces.tech_level("romania", "armor", jul43 - 1) == 1
    assert forces.tech_level("romania", "armor", jul43) == 2


def test_a_breakthrough_is_announced_at_the_start_of_its_month() -> None:
    # Play from the last Soviet phase of February 1942 into March: Soviet infantry TECH 2.
    feb42 = forces.turn_of(1942, 2)
    m = Match.from_position(
        GAME, {"scenario": "SBE9", "turn": feb42, "side": "soviet", "phase": "exploitation"}
    )
    play_until(m, feb42 + 1, "axis", "production")
    kinds = [(e.kind, e.data.get("turn")) for e in m.state.log]
    assert events(m, "tech_advance") == [{"nation": "ussr", "field": "infantry", "level": 2}]
    # Announced once, right after March's turn line.
    assert kinds[kinds.index(("turn", feb42 + 1)) + 1] == ("tech_advance", None)
    line = log_line({"kind": "tech_advance", "data": events(m, "tech_advance")[0]})
    assert "TECH 2" in line
    assert "_" not in line


def test_the_soviet_income_loses_four_yellow_pp_for_the_tech_schedule() -> None:
    # 3.13, 17.0: the Soviet faction's 50 yellow PP become 46; the Axis loses nothing.
    assert resources.rules().deduction == {"ussr": 4}
    m = Match.from_position(
        GAME, {"scenario": "SBE9", "turn": 2, "side": "soviet", "phase": "production"}
    )
    [income] = [e for e in events(m, "income") if e["power"] == "ussr"]
    gross = resources.incomes(m.state, "soviet", ["ussr"])["ussr"].pp["yellow"]
    assert income["pp"] == gross - 4


def test_every_new_event_reads_as_a_sentence() -> None:
    samples: list[tuple[str, dict[str, Any]]] = [
        ("unit_withdrawn", {"unit": "ger-7fd", "power": "germany", "pp": 2, "owed": 0}),
        ("unit_withdrawn", {"unit": "hun-rapid", "power": "hungary", "pp": 6, "owed": 6}),
        ("unit_withdrawn", {"unit": "ger-7fd", "power": "germany", "pp": 0, "owed": 0}),
        ("withdrawal_waits", {"unit": "ger-fk-ii"}),
        ("withdrawal_debt_paid", {"power": "hungary", "pp": 3, "owed": 2}),
        ("unit_upgraded", {"unit": "ger-ss-lah", "into": "ger-ss-i", "strength": 5}),
        ("upgrade_waits", {"unit": "ger-ss-lah", "into": "ger-ss-i"}),
        ("upgrade_rebuild", {"unit": "ger-ss-lah", "into": "ger-ss-i"}),
        ("tech_advance", {"nation": "germany", "field": "armor", "level": 3}),
    ]
    for kind, data in samples:
        line = log_line({"kind": kind, "data": data})
        assert "_" not in line, line
        assert "ger-" not in line, line
        assert "=" not in line, line
        assert line != kind.replace("_", " ").capitalize(), line


def test_an_action_on_a_removed_block_is_refused() -> None:
    m = production(DEC_1941, [{"id": "ger-7fd", "hex": "Königsberg"}], pp={"germany": 10})
    before = m.hash()
    with pytest.raises(Exception, match="not a legal action"):
        m.act(Action("axis", "disband", {"unit": "ger-7fd"}))
    assert m.hash() == before
