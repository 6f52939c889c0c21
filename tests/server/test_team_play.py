"""BITE optional rule 38.1 through the server: four seats, two per side (server/teams.py).

A team game gives a seat to each commander (``axis_north``, ``axis_south``,
``soviet_north``, ``soviet_south``). Both seats of a side see that side's view (and
nothing of the other side's hidden blocks); each is offered its own commander's actions
and the shared ones; the other commander's actions are refused, and so is acting out of
turn, with the state unchanged; a phase ends when both commanders agree. Also 38.2:
solitary play is one person at one screen, the computer at any seat, fog required.
"""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import Seat, create

from hexfront.engine.match import Match
from hexfront.engine.protocol import Action
from hexfront.games.bite import teams
from hexfront.games.bite.game import Bite

SEATS = ("axis_north", "axis_south", "soviet_north", "soviet_south")
TEAM = {"or38_team_play": True}
EVERYONE = dict.fromkeys(SEATS, "human")


def _team_game(
    client: TestClient, opponents: dict[str, str] | None = None, **extra: Any
) -> tuple[str, dict[str, Seat]]:
    return create(
        client, opponents or EVERYONE, game="bite", scenario="SBE5", options=TEAM, **extra
    )


def _hash(client: TestClient, game_id: str) -> str:
    games = client.app.state.games  # type: ignore[attr-defined]
    return str(client.portal.call(games.state_hash, game_id))  # type: ignore[union-attr]


def test_a_team_game_has_four_seats_each_playing_its_side(client: TestClient) -> None:
    res = client.post(
        "/api/games",
        json={"game": "bite", "scenario": "SBE5", "options": TEAM, "opponents": EVERYONE},
    )
    assert res.status_code == 201, res.text
    body = res.json()
    assert sorted(body["kinds"]) == sorted(SEATS)
    # The creator holds the first seat; the three others are invited.
    assert body["play_as"] == "axis_north"
    assert list(body["seats"]) == ["axis_north"]
    assert sorted(body["invites"]) == ["axis_south", "soviet_north", "soviet_south"]
    _, seats = _team_game(client)
    assert sorted(seats) == sorted(SEATS)
    for name, seat in seats.items():
        payload = seat.view().json()
        assert payload["seat"] == name
        assert payload["side"] == name.split("_")[0]
        assert payload["team"]["commander"] == name.split("_")[1]
        assert payload["can_undo"] is False


def test_a_game_without_team_play_keeps_one_seat_per_side(client: TestClient) -> None:
    res = client.post(
        "/api/games",
        json={"game": "bite", "scenario": "SBE1", "opponents": {"axis_north": "human"}},
    )
    assert res.status_code == 422
    assert res.json()["error"] == "unknown_side"


def test_both_seats_of_a_side_see_the_same_view_and_nothing_of_the_enemy(
    client: TestClient,
) -> None:
    seed = 20_38
    opponents = dict.fromkeys(SEATS, "hotseat")  # one screen: a chosen seed is allowed
    _, seats = _team_game(client, opponents, seed=seed)
    raw = {name: seat.view().text for name, seat in seats.items()}
    payloads = {name: seat.view().json() for name, seat in seats.items()}
    assert payloads["axis_north"]["view"] == payloads["axis_south"]["view"]
    assert payloads["soviet_north"]["view"] == payloads["soviet_south"]["view"]
    assert payloads["axis_north"]["view"] != payloads["soviet_north"]["view"]
    game = Bite()
    state = Match(game, "SBE5", TEAM, seed).state
    for name, text in raw.items():
        side = name.split("_")[0]
        hidden = game.hidden_tokens(state, side)
        assert hidden, "the enemy has hidden blocks at the start"
        leaked = [token for token in hidden if token in text]
        assert not leaked, (name, leaked[:5])


