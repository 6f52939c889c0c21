"""Socket fan-out: each open WebSocket is a :class:`Subscriber` holding only the newest
message for its seat; a change posts the new payloads to every subscriber of a game.

Nothing here knows games or storage: a game's subscribers are a mapping
``side -> set[Subscriber]`` kept by its live game (``live.py``).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping


class Revoked(Exception):
    """The token a socket was opened with has been replaced."""


class Subscriber:
    """One WebSocket: holds only the newest message for its side (slow readers skip)."""

    def __init__(self, side: str, digest: str = "", lang: str = "en") -> None:
        self.side = side
        self.digest = digest  # sha256 of the seat token the socket was opened with
        self.lang = lang  # the language the socket asked for: the game's own words in it
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


Subscribers = dict[str, set[Subscriber]]


def socket_message(wire: bytes) -> str:
    """The WebSocket message for an encoded payload: ``{"type": "view", ...payload}``."""
    return '{"type":"view",' + wire[1:].decode()


def wire_key(side: str, lang: str) -> str:
    """Where ``wire`` keeps a side's payload in another language than the shared one (a
    game that words its own log and actions, for the sockets that asked for ``lang``)."""
    return f"{side}@{lang}"


def post_all(subscribers: Subscribers, wire: Mapping[str, bytes]) -> None:
    """Push each side's encoded payload in ``wire`` to that side's open sockets: in the
    socket's language where ``wire`` holds one for it, else the shared payload."""
    for side, subs in subscribers.items():
        if subs and side in wire:
            messages: dict[str, str] = {}
            for sub in subs:
                key = wire_key(side, sub.lang)
                key = key if key in wire else side
                if key not in messages:
                    messages[key] = socket_message(wire[key])
                sub.post(messages[key])


def revoke_replaced(subscribers: Subscribers, token_hashes: Mapping[str, str | None]) -> None:
    """Close the sockets opened with a token that is no longer their seat's."""
    for side, subs in subscribers.items():
        for sub in list(subs):
            if sub.digest and sub.digest != token_hashes.get(side):
                sub.revoke()
                subs.discard(sub)


def revoke_token(subscribers: Subscribers, side: str, digest: str | None) -> None:
    """Close ``side``'s sockets opened with the token whose sha256 is ``digest``."""
    for sub in list(subscribers.get(side, ())):
        if sub.digest == digest:
            sub.revoke()
