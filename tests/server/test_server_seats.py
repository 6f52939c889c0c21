"""Seats bound to whoever joins, and spectator links (issue 19).

* An online game's creator receives a one-time invite code per other person's seat, never
  that seat's token; the token goes to whoever joins with the code, once (409 after).
* The creator can neither act for the invitee's seat nor replace its token.
* A spectator link sees only what every side sees (scanned, as in test_server_leak.py,
  for the hidden identities of both sides in every response and socket message), can
  never act, and sees the full game only as the creator chose: at the end, or some turns
  behind.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Seat, Tally, create, error, join, operator_record, receive

from hexfront.engine.example import Skirmish
from hexfront.engine.records import GameRecord, replay

SKIRMISH = Skirmish()
TALLY = Tally()


def online(client: TestClient, **extra: Any) -> dict[str, Any]:
    res = client.post(
        "/api/games",
        json={
            "game": "skirmish",
            "scenario": "standard",
            "opponents": {"red": "human", "blue": "human"},
            **extra,
        },
    )
    assert res.status_code == 201, res.text
    return dict(res.json())


def account(client: TestClient, name: str) -> dict[str, str]:
    client.post("/api/users", json={"username": name, "password": "pw-" + name})
    login = client.post("/api/session", json={"username": name, "password": "pw-" + name})
    return {"authorization": f"Bearer {login.json()['token']}"}


# --- invites ---------------------------------------------------------------------------------


def test_an_invite_gives_the_seat_token_once(client: TestClient) -> None:
    body = online(client)
    game_id = body["id"]
    assert set(body["seats"]) == {"red"}  # the creator's own seat only
    assert set(body["invites"]) == {"blue"}
    assert body["links"]["blue"] == f"/#game={game_id}&invite={body['invites']['blue']}"
    assert "token=" in body["links"]["red"]

    # The invite code itself is no seat token.
    error(Seat(client, game_id, body["invites"]["blue"]).view(), 401, "bad_token")
    # Before the invitee joins, the seat has no token at all: nobody plays it.
    token = join(client, game_id, body["invites"]["blue"])
    blue = Seat(client, game_id, token)
    assert blue.view().json()["side"] == "blue"

    again = client.post(f"/api/games/{game_id}/join", json={"invite": body["invites"]["blue"]})
    error(again, 409, "invite_used")
    assert "already used" in again.json()["detail"]
    assert blue.view().status_code == 200  # the invitee's token still works

    error(client.post(f"/api/games/{game_id}/join", json={"invite": "x" * 43}), 401, "bad_invite")
    other = online(client)
    error(
        client.post(f"/api/games/{other['id']}/join", json={"invite": body["invites"]["blue"]}),
        401,
        "bad_invite",
    )


def test_the_creator_cannot_act_for_or_rotate_the_invitees_seat(client: TestClient) -> None:
    ada = account(client, "creator-ada")
    res = client.post(
        "/api/games",
        json={"game": "skirmish", "scenario": "standard", "opponents": {"blue": "human"}},
        headers=ada,
    )
    body = res.json()
    game_id = body["id"]
    red = Seat(client, game_id, body["seats"]["red"])

    # Before and after the invitee joins: the creator's account cannot reissue blue's token.
    reissue = f"/api/my/games/{game_id}/seats/blue/token"
    error(client.post(reissue, headers=ada), 403, "not_your_seat")
    blue = Seat(client, game_id, join(client, game_id, body["invites"]["blue"]))
    error(client.post(reissue, headers=ada), 403, "not_your_seat")

    # The creator's seat token plays red only, and replaces red's token only.
    view = red.view().json()
    blue_move = {"side": "blue", "verb": "pass", "args": {}}
    error(red.act(blue_move, view["version"]), 403, "wrong_side")
    rotated = red.post("token").json()
    assert rotated["side"] == "red"
    red = Seat(client, game_id, rotated["token"])
    assert blue.view().json()["side"] == "blue"  # untouched

    # The creator cannot claim the invitee's seat for the account either (no token for it).
    mine = client.get("/api/my/games", headers=ada).json()["games"]
    assert [(g["id"], g["side"]) for g in mine] == [(game_id, "red")]

    # The invitee plays.
    view = red.view().json()
    assert red.act(view["legal_actions"][0], view["version"]).status_code == 200
    view = blue.view().json()
    assert view["your_turn"]
    assert blue.act(view["legal_actions"][0], view["version"]).status_code == 200


def test_joining_while_logged_in_attaches_the_seat(client: TestClient) -> None:
    bea = account(client, "invitee-bea")
    body = online(client)
    game_id = body["id"]
    res = client.post(
        f"/api/games/{game_id}/join", json={"invite": body["invites"]["blue"]}, headers=bea
    )
    assert res.status_code == 200, res.text
    assert res.json()["side"] == "blue"
    mine = client.get("/api/my/games", headers=bea).json()["games"]
    assert [(g["id"], g["side"]) for g in mine] == [(game_id, "blue")]
    fresh = client.post(f"/api/my/games/{game_id}/seats/blue/token", headers=bea).json()
    error(Seat(client, game_id, res.json()["token"]).view(), 401, "bad_token")
    assert Seat(client, game_id, fresh["token"]).view().json()["side"] == "blue"


def test_hotseat_and_solo_games_give_the_creator_every_seat(client: TestClient) -> None:
    for opponents in ({"red": "hotseat", "blue": "hotseat"}, {"red": "human", "blue": "random"}):
        body = client.post(
            "/api/games", json={"game": "skirmish", "scenario": "standard", "opponents": opponents}
        ).json()
        people = {side for side, kind in opponents.items() if kind != "random"}
        assert set(body["seats"]) == people
        assert body["invites"] == {}


def test_the_record_opens_early_only_with_both_current_seats(client: TestClient) -> None:
    body = online(client)
    game_id = body["id"]
    red = Seat(client, game_id, body["seats"]["red"])
    assert red.post("open").json()["record"] == {"open": False, "agreed": ["red"]}
    error(red.get("record"), 403, "record_closed")  # blue has not even joined
    blue = Seat(client, game_id, join(client, game_id, body["invites"]["blue"]))
    assert blue.post("open").json()["record"]["open"] is True
    assert red.get("record").status_code == 200
    # The invitee replaces its token: its agreement dies, the record closes again.
    blue = Seat(client, game_id, blue.post("token").json()["token"])
    assert blue.view().json()["record"] == {"open": False, "agreed": ["red"]}
    error(red.get("record"), 403, "record_closed")


# --- spectators ------------------------------------------------------------------------------


class Wire:
    """Everything the spectator received, each with the ``seq`` of its state."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, str]] = []

    def keep(self, body: Any) -> Any:
        seq = body["seq"] if isinstance(body, dict) and isinstance(body.get("seq"), int) else -1
        self.seen.append((seq, body if isinstance(body, str) else json.dumps(body)))
        return body


