"""Undo works inside one side's segment and is cleared by rolls, reveals and side changes."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from hexfront.engine.dice import Dice
from hexfront.engine.errors import IllegalAction
from hexfront.engine.events import JSON, REVEAL, Event
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action, OptionInfo, Result, ScenarioInfo


@dataclass
class Tally:
    side: str = "a"
    count: int = 0
    secret: int = 42
    dice: Dice = field(default_factory=lambda: Dice(1))
    log: list[Event] = field(default_factory=list)
    done: bool = False


class TallyGame:
    """Side "a" adds, rolls or reveals any number of times, then passes to "b", and so on."""

    name = "tally"
    title = "Tally"
    sides = ("a", "b")

    def scenarios(self) -> Sequence[ScenarioInfo]:
        return [ScenarioInfo("only", "Only", 1, "test", True)]

    def options(self) -> Sequence[OptionInfo]:
        return []

    def setup(self, scenario: str, options: Mapping[str, JSON], seed: int) -> Tally:
        return Tally(dice=Dice(seed))

    def view(self, state: Tally, side: str | None) -> dict[str, JSON]:
        return {"count": state.count}

    def legal_actions(self, state: Tally, side: str) -> list[Action]:
        if state.done or side != state.side:
            return []
        return [Action(side, v) for v in ("add", "roll", "reveal", "pass", "stop")]

    def apply(self, state: Tally, action: Action) -> list[Event]:
        start = len(state.log)
        if action.verb == "add":
            state.count += 1
        elif action.verb == "roll":
            state.count += state.dice.roll(1, "test", state.log)[0]
        elif action.verb == "reveal":
            state.log.append(Event(REVEAL, {"secret": state.secret}))
        elif action.verb == "pass":
            state.side = "b" if state.side == "a" else "a"
        else:
            state.done = True
        return state.log[start:]

    def active_sides(self, state: Tally) -> list[str]:
        return [] if state.done else [state.side]

    def is_over(self, state: Tally) -> bool:
        return state.done

    def result(self, state: Tally) -> Result | None:
        return Result(None, "draw") if state.done else None

    def to_json(self, state: Tally) -> dict[str, JSON]:
        return {"side": state.side, "count": state.count, "dice": state.dice.to_json()}

    def from_json(self, obj: Mapping[str, Any]) -> Tally:
        return Tally(side=obj["side"], count=obj["count"], dice=Dice.from_json(obj["dice"]))

    def clone(self, state: Tally) -> Tally:
        return copy.deepcopy(state)


def new_match() -> Match[Tally]:
    return Match(TallyGame(), "only", {}, 5)


def test_undo_steps_back_within_a_segment() -> None:
    m = new_match()
    start = m.hash()
    m.act(Action("a", "add"))
    m.act(Action("a", "add"))
    assert m.state.count == 2
    assert m.can_undo("a")
    assert not m.can_undo("b")
    m.undo("a")
    assert m.state.count == 1
    m.undo("a")
    assert m.hash() == start
    assert m.record.actions == []
    assert not m.can_undo("a")


def test_roll_clears_undo() -> None:
    m = new_match()
    m.act(Action("a", "add"))
    m.act(Action("a", "roll"))
    assert not m.can_undo("a")
    with pytest.raises(IllegalAction, match="nothing to undo"):
        m.undo("a")
    m.act(Action("a", "add"))
    assert m.can_undo("a")  # a new segment of undoable actions starts after the roll


def test_reveal_clears_undo() -> None:
    m = new_match()
    m.act(Action("a", "add"))
    m.act(Action("a", "reveal"))
    assert not m.can_undo("a")


def test_change_of_side_clears_undo() -> None:
    m = new_match()
    m.act(Action("a", "add"))
    m.act(Action("a", "pass"))
    assert not m.can_undo("a")
    assert not m.can_undo("b")
    with pytest.raises(IllegalAction):
        m.undo("b")
