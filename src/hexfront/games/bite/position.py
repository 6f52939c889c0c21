"""Positions: a BITE game that starts anywhere, from a small TOML or JSON file.

A position names a scenario (the map area, the victory conditions, the reinforcement
schedule), the blocks on the map with their hexes and strengths, who controls which hexes,
the turn, the side and phase about to be played, the weather, the saved production points,
the options, and, for tests and puzzles, loaded dice: faces rolled first, in order.

```toml
scenario = "SBE1"
turn = 2
side = "axis"          # the phasing player
phase = "movement"     # supply, production, rail, movement, reaction, combat, blitz,
                       # final_supply or exploitation
dice = [6, 6, 1]       # optional: the next die rolls, in order

[pp]
germany = 4

[[unit]]
id = "ger-pz-xxxxi"    # or name = "XXXXI Panzer Corps"
hex = "2911"           # a printed hex id or a place name ("Pskov")
strength = 4           # a value of the block's ladder; full strength when left out

[control]              # hexes whose control differs from the blocks and 1941 borders
axis = ["Pskov"]
```

Blocks the file does not list are not on the map (the scenario's later reinforcements still
arrive, unless ``reinforcements = false``). Control starts from the 1941 borders, then each
ground block controls its hex, then ``[control]`` has the last word.

A bad file raises :class:`PositionError` naming the field, and nothing is built.

>>> Position.from_json({"scenario": "SBE1", "phase": "lunch"})
Traceback (most recent call last):
...
hexfront.games.bite.position.PositionError: phase: 'lunch' is not a phase; phases: supply, production, rail, movement, reaction, combat, blitz, final_supply, exploitation
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from hexfront.engine.dice import check_faces
from hexfront.engine.errors import HexfrontError
from hexfront.engine.events import JSON
from hexfront.engine.sequence import READY, Frame

from .machine import MACHINE
from .rules.basics import FROZEN_TURN1, advanced, initial_control
from .rules.turn import SIDE_PHASES
from .state import AXIS, DISBANDED, ELIMINATED, HELD, ON_MAP, POOL, REMOVED, SIDES, BiteState
from .types import Status, side_of


class ScenarioStates(Protocol):
    """What a position asks of the game (``game.Bite``): a scenario's blocks on the map."""

    def scenario_state(
        self, scenario: str, options: Mapping[str, JSON], seed: int
    ) -> BiteState: ...


# What a player calls a phase -> the procedure that plays it (7.0).
PHASES: dict[str, str] = {p.removesuffix("_phase"): p for p in SIDE_PHASES}
STATUSES: dict[str, Status] = {
    "map": ON_MAP,
    "pool": POOL,
    "held": HELD,
    "eliminated": ELIMINATED,
    "disbanded": DISBANDED,
    "removed": REMOVED,
}
WEATHERS = ("good", "rain", "snow", "light_rain")  # light rain: optional rule 39.0
_TOP_FIELDS = {
    "scenario",
    "turn",
    "side",
    "phase",
    "weather",
    "seed",
    "options",
    "pp",
    "unit",
    "control",
    "dice",
    "frozen",
    "reinforcements",
    "title",
    "notes",
}
_UNIT_FIELDS = {"id", "name", "hex", "strength", "status", "out_of_supply", "revealed"}


class PositionError(HexfrontError):
    """A position file or object is malformed; the message names the field."""


@dataclass(frozen=True, slots=True)
class UnitEntry:
    """One block of a position: where it is and how strong."""

    unit: str  # a unit id, or the block's printed name
    hex: str | None = None  # a printed hex id or a place name; required on the map
    strength: int | None = None  # a value of the block's ladder; None = full strength
    status: str = "map"  # map, pool, held, eliminated, disbanded or removed
    out_of_supply: bool = False  # the white barrel (4.3)
    revealed: bool = False  # shown to the enemy (fought this turn)


