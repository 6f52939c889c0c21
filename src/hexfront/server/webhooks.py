"""Webhooks: a seat may give a URL that the server POSTs to when that seat's move comes.

For players of a long game who want a message elsewhere (a chat bot, a phone) when the
opponent has moved; the WebSocket tells an open page already. A seat's own player sets it
with the seat's token (``PUT /api/games/{id}/webhook``); no other seat sees it, and it is
never exported.

* The message is small, public JSON: ``{"game": id, "scenario", "turn", "side",
  "message": "your move", "link": "/#game=ID"}``. Nothing hidden: no view, no action, no
  token (``turn`` is the public turn number every spectator sees).
* It is sent when a change makes that seat one of the sides to act and it was not one
  before (the opponent moved, the computer finished its turn), at most once per
  ``Settings.webhook_min_interval`` seconds per seat: a flurry of short back-and-forth
  decisions inside a battle sends one message.
* Sending never holds up the game: it runs in a background task after the change is
  stored, with a timeout (``Settings.webhook_timeout``); no redirect is followed, and a
  failure or a timeout is logged and forgotten (no retry).
* URLs are checked when set: ``http`` or ``https``, a host, at most 2,048 characters, no
  user name or password in them. Unless ``Settings.webhook_private_ok`` (tests, a server
  on a home network), the server refuses to send to loopback, private, link-local or
  other non-public addresses, checked again at every send after resolving the host, so
  a player cannot make the server knock on its own neighbours.
"""

from __future__ import annotations

import asyncio
import http.client
import ipaddress
import json
import logging
import socket
import time
from collections.abc import Callable, Coroutine
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urlsplit
from urllib.request import HTTPRedirectHandler, ProxyHandler, Request, build_opener

from hexfront.engine.events import JSON
from hexfront.i18n import _

from .errors import unprocessable
from .settings import Settings

log = logging.getLogger("hexfront.server")

MAX_URL = 2048
MESSAGE = "your move"


def check_url(url: str, private_ok: bool) -> str:
    """The URL, stripped, if a webhook may use it; 422 ``bad_webhook`` otherwise."""
    url = url.strip()
    if not url or len(url) > MAX_URL:
        raise unprocessable("bad_webhook", _("a webhook URL has 1 to {n} characters", n=MAX_URL))
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise unprocessable("bad_webhook", _("this webhook URL cannot be read")) from None
    if parts.scheme not in ("http", "https"):
        raise unprocessable("bad_webhook", _("a webhook URL starts with http:// or https://"))
    if not parts.hostname:
        raise unprocessable("bad_webhook", _("a webhook URL names a host"))
    if parts.username is not None or parts.password is not None:
        raise unprocessable(
            "bad_webhook",
            _("put no user name or password in a webhook URL (use a secret path)"),
        )
    if any(c.isspace() or ord(c) < 32 for c in url):
        raise unprocessable("bad_webhook", _("a webhook URL holds no spaces or control characters"))
    if port == 0:
        raise unprocessable("bad_webhook", _("a webhook URL needs a real port"))
    if not private_ok:
        try:
            address = ipaddress.ip_address(parts.hostname)
        except ValueError:
            address = None
        if parts.hostname.lower() in ("localhost", "localhost.") or (
            address is not None and not address.is_global
        ):
            raise unprocessable(
                "bad_webhook",
                _("this server does not send webhooks to local or private addresses"),
            )
    return url


def _public_host(host: str, port: int) -> bool:
    """Whether every address ``host`` resolves to is a public one (blocking: DNS)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError:
        return False
    addresses = {info[4][0] for info in infos}
    return bool(addresses) and all(
        ipaddress.ip_address(str(a).split("%")[0]).is_global for a in addresses
    )


class _NoRedirect(HTTPRedirectHandler):
    """A webhook's answer is taken as it comes: a redirect is not followed (it could
    lead anywhere, a private address included)."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


# No proxy from the environment either: the receiver is the URL the player gave.
_OPENER = build_opener(ProxyHandler({}), _NoRedirect())


def _post(url: str, body: dict[str, JSON], timeout: float) -> int:
    """POST ``body`` as JSON (blocking, in a worker thread): the answer's HTTP status.
    The standard library's client: the server needs no HTTP client package for it."""
    request = Request(
        url,
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", "user-agent": "hexfront-webhook/1"},
        method="POST",
    )
    try:
        with _OPENER.open(request, timeout=timeout) as res:
            return int(res.status)
    except HTTPError as exc:  # an answer all the same: 3xx (not followed), 4xx, 5xx
        return int(exc.code)


def message(game_id: str, scenario: str, turn: int | None, side: str) -> dict[str, JSON]:
    """What a webhook receives: public facts only."""
    return {
        "game": game_id,
        "scenario": scenario,
        "turn": turn,
        "side": side,
        "message": MESSAGE,
        "link": f"/#game={game_id}",
    }


class Webhooks:
    """Sends the notices, each in a background task; remembers when each seat was last
    told (per server process), so that short back-and-forths send one message."""

    def __init__(
        self,
        settings: Settings,
        url_of: Callable[[str, str], Coroutine[Any, Any, str | None]],
        tasks: set[asyncio.Task[None]],
    ) -> None:
        self.settings = settings
        self.url_of = url_of  # (game id, side) -> the seat's URL, read from the database
        self.tasks = tasks
        self.last: dict[tuple[str, str], float] = {}
        self.sent = 0  # messages answered with a 2xx (tests and operators)
        self.failed = 0

    def became_active(self, game_id: str, scenario: str, turn: int | None, sides: set[str]) -> None:
        """Tell each of ``sides`` (person seats that have just become ones to act)."""
        now = time.monotonic()
        for side in sorted(sides):
            key = (game_id, side)
            if now - self.last.get(key, -1e18) < self.settings.webhook_min_interval:
                continue
            self.last[key] = now
            if len(self.last) > 100_000:  # forget the oldest half
                for old in sorted(self.last, key=self.last.__getitem__)[:50_000]:
                    del self.last[old]
            task = asyncio.get_running_loop().create_task(
                self._send(game_id, side, message(game_id, scenario, turn, side))
            )
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _send(self, game_id: str, side: str, body: dict[str, JSON]) -> None:
        try:
            url = await self.url_of(game_id, side)
        except Exception:  # never let a notice disturb the game
            log.warning("webhook of game %s, %s: its URL could not be read", game_id, side)
            return
        if not url:
            return
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = parts.port or (443 if parts.scheme == "https" else 80)
        loop = asyncio.get_running_loop()
        if not self.settings.webhook_private_ok and not await loop.run_in_executor(
            None, _public_host, host, port
        ):
            self.failed += 1
            log.warning(
                "webhook of game %s, %s: not sent, its host does not resolve to public "
                "addresses only",
                game_id,
                side,
            )
            return
        timeout = self.settings.webhook_timeout
        try:
            status = await asyncio.wait_for(
                loop.run_in_executor(None, _post, url, body, timeout), timeout + 1.0
            )
        except TimeoutError:
            self.failed += 1
            log.warning("webhook of game %s, %s: no answer within %s s", game_id, side, timeout)
            return
        except (OSError, ValueError, http.client.HTTPException) as exc:
            self.failed += 1
            log.warning(
                "webhook of game %s, %s: not delivered (%s)", game_id, side, type(exc).__name__
            )
            return
        if 200 <= status < 300:
            self.sent += 1
            return
        self.failed += 1
        log.warning("webhook of game %s, %s: the receiver answered HTTP %s", game_id, side, status)
