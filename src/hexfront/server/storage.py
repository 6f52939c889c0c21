"""Storage of games: every read and write of a game's rows, one transaction each.

* The action log in the database is the source of truth. Every accepted action (or undo)
  is committed in one transaction together with the bump of the game's optimistic version
  (``UPDATE games SET version = version + 1 WHERE id = ? AND version = ?``) and the hash of
  the new state (:meth:`GameStore.commit`).
* A game is rebuilt from seed and log (a long log from its newest snapshot on), checked
  against the snapshot's hash and the stored hash of the newest state
  (:meth:`GameStore.load`, :func:`rebuild_match`, :func:`resume_match`).
* Changes that are not moves (a token replaced, an agreement to open the record) bump
  ``games.meta_version``, which other server processes compare with what they hold.

Every method blocks: the service runs them in worker threads (``workers.py``), except
:meth:`GameStore.find_seat` on SQLite.
"""

from __future__ import annotations

import base64
import gc
import hashlib
import json
import logging
import secrets
import threading
import zlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, cast

from sqlalchemy import JSON as SA_JSON
from sqlalchemy import DateTime, Table, Text, bindparam, delete, insert, select, text, update
from sqlalchemy import cast as sql_cast

from hexfront.engine.errors import HexfrontError
from hexfront.engine.events import JSON
from hexfront.engine.match import Match
from hexfront.engine.protocol import Action, Game, canonical_json
from hexfront.engine.records import GameRecord
from hexfront.i18n import _

from .db import (
    ActionRow,
    Database,
    GameRow,
    OpenRequestRow,
    SeatRow,
    SnapshotRow,
    SpectatorRow,
    utcnow,
)
from .errors import ApiError, CorruptGame, conflict, forbidden, not_found
from .live import Change, LiveGame, Seat, result_json
from .notify import notify
from .settings import Settings
from .teams import Team, layout

GAMES_T = cast(Table, GameRow.__table__)
ACTIONS_T = cast(Table, ActionRow.__table__)
SNAPSHOTS_T = cast(Table, SnapshotRow.__table__)
SEATS_T = cast(Table, SeatRow.__table__)

log = logging.getLogger("hexfront.server")


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
_FIND_SPECTATOR = text(
    "SELECT spectator_links.game_id, games.version, games.meta_version "
    "FROM spectator_links JOIN games ON games.id = spectator_links.game_id "
    "WHERE spectator_links.token_hash = :digest"
)
_JOIN = text(
    "UPDATE seats SET token_hash = :token, user_id = COALESCE(user_id, :user) "
    "WHERE game_id = :id AND invite_hash = :invite AND token_hash IS NULL"
)
# version, meta_version, actions_count, state_hash, newest snapshot, new actions,
# standing agreements, seat token hashes, team play's agreements to end a phase
Changes = tuple[int, int, int, str, int, list[Any], set[str], dict[str, str | None], Any]
_SNAP = text(
    "INSERT INTO snapshots (game_id, seq, state, hash, created_at) "
    "VALUES (:id, :seq, :state, :hash, :now)"
).bindparams(bindparam("now", type_=DateTime(timezone=True)))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(32)


# Snapshots are stored compressed (a 49-turn game's state is megabytes of JSON, an
# eleventh of that packed): zlib, then base64 so that the column stays text. Their hash is
# the hash of the state's JSON itself. Snapshots stored before this are plain JSON.
PACKED = "zlib:"


def pack_state(body: str) -> str:
    return PACKED + base64.b64encode(zlib.compress(body.encode(), 6)).decode("ascii")


def unpack_state(stored: str) -> str:
    """The state's JSON from a stored snapshot; ``ValueError`` or ``zlib.error`` when
    it is damaged."""
    if not stored.startswith(PACKED):
        return stored
    return zlib.decompress(base64.b64decode(stored[len(PACKED) :], validate=True)).decode()


