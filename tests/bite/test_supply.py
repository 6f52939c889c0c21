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
    from hexfront.ai.bite_tools.benchmark import supply_vs_networkx

    report = supply_vs_networkx(scenario, repeat=1)  # raises if the two disagree
    assert report["units"] > 0


# --- 5.5: supply through Finland ------------------------------------------------------------
#
# Columns 1-2 are Germany (Berlin in 0103, no rail), 3-7 Soviet land: 6 holds the Finnish
# operational area's white dots, 7 the Finnish attack zone, which also covers Finland,
# columns 8-10 (Helsinki's rail 0803-1003). Only what the test places is on the board.
FINNISH_ZONES = {
    "finland_1941": [f"{c:02d}{r:02d}" for c in (8, 9, 10) for r in range(1, 6)],
    "faz": [f"{c:02d}{r:02d}" for c in (7, 8, 9, 10) for r in range(1, 6)],
    "foa": [f"06{r:02d}" for r in range(1, 6)],
}


def finnish_front(units, places):  # type: ignore[no-untyped-def]
    owners = {f"{c:02d}{r:02d}": "germany" for c in (1, 2) for r in range(1, 6)}
    owners |= dict.fromkeys(FINNISH_ZONES["finland_1941"], "finland")
    board = SyntheticBoard(
        ROWS, owner="ussr", owners=owners, rails=[["0803", "0903", "1003"]], zones=FINNISH_ZONES
    )
    w = world(board, units, places, main_sources={"germany": "0103", "finland": "1003"})
    return new_match(w).state


def test_a_german_unit_in_finland_is_supplied_through_finnish_sources() -> None:  # 5.5
    # XXXVI Corps at Rovaniemi: Berlin's lanes never reach Finland, Helsinki's rail does.
    state = finnish_front([unit("corps")], {"corps": "0904"})
    assert supplied(state, "corps")
    net = compute(state, "axis")
    assert state.w.board.node("0903") in net.sources["finland"]


def test_finnish_sources_supply_no_german_unit_outside_finland() -> None:  # 5.5
    # Three hexes from the Finnish railhead, four from Berlin, outside the Finnish area.
    state = finnish_front([unit("g")], {"g": "0503"})
    assert not supplied(state, "g")


def test_finnish_lanes_run_through_the_attack_zone_to_the_white_dots() -> None:  # 5.5
    # Both stand on white dots; their lanes run through the attack zone (0703) to 0803.
    units = [unit("fin", nation="finland"), unit("ger")]
    state = finnish_front(units, {"fin": "0603", "ger": "0604"})
    assert supplied(state, "fin")
    assert supplied(state, "ger")


# --- 3.7, 4.2: ports in off-map boxes ---------------------------------------------------------


def test_a_port_box_on_a_controlled_sea_is_a_source() -> None:  # 3.7, 4.2
    # The mountain box NORTH (linked to 1001) is a port on the "Arctic" sea, which the Axis
    # holds with the box and the minor port 0303 on Berlin's rail: a unit in the box is in
    # supply although no lane could leave or reach a mountain box.
    from hexfront.games.bite.board import Site

    def build(box_port: bool):  # type: ignore[no-untyped-def]
        board = SyntheticBoard(
            ROWS, owner="germany", boxes={"NORTH": ["1001"]}, rails=[["0103", "0203", "0303"]]
        )
        board._terrain[board.node("NORTH")] = "mountains"
        sites = [Site("Harbour", board.node("0303"), port="minor", sea="Arctic")]
        if box_port:
            sites.append(Site("Fjord", board.node("NORTH"), port="minor", sea="Arctic"))
        board._sites = {s.node: s for s in sites}
        w = world(
            board, [unit("mtn", "mountain")], {"mtn": "NORTH"}, main_sources={"germany": "0103"}
        )
        return new_match(w).state

    assert supplied(build(box_port=True), "mtn")
    assert not supplied(build(box_port=False), "mtn")
