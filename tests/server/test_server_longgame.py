"""A game that lasts weeks (issue 15): resumed from its newest snapshot, whose turn it is
in a list of games, the opponent's move told by WebSocket and by webhook, and a game
exported to one file and imported on another server."""

from __future__ import annotations

import hashlib
import json
import logging
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Seat, create, error, receive
from sqlalchemy import func, select, update

from conftest import test_settings as settings_for_tests
from hexfront.server.app import create_app
from hexfront.server.db import Database, GameRow, SnapshotRow
from hexfront.server.storage import PACKED, unpack_state
from hexfront.server.transfer import content_hash

MakeClient = Callable[..., TestClient]
FAST = {"snapshot_every": 3, "replay_from_snapshot_after": 0}
FULL = {"replay_from_snapshot_after": 10**9}


def db_of(client: TestClient) -> Database:
    return client.app.state.db  # type: ignore[attr-defined,no-any-return]


def state_hash(client: TestClient, game_id: str) -> str:
    assert client.portal is not None
    return str(client.portal.call(client.app.state.games.state_hash, game_id))  # type: ignore[attr-defined]


def play_tally(seats: dict[str, Seat], verbs: list[str]) -> dict[str, Any]:
    """Play ``verbs`` in turn, each by the side to move (Tally: add, roll, end)."""
    view: dict[str, Any] = {}
    for verb in verbs:
        views = {side: seat.view().json() for side, seat in seats.items()}
        side = next(s for s, v in views.items() if v["your_turn"])
        res = seats[side].act({"verb": verb}, views[side]["version"])
        assert res.status_code == 200, res.text
        view = res.json()
    return view


TURN = ["add", "roll", "add", "end"]


# --- resuming from the newest snapshot ------------------------------------------------------


def test_resume_from_the_snapshot_gives_the_full_replays_state(make_client: MakeClient) -> None:
    first = make_client(**FAST)
    game_id, seats = create(first, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only")
    play_tally(seats, TURN * 3 + ["add", "roll"])
    with db_of(first).read() as s:
        snaps = sorted(s.scalars(select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id)))
        stored = s.get(GameRow, game_id)
        assert stored is not None
    assert snaps
    assert snaps[-1] < stored.actions_count
    resumed = make_client(**FAST)  # empty cache: from the newest snapshot
    replayed = make_client(**FULL)  # empty cache: every action from the seed
    assert state_hash(resumed, game_id) == state_hash(replayed, game_id) == stored.state_hash
    auth = seats["a"].auth
    assert (
        resumed.get(f"/api/games/{game_id}/view", headers=auth).json()
        == replayed.get(f"/api/games/{game_id}/view", headers=auth).json()
    )


@pytest.mark.parametrize("damage", ["body", "hash", "unreadable"])
def test_a_corrupt_snapshot_falls_back_to_the_full_replay(
    make_client: MakeClient, caplog: pytest.LogCaptureFixture, damage: str
) -> None:
    first = make_client(**FAST)
    game_id, seats = create(first, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only")
    view = play_tally(seats, TURN * 2 + ["add", "roll", "add"])
    truth = state_hash(first, game_id)
    with db_of(first).write() as s:
        newest = max(s.scalars(select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id)))
        where = (SnapshotRow.game_id == game_id) & (SnapshotRow.seq == newest)
        if damage == "body":  # the body no longer matches its hash
            s.execute(update(SnapshotRow).where(where).values(state=SnapshotRow.state + " "))
        elif damage == "hash":
            s.execute(update(SnapshotRow).where(where).values(hash="f" * 64))
        else:  # a body that matches its hash but is no state at all
            junk = '{"not": "a state"}'
            digest = hashlib.sha256(junk.encode()).hexdigest()
            s.execute(update(SnapshotRow).where(where).values(state=junk, hash=digest))
    caplog.set_level(logging.WARNING, logger="hexfront.server")
    again = make_client(**FAST)
    res = again.get(f"/api/games/{game_id}/view", headers=seats["a"].auth)
    assert res.status_code == 200, res.text
    assert (res.json()["seq"], res.json()["view"]) == (view["seq"], view["view"])
    assert state_hash(again, game_id) == truth
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(f"snapshot {newest} cannot be used" in m for m in warned), warned
    # The damaged snapshot was replaced by a sound one: the next load is fast again.
    with db_of(first).read() as s:
        rows = s.execute(
            select(SnapshotRow.seq, SnapshotRow.state, SnapshotRow.hash).where(
                SnapshotRow.game_id == game_id
            )
        ).all()
    assert all(hashlib.sha256(unpack_state(body).encode()).hexdigest() == h for _, body, h in rows)
    caplog.clear()
    third = make_client(**FAST)
    assert third.get(f"/api/games/{game_id}/view", headers=seats["a"].auth).status_code == 200
    assert not [r for r in caplog.records if "cannot be used" in r.getMessage()]


