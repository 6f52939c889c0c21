"""Several server processes on one PostgreSQL: each change to a game is announced with
``NOTIFY`` in the transaction that stores it, and every process ``LISTEN``s, so that a
move made through one process reaches the WebSockets held by another. No other broker.

A notice is ``"<game id> <version> <meta_version>"``: a process that already holds those
versions (its own change) does nothing. If the listening connection is lost, notices may
have been missed: every game held in memory is checked against the database once the
connection is back. SQLite (one process) neither sends nor listens.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import make_url

log = logging.getLogger("hexfront.server")

CHANNEL = "hexfront_games"
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def notify(conn: Any, game_id: str, version: int, meta: int) -> None:
    """Announce a change of ``game_id`` (a PostgreSQL connection or session, inside the
    transaction that stores the change: the notice goes out when it commits)."""
    conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": f"{game_id} {version} {meta}"})


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL ``postgresql+psycopg://…`` as libpq takes it."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


async def listen(
    url: str,
    on_notice: Callable[[str], Awaitable[None]],
    on_connect: Callable[[], Awaitable[None]],
    tasks: set[asyncio.Task[None]],
) -> None:
    """Listen for changes made by other processes until cancelled, reconnecting (with
    growing pauses) whenever the connection fails."""
    import psycopg

    pause = 0.5
    first = True
    while True:
        try:
            conn = await psycopg.AsyncConnection.connect(libpq_url(url), autocommit=True)
            async with conn:
                await conn.execute(f"LISTEN {CHANNEL}")
                if not first:
                    log.info("listening for other server processes' changes again")
                    _spawn(on_connect(), tasks)
                first, pause = False, 0.5
                async for notice in conn.notifies():
                    _spawn(on_notice(notice.payload), tasks)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the database went away: try again
            log.warning("lost the notifications connection (%s); retrying", type(exc).__name__)
            first = False
        await asyncio.sleep(pause)
        pause = min(pause * 2, 10.0)


def _spawn(work: Awaitable[None], tasks: set[asyncio.Task[None]]) -> None:
    async def run() -> None:
        try:
            await work
        except Exception:
            log.exception("bringing a game up to date after another process's change failed")

    task = asyncio.get_running_loop().create_task(run())
    tasks.add(task)
    task.add_done_callback(tasks.discard)