@dataclass(slots=True)
class Position:
    """A BITE position, typed; :meth:`from_json` reads one, :meth:`build` sets it up."""

    scenario: str
    turn: int | None = None  # None: the scenario's first turn
    side: str = AXIS
    phase: str = "movement"
    weather: str | None = None  # None: good (or the chart's, with the weather option)
    seed: int | None = None  # the dice seed; None: 0 (the command line passes its --seed)
    options: dict[str, JSON] = field(default_factory=dict)
    pp: dict[str, int] = field(default_factory=dict)
    units: list[UnitEntry] = field(default_factory=list)
    control: dict[str, list[str]] = field(default_factory=dict)  # axis/soviet/none -> hexes
    dice: list[int] = field(default_factory=list)
    frozen: list[str] | None = None  # units frozen on turn 1 (3.21); None: the scenario's
    reinforcements: bool = True
    title: str = ""

    # --- reading ---------------------------------------------------------------------------

    @staticmethod
    def from_json(obj: Mapping[str, Any]) -> Position:
        if not isinstance(obj, Mapping):
            raise PositionError("a position is an object (a TOML table or a JSON object)")
        unknown = sorted(set(obj) - _TOP_FIELDS)
        if unknown:
            raise PositionError(
                f"{unknown[0]}: not a position field; fields: {', '.join(sorted(_TOP_FIELDS))}"
            )
        scenario = str(_text(obj, "scenario", required=True))
        phase = _text(obj, "phase") or "movement"
        if phase not in PHASES:
            raise PositionError(f"phase: {phase!r} is not a phase; phases: {', '.join(PHASES)}")
        side = _text(obj, "side") or AXIS
        if side not in SIDES:
            raise PositionError(f"side: {side!r} is not a side; sides: {', '.join(SIDES)}")
        weather = _text(obj, "weather")
        if weather is not None and weather not in WEATHERS:
            raise PositionError(f"weather: {weather!r}; weather is one of {', '.join(WEATHERS)}")
        turn = _whole(obj, "turn")
        if turn is not None and turn < 1:
            raise PositionError(f"turn: {turn} is not a turn; turns count from 1 (June 1941)")
        options = obj.get("options", {})
        if not isinstance(options, Mapping):
            raise PositionError("options: a table of option = value")
        pp = obj.get("pp", {})
        if not isinstance(pp, Mapping) or not all(_is_int(v) for v in pp.values()):
            raise PositionError("pp: a table of power = whole number of production points")
        raw_units = obj.get("unit", [])
        if not isinstance(raw_units, list):
            raise PositionError("unit: a list of blocks ([[unit]] in TOML)")
        units = [_unit_entry(i, u) for i, u in enumerate(raw_units)]
        control = obj.get("control", {})
        if not isinstance(control, Mapping):
            raise PositionError("control: a table of side = [hexes]")
        for who, hexes in control.items():
            if who not in (*SIDES, "none"):
                raise PositionError(f"control.{who}: the sides are axis, soviet and none")
            if not isinstance(hexes, list) or not all(isinstance(h, str) for h in hexes):
                raise PositionError(f"control.{who}: a list of hex ids or place names")
        dice = obj.get("dice", [])
        if not isinstance(dice, list):
            raise PositionError("dice: a list of die faces 1-6")
        try:
            faces = check_faces(dice)
        except ValueError as exc:
            raise PositionError(f"dice: {exc}") from None
        frozen = obj.get("frozen")
        if frozen is not None and (
            not isinstance(frozen, list) or not all(isinstance(u, str) for u in frozen)
        ):
            raise PositionError("frozen: a list of unit ids")
        reinforcements = obj.get("reinforcements", True)
        if not isinstance(reinforcements, bool):
            raise PositionError("reinforcements: true or false")
        return Position(
            scenario=scenario,
            turn=turn,
            side=side,
            phase=phase,
            weather=weather,
            seed=_whole(obj, "seed"),
            options=dict(options),
            pp={str(k): int(v) for k, v in pp.items()},
            units=units,
            control={str(k): list(v) for k, v in control.items()},
            dice=faces,
            frozen=None if frozen is None else list(frozen),
            reinforcements=reinforcements,
            title=_text(obj, "title") or "",
        )

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "scenario": self.scenario,
            "side": self.side,
            "phase": self.phase,
        }
        if self.seed is not None:
            out["seed"] = self.seed
        if self.turn is not None:
            out["turn"] = self.turn
        if self.weather is not None:
            out["weather"] = self.weather
        if self.options:
            out["options"] = dict(self.options)
        if self.pp:
            out["pp"] = dict(self.pp)
        if self.units:
            out["unit"] = [_unit_json(u) for u in self.units]
        if self.control:
            out["control"] = {k: list(v) for k, v in self.control.items()}
        if self.dice:
            out["dice"] = list(self.dice)
        if self.frozen is not None:
            out["frozen"] = list(self.frozen)
        if not self.reinforcements:
            out["reinforcements"] = False
        if self.title:
            out["title"] = self.title
        return out

    # --- building --------------------------------------------------------------------------

    def build(self, game: ScenarioStates) -> BiteState:
        """A game state at this position, paused at the first decision of its phase."""
        try:
            state = game.scenario_state(self.scenario, self.options, self.seed or 0)
        except HexfrontError as exc:
            raise PositionError(f"scenario: {exc}") from None
        board = state.w.board
        spec = state.w.scenario
        turn = spec.start_turn if self.turn is None else self.turn
        if not spec.start_turn <= turn <= spec.last_turn:
            raise PositionError(
                f"turn: {self.scenario} is played on turns {spec.start_turn}-{spec.last_turn}, "
                f"not {turn}"
            )
        state.turn = turn
        by_name = {u.name.lower(): uid for uid, u in state.w.units.items()}
        for p in state.pieces.values():
            if p.status == ON_MAP or (p.status == POOL and not self.reinforcements):
                p.status, p.node, p.step = "off", -1, 0
        named: set[str] = set()
        for i, entry in enumerate(self.units):
            where = f"unit[{i}]"
            uid = entry.unit if entry.unit in state.pieces else by_name.get(entry.unit.lower())
            if uid is None:
                raise PositionError(f"{where}: no block {entry.unit!r} in BITE")
            if uid in named:
                raise PositionError(f"{where}: {entry.unit!r} is listed twice")
            named.add(uid)
            piece = state.pieces[uid]
            ladder = state.w.units[uid].ladder
            if entry.strength is None:
                piece.step = 0
            elif entry.strength in ladder:
                piece.step = ladder.index(entry.strength)
            else:
                raise PositionError(
                    f"{where}.strength: {state.w.units[uid].name} has strengths "
                    f"{', '.join(map(str, ladder))}, not {entry.strength}"
                )
            piece.status = STATUSES[entry.status]
            piece.oos, piece.revealed = entry.out_of_supply, entry.revealed
            piece.seen = piece.seen or entry.revealed
            if piece.status == ON_MAP:
                if state.w.units[uid].side == "western":
                    # 35.1: the Western Allies' bombers fly from Great Britain, off the map
                    raise PositionError(
                        f"{where}: {state.w.units[uid].name} never stands on the map: the "
                        "Western Allies' bombers fly from Great Britain over Germany (35.1)"
                    )
                if entry.hex is None:
                    raise PositionError(f"{where}.hex: a block on the map needs a hex")
                node = _node(board, entry.hex, f"{where}.hex")
                if not board.playable[node]:
                    raise PositionError(f"{where}.hex: {entry.hex} is not a playable hex")
                if spec.map_area is not None and node not in spec.map_area:
                    raise PositionError(
                        f"{where}.hex: {entry.hex} is outside the {self.scenario} map area"
                    )
                piece.node = node
            else:
                piece.node = -1
                if piece.status == POOL:
                    piece.arrival, piece.arrival_step = max(piece.arrival, turn), piece.step
        state.control = [initial_control(board.owner_1941[n]) for n in range(board.node_count)]
        for p in state.on_map():
            if state.spec(p).is_ground:
                state.control[p.node] = p.side
        for who, hexes in self.control.items():
            for h in hexes:
                state.control[_node(board, h, f"control.{who}")] = "" if who == "none" else who
        state.pp = dict(self.pp)
        if self.frozen is not None:
            unknown = [u for u in self.frozen if u not in state.pieces]
            if unknown:
                raise PositionError(f"frozen: no block {unknown[0]!r} in BITE")
            state.flags[FROZEN_TURN1] = sorted(self.frozen)
        state.weather = self.weather or _weather(state)
        state.phasing = side_of(self.side)
        state.dice.loaded = list(self.dice)
        proc = PHASES[self.phase]
        # The sequence of play as it stands when this phase begins (7.0): the game, the
        # turn (its Axis half done when the Soviets play), the side (at this phase).
        state.stack = [
            Frame("game", {"deploy": [], "child": "turn"}, READY),
            Frame("turn", {"next": 1 if self.side == AXIS else 2}, READY),
            Frame("side", {"side": self.side, "next": SIDE_PHASES.index(proc) + 1}, READY),
            Frame(proc),
        ]
        state.emit("setup", scenario=self.scenario, turn=turn)
        state.emit("turn", turn=turn, weather=state.weather)
        state.emit("side", side=self.side, turn=turn)
        state.touch()
        MACHINE.advance(state)
        state.touch()
        return state


