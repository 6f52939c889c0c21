"""Trenches (10.3), Festung (16.3) and partisans with hidden strengths (16.1) on real-map
positions; the partisans' fog is checked from both seats."""

from __future__ import annotations

import json

import pytest

from hexfront.engine.errors import IllegalAction
from hexfront.engine.protocol import Action
from hexfront.games.stalins_war.rules import partisans, works
from hexfront.games.stalins_war.rules.combat import no_retreat_allowed, terrain_shift
from hexfront.games.stalins_war.state import AXIS, ON_MAP, OUT, SOVIET

from .helpers import GAME, act, movement, new
from .test_combat import at_combat, attack, clear, last, place


def verbs_of(d: object) -> list[str]:
    return [a.verb for a in d.actions]  # type: ignore[attr-defined]


def test_trenches_need_their_event_an_lcu_and_a_die() -> None:
    """10.3.1: only after People's Militia; 1 OPS in a hex with an LCU, which then stays; the
    die after movement: 1-3 digs the trench."""
    s = new("campaign")
    clear(s)
    place(s, "su.Kalinin", "2722")
    place(s, "su.16R", "2622")
    s.turn = 3
    d = movement(s, SOVIET, ops=2)
    assert "entrench" not in verbs_of(d)
    s.forbidden.append("soviet:entrench")
    d = movement(s, SOVIET, ops=2)
    assert {"hex": "2722"} in [a.args for a in d.actions if a.verb == "entrench"]
    assert {"hex": "2622"} not in [a.args for a in d.actions if a.verb == "entrench"]  # no LCU
    d = act(s, Action(SOVIET, "entrench", {"hex": "2722"}))
    assert d is not None
    assert not [a for a in d.actions if a.verb == "move" and a.args["unit"] == "su.Kalinin"]
    assert "entrench" not in verbs_of(d) or all(
        a.args["hex"] != "2722" for a in d.actions if a.verb == "entrench"
    )
    s.dice.loaded = [3]
    act(s, Action(SOVIET, "end_movement"))
    assert s.trenches == {"2722": SOVIET}
    # a failed die
    s2 = new("campaign")
    clear(s2)
    place(s2, "su.Kalinin", "2722")
    s2.turn = 3
    s2.forbidden.append("soviet:entrench")
    movement(s2, SOVIET, ops=1)
    act(s2, Action(SOVIET, "entrench", {"hex": "2722"}))
    s2.dice.loaded = [4]
    act(s2, Action(SOVIET, "end_movement"))
    assert s2.trenches == {}


def test_after_hitler_opposes_defensive_works_the_axis_needs_a_one() -> None:
    s = new("campaign")
    assert works.trench_success(s, AXIS) == frozenset({1, 2, 3})
    s.forbidden.append("axis:trench_roll_1")
    assert works.trench_success(s, AXIS) == frozenset({1})
    assert works.trench_success(s, SOVIET) == frozenset({1, 2, 3})


def test_a_trench_shifts_the_attack_allows_no_retreat_and_goes_when_entered() -> None:
    """TEC: 1S and CR; 11.2.1 step 7: no tie won against it; 10.3.2: it goes when the enemy
    enters."""
    s = new("campaign")
    clear(s)
    for u in ("ge.9A", "ge.39Pz"):
        place(s, u, "2622")
    place(s, "su.Kalinin", "2722")
    place(s, "su.16R", "2722")
    s.trenches["2722"] = SOVIET
    s.played.append("A7")
    battle = {
        "target": s.world.map.index("2722"),
        "attackers": ["ge.9A"],
        "defenders": ["su.Kalinin", "su.16R"],
    }
    _, why = terrain_shift(s, battle)  # type: ignore[arg-type]
    assert "trench" in why
    assert no_retreat_allowed(s, battle)  # type: ignore[arg-type]
    from hexfront.games.stalins_war.rules import control

    control.enter(s, AXIS, s.world.map.index("2722"))
    assert "2722" not in s.trenches


def test_festung_holds_its_units_and_cancels_retreats() -> None:
    """16.3: after the event, 1 OPS in a supplied town or city; units never leave; no retreat;
    a Soviet unit entering removes it."""
    s = new("campaign")
    clear(s)
    place(s, "ge.16A", "2022")  # Minsk
    s.control["Minsk"] = AXIS
    s.turn = 5
    d = movement(s, AXIS, ops=1)
    assert "festung" not in verbs_of(d)
    s.forbidden.append("axis:festung_placement")
    d = movement(s, AXIS, ops=1)
    assert {"hex": "2022"} in [a.args for a in d.actions if a.verb == "festung"]
    d = act(s, Action(AXIS, "festung", {"hex": "2022"}))
    assert s.festungs == ["2022"]
    assert not [a for a in d.actions if a.verb == "move" and a.args["unit"] == "ge.16A"]  # type: ignore[union-attr]
    # attacked and beaten, the Festung's army stays (11.4.1)
    clear(s)
    place(s, "ge.16A", "2022")
    for u in ("su.Kalinin", "su.16R", "su.34R"):
        place(s, u, "2122")
    at_combat(s, SOVIET, 1, turn=5)
    s.dice.loaded = [6, 1]
    attack(s, SOVIET, ["2122"], "2022", ["su.Kalinin", "su.16R", "su.34R"])
    assert last(s, "combat_result")["winner"] == SOVIET
    assert s.pieces["ge.16A"].box == ON_MAP
    assert s.pieces["ge.16A"].at == s.world.map.index("2022")
    assert not any(e.kind == "retreat" for e in s.log)
    from hexfront.games.stalins_war.rules import control

    control.enter(s, SOVIET, s.world.map.index("2022"))
    assert s.festungs == []


