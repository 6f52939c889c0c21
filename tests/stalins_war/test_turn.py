"""Stalin's War turn bookkeeping and verdicts: turn-2 Soviet RP (4.5.2), RP lost at the
replacement phase (7.4.5), discards before the draw (7.6.2), the VP victories (5.1.2-5.1.3),
the Axis capitals (5.1.3), the tournament count (22), Hungarians and Romanians (9.2.1)."""

from __future__ import annotations

import pytest

from hexfront.engine.protocol import Action
from hexfront.games.stalins_war.rules import supply, victory
from hexfront.games.stalins_war.rules.stacking import stack_ok
from hexfront.games.stalins_war.state import AXIS, ON_MAP, SOVIET

from .helpers import GAME, act, movement, new, play_until


@pytest.mark.usefixtures("long_games")
def test_turn_2_soviet_rp_then_lost_at_the_replacement_phase() -> None:
    s = new()
    play_until(s, lambda st: st.turn == 2)
    assert s.rp.get(SOVIET, 0) >= 3
    play_until(s, lambda st: st.turn == 3)
    assert any(e.kind == "rp_lost" for e in s.log)
    assert s.rp == {}


def test_discards_before_the_draw_soviet_first() -> None:
    """7.6.2: each side may discard face up, the Soviet first, then draws up to its size."""
    s = new()
    order = []
    while s.turn == 1:
        side = GAME.active_sides(s)[0]
        d = GAME.decision(s)
        assert d is not None
        if d.prompt.kind == "discards":
            order.append(side)
            hand = s.piles[side]["hand"]
            if side == AXIS and not order[:-1].count(AXIS):
                card = hand[0]
                GAME.apply(s, Action(side, "discard", {"card": card}))
                assert card in s.piles[AXIS]["discard"]
                assert GAME.view(s, SOVIET)["cards"][AXIS]["discard"][-1] == card  # type: ignore[index]
                continue
            GAME.apply(s, Action(side, "done_discarding"))
        elif d.prompt.kind == "action_round":
            GAME.apply(s, Action(side, "zero_ops_pass"))
        else:
            GAME.apply(s, Action(side, "end_movement"))
    assert order == [SOVIET, AXIS, AXIS]
    assert len(s.piles[AXIS]["hand"]) == 6


def test_vp_victories_at_the_end_of_a_turn() -> None:
    s = new()
    s.vp = 20
    victory.end_of_turn(s)
    assert s.result is not None
    assert s.result["winner"] == AXIS
    s = new()
    s.vp = 0
    victory.end_of_turn(s)
    assert s.result is not None
    assert s.result["winner"] == SOVIET
    s = new()
    s.vp = 19
    victory.end_of_turn(s)
    assert s.result is None


def test_the_axis_capitals_win_for_the_soviet() -> None:
    s = new()
    for name in ("Berlin", "Buda", "Pest", "Bucharest"):
        s.control[name] = SOVIET
    victory.after_round(s)
    assert s.result is None
    s.control["Konigsberg"] = SOVIET
    victory.after_round(s)
    assert s.result is not None
    assert s.result["winner"] == SOVIET


def test_tournament_count() -> None:
    """22: 9 USSR VP spaces for the Axis; +2 without Industrial Evacuation, -2 without Hitler
    Takes Command (A15)."""
    s = new("tournament")
    spaces = [p.name for p in s.world.map.places.values() if p.vp and p.nation == "ussr"]
    for name in spaces[:9]:
        s.control[name] = AXIS
    victory.final_verdict(s)  # +2 -2: 9
    assert s.result is not None
    assert s.result["winner"] == AXIS
    s = new("tournament")
    for name in spaces[:8]:
        s.control[name] = AXIS
    s.played.append("A24")  # only the +2 remains: 10
    victory.final_verdict(s)
    assert s.result is not None
    assert s.result["winner"] == AXIS
    s = new("tournament")
    for name in spaces[:8]:
        s.control[name] = AXIS
    s.played.append("S8")  # only the -2 remains: 6
    victory.final_verdict(s)
    assert s.result is not None
    assert s.result["winner"] == SOVIET
    s = new("campaign")
    victory.final_verdict(s)
    assert s.result is not None
    assert s.result["winner"] == AXIS  # 5.1.4


