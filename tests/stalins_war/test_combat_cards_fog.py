"""Fog of war at the combat-card step (11.2.1 step 3, 7.5.5): a side holding cards is asked
for combat cards whether or not one fits the combat, so the other side cannot tell from the
pause (or its absence) what the hand holds. The fuzzer found the leak (heuristic games)."""

from __future__ import annotations

from hexfront.engine.protocol import Action
from hexfront.games.stalins_war.state import SwState, enemy

from .helpers import GAME, new, play_until


def _defender_asked(state: SwState) -> bool:
    d = GAME.decision(state)
    if d is None or d.prompt.kind != "combat_cards":
        return False
    frame = state.stack[-1]
    return frame.proc == "combat" and d.prompt.side != frame.vars["side"]


def test_the_defender_is_asked_even_without_a_card_that_fits() -> None:
    state = new("tournament", 12)
    play_until(state, _defender_asked, seed=12)  # a Soviet defence with a card that fits
    assert not GAME.is_over(state)
    defender = GAME.active_sides(state)[0]
    attacker = enemy(defender)
    seen = GAME.view(state, attacker)
    # the same hand size, but only cards that are no combat cards
    piles = state.piles[defender]
    plain = [c for c in piles["hand"] + piles["deck"] if not state.world.cards[c].combat]
    n = len(piles["hand"])
    assert len(plain) >= n
    rest = [c for c in piles["hand"] + piles["deck"] if c not in plain[:n]]
    piles["hand"], piles["deck"] = plain[:n], rest
    state.cache.clear()
    assert GAME.legal_actions(state, defender) == [Action(defender, "no_more_cards")]
    assert GAME.view(state, attacker) == seen
    # with an empty hand there is nothing to hide, and nothing to ask
    piles["deck"] += piles["hand"]
    piles["hand"] = []
    state.cache.clear()
    assert GAME.active_sides(state) != [defender] or not _defender_asked(state)
