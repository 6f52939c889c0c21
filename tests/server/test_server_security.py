"""Issue 19's findings: each test here failed on the server before its fix.

Seeds chosen by a creator (1), tokens in logs (4), password hashing beside the database
(5), proxy headers and caps per client (6), text that is not Unicode and guessing tokens
through sockets (7), loose JSON types in actions (8), and replays seen from one side (9).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from server_helpers import (
    LiveServer,
    Seat,
    Tally,
    TallyState,
    create,
    error,
    receive,
)
from starlette.websockets import WebSocketDisconnect

from hexfront.engine.events import JSON, Event
from hexfront.engine.example import Skirmish
from hexfront.engine.protocol import Action
from hexfront.engine.records import GameRecord
from hexfront.server.limits import LoginBackoff

MakeClient = Callable[..., TestClient]


def ws_url(game_id: str, token: str) -> str:
    return f"/api/games/{game_id}/ws?token={token}"


def settle(client: TestClient, game_id: str) -> None:
    assert client.portal is not None
    client.portal.call(client.app.state.games.settle, game_id)  # type: ignore[attr-defined]


def game_count(client: TestClient) -> int:
    from sqlalchemy import func, select

    from hexfront.server.db import GameRow

    with client.app.state.db.read() as s:  # type: ignore[attr-defined]
        return int(s.scalar(select(func.count()).select_from(GameRow)) or 0)


# --- 1. seeds -----------------------------------------------------------------------------


def test_a_chosen_seed_is_refused_when_two_people_play_online(client: TestClient) -> None:
    before = game_count(client)
    for opponents in (
        {"red": "human", "blue": "human"},
        {"red": "hotseat", "blue": "human"},
        {"red": "human", "blue": "hotseat"},
    ):
        res = client.post(
            "/api/games",
            json={"game": "skirmish", "scenario": "standard", "opponents": opponents, "seed": 9},
        )
        error(res, 422, "seed_not_allowed")
        assert "_" not in res.json()["detail"].replace("seed_chosen", "")
    assert game_count(client) == before  # nothing was created
    # Without a seed the same game is made, with a seed drawn by the server.
    _, seats = create(client, {"red": "human", "blue": "human"})
    assert seats["red"].view().json()["seed_chosen_by_creator"] is False


def test_a_chosen_seed_is_allowed_alone_or_at_one_screen_and_shown(client: TestClient) -> None:
    for opponents in ({"red": "hotseat", "blue": "hotseat"}, {"red": "human", "blue": "random"}):
        _, seats = create(client, opponents, seed=5)
        for seat in seats.values():
            assert seat.view().json()["seed_chosen_by_creator"] is True


# --- 4. tokens never in logs ----------------------------------------------------------------


@pytest.fixture
def live_servers(tmp_path: Path) -> Iterator[Callable[..., LiveServer]]:
    started: list[LiveServer] = []

    def start(*extra: str) -> LiveServer:
        server = LiveServer(tmp_path, *extra)
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


def test_seat_tokens_never_reach_the_server_log(live_servers: Callable[..., LiveServer]) -> None:
    from websockets.sync.client import connect

    server = live_servers()  # the access log on, as `make run` has it
    http = httpx.Client(base_url=server.url, timeout=10)
    res = http.post(
        "/api/games",
        json={"game": "skirmish", "scenario": "standard", "opponents": {"blue": "random"}},
    )
    assert res.status_code == 201, res.text
    game_id, token = res.json()["id"], res.json()["seats"]["red"]
    ws_base = server.url.replace("http://", "ws://")
    with connect(f"{ws_base}/api/games/{game_id}/ws?token={token}") as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "view"
    wrong = "w" * 43
    with connect(f"{ws_base}/api/games/{game_id}/ws?a=1&token={wrong}") as ws:
        assert json.loads(ws.recv(timeout=10))["error"] == "bad_token"
    assert http.get(f"/api/games/{game_id}/record", params={"token": token}).status_code == 403
    assert http.get(f"/api/games/{game_id}/view", params={"token": token}).status_code == 401
    log = server.stop()
    assert "WebSocket" in log, log  # the lines are there, without their tokens
    assert "/record" in log, log
    assert token not in log
    assert wrong not in log


# --- 5. password hashing beside the database ------------------------------------------------


def test_password_hashing_runs_in_its_own_threads(client: TestClient) -> None:
    users = client.app.state.users  # type: ignore[attr-defined]
    games = client.app.state.games  # type: ignore[attr-defined]
    seen: list[str] = []
    hasher = users.hasher

    class Watched:
        def hash(self, password: str) -> str:
            seen.append(threading.current_thread().name)
            return str(hasher.hash(password))

        def verify(self, digest: str, password: str) -> bool:
            seen.append(threading.current_thread().name)
            return bool(hasher.verify(digest, password))

    users.hasher = Watched()
    try:
        assert client.post("/api/users", json={"username": "hasher", "password": "p" * 10})
        error(
            client.post("/api/session", json={"username": "hasher", "password": "q" * 10}),
            401,
            "bad_credentials",
        )
        assert client.post("/api/session", json={"username": "hasher", "password": "p" * 10})
    finally:
        users.hasher = hasher
    assert len(seen) == 3
    database_threads = games.pool._thread_name_prefix
    assert all(name.rsplit("_", 1)[0] != database_threads for name in seen), seen


def test_logins_stuck_in_hashing_do_not_hold_up_play(make_client: MakeClient) -> None:
    """More logins than the database has threads, all stuck in password hashing: another
    game's actions still go through (before the fix they waited for the logins)."""
    from concurrent.futures import ThreadPoolExecutor

    client = make_client(workers=2)
    users = client.app.state.users  # type: ignore[attr-defined]
    assert client.post("/api/users", json={"username": "flood", "password": "p" * 10})
    _, seats = create(client, {"red": "hotseat", "blue": "hotseat"})
    release = threading.Event()
    stuck = threading.Semaphore(0)
    hasher = users.hasher

    class Stuck:
        def hash(self, password: str) -> str:
            return str(hasher.hash(password))

        def verify(self, digest: str, password: str) -> bool:
            stuck.release()
            release.wait(30)
            return bool(hasher.verify(digest, password))

    users.hasher = Stuck()
    logins = ThreadPoolExecutor(6)
    try:
        body = {"username": "flood", "password": "q" * 10}
        pending = [logins.submit(client.post, "/api/session", json=body) for _ in range(6)]
        assert stuck.acquire(timeout=10)  # hashing has begun and is held
        played: list[int] = []
        red = seats["red"]

        def play() -> None:
            view = red.view().json()
            played.append(red.act(view["legal_actions"][0], view["version"]).status_code)

        player = threading.Thread(target=play)
        player.start()
        player.join(20)  # generous: it only has to finish while the logins are held
        assert played == [200], "an action waited for password hashing"
    finally:
        release.set()
        users.hasher = hasher
        codes = [f.result(30).status_code for f in pending]
        logins.shutdown()
    assert codes == [401] * 6


