"""Helpers for the server tests: a seat client and a small game with undo segments."""

from __future__ import annotations

import copy
import json
import socket
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from hexfront.engine.dice import Dice
from hexfront.engine.events import JSON, REVEAL, Event
from hexfront.engine.protocol import Action, OptionInfo, Result, ScenarioInfo


class Seat:
    """One side's seat, through the HTTP API only."""

    def __init__(self, client: Any, game_id: str, token: str) -> None:
        self.client = client
        self.id = game_id
        self.token = token

    @property
    def auth(self) -> dict[str, str]:
        return {"authorization": f"Bearer {self.token}"}

    def view(self) -> httpx.Response:
        return self.client.get(f"/api/games/{self.id}/view", headers=self.auth)

    def act(self, action: Mapping[str, Any], version: int) -> httpx.Response:
        return self.client.post(
            f"/api/games/{self.id}/actions",
            json={"action": dict(action), "version": version},
            headers=self.auth,
        )

    def undo(self, version: int) -> httpx.Response:
        return self.client.post(
            f"/api/games/{self.id}/undo", json={"version": version}, headers=self.auth
        )

    def get(self, path: str, **params: Any) -> httpx.Response:
        return self.client.get(f"/api/games/{self.id}/{path}", params=params, headers=self.auth)

    def post(self, path: str, body: Any = None) -> httpx.Response:
        return self.client.post(f"/api/games/{self.id}/{path}", json=body, headers=self.auth)


def create(
    client: Any,
    opponents: Mapping[str, str],
    game: str = "skirmish",
    scenario: str = "standard",
    **extra: Any,
) -> tuple[str, dict[str, Seat]]:
    res = client.post(
        "/api/games",
        json={"game": game, "scenario": scenario, "opponents": dict(opponents), **extra},
    )
    assert res.status_code == 201, res.text
    body = res.json()
    tokens = dict(body["seats"])
    for side, code in body.get("invites", {}).items():  # each invitee joins
        tokens[side] = join(client, body["id"], code)
    return body["id"], {side: Seat(client, body["id"], t) for side, t in tokens.items()}


def join(client: Any, game_id: str, invite: str, **headers: str) -> str:
    """The seat token an invite code gives (the invitee's)."""
    res = client.post(f"/api/games/{game_id}/join", json={"invite": invite}, headers=headers)
    assert res.status_code == 200, res.text
    return str(res.json()["token"])


def error(res: httpx.Response, status: int, code: str) -> None:
    """The response is the JSON error ``code`` with ``status`` and a readable detail."""
    assert res.status_code == status, (res.status_code, res.text)
    body = res.json()
    assert body["error"] == code, body
    assert isinstance(body["detail"], str), body
    assert body["detail"], body


def operator_record(client: Any, game_id: str) -> Any:
    """The game's record read straight from the database, as its operator could: for
    tests that check a running game against the truth (no seat can read it then)."""
    from sqlalchemy import select

    from hexfront.engine.protocol import Action
    from hexfront.engine.records import GameRecord
    from hexfront.server.db import ActionRow, GameRow

    with client.app.state.db.read() as s:
        row = s.get(GameRow, game_id)
        actions = s.scalars(
            select(ActionRow.action).where(ActionRow.game_id == game_id).order_by(ActionRow.seq)
        ).all()
    return GameRecord(
        row.game, row.scenario, dict(row.options), row.seed, [Action.from_json(a) for a in actions]
    )


def text_of(obj: Any) -> str:
    return obj if isinstance(obj, str) else json.dumps(obj)


# --- a game with undo segments ------------------------------------------------------------


@dataclass
class TallyState:
    side: str = "a"
    count: int = 0
    turn: int = 1
    turns: int = 4
    secret: dict[str, str] = field(default_factory=lambda: {"a": "Amber", "b": "Basalt"})
    dice: Dice = field(default_factory=lambda: Dice(0))
    log: list[Event] = field(default_factory=list)


class Tally:
    """On its turn a side may ``add`` or ``roll`` any number of times, then ``end``.
    Each side's secret word is hidden from the other. Four turns. Adds can be undone
    until a roll or the end of the turn, by the engine's rule."""

    name = "tally"
    title = "Tally (test game)"
    sides = ("a", "b")

    def scenarios(self) -> Sequence[ScenarioInfo]:
        return [ScenarioInfo("only", "Only", 4, "test", True)]

    def options(self) -> Sequence[OptionInfo]:
        return [OptionInfo("turns", 4, "number of turns", (2, 4))]

    def setup(self, scenario: str, options: Mapping[str, JSON], seed: int) -> TallyState:
        return TallyState(turns=int(options.get("turns", 4)), dice=Dice(seed))

    def view(self, state: TallyState, side: str | None) -> dict[str, JSON]:
        return {
            "count": state.count,
            "turn": state.turn,
            "secret": state.secret if side is None else {side: state.secret[side]},
            "log": [e.to_json() for e in state.log if e.visible_to(side)],
        }

    def legal_actions(self, state: TallyState, side: str) -> list[Action]:
        if self.is_over(state) or side != state.side:
            return []
        return [Action(side, "add"), Action(side, "roll"), Action(side, "end")]

    def apply(self, state: TallyState, action: Action) -> list[Event]:
        start = len(state.log)
        if action.verb == "add":
            state.count += 1
            state.log.append(Event("add", {"by": action.side}, audience=action.side))
        elif action.verb == "roll":
            state.count += state.dice.roll(1, "tally", state.log)[0]
        else:
            state.log.append(Event(REVEAL, {"count": state.count}))
            state.side = "b" if state.side == "a" else "a"
            state.turn += 1
        return state.log[start:]

    def active_sides(self, state: TallyState) -> list[str]:
        return [] if self.is_over(state) else [state.side]

    def is_over(self, state: TallyState) -> bool:
        return state.turn > state.turns

    def result(self, state: TallyState) -> Result | None:
        return Result(None, "draw") if self.is_over(state) else None

    def to_json(self, state: TallyState) -> dict[str, JSON]:
        return {
            "side": state.side,
            "count": state.count,
            "turn": state.turn,
            "turns": state.turns,
            "secret": state.secret,
            "dice": state.dice.to_json(),
            "log": [e.to_json() for e in state.log],
        }

    def from_json(self, obj: Mapping[str, Any]) -> TallyState:
        return TallyState(
            obj["side"],
            obj["count"],
            obj["turn"],
            obj["turns"],
            dict(obj["secret"]),
            Dice.from_json(obj["dice"]),
            [Event.from_json(e) for e in obj["log"]],
        )

    def clone(self, state: TallyState) -> TallyState:
        return copy.deepcopy(state)


def receive(ws: Any, timeout: float = 10.0) -> dict[str, Any]:
    """The next JSON message of a TestClient WebSocket, failing instead of hanging.

    (Starlette's session has no receive timeout; this uses its portal and stream.)"""
    import anyio

    async def get() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(get)
    ws._raise_on_close(message)
    return dict(json.loads(message["text"]))


# --- a real server ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """``hexfront serve`` in a subprocess, its whole output in a file."""

    def __init__(self, tmp: Path, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp / f"server-{self.port}.log"
        self.log = self.log_path.open("wb")
        command = [sys.executable, "-m", "hexfront.cli.main", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(tmp / "data"), *extra]
        self.proc = subprocess.Popen(command, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, self.log_path.read_text()
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        raise AssertionError("the server did not start: " + self.log_path.read_text())

    def stop(self) -> str:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)
        self.log.close()
        return self.log_path.read_text(errors="replace")
