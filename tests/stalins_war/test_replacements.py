"""Stalin's War replacements (14, 7.5.2c placement) and the Southwest Front's second counter
(14.2.1)."""

from __future__ import annotations

from hexfront.engine.protocol import Action
from hexfront.engine.sequence import Decision, Frame
from hexfront.games.stalins_war.machine import MACHINE
from hexfront.games.stalins_war.rules import attrition
from hexfront.games.stalins_war.state import AXIS, ELIMINATED, ON_MAP, SOVIET, SwState

from .helpers import act, new


def segment(s: SwState, side: str, rp: dict[str, int], turn: int = 2) -> Decision | None:
    s.turn, s.rp = turn, dict(rp)
    s.stack = [Frame("replacements", {"side": side})]
    s.cache.clear()
    return MACHINE.advance(s)


def offered(d: Decision | None, verb: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for a in d.actions if d else []:
        if a.verb == verb:
            out.setdefault(str(a.args["unit"]), []).append(str(a.args.get("at", "")))
    return out


def test_no_replacements_in_june_1941_nor_without_rp() -> None:
    s = new()
    s.pieces["su.13R"].box = ELIMINATED
    assert segment(s, SOVIET, {SOVIET: 3}, turn=1) is None  # 4.4.1
    assert segment(s, SOVIET, {}) is None


def test_rebuild_at_the_last_step_where_reinforcements_go_and_pay_half_an_rp() -> None:
    """14.1.2-14.1.4, 7.5.2c."""
    s = new()
    p = s.pieces["su.13R"]
    p.box, p.at = ELIMINATED, -1
    s.moved()
    d = segment(s, SOVIET, {SOVIET: 1})
    places = offered(d, "rebuild")["su.13R"]
    m = s.world.map
    assert "2722" in places  # Moscow
    assert all(m.nation[m.index(h)] == "ussr" for h in places)
    assert all(m.place_at[m.index(h)].type != "town" for h in places if m.index(h) in m.place_at)
    act(s, Action(SOVIET, "rebuild", {"unit": "su.13R", "at": "2722"}))
    assert p.box == ON_MAP
    assert p.step == len(s.world.units["su.13R"].steps) - 1
    assert s.stack[-1].vars["halves"] == {SOVIET: 1}
    d = MACHINE.decision(s)
    assert d is not None
    assert "su.13R" in offered(d, "replace_step")  # in Moscow, in full supply
    act(s, Action(SOVIET, "replace_step", {"unit": "su.13R"}))
    assert p.step == 0
    assert MACHINE.decision(s) is None  # nothing left to spend


def test_lcu_steps_cost_one_rp_and_starred_steps_never_return() -> None:
    """14.1.3, 14.1.6: a German army comes back to 4-3, never to its starred 5-3."""
    s = new()
    s.turn = 2
    s.pieces["ge.4A"].step = 2
    d = segment(s, AXIS, {"german": 1})
    assert "ge.4A" in offered(d, "replace_step")
    act(s, Action(AXIS, "replace_step", {"unit": "ge.4A"}))
    assert s.pieces["ge.4A"].step == 1
    assert MACHINE.decision(s) is None  # 1 RP spent: nothing left
    d = segment(s, AXIS, {"german": 3})
    assert "ge.4A" not in offered(d, "replace_step")  # 5-3 is starred


def test_axis_pools_and_the_usir() -> None:
    """14.1.7, 14.2.2."""
    s = new()
    for uid in ("ge.39Pz", "ge.43C", "ro.3A"):
        p = s.pieces[uid]
        p.box, p.at = ELIMINATED, -1
    s.moved()
    got = offered(segment(s, AXIS, {"german": 1}), "rebuild")
    assert "ge.43C" in got
    assert "ge.39Pz" not in got
    assert "ro.3A" not in got
    got = offered(segment(s, AXIS, {"panzer": 1, "axis": 1}), "rebuild")
    assert "ge.43C" not in got
    assert "ge.39Pz" in got
    assert "ro.3A" in got
    assert all(s.world.map.nation[s.world.map.index(h)] == "romania" for h in got["ro.3A"])
    s.control["USIR"] = SOVIET
    assert "ge.39Pz" not in offered(segment(s, AXIS, {"panzer": 1}), "rebuild")


def test_southwest_front_leaves_its_weaker_counter() -> None:
    """14.2.1: at its first elimination the Southwest Front's weaker counter goes to the
    Eliminated box and the first one leaves the game."""
    s = new()
    berlin = s.world.map.node("Berlin")
    s.pieces["su.Southwest"].at = next(
        b for b in s.world.map.adjacency[berlin] if not s.occupants(b)
    )
    s.moved()
    attrition.attrition(s, SOVIET)
    assert s.pieces["su.Southwest"].box == "removed"
    assert s.pieces["su.Southwest2"].box == ELIMINATED
