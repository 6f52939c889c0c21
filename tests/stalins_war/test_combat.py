"""Stalin's War combat (11), advance and Blitz (11.5), exploitation (12), Mobile Defense (20):
the Fire Tables' worked lookups of the digest, then edge cases on real-map positions.

The Example of Play's combats are in ``test_example_of_play.py``."""

from __future__ import annotations

import pytest

from hexfront.engine.errors import IllegalAction
from hexfront.engine.protocol import Action
from hexfront.engine.sequence import Decision, Frame
from hexfront.games.stalins_war.machine import MACHINE
from hexfront.games.stalins_war.rules import combat, supply
from hexfront.games.stalins_war.rules.combat import column, column_words, fire_result
from hexfront.games.stalins_war.state import AXIS, ON_MAP, OUT, SOVIET, SwState
from hexfront.games.stalins_war.tables import load_tables

from .helpers import GAME, act, new

C = load_tables().combat


def lookup(table: str, strength: int, shift: int, roll: int) -> str:
    columns, rows = (C.lcu_columns, C.lcu_table) if table == "LCU" else (C.scu_columns, C.scu_table)
    col = column(columns, strength)
    assert col is not None
    col = max(0, min(len(columns) - 1, col + shift))
    n, star = fire_result(rows, col, roll)
    return "-" if n == 0 else f"{n}{'*' if star else ''}"


@pytest.mark.parametrize(
    ("table", "strength", "roll", "result"),
    [
        ("LCU", 3, 4, "1"),  # digest 8: the example's first attack
        ("SCU", 2, 5, "1*"),
        ("LCU", 10, 6, "3"),
        ("LCU", 11, 6, "3"),
        ("LCU", 8, 6, "2"),
        ("SCU", 3, 2, "-"),
        ("SCU", 6, 5, "1"),
        ("SCU", 7, 5, "1"),
        ("LCU", 1, 3, "-"),
        ("LCU", 15, 1, "2"),
        ("LCU", 40, 4, "3"),  # 15+ has no upper end
        ("SCU", 12, 6, "3"),
    ],
)
def test_fire_table_lookups(table: str, strength: int, roll: int, result: str) -> None:
    assert lookup(table, strength, 0, roll) == result


def test_columns_and_shifts_stop_at_the_table_ends() -> None:
    """11.2.1 step 4: shifts past either end are ignored; strength 0 has no column (A28)."""
    assert column(C.lcu_columns, 0) is None
    assert column_words(C.lcu_columns, column(C.lcu_columns, 13) or 0) == "12-14"
    assert column_words(C.lcu_columns, column(C.lcu_columns, 99) or 0) == "15+"
    assert column_words(C.scu_columns, column(C.scu_columns, 7) or 0) == "6-7"
    assert lookup("LCU", 1, -3, 6) == lookup("LCU", 1, 0, 6)
    assert lookup("LCU", 15, 4, 1) == lookup("LCU", 15, 0, 1)
    # Mobile Defense in the example (20.1.1): 13 shifted left reads 10-11, 14 right 15+
    assert column_words(C.lcu_columns, (column(C.lcu_columns, 13) or 0) - 1) == "10-11"
    assert column_words(C.lcu_columns, (column(C.lcu_columns, 14) or 0) + 1) == "15+"


# --- positions ---------------------------------------------------------------------------------


def place(s: SwState, uid: str, hex_id: str, step: int = 0) -> None:
    p = s.pieces[uid]
    p.box, p.at, p.step = ON_MAP, s.world.map.index(hex_id), step
    s.moved()


def clear(s: SwState) -> None:
    for p in s.pieces.values():
        if p.box == ON_MAP:
            p.box, p.at = OUT, -1
    s.oos, s.unfed = [], []
    for side in (AXIS, SOVIET):  # no combat cards in hand unless a test deals some
        s.pile(side, "deck").extend(s.pile(side, "hand"))
        s.pile(side, "hand").clear()
    s.moved()