# --- 6. proxy headers, games and sockets per client ---------------------------------------


def test_forwarded_for_is_ignored_from_an_untrusted_peer(
    live_servers: Callable[..., LiveServer],
) -> None:
    server = live_servers("--rate", "0.5", "--burst", "5", "--no-access-log")
    http = httpx.Client(base_url=server.url, timeout=10)
    body = {"game": "skirmish", "scenario": "standard", "opponents": {"blue": "random"}}
    codes = [
        http.post("/api/games", json=body, headers={"x-forwarded-for": f"10.0.0.{i}"}).status_code
        for i in range(12)
    ]
    assert codes.count(429) >= 5, codes


def test_forwarded_for_is_used_from_a_trusted_proxy(make_client: MakeClient) -> None:
    client = make_client(rate_per_second=0.5, rate_burst=3, trusted_proxies=["testclient"])
    body = {"game": "skirmish", "scenario": "standard", "opponents": {"blue": "random"}}

    def post(address: str) -> int:
        # The proxy appends the address it saw; whatever the client wrote comes first.
        forwarded = f"6.6.6.6, {address}"
        return client.post(
            "/api/games", json=body, headers={"x-forwarded-for": forwarded}
        ).status_code

    assert [post(f"10.0.0.{i}") for i in range(8)] == [201] * 8
    assert [post("10.0.0.99") for _ in range(6)].count(429) >= 2


def test_games_per_address_are_capped(make_client: MakeClient) -> None:
    client = make_client(games_per_address_per_hour=3)
    for _ in range(3):
        create(client, {"blue": "random"})
    before = game_count(client)
    body = {"game": "skirmish", "scenario": "standard", "opponents": {"blue": "random"}}
    error(client.post("/api/games", json=body), 429, "too_many_games")
    assert game_count(client) == before