def test_no_zoc_enters_a_festung() -> None:
    from hexfront.games.stalins_war.rules.zoc import enemy_zoc

    s = new("campaign")
    clear(s)
    place(s, "su.Kalinin", "2122")
    place(s, "ge.16A", "2022")
    assert s.world.map.index("2022") in enemy_zoc(s, AXIS)
    s.festungs.append("2022")
    s.moved()
    assert s.world.map.index("2022") not in enemy_zoc(s, AXIS)


def _partisan_board():  # type: ignore[no-untyped-def]
    s = new("campaign")
    clear(s)
    place(s, "ge.16A", "2022")
    place(s, "ge.39Pz", "2123")
    place(s, "su.Kalinin", "2722")
    s.control["Minsk"] = AXIS
    s.turn = 3
    s.forbidden.append("soviet:partisan_placement")
    return s


def test_partisans_go_face_down_in_forest_or_swamp_near_the_axis() -> None:
    """16.1.2-16.1.3: 1 OPS for two, once a turn, forest or swamp of the USSR, nearer the Axis
    or cut off from supply, never with an Axis unit."""
    s = _partisan_board()
    d = movement(s, SOVIET, ops=1)
    spots = [str(a.args["hex"]) for a in d.actions if a.verb == "partisans"]
    assert spots
    m = s.world.map
    assert all(m.terrain[m.index(h)] in ("forest", "swamp") for h in spots)
    assert all(m.nation[m.index(h)] == "ussr" for h in spots)
    assert "2123" not in spots  # the panzers stand there
    d = act(s, Action(SOVIET, "partisans", {"hex": spots[0]}))
    assert s.banked_ops[SOVIET] == 0
    second = [str(a.args["hex"]) for a in d.actions if a.verb == "partisans"]  # type: ignore[union-attr]
    assert second  # the second of the pair is free
    d = act(s, Action(SOVIET, "partisans", {"hex": second[0]}))
    assert not [a for a in d.actions if a.verb == "partisans"]  # type: ignore[union-attr]
    assert len(partisans.hidden(s)) == 2
    assert s.partisan_turn == 3


def test_no_view_shows_an_inactive_partisan_counter() -> None:
    """16.1.3: nobody knows the strength: neither side's view nor log holds the counter's id,
    and two games that differ only in which counter was drawn look the same to both sides."""
    s = _partisan_board()
    node = next(
        n
        for n in range(s.world.map.hex_count)
        if s.world.map.terrain[n] == "forest" and s.world.map.nation[n] == "ussr"
    )
    uid = partisans.place(s, node)
    other = s.clone()
    swap = "su.P7" if uid != "su.P7" else "su.P1"
    other.pieces[uid].box, other.pieces[uid].at = OUT, -1
    other.pieces[swap].box, other.pieces[swap].at = ON_MAP, node
    other.moved()
    for side in (AXIS, SOVIET):
        view = GAME.view(s, side)
        text = json.dumps(view)
        assert f'"{uid}"' not in text
        assert f'"{uid}"' in GAME.hidden_tokens(s, side)
        assert GAME.view(other, side) == view
    assert f'"{uid}"' in json.dumps(GAME.view(s, None))  # the referee sees it


def test_the_axis_moves_through_inactive_partisans_and_activation_reveals_them() -> None:
    """16.1.4, 16.1.6."""
    from hexfront.games.stalins_war.rules.movement import may_enter

    s = _partisan_board()
    node = s.world.map.index("2122")
    uid = partisans.place(s, node)
    assert may_enter(s, "ge.16A", node)
    partisans.activate(s, 1)
    assert uid in s.active_partisans
    assert partisans.hidden(s) == []
    assert not may_enter(s, "ge.16A", node)
    assert last(s, "partisans_activated")["unit"] == uid


def test_a_soviet_unit_entering_sends_inactive_partisans_home() -> None:
    s = _partisan_board()
    node = s.world.map.index("2122")
    uid = partisans.place(s, node)
    from hexfront.games.stalins_war.rules import control

    control.enter(s, SOVIET, node)
    assert s.pieces[uid].box == OUT


def test_bad_works_input_is_refused() -> None:
    s = _partisan_board()
    movement(s, SOVIET, ops=1)
    before = s.to_json()
    with pytest.raises(IllegalAction):
        GAME.apply(s, Action(SOVIET, "partisans", {"hex": "2022"}))
    assert s.to_json() == before


def test_each_side_may_lift_its_own_trenches_as_the_turn_ends() -> None:
    """6E: in the End Turn phase the Axis, then the Soviet, may take away their own trenches
    (never the other side's)."""
    from hexfront.engine.sequence import Frame
    from hexfront.games.stalins_war.machine import MACHINE
    from hexfront.games.stalins_war.rules.turn import TurnProc

    names = [name for name, _ in TurnProc.steps]
    assert names.index("axis_trenches") < names.index("soviet_trenches") < names.index("end")
    s = new("campaign")
    s.trenches = {"2722": SOVIET, "1820": AXIS}
    s.stack = [
        Frame(
            "pick",
            {"what": "lift_trenches", "side": SOVIET, "left": 99, "optional": True, "card": None},
        )
    ]
    s.cache.clear()
    d = MACHINE.advance(s)
    assert d is not None
    assert [a.args for a in d.actions if a.verb == "pick"] == [{"hex": "2722"}]
    act(s, Action(SOVIET, "pick", {"hex": "2722"}))
    assert s.trenches == {"1820": AXIS}
