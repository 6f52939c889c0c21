"""The Stalin's War map: the text's anchors and adjacencies, its schema, its check, the CLI."""

from __future__ import annotations

import copy
import gzip
import json
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from typer.testing import CliRunner

from hexfront.cli.main import app
from hexfront.games.stalins_war.map import (
    ANCHORS,
    STATED_ADJACENCIES,
    MapDataError,
    StalinsWarMap,
    UnknownPlace,
    check,
    load_map,
    parse_map,
)
from tests.map.test_schema import validate

ROOT = Path(__file__).resolve().parents[2]
GEODATA = ROOT.parent / "shared" / "geodata"
runner = CliRunner()


@pytest.fixture(scope="module")
def m() -> StalinsWarMap:
    return load_map()


@pytest.fixture(scope="module")
def doc() -> dict[str, Any]:
    raw = resources.files("hexfront.games.stalins_war").joinpath("data/map.json.gz").read_bytes()
    out: dict[str, Any] = json.loads(gzip.decompress(raw))
    return out


def _broken(doc: dict[str, Any], change: Any) -> StalinsWarMap:
    bad = copy.deepcopy(doc)
    change(bad)
    return parse_map(gzip.compress(json.dumps(bad).encode()))


def test_the_committed_map_passes_its_check(m: StalinsWarMap) -> None:
    assert check(m) == []


@pytest.mark.parametrize(("hex_id", "kind", "name"), ANCHORS)
def test_each_anchor_holds_its_place(m: StalinsWarMap, hex_id: str, kind: str, name: str) -> None:
    node = m.node(hex_id)
    place = m.place_at[node]
    assert place.name == name
    assert m.node(name) == node
    assert m.is_land(node)
    if kind == "oil":
        assert place.oil
    elif kind == "vp_space":
        assert place.vp_inactive
        assert not place.vp
    elif kind == "town":
        assert place.type == "town"
    elif kind == "usir":
        assert m.nation[node] == "greater_germany"
    else:
        assert place.type in ("city", "fortress_city")


@pytest.mark.parametrize(("a", "b", "sea"), STATED_ADJACENCIES)
def test_each_stated_adjacency(m: StalinsWarMap, a: str, b: str, sea: bool) -> None:
    na, nb = m.node(a), m.node(b)
    assert m.adjacent(na, nb)
    assert m.is_land(na)
    assert m.is_land(nb)
    side = m.side(na, nb)
    assert (side is not None and side.sea) is sea
    # units move and fight across a land hexside, never across a sea one (TEC: P)
    assert (nb in m.adjacency[na]) is not sea


def test_grid_convention_odd_printed_columns_lower(m: StalinsWarMap) -> None:
    # digest 6.1: an even column x touches (x+-1, y-1) and (x+-1, y); an odd one (x+-1, y), (x+-1, y+1)
    even = {m.id_of(n) for n in m.grid.neighbors[m.node("2022")]}
    assert even == {"2021", "2023", "1921", "1922", "2121", "2122"}
    odd = {m.id_of(n) for n in m.grid.neighbors[m.node("1920")]}
    assert odd == {"1919", "1921", "1820", "1821", "2020", "2021"}


def test_text_figures(m: StalinsWarMap) -> None:
    assert m.move_cost(m.node("3032")) == 2  # Astrakhan (10.1)
    assert sorted(p.hex for p in m.places.values() if p.oil) == ["1428", "2433", "2835", "3138"]
    axis = {"greater_germany", "general_government", "hungary", "romania"}
    stars = [p for p in m.places.values() if p.vp and p.nation in axis]
    assert len(stars) == m.vp_start == 7
    west = {m.id_of(x) for x in m.west_edge_rail}
    assert {"1316", "1431"} <= west
    assert all(x in m.rail_hexes for x in m.west_edge_rail + m.east_edge_rail)
    assert m.east_edge_rail
    assert all(x % m.width == m.width - 1 for x in m.east_edge_rail)
    kerch = [s for s in m.hexsides.values() if s.kerch_strait]
    assert len(kerch) == 1
    assert {m.id_of(kerch[0].a), m.id_of(kerch[0].b)} == {"2231", "2232"}
    assert m.adjacent(kerch[0].a, kerch[0].b)
    assert any(s.volga_line for s in m.hexsides.values())
    assert m.lines["Paulus Line"]
    assert m.lines["Caucasus Line"]


def test_every_feature_names_its_source(doc: dict[str, Any]) -> None:
    kinds = ("text", "geography", "history", "design")
    for p in doc["places"]:
        assert p["source"].startswith(kinds), p["name"]
    for h in doc["hexes"]:
        if h["playable"] and h["terrain"] != "water":
            assert h["terrain_source"].startswith(kinds), h["id"]
            assert h["nation_source"], h["id"]
    for s in doc["hexsides"]:
        assert s["source"].startswith(kinds)


