"""Production (7.3), rail movement (7.4), blitz (7.8), exploitation (7.10), victory (7.11)."""

from __future__ import annotations

import pytest

from hexfront.games.bite.board import Site
from hexfront.games.bite.rules.victory import verdict
from hexfront.games.bite.state import Income

from .helpers import act, at_prompt, drive, load, new_match
from .synthetic import SyntheticBoard, unit, world

ROWS = ["." * 12] * 6
RAIL = [[f"{c:02d}03" for c in range(1, 13)]]


def base_board(**kw):  # type: ignore[no-untyped-def]
    west = {f"{c:02d}{r:02d}": "germany" for c in range(1, 5) for r in range(1, 7)}
    board = SyntheticBoard(ROWS, owner="ussr", owners=west, rails=RAIL, **kw)
    for name, hex_id, kind, factories in (
        ("Berlin", "0103", "capital", ("red", "blue")),
        ("Posen", "0303", "major", ()),
        ("Minsk", "0803", "major", ()),
        ("Moscow", "1203", "capital", ("red", "blue")),
        ("Smolensk", "1003", "major", ()),
    ):
        s = Site(name, board.node(hex_id), type=kind, factories=factories)
        board._sites[s.node] = s
    return board


SOURCES = {"germany": "Berlin", "ussr": "Moscow"}


# --- 7.3 production ----------------------------------------------------------------------------


def test_income_repair_costs_by_step_colour() -> None:  # 7.3
    board = base_board()
    inf = unit("inf", ladder=(4, 3, 2, 1), colours=("red", "white", "black", "black"))
    w = world(
        board, [inf], {"inf": ("0303", 2)}, income=[Income("germany", 5, 2)], main_sources=SOURCES
    )
    m = new_match(w)
    drive(m, at_prompt("production", "axis"))
    assert m.state.pp["germany"] == 5
    repairs = [a for a in m.legal_actions("axis") if a.verb == "repair"]
    assert [a.args["pp"] for a in repairs] == [2]  # 2 -> 3 is a white number
    act(m, "axis", "repair", unit="inf", pp=2)
    assert m.state.strength(m.state.pieces["inf"]) == 3
    assert m.state.pp["germany"] == 3
    assert [a.args["pp"] for a in m.legal_actions("axis") if a.verb == "repair"] == [3]  # red
    act(m, "axis", "repair", unit="inf", pp=3)
    assert m.state.pp["germany"] == 0
    assert not [a for a in m.legal_actions("axis") if a.verb == "repair"]  # at full strength


def test_unsupplied_units_get_no_repairs() -> None:  # 4.4
    board = base_board()
    units = [unit("cut"), unit("fed")]
    w = world(
        board,
        units,
        {"cut": ("0906", 2), "fed": ("0203", 2)},
        income=[Income("germany", 5, 2)],
        main_sources={"germany": "0103"},
    )
    m = new_match(w)
    drive(m, at_prompt("production", "axis"))
    assert m.state.pieces["cut"].oos
    assert not m.state.pieces["fed"].oos
    assert {a.args["unit"] for a in m.legal_actions("axis") if a.verb == "repair"} == {"fed"}


def test_blue_steps_are_never_rebuilt_and_rebuilds_go_to_placement_cities() -> None:  # 7.3, 7.3.1
    board = base_board()
    guards = unit(
        "gds", nation="ussr", ladder=(7, 5, 3, 1), colours=("black", "black", "black", "blue")
    )
    rifle = unit("rif", nation="ussr")
    tank = unit("tk", "tank", nation="ussr")
    w = world(
        board,
        [guards, rifle, tank],
        {"gds": "1103", "rif": "1102", "tk": "1104"},
        income=[Income("ussr", 9, 2)],
        main_sources=SOURCES,
    )
    m = new_match(w)
    for uid in ("gds", "rif", "tk"):
        p = m.state.pieces[uid]
        p.status, p.node = "eliminated", -1
    drive(m, at_prompt("production", "soviet"))
    rebuilds = {
        (a.args["unit"], a.args["hex"]) for a in m.legal_actions("soviet") if a.verb == "rebuild"
    }
    assert not any(u == "gds" for u, _ in rebuilds)  # its last step is blue
    assert ("rif", "1003") in rebuilds  # Smolensk: a major city
    assert ("rif", "1203") in rebuilds  # Moscow, the capital
    assert {h for u, h in rebuilds if u == "tk"} == {"1203"}  # armour needs a red factory
    act(m, "soviet", "rebuild", unit="rif", hex="1003", pp=1)
    assert m.state.pieces["rif"].status == "map"
    assert m.state.strength(m.state.pieces["rif"]) == 1  # back at its weakest edge
    # One unit per city per phase, two in capitals (7.3.1).
    rebuilds = {
        (a.args["unit"], a.args["hex"]) for a in m.legal_actions("soviet") if a.verb == "rebuild"
    }
    assert ("tk", "1203") in rebuilds
    assert not any(h == "1003" for _, h in rebuilds)


