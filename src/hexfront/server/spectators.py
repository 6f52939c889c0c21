"""What a spectator may see: the public view, and the full game when the creator allows it.

* The public view is what every side sees: the common part of all the sides' views
  (:func:`common_view`). Each side's view is free of the other sides' hidden identities
  (that is the game's fog of war, which the leak tests check), so whatever all of them
  share names no hidden block of any side; the dice to come are in no view at all.
* The full game (``game.view(state, None)``) is shown to spectators only if the creator
  chose so: ``end`` (once the game is over) or ``delayed`` (the newest state at least
  ``delay`` turns behind the current one, and everything once it is over). A turn is
  the game's state attribute ``turn`` (or ``round``); a game without one offers
  ``public`` and ``end`` only.

No dependency on the rest of the server: ``live.py`` builds the spectator's payload
from these.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Game, canonical_json

MODES = ("public", "end", "delayed")
# The key of the spectators' payload and sockets among a game's seats ("" is no side).
SPECTATOR = ""


def common_view(views: Sequence[JSON]) -> JSON:
    """The part that every one of ``views`` holds: objects keep the keys all of them have
    (with the common part of their values; a value that differs becomes ``null``),
    lists of one length are taken item by item, other lists keep the items every view
    has, and other values are kept only where all are equal. Nothing in the result comes
    from fewer than all the views."""
    first, rest = views[0], views[1:]
    if not rest:
        return first
    if isinstance(first, dict) and all(isinstance(v, dict) for v in rest):
        dicts = [v for v in rest if isinstance(v, dict)]
        return {
            key: common_view([value, *(d[key] for d in dicts)])
            for key, value in first.items()
            if all(key in d for d in dicts)
        }
    if isinstance(first, list) and all(isinstance(v, list) for v in rest):
        lists = [v for v in rest if isinstance(v, list)]
        if all(len(v) == len(first) for v in lists):
            return [common_view([item, *(v[i] for v in lists)]) for i, item in enumerate(first)]
        return _common_items(first, lists)
    if isinstance(first, dict | list) or any(isinstance(v, dict | list) for v in rest):
        return None
    if all(type(v) is type(first) and v == first for v in rest):
        return first
    return None


def _common_items(first: list[JSON], others: Sequence[list[JSON]]) -> list[JSON]:
    """The items of ``first`` (in order) that every other list holds as well, as many
    times as the one that holds them least."""
    counts = []
    for other in others:
        seen: dict[str, int] = {}
        for item in other:
            key = canonical_json(item)
            seen[key] = seen.get(key, 0) + 1
        counts.append(seen)
    out: list[JSON] = []
    for item in first:
        key = canonical_json(item)
        if all(seen.get(key, 0) > 0 for seen in counts):
            for seen in counts:
                seen[key] -= 1
            out.append(item)
    return out


def turn_of(state: Any) -> int | None:
    """The game turn of a state: its ``turn`` (or ``round``) attribute, if a number."""
    for name in ("turn", "round"):
        value = getattr(state, name, None)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


class Delayed:
    """The full game some turns behind: a replay of the log kept by the live game and
    moved forward as the game goes on (each action is replayed about twice in all: once
    to learn the turn after it, once to bring the delayed state to it)."""

    def __init__(self, game: Game[Any], scenario: str, options: dict[str, JSON], seed: int):
        self.game = game
        self.setup = (scenario, options, seed)
        self.seen: list[Action] = []  # the actions the scout replayed
        self.turns: list[int] = []  # the turn after i of them, i = 0 .. len(seen)
        self.scout: Any = None  # the state after ``seen``
        self.state: Any = None  # the delayed state, after ``at`` actions
        self.at = -1
        self.full: tuple[int, dict[str, JSON]] | None = None  # (at, its full view)

    def _fresh(self) -> Any:
        return self.game.setup(*self.setup)

    def _learn_turns(self, actions: Sequence[Action]) -> None:
        # Actions undone since (the log's own objects differ from those replayed): the
        # states past them are wrong, and a state cannot go back, so they start afresh.
        common = 0
        for seen, action in zip(self.seen, actions, strict=False):
            if seen is not action:
                break
            common += 1
        if common < len(self.seen):
            self.scout = None
        if self.at > common:
            self.state, self.full = None, None
        if self.scout is None:
            self.scout, self.seen = self._fresh(), []
            self.turns = [turn_of(self.scout) or 0]
        for action in actions[len(self.seen) :]:
            self.game.apply(self.scout, action)
            self.seen.append(action)
            self.turns.append(turn_of(self.scout) or 0)

    def view(
        self, actions: Sequence[Action], delay: int
    ) -> tuple[int, int, dict[str, JSON]] | None:
        """``(seq, turn, full view)`` of the newest state at least ``delay`` turns behind
        the state after ``actions``; ``None`` while there is none."""
        self._learn_turns(actions)
        target = self.turns[len(actions)] - delay
        seq = None
        for i, turn in enumerate(self.turns[: len(actions) + 1]):
            if turn <= target:
                seq = i
            else:
                break
        if seq is None:
            return None
        if self.full is not None and self.full[0] == seq:
            return seq, self.turns[seq], self.full[1]
        if self.state is None or self.at > seq:
            self.state, self.at = self._fresh(), 0
        for action in actions[self.at : seq]:
            self.game.apply(self.state, action)
        self.at = seq
        self.full = (seq, self.game.view(self.state, None))
        return seq, self.turns[seq], self.full[1]
