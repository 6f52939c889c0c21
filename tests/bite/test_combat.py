"""7.7 Combat: the rulebook's worked examples and edge cases, with loaded dice."""

from __future__ import annotations

from collections.abc import Sequence

from hexfront.engine.match import Match
from hexfront.games.bite.board import Site
from hexfront.games.bite.state import BiteState
from hexfront.games.bite.units import UnitSpec

from .helpers import act, at_prompt, drive, load, new_match, pass_action
from .synthetic import SyntheticBoard, unit, world

# West half German, east half Soviet. The battle hex is 0403 unless a test says otherwise.
SOURCES = {"germany": "0203", "ussr": "0603", "finland": "0203"}
ROWS = ["........", "........", "........", "........", "........"]


def board_with(
    rows: Sequence[str] = ROWS,
    sites: Sequence[tuple[str, str, dict[str, object]]] = (),
    rivers: dict[tuple[str, str], str] | None = None,
) -> SyntheticBoard:
    west = {f"{c:02d}{r:02d}": "germany" for c in range(1, 4) for r in range(1, 6)}
    b = SyntheticBoard(rows, owner="ussr", owners=west, rivers=rivers)
    for name, hex_id, kw in sites:
        s = Site(name, b.node(hex_id), **kw)  # type: ignore[arg-type]
        b._sites[s.node] = s
    return b


def fight(
    board: SyntheticBoard,
    units: Sequence[UnitSpec],
    placements: dict[str, str | tuple[str, int]],
    moves: Sequence[tuple[str, str]] = (),
    flights: Sequence[tuple[str, str]] = (),
    *,
    side: str = "axis",
    target: str = "0403",
    options: dict[str, object] | None = None,
    faces: Sequence[int] = (),
) -> Match[BiteState]:
    """Drive to ``side``'s movement, make the moves and flights, then open the battle."""
    w = world(board, units, placements, main_sources=SOURCES)
    m = new_match(w, **(options or {}))
    if side == "soviet":
        drive(m, at_prompt("move", "soviet"))
    drive(m, at_prompt("move", side))
    for uid, to in moves:
        act(m, side, "move", unit=uid, to=to)
    act(m, side, "end_ground")
    for uid, to in flights:
        act(m, side, "fly", unit=uid, to=to)
    drive(m, at_prompt("choose_battle", side))
    load(m, list(faces) + [1] * 60)  # loaded before the battle opens; then misses
    act(m, side, "fight", hex=target)
    return m


def fires(m: Match[BiteState], step: str | None = None) -> list[dict[str, object]]:
    return [
        e.data for e in m.state.log if e.kind == "fire" and (step is None or e.data["step"] == step)
    ]


def test_malus_halves_dice_and_two_mali_quarter_them() -> None:  # 7.7.7 example 1
    tank = unit("pz", "tank", ladder=(5, 4, 3, 2))
    rows = ["........", "........", "...f....", "........", "........"]  # 0403 is forest
    m = fight(
        board_with(rows),
        [tank, unit("s", nation="ussr")],
        {"pz": "0303", "s": "0403"},
        moves=[("pz", "0403")],
        faces=[1] * 20,
    )
    drive(m, lambda x: bool(fires(x, "ground")) and len(fires(x, "ground")) >= 2)
    attack = next(f for f in fires(m, "ground") if f["unit"] == "pz")
    assert len(attack["dice"]) == 2  # type: ignore[arg-type]
    assert attack["hit_on"] == 5
    # The same tank crossing a river into the forest: forest + river = quartered -> 1 die.
    rivers = {("0303", "0403"): "Bug"}
    m = fight(
        board_with(rows, rivers=rivers),
        [tank, unit("s", nation="ussr")],
        {"pz": "0303", "s": "0403"},
        moves=[("pz", "0403")],
        faces=[1] * 20,
    )
    drive(m, lambda x: len(fires(x, "ground")) >= 2)
    attack = next(f for f in fires(m, "ground") if f["unit"] == "pz")
    assert len(attack["dice"]) == 1  # type: ignore[arg-type]
    assert attack["mali"] == 2