def hidden_of_both(record: GameRecord) -> list[set[str]]:
    """At each seq, the identities hidden from red or from blue."""
    state = SKIRMISH.setup(record.scenario, record.options, record.seed)

    def hidden() -> set[str]:
        return set(SKIRMISH.hidden_tokens(state, "red")) | set(
            SKIRMISH.hidden_tokens(state, "blue")
        )

    out = [hidden()]
    for action in record.actions:
        SKIRMISH.apply(state, action)
        out.append(hidden())
    return out


def watch(client: TestClient, game_id: str, token: str, wire: Wire) -> dict[str, Any]:
    res = client.get(f"/api/games/{game_id}/spectate", headers={"authorization": f"Bearer {token}"})
    assert res.status_code == 200, res.text
    return dict(wire.keep(res.json()))


def drain(ws: Any, wire: Wire, version: int) -> dict[str, Any]:
    while True:
        message = wire.keep(receive(ws))
        if message["version"] >= version and not message["ai"]["thinking"]:
            return message


@pytest.mark.parametrize(
    ("n", "opponents"),
    [
        (0, {"red": "human", "blue": "human"}),
        (1, {"red": "human", "blue": "human"}),
        (2, {"red": "human", "blue": "random"}),
    ],
)
def test_a_spectator_sees_no_hidden_identity_of_either_side(
    client: TestClient, n: int, opponents: dict[str, str]
) -> None:
    rng = random.Random(500 + n)
    game_id, seats = create(client, opponents, options={"rounds": 8})
    link = seats["red"].post("spectators")
    assert link.status_code == 201, link.text
    token = link.json()["token"]
    assert link.json()["link"] == f"/#watch={game_id}&token={token}"
    wire = Wire()
    people = dict(seats.items())
    with client.websocket_connect(f"/api/games/{game_id}/spectate/ws?token={token}") as ws:
        seen = drain(ws, wire, 0)
        while seen["status"] != "over":
            assert "legal_actions" not in seen
            assert seen["full"] is None
            side = next(s for s in seen["to_move"])
            view = people[side].view().json()
            res = people[side].act(rng.choice(view["legal_actions"]), view["version"]).json()
            watch(client, game_id, token, wire)
            seen = drain(ws, wire, res["version"])
    assert seen["full"] is None  # "public": not even at the end
    record = GameRecord.from_json(seats["red"].get("record").json()["record"])
    hidden = hidden_of_both(record)
    assert hidden[0], "nothing is hidden at the start: the test would prove nothing"
    assert len(wire.seen) > len(record.actions)
    for seq, text in wire.seen:
        leaked = sorted(token for token in hidden[seq] if token in text)
        assert not leaked, f"the spectator received {leaked} at seq {seq}: {text[:300]}"
        assert str(record.seed) not in text, "the seed went out"
    # What the spectator saw is what both sides saw: the blocks' places, not their names.
    blocks = seen["view"]["blocks"]
    assert blocks
    assert all(set(b) <= {"side", "hex", "name", "strength"} for b in blocks.values())