def test_hungarians_and_romanians_never_stack() -> None:
    s = new()
    hu = s.pieces["hu.3A"].at
    s.pieces["hu.3A"].box = "map"
    assert stack_ok(s, hu, AXIS)
    assert not stack_ok(s, hu, AXIS, joining="ro.4A")
    assert stack_ok(s, hu, AXIS, joining="ge.43C")


def test_every_ussr_vp_space_soviet_at_the_end_of_turns_2_to_12() -> None:
    """5.1.3."""
    s = new()
    s.turn, s.paulus_crossed = 2, True
    victory.end_of_turn(s)
    assert s.result is not None
    assert s.result["winner"] == SOVIET
    s = new()
    s.turn, s.paulus_crossed = 13, True
    victory.end_of_turn(s)
    assert s.result is None
    s = new()
    s.turn, s.paulus_crossed = 2, True
    s.control["Minsk"] = AXIS
    victory.end_of_turn(s)
    assert s.result is None


def test_the_paulus_line_by_the_end_of_turn_4() -> None:
    """5.1.3: the Soviet wins if no supplied Axis unit has moved east of the line; a move
    there sets the mark."""
    s = new()
    s.turn = 4
    s.control["Minsk"] = AXIS
    victory.end_of_turn(s)
    assert s.result is not None
    assert s.result["winner"] == SOVIET
    s = new()
    s.turn = 2
    m = s.world.map
    east = s.world.map.zones["paulus_east"]
    for p in list(s.on_map(SOVIET)):
        p.box, p.at = "out", -1
    s.moved()
    a, b = next(
        (a, b)
        for a in range(m.hex_count)
        if a not in east and m.is_land(a)
        for b in m.adjacency[a]
        if b in east
    )
    s.pieces["ge.43C"].at = a
    s.moved()
    movement(s, AXIS, ops=0)
    act(s, Action(AXIS, "move", {"unit": "ge.43C", "to": m.id_of(b)}))
    assert s.paulus_crossed


def test_axis_automatic_victories(monkeypatch: pytest.MonkeyPatch) -> None:
    """5.1.2: Moscow, Leningrad and Rostov or Sevastopol by the end of turn 4; Moscow,
    Leningrad, Stalingrad, Sevastopol and Baku cut at the end of turn 8; every oil hex at two
    End Turn phases in a row."""
    s = new()
    s.turn, s.paulus_crossed = 4, True
    for name in ("Moscow", "Leningrad", "Sevastopol"):
        s.control[name] = AXIS
    victory.end_of_turn(s)
    assert s.result is not None
    assert s.result["winner"] == AXIS
    s = new()
    assert supply.baku_full(s)  # 13.2.3: Astrakhan and Makhachkala trace supply
    s.turn, s.paulus_crossed = 8, True
    s.control["Baku"] = AXIS
    assert not supply.baku_full(s)
    for name in ("Moscow", "Leningrad", "Stalingrad"):
        s.control[name] = AXIS
    victory.end_of_turn(s)
    assert s.result is None  # Sevastopol still Soviet
    s.control["Sevastopol"] = AXIS
    victory.end_of_turn(s)
    assert s.result is not None
    assert s.result["winner"] == AXIS
    monkeypatch.setattr(supply, "oil_held", lambda state, side: 4 if side == AXIS else 0)
    s = new()
    s.turn, s.paulus_crossed = 13, True
    victory.end_of_turn(s)
    assert s.result is None
    s.turn = 14
    victory.end_of_turn(s)
    assert s.result is not None
    assert s.result["winner"] == AXIS


def test_minor_allies_surrender() -> None:
    """19.3.1: a Soviet unit in Bucharest at the end of a turn takes Romania out of the war."""
    s = new()
    s.pieces["su.5M"].at = s.world.map.node("Bucharest")
    s.moved()
    victory.surrender(s)
    assert s.surrendered == ["RO"]
    assert all(
        s.pieces[u].box == "removed"
        for u, unit in s.world.units.items()
        if unit.side == AXIS and unit.nation == "RO"
    )
    assert s.pieces["hu.3A"].box == ON_MAP