def test_defender_bonuses_and_attacker_mali_add_up() -> None:  # 7.7.7 example 2
    rows = ["........", "........", "...f....", "........", "........"]
    sites = [("Kalinin", "0403", {"type": "major"})]
    board = board_with(rows, sites, rivers={("0303", "0403"): "Volga"})
    inf = unit("ger", "infantry")
    sov = unit("sov", nation="ussr")
    m = fight(
        board, [inf, sov], {"ger": "0303", "sov": "0403"}, moves=[("ger", "0403")], faces=[1] * 20
    )
    drive(m, lambda x: len(fires(x, "ground")) >= 2)
    defence = next(f for f in fires(m, "ground") if f["unit"] == "sov")
    attack = next(f for f in fires(m, "ground") if f["unit"] == "ger")
    assert defence["hit_on"] == 4  # 6 with river and major-city Boni: 4-6
    assert defence["boni"] == 2
    assert attack["mali"] == 3  # river, forest, major city
    assert len(attack["dice"]) == 1  # type: ignore[arg-type]


def test_merging_dice_gives_the_extra_die_to_the_weakest() -> None:  # 7.7.7 merging example
    rows = ["........", "........", "...f....", "........", "........"]
    arm = unit("arm", "tank", ladder=(5, 4, 3, 2))
    inf = unit("inf", "infantry")
    sov = unit("sov", nation="ussr", ladder=(7, 5, 3, 1))
    m = fight(
        board_with(rows),
        [arm, inf, sov],
        {"arm": ("0303", 3), "inf": ("0302", 3), "sov": "0403"},
        moves=[("arm", "0403"), ("inf", "0403")],
        faces=[1] * 30,
    )
    drive(m, lambda x: len(fires(x, "ground")) >= 3)
    shots = {str(f["unit"]): f for f in fires(m, "ground") if f["side"] == "axis"}
    assert len(shots["arm"]["dice"]) == 1  # type: ignore[arg-type]
    assert shots["arm"]["hit_on"] == 5
    assert len(shots["inf"]["dice"]) == 2  # type: ignore[arg-type]
    assert shots["inf"]["hit_on"] == 6


def test_artillery_aa_then_bomber_with_what_is_left() -> None:  # 6.1.4 example
    art = unit("art4", "artillery", "germany", ladder=(4, 2, 0))
    bomber = unit("add", "strategic_bomber", "ussr", ladder=(4, 3, 2, 1))
    sites = [("Velikiye Luki", "0603", {"type": "minor"})]
    board = board_with(sites=sites)
    # AA: four dice at 5-6 (German TECH 2 artillery): faces 5, 1, 1, 1 -> one hit.
    m = fight(
        board,
        [art, bomber],
        {"art4": "0403", "add": "0603"},
        flights=[("add", "0403")],
        side="soviet",
        target="0403",
        faces=[5, 1, 1, 1, 6, 6, 6],
    )
    drive(m, lambda x: bool(fires(x, "a2g")))
    aa = fires(m, "aa")[0]
    assert aa["unit"] == "art4"
    assert len(aa["dice"]) == 4  # type: ignore[arg-type]
    assert aa["hit_on"] == 5
    a2g = fires(m, "a2g")[0]
    assert len(a2g["dice"]) == 3  # type: ignore[arg-type]
    assert a2g["hit_on"] == 6
    # Anti-aircraft fire costs a gun no ammunition (7.7.2); the bomb hits do.
    assert m.state.strength(m.state.pieces["art4"]) < 4


def test_artillery_loses_a_step_after_firing() -> None:  # 7.7.4
    art = unit("art", "artillery", ladder=(4, 2, 0))
    inf = unit("inf")
    sov = unit("sov", nation="ussr")
    m = fight(
        board_with(),
        [art, inf, sov],
        {"art": "0303", "inf": "0303", "sov": "0403"},
        moves=[("inf", "0403"), ("art", "0403")],
        faces=[1] * 20,
    )
    drive(m, lambda x: bool(fires(x, "artillery")))
    assert m.state.strength(m.state.pieces["art"]) == 2


def test_support_units_never_attack_alone() -> None:  # 3.8
    art = unit("art", "artillery", ladder=(4, 2, 0))
    sov = unit("sov", nation="ussr")
    w = world(board_with(), [art, sov], {"art": "0303", "sov": "0403"}, main_sources=SOURCES)
    m = new_match(w)
    drive(m, at_prompt("move", "axis"))
    targets = {
        a.args["to"]
        for a in m.legal_actions("axis")
        if a.verb == "move" and a.args["unit"] == "art"
    }
    assert "0403" not in targets
    assert "0302" in targets


def test_artillery_alone_in_a_battle_does_not_fire() -> None:  # 6.1.4
    art = unit("art", "artillery", "ussr", ladder=(4, 2, 0))
    inf = unit("inf")
    m = fight(
        board_with(),
        [art, inf],
        {"art": "0403", "inf": "0303"},
        moves=[("inf", "0403")],
        faces=[1] * 20,
    )
    drive(m, lambda x: len(fires(x, "ground")) >= 1)
    assert not [f for f in fires(m) if f["unit"] == "art"]


