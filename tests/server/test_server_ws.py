"""WebSockets: the seat's view on connect and after every change, AI moves, bad tokens."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, receive
from starlette.websockets import WebSocketDisconnect


def ws_url(game_id: str, token: str) -> str:
    return f"/api/games/{game_id}/ws?token={token}"


def test_view_on_connect_and_after_every_change(client: TestClient) -> None:
    game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"}, seed=2)
    red, blue = seats["red"], seats["blue"]
    with (
        client.websocket_connect(ws_url(game_id, red.token)) as red_ws,
        client.websocket_connect(ws_url(game_id, blue.token)) as blue_ws,
    ):
        first = receive(red_ws)
        assert first["type"] == "view"
        assert (first["side"], first["version"]) == ("red", 0)
        assert receive(blue_ws)["side"] == "blue"
        red.act(first["legal_actions"][1], 0)
        pushed = receive(red_ws), receive(blue_ws)
        assert [(m["side"], m["version"], m["your_turn"]) for m in pushed] == [
            ("red", 1, False),
            ("blue", 1, True),
        ]
        blue.act({"verb": "pass"}, 1)
        assert receive(red_ws)["version"] == 2
        assert receive(blue_ws)["version"] == 2
        blue.post("open")  # metadata changes are pushed too
        assert receive(red_ws)["record"]["agreed"] == ["blue"]


def test_ai_moves_are_pushed(client: TestClient) -> None:
    game_id, seats = create(client, {"blue": "random"}, seed=4)
    red = seats["red"]
    with client.websocket_connect(ws_url(game_id, red.token)) as ws:
        view = receive(ws)
        for _ in range(3):
            res = red.act(view["legal_actions"][0], view["version"]).json()
            assert res["ai"]["thinking"] == "blue"
            while True:  # the AI's move arrives without asking
                view = receive(ws)
                if view["your_turn"] or view["status"] == "over":
                    break
            assert view["ai"]["thinking"] is None
            assert view["version"] == res["version"] + 1
            assert view["view"]["log"]  # blue's move is told (as far as red may know it)


@pytest.mark.parametrize(
    ("which", "close_code", "error"),
    [
        ("missing", 4401, "missing_token"),
        ("wrong", 4401, "bad_token"),
        ("other-game", 4403, "wrong_game"),
        ("bad-id", 4404, "not_found"),
    ],
)
def test_bad_tokens_close_the_socket(
    client: TestClient, which: str, close_code: int, error: str
) -> None:
    game_id, seats = create(client, {"blue": "random"})
    _, other = create(client, {"blue": "random"})
    url = {
        "missing": f"/api/games/{game_id}/ws",
        "wrong": ws_url(game_id, "x" * 43),
        "other-game": ws_url(game_id, other["red"].token),
        "bad-id": ws_url("no$such", seats["red"].token),
    }[which]
    with client.websocket_connect(url) as ws:
        message = receive(ws)
        assert message["type"] == "error"
        assert message["error"] == error
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
        assert closed.value.code == close_code


def test_ping_pong_and_flooding(client: TestClient) -> None:
    game_id, seats = create(client, {"blue": "random"})
    with client.websocket_connect(ws_url(game_id, seats["red"].token)) as ws:
        receive(ws)
        ws.send_text("ping")
        assert receive(ws) == {"type": "pong"}
        for _ in range(100):
            ws.send_text("spam")
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)  # no answer to spam: the next message is the close
        assert closed.value.code == 1008


def test_sockets_per_seat_are_limited(make_client: object) -> None:
    client = make_client(max_sockets_per_seat=2)  # type: ignore[operator]
    game_id, seats = create(client, {"blue": "random"})
    url = ws_url(game_id, seats["red"].token)
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        receive(a)
        receive(b)
        with client.websocket_connect(url) as c:
            assert receive(c)["error"] == "too_many_sockets"
    with client.websocket_connect(url) as d:  # closed sockets free their place
        assert receive(d)["type"] == "view"


def test_replacing_a_token_locks_out_the_old_one_and_its_sockets(client: TestClient) -> None:
    """An invitee takes their seat for themselves: the creator's copy of the link dies."""
    game_id, seats = create(client, {"red": "human", "blue": "human"})
    blue = seats["blue"]
    with client.websocket_connect(ws_url(game_id, blue.token)) as creators_socket:
        receive(creators_socket)
        fresh = blue.post("token").json()
        assert fresh["side"] == "blue"
        assert fresh["link"].endswith(fresh["token"])
        message = receive(creators_socket)
        assert message["error"] == "token_revoked"
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(creators_socket)
        assert closed.value.code == 4401
    assert blue.view().status_code == 401
    assert seats["red"].view().status_code == 200  # the other seat is untouched
    new = {"authorization": f"Bearer {fresh['token']}"}
    assert client.get(f"/api/games/{game_id}/view", headers=new).json()["side"] == "blue"
    with client.websocket_connect(ws_url(game_id, fresh["token"])) as socket:
        assert receive(socket)["side"] == "blue"
