"""Stalin's War movement (10.1), ZOC (8, 7.3.3), stacking (9), the turn-1 bans (4.4.2-4.4.4),
hex control and the VP track (5.1.1), fortresses (16.2.2)."""

from __future__ import annotations

from hexfront.engine.protocol import Action
from hexfront.engine.sequence import Decision
from hexfront.games.stalins_war.rules.movement import allowance, exit_cost, may_enter, step_cost
from hexfront.games.stalins_war.rules.zoc import enemy_zoc
from hexfront.games.stalins_war.state import AXIS, ON_MAP, OUT, SOVIET, SwState

from .helpers import act, movement, new


def targets(d: Decision, uid: str) -> set[str]:
    return {str(a.args["to"]) for a in d.actions if a.verb == "move" and a.args["unit"] == uid}


def place(s: SwState, uid: str, hex_id: str) -> None:
    p = s.pieces[uid]
    p.box, p.at = ON_MAP, s.world.map.index(hex_id)
    s.moved()


def clear(s: SwState, side: str) -> None:
    for p in s.on_map(side):
        p.box, p.at = OUT, -1
    s.moved()


def test_the_axis_does_not_move_on_turn_1() -> None:
    """4.4.2."""
    d = movement(new(), AXIS, ops=4)
    assert [a.verb for a in d.actions] == ["end_movement"]
    s = new()
    s.turn = 2
    assert any(a.verb == "move" for a in movement(s, AXIS, ops=4).actions)


def test_turn_1_keeps_the_soviet_out_of_hungary_and_romania() -> None:
    """4.4.3, 4.4.4; from turn 2 Romania may be entered."""
    s = new()
    m = s.world.map
    d = movement(s, SOVIET, ops=4)
    reached = {m.nation[m.index(str(a.args["to"]))] for a in d.actions if a.verb == "move"}
    assert "ussr" in reached
    assert not reached & {"hungary", "romania"}
    romania = next(n for n in range(m.hex_count) if m.nation[n] == "romania" and m.is_land(n))
    clear(s, AXIS)
    assert not may_enter(s, "su.5M", romania)
    s.turn = 2
    assert may_enter(s, "su.5M", romania)
    hungary = next(n for n in range(m.hex_count) if m.nation[n] == "hungary" and m.is_land(n))
    assert may_enter(s, "su.5M", hungary)
    assert not may_enter(s, "ro.3A", hungary)  # 19: never for Romanians
    assert not may_enter(s, "hu.3A", romania)


def test_leaving_an_enemy_zoc_costs_an_ops_and_never_goes_zoc_to_zoc() -> None:
    """7.3.3, 8.3: alone in an enemy ZOC, 28R may leave only for 1 OPS; it never steps
    straight into another enemy-ZOC hex; the OPS leaves a Move marker (7.3.4)."""
    s = new()
    s.turn = 2
    m = s.world.map
    zoc = enemy_zoc(s, SOVIET)
    brest = m.index("1722")
    assert brest in zoc
    assert targets(movement(s, SOVIET, ops=0), "su.28R") == set()
    d = movement(s, SOVIET, ops=1)
    dest = targets(d, "su.28R")
    assert dest
    assert not {m.index(h) for h in dest} & zoc
    to = sorted(dest)[0]
    act(s, Action(SOVIET, "move", {"unit": "su.28R", "to": to}))
    v = s.stack[-1].vars
    assert v["ops"] == 0
    assert v["markers"] == [brest]
    d2 = movement_after(s)
    assert targets(d2, "su.West") == set()  # 1721: alone in a ZOC, no OPS left


def movement_after(s: SwState) -> Decision:
    from hexfront.games.stalins_war.machine import MACHINE

    s.cache.clear()
    d = MACHINE.decision(s)
    assert d is not None
    return d


