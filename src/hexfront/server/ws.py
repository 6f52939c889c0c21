"""WebSockets: each seat's socket receives its side's new view after every change.

Protocol (server to client, JSON text frames):

* ``{"type": "view", ...}``: the same payload as ``GET /api/games/{id}/view``, sent on
  connect and after every change (an action by any side, an undo, an AI move, a change
  of the AI's thinking or of the record's opening). A slow client skips to the newest.
* ``{"type": "error", "error": code, "detail": message}`` then a close with code
  ``4000 + HTTP status`` (4401 bad token, 4403 another game's token, 4404 no game).
* ``{"type": "error", "error": "token_revoked", ...}`` then a close with 4401 when the
  seat's token is replaced (``POST /api/games/{id}/token``).
* ``{"type": "pong"}`` in answer to a text frame ``ping``.

An error's ``detail`` is in the language the socket asked for when it opened (``?lang=it``,
else its ``Accept-Language``; English by default); its ``error`` code is the same in all.

Clients send nothing else; a client that floods the socket is disconnected (1008).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from hexfront.i18n import _

from .errors import ApiError
from .games import GameService, Revoked, token_hash

MAX_CLIENT_MESSAGES = 60  # per 10 seconds


async def serve_socket(
    websocket: WebSocket,
    games: GameService,
    game_id: str,
    token: str | None,
    authorize: Callable[[], Awaitable[str]],
) -> None:
    await websocket.accept()
    try:
        side = await authorize()
        live, sub = await games.subscribe(game_id, side, token_hash(token or ""))
    except ApiError as exc:
        await websocket.send_text(json.dumps({"type": "error", **exc.to_json()}))
        await websocket.close(code=4000 + exc.status)
        return
    pongs: asyncio.Queue[None] = asyncio.Queue()

    async def push() -> None:
        get_view: asyncio.Future[str] | None = None
        get_pong: asyncio.Future[None] | None = None
        try:
            while True:
                get_view = get_view or asyncio.ensure_future(sub.next())
                get_pong = get_pong or asyncio.ensure_future(pongs.get())
                waiting: set[asyncio.Future[Any]] = {get_view, get_pong}
                done, _pending = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
                if get_pong in done:
                    get_pong = None
                    await websocket.send_text('{"type":"pong"}')
                if get_view in done:
                    try:
                        message = get_view.result()
                    except Revoked:
                        detail = _("this seat token was replaced; use the new one")
                        error = {"type": "error", "error": "token_revoked", "detail": detail}
                        await websocket.send_text(json.dumps(error))
                        await websocket.close(code=4401)
                        return
                    get_view = None
                    await websocket.send_text(message)
        finally:
            for task in (get_view, get_pong):
                if task is not None:
                    task.cancel()

    async def listen() -> None:
        window, count = time.monotonic(), 0
        while True:
            text = await websocket.receive_text()
            now = time.monotonic()
            if now - window > 10:
                window, count = now, 0
            count += 1
            if count > MAX_CLIENT_MESSAGES:
                await websocket.close(code=1008)
                return
            if text.strip() == "ping":
                pongs.put_nowait(None)

    pusher = asyncio.ensure_future(push())
    listener = asyncio.ensure_future(listen())
    try:
        await asyncio.wait({pusher, listener}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        games.unsubscribe(live, sub)
        for task in (pusher, listener):
            task.cancel()
        for task in (pusher, listener):
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, Exception):
                await task