_gc_lock = threading.Lock()
_gc_pausers = 0
_gc_was_on = True


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection while a long game is rebuilt: its log and state make
    hundreds of thousands of objects, each batch of which would otherwise start a
    collection, some of them over the whole heap of a busy server (measured: 0.4 s for a
    22,815-action SBE9 game without, 0.7-1.2 s with). Process-wide, so counted: the
    collector comes back when the last rebuild ends."""
    global _gc_pausers, _gc_was_on
    with _gc_lock:
        if _gc_pausers == 0:
            _gc_was_on = gc.isenabled()
            gc.disable()
        _gc_pausers += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pausers -= 1
            if _gc_pausers == 0 and _gc_was_on:
                gc.enable()


class BadSnapshot(CorruptGame):
    """A stored snapshot is damaged (its body does not match its hash, cannot be read, or
    loads back to another state): the game itself may be sound, replayed from its seed."""


class StaleInDatabase(Exception):
    """The database holds a newer version than this process: another writer got there."""


class GameStore:
    """The rows of games, seats, actions, snapshots and agreements."""

    def __init__(self, db: Database, settings: Settings) -> None:
        self.db = db
        self.settings = settings

    # --- creating and loading -------------------------------------------------------------

    def insert(
        self,
        live: LiveGame,
        scenario: str,
        options: Mapping[str, JSON],
        token_hashes: Mapping[str, str],
        invite_hashes: Mapping[str, str],
    ) -> None:
        """Store a new game and its seats: ``token_hashes`` of the seats the creator
        holds, ``invite_hashes`` of those played from elsewhere (joined later)."""
        match = live.match
        body = canonical_json(live.game.to_json(match.state))
        with self.db.write() as s:
            s.execute(
                insert(GAMES_T).values(
                    id=live.id,
                    game=live.game.name,
                    scenario=scenario,
                    options=dict(options),
                    seed=live.seed,
                    seed_chosen=live.seed_chosen,
                    seed_secret=live.seed_secret,
                    status="over" if match.is_over() else "active",
                    version=0,
                    actions_count=0,
                    to_move=live.to_move_row(),
                    state_hash=hashlib.sha256(body.encode()).hexdigest(),
                    result=result_json(match),
                    spectate=live.spectate,
                    spectate_delay=live.spectate_delay,
                    created_at=utcnow(),
                    updated_at=utcnow(),
                )
            )
            for side, seat in live.seats.items():
                s.execute(
                    insert(SEATS_T).values(
                        game_id=live.id,
                        side=side,
                        kind=seat.kind,
                        agent=seat.agent,
                        token_hash=token_hashes.get(side),
                        invite_hash=invite_hashes.get(side),
                        user_id=seat.user_id,
                    )
                )

    def load(
        self, game_id: str, load_game: Callable[[str], Game[Any]], *, attempts: int = 3
    ) -> LiveGame:
        """A live game rebuilt from its seed and action log (checked against the hashes)."""
        with gc_paused():
            return self._load(game_id, load_game, attempts)

    def _load(self, game_id: str, load_game: Callable[[str], Game[Any]], attempts: int) -> LiveGame:
        with self.db.read() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                raise not_found(_("no game {game}", game=repr(game_id)))
            seat_rows = s.scalars(select(SeatRow).where(SeatRow.game_id == game_id)).all()
            # Only the actions the game row counts: under READ COMMITTED another process
            # may append one between these reads, and its hash is not this row's.
            # As text, parsed below in one go: row by row, decoding a long game's log took
            # longer than everything else in loading it.
            action_rows = s.execute(
                select(ACTIONS_T.c.seq, sql_cast(ACTIONS_T.c.action, Text))
                .where(ACTIONS_T.c.game_id == game_id, ACTIONS_T.c.seq <= row.actions_count)
                .order_by(ACTIONS_T.c.seq)
            ).all()
            long_log = len(action_rows) > self.settings.replay_from_snapshot_after
            columns = [SNAPSHOTS_T.c.seq, SNAPSHOTS_T.c.hash]
            if long_log:
                columns.append(SNAPSHOTS_T.c.state)
            snap = s.execute(
                select(*columns)
                .where(SNAPSHOTS_T.c.game_id == game_id, SNAPSHOTS_T.c.seq <= row.actions_count)
                .order_by(SNAPSHOTS_T.c.seq.desc())
                .limit(1)
            ).first()
            open_sides = standing_agreements(s, game_id)
        if len(action_rows) < row.actions_count and attempts > 1:
            # Another process took actions back (undo) between the reads: read it again.
            return self._load(game_id, load_game, attempts - 1)
        if [seq for seq, _ in action_rows] != list(range(1, len(action_rows) + 1)):
            raise CorruptGame(_("game {game}: the action log has gaps", game=game_id))
        game = load_game(row.game)
        team = layout(game, row.options)
        # A team seat's row names the seat (``axis_north``); its side comes from the layout.
        seats = {
            r.side: Seat(team[r.side][0] if r.side in team else r.side, r.kind, r.agent, r.user_id)
            for r in seat_rows
        }
        try:
            actions = json.loads("[" + ",".join(a for _, a in action_rows) + "]")
        except (TypeError, ValueError):
            raise CorruptGame(
                _("game {game}: an action in the log is not JSON", game=game_id)
            ) from None
        snapshot_seq = int(snap[0]) if snap is not None else 0
        if long_log and snap is not None:
            try:
                match = resume_match(game, row, actions, (snap[0], snap[1], snap[2]), game_id)
            except BadSnapshot as exc:
                # A damaged snapshot costs time, not the game: the log is the source of
                # truth, and the full replay from the seed checks it to the stored hash.
                log.warning(
                    "game %s: snapshot %s cannot be used (%s); replaying the whole log",
                    game_id,
                    snap[0],
                    exc.detail,
                )
                match = rebuild_match(game, row, actions, None, game_id)
                self._repair_snapshot(game_id, int(snap[0]), match, len(actions))
                snapshot_seq = self._newest_snapshot_seq(game_id, len(actions)) or 0
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
        if team:
            live.team = Team(team)
            live.team.read_ready(row.team_ready)
        live.snapshot_seq = snapshot_seq
        live.meta_version = row.meta_version
        live.spectate, live.spectate_delay = row.spectate, row.spectate_delay
        live.token_hashes = {r.side: r.token_hash for r in seat_rows if r.kind != "ai"}
        live.thinking = live.ai_to_move()
        return live

    def _repair_snapshot(self, game_id: str, bad_seq: int, match: Match[Any], n: int) -> None:
        """Replace a damaged snapshot: drop it, and store the state just rebuilt from the
        seed (``n`` actions) when no undo is pending there. Best effort: a failure is
        logged, and the next load replays the whole log again."""
        body = canonical_json(match.game.to_json(match.state))
        fresh = not any(match.can_undo(side) for side in match.game.sides)
        try:
            with self.db.write_conn() as conn:
                conn.execute(
                    delete(SNAPSHOTS_T).where(
                        SNAPSHOTS_T.c.game_id == game_id,
                        SNAPSHOTS_T.c.seq.in_([bad_seq, n] if fresh else [bad_seq]),
                    )
                )
                if fresh:
                    digest = hashlib.sha256(body.encode()).hexdigest()
                    conn.execute(
                        _SNAP,
                        {
                            "id": game_id,
                            "seq": n,
                            "state": pack_state(body),
                            "hash": digest,
                            "now": utcnow(),
                        },
                    )
        except Exception as exc:  # the game is served all the same
            log.warning("game %s: the damaged snapshot was not replaced: %s", game_id, exc)

    def _newest_snapshot_seq(self, game_id: str, upto: int) -> int | None:
        with self.db.read() as s:
            seq = s.scalar(
                select(SNAPSHOTS_T.c.seq)
                .where(SNAPSHOTS_T.c.game_id == game_id, SNAPSHOTS_T.c.seq <= upto)
                .order_by(SNAPSHOTS_T.c.seq.desc())
                .limit(1)
            )
        return int(seq) if seq is not None else None

    def insert_imported(
        self,
        live: LiveGame,
        snapshots: list[tuple[int, str, str]],
        token_hashes: Mapping[str, str],
        invite_hashes: Mapping[str, str],
    ) -> None:
        """Store a game read from an exported file (``transfer.py``), already replayed:
        its row, seats, whole action log and ``snapshots`` ``(seq, body, hash)``, in one
        transaction."""
        match = live.match
        rec = match.record
        n = len(rec.actions)
        now = utcnow()
        with self.db.write_conn() as conn:
            conn.execute(
                insert(GAMES_T).values(
                    id=live.id,
                    game=live.game.name,
                    scenario=rec.scenario,
                    options=dict(rec.options),
                    seed=live.seed,
                    seed_chosen=live.seed_chosen,
                    seed_secret=live.seed_secret,
                    status="over" if match.is_over() else "active",
                    version=live.version,
                    actions_count=n,
                    to_move=live.to_move_row(),
                    state_hash=match.hash(),
                    result=result_json(match),
                    spectate=live.spectate,
                    spectate_delay=live.spectate_delay,
                    created_at=now,
                    updated_at=now,
                    meta_version=0,
                )
            )
            conn.execute(
                insert(SEATS_T),
                [
                    {
                        "game_id": live.id,
                        "side": side,
                        "kind": seat.kind,
                        "agent": seat.agent,
                        "token_hash": token_hashes.get(side),
                        "invite_hash": invite_hashes.get(side),
                        "user_id": seat.user_id,
                        "webhook_url": None,
                    }
                    for side, seat in live.seats.items()
                ],
            )
            if rec.actions:
                conn.execute(
                    insert(ACTIONS_T),
                    [
                        {
                            "game_id": live.id,
                            "seq": i,
                            "side": a.side,
                            "action": a.to_json(),
                            "created_at": now,
                        }
                        for i, a in enumerate(rec.actions, 1)
                    ],
                )
            for seq, body, digest in snapshots:
                conn.execute(
                    _SNAP,
                    {
                        "id": live.id,
                        "seq": seq,
                        "state": pack_state(body),
                        "hash": digest,
                        "now": now,
                    },
                )

    # --- seats ----------------------------------------------------------------------------

    def invited_sides(self, game_id: str) -> set[str]:
        """The seats given to someone else through an invite code (not the creator's)."""
        with self.db.read() as s:
            return set(
                s.scalars(
                    select(SEATS_T.c.side).where(
                        SEATS_T.c.game_id == game_id, SEATS_T.c.invite_hash.is_not(None)
                    )
                )
            )

    def set_team_ready(
        self, game_id: str, version: int, to_move: list[str], ready: dict[str, JSON]
    ) -> int:
        """Team play: write the seats' standing agreements to end the phase and who is to
        move, at the version they were seen at (nothing if the game moved on meanwhile);
        counted as a change that is not a move, so other processes hear of it. The new
        ``meta_version``."""
        with self.db.write() as s:
            s.execute(
                update(GAMES_T)
                .where(GAMES_T.c.id == game_id, GAMES_T.c.version == version)
                .values(to_move=to_move, team_ready=ready or None)
            )
            return bump_meta(s, game_id, not self.db.is_sqlite)

    def set_webhook(self, game_id: str, side: str, url: str | None) -> None:
        """Set (or with ``None`` remove) a seat's webhook URL."""
        with self.db.write() as s:
            seat = s.get(SeatRow, (game_id, side))
            if seat is None or seat.kind == "ai":
                raise not_found(_("no such seat"))
            seat.webhook_url = url

    def webhook_of(self, game_id: str, side: str) -> str | None:
        with self.db.read() as s:
            return s.scalar(
                select(SEATS_T.c.webhook_url).where(
                    SEATS_T.c.game_id == game_id, SEATS_T.c.side == side
                )
            )

    def status_of(self, game_id: str) -> dict[str, Any]:
        """Whose move it is in a game, from its row alone (no rules work, no loading)."""
        with self.db.read() as s:
            row = s.execute(
                select(
                    GAMES_T.c.game,
                    GAMES_T.c.scenario,
                    GAMES_T.c.status,
                    GAMES_T.c.to_move,
                    GAMES_T.c.result,
                    GAMES_T.c.version,
                    GAMES_T.c.actions_count,
                    GAMES_T.c.updated_at,
                ).where(GAMES_T.c.id == game_id)
            ).first()
            if row is None:
                raise not_found(_("no game {game}", game=repr(game_id)))
            seats = s.execute(
                select(SEATS_T.c.side, SEATS_T.c.kind, SEATS_T.c.agent).where(
                    SEATS_T.c.game_id == game_id
                )
            ).all()
        return {
            "game": row[0],
            "scenario": row[1],
            "status": row[2],
            "to_move": list(row[3] or []),
            "result": row[4],
            "version": int(row[5]),
            "seq": int(row[6]),
            "updated": row[7],
            "seats": {side: {"kind": kind, "agent": agent} for side, kind, agent in seats},
        }

    def find_seat(self, digest: str) -> tuple[str, str, int, int] | None:
        """``(game id, side, version, meta_version)`` of the seat whose token hashes to
        ``digest``."""
        with self.db.engine.connect() as conn:
            row = conn.execute(_FIND_SEAT, {"digest": digest}).first()
        return (row[0], row[1], int(row[2]), int(row[3])) if row else None

    def join(self, game_id: str, invite: str, digest: str, user_id: int | None) -> tuple[str, int]:
        """Give the seat invited with the code hashing to ``invite`` the token hashing to
        ``digest`` (and attach it to ``user_id``'s account): once only, 409 after. The
        side and the new ``meta_version``."""
        with self.db.write() as s:
            seat = s.execute(
                select(SEATS_T.c.side, SEATS_T.c.token_hash).where(
                    SEATS_T.c.game_id == game_id, SEATS_T.c.invite_hash == invite
                )
            ).first()
            if seat is None:
                raise ApiError(401, "bad_invite", _("this invite code is not valid for this game"))
            done = s.execute(
                _JOIN, {"token": digest, "user": user_id, "id": game_id, "invite": invite}
            )
            if seat[1] is not None or getattr(done, "rowcount", 1) != 1:
                raise conflict(
                    "invite_used",
                    _(
                        "this invite was already used: someone else holds the seat now. If "
                        "that was not you, ask the game's creator for a new game"
                    ),
                )
            return str(seat[0]), bump_meta(s, game_id, not self.db.is_sqlite)

    def add_spectator(self, game_id: str, digest: str, side: str) -> None:
        """Store a spectator link of ``game_id``, asked for by ``side``'s seat."""
        with self.db.write() as s:
            s.add(
                SpectatorRow(
                    token_hash=digest, game_id=game_id, created_by=side, created_at=utcnow()
                )
            )

    def find_spectator(self, digest: str) -> tuple[str, int, int] | None:
        """``(game id, version, meta_version)`` of the spectator link hashing to ``digest``."""
        with self.db.engine.connect() as conn:
            row = conn.execute(_FIND_SPECTATOR, {"digest": digest}).first()
        return (row[0], int(row[1]), int(row[2])) if row else None

    def rotate_token(
        self, game_id: str, side: str, digest: str, user_id: int | None
    ) -> tuple[str | None, int]:
        """Give a seat the token hashing to ``digest`` (with ``user_id``: only a seat of
        that account); its agreement to open the record dies. The old hash and the new
        ``meta_version``."""
        with self.db.write() as s:
            seat = s.get(SeatRow, (game_id, side))
            if seat is None or seat.kind == "ai":
                raise not_found(_("no such seat"))
            if user_id is not None and seat.user_id != user_id:
                raise forbidden("not_your_seat", _("that seat is not attached to your account"))
            old, seat.token_hash = seat.token_hash, digest
            # An agreement to open the record was given with the old token: it dies.
            s.execute(
                delete(OpenRequestRow).where(
                    OpenRequestRow.game_id == game_id, OpenRequestRow.side == side
                )
            )
            s.flush()
            return old, bump_meta(s, game_id, not self.db.is_sqlite)

    def store_open(self, game_id: str, side: str, agree: bool, digest: str) -> tuple[set[str], int]:
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
                    raise ApiError(401, "bad_token", _("this seat token is not valid"))
                s.add(
                    OpenRequestRow(
                        game_id=game_id, side=side, token_hash=digest, created_at=utcnow()
                    )
                )
            meta = bump_meta(s, game_id, not self.db.is_sqlite)
            return standing_agreements(s, game_id), meta

    # --- other processes' changes ---------------------------------------------------------

    def changes_since(self, game_id: str, n: int) -> Changes | None:
        """What the database holds beyond the first ``n`` actions of the log."""
        with self.db.read() as s:
            row = s.execute(
                select(
                    GAMES_T.c.version,
                    GAMES_T.c.meta_version,
                    GAMES_T.c.actions_count,
                    GAMES_T.c.state_hash,
                    GAMES_T.c.team_ready,
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
            agreed = standing_agreements(s, game_id)
        return (
            int(row[0]),
            int(row[1]),
            int(row[2]),
            str(row[3]),
            int(snap or 0),
            actions,
            agreed,
            hashes,
            row[4],
        )

    # --- moves ----------------------------------------------------------------------------

    def commit(self, live: LiveGame, change: Change) -> None:
        """Write a change already made to the match, in one transaction, and bring the
        live game up to date. If the write fails, memory is ahead of the database: the
        game is marked broken and is rebuilt from the database before its next use."""
        try:
            self._write(live, change)
        except StaleInDatabase:
            live.mark_broken()
            raise conflict(
                "stale_version", _("the game was changed elsewhere: reload the view")
            ) from None
        except BaseException:
            live.mark_broken()
            raise
        live.version += 1
        live.wire = {}  # the new views are encoded next
        if change.snapshot:
            live.snapshot_seq = change.n
        elif change.action is None:
            live.snapshot_seq = min(live.snapshot_seq, change.n)
        live.thinking = live.ai_to_move()

    def _write(self, live: LiveGame, change: Change) -> None:
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
                raise StaleInDatabase(live.id)
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
                        "state": pack_state(change.body),
                        "hash": change.digest,
                        "now": now,
                    },
                )

    # --- replays --------------------------------------------------------------------------

    def snapshot_before(self, live: LiveGame, upto: int) -> tuple[Any, int]:
        """The newest snapshot at or before ``upto`` actions (its hash checked), as
        ``(state, seq)``; ``(None, 0)`` when there is none."""
        with self.db.read() as s:
            row = s.execute(
                select(SNAPSHOTS_T.c.seq, SNAPSHOTS_T.c.state, SNAPSHOTS_T.c.hash)
                .where(SNAPSHOTS_T.c.game_id == live.id, SNAPSHOTS_T.c.seq <= upto)
                .order_by(SNAPSHOTS_T.c.seq.desc())
                .limit(1)
            ).first()
        if row is None:
            return None, 0
        seq, stored, digest = row
        try:
            body = unpack_state(stored)
        except (ValueError, zlib.error):
            raise CorruptGame(
                _("game {game}: snapshot {n} cannot be unpacked", game=live.id, n=seq)
            ) from None
        if hashlib.sha256(body.encode()).hexdigest() != digest:
            raise CorruptGame(
                _("game {game}: snapshot {n} does not match its hash", game=live.id, n=seq)
            )
        return live.game.from_json(json.loads(body)), seq


def standing_agreements(s: Any, game_id: str) -> set[str]:
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


def bump_meta(s: Any, game_id: str, announce: bool) -> int:
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
                raise CorruptGame(
                    _("game {game}: the replay differs from snapshot {n}", game=game_id, n=i)
                )
    except HexfrontError as exc:
        raise CorruptGame(
            _("game {game}: the log does not replay: {why}", game=game_id, why=exc)
        ) from None
    if match.hash() != row.state_hash:
        raise CorruptGame(_("game {game}: the replay does not match the stored hash", game=game_id))
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
    seq, digest, stored = snapshot
    try:
        body = unpack_state(stored)
    except (ValueError, zlib.error):
        raise BadSnapshot(f"game {game_id}: snapshot {seq} cannot be unpacked") from None
    if hashlib.sha256(body.encode()).hexdigest() != digest:
        raise BadSnapshot(f"game {game_id}: snapshot {seq} does not match its hash")
    try:
        # No setup from the seed (a long scenario's takes most of a second): the state
        # comes from the snapshot, the record from the log.
        match: Match[Any] = Match.__new__(Match)
        match.game = game
        match.record = GameRecord(row.game, row.scenario, dict(row.options), row.seed, [])
        match._undo, match._undo_side = [], None  # no undo pending at a snapshot
        match.state = game.from_json(json.loads(body))
    except (HexfrontError, KeyError, TypeError, ValueError) as exc:
        raise BadSnapshot(f"game {game_id}: snapshot {seq} is unreadable: {exc}") from None
    try:
        # The log before the snapshot was checked when it was written: read, not replayed.
        match.record.actions.extend(
            Action(raw["side"], raw["verb"], dict(raw.get("args", {}))) for raw in actions[:seq]
        )
    except (KeyError, TypeError, ValueError, AttributeError):
        raise CorruptGame(
            _("game {game}: an action in the log is malformed", game=game_id)
        ) from None
    # A state that does not load back exactly, or a log that does not go on from it,
    # ends at another hash than the stored one: the snapshot is suspect, and the full
    # replay from the seed (the caller's fallback) decides whether the log is sound.
    # (Checking the loaded state's own hash first would cost a second hash of a state of
    # megabytes.)
    try:
        for raw in actions[seq:]:
            match.act(Action.from_json(raw))
    except HexfrontError as exc:
        raise BadSnapshot(
            f"game {game_id}: the log does not go on from snapshot {seq}: {exc}"
        ) from None
    if match.hash() != row.state_hash:
        raise BadSnapshot(
            f"game {game_id}: the log from snapshot {seq} does not reach the stored hash"
        )
    return match