def test_snapshots_are_stored_packed_and_plain_ones_still_load(
    make_client: MakeClient, caplog: pytest.LogCaptureFixture
) -> None:
    first = make_client(**FAST)
    game_id, seats = create(first, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only")
    play_tally(seats, [*TURN, "add", "roll", "add"])
    truth = state_hash(first, game_id)
    with db_of(first).write() as s:
        rows = s.execute(
            select(SnapshotRow.seq, SnapshotRow.state).where(SnapshotRow.game_id == game_id)
        ).all()
        assert rows
        assert all(state.startswith(PACKED) for _, state in rows)
        for seq, state in rows:  # as a server before packing stored them
            s.execute(
                update(SnapshotRow)
                .where(SnapshotRow.game_id == game_id, SnapshotRow.seq == seq)
                .values(state=unpack_state(state))
            )
    caplog.set_level(logging.WARNING, logger="hexfront.server")
    again = make_client(**FAST)
    assert again.get(f"/api/games/{game_id}/view", headers=seats["a"].auth).status_code == 200
    assert state_hash(again, game_id) == truth
    assert not [r for r in caplog.records if "cannot be used" in r.getMessage()]


def test_a_changed_log_after_the_snapshot_is_still_refused(make_client: MakeClient) -> None:
    first = make_client(**FAST)
    game_id, seats = create(first, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only")
    play_tally(seats, TURN * 2 + ["add"])
    with db_of(first).write() as s:
        s.execute(update(GameRow).where(GameRow.id == game_id).values(state_hash="0" * 64))
    res = make_client(**FAST).get(f"/api/games/{game_id}/view", headers=seats["a"].auth)
    error(res, 500, "corrupt_game")


# --- whose turn -------------------------------------------------------------------------------


def test_status_says_whose_turn_it_is(client: TestClient) -> None:
    _game_id, seats = create(client, {"red": "human", "blue": "human"})
    red, blue = seats["red"], seats["blue"]
    first = red.get("status").json()
    assert first["your_turn"] is True
    assert first["waiting_for"] == []
    waiting = blue.get("status").json()
    assert (waiting["your_turn"], waiting["to_move"]) == (False, ["red"])
    assert waiting["waiting_for"] == [{"side": "red", "kind": "human", "agent": None}]
    view = red.view().json()
    red.act(view["legal_actions"][0], view["version"])
    assert red.get("status").json()["waiting_for"][0]["side"] == "blue"
    assert blue.get("status").json()["your_turn"] is True
    # The list reads the game's row: no view, no legal action, nothing hidden in it.
    assert set(first) == {
        "id", "game", "scenario", "side", "status", "to_move", "your_turn", "waiting_for",
        "result", "version", "seq", "updated",
    }  # fmt: skip


def test_status_names_the_computer_and_needs_a_seat(client: TestClient) -> None:
    game_id, seats = create(client, {"blue": "random"}, seed=3)
    red = seats["red"]
    view = red.view().json()
    red.act(view["legal_actions"][0], 0)
    status = red.get("status").json()
    if not status["your_turn"]:  # the computer is still thinking
        assert status["waiting_for"] == [{"side": "blue", "kind": "ai", "agent": "random"}]
    error(client.get(f"/api/games/{game_id}/status"), 401, "missing_token")
    other_id, _ = create(client, {"blue": "random"})
    error(client.get(f"/api/games/{other_id}/status", headers=red.auth), 403, "wrong_game")


def test_the_opponents_move_reaches_an_open_socket(client: TestClient) -> None:
    game_id, seats = create(client, {"red": "human", "blue": "human"})
    red, blue = seats["red"], seats["blue"]
    with client.websocket_connect(f"/api/games/{game_id}/ws?token={blue.token}") as ws:
        assert receive(ws)["your_turn"] is False
        view = red.view().json()
        red.act(view["legal_actions"][0], 0)
        pushed = receive(ws)
        assert (pushed["side"], pushed["your_turn"], pushed["version"]) == ("blue", True, 1)


# --- webhooks -------------------------------------------------------------------------------


class Receiver:
    """A local HTTP server that records every POST (and answers as told)."""

    def __init__(self) -> None:
        self.posts: list[dict[str, Any]] = []
        self.status = 204
        self.delay = 0.0
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("content-length", "0")))
                time.sleep(owner.delay)
                owner.posts.append({"path": self.path, "body": json.loads(body)})
                self.send_response(owner.status)
                if 300 <= owner.status < 400:
                    self.send_header("location", owner.url + "/again")
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook/s3cret"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait(self, n: int, seconds: float = 5.0) -> list[dict[str, Any]]:
        end = time.monotonic() + seconds
        while len(self.posts) < n and time.monotonic() < end:
            time.sleep(0.02)
        return self.posts


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    r = Receiver()
    yield r
    r.server.shutdown()
    r.server.server_close()


