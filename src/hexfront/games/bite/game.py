"""Blocks in the East as a hexfront game: setup, view (fog of war), legal actions, apply."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from hexfront.engine.dice import Dice
from hexfront.engine.errors import IllegalAction, UnknownGame
from hexfront.engine.events import JSON, Event
from hexfront.engine.protocol import Action, OptionInfo, Result, ScenarioInfo
from hexfront.engine.sequence import Decision
from hexfront.i18n import NP_, _, _p

from . import catalog, optional, teams, versions
from .machine import MACHINE
from .rules.basics import initial_control
from .state import AXIS, HELD, ON_MAP, POOL, SIDES, SOVIET, BiteState, Piece, World
from .types import OFF, Side

# The words of each option (label, help, each choice's words) are catalogue messages of the
# contexts "option", "option help" and "option choice" (OptionInfo.said, docs/translating.md).
OPTIONS: tuple[OptionInfo, ...] = (
    OptionInfo(
        "fog",
        True,
        NP_("option help", "Fog of war: enemy blocks stay hidden until revealed in battle (1.3)."),
        (True, False),
        NP_("option", "Fog of war"),
        (NP_("option choice", "on"), NP_("option choice", "off")),
    ),
    OptionInfo(
        "bonus_cancels_malus",
        False,
        NP_("option help", "Agreement of 7.7.6: a Bonus and a Malus on the same unit cancel out."),
        (True, False),
        NP_("option", "A Bonus cancels a Malus"),
        (NP_("option choice", "yes"), NP_("option choice", "no")),
    ),
    OptionInfo(
        "weather",
        "good",
        NP_(
            "option help",
            "good: the basic game's fair weather; chart: the Turn Record Chart's weather (9.0).",
        ),
        ("good", "chart"),
        NP_("option", "Weather"),
        (
            NP_("option choice", "fair all game"),
            NP_("option choice", "as the Turn Record Chart says"),
        ),
    ),
    OptionInfo(
        "deployment",
        "standard",
        NP_(
            "option help",
            "standard: the reconstructed historical deployment; by_hand: each side may then "
            "move its blocks within its setup areas before turn 1, the Soviets first.",
        ),
        ("standard", "by_hand"),
        NP_("option", "Deployment"),
        (NP_("option choice", "historical"), NP_("option choice", "by hand")),
    ),
    OptionInfo(
        "luftwaffe_total_supremacy",
        False,
        NP_(
            "option help",
            "SBE5 and SBE9 scenario option: in the first combat round of the surprise turn "
            "every Axis air unit rolls double dice; each Luftwaffe Air-HQ pays with a double "
            "reduction.",
        ),
        (True, False),
        NP_("option", "Luftwaffe total supremacy"),
        (NP_("option choice", "yes"), NP_("option choice", "no")),
        scenarios=("SBE5", "SBE9"),
    ),
    OptionInfo(
        "soviet_surrender",
        "none",
        NP_(
            "option help",
            "SBE9 design choice (7.11 promises Soviet surrender terms that no rulebook gives): "
            "none, as printed; collapse: the USSR surrenders, an Axis decisive victory, in a "
            "Victory Phase where the Axis holds Moscow and the Soviet yellow income has fallen "
            "below half of June 1941's.",
        ),
        ("none", "collapse"),
        NP_("option", "Soviet surrender"),
        (
            NP_("option choice", "no terms, as printed"),
            NP_("option choice", "when Moscow falls and the income halves"),
        ),
        scenarios=("SBE9",),
    ),
)


def all_options() -> tuple[OptionInfo, ...]:
    """``OPTIONS`` and, after them, the optional rules (14-39) offered today with their
    preset and the rulebook version (optional.py, data/optional_rules.toml)."""
    return OPTIONS + optional.option_infos()


WorldLoader = Callable[[str, Mapping[str, JSON]], World]


_DEFAULT_WORLDS: dict[tuple[str, str], World] = {}


def default_world(scenario: str, options: Mapping[str, JSON]) -> World:
    """The real map and forces (``map.py`` and ``forces.py``), built once per scenario and
    options for the whole process: a world is read-only data (its ``derived`` tables are
    facts of the map), so every game object, agent and server game shares it."""
    from .world import build_world

    key = _world_key(scenario, options)
    world = _DEFAULT_WORLDS.get(key)
    if world is None:
        world = _DEFAULT_WORLDS[key] = build_world(scenario, options)
    return world


def _world_key(scenario: str, options: Mapping[str, JSON]) -> tuple[str, str]:
    return (scenario, repr(sorted(options.items())))


class Bite:
    """The BITE game object (implements :class:`hexfront.engine.protocol.Game`)."""

    name = "bite"
    title = "Blocks in the East"
    sides: tuple[str, ...] = SIDES

    def __init__(self, world_loader: WorldLoader | None = None) -> None:
        self._load_world = world_loader or default_world
        self._worlds: dict[tuple[str, str], World] = {}

    # --- catalogue -----------------------------------------------------------------------

    def scenarios(self) -> Sequence[ScenarioInfo]:
        """The scenarios, named and summed up in the reader's language: each name is the
        title the rulebook of that language prints (``data/scenarios.toml``'s names and
        summaries are catalogue messages of the contexts ``scenario`` and ``scenario
        summary``)."""
        return tuple(
            replace(
                s,
                name=_p("scenario", s.name),
                summary=_p("scenario summary", s.summary) if s.summary else s.summary,
            )
            for s in catalog.scenarios()
        )

    def pinned_options(self, scenario: str, options: Mapping[str, JSON]) -> dict[str, JSON]:
        """The options a record keeps: the optional-rules preset replaced by the rules it
        turned on (``optional.pin``), so the record replays the same game later."""
        return optional.pin(options, scenario)

    def options(self) -> Sequence[OptionInfo]:
        """Every option, its words in the reader's language (``OptionInfo.said``)."""
        return tuple(o.said() for o in all_options())

    def world(self, scenario: str, options: Mapping[str, JSON]) -> World:
        key = _world_key(scenario, options)
        world = self._worlds.get(key)
        if world is None:
            world = self._worlds[key] = self._load_world(scenario, options)
        return world

    # --- the contract --------------------------------------------------------------------

    def setup(self, scenario: str, options: Mapping[str, JSON], seed: int) -> BiteState:
        state = self.scenario_state(scenario, options, seed)
        state.emit("setup", scenario=scenario, turn=state.turn)
        MACHINE.start(state, "game")
        MACHINE.advance(state)
        state.touch()
        return state

    def scenario_state(self, scenario: str, options: Mapping[str, JSON], seed: int) -> BiteState:
        """The scenario's blocks set up on the map, before the sequence of play starts."""
        opts = self._check_options(options, scenario)
        world = self.world(scenario, opts)
        spec = world.scenario
        state = BiteState(
            scenario=scenario, options=opts, seed=seed, turn=spec.start_turn, dice=Dice(seed)
        )
        state.world = world
        board = world.board
        state.control = [initial_control(board.owner_1941[n]) for n in range(board.node_count)]
        # Handles in a seeded random order, so that a handle says nothing about its block.
        uids = sorted(world.units)
        order = list(range(len(uids)))
        for i in range(len(order) - 1, 0, -1):
            j = state.dice.below(i + 1)
            order[i], order[j] = order[j], order[i]
        for uid, k in zip(uids, order, strict=True):
            unit = world.units[uid]
            state.pieces[uid] = Piece(uid, _side_of(unit.side), f"b{k + 1}", status=OFF)
        state.next_handle = len(uids)
        for uid, node, strength in spec.placements:
            p = state.pieces[uid]
            p.status, p.node, p.step = ON_MAP, node, _step_for(world, uid, strength)
            p.mp_left = 0
        for uid, turn, strength, _place in spec.reinforcements:
            p = state.pieces[uid]
            if p.status == OFF:
                p.status, p.arrival, p.arrival_step = POOL, turn, _step_for(world, uid, strength)
        for p in state.pieces.values():
            if p.status == ON_MAP and state.spec(p).is_ground:
                state.control[p.node] = p.side
        return state

    def setup_position(self, position: Mapping[str, Any]) -> BiteState:
        """A game from a position (``position.py``): a teaching position, a puzzle, a test."""
        from .position import Position

        return Position.from_json(position).build(self)

    def position_origin(self, state: BiteState) -> tuple[str, dict[str, JSON], int]:
        return state.scenario, dict(state.options), state.seed

    def read_position(self, path: str | Path) -> dict[str, JSON]:
        """A position file, checked, as the JSON a record carries."""
        from .position import load_position

        return load_position(path).to_json()

    def _check_options(self, options: Mapping[str, JSON], scenario: str) -> dict[str, JSON]:
        """Every option of the scenario, defaults filled in. An option that belongs to other
        scenarios only is refused, unless given at its default (a form may send them all);
        it never enters the state, so adding one leaves other scenarios' games unchanged.
        The optional rules are resolved by ``optional.resolve``: every implemented rule's
        switch becomes a bool (the preset's, unless given on its own)."""
        known = {o.name: o for o in all_options()}
        out: dict[str, JSON] = {o.name: o.default for o in OPTIONS if o.applies_to(scenario)}
        for key, value in options.items():
            if optional.owns(key):
                continue  # checked and resolved below
            if key not in known:
                raise UnknownGame(
                    _(
                        "unknown option {name}; options: {known}",
                        name=repr(key),
                        known=", ".join(known),
                    )
                )
            info = known[key]
            if info.choices and value not in info.choices:
                raise UnknownGame(info.said().refusal(value))
            if not info.applies_to(scenario):
                if value == info.default:
                    continue
                raise UnknownGame(
                    _(
                        "option {name} belongs to {scenarios}, not {scenario}",
                        name=repr(key),
                        scenarios=", ".join(info.scenarios),
                        scenario=scenario,
                    )
                )
            out[key] = value
        out.update(optional.resolve(options, scenario))
        # 38.2 (and 1.3): solitary play is played with fog of war; the Italian 2.x rules
        # only recommend it (switch solitaire_fog_optional).
        if (
            out.get(optional.SOLITARY) is True
            and out.get("fog") is False
            and not versions.differs(out, "solitaire_fog_optional")
        ):
            raise UnknownGame(
                _(
                    "solitary play (38.2) is played with fog of war: turn the fog on, or "
                    "choose the Italian 2.x rules, which only recommend it"
                )
            )
        return out

    def decision(self, state: BiteState) -> Decision | None:
        """The pending decision, listed once per position (cached until the next action)."""
        cache = state.cache
        if "decision" not in cache:
            cache["decision"] = MACHINE.decision(state)
        return cache["decision"]  # type: ignore[no-any-return]

    def active_sides(self, state: BiteState) -> list[str]:
        d = self.decision(state)
        return [d.prompt.side] if d else []

    def legal_actions(self, state: BiteState, side: str) -> Sequence[Action]:
        d = self.decision(state)
        if d is None or d.prompt.side != side:
            return []
        return d.actions

    def apply(self, state: BiteState, action: Action) -> list[Event]:
        start = len(state.log)
        d = self.decision(state)
        if d is None:
            raise IllegalAction("the game is over")
        if action.side != d.prompt.side:
            from .text import side_word

            raise IllegalAction(
                f"it is the {side_word(d.prompt.side)} player's decision, "
                f"not the {side_word(action.side)} player's"
            )
        # MACHINE.act checks the action against ``d`` before anything changes.
        state.cache.clear()
        try:
            after = MACHINE.act(state, action, pending=d)
        except BaseException:
            state.cache.clear()
            raise
        state.cache.clear()
        state.cache["decision"] = after  # listed while advancing: keep it
        return state.log[start:]

    def is_over(self, state: BiteState) -> bool:
        return not state.stack

    def result(self, state: BiteState) -> Result | None:
        if state.stack or state.result is None:
            return None
        r = state.result
        winner = r.get("winner")
        scores: dict[str, float] = {
            s: (1.0 if s == winner else 0.0) if winner else 0.5 for s in SIDES
        }
        return Result(
            winner if isinstance(winner, str) else None,
            str(r.get("outcome", "")),
            scores,
            str(r.get("detail", "")),
        )

    def to_json(self, state: BiteState) -> dict[str, JSON]:
        return state.to_json()

    def from_json(self, obj: Mapping[str, Any]) -> BiteState:
        state = BiteState.from_json(obj)
        state.world = self.world(state.scenario, state.options)
        return state

    def clone(self, state: BiteState) -> BiteState:
        return state.clone()

    # --- fog of war ----------------------------------------------------------------------

    def view(self, state: BiteState, side: str | None) -> dict[str, JSON]:
        from .view import build_view

        return build_view(state, side, self.decision(state))

    # --- the printed board, for clients ----------------------------------------------

    def board(self, scenario: str | None = None) -> dict[str, JSON]:
        """The static mapboard a client draws: hexes, rivers, rails, places, zones, boxes.

        Everything here is printed on the board, so it is public. ``area`` is the
        scenario's playing area (None: the whole map).
        """
        from .board_json import board_json

        return board_json(scenario)

    # --- text rendering (terminal play, logs) -----------------------------------------

    def render_text(self, view: dict[str, JSON]) -> str:
        from .text import render
        from .track_text import track_lines

        # Issue 20: the optional rules' tracks (tech, Lend-Lease, air war, factories) below.
        return "\n".join([render(view), *track_lines(view)])

    def describe_action(self, action: Action, view: dict[str, JSON] | None = None) -> str:
        from .text import describe

        return describe(action, view)

    def log_line(self, event: dict[str, JSON], view: dict[str, JSON] | None = None) -> str:
        from .text import log_line

        return log_line(event, view)

    # --- team play (38.1) -----------------------------------------------------------------

    def commanders(self, options: Mapping[str, JSON]) -> tuple[str, ...]:
        """North and south in a team game (``or38_team_play``), none otherwise."""
        return teams.commanders(options)

    def command_of(self, state: BiteState, actions: Sequence[Action]) -> list[str]:
        """Which commander gives each of the pending decision's ``actions`` (``teams.py``)."""
        d = self.decision(state)
        data: Mapping[str, JSON] = d.prompt.data if d is not None else {}
        return teams.command_of(state, data, actions)

    def hidden_tokens(self, state: BiteState, side: str) -> set[str]:
        """JSON strings naming blocks ``side`` may not identify: they must never reach it.

        A name shared with a block the side may know (its own 6th Army and the German 6th
        Army) is left out, since seeing it proves nothing.
        """
        if not state.options.get("fog", True):
            return set()
        known = {state.spec(p).name for p in state.pieces.values() if p.side == side or p.seen}
        out = set()
        for p in state.pieces.values():
            if p.side == side or p.seen:
                continue
            out.add(f'"{p.uid}"')
            name = state.spec(p).name
            if name not in known:
                out.add(f'"{name}"')
        return out


def _side_of(unit_side: str) -> Side:
    return SOVIET if unit_side == SOVIET else AXIS  # the Western Allies play with the Axis


def _step_for(world: World, uid: str, strength: int) -> int:
    ladder = world.units[uid].ladder
    for i, value in enumerate(ladder):
        if value <= strength:
            return i
    return len(ladder) - 1


__all__ = ["HELD", "MACHINE", "Bite"]