def test_captured_factories_are_destroyed_for_good() -> None:  # 3.3, 7.3.1
    from hexfront.games.bite.rules.basics import factories_at, take_control

    board = base_board()
    tank = unit("tk", "tank", nation="ussr")
    w = world(board, [tank], {"tk": "1104"}, income=[Income("ussr", 9, 2)], main_sources=SOURCES)
    m = new_match(w)
    moscow, berlin = board.node("Moscow"), board.node("Berlin")
    take_control(m.state, "soviet", [berlin])  # an enemy plant taken: destroyed
    take_control(m.state, "axis", [moscow])
    take_control(m.state, "soviet", [moscow])  # taking it back does not rebuild it
    assert factories_at(m.state, moscow) == ((), False)
    assert factories_at(m.state, berlin) == ((), False)
    assert sorted(m.state.flags["factories_destroyed"]) == ["Berlin", "Moscow"]
    assert [e.kind for e in m.state.log].count("factories_destroyed") == 2
    p = m.state.pieces["tk"]
    p.status, p.node = "eliminated", -1
    drive(m, at_prompt("production", "soviet"))
    assert not [a for a in m.legal_actions("soviet") if a.verb == "rebuild"]


def test_own_factories_survive_recapture_of_other_cities() -> None:  # 3.3
    from hexfront.games.bite.rules.basics import factories_at, take_control

    board = base_board()
    w = world(board, [unit("tk", "tank", nation="ussr")], {"tk": "1104"}, main_sources=SOURCES)
    m = new_match(w)
    take_control(m.state, "soviet", [board.node("Smolensk"), board.node("Moscow")])
    assert factories_at(m.state, board.node("Moscow")) == (("red", "blue"), False)


def test_reinforcements_arrive_and_may_be_held_back() -> None:  # 7.3, 7.3.3
    board = base_board()
    w = world(
        board,
        [unit("r", nation="ussr")],
        {},
        main_sources=SOURCES,
        reinforcements=[("r", 2, 4, None)],
    )
    m = new_match(w)
    drive(m, at_prompt("production", "soviet"))
    places = {a.args["hex"] for a in m.legal_actions("soviet") if a.verb == "place"}
    assert places == {"0803", "1003", "1203"}
    act(m, "soviet", "done")  # held back at no cost
    assert m.state.pieces["r"].status == "held"
    drive(m, at_prompt("production", "soviet"))
    assert m.state.turn == 3
    act(m, "soviet", "place", unit="r", hex="1203")
    assert m.state.pieces["r"].status == "map"


def test_disbanding_gives_a_pp_next_turn() -> None:  # 7.3.4
    board = base_board()
    w = world(board, [unit("inf")], {"inf": "0303"}, main_sources=SOURCES)
    m = new_match(w)
    drive(m, at_prompt("production", "axis"))
    act(m, "axis", "disband", unit="inf")
    assert m.state.pieces["inf"].status == "disbanded"
    assert m.state.pp.get("germany", 0) == 0
    assert not [a for a in m.legal_actions("axis") if a.verb == "rebuild"]  # not this turn
    drive(m, lambda x: x.state.turn == 3 and at_prompt("production", "axis")(x))
    assert m.state.pp["germany"] == 1
    assert [a for a in m.legal_actions("axis") if a.verb == "rebuild"]


def test_german_aid_is_capped_at_three_pp_per_ally() -> None:  # 5.2
    board = base_board()
    ro = unit("ro", nation="romania")
    w = world(
        board,
        [unit("inf"), ro],
        {"inf": "0303", "ro": "0302"},
        income=[Income("germany", 9, 2)],
        main_sources=SOURCES,
    )
    m = new_match(w)
    drive(m, at_prompt("production", "axis"))
    for _ in range(3):
        act(m, "axis", "aid", to="romania")
    assert m.state.pp["romania"] == 3
    assert m.state.pp["germany"] == 6
    assert not [a for a in m.legal_actions("axis") if a.verb == "aid" and a.args["to"] == "romania"]


