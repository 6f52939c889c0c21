"""What the BITE rules need to know about a map, whatever map it is.

The real mapboard (``map.py``, generated from geography) and the small synthetic maps
used in tests both provide this interface. Nodes are ints: the grid hexes first, then
the off-map boxes (3.7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .types import HexId, Node

# Terrain names used in map data (7.5.3).
CLEAR = "clear"
FOREST = "forest"
HILLS = "hills"
MOUNTAINS = "mountains"
SWAMP = "swamp"
WATER = "water"

# City types (3.3).
CAPITAL = "capital"
MAJOR = "major"
MINOR = "minor"
FORTRESS = "fortress"


@dataclass(frozen=True, slots=True)
class Site:
    """A city or other named site in one node (3.3, 3.6, BOX 1)."""

    name: str
    node: int
    type: str | None = None  # capital, major, minor, fortress, or None for a bare site
    victory: bool = False
    bunker: bool = False
    port: str | None = None  # "major", "minor" or None
    freezes: bool = False
    shipyard: bool = False
    country: str | None = None
    yellow: int = 0
    sea: str | None = None
    factories: tuple[str, ...] = ()  # colours of active (circled) factories (11.2, 7.3.1)
    aliases: tuple[str, ...] = field(default=())

    @property
    def is_city(self) -> bool:
        return self.type in (CAPITAL, MAJOR, MINOR, FORTRESS)

    @property
    def is_major(self) -> bool:
        """Capitals count as major cities (3.3); fortresses are their own type."""
        return self.type in (CAPITAL, MAJOR)


class Board(Protocol):
    """The map as the rules see it."""

    @property
    def node_count(self) -> int: ...

    @property
    def adjacency(self) -> Sequence[Sequence[Node]]:
        """Land and red-arrow connections between nodes (grid neighbours plus links)."""
        ...

    @property
    def rail_adjacency(self) -> Sequence[Sequence[Node]]:
        """Built railway connections (3.5)."""
        ...

    @property
    def terrain(self) -> Sequence[str]: ...

    @property
    def playable(self) -> Sequence[bool]:
        """False for all-water and partial edge hexes (7.5.4)."""
        ...

    @property
    def owner_1941(self) -> Sequence[str | None]:
        """The country each node belonged to in June 1941."""
        ...

    @property
    def sites(self) -> dict[Node, Site]:
        """Cities and sites by node."""
        ...

    def id_of(self, node: Node) -> HexId:
        """Printed ID (CCRR) or box name."""
        ...

    def node(self, name: str) -> Node:
        """Node of a printed ID, box name or place name."""
        ...

    def distance(self, a: Node, b: Node) -> int:
        """Hex distance (through links for off-map boxes)."""
        ...

    def min_distance(self, node: Node, targets: Sequence[Node]) -> int | None:
        """The distance from ``node`` to the nearest of ``targets`` (None if there are none)."""
        ...

    def river_between(self, a: Node, b: Node) -> str | None: ...

    def is_red_arrow(self, a: Node, b: Node) -> bool:
        """Straits and off-map connections (7.5.5)."""
        ...

    def blocks_zoc(self, a: Node, b: Node) -> bool:
        """Deep-water hexsides and straits stop ZOC (3.19)."""
        ...

    def zone(self, name: str) -> frozenset[Node]: ...


SCANDINAVIA = frozenset({"norway", "sweden", "finland"})  # by 1941 owner


def in_scandinavia(board: Board, node: Node) -> bool:
    """Norway, Sweden or Finland as of 1941 (the long scenarios' mountain-unit rule)."""
    return board.owner_1941[node] in SCANDINAVIA
