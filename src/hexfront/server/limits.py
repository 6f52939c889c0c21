"""Protection of the server itself: body size limit, rate limit, response headers, the
client's address, and seat tokens kept out of request lines."""

from __future__ import annotations

import ipaddress
import json
import time
from collections import OrderedDict
from collections.abc import Iterable
from urllib.parse import parse_qsl

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hexfront.i18n import _, using

from . import language


class RateLimiter:
    """Token buckets by key: ``burst`` requests at once, refilled at ``rate`` per second."""

    def __init__(self, rate: float, burst: int, max_keys: int = 50_000) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.max_keys = max_keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, key: str, now: float | None = None) -> bool:
        if self.rate <= 0:
            return True
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[key] = (tokens - 1.0 if allowed else tokens, now)
        self._buckets.move_to_end(key)
        while len(self._buckets) > self.max_keys:
            self._buckets.popitem(last=False)  # the longest-idle bucket, which is full again
        return allowed


class LoginBackoff:
    """Per-account backoff on wrong passwords, whatever address they come from.

    ``free`` failures cost nothing; each further one closes the account's logins for a
    wait that doubles (1 s, 2 s, 4 s ...) up to ``cap`` seconds. A success starts afresh.
    Kept per server process, like the other limits.
    """

    def __init__(self, free: int, cap: float, max_keys: int = 50_000) -> None:
        self.free, self.cap, self.max_keys = free, cap, max_keys
        self._accounts: OrderedDict[str, tuple[int, float]] = OrderedDict()

    def wait(self, account: str, now: float | None = None) -> float:
        """Seconds before this account may try again (0: now)."""
        now = time.monotonic() if now is None else now
        _, until = self._accounts.get(account, (0, 0.0))
        return max(0.0, until - now)

    def failed(self, account: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        failures, until = self._accounts.get(account, (0, 0.0))
        failures += 1
        if failures > self.free:
            until = now + min(self.cap, 2.0 ** (failures - self.free - 1))
        self._accounts[account] = (failures, until)
        self._accounts.move_to_end(account)
        while len(self._accounts) > self.max_keys:
            self._accounts.popitem(last=False)

    def succeeded(self, account: str) -> None:
        self._accounts.pop(account, None)


# Where GuardMiddleware puts a ``?token=`` it took out of the query string.
QUERY_TOKEN = "hexfront.query_token"


def take_query_token(scope: Scope) -> None:
    """Move ``?token=`` out of the request's query string into ``scope[QUERY_TOKEN]``.

    The server (uvicorn) writes its access and WebSocket lines from this same ``scope``
    after the app has seen it, and so does anything else that prints a request's URL: with
    the token gone from the query string, no log line can carry it, whatever the logging
    configuration."""
    query: bytes = scope.get("query_string", b"")
    if b"token" not in query.lower() and b"%" not in query:
        return
    kept: list[bytes] = []
    token: str | None = None
    for part in query.split(b"&"):
        pairs = parse_qsl(part.decode("latin-1"), keep_blank_values=True)
        if pairs and pairs[0][0].strip().lower() == "token":
            if token is None:
                # The same decoding as Starlette's query parameters (UTF-8 after %-escapes).
                raw = part.partition(b"=")[2].decode("latin-1")
                token = parse_qsl("t=" + raw, keep_blank_values=True)[0][1] if raw else ""
            continue
        kept.append(part)
    if token is not None:
        scope["query_string"] = b"&".join(kept)
        scope[QUERY_TOKEN] = token


class ClientAddress:
    """The client's address for limits: the peer's own, unless the peer is a trusted
    proxy; then the nearest address in ``X-Forwarded-For`` that is not a trusted proxy
    (everything further left was written by the client and may be forged)."""

    def __init__(self, trusted: Iterable[str] = ()) -> None:
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        self.names: set[str] = set()
        for entry in trusted:
            try:
                self.networks.append(ipaddress.ip_network(entry.strip(), strict=False))
            except ValueError:
                self.names.add(entry.strip())  # a name such as a test client's

    def trusts(self, host: str) -> bool:
        if host in self.names:
            return True
        if not self.networks:
            return False
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def of(self, peer: str | None, forwarded: Iterable[str]) -> str:
        peer = peer or "?"
        if not self.trusts(peer):
            return peer
        hops = [hop.strip() for header in forwarded for hop in header.split(",")]
        hops = [hop for hop in hops if hop]
        for hop in reversed(hops):
            if not self.trusts(hop):
                return hop
        return hops[0] if hops else peer


class BodyTooLarge(HTTPException):
    """Raised from ``receive`` when a body without Content-Length grows past the limit.

    An ``HTTPException`` so that the framework's body parsing passes it on as a 413."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, _("request bodies are limited to {n} bytes", n=limit))


def _error_body(status: int, code: str, detail: str) -> tuple[list[tuple[bytes, bytes]], bytes]:
    body = json.dumps({"error": code, "detail": detail}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    return headers, body


class GuardMiddleware:
    """Refuse bodies over ``max_body`` with 413 before anything parses them, and add
    headers that keep views out of caches and seat tokens out of referrers. It also
    chooses the language of the request's messages (``language.py``) and holds it while
    the request is served."""

    SECURITY_HEADERS = (
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-frame-options", b"DENY"),
    )
    # The pages (the client, the plain page) run only the server's own scripts and styles
    # and talk only to the server: no inline script, no other origin, no plugins, no
    # frames. FastAPI's /docs and /redoc load Swagger UI from a CDN and keep none.
    CONTENT_SECURITY_POLICY = (
        b"default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        b"font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
        b"form-action 'self'; frame-ancestors 'none'"
    )
    NO_POLICY = ("/docs", "/redoc")

    def __init__(self, app: ASGIApp, max_body: int, larger: dict[str, int] | None = None) -> None:
        self.app = app
        self.max_body = max_body
        # Paths that take larger bodies (an exported game file), with their own limit.
        self.larger = dict(larger or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        take_query_token(scope)
        lang = language.of_scope(scope)
        scope[language.SCOPE_KEY] = lang
        with using(lang):
            if scope["type"] == "http":
                await self._guard(scope, receive, send)
            else:
                await self.app(scope, receive, send)

    async def _guard(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared, chunked, ctype = 0, False, b""
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await self._refuse(send, 400, "bad_request", _("invalid Content-Length"))
                    return
            elif name == b"transfer-encoding":
                chunked = True
            elif name == b"content-type":
                ctype = value.split(b";")[0].strip().lower()
        limit = self.larger.get(scope["path"], self.max_body)
        if declared > limit:
            await self._refuse(send, 413, "body_too_large", self._too_large(limit))
            return
        is_api = scope["path"].startswith("/api/")
        if is_api and (declared > 0 or chunked) and ctype != b"application/json":
            await self._refuse(
                send, 415, "unsupported_media_type", _("send JSON: Content-Type: application/json")
            )
            return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise BodyTooLarge(limit)
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                headers.extend(self.SECURITY_HEADERS)
                if any(
                    k.lower() == b"content-type" and v.startswith(b"text/html") for k, v in headers
                ) and not scope["path"].startswith(self.NO_POLICY):
                    headers.append((b"content-security-policy", self.CONTENT_SECURITY_POLICY))
                # Public, cacheable API answers (the mapboard) set their own header.
                if is_api and not any(k.lower() == b"cache-control" for k, _ in headers):
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        except BodyTooLarge:
            if not started:
                await self._refuse(send, 413, "body_too_large", self._too_large(limit))

    def _too_large(self, limit: int) -> str:
        return _("request bodies are limited to {n} bytes", n=limit)

    async def _refuse(self, send: Send, status: int, code: str, detail: str) -> None:
        headers, body = _error_body(status, code, detail)
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [*headers, (b"connection", b"close")],
            }
        )
        await send({"type": "http.response.body", "body": body})
