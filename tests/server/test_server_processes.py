"""Two server processes on one PostgreSQL (issue 19, finding 3).

Each process keeps games in memory; neither may serve a revoked token or a stale view,
and a move made through one reaches the WebSockets held by the other (PostgreSQL
LISTEN/NOTIFY). Runs when ``HEXFRONT_TEST_POSTGRES`` names a scratch database (CI starts
one); it starts two real ``hexfront serve`` processes on it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import LiveServer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

POSTGRES = os.environ.get("HEXFRONT_TEST_POSTGRES", "")

pytestmark = pytest.mark.skipif(
    not POSTGRES, reason="set HEXFRONT_TEST_POSTGRES=postgresql+psycopg://... to test it"
)


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[tuple[LiveServer, LiveServer]]:
    started: list[LiveServer] = []
    try:
        for name in ("a", "b"):
            (tmp_path / name).mkdir()
            started.append(
                LiveServer(tmp_path / name, "--db", POSTGRES, "--rate", "0", "--no-access-log")
            )
        yield started[0], started[1]
    finally:
        logs = [server.stop() for server in started]
    for log in logs:  # no process failed along the way
        assert "Traceback" not in log, log


def socket_to(server: LiveServer, game_id: str, token: str) -> ClientConnection:
    url = server.url.replace("http://", "ws://") + f"/api/games/{game_id}/ws?token={token}"
    return connect(url, open_timeout=10)


def message(ws: ClientConnection, timeout: float = 10.0) -> dict[str, Any]:
    return dict(json.loads(ws.recv(timeout=timeout)))


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


def new_game(http: httpx.Client) -> tuple[str, str, str]:
    res = http.post(
        "/api/games",
        json={
            "game": "skirmish",
            "scenario": "standard",
            "opponents": {"red": "human", "blue": "human"},
        },
    )
    assert res.status_code == 201, res.text
    body = res.json()
    joined = http.post(f"/api/games/{body['id']}/join", json={"invite": body["invites"]["blue"]})
    assert joined.status_code == 200, joined.text
    return body["id"], body["seats"]["red"], joined.json()["token"]


def act_first(http: httpx.Client, game_id: str, token: str) -> dict[str, Any]:
    view = http.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
    res = http.post(
        f"/api/games/{game_id}/actions",
        json={"action": view["legal_actions"][0], "version": view["version"]},
        headers=bearer(token),
    )
    assert res.status_code == 200, res.text
    return dict(res.json())


def test_two_processes_share_revocation_freshness_and_moves(
    two_servers: tuple[LiveServer, LiveServer],
) -> None:
    a, b = two_servers
    with httpx.Client(base_url=a.url, timeout=10) as ha, httpx.Client(base_url=b.url) as hb:
        game_id, red, blue = new_game(ha)
        view: Callable[[httpx.Client, str], httpx.Response] = lambda h, t: h.get(  # noqa: E731
            f"/api/games/{game_id}/view", headers=bearer(t)
        )
        for http in (ha, hb):  # both processes now hold the game and both tokens
            for token in (red, blue):
                assert view(http, token).json()["version"] == 0

        # A move made through A reaches the sockets held by B, with no request to B.
        with socket_to(b, game_id, blue) as blue_ws, socket_to(b, game_id, red) as red_ws:
            assert message(blue_ws)["version"] == 0
            assert message(red_ws)["version"] == 0
            moved = act_first(ha, game_id, red)
            assert moved["version"] == 1
            pushed = message(blue_ws)
            assert (pushed["type"], pushed["version"], pushed["seq"]) == ("view", 1, 1)
            assert message(red_ws)["version"] == 1

            # A token replaced through A stops working on B at once, sockets included.
            res = ha.post(f"/api/games/{game_id}/token", headers=bearer(red))
            assert res.status_code == 200, res.text
            red_new = res.json()["token"]
            revoked = message(red_ws)
            assert (revoked["type"], revoked["error"]) == ("error", "token_revoked")
            with pytest.raises(ConnectionClosed) as closed:
                red_ws.recv(timeout=10)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == 4401
        assert view(hb, red).status_code == 401
        assert hb.post(f"/api/games/{game_id}/open", headers=bearer(red)).status_code == 401
        assert view(hb, red_new).json()["version"] == 1

        # Fresh views: whichever process is asked serves the newest version at once.
        for writer, reader in ((ha, hb), (hb, ha), (ha, hb)):
            to_move = view(writer, red_new).json()["to_move"]
            token = red_new if to_move == ["red"] else blue
            done = act_first(writer, game_id, token)
            for t in (red_new, blue):
                seen = view(reader, t).json()
                assert (seen["version"], seen["seq"]) == (done["version"], done["seq"])

        # Opening the record: agreements given on either process count on both, and a
        # token replaced on one process kills its agreement on the other.
        ha.post(f"/api/games/{game_id}/open", headers=bearer(blue))
        res = hb.post(f"/api/games/{game_id}/token", headers=bearer(blue))
        blue_new = res.json()["token"]
        opened = ha.post(f"/api/games/{game_id}/open", headers=bearer(red_new)).json()
        assert opened["record"] == {"open": False, "agreed": ["red"]}
        assert ha.get(f"/api/games/{game_id}/record", headers=bearer(red_new)).status_code == 403
        hb.post(f"/api/games/{game_id}/open", headers=bearer(blue_new))
        assert ha.get(f"/api/games/{game_id}/record", headers=bearer(red_new)).status_code == 200