def test_a_unit_that_stays_lets_the_others_leave_free() -> None:
    """7.3.3: free while one unit that began the round in the hex stays; the last one out
    pays; a unit that came in this round does not count as staying."""
    s = new()
    s.turn = 2
    place(s, "su.13R", "1722")  # with 28R, in an Axis ZOC
    movement(s, SOVIET, ops=0)
    v = s.stack[-1].vars
    brest = s.world.map.index("1722")
    assert exit_cost(s, v, "su.28R", brest) == 0  # type: ignore[arg-type]
    d = movement_after(s)
    to = sorted(targets(d, "su.28R"))[0]
    act(s, Action(SOVIET, "move", {"unit": "su.28R", "to": to}))
    assert targets(movement_after(s), "su.13R") == set()  # the last one out, no OPS
    s.banked_ops[SOVIET] = 1
    assert targets(movement_after(s), "su.13R")  # banked OPS pay (18.1)
    place(s, "su.22R", "1722")  # came in this round: does not stay for 13R
    assert exit_cost(s, v, "su.13R", brest) == 1  # type: ignore[arg-type]


def test_entering_an_enemy_zoc_stops() -> None:
    """8.3."""
    s = new()
    s.turn = 2
    zoc = enemy_zoc(s, SOVIET)
    d = movement(s, SOVIET, ops=0)
    m = s.world.map
    into = sorted(h for h in targets(d, "su.15M") if m.index(h) in zoc)
    assert into
    act(s, Action(SOVIET, "move", {"unit": "su.15M", "to": into[0]}))
    assert targets(movement_after(s), "su.15M") == set()
    assert "su.15M" in s.stack[-1].vars["stopped"]


def test_movement_allowance_and_terrain() -> None:
    """10.1.1-10.1.4, TEC: MP per terrain, +1 a major river, +2 the Kerch Strait; spent MP
    limit the move, but a first hex is always allowed."""
    s = new()
    s.turn = 2
    m = s.world.map
    clear(s, AXIS)
    side = next(
        v for v in m.hexsides.values() if v.major_river and m.is_land(v.a) and m.is_land(v.b)
    )
    assert step_cost(s, "su.15M", side.a, side.b) == m.move_cost(side.b) + 1
    kerch = next(v for v in m.hexsides.values() if v.kerch_strait)
    assert step_cost(s, "su.15M", kerch.a, kerch.b) == m.move_cost(kerch.b) + 2
    # an MA-4 corps with 3 MP spent: only 1-MP steps remain
    movement(s, SOVIET, ops=0)
    s.stack[-1].vars["mp"]["su.15M"] = 3
    at = s.pieces["su.15M"].at
    dest = {m.index(h) for h in targets(movement_after(s), "su.15M")}
    assert dest
    assert all(step_cost(s, "su.15M", at, b) == 1 for b in dest)
    # a first hex beyond the MA: a 3-MA army into a 4-MP hex
    pair = next(
        (a, b)
        for a in range(m.hex_count)
        if m.is_land(a) and m.nation[a] == "ussr"
        for b in m.adjacency[a]
        if m.nation[b] == "ussr" and step_cost(s, "su.13R", a, b) > 3
    )
    place(s, "su.13R", m.id_of(pair[0]))
    movement(s, SOVIET, ops=0)
    assert m.id_of(pair[1]) in targets(movement_after(s), "su.13R")
    act(s, Action(SOVIET, "move", {"unit": "su.13R", "to": m.id_of(pair[1])}))
    assert targets(movement_after(s), "su.13R") == set()


def test_paulus_line_costs_the_axis_one_ma_until_turn_4() -> None:
    """10.1.5."""
    s = new()
    east = min(s.world.map.zones["paulus_east"])
    assert allowance(s, "ge.4A", east) == 2
    assert allowance(s, "ge.4A", s.pieces["ge.4A"].at) == 3
    s.turn = 5
    assert allowance(s, "ge.4A", east) == 3


def test_stacking_limits() -> None:
    """9.1.1-9.1.3: 4 combat units, 1 LCU, Stalin not counted."""
    from hexfront.games.stalins_war.rules.stacking import stack_ok

    s = new()
    s.turn = 2
    m = s.world.map
    moscow = m.index("2722")  # Reserve Front, 7M, 20R and Stalin
    near = [b for b in m.adjacency[moscow] if not s.occupants(b)]
    place(s, "su.13R", m.id_of(near[0]))
    place(s, "su.Central", m.id_of(near[1]))
    place(s, "su.22R", m.id_of(near[2]))
    d = movement(s, SOVIET, ops=0)
    assert "2722" in targets(d, "su.13R")  # the fourth combat unit
    assert stack_ok(s, moscow, SOVIET, joining="su.13R")
    assert not stack_ok(s, moscow, SOVIET, joining="su.Central")  # a second LCU
    act(s, Action(SOVIET, "move", {"unit": "su.13R", "to": "2722"}))
    assert not stack_ok(s, moscow, SOVIET, joining="su.22R")  # a fifth
    # 9.1.4: either may only pass through Moscow (test_stacking.py), never end there
    d = act(s, Action(SOVIET, "move", {"unit": "su.22R", "to": "2722"}))
    assert d is not None
    assert {a.verb for a in d.actions} == {"move"}


