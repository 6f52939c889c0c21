"""The Stalin's War heuristic: legal moves only, from the view only, a game to its verdict, and
the card play it is written for (an event that matters, RP when its units are worn down)."""

from __future__ import annotations

import random

import pytest

from hexfront.ai.base import ByGame, RandomAgent, make_agent
from hexfront.ai.sw_heuristic import SwHeuristicAgent
from hexfront.ai.sw_ismcts import SwISMCTSAgent, determinize
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.stalins_war.state import AXIS, ON_MAP, SOVIET, SwState
from tests.stalins_war.helpers import GAME, hidden_shuffled, new, play_until


def _move_card(state: SwState, side: str, card: str, out: str) -> None:
    """Put ``card`` in ``side``'s hand in place of ``out`` (each goes where the other was)."""
    piles = state.piles[side]
    where = next(name for name, cards in piles.items() if card in cards)
    hand = piles["hand"]
    hand[hand.index(out)] = card
    piles[where][piles[where].index(card)] = out
    state.cache.clear()


def _axis_round(turn: int, seed: int = 4) -> SwState:
    state = new("tournament", seed)

    def at_round(s: SwState) -> bool:
        d = GAME.decision(s)
        return (
            d is not None
            and d.prompt.kind == "action_round"
            and d.prompt.side == AXIS
            and s.turn == turn
        )

    play_until(state, at_round, seed=seed)
    return state


def test_make_agent_dispatches_on_the_game_of_the_view() -> None:
    agent = make_agent("heuristic", 3)
    assert isinstance(agent, ByGame)
    state = new("tournament", 3)
    side = GAME.active_sides(state)[0]
    legal = GAME.legal_actions(state, side)
    assert agent.choose(GAME.view(state, side), legal) in legal
    assert isinstance(agent.agent_for("stalins_war"), SwHeuristicAgent)
    assert not isinstance(agent.agent_for("bite"), SwHeuristicAgent)


@pytest.mark.parametrize("side", [AXIS, SOVIET])
def test_only_legal_actions_and_only_from_the_view(side: str) -> None:
    """Two agents, one fed from the true game and one from the same game with the other
    side's hand and deck dealt differently, see equal views and so choose alike; every
    choice is among the legal actions."""
    seed = 5
    other = SOVIET if side == AXIS else AXIS
    match = Match(GAME, "tournament", {}, seed)
    agent, twin = SwHeuristicAgent(seed), SwHeuristicAgent(seed)
    rng = random.Random(seed)
    for _ in range(120):
        if match.is_over():
            break
        who = match.active_sides()[0]
        legal = match.legal_actions(who)
        if who != side:
            match.act(legal[rng.randrange(len(legal))])
            continue
        view = match.view(side)
        shadow = GAME.view(hidden_shuffled(match.state, other, seed), side)
        assert shadow == view
        chosen = agent.choose(view, legal)
        assert chosen in legal
        assert twin.choose(shadow, legal) == chosen
        match.act(chosen)


def test_a_short_game_reaches_its_verdict() -> None:
    match = Match(GAME, "tournament", {}, 1)
    agents = {SOVIET: SwHeuristicAgent(1), AXIS: RandomAgent(1)}
    while not match.is_over():
        who = match.active_sides()[0]
        legal = match.legal_actions(who)
        match.act(agents[who].choose(match.view(who), legal))
    result = match.result()
    assert result is not None
    assert result.winner == SOVIET


def test_it_plays_a_reinforcement_event_when_it_has_one() -> None:
    state = _axis_round(2)
    hand = state.piles[AXIS]["hand"]
    card = "A1"  # German Reinforcements (7.5.2)
    if card not in hand:
        _move_card(state, AXIS, card, hand[0])
    legal = GAME.legal_actions(state, AXIS)
    assert Action(AXIS, "play_event", {"card": card}) in legal
    chosen = SwHeuristicAgent(0).choose(GAME.view(state, AXIS), legal)
    assert chosen == Action(AXIS, "play_event", {"card": card})


