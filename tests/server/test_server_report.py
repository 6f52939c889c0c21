"""The end-of-game report (issue 18, point 10): ``GET /api/games/{id}/report``.

Fog: while the game is on, neither seat gets anything from it (the refusal carries no
data, and no hidden block's identity); once it is over, both seats get the same summary,
which the record, readable by every seat then, already holds.
"""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import create, error

from hexfront.engine.match import Match
from hexfront.games.bite.game import Bite

GAME = Bite()


def test_the_report_is_refused_while_the_game_is_on_and_tells_nothing(client: TestClient) -> None:
    game_id, seats = create(
        client, {"axis": "hotseat", "soviet": "hotseat"}, game="bite", scenario="SBE1"
    )
    # What each side may not know now: the other side's hidden blocks' ids and names.
    match = Match(GAME, "SBE1", {}, 0)
    hidden = {s: GAME.hidden_tokens(match.state, s) for s in ("axis", "soviet")}
    assert hidden["axis"]
    assert hidden["soviet"]
    for side, seat in seats.items():
        res = seat.get("report")
        error(res, 403, "game_not_over")
        assert set(res.json()) <= {"error", "detail", "status"}, res.json()
        assert not [t for t in hidden[side] if t in res.text]
    # No seat, no report.
    assert client.get(f"/api/games/{game_id}/report").status_code == 401


def _play_out(seats: dict[str, Any], rng: random.Random) -> None:
    views = {s: seat.view().json() for s, seat in seats.items()}
    for _ in range(5000):
        if views["axis"]["status"] == "over":
            return
        side = next(s for s, v in views.items() if v["your_turn"])
        view = views[side]
        legal = view["legal_actions"]
        # Attack where it can, else often end the phase: a short game with battles.
        enemy = {u["hex"] for u in view["view"]["units"] if u["side"] != side and u.get("hex")}
        attacks = [
            a for a in legal if a["verb"] in ("move", "blitz") and a["args"].get("to") in enemy
        ]
        ends = [a for a in legal if not a["args"]]
        if attacks and rng.random() < 0.9:
            action = attacks[0]
        elif ends and rng.random() < 0.5:
            action = ends[0]
        else:
            action = rng.choice(legal)
        res = seats[side].act(action, view["version"])
        assert res.status_code == 200, res.text
        views = {s: seat.view().json() for s, seat in seats.items()}
    raise AssertionError("the game did not end")


def test_a_finished_game_reports_turns_strength_control_and_losses(client: TestClient) -> None:
    _game_id, seats = create(
        client, {"axis": "hotseat", "soviet": "hotseat"}, game="bite", scenario="SBE1", seed=2
    )
    _play_out(seats, random.Random(5))
    reports = {s: seat.get("report") for s, seat in seats.items()}
    for res in reports.values():
        assert res.status_code == 200, res.text
    # The same for both sides: nothing in it is one side's secret.
    assert reports["axis"].json() == reports["soviet"].json()
    body = reports["axis"].json()
    assert body["status"] == "over"
    assert body["result"]["outcome"]
    points = body["points"]
    assert [p["turn"] for p in points if p["when"] == "start"] == [1, 2, 3, 4]
    assert points[-1]["when"] == "end"
    for p in points:
        assert p["strength"]["axis"] > 0
        assert p["strength"]["soviet"] > 0
        assert p["blocks"]["axis"] > 0
        assert isinstance(p["control"], str)
        assert set(p["control"]) <= {"a", "s", "-", "."} | set(p["control"])
    assert body["losses"], "a game with battles loses blocks"
    for loss in body["losses"]:
        assert loss["side"] in ("axis", "soviet")
        assert 1 <= loss["turn"] <= 4
        assert loss["cls"]
        assert loss["name"]
    # It is a summary of the record, which both seats may read now.
    record = seats["axis"].get("record")
    assert record.status_code == 200
