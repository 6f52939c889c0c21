"""Games without a client of their own (Stalin's War, the engine's example) reach the
browser's generic table in words: the server sends the game's own description of each
legal action and of each log line, made from the seat's view only. BITE's own client
words them itself, so nothing is added to its payload."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import create

from hexfront.engine.protocol import Action
from hexfront.games.stalins_war.game import StalinsWar

RAW = re.compile(r"\b[a-z]+_[a-z_]+\b|\w+=\S")  # snake_case keys, key=value


def test_stalins_war_actions_and_log_reach_the_seat_in_words(client: TestClient) -> None:
    _, seats = create(client, {"soviet": "random"}, game="stalins_war", scenario="tournament")
    body: dict[str, Any] = seats["axis"].view().json()
    legal, texts = body["legal_actions"], body["action_texts"]
    assert legal
    assert len(texts) == len(legal)
    game = StalinsWar()
    for raw, text in zip(legal, texts, strict=True):
        assert text == game.describe_action(Action.from_json(raw), body["view"])
        assert not RAW.search(text), text
    assert len(body["log_lines"]) == len(body["view"]["log"])
    assert all(isinstance(line, str) and line for line in body["log_lines"])


def test_the_words_follow_the_seat_not_the_other_side(client: TestClient) -> None:
    # The Soviet seat waits: no legal actions, so no words of the Axis choices reach it.
    _, seats = create(client, {}, game="stalins_war", scenario="tournament")
    soviet = seats["soviet"].view().json()
    assert soviet["legal_actions"] == []
    assert soviet["action_texts"] == []


def test_bite_payloads_carry_no_extra_words(client: TestClient) -> None:
    _, seats = create(client, {"soviet": "random"}, game="bite", scenario="SBE1")
    body = seats["axis"].view().json()
    assert "action_texts" not in body
    assert "log_lines" not in body
