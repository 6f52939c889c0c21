"""7.5 Movement: terrain costs, restricted hexes, red arrows, enemy hexes, air ranges; 3.21, 5.x."""

from __future__ import annotations

from hexfront.games.bite.board import Site

from .helpers import act, at_prompt, drive, move_targets, new_match
from .synthetic import SyntheticBoard, unit, world

ROWS = [
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
]


def match_for(units, places, rows=ROWS, owner="ussr", sources=None, **kw):  # type: ignore[no-untyped-def]
    board = SyntheticBoard(rows, owner=owner, **kw)
    w = world(board, units, places, main_sources=sources or {"ussr": "0103", "germany": "0103"})
    return new_match(w)


def soviet_moves(units, places, rows=ROWS, **kw):  # type: ignore[no-untyped-def]
    m = match_for(units, places, rows, **kw)
    drive(m, at_prompt("move", "soviet"))
    return m


def test_clear_hexes_cost_one_mp_each() -> None:  # 7.5.3
    m = soviet_moves([unit("s", nation="ussr")], {"s": "0103"})
    targets = move_targets(m, "s")
    assert "0403" in targets  # three clear hexes east
    assert "0503" not in targets  # four is too far for 3 MP


def test_forest_hills_mountains_swamp_costs() -> None:  # 7.5.3
    from hexfront.games.bite.rules.movement import reach

    # Around 0302: 0301 forest, 0401 hills, 0402 mountains, 0303 swamp, 0201 clear, 0202 water.
    rows = ["..fh......", ".~.m......", "..s.......", "..........", ".........."]
    m = soviet_moves([unit("s", nation="ussr")], {"s": "0302"}, rows=rows)
    board = m.state.w.board
    cost, _ = reach(m.state, m.state.pieces["s"], 10)
    costs = {h: cost[board.node(h)] for h in ("0301", "0401", "0402", "0303", "0202", "0201")}
    assert costs == {"0301": 2, "0401": 2, "0402": 3, "0303": 3, "0201": 1, "0202": -1}


def test_no_entry_without_enough_mp() -> None:  # 7.5.3
    rows = ["..........", "..........", "..s.......", "..........", ".........."]
    m = soviet_moves([unit("s", nation="ussr")], {"s": "0203"}, rows=rows)
    assert "0303" in move_targets(m, "s")  # the swamp next door: exactly 3 MP
    m = soviet_moves([unit("s", nation="ussr")], {"s": "0103"}, rows=rows)
    assert "0303" not in move_targets(m, "s")  # 1 + 3 MP is more than 3


def test_water_and_partial_hexes_are_forbidden() -> None:  # 7.5.4
    rows = ["..........", "..........", "..~x......", "..........", ".........."]
    m = soviet_moves([unit("s", nation="ussr")], {"s": "0203"}, rows=rows)
    targets = move_targets(m, "s")
    assert "0303" not in targets
    assert "0403" not in targets


def test_movement_stops_on_entering_an_enemy_hex() -> None:  # 7.5.3
    units = [unit("s", nation="ussr"), unit("g")]
    m = soviet_moves(units, {"s": "0103", "g": "0203"}, owner="ussr")
    targets = move_targets(m, "s")
    assert "0203" in targets  # may attack into it
    # ... but never through it: 0303 is reached only around it.
    from hexfront.games.bite.rules.movement import reach

    _cost, parent = reach(m.state, m.state.pieces["s"], 3)
    board = m.state.w.board
    assert parent[board.node("0303")] != board.node("0203")


def test_entering_an_enemy_zone_of_control_is_allowed() -> None:  # 7.5.3
    units = [unit("s", nation="ussr"), unit("g")]
    m = soviet_moves(units, {"s": "0103", "g": "0403"})
    assert "0303" in move_targets(m, "s")  # next to the German unit


