"""Stalin's War stacking during movement (9.1.4): a unit may pass through a full stack, the
limits holding when its move ends; it may not stop there, and the national and partisan
rules (9.2) hold at every moment. The limits themselves are
``test_movement.py::test_stacking_limits``."""

from __future__ import annotations

import pytest

from hexfront.engine.errors import IllegalAction
from hexfront.engine.protocol import Action
from hexfront.games.stalins_war.machine import MACHINE
from hexfront.games.stalins_war.rules.stacking import stack_ok, stacking_problems
from hexfront.games.stalins_war.state import AXIS, SOVIET, SwState

from .helpers import act, movement, new
from .test_combat import clear, place

FULL = ("su.Reserve", "su.13R", "su.20R", "su.16R")  # an LCU and three SCUs: four units


def _board() -> SwState:
    """Moscow (2722) holds four Soviet combat units; 22R (MA 3) stands next to it in 2622."""
    s = new("campaign")
    clear(s)
    s.turn = 2
    for u in FULL:
        place(s, u, "2722")
    place(s, "su.22R", "2622")
    return s


def _targets(s: SwState, uid: str) -> set[str]:
    s.cache.clear()
    d = MACHINE.decision(s)
    assert d is not None
    return {str(a.args["to"]) for a in d.actions if a.verb == "move" and a.args["unit"] == uid}


def test_a_unit_passes_through_a_full_stack_and_moves_on() -> None:
    """9.1.4: 22R may enter the full Moscow stack on its way; standing there it is the only
    unit that may act, every step it is offered ends or goes on within the limits, and once
    out the round goes on as usual with no hex over the limits."""
    s = _board()
    moscow = s.world.map.index("2722")
    assert not stack_ok(s, moscow, SOVIET, joining="su.22R")
    movement(s, SOVIET, ops=0)
    assert "2722" in _targets(s, "su.22R")
    d = act(s, Action(SOVIET, "move", {"unit": "su.22R", "to": "2722"}))
    assert d is not None
    assert d.prompt.data["passing"] == "su.22R"
    assert {a.verb for a in d.actions} == {"move"}
    assert {a.args["unit"] for a in d.actions} == {"su.22R"}
    assert stacking_problems(s) == []  # lifted while it passes
    with pytest.raises(IllegalAction):
        act(s, Action(SOVIET, "end_movement"))
    for a in d.actions:
        trial = s.clone()
        after = act(trial, a)
        assert after is not None
        if "end_movement" in {x.verb for x in after.actions}:
            assert stacking_problems(trial) == []
            assert stack_ok(trial, trial.pieces["su.22R"].at, SOVIET)
    on = sorted(str(a.args["to"]) for a in d.actions)[0]
    d = act(s, Action(SOVIET, "move", {"unit": "su.22R", "to": on}))
    assert d is not None
    assert "end_movement" in {a.verb for a in d.actions}
    act(s, Action(SOVIET, "end_movement"))
    assert stacking_problems(s) == []
    assert [p.uid for p in s.occupants(moscow) if p.side == SOVIET] == list(FULL)


def test_no_passing_where_the_unit_would_stop() -> None:
    """9.1.4 with 10.1.4 and 8.3: a full stack is no way through when entering it would spend
    the unit's last MP, nor when it lies in an enemy ZOC (the unit would stop in it); an
    open hex is still entered."""
    s = _board()
    movement(s, SOVIET, ops=0)
    s.stack[-1].vars["mp"]["su.22R"] = 2  # one MP left: Moscow would be its last hex
    got = _targets(s, "su.22R")
    assert "2722" not in got
    assert got  # other hexes, where it fits, are still open
    s = _board()
    place(s, "ge.16A", "2822")  # its ZOC reaches Moscow, not 2622
    movement(s, SOVIET, ops=0)
    assert "2722" not in _targets(s, "su.22R")
    for u in FULL[1:]:
        place(s, u, "2721")  # Moscow no longer full: 22R may enter and stop in the ZOC
    assert "2722" in _targets(s, "su.22R")


def test_the_national_rules_hold_while_passing() -> None:
    """9.2.1: a Hungarian unit never enters a hex with Romanians, even only to pass (room
    under the limits or not)."""
    s = new("campaign")
    clear(s)
    s.turn = 5
    m = s.world.map
    ro_hex = "2124"
    place(s, "ro.3C", ro_hex)
    near = next(m.id_of(b) for b in m.adjacency[m.index(ro_hex)] if m.is_land(b))
    place(s, "hu.Mobile", near)
    movement(s, AXIS, ops=0)
    assert ro_hex not in _targets(s, "hu.Mobile")
    assert _targets(s, "hu.Mobile")
