"""Chapter 3: stacking, steps and hits, fractions, zones of control, control."""

from __future__ import annotations

import pytest

from hexfront.games.bite.rules.basics import apply_hit, can_stack, take_control, zoc_map
from hexfront.games.bite.rules.modifiers import dice_after_mali
from hexfront.games.bite.state import BiteState

from .helpers import act, drive, new_match
from .synthetic import SyntheticBoard, unit, world

OPEN = ["......", "......", "......", "......"]


def state_with(units, placements, rows=OPEN, **kw) -> BiteState:  # type: ignore[no-untyped-def]
    board = SyntheticBoard(rows, **kw)
    m = new_match(world(board, units, placements, main_sources={}))
    return m.state


@pytest.mark.parametrize(
    ("classes", "ok"),
    [
        (["artillery", "artillery", "artillery"], True),  # 3.10: 3 HQs/Arts
        (["artillery", "supreme_hq", "infantry"], True),  # 2 HQs/Arts plus 1 GCU
        (["artillery", "infantry", "tank"], True),  # 1 HQ/Art plus 2 GCUs
        (["infantry", "infantry", "tank"], False),  # but not 3 GCUs
        (["infantry", "infantry", "artillery", "artillery"], False),  # never 4 ground units
    ],
)
def test_stacking_examples_of_3_10(classes: list[str], ok: bool) -> None:
    specs = [unit(f"u{i}", c) for i, c in enumerate(classes)]
    state = state_with(specs[:1], {"u0": "0202"})
    assert can_stack(state, state.w.board.node("0202"), "axis", specs[1:]) is ok


def test_air_units_do_not_count_against_ground_stacking() -> None:
    specs = [unit("a", "infantry"), unit("b", "infantry"), unit("f", "fighter", ladder=(3, 2, 1))]
    state = state_with(specs[:2], {"a": "0202", "b": "0202"})
    assert can_stack(state, state.w.board.node("0202"), "axis", [specs[2]])


def test_romanians_and_hungarians_never_stack() -> None:  # 5.3
    ro, hu = unit("ro", nation="romania"), unit("hu", nation="hungary")
    state = state_with([ro], {"ro": "0202"})
    assert not can_stack(state, state.w.board.node("0202"), "axis", [hu])


def test_hits_rotate_a_four_step_infantry_to_elimination() -> None:  # 3.15 example
    state = state_with([unit("inf")], {"inf": "0202"})
    p = state.pieces["inf"]
    outcomes = [apply_hit(state, p) for _ in range(4)]
    assert outcomes == ["reduced", "reduced", "reduced", "eliminated"]


def test_one_hit_reduces_four_steps_to_three() -> None:  # 3.15 example
    state = state_with([unit("inf")], {"inf": "0202"})
    p = state.pieces["inf"]
    apply_hit(state, p)
    assert state.strength(p) == 3


def test_shield_units_need_two_hits_per_edge() -> None:  # 3.15 note, 7.7.8
    guards = unit("gds", nation="ussr", ladder=(7, 5, 3, 1))
    state = state_with([guards], {"gds": "0202"})
    p = state.pieces["gds"]
    assert apply_hit(state, p) == "half"
    assert state.strength(p) == 7
    assert p.half_hit
    assert apply_hit(state, p) == "reduced"
    assert state.strength(p) == 5
    assert not p.half_hit
    # ... 5 -> 3 -> 1 takes four more hits, and the last step (1 -> 0) a single one.
    results = [apply_hit(state, p) for _ in range(5)]
    assert results == ["half", "reduced", "half", "reduced", "eliminated"]


def test_artillery_on_its_zero_floor_absorbs_hits() -> None:  # 7.7.10
    art = unit("art", "artillery", ladder=(4, 2, 0))
    state = state_with([art], {"art": "0202"})
    p = state.pieces["art"]
    assert [apply_hit(state, p) for _ in range(4)] == ["half", "reduced", "half", "reduced"]
    assert state.strength(p) == 0
    assert apply_hit(state, p) == "absorbed"
    assert p.status == "map"


@pytest.mark.parametrize(
    ("steps", "mali", "dice"),
    [(5, 0, 5), (5, 1, 2), (5, 2, 1), (1, 1, 1), (3, 3, 1), (7, 1, 3), (0, 1, 0)],
)
def test_fractions_round_down_but_at_least_one_die(steps: int, mali: int, dice: int) -> None:
    assert dice_after_mali(steps, mali) == dice  # 3.16, 3.17, 7.7.6


def test_zone_of_control_covers_the_six_neighbours() -> None:  # 3.19
    state = state_with([unit("g")], {"g": "0302"})
    zoc = zoc_map(state, "axis", ground_only=True)
    board = state.w.board
    around = {board.id_of(n) for n in board.adjacency[board.node("0302")]}
    assert {board.id_of(n) for n in range(board.node_count) if zoc[n]} == around