def test_a_spectator_can_never_act(client: TestClient) -> None:
    game_id, seats = create(client, {"red": "human", "blue": "human"})
    token = seats["blue"].post("spectators").json()["token"]
    spectator = Seat(client, game_id, token)
    version = seats["red"].view().json()["version"]
    for res in (
        spectator.view(),
        spectator.act({"verb": "pass", "args": {}}, version),
        spectator.act({"side": "red", "verb": "pass", "args": {}}, version),
        spectator.undo(version),
        spectator.post("open"),
        spectator.post("token"),
        spectator.post("spectators"),
        spectator.get("record"),
        spectator.get("replay", upto=0),
    ):
        error(res, 403, "spectator_only")
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={token}") as ws:
        assert receive(ws)["error"] == "spectator_only"
    assert seats["red"].view().json()["version"] == version  # nothing changed
    # A seat token is no spectator token, and a spectator token watches its own game only.
    error(client.get(f"/api/games/{game_id}/spectate", headers=seats["red"].auth), 401, "bad_token")
    other, _ = create(client, {"red": "hotseat", "blue": "hotseat"})
    error(client.get(f"/api/games/{other}/spectate", headers=spectator.auth), 403, "wrong_game")


def full_views(record: GameRecord) -> list[tuple[int, dict[str, Any]]]:
    """``(turn, full view)`` after each number of actions of a Tally record."""
    state = TALLY.setup(record.scenario, record.options, record.seed)
    out = [(state.turn, TALLY.view(state, None))]
    for action in record.actions:
        TALLY.apply(state, action)
        out.append((state.turn, TALLY.view(state, None)))
    return out


