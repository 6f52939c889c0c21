"""Geographic sanity of the generated map (issue 3, point 12)."""

from __future__ import annotations

import math

import pytest

from hexfront.engine.paths import bfs, connected
from hexfront.games.bite.map import BiteMap, load_map

# Real coordinates, independent of the map file (lon, lat).
CITIES = {
    "Moscow": (37.62, 55.75),
    "Leningrad": (30.31, 59.94),
    "Kiev": (30.52, 50.45),
    "Stalingrad": (44.51, 48.71),
    "Berlin": (13.40, 52.52),
    "Baku": (49.87, 40.41),
    "Rostov": (39.72, 47.23),
    "Minsk": (27.56, 53.90),
    "Kharkov": (36.23, 49.99),
    "Odessa": (30.73, 46.48),
    "Warsaw": (21.01, 52.23),
    "Bucharest": (26.10, 44.43),
    "Helsinki": (24.94, 60.17),
    "Kazan": (49.12, 55.79),
    "Archangelsk": (40.54, 64.54),
    "Teheran": (51.39, 35.69),
}


@pytest.fixture(scope="module")
def m() -> BiteMap:
    return load_map()


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    lon1, lat1, lon2, lat2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def test_stalingrad_touches_the_volga(m: BiteMap) -> None:
    s = m.node("Stalingrad")
    assert any(m.river_between(s, n) == "Volga" for n in m.grid.neighbors[s])


def test_leningrad_and_sevastopol_are_coastal_ports(m: BiteMap) -> None:
    for name in ("Leningrad", "Sevastopol"):
        n = m.node(name)
        assert m.coastal[n], name
        assert any(m.water[x] for x in m.grid.neighbors[n]), name
    assert m.places["Leningrad"].sea == "Gulf of Finland"
    assert m.places["Sevastopol"].sea == "Black Sea"


def test_crimea_joins_the_mainland_only_at_perekop_and_by_the_kerch_arrow(m: BiteMap) -> None:
    crimea = {
        m.node(x) for x in ("Sevastopol", "Simferopol", "Dzhankoy", "Feodosia", "Kerch", "Yalta")
    }
    armjansk = m.node("Armjansk")
    # Land movement without the Armjansk hex and without red arrows:
    land = [
        tuple(
            b
            for b in m.adjacency[a]
            if b < m.hex_count and not m.water[b] and not m.is_red_arrow(a, b)
        )
        if a < m.hex_count and not m.water[a]
        else ()
        for a in range(m.node_count)
    ]
    inside = connected(land, [m.node("Simferopol")], passable=lambda n: n != armjansk)
    assert crimea <= inside
    assert len(inside) <= 12, sorted(m.id_of(n) for n in inside)
    assert m.node("Kharkov") not in inside
    # With Armjansk the peninsula reaches the mainland ...
    assert m.node("Kharkov") in connected(land, [m.node("Simferopol")])
    # ... and across the Kerch arrow too.
    kerch = m.node("Kerch")
    far = [n for n in m.grid.neighbors[kerch] if m.is_red_arrow(kerch, n)]
    assert far
    assert far[0] not in inside
    assert m.node("Krasnodar") in connected(land, far)


def test_moscow_is_rail_connected_to_siberia(m: BiteMap) -> None:
    dist = bfs(m.rail_adjacency, [m.node("SIBERIA")])
    assert dist[m.node("Moscow")] > 0
    assert dist[m.node("Leningrad")] > 0
    assert dist[m.node("Baku")] > 0


def test_hex_distances_match_real_distances(m: BiteMap) -> None:
    names = sorted(CITIES)
    ratios = []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            km = _km(CITIES[a], CITIES[b])
            if km < 400:
                continue
            hexes = m.distance(m.node(a), m.node(b))
            ratio = hexes * m.hex_km / km
            ratios.append(ratio)
            # Hex distance over-counts oblique routes by at most 2/sqrt(3).
            assert 0.85 <= ratio <= 1.25, (a, b, hexes, round(km))
    assert 0.95 <= sum(ratios) / len(ratios) <= 1.12