def test_zone_of_control_stops_at_water_enemies_and_straits() -> None:  # 3.19
    rows = ["......", ".~....", "......", "......"]  # 0202 is water
    board_kw = {"arrows": [("0302", "0402")]}
    specs = [unit("g"), unit("s", nation="ussr")]
    state = state_with(specs, {"g": "0302", "s": "0303"}, rows=rows, **board_kw)
    zoc = zoc_map(state, "axis", ground_only=True)
    board = state.w.board
    assert not zoc[board.node("0302")]  # own hex is not in its own zone
    assert not zoc[board.node("0303")]  # a hex held by the enemy
    assert not zoc[board.node("0402")]  # across a strait
    assert board.terrain[board.node("0202")] == "water"
    assert not zoc[board.node("0202")]
    assert zoc[board.node("0301")]


def test_units_in_a_battle_hex_exert_no_zone_of_control() -> None:  # 3.19
    specs = [unit("g"), unit("s", nation="ussr")]
    state = state_with(specs, {"g": "0302", "s": "0302"})
    assert not any(zoc_map(state, "axis", ground_only=True))
    assert not any(zoc_map(state, "soviet", ground_only=True))


def test_flying_air_units_exert_no_zone_of_control() -> None:  # 3.19
    state = state_with([unit("f", "fighter", ladder=(3, 2, 1))], {"f": "0302"})
    assert any(zoc_map(state, "axis", ground_only=False))
    state.pieces["f"].base = state.w.board.node("0101")  # now on a mission
    assert not any(zoc_map(state, "axis", ground_only=False))


def test_entering_a_city_takes_control_and_is_logged() -> None:  # 3.3
    board = SyntheticBoard(OPEN)
    site = board.site("Kalinin", "0303", type="major")
    board.add_site(site)
    m = new_match(world(board, [unit("g")], {"g": "0101"}, main_sources={}))
    state = m.state
    take_control(state, "axis", [site.node])
    assert state.control[site.node] == "axis"
    assert state.log[-1].kind == "captured"
    assert state.log[-1].data["city"] == "Kalinin"


def test_hexes_and_cities_cut_off_behind_the_front_change_hands() -> None:  # 3.1
    from hexfront.games.bite.board import Site
    from hexfront.games.bite.rules.basics import update_front

    # A Soviet pocket: hexes west of an unbroken Axis line at column 04 are cut off from
    # every Soviet unit and from Siberia (0603, the Soviet source, lies east of the line).
    board = SyntheticBoard(["......"] * 4)
    city = Site("Pinsk", board.node("0102"), type="minor")
    board.add_site(city)
    axis = [unit(f"g{r}") for r in range(4)]
    places = {f"g{r}": f"04{r + 1:02d}" for r in range(4)}
    m = new_match(world(board, axis, places, main_sources={"ussr": "0603", "germany": "0603"}))
    state = m.state
    state.control = ["soviet"] * board.node_count
    for r in range(4):
        state.control[board.node(f"04{r + 1:02d}")] = "axis"
    update_front(state)
    assert state.control[board.node("0101")] == "axis"  # behind the Axis line now
    assert state.control[board.node("0102")] == "axis"  # so is the empty city (3.1)
    assert any(e.kind == "captured" and e.data["city"] == "Pinsk" for e in state.log)
    assert state.control[board.node("0603")] == "soviet"  # still linked to Siberia's side


# Pskov (2816) ringed by six German corps: the empty city lies behind the Axis front line.
# Luga (3015) and Leningrad stay Soviet: Soviet units still reach them. (Design choice: a
# small position on the real map, SBE1.)
RING = ["2815", "2716", "2916", "2717", "2817", "2917"]
CORPS = ["ger-c-i", "ger-c-ii", "ger-c-x", "ger-c-xxvi", "ger-c-xxviii", "ger-c-xxxviii"]
POCKET = {
    "scenario": "SBE1",
    "turn": 2,
    "side": "axis",
    "phase": "movement",
    "unit": [
        *({"id": uid, "hex": h} for uid, h in zip(CORPS, RING, strict=True)),
        {"id": "sov-a-8", "hex": "Leningrad"},
        {"id": "sov-a-11", "hex": "3116"},
    ],
}


def test_an_empty_city_behind_the_enemy_front_changes_hands() -> None:  # 3.1
    from hexfront.engine.match import Match
    from hexfront.games.bite.game import Bite

    m = Match.from_position(Bite(), POCKET)
    board = m.state.w.board
    assert m.state.control[board.node("Pskov")] == "soviet"
    act(m, "axis", "end_ground")
    drive(m, lambda x: x.state.phase != "movement")
    assert m.state.control[board.node("Pskov")] == "axis"
    assert any(e.kind == "captured" and e.data["city"] == "Pskov" for e in m.state.log)
    assert m.state.control[board.node("Luga")] == "soviet"  # reachable: no clear front there
    assert m.state.control[board.node("Leningrad")] == "soviet"
