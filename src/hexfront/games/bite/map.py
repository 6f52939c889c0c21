"""The BITE mapboard at run time: ``load_map()`` reads ``data/map.json.gz`` once.

Nodes are ints: grid hexes first (index ``row * width + col``, as
:class:`~hexfront.engine.hexgrid.HexGrid`), then the six off-map boxes in the file's
order (Narvik, Tromso, Petsamo, Murmansk, Krasnovodsk, Siberia). Every table is a flat
list or dict built once, because the rules engine reads them in its inner loops.

>>> m = load_map()
>>> m.id_of(m.node("Moscow")) == m.places["Moscow"].hex
True
>>> m.terrain[m.node("SIBERIA")]
'forest'
>>> m.is_red_arrow(m.node("PETSAMO"), m.node("Salla"))
True
>>> m.distance(m.node("Moscow"), m.node("Leningrad"))
10
"""

from __future__ import annotations

import gzip
import heapq
import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from hexfront.engine.errors import HexfrontError
from hexfront.engine.hexgrid import HexGrid

FORMAT = "hexfront-bite-map/1"
TERRAINS = ("clear", "forest", "hills", "mountains", "swamp", "water")
LINK_STEP = 3  # a red arrow counts as 3 hexes of supply lane and costs 3 MP (7.5.5)


class UnknownPlace(HexfrontError, KeyError):
    """A hex ID, box ID or place name that the map does not know."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "unknown place"


@dataclass(frozen=True, slots=True)
class Factory:
    colour: str  # red (armor), blue (air), white (shipyard), black (hydrogenation)
    pp: int
    active: bool  # only circled factories produce (11.2)


@dataclass(frozen=True, slots=True)
class Production:
    yellow: int
    black: int


@dataclass(frozen=True, slots=True)
class Place:
    """A city or site, mirroring one entry of the file's ``places``."""

    name: str
    aliases: tuple[str, ...]
    hex: str  # "CCRR" or a box ID
    node: int
    type: str | None  # capital | major | minor | fortress | site
    victory: bool
    bunker: bool
    battle_site: bool
    port: str | None  # major | minor
    sea: str | None  # the sea a port opens on (None for other places)
    freezes: bool
    shipyard: bool
    production: Production
    factories: tuple[Factory, ...]
    country_1941: str | None
    source: str

    @property
    def is_city(self) -> bool:
        return self.type in ("capital", "major", "minor", "fortress")


@dataclass(frozen=True, slots=True)
class Box:
    id: str
    name: str
    terrain: str
    owner_1941: str
    node: int


@dataclass(frozen=True, slots=True)
class Link:
    """A connection that is not plain grid adjacency (boxes, Kerch, sea route ...)."""

    a: int
    b: int
    kind: str  # red_arrow | rail | sea_route | road_of_life
    land: bool
    rail: bool
    built: bool
    source: str


@dataclass(frozen=True, slots=True)
class Hexside:
    river: str | None
    major_river: bool
    deep_water: bool
    strait: bool
    red_arrow: bool


@dataclass(frozen=True, slots=True)
class Rail:
    name: str
    nodes: tuple[int, ...]
    built: bool
    source: str


@dataclass(frozen=True, slots=True)
class Sea:
    name: str
    mined: bool
    shoals: bool
    freezes: bool
    hexes: frozenset[int]


NO_SIDE = Hexside(None, False, False, False, False)


