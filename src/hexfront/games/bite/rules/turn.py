"""Sequence of play (7.0): turns, the Axis then the Soviet phases, then victory.

```
game -> deploy (by hand only: soviet, axis)
     -> turn -> side (axis, soviet) -> supply, production, rail, movement, reaction,
                                        combat, blitz, final supply, exploitation
             -> victory
```
"""

from __future__ import annotations

from typing import TypedDict

from hexfront.engine.sequence import Frame, Machine, Procedure, Steps, calls

from ..state import AXIS, SOVIET, BiteState
from ..types import Side
from . import dated, deploy, persia, surrenders
from .basics import advanced
from .optional_rules import WEATHER, roll_variable_weather, rule_on

M = Machine[BiteState]


class GameProc(Procedure[BiteState]):
    """Deployment by hand when chosen (the Soviets first), then the turns."""

    name = "game"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        deploy.start_control(state)  # 1942-44: the Axis holds its side of the start line
        frame.vars["deploy"] = list(deploy.order(state)) if deploy.by_hand(state) else []

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        pending = frame.vars.get("deploy")
        if isinstance(pending, list) and pending:
            frame.vars["child"] = "deploy"
            m.call(state, "deploy", side=str(pending.pop(0)))
            return
        frame.vars["child"] = "turn"
        m.call(state, "turn")

    def resume(self, m: M, state: BiteState, frame: Frame, result: object) -> None:
        if frame.vars.get("child") == "turn":
            state.turn += 1


class TurnProc(Steps[BiteState]):
    """One month (7.0): the weather (advanced game, 9.0), then each player's phases."""

    name = "turn"
    steps = (
        ("axis", calls("side", side=AXIS)),  # 7.2-7.10: the Axis player's phases
        ("soviet", calls("side", side=SOVIET)),  # 7.2-7.10: the Soviet player's phases
        ("victory", calls("victory")),  # 7.11
    )

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        self.first_step(frame)
        state.weather = weather_of(state)
        state.emit("turn", turn=state.turn, weather=state.weather)
        dated.tech_breakthroughs(state)  # 3.13: the month's TECH breakthroughs
        surrenders.italy_surrender_roll(state)  # 36.0 (optional rule)
        persia.persia_joins(state)  # 37.0 (optional rule)


def weather_of(state: BiteState) -> str:
    """The basic game is played in good weather unless the weather option asks for the chart;
    the Advanced Game always reads the chart (9.0)."""
    if state.options.get("weather") != "chart" and not advanced(state):
        return "good"
    fixed = state.w.weather.get(state.turn, "good")
    if fixed != "variable":
        return fixed
    if rule_on(state, WEATHER):
        return roll_variable_weather(state)  # 39.0: light rain, never twice the same
    roll = state.dice.roll(1, "weather", state.log, by=SOVIET)[0]
    return "good" if roll <= 3 else "rain"  # 9.0


class SideVars(TypedDict):
    side: Side
    next: int  # the phase to play next (Steps.place)


class SideProc(Steps[BiteState]):
    """One player's phases, in order (7.0); each step is the procedure of that name."""

    name = "side"
    steps = (
        ("supply", calls("supply")),  # 7.2
        ("production", calls("production")),  # 7.3
        ("rail", calls("rail")),  # 7.4
        ("movement", calls("movement")),  # 7.5
        ("reaction", calls("reaction")),  # 7.6
        ("combat_phase", calls("combat_phase")),  # 7.7
        ("blitz", calls("blitz")),  # 7.8
        ("final_supply", calls("final_supply")),  # 7.9
        ("exploitation", calls("exploitation")),  # 7.10
    )

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        state.phasing = frame.typed(SideVars)["side"]
        self.first_step(frame)
        state.emit("side", side=state.phasing, turn=state.turn)


SIDE_PHASES = tuple(name for name, _ in SideProc.steps)  # the phases' procedures, in order
