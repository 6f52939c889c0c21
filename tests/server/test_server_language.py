"""The server's messages in English, Italian, Spanish and French (issue 18).

A request chooses its language with ``?lang=xx`` or its ``Accept-Language`` header (the
first of ours; English by default), a socket with ``?lang=xx``; the ``detail`` of every
error is then in that language, and the machine ``error`` code is the same in all four.
Every message the server marks for translation has one in each catalogue, with the same
fields, and no error of the server is raised with a bare English sentence."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import httpx
import pytest
from babel.messages.extract import extract_from_file
from fastapi.testclient import TestClient
from server_helpers import create
from starlette.websockets import WebSocketDisconnect

import hexfront.server
from hexfront.games.stalins_war.text import card_words
from hexfront.i18n import LANGUAGES, _, using
from hexfront.i18n.__main__ import KEYWORDS, read
from hexfront.server.language import choose

SERVER = Path(hexfront.server.__file__).parent
OTHERS = ("it", "es", "fr")
FIELD = re.compile(r"(?<!\{)\{(\w+)\}(?!\})")


def said(lang: str, message: str, **fields: Any) -> str:
    with using(lang):
        return _(message, **fields)


def ask(
    client: TestClient, how: str, lang: str, method: str, path: str, **kw: Any
) -> httpx.Response:
    """A request in ``lang``, asked for by the query (``how="query"``) or the header."""
    headers = dict(kw.pop("headers", {}))
    params = dict(kw.pop("params", {}))
    if how == "query":
        params["lang"] = lang
    else:
        headers["accept-language"] = f"{lang}-XX, en;q=0.5"
    return client.request(method, path, headers=headers, params=params, **kw)


def check(res: httpx.Response, status: int, code: str, lang: str, english: str) -> str:
    """The answer is ``code`` with ``status`` and a detail in ``lang``, not in English."""
    assert res.status_code == status, res.text
    body = res.json()
    assert body["error"] == code, body
    detail: str = body["detail"]
    assert detail, body
    assert detail != english, (lang, detail)
    return detail


# --- choosing the language ----------------------------------------------------------------


def test_the_language_is_the_query_then_the_browsers_first_of_ours_then_english() -> None:
    assert choose("it", "fr") == "it"
    assert choose("es-AR", None) == "es"
    assert choose("de", "de-DE, fr;q=0.8, it;q=0.5") == "fr"  # not ours: the header decides
    assert choose(None, "pt-BR, es;q=0.4, it;q=0.6") == "it"
    assert choose(None, "de-DE") == "en"
    assert choose(None, None) == "en"
    assert choose("", "fr") == "fr"


@pytest.mark.parametrize("how", ["query", "header"])
@pytest.mark.parametrize("lang", OTHERS)
def test_an_unknown_game_answers_in_the_requests_language(
    client: TestClient, how: str, lang: str
) -> None:
    template = "no game {game}"
    english = client.get("/api/games/no.such/view")
    assert english.json()["detail"] == said("en", template, game="'no.such'")
    res = ask(client, how, lang, "GET", "/api/games/no.such/view")
    detail = check(res, 404, "not_found", lang, english.json()["detail"])
    assert detail == said(lang, template, game="'no.such'")
    assert "'no.such'" in detail
    # An invite refused by the database, in a worker thread: the language goes with the work.
    join = "/api/games/NoSuchGame/join"
    english = client.post(join, json={"invite": "x"})
    res = ask(client, how, lang, "POST", join, json={"invite": "x"})
    detail = check(res, 401, "bad_invite", lang, english.json()["detail"])
    assert detail == said(lang, "this invite code is not valid for this game")


@pytest.mark.parametrize("how", ["query", "header"])
@pytest.mark.parametrize("lang", OTHERS)
def test_a_bad_token_a_malformed_action_and_an_illegal_one_are_answered_in_words(
    client: TestClient, how: str, lang: str
) -> None:
    game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"})
    red = seats["red"]
    view = f"/api/games/{game_id}/view"
    bad = {"authorization": "Bearer not-a-token"}
    english = client.get(view, headers=bad).json()["detail"]
    detail = check(
        ask(client, how, lang, "GET", view, headers=bad), 401, "bad_token", lang, english
    )
    assert detail == said(lang, "this seat token is not valid")

    acts = f"/api/games/{game_id}/actions"
    for body, code in (
        ({"action": 5, "version": 0}, "malformed_action"),
        ({"action": {"verb": "move", "args": []}, "version": 0}, "malformed_action"),
        ({"action": {"verb": "no_such_verb", "args": {}}, "version": 0}, "illegal_action"),
    ):
        english = client.post(acts, json=body, headers=red.auth)
        assert english.status_code == 422, english.text
        assert english.json()["error"] == code, english.text
        res = ask(client, how, lang, "POST", acts, json=body, headers=red.auth)
        check(res, 422, code, lang, english.json()["detail"])
    assert red.view().json()["version"] == 0  # nothing changed


@pytest.mark.parametrize("lang", OTHERS)
def test_an_option_out_of_range_and_a_bad_body_are_answered_in_words(
    client: TestClient, lang: str
) -> None:
    new = {"game": "skirmish", "scenario": "standard", "options": {"rounds": 99}}
    english = client.post("/api/games", json=new).json()["detail"]
    res = ask(client, "query", lang, "POST", "/api/games", json=new)
    detail = check(res, 422, "bad_option", lang, english)
    assert detail == said(
        lang,
        "option {name} ({label}) takes one of {choices}, not {value}",
        name="'rounds'",
        label=said(lang, "number of rounds"),
        choices="2, 4, 6, 8",
        value="99",
    )

    # FastAPI's own checks of a body: each field's problem said in the language.
    body = {"game": "skirmish", "scenario": "x" * 65, "spectate_delay": -1, "colour": "red"}
    english = client.post("/api/games", json=body).json()["detail"]
    res = ask(client, "header", lang, "POST", "/api/games", json=body)
    detail = check(res, 422, "invalid_request", lang, english)
    assert (
        said(lang, "{where}: at most {max_length} characters", where="scenario", max_length=64)
        in detail
    )
    assert (
        said(lang, "{where}: send a number of {ge} or more", where="spectate_delay", ge=0) in detail
    )
    assert said(lang, "{where}: there is no such field", where="colour") in detail
    missing = ask(client, "query", lang, "POST", "/api/games", json={"game": "skirmish"})
    assert (
        said(lang, "{where}: this field is required", where="scenario") in missing.json()["detail"]
    )

    # Not JSON at all, and an address with nothing behind it.
    raw = ask(
        client,
        "query",
        lang,
        "POST",
        "/api/games",
        content=b"{",
        headers={"content-type": "application/json"},
    )
    assert raw.json() == {
        "error": "bad_json",
        "detail": said(lang, "the request body is not valid JSON"),
    }
    nothing = ask(client, "query", lang, "GET", "/api/nothing-here")
    assert nothing.status_code == 404
    assert nothing.json()["detail"] == said(lang, "there is nothing at this address")


@pytest.mark.parametrize("lang", OTHERS)
def test_a_socket_answers_in_the_language_it_asked_for(client: TestClient, lang: str) -> None:
    game_id, _seats = create(client, {"red": "hotseat", "blue": "hotseat"})
    path = f"/api/games/{game_id}/ws?token=nope"
    answers = {}
    for asked in ("en", lang):
        with client.websocket_connect(f"{path}&lang={asked}") as ws:
            answers[asked] = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4401
    assert answers["en"]["error"] == answers[lang]["error"] == "bad_token"
    assert answers[lang]["detail"] == said(lang, "this seat token is not valid")
    assert answers[lang]["detail"] != answers["en"]["detail"]


def test_the_example_game_words_its_view_in_the_language_and_nothing_else_changes(
    client: TestClient,
) -> None:
    # The test game (Skirmish) words its choices and log itself (issue 18): a view asked
    # for in another language carries those words in it, and the rest of the payload (the
    # blocks, the prompt's keys, the legal actions) is the same in every language.
    _game_id, seats = create(client, {"red": "hotseat", "blue": "random"})
    red = seats["red"]
    views = {
        lang: red.client.get(
            f"/api/games/{red.id}/view", headers=red.auth, params={"lang": lang}
        ).json()
        for lang in LANGUAGES
    }
    words = {lang: view.pop("action_texts") for lang, view in views.items()}
    for view in views.values():
        view.pop("log_lines", None)
    assert all(view == views["en"] for view in views.values())
    assert words["en"][0] == "pass"
    for lang in OTHERS:
        with using(lang):
            assert words[lang][0] == _("pass") != "pass"
        assert len(words[lang]) == len(words["en"])
        assert not any(" to " in text or "=" in text for text in words[lang]), words[lang]


# --- Stalin's War's words in the request's language ---------------------------------------

# English words none of the three languages uses (see tests/stalins_war/test_player_text.py).
ENGLISH = re.compile(r"\b(the|plays|moves|from|with|takes|card|turn|begins|and|draws|play|for)\b")


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("how", ["query", "header"])
def test_a_stalins_war_view_is_in_the_language_asked_for(
    client: TestClient, lang: str, how: str
) -> None:
    """A Stalin's War seat's view answers with the game's own words (action labels, log
    lines) in the request's language, and the board with the cards' titles and summaries in
    it (the printed English title kept); the same requests in English stay English."""
    _game_id, seats = create(
        client, {"axis": "human", "soviet": "human"}, game="stalins_war", scenario="tournament"
    )
    axis = seats["axis"]
    english = axis.client.get(f"/api/games/{axis.id}/view", headers=axis.auth).json()
    res = ask(client, how, lang, "GET", f"/api/games/{axis.id}/view", headers=axis.auth)
    assert res.status_code == 200, res.text
    body = res.json()
    assert body["view"] == english["view"]  # the view itself is the same data
    assert body["legal_actions"] == english["legal_actions"]
    first = body["legal_actions"].index(
        next(a for a in body["legal_actions"] if a["verb"] == "play_ops")
    )
    with using(lang):
        card = card_words(body["legal_actions"][first]["args"]["card"])
    assert body["action_texts"][first] == said(lang, "play {card} for OPS (7.3)", card=card)
    assert len(body["action_texts"]) == len(english["action_texts"])
    for words in (body["action_texts"], body["log_lines"]):
        assert words
        for line in words:
            assert not ENGLISH.search(line), (lang, line)
    assert any(ENGLISH.search(t) for t in english["action_texts"])  # the yardstick can fail
    # The board: cards in the language, the printed English title kept.
    path = "/api/games/catalog/stalins_war/board"
    board = ask(client, how, lang, "GET", path, params={"scenario": "tournament"}).json()
    plain = client.get(path, params={"scenario": "tournament"}).json()
    for card_id in ("S1", "S8", "A24"):
        mine, theirs = board["cards"][card_id], plain["cards"][card_id]
        assert mine["printed"] == theirs["printed"] == theirs["title"]
        assert mine["title"] != theirs["title"], card_id
        assert mine["summary"] != theirs["summary"], card_id
        assert not ENGLISH.search(mine["summary"]), mine["summary"]
    if lang == "it":
        assert board["cards"]["S1"]["title"] == "Rinforzi Sovietici"  # the Italian edition's
    assert board["hexes"] == plain["hexes"]


@pytest.mark.parametrize("lang", OTHERS)
def test_a_stalins_war_socket_gets_the_games_words_in_its_language(
    client: TestClient, lang: str
) -> None:
    """A socket opened with ?lang= receives Stalin's War's action labels and log lines in its
    language, at once and after every change; a socket of the same seat without it keeps the
    English payload (the view data itself is the same)."""
    game_id, seats = create(
        client, {"axis": "human", "soviet": "human"}, game="stalins_war", scenario="tournament"
    )
    axis = seats["axis"]
    base = f"/api/games/{game_id}/ws?token={axis.token}"
    with (
        client.websocket_connect(f"{base}&lang={lang}") as mine,
        client.websocket_connect(base) as plain,
    ):
        first, english = mine.receive_json(), plain.receive_json()
        assert first["type"] == english["type"] == "view"
        assert first["view"] == english["view"]
        assert any(ENGLISH.search(t) for t in english["action_texts"])
        for line in first["action_texts"] + first["log_lines"]:
            assert not ENGLISH.search(line), (lang, line)
        action = next(a for a in first["legal_actions"] if a["verb"] == "play_ops")
        assert axis.act(action, first["version"]).status_code == 200
        after, english_after = mine.receive_json(), plain.receive_json()
        assert after["version"] == english_after["version"] > first["version"]
        assert len(after["log_lines"]) > len(first["log_lines"])
        for line in after["action_texts"] + after["log_lines"]:
            assert not ENGLISH.search(line), (lang, line)
        assert any(ENGLISH.search(t) for t in english_after["log_lines"])


@pytest.mark.parametrize("lang", OTHERS)
def test_stalins_war_scenarios_are_named_in_the_language(client: TestClient, lang: str) -> None:
    """The catalogue (the browser's new-game form, ``hexfront games``) names Stalin's War's
    scenarios and sums them up in the request's language; the ids do not change."""

    def scenarios(params: dict[str, str]) -> dict[str, dict[str, Any]]:
        body = client.get("/api/games/catalog", params=params).json()
        game = next(g for g in body["games"] if g["name"] == "stalins_war")
        return {s["id"]: s for s in game["scenarios"]}

    english, mine = scenarios({}), scenarios({"lang": lang})
    assert set(mine) == set(english) == {"campaign", "tournament"}
    assert english["tournament"]["name"] == "Tournament"
    for sid in mine:
        assert mine[sid]["name"] != english[sid]["name"], sid
        assert mine[sid]["summary"] != english[sid]["summary"], sid
        assert not ENGLISH.search(mine[sid]["summary"]), mine[sid]["summary"]
        assert mine[sid]["turns"] == english[sid]["turns"]


# --- the catalogues -----------------------------------------------------------------------


def server_messages() -> dict[str | tuple[str, ...], str]:
    """Every message marked in src/hexfront/server, with where it is."""
    found: dict[str | tuple[str, ...], str] = {}
    for path in sorted(SERVER.glob("*.py")):
        for lineno, message, _comments, _context in extract_from_file(
            "python", path, keywords=KEYWORDS
        ):
            found.setdefault(message, f"{path.name}:{lineno}")
    return found


def test_the_server_marks_its_messages() -> None:
    messages = server_messages()
    assert len(messages) > 90  # every ApiError detail, the request checks, the socket's
    assert "no game {game}" in messages
    assert "this seat token was replaced; use the new one" in messages


@pytest.mark.parametrize("lang", OTHERS)
def test_every_server_message_has_a_translation_with_the_same_fields(lang: str) -> None:
    catalogue = read(lang)
    problems = []
    for message, where in server_messages().items():
        entry = catalogue.get(message)
        raw = "" if entry is None else entry.string
        strings = [str(s) for s in raw] if isinstance(raw, tuple | list) else [str(raw)]
        if entry is None or entry.fuzzy or not all(strings):
            problems.append(f"{where}: no translation of {message!r}")
            continue
        ids = list(message) if isinstance(message, tuple) else [message]
        wanted = set(FIELD.findall(ids[-1]))
        for text in strings:
            if set(FIELD.findall(text)) != wanted:
                problems.append(f"{where}: {text!r} has not the fields of {ids[-1]!r}")
            if re.search(r"\b[a-z]+_[a-z_]+\b|\w+=\w", FIELD.sub("", text)) and not re.search(
                r"\b[a-z]+_[a-z_]+\b|\w+=\w", FIELD.sub("", ids[-1])
            ):
                problems.append(f"{where}: {text!r} brings in a key or key=value")
    assert not problems, "\n".join(problems)


ERRORS = {
    "ApiError": 2,
    "bad_request": 1,
    "unauthorized": 1,
    "forbidden": 1,
    "not_found": 0,
    "conflict": 1,
    "unprocessable": 1,
    "CorruptGame": 0,
    "_refuse": 0,
    "PydanticCustomError": -1,  # worded by the error handler
}


def test_no_server_error_is_raised_with_a_bare_english_sentence() -> None:
    """The detail of every error built in the server is a translated message (a call of
    ``_``, ``_n`` or a helper that returns one), never a literal or an f-string."""
    bare = []
    for path in sorted(SERVER.glob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            index = ERRORS.get(str(name))
            if name == "_refuse" and isinstance(node.func, ast.Attribute):
                index = 3  # the middleware's: (send, status, code, detail)
            if index is None or index < 0 or len(node.args) <= index:
                continue
            detail = node.args[index]
            if isinstance(detail, ast.Constant | ast.JoinedStr | ast.BinOp):
                bare.append(f"{path.name}:{node.lineno}: {ast.unparse(detail)[:70]}")
        for node in ast.walk(tree):  # answers written as {"error": ..., "detail": ...}
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and key.value == "detail"
                        and isinstance(value, ast.Constant | ast.JoinedStr)
                    ):
                        bare.append(f"{path.name}:{node.lineno}: {ast.unparse(value)[:70]}")
    assert not bare, "\n".join(bare)


def test_every_language_has_a_catalogue() -> None:
    assert set(OTHERS) | {"en"} == set(LANGUAGES)


def test_the_browser_client_sends_its_language_with_every_request_and_socket() -> None:
    client = (Path(__file__).parents[2] / "web" / "src" / "api.ts").read_text()
    assert 'headers["accept-language"] = lang;' in client
    assert "&lang=${lang}" in client
    assets = SERVER / "static" / "app" / "assets"
    bundle = "".join(p.read_text() for p in assets.glob("*.js"))
    assert '["accept-language"]=' in bundle
    assert "&lang=" in bundle


@pytest.mark.parametrize("lang", OTHERS)
def test_the_guards_refusals_are_in_words_too(client: TestClient, lang: str) -> None:
    # Refused by the middleware before any route runs: a body that is not JSON, or too big.
    plain = {"content-type": "text/plain"}
    english = client.post("/api/games", content=b"x", headers=plain).json()["detail"]
    res = ask(client, "header", lang, "POST", "/api/games", content=b"x", headers=plain)
    detail = check(res, 415, "unsupported_media_type", lang, english)
    assert detail == said(lang, "send JSON: Content-Type: application/json")
    limit = client.app.state.settings.max_body_bytes  # type: ignore[attr-defined]
    big = b"[" + b"0," * limit + b"0]"
    res = ask(
        client,
        "query",
        lang,
        "POST",
        "/api/games",
        content=big,
        headers={"content-type": "application/json"},
    )
    assert res.status_code == 413
    assert res.json() == {
        "error": "body_too_large",
        "detail": said(lang, "request bodies are limited to {n} bytes", n=limit),
    }
    # Without a length, the body is counted as it arrives (refused from inside the route).
    streamed = ask(
        client,
        "query",
        lang,
        "POST",
        "/api/games",
        content=iter([big]),
        headers={"content-type": "application/json"},
    )
    assert streamed.status_code == 413
    assert streamed.json()["detail"] == said(
        lang, "request bodies are limited to {n} bytes", n=limit
    )
