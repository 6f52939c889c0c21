"""Bidding (21) and the optional rules 23.1.2 and 23.1.4 as game options."""

from __future__ import annotations

import pytest

from hexfront.engine.errors import UnknownGame
from hexfront.engine.protocol import Action
from hexfront.engine.sequence import Frame
from hexfront.games.stalins_war.machine import MACHINE
from hexfront.games.stalins_war.rules.options import BID_MAX
from hexfront.games.stalins_war.rules.turn import automatic_rp
from hexfront.games.stalins_war.state import AXIS, SOVIET, SwState

from .helpers import GAME


def _rp(bid: int) -> dict[str, list[int]]:
    s = GAME.setup("campaign", {"bid": bid}, 1)
    out: dict[str, list[int]] = {AXIS: [], SOVIET: []}
    for turn in range(1, 7):
        s.turn = turn
        for side in (AXIS, SOVIET):
            out[side].append(automatic_rp(s, side))
    return out


def test_bids_move_the_automatic_rp() -> None:
    """21 and its examples: no bid, the Soviet's 3 RP on turn 2 (4.5.2); the Axis side bought
    for 2, the Soviet gets 3 on turn 2 and 2 on turn 3; the Soviet side bought for 5, the
    Soviet gets none and the Axis 2 on turn 2; never more than 3 a turn."""
    assert _rp(0) == {AXIS: [0] * 6, SOVIET: [0, 3, 0, 0, 0, 0]}
    assert _rp(2) == {AXIS: [0] * 6, SOVIET: [0, 3, 2, 0, 0, 0]}
    assert _rp(-5) == {AXIS: [0, 2, 0, 0, 0, 0], SOVIET: [0] * 6}
    assert _rp(7) == {AXIS: [0] * 6, SOVIET: [0, 3, 3, 3, 1, 0]}
    assert _rp(-3) == {AXIS: [0] * 6, SOVIET: [0] * 6}


def test_the_turn_start_pays_the_bid() -> None:
    s = GAME.setup("campaign", {"bid": -5}, 1)
    s.turn = 2
    s.stack = [Frame("turn", {})]
    s.cache.clear()
    MACHINE.advance(s)
    assert s.rp.get("german") == 2
    assert not s.rp.get(SOVIET)


def test_bid_bounds_match_the_data_and_bad_bids_are_refused() -> None:
    s = GAME.setup("campaign", {}, 1)
    assert s.world.tables.bid_max == BID_MAX
    with pytest.raises(UnknownGame):
        GAME.setup("campaign", {"bid": BID_MAX + 1}, 1)


def test_soviet_cards_shuffled_in() -> None:
    """23.1.2: the Soviet cards 1-6 go into the deck instead of waiting aside."""
    plain = GAME.setup("campaign", {}, 1)
    assert sorted(plain.pile(SOVIET, "set_aside")) == ["S1", "S2", "S3", "S4", "S5", "S6"]
    s = GAME.setup("campaign", {"soviet_cards_shuffled": True}, 1)
    assert s.pile(SOVIET, "set_aside") == []
    held = s.pile(SOVIET, "deck") + s.pile(SOVIET, "hand")
    assert all(c in held for c in ("S1", "S2", "S3", "S4", "S5", "S6"))


@pytest.mark.parametrize("recheck", [False, True])
def test_supply_checked_again_as_a_round_ends(recheck: bool) -> None:
    """23.1.4: with the option, a unit marked out of supply that is back in supply loses its
    mark when its side's round ends; without it the mark stays."""
    s = GAME.setup("campaign", {"supply_recheck": recheck}, 1)
    s.turn, s.ar = 2, 2
    s.oos.append("su.West")  # in supply in fact
    s.stack = [
        Frame("turn", {}),
        Frame("action_phase", {"round": 3, "side": 0, "playing": SOVIET}),
    ]
    s.stack[-1].status = "returned"
    s.cache.clear()
    MACHINE.advance(s)
    assert ("su.West" in s.oos) is not recheck


