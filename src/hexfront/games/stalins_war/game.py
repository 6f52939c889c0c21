"""Stalin's War as a hexfront game: setup (rule 25), view (fog of war), legal actions, apply."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hexfront.engine.dice import Dice
from hexfront.engine.errors import IllegalAction, UnknownGame
from hexfront.engine.events import JSON, Event
from hexfront.engine.protocol import Action, OptionInfo, Result, ScenarioInfo
from hexfront.engine.sequence import Decision
from hexfront.i18n import N_

from .machine import MACHINE
from .rules import control
from .rules.cards import deal
from .rules.options import check_options
from .rules.options import said as said_options
from .state import AXIS, ON_MAP, SIDES, SOVIET, Piece, SwState
from .world import World, load_world

PLAYABLE = N_(
    "playable in the terminal and in the browser: every rule and all 110 cards, both scenarios"
    " to the verdict"
)


class StalinsWar:
    """The Stalin's War game object (implements :class:`hexfront.engine.protocol.Game`)."""

    name = "stalins_war"
    title = "Stalin's War"
    sides: tuple[str, ...] = SIDES

    def world(self) -> World:
        return load_world()

    # --- catalogue -----------------------------------------------------------------------
    def scenarios(self) -> Sequence[ScenarioInfo]:
        """The scenarios, named and summed up in the reader's language (the catalogues)."""
        from .text import scenario_name, scenario_summary

        return tuple(
            ScenarioInfo(
                s.id, scenario_name(s.name), s.turns, "core", True, scenario_summary(s.summary)
            )
            for s in self.world().tables.scenarios.values()
        )

    def options(self) -> Sequence[OptionInfo]:
        """The options, their words in the reader's language."""
        return said_options()

    # --- the contract --------------------------------------------------------------------
    def setup(self, scenario: str, options: Mapping[str, JSON], seed: int) -> SwState:
        world = self.world()
        spec = world.tables.scenarios.get(scenario)
        if spec is None:
            known = ", ".join(world.tables.scenarios)
            raise UnknownGame(f"unknown scenario {scenario!r}; scenarios: {known}")
        opts = check_options(options)
        markers = world.setup.markers
        state = SwState(
            scenario=scenario,
            options=opts,
            seed=seed,
            dice=Dice(seed),
            last_turn=spec.turns,
            turn=markers.turn,
            vp=markers.vp,
            world=world,
        )
        for key in ("consecutive_ops", "banked_ops", "hand_limit"):
            target = getattr(state, key)
            for side in SIDES:
                value = markers.get(key, side)
                target[side] = value if value is not None else 0
        # 25: the units on the map; every other counter waits off the map
        placed = world.setup.placed()
        for uid, unit in world.units.items():
            piece = Piece(uid, AXIS if unit.side == AXIS else SOVIET)
            if uid in placed:
                piece.box, piece.at = ON_MAP, world.map.index(placed[uid])
            state.pieces[uid] = piece
        state.control = control.initial_control(state)
        deal(state)
        state.emit("setup", scenario=scenario, turn=state.turn)
        MACHINE.start(state, "game")
        MACHINE.advance(state)
        state.cache.clear()
        return state

    def decision(self, state: SwState) -> Decision | None:
        cache = state.cache
        if "decision" not in cache:
            cache["decision"] = MACHINE.decision(state)
        found: Decision | None = cache["decision"]
        return found

    def active_sides(self, state: SwState) -> list[str]:
        d = self.decision(state)
        return [d.prompt.side] if d else []

    def legal_actions(self, state: SwState, side: str) -> Sequence[Action]:
        d = self.decision(state)
        if d is None or d.prompt.side != side:
            return []
        return d.actions

    def apply(self, state: SwState, action: Action) -> list[Event]:
        start = len(state.log)
        d = self.decision(state)
        if d is None:
            raise IllegalAction("the game is over")
        if action.side != d.prompt.side:
            raise IllegalAction(f"it is {d.prompt.side}'s decision, not {action.side}'s")
        state.cache.clear()
        try:
            after = MACHINE.act(state, action, pending=d)
        finally:
            state.cache.clear()
        state.cache["decision"] = after
        return state.log[start:]

    def is_over(self, state: SwState) -> bool:
        return not state.stack

    def result(self, state: SwState) -> Result | None:
        if state.stack or state.result is None:
            return None
        winner = state.result.get("winner")
        win = winner if isinstance(winner, str) else None
        scores = {s: (1.0 if s == win else 0.0) if win else 0.5 for s in SIDES}
        return Result(
            win, str(state.result.get("outcome", "")), scores, str(state.result.get("detail"))
        )

    def to_json(self, state: SwState) -> dict[str, JSON]:
        return state.to_json()

    def from_json(self, obj: Mapping[str, Any]) -> SwState:
        state = SwState.from_json(dict(obj))
        state.world = self.world()
        return state

    def clone(self, state: SwState) -> SwState:
        return state.clone()

    # --- fog of war ----------------------------------------------------------------------
    def view(self, state: SwState, side: str | None) -> dict[str, JSON]:
        from .view import build_view

        return build_view(state, side, self.decision(state))

    # --- the printed map, counters and cards (the browser's table) -------------------------
    def board(self, scenario: str | None = None) -> dict[str, JSON]:
        """The map, the counters' names and values and the cards' words: public and static."""
        from .board_json import board_json

        return board_json(scenario)

    # --- words (terminal play) ------------------------------------------------------------
    def describe_action(self, action: Action, view: dict[str, JSON] | None = None) -> str:
        from .text import describe

        return describe(action)

    def log_line(self, event: dict[str, JSON], view: dict[str, JSON] | None = None) -> str:
        from .text import log_line

        return log_line(event)

    def hidden_tokens(self, state: SwState, side: str) -> set[str]:
        """The other side's hand and deck cards, as JSON strings: never in ``side``'s view
        (a card once seen face up and shuffled back may still be named by old log lines)."""
        other = AXIS if side == SOVIET else SOVIET
        from .rules.partisans import hidden

        cards = {f'"{c}"' for pile in ("hand", "deck") for c in state.pile(other, pile)}
        return cards | {f'"{u}"' for u in hidden(state)}  # 16.1.3: secret to both sides


__all__ = ["PLAYABLE", "StalinsWar"]
