"""Crash safety: ``kill -9`` the real server during a burst of actions, restart it, and
find every acknowledged action in the log, with replays matching the stored hashes."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from hexfront.engine.example import Skirmish
from hexfront.engine.protocol import Action
from hexfront.engine.records import GameRecord, replay, state_hash
from hexfront.server.db import ActionRow, Database, GameRow, sqlite_url


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``hexfront serve`` in a subprocess on a free port."""

    def __init__(self, data: Path, log: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log.open("ab")
        command = [sys.executable, "-m", "hexfront.cli.main", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(data), "--rate", "0", "--no-access-log"]
        self.proc = subprocess.Popen(
            command,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, log.read_text()
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        raise AssertionError("the server did not start: " + log.read_text())

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self.log.close()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.kill()


def test_kill_dash_nine_loses_no_acknowledged_action(tmp_path: Path, servers: list[Server]) -> None:
    data = tmp_path / "data"
    server = Server(data, tmp_path / "server.log")
    servers.append(server)
    http = httpx.Client(base_url=server.url, timeout=10)
    games: dict[str, dict[str, str]] = {}
    for _ in range(12):
        res = http.post(
            "/api/games",
            json={
                "game": "skirmish",
                "scenario": "standard",
                "options": {"rounds": 8},
                "opponents": {"red": "hotseat", "blue": "hotseat"},
            },
        )
        assert res.status_code == 201, res.text
        games[res.json()["id"]] = res.json()["seats"]

    acked: list[tuple[str, int, dict[str, Any]]] = []
    errors: list[BaseException] = []
    enough = threading.Event()

    def burst() -> None:
        """Round-robin over the games, one action each, until the server dies."""
        views: dict[str, dict[str, Any]] = {}
        try:
            with httpx.Client(base_url=server.url, timeout=10) as client:
                while True:
                    live = [g for g in games if views.get(g, {}).get("status") != "over"]
                    if not live:
                        return
                    for game_id in live:
                        view = views.get(game_id)
                        if view is None or not view["your_turn"]:
                            view = next(
                                v
                                for token in games[game_id].values()
                                if (
                                    v := client.get(
                                        f"/api/games/{game_id}/view",
                                        headers={"authorization": f"Bearer {token}"},
                                    ).json()
                                )["your_turn"]
                                or v["status"] == "over"
                            )
                        if view["status"] == "over":
                            views[game_id] = view
                            continue
                        action = view["legal_actions"][-1]
                        res = client.post(
                            f"/api/games/{game_id}/actions",
                            json={"action": action, "version": view["version"]},
                            headers={"authorization": f"Bearer {games[game_id][view['side']]}"},
                        )
                        assert res.status_code == 200, res.text
                        acked.append((game_id, res.json()["seq"], action))
                        views[game_id] = res.json()
                        if len(acked) >= 80:
                            enough.set()
        except httpx.TransportError:
            return  # the server was killed
        except BaseException as exc:
            errors.append(exc)
        finally:
            enough.set()

    worker = threading.Thread(target=burst)
    worker.start()
    assert enough.wait(30)
    server.kill()  # mid-burst: the worker is still sending
    worker.join(30)
    assert not errors, errors
    assert len(acked) >= 80

    # Restart on the same data and check every acknowledged action against the log.
    again = Server(data, tmp_path / "server.log")
    servers.append(again)
    db = Database(sqlite_url(data))
    game = Skirmish()
    with db.read() as s:
        logged = {
            (r.game_id, r.seq): r.action
            for r in s.scalars(select(ActionRow).where(ActionRow.game_id.in_(games)))
        }
        rows = {r.id: r for r in s.scalars(select(GameRow).where(GameRow.id.in_(games)))}
    for game_id, seq, action in acked:
        assert logged.get((game_id, seq)) == {"side": action["side"], **action}, (game_id, seq)
    for game_id, row in rows.items():
        actions = [Action.from_json(logged[(game_id, i)]) for i in range(1, row.actions_count + 1)]
        record = GameRecord(row.game, row.scenario, row.options, row.seed, actions)
        assert state_hash(game, replay(game, record)) == row.state_hash, game_id
        assert len(actions) == sum(1 for g, _ in logged if g == game_id)
        # The restarted server serves it (its own rebuild checks the hash too).
        token = next(iter(games[game_id].values()))
        view = httpx.get(
            f"{again.url}/api/games/{game_id}/view",
            headers={"authorization": f"Bearer {token}"},
        )
        assert view.status_code == 200, view.text
        assert view.json()["seq"] == row.actions_count
    db.dispose()
