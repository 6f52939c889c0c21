"""A game in progress: the state, its record, legality checks, and undo.

:class:`Match` is what the CLI and the server hold. It refuses illegal input without
touching the state, appends every accepted action to the record, and offers undo
within one side's segment: the undo stack is cleared by any die roll, any reveal of
hidden information (``events.closes_undo``), and any change of the side to move.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Generic, TypeVar

from hexfront.i18n import _

from .errors import IllegalAction, NotYourTurn
from .events import JSON, Event, closes_undo
from .protocol import Action, DescribesActions, Game, PositionGame, Result, is_listed
from .records import GameRecord, replay, state_hash

S = TypeVar("S")


def side_words(side: str) -> str:
    """A side key as players write it ("axis" -> "Axis", "red_army" -> "Red Army")."""
    return side.replace("_", " ").title()


def side_said(side: str) -> str:
    """A side in the player's language where a catalogue has its word ("Axis" -> "Asse"),
    with a capital letter."""
    word = _(side_words(side))
    return word[:1].upper() + word[1:]


class Match(Generic[S]):
    """One game, its record and its undo stack."""

    def __init__(
        self,
        game: Game[S],
        scenario: str,
        options: Mapping[str, JSON] | None = None,
        seed: int = 0,
    ) -> None:
        self.game = game
        given = dict(options or {})
        # A game may name in its record what a preset of options stood for (BITE's optional
        # rules), so that the record replays the same game under a later version.
        pin = getattr(game, "pinned_options", None)
        recorded: dict[str, JSON] = dict(pin(scenario, given)) if callable(pin) else given
        self.record = GameRecord(game.name, scenario, recorded, seed)
        self.state: S = game.setup(scenario, self.record.options, seed)
        self._undo: list[S] = []
        self._undo_side: str | None = None

    @classmethod
    def from_position(cls, game: Game[S], position: Mapping[str, JSON]) -> Match[S]:
        """A game that starts from a position instead of a scenario's setup; its record
        carries the position, so it replays like any other."""
        if not isinstance(game, PositionGame):
            raise IllegalAction(_("{game} games cannot start from a position", game=game.name))
        state: S = game.setup_position(position)
        scenario, options, seed = game.position_origin(state)
        match = cls.__new__(cls)
        match.game = game
        match.record = GameRecord(game.name, scenario, options, seed, position=dict(position))
        match.state = state
        match._undo = []
        match._undo_side = None
        return match

    @classmethod
    def from_record(cls, game: Game[S], record: GameRecord) -> Match[S]:
        match = cls.__new__(cls)
        match.game = game
        match.record = GameRecord(
            record.game, record.scenario, dict(record.options), record.seed, list(record.actions)
        )
        match.state = replay(game, record)
        match._undo = []
        match._undo_side = None
        return match

    # --- reading -------------------------------------------------------------------------

    def view(self, side: str | None) -> dict[str, JSON]:
        return self.game.view(self.state, side)

    def legal_actions(self, side: str) -> Sequence[Action]:
        return self.game.legal_actions(self.state, side)

    def active_sides(self) -> list[str]:
        return self.game.active_sides(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def result(self) -> Result | None:
        return self.game.result(self.state)

    def hash(self) -> str:
        return state_hash(self.game, self.state)

    # --- acting --------------------------------------------------------------------------

    def act(self, action: Action) -> list[Event]:
        """Apply a legal action. Illegal input raises and leaves everything unchanged."""
        if action.side not in self.game.sides:
            raise IllegalAction(_("unknown side {side}", side=repr(action.side)))
        if action.side not in self.active_sides():
            raise NotYourTurn(
                _(
                    "it is not the {side} player's turn to act",
                    side=side_said(action.side),
                )
            )
        if not is_listed(action, self.legal_actions(action.side)):
            raise IllegalAction(_("{action} is not a legal action now", action=self._said(action)))
        before = self.game.clone(self.state)
        try:
            events = self.game.apply(self.state, action)
        except Exception:
            self.state = before  # a rules bug must not leave a half-applied action
            raise
        self.record.actions.append(action)
        self._track_undo(before, action.side, events)
        return events

    def _track_undo(self, before: S, side: str, events: list[Event]) -> None:
        if any(closes_undo(e, side) for e in events):
            self._undo.clear()  # dice, reveals and what the enemy's blocks showed stay known
            self._undo_side = None
            return
        if self._undo_side != side:
            self._undo.clear()
        self._undo.append(before)
        self._undo_side = side
        if self.active_sides() != [side]:
            self._undo.clear()  # the turn passed to someone else
            self._undo_side = None

    def _said(self, action: Action) -> str:
        """An action in the game's words where it has them (players read errors too)."""
        if isinstance(self.game, DescribesActions):
            try:
                return f'"{self.game.describe_action(action)}"'
            except (KeyError, TypeError, ValueError):
                pass  # args the game cannot read: the verb alone
        return f'"{action.verb.replace("_", " ")}"'

    def can_undo(self, side: str) -> bool:
        return bool(self._undo) and self._undo_side == side

    def undo(self, side: str) -> None:
        if not self.can_undo(side):
            raise IllegalAction(_("the {side} player has nothing to undo", side=side_said(side)))
        self.state = self._undo.pop()
        self.record.actions.pop()
        if not self._undo:
            self._undo_side = None
