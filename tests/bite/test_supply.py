"""Chapter 4: supply sources, lanes, out-of-supply effects, surrender."""

from __future__ import annotations

import pytest

from hexfront.games.bite.rules.supply import compute, is_supplied, mark_supply, source_nodes

from .helpers import at_prompt, drive, new_match
from .synthetic import SyntheticBoard, unit, world

#          col: 1234567890
ROWS = [
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
]
RAIL = [["0103", "0203", "0303", "0403", "0503", "0603"]]


def setup(units, places, rows=ROWS, rails=RAIL, sources=None, **kw):  # type: ignore[no-untyped-def]
    west = {f"{c:02d}{r:02d}": "germany" for c in range(1, 11) for r in range(1, 6)}
    board = SyntheticBoard(rows, owner="germany", owners=west, rails=rails, **kw)
    w = world(board, units, places, main_sources=sources or {"germany": "0103"})
    return new_match(w).state


def supplied(state, uid: str) -> bool:  # type: ignore[no-untyped-def]
    p = state.pieces[uid]
    return is_supplied(state, p, compute(state, p.side))


def test_rail_hexes_linked_to_the_main_source_are_sources() -> None:  # 4.2
    state = setup([unit("g")], {"g": "0101"})
    board = state.w.board
    sources = {board.id_of(n) for n in source_nodes(state, "axis", board.node("0103"))}
    assert sources == {"0103", "0203", "0303", "0403", "0503", "0603"}


def test_lane_of_three_hexes_reaches_and_four_does_not() -> None:  # 4.3
    state = setup([unit("near"), unit("far")], {"near": "0903", "far": "1003"})
    assert supplied(state, "near")  # 0903 -> 0803 -> 0703 -> 0603: three hexes
    assert not supplied(state, "far")


def test_mountains_and_water_block_lanes() -> None:  # 4.3
    rows = ["..........", "..........", "......m...", "..........", ".........."]
    state = setup([unit("g")], {"g": "0803"}, rows=rows)
    assert supplied(state, "g")  # goes round the mountain
    rows = ["......~...", "......m...", "......~...", "......m...", "......~..."]
    state = setup([unit("g")], {"g": "0803"}, rows=rows)
    assert not supplied(state, "g")


def test_enemy_units_and_their_zone_of_control_block_lanes() -> None:  # 4.3
    units = [unit("g"), unit("s1", nation="ussr"), unit("s2", nation="ussr")]
    state = setup(units, {"g": "0803", "s1": "0702", "s2": "0704"})
    assert not supplied(state, "g")
    state.pieces["s2"].node = state.w.board.node("1005")
    assert supplied(state, "g")


def test_a_contested_hex_supports_neither_side() -> None:  # 4.3 note
    # 0703 lies in both a German and a Soviet zone: the Soviet lane through it is cut too.
    units = [unit("g"), unit("s", nation="ussr")]
    state = setup(units, {"g": "0602", "s": "0803"}, sources={"germany": "0103", "ussr": "0603"})
    state.control[state.w.board.node("0603")] = "soviet"
    net = compute(state, "soviet")
    assert not net.passable[state.w.board.node("0703")]


def test_red_arrow_counts_three_hexes_of_lane() -> None:  # 7.5.5
    rows = ["......~...", "......~...", "......~...", "......~...", "......~..."]
    places = {"across": "0803", "beyond": "0903"}
    state = setup([unit("across"), unit("beyond")], places, rows=rows, arrows=[("0603", "0803")])
    assert supplied(state, "across")  # the arrow alone is three hexes of lane
    assert not supplied(state, "beyond")  # one hex more is four


def test_out_of_supply_halves_movement_and_forbids_attack() -> None:  # 4.4
    units = [unit("far"), unit("s", nation="ussr")]
    m = new_match(
        world(
            SyntheticBoard(ROWS, owner="germany", rails=RAIL),
            units,
            {"far": "1003", "s": "1005"},
            main_sources={"germany": "0103"},
        )
    )
    drive(m, at_prompt("move", "axis"))
    p = m.state.pieces["far"]
    assert p.oos
    assert p.mp_left == 2  # 4 halved
    targets = {a.args["to"] for a in m.legal_actions("axis") if a.verb == "move"}
    assert "1005" not in targets  # cannot attack out of supply


def test_surrender_in_final_supply_gives_the_enemy_a_pp() -> None:  # 4.5, 7.9
    units = [unit("far"), unit("art", "artillery", ladder=(4, 2, 0)), unit("st", "static_infantry")]
    m = new_match(
        world(
            SyntheticBoard(ROWS, owner="germany", rails=RAIL),
            units,
            {"far": "1003", "art": "1001", "st": "1005"},
            main_sources={"germany": "0103"},
        )
    )
    drive(m, at_prompt("move", "soviet"))
    state = m.state
    assert state.pieces["far"].status == "eliminated"
    assert state.pp.get("ussr", 0) == 1
    # 0-step floors drop to 0 and stay; static infantry never surrenders (4.5, 6.1.1).
    assert state.pieces["art"].status == "map"
    assert state.strength(state.pieces["art"]) == 0
    assert state.pieces["st"].status == "map"


def test_mark_supply_sets_white_barrels() -> None:  # 7.2
    state = setup([unit("near"), unit("far")], {"near": "0903", "far": "1003"})
    out = mark_supply(state, "axis")
    assert [p.uid for p in out] == ["far"]
    assert state.pieces["far"].oos
    assert not state.pieces["near"].oos


@pytest.mark.parametrize("scenario", ["SBE1", "SBE4"])
def test_supply_agrees_with_the_networkx_reference_of_the_benchmark(scenario: str) -> None:
    """``make bench`` times supply against networkx; both must count the same units."""
    from hexfront.games.bite.benchmark import supply_vs_networkx

    report = supply_vs_networkx(scenario, repeat=1)  # raises if the two disagree
    assert report["units"] > 0
