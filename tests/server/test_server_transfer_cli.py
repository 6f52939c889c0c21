"""`hexfront export GAME_ID FILE` and `hexfront import FILE` against the local database
(issue 15): the server's own export and import (``server/transfer.py``) from the command
line, a game moving from one data directory to another, and a tampered file refused with a
clear error and nothing stored."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import Seat, create
from sqlalchemy import func, select
from typer.testing import CliRunner

from conftest import test_settings as server_settings
from hexfront.cli.main import app
from hexfront.server.app import create_app
from hexfront.server.db import Database, GameRow, sqlite_url
from hexfront.server.transfer import content_hash


def play(seats: dict[str, Seat], n: int) -> dict[str, Any]:
    """``n`` actions, each the first legal one of the side to move."""
    view: dict[str, Any] = {}
    for _ in range(n):
        views = {side: seat.view().json() for side, seat in seats.items()}
        side = next(s for s, v in views.items() if v["your_turn"])
        action = views[side]["legal_actions"][0]
        res = seats[side].act(action, views[side]["version"])
        assert res.status_code == 200, res.text
        view = res.json()
    return view


def games_in(data_dir: Path) -> int:
    db = Database(sqlite_url(data_dir))
    try:
        with db.read() as s:
            return int(s.scalar(select(func.count()).select_from(GameRow)) or 0)
    finally:
        db.dispose()


def a_game(data_dir: Path) -> tuple[str, dict[str, Any]]:
    """A game of the engine's example at one screen, a few actions in; its id and view."""
    with TestClient(create_app(None, data_dir, server_settings())) as client:
        game_id, seats = create(client, {"red": "hotseat", "blue": "hotseat"})
        view = play(seats, 5)
    return game_id, view


def cli(*args: str) -> Any:
    return CliRunner().invoke(app, list(args))


def test_a_game_goes_from_one_database_to_another_by_file(tmp_path: Path) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    game_id, view = a_game(here)
    out = tmp_path / "game.json"
    done = cli("export", game_id, str(out), "--data-dir", str(here))
    assert done.exit_code == 0, done.output
    assert f"{view['seq']} actions" in done.output
    data = json.loads(out.read_text("utf-8"))
    assert data["sha256"] == content_hash(data)
    assert len(data["actions"]) == view["seq"]

    made = cli("import", str(out), "--data-dir", str(there), "--json")
    assert made.exit_code == 0, made.output
    body = json.loads(made.output)
    assert body["seq"] == view["seq"]
    assert body["status"] == "active"
    assert games_in(there) == 1
    # The server over that database plays it on from the same position.
    with TestClient(create_app(None, there, server_settings())) as client:
        token = body["seats"]["red"]
        res = client.get(
            f"/api/games/{body['id']}/view", headers={"authorization": f"Bearer {token}"}
        )
        assert res.status_code == 200, res.text
        assert res.json()["seq"] == view["seq"]
    # In words, with the links of the importer's seats.
    again = cli("import", str(out), "--data-dir", str(there))
    assert again.exit_code == 0, again.output
    assert "imported as game" in again.output
    assert "#game=" in again.output
    assert games_in(there) == 2


def test_a_tampered_file_is_refused_with_a_clear_error_and_nothing_stored(
    tmp_path: Path,
) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    game_id, _view = a_game(here)
    out = tmp_path / "game.json"
    assert cli("export", game_id, str(out), "--data-dir", str(here)).exit_code == 0
    data = json.loads(out.read_text("utf-8"))
    data["actions"][1]["side"] = "blue" if data["actions"][1]["side"] == "red" else "red"
    out.write_text(json.dumps(data), "utf-8")
    refused = cli("import", str(out), "--data-dir", str(there))
    assert refused.exit_code == 1
    assert "changed or damaged" in refused.output
    assert games_in(there) == 0

    out.write_text("{not json", "utf-8")
    bad = cli("import", str(out), "--data-dir", str(there))
    assert bad.exit_code == 1
    assert "not valid JSON" in bad.output
    missing = cli("import", str(tmp_path / "nowhere.json"), "--data-dir", str(there))
    assert missing.exit_code == 1
    assert "cannot read" in missing.output
    assert games_in(there) == 0


def test_an_unknown_game_id_is_a_clear_error(tmp_path: Path) -> None:
    a_game(tmp_path)
    res = cli("export", "no-such-game", str(tmp_path / "x.json"), "--data-dir", str(tmp_path))
    assert res.exit_code == 1
    assert "no-such-game" in res.output or "no game" in res.output.lower()
    assert not (tmp_path / "x.json").exists()


def test_a_game_id_never_starts_with_a_dash(monkeypatch: Any) -> None:
    """An id such as "-dX..." was read by the command line as an option (a CI failure)."""
    from hexfront.server import games

    ids = iter(["-dXyZ", "aBc-1"])
    monkeypatch.setattr(games.secrets, "token_urlsafe", lambda n: next(ids))
    assert games.new_game_id() == "aBc-1"