@pytest.mark.parametrize("delay", [1, 2])
def test_a_delayed_spectator_sees_the_full_game_only_turns_behind(
    client: TestClient, delay: int
) -> None:
    rng = random.Random(delay)
    game_id, seats = create(
        client,
        {"a": "human", "b": "human"},
        game="tally",
        scenario="only",
        spectate="delayed",
        spectate_delay=delay,
    )
    token = seats["a"].post("spectators").json()["token"]
    wire = Wire()
    fulls = 0
    undone = False
    while True:
        seen = watch(client, game_id, token, wire)
        assert seen["spectate"] == {"full": "delayed", "delay": delay}
        assert "Amber" not in json.dumps(seen["view"])
        assert "Basalt" not in json.dumps(seen["view"])
        history = full_views(operator_record(client, game_id))
        if seen["status"] == "over":
            assert seen["full"]["seq"] == seen["seq"]
            assert seen["full"]["view"] == history[-1][1]
            break
        turn = seen["turn"]
        behind = [i for i, (t, _) in enumerate(history) if t <= turn - delay]
        if not behind:
            assert seen["full"] is None, seen
        else:
            fulls += 1
            full = seen["full"]
            assert full["seq"] == max(behind)
            assert full["turn"] == history[full["seq"]][0] <= turn - delay
            assert full["view"] == history[full["seq"]][1]
        side = seen["to_move"][0]
        view = seats[side].view().json()
        if view["can_undo"] and not undone and rng.random() < 0.5:
            assert seats[side].undo(view["version"]).status_code == 200
            undone = True
            continue
        verbs = ["add", "add", "roll", "end"]
        verb = rng.choice(verbs)
        assert seats[side].act({"verb": verb}, view["version"]).status_code == 200
    assert fulls > 0


def test_end_mode_shows_the_full_game_only_once_over(client: TestClient) -> None:
    game_id, seats = create(
        client, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only", spectate="end"
    )
    token = seats["a"].post("spectators").json()["token"]
    wire = Wire()
    while True:
        seen = watch(client, game_id, token, wire)
        if seen["status"] == "over":
            break
        assert seen["full"] is None
        side = seen["to_move"][0]
        view = seats[side].view().json()
        assert seats[side].act({"verb": "end"}, view["version"]).status_code == 200
    record = operator_record(client, game_id)
    assert seen["full"]["view"] == TALLY.view(replay(TALLY, record), None)


def test_spectate_options_are_checked(client: TestClient) -> None:
    base = {"game": "tally", "scenario": "only", "opponents": {"a": "hotseat", "b": "hotseat"}}
    error(client.post("/api/games", json={**base, "spectate": "delayed"}), 422, "bad_spectate")
    error(client.post("/api/games", json={**base, "spectate": "all"}), 422, "invalid_request")


def test_a_bite_spectator_sees_neither_sides_hidden_blocks(client: TestClient) -> None:
    from hexfront.engine.protocol import Action
    from hexfront.games.bite.game import Bite

    bite = Bite()
    game_id, seats = create(client, {"soviet": "random"}, game="bite", scenario="SBE1", seed=4242)
    axis = seats["axis"]
    token = axis.post("spectators").json()["token"]
    rng = random.Random(7)
    wire = Wire()
    for _ in range(40):
        watch(client, game_id, token, wire)
        body = axis.view().json()
        if body["status"] == "over" or not body["legal_actions"]:
            break
        res = axis.act(rng.choice(body["legal_actions"]), body["version"])
        assert res.status_code in (200, 409), res.text
    seen = watch(client, game_id, token, wire)
    units = seen["view"]["units"]
    assert {u["side"] for u in units} == {"axis", "soviet"}  # both sides' blocks are shown
    record = operator_record(client, game_id)
    state = bite.setup(record.scenario, record.options, record.seed)

    def hidden() -> set[str]:
        return set(bite.hidden_tokens(state, "axis")) | set(bite.hidden_tokens(state, "soviet"))

    by_seq = [hidden()]
    for raw in record.actions:
        bite.apply(state, Action.from_json(raw.to_json()))
        by_seq.append(hidden())
    assert by_seq[0]
    for seq, text in wire.seen:
        leaked = sorted(t for t in by_seq[seq] if t in text)
        assert not leaked, f"the spectator received {leaked} at seq {seq}: {text[:300]}"
