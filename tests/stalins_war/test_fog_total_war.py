"""The fuzz's cheap fog check (``invariants.fog_leaks``) and Total War (7.6.4): a card played
face up earlier in the turn and then shuffled into its deck when Total War joins stays named
in the log of its play (history, not a leak); a line written after the shuffle that names it
is still a leak."""

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
