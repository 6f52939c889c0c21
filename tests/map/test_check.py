"""``map check`` passes on the committed map and catches broken maps."""

from __future__ import annotations

import copy
import gzip
import json
from importlib import resources
from typing import Any

import pytest

from hexfront.games.bite.map import BiteMap, load_map
from hexfront.games.bite.mapcheck import check, economy


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    data = resources.files("hexfront.games.bite").joinpath("data/map.json.gz").read_bytes()
    loaded: dict[str, Any] = json.loads(gzip.decompress(data))
    return loaded


def test_committed_map_has_no_errors() -> None:
    stats, errors = check(load_map())
    assert errors == []
    assert stats["river_hexsides"] > 500
    assert stats["rail_hexes"] > 500
    assert set(stats["hexes_by_terrain"]) == {
        "clear",
        "forest",
        "hills",
        "mountains",
        "swamp",
        "water",
    }


def test_economy_ties_to_the_sbe5_incomes() -> None:
    eco = economy(load_map())
    assert eco["ussr"]["connected"]["yellow"] - 4 == 46
    assert (eco["ussr"]["connected"]["red"], eco["ussr"]["connected"]["blue"]) == (7, 6)
    g = eco["germany"]["connected"]
    assert (g["yellow"], g["red"], g["blue"], g["black"]) == (24, 3, 9, 10)
    assert (eco["romania"]["connected"]["yellow"], eco["romania"]["connected"]["black"]) == (2, 2)
    assert (eco["hungary"]["connected"]["yellow"], eco["hungary"]["connected"]["black"]) == (1, 1)
    for year, soviet in (("1942", 34), ("1943", 34), ("1944", 43)):
        assert eco["later_years"][year]["soviet_yellow_after_tech"] == soviet


def _errors_after(raw: dict[str, Any], change: Any) -> list[str]:
    data = copy.deepcopy(raw)
    change(data)
    return check(BiteMap(data))[1]


def _place(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in data["places"] if p["name"] == name)


def test_check_catches_a_wrong_production(raw: dict[str, Any]) -> None:
    def change(d: dict[str, Any]) -> None:
        _place(d, "Kerch")["production"]["yellow"] = 2

    errors = _errors_after(raw, change)
    assert any("Kerch gives 2 yellow" in e for e in errors)
    assert any("ussr yellow PP" in e for e in errors)


def test_check_catches_a_second_land_gate_to_the_crimea(raw: dict[str, Any]) -> None:
    def change(d: dict[str, Any]) -> None:
        d["hexsides"] = [s for s in d["hexsides"] if not s["deep_water"]]

    assert any("Crimea touches the mainland" in e for e in _errors_after(raw, change))


def test_check_catches_a_city_without_a_station(raw: dict[str, Any]) -> None:
    def change(d: dict[str, Any]) -> None:
        tula = _place(d, "Tula")["hex"]
        for r in d["rails"]:
            r["nodes"] = [x for x in r["nodes"] if x != tula]

    errors = _errors_after(raw, change)
    assert any("Tula" in e and "station" in e for e in errors)


def test_check_catches_a_missing_box_link_and_edge(raw: dict[str, Any]) -> None:
    def change(d: dict[str, Any]) -> None:
        d["links"] = [lk for lk in d["links"] if lk["a"] != "NARVIK"]
        teheran = _place(d, "Teheran")["hex"]
        next(h for h in d["hexes"] if h["id"] == teheran)["partial"] = True

    errors = _errors_after(raw, change)
    assert any("NARVIK-Gallivare" in e for e in errors)
    assert any("Teheran" in e and "playable" in e for e in errors)