def at_combat(
    s: SwState, side: str, ops: int, turn: int = 2, ar: int = 1, zero: bool = False
) -> Decision | None:
    """Stand ``s`` at the combat step of ``side``'s round, after movement (7.3.5)."""
    s.turn, s.ar = turn, ar
    s.emit("action_round", side=side, turn=turn, ar=ar)
    supply.mark(s, side)
    s.stack = [Frame("combat", combat.combat_vars(s, side, ops, zero, False, []))]
    s.cache.clear()
    return MACHINE.advance(s)


def do(s: SwState, side: str, verb: str, **args: str) -> Decision | None:
    return act(s, Action(side, verb, dict(args)))


def verbs(d: Decision | None) -> list[str]:
    assert d is not None
    return [a.verb for a in d.actions]


def last(s: SwState, kind: str) -> dict[str, object]:
    return next(e.data for e in reversed(s.log) if e.kind == kind)


def markers(s: SwState, side: str, hexes: list[str]) -> None:
    """Place Combat markers, then stop placing (when OPS are left to place more)."""
    for h in hexes:
        do(s, side, "combat_marker", hex=h)
    d = GAME.decision(s)
    if d is not None and "done_markers" in verbs(d):
        do(s, side, "done_markers")


def losses(s: SwState, prefer: tuple[str, ...] = ()) -> Decision | None:
    """Answer the loss decisions: the preferred unit if offered, else the first offered."""
    d = GAME.decision(s)
    while d is not None and d.prompt.kind == "losses":
        pick = next((a for a in d.actions if a.args["unit"] in prefer), d.actions[0])
        d = act(s, pick)
    return d


def attack(
    s: SwState,
    side: str,
    hexes: list[str],
    target: str,
    units: list[str],
    prefer: tuple[str, ...] = (),
) -> Decision | None:
    markers(s, side, hexes)
    do(s, side, "attack", hex=target)
    for u in units:
        do(s, side, "commit", unit=u)
    do(s, side, "fire")
    return losses(s, prefer)


def duel(attacker: str, a_hex: str, defender: str, d_hex: str, turn: int = 2) -> SwState:
    """A bare board: one unit attacks another next to it, Soviet units far from the edge
    traced by rail, Axis units likewise."""
    s = new("campaign")
    clear(s)
    place(s, attacker, a_hex)
    place(s, defender, d_hex)
    s.turn = turn
    return s


# --- edge cases ----------------------------------------------------------------------------


def test_a_starred_result_does_not_touch_a_large_unit() -> None:
    """11.3.4: only SCUs take a starred loss; an all-LCU side takes none, though the number
    still counts for the winner."""
    s = duel("ge.16A", "1820", "su.3M", "1920")
    at_combat(s, AXIS, 1)
    s.dice.loaded = [4, 5]  # LCU column 3 -> 1; SCU column 2 -> 1*
    attack(s, AXIS, ["1820"], "1920", ["ge.16A"])
    fire = last(s, "fire")
    assert fire["attacker"]["column"] == "3"  # type: ignore[index]
    assert fire["defender"]["starred"] is True  # type: ignore[index]
    assert s.pieces["ge.16A"].step == 0
    assert s.pieces["su.3M"].box == "removed"  # starred on its only step (2.2.1)
    assert last(s, "combat_result")["winner"] == AXIS  # the defender is wiped out


def test_the_first_attack_loss_goes_to_armour_and_losses_spread() -> None:
    """11.3.3: an attacker's first loss on a panzer if it has one; 11.3.2: no unit takes a
    second loss before every other has taken one."""
    s = new("campaign")
    clear(s)
    for u in ("ge.9A", "ge.39Pz"):
        place(s, u, "1720")
    place(s, "su.Kalinin", "1821")
    place(s, "su.16R", "1821")
    at_combat(s, AXIS, 1)
    s.dice.loaded = [1, 6]  # the Soviet fires 4-ish on the LCU table: 6 -> 1 or more
    markers(s, AXIS, ["1720"])
    do(s, AXIS, "attack", hex="1821")
    do(s, AXIS, "commit", unit="ge.9A")
    d = do(s, AXIS, "commit", unit="ge.39Pz")
    assert "fire" in verbs(d)
    do(s, AXIS, "fire")
    losses(s)
    taken = [e.data["unit"] for e in s.log if e.kind in ("step_lost", "eliminated")]
    axis_hits = [u for u in taken if str(u).startswith("ge.")]
    assert axis_hits
    assert axis_hits[0] == "ge.39Pz"
    if len(axis_hits) > 1:
        assert axis_hits[1] == "ge.9A"


