"""The ``hexfront map`` commands."""

from __future__ import annotations

import json
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from hexfront.cli.main import app
from hexfront.games.bite.map import load_map

runner = CliRunner()
SHOW_KEYS = {
    "id",
    "name",
    "terrain",
    "city",
    "owner_1941",
    "coastal",
    "port",
    "rail",
    "rivers",
    "neighbors",
}


def test_show_by_name_and_by_hex() -> None:
    result = runner.invoke(app, ["map", "show", "bite", "Stalingrad", "--json"])
    assert result.exit_code == 0, result.output
    card = json.loads(result.stdout)
    assert set(card) == SHOW_KEYS
    assert card["name"] == "Stalingrad"
    assert card["city"] == "major"
    assert card["owner_1941"] == "ussr"
    assert card["rail"] is True
    assert "Volga" in card["rivers"]
    assert len(card["neighbors"]) == 6
    again = runner.invoke(app, ["map", "show", "bite", card["id"], "--json"])
    assert json.loads(again.stdout) == card


def test_show_a_box_and_an_empty_hex() -> None:
    box = json.loads(runner.invoke(app, ["map", "show", "bite", "SIBERIA", "--json"]).stdout)
    assert box["name"] == "Siberia"
    assert box["terrain"] == "forest"
    assert box["rail"] is True
    sea = json.loads(runner.invoke(app, ["map", "show", "bite", "0150", "--json"]).stdout)
    assert sea["terrain"] == "water"
    assert sea["name"] is None


def test_show_unknown_place_fails_clearly() -> None:
    result = runner.invoke(app, ["map", "show", "bite", "Atlantis"])
    assert result.exit_code == 1
    assert "Atlantis" in result.output


def test_distance() -> None:
    m = load_map()
    result = runner.invoke(app, ["map", "distance", "bite", "Moscow", "Leningrad"])
    assert result.exit_code == 0
    assert int(result.stdout) == m.grid.distance(m.node("Moscow"), m.node("Leningrad"))
    j = runner.invoke(app, ["map", "distance", "bite", "Kiev", "Kharkov", "--json"])
    assert json.loads(j.stdout)["distance"] == m.distance(m.node("Kiev"), m.node("Kharkov"))


def test_check_json_exits_zero() -> None:
    result = runner.invoke(app, ["map", "check", "bite", "--json"])
    assert result.exit_code == 0, result.output[-2000:]
    report = json.loads(result.stdout)
    assert report["errors"] == []
    assert report["stats"]["economy"]["ussr"]["connected"]["yellow"] == 50


def test_unknown_game_map() -> None:
    result = runner.invoke(app, ["map", "check", "chess"])
    assert result.exit_code == 1
    assert "no map" in result.output


def test_render_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    result = runner.invoke(
        app, ["map", "render", "bite", "--out", str(out), "--zones", "md,green", "--size", "6"]
    )
    assert result.exit_code == 0, result.output
    with Image.open(out) as im:
        assert im.format == "PNG"
        assert im.size[0] > 300
    bad = runner.invoke(app, ["map", "render", "bite", "--out", str(out), "--zones", "nowhere"])
    assert bad.exit_code == 1
