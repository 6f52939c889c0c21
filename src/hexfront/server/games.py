"""The game service: create, load, view, act, undo, AI turns, records and replays.

Game-agnostic: everything goes through the engine contract and :class:`Match`.

* The action log in the database is the source of truth. Every accepted action (or undo)
  is committed in one transaction together with the bump of the game's optimistic version
  (``UPDATE games SET version = version + 1 WHERE id = ? AND version = ?``) and the hash of
  the new state. Illegal input is refused by :class:`Match` before anything changes.
* Live games are cached in memory as :class:`LiveGame` (a :class:`Match` plus seats,
  subscribers and AI state), rebuilt from seed and log on a cache miss (a long log from
  its newest snapshot on); the rebuild is checked against the snapshot's hash and the
  stored hash of the newest state. Each seat's payload is encoded once per change.
* One asyncio lock per game orders everything that reads or changes it. The database runs
  in worker threads; so do a game's rules once one of their calls was slow (fast rules run
  on the event loop, where they cost less than a trip to a thread).
* Fog of war: whatever is sent to a seat is built by :meth:`GameService.payload` from
  ``match.view(side)`` and that side's legal actions, plus public metadata. The state, the
  seed, the record and other seats' views never go out to a seat while a game is running
  (the record opens when the game is over, or when every seat agrees).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import logging
import secrets
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from sqlalchemy import JSON as SA_JSON
from sqlalchemy import DateTime, Table, bindparam, delete, insert, select, text

from hexfront.ai.base import Agent, make_agent
from hexfront.engine.errors import HexfrontError, IllegalAction, MalformedAction, NotYourTurn
from hexfront.engine.events import JSON
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action, Game, ListsHidden, canonical_json
from hexfront.engine.records import GameRecord
from hexfront.games import registry

from . import dice
from .db import (
    ActionRow,
    Database,
    GameRow,
    OpenRequestRow,
    SeatRow,
    SnapshotRow,
    utcnow,
)
from .errors import ApiError, CorruptGame, conflict, forbidden, not_found, unprocessable
from .notify import listen, notify
from .settings import Settings

log = logging.getLogger("hexfront.server")

T = TypeVar("T")

PERSON_KINDS = ("human", "hotseat")
GAMES_T = cast(Table, GameRow.__table__)
ACTIONS_T = cast(Table, ActionRow.__table__)
SNAPSHOTS_T = cast(Table, SnapshotRow.__table__)
SEATS_T = cast(Table, SeatRow.__table__)


# The hot path's statements, prebuilt once (portable SQL; JSON bound by SQLAlchemy's type).
_BUMP = text(
    "UPDATE games SET version = :new, actions_count = :n, to_move = :to_move, "
    "state_hash = :hash, status = :status, result = :result, updated_at = :now "
    "WHERE id = :id AND version = :old"
).bindparams(
    bindparam("now", type_=DateTime(timezone=True)),
    bindparam("to_move", type_=SA_JSON),
    bindparam("result", type_=SA_JSON),
)
_LOG = text(
    "INSERT INTO actions (game_id, seq, side, action, created_at) "
    "VALUES (:id, :seq, :side, :action, :now)"
).bindparams(bindparam("now", type_=DateTime(timezone=True)), bindparam("action", type_=SA_JSON))
_UNLOG = text("DELETE FROM actions WHERE game_id = :id AND seq > :n")
_UNSNAP = text("DELETE FROM snapshots WHERE game_id = :id AND seq > :n")
_FIND_SEAT = text(
    "SELECT seats.game_id, seats.side, games.version, games.meta_version "
    "FROM seats JOIN games ON games.id = seats.game_id WHERE seats.token_hash = :digest"
)
# version, meta_version, actions_count, state_hash, newest snapshot, new actions,
# standing agreements, seat token hashes
_Changes = tuple[int, int, int, str, int, list[Any], set[str], dict[str, str | None]]
_SNAP = text(
    "INSERT INTO snapshots (game_id, seq, state, hash, created_at) "
    "VALUES (:id, :seq, :state, :hash, :now)"
).bindparams(bindparam("now", type_=DateTime(timezone=True)))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


def agent_names() -> list[str]:
    """The agents a seat may be given (``hexfront.ai.base.AGENT_NAMES`` once it exists)."""
    from hexfront.ai import base

    return list(getattr(base, "AGENT_NAMES", ("random",)))


def _agent_seed(seed: int, side: str) -> int:
    digest = hashlib.sha256(f"hexfront-agent:{seed}:{side}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(slots=True)
class Seat:
    side: str
    kind: str  # human | hotseat | ai
    agent: str | None = None
    user_id: int | None = None

    def public(self) -> dict[str, JSON]:
        return {"kind": self.kind, "agent": self.agent}


class Revoked(Exception):
    """The token a socket was opened with has been replaced."""


class Subscriber:
    """One WebSocket: holds only the newest message for its side (slow readers skip)."""

    def __init__(self, side: str, digest: str = "") -> None:
        self.side = side
        self.digest = digest  # sha256 of the seat token the socket was opened with
        self._latest: str | None = None
        self._revoked = False
        self._wake = asyncio.Event()

    def post(self, message: str) -> None:
        self._latest = message
        self._wake.set()

    def revoke(self) -> None:
        self._revoked = True
        self._wake.set()

    async def next(self) -> str:
        while self._latest is None and not self._revoked:
            self._wake.clear()
            await self._wake.wait()
        if self._revoked or self._latest is None:
            raise Revoked
        message, self._latest = self._latest, None
        return message


def socket_message(wire: bytes) -> str:
    """The WebSocket message for an encoded payload: ``{"type": "view", ...payload}``."""
    return '{"type":"view",' + wire[1:].decode()


@dataclass(eq=False)
class LiveGame:
    id: str
    game: Game[Any]
    match: Match[Any]
    seed: int
    seed_chosen: bool
    version: int
    seats: dict[str, Seat]
    # The secret the seed derives from (verifiable dice); None for a chosen seed.
    seed_secret: str | None = None
    # The sides whose agreement to open the record stands: given with the seat's current
    # token (an agreement dies when the token is replaced).
    open_sides: set[str] = field(default_factory=set)
    snapshot_seq: int = 0
    # ``games.meta_version`` as this process last saw it (tokens replaced, agreements).
    meta_version: int = 0
    # The sha256 of each person's seat token, as last read: a socket opened with another
    # one is closed.
    token_hashes: dict[str, str | None] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: dict[str, set[Subscriber]] = field(default_factory=dict)
    agents: dict[str, Agent] = field(default_factory=dict)
    thinking: str | None = None
    ai_error: str | None = None
    ai_task: asyncio.Task[None] | None = None
    broken: bool = False  # memory and database may disagree: rebuild before use
    slow: bool = False  # the rules once took long: run them in worker threads
    # The encoded payload of each seat for the current state and metadata; replaced
    # whole after every change, so a view request needs no rules work when it is here.
    wire: dict[str, bytes] = field(default_factory=dict)
    # The legal actions of each side at version ``legal_at`` (computed for the payload,
    # then used to check an action's JSON types); dropped at every change of the state.
    legal: dict[str, Sequence[Action]] = field(default_factory=dict)
    legal_at: int = -1

    def has_ai(self) -> bool:
        return any(seat.kind == "ai" for seat in self.seats.values())

    def is_open(self) -> bool:
        """Every seat agreed, with its current token, to open the record before the end.

        Never against the computer: an AI seat cannot agree, and a person who could open
        the record alone would play on knowing everything."""
        if self.has_ai():
            return False
        return set(self.seats) <= self.open_sides

    def record_readable(self) -> bool:
        return self.match.is_over() or self.is_open()

    def watched_sides(self) -> set[str]:
        return {side for side, subs in self.subscribers.items() if subs}

    def ai_to_move(self) -> str | None:
        if self.match.is_over():
            return None
        for side in self.match.active_sides():
            if self.seats[side].kind == "ai":
                return side
        return None

    def agent(self, side: str) -> Agent:
        if side not in self.agents:
            name = self.seats[side].agent or "random"
            self.agents[side] = make_agent(name, _agent_seed(self.seed, side))
        return self.agents[side]

    def idle(self) -> bool:
        return not self.watched_sides() and self.ai_task is None and not self.lock.locked()

    def legal_for(self, side: str) -> Sequence[Action]:
        if self.legal_at != self.version:
            self.legal, self.legal_at = {}, self.version
        if side not in self.legal:
            self.legal[side] = self.match.legal_actions(side)
        return self.legal[side]


@dataclass(slots=True)
class _Change:
    """A change made to a match, ready to be written."""

    action: Action | None  # None: an undo
    n: int  # actions in the log after the change
    body: str  # canonical JSON of the new state
    digest: str  # its sha256
    over: bool
    result: dict[str, JSON] | None
    to_move: list[str]
    snapshot: bool


class _StaleInDatabase(Exception):
    """The database holds a newer version than this process: another writer got there."""


def _json_type_matches(default: JSON, value: JSON) -> bool:
    if isinstance(default, bool) or isinstance(value, bool):
        return isinstance(default, bool) and isinstance(value, bool)
    if isinstance(default, int | float) and not isinstance(default, bool):
        return isinstance(value, int | float)
    if default is None:
        return True
    return isinstance(value, type(default))


class GameService:
    """Every operation on games, shared by the HTTP routes and the WebSockets."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        self.pool = ThreadPoolExecutor(settings.workers, thread_name_prefix="hexfront")
        self.cache: OrderedDict[str, LiveGame] = OrderedDict()
        self._loading: dict[str, asyncio.Future[LiveGame]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def run(self, fn: Callable[..., T], *args: Any, finish: bool = True) -> T:
        """Run blocking work (database, slow rules) in a worker thread.

        With ``finish`` (the default) a cancelled caller still waits for the work to end
        before the cancellation goes on, so that the game's lock is never released while
        a thread is still changing the game."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.pool, functools.partial(fn, *args))
        if not finish:
            return await future
        try:
            return await asyncio.shield(future)
        except asyncio.CancelledError:
            while not future.done():
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.wait({future})
            raise

    async def rules(self, live: LiveGame, fn: Callable[..., T], *args: Any) -> T:
        """Run rules work (apply, views, hashes) on the event loop while the game's rules
        are fast, in a worker thread once a call took longer than ``slow_rules_ms``."""
        if live.slow:
            return await self.run(fn, *args)
        start = time.perf_counter()
        try:
            return fn(*args)
        finally:
            if time.perf_counter() - start > self.settings.slow_rules_ms / 1000:
                live.slow = True

    def start_listening(self) -> None:
        """With PostgreSQL, hear of the changes other server processes make (and push
        them to this process's sockets); SQLite has one process and nothing to hear."""
        if self.db.is_sqlite:
            return
        task = asyncio.get_running_loop().create_task(
            listen(self.db.url, self.on_notice, self.freshen_all, self._tasks)
        )
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        self.pool.shutdown(wait=True)

    # --- games on offer ---------------------------------------------------------------

    def load_game(self, name: str) -> Game[Any]:
        if name in self.settings.extra_games:
            return self.settings.extra_games[name]
        try:
            return registry.load_game(name)
        except HexfrontError as exc:
            raise unprocessable("unknown_game", str(exc)) from None

    def catalog(self) -> dict[str, JSON]:
        games: list[JSON] = []
        entries = [e.to_json() for e in registry.catalog()]
        for name, game in self.settings.extra_games.items():
            entries.append(
                {
                    "name": name,
                    "title": game.title,
                    "sides": list(game.sides),
                    "status": "test game",
                    "scenarios": [s.to_json() for s in game.scenarios()],
                }
            )
        for entry in entries:
            try:
                game = self.load_game(str(entry["name"]))
                options: list[JSON] = [o.to_json() for o in game.options()]
                playable = True
            except ApiError:
                options, playable = [], False
            games.append({**entry, "options": options, "playable": playable})
        return {
            "games": games,
            "seat_kinds": [*PERSON_KINDS, *agent_names()],
            "agents": agent_names(),
        }

    # --- creating ---------------------------------------------------------------------

    async def create(
        self,
        game_name: str,
        scenario: str,
        options: Mapping[str, JSON],
        seed: int | None,
        opponents: Mapping[str, str],
        play_as: str | None,
        user_id: int | None,
    ) -> dict[str, JSON]:
        game = self.load_game(game_name)
        scenario_info = {s.id: s for s in game.scenarios()}.get(scenario)
        if scenario_info is None:
            known = ", ".join(s.id for s in game.scenarios())
            raise unprocessable(
                "unknown_scenario", f"{game_name} has no scenario {scenario!r}; known: {known}"
            )
        if not scenario_info.playable:
            raise unprocessable("scenario_not_playable", f"{scenario} is not playable yet")
        full_options = self._check_options(game, options)
        seats = self._check_seats(game, opponents)
        if play_as is not None and (play_as not in seats or seats[play_as].kind == "ai"):
            raise unprocessable("bad_side", "play_as must be a side played by a person")
        if play_as is None:
            play_as = next(
                (s for s, seat in seats.items() if seat.kind == "hotseat"),
                next(s for s, seat in seats.items() if seat.kind != "ai"),
            )
        if user_id is not None:
            for side, seat in seats.items():
                if side == play_as or seat.kind == "hotseat":
                    seat.user_id = user_id
        people = [seat for seat in seats.values() if seat.kind != "ai"]
        if seed is not None and len(people) > 1 and any(p.kind == "human" for p in people):
            # Its chooser could rebuild the setup offline: every hidden block, every die.
            raise unprocessable(
                "seed_not_allowed",
                "when two people play from different places the server always draws the "
                "dice in secret: leave the seed out (a seed of your own is for games against "
                "the computer, or with every side at one screen)",
            )
        seed_chosen = seed is not None
        secret: str | None = None
        if seed is None:
            secret, seed = dice.draw()  # committed to at once: sha256(secret) to every seat
        tokens = {side: new_token() for side, seat in seats.items() if seat.kind != "ai"}
        game_id = secrets.token_urlsafe(9)

        def build() -> LiveGame:
            try:
                match: Match[Any] = Match(game, scenario, full_options, seed)
            except (HexfrontError, ValueError, TypeError, KeyError) as exc:
                raise unprocessable("bad_setup", f"the game could not be set up: {exc}") from None
            live = LiveGame(game_id, game, match, seed, seed_chosen, 0, seats, secret)
            body = canonical_json(game.to_json(match.state))
            with self.db.write() as s:
                s.execute(
                    insert(GAMES_T).values(
                        id=game_id,
                        game=game.name,
                        scenario=scenario,
                        options=full_options,
                        seed=seed,
                        seed_chosen=seed_chosen,
                        seed_secret=secret,
                        status="over" if match.is_over() else "active",
                        version=0,
                        actions_count=0,
                        to_move=match.active_sides(),
                        state_hash=hashlib.sha256(body.encode()).hexdigest(),
                        result=_result(match),
                        created_at=utcnow(),
                        updated_at=utcnow(),
                    )
                )
                for side, seat in seats.items():
                    s.execute(
                        insert(SEATS_T).values(
                            game_id=game_id,
                            side=side,
                            kind=seat.kind,
                            agent=seat.agent,
                            token_hash=token_hash(tokens[side]) if side in tokens else None,
                            user_id=seat.user_id,
                        )
                    )
            live.thinking = live.ai_to_move()
            return live

        live = await self.run(build)
        live.token_hashes = {side: token_hash(token) for side, token in tokens.items()}
        self.cache[game_id] = live
        self._evict()
        self._maybe_start_ai(live)
        return {
            "id": game_id,
            "seats": dict(tokens),
            "kinds": {side: seat.kind for side, seat in seats.items()},
            "play_as": play_as,
            "links": {side: f"/#game={game_id}&token={token}" for side, token in tokens.items()},
            "version": 0,
        }

    def _check_options(self, game: Game[Any], given: Mapping[str, JSON]) -> dict[str, JSON]:
        infos = {o.name: o for o in game.options()}
        unknown = sorted(set(given) - set(infos))
        if unknown:
            raise unprocessable(
                "unknown_option",
                f"{game.name} has no option {', '.join(unknown)}; "
                f"options: {', '.join(infos) or 'none'}",
            )
        out: dict[str, JSON] = {}
        for name, info in infos.items():
            value = given.get(name, info.default)
            if not _json_type_matches(info.default, value) or (
                info.choices and value not in info.choices
            ):
                allowed = ", ".join(map(str, info.choices)) if info.choices else "its type"
                raise unprocessable("bad_option", f"option {name!r} must be one of {allowed}")
            out[name] = value
        return out

    def _check_seats(self, game: Game[Any], opponents: Mapping[str, str]) -> dict[str, Seat]:
        unknown = sorted(set(opponents) - set(game.sides))
        if unknown:
            raise unprocessable(
                "unknown_side",
                f"{game.name} has no side {', '.join(unknown)}; sides: {', '.join(game.sides)}",
            )
        seats: dict[str, Seat] = {}
        for side in game.sides:
            who = opponents.get(side, "human")
            if who in PERSON_KINDS:
                seats[side] = Seat(side, who)
                continue
            try:
                make_agent(who, 0)
            except ValueError as exc:
                raise unprocessable("unknown_agent", f"{side}: {exc}") from None
            seats[side] = Seat(side, "ai", who)
        if all(seat.kind == "ai" for seat in seats.values()):
            raise unprocessable("no_person", "at least one side must be played by a person")
        return seats

    # --- loading ----------------------------------------------------------------------

    async def live(self, game_id: str) -> LiveGame:
        """The live game, from the cache or rebuilt from its seed and action log."""
        cached = self.cache.get(game_id)
        if cached is not None and not cached.broken:
            self.cache.move_to_end(game_id)
            return cached
        pending = self._loading.get(game_id)
        if pending is not None:
            return await asyncio.shield(pending)
        future: asyncio.Future[LiveGame] = asyncio.get_running_loop().create_future()
        self._loading[game_id] = future
        try:
            live = await self.run(self._rebuild, game_id)
            if cached is not None and cached.watched_sides():
                # Rebuilt after a change elsewhere: its sockets move over, get the new
                # views, and those opened with a replaced token are closed.
                live.subscribers = cached.subscribers
                cached.subscribers = {}
                self._revoke_replaced(live)
                async with live.lock:
                    self._publish(live, await self.rules(live, self.encode, live))
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: no "never retrieved" warning without waiters
            raise
        finally:
            del self._loading[game_id]
        self.cache[game_id] = live
        self._evict()
        future.set_result(live)
        self._maybe_start_ai(live)
        return live

    def _rebuild(self, game_id: str) -> LiveGame:
        with self.db.read() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                raise not_found(f"no game {game_id!r}")
            seat_rows = s.scalars(select(SeatRow).where(SeatRow.game_id == game_id)).all()
            action_rows = s.execute(
                select(ACTIONS_T.c.seq, ACTIONS_T.c.action)
                .where(ACTIONS_T.c.game_id == game_id)
                .order_by(ACTIONS_T.c.seq)
            ).all()
            long_log = len(action_rows) > self.settings.replay_from_snapshot_after
            columns = [SNAPSHOTS_T.c.seq, SNAPSHOTS_T.c.hash]
            if long_log:
                columns.append(SNAPSHOTS_T.c.state)
            snap = s.execute(
                select(*columns)
                .where(SNAPSHOTS_T.c.game_id == game_id)
                .order_by(SNAPSHOTS_T.c.seq.desc())
                .limit(1)
            ).first()
            open_sides = _standing_agreements(s, game_id)
        if [seq for seq, _ in action_rows] != list(range(1, len(action_rows) + 1)):
            raise CorruptGame(f"game {game_id}: the action log has gaps")
        game = self.load_game(row.game)
        seats = {r.side: Seat(r.side, r.kind, r.agent, r.user_id) for r in seat_rows}
        actions = [a for _, a in action_rows]
        if long_log and snap is not None:
            match = resume_match(game, row, actions, (snap[0], snap[1], snap[2]), game_id)
        else:
            snapshot = (snap[0], snap[1]) if snap is not None else None
            match = rebuild_match(game, row, actions, snapshot, game_id)
        live = LiveGame(
            game_id,
            game,
            match,
            row.seed,
            row.seed_chosen,
            row.version,
            seats,
            row.seed_secret,
            open_sides,
        )
        live.snapshot_seq = snap[0] if snap else 0
        live.meta_version = row.meta_version
        live.token_hashes = {r.side: r.token_hash for r in seat_rows if r.kind != "ai"}
        live.thinking = live.ai_to_move()
        return live

    def _evict(self) -> None:
        excess = len(self.cache) - self.settings.cache_size
        if excess <= 0:
            return
        for game_id in [gid for gid, live in self.cache.items() if live.idle()][:excess]:
            del self.cache[game_id]

    @asynccontextmanager
    async def locked(self, game_id: str) -> AsyncIterator[LiveGame]:
        """The live game with its lock held; a game found broken is rebuilt first."""
        for _ in range(3):
            live = await self.live(game_id)
            async with live.lock:
                if live.broken:
                    continue
                yield live
                return
        raise ApiError(503, "unavailable", "the game could not be loaded; try again")

    # --- seats ------------------------------------------------------------------------

    async def seat_for(self, game_id: str, token: str | None) -> str:
        """The side a seat token plays in ``game_id``: 401 for no or a bad token, 403 for
        a token of another game.

        Asked of the database at every request, never of a cache: a token replaced by
        another server process stops working here at once. The same query returns the
        game's versions, and a live game older than them is brought up to date first, so
        no request is answered from a stale view."""
        if not token:
            raise ApiError(401, "missing_token", "send the seat token: Authorization: Bearer …")
        digest = token_hash(token)
        # SQLite answers this from the page cache in about 0.1 ms, and a WAL reader never
        # waits for a writer: cheaper on the event loop than a trip to a worker thread.
        hit = (
            self._find_seat(digest)
            if self.db.is_sqlite
            else await self.run(self._find_seat, digest)
        )
        if hit is None:
            raise ApiError(401, "bad_token", "this seat token is not valid")
        if hit[0] != game_id:
            raise forbidden("wrong_game", "this seat token belongs to another game")
        await self.freshen(game_id, hit[2], hit[3])
        return hit[1]

    def _find_seat(self, digest: str) -> tuple[str, str, int, int] | None:
        with self.db.engine.connect() as conn:
            row = conn.execute(_FIND_SEAT, {"digest": digest}).first()
        return (row[0], row[1], int(row[2]), int(row[3])) if row else None

    # --- other processes' changes -----------------------------------------------------

    async def freshen(self, game_id: str, version: int | None, meta: int | None) -> None:
        """Bring the live game (if this process holds it) up to the database's
        ``version`` and ``meta_version`` (``None``: whatever the database holds now),
        and push the new views to its sockets."""
        live = self.cache.get(game_id)
        if live is None or live.broken or not self._behind(live, version, meta):
            return
        async with live.lock:
            if live.broken or not self._behind(live, version, meta):
                return
            await self._sync(live)
        if live.broken and live.watched_sides():
            await self.live(game_id)  # rebuilt now, so that its sockets hear of it

    @staticmethod
    def _behind(live: LiveGame, version: int | None, meta: int | None) -> bool:
        if version is None or meta is None:
            return True
        return version > live.version or meta > live.meta_version

    async def _sync(self, live: LiveGame) -> None:
        """Catch up with changes stored by another process (the caller holds the lock).

        New actions only (no undo among them): they are replayed on the live match and
        the result checked against the stored hash. Anything else (an undo, a mismatch)
        marks the game broken, and it is rebuilt from the database before its next use."""
        n = len(live.match.record.actions)
        found = await self.run(self._changes_since, live.id, n)
        if found is None:
            live.broken, live.wire = True, {}
            return
        version, meta, count, digest, snap, actions, agreed, hashes = found
        if version != live.version:
            if version - live.version != count - n or count < n or len(actions) != count - n:
                live.broken, live.wire = True, {}  # an undo happened: rebuild
                return

            def catch_up() -> str:
                for raw in actions:
                    live.match.act(Action.from_json(raw))
                return live.match.hash()

            try:
                caught = await self.rules(live, catch_up)
            except HexfrontError:
                caught = ""
            live.legal_at = -1
            if caught != digest:
                live.broken, live.wire = True, {}
                return
            live.version = version
            live.snapshot_seq = max(live.snapshot_seq, snap)
            live.thinking = live.ai_to_move()
        live.meta_version = max(live.meta_version, meta)
        live.open_sides = agreed
        live.token_hashes = hashes
        self._revoke_replaced(live)
        live.wire = {}
        self._publish(live, await self.rules(live, self.encode, live))

    def _changes_since(self, game_id: str, n: int) -> _Changes | None:
        with self.db.read() as s:
            row = s.execute(
                select(
                    GAMES_T.c.version,
                    GAMES_T.c.meta_version,
                    GAMES_T.c.actions_count,
                    GAMES_T.c.state_hash,
                ).where(GAMES_T.c.id == game_id)
            ).first()
            if row is None:
                return None
            actions = list(
                s.scalars(
                    select(ACTIONS_T.c.action)
                    .where(ACTIONS_T.c.game_id == game_id, ACTIONS_T.c.seq > n)
                    .order_by(ACTIONS_T.c.seq)
                )
            )
            snap = s.scalar(
                select(SNAPSHOTS_T.c.seq)
                .where(SNAPSHOTS_T.c.game_id == game_id)
                .order_by(SNAPSHOTS_T.c.seq.desc())
                .limit(1)
            )
            hashes = {
                side: digest
                for side, kind, digest in s.execute(
                    select(SEATS_T.c.side, SEATS_T.c.kind, SEATS_T.c.token_hash).where(
                        SEATS_T.c.game_id == game_id
                    )
                )
                if kind != "ai"
            }
            agreed = _standing_agreements(s, game_id)
        return (
            int(row[0]),
            int(row[1]),
            int(row[2]),
            str(row[3]),
            int(snap or 0),
            actions,
            agreed,
            hashes,
        )

    @staticmethod
    def _revoke_replaced(live: LiveGame) -> None:
        """Close the sockets opened with a seat token that is no longer the seat's."""
        for side, subs in live.subscribers.items():
            for sub in list(subs):
                if sub.digest and sub.digest != live.token_hashes.get(side):
                    sub.revoke()
                    subs.discard(sub)

    async def on_notice(self, payload: str) -> None:
        """A PostgreSQL notification ``"<game id> <version> <meta_version>"`` from a
        process that changed a game (this one's own are ignored by their versions)."""
        game_id, _, rest = payload.partition(" ")
        try:
            version, meta = (int(x) for x in rest.split())
        except ValueError:
            return
        if game_id in self.cache:
            await self.freshen(game_id, version, meta)

    async def freshen_all(self) -> None:
        """Check every game held here against the database (after notifications may
        have been missed: the listening connection was lost)."""
        for game_id in list(self.cache):
            with contextlib.suppress(ApiError, CorruptGame):
                await self.freshen(game_id, None, None)

    # --- what a seat sees -------------------------------------------------------------

    def payload(self, live: LiveGame, side: str) -> dict[str, JSON]:
        """Everything a seat receives about its game: built from its own view only."""
        match = live.match
        result = match.result()
        to_move = match.active_sides()
        return {
            "id": live.id,
            "game": live.game.name,
            "scenario": match.record.scenario,
            "options": match.record.options,
            "side": side,
            "version": live.version,
            "seq": len(match.record.actions),
            "status": "over" if match.is_over() else "active",
            "to_move": to_move,
            "your_turn": side in to_move,
            "view": match.view(side),
            "legal_actions": [a.to_json() for a in live.legal_for(side)] if to_move else [],
            "can_undo": match.can_undo(side),
            "result": result.to_json() if result else None,
            "seats": {s: seat.public() for s, seat in live.seats.items()},
            "ai": {"thinking": live.thinking, "error": live.ai_error},
            "record": {"open": live.record_readable(), "agreed": sorted(live.open_sides)},
            "seed_chosen_by_creator": live.seed_chosen,
            "dice_commitment": dice.commitment(live.seed_secret) if live.seed_secret else None,
        }

    def encode(self, live: LiveGame, sides: set[str] | None = None) -> dict[str, bytes]:
        """Encoded payloads of ``sides`` (default: the sides with open sockets)."""
        sides = live.watched_sides() if sides is None else sides
        return {
            side: json.dumps(
                self.payload(live, side), ensure_ascii=False, separators=(",", ":")
            ).encode()
            for side in sides
        }

    def _publish(self, live: LiveGame, wire: dict[str, bytes]) -> None:
        """Make ``wire`` the current payloads and push them to the open sockets."""
        live.wire = wire
        for side, subs in live.subscribers.items():
            if subs and side in wire:
                message = socket_message(wire[side])
                for sub in subs:
                    sub.post(message)

    async def view(self, game_id: str, side: str) -> bytes:
        live = await self.live(game_id)
        if not live.broken and side in live.wire:
            return live.wire[side]
        async with self.locked(game_id) as live:
            if side not in live.wire:
                live.wire.update(await self.rules(live, self.encode, live, {side}))
            return live.wire[side]

    async def subscribe(
        self, game_id: str, side: str, digest: str = ""
    ) -> tuple[LiveGame, Subscriber]:
        async with self.locked(game_id) as live:
            subs = live.subscribers.setdefault(side, set())
            if len(subs) >= self.settings.max_sockets_per_seat:
                raise ApiError(429, "too_many_sockets", "too many open sockets for this seat")
            if side not in live.wire:
                live.wire.update(await self.rules(live, self.encode, live, {side}))
            sub = Subscriber(side, digest)
            sub.post(socket_message(live.wire[side]))
            subs.add(sub)
            return live, sub

    def unsubscribe(self, live: LiveGame, sub: Subscriber) -> None:
        live.subscribers.get(sub.side, set()).discard(sub)

    async def new_token(
        self, game_id: str, side: str, user_id: int | None = None
    ) -> dict[str, JSON]:
        """Replace a seat's token: the old one stops working at once, sockets opened with
        it are closed. With ``user_id``, only for a seat attached to that account."""
        token = new_token()

        def rotate() -> tuple[str | None, int]:
            with self.db.write() as s:
                seat = s.get(SeatRow, (game_id, side))
                if seat is None or seat.kind == "ai":
                    raise not_found("no such seat")
                if user_id is not None and seat.user_id != user_id:
                    raise forbidden("not_your_seat", "that seat is not attached to your account")
                old, seat.token_hash = seat.token_hash, token_hash(token)
                # An agreement to open the record was given with the old token: it dies.
                s.execute(
                    delete(OpenRequestRow).where(
                        OpenRequestRow.game_id == game_id, OpenRequestRow.side == side
                    )
                )
                s.flush()
                return old, _bump_meta(s, game_id, not self.db.is_sqlite)

        old, meta = await self.run(rotate)
        live = self.cache.get(game_id)
        if live is not None:
            for sub in list(live.subscribers.get(side, ())):
                if sub.digest == old:
                    sub.revoke()
            async with live.lock:
                if not live.broken:
                    live.token_hashes[side] = token_hash(token)
                    live.meta_version = max(live.meta_version, meta)
                    if side in live.open_sides:
                        live.open_sides.discard(side)
                        self._publish(live, await self.rules(live, self.encode, live))
        return {
            "id": game_id,
            "side": side,
            "token": token,
            "link": f"/#game={game_id}&token={token}",
        }

    # --- acting -----------------------------------------------------------------------

    @staticmethod
    def parse_action(raw: JSON, side: str) -> Action:
        if isinstance(raw, dict) and "side" not in raw:
            raw = {**raw, "side": side}
        try:
            action = Action.from_json(raw)
        except MalformedAction as exc:
            raise unprocessable("malformed_action", str(exc)) from None
        if action.side != side:
            raise forbidden("wrong_side", f"this seat plays {side}, not {action.side}")
        return action

    @staticmethod
    def _check_version(live: LiveGame, version: int) -> None:
        if version != live.version:
            raise conflict(
                "stale_version",
                f"the game is at version {live.version}, not {version}: reload the view",
            )

    async def act(self, game_id: str, side: str, raw: JSON, version: int) -> bytes:
        action = self.parse_action(raw, side)
        async with self.locked(game_id) as live:
            self._check_version(live, version)
            wire = await self._change(live, action, side)
        self._maybe_start_ai(live)
        return wire[side]

    async def undo(self, game_id: str, side: str, version: int) -> bytes:
        async with self.locked(game_id) as live:
            self._check_version(live, version)
            if not live.match.can_undo(side):
                raise unprocessable("nothing_to_undo", f"{side} has nothing to undo now")
            wire = await self._change(live, None, side)
        return wire[side]

    async def _change(self, live: LiveGame, action: Action | None, side: str) -> dict[str, bytes]:
        """Apply an action (or undo ``side``'s last one), store it, publish the new views.

        The caller holds the game's lock. Illegal input raises before anything changes.
        Slow rules do it all in one worker thread; fast ones run on the event loop and
        only the database write goes to a thread."""
        sides = live.watched_sides() | ({side} if live.seats[side].kind != "ai" else set())
        if live.slow:
            wire = await self.run(self._change_sync, live, action, side, sides)
        else:
            start = time.perf_counter()
            change = self._apply(live, action, side)
            if time.perf_counter() - start > self.settings.slow_rules_ms / 1000:
                live.slow = True
            await self.run(self._commit, live, change)
            wire = self.encode(live, sides)
        self._publish(live, wire)
        return wire

    def _change_sync(
        self, live: LiveGame, action: Action | None, side: str, sides: set[str]
    ) -> dict[str, bytes]:
        self._commit(live, self._apply(live, action, side))
        return self.encode(live, sides)

    def _commit(self, live: LiveGame, change: _Change) -> None:
        """Write a change already made to the match, in one transaction, and bring the
        live game up to date. If the write fails, memory is ahead of the database: the
        game is marked broken and is rebuilt from the database before its next use."""
        try:
            self._write(live, change)
        except _StaleInDatabase:
            live.broken, live.wire = True, {}
            raise conflict(
                "stale_version", "the game was changed elsewhere: reload the view"
            ) from None
        except BaseException:
            live.broken, live.wire = True, {}
            raise
        live.version += 1
        live.wire = {}  # the new views are encoded next
        if change.snapshot:
            live.snapshot_seq = change.n
        elif change.action is None:
            live.snapshot_seq = min(live.snapshot_seq, change.n)
        live.thinking = live.ai_to_move()

    def _apply(self, live: LiveGame, action: Action | None, side: str) -> _Change:
        """Change the match (rules work): apply ``action``, or undo ``side``'s last one."""
        match, game = live.match, live.game
        if action is None:
            match.undo(side)
        else:
            action = self._as_listed(live, action)
            try:
                match.act(action)
            except NotYourTurn as exc:
                raise unprocessable("not_your_turn", str(exc)) from None
            except IllegalAction as exc:
                raise unprocessable("illegal_action", str(exc)) from None
        live.legal_at = -1  # the state changed
        n = len(match.record.actions)
        body = canonical_json(game.to_json(match.state))
        over = match.is_over()
        result = match.result()
        # A snapshot is taken where no undo is pending, so that a game rebuilt from it has
        # exactly the undo stack of the original (an empty one).
        snapshot = action is not None and (
            over
            or (
                n - live.snapshot_seq >= self.settings.snapshot_every
                and not any(match.can_undo(s) for s in game.sides)
            )
        )
        return _Change(
            action,
            n,
            body,
            hashlib.sha256(body.encode()).hexdigest(),
            over,
            result.to_json() if result else None,
            match.active_sides(),
            snapshot,
        )

    @staticmethod
    def _as_listed(live: LiveGame, action: Action) -> Action:
        """The legal action that ``action`` names, with exactly its JSON types.

        Python compares ``True == 1 == 1.0``, so a loose comparison would accept (and log)
        ``true`` or ``1.0`` where the list has ``1``. An action equal to a listed one only
        that way is refused; one that is not listed at all is left for :meth:`Match.act`
        to refuse. The listed object itself is returned, so the log holds the game's own."""
        if action.side not in live.game.sides or action.side not in live.match.active_sides():
            return action
        for listed in live.legal_for(action.side):
            if listed == action:
                if listed.key() != action.key():
                    raise unprocessable(
                        "wrong_type",
                        "this action is legal only with other JSON types: send every value "
                        "exactly as the list of legal actions has it (a whole number as 2, "
                        "not 2.0; true or false, not 1 or 0)",
                    )
                return listed
        return action

    def _write(self, live: LiveGame, change: _Change) -> None:
        """Store a change in one transaction, guarded by the optimistic version."""
        now = utcnow()
        with self.db.write_conn() as conn:
            done = conn.execute(
                _BUMP,
                {
                    "id": live.id,
                    "old": live.version,
                    "new": live.version + 1,
                    "n": change.n,
                    "to_move": change.to_move,
                    "hash": change.digest,
                    "status": "over" if change.over else "active",
                    "result": change.result,
                    "now": now,
                },
            )
            if done.rowcount != 1:
                raise _StaleInDatabase(live.id)
            if not self.db.is_sqlite:
                notify(conn, live.id, live.version + 1, live.meta_version)
            if change.action is not None:
                conn.execute(
                    _LOG,
                    {
                        "id": live.id,
                        "seq": change.n,
                        "side": change.action.side,
                        "action": change.action.to_json(),
                        "now": now,
                    },
                )
            else:
                conn.execute(_UNLOG, {"id": live.id, "n": change.n})
                conn.execute(_UNSNAP, {"id": live.id, "n": change.n})
            if change.snapshot:
                conn.execute(
                    _SNAP,
                    {
                        "id": live.id,
                        "seq": change.n,
                        "state": change.body,
                        "hash": change.digest,
                        "now": now,
                    },
                )

    # --- the AI -----------------------------------------------------------------------

    def _maybe_start_ai(self, live: LiveGame) -> None:
        if live.thinking is None or live.ai_error is not None or live.ai_task is not None:
            return
        task = asyncio.get_running_loop().create_task(self._ai_loop(live))
        live.ai_task = task
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _ai_loop(self, live: LiveGame) -> None:
        """Let AI seats move while it is their turn: one committed action at a time.

        The agent receives only its side's view and legal actions. It thinks without
        holding the game's lock, so the other seats' views stay readable meanwhile.
        """
        try:
            while True:
                async with live.lock:
                    if live.broken or self.cache.get(live.id) is not live:
                        return
                    side = live.ai_to_move()
                    live.thinking = side
                    if side is None:
                        return
                    version = live.version

                    def look(s: str = side) -> tuple[dict[str, JSON], Sequence[Action]]:
                        return live.match.view(s), live.match.legal_actions(s)

                    view, legal = await self.rules(live, look)
                if self.settings.ai_delay:
                    await asyncio.sleep(self.settings.ai_delay)
                action = await self.run(live.agent(side).choose, view, legal, finish=False)
                async with live.lock:
                    if live.broken or live.version != version:
                        continue
                    if action.side != side:
                        raise RuntimeError(f"agent for {side} chose an action for {action.side}")
                    await self._change(live, action, side)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if isinstance(exc, ApiError) and exc.status == 409:
                # Another server process changed the game first: it is rebuilt from the
                # database at its next use, and the AI starts again there if to move.
                return
            # The detail may name the AI's own hidden blocks: it goes to the log only.
            log.exception("AI seat failed in game %s", live.id)
            live.ai_error = "the AI could not move; see the server log"
            live.thinking = None
            async with live.lock:
                self._publish(live, await self.rules(live, self.encode, live))
        finally:
            live.ai_task = None

    async def settle(self, game_id: str) -> None:
        """Wait until no AI seat of the game is moving (for tests and benchmarks)."""
        live = self.cache.get(game_id)
        while live is not None and live.ai_task is not None:
            await asyncio.shield(live.ai_task)

    # --- records, replays, opening ----------------------------------------------------

    async def agree_open(self, game_id: str, side: str, agree: bool, token: str) -> bytes:
        """Agree (or withdraw the agreement) to open the record before the game is over.

        The agreement is tied to the seat token that gave it: when the seat's token is
        replaced, it no longer counts. Withdrawing always works, and closes an opened
        record again (what was read while it was open cannot be taken back). Against the
        computer the record opens only at the end."""
        async with self.locked(game_id) as live:
            if agree and live.has_ai() and not live.match.is_over():
                raise conflict(
                    "not_against_the_computer",
                    "a game against the computer opens its record only when it is over",
                )
            stored = await self.run(self._store_open, live.id, side, agree, token_hash(token))
            live.open_sides = stored[0]
            live.meta_version = max(live.meta_version, stored[1])
            wire = await self.rules(live, self.encode, live, live.watched_sides() | {side})
            self._publish(live, wire)
        return wire[side]

    def _store_open(
        self, game_id: str, side: str, agree: bool, digest: str
    ) -> tuple[set[str], int]:
        """Store an agreement (only while ``digest`` is still the seat's token) or remove
        it; the standing agreements and the game's new ``meta_version`` after it."""
        with self.db.write() as s:
            current = s.scalar(
                select(SEATS_T.c.token_hash).where(
                    SEATS_T.c.game_id == game_id, SEATS_T.c.side == side
                )
            )
            s.execute(
                delete(OpenRequestRow).where(
                    OpenRequestRow.game_id == game_id, OpenRequestRow.side == side
                )
            )
            if agree:
                if current != digest:
                    raise ApiError(401, "bad_token", "this seat token is not valid")
                s.add(
                    OpenRequestRow(
                        game_id=game_id, side=side, token_hash=digest, created_at=utcnow()
                    )
                )
            meta = _bump_meta(s, game_id, not self.db.is_sqlite)
            return _standing_agreements(s, game_id), meta

    async def record(self, game_id: str) -> dict[str, JSON]:
        async with self.locked(game_id) as live:
            if not live.record_readable():
                raise forbidden(
                    "record_closed",
                    "the record opens when the game is over or when every seat agrees",
                )

            def build() -> dict[str, JSON]:
                match = live.match
                rec = GameRecord(
                    match.record.game,
                    match.record.scenario,
                    dict(match.record.options),
                    match.record.seed,
                    list(match.record.actions),
                    match.hash(),
                )
                return {
                    "id": live.id,
                    "status": "over" if match.is_over() else "active",
                    "result": _result(match),
                    "seats": {s: seat.public() for s, seat in live.seats.items()},
                    "record": rec.to_json(),
                    "dice": dice.reveal(live.seed_secret),
                }

            return await self.run(build)

    async def replay(self, game_id: str, upto: int | None, side: str | None) -> dict[str, JSON]:
        async with self.locked(game_id) as live:
            if not live.record_readable():
                raise forbidden(
                    "record_closed",
                    "replays open when the game is over or when every seat agrees",
                )
            actions = list(live.match.record.actions)
            record = live.match.record
        total = len(actions)
        upto = total if upto is None else upto
        if not 0 <= upto <= total:
            raise unprocessable("bad_upto", f"upto must be between 0 and {total}")
        if side is not None and side not in live.game.sides:
            raise unprocessable("unknown_side", f"side must be one of {', '.join(live.game.sides)}")

        def build() -> dict[str, JSON]:
            game = live.game
            # Seen from one side, the last action is checked against the state before it
            # too, so the replay starts at or before that state.
            state, start = self._snapshot_before(live, upto - 1 if side and upto else upto)
            if state is None:
                state = game.setup(record.scenario, record.options, record.seed)
            hidden: set[str] | None = set()
            for i in range(start, upto):
                action = actions[i]
                if action not in game.legal_actions(state, action.side):
                    raise CorruptGame(f"game {live.id}: action #{i} is not legal when replayed")
                if i == upto - 1 and side is not None and action.side != side:
                    hidden = _hidden_from(game, state, side)
                game.apply(state, action)
            last: JSON = None
            if upto:
                last = actions[upto - 1].to_json()
                if side is not None and actions[upto - 1].side != side:
                    after = _hidden_from(game, state, side)
                    both = None if hidden is None or after is None else hidden | after
                    last = _redact(actions[upto - 1], both)
            return {
                "id": live.id,
                "upto": upto,
                "total": total,
                "side": side,
                "to_move": game.active_sides(state),
                "view": game.view(state, side),
                "action": last,
            }

        return await self.run(build)

    def _snapshot_before(self, live: LiveGame, upto: int) -> tuple[Any, int]:
        with self.db.read() as s:
            row = s.execute(
                select(SNAPSHOTS_T.c.seq, SNAPSHOTS_T.c.state, SNAPSHOTS_T.c.hash)
                .where(SNAPSHOTS_T.c.game_id == live.id, SNAPSHOTS_T.c.seq <= upto)
                .order_by(SNAPSHOTS_T.c.seq.desc())
                .limit(1)
            ).first()
        if row is None:
            return None, 0
        seq, body, digest = row
        if hashlib.sha256(body.encode()).hexdigest() != digest:
            raise CorruptGame(f"game {live.id}: snapshot {seq} does not match its hash")
        return live.game.from_json(json.loads(body)), seq

    async def state_hash(self, game_id: str) -> str:
        """The hash of the live state (for tests and operators, never sent to a seat)."""
        async with self.locked(game_id) as live:
            return await self.run(live.match.hash)


HIDDEN = "hidden"


def _standing_agreements(s: Any, game_id: str) -> set[str]:
    """The sides whose agreement to open the record was given with their current token."""
    return set(
        s.scalars(
            select(OpenRequestRow.side)
            .join(
                SeatRow,
                (SeatRow.game_id == OpenRequestRow.game_id) & (SeatRow.side == OpenRequestRow.side),
            )
            .where(
                OpenRequestRow.game_id == game_id,
                OpenRequestRow.token_hash == SeatRow.token_hash,
            )
        )
    )


def _bump_meta(s: Any, game_id: str, announce: bool) -> int:
    """Count a change that is not a move (in the caller's transaction): the new value.
    With ``announce`` (PostgreSQL), other server processes are told when it commits."""
    s.execute(
        text("UPDATE games SET meta_version = meta_version + 1 WHERE id = :id"), {"id": game_id}
    )
    row = s.execute(
        text("SELECT version, meta_version FROM games WHERE id = :id"), {"id": game_id}
    ).one()
    if announce:
        notify(s, game_id, int(row[0]), int(row[1]))
    return int(row[1])


def _hidden_from(game: Game[Any], state: Any, side: str) -> set[str] | None:
    """What ``side`` may not see (the game's ``hidden_tokens``); ``None`` if the game does
    not say (it is not :class:`ListsHidden`), and then nothing of another side's action
    may be shown."""
    if not isinstance(game, ListsHidden):
        return None
    return set(game.hidden_tokens(state, side))


def _redact(action: Action, hidden: set[str] | None) -> dict[str, JSON]:
    """Another side's action as a replay seen from one side shows it: every argument that
    names something hidden from that side (before or after the action) becomes
    ``"hidden"``, as that side's view shows such blocks without their identity. With
    ``hidden`` unknown (``None``) only the acting side is shown. ``redacted`` tells whether
    anything was left out. Tokens are looked for in the JSON text of each key and value
    (a game may list them quoted or bare)."""
    if hidden is None:
        return {"side": action.side, "verb": HIDDEN, "args": {}, "redacted": True}

    def names_hidden(value: JSON) -> bool:
        text = canonical_json(value)
        return any(token in text for token in hidden)

    args: dict[str, JSON] = {}
    redacted = False
    for name, value in action.args.items():
        if names_hidden(name):
            redacted = True  # the key itself would tell
            continue
        if names_hidden(value):
            args[name], redacted = HIDDEN, True
        else:
            args[name] = value
    verb = action.verb
    if names_hidden(verb):
        verb, redacted = HIDDEN, True
    return {"side": action.side, "verb": verb, "args": args, "redacted": redacted}


def _result(match: Match[Any]) -> dict[str, JSON] | None:
    result = match.result()
    return result.to_json() if result else None


def rebuild_match(
    game: Game[Any],
    row: GameRow,
    actions: list[Any],
    snapshot: tuple[int, str] | None,
    game_id: str,
) -> Match[Any]:
    """Replay a stored game from its seed and log, checking it against the stored hashes.

    Actions go through :meth:`Match.act`, so the legality of each is checked again and the
    undo stack comes back exactly as it was. ``snapshot`` is ``(seq, hash)`` of the newest
    snapshot or ``None``.
    """
    try:
        match: Match[Any] = Match(game, row.scenario, row.options, row.seed)
        for i, raw in enumerate(actions, 1):
            match.act(Action.from_json(raw))
            if snapshot is not None and i == snapshot[0] and match.hash() != snapshot[1]:
                raise CorruptGame(f"game {game_id}: the replay differs from snapshot {i}")
    except HexfrontError as exc:
        raise CorruptGame(f"game {game_id}: the log does not replay: {exc}") from None
    if match.hash() != row.state_hash:
        raise CorruptGame(f"game {game_id}: the replay does not match the stored hash")
    return match


def resume_match(
    game: Game[Any],
    row: GameRow,
    actions: list[Any],
    snapshot: tuple[int, str, str],
    game_id: str,
) -> Match[Any]:
    """Like :func:`rebuild_match`, faster for long logs: start from the newest snapshot
    ``(seq, hash, state)`` (its body checked against its hash) and replay only the actions
    after it. Snapshots are taken where no undo is pending, so the undo stack still comes
    back exactly. The full replay from the seed stays available (:func:`rebuild_match`)."""
    seq, digest, body = snapshot
    if hashlib.sha256(body.encode()).hexdigest() != digest:
        raise CorruptGame(f"game {game_id}: snapshot {seq} does not match its hash")
    try:
        match: Match[Any] = Match.from_record(
            game, GameRecord(row.game, row.scenario, dict(row.options), row.seed, [])
        )
        match.state = game.from_json(json.loads(body))
        if match.hash() != digest:
            raise CorruptGame(f"game {game_id}: snapshot {seq} does not load back exactly")
        match.record.actions.extend(Action.from_json(raw) for raw in actions[:seq])
        for raw in actions[seq:]:
            match.act(Action.from_json(raw))
    except HexfrontError as exc:
        raise CorruptGame(f"game {game_id}: the log does not replay: {exc}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise CorruptGame(f"game {game_id}: snapshot {seq} is unreadable: {exc}") from None
    if match.hash() != row.state_hash:
        raise CorruptGame(f"game {game_id}: the replay does not match the stored hash")
    return match
