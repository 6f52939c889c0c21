"""The state of a Stalin's War game: counters, card piles, tracks, dice and the frame stack.

Everything but ``world`` (static data) and ``cache`` (the pending decision) is JSON, so seed
plus action log rebuild a game exactly and a save reloads mid-round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hexfront.engine.dice import Dice
from hexfront.engine.events import JSON, Event, json_copy
from hexfront.engine.sequence import Frame

from .world import World, load_world

SOVIET = "soviet"
AXIS = "axis"
SIDES = (AXIS, SOVIET)  # the Axis moves first in every action round (6A)
ON_MAP = "map"
ELIMINATED = "eliminated"
OUT = "out"  # not yet in play (reinforcements, counters not set up)
# kept: combat cards a winner keeps face up until the end of the turn (7.5.5b)
PILES = ("deck", "hand", "discard", "removed", "set_aside", "reserve", "kept")


def enemy(side: str) -> str:
    return SOVIET if side == AXIS else AXIS


@dataclass(slots=True)
class Piece:
    """A combat unit: where it is (``at``: a hex index while on the map) and its step
    (0 = the strongest printed step)."""

    uid: str
    side: str
    box: str = OUT
    at: int = -1
    step: int = 0

    def to_json(self) -> list[JSON]:
        return [self.uid, self.side, self.box, self.at, self.step]

    @staticmethod
    def from_json(row: list[Any]) -> Piece:
        return Piece(str(row[0]), str(row[1]), str(row[2]), int(row[3]), int(row[4]))


def _piles(raw: Any) -> dict[str, dict[str, list[str]]]:
    out: dict[str, dict[str, list[str]]] = json_copy(raw)
    for piles in out.values():
        piles.setdefault("kept", [])  # saves from before combat
    return out


def _per_side(value: int = 0) -> dict[str, int]:
    return {AXIS: value, SOVIET: value}


@dataclass(slots=True)
class SwState:
    scenario: str
    options: dict[str, JSON]
    seed: int
    dice: Dice
    last_turn: int
    turn: int = 1
    ar: int = 0  # the action round being played (1-5; turn 1 plays round 5 only)
    vp: int = 7
    pieces: dict[str, Piece] = field(default_factory=dict)
    control: dict[str, str] = field(default_factory=dict)  # place name -> side (3.24)
    forts_destroyed: list[str] = field(default_factory=list)  # 16.2
    forts_built: list[str] = field(default_factory=list)  # S13 (16.2.3)
    # card piles per side: deck (order hidden), hand (hidden from the enemy), discard,
    # removed (starred events), set_aside (Soviet 1-6, 7.1.3), reserve (Total War, 7.6.4)
    piles: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    consecutive_ops: dict[str, int] = field(default_factory=_per_side)  # 7.3.2
    banked_ops: dict[str, int] = field(default_factory=_per_side)  # 18
    rp: dict[str, int] = field(default_factory=dict)  # pool -> RP this turn (7.4)
    rp_plays: dict[str, int] = field(default_factory=_per_side)  # RP plays this turn
    last_round: dict[str, str] = field(default_factory=dict)  # side -> its last AR's kind
    events_removed: dict[str, int] = field(default_factory=_per_side)  # 7.6.4
    hand_limit: dict[str, int] = field(default_factory=_per_side)  # 7.6, 17
    played: list[str] = field(default_factory=list)  # events played (card ids), in order
    lasting: list[dict[str, JSON]] = field(default_factory=list)  # events still in force
    forbidden: list[str] = field(default_factory=list)  # "side:what" rules switched off
    this_turn: list[str] = field(default_factory=list)  # "side:what" switched for the turn
    sea_moves: list[str] = field(default_factory=list)  # "side:sea" moves this turn (10.2.5)
    hand_mods: dict[str, list[int]] = field(default_factory=dict)  # next draws' size changes
    total_war: bool = False
    oos: list[str] = field(default_factory=list)  # units marked out of supply (13.1.1)
    unfed: list[str] = field(default_factory=list)  # not in full supply: no ZOC (8.1)
    track: dict[str, int] = field(default_factory=dict)  # Axis LCU -> turn it returns (13.3.8)
    stalin_moves: int = 0  # rail moves Stalin has made (16.4.6)
    oil_turns: int = 0  # End Turn phases in a row with every oil hex Axis (5.1.2)
    paulus_crossed: bool = False  # a supplied Axis unit has moved east of the Paulus Line
    surrendered: list[str] = field(default_factory=list)  # minor allies out of the war (19.3)
    reinforcement_rounds: dict[str, list[int]] = field(default_factory=dict)  # ARs this turn
    trenches: dict[str, str] = field(default_factory=dict)  # hex id -> side (10.3)
    festungs: list[str] = field(default_factory=list)  # hex ids with a Festung (16.3)
    active_partisans: list[str] = field(default_factory=list)  # partisans face up (16.1.6)
    partisan_turn: int = 0  # the last turn partisans were placed (16.1.2)
    result: dict[str, JSON] | None = None
    turn_log: int = 0  # where this turn's entries begin in the log (views show this turn's)
    stack: list[Frame] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    world: World = field(default_factory=load_world, repr=False, compare=False)
    cache: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)
    # Pure results keyed by everything they depend on (supply traces by position): kept across
    # actions, never saved, never copied.
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    # --- helpers ------------------------------------------------------------------------
    def emit(self, kind: str, audience: str | None = None, **data: JSON) -> None:
        self.log.append(Event(kind, dict(data), audience))

    def pile(self, side: str, name: str) -> list[str]:
        return self.piles[side][name]

    def on_map(self, side: str | None = None) -> list[Piece]:
        return [
            p for p in self.pieces.values() if p.box == ON_MAP and (side is None or p.side == side)
        ]

    def this_turn_cards(self) -> list[str]:
        """Combat cards in force for the whole turn whatever the result (A10, 7.5.5b)."""
        return [s[5:] for s in self.this_turn if s.startswith("card:")]

    def trench_hexes(self) -> set[int]:
        return {self.world.map.index(h) for h in self.trenches}

    def festung_at(self, node: int) -> bool:
        return self.world.map.id_of(node) in self.festungs

    def inactive_partisan_at(self, node: int) -> bool:
        return any(
            self.world.units[p.uid].kind == "partisan" and p.uid not in self.active_partisans
            for p in self.occupants(node)
        )

    def occupants(self, node: int) -> list[Piece]:
        index = self.cache.get("occupancy")
        if index is None:
            index = {}
            for p in self.pieces.values():
                if p.box == ON_MAP:
                    index.setdefault(p.at, []).append(p)
            self.cache["occupancy"] = index
        found: list[Piece] = index.get(node, [])
        return found

    def position_key(self) -> tuple[Any, ...]:
        """What supply depends on: the counters on the map, control, the OOS marks, the turn,
        and the works and partisans that block lines (13.1.3)."""
        key: tuple[Any, ...] | None = self.cache.get("position_key")
        if key is None:
            key = (
                self.turn,
                tuple((p.uid, p.at) for p in self.pieces.values() if p.box == ON_MAP),
                tuple(sorted(self.control.items())),
                tuple(self.unfed),
                tuple(self.forts_destroyed),
                tuple(self.forts_built),
                tuple(sorted(self.trenches.items())),
                tuple(self.festungs),
                tuple(self.active_partisans),
            )
            self.cache["position_key"] = key
        return key

    def moved(self) -> None:
        """A counter moved: forget what was indexed by position."""
        for key in [k for k in self.cache if k != "decision"]:
            del self.cache[key]  # positions, ZOCs, supply, rail nets

    # --- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, JSON]:
        return {
            "scenario": self.scenario,
            "options": json_copy(self.options),
            "seed": self.seed,
            "dice": self.dice.to_json(),
            "last_turn": self.last_turn,
            "turn": self.turn,
            "ar": self.ar,
            "vp": self.vp,
            "pieces": [p.to_json() for p in self.pieces.values()],
            "control": dict(self.control),
            "forts_destroyed": list(self.forts_destroyed),
            "forts_built": list(self.forts_built),
            "piles": json_copy(self.piles),
            "consecutive_ops": dict(self.consecutive_ops),
            "banked_ops": dict(self.banked_ops),
            "rp": dict(self.rp),
            "rp_plays": dict(self.rp_plays),
            "last_round": dict(self.last_round),
            "events_removed": dict(self.events_removed),
            "hand_limit": dict(self.hand_limit),
            "played": list(self.played),
            "lasting": json_copy(self.lasting),
            "forbidden": list(self.forbidden),
            "this_turn": list(self.this_turn),
            "sea_moves": list(self.sea_moves),
            "hand_mods": json_copy(self.hand_mods),
            "total_war": self.total_war,
            "oos": list(self.oos),
            "unfed": list(self.unfed),
            "track": dict(self.track),
            "stalin_moves": self.stalin_moves,
            "oil_turns": self.oil_turns,
            "paulus_crossed": self.paulus_crossed,
            "surrendered": list(self.surrendered),
            "reinforcement_rounds": json_copy(self.reinforcement_rounds),
            "trenches": dict(self.trenches),
            "festungs": list(self.festungs),
            "active_partisans": list(self.active_partisans),
            "partisan_turn": self.partisan_turn,
            "result": json_copy(self.result),
            "turn_log": self.turn_log,
            "stack": [f.to_json() for f in self.stack],
            "log": [e.to_json() for e in self.log],
        }

    @staticmethod
    def from_json(obj: dict[str, Any]) -> SwState:
        pieces = [Piece.from_json(r) for r in obj["pieces"]]
        return SwState(
            scenario=str(obj["scenario"]),
            options=json_copy(dict(obj["options"])),
            seed=int(obj["seed"]),
            dice=Dice.from_json(dict(obj["dice"])),
            last_turn=int(obj["last_turn"]),
            turn=int(obj["turn"]),
            ar=int(obj["ar"]),
            vp=int(obj["vp"]),
            pieces={p.uid: p for p in pieces},
            control={str(k): str(v) for k, v in obj["control"].items()},
            forts_destroyed=[str(x) for x in obj["forts_destroyed"]],
            forts_built=[str(x) for x in obj.get("forts_built", [])],
            piles=_piles(obj["piles"]),
            consecutive_ops=dict(obj["consecutive_ops"]),
            banked_ops=dict(obj["banked_ops"]),
            rp=dict(obj["rp"]),
            rp_plays=dict(obj["rp_plays"]),
            last_round=dict(obj["last_round"]),
            events_removed=dict(obj["events_removed"]),
            hand_limit=dict(obj["hand_limit"]),
            played=[str(x) for x in obj["played"]],
            lasting=json_copy(list(obj["lasting"])),
            forbidden=[str(x) for x in obj["forbidden"]],
            this_turn=[str(x) for x in obj["this_turn"]],
            sea_moves=[str(x) for x in obj["sea_moves"]],
            hand_mods={str(k): [int(x) for x in v] for k, v in obj["hand_mods"].items()},
            total_war=bool(obj["total_war"]),
            oos=[str(x) for x in obj["oos"]],
            unfed=[str(x) for x in obj["unfed"]],
            track={str(k): int(v) for k, v in obj["track"].items()},
            stalin_moves=int(obj["stalin_moves"]),
            oil_turns=int(obj["oil_turns"]),
            paulus_crossed=bool(obj["paulus_crossed"]),
            surrendered=[str(x) for x in obj["surrendered"]],
            reinforcement_rounds={
                str(k): [int(x) for x in v] for k, v in obj["reinforcement_rounds"].items()
            },
            trenches={str(k): str(v) for k, v in obj.get("trenches", {}).items()},
            festungs=[str(x) for x in obj.get("festungs", [])],
            active_partisans=[str(x) for x in obj.get("active_partisans", [])],
            partisan_turn=int(obj.get("partisan_turn", 0)),
            result=json_copy(obj["result"]),
            turn_log=int(obj["turn_log"]),
            stack=[Frame.from_json(f) for f in obj["stack"]],
            log=[Event.from_json(e) for e in obj["log"]],
        )

    def clone(self) -> SwState:
        """A copy to search or to undo with: logged events are never changed, so they are
        shared; everything else is copied."""
        log, self.log = self.log, []
        try:
            copy = SwState.from_json(self.to_json())
        finally:
            self.log = log
        copy.log = list(log)
        return copy
