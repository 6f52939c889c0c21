"""Stalin's War opening rules on built positions: the turn-1 Romanian ban on Soviet attacks
(4.4.4), turn-1 Axis exploitation (4.4.6), the 1941 limits on attacking panzers (4.4.7-4.4.8)
and the Soviet mobilization's fresh units (4.5.1)."""

from __future__ import annotations

import pytest

from hexfront.engine.errors import IllegalAction
from hexfront.engine.protocol import Action
from hexfront.games.stalins_war.machine import MACHINE
from hexfront.games.stalins_war.rules import combat
from hexfront.games.stalins_war.state import AXIS, ON_MAP, SOVIET, SwState

from .helpers import act, new, round_of
from .test_combat import at_combat, clear, do, markers, place, verbs
from .test_reinforcements import give, place_all


def _marker_hexes(s: SwState, side: str, ops: int, turn: int) -> set[str]:
    d = at_combat(s, side, ops, turn=turn)
    if d is None:
        return set()
    return {str(a.args["hex"]) for a in d.actions if a.verb == "combat_marker"}


@pytest.mark.parametrize(
    ("soviet_at", "axis_at"),
    [("1728", "1628"), ("1628", "1728")],  # from the USSR into Romania; from Romania out
)
def test_no_soviet_attack_into_or_out_of_romania_on_turn_1(soviet_at: str, axis_at: str) -> None:
    """4.4.4: on turn 1 no Soviet unit attacks a Romanian hex nor attacks from one; from
    turn 2 the same attack is open."""
    m = new("campaign").world.map
    assert {m.nation[m.index("1628")], m.nation[m.index("1728")]} == {"romania", "ussr"}
    for turn, open_ in ((1, False), (2, True)):
        s = new("campaign")
        clear(s)
        place(s, "su.16R", soviet_at)
        place(s, "ro.3C", axis_at)
        assert (soviet_at in _marker_hexes(s, SOVIET, 1, turn)) is open_
        v = combat.combat_vars(s, SOVIET, 1, False, False, [])
        v["markers"] = [m.index(soviet_at)]
        assert combat.may_attack(s, v, "su.16R") is (open_ or soviet_at == "1728")  # type: ignore[arg-type]
        assert combat.target_ok(s, v, m.index(axis_at)) is (open_ or axis_at == "1728")  # type: ignore[arg-type]


def test_turn_1_axis_exploitation_stops_only_in_swamp() -> None:
    """4.4.6: on turn 1 only swamp halts an exploiting Axis unit; from turn 2 forest, rough
    and the rest halt it too (12.2.5); the Soviet is never helped by 4.4.6."""
    s = new("campaign")
    m = s.world.map

    def entering(terrain: str) -> tuple[int, int]:
        for b in range(m.hex_count):
            if m.terrain[b] == terrain and m.place_at.get(b) is None:
                for a in m.adjacency[b]:
                    hs = m.side(a, b)
                    if m.is_land(a) and (hs is None or not hs.kerch_strait):
                        return a, b
        raise AssertionError(terrain)

    forest, swamp, rough = entering("forest"), entering("swamp"), entering("rough")
    for turn, side, expect in (
        (1, AXIS, {"forest": False, "rough": False, "swamp": True}),
        (2, AXIS, {"forest": True, "rough": True, "swamp": True}),
        (1, SOVIET, {"forest": True, "rough": True, "swamp": True}),
    ):
        s.turn = turn
        v = combat.combat_vars(s, side, 0, False, False, [])
        uid = "ge.39Pz" if side == AXIS else "su.15M"
        got = {
            name: combat.exploit_halts(s, v, uid, a, b)  # type: ignore[arg-type]
            for name, (a, b) in (("forest", forest), ("rough", rough), ("swamp", swamp))
        }
        assert got == expect, (turn, side)


def _mech_attack(turn: int, zhukov: bool = False, with_infantry: bool = False) -> SwState:
    """Two Soviet mechanized corps in two hexes next to German panzers in 1821."""
    s = new("campaign")
    clear(s)
    m = s.world.map
    place(s, "ge.39Pz", "1821")
    if with_infantry:
        place(s, "ge.43C", "1821")
    place(s, "su.3M", "1822")
    other = next(
        m.id_of(b)
        for b in m.adjacency[m.index("1821")]
        if m.is_land(b) and b in m.adjacency[m.index("1822")] and m.id_of(b) != "1822"
    )
    place(s, "su.22M", other)
    if zhukov:
        s.this_turn.append(f"{SOVIET}:zhukov")
    at_combat(s, SOVIET, 2, turn=turn)
    markers(s, SOVIET, ["1822", other])
    do(s, SOVIET, "attack", hex="1821")
    do(s, SOVIET, "commit", unit="su.3M")
    return s


def test_mechanized_corps_of_two_hexes_never_combine_against_panzers_in_1941() -> None:
    """4.4.8: in turns 1-2 Soviet mechanized corps from different hexes may not attack a hex
    holding only German panzers together, even with Zhukov (no card or event lifts it); from
    turn 3, or against panzers with other units, they may."""
    for zhukov in (False, True):
        s = _mech_attack(2, zhukov=zhukov)
        d = MACHINE.decision(s)
        assert {"unit": "su.22M"} not in [a.args for a in d.actions if a.verb == "commit"]  # type: ignore[union-attr]
        with pytest.raises(IllegalAction):
            do(s, SOVIET, "commit", unit="su.22M")
        assert "fire" in verbs(MACHINE.decision(s))  # one corps alone may still attack
    assert "fire" in verbs(do(_mech_attack(3), SOVIET, "commit", unit="su.22M"))
    s = _mech_attack(2, with_infantry=True)
    assert "fire" in verbs(do(s, SOVIET, "commit", unit="su.22M"))


def test_mobilization_units_move_but_do_not_attack_in_their_round() -> None:
    """4.5.1: the units a turn-2 Reinforcements play places may move in that round but not
    attack; in a later round they attack like any other unit."""
    s = new()
    give(s, SOVIET, "S1")
    round_of(s, SOVIET, 2, 1)
    act(s, Action(SOVIET, "play_event", {"card": "S1"}))
    place_all(s)
    fresh = combat.fresh_units(s, SOVIET)
    assert "su.Bryansk" in fresh
    m = s.world.map
    at = s.pieces["su.Bryansk"].at
    d = MACHINE.decision(s)
    assert d is not None
    assert any(a.verb == "move" and a.args["unit"] == "su.Bryansk" for a in d.actions)
    near = next(b for b in m.adjacency[at] if m.is_land(b) and not s.occupants(b))
    place(s, "ge.43C", m.id_of(near))
    d = act(s, Action(SOVIET, "end_movement"))
    assert d is not None
    v = s.stack[-1].vars
    assert v["markers"] == []
    offered = {str(a.args["hex"]) for a in d.actions if a.verb == "combat_marker"}
    here = [p.uid for p in s.occupants(at) if p.side == SOVIET]
    if set(here) <= fresh:
        assert m.id_of(at) not in offered
    probe = dict(v, markers=[at])
    assert not combat.may_attack(s, probe, "su.Bryansk")  # type: ignore[arg-type]
    s.emit("action_round", side=SOVIET, turn=2, ar=3)  # a later round
    assert combat.may_attack(s, probe, "su.Bryansk")  # type: ignore[arg-type]
    assert s.pieces["su.Bryansk"].box == ON_MAP