def test_red_arrow_costs_three_and_needs_both_ends_for_non_infantry() -> None:  # 7.5.5
    rows = ["...~......", "...~......", "...~......", "...~......", "...~......"]
    arrows = [("0303", "0503")]
    inf = unit("inf", nation="ussr")
    tank = unit("tk", "tank", nation="ussr")
    m = soviet_moves([inf, tank], {"inf": "0303", "tk": "0302"}, rows=rows, arrows=arrows)
    assert "0503" in move_targets(m, "inf")  # 3 MP across the arrow
    assert "0603" not in move_targets(m, "inf")  # 3 + 1 is more than 3
    # The far end is German and behind a German unit, so the Axis keeps it (3.1).
    m2 = soviet_moves(
        [inf, tank, unit("g")],
        {"inf": "0303", "tk": "0303", "g": "0803"},
        rows=rows,
        arrows=arrows,
        owners={"0503": "germany", "0603": "germany", "0703": "germany", "0803": "germany"},
        sources={"ussr": "0103", "germany": "0803"},
    )
    assert m2.state.control[m2.state.w.board.node("0503")] == "axis"
    assert "0503" in move_targets(m2, "inf")
    assert "0503" not in move_targets(m2, "tk")  # armour needs both ends held


def test_kerch_needs_sevastopol_for_the_axis() -> None:  # 7.5.5
    rows = ["...~......", "...~......", "...~......", "...~......", "...~......"]
    board = SyntheticBoard(rows, owner="germany", arrows=[("0303", "0503")])
    for site in (
        Site("Kerch", board.node("0303"), type="minor"),
        Site("Sevastopol", board.node("0101"), type="fortress"),
    ):
        board._sites[site.node] = site
    w = world(board, [unit("g")], {"g": "0303"}, main_sources={"germany": "0303"})
    m = new_match(w)
    m.state.control[board.node("0101")] = "soviet"
    drive(m, at_prompt("move", "axis"))
    assert "0503" not in move_targets(m, "g")
    m.state.control[board.node("0101")] = "axis"
    m.state.touch()  # a hand-made change: list the choices afresh
    assert "0503" in move_targets(m, "g")


def test_frozen_units_do_not_move_on_turn_one() -> None:  # 3.21
    units = [unit("s", nation="ussr"), unit("t", nation="ussr")]
    board = SyntheticBoard(ROWS, owner="ussr")
    w = world(
        board,
        units,
        {"s": "0103", "t": "0105"},
        main_sources={"ussr": "0103"},
        start_turn=1,
        frozen=["s"],
    )
    m = new_match(w)
    drive(m, at_prompt("move", "soviet"))
    assert move_targets(m, "s") == set()
    assert move_targets(m, "t")


def test_static_infantry_never_moves() -> None:  # 6.1.1
    m = soviet_moves([unit("st", "static_infantry", nation="ussr")], {"st": "0103"})
    assert move_targets(m, "st") == set()


def test_minor_allies_stay_south_of_the_green_line() -> None:  # 5.3
    board_rows = ROWS
    south = [f"{c:02d}{r:02d}" for c in range(1, 11) for r in range(3, 6)]
    board = SyntheticBoard(board_rows, owner="ussr", zones={"green_line_south": south})
    ro = unit("ro", nation="romania")
    w = world(board, [ro], {"ro": "0103"}, main_sources={"romania": "0103"})
    m = new_match(w)
    m.state.control[board.node("0103")] = "axis"
    drive(m, at_prompt("move", "axis"))
    targets = move_targets(m, "ro")
    assert targets
    assert all(t[2:] >= "03" for t in targets)


def test_scenario_map_area_limits_movement() -> None:  # SBE1-SBE3 map areas
    board = SyntheticBoard(ROWS, owner="ussr")
    area = [f"{c:02d}{r:02d}" for c in range(1, 4) for r in range(1, 6)]
    w = world(
        board,
        [unit("s", nation="ussr")],
        {"s": "0103"},
        main_sources={"ussr": "0103"},
        map_area=area,
    )
    m = new_match(w)
    drive(m, at_prompt("move", "soviet"))
    assert all(int(t[:2]) <= 3 for t in move_targets(m, "s"))


