"""Fog of war on the wire: nothing a seat receives names a hidden enemy block.

Random games are played through the API. Every HTTP response body and every WebSocket
message sent to a seat is kept with the number of actions it reflects (its ``seq``).
After the game, its record is replayed and, at each ``seq``, the engine's own
``hidden_tokens(state, side)`` (block ids and names the side must not know) are searched
for in what that side received then. The seed, secret until the end, must not appear
either.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Seat, create, receive

from hexfront.engine.example import Skirmish
from hexfront.engine.records import GameRecord

GAME = Skirmish()


class Wire:
    """Everything one seat received, each with the ``seq`` of the state it came from."""

    def __init__(self, side: str) -> None:
        self.side = side
        self.seq = 0
        self.seen: list[tuple[int, str]] = []

    def keep(self, body: Any) -> Any:
        if isinstance(body, dict) and isinstance(body.get("seq"), int):
            self.seq = body["seq"]
        self.seen.append((self.seq, body if isinstance(body, str) else json.dumps(body)))
        return body


def hidden_by_seq(record: GameRecord, side: str) -> list[set[str]]:
    state = GAME.setup(record.scenario, record.options, record.seed)
    out = [GAME.hidden_tokens(state, side)]
    for action in record.actions:
        GAME.apply(state, action)
        out.append(GAME.hidden_tokens(state, side))
    return out


def check(wire: Wire, record: GameRecord) -> int:
    hidden = hidden_by_seq(record, wire.side)
    assert hidden[0], "nothing is hidden at the start: the test would prove nothing"
    for seq, text in wire.seen:
        leaked = sorted(token for token in hidden[seq] if token in text)
        assert not leaked, f"{wire.side} received {leaked} at seq {seq}: {text[:300]}"
        assert str(record.seed) not in text, "the seed went out before the end"
    return len(wire.seen)


def probe(seat: Seat, wire: Wire, rng: random.Random, version: int) -> None:
    """Requests a curious or careless client might send; their answers are scanned too."""
    match rng.randrange(5):
        case 0:
            wire.keep(seat.act({"verb": "attack", "args": {"block": "x"}}, version).text)
        case 1:
            wire.keep(seat.get("record").text)
        case 2:
            wire.keep(seat.get("replay", upto=0).text)
        case 3:
            wire.keep(seat.undo(version).text)
        case _:
            wire.keep(seat.view().json())


def drain(ws: Any, wire: Wire, until_version: int) -> dict[str, Any]:
    while True:
        message = wire.keep(receive(ws))
        if message["version"] >= until_version and not message["ai"]["thinking"]:
            return message


@pytest.mark.parametrize("n", range(6))
def test_no_hidden_identity_reaches_a_seat_playing_the_ai(client: TestClient, n: int) -> None:
    rng = random.Random(n)
    game_id, seats = create(client, {"red": "human", "blue": "random"}, options={"rounds": 8})
    red = seats["red"]
    wire = Wire("red")
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={red.token}") as ws:
        view = drain(ws, wire, 0)
        while view["status"] != "over":
            probe(red, wire, rng, view["version"])
            res = wire.keep(red.act(rng.choice(view["legal_actions"]), view["version"]).json())
            view = drain(ws, wire, res["version"] + (res["status"] != "over"))
    record = GameRecord.from_json(red.get("record").json()["record"])
    assert check(wire, record) > len(record.actions)


@pytest.mark.parametrize("n", range(3))
def test_no_hidden_identity_reaches_either_hotseat_seat(client: TestClient, n: int) -> None:
    rng = random.Random(100 + n)
    game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"}, options={"rounds": 8})
    wires = {side: Wire(side) for side in seats}
    url = f"/api/games/{game_id}/ws?token="
    with (
        client.websocket_connect(url + seats["red"].token) as red_ws,
        client.websocket_connect(url + seats["blue"].token) as blue_ws,
    ):
        sockets = {"red": red_ws, "blue": blue_ws}
        views = {side: drain(sockets[side], wires[side], 0) for side in seats}
        while views["red"]["status"] != "over":
            side = next(s for s, v in views.items() if v["your_turn"])
            seat, view = seats[side], views[side]
            probe(seat, wires[side], rng, view["version"])
            res = wires[side].keep(
                seat.act(rng.choice(view["legal_actions"]), view["version"]).json()
            )
            views = {s: drain(sockets[s], wires[s], res["version"]) for s in seats}
    record = GameRecord.from_json(seats["blue"].get("record").json()["record"])
    for wire in wires.values():
        assert check(wire, record) > len(record.actions)


def test_the_scan_finds_a_leak_when_there_is_one() -> None:
    """The check itself can fail: the referee's view, sent to red, is caught."""
    wire = Wire("red")
    state = GAME.setup("standard", {"rounds": 6}, 77)
    wire.keep({"seq": 0, "view": GAME.view(state, None)})
    record = GameRecord("skirmish", "standard", {"rounds": 6}, 77, [])
    with pytest.raises(AssertionError, match="red received"):
        check(wire, record)