def test_schema(doc: dict[str, Any]) -> None:
    text = resources.files("hexfront.games.stalins_war").joinpath("data/map.schema.json")
    schema = json.loads(text.read_text())
    assert validate(doc, schema, schema) == []
    bad = copy.deepcopy(doc)
    bad["hexes"][0]["terrain"] = "hills"
    assert validate(bad, schema, schema)


def test_check_names_what_is_wrong(doc: dict[str, Any]) -> None:
    def move_moscow(d: dict[str, Any]) -> None:
        for p in d["places"]:
            if p["name"] == "Moscow":
                p["hex"] = "2723"

    problems = check(_broken(doc, move_moscow))
    assert any("2722" in p and "Moscow" in p for p in problems)

    def clear_astrakhan(d: dict[str, Any]) -> None:
        for h in d["hexes"]:
            if h["id"] == "3032":
                h["terrain"] = "clear"

    assert any("Astrakhan" in p and "MP" in p for p in check(_broken(doc, clear_astrakhan)))

    def open_the_sea(d: dict[str, Any]) -> None:
        for s in d["hexsides"]:
            if {s["a"], s["b"]} == {"1829", "1928"}:
                s["sea"] = False

    assert any("1829" in p and "sea" in p for p in check(_broken(doc, open_the_sea)))

    def no_strait(d: dict[str, Any]) -> None:
        for s in d["hexsides"]:
            s["kerch_strait"] = False

    assert any("Kerch" in p for p in check(_broken(doc, no_strait)))

    def extra_star(d: dict[str, Any]) -> None:
        for p in d["places"]:
            if p["name"] == "Danzig":
                p["vp"] = True

    assert any("VP" in p for p in check(_broken(doc, extra_star)))


def test_loader_refuses_bad_files(doc: dict[str, Any]) -> None:
    with pytest.raises(MapDataError):
        parse_map(b"not gzip")
    with pytest.raises(MapDataError):
        _broken(doc, lambda d: d.update(format="hexfront-bite-map/1"))
    with pytest.raises(UnknownPlace):
        load_map().node("Atlantis")


# --- CLI -------------------------------------------------------------------------------------
def test_cli_check_json() -> None:
    result = runner.invoke(app, ["map", "check", "stalins_war", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["errors"] == []
    assert out["stats"]["anchors"] == len(ANCHORS)


def test_cli_check_fails_on_a_broken_map(
    monkeypatch: pytest.MonkeyPatch, doc: dict[str, Any]
) -> None:
    def no_oil(d: dict[str, Any]) -> None:
        for p in d["places"]:
            p["oil"] = False

    broken = _broken(doc, no_oil)
    monkeypatch.setattr("hexfront.cli.map_cmd.load_sw_map", lambda: broken)
    result = runner.invoke(app, ["map", "check", "stalins_war", "--json"])
    assert result.exit_code == 1
    assert any("oil" in e for e in json.loads(result.stdout)["errors"])


def test_cli_show_and_render(tmp_path: Path) -> None:
    result = runner.invoke(app, ["map", "show", "stalins_war", "Astrakhan", "--json"])
    assert result.exit_code == 0, result.output
    card = json.loads(result.stdout)
    assert card["id"] == "3032"
    assert card["mp"] == 2
    assert card["port"] == "Caspian"
    by_id = runner.invoke(app, ["map", "show", "stalins_war", "2722", "--json"])
    assert json.loads(by_id.stdout)["name"] == "Moscow"
    unknown = runner.invoke(app, ["map", "show", "stalins_war", "Atlantis", "--json"])
    assert unknown.exit_code == 1
    out = tmp_path / "sw.png"
    drawn = runner.invoke(app, ["map", "render", "stalins_war", "--out", str(out), "--size", "6"])
    assert drawn.exit_code == 0, drawn.output
    assert Image.open(out).size[0] > 100


def test_cli_bite_stays_the_default() -> None:
    result = runner.invoke(app, ["map", "show", "bite", "Stalingrad", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["city"] == "major"
    other = runner.invoke(app, ["map", "distance", "stalins_war", "Moscow", "Kiev"])
    assert other.exit_code == 1


# --- generator -------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.skipif(not GEODATA.is_dir(), reason=f"no geodata at {GEODATA}")
def test_generator_reproduces_the_committed_map(tmp_path: Path) -> None:
    out = tmp_path / "map.json.gz"
    subprocess.run(
        [sys.executable, "-m", "tools.mapgen", "--game", "stalins_war", "--out", str(out)],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    committed = ROOT / "src" / "hexfront" / "games" / "stalins_war" / "data" / "map.json.gz"
    assert out.read_bytes() == committed.read_bytes()
