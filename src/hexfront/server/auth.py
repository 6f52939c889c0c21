"""Optional accounts: username + password (argon2), bearer session tokens, "my games".

Accounts are separate from seats. A seat token alone plays a side; an account only lists
the seats attached to it and can issue a fresh token for one of them (the old one stops
working), so a player can come back to a game from another browser.
"""

from __future__ import annotations

import asyncio
import functools
import re
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from hexfront.engine.events import JSON
from hexfront.i18n import _

from .db import GameRow, SeatRow, SessionRow, UserRow, utcnow
from .errors import ApiError, conflict, not_found, unprocessable
from .games import GameService, token_hash

USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}")
T = TypeVar("T")


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo else when.replace(tzinfo=UTC)


class UserService:
    def __init__(self, games: GameService) -> None:
        self.games = games
        self.db = games.db
        self.hasher = PasswordHasher(
            time_cost=games.settings.argon2_time_cost,
            memory_cost=games.settings.argon2_memory_kib,
        )
        self._dummy: str | None = None
        # Hashing has threads of its own: a flood of logins waits here, while the
        # database's threads (``games.pool``) stay free for play.
        settings = games.settings
        self.hash_pool = ThreadPoolExecutor(
            max(1, settings.hash_workers), thread_name_prefix="password-hash"
        )
        self._waiting = 0

    async def hashing(self, fn: Callable[..., T], *args: Any) -> T:
        """Run password hashing in the hashing threads; 429 when too many logins wait."""
        if self._waiting >= self.games.settings.max_waiting_hashes:
            raise ApiError(429, "rate_limited", _("too many logins at once; try again shortly"))
        self._waiting += 1
        try:
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self.hash_pool, functools.partial(fn, *args))
        finally:
            self._waiting -= 1

    def close(self) -> None:
        self.hash_pool.shutdown(wait=True)

    def _dummy_hash(self) -> str:
        """Verified against when the username is unknown, so both cases take as long."""
        if self._dummy is None:
            self._dummy = self.hasher.hash("hexfront-no-such-user")
        return self._dummy

    def _check_credentials(self, username: str, password: str) -> None:
        if not USERNAME.fullmatch(username):
            raise unprocessable(
                "bad_username", _("a username has 3 to 32 letters, digits, '_', '.' or '-'")
            )
        if not 8 <= len(password) <= 256:
            raise unprocessable("bad_password", _("a password has 8 to 256 characters"))

    async def register(self, username: str, password: str) -> dict[str, JSON]:
        self._check_credentials(username, password)
        digest = await self.hashing(self.hasher.hash, password)

        def store() -> int:
            try:
                with self.db.write() as s:
                    user = UserRow(username=username, password_hash=digest, created_at=utcnow())
                    s.add(user)
                    s.flush()
                    return user.id
            except IntegrityError:
                raise conflict(
                    "username_taken", _("the username {name} is taken", name=repr(username))
                ) from None

        user_id = await self.games.run(store)
        return {"id": user_id, "username": username}

    async def login(self, username: str, password: str) -> dict[str, JSON]:
        def find() -> tuple[int, str] | None:
            with self.db.read() as s:
                row = s.execute(
                    select(UserRow.id, UserRow.password_hash).where(UserRow.username == username)
                ).first()
            return (int(row[0]), str(row[1])) if row else None

        def check(digest: str) -> bool:
            try:
                self.hasher.verify(digest, password)
            except (VerificationError, InvalidHashError):
                return False
            return True

        row = await self.games.run(find)
        # An unknown user is checked against a dummy hash, so that both take as long.
        digest = row[1] if row else await self.hashing(self._dummy_hash)
        if not await self.hashing(check, digest) or row is None:
            raise ApiError(401, "bad_credentials", _("wrong username or password"))
        user_id = row[0]
        token = secrets.token_urlsafe(32)
        expires = utcnow() + timedelta(days=self.games.settings.session_days)

        def store() -> None:
            with self.db.write() as s:
                s.add(
                    SessionRow(
                        token_hash=token_hash(token),
                        user_id=user_id,
                        created_at=utcnow(),
                        expires_at=expires,
                    )
                )

        await self.games.run(store)
        return {"token": token, "username": username, "expires": expires.isoformat()}

    async def logout(self, token: str) -> None:
        def drop() -> None:
            with self.db.write() as s:
                s.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash(token)))

        await self.games.run(drop)

    async def user_for(self, token: str | None) -> tuple[int, str]:
        """The account a session token belongs to, or 401."""
        if not token:
            raise ApiError(401, "missing_token", _("log in and send Authorization: Bearer …"))

        def find() -> tuple[int, str] | None:
            with self.db.read() as s:
                row = s.execute(
                    select(UserRow.id, UserRow.username, SessionRow.expires_at)
                    .join(SessionRow, SessionRow.user_id == UserRow.id)
                    .where(SessionRow.token_hash == token_hash(token))
                ).first()
            if row is None or _aware(row[2]) < utcnow():
                return None
            return int(row[0]), str(row[1])

        found = await self.games.run(find)
        if found is None:
            raise ApiError(401, "bad_session", _("this session token is not valid or has expired"))
        return found

    async def my_games(self, user_id: int) -> list[dict[str, JSON]]:
        def query() -> list[dict[str, JSON]]:
            with self.db.read() as s:
                rows = s.execute(
                    select(GameRow, SeatRow.side, SeatRow.kind)
                    .join(SeatRow, SeatRow.game_id == GameRow.id)
                    .where(SeatRow.user_id == user_id)
                    .order_by(GameRow.updated_at.desc())
                    .limit(500)
                ).all()
            return [
                {
                    "id": game.id,
                    "game": game.game,
                    "scenario": game.scenario,
                    "side": side,
                    "kind": kind,
                    "status": game.status,
                    "version": game.version,
                    "your_turn": game.status != "over" and side in (game.to_move or []),
                    "to_move": list(game.to_move or []) if game.status != "over" else [],
                    "result": game.result,
                    "created": _aware(game.created_at).isoformat(),
                    "updated": _aware(game.updated_at).isoformat(),
                }
                for game, side, kind in rows
            ]

        return await self.games.run(query)

    async def claim(self, user_id: int, game_id: str, seat_token: str) -> dict[str, JSON]:
        """Attach the seat of ``seat_token`` to the account (it then shows in my games)."""
        side = await self.games.seat_for(game_id, seat_token)

        def attach() -> None:
            with self.db.write() as s:
                seat = s.get(SeatRow, (game_id, side))
                if seat is None:
                    raise not_found(_("no such seat"))
                if seat.user_id not in (None, user_id):
                    raise conflict("seat_taken", _("this seat belongs to another account"))
                seat.user_id = user_id

        await self.games.run(attach)
        return {"id": game_id, "side": side}

    async def new_seat_token(self, user_id: int, game_id: str, side: str) -> dict[str, JSON]:
        """A fresh token for a seat of the account; the seat's old token stops working."""
        return await self.games.new_token(game_id, side, user_id)