def test_towns_carry_control_under_the_optional_rule() -> None:
    """23.1.5: with the option a town has a control marker, which passes to a side entering;
    without it towns are not tracked."""
    from hexfront.games.stalins_war.rules import control

    plain = GAME.setup("campaign", {}, 1)
    m = plain.world.map
    town = next(p for p in m.places.values() if p.type == "town" and p.nation == "ussr")
    assert town.name not in plain.control
    s = GAME.setup("campaign", {"town_control": True}, 1)
    assert s.control[town.name] == SOVIET
    control.enter(s, AXIS, town.node)
    assert s.control[town.name] == AXIS


def test_a_first_card_of_choice_for_a_vp() -> None:
    """23.1.1: before the first draw the Axis, then the Soviet, may give up 1 VP for a
    Blitzkrieg card of its choice and draw five more; a side that declines draws six."""
    from hexfront.engine.protocol import Action

    s = GAME.setup("campaign", {"first_card_for_vp": True}, 1)
    assert s.pile(AXIS, "hand") == []
    d = GAME.decision(s)
    assert d is not None
    assert d.prompt.side == AXIS
    offered = [str(a.args["card"]) for a in d.actions if a.verb == "pick"]
    assert "A6" in offered
    assert all(s.world.cards[c].deck == "blitzkrieg" for c in offered)
    vp = s.vp
    GAME.apply(s, Action(AXIS, "pick", {"card": "A6"}))
    assert "A6" in s.pile(AXIS, "hand")
    assert len(s.pile(AXIS, "hand")) == 6
    assert s.vp == vp - 1  # the Axis gave up a VP
    told = [e for e in s.log if e.kind == "first_card"]
    assert [e.data.get("card") for e in told if e.visible_to(AXIS)] == ["A6", None]
    assert all(e.data.get("card") is None for e in told if e.visible_to(SOVIET))
    d = GAME.decision(s)
    assert d is not None
    assert d.prompt.side == SOVIET
    GAME.apply(s, Action(SOVIET, "done_picking", {}))
    assert len(s.pile(SOVIET, "hand")) == 6
    assert s.vp == vp - 1
    d = GAME.decision(s)
    assert d is not None
    assert d.prompt.kind == "action_round"
    assert s.turn == 1
    plain = GAME.setup("campaign", {}, 1)
    assert len(plain.pile(AXIS, "hand")) == 6


def _trench_board(options: dict[str, object]) -> SwState:
    from .test_combat import clear, place

    s = GAME.setup("campaign", options, 1)
    clear(s)
    place(s, "su.Kalinin", "2722")
    place(s, "su.Bryansk", "2622")
    s.turn = 3
    s.forbidden.append("soviet:entrench")  # People's Militia played (10.3.1)
    return s


def test_a_sure_trench_costs_one_more_ops_and_needs_no_die() -> None:
    """23.1.3: with the option a side may pay one OPS more for a trench that needs no die;
    without it only the rolled trench is offered."""
    from .helpers import act, movement

    plain = _trench_board({})
    d = movement(plain, SOVIET, ops=2)
    assert {a.verb for a in d.actions} >= {"entrench"}
    assert "entrench_sure" not in {a.verb for a in d.actions}

    s = _trench_board({"automatic_trench": True})
    d = movement(s, SOVIET, ops=1)  # one OPS pays the rolled trench only
    assert "entrench" in {a.verb for a in d.actions}
    assert "entrench_sure" not in {a.verb for a in d.actions}
    d = movement(s, SOVIET, ops=2)
    sure = [a for a in d.actions if a.verb == "entrench_sure"]
    assert sorted(str(a.args["hex"]) for a in sure) == ["2622", "2722"]
    banked = s.banked_ops[SOVIET]
    d = act(s, Action(SOVIET, "entrench_sure", {"hex": "2722"}))
    assert d is not None
    assert s.stack[-1].vars["ops"] == 0  # 1 OPS for the trench, 1 more for the sure one
    assert s.banked_ops[SOVIET] == banked
    assert not [a for a in d.actions if a.verb.startswith("entrench")]  # nothing left to pay
    s.dice.loaded = [6]  # a die that would fail (10.3.1: 1-3) is never rolled
    act(s, Action(SOVIET, "end_movement"))
    assert s.trenches == {"2722": SOVIET}
    assert s.dice.loaded == [6]
    assert not [e for e in s.log if e.kind == "trench_failed"]
