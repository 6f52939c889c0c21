"""Small synthetic BITE maps, blocks and charts for rule tests.

A test draws a map as text, one row per line, one character per hex:
``.`` clear, ``f`` forest, ``h`` hills, ``m`` mountains, ``s`` swamp, ``~`` water,
``x`` partial edge hex. Rows are map rows; column c of the string is map column c.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hexfront.engine.hexgrid import HexGrid
from hexfront.games.bite.board import Site
from hexfront.games.bite.game import Bite
from hexfront.games.bite.state import Income, ScenarioSpec, World
from hexfront.games.bite.units import Profile, UnitSpec

TERRAIN = {
    ".": "clear",
    "f": "forest",
    "h": "hills",
    "m": "mountains",
    "s": "swamp",
    "~": "water",
    "x": "clear",
}


class SyntheticBoard:
    """A rectangular hex map with optional off-map boxes linked by red arrows."""

    def __init__(
        self,
        rows: Sequence[str],
        *,
        owner: str | Mapping[str, str] = "ussr",
        owners: Mapping[str, str] | None = None,
        boxes: Mapping[str, Sequence[str]] | None = None,
        rails: Iterable[Sequence[str]] = (),
        rivers: Mapping[tuple[str, str], str] | None = None,
        arrows: Iterable[tuple[str, str]] = (),
        sites: Iterable[Site] = (),
        zones: Mapping[str, Iterable[str]] | None = None,
        deep: Iterable[tuple[str, str]] = (),
    ) -> None:
        height = len(rows)
        width = max(len(r) for r in rows)
        self.grid = HexGrid(width, height)
        self.names: list[str] = [self.grid.map_id(h) for h in self.grid]
        box_names = list(boxes or {})
        self.names.extend(box_names)
        n = len(self.names)
        self._index = {name: i for i, name in enumerate(self.names)}
        self._terrain: list[str] = ["clear"] * n
        self._playable: list[bool] = [True] * n
        for r, line in enumerate(rows):
            for c, ch in enumerate(line.ljust(width, "~")):
                h = self.grid.index(c, r)
                self._terrain[h] = TERRAIN[ch]
                self._playable[h] = ch not in "~x"
        for b in box_names:
            self._terrain[self._index[b]] = "forest"
        adj: list[list[int]] = [list(self.grid.neighbors[h]) for h in self.grid]
        adj.extend([] for _ in box_names)
        self._arrows: set[frozenset[int]] = set()
        for b, targets in (boxes or {}).items():
            for t in targets:
                self._link(adj, self._index[b], self.node(t))
                self._arrows.add(frozenset((self._index[b], self.node(t))))
        for a, b in arrows:
            x, y = self.node(a), self.node(b)
            self._link(adj, x, y)
            self._arrows.add(frozenset((x, y)))
        self._adjacency = [tuple(sorted(set(a))) for a in adj]
        rail_adj: list[set[int]] = [set() for _ in range(n)]
        for line in rails:
            nodes = [self.node(x) for x in line]
            for a, b in itertools.pairwise(nodes):
                rail_adj[a].add(b)
                rail_adj[b].add(a)
        self._rail = [tuple(sorted(s)) for s in rail_adj]
        self._rivers = {
            frozenset((self.node(a), self.node(b))): name for (a, b), name in (rivers or {}).items()
        }
        self._deep = {frozenset((self.node(a), self.node(b))) for a, b in deep}
        default_owner = owner if isinstance(owner, str) else "ussr"
        self._owner: list[str | None] = [default_owner] * n
        for name, who in (owners or {}).items():
            self._owner[self.node(name)] = who
        if not isinstance(owner, str):
            for name, who in owner.items():
                self._owner[self.node(name)] = who
        self._sites = {s.node: s for s in sites}
        self._zones = {k: frozenset(self.node(x) for x in v) for k, v in (zones or {}).items()}

    @staticmethod
    def _link(adj: list[list[int]], a: int, b: int) -> None:
        adj[a].append(b)
        adj[b].append(a)

    # Board protocol
    @property
    def node_count(self) -> int:
        return len(self.names)

    @property
    def adjacency(self) -> Sequence[Sequence[int]]:
        return self._adjacency

    @property
    def rail_adjacency(self) -> Sequence[Sequence[int]]:
        return self._rail

    @property
    def terrain(self) -> Sequence[str]:
        return self._terrain

    @property
    def playable(self) -> Sequence[bool]:
        return self._playable

    @property
    def owner_1941(self) -> Sequence[str | None]:
        return self._owner

    @property
    def sites(self) -> dict[int, Site]:
        return self._sites

    def id_of(self, node: int) -> str:
        return self.names[node]

    def node(self, name: str) -> int:
        if name in self._index:
            return self._index[name]
        for s in self._sites.values():
            if s.name.lower() == name.lower():
                return s.node
        raise KeyError(f"no place {name!r}")

    def min_distance(self, node: int, targets: Sequence[int]) -> int | None:
        return min((self.distance(node, t) for t in targets), default=None)

    def distance(self, a: int, b: int) -> int:
        g = len(self.grid)
        if a < g and b < g:
            return self.grid.distance(a, b)
        # Off-map boxes: through their links.
        from hexfront.engine.paths import bfs

        return bfs(self._adjacency, [a])[b]

    def river_between(self, a: int, b: int) -> str | None:
        return self._rivers.get(frozenset((a, b)))

    def is_red_arrow(self, a: int, b: int) -> bool:
        return frozenset((a, b)) in self._arrows

    def blocks_zoc(self, a: int, b: int) -> bool:
        key = frozenset((a, b))
        return key in self._arrows or key in self._deep

    def zone(self, name: str) -> frozenset[int]:
        return self._zones.get(name, frozenset())

    def site(self, name: str, hex_id: str, **kw: Any) -> Site:
        return Site(name, self.node(hex_id), **kw)

    def add_site(self, site: Site) -> Site:
        """Put a city or another place on the map (before the world is built)."""
        self._sites[site.node] = site
        return site


# --- blocks and charts ------------------------------------------------------------------------

TECH = {
    "germany": 2,
    "ussr": 1,
    "finland": 1,
    "romania": 1,
    "hungary": 1,
    "slovakia": 1,
    "italy": 1,
}


@dataclass
class SimpleTech:
    """A Tech Level Chart after digest B.8, enough for rule tests."""

    levels: dict[str, int] = field(default_factory=lambda: dict(TECH))

    def profile(self, unit: UnitSpec, turn: int) -> Profile:
        t = unit.tech or self.levels.get(unit.nation, 1)
        if unit.nation == "finland" and unit.field() == "infantry":
            t = 2
        c = unit.cls
        if c in (
            "infantry",
            "mountain",
            "cavalry",
            "static_infantry",
            "marine",
            "paratrooper",
            "security",
        ):
            mp = (3 if t == 1 else 4) + (1 if c == "cavalry" else 0)
            return Profile(
                6,
                5 if t >= 3 else 6,
                mp=mp,
                abilities=frozenset({"desperate_attack"} if t >= 2 else ()),
            )
        if c in ("artillery", "heavy_artillery"):
            fp = {1: 6, 2: 5, 3: 4}[t]
            return Profile(
                fp,
                fp,
                mp=3 if t == 1 else 4,
                abilities=frozenset({"follow_blitz"} if t >= 2 else ()),
            )
        if c == "tank":
            a, d = {1: (6, 5), 2: (5, 5), 3: (4, 4)}[t]
            soviet_or_german = unit.nation in ("ussr", "germany")
            ab = frozenset({"blitz", "exploit"}) if soviet_or_german else frozenset()
            return Profile(a, d, mp=3 if t == 1 else 4, abilities=ab)
        if c == "tankette":
            a, d = {1: (6, 6), 2: (6, 5), 3: (5, 4)}[t]
            ab = (
                frozenset({"blitz", "exploit"})
                if t >= 2 and unit.nation in ("ussr", "germany")
                else frozenset()
            )
            return Profile(a, d, mp=3 if t == 1 else 4, abilities=ab)
        if c == "fighter":
            return Profile(
                0,
                0,
                a2a={1: 6, 2: 5, 3: 4}[t],
                a2g={1: 0, 2: 6, 3: 5}[t],
                range=5 if t < 3 else 10,
                abilities=frozenset({"follow_blitz"} if t >= 2 else ()),
            )
        if c in ("bomber", "strategic_bomber"):
            rng = 15 if c == "strategic_bomber" or t >= 3 else 10
            return Profile(
                0,
                0,
                a2a={1: 0, 2: 6, 3: 5}[t],
                a2g={1: 6, 2: 5, 3: 4}[t],
                range=rng,
                abilities=frozenset({"follow_blitz"} if t >= 2 else ()),
            )
        return Profile(6, 6, mp=3)


def unit(
    uid: str,
    cls: str = "infantry",
    nation: str = "germany",
    ladder: Sequence[int] = (4, 3, 2, 1),
    colours: Sequence[str] | None = None,
    **kw: Any,
) -> UnitSpec:
    side = "soviet" if nation == "ussr" else "axis"
    cols = tuple(colours) if colours is not None else tuple("black" for _ in ladder)
    return UnitSpec(uid, kw.pop("name", uid.upper()), side, nation, cls, tuple(ladder), cols, **kw)


def world(
    board: SyntheticBoard,
    units: Sequence[UnitSpec],
    placements: Mapping[str, tuple[str, int] | str],
    *,
    turns: int = 3,
    start_turn: int = 2,
    income: Sequence[Income] = (),
    victory: Mapping[str, Any] | None = None,
    main_sources: Mapping[str, str] | None = None,
    reinforcements: Sequence[tuple[str, int, int, str | None]] = (),
    frozen: Iterable[str] = (),
    map_area: Iterable[str] | None = None,
) -> World:
    specs = {u.id: u for u in units}
    places: list[tuple[str, int, int]] = []
    for uid, where in placements.items():
        hex_id, strength = (where, specs[uid].ladder[0]) if isinstance(where, str) else where
        places.append((uid, board.node(hex_id), strength))
    scen = ScenarioSpec(
        id="TEST",
        name="Test",
        start_turn=start_turn,
        turns=turns,
        rules="basic",
        map_area=None if map_area is None else frozenset(board.node(x) for x in map_area),
        income=tuple(income),
        placements=tuple(places),
        reinforcements=tuple(reinforcements),
        victory=victory or {"kind": "conditions", "default": {"winner": "draw", "level": "draw"}},
        frozen_turn1=frozenset(frozen),
    )
    sources = {k: board.node(v) for k, v in (main_sources or {}).items()}
    return World(board, specs, SimpleTech(), scen, sources, {})


def game_for(w: World) -> Bite:
    return Bite(world_loader=lambda scenario, options: w)