def test_one_large_unit_a_side_and_armour_in_every_extra_hex() -> None:
    """11.1.3: never two LCUs on a side; a second attacking hex needs an attacking armoured
    unit of its own."""
    s = new("campaign")
    clear(s)
    place(s, "ge.9A", "1720")
    place(s, "ge.16A", "1820")
    place(s, "ge.43C", "1820")
    place(s, "su.6M", "1821")
    at_combat(s, AXIS, 2)
    markers(s, AXIS, ["1720", "1820"])
    d = do(s, AXIS, "attack", hex="1821")
    d = do(s, AXIS, "commit", unit="ge.9A")
    assert {"unit": "ge.16A"} not in [a.args for a in d.actions if a.verb == "commit"]  # type: ignore[union-attr]
    d = do(s, AXIS, "commit", unit="ge.43C")  # an infantry corps from a second hex
    assert "fire" not in verbs(d)
    with pytest.raises(IllegalAction):
        do(s, AXIS, "fire")
    place(s, "ge.56Pz", "1820")
    d = do(s, AXIS, "commit", unit="ge.56Pz")
    assert "fire" in verbs(d)


def test_no_attack_without_a_combat_marker_and_each_hex_once() -> None:
    """11.1.1, 11.1.4, 7.3.5: markers cost an OPS each; a hex is attacked once an AR."""
    s = new("campaign")
    clear(s)
    place(s, "ge.9A", "1720")
    place(s, "ge.39Pz", "1720")
    place(s, "su.6M", "1821")
    d = at_combat(s, AXIS, 1)
    assert verbs(d) == ["done_markers", "combat_marker"]
    do(s, AXIS, "combat_marker", hex="1720")
    assert s.banked_ops[AXIS] == 0
    s.dice.loaded = [1, 1]
    d = do(s, AXIS, "attack", hex="1821")  # markers spent: straight to the declaration
    do(s, AXIS, "commit", unit="ge.39Pz")
    d = do(s, AXIS, "fire")
    assert (
        d is None or "attack" not in verbs(d) or all(a.args.get("hex") != "1821" for a in d.actions)
    )


def test_a_zero_ops_round_pays_markers_with_banked_ops_and_places_no_blitz() -> None:
    """7.2.6 (i), 11.2.1 step 9: banked OPS buy markers; no Blitz marker."""
    s = new("campaign")
    clear(s)
    for u in ("ge.39Pz", "ge.57Pz", "ge.56Pz"):
        place(s, u, "1720")
    place(s, "su.12M", "1821")
    s.banked_ops[AXIS] = 1
    d = at_combat(s, AXIS, 0, zero=True)
    assert "combat_marker" in verbs(d)
    do(s, AXIS, "combat_marker", hex="1720")
    assert s.banked_ops[AXIS] == 0
    s.dice.loaded = [6, 1]
    do(s, AXIS, "attack", hex="1821")
    for u in ("ge.39Pz", "ge.57Pz", "ge.56Pz"):
        do(s, AXIS, "commit", unit=u)
    d = do(s, AXIS, "fire")
    assert s.pieces["su.12M"].box != ON_MAP
    d = do(s, AXIS, "advance", unit="ge.39Pz")
    assert not any(e.kind == "blitz" for e in s.log)


