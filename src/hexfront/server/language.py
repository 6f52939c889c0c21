"""The language of the server's messages (issue 18): English, Italian, Spanish or French.

Every ``detail`` the server answers (the ``ApiError`` sentences, the request checks, the
WebSocket errors) is written in English inside :func:`hexfront.i18n._` and read in the
language of the request: ``?lang=xx`` if it names one of ours, else the first of ours in
the ``Accept-Language`` header, else English. A socket chooses it the same way when it
opens. The machine ``error`` code never changes with the language.

:class:`~hexfront.server.limits.GuardMiddleware` chooses the language once per request
and holds it (a context variable) while the request is served; worker threads run in a
copy of the request's context (``workers.py``), so a sentence written there is in the
same language. The payloads pushed to every seat (views) are built in English
(``live.encode``) and shared by all the sockets of a seat; a game that words its own log
and actions (Stalin's War) also gets the payload in each other language one of the seat's
sockets asked for (``live.encode_in``), which is also what a view asked for over HTTP in
that language answers. A game's board (Stalin's War's cards) and the catalogue (its
scenarios) are served in the language of the request.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl

from hexfront.i18n import DEFAULT, UnknownLanguage, check_language, from_accept_language

#: Where the chosen language is kept in the ASGI scope (handlers outside the middleware
#: read it there).
SCOPE_KEY = "hexfront.lang"


def choose(asked: str | None, accept_language: str | None) -> str:
    """``asked`` (a ``?lang=``) if it is one of our languages, else the best of
    ``accept_language``, else English."""
    if asked:
        try:
            return check_language(asked)
        except UnknownLanguage:
            pass  # a language we do not have: the browser's preferences decide
    return from_accept_language(accept_language)


def of_scope(scope: Mapping[str, Any]) -> str:
    """The language of an HTTP request or a WebSocket (an ASGI scope)."""
    known = scope.get(SCOPE_KEY)
    if isinstance(known, str):
        return known
    query: bytes = scope.get("query_string", b"")
    asked: str | None = None
    if query and b"lang" in query:
        for key, value in parse_qsl(query.decode("latin-1"), keep_blank_values=True):
            if key == "lang":
                asked = value
                break
    accept: str | None = None
    for name, value in scope.get("headers", ()):
        if name == b"accept-language":
            accept = value.decode("latin-1")
            break
    if asked is None and accept is None:
        return DEFAULT
    return choose(asked, accept)
