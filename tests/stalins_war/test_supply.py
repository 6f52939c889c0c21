"""Stalin's War supply (13.1-13.2), OOS effects (13.3.1, 13.3.6) and the attrition segments
(6B, 13.3.8-13.3.9)."""

from __future__ import annotations

from hexfront.games.stalins_war.rules import attrition, supply
from hexfront.games.stalins_war.rules.movement import allowance
from hexfront.games.stalins_war.rules.zoc import enemy_zoc
from hexfront.games.stalins_war.state import AXIS, ELIMINATED, ON_MAP, OUT, SOVIET, SwState

from .helpers import new


def put(s: SwState, uid: str, node: int) -> None:
    p = s.pieces[uid]
    p.box, p.at = ON_MAP, node
    s.moved()


def ring(s: SwState, node: int, side: str) -> None:
    """``side``'s units on every land hex around ``node``."""
    spare = [
        uid
        for uid, u in s.world.units.items()
        if u.side == side
        and u.kind in ("infantry_corps", "rifle_army")
        and s.pieces[uid].box == OUT
    ]
    for b in s.world.map.adjacency[node]:
        for p in list(s.occupants(b)):
            p.box, p.at = OUT, -1
        s.moved()
        put(s, spare.pop(), b)


def test_everything_starts_in_full_supply() -> None:
    """25 and 13.2: each set-up unit traces to its own sources (the map's rails and edges)."""
    s = new()
    for p in s.on_map():
        assert supply.status(s, p.uid) == supply.FULL, p.uid
    assert supply.mark(s, AXIS) == []
    assert supply.mark(s, SOVIET) == []


def test_a_unit_cut_off_is_out_of_supply_and_lost_in_attrition() -> None:
    """13.3.8: an OOS SCU goes to the Eliminated box, one starred on every step leaves the
    game (2.2.1), an Axis LCU waits 3 turns on the Turn Track (then Eliminated box)."""
    s = new()
    berlin = s.world.map.node("Berlin")
    near = [b for b in s.world.map.adjacency[berlin] if not s.occupants(b)]
    put(s, "su.13R", near[0])
    put(s, "su.12M", near[1])
    assert supply.status(s, "su.13R") is None
    attrition.attrition(s, SOVIET)
    assert s.pieces["su.13R"].box == ELIMINATED
    assert s.pieces["su.12M"].box == "removed"  # *2-2-4: every step starred
    s = new()
    moscow = s.world.map.node("Moscow")
    far = next(b for b in s.world.map.adjacency[moscow] if not s.occupants(b))
    put(s, "ge.4A", far)
    assert supply.mark(s, AXIS) == ["ge.4A"]
    attrition.attrition(s, AXIS)
    assert s.pieces["ge.4A"].box == "track"
    assert s.track["ge.4A"] == 4
    s.turn = 4
    supply.returns(s)
    assert s.pieces["ge.4A"].box == ELIMINATED
    assert s.track == {}


def test_oos_units_lose_zoc_and_movement() -> None:
    """13.3.1: MA -2 when 3 or more; 13.3.6 and 8.1: no ZOC out of full supply."""
    s = new()
    s.turn = 2
    at = s.pieces["su.15M"].at
    assert allowance(s, "su.15M", at) == 4
    s.oos.append("su.15M")
    assert allowance(s, "su.15M", at) == 2
    near = set(s.world.map.adjacency[s.pieces["su.6M"].at])
    before = enemy_zoc(s, AXIS)
    s.unfed.append("su.6M")
    s.moved()
    assert enemy_zoc(s, AXIS) <= before
    lone = [b for b in near if b not in enemy_zoc(s, AXIS)]
    assert lone  # some hex only 6M watched


def test_attrition_takes_cut_off_cities_but_not_fortresses() -> None:
    """13.3.9: a friendly city that could not trace supply passes to the enemy (the VP track
    follows, 5.1.1); an own intact fortress keeps its hex and gives its units fortress supply
    (13.2.4), which survives attrition."""
    s = new()
    s.turn = 2
    m = s.world.map
    minsk = m.node("Minsk")
    s.pieces["su.13R"].box, s.pieces["su.13R"].at = OUT, -1
    ring(s, minsk, AXIS)
    attrition.attrition(s, SOVIET)
    assert s.control["Minsk"] == AXIS
    assert s.vp == 8
    s = new()
    s.turn = 2
    sev = m.node("Sevastopol")
    ring(s, sev, AXIS)
    put(s, "su.13R", sev)
    assert supply.status(s, "su.13R") == supply.FULL  # 13.1.2: by sea from another port
    for place in m.places.values():
        if place.port and place.sea in ("Black Sea", "Sea of Azov") and place.name != "Sevastopol":
            s.control[place.name] = AXIS
    s.moved()
    assert supply.status(s, "su.13R") == supply.LIMITED
    attrition.attrition(s, SOVIET)
    assert s.pieces["su.13R"].box == ON_MAP
    assert s.control["Sevastopol"] == SOVIET
    assert "su.13R" in s.unfed  # fortress supply: no ZOC


def test_june_1941_has_its_attrition_segments() -> None:
    """4.4.5, 6B: each side's segment follows its single round of turn 1 (the Axis one before
    the Soviet round)."""
    from hexfront.engine.protocol import Action

    from .helpers import GAME

    s = new()
    berlin = s.world.map.node("Berlin")
    put(s, "su.13R", next(b for b in s.world.map.adjacency[berlin] if not s.occupants(b)))
    moscow = s.world.map.node("Moscow")
    put(s, "ge.43C", next(b for b in s.world.map.adjacency[moscow] if not s.occupants(b)))
    GAME.apply(s, Action(AXIS, "zero_ops_pass"))
    assert s.pieces["ge.43C"].box == ELIMINATED  # the Axis segment, right after its round
    assert s.pieces["su.13R"].box == ON_MAP
    assert GAME.active_sides(s) == [SOVIET]
    GAME.apply(s, Action(SOVIET, "zero_ops_pass"))
    assert s.pieces["su.13R"].box == ELIMINATED
    assert s.turn == 1