def test_sockets_per_address_are_capped(make_client: MakeClient) -> None:
    client = make_client(max_sockets_per_address=2)
    game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"})
    red, blue = (ws_url(game_id, seats[s].token) for s in ("red", "blue"))
    with client.websocket_connect(red) as a, client.websocket_connect(blue) as b:
        receive(a)
        receive(b)
        with client.websocket_connect(red) as c:
            assert receive(c)["error"] == "too_many_sockets"
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(c)
            assert closed.value.code == 4429
    with client.websocket_connect(blue) as d:  # closed sockets free their place
        assert receive(d)["type"] == "view"


# --- 7. text that is not Unicode; guessing tokens through sockets --------------------------


def raw_post(client: TestClient, path: str, body: bytes, seat: Seat | None = None) -> Any:
    headers = {"content-type": "application/json", **(seat.auth if seat else {})}
    return client.post(path, content=body, headers=headers)


def test_a_lone_surrogate_gets_a_clear_error_and_the_next_request_works(
    client: TestClient,
) -> None:
    game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"})
    red = seats["red"]
    path = f"/api/games/{game_id}/actions"
    for body in (
        rb'{"action": {"verb": "\ud800", "args": {}}, "version": 0}',
        rb'{"action": {"verb": "pass", "args": {"x": "\udc00"}}, "version": 0}',
        rb'{"action": {"verb": "pass", "args": {"\ud83d": 1}}, "version": 0}',
        rb'{"action": {"side": "\ud800", "verb": "pass"}, "version": 0}',
    ):
        error(raw_post(client, path, body, red), 422, "invalid_text")
        assert red.view().json()["version"] == 0  # the same connection answers, unchanged
    error(
        raw_post(client, "/api/games", rb'{"game": "\ud800", "scenario": "x"}'), 422, "invalid_text"
    )
    error(
        raw_post(client, "/api/users", rb'{"username": "ann", "password": "\ud800\ud800\ud800"}'),
        422,
        "invalid_text",
    )
    # A pair that makes one character is fine (here an emoji in an illegal action).
    res = raw_post(client, path, rb'{"action": {"verb": "\ud83d\ude00"}, "version": 0}', red)
    error(res, 422, "illegal_action")


def test_guessing_tokens_through_sockets_is_limited(make_client: MakeClient) -> None:
    client = make_client(rate_per_second=0.4, rate_burst=10)
    game_id, _ = create(client, {"red": "hotseat", "blue": "hotseat"})
    codes = []
    for i in range(30):
        with client.websocket_connect(ws_url(game_id, f"guess-{i}")) as ws:
            receive(ws)
            with pytest.raises(WebSocketDisconnect) as closed:
                receive(ws)
            codes.append(closed.value.code)
    assert codes[:10] == [4401] * 10
    assert codes.count(4429) >= 15, codes


# --- 8. strict JSON types in actions --------------------------------------------------------


class Spend(Tally):
    """Tally with arguments: ``add`` takes a whole number, ``flag`` a true/false."""

    name = "spend"

    def legal_actions(self, state: TallyState, side: str) -> list[Action]:
        if self.is_over(state) or side != state.side:
            return []
        return [
            Action(side, "add", {"pp": 1}),
            Action(side, "add", {"pp": 2}),
            Action(side, "flag", {"on": True}),
            Action(side, "end"),
        ]

    def apply(self, state: TallyState, action: Action) -> list[Event]:
        if action.verb == "add":
            state.count += int(action.args["pp"])  # type: ignore[arg-type]
            return []
        if action.verb == "flag":
            return []
        return super().apply(state, action)

    def options(self) -> Sequence[Any]:
        return []

    def setup(self, scenario: str, options: Mapping[str, JSON], seed: int) -> TallyState:
        return super().setup(scenario, {}, seed)


def test_actions_must_have_exactly_the_json_types_listed(make_client: MakeClient) -> None:
    client = make_client(extra_games={"spend": Spend()})
    _, seats = create(client, {"a": "hotseat", "b": "hotseat"}, game="spend", scenario="only")
    a = seats["a"]
    for args in ({"pp": True}, {"pp": 2.0}, {"pp": 1.0}, {"on": 1}, {"on": 1.0}):
        verb = "flag" if "on" in args else "add"
        res = a.act({"verb": verb, "args": args}, 0)
        error(res, 422, "wrong_type")
        assert "_" not in res.json()["detail"]
    assert a.view().json()["version"] == 0
    assert a.act({"verb": "add", "args": {"pp": 2}}, 0).status_code == 200
    assert a.act({"verb": "flag", "args": {"on": True}}, 1).status_code == 200
    a.act({"verb": "end"}, 2)
    a.post("open"), seats["b"].post("open")
    logged = [x["args"] for x in a.get("record").json()["record"]["actions"]]
    assert logged == [{"pp": 2}, {"on": True}, {}]
    assert type(logged[0]["pp"]) is int