def test_retreat_one_or_two_hexes_and_no_retreat_in_forest() -> None:
    """11.4.2: a difference of 2 or more retreats 2 hexes, never back next to the combat hex;
    11.4.3: in forest the defender may hold for one more loss."""
    s = new("campaign")
    clear(s)
    for u in ("ge.9A", "ge.39Pz", "ge.57Pz"):
        place(s, u, "2022")
    place(s, "su.Reserve", "2122")  # forest, a Front of two steps
    at_combat(s, AXIS, 1)
    s.dice.loaded = [
        6,
        1,
    ]  # 5+4+4 = 13 forest: no shift -> 12-14, 6 -> 3; Soviet 3 -> LCU col 3 roll 1 -> -
    attack(s, AXIS, ["2022"], "2122", ["ge.9A", "ge.39Pz", "ge.57Pz"])
    # three losses on a two-step Front: it is eliminated; nothing to retreat
    assert s.pieces["su.Reserve"].box != ON_MAP

    s = new("campaign")
    clear(s)
    place(s, "ge.9A", "2022")
    place(s, "su.Reserve", "2122")
    place(s, "su.16R", "2122")
    at_combat(s, AXIS, 1)
    s.dice.loaded = [5, 1]  # 5 -> LCU col 5, roll 5 -> 1; Soviet 3+3 = 6 LCU, roll 1 -> 1: tie
    attack(s, AXIS, ["2022"], "2122", ["ge.9A"])
    result = last(s, "combat_result")
    assert result["winner"] is None  # a tie, and no armour: both lose (11.2.1 step 7)
    assert all(s.pieces[u].at == s.world.map.index("2122") for u in ("su.Reserve", "su.16R"))


def test_winner_retreats_or_holds_in_forest() -> None:
    s = new("campaign")
    clear(s)
    for u in ("ge.9A", "ge.39Pz"):
        place(s, u, "2022")
    place(s, "su.Reserve", "2122")
    place(s, "su.16R", "2122")
    at_combat(s, AXIS, 1)
    s.dice.loaded = [4, 1]  # 9 -> 8-9, roll 4 -> 2; Soviet 6 LCU roll 1 -> 1: difference 1
    d = attack(s, AXIS, ["2022"], "2122", ["ge.9A", "ge.39Pz"])
    assert d is not None
    assert d.prompt.kind == "retreat"
    assert "no_retreat" in verbs(d)  # forest (11.4.3)
    m = s.world.map
    start = m.index("2122")
    ends = {m.index(str(a.args["to"])) for a in d.actions if a.verb == "retreat"}
    assert ends
    assert all(e in m.adjacency[start] for e in ends)
    before = sum(
        len(s.world.units[u].steps) - s.pieces[u].step
        for u in ("su.Reserve", "su.16R")
        if s.pieces[u].box == ON_MAP
    )
    uid = str(next(a for a in d.actions if a.verb == "no_retreat").args["unit"])
    d = do(s, SOVIET, "no_retreat", unit=uid)
    after = sum(
        len(s.world.units[u].steps) - s.pieces[u].step
        for u in ("su.Reserve", "su.16R")
        if s.pieces[u].box == ON_MAP
    )
    assert after == before - 1
    assert all(
        s.pieces[u].at == start for u in ("su.Reserve", "su.16R") if s.pieces[u].box == ON_MAP
    )


def test_a_two_hex_retreat_ends_away_from_the_combat_hex() -> None:
    s = new("campaign")
    clear(s)
    for u in ("ge.9A", "ge.39Pz", "ge.57Pz"):
        place(s, u, "2022")
    place(s, "su.16R", "2122")
    place(s, "su.34R", "2122")
    at_combat(s, AXIS, 1)
    s.dice.loaded = [6, 1]  # 13 -> 12-14, 6 -> 3; Soviet 6 SCU col 6-7 roll 1 -> 1*: diff 2
    d = attack(s, AXIS, ["2022"], "2122", ["ge.9A", "ge.39Pz", "ge.57Pz"])
    alive = [u for u in ("su.16R", "su.34R") if s.pieces[u].box == ON_MAP]
    if not alive:
        pytest.skip("both armies died")
    assert d is not None
    assert d.prompt.kind == "retreat"
    m = s.world.map
    start = m.index("2122")
    ends = {m.index(str(a.args["to"])) for a in d.actions if a.verb == "retreat"}
    assert ends
    assert all(e != start and e not in m.adjacency[start] for e in ends)