# --- 7.4 strategic rail movement -----------------------------------------------------------------


def test_rail_moves_cost_pp_and_keep_clear_of_the_enemy() -> None:  # 7.4
    board = base_board()
    w = world(
        board,
        [unit("inf"), unit("s", nation="ussr")],
        {"inf": "0103", "s": "0702"},
        income=[Income("germany", 3, 2)],
        main_sources=SOURCES,
    )
    m = new_match(w)
    drive(m, at_prompt("rail", "axis"))
    targets = {a.args["to"] for a in m.legal_actions("axis") if a.verb == "rail"}
    assert "0403" in targets  # German rail, far from the enemy
    assert "0603" not in targets  # next to the Soviet unit at 0702
    assert "0803" not in targets  # beyond it: cannot pass next to the enemy
    act(m, "axis", "rail", unit="inf", to="0403")
    assert m.state.pp["germany"] == 2
    assert m.state.pieces["inf"].node == board.node("0403")
    assert not [a for a in m.legal_actions("axis") if a.verb == "rail"]  # one ride per unit


def test_soviet_rail_limit_is_five() -> None:  # 7.4
    board = base_board()
    units = [unit(f"s{i}", nation="ussr") for i in range(7)]
    places = {
        "s0": "1203",
        "s1": "1203",
        "s2": "1103",
        "s3": "1103",
        "s4": "1003",
        "s5": "1003",
        "s6": "0903",
    }
    w = world(board, units, places, income=[Income("ussr", 20, 2)], main_sources=SOURCES)
    m = new_match(w)
    drive(m, at_prompt("rail", "soviet"))
    done = 0
    for uid in places:
        moves = [a for a in m.legal_actions("soviet") if a.verb == "rail" and a.args["unit"] == uid]
        if not moves:
            break
        m.act(moves[0])
        done += 1
    assert done == 5
    assert not [a for a in m.legal_actions("soviet") if a.verb == "rail"]


# --- 7.8 blitz, 7.10 exploitation ------------------------------------------------------------------


def test_blitz_after_a_won_battle_then_exploitation() -> None:  # 7.8, 7.10
    board = base_board()
    pz = unit("pz", "tank", ladder=(5, 4, 3, 2))
    sov = unit("s", nation="ussr", ladder=(1,))
    sov2 = unit("s2", nation="ussr", ladder=(1,))
    w = world(
        board, [pz, sov, sov2], {"pz": "0503", "s": "0603", "s2": "0803"}, main_sources=SOURCES
    )
    m = new_match(w)
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "move", unit="pz", to="0603")
    drive(m, at_prompt("choose_battle", "axis"))
    load(m, [1, 6, 6, 6, 6, 6])  # the defender misses, the panzers hit
    act(m, "axis", "fight", hex="0603")
    drive(m, at_prompt("blitz", "axis"))
    assert m.state.pieces["s"].status == "eliminated"
    targets = {a.args["to"] for a in m.legal_actions("axis") if a.verb == "blitz"}
    assert "0703" in targets
    assert "0803" not in targets  # only one hex further
    act(m, "axis", "blitz", unit="pz", to="0703")
    act(m, "axis", "done")
    drive(m, at_prompt("exploit", "axis"))
    exploit = {a.args["to"] for a in m.legal_actions("axis") if a.verb == "move"}
    assert "0803" not in exploit  # exploitation never attacks
    assert exploit


def test_no_blitz_without_an_attack() -> None:  # 7.8
    board = base_board()
    pz = unit("pz", "tank", ladder=(5, 4, 3, 2))
    w = world(
        board, [pz, unit("s", nation="ussr")], {"pz": "0503", "s": "1102"}, main_sources=SOURCES
    )
    m = new_match(w)
    drive(m, lambda x: x.state.phase == "exploitation" or at_prompt("blitz", "axis")(x))
    assert m.state.phase == "exploitation"


# --- 7.11 victory --------------------------------------------------------------------------------


