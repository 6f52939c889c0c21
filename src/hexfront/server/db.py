"""Storage: SQLAlchemy 2 tables, the engine, and the migrations that create them.

The action log (``actions``) is the source of truth for every game. ``snapshots`` hold
full states at some points of the log, only for speed; ``games.state_hash`` is the hash
of the state after the newest action, written in the same transaction as that action, so
a rebuild from seed and log can always be checked.

SQLite (the default, in a data directory) runs in WAL mode with ``synchronous=FULL``:
a committed action survives a killed process and a power cut. PostgreSQL works by URL.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    create_engine,
    event,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    scenario: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[str] = mapped_column(String(16))  # active | over
    version: Mapped[int] = mapped_column(Integer, default=0)
    actions_count: Mapped[int] = mapped_column(Integer, default=0)
    to_move: Mapped[list[str]] = mapped_column(JSON)
    state_hash: Mapped[str] = mapped_column(String(64))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Counts changes that are not moves (a seat's token replaced, an agreement to open the
    # record given or withdrawn): with ``version`` it tells a server process whether what
    # it holds in memory is still current.
    meta_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # The secret the server derived the seed from (``dice.py``); its sha256 is shown to
    # every seat from the start, the secret itself only with the record. None for a seed
    # chosen by the creator (and games older than verifiable dice).
    seed_secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # What spectators may see beyond the public view (``spectators.py``): ``public``
    # (nothing more), ``end`` (the full game once over), ``delayed`` (the full game
    # ``spectate_delay`` turns behind).
    spectate: Mapped[str] = mapped_column(String(16), default="public", server_default="public")
    spectate_delay: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    # Team play (``teams.py``): each seat's standing agreement to end the phase, as
    # ``{seat: [action key, times the log held it then]}``; None for no team or none.
    team_ready: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class UserRow(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str] = mapped_column(String(32), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (Index("ix_seats_user_id", "user_id"),)

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    side: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # human | hotseat | ai
    agent: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    user_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    # A seat played from elsewhere gets no token at creation: the creator receives a
    # one-time invite code (its sha256 here), and the token goes to whoever joins with it
    # first. Kept after that, so that a second use is told the invite was used.
    invite_hash: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    # Where to POST a short notice when this seat's move comes (``webhooks.py``); set by
    # the seat's own player, never shown to another seat or exported.
    webhook_url: Mapped[str | None] = mapped_column(String(2048), nullable=True)


class SpectatorRow(Base):
    """A spectator link of a game: read-only, its token stored as sha256."""

    __tablename__ = "spectator_links"
    __table_args__ = (Index("ix_spectator_links_game_id", "game_id"),)

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id", ondelete="CASCADE"))
    created_by: Mapped[str] = mapped_column(String(32))  # the side whose seat asked
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ActionRow(Base):
    __tablename__ = "actions"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1-based
    side: Mapped[str] = mapped_column(String(32))
    action: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SnapshotRow(Base):
    __tablename__ = "snapshots"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)  # actions applied
    state: Mapped[str] = mapped_column(Text)  # canonical JSON of the full state
    hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class OpenRequestRow(Base):
    """A seat's agreement to open the game's full record before the game is over."""

    __tablename__ = "open_requests"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    side: Mapped[str] = mapped_column(String(32), primary_key=True)
    # The seat token (its sha256) that agreed: the agreement counts only while the seat
    # still has that token, so it dies when the token is replaced.
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SessionRow(Base):
    """A login: the bearer session token of a user account, stored as sha256."""

    __tablename__ = "user_sessions"
    __table_args__ = (Index("ix_user_sessions_user_id", "user_id"),)

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer, ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


metadata = Base.metadata


def default_data_dir() -> Path:
    """``$HEXFRONT_DATA`` or ``./data`` relative to the working directory."""
    import os

    return Path(os.environ.get("HEXFRONT_DATA") or "data")


def sqlite_url(data_dir: Path) -> str:
    return f"sqlite:///{(data_dir / 'hexfront.sqlite3').resolve()}"


class Database:
    """The engine, a session factory, and a write lock for SQLite's single writer."""

    def __init__(self, url: str, sqlite_synchronous: str = "FULL") -> None:
        if sqlite_synchronous not in ("FULL", "NORMAL"):
            raise ValueError("sqlite_synchronous is FULL or NORMAL")
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        if self.is_sqlite:
            self.engine: Engine = create_engine(
                url,
                connect_args={"check_same_thread": False, "timeout": 30},
                pool_size=8,
                max_overflow=8,
            )
            event.listen(
                self.engine, "connect", functools.partial(_sqlite_pragmas, sqlite_synchronous)
            )
            event.listen(self.engine, "begin", _sqlite_begin)
        else:
            self.engine = create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=10)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer; serialising writes here avoids its busy-wait backoff.
        self._write_lock = threading.Lock() if self.is_sqlite else None

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction: committed on success, rolled back on any error."""
        if self._write_lock is None:
            with self.sessions.begin() as session:
                yield session
            return
        with self._write_lock, self.sessions.begin() as session:
            yield session

    @contextmanager
    def write_conn(self) -> Iterator[Connection]:
        """Like :meth:`write`, on a plain connection (the hot path: no ORM session)."""
        if self._write_lock is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self._write_lock, self.engine.begin() as conn:
            yield conn

    @contextmanager
    def read(self) -> Iterator[Session]:
        with self.sessions() as session:
            yield session

    def migrate(self) -> None:
        """Bring the schema to the newest revision (``alembic upgrade head``)."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        cfg.set_main_option("sqlalchemy.url", self.url.replace("%", "%%"))
        with self.engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "head")

    def dispose(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(synchronous: str, dbapi_conn: Any, _record: Any) -> None:
    # Let SQLAlchemy, not pysqlite, decide where transactions begin (see _begin).
    dbapi_conn.isolation_level = None
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute(f"PRAGMA synchronous={synchronous}")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=30000")
    cur.close()


def _sqlite_begin(conn: Connection) -> None:
    # Every transaction starts with BEGIN so that reads see one consistent snapshot and
    # writes take the lock up front (no deadlock on upgrading a read lock).
    conn.exec_driver_sql("BEGIN")
