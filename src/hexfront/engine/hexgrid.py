"""Hex geometry for printed wargame maps.

Inside the engine a hex is a plain ``int`` index into a rectangular grid, because
ints are the cheapest thing Python can hash, store and compare. Geometry is done in
axial/cube coordinates; the printed 4-digit map ID (column then row, both 1-based)
appears only at the edges (files, logs, user interface).

Layout: flat-topped hexes in vertical columns, odd columns shifted half a hex down
("odd-q" in Red Blob Games' terms), which is the usual layout of a printed hex map
whose IDs read ``CCRR``.

>>> grid = HexGrid(10, 8)
>>> a = grid.from_map_id("0101")
>>> b = grid.from_map_id("0303")
>>> grid.distance(a, b)
3
>>> sorted(grid.map_id(n) for n in grid.neighbors[a])
['0102', '0201']
>>> grid.map_id(grid.step(a, SOUTH))
'0102'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

# Directions, clockwise from north, for flat-topped hexes.
NORTH: Final = 0
NORTHEAST: Final = 1
SOUTHEAST: Final = 2
SOUTH: Final = 3
SOUTHWEST: Final = 4
NORTHWEST: Final = 5
DIRECTION_NAMES: Final = ("N", "NE", "SE", "S", "SW", "NW")

# Axial (q, r) steps for the six directions above (flat-top, r grows southwards).
AXIAL_DIRECTIONS: Final[tuple[tuple[int, int], ...]] = (
    (0, -1),
    (1, -1),
    (1, 0),
    (0, 1),
    (-1, 1),
    (-1, 0),
)


def opposite(direction: int) -> int:
    """The direction pointing back.

    >>> DIRECTION_NAMES[opposite(NORTHEAST)]
    'SW'
    """
    return (direction + 3) % 6


def axial_distance(aq: int, ar: int, bq: int, br: int) -> int:
    """Hex distance between two axial coordinates.

    >>> axial_distance(0, 0, 2, -1)
    2
    """
    dq = aq - bq
    dr = ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def offset_to_axial(col: int, row: int) -> tuple[int, int]:
    """0-based odd-q offset (column, row) to axial (q, r).

    >>> offset_to_axial(3, 2)
    (3, 1)
    """
    return col, row - (col - (col & 1)) // 2


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    """Axial (q, r) to 0-based odd-q offset (column, row).

    >>> axial_to_offset(3, 1)
    (3, 2)
    """
    return q, r + (q - (q & 1)) // 2


def _cube_round(fq: float, fr: float) -> tuple[int, int]:
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return q, r


def axial_line(aq: int, ar: int, bq: int, br: int) -> list[tuple[int, int]]:
    """The hexes on a straight line between two axial coordinates, both ends included.

    A tiny nudge keeps the line off hex edges so that ties break the same way every time.

    >>> axial_line(0, 0, 3, 0)
    [(0, 0), (1, 0), (2, 0), (3, 0)]
    """
    n = axial_distance(aq, ar, bq, br)
    if n == 0:
        return [(aq, ar)]
    eps = 1e-6
    out = []
    for i in range(n + 1):
        t = i / n
        fq = aq + eps + (bq - aq) * t
        fr = ar + eps + (br - ar) * t
        out.append(_cube_round(fq, fr))
    return out


@dataclass(frozen=True, slots=True)
class Hexside:
    """An edge between two adjacent hexes, independent of the side it is seen from.

    >>> Hexside.between(7, 3) == Hexside.between(3, 7)
    True
    """

    low: int
    high: int

    @staticmethod
    def between(a: int, b: int) -> Hexside:
        return Hexside(a, b) if a < b else Hexside(b, a)

    def key(self) -> str:
        return f"{self.low}-{self.high}"


class HexGrid:
    """A rectangular field of ``width`` columns by ``height`` rows of flat-topped hexes.

    Hex ``index = row * width + col``. Neighbour tables are computed once, so that
    path searches only do list lookups.
    """

    __slots__ = ("_axial", "_axial_to_index", "height", "neighbor_in", "neighbors", "width")

    def __init__(self, width: int, height: int) -> None:
        if width < 1 or height < 1 or width > 99 or height > 99:
            raise ValueError("a grid needs 1..99 columns and rows (IDs have 2 digits each)")
        self.width = width
        self.height = height
        self._axial: list[tuple[int, int]] = []
        self._axial_to_index: dict[tuple[int, int], int] = {}
        for index in range(width * height):
            row, col = divmod(index, width)
            qr = offset_to_axial(col, row)
            self._axial.append(qr)
            self._axial_to_index[qr] = index
        # neighbor_in[h][d] is the hex in direction d, or -1 off the grid.
        self.neighbor_in: list[tuple[int, ...]] = []
        self.neighbors: list[tuple[int, ...]] = []
        for q, r in self._axial:
            row_dirs = tuple(
                self._axial_to_index.get((q + dq, r + dr), -1) for dq, dr in AXIAL_DIRECTIONS
            )
            self.neighbor_in.append(row_dirs)
            self.neighbors.append(tuple(n for n in row_dirs if n >= 0))

    def __len__(self) -> int:
        return self.width * self.height

    def __iter__(self) -> Iterator[int]:
        return iter(range(self.width * self.height))

    def __repr__(self) -> str:
        return f"HexGrid({self.width}, {self.height})"

    # --- coordinates -------------------------------------------------------------------

    def contains(self, col: int, row: int) -> bool:
        return 0 <= col < self.width and 0 <= row < self.height

    def index(self, col: int, row: int) -> int:
        """Index of the hex at 0-based ``(col, row)``."""
        if not self.contains(col, row):
            raise ValueError(f"({col}, {row}) is outside a {self.width}x{self.height} grid")
        return row * self.width + col

    def col_row(self, hex_index: int) -> tuple[int, int]:
        row, col = divmod(hex_index, self.width)
        return col, row

    def axial(self, hex_index: int) -> tuple[int, int]:
        return self._axial[hex_index]

    def from_axial(self, q: int, r: int) -> int | None:
        return self._axial_to_index.get((q, r))

    def map_id(self, hex_index: int) -> str:
        """The printed ID ``CCRR`` (1-based column, then 1-based row)."""
        col, row = self.col_row(hex_index)
        return f"{col + 1:02d}{row + 1:02d}"

    def from_map_id(self, map_id: str) -> int:
        if len(map_id) != 4 or not map_id.isdigit():
            raise ValueError(f"a hex ID has four digits (CCRR), not {map_id!r}")
        return self.index(int(map_id[:2]) - 1, int(map_id[2:]) - 1)

    # --- geometry ----------------------------------------------------------------------

    def distance(self, a: int, b: int) -> int:
        aq, ar = self._axial[a]
        bq, br = self._axial[b]
        return axial_distance(aq, ar, bq, br)

    def step(self, hex_index: int, direction: int) -> int:
        """The neighbour in ``direction``, or -1 if that is off the grid."""
        return self.neighbor_in[hex_index][direction]

    def direction_to(self, a: int, b: int) -> int:
        """Direction from ``a`` to its neighbour ``b``."""
        try:
            return self.neighbor_in[a].index(b)
        except ValueError:
            raise ValueError(f"{self.map_id(a)} and {self.map_id(b)} are not adjacent") from None

    def are_adjacent(self, a: int, b: int) -> bool:
        return b in self.neighbors[a]

    def hexside(self, a: int, b: int) -> Hexside:
        if not self.are_adjacent(a, b):
            raise ValueError(f"{self.map_id(a)} and {self.map_id(b)} are not adjacent")
        return Hexside.between(a, b)

    def ring(self, center: int, radius: int) -> list[int]:
        """Hexes exactly ``radius`` away, clockwise from the north, clipped to the grid."""
        if radius == 0:
            return [center]
        q, r = self._axial[center]
        dq, dr = AXIAL_DIRECTIONS[NORTH]
        q, r = q + dq * radius, r + dr * radius
        out = []
        # Walking a ring of a flat-top grid: start north, then go SE, S, SW, NW, N, NE.
        for side in (SOUTHEAST, SOUTH, SOUTHWEST, NORTHWEST, NORTH, NORTHEAST):
            sq, sr = AXIAL_DIRECTIONS[side]
            for _ in range(radius):
                found = self._axial_to_index.get((q, r))
                if found is not None:
                    out.append(found)
                q, r = q + sq, r + sr
        return out

    def within(self, center: int, radius: int) -> list[int]:
        """All hexes at distance ``<= radius``, nearest first."""
        out: list[int] = []
        for k in range(radius + 1):
            out.extend(self.ring(center, k))
        return out

    def line(self, a: int, b: int) -> list[int]:
        """Hexes on the straight line from ``a`` to ``b`` that lie on the grid."""
        aq, ar = self._axial[a]
        bq, br = self._axial[b]
        out = []
        for q, r in axial_line(aq, ar, bq, br):
            found = self._axial_to_index.get((q, r))
            if found is not None:
                out.append(found)
        return out

    def adjacency(self) -> list[tuple[int, ...]]:
        """A copy of the neighbour lists, for graphs that add extra links (off-map boxes)."""
        return list(self.neighbors)