def test_mobile_defense_shifts_both_sides() -> None:
    """20.1.1: a German Army with a panzer corps in a non-winter turn up to 9: the Soviet
    fires one column left, the German one right; not in winter, not after turn 9."""
    s = new("campaign")
    clear(s)
    place(s, "ge.4A", "2323")
    place(s, "ge.24Pz", "2323")
    place(s, "su.Kalinin", "2423")
    at_combat(s, SOVIET, 1, turn=3, ar=2)
    s.dice.loaded = [3, 3]
    attack(s, SOVIET, ["2423"], "2323", ["su.Kalinin"])
    fire = next(e.data for e in reversed(s.log) if e.kind == "fire")
    assert [-1, "German Mobile Defense"] in fire["attacker"]["shifts"]  # type: ignore[index]
    assert [1, "German Mobile Defense"] in fire["defender"]["shifts"]  # type: ignore[index]
    from hexfront.games.stalins_war.rules.combat import mobile_defense

    s.turn = 4  # winter
    assert not mobile_defense(s, ["ge.4A", "ge.24Pz"])
    s.turn = 10
    assert not mobile_defense(s, ["ge.4A", "ge.24Pz"])
    s.turn = 9
    assert mobile_defense(s, ["ge.4A", "ge.24Pz"])
    assert not mobile_defense(s, ["ge.4A"])


def test_fronts_may_not_attack_panzers_alone_in_1941() -> None:
    """4.4.7: turns 1-2, no Soviet Front against a hex of German panzers only."""
    s = new("campaign")
    clear(s)
    place(s, "ge.39Pz", "1821")
    place(s, "su.Kalinin", "1822")
    at_combat(s, SOVIET, 1, turn=2)
    markers(s, SOVIET, ["1822"])
    d = do(s, SOVIET, "attack", hex="1821")
    assert "commit" not in verbs(d)
    with pytest.raises(IllegalAction):
        do(s, SOVIET, "commit", unit="su.Kalinin")
    s2 = new("campaign")
    clear(s2)
    place(s2, "ge.39Pz", "1821")
    place(s2, "su.Kalinin", "1822")
    at_combat(s2, SOVIET, 1, turn=3)
    markers(s2, SOVIET, ["1822"])
    do(s2, SOVIET, "attack", hex="1821")
    assert "fire" in verbs(do(s2, SOVIET, "commit", unit="su.Kalinin"))
    assert d is not None


def test_stalin_takes_losses_last_and_is_taken_when_the_hex_falls() -> None:
    """16.4.2-16.4.3."""
    s = new("campaign")
    clear(s)
    for u in ("ge.9A", "ge.39Pz", "ge.57Pz", "ge.56Pz"):
        place(s, u, "2622")
    place(s, "su.16R", "2722")
    place(s, "su.Stalin", "2722")
    s.played.append("A7")  # Taifun: Moscow may be attacked (11.1.9)
    at_combat(s, AXIS, 1, turn=3)
    s.dice.loaded = [6, 1]
    attack(s, AXIS, ["2622"], "2722", ["ge.9A", "ge.39Pz", "ge.57Pz", "ge.56Pz"])
    lost = [e.data["unit"] for e in s.log if e.kind in ("step_lost", "eliminated")]
    soviet = [u for u in lost if str(u).startswith("su.")]
    assert soviet[0] == "su.16R"
    if s.pieces["su.Stalin"].box == ON_MAP:
        d = GAME.decision(s)
        assert d is not None
        assert "advance" in verbs(d)
        do(s, AXIS, "advance", unit="ge.9A")
        assert s.pieces["su.Stalin"].box == "removed"


