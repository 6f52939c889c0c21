"""BITE through the server: a real scenario, played over HTTP, with fog of war on the wire."""

from __future__ import annotations

import json
import random

from fastapi.testclient import TestClient
from server_helpers import Seat, create, operator_record

from hexfront.engine.protocol import Action
from hexfront.games.bite.game import Bite

GAME = Bite()


def test_sbe1_against_the_ai_over_http_never_leaks_hidden_blocks(client: TestClient) -> None:
    _game_id, seats = create(
        client, {"soviet": "random"}, game="bite", scenario="SBE1", seed=918273645
    )
    axis = seats["axis"]
    rng = random.Random(5)
    received: list[tuple[int, str]] = []
    for _ in range(40):
        body = axis.view().json()
        received.append((body["seq"], json.dumps(body)))
        if body["view"]["result"] is not None or not body["legal_actions"]:
            break
        action = rng.choice(body["legal_actions"])
        res = axis.act(action, body["version"])
        assert res.status_code in (200, 409), res.text
        received.append((res.json().get("seq", body["seq"]), res.text))
    first = json.loads(received[0][1])
    assert any(u["side"] == "soviet" for u in first["view"]["units"])  # enemy blocks are there
    # Rebuild the game from its record and check every answer against the truth then.
    # Against the computer the record stays closed while the game runs: read it as the
    # server's operator could.
    assert axis.post("open").status_code == 409
    record = operator_record(client, _game_id)
    state = GAME.setup(record.scenario, record.options, record.seed)
    hidden = [GAME.hidden_tokens(state, "axis")]
    for raw in record.actions:
        GAME.apply(state, Action.from_json(raw.to_json()))
        hidden.append(GAME.hidden_tokens(state, "axis"))
    assert hidden[0]
    for seq, text in received:
        leaked = sorted(t for t in hidden[min(seq, len(hidden) - 1)] if t in text)
        assert not leaked, f"seq {seq}: {leaked}"


def test_a_scenario_option_is_refused_elsewhere_and_left_out_at_its_default(
    client: TestClient,
) -> None:
    base = {
        "game": "bite",
        "scenario": "SBE1",
        "opponents": {"axis": "human", "soviet": "random"},
    }
    wrong = client.post("/api/games", json={**base, "options": {"luftwaffe_total_supremacy": True}})
    assert wrong.status_code == 422, wrong.text
    assert "belongs to SBE5, SBE9, not SBE1" in wrong.text
    # The new-game form sends every option; at its default the SBE5 one is dropped.
    ok = client.post("/api/games", json={**base, "options": {"luftwaffe_total_supremacy": False}})
    assert ok.status_code == 201, ok.text
    body = ok.json()
    view = Seat(client, body["id"], body["seats"]["axis"]).view().json()
    assert "luftwaffe_total_supremacy" not in view["options"]
    catalogue = {g["name"]: g for g in client.get("/api/games/catalog").json()["games"]}
    scoped = {o["name"]: o["scenarios"] for o in catalogue["bite"]["options"]}
    assert scoped["luftwaffe_total_supremacy"] == ["SBE5", "SBE9"]
    assert scoped["fog"] == []