def hook_client(make_client: MakeClient, **extra: Any) -> TestClient:
    return make_client(webhook_private_ok=True, webhook_min_interval=0.0, **extra)


def test_a_webhook_is_told_when_its_seats_move_comes(
    make_client: MakeClient, receiver: Receiver
) -> None:
    client = hook_client(make_client)
    game_id, seats = create(client, {"a": "human", "b": "human"}, game="tally", scenario="only")
    a, b = seats["a"], seats["b"]
    res = b.client.put(f"/api/games/{game_id}/webhook", json={"url": receiver.url}, headers=b.auth)
    assert res.status_code == 200, res.text
    assert b.get("webhook").json()["url"] == receiver.url
    assert a.get("webhook").json()["url"] is None  # a's own (none), never b's
    play_tally(seats, ["add", "add"])  # a keeps the move: nothing sent
    time.sleep(0.3)
    assert receiver.posts == []
    play_tally(seats, ["end"])  # now b's move
    posts = receiver.wait(1)
    assert len(posts) == 1
    assert posts[0]["path"] == "/hook/s3cret"
    assert posts[0]["body"] == {
        "game": game_id,
        "scenario": "only",
        "turn": 2,
        "side": "b",
        "message": "your move",
        "link": f"/#game={game_id}",
    }
    # Nothing hidden, no token: a's secret word, count or tokens appear nowhere.
    text = json.dumps(posts)
    for secret in ("Amber", "Basalt", a.token, b.token, '"count"'):
        assert secret not in text
    play_tally(seats, ["end"])  # a's move again: a has no webhook
    time.sleep(0.3)
    assert len(receiver.posts) == 1
    assert b.client.delete(f"/api/games/{game_id}/webhook", headers=b.auth).status_code == 200
    play_tally(seats, ["end"])
    time.sleep(0.3)
    assert len(receiver.posts) == 1


def test_webhooks_are_sent_at_most_once_a_minute_per_seat(
    make_client: MakeClient, receiver: Receiver
) -> None:
    client = make_client(webhook_private_ok=True)
    game_id, seats = create(client, {"a": "human", "b": "human"}, game="tally", scenario="only")
    b = seats["b"]
    b.client.put(f"/api/games/{game_id}/webhook", json={"url": receiver.url}, headers=b.auth)
    play_tally(seats, ["end", "end", "end"])  # b's move twice
    time.sleep(0.3)
    assert len(receiver.wait(1)) == 1