def test_one_german_unit_in_finland() -> None:  # 5.5
    finland = [f"{c:02d}{r:02d}" for c in range(5, 11) for r in range(1, 6)]
    board = SyntheticBoard(ROWS, owner="germany", zones={"finland_1941": finland})
    units = [unit("g1"), unit("g2")]
    w = world(board, units, {"g1": "0503", "g2": "0403"}, main_sources={"germany": "0403"})
    m = new_match(w)
    drive(m, at_prompt("move", "axis"))
    assert not any(t in finland for t in move_targets(m, "g2"))


def test_air_missions_within_range_and_rebasing_at_double_range() -> None:  # 7.5.2
    rows = ["." * 30] * 5
    board = SyntheticBoard(rows, owner="germany", rails=[[f"{c:02d}03" for c in range(1, 31)]])
    for name, hex_id in (("A", "0103"), ("B", "1003"), ("C", "1203")):
        s = Site(name, board.node(hex_id), type="minor")
        board._sites[s.node] = s
    fighter = unit("fi", "fighter", ladder=(3, 2, 1))
    targets = [unit("s1", nation="ussr"), unit("s2", nation="ussr")]
    w = world(
        board,
        [fighter, *targets],
        {"fi": "0103", "s1": "0601", "s2": "0701"},
        main_sources={"germany": "0103", "ussr": "3003"},
    )
    m = new_match(w)
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "end_ground")
    flights = {a.args["to"] for a in m.legal_actions("axis") if a.verb == "fly"}
    rebases = {a.args["to"] for a in m.legal_actions("axis") if a.verb == "rebase"}
    dist = board.distance
    assert (
        dist(board.node("0103"), board.node("0601"))
        <= 5
        < dist(board.node("0103"), board.node("0701"))
    )
    assert flights == {"0601"}  # 5 hexes for a TECH 2 fighter
    assert rebases == {"1003"}  # 10 hexes; 1203 is 11 away


def test_germans_operating_from_finland_attack_only_inside_the_finnish_zone() -> None:  # 5.5
    finland = [f"{c:02d}{r:02d}" for c in range(1, 5) for r in range(1, 6)]
    faz = ["0503", "0504"]
    board = SyntheticBoard(
        ROWS,
        owner="ussr",
        owners=dict.fromkeys(finland, "finland"),
        zones={
            "finland_1941": finland,
            "foa": ["0501", "0502", "0503", "0504", "0505"],
            "faz": faz,
        },
    )
    units = [unit("g"), unit("s1", nation="ussr"), unit("s2", nation="ussr")]
    w = world(
        board,
        units,
        {"g": "0403", "s1": "0503", "s2": "0502"},
        main_sources={"germany": "0103", "ussr": "1003"},
    )
    m = new_match(w)
    m.state.control[board.node("0103")] = "axis"
    m.state.touch()
    drive(m, at_prompt("move", "axis"))
    targets = move_targets(m, "g")
    assert "0503" in targets  # inside the Finnish attack zone
    assert "0502" not in targets  # outside it


def test_finnish_supply_lanes_stop_at_the_operational_area() -> None:  # 5.5
    from hexfront.games.bite.rules.supply import compute, is_supplied

    finland = [f"{c:02d}{r:02d}" for c in range(1, 4) for r in range(1, 6)]
    board = SyntheticBoard(
        ROWS,
        owner="ussr",
        owners=dict.fromkeys(finland, "finland"),
        zones={"finland_1941": finland, "foa": ["0403", "0603"]},
    )
    fin = [unit("near", nation="finland"), unit("far", nation="finland")]
    w = world(board, fin, {"near": "0403", "far": "0603"}, main_sources={"finland": "0303"})
    state = new_match(w).state
    net = compute(state, "axis")
    assert is_supplied(state, state.pieces["near"], net)
    # 0603 -> 0503 -> 0403 -> 0303 is three hexes, but 0503 lies beyond the FOA.
    assert not is_supplied(state, state.pieces["far"], net)