def test_no_seat_receives_the_enemys_hidden_blocks_in_a_played_game(client: TestClient) -> None:
    """Sixty actions of the first turn, each seat's payload scanned after every one for
    the hidden identities of the other side at that state (the game replayed locally)."""
    seed = 38_1
    _, seats = _team_game(client, dict.fromkeys(SEATS, "hotseat"), seed=seed)
    game = Bite()
    match = Match(game, "SBE5", TEAM, seed)
    rng = random.Random(5)
    scanned = 0
    for _ in range(60):
        texts = {name: seat.view().text for name, seat in seats.items()}
        for name, text in texts.items():
            hidden = game.hidden_tokens(match.state, name.split("_")[0])
            assert not [t for t in hidden if t in text], name
            scanned += 1
        payloads = {name: json.loads(text) for name, text in texts.items()}
        movers = [n for n, p in payloads.items() if p["your_turn"]]
        if not movers:
            break
        name = rng.choice(movers)
        payload = payloads[name]
        action = rng.choice(payload["legal_actions"])
        res = seats[name].act(action, payload["version"])
        assert res.status_code == 200, res.text
        if res.json()["seq"] > len(match.record.actions):
            match.act(Action.from_json({**action, "side": payload["side"]}))
    assert len(match.record.actions) > 20
    assert scanned >= 200


def test_each_seat_is_offered_its_own_commanders_actions(client: TestClient) -> None:
    _, seats = _team_game(client)
    north = seats["axis_north"].view().json()
    south = seats["axis_south"].view().json()
    assert north["your_turn"]
    assert south["your_turn"]
    assert not seats["soviet_north"].view().json()["your_turn"]
    assert seats["soviet_north"].view().json()["legal_actions"] == []
    state = Bite().setup("SBE5", TEAM, 1)  # the halves of the map do not depend on the seed
    for payload, commander in ((north, "north"), (south, "south")):
        for action in payload["legal_actions"]:
            hex_id = action["args"].get("hex")
            if action["verb"] in ("place", "rebuild") and isinstance(hex_id, str):
                assert teams.half_of_hex(state, hex_id) == commander, action
    # Their own actions differ; what they share is the side's (ending the phase).
    shared = [a for a in north["legal_actions"] if a in south["legal_actions"]]
    assert [a["verb"] for a in shared] == ["done"]
    assert len(north["legal_actions"]) > 1
    assert len(south["legal_actions"]) > 1


def test_the_other_commanders_order_and_acting_out_of_turn_are_refused(
    client: TestClient,
) -> None:
    game_id, seats = _team_game(client)
    north = seats["axis_north"].view().json()
    south = seats["axis_south"].view().json()
    theirs = next(a for a in south["legal_actions"] if a not in north["legal_actions"])
    before = _hash(client, game_id)
    res = seats["axis_north"].act(theirs, north["version"])
    assert res.status_code == 403
    assert res.json()["error"] == "other_commander"
    assert "other commander" in res.json()["detail"]
    res = seats["soviet_south"].act({"verb": "done", "args": {}}, north["version"])
    assert res.status_code == 422
    assert res.json()["error"] == "not_your_turn"
    res = seats["axis_north"].undo(north["version"])
    assert res.status_code == 422
    assert _hash(client, game_id) == before
    assert seats["axis_north"].view().json()["seq"] == 0
    # The southern seat may give the order that the northern one could not.
    res = seats["axis_south"].act(theirs, south["version"])
    assert res.status_code == 200, res.text
    assert res.json()["seq"] == 1


