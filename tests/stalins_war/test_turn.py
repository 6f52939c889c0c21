"""Stalin's War turn bookkeeping and verdicts: turn-2 Soviet RP (4.5.2), RP lost at the
replacement phase (7.4.5), discards before the draw (7.6.2), the VP victories (5.1.2-5.1.3),
the Axis capitals (5.1.3), the tournament count (22), Hungarians and Romanians (9.2.1)."""

from __future__ import annotations

from hexfront.engine.protocol import Action
from hexfront.games.stalins_war.rules import victory
from hexfront.games.stalins_war.rules.stacking import stack_ok
from hexfront.games.stalins_war.state import AXIS, SOVIET

from .helpers import GAME, new, play_until


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
