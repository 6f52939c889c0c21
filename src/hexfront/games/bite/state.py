"""The state of a BITE game: blocks, control, production points, dice, and the turn stack.

Everything here is serialisable to JSON (``to_json``/``from_json``) except ``world``, the
static data of the scenario (map, blocks, charts), which the game object re-attaches.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from hexfront.engine.dice import Dice
from hexfront.engine.events import JSON, Event, json_copy
from hexfront.engine.sequence import Frame

from .board import Board, Site
from .optional import compact as compact_options
from .optional import expand as expand_options
from .types import AXIS as AXIS
from .types import DISBANDED as DISBANDED
from .types import ELIMINATED as ELIMINATED
from .types import HELD as HELD
from .types import ON_MAP as ON_MAP
from .types import POOL as POOL
from .types import REMOVED as REMOVED
from .types import SIDES as SIDES
from .types import SOVIET as SOVIET
from .types import HexId, Node, Side, Status, side_of
from .types import enemy_of as enemy_of
from .units import Profile, TechChart, UnitSpec


@dataclass(frozen=True, slots=True)
class Income:
    """PP a power collects per turn from a given turn on (scenario production)."""

    power: str
    yellow: int
    from_turn: int


@dataclass(frozen=True, slots=True)
class ScenarioSpec:
    """The scenario parameters the rules need."""

    id: str
    name: str
    start_turn: int
    turns: int
    rules: str  # "basic" or "advanced"
    map_area: frozenset[Node] | None  # None = the whole map
    income: tuple[Income, ...]
    placements: tuple[tuple[str, Node, int], ...]  # (unit id, node, strength)
    reinforcements: tuple[tuple[str, int, int, HexId | None], ...]  # (unit, turn, strength, place)
    victory: Mapping[str, Any]
    frozen_turn1: frozenset[str] = frozenset()  # unit ids frozen on the first turn (3.21)
    flags: Mapping[str, Any] = field(default_factory=dict)  # scenario rules (data/scenarios)

    @property
    def last_turn(self) -> int:
        return self.start_turn + self.turns - 1


@dataclass(slots=True)
class World:
    """Static data of one scenario: never changes during a game, never serialised."""

    board: Board
    units: dict[str, UnitSpec]
    tech: TechChart
    scenario: ScenarioSpec
    main_sources: dict[str, Node]  # nation -> node of its main supply source (4.1)
    capitals: dict[str, Node]  # power -> capital node (7.11)
    weather: dict[int, str] = field(default_factory=dict)  # turn -> good/rain/snow
    derived: dict[str, Any] = field(default_factory=dict)  # caches of static lookups

    def profile(self, uid: str, turn: int) -> Profile:
        return self.tech.profile(self.units[uid], turn)

    def site(self, node: Node) -> Site | None:
        return self.board.sites.get(node)


@dataclass(slots=True)
class Piece:
    """A block and where it stands."""

    uid: str
    side: Side
    handle: str  # what the enemy sees instead of the identity
    status: Status = POOL
    node: Node = -1
    step: int = 0  # index into the ladder: 0 = full strength
    half_hit: bool = False  # a "shield" unit's pending half hit (7.7.8)
    revealed: bool = False  # shown to the enemy in combat, until Final Supply (7.9)
    oos: bool = False  # the white barrel (4.3)
    moved: bool = False
    mp_left: int = 0
    attacked: bool = False  # attacked this turn: may blitz or exploit (7.8)
    base: Node = -1  # an air unit's airbase while it flies a mission
    arrival: int = 0  # turn a pool unit becomes available
    arrival_step: int = 0
    rebuild_turn: int = 0  # disbanded units return from this turn on
    came_from: Node = -1  # the hex it entered its battle hex from (rivers, straits: BOX 1)
    seen: bool = False  # ever shown to the enemy (the enemy may remember it)

    def copy(self) -> Piece:
        return Piece(*_piece_row(self))  # every action copies every block: one C call

    def row(self) -> tuple[Any, ...]:
        """Every field, in order: what :data:`piece_row` reads when the rules are compiled
        (a native method reads the fields directly, faster there than attrgetter)."""
        return (
            self.uid,
            self.side,
            self.handle,
            self.status,
            self.node,
            self.step,
            self.half_hit,
            self.revealed,
            self.oos,
            self.moved,
            self.mp_left,
            self.attacked,
            self.base,
            self.arrival,
            self.arrival_step,
            self.rebuild_turn,
            self.came_from,
            self.seen,
        )

    def to_json(self) -> list[JSON]:
        return list(_piece_row(self))

    @staticmethod
    def from_json(row: list[Any]) -> Piece:
        if len(row) != len(_PIECE_FIELDS):
            raise ValueError(f"a block row has {len(_PIECE_FIELDS)} fields, not {len(row)}")
        return Piece(*[kind(value) for kind, value in zip(_PIECE_TYPES, row, strict=True)])


_PIECE_FIELDS = tuple(f.name for f in fields(Piece))
COMPILED = not __file__.endswith(".py")  # this module built by tools/compile.py (mypyc)
# Every field of a block: a cheap "did it change?" key. Interpreted, attrgetter reads them
# in one C call; compiled, the native method is faster still.
_piece_row: Callable[[Piece], tuple[Any, ...]] = (
    Piece.row if COMPILED else attrgetter(*_PIECE_FIELDS)
)
piece_row = _piece_row
# What turns each saved field back into its type: read off a block's own default values,
# which works alike for plain and compiled classes (annotations differ between them).
_PIECE_TYPES: tuple[Callable[[Any], Any], ...] = tuple(
    type(value) for value in _piece_row(Piece("", "axis", ""))
)


# What the rules remember in ``cache`` only while positions are indexed (nothing moves).
STRETCH_KEYS = (
    "occupancy",
    "airbase_use",  # air.free_airbase (3.4)
    "enemy_nodes:axis",  # movement.enemy_nodes
    "enemy_nodes:soviet",
    "reach_world:axis",  # movement._reach_world
    "reach_world:soviet",
    "finland_limit",  # powers.finland_limit_applies (5.5)
)


@dataclass(slots=True)
class BiteState:
    scenario: str
    options: dict[str, JSON]
    seed: int
    turn: int
    phase: str = "setup"
    phasing: Side = AXIS
    weather: str = "good"
    pieces: dict[str, Piece] = field(default_factory=dict)
    control: list[str] = field(default_factory=list)  # per node: axis, soviet or ""
    pp: dict[str, int] = field(default_factory=dict)  # saved PP per power
    pp_next: dict[str, int] = field(default_factory=dict)  # PP usable from next turn (7.3.4)
    surrendered: list[str] = field(default_factory=list)  # powers out of the war (7.11)
    flags: dict[str, JSON] = field(default_factory=dict)  # lasting game facts (e.g. 5.5)
    next_handle: int = 0
    result: dict[str, JSON] | None = None
    dice: Dice = field(default_factory=lambda: Dice(0))
    stack: list[Frame] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    world: World | None = None
    # Derived values of the current position (the pending decision); never saved, and
    # emptied by every action. Code that changes a state by hand must call ``touch()``.
    cache: dict[str, Any] = field(default_factory=dict)
    # Pure results keyed by everything they depend on (path searches); survives actions.
    memo: dict[str, Any] = field(default_factory=dict)

    def touch(self) -> None:
        self.cache.clear()
        self.memo.clear()

    # --- convenience -----------------------------------------------------------------

    @property
    def w(self) -> World:
        if self.world is None:
            raise RuntimeError("state has no world attached")
        return self.world

    def on_map(self, side: str | None = None) -> Iterator[Piece]:
        for p in self.pieces.values():
            if p.status == ON_MAP and (side is None or p.side == side):
                yield p

    def at(self, node: Node) -> list[Piece]:
        occupancy = self.cache.get("occupancy")
        if occupancy is not None:
            return list(occupancy.get(node, ()))
        return [p for p in self.pieces.values() if p.status == ON_MAP and p.node == node]

    def occupants(self, node: Node) -> Sequence[Piece]:
        """Who stands in ``node``, read-only (no copy inside an indexed stretch)."""
        occupancy = self.cache.get("occupancy")
        if occupancy is not None:
            return occupancy.get(node, ())  # type: ignore[no-any-return]
        return [p for p in self.pieces.values() if p.status == ON_MAP and p.node == node]

    @contextmanager
    def positions_indexed(self) -> Iterator[None]:
        """Index who stands where, for a read-only stretch (a decision being listed)."""
        if "occupancy" in self.cache:  # already inside an indexed stretch
            yield
            return
        occupancy: dict[Node, list[Piece]] = {}
        for p in self.pieces.values():
            if p.status == ON_MAP:
                occupancy.setdefault(p.node, []).append(p)
        self.cache["occupancy"] = occupancy
        try:
            yield
        finally:
            for key in STRETCH_KEYS:
                self.cache.pop(key, None)

    def spec(self, piece: Piece) -> UnitSpec:
        try:  # asked hundreds of thousands of times a turn: no property on the way
            return self.world.units[piece.uid]  # type: ignore[union-attr]
        except AttributeError:
            return self.w.units[piece.uid]  # no world: the clear error

    def strength(self, piece: Piece) -> int:
        return self.spec(piece).ladder[piece.step]

    def profile(self, piece: Piece) -> Profile:
        return self.w.profile(piece.uid, self.turn)

    def new_handle(self) -> str:
        """A fresh opaque name for a block that (re)appears, telling nothing of its identity."""
        self.next_handle += 1
        return f"b{self.next_handle}"

    def emit_move(self, kind: str, piece: Piece, frm: Node, to: Node, **extra: JSON) -> None:
        """A block seen moving: a public event naming its handle, never its identity."""
        board = self.w.board
        self.emit(
            kind,
            handle=piece.handle,
            side=piece.side,
            frm=board.id_of(frm),
            to=board.id_of(to),
            **extra,
        )

    def emit(self, kind: str, audience: str | None = None, **data: JSON) -> None:
        self.log.append(Event(kind, dict(data), audience))

    # --- serialisation -----------------------------------------------------------------

    def to_json(self) -> dict[str, JSON]:
        return {
            "scenario": self.scenario,
            # The options at their neutral value stay out (optional.compact): a basic
            # game's JSON, and its hash, are as they were before optional rules existed.
            "options": compact_options(self.options),
            "seed": self.seed,
            "turn": self.turn,
            "phase": self.phase,
            "phasing": self.phasing,
            "weather": self.weather,
            "pieces": [p.to_json() for _, p in sorted(self.pieces.items())],
            "control": "".join(CONTROL_LETTER[c] for c in self.control),
            "pp": dict(sorted(self.pp.items())),
            "pp_next": dict(sorted(self.pp_next.items())),
            "surrendered": list(self.surrendered),
            "flags": json_copy(dict(sorted(self.flags.items()))),
            "next_handle": self.next_handle,
            "result": json_copy(self.result),
            "dice": self.dice.to_json(),
            "stack": [f.to_json() for f in self.stack],
            "log": [e.to_json() for e in self.log],
        }

    @staticmethod
    def from_json(obj: Mapping[str, Any]) -> BiteState:
        pieces = [Piece.from_json(row) for row in obj["pieces"]]
        return BiteState(
            scenario=str(obj["scenario"]),
            options=expand_options(obj["options"]),
            seed=int(obj["seed"]),
            turn=int(obj["turn"]),
            phase=str(obj["phase"]),
            phasing=side_of(obj["phasing"]),
            weather=str(obj["weather"]),
            pieces={p.uid: p for p in pieces},
            control=[_CONTROL_NAME[c] for c in str(obj["control"])],
            pp={str(k): int(v) for k, v in obj["pp"].items()},
            pp_next={str(k): int(v) for k, v in obj["pp_next"].items()},
            surrendered=[str(s) for s in obj["surrendered"]],
            flags=dict(obj["flags"]),
            next_handle=int(obj["next_handle"]),
            result=obj.get("result"),
            dice=Dice.from_json(obj["dice"]),
            stack=[Frame.from_json(f) for f in obj["stack"]],
            log=[Event.from_json(e) for e in obj["log"]],
        )

    def clone(self) -> BiteState:
        """A fast copy for search: pieces and lists are copied, static data shared."""
        return BiteState(
            scenario=self.scenario,
            options=self.options,
            seed=self.seed,
            turn=self.turn,
            phase=self.phase,
            phasing=self.phasing,
            weather=self.weather,
            pieces={k: p.copy() for k, p in self.pieces.items()},
            control=list(self.control),
            pp=dict(self.pp),
            pp_next=dict(self.pp_next),
            surrendered=list(self.surrendered),
            flags=_deep(self.flags),
            next_handle=self.next_handle,
            result=None if self.result is None else dict(self.result),
            dice=self.dice.copy(),
            stack=[_copy_frame(f) for f in self.stack],
            log=list(self.log),
            world=self.world,
        )


# Who holds a hex, one letter per hex in saves and views (the one table of these letters).
CONTROL_LETTER = {AXIS: "a", SOVIET: "s", "": "-"}
_CONTROL_NAME = {v: k for k, v in CONTROL_LETTER.items()}


def _copy_frame(frame: Frame) -> Frame:
    return Frame(frame.proc, _deep(frame.vars), frame.status, _deep(frame.result))


def _deep(value: Any) -> Any:
    """Copy nested JSON-like containers (frames hold only JSON)."""
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value