def test_place_coordinates_lie_in_their_hex(m: BiteMap) -> None:
    for name, (lon, lat) in CITIES.items():
        node = m.node(name)
        hlon, hlat = m.lonlat[node] or (0.0, 0.0)
        assert _km((lon, lat), (hlon, hlat)) < m.hex_km * 0.65, name


def test_named_terrain_and_waters(m: BiteMap) -> None:
    assert m.terrain[m.node("Vologda")] == "forest"
    assert m.terrain[m.node("Solone Ozero")] == "swamp"
    assert m.terrain[m.node("Mt. Elbrus")] == "mountains"
    assert all(m.terrain[n] == "hills" for n in m.zone("valdai_hills"))
    for sea, least in (
        ("Caspian Sea", 20),
        ("Sea of Azov", 3),
        ("Lake Ladoga", 2),
        ("Lake Onega", 1),
    ):
        assert sum(1 for n in range(m.hex_count) if m.sea_of(n) == sea) >= least, sea


def test_rule_7_5_4_edges(m: BiteMap) -> None:
    rows = {n // m.grid.width for n in range(m.hex_count) if m.playable[n]}
    cols = {n % m.grid.width for n in range(m.hex_count) if m.playable[n]}
    assert m.node("Salla") // m.grid.width == min(rows)
    assert m.node("Magnitogorsk") % m.grid.width == max(cols)
    sverdlovsk = m.node("Sverdlovsk")
    assert m.partial[sverdlovsk]
    assert not m.playable[sverdlovsk]
    assert m.places["Sverdlovsk"].production.yellow > 0
    assert m.playable[m.node("Teheran")]


# Who held what at the start of SBE6/7/8 (A = Axis side of the start line, S = Soviet).
FRONTS = {
    1942: {
        "A": "Novgorod Demyansk Rzhev Velikiye_Luki Smolensk Bryansk Orel Kursk Kharkov Stalino "
        "Taganrog Simferopol Kiev Minsk Riga",
        "S": "Leningrad Oranienbaum Volkhov Tikhvin Kalinin Moscow Tula Voronezh Voroshilovgrad "
        "Rostov Sevastopol Kerch Stalingrad",
    },
    1943: {
        "A": "Novgorod Staraya_Russa Smolensk Bryansk Orel Belgorod Kharkov Stalino Taganrog "
        "Novorossiysk Kerch Sevastopol Kiev",
        "S": "Leningrad Demyansk Velikiye_Luki Rzhev Vyazma Kursk Voroshilovgrad Rostov Krasnodar "
        "Stalingrad",
    },
    1944: {
        "A": "Pskov Narva Vitebsk Orsha Mogilev Bobruisk Minsk Pinsk Kovel Lvov Stanislav Kishinev "
        "Iasi Riga",
        "S": "Leningrad Novgorod Gomel Mozyr Lutsk Rovno Tarnopol Odessa Sevastopol Kerch Kiev "
        "Smolensk",
    },
}


def _names(text: str) -> list[str]:
    return [w.replace("_", " ") for w in text.split()]


@pytest.mark.parametrize("year", sorted(FRONTS))
def test_start_lines_follow_the_historical_fronts(m: BiteMap, year: int) -> None:
    axis = m.zone(f"start_line_{year}_axis")
    line = m.zone(f"start_line_{year}")
    wrong = [n for n in _names(FRONTS[year]["A"]) if m.node(n) not in axis]
    wrong += [n for n in _names(FRONTS[year]["S"]) if m.node(n) in axis]
    assert wrong == []
    # The line hexes border the other side.
    for node in line:
        assert any((nb in axis) != (node in axis) for nb in m.adjacency[node] if nb < m.hex_count)