def test_it_plays_for_rp_when_its_units_are_worn_down() -> None:
    state = _axis_round(2)
    plain = ["A21", "A12", "A11"]  # no event it values: Emergency Transfer, ...
    for card in plain:
        hand = state.piles[AXIS]["hand"]
        if card not in hand:
            swap = next(c for c in hand if c not in plain)
            _move_card(state, AXIS, card, swap)
    for card in [c for c in state.piles[AXIS]["hand"] if c not in plain]:
        state.piles[AXIS]["hand"].remove(card)
        state.piles[AXIS]["discard"].append(card)
    legal = GAME.legal_actions(state, AXIS)
    fresh = SwHeuristicAgent(0).choose(GAME.view(state, AXIS), legal)
    assert fresh.verb == "play_ops"  # whole units: the cards go to the offensive
    worn = 0
    for p in state.pieces.values():
        steps = state.world.units[p.uid].steps
        if p.side == AXIS and p.box == ON_MAP and len(steps) > 1 and p.step == 0 and worn < 9:
            p.step = 1
            worn += 1
    state.cache.clear()
    assert worn == 9
    legal = GAME.legal_actions(state, AXIS)
    chosen = SwHeuristicAgent(0).choose(GAME.view(state, AXIS), legal)
    assert chosen.verb == "play_rp"


# --- ISMCTS on Stalin's War ----------------------------------------------------------------


def _rounds(scenario: str, seed: int, count: int) -> list[SwState]:
    """Copies of a random game at its first ``count`` action rounds from turn 2."""
    state = new(scenario, seed)
    rng = random.Random(seed)
    found: list[SwState] = []
    while len(found) < count and not GAME.is_over(state):
        d = GAME.decision(state)
        assert d is not None
        if d.prompt.kind == "action_round" and state.turn >= 2:
            found.append(state.clone())
        GAME.apply(state, d.actions[rng.randrange(len(d.actions))])
    return found


def test_a_determinization_agrees_with_the_view_and_deals_the_hidden_cards() -> None:
    """The rebuilt game shows its side the very view it came from (the log aside) and offers
    the same actions; the other side's hand is dealt from the cards it may hold."""
    for state in _rounds("campaign", 9, 4):
        side = GAME.active_sides(state)[0]
        other = SOVIET if side == AXIS else AXIS
        view = GAME.view(state, side)
        hands = set()
        for k in range(3):
            sample = determinize(view, state.world, random.Random(k))
            again = GAME.view(sample, side)
            assert {key: val for key, val in again.items() if key != "log"} == {
                key: val for key, val in view.items() if key != "log"
            }
            assert GAME.legal_actions(sample, side) == GAME.legal_actions(state, side)
            hand = sample.piles[other]["hand"]
            assert len(hand) == len(state.piles[other]["hand"])
            assert not set(hand) & set(state.piles[other]["discard"])
            hands.add(tuple(sorted(hand)))
        assert len(hands) > 1  # dealt at random, not read from the game


def test_ismcts_plays_legal_moves_from_the_view_only() -> None:
    """ISMCTS, given only views, plays legal actions; at an action round a view of the same
    game with the other side's cards dealt differently leads to the same search."""
    match = Match(GAME, "tournament", {}, 6)
    agent = make_agent("ismcts", 6)
    agent.budget = 0.1  # type: ignore[attr-defined]
    helper = RandomAgent(6)
    searched = 0
    for _ in range(200):
        if match.is_over() or searched >= 2:
            break
        who = match.active_sides()[0]
        legal = match.legal_actions(who)
        view = match.view(who)
        if who == SOVIET:
            chosen = agent.choose(view, legal)
            assert chosen in legal
            if view["prompt"]["kind"] == "action_round":  # type: ignore[index]
                searched += 1
        else:
            chosen = helper.choose(view, legal)
        match.act(chosen)
    assert searched >= 2
    state = _rounds("tournament", 6, 1)[0]
    side = GAME.active_sides(state)[0]
    other = SOVIET if side == AXIS else AXIS
    legal = GAME.legal_actions(state, side)
    twins = [SwISMCTSAgent(2, budget=10.0, max_iterations=2) for _ in range(2)]
    view = GAME.view(state, side)
    shadow = GAME.view(hidden_shuffled(state, other, 4), side)
    assert shadow == view
    assert twins[0].choose(view, legal) == twins[1].choose(shadow, legal)
    assert twins[0].last_iterations == 2