def test_vp_table_boundaries() -> None:  # SBE4 table
    board = base_board()
    table = [
        {"min": 0, "max": 3, "winner": "soviet", "level": "decisive"},
        {"min": 4, "max": 6, "winner": "soviet", "level": "marginal"},
        {"min": 7, "max": 7, "winner": "draw", "level": "draw"},
        {"min": 8, "max": 18, "winner": "axis", "level": "marginal"},
        {"min": 19, "winner": "axis", "level": "decisive"},
    ]
    w = world(
        board,
        [unit("inf")],
        {"inf": "0303"},
        main_sources=SOURCES,
        victory={
            "kind": "vp_table",
            "vp": {"soviet_major_city": 1, "places": {"Moscow": 3}},
            "table": table,
        },
    )
    m = new_match(w)
    s = m.state
    assert verdict(s)["outcome"] == "soviet decisive victory"
    s.control[board.node("Minsk")] = "axis"
    s.control[board.node("Smolensk")] = "axis"
    s.control[board.node("Moscow")] = "axis"
    v = verdict(s)
    assert v["score"] == 5
    assert v["outcome"] == "soviet marginal victory"


@pytest.mark.parametrize(
    ("vp", "outcome"),
    [
        (0, "soviet decisive"),
        (3, "soviet decisive"),
        (4, "soviet marginal"),
        (6, "soviet marginal"),
        (7, "draw draw"),
        (8, "axis marginal"),
        (18, "axis marginal"),
        (19, "axis decisive"),
        (40, "axis decisive"),
    ],
)
def test_sbe4_table_from_the_scenario_data(vp: int, outcome: str) -> None:  # SBE4
    from hexfront.games.bite import forces
    from hexfront.games.bite.rules.victory import _lookup

    row = _lookup(list(forces.scenario("SBE4").victory["table"]), vp)
    assert f"{row['winner']} {row['level']}" == outcome


def test_capital_surrender_removes_a_power() -> None:  # 7.11
    board = base_board()
    b = Site("Bucharest", board.node("0405"), type="capital")
    board._sites[b.node] = b
    ro = unit("ro", nation="romania")
    w = world(
        board,
        [unit("inf"), ro, unit("s", nation="ussr")],
        {"inf": "0303", "ro": "0302", "s": "1102"},
        main_sources=SOURCES,
    )
    m = new_match(w)
    m.state.control[b.node] = "soviet"
    drive(m, lambda x: x.state.turn == 3)
    assert "romania" in m.state.surrendered
    assert m.state.pieces["ro"].status == "removed"


def test_game_ends_after_the_last_turn_with_a_verdict() -> None:
    board = base_board()
    w = world(
        board,
        [unit("inf"), unit("s", nation="ussr")],
        {"inf": "0303", "s": "1102"},
        main_sources=SOURCES,
        turns=2,
        victory={
            "kind": "conditions",
            "default": {"winner": "draw", "level": "draw"},
            "condition": [
                {
                    "kind": "control",
                    "side": "axis",
                    "places": ["Moscow"],
                    "result": {"winner": "axis", "level": "victory"},
                }
            ],
        },
    )
    m = new_match(w)
    drive(m, lambda x: x.is_over())
    assert m.is_over()
    result = m.result()
    assert result is not None
    assert result.outcome == "draw"
    assert m.state.turn == 3


def test_a_supreme_hq_may_pay_a_rail_move_with_an_action_point() -> None:  # 7.4, 3.12
    board = base_board()
    fhq = unit("fhq", "supreme_hq", ladder=(4, 3, 2, 1, 0))
    w = world(board, [unit("inf"), fhq], {"inf": "0103", "fhq": "0203"}, main_sources=SOURCES)
    m = new_match(w)
    drive(m, at_prompt("rail", "axis"))
    assert m.state.pp.get("germany", 0) == 0  # no PP at all this turn
    paid_by_hq = [
        a for a in m.legal_actions("axis") if a.verb == "rail" and a.args.get("hq") == "fhq"
    ]
    assert paid_by_hq
    assert not [a for a in m.legal_actions("axis") if a.verb == "rail" and "hq" not in a.args]
    move = next(a for a in paid_by_hq if a.args["unit"] == "inf" and a.args["to"] == "0403")
    m.act(move)
    assert m.state.strength(m.state.pieces["fhq"]) == 3
    assert m.state.pieces["inf"].node == board.node("0403")
