"""Helpers for BITE rule tests: loaded dice, phase driving, quick positions."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from hexfront.engine.dice import Dice
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite.game import Bite
from hexfront.games.bite.state import BiteState, World

from .synthetic import game_for

PASS_VERBS = ("done", "end_ground", "stand")


def new_match(w: World, seed: int = 0, **options: object) -> Match[BiteState]:
    return Match(game_for(w), "TEST", dict(options), seed)


def pass_action(actions: Sequence[Action]) -> Action:
    for verb in PASS_VERBS:
        for a in actions:
            if a.verb == verb:
                return a
    return actions[0]


def drive(
    match: Match[BiteState], until: Callable[[Match[BiteState]], bool], limit: int = 500
) -> None:
    """Take the passive choice (done / end / stand, else the first) until ``until`` holds."""
    for _ in range(limit):
        if until(match) or match.is_over():
            return
        side = match.active_sides()[0]
        match.act(pass_action(match.legal_actions(side)))
    raise AssertionError("drive() did not reach the wanted point")


def at_prompt(kind: str, side: str | None = None) -> Callable[[Match[BiteState]], bool]:
    def check(m: Match[BiteState]) -> bool:
        game: Bite = m.game  # type: ignore[assignment]
        d = game.decision(m.state)
        return d is not None and d.prompt.kind == kind and (side is None or d.prompt.side == side)

    return check


def act(match: Match[BiteState], side: str, verb: str, **args: object) -> None:
    match.act(Action(side, verb, dict(args)))


def verbs(match: Match[BiteState], side: str) -> set[str]:
    return {a.verb for a in match.legal_actions(side)}


def args_of(match: Match[BiteState], side: str, verb: str, key: str) -> set[object]:
    return {a.args[key] for a in match.legal_actions(side) if a.verb == verb}


def move_targets(match: Match[BiteState], unit: str) -> set[str]:
    side = match.state.pieces[unit].side
    return {
        str(a.args["to"])
        for a in match.legal_actions(side)
        if a.verb == "move" and a.args["unit"] == unit
    }


def load(match: Match[BiteState], faces: Iterable[int]) -> Dice:
    """Load the game's own dice: these faces are rolled next, in order (``Dice.loaded``)."""
    match.state.dice.loaded = list(faces)
    return match.state.dice


def strengths(match: Match[BiteState]) -> Mapping[str, int]:
    s = match.state
    return {uid: s.strength(p) for uid, p in s.pieces.items() if p.status == "map"}


def sbe4_position(
    side: str,
    phase: str,
    units: Sequence[dict[str, Any]],
    dice: Sequence[int] = (),
    **extra: Any,
) -> Match[BiteState]:
    """A position on the real map: SBE4, July 1941 (turn 2), no later arrivals
    (``docs/positions.md``); ``extra`` sets any other field of the position."""
    from hexfront.games.bite.game import Bite

    return Match.from_position(
        _REAL.setdefault("game", Bite()),
        {
            "scenario": "SBE4",
            "turn": 2,
            "side": side,
            "phase": phase,
            "reinforcements": False,
            "unit": list(units),
            "dice": list(dice),
            **extra,
        },
    )


_REAL: dict[str, Any] = {}  # one real game object for every test that needs it
