from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from hexfront.engine.hexgrid import (
    AXIAL_DIRECTIONS,
    HexGrid,
    Hexside,
    axial_distance,
    axial_to_offset,
    offset_to_axial,
    opposite,
)

GRID = HexGrid(62, 49)
hexes = st.integers(min_value=0, max_value=len(GRID) - 1)
coords = st.tuples(st.integers(-200, 200), st.integers(-200, 200))


@given(hexes, hexes)
def test_distance_is_symmetric(a: int, b: int) -> None:
    assert GRID.distance(a, b) == GRID.distance(b, a)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: int, b: int, c: int) -> None:
    assert GRID.distance(a, c) <= GRID.distance(a, b) + GRID.distance(b, c)


@given(hexes)
def test_neighbours_are_at_distance_one(h: int) -> None:
    assert all(GRID.distance(h, n) == 1 for n in GRID.neighbors[h])
    assert 2 <= len(GRID.neighbors[h]) <= 6
    assert GRID.distance(h, h) == 0


@given(hexes)
def test_neighbour_relation_is_symmetric_with_opposite_directions(h: int) -> None:
    for d, n in enumerate(GRID.neighbor_in[h]):
        if n >= 0:
            assert GRID.neighbor_in[n][opposite(d)] == h
            assert GRID.direction_to(h, n) == d


@given(st.integers(0, 98), st.integers(0, 98))
def test_offset_axial_round_trip(col: int, row: int) -> None:
    q, r = offset_to_axial(col, row)
    assert axial_to_offset(q, r) == (col, row)


@given(hexes)
def test_map_id_round_trip(h: int) -> None:
    map_id = GRID.map_id(h)
    assert len(map_id) == 4
    assert GRID.from_map_id(map_id) == h
    q, r = GRID.axial(h)
    assert GRID.from_axial(q, r) == h


def test_map_id_is_column_then_row() -> None:
    assert GRID.map_id(GRID.index(0, 0)) == "0101"
    assert GRID.map_id(GRID.index(11, 3)) == "1204"
    assert GRID.map_id(GRID.index(61, 48)) == "6249"


def test_odd_columns_sit_half_a_hex_lower() -> None:
    # odd-q layout: printed column 02 (index 1) is shifted down half a hex, so 0101
    # touches 0201 to its south-east, and 0102 touches 0201 (NE) and 0202 (SE).
    a = GRID.from_map_id("0101")
    assert {GRID.map_id(n) for n in GRID.neighbors[a]} == {"0102", "0201"}
    b = GRID.from_map_id("0102")
    assert {GRID.map_id(n) for n in GRID.neighbors[b]} == {"0101", "0103", "0201", "0202"}
    assert not GRID.are_adjacent(GRID.from_map_id("0103"), GRID.from_map_id("0201"))


@given(coords, coords)
def test_axial_distance_matches_cube_formula(a: tuple[int, int], b: tuple[int, int]) -> None:
    (aq, ar), (bq, br) = a, b
    cube = max(abs(aq - bq), abs(ar - br), abs((-aq - ar) - (-bq - br)))
    assert axial_distance(aq, ar, bq, br) == cube


@given(hexes, st.integers(0, 6))
def test_ring_holds_exactly_the_hexes_at_that_distance(h: int, radius: int) -> None:
    ring = GRID.ring(h, radius)
    expected = {x for x in GRID if GRID.distance(h, x) == radius}
    assert set(ring) == expected
    assert len(ring) == len(expected)


@given(hexes, hexes)
def test_line_is_a_connected_shortest_chain(a: int, b: int) -> None:
    line = GRID.line(a, b)
    assert line[0] == a
    assert line[-1] == b
    assert len(line) == GRID.distance(a, b) + 1
    for x, y in itertools.pairwise(line):
        assert GRID.are_adjacent(x, y)


@given(hexes, st.integers(0, 5))
def test_hexside_identity_is_the_same_from_both_sides(h: int, d: int) -> None:
    n = GRID.neighbor_in[h][d]
    if n >= 0:
        assert GRID.hexside(h, n) == GRID.hexside(n, h) == Hexside.between(n, h)


def test_six_directions_cover_the_ring() -> None:
    assert len(set(AXIAL_DIRECTIONS)) == 6
    centre = GRID.from_map_id("3025")
    assert len(GRID.neighbors[centre]) == 6
    assert len(GRID.within(centre, 2)) == 19
