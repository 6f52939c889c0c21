"""Protection of the server itself: body size limit, rate limit, response headers."""

from __future__ import annotations

import json
import time
from collections import OrderedDict

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send


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


class BodyTooLarge(HTTPException):
    """Raised from ``receive`` when a body without Content-Length grows past the limit.

    An ``HTTPException`` so that the framework's body parsing passes it on as a 413."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request bodies are limited to {limit} bytes")


def _error_body(status: int, code: str, detail: str) -> tuple[list[tuple[bytes, bytes]], bytes]:
    body = json.dumps({"error": code, "detail": detail}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    return headers, body


class GuardMiddleware:
    """Refuse bodies over ``max_body`` with 413 before anything parses them, and add
    headers that keep views out of caches and seat tokens out of referrers."""

    SECURITY_HEADERS = (
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"x-frame-options", b"DENY"),
    )

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared, chunked, ctype = 0, False, b""
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await self._refuse(send, 400, "bad_request", "invalid Content-Length")
                    return
            elif name == b"transfer-encoding":
                chunked = True
            elif name == b"content-type":
                ctype = value.split(b";")[0].strip().lower()
        if declared > self.max_body:
            await self._refuse(send, 413, "body_too_large", self._too_large())
            return
        is_api = scope["path"].startswith("/api/")
        if is_api and (declared > 0 or chunked) and ctype != b"application/json":
            await self._refuse(
                send, 415, "unsupported_media_type", "send JSON: Content-Type: application/json"
            )
            return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise BodyTooLarge(self.max_body)
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                headers.extend(self.SECURITY_HEADERS)
                # Public, cacheable API answers (the mapboard) set their own header.
                if is_api and not any(k.lower() == b"cache-control" for k, _ in headers):
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, limited_receive, guarded_send)
        except BodyTooLarge:
            if not started:
                await self._refuse(send, 413, "body_too_large", self._too_large())

    def _too_large(self) -> str:
        return f"request bodies are limited to {self.max_body} bytes"

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