def test_units_never_enter_enemy_hexes() -> None:
    """10.1.6."""
    s = new()
    s.turn = 2
    m = s.world.map
    for side in (AXIS, SOVIET):
        d = movement(s, side, ops=4)
        for a in d.actions:
            if a.verb == "move":
                assert all(p.side == side for p in s.occupants(m.index(str(a.args["to"]))))


def test_capture_moves_the_vp_track_and_destroys_fortresses() -> None:
    """3.24 / 5.1.1: control passes on entry, the VP level moves 1 for a VP hex; 16.2.2: an
    enemy unit entering a fortress destroys it. 8.2 (A10): no ZOC enters a fortress hex."""
    s = new()
    s.turn = 2
    m = s.world.map
    clear(s, AXIS)
    kon = m.node("Konigsberg")
    place(s, "su.15M", m.id_of(m.adjacency[kon][0]))
    movement(s, SOVIET, ops=0)
    act(s, Action(SOVIET, "move", {"unit": "su.15M", "to": m.id_of(kon)}))
    assert s.control["Konigsberg"] == SOVIET
    assert s.vp == 6
    s = new()
    s.turn = 2
    clear(s, SOVIET)
    odessa = m.node("Odessa")
    place(s, "ge.49Mtn", m.id_of(m.adjacency[odessa][0]))
    movement(s, AXIS, ops=0)
    act(s, Action(AXIS, "move", {"unit": "ge.49Mtn", "to": m.id_of(odessa)}))
    assert s.control["Odessa"] == AXIS
    assert s.vp == 8
    assert s.forts_destroyed == ["Odessa"]
    s = new()
    sev = m.node("Sevastopol")
    place(s, "ge.17A", m.id_of(m.adjacency[sev][0]))
    assert sev not in enemy_zoc(s, SOVIET)
    here = m.adjacency[sev][0]
    assert set(m.adjacency[here]) - {sev} <= enemy_zoc(s, SOVIET)  # 17th Army's ZOC elsewhere


def rail(d: Decision, uid: str) -> set[str]:
    return {str(a.args["to"]) for a in d.actions if a.verb == "rail" and a.args["unit"] == uid}


def test_rail_movement() -> None:
    """10.2.1-10.2.3: an SCU goes any distance along rail joined to a friendly source for 1 OPS,
    only in a round of a card played for OPS, and moves no more; no LCU; never through an
    enemy ZOC or an enemy-held city; 13.3.2: not out of supply."""
    s = new()
    s.turn = 2
    m = s.world.map
    assert rail(movement(s, SOVIET, ops=0, zero=True), "su.20R") == set()
    s.banked_ops[SOVIET] = 0
    assert rail(movement(s, SOVIET, ops=0), "su.20R") == set()  # no OPS
    d = movement(s, SOVIET, ops=2)
    far = rail(d, "su.20R")  # in Moscow
    assert len(far) > 20
    assert all(m.index(h) in m.rail_hexes for h in far)
    zoc = enemy_zoc(s, SOVIET)
    assert not {m.index(h) for h in far} & zoc
    assert "1722" not in far  # Brest: in the Axis ZOC
    assert rail(d, "su.Reserve") == set()  # an LCU (10.2.1)
    to = sorted(far)[0]
    act(s, Action(SOVIET, "rail", {"unit": "su.20R", "to": to}))
    v = s.stack[-1].vars
    assert v["ops"] == 1
    assert m.index("2722") in v["markers"]
    d = movement_after(s)
    assert targets(d, "su.20R") == set()
    assert rail(d, "su.20R") == set()
    # a unit that moved normally may not go by rail
    step = sorted(targets(d, "su.7M"))[0]
    act(s, Action(SOVIET, "move", {"unit": "su.7M", "to": step}))
    assert rail(movement_after(s), "su.7M") == set()
    s = new()
    s.turn = 2
    s.oos.append("su.20R")
    assert rail(movement(s, SOVIET, ops=2), "su.20R") == set()


