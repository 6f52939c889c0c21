"""The procedure stack can express turn -> side -> phase -> step -> round and pause."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from hexfront.engine.errors import IllegalAction, RulesError
from hexfront.engine.events import JSON
from hexfront.engine.protocol import Action, Prompt
from hexfront.engine.sequence import Decision, Frame, Machine, Procedure


@dataclass
class Toy:
    stack: list[Frame] = field(default_factory=list)
    trace: list[str] = field(default_factory=list)


class Turn(Procedure[Toy]):
    name = "turn"

    def begin(self, m: Machine[Toy], s: Toy, f: Frame) -> None:
        f.vars["sides"] = ["axis", "soviet"]

    def run(self, m: Machine[Toy], s: Toy, f: Frame) -> None:
        sides = f.vars["sides"]
        assert isinstance(sides, list)
        if sides:
            m.call(s, "side", side=sides.pop(0))
        elif int(f.vars["turn"]) < 2:
            m.goto(s, "turn", turn=int(f.vars["turn"]) + 1)
        else:
            m.end(s)


class Side(Procedure[Toy]):
    name = "side"

    def begin(self, m: Machine[Toy], s: Toy, f: Frame) -> None:
        f.vars["phases"] = ["move", "combat"]

    def run(self, m: Machine[Toy], s: Toy, f: Frame) -> None:
        phases = f.vars["phases"]
        assert isinstance(phases, list)
        if phases:
            m.call(s, phases.pop(0), side=f.vars["side"])
        else:
            m.end(s)


class Move(Procedure[Toy]):
    name = "move"

    def decision(self, m: Machine[Toy], s: Toy, f: Frame) -> Decision | None:
        side = str(f.vars["side"])
        return Decision(Prompt(side, "move", "move or stop"), [Action(side, "stop")])

    def act(self, m: Machine[Toy], s: Toy, f: Frame, a: Action) -> None:
        s.trace.append(f"{a.side} moved")
        m.end(s)


class Combat(Procedure[Toy]):
    name = "combat"

    def run(self, m: Machine[Toy], s: Toy, f: Frame) -> None:
        rounds = int(f.vars.get("rounds", 0))
        if rounds < 2:
            f.vars["rounds"] = rounds + 1
            m.call(s, "round", n=rounds + 1)
        else:
            m.end(s, "battle over")

    def resume(self, m: Machine[Toy], s: Toy, f: Frame, result: JSON) -> None:
        s.trace.append(f"round returned {result}")


class Round(Procedure[Toy]):
    name = "round"

    def run(self, m: Machine[Toy], s: Toy, f: Frame) -> None:
        m.end(s, f.vars["n"])


def machine() -> Machine[Toy]:
    return Machine([Turn(), Side(), Move(), Combat(), Round()], stack_of=lambda s: s.stack)


def test_nested_sequence_pauses_for_each_decision() -> None:
    m = machine()
    toy = Toy()
    m.start(toy, "turn", turn=1)
    decisions = []
    d = m.advance(toy)
    while d is not None:
        decisions.append(d.prompt.side)
        d = m.act(toy, d.actions[0])
    assert decisions == ["axis", "soviet", "axis", "soviet"]
    assert toy.trace.count("round returned 1") == 4
    assert toy.trace.count("round returned 2") == 4
    assert not toy.stack


def test_stack_survives_serialisation_mid_turn() -> None:
    m = machine()
    toy = Toy()
    m.start(toy, "turn", turn=1)
    m.advance(toy)
    saved = [f.to_json() for f in toy.stack]
    restored = Toy(stack=[Frame.from_json(f) for f in saved])
    d = m.decision(restored)
    assert d is not None
    assert d.prompt.side == "axis"
    assert [f.proc for f in restored.stack] == ["turn", "side", "move"]


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    m = machine()
    toy = Toy()
    m.start(toy, "turn", turn=1)
    m.advance(toy)
    before = [f.to_json() for f in toy.stack]
    with pytest.raises(IllegalAction):
        m.act(toy, Action("soviet", "stop"))
    assert [f.to_json() for f in toy.stack] == before


def test_a_procedure_that_does_not_move_the_stack_is_a_rules_error() -> None:
    class Stuck(Procedure[Toy]):
        name = "stuck"

        def run(self, m: Machine[Toy], s: Toy, f: Frame) -> None:
            pass

    m = Machine([Stuck()], stack_of=lambda s: s.stack)
    toy = Toy()
    m.start(toy, "stuck")
    with pytest.raises(RulesError, match="without moving"):
        m.advance(toy)


def test_unknown_and_duplicate_procedures_are_rejected() -> None:
    with pytest.raises(RulesError, match="two procedures"):
        Machine([Round(), Round()], stack_of=lambda s: s.stack)
    m = machine()
    with pytest.raises(RulesError, match="no procedure"):
        m.start(Toy(), "nonsense")
