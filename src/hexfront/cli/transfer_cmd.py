"""``hexfront export`` and ``hexfront import``: a game of the local database to one file,
and a file into the local database (``server/transfer.py``; docs/server.md, "Long games").

Both open the server's database directly (SQLite in the data directory unless ``--db``
names another), as ``hexfront serve`` would, and go through the server's own game service:
an export obeys the same rule as ``GET /api/games/{id}/export`` (a game in progress between
people in different places is exported only once every seat agreed to open its record),
and an import checks the file's SHA-256 and replays the whole game before storing it, as
``POST /api/games/import`` does. A refused file stores nothing.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

from hexfront.engine.events import JSON
from hexfront.i18n import _

T = TypeVar("T")


class TransferError(Exception):
    """A refusal in words, for the command line."""


def _with_service(
    db_url: str | None, data_dir: Path | None, work: Callable[[Any], Awaitable[T]]
) -> T:
    from hexfront.server.db import Database, default_data_dir, sqlite_url
    from hexfront.server.errors import ApiError
    from hexfront.server.games import GameService
    from hexfront.server.settings import Settings

    settings = Settings()
    if db_url is None:
        data = Path(data_dir) if data_dir is not None else default_data_dir()
        data.mkdir(parents=True, exist_ok=True)
        db_url = sqlite_url(data)
    db = Database(db_url, settings.sqlite_synchronous)
    db.migrate()
    service = GameService(db, settings)

    async def run() -> T:
        try:
            return await work(service)
        finally:
            await service.close()

    try:
        return asyncio.run(run())
    except ApiError as exc:
        raise TransferError(exc.detail) from None
    finally:
        db.dispose()


def export_game(
    game_id: str, db_url: str | None = None, data_dir: Path | None = None
) -> dict[str, JSON]:
    """The file's content of game ``game_id`` (``GET /api/games/{id}/export``)."""

    async def work(service: Any) -> dict[str, JSON]:
        data: dict[str, JSON] = await service.export(game_id, "")
        return data

    return _with_service(db_url, data_dir, work)


def import_game(
    raw: bytes,
    play_as: str | None = None,
    db_url: str | None = None,
    data_dir: Path | None = None,
) -> dict[str, JSON]:
    """Store the game of an exported file's bytes as a new game; returns what the server's
    import returns (new id, the importer's seat tokens, invite codes of the other seats)."""
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise TransferError(_("the game file is not valid JSON")) from None

    async def work(service: Any) -> dict[str, JSON]:
        made: dict[str, JSON] = await service.import_game(data, play_as, None)
        return made

    return _with_service(db_url, data_dir, work)