@pytest.mark.parametrize("answer", ["error", "redirect", "timeout", "nobody"])
def test_a_failing_webhook_never_holds_up_the_game(
    make_client: MakeClient,
    receiver: Receiver,
    caplog: pytest.LogCaptureFixture,
    answer: str,
) -> None:
    caplog.set_level(logging.WARNING, logger="hexfront.server")
    client = hook_client(make_client, webhook_timeout=0.5)
    game_id, seats = create(client, {"a": "human", "b": "human"}, game="tally", scenario="only")
    b = seats["b"]
    url = receiver.url
    if answer == "error":
        receiver.status = 500
    elif answer == "redirect":  # not followed: it could lead anywhere
        receiver.status = 307
    elif answer == "timeout":
        receiver.delay = 2.0
    else:  # a port where nothing listens
        url = "http://127.0.0.1:9/hook"
    b.client.put(f"/api/games/{game_id}/webhook", json={"url": url}, headers=b.auth)
    start = time.monotonic()
    view = play_tally(seats, ["end"])
    assert time.monotonic() - start < 0.5  # answered before any receiver could hold it
    assert view["version"] == 1
    expected = {
        "error": "answered HTTP 500",
        "redirect": "answered HTTP 307",
        "timeout": "no answer within",
        "nobody": "not deliv",
    }
    end = time.monotonic() + 5
    while time.monotonic() < end and not any(
        expected[answer] in r.getMessage() for r in caplog.records
    ):
        time.sleep(0.05)
    assert any(expected[answer] in r.getMessage() for r in caplog.records), caplog.text
    assert url not in caplog.text  # a secret path stays out of the log
    # The game goes on; a redirect was not followed.
    assert play_tally(seats, ["add"])["version"] == 2
    assert all(not p["path"].endswith("/again") for p in receiver.posts)


@pytest.mark.parametrize(
    ("url", "private_ok"),
    [
        ("ftp://example.org/hook", True),
        ("javascript:alert(1)", True),
        ("https://", True),
        ("https://user:pw@example.org/hook", True),
        ("http://example.org/a b", True),
        ("http://127.0.0.1:8000/hook", False),
        ("http://localhost/hook", False),
        ("http://10.1.2.3/hook", False),
        ("http://[::1]/hook", False),
        ("https://example.org/" + "x" * 2100, True),
    ],
)
def test_webhook_urls_are_checked(make_client: MakeClient, url: str, private_ok: bool) -> None:
    client = make_client(webhook_private_ok=private_ok)
    game_id, seats = create(client, {"a": "human", "b": "human"}, game="tally", scenario="only")
    b = seats["b"]
    res = b.client.put(f"/api/games/{game_id}/webhook", json={"url": url}, headers=b.auth)
    assert res.status_code == 422, res.text
    assert res.json()["error"] in ("bad_webhook", "invalid_request")
    assert b.get("webhook").json()["url"] is None


