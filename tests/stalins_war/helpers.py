"""Shared helpers of the Stalin's War rules tests."""

from __future__ import annotations

import random
from collections.abc import Callable

from hexfront.engine.protocol import Action
from hexfront.engine.sequence import Decision, Frame
from hexfront.games.stalins_war.game import StalinsWar
from hexfront.games.stalins_war.machine import MACHINE
from hexfront.games.stalins_war.rules.movement import movement_vars
from hexfront.games.stalins_war.state import SwState

GAME = StalinsWar()


def new(scenario: str = "tournament", seed: int = 1) -> SwState:
    return GAME.setup(scenario, {}, seed)


def movement(state: SwState, side: str, ops: int = 0, zero: bool = False) -> Decision:
    """Stand ``state`` at a movement round of ``side`` (the rest of the stack dropped)."""
    state.stack = [Frame("movement", dict(movement_vars(state, side, ops, zero)))]
    state.cache.clear()
    decision = MACHINE.advance(state)
    assert decision is not None
    return decision


def round_of(state: SwState, side: str, turn: int, ar: int) -> Decision:
    """Stand ``state`` at ``side``'s action round ``ar`` of ``turn``."""
    state.turn, state.ar = turn, ar
    state.stack = [Frame("action_round", {"side": side})]
    state.cache.clear()
    decision = MACHINE.advance(state)
    assert decision is not None
    return decision


def act(state: SwState, action: Action) -> Decision | None:
    state.cache.clear()
    return MACHINE.act(state, action)


def play_until(
    state: SwState, stop: Callable[[SwState], bool], seed: int = 0, limit: int = 20_000
) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if stop(state) or GAME.is_over(state):
            return
        side = GAME.active_sides(state)[0]
        legal = GAME.legal_actions(state, side)
        GAME.apply(state, legal[rng.randrange(len(legal))])
    raise AssertionError("the stop condition never came")


def hidden_shuffled(s: SwState, side: str, seed: int) -> SwState:
    """The same game with ``side``'s hand and deck dealt differently (same sizes)."""
    other = s.clone()
    hidden = other.piles[side]["hand"] + other.piles[side]["deck"]
    random.Random(seed).shuffle(hidden)
    n = len(other.piles[side]["hand"])
    other.piles[side]["hand"], other.piles[side]["deck"] = hidden[:n], hidden[n:]
    other.cache.clear()
    return other
