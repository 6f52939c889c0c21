"""The HTTP API: catalogue, games, seats, actions, undo, AI, records, replays, docs."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import Seat, create, error, join

from hexfront.engine.example import Skirmish
from hexfront.engine.protocol import Action
from hexfront.engine.records import GameRecord, replay, state_hash


def settle(client: TestClient, game_id: str) -> None:
    """Wait until the AI seats of a game have finished moving."""
    assert client.portal is not None
    client.portal.call(client.app.state.games.settle, game_id)  # type: ignore[attr-defined]


def test_health_noop_and_docs(client: TestClient) -> None:
    health = client.get("/api/health")
    assert health.status_code == 200
    assert health.json()["status"] == "ok"
    assert health.json()["database"] in ("sqlite", "postgresql")
    assert client.get("/api/noop").json() == {}
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/health",
        "/api/games/catalog",
        "/api/games",
        "/api/games/{game_id}/view",
        "/api/games/{game_id}/actions",
        "/api/games/{game_id}/undo",
        "/api/games/{game_id}/record",
        "/api/games/{game_id}/replay",
        "/api/users",
        "/api/session",
        "/api/my/games",
    ):
        assert path in paths, path
    assert client.get("/docs").status_code == 200


def test_plain_page_is_honest_and_static_files_ship(client: TestClient) -> None:
    page = client.get("/plain")
    assert page.status_code == 200
    assert "plain page" in page.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200


def test_catalog_lists_games_scenarios_options_and_agents(client: TestClient) -> None:
    data = client.get("/api/games/catalog").json()
    games = {g["name"]: g for g in data["games"]}
    assert games["skirmish"]["playable"] is True
    assert games["skirmish"]["options"][0]["name"] == "rounds"
    assert games["skirmish"]["sides"] == ["red", "blue"]
    assert games["bite"]["playable"] is True
    assert [s["id"] for s in games["bite"]["scenarios"]][:2] == ["SBE1", "SBE2"]
    assert "random" in data["agents"]
    assert {"human", "hotseat", "random"} <= set(data["seat_kinds"])


def test_create_returns_one_token_per_person_seat_and_keeps_the_seed(client: TestClient) -> None:
    res = client.post(
        "/api/games",
        json={"game": "skirmish", "scenario": "standard", "opponents": {"blue": "random"}},
    )
    assert res.status_code == 201
    body = res.json()
    assert set(body["seats"]) == {"red"}  # no token for the AI seat
    assert body["kinds"] == {"red": "human", "blue": "ai"}
    assert body["links"]["red"].endswith(body["seats"]["red"])
    assert len(body["seats"]["red"]) >= 40
    view = Seat(client, body["id"], body["seats"]["red"]).view().json()
    assert "seed" not in view
    assert view["seed_chosen_by_creator"] is False
    assert view["seats"]["blue"] == {"kind": "ai", "agent": "random"}
    assert view["options"] == {"rounds": 6}  # defaults are filled in and public


def test_create_refuses_bad_requests(client: TestClient) -> None:
    def post(**body: object) -> object:
        base = {"game": "skirmish", "scenario": "standard"}
        return client.post("/api/games", json={**base, **body})

    error(post(game="chess"), 422, "unknown_game")
    error(post(scenario="grand"), 422, "unknown_scenario")
    error(post(options={"rounds": 7}), 422, "bad_option")
    error(post(options={"rounds": "six"}), 422, "bad_option")
    error(post(options={"fog": False}), 422, "unknown_option")
    error(post(opponents={"green": "human"}), 422, "unknown_side")
    error(post(opponents={"blue": "deep-blue"}), 422, "unknown_agent")
    error(post(opponents={"red": "random", "blue": "random"}), 422, "no_person")
    error(post(play_as="blue", opponents={"blue": "random"}), 422, "bad_side")
    error(post(seed=-1), 422, "invalid_request")
    error(post(surprise=1), 422, "invalid_request")


def test_a_chosen_seed_is_announced_to_every_seat(client: TestClient) -> None:
    _, seats = create(client, {"red": "hotseat", "blue": "hotseat"}, seed=5)
    for seat in seats.values():
        assert seat.view().json()["seed_chosen_by_creator"] is True


def test_hotseat_play_versions_and_errors_leave_the_game_unchanged(client: TestClient) -> None:
    game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"}, seed=11)
    red, blue = seats["red"], seats["blue"]
    view = red.view().json()
    assert view["version"] == 0
    assert view["your_turn"] is True
    assert view["view"]["prompt"]["side"] == "red"
    assert blue.view().json()["legal_actions"] == []
    before = client.portal.call(client.app.state.games.state_hash, game_id)  # type: ignore[union-attr,attr-defined]

    error(blue.act({"verb": "pass", "args": {}}, 0), 422, "not_your_turn")
    error(red.act({"side": "blue", "verb": "pass", "args": {}}, 0), 403, "wrong_side")
    error(red.act({"verb": "fly", "args": {}}, 0), 422, "illegal_action")
    error(red.act({"verb": "pass", "args": {}}, 3), 409, "stale_version")
    assert client.portal.call(client.app.state.games.state_hash, game_id) == before  # type: ignore[union-attr,attr-defined]

    moved = red.act(view["legal_actions"][1], 0)
    assert moved.status_code == 200, moved.text
    assert moved.json()["version"] == 1
    assert moved.json()["seq"] == 1
    assert moved.json()["your_turn"] is False
    error(red.act({"verb": "pass", "args": {}}, 0), 409, "stale_version")
    assert blue.view().json()["your_turn"] is True


def test_a_whole_game_against_the_ai_then_record_and_replay(client: TestClient) -> None:
    game_id, seats = create(client, {"blue": "random"}, options={"rounds": 4})
    red = seats["red"]
    error(red.get("record"), 403, "record_closed")
    error(red.get("replay", upto=0), 403, "record_closed")
    rng = random.Random(3)
    thinking_seen = False
    for _ in range(200):
        settle(client, game_id)
        view = red.view().json()
        if view["status"] == "over":
            break
        assert view["your_turn"], view
        res = red.act(rng.choice(view["legal_actions"]), view["version"])
        assert res.status_code == 200, res.text
        thinking_seen |= res.json()["ai"]["thinking"] == "blue"
    assert view["status"] == "over"
    assert view["result"]["outcome"]
    assert thinking_seen  # the POST returned while the AI was still to move

    body = red.get("record").json()
    record = GameRecord.from_json(body["record"])
    game = Skirmish()
    assert state_hash(game, replay(game, record)) == record.final_hash
    assert len(record.actions) == view["seq"]
    assert {a.side for a in record.actions} == {"red", "blue"}

    final = red.get("replay", upto=view["seq"], side="red").json()
    assert final["view"] == view["view"]
    start = red.get("replay", upto=0).json()  # no side: the referee's view
    assert "red-a" in str(start["view"])
    assert "blue-a" in str(start["view"])
    error(red.get("replay", upto=view["seq"] + 1), 422, "bad_upto")
    error(red.get("replay", upto=1, side="green"), 422, "unknown_side")
    # The token may come as ?token= too (for links), but only a seat of this game.
    assert client.get(f"/api/games/{game_id}/record", params={"token": red.token}).is_success
    error(client.get(f"/api/games/{game_id}/record"), 401, "missing_token")


def test_opening_the_record_needs_every_person(client: TestClient) -> None:
    game_id, seats = create(client, {"red": "human", "blue": "human"})
    red, blue = seats["red"], seats["blue"]
    assert red.post("open").json()["record"] == {"open": False, "agreed": ["red"]}
    error(red.get("record"), 403, "record_closed")
    assert blue.post("open").json()["record"]["agreed"] == ["blue", "red"]
    body = blue.get("record").json()
    assert body["status"] == "active"
    assert isinstance(body["record"]["seed"], int)  # drawn by the server
    # Withdrawing always works, and closes the record again while the game runs.
    res = client.delete(f"/api/games/{game_id}/open", headers=red.auth)
    assert res.json()["record"] == {"open": False, "agreed": ["blue"]}
    error(blue.get("record"), 403, "record_closed")


def test_withdrawing_agreement_before_the_record_opens(client: TestClient) -> None:
    game_id, seats = create(client, {"red": "human", "blue": "human"})
    red = seats["red"]
    red.post("open")
    res = client.delete(f"/api/games/{game_id}/open", headers=red.auth)
    assert res.json()["record"] == {"open": False, "agreed": []}
    seats["blue"].post("open")
    error(red.get("record"), 403, "record_closed")


def test_a_game_against_the_computer_opens_its_record_only_at_the_end(
    client: TestClient,
) -> None:
    _, seats = create(client, {"blue": "random"})
    error(seats["red"].post("open"), 409, "not_against_the_computer")
    error(seats["red"].get("record"), 403, "record_closed")


def test_undo_within_a_segment_truncates_the_log(client: TestClient) -> None:
    _game_id, seats = create(
        client, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only"
    )
    a, b = seats["a"], seats["b"]
    v = a.act({"verb": "add"}, 0).json()
    v = a.act({"verb": "add"}, v["version"]).json()
    assert v["can_undo"] is True
    assert v["view"]["count"] == 2
    error(b.undo(v["version"]), 422, "nothing_to_undo")
    error(a.undo(v["version"] - 1), 409, "stale_version")
    undone = a.undo(v["version"])
    assert undone.status_code == 200, undone.text
    u = undone.json()
    assert (u["view"]["count"], u["seq"], u["version"]) == (1, 1, v["version"] + 1)
    assert u["can_undo"] is True
    r = a.act({"verb": "roll"}, u["version"]).json()
    assert r["can_undo"] is False  # dice cannot be taken back
    error(a.undo(r["version"]), 422, "nothing_to_undo")
    e = a.act({"verb": "end"}, r["version"]).json()
    assert b.view().json()["your_turn"] is True
    # The log holds exactly the actions that stand: add, roll, end.
    a.post("open")
    b.post("open")
    rec = a.get("record").json()["record"]
    assert [x["verb"] for x in rec["actions"]] == ["add", "roll", "end"]
    assert e["seq"] == 3


def test_my_games_accounts_and_seat_tokens(client: TestClient) -> None:
    ada, bea = f"ada-{random.randrange(10**9)}", f"bea-{random.randrange(10**9)}"
    assert client.post("/api/users", json={"username": ada, "password": "pw-123456"}).is_success
    error(
        client.post("/api/users", json={"username": ada, "password": "x" * 9}),
        409,
        "username_taken",
    )
    error(
        client.post("/api/users", json={"username": "a d", "password": "x" * 9}),
        422,
        "bad_username",
    )
    error(
        client.post("/api/users", json={"username": "bob", "password": "short"}),
        422,
        "bad_password",
    )
    error(
        client.post("/api/session", json={"username": ada, "password": "wrong-pass"}),
        401,
        "bad_credentials",
    )
    error(
        client.post("/api/session", json={"username": "nobody", "password": "wrong-pass"}),
        401,
        "bad_credentials",
    )
    login = client.post("/api/session", json={"username": ada, "password": "pw-123456"})
    session = {"authorization": f"Bearer {login.json()['token']}"}
    assert client.get("/api/my/games", headers=session).json()["games"] == []

    res = client.post(
        "/api/games",
        json={"game": "skirmish", "scenario": "standard", "opponents": {"blue": "human"}},
        headers=session,
    )
    game_id, tokens = res.json()["id"], res.json()["seats"]
    assert set(tokens) == {"red"}  # blue's seat is the invitee's: the creator has no token
    tokens["blue"] = join(client, game_id, res.json()["invites"]["blue"])
    mine = client.get("/api/my/games", headers=session).json()["games"]
    assert [(g["id"], g["side"], g["your_turn"]) for g in mine] == [(game_id, "red", True)]

    # A session token is no seat token, and a seat token is no session.
    error(Seat(client, game_id, login.json()["token"]).view(), 401, "bad_token")
    error(
        client.get("/api/my/games", headers={"authorization": f"Bearer {tokens['red']}"}),
        401,
        "bad_session",
    )

    # The invitee (blue) logs in and claims the seat with the token the invite gave.
    client.post("/api/users", json={"username": bea, "password": "pw-654321"})
    bea = client.post("/api/session", json={"username": bea, "password": "pw-654321"})
    bea_auth = {"authorization": f"Bearer {bea.json()['token']}"}
    claim = client.post(
        "/api/my/seats", json={"game_id": game_id, "token": tokens["blue"]}, headers=bea_auth
    )
    assert claim.json() == {"id": game_id, "side": "blue"}
    error(
        client.post(
            "/api/my/seats", json={"game_id": game_id, "token": tokens["blue"]}, headers=session
        ),
        409,
        "seat_taken",
    )
    # Bea gets a fresh token (another browser): the old one stops working.
    fresh = client.post(f"/api/my/games/{game_id}/seats/blue/token", headers=bea_auth).json()
    error(Seat(client, game_id, tokens["blue"]).view(), 401, "bad_token")
    assert Seat(client, game_id, fresh["token"]).view().json()["side"] == "blue"
    error(
        client.post(f"/api/my/games/{game_id}/seats/red/token", headers=bea_auth),
        403,
        "not_your_seat",
    )

    assert client.delete("/api/session", headers=session).status_code == 204
    error(client.get("/api/my/games", headers=session), 401, "bad_session")


def test_errors_are_json_everywhere(client: TestClient) -> None:
    error(client.get("/api/nothing-here"), 404, "not_found")
    error(client.put("/api/games"), 405, "method_not_allowed")
    error(client.get("/api/games/..%2F/view"), 404, "not_found")


def test_actions_parse_with_the_seat_side_filled_in() -> None:
    from hexfront.server.games import GameService

    assert GameService.parse_action({"verb": "pass"}, "red") == Action("red", "pass")


def test_concurrent_actions_on_one_version_commit_exactly_once(client: TestClient) -> None:
    """Optimistic versions: of many simultaneous actions chosen from version 0, one wins."""
    import asyncio

    import httpx

    game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"})
    red = seats["red"]
    legal = red.view().json()["legal_actions"]

    async def race() -> list[int]:
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            answers = await asyncio.gather(
                *(
                    c.post(
                        f"/api/games/{game_id}/actions",
                        json={"action": action, "version": 0},
                        headers=red.auth,
                    )
                    for action in legal
                )
            )
        return [a.status_code for a in answers]

    assert client.portal is not None
    codes = client.portal.call(race)
    assert sorted(codes) == [200] + [409] * (len(legal) - 1)
    assert red.view().json()["seq"] == 1


def test_evicted_games_come_back_from_the_database(make_client: Any) -> None:
    small = make_client(cache_size=1)
    games = [create(small, {"red": "hotseat", "blue": "hotseat"}) for _ in range(3)]
    for _, seats in games:
        view = seats["red"].view().json()
        assert seats["red"].act(view["legal_actions"][1], 0).status_code == 200
    assert len(small.app.state.games.cache) == 1  # type: ignore[attr-defined]
    for _, seats in games:
        assert seats["blue"].view().json()["version"] == 1


def test_slow_rules_move_to_worker_threads(make_client: Any) -> None:
    """A game whose rules take long is served from worker threads, with the same results."""
    threaded = make_client(slow_rules_ms=0.0)  # every game counts as slow at once
    game_id, seats = create(threaded, {"red": "human", "blue": "random"}, seed=3)
    red = seats["red"]
    for _ in range(3):
        settle(threaded, game_id)
        view = red.view().json()
        assert red.act(view["legal_actions"][-1], view["version"]).status_code == 200
    settle(threaded, game_id)
    live = threaded.app.state.games.cache[game_id]  # type: ignore[attr-defined]
    assert live.slow is True
    inline = make_client()  # a fresh server rebuilds the same game from its log
    again = inline.get(f"/api/games/{game_id}/view", headers=red.auth).json()
    assert again["view"] == red.view().json()["view"]