class BiteMap:
    """The whole board. Build it with :func:`load_map`."""

    def __init__(self, data: dict[str, Any]) -> None:
        if data.get("format") != FORMAT:
            raise HexfrontError(f"not a {FORMAT} file: format {data.get('format')!r}")
        g = data["grid"]
        self.grid = HexGrid(int(g["width"]), int(g["height"]))
        self.hex_km: float = float(g["hex_km"])
        self.projection: dict[str, Any] = dict(g["projection"])
        self.sources: tuple[str, ...] = tuple(data["sources"])
        hexes = data["hexes"]
        n_hex = len(self.grid)
        if len(hexes) != n_hex:
            raise HexfrontError(f"map has {len(hexes)} hexes for a {self.grid} grid")
        self.boxes: dict[str, Box] = {}
        for k, b in enumerate(data["boxes"]):
            self.boxes[b["id"]] = Box(b["id"], b["name"], b["terrain"], b["owner_1941"], n_hex + k)
        self.hex_count = n_hex
        self.node_count = n_hex + len(self.boxes)
        self._ids: list[str] = [h["id"] for h in hexes] + list(self.boxes)
        self._index: dict[str, int] = {x: i for i, x in enumerate(self._ids)}

        self.terrain: list[str] = [h["terrain"] for h in hexes] + [
            b.terrain for b in self.boxes.values()
        ]
        self.partial: list[bool] = [bool(h["partial"]) for h in hexes] + [False] * len(self.boxes)
        self.water: list[bool] = [t == "water" for t in self.terrain]
        self.playable: list[bool] = [
            not w and not p for w, p in zip(self.water, self.partial, strict=True)
        ]
        self.coastal: list[bool] = [bool(h["coastal"]) for h in hexes] + [False] * len(self.boxes)
        self.owner_1941: list[str | None] = [h["owner_1941"] for h in hexes] + [
            b.owner_1941 for b in self.boxes.values()
        ]
        self.lake: list[bool] = [bool(h["lake"]) for h in hexes] + [False] * len(self.boxes)
        self._sea: list[str | None] = [h["sea"] for h in hexes] + [None] * len(self.boxes)
        self.lonlat: list[tuple[float, float] | None] = [
            (float(h["lon"]), float(h["lat"])) for h in hexes
        ] + [None] * len(self.boxes)

        # --- hexsides ------------------------------------------------------------------
        self._sides: dict[tuple[int, int], Hexside] = {}
        self._rivers: list[tuple[str, ...]] = [() for _ in range(self.node_count)]
        river_sets: list[set[str]] = [set() for _ in range(self.node_count)]
        for s in data["hexsides"]:
            a, b = self._index[s["a"]], self._index[s["b"]]
            side = Hexside(
                s["river"],
                bool(s["major_river"]),
                bool(s["deep_water"]),
                bool(s["strait"]),
                bool(s["red_arrow"]),
            )
            self._sides[(min(a, b), max(a, b))] = side
            if side.river:
                river_sets[a].add(side.river)
                river_sets[b].add(side.river)
        self._rivers = [tuple(sorted(r)) for r in river_sets]

        # --- links -----------------------------------------------------------------------
        self.links: tuple[Link, ...] = tuple(
            Link(
                self._index[lk["a"]],
                self._index[lk["b"]],
                lk["kind"],
                bool(lk["land"]),
                bool(lk["rail"]),
                lk["status"] == "built",
                lk["source"],
            )
            for lk in data["links"]
        )
        self._link_between: dict[tuple[int, int], Link] = {}
        for lk in self.links:
            self._link_between[(min(lk.a, lk.b), max(lk.a, lk.b))] = lk

        # --- movement adjacency: grid neighbours minus deep water, plus land links --------
        adj: list[set[int]] = [set() for _ in range(self.node_count)]
        for a in range(n_hex):
            for b in self.grid.neighbors[a]:
                if not self._sides.get((min(a, b), max(a, b)), NO_SIDE).deep_water:
                    adj[a].add(b)
        for lk in self.links:
            if lk.built and (lk.land or lk.kind == "red_arrow"):
                adj[lk.a].add(lk.b)
                adj[lk.b].add(lk.a)
        self.adjacency: list[tuple[int, ...]] = [tuple(sorted(x)) for x in adj]

        # --- rails -----------------------------------------------------------------------
        self.rails: tuple[Rail, ...] = tuple(
            Rail(
                r["name"],
                tuple(self._index[x] for x in r["nodes"]),
                r["status"] == "built",
                r["source"],
            )
            for r in data["rails"]
        )
        self.rail_adjacency: list[tuple[int, ...]] = self._rail_graph(include_unbuilt=False)
        self._rail_adjacency_all: list[tuple[int, ...]] = self._rail_graph(include_unbuilt=True)
        self.rail_hexes: frozenset[int] = frozenset(
            i for i, nb in enumerate(self.rail_adjacency) if nb and i < n_hex
        )

        # --- places ------------------------------------------------------------------------
        self.places: dict[str, Place] = {}
        self.place_at: dict[int, Place] = {}
        self._names: dict[str, int] = {}
        for p in data["places"]:
            node = self._index[p["hex"]]
            place = Place(
                name=p["name"],
                aliases=tuple(p["aliases"]),
                hex=p["hex"],
                node=node,
                type=p["type"],
                victory=bool(p["victory"]),
                bunker=bool(p["bunker"]),
                battle_site=bool(p["battle_site"]),
                port=p["port"],
                sea=p.get("sea"),
                freezes=bool(p["freezes"]),
                shipyard=bool(p["shipyard"]),
                production=Production(
                    int(p["production"]["yellow"]), int(p["production"]["black"])
                ),
                factories=tuple(
                    Factory(f["colour"], int(f["pp"]), bool(f["active"])) for f in p["factories"]
                ),
                country_1941=p["country_1941"],
                source=p["source"],
            )
            self.places[place.name] = place
            if node < n_hex:
                self.place_at[node] = place
            for name in (place.name, *place.aliases):
                self._names.setdefault(name.casefold(), node)
        for box in self.boxes.values():
            self._names.setdefault(box.name.casefold(), box.node)
        self.ports: dict[int, Place] = {n: p for n, p in self.place_at.items() if p.port}

        # --- seas and zones --------------------------------------------------------------
        self.seas: dict[str, Sea] = {
            s["name"]: Sea(
                s["name"],
                bool(s["mined"]),
                bool(s["shoals"]),
                bool(s["freezes"]),
                frozenset(self._index[h] for h in s["hexes"]),
            )
            for s in data["seas"]
        }
        self._zones: dict[str, frozenset[int]] = {
            name: frozenset(self._index[h] for h in ids) for name, ids in data["zones"].items()
        }
        member: list[set[str]] = [set() for _ in range(self.node_count)]
        for name, nodes in self._zones.items():
            for i in nodes:
                member[i].add(name)
        self._zones_of: list[frozenset[str]] = [frozenset(m) for m in member]
        self.zone_sources: dict[str, str] = dict(data.get("zone_sources", {}))

    # --- identifiers -----------------------------------------------------------------------
    def id_of(self, node: int) -> str:
        """``CCRR`` for a hex, the box ID (``SIBERIA`` ...) for a box."""
        return self._ids[node]

    def node(self, ref: str | int) -> int:
        """A node from a hex ID, a box ID, or a place name or alias (any case)."""
        if isinstance(ref, int):
            if 0 <= ref < self.node_count:
                return ref
            raise UnknownPlace(f"no node {ref} (the map has {self.node_count})")
        key = ref.strip()
        if key in self._index:
            return self._index[key]
        found = self._names.get(key.casefold())
        if found is None and key.upper() in self._index:
            found = self._index[key.upper()]
        if found is None:
            raise UnknownPlace(f"unknown place or hex {ref!r}")
        return found

    def place(self, ref: str | int) -> Place | None:
        """The city or site in a hex, if any (None for boxes and empty hexes)."""
        return self.place_at.get(self.node(ref))

    def is_box(self, node: int) -> bool:
        return node >= self.hex_count

    # --- hexsides ----------------------------------------------------------------------------
    def hexside_flags(self, a: int, b: int) -> Hexside:
        """The flags of the side between two nodes (all false if nothing is drawn)."""
        return self._sides.get((a, b) if a < b else (b, a), NO_SIDE)

    def river_between(self, a: int, b: int) -> str | None:
        return self._sides.get((a, b) if a < b else (b, a), NO_SIDE).river

    def rivers_of(self, node: int) -> tuple[str, ...]:
        """Names of the rivers on a hex's sides."""
        return self._rivers[node]

    def link_between(self, a: int, b: int) -> Link | None:
        return self._link_between.get((a, b) if a < b else (b, a))

    def is_red_arrow(self, a: int, b: int) -> bool:
        """True across a red arrow: the Kerch Strait and the links to off-map boxes."""
        key = (a, b) if a < b else (b, a)
        if self._sides.get(key, NO_SIDE).red_arrow:
            return True
        lk = self._link_between.get(key)
        return lk is not None and lk.kind == "red_arrow"

    # --- rails -------------------------------------------------------------------------------
    def _rail_graph(self, include_unbuilt: bool) -> list[tuple[int, ...]]:
        adj: list[set[int]] = [set() for _ in range(self.node_count)]
        for r in self.rails:
            if r.built or include_unbuilt:
                for a, b in zip(r.nodes, r.nodes[1:], strict=False):
                    adj[a].add(b)
                    adj[b].add(a)
        for lk in self.links:
            if lk.rail and (lk.built or include_unbuilt):
                adj[lk.a].add(lk.b)
                adj[lk.b].add(lk.a)
        return [tuple(sorted(x)) for x in adj]

    def rail_graph(self, include_unbuilt: bool = False) -> list[tuple[int, ...]]:
        """Rail adjacency; with ``include_unbuilt`` the SBE6 projects count as built."""
        return self._rail_adjacency_all if include_unbuilt else self.rail_adjacency

    def on_rail(self, node: int) -> bool:
        return bool(self.rail_adjacency[node])

    # --- zones and seas -----------------------------------------------------------------------
    def zone(self, name: str) -> frozenset[int]:
        try:
            return self._zones[name]
        except KeyError:
            raise UnknownPlace(
                f"unknown zone {name!r}; zones: {', '.join(sorted(self._zones))}"
            ) from None

    def zones_of(self, node: int) -> frozenset[str]:
        return self._zones_of[node]

    @property
    def zone_names(self) -> tuple[str, ...]:
        return tuple(sorted(self._zones))

    def sea_of(self, node: int) -> str | None:
        """The sea (or lake) a water hex belongs to; None for land and boxes."""
        return self._sea[node]

    # --- distance ------------------------------------------------------------------------------
    def distance(self, a: int, b: int) -> int:
        """Hex distance. Between two hexes it is the plain grid distance; a box is reached
        through its links, each link counting as 3 hexes (7.5.5)."""
        if a < self.hex_count and b < self.hex_count:
            return self.grid.distance(a, b)
        return self._distance_via_links(a, b)

    def _distance_via_links(self, a: int, b: int) -> int:
        # Dijkstra over the link ends only; grid legs between hexes use the grid formula.
        hubs = sorted({lk.a for lk in self.links} | {lk.b for lk in self.links} | {a, b})
        best: dict[int, int] = {a: 0}
        heap: list[tuple[int, int]] = [(0, a)]
        while heap:
            cost, x = heapq.heappop(heap)
            if cost > best.get(x, 1 << 30):
                continue
            steps: list[tuple[int, int]] = []
            for lk in self.links:
                if x in (lk.a, lk.b):
                    steps.append((lk.b if x == lk.a else lk.a, LINK_STEP))
            if x < self.hex_count:
                steps += [
                    (h, self.grid.distance(x, h)) for h in hubs if h < self.hex_count and h != x
                ]
            for y, step in steps:
                if cost + step < best.get(y, 1 << 30):
                    best[y] = cost + step
                    heapq.heappush(heap, (cost + step, y))
        if b not in best:
            raise UnknownPlace(f"{self.id_of(b)} cannot be reached from {self.id_of(a)}")
        return best[b]

    # --- summaries ------------------------------------------------------------------------------
    def neighbours_of(self, node: int) -> tuple[int, ...]:
        return self.adjacency[node]

    def cities(self) -> Iterable[Place]:
        return (p for p in self.places.values() if p.is_city)


def parse(raw: bytes) -> BiteMap:
    data = json.loads(gzip.decompress(raw).decode("utf-8"))
    return BiteMap(data)


@cache
def load_map() -> BiteMap:
    """The BITE map shipped with the package (read once per process)."""
    raw = resources.files("hexfront.games.bite").joinpath("data/map.json.gz").read_bytes()
    return parse(raw)