def test_rail_bans() -> None:
    """10.2.3-10.2.4: no Axis rail in the USSR in turns 1-4 nor ever in the Caucasus Zone; no
    Soviet rail in Germany."""
    s = new()
    m = s.world.map
    clear(s, SOVIET)
    s.turn = 2
    place(s, "ge.43C", "1320")  # a west-edge rail hex
    got = {m.index(h) for h in rail(movement(s, AXIS, ops=1), "ge.43C")}
    assert got
    assert all(m.nation[b] != "ussr" for b in got)
    s.turn = 5
    for name in s.control:
        s.control[name] = AXIS  # nothing Soviet-held left to block the lines (10.2.3)
    got = {m.index(h) for h in rail(movement(s, AXIS, ops=1), "ge.43C")}
    assert any(m.nation[b] == "ussr" for b in got)
    assert not got & m.zones["caucasus_zone"]
    s = new()
    s.turn = 2
    clear(s, AXIS)
    got = {m.index(h) for h in rail(movement(s, SOVIET, ops=1), "su.20R")}
    assert not any(m.nation[b] in ("greater_germany", "general_government") for b in got)
    assert any(m.nation[b] == "romania" for b in got) or any(m.nation[b] == "ussr" for b in got)


def test_stalin_goes_by_rail_out_of_moscow_and_back_only() -> None:
    """16.4.5-16.4.6."""
    s = new()
    s.turn = 2
    d = movement(s, SOVIET, ops=2)
    away = sorted(rail(d, "su.Stalin"))
    assert away
    assert targets(d, "su.Stalin") == set()  # no MA
    act(s, Action(SOVIET, "rail", {"unit": "su.Stalin", "to": away[0]}))
    assert s.stalin_moves == 1
    assert rail(movement(s, SOVIET, ops=2), "su.Stalin") == {"2722"}
    act(s, Action(SOVIET, "rail", {"unit": "su.Stalin", "to": "2722"}))
    assert rail(movement(s, SOVIET, ops=2), "su.Stalin") == set()  # two moves a game


def sea(d: Decision, uid: str) -> set[str]:
    return {str(a.args["to"]) for a in d.actions if a.verb == "sea" and a.args["unit"] == uid}


def test_sea_movement() -> None:
    """10.2.5-10.2.6: the Soviet moves one SCU an AR by sea in the Black Sea and Azov, from a
    friendly port to a coastal hex not held by the Axis, never west of an Axis port; the Axis
    one SCU a turn a sea, port to friendly port, never east of a Soviet port."""
    s = new()
    s.turn = 2
    m = s.world.map
    place(s, "su.13R", m.id_of(m.node("Sevastopol")))
    d = movement(s, SOVIET, ops=2)
    dest = sea(d, "su.13R")
    assert dest
    constanta = int(m.place_at[m.node("Constanta")].hex[:2])
    assert all(int(h[:2]) >= constanta for h in dest)
    assert m.place_at[m.node("Constanta")].hex not in dest
    waters = {"Black Sea", "Sea of Azov"}
    assert all(any(m.water_name[b] in waters for b in m.grid.neighbors[m.index(h)]) for h in dest)
    act(s, Action(SOVIET, "sea", {"unit": "su.13R", "to": sorted(dest)[0]}))
    place(s, "su.20R", m.id_of(m.node("Odessa")))
    assert sea(movement_after(s), "su.20R") == set()  # one a round
    assert sea(movement(s, SOVIET, ops=2, zero=True), "su.20R") == set()  # OPS card rounds only
    # the Axis: Konigsberg to Danzig in the Baltic, once a turn
    s = new()
    s.turn = 2
    place(s, "ge.43C", m.id_of(m.node("Konigsberg")))
    place(s, "ge.27C", m.id_of(m.node("Danzig")))
    d = movement(s, AXIS, ops=3)
    assert sea(d, "ge.43C") == {m.place_at[m.node("Danzig")].hex}
    act(s, Action(AXIS, "sea", {"unit": "ge.43C", "to": m.place_at[m.node("Danzig")].hex}))
    assert sea(movement(s, AXIS, ops=3), "ge.27C") == set()
