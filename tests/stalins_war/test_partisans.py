"""Partisans (16.1, 10.2.2, 11.4.4): what inactive partisans stop, and how they leave the map.
Placement, hidden strengths and activation are in ``test_works.py`` and ``test_events.py``."""

from __future__ import annotations

from hexfront.engine.protocol import Action
from hexfront.engine.sequence import Frame
from hexfront.games.stalins_war.machine import MACHINE
from hexfront.games.stalins_war.rules.combat import retreat_ends
from hexfront.games.stalins_war.rules.movement import rail_walk
from hexfront.games.stalins_war.rules.turn import TurnProc
from hexfront.games.stalins_war.state import AXIS, ON_MAP, OUT, SOVIET, SwState

from .helpers import act, new
from .test_combat import clear, place

PARTISANS = ("su.P1", "su.P2")


def _chain(s: SwState, length: int) -> list[int]:
    """A line of rail hexes inside the USSR, each linked to the next."""
    from hexfront.games.stalins_war.rules import supply

    m = s.world.map
    links = supply.rail_links(s)
    for start in sorted(m.rail_hexes):
        path = [start]
        while len(path) < length:
            nxt = [b for b in sorted(links.get(path[-1], ())) if b not in path]
            if not nxt:
                break
            path.append(nxt[0])
        if len(path) == length and all(m.nation[n] == "ussr" for n in path):
            return path
    raise AssertionError("no rail line found")


def test_an_axis_train_passes_one_partisan_hex_and_stops_in_the_second() -> None:
    """10.2.2: along a line start-a-b-c-d, one partisan hex (a) is passed; with a second (b)
    the train stops there; Soviet trains are not slowed by their own partisans."""
    s = new("campaign")
    start, a, b, c, d = _chain(s, 5)
    net = {start, a, b, c, d}
    assert rail_walk(s, AXIS, start, net) == {a, b, c, d}
    place(s, PARTISANS[0], s.world.map.id_of(a))
    assert rail_walk(s, AXIS, start, net) == {a, b, c, d}
    place(s, PARTISANS[1], s.world.map.id_of(b))
    assert rail_walk(s, AXIS, start, net) == {a, b}
    assert rail_walk(s, SOVIET, start, net) == {a, b, c, d}
    s.active_partisans.append(PARTISANS[1])  # face up, it is an enemy unit, not a brake
    assert rail_walk(s, AXIS, start, net) == {a, b, c, d}


def test_an_axis_retreat_forced_into_partisans_ends_there() -> None:
    """11.4.4: a two-hex Axis retreat whose only way out leads through inactive partisans
    stops in their hex; without them it goes on two hexes."""
    s = new("campaign")
    clear(s)
    m = s.world.map
    place(s, "ge.41Pz", "1821")
    ring = sorted(m.adjacency[m.index("1821")])
    out_hex, walls = ring[0], ring[1:]
    for uid, node in zip(("su.5R", "su.16R", "su.13R", "su.21R", "su.22R"), walls, strict=True):
        place(s, uid, m.id_of(node))
    battle = {"target": m.index("1821"), "retreat": 2, "to_retreat": ["ge.41Pz"]}
    free = retreat_ends(s, battle, "ge.41Pz")  # type: ignore[arg-type]
    assert free
    assert out_hex not in free
    assert all(m.grid.distance(m.index("1821"), n) == 2 for n in free)
    place(s, PARTISANS[0], m.id_of(out_hex))
    assert retreat_ends(s, battle, "ge.41Pz") == [out_hex]  # type: ignore[arg-type]


def test_the_soviet_may_take_partisans_off_the_map_at_the_end_of_the_turn() -> None:
    """16.1.5: in the End Turn phase the Soviet may remove inactive partisans (their counters
    go back to the pool); active ones stay."""
    assert "partisans" in [name for name, _ in TurnProc.steps]
    s = new("campaign")
    place(s, PARTISANS[0], "2221")
    place(s, PARTISANS[1], "2321")
    s.active_partisans.append(PARTISANS[1])
    s.stack = [
        Frame(
            "pick",
            {
                "what": "remove_partisans",
                "side": SOVIET,
                "left": 99,
                "optional": True,
                "card": None,
            },
        )
    ]
    s.cache.clear()
    d = MACHINE.advance(s)
    assert d is not None
    assert [a.args for a in d.actions if a.verb == "pick"] == [{"hex": "2221"}]
    assert "done_picking" in [a.verb for a in d.actions]
    act(s, Action(SOVIET, "pick", {"hex": "2221"}))
    assert s.pieces[PARTISANS[0]].box == OUT
    assert s.pieces[PARTISANS[1]].box == ON_MAP
