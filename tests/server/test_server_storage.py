"""Storage: migrations, rebuilding games from seed and log, hashes, snapshots, restarts."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient
from server_helpers import create, error
from sqlalchemy import select, text, update

from hexfront.engine.example import Skirmish
from hexfront.engine.records import GameRecord, replay, state_hash
from hexfront.server.app import create_app
from hexfront.server.db import ActionRow, Database, GameRow, SnapshotRow, metadata, sqlite_url

MakeClient = Callable[..., TestClient]


def db_of(client: TestClient) -> Database:
    return client.app.state.db  # type: ignore[attr-defined,no-any-return]


def settle(client: TestClient, game_id: str) -> None:
    assert client.portal is not None
    client.portal.call(client.app.state.games.settle, game_id)  # type: ignore[attr-defined]


def play_hotseat(client: TestClient, seats: dict, moves: int) -> dict:  # type: ignore[type-arg]
    view: dict = {}  # type: ignore[type-arg]
    for _ in range(moves):
        views = {side: seat.view().json() for side, seat in seats.items()}
        view = views["red"]
        if view["status"] == "over":
            break
        side = next(s for s, v in views.items() if v["your_turn"])
        res = seats[side].act(views[side]["legal_actions"][-1], views[side]["version"])
        assert res.status_code == 200, res.text
        view = res.json()
    return view


def test_migrations_match_the_models(tmp_path: Path) -> None:
    db = Database(sqlite_url(tmp_path))
    db.migrate()
    db.migrate()  # idempotent: a restart runs it again
    with db.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
        assert conn.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0006"
    db.dispose()


def test_the_data_directory_is_created_and_used(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "data"
    app = create_app(None, target)
    assert (target / "hexfront.sqlite3").is_file()
    app.state.db.dispose()
    other = create_app(sqlite_url(tmp_path))
    assert other.state.db.url.endswith("hexfront.sqlite3")
    other.state.db.dispose()


def test_a_restart_rebuilds_games_with_their_undo(make_client: MakeClient) -> None:
    first = make_client()
    game_id, seats = create(first, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only")
    v = seats["a"].act({"verb": "roll"}, 0).json()
    v = seats["a"].act({"verb": "add"}, v["version"]).json()
    assert v["can_undo"] is True
    digest = first.portal.call(first.app.state.games.state_hash, game_id)  # type: ignore[union-attr,attr-defined]

    second = make_client()  # empty cache: rebuilt from seed and log
    again = second.get(f"/api/games/{game_id}/view", headers=seats["a"].auth).json()
    assert again == {**v, "ai": again["ai"]}
    assert second.portal.call(second.app.state.games.state_hash, game_id) == digest  # type: ignore[union-attr,attr-defined]
    undone = second.post(
        f"/api/games/{game_id}/undo", json={"version": v["version"]}, headers=seats["a"].auth
    )
    assert undone.json()["seq"] == 1


def test_another_writer_makes_a_cached_game_stale(make_client: MakeClient) -> None:
    first, second = make_client(), make_client()
    game_id, seats = create(first, {"red": "hotseat", "blue": "hotseat"})
    red = seats["red"]
    view = red.view().json()
    moved = second.post(
        f"/api/games/{game_id}/actions",
        json={"action": view["legal_actions"][1], "version": 0},
        headers=red.auth,
    )
    assert moved.status_code == 200
    # The first server still holds version 0 in memory; the database refuses its write.
    error(red.act(view["legal_actions"][2], 0), 409, "stale_version")
    assert red.view().json()["version"] == 1  # it rebuilt the game from the database


def test_snapshots_speed_replays_and_are_checked(make_client: MakeClient) -> None:
    client = make_client(snapshot_every=3)
    game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"}, options={"rounds": 4})
    final = play_hotseat(client, seats, 100)
    assert final["status"] == "over"
    with db_of(client).read() as s:
        seqs = s.scalars(select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id)).all()
        row = s.get(GameRow, game_id)
        assert row is not None
        stored_hash = row.state_hash
    expected = list(range(3, final["seq"] + 1, 3))
    assert seqs == (expected if expected[-1] == final["seq"] else [*expected, final["seq"]])
    record = GameRecord.from_json(seats["red"].get("record").json()["record"])
    game = Skirmish()
    assert state_hash(game, replay(game, record)) == stored_hash == record.final_hash
    for upto in range(final["seq"] + 1):
        got = seats["red"].get("replay", upto=upto, side="red").json()["view"]
        assert got == game.view(replay(game, record, upto=upto), "red"), upto

    # A snapshot whose body no longer matches its hash is refused, not served.
    with db_of(client).write() as s:
        s.execute(
            update(SnapshotRow)
            .where(SnapshotRow.game_id == game_id, SnapshotRow.seq == 3)
            .values(state=SnapshotRow.state + " ")
        )
    error(seats["red"].get("replay", upto=4), 500, "corrupt_game")


@pytest.mark.parametrize("what", ["action", "hash", "snapshot", "gap"])
def test_a_tampered_game_is_refused(make_client: MakeClient, what: str) -> None:
    client = make_client(snapshot_every=2)
    game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"})
    play_hotseat(client, seats, 5)
    with db_of(client).write() as s:
        if what == "action":
            row = s.get(ActionRow, (game_id, 3))
            assert row is not None
            row.action = {**row.action, "verb": "pass", "args": {}}
        elif what == "hash":
            s.execute(update(GameRow).where(GameRow.id == game_id).values(state_hash="0" * 64))
        elif what == "snapshot":
            s.execute(
                update(SnapshotRow)
                .where(SnapshotRow.game_id == game_id, SnapshotRow.seq == 4)
                .values(hash="f" * 64)
            )
        else:
            s.delete(s.get(ActionRow, (game_id, 2)))
    fresh = make_client()
    res = fresh.get(f"/api/games/{game_id}/view", headers=seats["red"].auth)
    error(res, 500, "corrupt_game")


def test_the_ai_resumes_after_a_restart(make_client: MakeClient) -> None:
    first = make_client(ai_delay=60.0)  # the AI will not have moved when this one stops
    game_id, seats = create(first, {"blue": "random"})
    red = seats["red"]
    view = red.view().json()
    after = red.act(view["legal_actions"][0], 0).json()
    assert after["ai"]["thinking"] == "blue"
    first.__exit__(None, None, None)  # shut down: the AI task is cancelled mid-thought

    second = make_client()
    res = second.get(f"/api/games/{game_id}/view", headers=red.auth).json()
    assert res["version"] == 1
    settle(second, game_id)
    res = second.get(f"/api/games/{game_id}/view", headers=red.auth).json()
    assert (res["version"], res["your_turn"], res["ai"]["thinking"]) == (2, True, None)


def test_seed_and_record_are_stored_but_never_served_early(make_client: MakeClient) -> None:
    client = make_client()
    game_id, seats = create(client, {"blue": "random"})
    with db_of(client).read() as s:
        row = s.get(GameRow, game_id)
        assert row is not None
        seed = row.seed
    assert str(seed) not in json.dumps(seats["red"].view().json())
    assert seats["red"].post("open").status_code == 409  # not against the computer
    assert str(seed) not in seats["red"].get("record").text


@pytest.mark.skipif(
    not os.environ.get("HEXFRONT_TEST_POSTGRES"),
    reason="set HEXFRONT_TEST_POSTGRES=postgresql+psycopg://... to test PostgreSQL",
)
def test_postgresql(tmp_path: Path) -> None:
    from conftest import test_settings

    url = os.environ["HEXFRONT_TEST_POSTGRES"]
    with TestClient(create_app(url, None, test_settings())) as client:
        assert client.get("/api/health").json()["database"] == "postgresql"
        game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"})
        final = play_hotseat(client, seats, 200)
        assert final["status"] == "over"
        error(seats["red"].act({"verb": "pass"}, 0), 409, "stale_version")
    with TestClient(create_app(url, None, test_settings())) as again:
        view = again.get(f"/api/games/{game_id}/view", headers=seats["red"].auth).json()
        assert view["version"] == final["version"]


def test_long_logs_load_from_the_newest_snapshot(make_client: MakeClient) -> None:
    fast = {"snapshot_every": 2, "replay_from_snapshot_after": 0}
    first = make_client(**fast)
    game_id, seats = create(first, {"red": "hotseat", "blue": "hotseat"}, options={"rounds": 8})
    view = play_hotseat(first, seats, 7)
    with db_of(first).read() as s:
        newest = max(s.scalars(select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id)))
    assert 0 < newest < view["seq"]  # some actions come after the snapshot

    second = make_client(**fast)
    again = second.get(f"/api/games/{game_id}/view", headers=seats["red"].auth).json()
    assert (again["seq"], again["view"]) == (view["seq"], seats["red"].view().json()["view"])

    # The fast path replays only the actions after the snapshot: a change before it is
    # not seen there, while the full replay from the seed refuses the game.
    with db_of(first).write() as s:
        row = s.get(ActionRow, (game_id, 1))
        assert row is not None
        row.action = {**row.action, "verb": "pass", "args": {}}
    assert (
        make_client(**fast).get(f"/api/games/{game_id}/view", headers=seats["red"].auth).is_success
    )
    error(
        make_client().get(f"/api/games/{game_id}/view", headers=seats["red"].auth),
        500,
        "corrupt_game",
    )

    # A change after the snapshot, or in the snapshot itself, is refused by both.
    with db_of(first).write() as s:
        row = s.get(ActionRow, (game_id, view["seq"]))
        assert row is not None
        row.action = {**row.action, "verb": "pass", "args": {}}
    error(
        make_client(**fast).get(f"/api/games/{game_id}/view", headers=seats["red"].auth),
        500,
        "corrupt_game",
    )


def test_a_snapshot_is_never_taken_while_an_undo_is_pending(make_client: MakeClient) -> None:
    client = make_client(snapshot_every=1, replay_from_snapshot_after=0)
    game_id, seats = create(client, {"a": "hotseat", "b": "hotseat"}, game="tally", scenario="only")
    a = seats["a"]
    v = a.act({"verb": "roll"}, 0).json()
    v = a.act({"verb": "add"}, v["version"]).json()
    v = a.act({"verb": "add"}, v["version"]).json()
    with db_of(client).read() as s:
        seqs = s.scalars(select(SnapshotRow.seq).where(SnapshotRow.game_id == game_id)).all()
    assert list(seqs) == [1]  # after the roll; not after the adds, which can be undone
    again = make_client(snapshot_every=1, replay_from_snapshot_after=0)
    auth = a.auth
    reloaded = again.get(f"/api/games/{game_id}/view", headers=auth).json()
    assert reloaded["can_undo"] is True
    undone = again.post(f"/api/games/{game_id}/undo", json={"version": v["version"]}, headers=auth)
    assert undone.json()["view"]["count"] == v["view"]["count"] - 1
