"""Sequence of play (7.0): turns, the Axis then the Soviet phases, then victory.

```
game -> deploy (by hand only: soviet, axis)
     -> turn -> side (axis, soviet) -> supply, production, rail, movement, reaction,
                                        combat, blitz, final supply, exploitation
             -> victory
```
"""

from __future__ import annotations

from hexfront.engine.sequence import Frame, Machine, Procedure

from ..state import AXIS, SOVIET, BiteState
from ..types import side_of
from . import deploy

M = Machine[BiteState]

SIDE_PHASES = (
    "supply",  # 7.2
    "production",  # 7.3
    "rail",  # 7.4
    "movement",  # 7.5
    "reaction",  # 7.6
    "combat_phase",  # 7.7
    "blitz",  # 7.8
    "final_supply",  # 7.9
    "exploitation",  # 7.10
)


class GameProc(Procedure[BiteState]):
    """Deployment by hand when chosen (the Soviets first), then the turns."""

    name = "game"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        frame.vars["deploy"] = list(deploy.ORDER) if deploy.by_hand(state) else []

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


class TurnProc(Procedure[BiteState]):
    """One month: weather (advanced game), Axis phases, Soviet phases, victory (7.0)."""

    name = "turn"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        frame.vars["next"] = 0
        state.weather = weather_of(state)
        state.emit("turn", turn=state.turn, weather=state.weather)

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        i = int(frame.vars["next"])
        frame.vars["next"] = i + 1
        if i == 0:
            m.call(state, "side", side=AXIS)
        elif i == 1:
            m.call(state, "side", side=SOVIET)
        elif i == 2:
            m.call(state, "victory")
        else:
            m.end(state)


def weather_of(state: BiteState) -> str:
    """The basic game is played in good weather; the weather option uses the chart (9.0)."""
    if state.options.get("weather") != "chart":
        return "good"
    fixed = state.w.weather.get(state.turn, "good")
    if fixed != "variable":
        return fixed
    roll = state.dice.roll(1, "weather", state.log, by=SOVIET)[0]
    return "good" if roll <= 3 else "rain"  # 9.0


class SideProc(Procedure[BiteState]):
    name = "side"

    def begin(self, m: M, state: BiteState, frame: Frame) -> None:
        state.phasing = side_of(frame.vars["side"])
        frame.vars["next"] = 0
        state.emit("side", side=state.phasing, turn=state.turn)

    def run(self, m: M, state: BiteState, frame: Frame) -> None:
        i = int(frame.vars["next"])
        if i >= len(SIDE_PHASES):
            m.end(state)
            return
        frame.vars["next"] = i + 1
        m.call(state, SIDE_PHASES[i])
