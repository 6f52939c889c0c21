"""Stalin's War national limits (19.1-19.2): Romanians never enter Hungary and Hungarians
never enter Romania, by any move (step, rail even passing through, sea, retreat); a unit
whose only retreat lies there is eliminated; no combat holds both."""

from __future__ import annotations

from collections import Counter

import pytest

from hexfront.engine.errors import IllegalAction
from hexfront.games.stalins_war.rules import combat
from hexfront.games.stalins_war.rules.movement import rail_targets, sea_targets
from hexfront.games.stalins_war.state import AXIS, ON_MAP, SOVIET, SwState

from .helpers import movement, new
from .test_combat import at_combat, attack, clear, do, markers, place, verbs


def _axis_everywhere() -> SwState:
    """A bare map in 1943 with every place Axis-held: the Axis rail nets reach far."""
    s = new("campaign")
    clear(s)
    s.turn = 10
    for p in s.world.map.places.values():
        s.control[p.name] = AXIS
    s.moved()
    return s


def test_no_rail_or_sea_move_into_the_other_country() -> None:
    """19.1.1, 19.2.1: with the whole rail net open, a Romanian corps reaches no Hungarian
    hex by rail and a Hungarian one no Romanian hex, nor the Romanian port of Constanta by
    sea, where a German corps goes."""
    s = _axis_everywhere()
    m = s.world.map
    place(s, "ro.3C", "1628")  # Romania
    place(s, "hu.Mobile", "1829")  # Odessa, an Axis port of the Black Sea
    place(s, "ge.43C", "2029")  # Kherson, another one
    movement(s, AXIS, ops=3)
    v = s.stack[-1].vars
    ro = Counter(m.nation[n] for n in rail_targets(s, v, "ro.3C"))  # type: ignore[arg-type]
    hu = Counter(m.nation[n] for n in rail_targets(s, v, "hu.Mobile"))  # type: ignore[arg-type]
    ge = Counter(m.nation[n] for n in rail_targets(s, v, "ge.43C"))  # type: ignore[arg-type]
    assert ge["hungary"]
    assert ge["romania"]
    assert ro["ussr"]
    assert hu["ussr"]
    assert ro["hungary"] == 0
    assert hu["romania"] == 0
    constanta = m.node("Constanta")
    assert constanta in sea_targets(s, v, "ge.43C")  # type: ignore[arg-type]
    hu_sea = sea_targets(s, v, "hu.Mobile")  # type: ignore[arg-type]
    assert hu_sea
    assert constanta not in hu_sea


def _forced_retreat(defender: str) -> SwState:
    """``defender`` in 1627 (Romania), beaten by a Soviet Front's attack from 1727; active
    partisans (no ZOC) hold 1626, 1628 and 1527, so its one way back is 1526, in Hungary."""
    s = new("campaign")
    clear(s)
    place(s, defender, "1627")
    for u, h in (("su.P1", "1626"), ("su.P2", "1628"), ("su.P3", "1527")):
        place(s, u, h)
        s.active_partisans.append(u)
    for u in ("su.Kalinin", "su.16R", "su.15M"):
        place(s, u, "1727")
    at_combat(s, SOVIET, 1, turn=5)
    s.dice.loaded = [6, 1]
    attack(s, SOVIET, ["1727"], "1627", ["su.Kalinin", "su.16R", "su.15M"])
    return s


def test_a_romanian_army_forced_into_hungary_is_eliminated() -> None:
    """19.1.1: beaten with its only retreat into Hungary, the Romanian army is eliminated
    (an Axis LCU without a retreat: 3 turns on the Turn Track, 11.4.4); a German army in its
    place retreats there."""
    s = _forced_retreat("ro.3A")
    assert s.pieces["ro.3A"].box == "track"
    gone = [e.data for e in s.log if e.kind == "eliminated" and e.data["unit"] == "ro.3A"]
    assert gone[-1]["why"] == "no retreat"
    s = _forced_retreat("ge.16A")
    d = s.stack and combat.retreat_ends(s, s.stack[-1].vars["battle"], "ge.16A")
    assert d == [s.world.map.index("1526")]
    assert s.pieces["ge.16A"].box == ON_MAP


def test_romanians_and_hungarians_never_fight_in_one_combat() -> None:
    """19.1.1, 19.2.1: a Romanian corps and a Hungarian one may not attack the same hex
    together, though the same attack with a German corps in the Hungarian's place is legal
    (a panzer corps makes the second hex an armoured one, 11.1.3)."""
    for partner in ("hu.Mobile", "ge.43C"):
        s = new("campaign")
        clear(s)
        m = s.world.map
        place(s, "su.16R", "2124")
        a, b = [x for x in m.adjacency[m.index("2124")] if m.is_land(x)][:2]
        place(s, "ro.3C", m.id_of(a))
        place(s, "ge.39Pz", m.id_of(b))
        place(s, partner, m.id_of(b))
        at_combat(s, AXIS, 2, turn=5)
        markers(s, AXIS, [m.id_of(a), m.id_of(b)])
        do(s, AXIS, "attack", hex="2124")
        do(s, AXIS, "commit", unit="ro.3C")
        do(s, AXIS, "commit", unit="ge.39Pz")
        if partner == "hu.Mobile":
            with pytest.raises(IllegalAction):
                do(s, AXIS, "commit", unit=partner)
            v = s.stack[-1].vars
            problem = combat.group_problem(s, v, m.index("2124"), ["ro.3C", "ge.39Pz", partner])  # type: ignore[arg-type]
            assert problem == "Romanians and Hungarians never fight together"
        else:
            assert "fire" in verbs(do(s, AXIS, "commit", unit=partner))