def test_moscow_cannot_be_attacked_before_taifun() -> None:
    """11.1.9."""
    s = new("campaign")
    clear(s)
    place(s, "ge.9A", "2622")
    place(s, "su.16R", "2722")
    d = at_combat(s, AXIS, 1, turn=3)
    assert d is None or "combat_marker" not in verbs(d)
    s.played.append("A7")
    d = at_combat(s, AXIS, 1, turn=3)
    assert "combat_marker" in verbs(d)


def test_exploitation_reaches_half_the_ma_and_stops_in_swamp() -> None:
    """12.2.2: MA 5 exploits 3 hexes; 12.2.5: swamp stops it; 12.1.4: from a Blitz hex or
    next to it."""
    s = new("campaign")
    clear(s)
    for u in ("ge.39Pz", "ge.57Pz", "ge.56Pz"):
        place(s, u, "1720")
    place(s, "su.12M", "1821")
    at_combat(s, AXIS, 1)
    s.dice.loaded = [6, 1]
    attack(s, AXIS, ["1720"], "1821", ["ge.39Pz", "ge.57Pz", "ge.56Pz"])
    d = do(s, AXIS, "advance", unit="ge.39Pz")
    assert any(e.kind == "blitz" for e in s.log)
    d = do(s, AXIS, "done_advancing")
    if "end_combat" in verbs(d):
        d = do(s, AXIS, "end_combat")
    assert d is not None
    assert "exploit" in verbs(d)
    m = s.world.map
    moved = 0
    while True:
        options = [a for a in d.actions if a.verb == "exploit" and a.args["unit"] == "ge.57Pz"]
        clear_steps = [a for a in options if m.terrain[m.index(str(a.args["to"]))] == "clear"]
        if not clear_steps:
            break
        d = act(s, clear_steps[0])
        moved += 1
        assert d is not None
    assert moved <= 3
    if moved == 3:
        assert not [a for a in d.actions if a.verb == "exploit" and a.args["unit"] == "ge.57Pz"]


def test_bad_input_leaves_the_state_unchanged() -> None:
    s = new("campaign")
    clear(s)
    place(s, "ge.9A", "1720")
    place(s, "su.6M", "1821")
    at_combat(s, AXIS, 1)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        GAME.apply(s, Action(AXIS, "combat_marker", {"hex": "2722"}))
    with pytest.raises(IllegalAction):
        GAME.apply(s, Action(SOVIET, "done_markers"))
    assert s.to_json() == before


def test_tiger_adds_a_loss_after_the_winner_is_found() -> None:
    """A34 Tiger (11.3.5): the Soviet attacker loses one more step; the winner is still found
    on the dice's numbers."""
    s = new("campaign")
    clear(s)
    place(s, "ge.9A", "1720")
    place(s, "ge.39Pz", "1720")
    for u in ("su.Kalinin", "su.16R", "su.34R"):
        place(s, u, "1821")
    s.pile(AXIS, "reserve").remove("A34")  # a Total War card
    s.pile(AXIS, "hand").append("A34")
    at_combat(s, SOVIET, 1, turn=3)
    s.dice.loaded = [1, 6]
    markers(s, SOVIET, ["1821"])
    do(s, SOVIET, "attack", hex="1720")
    for u in ("su.Kalinin", "su.16R", "su.34R"):
        do(s, SOVIET, "commit", unit=u)
    d = do(s, SOVIET, "fire")
    assert d is not None
    assert ("combat_card", {"card": "A34"}) in [(a.verb, a.args) for a in d.actions]
    do(s, AXIS, "combat_card", card="A34")
    losses(s)
    dfn = last(s, "fire")["defender"]
    soviet_steps = [
        e.data["unit"]
        for e in s.log
        if e.kind in ("step_lost", "eliminated") and e.data["side"] == SOVIET
    ]
    assert len(soviet_steps) == dfn["losses"] + 1  # type: ignore[index]
    assert "A34" in s.pile(AXIS, "kept") or "A34" in s.pile(AXIS, "discard")