# --- 9. replays seen from one side ------------------------------------------------------------


def test_replays_seen_from_one_side_do_not_name_hidden_blocks(client: TestClient) -> None:
    game_id, seats = create(client, {"blue": "random"}, options={"rounds": 2}, seed=7)
    red = seats["red"]
    for _ in range(200):
        settle(client, game_id)
        view = red.view().json()
        if view["status"] == "over":
            break
        moves = [a for a in view["legal_actions"] if a["verb"] != "pass"]
        red.act((moves or view["legal_actions"])[0], view["version"])
    assert view["status"] == "over"
    record = GameRecord.from_json(red.get("record").json()["record"])
    game = Skirmish()
    state = game.setup(record.scenario, record.options, record.seed)
    blue_moves = 0
    for n, action in enumerate(record.actions, 1):
        before = game.hidden_tokens(state, "red")
        game.apply(state, action)
        hidden = before | game.hidden_tokens(state, "red")
        step = red.get("replay", upto=n, side="red").json()
        shown = json.dumps(step["action"])
        if action.side == "red":
            assert step["action"] == action.to_json()  # one's own actions in full
            continue
        blue_moves += any(t in json.dumps(action.to_json()) for t in hidden)
        assert not [t for t in hidden if t in shown], (n, shown)
        assert step["action"]["side"] == "blue"
        # The whole record (no side) still names everything.
        assert red.get("replay", upto=n).json()["action"] == action.to_json()
    assert blue_moves > 0  # the test saw enemy actions that name hidden blocks


# --- 2. opening the record --------------------------------------------------------------------


def test_an_agreement_to_open_dies_when_its_seat_token_is_replaced(client: TestClient) -> None:
    """The creator holds the invitee's link token, agrees with it, the invitee replaces its
    token, and the creator's own agreement must not open the record."""
    game_id, seats = create(client, {"red": "human", "blue": "human"})
    red, blue_link = seats["red"], seats["blue"]
    assert blue_link.post("open").json()["record"] == {"open": False, "agreed": ["blue"]}
    fresh = blue_link.post("token")
    assert fresh.status_code == 200, fresh.text
    blue = Seat(client, game_id, fresh.json()["token"])
    assert blue.view().json()["record"] == {"open": False, "agreed": []}
    assert red.post("open").json()["record"] == {"open": False, "agreed": ["red"]}
    error(red.get("record"), 403, "record_closed")
    error(red.get("replay", upto=0), 403, "record_closed")
    # The old link token can no longer agree, and the invitee's withdrawal always works.
    error(blue_link.post("open"), 401, "bad_token")
    withdrawn = client.delete(f"/api/games/{game_id}/open", headers=blue.auth)
    assert withdrawn.status_code == 200, withdrawn.text
    # Both current seats agree: it opens; a withdrawal closes it again while the game runs.
    blue.post("open")
    assert red.get("record").status_code == 200
    withdrawn = client.delete(f"/api/games/{game_id}/open", headers=blue.auth)
    assert withdrawn.json()["record"] == {"open": False, "agreed": ["red"]}
    error(red.get("record"), 403, "record_closed")


def test_an_agreement_dies_when_an_account_reissues_the_seat_token(client: TestClient) -> None:
    name = f"ivy-{time.time_ns()}"
    client.post("/api/users", json={"username": name, "password": "pw-123456"})
    session = client.post("/api/session", json={"username": name, "password": "pw-123456"})
    auth = {"authorization": f"Bearer {session.json()['token']}"}
    game_id, seats = create(client, {"red": "human", "blue": "human"})
    claim = client.post(
        "/api/my/seats", json={"game_id": game_id, "token": seats["blue"].token}, headers=auth
    )
    assert claim.status_code == 200, claim.text
    seats["blue"].post("open")
    res = client.post(f"/api/my/games/{game_id}/seats/blue/token", headers=auth)
    assert res.status_code == 200, res.text
    assert seats["red"].post("open").json()["record"] == {"open": False, "agreed": ["red"]}
    error(seats["red"].get("record"), 403, "record_closed")