def test_only_a_seat_played_from_elsewhere_takes_a_webhook(make_client: MakeClient) -> None:
    client = make_client(webhook_private_ok=True)
    game_id, seats = create(client, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only")
    a = seats["a"]
    res = a.client.put(
        f"/api/games/{game_id}/webhook", json={"url": "http://127.0.0.1:9/x"}, headers=a.auth
    )
    error(res, 422, "bad_webhook")


# --- export and import ----------------------------------------------------------------------


@pytest.fixture
def other_server(tmp_path: Path) -> Iterator[TestClient]:
    """A second server with a database of its own."""
    with TestClient(create_app(None, tmp_path / "elsewhere", settings_for_tests())) as c:
        yield c


def games_count(client: TestClient) -> int:
    with db_of(client).read() as s:
        return int(s.scalar(select(func.count()).select_from(GameRow)) or 0)


def import_file(client: TestClient, data: Any, **params: str) -> Any:
    body = data if isinstance(data, bytes) else json.dumps(data).encode()
    return client.post(
        "/api/games/import",
        content=body,
        params=params,
        headers={"content-type": "application/json"},
    )


def test_a_game_in_progress_moves_to_another_server(
    client: TestClient, other_server: TestClient
) -> None:
    game_id, seats = create(client, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only")
    view = play_tally(seats, [*TURN, "add", "roll", "add"])
    res = seats["a"].get("export")
    assert res.status_code == 200, res.text
    assert "attachment" in res.headers["content-disposition"]
    data = res.json()
    assert data["sha256"] == content_hash(data)
    assert len(data["actions"]) == view["seq"]
    text = res.text
    for token in (seats["a"].token, seats["b"].token):
        assert token not in text  # seats metadata without tokens
    assert data["seats"] == {
        "a": {"kind": "hotseat", "agent": None},
        "b": {"kind": "hotseat", "agent": None},
    }

    before = games_count(other_server)
    res = import_file(other_server, data)
    assert res.status_code == 201, res.text
    made = res.json()
    assert (made["seq"], made["status"], made["game"]) == (view["seq"], "active", "tally")
    assert games_count(other_server) == before + 1
    moved = {s: Seat(other_server, made["id"], t) for s, t in made["seats"].items()}
    again = moved["b"].view().json()
    assert (again["view"], again["can_undo"]) == (view["view"], view["can_undo"])
    assert state_hash(other_server, made["id"]) == state_hash(client, game_id)
    # Play goes on there, undo included (the file carries the undo segment).
    undone = moved["b"].undo(again["version"]).json()
    assert undone["view"]["count"] == view["view"]["count"] - 1
    play_tally(moved, ["end", "end", "end"])
    assert moved["a"].view().json()["status"] == "over"


def test_a_finished_game_exports_for_any_seat_and_replays_the_same(
    client: TestClient, other_server: TestClient
) -> None:
    _game_id, seats = create(client, {"a": "human", "b": "human"}, game="tally", scenario="only")
    play_tally(seats, ["end"] * 4)
    data = seats["b"].get("export").json()
    assert data["status"] == "over"
    assert data["seed_secret"] is not None  # the dice stay verifiable elsewhere
    made = import_file(other_server, data, play_as="b").json()
    assert set(made["seats"]) == {"b"}
    assert set(made["invites"]) == {"a"}
    b = Seat(other_server, made["id"], made["seats"]["b"])
    there = b.get("record").json()
    here = seats["b"].get("record").json()
    assert there["record"] == here["record"]
    assert there["dice"] == here["dice"]


def test_a_game_between_people_exports_only_once_both_agree(client: TestClient) -> None:
    _game_id, seats = create(client, {"a": "human", "b": "human"}, game="tally", scenario="only")
    play_tally(seats, ["add", "end"])
    for side in ("a", "b"):
        error(seats[side].get("export"), 403, "export_closed")
    assert seats["a"].post("open").status_code == 200
    error(seats["b"].get("export"), 403, "export_closed")
    assert seats["b"].post("open").status_code == 200
    assert seats["b"].get("export").status_code == 200


def test_alone_against_the_computer_the_creator_may_export(
    client: TestClient, other_server: TestClient
) -> None:
    _game_id, seats = create(client, {"b": "random"}, game="tally", scenario="only")
    res = seats["a"].get("export")
    assert res.status_code == 200, res.text
    assert res.json()["seats"]["b"] == {"kind": "ai", "agent": "random"}
    # Imported elsewhere, the computer plays on there.
    made = import_file(other_server, res.json()).json()
    assert set(made["seats"]) == {"a"}
    a = Seat(other_server, made["id"], made["seats"]["a"])
    a.act({"verb": "end"}, a.view().json()["version"])
    assert other_server.portal is not None
    other_server.portal.call(other_server.app.state.games.settle, made["id"])  # type: ignore[attr-defined]
    back = a.view().json()
    assert back["your_turn"] is True
    assert back["view"]["turn"] == 3  # the computer ended its turn 2


def tamper(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """The file changed and its hash made again (a forger's file, not a damaged one)."""
    changed = {**data, **changes}
    changed["sha256"] = content_hash(changed)
    return changed


def test_a_tampered_or_malformed_file_is_refused_and_changes_nothing(
    client: TestClient, other_server: TestClient
) -> None:
    _game_id, seats = create(
        client, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only"
    )
    play_tally(seats, TURN * 2)
    data = seats["a"].get("export").json()
    before = games_count(other_server)

    edited = json.loads(json.dumps(data))
    edited["actions"][1] = {"side": "a", "verb": "end", "args": {}}  # hash left as it was
    res = import_file(other_server, edited)
    error(res, 400, "export_tampered")
    assert "changed or damaged" in res.json()["detail"]

    cases = {
        "not json": b"{this is not json",
        "not an object": [1, 2],
        "no hash": {k: v for k, v in data.items() if k != "sha256"},
        "another format": tamper(data, format="something-else"),
        "a newer version": tamper(data, format_version=99),
        "no actions": tamper(data, actions="none"),
        "an unknown game": tamper(data, game="chess"),
        "a seed off its secret": tamper(data, seed=data["seed"] + 1),
        "an illegal action": tamper(data, actions=[*data["actions"], {"side": "b", "verb": "x"}]),
        "an unknown option": tamper(data, options={**data["options"], "speed": 3}),
        "a bad option": tamper(data, options={**data["options"], "turns": 3}),
        "a wrong state hash": tamper(data, state_hash="0" * 64),
        "a wrong status": tamper(data, status="over"),
        "seats of other sides": tamper(data, seats={"x": {"kind": "human", "agent": None}}),
        "no person": tamper(
            data, seats={s: {"kind": "ai", "agent": "random"} for s in data["seats"]}
        ),
        "a token among the seats": tamper(
            data, seats={**data["seats"], "a": {"kind": "hotseat", "agent": None, "token": "t"}}
        ),
    }
    for name, bad in cases.items():
        res = import_file(other_server, bad)
        assert res.status_code == 400, (name, res.text)
        body = res.json()
        assert body["error"] in ("bad_json", "bad_export_file", "export_tampered"), name
        assert len(body["detail"]) > 20, name
    assert games_count(other_server) == before  # nothing stored


def test_a_large_game_file_is_accepted_on_the_import_path_only(
    client: TestClient, other_server: TestClient
) -> None:
    _game_id, seats = create(
        client, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only"
    )
    data = seats["a"].get("export").json()
    big = tamper(data, note="x" * 200_000)  # over the 64 KiB limit of other requests
    assert import_file(other_server, big).status_code == 201
    res = other_server.post(
        "/api/games",
        content=json.dumps({"game": "tally", "scenario": "only", "x": "x" * 200_000}),
        headers={"content-type": "application/json"},
    )
    error(res, 413, "body_too_large")


def test_an_option_the_file_lacks_takes_its_default(
    client: TestClient, other_server: TestClient
) -> None:
    _game_id, seats = create(
        client, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only"
    )
    play_tally(seats, ["add", "end"])
    data = seats["a"].get("export").json()
    assert data["options"] == {"turns": 4}
    res = import_file(other_server, tamper(data, options={}))  # an older server's file
    assert res.status_code == 201, res.text
    shorter = tamper(data, options={"turns": 2})  # a real change: another game
    res = import_file(other_server, shorter)
    error(res, 400, "bad_export_file")


def test_my_games_say_whose_move_it_is(client: TestClient) -> None:
    assert client.post(
        "/api/users", json={"username": "weeks", "password": "long-game-1"}
    ).is_success
    login = client.post("/api/session", json={"username": "weeks", "password": "long-game-1"})
    session = {"authorization": f"Bearer {login.json()['token']}"}
    res = client.post(
        "/api/games",
        json={"game": "tally", "scenario": "only", "opponents": {"b": "human"}},
        headers=session,
    )
    game_id, token = res.json()["id"], res.json()["seats"]["a"]
    a = Seat(client, game_id, token)
    mine = client.get("/api/my/games", headers=session).json()["games"]
    assert [(g["side"], g["your_turn"], g["to_move"]) for g in mine] == [("a", True, ["a"])]
    a.act({"verb": "end"}, 0)
    mine = client.get("/api/my/games", headers=session).json()["games"]
    assert [(g["side"], g["your_turn"], g["to_move"]) for g in mine] == [("a", False, ["b"])]


def test_a_webhook_hears_when_the_computer_has_moved(
    make_client: MakeClient, receiver: Receiver
) -> None:
    client = hook_client(make_client)
    game_id, seats = create(client, {"b": "random"}, game="tally", scenario="only", seed=5)
    a = seats["a"]
    res = a.client.put(f"/api/games/{game_id}/webhook", json={"url": receiver.url}, headers=a.auth)
    assert res.status_code == 200, res.text
    a.act({"verb": "end"}, 0)
    assert client.portal is not None
    client.portal.call(client.app.state.games.settle, game_id)  # type: ignore[attr-defined]
    assert a.view().json()["your_turn"] is True
    posts = receiver.wait(1)
    assert [p["body"]["side"] for p in posts] == ["a"]
    assert posts[0]["body"]["turn"] == 3
