"""The runtime map API that the rules engine codes against."""

from __future__ import annotations

import pytest

from hexfront.engine.errors import HexfrontError
from hexfront.engine.hexgrid import HexGrid
from hexfront.games.bite.map import BiteMap, UnknownPlace, load_map


@pytest.fixture(scope="module")
def m() -> BiteMap:
    return load_map()


def test_load_map_is_cached(m: BiteMap) -> None:
    assert load_map() is m


def test_grid_and_node_numbering(m: BiteMap) -> None:
    assert isinstance(m.grid, HexGrid)
    assert m.hex_count == m.grid.width * m.grid.height
    assert list(m.boxes) == ["NARVIK", "TROMSO", "PETSAMO", "MURMANSK", "KRASNOVODSK", "SIBERIA"]
    assert m.node_count == m.hex_count + 6
    assert [b.node for b in m.boxes.values()] == list(range(m.hex_count, m.node_count))
    for table in (m.terrain, m.playable, m.coastal, m.owner_1941, m.adjacency, m.rail_adjacency):
        assert len(table) == m.node_count


def test_ids_round_trip(m: BiteMap) -> None:
    for node in (0, 1, m.grid.width, m.hex_count - 1, m.node_count - 1):
        assert m.node(m.id_of(node)) == node
    assert m.id_of(0) == "0101"
    assert m.id_of(m.grid.index(2, 3)) == "0304"
    assert m.id_of(m.node("SIBERIA")) == "SIBERIA"


def test_names_and_aliases_any_case(m: BiteMap) -> None:
    moscow = m.node("Moscow")
    assert m.node("moscow") == moscow
    assert m.node("  MOSCOW ") == moscow
    assert m.node(m.places["Moscow"].hex) == moscow
    assert m.node("Police") == m.node("Stettin")  # alias of the hex's place
    assert m.node("Rubinsk") == m.node("Rybinsk")
    assert m.node("Chalov") == m.node("Chkalov")
    assert m.node("Kantalahti") == m.node("Kandalaksha")
    assert m.node("siberia") == m.node("SIBERIA")


def test_unknown_names_raise_a_clear_error(m: BiteMap) -> None:
    with pytest.raises(UnknownPlace, match="Atlantis"):
        m.node("Atlantis")
    with pytest.raises(HexfrontError):
        m.node("9999")
    with pytest.raises(UnknownPlace):
        m.node(m.node_count)
    with pytest.raises(UnknownPlace, match="zones"):
        m.zone("no_such_zone")


def test_adjacency_is_symmetric_and_extends_the_grid(m: BiteMap) -> None:
    for a, nbs in enumerate(m.adjacency):
        for b in nbs:
            assert a in m.adjacency[b], (m.id_of(a), m.id_of(b))
    # Deep-water sides are not connections; every other grid side is.
    for a in range(m.hex_count):
        for b in m.grid.neighbors[a]:
            assert (b in m.adjacency[a]) == (not m.hexside_flags(a, b).deep_water)
    salla, petsamo = m.node("Salla"), m.node("PETSAMO")
    assert petsamo in m.adjacency[salla]
    # Siberia is joined to the map by rail only (3.7), so not in the movement graph.
    assert m.node("Sverdlovsk") not in m.adjacency[m.node("SIBERIA")]
    assert m.node("Sverdlovsk") in m.rail_adjacency[m.node("SIBERIA")]


def test_unbuilt_rails_only_with_the_flag(m: BiteMap) -> None:
    built = m.rail_graph()
    everything = m.rail_graph(include_unbuilt=True)
    assert built is m.rail_adjacency
    saratov, kamyshin = m.node("Saratov"), m.node("Kamyshin")
    assert not any(kamyshin in built[x] for x in built[saratov] if x == kamyshin)
    baku, kras = m.node("Baku"), m.node("KRASNOVODSK")
    assert kras not in built[baku]
    assert kras in everything[baku]
    assert all(set(built[n]) <= set(everything[n]) for n in range(m.node_count))


def test_hexside_queries(m: BiteMap) -> None:
    stalingrad = m.node("Stalingrad")
    volga = [n for n in m.grid.neighbors[stalingrad] if m.river_between(stalingrad, n) == "Volga"]
    assert volga
    side = m.hexside_flags(volga[0], stalingrad)
    assert side.river == "Volga"
    assert side.major_river
    assert "Volga" in m.rivers_of(stalingrad)
    kerch = m.node("Kerch")
    arrow = [n for n in m.grid.neighbors[kerch] if m.is_red_arrow(kerch, n)]
    assert len(arrow) == 1
    assert m.hexside_flags(kerch, arrow[0]).strait
    assert m.is_red_arrow(m.node("MURMANSK"), m.node("Kandalaksha"))
    assert not m.is_red_arrow(m.node("Moscow"), m.grid.neighbors[m.node("Moscow")][0])


def test_places_mirror_the_file(m: BiteMap) -> None:
    leningrad = m.places["Leningrad"]
    assert leningrad.type == "fortress"
    assert leningrad.victory
    assert leningrad.production.yellow == 2
    assert [(f.colour, f.pp, f.active) for f in leningrad.factories if f.colour == "red"] == [
        ("red", 3, True)
    ]
    assert m.place_at[leningrad.node] is leningrad
    assert m.place("Leningrad") is leningrad
    assert m.places["Vladivostok"].hex == "SIBERIA"
    assert m.node("Sevastopol") in m.ports
    assert m.places["Sevastopol"].port == "major"
    assert m.places["Archangelsk"].freezes
    assert not m.places["Odessa"].freezes


def test_zones(m: BiteMap) -> None:
    kiev = m.node("Kiev")
    assert "md_kiev" in m.zones_of(kiev)
    assert kiev in m.zone("md_kiev")
    assert "green_line_south" in m.zones_of(kiev)
    assert "green_line_south" not in m.zones_of(m.node("Moscow"))
    assert m.node("Helsinki") in m.zone("finland_1941")
    assert m.zone("md_leningrad").isdisjoint(m.zone("md_baltic"))


def test_distance(m: BiteMap) -> None:
    a, b = m.node("Moscow"), m.node("Kiev")
    assert m.distance(a, b) == m.grid.distance(a, b) == m.distance(b, a)
    assert m.distance(a, a) == 0
    # A box counts three hexes per red arrow (7.5.5).
    salla = m.node("Salla")
    assert m.distance(salla, m.node("PETSAMO")) == 3
    assert m.distance(m.node("TROMSO"), salla) == 6


def test_sea_of(m: BiteMap) -> None:
    water = [n for n in range(m.hex_count) if m.water[n]]
    assert all(m.sea_of(n) for n in water)
    assert m.sea_of(m.node("Moscow")) is None
    assert all(m.sea_of(n) == "Sea of Azov" for n in m.seas["Sea of Azov"].hexes)
    assert m.seas["Black Sea"].mined
    assert m.seas["Gulf of Bothnia"].shoals