def test_zero_step_artillery_alone_against_combat_units_is_eliminated() -> None:  # 7.7.10
    art = unit("art", "artillery", "ussr", ladder=(4, 2, 0))
    inf = unit("inf")
    m = fight(
        board_with(), [art, inf], {"art": ("0403", 0), "inf": "0303"}, moves=[("inf", "0403")]
    )
    drive(m, lambda x: x.state.pieces["art"].status != "map")
    assert m.state.pieces["art"].status == "eliminated"


def test_defender_fires_first_in_ground_combat() -> None:  # 7.7.5
    # The defender's four dice all hit.
    m = fight(
        board_with(),
        [unit("inf"), unit("sov", nation="ussr")],
        {"inf": "0303", "sov": "0403"},
        moves=[("inf", "0403")],
        faces=[6, 6, 6, 6],
    )
    drive(m, lambda x: len(fires(x, "ground")) >= 2 or x.state.pieces["inf"].status != "map")
    order = [f["side"] for f in fires(m, "ground")]
    assert order[0] == "soviet"
    # Four hits on the 4-step attacker eliminate it before it can fire back.
    assert m.state.pieces["inf"].status == "eliminated"
    assert order == ["soviet"]


def test_owner_chooses_between_equally_strong_units() -> None:  # 7.7.9
    specs = [unit("a"), unit("b"), unit("sov", nation="ussr")]
    m = fight(
        board_with(),
        specs,
        {"a": "0303", "b": "0302", "sov": "0403"},
        moves=[("a", "0403"), ("b", "0403")],
        faces=[6, 1, 1, 1],
    )  # one hit
    drive(m, at_prompt("allocate_hit", "axis"))
    choices = {a.args["unit"] for a in m.legal_actions("axis")}
    assert choices == {"a", "b"}
    act(m, "axis", "hit", unit="b")
    assert m.state.strength(m.state.pieces["b"]) == 3
    assert m.state.strength(m.state.pieces["a"]) == 4


def test_strongest_unit_takes_hits_first_without_asking() -> None:  # 7.7.9
    specs = [unit("a"), unit("b", ladder=(3, 2, 1)), unit("sov", nation="ussr")]
    # Two hits: the 4 goes to 3 unasked; then a 3/3 tie, and the owner picks.
    m = fight(
        board_with(),
        specs,
        {"a": "0303", "b": "0302", "sov": "0403"},
        moves=[("a", "0403"), ("b", "0403")],
        faces=[6, 6, 1, 1],
    )
    drive(m, at_prompt("allocate_hit", "axis"))
    assert m.state.strength(m.state.pieces["a"]) == 3


def test_shield_half_hit_is_carried_into_the_next_round() -> None:  # 7.7.8
    guards = unit("gds", nation="ussr", ladder=(7, 5, 3, 1))
    inf = unit("inf")
    # Round 1: the Guards miss (7 dice), the infantry hits once (a half hit); same in round 2.
    m = fight(
        board_with(),
        [guards, inf],
        {"gds": "0403", "inf": "0303"},
        moves=[("inf", "0403")],
        faces=[1] * 7 + [6, 1, 1, 1] + [1] * 7 + [6, 1, 1, 1],
    )
    drive(m, at_prompt("retreat", "soviet"))
    gds = m.state.pieces["gds"]
    assert gds.half_hit
    assert m.state.strength(gds) == 7
    act(m, "soviet", "stand")
    drive(m, lambda x: len(fires(x, "ground")) >= 4)
    assert m.state.strength(gds) == 5
    assert not gds.half_hit


def test_a_ringed_unit_has_no_retreat_hex() -> None:  # 7.7.14, 7.7.15 (and see 7.7.18)
    from hexfront.games.bite.rules.retreat import ground_retreat_hexes

    # A Soviet unit at 0403 ringed by Axis zones of control has nowhere to go...
    specs = [unit("sov", nation="ussr"), unit("a"), unit("c"), unit("d"), unit("e")]
    places = {"sov": "0403", "a": "0303", "c": "0405", "d": "0601", "e": "0603"}
    m = new_match(world(board_with(), specs, places, main_sources=SOURCES))
    board = m.state.w.board
    battle = board.node("0403")
    assert ground_retreat_hexes(m.state, m.state.pieces["sov"], battle) == []
    # ... until one of the ring's holders leaves: then the hexes out of every zone open up.
    m.state.pieces["e"].node = board.node("0101")
    m.state.control[board.node("0603")] = "soviet"  # the Soviet source is free again
    open_hexes = {
        board.id_of(n) for n in ground_retreat_hexes(m.state, m.state.pieces["sov"], battle)
    }
    assert open_hexes == {"0503", "0504"}


