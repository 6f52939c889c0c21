"""Skirmish: the smallest complete game on the engine contract.

It exists to exercise and document the kernel: hidden blocks, dice, reveals, a
sequence of play on the procedure stack, records and undo. Two sides each hold three
blocks of hidden strength on a 6x5 hex field. On its turn a side moves one block one
hex, or attacks an adjacent enemy block (both roll dice equal to strength; hits on 5-6
reduce the other; the attacked block is revealed), or passes. Six rounds, then the side
with more total strength wins.

>>> game = Skirmish()
>>> state = game.setup("standard", {}, seed=3)
>>> game.active_sides(state)
['red']
>>> "strength" in str(game.view(state, "blue")["blocks"]["r1"])
False
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .dice import Dice
from .errors import UnknownGame
from .events import JSON, REVEAL, Event
from .hexgrid import HexGrid
from .protocol import Action, OptionInfo, Prompt, Result, ScenarioInfo
from .sequence import Decision, Frame, Machine, Procedure

GRID = HexGrid(6, 5)
SIDES = ("red", "blue")
START = {
    "r1": ("red", "0102", 3),
    "r2": ("red", "0103", 2),
    "r3": ("red", "0104", 1),
    "b1": ("blue", "0602", 1),
    "b2": ("blue", "0603", 3),
    "b3": ("blue", "0604", 2),
}


@dataclass
class Block:
    side: str
    hex: int
    strength: int
    revealed: bool = False


@dataclass
class SkirmishState:
    rounds: int
    round: int = 1
    blocks: dict[str, Block] = field(default_factory=dict)
    dice: Dice = field(default_factory=lambda: Dice(0))
    stack: list[Frame] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)


class RoundProc(Procedure[SkirmishState]):
    """One round: red then blue take a turn each."""

    name = "round"

    def begin(self, m: Machine[SkirmishState], state: SkirmishState, frame: Frame) -> None:
        frame.vars["next"] = 0

    def run(self, m: Machine[SkirmishState], state: SkirmishState, frame: Frame) -> None:
        i = int(frame.vars["next"])
        if i < len(SIDES) and _alive(state, SIDES[i]) and _alive(state, SIDES[1 - i]):
            frame.vars["next"] = i + 1
            m.call(state, "side_turn", side=SIDES[i])
        elif state.round >= state.rounds or not all(_alive(state, s) for s in SIDES):
            m.abort(state)
        else:
            state.round += 1
            m.goto(state, "round")


class SideTurn(Procedure[SkirmishState]):
    name = "side_turn"

    def decision(
        self, m: Machine[SkirmishState], state: SkirmishState, frame: Frame
    ) -> Decision | None:
        side = str(frame.vars["side"])
        return Decision(Prompt(side, "turn", "Move, attack or pass."), _choices(state, side))

    def act(
        self, m: Machine[SkirmishState], state: SkirmishState, frame: Frame, action: Action
    ) -> None:
        if action.verb == "move":
            block = state.blocks[str(action.args["block"])]
            block.hex = GRID.from_map_id(str(action.args["to"]))
            state.log.append(Event("move", {"side": action.side}))
        elif action.verb == "attack":
            _battle(state, str(action.args["block"]), str(action.args["target"]))
        m.end(state)


def _alive(state: SkirmishState, side: str) -> bool:
    return any(b.side == side for b in state.blocks.values())


def _choices(state: SkirmishState, side: str) -> list[Action]:
    occupied = {b.hex: b for b in state.blocks.values()}
    out = [Action(side, "pass")]
    for name, block in sorted(state.blocks.items()):
        if block.side != side:
            continue
        for n in GRID.neighbors[block.hex]:
            other = occupied.get(n)
            if other is None:
                out.append(Action(side, "move", {"block": name, "to": GRID.map_id(n)}))
            elif other.side != side:
                target = next(k for k, v in state.blocks.items() if v is other)
                out.append(Action(side, "attack", {"block": name, "target": target}))
    return out


def _battle(state: SkirmishState, attacker: str, target: str) -> None:
    a, d = state.blocks[attacker], state.blocks[target]
    d.revealed = True
    state.log.append(Event(REVEAL, {"block": target, "strength": d.strength}))
    hits_on_d = sum(v >= 5 for v in state.dice.roll(a.strength, "attack", state.log, by=a.side))
    hits_on_a = sum(v >= 5 for v in state.dice.roll(d.strength, "defence", state.log, by=d.side))
    d.strength -= hits_on_d
    a.strength -= hits_on_a
    for name in (attacker, target):
        if state.blocks[name].strength <= 0:
            del state.blocks[name]
            state.log.append(Event("eliminated", {"block": name}))


MACHINE: Machine[SkirmishState] = Machine([RoundProc(), SideTurn()], stack_of=lambda s: s.stack)


class Skirmish:
    """The example game, implementing :class:`hexfront.engine.protocol.Game`."""

    name = "skirmish"
    title = "Skirmish (engine example)"
    sides = SIDES

    def scenarios(self) -> Sequence[ScenarioInfo]:
        return [ScenarioInfo("standard", "Standard", 6, "example", True)]

    def options(self) -> Sequence[OptionInfo]:
        return [OptionInfo("rounds", 6, "number of rounds", (2, 4, 6, 8))]

    def setup(self, scenario: str, options: Mapping[str, JSON], seed: int) -> SkirmishState:
        if scenario != "standard":
            raise UnknownGame(f"skirmish has no scenario {scenario!r}")
        rounds = int(options.get("rounds", 6))
        state = SkirmishState(rounds=rounds, dice=Dice(seed))
        for name, (side, hex_id, strength) in START.items():
            state.blocks[name] = Block(side, GRID.from_map_id(hex_id), strength)
        MACHINE.start(state, "round")
        MACHINE.advance(state)
        return state

    def view(self, state: SkirmishState, side: str | None) -> dict[str, JSON]:
        blocks: dict[str, JSON] = {}
        for name, b in state.blocks.items():
            entry: dict[str, JSON] = {"side": b.side, "hex": GRID.map_id(b.hex)}
            if side is None or b.side == side or b.revealed:
                entry["strength"] = b.strength
            blocks[name] = entry
        decision = MACHINE.decision(state)
        prompt = decision.prompt if decision and decision.prompt.side == side else None
        return {
            "round": state.round,
            "blocks": blocks,
            "log": [e.to_json() for e in state.log if e.visible_to(side)],
            "prompt": prompt.to_json() if prompt else None,
        }

    def legal_actions(self, state: SkirmishState, side: str) -> list[Action]:
        decision = MACHINE.decision(state)
        if decision is None or decision.prompt.side != side:
            return []
        return decision.actions

    def apply(self, state: SkirmishState, action: Action) -> list[Event]:
        start = len(state.log)
        MACHINE.act(state, action)
        return state.log[start:]

    def active_sides(self, state: SkirmishState) -> list[str]:
        decision = MACHINE.decision(state)
        return [decision.prompt.side] if decision else []

    def is_over(self, state: SkirmishState) -> bool:
        return not state.stack

    def result(self, state: SkirmishState) -> Result | None:
        if state.stack:
            return None
        totals = {s: sum(b.strength for b in state.blocks.values() if b.side == s) for s in SIDES}
        if totals["red"] == totals["blue"]:
            return Result(None, "draw", dict.fromkeys(SIDES, 0.5))
        winner = max(SIDES, key=lambda s: totals[s])
        return Result(winner, f"{winner} wins", {s: float(s == winner) for s in SIDES})

    def to_json(self, state: SkirmishState) -> dict[str, JSON]:
        return {
            "rounds": state.rounds,
            "round": state.round,
            "blocks": {
                k: [b.side, b.hex, b.strength, b.revealed] for k, b in sorted(state.blocks.items())
            },
            "dice": state.dice.to_json(),
            "stack": [f.to_json() for f in state.stack],
            "log": [e.to_json() for e in state.log],
        }

    def from_json(self, obj: Mapping[str, Any]) -> SkirmishState:
        return SkirmishState(
            rounds=int(obj["rounds"]),
            round=int(obj["round"]),
            blocks={
                k: Block(str(v[0]), int(v[1]), int(v[2]), bool(v[3]))
                for k, v in obj["blocks"].items()
            },
            dice=Dice.from_json(obj["dice"]),
            stack=[Frame.from_json(f) for f in obj["stack"]],
            log=[Event.from_json(e) for e in obj["log"]],
        )

    def clone(self, state: SkirmishState) -> SkirmishState:
        return copy.deepcopy(state)