def test_a_phase_ends_when_both_commanders_are_done(client: TestClient) -> None:
    game_id, seats = _team_game(client)
    version = seats["axis_north"].view().json()["version"]
    before = _hash(client, game_id)
    res = seats["axis_north"].act({"verb": "done", "args": {}}, version)
    assert res.status_code == 200, res.text
    waiting = res.json()
    assert waiting["seq"] == 0
    assert waiting["version"] == version
    assert waiting["your_turn"] is False  # done; waiting for the teammate
    assert waiting["team"]["ready"] == ["axis_north"]
    assert waiting["team"]["seats_to_move"] == ["axis_south"]
    assert _hash(client, game_id) == before
    south = seats["axis_south"].view().json()
    assert south["team"]["ready"] == ["axis_north"]
    status = seats["axis_south"].get("status").json()
    assert status["your_turn"] is True
    status = seats["axis_north"].get("status").json()  # the games list reads the row
    assert status["your_turn"] is False
    assert status["to_move"] == ["axis_south"]
    res = seats["axis_south"].act({"verb": "done", "args": {}}, version)
    assert res.status_code == 200, res.text
    after = res.json()
    assert after["seq"] == 1
    assert after["view"]["prompt"]["kind"] != "production"
    assert after["team"]["ready"] == []


def test_acting_again_withdraws_the_agreement_to_end_the_phase(client: TestClient) -> None:
    _, seats = _team_game(client)
    north = seats["axis_north"].view().json()
    res = seats["axis_north"].act({"verb": "done", "args": {}}, north["version"])
    assert res.json()["team"]["ready"] == ["axis_north"]
    own = next(a for a in north["legal_actions"] if a["verb"] != "done")
    res = seats["axis_north"].act(own, north["version"])
    assert res.status_code == 200, res.text
    assert res.json()["team"]["ready"] == []
    assert res.json()["seq"] == 1


def test_the_status_of_each_seat(client: TestClient) -> None:
    _, seats = _team_game(client)
    status = seats["soviet_north"].get("status").json()
    assert status["your_turn"] is False
    assert sorted(w["side"] for w in status["waiting_for"]) == ["axis_north", "axis_south"]


def test_the_computer_may_take_a_team_seat(client: TestClient) -> None:
    game_id, seats = _team_game(
        client,
        {
            "axis_north": "human",
            "axis_south": "random",
            "soviet_north": "human",
            "soviet_south": "random",
        },
    )
    client.portal.call(client.app.state.games.settle, game_id)  # type: ignore[attr-defined,union-attr]
    north = seats["axis_north"].view().json()
    # The computer's southern commander played its part and agreed to end the phase (or
    # had nothing left to do); the northern commander's units are still his to move.
    assert north["seats"]["axis_south"]["kind"] == "ai"
    assert north["your_turn"] is True
    assert any(a["verb"] != "done" for a in north["legal_actions"])
    assert north["view"]["prompt"]["kind"] == "production"


def test_solitary_play_is_one_person_with_fog(client: TestClient) -> None:
    base = {"game": "bite", "scenario": "SBE5"}
    res = client.post(
        "/api/games",
        json={
            **base,
            "options": {"solitary": True},
            "opponents": {"axis": "hotseat", "soviet": "human"},
        },
    )
    assert res.status_code == 422
    assert res.json()["error"] == "bad_seats"
    res = client.post(
        "/api/games",
        json={
            **base,
            "options": {"solitary": True, "fog": False},
            "opponents": {"axis": "hotseat", "soviet": "hotseat"},
        },
    )
    assert res.status_code == 422
    assert "38.2" in res.json()["detail"]
    # One person at every seat, or the computer at some of them: accepted.
    for opponents in (
        {"axis": "hotseat", "soviet": "hotseat"},
        {"axis": "human", "soviet": "heuristic"},
        {"axis": "random", "soviet": "human"},
    ):
        res = client.post(
            "/api/games", json={**base, "options": {"solitary": True}, "opponents": opponents}
        )
        assert res.status_code == 201, (opponents, res.text)
    res = client.post(
        "/api/games",
        json={
            **base,
            "options": {"solitary": True, **TEAM},
            "opponents": {**dict.fromkeys(SEATS, "hotseat"), "soviet_south": "random"},
        },
    )
    assert res.status_code == 201, res.text
    assert sorted(res.json()["seats"]) == ["axis_north", "axis_south", "soviet_north"]


