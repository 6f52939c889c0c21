"""Bad input gets a clear 4xx JSON error and never changes the game (its state hash)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Seat, create, error


def fingerprint(client: TestClient, game_id: str) -> tuple[str, int, int]:
    """The state hash, version and logged actions of a game, as the server holds them."""
    assert client.portal is not None
    games = client.app.state.games  # type: ignore[attr-defined]
    digest = client.portal.call(games.state_hash, game_id)
    from sqlalchemy import func, select

    from hexfront.server.db import ActionRow, GameRow

    with games.db.read() as s:
        version = s.get(GameRow, game_id).version
        logged = s.scalar(select(func.count()).where(ActionRow.game_id == game_id))
    return digest, version, logged


@pytest.fixture
def game(client: TestClient) -> Iterator[tuple[str, dict[str, Seat]]]:
    """A hotseat game one action in, whose fingerprint must survive each test."""
    game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"})
    view = seats["red"].view().json()
    assert seats["red"].act(view["legal_actions"][1], 0).status_code == 200
    before = fingerprint(client, game_id)
    yield game_id, seats
    assert fingerprint(client, game_id) == before


def raw_post(client: TestClient, seat: Seat, body: bytes, **headers: str) -> Any:
    return client.post(
        f"/api/games/{seat.id}/actions",
        content=body,
        headers={"content-type": "application/json", **seat.auth, **headers},
    )


def test_malformed_bodies(client: TestClient, game: tuple[str, dict[str, Seat]]) -> None:
    _, seats = game
    blue = seats["blue"]
    error(raw_post(client, blue, b'{"action": {"verb": "pass"'), 400, "bad_json")
    error(raw_post(client, blue, b"\xff\xfe\x00"), 400, "bad_json")
    error(raw_post(client, blue, b"[]"), 422, "invalid_request")
    error(raw_post(client, blue, b'{"action": {"verb": "pass"}}'), 422, "invalid_request")
    error(
        raw_post(client, blue, b'{"action": {"verb": "pass"}, "version": "1"}'),
        422,
        "invalid_request",
    )
    error(
        raw_post(client, blue, b'{"action": {"verb": "pass"}, "version": 1.5}'),
        422,
        "invalid_request",
    )
    error(
        raw_post(client, blue, b'{"action": {"verb": "pass"}, "version": 1, "x": 1}'),
        422,
        "invalid_request",
    )
    error(
        raw_post(
            client,
            blue,
            b'{"action": {"verb": "pass"}, "version": 1}',
            **{"content-type": "text/plain"},
        ),
        415,
        "unsupported_media_type",
    )


def test_malformed_and_illegal_actions(game: tuple[str, dict[str, Seat]]) -> None:
    _, seats = game
    blue = seats["blue"]
    error(blue.act({"verb": "pass", "args": [1]}, 1), 422, "malformed_action")
    error(blue.act({"verb": "", "args": {}}, 1), 422, "malformed_action")
    error(blue.act({"verb": "pass", "colour": "red"}, 1), 422, "malformed_action")
    error(blue.act({"verb": 7}, 1), 422, "malformed_action")
    error(blue.act({"verb": "teleport", "args": {"to": "0101"}}, 1), 422, "illegal_action")
    error(
        blue.act({"verb": "move", "args": {"block": "blue-a", "to": "9999"}}, 1),
        422,
        "illegal_action",
    )
    error(blue.act({"verb": "attack", "args": {"block": "red-a"}}, 1), 422, "illegal_action")
    error(seats["red"].act({"verb": "pass"}, 1), 422, "not_your_turn")
    error(blue.act({"side": "red", "verb": "pass"}, 1), 403, "wrong_side")
    error(blue.undo(1), 422, "nothing_to_undo")


def test_stale_versions(game: tuple[str, dict[str, Seat]]) -> None:
    _, seats = game
    for version in (0, 2, -1, 10**12):
        error(seats["blue"].act({"verb": "pass"}, version), 409, "stale_version")
        error(seats["blue"].undo(version), 409, "stale_version")


def test_tokens(client: TestClient, game: tuple[str, dict[str, Seat]]) -> None:
    game_id, seats = game
    _, other = create(client, {"red": "hotseat", "blue": "hotseat"})
    url = f"/api/games/{game_id}/actions"
    body = {"action": {"verb": "pass"}, "version": 1}
    error(client.post(url, json=body), 401, "missing_token")
    error(client.post(url, json=body, headers={"authorization": "Bearer"}), 401, "bad_token")
    error(
        client.post(url, json=body, headers={"authorization": "Basic YWxhZGRpbg=="}),
        401,
        "bad_token",
    )
    error(
        client.post(url, json=body, headers={"authorization": "Bearer " + "A" * 43}),
        401,
        "bad_token",
    )
    error(client.post(url, json=body, headers=other["blue"].auth), 403, "wrong_game")
    error(client.get(f"/api/games/{game_id}/view", headers=other["red"].auth), 403, "wrong_game")
    # The query-string token is accepted where documented only, never for acting.
    error(client.post(url, json=body, params={"token": seats["blue"].token}), 401, "missing_token")
    error(Seat(client, "nosuchgame", seats["blue"].token).view(), 403, "wrong_game")
    error(Seat(client, "bad/id!", seats["blue"].token).view(), 404, "not_found")


def test_a_one_megabyte_body(client: TestClient, game: tuple[str, dict[str, Seat]]) -> None:
    _, seats = game
    big = (
        b'{"action": {"verb": "pass", "args": {"pad": "' + b"x" * 1_000_000 + b'"}}, "version": 1}'
    )
    error(raw_post(client, seats["blue"], big), 413, "body_too_large")

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted while it arrives
        for _ in range(16):
            yield b"x" * 65_536

    res = client.post(
        f"/api/games/{seats['blue'].id}/actions",
        content=chunks(),
        headers={"content-type": "application/json", **seats["blue"].auth},
    )
    error(res, 413, "body_too_large")
    error(
        client.post("/api/users", content=big, headers={"content-type": "application/json"}),
        413,
        "body_too_large",
    )


def test_a_burst_of_requests_is_limited(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate_per_second=0.5, rate_burst=10)
    game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"})
    before = fingerprint(client, game_id)
    blue = seats["blue"]
    answers = [blue.act({"verb": "pass"}, 0).status_code for _ in range(40)]
    assert answers[:10] == [422] * 10  # not blue's turn: refused, but answered
    assert answers.count(429) >= 20
    limited = blue.view()
    error(limited, 429, "rate_limited")
    assert limited.headers["retry-after"] == "1"
    # Another seat is not slowed down by blue's burst.
    assert seats["red"].view().status_code == 200
    assert fingerprint(client, game_id) == before


def test_guessing_tokens_is_limited(make_client: Callable[..., TestClient]) -> None:
    client = make_client(rate_per_second=0.4, rate_burst=10)
    game_id, _ = create(client, {"red": "hotseat", "blue": "hotseat"})
    codes = [Seat(client, game_id, f"guess-{i}").view().status_code for i in range(30)]
    assert codes[:10] == [401] * 10
    assert codes.count(429) >= 15
