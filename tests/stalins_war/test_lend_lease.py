"""Stalin's War Soviet banked OPS (18.3): Lend-Lease from the turn after its event, only with
Stalin in Moscow, and the Soviet Blitz markers that need a turn's Lend-Lease OPS (18.3,
11.2.1 step 9)."""

from __future__ import annotations

from hexfront.engine.protocol import Action
from hexfront.games.stalins_war.rules import events
from hexfront.games.stalins_war.state import AXIS, ON_MAP, SOVIET, SwState

from .helpers import act, round_of
from .test_combat import at_combat, attack, clear, do, place
from .test_core import _hand


def _lend_lease_game(turn_played: int = 2) -> SwState:
    from .helpers import new

    s = new("campaign")
    _hand(s, SOVIET, ["S16"])
    round_of(s, SOVIET, turn_played, 1)
    act(s, Action(SOVIET, "play_event", {"card": "S16"}))
    return s


def _turn_start(s: SwState, turn: int) -> None:
    s.turn = turn
    s.banked_ops[SOVIET] = 0
    s.this_turn = [t for t in s.this_turn if not t.startswith("soviet:lend_lease")]
    events.recur(s, "turn_start_from_next_turn")


def test_lend_lease_ops_start_the_turn_after_and_need_stalin_in_moscow() -> None:
    """18.3.1-18.3.3: nothing in the turn of the event; from the next turn 2 for a Soviet
    Archangel and 1 for a Soviet Astrakhan, with Stalin in Moscow only."""
    s = _lend_lease_game()
    _turn_start(s, 2)
    assert s.banked_ops[SOVIET] == 0
    _turn_start(s, 3)
    assert s.banked_ops[SOVIET] == 3
    s.control["Archangel"] = AXIS
    _turn_start(s, 4)
    assert s.banked_ops[SOVIET] == 1
    s.control["Archangel"], s.control["Astrakhan"] = SOVIET, AXIS
    _turn_start(s, 5)
    assert s.banked_ops[SOVIET] == 2
    s.pieces["su.Stalin"].at = s.world.map.node("Gorki")
    _turn_start(s, 6)
    assert s.banked_ops[SOVIET] == 0
    assert "soviet:lend_lease_received" not in s.this_turn


def _tank_attack(s: SwState, turn: int) -> SwState:
    """A Soviet tank army (an exploiting SCU) wins against a lone corps in clear terrain."""
    clear(s)
    place(s, "su.1T", "2224")
    place(s, "su.Stalin", "2722")
    place(s, "ge.43C", "2124")
    m = s.world.map
    assert m.terrain[m.index("2124")] == "clear"
    assert m.place_at.get(m.index("2124")) is None
    side = m.side(m.index("2224"), m.index("2124"))
    assert side is None or not (side.major_river or side.kerch_strait)
    keep = list(s.this_turn)
    at_combat(s, SOVIET, 1, turn=turn, ar=2)
    s.this_turn = keep
    s.dice.loaded = [6, 1]
    d = attack(s, SOVIET, ["2224"], "2124", ["su.1T"])
    while d is not None and d.prompt.kind == "retreat":
        d = act(s, next(a for a in d.actions if a.verb == "retreat"))
    assert s.pieces["ge.43C"].at != m.index("2124") or s.pieces["ge.43C"].box != ON_MAP
    do(s, SOVIET, "advance", unit="su.1T")
    assert s.pieces["su.1T"].at == m.index("2124")
    return s


def test_no_soviet_blitz_in_a_turn_without_lend_lease_ops() -> None:
    """18.3 (11.2.1 step 9): the Soviet places Blitz markers only in a turn that began with
    Lend-Lease OPS banked: the same won attack places one with them and none without (before
    the event, with Stalin away from Moscow, or with Convoy PQ-17 taking them all)."""
    with_ll = _lend_lease_game()
    _turn_start(with_ll, 5)
    assert with_ll.banked_ops[SOVIET] == 3
    s = _tank_attack(with_ll, 5)
    assert any(e.kind == "blitz" and e.data["side"] == SOVIET for e in s.log)

    from .helpers import new

    before = new("campaign")  # no Lend Lease yet
    _turn_start(before, 5)
    s = _tank_attack(before, 5)  # it advances ...
    assert not any(e.kind == "blitz" for e in s.log)  # ... with no Blitz marker

    away = _lend_lease_game()
    away.pieces["su.Stalin"].at = away.world.map.node("Gorki")
    _turn_start(away, 5)
    assert away.banked_ops[SOVIET] == 0
    s = _tank_attack(away, 5)
    assert not any(e.kind == "blitz" for e in s.log)

    convoy = _lend_lease_game()
    convoy.control["Astrakhan"] = AXIS  # only Archangel's 2, and PQ-17 takes them
    _hand(convoy, AXIS, ["A20"])
    round_of(convoy, AXIS, 3, 3)
    act(convoy, Action(AXIS, "play_event", {"card": "A20"}))
    _turn_start(convoy, 5)
    assert convoy.banked_ops[SOVIET] == 0
    s = _tank_attack(convoy, 5)
    assert not any(e.kind == "blitz" for e in s.log)
