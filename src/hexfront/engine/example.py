"""Skirmish: the smallest complete game on the engine contract.

It exists to exercise and document the kernel: hidden blocks, dice, reveals, a
sequence of play on the procedure stack, records and undo. Two sides each hold three
blocks of hidden strength on a 6x5 hex field. On its turn a side moves one block one
hex, or attacks an adjacent enemy block (both blocks are revealed, both roll dice equal
to strength, hits on 5-6 reduce the other), or passes. Six rounds, then the side
with more total strength wins.

Like the blocks of a real block game, each block has a secret identity (its name and
strength). The opponent sees only an opaque handle, the owner's colour and the position,
until a battle reveals the block. Block ids never reach the opponent, because an id
would identify the block.

>>> game = Skirmish()
>>> state = game.setup("standard", {}, seed=3)
>>> game.active_sides(state)
['red']
>>> seen_by_blue = str(game.view(state, "blue"))
>>> "Guards" in seen_by_blue or "red-a" in seen_by_blue
False
>>> sorted(game.hidden_tokens(state, "blue"))[:3]
['Guards', 'Militia', 'Rifles']
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hexfront.i18n import N_, _, _n

from .dice import Dice
from .errors import UnknownGame
from .events import JSON, REVEAL, ROLL, Event
from .hexgrid import HexGrid
from .protocol import Action, OptionInfo, Prompt, Result, ScenarioInfo
from .sequence import Decision, Frame, Machine, Procedure

GRID = HexGrid(6, 5)
SIDES = ("red", "blue")
#: The one prompt of the game; the view keeps it in English, ``prompt_words`` says it.
TURN_PROMPT = N_("Move, attack or pass.")
#: The sides as players read them (translated where read, through ``_``).
SIDE_WORDS = {"red": N_("Red"), "blue": N_("Blue")}
START = {
    "red-a": ("red", "Guards", "0102", 3),
    "red-b": ("red", "Rifles", "0103", 2),
    "red-c": ("red", "Militia", "0104", 1),
    "blue-a": ("blue", "Landwehr", "0602", 1),
    "blue-b": ("blue", "Panzer", "0603", 3),
    "blue-c": ("blue", "Jaeger", "0604", 2),
}


@dataclass
class Block:
    side: str
    name: str
    hex: int
    strength: int
    handle: str
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
        return Decision(Prompt(side, "turn", TURN_PROMPT), _choices(state, side))

    def act(
        self, m: Machine[SkirmishState], state: SkirmishState, frame: Frame, action: Action
    ) -> None:
        if action.verb == "move":
            block = state.blocks[str(action.args["block"])]
            block.hex = GRID.from_map_id(str(action.args["to"]))
            state.log.append(Event("move", {"side": action.side}))
        elif action.verb == "attack":
            target = next(k for k, b in state.blocks.items() if b.handle == action.args["target"])
            _battle(state, str(action.args["block"]), target)
        m.end(state)


def _block_seen(key: str, view: dict[str, JSON] | None, *, by_id: bool) -> tuple[str | None, str]:
    """The name (None while hidden from the reader) and hex of a block of ``view``, found
    by its id (the reader's own blocks) or by its handle (the enemy's)."""
    blocks = view.get("blocks") if view else None
    if isinstance(blocks, dict):
        for handle, entry in blocks.items():
            if isinstance(entry, dict) and (entry.get("id") if by_id else handle) == key:
                name = entry.get("name")
                return (name if isinstance(name, str) else None), str(entry.get("hex", "?"))
    return None, "?"


def _side(side: object) -> str:
    """A side as players read it, in their language ("red" -> "Rosso")."""
    word = SIDE_WORDS.get(str(side))
    return _(word) if word else _("nobody")


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
                out.append(Action(side, "attack", {"block": name, "target": other.handle}))
    return out


def _battle(state: SkirmishState, attacker: str, target: str) -> None:
    a, d = state.blocks[attacker], state.blocks[target]
    for block in (a, d):  # both blocks are shown in a battle
        if not block.revealed:
            block.revealed = True
            data = {"handle": block.handle, "name": block.name, "strength": block.strength}
            state.log.append(Event(REVEAL, data))
    hits_on_d = sum(v >= 5 for v in state.dice.roll(a.strength, "attack", state.log, by=a.side))
    hits_on_a = sum(v >= 5 for v in state.dice.roll(d.strength, "defence", state.log, by=d.side))
    d.strength -= hits_on_d
    a.strength -= hits_on_a
    for key in (attacker, target):
        block = state.blocks[key]
        if block.strength <= 0:
            del state.blocks[key]
            state.log.append(Event("eliminated", {"handle": block.handle, "name": block.name}))


MACHINE: Machine[SkirmishState] = Machine([RoundProc(), SideTurn()], stack_of=lambda s: s.stack)


class Skirmish:
    """The example game, implementing :class:`hexfront.engine.protocol.Game`."""

    name = "skirmish"
    title = N_("Skirmish (engine example)")
    sides = SIDES

    def scenarios(self) -> Sequence[ScenarioInfo]:
        return [ScenarioInfo("standard", N_("Standard"), 6, "example", True)]

    def options(self) -> Sequence[OptionInfo]:
        return [OptionInfo("rounds", 6, N_("number of rounds"), (2, 4, 6, 8))]

    def setup(self, scenario: str, options: Mapping[str, JSON], seed: int) -> SkirmishState:
        if scenario != "standard":
            raise UnknownGame(f"skirmish has no scenario {scenario!r}")
        rounds = int(options.get("rounds", 6))
        state = SkirmishState(rounds=rounds, dice=Dice(seed))
        # Opaque handles in a seeded random order, so a handle says nothing of the block.
        handles = [f"k{i}" for i in range(len(START))]
        for i in range(len(handles) - 1, 0, -1):
            j = state.dice.below(i + 1)
            handles[i], handles[j] = handles[j], handles[i]
        for (key, (side, name, hex_id, strength)), handle in zip(
            START.items(), handles, strict=True
        ):
            state.blocks[key] = Block(side, name, GRID.from_map_id(hex_id), strength, handle)
        MACHINE.start(state, "round")
        MACHINE.advance(state)
        return state

    def view(self, state: SkirmishState, side: str | None) -> dict[str, JSON]:
        blocks: dict[str, JSON] = {}
        for key, b in sorted(state.blocks.items(), key=lambda kv: kv[1].handle):
            entry: dict[str, JSON] = {"side": b.side, "hex": GRID.map_id(b.hex)}
            if side is None or b.side == side or b.revealed:
                entry.update(name=b.name, strength=b.strength)
            if side is None or b.side == side:
                entry["id"] = key
            blocks[b.handle] = entry
        decision = MACHINE.decision(state)
        prompt = decision.prompt if decision and decision.prompt.side == side else None
        return {
            "round": state.round,
            "blocks": blocks,
            "log": [e.to_json() for e in state.log if e.visible_to(side)],
            "prompt": prompt.to_json() if prompt else None,
        }

    def hidden_tokens(self, state: SkirmishState, side: str) -> set[str]:
        """Strings that identify blocks ``side`` may not know: they must never reach it."""
        return {
            token
            for key, b in state.blocks.items()
            if b.side != side and not b.revealed
            for token in (key, b.name)
        }

    def legal_actions(self, state: SkirmishState, side: str) -> Sequence[Action]:
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

    # -- words for players (terminal play), in the language chosen (hexfront.i18n) ------------

    def describe_action(self, action: Action, view: dict[str, JSON] | None = None) -> str:
        """An action as the deciding side reads it: its own block by name, the enemy's by
        what that side may know of it (a revealed block's name, else "a hidden block")."""
        if action.verb == "pass":
            return _("pass")
        name, start = _block_seen(str(action.args.get("block", "")), view, by_id=True)
        own = name or _("a hidden block")
        if action.verb == "move":
            return _(
                "move {block} from {start} to {hex}",
                block=own,
                start=start,
                hex=action.args.get("to"),
            )
        enemy, where = _block_seen(str(action.args.get("target", "")), view, by_id=False)
        return _(
            "attack {target} in {hex} with {block}",
            target=enemy or _("a hidden block"),
            hex=where,
            block=own,
        )

    def log_line(self, event: dict[str, JSON], view: dict[str, JSON] | None = None) -> str:
        """A log event as one sentence, naming only what the reader may know."""
        kind = event.get("kind")
        data = event.get("data")
        data = data if isinstance(data, dict) else {}
        if kind == "move":
            return _("{side} moves a block", side=_side(data.get("side")))
        if kind == REVEAL:
            return _(
                "revealed: {name}, strength {strength}",
                name=data.get("name"),
                strength=data.get("strength"),
            )
        if kind == ROLL:
            dice = data.get("dice")
            faces = [str(v) for v in dice] if isinstance(dice, list) else []
            roller = _side(data.get("by"))
            if data.get("purpose") == "attack":
                return _n(
                    "{side} attacks with {n} die: {dice}",
                    "{side} attacks with {n} dice: {dice}",
                    len(faces),
                    side=roller,
                    dice=" ".join(faces) or "-",
                )
            return _n(
                "{side} defends with {n} die: {dice}",
                "{side} defends with {n} dice: {dice}",
                len(faces),
                side=roller,
                dice=" ".join(faces) or "-",
            )
        if kind == "eliminated":
            return _("{name} is eliminated", name=data.get("name"))
        return _("something happened that this game has no words for")

    def prompt_words(self, prompt: Mapping[str, JSON]) -> str:
        """The prompt of a view in the player's language."""
        text = prompt.get("text")
        return _(TURN_PROMPT) if text in (None, TURN_PROMPT) else str(text)

    def verdict_words(self, result: Mapping[str, JSON]) -> str:
        """The verdict in the player's language (the record keeps ``outcome`` in English)."""
        winner = result.get("winner")
        if isinstance(winner, str) and winner in SIDE_WORDS:
            return _("{side} wins: more strength left on the field", side=_side(winner))
        return _("A draw: both sides have the same strength left")

    def to_json(self, state: SkirmishState) -> dict[str, JSON]:
        return {
            "rounds": state.rounds,
            "round": state.round,
            "blocks": {
                k: [b.side, b.name, b.hex, b.strength, b.handle, b.revealed]
                for k, b in sorted(state.blocks.items())
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
                k: Block(str(v[0]), str(v[1]), int(v[2]), int(v[3]), str(v[4]), bool(v[5]))
                for k, v in obj["blocks"].items()
            },
            dice=Dice.from_json(obj["dice"]),
            stack=[Frame.from_json(f) for f in obj["stack"]],
            log=[Event.from_json(e) for e in obj["log"]],
        )

    def clone(self, state: SkirmishState) -> SkirmishState:
        return copy.deepcopy(state)