def load_position(path: str | Path) -> Position:
    """Read a position from a ``.toml`` or ``.json`` file."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise PositionError(f"no such position file: {p}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PositionError(f"{p} cannot be read: {exc}") from None
    try:
        obj: Any = json.loads(text) if p.suffix == ".json" else tomllib.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        kind = "JSON" if p.suffix == ".json" else "TOML"
        raise PositionError(f"{p} is not valid {kind}: {exc}") from None
    try:
        return Position.from_json(obj)
    except PositionError as exc:
        raise PositionError(f"{p}: {exc}") from None


# --- helpers -----------------------------------------------------------------------------


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(obj: Mapping[str, Any], key: str, *, required: bool = False) -> str | None:
    value = obj.get(key)
    if value is None:
        if required:
            raise PositionError(f"{key}: required")
        return None
    if not isinstance(value, str) or not value:
        raise PositionError(f"{key}: a non-empty text, not {value!r}")
    return value


def _whole(obj: Mapping[str, Any], key: str) -> int | None:
    value = obj.get(key)
    if value is None:
        return None
    if not _is_int(value):
        raise PositionError(f"{key}: a whole number, not {value!r}")
    return int(value)


def _unit_entry(i: int, raw: Any) -> UnitEntry:
    where = f"unit[{i}]"
    if not isinstance(raw, Mapping):
        raise PositionError(f"{where}: a table with id (or name), hex and strength")
    unknown = sorted(set(raw) - _UNIT_FIELDS)
    if unknown:
        raise PositionError(
            f"{where}.{unknown[0]}: not a unit field; fields: {', '.join(sorted(_UNIT_FIELDS))}"
        )
    ident = raw.get("id", raw.get("name"))
    if not isinstance(ident, str) or not ident:
        raise PositionError(f"{where}: needs an id or a name")
    status = raw.get("status", "map")
    if status not in STATUSES:
        raise PositionError(f"{where}.status: one of {', '.join(STATUSES)}, not {status!r}")
    hex_id = raw.get("hex")
    if hex_id is not None and not isinstance(hex_id, str):
        raise PositionError(f'{where}.hex: a hex id such as "2911" or a place name')
    strength = raw.get("strength")
    if strength is not None and not _is_int(strength):
        raise PositionError(f"{where}.strength: a whole number, not {strength!r}")
    flags = {}
    for key in ("out_of_supply", "revealed"):
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise PositionError(f"{where}.{key}: true or false")
        flags[key] = value
    return UnitEntry(ident, hex_id, strength, str(status), **flags)


def _unit_json(u: UnitEntry) -> dict[str, JSON]:
    out: dict[str, JSON] = {"id": u.unit}
    if u.hex is not None:
        out["hex"] = u.hex
    if u.strength is not None:
        out["strength"] = u.strength
    if u.status != ON_MAP:
        out["status"] = u.status
    if u.out_of_supply:
        out["out_of_supply"] = True
    if u.revealed:
        out["revealed"] = True
    return out


def _node(board: Any, name: str, where: str) -> int:
    try:
        return int(board.node(name))
    except (KeyError, ValueError, LookupError):
        raise PositionError(f"{where}: no hex or place {name!r} on the map") from None


def _weather(state: BiteState) -> str:
    """The turn's weather without rolling: good in the basic game, the chart's fixed
    weather with the weather option or in the Advanced Game (a variable month is good
    unless the file says)."""
    if state.options.get("weather") != "chart" and not advanced(state):
        return "good"
    fixed = state.w.weather.get(state.turn, "good")
    return fixed if fixed in WEATHERS else "good"