def test_against_the_computer_the_record_never_opens_while_the_game_runs(
    client: TestClient,
) -> None:
    game_id, seats = create(client, {"blue": "random"}, options={"rounds": 2})
    red = seats["red"]
    error(red.post("open"), 409, "not_against_the_computer")
    error(red.get("record"), 403, "record_closed")
    assert red.view().json()["record"] == {"open": False, "agreed": []}
    for _ in range(200):
        settle(client, game_id)
        view = red.view().json()
        if view["status"] == "over":
            break
        red.act(view["legal_actions"][0], view["version"])
    assert view["status"] == "over"
    assert red.get("record").status_code == 200  # at the end it opens


# --- 3. several processes on one database ------------------------------------------------------
# (two real processes on PostgreSQL, with notifications: test_server_processes.py)


def test_a_second_process_never_serves_a_replaced_token_or_a_stale_view(
    make_client: MakeClient,
) -> None:
    one, two = make_client(), make_client()  # two apps on one SQLite file
    game_id, seats = create(one, {"red": "human", "blue": "human"})
    red_one, blue_one = seats["red"], seats["blue"]
    red_two, blue_two = Seat(two, game_id, red_one.token), Seat(two, game_id, blue_one.token)
    assert red_two.view().json()["version"] == 0  # the second app holds game and token
    assert blue_two.post("open").status_code == 200
    fresh = red_one.post("token").json()["token"]
    error(red_two.view(), 401, "bad_token")
    error(red_two.act({"verb": "pass"}, 0), 401, "bad_token")
    red_one.token = red_two.token = fresh
    moved = red_one.act(red_one.view().json()["legal_actions"][0], 0).json()
    seen = blue_two.view().json()
    assert (seen["version"], seen["seq"], seen["to_move"]) == (1, 1, moved["to_move"])
    # Without notifications (SQLite), a socket held by the other hears of a move at the
    # next request of any seat there.
    with two.websocket_connect(f"/api/games/{game_id}/ws?token={fresh}") as ws:
        assert receive(ws)["version"] == 1
        blue_moved = blue_one.act(blue_one.view().json()["legal_actions"][0], 1).json()
        assert red_two.view().json()["version"] == blue_moved["version"]
        assert receive(ws)["version"] == blue_moved["version"]
    # The agreement given through the second app is seen by the first.
    assert red_one.post("open").json()["record"] == {"open": True, "agreed": ["blue", "red"]}