def test_retreat_into_a_hex_held_by_friends_is_allowed() -> None:  # 7.7.15 b
    specs = [unit("sov", nation="ussr"), unit("sov2", nation="ussr"), unit("a")]
    m = fight(
        board_with(),
        specs,
        {"sov": "0403", "sov2": "0504", "a": "0303"},
        moves=[("a", "0403")],
        faces=[1] * 40,
    )
    drive(m, at_prompt("retreat", "soviet"))
    options = {a.args["to"] for a in m.legal_actions("soviet") if a.verb == "retreat"}
    assert "0504" in options
    assert "0303" not in options  # never towards the enemy's own hex
    act(m, "soviet", "retreat", unit="sov", to="0504")
    assert m.state.pieces["sov"].node == m.state.w.board.node("0504")


def test_battle_won_gives_control_and_marks_attackers() -> None:
    specs = [unit("a"), unit("sov", nation="ussr", ladder=(1,))]
    m = fight(
        board_with(),
        specs,
        {"a": "0303", "sov": "0403"},
        moves=[("a", "0403")],
        faces=[1, 6, 6, 6, 6],
    )
    drive(m, lambda x: x.state.pieces["sov"].status != "map")
    drive(m, lambda x: x.state.phase != "combat")
    node = m.state.w.board.node("0403")
    assert m.state.control[node] == "axis"


def test_fortress_two_mali_for_every_attacker_two_boni_for_defenders() -> None:  # BOX 1
    sites = [("Sevastopol", "0403", {"type": "fortress"})]
    specs = [unit("a"), unit("sov", nation="ussr")]
    m = fight(
        board_with(sites=sites),
        specs,
        {"a": "0303", "sov": "0403"},
        moves=[("a", "0403")],
        faces=[1] * 20,
    )
    drive(m, lambda x: len(fires(x, "ground")) >= 2)
    shots = {str(f["unit"]): f for f in fires(m, "ground")}
    assert shots["sov"]["hit_on"] == 4
    assert shots["a"]["mali"] == 2
    assert len(shots["a"]["dice"]) == 1  # type: ignore[arg-type]


def test_bonus_cancels_malus_by_agreement() -> None:  # 7.7.6 example
    rows = ["........", "........", "...f....", "........", "........"]
    board = board_with(rows)
    everywhere = frozenset(range(board.node_count))
    board._zones.update(
        faz=frozenset({board.node("0403")}), finland_1941=everywhere, foa=everywhere
    )
    ski = unit("ski", "infantry", "finland", traits=frozenset({"ski"}))
    sov = unit("sov", nation="ussr")
    for agree, dice, face in ((False, 2, 5), (True, 4, 6)):
        m = fight(
            board,
            [ski, sov],
            {"ski": "0303", "sov": "0403"},
            moves=[("ski", "0403")],
            options={"bonus_cancels_malus": agree},
            faces=[1] * 20,
        )
        drive(m, lambda x: len(fires(x, "ground")) >= 2)
        shot = next(f for f in fires(m, "ground") if f["unit"] == "ski")
        assert (len(shot["dice"]), shot["hit_on"]) == (dice, face)  # type: ignore[arg-type]


def test_only_air_units_attack() -> None:
    fighter = unit("fi", "fighter", "germany", ladder=(3, 2, 1))
    bomber = unit("bo", "bomber", "germany", ladder=(3, 2, 1))
    sov = unit("sov", nation="ussr")
    sites = [("Posen", "0203", {"type": "major"}), ("Thorn", "0202", {"type": "minor"})]
    w = world(
        board_with(sites=sites),
        [fighter, bomber, sov],
        {"fi": "0203", "bo": "0202", "sov": "0403"},
        main_sources=SOURCES,
    )
    m = new_match(w)
    drive(m, at_prompt("move", "axis"))
    act(m, "axis", "end_ground")
    act(m, "axis", "fly", unit="bo", to="0403")
    act(m, "axis", "done")
    drive(m, at_prompt("choose_battle", "axis"))
    load(m, [1] * 4 + [6, 6, 6])  # AA misses; the German bomber (5-6) hits three times
    act(m, "axis", "fight", hex="0403")
    drive(m, lambda x: bool(fires(x, "a2g")))
    assert fires(m, "a2g")[0]["hits"] == 3
    assert m.state.strength(m.state.pieces["sov"]) == 1


def _unused(m: Match[BiteState]) -> None:
    pass_action(m.legal_actions("axis"))