def test_an_axis_advance_east_of_the_paulus_line_counts_as_crossing() -> None:
    """5.1.3: the Soviet wins at the end of turn 4 unless a supplied Axis unit has moved east
    of the Paulus Line; advancing after combat is such a move."""
    s = new("campaign")
    clear(s)
    m = s.world.map
    east = m.zones["paulus_east"]
    a, b = next(
        (x, y)
        for x in sorted(east)
        for y in m.adjacency[x]
        if y not in east and m.place_at.get(x) is None and m.is_land(y)
    )
    for u in ("ge.39Pz", "ge.57Pz", "ge.56Pz"):
        place(s, u, m.id_of(b))
    place(s, "su.12M", m.id_of(a))
    for name in s.control:  # the Axis holds the west: its panzers trace supply
        if int(m.places[name].hex[:2]) <= int(m.id_of(b)[:2]):
            s.control[name] = AXIS
    at_combat(s, AXIS, 1, turn=3)
    assert not s.paulus_crossed
    s.dice.loaded = [6, 1]
    attack(s, AXIS, [m.id_of(b)], m.id_of(a), ["ge.39Pz", "ge.57Pz", "ge.56Pz"])
    assert s.pieces["su.12M"].box != ON_MAP
    do(s, AXIS, "advance", unit="ge.39Pz")
    assert s.paulus_crossed


def test_katukovs_tanks_strike_a_full_panzer_corps_before_the_dice() -> None:
    """S24: before the dice, one attacking German panzer corps with both steps loses one,
    the Soviet naming it; its strength is gone from the attack."""
    s = new("campaign")
    clear(s)
    place(s, "ge.39Pz", "1720")
    place(s, "ge.57Pz", "1720", step=1)
    place(s, "su.16R", "1821")
    s.pile(SOVIET, "deck").remove("S24")
    s.pile(SOVIET, "hand").append("S24")
    at_combat(s, AXIS, 1)
    s.dice.loaded = [1, 1]
    markers(s, AXIS, ["1720"])
    do(s, AXIS, "attack", hex="1821")
    do(s, AXIS, "commit", unit="ge.39Pz")
    do(s, AXIS, "commit", unit="ge.57Pz")
    d = do(s, AXIS, "fire")
    assert d is not None
    offered = [a.args for a in d.actions if a.verb == "combat_card"]
    assert offered == [{"card": "S24", "unit": "ge.39Pz"}]  # 57 Pz is already reduced
    with pytest.raises(IllegalAction):
        do(s, SOVIET, "combat_card", card="S24", unit="ge.57Pz")
    do(s, SOVIET, "combat_card", card="S24", unit="ge.39Pz")
    losses(s)
    assert last(s, "fire")["attacker"]["strength"] == 4  # type: ignore[index]
    assert "S24" in s.pile(SOVIET, "removed")  # starred: out of the game after use


def test_flak_corps_only_near_berlin_and_volkssturm_only_in_greater_germany() -> None:
    """A51: one more Soviet loss within three hexes of Berlin; A42: one loss fewer for a
    defence in Greater Germany (once a turn)."""
    from hexfront.games.stalins_war.rules.combat import loss_card_applies

    s = new("campaign")
    m = s.world.map
    berlin = m.node("Berlin")
    near = next(n for n in m.adjacency[berlin])
    far = m.node("Moscow")
    assert loss_card_applies(s, "A51", {"target": near})  # type: ignore[typeddict-item]
    assert not loss_card_applies(s, "A51", {"target": far})  # type: ignore[typeddict-item]
    assert loss_card_applies(s, "A42", {"target": berlin})  # type: ignore[typeddict-item]
    assert not loss_card_applies(s, "A42", {"target": far})  # type: ignore[typeddict-item]


