"""The fuzz's cheap fog check (``invariants.fog_leaks``) and what it must not call a leak:
a card played face up earlier in the turn and then shuffled into its deck when Total War
joins (7.6.4) stays named in the log of its play (history); a hand shown by a card's rule
to the side that played it; the VP penalty of a card not yet played. A line that names such
cards otherwise is still a leak."""

from __future__ import annotations

from hexfront.games.stalins_war.invariants import fog_leaks
from hexfront.games.stalins_war.rules.cards import join_total_war
from hexfront.games.stalins_war.state import AXIS, SOVIET

from .helpers import GAME, new


def test_a_card_played_before_total_war_joined_is_history() -> None:
    s = new("campaign")
    s.turn = 8
    s.turn_log = len(s.log)
    card = s.pile(AXIS, "hand").pop()
    s.emit("play", side=AXIS, round="ops", card=card, ops=3)
    s.pile(AXIS, "discard").append(card)
    join_total_war(s)  # the discard joins the new deck
    assert card in s.pile(AXIS, "deck")
    for viewer in (AXIS, SOVIET):
        assert fog_leaks(s, GAME.view(s, viewer), viewer) == []
    s.emit("play", side=AXIS, round="ops", card=card, ops=3)  # named again after the shuffle
    assert any(card in p for p in fog_leaks(s, GAME.view(s, SOVIET), SOVIET))


def test_a_hand_shown_by_a_cards_rule_is_no_leak_to_its_audience() -> None:
    """Red Choir (S34), Foreign Armies East (A49): the enemy hand shown to the side that played
    the card is known to it by rule; the same cards in a line for everyone are a leak."""
    s = new("campaign")
    s.turn_log = len(s.log)
    hand = list(s.pile(AXIS, "hand"))
    s.emit("hand_shown", SOVIET, side=AXIS, cards=hand)
    assert fog_leaks(s, GAME.view(s, SOVIET), SOVIET) == []
    assert fog_leaks(s, GAME.view(s, AXIS), AXIS) == []
    s.emit("hand_shown", side=AXIS, cards=hand)  # to everyone: not what the rule allows
    assert any(hand[0] in p for p in fog_leaks(s, GAME.view(s, SOVIET), SOVIET))


def test_the_penalty_of_an_unplayed_card_names_it_without_a_leak() -> None:
    """A24 (Hitler Takes Command) unplayed: the VP it costs at a turn's end names it, which
    tells both sides only that it is unplayed; a play line naming it would be a leak."""
    s = new("campaign")
    s.turn_log = len(s.log)
    for pile in s.piles[AXIS].values():
        if "A24" in pile:
            pile.remove("A24")
    s.pile(AXIS, "hand").append("A24")
    assert s.world.cards["A24"].until_played
    s.emit("vp", card="A24", delta=-1, vp=s.vp - 1)
    for viewer in (AXIS, SOVIET):
        assert fog_leaks(s, GAME.view(s, viewer), viewer) == []
    s.emit("play", side=AXIS, round="ops", card="A24", ops=4)
    assert any("A24" in p for p in fog_leaks(s, GAME.view(s, SOVIET), SOVIET))
