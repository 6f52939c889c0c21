"""Assemble the Stalin's War map on the shared pipeline (see docs/data/stalins_war_map.md).

The grid is fitted to the text's hex ids (``fit.py``); sampling, terrain, water names,
deep-water sides, rivers and 1941 owners are the BITE generator's own functions run on
this grid, and only what is the second game's own (places, terrain classes, the edges,
VP stars, the Paulus and Caucasus lines, the boxes) is decided here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from shapely import contains_xy

from hexfront.engine.hexgrid import DIRECTION_NAMES, HexGrid
from tools.mapgen import borders, build, config, curated, rivers, sample, terrain
from tools.mapgen.fit import parse_id, similarity_hexes
from tools.mapgen.geo import LAND, SEA, load_rasters
from tools.mapgen.grid import Geometry

GAME = config.STALINS_WAR
TERRAIN_NAMES = {
    "clear": "clear",
    "forest": "forest",
    "hills": "rough",
    "swamp": "swamp",
    "mountains": "mountain",
    "water": "water",
}
DESERT_CLASSES = (7, 16)  # IGBP open shrubland, barren
DESERT_MIN = 0.5
NORTH_SEA_LAT = 69.0  # the geodata's northern limit: the Barents Sea beyond it
DESERT_MAX_LAT = 50.0  # the Caspian lowland and beyond; further north shrub land is tundra
RAIL_COST = {"clear": 10, "desert": 15, "forest": 20, "rough": 20, "swamp": 30, "mountain": 40}
RAIL_SOURCE = "history: 1941 main line (curated/stalins_war/board.toml), routed over land hexes"
TERRAIN_SOURCE = {
    "clear": "geography: open land (MODIS land cover, ETOPO1 relief)",
    "forest": "geography: MODIS forest and woody savanna on most of the land",
    "rough": "geography: hills (ETOPO1 relief) or a curated upland",
    "swamp": "geography: MODIS wetland or a curated 1941 marsh",
    "mountain": "geography: high relief (ETOPO1)",
    "desert": "geography: barren or open shrub land (MODIS) on most of the land",
    "water": "geography: GSHHG water on most of the hex",
}
BOXES = [
    ("OTHER_FRONTS", "Other Fronts", "units sent away from the Eastern Front by events"),
    ("AXIS_ELIMINATED", "Axis Eliminated Units", "3.15: eliminated Axis SCUs"),
    ("SOVIET_ELIMINATED", "Soviet Eliminated Units", "3.15: eliminated Soviet units"),
    ("TURN_TRACK", "Turn Track", "5.1.4: 18 turns; Axis LCUs wait there 3 turns (13.3)"),
    ("GENERAL_TRACK", "General Track", "VP (start 7), RP and banked OPS markers (4.1)"),
    ("CONSECUTIVE_OPS", "Consecutive OPS Track", "7.2: both markers start at 0"),
    ("ACTION_ROUNDS", "Action Round boxes", "7.0: the action rounds of a turn"),
    ("HAND_LIMIT", "Hand Limit boxes", "4.1, 17.0: both markers start at 6"),
]


@dataclass
class SwPlace:
    name: str
    aliases: list[str]
    lon: float
    lat: float
    type: str
    hex: int
    vp: bool
    vp_inactive: bool
    port: str | None
    oil: bool
    fort: bool
    text_hex: bool  # the text gives this hex
    source: str
    notes: list[str] = field(default_factory=list)


class StalinsWar:
    """Everything the generator computed, for the JSON writer and the diagnostics."""

    def __init__(self, root: Path | None = None) -> None:
        self.errors: list[str] = []
        self.geom = geom = Geometry(GAME)
        self.rasters = rasters = load_rasters(root)
        s = sample.build(geom, rasters, GAME.lattice_km)
        terrain.correct_water(s)
        # North of the geodata window (69 N) lies the Barents Sea, not land (the shared
        # correction makes every point beyond the window east of 10 E Siberian land).
        s.water[(s.lat > NORTH_SEA_LAT) & (s.lon > 10.0) & (s.lon < 62.0)] = SEA
        self.samples = s
        self.stats = st = terrain.stats(s)
        self.grid = HexGrid(geom.width, geom.height)
        self.n = n = geom.width * geom.height
        self.board = curated.load("board", GAME.curated)

        self.places = self._places()
        forced = {p.hex for p in self.places}
        no_mtn = forced  # towns and cities stand in valleys: rough at most
        t = terrain.classify(geom, s, st, forced, no_mtn)
        self.water_kind = t.water_kind
        land_m = s.water == LAND
        desert = s.count(land_m & np.isin(s.cover, DESERT_CLASSES)) / np.maximum(s.count(land_m), 1)
        self.ter = [TERRAIN_NAMES[x] for x in t.terrain]
        _, lat = geom.to_lonlat(*geom.all_centres())
        self.terrain_source = [TERRAIN_SOURCE[x] for x in self.ter]
        for i in range(n):
            if self.ter[i] == "clear" and desert[i] >= DESERT_MIN and lat[i] < DESERT_MAX_LAT:
                self.ter[i] = "desert"
                self.terrain_source[i] = TERRAIN_SOURCE["desert"]
        for o in self.board.get("terrain", []):
            i = self.hex_index(o["hex"])
            was = self.ter[i]
            self.ter[i] = o["terrain"]
            self.terrain_source[i] = o["source"] + (
                f" (geography: {was})" if was != o["terrain"] else " (geography agrees)"
            )
        self.water = [x == "water" for x in self.ter]
        self.coastal = list(t.coastal)

        owners, modern = borders.owners(geom, s, t.terrain)
        names: dict[str, str] = self.board["nations"]
        self.nation: list[str | None] = [names.get(o, o) if o else None for o in owners]
        self.nation_source: list[str] = [
            "history: 1941 borders (curated/borders.toml)" if o else "" for o in owners
        ]
        self.baltic = [
            owners[i] == "ussr" and modern[i] in ("Lithuania", "Latvia", "Estonia")
            for i in range(n)
        ]
        self._setup_owners()
        self.playable = self._playable()

        self.sea_name = build.name_waters(
            geom, s, self.water, self.water_kind, curated.load("seas")
        )
        self.deep = build.deep_water_sides(geom, rasters, self.water, self.grid.neighbors)
        self.sea_sides: dict[tuple[int, int], str] = {}
        for d in self.board.get("sea_side", []):
            self.sea_sides[self.side(self.hex_index(d["a"]), self.hex_index(d["b"]))] = d["source"]
        k = self.board["kerch"]
        self.kerch = self.side(self.resolve(k["a"]), self.resolve(k["b"]))
        if self.kerch[1] not in self.grid.neighbors[self.kerch[0]]:
            self.errors.append(f"the Kerch Strait {k['a']}/{k['b']} joins no two adjacent hexes")
        self.deep.discard(self.kerch)
        self.river = rivers.river_sides(geom, rivers.load(), self.grid.neighbors, self.water)
        self.river_source: dict[tuple[int, int], str] = {}
        for r in self.board.get("river_side", []):
            key = self.side(self.hex_index(r["a"]), self.hex_index(r["b"]))
            if key[1] not in self.grid.neighbors[key[0]]:
                self.errors.append(
                    f"river side {r['a']}/{r['b']} joins hexes that are not adjacent"
                )
            had = self.river.get(key)
            self.river[key] = rivers.River(r["river"], bool(r["major"]), ())
            geo = f"{had.name}{' (major)' if had.major else ''}" if had else "no river"
            self.river_source[key] = f"{r['source']} (geography: {geo})"
        saratov_row = self.place("Saratov").hex // geom.width
        self.volga_line = {
            sd
            for sd, r in self.river.items()
            if r.name == "Volga" and min(sd[0] // geom.width, sd[1] // geom.width) >= saratov_row
        }
        self.land_adj = self._land_adjacency()
        self.rails = self._rails()
        self.zones, self.zone_lines, self.zone_sources = self._zones()

    # --- references ------------------------------------------------------------------------
    def hex_index(self, hex_id: str) -> int:
        col, row = parse_id(hex_id, GAME)
        if not (0 <= col < self.geom.width and 0 <= row < self.geom.height):
            raise ValueError(f"hex {hex_id} is off the grid")
        return row * self.geom.width + col

    def hex_at(self, lon: float, lat: float) -> int:
        x, y = self.geom.to_frame(np.array([lon]), np.array([lat]))
        i = int(self.geom.index_of(x, y)[0])
        if i < 0:
            raise ValueError(f"({lon}, {lat}) is off the grid")
        return i

    def place(self, name: str) -> SwPlace:
        for p in self.places:
            if p.name == name:
                return p
        raise KeyError(name)

    def resolve(self, ref: str) -> int:
        """A place name, a hex id or "@lon,lat" -> hex index."""
        if ref.startswith("@"):
            lon, lat = (float(v) for v in ref[1:].split(","))
            return self.hex_at(lon, lat)
        if ref.isdigit():
            return self.hex_index(ref)
        low = ref.lower()
        for p in self.places:
            if p.name.lower() == low or low in (a.lower() for a in p.aliases):
                return p.hex
        raise KeyError(f"unknown place {ref!r}")

    @staticmethod
    def side(a: int, b: int) -> tuple[int, int]:
        return (min(a, b), max(a, b))

    # --- steps -----------------------------------------------------------------------------
    def _places(self) -> list[SwPlace]:
        geom = self.geom
        out = []
        for raw in curated.load("places", GAME.curated)["place"]:
            lon, lat = float(raw["at"][0]), float(raw["at"][1])
            where = self.hex_at(lon, lat)
            p = SwPlace(
                name=raw["name"],
                aliases=list(raw.get("aliases", [])),
                lon=lon,
                lat=lat,
                type=raw["type"],
                hex=where,
                vp=bool(raw.get("vp", False)),
                vp_inactive=bool(raw.get("vp_inactive", False)),
                port=raw.get("port") or None,
                oil=bool(raw.get("oil", False)),
                fort=bool(raw.get("fort", False)),
                text_hex="hex" in raw,
                source=raw["source"],
            )
            if "hex" in raw:
                p.hex = self.hex_index(raw["hex"])
                if p.hex != where:
                    p.notes.append(
                        f"geography puts it in {geom.hex_id(where)}; the text's hex wins"
                    )
            if "nudge" in raw:
                old = p.hex
                p.hex = self.grid.step(p.hex, DIRECTION_NAMES.index(raw["nudge"]))
                p.notes.append(f"moved {raw['nudge']} from {geom.hex_id(old)}")
            out.append(p)
        by_hex: dict[int, list[str]] = {}
        for p in out:
            by_hex.setdefault(p.hex, []).append(p.name)
        for h, names in sorted(by_hex.items()):
            if len(names) > 1:
                self.errors.append(f"places {', '.join(names)} share hex {geom.hex_id(h)}")
        return out

    def _setup_owners(self) -> None:
        setup = self.board["setup"]
        axis = {"greater_germany", "general_government"}
        fixes: list[tuple[str, str, str]] = []
        for h in setup["axis"]:
            i = self.hex_index(h)
            if self.nation[i] not in axis:
                owner = setup.get("axis_default", {}).get(h, "general_government")
                fixes.append((h, owner, "an Axis army sets up here (25)"))
        for key in ("romania", "hungary"):
            for h in setup[key]:
                if self.nation[self.hex_index(h)] != key:
                    fixes.append((h, key, f"a {key.title()}n army sets up here (25)"))
        for h in setup["soviet"]:
            if self.nation[self.hex_index(h)] != "ussr":
                fixes.append((h, "ussr", "a Soviet unit sets up here (25)"))
        for o in self.board.get("owner", []):
            fixes.append((o["hex"], o["owner"], o["source"]))
        for h, owner, why in fixes:
            i = self.hex_index(h)
            was = self.nation[i]
            self.nation[i] = owner
            self.nation_source[i] = f"text: {why}" if not why.startswith("text") else why
            if was != owner:
                self.nation_source[i] += f" (geography: {was})"
            if self.water[i]:
                self.ter[i] = "clear"
                self.water[i] = False
                self.terrain_source[i] = "text: a setup hex is land (25)"

    def _playable(self) -> list[bool]:
        e = self.board["edges"]
        w = self.geom.width
        out = []
        for i in range(self.n):
            row, col = divmod(i, w)
            row, col = row + 1, col + GAME.id_col_base
            west = e["south_west_col"] if row >= e["south_west_row"] else e["west_col"]
            ok = row >= e["north_row"] and col >= west
            lo, hi = e["bulge_cols"]
            if lo <= col <= hi and self.nation[i] == self.board["nations"][e["bulge_owner"]]:
                ok = row >= e["north_row"]
            if self.nation[i] in e["neutral"]:
                ok = False
            out.append(ok)
        return out

    def _land_adjacency(self) -> list[tuple[int, ...]]:
        blocked = self.deep | set(self.sea_sides)
        adj: list[tuple[int, ...]] = []
        for a in range(self.n):
            if self.water[a] or not self.playable[a]:
                adj.append(())
                continue
            adj.append(
                tuple(
                    b
                    for b in self.grid.neighbors[a]
                    if not self.water[b] and self.playable[b] and self.side(a, b) not in blocked
                )
            )
        return adj

    def _rails(self) -> list[dict[str, Any]]:
        used: set[int] = set()
        out = []
        for line in self.board["rail"]:
            nodes: list[int] = []
            for ref in line["nodes"]:
                try:
                    stop = self.resolve(ref)
                except (KeyError, ValueError) as exc:
                    self.errors.append(f"rail {line['name']}: {exc}")
                    continue
                if self.water[stop] or not self.playable[stop]:
                    self.errors.append(f"rail {line['name']}: stop {ref} is not playable land")
                if not nodes:
                    nodes.append(stop)
                    continue
                prev = nodes[-1]
                if prev == stop:
                    continue
                leg = build.rail_leg(self.land_adj, self.ter, RAIL_COST, prev, stop, used)
                if leg is None:
                    self.errors.append(f"rail {line['name']}: no land route to {ref}")
                    nodes.append(stop)
                    continue
                nodes.extend(leg[1:])
            used |= set(nodes)
            out.append(
                {
                    "name": line["name"],
                    "nodes": nodes,
                    "source": line.get("source", RAIL_SOURCE),
                }
            )
        return out

    def _zones(self) -> tuple[dict[str, set[int]], dict[str, set[tuple[int, int]]], dict[str, str]]:
        s = self.samples
        land = s.water == LAND
        idx = np.nonzero(land)[0]
        nland = np.maximum(s.count(land), 1)
        zones: dict[str, set[int]] = {}
        lines: dict[str, set[tuple[int, int]]] = {}
        sources: dict[str, str] = {}
        live = [not self.water[i] and self.playable[i] for i in range(self.n)]
        for z in self.board["zone"]:
            poly = curated.polygon(z["polygon"])
            inside = contains_xy(poly, s.lon[idx], s.lat[idx])
            share = np.bincount(s.hex[idx[inside]], minlength=self.n) / nland
            members = {
                i for i in range(self.n) if live[i] and share[i] > 0.5 and self.nation[i] == "ussr"
            }
            zones[z["name"]] = members
            lines[z["line"]] = {
                self.side(a, b)
                for a in members
                for b in self.land_adj[a]
                if b not in members and live[b]
            }
            sources[z["name"]] = z["source"]
        zones["baltic_states"] = {i for i in range(self.n) if live[i] and self.baltic[i]}
        sources["baltic_states"] = "history: Estonia, Latvia, Lithuania (Soviet since 1940; 10.2)"
        return zones, lines, sources

    # --- output ------------------------------------------------------------------------------
    def edge_rails(self) -> tuple[list[int], list[int]]:
        """Rail hexes on the west edge (a playable hex whose west neighbours are not) and
        on the east edge (the last column)."""
        rail = {x for r in self.rails for x in r["nodes"]}
        west = []
        east = []
        w = self.geom.width
        for i in sorted(rail):
            col = i % w
            if col == w - 1:
                east.append(i)
            nb = self.grid.neighbors[i]
            west_nb = [j for j in nb if j % w < col]
            if col == 0 or any(not self.playable[j] for j in west_nb):
                west.append(i)
        return west, east

    def _anchor_report(self) -> list[dict[str, Any]]:
        """Each anchor: its hex, where the similarity alone puts it, and how far (hexes)
        the similarity leaves it from its hex centre before the warp."""
        found = self.geom.fit
        alone = similarity_hexes(GAME)
        return [
            {
                "name": a.name,
                "hex": f"{a.col + GAME.id_col_base:02d}{a.row + 1:02d}",
                "similarity_hex": alone[a.name],
                "residual_hex": round(r, 3),
            }
            for a, r in zip(found.anchors, found.residual_hex, strict=True)
        ]

    def document(self) -> dict[str, Any]:
        geom = self.geom
        cx, cy = geom.all_centres()
        lon, lat = geom.to_lonlat(cx, cy)
        hexes = []
        for i in range(self.n):
            hexes.append(
                {
                    "id": geom.hex_id(i),
                    "lon": round(float(lon[i]), 4),
                    "lat": round(float(lat[i]), 4),
                    "terrain": self.ter[i],
                    "terrain_source": self.terrain_source[i],
                    "playable": bool(self.playable[i]),
                    "coastal": bool(self.coastal[i]) and not self.water[i],
                    "nation": self.nation[i] if not self.water[i] else None,
                    "nation_source": self.nation_source[i] if not self.water[i] else "",
                    "water": (self.water_kind[i] or "sea") if self.water[i] else None,
                    "water_name": self.sea_name[i] if self.water[i] else None,
                }
            )
        sides: dict[tuple[int, int], dict[str, Any]] = {}

        def side(key: tuple[int, int]) -> dict[str, Any]:
            if key not in sides:
                sides[key] = {
                    "a": geom.hex_id(key[0]),
                    "b": geom.hex_id(key[1]),
                    "river": None,
                    "major_river": False,
                    "volga_line": False,
                    "sea": False,
                    "kerch_strait": False,
                    "source": [],
                }
            return sides[key]

        for key, r in self.river.items():
            sd = side(key)
            sd["river"] = r.name
            sd["major_river"] = r.major
            sd["source"].append(
                self.river_source.get(key, "geography: Natural Earth river (curated/rivers.toml)")
            )
        for key in self.volga_line:
            side(key)["volga_line"] = True
            side(key)["source"].append("text: Volga hexsides south of Saratov (11.1.10)")
        for key in sorted(self.deep):
            side(key)["sea"] = True
            side(key)["source"].append("geography: water along the whole hexside")
        for key, why in self.sea_sides.items():
            side(key)["sea"] = True
            side(key)["source"].append(why)
        k = side(self.kerch)
        k["kerch_strait"] = True
        k["source"].append(self.board["kerch"]["source"])
        for sd in sides.values():
            sd["source"] = "; ".join(sd["source"])
        places = []
        for p in sorted(self.places, key=lambda q: q.name):
            sea = p.port
            places.append(
                {
                    "name": p.name,
                    "aliases": sorted(p.aliases),
                    "hex": geom.hex_id(p.hex),
                    "type": p.type,
                    "fort": p.fort,
                    "vp": p.vp,
                    "vp_inactive": p.vp_inactive,
                    "port": sea is not None,
                    "sea": sea,
                    "oil": p.oil,
                    "text_hex": p.text_hex,
                    "nation": self.nation[p.hex],
                    "source": "; ".join([p.source, *p.notes]),
                }
            )
        west, east = self.edge_rails()
        e = self.board["edges"]
        fit = geom.game
        return {
            "format": GAME.format,
            "grid": {
                "width": geom.width,
                "height": geom.height,
                "hex_km": geom.hex_km,
                "projection": {
                    "proj4": geom.proj_string,
                    "rotation_deg": geom.rotation_deg,
                    "origin_km": [geom.origin[0], geom.origin[1]],
                    "warp_sigma_hex": fit.warp_sigma_hex,
                    "layout": (
                        "flat-topped hexes, odd columns shifted down (odd-q); ids XXYY, "
                        "columns eastward, rows southward; fitted to the text's anchor hexes "
                        "(tools/mapgen/fit.py)"
                    ),
                },
                "edges": dict(e.items()),
                "anchors": self._anchor_report(),
                "id_col_base": GAME.id_col_base,
            },
            "sources": build.SOURCES,
            "hexes": hexes,
            "hexsides": [sides[key] for key in sorted(sides)],
            "places": places,
            "rails": [
                {
                    "name": r["name"],
                    "nodes": [geom.hex_id(x) for x in r["nodes"]],
                    "source": r["source"],
                }
                for r in self.rails
            ],
            "west_edge_rail": [geom.hex_id(i) for i in west],
            "east_edge_rail": [geom.hex_id(i) for i in east],
            "zones": {k: sorted(geom.hex_id(i) for i in v) for k, v in sorted(self.zones.items())},
            "lines": {
                k: [[geom.hex_id(a), geom.hex_id(b)] for a, b in sorted(v)]
                for k, v in sorted(self.zone_lines.items())
            },
            "zone_sources": dict(sorted(self.zone_sources.items())),
            "boxes": [{"id": b, "name": nm, "source": f"text: {src}"} for b, nm, src in BOXES],
            "vp_start": 7,
        }


def main(root: Path | None = None) -> tuple[StalinsWar, float]:
    start = time.perf_counter()
    built = StalinsWar(root)
    return built, time.perf_counter() - start