def test_guderian_lets_the_panzers_exploit_four_hexes() -> None:
    """A9: the panzers of the combat exploit up to four hexes (12.2.2 gives them three)."""
    s = new("campaign")
    clear(s)
    for u in ("ge.39Pz", "ge.57Pz", "ge.56Pz"):
        place(s, u, "1720")
    place(s, "su.12M", "1821")
    for pile in ("deck", "hand"):
        if "A9" in s.pile(AXIS, pile):
            s.pile(AXIS, pile).remove("A9")
    s.pile(AXIS, "hand").append("A9")
    at_combat(s, AXIS, 1, turn=1, ar=5)
    s.dice.loaded = [6, 1]
    markers(s, AXIS, ["1720"])
    do(s, AXIS, "attack", hex="1821")
    for u in ("ge.39Pz", "ge.57Pz", "ge.56Pz"):
        do(s, AXIS, "commit", unit=u)
    d = do(s, AXIS, "fire")
    assert d is not None
    assert {"card": "A9"} in [a.args for a in d.actions if a.verb == "combat_card"]
    do(s, AXIS, "combat_card", card="A9")
    losses(s)
    do(s, AXIS, "advance", unit="ge.39Pz")
    d = do(s, AXIS, "done_advancing")
    if "end_combat" in verbs(d):
        d = do(s, AXIS, "end_combat")
    m = s.world.map
    steps = 0
    for _ in range(6):
        assert d is not None
        options = [
            a
            for a in d.actions
            if a.verb == "exploit"
            and a.args["unit"] == "ge.39Pz"
            and m.terrain[m.index(str(a.args["to"]))] != "swamp"
        ]
        if not options:
            break
        d = act(s, options[0])
        steps += 1
    assert steps == 4


def _to_hand(s: SwState, side: str, card: str) -> None:
    for pile in ("deck", "reserve", "hand"):
        if card in s.pile(side, pile):
            s.pile(side, pile).remove(card)
    s.pile(side, "hand").append(card)


def test_paradrop_cancels_the_river_and_dora_the_fortress() -> None:
    """S43: one Soviet attack ignores rivers; A13: a defending Soviet fortress is fought as
    clear terrain."""
    s = new("campaign")
    clear(s)
    place(s, "su.5R", "1823")
    for u in ("ge.41Pz", "ge.47Pz"):
        place(s, u, "1922")
    _to_hand(s, SOVIET, "S43")
    at_combat(s, SOVIET, 1, turn=3)
    s.dice.loaded = [1, 1]
    markers(s, SOVIET, ["1823"])
    do(s, SOVIET, "attack", hex="1922")
    do(s, SOVIET, "commit", unit="su.5R")
    do(s, SOVIET, "fire")
    do(s, SOVIET, "combat_card", card="S43")
    losses(s)
    assert last(s, "fire")["attacker"]["shifts"] == [[-1, "swamp"]]  # type: ignore[index]

    s = new("campaign")
    clear(s)
    m = s.world.map
    odessa = m.node("Odessa")
    start = next(b for b in m.adjacency[odessa] if not m.side(b, odessa))
    for u in ("ge.11A", "ge.39Pz"):
        place(s, u, m.id_of(start))
    place(s, "su.Maritime", "1829")
    from hexfront.games.stalins_war.rules.combat import terrain_shift

    plain = {"target": odessa, "attackers": ["ge.11A"], "defenders": ["su.Maritime"]}
    assert terrain_shift(s, plain)[1] == ["fortress city"]  # type: ignore[arg-type]
    _to_hand(s, AXIS, "A13")
    at_combat(s, AXIS, 1, turn=3)
    s.dice.loaded = [1, 1]
    markers(s, AXIS, [m.id_of(start)])
    do(s, AXIS, "attack", hex="1829")
    do(s, AXIS, "commit", unit="ge.11A")
    do(s, AXIS, "commit", unit="ge.39Pz")
    d = do(s, AXIS, "fire")
    assert d is not None
    assert {"card": "A13"} in [a.args for a in d.actions if a.verb == "combat_card"]
    do(s, AXIS, "combat_card", card="A13")
    losses(s)
    shifts = last(s, "fire")["attacker"]["shifts"]  # type: ignore[index]
    assert not any("fortress" in str(why) for _, why in shifts)  # type: ignore[misc]
