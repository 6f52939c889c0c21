"""Game records, state hashes, and save/load.

A record is ``{game, scenario, options, seed, actions}``. Because the dice live in the
state, replaying the actions on ``setup(scenario, options, seed)`` rebuilds the very same
state, which :func:`state_hash` proves. A game started from a position (a teaching
position, a puzzle, a rule test) also carries that ``position``; replay starts from it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .errors import HexfrontError, RecordError
from .events import JSON
from .protocol import Action, Game, PositionGame, canonical_json, is_listed

S = TypeVar("S")

RECORD_FORMAT = "hexfront-record/1"
STATE_FORMAT = "hexfront-state/1"


def state_hash(game: Game[S], state: S) -> str:
    """sha256 of the canonical JSON of the full (unredacted) state."""
    return hashlib.sha256(canonical_json(game.to_json(state)).encode()).hexdigest()


@dataclass(slots=True)
class GameRecord:
    """Everything needed to rebuild a game exactly."""

    game: str
    scenario: str
    options: dict[str, JSON]
    seed: int
    actions: list[Action] = field(default_factory=list)
    final_hash: str | None = None
    position: dict[str, JSON] | None = None  # the start, when not the scenario's own setup

    def to_json(self) -> dict[str, JSON]:
        out: dict[str, JSON] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "scenario": self.scenario,
            "options": self.options,
            "seed": self.seed,
            "actions": [a.to_json() for a in self.actions],
        }
        if self.final_hash is not None:
            out["final_hash"] = self.final_hash
        if self.position is not None:
            out["position"] = self.position
        return out

    @staticmethod
    def from_json(obj: Any) -> GameRecord:
        if not isinstance(obj, Mapping) or obj.get("format") != RECORD_FORMAT:
            raise RecordError(f"not a hexfront record (expected format {RECORD_FORMAT!r})")
        try:
            game, scenario = obj["game"], obj["scenario"]
            options, seed = obj.get("options", {}), obj["seed"]
            raw_actions = obj["actions"]
        except KeyError as exc:
            raise RecordError(f"record lacks the field {exc.args[0]!r}") from None
        if not isinstance(game, str) or not isinstance(scenario, str):
            raise RecordError("record 'game' and 'scenario' must be strings")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record 'seed' must be an integer")
        if not isinstance(options, Mapping) or not isinstance(raw_actions, list):
            raise RecordError("record 'options' must be an object and 'actions' a list")
        actions = []
        for i, raw in enumerate(raw_actions):
            try:
                actions.append(Action.from_json(raw))
            except HexfrontError as exc:
                raise RecordError(f"action #{i} is malformed: {exc}") from None
        final_hash = obj.get("final_hash")
        if final_hash is not None and not isinstance(final_hash, str):
            raise RecordError("record 'final_hash' must be a string")
        position = obj.get("position")
        if position is not None and not isinstance(position, Mapping):
            raise RecordError("record 'position' must be an object")
        return GameRecord(
            game,
            scenario,
            dict(options),
            seed,
            actions,
            final_hash,
            None if position is None else dict(position),
        )


def replay(game: Game[S], record: GameRecord, *, upto: int | None = None) -> S:
    """Rebuild the state after the first ``upto`` actions (all of them by default)."""
    if record.game != game.name:
        raise RecordError(f"record is for {record.game!r}, not {game.name!r}")
    state = start_of(game, record)
    actions = record.actions if upto is None else record.actions[:upto]
    for i, action in enumerate(actions):
        if not is_listed(action, game.legal_actions(state, action.side)):
            raise RecordError(f"action #{i} ({action!r}) is not legal when replayed")
        game.apply(state, action)
    return state


def start_of(game: Game[S], record: GameRecord) -> S:
    """The state a record starts from: the scenario's setup, or the record's position."""
    if record.position is None:
        return game.setup(record.scenario, record.options, record.seed)
    if not isinstance(game, PositionGame):
        raise RecordError(f"{game.name} games cannot start from a position")
    try:
        state: S = game.setup_position(record.position)
    except HexfrontError as exc:
        raise RecordError(f"the record's position is not valid: {exc}") from None
    return state


def verify(game: Game[S], record: GameRecord) -> tuple[bool, str]:
    """Rebuild the record and compare with its stored final hash."""
    rebuilt = state_hash(game, replay(game, record))
    return (record.final_hash is None or record.final_hash == rebuilt), rebuilt


def _write_json(path: Path, obj: JSON) -> None:
    data = json.dumps(obj, sort_keys=True, indent=1).encode()
    if path.suffix == ".gz":
        data = gzip.compress(data, mtime=0)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)  # atomic: a crash never leaves half a save


def _read_json(path: Path) -> Any:
    try:
        data = path.read_bytes()
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        return json.loads(data)
    except FileNotFoundError:
        raise RecordError(f"no such file: {path}") from None
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordError(f"{path} is not a readable save: {exc}") from None


def save_record(record: GameRecord, path: str | Path) -> None:
    _write_json(Path(path), record.to_json())


def load_record(path: str | Path) -> GameRecord:
    return GameRecord.from_json(_read_json(Path(path)))


def save_state(game: Game[S], state: S, path: str | Path) -> None:
    """Save a full state snapshot with its hash, so corruption is detected on load."""
    body = game.to_json(state)
    _write_json(
        Path(path),
        {"format": STATE_FORMAT, "game": game.name, "hash": state_hash(game, state), "state": body},
    )


def load_state(game: Game[S], path: str | Path) -> S:
    obj = _read_json(Path(path))
    if not isinstance(obj, Mapping) or obj.get("format") != STATE_FORMAT:
        raise RecordError(f"{path} is not a hexfront state save")
    if obj.get("game") != game.name:
        raise RecordError(f"{path} holds a {obj.get('game')!r} game, not {game.name!r}")
    try:
        state = game.from_json(obj["state"])
    except (KeyError, TypeError, ValueError) as exc:
        raise RecordError(f"{path} holds a corrupt state: {exc}") from None
    if state_hash(game, state) != obj.get("hash"):
        raise RecordError(f"{path} is corrupt: its state does not match its hash")
    return state
