"""Stalin's War through the server: fog of war on the wire, as ``test_server_leak.py`` checks
it for the example game and ``test_server_bite.py`` for BITE.

The Soviet seat plays against the computer over HTTP while its WebSocket is open; every
answer it gets (views, actions, WebSocket messages, record, replay, report, undo, status)
is kept with the ``seq`` it reflects. The game is then rebuilt from the operator's record
and, at each ``seq``, nothing the seat received may name a card of the Axis hand (7.1: a
count only), a card still in either draw pile (their order and contents are secret), or an
inactive partisan counter (16.1.3), with the game's own ``hidden_tokens`` plus the seat's
own draw pile. The seed must not go out either.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Seat, create, operator_record, receive

from hexfront.engine.protocol import Action
from hexfront.engine.records import GameRecord
from hexfront.games.stalins_war.game import StalinsWar
from hexfront.games.stalins_war.state import SOVIET, SwState

GAME = StalinsWar()


class Wire:
    """Everything the seat received, each with the ``seq`` of the state it came from."""

    def __init__(self) -> None:
        self.seq = 0
        self.seen: list[tuple[int, str]] = []

    def keep(self, body: Any) -> Any:
        if isinstance(body, dict) and isinstance(body.get("seq"), int):
            self.seq = body["seq"]
        self.seen.append((self.seq, body if isinstance(body, str) else json.dumps(body)))
        return body


def _json(seen: tuple[int, str]) -> dict[str, Any]:
    try:
        body = json.loads(seen[1])
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def secret_to_soviet(state: SwState) -> set[str]:
    own_deck = {f'"{c}"' for c in state.pile(SOVIET, "deck")}
    return GAME.hidden_tokens(state, SOVIET) | own_deck


def check(wire: Wire, record: GameRecord) -> int:
    state = GAME.setup(record.scenario, record.options, record.seed)
    hidden = [secret_to_soviet(state)]
    for raw in record.actions:
        GAME.apply(state, Action.from_json(raw.to_json()))
        hidden.append(secret_to_soviet(state))
    assert hidden[0], "nothing is hidden at the start: the test would prove nothing"
    for seq, text in wire.seen:
        leaked = sorted(t for t in hidden[min(seq, len(hidden) - 1)] if t in text)
        assert not leaked, f"the soviet seat received {leaked} at seq {seq}: {text[:300]}"
        assert str(record.seed) not in text, "the seed went out before the end"
    return len(wire.seen)


def probe(seat: Seat, wire: Wire, rng: random.Random, version: int) -> None:
    """What a curious client might ask for; the answers are scanned too."""
    match rng.randrange(7):
        case 0:
            wire.keep(seat.get("record").text)
        case 1:
            wire.keep(seat.get("replay", upto=0).text)
        case 2:
            wire.keep(seat.get("replay").text)
        case 3:
            wire.keep(seat.undo(version).text)
        case 4:
            wire.keep(seat.get("report").text)
        case 5:
            wire.keep(seat.get("status").text)
        case _:
            wire.keep(seat.view().json())


def drain(ws: Any, wire: Wire, until_version: int) -> dict[str, Any]:
    """Messages up to the next one where the Soviet is to act (a round may hold several of
    its decisions in a row, or the computer's Axis may act first) or the game is over."""
    while True:
        message = wire.keep(receive(ws))
        if (
            message["version"] >= until_version
            and not message["ai"]["thinking"]
            and (message["your_turn"] or message["status"] == "over")
        ):
            return message


@pytest.mark.parametrize("scenario", ["tournament", "campaign"])
def test_the_soviet_seat_never_receives_the_axis_hand_or_a_draw_pile(
    client: TestClient, scenario: str
) -> None:
    rng = random.Random(len(scenario))
    game_id, seats = create(
        client,
        {"axis": "random", "soviet": "human"},
        game="stalins_war",
        scenario=scenario,
        seed=918273645 + len(scenario),  # long enough not to show up in a text by chance
    )
    soviet = seats["soviet"]
    wire = Wire()
    moves = 0
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={soviet.token}") as ws:
        view = drain(ws, wire, 0)
        while view["status"] != "over" and moves < 40:
            probe(soviet, wire, rng, view["version"])
            view = wire.keep(soviet.view().json())  # an undo may have moved the game back
            if not view["legal_actions"]:
                view = drain(ws, wire, view["version"])
                continue
            res = wire.keep(soviet.act(rng.choice(view["legal_actions"]), view["version"]).json())
            assert "version" in res, res
            moves += 1
            view = drain(ws, wire, res["version"])
        views = [b["view"] for b in map(_json, wire.seen) if "cards" in b.get("view", {})]
        assert views, "no view was received: the test would prove nothing"
        assert all(v["cards"]["axis"]["hand"] is None for v in views)
        assert views[0]["cards"]["axis"]["hand_count"] > 0
    record = operator_record(client, game_id)
    # both sides acted (some Soviet moves were taken back by the probes' undos)
    assert {a.side for a in record.actions} == {"axis", "soviet"}
    assert check(wire, record) > moves


def test_the_scan_finds_a_leak_when_there_is_one() -> None:
    """The check itself can fail: the referee's view (both hands), sent to the Soviet seat."""
    wire = Wire()
    state = GAME.setup("tournament", {}, 4242)
    wire.keep({"seq": 0, "view": GAME.view(state, None)})
    record = GameRecord("stalins_war", "tournament", {}, 4242, [])
    with pytest.raises(AssertionError, match="soviet seat received"):
        check(wire, record)
