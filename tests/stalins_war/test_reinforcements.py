"""Stalin's War Reinforcements events (7.5.2-7.5.3) and the Soviet mobilization (4.5.1)."""

from __future__ import annotations

import pytest

from hexfront.engine.protocol import Action
from hexfront.games.stalins_war.machine import MACHINE
from hexfront.games.stalins_war.rules import events, reinforcements
from hexfront.games.stalins_war.state import AXIS, ON_MAP, SOVIET, SwState

from .helpers import act, new, round_of


def give(s: SwState, side: str, card: str) -> None:
    for pile in s.piles[side].values():
        if card in pile:
            pile.remove(card)
    s.piles[side]["hand"].append(card)


def place_all(s: SwState) -> list[str]:
    """Place every pending unit at its first offered hex; returns the hexes."""
    where = []
    while True:
        d = MACHINE.decision(s)
        if d is None or d.prompt.kind != "reinforce":
            return where
        choice = d.actions[0]
        where.append(str(choice.args["at"]))
        act(s, choice)


def test_soviet_mobilization_on_turn_2() -> None:
    """4.5.1: two Reinforcements plays in non-consecutive ARs; each places its units (7.5.2c)
    and then gives OPS less the current penalty, the count unchanged."""
    s = new()
    give(s, SOVIET, "S1")
    give(s, SOVIET, "S2")
    s.consecutive_ops[SOVIET] = 2
    d = round_of(s, SOVIET, 2, 1)
    assert Action(SOVIET, "play_event", {"card": "S1"}) in d.actions
    act(s, Action(SOVIET, "play_event", {"card": "S1"}))
    hexes = place_all(s)
    assert len(hexes) == 6
    m = s.world.map
    assert all(m.nation[m.index(h)] == "ussr" for h in hexes)
    assert s.pieces["su.Bryansk"].box == ON_MAP
    assert s.stack[-1].proc == "movement"
    assert s.stack[-1].vars["ops"] == s.world.cards["S1"].ops - 1
    assert s.consecutive_ops[SOVIET] == 2
    d = round_of(s, SOVIET, 2, 2)
    assert Action(SOVIET, "play_event", {"card": "S2"}) not in d.actions  # consecutive
    d = round_of(s, SOVIET, 2, 3)
    assert Action(SOVIET, "play_event", {"card": "S2"}) in d.actions


def test_one_reinforcements_card_a_turn_and_none_in_june_1941() -> None:
    """7.5.2a."""
    s = new()
    give(s, AXIS, "A3")
    give(s, AXIS, "A5")
    d = round_of(s, AXIS, 1, 5)
    assert not [a for a in d.actions if a.verb == "play_event" and a.args["card"] in ("A3", "A5")]
    d = round_of(s, AXIS, 3, 2)
    act(s, Action(AXIS, "play_event", {"card": "A3"}))
    place_all(s)
    assert s.consecutive_ops[AXIS] == 0  # an event: the count resets
    d = round_of(s, AXIS, 3, 4)
    assert Action(AXIS, "play_event", {"card": "A5"}) not in d.actions


def test_bracketed_units_enter_reduced() -> None:
    """7.5.3: A30's GD Panzer Corps enters reduced."""
    s = new()
    give(s, AXIS, "A30")
    round_of(s, AXIS, 3, 2)
    act(s, Action(AXIS, "play_event", {"card": "A30"}))
    place_all(s)
    assert s.pieces["ge.GDPz"].step == 1
    assert s.pieces["ge.90C"].step == 0


def test_units_with_nowhere_to_go_leave_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """7.5.2b."""
    monkeypatch.setattr(reinforcements, "placements", lambda state, uid: [])
    s = new()
    give(s, AXIS, "A3")
    round_of(s, AXIS, 3, 2)
    act(s, Action(AXIS, "play_event", {"card": "A3"}))
    MACHINE.advance(s)
    assert s.pieces["ge.34C"].box == "removed"
    assert s.pieces["ge.35C"].box == "removed"


def test_every_event_is_written() -> None:
    """The swaps (7.5.2c), the placements by a named unit or area and every other event are
    written (see ``test_events.py``): each card that is not a combat card can be played as
    an event."""
    w = new().world
    for card in w.cards.values():
        if not card.combat:
            assert events.executable(card), card.id


def test_turn_long_and_hand_events() -> None:
    """Thunderclap (S51): no Axis rail this turn; Strategic Withdrawal (S11): free Soviet ZOC
    exits this turn, never into a ZOC again that round; Red Choir (S34): the Axis hand's
    non-combat cards shown to the Soviet only; Bomb Plot (S42): one random Axis card
    discarded; Allied Offensive Bomber (S55): the Axis draws to 2 fewer at its next draw."""
    from hexfront.games.stalins_war.rules.cards import hand_size
    from hexfront.games.stalins_war.rules.movement import exit_cost

    from .helpers import movement

    s = new()
    s.turn = 16
    for card in ("S51", "S11", "S34", "S42", "S55"):
        give(s, SOVIET, card)
        round_of(s, SOVIET, 16, 1)
        act(s, Action(SOVIET, "play_event", {"card": card}))
    assert "axis:rail_movement" in s.this_turn
    place = s.world.map.index("1320")
    s.pieces["ge.43C"].at = place
    s.moved()
    d = movement(s, AXIS, ops=3)
    assert not [a for a in d.actions if a.verb == "rail"]
    movement(s, SOVIET, ops=0)
    v = s.stack[-1].vars
    assert exit_cost(s, v, "su.28R", s.pieces["su.28R"].at) == 0  # type: ignore[arg-type]
    shown = [e for e in s.log if e.kind == "hand_shown" and e.audience == SOVIET]
    assert shown
    assert all(not s.world.cards[c].combat for c in shown[0].data["cards"])
    assert any(e.kind == "discard" and e.data.get("random") for e in s.log)
    assert hand_size(s, AXIS) == 4  # 6 - 2, the 4-card minimum
    assert s.hand_mods[AXIS] == [-2]