def test_a_team_game_comes_back_after_a_restart_and_moves_to_another_server(
    make_client: Any,
) -> None:
    first = make_client()
    game_id, seats = _team_game(first, dict.fromkeys(SEATS, "hotseat"))
    north = seats["axis_north"].view().json()
    own = next(a for a in north["legal_actions"] if a["verb"] != "done")
    assert seats["axis_north"].act(own, north["version"]).status_code == 200
    # A second server on the same database rebuilds the game from its log: the seats are
    # still four, each with its commander and its own actions.
    second = make_client()
    for name, seat in seats.items():
        again = Seat(second, game_id, seat.token).view().json()
        assert again["seat"] == name
        assert again["team"]["commander"] == name.split("_")[1]
        assert again["seq"] == 1
    theirs = Seat(second, game_id, seats["axis_south"].token).view().json()
    mine = Seat(second, game_id, seats["axis_north"].token).view().json()
    other = next(a for a in theirs["legal_actions"] if a not in mine["legal_actions"])
    res = Seat(second, game_id, seats["axis_north"].token).act(other, mine["version"])
    assert res.status_code == 403
    # Exported (every seat at one screen) and imported elsewhere: four seats again.
    data = seats["axis_north"].get("export").json()
    assert sorted(data["seats"]) == sorted(SEATS)
    res = second.post(
        "/api/games/import",
        content=json.dumps(data).encode(),
        headers={"content-type": "application/json"},
    )
    assert res.status_code == 201, res.text
    body = res.json()
    assert sorted(body["kinds"]) == sorted(SEATS)
    imported = Seat(second, body["id"], body["seats"]["axis_south"]).view().json()
    assert imported["seat"] == "axis_south"
    assert imported["seq"] == 1
    assert imported["team"]["commander"] == "south"


def test_an_agreement_to_end_a_phase_never_carries_over_to_the_next(make_client: Any) -> None:
    """Two servers on one database: one still remembers the northern commander's "done" of
    the Production Phase after the other has taken the phase's end; in the Rail Phase that
    old agreement counts for nothing (the log holds that "done" once more since)."""
    first, second = make_client(), make_client()
    game_id, seats = _team_game(first, dict.fromkeys(SEATS, "hotseat"))
    north_there = Seat(second, game_id, seats["axis_north"].token)
    done = {"verb": "done", "args": {}}
    res = north_there.act(done, 0)
    assert res.json()["team"]["ready"] == ["axis_north"]  # remembered by the second server
    assert seats["axis_north"].act(done, 0).json()["seq"] == 0
    after = seats["axis_south"].act(done, 0).json()
    assert after["seq"] == 1
    assert after["view"]["prompt"]["kind"] == "rail"
    again = north_there.view().json()  # the second server catches up with the log
    assert again["seq"] == 1
    assert again["view"]["prompt"]["kind"] == "rail"
    assert again["team"]["ready"] == []
    assert again["your_turn"] is True


def test_an_agreement_is_kept_in_the_database(make_client: Any) -> None:
    """The northern commander's "done" given through one server is known to another
    server on the same database, and to a server started afresh."""
    first, second = make_client(), make_client()
    game_id, seats = _team_game(first, dict.fromkeys(SEATS, "hotseat"))
    done = {"verb": "done", "args": {}}
    assert Seat(second, game_id, seats["axis_north"].token).act(done, 0).json()["seq"] == 0
    third = make_client()  # a restart: the game is rebuilt from the database
    waiting = Seat(third, game_id, seats["axis_south"].token).view().json()
    assert waiting["team"]["ready"] == ["axis_north"]
    assert waiting["team"]["seats_to_move"] == ["axis_south"]
    # The southern commander's "done" through the first server ends the phase at once.
    after = seats["axis_south"].act(done, 0).json()
    assert after["seq"] == 1
    assert after["view"]["prompt"]["kind"] == "rail"
    assert after["team"]["ready"] == []
    assert Seat(third, game_id, seats["axis_north"].token).view().json()["team"]["ready"] == []