def test_an_undo_made_through_another_process_is_seen_and_reaches_sockets(
    make_client: MakeClient,
) -> None:
    one, two = make_client(), make_client()
    game_id, seats = create(one, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only")
    a_one = seats["a"]
    a_two = Seat(two, game_id, a_one.token)
    v = a_one.act({"verb": "add"}, 0).json()
    v = a_one.act({"verb": "add"}, v["version"]).json()
    with two.websocket_connect(f"/api/games/{game_id}/ws?token={a_one.token}") as ws:
        assert receive(ws)["view"]["count"] == 2
        undone = a_one.undo(v["version"]).json()
        seen = a_two.view().json()  # rebuilt from the log: the undo is there
        assert (seen["version"], seen["view"]["count"]) == (undone["version"], 1)
        assert seen["can_undo"] is True
        pushed = receive(ws)
        assert (pushed["version"], pushed["view"]["count"]) == (undone["version"], 1)
        assert a_two.undo(seen["version"]).json()["view"]["count"] == 0
    assert a_one.view().json()["view"]["count"] == 0


# --- a Content Security Policy ---------------------------------------------------------------


def test_pages_carry_a_content_security_policy_they_can_live_with(client: TestClient) -> None:
    import re

    for path in ("/", "/plain", "/static/index.html"):
        res = client.get(path)
        assert res.status_code == 200, path
        policy = res.headers.get("content-security-policy", "")
        rules = {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}
        assert rules.get("script-src") == ["'self'"], (path, policy)
        assert rules.get("default-src") == ["'self'"]
        assert rules.get("object-src") == ["'none'"]
        assert rules.get("frame-ancestors") == ["'none'"]
        assert "unsafe" not in policy
        # The pages obey it: every script and style sheet is a file of the server's own.
        page = res.text
        scripts = re.findall(r"<script\b([^>]*)>", page)
        assert scripts, path
        assert all(re.search(r'\bsrc="/static/', attrs) for attrs in scripts), (path, scripts)
        assert "<style" not in page
        assert not re.search(r"\sstyle=|\son[a-z]+=", page), path
    assert "content-security-policy" not in client.get("/api/health").headers


# --- verifiable dice -------------------------------------------------------------------------


def test_dice_are_committed_at_creation_and_verified_after_the_end(
    client: TestClient, tmp_path: Path
) -> None:
    import hashlib

    from typer.testing import CliRunner

    from hexfront.cli.main import app as cli

    _, online = create(client, {"red": "human", "blue": "human"})
    shown = {side: seat.view().json()["dice_commitment"] for side, seat in online.items()}
    assert shown["red"] == shown["blue"]
    assert len(shown["red"]) == 64
    # A seed chosen by its creator has nothing to commit to (and says so).
    _, chosen = create(client, {"red": "human", "blue": "random"}, seed=3)
    assert chosen["red"].view().json()["dice_commitment"] is None

    game_id, seats = create(client, {"blue": "random"}, options={"rounds": 2})
    red = seats["red"]
    commitment = red.view().json()["dice_commitment"]
    assert red.get("record").status_code == 403  # the secret waits for the end
    for _ in range(200):
        settle(client, game_id)
        view = red.view().json()
        assert view["dice_commitment"] == commitment
        if view["status"] == "over":
            break
        red.act(view["legal_actions"][0], view["version"])
    body = red.get("record").json()
    secret = body["dice"]["secret"]
    assert hashlib.sha256(secret.encode()).hexdigest() == commitment == body["dice"]["commitment"]
    assert body["record"]["seed"] != 0

    runner = CliRunner()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(body))
    res = runner.invoke(cli, ["replay", "--verify", str(path), "--commitment", commitment])
    assert res.exit_code == 0, res.output
    assert "dice verified" in res.output
    # Another commitment than the one shown, or a secret that is not the committed one, fails.
    res = runner.invoke(cli, ["replay", "--verify", str(path), "--commitment", "0" * 64])
    assert res.exit_code != 0
    assert "shown during the game" in res.output
    forged = json.loads(json.dumps(body))
    forged["dice"]["secret"] = "f" * 64
    path.write_text(json.dumps(forged))
    res = runner.invoke(cli, ["replay", "--verify", str(path)])
    assert res.exit_code != 0
    assert "does not match the commitment" in res.output
    # A seed that is not the secret's.
    forged = json.loads(json.dumps(body))
    forged["record"]["seed"] += 1
    path.write_text(json.dumps(forged))
    assert runner.invoke(cli, ["replay", "--verify", str(path)]).exit_code != 0


def test_wrong_passwords_make_one_account_wait_whatever_the_address(
    make_client: MakeClient,
) -> None:
    """Issue 19: guessing one account's password is slowed per account (after the free
    tries each wrong password doubles the wait), and other accounts are not held up."""
    client = make_client(login_free_failures=2, trusted_proxies=["testclient"])
    for name in ("target", "bystander"):
        assert client.post("/api/users", json={"username": name, "password": "p" * 10})
    for i in range(3):  # two free tries, then the third closes logins for a second
        wrong = client.post(
            "/api/session",
            json={"username": "target", "password": "x" * 10},
            headers={"x-forwarded-for": f"10.0.0.{i + 1}"},  # a new address each time
        )
        error(wrong, 401, "bad_credentials")
    right = client.post("/api/session", json={"username": "TARGET", "password": "p" * 10})
    error(right, 429, "login_backoff")
    assert "try again in" in right.json()["detail"]
    assert client.post("/api/session", json={"username": "bystander", "password": "p" * 10})
    time.sleep(1.1)
    assert client.post("/api/session", json={"username": "target", "password": "p" * 10})


def test_login_backoff_doubles_up_to_its_cap_and_forgets_on_success() -> None:
    backoff = LoginBackoff(free=1, cap=4.0)
    backoff.failed("a", now=0.0)
    assert backoff.wait("a", now=0.0) == 0.0  # the free try
    waits = []
    for _ in range(5):
        backoff.failed("a", now=100.0)
        waits.append(backoff.wait("a", now=100.0))
    assert waits == [1.0, 2.0, 4.0, 4.0, 4.0]
    assert backoff.wait("b", now=100.0) == 0.0
    backoff.succeeded("a")
    backoff.failed("a", now=200.0)
    assert backoff.wait("a", now=200.0) == 0.0
